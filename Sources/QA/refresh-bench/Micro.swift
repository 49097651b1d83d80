import RefreshDemo
import RefreshQA
import RefreshTestSupport
import CGtk
import RefreshCore
import RefreshDrawing
import RefreshGtk

/// The figures that need no window: one header or footer frame drawn by the real painters into
/// a Cairo image surface, and the engine's cost per input event.
@MainActor
enum Micro {
    struct Figures {
        var headerFrameMs: Double
        var footerFrameMs: Double
        var coreNsPerEvent: Double
        var headerFrames: Int
        var footerFrames: Int
        var coreEvents: Int
        /// Refreshes and loads the core script triggered (proof that it exercises them).
        var coreRefreshes: Int
        var coreLoads: Int
    }

    static let surfaceWidth = 800.0
    static let surfaceHeight = 600.0

    static func run() -> Figures {
        let header = headerFrame()
        let footer = footerFrame()
        let core = coreCost()
        return Figures(headerFrameMs: header.ms, footerFrameMs: footer.ms, coreNsPerEvent: core.ns,
                       headerFrames: header.frames, footerFrames: footer.frames, coreEvents: core.events,
                       coreRefreshes: core.refreshes, coreLoads: core.loads)
    }

    // MARK: - Header and footer frames

    /// `HeaderPainter.draw` of the Jike header (the J) into an 800×600 ARGB32 image surface,
    /// one call per frame, median over 120 distinct moments × 20: the J filling while pulled
    /// (progress 0.3…1) and the ring morphing and spinning while refreshing (0…2 s). The
    /// visuals come from `HeaderScene` (a RefreshEngine driven with injected times) and are
    /// built before timing: the engine's share is `core_ns_per_event`.
    static func headerFrame() -> (ms: Double, frames: Int) {
        var visuals: [HeaderVisual] = []
        for i in 0..<60 { visuals.append(HeaderScene.visual(.pull(progress: 0.3 + 0.7 * Double(i) / 59), style: .jike)) }
        for i in 0..<60 { visuals.append(HeaderScene.visual(.refresh(seconds: 2 * Double(i) / 59), style: .jike)) }
        let painter = HeaderPainter()
        return timeFrames(visuals, repeats: 20) { visual, cr in
            painter.draw(visual, cr: cr, width: surfaceWidth, palette: .light)
        }
    }

    /// `FooterPainter.draw` of the loading footer (spinner and "Loading…") the same way, over
    /// 120 spinner angles × 20. `FooterScene` builds the visual for a list whose footer is far
    /// below a 600 px viewport; it is moved to the viewport's bottom, where the user sees it
    /// (off screen the painter would clip everything away and the figure would flatter us).
    static func footerFrame() -> (ms: Double, frames: Int) {
        var visuals: [FooterVisual] = []
        for i in 0..<120 {
            var visual = FooterScene.visual(.loading(seconds: 2 * Double(i) / 119))
            visual.top = surfaceHeight - Tuning.footerHeight
            visuals.append(visual)
        }
        let painter = FooterPainter()
        return timeFrames(visuals, repeats: 20) { visual, cr in
            painter.draw(visual, cr: cr, width: surfaceWidth, palette: .light)
        }
    }

