/*
 * The refresh control's accessible objects (ATK, exported over AT-SPI by GTK's bridge), one
 * mapping of a snapshot that Swift builds, on two widgets:
 *   - PtrAreaAccessible, our list (a GtkWidgetAccessible, role LIST, with AtkSelection): the
 *     visible rows are its children;
 *   - PtrBinAccessible, a PtrRefreshBin (a GtkContainerAccessible, role PANEL): its children are
 *     the app's own scrolled window and what is in it, as GtkContainerAccessible keeps them.
 * Neither decides anything itself (which actions exist, what they run, their names and key
 * bindings, which child has the virtual focus, the attributes: all in the snapshot). They show:
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
 * PtrA11yChild is a row or the footer. It points at its accessible without a reference (the
 * accessible holds the children, and makes them defunct when it lets them go), so there is no
 * cycle. The widget's side (callbacks, the pending action) is a PtrA11yState: in the area's
 * instance, in the bin's qdata (freed at its finalize).
 */
#include "area_private.h"
#include <gtk/gtk-a11y.h>
#include <string.h>

#define FOOTER_ROW (-1)

/* MARK: - GTK's cell accessibles after their tree view */

/* HACK: GTK 3.24's GtkCellAccessible (a GtkTreeView's cells, which an AT holds while it reads
 * them) asks gtk_widget_get_accessible(its tree view) in get_index_in_parent, ref_relation_set,
 * AtkComponent's get_extents and grab_focus without checking that the tree view is still there.
 * After the tree view is destroyed, an AT reading a cell it still holds (GetIndexInParent,
 * GetRelationSet, GetExtents) gets "gtk_widget_get_accessible: assertion 'GTK_IS_WIDGET
 * (widget)' failed", fatal under G_DEBUG=fatal-criticals. Measured on 3.24.38 with an AT-SPI
 * client walking an app that replaces its wrapped tree views (AccessibilityChurnTests;
 * docs/gtk3-notes.md, "The AT bridge under churn"). A cell whose tree view is gone answers as a
 * defunct object: no index, no relations, no extents, no focus. Installed once, by the first
 * accessible class of ours, on the cell classes whose slots still hold GTK's functions. */
static struct {
    gint (*index_in_parent)(AtkObject *);
    AtkRelationSet *(*relation_set)(AtkObject *);
    void (*extents)(AtkComponent *, gint *, gint *, gint *, gint *, AtkCoordType);
    gboolean (*grab_focus)(AtkComponent *);
} gtk_cell;

static gboolean cell_is_gone(gpointer cell) {
    return gtk_accessible_get_widget(GTK_ACCESSIBLE(cell)) == NULL;
}

static gint cell_index_in_parent(AtkObject *cell) {
    return cell_is_gone(cell) ? -1 : gtk_cell.index_in_parent(cell);
}

static AtkRelationSet *cell_ref_relation_set(AtkObject *cell) {
    return cell_is_gone(cell) ? atk_relation_set_new() : gtk_cell.relation_set(cell);
}

static void cell_get_extents(AtkComponent *cell, gint *x, gint *y, gint *width, gint *height, AtkCoordType type) {
    if (!cell_is_gone(cell)) {
        gtk_cell.extents(cell, x, y, width, height, type);
        return;
    }
    *x = *y = *width = *height = 0;
}

static gboolean cell_grab_focus(AtkComponent *cell) {
    return !cell_is_gone(cell) && gtk_cell.grab_focus(cell);
}

static void guard_gtk_cell_accessibles(void) {
    static gsize guarded = 0;
    if (!g_once_init_enter(&guarded))
        return;
    GType types[] = {GTK_TYPE_CELL_ACCESSIBLE, GTK_TYPE_RENDERER_CELL_ACCESSIBLE, GTK_TYPE_TEXT_CELL_ACCESSIBLE,
                     GTK_TYPE_BOOLEAN_CELL_ACCESSIBLE, GTK_TYPE_IMAGE_CELL_ACCESSIBLE,
                     GTK_TYPE_CONTAINER_CELL_ACCESSIBLE};
    /* The class references are kept: static types' classes live as long as the process. */
    AtkObjectClass *base = g_type_class_ref(types[0]);
    AtkComponentIface *base_component = g_type_interface_peek(base, ATK_TYPE_COMPONENT);
    gtk_cell.index_in_parent = base->get_index_in_parent;
    gtk_cell.relation_set = base->ref_relation_set;
    gtk_cell.extents = base_component->get_extents;
    gtk_cell.grab_focus = base_component->grab_focus;
    for (guint i = 0; i < G_N_ELEMENTS(types); i++) {
        AtkObjectClass *klass = g_type_class_ref(types[i]);
        if (klass->get_index_in_parent == gtk_cell.index_in_parent)
            klass->get_index_in_parent = cell_index_in_parent;
        if (klass->ref_relation_set == gtk_cell.relation_set)
            klass->ref_relation_set = cell_ref_relation_set;
        AtkComponentIface *component = g_type_interface_peek(klass, ATK_TYPE_COMPONENT);
        if (component != NULL && component->get_extents == gtk_cell.extents)
            component->get_extents = cell_get_extents;
        if (component != NULL && component->grab_focus == gtk_cell.grab_focus)
            component->grab_focus = cell_grab_focus;
    }
    g_once_init_leave(&guarded, 1);
}

