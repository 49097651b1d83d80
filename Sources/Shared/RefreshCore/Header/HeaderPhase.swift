/// The header's state as a host sees it (docs/behaviour.md#header-states): `HeaderState.phase`. Transitions live in one
/// place: `HeaderState.next`.
public enum HeaderPhase: String, Sendable, CaseIterable, Equatable {
    case idle         // nothing pending; the pull may still be springing back to 0
    case pulling      // a gesture holds 0 < p < trigger
    case armed        // a gesture holds p ≥ trigger: releasing refreshes
    case refreshing   // held open at H; the refresh action runs
    case finishing    // end animation: ring thins while the content settles to 0
    case failed       // the refresh failed: error mark shown at H, then finishing
}

/// The three header looks (docs/behaviour.md#jike-header, #classic-header, #plain-header). They share every rule and differ in drawing and H.
public enum HeaderStyle: String, Sendable, CaseIterable, Equatable {
    case jike         // the animated "J" (docs/behaviour.md#jike-header)
    case classic      // arrow, text and last-updated line (docs/behaviour.md#classic-header)
    case plain        // a 30 px bar naming the state (docs/behaviour.md#plain-header)

    /// The held height `H` while refreshing.
    public var heldHeight: Double {
        switch self {
        case .jike: return Tuning.jikeHeldHeight
        case .classic: return Tuning.classicHeldHeight
        case .plain: return Tuning.plainHeldHeight
        }
    }
}
