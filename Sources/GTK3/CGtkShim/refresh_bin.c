#include "CGtkShim.h"
#include "area_private.h"
#include "refresh_bin_swift.h"
#include "ptr_refresh_gobject.h"

/*
 * PtrRefreshBin: a GtkBin that gives any child (an app's GtkScrolledWindow) pull-to-refresh
 * room. It has two GdkWindows, like GtkViewport: its own window (the clip, where the header
 * and footer are drawn) and a child window holding the child. Pulling moves the child window
 * (gdk_window_move), so the child is never re-allocated while the content follows the finger.
 * Everything else (what to draw, by how much to move) is decided in Swift
 * (docs/architecture.md, "Hosts").
 *
 * It is also the public GObject (docs/gobject-api.md): properties, signals and methods live
 * here, the behaviour in the Swift controller that adding a GtkScrolledWindow creates
 * (refresh_bin_swift.h). The properties are kept here, not in Swift, because GtkBuilder and
 * g_object_new set them before the child (and so the controller) exists.
 */
struct _PtrRefreshBin {
    GtkBin parent_instance;
    GdkWindow *child_window;
    gint child_offset;                /* the child window's y in the bin, in logical px */
    PtrRefreshBinDraw draw_callback;  /* the decorations, over the bin's own window */
    gpointer draw_data;
    GDestroyNotify draw_notify;
    PtrRefreshState state;           /* the GObject state (ptr_refresh_gobject.h) */
    gboolean adopting;               /* the Swift API is creating the controller itself */
};

/* Every property and signal is shared with the GTK 4 bin (ptr_refresh_gobject.h). */
static PtrRefreshClass refresh_class;
G_STATIC_ASSERT(PTR_HEADER_STATE_REFRESHING == PTR_REFRESH_HEADER_STATE_REFRESHING);
G_STATIC_ASSERT(PTR_FOOTER_STATE_LOADING == PTR_REFRESH_FOOTER_STATE_LOADING);

/**
 * PtrRefreshBin:
 *
 * A [class@Gtk.Bin] that gives the [class@Gtk.ScrolledWindow] put in it pull-to-refresh and
 * load-more.
 *
 * Pulled down at its top, the list emits [signal@Ptr.RefreshBin::refresh]; the app fetches, then
 * calls [method@Ptr.RefreshBin.end_refreshing]. At its end it emits
 * [signal@Ptr.RefreshBin::load-more], answered by [method@Ptr.RefreshBin.end_loading]. With no
 * handler connected a refresh ends at once as a success, a load as exhausted (to have no footer
 * at all, set [property@Ptr.RefreshBin:footer-mode] to %PTR_FOOTER_MODE_NONE).
 *
 * The child must be a [class@Gtk.ScrolledWindow] (a tree view, list box, text view, … in it); any
 * other widget is shown, with a warning in the `Ptr` log domain, and gets no pull-to-refresh. A
 * child that already has a parent is refused, as [method@Gtk.Container.add] refuses it. The bin
 * switches the scrolled window's kinetic scrolling off and draws the header and footer in the
 * gaps it opens above and below it.
 *
 * The order is fixed: a state change notifies [property@Ptr.RefreshBin:header-state] (with
 * [property@Ptr.RefreshBin:refreshing] when a refresh starts or ends), then emits
 * [signal@Ptr.RefreshBin::header-state-changed]; ::refresh follows the change to
 * %PTR_HEADER_STATE_REFRESHING. A pull goes `pulling`, `armed`, `refreshing`, ::refresh; a
 * successful end `finishing`, `notify::last-updated`, `idle`; a failed one `failed`,
 * `finishing`, `idle`. The footer is the same with its own properties and ::load-more.
 *
 * Wrong calls get what GTK gives them: an out-of-range enum fails a g_return_if_fail() (a
 * critical in the `Ptr` domain) and leaves the value as it was; a negative row count logs a
 * critical and counts as 0, so that the refresh or load still ends.
 *
 * Tab goes through the child's own focus chain, then stops on the footer while it offers load more
 * or a retry (the bin itself is then the focus widget, and Enter or Space runs it), then out;
 * Shift+Tab reverses.
 *
 * The bin is its own accessible object, a panel named "Pull-to-refresh list" whose description is
 * the refresh status, busy while refreshing, with the actions `refresh`, `load-more` and `retry`.
 * Destroying it releases everything its controller connected; a refresh or load still running is
 * dropped, and later calls on the destroyed bin do nothing.
 */
