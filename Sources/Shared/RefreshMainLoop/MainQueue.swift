import CGLib
import CMainQueue

/// Makes Swift's main queue run under GTK's main loop: `Task { @MainActor in … }`,
/// `await MainActor.run { … }` and `DispatchQueue.main.async { … }` all work while the app sits
/// in `gtk_main()`, `g_application_run()` or a nested main loop.
///
/// Nothing services Swift's main queue while GTK owns the main thread, so without this, main-actor
/// work scheduled from async code never runs. The integration is one GLib source on the default
/// main context that watches the main queue's wake-up handle (an eventfd that libdispatch writes
/// when work arrives) and drains the queue when it becomes readable. It has no timer and polls
/// nothing: an idle app does not wake up, and each piece of main-queue work costs one main-loop
/// wake-up.
///
/// The first refresh widget (GTK 3's `RefreshView` or `RefreshBin`, GTK 4's `RefreshBin`) installs
/// it, so an app that does nothing special gets working async code; the integration is GLib's
/// alone, so the same source serves GTK 3's and GTK 4's loops. Call ``install()`` yourself to use `async` code before any view exists:
///
/// ```swift
/// gtk_init(nil, nil)
/// MainActor.assumeIsolated { GtkMainQueue.install() }
/// gtk_main()
/// ```
///
/// Quitting: once `gtk_main()` (or `g_application_run()`) has returned, nothing services the main
/// queue any more, so a refresh that closing the window cancelled would never get to run its
/// `catch` and `defer` blocks. Call ``finishPendingActions(timeout:)`` after the loop returns:
///
/// ```swift
/// gtk_main()
/// MainActor.assumeIsolated { GtkMainQueue.finishPendingActions() }
/// ```
///
/// Removal: when the app quits through `g_application_run`, the source is removed at the
/// application's `shutdown`; an app running `gtk_main()` can call ``uninstall()`` after it returns.
/// See ``uninstall()`` for what removal does and does not do.
///
/// It must be installed on the process's main thread, in code that GLib's loop runs (not from
/// inside an `async` main, a `RunLoop`, or after `dispatchMain()`): there the main queue already
/// has a drainer, and ``install()`` returns `false` and adds nothing.
@MainActor
public enum GtkMainQueue {
    private static var source: UnsafeMutablePointer<GSource>?
    /// The app called ``uninstall()``: later views do not install it again by themselves.
    private static var uninstalledByApp = false
    /// The GApplication whose "shutdown" removes the source (connected once).
    private static var hookedApplication: UnsafeMutableRawPointer?

    /// Whether the main queue is being serviced by the default GLib main context.
    public static var isInstalled: Bool { source != nil }

    /// Starts servicing Swift's main queue from GLib's default main context. Idempotent.
    ///
    /// - Returns: `true` when the source is installed (now or before); `false` when this is not
    ///   the process's main thread, where the main queue is drained by libdispatch itself.
    @discardableResult
    public static func install() -> Bool {
        uninstalledByApp = false
        return attach()
    }

    /// Stops servicing the main queue from GLib. Idempotent.
    ///
    /// "Cleanly" means: the GLib source is destroyed and released, so the default main context
    /// holds nothing of ours and never wakes up for the main queue again; the wake-up eventfd is
    /// left open because libdispatch owns it (a later ``install()``, or a `RunLoop`, uses it
    /// again); work still queued on the main actor is neither run nor dropped, and runs if the
    /// queue is serviced again. Async refresh and load-more tasks of live views stop making
    /// progress, so call this only when the app is done with its views. After `uninstall()`,
    /// new views do not install the source again; ``install()`` does.
    public static func uninstall() {
        uninstalledByApp = true
        detach()
    }

    /// Lets the async refresh and load-more tasks that are still running finish: call it once
    /// `gtk_main()` or `g_application_run()` has returned, when nothing services the main queue
    /// any more.
    ///
    /// Closing a window destroys its views, which cancels their `refreshAction` and
    /// `loadMoreAction` tasks; but a cancelled task still has to run to
    /// its end on the main actor — its `catch` and `defer` blocks, where an app closes a
    /// connection or a file. This runs GLib's default main context, servicing the main queue,
    /// until every such task of every view has returned or thrown, or until `timeout` seconds
    /// have passed (a task that ignores cancellation is left behind). Other GLib sources due in
    /// that time run too, as under `gtk_main()`. It works whether the queue is installed or not
    /// (after ``uninstall()`` or a GApplication's shutdown it services the queue only while it
    /// runs).
    ///
    /// Destroy the windows first (quit from a window's `destroy` signal, as the example does): a
    /// live view's task is not cancelled, and this waits for it to finish.
    ///
    /// Off the process's main thread (see ``install()``) it does nothing.
    public static func finishPendingActions(timeout: Double = 5) {
        guard AsyncActions.liveTasks > 0 else { return }
        let wasInstalled = isInstalled
        guard attach() else { return }
        defer { if !wasInstalled { detach() } }
        // A one-shot GLib timeout wakes the loop at the deadline; the flag is the callback's data.
        let timedOut = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
        timedOut.initialize(to: false)
        let milliseconds = (timeout * 1000).rounded()
        let id = g_timeout_add_full(G_PRIORITY_DEFAULT,
                                    milliseconds.isFinite ? guint(min(max(milliseconds, 0), Double(UInt32.max))) : 0,
                                    { data in
                                        data?.assumingMemoryBound(to: Bool.self).pointee = true
                                        return 0 // G_SOURCE_REMOVE
                                    }, timedOut, nil)
        defer {
            if !timedOut.pointee { g_source_remove(id) }
            timedOut.deallocate()
        }
        while AsyncActions.liveTasks > 0, !timedOut.pointee {
            g_main_context_iteration(nil, 1)
        }
    }

    /// The automatic install done by the first ``RefreshView`` (unless the app uninstalled it).
    package static func installForView() {
        guard !uninstalledByApp else { return }
        attach()
    }

    /// How many times the source ran (each run is one wake-up caused by main-queue work).
    package static var dispatchCount: Int { Int(ptr_main_queue_dispatch_count()) }

    /// The GLib source id while installed (for tests: `g_main_context_find_source_by_id`).
    package static var sourceID: guint { source.map { g_source_get_id($0) } ?? 0 }

    @discardableResult
    private static func attach() -> Bool {
        if source != nil { return true }
        guard let created = ptr_main_queue_source_new() else { return false }
        // The default context: the one gtk_main, g_application_run and nested loops iterate.
        g_source_attach(created, nil)
        source = created
        hookShutdown()
        return true
    }

    private static func detach() {
        guard let source else { return }
        self.source = nil
        g_source_destroy(source)
        g_source_unref(source)
    }

    /// A GApplication's "shutdown" is the app quitting: remove the source then. A plain signal
    /// handler without user data (nothing to release); it stays connected for the application's
    /// life, and a later run finds the source already gone, which is harmless.
    private static func hookShutdown() {
        guard let application = g_application_get_default() else { return }
        let pointer = UnsafeMutableRawPointer(application)
        guard hookedApplication != pointer else { return }
        hookedApplication = pointer
        let onShutdown: @convention(c) (gpointer?, gpointer?) -> Void = { _, _ in
            MainActor.assumeIsolated { GtkMainQueue.detach() }
        }
        g_signal_connect_data(pointer, "shutdown", unsafeBitCast(onShutdown, to: GCallback.self), nil, nil,
                              GConnectFlags(0))
    }
}
