// refresh-bench-gtk4: the GTK 4 peer of refresh-bench. GTK 4 cannot live in a GTK 3 process,
// so refresh-bench runs this executable as a child, one process per measurement, exactly as it
// runs itself for the GTK 3 lists, and reads one JSON line from its stdout.
//
//   refresh-bench-gtk4 --child listview|listview-wrapped|stringlist ROWS [--frames N] [--counted]
//   refresh-bench-gtk4 --baseline [--frames N] [--counted]
//   refresh-bench-gtk4 --motion refresh-cycle ROWS [--style jike|classic|plain]
//
// listview:   GtkListView over a GListModel of our own that makes each item on demand from its
//             index (nothing stored per row): the fair peer of RefreshView.
// listview-wrapped: the same GtkListView in its GtkScrolledWindow, given pull-to-refresh by the
//             GTK 4 bin (Ptr4RefreshBin, through its public C API; its Swift side, RefreshGtk4,
//             is linked into this program and attaches itself when the scrolled window becomes
//             the bin's child): what the bin costs a list the app already has.
// stringlist: GtkListView over a GtkStringList filled up front from the same pre-generated
//             strings the GTK 3 peers get: what most applications write.
// baseline:   the same window around an empty GtkScrolledWindow (GTK 4's own floor): its first
//             frame, N redraws of the whole window, its memory.
// motion:     a whole pull-to-refresh cycle on the wrapped GtkListView, every frame-clock cycle
//             recorded (see "Motion" below).
// --counted:  under valgrind's callgrind (refresh-bench --instructions): what is measured runs
//             inside instructions_counted_region, which callgrind is told to count and dump;
//             nothing is timed.
//
// Same rows as the GTK 3 lists: an 800x600 window, rows 56 px apart, each row the title
// "Row #id" and a sentence, both ellipsized, with id = rows - index and the sentence computed
// exactly as DemoRows.sentence(for:) does (SplitMix64 over the id).
//
// Timing is the method refresh-bench uses for every list: a frame is the frame clock's paint
// cycle, from the start of "before-paint" to the end of "after-paint" (a handler connected
// after all others), so layout, snapshot, rendering and the copy to the window are inside.
// The renderer is whatever GTK picked (GSK_RENDERER, GDK_DEBUG=gl-disable are honoured) and is
// reported. Exit status 0 with the result line, or 3 with {"error": "..."}; 2 for bad usage.

#include <gtk/gtk.h>
#include <ptr4-refresh.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { WINDOW_WIDTH = 800, WINDOW_HEIGHT = 600, ROW_HEIGHT = 56, SEGMENTS = 4 };

// What callgrind counts under --counted: refresh-bench runs this program with
// --collect-atstart=no --toggle-collect=instructions_counted_region
// --dump-after=instructions_counted_region, so only the instructions inside a call count, and
// each call is dumped on its own (the first frame, then the frames). Not inlined, so that the
// symbol exists. Without --counted the work runs directly.
static gboolean counted;

typedef void (*RegionBody) (gpointer data);

static void __attribute__ ((noinline)) instructions_counted_region (RegionBody body, gpointer data)
{
  body (data);
}

static void run_region (RegionBody body, gpointer data)
{
  if (counted)
    instructions_counted_region (body, data);
  else
    body (data);
}

// ---------------------------------------------------------------------------------------------
// Row text (the same as DemoRows in RefreshGtk)

typedef struct { guint64 state; } SplitMix;

static guint64 splitmix_next (SplitMix *s)
{
  s->state += 0x9E3779B97F4A7C15ull;
  guint64 z = s->state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static const char *const adjectives[] = {
  "quiet", "bright", "distant", "gentle", "hidden", "golden", "silver", "early",
  "late", "sudden", "patient", "curious", "ancient", "narrow", "open", "wild",
};
static const char *const things[] = {
  "harbour lights", "river stones", "paper lanterns", "morning trains", "mountain trails",
  "garden birds", "city bells", "autumn leaves", "winter clouds", "open windows",
  "kitchen radios", "summer storms", "market stalls", "old letters", "night buses", "forest paths",
};
static const char *const verbs[] = {
  "drift past", "gather near", "wait beside", "circle around", "settle on", "flicker over",
  "wander through", "lean against", "echo across", "shine upon", "hurry along", "rest under",
  "hum beneath", "glow behind", "fade into", "return to",
};
static const char *const places[] = {
  "the harbour", "the old bridge", "the station", "the quiet square", "the hill", "the orchard",
  "the library", "the lighthouse", "the meadow", "the canal", "the market", "the tower",
  "the valley", "the pier", "the courtyard", "the river",
};
static const char *const tails[] = {
  "", "", "", "at dawn", "after the rain", "before noon", "all evening", "in the fog",
};

#define PICK(s, words) (words[splitmix_next (s) % G_N_ELEMENTS (words)])

// Writes row id's sentence into buf (at least 128 bytes); returns its length.
static int sentence_for (gint64 id, char *buf, size_t size)
{
  SplitMix s = { (guint64) id };
  const char *adjective = PICK (&s, adjectives);
  const char *thing = PICK (&s, things);
  const char *verb = PICK (&s, verbs);
  const char *place = PICK (&s, places);
  const char *tail = PICK (&s, tails);
  int n = snprintf (buf, size, "%s %s %s %s%s%s.", adjective, thing, verb, place, *tail ? " " : "", tail);
  buf[0] = g_ascii_toupper (buf[0]);
  return n;
}

// ---------------------------------------------------------------------------------------------
// On-demand model: BenchRow items made from the index when the view asks for them

#define BENCH_TYPE_ROW (bench_row_get_type ())
G_DECLARE_FINAL_TYPE (BenchRow, bench_row, BENCH, ROW, GObject)
struct _BenchRow { GObject parent; gint64 id; };
G_DEFINE_TYPE (BenchRow, bench_row, G_TYPE_OBJECT)
static void bench_row_class_init (BenchRowClass *klass) { (void) klass; }
static void bench_row_init (BenchRow *self) { (void) self; }

#define BENCH_TYPE_ROWS (bench_rows_get_type ())
G_DECLARE_FINAL_TYPE (BenchRows, bench_rows, BENCH, ROWS, GObject)
struct _BenchRows { GObject parent; guint count; };

static GType bench_rows_get_item_type (GListModel *model) { (void) model; return BENCH_TYPE_ROW; }
static guint bench_rows_get_n_items (GListModel *model) { return BENCH_ROWS (model)->count; }
static gpointer bench_rows_get_item (GListModel *model, guint position)
{
  BenchRows *self = BENCH_ROWS (model);
  if (position >= self->count)
    return NULL;
  BenchRow *row = g_object_new (BENCH_TYPE_ROW, NULL);
  row->id = (gint64) self->count - position;
  return row;
}
static void bench_rows_model_init (GListModelInterface *iface)
{
  iface->get_item_type = bench_rows_get_item_type;
  iface->get_n_items = bench_rows_get_n_items;
  iface->get_item = bench_rows_get_item;
}
G_DEFINE_TYPE_WITH_CODE (BenchRows, bench_rows, G_TYPE_OBJECT,
                         G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, bench_rows_model_init))
