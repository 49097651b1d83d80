import CGtk
import Glibc
import RefreshCore

/// Where a GDK scroll event becomes engine input: a delta in px and the device class that
/// decides how the gesture is released (docs/behaviour.md#input-model).
enum ScrollTranslation {
    struct Step: Equatable {
        /// Px, positive towards the bottom of the list; 0 for a bare scroll-stop.
        var delta: Double
        var source: ScrollSource
        var isStop: Bool
    }

    /// GtkScrolledWindow's own unit for smooth deltas: one "line" is page^(2/3) px. Using it keeps
    /// overscroll as fast as normal scrolling under the same fingers.
    static func smoothUnit(pageSize: Double) -> Double {
        pow(max(pageSize, 1), 2.0 / 3.0)
    }

    static func translate(_ event: UnsafeMutablePointer<GdkEvent>, pageSize: Double) -> Step? {
        let scroll = event.pointee.scroll
        // The physical device decides the release rule: only touchpads (and touchscreens) send
        // scroll-stop; a mouse wheel, even a smooth one, is released by the quiet period.
        let sourceDevice = gdk_event_get_source_device(event)
        let deviceSource = sourceDevice.map { gdk_device_get_source($0) } ?? GDK_SOURCE_MOUSE
        let source: ScrollSource =
            deviceSource == GDK_SOURCE_TOUCHPAD || deviceSource == GDK_SOURCE_TOUCHSCREEN ? .touchpad : .wheel
        let isStop = gdk_event_is_scroll_stop_event(event) != 0
        switch scroll.direction {
        case GDK_SCROLL_UP:
            return Step(delta: -Tuning.wheelNotchRaw, source: source, isStop: false)
        case GDK_SCROLL_DOWN:
            return Step(delta: Tuning.wheelNotchRaw, source: source, isStop: false)
        case GDK_SCROLL_SMOOTH:
            return Step(delta: scroll.delta_y * smoothUnit(pageSize: pageSize), source: source, isStop: isStop)
        default:
            return nil
        }
    }
}