/* MARK: - The widget's side */

static GQuark bin_state_quark(void) {
    return g_quark_from_static_string("ptr-a11y-state");
}

static void callbacks_replace(PtrA11yState *s, PtrA11yGetSnapshot snapshot, PtrA11yText text,
                              PtrA11yActivate activate, gpointer data, GDestroyNotify destroy) {
    GDestroyNotify old_destroy = s->destroy;
    gpointer old_data = s->data;
    s->snapshot = snapshot;
    s->text = text;
    s->activate = activate;
    s->data = data;
    s->destroy = destroy;
    if (activate == NULL) {
        if (s->action_idle != 0) {
            g_source_remove(s->action_idle);
            s->action_idle = 0;
        }
        g_clear_pointer(&s->pending_action, g_free);
    }
    /* Last: the notify may call back into this widget. */
    if (old_destroy != NULL)
        old_destroy(old_data);
}

/* The bin is finalized: nothing of its state may outlive it. */
static void bin_state_free(gpointer data) {
    PtrA11yState *s = data;
    callbacks_replace(s, NULL, NULL, NULL, NULL, NULL);
    if (s->accessible != NULL)
        g_object_remove_weak_pointer(G_OBJECT(s->accessible), (gpointer *)&s->accessible);
    g_free(s);
}

/* The Swift side of `widget` (a PtrScrollableArea or a PtrRefreshBin); NULL for any other
 * widget, or a bin that never had one unless `create`. */
static PtrA11yState *widget_state(GtkWidget *widget, gboolean create) {
    if (widget == NULL)
        return NULL;
    if (G_TYPE_CHECK_INSTANCE_TYPE(widget, ptr_scrollable_area_get_type())) {
        PtrA11yState *s = &PTR_AREA(widget)->a11y;
        s->widget = widget;
        return s;
    }
    if (!PTR_IS_REFRESH_BIN(widget))
        return NULL;
    PtrA11yState *s = g_object_get_qdata(G_OBJECT(widget), bin_state_quark());
    if (s == NULL && create) {
        s = g_new0(PtrA11yState, 1);
        s->widget = widget;
        g_object_set_qdata_full(G_OBJECT(widget), bin_state_quark(), s, bin_state_free);
    }
    return s;
}

/* The Swift side of an accessible's widget; NULL once the widget is gone. */
static PtrA11yState *state_of(AtkObject *accessible) {
    if (accessible == NULL)
        return NULL;
    return widget_state(gtk_accessible_get_widget(GTK_ACCESSIBLE(accessible)), FALSE);
}

/* MARK: - Snapshots */

static void snapshot_clear(PtrA11ySnapshot *s) {
    g_free(s->name);
    g_free(s->description_key);
    g_strfreev(s->actions);
    g_strfreev(s->attributes);
    g_free(s->footer_name);
    g_strfreev(s->footer_actions);
    g_strfreev(s->row_actions);
    memset(s, 0, sizeof *s);
    s->focused_child = -1;
    s->selected_row = -1;
}

/* Asks Swift for the current snapshot (an empty one when nothing is registered). */
static void snapshot_fetch(PtrA11yState *state, PtrA11ySnapshot *out) {
    memset(out, 0, sizeof *out);
    out->focused_child = -1;
    out->selected_row = -1;
    if (state != NULL && state->snapshot != NULL)
        state->snapshot(state->widget, out, state->data);
    out->row_count = MAX(out->row_count, 0);
    out->first_row = MAX(out->first_row, 0);
    out->n_rows = MAX(out->n_rows, 0);
}

static gint actions_count(gchar **actions) {
    return actions != NULL ? (gint)(g_strv_length(actions) / PTR_A11Y_ACTION_FIELDS) : 0;
}

static const gchar *action_field(gchar **actions, gint i, guint field) {
    return i >= 0 && i < actions_count(actions) ? actions[i * PTR_A11Y_ACTION_FIELDS + field] : NULL;
}

/* MARK: - Types */

/* What both accessibles hold: the snapshot ATs were last told, and the children made from it. */
typedef struct {
    PtrA11ySnapshot snapshot;
    GPtrArray *rows;   /* PtrA11yChild* or NULL, for rows first .. first + len; NULL until initialized */
    gint first;
    AtkObject *footer;
    AtkObject *active; /* the child reported as the active descendant (borrowed) */
    gboolean owns_description; /* AtkObject's description holds our status text */
} PtrA11yModel;

typedef struct {
    AtkObject parent_instance;
    AtkObject *owner; /* the list's or the bin's accessible; not a reference; NULL once defunct */
    gint row;         /* row index, or FOOTER_ROW */
    gchar *name;      /* the last name handed out (ATK returns borrowed strings) */
    gchar **actions;  /* a row's actions with its row in the ids (built on demand) */
} PtrA11yChild;

typedef struct {
    AtkObjectClass parent_class;
} PtrA11yChildClass;

static void child_action_iface_init(AtkActionIface *iface);

G_DEFINE_TYPE_WITH_CODE(PtrA11yChild, ptr_a11y_child, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, child_action_iface_init))

