import CGtk4

/// The simulated source, answering as refresh-demo's (docs/demo.md): after `--latency` a refresh
/// prepends 1…page-size rows and restarts paging, a load appends a page until `--pages` pages are
/// in; either fails at `--fail-rate`. Seeded by `--seed`.
@MainActor
final class Feed {
    struct Answer {
        let ok: Bool
        let added: Int
        let exhausted: Bool
    }

    private let options: DemoOptions
    private var generator: SplitMix64
    private var pagesLoaded = 0
    /// Pending timeouts, removed when the window closes.
    private var timeouts: Set<guint> = []

    init(options: DemoOptions) {
        self.options = options
        generator = SplitMix64(seed: options.seed ?? UInt64(truncatingIfNeeded: g_get_real_time()))
    }

    /// After the latency, `apply(count)` prepends the rows (not on failure), then `report`.
    func refresh(apply: @escaping @MainActor (Int) -> Void, report: @escaping @MainActor (Answer) -> Void) {
        let fails = failsNow()
        let count = Int.random(in: 1...options.pageSize, using: &generator)
        after(options.latency) { [weak self] in
            guard let self else { return }
            if fails { return report(Answer(ok: false, added: 0, exhausted: false)) }
            apply(count)
            pagesLoaded = 0
            report(Answer(ok: true, added: count, exhausted: false))
        }
    }

    /// After the latency, `apply(count)` appends a page (not on failure or exhaustion), then `report`.
    func load(apply: @escaping @MainActor (Int) -> Void, report: @escaping @MainActor (Answer) -> Void) {
        let fails = failsNow()
        after(options.latency) { [weak self] in
            guard let self else { return }
            if pagesLoaded >= options.pages { return report(Answer(ok: true, added: 0, exhausted: true)) }
            if fails { return report(Answer(ok: false, added: 0, exhausted: false)) }
            apply(options.pageSize)
            pagesLoaded += 1
            report(Answer(ok: true, added: options.pageSize, exhausted: pagesLoaded >= options.pages))
        }
    }

    /// Drops every pending answer (the window closed).
    func cancel() {
        for id in timeouts { g_source_remove(id) }
        timeouts.removeAll()
    }

    private func failsNow() -> Bool {
        options.failRate > 0 && Double.random(in: 0..<1, using: &generator) < options.failRate
    }

    private final class Pending {
        let body: @MainActor () -> Void
        weak var feed: Feed?
        var id: guint = 0
        init(_ body: @escaping @MainActor () -> Void) { self.body = body }
    }

    private func after(_ seconds: Double, _ body: @escaping @MainActor () -> Void) {
        let pending = Pending(body)
        pending.feed = self
        let data = Unmanaged.passRetained(pending).toOpaque()
        pending.id = g_timeout_add_full(G_PRIORITY_DEFAULT, guint(seconds * 1000), { data in
            MainActor.assumeIsolated {
                let pending = Unmanaged<Pending>.fromOpaque(data!).takeUnretainedValue()
                pending.feed?.timeouts.remove(pending.id)
                pending.body()
            }
            return 0
        }, data, { data in Unmanaged<Pending>.fromOpaque(data!).release() })
        timeouts.insert(pending.id)
    }
}

/// A small seeded generator (Steele, Lea and Flood's SplitMix64), so that `--seed` reproduces a run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
