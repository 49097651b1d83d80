import RefreshCore
import RefreshWidgetCore
import Testing

/// A GtkAdjustment and the bin around it, with no toolkit: values are clamped as GTK clamps them
/// and every change is reported at once, as its signals are; `layout()` is the toolkit's turn
/// ending (GTK 3's idle, GTK 4's next frame tick).
@MainActor
final class FakeAdjustment: WrappedListPort {
    var value = 0.0
    var lower = 0.0
    var upper = 3000.0
    var pageSize = 600.0
    weak var host: WrappedListHost?
    /// The content's offset in the bin, as last moved.
    private(set) var childOffset = 0.0
    private(set) var firstRowShown = 0
    private var layoutDue = false

    var reading: AdjustmentReading {
        AdjustmentReading(value: value, lower: lower, upper: upper, pageSize: pageSize, pageIncrement: pageSize - 20)
    }

    func setValue(_ value: Double) {
        let clamped = min(max(value, lower), max(lower, upper - pageSize))
        guard clamped != self.value else { return }
        self.value = clamped
        host?.valueChanged()
    }

    func moveContent(displacement: Double, footerShift: Double) { childOffset = displacement - footerShift }
    func scheduleAfterLayout() { layoutDue = true }
    func showFirstRow() { firstRowShown += 1 }

    /// The rows grew by `height` (GTK emits `changed`, then `value-changed` if the list moved its
    /// value); `keepingFirstRow`: the list keeps its old first row in view, as a tree view does.
    func grow(by height: Double, keepingFirstRow: Bool) {
        upper += height
        host?.geometryChanged()
        if keepingFirstRow { setValue(value + height) }
    }

    /// The toolkit laid this turn out.
    func layout() {
        guard layoutDue else { return }
        layoutDue = false
        host?.afterLayout()
    }
}

/// The wrapped-list host over a fake port (docs/architecture.md, "The widget core"): what both
/// toolkits' bins do with the app's adjustment, checked once, with no display, for the quirks of
/// each toolkit's lists.
@MainActor
struct WrappedListHostTests {
    @MainActor
    final class Rig {
        let port = FakeAdjustment()
        let host: WrappedListHost
        var scrolls: [Double] { recorder.scrolls }
        var geometry: [(viewport: Double?, rows: Double?, above: Double?)] { recorder.geometry }
        let recorder = Recorder()

        final class Recorder {
            var scrolls: [Double] = []
            var geometry: [(viewport: Double?, rows: Double?, above: Double?)] = []
            var now = 10.0
        }

        init(_ quirks: WrappedListQuirks) {
            host = WrappedListHost(port: port, quirks: quirks)
            port.host = host
            let recorder = recorder
            host.clock = { recorder.now }
            host.onScroll = { recorder.scrolls.append($0) }
            host.onGeometry = { viewport, rows in recorder.geometry.append((viewport, rows?.height, rows?.insertedAbove)) }
            host.geometryChanged()
        }
    }

    nonisolated static let bothToolkits: [(String, WrappedListQuirks)] = [("GTK 3", .gtk3), ("GTK 4", .gtk4)]

    @Test(arguments: bothToolkits)
    func theUsersScrollReachesTheEngineAndTheHostsOwnWritesDoNot(_ toolkit: String, _ quirks: WrappedListQuirks) {
        let rig = Rig(quirks)
        #expect(rig.geometry.count == 1 && rig.geometry[0].viewport == 600 && rig.geometry[0].rows == 3000)
        rig.host.setOffset(500)
        #expect(rig.port.value == 500 && rig.host.offset == 500)
        #expect(rig.scrolls.isEmpty, "\(toolkit): the host's own write is no scroll")
        rig.recorder.now += 1
        rig.port.setValue(800)
        #expect(rig.scrolls == [800], "\(toolkit): the scrollbar's move is the user's")
    }

