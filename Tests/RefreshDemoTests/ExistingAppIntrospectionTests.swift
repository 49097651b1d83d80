// Pull-to-refresh added to a GTK 4 app that already exists (Examples/gtk4/existing-app, as
// docs/real-apps.md tells an app developer): the app's scrolled window moved from its GtkStack page
// into a Ptr4RefreshBin, its Refresh action (button, Ctrl+R) and timer routed through
// begin_refreshing, its own update run from `refresh`. Each language's `--self-test` activates
// win.refresh and checks the three sources' rows at the top of the list with the list at its top,
// from the PREFIX Gtk4IntrospectionTests installs, under `env -i`.

import Foundation
import RefreshTestSupport
import Testing

extension Gtk4IntrospectionTests {
    @Suite struct ExistingAppIntrospectionTests {
        static let existingApp = ScriptHarness.repoRoot.appendingPathComponent("Examples/gtk4/existing-app").path

        /// meson over the installed pkg-config file into `out`/build, as an app builds: the C
        /// program, and the Vala one when valac is installed.
        static func mesonBuild(into out: String) throws {
            let meson = try Prerequisite.path(of: .program("meson", package: "meson"))
            let ninja = try Prerequisite.path(of: .program("ninja", package: "ninja-build"))
            let setup = try Gtk4IntrospectionTests.run(meson, ["setup", "\(out)/build", Self.existingApp])
            try #require(setup.status == 0, "meson setup failed:\n\(setup.output)")
            let compile = try Gtk4IntrospectionTests.run(ninja, ["-C", "\(out)/build"])
            try #require(compile.status == 0, "ninja failed:\n\(compile.output)")
        }

        @Test func thePythonExistingAppRefreshesThroughTheBin() throws {
            let run = try Gtk4IntrospectionTests.run("/usr/bin/python3", ["\(Self.existingApp)/existing-app.py", "--self-test"])
            #expect(run.status == 0, "existing-app.py --self-test failed:\n\(run.output)")
            Gtk4IntrospectionTests.expectNoWarnings(run.output, "existing-app.py")
        }

        @Test func theGjsExistingAppRefreshesThroughTheBin() throws {
            let gjs = try Prerequisite.path(of: .program("gjs", package: "gjs"))
            let run = try Gtk4IntrospectionTests.run(gjs, ["-m", "\(Self.existingApp)/existing-app.js", "--self-test"])
            #expect(run.status == 0, "existing-app.js --self-test failed:\n\(run.output)")
            Gtk4IntrospectionTests.expectNoWarnings(run.output, "existing-app.js")
        }

        @Test func theCExistingAppBuiltWithMesonRefreshesThroughTheBin() throws {
            let out = try ScriptHarness.makeTempDirectory("existing-app-c")
            defer { ScriptHarness.removeTree(out) }
            try Self.mesonBuild(into: out)
            let run = try Gtk4IntrospectionTests.run("\(out)/build/existing-app", ["--self-test"])
            #expect(run.status == 0, "existing-app --self-test failed:\n\(run.output)")
            Gtk4IntrospectionTests.expectNoWarnings(run.output, "existing-app (C)")
        }

        /// Built by the same meson.build, with the installed vapi; it reads window.ui from the
        /// directory it runs in.
        @Test func theValaExistingAppBuiltWithMesonRefreshesThroughTheBin() throws {
            _ = try Prerequisite.path(of: .program("valac", package: "valac"))
            let out = try ScriptHarness.makeTempDirectory("existing-app-vala")
            defer { ScriptHarness.removeTree(out) }
            try Self.mesonBuild(into: out)
            let run = try Gtk4IntrospectionTests.run("\(out)/build/existing-app-vala", ["--self-test"],
                                                     currentDirectory: Self.existingApp)
            #expect(run.status == 0, "existing-app-vala --self-test failed:\n\(run.output)")
            Gtk4IntrospectionTests.expectNoWarnings(run.output, "existing-app (Vala)")
        }
    }
}
