"""PtrRefreshBin (and PtrRefreshList) through GObject Introspection (PyGObject): a Python app's own Gtk.TreeView in a
bin made with g_object_new, driven by synthesized wheel events under Xvfb. Run by
Tests/RefreshGtkTests/IntrospectionTests.swift with GI_TYPELIB_PATH and LD_LIBRARY_PATH pointing
at an installed PREFIX only (docs/gobject-api.md)."""
import gc
import sys
import unittest

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
gi.require_version("Ptr", "1.0")
from gi.repository import Gdk, GLib, GObject, Gtk, Ptr  # noqa: E402

from gi_events import drain, run_until, scroll  # noqa: E402

UP, DOWN = Gdk.ScrollDirection.UP, Gdk.ScrollDirection.DOWN


class App:
    """A window with a Gtk.TreeView in a Gtk.ScrolledWindow, given pull-to-refresh by a bin."""

    def __init__(self, rows=60):
        self.window = Gtk.Window()
        self.window.set_default_size(400, 600)
        self.store = Gtk.ListStore(str)
        for i in range(rows):
            self.store.append([f"Row {i}"])
        self.tree = Gtk.TreeView(model=self.store)
        self.tree.append_column(Gtk.TreeViewColumn("Title", Gtk.CellRendererText(), text=0))
        self.scrolled = Gtk.ScrolledWindow()
        self.scrolled.add(self.tree)
        # The lines an app adds:
        self.bin = Ptr.RefreshBin()
        self.bin.add(self.scrolled)
        self.window.add(self.bin)

        self.refreshes = self.loads = 0
        self.header_states, self.footer_states, self.notified = [], [], []
        self.bin.connect("refresh", self.on_refresh)
        self.bin.connect("load-more", self.on_load_more)
        self.bin.connect("header-state-changed", lambda _b, s: self.header_states.append(s))
        self.bin.connect("footer-state-changed", lambda _b, s: self.footer_states.append(s))
        self.bin.connect("notify", lambda _b, spec: self.notified.append(spec.name))
        self.window.show_all()
        self.adjustment = self.scrolled.get_vadjustment()
        assert run_until(lambda: self.adjustment.get_upper() > self.adjustment.get_page_size() > 0), \
            "the tree view never laid out its rows"
        drain()

    def on_refresh(self, bin):
        self.assert_state(bin.props.refreshing, "refreshing is TRUE when refresh is emitted")
        self.refreshes += 1

    def on_load_more(self, bin):
        self.assert_state(bin.props.loading, "loading is TRUE when load-more is emitted")
        self.loads += 1

    @staticmethod
    def assert_state(value, message):
        if not value:
            raise AssertionError(message)

    def wheel(self, direction, notches=1):
        for _ in range(notches):
            scroll(self.tree, 100, 100, direction)


