import CPangoCairo
import RefreshDrawing
import RefreshScenes

/// The T key's scrubber as both demos have it, without its widgets: the header menu's entries,
/// the moment the scale is at and its caption, the callbacks to the QA tools, closing once, and
/// the light/dark choice. Each demo's `Scrubber` window builds its toolkit's scale and menus and
/// forwards their signals here.
@MainActor
package final class ScrubberState {
    /// The header menu's entries (id, label), in menu order.
    package let headers: [(id: String, label: String)]
    /// The entry showing when the scrubber opens.
    package let active: String
    /// The caption of the scale's moment (the overlay shows it too).
    package private(set) var caption: String?
    package private(set) var isClosed = false

    package var onMoment: ((HeaderMoment) -> Void)?
    /// The header entry chosen (an id of `headers`).
    package var onHeader: ((String) -> Void)?
    package var onClosed: (() -> Void)?

    /// The menu for a list drawn with `style`, or with `appDrawn`, the app's own header;
    /// `kept`: an app-drawn header the menu has set aside, still offered.
    package init(style: HeaderStyle, appDrawn: RefreshHeaderStyle?, kept: RefreshHeaderStyle?) {
        var headers = HeaderStyle.allCases.map { (id: $0.rawValue, label: $0.rawValue) }
        if let kept { headers.append((Self.appHeaderID, QAReadout.name(of: kept))) }
        self.headers = headers
        active = appDrawn != nil ? Self.appHeaderID : style.rawValue
    }

    /// The menu's id of the list's app-drawn header.
    package static let appHeaderID = "app"

    /// The header a menu choice puts on the list: a built-in style, or `appHeader` back; nil for
    /// an id the menu does not have.
    package static func header(for id: String, appHeader: RefreshHeaderStyle?) -> RefreshHeaderStyle? {
        if id == appHeaderID, let appHeader { return appHeader }
        return HeaderStyle(rawValue: id)?.makeStyle()
    }

    /// The scale is at `position`: `show` gets the moment's caption, then the tools the moment.
    package func moved(to position: Double, show: (String) -> Void) {
        let (moment, caption) = ScrubSequence.moment(at: position)
        self.caption = caption
        show(caption)
        onMoment?(moment)
    }

    /// The window is gone: the tools hear it once, and nothing after.
    package func windowClosed() {
        guard !isClosed else { return }
        isClosed = true
        let done = onClosed
        onMoment = nil
        onHeader = nil
        onClosed = nil
        done?()
    }

    // MARK: Theme: GtkSettings' gtk-application-prefer-dark-theme (Adwaita ↔ Adwaita dark)

    /// `settings`: the toolkit's default GtkSettings (a GObject), or nil.
    package static func prefersDark(_ settings: UnsafeMutableRawPointer?) -> Bool {
        guard let settings else { return false }
        var value = GValue()
        g_value_init(&value, g_type_from_name("gboolean"))
        defer { g_value_unset(&value) }
        g_object_get_property(settings.assumingMemoryBound(to: GObject.self), preferDark, &value)
        return g_value_get_boolean(&value) != 0
    }

    package static func setPrefersDark(_ dark: Bool, in settings: UnsafeMutableRawPointer?) {
        guard let settings else { return }
        var value = GValue()
        g_value_init(&value, g_type_from_name("gboolean"))
        defer { g_value_unset(&value) }
        g_value_set_boolean(&value, dark ? 1 : 0)
        g_object_set_property(settings.assumingMemoryBound(to: GObject.self), preferDark, &value)
    }

    private static let preferDark = "gtk-application-prefer-dark-theme"
}
