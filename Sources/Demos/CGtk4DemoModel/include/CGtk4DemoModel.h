#ifndef CGTK4_DEMO_MODEL_H_INCLUDED
#define CGTK4_DEMO_MODEL_H_INCLUDED
// refresh-demo-gtk4's rows for GtkListView and GtkColumnView: a GListModel of any size that makes
// each item (a GtkStringObject) only when the list asks for it. Rows are counts, not objects: the
// rows refreshes prepended, the generated rows, the rows loads appended.
#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PTR_DEMO_TYPE_ROWS (ptr_demo_rows_get_type())
G_DECLARE_FINAL_TYPE(PtrDemoRows, ptr_demo_rows, PTR_DEMO, ROWS, GObject)

/// `count` generated rows, "Row 1" … "Row count".
PtrDemoRows *ptr_demo_rows_new(guint count);
/// `count` new rows at the top ("New row 1" is the first ever prepended; the newest is at the top).
void ptr_demo_rows_prepend(PtrDemoRows *self, guint count);
/// `count` rows at the end, numbered on from the last "Row n".
void ptr_demo_rows_append(PtrDemoRows *self, guint count);

G_END_DECLS

#endif
