/// What callgrind counts in a `--counted` child. The parent runs the child with
/// `--collect-atstart=no` and `--toggle-collect` and `--dump-after` naming this function
/// (`InstructionRun.regionFunctions`; refresh-bench-gtk4 has `instructions_counted_region`): on
/// this thread, only the instructions executed inside a call are counted, and each call's count
/// is dumped to a file of its own, in order. Top-level and never inlined, so that its symbol
/// is in the stripped copy callgrind runs. `--dump-after` takes no wildcard, so the parent names
/// the mangled symbol, `$s13refresh_bench25instructionsCountedRegionyyyyXEF`: changing this
/// function's name or signature changes it (the bench test then fails). `dynamic` (replaceable
/// at run time) so that the release build never specializes it: `@inline(never)` alone let the
/// optimizer give each caller a copy with its closure folded in, under another symbol, and
/// callgrind counted nothing (CountedRegionTests).
@inline(never)
@MainActor
dynamic func instructionsCountedRegion(_ body: () -> Void) {
    body()
}
