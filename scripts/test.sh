#!/usr/bin/env bash
# The whole test suite: core, drawing goldens and real-window integration tests (under Xvfb).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test
swift build --build-tests
# The library other languages load, with its typelib (IntrospectionTests installs and drives it).
scripts/build-gir.sh
scripts/build-translations.sh "$(swift build --show-bin-path)/locale"
# Any GLib/GTK critical fails the run. Swift's backtracer would catch GLib's breakpoint trap and
# resume after it, so it is off here (a crash still fails the run, without the symbolized trace).
export G_DEBUG=fatal-criticals SWIFT_BACKTRACE=enable=no
exec xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session -- swift test "$@"
