// PtrRefreshBin's signals and property notifications, seen from JavaScript (GJS) through the
// installed typelib only (docs/gobject-api.md), checked as bin_signals.c checks them from C:
// every signal and notification in the order it came, each step giving exactly the expected
// sequence, every handler given the bin and (state-changed) the new state. A Gtk.ListBox in a
// Gtk.ScrolledWindow. GJS cannot fill in a GdkEvent, so the user's input is the scrollbar taken
// to the end of the rows (what a drag of it does) and an assistive technology's "refresh" and
// "retry" actions; the methods do the rest. Run by
// Tests/RefreshDemoTests/BindingSignalTests.swift under Xvfb; prints "FAIL …" for every failed
// check and exits 1 if there was one.
imports.gi.versions.Gdk = '3.0';
imports.gi.versions.Gtk = '3.0';
const {Atk, GLib, Gtk, Ptr} = imports.gi;

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

if (!Gtk.init_check(null)[0]) {
    print('FAIL no display: run under Xvfb');
    imports.system.exit(1);
}

const list = new Gtk.ListBox();
for (let i = 0; i < 60; i++)
    list.add(new Gtk.Label({label: `Row ${i}`, xalign: 0, margin: 8}));
const scrolled = new Gtk.ScrolledWindow();
scrolled.add(list);
const bin = new Ptr.RefreshBin();
bin.add(scrolled);

// Everything the handlers saw, in order, written as bin_signals.c writes it: "notify::NAME" (the
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
const headerNicks = nicks(Ptr.HeaderState), footerNicks = nicks(Ptr.FooterState);
// Every handler gets the bin; a state-changed handler gets the new state.
const checkInstance = (signal, instance) => {
    if (instance !== bin)
        check(false, `${signal}: the handler got ${instance}, not the bin`);
};
// `signal` once per refresh or load, with `busy` (refreshing, loading) true and the state open.
const connectAction = (signal, busy, count) => bin.connect(signal, instance => {
    checkInstance(signal, instance);
    count();
    check(busy(), `${signal}: the bin busy and the state open when it is emitted`);
    record(signal);
});
connectAction('refresh', () => bin.refreshing && bin.header_state === Ptr.HeaderState.REFRESHING, () => refreshes++);
connectAction('load-more', () => bin.loading && bin.footer_state === Ptr.FooterState.LOADING, () => loads++);
bin.connect('notify', (instance, spec) => {
    checkInstance('notify', instance);
    if (spec.owner_type === Ptr.RefreshBin.$gtype)
        record(`notify::${spec.name}`);
});
// `which`-state-changed ("header" or "footer"): its argument is the new state, the property's value.
const connectStateChanged = (which, names) => bin.connect(`${which}-state-changed`, (instance, state) => {
    checkInstance(`${which}-state-changed`, instance);
    const property = bin[`${which}_state`];
    if (state !== property)
        check(false, `${which}-state-changed(${names.get(state)}) while ${which}-state is ${names.get(property)}`);
    record(`${which}-state-changed(${names.get(state)})`);
});
connectStateChanged('header', headerNicks);
connectStateChanged('footer', footerNicks);
// Checks that the events since the last call were exactly `expected`, then forgets them.
const expectEvents = (what, expected) => {
    const seen = events.join(' ');
    events = [];
    check(seen === expected, seen === expected ? `${what}: ${seen}` : `${what}: [${seen}], expected [${expected}]`);
};

const window = new Gtk.Window({default_width: 400, default_height: 600});
window.add(bin);
window.show_all();
const adjustment = scrolled.get_vadjustment();
if (!runUntil(() => adjustment.get_upper() > adjustment.get_page_size() && adjustment.get_page_size() > 0, 10)) {
    print('FAIL the list box never laid out its rows');
    imports.system.exit(1);
}
runFor(0.1);

expectEvents('showing it', '');

