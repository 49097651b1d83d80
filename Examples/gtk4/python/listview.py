#!/usr/bin/python3
"""Pull-to-refresh and load-more for a Gtk.ListView (GTK 4), from Python (PyGObject):
    GI_TYPELIB_PATH=PREFIX/lib/girepository-1.0 LD_LIBRARY_PATH=PREFIX/lib python3 listview.py
`--self-test`: runs one refresh and one load-more and exits 0 when both ended with their rows in
the model (the test command runs it; docs/gobject-api.md, "Ptr4RefreshBin")."""
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Ptr4", "1.0")
from gi.repository import Gio, GLib, Gtk, Ptr4  # noqa: E402

self_test = "--self-test" in sys.argv
delay = 10 if self_test else 1000
store = Gio.ListStore(item_type=Gtk.StringObject)
for i in range(50):
    store.append(Gtk.StringObject.new(f"Row {i}"))
factory = Gtk.SignalListItemFactory()
factory.connect("setup", lambda _factory, item: item.set_child(Gtk.Label(xalign=0, margin_start=8)))
factory.connect("bind", lambda _factory, item: item.get_child().set_label(item.get_item().get_string()))
view = Gtk.ListView(model=Gtk.NoSelection(model=store), factory=factory)
scrolled = Gtk.ScrolledWindow(child=view)


def fetched(bin):
    for i in range(3):
        store.insert(0, Gtk.StringObject.new(f"New {i}"))
    bin.end_refreshing(True, 3)  # ok, 3 rows inserted at the top
    return GLib.SOURCE_REMOVE


def fetched_more(bin):
    start = store.get_n_items()
    for i in range(5):
        store.append(Gtk.StringObject.new(f"Row {start + i}"))
    bin.end_loading(5, False, True)  # 5 rows added, not exhausted, ok
    return GLib.SOURCE_REMOVE


# The pull-to-refresh lines:
bin = Ptr4.RefreshBin(child=scrolled, header_style=Ptr4.HeaderStyle.CLASSIC)
bin.connect("refresh", lambda bin: GLib.timeout_add(delay, fetched, bin))
bin.connect("load-more", lambda bin: GLib.timeout_add(delay, fetched_more, bin))

loop = GLib.MainLoop()
window = Gtk.Window(default_width=360, default_height=480, child=bin)
window.connect("close-request", lambda _window: loop.quit())
window.present()

status = 0
if self_test:
    status = 1
    seen = {"refreshes": 0, "loads": 0}

    def on_refresh(_bin):
        seen["refreshes"] += 1

    def on_load_more(_bin):
        seen["loads"] += 1

    def on_header_state(bin, state):
        # The refresh ended: its rows are in; now one load-more.
        if state == Ptr4.HeaderState.IDLE and seen["refreshes"] == 1 and store.get_n_items() == 53:
            if bin.props.last_updated is None:
                print("listview.py: no last-updated after a refresh", file=sys.stderr)
                loop.quit()
            else:
                bin.load_more()

    def on_footer_state(bin, state):
        global status
        if state == Ptr4.FooterState.IDLE and seen["loads"] == 1:
            ok = store.get_n_items() == 58 and not bin.props.loading and not bin.props.refreshing
            status = 0 if ok else 1
            loop.quit()

    bin.connect("refresh", on_refresh)
    bin.connect("load-more", on_load_more)
    bin.connect("header-state-changed", on_header_state)
    bin.connect("footer-state-changed", on_footer_state)

    def give_up():
        print(f"listview.py: did not finish: {seen}, {store.get_n_items()} rows", file=sys.stderr)
        loop.quit()

    GLib.timeout_add_seconds(10, give_up)
    bin.begin_refreshing()
loop.run()
sys.exit(status)
