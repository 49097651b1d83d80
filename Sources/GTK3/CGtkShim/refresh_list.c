#include "CGtkShim.h"
#include "refresh_bin_swift.h"
#include "ptr_refresh_gobject.h"

/*
 * PtrRefreshList: our own virtual list (RefreshView) as a GObject, for C, Python, JavaScript
 * and GtkBuilder. The rows come from a GtkTreeModel (column 0: title, column 1: subtitle, both
 * strings); only the visible ones are read. The RefreshView is created in instance init (a
 * @_cdecl hook) and packed as the bin's child; its scrolled window owns it, so destroying the
 * list tears it down (docs/gobject-api.md, "PtrRefreshList").
 */
struct _PtrRefreshList {
    GtkBin parent_instance;
    GtkTreeModel *model;
    PtrHeaderStyle header_style;
    PtrFooterMode footer_mode;
    gboolean refreshing;
    gboolean loading;
};

enum { PROP_0, PROP_MODEL, PROP_HEADER_STYLE, PROP_FOOTER_MODE, PROP_REFRESHING, PROP_LOADING, N_PROPS };
static GParamSpec *properties[N_PROPS];

enum { SIGNAL_REFRESH, SIGNAL_LOAD_MORE, N_SIGNALS };
static guint signals[N_SIGNALS];

/**
 * PtrRefreshList:
 *
 * A pull-to-refresh list of its own, for an app that has no list yet: rows with a title and a
 * subtitle read from a [iface@Gtk.TreeModel] (column 0 the title, column 1, if any, the
 * subtitle, both strings; only the visible rows are read), with the header and footer of
 * [class@Ptr.RefreshBin].
 *
 * It emits [signal@Ptr.RefreshList::refresh] and [signal@Ptr.RefreshList::load-more] as the bin
 * does; the app changes the model, then calls [method@Ptr.RefreshList.end_refreshing] or
 * [method@Ptr.RefreshList.end_loading]. Kept minimal: no header or footer state properties and
 * no last-updated time (use [class@Ptr.RefreshBin] for those). Destroying the list releases its
 * view and its reference to the model.
 */
G_DEFINE_TYPE(PtrRefreshList, ptr_refresh_list, GTK_TYPE_BIN)

static void ptr_refresh_list_dispose(GObject *object) {
    PtrRefreshList *self = PTR_REFRESH_LIST(object);
    /* GtkWidget's dispose destroys the child (the view tears down); then the rows let go of
     * the model now, not whenever the last reference to the list goes. */
    G_OBJECT_CLASS(ptr_refresh_list_parent_class)->dispose(object);
    if (self->model != NULL) {
        g_clear_object(&self->model);
        ptr_refresh_list_swift_reload(self);
    }
}

