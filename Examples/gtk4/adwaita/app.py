#!/usr/bin/python3
"""Pull-to-refresh and load-more in a libadwaita app (Adw 1.2), from Python (PyGObject): an
Adw.ApplicationWindow with an Adw.HeaderBar (its button refreshes too) over a Gtk.ListView.
    GI_TYPELIB_PATH=PREFIX/lib/girepository-1.0 LD_LIBRARY_PATH=PREFIX/lib python3 app.py
`--self-test`: runs one refresh and one load-more and exits 0 when both ended with their rows in
the model (the test command runs it; docs/gobject-api.md, "Ptr4RefreshBin")."""
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Adw", "1")
gi.require_version("Ptr4", "1.0")
from gi.repository import Adw, Gio, GLib, Gtk, Ptr4  # noqa: E402

self_test = "--self-test" in sys.argv
delay = 10 if self_test else 1000
status = 1 if self_test else 0


class Feed:
    """The model and the list, with what a refresh and a load add."""

    def __init__(self):
        self.store = Gio.ListStore(item_type=Gtk.StringObject)
        for i in range(50):
            self.store.append(Gtk.StringObject.new(f"Post {i}"))
        factory = Gtk.SignalListItemFactory()
        factory.connect("setup", lambda _f, item: item.set_child(Gtk.Label(xalign=0, margin_start=12)))
        factory.connect("bind", lambda _f, item: item.get_child().set_label(item.get_item().get_string()))
        view = Gtk.ListView(model=Gtk.NoSelection(model=self.store), factory=factory)
        view.add_css_class("navigation-sidebar")
        self.scrolled = Gtk.ScrolledWindow(child=view, vexpand=True)

    def prepend(self, count):
        for i in range(count):
            self.store.insert(0, Gtk.StringObject.new(f"New {i}"))

    def append(self, count):
        start = self.store.get_n_items()
        for i in range(count):
            self.store.append(Gtk.StringObject.new(f"Post {start + i}"))


def on_activate(app):
    feed = Feed()

    # The pull-to-refresh lines:
    bin = Ptr4.RefreshBin(child=feed.scrolled)
    bin.connect("refresh", lambda bin: GLib.timeout_add(
        delay, lambda: (feed.prepend(3), bin.end_refreshing(True, 3), GLib.SOURCE_REMOVE)[-1]))
    bin.connect("load-more", lambda bin: GLib.timeout_add(
        delay, lambda: (feed.append(5), bin.end_loading(5, False, True), GLib.SOURCE_REMOVE)[-1]))

    button = Gtk.Button(icon_name="view-refresh-symbolic", tooltip_text="Refresh")
    button.connect("clicked", lambda _button: bin.begin_refreshing())
    header = Adw.HeaderBar()
    header.pack_start(button)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    box.append(header)
    box.append(bin)
    window = Adw.ApplicationWindow(application=app, default_width=360, default_height=520, content=box,
                                   title="Pull to refresh")
    window.present()
    if self_test:
        self_test_run(app, bin, feed)


def self_test_run(app, bin, feed):
    seen = {"refreshes": 0, "loads": 0}

    def count(key):
        seen[key] += 1

    def on_header_state(bin, state):
        # The refresh ended with its rows in: now one load-more.
        if state == Ptr4.HeaderState.IDLE and seen["refreshes"] == 1 and feed.store.get_n_items() == 53:
            bin.load_more()

    def on_footer_state(bin, state):
        global status
        if state == Ptr4.FooterState.IDLE and seen["loads"] == 1:
            ok = feed.store.get_n_items() == 58 and bin.props.last_updated is not None and not bin.props.loading
            status = 0 if ok else 1
            app.quit()

    def give_up():
        print(f"app.py: did not finish: {seen}, {feed.store.get_n_items()} rows", file=sys.stderr)
        app.quit()

    bin.connect("refresh", lambda _bin: count("refreshes"))
    bin.connect("load-more", lambda _bin: count("loads"))
    bin.connect("header-state-changed", on_header_state)
    bin.connect("footer-state-changed", on_footer_state)
    GLib.timeout_add_seconds(10, give_up)
    bin.begin_refreshing()


app = Adw.Application(application_id="io.github.gtk_pull_to_refresh.AdwaitaExample",
                      flags=Gio.ApplicationFlags.NON_UNIQUE)
app.connect("activate", on_activate)
app.run([sys.argv[0]])
sys.exit(status)
