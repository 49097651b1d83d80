import DemoOptionValues
import CGtk4
import DemoRendering

/// The simulated source, answering as refresh-demo's (docs/demo.md): after `--latency` a refresh
/// prepends 1…page-size rows and restarts paging, a load appends a page until `--pages` pages are
/// in; either fails at `--fail-rate`. Seeded by `--seed`. The latency is engine time (`QAClock`):
/// slow motion and pause stretch it as they stretch the animations.
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
    private let clock: QAClock
    /// Pending answers, dropped when the window closes.
    private var waits: [EngineTimer] = []

    init(options: DemoOptions, clock: QAClock) {
        self.options = options
        self.clock = clock
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
        for wait in waits { wait.cancel() }
        waits.removeAll()
    }

    private func failsNow() -> Bool {
        options.failRate > 0 && Double.random(in: 0..<1, using: &generator) < options.failRate
    }

    private func after(_ seconds: Double, _ body: @escaping @MainActor () -> Void) {
        waits.removeAll { !$0.isPending }
        waits.append(clock.after(seconds, body))
    }
}