G_DEFINE_TYPE(PtrRefreshBin, ptr_refresh_bin, GTK_TYPE_BIN)

PTR_REFRESH_DEFINE_ENUM(ptr_header_style_get_type, "PtrHeaderStyle", PTR_REFRESH_HEADER_STYLE_VALUES(PTR))
PTR_REFRESH_DEFINE_ENUM(ptr_footer_mode_get_type, "PtrFooterMode", PTR_REFRESH_FOOTER_MODE_VALUES(PTR))
PTR_REFRESH_DEFINE_ENUM(ptr_header_state_get_type, "PtrHeaderState", PTR_REFRESH_HEADER_STATE_VALUES(PTR))
PTR_REFRESH_DEFINE_ENUM(ptr_footer_state_get_type, "PtrFooterState", PTR_REFRESH_FOOTER_STATE_VALUES(PTR))

static void release_draw_callback(PtrRefreshBin *self) {
    gpointer data = self->draw_data;
    GDestroyNotify notify = self->draw_notify;
    self->draw_callback = NULL;
    self->draw_data = NULL;
    self->draw_notify = NULL;
    if (notify != NULL && data != NULL)
        notify(data);
}

static void ptr_refresh_bin_dispose(GObject *object) {
    /* The Swift side is gone (or going): never call it again. */
    release_draw_callback(PTR_REFRESH_BIN(object));
    G_OBJECT_CLASS(ptr_refresh_bin_parent_class)->dispose(object);
}

static void ptr_refresh_bin_finalize(GObject *object) {
    ptr_refresh_state_clear(&PTR_REFRESH_BIN(object)->state);
    G_OBJECT_CLASS(ptr_refresh_bin_parent_class)->finalize(object);
}

static void ptr_refresh_bin_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    if (!ptr_refresh_get_property(&refresh_class, &PTR_REFRESH_BIN(object)->state, id, value))
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
}

static void ptr_refresh_bin_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec) {
    if (!ptr_refresh_set_property(object, &refresh_class, &PTR_REFRESH_BIN(object)->state, id, value))
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
}

static void apply_to_swift(GObject *object) { ptr_refresh_bin_swift_apply(PTR_REFRESH_BIN(object)); }

static const gint event_mask = GDK_EXPOSURE_MASK | GDK_SCROLL_MASK | GDK_SMOOTH_SCROLL_MASK |
                               GDK_BUTTON_PRESS_MASK | GDK_BUTTON_RELEASE_MASK | GDK_POINTER_MOTION_MASK |
                               GDK_TOUCH_MASK | GDK_KEY_PRESS_MASK | GDK_ENTER_NOTIFY_MASK |
                               GDK_LEAVE_NOTIFY_MASK;

static void ptr_refresh_bin_realize(GtkWidget *widget) {
    PtrRefreshBin *self = PTR_REFRESH_BIN(widget);
    GtkAllocation allocation;
    gtk_widget_get_allocation(widget, &allocation);
    gtk_widget_set_realized(widget, TRUE);

    GdkWindowAttr attributes = {0};
    attributes.window_type = GDK_WINDOW_CHILD;
    attributes.wclass = GDK_INPUT_OUTPUT;
    attributes.visual = gtk_widget_get_visual(widget);
    attributes.x = allocation.x;
    attributes.y = allocation.y;
    attributes.width = allocation.width;
    attributes.height = allocation.height;
    attributes.event_mask = gtk_widget_get_events(widget) | event_mask;
    gint mask = GDK_WA_X | GDK_WA_Y | GDK_WA_VISUAL;
    GdkWindow *window = gdk_window_new(gtk_widget_get_parent_window(widget), &attributes, mask);
    gtk_widget_set_window(widget, window);
    gtk_widget_register_window(widget, window);

    attributes.x = 0;
    attributes.y = self->child_offset;
    self->child_window = gdk_window_new(window, &attributes, mask);
    gtk_widget_register_window(widget, self->child_window);
    gdk_window_show(self->child_window);

    GtkWidget *child = gtk_bin_get_child(GTK_BIN(widget));
    if (child != NULL)
        gtk_widget_set_parent_window(child, self->child_window);
}

