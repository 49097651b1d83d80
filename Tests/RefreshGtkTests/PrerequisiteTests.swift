import RefreshTestSupport
import Foundation
import Testing

/// A test that cannot run fails (docs/architecture.md, "RefreshTestSupport"): this test binary,
/// run again without a display, fails a window suite (swift-testing's and XCTest's) naming what
/// is missing, where it used to skip it and pass.
@Suite struct PrerequisiteTests {
    @Test(arguments: [("swift-testing", "AppDrawnStyleTests"), ("xctest", "RefreshGtkTests.MainQueueTests")])
    func aWindowSuiteFailsWithoutADisplay(library: String, suite: String) throws {
        let run = try BuiltProducts.run(BuiltProducts.running, ["--testing-library", library, "--filter", suite],
                                        environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(run.status != 0, "\(suite) passed without a display:\n\(run.stdout)\n\(run.stderr)")
        #expect((run.stdout + run.stderr).contains("cannot run: no display"), "\(run.stdout)\n\(run.stderr)")
    }

    @Test func eachPrerequisiteNamesWhatIsMissing() {
        #expect(throws: Prerequisite.Missing.self) { try Prerequisite.check(.built("no-such-product")) }
        #expect(throws: Prerequisite.Missing.self) { try Prerequisite.check(.program("no-such-program", package: "none")) }
        #expect(throws: Prerequisite.Missing.self) { try Prerequisite.require(false, "a reason") }
        #expect(throws: Never.self) { try Prerequisite.check(.program("sh", package: "dash")) }
        #expect((try? Prerequisite.path(of: .program("sh", package: "dash"))) == "/usr/bin/sh")
    }
}
