#!/usr/bin/env bash
# Builds and launches the demo; every argument is passed to refresh-demo (see --help).
# `scripts/demo.sh --gtk4 [options]` launches the GTK 4 demo, refresh-demo-gtk4, instead.
set -euo pipefail
cd "$(dirname "$0")/.."
product=refresh-demo
if [[ "${1:-}" == "--gtk4" ]]; then
    product=refresh-demo-gtk4
    shift
fi
scripts/deps.sh build
swift build -c release --product "$product"
bin="$(swift build -c release --show-bin-path)"
scripts/build-translations.sh "$bin/locale"
exec "$bin/$product" "$@"