static void bench_rows_class_init (BenchRowsClass *klass) { (void) klass; }
static void bench_rows_init (BenchRows *self) { (void) self; }

// ---------------------------------------------------------------------------------------------
// Pre-generated strings (the stringlist variant): "Row #id\nsentence\0" per row in one buffer,
// made before the clock starts, like refresh-bench's RowStrings for the GTK 3 peers.

typedef struct { char *bytes; size_t used; } Strings;

static Strings strings_new (guint count)
{
  // Room for the longest row; the untouched tail of the allocation costs no resident memory.
  Strings s = { malloc ((size_t) count * 100 + 1), 0 };
  if (!s.bytes)
    return s;
  char sentence[160];
  for (guint i = 0; i < count; i++)
    {
      gint64 id = (gint64) count - i;
      sentence_for (id, sentence, sizeof sentence);
      s.used += (size_t) sprintf (s.bytes + s.used, "Row #%" G_GINT64_FORMAT "\n%s", id, sentence) + 1;
    }
  return s;
}

// ---------------------------------------------------------------------------------------------
// Rows: a vertical box of two ellipsized, left-aligned labels, 56 px high (CSS takes the
// theme's row padding away so that the pitch is exactly 56 px, as for every other list)

static void setup_row (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  (void) factory; (void) data;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_size_request (box, -1, ROW_HEIGHT);
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  for (int i = 0; i < 2; i++)
    {
      GtkWidget *label = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_single_line_mode (GTK_LABEL (label), TRUE);
      gtk_widget_set_margin_start (label, 16);
      gtk_widget_set_margin_end (label, 16);
      gtk_box_append (GTK_BOX (box), label);
    }
  gtk_list_item_set_child (item, box);
}

static void bind_row (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  (void) factory; (void) data;
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *title = gtk_widget_get_first_child (box);
  GtkWidget *subtitle = gtk_widget_get_next_sibling (title);
  gpointer object = gtk_list_item_get_item (item);
  if (BENCH_IS_ROW (object))
    {
      char text[160];
      gint64 id = BENCH_ROW (object)->id;
      snprintf (text, sizeof text, "Row #%" G_GINT64_FORMAT, id);
      gtk_label_set_text (GTK_LABEL (title), text);
      sentence_for (id, text, sizeof text);
      gtk_label_set_text (GTK_LABEL (subtitle), text);
    }
  else
    {
      const char *text = gtk_string_object_get_string (GTK_STRING_OBJECT (object));
      const char *newline = strchr (text, '\n');
      if (newline)
        {
          char head[64];
          size_t n = MIN ((size_t) (newline - text), sizeof head - 1);
          memcpy (head, text, n);
          head[n] = 0;
          gtk_label_set_text (GTK_LABEL (title), head);
          gtk_label_set_text (GTK_LABEL (subtitle), newline + 1);
        }
      else
        {
          gtk_label_set_text (GTK_LABEL (title), text);
          gtk_label_set_text (GTK_LABEL (subtitle), "");
        }
    }
}

static void add_row_css (void)
{
  GtkCssProvider *css = gtk_css_provider_new ();
  const char *rows = "listview > row { padding: 0; margin: 0; min-height: 0; border: none; }";
#if GTK_CHECK_VERSION (4, 12, 0)
  gtk_css_provider_load_from_string (css, rows);
#else
  gtk_css_provider_load_from_data (css, rows, -1);
#endif
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_unref (css);
}

// ---------------------------------------------------------------------------------------------
// Frame timing: the paint cycle, before-paint start to after-paint end

typedef struct {
  gint64 cycle_start_ns, layout_end_ns, paint_end_ns;
  gboolean painted;          // the paint phase ran in this cycle
  guint frames_painted;      // cycles whose paint phase ran
  gboolean recording;
  double *recorded;          // ms per recorded cycle
  double *split[3];          // per recorded cycle: before-paint..layout end, paint, after-paint (ms)
  guint n_recorded, cap_recorded;
  double last_frame_ms;
  gint64 first_frame_end_us; // g_get_monotonic_time at the end of the first cycle showing the list
  double first_cycle_ms;     // that cycle's own length
  GtkWidget *list;           // NULL for the baseline: any painted cycle counts
} Timer;

static gint64 now_ns (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return (gint64) t.tv_sec * 1000000000 + t.tv_nsec;
}

static void on_before_paint (GdkFrameClock *clock, Timer *timer)
{
  (void) clock;
  timer->cycle_start_ns = now_ns ();
  timer->layout_end_ns = timer->paint_end_ns = timer->cycle_start_ns;
  timer->painted = FALSE;
}

static void on_layout (GdkFrameClock *clock, Timer *timer)
{
  (void) clock;
  timer->layout_end_ns = now_ns ();
}

static void on_paint (GdkFrameClock *clock, Timer *timer)
{
  (void) clock;
  timer->painted = TRUE;
  timer->paint_end_ns = now_ns ();
}

