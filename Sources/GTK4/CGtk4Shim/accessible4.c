#include "CGtk4Shim.h"

/*
 * A Ptr4RefreshBin's accessibility on GTK 4 (ptr4-bin-accessible.h, docs/accessibility.md,
 * "GTK 4"): GtkAccessible mechanics only; the Swift side decides every value. Kept in the bin's
 * qdata, so that refresh_bin4.c only calls in from size_allocate and snapshot.
 */
typedef struct {
    Ptr4RefreshBin *bin;
    GtkWidget *footer;
    GSimpleAction *refresh, *load_more, *retry;
    Ptr4BinAccessibleHooks hooks;
    gpointer data;
    GDestroyNotify notify;
    double footer_y, footer_height;
    char *description;
    char *footer_label;
    gboolean busy;
    /* Requests waiting for the main loop (several may wait at once), and their idle source. */
    gboolean refresh_pending, load_pending, footer_pending;
    guint idle_id;
} Accessible;

static GQuark accessible_quark(void) { return g_quark_from_static_string("ptr4-refresh-bin-accessible"); }

static Accessible *lookup(Ptr4RefreshBin *bin) { return g_object_get_qdata(G_OBJECT(bin), accessible_quark()); }

/* One request per dispatch, and nothing of `self` touched after its hook: the hook may take the
 * accessible (and this source) away. */
static gboolean run_pending(gpointer user_data) {
    Accessible *self = user_data;
    void (*hook)(gpointer);
    if (self->refresh_pending) {
        hook = self->hooks.refresh;
        self->refresh_pending = FALSE;
    } else if (self->load_pending) {
        hook = self->hooks.load_more;
        self->load_pending = FALSE;
    } else {
        hook = self->hooks.footer;
        self->footer_pending = FALSE;
    }
    gpointer data = self->data;
    gboolean more = self->refresh_pending || self->load_pending || self->footer_pending;
    if (!more) self->idle_id = 0;
    if (hook) hook(data);
    return more ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

/* An AT's DoAction runs inside its D-Bus call; the app's refresh/load-more handlers run after
 * the call is answered, as on GTK 3, so that a slow handler never holds up the AT. */
static void defer(Accessible *self, gboolean *pending) {
    *pending = TRUE;
    if (!self->idle_id) self->idle_id = g_idle_add(run_pending, self);
}

static void on_refresh_activate(GSimpleAction *action, GVariant *parameter, gpointer user_data) {
    (void)action; (void)parameter;
    Accessible *self = user_data;
    defer(self, &self->refresh_pending);
}

static void on_load_more_activate(GSimpleAction *action, GVariant *parameter, gpointer user_data) {
    (void)action; (void)parameter;
    Accessible *self = user_data;
    defer(self, &self->load_pending);
}

static void on_footer_clicked(GtkButton *button, gpointer user_data) {
    (void)button;
    Accessible *self = user_data;
    defer(self, &self->footer_pending);
}

static void accessible_free(gpointer user_data) {
    Accessible *self = user_data;
    GtkWidget *widget = GTK_WIDGET(self->bin);
    if (self->idle_id) g_source_remove(self->idle_id);
    GSimpleAction *actions[] = {self->refresh, self->load_more, self->retry};
    for (size_t i = 0; i < G_N_ELEMENTS(actions); i++) {
        g_signal_handlers_disconnect_by_data(actions[i], self);
        g_object_unref(actions[i]);
    }
    gtk_widget_insert_action_group(widget, "refresh-bin", NULL);
    g_signal_handlers_disconnect_by_data(self->footer, self);
    gtk_widget_unparent(self->footer);
    g_object_unref(self->footer);
    gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
    gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    gtk_accessible_reset_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_BUSY);
    g_free(self->description);
    g_free(self->footer_label);
    if (self->notify) self->notify(self->data);
    g_free(self);
}

/* The footer painter draws the footer under the button: the theme's button background (opaque
 * on hover in Adwaita) would hide it, so only the focus ring (an outline) is left. Once per
 * display, scoped to the bin's own button. */
