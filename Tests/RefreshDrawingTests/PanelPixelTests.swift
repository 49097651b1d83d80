import RefreshQA
import Foundation
import RefreshCore
import RefreshDrawing
import RefreshGtk
import Testing

// The classic header, the plain bar, the footer and every style's failed state checked on
// rendered pixels against numbers taken from the geometry constants (Tuning, HeaderStyle, the
// painters' documented layout) — never from the painter's own output — so that a golden
// regenerated from a broken painter still fails here. Light palette unless named; scale 2.

private let scale = 2.0

private func header(_ moment: HeaderMoment, _ style: HeaderStyle, palette: Palette = .light) -> ImageSurface {
    Snapshot.header(HeaderScene.visual(moment, style: style), scale: scale, palette: palette)
}

private func footer(_ moment: FooterMoment, focused: Bool = false, palette: Palette = .light) -> ImageSurface {
    Snapshot.footer(FooterScene.visual(moment), scale: scale, palette: palette, focused: focused)
}

/// The direction (degrees, y down) of the classic arrow at `turn` (0 down … 1 up): the tip is
/// (0, 1) turned by `turn`·π, clockwise on screen (docs/behaviour.md#classic-header).
private func arrowDegrees(turn: Double) -> Double {
    let angle = turn * .pi
    return atan2(cos(angle), -sin(angle)) * 180 / .pi
}

/// The arrow's turn `seconds` after arming: an ease-out cubic over `Tuning.arrowFlipDuration`.
private func turn(afterArming seconds: Double) -> Double {
    let x = min(max(seconds / Tuning.arrowFlipDuration, 0), 1)
    return 1 - (1 - x) * (1 - x) * (1 - x)
}

/// The 12-spoke spinner (Indicators.spinner): the spoke at `angle` is fully opaque, the one
/// `k` spokes behind it (counter-clockwise, at angle − k·30°) has opacity 1 − 0.85·k/12, and
/// nothing is drawn half-way between two spokes.
private func expectSpinner(_ ink: Ink, columns: ClosedRange<Int>, radius: Double, angle: Double, colour: RGBA,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
    let box = try #require(ink.box(columns: columns), "no spinner", sourceLocation: sourceLocation)
    // Spokes run from 0.45·r to r, round-capped, width max(r / 4.5, 1).
    let extent = 2 * radius + max(radius / 4.5, 1)
    #expect(abs(box.width - extent) <= 1.5 && abs(box.height - extent) <= 1.5,
            "spinner box \(box), expected \(extent) px across", sourceLocation: sourceLocation)
    let center = Point(box.midX, box.midY)
    let ink = ink
    func opacity(_ a: Double) -> Double {
        Double(ink.strongest(from: center, angle: a, radii: 0.55 * radius...0.95 * radius).a) / 255
    }
    for k in 0..<12 {
        let a = angle - Double(k) * .pi / 6
        let expected = (1 - 0.85 * Double(k) / 12) * colour.a
        #expect(abs(opacity(a) - expected) <= 0.1,
                "spoke \(k) behind the head: opacity \(opacity(a)), expected \(expected)", sourceLocation: sourceLocation)
        #expect(opacity(a - .pi / 12) < 0.6 * expected, "ink between spokes \(k) and \(k + 1)",
                sourceLocation: sourceLocation)
    }
    let head = ink.strongest(from: center, angle: angle, radii: 0.55 * radius...0.95 * radius).color
    #expect(head.distance(to: colour) <= 10, "spinner colour \(head), expected \(colour)", sourceLocation: sourceLocation)
}

/// Which share of the samples on a circle of `radius` around `center` are opaque (≥ 50 %).
private func ringCoverage(_ ink: Ink, center: Point, radius: Double, samples: Int = 32) -> Double {
    let opaque = (0..<samples).filter { i in
        let a = Double(i) * 2 * .pi / Double(samples)
        return ink[center.x + radius * cos(a), center.y + radius * sin(a)].a >= 128
    }
    return Double(opaque.count) / Double(samples)
}

// MARK: - Classic header

/// The classic panel (docs/behaviour.md#classic-header): an indicator (arrow, spinner or mark, in a 20 px box) 12 px
/// left of a block of two centred lines, the whole vertically centred in the 60 px panel.
struct ClassicPanel {
    let ink: Ink
    let indicator: ClosedRange<Int>
    let text: ClosedRange<Int>
    let lines: [Ink.Box]

