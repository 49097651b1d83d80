#ifndef PTR4_REFRESH_BIN_SWIFT_H
#define PTR4_REFRESH_BIN_SWIFT_H
/*
 * The Swift side of Ptr4RefreshBin: @_cdecl functions in RefreshGtk4
 * (GObject/RefreshBinGObject.swift), linked into the same library or program. Not public, not
 * introspected: only refresh_bin4.c calls them (docs/gobject-api.md, "How it is built").
 */
#include "CGtk4Shim.h"

/* A GtkScrolledWindow became the child: creates the Swift RefreshBin over it, owned by the bin,
 * unless the Swift API is making its own (ptr4_refresh_bin_set_adopting). */
void ptr4_refresh_bin_swift_attach(Ptr4RefreshBin *bin, GtkWidget *child);
/* The child is going: releases the Swift side (its hooks, handlers and ticks go with it). */
void ptr4_refresh_bin_swift_detach(Ptr4RefreshBin *bin);
/* header-style, footer-mode or last-updated was set: the Swift side reads them back. */
void ptr4_refresh_bin_swift_apply(Ptr4RefreshBin *bin);
void ptr4_refresh_bin_swift_begin_refreshing(Ptr4RefreshBin *bin);
void ptr4_refresh_bin_swift_end_refreshing(Ptr4RefreshBin *bin, gboolean ok, gint inserted_at_top);
void ptr4_refresh_bin_swift_end_loading(Ptr4RefreshBin *bin, gint added, gboolean exhausted, gboolean ok);
void ptr4_refresh_bin_swift_load_more(Ptr4RefreshBin *bin);

/* A negative row count is the app's mistake: a critical names it and the count is taken as 0, so
 * that the refresh or load still ends (docs/gobject-api.md, "Bad input"). */
#define PTR_CHECKED_COUNT(count)                                                                      \
    ((count) < 0 ? (g_critical("%s: " #count " must be 0 or more, not %d; taken as 0", G_STRFUNC, (count)), 0) \
                 : (count))

#endif
