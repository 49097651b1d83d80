#ifndef PTR_REFRESH_H
#define PTR_REFRESH_H
/*
 * The public C API of gtk-pull-to-refresh: what C programs include, what g-ir-scanner reads
 * for the Ptr-1.0 typelib (Python, JavaScript, …). docs/gobject-api.md describes it.
 * Nothing here needs Swift; the behaviour behind it is Swift, inside libPtrRefresh.so.
 */
#include <gtk/gtk.h>

G_BEGIN_DECLS

void ptr_init(void);

/**
 * PtrHeaderStyle:
 * @PTR_HEADER_STYLE_JIKE: the animated "J" (70 px held open)
 * @PTR_HEADER_STYLE_CLASSIC: arrow, text and "Last updated" line (60 px)
 * @PTR_HEADER_STYLE_PLAIN: a 30 px bar naming the state
 *
 * The look of the refresh header.
 */
typedef enum {
    PTR_HEADER_STYLE_JIKE,
    PTR_HEADER_STYLE_CLASSIC,
    PTR_HEADER_STYLE_PLAIN,
} PtrHeaderStyle;

/**
 * PtrFooterMode:
 * @PTR_FOOTER_MODE_AUTO: load more when the footer comes into view
 * @PTR_FOOTER_MODE_PULL: load more on a push past the bottom and release
 * @PTR_FOOTER_MODE_NONE: no footer at all: no room below the rows, nothing loads
 *   (#PtrRefreshBin::load-more is never emitted)
 *
 * How load-more is triggered.
 */
typedef enum {
    PTR_FOOTER_MODE_AUTO,
    PTR_FOOTER_MODE_PULL,
    PTR_FOOTER_MODE_NONE,
} PtrFooterMode;

/**
 * PtrHeaderState:
 * @PTR_HEADER_STATE_IDLE: nothing pending (the pull may still spring back)
 * @PTR_HEADER_STATE_PULLING: pulled, not far enough to refresh on release
 * @PTR_HEADER_STATE_ARMED: pulled far enough: releasing refreshes
 * @PTR_HEADER_STATE_REFRESHING: held open; the app refreshes (#PtrRefreshBin::refresh)
 * @PTR_HEADER_STATE_FINISHING: the refresh ended; the header collapses
 * @PTR_HEADER_STATE_FAILED: the refresh failed; the error mark shows, then it collapses
 *
 * The refresh header's state.
 */
typedef enum {
    PTR_HEADER_STATE_IDLE,
    PTR_HEADER_STATE_PULLING,
    PTR_HEADER_STATE_ARMED,
    PTR_HEADER_STATE_REFRESHING,
    PTR_HEADER_STATE_FINISHING,
    PTR_HEADER_STATE_FAILED,
} PtrHeaderState;

/**
 * PtrFooterState:
 * @PTR_FOOTER_STATE_IDLE: "Load more"
 * @PTR_FOOTER_STATE_ARMED: pull mode: pushed far enough to load on release
 * @PTR_FOOTER_STATE_LOADING: loading (#PtrRefreshBin::load-more was emitted)
 * @PTR_FOOTER_STATE_NO_MORE_DATA: the source is exhausted until the next refresh
 * @PTR_FOOTER_STATE_FAILED: the load failed; a click retries
 *
 * The load-more footer's state.
 */
typedef enum {
    PTR_FOOTER_STATE_IDLE,
    PTR_FOOTER_STATE_ARMED,
    PTR_FOOTER_STATE_LOADING,
    PTR_FOOTER_STATE_NO_MORE_DATA,
    PTR_FOOTER_STATE_FAILED,
} PtrFooterState;

GType ptr_header_style_get_type(void) G_GNUC_CONST;
GType ptr_footer_mode_get_type(void) G_GNUC_CONST;
GType ptr_header_state_get_type(void) G_GNUC_CONST;
GType ptr_footer_state_get_type(void) G_GNUC_CONST;
#define PTR_TYPE_HEADER_STYLE (ptr_header_style_get_type())
#define PTR_TYPE_FOOTER_MODE (ptr_footer_mode_get_type())
#define PTR_TYPE_HEADER_STATE (ptr_header_state_get_type())
#define PTR_TYPE_FOOTER_STATE (ptr_footer_state_get_type())

#define PTR_TYPE_REFRESH_BIN (ptr_refresh_bin_get_type())
G_DECLARE_FINAL_TYPE(PtrRefreshBin, ptr_refresh_bin, PTR, REFRESH_BIN, GtkBin)

GtkWidget *ptr_refresh_bin_new(void);

void ptr_refresh_bin_begin_refreshing(PtrRefreshBin *bin);
void ptr_refresh_bin_end_refreshing(PtrRefreshBin *bin, gboolean ok, gint inserted_at_top);
void ptr_refresh_bin_end_loading(PtrRefreshBin *bin, gint added, gboolean exhausted, gboolean ok);
void ptr_refresh_bin_load_more(PtrRefreshBin *bin);

PtrHeaderStyle ptr_refresh_bin_get_header_style(PtrRefreshBin *bin);
void ptr_refresh_bin_set_header_style(PtrRefreshBin *bin, PtrHeaderStyle style);
PtrFooterMode ptr_refresh_bin_get_footer_mode(PtrRefreshBin *bin);
void ptr_refresh_bin_set_footer_mode(PtrRefreshBin *bin, PtrFooterMode mode);
gboolean ptr_refresh_bin_get_refreshing(PtrRefreshBin *bin);
gboolean ptr_refresh_bin_get_loading(PtrRefreshBin *bin);
PtrHeaderState ptr_refresh_bin_get_header_state(PtrRefreshBin *bin);
PtrFooterState ptr_refresh_bin_get_footer_state(PtrRefreshBin *bin);
GDateTime *ptr_refresh_bin_get_last_updated(PtrRefreshBin *bin);
void ptr_refresh_bin_set_last_updated(PtrRefreshBin *bin, GDateTime *last_updated);

#define PTR_TYPE_REFRESH_LIST (ptr_refresh_list_get_type())
G_DECLARE_FINAL_TYPE(PtrRefreshList, ptr_refresh_list, PTR, REFRESH_LIST, GtkBin)

GtkWidget *ptr_refresh_list_new(GtkTreeModel *model);
GtkTreeModel *ptr_refresh_list_get_model(PtrRefreshList *list);
void ptr_refresh_list_set_model(PtrRefreshList *list, GtkTreeModel *model);
void ptr_refresh_list_reload(PtrRefreshList *list);
void ptr_refresh_list_begin_refreshing(PtrRefreshList *list);
void ptr_refresh_list_end_refreshing(PtrRefreshList *list, gboolean ok, gint inserted_at_top);
void ptr_refresh_list_end_loading(PtrRefreshList *list, gint added, gboolean exhausted, gboolean ok);
PtrHeaderStyle ptr_refresh_list_get_header_style(PtrRefreshList *list);
void ptr_refresh_list_set_header_style(PtrRefreshList *list, PtrHeaderStyle style);
PtrFooterMode ptr_refresh_list_get_footer_mode(PtrRefreshList *list);
void ptr_refresh_list_set_footer_mode(PtrRefreshList *list, PtrFooterMode mode);
gboolean ptr_refresh_list_get_refreshing(PtrRefreshList *list);
gboolean ptr_refresh_list_get_loading(PtrRefreshList *list);

G_END_DECLS
#endif
