"""Ptr4RefreshBin (GTK 4) through GObject Introspection (PyGObject): made by g_object_new (GtkBuilder
is builder_check.py's, in a process per case), with no handlers, with its child replaced, and
disposed mid-refresh.
Run by Tests/RefreshDemoTests/Gtk4IntrospectionTests.swift under Xvfb with GI_TYPELIB_PATH and
LD_LIBRARY_PATH pointing at an installed PREFIX only (docs/gobject-api.md)."""
import sys
import unittest

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Ptr4", "1.0")
from gi.repository import Gdk, GLib, Gtk, Ptr4  # noqa: E402


from checks import run_for, run_until  # noqa: E402


def scrolled_list(rows=60):
    box = Gtk.ListBox()
    for i in range(rows):
        box.append(Gtk.Label(label=f"Row {i}", xalign=0, margin_top=8, margin_bottom=8))
    return Gtk.ScrolledWindow(child=box)


class Window:
    """A shown window holding `bin`; its rows are laid out when this returns."""

    def __init__(self, bin):
        self.bin = bin
        self.window = Gtk.Window(default_width=400, default_height=600, child=bin)
        self.window.present()
        child = bin.get_child()
        if isinstance(child, Gtk.ScrolledWindow):
            adjustment = child.get_vadjustment()
            assert run_until(lambda: adjustment.get_upper() > adjustment.get_page_size() > 0), \
                "the list never laid out its rows"
        run_for(0.05)

    def close(self):
        self.window.destroy()
        run_for(0.05)


def wheel(bin, dy):
    """One wheel notch (dy -1 up, 1 down) as the bin's capture-phase scroll controller gets it."""
    controllers = bin.observe_controllers()
    for i in range(controllers.get_n_items()):
        controller = controllers.get_item(i)
        if isinstance(controller, Gtk.EventControllerScroll):
            return controller.emit("scroll", 0.0, float(dy))
    raise AssertionError("the bin has no scroll controller")


def key(bin, keyval):
    """One key press as the bin's capture-phase key controller gets it; True: the bin took it."""
    controllers = bin.observe_controllers()
    for i in range(controllers.get_n_items()):
        controller = controllers.get_item(i)
        if isinstance(controller, Gtk.EventControllerKey):
            return controller.emit("key-pressed", keyval, 0, Gdk.ModifierType(0))
    raise AssertionError("the bin has no key controller")


def string_store(count):
    store = Gtk.StringList()
    for i in range(count):
        store.append(f"Item {i}")
    return store


def label_factory():
    factory = Gtk.SignalListItemFactory()
    factory.connect("setup", lambda _f, item: item.set_child(Gtk.Label(xalign=0, margin_top=8, margin_bottom=8)))
    factory.connect("bind", lambda _f, item: item.get_child().set_label(item.get_item().get_string()))
    return factory


def list_view(store):
    return Gtk.ListView(model=Gtk.NoSelection(model=store), factory=label_factory())


def grid_view(store):
    return Gtk.GridView(model=Gtk.NoSelection(model=store), factory=label_factory(), max_columns=3)


def column_view(store):
    view = Gtk.ColumnView(model=Gtk.NoSelection(model=store))
    view.append_column(Gtk.ColumnViewColumn(title="Title", factory=label_factory(), expand=True))
    return view


def text_view(_store):
    view = Gtk.TextView(editable=False)
    view.get_buffer().set_text("\n".join(f"Line {i}" for i in range(120)))
    return view


class AnyScrolledWindowTests(unittest.TestCase):
    """The bin gives pull-to-refresh and load-more to whatever scrolls in the GtkScrolledWindow."""

    def check(self, make):
        store = string_store(120)
        scrolled = Gtk.ScrolledWindow(child=make(store))
        bin = Ptr4.RefreshBin(child=scrolled)
        window = Window(bin)
        refreshes, loads = [], []

        def on_refresh(b):
            refreshes.append(1)
            store.splice(0, 0, ["New 0", "New 1", "New 2"])
            b.end_refreshing(True, 3)

        def on_load(b):
            loads.append(1)
            for i in range(10):
                store.append(f"More {i}")
            b.end_loading(10, False, True)

        bin.connect("refresh", on_refresh)
        bin.connect("load-more", on_load)
        for _ in range(5):
            wheel(bin, -1)
            run_for(0.03)
        self.assertTrue(run_until(lambda: refreshes and bin.props.header_state == Ptr4.HeaderState.IDLE),
                        "wheel notches at the top did not refresh")
        self.assertEqual(refreshes, [1])
        adjustment = scrolled.get_vadjustment()
        adjustment.set_value(adjustment.get_upper() - adjustment.get_page_size())
        self.assertTrue(run_until(lambda: loads and bin.props.footer_state == Ptr4.FooterState.IDLE),
                        "reaching the end did not load")
        self.assertEqual(loads, [1])
        window.close()

    def test_a_list_view(self):
        self.check(list_view)

    def test_a_grid_view(self):
        self.check(grid_view)

    def test_a_column_view(self):
        self.check(column_view)

    def test_a_text_view(self):
        self.check(text_view)


