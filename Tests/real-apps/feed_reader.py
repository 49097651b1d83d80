"""Feed readers written the way real GNOME apps are, with pull-to-refresh added the way
docs/real-apps.md tells an app developer to add it, driven by real X input (xdotool) on a display
of their own. Issue 47: what three real apps met that our own fixtures did not.

    feed_reader.py 3|4 FIXTURE

Fixtures (both toolkits unless named):
  listbox       a GtkListBox of two-line rows with the app's own gestures (a long press on the
                list, a click on each row, each row a drag source), in a GtkScrolledWindow
                subclass that was already a GtkStack page (AdwViewStack on GTK 4) with a title
                and an icon before the bin was added; the refresh inserts its rows one feed at a
                time while it runs, newest first, then ends
  treeview      GTK 3: a GtkTreeView built from GtkBuilder (the .ui wraps its scrolled window in
                a PtrRefreshBin), its store sorted newest first, rows inserted per feed while the
                refresh runs
  newest-first  GTK 4: a GtkListView over a GtkSortListModel, newest first, rows per feed
  oldest-first  GTK 4: the same sorted oldest first: a refresh's rows go in at the end
  refill        an app that ends the refresh from its own "done" and then clears the list and
                fills it again from idle callbacks

Checks, each with real input: four wheel notches 400 ms apart at the top refresh (one notch, or
two a second apart, do not); a 200 px drag from a row arms and refreshes, no row looks pressed
once the pull has the drag and none is activated by it; the refresh's rows end in view with the
list at its top, and the next drag pulls again; a click on a row still reaches the app; F5
refreshes. Any GLib warning aborts the run (G_DEBUG=fatal-warnings, set by the test).
Prints "ok"/"FAIL" lines, then "all checks passed" (exit 0) or the failures (exit 1).
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "introspection"))
from checks import check, run_for, run_until, toolkit, verdict  # noqa: E402

VERSION, FIXTURE = sys.argv[1], sys.argv[2]
Gtk, Ptr = toolkit(VERSION)
from gi.repository import Gdk, GLib  # noqa: E402

GTK4 = VERSION == "4"
if GTK4:
    from gi.repository import Gio  # noqa: E402
    try:
        import gi
        gi.require_version("Adw", "1")
        from gi.repository import Adw  # noqa: E402
    except (ImportError, ValueError):
        Adw = None

GTK3_ROW_GESTURES_REACH_ROWS = GTK4  # see ListBoxFeed
FEEDS = 3          # sources the refresh fetches, one after the other
PER_FEED = 2       # new items each brings
FEED_DELAY = 120   # ms between two feeds' answers


def xdotool(*arguments):
    """Runs xdotool while the main loop turns (its input reaches GTK as it goes)."""
    process = subprocess.Popen(["xdotool", *map(str, arguments)])
    run_until(lambda: process.poll() is not None, 30)
    run_for(0.1)


class FeedScroller(Gtk.ScrolledWindow):
    """The app's own scrolled window subclass (as libadwaita apps and feed readers have)."""
    __gtype_name__ = "FeedScroller"


# MARK: - The lists

class ListBoxFeed:
    """A GtkListBox of two-line rows with the app's gestures."""

    def __init__(self, count=40):
        self.view = Gtk.ListBox()
        self.gestures = []
        if not GTK3_ROW_GESTURES_REACH_ROWS:
            # GTK 3 delivers a list box's events to the list, not to its windowless rows: GTK 3
            # apps put their click gesture on the list.
            click = Gtk.GestureMultiPress.new(self.view)
            click.connect("released", self.on_click)
            self.gestures.append(click)
        self.clicks = 0
        self.activated = []
        self.long_presses = 0
        self.serial = count
        long_press = Gtk.GestureLongPress.new(self.view) if not GTK4 else Gtk.GestureLongPress()
        long_press.set_propagation_phase(Gtk.PropagationPhase.TARGET)
        long_press.connect("pressed", self.on_long_press)
        if GTK4:
            self.view.add_controller(long_press)
        self.gestures.append(long_press)
        self.view.connect("row-activated", lambda _box, row: self.activated.append(row.get_index()))
        for i in range(count):
            self.view.insert(self.row(f"Item {count - i}", "an older item"), -1)

    def on_long_press(self, *_args):
        self.long_presses += 1

    def row(self, title, subtitle):
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=2)
        for text in (title, subtitle):
            label = Gtk.Label(label=text, xalign=0)
            if GTK4:
                box.append(label)
            else:
                box.add(label)
        box.set_margin_top(8)
        box.set_margin_bottom(8)
        box.set_margin_start(12)
        row = Gtk.ListBoxRow()
        if GTK4:
            row.set_child(box)
            click = Gtk.GestureClick()
            click.connect("released", self.on_click)
            row.add_controller(click)
            source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
            source.connect("prepare", lambda *_: Gdk.ContentProvider.new_for_value(title))
            row.add_controller(source)
        else:
            row.add(box)
            row.drag_source_set(Gdk.ModifierType.BUTTON1_MASK, [Gtk.TargetEntry.new("text/plain", 0, 0)],
                                Gdk.DragAction.COPY)
            row.show_all()
        return row

    def on_click(self, *_args):
        self.clicks += 1

    def insert_newest(self, n):
        """A feed answered: its items go in at the top, newest first."""
        for i in range(n):
            self.serial += 1
            self.view.insert(self.row(f"Item {self.serial}", "new"), 0)

    def clear(self):
        while (row := self.view.get_row_at_index(0)) is not None:
            self.view.remove(row)

    def append(self, title):
        self.view.insert(self.row(title, "refilled"), -1)

    def first_row(self):
        return self.view.get_row_at_index(0)

    def row_title(self, row):
        box = row.get_child()
        label = box.get_first_child() if GTK4 else box.get_children()[0]
        return label.get_label()


