/*
 * PtrRefreshBin's signals and property notifications, seen from C through the installed header
 * and library only (docs/gobject-api.md). Every signal and notification is logged in the order it
 * came, and each step (a property set, a method, the user's input) must give exactly the expected
 * sequence: `refresh` / `load-more` once per refresh or load, by the user's input and by the
 * methods, after the state change that opens it (`refreshing` / `loading` already TRUE); every
 * state change notified (`notify::…`) before its `header-state-changed` /
 * `footer-state-changed`, whose argument is the new state; setting a property to its value
 * notifies nothing. Every handler gets the bin and its user data. A GtkTreeView in a
 * GtkScrolledWindow, driven by synthesized wheel notches as the display server would deliver
 * them. Built and run by Tests/RefreshDemoTests/BindingSignalTests.swift under Xvfb; prints
 * "FAIL …" for every failed check and exits 1 if there was one.
 */
#include <ptr-refresh.h>
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
static PtrRefreshBin *the_bin;
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

static void on_refresh(PtrRefreshBin *bin, gpointer data) {
    check_arguments("refresh", bin, data);
    refreshes++;
    check(ptr_refresh_bin_get_refreshing(bin) &&
              ptr_refresh_bin_get_header_state(bin) == PTR_HEADER_STATE_REFRESHING,
          "refresh: refreshing is TRUE and the header refreshing when it is emitted");
    record(g_strdup("refresh"));
}

static void on_load_more(PtrRefreshBin *bin, gpointer data) {
    check_arguments("load-more", bin, data);
    loads++;
    check(ptr_refresh_bin_get_loading(bin) && ptr_refresh_bin_get_footer_state(bin) == PTR_FOOTER_STATE_LOADING,
          "load-more: loading is TRUE and the footer loading when it is emitted");
    record(g_strdup("load-more"));
}