    static let panelHeight = 60.0
    static let width = Snapshot.defaultWidth
    /// From the indicator's centre to the text block: half its 20 px box and a 12 px gap.
    static let indicatorToText = 20.0 / 2 + 12

    init(_ moment: HeaderMoment, palette: Palette = .light, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let image = header(moment, .classic, palette: palette)
        #expect(image.pixelWidth == Int(Self.width * scale) && image.pixelHeight == Int(Self.panelHeight * scale),
                sourceLocation: sourceLocation)
        ink = Ink(image)
        // The indicator's ink ends ≥ 12 px left of the text (its box is 20 px, the marks at
        // most 19 px across); word spaces are 3–4 px, and where the spaces of the two lines
        // happen to line up the columns still have a gap of about 7 px.
        let runs = ink.columnRuns(gap: 10)
        try #require(runs.count == 2, "expected the indicator and the text, got column runs \(runs)",
                     sourceLocation: sourceLocation)
        indicator = runs[0]
        text = runs[1]
        let ink = ink, text = text
        lines = ink.rowRuns(columns: text, gap: 1).compactMap { ink.box(columns: text, rows: $0) }
    }

    /// The left edge of the wider line's ink: the block's left.
    var textLeft: Double { lines.map(\.minX).min() ?? .nan }
}

@Suite struct ClassicHeaderPixelTests {
    @Test func arrowPointsDownWhilePullingAndUpOnceArmed() throws {
        let pulling = try ClassicPanel(.pull(progress: 0.5))
        let down = try #require(pulling.ink.pointing(columns: pulling.indicator))
        #expect(abs(angleDifference(down.degrees, 90)) <= 6, "pulling: the arrow points at \(down.degrees)°")
        let armed = try ClassicPanel(.pull(progress: 1))
        let up = try #require(armed.ink.pointing(columns: armed.indicator))
        #expect(abs(angleDifference(up.degrees, -90)) <= 6, "armed: the arrow points at \(up.degrees)°")
    }