class TreeViewFeed:
    """GTK 3: a GtkTreeView from GtkBuilder, sorted newest first; the .ui has the bin."""
    UI = """<interface>
  <object class="GtkListStore" id="store">
    <columns><column type="gchararray"/><column type="gint"/></columns>
  </object>
  <object class="PtrRefreshBin" id="bin">
    <property name="visible">True</property>
    <child>
      <object class="GtkScrolledWindow" id="scrolled">
        <property name="visible">True</property>
        <child>
          <object class="GtkTreeView" id="view">
            <property name="visible">True</property>
            <property name="model">store</property>
            <child>
              <object class="GtkTreeViewColumn">
                <property name="title">Headline</property>
                <property name="sort-column-id">1</property>
                <child>
                  <object class="GtkCellRendererText"/>
                  <attributes><attribute name="text">0</attribute></attributes>
                </child>
              </object>
            </child>
          </object>
        </child>
      </object>
    </child>
  </object>
</interface>"""

    def __init__(self, count=40):
        Ptr.RefreshBin  # the type is registered before GtkBuilder meets it (docs/real-apps.md)
        builder = Gtk.Builder.new_from_string(self.UI, -1)
        self.store = builder.get_object("store")
        self.view = builder.get_object("view")
        self.bin = builder.get_object("bin")
        self.scrolled = builder.get_object("scrolled")
        self.store.set_sort_column_id(1, Gtk.SortType.DESCENDING)
        self.serial = count
        self.activated = []
        self.clicks = 0
        self.long_presses = 0
        self.view.connect("row-activated", lambda _v, path, _c: self.activated.append(path.get_indices()[0]))
        self.view.set_activate_on_single_click(True)
        for i in range(count):
            self.store.append([f"Item {i + 1}", i + 1])

    def insert_newest(self, n):
        for _ in range(n):
            self.serial += 1
            self.store.append([f"Item {self.serial}", self.serial])

    def clear(self):
        self.store.clear()

    def append(self, title):
        self.serial += 1
        self.store.append([title, self.serial])

    def first_row(self):
        return None

    def newest_title(self):
        return self.store[0][0]


class ListViewFeed:
    """GTK 4: a GtkListView over a GtkSortListModel, newest or oldest first."""

    def __init__(self, newest_first, count=40):
        self.items = Gio.ListStore(item_type=Gtk.StringObject)
        self.serial = 0
        sign = -1 if newest_first else 1

        def compare(a, b, _data):
            x, y = int(a.get_string().split()[1]), int(b.get_string().split()[1])
            return sign * ((x > y) - (x < y))

        # Filled before the view sees it, as an app loads its cache first: a view made over an
        # unsorted model keeps its focus on the item that was first, wherever sorting moves it.
        for _ in range(count):
            self.append_item()
        self.sorted = Gtk.SortListModel(model=self.items, sorter=Gtk.CustomSorter.new(compare, None))
        factory = Gtk.SignalListItemFactory()
        factory.connect("setup", lambda _f, item: item.set_child(Gtk.Label(xalign=0, margin_top=10, margin_bottom=10)))
        factory.connect("bind", lambda _f, item: item.get_child().set_label(item.get_item().get_string()))
        self.view = Gtk.ListView(model=Gtk.NoSelection(model=self.sorted), factory=factory,
                                 single_click_activate=True)
        self.activated = []
        self.clicks = 0
        self.long_presses = 0
        self.view.connect("activate", lambda _v, position: self.activated.append(position))

    def append_item(self):
        self.serial += 1
        self.items.append(Gtk.StringObject.new(f"Item {self.serial}"))

    def insert_newest(self, n):
        for _ in range(n):
            self.append_item()

    def clear(self):
        self.items.remove_all()

    def append(self, _title):
        self.append_item()

    def first_row(self):
        return None


