#include "CGtkShim.h"

/*
 * PtrRefreshBin: a GtkBin that gives any child (an app's GtkScrolledWindow) pull-to-refresh
 * room. It has two GdkWindows, like GtkViewport: its own window (the clip, where the header
 * and footer are drawn) and a child window holding the child. Pulling moves the child window
 * (gdk_window_move), so the child is never re-allocated while the content follows the finger.
 * Everything else (what to draw, by how much to move) is decided in Swift
 * (docs/architecture.md, "Hosts").
 */
struct _PtrRefreshBin {
    GtkBin parent_instance;
    GdkWindow *child_window;
    gint child_offset;                /* the child window's y in the bin, in logical px */
    PtrRefreshBinDraw draw_callback;  /* the decorations, over the bin's own window */
    gpointer draw_data;
    GDestroyNotify draw_notify;
};

G_DEFINE_TYPE(PtrRefreshBin, ptr_refresh_bin, GTK_TYPE_BIN)

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

static void ptr_refresh_bin_add(GtkContainer *container, GtkWidget *child) {
    PtrRefreshBin *self = PTR_REFRESH_BIN(container);
    if (self->child_window != NULL)
        gtk_widget_set_parent_window(child, self->child_window);
    GTK_CONTAINER_CLASS(ptr_refresh_bin_parent_class)->add(container, child);
}

static void ptr_refresh_bin_class_init(PtrRefreshBinClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    GtkContainerClass *container_class = GTK_CONTAINER_CLASS(klass);
    object_class->dispose = ptr_refresh_bin_dispose;
    widget_class->realize = ptr_refresh_bin_realize;
    widget_class->unrealize = ptr_refresh_bin_unrealize;
    widget_class->size_allocate = ptr_refresh_bin_size_allocate;
    widget_class->get_preferred_width = ptr_refresh_bin_get_preferred_width;
    widget_class->get_preferred_height = ptr_refresh_bin_get_preferred_height;
    widget_class->draw = ptr_refresh_bin_draw;
    container_class->add = ptr_refresh_bin_add;
    gtk_widget_class_set_css_name(widget_class, "refreshbin");
}

static void ptr_refresh_bin_init(PtrRefreshBin *self) {
    gtk_widget_set_has_window(GTK_WIDGET(self), TRUE);
    /* The gap behind a pulled list shows the list's own background ("view"), as if the
     * content area grew. */
    gtk_style_context_add_class(gtk_widget_get_style_context(GTK_WIDGET(self)), GTK_STYLE_CLASS_VIEW);
}

GtkWidget *ptr_refresh_bin_new(void) {
    return g_object_new(PTR_TYPE_REFRESH_BIN, NULL);
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
