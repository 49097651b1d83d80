#!/usr/bin/env gjs
// Pull-to-refresh and load-more for a Gtk.ListBox (GTK 4), from JavaScript (GJS):
//   GI_TYPELIB_PATH=PREFIX/lib/girepository-1.0 LD_LIBRARY_PATH=PREFIX/lib gjs listbox.js
// `--self-test`: runs one refresh and one load-more and exits 0 when both ended with their rows
// in the list (the test command runs it; docs/gobject-api.md, "Ptr4RefreshBin").
imports.gi.versions.Gtk = '4.0';
imports.gi.versions.Ptr4 = '1.0';
const {GLib, Gtk, Ptr4} = imports.gi;

const selfTest = ARGV.includes('--self-test');
const delay = selfTest ? 10 : 1000;
Gtk.init();

const list = new Gtk.ListBox();
let rows = 0;
const addRow = (text, position) => {
    list.insert(new Gtk.Label({label: text, xalign: 0, margin_start: 8, margin_top: 4, margin_bottom: 4}), position);
    rows++;
};
for (let i = 0; i < 50; i++)
    addRow(`Row ${i}`, -1);
const scrolled = new Gtk.ScrolledWindow({child: list});

// The pull-to-refresh lines:
const bin = new Ptr4.RefreshBin({child: scrolled});
let refreshes = 0, loads = 0;
bin.connect('refresh', () => {
    refreshes++;
    // A real app fetches here; the bin stays refreshing until end_refreshing.
    GLib.timeout_add(GLib.PRIORITY_DEFAULT, delay, () => {
        for (let i = 0; i < 3; i++)
            addRow(`New ${i}`, 0);
        bin.end_refreshing(true, 3);
        return GLib.SOURCE_REMOVE;
    });
});
bin.connect('load-more', () => {
    loads++;
    GLib.timeout_add(GLib.PRIORITY_DEFAULT, delay, () => {
        const start = rows;
        for (let i = 0; i < 5; i++)
            addRow(`Row ${start + i}`, -1);
        bin.end_loading(5, false, true);  // 5 rows added, not exhausted, ok
        return GLib.SOURCE_REMOVE;
    });
});

const loop = new GLib.MainLoop(null, false);
const window = new Gtk.Window({default_width: 360, default_height: 480, child: bin});
window.connect('close-request', () => {
    loop.quit();
    return false;
});
window.present();

// The rows the list really holds (not the counter above).
const rowsInList = () => {
    let n = 0;
    for (let child = list.get_first_child(); child !== null; child = child.get_next_sibling())
        n++;
    return n;
};

let status = selfTest ? 1 : 0;
if (selfTest) {
    bin.connect('header-state-changed', (_bin, state) => {
        if (state !== Ptr4.HeaderState.IDLE || refreshes !== 1 || rowsInList() !== 53)
            return;
        if (bin.last_updated === null) {
            printerr('listbox.js: no last-updated after a refresh');
            loop.quit();
            return;
        }
        bin.load_more();
    });
    bin.connect('footer-state-changed', (_bin, state) => {
        if (state !== Ptr4.FooterState.IDLE || loads !== 1)
            return;
        const ok = rowsInList() === 58 && !bin.loading && !bin.refreshing;
        status = ok ? 0 : 1;
        if (!ok)
            printerr(`listbox.js: rows ${rowsInList()}, loading ${bin.loading}, refreshing ${bin.refreshing}`);
        loop.quit();
    });
    GLib.timeout_add_seconds(GLib.PRIORITY_DEFAULT, 10, () => {
        printerr(`listbox.js: did not finish: ${refreshes} refreshes, ${loads} loads, ${rowsInList()} rows`);
        loop.quit();
        return GLib.SOURCE_REMOVE;
    });
    bin.begin_refreshing();
}
loop.run();
imports.system.exit(status);
