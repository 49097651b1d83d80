/// The footer's state (SPEC §5). Transitions live in one place: `FooterMachine.handle`.
public enum FooterPhase: String, Sendable, CaseIterable, Equatable {
    case idle         // "Load more"
    case armed        // pull mode: a gesture holds q ≥ footer height
    case loading      // spinner, "Loading…"
    case noMoreData   // the source is exhausted until the next refresh
    case failed       // "Couldn't load — click to retry"
}

/// How load-more is triggered (SPEC §5).
public enum FooterMode: String, Sendable, CaseIterable, Equatable {
    case auto         // fires when the footer comes into view (seed 002, default)
    case pull         // push past the bottom and release, like the header (seed 000)
}
