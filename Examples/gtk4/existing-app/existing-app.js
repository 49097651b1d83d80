// Pull-to-refresh added to a GTK 4 app that already exists, from GJS:
//   gjs -m existing-app.js [--self-test]
// A feed reader with a Refresh button (win.refresh, Ctrl+R), a 15-minute timer and its own
// updateFeeds(), its list a GtkStack page (window.ui). The lines marked "Pull-to-refresh" are all
// that was added or changed (docs/real-apps.md explains each). `--self-test`: activates
// win.refresh once and exits 0 when the header is idle again with the three sources' posts at the
// top of the list, scrolled to its top.
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import Gtk from 'gi://Gtk?version=4.0';
import Ptr4 from 'gi://Ptr4?version=1.0';
import {programArgs, programInvocationName, exit} from 'system';

const SOURCES = ['GNOME', 'GTK', 'Planet']; // fetched one after the other
const PER_SOURCE = 2;
const ARCHIVE = 30; // posts the list holds before the first refresh
const selfTest = programArgs.includes('--self-test');
let status = selfTest ? 1 : 0;

class FeedReader {
    constructor(app) {
        const [here] = GLib.filename_from_uri(import.meta.url);
        const builder = Gtk.Builder.new_from_file(GLib.build_filenamev([GLib.path_get_dirname(here), 'window.ui']));
        [this.window, this.stack, this.scrolled, this.list] =
            ['window', 'stack', 'scrolled', 'list'].map(name => builder.get_object(name));
        this.window.set_application(app);
        this.posts = 0;
        this.updating = false;
        for (let i = 0; i < ARCHIVE; i++)
            this.addPost('Archive');

        // Pull-to-refresh: the bin takes the scrolled window's place as the "feeds" page, with its
        // name, title and icon. From here on the scrolled window's parent is the bin: code that
        // walked get_parent() from it or compared the stack's visible child with it uses the bin.
        const page = this.stack.get_page(this.scrolled);
        const [name, title, icon] = [page.get_name(), page.get_title(), page.get_icon_name()];
        this.stack.remove(this.scrolled);
        this.bin = new Ptr4.RefreshBin({child: this.scrolled});
        this.stack.add_titled(this.bin, name, title).set_icon_name(icon);
        // Pull-to-refresh: the update runs when the header is open, however the refresh began.
        this.bin.connect('refresh', () => this.updateFeeds());

        const action = new Gio.SimpleAction({name: 'refresh'});
        action.connect('activate', () => this.bin.begin_refreshing()); // Pull-to-refresh: was updateFeeds()
        this.window.add_action(action);
        app.set_accels_for_action('win.refresh', ['<Control>r']);
        GLib.timeout_add_seconds(GLib.PRIORITY_DEFAULT, 15 * 60, () => {
            this.bin.begin_refreshing(); // Pull-to-refresh: was this.updateFeeds()
            return GLib.SOURCE_CONTINUE;
        });
        this.stack.set_visible_child_name('feeds');
        this.window.present();
    }

    // The app's own update: each source's new posts go in at the top as they arrive.
    updateFeeds() {
        // begin_refreshing() while a refresh runs is a no-op, so the timer or Ctrl+R during an
        // update start no second one; this guard stays for updates begun elsewhere.
        if (this.updating)
            return;
        this.updating = true;
        this.inserted = 0;
        this.fetch(0);
    }

    fetch(source) {
        GLib.timeout_add(GLib.PRIORITY_DEFAULT, 100, () => { // stands for the network
            for (let i = 0; i < PER_SOURCE; i++)
                this.addPost(SOURCES[source]);
            this.inserted += PER_SOURCE;
            if (source + 1 < SOURCES.length) {
                this.fetch(source + 1);
            } else {
                this.updating = false;
                this.feedsUpdated(this.inserted);
            }
            return GLib.SOURCE_REMOVE;
        });
    }

    addPost(source) {
        const label = new Gtk.Label({
            label: `Post ${this.posts} from ${source}`, xalign: 0, margin_start: 12, margin_top: 10, margin_bottom: 10,
        });
        this.list.insert(label, 0); // newest first
        this.posts++;
    }

    feedsUpdated(inserted) {
        this.window.set_title(`Feeds (${inserted} new)`);
        // Pull-to-refresh: the rows went in at the top while the update ran; the bin keeps the
        // list at its top with them under the header as it collapses.
        this.bin.end_refreshing(true, inserted);
    }
}

function runSelfTest(app, reader) {
    const states = [];
    reader.bin.connect('header-state-changed', (_bin, state) => {
        states.push(state);
        if (state !== Ptr4.HeaderState.IDLE || !states.includes(Ptr4.HeaderState.REFRESHING))
            return;
        const count = SOURCES.length * PER_SOURCE;
        const want = [], got = [];
        for (let i = 0; i < count; i++) {
            // Row 0 is the newest: the last source's last post.
            want.push(`Post ${ARCHIVE + count - 1 - i} from ${SOURCES[Math.floor((count - 1 - i) / PER_SOURCE)]}`);
            got.push(reader.list.get_row_at_index(i).get_child().get_label());
        }
        const value = reader.scrolled.get_vadjustment().get_value();
        if (got.join('|') === want.join('|') && reader.posts === ARCHIVE + count && value === 0)
            status = 0;
        else
            printerr(`existing-app.js: rows ${got}, wanted ${want}; ${reader.posts} posts; scrolled to ${value}`);
        app.quit();
    });
    GLib.timeout_add_seconds(GLib.PRIORITY_DEFAULT, 10, () => {
        printerr(`existing-app.js: the refresh did not end: header states ${states}`);
        app.quit();
        return GLib.SOURCE_REMOVE;
    });
    // As the button does, from a widget in the window (on the window itself, activate_action is
    // GActionGroup's, which knows "refresh" but not "win.refresh").
    reader.list.activate_action('win.refresh', null);
}

const app = new Gtk.Application({
    application_id: 'io.github.gtk_pull_to_refresh.ExistingApp', flags: Gio.ApplicationFlags.NON_UNIQUE,
});
app.connect('startup', () => Ptr4.init()); // Pull-to-refresh: before anything else uses the library
app.connect('activate', () => {
    const reader = new FeedReader(app);
    if (selfTest)
        runSelfTest(app, reader);
});
app.run([programInvocationName]);
exit(status);
