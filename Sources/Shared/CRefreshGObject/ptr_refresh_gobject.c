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
