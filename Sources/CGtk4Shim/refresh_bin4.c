#include <string.h>
#include "CGtk4Shim.h"

// PtrRefresh4Bin: see CGtk4Shim.h and docs/gtk4-notes.md. Behaviour is decided in Swift; this
// file is GTK 4 mechanics only: layout, the transform, the snapshot, the controllers and their
// phases, claiming or denying a sequence, the tick callback, and lifetime.

struct _PtrRefresh4Bin {
    GtkWidget parent_instance;
    GtkWidget *child;
    double offset;
    PtrRefresh4BinHooks hooks;
    gpointer hooks_data;
    GDestroyNotify hooks_notify;
    guint tick_id;
    GtkEventController *scroll;
    GtkGesture *drag;
    gboolean drag_touch;
    int last_width, last_height;
};

G_DEFINE_FINAL_TYPE(PtrRefresh4Bin, ptr_refresh4_bin, GTK_TYPE_WIDGET)

static void clear_hooks(PtrRefresh4Bin *self) {
    GDestroyNotify notify = self->hooks_notify;
    gpointer data = self->hooks_data;
    memset(&self->hooks, 0, sizeof self->hooks);
    self->hooks_data = NULL;
    self->hooks_notify = NULL;
    if (notify) notify(data);
}

// HACK (docs/gtk4-notes.md#capture-on-the-bin-comes-first): a capture-phase scroll controller on
// the bin sees every scroll before the GtkScrolledWindow, which would otherwise swallow a push
// past its top into invisible overshoot. Returning TRUE stops the event there.
static gboolean on_scroll(GtkEventControllerScroll *controller, double dx, double dy, PtrRefresh4Bin *self) {
    (void)dx;
    if (!self->hooks.scroll) return FALSE;
    GdkEvent *event = gtk_event_controller_get_current_event(GTK_EVENT_CONTROLLER(controller));
    GdkDevice *device = event ? gdk_event_get_device(event) : NULL;
    GdkInputSource source = device ? gdk_device_get_source(device) : GDK_SOURCE_MOUSE;
    GdkScrollUnit unit = gtk_event_controller_scroll_get_unit(controller);
    return self->hooks.scroll(self->hooks_data, dy, unit, source);
}

// HACK (docs/gtk4-notes.md#how-touchpad-scroll-arrives): a scroll-stop has no `scroll` signal of
// its own; it is read here, as the current event of `scroll-end`, and still reaches the scrolled
// window (GtkEventControllerScroll forces it to propagate).
static void on_scroll_end(GtkEventControllerScroll *controller, PtrRefresh4Bin *self) {
    if (!self->hooks.scroll_end) return;
    GdkEvent *event = gtk_event_controller_get_current_event(GTK_EVENT_CONTROLLER(controller));
    gboolean is_stop = event && ((gdk_event_get_event_type(event) == GDK_SCROLL && gdk_scroll_event_is_stop(event))
                                 || gdk_event_get_event_type(event) == GDK_TOUCHPAD_HOLD);
    self->hooks.scroll_end(self->hooks_data, is_stop);
}

static void on_drag_begin(GtkGestureDrag *gesture, double x, double y, PtrRefresh4Bin *self) {
    // A press on the scrolled window's scrollbar is the scrollbar's (libadwaita does the same
    // pick in its swipe tracker).
    GtkWidget *picked = gtk_widget_pick(GTK_WIDGET(self), x, y, GTK_PICK_DEFAULT);
    if (picked && (GTK_IS_SCROLLBAR(picked) || gtk_widget_get_ancestor(picked, GTK_TYPE_SCROLLBAR))) {
        gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_DENIED);
        return;
    }
    GdkDevice *device = gtk_gesture_get_device(GTK_GESTURE(gesture));
    self->drag_touch = device && gdk_device_get_source(device) == GDK_SOURCE_TOUCHSCREEN;
    if (self->hooks.press_down) self->hooks.press_down(self->hooks_data);
}

static void on_drag_update(GtkGestureDrag *gesture, double dx, double dy, PtrRefresh4Bin *self) {
    (void)dx;
    if (!self->hooks.press_moved) return;
    switch (self->hooks.press_moved(self->hooks_data, dy, self->drag_touch)) {
    case PTR_REFRESH4_PRESS_CLAIM:
        gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_CLAIMED);
        break;
    case PTR_REFRESH4_PRESS_DENY:
        gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_DENIED);
        break;
    case PTR_REFRESH4_PRESS_WAIT:
        break;
    }
}

static void on_drag_end(GtkGestureDrag *gesture, double dx, double dy, PtrRefresh4Bin *self) {
    (void)gesture; (void)dx; (void)dy;
    if (self->hooks.press_up) self->hooks.press_up(self->hooks_data);
}