// Writable properties: each change notified once, a set to the same value not at all.
bin.header_style = Ptr.HeaderStyle.CLASSIC;
check(bin.get_header_style() === Ptr.HeaderStyle.CLASSIC, 'header-style reads back classic');
expectEvents('header-style set', 'notify::header-style');
bin.header_style = Ptr.HeaderStyle.CLASSIC;
expectEvents('header-style set to its value', '');
bin.footer_mode = Ptr.FooterMode.PULL;
expectEvents('footer-mode set', 'notify::footer-mode');
bin.footer_mode = Ptr.FooterMode.PULL;
expectEvents('footer-mode set to its value', '');
bin.set_footer_mode(Ptr.FooterMode.AUTO);
expectEvents('footer-mode set back', 'notify::footer-mode');
const when = GLib.DateTime.new_from_unix_local(1700000000);
bin.last_updated = when;
check(bin.last_updated !== null && bin.last_updated.equal(when), 'last-updated reads back');
expectEvents('last-updated set', 'notify::last-updated');
bin.last_updated = when;
expectEvents('last-updated set to its value', '');

// A refresh from the method: the header opens at once, then `refresh`.
bin.begin_refreshing();
check(runUntil(() => refreshes >= 1, 10), 'begin_refreshing: refresh was emitted');
runFor(0.3);
check(bin.refreshing, 'refreshing is true until end_refreshing');
expectEvents('begin_refreshing', 'notify::header-state notify::refreshing header-state-changed(refreshing) refresh');
bin.end_refreshing(true, 0);
check(!bin.refreshing, 'end_refreshing: refreshing is false at once');
check(runUntil(() => bin.header_state === Ptr.HeaderState.IDLE, 10), 'the header collapsed');
runFor(0.1);
expectEvents('end_refreshing', 'notify::header-state notify::refreshing header-state-changed(finishing) ' +
    'notify::last-updated notify::header-state header-state-changed(idle)');
check(bin.last_updated !== null && bin.last_updated.to_unix() > 1700000000, 'last-updated is the refresh\'s end');

// A refresh from an assistive technology: the bin's "refresh" action; the refresh fails.
const accessible = bin.get_accessible();
const actionNames = () => [...Array(Atk.Action.prototype.get_n_actions.call(accessible)).keys()]
    .map(i => Atk.Action.prototype.get_name.call(accessible, i));
const doAction = name => {
    const names = actionNames();
    check(names.includes(name), `the ${name} action is offered (${names})`);
    Atk.Action.prototype.do_action.call(accessible, names.indexOf(name));
};
doAction('refresh');
check(runUntil(() => refreshes >= 2, 10), 'the AT\'s refresh action: refresh was emitted');
runFor(0.3);
expectEvents('the AT\'s refresh action',
    'notify::header-state notify::refreshing header-state-changed(refreshing) refresh');
bin.end_refreshing(false, 0);
check(runUntil(() => bin.header_state === Ptr.HeaderState.IDLE, 10), 'the header collapsed again');
runFor(0.1);
expectEvents('a failed refresh', 'notify::header-state notify::refreshing header-state-changed(failed) ' +
    'notify::header-state header-state-changed(finishing) notify::header-state header-state-changed(idle)');

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

// The retry from an assistive technology, then load-more from the method, ended as exhausted.
doAction('retry');
check(runUntil(() => loads >= 2, 10), 'the AT\'s retry action: load-more was emitted');
runFor(0.1);
expectEvents('the AT\'s retry action', 'notify::footer-state notify::loading footer-state-changed(loading) load-more');
bin.end_loading(0, false, true);
runFor(0.1);
expectEvents('a load', 'notify::footer-state notify::loading footer-state-changed(idle)');
bin.load_more();
check(runUntil(() => loads >= 3, 10), 'load_more: load-more was emitted');
runFor(0.1);
expectEvents('load_more', 'notify::footer-state notify::loading footer-state-changed(loading) load-more');
bin.end_loading(0, true, true);
runFor(0.1);
expectEvents('an exhausted load', 'notify::footer-state notify::loading footer-state-changed(no-more-data)');
check(refreshes === 2 && loads === 3, `refresh and load-more emitted once per refresh and load (${refreshes}, ${loads})`);

window.destroy();
runFor(0.05);
print(failures > 0 ? `${failures} check(s) failed` : 'all checks passed');
imports.system.exit(failures > 0 ? 1 : 0);
