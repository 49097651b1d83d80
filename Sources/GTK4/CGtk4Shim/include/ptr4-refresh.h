#ifndef PTR4_REFRESH_H
#define PTR4_REFRESH_H
/*
 * The public C API of gtk-pull-to-refresh for GTK 4: what C programs include, what g-ir-scanner
 * reads for the Ptr4-1.0 typelib (Python, JavaScript, …). docs/gobject-api.md describes it.
 * It sits beside the GTK 3 library's ptr-refresh.h (namespace Ptr) as libadwaita sits beside
 * libhandy: a program uses one or the other, never both. The behaviour behind it is Swift,
 * inside libPtrRefresh4.so.
 */
#include <gtk/gtk.h>

G_BEGIN_DECLS

void ptr4_init(void);

/**
 * Ptr4HeaderStyle:
 * @PTR4_HEADER_STYLE_JIKE: the animated "J" (70 px held open)
 * @PTR4_HEADER_STYLE_CLASSIC: arrow, text and "Last updated" line (60 px)
 * @PTR4_HEADER_STYLE_PLAIN: a 30 px bar naming the state
 *
 * The look of the refresh header.
 */
typedef enum {
    PTR4_HEADER_STYLE_JIKE,
    PTR4_HEADER_STYLE_CLASSIC,
    PTR4_HEADER_STYLE_PLAIN,
} Ptr4HeaderStyle;

/**
 * Ptr4FooterMode:
 * @PTR4_FOOTER_MODE_AUTO: load more when the footer comes into view
 * @PTR4_FOOTER_MODE_PULL: load more on a push past the bottom and release
 * @PTR4_FOOTER_MODE_NONE: no footer at all: no room below the rows, nothing loads
 *   (#Ptr4RefreshBin::load-more is never emitted)
 *
 * How load-more is triggered.
 */
typedef enum {
    PTR4_FOOTER_MODE_AUTO,
    PTR4_FOOTER_MODE_PULL,
    PTR4_FOOTER_MODE_NONE,
} Ptr4FooterMode;

/**
 * Ptr4HeaderState:
 * @PTR4_HEADER_STATE_IDLE: nothing pending (the pull may still spring back)
 * @PTR4_HEADER_STATE_PULLING: pulled, not far enough to refresh on release
 * @PTR4_HEADER_STATE_ARMED: pulled far enough: releasing refreshes
 * @PTR4_HEADER_STATE_REFRESHING: held open; the app refreshes (#Ptr4RefreshBin::refresh)
 * @PTR4_HEADER_STATE_FINISHING: the refresh ended; the header collapses
 * @PTR4_HEADER_STATE_FAILED: the refresh failed; the error mark shows, then it collapses
 *
 * The refresh header's state.
 */
typedef enum {
    PTR4_HEADER_STATE_IDLE,
    PTR4_HEADER_STATE_PULLING,
    PTR4_HEADER_STATE_ARMED,
    PTR4_HEADER_STATE_REFRESHING,
    PTR4_HEADER_STATE_FINISHING,
    PTR4_HEADER_STATE_FAILED,
} Ptr4HeaderState;

/**
 * Ptr4FooterState:
 * @PTR4_FOOTER_STATE_IDLE: "Load more"
 * @PTR4_FOOTER_STATE_ARMED: pull mode: pushed far enough to load on release
 * @PTR4_FOOTER_STATE_LOADING: loading (#Ptr4RefreshBin::load-more was emitted)
 * @PTR4_FOOTER_STATE_NO_MORE_DATA: the source is exhausted until the next refresh
 * @PTR4_FOOTER_STATE_FAILED: the load failed; ptr4_refresh_bin_load_more() retries
 *
 * The load-more footer's state.
 */
typedef enum {
    PTR4_FOOTER_STATE_IDLE,
    PTR4_FOOTER_STATE_ARMED,
    PTR4_FOOTER_STATE_LOADING,
    PTR4_FOOTER_STATE_NO_MORE_DATA,
    PTR4_FOOTER_STATE_FAILED,
} Ptr4FooterState;

GType ptr4_header_style_get_type(void) G_GNUC_CONST;
GType ptr4_footer_mode_get_type(void) G_GNUC_CONST;
GType ptr4_header_state_get_type(void) G_GNUC_CONST;
GType ptr4_footer_state_get_type(void) G_GNUC_CONST;
#define PTR4_TYPE_HEADER_STYLE (ptr4_header_style_get_type())
#define PTR4_TYPE_FOOTER_MODE (ptr4_footer_mode_get_type())
#define PTR4_TYPE_HEADER_STATE (ptr4_header_state_get_type())
#define PTR4_TYPE_FOOTER_STATE (ptr4_footer_state_get_type())

#define PTR4_TYPE_REFRESH_BIN (ptr4_refresh_bin_get_type())
G_DECLARE_FINAL_TYPE(Ptr4RefreshBin, ptr4_refresh_bin, PTR4, REFRESH_BIN, GtkWidget)

GtkWidget *ptr4_refresh_bin_new(void);
GtkWidget *ptr4_refresh_bin_get_child(Ptr4RefreshBin *bin);
void ptr4_refresh_bin_set_child(Ptr4RefreshBin *bin, GtkWidget *child);

void ptr4_refresh_bin_begin_refreshing(Ptr4RefreshBin *bin);
void ptr4_refresh_bin_end_refreshing(Ptr4RefreshBin *bin, gboolean ok, gint inserted_at_top);
void ptr4_refresh_bin_end_loading(Ptr4RefreshBin *bin, gint added, gboolean exhausted, gboolean ok);
void ptr4_refresh_bin_load_more(Ptr4RefreshBin *bin);

Ptr4HeaderStyle ptr4_refresh_bin_get_header_style(Ptr4RefreshBin *bin);
void ptr4_refresh_bin_set_header_style(Ptr4RefreshBin *bin, Ptr4HeaderStyle style);
Ptr4FooterMode ptr4_refresh_bin_get_footer_mode(Ptr4RefreshBin *bin);
void ptr4_refresh_bin_set_footer_mode(Ptr4RefreshBin *bin, Ptr4FooterMode mode);
gboolean ptr4_refresh_bin_get_refreshing(Ptr4RefreshBin *bin);
gboolean ptr4_refresh_bin_get_loading(Ptr4RefreshBin *bin);
Ptr4HeaderState ptr4_refresh_bin_get_header_state(Ptr4RefreshBin *bin);
Ptr4FooterState ptr4_refresh_bin_get_footer_state(Ptr4RefreshBin *bin);
GDateTime *ptr4_refresh_bin_get_last_updated(Ptr4RefreshBin *bin);
void ptr4_refresh_bin_set_last_updated(Ptr4RefreshBin *bin, GDateTime *last_updated);

G_END_DECLS
#endif