static void ptr_refresh_bin_unrealize(GtkWidget *widget) {
    PtrRefreshBin *self = PTR_REFRESH_BIN(widget);
    if (self->child_window != NULL) {
        gtk_widget_unregister_window(widget, self->child_window);
        gdk_window_destroy(self->child_window);
        self->child_window = NULL;
    }
    GTK_WIDGET_CLASS(ptr_refresh_bin_parent_class)->unrealize(widget);
}

static void ptr_refresh_bin_size_allocate(GtkWidget *widget, GtkAllocation *allocation) {
    PtrRefreshBin *self = PTR_REFRESH_BIN(widget);
    gtk_widget_set_allocation(widget, allocation);
    if (gtk_widget_get_realized(widget)) {
        gdk_window_move_resize(gtk_widget_get_window(widget), allocation->x, allocation->y, allocation->width,
                               allocation->height);
        gdk_window_move_resize(self->child_window, 0, self->child_offset, allocation->width, allocation->height);
    }
    GtkWidget *child = gtk_bin_get_child(GTK_BIN(widget));
    if (child != NULL && gtk_widget_get_visible(child)) {
        /* In the child window's coordinates: the child fills the bin; pulling moves the window. */
        GtkAllocation inner = {0, 0, allocation->width, allocation->height};
        gtk_widget_size_allocate(child, &inner);
    }
}

static void ptr_refresh_bin_get_preferred_width(GtkWidget *widget, gint *minimum, gint *natural) {
    GtkWidget *child = gtk_bin_get_child(GTK_BIN(widget));
    *minimum = *natural = 0;
    if (child != NULL && gtk_widget_get_visible(child))
        gtk_widget_get_preferred_width(child, minimum, natural);
}

static void ptr_refresh_bin_get_preferred_height(GtkWidget *widget, gint *minimum, gint *natural) {
    GtkWidget *child = gtk_bin_get_child(GTK_BIN(widget));
    *minimum = *natural = 0;
    if (child != NULL && gtk_widget_get_visible(child))
        gtk_widget_get_preferred_height(child, minimum, natural);
}

static gboolean ptr_refresh_bin_draw(GtkWidget *widget, cairo_t *cr) {
    PtrRefreshBin *self = PTR_REFRESH_BIN(widget);
    if (gtk_cairo_should_draw_window(cr, gtk_widget_get_window(widget))) {
        gint width = gtk_widget_get_allocated_width(widget), height = gtk_widget_get_allocated_height(widget);
        gtk_render_background(gtk_widget_get_style_context(widget), cr, 0, 0, width, height);
        if (self->draw_callback != NULL)
            self->draw_callback(widget, cr, width, height, self->draw_data);
    }
    if (self->child_window != NULL && gtk_cairo_should_draw_window(cr, self->child_window))
        GTK_WIDGET_CLASS(ptr_refresh_bin_parent_class)->draw(widget, cr);
    return FALSE;
}

/* Tab and Shift+Tab (docs/behaviour.md, "Keyboard and accessibility"): the child's own focus
 * chain, then the footer while it offers load more or a retry, then out, as the engine says. The
 * footer's stop is the bin itself (can-focus), so the bin never chains up to GtkContainer's focus,
 * which would take a focusable container as one stop and skip its child; other directions only
 * move through the child. */
