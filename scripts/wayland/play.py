#!/usr/bin/python3
"""Plays a scenario on refresh-demo under a headless mutter (scripts/wayland/session.sh).

    session.sh -- /usr/bin/python3 scripts/wayland/play.py --demo PATH SCENARIO.json

The scenario is a JSON list of steps run in order. Input goes through mutter's RemoteDesktop
API over ONE D-Bus connection (a RemoteDesktop session ends with the connection that created
it), with a ScreenCast stream of the monitor for touch and absolute pointer motion. The demo's
trace lines are echoed on stdout as they arrive; after each run a line
{"event":"harness-exit","status":N,"stderr":"…"} follows. Any step that misses its deadline stops
the scenario: the reason goes to stderr and the exit status is 1. docs/wayland.md lists
the steps.

Coordinates are logical px relative to the list's top left (the demo's `window` trace line).
Debian's /usr/bin/python3 has `gi`.
"""
import json
import subprocess
import sys
import threading
import time

from gi.repository import Gio, GLib

RD_BUS = "org.gnome.Mutter.RemoteDesktop"
RD_PATH = "/org/gnome/Mutter/RemoteDesktop"
SC_BUS = "org.gnome.Mutter.ScreenCast"
SC_PATH = "/org/gnome/Mutter/ScreenCast"

# NotifyPointerAxis flags (org.gnome.Mutter.RemoteDesktop.xml).
AXIS_FINISH, AXIS_SOURCE_WHEEL, AXIS_SOURCE_FINGER = 1, 2, 4
BUTTON_LEFT = 0x110
# evdev key codes.
KEYS = {
    "ctrl": 29, "shift": 42, "alt": 56, "super": 125,
    "F5": 63, "End": 107, "Home": 102, "Page_Down": 109, "Page_Up": 104, "Left": 105, "Right": 106,
    "Up": 103, "Down": 108, "Return": 28, "Escape": 1,
    "q": 16, "w": 17, "f": 33, "r": 19,
}


class Failure(Exception):
    pass


# A step is an object with one of these keys (its kind) and options beside it.
KINDS = ("launch", "wait", "place", "origin", "mark", "absent", "exit", "pause", "move", "click", "key",
         "drag", "touch", "touchpad", "wheel", "repeat")


def kind_of(step):
    kinds = [key for key in step if key in KINDS]
    if len(kinds) != 1:
        raise Failure(f"a step needs exactly one of {', '.join(KINDS)}")
    return kinds[0]


class Input:
    """One RemoteDesktop session (with its ScreenCast stream), on one connection."""

    def __init__(self):
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        session_path = self.call(RD_BUS, RD_PATH, RD_BUS, "CreateSession", None, "(o)")[0]
        self.session = session_path
        session_id = self.property(RD_BUS, session_path, RD_BUS + ".Session", "SessionId")
        sc_session = self.call(SC_BUS, SC_PATH, SC_BUS, "CreateSession",
                               GLib.Variant("(a{sv})", ({"remote-desktop-session-id": GLib.Variant("s", session_id)},)),
                               "(o)")[0]
        self.stream = self.call(SC_BUS, sc_session, SC_BUS + ".Session", "RecordMonitor",
                                GLib.Variant("(sa{sv})", ("", {})), "(o)")[0]
        started = []
        self.bus.signal_subscribe(SC_BUS, SC_BUS + ".Stream", "PipeWireStreamAdded", self.stream, None,
                                  Gio.DBusSignalFlags.NONE, lambda *args: started.append(True))
        self.rd("Start")
        # Absolute motion and touch need the stream to run (its PipeWire node exists).
        deadline = time.monotonic() + 10
        context = GLib.MainContext.default()
        while not started:
            if time.monotonic() > deadline:
                raise Failure("the ScreenCast stream never started (is PipeWire running?)")
            context.iteration(False)
            time.sleep(0.005)
        self.slot = 0
        # Measured with mutter 43.8: the first event of each of the session's virtual devices
        # is lost (they are created on first use). Spend it on the empty desktop, before any
        # window exists: a pointer motion, a Shift tap, a touch.
        self.move(1, 1)
        self.key("shift", True)
        self.key("shift", False)
        self.touch_down(1, 1)
        self.touch_up()

    def call(self, bus_name, path, interface, method, args=None, reply=None):
        result = self.bus.call_sync(bus_name, path, interface, method, args,
                                    GLib.VariantType(reply) if reply else None,
                                    Gio.DBusCallFlags.NONE, 5000, None)
        return result.unpack() if result is not None else None

    def property(self, bus_name, path, interface, name):
        return self.call(bus_name, path, "org.freedesktop.DBus.Properties", "Get",
                         GLib.Variant("(ss)", (interface, name)), "(v)")[0]

    def rd(self, method, signature=None, *args):
        self.call(RD_BUS, self.session, RD_BUS + ".Session", method,
                  GLib.Variant(signature, args) if signature else None)

    def move(self, x, y):
        self.rd("NotifyPointerMotionAbsolute", "(sdd)", self.stream, float(x), float(y))

    def button(self, pressed):
        self.rd("NotifyPointerButton", "(ib)", BUTTON_LEFT, pressed)

    def axis(self, dx, dy, flags):
        self.rd("NotifyPointerAxis", "(ddu)", float(dx), float(dy), flags)

    def notch(self, steps):
        self.rd("NotifyPointerAxisDiscrete", "(ui)", 0, steps)

    def key(self, name, pressed):
        if name not in KEYS:
            raise Failure(f"unknown key {name!r}")
        self.rd("NotifyKeyboardKeycode", "(ub)", KEYS[name], pressed)

    def key_chord(self, names):
        for name in names:
            self.key(name, True)
        for name in reversed(names):
            self.key(name, False)

    def touch_down(self, x, y):
        self.rd("NotifyTouchDown", "(sudd)", self.stream, self.slot, float(x), float(y))

    def touch_motion(self, x, y):
        self.rd("NotifyTouchMotion", "(sudd)", self.stream, self.slot, float(x), float(y))

    def touch_up(self):
        self.rd("NotifyTouchUp", "(u)", self.slot)
        self.slot = (self.slot + 1) % 10

    def close(self):
        try:
            self.rd("Stop")
        except GLib.Error:
            pass