class RefreshBinTests(unittest.TestCase):
    def setUp(self):
        self.app = App()

    def tearDown(self):
        if self.app is not None:
            self.app.window.destroy()
            drain()

    def test_properties_read_back_and_notify(self):
        bin = self.app.bin
        self.assertEqual(bin.props.header_style, Ptr.HeaderStyle.JIKE)
        self.assertEqual(bin.props.footer_mode, Ptr.FooterMode.AUTO)
        self.assertFalse(bin.props.refreshing)
        self.assertFalse(bin.props.loading)
        self.assertIsNone(bin.props.last_updated)
        self.assertEqual(bin.props.header_state, Ptr.HeaderState.IDLE)
        self.app.notified.clear()
        bin.props.header_style = Ptr.HeaderStyle.CLASSIC
        self.assertEqual(bin.get_header_style(), Ptr.HeaderStyle.CLASSIC)
        bin.set_footer_mode(Ptr.FooterMode.PULL)
        self.assertEqual(bin.props.footer_mode, Ptr.FooterMode.PULL)
        bin.props.footer_mode = Ptr.FooterMode.PULL  # no change: no notify
        self.assertEqual(self.app.notified, ["header-style", "footer-mode"])
        when = GLib.DateTime.new_from_unix_local(1_700_000_000)
        bin.props.last_updated = when
        self.assertTrue(bin.props.last_updated.equal(when))
        self.assertEqual(self.app.notified[-1], "last-updated")
        # GObject's own checks: the read-only ones cannot be set.
        self.assertFalse(GObject.ParamFlags.WRITABLE & bin.find_property("refreshing").flags)
        self.assertFalse(GObject.ParamFlags.WRITABLE & bin.find_property("loading").flags)
        # The enums are registered GEnum types.
        self.assertEqual(GObject.type_name(Ptr.HeaderState.__gtype__), "PtrHeaderState")
        self.assertEqual(GObject.type_name(Ptr.FooterState.__gtype__), "PtrFooterState")

    def test_wheel_at_the_top_refreshes_once_and_shows_the_rows_it_brought(self):
        app, bin = self.app, self.app.bin
        app.wheel(UP)
        self.assertEqual(bin.props.header_state, Ptr.HeaderState.PULLING)
        self.assertTrue(run_until(lambda: bin.props.header_state == Ptr.HeaderState.IDLE))
        self.assertEqual(app.refreshes, 0, "one notch does not refresh")
        app.notified.clear()
        app.wheel(UP, 3)
        self.assertEqual(bin.props.header_state, Ptr.HeaderState.ARMED)
        self.assertTrue(run_until(lambda: app.refreshes == 1), "refresh was not emitted")
        self.assertTrue(bin.props.refreshing)
        self.assertIn("refreshing", app.notified)
        self.assertIn(Ptr.HeaderState.REFRESHING, app.header_states)
        # The app prepends its rows and ends the refresh; the header collapses.
        upper = app.adjustment.get_upper()
        for i in range(5):
            app.store.prepend([f"New {i}"])
        bin.end_refreshing(True, 5)
        self.assertFalse(bin.props.refreshing)
        self.assertTrue(run_until(lambda: bin.props.header_state == Ptr.HeaderState.IDLE), "the header never collapsed")
        self.assertEqual(app.header_states[-2:], [Ptr.HeaderState.FINISHING, Ptr.HeaderState.IDLE])
        self.assertEqual(app.refreshes, 1, "refresh was emitted more than once")
        self.assertIsNotNone(bin.props.last_updated)
        self.assertIn("last-updated", app.notified)
        # The refresh began at the top: the new rows took the header's place, the list rests at
        # its top (docs/behaviour.md, "Refresh lifecycle"), and a notch up pulls again at once.
        self.assertGreater(app.adjustment.get_upper() - upper, 0)
        self.assertEqual(app.adjustment.get_value(), 0, "the new rows are above the view")
        self.assertEqual(len(app.store), 65)
        app.wheel(UP)
        self.assertEqual(bin.props.header_state, Ptr.HeaderState.PULLING)

    def test_reaching_the_bottom_loads_more_once(self):
        app, bin = self.app, self.app.bin
        for _ in range(200):
            if app.loads:
                break
            app.wheel(DOWN)
            drain()
        self.assertEqual(app.loads, 1, "load-more was not emitted at the bottom")
        self.assertTrue(bin.props.loading)
        self.assertEqual(bin.props.footer_state, Ptr.FooterState.LOADING)
        app.wheel(DOWN, 10)
        drain()
        self.assertEqual(app.loads, 1, "load-more was emitted again while loading")
        for i in range(20):
            app.store.append([f"More {i}"])
        bin.end_loading(20, False, True)
        self.assertFalse(bin.props.loading)
        self.assertIn(Ptr.FooterState.LOADING, app.footer_states)
        self.assertEqual(app.footer_states[-1], Ptr.FooterState.IDLE)
        self.assertEqual(app.loads, 1)

    def test_footer_mode_none_never_loads(self):
        """docs/behaviour.md#footer-and-load-more: no room below the rows, nothing loads, whatever asks."""
        app, bin = self.app, self.app.bin
        bin.set_footer_mode(Ptr.FooterMode.NONE)
        self.assertEqual(bin.props.footer_mode, Ptr.FooterMode.NONE)
        drain()
        app.wheel(DOWN, 200)
        drain()
        end = app.adjustment.get_upper() - app.adjustment.get_page_size()
        self.assertLessEqual(abs(app.adjustment.get_value() - end), 1, "the wheel did not reach the bottom")
        bin.load_more()
        drain()
        self.assertEqual(app.loads, 0, "load-more was emitted with no footer")
        self.assertFalse(bin.props.loading)
        self.assertEqual(bin.props.footer_state, Ptr.FooterState.IDLE)

    def test_begin_refreshing_from_code(self):
        app, bin = self.app, self.app.bin
        bin.begin_refreshing()
        self.assertTrue(run_until(lambda: app.refreshes == 1))
        bin.end_refreshing(False, 0)
        self.assertTrue(run_until(lambda: bin.props.header_state == Ptr.HeaderState.IDLE))
        self.assertIn(Ptr.HeaderState.FAILED, app.header_states)
        self.assertIsNone(bin.props.last_updated, "a failed refresh does not update last-updated")

    def test_destroying_the_window_leaves_nothing_alive(self):
        app = self.app
        self.app = None
        finalized = []
        for name in ("bin", "scrolled", "tree"):
            getattr(app, name).weak_ref(lambda name=name: finalized.append(name))
        app.bin.begin_refreshing()  # a running animation (frame tick) must go too
        app.window.destroy()
        del app
        gc.collect()
        drain()
        # The bin owned the Swift controller, which held the scrolled window: all are gone.
        self.assertEqual(sorted(finalized), ["bin", "scrolled", "tree"])


