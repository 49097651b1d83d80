// What an app gets from `import RefreshGtk4`, as `import RefreshGtk` on GTK 3: the widget, the
// GTK 4 C API (an app builds its window with gtk_* calls), the header and footer looks and the
// engine types the widget's API hands out, and `GtkMainQueue`. The engine's own geometry,
// tuning and caches stay out of the app's namespace.
@_exported import CGtk4
@_exported import enum RefreshCore.HeaderStyle
@_exported import enum RefreshCore.HeaderPhase
@_exported import enum RefreshCore.HeaderMessage
@_exported import struct RefreshCore.HeaderVisual
@_exported import enum RefreshCore.FooterMode
@_exported import enum RefreshCore.FooterPhase
@_exported import enum RefreshCore.FooterMessage
@_exported import struct RefreshCore.FooterVisual
@_exported import protocol RefreshDrawing.RefreshHeaderStyle
@_exported import protocol RefreshDrawing.RefreshFooterStyle
@_exported import struct RefreshDrawing.HeaderFrame
@_exported import struct RefreshDrawing.FooterFrame
@_exported import class RefreshDrawing.JikeHeader
@_exported import class RefreshDrawing.ClassicHeader
@_exported import class RefreshDrawing.PlainHeader
@_exported import typealias RefreshDrawing.RefreshRect
@_exported import typealias RefreshDrawing.RefreshColor
@_exported import typealias RefreshDrawing.RefreshPalette
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
