#!/usr/bin/python3
"""The GTK 4 bin's accessibility parts come and go with its Swift side (docs/accessibility.md,
"GTK 4"): the footer button and the refresh-bin action group exist once per scrolled-window child,
go when the child is replaced or removed and when the bin is destroyed, and the action's request
runs from the main loop. In-process, through the typelib; Gtk4AccessibilityTests runs it from
the installed PREFIX. Prints "all checks passed" and exits 0, or exits 1."""
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Ptr4", "1.0")
from gi.repository import GLib, Gtk, Ptr4  # noqa: E402

failures = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message, flush=True)
    if not condition:
        failures.append(message)


def children(widget):
    out = []
    child = widget.get_first_child()
    while child is not None:
        out.append(child)
        child = child.get_next_sibling()
    return out


def names(widget):
    return [type(child).__name__ for child in children(widget)]


def iterate(seconds=0.2):
    context = GLib.MainContext.default()
    end = GLib.get_monotonic_time() + int(seconds * 1_000_000)
    while GLib.get_monotonic_time() < end:
        context.iteration(False)


def scrolled():
    store = Gtk.StringList.new([f"Row {i}" for i in range(60)])
    factory = Gtk.SignalListItemFactory()
    factory.connect("setup", lambda _f, item: item.set_child(Gtk.Label()))
    factory.connect("bind", lambda _f, item: item.get_child().set_label(item.get_item().get_string()))
    return Gtk.ScrolledWindow(child=Gtk.ListView(model=Gtk.NoSelection(model=store), factory=factory))


Gtk.init()
bin = Ptr4.RefreshBin(child=scrolled())
window = Gtk.Window(default_width=300, default_height=400, child=bin)
window.present()
iterate()
refreshes = []
bin.connect("refresh", lambda _bin: refreshes.append(1))

check(bin.get_accessible_role() == Gtk.AccessibleRole.GROUP, f"role GROUP ({bin.get_accessible_role()})")
check(names(bin) == ["ScrolledWindow", "Button"], f"children: the scrolled window, the footer button ({names(bin)})")
button = children(bin)[-1]
check(not button.get_visible(), "the footer button is hidden while the footer is out of view")

check(bin.activate_action("refresh-bin.refresh", None), "refresh-bin.refresh is an action of the bin")
check(refreshes == [] and not bin.props.refreshing, "the action's request waits for the main loop")
iterate()
check(bin.props.refreshing, "from the main loop, the action started a refresh")
iterate(1.5)
check(refreshes == [1], f"the refresh signal once the header is open ({refreshes})")
bin.activate_action("refresh-bin.refresh", None)
iterate()
check(refreshes == [1], f"while refreshing the action does nothing (disabled) ({refreshes})")
bin.end_refreshing(True, 0)
iterate(1.5)
check(not bin.props.refreshing, "the refresh ended")

bin.set_child(scrolled())
iterate()
check(names(bin) == ["ScrolledWindow", "Button"], f"a new child: one footer button again ({names(bin)})")
check(button.get_parent() is None, "the old footer button left the bin")
bin.set_child(None)
iterate()
check(names(bin) == [], f"no child: no footer button ({names(bin)})")
check(not bin.activate_action("refresh-bin.refresh", None), "no child: no refresh action")
bin.set_child(scrolled())
iterate()
button = children(bin)[-1]
# Python holds the bin: out of its window, it is disposed as its last reference going would do.
window.set_child(None)
bin.run_dispose()
window.destroy()
iterate()
check(button.get_parent() is None and names(bin) == [], "the bin disposed: its footer button left it")

if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("all checks passed")