static gboolean ptr_refresh_bin_focus(GtkWidget *widget, GtkDirectionType direction) {
    PtrRefreshBin *self = PTR_REFRESH_BIN(widget);
    GtkWidget *child = gtk_bin_get_child(GTK_BIN(widget));
    gboolean on_footer = gtk_widget_has_focus(widget);
    /* The bin's focus child is left set while the bin itself has the focus: the footer comes first. */
    gboolean in_rows = !on_footer && gtk_container_get_focus_child(GTK_CONTAINER(widget)) != NULL;
    gboolean forward = direction == GTK_DIR_TAB_FORWARD;
    if (!forward && direction != GTK_DIR_TAB_BACKWARD)
        return child != NULL && !on_footer && gtk_widget_child_focus(child, direction);
    if (in_rows && gtk_widget_child_focus(child, direction))
        return TRUE;
    PtrBinFocus from = on_footer ? PTR_BIN_FOCUS_FOOTER : in_rows ? PTR_BIN_FOCUS_ROWS : PTR_BIN_FOCUS_OUT;
    PtrBinFocus next = ptr_refresh_bin_swift_tab(self, from, forward);
    if (next == PTR_BIN_FOCUS_NONE)  /* no controller: the child's chain alone */
        return child != NULL && !in_rows && gtk_widget_child_focus(child, direction);
    if (next == PTR_BIN_FOCUS_ROWS && child != NULL && gtk_widget_child_focus(child, direction))
        return TRUE;
    /* Rows with nothing to focus, entering forward: the footer may still be the next stop. */
    if (next == PTR_BIN_FOCUS_ROWS && from == PTR_BIN_FOCUS_OUT && forward)
        next = ptr_refresh_bin_swift_tab(self, PTR_BIN_FOCUS_ROWS, forward);
    if (next != PTR_BIN_FOCUS_FOOTER)
        return FALSE;
    gtk_widget_grab_focus(widget);
    return TRUE;
}

static void ptr_refresh_bin_add(GtkContainer *container, GtkWidget *child) {
    PtrRefreshBin *self = PTR_REFRESH_BIN(container);
    if (self->child_window != NULL)
        gtk_widget_set_parent_window(child, self->child_window);
    GTK_CONTAINER_CLASS(ptr_refresh_bin_parent_class)->add(container, child);
    /* The controller comes with the child: from C, Python or GtkBuilder alike. */
    if (self->adopting || gtk_bin_get_child(GTK_BIN(container)) != child)
        return;
    if (!GTK_IS_SCROLLED_WINDOW(child))
        g_warning("PtrRefreshBin: the child must be a GtkScrolledWindow, not a %s", G_OBJECT_TYPE_NAME(child));
    else
        ptr_refresh_bin_swift_attach(self, child);
}

static void ptr_refresh_bin_remove(GtkContainer *container, GtkWidget *child) {
    /* Also reached from gtk_widget_destroy (the container destroys its child): the controller
     * goes before the child, so nothing it connected to the child outlives it. */
    PtrRefreshBin *self = PTR_REFRESH_BIN(container);
    if (gtk_bin_get_child(GTK_BIN(container)) == child) {
        ptr_refresh_bin_swift_detach(self);
        /* The refresh or load that went with the child can no longer be shown: it ends, notified
         * (the app's later end_refreshing is a no-op), as when GTK 4's child is replaced. */
        ptr_refresh_bin_report_header_state(self, PTR_HEADER_STATE_IDLE);
        ptr_refresh_bin_report_footer_state(self, PTR_FOOTER_STATE_IDLE);
    }
    GTK_CONTAINER_CLASS(ptr_refresh_bin_parent_class)->remove(container, child);
}

