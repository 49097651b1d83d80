import Glibc

// refresh-bench: RefreshView against GtkTreeView and GtkListBox. See Bench (the parent) and
// ChildRun (one list in a child process of its own).
exit(Bench.main(Array(CommandLine.arguments.dropFirst())))
