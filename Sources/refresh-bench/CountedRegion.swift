/// What callgrind counts in a `--counted` child. The parent runs the child with
/// `--collect-atstart=no` and `--toggle-collect` and `--dump-after` naming this function
/// (`InstructionRun.regionFunctions`; refresh-bench-gtk4 has `instructions_counted_region`): on
/// this thread, only the instructions executed inside a call are counted, and each call's count
/// is dumped to a file of its own, in order. Top-level and never inlined, so that its symbol
/// (`$s13refresh_bench25instructionsCountedRegionyyyyXEF`) keeps its name in the stripped copy
/// callgrind runs.
@inline(never)
@MainActor
func instructionsCountedRegion(_ body: () -> Void) {
    body()
}
