#!/usr/bin/env bash
# Builds the DocC reference (RefreshGtk, RefreshGtk4, RefreshDrawing and RefreshMainLoop, combined so that their
# articles link across them) and fails on any DocC warning: a stale symbol link, an uncurated page
# (docs/guide.md, "The API reference"). SwiftPM's pkg-config notice about -pthread is not DocC's.
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift package --disable-sandbox generate-documentation --target RefreshGtk --target RefreshGtk4 --target RefreshDrawing --target RefreshMainLoop \
  --enable-experimental-combined-documentation >"$log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
  cat "$log" >&2
  echo "scripts/check-docc.sh: the DocC build failed" >&2
  exit "$status"
fi
warnings=$(grep -E 'warning:|error:' "$log" | grep -vE '^warning: prohibited flag\(s\):' || true)
if [ -n "$warnings" ]; then
  printf 'scripts/check-docc.sh: DocC printed warnings:\n%s\n' "$warnings" >&2
  exit 1
fi
echo "scripts/check-docc.sh: the DocC reference builds with no warning"
