import RefreshCore
import RefreshWidgetCore

/// A host with no toolkit: it records what the driver asks of it and answers as a list of
/// fixed-height rows would.
@MainActor
final class FakeHost: DriverHost {
    var offset = 0.0
    var footerRoom = 0.0
    var displacement = 0.0
    var redraws = 0
    var ticking = false
    var settles = 0
    var announced: [(ok: Bool, newRows: Int)] = []
    var inserted: [(count: Int, refreshing: Bool)] = []
    var reported: [EngineEvent] = []
    var objectAnswersRefresh = false
    var objectAnswersLoad = false
    /// The height the host reports for its rows; nil: it reports changes itself (GTK 4).
    var rowsHeight: Double? = 2000
    let rowHeight = 40.0
    /// Offsets written while the driver said it was writing (the echo a host must not take as a scroll).
    var writesFlaggedAsEcho: [Bool] = []
    weak var driver: RefreshDriver?

    var hostOffset: Double? { offset }
    func place(_ placement: HostPlacement) {
        footerRoom = placement.footerRoom
        if let offset = placement.offset {
            writesFlaggedAsEcho.append(driver?.isWritingOffset == true)
            self.offset = offset
        }
        displacement = placement.displacement
        if placement.redraw { redraws += 1 }
    }
    func accessible(_ update: AccessibleUpdate) {
        if case let .refreshEnding(ok, newRows) = update { announced.append((ok, newRows)) }
    }
    func setTicking(_ needed: Bool) { ticking = needed }
    /// How often the driver asked the host to reload its rows.
    var reloads = 0
    func rowsChanged(_ change: RowsChange) -> Double? {
        switch change {
        case let .insertedAtTop(count, refreshing, _):
            inserted.append((count, refreshing))
            rowsHeight = (rowsHeight ?? 0) + Double(count) * rowHeight
            return Double(count) * rowHeight
        case let .appended(count):
            guard let height = rowsHeight else { return nil }
            rowsHeight = height + Double(count) * rowHeight
            return Double(count) * rowHeight
        case .reloaded:
            reloads += 1
            return rowsHeight
        }
    }
    func report(_ event: EngineEvent) {
        if case .header(.idle, _) = event { settles += 1 }
        reported.append(event)
    }
    func objectAnswers(loadMore: Bool) -> Bool { loadMore ? objectAnswersLoad : objectAnswersRefresh }
}

/// A driver over a fake host on an injected clock that only moves when a test says so.
@MainActor
final class Rig {
    let host = FakeHost()
    let driver: RefreshDriver
    var now = 100.0
    var wall = 1_800_000_000.0

    init(rows: Double = 2000) {
        host.rowsHeight = rows
        driver = RefreshDriver(engine: RefreshEngine(viewportHeight: 600, rowsHeight: rows, now: 100))
        driver.host = host
        host.driver = driver
        driver.clock = { [unowned self] in self.now }
        driver.wallClock = { [unowned self] in self.wall }
    }

    /// Frames at 60 Hz while the host asks for ticks, up to `seconds`.
    func run(_ seconds: Double) {
        for _ in 0..<Int((seconds * 60).rounded()) {
            now += 1.0 / 60
            if host.ticking { _ = driver.tick() }
        }
    }
}