typedef struct {
    GtkWidgetAccessible parent_instance;
    PtrA11yModel model;
} PtrAreaAccessible;

typedef struct {
    GtkWidgetAccessibleClass parent_class;
} PtrAreaAccessibleClass;

typedef struct {
    GtkContainerAccessible parent_instance;
    PtrA11yModel model;
} PtrBinAccessible;

typedef struct {
    GtkContainerAccessibleClass parent_class;
} PtrBinAccessibleClass;

static void owner_action_iface_init(AtkActionIface *iface);
static void list_selection_iface_init(AtkSelectionIface *iface);

G_DEFINE_TYPE_WITH_CODE(PtrAreaAccessible, ptr_area_accessible, GTK_TYPE_WIDGET_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, owner_action_iface_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_SELECTION, list_selection_iface_init))

G_DEFINE_TYPE_WITH_CODE(PtrBinAccessible, ptr_bin_accessible, GTK_TYPE_CONTAINER_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, owner_action_iface_init))

#define CHILD(o) ((PtrA11yChild *)(o))
#define IS_BIN_ACC(o) G_TYPE_CHECK_INSTANCE_TYPE((o), ptr_bin_accessible_get_type())

static PtrA11yModel *model_of(AtkObject *owner) {
    if (owner == NULL)
        return NULL;
    return IS_BIN_ACC(owner) ? &((PtrBinAccessible *)owner)->model : &((PtrAreaAccessible *)owner)->model;
}

static gint row_children(PtrA11yModel *model) {
    return model->rows != NULL ? (gint)model->rows->len : 0;
}

/* The footer comes after the other children: the rows (list) or the container's (bin). */
static gint footer_index(AtkObject *owner) {
    if (IS_BIN_ACC(owner))
        return ATK_OBJECT_CLASS(ptr_bin_accessible_parent_class)->get_n_children(owner);
    return row_children(model_of(owner));
}

/* MARK: - Child (row or footer) */

static void ptr_a11y_child_finalize(GObject *object) {
    g_free(CHILD(object)->name);
    g_strfreev(CHILD(object)->actions);
    G_OBJECT_CLASS(ptr_a11y_child_parent_class)->finalize(object);
}

static const gchar *ptr_a11y_child_get_name(AtkObject *object) {
    PtrA11yChild *self = CHILD(object);
    PtrA11yState *state = state_of(self->owner);
    if (state == NULL)
        return NULL;
    gchar *name = NULL;
    if (self->row == FOOTER_ROW)
        name = g_strdup(model_of(self->owner)->snapshot.footer_name);
    else if (state->text != NULL)
        name = state->text(state->widget, PTR_A11Y_TEXT_ROW, self->row, state->data);
    g_free(self->name);
    self->name = name;
    return name;
}

static AtkObject *ptr_a11y_child_get_parent(AtkObject *object) {
    return CHILD(object)->owner;
}

static gint ptr_a11y_child_get_index_in_parent(AtkObject *object) {
    PtrA11yChild *self = CHILD(object);
    if (self->owner == NULL)
        return -1;
    if (self->row == FOOTER_ROW)
        return footer_index(self->owner);
    PtrA11yModel *model = model_of(self->owner);
    gint index = self->row - model->first;
    return index >= 0 && index < row_children(model) ? index : -1;
}

static AtkStateSet *ptr_a11y_child_ref_state_set(AtkObject *object) {
    PtrA11yChild *self = CHILD(object);
    AtkStateSet *set = atk_state_set_new();
    if (state_of(self->owner) == NULL) {
        atk_state_set_add_state(set, ATK_STATE_DEFUNCT);
        return set;
    }
    const PtrA11ySnapshot *s = &model_of(self->owner)->snapshot;
    gboolean footer = self->row == FOOTER_ROW;
    atk_state_set_add_state(set, ATK_STATE_VISIBLE);
    if (!footer || s->footer_showing)
        atk_state_set_add_state(set, ATK_STATE_SHOWING);
    if (!footer || s->footer_actionable) {
        atk_state_set_add_state(set, ATK_STATE_ENABLED);
        atk_state_set_add_state(set, ATK_STATE_SENSITIVE);
    }
    if (footer) {
        if (s->footer_actionable)
            atk_state_set_add_state(set, ATK_STATE_FOCUSABLE);
    } else {
        atk_state_set_add_state(set, ATK_STATE_TRANSIENT);
        atk_state_set_add_state(set, ATK_STATE_SELECTABLE);
        if (self->row == s->selected_row)
            atk_state_set_add_state(set, ATK_STATE_SELECTED);
    }
    gint index = ptr_a11y_child_get_index_in_parent(object);
    if (index >= 0 && index == s->focused_child)
        atk_state_set_add_state(set, ATK_STATE_FOCUSED);
    return set;
}

static AtkAttributeSet *add_attribute(AtkAttributeSet *set, const gchar *name, gchar *value /* taken */) {
    AtkAttribute *attribute = g_new(AtkAttribute, 1);
    attribute->name = g_strdup(name);
    attribute->value = value;
    return g_slist_append(set, attribute);
}

