/*
 * Pull-to-refresh added to a GTK 4 app that already exists, from C: a feed reader with a Refresh
 * button (win.refresh, Ctrl+R), a 15-minute timer and its own update_feeds(), its list a GtkStack
 * page (window.ui). Built as an app builds it, with meson over the installed pkg-config file
 * (meson.build beside this file):
 *
 *   meson setup build && meson compile -C build && build/existing-app
 *
 * The lines marked "Pull-to-refresh" are all that was added or changed (docs/real-apps.md explains
 * each). `--self-test`: activates win.refresh once and exits 0 when the header is idle again with
 * the three sources' posts at the top of the list, scrolled to its top.
 */
#include <ptr4-refresh.h>
#include <string.h>

#define N_SOURCES 3
#define PER_SOURCE 2
#define ARCHIVE 30 /* posts the list holds before the first refresh */
static const char *sources[N_SOURCES] = {"GNOME", "GTK", "Planet"}; /* fetched one after the other */

static GtkWidget *window, *stack, *scrolled, *list;
static Ptr4RefreshBin *bin; /* Pull-to-refresh */
static int posts = 0, inserted = 0, exit_status = 0;
static gboolean updating = FALSE, self_test = FALSE, refreshed = FALSE;

static void add_post(const char *source) {
    g_autofree char *text = g_strdup_printf("Post %d from %s", posts++, source);
    GtkWidget *label = g_object_new(GTK_TYPE_LABEL, "label", text, "xalign", 0.0f, "margin-start", 12,
                                    "margin-top", 10, "margin-bottom", 10, NULL);
    gtk_list_box_insert(GTK_LIST_BOX(list), label, 0); /* newest first */
}

static void feeds_updated(int n) {
    g_autofree char *title = g_strdup_printf("Feeds (%d new)", n);
    gtk_window_set_title(GTK_WINDOW(window), title);
    /* Pull-to-refresh: the rows went in at the top while the update ran; the bin keeps the list at
     * its top with them under the header as it collapses. */
    ptr4_refresh_bin_end_refreshing(bin, TRUE, n);
}

static gboolean source_arrived(gpointer data) {
    int source = GPOINTER_TO_INT(data);
    for (int i = 0; i < PER_SOURCE; i++)
        add_post(sources[source]);
    inserted += PER_SOURCE;
    if (source + 1 < N_SOURCES) {
        g_timeout_add(100, source_arrived, GINT_TO_POINTER(source + 1)); /* stands for the network */
    } else {
        updating = FALSE;
        feeds_updated(inserted);
    }
    return G_SOURCE_REMOVE;
}

/* The app's own update: each source's new posts go in at the top as they arrive. */
static void update_feeds(void) {
    /* begin_refreshing() while a refresh runs is a no-op, so the timer or Ctrl+R during an update
     * start no second one; this guard stays for updates begun elsewhere. */
    if (updating)
        return;
    updating = TRUE;
    inserted = 0;
    g_timeout_add(100, source_arrived, GINT_TO_POINTER(0));
}

static void on_refresh_activate(G_GNUC_UNUSED GSimpleAction *action, G_GNUC_UNUSED GVariant *parameter,
                                G_GNUC_UNUSED gpointer user_data) {
    ptr4_refresh_bin_begin_refreshing(bin); /* Pull-to-refresh: was update_feeds() */
}

static gboolean on_timer(G_GNUC_UNUSED gpointer user_data) {
    ptr4_refresh_bin_begin_refreshing(bin); /* Pull-to-refresh: was update_feeds() */
    return G_SOURCE_CONTINUE;
}

static void on_header_state(G_GNUC_UNUSED Ptr4RefreshBin *b, Ptr4HeaderState state, gpointer app) {
    refreshed |= state == PTR4_HEADER_STATE_REFRESHING;
    if (state != PTR4_HEADER_STATE_IDLE || !refreshed)
        return;
    int count = N_SOURCES * PER_SOURCE;
    exit_status = 0;
    for (int i = 0; i < count; i++) {
        /* Row 0 is the newest: the last source's last post. */
        g_autofree char *want = g_strdup_printf("Post %d from %s", ARCHIVE + count - 1 - i,
                                                sources[(count - 1 - i) / PER_SOURCE]);
        GtkWidget *label = gtk_list_box_row_get_child(gtk_list_box_get_row_at_index(GTK_LIST_BOX(list), i));
        const char *got = gtk_label_get_label(GTK_LABEL(label));
        if (strcmp(got, want) != 0) {
            g_printerr("existing-app: row %d is \"%s\", wanted \"%s\"\n", i, got, want);
            exit_status = 1;
        }
    }
    double value = gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scrolled)));
    if (value != 0 || posts != ARCHIVE + count) {
        g_printerr("existing-app: %d posts, scrolled to %g\n", posts, value);
        exit_status = 1;
    }
    g_application_quit(G_APPLICATION(app));
}

