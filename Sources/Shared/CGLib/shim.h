#ifndef CGLIB_SHIM_H
#define CGLIB_SHIM_H
// GLib, GObject and GIO and nothing of a toolkit: what the main-loop integration needs (the
// GSource, the GApplication whose shutdown removes it), shared by the GTK 3 and GTK 4 widgets.
#include <glib.h>
#include <glib-object.h>
#include <gio/gio.h>
#endif
