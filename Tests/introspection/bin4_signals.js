// Ptr4RefreshBin's signals and property notifications (GTK 4), seen from JavaScript (GJS) through
// the installed typelib only (docs/gobject-api.md), as bin_signals.js checks PtrRefreshBin's on
// GTK 3: every signal and notification in the order it came, each step giving exactly the
// expected sequence, every handler given the bin and (state-changed) the new state. A
// Gtk.ListBox in a Gtk.ScrolledWindow; the user's input is the scrollbar taken to the end of the
// rows (what a drag of it does); the methods do the rest. Run by
// Tests/RefreshDemoTests/Gtk4IntrospectionTests.swift under Xvfb; prints "FAIL …" for every
// failed check and exits 1 if there was one.
imports.gi.versions.Gtk = '4.0';
imports.gi.versions.Ptr4 = '1.0';
const {GLib, Gtk, Ptr4} = imports.gi;

let failures = 0;
function check(ok, message) {
    print(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
    if (!ok)
        failures++;
}

function runUntil(done, seconds) {
    const context = GLib.MainContext.default();
    const deadline = GLib.get_monotonic_time() + seconds * 1e6;
    while (!done()) {
        if (GLib.get_monotonic_time() > deadline)
            return false;
        if (!context.iteration(false))
            GLib.usleep(1000);
    }
    return true;
}

const runFor = seconds => runUntil(() => false, seconds);

if (!Gtk.init_check()) {
    print('FAIL no display: run under Xvfb');
    imports.system.exit(1);
}

const list = new Gtk.ListBox();
for (let i = 0; i < 60; i++)
    list.append(new Gtk.Label({label: `Row ${i}`, xalign: 0, margin_top: 8, margin_bottom: 8}));
const scrolled = new Gtk.ScrolledWindow({child: list});
const bin = new Ptr4.RefreshBin();
check(bin instanceof Gtk.Widget && bin.get_child() === null, 'a new bin is a widget with no child');
bin.child = scrolled;
check(bin.get_child() === scrolled, 'the child property sets the child');

// Everything the handlers saw, in order, written as bin_signals.js writes it: "notify::NAME" (the
// bin's own properties only), "header-state-changed(NICK)", "footer-state-changed(NICK)",
// "refresh", "load-more". A state change that starts or ends a refresh (a load) notifies
// `header-state` and `refreshing` (`footer-state` and `loading`) together, in an order of GLib's:
// the pair is written state first.
let events = [];
let refreshes = 0, loads = 0;
const record = event => {
    const last = events[events.length - 1];
    if ((event === 'notify::header-state' && last === 'notify::refreshing') ||
        (event === 'notify::footer-state' && last === 'notify::loading'))
        events.splice(events.length - 1, 0, event);
    else
        events.push(event);
};
const nicks = enumeration => new Map(Object.entries(enumeration).filter(([, v]) => typeof v === 'number')
    .map(([k, v]) => [v, k.toLowerCase().replace(/_/g, '-')]));
const headerNicks = nicks(Ptr4.HeaderState), footerNicks = nicks(Ptr4.FooterState);
const checkInstance = (signal, instance) => {
    if (instance !== bin)
        check(false, `${signal}: the handler got ${instance}, not the bin`);
};
// `signal` once per refresh or load, with `busy` (refreshing, loading) true and the state open.
const handlers = [];
const connectAction = (signal, busy, count) => handlers.push(bin.connect(signal, instance => {
    checkInstance(signal, instance);
    count();
    check(busy(), `${signal}: the bin busy and the state open when it is emitted`);
    record(signal);
}));
connectAction('refresh', () => bin.refreshing && bin.header_state === Ptr4.HeaderState.REFRESHING, () => refreshes++);
connectAction('load-more', () => bin.loading && bin.footer_state === Ptr4.FooterState.LOADING, () => loads++);
handlers.push(bin.connect('notify', (instance, spec) => {
    checkInstance('notify', instance);
    if (spec.owner_type === Ptr4.RefreshBin.$gtype)
        record(`notify::${spec.name}`);
}));
const connectStateChanged = (which, names) => handlers.push(bin.connect(`${which}-state-changed`, (instance, state) => {
    checkInstance(`${which}-state-changed`, instance);
    const property = bin[`${which}_state`];
    if (state !== property)
        check(false, `${which}-state-changed(${names.get(state)}) while ${which}-state is ${names.get(property)}`);
    record(`${which}-state-changed(${names.get(state)})`);
}));
connectStateChanged('header', headerNicks);
connectStateChanged('footer', footerNicks);
const expectEvents = (what, expected) => {
    const seen = events.join(' ');
    events = [];
    check(seen === expected, seen === expected ? `${what}: ${seen}` : `${what}: [${seen}], expected [${expected}]`);
};

const window = new Gtk.Window({default_width: 400, default_height: 600, child: bin});
window.present();
const adjustment = scrolled.get_vadjustment();
if (!runUntil(() => adjustment.get_upper() > adjustment.get_page_size() && adjustment.get_page_size() > 0, 10)) {
    print('FAIL the list box never laid out its rows');
    imports.system.exit(1);
}
runFor(0.1);
expectEvents('showing it', '');

// Writable properties: each change notified once, a set to the same value not at all.
bin.header_style = Ptr4.HeaderStyle.CLASSIC;
check(bin.get_header_style() === Ptr4.HeaderStyle.CLASSIC, 'header-style reads back classic');
expectEvents('header-style set', 'notify::header-style');
bin.header_style = Ptr4.HeaderStyle.CLASSIC;
expectEvents('header-style set to its value', '');
bin.footer_mode = Ptr4.FooterMode.PULL;
expectEvents('footer-mode set', 'notify::footer-mode');
bin.footer_mode = Ptr4.FooterMode.PULL;
expectEvents('footer-mode set to its value', '');
bin.set_footer_mode(Ptr4.FooterMode.AUTO);
expectEvents('footer-mode set back', 'notify::footer-mode');
const when = GLib.DateTime.new_from_unix_local(1700000000);
bin.last_updated = when;
check(bin.last_updated !== null && bin.last_updated.equal(when), 'last-updated reads back');
expectEvents('last-updated set', 'notify::last-updated');
bin.last_updated = when;
expectEvents('last-updated set to its value', '');

// A refresh from the method: the header opens, then `refresh`.
bin.begin_refreshing();
check(runUntil(() => refreshes >= 1, 10), 'begin_refreshing: refresh was emitted');
runFor(0.3);
check(bin.refreshing, 'refreshing is true until end_refreshing');
expectEvents('begin_refreshing', 'notify::header-state notify::refreshing header-state-changed(refreshing) refresh');
bin.end_refreshing(true, 0);
check(!bin.refreshing, 'end_refreshing: refreshing is false at once');
check(runUntil(() => bin.header_state === Ptr4.HeaderState.IDLE, 10), 'the header collapsed');
runFor(0.1);
expectEvents('end_refreshing', 'notify::header-state notify::refreshing header-state-changed(finishing) ' +
    'notify::last-updated notify::header-state header-state-changed(idle)');
check(bin.last_updated !== null && bin.last_updated.to_unix() > 1700000000, 'last-updated is the refresh\'s end');

// A refresh that fails: no new last-updated.
const before = bin.last_updated;
bin.begin_refreshing();
check(runUntil(() => refreshes >= 2, 10), 'begin_refreshing again: refresh was emitted');
runFor(0.3);
expectEvents('begin_refreshing again', 'notify::header-state notify::refreshing header-state-changed(refreshing) refresh');
bin.end_refreshing(false, 0);
check(runUntil(() => bin.header_state === Ptr4.HeaderState.IDLE, 10), 'the header collapsed again');
runFor(0.1);
expectEvents('a failed refresh', 'notify::header-state notify::refreshing header-state-changed(failed) ' +
    'notify::header-state header-state-changed(finishing) notify::header-state header-state-changed(idle)');
check(bin.last_updated.equal(before), 'a failed refresh keeps last-updated');

// Load-more from the user: the scrollbar taken to the end of the rows.
adjustment.set_value(adjustment.get_upper() - adjustment.get_page_size());
check(runUntil(() => loads >= 1, 10), 'reaching the bottom: load-more was emitted');
runFor(0.3);
check(bin.loading, 'loading is true until end_loading');
expectEvents('reaching the bottom', 'notify::footer-state notify::loading footer-state-changed(loading) load-more');
bin.end_loading(0, false, false);
check(!bin.loading, 'end_loading: loading is false');
runFor(0.1);
expectEvents('a failed load', 'notify::footer-state notify::loading footer-state-changed(failed)');

// The retry, then an exhausted load.
bin.load_more();
check(runUntil(() => loads >= 2, 10), 'load_more after a failure: load-more was emitted');
runFor(0.1);
expectEvents('the retry', 'notify::footer-state notify::loading footer-state-changed(loading) load-more');
bin.end_loading(0, true, true);
runFor(0.1);
expectEvents('an exhausted load', 'notify::footer-state notify::loading footer-state-changed(no-more-data)');
bin.load_more();
runFor(0.1);
expectEvents('load_more when exhausted', '');
check(refreshes === 2 && loads === 2, `refresh and load-more emitted once per refresh and load (${refreshes}, ${loads})`);

// The bin outlives the window here (GJS holds it until it collects garbage): its handlers go
// first, so that its disposal calls no JavaScript.
handlers.forEach(id => bin.disconnect(id));
window.destroy();
runFor(0.05);
print(failures > 0 ? `${failures} check(s) failed` : 'all checks passed');
imports.system.exit(failures > 0 ? 1 : 0);