# MARK: - The app

class App:
    def __init__(self):
        self.refreshes = 0
        self.window = Gtk.Window(default_width=400, default_height=600, title="Feeds")
        newest_first = FIXTURE != "oldest-first"
        if FIXTURE == "treeview":
            self.feed = TreeViewFeed()
            self.bin = self.feed.bin
            self.scrolled = self.feed.scrolled
            self.window.add(self.bin)
        else:
            self.feed = ListViewFeed(newest_first) if FIXTURE.endswith("-first") else ListBoxFeed()
            self.scrolled = FeedScroller()
            self.scrolled.set_vexpand(True)
            # The app as it was: its scrolled window a titled stack page with an icon.
            if GTK4:
                self.scrolled.set_child(self.feed.view)
                self.stack = Adw.ViewStack() if Adw is not None else Gtk.Stack()
                page = self.stack.add_titled(self.scrolled, "feeds", "Feeds")
                page.set_icon_name("view-list-symbolic")
                self.window.set_child(self.stack)
            else:
                self.scrolled.add(self.feed.view)
                self.stack = Gtk.Stack()
                self.stack.add_titled(self.scrolled, "feeds", "Feeds")
                self.stack.child_set_property(self.scrolled, "icon-name", "view-list-symbolic")
                self.window.add(self.stack)
            self.wrap_the_packed_scrolled_window()
        self.bin.connect("refresh", self.on_refresh)
        self.inserted_at_top = 0

    def wrap_the_packed_scrolled_window(self):
        """docs/real-apps.md, "1. The bin goes between the scrolled window and its parent": its page moves to the bin."""
        if GTK4:
            page = self.stack.get_page(self.scrolled)
            name, title, icon = page.get_name(), page.get_title(), page.get_icon_name()
            self.stack.remove(self.scrolled)
            self.bin = Ptr.RefreshBin(child=self.scrolled)
            self.stack.add_titled(self.bin, name, title).set_icon_name(icon)
        else:
            name = self.stack.child_get_property(self.scrolled, "name")
            title = self.stack.child_get_property(self.scrolled, "title")
            icon = self.stack.child_get_property(self.scrolled, "icon-name")
            self.stack.remove(self.scrolled)
            self.bin = Ptr.RefreshBin()
            self.bin.add(self.scrolled)
            self.stack.add_titled(self.bin, name, title)
            self.stack.child_set_property(self.bin, "icon-name", icon)

    def on_refresh(self, bin):
        self.refreshes += 1
        if FIXTURE == "refill":
            GLib.timeout_add(FEED_DELAY, self.done_then_refill, bin)
        else:
            GLib.timeout_add(FEED_DELAY, self.feed_arrived, bin, 1)

    def feed_arrived(self, bin, feed):
        """One source answered while the refresh runs: its items go in now, as real apps do."""
        self.feed.insert_newest(PER_FEED)
        if feed < FEEDS:
            GLib.timeout_add(FEED_DELAY, self.feed_arrived, bin, feed + 1)
        else:
            # Sorted oldest first, the new items went in at the end: none at the top.
            bin.end_refreshing(True, 0 if FIXTURE == "oldest-first" else FEEDS * PER_FEED)
        return GLib.SOURCE_REMOVE

    def done_then_refill(self, bin):
        """The app's own "done" ends the refresh, then it clears the list and refills it in idles."""
        bin.end_refreshing(True, 0)
        self.feed.clear()
        for chunk in range(4):
            GLib.idle_add(self.refill, chunk)
        return GLib.SOURCE_REMOVE

    def refill(self, chunk):
        for i in range(10):
            self.feed.append(f"Refilled {chunk * 10 + i}")
        return GLib.SOURCE_REMOVE

    def show(self):
        if GTK4:
            self.window.present()
        else:
            self.window.show_all()
        adjustment = self.scrolled.get_vadjustment()
        check(run_until(lambda: adjustment.get_upper() > adjustment.get_page_size() > 0),
              "the list laid out its rows")
        run_for(0.3)
        if FIXTURE != "treeview":
            check(self.stack.get_visible_child() is self.bin, "the bin is the stack's visible page")

    # MARK: Geometry, as the pointer sees it (no window manager: the window is at 0,0)

    def list_origin(self):
        view = self.feed.view
        if GTK4:
            x, y = view.translate_coordinates(self.window, 0, 0)[-2:]
            dx, dy = self.window.get_native().get_surface_transform()
            return x + dx, y + dy
        return view.translate_coordinates(self.window, 0, 0)

    def at_top(self):
        adjustment = self.scrolled.get_vadjustment()
        return adjustment.get_value() - adjustment.get_lower() < 0.5

    def idle(self):
        return self.bin.props.header_state == Ptr.HeaderState.IDLE

    def wait_idle(self, seconds=10):
        return run_until(self.idle, seconds)


