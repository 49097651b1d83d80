#include <string.h>
#include "CGtk4Shim.h"
#ifndef GSK_TYPE_GL_RENDERER
/* GTK 4.8 declares the GL renderer's type only in its own header; later GTKs declare it in GSK's
 * main header, and warn when the old one is included. */
#include <gsk/gl/gskglrenderer.h>
#endif
#include "refresh_bin4_swift.h"
#include "ptr_refresh_gobject.h"

/*
 * Ptr4RefreshBin: see CGtk4Shim.h and docs/gtk4-notes.md. Behaviour is decided in Swift; this
 * file is GTK 4 mechanics only: layout, the transform, the snapshot, the controllers and their
 * phases, claiming or denying a sequence, the tick callback, and lifetime.
 *
 * It is also the public GObject (ptr4-refresh.h, docs/gobject-api.md), parallel to the GTK 3
 * PtrRefreshBin: properties, signals and methods live here, the behaviour in the Swift RefreshBin
 * that setting a GtkScrolledWindow as the child creates (refresh_bin4_swift.h). The properties
 * are kept here, not in Swift, because GtkBuilder and g_object_new set them before the child
 * (and so the Swift side) exists.
 */
struct _Ptr4RefreshBin {
    GtkWidget parent_instance;
    GtkWidget *child;
    double offset;
    Ptr4RefreshBinHooks hooks;
    gpointer hooks_data;
    GDestroyNotify hooks_notify;
    guint tick_id;
    GtkEventController *scroll;
    GtkGesture *drag;
    gboolean drag_touch;
    GtkWidget *pressed; /* the widget under the press (weak), until a claimed pull releases it */
    int last_width, last_height;
    PtrRefreshState state; /* the GObject state (ptr_refresh_gobject.h) */
    gboolean adopting; /* the Swift API is creating its own Swift side */
    gboolean attached; /* a Swift side was created for the child */
    guint warm_up_id;  /* the idle that warms up the Swift side and the window's GL renderer */
    gboolean warmed_up;
};

/* `child` is the bin's own; the properties after it and every signal are shared with the GTK 3 bin
 * (ptr_refresh_gobject.h). */
enum { PROP_0, PROP_CHILD, N_OWN_PROPS };
static GParamSpec *child_property;
static PtrRefreshClass refresh_class;
G_STATIC_ASSERT(PTR4_HEADER_STATE_REFRESHING == PTR_REFRESH_HEADER_STATE_REFRESHING);
G_STATIC_ASSERT(PTR4_FOOTER_STATE_LOADING == PTR_REFRESH_FOOTER_STATE_LOADING);

static GtkBuildableIface *parent_buildable_iface;

/* `<child>` in a .ui file sets the child, as with AdwBin. */
static void ptr4_refresh_bin_buildable_add_child(GtkBuildable *buildable, GtkBuilder *builder, GObject *child,
                                                 const char *type) {
    if (GTK_IS_WIDGET(child))
        ptr4_refresh_bin_set_child(PTR4_REFRESH_BIN(buildable), GTK_WIDGET(child));
    else
        parent_buildable_iface->add_child(buildable, builder, child, type);
}

static void ptr4_refresh_bin_buildable_init(GtkBuildableIface *iface) {
    parent_buildable_iface = g_type_interface_peek_parent(iface);
    iface->add_child = ptr4_refresh_bin_buildable_add_child;
}

/**
 * Ptr4RefreshBin:
 *
 * A [class@Gtk.Widget] with one child, like `AdwBin`, that gives the [class@Gtk.ScrolledWindow]
 * set as its [property@Ptr4.RefreshBin:child] pull-to-refresh and load-more: the GTK 4 twin of
 * the GTK 3 library's `PtrRefreshBin`, with the same properties, signals, methods and order of
 * emission.
 *
 * Pulled down at its top, the list emits [signal@Ptr4.RefreshBin::refresh]; the app fetches, then
 * calls [method@Ptr4.RefreshBin.end_refreshing]. At its end it emits
 * [signal@Ptr4.RefreshBin::load-more], answered by [method@Ptr4.RefreshBin.end_loading]. With no
 * handler connected a refresh ends at once as a success, a load as exhausted (to have no footer
 * at all, set [property@Ptr4.RefreshBin:footer-mode] to %PTR4_FOOTER_MODE_NONE).
 *
 * The child must be a [class@Gtk.ScrolledWindow] (a list view, column view, list box, text view,
 * … in it); any other widget is shown, with a warning, and gets no pull-to-refresh. A child that
 * already has a parent is refused (a critical in the `Ptr4` log domain). Replacing the child ends
 * what the old one was doing: a refresh or load under way is dropped and both states return to
 * `idle`.
 *
 * The order is fixed: a state change notifies [property@Ptr4.RefreshBin:header-state] (with
 * [property@Ptr4.RefreshBin:refreshing] when a refresh starts or ends), then emits
 * [signal@Ptr4.RefreshBin::header-state-changed]; ::refresh follows the change to
 * %PTR4_HEADER_STATE_REFRESHING. The footer is the same with its own properties and ::load-more.
 *
 * Wrong calls get what GTK gives them: an out-of-range enum fails a g_return_if_fail() (a
 * critical in the `Ptr4` domain) and leaves the value as it was; a negative row count logs a
 * critical and counts as 0, so that the refresh or load still ends.
 *
 * The bin is a [iface@Gtk.Accessible] panel with the refresh status as its description, busy while
 * refreshing, with the actions `refresh-bin.refresh`, `refresh-bin.load-more` and
 * `refresh-bin.retry`. Destroying it releases everything its Swift side connected.
 */