static void ptr_refresh_bin_class_init(PtrRefreshBinClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    GtkContainerClass *container_class = GTK_CONTAINER_CLASS(klass);
    object_class->dispose = ptr_refresh_bin_dispose;
    object_class->finalize = ptr_refresh_bin_finalize;
    object_class->get_property = ptr_refresh_bin_get_property;
    object_class->set_property = ptr_refresh_bin_set_property;
    widget_class->realize = ptr_refresh_bin_realize;
    widget_class->unrealize = ptr_refresh_bin_unrealize;
    widget_class->size_allocate = ptr_refresh_bin_size_allocate;
    widget_class->get_preferred_width = ptr_refresh_bin_get_preferred_width;
    widget_class->get_preferred_height = ptr_refresh_bin_get_preferred_height;
    widget_class->draw = ptr_refresh_bin_draw;
    widget_class->focus = ptr_refresh_bin_focus;
    container_class->add = ptr_refresh_bin_add;
    container_class->remove = ptr_refresh_bin_remove;
    gtk_widget_class_set_css_name(widget_class, "refreshbin");
    /* A panel carrying the refresh status and actions, with the app's widgets as its children
     * (accessible_bin.c). */
    gtk_widget_class_set_accessible_type(widget_class, ptr_bin_accessible_get_type());

    /**
     * PtrRefreshBin:header-style:
     *
     * The header's look; settable at any time (a held header keeps its place).
     */
    /**
     * PtrRefreshBin:footer-mode:
     *
     * How load-more is triggered.
     */
    /**
     * PtrRefreshBin:refreshing:
     *
     * %TRUE while the header is held open for a refresh, from just before #PtrRefreshBin::refresh
     * until ptr_refresh_bin_end_refreshing().
     */
    /**
     * PtrRefreshBin:loading:
     *
     * %TRUE while a load-more runs, from just before #PtrRefreshBin::load-more until
     * ptr_refresh_bin_end_loading().
     */
    /**
     * PtrRefreshBin:header-state:
     *
     * The header's state (also reported by #PtrRefreshBin::header-state-changed).
     */
    /**
     * PtrRefreshBin:footer-state:
     *
     * The footer's state (also reported by #PtrRefreshBin::footer-state-changed).
     */
    /**
     * PtrRefreshBin:last-updated:
     *
     * When the last successful refresh ended (wall-clock time), shown by the classic header as
     * "Last updated: …"; %NULL until then. An app may restore it from a previous run.
     */

    /**
     * PtrRefreshBin::refresh:
     * @bin: the bin
     *
     * Emitted once per refresh, when the header has settled open (begun mid-list: after 0.25 s).
     * Fetch, update the model, then call ptr_refresh_bin_end_refreshing() (from the handler or later).
     */
    /**
     * PtrRefreshBin::load-more:
     * @bin: the bin
     *
     * Emitted once per load-more. Append rows, then call ptr_refresh_bin_end_loading().
     */
    /**
     * PtrRefreshBin::header-state-changed:
     * @bin: the bin
     * @state: the new state
     *
     * Every change of the header's state.
     */
    /**
     * PtrRefreshBin::footer-state-changed:
     * @bin: the bin
     * @state: the new state
     *
     * Every change of the footer's state.
     */
    /* The doc comments above are g-ir-scanner's; the properties and signals are installed with
     * the other bin's, in one place. */
    ptr_refresh_class_install(object_class, &refresh_class, 1,
                              (PtrRefreshTypes){PTR_TYPE_HEADER_STYLE, PTR_TYPE_FOOTER_MODE, PTR_TYPE_HEADER_STATE,
                                                PTR_TYPE_FOOTER_STATE},
                              apply_to_swift);
}

static void ptr_refresh_bin_init(PtrRefreshBin *self) {
    gtk_widget_set_has_window(GTK_WIDGET(self), TRUE);
    /* The footer's focus stop (ptr_refresh_bin_focus decides when it is one). */
    gtk_widget_set_can_focus(GTK_WIDGET(self), TRUE);
    /* The gap behind a pulled list shows the list's own background ("view"), as if the
     * content area grew. */
    gtk_style_context_add_class(gtk_widget_get_style_context(GTK_WIDGET(self)), GTK_STYLE_CLASS_VIEW);
}

/**
 * ptr_refresh_bin_new:
 *
 * Creates a bin. Add a #GtkScrolledWindow to it (gtk_container_add()) to give that window
 * pull-to-refresh and load-more; the bin then owns the controller that drives it.
 *
 * Returns: a new #PtrRefreshBin
 */
GtkWidget *ptr_refresh_bin_new(void) {
    return g_object_new(PTR_TYPE_REFRESH_BIN, NULL);
}

/**
 * ptr_refresh_bin_begin_refreshing:
 * @bin: a #PtrRefreshBin
 *
 * Refreshes as if the user had pulled: at the top the header opens and #PtrRefreshBin::refresh
 * follows once it is open; scrolled, the refresh runs in place (nothing on screen moves, its rows
 * go in above the view) and ::refresh follows after the same 0.25 s. Does nothing while
 * refreshing or loading, or without a child.
 */
void ptr_refresh_bin_begin_refreshing(PtrRefreshBin *bin) {
    g_return_if_fail(PTR_IS_REFRESH_BIN(bin));
    ptr_refresh_bin_swift_begin_refreshing(bin);
}

