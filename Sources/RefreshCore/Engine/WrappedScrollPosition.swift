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
/// GtkScrolledWindow; docs/architecture.md, "Hosts"): the adjustment's value, less the rows a
/// refresh prepended above the rows on screen while its header collapses (`bias`, kept out of
/// the engine's range so that nothing on screen moves), plus the auto footer's room scrolled
/// into past the adjustment's end (`footerShift`, which the host shows by moving its content
/// up). Every decision about them is here; the host reads its adjustment and sets the values
/// this answers.
public struct WrappedScrollPosition: Sendable, Equatable {
    /// Px of the footer's room scrolled into view past the adjustment's end.
    public private(set) var footerShift = 0.0
    /// Px the adjustment's value is ahead of the engine's offset: rows a refresh prepended.
    public private(set) var bias = 0.0
    /// The engine's `footerRoom`: how far past the adjustment's end the engine may scroll.
    public var footerRoom = 0.0
    /// The engine's offset when the ending refresh reported rows prepended; the next growth of
    /// the adjustment is theirs.
    private var pendingTopInsertion: Double?
    /// The adjustment's range when its geometry was last read.
    private var knownRange = 0.0

    public init() {}

    /// What the host reports after its adjustment's upper or page size changed.
    public struct GeometryAnswer: Sendable, Equatable {
        /// The absolute value to set the adjustment to (nothing on screen moves), or nil.
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

    /// The engine's offset.
    public func offset(_ a: AdjustmentReading) -> Double { max(0, a.position - bias) + footerShift }
    /// The engine's offset at the end of the adjustment.
    public func hostEnd(_ a: AdjustmentReading) -> Double { max(0, a.range - a.pageSize - bias) }
    /// The rows' height in the engine's range.
    public func rowsHeight(_ a: AdjustmentReading) -> Double { max(0, a.range - bias) }

    /// The engine moved to `offset`: the part past the adjustment's end is footer shift; answers
    /// the absolute value the adjustment takes.
    public mutating func setOffset(_ offset: Double, _ a: AdjustmentReading) -> Double {
        let target = max(0, offset.isFinite ? offset : 0)
        let end = hostEnd(a)
        footerShift = min(max(0, target - end), footerRoom)
        return a.lower + min(target, end) + bias
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

    /// The adjustment's value changed from outside (the scrollbar, the host's own scrolling).
    /// Answers the rows' height and the part above when the user scrolled up into the rows a
    /// refresh prepended: they are part of the range again.
    public mutating func valueChanged(_ a: AdjustmentReading) -> (height: Double, insertedAbove: Double)? {
        if a.position < hostEnd(a) + bias - 0.5 { footerShift = 0 }
        guard bias > 0, a.position < bias - 0.5 else { return nil }
        let rows = (rowsHeight(a) + bias, bias)
        bias = 0
        return rows
    }

    /// The adjustment's range or page changed (rows laid out, a resize).
    public mutating func geometryChanged(_ a: AdjustmentReading) -> GeometryAnswer {
        guard a.range != knownRange else { return GeometryAnswer(value: nil, rows: nil) }
        let grown = a.range - knownRange
        knownRange = a.range
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
        if let pending = pendingTopInsertion, pending <= 0.5, bias + grown >= 0 {
            // At the top, under the collapsing header: the new rows go above the rows on screen,
            // out of the engine's range until the header rests (`headerDidSettle`). Every change
            // until then is theirs: a tree view first estimates new rows' heights, then measures.
            bias += grown
            answer.value = a.lower + bias
            answer.rows = (rowsHeight(a), 0)
        } else if pendingTopInsertion != nil, grown > 0 {
            // Scrolled down: the engine moves its offset by what was inserted above.
            pendingTopInsertion = nil
            answer.rows = (rowsHeight(a), grown)
        } else {
            answer.rows = (rowsHeight(a), 0)
        }
        return answer
    }

    /// The app is ending a refresh that prepended rows, at engine offset `engineOffset`.
    public mutating func expectRowsInserted(atEngineOffset engineOffset: Double) {
        pendingTopInsertion = engineOffset
    }

    /// The header came back to rest: the bias is folded into the scroll position (the rows a
    /// refresh prepended are above, reachable by scrolling up). Answers the engine's new offset,
    /// or nil when there is nothing to fold.
    public mutating func headerDidSettle(_ a: AdjustmentReading) -> Double? {
        pendingTopInsertion = nil
        guard bias > 0 else { return nil }
        let folded = max(0, a.position - bias) + bias
        bias = 0
        return folded
    }
}