G_DEFINE_FINAL_TYPE_WITH_CODE(Ptr4RefreshBin, ptr4_refresh_bin, GTK_TYPE_WIDGET,
                              G_IMPLEMENT_INTERFACE(GTK_TYPE_BUILDABLE, ptr4_refresh_bin_buildable_init))

PTR_REFRESH_DEFINE_ENUM(ptr4_header_style_get_type, "Ptr4HeaderStyle", PTR_REFRESH_HEADER_STYLE_VALUES(PTR4))
PTR_REFRESH_DEFINE_ENUM(ptr4_footer_mode_get_type, "Ptr4FooterMode", PTR_REFRESH_FOOTER_MODE_VALUES(PTR4))
PTR_REFRESH_DEFINE_ENUM(ptr4_header_state_get_type, "Ptr4HeaderState", PTR_REFRESH_HEADER_STATE_VALUES(PTR4))
PTR_REFRESH_DEFINE_ENUM(ptr4_footer_state_get_type, "Ptr4FooterState", PTR_REFRESH_FOOTER_STATE_VALUES(PTR4))

static void clear_hooks(Ptr4RefreshBin *self) {
    GDestroyNotify notify = self->hooks_notify;
    gpointer data = self->hooks_data;
    memset(&self->hooks, 0, sizeof self->hooks);
    self->hooks_data = NULL;
    self->hooks_notify = NULL;
    if (notify) notify(data);
}

// HACK (docs/gtk4-notes.md, "Capture on the bin comes first"): a capture-phase scroll controller
// on the bin sees every scroll before the GtkScrolledWindow, which would otherwise swallow a push
// past its top into invisible overshoot. Returning TRUE stops the event there.
static gboolean on_scroll(GtkEventControllerScroll *controller, double dx, double dy, Ptr4RefreshBin *self) {
    (void)dx;
    if (!self->hooks.scroll) return FALSE;
    GdkEvent *event = gtk_event_controller_get_current_event(GTK_EVENT_CONTROLLER(controller));
    GdkDevice *device = event ? gdk_event_get_device(event) : NULL;
    GdkInputSource source = device ? gdk_device_get_source(device) : GDK_SOURCE_MOUSE;
    GdkScrollUnit unit = gtk_event_controller_scroll_get_unit(controller);
    return self->hooks.scroll(self->hooks_data, dy, unit, source);
}

// HACK (docs/gtk4-notes.md, "The scroll-stop is read in scroll-end"): a scroll-stop has no `scroll`
// signal of its own; it is read here, as the current event of `scroll-end`, and still reaches the
// scrolled window (GtkEventControllerScroll forces it to propagate).
static void on_scroll_end(GtkEventControllerScroll *controller, Ptr4RefreshBin *self) {
    if (!self->hooks.scroll_end) return;
    GdkEvent *event = gtk_event_controller_get_current_event(GTK_EVENT_CONTROLLER(controller));
    gboolean is_stop = event && ((gdk_event_get_event_type(event) == GDK_SCROLL && gdk_scroll_event_is_stop(event))
                                 || gdk_event_get_event_type(event) == GDK_TOUCHPAD_HOLD);
    self->hooks.scroll_end(self->hooks_data, is_stop);
}

static void on_drag_begin(GtkGestureDrag *gesture, double x, double y, Ptr4RefreshBin *self) {
    // A press on the scrolled window's scrollbar is the scrollbar's (libadwaita does the same
    // pick in its swipe tracker).
    GtkWidget *picked = gtk_widget_pick(GTK_WIDGET(self), x, y, GTK_PICK_DEFAULT);
    if (picked && (GTK_IS_SCROLLBAR(picked) || gtk_widget_get_ancestor(picked, GTK_TYPE_SCROLLBAR))) {
        gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_DENIED);
        return;
    }
    g_set_weak_pointer(&self->pressed, picked);
    GdkDevice *device = gtk_gesture_get_device(GTK_GESTURE(gesture));
    self->drag_touch = device && gdk_device_get_source(device) == GDK_SOURCE_TOUCHSCREEN;
    if (self->hooks.press_down) self->hooks.press_down(self->hooks_data);
}

// HACK (docs/gtk4-notes.md, "A pull releases the pressed row"): GTK marks every widget from the
// press's target up to the window :active until the button goes up (gtkmain.c, its own count),
// whoever claims the sequence: a claimed pull would keep the row under it looking pressed. A pull
// is no press on the row, so the widgets below the bin lose :active at the claim; GTK's count
// still ends at the release (a flag already clear stays clear, with no warning).
static void release_pressed(Ptr4RefreshBin *self) {
    for (GtkWidget *w = self->pressed; w && w != GTK_WIDGET(self); w = gtk_widget_get_parent(w))
        gtk_widget_unset_state_flags(w, GTK_STATE_FLAG_ACTIVE);
    g_clear_weak_pointer(&self->pressed);
}

static void on_drag_update(GtkGestureDrag *gesture, double dx, double dy, Ptr4RefreshBin *self) {
    (void)dx;
    if (!self->hooks.press_moved) return;
    switch (self->hooks.press_moved(self->hooks_data, dy, self->drag_touch)) {
    case PTR4_REFRESH_BIN_PRESS_CLAIM:
        gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_CLAIMED);
        release_pressed(self);
        break;
    case PTR4_REFRESH_BIN_PRESS_DENY:
        gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_DENIED);
        break;
    case PTR4_REFRESH_BIN_PRESS_WAIT:
        break;
    }
}

