import DemoOptionValues
import CGtk4
import DemoRendering

/// The simulated source: refresh-demo's rules (`FeedRules`, seeded by `--seed`), answered after
/// `--latency` of engine time (`QAClock`): slow motion and pause stretch it as they stretch the
/// animations.
@MainActor
final class Feed {
    typealias Answer = FeedRules.Answer

    private var rules: FeedRules
    private let latency: Double
    private let clock: QAClock
    /// Pending answers, dropped when the window closes.
    private var waits: [EngineTimer] = []

    init(options: DemoOptions, clock: QAClock) {
        self.clock = clock
        latency = options.latency
        rules = FeedRules(failRate: options.failRate, pageSize: options.pageSize, pages: options.pages,
                          seed: options.seed ?? UInt64(truncatingIfNeeded: g_get_real_time()))
    }

    /// After the latency, `apply(count)` prepends the rows (not on failure), then `report`.
    func refresh(apply: @escaping @MainActor (Int) -> Void, report: @escaping @MainActor (Answer) -> Void) {
        let plan = rules.planRefresh()
        after(latency) { [weak self] in
            guard let self else { return }
            report(rules.land(plan, prepend: apply))
        }
    }

    /// After the latency, `apply(count)` appends a page (not on failure or exhaustion), then `report`.
    func load(apply: @escaping @MainActor (Int) -> Void, report: @escaping @MainActor (Answer) -> Void) {
        let fails = rules.planLoad()
        after(latency) { [weak self] in
            guard let self else { return }
            report(rules.landLoad(failing: fails, append: apply))
        }
    }

    /// Drops every pending answer (the window closed).
    func cancel() {
        for wait in waits { wait.cancel() }
        waits.removeAll()
    }

    private func after(_ seconds: Double, _ body: @escaping @MainActor () -> Void) {
        waits.removeAll { !$0.isPending }
        waits.append(clock.after(seconds, body))
    }
}