static void on_after_paint (GdkFrameClock *clock, Timer *timer)
{
  (void) clock;
  if (!timer->painted || timer->cycle_start_ns == 0)
    return;
  gint64 end = now_ns (), start = timer->cycle_start_ns;
  double ms = (double) (end - start) / 1e6;
  gint64 layout_end = MAX (timer->layout_end_ns, start);
  gint64 paint_end = MAX (timer->paint_end_ns, layout_end);
  timer->cycle_start_ns = 0;
  if (timer->first_frame_end_us == 0)
    {
      if (timer->list && !(gtk_widget_get_mapped (timer->list) && gtk_widget_get_height (timer->list) > 0))
        return;
      timer->first_frame_end_us = g_get_monotonic_time ();
      timer->first_cycle_ms = ms;
    }
  timer->frames_painted++;
  timer->last_frame_ms = ms;
  if (timer->recording)
    {
      if (timer->n_recorded == timer->cap_recorded)
        {
          timer->cap_recorded = timer->cap_recorded ? timer->cap_recorded * 2 : 256;
          timer->recorded = g_renew (double, timer->recorded, timer->cap_recorded);
          for (int i = 0; i < 3; i++)
            timer->split[i] = g_renew (double, timer->split[i], timer->cap_recorded);
        }
      timer->split[0][timer->n_recorded] = (double) (layout_end - start) / 1e6;
      timer->split[1][timer->n_recorded] = (double) (paint_end - layout_end) / 1e6;
      timer->split[2][timer->n_recorded] = (double) (end - paint_end) / 1e6;
      timer->recorded[timer->n_recorded++] = ms;
    }
}

static void follow_frames (GtkWidget *window, Timer *timer)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  g_signal_connect (clock, "before-paint", G_CALLBACK (on_before_paint), timer);
  g_signal_connect_after (clock, "layout", G_CALLBACK (on_layout), timer);
  g_signal_connect_after (clock, "paint", G_CALLBACK (on_paint), timer);
  g_signal_connect_after (clock, "after-paint", G_CALLBACK (on_after_paint), timer);
}

// ---------------------------------------------------------------------------------------------
// Main loop helpers

static gboolean wake_up (gpointer data) { (void) data; return G_SOURCE_CONTINUE; }

typedef gboolean (*Condition) (Timer *timer, guint arg);

static gboolean run_until (Condition condition, Timer *timer, guint arg, double timeout_s)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) (timeout_s * 1e6);
  guint source = g_timeout_add (10, wake_up, NULL);
  gboolean ok = TRUE;
  while (!condition (timer, arg))
    {
      if (g_get_monotonic_time () >= deadline)
        {
          ok = FALSE;
          break;
        }
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (source);
  return ok;
}

static gboolean first_frame_done (Timer *timer, guint arg) { (void) arg; return timer->first_frame_end_us != 0; }
static gboolean painted_since (Timer *timer, guint before) { return timer->frames_painted > before; }
static gboolean never (Timer *timer, guint arg) { (void) timer; (void) arg; return FALSE; }

// Sets the value and waits for the cycle that paints it; FALSE on timeout.
static gboolean show (GtkAdjustment *adjustment, double value, Timer *timer)
{
  if (gtk_adjustment_get_value (adjustment) == value)
    return TRUE;
  guint before = timer->frames_painted;
  gtk_adjustment_set_value (adjustment, value);
  return run_until (painted_since, timer, before, 10);
}

// ---------------------------------------------------------------------------------------------
// Output

static long status_kb (const char *key)
{
  FILE *file = fopen ("/proc/self/status", "r");
  if (!file)
    return 0;
  char line[256];
  long value = 0;
  size_t n = strlen (key);
  while (fgets (line, sizeof line, file))
    if (strncmp (line, key, n) == 0)
      {
        value = strtol (line + n, NULL, 10);
        break;
      }
  fclose (file);
  return value;
}

// A JSON string: quoted, with quotes and backslashes escaped and line breaks made spaces.
static void append_json_string (GString *json, const char *text)
{
  g_string_append_c (json, '"');
  for (const char *c = text; *c; c++)
    {
      if (*c == '"' || *c == '\\')
        g_string_append_c (json, '\\');
      g_string_append_c (json, *c == '\n' ? ' ' : *c);
    }
  g_string_append_c (json, '"');
}

static int fail (const char *message)
{
  GString *json = g_string_new ("{\"error\":");
  append_json_string (json, message);
  g_string_append (json, "}\n");
  fputs (json->str, stdout);
  fflush (stdout);
  return 3;
}

static int compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

// Median and nearest-rank p99, as refresh-bench's Stats computes them.
static void stats (double *values, guint n, double *median, double *p99)
{
  if (n == 0)
    {
      *median = *p99 = -1;
      return;
    }
  qsort (values, n, sizeof *values, compare_doubles);
  *median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  guint rank = (guint) (0.99 * n + 0.999999);
  *p99 = values[MIN (MAX (rank, 1u), n) - 1];
}

static const char *renderer_name (GtkWidget *window)
{
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  return renderer ? G_OBJECT_TYPE_NAME (renderer) : "none";
}

static int open_display (void)
{
  if (gtk_init_check ())
    return 0;
  const char *display = g_getenv ("DISPLAY");
  char message[256];
  snprintf (message, sizeof message, "cannot open the display '%s' with GTK 4", display ? display : "");
  return fail (message);
}

static GtkWidget *new_window (void)
{
  GtkWidget *window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), WINDOW_WIDTH, WINDOW_HEIGHT);
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  return window;
}

// Lets the first frame settle (idle work, a second frame) and reads the resident set.
static long steady_rss_kb (Timer *timer)
{
  run_until (never, timer, 0, 0.2);
  return status_kb ("VmRSS:");
}

// ---------------------------------------------------------------------------------------------
// The measurements

typedef struct {
  Timer *timer;
  GtkWidget *window;
  guint frames;
  gboolean ok;
} Baseline;

