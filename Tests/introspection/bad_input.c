/*
 * Bad input from C gets what GTK gives (docs/gobject-api.md, "Bad input"): a critical or warning in
 * the library's log domain, the value unchanged, no row lost, no crash. Built against either
 * library: `-DPTR_GTK4` with ptr4-refresh-1.0 (domain "Ptr4"), without it with ptr-refresh-1.0
 * (domain "Ptr"). Run without G_DEBUG=fatal-criticals (it provokes criticals on purpose). Prints
 * "all checks passed" and exits 0, or exits 1.
 */
#include <string.h>
#ifdef PTR_GTK4
#include <ptr4-refresh.h>
#define DOMAIN "Ptr4"
#define P(name) ptr4_refresh_bin_##name
#define BIN(widget) PTR4_REFRESH_BIN(widget)
#define CLASSIC PTR4_HEADER_STYLE_CLASSIC
#define PULL PTR4_FOOTER_MODE_PULL
#define INIT() (gtk_init(), ptr4_init())
#define NEW_SCROLLED() gtk_scrolled_window_new()
#define PARENT_DOMAIN "Ptr4"
#define PARENT_LEVEL G_LOG_LEVEL_CRITICAL
#define PARENT_TEXT "parent"
static void set_child(GtkWidget *bin, GtkWidget *child) { ptr4_refresh_bin_set_child(PTR4_REFRESH_BIN(bin), child); }
static GtkWidget *get_child(GtkWidget *bin) { return ptr4_refresh_bin_get_child(PTR4_REFRESH_BIN(bin)); }
#else
#include <ptr-refresh.h>
#define DOMAIN "Ptr"
#define P(name) ptr_refresh_bin_##name
#define BIN(widget) PTR_REFRESH_BIN(widget)
#define CLASSIC PTR_HEADER_STYLE_CLASSIC
#define PULL PTR_FOOTER_MODE_PULL
#define INIT() (gtk_init(NULL, NULL), ptr_init())
#define NEW_SCROLLED() gtk_scrolled_window_new(NULL, NULL)
/* The GTK 3 bin is a GtkBin: GtkContainer checks the parent itself, with a warning. */
#define PARENT_DOMAIN "Gtk"
#define PARENT_LEVEL G_LOG_LEVEL_WARNING
#define PARENT_TEXT "already inside a container"
static void set_child(GtkWidget *bin, GtkWidget *child) {
    GtkWidget *old = gtk_bin_get_child(GTK_BIN(bin));
    if (old) gtk_container_remove(GTK_CONTAINER(bin), old);
    if (child) gtk_container_add(GTK_CONTAINER(bin), child);
}
static GtkWidget *get_child(GtkWidget *bin) { return gtk_bin_get_child(GTK_BIN(bin)); }
#endif

typedef struct {
    char *domain;
    GLogLevelFlags level;
    char *message;
} Logged;

static GPtrArray *logged;
static int failures = 0;

/* Every message, g_log's and structured ones alike, comes here (no handler is set per domain). */
static GLogWriterOutput on_log(GLogLevelFlags level, const GLogField *fields, gsize n_fields,
                               G_GNUC_UNUSED gpointer data) {
    Logged *entry = g_new0(Logged, 1);
    entry->level = level & G_LOG_LEVEL_MASK;
    for (gsize i = 0; i < n_fields; i++) {
        if (strcmp(fields[i].key, "GLIB_DOMAIN") == 0)
            entry->domain = g_strdup(fields[i].value);
        else if (strcmp(fields[i].key, "MESSAGE") == 0)
            entry->message = g_strdup(fields[i].value);
    }
    g_ptr_array_add(logged, entry);
    return G_LOG_WRITER_HANDLED;
}

static void check(gboolean ok, const char *what) {
    g_print("%s %s\n", ok ? "ok  " : "FAIL", what);
    if (!ok) failures++;
}

/* Whether exactly one message was logged since `mark`, at one of `levels`, in `domain`, containing
 * `text`. */
static gboolean logged_once(guint mark, const char *domain, GLogLevelFlags levels, const char *text) {
    if (logged->len != mark + 1) {
        g_print("     %u messages, not 1:\n", logged->len - mark);
        for (guint i = mark; i < logged->len; i++) {
            Logged *e = g_ptr_array_index(logged, i);
            g_print("       [%s] %s\n", e->domain ? e->domain : "(no domain)", e->message);
        }
        return FALSE;
    }
    Logged *e = g_ptr_array_index(logged, mark);
    gboolean ok = g_strcmp0(e->domain, domain) == 0 && (e->level & levels) != 0 && strstr(e->message, text) != NULL;
    if (!ok) g_print("     got [%s] level %d: %s\n", e->domain ? e->domain : "(no domain)", e->level, e->message);
    return ok;
}

static void iterate(double seconds) {
    gint64 end = g_get_monotonic_time() + (gint64)(seconds * G_USEC_PER_SEC);
    while (g_get_monotonic_time() < end)
        if (!g_main_context_iteration(NULL, FALSE)) g_usleep(1000);
}

static void on_load_more(G_GNUC_UNUSED GtkWidget *bin, G_GNUC_UNUSED gpointer data) {}
static void on_refresh(G_GNUC_UNUSED GtkWidget *bin, G_GNUC_UNUSED gpointer data) {}

