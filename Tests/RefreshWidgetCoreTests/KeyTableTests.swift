import RefreshCore
import RefreshWidgetCore
import Testing

/// The widget's keys, once for both toolkits (docs/behaviour.md#keyboard-and-accessibility).
struct KeyTableTests {
    typealias Key = KeyTable.Key
    static let numLock: UInt32 = 1 << 4

    @Test func eachKeyMeansOneThingAndOnlyControlAltAndShiftCount() {
        let table: [(UInt32, UInt32, KeyIntent?)] = [
            (Key.f5, 0, .refresh), (Key.r, KeyTable.control, .refresh), (Key.upperR, KeyTable.control, .refresh),
            (Key.r, 0, nil), (Key.r, KeyTable.control | KeyTable.shift, nil), (Key.f5, KeyTable.control, nil),
            (Key.returnKey, 0, .activate), (Key.keypadEnter, 0, .activate), (Key.space, 0, .activate),
            (Key.keypadSpace, Self.numLock, .activate), (Key.space, KeyTable.shift, nil),
            (Key.home, 0, .scroll(.home)), (Key.keypadHome, 0, .scroll(.home)), (Key.end, 0, .scroll(.end)),
            (Key.pageUp, 0, .scroll(.pageUp)), (Key.keypadPageDown, 0, .scroll(.pageDown)),
            (Key.end, KeyTable.control, nil), (Key.up, 0, .lineUp), (Key.keypadDown, Self.numLock, .lineDown),
            (Key.tab, 0, nil),
        ]
        for (keyval, state, intent) in table {
            #expect(KeyTable.intent(keyval: keyval, state: state) == intent, "0x\(String(keyval, radix: 16)) state \(state)")
        }
    }

    @Test func tabAndShiftTabAreTheFocusKeys() {
        #expect(KeyTable.tab(keyval: Key.tab, state: 0) == true)
        #expect(KeyTable.tab(keyval: Key.keypadTab, state: Self.numLock) == true)
        #expect(KeyTable.tab(keyval: Key.tab, state: KeyTable.shift) == false)
        #expect(KeyTable.tab(keyval: Key.isoLeftTab, state: KeyTable.shift) == false)
        #expect(KeyTable.tab(keyval: Key.tab, state: KeyTable.control) == nil)
        #expect(KeyTable.tab(keyval: Key.home, state: 0) == nil)
    }

    @Test func theAccessibleNamesAreTheMainKeys() {
        #expect(KeyTable.accessibleName(KeyTable.refresh) == "F5")
        #expect(KeyTable.accessibleName(KeyTable.activate) == "Return")
        #expect(KeyTable.accessibleName([]) == "")
    }

    /// The rules the per-list table keeps (each list is checked against it on screen:
    /// KeyTablePerListTests, Gtk4DemoProcessTests): every movement key does something on every
    /// list and the refresh and activation keys are the same everywhere; each key means one thing
    /// for its whole group (Home, End and Page together; both arrows); Home, End and Page ease on
    /// every list but a GTK 3 one with a cursor (whose own keys move it), so no list jumps where
    /// another eases; a view without a cursor is moved by lines, never left to a cursor it lacks.
    @Test(arguments: KeyHost.allCases)
    func theMovementKeysOfEachList(_ host: KeyHost) throws {
        #expect(KeyTable.action(for: .refresh, on: host) == nil)
        #expect(KeyTable.action(for: .activate, on: host) == nil)
        let scroll = try #require(KeyTable.action(for: .scroll(.home), on: host))
        for command in [ScrollCommand.end, .pageUp, .pageDown] {
            #expect(KeyTable.action(for: .scroll(command), on: host) == scroll)
        }
        let line = try #require(KeyTable.action(for: .lineUp, on: host))
        #expect(KeyTable.action(for: .lineDown, on: host) == line)
        #expect((scroll == .easedScroll) == (host != .gtk3CursorList))
        #expect(line != .native || host != .plainView && host != .ourList)
        #expect(scroll != .native || host == .gtk3CursorList)
    }
}