static void baseline_first_frame (gpointer data)
{
  Baseline *b = data;
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  gtk_window_set_child (GTK_WINDOW (b->window), scrolled);
  gtk_widget_realize (b->window);
  follow_frames (b->window, b->timer);
  gtk_window_present (GTK_WINDOW (b->window));
  b->ok = run_until (first_frame_done, b->timer, 0, 60);
}

// The whole window redrawn, frame after frame: the floor of a frame in which a list repaints
// its viewport.
static void baseline_frames (gpointer data)
{
  Baseline *b = data;
  for (guint i = 0; i < b->frames && b->ok; i++)
    {
      guint before = b->timer->frames_painted;
      gtk_widget_queue_draw (b->window);
      b->ok = run_until (painted_since, b->timer, before, 10);
    }
}

static int run_baseline (guint frames)
{
  int status = open_display ();
  if (status)
    return status;
  Timer timer = { 0 };
  Baseline b = { &timer, new_window (), frames, FALSE };
  gint64 start = g_get_monotonic_time ();
  run_region (baseline_first_frame, &b);
  if (!b.ok)
    return fail ("no first frame within 60 s");
  double first = (double) (timer.first_frame_end_us - start) / 1000;
  long steady = counted ? -1 : steady_rss_kb (&timer);
  timer.recording = TRUE;
  run_region (baseline_frames, &b);
  timer.recording = FALSE;
  if (!b.ok)
    return fail ("a frame of the empty window was not painted within 10 s");
  double median, p99;
  stats (timer.recorded, timer.n_recorded, &median, &p99);
  printf ("{\"first_frame_ms\":%.4f,\"frame_ms_median\":%.4f,\"frame_ms_p99\":%.4f,\"frames\":%u,"
          "\"steady_rss_kb\":%ld,\"vmhwm_kb\":%ld,\"renderer\":\"%s\"}\n",
          first, median, p99, timer.n_recorded, steady, status_kb ("VmHWM:"), renderer_name (b.window));
  fflush (stdout);
  _exit (0);
}

// Seconds to keep the window open after the measurement (REFRESH_BENCH_HOLD, for looking at
// it with a screenshot tool: the rows deep in the list, after the jump to the end).
static double hold_seconds (void)
{
  const char *text = g_getenv ("REFRESH_BENCH_HOLD");
  return text ? g_ascii_strtod (text, NULL) : 0;
}

// What --child measures.
typedef enum { KIND_LISTVIEW, KIND_LISTVIEW_WRAPPED, KIND_STRINGLIST } Kind;

// The name refresh-bench knows the list by (its `--lists` name, the JSON's `list`).
static const char *kind_list_name (Kind kind)
{
  switch (kind)
    {
    case KIND_LISTVIEW: return "gtk4-listview";
    case KIND_LISTVIEW_WRAPPED: return "gtk4-listview-wrapped";
    case KIND_STRINGLIST: return "gtk4-stringlist";
    }
  return "?";
}

typedef struct {
  gboolean on_demand;
  gboolean wrapped;          // the scrolled window goes into a Ptr4RefreshBin, the bin into the window
  guint rows;
  const Strings *strings;
  GtkWidget *window;
  Timer *timer;
  GtkWidget *view;
  GtkWidget *bin;            // the Ptr4RefreshBin when wrapped, else NULL
  gint64 built_at, shown_at;
  gboolean ok;
} Shown;

// Creates the model and the view, shows the window and runs to the end of the first paint
// cycle that shows the list.
static void show_list (gpointer data)
{
  Shown *s = data;
  GListModel *model;
  if (s->on_demand)
    {
      BenchRows *bench_rows = g_object_new (BENCH_TYPE_ROWS, NULL);
      bench_rows->count = s->rows;
      model = G_LIST_MODEL (bench_rows);
    }
  else
    {
      GtkStringList *list = gtk_string_list_new (NULL);
      const char *text = s->strings->bytes;
      for (guint i = 0; i < s->rows; i++)
        {
          gtk_string_list_append (list, text);
          text += strlen (text) + 1;
        }
      model = G_LIST_MODEL (list);
    }
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), NULL);
  s->view = gtk_list_view_new (GTK_SELECTION_MODEL (gtk_no_selection_new (model)), factory);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), s->view);
  if (s->wrapped)
    {
      // As an app adds pull-to-refresh to the list it has: the bin is made and given the
      // scrolled window (which attaches the Swift side), and packed instead of it. Creating the
      // bin is inside the first frame, as creating RefreshBin is for the wrapped GtkTreeView.
      s->bin = ptr4_refresh_bin_new ();
      ptr4_refresh_bin_set_child (PTR4_REFRESH_BIN (s->bin), scrolled);
      gtk_window_set_child (GTK_WINDOW (s->window), s->bin);
    }
  else
    gtk_window_set_child (GTK_WINDOW (s->window), scrolled);
  s->timer->list = s->view;
  s->built_at = g_get_monotonic_time ();
  gtk_widget_realize (s->window);
  follow_frames (s->window, s->timer);
  gtk_window_present (GTK_WINDOW (s->window));
  s->shown_at = g_get_monotonic_time ();
  s->ok = run_until (first_frame_done, s->timer, 0, 600);
}

typedef struct {
  GtkAdjustment *adjustment;
  Timer *timer;
  double value, step, max_value;
  guint frames;
  gboolean ok;
} Scroll;

static void scroll_frames (gpointer data)
{
  Scroll *s = data;
  for (guint i = 0; i < s->frames && s->ok; i++)
    {
      s->value += s->step;
      // A list shorter than the scroll wraps around (a repeated value would not paint).
      if (s->value > s->max_value)
        s->value -= s->max_value;
      s->ok = show (s->adjustment, s->value, s->timer);
    }
}