static gboolean give_up(gpointer app) {
    g_printerr("existing-app: the refresh did not end (header state %d)\n", ptr4_refresh_bin_get_header_state(bin));
    exit_status = 1;
    g_application_quit(G_APPLICATION(app));
    return G_SOURCE_REMOVE;
}

static void on_startup(G_GNUC_UNUSED GApplication *app, G_GNUC_UNUSED gpointer user_data) {
    ptr4_init(); /* Pull-to-refresh: before anything else uses the library */
}

static void on_activate(GtkApplication *app, G_GNUC_UNUSED gpointer user_data) {
    /* window.ui sits beside the program's source; meson passes its directory. */
    g_autofree char *ui = g_build_filename(UI_DIR, "window.ui", NULL);
    g_autoptr(GtkBuilder) builder = gtk_builder_new_from_file(ui);
    window = GTK_WIDGET(gtk_builder_get_object(builder, "window"));
    stack = GTK_WIDGET(gtk_builder_get_object(builder, "stack"));
    scrolled = GTK_WIDGET(gtk_builder_get_object(builder, "scrolled"));
    list = GTK_WIDGET(gtk_builder_get_object(builder, "list"));
    gtk_window_set_application(GTK_WINDOW(window), app);
    for (int i = 0; i < ARCHIVE; i++)
        add_post("Archive");

    /* Pull-to-refresh: the bin takes the scrolled window's place as the "feeds" page, with its
     * name, title and icon. From here on the scrolled window's parent is the bin: code that walked
     * get_parent() from it or compared the stack's visible child with it uses the bin. */
    GtkStackPage *page = gtk_stack_get_page(GTK_STACK(stack), scrolled);
    g_autofree char *name = g_strdup(gtk_stack_page_get_name(page));
    g_autofree char *title = g_strdup(gtk_stack_page_get_title(page));
    g_autofree char *icon = g_strdup(gtk_stack_page_get_icon_name(page));
    g_object_ref(scrolled); /* the stack held the only reference */
    gtk_stack_remove(GTK_STACK(stack), scrolled);
    bin = PTR4_REFRESH_BIN(ptr4_refresh_bin_new());
    ptr4_refresh_bin_set_child(bin, scrolled);
    g_object_unref(scrolled);
    gtk_stack_page_set_icon_name(gtk_stack_add_titled(GTK_STACK(stack), GTK_WIDGET(bin), name, title), icon);
    /* Pull-to-refresh: the update runs when the header is open, however the refresh began. */
    g_signal_connect_swapped(bin, "refresh", G_CALLBACK(update_feeds), NULL);

    GSimpleAction *action = g_simple_action_new("refresh", NULL);
    g_signal_connect(action, "activate", G_CALLBACK(on_refresh_activate), NULL);
    g_action_map_add_action(G_ACTION_MAP(window), G_ACTION(action));
    g_object_unref(action);
    gtk_application_set_accels_for_action(app, "win.refresh", (const char *[]){"<Control>r", NULL});
    g_timeout_add_seconds(15 * 60, on_timer, NULL);
    gtk_stack_set_visible_child_name(GTK_STACK(stack), "feeds");
    gtk_window_present(GTK_WINDOW(window));

    if (self_test) {
        exit_status = 1;
        g_signal_connect(bin, "header-state-changed", G_CALLBACK(on_header_state), app);
        g_timeout_add_seconds(10, give_up, app);
        /* As the button does, from a widget in the window. */
        gtk_widget_activate_action(list, "win.refresh", NULL);
    }
}

int main(int argc, char **argv) {
    self_test = argc > 1 && strcmp(argv[1], "--self-test") == 0;
    g_autoptr(GtkApplication) app = gtk_application_new("io.github.gtk_pull_to_refresh.ExistingApp",
                                                        G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "startup", G_CALLBACK(on_startup), NULL);
    g_signal_connect(app, "activate", G_CALLBACK(on_activate), NULL);
    g_application_run(G_APPLICATION(app), 1, argv); /* --self-test is not a GApplication option */
    return exit_status;
}
