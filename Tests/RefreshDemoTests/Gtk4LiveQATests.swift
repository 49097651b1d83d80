import Foundation
import RefreshCore
import RefreshDemo
import RefreshQA
import RefreshTestSupport
import Testing

/// refresh-demo-gtk4's live QA tools (docs/qa-tools.md, "Live QA tools"), driven as a person
/// would on a private Xvfb with xdotool and read through the trace, saved frames and screenshots
/// (GTK 4 cannot share this process with GTK 3). Each instant that matters is reached in engine
/// time, so nothing depends on how fast the machine is.
@Suite(.serialized, .enabled { try Gtk4Demo.canRun() })
struct Gtk4LiveQATests {
    /// S and `--slow-motion 10` slow the engine's clock ten times: on the `animation` lines, the
    /// trace's milliseconds per engine second from the reveal to the end are 10,000 (1,000
    /// without), while the reveal and the morph still last their 0.25 s and 0.15 s of engine time.
    @Test(arguments: [("none", 1.0), ("--slow-motion 10", 10.0), ("S", 10.0)])
    func slowMotionStretchesTheAnimationsInEngineTime(how: String, factor: Double) throws {
        // The trace reports the animation each painted frame shows, so one the frames skip has no
        // line: CI once saw a GTK 4 demo on a loaded machine paint nothing for more than the 0.85 s
        // the spin lasted at factor 1 (answer 1 s after the refresh began, which is 0.25 s after
        // the reveal). The test waits for no line of the 0.15 s morph, and the answer comes late
        // enough that the spin lasts 3 s of wall time at either factor. The ratio is
        // measured over the whole span from the reveal to the end (3.4 s of wall time or more): each
        // line's wall time is read a little after its engine time, and a process preempted in
        // between moves it by tens of ms.
        let latency = Tuning.morphDuration + 3.0 / factor
        let demo = try Gtk4Demo.start(latency: latency, ["--trace-animations"] + (how.hasPrefix("--") ? how.split(separator: " ").map(String.init) : []))
        defer { demo.stop() }
        demo.xdotool("mousemove", "200", "300")
        if how == "S" { demo.xdotool("key", "s") }
        demo.xdotool("key", "F5")
        let reveal = try demo.waitFor { $0.event == "animation" && $0.name == "reveal" }
        let spin = try demo.waitFor { $0.event == "animation" && $0.name == "spin" }
        let end = try demo.waitFor(timeout: 30) { $0.event == "animation" && $0.name == "end" }
        let engine = try #require(end.engine) - #require(reveal.engine)
        #expect(engine > latency, "the end began \(engine) s after the reveal, before the answer")
        let msPerEngineSecond = (end.t - reveal.t) / engine
        #expect(abs(msPerEngineSecond / (1000 * factor) - 1) < 0.1,
                "\(msPerEngineSecond) ms of trace per engine second, expected \(1000 * factor)")
        // When each began, in engine time, from the line's time into it.
        let revealBegan = try #require(reveal.engine) - #require(reveal.time)
        let spinBegan = try #require(spin.engine) - #require(spin.time)
        #expect(abs(spinBegan - revealBegan - (Tuning.revealDuration + Tuning.morphDuration)) < 1e-6,
                "the spin began \(spinBegan - revealBegan) s after the reveal")
        demo.xdotool("key", "ctrl+q")
        #expect(try demo.waitForExit() == 0)
    }

    /// P freezes the engine's clock: a refresh begun while paused (F5 is applied at the frozen
    /// instant) shows its reveal and nothing more however long it waits; each `.` then moves the
    /// engine on by exactly 1/60 s. The counts land mid-morph, mid-spin and mid-end (reveal
    /// 0.25 s, morph 0.15 s, the answer 0.5 s of engine time after the refresh began, end 0.5 s),
    /// so steps of another length, or a clock that runs on, show as the wrong animation; and the
    /// end's 0.5 s takes exactly 30 steps.
    @Test func pauseFreezesTheHeaderAndEachStepIsOneFrame() throws {
        let demo = try Gtk4Demo.start(latency: 0.5, ["--trace-animations"])
        defer { demo.stop() }
        demo.xdotool("mousemove", "200", "300")
        demo.xdotool("key", "p")
        demo.xdotool("key", "F5")
        let reveal = try demo.waitFor { $0.event == "animation" && $0.name == "reveal" }
        let paused = try #require(reveal.engine)
        #expect(reveal.time == 0)
        // Absence has no event to wait for: a running clock would have finished the refresh.
        demo.xdotool("sleep", "1.5")
        #expect(demo.lines.filter { $0.event == "animation" }.map(\.name) == ["reveal"])
        #expect(!demo.lines.contains { $0.event == "header" && ($0.state == "finishing" || $0.state == "idle") })

        var steps = 0
        for (count, expected, next) in [(19, "morph", "spin"), (9, "spin", "end"), (30, "end", "none")] {
            demo.xdotool("key", "--repeat", String(count), "--delay", "15", "period")
            steps += count
            let line = try demo.waitFor { $0.event == "animation" && $0.name == expected }
            demo.xdotool("sleep", "0.3")
            #expect(!demo.lines.contains { $0.event == "animation" && $0.name == next },
                    "after \(steps) steps the header is past \(expected)")
            let frames = (try #require(line.engine) - paused) * 60
            #expect(abs(frames - frames.rounded()) < 1e-5, "\(expected) began off the step grid: \(frames) frames")
            #expect(frames <= Double(steps) + 1e-5)
        }
        demo.xdotool("key", "--repeat", "30", "--delay", "15", "period")
        let none = try demo.waitFor { $0.event == "animation" && $0.name == "none" }
        // The end lasts 0.5 s: the first step at or past its end is 30 after the one that showed it
        // (31 when it began exactly on a step, where the sum of the steps may fall a hair short).
        let end = try #require(demo.lines.first { $0.event == "animation" && $0.name == "end" })
        let endSteps = (try #require(none.engine) - #require(end.engine)) * 60
        #expect(abs(endSteps - 30) < 1e-5 || (abs(endSteps - 31) < 1e-5 && (end.time ?? 1) < 1e-6),
                "the end took \(endSteps) steps")
        try demo.waitFor { $0.event == "header" && $0.state == "idle" }
        demo.xdotool("key", "ctrl+q")
        #expect(try demo.waitForExit() == 0)
    }

    /// F saves the bin as the window shows it, at the display's scale, and prints the `frame`
    /// line: with the overlay and the outline shown, the J in the saved frame is the headless
    /// `Snapshot` of that pull on the frame's background (golden tolerance, `RecordTests.compare`),
    /// and no overlay panel is in it. The folder's name has a quote and a backslash: the trace
    /// line that names it is still JSON.
    @Test(arguments: [1, 2])
    func aSavedFrameIsTheHeadlessSnapshotWithoutTheTools(scale: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ptr-gtk4-qa-\"frames\"\\-\(getpid())-\(scale)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // F saves into $PTR_QA_DIR.
        let demo = try Gtk4Demo.start(latency: 0.3, ["--overlay"],
                                      environment: ["PTR_QA_DIR": directory.path, "GDK_SCALE": String(scale)])
        defer { demo.stop() }
        // xdotool moves in device px: the same drag in logical px at either scale.
        demo.xdotool("mousemove", String(200 * scale), String(150 * scale))
        demo.xdotool("mousedown", "1")
        for y in stride(from: 160, through: 270, by: 10) { demo.xdotool("mousemove", String(200 * scale), String(y * scale)) }
        try demo.waitFor { $0.event == "header" && $0.state == "pulling" }
        demo.xdotool("key", "g")
        demo.xdotool("key", "f")
        let path = try #require(try demo.waitFor { $0.event == "frame" }.path)
        demo.xdotool("mouseup", "1")
        #expect(path.hasPrefix(directory.path + "/refresh-jike-pulling-p"), "\(path)")
        let live = try #require(ImageSurface(contentsOfPNG: path))
        // The window's default 400 × 600, as high as the 900 px screen allows at scale 2.
        #expect(live.pixelWidth == 400 * scale && live.pixelHeight >= 440 * scale, "\(live.pixelWidth)×\(live.pixelHeight)")

        let pull = try #require(Double(path.split(separator: "-p").last?.dropLast(4) ?? ""), "\(path)")
        #expect(pull > 20 && pull < Tuning.triggerPull)
        let visual = HeaderScene.visual(.pull(progress: pull / Tuning.triggerPull), style: .jike)
        let background = live.pixels[2 * live.pixelWidth + 2].color
        let snapshot = Snapshot.header(visual, scale: Double(scale), palette: .light, background: background)
        if let difference = RecordTests.compare(live: live, pull: pull, snapshot: snapshot, style: .jike, scale: scale,
                                                width: 400) {
            Issue.record("the saved J differs from the headless snapshot at pull \(pull): \(difference) (\(path))")
        }
        // The overlay panel (bottom left, dark) is on the screen and in no saved frame.
        let bottom = Double(live.pixelHeight / scale)
        #expect(Screen.darkShare(live, x: 8, y: bottom - 150, width: 290, height: 140, scale: Double(scale)) < 0.05)
        demo.xdotool("key", "ctrl+q")
        #expect(try demo.waitForExit() == 0)
    }

    /// O, G and F1 draw over the window where docs/qa-tools.md says (a screenshot of the X
    /// display: the overlay panel bottom left, the outline's magenta around the J, the help in
    /// the middle), and take nothing away when toggled off; T opens the scrubber window, whose
    /// style and theme drop-downs work, and which Escape closes. The keys pass the list's own keys through: F5 still refreshes.
    @Test func overlayOutlineHelpAndScrubberShowOnTheScreen() throws {
        let demo = try Gtk4Demo.start(latency: 0.3)
        defer { demo.stop() }
        let shots = FileManager.default.temporaryDirectory.appendingPathComponent("ptr-gtk4-qa-shots-\(getpid())")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: shots) }
        var taken = 0
        let panel = (x: 8.0, y: 450.0, width: 290.0, height: 140.0)
        let middle = (x: 100.0, y: 250.0, width: 200.0, height: 100.0)
        func dark(_ image: ImageSurface, _ r: (x: Double, y: Double, width: Double, height: Double)) -> Double {
            Screen.darkShare(image, x: r.x, y: r.y, width: r.width, height: r.height, scale: 1)
        }
        /// The screen once it shows what the last key changed (`shown`), or after 5 s whatever it
        /// shows: the expectations then say what is wrong.
        func screen(once shown: (ImageSurface) -> Bool) throws -> ImageSurface {
            let deadline = Date().addingTimeInterval(5)
            while true {
                taken += 1
                let file = shots.appendingPathComponent("\(taken).png").path
                demo.run(try #require(BuiltProducts.program("import")), ["-window", "root", file])
                let image = try #require(ImageSurface(contentsOfPNG: file), "no screenshot")
                if shown(image) || Date() >= deadline { return image }
                demo.xdotool("sleep", "0.1")
            }
        }
        demo.xdotool("mousemove", "200", "150")
        demo.xdotool("mousedown", "1")
        for y in stride(from: 160, through: 270, by: 10) { demo.xdotool("mousemove", "200", String(y)) }
        try demo.waitFor { $0.event == "header" && $0.state == "pulling" }
        let plain = try screen { dark($0, panel) < 0.05 }
        demo.xdotool("key", "o")
        let overlay = try screen { dark($0, panel) > 0.5 }
        demo.xdotool("key", "g")
        let outline = try screen { Screen.magenta($0, below: 60) > 20 }
        demo.xdotool("key", "F1")
        let help = try screen { dark($0, middle) > 0.5 }
        demo.xdotool("key", "F1", "g", "o")
        let off = try screen { dark($0, panel) < 0.05 && dark($0, middle) < 0.05 && Screen.magenta($0, below: 60) == 0 }

        #expect(dark(plain, panel) < 0.05 && dark(overlay, panel) > 0.5, "O: \(dark(plain, panel)) → \(dark(overlay, panel))")
        #expect(Screen.magenta(plain, below: 60) == 0 && Screen.magenta(outline, below: 60) > 20,
                "G: \(Screen.magenta(outline, below: 60)) magenta pixels in the gap")
        #expect(dark(outline, middle) < 0.05 && dark(help, middle) > 0.5, "F1: \(dark(help, middle))")
        #expect(dark(off, panel) < 0.05 && dark(off, middle) < 0.05 && Screen.magenta(off, below: 60) == 0)
        demo.xdotool("mouseup", "1")
        try demo.waitFor { $0.event == "header" && $0.state == "idle" }

        /// Whether the scrubber window is there once `present` says it should be (within 5 s).
        func scrubberShown(_ present: Bool) -> Bool {
            let deadline = Date().addingTimeInterval(5)
            while true {
                let shown = !demo.xdotoolOutput("search", "--name", "Header scrubber").isEmpty
                if shown == present || Date() >= deadline { return shown }
                demo.xdotool("sleep", "0.1")
            }
        }
        demo.xdotool("key", "t")
        #expect(scrubberShown(true), "T opened no scrubber")
        // No window manager: the scrubber opens at the top left, under the pointer, and takes the keys.
        // Its drop-downs: the style (jike → plain) and the theme (light → dark), each a notify
        // handler (a handler reading its data from the wrong argument crashed here).
        let scrubberArea = (x: 10.0, y: 10.0, width: 400.0, height: 100.0)
        let light = try screen { dark($0, scrubberArea) < 0.2 }
        demo.xdotool("mousemove", "142", "89")
        demo.xdotool("click", "1")
        demo.xdotool("sleep", "0.5")
        demo.xdotool("key", "Down", "Down", "Return")
        demo.xdotool("mousemove", "352", "89")
        demo.xdotool("click", "1")
        demo.xdotool("sleep", "0.5")
        demo.xdotool("key", "Down", "Return")
        let darkTheme = try screen { dark($0, scrubberArea) > 0.5 }
        #expect(dark(light, scrubberArea) < 0.2 && dark(darkTheme, scrubberArea) > 0.5,
                "the theme drop-down: \(dark(light, scrubberArea)) → \(dark(darkTheme, scrubberArea))")
        demo.xdotool("mousemove", "100", "40")
        demo.xdotool("key", "Escape")
        #expect(!scrubberShown(false), "Escape left the scrubber open")
        demo.xdotool("mousemove", "200", "300")
        demo.xdotool("key", "F5")
        try demo.waitFor { $0.event == "refresh" && $0.phase == "end" }
        demo.xdotool("key", "ctrl+q")
        #expect(try demo.waitForExit() == 0)
    }

    /// `--slow-motion` takes refresh-demo's values and rejects bad ones with its message, exit
    /// status 2 and no window.
    @Test(arguments: ["0", "21", "fast", "", "nan", "-2", "1e3"])
    func badSlowMotionValuesAreRefreshDemosErrors(value: String) throws {
        let gtk4 = try BuiltProducts.runHeadless(try #require(Gtk4Demo.binary), ["--slow-motion", value])
        let gtk3 = try BuiltProducts.runHeadless(try Prerequisite.path(of: .built("refresh-demo")), ["--slow-motion", value])
        #expect(gtk4.status == 2 && !gtk4.signalled)
        #expect(gtk4.stderr.hasPrefix("refresh-demo-gtk4: ") && gtk4.stderr.contains("--slow-motion"), "\(gtk4.stderr)")
        #expect(gtk4.stderr.dropFirst("refresh-demo-gtk4: ".count) == gtk3.stderr.dropFirst("refresh-demo: ".count))
    }
}

/// What the GTK 4 QA tests read on a screenshot or a saved frame (logical px × `scale`).
enum Screen {
    /// The share of pixels in the rectangle as dark as the QA panels' background.
    static func darkShare(_ image: ImageSurface, x: Double, y: Double, width: Double, height: Double, scale: Double) -> Double {
        let pixels = image.pixels
        var dark = 0, total = 0
        for py in Int(y * scale)..<min(Int((y + height) * scale), image.pixelHeight) {
            for px in Int(x * scale)..<min(Int((x + width) * scale), image.pixelWidth) {
                let p = pixels[py * image.pixelWidth + px]
                total += 1
                if Int(p.r) + Int(p.g) + Int(p.b) < 3 * 90 { dark += 1 }
            }
        }
        return total == 0 ? 0 : Double(dark) / Double(total)
    }

    /// Pixels of the outline's magenta (the grey J's reference) above `below` logical px.
    static func magenta(_ image: ImageSurface, below: Int) -> Int {
        image.pixels.prefix(below * image.pixelWidth).filter { $0.r > 180 && $0.g < 90 && $0.b > 130 }.count
    }
}