// --counted: `frames` frames of a third of a page that end at the list's end, in a counted
// region (the jump to the first one outside it). Rows are numbered from the end, so every row
// count scrolls past the same rows, as refresh-bench's GTK 3 children do.
static int run_counted_scroll (GtkWidget *view, GtkWidget *window, Timer *timer, Kind kind, guint rows, guint frames)
{
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));
  double page = gtk_adjustment_get_page_size (adjustment);
  double upper = gtk_adjustment_get_upper (adjustment);
  double max_value = MAX (0, upper - page);
  Scroll scroll = { adjustment, timer, round (MAX (0, max_value - frames * round (page / 3))), MAX (1, round (page / 3)),
                    max_value, frames, TRUE };
  if (max_value > scroll.step)
    {
      if (!show (adjustment, scroll.value, timer))
        return fail ("a scrolled frame was not painted within 10 s");
      run_region (scroll_frames, &scroll);
      if (!scroll.ok)
        return fail ("a scrolled frame was not painted within 10 s");
    }
  printf ("{\"rows\":%u,\"list\":\"%s\",\"frames\":%u,\"row_px\":%.2f,\"renderer\":\"%s\"}\n", rows, kind_list_name (kind),
          frames, rows ? upper / rows : 0, renderer_name (window));
  fflush (stdout);
  _exit (0);
}

static int run_list (Kind kind, guint rows, guint frames)
{
  gboolean on_demand = kind != KIND_STRINGLIST;
  int status = open_display ();
  if (status)
    return status;
  add_row_css ();

  // The data exists before the clock starts, as for every list: the stringlist variant gets
  // every string in one buffer; the on-demand model needs nothing.
  Strings strings = { NULL, 0 };
  if (!on_demand)
    {
      strings = strings_new (rows);
      if (!strings.bytes)
        return fail ("out of memory for the pre-generated strings");
    }
  GtkWidget *window = new_window ();
  Timer timer = { 0 };

  // First frame: creating the model (filling the GtkStringList), the view, up to the end of
  // the first paint cycle that shows the list.
  Shown shown = { on_demand, kind == KIND_LISTVIEW_WRAPPED, rows, &strings, window, &timer, NULL, NULL, 0, 0, FALSE };
  gint64 start = g_get_monotonic_time ();
  run_region (show_list, &shown);
  if (!shown.ok)
    return fail ("no first frame within 600 s");
  GtkWidget *view = shown.view;
  gint64 built_at = shown.built_at, shown_at = shown.shown_at;
  if (counted)
    return run_counted_scroll (view, window, &timer, kind, rows, frames);
  double first = (double) (timer.first_frame_end_us - start) / 1000;
  // Where the first frame went: building the model and view, realizing and presenting the
  // window, the rest up to the end of the first paint cycle (as refresh-bench's GTK 3 child).
  char first_split[64];
  snprintf (first_split, sizeof first_split, "%.2f/%.2f/%.2f (cycle %.2f)", (built_at - start) / 1000.0,
            (shown_at - built_at) / 1000.0, (timer.first_frame_end_us - shown_at) / 1000.0, timer.first_cycle_ms);
  long steady = steady_rss_kb (&timer);

  // Steady scrolling: a third of a page per frame, `frames` frames in 4 runs (top, 1/3, 2/3,
  // end); each run's jump to its start is not recorded. Then two jumps deep into the list.
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));
  double page = gtk_adjustment_get_page_size (adjustment);
  double upper = gtk_adjustment_get_upper (adjustment);
  double max_value = MAX (0, upper - page);
  double step = MAX (1, round (page / 3));
  double jump_mid = -1, jump_end = -1;
  if (max_value > step)
    {
      guint per_segment = (frames + SEGMENTS - 1) / SEGMENTS, remaining = frames;
      for (int segment = 0; segment < SEGMENTS; segment++)
        {
          guint count = MIN (per_segment, remaining);
          remaining -= count;
          double span = count * step;
          double value = round (MIN (max_value * segment / (SEGMENTS - 1), MAX (0, max_value - span)));
          timer.recording = FALSE;
          if (!show (adjustment, value, &timer))
            return fail ("a scrolled frame was not painted within 10 s");
          timer.recording = TRUE;
          for (guint i = 0; i < count; i++)
            {
              value += step;
              if (value > max_value)
                value -= max_value;
              if (!show (adjustment, value, &timer))
                return fail ("a scrolled frame was not painted within 10 s");
            }
        }
      timer.recording = FALSE;
      // The jumps start from the top, as a scrollbar drag or Ctrl+End would.
      if (!show (adjustment, 0, &timer) || !show (adjustment, round (max_value / 2), &timer))
        return fail ("the jump to the middle was not painted within 10 s");
      jump_mid = timer.last_frame_ms;
      if (!show (adjustment, max_value, &timer))
        return fail ("the jump to the end was not painted within 10 s");
      jump_end = timer.last_frame_ms;
    }
  double median, p99, split[3], unused;
  guint n = timer.n_recorded;
  stats (timer.recorded, n, &median, &p99);
  for (int i = 0; i < 3; i++)
    stats (timer.split[i], n, &split[i], &unused);
  printf ("{\"rows\":%u,\"list\":\"%s\",\"data\":\"%s\",\"first_frame_ms\":%.4f,\"first_split_ms\":\"%s\",\"frame_ms_median\":%.4f,"
          "\"frame_ms_p99\":%.4f,\"cycle_split_ms\":\"%.3f/%.3f/%.3f\",\"frames\":%u,\"jump_mid_ms\":%.4f,\"jump_end_ms\":%.4f,\"row_px\":%.2f,"
          "\"data_bytes\":%zu,\"steady_rss_kb\":%ld,\"vmhwm_kb\":%ld,\"renderer\":\"%s\"}\n",
          rows, kind_list_name (kind), on_demand ? "computed" : "strings", first, first_split, median,
          p99, split[0], split[1], split[2], n, jump_mid, jump_end, rows ? upper / rows : 0, strings.used, steady, status_kb ("VmHWM:"),
          renderer_name (window));
  fflush (stdout);
  if (hold_seconds () > 0)
    run_until (never, &timer, 0, hold_seconds ());
  // Straight out: tearing down a 10,000,000-item model measures nothing.
  _exit (0);
}

