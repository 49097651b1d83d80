/*
 * What our list's and a PtrRefreshBin's accessibles share (accessible_private.h): the widget's
 * Swift side (its callbacks and pending action), the snapshot Swift builds, the model made from
 * it (children, states, description, attributes, actions), the signals that tell ATs what
 * changed, and the registration Swift calls (CGtkShim.h).
 */
#include "accessible_private.h"
#include <string.h>

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

PtrA11yState *ptr_a11y_widget_state(GtkWidget *widget, gboolean create) {
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

PtrA11yState *ptr_a11y_state_of(AtkObject *accessible) {
    if (accessible == NULL)
        return NULL;
    return ptr_a11y_widget_state(gtk_accessible_get_widget(GTK_ACCESSIBLE(accessible)), FALSE);
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

PtrA11yModel *ptr_a11y_model_of(AtkObject *owner) {
    if (owner == NULL)
        return NULL;
    return PTR_IS_BIN_ACCESSIBLE(owner) ? ptr_bin_accessible_model(owner) : ptr_area_accessible_model(owner);
}

gint ptr_a11y_footer_index(AtkObject *owner) {
    if (PTR_IS_BIN_ACCESSIBLE(owner))
        return ptr_bin_accessible_container_children(owner);
    return ptr_a11y_row_children(ptr_a11y_model_of(owner));
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

gboolean ptr_a11y_schedule_action(PtrA11yState *state, const gchar *id) {
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
    return ptr_a11y_state_of(object) != NULL ? ptr_a11y_model_of(object)->snapshot.actions : NULL;
}


static PtrA11yState *owner_state(AtkAction *action) {
    return ptr_a11y_state_of(ATK_OBJECT(action));
}

PTR_A11Y_ACTION_IFACE(owner_action, owner_actions, owner_state)

void ptr_a11y_owner_action_iface_init(AtkActionIface *iface) {
    owner_action_iface_init(iface);
}

/* MARK: - What the list and the bin share */

void ptr_a11y_drop_children(PtrA11yModel *model) {
    if (model->rows != NULL) {
        for (guint i = 0; i < model->rows->len; i++)
            ptr_a11y_child_release(g_ptr_array_index(model->rows, i));
        g_ptr_array_set_size(model->rows, 0);
    }
    ptr_a11y_child_release(model->footer);
    model->footer = NULL;
    model->active = NULL;
}

/* After the parent class's initialize: takes the first snapshot and makes the footer. */
void ptr_a11y_model_initialize(AtkObject *object, GtkWidget *widget, AtkRole role) {
    PtrA11yModel *model = ptr_a11y_model_of(object);
    PtrA11yState *state = ptr_a11y_widget_state(widget, TRUE);
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
        model->footer = ptr_a11y_child_new(object, PTR_A11Y_FOOTER_ROW);
}

void ptr_a11y_model_finalize(PtrA11yModel *model) {
    ptr_a11y_drop_children(model);
    if (model->rows != NULL)
        g_ptr_array_unref(model->rows);
    snapshot_clear(&model->snapshot);
}

void ptr_a11y_model_init(PtrA11yModel *model) {
    model->snapshot.focused_child = -1;
    model->snapshot.selected_row = -1;
}

AtkStateSet *ptr_a11y_add_states(AtkObject *object, AtkStateSet *set) {
    if (ptr_a11y_state_of(object) != NULL) {
        const PtrA11ySnapshot *s = &ptr_a11y_model_of(object)->snapshot;
        if (s->manages_descendants)
            atk_state_set_add_state(set, ATK_STATE_MANAGES_DESCENDANTS);
        if (s->busy)
            atk_state_set_add_state(set, ATK_STATE_BUSY);
    }
    return set;
}

/* The status, asked at read time; NULL: the parent class's. */
const gchar *ptr_a11y_status_description(AtkObject *object) {
    PtrA11yState *state = ptr_a11y_state_of(object);
    PtrA11yModel *model = ptr_a11y_model_of(object);
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

AtkAttributeSet *ptr_a11y_add_attributes(AtkObject *object, AtkAttributeSet *set) {
    gchar **attributes = ptr_a11y_state_of(object) != NULL ? ptr_a11y_model_of(object)->snapshot.attributes : NULL;
    for (guint i = 0; attributes != NULL && attributes[i] != NULL && attributes[i + 1] != NULL; i += 2)
        set = ptr_a11y_add_attribute(set, attributes[i], g_strdup(attributes[i + 1]));
    return set;
}


AtkAttributeSet *ptr_a11y_add_attribute(AtkAttributeSet *set, const gchar *name, gchar *value /* taken */) {
    AtkAttribute *attribute = g_new(AtkAttribute, 1);
    attribute->name = g_strdup(name);
    attribute->value = value;
    return g_slist_append(set, attribute);
}

/* MARK: - Keeping ATs informed */

/* Moves the row children to the new visible range: those still visible keep their objects,
 * the others are removed (children-changed::remove) and the new ones added. */
static void sync_rows(AtkObject *object, gint first, gint count) {
    PtrA11yModel *model = ptr_a11y_model_of(object);
    gint old_first = model->first, old_count = ptr_a11y_row_children(model);
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
            ptr_a11y_child_release(child);
        }
    }
    g_ptr_array_unref(model->rows);
    model->rows = rows;
    model->first = first;
    for (gint i = 0; i < count; i++) {
        gint row = first + i;
        if (row >= old_first && row < old_first + old_count)
            continue;
        AtkObject *child = ptr_a11y_child_new(object, row);
        g_ptr_array_index(rows, i) = child;
        g_signal_emit_by_name(object, "children-changed::add", i, child);
    }
    if (footer_moves)
        g_signal_emit_by_name(object, "children-changed::add", count, model->footer);
}

static void sync_footer(AtkObject *object, gboolean wanted) {
    PtrA11yModel *model = ptr_a11y_model_of(object);
    if (!wanted && model->footer != NULL) {
        AtkObject *footer = model->footer;
        gint index = ptr_a11y_footer_index(object);
        model->footer = NULL;
        if (model->active == footer)
            model->active = NULL;
        g_signal_emit_by_name(object, "children-changed::remove", index, footer);
        ptr_a11y_child_release(footer);
    } else if (wanted && model->footer == NULL) {
        model->footer = ptr_a11y_child_new(object, PTR_A11Y_FOOTER_ROW);
        g_signal_emit_by_name(object, "children-changed::add", ptr_a11y_footer_index(object), model->footer);
    }
}

/* The child the snapshot gives the virtual focus (a row, or the footer), or NULL. */
static AtkObject *focused_child(AtkObject *object) {
    PtrA11yModel *model = ptr_a11y_model_of(object);
    gint index = model->snapshot.focused_child;
    if (index < 0 || index > ptr_a11y_row_children(model))
        return NULL;
    if (index == ptr_a11y_row_children(model))
        return model->footer;
    AtkObject *child = g_ptr_array_index(model->rows, index);
    if (child == NULL) {
        child = ptr_a11y_child_new(object, model->first + index);
        g_ptr_array_index(model->rows, index) = child;
    }
    return child;
}

/* Takes Swift's new snapshot and tells ATs what differs from the last one. Queries made while
 * the signals go out (the AT-SPI bridge reads back at once) see the new snapshot. */
static void update_from_swift(AtkObject *object, PtrA11yState *state) {
    PtrA11yModel *model = ptr_a11y_model_of(object);
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
            gint row = ptr_a11y_child_row(child);
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
    PtrA11yState *state = ptr_a11y_widget_state(widget, FALSE);
    g_return_if_fail(state != NULL || PTR_IS_REFRESH_BIN(widget));
    if (state == NULL || state->accessible == NULL || ptr_a11y_model_of(state->accessible)->rows == NULL)
        return; /* no AT asked yet: nothing to tell */
    update_from_swift(state->accessible, state);
}

/* MARK: - Registration and teardown */

void ptr_area_a11y_dispose(PtrScrollableArea *area) {
    PtrA11yState *s = &area->a11y;
    callbacks_replace(s, NULL, NULL, NULL, NULL, NULL);
    if (s->accessible != NULL) {
        ptr_a11y_drop_children(ptr_a11y_model_of(s->accessible));
        g_object_remove_weak_pointer(G_OBJECT(s->accessible), (gpointer *)&s->accessible);
        s->accessible = NULL;
    }
}

void ptr_a11y_set_callbacks(GtkWidget *widget, PtrA11yGetSnapshot snapshot, PtrA11yText text,
                            PtrA11yActivate activate, gpointer user_data, GDestroyNotify destroy) {
    PtrA11yState *state = ptr_a11y_widget_state(widget, TRUE);
    g_return_if_fail(state != NULL);
    callbacks_replace(state, snapshot, text, activate, user_data, destroy);
    /* Registered: the new state shows; unregistered from a bin that lives on (its scrolled window
     * was taken out): its refresh control is gone, so are its busy state and actions. (Our list
     * unregisters only while its widgets go: its children go defunct at the area's dispose.) */
    if (snapshot != NULL || (PTR_IS_REFRESH_BIN(widget) && !gtk_widget_in_destruction(widget)))
        ptr_a11y_changed(widget);
}

AtkObject *ptr_a11y_peek_accessible(GtkWidget *widget) {
    PtrA11yState *state = ptr_a11y_widget_state(widget, FALSE);
    return state != NULL ? state->accessible : NULL;
}