static AtkAttributeSet *ptr_a11y_child_get_attributes(AtkObject *object) {
    PtrA11yChild *self = CHILD(object);
    if (state_of(self->owner) == NULL || self->row == FOOTER_ROW)
        return NULL;
    /* "Row 5 of 300": the AT-SPI names for an item's position in its set. */
    AtkAttributeSet *set = add_attribute(NULL, "posinset", g_strdup_printf("%d", self->row + 1));
    return add_attribute(set, "setsize", g_strdup_printf("%d", model_of(self->owner)->snapshot.row_count));
}

static void ptr_a11y_child_class_init(PtrA11yChildClass *klass) {
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(klass);
    G_OBJECT_CLASS(klass)->finalize = ptr_a11y_child_finalize;
    atk_class->get_name = ptr_a11y_child_get_name;
    atk_class->get_parent = ptr_a11y_child_get_parent;
    atk_class->get_index_in_parent = ptr_a11y_child_get_index_in_parent;
    atk_class->ref_state_set = ptr_a11y_child_ref_state_set;
    atk_class->get_attributes = ptr_a11y_child_get_attributes;
}

static void ptr_a11y_child_init(PtrA11yChild *self) {
    (void)self;
}

static AtkObject *child_new(AtkObject *owner, gint row) {
    PtrA11yChild *child = g_object_new(ptr_a11y_child_get_type(), NULL);
    child->owner = owner;
    child->row = row;
    atk_object_set_role(ATK_OBJECT(child), row == FOOTER_ROW ? ATK_ROLE_PUSH_BUTTON : ATK_ROLE_LIST_ITEM);
    return ATK_OBJECT(child);
}

/* The owner let the child go: it reports DEFUNCT from now on, then the owner's reference goes. */
static void child_release(AtkObject *child) {
    if (child == NULL)
        return;
    CHILD(child)->owner = NULL;
    atk_object_notify_state_change(child, ATK_STATE_DEFUNCT, TRUE);
    g_object_unref(child);
}

/* MARK: - Actions (scheduled: an AT's DoAction must return before the app reacts) */

static gboolean run_pending_action(gpointer data) {
    PtrA11yState *state = data;
    state->action_idle = 0;
    gchar *action = state->pending_action;
    state->pending_action = NULL;
    if (action != NULL && state->activate != NULL)
        state->activate(state->widget, action, state->data);
    g_free(action);
    return G_SOURCE_REMOVE;
}

/* `id` empty: the action cannot run now. */
static gboolean schedule_action(PtrA11yState *state, const gchar *id) {
    if (state == NULL || state->activate == NULL || id == NULL || *id == '\0')
        return FALSE;
    g_free(state->pending_action);
    state->pending_action = g_strdup(id);
    /* The idle holds the state, which goes (removing the idle) with the callbacks. */
    if (state->action_idle == 0)
        state->action_idle = g_idle_add(run_pending_action, state);
    return TRUE;
}

/* The actions the list or bin offers now, NULL once its widget is gone. */
static gchar **owner_actions(AtkAction *action) {
    AtkObject *object = ATK_OBJECT(action);
    return state_of(object) != NULL ? model_of(object)->snapshot.actions : NULL;
}

/* The footer's actions, or a row's: the snapshot's row actions with the row put in the ids. */
static gchar **child_actions(AtkAction *action) {
    PtrA11yChild *self = CHILD(action);
    if (state_of(self->owner) == NULL)
        return NULL;
    const PtrA11ySnapshot *s = &model_of(self->owner)->snapshot;
    if (self->row == FOOTER_ROW)
        return s->footer_actions;
    if (s->row_actions == NULL)
        return NULL;
    if (self->actions == NULL) {
        guint n = g_strv_length(s->row_actions);
        self->actions = g_new0(gchar *, n + 1);
        for (guint i = 0; i < n; i++) {
            gboolean is_id = i % PTR_A11Y_ACTION_FIELDS == PTR_A11Y_ACTION_ID;
            self->actions[i] = is_id ? g_strdup_printf("%s:%d", s->row_actions[i], self->row)
                                     : g_strdup(s->row_actions[i]);
        }
    }
    return self->actions;
}

static PtrA11yState *child_state(AtkAction *action) {
    return state_of(CHILD(action)->owner);
}

static PtrA11yState *owner_state(AtkAction *action) {
    return state_of(ATK_OBJECT(action));
}

/* One AtkAction implementation per kind of object, over its snapshot's action strings. */
#define ACTION_IFACE(prefix, actions_of, state_of_action)                                         \
    static gint prefix##_get_n_actions(AtkAction *action) {                                       \
        return actions_count(actions_of(action));                                                 \
    }                                                                                             \
    static gboolean prefix##_do_action(AtkAction *action, gint i) {                               \
        const gchar *id = action_field(actions_of(action), i, PTR_A11Y_ACTION_ID);                \
        return schedule_action(state_of_action(action), id);                                      \
    }                                                                                             \
    static const gchar *prefix##_get_name(AtkAction *action, gint i) {                            \
        return action_field(actions_of(action), i, PTR_A11Y_ACTION_NAME);                         \
    }                                                                                             \
    static const gchar *prefix##_get_localized_name(AtkAction *action, gint i) {                  \
        return action_field(actions_of(action), i, PTR_A11Y_ACTION_LOCALIZED);                    \
    }                                                                                             \
    static const gchar *prefix##_get_keybinding(AtkAction *action, gint i) {                      \
        return action_field(actions_of(action), i, PTR_A11Y_ACTION_KEYBINDING);                   \
    }                                                                                             \
    static void prefix##_iface_init(AtkActionIface *iface) {                                      \
        iface->get_n_actions = prefix##_get_n_actions;                                            \
        iface->do_action = prefix##_do_action;                                                    \
        iface->get_name = prefix##_get_name;                                                      \
        iface->get_localized_name = prefix##_get_localized_name;                                  \
        iface->get_description = prefix##_get_localized_name;                                     \
        iface->get_keybinding = prefix##_get_keybinding;                                          \
    }