static void on_drag_end(GtkGestureDrag *gesture, double dx, double dy, Ptr4RefreshBin *self) {
    (void)gesture; (void)dx; (void)dy;
    if (self->hooks.press_up) self->hooks.press_up(self->hooks_data);
}

static void on_drag_cancel(GtkGesture *gesture, GdkEventSequence *sequence, Ptr4RefreshBin *self) {
    (void)gesture; (void)sequence;
    if (self->hooks.press_up) self->hooks.press_up(self->hooks_data);
}

/* The Swift side goes: its hooks first (their destroy-notify tears it down, with every handler it
 * connected), then the bin's hold on it. */
static void release_swift(Ptr4RefreshBin *self) {
    clear_hooks(self);
    ptr4_refresh_bin_swift_detach(self);
}

// The bin is found from the controller, so that the handler holds no pointer of its own to
// disconnect: after dispose the hooks are cleared and every key passes through.
static gboolean on_key_pressed(GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state,
                               gpointer data) {
    (void)keycode; (void)data;
    Ptr4RefreshBin *self = PTR4_REFRESH_BIN(gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(controller)));
    return self->hooks.key ? self->hooks.key(self->hooks_data, keyval, state) : FALSE;
}

static void ptr4_refresh_bin_init(Ptr4RefreshBin *self) {
    GtkWidget *widget = GTK_WIDGET(self);
    // The moved child is clipped to the bin (docs/gtk4-notes.md#moving-the-child-with-a-transform).
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

    // The widget's keys, before the focus widget (capture phase), as on GTK 3: F5 and Ctrl+R, which
    // no stock list binds, and Home, End, Page Up/Down and Enter/Space on the footer, which the
    // lists bind to their own cursor, which knows nothing of the footer past the rows.
    GtkEventController *keys = gtk_event_controller_key_new();
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE);
    g_signal_connect(keys, "key-pressed", G_CALLBACK(on_key_pressed), NULL);
    gtk_widget_add_controller(widget, keys);
}

static void ptr4_refresh_bin_dispose(GObject *object) {
    Ptr4RefreshBin *self = PTR4_REFRESH_BIN(object);
    g_clear_handle_id(&self->warm_up_id, g_source_remove);
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
    g_clear_weak_pointer(&self->pressed);
    release_swift(self);
    g_clear_pointer(&self->child, gtk_widget_unparent);
    G_OBJECT_CLASS(ptr4_refresh_bin_parent_class)->dispose(object);
}

static void ptr4_refresh_bin_finalize(GObject *object) {
    ptr_refresh_state_clear(&PTR4_REFRESH_BIN(object)->state);
    G_OBJECT_CLASS(ptr4_refresh_bin_parent_class)->finalize(object);
}

static void ptr4_refresh_bin_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    Ptr4RefreshBin *self = PTR4_REFRESH_BIN(object);
    if (id == PROP_CHILD)
        g_value_set_object(value, self->child);
    else if (!ptr_refresh_get_property(&refresh_class, &self->state, id, value))
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
}

static void ptr4_refresh_bin_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec) {
    Ptr4RefreshBin *self = PTR4_REFRESH_BIN(object);
    if (id == PROP_CHILD)
        ptr4_refresh_bin_set_child(self, g_value_get_object(value));
    else if (!ptr_refresh_set_property(object, &refresh_class, &self->state, id, value))
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
}

static void apply_to_swift(GObject *object) { ptr4_refresh_bin_swift_apply(PTR4_REFRESH_BIN(object)); }

static void ptr4_refresh_bin_compute_expand(GtkWidget *widget, gboolean *hexpand, gboolean *vexpand) {
    Ptr4RefreshBin *self = PTR4_REFRESH_BIN(widget);
    *hexpand = self->child && gtk_widget_compute_expand(self->child, GTK_ORIENTATION_HORIZONTAL);
    *vexpand = self->child && gtk_widget_compute_expand(self->child, GTK_ORIENTATION_VERTICAL);
}

static GtkSizeRequestMode ptr4_refresh_bin_get_request_mode(GtkWidget *widget) {
    Ptr4RefreshBin *self = PTR4_REFRESH_BIN(widget);
    return self->child ? gtk_widget_get_request_mode(self->child) : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void ptr4_refresh_bin_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                     int *natural, int *minimum_baseline, int *natural_baseline) {
    Ptr4RefreshBin *self = PTR4_REFRESH_BIN(widget);
    if (self->child && gtk_widget_should_layout(self->child)) {
        gtk_widget_measure(self->child, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
    }
}

// The child keeps its size and only its transform changes: GTK 4.8 then skips the child's
// size_allocate (docs/gtk4-notes.md#moving-the-child-with-a-transform).
static void ptr4_refresh_bin_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    Ptr4RefreshBin *self = PTR4_REFRESH_BIN(widget);
    if (self->child && gtk_widget_should_layout(self->child)) {
        GskTransform *transform = gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT(0, (float)self->offset));
        gtk_widget_allocate(self->child, width, height, baseline, transform);
    }
    ptr4_refresh_bin_accessible_allocate(self, width);
    if ((width != self->last_width || height != self->last_height) && self->hooks.resized) {
        self->last_width = width;
        self->last_height = height;
        self->hooks.resized(self->hooks_data, width, height);
    }
}

/* The widget whose background shows in the gap: the list inside the scrolled window (through a
 * GtkViewport, for lists that are not scrollable themselves), else the child itself. */