// ---------------------------------------------------------------------------------------------
// Motion: a whole pull-to-refresh cycle on the wrapped GtkListView (--motion refresh-cycle)
//
// The cycle of refresh-bench's GTK 3 motion run (MotionRun.swift): press, drag down 8 px every
// 8 ms (a 125 Hz mouse) to 320 px, hold 0.1 s, release; the bin refreshes, the "app" answers
// `refresh` with ptr4_refresh_bin_end_refreshing 0.5 s later, and the header collapses to rest.
// GTK 4 has no public way to make a GdkEvent (docs/gtk4-notes.md, "Synthesising input for tests"),
// so the drag is the bin's own capture-phase GtkGestureDrag emitting drag-begin, drag-update and
// drag-end, which runs the bin's handlers (the engine's press, move and release) exactly as a
// recognized mouse drag does; what GDK and the gesture machinery do to deliver a real drag is not
// in it.
//
// A frame is a frame-clock cycle whose paint phase ran (the window was redrawn); its interval
// is the difference of two such frames' frame times, and over 1.5 x 16.7 ms it is a missed
// frame at 60 Hz, as on GTK 3. Each missed frame is described: what the main loop did before it
// (wall time, this process's CPU time, the main thread's run-queue wait from
// /proc/thread-self/schedstat), input and notes, the header's state, the cycle's phases.

enum { DRAG_X = 400, DRAG_TOP = 40, DRAG_DISTANCE = 320, DRAG_STEP = 8, DRAG_EVERY_MS = 8, HOLD_TICKS = 12,
       ANSWER_AFTER_MS = 500 };

typedef struct {
  gint64 frame_time_us;
  gint64 start_ns, layout_end_ns, paint_end_ns, end_ns;
  gint64 gap_ns, gap_cpu_ns, gap_runqueue_ns;
  guint idle_cycles, inputs;
  Ptr4HeaderState state;
  char *notes;               // owned; NULL when none
} MotionFrame;

typedef struct {
  GdkFrameClock *clock;
  Ptr4RefreshBin *bin;
  GtkWidget *child;
  GtkGesture *drag;
  GArray *frames;            // MotionFrame, while recording
  gboolean recording, painted;
  guint frames_drawn, idle_cycles, pending_inputs, inputs_total, tick;
  MotionFrame current;
  gint64 previous_end_ns, previous_cpu_ns, previous_runqueue_ns;
  GString *pending_notes;
  gboolean refreshed, answered;
} Motion;

static gint64 cpu_ns (void)
{
  struct timespec t;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &t);
  return (gint64) t.tv_sec * 1000000000 + t.tv_nsec;
}

// The main thread's time runnable but waiting for a core, in ns (schedstat's second field).
static gint64 runqueue_ns (void)
{
  FILE *file = fopen ("/proc/thread-self/schedstat", "r");
  if (!file)
    return 0;
  long long running = 0, waiting = 0;
  if (fscanf (file, "%lld %lld", &running, &waiting) != 2)
    waiting = 0;
  fclose (file);
  return waiting;
}

static void motion_note (Motion *m, const char *text)
{
  if (m->pending_notes->len)
    g_string_append (m->pending_notes, ", ");
  g_string_append (m->pending_notes, text);
}

static const char *header_state_nick (Ptr4HeaderState state)
{
  GEnumClass *klass = g_type_class_ref (PTR4_TYPE_HEADER_STATE);
  GEnumValue *value = g_enum_get_value (klass, state);
  const char *nick = value ? value->value_nick : "?";
  g_type_class_unref (klass);
  return nick;
}

static void motion_before_paint (GdkFrameClock *clock, Motion *m)
{
  gint64 now = now_ns (), cpu = cpu_ns (), runqueue = runqueue_ns ();
  MotionFrame frame = {
    .frame_time_us = gdk_frame_clock_get_frame_time (clock),
    .start_ns = now, .layout_end_ns = now, .paint_end_ns = now, .end_ns = now,
    .gap_ns = m->previous_end_ns ? now - m->previous_end_ns : 0,
    .gap_cpu_ns = m->previous_end_ns ? cpu - m->previous_cpu_ns : 0,
    .gap_runqueue_ns = m->previous_end_ns ? runqueue - m->previous_runqueue_ns : 0,
  };
  m->current = frame;
  m->painted = FALSE;
}

static void motion_layout (GdkFrameClock *clock, Motion *m) { (void) clock; m->current.layout_end_ns = now_ns (); }

static void motion_paint (GdkFrameClock *clock, Motion *m)
{
  (void) clock;
  m->painted = TRUE;
  m->current.paint_end_ns = now_ns ();
}

static void motion_after_paint (GdkFrameClock *clock, Motion *m)
{
  (void) clock;
  gint64 now = now_ns ();
  m->previous_end_ns = now;
  m->previous_cpu_ns = cpu_ns ();
  m->previous_runqueue_ns = runqueue_ns ();
  if (!m->painted || m->current.start_ns == 0)
    {
      m->idle_cycles++;
      return;
    }
  m->frames_drawn++;
  MotionFrame frame = m->current;
  frame.idle_cycles = m->idle_cycles;
  m->idle_cycles = 0;
  if (!m->recording)
    return;
  // Phases that did not run end where the previous one ended.
  frame.end_ns = now;
  frame.layout_end_ns = MAX (frame.layout_end_ns, frame.start_ns);
  frame.paint_end_ns = MAX (frame.paint_end_ns, frame.layout_end_ns);
  frame.inputs = m->pending_inputs;
  frame.state = ptr4_refresh_bin_get_header_state (m->bin);
  frame.notes = m->pending_notes->len ? g_strdup (m->pending_notes->str) : NULL;
  m->pending_inputs = 0;
  g_string_truncate (m->pending_notes, 0);
  g_array_append_val (m->frames, frame);
}

static gboolean answer_refresh (gpointer data)
{
  Motion *m = data;
  motion_note (m, "end_refreshing");
  ptr4_refresh_bin_end_refreshing (m->bin, TRUE, 0);
  m->answered = TRUE;
  return G_SOURCE_REMOVE;
}