ACTION_IFACE(child_action, child_actions, child_state)
ACTION_IFACE(owner_action, owner_actions, owner_state)

/* MARK: - What the list and the bin share */

static void drop_children(PtrA11yModel *model) {
    if (model->rows != NULL) {
        for (guint i = 0; i < model->rows->len; i++)
            child_release(g_ptr_array_index(model->rows, i));
        g_ptr_array_set_size(model->rows, 0);
    }
    child_release(model->footer);
    model->footer = NULL;
    model->active = NULL;
}

/* After the parent class's initialize: takes the first snapshot and makes the footer. */
static void model_initialize(AtkObject *object, GtkWidget *widget, AtkRole role) {
    PtrA11yModel *model = model_of(object);
    PtrA11yState *state = widget_state(widget, TRUE);
    atk_object_set_role(object, role);
    if (state != NULL && state->accessible == NULL) {
        state->accessible = object;
        g_object_add_weak_pointer(G_OBJECT(object), (gpointer *)&state->accessible);
    }
    snapshot_fetch(state, &model->snapshot);
    if (model->snapshot.name != NULL)
        atk_object_set_name(object, model->snapshot.name);
    model->rows = g_ptr_array_new();
    model->first = model->snapshot.first_row;
    g_ptr_array_set_size(model->rows, (guint)model->snapshot.n_rows);
    if (model->snapshot.footer_name != NULL)
        model->footer = child_new(object, FOOTER_ROW);
}

static void model_finalize(PtrA11yModel *model) {
    drop_children(model);
    if (model->rows != NULL)
        g_ptr_array_unref(model->rows);
    snapshot_clear(&model->snapshot);
}

static void model_init(PtrA11yModel *model) {
    model->snapshot.focused_child = -1;
    model->snapshot.selected_row = -1;
}

static AtkStateSet *add_states(AtkObject *object, AtkStateSet *set) {
    if (state_of(object) != NULL) {
        const PtrA11ySnapshot *s = &model_of(object)->snapshot;
        if (s->manages_descendants)
            atk_state_set_add_state(set, ATK_STATE_MANAGES_DESCENDANTS);
        if (s->busy)
            atk_state_set_add_state(set, ATK_STATE_BUSY);
    }
    return set;
}

/* The status, asked at read time; NULL: the parent class's. */
static const gchar *status_description(AtkObject *object) {
    PtrA11yState *state = state_of(object);
    PtrA11yModel *model = model_of(object);
    gchar *text = state != NULL && state->text != NULL
                      ? state->text(state->widget, PTR_A11Y_TEXT_DESCRIPTION, 0, state->data)
                      : NULL;
    if (text == NULL && model->owns_description) {
        /* The refresh control went (a bin's scrolled window was taken out): no stale status. */
        g_clear_pointer(&object->description, g_free);
        model->owns_description = FALSE;
    }
    if (text == NULL)
        return NULL;
    /* ATK hands out borrowed strings: keep this one in the object. */
    g_free(object->description);
    object->description = text;
    model->owns_description = TRUE;
    return text;
}

static AtkAttributeSet *add_attributes(AtkObject *object, AtkAttributeSet *set) {
    gchar **attributes = state_of(object) != NULL ? model_of(object)->snapshot.attributes : NULL;
    for (guint i = 0; attributes != NULL && attributes[i] != NULL && attributes[i + 1] != NULL; i += 2)
        set = add_attribute(set, attributes[i], g_strdup(attributes[i + 1]));
    return set;
}

/* MARK: - The list */

static void ptr_area_accessible_initialize(AtkObject *object, gpointer data) {
    ATK_OBJECT_CLASS(ptr_area_accessible_parent_class)->initialize(object, data);
    model_initialize(object, GTK_WIDGET(data), ATK_ROLE_LIST);
}

static void ptr_area_accessible_finalize(GObject *object) {
    model_finalize(model_of(ATK_OBJECT(object)));
    G_OBJECT_CLASS(ptr_area_accessible_parent_class)->finalize(object);
}

static gint ptr_area_accessible_get_n_children(AtkObject *object) {
    if (state_of(object) == NULL)
        return 0;
    PtrA11yModel *model = model_of(object);
    return row_children(model) + (model->footer != NULL ? 1 : 0);
}