    /// Draws every visual once to warm fonts and caches, then times each draw call. One
    /// surface and context for all frames: a frame's cost is the painter's, not cairo_create's.
    private static func timeFrames<V>(_ visuals: [V], repeats: Int, _ draw: (V, OpaquePointer) -> Void)
        -> (ms: Double, frames: Int)
    {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, gint(surfaceWidth), gint(surfaceHeight))!
        let cr = cairo_create(surface)!
        defer {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
        }
        for visual in visuals { draw(visual, cr) }
        var times: [Double] = []
        times.reserveCapacity(visuals.count * repeats)
        for _ in 0..<repeats {
            for visual in visuals {
                let start = monotonicNanos()
                draw(visual, cr)
                times.append(Double(monotonicNanos() - start) / 1_000_000)
            }
        }
        cairo_surface_flush(surface)
        return (Stats.median(times) ?? .nan, times.count)
    }

    // MARK: - Core cost per input event

    /// One input as the GTK glue feeds it to the engine.
    enum Input {
        case wheel(Double), touchpad(Double), scrollStop
        case dragBegin, dragUpdate(Double), dragEnd
        case external(Double), tick, endRefresh, endLoad
    }

    /// A RefreshEngine fed ≈1,000,000 events of a scripted session with injected times (120 per
    /// simulated second), each followed by `takeEvents()` as `RefreshView.update` does: wheel
    /// scrolling mid-list (with the scrolled window's value echoed back), a drag that pulls
    /// past the trigger and lets go, touchpad overscroll at the top ended by a scroll-stop (each
    /// a refresh), and an auto load-more at the bottom, with frame ticks throughout. The app answers like a real
    /// one: `endRefreshing` / `endLoading` 0.3 s after the engine asked. The script is recorded
    /// once while driving an engine (so those answers land where the requests came) and
    /// replayed; the figure is the median of 5 replays, in ns per event.
    static func coreCost() -> (ns: Double, events: Int, refreshes: Int, loads: Int) {
        let rowsHeight = 56.0 * 10_000
        let answerDelay = 0.3
        var recorder = RefreshEngine(style: .jike, footerMode: .auto, viewportHeight: 600, rowsHeight: rowsHeight, now: 0)
        var script: [(Input, Double)] = []
        script.reserveCapacity(1_050_000)
        var t = 0.0
        var refreshes = 0, loads = 0
        var refreshEndsAt: Double?, loadEndsAt: Double?
        func record(_ input: Input) {
            t += 1.0 / 120
            script.append((input, t))
            apply(input, at: t, to: &recorder)
            for event in recorder.takeEvents() {
                switch event {
                case .refreshRequested:
                    refreshes += 1
                    refreshEndsAt = t + answerDelay
                case .loadRequested:
                    loads += 1
                    loadEndsAt = t + answerDelay
                default: break
                }
            }
        }
        /// Records `input`, preceded by the app's answers that have come due.
        func add(_ input: Input) {
            if let due = refreshEndsAt, t >= due {
                refreshEndsAt = nil
                record(.endRefresh)
            }
            if let due = loadEndsAt, t >= due {
                loadEndsAt = nil
                record(.endLoad)
            }
            record(input)
        }
        while script.count < 1_000_000 {
            // Wheel mid-list: the engine passes it through; the scrolled window moves and the
            // glue reports the new value.
            add(.external(20_000))
            var offset = 20_000.0
            for i in 0..<60 {
                let delta = i % 20 < 12 ? 53.0 : -53.0
                add(.wheel(delta))
                offset += delta
                add(.external(offset))
                if i % 2 == 0 { add(.tick) }
            }
            // Back to the top, then a drag that pulls past the trigger and lets go: the header
            // settles, the refresh runs, the app ends it, the header collapses.
            add(.external(0))
            add(.dragBegin)
            var pulled = 0.0
            for _ in 0..<60 {
                pulled += 4
                add(.dragUpdate(pulled))
                add(.tick)
            }
            add(.dragEnd)
            for _ in 0..<180 { add(.tick) }
            // Touchpad overscroll at the top past the trigger, released by the scroll-stop: a
            // second refresh, which must be over before the list can load more.
            for _ in 0..<30 {
                add(.touchpad(-6))
                add(.tick)
            }
            add(.scrollStop)
            for _ in 0..<150 { add(.tick) }
            // To the bottom: auto load-more; the app answers with no new rows (a steady state).
            add(.external(rowsHeight))
            for _ in 0..<80 { add(.tick) }
        }

        var perPass: [Double] = []
        var sink = 0.0
        for _ in 0..<5 {
            var engine = RefreshEngine(style: .jike, footerMode: .auto, viewportHeight: 600, rowsHeight: rowsHeight,
                                       now: 0)
            var emitted = 0
            let start = monotonicNanos()
            for (input, time) in script {
                apply(input, at: time, to: &engine)
                emitted &+= engine.takeEvents().count
            }
            let elapsed = Double(monotonicNanos() - start)
            perPass.append(elapsed / Double(script.count))
            // Keeps the optimizer from dropping the work.
            sink += engine.offset + engine.pull + Double(emitted)
        }
        if sink.isNaN { printError("core: unexpected NaN") }
        return (Stats.median(perPass) ?? .nan, script.count, refreshes, loads)
    }

    @inline(__always)
    private static func apply(_ input: Input, at time: Double, to engine: inout RefreshEngine) {
        switch input {
        case .wheel(let delta): _ = engine.scroll(delta: delta, source: .wheel, at: time)
        case .touchpad(let delta): _ = engine.scroll(delta: delta, source: .touchpad, at: time)
        case .scrollStop: engine.scrollStop(at: time)
        case .dragBegin: engine.dragBegin(at: time)
        case .dragUpdate(let offsetY): engine.dragUpdate(offsetY: offsetY, at: time)
        case .dragEnd: engine.dragEnd(at: time)
        case .external(let value): engine.externalScroll(to: value, at: time)
        case .tick: engine.tick(at: time)
        case .endRefresh: _ = engine.endRefreshing(ok: true, at: time)
        case .endLoad: _ = engine.endLoading(ok: true, exhausted: false, at: time)
        }
    }
}
