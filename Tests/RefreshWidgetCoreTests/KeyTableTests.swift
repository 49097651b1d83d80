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
}