static AtkObject *ptr_area_accessible_ref_child(AtkObject *object, gint i) {
    PtrA11yModel *model = model_of(object);
    if (state_of(object) == NULL || i < 0)
        return NULL;
    if (i < row_children(model)) {
        AtkObject *child = g_ptr_array_index(model->rows, i);
        if (child == NULL) {
            child = child_new(object, model->first + i);
            g_ptr_array_index(model->rows, i) = child;
        }
        return g_object_ref(child);
    }
    if (i == row_children(model) && model->footer != NULL)
        return g_object_ref(model->footer);
    return NULL;
}

static AtkStateSet *ptr_area_accessible_ref_state_set(AtkObject *object) {
    return add_states(object, ATK_OBJECT_CLASS(ptr_area_accessible_parent_class)->ref_state_set(object));
}

static const gchar *ptr_area_accessible_get_description(AtkObject *object) {
    const gchar *status = status_description(object);
    return status != NULL ? status : ATK_OBJECT_CLASS(ptr_area_accessible_parent_class)->get_description(object);
}

static AtkAttributeSet *ptr_area_accessible_get_attributes(AtkObject *object) {
    return add_attributes(object, ATK_OBJECT_CLASS(ptr_area_accessible_parent_class)->get_attributes(object));
}

static void ptr_area_accessible_class_init(PtrAreaAccessibleClass *klass) {
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(klass);
    guard_gtk_cell_accessibles();
    G_OBJECT_CLASS(klass)->finalize = ptr_area_accessible_finalize;
    atk_class->initialize = ptr_area_accessible_initialize;
    atk_class->get_n_children = ptr_area_accessible_get_n_children;
    atk_class->ref_child = ptr_area_accessible_ref_child;
    atk_class->ref_state_set = ptr_area_accessible_ref_state_set;
    atk_class->get_description = ptr_area_accessible_get_description;
    atk_class->get_attributes = ptr_area_accessible_get_attributes;
}

static void ptr_area_accessible_init(PtrAreaAccessible *self) {
    model_init(&self->model);
}

/* MARK: - The list's selection (AtkSelection over the row children; single selection) */

/* The selected row's child index, or -1 when no row is selected or it is not on screen: only
 * rows on screen are children, so only they can be handed out as the selection. */
static gint selected_child(AtkObject *object) {
    if (state_of(object) == NULL)
        return -1;
    PtrA11yModel *model = model_of(object);
    gint index = model->snapshot.selected_row - model->first;
    return model->snapshot.selected_row >= 0 && index >= 0 && index < row_children(model) ? index : -1;
}

/* Asks Swift to change the selection now, as GTK's own lists do inside the AT's call; Swift
 * publishes the new snapshot before it returns. */
static void request_selection(AtkObject *object, const gchar *id) {
    PtrA11yState *state = state_of(object);
    if (state != NULL && state->activate != NULL)
        state->activate(state->widget, id, state->data);
}

static gboolean list_add_selection(AtkSelection *selection, gint i) {
    AtkObject *object = ATK_OBJECT(selection);
    if (state_of(object) == NULL || i < 0 || i >= row_children(model_of(object)))
        return FALSE;
    gint row = model_of(object)->first + i;
    gchar *id = g_strdup_printf("select-row:%d", row);
    request_selection(object, id);
    g_free(id);
    return model_of(object)->snapshot.selected_row == row;
}

static gboolean list_clear_selection(AtkSelection *selection) {
    AtkObject *object = ATK_OBJECT(selection);
    if (state_of(object) == NULL)
        return FALSE;
    if (model_of(object)->snapshot.selected_row >= 0)
        request_selection(object, "select-none");
    return model_of(object)->snapshot.selected_row < 0;
}

static AtkObject *list_ref_selection(AtkSelection *selection, gint i) {
    gint index = selected_child(ATK_OBJECT(selection));
    return i == 0 && index >= 0 ? ptr_area_accessible_ref_child(ATK_OBJECT(selection), index) : NULL;
}

static gint list_get_selection_count(AtkSelection *selection) {
    return selected_child(ATK_OBJECT(selection)) >= 0 ? 1 : 0;
}

static gboolean list_is_child_selected(AtkSelection *selection, gint i) {
    return i >= 0 && selected_child(ATK_OBJECT(selection)) == i;
}

/* `i` counts selected children: the only one is 0. */
static gboolean list_remove_selection(AtkSelection *selection, gint i) {
    if (i != 0 || selected_child(ATK_OBJECT(selection)) < 0)
        return FALSE;
    return list_clear_selection(selection);
}

static gboolean list_select_all_selection(AtkSelection *selection) {
    (void)selection;
    return FALSE; /* single selection */
}

static void list_selection_iface_init(AtkSelectionIface *iface) {
    iface->add_selection = list_add_selection;
    iface->clear_selection = list_clear_selection;
    iface->ref_selection = list_ref_selection;
    iface->get_selection_count = list_get_selection_count;
    iface->is_child_selected = list_is_child_selected;
    iface->remove_selection = list_remove_selection;
    iface->select_all_selection = list_select_all_selection;
}

/* MARK: - The bin (the app's widgets are the container's children; the footer follows them) */

static void ptr_bin_accessible_initialize(AtkObject *object, gpointer data) {
    ATK_OBJECT_CLASS(ptr_bin_accessible_parent_class)->initialize(object, data);
    model_initialize(object, GTK_WIDGET(data), ATK_ROLE_PANEL);
}

