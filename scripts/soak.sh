#!/usr/bin/env bash
# Reliability soak (docs/testing.md, "Soak").
#  1. `refresh-soak` (a test tool, not installed): CYCLES refresh and CYCLES load-more cycles
#     driven through a real window under Xvfb by synthesized input, the simulated source
#     answering after 1 ms; resident memory after the warm-up and at the end; the window is
#     destroyed and nothing GLib holds may be left.
#     Passes when the growth after warm-up is under 2 MB (2048 KiB).
#  2. valgrind memcheck on shorter runs (VALGRIND_CYCLES and twice that of each): passes when no
#     definitely/indirectly lost block has a frame in project code (RefreshCore, RefreshGtk,
#     refresh-soak) and the possibly-lost bytes reached from project code do not grow with the
#     number of cycles. Toolkit noise is suppressed by scripts/soak.supp.
# Usage: scripts/soak.sh [CYCLES=500] [VALGRIND_CYCLES=10]; SKIP_SOAK=1 / SKIP_VALGRIND=1 skip step
# 1 / 2; SOAK_BIN=path uses a refresh-soak built already (else it builds into SOAK_SCRATCH).
# G_DEBUG=fatal-warnings throughout: any GLib/GTK warning or critical fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
cycles=${1:-500}
valgrind_cycles=${2:-10}
scratch=${SOAK_SCRATCH:-.build-soak}

if [ -n "${SOAK_BIN:-}" ]; then
    bin=$SOAK_BIN  # a refresh-soak built already
else
    swift build --scratch-path "$scratch" --product refresh-soak
    bin="$(swift build --scratch-path "$scratch" --show-bin-path)/refresh-soak"
fi
work=$(mktemp -d /tmp/ptr-soak.XXXXXX)
export NO_AT_BRIDGE=1 G_DEBUG=fatal-warnings SWIFT_BACKTRACE=enable=no
xvfb=(xvfb-run -a -s "-screen 0 1280x1024x24")

if [ "${SKIP_SOAK:-0}" != 1 ]; then
warmup=$(( cycles >= 250 ? 50 : cycles / 5 ))
echo "== soak: $cycles refreshes + $cycles loads (warm-up $warmup of each)"
"${xvfb[@]}" "$bin" --refreshes "$cycles" --loads "$cycles" --warmup "$warmup" --teardown | tee "$work/soak.txt"
growth=$(sed -n 's/.*growth_kib=\(-\{0,1\}[0-9]*\).*/\1/p' "$work/soak.txt")
if [ -z "$growth" ]; then echo "FAIL: no result line"; exit 1; fi
if [ "$growth" -ge 2048 ]; then echo "FAIL: resident memory grew by $growth KiB after warm-up (limit 2048)"; exit 1; fi
echo "PASS: resident memory grew by $growth KiB after warm-up (limit 2048)"
fi

if [ "${SKIP_VALGRIND:-0}" = 1 ]; then exit 0; fi
command -v valgrind >/dev/null || { echo "valgrind missing: apt-get install -y valgrind"; exit 1; }
# valgrind 3.19 cannot read Swift's DWARF 5: strip the debug info (symbols stay, so stacks name
# the Swift functions, mangled: $s10RefreshGtk…, $s11RefreshCore…, $s12refresh_soak…).
cp "$bin" "$work/refresh-soak"
strip --strip-debug "$work/refresh-soak"
# One memcheck run of N cycles of each; prints "definite=<records> possible=<bytes>" for leak
# records with a frame in project code. Definitely/indirectly lost blocks are leaks. "Possibly
# lost" blocks (reached only through interior pointers) are mostly the Swift runtime's
# metadata caches and GTK's style caches, which live as long as the process: they are counted
# (minus the Swift metadata caches) and must not grow with the number of cycles.
memcheck() {
    local n=$1 log="$work/memcheck-$1.txt"
    echo "== valgrind memcheck: $n refreshes + $n loads" >&2
    # GDK_GL=disable keeps Mesa's llvmpipe (and its noise) out of the process.
    GDK_GL=disable "${xvfb[@]}" valgrind --tool=memcheck --leak-check=full \
        --show-leak-kinds=definite,indirect,possible --suppressions=scripts/soak.supp --num-callers=40 \
        --log-file="$log" "$work/refresh-soak" --refreshes "$n" --loads "$n" --warmup 0 --teardown \
        --step-timeout 300 >&2
    sed -n '/LEAK SUMMARY/,/suppressed:/p' "$log" >&2
    awk -v project="$work/project-leaks-$n.txt" '
        function flush() {
            if (!inrec) return
            inrec = 0
            if (record !~ /\$s10RefreshGtk|\$s11RefreshCore|\$s12refresh_soak/) return
            if (record ~ /are possibly lost/) {
                if (record ~ /swift_get[A-Za-z]*Metadata|swift_getWitnessTable|swift_getTypeByMangled|swift_getAssociated|swift_conformsToProtocol|swift_once|ConcurrentReadableHashMap|MetadataAllocator/) return
                possible += bytes
            } else {
                definite++
            }
            print record "\n" > project
        }
        /are (definitely|indirectly|possibly) lost/ { flush(); record = $0; inrec = 1; b = $2; gsub(",", "", b); bytes = b + 0; next }
        inrec && /^==[0-9]+== *$/ { flush(); next }
        inrec { record = record "\n" $0 }
        END { flush(); printf "definite=%d possible=%d\n", definite, possible }
    ' "$log"
}
short=$(memcheck "$valgrind_cycles")
long=$(memcheck $((valgrind_cycles * 2)))
echo "project-code leak records, $valgrind_cycles cycles: $short; $((valgrind_cycles * 2)) cycles: $long"
d1=$(sed 's/definite=\([0-9]*\).*/\1/' <<<"$short"); p1=$(sed 's/.*possible=\([0-9]*\)/\1/' <<<"$short")
d2=$(sed 's/definite=\([0-9]*\).*/\1/' <<<"$long"); p2=$(sed 's/.*possible=\([0-9]*\)/\1/' <<<"$long")
if [ "$d1" -ne 0 ] || [ "$d2" -ne 0 ]; then
    cat "$work"/project-leaks-*.txt
    echo "FAIL: definitely/indirectly lost blocks with project code in their stacks (logs in $work)"
    exit 1
fi
if [ $((p2 - p1)) -gt 1024 ]; then
    cat "$work/project-leaks-$((valgrind_cycles * 2)).txt"
    echo "FAIL: possibly-lost bytes reached from project code grow with the cycles: $p1 → $p2 (logs in $work)"
    exit 1
fi
echo "PASS: no leak in project code (possibly lost, caches: $p1 → $p2 bytes; logs in $work)"
