/* What the three GObject refresh classes share (PtrRefreshList and PtrRefreshBin in the GTK 3
 * library, Ptr4RefreshBin in the GTK 4 one; docs/gobject-api.md): their enum types' values and
 * the specs of the properties and signals they have in common, written once. GLib only, so that
 * either toolkit's C includes it; each class passes its own namespace's enum types. Not public:
 * the libraries export only their public header's functions. The gtk-doc of each property and
 * signal stays beside its class, where g-ir-scanner reads it. */
#ifndef PTR_REFRESH_GOBJECT_H
#define PTR_REFRESH_GOBJECT_H

#include <glib-object.h>

G_BEGIN_DECLS

/* An enum type registered by hand (a few values each; glib-mkenums would add a build step). */
#define PTR_REFRESH_DEFINE_ENUM(func, name, ...)                                                     \
    GType func(void) {                                                                                \
        static gsize type = 0;                                                                        \
        static const GEnumValue values[] = {__VA_ARGS__, {0, NULL, NULL}};                            \
        if (g_once_init_enter(&type))                                                                 \
            g_once_init_leave(&type, g_enum_register_static(g_intern_static_string(name), values));  \
        return type;                                                                                  \
    }

/* The values of each enum, for a namespace whose C prefix is P (PTR, PTR4): the same nicks, in
 * the order of the Swift cases (the Swift side maps them by position). */
#define PTR_REFRESH_HEADER_STYLE_VALUES(P)                                                           \
    {P##_HEADER_STYLE_JIKE, #P "_HEADER_STYLE_JIKE", "jike"},                                         \
    {P##_HEADER_STYLE_CLASSIC, #P "_HEADER_STYLE_CLASSIC", "classic"},                                \
    {P##_HEADER_STYLE_PLAIN, #P "_HEADER_STYLE_PLAIN", "plain"}
#define PTR_REFRESH_FOOTER_MODE_VALUES(P)                                                            \
    {P##_FOOTER_MODE_AUTO, #P "_FOOTER_MODE_AUTO", "auto"},                                           \
    {P##_FOOTER_MODE_PULL, #P "_FOOTER_MODE_PULL", "pull"},                                           \
    {P##_FOOTER_MODE_NONE, #P "_FOOTER_MODE_NONE", "none"}
#define PTR_REFRESH_HEADER_STATE_VALUES(P)                                                           \
    {P##_HEADER_STATE_IDLE, #P "_HEADER_STATE_IDLE", "idle"},                                         \
    {P##_HEADER_STATE_PULLING, #P "_HEADER_STATE_PULLING", "pulling"},                                \
    {P##_HEADER_STATE_ARMED, #P "_HEADER_STATE_ARMED", "armed"},                                      \
    {P##_HEADER_STATE_REFRESHING, #P "_HEADER_STATE_REFRESHING", "refreshing"},                       \
    {P##_HEADER_STATE_FINISHING, #P "_HEADER_STATE_FINISHING", "finishing"},                          \
    {P##_HEADER_STATE_FAILED, #P "_HEADER_STATE_FAILED", "failed"}
#define PTR_REFRESH_FOOTER_STATE_VALUES(P)                                                           \
    {P##_FOOTER_STATE_IDLE, #P "_FOOTER_STATE_IDLE", "idle"},                                         \
    {P##_FOOTER_STATE_ARMED, #P "_FOOTER_STATE_ARMED", "armed"},                                      \
    {P##_FOOTER_STATE_LOADING, #P "_FOOTER_STATE_LOADING", "loading"},                                \
    {P##_FOOTER_STATE_NO_MORE_DATA, #P "_FOOTER_STATE_NO_MORE_DATA", "no-more-data"},                 \
    {P##_FOOTER_STATE_FAILED, #P "_FOOTER_STATE_FAILED", "failed"}

/* The property specs. Each enum's default is its first value (jike, auto, idle). */
GParamSpec *ptr_refresh_spec_header_style(GType header_style);
GParamSpec *ptr_refresh_spec_footer_mode(GType footer_mode);
GParamSpec *ptr_refresh_spec_refreshing(void);
GParamSpec *ptr_refresh_spec_loading(void);
GParamSpec *ptr_refresh_spec_header_state(GType header_state);
GParamSpec *ptr_refresh_spec_footer_state(GType footer_state);
GParamSpec *ptr_refresh_spec_last_updated(void);

/* The signals: "refresh" and "load-more" (no arguments), and "header-state-changed" or
 * "footer-state-changed" (`name`) with the new state (`state`, an enum type). */
guint ptr_refresh_signal_refresh(GType owner);
guint ptr_refresh_signal_load_more(GType owner);
guint ptr_refresh_signal_state_changed(const char *name, GType owner, GType state);

G_END_DECLS

#endif
