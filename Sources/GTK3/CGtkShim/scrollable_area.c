#include "area_private.h"

typedef struct {
    GtkDrawingAreaClass parent_class;
} PtrScrollableAreaClass;

enum { PROP_0, PROP_HADJUSTMENT, PROP_VADJUSTMENT, PROP_HSCROLL_POLICY, PROP_VSCROLL_POLICY };

G_DEFINE_TYPE_WITH_CODE(PtrScrollableArea, ptr_scrollable_area, GTK_TYPE_DRAWING_AREA,
                        G_IMPLEMENT_INTERFACE(GTK_TYPE_SCROLLABLE, NULL))

static void notify_swift(PtrScrollableArea *self) {
    if (self->callback != NULL)
        self->callback(GTK_WIDGET(self), self->callback_data);
}

static void set_adjustment(PtrScrollableArea *self, GtkAdjustment **slot, GtkAdjustment *adjustment) {
    if (*slot == adjustment)
        return;
    g_clear_object(slot);
    if (adjustment != NULL)
        *slot = g_object_ref_sink(adjustment);
    notify_swift(self);
}

static void ptr_scrollable_area_set_property(GObject *object, guint prop_id, const GValue *value,
                                             GParamSpec *pspec) {
    PtrScrollableArea *self = PTR_AREA(object);
    switch (prop_id) {
    case PROP_HADJUSTMENT:
        set_adjustment(self, &self->hadjustment, g_value_get_object(value));
        break;
    case PROP_VADJUSTMENT:
        set_adjustment(self, &self->vadjustment, g_value_get_object(value));
        break;
    case PROP_HSCROLL_POLICY:
        self->hscroll_policy = g_value_get_enum(value);
        break;
    case PROP_VSCROLL_POLICY:
        self->vscroll_policy = g_value_get_enum(value);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void ptr_scrollable_area_get_property(GObject *object, guint prop_id, GValue *value,
                                             GParamSpec *pspec) {
    PtrScrollableArea *self = PTR_AREA(object);
    switch (prop_id) {
    case PROP_HADJUSTMENT:
        g_value_set_object(value, self->hadjustment);
        break;
    case PROP_VADJUSTMENT:
        g_value_set_object(value, self->vadjustment);
        break;
    case PROP_HSCROLL_POLICY:
        g_value_set_enum(value, self->hscroll_policy);
        break;
    case PROP_VSCROLL_POLICY:
        g_value_set_enum(value, self->vscroll_policy);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void ptr_scrollable_area_dispose(GObject *object) {
    PtrScrollableArea *self = PTR_AREA(object);
    /* The Swift side is gone (or going) once dispose runs: never call back again, and give
     * back what we held of it. */
    ptr_scrollable_area_set_adjustments_callback(GTK_WIDGET(self), NULL, NULL, NULL);
    ptr_scrollable_area_set_focus_callback(GTK_WIDGET(self), NULL, NULL, NULL);
    ptr_area_a11y_dispose(self);
    g_clear_object(&self->hadjustment);
    g_clear_object(&self->vadjustment);
    G_OBJECT_CLASS(ptr_scrollable_area_parent_class)->dispose(object);
}

/* The content may be millions of pixels tall: never ask for more than a token height. */
static void ptr_scrollable_area_get_preferred_height(GtkWidget *widget, gint *minimum, gint *natural) {
    (void)widget;
    *minimum = 1;
    *natural = 1;
}

static gboolean ptr_scrollable_area_focus(GtkWidget *widget, GtkDirectionType direction) {
    PtrScrollableArea *self = PTR_AREA(widget);
    if (self->focus_callback != NULL) {
        gint answer = self->focus_callback(widget, direction, gtk_widget_has_focus(widget), self->focus_data);
        if (answer >= 0) {
            if (answer > 0 && !gtk_widget_has_focus(widget))
                gtk_widget_grab_focus(widget);
            return answer > 0;
        }
    }
    return GTK_WIDGET_CLASS(ptr_scrollable_area_parent_class)->focus(widget, direction);
}

static void ptr_scrollable_area_class_init(PtrScrollableAreaClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->set_property = ptr_scrollable_area_set_property;
    object_class->get_property = ptr_scrollable_area_get_property;
    object_class->dispose = ptr_scrollable_area_dispose;
    widget_class->get_preferred_height = ptr_scrollable_area_get_preferred_height;
    widget_class->focus = ptr_scrollable_area_focus;
    gtk_widget_class_set_accessible_type(widget_class, ptr_area_accessible_get_type());
    g_object_class_override_property(object_class, PROP_HADJUSTMENT, "hadjustment");
    g_object_class_override_property(object_class, PROP_VADJUSTMENT, "vadjustment");
    g_object_class_override_property(object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
    g_object_class_override_property(object_class, PROP_VSCROLL_POLICY, "vscroll-policy");
}

static void ptr_scrollable_area_init(PtrScrollableArea *self) {
    self->hscroll_policy = GTK_SCROLL_MINIMUM;
    self->vscroll_policy = GTK_SCROLL_MINIMUM;
}

GtkWidget *ptr_scrollable_area_new(void) {
    return g_object_new(ptr_scrollable_area_get_type(), NULL);
}

/* Stores a callback and its data, releasing the previous data after the swap (its notify may
 * run arbitrary code, so the slot is consistent first). */
static void replace_callback_data(gpointer *data_slot, GDestroyNotify *notify_slot, gpointer data,
                                  GDestroyNotify notify) {
    gpointer old_data = *data_slot;
    GDestroyNotify old_notify = *notify_slot;
    *data_slot = data;
    *notify_slot = notify;
    if (old_notify != NULL && old_data != NULL)
        old_notify(old_data);
}

void ptr_scrollable_area_set_adjustments_callback(GtkWidget *area, PtrAdjustmentsChanged callback,
                                                   gpointer user_data, GDestroyNotify notify) {
    g_return_if_fail(G_TYPE_CHECK_INSTANCE_TYPE(area, ptr_scrollable_area_get_type()));
    PtrScrollableArea *self = PTR_AREA(area);
    self->callback = callback;
    replace_callback_data(&self->callback_data, &self->callback_notify, user_data, notify);
}

GtkAdjustment *ptr_scrollable_area_get_vadjustment(GtkWidget *area) {
    g_return_val_if_fail(G_TYPE_CHECK_INSTANCE_TYPE(area, ptr_scrollable_area_get_type()), NULL);
    return PTR_AREA(area)->vadjustment;
}

GtkAdjustment *ptr_scrollable_area_get_hadjustment(GtkWidget *area) {
    g_return_val_if_fail(G_TYPE_CHECK_INSTANCE_TYPE(area, ptr_scrollable_area_get_type()), NULL);
    return PTR_AREA(area)->hadjustment;
}

void ptr_scrollable_area_set_focus_callback(GtkWidget *area, PtrFocusMove callback, gpointer user_data,
                                            GDestroyNotify notify) {
    g_return_if_fail(G_TYPE_CHECK_INSTANCE_TYPE(area, ptr_scrollable_area_get_type()));
    PtrScrollableArea *self = PTR_AREA(area);
    self->focus_callback = callback;
    replace_callback_data(&self->focus_data, &self->focus_notify, user_data, notify);
}
