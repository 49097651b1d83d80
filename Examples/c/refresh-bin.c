/*
 * Pull-to-refresh for a GtkTreeView, from C. Build against an installed library:
 *
 *   cc refresh-bin.c $(pkg-config --cflags --libs ptr-refresh-1.0) -o refresh-bin
 *
 * `--self-test`: runs one refresh cycle (begin, prepend rows, end) and exits 0 when the header
 * collapsed and the rows are there (README's test command runs it; docs/gobject-api.md).
 */
#include <ptr-refresh.h>
#include <string.h>

static GtkListStore *store;
static int refreshes = 0, exit_status = 1;
static gboolean self_test = FALSE;

static gboolean finish_refresh(gpointer bin) {
    for (int i = 0; i < 3; i++)
        gtk_list_store_insert_with_values(store, NULL, 0, 0, "New row", -1);
    ptr_refresh_bin_end_refreshing(PTR_REFRESH_BIN(bin), TRUE, 3);
    return G_SOURCE_REMOVE;
}

static void on_refresh(PtrRefreshBin *bin, G_GNUC_UNUSED gpointer user_data) {
    refreshes++;
    /* A real app fetches here; the bin stays refreshing until end_refreshing. */
    g_timeout_add(self_test ? 10 : 1000, finish_refresh, bin);
}

static void on_header_state(PtrRefreshBin *bin, PtrHeaderState state, gpointer window) {
    if (self_test && state == PTR_HEADER_STATE_IDLE && refreshes == 1) {
        gboolean ok = !ptr_refresh_bin_get_refreshing(bin) && ptr_refresh_bin_get_last_updated(bin) != NULL &&
                      gtk_tree_model_iter_n_children(GTK_TREE_MODEL(store), NULL) == 23;
        exit_status = ok ? 0 : 1;
        gtk_widget_destroy(GTK_WIDGET(window));
    }
}

static gboolean give_up(gpointer window) {
    g_printerr("refresh-bin: the refresh cycle did not finish\n");
    gtk_widget_destroy(GTK_WIDGET(window));
    return G_SOURCE_REMOVE;
}

int main(int argc, char **argv) {
    gtk_init(&argc, &argv);
    self_test = argc > 1 && strcmp(argv[1], "--self-test") == 0;

    store = gtk_list_store_new(1, G_TYPE_STRING);
    for (int i = 0; i < 20; i++)
        gtk_list_store_insert_with_values(store, NULL, -1, 0, "Row", -1);
    GtkWidget *tree = gtk_tree_view_new_with_model(GTK_TREE_MODEL(store));
    gtk_tree_view_insert_column_with_attributes(GTK_TREE_VIEW(tree), -1, "Title", gtk_cell_renderer_text_new(),
                                                "text", 0, NULL);
    GtkWidget *scrolled = gtk_scrolled_window_new(NULL, NULL);
    gtk_container_add(GTK_CONTAINER(scrolled), tree);

    /* The pull-to-refresh lines: */
    GtkWidget *bin = ptr_refresh_bin_new();
    gtk_container_add(GTK_CONTAINER(bin), scrolled);
    g_signal_connect(bin, "refresh", G_CALLBACK(on_refresh), NULL);

    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_default_size(GTK_WINDOW(window), 360, 480);
    gtk_container_add(GTK_CONTAINER(window), bin);
    g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);
    g_signal_connect(bin, "header-state-changed", G_CALLBACK(on_header_state), window);
    gtk_widget_show_all(window);

    if (self_test) {
        ptr_refresh_bin_begin_refreshing(PTR_REFRESH_BIN(bin));
        g_timeout_add_seconds(10, give_up, window);
    } else {
        exit_status = 0;
    }
    gtk_main();
    g_object_unref(store);
    return exit_status;
}
