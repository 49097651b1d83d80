/// The footer's state (docs/behaviour.md#footer-and-load-more). Transitions live in one place: `FooterMachine.handle`.
public enum FooterPhase: String, Sendable, CaseIterable, Equatable {
    case idle         // "Load more"
    case armed        // pull mode: a gesture holds q ≥ footer height
    case loading      // spinner, "Loading…"
    case noMoreData   // the source is exhausted until the next refresh
    case failed       // "Couldn't load — click to retry"
}

/// How load-more is triggered (docs/behaviour.md#footer-and-load-more).
public enum FooterMode: String, Sendable, CaseIterable, Equatable {
    case auto         // fires when the footer comes into view (docs/behaviour.md#footer-and-load-more; the default)
    case pull         // push past the bottom and release, like the header (docs/behaviour.md#footer-and-load-more)
    case none         // no footer at all: no room below the rows, nothing loads (docs/behaviour.md#footer-and-load-more)
}
