#!/usr/bin/python3
"""Pull-to-refresh added to a GTK 4 app that already exists, from Python: a feed reader with a
Refresh button (win.refresh, Ctrl+R), a 15-minute timer and its own update_feeds(), its list a
GtkStack page (window.ui). The lines marked "Pull-to-refresh" are all that was added or changed
(docs/real-apps.md explains each). `--self-test`: activates win.refresh once and exits 0 when the
header is idle again with the three sources' posts at the top of the list, scrolled to its top."""
import os
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Ptr4", "1.0")
from gi.repository import Gio, GLib, Gtk, Ptr4  # noqa: E402

SOURCES = ["GNOME", "GTK", "Planet"]  # fetched one after the other
PER_SOURCE = 2
ARCHIVE = 30  # posts the list holds before the first refresh
self_test = "--self-test" in sys.argv
status = 1 if self_test else 0


class FeedReader:
    def __init__(self, app):
        builder = Gtk.Builder.new_from_file(os.path.join(os.path.dirname(os.path.abspath(__file__)), "window.ui"))
        self.window, self.stack, self.scrolled, self.list = (
            builder.get_object(name) for name in ("window", "stack", "scrolled", "list"))
        self.window.set_application(app)
        self.posts, self.updating = 0, False
        for _ in range(ARCHIVE):
            self.add_post("Archive")

        # Pull-to-refresh: the bin takes the scrolled window's place as the "feeds" page, with its
        # name, title and icon. From here on the scrolled window's parent is the bin: code that
        # walked get_parent() from it or compared the stack's visible child with it uses the bin.
        page = self.stack.get_page(self.scrolled)
        name, title, icon = page.get_name(), page.get_title(), page.get_icon_name()
        self.stack.remove(self.scrolled)
        self.bin = Ptr4.RefreshBin(child=self.scrolled)
        self.stack.add_titled(self.bin, name, title).set_icon_name(icon)
        # Pull-to-refresh: the update runs when the header is open, however the refresh began.
        self.bin.connect("refresh", lambda _bin: self.update_feeds())

        action = Gio.SimpleAction(name="refresh")
        action.connect("activate", lambda *_: self.bin.begin_refreshing())  # Pull-to-refresh: was update_feeds()
        self.window.add_action(action)
        app.set_accels_for_action("win.refresh", ["<Control>r"])
        GLib.timeout_add_seconds(15 * 60, self.on_timer)
        self.stack.set_visible_child_name("feeds")
        self.window.present()

    def on_timer(self):
        self.bin.begin_refreshing()  # Pull-to-refresh: was self.update_feeds()
        return GLib.SOURCE_CONTINUE

    def update_feeds(self):
        """The app's own update: each source's new posts go in at the top as they arrive."""
        # begin_refreshing() while a refresh runs is a no-op, so the timer or Ctrl+R during an
        # update start no second one; this guard stays for updates begun elsewhere.
        if self.updating:
            return
        self.updating, self.inserted = True, 0
        self.fetch(0)

    def fetch(self, source):
        GLib.timeout_add(100, self.arrived, source)  # stands for the network

    def arrived(self, source):
        for _ in range(PER_SOURCE):
            self.add_post(SOURCES[source])
        self.inserted += PER_SOURCE
        if source + 1 < len(SOURCES):
            self.fetch(source + 1)
        else:
            self.updating = False
            self.feeds_updated(self.inserted)
        return GLib.SOURCE_REMOVE

    def add_post(self, source):
        label = Gtk.Label(label=f"Post {self.posts} from {source}", xalign=0, margin_start=12, margin_top=10,
                          margin_bottom=10)
        self.list.insert(label, 0)  # newest first
        self.posts += 1

    def feeds_updated(self, inserted):
        self.window.set_title(f"Feeds ({inserted} new)")
        # Pull-to-refresh: the rows went in at the top while the update ran; the bin keeps the
        # list at its top with them under the header as it collapses.
        self.bin.end_refreshing(True, inserted)


def run_self_test(app, reader):
    states = []

    def on_header_state(_bin, state):
        global status
        states.append(state)
        if state != Ptr4.HeaderState.IDLE or Ptr4.HeaderState.REFRESHING not in states:
            return
        new = len(SOURCES) * PER_SOURCE
        # Row 0 is the newest: the last source's last post.
        want = [f"Post {ARCHIVE + new - 1 - i} from {SOURCES[(new - 1 - i) // PER_SOURCE]}" for i in range(new)]
        got = [reader.list.get_row_at_index(i).get_child().get_label() for i in range(new)]
        value = reader.scrolled.get_vadjustment().get_value()
        if got == want and reader.posts == ARCHIVE + new and value == 0:
            status = 0
        else:
            print(f"existing-app.py: rows {got}, wanted {want}; {reader.posts} posts; scrolled to {value}",
                  file=sys.stderr)
        app.quit()

    def give_up():
        print(f"existing-app.py: the refresh did not end: header states {states}", file=sys.stderr)
        app.quit()

    reader.bin.connect("header-state-changed", on_header_state)
    GLib.timeout_add_seconds(10, give_up)
    reader.list.activate_action("win.refresh", None)  # as the button does, from a widget in the window


def on_startup(_app):
    Ptr4.init()  # Pull-to-refresh: before anything else uses the library


def on_activate(app):
    reader = FeedReader(app)
    if self_test:
        run_self_test(app, reader)


app = Gtk.Application(application_id="io.github.gtk_pull_to_refresh.ExistingApp",
                      flags=Gio.ApplicationFlags.NON_UNIQUE)
app.connect("startup", on_startup)
app.connect("activate", on_activate)
app.run([sys.argv[0]])
sys.exit(status)
