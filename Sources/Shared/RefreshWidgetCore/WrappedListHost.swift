import RefreshCore

/// What a toolkit gives the wrapped-list host: the vertical adjustment of the app's scrolled
/// window and the bin around it (docs/architecture.md, "The widget core"). GTK 3's
/// `ScrolledWindowHost` and GTK 4's `RefreshBin` implement it; the tests, a fake one.
@MainActor
package protocol WrappedListPort: AnyObject {
    /// The adjustment now (all 0 while there is none).
    var reading: AdjustmentReading { get }
    /// Sets the adjustment's value. The `value-changed` it emits reaches `WrappedListHost.valueChanged`
    /// as any other; the host knows its own writes.
    func setValue(_ value: Double)
    /// Shows the content moved down by `displacement` less `footerShift` (the footer's room
    /// scrolled into past the adjustment's end), in logical px.
    func moveContent(displacement: Double, footerShift: Double)
    /// Calls `WrappedListHost.afterLayout()` once the toolkit has laid out this turn of its main
    /// loop (GTK 3: an idle; GTK 4: the next frame tick, before its layout).
    func scheduleAfterLayout()
    /// The list shows its first row (a GTK 4 list view, whose anchor would keep another one).
    func showFirstRow()
}

/// The workarounds one toolkit's lists need, each a HACK of its notes.
package struct WrappedListQuirks: Sendable {
    /// A value set while the list reports a new range moves the adjustment but not the rows: it is
    /// set after layout instead (HACK, docs/gtk4-notes.md, "Rows prepended during a refresh").
    package var valuesWaitForLayout: Bool
    /// The list reports a value it was given up to `Tuning.listEchoTolerance` off: the host sets
    /// whole px and takes such an echo for no scroll (HACK, docs/gtk4-notes.md, "The list's echo
    /// of a value").
    package var listEchoesValues: Bool

    package init(valuesWaitForLayout: Bool, listEchoesValues: Bool) {
        self.valuesWaitForLayout = valuesWaitForLayout
        self.listEchoesValues = listEchoesValues
    }

    /// GTK 3's lists take a value at once and report it as given.
    package static let gtk3 = WrappedListQuirks(valuesWaitForLayout: false, listEchoesValues: false)
    /// GTK 4's lists lay out from the value they are given.
    package static let gtk4 = WrappedListQuirks(valuesWaitForLayout: true, listEchoesValues: true)
}

