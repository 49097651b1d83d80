#include "CGtk4DemoModel.h"

struct _PtrDemoRows {
    GObject parent_instance;
    /// "New row" rows above the numbered ones.
    guint prepended;
    /// Numbered rows: the generated ones and those loads appended.
    guint numbered;
};

static GType ptr_demo_rows_get_item_type(GListModel *model) {
    (void)model;
    return GTK_TYPE_STRING_OBJECT;
}

static guint ptr_demo_rows_get_n_items(GListModel *model) {
    PtrDemoRows *self = PTR_DEMO_ROWS(model);
    return self->prepended + self->numbered;
}

// A new item on every call: the list keeps the items of the rows it shows, nothing else exists.
static gpointer ptr_demo_rows_get_item(GListModel *model, guint position) {
    PtrDemoRows *self = PTR_DEMO_ROWS(model);
    if (position >= self->prepended + self->numbered) return NULL;
    char label[48];
    if (position < self->prepended) {
        g_snprintf(label, sizeof label, "New row %u", self->prepended - position);
    } else {
        g_snprintf(label, sizeof label, "Row %u", position - self->prepended + 1);
    }
    return gtk_string_object_new(label);
}

static void ptr_demo_rows_model_init(GListModelInterface *iface) {
    iface->get_item_type = ptr_demo_rows_get_item_type;
    iface->get_n_items = ptr_demo_rows_get_n_items;
    iface->get_item = ptr_demo_rows_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE(PtrDemoRows, ptr_demo_rows, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, ptr_demo_rows_model_init))

static void ptr_demo_rows_class_init(PtrDemoRowsClass *klass) { (void)klass; }

static void ptr_demo_rows_init(PtrDemoRows *self) { (void)self; }

PtrDemoRows *ptr_demo_rows_new(guint count) {
    PtrDemoRows *self = g_object_new(PTR_DEMO_TYPE_ROWS, NULL);
    self->numbered = count;
    return self;
}

void ptr_demo_rows_prepend(PtrDemoRows *self, guint count) {
    g_return_if_fail(PTR_DEMO_IS_ROWS(self));
    count = MIN(count, G_MAXUINT - self->prepended - self->numbered);
    if (count == 0) return;
    self->prepended += count;
    g_list_model_items_changed(G_LIST_MODEL(self), 0, 0, count);
}

void ptr_demo_rows_append(PtrDemoRows *self, guint count) {
    g_return_if_fail(PTR_DEMO_IS_ROWS(self));
    count = MIN(count, G_MAXUINT - self->prepended - self->numbered);
    if (count == 0) return;
    guint end = self->prepended + self->numbered;
    self->numbered += count;
    g_list_model_items_changed(G_LIST_MODEL(self), end, 0, count);
}
