// What an app gets from `import RefreshGtk`: the widget, the engine's public types (header
// styles, footer modes, states) and the GTK 3 C API, so that one import is enough to build a
// window around the widget.
@_exported import CGtk
@_exported import RefreshCore

/// `GTK_CONTAINER(widget)`, `GTK_WINDOW(widget)`, …: the C cast macros are not imported into
/// Swift. This is their unchecked equivalent for widgets; only cast to a type the widget is.
///
/// ```swift
/// gtk_container_add(gcast(window), view.widget)
/// gtk_window_set_title(gcast(window), "Inbox")
/// ```
@inlinable
public func gcast<T>(_ widget: UnsafeMutablePointer<GtkWidget>, to: T.Type = T.self) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: T.self)
}
