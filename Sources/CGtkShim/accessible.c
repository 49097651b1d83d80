/*
 * The list's accessible object (ATK, exported over AT-SPI by GTK's bridge).
 *
 * PtrAreaAccessible (a GtkWidgetAccessible, role LIST) is what an AT sees for the area:
 *   - name: the list's name (set from Swift with atk_object_set_name);
 *   - description: the refresh status, asked from Swift at query time, so that "Last updated:
 *     3 min ago" is true whenever it is read;
 *   - states: GTK's own (focusable, focused, …) plus BUSY while refreshing and
 *     MANAGES_DESCENDANTS (the row children are transient);
 *   - AtkAction: "refresh", and "load-more" or "retry" while the footer offers them;
 *   - attributes: row-count, first-visible-row, visible-rows, focused-row, refresh-state,
 *     footer-state;
 *   - children: one LIST_ITEM per visible row ("Title, subtitle", posinset/setsize attributes),
 *     then the footer as a PUSH_BUTTON (action "click") when the list has one.
 * The virtual focus (a row, or the footer after Tab) is reported with "active-descendant-changed"
 * and the child's FOCUSED state, as GtkTreeView does for its cells.
 *
 * PtrA11yChild is a row or the footer. It points at its list without a reference (the list
 * holds the children, and makes them defunct when it lets them go), so there is no cycle.
 */
#include "area_private.h"
#include <gtk/gtk-a11y.h>

#define FOOTER_ROW (-1)

/* MARK: - Child (row or footer) */

typedef struct {
    AtkObject parent_instance;
    AtkObject *list; /* not a reference; NULL once defunct */
    gint row;        /* row index, or FOOTER_ROW */
    gchar *name;     /* the last name handed out (ATK returns borrowed strings) */
} PtrA11yChild;

typedef struct {
    AtkObjectClass parent_class;
} PtrA11yChildClass;

static void ptr_a11y_child_action_init(AtkActionIface *iface);

G_DEFINE_TYPE_WITH_CODE(PtrA11yChild, ptr_a11y_child, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, ptr_a11y_child_action_init))

typedef struct {
    GtkWidgetAccessible parent_instance;
    GPtrArray *rows; /* PtrA11yChild* or NULL, for rows first .. first + len */
    gint first;
    AtkObject *footer;
    AtkObject *active; /* the child reported as the active descendant (borrowed) */
    gboolean busy;     /* as last reported */
} PtrAreaAccessible;

typedef struct {
    GtkWidgetAccessibleClass parent_class;
} PtrAreaAccessibleClass;

static void ptr_area_accessible_action_init(AtkActionIface *iface);

G_DEFINE_TYPE_WITH_CODE(PtrAreaAccessible, ptr_area_accessible, GTK_TYPE_WIDGET_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, ptr_area_accessible_action_init))

#define AREA_ACC(o) ((PtrAreaAccessible *)(o))
#define CHILD(o) ((PtrA11yChild *)(o))

static PtrScrollableArea *area_of(AtkObject *accessible) {
    if (accessible == NULL)
        return NULL;
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(accessible));
    return widget != NULL ? PTR_AREA(widget) : NULL;
}

static gboolean area_has_focus(PtrScrollableArea *area) {
    return area != NULL && gtk_widget_has_focus(GTK_WIDGET(area));
}

static gint footer_index(PtrAreaAccessible *self) {
    return self->rows != NULL ? (gint)self->rows->len : 0;
}

static void ptr_a11y_child_finalize(GObject *object) {
    g_free(CHILD(object)->name);
    G_OBJECT_CLASS(ptr_a11y_child_parent_class)->finalize(object);
}