static void on_drag_cancel(GtkGesture *gesture, GdkEventSequence *sequence, PtrRefresh4Bin *self) {
    (void)gesture; (void)sequence;
    if (self->hooks.press_up) self->hooks.press_up(self->hooks_data);
}

static gboolean on_refresh_key(GtkWidget *widget, GVariant *args, gpointer data) {
    (void)args; (void)data;
    PtrRefresh4Bin *self = PTR_REFRESH4_BIN(widget);
    return self->hooks.refresh_key ? self->hooks.refresh_key(self->hooks_data) : FALSE;
}

// The bin is found from the controller, so that the handler holds no pointer of its own to
// disconnect: after dispose the hooks are cleared and every key passes through.
static gboolean on_key_pressed(GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state,
                               gpointer data) {
    (void)keycode; (void)data;
    PtrRefresh4Bin *self = PTR_REFRESH4_BIN(gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(controller)));
    return self->hooks.key ? self->hooks.key(self->hooks_data, keyval, state) : FALSE;
}

static void ptr_refresh4_bin_init(PtrRefresh4Bin *self) {
    GtkWidget *widget = GTK_WIDGET(self);
    // The moved child is clipped to the bin (docs/gtk4-notes.md#2-moving-the-child-with-a-transform).
    gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN);

    self->scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
    gtk_event_controller_set_propagation_phase(self->scroll, GTK_PHASE_CAPTURE);
    g_signal_connect(self->scroll, "scroll", G_CALLBACK(on_scroll), self);
    g_signal_connect(self->scroll, "scroll-end", G_CALLBACK(on_scroll_end), self);
    gtk_widget_add_controller(widget, self->scroll);

    self->drag = gtk_gesture_drag_new();
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(self->drag), GDK_BUTTON_PRIMARY);
    gtk_event_controller_set_propagation_phase(GTK_EVENT_CONTROLLER(self->drag), GTK_PHASE_CAPTURE);
    g_signal_connect(self->drag, "drag-begin", G_CALLBACK(on_drag_begin), self);
    g_signal_connect(self->drag, "drag-update", G_CALLBACK(on_drag_update), self);
    g_signal_connect(self->drag, "drag-end", G_CALLBACK(on_drag_end), self);
    g_signal_connect(self->drag, "cancel", G_CALLBACK(on_drag_cancel), self);
    gtk_widget_add_controller(widget, GTK_EVENT_CONTROLLER(self->drag));

    // F5 and Ctrl+R are taken before the list (capture phase), as on GTK 3; no stock list binds them.
    GtkEventController *keys = gtk_shortcut_controller_new();
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE);
    const char *triggers[] = {"F5", "<Control>r"};
    for (size_t i = 0; i < G_N_ELEMENTS(triggers); i++) {
        gtk_shortcut_controller_add_shortcut(GTK_SHORTCUT_CONTROLLER(keys),
                                             gtk_shortcut_new(gtk_shortcut_trigger_parse_string(triggers[i]),
                                                              gtk_callback_action_new(on_refresh_key, NULL, NULL)));
    }
    gtk_widget_add_controller(widget, keys);

    // Home, End, Page Up/Down and Enter/Space on the footer, also before the focus widget: the
    // lists bind them to their own cursor, which knows nothing of the footer past the rows.
    GtkEventController *other_keys = gtk_event_controller_key_new();
    gtk_event_controller_set_propagation_phase(other_keys, GTK_PHASE_CAPTURE);
    g_signal_connect(other_keys, "key-pressed", G_CALLBACK(on_key_pressed), NULL);
    gtk_widget_add_controller(widget, other_keys);
}

static void ptr_refresh4_bin_dispose(GObject *object) {
    PtrRefresh4Bin *self = PTR_REFRESH4_BIN(object);
    if (self->tick_id) {
        gtk_widget_remove_tick_callback(GTK_WIDGET(self), self->tick_id);
        self->tick_id = 0;
    }
    // The controllers die with the widget; their handlers point at us, so they go first.
    if (self->scroll) {
        g_signal_handlers_disconnect_by_data(self->scroll, self);
        self->scroll = NULL;
    }
    if (self->drag) {
        g_signal_handlers_disconnect_by_data(self->drag, self);
        self->drag = NULL;
    }
    clear_hooks(self);
    g_clear_pointer(&self->child, gtk_widget_unparent);
    G_OBJECT_CLASS(ptr_refresh4_bin_parent_class)->dispose(object);
}

static void ptr_refresh4_bin_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                     int *natural, int *minimum_baseline, int *natural_baseline) {
    PtrRefresh4Bin *self = PTR_REFRESH4_BIN(widget);
    if (self->child && gtk_widget_should_layout(self->child)) {
        gtk_widget_measure(self->child, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
    }
}

// The child keeps its size and only its transform changes: GTK 4.8 then skips the child's
// size_allocate (docs/gtk4-notes.md#2-moving-the-child-with-a-transform).
static void ptr_refresh4_bin_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    PtrRefresh4Bin *self = PTR_REFRESH4_BIN(widget);
    if (self->child && gtk_widget_should_layout(self->child)) {
        GskTransform *transform = gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT(0, (float)self->offset));
        gtk_widget_allocate(self->child, width, height, baseline, transform);
    }
    if ((width != self->last_width || height != self->last_height) && self->hooks.resized) {
        self->last_width = width;
        self->last_height = height;
        self->hooks.resized(self->hooks_data, width, height);
    }
}