/**
 * ptr_refresh_bin_end_refreshing:
 * @bin: a #PtrRefreshBin
 * @ok: %FALSE if the refresh failed (the header shows an error mark)
 * @inserted_at_top: how many rows the app prepended (they appear above the rows on screen,
 *   which stay put)
 *
 * Ends the refresh; the header collapses. Does nothing unless refreshing.
 */
void ptr_refresh_bin_end_refreshing(PtrRefreshBin *bin, gboolean ok, gint inserted_at_top) {
    g_return_if_fail(PTR_IS_REFRESH_BIN(bin));
    ptr_refresh_bin_swift_end_refreshing(bin, ok, PTR_CHECKED_COUNT(inserted_at_top));
}

/**
 * ptr_refresh_bin_end_loading:
 * @bin: a #PtrRefreshBin
 * @added: how many rows the app appended: until the list has laid them out, a gesture at its
 *   end loads nothing more
 * @exhausted: %TRUE if there is nothing more to load (the footer says so until the next refresh)
 * @ok: %FALSE if the load failed (the footer offers a retry)
 *
 * Ends the load-more. Does nothing unless loading.
 */
void ptr_refresh_bin_end_loading(PtrRefreshBin *bin, gint added, gboolean exhausted, gboolean ok) {
    g_return_if_fail(PTR_IS_REFRESH_BIN(bin));
    ptr_refresh_bin_swift_end_loading(bin, PTR_CHECKED_COUNT(added), exhausted, ok);
}

/**
 * ptr_refresh_bin_load_more:
 * @bin: a #PtrRefreshBin
 *
 * Starts a load-more, or retries a failed one, as a click on the footer does. With the end of
 * the rows in view the footer then eases fully into view; mid-list nothing moves. Does nothing
 * while a refresh or a load runs, after the last load said there is no more, or without a footer.
 */
void ptr_refresh_bin_load_more(PtrRefreshBin *bin) {
    g_return_if_fail(PTR_IS_REFRESH_BIN(bin));
    ptr_refresh_bin_swift_load_more(bin);
}

/**
 * ptr_refresh_bin_get_header_style:
 * @bin: a #PtrRefreshBin
 *
 * Gets #PtrRefreshBin:header-style.
 *
 * Returns: the header's look
 */
PtrHeaderStyle ptr_refresh_bin_get_header_style(PtrRefreshBin *bin) {
    g_return_val_if_fail(PTR_IS_REFRESH_BIN(bin), PTR_HEADER_STYLE_JIKE);
    return bin->state.header_style;
}

/**
 * ptr_refresh_bin_set_header_style:
 * @bin: a #PtrRefreshBin
 * @style: the header's look
 *
 * Sets #PtrRefreshBin:header-style.
 */
void ptr_refresh_bin_set_header_style(PtrRefreshBin *bin, PtrHeaderStyle style) {
    g_return_if_fail(PTR_IS_REFRESH_BIN(bin));
    g_return_if_fail((guint)style <= PTR_HEADER_STYLE_PLAIN);
    ptr_refresh_set_setting(G_OBJECT(bin), &refresh_class, &bin->state, PTR_REFRESH_PROP_HEADER_STYLE, style);
}

/**
 * ptr_refresh_bin_get_footer_mode:
 * @bin: a #PtrRefreshBin
 *
 * Gets #PtrRefreshBin:footer-mode.
 *
 * Returns: how load-more is triggered
 */
PtrFooterMode ptr_refresh_bin_get_footer_mode(PtrRefreshBin *bin) {
    g_return_val_if_fail(PTR_IS_REFRESH_BIN(bin), PTR_FOOTER_MODE_AUTO);
    return bin->state.footer_mode;
}

/**
 * ptr_refresh_bin_set_footer_mode:
 * @bin: a #PtrRefreshBin
 * @mode: how load-more is triggered
 *
 * Sets #PtrRefreshBin:footer-mode.
 */
