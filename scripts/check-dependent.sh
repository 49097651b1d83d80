#!/usr/bin/env bash
# Builds Tests/dependent-package, a package that depends on this one by path as an app does, with
# the examples README, docs/ and the DocC articles quote: they must compile against the public
# API only, and the build must print no warning but SwiftPM's pkg-config notice about the GTK
# stack's -pthread (docs/install.md, "Building a package that depends on this one"), which no
# package can avoid. The scratch path is kept between runs: after the first, only what changed
# is rebuilt. docs/testing.md, "The dependent package".
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
# The build plan is made afresh each run: a cached one misses files added to or removed from
# this package (a path dependency) since the last run.
swift build --package-path Tests/dependent-package --scratch-path .build/dependent-package \
  --disable-build-manifest-caching >"$log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
  cat "$log" >&2
  echo "scripts/check-dependent.sh: the dependent package does not build" >&2
  exit "$status"
fi
# SwiftPM passes on only -I/-L/-l/-D/-F… from pkg-config and drops, with this notice, the
# -pthread that GTK's .pc files add through gmodule-no-export-2.0.
warnings=$(grep -E 'warning:' "$log" | grep -vE '^warning: prohibited flag\(s\): -pthread(, -pthread)*$' || true)
if [ -n "$warnings" ]; then
  printf 'scripts/check-dependent.sh: building a dependent package printed warnings:\n%s\n' "$warnings" >&2
  exit 1
fi
echo "scripts/check-dependent.sh: the dependent package builds with no warning of ours"