static void add_footer_css(GdkDisplay *display) {
    static const char *key = "ptr4-refresh-bin-footer-css";
    if (!display || g_object_get_data(G_OBJECT(display), key)) return;
    GtkCssProvider *provider = gtk_css_provider_new();
    ptr4_theme_load_css(provider, "ptr-refresh-bin > button.ptr-refresh-footer { background: none; box-shadow: none; }");
    gtk_style_context_add_provider_for_display(display, GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_set_data_full(G_OBJECT(display), key, provider, g_object_unref);
}

/* Puts the focus back into the bin's child: on the list's own focus target first (a list view's
 * grab_focus goes to its focused row), else by Tab from before it. */
static void focus_list(Ptr4RefreshBin *bin, GtkWidget *child) {
    GtkWidget *list = ptr4_refresh_bin_list(bin);
    if (list && list != child && gtk_widget_grab_focus(list)) return;
    gtk_widget_child_focus(child, GTK_DIR_TAB_FORWARD);
}

void ptr4_refresh_bin_accessible_install(Ptr4RefreshBin *bin, const char *label, const Ptr4BinAccessibleHooks *hooks,
                                         gpointer data, GDestroyNotify notify) {
    g_return_if_fail(PTR4_IS_REFRESH_BIN(bin));
    ptr4_refresh_bin_accessible_remove(bin);
    Accessible *self = g_new0(Accessible, 1);
    GtkWidget *widget = GTK_WIDGET(bin);
    self->bin = bin;
    if (hooks) self->hooks = *hooks;
    self->data = data;
    self->notify = notify;

    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);

    // GTK 4.8's AT-SPI backend lists a widget's own enabled, parameterless actions (its action
    // muxer's) as the widget's AT-SPI actions, named "prefix.name": the bin's "refresh",
    // "load-more" and "retry" (GTK 3's names; both of the last two load, as the footer does).
    GSimpleActionGroup *group = g_simple_action_group_new();
    struct { GSimpleAction **action; const char *name; GCallback activate; } made[] = {
        {&self->refresh, "refresh", G_CALLBACK(on_refresh_activate)},
        {&self->load_more, "load-more", G_CALLBACK(on_load_more_activate)},
        {&self->retry, "retry", G_CALLBACK(on_load_more_activate)},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(made); i++) {
        *made[i].action = g_simple_action_new(made[i].name, NULL);
        g_simple_action_set_enabled(*made[i].action, FALSE);
        g_signal_connect(*made[i].action, "activate", made[i].activate, self);
        g_action_map_add_action(G_ACTION_MAP(group), G_ACTION(*made[i].action));
    }
    gtk_widget_insert_action_group(widget, "refresh-bin", G_ACTION_GROUP(group));
    g_object_unref(group);

    // HACK (docs/accessibility.md, "GTK 4"): GTK 4.8 has no virtual accessible children, so the
    // footer, drawn into the bin's gap, is a real GtkButton over it: focusable, in the AT-SPI
    // tree as a push button with GTK's own "click" action, activated by Enter, Space or a click.
    // It has no content of its own: the footer painter draws the text, the button only the
    // theme's focus ring.
    self->footer = g_object_ref_sink(gtk_button_new());
    gtk_widget_add_css_class(self->footer, "ptr-refresh-footer");
    add_footer_css(gtk_widget_get_display(widget));
    gtk_widget_set_visible(self->footer, FALSE);
    g_signal_connect(self->footer, "clicked", G_CALLBACK(on_footer_clicked), self);
    gtk_widget_set_parent(self->footer, widget);

    g_object_set_qdata_full(G_OBJECT(bin), accessible_quark(), self, accessible_free);
}

gpointer ptr4_refresh_bin_accessible_get_data(Ptr4RefreshBin *bin) {
    g_return_val_if_fail(PTR4_IS_REFRESH_BIN(bin), NULL);
    Accessible *self = lookup(bin);
    return self ? self->data : NULL;
}

