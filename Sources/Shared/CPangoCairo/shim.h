#ifndef CPANGOCAIRO_SHIM_H
#define CPANGOCAIRO_SHIM_H
// What the painters need and nothing of a toolkit: Cairo, Pango over Cairo, GLib (dates, time
// zones) and gettext. GTK 3 (RefreshGtk) and GTK 4 (RefreshGtk4) both draw through it.
#include <cairo.h>
#include <pango/pangocairo.h>
#include <glib.h>
#include <libintl.h>
#include <locale.h>
#endif
