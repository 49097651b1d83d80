#include "ptr_refresh_gobject.h"

/* Settable properties notify only when their value changes (explicit notify); state
 * properties are read-only and notified by the class as the state changes. */
#define RW (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS)
#define RO (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS)

GParamSpec *ptr_refresh_spec_header_style(GType header_style) {
    return g_param_spec_enum("header-style", "Header style", "The header's look", header_style, 0, RW);
}

GParamSpec *ptr_refresh_spec_footer_mode(GType footer_mode) {
    return g_param_spec_enum("footer-mode", "Footer mode", "How load-more is triggered", footer_mode, 0, RW);
}

GParamSpec *ptr_refresh_spec_refreshing(void) {
    return g_param_spec_boolean("refreshing", "Refreshing", "A refresh is running", FALSE, RO);
}

GParamSpec *ptr_refresh_spec_loading(void) {
    return g_param_spec_boolean("loading", "Loading", "A load-more is running", FALSE, RO);
}

GParamSpec *ptr_refresh_spec_header_state(GType header_state) {
    return g_param_spec_enum("header-state", "Header state", "The header's state", header_state, 0, RO);
}

GParamSpec *ptr_refresh_spec_footer_state(GType footer_state) {
    return g_param_spec_enum("footer-state", "Footer state", "The footer's state", footer_state, 0, RO);
}

GParamSpec *ptr_refresh_spec_last_updated(void) {
    return g_param_spec_boxed("last-updated", "Last updated", "When the last successful refresh ended",
                              G_TYPE_DATE_TIME, RW);
}

