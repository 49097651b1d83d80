#include "CGtk4Shim.h"

/* What the bin reads from and draws with the theme, on GTK 4.8 and on later GTKs alike
 * (docs/gtk4-notes.md, "Across GTK versions"). GTK 4.10 deprecated GtkStyleContext and the
 * gtk_render_* and gtk_snapshot_render_* functions; where a replacement exists it is used from
 * the version that has it, and where GTK offers none (a named colour, another widget's CSS
 * background, the theme's focus ring in Cairo) the old call stays, its warning silenced here,
 * the one place that makes it. */

void ptr4_theme_widget_color(GtkWidget *widget, GdkRGBA *color) {
#if GTK_CHECK_VERSION(4, 10, 0)
    gtk_widget_get_color(widget, color);
#else
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), color);
#endif
}

gboolean ptr4_theme_lookup_color(GtkWidget *widget, const char *name, GdkRGBA *color) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gboolean found = gtk_style_context_lookup_color(gtk_widget_get_style_context(widget), name, color);
    G_GNUC_END_IGNORE_DEPRECATIONS
    return found;
}

void ptr4_theme_render_focus(GtkWidget *widget, cairo_t *cr, double x, double y, double width, double height) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_render_focus(gtk_widget_get_style_context(widget), cr, x, y, width, height);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

void ptr4_theme_snapshot_background(GtkSnapshot *snapshot, GtkWidget *widget, double x, double y, double width,
                                    double height) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_snapshot_render_background(snapshot, gtk_widget_get_style_context(widget), x, y, width, height);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

void ptr4_theme_load_css(GtkCssProvider *provider, const char *css) {
#if GTK_CHECK_VERSION(4, 12, 0)
    gtk_css_provider_load_from_string(provider, css);
#else
    gtk_css_provider_load_from_data(provider, css, -1);
#endif
}
