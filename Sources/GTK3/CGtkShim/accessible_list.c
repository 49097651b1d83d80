/*
 * PtrAreaAccessible: our list's accessible (accessible_private.h), installed on
 * PtrScrollableArea with gtk_widget_class_set_accessible_type. A GtkWidgetAccessible, role LIST:
 * the visible rows are its children (PtrA11yChild), then the footer; AtkAction for the list's
 * actions, AtkSelection for its single selection.
 */
#include "accessible_private.h"

typedef struct {
    GtkWidgetAccessible parent_instance;
    PtrA11yModel model;
} PtrAreaAccessible;

typedef struct {
    GtkWidgetAccessibleClass parent_class;
} PtrAreaAccessibleClass;

static void list_selection_iface_init(AtkSelectionIface *iface);

G_DEFINE_TYPE_WITH_CODE(PtrAreaAccessible, ptr_area_accessible, GTK_TYPE_WIDGET_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, ptr_a11y_owner_action_iface_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_SELECTION, list_selection_iface_init))

PtrA11yModel *ptr_area_accessible_model(AtkObject *accessible) {
    return &((PtrAreaAccessible *)accessible)->model;
}

static void ptr_area_accessible_initialize(AtkObject *object, gpointer data) {
    ATK_OBJECT_CLASS(ptr_area_accessible_parent_class)->initialize(object, data);
    ptr_a11y_model_initialize(object, GTK_WIDGET(data), ATK_ROLE_LIST);
}

static void ptr_area_accessible_finalize(GObject *object) {
    ptr_a11y_model_finalize(ptr_a11y_model_of(ATK_OBJECT(object)));
    G_OBJECT_CLASS(ptr_area_accessible_parent_class)->finalize(object);
}

static gint ptr_area_accessible_get_n_children(AtkObject *object) {
    if (ptr_a11y_state_of(object) == NULL)
        return 0;
    PtrA11yModel *model = ptr_a11y_model_of(object);
    return ptr_a11y_row_children(model) + (model->footer != NULL ? 1 : 0);
}

static AtkObject *ptr_area_accessible_ref_child(AtkObject *object, gint i) {
    PtrA11yModel *model = ptr_a11y_model_of(object);
    if (ptr_a11y_state_of(object) == NULL || i < 0)
        return NULL;
    if (i < ptr_a11y_row_children(model)) {
        AtkObject *child = g_ptr_array_index(model->rows, i);
        if (child == NULL) {
            child = ptr_a11y_child_new(object, model->first + i);
            g_ptr_array_index(model->rows, i) = child;
        }
        return g_object_ref(child);
    }
    if (i == ptr_a11y_row_children(model) && model->footer != NULL)
        return g_object_ref(model->footer);
    return NULL;
}

static AtkStateSet *ptr_area_accessible_ref_state_set(AtkObject *object) {
    return ptr_a11y_add_states(object, ATK_OBJECT_CLASS(ptr_area_accessible_parent_class)->ref_state_set(object));
}

static const gchar *ptr_area_accessible_get_description(AtkObject *object) {
    const gchar *status = ptr_a11y_status_description(object);
    return status != NULL ? status : ATK_OBJECT_CLASS(ptr_area_accessible_parent_class)->get_description(object);
}

static AtkAttributeSet *ptr_area_accessible_get_attributes(AtkObject *object) {
    return ptr_a11y_add_attributes(object, ATK_OBJECT_CLASS(ptr_area_accessible_parent_class)->get_attributes(object));
}

static void ptr_area_accessible_class_init(PtrAreaAccessibleClass *klass) {
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(klass);
    ptr_a11y_guard_gtk_cells();
    G_OBJECT_CLASS(klass)->finalize = ptr_area_accessible_finalize;
    atk_class->initialize = ptr_area_accessible_initialize;
    atk_class->get_n_children = ptr_area_accessible_get_n_children;
    atk_class->ref_child = ptr_area_accessible_ref_child;
    atk_class->ref_state_set = ptr_area_accessible_ref_state_set;
    atk_class->get_description = ptr_area_accessible_get_description;
    atk_class->get_attributes = ptr_area_accessible_get_attributes;
}

static void ptr_area_accessible_init(PtrAreaAccessible *self) {
    ptr_a11y_model_init(&self->model);
}

/* MARK: - The list's selection (AtkSelection over the row children; single selection) */

/* The selected row's child index, or -1 when no row is selected or it is not on screen: only
 * rows on screen are children, so only they can be handed out as the selection. */
static gint selected_child(AtkObject *object) {
    if (ptr_a11y_state_of(object) == NULL)
        return -1;
    PtrA11yModel *model = ptr_a11y_model_of(object);
    gint index = model->snapshot.selected_row - model->first;
    return model->snapshot.selected_row >= 0 && index >= 0 && index < ptr_a11y_row_children(model) ? index : -1;
}

/* Asks Swift to change the selection now, as GTK's own lists do inside the AT's call; Swift
 * publishes the new snapshot before it returns. */
static void request_selection(AtkObject *object, const gchar *id) {
    PtrA11yState *state = ptr_a11y_state_of(object);
    if (state != NULL && state->activate != NULL)
        state->activate(state->widget, id, state->data);
}

static gboolean list_add_selection(AtkSelection *selection, gint i) {
    AtkObject *object = ATK_OBJECT(selection);
    if (ptr_a11y_state_of(object) == NULL || i < 0 || i >= ptr_a11y_row_children(ptr_a11y_model_of(object)))
        return FALSE;
    gint row = ptr_a11y_model_of(object)->first + i;
    gchar *id = g_strdup_printf("select-row:%d", row);
    request_selection(object, id);
    g_free(id);
    return ptr_a11y_model_of(object)->snapshot.selected_row == row;
}

static gboolean list_clear_selection(AtkSelection *selection) {
    AtkObject *object = ATK_OBJECT(selection);
    if (ptr_a11y_state_of(object) == NULL)
        return FALSE;
    if (ptr_a11y_model_of(object)->snapshot.selected_row >= 0)
        request_selection(object, "select-none");
    return ptr_a11y_model_of(object)->snapshot.selected_row < 0;
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
