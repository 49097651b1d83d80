#!/usr/bin/env bash
# Regenerates the golden images of Tests/RefreshDrawingTests/Goldens on purpose (after a
# deliberate change to the drawing), then re-runs the drawing tests against them. Look at
# every changed PNG (git status; open them) before committing. No display needed.
# Extra arguments go to `swift build` / `swift test` (e.g. --scratch-path .build-x).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
# English text and a fixed locale: the goldens hold untranslated strings.
export LANGUAGE=C LC_ALL=C
swift build --build-tests "$@"
PTR_UPDATE_GOLDENS=1 swift test --skip-build "$@" --filter 'RefreshDrawingTests.GoldenTests/matchesGolden'
# The tests read the goldens from the test bundle: build again to copy the new ones there.
swift build --build-tests "$@"
swift test --skip-build "$@" --filter RefreshDrawingTests
git status --short Tests/RefreshDrawingTests/Goldens
