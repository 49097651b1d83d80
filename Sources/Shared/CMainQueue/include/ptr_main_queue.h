#ifndef PTR_MAIN_QUEUE_H
#define PTR_MAIN_QUEUE_H
#include <glib.h>

/*
 * Swift's main queue (the MainActor's executor, DispatchQueue.main) serviced by a GLib main
 * context (docs/main-loop.md). libdispatch exports the main queue's wake-up handle (an eventfd
 * on Linux, written when work arrives on an empty queue) and its drain call, which Foundation's
 * run loop uses; this GSource polls that eventfd and drains the queue when it becomes readable:
 * no timer, no polling, nothing to do while the queue is empty.
 */
G_BEGIN_DECLS

/* TRUE on the process's main thread, the thread libdispatch binds the main queue to (until
 * dispatchMain() hands the queue to its worker threads, which then drain it themselves). */
gboolean ptr_main_queue_is_main_thread(void);

/* A new, unattached source draining the main queue, or NULL off the main thread (there the
 * queue cannot be drained from outside, and calling the drain aborts). Attach it to the
 * context whose loop the app runs; destroy and unref it to stop. */
GSource *ptr_main_queue_source_new(void);

/* How many times a main-queue source was dispatched in this process (each dispatch is one
 * wake-up of the loop caused by main-queue work). For tests and diagnostics. */
guint64 ptr_main_queue_dispatch_count(void);

/* The main queue's wake-up eventfd (libdispatch's; never close it). For tests that watch it. */
int ptr_main_queue_handle(void);

G_END_DECLS
#endif
