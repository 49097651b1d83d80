/*
 * Pull-to-refresh and load-more for a GtkListView (GTK 4), from C. Build against an installed
 * library:
 *
 *   cc refresh-bin4.c $(pkg-config --cflags --libs ptr4-refresh-1.0) -o refresh-bin4
 *
 * `--self-test`: runs one refresh and one load-more and exits 0 when both ended with their rows
 * in the model (the test command runs it; docs/gobject-api.md, "Ptr4RefreshBin").
 */
#include <ptr4-refresh.h>
#include <string.h>

static GtkStringList *rows;
static GMainLoop *loop;
static int refreshes = 0, loads = 0, exit_status = 1;
static gboolean self_test = FALSE;

static gboolean finish_refresh(gpointer bin) {
    const char *fresh[] = {"New 0", "New 1", "New 2", NULL};
    gtk_string_list_splice(rows, 0, 0, fresh);
    ptr4_refresh_bin_end_refreshing(PTR4_REFRESH_BIN(bin), TRUE, 3);
    return G_SOURCE_REMOVE;
}

static gboolean finish_load(gpointer bin) {
    for (int i = 0; i < 5; i++)
        gtk_string_list_append(rows, "More");
    ptr4_refresh_bin_end_loading(PTR4_REFRESH_BIN(bin), 5, FALSE, TRUE);
    return G_SOURCE_REMOVE;
}

static void on_refresh(Ptr4RefreshBin *bin, G_GNUC_UNUSED gpointer user_data) {
    refreshes++;
    /* A real app fetches here; the bin stays refreshing until end_refreshing. */
    g_timeout_add(self_test ? 10 : 1000, finish_refresh, bin);
}

static void on_load_more(Ptr4RefreshBin *bin, G_GNUC_UNUSED gpointer user_data) {
    loads++;
    g_timeout_add(self_test ? 10 : 1000, finish_load, bin);
}

static guint n_rows(void) { return g_list_model_get_n_items(G_LIST_MODEL(rows)); }

static void on_header_state(Ptr4RefreshBin *bin, Ptr4HeaderState state, G_GNUC_UNUSED gpointer user_data) {
    /* The refresh ended with its rows in: now one load-more. */
    if (state == PTR4_HEADER_STATE_IDLE && refreshes == 1 && n_rows() == 53) {
        if (ptr4_refresh_bin_get_last_updated(bin) == NULL) {
            g_printerr("refresh-bin4: no last-updated after a refresh\n");
            g_main_loop_quit(loop);
            return;
        }
        ptr4_refresh_bin_load_more(bin);
    }
}

static void on_footer_state(Ptr4RefreshBin *bin, Ptr4FooterState state, G_GNUC_UNUSED gpointer user_data) {
    if (state == PTR4_FOOTER_STATE_IDLE && loads == 1) {
        gboolean ok = n_rows() == 58 && !ptr4_refresh_bin_get_loading(bin) && !ptr4_refresh_bin_get_refreshing(bin);
        exit_status = ok ? 0 : 1;
        g_main_loop_quit(loop);
    }
}

static gboolean give_up(G_GNUC_UNUSED gpointer data) {
    g_printerr("refresh-bin4: did not finish: %d refreshes, %d loads, %u rows\n", refreshes, loads, n_rows());
    g_main_loop_quit(loop);
    return G_SOURCE_REMOVE;
}

static void setup_row(G_GNUC_UNUSED GtkSignalListItemFactory *factory, GtkListItem *item,
                      G_GNUC_UNUSED gpointer user_data) {
    gtk_list_item_set_child(item, gtk_label_new(NULL));
}

static void bind_row(G_GNUC_UNUSED GtkSignalListItemFactory *factory, GtkListItem *item,
                     G_GNUC_UNUSED gpointer user_data) {
    GtkStringObject *string = gtk_list_item_get_item(item);
    gtk_label_set_label(GTK_LABEL(gtk_list_item_get_child(item)), gtk_string_object_get_string(string));
}

static gboolean on_close(G_GNUC_UNUSED GtkWindow *window, G_GNUC_UNUSED gpointer user_data) {
    g_main_loop_quit(loop);
    return FALSE;
}

int main(int argc, char **argv) {
    gtk_init();
    self_test = argc > 1 && strcmp(argv[1], "--self-test") == 0;
    loop = g_main_loop_new(NULL, FALSE);

    rows = gtk_string_list_new(NULL);
    for (int i = 0; i < 50; i++)
        gtk_string_list_append(rows, "Row");
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_row), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_row), NULL);
    GtkWidget *view = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(g_object_ref(rows)))),
                                        factory);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), view);

    /* The pull-to-refresh lines: */
    GtkWidget *bin = ptr4_refresh_bin_new();
    ptr4_refresh_bin_set_child(PTR4_REFRESH_BIN(bin), scrolled);
    g_signal_connect(bin, "refresh", G_CALLBACK(on_refresh), NULL);
    g_signal_connect(bin, "load-more", G_CALLBACK(on_load_more), NULL);

    GtkWidget *window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 360, 480);
    gtk_window_set_child(GTK_WINDOW(window), bin);
    g_signal_connect(window, "close-request", G_CALLBACK(on_close), NULL);
    gtk_window_present(GTK_WINDOW(window));

    if (self_test) {
        g_signal_connect(bin, "header-state-changed", G_CALLBACK(on_header_state), NULL);
        g_signal_connect(bin, "footer-state-changed", G_CALLBACK(on_footer_state), NULL);
        g_timeout_add_seconds(10, give_up, NULL);
        ptr4_refresh_bin_begin_refreshing(PTR4_REFRESH_BIN(bin));
    } else {
        exit_status = 0;
    }
    g_main_loop_run(loop);
    gtk_window_destroy(GTK_WINDOW(window));
    g_main_loop_unref(loop);
    g_object_unref(rows);
    return exit_status;
}
