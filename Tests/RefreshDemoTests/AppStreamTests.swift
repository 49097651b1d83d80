import Foundation
import FoundationXML
import Testing

/// The demo's AppStream metainfo (Resources/<id>.metainfo.xml): valid for `appstreamcli validate
/// --no-net` (the `appstream` package, installed by scripts/deps.sh test), and consistent with
/// the rest of the repository: the id is the application's, the launchable is the desktop entry
/// we ship, every screenshot is a file in docs/. Installing it is checked by InstallTests.
@Suite struct AppStreamTests {
    static let appID = "io.github.gtk_pull_to_refresh.Demo"
    static var path: String {
        ScriptHarness.repoRoot.appendingPathComponent("Resources/\(appID).metainfo.xml").path
    }

    @Test func appstreamcliValidatesIt() throws {
        let tool = try #require(ScriptHarness.which("appstreamcli"),
                                "appstreamcli is missing: scripts/deps.sh test installs appstream")
        let result = try ScriptHarness.run(tool, ["validate", "--no-net", "--no-color", Self.path])
        #expect(result.status == 0, "appstreamcli validate:\n\(result.output)")
        // Errors and warnings fail; the one pedantic note (upper case in the id) is the app id.
        #expect(!result.output.contains("E:") && !result.output.contains("W:"), "\(result.output)")
    }

    @Test func itDescribesTheAppWeShip() throws {
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: Self.path), options: [])
        func texts(_ xpath: String) throws -> [String] {
            try document.nodes(forXPath: xpath).compactMap { $0.stringValue }
        }
        #expect(try texts("/component/@type") == ["desktop-application"])
        #expect(try texts("/component/id") == [Self.appID])
        // The application id the demo registers with GTK.
        let demoApp = try String(contentsOf: ScriptHarness.repoRoot.appendingPathComponent(
            "Sources/Demos/RefreshDemo/DemoApp.swift"), encoding: .utf8)
        #expect(demoApp.contains("applicationID = \"\(Self.appID)\""))

        let launchable = try texts("/component/launchable[@type='desktop-id']")
        #expect(launchable == ["\(Self.appID).desktop"])
        let desktop = ScriptHarness.repoRoot.appendingPathComponent("Resources/\(launchable.first ?? "")").path
        #expect(FileManager.default.fileExists(atPath: desktop), "no desktop entry \(desktop)")

        #expect(try !texts("/component/name").isEmpty && !texts("/component/summary").isEmpty)
        #expect(try texts("/component/description/p").count >= 1)
        #expect(try texts("/component/content_rating/@type") == ["oars-1.1"])
        #expect(try texts("/component/releases/release/@version").count >= 1)
        #expect(try texts("/component/provides/binary") == ["refresh-demo"])

        let images = try texts("/component/screenshots/screenshot/image")
        #expect(!images.isEmpty)
        for image in images {
            let marker = "/main/docs/"
            let range = try #require(image.range(of: marker), "screenshot not from docs/: \(image)")
            #expect(image.hasPrefix("https://"))
            let file = "docs/" + image[range.upperBound...]
            #expect(FileManager.default.fileExists(atPath: ScriptHarness.repoRoot.appendingPathComponent(file).path),
                    "\(file) does not exist")
        }
    }
}
