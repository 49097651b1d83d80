import DemoRendering
import RefreshGtk
import RefreshQA
import CGtk
import RefreshCore
import RefreshDrawing

/// The demo's live visual-QA tools, around any list's controller — our `RefreshView` or GTK's
/// list in a `RefreshBin`: slow motion, pause and step (the injected clock), the overlay, the J's
/// reference outline, the scrubber, saving frames, and the `animation` trace lines. The
/// controller's widget is wrapped in a GtkOverlay (`container`) whose overlay child, the canvas,
/// draws the tools over whatever host and lets all input through. Nothing here changes how the
/// widget draws: it only sets `controller.clock`, reads `controller.state` and renders the host
/// (`HostSurface`).
@MainActor
package final class QATools: QAKeyTarget {
    package let controller: RefreshController
    /// How the host is drawn, saved and reached by input.
    package let surface: HostSurface
    package let clock: QAClock
    /// The GtkOverlay to pack instead of `controller.widget`.
    package let container: UnsafeMutablePointer<GtkWidget>
    package private(set) var showsOverlay = false
    package private(set) var showsOutline = false
    package private(set) var showsHelp = false
    /// While the scrubber shows a moment: the live clock is paused and the canvas draws the
    /// list with the scene's header at that moment.
    package private(set) var scrubMoment: HeaderMoment?
    package private(set) var frameStats = FrameStats()
    /// Where F saves frames (default: `$PTR_QA_DIR`, else the working directory).
    package var saveDirectory: String
    /// Every saved frame's path (the trace also gets a `frame` line).
    package private(set) var savedFrames: [String] = []
    package let trace: Trace?
    /// The animations reported on the trace.
    private var animations = AnimationReport()

    private var canvas: QACanvas!
    private var scrubber: Scrubber?
    private var overlayTick: TickCallback?
    private var connections: [SignalConnection] = []
    private var frameClockHandler: SignalConnection?
    private var pausedForScrub = false
    private var wrappedHeaderPhase: ((HeaderPhase, Double) -> Void)?
    /// The header the outline was last queued for.
    private var outlinedVisual: HeaderVisual?
    /// The list's app-drawn header and the built-in style that times it, kept when the
    /// scrubber's menu switches the list to a built-in style, so that choosing it again restores it.
    private var appHeader: RefreshHeaderStyle?

    /// Whether `animation` lines go on the trace (`--trace-animations`): frame-driven, so off by
    /// default to keep the default trace independent of frame timing.
    package let traceAnimations: Bool

    /// Wraps `controller`'s widget (not yet packed). The controller's clock becomes `clock`'s.
    package init(controller: RefreshController, clock: QAClock, trace: Trace?, overlay: Bool = false,
                 traceAnimations: Bool = true) {
        self.traceAnimations = traceAnimations
        self.controller = controller
        surface = HostSurface(controller)
        self.clock = clock
        self.trace = trace
        saveDirectory = QAReadout.saveDirectory
        container = gtk_overlay_new()
        canvas = nil
        clock.continueFrom(engineTime: controller.state.now)
        controller.clock = { [unowned clock] in clock.now() }
        gtk_container_add(gcast(container), controller.widget)
        canvas = QACanvas(tools: self)
        gtk_overlay_add_overlay(gcast(container), canvas.widget)
        gtk_overlay_set_overlay_pass_through(gcast(container), canvas.widget, 1)
        gtk_widget_show(canvas.widget)
        gtk_widget_show(container)
        clock.onChange = { [weak self] in
            guard let self else { return }
            // The engine sees the new time now (a step shows at once), and the canvas follows.
            self.controller.tick()
            self.controller.host.queueDraw()
            self.observe()
            self.canvas.queueDraw()
        }
        // The toplevel's frame clock, whichever host: the container is realized with it.
        connections.append(GSignal.connect(container, "realize") { [weak self] in self?.connectFrameClock() })
        connections.append(GSignal.connect(container, "destroy") { [weak self] in self?.tearDown() })
        if overlay { setOverlay(true) }
    }

    /// The controller's header phase handler, wrapped so that each phase change also updates the
    /// tools. Call after the app has set `controller.onHeaderPhase`.
    package func wrapHeaderPhase() {
        wrappedHeaderPhase = controller.onHeaderPhase
        controller.onHeaderPhase = { [weak self] phase, pull in
            self?.wrappedHeaderPhase?(phase, pull)
            self?.observe()
        }
    }

    private func tearDown() {
        scrubber?.close()
        scrubber = nil
        overlayTick?.remove()
        overlayTick = nil
        frameClockHandler?.disconnect()
        for connection in connections { connection.disconnect() }
        connections.removeAll()
    }

    // MARK: - Keys

    /// Handles a QA key (no Ctrl, Alt or Super); false for anything else.
    package func handleKey(keyval: UInt32, state: UInt32) -> Bool {
        let blocking = GDK_CONTROL_MASK.rawValue | GDK_MOD1_MASK.rawValue | GDK_SUPER_MASK.rawValue
            | GDK_META_MASK.rawValue | GDK_HYPER_MASK.rawValue
        guard state & blocking == 0, let key = QAKey(keyval: keyval, helpShown: showsHelp) else { return false }
        perform(key)
        return true
    }

    /// Connects `handleKey` to a toplevel's key presses (before its other handlers' defaults).
    package func attach(to window: UnsafeMutablePointer<GtkWidget>) {
        connections.append(GSignal.connectEvent(window, "key-press-event") { [weak self] event in
            self?.handleKey(keyval: event.pointee.key.keyval, state: event.pointee.key.state) ?? false
        })
    }

    package func setOverlay(_ on: Bool) {
        showsOverlay = on
        if on {
            frameStats.reset()
            // A tick on the canvas keeps the frame clock running at its rate while the overlay
            // shows, so that the graph measures real frame intervals and stays live.
            if overlayTick?.isActive != true {
                overlayTick = TickCallback(canvas.widget) { [weak self] _ in
                    guard let self, self.showsOverlay else { return false }
                    self.canvas.queueDraw()
                    return true
                }
            }
        } else {
            overlayTick?.remove()
            overlayTick = nil
        }
        canvas.queueDraw()
    }

    package func setOutline(_ on: Bool) {
        showsOutline = on
        canvas.queueDraw()
    }

    package func setHelp(_ on: Bool) {
        showsHelp = on
        canvas.queueDraw()
    }

    // MARK: - Frames and the trace

    private func connectFrameClock() {
        frameClockHandler?.disconnect()
        guard let frameClock = gtk_widget_get_frame_clock(container) else { return }
        frameClockHandler = GSignal.connect(frameClock, "after-paint") { [weak self] in
            guard let self, let frameClock = gtk_widget_get_frame_clock(self.container) else { return }
            self.frameStats.frame(at: Double(gdk_frame_clock_get_frame_time(frameClock)) / 1_000_000)
            self.observe()
            self.followHeader()
        }
    }

    /// The outline follows the header on every host: a bin redraws only the strips its child
    /// uncovers, which need not cover where the outline was drawn last.
    private func followHeader() {
        guard showsOutline else { return }
        let visual = currentHeaderVisual()
        guard visual != outlinedVisual else { return }
        outlinedVisual = visual
        canvas.queueDraw()
    }

    /// Reports a change of the header's animation on the trace: `{"event":"animation",
    /// "name":…,"time":<s into it>,"engine":<engine s>}` (engine time, as the clock gives it).
    package func observe() {
        guard let change = animations.change(controller.state), let trace, traceAnimations else { return }
        trace.emit("animation", [
            "name": .string(change.name),
            "time": change.time.map { .double($0) } ?? .double(.nan),
            "engine": .double(change.engine),
        ])
    }

    /// The overlay's lines of text.
    func overlayLines() -> [String] {
        QAReadout.overlayLines(controller.state, rows: controller.rowCount, clock: clock, scrub: scrubber?.state.caption)
    }

    // MARK: - The header the tools describe

    /// The header the list draws when the app draws it, else nil (a built-in look).
    package var appDrawnHeader: RefreshHeaderStyle? { controller.appDrawnHeader }

    /// The header's name in file names and the scrubber's menu: the built-in style's, or the
    /// app-drawn header's type name without "Header" ("arc" for `ArcHeader`).
    package var headerName: String { QAReadout.headerName(style: controller.headerStyle, appDrawn: appDrawnHeader) }

    /// The header visual at `moment` for the list's header (an app-drawn one held at its height).
    func sceneVisual(_ moment: HeaderMoment) -> HeaderVisual {
        HeaderScene.visual(moment, style: controller.headerStyle, heldHeight: appDrawnHeader?.heldHeight)
    }

    /// The header visual now: the scrubber's scene, or the live engine's.
    func currentHeaderVisual() -> HeaderVisual {
        if let scrubMoment { return sceneVisual(scrubMoment) }
        return controller.state.headerVisual
    }

    /// Draws the list as the widget would with the scene's header at `moment`: the theme's
    /// background, the rows (a bin: its scrolled window) pushed down to the scene's content top,
    /// the header by the live painter with the live theme and fonts, at the surface's device scale.
    func drawScrubFrame(_ cr: OpaquePointer, moment: HeaderMoment, width: Double, height: Double,
                        inPaint: Bool = false) {
        let widget = surface.widget
        let visual = sceneVisual(moment)
        surface.renderContent(cr, contentTop: visual.contentTop, inPaint: inPaint)
        // The header hangs below a tree view's pinned column headers, as in the window.
        let top = surface.headerTop
        cairo_save(cr)
        cairo_rectangle(cr, 0, top, width, max(0, height - top))
        cairo_clip(cr)
        cairo_translate(cr, 0, top)
        let painter = HeaderPainter(pangoContext: gtk_widget_get_pango_context(widget))
        let palette = Palette.theme(gtk_widget_get_style_context(widget))
        if let style = appDrawnHeader {
            painter.draw(visual, style: style, cr: cr, width: width, palette: palette)
        } else {
            painter.draw(visual, cr: cr, width: width, palette: palette)
        }
        cairo_restore(cr)
    }

    // MARK: - Saving frames

    /// The list's current frame as the widget draws it (`HostSurface.render`: header and footer
    /// included, never the QA canvas), at the widget's device scale; the scrubber's frame while
    /// scrubbing.
    package func frameImage() -> ImageSurface {
        guard let scrubMoment else { return surface.image() }
        let width = surface.width, height = surface.height
        let image = ImageSurface(logicalWidth: width, logicalHeight: height, scale: surface.scale)
        image.draw { cr in drawScrubFrame(cr, moment: scrubMoment, width: width, height: height) }
        return image
    }

    /// A file name for the current frame: `refresh-<style>-<state>-p<pull>.png`.
    package func frameFileName() -> String {
        let visual = currentHeaderVisual()
        let state = scrubMoment != nil ? "scrub" : controller.headerPhase.rawValue
        return QAReadout.frameFileName(header: headerName, state: state, pull: visual.pull)
    }

    /// F: writes the current frame into `saveDirectory`; returns its path (nil on failure).
    @discardableResult
    package func saveFrame() -> String? {
        let path = QAReadout.unusedPath(directory: saveDirectory, name: frameFileName())
        do {
            try frameImage().writePNG(to: path)
        } catch {
            FileDescriptorSink.standardError.write("refresh-demo: \(error.description)\n")
            return nil
        }
        savedFrames.append(path)
        trace?.emit("frame", ["path": .string(path)])
        FileDescriptorSink.standardError.write(QAL10n.qaSaved(path) + "\n")
        return path
    }

    // MARK: - Scrubber

    package var isScrubbing: Bool { scrubber != nil }

    package func saveFrameForKey() { _ = saveFrame() }

    package func toggleScrubber() {
        if let scrubber {
            scrubber.close()
        } else {
            openScrubber()
        }
    }

    package func openScrubber() {
        guard scrubber == nil else { return }
        pausedForScrub = !clock.isPaused
        clock.setPaused(true)
        let parent = gtk_widget_get_toplevel(container)
        if let style = appDrawnHeader { appHeader = style }
        let state = ScrubberState(style: controller.headerStyle, appDrawn: appDrawnHeader, kept: appHeader)
        let scrubber = Scrubber(state: state, parent: parent.flatMap { gtk_widget_is_toplevel($0) != 0 ? $0 : nil })
        self.scrubber = scrubber
        state.onMoment = { [weak self] moment in
            self?.scrubMoment = moment
            self?.canvas.queueDraw()
        }
        state.onHeader = { [weak self] id in
            self?.setHeader(id)
            self?.canvas.queueDraw()
        }
        state.onClosed = { [weak self] in self?.scrubberClosed() }
        scrubber.show()
    }

    /// The scrubber menu's id of the list's app-drawn header.
    package static let appHeaderID = ScrubberState.appHeaderID

    /// The scrubber menu's choice: a built-in style (the app-drawn header set aside), or the
    /// app-drawn header back with the style that times it.
    private func setHeader(_ id: String) {
        if let header = ScrubberState.header(for: id, appHeader: appHeader) { controller.header = header }
    }

    /// The scrubber's moment, for tests and scripted QA (as if the scale was moved).
    package func scrub(to position: Double) {
        scrubber?.setPosition(position)
    }

    /// The scrubber's header menu (id, label) and its chosen id; empty and nil when closed.
    package var scrubberHeaders: (entries: [(id: String, label: String)], active: String?) {
        (scrubber?.headerEntries ?? [], scrubber?.activeHeader)
    }

    /// Chooses a header in the scrubber's menu, as the user would.
    package func scrubHeader(_ id: String) {
        scrubber?.selectHeader(id)
    }

    private func scrubberClosed() {
        scrubber = nil
        scrubMoment = nil
        if pausedForScrub { clock.setPaused(false) }
        pausedForScrub = false
        canvas.queueDraw()
    }
}
