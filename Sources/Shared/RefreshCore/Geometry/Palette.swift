/// The colours of the header and footer. Light is the Jike-style article's; dark keeps the same contrast
/// against Adwaita-dark's view background (docs/behaviour.md#jike-header: light and dark colours).
public struct Palette: Equatable, Sendable {
    /// The empty J (docs/behaviour.md#jike-header: RGB 222,226,229).
    public var track: RGBA
    /// The fill, ring and spinner (docs/behaviour.md#jike-header: RGB 59,84,106).
    public var accent: RGBA
    /// The failure mark.
    public var error: RGBA
    /// Text of the classic header, plain bar and footer.
    public var text: RGBA
    /// The plain bar: the theme's accent colour (docs/behaviour.md#plain-header).
    public var bar: RGBA
    /// The plain bar's text: white or black, whichever the bar reads better with.
    public var barText: RGBA

    public init(track: RGBA, accent: RGBA, error: RGBA, text: RGBA, bar: RGBA, barText: RGBA) {
        self.track = track; self.accent = accent; self.error = error
        self.text = text; self.bar = bar; self.barText = barText
    }

    public static let light = Palette(track: RGBA(222, 226, 229), accent: RGBA(59, 84, 106),
                                      error: RGBA(224, 27, 36), text: RGBA(46, 52, 54, alpha: 0.8),
                                      bar: RGBA(53, 132, 228), barText: RGBA(255, 255, 255))
    public static let dark = Palette(track: RGBA(74, 80, 86), accent: RGBA(143, 178, 209),
                                     error: RGBA(255, 123, 99), text: RGBA(238, 238, 236, alpha: 0.8),
                                     bar: RGBA(53, 132, 228), barText: RGBA(255, 255, 255))
}