class RefreshBin4Tests(unittest.TestCase):
    def test_tab_reaches_the_footer_but_an_editable_text_view_keeps_it(self):
        # The footer is Tab's stop after the rows while it offers a retry; an editable text view
        # types Tab, as on GTK 3 (docs/behaviour.md, "Keyboard and accessibility").
        view = Gtk.TextView(editable=False)
        view.get_buffer().set_text("\n".join(f"Line {i}" for i in range(300)))
        bin = Ptr4.RefreshBin(child=Gtk.ScrolledWindow(child=view))
        bin.connect("load-more", lambda b: b.end_loading(0, False, False))
        window = Window(bin)
        view.grab_focus()
        self.assertTrue(key(bin, Gdk.KEY_End), "End was not the bin's")
        self.assertTrue(run_until(lambda: bin.props.footer_state == Ptr4.FooterState.FAILED), "End did not load")
        run_for(0.3)
        view.set_editable(True)
        self.assertFalse(key(bin, Gdk.KEY_Tab), "the bin took an editable text view's Tab")
        self.assertIs(window.window.get_focus(), view)
        view.set_editable(False)
        self.assertTrue(key(bin, Gdk.KEY_Tab), "Tab from a read-only text view did not reach the footer")
        self.assertIsInstance(window.window.get_focus(), Gtk.Button)
        window.close()

    def test_in_a_box_the_bin_fills_the_height_its_child_expands_into(self):
        # As AdwBin: a scrolled window with vexpand makes the bin expand; a box under a header
        # otherwise gives the bin its minimum height (one row of the list).
        scrolled = scrolled_list()
        scrolled.set_vexpand(True)
        bin = Ptr4.RefreshBin(child=scrolled)
        self.assertTrue(bin.compute_expand(Gtk.Orientation.VERTICAL))
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        box.append(Gtk.Label(label="a header bar"))
        box.append(bin)
        window = Gtk.Window(default_width=400, default_height=600, child=box)
        window.present()
        self.assertTrue(run_until(lambda: box.get_height() >= 600), "the window was never laid out")
        run_for(0.05)
        label_height = box.get_first_child().get_height()
        self.assertEqual(bin.get_height(), box.get_height() - label_height)
        window.destroy()
        run_for(0.05)

    def test_the_private_api_is_not_introspected(self):
        for name in ["set_hooks", "set_child_offset", "set_ticking", "set_adopting", "report_header_state",
                     "emit_refresh", "has_handler"]:
            self.assertFalse(hasattr(Ptr4.RefreshBin, name), name)
        for name in ["begin_refreshing", "end_refreshing", "end_loading", "load_more", "set_child"]:
            self.assertTrue(hasattr(Ptr4.RefreshBin, name), name)

    def test_properties_given_to_the_constructor_apply(self):
        bin = Ptr4.RefreshBin(child=scrolled_list(), header_style=Ptr4.HeaderStyle.PLAIN,
                              footer_mode=Ptr4.FooterMode.NONE)
        window = Window(bin)
        loads = []
        bin.connect("load-more", lambda b: loads.append(1))
        # footer-mode none: nothing loads, whatever asks.
        bin.load_more()
        child = bin.get_child().get_vadjustment()
        child.set_value(child.get_upper() - child.get_page_size())
        run_for(0.3)
        self.assertEqual(loads, [])
        self.assertEqual(bin.props.footer_state, Ptr4.FooterState.IDLE)
        # Back to auto, the method loads.
        bin.props.footer_mode = Ptr4.FooterMode.AUTO
        bin.load_more()
        self.assertTrue(run_until(lambda: loads))
        self.assertTrue(bin.props.loading)
        window.close()

    def test_without_handlers_a_refresh_succeeds_and_a_load_finds_nothing(self):
        bin = Ptr4.RefreshBin(child=scrolled_list())
        window = Window(bin)
        states = []
        bin.connect("header-state-changed", lambda _b, s: states.append(s))
        bin.begin_refreshing()
        self.assertTrue(run_until(lambda: states and states[-1] == Ptr4.HeaderState.IDLE))
        self.assertEqual(states, [Ptr4.HeaderState.REFRESHING, Ptr4.HeaderState.FINISHING, Ptr4.HeaderState.IDLE])
        self.assertIsNotNone(bin.props.last_updated)
        bin.load_more()
        self.assertTrue(run_until(lambda: bin.props.footer_state == Ptr4.FooterState.NO_MORE_DATA))
        window.close()

    def test_a_bin_without_a_child_does_nothing_until_it_gets_one(self):
        bin = Ptr4.RefreshBin()
        refreshes = []
        bin.connect("refresh", lambda b: refreshes.append(1))
        bin.begin_refreshing()
        bin.end_refreshing(True, 0)
        bin.load_more()
        self.assertEqual((refreshes, bin.props.refreshing), ([], False))
        bin.set_child(scrolled_list())
        window = Window(bin)
        bin.begin_refreshing()
        self.assertTrue(run_until(lambda: refreshes))
        window.close()

    def test_replacing_the_child_ends_the_refresh_and_the_new_child_refreshes(self):
        bin = Ptr4.RefreshBin(child=scrolled_list())
        window = Window(bin)
        refreshes, notified = [], []
        bin.connect("refresh", lambda b: refreshes.append(b.get_child()))
        bin.connect("notify::refreshing", lambda b, _spec: notified.append(b.props.refreshing))
        first = bin.get_child()
        bin.begin_refreshing()
        self.assertTrue(run_until(lambda: refreshes))
        second = scrolled_list()
        bin.set_child(second)
        self.assertIsNone(first.get_parent())
        self.assertEqual((bin.props.refreshing, bin.props.header_state), (False, Ptr4.HeaderState.IDLE))
        self.assertEqual(notified, [True, False])
        # The old scrolled window no longer drives the bin.
        adjustment = first.get_vadjustment()
        adjustment.set_value(adjustment.get_upper())
        bin.end_refreshing(True, 0)
        run_for(0.2)
        self.assertEqual(bin.props.header_state, Ptr4.HeaderState.IDLE)
        bin.begin_refreshing()
        self.assertTrue(run_until(lambda: len(refreshes) == 2))
        self.assertIs(refreshes[1], second)
        bin.set_child(None)
        self.assertIsNone(bin.get_child())
        self.assertFalse(bin.props.refreshing)
        window.close()

    def test_a_bin_taken_out_of_its_window_mid_refresh_ends_it(self):
        # The app still holds the bin: its refresh can no longer be shown, so it ends, notified
        # (an app binding a spinner to `refreshing` must not read TRUE for ever).
        for how in ("the window destroyed", "taken out of the window"):
            bin = Ptr4.RefreshBin(child=scrolled_list())
            window = Window(bin)
            refreshes, notified = [], []
            bin.connect("refresh", lambda b: refreshes.append(1))
            bin.begin_refreshing()
            self.assertTrue(run_until(lambda: refreshes), how)
            bin.connect("notify::refreshing", lambda b, _spec: notified.append(b.props.refreshing))
            if how == "the window destroyed":
                window.close()
            else:
                window.window.set_child(None)
                run_for(0.05)
            self.assertEqual((bin.props.refreshing, bin.props.header_state, notified),
                             (False, Ptr4.HeaderState.IDLE, [False]), how)
            bin.end_refreshing(True, 3)  # the app's answer comes later: a no-op
            self.assertFalse(bin.props.refreshing, how)
            if how != "the window destroyed":
                window.close()

    def test_disposing_the_bin_mid_refresh_drops_the_refresh(self):
        bin = Ptr4.RefreshBin(child=scrolled_list())
        window = Window(bin)
        refreshes, states = [], []
        bin.connect("refresh", lambda b: refreshes.append(1))
        bin.connect("header-state-changed", lambda _b, s: states.append(s))
        bin.begin_refreshing()
        self.assertTrue(run_until(lambda: refreshes))
        window.window.set_child(None)
        window.close()
        # What the last unref does (Python still holds one): the Swift side goes with the child,
        # and later calls reach nothing.
        bin.run_dispose()
        self.assertIsNone(bin.get_child())
        states.clear()
        bin.end_refreshing(True, 0)
        bin.begin_refreshing()
        bin.load_more()
        run_for(0.1)
        self.assertEqual((refreshes, states), ([1], []))

if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v"])
