/*
 * Pull-to-refresh over a window loaded from window.ui (GtkBuilder), from C. Built as an app builds
 * it, with meson over the installed pkg-config file (meson.build beside this file):
 *
 *   meson setup build && meson compile -C build && build/builder
 *
 * ptr4_init() comes before the .ui is loaded: GtkBuilder finds Ptr4RefreshBin by name only once
 * the type is registered, and the call keeps the library linked even with --as-needed.
 * `--self-test`: runs one refresh and one load-more and exits 0 when both ended with their rows in
 * the model (the test command runs it; docs/gobject-api.md, "GtkBuilder and init()").
 */
#include <ptr4-refresh.h>
#include <string.h>

static GtkStringList *rows;
static GMainLoop *loop;
static guint start_rows;
static int refreshes = 0, loads = 0, exit_status = 1;
static gboolean self_test = FALSE;

static guint n_rows(void) { return g_list_model_get_n_items(G_LIST_MODEL(rows)); }

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
    g_timeout_add(self_test ? 10 : 1000, finish_refresh, bin);
}

static void on_load_more(Ptr4RefreshBin *bin, G_GNUC_UNUSED gpointer user_data) {
    loads++;
    g_timeout_add(self_test ? 10 : 1000, finish_load, bin);
}

static void on_header_state(Ptr4RefreshBin *bin, Ptr4HeaderState state, G_GNUC_UNUSED gpointer user_data) {
    if (state == PTR4_HEADER_STATE_IDLE && refreshes == 1 && n_rows() == start_rows + 3)
        ptr4_refresh_bin_load_more(bin);
}

static void on_footer_state(Ptr4RefreshBin *bin, Ptr4FooterState state, G_GNUC_UNUSED gpointer user_data) {
    if (state == PTR4_FOOTER_STATE_IDLE && loads == 1) {
        exit_status = n_rows() == start_rows + 8 && !ptr4_refresh_bin_get_loading(bin) ? 0 : 1;
        g_main_loop_quit(loop);
    }
}

static gboolean give_up(G_GNUC_UNUSED gpointer data) {
    g_printerr("builder: did not finish: %d refreshes, %d loads, %u rows\n", refreshes, loads, n_rows());
    g_main_loop_quit(loop);
    return G_SOURCE_REMOVE;
}

static gboolean on_close(G_GNUC_UNUSED GtkWindow *window, G_GNUC_UNUSED gpointer user_data) {
    g_main_loop_quit(loop);
    return FALSE;
}

int main(int argc, char **argv) {
    gtk_init();
    ptr4_init();
    self_test = argc > 1 && strcmp(argv[1], "--self-test") == 0;
    loop = g_main_loop_new(NULL, FALSE);

    /* window.ui sits beside the program's source; meson passes its directory. */
    g_autofree char *ui = g_build_filename(UI_DIR, "window.ui", NULL);
    GtkBuilder *builder = gtk_builder_new_from_file(ui);
    GtkWidget *window = GTK_WIDGET(gtk_builder_get_object(builder, "window"));
    GtkWidget *bin = GTK_WIDGET(gtk_builder_get_object(builder, "bin"));
    rows = GTK_STRING_LIST(gtk_builder_get_object(builder, "rows"));
    start_rows = n_rows();
    g_signal_connect(bin, "refresh", G_CALLBACK(on_refresh), NULL);
    g_signal_connect(bin, "load-more", G_CALLBACK(on_load_more), NULL);
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
    g_object_unref(builder);
    g_main_loop_unref(loop);
    return exit_status;
}
