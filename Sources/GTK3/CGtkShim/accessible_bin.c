/*
 * PtrBinAccessible: a PtrRefreshBin's accessible (accessible_private.h), installed by
 * refresh_bin.c. A GtkContainerAccessible, role PANEL, with AtkAction: the app's widgets stay its
 * children as GtkContainerAccessible keeps them, and the footer (PtrA11yChild) follows them.
 */
#include "accessible_private.h"

typedef struct {
    GtkContainerAccessible parent_instance;
    PtrA11yModel model;
} PtrBinAccessible;

typedef struct {
    GtkContainerAccessibleClass parent_class;
} PtrBinAccessibleClass;

G_DEFINE_TYPE_WITH_CODE(PtrBinAccessible, ptr_bin_accessible, GTK_TYPE_CONTAINER_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, ptr_a11y_owner_action_iface_init))

PtrA11yModel *ptr_bin_accessible_model(AtkObject *accessible) {
    return &((PtrBinAccessible *)accessible)->model;
}

gint ptr_bin_accessible_container_children(AtkObject *accessible) {
    return ATK_OBJECT_CLASS(ptr_bin_accessible_parent_class)->get_n_children(accessible);
}

static void ptr_bin_accessible_initialize(AtkObject *object, gpointer data) {
    ATK_OBJECT_CLASS(ptr_bin_accessible_parent_class)->initialize(object, data);
    ptr_a11y_model_initialize(object, GTK_WIDGET(data), ATK_ROLE_PANEL);
}

static void ptr_bin_accessible_finalize(GObject *object) {
    ptr_a11y_model_finalize(ptr_a11y_model_of(ATK_OBJECT(object)));
    G_OBJECT_CLASS(ptr_bin_accessible_parent_class)->finalize(object);
}

/* The bin is being destroyed (GTK unsets the widget): the footer becomes defunct now, not
 * whenever the last AT lets the accessible go. */
static void ptr_bin_accessible_widget_unset(GtkAccessible *accessible) {
    ptr_a11y_drop_children(ptr_a11y_model_of(ATK_OBJECT(accessible)));
    GtkAccessibleClass *parent = GTK_ACCESSIBLE_CLASS(ptr_bin_accessible_parent_class);
    if (parent->widget_unset != NULL)
        parent->widget_unset(accessible);
}

static gint ptr_bin_accessible_get_n_children(AtkObject *object) {
    gint n = ptr_bin_accessible_container_children(object);
    return n + (ptr_a11y_state_of(object) != NULL && ptr_a11y_model_of(object)->footer != NULL ? 1 : 0);
}

static AtkObject *ptr_bin_accessible_ref_child(AtkObject *object, gint i) {
    gint n = ptr_a11y_footer_index(object);
    if (i < n)
        return ATK_OBJECT_CLASS(ptr_bin_accessible_parent_class)->ref_child(object, i);
    AtkObject *footer = ptr_a11y_state_of(object) != NULL ? ptr_a11y_model_of(object)->footer : NULL;
    return i == n && footer != NULL ? g_object_ref(footer) : NULL;
}

static AtkStateSet *ptr_bin_accessible_ref_state_set(AtkObject *object) {
    return ptr_a11y_add_states(object, ATK_OBJECT_CLASS(ptr_bin_accessible_parent_class)->ref_state_set(object));
}

static const gchar *ptr_bin_accessible_get_description(AtkObject *object) {
    const gchar *status = ptr_a11y_status_description(object);
    return status != NULL ? status : ATK_OBJECT_CLASS(ptr_bin_accessible_parent_class)->get_description(object);
}

static AtkAttributeSet *ptr_bin_accessible_get_attributes(AtkObject *object) {
    return ptr_a11y_add_attributes(object, ATK_OBJECT_CLASS(ptr_bin_accessible_parent_class)->get_attributes(object));
}

static void ptr_bin_accessible_class_init(PtrBinAccessibleClass *klass) {
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(klass);
    ptr_a11y_guard_gtk_cells();
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
    ptr_a11y_model_init(&self->model);
}
