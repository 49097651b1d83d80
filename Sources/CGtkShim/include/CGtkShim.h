#ifndef CGTK_SHIM_PUBLIC_H
#define CGTK_SHIM_PUBLIC_H
#include <gtk/gtk.h>

/*
 * PtrScrollableArea: a GtkDrawingArea that implements GtkScrollable.
 * Swift cannot register a GObject type with an interface and overridden
 * properties, so this is the one piece of C in the product. The widget owns
 * nothing but the two adjustments a GtkScrolledWindow hands it; everything
 * else (drawing, input, sizing the adjustments) is done from Swift.
 */
G_BEGIN_DECLS

typedef void (*PtrAdjustmentsChanged)(GtkWidget *widget, gpointer user_data);

GType ptr_scrollable_area_get_type(void);
GtkWidget *ptr_scrollable_area_new(void);

/* Called whenever the scrolled window sets a new h/v adjustment (may be NULL). */
void ptr_scrollable_area_set_adjustments_callback(GtkWidget *area, PtrAdjustmentsChanged callback,
                                                   gpointer user_data);
GtkAdjustment *ptr_scrollable_area_get_vadjustment(GtkWidget *area);
GtkAdjustment *ptr_scrollable_area_get_hadjustment(GtkWidget *area);

/* Macros and constants that Swift does not import. */
static inline gboolean ptr_source_remove(void) { return G_SOURCE_REMOVE; }
static inline gboolean ptr_source_continue(void) { return G_SOURCE_CONTINUE; }
static inline GType ptr_type_scrollable_area(void) { return ptr_scrollable_area_get_type(); }

/* A boolean GtkSettings property (g_object_get is variadic). */
static inline gboolean ptr_settings_get_boolean(GtkSettings *settings, const gchar *name) {
    gboolean value = FALSE;
    g_object_get(settings, name, &value, NULL);
    return value;
}

G_END_DECLS
#endif