    /// Arming turns the arrow over in 0.2 s with an ease-out (docs/behaviour.md#classic-header), through the left.
    @Test(arguments: [0.0, 0.03, 0.06, 0.1, 0.15, 0.2, 0.3])
    func arrowTurnsOverAfterArming(seconds: Double) throws {
        let panel = try ClassicPanel(.armed(seconds: seconds))
        let measured = try #require(panel.ink.pointing(columns: panel.indicator))
        let expected = arrowDegrees(turn: turn(afterArming: seconds))
        #expect(abs(angleDifference(measured.degrees, expected)) <= 8,
                "at +\(seconds) s the arrow points at \(measured.degrees)°, expected \(expected)°")
    }

    /// The arrow is the mark of the 20 px box left of the text, on the panel's middle line.
    @Test(arguments: [HeaderMoment.pull(progress: 0.5), .pull(progress: 1), .armed(seconds: 0.1)])
    func arrowSitsLeftOfTheTextOnTheMiddleLine(moment: HeaderMoment) throws {
        let panel = try ClassicPanel(moment)
        let arrow = try #require(panel.ink.pointing(columns: panel.indicator))
        #expect(abs(arrow.center.y - ClassicPanel.panelHeight / 2) <= 0.75, "arrow centre \(arrow.center)")
        #expect(abs(arrow.center.x - (panel.textLeft - ClassicPanel.indicatorToText)) <= 2,
                "arrow centre \(arrow.center), text from x \(panel.textLeft)")
        // 20 px tall: the shaft from −9 to 9 with round caps.
        let box = try #require(panel.ink.box(columns: panel.indicator))
        #expect(max(box.width, box.height) >= 18 && max(box.width, box.height) <= 22, "arrow box \(box)")
    }

    /// Two lines (the state, then "Last updated"), each centred on the panel, the block in
    /// the panel's middle; the first line in the text colour.
    @Test(arguments: [HeaderMoment.pull(progress: 0.5), .pull(progress: 1), .refresh(seconds: 0.4), .end(seconds: 0.1),
                      .failed])
    func textIsTwoCentredLines(moment: HeaderMoment) throws {
        let panel = try ClassicPanel(moment)
        try #require(panel.lines.count == 2, "expected two lines of text, got \(panel.lines)")
        let (title, detail) = (panel.lines[0], panel.lines[1])
        for line in panel.lines {
            #expect(abs(line.midX - ClassicPanel.width / 2) <= 1.5, "line \(line) is not centred")
            #expect(line.width >= 40, "line \(line) is too short for its words")
        }
        #expect(title.maxY < detail.minY)
        #expect(title.minY > 0 && detail.maxY < ClassicPanel.panelHeight)
        let blockMiddle = (title.minY + detail.maxY) / 2
        #expect(abs(blockMiddle - ClassicPanel.panelHeight / 2) <= 3, "block \(title.minY)…\(detail.maxY)")
        let rows = panel.ink.rows(of: title)
        let colour = try #require(panel.ink.inkColour(columns: panel.text, rows: rows))
        #expect(colour.distanceWithAlpha(to: Palette.light.text) <= 10, "title colour \(colour)")
    }

    /// While refreshing the indicator is the accent-coloured spinner, turning once a second
    /// from the release (here 0.4 s after it).
    @Test(arguments: [Palette.light, Palette.dark])
    func spinnerWhileRefreshing(palette: Palette) throws {
        let panel = try ClassicPanel(.refresh(seconds: 0.4), palette: palette)
        try expectSpinner(panel.ink, columns: panel.indicator, radius: 9,
                          angle: 2 * .pi * 0.4 / Tuning.spinnerPeriod, colour: palette.accent)
        let box = try #require(panel.ink.box(columns: panel.indicator))
        #expect(abs(box.midY - ClassicPanel.panelHeight / 2) <= 0.75)
        #expect(abs(box.midX - (panel.textLeft - ClassicPanel.indicatorToText)) <= 2)
    }

    /// A failed refresh: a ring with "!" in the error colour (docs/behaviour.md#jike-header), where the arrow was.
    @Test func failedShowsTheErrorMark() throws {
        let panel = try ClassicPanel(.failed)
        let box = try #require(panel.ink.box(columns: panel.indicator))
        #expect(abs(box.width - 20) <= 1.5 && abs(box.height - 20) <= 1.5, "mark box \(box)")
        let center = Point(box.midX, box.midY)
        #expect(ringCoverage(panel.ink, center: center, radius: 9) == 1, "the ring is not closed")
        #expect(ringCoverage(panel.ink, center: center, radius: 6) <= 0.2, "the ring is filled")
        #expect(panel.ink[center.x, center.y - 2].a >= 200, "no bar of the '!'")
        #expect(panel.ink[center.x, center.y + 4.5].a >= 200, "no dot of the '!'")
        // Each part in the error colour: the ring all round, the bar and the dot.
        let parts = (0..<8).map { i -> (String, Pixel) in
            let a = Double(i) * .pi / 4
            return ("ring at \(i * 45)°", panel.ink[center.x + 9 * cos(a), center.y + 9 * sin(a)])
        } + [("bar", panel.ink[center.x, center.y - 2]), ("dot", panel.ink[center.x, center.y + 4.5])]
        for (name, pixel) in parts {
            #expect(pixel.a >= 200 && pixel.color.distance(to: Palette.light.error) <= 10,
                    "\(name): \(pixel.color), expected \(Palette.light.error)")
        }
    }
}

// MARK: - Plain bar

@Suite struct PlainBarPixelTests {
    static let height = 30.0

    /// The bar is 30 px tall (its held height) with its bottom on the content top, whatever the
    /// pull; nothing is drawn above it or over the rows.
    @Test(arguments: [HeaderMoment.pull(progress: 0.5), .pull(progress: 1), .refresh(seconds: 0.4)])
    func barIsThirtyPixelsOnTheContentTop(moment: HeaderMoment) throws {
        #expect(HeaderStyle.plain.heldHeight == Self.height)
        let visual = HeaderScene.visual(moment, style: .plain)
        let viewport = (width: 360.0, height: 120.0)
        let image = ImageSurface(logicalWidth: viewport.width, logicalHeight: viewport.height, scale: scale)
        image.draw { cr in HeaderPainter().draw(visual, cr: cr, width: viewport.width, palette: .light) }
        let ink = Ink(image)
        let top = visual.contentTop - Self.height
        let filled = (0..<ink.height).filter { y in ink.pixels[y * ink.width + 1] == ink.pixels[y * ink.width + ink.width - 2]
            && ink.pixels[y * ink.width + 1].a == 255 }
        let first = try #require(filled.first), last = try #require(filled.last)
        // The bar's edges are on whole device pixels (the content top is, up to rounding).
        #expect(abs(Double(first) / scale - top) < 1e-6, "the bar starts at y \(Double(first) / scale), expected \(top)")
        #expect(abs(Double(last + 1) / scale - visual.contentTop) < 1e-6,
                "the bar ends at y \(Double(last + 1) / scale), expected \(visual.contentTop)")
        #expect(filled.count == Int(Self.height * scale), "the bar is \(Double(filled.count) / scale) px tall")
        #expect(ink.count(rows: (last + 1)...(ink.height - 1)) == 0, "drawn below the content top")
        if first > 0 { #expect(ink.count(rows: 0...(first - 1)) == 0, "drawn above the bar") }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let moment: HeaderMoment
        let palette: Palette
        let name: String
        var testDescription: String { name }
    }

