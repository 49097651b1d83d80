#!/usr/bin/python3
"""Pull-to-refresh for a Gtk.TreeView, from Python (PyGObject):
    GI_TYPELIB_PATH=PREFIX/lib/girepository-1.0 LD_LIBRARY_PATH=PREFIX/lib python3 treeview.py
`--self-test`: runs one refresh cycle and exits 0 when the header collapsed with the new rows in
the model (README's test command runs it; docs/gobject-api.md)."""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Ptr", "1.0")
from gi.repository import GLib, Gtk, Ptr  # noqa: E402

self_test = "--self-test" in sys.argv
store = Gtk.ListStore(str)
for i in range(20):
    store.append([f"Row {i}"])
tree = Gtk.TreeView(model=store)
tree.append_column(Gtk.TreeViewColumn("Title", Gtk.CellRendererText(), text=0))
scrolled = Gtk.ScrolledWindow()
scrolled.add(tree)


def fetched(bin):
    for i in range(3):
        store.prepend([f"New {i}"])
    bin.end_refreshing(True, 3)  # ok, 3 rows inserted at the top
    return GLib.SOURCE_REMOVE


# The pull-to-refresh lines:
bin = Ptr.RefreshBin(header_style=Ptr.HeaderStyle.CLASSIC)
bin.add(scrolled)
bin.connect("refresh", lambda bin: GLib.timeout_add(10 if self_test else 1000, fetched, bin))

window = Gtk.Window(default_width=360, default_height=480)
window.add(bin)
window.connect("destroy", Gtk.main_quit)
window.show_all()

status = 0
if self_test:
    status = 1

    def on_state(bin, state):
        global status
        if state == Ptr.HeaderState.IDLE and len(store) == 23:
            status = 0 if bin.props.last_updated is not None else 1
            window.destroy()

    bin.connect("header-state-changed", on_state)
    GLib.timeout_add_seconds(10, window.destroy)
    bin.begin_refreshing()
Gtk.main()
sys.exit(status)
