import CGtk4
import RefreshCore

/// A GTK 4 scroll event as engine input: px (positive towards the bottom) and the device class
/// that decides how the gesture is released (docs/behaviour.md#input-model).
struct ScrollTranslation: Equatable {
    /// GtkScrolledWindow 4.8 scrolls a smooth `SURFACE` delta by this factor
    /// (`MAGIC_SCROLL_FACTOR`, docs/gtk4-notes.md#gtkscrolledwindow-48-at-the-top-edge): a
    /// pull then follows the fingers as fast as a scroll does.
    static let surfaceFactor = 2.5

    var delta: Double
    var source: ScrollSource

    /// `source` is the event's device's: in GTK 4 the scroll event's device is already the
    /// per-source one ("Wayland Finger Scrolling" is a touchpad). Only touchpads and touchscreens
    /// send a scroll-stop; everything else is released by the engine's quiet period.
    init(dy: Double, unit: GdkScrollUnit, source: GdkInputSource) {
        delta = unit == GDK_SCROLL_UNIT_SURFACE ? dy * Self.surfaceFactor : dy * Tuning.wheelNotchRaw
        self.source = source == GDK_SOURCE_TOUCHPAD || source == GDK_SOURCE_TOUCHSCREEN ? .touchpad : .wheel
    }
}
