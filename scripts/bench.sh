#!/usr/bin/env bash
# Benchmark: RefreshView against GtkTreeView, GtkListBox and GTK 4's GtkListView (see
# docs/benchmark.md). Installs what it needs (GTK 3 and GTK 4 development files, Xvfb), builds
# release binaries (refresh-bench and its GTK 4 child, refresh-bench-gtk4, side by side) and runs
# refresh-bench under Xvfb; every argument is passed to it, e.g.
#   scripts/bench.sh --json bench.json
#   scripts/bench.sh --instructions --json bench.json     # instruction counts too (valgrind)
#   scripts/bench.sh --rows 1000,1000000 --lists ours,treeview
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test
# --instructions runs the children under valgrind's callgrind.
if [[ " $* " == *" --instructions "* ]] && ! command -v valgrind >/dev/null; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get install -y -qq --no-install-recommends valgrind >&2
fi
# A scratch path of its own: a release build here does not disturb the debug build in .build.
# Its progress goes to stderr: stdout is the benchmark's table.
swift build -c release --scratch-path .build-bench --product refresh-bench >&2
swift build -c release --scratch-path .build-bench --product refresh-bench-gtk4 >&2
# NO_AT_BRIDGE: no accessibility bus to start or wait for; the same for every list.
export NO_AT_BRIDGE=1
exec xvfb-run -a -s "-screen 0 1280x1024x24" .build-bench/release/refresh-bench "$@"
