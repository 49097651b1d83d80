/// A wrapped host's vertical adjustment as read at one moment, in its own (absolute) values.
public struct AdjustmentReading: Sendable, Equatable {
    public var value: Double
    public var lower: Double
    public var upper: Double
    public var pageSize: Double
    public var pageIncrement: Double

    public init(value: Double, lower: Double, upper: Double, pageSize: Double, pageIncrement: Double) {
        self.value = value
        self.lower = lower
        self.upper = upper
        self.pageSize = pageSize
        self.pageIncrement = pageIncrement
    }

    /// The value above `lower`.
    var position: Double { value - lower }
    var range: Double { upper - lower }
}

/// The engine's scroll position on a host whose adjustment the app's widget owns (a wrapped
/// GtkScrolledWindow; docs/architecture.md, "Hosts"): the adjustment's value, plus the auto
/// footer's room scrolled into past the adjustment's end (`footerShift`, which the host shows by
/// moving its content up), and where the rows a refresh prepended go (docs/behaviour.md,
/// "Refresh lifecycle": at the top, in the header's place; scrolled, above what is on screen).
/// Every decision about them is here; the host reads its adjustment and sets the values this
/// answers.
public struct WrappedScrollPosition: Sendable, Equatable {
    /// Px of the footer's room scrolled into view past the adjustment's end.
    public private(set) var footerShift = 0.0
    /// The engine's `footerRoom`: how far past the adjustment's end the engine may scroll.
    public var footerRoom = 0.0
    /// Rows the ending refresh prepends: where the list was when it ended (nil: none expected).
    private var pendingTopInsertion: TopInsertion?
    /// The adjustment's range when its geometry was last read.
    private var knownRange = 0.0
    /// The content is shown pulled down (the header above the first row, the list at its top).
    private var pulled = false
    /// What the host did in this turn of its main loop while pulled (`endOfTurn` closes it).
    private var movedThisTurn = false
    private var grewThisTurn = false

    /// Where a refresh's rows go.
    private enum TopInsertion: Sendable, Equatable {
        case atTop      // the list's first row was at the top: the new rows take the header's place
        case scrolled   // what is on screen stays: the offset grows by what was inserted
    }

    public init() {}

    /// True while a refresh's rows take the header's place: the list is held at its top until
    /// the header rests.
    public var holdsTop: Bool { pendingTopInsertion == .atTop }

    /// The displacement the host shows changed. While the content is pulled down (a refresh holds
    /// the header open above the first row, or a gesture pulls) the list is at its top, and rows
    /// the app inserts there meanwhile (one source at a time, as each answers) go in under the
    /// header: the list stays at its top (docs/behaviour.md, "Refresh lifecycle").
    public mutating func displacementChanged(_ displacement: Double) {
        pulled = displacement > 0.5
    }

    /// What to do with a value the host moved from outside.
    public enum ValueAnswer: Sendable, Equatable {
        case scrolled          // the user's scroll (a scrollbar, the host's keys): the engine takes it
        case set(Double)       // put the adjustment there instead (its absolute value)
        case endOfTurn         // pulled: decided when the host's main loop has laid out this turn
    }

    /// The adjustment's value changed from outside (the scrollbar, the host's own scrolling).
    /// While a refresh's rows take the header's place the list is held at its top until the
    /// header rests, which a host that keeps its old first row in view (a tree view measuring the
    /// new rows, a list view's anchor) would leave. While pulled, a host keeping its old first
    /// row in view moves its value in the same turn as it grows, before or after reporting the
    /// new range (a tree view does either); a scrollbar moves it alone: `endOfTurn` tells them apart.
    public mutating func valueChanged(_ a: AdjustmentReading) -> ValueAnswer {
        if a.position < hostEnd(a) - 0.5 { footerShift = 0 }
        guard a.position > 0.5 else { return .scrolled }
        if pendingTopInsertion == .atTop { return .set(a.lower) }
        guard pulled else { return .scrolled }
        movedThisTurn = true
        return .endOfTurn
    }

    /// The host's main loop finished the turn in which the value moved while pulled (after the
    /// frame's layout). Moved and grown: the host kept its old first row in view while rows went
    /// in at the top, which go in under the header instead (the absolute value to set). Moved
    /// alone: the user scrolled (nil: the engine takes the scroll).
    public mutating func endOfTurn(_ a: AdjustmentReading) -> Double? {
        defer { movedThisTurn = false; grewThisTurn = false }
        return grewThisTurn && a.position > 0.5 ? a.lower : nil
    }

