#!/usr/bin/python3
"""Pull-to-refresh over a window loaded from window.ui (GtkBuilder), from Python.

Ptr4.init() comes before the .ui is loaded: GtkBuilder finds Ptr4RefreshBin by name only once the
type is registered. `--self-test`: runs one refresh and one load-more and exits 0 when both ended
with their rows in the model (the test command runs it; docs/gobject-api.md)."""
import os
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Ptr4", "1.0")
from gi.repository import GLib, Gtk, Ptr4  # noqa: E402

self_test = "--self-test" in sys.argv
Gtk.init()
Ptr4.init()
builder = Gtk.Builder.new_from_file(os.path.join(os.path.dirname(os.path.abspath(__file__)), "window.ui"))
window, bin, rows = (builder.get_object(name) for name in ("window", "bin", "rows"))
start = rows.get_n_items()
loop = GLib.MainLoop()
counts = {"refreshes": 0, "loads": 0}
status = 0 if not self_test else 1


def fetched(bin):
    rows.splice(0, 0, ["New 0", "New 1", "New 2"])
    bin.end_refreshing(True, 3)


def fetched_more(bin):
    for _ in range(5):
        rows.append("More")
    bin.end_loading(5, False, True)


def on_refresh(bin):
    counts["refreshes"] += 1
    GLib.timeout_add(10 if self_test else 1000, lambda: fetched(bin) and False)


def on_load_more(bin):
    counts["loads"] += 1
    GLib.timeout_add(10 if self_test else 1000, lambda: fetched_more(bin) and False)


def on_header_state(bin, state):
    if state == Ptr4.HeaderState.IDLE and counts["refreshes"] == 1 and rows.get_n_items() == start + 3:
        bin.load_more()


def on_footer_state(bin, state):
    global status
    if state == Ptr4.FooterState.IDLE and counts["loads"] == 1:
        status = 0 if rows.get_n_items() == start + 8 and not bin.props.loading else 1
        loop.quit()


def give_up():
    print(f"builder.py: did not finish: {counts}, {rows.get_n_items()} rows", file=sys.stderr)
    loop.quit()


bin.connect("refresh", on_refresh)
bin.connect("load-more", on_load_more)
window.connect("close-request", lambda _window: loop.quit())
window.present()
if self_test:
    bin.connect("header-state-changed", on_header_state)
    bin.connect("footer-state-changed", on_footer_state)
    GLib.timeout_add_seconds(10, give_up)
    bin.begin_refreshing()
loop.run()
window.destroy()
sys.exit(status)
