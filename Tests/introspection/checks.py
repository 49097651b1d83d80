"""What the check scripts here share: the "ok"/"FAIL" lines, the verdict, running the main loop,
and loading one toolkit's library. GLib only until `toolkit` chooses a GTK version."""
import importlib
import sys

import gi
from gi.repository import GLib

failures = []


def check(condition, message):
    """Prints "ok   message" or "FAIL message" (and remembers the failure); returns condition."""
    print(("ok   " if condition else "FAIL ") + message, flush=True)
    if not condition:
        failures.append(message)
    return condition


def run_until(done, seconds=10):
    """Iterates the main loop until done() (True) or the deadline (False)."""
    context = GLib.MainContext.default()
    deadline = GLib.get_monotonic_time() + int(seconds * 1_000_000)
    while not done():
        if GLib.get_monotonic_time() > deadline:
            return False
        if not context.iteration(False):
            GLib.usleep(1000)
    return True


def run_for(seconds):
    """Iterates the main loop for `seconds`."""
    run_until(lambda: False, seconds)


def verdict():
    """Exits 1 naming the failed checks, or prints "all checks passed" and exits 0."""
    if failures:
        print(f"{len(failures)} check(s) failed")
        sys.exit(1)
    print("all checks passed")
    sys.exit(0)


def toolkit(version):
    """Gtk and the library for GTK `version` ("3" or "4"): (Gtk, Ptr) or (Gtk, Ptr4)."""
    namespace = "Ptr4" if version == "4" else "Ptr"
    gi.require_version("Gtk", "4.0" if version == "4" else "3.0")
    gi.require_version(namespace, "1.0")
    return importlib.import_module("gi.repository.Gtk"), importlib.import_module(f"gi.repository.{namespace}")
