/// What the header and footer look like at one instant, derived from the engine's state.
/// The GTK side draws these; headless snapshots draw the same values.

/// Text the header or footer shows; the GTK side translates it.
public enum HeaderMessage: Equatable, Sendable {
    case pullToRefresh, releaseToRefresh, refreshing, updated, failed
}

public enum FooterMessage: Equatable, Sendable {
    case loadMore, releaseToLoad, loading, noMoreData, failedRetry
}

/// The classic header's left-hand indicator.
public enum ClassicIndicator: Equatable, Sendable {
    case arrow(turn: Double)   // 0 down … 1 up
    case spinner(angle: Double)
    case failure
    case done
}

public struct HeaderVisual: Equatable, Sendable {
    public var style: HeaderStyle
    public var phase: HeaderPhase
    /// Displayed pull `p`.
    public var pull: Double
    /// Viewport y of the content's top edge (p − offset): headers hang above it.
    public var contentTop: Double
    public var glyph: JState
    public var indicator: ClassicIndicator
    public var message: HeaderMessage
    /// Seconds since the last successful refresh, nil if never.
    public var sinceLastUpdate: Double?
    /// Animation time for app-drawn headers: seconds since the refresh began to run (nil before),
    /// and how far the end animation is, 0…1 (nil outside it).
    public var refreshElapsed: Double?
    public var endProgress: Double?

    public init(style: HeaderStyle, phase: HeaderPhase, pull: Double, contentTop: Double, glyph: JState,
                indicator: ClassicIndicator, message: HeaderMessage, sinceLastUpdate: Double?,
                refreshElapsed: Double? = nil, endProgress: Double? = nil) {
        self.style = style; self.phase = phase; self.pull = pull; self.contentTop = contentTop
        self.glyph = glyph; self.indicator = indicator; self.message = message
        self.sinceLastUpdate = sinceLastUpdate
        self.refreshElapsed = refreshElapsed; self.endProgress = endProgress
    }

    /// The pull as a fraction of the trigger distance: 1 arms a refresh.
    public var pullFraction: Double { pull / Tuning.triggerPull }

    /// True when any part of the header can be on screen.
    public var isVisible: Bool { contentTop > 0 }

    /// The J's 45×45 box in viewport coordinates: centred horizontally; its centre rests 35 px
    /// above the content top and, past p = 70, stays half-way between viewport and content top (docs/behaviour.md#jike-header).
    public func jikeBox(viewportWidth: Double) -> Rect {
        let size = JGlyph.boxSize
        let centerY = pull <= Tuning.triggerPull ? contentTop - JGlyph.restingCenterDepth : contentTop - pull / 2
        return Rect(x: (viewportWidth - size) / 2, y: centerY - size / 2, width: size, height: size)
    }

    /// The classic panel or plain bar: full width, its bottom on the content top (docs/behaviour.md#classic-header, #plain-header).
    public func panel(viewportWidth: Double) -> Rect {
        let height = style.heldHeight
        return Rect(x: 0, y: contentTop - height, width: viewportWidth, height: height)
    }
}

public struct FooterVisual: Equatable, Sendable {
    public var mode: FooterMode
    public var phase: FooterPhase
    /// Viewport y of the footer's top edge: right after the last row.
    public var top: Double
    public var message: FooterMessage
    /// Spinner angle while loading, nil otherwise.
    public var spinnerAngle: Double?
    /// False on a short list: the footer stays out of sight (docs/behaviour.md#footer-and-load-more).
    public var isShown: Bool

    public init(mode: FooterMode, phase: FooterPhase, top: Double, message: FooterMessage,
                spinnerAngle: Double?, isShown: Bool) {
        self.mode = mode; self.phase = phase; self.top = top; self.message = message
        self.spinnerAngle = spinnerAngle; self.isShown = isShown
    }

    public func rect(viewportWidth: Double) -> Rect {
        Rect(x: 0, y: top, width: viewportWidth, height: Tuning.footerHeight)
    }
}

extension RefreshEngine {
    /// The header at `now`.
    public var headerVisual: HeaderVisual {
        let phase = header
        let p = pull
        let animated = animationsEnabled
        var glyph = JState.fill(p / Tuning.triggerPull)
        var indicator = ClassicIndicator.arrow(turn: arrowTurn)
        var message: HeaderMessage
        var endProgress: Double?
        switch phase {
        case .idle, .pulling: message = .pullToRefresh
        case .armed: message = .releaseToRefresh
        case .refreshing: message = .refreshing
        case .failed: message = .failed
        case .finishing: message = .updated
        }
        let morphStart = headerState.morphStart
        let ring: (Double) -> JState = { width in
            guard let start = morphStart else { return .fill(p / Tuning.triggerPull) }
            return .ring(morph: HeaderTimeline.morph(elapsed: self.now - start, animated: animated),
                         rotation: HeaderTimeline.spin(elapsed: self.now - start, animated: animated),
                         lineWidth: width)
        }
        switch headerState {
        case .idle, .pulling, .armed:
            break
        case .revealing:
            indicator = .spinner(angle: HeaderTimeline.spinner(elapsed: 0, animated: animated))
        case .running(let start, _):
            glyph = ring(JGlyph.lineWidth)
            indicator = .spinner(angle: HeaderTimeline.spinner(elapsed: now - start, animated: animated))
        case .failed:
            glyph = .failure(lineWidth: JGlyph.lineWidth)
            indicator = .failure
        case .finishing(let since, let until, let ok, _):
            // The line thins over the end animation's own duration, fixed when it began.
            let width = HeaderTimeline.endLineWidth(elapsed: now - since, animated: until > since)
            endProgress = until > since ? min(max((now - since) / (until - since), 0), 1) : 1
            glyph = ok ? ring(width) : .failure(lineWidth: width)
            indicator = ok ? .done : .failure
            if !ok { message = .failed }
        }
        return HeaderVisual(style: style, phase: phase, pull: p, contentTop: p - offset, glyph: glyph,
                            indicator: indicator, message: message,
                            sinceLastUpdate: lastUpdated.map { now - $0 },
                            // Without animations nothing moves with time (needsTicks may be false).
                            refreshElapsed: animated ? morphStart.map { max(0, now - $0) } : nil,
                            endProgress: endProgress)
    }

    /// The header as drawn at `time`: "Last updated: …" counts on to the moment of drawing (the
    /// engine's clock moves only on input and ticks, and an idle header is not ticked).
    public func headerVisual(drawnAt time: Double) -> HeaderVisual {
        var visual = headerVisual
        if let since = visual.sinceLastUpdate {
            visual.sinceLastUpdate = since + max(0, time - now)
        }
        return visual
    }

    /// The footer at `now`.
    public var footerVisual: FooterVisual {
        let message: FooterMessage
        switch footer {
        case .idle: message = .loadMore
        case .armed: message = .releaseToLoad
        case .loading: message = .loading
        case .noMoreData: message = .noMoreData
        case .failed: message = .failedRetry
        }
        let spinner = footer == .loading
            ? HeaderTimeline.spinner(elapsed: now - loadStarted, animated: animationsEnabled) : nil
        return FooterVisual(mode: footerMode, phase: footer, top: rowsHeight - offset + displacement,
                            message: message, spinnerAngle: spinner, isShown: hasFooter)
    }
}
