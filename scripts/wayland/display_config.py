#!/usr/bin/python3
"""Sets the one monitor's integer scale through org.gnome.Mutter.DisplayConfig (a temporary
configuration, as Settings applies it), and waits until mutter reports it.

    display_config.py --scale N

mutter 43 offers a scale only if the logical monitor keeps an area of at least 800×480 logical
px (docs/wayland.md): scale 2 needs at least 1,536,000 device px, e.g. 720×2160 (the phone profile).
"""
import sys
import time

from gi.repository import Gio, GLib

BUS = "org.gnome.Mutter.DisplayConfig"
PATH = "/org/gnome/Mutter/DisplayConfig"


def state(bus):
    reply = bus.call_sync(BUS, PATH, BUS, "GetCurrentState", None, None, Gio.DBusCallFlags.NONE, 5000, None)
    return reply.unpack()


def main():
    if len(sys.argv) != 3 or sys.argv[1] != "--scale":
        sys.stderr.write("usage: display_config.py --scale N\n")
        return 2
    scale = float(sys.argv[2])
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    serial, monitors, _, _ = state(bus)
    if len(monitors) != 1:
        sys.stderr.write(f"display_config.py: expected one monitor, found {len(monitors)}\n")
        return 1
    spec, modes, _ = monitors[0]
    mode = next((m for m in modes if m[6].get("is-current")), modes[0])
    mode_id, _, _, _, _, scales, _ = mode
    if not any(abs(s - scale) < 1e-6 for s in scales):
        sys.stderr.write(f"display_config.py: mode {mode_id} offers scales {scales}, not {scale}\n")
        return 1
    logical = [(0, 0, scale, 0, True, [(spec[0], mode_id, {})])]
    bus.call_sync(BUS, PATH, BUS, "ApplyMonitorsConfig",
                  GLib.Variant("(uua(iiduba(ssa{sv}))a{sv})", (serial, 1, logical, {})),
                  None, Gio.DBusCallFlags.NONE, 5000, None)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if any(abs(lm[2] - scale) < 1e-6 for lm in state(bus)[2]):
            return 0
        time.sleep(0.02)
    sys.stderr.write("display_config.py: the scale was not applied within 10 s\n")
    return 1


if __name__ == "__main__":
    sys.exit(main())
