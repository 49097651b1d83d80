/*
 * Ptr4RefreshBin's signals and property notifications (GTK 4), seen from C through the installed
 * header and library only (docs/gobject-api.md), as bin_signals.c checks Ptr4RefreshBin's on GTK 3. Every signal and notification is logged in the order it
 * came, and each step (a property set, a method, the user's input) must give exactly the expected
 * sequence: `refresh` / `load-more` once per refresh or load, by the user's input and by the
 * methods, after the state change that opens it (`refreshing` / `loading` already TRUE); every
 * state change notified (`notify::…`) before its `header-state-changed` /
 * `footer-state-changed`, whose argument is the new state; setting a property to its value
 * notifies nothing. Every handler gets the bin and its user data. A GtkListBox in a
 * GtkScrolledWindow. GTK 4 has no public way to make a GdkEvent: a wheel notch is the bin's own
 * scroll controller emitting `scroll` (what GTK does for a notch); the end of the rows is the
 * scrollbar taken there. Built and run by Tests/RefreshDemoTests/Gtk4IntrospectionTests.swift
 * under Xvfb; prints "FAIL …" for every failed check and exits 1 if there was one.
 */
#include <ptr4-refresh.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;

static void check(gboolean ok, const char *format, ...) G_GNUC_PRINTF(2, 3);
static void check(gboolean ok, const char *format, ...) {
    va_list args;
    va_start(args, format);
    fputs(ok ? "ok   " : "FAIL ", stdout);
    vprintf(format, args);
    putchar('\n');
    va_end(args);
    if (!ok)
        failures++;
}

/* Everything the handlers saw, in order: "notify::NAME" (the bin's own properties only),
 * "header-state-changed(NICK)", "footer-state-changed(NICK)", "refresh", "load-more". A state
 * change that starts or ends a refresh (a load) notifies `header-state` and `refreshing`
 * (`footer-state` and `loading`) together, in an order of GLib's: the pair is written state
 * first. */
static GPtrArray *events;
static Ptr4RefreshBin *the_bin;
static int user_data_marker;
static int refreshes, loads;

static void record(char *event) {
    guint at = events->len;
    if (at > 0) {
        const char *last = g_ptr_array_index(events, at - 1);
        if ((strcmp(event, "notify::header-state") == 0 && strcmp(last, "notify::refreshing") == 0) ||
            (strcmp(event, "notify::footer-state") == 0 && strcmp(last, "notify::loading") == 0))
            at--;
    }
    g_ptr_array_insert(events, (gint)at, event);
}

/* Every handler gets the bin and the data it was connected with. */
static void check_arguments(const char *signal, gpointer instance, gpointer data) {
    if (instance != the_bin || data != &user_data_marker)
        check(FALSE, "%s: handler got instance %p and data %p, not the bin %p and %p", signal, instance, data,
              (gpointer)the_bin, (gpointer)&user_data_marker);
}

/* The nick of an enum value (the bin's property specs hold the enum classes). */
static const char *nick(GType type, int value) {
    GEnumValue *found = g_enum_get_value(g_type_class_peek(type), value);
    return found != NULL ? found->value_nick : "?";
}

static void on_refresh(Ptr4RefreshBin *bin, gpointer data) {
    check_arguments("refresh", bin, data);
    refreshes++;
    check(ptr4_refresh_bin_get_refreshing(bin) &&
              ptr4_refresh_bin_get_header_state(bin) == PTR4_HEADER_STATE_REFRESHING,
          "refresh: refreshing is TRUE and the header refreshing when it is emitted");
    record(g_strdup("refresh"));
}

static void on_load_more(Ptr4RefreshBin *bin, gpointer data) {
    check_arguments("load-more", bin, data);
    loads++;
    check(ptr4_refresh_bin_get_loading(bin) && ptr4_refresh_bin_get_footer_state(bin) == PTR4_FOOTER_STATE_LOADING,
          "load-more: loading is TRUE and the footer loading when it is emitted");
    record(g_strdup("load-more"));
}

