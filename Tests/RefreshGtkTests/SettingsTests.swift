import RefreshTestSupport
import CGtk
import CGtkShim
import Foundation
import RefreshCore
import Testing
@testable import RefreshGtk

/// Desktop settings the widget follows: gtk-enable-animations, and the "Last updated" time that
/// stays true while the window stays open.
@MainActor
@Suite(.serialized, .enabled(if: GtkHarness.hasDisplay, "needs a display: run under xvfb-run (scripts/test.sh)"))
struct SettingsTests {
    /// Sets gtk-enable-animations for the body, then restores it.
    private static func withAnimations<T>(_ enabled: Bool, _ body: () throws -> T) throws -> T {
        try #require(MainLoop.initializeGtk())
        let settings = try #require(gtk_settings_get_default())
        let before = ptr_settings_get_boolean(settings, "gtk-enable-animations")
        ptr_settings_set_boolean(settings, "gtk-enable-animations", enabled ? 1 : 0)
        defer { ptr_settings_set_boolean(settings, "gtk-enable-animations", before) }
        return try body()
    }

    @Test func animationsOffMeansNoMorphNoSpinAndJumps() throws {
        try Self.withAnimations(false) {
            let h = try GtkHarness()
            defer { h.close() }
            #expect(!h.view.state.animationsEnabled)
            h.view.beginRefreshing()
            // The reveal jumps: the header is open at once and the refresh action runs.
            #expect(h.view.pull == h.view.headerStyle.heldHeight)
            #expect(MainLoop.run(until: { h.refreshes == 1 }))
            // A static ring: fully morphed and not turning, however long the refresh runs.
            let first = h.view.state.headerVisual.glyph
            MainLoop.run(for: 0.3)
            let later = h.view.state.headerVisual.glyph
            guard case let .ring(morph, rotation, lineWidth) = later else {
                Issue.record("expected a ring while refreshing, got \(later)")
                return
            }
            #expect(morph == 1)
            #expect(rotation == 0)
            #expect(lineWidth == JGlyph.lineWidth)
            #expect(first == later)
            // The end jumps too: closed and idle with no animation.
            h.view.endRefreshing(ok: true)
            #expect(MainLoop.run(until: { h.view.headerPhase == .idle && h.view.pull == 0 }, timeout: 2))
        }
    }

    @Test func flippingTheSettingWhileOpenIsFollowed() throws {
        let h = try GtkHarness()
        defer { h.close() }
        let settings = try #require(gtk_settings_get_default())
        let before = ptr_settings_get_boolean(settings, "gtk-enable-animations")
        defer { ptr_settings_set_boolean(settings, "gtk-enable-animations", before) }
        ptr_settings_set_boolean(settings, "gtk-enable-animations", 0)
        #expect(!h.view.state.animationsEnabled)
        ptr_settings_set_boolean(settings, "gtk-enable-animations", 1)
        #expect(h.view.state.animationsEnabled)
        // With animations on, the refresh ring turns.
        h.view.beginRefreshing()
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
        MainLoop.run(for: 0.3)
        if case let .ring(_, rotation, _) = h.view.state.headerVisual.glyph {
            #expect(rotation != 0)
        } else {
            Issue.record("expected a ring while refreshing")
        }
    }

    /// The classic header's "Last updated" counts to the draw, not to the engine's last event:
    /// with an injected clock three minutes later it says "3 min ago", and so does the list's
    /// accessible description.
    @Test func lastUpdatedIsComputedWhenDrawnAndWhenRead() throws {
        let h = try GtkHarness()
        defer { h.close() }
        h.view.headerStyle = .classic
        h.view.beginRefreshing()
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
        h.view.endRefreshing(ok: true, insertedAtTop: 0)
        #expect(MainLoop.run(until: { h.view.headerPhase == .idle && !h.view.state.needsTicks }))
        let engineNow = h.view.state.now

        func line(_ visual: HeaderVisual) -> String {
            let wall = 1_000_000.0
            return L10n.lastUpdatedLine(lastUpdate: visual.sinceLastUpdate.map { wall - $0 }, now: wall)
        }
        h.view.clock = { engineNow }
        #expect(line(h.view.headerVisualForDrawing()) == L10n.lastUpdated(L10n.justNow))
        h.view.clock = { engineNow + 185 }
        #expect(line(h.view.headerVisualForDrawing()) == L10n.lastUpdated(L10n.minutesAgo(3)))
        h.view.clock = { engineNow + 2 * 3600 + 5 }
        #expect(line(h.view.headerVisualForDrawing()) == L10n.lastUpdated(L10n.hoursAgo(2)))

        h.view.accessibility.clock = { engineNow + 185 }
        let list = try #require(gtk_widget_get_accessible(h.view.list.area))
        let description = atk_object_get_description(list).map { String(cString: $0) } ?? ""
        #expect(description.hasSuffix(L10n.lastUpdated(L10n.minutesAgo(3))))
    }
}
