// What an app gets from `import RefreshGtk` (docs/guide.md, "What `import RefreshGtk` brings"):
// the widget; the GTK 3 C API (an app builds its window with gtk_* calls); and, of the engine,
// only the types the widget's API hands out, so that the engine's geometry, tuning and caches
// (`Point`, `Rect`, `Tween`, `LRUCache`, `Tuning`, …) stay out of the app's namespace. Those with
// a generic name come as Refresh-prefixed aliases (Sources/RefreshDrawing/PublicNames.swift).
@_exported import CGtk
@_exported import enum RefreshCore.HeaderStyle
@_exported import enum RefreshCore.HeaderPhase
@_exported import enum RefreshCore.HeaderMessage
@_exported import struct RefreshCore.HeaderVisual
@_exported import enum RefreshCore.FooterMode
@_exported import enum RefreshCore.FooterPhase
@_exported import enum RefreshCore.FooterMessage
@_exported import struct RefreshCore.FooterVisual
// The header and footer styles an app can set or write, and the geometry they are handed: drawn
// by the toolkit-free painters that the GTK 4 widget shares.
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