static void on_notify(GObject *bin, GParamSpec *spec, gpointer data) {
    check_arguments("notify", bin, data);
    if (spec->owner_type == PTR4_TYPE_REFRESH_BIN)
        record(g_strdup_printf("notify::%s", spec->name));
}

/* A state-changed signal (`which` is "header" or "footer"): its argument is the new state, the
 * property's value. */
static void state_changed(const char *which, GType type, int state, int property) {
    if (state != property)
        check(FALSE, "%s-state-changed(%s) while %s-state is %s", which, nick(type, state), which,
              nick(type, property));
    record(g_strdup_printf("%s-state-changed(%s)", which, nick(type, state)));
}

static void on_header_state(Ptr4RefreshBin *bin, Ptr4HeaderState state, gpointer data) {
    check_arguments("header-state-changed", bin, data);
    state_changed("header", PTR4_TYPE_HEADER_STATE, state, ptr4_refresh_bin_get_header_state(bin));
}

static void on_footer_state(Ptr4RefreshBin *bin, Ptr4FooterState state, gpointer data) {
    check_arguments("footer-state-changed", bin, data);
    state_changed("footer", PTR4_TYPE_FOOTER_STATE, state, ptr4_refresh_bin_get_footer_state(bin));
}

/* Checks that the events since the last call were exactly `expected` (space-separated), then
 * forgets them. */
static void expect_events(const char *what, const char *expected) {
    g_ptr_array_add(events, NULL);
    char *seen = g_strjoinv(" ", (char **)events->pdata);
    g_ptr_array_set_size(events, 0);
    if (strcmp(seen, expected) == 0)
        check(TRUE, "%s: %s", what, seen);
    else
        check(FALSE, "%s: [%s], expected [%s]", what, seen, expected);
    g_free(seen);
}

/* Runs the main loop until `done(data)` or `seconds` pass. */
static gboolean run_until(gboolean (*done)(gpointer), gpointer data, double seconds) {
    gint64 deadline = g_get_monotonic_time() + (gint64)(seconds * G_USEC_PER_SEC);
    while (!done(data)) {
        if (g_get_monotonic_time() > deadline)
            return FALSE;
        if (!g_main_context_iteration(NULL, FALSE))
            g_usleep(1000);
    }
    return TRUE;
}

static gboolean never(G_GNUC_UNUSED gpointer data) { return FALSE; }

/* Runs what the main loop has for `seconds`. */
static void run_for(double seconds) { run_until(never, NULL, seconds); }

static gboolean refreshes_reach(gpointer count) { return refreshes >= GPOINTER_TO_INT(count); }
static gboolean loads_reach(gpointer count) { return loads >= GPOINTER_TO_INT(count); }
static gboolean header_is(gpointer state) {
    return ptr4_refresh_bin_get_header_state(the_bin) == (Ptr4HeaderState)GPOINTER_TO_INT(state);
}

static GtkAdjustment *adjustment;
static gboolean laid_out(G_GNUC_UNUSED gpointer data) {
    return gtk_adjustment_get_upper(adjustment) > gtk_adjustment_get_page_size(adjustment) &&
           gtk_adjustment_get_page_size(adjustment) > 0;
}

/* One wheel notch (dy -1 up, 1 down) as the bin's capture-phase scroll controller receives it. */
static void wheel(GtkWidget *bin, double dy) {
    GListModel *controllers = gtk_widget_observe_controllers(bin);
    gboolean found = FALSE;
    for (guint i = 0; i < g_list_model_get_n_items(controllers) && !found; i++) {
        GtkEventController *controller = g_list_model_get_item(controllers, i);
        if (GTK_IS_EVENT_CONTROLLER_SCROLL(controller)) {
            gboolean handled = FALSE;
            g_signal_emit_by_name(controller, "scroll", 0.0, dy, &handled);
            found = TRUE;
        }
        g_object_unref(controller);
    }
    g_object_unref(controllers);
    if (!found)
        check(FALSE, "the bin has a scroll controller");
}

