/// Why a harness could not set its window up (GTK, a first frame, a device): thrown from its
/// initializer, so the test fails with the reason (a thrown error is a failure in swift-testing),
/// without this target linking the testing library.
package struct HarnessFailure: Error, CustomStringConvertible {
    package let description: String

    /// Throws `HarnessFailure(why)` unless `condition` holds.
    package static func require(_ condition: Bool, _ why: @autoclosure () -> String) throws {
        if !condition { throw HarnessFailure(description: why()) }
    }

    /// `value`, or `HarnessFailure(why)` when it is nil.
    package static func unwrap<T>(_ value: T?, _ why: @autoclosure () -> String) throws -> T {
        guard let value else { throw HarnessFailure(description: why()) }
        return value
    }
}
