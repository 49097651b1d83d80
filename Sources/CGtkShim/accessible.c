/*
 * The list's accessible object (ATK, exported over AT-SPI by GTK's bridge).
 *
 * PtrAreaAccessible (a GtkWidgetAccessible, role LIST) maps a snapshot that Swift builds onto ATK;
 * it decides nothing itself (which actions exist, what they run, their names and key bindings,
 * which child has the virtual focus, the attributes: all in the snapshot). It shows:
 *   - name: the snapshot's;
 *   - description: the refresh status, asked from Swift at read time, so that "Last updated:
 *     3 min ago" is true whenever it is read;
 *   - states: GTK's own (focusable, focused, …) plus BUSY and MANAGES_DESCENDANTS (the row
 *     children are transient);
 *   - AtkAction and attributes: the snapshot's;
 *   - children: one LIST_ITEM per visible row ("Title, subtitle", asked at read time, with
 *     posinset/setsize), then the footer as a PUSH_BUTTON when the snapshot has one.
 * The virtual focus is reported with "active-descendant-changed" and the child's FOCUSED state,
 * as GtkTreeView does for its cells.
 *
 * Flow: Swift calls ptr_scrollable_area_a11y_changed once per change; if an AT created the
 * accessible, it asks Swift for the new snapshot, diffs it against the one it holds and emits
 * the signals. Until an AT asks, nothing is built here.
 *
 * PtrA11yChild is a row or the footer. It points at its list without a reference (the list
 * holds the children, and makes them defunct when it lets them go), so there is no cycle.
 */
#include "area_private.h"
#include <gtk/gtk-a11y.h>
#include <string.h>

#define FOOTER_ROW (-1)

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
static void snapshot_fetch(PtrScrollableArea *area, PtrA11ySnapshot *out) {
    memset(out, 0, sizeof *out);
    out->focused_child = -1;
    out->selected_row = -1;
    if (area->a11y.snapshot != NULL)
        area->a11y.snapshot(GTK_WIDGET(area), out, area->a11y.data);
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

typedef struct {
    AtkObject parent_instance;
    AtkObject *list; /* not a reference; NULL once defunct */
    gint row;        /* row index, or FOOTER_ROW */
    gchar *name;     /* the last name handed out (ATK returns borrowed strings) */
    gchar **actions; /* a row's actions with its row in the ids (built on demand) */
} PtrA11yChild;

typedef struct {
    AtkObjectClass parent_class;
} PtrA11yChildClass;

static void footer_action_iface_init(AtkActionIface *iface);

G_DEFINE_TYPE_WITH_CODE(PtrA11yChild, ptr_a11y_child, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, footer_action_iface_init))

typedef struct {
    GtkWidgetAccessible parent_instance;
    PtrA11ySnapshot snapshot; /* what ATs were last told */
    GPtrArray *rows;          /* PtrA11yChild* or NULL, for rows first .. first + len */
    gint first;
    AtkObject *footer;
    AtkObject *active; /* the child reported as the active descendant (borrowed) */
} PtrAreaAccessible;

typedef struct {
    GtkWidgetAccessibleClass parent_class;
} PtrAreaAccessibleClass;

static void list_action_iface_init(AtkActionIface *iface);

G_DEFINE_TYPE_WITH_CODE(PtrAreaAccessible, ptr_area_accessible, GTK_TYPE_WIDGET_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, list_action_iface_init))

#define AREA_ACC(o) ((PtrAreaAccessible *)(o))
#define CHILD(o) ((PtrA11yChild *)(o))

static PtrScrollableArea *area_of(AtkObject *accessible) {
    if (accessible == NULL)
        return NULL;
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(accessible));
    return widget != NULL ? PTR_AREA(widget) : NULL;
}

static gint footer_index(PtrAreaAccessible *self) {
    return self->rows != NULL ? (gint)self->rows->len : 0;
}

/* MARK: - Child (row or footer) */

static void ptr_a11y_child_finalize(GObject *object) {
    g_free(CHILD(object)->name);
    g_strfreev(CHILD(object)->actions);
    G_OBJECT_CLASS(ptr_a11y_child_parent_class)->finalize(object);
}

