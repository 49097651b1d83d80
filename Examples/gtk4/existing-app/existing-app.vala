// Pull-to-refresh added to a GTK 4 app that already exists, from Vala, with the installed vapi
// (PREFIX/share/vala/vapi); run it from this directory, where window.ui is:
//   valac --pkg ptr4-refresh-1.0 --vapidir PREFIX/share/vala/vapi existing-app.vala && ./existing-app
// (or meson.build beside this file, which builds it as existing-app-vala when valac is there).
// A feed reader with a Refresh button (win.refresh, Ctrl+R), a 15-minute timer and its own
// update_feeds (), its list a GtkStack page (window.ui). The lines marked "Pull-to-refresh" are all
// that was added or changed (docs/real-apps.md explains each). `--self-test`: activates
// win.refresh once and exits 0 when the header is idle again with the three sources' posts at the
// top of the list, scrolled to its top.

const string[] SOURCES = { "GNOME", "GTK", "Planet" }; // fetched one after the other
const int PER_SOURCE = 2;
const int ARCHIVE = 30; // posts the list holds before the first refresh

class FeedReader : Object {
    public Gtk.Window window;
    public Gtk.ScrolledWindow scrolled;
    public Gtk.ListBox list;
    public Ptr4.RefreshBin bin; // Pull-to-refresh
    public int posts = 0;
    bool updating = false;
    int inserted = 0;

    public FeedReader (Gtk.Application app) {
        var builder = new Gtk.Builder.from_file ("window.ui");
        window = (Gtk.Window) builder.get_object ("window");
        var stack = (Gtk.Stack) builder.get_object ("stack");
        scrolled = (Gtk.ScrolledWindow) builder.get_object ("scrolled");
        list = (Gtk.ListBox) builder.get_object ("list");
        window.application = app;
        for (int i = 0; i < ARCHIVE; i++) {
            add_post ("Archive");
        }

        // Pull-to-refresh: the bin takes the scrolled window's place as the "feeds" page, with its
        // name, title and icon. From here on the scrolled window's parent is the bin: code that
        // walked get_parent () from it or compared the stack's visible child with it uses the bin.
        var page = stack.get_page (scrolled);
        string name = page.name, title = page.title, icon = page.icon_name;
        stack.remove (scrolled); // Vala holds its own reference to scrolled
        bin = new Ptr4.RefreshBin ();
        bin.child = scrolled;
        stack.add_titled (bin, name, title).icon_name = icon;
        // Pull-to-refresh: the update runs when the header is open, however the refresh began.
        bin.refresh.connect (update_feeds);

        var action = new SimpleAction ("refresh", null);
        action.activate.connect (() => bin.begin_refreshing ()); // Pull-to-refresh: was update_feeds ()
        ((Gtk.ApplicationWindow) window).add_action (action);
        app.set_accels_for_action ("win.refresh", { "<Control>r" });
        Timeout.add_seconds (15 * 60, () => {
            bin.begin_refreshing (); // Pull-to-refresh: was update_feeds ()
            return Source.CONTINUE;
        });
        stack.visible_child_name = "feeds";
        window.present ();
    }

    // The app's own update: each source's new posts go in at the top as they arrive.
    void update_feeds () {
        // begin_refreshing () while a refresh runs is a no-op, so the timer or Ctrl+R during an
        // update start no second one; this guard stays for updates begun elsewhere.
        if (updating) {
            return;
        }
        updating = true;
        inserted = 0;
        fetch (0);
    }

    void fetch (int source) {
        Timeout.add (100, () => { // stands for the network
            for (int i = 0; i < PER_SOURCE; i++) {
                add_post (SOURCES[source]);
            }
            inserted += PER_SOURCE;
            if (source + 1 < SOURCES.length) {
                fetch (source + 1);
            } else {
                updating = false;
                feeds_updated (inserted);
            }
            return Source.REMOVE;
        });
    }

    void add_post (string source) {
        var label = new Gtk.Label ("Post %d from %s".printf (posts++, source)) {
            xalign = 0, margin_start = 12, margin_top = 10, margin_bottom = 10
        };
        list.insert (label, 0); // newest first
    }

    void feeds_updated (int n) {
        window.title = "Feeds (%d new)".printf (n);
        // Pull-to-refresh: the rows went in at the top while the update ran; the bin keeps the
        // list at its top with them under the header as it collapses.
        bin.end_refreshing (true, n);
    }
}

int main (string[] args) {
    bool self_test = args.length > 1 && args[1] == "--self-test";
    int status = self_test ? 1 : 0;
    var app = new Gtk.Application ("io.github.gtk_pull_to_refresh.ExistingApp", ApplicationFlags.NON_UNIQUE);
    FeedReader reader = null;
    app.startup.connect (() => Ptr4.init ()); // Pull-to-refresh: before anything else uses the library
    app.activate.connect (() => {
        reader = new FeedReader (app);
        if (!self_test) {
            return;
        }
        bool refreshed = false;
        reader.bin.header_state_changed.connect ((state) => {
            refreshed |= state == Ptr4.HeaderState.REFRESHING;
            if (state != Ptr4.HeaderState.IDLE || !refreshed) {
                return;
            }
            int count = SOURCES.length * PER_SOURCE;
            status = 0;
            for (int i = 0; i < count; i++) {
                // Row 0 is the newest: the last source's last post.
                var want = "Post %d from %s".printf (ARCHIVE + count - 1 - i, SOURCES[(count - 1 - i) / PER_SOURCE]);
                var got = ((Gtk.Label) reader.list.get_row_at_index (i).child).label;
                if (got != want) {
                    printerr ("existing-app.vala: row %d is \"%s\", wanted \"%s\"\n", i, got, want);
                    status = 1;
                }
            }
            double value = reader.scrolled.vadjustment.value;
            if (value != 0 || reader.posts != ARCHIVE + count) {
                printerr ("existing-app.vala: %d posts, scrolled to %g\n", reader.posts, value);
                status = 1;
            }
            app.quit ();
        });
        Timeout.add_seconds (10, () => {
            printerr ("existing-app.vala: the refresh did not end (header state %s)\n",
                      reader.bin.header_state.to_string ());
            status = 1;
            app.quit ();
            return Source.REMOVE;
        });
        reader.list.activate_action_variant ("win.refresh", null); // as the button does, from a widget in the window
    });
    app.run ({ args[0] }); // --self-test is not a GApplication option
    return status;
}
