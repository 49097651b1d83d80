#ifndef PTR_REFRESH_BIN_SWIFT_H
#define PTR_REFRESH_BIN_SWIFT_H
/*
 * The Swift side of PtrRefreshBin: @_cdecl functions in RefreshGtk (Hosts/RefreshBin.swift),
 * linked into the same library. Not public, not introspected: only refresh_bin.c calls them
 * (docs/gobject-api.md, "How it is built").
 */
#include "CGtkShim.h"

/* A child was added: creates the Swift controller over it (a GtkScrolledWindow), owned by the
 * bin's qdata, unless the bin already has one (the Swift API made it). */
void ptr_refresh_bin_swift_attach(PtrRefreshBin *bin, GtkWidget *child);
/* The child is being removed: releases the controller (every handler and tick goes with it). */
void ptr_refresh_bin_swift_detach(PtrRefreshBin *bin);
/* header-style, footer-mode or last-updated was set: the controller reads them back. */
void ptr_refresh_bin_swift_apply(PtrRefreshBin *bin);
void ptr_refresh_bin_swift_begin_refreshing(PtrRefreshBin *bin);
void ptr_refresh_bin_swift_end_refreshing(PtrRefreshBin *bin, gboolean ok, gint inserted_at_top);
void ptr_refresh_bin_swift_end_loading(PtrRefreshBin *bin, gint added, gboolean exhausted, gboolean ok);
void ptr_refresh_bin_swift_load_more(PtrRefreshBin *bin);
/* Tab (`forward`) or Shift+Tab from `from`: the next stop (the engine's decision). */
PtrBinFocus ptr_refresh_bin_swift_tab(PtrRefreshBin *bin, PtrBinFocus from, gboolean forward);

/* PtrRefreshList (refresh_list.c): creates the RefreshView and packs it (instance init). */
void ptr_refresh_list_swift_init(PtrRefreshList *list);
/* The model changed: the view re-reads its row count. */
void ptr_refresh_list_swift_reload(PtrRefreshList *list);
void ptr_refresh_list_swift_command(PtrRefreshList *list, PtrListCommand command, gint count, gboolean ok,
                                    gboolean exhausted);

/* A negative row count is the app's mistake: a critical names it and the count is taken as 0, so
 * that the refresh or load still ends (docs/gobject-api.md, "Bad input"). */
#define PTR_CHECKED_COUNT(count)                                                                      \
    ((count) < 0 ? (g_critical("%s: " #count " must be 0 or more, not %d; taken as 0", G_STRFUNC, (count)), 0) \
                 : (count))

#endif
