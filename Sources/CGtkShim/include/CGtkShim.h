#ifndef CGTK_SHIM_PUBLIC_H
#define CGTK_SHIM_PUBLIC_H
#include <gtk/gtk.h>
#include "ptr-refresh.h"

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

/* Called whenever the scrolled window sets a new h/v adjustment (may be NULL). `notify` frees
 * `user_data` when the callback is replaced or the area is disposed; nothing is called after. */
void ptr_scrollable_area_set_adjustments_callback(GtkWidget *area, PtrAdjustmentsChanged callback,
                                                   gpointer user_data, GDestroyNotify notify);
GtkAdjustment *ptr_scrollable_area_get_vadjustment(GtkWidget *area);
GtkAdjustment *ptr_scrollable_area_get_hadjustment(GtkWidget *area);

/*
 * Keyboard focus inside the area. GTK calls the widget's "focus" vfunc for Tab and Shift+Tab;
 * the callback answers 1 (focus stays inside: it moved between the list and the footer),
 * 0 (focus leaves the area) or -1 (do what a plain widget does). `has_focus`: the area is the
 * focus widget already (focus moves inside it) rather than entering it.
 */
typedef gint (*PtrFocusMove)(GtkWidget *area, GtkDirectionType direction, gboolean has_focus,
                             gpointer user_data);
void ptr_scrollable_area_set_focus_callback(GtkWidget *area, PtrFocusMove callback, gpointer user_data,
                                            GDestroyNotify notify);

/*
 * Accessibility. The area's accessible (a GtkWidgetAccessible subclass, role ATK_ROLE_LIST)
 * exposes the visible rows as ATK_ROLE_LIST_ITEM children, the footer as an
 * ATK_ROLE_PUSH_BUTTON child, ATK_STATE_BUSY while refreshing, the list's actions (AtkAction)
 * and attributes (row-count, first-visible-row, visible-rows, focused-row, refresh-state,
 * footer-state). Swift pushes state with the setters below (cheap when nothing changed, and
 * nothing is built unless an AT created the accessible) and answers texts at query time.
 */
typedef enum {
    PTR_A11Y_ACTION_REFRESH = 1 << 0,
    PTR_A11Y_ACTION_LOAD_MORE = 1 << 1,
    PTR_A11Y_ACTION_RETRY = 1 << 2,
} PtrA11yActions;

typedef enum {
    PTR_A11Y_TEXT_DESCRIPTION = 0, /* the list's description (its refresh status) */
    PTR_A11Y_TEXT_ROW = 1,         /* row `index`'s name */
} PtrA11yTextKind;

/* Returns a g_malloc'ed string, or NULL. */
typedef gchar *(*PtrA11yText)(GtkWidget *area, PtrA11yTextKind kind, gint index, gpointer user_data);
/* `action`: "refresh", "load-more" or "retry"; called from an idle, never inside the AT's call. */
typedef void (*PtrA11yActivate)(GtkWidget *area, const gchar *action, gpointer user_data);

/* Both NULL at teardown: nothing is called afterwards (pending actions are dropped). */
void ptr_scrollable_area_set_a11y_callbacks(GtkWidget *area, PtrA11yText text, PtrA11yActivate activate,
                                            gpointer user_data);
/* The list's accessible name and the localized action names. */
void ptr_scrollable_area_set_a11y_names(GtkWidget *area, const gchar *list, const gchar *refresh,
                                        const gchar *load_more, const gchar *retry);
void ptr_scrollable_area_set_a11y_busy(GtkWidget *area, gboolean busy);
/* The available actions (PtrA11yActions bits). */
void ptr_scrollable_area_set_a11y_actions(GtkWidget *area, guint actions);
/* Rows `first` ..< `first + count` are on screen; `focused`: the row with the virtual focus, or -1. */
void ptr_scrollable_area_set_a11y_rows(GtkWidget *area, gint row_count, gint first, gint count, gint focused);
/* The engine's phases by name, for the attributes; `description_changed`: tell ATs to re-read. */
void ptr_scrollable_area_set_a11y_states(GtkWidget *area, const gchar *header_state, const gchar *footer_state,
                                         gboolean description_changed);
/* `name` NULL: no footer. `actionable`: Load more / retry can run now. */
void ptr_scrollable_area_set_a11y_footer(GtkWidget *area, const gchar *name, gboolean showing,
                                         gboolean actionable, gboolean focused);
/* The accessible, if GTK created it (for tests); NULL otherwise. Does not create it. */
AtkObject *ptr_scrollable_area_peek_accessible(GtkWidget *area);

/* A boolean GtkSettings property set (g_object_set is variadic). */
static inline void ptr_settings_set_boolean(GtkSettings *settings, const gchar *name, gboolean value) {
    g_object_set(settings, name, value, NULL);
}

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

