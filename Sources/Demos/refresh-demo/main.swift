import Glibc
import RefreshDrawing
import RefreshDemo
import RefreshGtk

_ = Trace.processStart  // the trace's clock starts now
L10n.setUp()            // before GTK starts: locale and translations
exit(DemoCommandLine.main(Array(CommandLine.arguments.dropFirst())))
