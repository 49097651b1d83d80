#!/usr/bin/env bash
# Benchmark: RefreshView against GtkTreeView and GtkListBox (see README, "Benchmark").
# Installs what it needs (GTK 3 development files, Xvfb), builds a release binary and runs it
# under Xvfb; every argument is passed to refresh-bench, e.g.
#   scripts/bench.sh --json bench.json
#   scripts/bench.sh --rows 1000,1000000 --lists ours,treeview
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test
# A scratch path of its own: a release build here does not disturb the debug build in .build.
# Its progress goes to stderr: stdout is the benchmark's table.
swift build -c release --scratch-path .build-bench --product refresh-bench >&2
# NO_AT_BRIDGE: no accessibility bus to start or wait for; the same for every list.
export NO_AT_BRIDGE=1
exec xvfb-run -a -s "-screen 0 1280x1024x24" .build-bench/release/refresh-bench "$@"
