// What an app gets from `import RefreshGtk4`, as `import RefreshGtk` on GTK 3: the widget, the
// GTK 4 C API (an app builds its window with gtk_* calls), the header and footer looks and the
// engine types the widget's API hands out, and `GtkMainQueue`. The engine's own geometry,
// tuning and caches stay out of the app's namespace.
@_exported import CGtk4
// The looks and the engine types, as RefreshGtk re-exports them (Sources/Shared/RefreshDrawing/PublicNames.swift).
@_exported import RefreshDrawing
@_exported import enum RefreshMainLoop.GtkMainQueue

/// `GTK_WINDOW(widget)`, `GTK_BOX(widget)`, …: the C cast macros are not imported into Swift.
/// This is their unchecked equivalent for GTK 4 widgets; only cast to a type the widget is.
///
/// ```swift
/// gtk_window_set_child(gcast(window), bin.widget)
/// ```
@inlinable
public func gcast<T>(_ widget: UnsafeMutablePointer<GtkWidget>, to: T.Type = T.self) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: T.self)
}
