#!/usr/bin/python3
"""The GTK 4 bin's plain bar is the theme's accent, as GTK itself draws it (issue 46): in light and
dark, with the default and a custom accent, the bar read from the screen has the colour of a
suggested-action button (and of a selected row) GTK draws in the same window, and its text reads
on it. No expected colour comes from our palette code: only from GTK's drawing. The same holds for
a failed refresh's mark: its hue is the hue GTK gives an `.error` label in the same window; and
for the loading footer's text: as light or as dark as the text of a GTK label beside it, and
readable on the footer.

Usage: bar4_check.py

Reads the screen with ImageMagick's `import` (the window is undecorated, at the Xvfb screen's top
left; the pointer, at the screen's centre, is outside it). Prints "all checks passed" and exits 0,
or exits 1."""
import colorsys
import re
import subprocess
import tempfile

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
gi.require_version("GdkPixbuf", "2.0")
gi.require_version("Ptr4", "1.0")
from gi.repository import Gdk, GdkPixbuf, Gio, Gtk, Ptr4  # noqa: E402

from checks import check, run_for, verdict  # noqa: E402

WIDTH, HEIGHT = 600, 300  # the window; the screen is 800x700, its pointer at 400,350
BAR = 30  # the plain header's held height (Sources/Shared/RefreshDrawing/HeaderStyles.swift)
FOOTER = 44  # the footer's height (Tuning.footerHeight)
TOLERANCE = 2  # levels per channel
settings = Gtk.Settings.get_default()
settings.props.gtk_font_name = "DejaVu Sans 10"


def theme_css(dark):
    """GTK's own theme as this GTK version ships it (its Default theme, in libgtk's resources)."""
    path = f"/org/gtk/libgtk/theme/Default/Default-{'dark' if dark else 'light'}.css"
    try:
        return Gio.resources_lookup_data(path, Gio.ResourceLookupFlags.NONE).get_data().decode()
    except Exception:  # noqa: BLE001 (another layout of the theme: read no rule from it)
        return ""


def accent_css(colour, dark):
    """An app's recolouring of the accent, as an app or a theme does it: the named colours GTK's
    theme and libadwaita use for it. GTK 4.8's theme compiles the accent into its rules (button.
    suggested-action is `linear-gradient(to top, #2c7fe3 2px, #3584e4)`, not `@…`), so there the
    provider also restyles the button and the selected row with the named colour, as a theme
    does: the oracle is still GTK drawing that button and that row, not our code."""
    css = "".join(f"@define-color {name} {colour};\n" for name in (
        "accent_bg_color", "accent_color", "theme_selected_bg_color", "theme_unfocused_selected_bg_color"))
    theme = theme_css(dark)
    if "--accent-bg-color" in theme:  # a theme of CSS variables (GTK ≥ 4.16 may use them)
        css += f":root {{ --accent-bg-color: {colour}; --accent-color: {colour}; }}\n"
    # The theme's own rule for the button (its first block whose selector is that alone).
    rule = re.search(r"^button\.suggested-action\s*\{([^}]*)\}", theme, re.MULTILINE)
    if rule and "@" not in rule.group(1) and "var(" not in rule.group(1):
        css += "button.suggested-action { background-image: image(@accent_bg_color); border-color: @accent_bg_color; }\n"
        css += "row:selected { background-color: @theme_selected_bg_color; }\n"
    return css


def screen():
    """The window's pixels, as rows of (r, g, b)."""
    with tempfile.NamedTemporaryFile(suffix=".png") as shot:
        subprocess.run(["import", "-window", "root", "-crop", f"{WIDTH}x{HEIGHT}+0+0", shot.name], check=True)
        image = GdkPixbuf.Pixbuf.new_from_file(shot.name)
    n, stride, data = image.get_n_channels(), image.get_rowstride(), image.get_pixels()
    return [[tuple(data[y * stride + x * n:y * stride + x * n + 3]) for x in range(image.get_width())]
            for y in range(image.get_height())]


def bounds(widget, window):
    ok, rect = widget.compute_bounds(window)
    assert ok, f"no bounds for {widget}"
    return int(round(rect.origin.x)), int(round(rect.origin.y)), int(rect.size.width), int(rect.size.height)


def near(a, b):
    return all(abs(x - y) <= TOLERANCE for x, y in zip(a, b))


def relative_luminance(rgb):
    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def bin_beside(oracle, header_style, footer_mode=Ptr4.FooterMode.AUTO):
    """A window, presented: our bin over a list box of 40 labels (no row of its own in the accent),
    `oracle` (what GTK draws for the same look) at its right. Returns (window, bin, scrolled)."""
    rows = Gtk.ListBox(selection_mode=Gtk.SelectionMode.NONE)
    for i in range(40):
        rows.append(Gtk.Label(label=f"Row {i}"))
    scrolled = Gtk.ScrolledWindow(child=rows)
    bin = Ptr4.RefreshBin(child=scrolled, header_style=header_style, footer_mode=footer_mode,
                          width_request=360, hexpand=True)
    bin.connect("refresh", lambda _bin: None)
    bin.connect("load-more", lambda _bin: None)
    box = Gtk.Box(orientation=Gtk.Orientation.HORIZONTAL)
    box.append(bin)
    box.append(oracle)
    window = Gtk.Window(default_width=WIDTH, default_height=HEIGHT, child=box, decorated=False)
    window.present()
    run_for(0.5)
    return window, bin, scrolled


