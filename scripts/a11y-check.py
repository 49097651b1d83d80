#!/usr/bin/python3
"""Reads refresh-demo's accessibility tree with a real AT-SPI client (pyatspi) and checks it.

Usage: a11y-check.py PID [--latency SECONDS] [--list KIND --trace FILE]

The demo must run with the AT-SPI bridge (no NO_AT_BRIDGE) on this display and session bus,
started as: refresh-demo --rows 40 --latency 2 --fail-rate 0.5 --seed 8, in the C locale
(English texts); with that seed the first refresh succeeds, the first load fails and the retry
succeeds. The script drives it like a user (xdotool: a mouse drag held mid-pull,
End, Tab, Return) and like an AT (AtkAction "refresh", AtkSelection), and at each state prints
what an AT-SPI client reads: role, name, description, states, attributes, actions (with their
descriptions and key bindings), the focused child, and the events received.

--list treeview|listbox|textview: the demo runs with that --list and --trace (its stdout in
FILE); the script checks the PtrRefreshBin's panel instead of our list: the same status, busy
state, actions and footer, the app's own list still below it, and the trace's refresh.

Exit status 0: every check passed; 1: a check failed; 77: the environment cannot run it (no
pyatspi, no xdotool, the app never appeared).
"""
import json
import shutil
import subprocess
import sys
import time

try:
    import pyatspi
    from gi.repository import GLib
except Exception as error:  # pragma: no cover - environment
    print(f"SKIP: pyatspi is not importable: {error}")
    sys.exit(77)

if len(sys.argv) < 2:
    print(__doc__)
    sys.exit(2)
PID = int(sys.argv[1])
LATENCY = float(sys.argv[sys.argv.index("--latency") + 1]) if "--latency" in sys.argv else 2.0
KIND = sys.argv[sys.argv.index("--list") + 1] if "--list" in sys.argv else "virtual"
TRACE = sys.argv[sys.argv.index("--trace") + 1] if "--trace" in sys.argv else None
if KIND not in ("virtual", "treeview", "listbox", "textview") or (KIND != "virtual" and TRACE is None):
    print(__doc__)
    sys.exit(2)
if shutil.which("xdotool") is None:
    print("SKIP: xdotool is missing")
    sys.exit(77)

failures = []
events = []
report = {}


def pump(seconds=0.0):
    """Runs the GLib main loop (AT-SPI events arrive through it) for about `seconds`."""
    context = GLib.MainContext.default()
    end = time.monotonic() + seconds
    while True:
        while context.pending():
            context.iteration(False)
        if time.monotonic() >= end:
            return
        time.sleep(0.02)


def xdotool(*args):
    subprocess.run(["xdotool", *[str(a) for a in args]], check=True)
    pump(0.15)


def fresh(obj):
    try:
        obj.clearCache()
    except Exception:
        pass
    return obj


def states(obj):
    return sorted(pyatspi.stateToString(s) for s in fresh(obj).getState().getStates())


def attributes(obj):
    out = {}
    for pair in fresh(obj).getAttributes():
        key, _, value = pair.partition(":")
        out[key] = value
    return out


def actions(obj):
    try:
        action = obj.queryAction()
    except NotImplementedError:
        return []
    return [action.getName(i) for i in range(action.nActions)]


def action_info(obj, name):
    """(description, key binding) of the action called `name`, or None."""
    try:
        action = obj.queryAction()
    except NotImplementedError:
        return None
    for i in range(action.nActions):
        if action.getName(i) == name:
            return action.getDescription(i), action.getKeyBinding(i)
    return None


def focused_child(obj):
    for child in fresh(obj):
        try:
            if child is not None and "focused" in states(child):
                return child
        except Exception:
            pass  # a transient row that scrolled away while we read (it no longer exists)
    return None


def vanished(error):
    """The error of a read from an object that no longer exists: rows are transient children,
    replaced when the list moves (a row that scrolled away while we read it)."""
    return isinstance(error, GLib.GError) and "does not exist" in str(error)


def settled(read, attempts=20):
    """`read()` again from the start while an object it reads vanishes under it, so that what it
    returns is one consistent reading of the tree as it is now. Any other error, or a vanishing
    object that keeps vanishing (the list itself gone), is raised."""
    for attempt in range(attempts):
        try:
            return read()
        except GLib.GError as error:
            if not vanished(error) or attempt == attempts - 1:
                raise
            print(f"note: read again, an object vanished: {error.message}")
            pump(0.05)


