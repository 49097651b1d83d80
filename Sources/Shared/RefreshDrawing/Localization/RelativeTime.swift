// "Last updated" times: relative under a day, the locale's date and time from a day on.

import CPangoCairo

extension L10n {
    /// How long ago `lastUpdate` was, seen at `now` (both in seconds since the Unix epoch; the
    /// clock is injected so that this is testable): under 60 s (or in the future, after a
    /// clock change) "just now"; under an hour "N min ago"; under a day "N h ago"; else the
    /// date and time in the translated `dateTimeFormat`, in `timeZone` (a GLib identifier such
    /// as "UTC" or "Asia/Shanghai"; nil = local time). A non-finite or out-of-range
    /// `lastUpdate` gives "Never updated".
    package static func relativeTimeString(
        from lastUpdate: Double, now: Double, timeZone: String? = nil
    ) -> String {
        // GLib handles years 1 ... 9999; ±2.5e11 s stays well inside Int and that range.
        guard lastUpdate.isFinite, abs(lastUpdate) < 2.5e11 else { return neverUpdated }
        guard now.isFinite else { return justNow }
        let elapsed = now - lastUpdate
        if elapsed < 60 { return justNow }
        if elapsed < 3600 { return minutesAgo(Int(elapsed / 60)) }
        if elapsed < 86_400 { return hoursAgo(Int(elapsed / 3600)) }
        return formatDate(unixSeconds: Int(lastUpdate.rounded(.down)), timeZone: timeZone)
            ?? neverUpdated
    }

    /// The classic header's second line: "Last updated: …", or "Never updated" for nil.
    package static func lastUpdatedLine(
        lastUpdate: Double?, now: Double, timeZone: String? = nil
    ) -> String {
        guard let lastUpdate, lastUpdate.isFinite else { return neverUpdated }
        return lastUpdated(relativeTimeString(from: lastUpdate, now: now, timeZone: timeZone))
    }

    /// `unixSeconds` formatted with the translated `dateTimeFormat` in `timeZone`.
    package static func formatDate(unixSeconds: Int, timeZone: String?) -> String? {
        let zone: OpaquePointer? =
            timeZone.map { g_time_zone_new_identifier($0) } ?? g_time_zone_new_local()
        guard let zone else { return nil }
        defer { g_time_zone_unref(zone) }
        guard let utc = g_date_time_new_from_unix_utc(unixSeconds) else { return nil }
        defer { g_date_time_unref(utc) }
        guard let local = g_date_time_to_timezone(utc, zone) else { return nil }
        defer { g_date_time_unref(local) }
        let pattern = dateTimeFormat
        var text = g_date_time_format(local, pattern)
        if text == nil, pattern != "%x %H:%M" {
            text = g_date_time_format(local, "%x %H:%M")  // a broken translated pattern
        }
        guard let text else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }
}
