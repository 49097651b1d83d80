#!/usr/bin/python3
"""GtkBuilder makes a bin from a .ui file in a fresh process (docs/gobject-api.md, "GtkBuilder and
init()"): run once per case by IntrospectionTests, so that no earlier test has registered the type.

Usage: builder_check.py 3|4 init|no-init

With `init`, Ptr.init() (Ptr4.init()) runs first and the .ui's bin refreshes; with `no-init`,
nothing has touched the library and GtkBuilder reports the type as unknown, which is why init()
exists. Prints "all checks passed" and exits 0, or exits 1."""
import sys

from gi.repository import GLib

from checks import check, run_until, toolkit, verdict

gtk4 = sys.argv[1] == "4"
Gtk, Ptr = toolkit(sys.argv[1])

CLASS = "Ptr4RefreshBin" if gtk4 else "PtrRefreshBin"
LIST = "GtkListBox" if gtk4 else "GtkTreeView"
UI = f"""
<interface>
  <object class="GtkWindow" id="window">
    <property name="default-width">400</property>
    <property name="default-height">600</property>
    <child>
      <object class="{CLASS}" id="bin">
        <property name="header-style">classic</property>
        <property name="footer-mode">pull</property>
        <child>
          <object class="GtkScrolledWindow" id="scrolled">
            <child>
              <object class="{LIST}" id="list"/>
            </child>
          </object>
        </child>
      </object>
    </child>
  </object>
</interface>
"""

if not gtk4:
    Gtk.init([])
builder = Gtk.Builder()
if sys.argv[2] == "no-init":
    try:
        builder.add_from_string(UI)
        check(False, f"without init(), GtkBuilder does not know {CLASS}")
    except GLib.Error as error:
        check(CLASS in error.message, f"without init(), GtkBuilder does not know {CLASS} ({error.message})")
else:
    Ptr.init()
    Ptr.init()  # a second call does nothing
    builder.add_from_string(UI)
    window, bin = builder.get_object("window"), builder.get_object("bin")
    check(isinstance(bin, Ptr.RefreshBin), f"the .ui made a {CLASS}")
    check(bin.get_child() is builder.get_object("scrolled"), "its child is the .ui's scrolled window")
    check(bin.props.header_style == Ptr.HeaderStyle.CLASSIC, "header-style from the .ui")
    check(bin.props.footer_mode == Ptr.FooterMode.PULL, "footer-mode from the .ui")
    refreshes = []
    bin.connect("refresh", lambda b: (refreshes.append(b.props.refreshing), b.end_refreshing(True, 0)))
    if gtk4:
        window.present()
    else:
        window.show_all()
    bin.begin_refreshing()
    check(run_until(lambda: refreshes and bin.props.header_state == Ptr.HeaderState.IDLE),
          "a refresh ran and the header came back to idle")
    check(refreshes == [True], f"one refresh, refreshing while it ran ({refreshes})")
    window.destroy()
verdict()