def snapshot(obj):
    return settled(lambda: read_snapshot(obj))


def read_snapshot(obj):
    focused = focused_child(obj)
    return {
        "role": obj.getRoleName(),
        "name": fresh(obj).name,
        "description": obj.description,
        "states": [s for s in states(obj) if s in ("busy", "focused", "focusable", "manages descendants")],
        "attributes": {k: v for k, v in attributes(obj).items() if k != "toolkit"},
        "actions": actions(obj),
        "children": obj.childCount,
        "focused child": None if focused is None else {
            "role": focused.getRoleName(), "name": focused.name, "attributes": attributes(focused)},
    }


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)
    return condition


def wait_for(predicate, seconds, step=0.05):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pump(step)
        try:
            if predicate():
                return True
        except Exception:
            pass
    return False


LIST_NAME = "Pull-to-refresh list"


def find_list():
    """Our list (role list), or with --list the bin (a panel with the same name)."""
    role = pyatspi.ROLE_LIST if KIND == "virtual" else pyatspi.ROLE_PANEL
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        if app is None:
            continue
        try:
            if app.get_process_id() != PID:
                continue
        except Exception:
            continue
        found = pyatspi.findDescendant(app, lambda o: o is not None and o.getRole() == role
                                       and o.name == LIST_NAME)
        if found is not None:
            return found
    return None


def trace_events(event, phase=None):
    """The demo's trace lines (JSON) with this event (and phase)."""
    lines = []
    with open(TRACE, encoding="utf-8") as trace:
        for line in trace:
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if entry.get("event") == event and (phase is None or entry.get("phase") == phase):
                lines.append(entry)
    return lines


def on_event(event):
    try:
        source = event.source.name
    except Exception:
        source = "?"
    events.append({"type": event.type, "detail1": event.detail1, "source": source,
                   "value": str(event.any_data) if event.any_data is not None else None})


def record(state, obj):
    shot = snapshot(obj)
    report[state] = shot
    print(f"--- {state}: {json.dumps(shot, ensure_ascii=False)}")
    return shot


def seen(kind, detail1=None, since=0):
    return any(e["type"].startswith(kind) and (detail1 is None or e["detail1"] == detail1) for e in events[since:])


def finish():
    pyatspi.Registry.deregisterEventListener(on_event, "object")
    print("=== REPORT " + json.dumps(report, ensure_ascii=False))
    if failures:
        print(f"{len(failures)} check(s) failed:")
        for message in failures:
            print("  - " + message)
        sys.exit(1)
    print("all checks passed")
    sys.exit(0)


def do_action(obj, name):
    action = obj.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    if not check(name in names, f"the {name} action is offered ({names})"):
        return False
    return action.doAction(names.index(name))


RETRY = "Couldn't load — click to retry"
HOST_ROLES = {"treeview": pyatspi.ROLE_TABLE, "listbox": pyatspi.ROLE_LIST_BOX, "textview": pyatspi.ROLE_TEXT}


