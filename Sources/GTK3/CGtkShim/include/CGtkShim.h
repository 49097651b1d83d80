#ifndef CGTK_SHIM_PUBLIC_H
#define CGTK_SHIM_PUBLIC_H
#include <gtk/gtk.h>
#include "ptr-refresh.h"

/*
 * The product's C: GObject types Swift cannot register, and their hooks into Swift.
 * - PtrScrollableArea (scrollable_area.c): a GtkDrawingArea that implements GtkScrollable
 *   (interface + overridden properties) and owns nothing but the two adjustments a
 *   GtkScrolledWindow hands it; vtable hooks call Swift for adjustment changes and Tab focus.
 * - Its ATK accessible and PtrRefreshBin's (accessible_*.c): row and footer children, AtkAction,
 *   AtkSelection, states and attributes, fed by the setters below.
 * Everything else (drawing, input, sizing the adjustments) is done from Swift.
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
 * Accessibility. Two widgets carry the refresh control's accessible, fed by one snapshot:
 * - PtrScrollableArea (our list): a GtkWidgetAccessible subclass, role ATK_ROLE_LIST, with the
 *   visible rows as ATK_ROLE_LIST_ITEM children and AtkSelection over them;
 * - PtrRefreshBin (an app's scrolled window): a GtkContainerAccessible subclass, role
 *   ATK_ROLE_PANEL, whose children are the app's own widgets.
 * Both show the footer as an ATK_ROLE_PUSH_BUTTON child (after the others), ATK_STATE_BUSY
 * while refreshing, the status as the description, the actions (AtkAction) and attributes.
 * C only maps a snapshot onto ATK: Swift decides everything in it (which actions, their names
 * and key bindings, which child is focused, what the footer runs) and says "changed" once per
 * change; C then asks for the new snapshot (only if an AT created the accessible), diffs it
 * against the one it holds and emits the ATK signals.
 */
enum {
    /* `actions` hold PTR_A11Y_ACTION_FIELDS strings per action, in this order. */
    PTR_A11Y_ACTION_NAME = 0,       /* AtkAction name: "refresh", "click", … */
    PTR_A11Y_ACTION_ID = 1,         /* what PtrA11yActivate receives; "": cannot run now */
    PTR_A11Y_ACTION_LOCALIZED = 2,  /* localized name (also the action's description) */
    PTR_A11Y_ACTION_KEYBINDING = 3, /* e.g. "F5" */
    PTR_A11Y_ACTION_FIELDS = 4,
};

/* What the accessible reports. Strings and string vectors are g_malloc'ed and owned by C. */
typedef struct {
    gchar *name;              /* the accessible's name */
    gchar *description_key;   /* changes when the description's wording does (the text is asked at read time) */
    gboolean busy;
    gboolean manages_descendants; /* the row children are transient (our list) */
    gchar **actions;          /* the accessible's actions (see PTR_A11Y_ACTION_FIELDS); NULL: none */
    gchar **attributes;       /* its attributes: name, value, name, value, …; NULL: none */
    gint row_count;           /* rows in the list: the row children's set size */
    gint first_row, n_rows;   /* the row children are rows first ..< first + n_rows (a bin: none) */
    gint focused_child;       /* the virtual focus: a row child 0 ..< n_rows, n_rows for the footer, -1 none */
    gchar *footer_name;       /* NULL: no footer child */
    gboolean footer_showing;  /* on screen */
    gboolean footer_actionable; /* enabled and focusable */
    gchar **footer_actions;   /* as `actions` */
    gint selected_row;        /* the selected row (an index into all rows), -1 none */
    gchar **row_actions;      /* every row child's actions, as `actions`; "%d" in an id is its row */
} PtrA11ySnapshot;

typedef enum {
    PTR_A11Y_TEXT_DESCRIPTION = 0, /* the description (the refresh status) */
    PTR_A11Y_TEXT_ROW = 1,         /* row `index`'s name */
} PtrA11yTextKind;

/* Fills `snapshot` (zeroed, focused_child -1) with the current state; C frees what it puts there. */
typedef void (*PtrA11yGetSnapshot)(GtkWidget *widget, PtrA11ySnapshot *snapshot, gpointer user_data);
/* Texts that must be true whenever read. Returns a g_malloc'ed string, or NULL. */
typedef gchar *(*PtrA11yText)(GtkWidget *widget, PtrA11yTextKind kind, gint index, gpointer user_data);
/* `action`: an action's PTR_A11Y_ACTION_ID, called from an idle, never inside the AT's call; or
 * a selection request from AtkSelection ("select-row:N", "select-none"), run at once inside the
 * AT's call (as GTK's own lists select), after which the snapshot must show it. */
typedef void (*PtrA11yActivate)(GtkWidget *widget, const gchar *action, gpointer user_data);

/*
 * `widget`: a PtrScrollableArea or a PtrRefreshBin. `destroy` (may be NULL) is called with
 * `user_data` when the callbacks are replaced, at the area's dispose and at the bin's finalize;
 * nothing is called afterwards. All NULL: unregister (pending actions are dropped).
 */
void ptr_a11y_set_callbacks(GtkWidget *widget, PtrA11yGetSnapshot snapshot, PtrA11yText text,
                            PtrA11yActivate activate, gpointer user_data, GDestroyNotify destroy);
/* The snapshot changed: the accessible (if any) asks for it and tells ATs what changed. */
void ptr_a11y_changed(GtkWidget *widget);
/* The widget's accessible, if GTK created it (for tests); NULL otherwise. Does not create it. */
AtkObject *ptr_a11y_peek_accessible(GtkWidget *widget);

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
/* Whether an app connected a handler to `refresh` (`load_more` FALSE) or `load-more`: without one
 * the controller ends the request itself (docs/behaviour.md, "Footer and load-more": missing handlers). */
gboolean ptr_refresh_bin_has_handler(PtrRefreshBin *bin, gboolean load_more);
/* `has_value` FALSE: never updated. `unix_seconds`: wall-clock time. */
void ptr_refresh_bin_report_last_updated(PtrRefreshBin *bin, gboolean has_value, gdouble unix_seconds);
/* PtrRefreshList (refresh_list.c): the view's refreshing/loading state, and its signals. */
void ptr_refresh_list_report(PtrRefreshList *list, gboolean refreshing, gboolean loading);
void ptr_refresh_list_emit(PtrRefreshList *list, gboolean load_more);
gboolean ptr_refresh_list_has_handler(PtrRefreshList *list, gboolean load_more);
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
/* The bin's focus stops for Tab (refresh_bin.c's focus vfunc asks ptr_refresh_bin_swift_tab):
 * outside the bin (where the focus comes from, or goes), the child's rows, and the footer, a stop
 * the bin draws while it is the focus widget itself. NONE: the bin has no controller. */
typedef enum {
    PTR_BIN_FOCUS_NONE = -1,
    PTR_BIN_FOCUS_OUT,
    PTR_BIN_FOCUS_ROWS,
    PTR_BIN_FOCUS_FOOTER
} PtrBinFocus;

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

/* The widget's own class draw (GTK_WIDGET_GET_CLASS is a macro): a "draw" handler that draws
 * the widget in parts (pinned tree view column headers, docs/gtk3-notes.md). */
static inline gboolean ptr_widget_class_draw(GtkWidget *widget, cairo_t *cr) {
    GtkWidgetClass *klass = GTK_WIDGET_GET_CLASS(widget);
    return klass->draw != NULL ? klass->draw(widget, cr) : FALSE;
}

G_END_DECLS
#endif
