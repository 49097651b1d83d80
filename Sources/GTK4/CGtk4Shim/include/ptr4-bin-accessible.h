#ifndef PTR4_BIN_ACCESSIBLE_H
#define PTR4_BIN_ACCESSIBLE_H
/*
 * What a Ptr4RefreshBin tells assistive technologies through GtkAccessible (GTK 4.8's AT-SPI
 * backend; docs/accessibility.md, "GTK 4"). Private, for Swift (RefreshGtk4's
 * Accessibility.swift) and refresh_bin4.c only; never introspected. Swift decides every value;
 * accessible4.c only mirrors it into GTK: the bin's label, description and busy state, a
 * `refresh-bin.refresh`, `refresh-bin.load-more` and `refresh-bin.retry` actions (GTK 4.8
 * exposes a widget's own enabled, parameterless actions as its AT-SPI actions), and the footer as
 * a real GtkButton over the footer's gap.
 */
#include <gtk/gtk.h>
#include "ptr4-refresh.h"

G_BEGIN_DECLS

/// What an AT or the keyboard asked for. Both run from the main loop after the request returns
/// (an AT's D-Bus call is answered first), so `data` may be released meanwhile: then nothing runs.
typedef struct {
    /// The `refresh-bin.refresh` action.
    void (*refresh)(gpointer data);
    /// The footer button was clicked: a click, Enter or Space on it, or its AT action.
    void (*footer)(gpointer data);
    /// The `refresh-bin.load-more` or `refresh-bin.retry` action.
    void (*load_more)(gpointer data);
} Ptr4BinAccessibleHooks;

/// Everything ATs read at one moment. The strings are copied.
typedef struct {
    gboolean busy;
    const char *description;
    /// The refresh action is enabled (GTK 4.8 lists only enabled actions).
    gboolean can_refresh;
    /// The `load-more` and `retry` actions are enabled (a load, or its retry, can start now).
    gboolean can_load_more;
    gboolean can_retry;
    /// The footer button is mapped over the footer, at `footer_y` (bin coordinates, may be
    /// partly outside the bin), `footer_height` high and the bin's width.
    gboolean footer_shown;
    double footer_y;
    double footer_height;
    const char *footer_label;
    /// Tab stops on it.
    gboolean footer_focusable;
    /// FALSE: ATs read it as disabled, and a click does nothing.
    gboolean footer_sensitive;
} Ptr4BinAccessibleState;

/// Gives the bin its accessible label, the action and the footer button; `notify` releases
/// `data` in ptr4_refresh_bin_accessible_remove() (or when the bin is finalized).
void ptr4_refresh_bin_accessible_install(Ptr4RefreshBin *bin, const char *label, const Ptr4BinAccessibleHooks *hooks,
                                         gpointer data, GDestroyNotify notify);
/// The `data` given to install, or NULL.
gpointer ptr4_refresh_bin_accessible_get_data(Ptr4RefreshBin *bin);
void ptr4_refresh_bin_accessible_update(Ptr4RefreshBin *bin, const Ptr4BinAccessibleState *state);
/// Takes all of it away again: the button, the action, the label, a pending request.
void ptr4_refresh_bin_accessible_remove(Ptr4RefreshBin *bin);
/// The footer button, or NULL (no accessibility installed): the bin's Tab stop on the footer.
GtkWidget *ptr4_refresh_bin_accessible_footer(Ptr4RefreshBin *bin);

/// For refresh_bin4.c: places the footer button (size_allocate) and draws it (snapshot).
void ptr4_refresh_bin_accessible_allocate(Ptr4RefreshBin *bin, int width);
void ptr4_refresh_bin_accessible_snapshot(Ptr4RefreshBin *bin, GtkSnapshot *snapshot);

G_END_DECLS

#endif