    @Test(arguments: bothToolkits)
    func endScrollsIntoTheFootersRoomAndTheContentMovesUpByIt(_ toolkit: String, _ quirks: WrappedListQuirks) {
        let rig = Rig(quirks)
        rig.host.footerRoom = 60
        rig.host.keyScroll(.end)
        #expect(rig.port.value == 2400)
        #expect(rig.scrolls == [2460], "\(toolkit): the engine's offset includes the room")
        #expect(rig.port.childOffset == -60)
        // Already there: the engine only hears the offset again.
        rig.host.keyScroll(.end)
        #expect(rig.scrolls == [2460, 2460])
        // Scrolling back leaves the room.
        rig.recorder.now += 1
        rig.port.setValue(2000)
        #expect(rig.scrolls.last == 2000 && rig.port.childOffset == 0)
        // The engine's offset past the end is the room too, within it.
        rig.host.setOffset(2430)
        #expect(rig.port.value == 2400 && rig.port.childOffset == -30 && rig.host.offset == 2430)
    }

    /// docs/behaviour.md, "Refresh lifecycle": at the top, a refresh's rows take the header's
    /// place, even where the list keeps its old first row in view; GTK 4's list sets that value
    /// only after layout, and shows its first row then.
    @Test(arguments: bothToolkits)
    func aRefreshsRowsAtTheTopTakeTheHeadersPlace(_ toolkit: String, _ quirks: WrappedListQuirks) {
        let rig = Rig(quirks)
        rig.host.displacement = 60
        #expect(rig.port.childOffset == 60, "the held header moves the content down")
        rig.host.rowsChanged(.insertedAtTop(3, refreshing: true, engineOffset: 0))
        rig.port.grow(by: 120, keepingFirstRow: true)
        #expect(rig.geometry.last?.rows == 3120 && rig.geometry.last?.above == 0)
        if quirks.valuesWaitForLayout {
            #expect(rig.port.value == 120 && rig.host.offset == nil, "\(toolkit): the value waits for layout")
            #expect(rig.host.needsAfterLayout)
        }
        rig.port.layout()
        #expect(rig.port.value == 0, "\(toolkit): the list stays at its top")
        #expect(rig.host.offset == 0 && !rig.host.needsAfterLayout)
        #expect(rig.port.firstRowShown == 1)
        #expect(rig.scrolls.allSatisfy { $0 == 0 }, "\(toolkit): no scroll away from the top reached the engine")
        // Once the header rests, a move is the user's again.
        rig.host.displacement = 0
        rig.host.headerDidSettle()
        rig.recorder.now += 1
        rig.port.setValue(300)
        #expect(rig.scrolls.last == 300)
    }

    @Test(arguments: bothToolkits)
    func pulledAMoveAloneIsTheUsersAndAMoveWithGrowthGoesBackToTheTop(_ toolkit: String, _ quirks: WrappedListQuirks) {
        let rig = Rig(quirks)
        rig.host.displacement = 40
        rig.port.setValue(200)
        #expect(rig.scrolls.isEmpty && rig.host.offset == 0, "\(toolkit): decided after layout")
        rig.port.layout()
        #expect(rig.scrolls == [200], "\(toolkit): the scrollbar moved alone")
        rig.port.setValue(0)
        rig.port.layout()
        let before = rig.scrolls.count
        rig.port.grow(by: 90, keepingFirstRow: true)
        rig.port.layout()
        #expect(rig.port.value == 0, "\(toolkit): rows went in at the top under the header")
        #expect(rig.scrolls.dropFirst(before).allSatisfy { $0 == 0 })
    }

    /// docs/gtk4-notes.md, "The list's echo of a value": GTK 4's lists report a value they were
    /// given up to 2 px off; GTK 3's report it as given, and any move is a scroll. Values are
    /// written in whole px on both (a text view rounds a fraction itself, a move of its own).
    @Test(arguments: bothToolkits)
    func aListsEchoOfAWriteIsNoScroll(_ toolkit: String, _ quirks: WrappedListQuirks) {
        let rig = Rig(quirks)
        rig.host.setOffset(1030.4)
        #expect(rig.port.value == 1030, "\(toolkit): a fraction written")
        rig.recorder.now += 0.01
        rig.port.setValue(1031.5)
        #expect(rig.scrolls == (quirks.listEchoesValues ? [] : [1031.5]))
        rig.recorder.now += 0.01
        rig.port.setValue(1070)
        #expect(rig.scrolls.last == 1070, "\(toolkit): an arrow key's step is a scroll")
    }
}