static void ptr_refresh_list_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    PtrRefreshList *self = PTR_REFRESH_LIST(object);
    switch (id) {
    case PROP_MODEL: g_value_set_object(value, self->model); break;
    case PROP_HEADER_STYLE: g_value_set_enum(value, self->header_style); break;
    case PROP_FOOTER_MODE: g_value_set_enum(value, self->footer_mode); break;
    case PROP_REFRESHING: g_value_set_boolean(value, self->refreshing); break;
    case PROP_LOADING: g_value_set_boolean(value, self->loading); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void ptr_refresh_list_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec) {
    PtrRefreshList *self = PTR_REFRESH_LIST(object);
    switch (id) {
    case PROP_MODEL: ptr_refresh_list_set_model(self, g_value_get_object(value)); break;
    case PROP_HEADER_STYLE: ptr_refresh_list_set_header_style(self, g_value_get_enum(value)); break;
    case PROP_FOOTER_MODE: ptr_refresh_list_set_footer_mode(self, g_value_get_enum(value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void ptr_refresh_list_class_init(PtrRefreshListClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    object_class->dispose = ptr_refresh_list_dispose;
    object_class->get_property = ptr_refresh_list_get_property;
    object_class->set_property = ptr_refresh_list_set_property;
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "refreshlist");

    const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
    /**
     * PtrRefreshList:model:
     *
     * The rows: column 0 is the title, column 1 (if any) the subtitle, both strings.
     */
    properties[PROP_MODEL] = g_param_spec_object("model", "Model", "The rows", GTK_TYPE_TREE_MODEL, rw);
    /**
     * PtrRefreshList:header-style:
     *
     * The header's look.
     */
    properties[PROP_HEADER_STYLE] = ptr_refresh_spec_header_style(PTR_TYPE_HEADER_STYLE);
    /**
     * PtrRefreshList:footer-mode:
     *
     * How load-more is triggered.
     */
    properties[PROP_FOOTER_MODE] = ptr_refresh_spec_footer_mode(PTR_TYPE_FOOTER_MODE);
    /**
     * PtrRefreshList:refreshing:
     *
     * %TRUE from just before #PtrRefreshList::refresh until ptr_refresh_list_end_refreshing().
     */
    properties[PROP_REFRESHING] = ptr_refresh_spec_refreshing();
    /**
     * PtrRefreshList:loading:
     *
     * %TRUE from just before #PtrRefreshList::load-more until ptr_refresh_list_end_loading().
     */
    properties[PROP_LOADING] = ptr_refresh_spec_loading();
    g_object_class_install_properties(object_class, N_PROPS, properties);

    /**
     * PtrRefreshList::refresh:
     * @list: the list
     *
     * Emitted once per refresh, when the header has settled open (begun mid-list: after 0.25 s).
     * Prepend rows to the model, then call ptr_refresh_list_end_refreshing().
     */
    signals[SIGNAL_REFRESH] = ptr_refresh_signal_refresh(G_TYPE_FROM_CLASS(klass));
    /**
     * PtrRefreshList::load-more:
     * @list: the list
     *
     * Emitted once per load-more. Append rows to the model, then call
     * ptr_refresh_list_end_loading().
     */
    signals[SIGNAL_LOAD_MORE] = ptr_refresh_signal_load_more(G_TYPE_FROM_CLASS(klass));
}

static void ptr_refresh_list_init(PtrRefreshList *self) {
    /* The view (a GtkScrolledWindow holding our list) becomes the child. */
    ptr_refresh_list_swift_init(self);
}

/**
 * ptr_refresh_list_new:
 * @model: (nullable): the rows (column 0: title, column 1: subtitle), or %NULL
 *
 * Creates a pull-to-refresh list over @model.
 *
 * Returns: a new #PtrRefreshList
 */
GtkWidget *ptr_refresh_list_new(GtkTreeModel *model) {
    return g_object_new(PTR_TYPE_REFRESH_LIST, "model", model, NULL);
}

/**
 * ptr_refresh_list_get_model:
 * @list: a #PtrRefreshList
 *
 * Gets #PtrRefreshList:model.
 *
 * Returns: (transfer none) (nullable): the rows
 */
GtkTreeModel *ptr_refresh_list_get_model(PtrRefreshList *list) {
    g_return_val_if_fail(PTR_IS_REFRESH_LIST(list), NULL);
    return list->model;
}

/**
 * ptr_refresh_list_set_model:
 * @list: a #PtrRefreshList
 * @model: (nullable) (transfer none): the rows (column 0: title, column 1: subtitle), or %NULL
 *
 * Sets #PtrRefreshList:model and shows its rows.
 */
void ptr_refresh_list_set_model(PtrRefreshList *list, GtkTreeModel *model) {
    g_return_if_fail(PTR_IS_REFRESH_LIST(list));
    g_return_if_fail(model == NULL || GTK_IS_TREE_MODEL(model));
    if (!g_set_object(&list->model, model))
        return;
    ptr_refresh_list_swift_reload(list);
    g_object_notify_by_pspec(G_OBJECT(list), properties[PROP_MODEL]);
}

/**
 * ptr_refresh_list_reload:
 * @list: a #PtrRefreshList
 *
 * The model changed outside a refresh or load (rows appended or removed): re-reads it.
 */
void ptr_refresh_list_reload(PtrRefreshList *list) {
    g_return_if_fail(PTR_IS_REFRESH_LIST(list));
    ptr_refresh_list_swift_reload(list);
}

/**
 * ptr_refresh_list_begin_refreshing:
 * @list: a #PtrRefreshList
 *
 * Refreshes as if the user had pulled: at the top the header opens; scrolled, the refresh runs
 * in place (nothing on screen moves, its rows go in above the view).
 */
void ptr_refresh_list_begin_refreshing(PtrRefreshList *list) {
    g_return_if_fail(PTR_IS_REFRESH_LIST(list));
    ptr_refresh_list_swift_command(list, PTR_LIST_COMMAND_BEGIN_REFRESHING, 0, FALSE, FALSE);
}

/**
 * ptr_refresh_list_end_refreshing:
 * @list: a #PtrRefreshList
 * @ok: %FALSE if the refresh failed
 * @inserted_at_top: how many rows the app prepended to the model
 *
 * Ends the refresh; the header collapses.
 */
void ptr_refresh_list_end_refreshing(PtrRefreshList *list, gboolean ok, gint inserted_at_top) {
    g_return_if_fail(PTR_IS_REFRESH_LIST(list));
    ptr_refresh_list_swift_command(list, PTR_LIST_COMMAND_END_REFRESHING, PTR_CHECKED_COUNT(inserted_at_top), ok, FALSE);
}

/**
 * ptr_refresh_list_end_loading:
 * @list: a #PtrRefreshList
 * @added: how many rows the app appended to the model
 * @exhausted: %TRUE if there is nothing more to load
 * @ok: %FALSE if the load failed
 *
 * Ends the load-more.
 */
void ptr_refresh_list_end_loading(PtrRefreshList *list, gint added, gboolean exhausted, gboolean ok) {
    g_return_if_fail(PTR_IS_REFRESH_LIST(list));
    ptr_refresh_list_swift_command(list, PTR_LIST_COMMAND_END_LOADING, PTR_CHECKED_COUNT(added), ok, exhausted);
}

/**
 * ptr_refresh_list_get_header_style:
 * @list: a #PtrRefreshList
 *
 * Gets #PtrRefreshList:header-style.
 *
 * Returns: the header's look
 */
PtrHeaderStyle ptr_refresh_list_get_header_style(PtrRefreshList *list) {
    g_return_val_if_fail(PTR_IS_REFRESH_LIST(list), PTR_HEADER_STYLE_JIKE);
    return list->header_style;
}

/**
 * ptr_refresh_list_set_header_style:
 * @list: a #PtrRefreshList
 * @style: the header's look
 *
 * Sets #PtrRefreshList:header-style.
 */
void ptr_refresh_list_set_header_style(PtrRefreshList *list, PtrHeaderStyle style) {
    g_return_if_fail(PTR_IS_REFRESH_LIST(list));
    g_return_if_fail((guint)style <= PTR_HEADER_STYLE_PLAIN);
    if (list->header_style == style)
        return;
    list->header_style = style;
    ptr_refresh_list_swift_command(list, PTR_LIST_COMMAND_APPLY, 0, FALSE, FALSE);
    g_object_notify_by_pspec(G_OBJECT(list), properties[PROP_HEADER_STYLE]);
}

/**
 * ptr_refresh_list_get_footer_mode:
 * @list: a #PtrRefreshList
 *
 * Gets #PtrRefreshList:footer-mode.
 *
 * Returns: how load-more is triggered
 */
PtrFooterMode ptr_refresh_list_get_footer_mode(PtrRefreshList *list) {
    g_return_val_if_fail(PTR_IS_REFRESH_LIST(list), PTR_FOOTER_MODE_AUTO);
    return list->footer_mode;
}

/**
 * ptr_refresh_list_set_footer_mode:
 * @list: a #PtrRefreshList
 * @mode: how load-more is triggered
 *
 * Sets #PtrRefreshList:footer-mode.
 */
void ptr_refresh_list_set_footer_mode(PtrRefreshList *list, PtrFooterMode mode) {
    g_return_if_fail(PTR_IS_REFRESH_LIST(list));
    g_return_if_fail((guint)mode <= PTR_FOOTER_MODE_NONE);
    if (list->footer_mode == mode)
        return;
    list->footer_mode = mode;
    ptr_refresh_list_swift_command(list, PTR_LIST_COMMAND_APPLY, 0, FALSE, FALSE);
    g_object_notify_by_pspec(G_OBJECT(list), properties[PROP_FOOTER_MODE]);
}

/**
 * ptr_refresh_list_get_refreshing:
 * @list: a #PtrRefreshList
 *
 * Gets #PtrRefreshList:refreshing.
 *
 * Returns: %TRUE while a refresh runs
 */
gboolean ptr_refresh_list_get_refreshing(PtrRefreshList *list) {
    g_return_val_if_fail(PTR_IS_REFRESH_LIST(list), FALSE);
    return list->refreshing;
}

/**
 * ptr_refresh_list_get_loading:
 * @list: a #PtrRefreshList
 *
 * Gets #PtrRefreshList:loading.
 *
 * Returns: %TRUE while a load-more runs
 */
gboolean ptr_refresh_list_get_loading(PtrRefreshList *list) {
    g_return_val_if_fail(PTR_IS_REFRESH_LIST(list), FALSE);
    return list->loading;
}

/* ---- What the Swift view reports (CGtkShim.h) ---- */

void ptr_refresh_list_report(PtrRefreshList *list, gboolean refreshing, gboolean loading) {
    g_return_if_fail(PTR_IS_REFRESH_LIST(list));
    g_object_freeze_notify(G_OBJECT(list));
    if (list->refreshing != refreshing) {
        list->refreshing = refreshing;
        g_object_notify_by_pspec(G_OBJECT(list), properties[PROP_REFRESHING]);
    }
    if (list->loading != loading) {
        list->loading = loading;
        g_object_notify_by_pspec(G_OBJECT(list), properties[PROP_LOADING]);
    }
    g_object_thaw_notify(G_OBJECT(list));
}

void ptr_refresh_list_emit(PtrRefreshList *list, gboolean load_more) {
    g_return_if_fail(PTR_IS_REFRESH_LIST(list));
    g_signal_emit(list, signals[load_more ? SIGNAL_LOAD_MORE : SIGNAL_REFRESH], 0);
}

gboolean ptr_refresh_list_has_handler(PtrRefreshList *list, gboolean load_more) {
    g_return_val_if_fail(PTR_IS_REFRESH_LIST(list), FALSE);
    return g_signal_has_handler_pending(list, signals[load_more ? SIGNAL_LOAD_MORE : SIGNAL_REFRESH], 0, FALSE);
}

gchar *ptr_tree_model_dup_string(GtkTreeModel *model, gint index, gint column) {
    GtkTreeIter iter;
    if (model == NULL || column >= gtk_tree_model_get_n_columns(model) ||
        !g_type_is_a(gtk_tree_model_get_column_type(model, column), G_TYPE_STRING) ||
        !gtk_tree_model_iter_nth_child(model, &iter, NULL, index))
        return NULL;
    gchar *text = NULL;
    gtk_tree_model_get(model, &iter, column, &text, -1);
    return text;
}
