// What an app gets from `import RefreshGtk` (docs/guide.md, "What `import RefreshGtk` brings"):
// the widget; the GTK 3 C API (an app builds its window with gtk_* calls); and, of the engine,
// only the types the widget's API hands out, so that the engine's geometry, tuning and caches
// (`Point`, `Rect`, `Tween`, `LRUCache`, `Tuning`, …) stay out of the app's namespace.
@_exported import CGtk
// The header and footer looks, the engine types the widget's API hands out and the engine's
// geometry under collision-free names (Sources/Shared/RefreshDrawing/PublicNames.swift lists them).
@_exported import RefreshDrawing
// Swift concurrency under GTK's loop (GLib's alone, shared with the GTK 4 widget).
@_exported import enum RefreshMainLoop.GtkMainQueue

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