GtkWidget *ptr4_refresh_bin_list(Ptr4RefreshBin *self) {
    GtkWidget *list = self->child;
    if (list && GTK_IS_SCROLLED_WINDOW(list)) {
        GtkWidget *inner = gtk_scrolled_window_get_child(GTK_SCROLLED_WINDOW(list));
        if (inner && GTK_IS_VIEWPORT(inner)) inner = gtk_viewport_get_child(GTK_VIEWPORT(inner));
        if (inner) list = inner;
    }
    return list;
}

/* HACK (docs/gtk4-notes.md, "Rows prepended during a refresh"): GtkListView and GtkColumnView keep
 * their anchor row in view when rows are inserted above it, and a value then set to the top moves
 * the rows but leaves those above the old anchor unmade (blank) until the list scrolls. Asking the
 * list itself for its first item lays it out from there. */
void ptr4_refresh_bin_show_first_row(Ptr4RefreshBin *self) {
    GtkWidget *list = ptr4_refresh_bin_list(self);
    // A column view's rows are its last child, a list view (the order docs/gtk4-notes.md,
    // "The pinned column header", relies on).
    if (list && GTK_IS_COLUMN_VIEW(list)) list = gtk_widget_get_last_child(list);
    if (list && (GTK_IS_LIST_VIEW(list) || GTK_IS_GRID_VIEW(list)))
        gtk_widget_activate_action(list, "list.scroll-to-item", "u", 0);
}

/* HACK (docs/gtk4-notes.md, "Warming GSK's GL renderer"): a pull is the first time GSK's GL
 * renderer draws the list's nodes across the bin's clip edge (the RECT_CLIP variant of each
 * program) and the first time it draws the gap's image (the blit program). A software GL (Mesa's
 * llvmpipe) compiles each program with LLVM on its first draw: 26-33 ms in the pull's first frame,
 * which made the next one late. So once per renderer, in an idle moment after the bin's first
 * frame, the bin renders offscreen through the window's own renderer what a pull will draw: a
 * texture like the gap's, and the bottom of the list's last frame cut by clip edges every few
 * pixels. Nothing reaches the screen; the programs and llvmpipe's per-context setup code stay
 * compiled. The same idle lets the Swift side draw its header once unseen (its fonts load on the
 * first draw). */
#define WARM_UP_BAND 64.0f /* px at the bottom of the list swept by clip edges */
#define WARM_UP_STEP 8.0f

static GQuark warm_up_quark(void) { return g_quark_from_static_string("ptr4-refresh-bin-warmed-up"); }

static GskRenderer *ptr4_refresh_bin_renderer(Ptr4RefreshBin *self) {
    GtkNative *native = gtk_widget_get_native(GTK_WIDGET(self));
    return native ? gtk_native_get_renderer(native) : NULL;
}

static gboolean ptr4_refresh_bin_warm_up(gpointer data) {
    Ptr4RefreshBin *self = data;
    self->warm_up_id = 0;
    self->warmed_up = TRUE;
    if (self->hooks.warm_up) self->hooks.warm_up(self->hooks_data);
    GskRenderer *renderer = ptr4_refresh_bin_renderer(self);
    if (!renderer || !self->child || g_object_get_qdata(G_OBJECT(renderer), warm_up_quark())) return G_SOURCE_REMOVE;
    g_object_set_qdata(G_OBJECT(renderer), warm_up_quark(), GINT_TO_POINTER(TRUE));
    if (!GSK_IS_GL_RENDERER(renderer)) return G_SOURCE_REMOVE;
    float width = gtk_widget_get_width(self->child), height = gtk_widget_get_height(self->child);
    if (width < 1 || height < 1) return G_SOURCE_REMOVE;
    float band = MIN(height, WARM_UP_BAND);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    // The gap: the list's background, and a texture as the gap's image.
    GtkWidget *list = ptr4_refresh_bin_list(self);
    ptr4_theme_snapshot_background(snapshot, list, 0, height - band, width, band);
    cairo_surface_t *image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)width, (int)(band / 2));
    GdkTexture *gap = ptr4_refresh_bin_texture_from_surface(image, (int)(band / 2));
    cairo_surface_destroy(image);
    gtk_snapshot_append_texture(snapshot, gap, &GRAPHENE_RECT_INIT(0, height - band, (int)width, band / 2));
    g_object_unref(gap);
    // The list's nodes across a clip edge, as at the bin's bottom edge during a pull.
    GdkPaintable *frame = gtk_widget_paintable_new(self->child);
    for (float edge = height - WARM_UP_STEP / 2; edge > height - band; edge -= WARM_UP_STEP) {
        gtk_snapshot_push_clip(snapshot, &GRAPHENE_RECT_INIT(0, 0, width, edge));
        gdk_paintable_snapshot(frame, snapshot, width, height);
        gtk_snapshot_pop(snapshot);
    }
    g_object_unref(frame);
    GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
    if (node) {
        GdkTexture *texture = gsk_renderer_render_texture(renderer, node, &GRAPHENE_RECT_INIT(0, height - band, width, band));
        g_clear_object(&texture);
        gsk_render_node_unref(node);
    }
    return G_SOURCE_REMOVE;
}

static void ptr4_refresh_bin_schedule_warm_up(Ptr4RefreshBin *self) {
    if (self->warm_up_id || !self->child) return;
    GskRenderer *renderer = ptr4_refresh_bin_renderer(self);
    if (self->warmed_up && (!renderer || g_object_get_qdata(G_OBJECT(renderer), warm_up_quark()))) return;
    self->warm_up_id = g_idle_add_full(G_PRIORITY_LOW, ptr4_refresh_bin_warm_up, self, NULL);
}