/// An app's own scrolled list as the engine's host, for both toolkits (docs/architecture.md,
/// "Hosts"): the engine's offset in the adjustment's terms (`WrappedScrollPosition`: the footer's
/// room past its end, the rows a refresh prepends), the host's own writes told from the user's
/// scrolls, and every value it sets for its own reasons. The toolkit only reads and writes its
/// adjustment through the port, and captures input.
///
/// ```swift
/// let host = WrappedListHost(port: self, quirks: .gtk4)
/// host.clock = { driver.now() }
/// host.onScroll = { offset in driver.update { $0.externalScroll(to: offset, at: $1) } }
/// // "value-changed" → host.valueChanged(), "changed" → host.geometryChanged()
/// ```
@MainActor
package final class WrappedListHost {
    /// The user scrolled the list (its scrollbar, its own keys): the engine's offset now.
    package var onScroll: (Double) -> Void = { _ in }
    /// The viewport's height (nil: unchanged) or the rows' height and the part inserted above the
    /// rows on screen (nil: unchanged) changed; never both nil.
    package var onGeometry: (_ viewport: Double?, _ rows: (height: Double, insertedAbove: Double)?) -> Void = { _, _ in }

    /// The engine's time, which tells a list's echo from a later scroll (GLib's monotonic clock
    /// unless the widget's driver has an injected one).
    package var clock: @MainActor () -> Double = { RefreshDriver.monotonic() }

    private weak var port: (any WrappedListPort)?
    private let quirks: WrappedListQuirks
    private var position = WrappedScrollPosition()
    /// True while the host writes the adjustment: its `value-changed` is no scroll.
    private var writing = false
    private var echo = AdjustmentEcho()
    /// A value set after layout (`WrappedListQuirks.valuesWaitForLayout`).
    private var deferredValue: Double?
    /// The list is to show its first row after layout (a refresh's rows took the header's place).
    private var firstRowDue = false
    /// The value moved while pulled: decided after layout (`WrappedScrollPosition.endOfTurn`).
    private var turnDue = false
    private var knownPage: Double?

    package init(port: any WrappedListPort, quirks: WrappedListQuirks) {
        self.port = port
        self.quirks = quirks
    }

    private var reading: AdjustmentReading {
        port?.reading ?? AdjustmentReading(value: 0, lower: 0, upper: 0, pageSize: 0, pageIncrement: 0)
    }

    // MARK: - What the driver reads and writes

    /// The engine's offset, or nil while a value waits for layout.
    package var offset: Double? { deferredValue == nil ? position.offset(reading) : nil }
    /// The rows' height in the engine's terms.
    package var rowsHeight: Double { position.rowsHeight(reading) }
    package var viewportHeight: Double { reading.pageSize }
    /// Something waits for `afterLayout` (a toolkit that runs it from frame ticks keeps them on).
    package var needsAfterLayout: Bool { deferredValue != nil || firstRowDue || turnDue }
    /// Px of the footer's room scrolled into past the adjustment's end.
    package var footerShift: Double { position.footerShift }

    /// Shows the engine's geometry (`DriverHost.place`): the footer's room, the offset (when it
    /// moved), the displacement.
    package func place(footerRoom: Double, offset: Double?, displacement: Double) {
        self.footerRoom = footerRoom
        if let offset { setOffset(offset) }
        self.displacement = displacement
    }

    /// The engine's `footerRoom`: how far past the adjustment's end it may scroll.
    package var footerRoom: Double {
        get { position.footerRoom }
        set { position.footerRoom = newValue }
    }

    /// Scrolls to the engine's `offset`: the part past the adjustment's end is the footer's room.
    package func setOffset(_ offset: Double) {
        write(position.setOffset(offset, reading))
        moveContent()
    }

    /// The content shown moved by the pull (down) or the push (up).
    package var displacement = 0.0 {
        didSet {
            position.displacementChanged(displacement)
            moveContent()
        }
    }

    /// Rows a refresh prepends are laid out later: the adjustment's growth is theirs, kept in the
    /// header's place or above the rows on screen (`WrappedScrollPosition`).
    package func rowsChanged(_ change: RowsChange) {
        if case let .insertedAtTop(_, refreshing, engineOffset) = change, refreshing {
            position.expectRowsInserted(atEngineOffset: engineOffset)
        }
    }

    /// The header came to rest: rows a refresh prepended are no longer held.
    package func headerDidSettle() { position.headerDidSettle() }

    /// Home or End after a GTK 3 list's own key moved its cursor there: the adjustment goes to the
    /// very start or end at once (its `value-changed` tells the engine), End into the footer's room.
    package func keyScroll(_ command: ScrollCommand) {
        if let value = position.keyScroll(command, reading) {
            port?.setValue(value)
        } else {
            moveContent()
            onScroll(position.offset(reading))
        }
    }

    // MARK: - What the toolkit reports

    /// The adjustment's value changed.
    package func valueChanged() {
        guard !writing else { return }
        let a = reading
        if quirks.listEchoesValues, echo.isEcho(a.value, at: clock()) { return }
        switch position.valueChanged(a) {
        case .scrolled:
            moveContent()
            onScroll(position.offset(reading))
        case .set(let value):
            // A refresh's rows are taking the header's place: the list is held at its top.
            if setForOwnReasons(value) {
                moveContent()
                onScroll(position.offset(reading))
            }
        case .endOfTurn:
            // Pulled: a list keeping its old first row in view moves its value in the turn its rows
            // grow in, in either order; after layout that tells it from the user's scroll.
            turnDue = true
            port?.scheduleAfterLayout()
        }
    }

    /// The adjustment's upper or page size changed (rows laid out, a resize).
    package func geometryChanged() {
        let a = reading
        let answer = position.geometryChanged(a)
        if position.holdsTop || answer.value != nil && position.offset(a) > 0.5 && answer.value == a.lower {
            // The new rows take the header's place: after layout the list shows its first row.
            firstRowDue = true
            port?.scheduleAfterLayout()
        }
        if let value = answer.value, setForOwnReasons(value) { moveContent() }
        var viewport: Double?
        if a.pageSize != knownPage {
            knownPage = a.pageSize
            viewport = a.pageSize
        }
        if viewport != nil || answer.rows != nil { onGeometry(viewport, answer.rows) }
    }

    /// The toolkit laid this turn out (`WrappedListPort.scheduleAfterLayout`).
    package func afterLayout() {
        if turnDue {
            turnDue = false
            if let value = position.endOfTurn(reading) {
                // Rows went in at the top under the header: the list shows its first row.
                write(value)
                firstRowDue = true
            }
            moveContent()
            onScroll(position.offset(reading))
        }
        if let value = deferredValue {
            deferredValue = nil
            write(value)
        }
        if firstRowDue {
            firstRowDue = false
            port?.showFirstRow()
        }
    }

    // MARK: - Writing the adjustment

    /// Sets `value` now, or after layout where the list needs it; true: it is set.
    private func setForOwnReasons(_ value: Double) -> Bool {
        guard quirks.valuesWaitForLayout else {
            write(value)
            return true
        }
        deferredValue = value
        port?.scheduleAfterLayout()
        return false
    }

    /// Whole pixels: a text view takes its value to a whole pixel itself, a change the host would
    /// take for the user's scroll (which stops a key's ease), and GTK 4's lists echo a fraction
    /// back rounded.
    private func write(_ value: Double) {
        let value = value.rounded()
        writing = true
        port?.setValue(value)
        writing = false
        if quirks.listEchoesValues { echo.noteSet(value, at: clock()) }
    }

    private func moveContent() {
        port?.moveContent(displacement: displacement, footerShift: position.footerShift)
    }
}
