import CGtk
import RefreshGtk

#if canImport(Glibc)
import Glibc
#endif

/// Builds GdkEvents in-process and delivers them with `gtk_main_do_event`, as if they came from
/// the display server. For tests and scripted QA: xdotool cannot produce smooth scrolling or a
/// scroll-stop, and `gdk_test_simulate_*` deliver nothing in XI2 mode (see docs/gtk3-notes.md#synthesized-input).
///
/// Coordinates are in the widget's own coordinate space (its allocation origin is 0,0); they are
/// translated to the event window and to root coordinates here. The widget must be realized.
@MainActor
package enum EventSynthesis {
    package enum Scroll: Equatable, Sendable {
        case up, down, left, right
        /// Touchpad-style deltas, in "lines" as GDK reports them (positive y = content moves up).
        case smooth(dx: Double, dy: Double)
    }

    /// `GDK_BUTTON1_MASK`: the state of motion and release events while the primary button is down.
    package static let button1Mask = GDK_BUTTON1_MASK.rawValue
    package static let controlMask = GDK_CONTROL_MASK.rawValue
    package static let shiftMask = GDK_SHIFT_MASK.rawValue

    /// A scroll event at (x, y). `isStop` marks the touchpad's scroll-stop (fingers lifted).
    /// Returns false when nothing was delivered (widget not realized).
    @discardableResult
    package static func scroll(
        _ widget: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double, _ scroll: Scroll,
        isStop: Bool = false, state: UInt32 = 0, time: UInt32? = nil, sourceDevice: OpaquePointer? = nil
    ) -> Bool {
        guard let target = pointerTarget(widget, x: x, y: y) else { return false }
        let event = gdk_event_new(GDK_SCROLL)!
        event.pointee.scroll.window = retained(target.window)
        event.pointee.scroll.time = time ?? nextTime()
        event.pointee.scroll.x = target.x
        event.pointee.scroll.y = target.y
        event.pointee.scroll.x_root = target.rootX
        event.pointee.scroll.y_root = target.rootY
        event.pointee.scroll.state = state
        switch scroll {
        case .up: event.pointee.scroll.direction = GDK_SCROLL_UP
        case .down: event.pointee.scroll.direction = GDK_SCROLL_DOWN
        case .left: event.pointee.scroll.direction = GDK_SCROLL_LEFT
        case .right: event.pointee.scroll.direction = GDK_SCROLL_RIGHT
        case let .smooth(dx, dy):
            event.pointee.scroll.direction = GDK_SCROLL_SMOOTH
            event.pointee.scroll.delta_x = dx
            event.pointee.scroll.delta_y = dy
        }
        event.pointee.scroll.is_stop = isStop ? 1 : 0
        deliver(event, device: target.pointer, source: sourceDevice ?? target.source)
        return true
    }

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

    /// The pointer leaves the window under (x, y) (`enter: false`: it moved onto another widget,
    /// such as a header bar), or enters it there.
    @discardableResult
    package static func crossing(
        _ widget: UnsafeMutablePointer<GtkWidget>, enter: Bool, x: Double, y: Double, deepest: Bool = false
    ) -> Bool {
        guard let target = pointerTarget(widget, x: x, y: y, deepest: deepest) else { return false }
        let event = gdk_event_new(enter ? GDK_ENTER_NOTIFY : GDK_LEAVE_NOTIFY)!
        event.pointee.crossing.window = retained(target.window)
        event.pointee.crossing.time = nextTime()
        event.pointee.crossing.x = target.x
        event.pointee.crossing.y = target.y
        event.pointee.crossing.x_root = target.rootX
        event.pointee.crossing.y_root = target.rootY
        event.pointee.crossing.mode = GDK_CROSSING_NORMAL
        event.pointee.crossing.detail = GDK_NOTIFY_ANCESTOR
        deliver(event, device: target.pointer, source: target.source)
        return true
    }

    /// A primary-button mouse drag: press at `from`, `steps` motions along the straight line,
    /// release at `to`. With `release: false` the button stays down (to test a held gesture).
    @discardableResult
    package static func drag(
        _ widget: UnsafeMutablePointer<GtkWidget>, from: (x: Double, y: Double), to: (x: Double, y: Double),
        steps: Int = 8, release: Bool = true, deepest: Bool = false
    ) -> Bool {
        guard button(widget, press: true, x: from.x, y: from.y, deepest: deepest) else { return false }
        let n = max(1, steps)
        for i in 1...n {
            let f = Double(i) / Double(n)
            motion(widget, x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f, state: button1Mask,
                   deepest: deepest)
        }
        if release { button(widget, press: false, x: to.x, y: to.y, deepest: deepest) }
        return true
    }

    package enum TouchPhase: Sendable {
        case begin, update, end, cancel
    }

    /// One touch event of sequence `sequence` (any non-zero number naming the finger) at (x, y):
    /// GDK_TOUCH_BEGIN / UPDATE / END / CANCEL, as a touchscreen sends them. The sequence does
    /// not emulate the pointer: GTK delivers touch events only, no emulated button events.
    @discardableResult
    package static func touch(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ phase: TouchPhase, x: Double, y: Double, sequence: UInt = 1,
        time: UInt32? = nil, deepest: Bool = false
    ) -> Bool {
        guard let target = pointerTarget(widget, x: x, y: y, deepest: deepest) else { return false }
        let type: GdkEventType
        switch phase {
        case .begin: type = GDK_TOUCH_BEGIN
        case .update: type = GDK_TOUCH_UPDATE
        case .end: type = GDK_TOUCH_END
        case .cancel: type = GDK_TOUCH_CANCEL
        }
        let event = gdk_event_new(type)!
        event.pointee.touch.window = retained(target.window)
        event.pointee.touch.time = time ?? nextTime()
        event.pointee.touch.x = target.x
        event.pointee.touch.y = target.y
        event.pointee.touch.x_root = target.rootX
        event.pointee.touch.y_root = target.rootY
        event.pointee.touch.sequence = OpaquePointer(bitPattern: max(sequence, 1))
        event.pointee.touch.emulating_pointer = 0
        event.pointee.touch.state = phase == .begin ? 0 : button1Mask
        deliver(event, device: target.pointer, source: target.source)
        return true
    }

    /// A one-finger touch drag: begin at `from`, `steps` updates along the straight line, end at
    /// `to` (or leave the finger down with `release: false`).
    @discardableResult
    package static func touchDrag(
        _ widget: UnsafeMutablePointer<GtkWidget>, from: (x: Double, y: Double), to: (x: Double, y: Double),
        steps: Int = 8, release: Bool = true, sequence: UInt = 1
    ) -> Bool {
        guard touch(widget, .begin, x: from.x, y: from.y, sequence: sequence) else { return false }
        let n = max(1, steps)
        for i in 1...n {
            let f = Double(i) / Double(n)
            touch(widget, .update, x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f, sequence: sequence)
        }
        if release { touch(widget, .end, x: to.x, y: to.y, sequence: sequence) }
        return true
    }

    /// A key press or release, sent to the widget's toplevel, which forwards it to its focus
    /// widget as GTK does with real key events. `keyval` is a GDK keysym (`GDK_KEY_F5`, …).
    @discardableResult
    package static func key(
        _ widget: UnsafeMutablePointer<GtkWidget>, keyval: UInt32, press: Bool, state: UInt32 = 0,
        time: UInt32? = nil
    ) -> Bool {
        guard let toplevel = gtk_widget_get_toplevel(widget), let window = gtk_widget_get_window(toplevel)
        else { return false }
        let display = gtk_widget_get_display(widget)
        let event = gdk_event_new(press ? GDK_KEY_PRESS : GDK_KEY_RELEASE)!
        event.pointee.key.window = retained(window)
        event.pointee.key.time = time ?? nextTime()
        event.pointee.key.state = state
        event.pointee.key.keyval = keyval
        // Key bindings and mnemonics look at the hardware keycode too: use the real one.
        var keys: UnsafeMutablePointer<GdkKeymapKey>?
        var count: gint = 0
        if gdk_keymap_get_entries_for_keyval(gdk_keymap_get_for_display(display), keyval, &keys, &count) != 0,
           let keys, count > 0
        {
            event.pointee.key.hardware_keycode = guint16(truncatingIfNeeded: keys[0].keycode)
            event.pointee.key.group = guint8(truncatingIfNeeded: keys[0].group)
        }
        g_free(keys)
        let seat = gdk_display_get_default_seat(display)
        let keyboard = gdk_seat_get_keyboard(seat)
        deliver(event, device: keyboard, source: keyboard)
        return true
    }

    /// Focus-in (or out) on the widget's toplevel, as the window manager's would: under Xvfb
    /// without one no window is active, and widgets that act on keys only with the focus (a
    /// GtkTreeView's cursor keys) ignore them.
    @discardableResult
    package static func focus(_ widget: UnsafeMutablePointer<GtkWidget>, in isIn: Bool = true) -> Bool {
        guard let toplevel = gtk_widget_get_toplevel(widget), let window = gtk_widget_get_window(toplevel)
        else { return false }
        let event = gdk_event_new(GDK_FOCUS_CHANGE)!
        event.pointee.focus_change.window = retained(window)
        event.pointee.focus_change.send_event = 1
        event.pointee.focus_change.in = isIn ? 1 : 0
        let keyboard = gdk_seat_get_keyboard(gdk_display_get_default_seat(gtk_widget_get_display(widget)))
        deliver(event, device: keyboard, source: keyboard)
        return true
    }

    /// Press and release.
    @discardableResult
    package static func tapKey(_ widget: UnsafeMutablePointer<GtkWidget>, keyval: UInt32, state: UInt32 = 0) -> Bool {
        key(widget, keyval: keyval, press: true, state: state)
            && key(widget, keyval: keyval, press: false, state: state)
    }

    // MARK: - Source devices

    /// The physical mouse that synthesized pointer events name as their source by default
    /// (under Xvfb the "Virtual core XTEST pointer"); nil without a realized widget's display.
    package static func mouseDevice(_ widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer? {
        let seat = gdk_display_get_default_seat(gtk_widget_get_display(widget))
        return physicalPointer(seat) ?? gdk_seat_get_pointer(seat)
    }

    private static var touchpads: [OpaquePointer: OpaquePointer] = [:]

    /// A slave pointer device whose source is `GDK_SOURCE_TOUCHPAD`, for the source device of
    /// synthesized smooth scrolls: what GDK reports for a real touchpad.
    ///
    /// Xvfb has no touchpad and X input devices cannot be made from a client, so this builds a
    /// GdkDevice of the display's own device class (GdkX11DeviceXI2 under X11; GdkDevice itself
    /// is abstract) with the construct properties of the physical mouse — same display, device
    /// manager, seat and, on X11, the same XI2 device id, so that any query GDK sends to the
    /// server about it names a device that exists — except its name and `input-source`. It is
    /// not in the device manager's list (nothing enumerates it) and lives as long as the
    /// process: events keep only an unowned pointer to their source device.
    package static func touchpadDevice(_ widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer? {
        guard let display = gtk_widget_get_display(widget), let mouse = mouseDevice(widget) else { return nil }
        let key = display
        if let known = touchpads[key] { return known }
        let instance = UnsafeMutableRawPointer(mouse).assumingMemoryBound(to: GTypeInstance.self)
        guard let mouseClass = instance.pointee.g_class else { return nil }
        let deviceType = mouseClass.pointee.g_type
        let objectClass = UnsafeMutableRawPointer(mouseClass).assumingMemoryBound(to: GObjectClass.self)

        // Copied from the mouse when its class has them (device-id: X11 only).
        let copied = ["display", "device-manager", "seat", "type", "input-mode", "has-cursor", "device-id"]
        var names: [String] = []
        var values: [GValue] = []
        for name in copied {
            guard let spec = g_object_class_find_property(objectClass, name),
                  spec.pointee.flags.rawValue & G_PARAM_WRITABLE.rawValue != 0 else { continue }
            var value = GValue()
            g_value_init(&value, spec.pointee.value_type)
            g_object_get_property(UnsafeMutablePointer<GObject>(mouse), name, &value)
            names.append(name)
            values.append(value)
        }
        guard let sourceSpec = g_object_class_find_property(objectClass, "input-source"),
              let nameSpec = g_object_class_find_property(objectClass, "name") else { return nil }
        var source = GValue()
        g_value_init(&source, sourceSpec.pointee.value_type)
        g_value_set_enum(&source, gint(GDK_SOURCE_TOUCHPAD.rawValue))
        names.append("input-source")
        values.append(source)
        var label = GValue()
        g_value_init(&label, nameSpec.pointee.value_type)
        g_value_set_string(&label, "Synthesized touchpad")
        names.append("name")
        values.append(label)

        let cNames = names.map { strdup($0) }
        defer { cNames.forEach { free($0) } }
        var constNames = cNames.map { UnsafePointer<CChar>($0) }
        let object = constNames.withUnsafeMutableBufferPointer { namePointers in
            values.withUnsafeMutableBufferPointer { valuePointers in
                g_object_new_with_properties(deviceType, guint(names.count), namePointers.baseAddress,
                                             valuePointers.baseAddress)
            }
        }
        for index in values.indices { g_value_unset(&values[index]) }
        guard let object else { return nil }
        let device = OpaquePointer(object)
        guard gdk_device_get_source(device) == GDK_SOURCE_TOUCHPAD else {
            g_object_unref(object)
            return nil
        }
        touchpads[key] = device
        return device
    }

    // MARK: - Plumbing

    private struct PointerTarget {
        let window: OpaquePointer
        let x, y, rootX, rootY: Double
        let pointer: OpaquePointer?
        let source: OpaquePointer?
    }

    private static func pointerTarget(
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
    private static func physicalPointer(_ seat: UnsafeMutablePointer<GdkSeat>?) -> OpaquePointer? {
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

    private static func deliver(_ event: UnsafeMutablePointer<GdkEvent>, device: OpaquePointer?, source: OpaquePointer?) {
        gdk_event_set_device(event, device)
        gdk_event_set_source_device(event, source)
        gtk_main_do_event(event)
        gdk_event_free(event)  // unrefs the window
    }

    /// The event owns a reference to its window (gdk_event_free drops it).
    private static func retained(_ window: OpaquePointer) -> OpaquePointer {
        g_object_ref(UnsafeMutableRawPointer(window))
        return window
    }

    private static func buttonMask(_ button: UInt32) -> UInt32 {
        (1...5).contains(button) ? GDK_BUTTON1_MASK.rawValue << (button - 1) : 0
    }

    private static var lastTime: UInt32 = 0

    /// Millisecond timestamps from the monotonic clock, strictly increasing so that consecutive
    /// synthesized events never share a time (gestures and double-click detection compare them).
    private static func nextTime() -> UInt32 {
        let now = UInt32(truncatingIfNeeded: g_get_monotonic_time() / 1000)
        lastTime = max(now, lastTime &+ 1)
        return lastTime
    }
}