static void ptr4_refresh_bin_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    Ptr4RefreshBin *self = PTR4_REFRESH_BIN(widget);
    double width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    double offset = self->offset;
    if (offset != 0 && self->hooks.gap_texture && self->hooks.draw) {
        double top = offset > 0 ? 0 : height + offset;
        double gap = offset > 0 ? offset : -offset;
        graphene_rect_t rect = GRAPHENE_RECT_INIT(0, (float)top, (float)width, (float)gap);
        /* The gap behind a pulled list shows the list's own CSS background, as if the list went
         * on above its first row (as on GTK 3): a theme's or an app's style class included. */
        GtkWidget *list = ptr4_refresh_bin_list(self);
        if (list) ptr4_theme_snapshot_background(snapshot, list, 0, top, width, gap);
        // The gap's image is drawn at the widget's scale factor and covers the gap's device pixels
        // one to one (docs/gtk4-notes.md#the-gaps-image-at-the-widgets-scale). For the GL
        // renderer as a texture node, uploaded once per texture, where a cairo node would be
        // replayed, copied and uploaded again in every frame; for the Cairo renderer as a cairo
        // node, which it replays directly, where a texture would be converted pixel by pixel.
        int scale = gtk_widget_get_scale_factor(widget);
        GskRenderer *renderer = ptr4_refresh_bin_renderer(self);
        if (renderer && GSK_IS_CAIRO_RENDERER(renderer)) {
            cairo_t *cr = gtk_snapshot_append_cairo(snapshot, &rect);
            self->hooks.draw(self->hooks_data, cr, 0, top, width, gap, scale);
            cairo_destroy(cr);
        } else {
            GdkTexture *texture = self->hooks.gap_texture(self->hooks_data, 0, top, width, gap, scale);
            if (texture) {
                gtk_snapshot_append_texture(snapshot, texture, &rect);
                g_object_unref(texture);
            }
        }
    }
    if (self->child) gtk_widget_snapshot_child(widget, self->child, snapshot);
    ptr4_refresh_bin_accessible_snapshot(self, snapshot);
    ptr4_refresh_bin_schedule_warm_up(self);
}

GdkTexture *ptr4_refresh_bin_texture_from_surface(cairo_surface_t *surface, int height) {
    cairo_surface_flush(surface);
    int stride = cairo_image_surface_get_stride(surface);
    GBytes *bytes = g_bytes_new(cairo_image_surface_get_data(surface), (gsize)stride * (gsize)height);
    GdkTexture *texture =
        gdk_memory_texture_new(cairo_image_surface_get_width(surface), height, GDK_MEMORY_DEFAULT, bytes, stride);
    g_bytes_unref(bytes);
    return texture;
}

static void ptr4_refresh_bin_css_changed(GtkWidget *widget, GtkCssStyleChange *change) {
    GTK_WIDGET_CLASS(ptr4_refresh_bin_parent_class)->css_changed(widget, change);
    Ptr4RefreshBin *self = PTR4_REFRESH_BIN(widget);
    if (self->hooks.style_changed) self->hooks.style_changed(self->hooks_data);
}

static void ptr4_refresh_bin_class_init(Ptr4RefreshBinClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->dispose = ptr4_refresh_bin_dispose;
    object_class->finalize = ptr4_refresh_bin_finalize;
    object_class->get_property = ptr4_refresh_bin_get_property;
    object_class->set_property = ptr4_refresh_bin_set_property;
    widget_class->measure = ptr4_refresh_bin_measure;
    widget_class->compute_expand = ptr4_refresh_bin_compute_expand;
    widget_class->get_request_mode = ptr4_refresh_bin_get_request_mode;
    widget_class->size_allocate = ptr4_refresh_bin_size_allocate;
    widget_class->snapshot = ptr4_refresh_bin_snapshot;
    widget_class->css_changed = ptr4_refresh_bin_css_changed;
    gtk_widget_class_set_css_name(widget_class, "ptr-refresh-bin");
    // A panel for ATs, as the GTK 3 bin (docs/accessibility.md#gtk-4); GtkWidget's own is a filler.
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_GROUP);

    const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
    /**
     * Ptr4RefreshBin:child:
     *
     * The child: a #GtkScrolledWindow gets pull-to-refresh and load-more; any other widget is
     * shown as it is, with a warning.
     */
    child_property = g_param_spec_object("child", "Child", "The child widget", GTK_TYPE_WIDGET, rw);
    g_object_class_install_property(object_class, PROP_CHILD, child_property);
    /**
     * Ptr4RefreshBin:header-style:
     *
     * The header's look; settable at any time (a held header keeps its place).
     */
    /**
     * Ptr4RefreshBin:footer-mode:
     *
     * How load-more is triggered.
     */
    /**
     * Ptr4RefreshBin:refreshing:
     *
     * %TRUE while the header is held open for a refresh, from just before #Ptr4RefreshBin::refresh
     * until ptr4_refresh_bin_end_refreshing().
     */
    /**
     * Ptr4RefreshBin:loading:
     *
     * %TRUE while a load-more runs, from just before #Ptr4RefreshBin::load-more until
     * ptr4_refresh_bin_end_loading().
     */
    /**
     * Ptr4RefreshBin:header-state:
     *
     * The header's state (also reported by #Ptr4RefreshBin::header-state-changed).
     */
    /**
     * Ptr4RefreshBin:footer-state:
     *
     * The footer's state (also reported by #Ptr4RefreshBin::footer-state-changed).
     */
    /**
     * Ptr4RefreshBin:last-updated:
     *
     * When the last successful refresh ended (wall-clock time); %NULL until then. An app may
     * restore it from a previous run.
     */

    /**
     * Ptr4RefreshBin::refresh:
     * @bin: the bin
     *
     * Emitted once per refresh, when the header has settled open (begun mid-list: after 0.25 s).
     * Fetch, update the model, then call ptr4_refresh_bin_end_refreshing() (from the handler or later).
     */
    /**
     * Ptr4RefreshBin::load-more:
     * @bin: the bin
     *
     * Emitted once per load-more. Append rows, then call ptr4_refresh_bin_end_loading().
     */
    /**
     * Ptr4RefreshBin::header-state-changed:
     * @bin: the bin
     * @state: the new state
     *
     * Every change of the header's state.
     */
    /**
     * Ptr4RefreshBin::footer-state-changed:
     * @bin: the bin
     * @state: the new state
     *
     * Every change of the footer's state.
     */
    /* The doc comments above are g-ir-scanner's; the properties and signals are installed with
     * the other bin's, in one place. */
    ptr_refresh_class_install(object_class, &refresh_class, N_OWN_PROPS,
                              (PtrRefreshTypes){PTR4_TYPE_HEADER_STYLE, PTR4_TYPE_FOOTER_MODE, PTR4_TYPE_HEADER_STATE,
                                                PTR4_TYPE_FOOTER_STATE},
                              apply_to_swift);
}