class RefreshListTests(unittest.TestCase):
    """Our own virtual list (PtrRefreshList) over a Gtk.ListStore(title, subtitle)."""

    def test_a_refresh_cycle_and_teardown(self):
        store = Gtk.ListStore(str, str)
        for i in range(40):
            store.append([f"Row {i}", "subtitle"])
        window = Gtk.Window(default_width=400, default_height=600)
        rlist = Ptr.RefreshList(model=store, header_style=Ptr.HeaderStyle.PLAIN)
        self.assertIs(rlist.props.model, store)
        self.assertEqual(rlist.props.header_style, Ptr.HeaderStyle.PLAIN)
        refreshes, notified = [], []
        rlist.connect("refresh", lambda l: refreshes.append(l))
        rlist.connect("notify::refreshing", lambda l, _p: notified.append(l.props.refreshing))
        window.add(rlist)
        window.show_all()
        drain()
        # A wheel pull on the list itself (its scrollable area is the child's child).
        area = rlist.get_child().get_child()
        for _ in range(4):
            scroll(area, 100, 100, UP)
        self.assertTrue(run_until(lambda: len(refreshes) == 1), "refresh was not emitted")
        self.assertTrue(rlist.props.refreshing)
        store.prepend(["New", "from the refresh"])
        rlist.end_refreshing(True, 1)
        self.assertFalse(rlist.props.refreshing)
        self.assertEqual(notified, [True, False])
        finalized = []
        rlist.weak_ref(lambda: finalized.append("list"))
        rlist.get_child().weak_ref(lambda: finalized.append("view"))  # the view's scrolled window
        area.weak_ref(lambda: finalized.append("area"))
        window.destroy()
        del rlist, window, area
        gc.collect()
        drain()
        self.assertEqual(sorted(finalized), ["area", "list", "view"])
        self.assertEqual(store.__grefcount__, 1, "the list still holds its model")


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=2).result
    sys.exit(0 if result.wasSuccessful() else 1)