def ink_on(pixels, x, y, width, height, keep=lambda _p: True):
    """(paper, ink) of an area: its most common pixel (what is drawn on) and the kept pixel
    farthest from it (the ink of what is drawn)."""
    area = [p for j in range(y, y + height) for p in pixels[j][x:x + width]]
    paper = max(set(area), key=area.count)
    kept = [p for p in area if keep(p)] or area
    return paper, max(kept, key=lambda p: sum((a - b) ** 2 for a, b in zip(p, paper)))


def oracle_label(text):
    return Gtk.Label(label=text, margin_start=12, margin_end=12, margin_top=12, valign=Gtk.Align.START)


def look(name, dark, accent):
    settings.props.gtk_application_prefer_dark_theme = dark
    provider = None
    if accent:
        provider = Gtk.CssProvider()
        css = accent_css(accent, dark)
        print(f"     {name}: the app's CSS: {' '.join(css.split())}", flush=True)
        if hasattr(provider, "load_from_string"):  # GTK ≥ 4.12 (load_from_data is deprecated there)
            provider.load_from_string(css)
        else:
            provider.load_from_data(css.encode())
        Gtk.StyleContext.add_provider_for_display(Gdk.Display.get_default(), provider,
                                                  Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
    # Beside the bin, what GTK draws in the theme's accent: a suggested-action button, a selected row.
    button = Gtk.Button(label="Go", width_request=200, height_request=44)
    button.add_css_class("suggested-action")
    selected = Gtk.ListBox()
    for text in ("Selected", "Other"):
        selected.append(Gtk.Label(label=text, height_request=40))
    selected.select_row(selected.get_row_at_index(0))
    side = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=12, margin_start=12, margin_end=12,
                   margin_top=12, valign=Gtk.Align.START)
    side.append(button)
    side.append(selected)
    # The bin: the plain bar, held open by a refresh that never ends.
    window, bin, _scrolled = bin_beside(side, Ptr4.HeaderStyle.PLAIN)
    bin.begin_refreshing()
    run_for(1.0)
    check(bin.props.refreshing, f"{name}: the bar is held open (refreshing)")
    pixels = screen()

    bx, by, bw, _bh = bounds(bin, window)
    # The plain bar: the top BAR px of the bin's viewport, its text centred in it.
    bar = pixels[by + BAR // 2][bx + 4]
    right = pixels[by + BAR // 2][bx + bw - 5]
    ux, uy, uw, _uh = bounds(button, window)
    # The button's background inside its 1 px border, at its top (GTK 4.8 draws a gradient
    # whose top is the accent) and left of its centred label.
    drawn = pixels[uy + 2][ux + 12]
    rx, ry, _rw, rh = bounds(selected.get_row_at_index(0), window)
    row = pixels[ry + rh // 2][rx + 6]
    below = pixels[by + BAR + 4][bx + 4]
    print(f"     {name}: bar {bar} (right end {right}), button {drawn}, selected row {row}", flush=True)
    check(not near(bar, below), f"{name}: the bar ends at its {BAR} px ({below} under it: the list)")
    check(near(bar, right), f"{name}: the bar is one colour across ({bar} at its left, {right} at its right)")
    check(near(bar, drawn), f"{name}: the bar's colour {bar} is GTK's suggested-action button's {drawn}")
    check(near(bar, row), f"{name}: the bar's colour {bar} is GTK's selected row's {row}")
    # Its text: the pixel of the bar farthest from the bar's colour reads on it.
    band = [p for y in range(by + 2, by + BAR - 2) for p in pixels[y][bx:bx + bw]]
    ink = max(band, key=lambda p: sum((a - b) ** 2 for a, b in zip(p, bar)))
    ratio = contrast(ink, bar)
    check(ratio >= 3, f"{name}: the bar's text {ink} reads on it (contrast {ratio:.2f} ≥ 3)")
    window.destroy()
    if provider:
        Gtk.StyleContext.remove_provider_for_display(Gdk.Display.get_default(), provider)
    run_for(0.3)


def hue_and_saturation(rgb):
    h, s, _v = colorsys.rgb_to_hsv(*(c / 255 for c in rgb))
    return h * 360, s


def most_saturated(pixels, x, y, width, height):
    area = [pixels[j][i] for j in range(y, y + height) for i in range(x, x + width)]
    return max(area, key=lambda p: hue_and_saturation(p)[1] * max(p))


def failure_look(name, dark):
    """A failed refresh's mark (the J header's red "!") has the hue of GTK's own error ink."""
    settings.props.gtk_application_prefer_dark_theme = dark
    # What GTK draws in the theme's error colour: a label of the `error` class (full blocks: ink
    # without edges to read).
    error = oracle_label("\u2588\u2588\u2588")
    error.add_css_class("error")
    window, bin, _scrolled = bin_beside(error, Ptr4.HeaderStyle.JIKE)
    bin.begin_refreshing()
    run_for(1.0)
    bin.end_refreshing(False, 0)
    run_for(0.3)
    check(bin.props.header_state == Ptr4.HeaderState.FAILED, f"{name}: the header shows the failure")
    pixels = screen()
    bx, by, bw, _bh = bounds(bin, window)
    mark = most_saturated(pixels, bx, by, bw, 70)  # the J's held height
    ex, ey, ew, eh = bounds(error, window)
    ink = most_saturated(pixels, ex, ey, ew, eh)
    (mark_hue, mark_saturation), (ink_hue, _s) = hue_and_saturation(mark), hue_and_saturation(ink)
    apart = min(abs(mark_hue - ink_hue), 360 - abs(mark_hue - ink_hue))
    print(f"     {name}: the failure mark {mark}, GTK's error label {ink}", flush=True)
    check(mark_saturation >= 0.5, f"{name}: the failure mark {mark} is a colour, not grey")
    check(apart <= 20, f"{name}: the failure mark's hue {mark_hue:.0f}° is GTK's error ink's {ink_hue:.0f}° "
                       f"({apart:.0f}° apart)")
    window.destroy()
    run_for(0.3)


def footer_look(name, dark):
    """The loading footer's words are drawn in the theme's text colour: on the side of GTK's own
    label ink (light in dark, dark in light), readable on what is under them."""
    settings.props.gtk_application_prefer_dark_theme = dark
    label = oracle_label("Loading")
    # Pull mode: a load at the end holds the footer in view (docs/behaviour.md, "Footer and load-more").
    window, bin, scrolled = bin_beside(label, Ptr4.HeaderStyle.PLAIN, Ptr4.FooterMode.PULL)
    adjustment = scrolled.get_vadjustment()
    adjustment.set_value(adjustment.get_upper() - adjustment.get_page_size())
    run_for(0.3)
    bin.load_more()
    run_for(0.8)
    check(bin.props.loading, f"{name}: the footer is loading")
    pixels = screen()
    bx, by, bw, bh = bounds(bin, window)
    # Clear of the overlay scrollbar the scroll to the end shows at the right edge.
    # Clear of the overlay scrollbar the scroll to the end shows at the right edge; the words are
    # grey (the theme's text colour), the spinner beside them may be the accent.
    ground, words = ink_on(pixels, bx + 10, by + bh - FOOTER, bw - 34, FOOTER,
                           keep=lambda p: hue_and_saturation(p)[1] < 0.25)
    paper, gtk_ink = ink_on(pixels, *bounds(label, window))
    print(f"     {name}: footer words {words} on {ground}, GTK's label {gtk_ink} on {paper}", flush=True)
    light = relative_luminance(words) > relative_luminance(ground)
    check(light == (relative_luminance(gtk_ink) > relative_luminance(paper)),
          f"{name}: the footer's words {words} are {'lighter' if light else 'darker'} than under them, "
          f"as GTK's label ink {gtk_ink} is on {paper}")
    ratio = contrast(words, ground)
    check(ratio >= 3, f"{name}: the footer's words {words} read on {ground} (contrast {ratio:.2f} ≥ 3)")
    window.destroy()
    run_for(0.3)


def high_contrast_look(name, theme):
    """Under a high-contrast theme the held header's words are the theme's text colour at full
    strength, the ink GTK's own label beside it has (elsewhere they are drawn at 80 %)."""
    default_theme = settings.props.gtk_theme_name
    settings.props.gtk_theme_name = theme
    settings.props.gtk_application_prefer_dark_theme = False
    label = oracle_label("Refreshing")
    window, bin, _scrolled = bin_beside(label, Ptr4.HeaderStyle.CLASSIC)
    bin.begin_refreshing()
    run_for(1.0)
    check(bin.props.refreshing, f"{name}: the header is held open (refreshing)")
    pixels = screen()
    bx, by, bw, _bh = bounds(bin, window)
    ground, words = ink_on(pixels, bx + 10, by + 2, bw - 34, 56)  # the classic header's 60 px
    paper, gtk_ink = ink_on(pixels, *bounds(label, window))
    print(f"     {name}: header words {words} on {ground}, GTK's label {gtk_ink} on {paper}", flush=True)
    check(all(abs(a - b) <= 12 for a, b in zip(words, gtk_ink)),
          f"{name}: the header's words {words} are GTK's text ink {gtk_ink} at full strength")
    window.destroy()
    settings.props.gtk_theme_name = default_theme
    run_for(0.3)


print(f"     GTK {Gtk.get_major_version()}.{Gtk.get_minor_version()}.{Gtk.get_micro_version()}", flush=True)
look("light", False, None)
look("light, custom accent", False, "#9141ac")
look("dark", True, None)
look("dark, custom accent", True, "#26a269")
failure_look("light, failed", False)
failure_look("dark, failed", True)
footer_look("light, loading footer", False)
footer_look("dark, loading footer", True)
high_contrast_look("high contrast", "HighContrast")
verdict()
