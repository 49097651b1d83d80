// A wrapped list's echo of a value its host set, against a scroll the user made
// (docs/gtk4-notes.md#the-lists-echo-of-a-value): the filter's edges, just inside and just
// outside what it takes for an echo, and real scrolls inside its window.

import RefreshCore
import Testing

@Suite("Wrapped lists: the list's echo of a value")
struct AdjustmentEchoTests {
    /// What the filter says of each report in turn, after the host set 1030 at t = 0.
    static func answers(_ reports: [(value: Double, time: Double)]) -> [Bool] {
        var echo = AdjustmentEcho()
        echo.noteSet(1030, at: 0)
        return reports.map { echo.isEcho($0.value, at: $0.time) }
    }

    @Test(arguments: [1030.0, 1031.99, 1028.01, 1030.6])
    func aReportWithinTheToleranceAndTheWindowIsTheEcho(_ value: Double) {
        #expect(Self.answers([(value, Tuning.listEchoWindow - 0.001)]) == [true])
    }

    @Test(arguments: [1032.0, 1028.0, 1030 + 40.0, 1030 - 40.0])
    func aReportAsFarAsTheToleranceOrFartherIsAScroll(_ value: Double) {
        #expect(Self.answers([(value, 0.001)]) == [false])
    }

    @Test func aReportAsLateAsTheWindowIsAScroll() {
        #expect(Self.answers([(1030.5, Tuning.listEchoWindow)]) == [false])
    }

    /// An arrow key's step (40 px) a few milliseconds after the host's write is kept; and once a
    /// scroll is seen the write is forgotten, so that a small step right after it is a scroll too.
    @Test func aRealScrollInsideTheWindowIsKeptAndForgetsTheWrite() {
        #expect(Self.answers([(1070, 0.005), (1030.5, 0.01)]) == [false, false])
    }

    @Test func withNoWriteEveryReportIsAScroll() {
        var echo = AdjustmentEcho()
        let answers = [echo.isEcho(0, at: 0), echo.isEcho(1, at: 0.001)]
        #expect(answers == [false, false])
    }

    /// Each write restarts the window: the echoes of an eased scroll's writes are all echoes.
    @Test func eachWriteRestartsTheWindow() {
        var echo = AdjustmentEcho()
        echo.noteSet(1030, at: 0)
        var answers = [echo.isEcho(1030.4, at: 0.05)]
        echo.noteSet(1000, at: 0.2)
        answers += [echo.isEcho(1001.5, at: 0.25), echo.isEcho(1030.4, at: 0.26)]
        #expect(answers == [true, true, false])
    }
}