    static let cases = [
        Case(moment: .pull(progress: 0.5), palette: .light, name: "pull 0.5"),
        Case(moment: .pull(progress: 1), palette: .light, name: "armed"),
        Case(moment: .refresh(seconds: 0.4), palette: .light, name: "refreshing"),
        Case(moment: .refresh(seconds: 0.4), palette: .dark, name: "refreshing, dark"),
    ]

    /// The whole bar is the bar colour except its one word, centred, in the bar's text colour.
    @Test(arguments: cases)
    func barColourWithCentredText(_ c: Case) throws {
        try expectBar(header(c.moment, .plain, palette: c.palette), fill: c.palette.bar, text: c.palette.barText)
    }

    /// A failed refresh turns the bar into the error colour with black or white text, the one
    /// that contrasts more (computed here with WCAG's formula).
    @Test(arguments: [Palette.light, Palette.dark])
    func failedBarIsTheErrorColour(palette: Palette) throws {
        let fill = palette.error
        let text: RGBA = fill.contrast(with: RGBA(r: 1, g: 1, b: 1)) >= fill.contrast(with: RGBA(r: 0, g: 0, b: 0))
            ? RGBA(r: 1, g: 1, b: 1) : RGBA(r: 0, g: 0, b: 0)
        try expectBar(header(.failed, .plain, palette: palette), fill: fill, text: text)
    }

    func expectBar(_ image: ImageSurface, fill: RGBA, text: RGBA,
                   sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(image.pixelWidth == Int(Snapshot.defaultWidth * scale) && image.pixelHeight == Int(Self.height * scale),
                sourceLocation: sourceLocation)
        let corner = image.pixels[0]
        #expect(corner.a == 255 && corner.color.distance(to: fill) <= 1.5, "bar colour \(corner.color), expected \(fill)",
                sourceLocation: sourceLocation)
        let ink = Ink(image, background: corner)
        let word = try #require(ink.box(), "no text on the bar", sourceLocation: sourceLocation)
        #expect(ink.count() >= 60, "too little text: \(ink.count()) px", sourceLocation: sourceLocation)
        #expect(abs(word.midX - Snapshot.defaultWidth / 2) <= 1.5, "text \(word) not centred", sourceLocation: sourceLocation)
        #expect(abs(word.midY - Self.height / 2) <= 2.5, "text \(word) not centred", sourceLocation: sourceLocation)
        // Outside the word, every pixel is the bar colour.
        let outside = ink.count() - ink.count(columns: ink.columns(of: word), rows: ink.rows(of: word))
        #expect(outside == 0, "\(outside) px off the bar colour outside the text", sourceLocation: sourceLocation)
        let colour = try #require(ink.inkColour(), sourceLocation: sourceLocation)
        #expect(colour.distance(to: text) <= 12, "text colour \(colour), expected \(text)", sourceLocation: sourceLocation)
    }
}

// MARK: - Footer

/// The footer (docs/behaviour.md#footer-and-load-more): a 44 px bar with its message centred; while loading a spinner 8 px
/// left of the text; focused, a dashed ring 8 px beyond the content sideways and 4 px above
/// and below; failed, the message in the error colour; no more data, dimmed to 55 %.
@Suite struct FooterPixelTests {
    static let height = Tuning.footerHeight
    static let width = Snapshot.defaultWidth

    struct Case: CustomTestStringConvertible, Sendable {
        let moment: FooterMoment
        let colour: RGBA
        let name: String
        var testDescription: String { name }
    }

