#!/usr/bin/python3
"""A Gtk.ListView of 60 rows in a Ptr4.RefreshBin whose requests the test answers (a11y4_check.py
starts it). It prints "ready", then "refresh" and "load-more" as the bin emits them, one a line;
it reads commands from stdin: "end-refresh ok|fail", "end-load ok|fail", "focus LABEL" (prints
"focus LABEL: " and the CSS name of the window's focus widget, or none), "version" (prints
"version MAJOR.MINOR" of GTK), "quit".
Run from an installed PREFIX (GI_TYPELIB_PATH, LD_LIBRARY_PATH), with the accessibility bus."""
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Ptr4", "1.0")
from gi.repository import Gio, GLib, Gtk, Ptr4  # noqa: E402

store = Gio.ListStore(item_type=Gtk.StringObject)
for i in range(60):
    store.append(Gtk.StringObject.new(f"Row {i}"))
factory = Gtk.SignalListItemFactory()
factory.connect("setup", lambda _factory, item: item.set_child(Gtk.Label(xalign=0, margin_start=8)))
factory.connect("bind", lambda _factory, item: item.get_child().set_label(item.get_item().get_string()))
view = Gtk.ListView(model=Gtk.SingleSelection(model=store), factory=factory)
bin = Ptr4.RefreshBin(child=Gtk.ScrolledWindow(child=view), header_style=Ptr4.HeaderStyle.CLASSIC)


def say(line):
    print(line, flush=True)


bin.connect("refresh", lambda _bin: say("refresh"))
bin.connect("load-more", lambda _bin: say("load-more"))
loop = GLib.MainLoop()


def command(channel, _condition):
    line = channel.readline()
    words = line.split()
    if not words or words[0] == "quit":
        loop.quit()
        return GLib.SOURCE_REMOVE
    ok = len(words) > 1 and words[1] == "ok"
    if words[0] == "end-refresh":
        if ok:
            for i in range(2):
                store.insert(0, Gtk.StringObject.new(f"New {i}"))
        bin.end_refreshing(ok, 2 if ok else 0)
    elif words[0] == "version":
        say(f"version {Gtk.get_major_version()}.{Gtk.get_minor_version()}")
    elif words[0] == "focus":
        focus = window.get_focus()
        say(f"focus {' '.join(words[1:])}: {focus.get_css_name() if focus else 'none'}")
    elif words[0] == "end-load":
        if ok:
            start = store.get_n_items()
            for i in range(5):
                store.append(Gtk.StringObject.new(f"Row {start + i}"))
        bin.end_loading(5 if ok else 0, False, ok)
    say(f"done {line.strip()}")
    return GLib.SOURCE_CONTINUE


GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP,
                  command)
# A plain group beside the bin: the AT-SPI role GTK gives GTK_ACCESSIBLE_ROLE_GROUP, which the bin
# has too, differs by version (4.8 "panel", later "grouping"); the checker compares the two.
reference = Gtk.Box(accessible_role=Gtk.AccessibleRole.GROUP, height_request=1)
reference.update_property([Gtk.AccessibleProperty.LABEL], ["Reference group"])
bin.set_vexpand(True)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
box.append(bin)
box.append(reference)
window = Gtk.Window(title="a11y4", default_width=360, default_height=480, child=box)
window.connect("close-request", lambda _window: loop.quit())
window.present()
GLib.idle_add(lambda: say("ready") and False)
loop.run()