int main(void) {
    if (!gtk_init_check()) {
        printf("FAIL no display: run under Xvfb\n");
        return 1;
    }
    events = g_ptr_array_new_with_free_func(g_free);

    GtkWidget *list = gtk_list_box_new();
    for (int i = 0; i < 60; i++) {
        GtkWidget *label = gtk_label_new("Row");
        gtk_widget_set_margin_top(label, 8);
        gtk_widget_set_margin_bottom(label, 8);
        gtk_list_box_append(GTK_LIST_BOX(list), label);
    }
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list);
    GtkWidget *widget = ptr4_refresh_bin_new();
    Ptr4RefreshBin *bin = the_bin = PTR4_REFRESH_BIN(widget);
    ptr4_refresh_bin_set_child(bin, scrolled);
    g_signal_connect(bin, "refresh", G_CALLBACK(on_refresh), &user_data_marker);
    g_signal_connect(bin, "load-more", G_CALLBACK(on_load_more), &user_data_marker);
    g_signal_connect(bin, "notify", G_CALLBACK(on_notify), &user_data_marker);
    g_signal_connect(bin, "header-state-changed", G_CALLBACK(on_header_state), &user_data_marker);
    g_signal_connect(bin, "footer-state-changed", G_CALLBACK(on_footer_state), &user_data_marker);
    GtkWidget *window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 400, 600);
    gtk_window_set_child(GTK_WINDOW(window), widget);
    gtk_window_present(GTK_WINDOW(window));
    adjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scrolled));
    if (!run_until(laid_out, NULL, 10)) {
        printf("FAIL the list box never laid out its rows\n");
        return 1;
    }
    run_for(0.1);
    expect_events("showing it", "");

    /* Writable properties: each change notified once, a set to the same value not at all. */
    g_object_set(bin, "header-style", PTR4_HEADER_STYLE_CLASSIC, NULL);
    check(ptr4_refresh_bin_get_header_style(bin) == PTR4_HEADER_STYLE_CLASSIC, "header-style reads back classic");
    expect_events("header-style set", "notify::header-style");
    g_object_set(bin, "header-style", PTR4_HEADER_STYLE_CLASSIC, NULL);
    expect_events("header-style set to its value", "");
    ptr4_refresh_bin_set_footer_mode(bin, PTR4_FOOTER_MODE_PULL);
    expect_events("footer-mode set", "notify::footer-mode");
    ptr4_refresh_bin_set_footer_mode(bin, PTR4_FOOTER_MODE_PULL);
    expect_events("footer-mode set to its value", "");
    ptr4_refresh_bin_set_footer_mode(bin, PTR4_FOOTER_MODE_AUTO);
    expect_events("footer-mode set back", "notify::footer-mode");
    GDateTime *when = g_date_time_new_from_unix_local(1700000000);
    ptr4_refresh_bin_set_last_updated(bin, when);
    check(ptr4_refresh_bin_get_last_updated(bin) != NULL && g_date_time_equal(ptr4_refresh_bin_get_last_updated(bin), when),
          "last-updated reads back");
    expect_events("last-updated set", "notify::last-updated");
    ptr4_refresh_bin_set_last_updated(bin, when);
    expect_events("last-updated set to its value", "");
    g_date_time_unref(when);

    /* A refresh from the method: the header opens at once, then `refresh`. */
    ptr4_refresh_bin_begin_refreshing(bin);
    check(run_until(refreshes_reach, GINT_TO_POINTER(1), 10), "begin_refreshing: refresh was emitted");
    run_for(0.3);
    check(ptr4_refresh_bin_get_refreshing(bin), "refreshing is TRUE until end_refreshing");
    expect_events("begin_refreshing",
                  "notify::header-state notify::refreshing header-state-changed(refreshing) refresh");
    ptr4_refresh_bin_end_refreshing(bin, TRUE, 0);
    check(!ptr4_refresh_bin_get_refreshing(bin), "end_refreshing: refreshing is FALSE at once");
    check(run_until(header_is, GINT_TO_POINTER(PTR4_HEADER_STATE_IDLE), 10), "the header collapsed");
    run_for(0.1);
    expect_events("end_refreshing", "notify::header-state notify::refreshing header-state-changed(finishing) "
                                    "notify::last-updated notify::header-state header-state-changed(idle)");
    check(ptr4_refresh_bin_get_last_updated(bin) != NULL &&
              g_date_time_to_unix(ptr4_refresh_bin_get_last_updated(bin)) > 1700000000,
          "last-updated is the refresh's end");

    /* A refresh from the user: wheel notches at the top pull, arm, and the header opens. */
    for (int i = 0; i < 4; i++)
        wheel(widget, -1);
    check(run_until(refreshes_reach, GINT_TO_POINTER(2), 10), "four notches at the top: refresh was emitted");
    run_for(0.3);
    expect_events("four notches at the top",
                  "notify::header-state header-state-changed(pulling) notify::header-state header-state-changed(armed) "
                  "notify::header-state notify::refreshing header-state-changed(refreshing) refresh");
    ptr4_refresh_bin_end_refreshing(bin, FALSE, 0);
    check(run_until(header_is, GINT_TO_POINTER(PTR4_HEADER_STATE_IDLE), 10), "the header collapsed again");
    run_for(0.1);
    expect_events("a failed refresh", "notify::header-state notify::refreshing header-state-changed(failed) "
                                      "notify::header-state header-state-changed(finishing) "
                                      "notify::header-state header-state-changed(idle)");

    /* Load-more from the user: the scrollbar taken to the end of the rows, then notches down. */
    gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment));
    check(run_until(loads_reach, GINT_TO_POINTER(1), 10), "reaching the bottom: load-more was emitted");
    for (int i = 0; i < 5; i++)
        wheel(widget, 1);
    run_for(0.3);
    check(ptr4_refresh_bin_get_loading(bin), "loading is TRUE until end_loading");
    expect_events("reaching the bottom, then more notches",
                  "notify::footer-state notify::loading footer-state-changed(loading) load-more");
    ptr4_refresh_bin_end_loading(bin, 0, FALSE, FALSE);
    check(!ptr4_refresh_bin_get_loading(bin), "end_loading: loading is FALSE");
    run_for(0.1);
    expect_events("a failed load", "notify::footer-state notify::loading footer-state-changed(failed)");

    /* The retry, from the method; ended as exhausted. */
    ptr4_refresh_bin_load_more(bin);
    check(run_until(loads_reach, GINT_TO_POINTER(2), 10), "load_more: load-more was emitted");
    run_for(0.1);
    expect_events("load_more", "notify::footer-state notify::loading footer-state-changed(loading) load-more");
    ptr4_refresh_bin_end_loading(bin, 0, TRUE, TRUE);
    run_for(0.1);
    expect_events("an exhausted load", "notify::footer-state notify::loading footer-state-changed(no-more-data)");
    check(refreshes == 2 && loads == 2, "refresh and load-more emitted once per refresh and load (%d, %d)", refreshes,
          loads);

    /* Replacing the child releases the Swift side of the old one: it holds a reference on the
     * scrolled window's adjustment while it follows it, and gives it back when it goes (with the
     * handlers it connected there). */
    GtkWidget *other = g_object_ref_sink(gtk_scrolled_window_new());
    GtkAdjustment *other_adjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(other));
    guint refs_alone = G_OBJECT(other_adjustment)->ref_count;
    ptr4_refresh_bin_set_child(bin, other);
    check(G_OBJECT(other_adjustment)->ref_count > refs_alone, "a new child: the bin follows its adjustment");
    /* The old child's exhausted footer does not carry over. */
    expect_events("replacing the child", "notify::footer-state footer-state-changed(idle) notify::child");
    ptr4_refresh_bin_set_child(bin, NULL);
    check(G_OBJECT(other_adjustment)->ref_count == refs_alone,
          "no child: the bin let go of the old child's adjustment (%u references, %u alone)",
          G_OBJECT(other_adjustment)->ref_count, refs_alone);
    expect_events("removing the child", "notify::child");
    g_object_unref(other);

    gtk_window_destroy(GTK_WINDOW(window));
    run_for(0.05);
    g_ptr_array_unref(events);
    if (failures > 0) {
        printf("%d check(s) failed\n", failures);
        return 1;
    }
    printf("all checks passed\n");
    return 0;
}
