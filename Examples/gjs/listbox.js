#!/usr/bin/env gjs
// Pull-to-refresh for a Gtk.ListBox, from JavaScript (GJS):
//   GI_TYPELIB_PATH=PREFIX/lib/girepository-1.0 LD_LIBRARY_PATH=PREFIX/lib gjs listbox.js
// `--self-test`: runs one refresh cycle and exits 0 when the header collapsed with the new rows
// in the list (README's test command runs it; docs/gobject-api.md).
imports.gi.versions.Gtk = '3.0';
const {GLib, Gtk, Ptr} = imports.gi;

const selfTest = ARGV.includes('--self-test');
Gtk.init(null);

const list = new Gtk.ListBox();
const addRow = (text, position) => {
    const row = new Gtk.Label({label: text, xalign: 0, margin: 8});
    list.insert(row, position);
    row.show();
};
for (let i = 0; i < 20; i++)
    addRow(`Row ${i}`, -1);
const scrolled = new Gtk.ScrolledWindow();
scrolled.add(list);

// The pull-to-refresh lines:
const bin = new Ptr.RefreshBin();
bin.add(scrolled);
let refreshes = 0;
bin.connect('refresh', () => {
    refreshes++;
    // A real app fetches here; the bin stays refreshing until end_refreshing.
    GLib.timeout_add(GLib.PRIORITY_DEFAULT, selfTest ? 10 : 1000, () => {
        for (let i = 0; i < 3; i++)
            addRow(`New ${i}`, 0);
        bin.end_refreshing(true, 3);
        return GLib.SOURCE_REMOVE;
    });
});

const window = new Gtk.Window({default_width: 360, default_height: 480});
window.add(bin);
window.connect('destroy', () => Gtk.main_quit());
window.show_all();

let status = selfTest ? 1 : 0;
if (selfTest) {
    bin.connect('header-state-changed', (_bin, state) => {
        if (state !== Ptr.HeaderState.IDLE || refreshes !== 1)
            return;
        const ok = !bin.refreshing && bin.last_updated !== null && list.get_children().length === 23;
        status = ok ? 0 : 1;
        if (!ok)
            printerr(`listbox.js: refreshing ${bin.refreshing}, rows ${list.get_children().length}`);
        window.destroy();
    });
    GLib.timeout_add_seconds(GLib.PRIORITY_DEFAULT, 10, () => {
        printerr('listbox.js: the refresh cycle did not finish');
        window.destroy();
        return GLib.SOURCE_REMOVE;
    });
    bin.begin_refreshing();
}
Gtk.main();
imports.system.exit(status);
