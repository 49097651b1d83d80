#ifndef PTR_ACCESSIBLE_PRIVATE_H
#define PTR_ACCESSIBLE_PRIVATE_H
/*
 * What the accessible files share (not installed, not introspected). The refresh control's
 * accessibles (ATK, exported over AT-SPI by GTK's bridge) are one mapping of a snapshot that
 * Swift builds, on two widgets:
 *   - PtrAreaAccessible (accessible_list.c), our list: a GtkWidgetAccessible, role LIST, with
 *     AtkSelection; the visible rows are its children;
 *   - PtrBinAccessible (accessible_bin.c), a PtrRefreshBin: a GtkContainerAccessible, role PANEL;
 *     its children are the app's own scrolled window and what is in it, as GtkContainerAccessible
 *     keeps them;
 * their children (rows, the footer) are PtrA11yChild (accessible_child.c). What both map the
 * same way — the widget's Swift side, the snapshot, the children it makes, the signals that tell
 * ATs what changed, the registration — is accessible_model.c. accessible_cell_guard.c guards
 * GTK's own cell accessibles (a HACK, see there).
 *
 * Neither accessible decides anything itself (which actions exist, what they run, their names and
 * key bindings, which child has the virtual focus, the attributes: all in the snapshot). They show:
 *   - name: the snapshot's;
 *   - description: the refresh status, asked from Swift at read time, so that "Last updated:
 *     3 min ago" is true whenever it is read;
 *   - states: GTK's own (focusable, focused, …) plus BUSY, and MANAGES_DESCENDANTS on the list
 *     (the row children are transient);
 *   - AtkAction and attributes: the snapshot's;
 *   - children: (list) one LIST_ITEM per visible row ("Title, subtitle", asked at read time, with
 *     posinset/setsize), (bin) the container's; then the footer as a PUSH_BUTTON when the
 *     snapshot has one.
 * The list's virtual focus is reported with "active-descendant-changed" and the child's FOCUSED
 * state, as GtkTreeView does for its cells; its single selection with AtkSelection,
 * "selection-changed" and the rows' SELECTED state.
 *
 * Flow: Swift calls ptr_a11y_changed once per change; if an AT created the accessible, it asks
 * Swift for the new snapshot, diffs it against the one it holds and emits the signals. Until an
 * AT asks, nothing is built here.
 *
 * A PtrA11yChild points at its accessible without a reference (the accessible holds the
 * children, and makes them defunct when it lets them go), so there is no cycle. The widget's side
 * (callbacks, the pending action) is a PtrA11yState: in the area's instance, in the bin's qdata
 * (freed at its finalize).
 */
#include "area_private.h"
#include <gtk/gtk-a11y.h>

/* A PtrA11yChild's row for the footer. */
#define PTR_A11Y_FOOTER_ROW (-1)

#define PTR_IS_BIN_ACCESSIBLE(o) G_TYPE_CHECK_INSTANCE_TYPE((o), ptr_bin_accessible_get_type())

/* What both accessibles hold: the snapshot ATs were last told, and the children made from it. */
typedef struct {
    PtrA11ySnapshot snapshot;
    GPtrArray *rows;   /* PtrA11yChild* or NULL, for rows first .. first + len; NULL until initialized */
    gint first;
    AtkObject *footer;
    AtkObject *active; /* the child reported as the active descendant (borrowed) */
    gboolean owns_description; /* AtkObject's description holds our status text */
} PtrA11yModel;

static inline gint ptr_a11y_row_children(PtrA11yModel *model) {
    return model->rows != NULL ? (gint)model->rows->len : 0;
}

/* MARK: - accessible_list.c, accessible_bin.c: each type's model */

G_GNUC_INTERNAL PtrA11yModel *ptr_area_accessible_model(AtkObject *accessible);
G_GNUC_INTERNAL PtrA11yModel *ptr_bin_accessible_model(AtkObject *accessible);
/* The bin's children before the footer: the container's (the app's widgets). */
G_GNUC_INTERNAL gint ptr_bin_accessible_container_children(AtkObject *accessible);

/* MARK: - accessible_child.c: a row or the footer */

G_GNUC_INTERNAL AtkObject *ptr_a11y_child_new(AtkObject *owner, gint row);
/* The owner let the child go: it reports DEFUNCT from now on, then the owner's reference goes. */
G_GNUC_INTERNAL void ptr_a11y_child_release(AtkObject *child);
G_GNUC_INTERNAL gint ptr_a11y_child_row(AtkObject *child);

/* MARK: - accessible_model.c: what the list and the bin share */

/* The Swift side of `widget` (a PtrScrollableArea or a PtrRefreshBin); NULL for any other
 * widget, or a bin that never had one unless `create`. */
