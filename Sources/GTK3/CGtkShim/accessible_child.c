/*
 * PtrA11yChild: a row (LIST_ITEM) or the footer (PUSH_BUTTON) of our list's or a PtrRefreshBin's
 * accessible (accessible_private.h), with AtkAction. Everything it shows is read from its
 * owner's snapshot at query time; it points at its owner without a reference and reports DEFUNCT
 * once the owner let it go.
 */
#include "accessible_private.h"

typedef struct {
    AtkObject parent_instance;
    AtkObject *owner; /* the list's or the bin's accessible; not a reference; NULL once defunct */
    gint row;         /* row index, or PTR_A11Y_FOOTER_ROW */
    gchar *name;      /* the last name handed out (ATK returns borrowed strings) */
    gchar **actions;  /* a row's actions with its row in the ids (built on demand) */
} PtrA11yChild;

typedef struct {
    AtkObjectClass parent_class;
} PtrA11yChildClass;

static void child_action_iface_init(AtkActionIface *iface);

G_DEFINE_TYPE_WITH_CODE(PtrA11yChild, ptr_a11y_child, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, child_action_iface_init))

#define CHILD(o) ((PtrA11yChild *)(o))

static void ptr_a11y_child_finalize(GObject *object) {
    g_free(CHILD(object)->name);
    g_strfreev(CHILD(object)->actions);
    G_OBJECT_CLASS(ptr_a11y_child_parent_class)->finalize(object);
}

static const gchar *ptr_a11y_child_get_name(AtkObject *object) {
    PtrA11yChild *self = CHILD(object);
    PtrA11yState *state = ptr_a11y_state_of(self->owner);
    if (state == NULL)
        return NULL;
    gchar *name = NULL;
    if (self->row == PTR_A11Y_FOOTER_ROW)
        name = g_strdup(ptr_a11y_model_of(self->owner)->snapshot.footer_name);
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
    if (self->row == PTR_A11Y_FOOTER_ROW)
        return ptr_a11y_footer_index(self->owner);
    PtrA11yModel *model = ptr_a11y_model_of(self->owner);
    gint index = self->row - model->first;
    return index >= 0 && index < ptr_a11y_row_children(model) ? index : -1;
}

static AtkStateSet *ptr_a11y_child_ref_state_set(AtkObject *object) {
    PtrA11yChild *self = CHILD(object);
    AtkStateSet *set = atk_state_set_new();
    if (ptr_a11y_state_of(self->owner) == NULL) {
        atk_state_set_add_state(set, ATK_STATE_DEFUNCT);
        return set;
    }
    const PtrA11ySnapshot *s = &ptr_a11y_model_of(self->owner)->snapshot;
    gboolean footer = self->row == PTR_A11Y_FOOTER_ROW;
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
    /* The snapshot numbers our own children, the rows on screen and then the footer: a bin's
     * footer follows the app's widgets in its parent, so its index there is not its number. */
    gint number = footer ? ptr_a11y_row_children(ptr_a11y_model_of(self->owner)) : ptr_a11y_child_get_index_in_parent(object);
    if (number >= 0 && number == s->focused_child)
        atk_state_set_add_state(set, ATK_STATE_FOCUSED);
    return set;
}

static AtkAttributeSet *ptr_a11y_child_get_attributes(AtkObject *object) {
    PtrA11yChild *self = CHILD(object);
    if (ptr_a11y_state_of(self->owner) == NULL || self->row == PTR_A11Y_FOOTER_ROW)
        return NULL;
    /* "Row 5 of 300": the AT-SPI names for an item's position in its set. */
    AtkAttributeSet *set = ptr_a11y_add_attribute(NULL, "posinset", g_strdup_printf("%d", self->row + 1));
    gint row_count = ptr_a11y_model_of(self->owner)->snapshot.row_count;
    return ptr_a11y_add_attribute(set, "setsize", g_strdup_printf("%d", row_count));
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

AtkObject *ptr_a11y_child_new(AtkObject *owner, gint row) {
    PtrA11yChild *child = g_object_new(ptr_a11y_child_get_type(), NULL);
    child->owner = owner;
    child->row = row;
    atk_object_set_role(ATK_OBJECT(child), row == PTR_A11Y_FOOTER_ROW ? ATK_ROLE_PUSH_BUTTON : ATK_ROLE_LIST_ITEM);
    return ATK_OBJECT(child);
}

void ptr_a11y_child_release(AtkObject *child) {
    if (child == NULL)
        return;
    CHILD(child)->owner = NULL;
    atk_object_notify_state_change(child, ATK_STATE_DEFUNCT, TRUE);
    g_object_unref(child);
}

gint ptr_a11y_child_row(AtkObject *child) {
    return CHILD(child)->row;
}

/* MARK: - Actions */

/* The footer's actions, or a row's: the snapshot's row actions with the row put in the ids. */
static gchar **child_actions(AtkAction *action) {
    PtrA11yChild *self = CHILD(action);
    if (ptr_a11y_state_of(self->owner) == NULL)
        return NULL;
    const PtrA11ySnapshot *s = &ptr_a11y_model_of(self->owner)->snapshot;
    if (self->row == PTR_A11Y_FOOTER_ROW)
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
    return ptr_a11y_state_of(CHILD(action)->owner);
}

PTR_A11Y_ACTION_IFACE(child_action, child_actions, child_state)
