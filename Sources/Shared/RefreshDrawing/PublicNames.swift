// What a header, footer or row author is handed, and all that both toolkits' widgets re-export of
// the engine and the painters (`@_exported import RefreshDrawing` in RefreshGtk and RefreshGtk4;
// docs/guide.md, "What `import RefreshGtk` brings"): this module's public types, the engine types
// the widgets' API hands out, and the engine's geometry under names that cannot collide in an
// app's namespace. The engine's own geometry, tuning and caches (`Point`, `Rect`, `Tween`,
// `LRUCache`, `Tuning`, …) stay out.
@_exported import enum RefreshCore.HeaderStyle
@_exported import enum RefreshCore.HeaderPhase
@_exported import enum RefreshCore.HeaderMessage
@_exported import struct RefreshCore.HeaderVisual
@_exported import enum RefreshCore.FooterMode
@_exported import enum RefreshCore.FooterPhase
@_exported import enum RefreshCore.FooterMessage
@_exported import struct RefreshCore.FooterVisual
import RefreshCore

/// A rectangle in logical px: a row's `rect`, a header's `panel`, a footer's `bar`.
public typealias RefreshRect = Rect
/// A colour, 0…1 per channel (`r`, `g`, `b`, `a`): the palette's and the rows' theme colours.
public typealias RefreshColor = RGBA
/// The theme's colours a header, footer or row draws with (`track`, `accent`, `error`, `text`,
/// `bar`, `barText`).
public typealias RefreshPalette = Palette
