// gi-docgen's map from the namespaces the Ptr reference links to, to their online documentation.
baseURLs = [
    [ 'GLib', 'https://docs.gtk.org/glib/' ],
    [ 'GObject', 'https://docs.gtk.org/gobject/' ],
    [ 'Gio', 'https://docs.gtk.org/gio/' ],
    [ 'Gdk', 'https://docs.gtk.org/gdk3/' ],
    [ 'Gtk', 'https://docs.gtk.org/gtk3/' ],
    [ 'Pango', 'https://docs.gtk.org/Pango/' ],
]
