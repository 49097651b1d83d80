// Pull-to-refresh over a window loaded from window.ui (GtkBuilder), from Vala, with the installed
// vapi (PREFIX/share/vala/vapi); run it from this directory, where window.ui is:
//   valac --pkg ptr4-refresh-1.0 --vapidir PREFIX/share/vala/vapi builder.vala && ./builder
// Ptr4.init () comes before the .ui is loaded: GtkBuilder finds Ptr4RefreshBin by name only once
// the type is registered. `--self-test`: runs one refresh and one load-more and exits 0 when both
// ended with their rows in the model (the test command runs it; docs/gobject-api.md).

int main (string[] args) {
    Gtk.init ();
    Ptr4.init ();
    bool self_test = args.length > 1 && args[1] == "--self-test";
    var loop = new MainLoop ();
    var builder = new Gtk.Builder.from_file ("window.ui");
    var window = (Gtk.Window) builder.get_object ("window");
    var bin = (Ptr4.RefreshBin) builder.get_object ("bin");
    var rows = (Gtk.StringList) builder.get_object ("rows");
    uint start = rows.get_n_items ();
    int refreshes = 0, loads = 0, status = self_test ? 1 : 0;

    bin.refresh.connect (() => {
        refreshes++;
        Timeout.add (self_test ? 10 : 1000, () => {
            rows.splice (0, 0, { "New 0", "New 1", "New 2" });
            bin.end_refreshing (true, 3);
            return Source.REMOVE;
        });
    });
    bin.load_more.connect (() => {
        loads++;
        Timeout.add (self_test ? 10 : 1000, () => {
            for (int i = 0; i < 5; i++) {
                rows.append ("More");
            }
            bin.end_loading (5, false, true);
            return Source.REMOVE;
        });
    });
    window.close_request.connect (() => {
        loop.quit ();
        return false;
    });
    window.present ();
    if (self_test) {
        bin.header_state_changed.connect ((state) => {
            if (state == Ptr4.HeaderState.IDLE && refreshes == 1 && rows.get_n_items () == start + 3) {
                bin.load_more ();
            }
        });
        bin.footer_state_changed.connect ((state) => {
            if (state == Ptr4.FooterState.IDLE && loads == 1) {
                status = rows.get_n_items () == start + 8 && !bin.loading ? 0 : 1;
                loop.quit ();
            }
        });
        Timeout.add_seconds (10, () => {
            printerr ("builder.vala: did not finish: %d refreshes, %d loads, %u rows\n", refreshes, loads,
                      rows.get_n_items ());
            loop.quit ();
            return Source.REMOVE;
        });
        bin.begin_refreshing ();
    }
    loop.run ();
    window.destroy ();
    return status;
}