def bin_scenario(panel):
    """A PtrRefreshBin around GTK's own list: the same status and actions as our list's."""
    shot = record("idle", panel)
    check(shot["role"] == "panel", "role is panel")
    check(shot["description"] == "Never updated", "idle description says Never updated")
    check(shot["attributes"].get("row-count") == "40", "row-count attribute is the host's 40 rows")
    check(shot["attributes"].get("refresh-state") == "idle", "refresh-state is idle")
    check(shot["attributes"].get("footer-state") == "idle", "footer-state is idle")
    check("first-visible-row" not in shot["attributes"], "no row attributes of ours (the host shows its rows)")
    check(action_info(panel, "refresh") == ("Refresh", "F5"), "the refresh action is described as Refresh, key F5")
    check(action_info(panel, "load-more") == ("Load more", "Return"), "load-more offered: Load more, key Return")
    check("busy" not in shot["states"] and "manages descendants" not in shot["states"],
          "not busy, not managing descendants")
    # The app's own list is still there, below the panel (in its scrolled window).
    role = HOST_ROLES[KIND]
    host = pyatspi.findDescendant(panel, lambda o: o is not None and o.getRole() == role)
    check(host is not None, f"the app's {pyatspi.Role(role)} is in the tree below the panel")
    check(panel.childCount >= 1 and panel[0].getRole() == pyatspi.ROLE_SCROLL_PANE,
          "the panel's first child is the app's scrolled window")
    if KIND == "treeview" and host is not None:
        check(host.childCount > 40, f"the tree view still exposes its cells ({host.childCount})")

    # A user pulls: the panel's description follows; released while armed, it is BUSY.
    mark = len(events)
    xdotool("mousemove", 210, 200)
    xdotool("mousedown", 1)
    for y in range(210, 280, 10):
        xdotool("mousemove", 210, y)
    check(wait_for(lambda: fresh(panel).description == "Pull down to refresh", 2),
          "pulling: description says Pull down to refresh")
    record("pulling", panel)
    for y in range(300, 620, 40):
        xdotool("mousemove", 210, y)
    check(wait_for(lambda: fresh(panel).description == "Release to refresh", 2),
          "armed: description says Release to refresh")
    xdotool("mouseup", 1)
    check(wait_for(lambda: "busy" in states(panel), 2), "refreshing: the panel is BUSY")
    shot = record("refreshing", panel)
    check(shot["description"] == "Refreshing…", "refreshing: description says Refreshing…")
    check("refresh" not in shot["actions"] and "load-more" not in shot["actions"],
          "no refresh or load-more action while refreshing")
    check(seen("object:state-changed:busy", 1, mark), "state-changed:busy (1) was emitted")
    check(wait_for(lambda: len(trace_events("refresh", "begin")) == 1, 2), "the trace shows the refresh")
    check(wait_for(lambda: "busy" not in states(panel), LATENCY + 3), "refresh ended: BUSY cleared")
    check(wait_for(lambda: fresh(panel).description.startswith("Updated, "), 2),
          "updated: description says Updated, N new rows")
    shot = record("updated", panel)
    check(seen("object:state-changed:busy", 0, mark), "state-changed:busy (0) was emitted")
    check(seen("object:property-change:accessible-description", None, mark), "description changes were emitted")
    rows = int(shot["attributes"]["row-count"])
    check(rows > 40 and f"{rows - 40} new row" in shot["description"], f"description counts the {rows - 40} new rows")
    check(wait_for(lambda: "Last updated: just now" in fresh(panel).description, 3), "at rest: Last updated: just now")
    report["updated at rest"] = snapshot(panel)

    # Load more through the panel's action: the footer is a push button after the app's widgets;
    # the load fails (seed 8), the footer and the panel offer a retry, which loads the page.
    rows = int(attributes(panel)["row-count"])
    check(do_action(panel, "load-more"), "doAction(load-more) accepted")
    footer = None
    def footer_says(name):
        nonlocal footer
        footer = pyatspi.findDescendant(panel, lambda o: o is not None and o.getRole() == pyatspi.ROLE_PUSH_BUTTON
                                        and o.parent == panel)
        return footer is not None and fresh(footer).name == name
    check(wait_for(lambda: footer_says("Loading…"), 3), "load-more: the footer says Loading…")
    check(footer is not None and footer.getIndexInParent() == panel.childCount - 1,
          "the footer is the panel's last child")
    record("loading", panel)
    check(wait_for(lambda: footer_says(RETRY), LATENCY + 3), "the load failed: the footer offers a retry")
    check(action_info(panel, "retry") == ("Retry", "Return"), "the panel's retry action: Retry, key Return")
    check(actions(footer) == ["click"], "the footer button has a click action")
    footer.queryAction().doAction(0)
    check(wait_for(lambda: fresh(footer).name == "Loading…", 3),
          "the footer's click retries: Loading…")
    check(wait_for(lambda: int(attributes(panel).get("row-count", 0)) > rows, LATENCY + 3), "the page arrived")
    check(len(trace_events("load", "begin")) == 2, "the trace shows both loads")
    check(wait_for(lambda: attributes(panel).get("footer-state") == "idle", 3), "the footer is idle again")
    report["loaded"] = snapshot(panel)

    check(pyatspi.findDescendant(panel, lambda o: o is not None and o.getRole() == role) is not None,
          "the app's list is still below the panel")
    # An AT refreshes through the panel's action: the refresh starts (BUSY, the trace shows it).
    mark = len(events)
    check(do_action(panel, "refresh"), "doAction(refresh) accepted")
    check(wait_for(lambda: "busy" in states(panel), 3), "AtkAction refresh: the panel is BUSY")
    check(wait_for(lambda: len(trace_events("refresh", "begin")) == 2, 3), "the trace shows the AT's refresh")
    check(seen("object:state-changed:busy", 1, mark), "state-changed:busy (1) was emitted for the AT's refresh")
    record("refreshing (AT action)", panel)
    check(wait_for(lambda: "busy" not in states(panel), LATENCY + 3), "the AT's refresh ended")
    check(wait_for(lambda: attributes(panel).get("refresh-state") == "idle", 3), "back at rest")
    finish()


