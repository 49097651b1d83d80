#!/usr/bin/python3
"""Walks applications' accessibility trees over AT-SPI, continuously, as a screen reader would.

Usage: a11y-walk.py PID [PID ...] [--seconds N] [--actions]

For each running process PID on the accessibility bus: walks its tree from the root
(GetChildren and GetChildAtIndex, and on every object its name, description, role, states,
attributes, relations, index in parent, parent, interfaces, extents and actions), again
and again until every PID has left the bus or N seconds passed. Objects vanishing mid-walk
(UnknownObject, an error or a timeout) are expected and counted, never fatal. With --actions it
also runs the "refresh" and "load-more" actions of the lists it meets (at most one per second).

Prints one line when it found the first application ("walking") and, at the end,
"walked: passes=… objects=… errors=… actions=…". Exit status 0; 2 for bad usage; 77 when the
accessibility bus cannot be reached. Raw D-Bus (PyGObject's Gio), so that nothing is cached on
this side: every read reaches the application's bridge.
"""
import sys
import time

try:
    from gi.repository import Gio, GLib
except Exception as error:  # pragma: no cover - environment
    print(f"SKIP: PyGObject is not importable: {error}")
    sys.exit(77)

ROOT = "/org/a11y/atspi/accessible/root"
ACCESSIBLE = "org.a11y.atspi.Accessible"
TIMEOUT_MS = 2000
MAX_OBJECTS_PER_PASS = 3000


def usage():
    print(__doc__)
    sys.exit(2)


args = sys.argv[1:]
seconds = 600.0
run_actions = False
pids = set()
i = 0
while i < len(args):
    if args[i] == "--seconds" and i + 1 < len(args):
        seconds = float(args[i + 1])
        i += 2
    elif args[i] == "--actions":
        run_actions = True
        i += 1
    elif args[i].isdigit():
        pids.add(int(args[i]))
        i += 1
    else:
        usage()
if not pids:
    usage()

try:
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                                GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, TIMEOUT_MS, None).unpack()[0]
    bus = Gio.DBusConnection.new_for_address_sync(
        address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
        None, None)
except Exception as error:
    print(f"SKIP: no accessibility bus: {error}")
    sys.exit(77)

stats = {"passes": 0, "objects": 0, "errors": 0, "actions": 0}
last_action = 0.0


def call(name, path, interface, method, parameters=None, reply=None):
    """One method call; None when the object (or the application) is gone."""
    try:
        result = bus.call_sync(name, path, interface, method, parameters,
                               GLib.VariantType(reply) if reply else None, Gio.DBusCallFlags.NO_AUTO_START,
                               TIMEOUT_MS, None)
        return result.unpack() if result is not None else ()
    except GLib.Error:
        stats["errors"] += 1
        return None


def prop(name, path, interface, key):
    value = call(name, path, "org.freedesktop.DBus.Properties", "Get", GLib.Variant("(ss)", (interface, key)), "(v)")
    return value[0] if value else None


def applications():
    """Bus name → pid for the processes asked for that are on the bus now."""
    found = {}
    names = call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames", None, "(as)")
    for unique in (names[0] if names else []):
        if not unique.startswith(":"):
            continue
        pid = call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                   "GetConnectionUnixProcessID", GLib.Variant("(s)", (unique,)), "(u)")
        if pid and pid[0] in pids:
            found[unique] = pid[0]
    return found


def maybe_act(name, path, role):
    """Runs a list's refresh or load-more action, now and then (an AT's DoAction)."""
    global last_action
    if not run_actions or role not in (31, 39) or time.monotonic() - last_action < 1.0:  # LIST, PANEL
        return
    actions = call(name, path, "org.a11y.atspi.Action", "GetActions", None, "(a(sss))")
    for index in range(len(actions[0]) if actions else 0):
        # GetActions gives the localized names; GetName the action's own.
        action = call(name, path, "org.a11y.atspi.Action", "GetName", GLib.Variant("(i)", (index,)), "(s)")
        if action and action[0] in ("refresh", "load-more"):
            if call(name, path, "org.a11y.atspi.Action", "DoAction", GLib.Variant("(i)", (index,)), "(b)"):
                stats["actions"] += 1
                last_action = time.monotonic()
            return


def walk(name):
    """One pass over an application's tree; the number of objects read."""
    queue = [ROOT]
    seen = set()
    while queue and len(seen) < MAX_OBJECTS_PER_PASS:
        path = queue.pop(0)
        if path in seen:
            continue
        seen.add(path)
        stats["objects"] += 1
        prop(name, path, ACCESSIBLE, "Name")
        prop(name, path, ACCESSIBLE, "Description")
        prop(name, path, ACCESSIBLE, "Parent")
        prop(name, path, ACCESSIBLE, "ChildCount")
        role = call(name, path, ACCESSIBLE, "GetRole", None, "(u)")
        call(name, path, ACCESSIBLE, "GetState", None, "(au)")
        call(name, path, ACCESSIBLE, "GetAttributes", None, "(a{ss})")
        call(name, path, ACCESSIBLE, "GetIndexInParent", None, "(i)")
        call(name, path, ACCESSIBLE, "GetRelationSet", None, "(a(ua(so)))")
        interfaces = call(name, path, ACCESSIBLE, "GetInterfaces", None, "(as)")
        # Only the interfaces the object has (the bridge logs a critical for any other).
        if interfaces and "org.a11y.atspi.Component" in interfaces[0]:
            call(name, path, "org.a11y.atspi.Component", "GetExtents", GLib.Variant("(u)", (0,)), "((iiii))")
        if interfaces and "org.a11y.atspi.Action" in interfaces[0]:
            call(name, path, "org.a11y.atspi.Action", "GetActions", None, "(a(sss))")
            if role:
                maybe_act(name, path, role[0])
        children = call(name, path, ACCESSIBLE, "GetChildren", None, "(a(so))")
        for index in range(len(children[0]) if children else 0):
            call(name, path, ACCESSIBLE, "GetChildAtIndex", GLib.Variant("(i)", (index,)), "((so))")
        for bus_name, child in (children[0] if children else []):
            if bus_name == name and child not in seen:
                queue.append(child)
    return len(seen)


deadline = time.monotonic() + seconds
announced = False
ever_seen = False
while time.monotonic() < deadline:
    apps = applications()
    if not apps:
        if ever_seen:
            break  # every application left the bus
        time.sleep(0.05)
        continue
    ever_seen = True
    if not announced:
        print("walking", flush=True)
        announced = True
    for unique in apps:
        walk(unique)
    stats["passes"] += 1
print("walked: " + " ".join(f"{key}={value}" for key, value in stats.items()), flush=True)
