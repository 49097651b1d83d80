#!/usr/bin/env bash
# Builds and launches the demo; every argument is passed to refresh-demo (see --help).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
swift build -c release --product refresh-demo
bin="$(swift build -c release --show-bin-path)"
scripts/build-translations.sh "$bin/locale"
exec "$bin/refresh-demo" "$@"
