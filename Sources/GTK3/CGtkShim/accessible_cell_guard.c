/*
 * HACK (docs/gtk3-notes.md, "The AT bridge under churn"): GTK's own cell accessibles, guarded
 * against their tree view going away (see below).
 * Not one of our types: a patch on GTK's, installed by our accessible classes (accessible_list.c,
 * accessible_bin.c) when the first of them is made.
 */
#include "accessible_private.h"

/* HACK (docs/gtk3-notes.md, "The AT bridge under churn"): GTK 3.24's GtkCellAccessible (a
 * GtkTreeView's cells, which an AT holds while it reads them) asks gtk_widget_get_accessible(its
 * tree view) in get_index_in_parent, ref_relation_set, AtkComponent's get_extents and grab_focus
 * without checking that the tree view is still there. After the tree view is destroyed, an AT
 * reading a cell it still holds (GetIndexInParent, GetRelationSet, GetExtents) gets
 * "gtk_widget_get_accessible: assertion 'GTK_IS_WIDGET (widget)' failed", fatal under
 * G_DEBUG=fatal-criticals. Measured on 3.24.38 with an AT-SPI client walking an app that replaces
 * its wrapped tree views (AccessibilityChurnTests). A cell whose tree view is gone answers as a
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

void ptr_a11y_guard_gtk_cells(void) {
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