static const gchar *ptr_a11y_child_get_name(AtkObject *object) {
    PtrA11yChild *self = CHILD(object);
    PtrScrollableArea *area = area_of(self->list);
    if (area == NULL)
        return NULL;
    gchar *name = NULL;
    if (self->row == FOOTER_ROW)
        name = g_strdup(area->a11y.footer_name);
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

static gboolean child_is_focused(PtrA11yChild *self, PtrScrollableArea *area) {
    if (!area_has_focus(area))
        return FALSE;
    if (self->row == FOOTER_ROW)
        return area->a11y.footer_focused;
    return !area->a11y.footer_focused && self->row == area->a11y.focused_row;
}

static AtkStateSet *ptr_a11y_child_ref_state_set(AtkObject *object) {
    PtrA11yChild *self = CHILD(object);
    AtkStateSet *set = atk_state_set_new();
    PtrScrollableArea *area = area_of(self->list);
    if (area == NULL) {
        atk_state_set_add_state(set, ATK_STATE_DEFUNCT);
        return set;
    }
    gboolean footer = self->row == FOOTER_ROW;
    atk_state_set_add_state(set, ATK_STATE_VISIBLE);
    if (!footer || area->a11y.footer_showing)
        atk_state_set_add_state(set, ATK_STATE_SHOWING);
    if (!footer || area->a11y.footer_actionable) {
        atk_state_set_add_state(set, ATK_STATE_ENABLED);
        atk_state_set_add_state(set, ATK_STATE_SENSITIVE);
    }
    if (footer) {
        if (area->a11y.footer_actionable)
            atk_state_set_add_state(set, ATK_STATE_FOCUSABLE);
    } else {
        atk_state_set_add_state(set, ATK_STATE_TRANSIENT);
    }
    if (child_is_focused(self, area))
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
    PtrScrollableArea *area = area_of(self->list);
    if (area == NULL || self->row == FOOTER_ROW)
        return NULL;
    /* "Row 5 of 300": the AT-SPI names for an item's position in its set. */
    AtkAttributeSet *set = add_attribute(NULL, "posinset", g_strdup_printf("%d", self->row + 1));
    return add_attribute(set, "setsize", g_strdup_printf("%d", area->a11y.row_count));
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

static gboolean schedule_action(PtrScrollableArea *area, const gchar *action) {
    if (area == NULL || area->a11y.activate == NULL)
        return FALSE;
    g_free(area->a11y.pending_action);
    area->a11y.pending_action = g_strdup(action);
    if (area->a11y.action_idle == 0)
        area->a11y.action_idle = g_idle_add(run_pending_action, area);
    return TRUE;
}

/* The footer's action: whatever it offers now (load more, or retry after a failure). */
static const gchar *footer_action(PtrScrollableArea *area) {
    if (area->a11y.actions & PTR_A11Y_ACTION_RETRY)
        return "retry";
    if (area->a11y.actions & PTR_A11Y_ACTION_LOAD_MORE)
        return "load-more";
    return NULL;
}

static gint ptr_a11y_child_get_n_actions(AtkAction *action) {
    PtrA11yChild *self = CHILD(action);
    PtrScrollableArea *area = area_of(self->list);
    return area != NULL && self->row == FOOTER_ROW ? 1 : 0;
}

static gboolean ptr_a11y_child_do_action(AtkAction *action, gint i) {
    PtrA11yChild *self = CHILD(action);
    PtrScrollableArea *area = area_of(self->list);
    if (area == NULL || self->row != FOOTER_ROW || i != 0)
        return FALSE;
    const gchar *name = footer_action(area);
    return name != NULL && schedule_action(area, name);
}

static const gchar *ptr_a11y_child_get_action_name(AtkAction *action, gint i) {
    return ptr_a11y_child_get_n_actions(action) > 0 && i == 0 ? "click" : NULL;
}

static const gchar *ptr_a11y_child_get_localized_name(AtkAction *action, gint i) {
    PtrScrollableArea *area = area_of(CHILD(action)->list);
    if (area == NULL || ptr_a11y_child_get_n_actions(action) == 0 || i != 0)
        return NULL;
    const gchar *name = area->a11y.action_names[(area->a11y.actions & PTR_A11Y_ACTION_RETRY) ? 2 : 1];
    return name != NULL ? name : "click";
}

static const gchar *ptr_a11y_child_get_keybinding(AtkAction *action, gint i) {
    return ptr_a11y_child_get_n_actions(action) > 0 && i == 0 ? "Return" : NULL;
}

static void ptr_a11y_child_action_init(AtkActionIface *iface) {
    iface->get_n_actions = ptr_a11y_child_get_n_actions;
    iface->do_action = ptr_a11y_child_do_action;
    iface->get_name = ptr_a11y_child_get_action_name;
    iface->get_localized_name = ptr_a11y_child_get_localized_name;
    iface->get_description = ptr_a11y_child_get_localized_name;
    iface->get_keybinding = ptr_a11y_child_get_keybinding;
}

/* The list's actions, in order: refresh, then load-more or retry, those available now. */
static const struct {
    guint bit;
    const gchar *name;
    const gchar *keybinding;
} list_actions[] = {
    {PTR_A11Y_ACTION_REFRESH, "refresh", "F5"},
    {PTR_A11Y_ACTION_LOAD_MORE, "load-more", "Return"},
    {PTR_A11Y_ACTION_RETRY, "retry", "Return"},
};

static gint nth_list_action(AtkAction *action, gint i) {
    PtrScrollableArea *area = area_of(ATK_OBJECT(action));
    if (area == NULL || i < 0)
        return -1;
    for (guint k = 0; k < G_N_ELEMENTS(list_actions); k++) {
        if ((area->a11y.actions & list_actions[k].bit) && i-- == 0)
            return (gint)k;
    }
    return -1;
}

static gint ptr_area_accessible_get_n_actions(AtkAction *action) {
    PtrScrollableArea *area = area_of(ATK_OBJECT(action));
    if (area == NULL)
        return 0;
    gint n = 0;
    for (guint k = 0; k < G_N_ELEMENTS(list_actions); k++)
        n += (area->a11y.actions & list_actions[k].bit) ? 1 : 0;
    return n;
}

static gboolean ptr_area_accessible_do_action(AtkAction *action, gint i) {
    gint k = nth_list_action(action, i);
    return k >= 0 && schedule_action(area_of(ATK_OBJECT(action)), list_actions[k].name);
}

static const gchar *ptr_area_accessible_get_action_name(AtkAction *action, gint i) {
    gint k = nth_list_action(action, i);
    return k >= 0 ? list_actions[k].name : NULL;
}

static const gchar *ptr_area_accessible_get_localized_name(AtkAction *action, gint i) {
    gint k = nth_list_action(action, i);
    if (k < 0)
        return NULL;
    const gchar *name = area_of(ATK_OBJECT(action))->a11y.action_names[k];
    return name != NULL ? name : list_actions[k].name;
}

static const gchar *ptr_area_accessible_get_keybinding(AtkAction *action, gint i) {
    gint k = nth_list_action(action, i);
    return k >= 0 ? list_actions[k].keybinding : NULL;
}

static void ptr_area_accessible_action_init(AtkActionIface *iface) {
    iface->get_n_actions = ptr_area_accessible_get_n_actions;
    iface->do_action = ptr_area_accessible_do_action;
    iface->get_name = ptr_area_accessible_get_action_name;
    iface->get_localized_name = ptr_area_accessible_get_localized_name;
    iface->get_description = ptr_area_accessible_get_localized_name;
    iface->get_keybinding = ptr_area_accessible_get_keybinding;
}

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
    if (area->a11y.list_name != NULL)
        atk_object_set_name(object, area->a11y.list_name);
    if (area->accessible == NULL) {
        area->accessible = object;
        g_object_add_weak_pointer(G_OBJECT(object), (gpointer *)&area->accessible);
    }
    self->rows = g_ptr_array_new();
    self->first = area->a11y.first_row;
    g_ptr_array_set_size(self->rows, (guint)MAX(area->a11y.n_rows, 0));
    if (area->a11y.footer_name != NULL)
        self->footer = child_new(self, FOOTER_ROW);
    self->busy = area->a11y.busy;
}

static void ptr_area_accessible_finalize(GObject *object) {
    PtrAreaAccessible *self = AREA_ACC(object);
    drop_children(self);
    if (self->rows != NULL)
        g_ptr_array_unref(self->rows);
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
    PtrScrollableArea *area = area_of(object);
    if (area != NULL) {
        atk_state_set_add_state(set, ATK_STATE_MANAGES_DESCENDANTS);
        if (area->a11y.busy)
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
    PtrScrollableArea *area = area_of(object);
    if (area == NULL)
        return set;
    PtrA11yState *s = &area->a11y;
    set = add_attribute(set, "row-count", g_strdup_printf("%d", s->row_count));
    set = add_attribute(set, "first-visible-row", g_strdup_printf("%d", s->first_row));
    set = add_attribute(set, "visible-rows", g_strdup_printf("%d", s->n_rows));
    set = add_attribute(set, "focused-row",
                        s->footer_focused ? g_strdup("footer") : g_strdup_printf("%d", s->focused_row));
    set = add_attribute(set, "refresh-state", g_strdup(s->header_state != NULL ? s->header_state : "idle"));
    set = add_attribute(set, "footer-state", g_strdup(s->footer_state != NULL ? s->footer_state : "idle"));
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
    (void)self;
}

/* MARK: - Keeping ATs informed */

/* Moves the row children to the new visible range: those still visible keep their objects,
 * the others are removed (children-changed::remove) and the new ones added. */
static void sync_rows(PtrAreaAccessible *self, PtrScrollableArea *area) {
    gint first = area->a11y.first_row, count = MAX(area->a11y.n_rows, 0);
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

static void sync_footer(PtrAreaAccessible *self, PtrScrollableArea *area) {
    AtkObject *object = ATK_OBJECT(self);
    if (area->a11y.footer_name == NULL && self->footer != NULL) {
        AtkObject *footer = self->footer;
        self->footer = NULL;
        if (self->active == footer)
            self->active = NULL;
        g_signal_emit_by_name(object, "children-changed::remove", footer_index(self), footer);
        child_release(footer);
    } else if (area->a11y.footer_name != NULL && self->footer == NULL) {
        self->footer = child_new(self, FOOTER_ROW);
        g_signal_emit_by_name(object, "children-changed::add", footer_index(self), self->footer);
    }
}

/* The child with the virtual focus: the footer after Tab, else the focused row. */
static AtkObject *focused_child(PtrAreaAccessible *self, PtrScrollableArea *area) {
    if (!area_has_focus(area))
        return NULL;
    if (area->a11y.footer_focused)
        return self->footer;
    gint index = area->a11y.focused_row - self->first;
    if (area->a11y.focused_row < 0 || index < 0 || index >= footer_index(self))
        return NULL;
    AtkObject *child = ptr_area_accessible_ref_child(ATK_OBJECT(self), index);
    g_object_unref(child); /* still held by the list */
    return child;
}

void ptr_area_accessible_sync(PtrScrollableArea *area, gboolean description_changed) {
    PtrAreaAccessible *self = area->accessible != NULL ? AREA_ACC(area->accessible) : NULL;
    if (self == NULL || self->rows == NULL)
        return; /* no AT asked yet: nothing to tell */
    AtkObject *object = ATK_OBJECT(self);
    sync_rows(self, area);
    sync_footer(self, area);
    if (self->busy != area->a11y.busy) {
        self->busy = area->a11y.busy;
        atk_object_notify_state_change(object, ATK_STATE_BUSY, self->busy);
    }
    if (description_changed)
        g_object_notify(G_OBJECT(object), "accessible-description");
    AtkObject *active = focused_child(self, area);
    if (active != self->active) {
        if (self->active != NULL)
            atk_object_notify_state_change(self->active, ATK_STATE_FOCUSED, FALSE);
        self->active = active;
        if (active != NULL) {
            atk_object_notify_state_change(active, ATK_STATE_FOCUSED, TRUE);
            g_signal_emit_by_name(object, "active-descendant-changed", active);
        }
    }
}

void ptr_area_a11y_dispose(PtrScrollableArea *area) {
    PtrA11yState *s = &area->a11y;
    s->text = NULL;
    s->activate = NULL;
    s->data = NULL;
    if (s->action_idle != 0) {
        g_source_remove(s->action_idle);
        s->action_idle = 0;
    }
    g_clear_pointer(&s->pending_action, g_free);
    for (guint i = 0; i < G_N_ELEMENTS(s->action_names); i++)
        g_clear_pointer(&s->action_names[i], g_free);
    g_clear_pointer(&s->list_name, g_free);
    g_clear_pointer(&s->header_state, g_free);
    g_clear_pointer(&s->footer_state, g_free);
    g_clear_pointer(&s->footer_name, g_free);
    if (area->accessible != NULL) {
        drop_children(AREA_ACC(area->accessible));
        g_object_remove_weak_pointer(G_OBJECT(area->accessible), (gpointer *)&area->accessible);
        area->accessible = NULL;
    }
}

/* MARK: - Setters (from Swift) */

#define AREA_OR_RETURN(widget)                                                                    \
    g_return_if_fail(G_TYPE_CHECK_INSTANCE_TYPE(widget, ptr_scrollable_area_get_type()));         \
    PtrScrollableArea *area = PTR_AREA(widget)

static gboolean replace_string(gchar **slot, const gchar *value) {
    if (g_strcmp0(*slot, value) == 0)
        return FALSE;
    g_free(*slot);
    *slot = g_strdup(value);
    return TRUE;
}

void ptr_scrollable_area_set_a11y_callbacks(GtkWidget *widget, PtrA11yText text, PtrA11yActivate activate,
                                            gpointer user_data) {
    AREA_OR_RETURN(widget);
    area->a11y.text = text;
    area->a11y.activate = activate;
    area->a11y.data = user_data;
    if (activate == NULL && area->a11y.action_idle != 0) {
        g_source_remove(area->a11y.action_idle);
        area->a11y.action_idle = 0;
    }
}

void ptr_scrollable_area_set_a11y_names(GtkWidget *widget, const gchar *list, const gchar *refresh,
                                        const gchar *load_more, const gchar *retry) {
    AREA_OR_RETURN(widget);
    if (replace_string(&area->a11y.list_name, list) && area->accessible != NULL)
        atk_object_set_name(area->accessible, list);
    replace_string(&area->a11y.action_names[0], refresh);
    replace_string(&area->a11y.action_names[1], load_more);
    replace_string(&area->a11y.action_names[2], retry);
}

void ptr_scrollable_area_set_a11y_busy(GtkWidget *widget, gboolean busy) {
    AREA_OR_RETURN(widget);
    area->a11y.busy = busy != FALSE;
    ptr_area_accessible_sync(area, FALSE);
}

void ptr_scrollable_area_set_a11y_actions(GtkWidget *widget, guint actions) {
    AREA_OR_RETURN(widget);
    area->a11y.actions = actions;
}

void ptr_scrollable_area_set_a11y_rows(GtkWidget *widget, gint row_count, gint first, gint count, gint focused) {
    AREA_OR_RETURN(widget);
    PtrA11yState *s = &area->a11y;
    if (s->row_count == row_count && s->first_row == first && s->n_rows == count && s->focused_row == focused)
        return;
    s->row_count = MAX(row_count, 0);
    s->first_row = MAX(first, 0);
    s->n_rows = MAX(count, 0);
    s->focused_row = focused;
    ptr_area_accessible_sync(area, FALSE);
}

void ptr_scrollable_area_set_a11y_states(GtkWidget *widget, const gchar *header_state, const gchar *footer_state,
                                         gboolean description_changed) {
    AREA_OR_RETURN(widget);
    replace_string(&area->a11y.header_state, header_state);
    replace_string(&area->a11y.footer_state, footer_state);
    ptr_area_accessible_sync(area, description_changed);
}

void ptr_scrollable_area_set_a11y_footer(GtkWidget *widget, const gchar *name, gboolean showing,
                                         gboolean actionable, gboolean focused) {
    AREA_OR_RETURN(widget);
    PtrA11yState *s = &area->a11y;
    gboolean renamed = replace_string(&s->footer_name, name);
    gboolean changed = renamed || s->footer_showing != (showing != FALSE) ||
                       s->footer_actionable != (actionable != FALSE) || s->footer_focused != (focused != FALSE);
    if (!changed)
        return;
    gboolean was_showing = s->footer_showing, was_actionable = s->footer_actionable;
    s->footer_showing = showing != FALSE;
    s->footer_actionable = actionable != FALSE;
    s->footer_focused = focused != FALSE;
    ptr_area_accessible_sync(area, FALSE);
    PtrAreaAccessible *self = area->accessible != NULL ? AREA_ACC(area->accessible) : NULL;
    if (self != NULL && self->footer != NULL) {
        if (renamed)
            g_object_notify(G_OBJECT(self->footer), "accessible-name");
        if (was_showing != s->footer_showing)
            atk_object_notify_state_change(self->footer, ATK_STATE_SHOWING, s->footer_showing);
        if (was_actionable != s->footer_actionable) {
            atk_object_notify_state_change(self->footer, ATK_STATE_ENABLED, s->footer_actionable);
            atk_object_notify_state_change(self->footer, ATK_STATE_SENSITIVE, s->footer_actionable);
        }
    }
}

AtkObject *ptr_scrollable_area_peek_accessible(GtkWidget *widget) {
    g_return_val_if_fail(G_TYPE_CHECK_INSTANCE_TYPE(widget, ptr_scrollable_area_get_type()), NULL);
    return PTR_AREA(widget)->accessible;
}