static const gchar *ptr_a11y_child_get_name(AtkObject *object) {
    PtrA11yChild *self = CHILD(object);
    PtrScrollableArea *area = area_of(self->list);
    if (area == NULL)
        return NULL;
    gchar *name = NULL;
    if (self->row == FOOTER_ROW)
        name = g_strdup(AREA_ACC(self->list)->snapshot.footer_name);
    else if (area->a11y.text != NULL)
        name = area->a11y.text(GTK_WIDGET(area), PTR_A11Y_TEXT_ROW, self->row, area->a11y.data);
    g_free(self->name);
    self->name = name;
    return name;
}

static AtkObject *ptr_a11y_child_get_parent(AtkObject *object) {
    return CHILD(object)->list;
}

static gint ptr_a11y_child_get_index_in_parent(AtkObject *object) {
    PtrA11yChild *self = CHILD(object);
    if (self->list == NULL)
        return -1;
    PtrAreaAccessible *list = AREA_ACC(self->list);
    if (self->row == FOOTER_ROW)
        return footer_index(list);
    gint index = self->row - list->first;
    return index >= 0 && index < footer_index(list) ? index : -1;
}

static AtkStateSet *ptr_a11y_child_ref_state_set(AtkObject *object) {
    PtrA11yChild *self = CHILD(object);
    AtkStateSet *set = atk_state_set_new();
    if (area_of(self->list) == NULL) {
        atk_state_set_add_state(set, ATK_STATE_DEFUNCT);
        return set;
    }
    const PtrA11ySnapshot *s = &AREA_ACC(self->list)->snapshot;
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
    if (area_of(self->list) == NULL || self->row == FOOTER_ROW)
        return NULL;
    /* "Row 5 of 300": the AT-SPI names for an item's position in its set. */
    AtkAttributeSet *set = add_attribute(NULL, "posinset", g_strdup_printf("%d", self->row + 1));
    return add_attribute(set, "setsize", g_strdup_printf("%d", AREA_ACC(self->list)->snapshot.row_count));
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

static AtkObject *child_new(PtrAreaAccessible *list, gint row) {
    PtrA11yChild *child = g_object_new(ptr_a11y_child_get_type(), NULL);
    child->list = ATK_OBJECT(list);
    child->row = row;
    atk_object_set_role(ATK_OBJECT(child), row == FOOTER_ROW ? ATK_ROLE_PUSH_BUTTON : ATK_ROLE_LIST_ITEM);
    return ATK_OBJECT(child);
}

/* The list let the child go: it reports DEFUNCT from now on, then the list's reference goes. */
static void child_release(AtkObject *child) {
    if (child == NULL)
        return;
    CHILD(child)->list = NULL;
    atk_object_notify_state_change(child, ATK_STATE_DEFUNCT, TRUE);
    g_object_unref(child);
}

/* MARK: - Actions (scheduled: an AT's DoAction must return before the app reacts) */

static gboolean run_pending_action(gpointer data) {
    PtrScrollableArea *area = PTR_AREA(data);
    area->a11y.action_idle = 0;
    gchar *action = area->a11y.pending_action;
    area->a11y.pending_action = NULL;
    if (action != NULL && area->a11y.activate != NULL)
        area->a11y.activate(GTK_WIDGET(area), action, area->a11y.data);
    g_free(action);
    return G_SOURCE_REMOVE;
}

/* `id` empty: the action cannot run now. */
static gboolean schedule_action(PtrScrollableArea *area, const gchar *id) {
    if (area == NULL || area->a11y.activate == NULL || id == NULL || *id == '\0')
        return FALSE;
    g_free(area->a11y.pending_action);
    area->a11y.pending_action = g_strdup(id);
    if (area->a11y.action_idle == 0)
        area->a11y.action_idle = g_idle_add(run_pending_action, area);
    return TRUE;
}

/* The actions an AtkAction implementor offers now: the list's or the footer's, NULL when gone. */
static gchar **list_actions(AtkAction *action) {
    AtkObject *object = ATK_OBJECT(action);
    return area_of(object) != NULL ? AREA_ACC(object)->snapshot.actions : NULL;
}

/* The footer's actions, or a row's: the snapshot's row actions with the row put in the ids. */
static gchar **footer_actions(AtkAction *action) {
    PtrA11yChild *self = CHILD(action);
    if (area_of(self->list) == NULL)
        return NULL;
    const PtrA11ySnapshot *s = &AREA_ACC(self->list)->snapshot;
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

static PtrScrollableArea *child_area(AtkAction *action) {
    return area_of(CHILD(action)->list);
}

static PtrScrollableArea *list_area(AtkAction *action) {
    return area_of(ATK_OBJECT(action));
}

/* One AtkAction implementation per kind of object, over its snapshot's action strings. */
#define ACTION_IFACE(prefix, actions_of, area_of_action)                                          \
    static gint prefix##_get_n_actions(AtkAction *action) {                                       \
        return actions_count(actions_of(action));                                                 \
    }                                                                                             \
    static gboolean prefix##_do_action(AtkAction *action, gint i) {                               \
        const gchar *id = action_field(actions_of(action), i, PTR_A11Y_ACTION_ID);                \
        return schedule_action(area_of_action(action), id);                                       \
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

ACTION_IFACE(footer_action, footer_actions, child_area)
ACTION_IFACE(list_action, list_actions, list_area)

/* MARK: - The list */

static void drop_children(PtrAreaAccessible *self) {
    if (self->rows != NULL) {
        for (guint i = 0; i < self->rows->len; i++)
            child_release(g_ptr_array_index(self->rows, i));
        g_ptr_array_set_size(self->rows, 0);
    }
    child_release(self->footer);
    self->footer = NULL;
    self->active = NULL;
}

static void ptr_area_accessible_initialize(AtkObject *object, gpointer data) {
    ATK_OBJECT_CLASS(ptr_area_accessible_parent_class)->initialize(object, data);
    PtrAreaAccessible *self = AREA_ACC(object);
    PtrScrollableArea *area = PTR_AREA(data);
    atk_object_set_role(object, ATK_ROLE_LIST);
    if (area->accessible == NULL) {
        area->accessible = object;
        g_object_add_weak_pointer(G_OBJECT(object), (gpointer *)&area->accessible);
    }
    snapshot_fetch(area, &self->snapshot);
    if (self->snapshot.name != NULL)
        atk_object_set_name(object, self->snapshot.name);
    self->rows = g_ptr_array_new();
    self->first = self->snapshot.first_row;
    g_ptr_array_set_size(self->rows, (guint)self->snapshot.n_rows);
    if (self->snapshot.footer_name != NULL)
        self->footer = child_new(self, FOOTER_ROW);
}

static void ptr_area_accessible_finalize(GObject *object) {
    PtrAreaAccessible *self = AREA_ACC(object);
    drop_children(self);
    if (self->rows != NULL)
        g_ptr_array_unref(self->rows);
    snapshot_clear(&self->snapshot);
    G_OBJECT_CLASS(ptr_area_accessible_parent_class)->finalize(object);
}

static gint ptr_area_accessible_get_n_children(AtkObject *object) {
    PtrAreaAccessible *self = AREA_ACC(object);
    if (area_of(object) == NULL)
        return 0;
    return footer_index(self) + (self->footer != NULL ? 1 : 0);
}

static AtkObject *ptr_area_accessible_ref_child(AtkObject *object, gint i) {
    PtrAreaAccessible *self = AREA_ACC(object);
    if (area_of(object) == NULL || i < 0)
        return NULL;
    if (i < footer_index(self)) {
        AtkObject *child = g_ptr_array_index(self->rows, i);
        if (child == NULL) {
            child = child_new(self, self->first + i);
            g_ptr_array_index(self->rows, i) = child;
        }
        return g_object_ref(child);
    }
    if (i == footer_index(self) && self->footer != NULL)
        return g_object_ref(self->footer);
    return NULL;
}

static AtkStateSet *ptr_area_accessible_ref_state_set(AtkObject *object) {
    AtkStateSet *set = ATK_OBJECT_CLASS(ptr_area_accessible_parent_class)->ref_state_set(object);
    if (area_of(object) != NULL) {
        atk_state_set_add_state(set, ATK_STATE_MANAGES_DESCENDANTS);
        if (AREA_ACC(object)->snapshot.busy)
            atk_state_set_add_state(set, ATK_STATE_BUSY);
    }
    return set;
}

static const gchar *ptr_area_accessible_get_description(AtkObject *object) {
    PtrScrollableArea *area = area_of(object);
    if (area != NULL && area->a11y.text != NULL) {
        gchar *text = area->a11y.text(GTK_WIDGET(area), PTR_A11Y_TEXT_DESCRIPTION, 0, area->a11y.data);
        if (text != NULL) {
            /* ATK hands out borrowed strings: keep this one in the object. */
            g_free(object->description);
            object->description = text;
            return text;
        }
    }
    return ATK_OBJECT_CLASS(ptr_area_accessible_parent_class)->get_description(object);
}

static AtkAttributeSet *ptr_area_accessible_get_attributes(AtkObject *object) {
    AtkAttributeSet *set = ATK_OBJECT_CLASS(ptr_area_accessible_parent_class)->get_attributes(object);
    gchar **attributes = area_of(object) != NULL ? AREA_ACC(object)->snapshot.attributes : NULL;
    for (guint i = 0; attributes != NULL && attributes[i] != NULL && attributes[i + 1] != NULL; i += 2)
        set = add_attribute(set, attributes[i], g_strdup(attributes[i + 1]));
    return set;
}

static void ptr_area_accessible_class_init(PtrAreaAccessibleClass *klass) {
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(klass);
    G_OBJECT_CLASS(klass)->finalize = ptr_area_accessible_finalize;
    atk_class->initialize = ptr_area_accessible_initialize;
    atk_class->get_n_children = ptr_area_accessible_get_n_children;
    atk_class->ref_child = ptr_area_accessible_ref_child;
    atk_class->ref_state_set = ptr_area_accessible_ref_state_set;
    atk_class->get_description = ptr_area_accessible_get_description;
    atk_class->get_attributes = ptr_area_accessible_get_attributes;
}

static void ptr_area_accessible_init(PtrAreaAccessible *self) {
    self->snapshot.focused_child = -1;
}

/* MARK: - Keeping ATs informed */

/* Moves the row children to the new visible range: those still visible keep their objects,
 * the others are removed (children-changed::remove) and the new ones added. */
static void sync_rows(PtrAreaAccessible *self, gint first, gint count) {
    gint old_first = self->first, old_count = footer_index(self);
    if (first == old_first && count == old_count)
        return;
    AtkObject *object = ATK_OBJECT(self);
    gboolean footer_moves = self->footer != NULL && count != old_count;
    if (footer_moves)
        g_signal_emit_by_name(object, "children-changed::remove", old_count, self->footer);
    GPtrArray *rows = g_ptr_array_new();
    g_ptr_array_set_size(rows, (guint)count);
    for (gint i = old_count - 1; i >= 0; i--) {
        AtkObject *child = g_ptr_array_index(self->rows, i);
        gint row = old_first + i;
        if (row >= first && row < first + count) {
            g_ptr_array_index(rows, row - first) = child;
        } else if (child != NULL) {
            if (self->active == child)
                self->active = NULL;
            g_signal_emit_by_name(object, "children-changed::remove", i, child);
            child_release(child);
        }
    }
    g_ptr_array_unref(self->rows);
    self->rows = rows;
    self->first = first;
    for (gint i = 0; i < count; i++) {
        gint row = first + i;
        if (row >= old_first && row < old_first + old_count)
            continue;
        AtkObject *child = child_new(self, row);
        g_ptr_array_index(rows, i) = child;
        g_signal_emit_by_name(object, "children-changed::add", i, child);
    }
    if (footer_moves)
        g_signal_emit_by_name(object, "children-changed::add", count, self->footer);
}

static void sync_footer(PtrAreaAccessible *self, gboolean wanted) {
    AtkObject *object = ATK_OBJECT(self);
    if (!wanted && self->footer != NULL) {
        AtkObject *footer = self->footer;
        self->footer = NULL;
        if (self->active == footer)
            self->active = NULL;
        g_signal_emit_by_name(object, "children-changed::remove", footer_index(self), footer);
        child_release(footer);
    } else if (wanted && self->footer == NULL) {
        self->footer = child_new(self, FOOTER_ROW);
        g_signal_emit_by_name(object, "children-changed::add", footer_index(self), self->footer);
    }
}

/* The child the snapshot gives the virtual focus (a row, or the footer), or NULL. */
static AtkObject *focused_child(PtrAreaAccessible *self) {
    gint index = self->snapshot.focused_child;
    if (index < 0)
        return NULL;
    if (index == footer_index(self))
        return self->footer;
    if (index > footer_index(self))
        return NULL;
    AtkObject *child = ptr_area_accessible_ref_child(ATK_OBJECT(self), index);
    g_object_unref(child); /* still held by the list */
    return child;
}

/* Takes Swift's new snapshot and tells ATs what differs from the last one. Queries made while
 * the signals go out (the AT-SPI bridge reads back at once) see the new snapshot. */
static void update_from_swift(PtrAreaAccessible *self, PtrScrollableArea *area) {
    AtkObject *object = ATK_OBJECT(self);
    PtrA11ySnapshot old = self->snapshot;
    snapshot_fetch(area, &self->snapshot);
    const PtrA11ySnapshot *s = &self->snapshot;
    if (s->name != NULL && g_strcmp0(old.name, s->name) != 0)
        atk_object_set_name(object, s->name);
    gboolean had_footer = self->footer != NULL;
    sync_rows(self, s->first_row, s->n_rows);
    sync_footer(self, s->footer_name != NULL);
    if (had_footer && self->footer != NULL) {
        if (g_strcmp0(old.footer_name, s->footer_name) != 0)
            g_object_notify(G_OBJECT(self->footer), "accessible-name");
        if (old.footer_showing != s->footer_showing)
            atk_object_notify_state_change(self->footer, ATK_STATE_SHOWING, s->footer_showing);
        if (old.footer_actionable != s->footer_actionable) {
            atk_object_notify_state_change(self->footer, ATK_STATE_ENABLED, s->footer_actionable);
            atk_object_notify_state_change(self->footer, ATK_STATE_SENSITIVE, s->footer_actionable);
        }
    }
    if (old.busy != s->busy)
        atk_object_notify_state_change(object, ATK_STATE_BUSY, s->busy);
    if (g_strcmp0(old.description_key, s->description_key) != 0)
        g_object_notify(G_OBJECT(object), "accessible-description");
    if (old.selected_row != s->selected_row && self->rows != NULL) {
        /* Only row children on screen exist; the others read their state when made. */
        for (guint i = 0; i < self->rows->len; i++) {
            AtkObject *child = g_ptr_array_index(self->rows, i);
            if (child == NULL)
                continue;
            gint row = CHILD(child)->row;
            if (row == old.selected_row || row == s->selected_row)
                atk_object_notify_state_change(child, ATK_STATE_SELECTED, row == s->selected_row);
        }
    }
    AtkObject *active = focused_child(self);
    if (active != self->active) {
        if (self->active != NULL)
            atk_object_notify_state_change(self->active, ATK_STATE_FOCUSED, FALSE);
        self->active = active;
        if (active != NULL) {
            atk_object_notify_state_change(active, ATK_STATE_FOCUSED, TRUE);
            g_signal_emit_by_name(object, "active-descendant-changed", active);
        }
    }
    snapshot_clear(&old);
}

void ptr_scrollable_area_a11y_changed(GtkWidget *widget) {
    g_return_if_fail(G_TYPE_CHECK_INSTANCE_TYPE(widget, ptr_scrollable_area_get_type()));
    PtrScrollableArea *area = PTR_AREA(widget);
    PtrAreaAccessible *self = area->accessible != NULL ? AREA_ACC(area->accessible) : NULL;
    if (self == NULL || self->rows == NULL)
        return; /* no AT asked yet: nothing to tell */
    update_from_swift(self, area);
}

/* MARK: - Registration and teardown */

static void set_callbacks(PtrScrollableArea *area, PtrA11yGetSnapshot snapshot, PtrA11yText text,
                          PtrA11yActivate activate, gpointer data, GDestroyNotify destroy) {
    PtrA11yState *s = &area->a11y;
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

void ptr_area_a11y_dispose(PtrScrollableArea *area) {
    set_callbacks(area, NULL, NULL, NULL, NULL, NULL);
    if (area->accessible != NULL) {
        drop_children(AREA_ACC(area->accessible));
        g_object_remove_weak_pointer(G_OBJECT(area->accessible), (gpointer *)&area->accessible);
        area->accessible = NULL;
    }
}

void ptr_scrollable_area_set_a11y_callbacks(GtkWidget *widget, PtrA11yGetSnapshot snapshot, PtrA11yText text,
                                            PtrA11yActivate activate, gpointer user_data,
                                            GDestroyNotify destroy) {
    g_return_if_fail(G_TYPE_CHECK_INSTANCE_TYPE(widget, ptr_scrollable_area_get_type()));
    set_callbacks(PTR_AREA(widget), snapshot, text, activate, user_data, destroy);
    if (snapshot != NULL)
        ptr_scrollable_area_a11y_changed(widget);
}

AtkObject *ptr_scrollable_area_peek_accessible(GtkWidget *widget) {
    g_return_val_if_fail(G_TYPE_CHECK_INSTANCE_TYPE(widget, ptr_scrollable_area_get_type()), NULL);
    return PTR_AREA(widget)->accessible;
}
