import RefreshCore

// The engine's geometry under names that cannot collide in an app's namespace: what a header,
// footer or row author is handed. Both toolkits' widgets re-export them (docs/guide.md, "What
// `import RefreshGtk` brings").

/// A rectangle in logical px: a row's `rect`, a header's `panel`, a footer's `bar`.
public typealias RefreshRect = Rect
/// A colour, 0…1 per channel (`r`, `g`, `b`, `a`): the palette's and the rows' theme colours.
public typealias RefreshColor = RGBA
/// The theme's colours a header, footer or row draws with (`track`, `accent`, `error`, `text`,
/// `bar`, `barText`).
public typealias RefreshPalette = Palette
