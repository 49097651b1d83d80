// An app's own types under the names of the engine's (RefreshCore) geometry, animation, tuning
// and caches: `import RefreshGtk` must not bring the engine's, or these become ambiguous.
public struct Point { public var x = 0.0; public init() {} }
public struct Rect { public var width = 0.0; public init() {} }
public struct Shape { public init() {} }
public struct Tween { public init() {} }
public struct LRUCache { public init() {} }
public enum Tuning { public static let margin = 8.0 }
public struct RGBA { public init() {} }
public struct Palette { public init() {} }
public enum Easing { case linear }
public struct RubberBand { public init() {} }
public struct RowHeights { public init() {} }
public struct RefreshEngine { public init() {} }