G_GNUC_INTERNAL PtrA11yState *ptr_a11y_widget_state(GtkWidget *widget, gboolean create);
/* The Swift side of an accessible's widget; NULL once the widget is gone. */
G_GNUC_INTERNAL PtrA11yState *ptr_a11y_state_of(AtkObject *accessible);
G_GNUC_INTERNAL PtrA11yModel *ptr_a11y_model_of(AtkObject *owner);
/* The footer comes after the other children: the rows (list) or the container's (bin). */
G_GNUC_INTERNAL gint ptr_a11y_footer_index(AtkObject *owner);

G_GNUC_INTERNAL void ptr_a11y_model_init(PtrA11yModel *model);
/* After the parent class's initialize: takes the first snapshot and makes the footer. */
G_GNUC_INTERNAL void ptr_a11y_model_initialize(AtkObject *object, GtkWidget *widget, AtkRole role);
G_GNUC_INTERNAL void ptr_a11y_model_finalize(PtrA11yModel *model);
G_GNUC_INTERNAL void ptr_a11y_drop_children(PtrA11yModel *model);

G_GNUC_INTERNAL AtkStateSet *ptr_a11y_add_states(AtkObject *object, AtkStateSet *set);
/* The status, asked at read time; NULL: the parent class's. */
G_GNUC_INTERNAL const gchar *ptr_a11y_status_description(AtkObject *object);
G_GNUC_INTERNAL AtkAttributeSet *ptr_a11y_add_attributes(AtkObject *object, AtkAttributeSet *set);
G_GNUC_INTERNAL AtkAttributeSet *ptr_a11y_add_attribute(AtkAttributeSet *set, const gchar *name,
                                                        gchar *value /* taken */);

/* Schedules action `id` (an AT's DoAction must return before the app reacts); `id` empty: the
 * action cannot run now. */
G_GNUC_INTERNAL gboolean ptr_a11y_schedule_action(PtrA11yState *state, const gchar *id);
/* The list's and the bin's AtkAction, over the snapshot's actions. */
G_GNUC_INTERNAL void ptr_a11y_owner_action_iface_init(AtkActionIface *iface);

/* MARK: - accessible_cell_guard.c */

/* Installs the guard on GTK's cell accessibles, once (see there). */
G_GNUC_INTERNAL void ptr_a11y_guard_gtk_cells(void);

/* MARK: - AtkAction over snapshot action strings (PTR_A11Y_ACTION_FIELDS per action) */

static inline gint ptr_a11y_actions_count(gchar **actions) {
    return actions != NULL ? (gint)(g_strv_length(actions) / PTR_A11Y_ACTION_FIELDS) : 0;
}

static inline const gchar *ptr_a11y_action_field(gchar **actions, gint i, guint field) {
    return i >= 0 && i < ptr_a11y_actions_count(actions) ? actions[i * PTR_A11Y_ACTION_FIELDS + field] : NULL;
}

/* One AtkAction implementation per kind of object, over its snapshot's action strings:
 * `actions_of` gives them, `state_of_action` the widget's side that runs them. */
#define PTR_A11Y_ACTION_IFACE(prefix, actions_of, state_of_action)                                \
    static gint prefix##_get_n_actions(AtkAction *action) {                                       \
        return ptr_a11y_actions_count(actions_of(action));                                        \
    }                                                                                             \
    static gboolean prefix##_do_action(AtkAction *action, gint i) {                               \
        const gchar *id = ptr_a11y_action_field(actions_of(action), i, PTR_A11Y_ACTION_ID);       \
        return ptr_a11y_schedule_action(state_of_action(action), id);                             \
    }                                                                                             \
    static const gchar *prefix##_get_name(AtkAction *action, gint i) {                            \
        return ptr_a11y_action_field(actions_of(action), i, PTR_A11Y_ACTION_NAME);                \
    }                                                                                             \
    static const gchar *prefix##_get_localized_name(AtkAction *action, gint i) {                  \
        return ptr_a11y_action_field(actions_of(action), i, PTR_A11Y_ACTION_LOCALIZED);           \
    }                                                                                             \
    static const gchar *prefix##_get_keybinding(AtkAction *action, gint i) {                      \
        return ptr_a11y_action_field(actions_of(action), i, PTR_A11Y_ACTION_KEYBINDING);          \
    }                                                                                             \
    static void prefix##_iface_init(AtkActionIface *iface) {                                      \
        iface->get_n_actions = prefix##_get_n_actions;                                            \
        iface->do_action = prefix##_do_action;                                                    \
        iface->get_name = prefix##_get_name;                                                      \
        iface->get_localized_name = prefix##_get_localized_name;                                  \
        iface->get_description = prefix##_get_localized_name;                                     \
        iface->get_keybinding = prefix##_get_keybinding;                                          \
    }

#endif