static void on_notify(GObject *bin, GParamSpec *spec, gpointer data) {
    check_arguments("notify", bin, data);
    if (spec->owner_type == PTR_TYPE_REFRESH_BIN)
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

static void on_header_state(PtrRefreshBin *bin, PtrHeaderState state, gpointer data) {
    check_arguments("header-state-changed", bin, data);
    state_changed("header", PTR_TYPE_HEADER_STATE, state, ptr_refresh_bin_get_header_state(bin));
}

static void on_footer_state(PtrRefreshBin *bin, PtrFooterState state, gpointer data) {
    check_arguments("footer-state-changed", bin, data);
    state_changed("footer", PTR_TYPE_FOOTER_STATE, state, ptr_refresh_bin_get_footer_state(bin));
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
    return ptr_refresh_bin_get_header_state(the_bin) == (PtrHeaderState)GPOINTER_TO_INT(state);
}

static GtkAdjustment *adjustment;
static gboolean laid_out(G_GNUC_UNUSED gpointer data) {
    return gtk_adjustment_get_upper(adjustment) > gtk_adjustment_get_page_size(adjustment) &&
           gtk_adjustment_get_page_size(adjustment) > 0;
}

/* One wheel notch at (100, 100) in `widget`, from the physical mouse, as the X server sends it. */
static void wheel(GtkWidget *widget, GdkScrollDirection direction) {
    static guint32 last_time = 0;
    GdkWindow *window = gtk_widget_get_window(widget);
    GtkAllocation allocation;
    gtk_widget_get_allocation(widget, &allocation);
    double x = 100, y = 100;
    if (!gtk_widget_get_has_window(widget)) {
        x += allocation.x;
        y += allocation.y;
    }
    int root_x, root_y;
    gdk_window_get_root_coords(window, 0, 0, &root_x, &root_y);
    GdkEvent *event = gdk_event_new(GDK_SCROLL);
    event->scroll.window = g_object_ref(window);
    last_time = MAX((guint32)(g_get_monotonic_time() / 1000), last_time + 1);
    event->scroll.time = last_time;
    event->scroll.x = x;
    event->scroll.y = y;
    event->scroll.x_root = root_x + x;
    event->scroll.y_root = root_y + y;
    event->scroll.direction = direction;
    GdkSeat *seat = gdk_display_get_default_seat(gtk_widget_get_display(widget));
    GdkDevice *source = gdk_seat_get_pointer(seat);
    GList *slaves = gdk_seat_get_slaves(seat, GDK_SEAT_CAPABILITY_POINTER);
    for (GList *node = slaves; node != NULL; node = node->next)
        if (gdk_device_get_source(node->data) == GDK_SOURCE_MOUSE) {
            source = node->data;
            break;
        }
    g_list_free(slaves);
    gdk_event_set_device(event, gdk_seat_get_pointer(seat));
    gdk_event_set_source_device(event, source);
    gtk_main_do_event(event);
    gdk_event_free(event);
}

int main(int argc, char **argv) {
    if (!gtk_init_check(&argc, &argv)) {
        printf("FAIL no display: run under Xvfb\n");
        return 1;
    }
    events = g_ptr_array_new_with_free_func(g_free);

    GtkListStore *store = gtk_list_store_new(1, G_TYPE_STRING);
    for (int i = 0; i < 60; i++)
        gtk_list_store_insert_with_values(store, NULL, -1, 0, "Row", -1);
    GtkWidget *tree = gtk_tree_view_new_with_model(GTK_TREE_MODEL(store));
    gtk_tree_view_insert_column_with_attributes(GTK_TREE_VIEW(tree), -1, "Title", gtk_cell_renderer_text_new(),
                                                "text", 0, NULL);
    GtkWidget *scrolled = gtk_scrolled_window_new(NULL, NULL);
    gtk_container_add(GTK_CONTAINER(scrolled), tree);
    GtkWidget *widget = ptr_refresh_bin_new();
    PtrRefreshBin *bin = the_bin = PTR_REFRESH_BIN(widget);
    gtk_container_add(GTK_CONTAINER(widget), scrolled);
    g_signal_connect(bin, "refresh", G_CALLBACK(on_refresh), &user_data_marker);
    g_signal_connect(bin, "load-more", G_CALLBACK(on_load_more), &user_data_marker);
    g_signal_connect(bin, "notify", G_CALLBACK(on_notify), &user_data_marker);
    g_signal_connect(bin, "header-state-changed", G_CALLBACK(on_header_state), &user_data_marker);
    g_signal_connect(bin, "footer-state-changed", G_CALLBACK(on_footer_state), &user_data_marker);
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_default_size(GTK_WINDOW(window), 400, 600);
    gtk_container_add(GTK_CONTAINER(window), widget);
    gtk_widget_show_all(window);
    adjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scrolled));
    if (!run_until(laid_out, NULL, 10)) {
        printf("FAIL the tree view never laid out its rows\n");
        return 1;
    }
    run_for(0.1);
    expect_events("showing it", "");

    /* Writable properties: each change notified once, a set to the same value not at all. */
    g_object_set(bin, "header-style", PTR_HEADER_STYLE_CLASSIC, NULL);
    check(ptr_refresh_bin_get_header_style(bin) == PTR_HEADER_STYLE_CLASSIC, "header-style reads back classic");
    expect_events("header-style set", "notify::header-style");
    g_object_set(bin, "header-style", PTR_HEADER_STYLE_CLASSIC, NULL);
    expect_events("header-style set to its value", "");
    ptr_refresh_bin_set_footer_mode(bin, PTR_FOOTER_MODE_PULL);
    expect_events("footer-mode set", "notify::footer-mode");
    ptr_refresh_bin_set_footer_mode(bin, PTR_FOOTER_MODE_PULL);
    expect_events("footer-mode set to its value", "");
    ptr_refresh_bin_set_footer_mode(bin, PTR_FOOTER_MODE_AUTO);
    expect_events("footer-mode set back", "notify::footer-mode");
    GDateTime *when = g_date_time_new_from_unix_local(1700000000);
    ptr_refresh_bin_set_last_updated(bin, when);
    check(ptr_refresh_bin_get_last_updated(bin) != NULL && g_date_time_equal(ptr_refresh_bin_get_last_updated(bin), when),
          "last-updated reads back");
    expect_events("last-updated set", "notify::last-updated");
    ptr_refresh_bin_set_last_updated(bin, when);
    expect_events("last-updated set to its value", "");
    g_date_time_unref(when);

    /* A refresh from the method: the header opens at once, then `refresh`. */
    ptr_refresh_bin_begin_refreshing(bin);
    check(run_until(refreshes_reach, GINT_TO_POINTER(1), 10), "begin_refreshing: refresh was emitted");
    run_for(0.3);
    check(ptr_refresh_bin_get_refreshing(bin), "refreshing is TRUE until end_refreshing");
    expect_events("begin_refreshing",
                  "notify::header-state notify::refreshing header-state-changed(refreshing) refresh");
    ptr_refresh_bin_end_refreshing(bin, TRUE, 0);
    check(!ptr_refresh_bin_get_refreshing(bin), "end_refreshing: refreshing is FALSE at once");
    check(run_until(header_is, GINT_TO_POINTER(PTR_HEADER_STATE_IDLE), 10), "the header collapsed");
    run_for(0.1);
    expect_events("end_refreshing", "notify::header-state notify::refreshing header-state-changed(finishing) "
                                    "notify::last-updated notify::header-state header-state-changed(idle)");
    check(ptr_refresh_bin_get_last_updated(bin) != NULL &&
              g_date_time_to_unix(ptr_refresh_bin_get_last_updated(bin)) > 1700000000,
          "last-updated is the refresh's end");

    /* A refresh from the user: wheel notches at the top pull, arm, and the header opens. */
    for (int i = 0; i < 4; i++)
        wheel(tree, GDK_SCROLL_UP);
    check(run_until(refreshes_reach, GINT_TO_POINTER(2), 10), "four notches at the top: refresh was emitted");
    run_for(0.3);
    expect_events("four notches at the top",
                  "notify::header-state header-state-changed(pulling) notify::header-state header-state-changed(armed) "
                  "notify::header-state notify::refreshing header-state-changed(refreshing) refresh");
    ptr_refresh_bin_end_refreshing(bin, FALSE, 0);
    check(run_until(header_is, GINT_TO_POINTER(PTR_HEADER_STATE_IDLE), 10), "the header collapsed again");
    run_for(0.1);
    expect_events("a failed refresh", "notify::header-state notify::refreshing header-state-changed(failed) "
                                      "notify::header-state header-state-changed(finishing) "
                                      "notify::header-state header-state-changed(idle)");

    /* Load-more from the user: wheel notches down to the end of the rows. */
    for (int i = 0; i < 300 && loads == 0; i++) {
        wheel(tree, GDK_SCROLL_DOWN);
        run_for(0.005);
    }
    check(loads == 1, "reaching the bottom: load-more was emitted (%d)", loads);
    for (int i = 0; i < 5; i++)
        wheel(tree, GDK_SCROLL_DOWN);
    run_for(0.3);
    check(ptr_refresh_bin_get_loading(bin), "loading is TRUE until end_loading");
    expect_events("reaching the bottom, then more notches",
                  "notify::footer-state notify::loading footer-state-changed(loading) load-more");
    ptr_refresh_bin_end_loading(bin, 0, FALSE, FALSE);
    check(!ptr_refresh_bin_get_loading(bin), "end_loading: loading is FALSE");
    run_for(0.1);
    expect_events("a failed load", "notify::footer-state notify::loading footer-state-changed(failed)");

    /* The retry, from the method; ended as exhausted. */
    ptr_refresh_bin_load_more(bin);
    check(run_until(loads_reach, GINT_TO_POINTER(2), 10), "load_more: load-more was emitted");
    run_for(0.1);
    expect_events("load_more", "notify::footer-state notify::loading footer-state-changed(loading) load-more");
    ptr_refresh_bin_end_loading(bin, 0, TRUE, TRUE);
    run_for(0.1);
    expect_events("an exhausted load", "notify::footer-state notify::loading footer-state-changed(no-more-data)");
    check(refreshes == 2 && loads == 2, "refresh and load-more emitted once per refresh and load (%d, %d)", refreshes,
          loads);

    gtk_widget_destroy(window);
    run_for(0.05);
    g_object_unref(store);
    g_ptr_array_unref(events);
    if (failures > 0) {
        printf("%d check(s) failed\n", failures);
        return 1;
    }
    printf("all checks passed\n");
    return 0;
}
