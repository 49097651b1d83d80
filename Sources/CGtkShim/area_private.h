#ifndef PTR_AREA_PRIVATE_H
#define PTR_AREA_PRIVATE_H
#include "CGtkShim.h"

/* What the accessible reports, pushed from Swift with the ptr_scrollable_area_set_a11y_*
 * setters and read by PtrAreaAccessible when an AT asks (never the other way round). */
typedef struct {
    PtrA11yText text;             /* row names and the list's description, asked at query time */
    PtrA11yActivate activate;     /* an AT ran one of the list's or footer's actions */
    gpointer data;
    gboolean busy;
    guint actions;                /* PtrA11yActions */
    gchar *list_name;
    gchar *action_names[3];       /* localized: refresh, load-more, retry */
    gint row_count, first_row, n_rows, focused_row;
    gchar *header_state, *footer_state;
    gchar *footer_name;           /* NULL: no footer (short list) */
    gboolean footer_showing, footer_actionable, footer_focused;
    gchar *pending_action;
    guint action_idle;
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
    AtkObject *accessible;        /* weak: the PtrAreaAccessible, once GTK created it */
} PtrScrollableArea;

#define PTR_AREA(o) ((PtrScrollableArea *)(o))

/* accessible.c */
GType ptr_area_accessible_get_type(void);
/* The widget's state changed: update children, emit the ATK signals an AT listens to. */
void ptr_area_accessible_sync(PtrScrollableArea *area, gboolean description_changed);
/* The widget is going away: children become defunct, pending actions are dropped. */
void ptr_area_a11y_dispose(PtrScrollableArea *area);
#endif