int main(void) {
    INIT();
    logged = g_ptr_array_new();
    g_log_set_writer_func(on_log, NULL, NULL);

    GtkWidget *bin = P(new)();
    g_object_ref_sink(bin);
    P(set_header_style)(BIN(bin), CLASSIC);
    P(set_footer_mode)(BIN(bin), PULL);

    guint mark = logged->len;
    P(set_header_style)(BIN(bin), 42);
    check(logged_once(mark, DOMAIN, G_LOG_LEVEL_CRITICAL, "style"), "set_header_style(42): a critical in " DOMAIN);
    check(P(get_header_style)(BIN(bin)) == CLASSIC, "set_header_style(42): the style is unchanged");

    mark = logged->len;
    P(set_footer_mode)(BIN(bin), -1);
    check(logged_once(mark, DOMAIN, G_LOG_LEVEL_CRITICAL, "mode"), "set_footer_mode(-1): a critical in " DOMAIN);
    check(P(get_footer_mode)(BIN(bin)) == PULL, "set_footer_mode(-1): the mode is unchanged");

    mark = logged->len;
    g_object_set(bin, "header-style", 42, NULL);
    /* GObject's own check: a warning in GLib 2.74 (Debian 12), a critical in 2.84 (Debian 13). */
    check(logged_once(mark, "GLib-GObject", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL, "header-style"),
          "g_object_set header-style 42: GObject's own message");
    check(P(get_header_style)(BIN(bin)) == CLASSIC, "g_object_set header-style 42: the style is unchanged");

    GtkWidget *label = g_object_ref_sink(gtk_label_new("not a scrolled window"));
    mark = logged->len;
    set_child(bin, label);
    check(logged_once(mark, DOMAIN, G_LOG_LEVEL_WARNING, "GtkScrolledWindow"),
          "set_child(a label): a warning in " DOMAIN " naming what the child must be");
    set_child(bin, NULL);

    GtkWidget *box = g_object_ref_sink(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0));
    GtkWidget *owned = NEW_SCROLLED();
#ifdef PTR_GTK4
    gtk_box_append(GTK_BOX(box), owned);
#else
    gtk_container_add(GTK_CONTAINER(box), owned);
#endif
    mark = logged->len;
    set_child(bin, owned);
    check(logged_once(mark, PARENT_DOMAIN, PARENT_LEVEL, PARENT_TEXT),
          "set_child(a child with a parent): said in " PARENT_DOMAIN);
    check(get_child(bin) == NULL, "set_child(a child with a parent): the bin keeps no child");
    check(gtk_widget_get_parent(owned) == box, "set_child(a child with a parent): the child stays where it was");

    /* A shown list: a refresh and a load that end with a negative count still end. */
    GtkWidget *scrolled = NEW_SCROLLED();
#ifdef PTR_GTK4
    GtkWidget *list = gtk_list_box_new();
    for (int i = 0; i < 40; i++) gtk_list_box_append(GTK_LIST_BOX(list), gtk_label_new("Row"));
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list);
    GtkWidget *window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 360, 480);
    gtk_window_set_child(GTK_WINDOW(window), bin);
    gtk_window_present(GTK_WINDOW(window));
#else
    GtkWidget *list = gtk_list_box_new();
    for (int i = 0; i < 40; i++) gtk_container_add(GTK_CONTAINER(list), gtk_label_new("Row"));
    gtk_container_add(GTK_CONTAINER(scrolled), list);
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_default_size(GTK_WINDOW(window), 360, 480);
    gtk_container_add(GTK_CONTAINER(window), bin);
    gtk_widget_show_all(window);
#endif
    set_child(bin, scrolled);
    g_signal_connect(bin, "refresh", G_CALLBACK(on_refresh), NULL);
    g_signal_connect(bin, "load-more", G_CALLBACK(on_load_more), NULL);
    iterate(0.3);

    P(begin_refreshing)(BIN(bin));
    iterate(0.1);
    check(P(get_refreshing)(BIN(bin)), "begin_refreshing: refreshing");
    mark = logged->len;
    P(end_refreshing)(BIN(bin), TRUE, -3);
    check(logged_once(mark, DOMAIN, G_LOG_LEVEL_CRITICAL, "inserted_at_top"),
          "end_refreshing(-3): a critical in " DOMAIN " naming the count");
    check(!P(get_refreshing)(BIN(bin)), "end_refreshing(-3): the refresh ended");
    iterate(1.0);

    P(load_more)(BIN(bin));
    iterate(0.1);
    check(P(get_loading)(BIN(bin)), "load_more: loading");
    mark = logged->len;
    P(end_loading)(BIN(bin), -1, FALSE, TRUE);
    check(logged_once(mark, DOMAIN, G_LOG_LEVEL_CRITICAL, "added"), "end_loading(-1): a critical in " DOMAIN " naming the count");
    check(!P(get_loading)(BIN(bin)), "end_loading(-1): the load ended");

    gboolean every_domain = TRUE;
    for (guint i = 0; i < logged->len; i++) {
        Logged *e = g_ptr_array_index(logged, i);
        if (e->domain == NULL) {
            g_print("     no domain: %s\n", e->message);
            every_domain = FALSE;
        }
    }
    check(every_domain, "every message has a log domain");

#ifdef PTR_GTK4
    gtk_window_destroy(GTK_WINDOW(window));
#else
    gtk_widget_destroy(window);
#endif
    g_object_unref(bin);
    g_object_unref(label);
    g_object_unref(box);
    if (failures) {
        g_print("%d check(s) failed\n", failures);
        return 1;
    }
    g_print("all checks passed\n");
    return 0;
}
