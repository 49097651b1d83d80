import RefreshCore
import RefreshDrawing
import RefreshScenes

#if canImport(Glibc)
import Glibc
#endif

/// The scripted cycle both demos' `record` play (docs/qa-tools.md, "A scripted cycle"): frame n is
/// engine time n/60 s; press on the first row, move the 8 px slop, drag to pull 0→1 over 20
/// frames (the 21st arms), hold 24 frames, release, end the refresh 0.65 s later (as `snapshot
/// --phase end` assumes), then the end animation and the settle.
package enum RecordScript {
    package static let pullFrames = 20, holdFrames = 24
    package static let pressFrame = 0, slopFrame = 1
    package static var releaseFrame: Int { 2 + pullFrames + holdFrames }
    /// The refresh ends `HeaderScene.refreshEndsAt` (0.65 s) after the release: 39 frames.
    package static var endFrame: Int { releaseFrame + Int((HeaderScene.refreshEndsAt * 60).rounded()) }
    /// The most frames a cycle may take before it counts as never coming to rest.
    package static let frameLimit = 900
    /// Window size in logical px.
    package static let width: Int32 = 360, height: Int32 = 480

    /// The pull the script aims at on step k of the drag (frame k + 1): 70·k/20.
    package static func scriptedPull(step k: Int) -> Double {
        Tuning.triggerPull * Double(min(k, pullFrames)) / Double(pullFrames)
    }

    /// An existing writable directory, or one that can be created (its parent exists).
    package static func directory(_ path: String) throws(RenderOptionError) -> String {
        guard !path.isEmpty else { throw RenderOptionParsing.invalid(path, "--out", expected: "a directory") }
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw RenderOptionError("--out '\(path)' is not a directory") }
            guard access(path, W_OK) == 0 else { throw RenderOptionError("--out '\(path)' is not writable") }
            return path
        }
        guard mkdir(path, 0o755) == 0 else {
            throw RenderOptionError("--out '\(path)': cannot create the directory (\(String(cString: strerror(errno))))")
        }
        return path
    }
}

/// One recorded frame, as index.json lists it.
package struct RecordedFrame: Equatable, Sendable {
    package var frame: Int
    /// Engine seconds since the recording started (frame / 60).
    package var time: Double
    package var state: HeaderPhase
    package var pull: Double
    package var animation: String
    package var animationTime: Double?
    package var file: String

    package init(frame: Int, time: Double, state: HeaderPhase, pull: Double, animation: String, animationTime: Double?,
                 file: String) {
        self.frame = frame
        self.time = time
        self.state = state
        self.pull = pull
        self.animation = animation
        self.animationTime = animationTime
        self.file = file
    }
}

/// index.json, written by hand (no Foundation in the demos).
package enum RecordIndex {
    package static func json(_ frames: [RecordedFrame], header: String, list: String, scale: Int, width: Double,
                             headerTop: Double, palette: Palette, background: RGBA) -> String {
        func number(_ value: Double) -> String {
            value.isFinite ? String((value * 1_000_000).rounded() / 1_000_000) : "null"
        }
        var out = "{\n  \"header\": \"\(header)\",\n  \"list\": \"\(list)\",\n"
        // The list's width in logical px: GTK's lists may ask for more than the window's default.
        out += "  \"scale\": \(scale),\n  \"width\": \(number(width)),\n"
        // Where the header hangs from in a frame: below pinned column headers.
        out += "  \"header_top\": \(number(headerTop)),\n"
        out += "  \"fps\": 60,\n  \"release_frame\": \(RecordScript.releaseFrame),\n  \"end_frame\": \(RecordScript.endFrame),\n"
        // The theme's palette the header was drawn with (render a snapshot with it to compare).
        func color(_ c: RGBA) -> String { "[\(number(c.r)), \(number(c.g)), \(number(c.b)), \(number(c.a))]" }
        out += "  \"palette\": {\"track\": \(color(palette.track)), \"accent\": \(color(palette.accent)), "
            + "\"error\": \(color(palette.error)), \"text\": \(color(palette.text)), \"bar\": \(color(palette.bar)), "
            + "\"bar_text\": \(color(palette.barText))},\n"
        // What the header is drawn over.
        out += "  \"background\": \(color(background)),\n"
        out += "  \"frames\": [\n"
        out += frames.map { f in
            "    {\"frame\": \(f.frame), \"time\": \(number(f.time)), \"state\": \"\(f.state.rawValue)\", "
                + "\"pull\": \(number(f.pull)), \"animation\": \"\(f.animation)\", "
                + "\"animation_time\": \(f.animationTime.map(number) ?? "null"), \"file\": \"\(f.file)\"}"
        }.joined(separator: ",\n")
        out += "\n  ]\n}\n"
        return out
    }
}

extension String {
    /// "frame-0042.png".
    package static func frameFile(_ n: Int) -> String {
        var digits = String(n)
        while digits.count < 4 { digits = "0" + digits }
        return "frame-\(digits).png"
    }

    /// Writes the string to a file; false on failure (errno says why).
    package func write(to path: String) -> Bool {
        guard let file = fopen(path, "w") else { return false }
        let ok = fputs(self, file) >= 0
        return fclose(file) == 0 && ok
    }
}
