#!/usr/bin/env bash
# A private headless Wayland desktop for one command: its own session bus and XDG_RUNTIME_DIR,
# PipeWire + WirePlumber (mutter's ScreenCast streams, which touch and absolute pointer motion
# need), and mutter 43 as a headless compositor with one virtual monitor. The command runs once
# mutter's RemoteDesktop service is on the bus, with WAYLAND_DISPLAY and GDK_BACKEND=wayland set;
# everything is stopped when it ends, and its exit status is the script's.
#
#   scripts/wayland/session.sh [--monitor WxH] [--scale N] -- COMMAND [ARG…]
#
# --monitor is the virtual monitor's size in device pixels (default 480x800); --scale N applies
# integer scale N to it through org.gnome.Mutter.DisplayConfig once mutter is up (the logical size
# is the device size divided by N). docs/wayland.md.
set -euo pipefail

monitor=480x800
scale=1
while [ $# -gt 0 ]; do
  case "$1" in
    --monitor) monitor="$2"; shift 2 ;;
    --scale) scale="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "session.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ $# -gt 0 ] || { echo "usage: session.sh [--monitor WxH] [--scale N] -- COMMAND [ARG…]" >&2; exit 2; }
for tool in mutter pipewire wireplumber dbus-run-session gdbus; do
  command -v "$tool" >/dev/null || { echo "session.sh: $tool is missing (scripts/deps.sh test installs it)" >&2; exit 3; }
done

if [ -z "${PTR_WAYLAND_SESSION:-}" ]; then
  # A bus of our own: mutter's services and the app's never meet the caller's session.
  export PTR_WAYLAND_SESSION=1
  # G_DEBUG (fatal warnings, as the test command runs) is the app's: the compositor, PipeWire and
  # the services the bus starts are the display, not the app under test (docs/testing.md,
  # "Warnings are failures").
  export PTR_APP_G_DEBUG="${G_DEBUG:-}"
  unset G_DEBUG
  exec dbus-run-session -- "$0" --monitor "$monitor" --scale "$scale" -- "$@"
fi

runtime=$(mktemp -d /tmp/ptr-wayland.XXXXXX)
chmod 700 "$runtime"
export XDG_RUNTIME_DIR="$runtime"
log="$runtime/session.log"
pids=()
cleanup() {
  local status=$?
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill "${pids[$i]}" 2>/dev/null || true; done
  # A wedged mutter ignores SIGTERM (measured: 43.8 can deadlock in its input thread).
  local deadline=$((SECONDS + 5))
  for pid in "${pids[@]}"; do
    while kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.05; done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  if [ "$status" -ne 0 ] && [ -s "$log" ] && [ -n "${PTR_WAYLAND_VERBOSE:-}" ]; then cat "$log" >&2; fi
  rm -rf "$runtime"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 143' TERM INT

has_owner() {
  gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
    --method org.freedesktop.DBus.NameHasOwner "$1" 2>/dev/null | grep -q true
}
# Waits until `$1` owns a name on the bus, or fails after $2 seconds.
wait_for_name() {
  local deadline=$((SECONDS + $2))
  until has_owner "$1"; do
    if [ $SECONDS -ge $deadline ]; then
      echo "session.sh: $1 did not appear within $2 s" >&2
      cat "$log" >&2
      exit 4
    fi
    sleep 0.05
  done
}

pipewire >>"$log" 2>&1 & pids+=($!)
wireplumber >>"$log" 2>&1 & pids+=($!)
display="ptr-wayland-$$"
# No window animations (mutter's default plugin zooms a window in as it maps, and the pointer's
# coordinates in the window follow the zoom while it runs): a window is where it says it is.
MUTTER_DEBUG_DISABLE_ANIMATIONS=1 \
mutter --headless --wayland --no-x11 --sm-disable --virtual-monitor "$monitor" --wayland-display "$display" \
  >>"$log" 2>&1 & pids+=($!)
wait_for_name org.gnome.Mutter.RemoteDesktop 30
wait_for_name org.gnome.Mutter.ScreenCast 30
if [ "$scale" != 1 ]; then
  /usr/bin/python3 "$(dirname "$0")/display_config.py" --scale "$scale"
fi

export WAYLAND_DISPLAY="$display" GDK_BACKEND=wayland
unset DISPLAY
[ -z "${PTR_APP_G_DEBUG:-}" ] || export G_DEBUG="$PTR_APP_G_DEBUG"
status=0
"$@" || status=$?
exit "$status"
