#ifndef CGTK4_SHIM_H_INCLUDED
#define CGTK4_SHIM_H_INCLUDED
// The GTK 4 bin (docs/gtk4-notes.md): a GtkWidget subclass with one child that it moves with an
// allocation transform, the input controllers that take a pull before the GtkScrolledWindow does,
// and the hooks through which Swift (RefreshGtk4) decides. GTK 3 and GTK 4 cannot share a
// process: nothing that links GTK 3 may depend on this target.
#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PTR_REFRESH4_TYPE_BIN (ptr_refresh4_bin_get_type())
G_DECLARE_FINAL_TYPE(PtrRefresh4Bin, ptr_refresh4_bin, PTR_REFRESH4, BIN, GtkWidget)

/// What a drag update asks the bin to do with the press's event sequence.
typedef enum {
    PTR_REFRESH4_PRESS_WAIT = 0,
    PTR_REFRESH4_PRESS_CLAIM = 1,
    PTR_REFRESH4_PRESS_DENY = 2,
} PtrRefresh4PressAnswer;

/// The Swift side's answers. Every hook gets `data`; `draw` gets the gap's rectangle in the bin's
/// coordinates and the widget's scale factor (the cairo_t is a recording surface of scale 1).
typedef struct {
    gboolean (*scroll)(gpointer data, double dy, GdkScrollUnit unit, GdkInputSource source);
    void (*scroll_end)(gpointer data, gboolean is_stop);
    void (*press_down)(gpointer data);
    PtrRefresh4PressAnswer (*press_moved)(gpointer data, double offset_y, gboolean touch);
    void (*press_up)(gpointer data);
    void (*tick)(gpointer data, gint64 frame_time);
    void (*draw)(gpointer data, cairo_t *cr, double x, double y, double width, double height, int scale);
    void (*resized)(gpointer data, int width, int height);
    /// F5 or Ctrl+R: return TRUE when the key was used.
    gboolean (*refresh_key)(gpointer data);
    /// Any other key pressed while the focus is inside the bin, before the focus widget sees it
    /// (Home, End, Page Up/Down, Enter, Space: RefreshGtk4's Keys.swift): return TRUE to stop it.
    gboolean (*key)(gpointer data, guint keyval, GdkModifierType state);
} PtrRefresh4BinHooks;

GtkWidget *ptr_refresh4_bin_new(void);
void ptr_refresh4_bin_set_child(PtrRefresh4Bin *self, GtkWidget *child);
GtkWidget *ptr_refresh4_bin_get_child(PtrRefresh4Bin *self);
/// Moves the child down by `offset` px (up when negative) without re-allocating it.
void ptr_refresh4_bin_set_child_offset(PtrRefresh4Bin *self, double offset);
double ptr_refresh4_bin_get_child_offset(PtrRefresh4Bin *self);
/// Installs the hooks; `notify` releases `data` when they are replaced or the bin is disposed.
void ptr_refresh4_bin_set_hooks(PtrRefresh4Bin *self, const PtrRefresh4BinHooks *hooks, gpointer data,
                                GDestroyNotify notify);
/// Runs the `tick` hook on every frame while TRUE.
void ptr_refresh4_bin_set_ticking(PtrRefresh4Bin *self, gboolean ticking);
gboolean ptr_refresh4_bin_get_ticking(PtrRefresh4Bin *self);

G_END_DECLS

#endif