static void ptr_refresh4_bin_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    PtrRefresh4Bin *self = PTR_REFRESH4_BIN(widget);
    double width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    double offset = self->offset;
    if (offset != 0 && self->hooks.draw) {
        double top = offset > 0 ? 0 : height + offset;
        double gap = offset > 0 ? offset : -offset;
        graphene_rect_t rect = GRAPHENE_RECT_INIT(0, (float)top, (float)width, (float)gap);
        cairo_t *cr = gtk_snapshot_append_cairo(snapshot, &rect);
        // HACK (docs/gtk4-notes.md#3-gtk_snapshot_append_cairo-for-the-header): the cairo_t is a
        // recording surface of scale 1, replayed at the real scale: the painter is given the
        // widget's scale factor.
        self->hooks.draw(self->hooks_data, cr, 0, top, width, gap, gtk_widget_get_scale_factor(widget));
        cairo_destroy(cr);
    }
    if (self->child) gtk_widget_snapshot_child(widget, self->child, snapshot);
}

static void ptr_refresh4_bin_class_init(PtrRefresh4BinClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->dispose = ptr_refresh4_bin_dispose;
    widget_class->measure = ptr_refresh4_bin_measure;
    widget_class->size_allocate = ptr_refresh4_bin_size_allocate;
    widget_class->snapshot = ptr_refresh4_bin_snapshot;
    gtk_widget_class_set_css_name(widget_class, "ptr-refresh-bin");
}

GtkWidget *ptr_refresh4_bin_new(void) { return g_object_new(PTR_REFRESH4_TYPE_BIN, NULL); }

void ptr_refresh4_bin_set_child(PtrRefresh4Bin *self, GtkWidget *child) {
    g_return_if_fail(PTR_REFRESH4_IS_BIN(self));
    g_return_if_fail(child == NULL || GTK_IS_WIDGET(child));
    if (self->child == child) return;
    if (child) g_return_if_fail(gtk_widget_get_parent(child) == NULL);
    g_clear_pointer(&self->child, gtk_widget_unparent);
    if (child) {
        self->child = child;
        gtk_widget_set_parent(child, GTK_WIDGET(self));
    }
}

GtkWidget *ptr_refresh4_bin_get_child(PtrRefresh4Bin *self) {
    g_return_val_if_fail(PTR_REFRESH4_IS_BIN(self), NULL);
    return self->child;
}

void ptr_refresh4_bin_set_child_offset(PtrRefresh4Bin *self, double offset) {
    g_return_if_fail(PTR_REFRESH4_IS_BIN(self));
    if (self->offset == offset) return;
    self->offset = offset;
    gtk_widget_queue_allocate(GTK_WIDGET(self));
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

double ptr_refresh4_bin_get_child_offset(PtrRefresh4Bin *self) {
    g_return_val_if_fail(PTR_REFRESH4_IS_BIN(self), 0);
    return self->offset;
}

void ptr_refresh4_bin_set_hooks(PtrRefresh4Bin *self, const PtrRefresh4BinHooks *hooks, gpointer data,
                                GDestroyNotify notify) {
    g_return_if_fail(PTR_REFRESH4_IS_BIN(self));
    clear_hooks(self);
    if (hooks) self->hooks = *hooks;
    self->hooks_data = data;
    self->hooks_notify = notify;
}

static gboolean on_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)data;
    PtrRefresh4Bin *self = PTR_REFRESH4_BIN(widget);
    if (self->hooks.tick) self->hooks.tick(self->hooks_data, gdk_frame_clock_get_frame_time(clock));
    return G_SOURCE_CONTINUE;
}

void ptr_refresh4_bin_set_ticking(PtrRefresh4Bin *self, gboolean ticking) {
    g_return_if_fail(PTR_REFRESH4_IS_BIN(self));
    if (ticking && !self->tick_id) {
        self->tick_id = gtk_widget_add_tick_callback(GTK_WIDGET(self), on_tick, NULL, NULL);
    } else if (!ticking && self->tick_id) {
        gtk_widget_remove_tick_callback(GTK_WIDGET(self), self->tick_id);
        self->tick_id = 0;
    }
}

gboolean ptr_refresh4_bin_get_ticking(PtrRefresh4Bin *self) {
    g_return_val_if_fail(PTR_REFRESH4_IS_BIN(self), FALSE);
    return self->tick_id != 0;
}
