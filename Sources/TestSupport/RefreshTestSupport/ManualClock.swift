/// A clock a test moves by hand, for `RefreshView.clock`: the engine sees exactly the time the
/// test sets, so nothing waits in real time.
@MainActor
package final class ManualClock {
    package var now: Double

    package init(_ now: Double) { self.now = now }

    /// The closure to inject.
    /// Holds the clock strongly: the view may read it after the test's last use of it.
    package var reading: @MainActor () -> Double { { self.now } }
}
