import CGtk
import RefreshDemo
import RefreshGtk

#if canImport(Glibc)
import Glibc
#endif

/// The events only tests send, over the demo's pointer synthesis (`EventSynthesis` in
/// RefreshDemo/QA): scroll from a mouse or a touchpad, with the touchpad's scroll-stop (which
/// xdotool cannot produce), touch, keys, focus, drags, and the source devices Xvfb lacks.
extension EventSynthesis {
    package enum Scroll: Equatable, Sendable {
        case up, down, left, right
        /// Touchpad-style deltas, in "lines" as GDK reports them (positive y = content moves up).
        case smooth(dx: Double, dy: Double)
    }

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
}