/**
 * ptr4_refresh_bin_new:
 *
 * Creates a bin. Set a #GtkScrolledWindow as its child (ptr4_refresh_bin_set_child()) to give
 * that window pull-to-refresh and load-more.
 *
 * Returns: a new #Ptr4RefreshBin
 */
GtkWidget *ptr4_refresh_bin_new(void) { return g_object_new(PTR4_TYPE_REFRESH_BIN, NULL); }

/**
 * ptr4_refresh_bin_set_child:
 * @bin: a #Ptr4RefreshBin
 * @child: (nullable): the child, a #GtkScrolledWindow with no parent
 *
 * Sets #Ptr4RefreshBin:child. The previous child, and the refresh state that went with it, go.
 */
void ptr4_refresh_bin_set_child(Ptr4RefreshBin *bin, GtkWidget *child) {
    g_return_if_fail(PTR4_IS_REFRESH_BIN(bin));
    g_return_if_fail(child == NULL || GTK_IS_WIDGET(child));
    if (bin->child == child) return;
    if (child) g_return_if_fail(gtk_widget_get_parent(child) == NULL);
    if (bin->child) {
        // The Swift side goes before its scrolled window, so nothing it connected outlives it.
        release_swift(bin);
        ptr4_refresh_bin_set_ticking(bin, FALSE);
        bin->offset = 0;
        ptr4_refresh_bin_report_header_state(bin, PTR4_HEADER_STATE_IDLE);
        ptr4_refresh_bin_report_footer_state(bin, PTR4_FOOTER_STATE_IDLE);
        g_clear_pointer(&bin->child, gtk_widget_unparent);
    }
    if (child) {
        bin->child = child;
        gtk_widget_set_parent(child, GTK_WIDGET(bin));
        // The Swift side comes with the child: from C, Python, JavaScript or GtkBuilder alike.
        if (!bin->adopting) {
            if (GTK_IS_SCROLLED_WINDOW(child))
                ptr4_refresh_bin_swift_attach(bin, child);
            else
                g_warning("Ptr4RefreshBin: the child must be a GtkScrolledWindow, not a %s",
                          G_OBJECT_TYPE_NAME(child));
        }
    }
    g_object_notify_by_pspec(G_OBJECT(bin), child_property);
}

/**
 * ptr4_refresh_bin_get_child:
 * @bin: a #Ptr4RefreshBin
 *
 * Gets #Ptr4RefreshBin:child.
 *
 * Returns: (transfer none) (nullable): the child
 */
GtkWidget *ptr4_refresh_bin_get_child(Ptr4RefreshBin *bin) {
    g_return_val_if_fail(PTR4_IS_REFRESH_BIN(bin), NULL);
    return bin->child;
}

/**
 * ptr4_refresh_bin_begin_refreshing:
 * @bin: a #Ptr4RefreshBin
 *
 * Refreshes as if the user had pulled: at the top the header opens and #Ptr4RefreshBin::refresh
 * follows once it is open; scrolled, the refresh runs in place (nothing on screen moves, its rows
 * go in above the view) and ::refresh follows after the same 0.25 s. While a load runs the
 * refresh is queued. Does nothing while refreshing, or without a child.
 */
void ptr4_refresh_bin_begin_refreshing(Ptr4RefreshBin *bin) {
    g_return_if_fail(PTR4_IS_REFRESH_BIN(bin));
    ptr4_refresh_bin_swift_begin_refreshing(bin);
}

/**
 * ptr4_refresh_bin_end_refreshing:
 * @bin: a #Ptr4RefreshBin
 * @ok: %FALSE if the refresh failed (the header shows an error mark)
 * @inserted_at_top: how many rows the app prepended (they appear above the rows on screen,
 *   which stay put)
 *
 * Ends the refresh; the header collapses. Does nothing unless refreshing.
 */
void ptr4_refresh_bin_end_refreshing(Ptr4RefreshBin *bin, gboolean ok, gint inserted_at_top) {
    g_return_if_fail(PTR4_IS_REFRESH_BIN(bin));
    ptr4_refresh_bin_swift_end_refreshing(bin, ok, PTR_CHECKED_COUNT(inserted_at_top));
}

