#!/usr/bin/python3
"""Bad input through GObject Introspection gets what GTK gives (docs/gobject-api.md, "Bad input"):
an error from PyGObject or a message in a log domain, the value unchanged, no row lost, no crash;
as bad_input.c from C (where the library's own checks answer).

Usage: bad_input.py 3|4      (run without G_DEBUG=fatal-criticals: it provokes criticals)
Prints "all checks passed" and exits 0, or exits 1."""
import sys

from gi.repository import GLib

from checks import check, run_for, toolkit, verdict

gtk4 = sys.argv[1] == "4"
Gtk, Ptr = toolkit(sys.argv[1])

DOMAIN = "Ptr4" if gtk4 else "Ptr"
logged = []
levels = GLib.LogLevelFlags.LEVEL_MASK | GLib.LogLevelFlags.FLAG_FATAL | GLib.LogLevelFlags.FLAG_RECURSION
for domain in (DOMAIN, "GLib-GObject", "Gtk", None):
    GLib.log_set_handler(domain, levels, lambda d, level, message, _data: logged.append((d, int(level), message)), None)


def logged_once(mark, level, text):
    """Exactly one message since `mark`: in the library's domain, at `level`, containing `text`."""
    new = logged[mark:]
    ok = len(new) == 1 and new[0][0] == DOMAIN and new[0][1] & level and text in new[0][2]
    if not ok:
        print(f"     logged: {new}")
    return ok


CRITICAL = GLib.LogLevelFlags.LEVEL_CRITICAL
if not gtk4:
    Gtk.init([])
bin = Ptr.RefreshBin(header_style=Ptr.HeaderStyle.CLASSIC, footer_mode=Ptr.FooterMode.PULL)

# PyGObject refuses an unknown enum value itself; set through the property, GObject's own check
# refuses it. Either way the value stays.
for call in (lambda: bin.set_header_style(42), lambda: bin.set_header_style(Ptr.HeaderStyle(42))):
    try:
        call()
        check(False, "set_header_style(42) is refused")
    except (TypeError, ValueError) as error:
        check(True, f"set_header_style(42) is refused by PyGObject ({error})")
mark = len(logged)
bin.set_property("header-style", 42)
check(len(logged) == mark + 1 and logged[mark][0] == "GLib-GObject" and "header-style" in logged[mark][2],
      f"set_property header-style 42: GObject's warning ({logged[mark:]})")
check(bin.get_header_style() == Ptr.HeaderStyle.CLASSIC, "the style is unchanged")
try:
    bin.set_footer_mode(-1)
    check(False, "set_footer_mode(-1) is refused")
except (TypeError, ValueError) as error:
    check(True, f"set_footer_mode(-1) is refused by PyGObject ({error})")
check(bin.get_footer_mode() == Ptr.FooterMode.PULL, "the mode is unchanged")

# A shown list: a refresh and a load that end with a negative count still end.
rows = Gtk.ListBox()
for i in range(40):
    label = Gtk.Label(label=f"Row {i}")
    rows.append(label) if gtk4 else rows.add(label)
scrolled = Gtk.ScrolledWindow()
window = Gtk.Window(default_width=360, default_height=480)
if gtk4:
    scrolled.set_child(rows)
    bin.set_child(scrolled)
    window.set_child(bin)
    window.present()
else:
    scrolled.add(rows)
    bin.add(scrolled)
    window.add(bin)
    window.show_all()
bin.connect("refresh", lambda _bin: None)
bin.connect("load-more", lambda _bin: None)
run_for(0.3)

bin.begin_refreshing()
run_for(0.1)
check(bin.props.refreshing, "begin_refreshing: refreshing")
mark = len(logged)
bin.end_refreshing(True, -3)
check(logged_once(mark, CRITICAL, "inserted_at_top"), f"end_refreshing(-3): a critical in {DOMAIN}")
check(not bin.props.refreshing, "end_refreshing(-3): the refresh ended")
run_for(1.0)

bin.load_more()
run_for(0.1)
check(bin.props.loading, "load_more: loading")
mark = len(logged)
bin.end_loading(-1, False, True)
check(logged_once(mark, CRITICAL, "added"), f"end_loading(-1): a critical in {DOMAIN}")
check(not bin.props.loading, "end_loading(-1): the load ended")
check(all(domain for domain, _level, _message in logged), f"every message has a log domain ({logged})")
window.destroy()
verdict()