app = App()
app.show()
x0, y0 = app.list_origin()
x, y = int(x0 + 100), int(y0 + 60)
xdotool("mousemove", x, y)

# One notch alone does not refresh, nor two a second apart.
xdotool("click", 4)
run_for(1.0)
check(app.refreshes == 0 and app.wait_idle(), "one wheel notch at the top does not refresh")
xdotool("click", 4, "sleep", 1.0, "click", 4)
run_for(1.0)
check(app.refreshes == 0 and app.wait_idle(), "two notches a second apart do not refresh")

# Four notches 400 ms apart refresh, and the rows the feeds insert meanwhile end in view.
xdotool("click", 4, "sleep", 0.4, "click", 4, "sleep", 0.4, "click", 4, "sleep", 0.4, "click", 4)
check(run_until(lambda: app.refreshes == 1, 3), "four wheel notches 400 ms apart refresh")
check(app.wait_idle(), "the refresh ended")
run_for(0.3)
check(app.at_top(), f"after the refresh the list is at its top (value {app.scrolled.get_vadjustment().get_value()})")
if FIXTURE == "treeview":
    path, _column, _cx, cy = app.feed.view.get_path_at_pos(10, 10) or (None, None, 0, 0)
    check(path is not None and path.get_indices()[0] == 0, "the newest row is the first on screen")
elif FIXTURE in ("listbox", "refill"):
    first = app.feed.first_row()
    fy = first.translate_coordinates(app.scrolled, 0, 0)[-1]
    check(0 <= fy < first.get_allocated_height(), f"the list's first row is on screen at the top (y {fy})")
    expected = "Refilled 0" if FIXTURE == "refill" else f"Item {app.feed.serial}"
    check(app.feed.row_title(first) == expected, f"the first row is {expected!r}, not {app.feed.row_title(first)!r}")

# A 200 px drag from a row arms: no row looks pressed once the pull has the drag, none is
# activated, and the release refreshes; the next drag pulls again.
for attempt in (1, 2):
    activated = len(app.feed.activated)
    xdotool("mousemove", x, y, "mousedown", 1, *sum((["mousemove_relative", "--", 0, 10, "sleep", 0.016]
                                                     for _ in range(20)), []))
    state = app.bin.props.header_state
    check(state == Ptr.HeaderState.ARMED, f"drag {attempt}: 200 px of drag arm the header (state {state.value_nick})")
    if app.feed.first_row() is not None:
        pressed = [r for r in (app.feed.view.get_row_at_index(i) for i in range(3))
                   if r is not None and r.get_state_flags() & Gtk.StateFlags.ACTIVE]
        check(not pressed, f"drag {attempt}: no row looks pressed while the pull has the drag")
    xdotool("mouseup", 1)
    check(run_until(lambda: app.refreshes == 1 + attempt, 3), f"drag {attempt}: the release refreshes")
    check(app.wait_idle(), f"drag {attempt}: the refresh ended")
    run_for(0.3)
    check(len(app.feed.activated) == activated, f"drag {attempt}: the pull activated no row")
    check(app.at_top(), f"drag {attempt}: the list is at its top after the refresh "
                        f"(value {app.scrolled.get_vadjustment().get_value()})")
    xdotool("mousemove", x, y)

# A click on a row still reaches the app.
activated, clicks = len(app.feed.activated), app.feed.clicks
xdotool("mousemove", x, y + 40, "click", 1)
check(run_until(lambda: len(app.feed.activated) > activated, 2), "a click on a row activates it")
if isinstance(app.feed, ListBoxFeed):
    check(app.feed.clicks > clicks, "a click reaches the row's own gesture")

# F5 refreshes.
refreshes = app.refreshes
xdotool("key", "F5")
check(run_until(lambda: app.refreshes == refreshes + 1, 3), "F5 refreshes")
check(app.wait_idle(), "the F5 refresh ended")

app.window.destroy()
run_for(0.2)
verdict()