// The app's `refresh` handler: it answers after ANSWER_AFTER_MS.
static void on_motion_refresh (Ptr4RefreshBin *bin, Motion *m)
{
  (void) bin;
  m->refreshed = TRUE;
  motion_note (m, "refresh began (refresh signal)");
  g_timeout_add (ANSWER_AFTER_MS, answer_refresh, m);
}

// One step of the drag, every DRAG_EVERY_MS: down DRAG_STEP px at a time, held still
// HOLD_TICKS steps (about 0.1 s), then released.
static gboolean drive_drag (gpointer data)
{
  Motion *m = data;
  m->tick++;
  guint steps = DRAG_DISTANCE / DRAG_STEP;
  if (m->tick <= steps)
    {
      g_signal_emit_by_name (m->drag, "drag-update", 0.0, (double) (m->tick * DRAG_STEP));
      m->pending_inputs++;
      m->inputs_total++;
      return G_SOURCE_CONTINUE;
    }
  if (m->tick < steps + HOLD_TICKS)
    return G_SOURCE_CONTINUE;
  g_signal_emit_by_name (m->drag, "drag-end", 0.0, (double) DRAG_DISTANCE);
  m->pending_inputs++;
  m->inputs_total++;
  char note[64];
  snprintf (note, sizeof note, "released (%s)", header_state_nick (ptr4_refresh_bin_get_header_state (m->bin)));
  motion_note (m, note);
  return G_SOURCE_REMOVE;
}

// The child's vertical offset in the bin: how far the pull still moves the rows.
static double child_offset (Motion *m)
{
  graphene_point_t origin = GRAPHENE_POINT_INIT (0, 0), in_bin;
  if (!gtk_widget_compute_point (m->child, GTK_WIDGET (m->bin), &origin, &in_bin))
    return 0;
  return in_bin.y;
}

static gboolean cycle_done (Motion *m)
{
  return m->refreshed && m->answered && ptr4_refresh_bin_get_header_state (m->bin) == PTR4_HEADER_STATE_IDLE
         && fabs (child_offset (m)) < 0.5;
}

// Runs the main loop until `done` or the timeout; FALSE on timeout.
static gboolean run_motion_until (gboolean (*done) (Motion *), Motion *m, double timeout_s)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) (timeout_s * 1e6);
  guint source = g_timeout_add (10, wake_up, NULL);
  gboolean ok = TRUE;
  while (!done (m))
    {
      if (g_get_monotonic_time () >= deadline)
        {
          ok = FALSE;
          break;
        }
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (source);
  return ok;
}

static guint drawn_mark;
static gboolean drawn_since_mark (Motion *m) { return m->frames_drawn > drawn_mark; }

static int run_motion (guint rows, Ptr4HeaderStyle style, const char *style_name)
{
  int status = open_display ();
  if (status)
    return status;
  add_row_css ();
  GtkWidget *window = new_window ();
  Timer timer = { 0 };
  Shown shown = { TRUE, TRUE, rows, NULL, window, &timer, NULL, NULL, 0, 0, FALSE };
  show_list (&shown);
  if (!shown.ok)
    return fail ("no first frame within 600 s");
  Motion m = { 0 };
  m.bin = PTR4_REFRESH_BIN (shown.bin);
  m.child = ptr4_refresh_bin_get_child (m.bin);
  m.frames = g_array_new (FALSE, TRUE, sizeof (MotionFrame));
  m.pending_notes = g_string_new (NULL);
  ptr4_refresh_bin_set_header_style (m.bin, style);
  GListModel *controllers = gtk_widget_observe_controllers (shown.bin);
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !m.drag; i++)
    {
      GtkEventController *controller = g_list_model_get_item (controllers, i);
      if (GTK_IS_GESTURE_DRAG (controller))
        m.drag = GTK_GESTURE (controller);
      g_object_unref (controller);
    }
  g_object_unref (controllers);
  if (!m.drag)
    return fail ("the bin has no GtkGestureDrag");
  g_signal_connect (m.bin, "refresh", G_CALLBACK (on_motion_refresh), &m);
  m.clock = gtk_widget_get_frame_clock (window);
  g_signal_connect (m.clock, "before-paint", G_CALLBACK (motion_before_paint), &m);
  g_signal_connect_after (m.clock, "layout", G_CALLBACK (motion_layout), &m);
  g_signal_connect_after (m.clock, "paint", G_CALLBACK (motion_paint), &m);
  g_signal_connect_after (m.clock, "after-paint", G_CALLBACK (motion_after_paint), &m);
  // Fonts, caches and idle work settle before the clock, as on GTK 3.
  run_until (never, &timer, 0, 0.5);

  m.recording = TRUE;
  g_signal_emit_by_name (m.drag, "drag-begin", (double) DRAG_X, (double) DRAG_TOP);
  m.pending_inputs++;
  m.inputs_total++;
  guint driver = g_timeout_add (DRAG_EVERY_MS, drive_drag, &m);
  gboolean finished = run_motion_until (cycle_done, &m, 20);
  if (!finished)
    {
      g_source_remove (driver);
      return fail ("the refresh-cycle scenario did not finish within 20 s");
    }
  // The frame that shows the list at rest is part of the cycle.
  drawn_mark = m.frames_drawn;
  run_motion_until (drawn_since_mark, &m, 0.1);
  m.recording = FALSE;

  guint n = m.frames->len;
  MotionFrame *frames = (MotionFrame *) m.frames->data;
  double *intervals = g_new0 (double, MAX (n, 1)), *paints = g_new0 (double, MAX (n, 1));
  guint missed = 0;
  double max_interval = 0, max_paint = 0;
  GString *details = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    {
      paints[i] = (double) (frames[i].end_ns - frames[i].start_ns) / 1e6;
      max_paint = MAX (max_paint, paints[i]);
      if (i == 0)
        continue;
      double interval = (double) (frames[i].frame_time_us - frames[i - 1].frame_time_us) / 1000;
      intervals[i - 1] = interval;
      max_interval = MAX (max_interval, interval);
      if (interval <= 1.5 * 1000.0 / 60)
        continue;
      missed++;
      MotionFrame *f = &frames[i];
      if (details->len)
        g_string_append (details, " | ");
      g_string_append_printf (details, "frame %u at +%.1f ms (header %s): interval %.1f ms; ", i,
                              (double) (f->frame_time_us - frames[0].frame_time_us) / 1000, header_state_nick (f->state),
                              interval);
      if (f->idle_cycles)
        g_string_append_printf (details, "%u frame-clock cycle(s) in between painted nothing; ", f->idle_cycles);
      // The previous frame's cycle is in the interval too: a long one delays this frame.
      g_string_append_printf (details, "previous frame's cycle %.2f ms; main loop before it %.1f ms wall, %.1f ms CPU, "
                              "%.1f ms waiting for a core (%u input events%s%s); layout %.2f ms, paint %.2f ms, after-paint %.2f ms",
                              (frames[i - 1].end_ns - frames[i - 1].start_ns) / 1e6, f->gap_ns / 1e6, f->gap_cpu_ns / 1e6,
                              f->gap_runqueue_ns / 1e6, f->inputs, f->notes ? ", " : "", f->notes ? f->notes : "",
                              (f->layout_end_ns - f->start_ns) / 1e6, (f->paint_end_ns - f->layout_end_ns) / 1e6,
                              (f->end_ns - f->paint_end_ns) / 1e6);
    }
  double p50 = -1, p99 = -1, paint_median = -1, unused;
  if (n > 1)
    stats (intervals, n - 1, &p50, &p99);
  stats (paints, n, &paint_median, &unused);
  double duration = n > 1 ? (double) (frames[n - 1].frame_time_us - frames[0].frame_time_us) / 1000 : 0;
  GString *json = g_string_new (NULL);
  g_string_append_printf (json, "{\"scenario\":\"refresh-cycle\",\"list\":\"%s\",\"style\":\"%s\",\"frames\":%u,\"missed\":%u,",
                          kind_list_name (KIND_LISTVIEW_WRAPPED), style_name, n, missed);
  if (n > 1)
    g_string_append_printf (json, "\"p50_interval_ms\":%.4f,\"p99_interval_ms\":%.4f,\"max_interval_ms\":%.4f,", p50, p99,
                            max_interval);
  if (n > 0)
    g_string_append_printf (json, "\"paint_ms_median\":%.4f,\"paint_ms_max\":%.4f,", paint_median, max_paint);
  g_string_append_printf (json, "\"duration_ms\":%.1f,\"input_events\":%u,\"renderer\":\"%s\",\"missed_detail\":", duration,
                          m.inputs_total, renderer_name (window));
  append_json_string (json, details->str);
  g_string_append (json, "}\n");
  fputs (json->str, stdout);
  fflush (stdout);
  _exit (0);
}