void ptr_refresh_bin_set_footer_mode(PtrRefreshBin *bin, PtrFooterMode mode) {
    g_return_if_fail(PTR_IS_REFRESH_BIN(bin));
    g_return_if_fail((guint)mode <= PTR_FOOTER_MODE_NONE);
    ptr_refresh_set_setting(G_OBJECT(bin), &refresh_class, &bin->state, PTR_REFRESH_PROP_FOOTER_MODE, mode);
}

/**
 * ptr_refresh_bin_get_refreshing:
 * @bin: a #PtrRefreshBin
 *
 * Gets #PtrRefreshBin:refreshing.
 *
 * Returns: %TRUE while a refresh runs (#PtrRefreshBin:refreshing)
 */
gboolean ptr_refresh_bin_get_refreshing(PtrRefreshBin *bin) {
    g_return_val_if_fail(PTR_IS_REFRESH_BIN(bin), FALSE);
    return bin->state.header_state == PTR_HEADER_STATE_REFRESHING;
}

/**
 * ptr_refresh_bin_get_loading:
 * @bin: a #PtrRefreshBin
 *
 * Gets #PtrRefreshBin:loading.
 *
 * Returns: %TRUE while a load-more runs (#PtrRefreshBin:loading)
 */
gboolean ptr_refresh_bin_get_loading(PtrRefreshBin *bin) {
    g_return_val_if_fail(PTR_IS_REFRESH_BIN(bin), FALSE);
    return bin->state.footer_state == PTR_FOOTER_STATE_LOADING;
}

/**
 * ptr_refresh_bin_get_header_state:
 * @bin: a #PtrRefreshBin
 *
 * Gets #PtrRefreshBin:header-state.
 *
 * Returns: the header's state
 */
PtrHeaderState ptr_refresh_bin_get_header_state(PtrRefreshBin *bin) {
    g_return_val_if_fail(PTR_IS_REFRESH_BIN(bin), PTR_HEADER_STATE_IDLE);
    return bin->state.header_state;
}

/**
 * ptr_refresh_bin_get_footer_state:
 * @bin: a #PtrRefreshBin
 *
 * Gets #PtrRefreshBin:footer-state.
 *
 * Returns: the footer's state
 */
PtrFooterState ptr_refresh_bin_get_footer_state(PtrRefreshBin *bin) {
    g_return_val_if_fail(PTR_IS_REFRESH_BIN(bin), PTR_FOOTER_STATE_IDLE);
    return bin->state.footer_state;
}

/**
 * ptr_refresh_bin_get_last_updated:
 * @bin: a #PtrRefreshBin
 *
 * Gets #PtrRefreshBin:last-updated.
 *
 * Returns: (transfer none) (nullable): when the last successful refresh ended, or %NULL
 */
GDateTime *ptr_refresh_bin_get_last_updated(PtrRefreshBin *bin) {
    g_return_val_if_fail(PTR_IS_REFRESH_BIN(bin), NULL);
    return bin->state.last_updated;
}

/**
 * ptr_refresh_bin_set_last_updated:
 * @bin: a #PtrRefreshBin
 * @last_updated: (nullable) (transfer none): when the data was last refreshed, or %NULL
 *
 * Sets #PtrRefreshBin:last-updated, e.g. to the time of the last refresh in a previous run.
 */
void ptr_refresh_bin_set_last_updated(PtrRefreshBin *bin, GDateTime *last_updated) {
    g_return_if_fail(PTR_IS_REFRESH_BIN(bin));
    ptr_refresh_set_last_updated(G_OBJECT(bin), &refresh_class, &bin->state, last_updated);
}

/* ---- What the Swift controller reports (CGtkShim.h) ---- */

void ptr_refresh_bin_report_header_state(PtrRefreshBin *bin, PtrHeaderState state) {
    g_return_if_fail(PTR_IS_REFRESH_BIN(bin));
    ptr_refresh_report_state(G_OBJECT(bin), &refresh_class, &bin->state, PTR_REFRESH_PROP_HEADER_STATE, state);
}

void ptr_refresh_bin_report_footer_state(PtrRefreshBin *bin, PtrFooterState state) {
    g_return_if_fail(PTR_IS_REFRESH_BIN(bin));
    ptr_refresh_report_state(G_OBJECT(bin), &refresh_class, &bin->state, PTR_REFRESH_PROP_FOOTER_STATE, state);
}

