"""Synthesized GDK input for the introspection tests, as Sources/TestSupport/RefreshTestSupport/EventSynthesis.swift
does in Swift: events built with Gdk.Event and delivered with Gtk.main_do_event, as the display
server would deliver them to the widget under the pointer."""
import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

_last_time = 0


def _next_time():
    # Strictly increasing millisecond timestamps (gestures compare them).
    global _last_time
    _last_time = max(GLib.get_monotonic_time() // 1000, _last_time + 1) & 0xFFFFFFFF
    return _last_time


def _physical_pointer(seat):
    # Real XI2 events name a physical mouse as their source device.
    slaves = seat.get_slaves(Gdk.SeatCapabilities.POINTER)
    for device in slaves:
        if device.get_source() == Gdk.InputSource.MOUSE:
            return device
    return slaves[0] if slaves else seat.get_pointer()


def scroll(widget, x, y, direction):
    """One wheel notch (Gdk.ScrollDirection.UP or DOWN) at (x, y) in `widget`."""
    window = widget.get_window()
    assert widget.get_realized() and window is not None, "scroll: the widget is not realized"
    if not widget.get_has_window():
        allocation = widget.get_allocation()
        x, y = x + allocation.x, y + allocation.y
    origin_x, origin_y = window.get_root_coords(0, 0)
    event = Gdk.Event.new(Gdk.EventType.SCROLL)
    event.scroll.window = window  # the event holds a reference (PyGObject refs on set)
    event.scroll.time = _next_time()
    event.scroll.x, event.scroll.y = float(x), float(y)
    event.scroll.x_root, event.scroll.y_root = float(origin_x + x), float(origin_y + y)
    event.scroll.direction = direction
    seat = widget.get_display().get_default_seat()
    event.set_device(seat.get_pointer())
    event.set_source_device(_physical_pointer(seat))
    Gtk.main_do_event(event)


def run_until(predicate, timeout=5.0):
    """Runs the main loop until `predicate()` is true (True) or `timeout` seconds pass (False)."""
    context = GLib.MainContext.default()
    deadline = GLib.get_monotonic_time() + int(timeout * 1_000_000)
    while not predicate():
        if GLib.get_monotonic_time() > deadline:
            return False
        # Blocks until a source is ready (frame clock, idle, X event): no busy loop.
        if not context.iteration(False):
            GLib.usleep(1000)
    return True


def drain():
    """Runs what is pending now (idles, layout) without waiting."""
    context = GLib.MainContext.default()
    for _ in range(1000):
        if not context.iteration(False):
            break
