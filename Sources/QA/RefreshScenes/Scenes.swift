import RefreshCore

/// One instant of the header's sequence (docs/behaviour.md#header-states, #jike-header, #classic-header, #plain-header, #refresh-lifecycle).
package enum HeaderMoment: Equatable, Sendable {
    /// A drag held at pull `p = progress · 70` (the fill `s` of docs/behaviour.md#jike-header, 0…1) long enough for the
    /// classic arrow to finish turning: what the user sees while holding still.
    case pull(progress: Double)
    /// `seconds` after the pull reached the trigger (p = 70): the classic arrow turning over.
    case armed(seconds: Double)
    /// `seconds` after an armed release: the 0.15 s morph, then the spin.
    case refresh(seconds: Double)
    /// `seconds` (0…0.5) into the end animation of a successful refresh, which ended at
    /// refresh time `HeaderScene.refreshEndsAt`.
    case end(seconds: Double)
    /// A refresh that failed at refresh time `HeaderScene.refreshEndsAt`: the error mark, held open.
    case failed
}

extension HeaderMoment {
    /// A moment as a command line or a test names it: `pull:0.5`, `armed:0.3`, `refresh:0.4`,
    /// `end:0.2`, `failed`; nil for anything else.
    package init?(argument: String) {
        let parts = argument.split(separator: ":", maxSplits: 1).map(String.init)
        if parts == ["failed"] {
            self = .failed
            return
        }
        guard parts.count == 2, let value = Double(parts[1]), value.isFinite else { return nil }
        switch parts[0] {
        case "pull": self = .pull(progress: value)
        case "armed": self = .armed(seconds: value)
        case "refresh": self = .refresh(seconds: value)
        case "end": self = .end(seconds: value)
        default: return nil
        }
    }
}

/// Builds header visuals without a window by driving a `RefreshEngine` with injected times,
/// the way a user's drag would: a snapshot of a moment is exactly what the window shows then.
package enum HeaderScene {
    /// A list tall enough for every gesture (the values only shape the rubber band).
    package static let viewportHeight = 600.0
    package static let rowsHeight = 20_000.0
    /// When `.end` and `.failed` end the refresh: after the morph and one full turn, so the
    /// end animation starts with the ring at rotation 0, as at the end of the morph.
    package static let refreshEndsAt = Tuning.morphDuration + Tuning.spinPeriod
    /// How long `.pull` holds still before the snapshot (the classic arrow's turn and more).
    static let hold = Tuning.arrowFlipDuration + 0.1
    /// The time between two drag updates (a 60 Hz frame).
    static let frame = 1.0 / 60

    /// The header visual at `moment` for `style`.
    package static func visual(_ moment: HeaderMoment, style: HeaderStyle, heldHeight: Double? = nil) -> HeaderVisual {
        engine(at: moment, style: style, heldHeight: heldHeight).headerVisual
    }

    /// An engine that has just reached `moment`.
    /// `heldHeight`: an app-drawn header's (`RefreshHeaderStyle.heldHeight`), nil for the style's.
    package static func engine(at moment: HeaderMoment, style: HeaderStyle, heldHeight: Double? = nil) -> RefreshEngine {
        var engine = RefreshEngine(style: style, viewportHeight: viewportHeight, rowsHeight: rowsHeight, now: 0)
        if let heldHeight { engine.setHeldHeight(heldHeight, at: 0) }
        var t = 0.0
        switch moment {
        case .pull(let progress):
            drag(&engine, to: min(max(progress, 0), 1) * Tuning.triggerPull, t: &t)
            t += hold
        case .armed(let seconds):
            drag(&engine, to: Tuning.triggerPull, t: &t)
            t += max(seconds, 0)
        case .refresh(let seconds):
            t = release(&engine) + max(seconds, 0)
        case .end(let seconds):
            t = release(&engine) + refreshEndsAt
            engine.endRefreshing(ok: true, at: t)
            t += max(seconds, 0)
        case .failed:
            t = release(&engine) + refreshEndsAt
            engine.endRefreshing(ok: false, at: t)
        }
        engine.tick(at: t)
        return engine
    }

    /// Pulls to the trigger, holds, and releases: the refresh starts. Returns the release time.
    private static func release(_ engine: inout RefreshEngine) -> Double {
        var t = 0.0
        drag(&engine, to: Tuning.triggerPull, t: &t)
        t += hold
        engine.dragEnd(at: t)
        return t
    }

    /// A drag from the top of the list until the displayed pull is `p` (or a hair more: the
    /// trigger is `p ≥ 70`, and the rubber band's inverse can fall short by a rounding error).
    private static func drag(_ engine: inout RefreshEngine, to p: Double, t: inout Double) {
        engine.dragBegin(at: t)
        // The first movement past the slop only starts the gesture (the slop is swallowed).
        t += frame
        engine.dragUpdate(offsetY: Tuning.dragSlop, at: t)
        guard p > 0 else { return }
        t += frame
        var offsetY = Tuning.dragSlop + RubberBand(dimension: viewportHeight).raw(displayed: p)
        engine.dragUpdate(offsetY: offsetY, at: t)
        var nudges = 0
        while engine.pull < p, nudges < 100 {
            offsetY += 1e-9
            engine.dragUpdate(offsetY: offsetY, at: t)
            nudges += 1
        }
    }
}

/// One state of the footer (docs/behaviour.md#footer-and-load-more).
package enum FooterMoment: Equatable, Sendable {
    case idle
    /// `seconds` after load-more started (the spinner's angle).
    case loading(seconds: Double)
    case noMoreData
    case failed
}

/// Builds footer visuals without a window, through the engine like `HeaderScene`.
package enum FooterScene {
    package static func visual(_ moment: FooterMoment) -> FooterVisual {
        var engine = RefreshEngine(style: .jike, footerMode: .auto, viewportHeight: HeaderScene.viewportHeight,
                                   rowsHeight: HeaderScene.rowsHeight, now: 0)
        let loadEnds = 0.5
        switch moment {
        case .idle:
            break
        case .loading(let seconds):
            engine.loadMore(at: 0)
            engine.tick(at: max(seconds, 0))
        case .noMoreData:
            engine.loadMore(at: 0)
            engine.endLoading(ok: true, exhausted: true, at: loadEnds)
        case .failed:
            engine.loadMore(at: 0)
            engine.endLoading(ok: false, at: loadEnds)
        }
        return engine.footerVisual
    }
}