void ptr4_refresh_bin_accessible_update(Ptr4RefreshBin *bin, const Ptr4BinAccessibleState *state) {
    g_return_if_fail(PTR4_IS_REFRESH_BIN(bin));
    g_return_if_fail(state != NULL);
    Accessible *self = lookup(bin);
    if (!self) return;
    GtkAccessible *accessible = GTK_ACCESSIBLE(bin);
    // Only what changed is set, so that ATs are told of changes only.
    if (self->busy != state->busy) {
        self->busy = state->busy;
        gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_BUSY, state->busy, -1);
    }
    if (g_strcmp0(self->description, state->description) != 0) {
        g_free(self->description);
        self->description = g_strdup(state->description);
        gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       self->description ? self->description : "", -1);
    }
    if (g_action_get_enabled(G_ACTION(self->refresh)) != state->can_refresh)
        g_simple_action_set_enabled(self->refresh, state->can_refresh);
    if (g_action_get_enabled(G_ACTION(self->load_more)) != state->can_load_more)
        g_simple_action_set_enabled(self->load_more, state->can_load_more);
    if (g_action_get_enabled(G_ACTION(self->retry)) != state->can_retry)
        g_simple_action_set_enabled(self->retry, state->can_retry);

    GtkWidget *footer = self->footer;
    if (!state->footer_shown || !state->footer_sensitive) {
        // The focus would leave the bin with the footer: it goes back to the list, as on GTK 3.
        GtkWidget *child = ptr4_refresh_bin_get_child(bin);
        if (gtk_widget_has_focus(footer) && child) focus_list(bin, child);
    }
    if (g_strcmp0(self->footer_label, state->footer_label) != 0) {
        g_free(self->footer_label);
        self->footer_label = g_strdup(state->footer_label);
        gtk_accessible_update_property(GTK_ACCESSIBLE(footer), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       self->footer_label ? self->footer_label : "", -1);
    }
    gtk_widget_set_focusable(footer, state->footer_focusable);
    gtk_widget_set_sensitive(footer, state->footer_sensitive);
    if (state->footer_shown != gtk_widget_get_visible(footer) || state->footer_y != self->footer_y
        || state->footer_height != self->footer_height) {
        self->footer_y = state->footer_y;
        self->footer_height = state->footer_height;
        gtk_widget_set_visible(footer, state->footer_shown);
        gtk_widget_queue_allocate(GTK_WIDGET(bin));
    }
}

void ptr4_refresh_bin_accessible_remove(Ptr4RefreshBin *bin) {
    g_return_if_fail(PTR4_IS_REFRESH_BIN(bin));
    g_object_set_qdata(G_OBJECT(bin), accessible_quark(), NULL);
}

void ptr4_refresh_bin_accessible_allocate(Ptr4RefreshBin *bin, int width) {
    Accessible *self = lookup(bin);
    if (!self || !gtk_widget_should_layout(self->footer)) return;
    int height = MAX((int)self->footer_height, 0), minimum = 0;
    // GTK 4 wants a child measured before it is allocated; the footer's size is the bin's choice.
    gtk_widget_measure(self->footer, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
    width = MAX(width, minimum);
    gtk_widget_measure(self->footer, GTK_ORIENTATION_VERTICAL, width, &minimum, NULL, NULL, NULL);
    height = MAX(height, minimum);
    GskTransform *transform = gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT(0, (float)self->footer_y));
    gtk_widget_allocate(self->footer, width, height, -1, transform);
}

void ptr4_refresh_bin_accessible_snapshot(Ptr4RefreshBin *bin, GtkSnapshot *snapshot) {
    Accessible *self = lookup(bin);
    if (self) gtk_widget_snapshot_child(GTK_WIDGET(bin), self->footer, snapshot);
}

GtkWidget *ptr4_refresh_bin_accessible_footer(Ptr4RefreshBin *bin) {
    Accessible *self = lookup(bin);
    return self ? self->footer : NULL;
}
