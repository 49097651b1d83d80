import CPangoCairo
import RefreshCore
import RefreshDrawing
import RefreshQA

#if canImport(Glibc)
import Glibc
#endif

/// What the live QA tools read from a widget's engine and draw about its header, whichever
/// toolkit's widget holds the engine: the overlay's lines, the `animation` trace lines, the
/// reference outline and the saved frames' names.
@MainActor
package enum QAReadout {
    /// The overlay's lines of text; `scrub`: the scrubber's caption while it is open.
    package static func overlayLines(_ engine: RefreshEngine, rows: Int, clock: QAClock, scrub: String?) -> [String] {
        let p = engine.pull
        let animation = engine.headerAnimation
        var clockText = "×" + ScrubSequence.decimal(clock.factor, 1)
        if clock.isPaused { clockText += "  " + QAL10n.qaPaused }
        let time = animation.time.map { " " + ScrubSequence.decimal($0, 3) + " s" } ?? ""
        var lines = [
            "\(QAL10n.qaHeader): \(engine.header.rawValue)   \(QAL10n.qaFooter): \(engine.footer.rawValue)",
            "\(QAL10n.qaPull): \(ScrubSequence.decimal(p, 1)) px  s = \(ScrubSequence.decimal(p / Tuning.triggerPull, 3))",
            "\(QAL10n.qaPush): \(ScrubSequence.decimal(engine.push, 1)) px",
            "\(QAL10n.qaAnimation): \(animation.name)\(time)",
            "\(QAL10n.qaRows): \(rows)   \(QAL10n.qaClock): \(clockText)",
        ]
        if let scrub { lines.append("scrub: \(scrub)") }
        return lines
    }

    /// The header's name in file names and the scrubber's menu: the built-in style's, or the
    /// app-drawn header's type name without "Header" ("arc" for `ArcHeader`).
    package static func headerName(style: HeaderStyle, appDrawn: RefreshHeaderStyle?) -> String {
        guard let appDrawn else { return style.rawValue }
        return name(of: appDrawn)
    }

    package static func name(of style: RefreshHeaderStyle) -> String {
        var name = String(describing: type(of: style))
        if name.hasSuffix("Header"), name.count > 6 { name.removeLast(6) }
        return name.lowercased()
    }

    /// The panel the header hangs above the content (its held height, full width), where the
    /// outline frames a classic, plain or app-drawn header.
    package static func headerPanel(_ visual: HeaderVisual, width: Double, appDrawn: RefreshHeaderStyle?) -> Rect {
        guard let appDrawn else { return visual.panel(viewportWidth: width) }
        return Rect(x: 0, y: visual.contentTop - appDrawn.heldHeight, width: width, height: appDrawn.heldHeight)
    }

    /// The G key's outline of `visual` in header coordinates: the J's reference outline from the
    /// geometry constants, or the panel a classic, plain or app-drawn header hangs in and its
    /// centre line; `scale`: device px per logical px.
    package static func drawOutline(_ cr: OpaquePointer, visual: HeaderVisual, width: Double, scale: Double,
                                    appDrawn: RefreshHeaderStyle?) {
        guard visual.isVisible else { return }
        switch visual.style {
        case .jike where appDrawn == nil:
            let origin = ReferenceOutline.boxOrigin(visual, viewportWidth: width, scale: scale)
            ReferenceOutline(visual.glyph).draw(cr: cr, origin: origin)
        default:
            let panel = headerPanel(visual, width: width, appDrawn: appDrawn)
            let line = 1 / scale
            cairo_set_line_width(cr, line)
            cairo_set_source_rgba(cr, 0.93, 0.0, 0.75, 0.95)
            cairo_new_path(cr)
            cairo_rectangle(cr, panel.x + line / 2, panel.y + line / 2, panel.width - line, panel.height - line)
            cairo_stroke(cr)
            cairo_set_source_rgba(cr, 0.0, 0.85, 0.85, 0.95)
            cairo_move_to(cr, panel.x, panel.midY)
            cairo_line_to(cr, panel.x + panel.width, panel.midY)
            cairo_stroke(cr)
        }
    }

    /// Where F saves frames: `$PTR_QA_DIR`, else the working directory.
    package static var saveDirectory: String {
        g_getenv("PTR_QA_DIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "."
    }

    /// A file name for a frame: `refresh-<header>-<state>-p<pull>.png`.
    package static func frameFileName(header: String, state: String, pull: Double) -> String {
        "refresh-\(header)-\(state)-p\(ScrubSequence.decimal(pull, 2)).png"
    }

    /// `directory/name`, or `name` with `-2`, `-3`, … before `.png` when that file exists.
    package static func unusedPath(directory: String, name: String) -> String {
        var path = directory + "/" + name
        var n = 2
        while access(path, F_OK) == 0 {
            path = directory + "/" + String(name.dropLast(4)) + "-\(n).png"
            n += 1
        }
        return path
    }
}

/// The `animation` trace lines: each change of the header's animation, once.
package struct AnimationReport: Sendable {
    /// The last animation reported.
    package private(set) var reported = "none"

    package init() {}

    /// The animation's name, its time (s into it; nil for none and settle) and the engine's time,
    /// rounded to the nanosecond, when it changed since the last call; nil otherwise.
    package mutating func change(_ engine: RefreshEngine) -> (name: String, time: Double?, engine: Double)? {
        let animation = engine.headerAnimation
        guard animation.name != reported else { return nil }
        reported = animation.name
        return (animation.name, animation.time.map { ($0 * 1e9).rounded() / 1e9 }, (engine.now * 1e9).rounded() / 1e9)
    }
}