def rows_read(obj):
    """The list's row children, their names and the first one's attributes, read together."""
    items = [c for c in fresh(obj) if c is not None and c.getRole() == pyatspi.ROLE_LIST_ITEM]
    return items, [c.name for c in items], attributes(items[0]) if items else {}


# MARK: - Scenario

lst = None
if not wait_for(lambda: find_list() is not None, 15, 0.2):
    print("SKIP: the demo never appeared on the accessibility bus")
    sys.exit(77)
lst = find_list()
for kind in ("object:state-changed:busy", "object:property-change:accessible-description",
             "object:active-descendant-changed", "object:state-changed:focused", "object:children-changed",
             "object:selection-changed", "object:state-changed:selected"):
    pyatspi.Registry.registerEventListener(on_event, kind)
if KIND != "virtual":
    bin_scenario(lst)

# Idle: the list, its name, the rows as list items, the row count, never updated.
shot = record("idle", lst)
check(shot["role"] == "list", "role is list")
check(shot["name"] == "Pull-to-refresh list", "name is the localized list name")
check(shot["description"] == "Never updated", "idle description says Never updated")
check(shot["attributes"].get("row-count") == "40", "row-count attribute is 40")
check(shot["attributes"].get("refresh-state") == "idle", "refresh-state is idle")
check("refresh" in shot["actions"], "refresh action offered")
check(action_info(lst, "refresh") == ("Refresh", "F5"), "the refresh action is described as Refresh, key F5")
check("manages descendants" in shot["states"], "manages descendants")
check("busy" not in shot["states"], "not busy at rest")
items, names, first = settled(lambda: rows_read(lst))
check(len(items) >= 5, f"visible rows exposed as list items ({len(items)})")
check(all(", " in name for name in names), "row items are named 'Title, subtitle'")
check(first.get("posinset") == str(int(shot["attributes"]["first-visible-row"]) + 1)
      and first.get("setsize") == "40", "row items carry posinset/setsize")

# Keyboard focus: the pointer over the window gives it focus (no window manager); the demo
# focuses the list, whose first row in view is the active descendant.
xdotool("mousemove", 210, 400)
check(wait_for(lambda: "focused" in states(lst), 3), "list has keyboard focus")
check(wait_for(lambda: focused_child(lst) is not None, 3), "a row is the focused descendant")
report["focused"] = snapshot(lst)

# Pulling: hold a mouse drag a little way down, then further (armed).
mark = len(events)
xdotool("mousemove", 210, 200)
xdotool("mousedown", 1)
for y in range(210, 280, 10):
    xdotool("mousemove", 210, y)
check(wait_for(lambda: lst.description == "Pull down to refresh", 2), "pulling: description says Pull down to refresh")
record("pulling", lst)
check(attributes(lst).get("refresh-state") == "pulling", "refresh-state is pulling")
for y in range(300, 620, 40):
    xdotool("mousemove", 210, y)
check(wait_for(lambda: fresh(lst).description == "Release to refresh", 2), "armed: description says Release to refresh")
record("armed", lst)

# Refreshing: released while armed. BUSY on the list, "Refreshing…", no refresh action.
xdotool("mouseup", 1)
check(wait_for(lambda: "busy" in states(lst), 2), "refreshing: the list is BUSY")
shot = record("refreshing", lst)
check(shot["description"] == "Refreshing…", "refreshing: description says Refreshing…")
check("refresh" not in shot["actions"], "no refresh action while refreshing")
check(seen("object:state-changed:busy", 1, mark), "state-changed:busy (1) was emitted")

# Updated: BUSY goes, the description gives the count of new rows.
check(wait_for(lambda: "busy" not in states(lst), LATENCY + 3), "refresh ended: BUSY cleared")
check(wait_for(lambda: fresh(lst).description.startswith("Updated, "), 2), "updated: description says Updated, N new rows")
shot = record("updated", lst)
check(seen("object:state-changed:busy", 0, mark), "state-changed:busy (0) was emitted")
check(seen("object:property-change:accessible-description", None, mark), "description changes were emitted")
rows = int(shot["attributes"]["row-count"])
check(rows > 40 and f"{rows - 40} new row" in shot["description"], f"description counts the {rows - 40} new rows")
check(wait_for(lambda: "Last updated: just now" in fresh(lst).description, 3), "at rest: Last updated: just now")
report["updated at rest"] = snapshot(lst)

