#ifndef PTR_AREA_PRIVATE_H
#define PTR_AREA_PRIVATE_H
#include "CGtkShim.h"

/* The Swift side of an accessible (the list's or a PtrRefreshBin's): where it asks for
 * snapshots and texts, and runs actions. */
typedef struct {
    PtrA11yGetSnapshot snapshot;
    PtrA11yText text;
    PtrA11yActivate activate;
    gpointer data;
    GDestroyNotify destroy;       /* called on `data` when replaced and at dispose */
    gchar *pending_action;
    guint action_idle;
    GtkWidget *widget;            /* the widget these belong to (not a reference) */
    AtkObject *accessible;        /* weak: its accessible, once GTK created it */
} PtrA11yState;

typedef struct {
    GtkDrawingArea parent_instance;
    GtkAdjustment *hadjustment;
    GtkAdjustment *vadjustment;
    guint hscroll_policy : 1;
    guint vscroll_policy : 1;
    PtrAdjustmentsChanged callback;
    gpointer callback_data;
    GDestroyNotify callback_notify;
    PtrFocusMove focus_callback;
    gpointer focus_data;
    GDestroyNotify focus_notify;
    PtrA11yState a11y;
} PtrScrollableArea;

#define PTR_AREA(o) ((PtrScrollableArea *)(o))

/* Our list's accessible (accessible_list.c). */
GType ptr_area_accessible_get_type(void);
/* PtrRefreshBin's accessible (accessible_bin.c; a GtkContainerAccessible: the app's widgets stay
 * its children). */
GType ptr_bin_accessible_get_type(void);
/* The widget is going away: children become defunct, pending actions are dropped, the Swift
 * side's destroy-notify runs (accessible_model.c). */
void ptr_area_a11y_dispose(PtrScrollableArea *area);
#endif