/* ------------------------------------------------------------------------------------------ *
 * PtrRefreshBin (refresh_bin.c): a GtkBin that wraps an app's GtkScrolledWindow and gives it
 * pull-to-refresh room. It owns two GdkWindows: its own (where the header and footer are
 * drawn, clipping everything) and a child window holding the child, moved by
 * ptr_refresh_bin_set_child_offset (no re-allocation of the child while it moves).
 * docs/architecture.md, "Hosts".
 * ------------------------------------------------------------------------------------------ */
G_BEGIN_DECLS

/* Draws the decorations on the bin's own window, in the bin's coordinates (width × height). */
typedef void (*PtrRefreshBinDraw)(GtkWidget *bin, cairo_t *cr, gint width, gint height, gpointer user_data);

/* The child's vertical offset in the bin, in logical px (positive: moved down, a gap above). */
void ptr_refresh_bin_set_child_offset(PtrRefreshBin *bin, gint offset);
gint ptr_refresh_bin_get_child_offset(PtrRefreshBin *bin);
/* `notify` frees `user_data` when the callback is replaced or the bin is disposed; nothing is
 * called after that. */
void ptr_refresh_bin_set_draw_callback(PtrRefreshBin *bin, PtrRefreshBinDraw callback, gpointer user_data,
                                       GDestroyNotify notify);
/* Redraws the top `top` px and bottom `bottom` px of the bin's own window (not the child). */
void ptr_refresh_bin_queue_draw_decorations(PtrRefreshBin *bin, gint top, gint bottom);

/* What the Swift controller reports; each updates the GObject state, notifies the properties
 * that changed and emits the signals (docs/gobject-api.md). */
void ptr_refresh_bin_report_header_state(PtrRefreshBin *bin, PtrHeaderState state);
void ptr_refresh_bin_report_footer_state(PtrRefreshBin *bin, PtrFooterState state);
void ptr_refresh_bin_emit_refresh(PtrRefreshBin *bin);
void ptr_refresh_bin_emit_load_more(PtrRefreshBin *bin);
/* `has_value` FALSE: never updated. `unix_seconds`: wall-clock time. */
void ptr_refresh_bin_report_last_updated(PtrRefreshBin *bin, gboolean has_value, gdouble unix_seconds);
/* PtrRefreshList (refresh_list.c): the view's refreshing/loading state, and its signals. */
void ptr_refresh_list_report(PtrRefreshList *list, gboolean refreshing, gboolean loading);
void ptr_refresh_list_emit(PtrRefreshList *list, gboolean load_more);
/* What a PtrRefreshList asks its view to do (ptr_refresh_list_swift_command). */
typedef enum {
    PTR_LIST_COMMAND_APPLY,             /* header-style or footer-mode was set */
    PTR_LIST_COMMAND_BEGIN_REFRESHING,
    PTR_LIST_COMMAND_END_REFRESHING,    /* count: rows inserted at the top; ok */
    PTR_LIST_COMMAND_END_LOADING,       /* count: rows added; ok; exhausted */
} PtrListCommand;
/* Column `column` of the row at `index` as a new string, or NULL (not a string column, no row). */
gchar *ptr_tree_model_dup_string(GtkTreeModel *model, gint index, gint column);
/* The controller the Swift API made sets this first: adding the child then creates none. */
void ptr_refresh_bin_set_adopting(PtrRefreshBin *bin, gboolean adopting);

static inline GType ptr_type_refresh_bin(void) { return ptr_refresh_bin_get_type(); }
static inline GType ptr_type_tree_view(void) { return GTK_TYPE_TREE_VIEW; }
static inline GType ptr_type_text_view(void) { return GTK_TYPE_TEXT_VIEW; }
static inline GType ptr_type_list_box(void) { return GTK_TYPE_LIST_BOX; }
static inline GType ptr_type_viewport(void) { return GTK_TYPE_VIEWPORT; }
static inline gboolean ptr_is_a(gpointer instance, GType type) {
    return instance != NULL && G_TYPE_CHECK_INSTANCE_TYPE(instance, type);
}
/* Demo and tests: one text column of a GtkListStore (gtk_list_store_set is variadic). */
static inline void ptr_list_store_set_string(GtkListStore *store, GtkTreeIter *iter, gint column, const gchar *text) {
    gtk_list_store_set(store, iter, column, text, -1);
}
static inline GtkListStore *ptr_list_store_new_strings(gint columns) {
    GType types[4] = {G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING};
    return gtk_list_store_newv(MIN(MAX(columns, 1), 4), types);
}

G_END_DECLS
#endif