guint ptr_refresh_signal_refresh(GType owner) {
    return g_signal_new("refresh", owner, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

guint ptr_refresh_signal_load_more(GType owner) {
    return g_signal_new("load-more", owner, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

guint ptr_refresh_signal_state_changed(const char *name, GType owner, GType state) {
    return g_signal_new(name, owner, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1, state);
}

/* ---- The bins' shared state and bookkeeping ---- */

void ptr_refresh_class_install(GObjectClass *klass, PtrRefreshClass *info, guint first_id,
                               PtrRefreshTypes types, void (*apply)(GObject *object)) {
    info->first_id = first_id;
    info->apply = apply;
    info->specs[PTR_REFRESH_PROP_HEADER_STYLE] = ptr_refresh_spec_header_style(types.header_style);
    info->specs[PTR_REFRESH_PROP_FOOTER_MODE] = ptr_refresh_spec_footer_mode(types.footer_mode);
    info->specs[PTR_REFRESH_PROP_REFRESHING] = ptr_refresh_spec_refreshing();
    info->specs[PTR_REFRESH_PROP_LOADING] = ptr_refresh_spec_loading();
    info->specs[PTR_REFRESH_PROP_HEADER_STATE] = ptr_refresh_spec_header_state(types.header_state);
    info->specs[PTR_REFRESH_PROP_FOOTER_STATE] = ptr_refresh_spec_footer_state(types.footer_state);
    info->specs[PTR_REFRESH_PROP_LAST_UPDATED] = ptr_refresh_spec_last_updated();
    for (guint i = 0; i < PTR_REFRESH_N_PROPS; i++)
        g_object_class_install_property(klass, first_id + i, info->specs[i]);
    GType owner = G_TYPE_FROM_CLASS(klass);
    info->signals[PTR_REFRESH_SIGNAL_REFRESH] = ptr_refresh_signal_refresh(owner);
    info->signals[PTR_REFRESH_SIGNAL_LOAD_MORE] = ptr_refresh_signal_load_more(owner);
    info->signals[PTR_REFRESH_SIGNAL_HEADER_STATE_CHANGED] =
        ptr_refresh_signal_state_changed("header-state-changed", owner, types.header_state);
    info->signals[PTR_REFRESH_SIGNAL_FOOTER_STATE_CHANGED] =
        ptr_refresh_signal_state_changed("footer-state-changed", owner, types.footer_state);
}

void ptr_refresh_state_clear(PtrRefreshState *state) {
    g_clear_pointer(&state->last_updated, g_date_time_unref);
}

gboolean ptr_refresh_get_property(const PtrRefreshClass *info, const PtrRefreshState *state, guint id,
                                  GValue *value) {
    if (id < info->first_id || id - info->first_id >= PTR_REFRESH_N_PROPS)
        return FALSE;
    switch ((PtrRefreshProp)(id - info->first_id)) {
    case PTR_REFRESH_PROP_HEADER_STYLE: g_value_set_enum(value, state->header_style); break;
    case PTR_REFRESH_PROP_FOOTER_MODE: g_value_set_enum(value, state->footer_mode); break;
    case PTR_REFRESH_PROP_REFRESHING:
        g_value_set_boolean(value, state->header_state == PTR_REFRESH_HEADER_STATE_REFRESHING);
        break;
    case PTR_REFRESH_PROP_LOADING: g_value_set_boolean(value, state->footer_state == PTR_REFRESH_FOOTER_STATE_LOADING); break;
    case PTR_REFRESH_PROP_HEADER_STATE: g_value_set_enum(value, state->header_state); break;
    case PTR_REFRESH_PROP_FOOTER_STATE: g_value_set_enum(value, state->footer_state); break;
    case PTR_REFRESH_PROP_LAST_UPDATED: g_value_set_boxed(value, state->last_updated); break;
    case PTR_REFRESH_N_PROPS: return FALSE;
    }
    return TRUE;
}

gboolean ptr_refresh_set_property(GObject *object, const PtrRefreshClass *info, PtrRefreshState *state,
                                  guint id, const GValue *value) {
    /* GObject has validated the value against its spec (an enum out of range never gets here). */
    if (id == info->first_id + PTR_REFRESH_PROP_HEADER_STYLE || id == info->first_id + PTR_REFRESH_PROP_FOOTER_MODE)
        ptr_refresh_set_setting(object, info, state, (PtrRefreshProp)(id - info->first_id), g_value_get_enum(value));
    else if (id == info->first_id + PTR_REFRESH_PROP_LAST_UPDATED)
        ptr_refresh_set_last_updated(object, info, state, g_value_get_boxed(value));
    else
        return FALSE;
    return TRUE;
}

void ptr_refresh_set_setting(GObject *object, const PtrRefreshClass *info, PtrRefreshState *state,
                             PtrRefreshProp which, gint value) {
    gint *field = which == PTR_REFRESH_PROP_HEADER_STYLE ? &state->header_style : &state->footer_mode;
    if (*field == value)
        return;
    *field = value;
    info->apply(object);
    g_object_notify_by_pspec(object, info->specs[which]);
}

static gboolean same_time(GDateTime *a, GDateTime *b) {
    return a == b || (a != NULL && b != NULL && g_date_time_equal(a, b));
}

/* Stores without telling the Swift side. TRUE: it changed. */
static gboolean store_last_updated(PtrRefreshState *state, GDateTime *last_updated) {
    if (same_time(state->last_updated, last_updated))
        return FALSE;
    g_clear_pointer(&state->last_updated, g_date_time_unref);
    state->last_updated = last_updated != NULL ? g_date_time_ref(last_updated) : NULL;
    return TRUE;
}

void ptr_refresh_set_last_updated(GObject *object, const PtrRefreshClass *info, PtrRefreshState *state,
                                  GDateTime *last_updated) {
    if (!store_last_updated(state, last_updated))
        return;
    info->apply(object);
    g_object_notify_by_pspec(object, info->specs[PTR_REFRESH_PROP_LAST_UPDATED]);
}

void ptr_refresh_report_state(GObject *object, const PtrRefreshClass *info, PtrRefreshState *state,
                              PtrRefreshProp which, gint value) {
    gboolean header = which == PTR_REFRESH_PROP_HEADER_STATE;
    gint *field = header ? &state->header_state : &state->footer_state;
    gint busy = header ? PTR_REFRESH_HEADER_STATE_REFRESHING : PTR_REFRESH_FOOTER_STATE_LOADING;
    if (*field == value)
        return;
    gboolean was_busy = *field == busy;
    *field = value;
    g_object_freeze_notify(object);
    g_object_notify_by_pspec(object, info->specs[which]);
    if (was_busy != (value == busy))
        g_object_notify_by_pspec(object, info->specs[header ? PTR_REFRESH_PROP_REFRESHING : PTR_REFRESH_PROP_LOADING]);
    g_object_thaw_notify(object);
    g_signal_emit(object,
                  info->signals[header ? PTR_REFRESH_SIGNAL_HEADER_STATE_CHANGED : PTR_REFRESH_SIGNAL_FOOTER_STATE_CHANGED],
                  0, value);
}

void ptr_refresh_report_last_updated(GObject *object, const PtrRefreshClass *info, PtrRefreshState *state,
                                     gboolean has_value, gdouble unix_seconds) {
    GDateTime *time = NULL;
    if (has_value) {
        /* Whole microseconds: a value read back and set again compares equal. */
        GDateTime *seconds = g_date_time_new_from_unix_local((gint64)unix_seconds);
        time = g_date_time_add(seconds, (GTimeSpan)((unix_seconds - (gint64)unix_seconds) * G_USEC_PER_SEC));
        g_date_time_unref(seconds);
    }
    gboolean changed = store_last_updated(state, time);
    if (time != NULL)
        g_date_time_unref(time);
    if (changed)
        g_object_notify_by_pspec(object, info->specs[PTR_REFRESH_PROP_LAST_UPDATED]);
}

void ptr_refresh_emit(GObject *object, const PtrRefreshClass *info, PtrRefreshSignal which) {
    g_signal_emit(object, info->signals[which], 0);
}

gboolean ptr_refresh_has_handler(GObject *object, const PtrRefreshClass *info, gboolean load_more) {
    return g_signal_has_handler_pending(object, info->signals[load_more ? PTR_REFRESH_SIGNAL_LOAD_MORE : PTR_REFRESH_SIGNAL_REFRESH],
                                        0, FALSE);
}
