// Pull-to-refresh over a window loaded from window.ui (GtkBuilder), from GJS:
//   gjs -m builder.js [--self-test]
// Ptr4.init() comes before the .ui is loaded: GtkBuilder finds Ptr4RefreshBin by name only once
// the type is registered. `--self-test`: runs one refresh and one load-more and exits 0 when both
// ended with their rows in the model (the test command runs it; docs/gobject-api.md).
import GLib from 'gi://GLib';
import Gtk from 'gi://Gtk?version=4.0';
import Ptr4 from 'gi://Ptr4?version=1.0';
import {programArgs, exit} from 'system';

const selfTest = programArgs.includes('--self-test');
Gtk.init();
Ptr4.init();
const [here] = GLib.filename_from_uri(import.meta.url);
const uiPath = GLib.build_filenamev([GLib.path_get_dirname(here), 'window.ui']);
const builder = Gtk.Builder.new_from_file(uiPath);
const [window, bin, rows] = ['window', 'bin', 'rows'].map(name => builder.get_object(name));
const start = rows.get_n_items();
const loop = new GLib.MainLoop(null, false);
let refreshes = 0, loads = 0, status = selfTest ? 1 : 0;

bin.connect('refresh', () => {
    refreshes++;
    GLib.timeout_add(GLib.PRIORITY_DEFAULT, selfTest ? 10 : 1000, () => {
        rows.splice(0, 0, ['New 0', 'New 1', 'New 2']);
        bin.end_refreshing(true, 3);
        return GLib.SOURCE_REMOVE;
    });
});
bin.connect('load-more', () => {
    loads++;
    GLib.timeout_add(GLib.PRIORITY_DEFAULT, selfTest ? 10 : 1000, () => {
        for (let i = 0; i < 5; i++)
            rows.append('More');
        bin.end_loading(5, false, true);
        return GLib.SOURCE_REMOVE;
    });
});
window.connect('close-request', () => {
    loop.quit();
    return false;
});
window.present();
if (selfTest) {
    bin.connect('header-state-changed', (_bin, state) => {
        if (state === Ptr4.HeaderState.IDLE && refreshes === 1 && rows.get_n_items() === start + 3)
            bin.load_more();
    });
    bin.connect('footer-state-changed', (_bin, state) => {
        if (state === Ptr4.FooterState.IDLE && loads === 1) {
            status = rows.get_n_items() === start + 8 && !bin.loading ? 0 : 1;
            loop.quit();
        }
    });
    GLib.timeout_add_seconds(GLib.PRIORITY_DEFAULT, 10, () => {
        printerr(`builder.js: did not finish: ${refreshes} refreshes, ${loads} loads, ${rows.get_n_items()} rows`);
        loop.quit();
        return GLib.SOURCE_REMOVE;
    });
    bin.begin_refreshing();
}
loop.run();
window.destroy();
exit(status);
