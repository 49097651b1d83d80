import PropertyBased
import RefreshCore
import Testing

/// docs/behaviour.md#input-model: the press/drag decision, as a state machine with no display.
@Suite("Press gesture: click, the engine's drag, or the host's")
struct PressGestureTests {
    typealias P = PressGesture
    static let mid = P.Edges(atTop: false, atBottom: false, overscrolled: false)
    static let top = P.Edges(atTop: true, atBottom: false, overscrolled: false)
    static let bottom = P.Edges(atTop: false, atBottom: true, overscrolled: false)
    static let pulled = P.Edges(atTop: false, atBottom: false, overscrolled: true)
    static let selectingMouse = P.Device.mouse(hostSelects: true)

    static func pressed(coasting: Bool = false) -> P {
        var p = P()
        _ = p.handle(.down(coasting: coasting))
        return p
    }

    @Test("Every transition: phase × input → phase and decision")
    func transitions() {
        let slop = Tuning.dragSlop
        typealias Row = (from: P, input: P.Input, phase: P.Phase, decision: P.Decision)
        var scrolling = Self.pressed()
        _ = scrolling.handle(.moved(offsetY: slop, device: .touch, edges: Self.mid))
        var rejected = Self.pressed()
        _ = rejected.handle(.moved(offsetY: slop, device: Self.selectingMouse, edges: Self.mid))
        var finished = scrolling
        _ = finished.handle(.up)
        var clicked = Self.pressed()
        _ = clicked.handle(.up)
        let rows: [Row] = [
            (P(), .down(coasting: false), .pending(stoppedMotion: false), .wait),
            (P(), .down(coasting: true), .pending(stoppedMotion: true), .wait),
            (P(), .moved(offsetY: 50, device: .touch, edges: Self.top), .none, .wait),
            (P(), .up, .none, .wait),
            // Within the slop: still a click.
            (Self.pressed(), .moved(offsetY: slop - 0.01, device: .touch, edges: Self.top), .pending(stoppedMotion: false), .wait),
            (Self.pressed(), .moved(offsetY: -(slop - 0.01), device: .touch, edges: Self.mid), .pending(stoppedMotion: false), .wait),
            (Self.pressed(coasting: true), .moved(offsetY: 1, device: .touch, edges: Self.mid), .pending(stoppedMotion: true), .wait),
            // Past the slop: whose drag it is.
            (Self.pressed(), .moved(offsetY: slop, device: .touch, edges: Self.mid), .scrolling, .claim),
            (Self.pressed(), .moved(offsetY: -slop, device: .mouse(hostSelects: false), edges: Self.mid), .scrolling, .claim),
            (Self.pressed(), .moved(offsetY: 30, device: Self.selectingMouse, edges: Self.top), .scrolling, .claim),
            (Self.pressed(), .moved(offsetY: -30, device: Self.selectingMouse, edges: Self.bottom), .scrolling, .claim),
            (Self.pressed(), .moved(offsetY: 30, device: Self.selectingMouse, edges: Self.pulled), .scrolling, .claim),
            (Self.pressed(), .moved(offsetY: 30, device: Self.selectingMouse, edges: Self.mid), .rejected, .reject),
            (Self.pressed(), .moved(offsetY: -30, device: Self.selectingMouse, edges: Self.top), .rejected, .reject),
            (Self.pressed(), .moved(offsetY: 30, device: Self.selectingMouse, edges: Self.bottom), .rejected, .reject),
            // Decided: it stays decided.
            (scrolling, .moved(offsetY: 0, device: Self.selectingMouse, edges: Self.mid), .scrolling, .follow),
            (rejected, .moved(offsetY: 30, device: .touch, edges: Self.top), .rejected, .wait),
            // Up.
            (Self.pressed(), .up, .finished(click: true), .wait),
            (Self.pressed(coasting: true), .up, .finished(click: false), .wait),
            (scrolling, .up, .finished(click: false), .wait),
            (rejected, .up, .finished(click: false), .wait),
            (finished, .up, .finished(click: false), .wait),
            (clicked, .up, .finished(click: true), .wait),
            (finished, .moved(offsetY: 30, device: .touch, edges: Self.top), .finished(click: false), .wait),
            // A new press (its predecessor's release was never seen) starts afresh from any phase.
            (finished, .down(coasting: false), .pending(stoppedMotion: false), .wait),
            (scrolling, .down(coasting: false), .pending(stoppedMotion: false), .wait),
            (rejected, .down(coasting: true), .pending(stoppedMotion: true), .wait),
            (Self.pressed(coasting: true), .down(coasting: false), .pending(stoppedMotion: false), .wait),
        ]
        for row in rows {
            var p = row.from
            let decision = p.handle(row.input)
            #expect(p.phase == row.phase, "\(row.from.phase) + \(row.input)")
            #expect(decision == row.decision, "\(row.from.phase) + \(row.input)")
        }
    }

    @Test("A click is a press within the slop that stopped nothing, before and after its release")
    func isClick() {
        #expect(!P().isClick)
        #expect(Self.pressed().isClick)
        #expect(!Self.pressed(coasting: true).isClick)
        var p = Self.pressed()
        _ = p.handle(.moved(offsetY: Tuning.dragSlop - 1, device: .touch, edges: Self.mid))
        #expect(p.isClick)
        _ = p.handle(.up)
        #expect(p.isClick)
        _ = p.handle(.down(coasting: false))
        _ = p.handle(.moved(offsetY: Tuning.dragSlop, device: .touch, edges: Self.mid))
        #expect(!p.isClick)
        _ = p.handle(.up)
        #expect(!p.isClick)
    }

    static let device = Gen<P.Device>.frequency(
        (1, Gen.always(.touch)), (1, Gen.always(.mouse(hostSelects: false))), (2, Gen.always(selectingMouse)))
    static let edges = Gen<P.Edges>.frequency(
        (3, Gen.always(mid)), (1, Gen.always(top)), (1, Gen.always(bottom)), (1, Gen.always(pulled)))
    static let input = Gen<P.Input>.frequency(
        (1, Gen.bool.map { P.Input.down(coasting: $0) }),
        (1, Gen.always(P.Input.up)),
        (4, zip(Gen.double(in: -40...40), device, edges).map { P.Input.moved(offsetY: $0, device: $1, edges: $2) })
    )

    @Test("Random input sequences: one decision per press, never both, a click only when nothing was decided")
    func randomSequences() async {
        await propertyCheck(count: 500, input: Self.input.array(of: 1...30)) { inputs in
            var p = P()
            var decided: P.Decision?, pressed = false, coasting = false
            for input in inputs {
                let decision = p.handle(input)
                switch input {
                case .down(let c):
                    pressed = true
                    coasting = c
                    decided = nil
                    #expect(decision == .wait)
                case .up:
                    #expect(decision == .wait)
                    pressed = false
                case .moved:
                    if decision == .claim || decision == .reject {
                        #expect(pressed && decided == nil, "a second decision in one press")
                        decided = decision
                    }
                    if decision == .follow { #expect(decided == .claim, "followed a press that was not claimed") }
                    if !pressed { #expect(decision == .wait, "a decision with no press") }
                }
                // Whether the press is a click follows from what happened since its down alone.
                let sawDown = p.phase != .none
                #expect(p.isClick == (sawDown && decided == nil && !coasting))
            }
        }
    }
}