# Load-more by keyboard: End reaches the bottom, the automatic load fails (seed 8), the footer
# offers a retry; Tab focuses it, Return retries.
xdotool("key", "End")
footer = None
def footer_says(name):
    global footer
    footer = pyatspi.findDescendant(lst, lambda o: o is not None and o.getRole() == pyatspi.ROLE_PUSH_BUTTON)
    return footer is not None and "showing" in states(footer) and fresh(footer).name == name
check(wait_for(lambda: footer_says("Loading…"), 3), "End: the footer is showing, Loading…")
record("loading (automatic)", lst)
check(wait_for(lambda: footer_says(RETRY), LATENCY + 3), "the load failed: the footer offers a retry")
check("retry" in actions(lst), "retry action offered while the footer shows the failure")
check("focused" not in states(footer), "the footer is not focused before Tab")
mark = len(events)
xdotool("key", "Tab")
check(wait_for(lambda: "focused" in states(footer), 2), "Tab: the footer has the focus")
shot = record("retry focus", lst)
check(shot["attributes"].get("focused-row") == "footer", "focused-row attribute is footer")
check((shot["focused child"] or {}).get("name") == RETRY, "focused child is the retry button")
check(seen("object:active-descendant-changed", None, mark), "active-descendant-changed was emitted")
check(actions(footer) == ["click"], "the footer button has a click action")
check(action_info(footer, "click") == ("Retry", "Return"), "the footer's click is described as Retry, key Return")
check(action_info(lst, "retry") == ("Retry", "Return"), "the list's retry action: Retry, key Return")
check("enabled" in states(footer) and "focusable" in states(footer), "the footer button is enabled and focusable")
xdotool("key", "Return")
check(wait_for(lambda: fresh(footer).name == "Loading…", 2), "Return: the footer says Loading…")
record("loading (retry)", lst)
check(wait_for(lambda: int(attributes(lst).get("row-count", 0)) > rows, LATENCY + 3), "the page arrived")
report["loaded"] = snapshot(lst)

# Shift+Tab from the footer goes back to the rows; the AT's refresh action refreshes.
check(attributes(lst).get("focused-row") != "footer", "the footer went below the new rows: focus is on the rows")
check("focused" in states(lst), "the list kept the keyboard focus")
action = lst.queryAction()
index = [action.getName(i) for i in range(action.nActions)].index("refresh")
action.doAction(index)
check(wait_for(lambda: "busy" in states(lst), 3), "AtkAction refresh: the list is BUSY")
record("refreshing (AT action)", lst)

# AtkSelection: the list's single selection over its row children (issue 12), once the rows
# stand still (the refresh inserted its rows).
check(wait_for(lambda: attributes(lst).get("refresh-state") == "idle", LATENCY + 3), "the AT's refresh ended")
selection = lst.querySelection()
items = settled(lambda: rows_read(lst))[0]
def selected_rows():
    return [i for i in range(len(items)) if selection.isChildSelected(i)]
check(len(items) >= 5, "rows to select")
mark = len(events)
check(selection.selectChild(2), "selectChild(2) accepted")
check(selection.nSelectedChildren == 1, "one selected child")
check(selection.isChildSelected(2) and selected_rows() == [2], "row child 2 is the selection")
check(fresh(selection.getSelectedChild(0)).name == items[2].name, "getSelectedChild(0) is row child 2")
check(wait_for(lambda: "selected" in states(items[2]), 2), "row child 2 is SELECTED")
check(wait_for(lambda: seen("object:selection-changed", None, mark), 2), "selection-changed was emitted")
mark = len(events)
check(selection.selectChild(4), "selectChild(4) accepted")
check(selected_rows() == [4] and "selected" not in states(items[2]), "the selection moved to row child 4")
check(wait_for(lambda: seen("object:selection-changed", None, mark), 2), "selection-changed on the move")
check(selection.deselectSelectedChild(0) and selection.nSelectedChildren == 0, "deselect: no selection")
check(selection.selectChild(1) and selection.clearSelection() and selected_rows() == [], "clearSelection")
record("selection", lst)

finish()
