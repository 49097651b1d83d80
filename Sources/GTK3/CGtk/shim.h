#ifndef CGTK_SHIM_H
#define CGTK_SHIM_H
#include <gtk/gtk.h>
#include <gdk/gdk.h>
#include <cairo.h>
#include <pango/pangocairo.h>
#include <atk/atk.h>
#include <glib/gi18n.h>
#include <glib-unix.h>
#include <locale.h>
#endif