void ptr_refresh_bin_emit_refresh(PtrRefreshBin *bin) {
    g_return_if_fail(PTR_IS_REFRESH_BIN(bin));
    ptr_refresh_emit(G_OBJECT(bin), &refresh_class, PTR_REFRESH_SIGNAL_REFRESH);
}

void ptr_refresh_bin_emit_load_more(PtrRefreshBin *bin) {
    g_return_if_fail(PTR_IS_REFRESH_BIN(bin));
    ptr_refresh_emit(G_OBJECT(bin), &refresh_class, PTR_REFRESH_SIGNAL_LOAD_MORE);
}

gboolean ptr_refresh_bin_has_handler(PtrRefreshBin *bin, gboolean load_more) {
    g_return_val_if_fail(PTR_IS_REFRESH_BIN(bin), FALSE);
    return ptr_refresh_has_handler(G_OBJECT(bin), &refresh_class, load_more);
}

void ptr_refresh_bin_report_last_updated(PtrRefreshBin *bin, gboolean has_value, gdouble unix_seconds) {
    g_return_if_fail(PTR_IS_REFRESH_BIN(bin));
    ptr_refresh_report_last_updated(G_OBJECT(bin), &refresh_class, &bin->state, has_value, unix_seconds);
}

void ptr_refresh_bin_set_adopting(PtrRefreshBin *bin, gboolean adopting) {
    g_return_if_fail(PTR_IS_REFRESH_BIN(bin));
    bin->adopting = adopting;
}

void ptr_refresh_bin_set_child_offset(PtrRefreshBin *self, gint offset) {
    g_return_if_fail(PTR_IS_REFRESH_BIN(self));
    if (self->child_offset == offset)
        return;
    gint old = self->child_offset;
    self->child_offset = offset;
    if (self->child_window == NULL)
        return;
    GtkWidget *widget = GTK_WIDGET(self);
    gint width = gtk_widget_get_allocated_width(widget), height = gtk_widget_get_allocated_height(widget);
    gdk_window_move(self->child_window, 0, offset);
    /* Only the strips the child uncovered or covered need our own drawing; GDK redraws the child. */
    GdkRectangle top = {0, 0, width, MAX(MAX(old, offset), 0)};
    GdkRectangle bottom = {0, height + MIN(MIN(old, offset), 0), width, -MIN(MIN(old, offset), 0)};
    if (top.height > 0)
        gdk_window_invalidate_rect(gtk_widget_get_window(widget), &top, FALSE);
    if (bottom.height > 0)
        gdk_window_invalidate_rect(gtk_widget_get_window(widget), &bottom, FALSE);
}

gint ptr_refresh_bin_get_child_offset(PtrRefreshBin *self) {
    g_return_val_if_fail(PTR_IS_REFRESH_BIN(self), 0);
    return self->child_offset;
}

void ptr_refresh_bin_set_draw_callback(PtrRefreshBin *self, PtrRefreshBinDraw callback, gpointer user_data,
                                       GDestroyNotify notify) {
    g_return_if_fail(PTR_IS_REFRESH_BIN(self));
    release_draw_callback(self);
    self->draw_callback = callback;
    self->draw_data = user_data;
    self->draw_notify = notify;
}

void ptr_refresh_bin_queue_draw_decorations(PtrRefreshBin *self, gint top, gint bottom) {
    g_return_if_fail(PTR_IS_REFRESH_BIN(self));
    GdkWindow *window = gtk_widget_get_window(GTK_WIDGET(self));
    if (window == NULL || !gtk_widget_get_realized(GTK_WIDGET(self)))
        return;
    gint width = gtk_widget_get_allocated_width(GTK_WIDGET(self));
    gint height = gtk_widget_get_allocated_height(GTK_WIDGET(self));
    /* FALSE: the child window is not repainted for a change that only touches the gaps. */
    if (top > 0) {
        GdkRectangle rect = {0, 0, width, top};
        gdk_window_invalidate_rect(window, &rect, FALSE);
    }
    if (bottom > 0) {
        GdkRectangle rect = {0, height - bottom, width, bottom};
        gdk_window_invalidate_rect(window, &rect, FALSE);
    }
}
