#ifndef CGTK4_SHIM_H
#define CGTK4_SHIM_H
// GTK 4 for the GTK 4 side only (CGtk4Shim, RefreshGtk4, refresh-demo-gtk4, refresh-bench-gtk4). GTK 4 and GTK 3 cannot share
// a process, so nothing that links GTK 3 may depend on this module.
#include <gtk/gtk.h>
#endif