static int usage (void)
{
  fputs ("usage: refresh-bench-gtk4 --child listview|listview-wrapped|stringlist ROWS [--frames N] [--counted]\n"
         "       refresh-bench-gtk4 --baseline [--frames N] [--counted]\n"
         "       refresh-bench-gtk4 --motion refresh-cycle ROWS [--style jike|classic|plain]\n"
         "The GTK 4 peer of refresh-bench, which runs it; prints one JSON line.\n", stderr);
  return 2;
}

// A whole number in [min, max], or -1.
static long long parse_count (const char *text, long long min, long long max)
{
  if (!text || !*text)
    return -1;
  char *end;
  errno = 0;
  long long value = strtoll (text, &end, 10);
  if (*end || errno || value < min || value > max || !g_ascii_isdigit (text[0]))
    return -1;
  return value;
}

int main (int argc, char **argv)
{
  // --baseline, --child KIND ROWS or --motion SCENARIO ROWS, then options in any order.
  int i = 1;
  gboolean baseline = FALSE, motion = FALSE;
  Kind kind = KIND_LISTVIEW;
  Ptr4HeaderStyle style = PTR4_HEADER_STYLE_JIKE;
  const char *style_name = "jike";
  long long rows = 0, frames = 240;
  if (argc >= 2 && strcmp (argv[1], "--baseline") == 0)
    {
      baseline = TRUE;
      i = 2;
    }
  else if (argc >= 4 && strcmp (argv[1], "--child") == 0)
    {
      if (strcmp (argv[2], "listview") == 0)
        kind = KIND_LISTVIEW;
      else if (strcmp (argv[2], "listview-wrapped") == 0)
        kind = KIND_LISTVIEW_WRAPPED;
      else if (strcmp (argv[2], "stringlist") == 0)
        kind = KIND_STRINGLIST;
      else
        return usage ();
      rows = parse_count (argv[3], 1, G_MAXUINT);
      if (rows < 0)
        return usage ();
      i = 4;
    }
  else if (argc >= 4 && strcmp (argv[1], "--motion") == 0 && strcmp (argv[2], "refresh-cycle") == 0)
    {
      motion = TRUE;
      rows = parse_count (argv[3], 1, G_MAXUINT);
      if (rows < 0)
        return usage ();
      i = 4;
    }
  else
    return usage ();
  for (; i < argc; i++)
    {
      if (strcmp (argv[i], "--counted") == 0 && !motion)
        counted = TRUE;
      else if (strcmp (argv[i], "--frames") == 0 && i + 1 < argc && !motion)
        {
          frames = parse_count (argv[++i], 8, 1000000);
          if (frames < 0)
            return usage ();
        }
      else if (strcmp (argv[i], "--style") == 0 && i + 1 < argc && motion)
        {
          style_name = argv[++i];
          if (strcmp (style_name, "jike") == 0)
            style = PTR4_HEADER_STYLE_JIKE;
          else if (strcmp (style_name, "classic") == 0)
            style = PTR4_HEADER_STYLE_CLASSIC;
          else if (strcmp (style_name, "plain") == 0)
            style = PTR4_HEADER_STYLE_PLAIN;
          else
            return usage ();
        }
      else
        return usage ();
    }
  if (motion)
    return run_motion ((guint) rows, style, style_name);
  return baseline ? run_baseline ((guint) frames) : run_list (kind, (guint) rows, (guint) frames);
}
