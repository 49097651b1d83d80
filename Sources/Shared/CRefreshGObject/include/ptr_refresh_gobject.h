/* What the three GObject refresh classes share (PtrRefreshList and PtrRefreshBin in the GTK 3
 * library, Ptr4RefreshBin in the GTK 4 one; docs/gobject-api.md): their enum types' values and
 * the specs of the properties and signals they have in common, and the two bins' state with
 * its bookkeeping, written once. GLib only, so that
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

/* ---- The bins' shared state and bookkeeping (PtrRefreshBin, Ptr4RefreshBin) ----
 * Each bin's C keeps only its widget: its instance holds a PtrRefreshState, its class a
 * PtrRefreshClass, and its public getters, setters and the reports its Swift side makes are
 * one-line calls of the functions below. The order of notifications and signals is decided
 * here, once (docs/gobject-api.md, "Signals"). */

/* The shared properties, in the order each bin installs them (their ids follow the bin's own). */
typedef enum {
    PTR_REFRESH_PROP_HEADER_STYLE,
    PTR_REFRESH_PROP_FOOTER_MODE,
    PTR_REFRESH_PROP_REFRESHING,
    PTR_REFRESH_PROP_LOADING,
    PTR_REFRESH_PROP_HEADER_STATE,
    PTR_REFRESH_PROP_FOOTER_STATE,
    PTR_REFRESH_PROP_LAST_UPDATED,
    PTR_REFRESH_N_PROPS
} PtrRefreshProp;

typedef enum {
    PTR_REFRESH_SIGNAL_REFRESH,
    PTR_REFRESH_SIGNAL_LOAD_MORE,
    PTR_REFRESH_SIGNAL_HEADER_STATE_CHANGED,
    PTR_REFRESH_SIGNAL_FOOTER_STATE_CHANGED,
    PTR_REFRESH_N_SIGNALS
} PtrRefreshSignal;

/* The values `refreshing` and `loading` are read from (the position of `refreshing` and
 * `loading` in the state enums above; each bin asserts its own enum agrees). */
#define PTR_REFRESH_HEADER_STATE_REFRESHING 3
#define PTR_REFRESH_FOOTER_STATE_LOADING 2

/* A bin's namespace: its four enum types. */
typedef struct {
    GType header_style, footer_mode, header_state, footer_state;
} PtrRefreshTypes;

/* A bin class's share: the specs and signal ids, the id of its first shared property, and
 * `apply`, which tells its Swift side that the app changed a setting (header-style,
 * footer-mode, last-updated). */
typedef struct {
    GParamSpec *specs[PTR_REFRESH_N_PROPS];
    guint signals[PTR_REFRESH_N_SIGNALS];
    guint first_id;
    void (*apply)(GObject *object);
} PtrRefreshClass;

/* A bin's state; all zero is the default (jike, auto, idle, idle, never updated). The enums
 * are held as their values: each bin's getters return them as its namespace's types. */
typedef struct {
    gint header_style, footer_mode, header_state, footer_state;
    GDateTime *last_updated;
} PtrRefreshState;

/* Installs the shared properties with ids first_id, first_id + 1, … (after the bin's own) and
 * creates the signals, in the order of PtrRefreshProp and PtrRefreshSignal. */
void ptr_refresh_class_install(GObjectClass *klass, PtrRefreshClass *info, guint first_id,
                               PtrRefreshTypes types, void (*apply)(GObject *object));
void ptr_refresh_state_clear(PtrRefreshState *state);
/* GObject's get_property and set_property for the shared ids: FALSE for an id not theirs. */
gboolean ptr_refresh_get_property(const PtrRefreshClass *info, const PtrRefreshState *state, guint id,
                                  GValue *value);
gboolean ptr_refresh_set_property(GObject *object, const PtrRefreshClass *info, PtrRefreshState *state,
                                  guint id, const GValue *value);

/* The app's settings: stored, applied, then notified, only when they change. `which` is
 * PTR_REFRESH_PROP_HEADER_STYLE or PTR_REFRESH_PROP_FOOTER_MODE. */
void ptr_refresh_set_setting(GObject *object, const PtrRefreshClass *info, PtrRefreshState *state,
                             PtrRefreshProp which, gint value);
void ptr_refresh_set_last_updated(GObject *object, const PtrRefreshClass *info, PtrRefreshState *state,
                                  GDateTime *last_updated);

/* What the Swift side reports. A state change notifies its state property (with `refreshing`
 * or `loading` when that changes) and then emits its ::…-state-changed; `which` is
 * PTR_REFRESH_PROP_HEADER_STATE or PTR_REFRESH_PROP_FOOTER_STATE. The time is stored without
 * telling the Swift side (it came from there). */
void ptr_refresh_report_state(GObject *object, const PtrRefreshClass *info, PtrRefreshState *state,
                              PtrRefreshProp which, gint value);
void ptr_refresh_report_last_updated(GObject *object, const PtrRefreshClass *info, PtrRefreshState *state,
                                     gboolean has_value, gdouble unix_seconds);
void ptr_refresh_emit(GObject *object, const PtrRefreshClass *info, PtrRefreshSignal which);
/* Whether the app connected ::refresh (or ::load-more): without a handler a request ends at once. */
gboolean ptr_refresh_has_handler(GObject *object, const PtrRefreshClass *info, gboolean load_more);

G_END_DECLS

#endif