    static let cases = [
        Case(moment: .idle, colour: Palette.light.text, name: "idle"),
        Case(moment: .noMoreData, colour: Palette.light.text.withAlpha(Palette.light.text.a * 0.55), name: "no more data"),
        Case(moment: .failed, colour: Palette.light.error, name: "failed"),
        Case(moment: .loading(seconds: 0.25), colour: Palette.light.text, name: "loading"),
    ]

    /// The message, centred, in its state's colour; a spinner only while loading.
    @Test(arguments: cases)
    func messageCentredInItsColour(_ c: Case) throws {
        let image = footer(c.moment)
        #expect(image.pixelWidth == Int(Self.width * scale) && image.pixelHeight == Int(Self.height * scale))
        let ink = Ink(image, threshold: 12)
        let runs = ink.columnRuns(gap: 6)
        let loading = if case .loading = c.moment { true } else { false }
        try #require(runs.count == (loading ? 2 : 1), "column runs \(runs)")
        let text = try #require(runs.last)
        let box = try #require(ink.box(columns: text))
        #expect(abs(box.midX - Self.width / 2) <= 1.5, "text \(box) not centred")
        #expect(abs(box.midY - Self.height / 2) <= 2.5, "text \(box) not centred")
        #expect(box.width >= 40)
        let colour = try #require(ink.inkColour(columns: text))
        #expect(colour.distanceWithAlpha(to: c.colour) <= 10, "text colour \(colour), expected \(c.colour)")
    }

    /// Loading: the accent spinner (radius 8) 8 px left of the text, on the middle line,
    /// turning once a second (here 0.25 s into the load: pointing down).
    @Test(arguments: [Palette.light, Palette.dark])
    func loadingShowsTheSpinnerLeftOfTheText(palette: Palette) throws {
        let ink = Ink(footer(.loading(seconds: 0.25), palette: palette), threshold: 12)
        let runs = ink.columnRuns(gap: 6)
        try #require(runs.count == 2, "column runs \(runs)")
        try expectSpinner(ink, columns: runs[0], radius: 8, angle: 2 * .pi * 0.25 / Tuning.spinnerPeriod,
                          colour: palette.accent)
        let spinner = try #require(ink.box(columns: runs[0])), text = try #require(ink.box(columns: runs[1]))
        #expect(abs(spinner.midY - Self.height / 2) <= 0.75)
        #expect(abs(spinner.midX - (text.minX - 8 - 8)) <= 2, "spinner \(spinner), text \(text)")
    }

    /// Focused: a dashed ring round the content, nothing else outside the text.
    @Test(arguments: [(FooterMoment.idle, Palette.light), (.failed, .dark)])
    func focusRingSurroundsTheContent(moment: FooterMoment, palette: Palette) throws {
        let plain = Ink(footer(moment, palette: palette), threshold: 12)
        let text = try #require(plain.box())
        let ink = Ink(footer(moment, focused: true, palette: palette), threshold: 12)
        let textColumns = ink.columns(of: text, margin: 1), textRows = ink.rows(of: text, margin: 1)
        #expect(ink.count(columns: textColumns, rows: textRows) >= plain.count(), "the text went away")
        let ring = try #require(ink.box(), "no focus ring")
        // Between the logical text box and its ink there are at most a couple of px of bearing.
        let margins = (left: text.minX - ring.minX, right: ring.maxX - text.maxX,
                       top: text.minY - ring.minY, bottom: ring.maxY - text.maxY)
        #expect((7...11).contains(margins.left) && (7...11).contains(margins.right), "ring \(ring) text \(text)")
        #expect(abs(margins.left - margins.right) <= 1.5, "ring \(ring) not centred on text \(text)")
        #expect((3...9).contains(margins.top) && (3...9).contains(margins.bottom), "ring \(ring) text \(text)")
        // Dashed (2 px on, 2 px off): about half of its top edge is drawn.
        let topRow = Int((ring.minY * scale).rounded(.down))
        let edge = ink.columns(of: Ink.Box(minX: ring.minX + 4, minY: 0, maxX: ring.maxX - 4, maxY: 1))
        let share = Double(ink.count(columns: edge, rows: topRow...topRow)) / Double(edge.count)
        #expect(share >= 0.3 && share <= 0.7, "top edge \(share) drawn: not dashed")
        let colour = try #require(ink.inkColour(columns: ink.columns(of: ring), rows: topRow...topRow))
        #expect(colour.distance(to: palette.text) <= 12, "ring colour \(colour)")
    }

