import CGtk
import RefreshTestSupport
import RefreshDemo
import RefreshQA
import Foundation
import RefreshCore
import RefreshGtk
import Testing

/// `refresh-demo snapshot` and `refresh-demo filmstrip`: bad input is one line on stderr naming
/// the option, exit status 2; good input writes a PNG of the documented size. No display.
@Suite struct RenderCommandTests {
    static let directory: String = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ptr-render-commands-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }()

    static let out = directory + "/x.png"

    static let rejected: [Rejected] = [
        Rejected("snapshot", "--style", "fancy", "--phase", "failed", "--out", out, naming: "--style"),
        Rejected("snapshot", "--style", "", "--phase", "failed", "--out", out, naming: "--style"),
        Rejected("snapshot", "--phase", "failed", "--out", out, naming: "--style"),
        Rejected("snapshot", "--style", "jike", "--phase", "spin", "--out", out, naming: "--phase"),
        Rejected("snapshot", "--style", "jike", "--out", out, naming: "--phase"),
        Rejected("snapshot", "--style", "jike", "--phase", "failed", "--theme", "blue", "--out", out,
                 naming: "--theme"),
        Rejected("snapshot", "--style", "jike", "--phase", "pull", "--out", out, naming: "--progress"),
        Rejected("snapshot", "--style", "jike", "--phase", "pull", "--progress", "1.01", "--out", out,
                 naming: "--progress"),
        Rejected("snapshot", "--style", "jike", "--phase", "pull", "--progress", "-0.1", "--out", out,
                 naming: "--progress"),
        Rejected("snapshot", "--style", "jike", "--phase", "pull", "--progress", "nan", "--out", out,
                 naming: "--progress"),
        Rejected("snapshot", "--style", "jike", "--phase", "pull", "--progress", "half", "--out", out,
                 naming: "--progress"),
        Rejected("snapshot", "--style", "jike", "--phase", "pull", "--progress", "0.5", "--time", "1",
                 "--out", out, naming: "--time"),
        Rejected("snapshot", "--style", "jike", "--phase", "refresh", "--out", out, naming: "--time"),
        Rejected("snapshot", "--style", "jike", "--phase", "refresh", "--time", "-1", "--out", out,
                 naming: "--time"),
        Rejected("snapshot", "--style", "jike", "--phase", "refresh", "--time", "NaN", "--out", out,
                 naming: "--time"),
        Rejected("snapshot", "--style", "jike", "--phase", "refresh", "--time", "inf", "--out", out,
                 naming: "--time"),
        Rejected("snapshot", "--style", "jike", "--phase", "end", "--time", "0.6", "--out", out,
                 naming: "--time"),
        Rejected("snapshot", "--style", "jike", "--phase", "refresh", "--time", "0.2", "--progress", "1",
                 "--out", out, naming: "--progress"),
        Rejected("snapshot", "--style", "jike", "--phase", "failed", "--time", "0.2", "--out", out,
                 naming: "--time"),
        Rejected("snapshot", "--style", "jike", "--phase", "failed", "--scale", "0", "--out", out,
                 naming: "--scale"),
        Rejected("snapshot", "--style", "jike", "--phase", "failed", "--scale", "-2", "--out", out,
                 naming: "--scale"),
        Rejected("snapshot", "--style", "jike", "--phase", "failed", "--scale", "1000", "--out", out,
                 naming: "--scale"),
        Rejected("snapshot", "--style", "jike", "--phase", "failed", "--scale", "0x2", "--out", out,
                 naming: "--scale"),
        Rejected("snapshot", "--style", "jike", "--phase", "failed", "--width", "300", "--out", out,
                 naming: "--width"),
        Rejected("snapshot", "--style", "classic", "--phase", "failed", "--width", "0", "--out", out,
                 naming: "--width"),
        Rejected("snapshot", "--style", "plain", "--phase", "failed", "--width", "4001",
                 "--out", out, naming: "--width"),
        Rejected("snapshot", "--style", "jike", "--phase", "failed", "--background", "notacolour",
                 "--out", out, naming: "--background"),
        Rejected("snapshot", "--style", "jike", "--phase", "failed", naming: "--out"),
        Rejected("snapshot", "--style", "jike", "--phase", "failed", "--out", "", naming: "--out"),
        Rejected("snapshot", "--style", "jike", "--phase", "failed", "--out", directory, naming: "--out"),
        Rejected("snapshot", "--style", "jike", "--phase", "failed", "--out", "/nonexistent-dir/x.png",
                 naming: "--out"),
        Rejected("snapshot", "--style", "jike", "--phase", "failed", "--out", "/proc/x.png", naming: "--out"),
        Rejected("filmstrip", "--style", "round", "--out", out, naming: "--style"),
        Rejected("filmstrip", "--out", out, naming: "--style"),
        Rejected("filmstrip", "--style", "jike", naming: "--out"),
        Rejected("filmstrip", "--style", "jike", "--scale", "0.5", "--out", out, naming: "--scale"),
        Rejected("filmstrip", "--style", "jike", "--scale", "5", "--out", out, naming: "--scale"),
        Rejected("filmstrip", "--style", "jike", "--out", "/nonexistent-dir/x.png", naming: "--out"),
    ]

    /// Rejected when parsing, or (for what only writing reveals, e.g. /proc as root) when run.
    @Test(arguments: rejected)
    func rejectsWithOneLineNamingTheOption(_ case_: Rejected) {
        var outcome = DemoCommandLine.parse(case_.arguments)
        if case .command(var command) = outcome {
            do {
                try command.run()
                Issue.record("accepted and ran: \(case_.arguments)")
                return
            } catch {
                outcome = DemoCommandLine.outcome(for: error)
            }
        }
        guard case let .exit(status, stdout, stderr) = outcome else {
            Issue.record("neither accepted nor rejected: \(outcome)")
            return
        }
        #expect(case_.problems("refresh-demo", status: status, stdout: stdout, stderr: stderr) == [])
    }

    struct Accepted: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let size: (Int, Int)
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let accepted: [Accepted] = [
        Accepted(arguments: ["--style", "jike", "--phase", "pull", "--progress", "0.5"], size: (45, 45)),
        Accepted(arguments: ["--style", "jike", "--phase", "pull", "--progress", "1", "--scale", "2"],
                 size: (90, 90)),
        Accepted(arguments: ["--style", "jike", "--phase", "refresh", "--time", "0.3", "--scale", "1.5",
                             "--theme", "dark"], size: (68, 68)),
        Accepted(arguments: ["--style", "jike", "--phase", "end", "--time", "0.5", "--scale", "8"],
                 size: (360, 360)),
        Accepted(arguments: ["--style", "classic", "--phase", "failed"], size: (360, 60)),
        Accepted(arguments: ["--style", "classic", "--phase", "refresh", "--time", "2", "--width", "200",
                             "--scale", "1.5", "--background", "#ffffff"], size: (300, 90)),
        Accepted(arguments: ["--style", "plain", "--phase", "pull", "--progress", "0.4", "--scale", "2",
                             "--background", "white"], size: (720, 60)),
    ]

    @Test(arguments: accepted)
    func snapshotWritesAPNGOfTheDocumentedSize(_ case_: Accepted) throws {
        let path = Self.directory + "/snapshot-\(abs(case_.testDescription.hashValue)).png"
        guard case .command(var command) = DemoCommandLine.parse(["snapshot"] + case_.arguments + ["--out", path])
        else {
            Issue.record("rejected: \(case_.arguments)")
            return
        }
        try command.run()
        let image = try #require(ImageSurface(contentsOfPNG: path))
        #expect(image.pixelWidth == case_.size.0)
        #expect(image.pixelHeight == case_.size.1)
    }

    @Test func backgroundFillsTheImageAndIsTransparentOtherwise() throws {
        let plain = Snapshot.header(HeaderScene.visual(.failed, style: .jike), scale: 1, palette: .light).pixels
        #expect(plain[0].a == 0)  // the top left pixel
        let options = try SnapshotOptions.validated(style: "jike", phase: "failed", background: "#ff0000",
                                                    out: Self.directory + "/bg.png")
        let filled = options.render().pixels
        #expect(filled[0] == Pixel(r: 255, g: 0, b: 0, a: 255))
    }

    @Test(arguments: DemoHeader.allCases)
    func filmstripWritesOneSheet(style: DemoHeader) throws {
        let path = Self.directory + "/filmstrip-\(style.rawValue).png"
        guard case .command(var command) = DemoCommandLine.parse(["filmstrip", "--style", style.rawValue,
                                                                   "--out", path])
        else {
            Issue.record("rejected")
            return
        }
        try command.run()
        let image = try #require(ImageSurface(contentsOfPNG: path))
        #expect(image.pixelWidth > 300)
        #expect(image.pixelHeight > 100)
    }

    /// `--background` is read without a toolkit (both demos share the command), by GDK's rules:
    /// every spelling gets the colour `gdk_rgba_parse` gives it, and what GDK refuses is refused.
    @Test(arguments: [
        "#fff", "#ffffff", "#ff000080", "#fff8", "#123456789abc", "white", "DarkSlateGray", "transparent",
        "rgb(10,20,30)", "rgb( 10 , 20 , 30 )", "rgb(10%,50%,100%)", "rgb(300,-5,1e2)", "rgba(0,0,0,0.5)",
        "rgba(1, 2, 3, 2)", "rgba(1.5,2.5,3.5,.25)", "rgba (1,2,3,0.5)",
        "", "notacolour", "rgb(300,0)", "rgb(1,2,3) x", "rgb(1,2,3,4)", "rgba(1,2,3)", "RGB(1,2,3)", "#ff",
        "rgb(1,,3)", "rgb(a,b,c)", " white", "#gggggg",
    ])
    func backgroundColoursReadAsGdkReadsThem(text: String) {
        var gdk = GdkRGBA()
        let gdkReads = gdk_rgba_parse(&gdk, text) != 0
        let ours = ColorText.parse(text)
        #expect((ours != nil) == gdkReads, "GDK \(gdkReads ? "reads" : "refuses") '\(text)'")
        if let ours, gdkReads {
            let pairs = [(ours.r, gdk.red), (ours.g, gdk.green), (ours.b, gdk.blue), (ours.a, gdk.alpha)]
            #expect(pairs.allSatisfy { abs($0 - $1) < 1e-9 }, "'\(text)': \(ours) vs GDK \(gdk)")
        }
    }

    @Test func helpListsTheCommands() {
        guard case let .exit(status, stdout, _) = DemoCommandLine.parse(["--help"]) else {
            Issue.record("no help")
            return
        }
        #expect(status == 0)
        #expect(stdout.contains("snapshot"))
        #expect(stdout.contains("filmstrip"))
    }
}
