import CGtk

#if canImport(Glibc)
import Glibc
#endif

/// Builds GdkEvents in-process and delivers them with `gtk_main_do_event`, as if they came from
/// the display server: the pointer presses, moves and releases `refresh-demo record` plays
/// through its window. The tests' other events (scroll, touch, keys, focus, made-up source
/// devices) extend it in RefreshTestSupport. Built by hand because `gdk_test_simulate_*` deliver
/// nothing in XI2 mode (see docs/gtk3-notes.md#synthesized-input).
///
/// Coordinates are in the widget's own coordinate space (its allocation origin is 0,0); they are
/// translated to the event window and to root coordinates here. The widget must be realized.
@MainActor
package enum EventSynthesis {
    /// `GDK_BUTTON1_MASK`: the state of motion and release events while the primary button is down.
    package static let button1Mask = GDK_BUTTON1_MASK.rawValue

    /// A button press (`press: true`) or release at (x, y). The state of a release should include
    /// the button's mask (it describes the moment before the event), as real events do; this
    /// adds it when `state` is nil. `deepest`: delivered to the innermost GdkWindow under the
    /// point, as the display server does (a tree view's rows window, a viewport's bin window),
    /// instead of the widget's own window.
    @discardableResult
    package static func button(
        _ widget: UnsafeMutablePointer<GtkWidget>, press: Bool, x: Double, y: Double, button: UInt32 = 1,
        state: UInt32? = nil, time: UInt32? = nil, sourceDevice: OpaquePointer? = nil, deepest: Bool = false
    ) -> Bool {
        guard let target = pointerTarget(widget, x: x, y: y, deepest: deepest) else { return false }
        let event = gdk_event_new(press ? GDK_BUTTON_PRESS : GDK_BUTTON_RELEASE)!
        event.pointee.button.window = retained(target.window)
        event.pointee.button.time = time ?? nextTime()
        event.pointee.button.x = target.x
        event.pointee.button.y = target.y
        event.pointee.button.x_root = target.rootX
        event.pointee.button.y_root = target.rootY
        event.pointee.button.button = button
        event.pointee.button.state = state ?? (press ? 0 : buttonMask(button))
        deliver(event, device: target.pointer, source: sourceDevice ?? target.source)
        return true
    }

    /// Pointer motion to (x, y); `state` carries the held buttons (e.g. `button1Mask` in a drag).
    @discardableResult
    package static func motion(
        _ widget: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double, state: UInt32 = 0,
        time: UInt32? = nil, sourceDevice: OpaquePointer? = nil, deepest: Bool = false
    ) -> Bool {
        guard let target = pointerTarget(widget, x: x, y: y, deepest: deepest) else { return false }
        let event = gdk_event_new(GDK_MOTION_NOTIFY)!
        event.pointee.motion.window = retained(target.window)
        event.pointee.motion.time = time ?? nextTime()
        event.pointee.motion.x = target.x
        event.pointee.motion.y = target.y
        event.pointee.motion.x_root = target.rootX
        event.pointee.motion.y_root = target.rootY
        event.pointee.motion.state = state
        deliver(event, device: target.pointer, source: sourceDevice ?? target.source)
        return true
    }

    // MARK: - Plumbing (also for the tests' events)

    package struct PointerTarget {
        package let window: OpaquePointer
        package let x, y, rootX, rootY: Double
        package let pointer: OpaquePointer?
        package let source: OpaquePointer?
    }

    package static func pointerTarget(
        _ widget: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double, deepest: Bool = false
    ) -> PointerTarget? {
        guard gtk_widget_get_realized(widget) != 0, let window = gtk_widget_get_window(widget) else { return nil }
        // A widget without its own GdkWindow draws in its parent's: its origin is the allocation's.
        var wx = x, wy = y
        if gtk_widget_get_has_window(widget) == 0 {
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(widget, &allocation)
            wx += Double(allocation.x)
            wy += Double(allocation.y)
        }
        var originX: gint = 0, originY: gint = 0
        gdk_window_get_root_coords(window, 0, 0, &originX, &originY)
        let rootX = Double(originX) + wx, rootY = Double(originY) + wy
        let seat = gdk_display_get_default_seat(gtk_widget_get_display(widget))
        let pointer = gdk_seat_get_pointer(seat)
        var target = window
        if deepest { (target, wx, wy) = innermostWindow(window, x: wx, y: wy) }
        return PointerTarget(window: target, x: wx, y: wy, rootX: rootX, rootY: rootY,
                             pointer: pointer, source: physicalPointer(seat) ?? pointer)
    }

    /// The topmost visible child window under (x, y), recursively, and the point in it.
    private static func innermostWindow(_ window: OpaquePointer, x: Double, y: Double) -> (OpaquePointer, Double, Double) {
        var current = window, cx = x, cy = y
        descending: while true {
            var node = gdk_window_peek_children(current)  // topmost first
            while let entry = node {
                let child = OpaquePointer(entry.pointee.data)!
                var px: gint = 0, py: gint = 0
                gdk_window_get_position(child, &px, &py)
                let lx = cx - Double(px), ly = cy - Double(py)
                if gdk_window_is_visible(child) != 0, lx >= 0, ly >= 0,
                   lx < Double(gdk_window_get_width(child)), ly < Double(gdk_window_get_height(child)) {
                    (current, cx, cy) = (child, lx, ly)
                    continue descending
                }
                node = entry.pointee.next
            }
            return (current, cx, cy)
        }
    }

    /// The first physical (slave) mouse, as real XI2 events name their source device; under
    /// Xvfb that is the "Virtual core XTEST pointer".
    package static func physicalPointer(_ seat: UnsafeMutablePointer<GdkSeat>?) -> OpaquePointer? {
        guard let list = gdk_seat_get_slaves(seat, GDK_SEAT_CAPABILITY_POINTER) else { return nil }
        defer { g_list_free(list) }
        var first: OpaquePointer?
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            let device = OpaquePointer(current.pointee.data)
            if first == nil { first = device }
            if gdk_device_get_source(device) == GDK_SOURCE_MOUSE { return device }
            node = current.pointee.next
        }
        return first
    }

    package static func deliver(_ event: UnsafeMutablePointer<GdkEvent>, device: OpaquePointer?, source: OpaquePointer?) {
        gdk_event_set_device(event, device)
        gdk_event_set_source_device(event, source)
        gtk_main_do_event(event)
        gdk_event_free(event)  // unrefs the window
    }

    /// The event owns a reference to its window (gdk_event_free drops it).
    package static func retained(_ window: OpaquePointer) -> OpaquePointer {
        g_object_ref(UnsafeMutableRawPointer(window))
        return window
    }

    private static func buttonMask(_ button: UInt32) -> UInt32 {
        (1...5).contains(button) ? GDK_BUTTON1_MASK.rawValue << (button - 1) : 0
    }

    private static var lastTime: UInt32 = 0

    /// Millisecond timestamps from the monotonic clock, strictly increasing so that consecutive
    /// synthesized events never share a time (gestures and double-click detection compare them).
    package static func nextTime() -> UInt32 {
        let now = UInt32(truncatingIfNeeded: g_get_monotonic_time() / 1000)
        lastTime = max(now, lastTime &+ 1)
        return lastTime
    }
}
