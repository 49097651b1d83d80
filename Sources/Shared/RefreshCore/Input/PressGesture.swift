/// One press of the primary button or a finger, from down to up, and what it turns out to be
/// (docs/behaviour.md#input-model): a click, the engine's drag (it scrolls and pulls), or the
/// host's own (a mouse drag mid-list on a list that selects with the mouse).
///
/// Shaped like libadwaita's `AdwSwipeTracker`: one phase, every input switches on it, and
/// `handle` is the only transition. The engine owns one (`RefreshEngine.press`) and feeds it from
/// `pressDown` / `pressMoved` / `pressUp`; a host only carries out the decisions (claim or deny
/// the event sequence) and keeps no press state of its own.
public struct PressGesture: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        case none                           // no press yet
        case pending(stoppedMotion: Bool)   // down, within the slop: a click if it ends now, unless it stopped a fling or key scroll
        case scrolling                      // past the slop and the engine's: the content follows it
        case rejected                       // past the slop and the host's: the engine ignores it
        case finished(click: Bool)          // up or cancelled: whether it was a click, until the next press
    }

    /// The device behind a press.
    public enum Device: Sendable, Equatable {
        case touch                          // a finger: always the engine's (the host's own touch scrolling is off)
        case mouse(hostSelects: Bool)       // a mouse; `hostSelects`: the host selects (rows, text) with a mouse drag
    }

    /// Where the content is when the press passes the slop.
    public struct Edges: Sendable, Equatable {
        public var atTop: Bool
        public var atBottom: Bool
        /// A pull or push is shown (the header or footer edge is out).
        public var overscrolled: Bool

        public init(atTop: Bool, atBottom: Bool, overscrolled: Bool) {
            self.atTop = atTop
            self.atBottom = atBottom
            self.overscrolled = overscrolled
        }
    }

    public enum Input: Sendable, Equatable {
        /// The button or finger went down; `coasting`: a fling or key scroll was under way.
        case down(coasting: Bool)
        /// It moved to `offsetY` from the press point (down = positive).
        case moved(offsetY: Double, device: Device, edges: Edges)
        /// It went up, or the host cancelled the sequence.
        case up
    }

    /// What the host does with the press's event sequence after an input.
    public enum Decision: Sendable, Equatable {
        case wait       // nothing (within the slop, or not the engine's)
        case claim      // it just became the engine's: claim the sequence (the host's own gestures stop)
        case follow     // the engine's: the content follows it
        case reject     // it just became the host's: deny the sequence
    }

    public private(set) var phase: Phase = .none

    public init() {}

    /// The one transition function.
    public mutating func handle(_ input: Input) -> Decision {
        switch (phase, input) {
        case (_, .down(let coasting)):
            phase = .pending(stoppedMotion: coasting)
            return .wait
        case (.pending, .moved(let y, let device, let edges)):
            guard abs(y) >= Tuning.dragSlop else { return .wait }
            // A drag towards an edge the list is at pulls (or pushes); a shown pull or push is
            // the engine's to move; otherwise a mouse on a host that selects with it is the host's.
            let towardsEdge = y > 0 ? edges.atTop : edges.atBottom
            if device != .mouse(hostSelects: true) || towardsEdge || edges.overscrolled {
                phase = .scrolling
                return .claim
            }
            phase = .rejected
            return .reject
        case (.scrolling, .moved):
            return .follow
        case (.pending(let stoppedMotion), .up):
            phase = .finished(click: !stoppedMotion)
            return .wait
        case (.scrolling, .up), (.rejected, .up):
            phase = .finished(click: false)
            return .wait
        case (.none, _), (.rejected, .moved), (.finished, _):
            return .wait
        }
    }

    /// The press is a click, whether its release was seen yet or not (a toolkit may report the
    /// release to its click handler before its drag handler): it never passed the slop and
    /// stopped no fling or key scroll.
    public var isClick: Bool {
        switch phase {
        case .pending(let stoppedMotion): return !stoppedMotion
        case .finished(let click): return click
        case .none, .scrolling, .rejected: return false
        }
    }
}
