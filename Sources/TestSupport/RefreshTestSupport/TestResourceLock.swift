import Glibc

/// One machine-wide lock per kind of heavy test resource, so that two tests that each start one
/// never run at once, wherever they are (two suites of one test process run concurrently).
///
/// `"at-spi"`: the GTK 3 and the GTK 4 AT-SPI client tests each start an X server, a session bus
/// and an accessibility bus. In a full run on the 2-core machine the GTK 3 one failed once while
/// the GTK 4 one ran beside it: its demo got no reply from the accessibility bus launcher within
/// D-Bus's 25 s. Each passes alone; taken one after the other they cost a few seconds more.
package enum TestResourceLock {
    /// Runs `body` holding the lock `name` (an flock on a file in /tmp: released when the body
    /// ends, or when the process dies).
    package static func withLock<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        let fd = open("/tmp/ptr-test-\(name).lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        if fd >= 0 { _ = flock(fd, LOCK_EX) }
        defer {
            if fd >= 0 {
                _ = flock(fd, LOCK_UN)
                close(fd)
            }
        }
        return try body()
    }
}
