// Every user-visible string of the refresh control, translated with gettext. The demo's own
// strings (window, QA tools, desktop entry) are in Sources/Demos/RefreshDemo/DemoStrings.swift, through
// the same functions and domain.
//
// The two files are the sources of the message catalogue: po/POTFILES lists them and
// `scripts/build-translations.sh --update-pot` extracts them with xgettext (keywords
// tr, trc:1c,2, trn:1,2). Keep each English text inside one literal on the line of its
// tr/trc/trn call, put translator notes on the line before as TRANSLATORS: comments, and
// never build a msgid from pieces or interpolation.

import CPangoCairo
import RefreshCore

/// The localized strings. Stateless, so it is `Sendable` and callable from any isolation;
/// call `setUp()` (or `bindDomain()`) once, early in `main`, before the first lookup.
package enum L10n {
    /// The gettext text domain; the catalogues are `<lang>/LC_MESSAGES/gtk-pull-to-refresh.mo`.
    package static let domain = "gtk-pull-to-refresh"

    // MARK: Classic header (docs/behaviour.md#classic-header)

    package static var pullDownToRefresh: String { tr("Pull down to refresh") }
    package static var releaseToRefresh: String { tr("Release to refresh") }
    package static var refreshing: String { tr("Refreshing…") }
    /// "Last updated: <relative>", where `relative` comes from `relativeTimeString`.
    package static func lastUpdated(_ relative: String) -> String {
        // TRANSLATORS: %@ is a relative time such as "just now", "5 min ago", or a date.
        fill(tr("Last updated: %@"), relative)
    }
    package static var neverUpdated: String { tr("Never updated") }

    // MARK: Relative time

    package static var justNow: String { tr("just now") }
    package static func minutesAgo(_ minutes: Int) -> String {
        let n = max(0, minutes)
        // TRANSLATORS: time since the last refresh, in whole minutes (1 to 59).
        return fill(trn("%d min ago", "%d min ago", n), String(n))
    }
    package static func hoursAgo(_ hours: Int) -> String {
        let n = max(0, hours)
        // TRANSLATORS: time since the last refresh, in whole hours (1 to 23).
        return fill(trn("%d h ago", "%d h ago", n), String(n))
    }
    /// The `g_date_time_format` pattern for last-update times a day old or more.
    package static var dateTimeFormat: String {
        // TRANSLATORS: g_date_time_format() pattern for a last-update time at least one day
        // old (https://docs.gtk.org/glib/method.DateTime.format.html). %x is the locale's date.
        // xgettext:no-c-format
        tr("%x %H:%M")
    }

    // MARK: Footer (docs/behaviour.md#footer-and-load-more)

    package static var loadMore: String { tr("Load more") }
    package static var releaseToLoadMore: String { tr("Release to load more") }
    package static var loading: String { tr("Loading…") }
    package static var noMoreItems: String { tr("No more items") }
    package static var loadFailed: String { tr("Couldn't load — click to retry") }

    // MARK: Refresh results (docs/behaviour.md#refresh-lifecycle)

    package static var refreshFailed: String { tr("Couldn't refresh") }
    package static var updated: String { tr("Updated") }
    /// "No new rows" for 0 (or less), else "1 new row" / "%d new rows".
    package static func newRows(_ count: Int) -> String {
        if count <= 0 { return tr("No new rows") }
        // TRANSLATORS: shown after a refresh that inserted rows at the top of the list.
        return fill(trn("%d new row", "%d new rows", count), String(count))
    }

    // MARK: Accessibility and actions

    package static var listAccessibleName: String { tr("Pull-to-refresh list") }
    package static var headerAccessibleName: String { tr("Refresh header") }
    package static var footerAccessibleName: String { tr("Load-more footer") }
    // TRANSLATORS: an accessible action (and button) that loads the next page of rows.
    package static var loadMoreAction: String { trc("action", "Load more") }
    // TRANSLATORS: a list row's accessible action: what a click or Enter on the row does.
    package static var activateRow: String { trc("action", "Activate") }
    // TRANSLATORS: an accessible action (and button) that repeats a failed load or refresh.
    package static var retryAction: String { trc("action", "Retry") }
    // TRANSLATORS: an accessible action (and button) that refreshes the list (F5, Ctrl+R).
    package static var refreshAction: String { trc("action", "Refresh") }

    // MARK: Texts by state

    /// The classic header's main line, and the plain bar's, for a header phase.
    package static func classicHeaderText(for phase: HeaderPhase) -> String {
        switch phase {
        case .idle, .pulling: return pullDownToRefresh
        case .armed: return releaseToRefresh
        case .refreshing: return refreshing
        case .finishing: return updated
        case .failed: return refreshFailed
        }
    }

    /// The footer's text for a footer phase.
    package static func footerText(for phase: FooterPhase) -> String {
        switch phase {
        case .idle: return loadMore
        case .armed: return releaseToLoadMore
        case .loading: return loading
        case .noMoreData: return noMoreItems
        case .failed: return loadFailed
        }
    }

    // MARK: gettext

    // dgettext returns its own argument when there is no translation, so the C strings passed
    // in must outlive the copy: keep them in withCString (a bridged temporary would not).

    /// The translation of `msgid` in our domain (the msgid itself when there is none).
    package static func tr(_ msgid: String) -> String {
        msgid.withCString { String(cString: dgettext(domain, $0)) }
    }

    /// `pgettext`: the translation of `msgid` in `context` (glibc has no function for it).
    package static func trc(_ context: String, _ msgid: String) -> String {
        let key = context + "\u{04}" + msgid
        let out = key.withCString { String(cString: dgettext(domain, $0)) }
        return out == key ? msgid : out
    }

    /// `ngettext`: the plural form of `singular`/`plural` for `n`.
    package static func trn(_ singular: String, _ plural: String, _ n: Int) -> String {
        singular.withCString { one in
            plural.withCString { many in
                String(cString: dngettext(domain, one, many, UInt(clamping: max(0, n))))
            }
        }
    }

    /// Puts `value` in place of the single placeholder of a translated template: `%@`, `%s`,
    /// `%d`, or a positional `%1$@`, `%1$s`, `%1$d`; `%%` becomes `%`. Unlike printf it cannot
    /// crash on a bad translation: an unknown directive is kept as it is.
    package static func fill(_ template: String, _ value: String) -> String {
        var out = ""
        var i = template.startIndex
        while i < template.endIndex {
            let c = template[i]
            guard c == "%" else { out.append(c); i = template.index(after: i); continue }
            let rest = template[template.index(after: i)...]
            if rest.hasPrefix("%") {
                out.append("%"); i = template.index(i, offsetBy: 2); continue
            }
            var matched = false
            for directive in ["@", "s", "d", "1$@", "1$s", "1$d"] where rest.hasPrefix(directive) {
                out += value
                i = template.index(i, offsetBy: 1 + directive.count)
                matched = true
                break
            }
            if !matched { out.append(c); i = template.index(after: i) }
        }
        return out
    }
}