/**
 * ptr4_refresh_bin_end_loading:
 * @bin: a #Ptr4RefreshBin
 * @added: how many rows the app appended: until the list has laid them out, a gesture at its
 *   end loads nothing more
 * @exhausted: %TRUE if there is nothing more to load (until the next refresh)
 * @ok: %FALSE if the load failed (ptr4_refresh_bin_load_more() retries)
 *
 * Ends the load-more. Does nothing unless loading.
 */
void ptr4_refresh_bin_end_loading(Ptr4RefreshBin *bin, gint added, gboolean exhausted, gboolean ok) {
    g_return_if_fail(PTR4_IS_REFRESH_BIN(bin));
    ptr4_refresh_bin_swift_end_loading(bin, PTR_CHECKED_COUNT(added), exhausted, ok);
}

/**
 * ptr4_refresh_bin_load_more:
 * @bin: a #Ptr4RefreshBin
 *
 * Starts a load-more, or retries a failed one, as a click on the footer does. With the end of
 * the rows in view the footer then eases fully into view; mid-list nothing moves. Does nothing
 * while a refresh or a load runs, after the last load said there is no more, or without a footer.
 */
void ptr4_refresh_bin_load_more(Ptr4RefreshBin *bin) {
    g_return_if_fail(PTR4_IS_REFRESH_BIN(bin));
    ptr4_refresh_bin_swift_load_more(bin);
}

/**
 * ptr4_refresh_bin_get_header_style:
 * @bin: a #Ptr4RefreshBin
 *
 * Gets #Ptr4RefreshBin:header-style.
 *
 * Returns: the header's look
 */
Ptr4HeaderStyle ptr4_refresh_bin_get_header_style(Ptr4RefreshBin *bin) {
    g_return_val_if_fail(PTR4_IS_REFRESH_BIN(bin), PTR4_HEADER_STYLE_JIKE);
    return bin->state.header_style;
}

/**
 * ptr4_refresh_bin_set_header_style:
 * @bin: a #Ptr4RefreshBin
 * @style: the header's look
 *
 * Sets #Ptr4RefreshBin:header-style.
 */
void ptr4_refresh_bin_set_header_style(Ptr4RefreshBin *bin, Ptr4HeaderStyle style) {
    g_return_if_fail(PTR4_IS_REFRESH_BIN(bin));
    g_return_if_fail((guint)style <= PTR4_HEADER_STYLE_PLAIN);
    ptr_refresh_set_setting(G_OBJECT(bin), &refresh_class, &bin->state, PTR_REFRESH_PROP_HEADER_STYLE, style);
}

/**
 * ptr4_refresh_bin_get_footer_mode:
 * @bin: a #Ptr4RefreshBin
 *
 * Gets #Ptr4RefreshBin:footer-mode.
 *
 * Returns: how load-more is triggered
 */
Ptr4FooterMode ptr4_refresh_bin_get_footer_mode(Ptr4RefreshBin *bin) {
    g_return_val_if_fail(PTR4_IS_REFRESH_BIN(bin), PTR4_FOOTER_MODE_AUTO);
    return bin->state.footer_mode;
}

/**
 * ptr4_refresh_bin_set_footer_mode:
 * @bin: a #Ptr4RefreshBin
 * @mode: how load-more is triggered
 *
 * Sets #Ptr4RefreshBin:footer-mode.
 */
void ptr4_refresh_bin_set_footer_mode(Ptr4RefreshBin *bin, Ptr4FooterMode mode) {
    g_return_if_fail(PTR4_IS_REFRESH_BIN(bin));
    g_return_if_fail((guint)mode <= PTR4_FOOTER_MODE_NONE);
    ptr_refresh_set_setting(G_OBJECT(bin), &refresh_class, &bin->state, PTR_REFRESH_PROP_FOOTER_MODE, mode);
}

/**
 * ptr4_refresh_bin_get_refreshing:
 * @bin: a #Ptr4RefreshBin
 *
 * Gets #Ptr4RefreshBin:refreshing.
 *
 * Returns: %TRUE while a refresh runs (#Ptr4RefreshBin:refreshing)
 */
gboolean ptr4_refresh_bin_get_refreshing(Ptr4RefreshBin *bin) {
    g_return_val_if_fail(PTR4_IS_REFRESH_BIN(bin), FALSE);
    return bin->state.header_state == PTR4_HEADER_STATE_REFRESHING;
}

/**
 * ptr4_refresh_bin_get_loading:
 * @bin: a #Ptr4RefreshBin
 *
 * Gets #Ptr4RefreshBin:loading.
 *
 * Returns: %TRUE while a load-more runs (#Ptr4RefreshBin:loading)
 */
gboolean ptr4_refresh_bin_get_loading(Ptr4RefreshBin *bin) {
    g_return_val_if_fail(PTR4_IS_REFRESH_BIN(bin), FALSE);
    return bin->state.footer_state == PTR4_FOOTER_STATE_LOADING;
}

/**
 * ptr4_refresh_bin_get_header_state:
 * @bin: a #Ptr4RefreshBin
 *
 * Gets #Ptr4RefreshBin:header-state.
 *
 * Returns: the header's state
 */
Ptr4HeaderState ptr4_refresh_bin_get_header_state(Ptr4RefreshBin *bin) {
    g_return_val_if_fail(PTR4_IS_REFRESH_BIN(bin), PTR4_HEADER_STATE_IDLE);
    return bin->state.header_state;
}

/**
 * ptr4_refresh_bin_get_footer_state:
 * @bin: a #Ptr4RefreshBin
 *
 * Gets #Ptr4RefreshBin:footer-state.
 *
 * Returns: the footer's state
 */
