#!/usr/bin/env bash
# The whole test suite: core, drawing goldens and real-window integration tests (under Xvfb).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test
swift build --build-tests
# The library other languages load, with its typelib (IntrospectionTests installs and drives it).
scripts/build-gir.sh
scripts/build-translations.sh "$(swift build --show-bin-path)/locale"
# The whole suite also builds a package that depends on this one, with the examples (public API
# only, no warning of ours); a filtered run leaves it out (run scripts/check-dependent.sh alone).
# Its failure fails the run after the tests have run.
dependent=0
if [ "$#" -eq 0 ]; then scripts/check-dependent.sh || dependent=$?; fi
# And the DocC reference, which must build with no warning (its failure fails the run likewise).
docc=0
if [ "$#" -eq 0 ]; then scripts/check-docc.sh || docc=$?; fi
# And the C / Python / JavaScript reference of the GObject libraries, built from the GIRs with
# gi-docgen: no warning, every symbol covered (its failure fails the run likewise; the install
# tests then take it from .build-gi/reference).
reference=0
if [ "$#" -eq 0 ]; then scripts/build-reference.sh || reference=$?; fi
# And GTK as apps run it today: the GTK 4, GObject-introspection (Python, GJS, C, Vala) and Wayland
# suites again in a fresh Debian 13 root (GTK 4.18, libadwaita 1.7, mutter 48; docs/testing.md,
# "Debian 13 in the test command"), after the suite here. Not from inside such a root already.
current_gtk='Gtk4|Introspection|GnomeLibrary|WaylandScenario|RecordTests|BenchGtk4'
debian13=0
# Any GLib/GTK warning or critical fails the run, as GNOME projects test (docs/testing.md,
# "Warnings are failures"): G_DEBUG is set for the tests and the apps they start, not for the
# display and bus services around them (Xvfb, the session bus and what it activates). Swift's
# backtracer would catch GLib's breakpoint trap and resume after it, so it is off here (a crash
# still fails the run, without the symbolized trace).
export SWIFT_BACKTRACE=enable=no
unset G_DEBUG
# No AT-SPI bridge in the test runner and the apps it starts, unless a test of accessibility asks
# for one (they remove it): a runner busy in a long test would not answer the accessibility bus,
# and every GTK 3 app registering meanwhile would warn "Couldn't register with accessibility bus"
# (docs/testing.md, "Warnings are failures").
export NO_AT_BRIDGE=1
# A test that cannot run fails (docs/architecture.md, "RefreshTestSupport"); a skip that is not an
# opt-in (its reason starts with "opt-in") fails the run too, so that none can slip back in.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session -- env G_DEBUG=fatal-warnings swift test "$@" 2>&1 | tee "$log" || status=$?
skipped=$(grep -E "^(➜ (Test|Suite) .* skipped|Test Case '.*' skipped)" "$log" | grep -v 'skipped: "opt-in' || true)
if [ -n "$skipped" ]; then
  printf 'scripts/test.sh: tests were skipped (only opt-in skips are allowed):\n%s\n' "$skipped" >&2
  [ "$status" -ne 0 ] || status=1
fi
if [ "$#" -eq 0 ] && [ -z "${PTR_DEBIAN_ROOT:-}" ]; then
  # debootstrap, mounts and chroot need root: sudo otherwise, with this PATH (Swift's is on it).
  as_root=()
  [ "$(id -u)" -eq 0 ] || as_root=(sudo env PATH="$PATH")
  "${as_root[@]}" scripts/debian-root.sh --release 13 -- scripts/test.sh --filter "$current_gtk" || debian13=$?
  [ "$debian13" -eq 0 ] || echo "scripts/test.sh: the Debian 13 suites failed ($debian13)" >&2
fi
[ "$status" -ne 0 ] || status=$dependent
[ "$status" -ne 0 ] || status=$docc
[ "$status" -ne 0 ] || status=$reference
[ "$status" -ne 0 ] || status=$debian13
exit "$status"