class Demo:
    """One refresh-demo process; its trace lines are read on a thread."""

    def __init__(self, binary, arguments):
        self.process = subprocess.Popen([binary] + arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines = []
        self.cursor = 0
        self.marks = {}
        # The list's top left in the window, from the last `window` trace line: step coordinates
        # are relative to it (the window sits at the monitor's top left, maximized or tiled).
        self.origin = (0, 0)
        # The monitor's scale: the ScreenCast stream's coordinates (absolute motion, touch) are
        # device px, the demo's are logical px.
        self.scale = 1
        self.pinned_origin = False
        # A touch since the last pointer step: the pointer must come back first (`point`).
        self.touched = False
        self.arrived = threading.Condition()
        self.stderr = b""
        self.readers = [threading.Thread(target=self.read_stdout, daemon=True),
                        threading.Thread(target=self.read_stderr, daemon=True)]
        for reader in self.readers:
            reader.start()

    def read_stdout(self):
        for raw in self.process.stdout:
            text = raw.decode("utf-8", "replace").rstrip("\n")
            sys.stdout.write(text + "\n")
            sys.stdout.flush()
            try:
                line = json.loads(text)
            except ValueError:
                continue
            with self.arrived:
                if line.get("event") == "window":
                    self.scale = line["scale"]
                    if not self.pinned_origin:
                        self.origin = (line["x"], line["y"])
                self.lines.append(line)
                self.arrived.notify_all()
        with self.arrived:
            self.arrived.notify_all()

    def read_stderr(self):
        self.stderr = self.process.stderr.read()

    def mark(self):
        with self.arrived:
            self.cursor = len(self.lines)

    def wait(self, fields, timeout):
        """The first line from the cursor on whose fields match; the cursor moves past it."""
        deadline = time.monotonic() + timeout
        with self.arrived:
            while True:
                for index in range(self.cursor, len(self.lines)):
                    line = self.lines[index]
                    if all(line.get(key) == value for key, value in fields.items()):
                        self.cursor = index + 1
                        return line
                remaining = deadline - time.monotonic()
                if remaining <= 0 or self.process.poll() is not None and self.process.stdout.closed:
                    raise Failure(f"no trace line matching {fields} within {timeout} s")
                self.arrived.wait(min(remaining, 0.1))

    def absent(self, fields, start):
        with self.arrived:
            for line in self.lines[start:]:
                if all(line.get(key) == value for key, value in fields.items()):
                    raise Failure(f"unexpected trace line {line}")

    def wait_window(self, fields, timeout):
        """Until the latest `window` line's fields match (the window's current place)."""
        deadline = time.monotonic() + timeout
        with self.arrived:
            while True:
                latest = next((line for line in reversed(self.lines) if line.get("event") == "window"), {})
                if all(latest.get(key) == value for key, value in fields.items()):
                    return latest
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise Failure(f"the window never matched {fields} (last: {latest})")
                self.arrived.wait(min(remaining, 0.1))

    def wait_exit(self, timeout):
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            raise Failure(f"the demo did not exit within {timeout} s")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.drain()

    def drain(self):
        """Until both pipes are read to their end (the process has exited)."""
        for reader in self.readers:
            reader.join(5)


def pause(ms):
    """The time between two input events of one gesture (part of the gesture: its speed)."""
    time.sleep(ms / 1000)


def enter(rd, demo, x, y, timeout):
    """Moves the pointer to the list's (x, y) until the demo says it entered its window there.
    Measured with mutter 43.8: a window just maximized still takes the pointer at its old place
    for a moment (the enter's coordinates say so), then loses it when it moves, and gets it back
    only on a later motion; a press in between goes nowhere (the drag that follows is lost)."""
    deadline = time.monotonic() + timeout
    ox, oy = demo.origin
    nudge = 0
    while True:
        rd.move(x + nudge, y)
        try:
            demo.wait_window({"pointer": True, "pointerX": round(ox + x + nudge), "pointerY": round(oy + y)}, 0.2)
            break
        except Failure:
            if time.monotonic() > deadline:
                raise Failure("the pointer never entered the window where it was put")
            nudge = 1 - nudge
    rd.move(x, y)


def point(rd, demo, x, y, timeout):
    """Puts the pointer at the list's (x, y) for a pointer step (click, drag, touchpad, wheel).
    Measured with mutter 43.8: a touch hides the cursor and takes the pointer from the window
    (its `window` line says pointer false); a later motion gives it back, but not always the
    first: a touchpad pull right after touches went nowhere, every axis event lost. After a
    touch, then, wait for that leave, and move until the window has the pointer again.
    Seen once with mutter 48 after a fast touch fling: 15 s of 1 px moves never gave it back. A
    move inside the area the compositor last picked may skip its pick, so the first try and every
    fifth go 300 px away first."""
    if demo.touched:
        demo.wait_window({"pointer": False}, timeout)
        deadline = time.monotonic() + timeout
        tries = 0
        while True:
            if tries % 5 == 0:
                rd.move(x + 300 if x < 300 else x - 300, y)
                pause(50)
            rd.move(x + tries % 2, y)
            try:
                demo.wait_window({"pointer": True}, 0.2)
                break
            except Failure as failure:
                if time.monotonic() > deadline:
                    raise Failure(f"the pointer never came back to the window after a touch ({failure})")
                tries += 1
        demo.touched = False
    rd.move(x, y)


def lerp(a, b, t):
    return a + (b - a) * t


class Translated:
    """The input with coordinates relative to the demo's list."""

    def __init__(self, rd, demo):
        self.rd, self.demo = rd, demo

    def __getattr__(self, name):
        method = getattr(self.rd, name)
        if name not in ("move", "touch_down", "touch_motion"):
            return method
        (ox, oy), scale = self.demo.origin, self.demo.scale
        return lambda x, y: method((ox + x) * scale, (oy + y) * scale)


def play(steps, binary, raw):
    demo = None
    try:
        for number, step in enumerate(steps):
            kind = kind_of(step)
            if kind == "repeat":
                # {"repeat": [steps…], "until": {fields}, "times": n}: the steps again until a
                # trace line matches (the one gesture that scrolls far enough), at most n times.
                if demo is None:
                    raise Failure(f"step {number} (repeat) before any launch")
                for _ in range(step.get("times", 20)):
                    for inner in step["repeat"]:
                        demo = run_step(inner, demo, binary, raw)
                    if "until" not in step:
                        continue
                    try:
                        demo.wait(step["until"], step.get("settle", 0.5))
                        break
                    except Failure:
                        continue
                else:
                    if "until" in step:
                        raise Failure(f"no trace line matching {step['until']} after {step.get('times', 20)} rounds")
                continue
            demo = run_step(step, demo, binary, raw)
        return 0
    except (Failure, GLib.Error) as error:
        sys.stderr.write(f"play.py: step {number} {json.dumps(step)}: {error}\n")
        return 1
    finally:
        if demo is not None:
            demo.stop()
            if demo.stderr:
                sys.stderr.write(demo.stderr.decode("utf-8", "replace"))


def run_step(step, demo, binary, raw):
    """Runs one step; returns the demo process now running (None after an exit step)."""
    kind = kind_of(step)
    value = step[kind]
    timeout = step.get("timeout", 15)
    rd = Translated(raw, demo) if demo is not None else None
    if kind == "launch":
        demo = Demo(binary, value)
    elif demo is None:
        raise Failure(f"{kind} before any launch")
    elif kind == "wait":
        demo.wait(value, timeout)
    elif kind == "place":
        # {"state": "maximized", "width": W, …}: until the latest `window` line says so
        # (the demo run with --maximized sits at the monitor's top left from its first
        # frame); then the pointer goes to the list's centre, and the window must see it
        # enter there. {"keys": ["super", "Up"], …} first presses mutter's shortcut on
        # the focused window.
        if "keys" in value:
            demo.wait_window({"active": True}, timeout)
            rd.key_chord(value["keys"])
        placed = demo.wait_window({k: v for k, v in value.items() if k != "keys"}, timeout)
        enter(rd, demo, placed["width"] // 2, placed["height"] // 2, timeout)
    elif kind == "origin":
        # [x, y]: the list's top left on the monitor, for a window left where mutter
        # placed it (coordinates are then relative to this point).
        demo.origin, demo.pinned_origin = tuple(value), True
    elif kind == "mark":
        # "name": remembers this point of the trace for a later "absent".
        demo.marks[value] = len(demo.lines)
    elif kind == "absent":
        # {fields}, "since": name: no trace line since that mark matches.
        demo.absent(value, demo.marks[step["since"]])
    elif kind == "exit":
        status = demo.wait_exit(timeout)
        demo.drain()
        record = {"event": "harness-exit", "status": status,
                  "stderr": demo.stderr.decode("utf-8", "replace")}
        sys.stdout.write(json.dumps(record) + "\n")
        sys.stdout.flush()
        demo = None
    elif kind == "pause":
        # Part of a gesture (a finger held still, a gap between two gestures), never a
        # wait for the app: waits are on trace lines.
        pause(value)
    elif kind == "move":
        rd.move(*value)
    elif kind == "click":
        demo.mark()
        point(rd, demo, *value, timeout)
        rd.button(True)
        rd.button(False)
    elif kind == "key":
        demo.mark()
        rd.key_chord(value if isinstance(value, list) else [value])
    elif kind in ("drag", "touch"):
        # {"from": [x, y], "to": [x, y], "steps": n, "interval": ms, "hold": ms, "key": name}
        demo.mark()
        (x0, y0), (x1, y1) = value["from"], value["to"]
        count, interval = value.get("steps", 10), value.get("interval", 16)
        if kind == "drag":
            point(rd, demo, x0, y0, timeout)
            rd.button(True)
        else:
            demo.touched = True
            rd.touch_down(x0, y0)
        for i in range(1, count + 1):
            pause(interval)
            x, y = lerp(x0, x1, i / count), lerp(y0, y1, i / count)
            rd.move(x, y) if kind == "drag" else rd.touch_motion(x, y)
        if "key" in value:
            # A key while the button or finger is still down (F: a frame of the pull as it is).
            rd.key_chord([value["key"]])
        pause(value.get("hold", 0))
        rd.button(False) if kind == "drag" else rd.touch_up()
    elif kind == "touchpad":
        # {"at": [x, y], "dy": total, "dx": total, "steps": n, "interval": ms, "finish": bool}
        demo.mark()
        point(rd, demo, *value["at"], timeout)
        count, interval = value.get("steps", 10), value.get("interval", 10)
        for _ in range(count):
            rd.axis(value.get("dx", 0) / count, value.get("dy", 0) / count, AXIS_SOURCE_FINGER)
            pause(interval)
        if value.get("finish", True):
            rd.axis(0, 0, AXIS_SOURCE_FINGER | AXIS_FINISH)
    elif kind == "wheel":
        # {"at": [x, y], "notches": n (negative: up), "interval": ms}
        demo.mark()
        point(rd, demo, *value["at"], timeout)
        notches = value["notches"]
        for _ in range(abs(notches)):
            rd.notch(-1 if notches < 0 else 1)
            pause(value.get("interval", 30))
    else:
        raise Failure(f"unknown step {kind!r}")
    return demo


def main():
    arguments = sys.argv[1:]
    if len(arguments) != 3 or arguments[0] != "--demo":
        sys.stderr.write("usage: play.py --demo PATH SCENARIO.json|-\n")
        return 2
    binary, source = arguments[1], arguments[2]
    steps = json.load(sys.stdin if source == "-" else open(source))
    try:
        rd = Input()
    except (Failure, GLib.Error) as error:
        sys.stderr.write(f"play.py: no RemoteDesktop session: {error}\n")
        return 1
    try:
        return play(steps, binary, rd)
    finally:
        rd.close()


if __name__ == "__main__":
    sys.exit(main())