Ptr4FooterState ptr4_refresh_bin_get_footer_state(Ptr4RefreshBin *bin) {
    g_return_val_if_fail(PTR4_IS_REFRESH_BIN(bin), PTR4_FOOTER_STATE_IDLE);
    return bin->state.footer_state;
}

/**
 * ptr4_refresh_bin_get_last_updated:
 * @bin: a #Ptr4RefreshBin
 *
 * Gets #Ptr4RefreshBin:last-updated.
 *
 * Returns: (transfer none) (nullable): when the last successful refresh ended, or %NULL
 */
GDateTime *ptr4_refresh_bin_get_last_updated(Ptr4RefreshBin *bin) {
    g_return_val_if_fail(PTR4_IS_REFRESH_BIN(bin), NULL);
    return bin->state.last_updated;
}

/**
 * ptr4_refresh_bin_set_last_updated:
 * @bin: a #Ptr4RefreshBin
 * @last_updated: (nullable) (transfer none): when the data was last refreshed, or %NULL
 *
 * Sets #Ptr4RefreshBin:last-updated, e.g. to the time of the last refresh in a previous run.
 */
void ptr4_refresh_bin_set_last_updated(Ptr4RefreshBin *bin, GDateTime *last_updated) {
    g_return_if_fail(PTR4_IS_REFRESH_BIN(bin));
    ptr_refresh_set_last_updated(G_OBJECT(bin), &refresh_class, &bin->state, last_updated);
}

/* ---- Private (CGtk4Shim.h): what the Swift side reports and sets ---- */

void ptr4_refresh_bin_report_header_state(Ptr4RefreshBin *self, Ptr4HeaderState state) {
    g_return_if_fail(PTR4_IS_REFRESH_BIN(self));
    ptr_refresh_report_state(G_OBJECT(self), &refresh_class, &self->state, PTR_REFRESH_PROP_HEADER_STATE, state);
}

void ptr4_refresh_bin_report_footer_state(Ptr4RefreshBin *self, Ptr4FooterState state) {
    g_return_if_fail(PTR4_IS_REFRESH_BIN(self));
    ptr_refresh_report_state(G_OBJECT(self), &refresh_class, &self->state, PTR_REFRESH_PROP_FOOTER_STATE, state);
}

void ptr4_refresh_bin_emit_refresh(Ptr4RefreshBin *self) {
    g_return_if_fail(PTR4_IS_REFRESH_BIN(self));
    ptr_refresh_emit(G_OBJECT(self), &refresh_class, PTR_REFRESH_SIGNAL_REFRESH);
}

void ptr4_refresh_bin_emit_load_more(Ptr4RefreshBin *self) {
    g_return_if_fail(PTR4_IS_REFRESH_BIN(self));
    ptr_refresh_emit(G_OBJECT(self), &refresh_class, PTR_REFRESH_SIGNAL_LOAD_MORE);
}

gboolean ptr4_refresh_bin_has_handler(Ptr4RefreshBin *self, gboolean load_more) {
    g_return_val_if_fail(PTR4_IS_REFRESH_BIN(self), FALSE);
    return ptr_refresh_has_handler(G_OBJECT(self), &refresh_class, load_more);
}

void ptr4_refresh_bin_report_last_updated(Ptr4RefreshBin *self, gboolean has_value, gdouble unix_seconds) {
    g_return_if_fail(PTR4_IS_REFRESH_BIN(self));
    ptr_refresh_report_last_updated(G_OBJECT(self), &refresh_class, &self->state, has_value, unix_seconds);
}

void ptr4_refresh_bin_set_adopting(Ptr4RefreshBin *self, gboolean adopting) {
    g_return_if_fail(PTR4_IS_REFRESH_BIN(self));
    self->adopting = adopting;
}

void ptr4_refresh_bin_set_child_offset(Ptr4RefreshBin *self, double offset) {
    g_return_if_fail(PTR4_IS_REFRESH_BIN(self));
    if (self->offset == offset) return;
    self->offset = offset;
    gtk_widget_queue_allocate(GTK_WIDGET(self));
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

double ptr4_refresh_bin_get_child_offset(Ptr4RefreshBin *self) {
    g_return_val_if_fail(PTR4_IS_REFRESH_BIN(self), 0);
    return self->offset;
}

void ptr4_refresh_bin_set_hooks(Ptr4RefreshBin *self, const Ptr4RefreshBinHooks *hooks, gpointer data,
                                GDestroyNotify notify) {
    g_return_if_fail(PTR4_IS_REFRESH_BIN(self));
    clear_hooks(self);
    if (hooks) self->hooks = *hooks;
    self->hooks_data = data;
    self->hooks_notify = notify;
}

static gboolean on_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)data;
    Ptr4RefreshBin *self = PTR4_REFRESH_BIN(widget);
    if (self->hooks.tick) self->hooks.tick(self->hooks_data, gdk_frame_clock_get_frame_time(clock));
    return G_SOURCE_CONTINUE;
}

void ptr4_refresh_bin_set_ticking(Ptr4RefreshBin *self, gboolean ticking) {
    g_return_if_fail(PTR4_IS_REFRESH_BIN(self));
    if (ticking && !self->tick_id) {
        self->tick_id = gtk_widget_add_tick_callback(GTK_WIDGET(self), on_tick, NULL, NULL);
    } else if (!ticking && self->tick_id) {
        gtk_widget_remove_tick_callback(GTK_WIDGET(self), self->tick_id);
        self->tick_id = 0;
    }
}

gboolean ptr4_refresh_bin_get_ticking(Ptr4RefreshBin *self) {
    g_return_val_if_fail(PTR4_IS_REFRESH_BIN(self), FALSE);
    return self->tick_id != 0;
}