    /// What the host reports after its adjustment's upper or page size changed.
    public struct GeometryAnswer: Sendable, Equatable {
        /// The absolute value to set the adjustment to, or nil.
        public var value: Double?
        /// The rows' height for the engine, and the part of it inserted above the rows on screen;
        /// nil: the range did not change.
        public var rows: (height: Double, insertedAbove: Double)?

        public init(value: Double?, rows: (height: Double, insertedAbove: Double)?) {
            self.value = value
            self.rows = rows
        }

        public static func == (a: GeometryAnswer, b: GeometryAnswer) -> Bool {
            a.value == b.value && a.rows?.height == b.rows?.height && a.rows?.insertedAbove == b.rows?.insertedAbove
        }
    }

    /// The engine's offset. A move while pulled is not the engine's until the turn ends (the list
    /// was at its top): until then the engine's offset stays 0, and nothing writes it back.
    public func offset(_ a: AdjustmentReading) -> Double { movedThisTurn ? 0 : max(0, a.position) + footerShift }
    /// The engine's offset at the end of the adjustment.
    public func hostEnd(_ a: AdjustmentReading) -> Double { max(0, a.range - a.pageSize) }
    /// The rows' height in the engine's range.
    public func rowsHeight(_ a: AdjustmentReading) -> Double { max(0, a.range) }

    /// The engine moved to `offset`: the part past the adjustment's end is footer shift; answers
    /// the absolute value the adjustment takes.
    public mutating func setOffset(_ offset: Double, _ a: AdjustmentReading) -> Double {
        let target = max(0, offset.isFinite ? offset : 0)
        let end = hostEnd(a)
        footerShift = min(max(0, target - end), footerRoom)
        return a.lower + min(target, end)
    }

    /// Home, End, Page Up or Down move the adjustment itself, at once, as the host's own keys do;
    /// End goes to the very end, past the rows, into the footer's room (as on our list). Answers
    /// the absolute value to set, or nil when the adjustment is there already (the engine then
    /// only needs to hear the new offset).
    public mutating func keyScroll(_ command: ScrollCommand, _ a: AdjustmentReading) -> Double? {
        let end = a.upper - a.pageSize
        let target: Double
        switch command {
        case .home: target = a.lower
        case .end: target = end
        case .pageUp: target = a.value - a.pageIncrement
        case .pageDown: target = a.value + a.pageIncrement
        }
        let value = min(max(target, a.lower), max(a.lower, end))
        footerShift = command == .end ? footerRoom : 0
        return abs(value - a.value) > 0.001 ? value : nil
    }

    /// The adjustment's range or page changed (rows laid out, a resize).
    public mutating func geometryChanged(_ a: AdjustmentReading) -> GeometryAnswer {
        guard a.range != knownRange else { return GeometryAnswer(value: nil, rows: nil) }
        let grown = a.range - knownRange
        knownRange = a.range
        if pulled, grown > 0 { grewThisTurn = true }
        var answer = GeometryAnswer(value: nil, rows: nil)
        var position = a.position
        if footerShift > 0 {
            // Rows arrived where the footer's room was: the same content position becomes a
            // scroll position in them (nothing on screen moves).
            let content = position + footerShift
            let end = max(0, a.range - a.pageSize)
            footerShift = min(max(0, content - end), footerRoom)
            position = min(content, end)
            answer.value = a.lower + position
        }
        switch pendingTopInsertion {
        case .scrolled:
            // Scrolled down: the engine moves its offset by what was inserted above. Every change
            // until the header rests is theirs: a tree view first sizes new rows by an estimate
            // (five 23 px rows as 140 px), then measures them (115 px), and the offset must give
            // the difference back or what is on screen ends 25 px too high.
            answer.rows = (rowsHeight(a), grown)
        case .atTop, nil:
            // The new rows take the header's place (a refresh ending at the top, or rows inserted
            // while the header shows): the list stays at its top, whatever the host did to keep
            // its old first row in view (a tree view's top row, a list view's anchor). Every
            // change until the header rests is theirs: a tree view first estimates new rows'
            // heights, then measures them.
            if holdsTop || movedThisTurn && grewThisTurn, position > 0.5 { answer.value = a.lower }
            answer.rows = (rowsHeight(a), 0)
        }
        return answer
    }

    /// The app is ending a refresh that prepended rows, at engine offset `engineOffset`: at 0 (the
    /// first row at the top, the header above it) they go in the header's place, otherwise above
    /// what is on screen (docs/behaviour.md, "Refresh lifecycle").
    public mutating func expectRowsInserted(atEngineOffset engineOffset: Double) {
        pendingTopInsertion = engineOffset <= 0.5 ? .atTop : .scrolled
    }

    /// The header came back to rest: the rows a refresh prepended have all arrived.
    public mutating func headerDidSettle() {
        pendingTopInsertion = nil
    }
}
