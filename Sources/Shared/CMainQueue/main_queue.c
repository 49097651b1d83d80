/* The main-queue GSource (include/ptr_main_queue.h, docs/main-loop.md). */
#define _GNU_SOURCE
#include "ptr_main_queue.h"
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <unistd.h>

/* libdispatch's interface for run loops (what CoreFoundation's CFRunLoop calls on Linux):
 * the handle is the main queue's eventfd; the callback runs every block queued so far. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

typedef struct {
    GSource source;
    gpointer tag;
    int fd;
} PtrMainQueueSource;

static guint64 dispatch_count;

gboolean ptr_main_queue_is_main_thread(void) {
    return getpid() == (pid_t)syscall(SYS_gettid);
}

static gboolean main_queue_dispatch(GSource *source, GSourceFunc callback, gpointer user_data) {
    (void)callback;
    (void)user_data;
    PtrMainQueueSource *self = (PtrMainQueueSource *)source;
    dispatch_count++;
    /* The drain does not read the eventfd (measured: it stays readable), so clear it here or
     * the loop would spin. Clear first, then drain: work queued while the drain runs writes
     * the eventfd again and gets the next iteration. The fd is non-blocking (libdispatch
     * creates it with EFD_NONBLOCK), so an empty read returns EAGAIN at once. */
    if (g_source_query_unix_fd(source, self->tag) & G_IO_IN) {
        eventfd_t value;
        (void)eventfd_read(self->fd, &value);
    }
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

static GSourceFuncs main_queue_funcs = {
    .prepare = NULL, /* no timeout: sleep in poll until the eventfd is written */
    .check = NULL,   /* readiness of the unix fd decides */
    .dispatch = main_queue_dispatch,
    .finalize = NULL,
};

GSource *ptr_main_queue_source_new(void) {
    if (!ptr_main_queue_is_main_thread()) return NULL;
    int fd = _dispatch_get_main_queue_handle_4CF();
    if (fd < 0) return NULL;
    GSource *source = g_source_new(&main_queue_funcs, sizeof(PtrMainQueueSource));
    PtrMainQueueSource *self = (PtrMainQueueSource *)source;
    self->fd = fd;
    self->tag = g_source_add_unix_fd(source, fd, G_IO_IN);
    g_source_set_name(source, "Swift main queue");
    g_source_set_priority(source, G_PRIORITY_DEFAULT);
    return source;
}

guint64 ptr_main_queue_dispatch_count(void) {
    return dispatch_count;
}

int ptr_main_queue_handle(void) {
    return _dispatch_get_main_queue_handle_4CF();
}