    @Test(arguments: [FooterMoment.idle, .failed, .noMoreData])
    func unfocusedHasNoRing(moment: FooterMoment) throws {
        let ink = Ink(footer(moment), threshold: 12)
        let runs = ink.columnRuns(gap: 6)
        try #require(runs.count == 1, "column runs \(runs)")
        let text = try #require(ink.box())
        #expect(text.height <= 16, "more than a line of text: \(text)")
    }
}

// MARK: - Failed, every style

@Suite struct FailedStatePixelTests {
    /// The J's failure (docs/behaviour.md#refresh-lifecycle): a closed ring of the J's stroke radius and width with "!"
    /// inside, in the error colour, in the 45×45 box.
    @Test(arguments: [Palette.light, Palette.dark])
    func jikeFailedIsAnErrorRingWithAnExclamationMark(palette: Palette) throws {
        let ink = Ink(header(.failed, .jike, palette: palette))
        let c = JGlyph.center
        #expect(ringCoverage(ink, center: c, radius: JGlyph.strokeRadius) == 1, "the ring is not closed")
        #expect(ringCoverage(ink, center: c, radius: JGlyph.strokeRadius + JGlyph.lineWidth / 2 - 0.75) == 1)
        #expect(ringCoverage(ink, center: c, radius: JGlyph.outerRadius + 1) == 0, "ink outside the ring")
        #expect(ringCoverage(ink, center: c, radius: JGlyph.innerRadius - 1.5) <= 0.25, "the ring is filled")
        #expect(ink[c.x, c.y - 2].a == 255, "no bar of the '!'")
        #expect(ink[c.x, c.y + 5].a == 255, "no dot of the '!'")
        #expect(ink[c.x - 5, c.y].a == 0)
        // The ring itself, the bar and the dot: each opaque and in the error colour.
        let marks = (0..<12).map { i -> (String, Pixel) in
            let a = Double(i) * .pi / 6
            return ("ring at \(i * 30)°", ink[c.x + JGlyph.strokeRadius * cos(a), c.y + JGlyph.strokeRadius * sin(a)])
        } + [("bar", ink[c.x, c.y - 2]), ("dot", ink[c.x, c.y + 5])]
        for (name, pixel) in marks {
            #expect(pixel.a == 255 && pixel.color.distance(to: palette.error) <= 8,
                    "\(name): \(pixel.color), expected \(palette.error)")
        }
    }

    /// The classic header says it failed in two lines with the error mark (above); the plain
    /// bar turns red (above); the footer says "couldn't load" in the error colour (above).
    /// Here: each style's failed image differs from its refreshing image where it must.
    @Test(arguments: [HeaderStyle.classic, .plain])
    func failedIsNotTheRefreshingImage(style: HeaderStyle) throws {
        let failed = Ink(header(.failed, style)), refreshing = Ink(header(.refresh(seconds: 0.4), style))
        let differing = zip(failed.pixels, refreshing.pixels).filter { Ink.difference($0, $1) > 24 }.count
        #expect(differing > 200, "only \(differing) px tell failed from refreshing")
    }

    /// Every style says a failure in words (issue 47): the J's red "!" alone told users nothing.
    /// Drawn over a phone-wide panel, the J header's failure has ink right of its box (the words,
    /// in the text colour); refreshing, it has none there.
    @Test(arguments: [Palette.light, .dark])
    func jikeFailedSaysItInWords(palette: Palette) throws {
        func ink(_ moment: HeaderMoment) -> Ink {
            Ink(Snapshot.header(HeaderScene.visual(moment, style: .jike), style: JikeHeader(), width: 360, scale: scale,
                                palette: palette))
        }
        let failed = ink(.failed), refreshing = ink(.refresh(seconds: 0.4))
        let wordsLeft = 180 + JGlyph.boxSize / 2 + 8
        func inked(_ image: Ink) -> [Pixel] {
            stride(from: wordsLeft, to: 352, by: 0.5).flatMap { x in
                stride(from: 0.0, to: HeaderStyle.jike.heldHeight, by: 0.5).map { y in image[x, y] }
            }.filter { $0.a > 128 }
        }
        let words = inked(failed)
        #expect(words.count > 150, "only \(words.count) px of words right of the mark")
        #expect(words.contains { $0.color.distance(to: palette.text) <= 8 }, "the words are not in the text colour")
        #expect(inked(refreshing).isEmpty, "ink right of the spinner while refreshing")
    }
}