static void ptr_bin_accessible_finalize(GObject *object) {
    model_finalize(model_of(ATK_OBJECT(object)));
    G_OBJECT_CLASS(ptr_bin_accessible_parent_class)->finalize(object);
}

/* The bin is being destroyed (GTK unsets the widget): the footer becomes defunct now, not
 * whenever the last AT lets the accessible go. */
static void ptr_bin_accessible_widget_unset(GtkAccessible *accessible) {
    drop_children(model_of(ATK_OBJECT(accessible)));
    GtkAccessibleClass *parent = GTK_ACCESSIBLE_CLASS(ptr_bin_accessible_parent_class);
    if (parent->widget_unset != NULL)
        parent->widget_unset(accessible);
}

static gint ptr_bin_accessible_get_n_children(AtkObject *object) {
    gint n = ATK_OBJECT_CLASS(ptr_bin_accessible_parent_class)->get_n_children(object);
    return n + (state_of(object) != NULL && model_of(object)->footer != NULL ? 1 : 0);
}

static AtkObject *ptr_bin_accessible_ref_child(AtkObject *object, gint i) {
    gint n = footer_index(object);
    if (i < n)
        return ATK_OBJECT_CLASS(ptr_bin_accessible_parent_class)->ref_child(object, i);
    AtkObject *footer = state_of(object) != NULL ? model_of(object)->footer : NULL;
    return i == n && footer != NULL ? g_object_ref(footer) : NULL;
}

static AtkStateSet *ptr_bin_accessible_ref_state_set(AtkObject *object) {
    return add_states(object, ATK_OBJECT_CLASS(ptr_bin_accessible_parent_class)->ref_state_set(object));
}

static const gchar *ptr_bin_accessible_get_description(AtkObject *object) {
    const gchar *status = status_description(object);
    return status != NULL ? status : ATK_OBJECT_CLASS(ptr_bin_accessible_parent_class)->get_description(object);
}

static AtkAttributeSet *ptr_bin_accessible_get_attributes(AtkObject *object) {
    return add_attributes(object, ATK_OBJECT_CLASS(ptr_bin_accessible_parent_class)->get_attributes(object));
}

static void ptr_bin_accessible_class_init(PtrBinAccessibleClass *klass) {
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(klass);
    guard_gtk_cell_accessibles();
    G_OBJECT_CLASS(klass)->finalize = ptr_bin_accessible_finalize;
    GTK_ACCESSIBLE_CLASS(klass)->widget_unset = ptr_bin_accessible_widget_unset;
    atk_class->initialize = ptr_bin_accessible_initialize;
    atk_class->get_n_children = ptr_bin_accessible_get_n_children;
    atk_class->ref_child = ptr_bin_accessible_ref_child;
    atk_class->ref_state_set = ptr_bin_accessible_ref_state_set;
    atk_class->get_description = ptr_bin_accessible_get_description;
    atk_class->get_attributes = ptr_bin_accessible_get_attributes;
}

static void ptr_bin_accessible_init(PtrBinAccessible *self) {
    model_init(&self->model);
}

/* MARK: - Keeping ATs informed */

/* Moves the row children to the new visible range: those still visible keep their objects,
 * the others are removed (children-changed::remove) and the new ones added. */
static void sync_rows(AtkObject *object, gint first, gint count) {
    PtrA11yModel *model = model_of(object);
    gint old_first = model->first, old_count = row_children(model);
    if (first == old_first && count == old_count)
        return;
    gboolean footer_moves = model->footer != NULL && count != old_count;
    if (footer_moves)
        g_signal_emit_by_name(object, "children-changed::remove", old_count, model->footer);
    GPtrArray *rows = g_ptr_array_new();
    g_ptr_array_set_size(rows, (guint)count);
    for (gint i = old_count - 1; i >= 0; i--) {
        AtkObject *child = g_ptr_array_index(model->rows, i);
        gint row = old_first + i;
        if (row >= first && row < first + count) {
            g_ptr_array_index(rows, row - first) = child;
        } else if (child != NULL) {
            if (model->active == child)
                model->active = NULL;
            g_signal_emit_by_name(object, "children-changed::remove", i, child);
            child_release(child);
        }
    }
    g_ptr_array_unref(model->rows);
    model->rows = rows;
    model->first = first;
    for (gint i = 0; i < count; i++) {
        gint row = first + i;
        if (row >= old_first && row < old_first + old_count)
            continue;
        AtkObject *child = child_new(object, row);
        g_ptr_array_index(rows, i) = child;
        g_signal_emit_by_name(object, "children-changed::add", i, child);
    }
    if (footer_moves)
        g_signal_emit_by_name(object, "children-changed::add", count, model->footer);
}

static void sync_footer(AtkObject *object, gboolean wanted) {
    PtrA11yModel *model = model_of(object);
    if (!wanted && model->footer != NULL) {
        AtkObject *footer = model->footer;
        gint index = footer_index(object);
        model->footer = NULL;
        if (model->active == footer)
            model->active = NULL;
        g_signal_emit_by_name(object, "children-changed::remove", index, footer);
        child_release(footer);
    } else if (wanted && model->footer == NULL) {
        model->footer = child_new(object, FOOTER_ROW);
        g_signal_emit_by_name(object, "children-changed::add", footer_index(object), model->footer);
    }
}

