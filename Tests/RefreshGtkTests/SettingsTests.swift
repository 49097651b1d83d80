import RefreshDemo
import RefreshTestSupport
import CGtk
import CGtkShim
import Foundation
import RefreshCore
import RefreshDrawing
import Testing
@testable import RefreshGtk

/// Desktop settings the widget follows: gtk-enable-animations, and the "Last updated" time that
/// stays true while the window stays open.
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
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

    /// The ring while refreshing, or a recorded issue.
    private static func ring(_ h: GtkHarness, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> (morph: Double, rotation: Double, lineWidth: Double)
    {
        let glyph = h.view.state.headerVisual.glyph
        guard case let .ring(morph, rotation, lineWidth) = glyph else {
            throw RingMissing(glyph: glyph)
        }
        return (morph, rotation, lineWidth)
    }

    struct RingMissing: Error, CustomStringConvertible {
        let glyph: JState
        var description: String { "expected a ring while refreshing, got \(glyph)" }
    }

    /// Animations off: the reveal, the ring and the end all jump. Time is the view's injected
    /// clock, advanced by hand and delivered with `tick()`: the engine sees 0.1, 0.3 and 0.37 s
    /// pass, and with animations on the same instants turn the ring (next test), so the
    /// comparison below can fail.
    @Test func animationsOffMeansNoMorphNoSpinAndJumps() throws {
        try Self.withAnimations(false) {
            let h = try GtkHarness()
            defer { h.close() }
            #expect(!h.view.state.animationsEnabled)
            let clock = ManualClock(h.view.state.now)
            h.view.clock = clock.reading
            h.view.beginRefreshing()
            // The reveal jumps: the header is open at once and the refresh action has run.
            #expect(h.view.pull == h.view.headerStyle.heldHeight)
            #expect(h.refreshes == 1)
            let first = try Self.ring(h)
            #expect(first.morph == 1 && first.rotation == 0 && first.lineWidth == JGlyph.lineWidth)
            for elapsed in [0.1, 0.3, 0.37] {
                clock.now += elapsed
                h.view.tick()
                #expect(h.view.state.now == clock.now, "the engine did not see the time pass")
                let later = try Self.ring(h)
                #expect(later == first, "the ring moved with animations off after \(elapsed) s: \(later)")
            }
            // The end jumps too: closed and idle at once, with no animation and no tick.
            h.view.endRefreshing(ok: true)
            #expect(h.view.headerPhase == .idle && h.view.pull == 0)
            #expect(!h.view.state.needsTicks)
        }
    }

    /// The setting is followed while the header is open: on, the ring turns clockwise once per
    /// 0.5 s after its 0.15 s morph; off, it stands still, full, at 0; on again, it turns again.
    @Test func flippingTheSettingWhileOpenIsFollowed() throws {
        let settings = try #require(gtk_settings_get_default())
        let before = ptr_settings_get_boolean(settings, "gtk-enable-animations")
        // Restored after the window is gone: the view would read its clock (released by then)
        // on the setting's change.
        defer { ptr_settings_set_boolean(settings, "gtk-enable-animations", before) }
        let h = try GtkHarness()
        defer { h.close() }
        ptr_settings_set_boolean(settings, "gtk-enable-animations", 0)
        #expect(!h.view.state.animationsEnabled)
        ptr_settings_set_boolean(settings, "gtk-enable-animations", 1)
        #expect(h.view.state.animationsEnabled)

        let clock = ManualClock(h.view.state.now)
        h.view.clock = clock.reading
        // `clock` goes before the defers above run (cleanups run in reverse order), and
        // restoring the setting reads the view's clock: hand the view back its own first.
        defer { h.view.clock = nil }
        h.view.beginRefreshing()
        #expect(h.refreshes == 0, "the action ran before the reveal")
        clock.now += Tuning.revealDuration
        h.view.tick()
        #expect(h.refreshes == 1)
        let morphStart = clock.now
        clock.now = morphStart + Tuning.morphDuration / 2
        h.view.tick()
        let morphing = try Self.ring(h)
        #expect(abs(morphing.morph - 0.5) < 1e-9 && morphing.rotation == 0)
        // A quarter turn into the spin: π/2 clockwise.
        clock.now = morphStart + Tuning.morphDuration + Tuning.spinPeriod / 4
        h.view.tick()
        let spinning = try Self.ring(h)
        #expect(spinning.morph == 1)
        #expect(abs(spinning.rotation - .pi / 2) < 1e-9, "rotation \(spinning.rotation)")

        ptr_settings_set_boolean(settings, "gtk-enable-animations", 0)
        let still = try Self.ring(h)
        #expect(still.morph == 1 && still.rotation == 0 && still.lineWidth == JGlyph.lineWidth)
        clock.now += 0.2
        h.view.tick()
        #expect(try Self.ring(h) == still)

        ptr_settings_set_boolean(settings, "gtk-enable-animations", 1)
        // The spin is a function of the time since the morph: a quarter turn and 0.2 s later.
        let turning = try Self.ring(h)
        let expected = 2 * .pi * (Tuning.spinPeriod / 4 + 0.2) / Tuning.spinPeriod
        #expect(abs(turning.rotation - expected) < 1e-9, "rotation \(turning.rotation), expected \(expected)")
    }

    /// The classic header's "Last updated" counts to the draw, not to the engine's last event:
    /// with an injected clock three minutes later it says "3 min ago", and so does the list's
    /// accessible description.
    @Test func lastUpdatedIsComputedWhenDrawnAndWhenRead() throws {
        let h = try GtkHarness()
        defer { h.close() }
        h.view.header = .classic
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
