#!/usr/bin/python3
"""The GTK 4 bin's header follows the desktop's font and theme while the app runs
(docs/gtk4-notes.md, "What the code does"): a header held open (a refresh) redraws in the new font
size and family and in the dark palette as soon as they change, and the next refresh keeps them.

Usage: theme4_check.py listbox|listview|columnview|textview

Reads the screen with ImageMagick's `import` (the window is undecorated, at the Xvfb screen's top
left). Prints "all checks passed" and exits 0, or exits 1."""
import subprocess
import sys
import tempfile

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("GdkPixbuf", "2.0")
gi.require_version("Ptr4", "1.0")
from gi.repository import GdkPixbuf, GLib, Gtk, Ptr4  # noqa: E402

from checks import check, run_for, verdict  # noqa: E402

WIDTH, HEADER = 400, 60  # the classic header's held height
settings = Gtk.Settings.get_default()
settings.props.gtk_font_name = "DejaVu Sans 10"
settings.props.gtk_application_prefer_dark_theme = False


def make_list(kind):
    strings = Gtk.StringList.new([f"Row {i}" for i in range(60)])
    if kind == "listbox":
        box = Gtk.ListBox()
        for i in range(60):
            box.append(Gtk.Label(label=f"Row {i}"))
        return box
    if kind == "textview":
        view = Gtk.TextView()
        view.get_buffer().set_text("\n".join(f"Line {i}" for i in range(80)))
        return view
    factory = Gtk.SignalListItemFactory()
    factory.connect("setup", lambda _f, item: item.set_child(Gtk.Label()))
    factory.connect("bind", lambda _f, item: item.get_child().set_label(item.get_item().get_string()))
    model = Gtk.NoSelection(model=strings)
    if kind == "listview":
        return Gtk.ListView(model=model, factory=factory)
    view = Gtk.ColumnView(model=model)
    view.append_column(Gtk.ColumnViewColumn(title="Title", factory=factory, expand=True))
    return view


def header_pixels():
    """The header's gap as rows of (r, g, b), read from the screen: under a column view's header
    row, which stays put (docs/gtk4-notes.md, "The pinned column header")."""
    top = view.get_first_child().get_height() if isinstance(view, Gtk.ColumnView) else 0
    with tempfile.NamedTemporaryFile(suffix=".png") as shot:
        subprocess.run(["import", "-window", "root", "-crop", f"{WIDTH}x{HEADER}+0+{top}", shot.name], check=True)
        image = GdkPixbuf.Pixbuf.new_from_file(shot.name)
    n, stride, data = image.get_n_channels(), image.get_rowstride(), image.get_pixels()
    return [[tuple(data[y * stride + x * n:y * stride + x * n + 3]) for x in range(WIDTH)] for y in range(HEADER)]


def ink(pixels):
    """The text's ink: the pixels far from the gap's background (its top left corner)."""
    background = pixels[0][0]
    return [(x, y) for y, row in enumerate(pixels) for x, p in enumerate(row)
            if sum(abs(a - b) for a, b in zip(p, background)) > 150]


def height(points):
    ys = [y for _x, y in points]
    return max(ys) - min(ys) + 1 if ys else 0


def luminance(rgb):
    return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]


view = make_list(sys.argv[1])
bin = Ptr4.RefreshBin(child=Gtk.ScrolledWindow(child=view), header_style=Ptr4.HeaderStyle.CLASSIC)
bin.connect("refresh", lambda _bin: None)
window = Gtk.Window(default_width=WIDTH, default_height=600, child=bin, decorated=False)
window.present()
run_for(0.5)
bin.begin_refreshing()
run_for(1.0)
check(bin.props.refreshing, "the header is held open (refreshing)")
small = header_pixels()
check(len(ink(small)) > 100, f"the held header shows its text ({len(ink(small))} ink pixels)")

# The font grows while the header is held: its text is redrawn taller at once.
settings.props.gtk_font_name = "DejaVu Sans 15"
run_for(0.5)
large = header_pixels()
check(height(ink(large)) >= height(ink(small)) + 6,
      f"a larger font: the held header's text is taller ({height(ink(small))} → {height(ink(large))} px)")

# Another family at the same size: other glyphs.
settings.props.gtk_font_name = "DejaVu Serif 15"
run_for(0.5)
serif = header_pixels()
check(set(ink(serif)) != set(ink(large)), "another family: the held header's glyphs change")

# The dark theme while the header is held: a dark gap and light text.
settings.props.gtk_application_prefer_dark_theme = True
run_for(0.5)
dark = header_pixels()
check(luminance(dark[0][0]) < 90, f"the dark theme: the gap's background is dark ({dark[0][0]})")
text = [dark[y][x] for x, y in ink(dark)]
check(text and max(luminance(p) for p in text) > 150, "the dark theme: the text is light")

# The next refresh keeps the new font and theme.
bin.end_refreshing(True, 0)
run_for(1.0)
bin.begin_refreshing()
run_for(1.0)
again = header_pixels()
check(abs(height(ink(again)) - height(ink(serif))) <= 1 and luminance(again[0][0]) < 90,
      f"the next refresh: the same font and theme ({height(ink(again))} px, background {again[0][0]})")
window.destroy()
verdict()
