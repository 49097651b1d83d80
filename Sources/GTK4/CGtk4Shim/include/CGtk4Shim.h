#ifndef CGTK4_SHIM_H_INCLUDED
#define CGTK4_SHIM_H_INCLUDED
// The GTK 4 bin (docs/gtk4-notes.md): Ptr4RefreshBin, public in ptr4-refresh.h (the GObject API,
// docs/gobject-api.md). This header is the private rest, for Swift (RefreshGtk4) only and never
// introspected: the hooks through which Swift decides, the child's offset, the tick, and what
// Swift reports back into the GObject's properties and signals. GTK 3 and GTK 4 cannot share a
// process: nothing that links GTK 3 may depend on this target.
#include <gtk/gtk.h>
#include "ptr4-refresh.h"
#include "ptr4-bin-accessible.h"

G_BEGIN_DECLS

/// What a drag update asks the bin to do with the press's event sequence.
typedef enum {
    PTR4_REFRESH_BIN_PRESS_WAIT = 0,
    PTR4_REFRESH_BIN_PRESS_CLAIM = 1,
    PTR4_REFRESH_BIN_PRESS_DENY = 2,
} Ptr4RefreshBinPressAnswer;

/// The Swift side's answers. Every hook gets `data`. `gap_texture` and `draw` get the gap's
/// rectangle in the bin's coordinates and the widget's scale factor: the first returns the gap's
/// image at that scale (a new reference, or NULL for nothing), the second paints it into `cr`, a
/// recording surface of scale 1 (for GSK's Cairo renderer).
typedef struct {
    gboolean (*scroll)(gpointer data, double dy, GdkScrollUnit unit, GdkInputSource source);
    void (*scroll_end)(gpointer data, gboolean is_stop);
    void (*press_down)(gpointer data);
    Ptr4RefreshBinPressAnswer (*press_moved)(gpointer data, double offset_y, gboolean touch);
    void (*press_up)(gpointer data);
    void (*tick)(gpointer data, gint64 frame_time);
    GdkTexture *(*gap_texture)(gpointer data, double x, double y, double width, double height, int scale);
    void (*draw)(gpointer data, cairo_t *cr, double x, double y, double width, double height, int scale);
    void (*resized)(gpointer data, int width, int height);
    /// The bin's CSS changed (the theme, dark or high contrast, its state or classes).
    void (*style_changed)(gpointer data);
    /// Once, in an idle moment after the bin's first frame: draw what a first pull would draw for
    /// the first time (fonts, text layouts) where nobody sees it.
    void (*warm_up)(gpointer data);
    /// A key pressed while the focus is inside the bin, before the focus widget sees it (F5,
    /// Ctrl+R, Home, End, Page Up/Down, Enter, Space: the widget core's KeyTable): TRUE stops it.
    gboolean (*key)(gpointer data, guint keyval, GdkModifierType state);
} Ptr4RefreshBinHooks;

/// Moves the child down by `offset` px (up when negative) without re-allocating it.
void ptr4_refresh_bin_set_child_offset(Ptr4RefreshBin *self, double offset);
double ptr4_refresh_bin_get_child_offset(Ptr4RefreshBin *self);
/// Installs the hooks; `notify` releases `data` when they are replaced or the bin is disposed.
void ptr4_refresh_bin_set_hooks(Ptr4RefreshBin *self, const Ptr4RefreshBinHooks *hooks, gpointer data,
                                GDestroyNotify notify);
/// The first `height` rows of an ARGB32 image surface as a texture (a copy; GDK_MEMORY_DEFAULT
/// is cairo's ARGB32 on either byte order).
GdkTexture *ptr4_refresh_bin_texture_from_surface(cairo_surface_t *surface, int height);
/// The theme, the same on every GTK 4 (theme4.c): the widget's CSS colour, a colour the theme
/// names (FALSE when it names none), its focus ring in Cairo, a widget's CSS background drawn at
/// a rectangle, and a CSS provider's text.
void ptr4_theme_widget_color(GtkWidget *widget, GdkRGBA *color);
gboolean ptr4_theme_lookup_color(GtkWidget *widget, const char *name, GdkRGBA *color);
void ptr4_theme_render_focus(GtkWidget *widget, cairo_t *cr, double x, double y, double width, double height);
void ptr4_theme_snapshot_background(GtkSnapshot *snapshot, GtkWidget *widget, double x, double y, double width,
                                    double height);
void ptr4_theme_load_css(GtkCssProvider *provider, const char *css);
/// The list the bin's child shows: a scrolled window's child (a viewport's child), else the child.
GtkWidget *ptr4_refresh_bin_list(Ptr4RefreshBin *self);
/// Scrolls a GtkListView, GtkGridView or GtkColumnView child to its first row with the list's own
/// action (nothing for other lists).
void ptr4_refresh_bin_show_first_row(Ptr4RefreshBin *self);
/// Runs the `tick` hook on every frame while TRUE.
void ptr4_refresh_bin_set_ticking(Ptr4RefreshBin *self, gboolean ticking);
gboolean ptr4_refresh_bin_get_ticking(Ptr4RefreshBin *self);
/// While TRUE, setting a child creates no Swift side: the Swift API is making its own.
void ptr4_refresh_bin_set_adopting(Ptr4RefreshBin *self, gboolean adopting);

/// What the Swift side reports: the state properties (notified, then the state signal), the
/// requests (the `refresh` / `load-more` signals), a new last-updated time (Unix seconds).
void ptr4_refresh_bin_report_header_state(Ptr4RefreshBin *self, Ptr4HeaderState state);
void ptr4_refresh_bin_report_footer_state(Ptr4RefreshBin *self, Ptr4FooterState state);
void ptr4_refresh_bin_emit_refresh(Ptr4RefreshBin *self);
void ptr4_refresh_bin_emit_load_more(Ptr4RefreshBin *self);
/// TRUE when a handler is connected to `load-more` (`load_more` TRUE) or `refresh`.
gboolean ptr4_refresh_bin_has_handler(Ptr4RefreshBin *self, gboolean load_more);
void ptr4_refresh_bin_report_last_updated(Ptr4RefreshBin *self, gboolean has_value, gdouble unix_seconds);

G_END_DECLS

#endif
