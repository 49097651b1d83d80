#!/usr/bin/env bash
# Lifetime under AddressSanitizer + LeakSanitizer (docs/architecture.md, "Lifetime"): builds the
# tests with -sanitize=address into .build-asan and runs the suites that create and destroy
# widgets in every order (LifetimeTests, TeardownTests). Fails on any invalid access, and on any
# leak record whose stack has a frame in the library (RefreshGtk, RefreshCore, the C shim); leaks only in the toolkit (fontconfig's
# caches, GTK's type system) are reported as a count.
# Usage: scripts/lifetime-check.sh [extra swift-testing --filter regex]  (slow: a full ASan build)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test
swift build --build-tests --sanitize=address --scratch-path .build-asan
bundle="$(swift build --sanitize=address --scratch-path .build-asan --show-bin-path)/gtk-pull-to-refreshPackageTests.xctest"
log=$(mktemp /tmp/ptr-lifetime.XXXXXX)
filter=${1:-'LifetimeTests|TeardownTests/destroying'}
status=0
ASAN_OPTIONS=detect_leaks=1 NO_AT_BRIDGE=1 G_DEBUG=fatal-warnings SWIFT_BACKTRACE=enable=no \
    xvfb-run -a -s "-screen 0 1280x1024x24" "$bundle" --testing-library swift-testing --filter "$filter" \
    >"$log" 2>&1 || status=$?
grep -E "Test run with" "$log" || { echo "FAIL: the tests did not run (see $log)"; exit 1; }
if grep -qE "ERROR: AddressSanitizer" "$log"; then
    grep -A30 "ERROR: AddressSanitizer" "$log" | head -60
    echo "FAIL: invalid memory access (full log: $log)"
    exit 1
fi
project=$(awk '
    /^(Direct|Indirect) leak/ { if (rec != "" && proj) print rec "\n"; rec = $0; proj = 0; next }
    /^    #[0-9]/ { rec = rec "\n" $0; if ($0 ~ /\$s10RefreshGtk|\$s11RefreshCore|CGtkShim|ptr_scrollable|ptr_area/) proj = 1; next }
    END { if (rec != "" && proj) print rec }
' "$log")
toolkit=$(grep -cE "^(Direct|Indirect) leak" "$log" || true)
if [ -n "$project" ]; then
    echo "$project"
    echo "FAIL: leaks with a project frame (full log: $log)"
    exit 1
fi
if grep -qE "✘" "$log"; then grep "✘" "$log" | head; echo "FAIL: tests failed"; exit 1; fi
echo "PASS: no invalid access, no leak with a project frame ($toolkit toolkit leak records, exit $status from LeakSanitizer's report)"