/* The child the snapshot gives the virtual focus (a row, or the footer), or NULL. */
static AtkObject *focused_child(AtkObject *object) {
    PtrA11yModel *model = model_of(object);
    gint index = model->snapshot.focused_child;
    if (index < 0 || index > row_children(model))
        return NULL;
    if (index == row_children(model))
        return model->footer;
    AtkObject *child = g_ptr_array_index(model->rows, index);
    if (child == NULL) {
        child = child_new(object, model->first + index);
        g_ptr_array_index(model->rows, index) = child;
    }
    return child;
}

/* Takes Swift's new snapshot and tells ATs what differs from the last one. Queries made while
 * the signals go out (the AT-SPI bridge reads back at once) see the new snapshot. */
static void update_from_swift(AtkObject *object, PtrA11yState *state) {
    PtrA11yModel *model = model_of(object);
    PtrA11ySnapshot old = model->snapshot;
    snapshot_fetch(state, &model->snapshot);
    const PtrA11ySnapshot *s = &model->snapshot;
    if (s->name != NULL && g_strcmp0(old.name, s->name) != 0)
        atk_object_set_name(object, s->name);
    gboolean had_footer = model->footer != NULL;
    sync_rows(object, s->first_row, s->n_rows);
    sync_footer(object, s->footer_name != NULL);
    if (had_footer && model->footer != NULL) {
        if (g_strcmp0(old.footer_name, s->footer_name) != 0)
            g_object_notify(G_OBJECT(model->footer), "accessible-name");
        if (old.footer_showing != s->footer_showing)
            atk_object_notify_state_change(model->footer, ATK_STATE_SHOWING, s->footer_showing);
        if (old.footer_actionable != s->footer_actionable) {
            atk_object_notify_state_change(model->footer, ATK_STATE_ENABLED, s->footer_actionable);
            atk_object_notify_state_change(model->footer, ATK_STATE_SENSITIVE, s->footer_actionable);
        }
    }
    if (old.busy != s->busy)
        atk_object_notify_state_change(object, ATK_STATE_BUSY, s->busy);
    if (g_strcmp0(old.description_key, s->description_key) != 0)
        g_object_notify(G_OBJECT(object), "accessible-description");
    if (old.selected_row != s->selected_row) {
        /* Only row children on screen exist; the others read their state when made. */
        for (guint i = 0; i < model->rows->len; i++) {
            AtkObject *child = g_ptr_array_index(model->rows, i);
            if (child == NULL)
                continue;
            gint row = CHILD(child)->row;
            if (row == old.selected_row || row == s->selected_row)
                atk_object_notify_state_change(child, ATK_STATE_SELECTED, row == s->selected_row);
        }
        if (ATK_IS_SELECTION(object))
            g_signal_emit_by_name(object, "selection-changed");
    }
    AtkObject *active = focused_child(object);
    if (active != model->active) {
        if (model->active != NULL)
            atk_object_notify_state_change(model->active, ATK_STATE_FOCUSED, FALSE);
        model->active = active;
        if (active != NULL) {
            atk_object_notify_state_change(active, ATK_STATE_FOCUSED, TRUE);
            g_signal_emit_by_name(object, "active-descendant-changed", active);
        }
    }
    snapshot_clear(&old);
}

void ptr_a11y_changed(GtkWidget *widget) {
    PtrA11yState *state = widget_state(widget, FALSE);
    g_return_if_fail(state != NULL || PTR_IS_REFRESH_BIN(widget));
    if (state == NULL || state->accessible == NULL || model_of(state->accessible)->rows == NULL)
        return; /* no AT asked yet: nothing to tell */
    update_from_swift(state->accessible, state);
}

/* MARK: - Registration and teardown */

void ptr_area_a11y_dispose(PtrScrollableArea *area) {
    PtrA11yState *s = &area->a11y;
    callbacks_replace(s, NULL, NULL, NULL, NULL, NULL);
    if (s->accessible != NULL) {
        drop_children(model_of(s->accessible));
        g_object_remove_weak_pointer(G_OBJECT(s->accessible), (gpointer *)&s->accessible);
        s->accessible = NULL;
    }
}

void ptr_a11y_set_callbacks(GtkWidget *widget, PtrA11yGetSnapshot snapshot, PtrA11yText text,
                            PtrA11yActivate activate, gpointer user_data, GDestroyNotify destroy) {
    PtrA11yState *state = widget_state(widget, TRUE);
    g_return_if_fail(state != NULL);
    callbacks_replace(state, snapshot, text, activate, user_data, destroy);
    /* Registered: the new state shows; unregistered from a bin that lives on (its scrolled window
     * was taken out): its refresh control is gone, so are its busy state and actions. (Our list
     * unregisters only while its widgets go: its children go defunct at the area's dispose.) */
    if (snapshot != NULL || (PTR_IS_REFRESH_BIN(widget) && !gtk_widget_in_destruction(widget)))
        ptr_a11y_changed(widget);
}

AtkObject *ptr_a11y_peek_accessible(GtkWidget *widget) {
    PtrA11yState *state = widget_state(widget, FALSE);
    return state != NULL ? state->accessible : NULL;
}
