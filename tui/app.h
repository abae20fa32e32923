/* app.h: the viewer's state, shared by the frame and view table (app.c),
 * key handling (keys.c), the loop and loading (run.c) and the views
 * (view_*.c).  Views keep ids and indices into the model, never pointers
 * into it, and draw only what fits on the screen.
 *
 * Screen layout, top to bottom: header (1 row), the current view's body,
 * the status line (1 row).  Views push onto a stack: Enter opens, Esc goes
 * back; 1/2/3 start a fresh stack at a main view.
 */
#ifndef GT_TUI_APP_H
#define GT_TUI_APP_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "keymaps/action.h"
#include "keymaps/config.h"
#include "model/model.h"
#include "tui/gc_figures.h"
#include "tui/goroutine_index.h"
#include "tui/goroutine_window.h"
#include "tui/mbuild.h"
#include "tui/range_stats.h"
#include "tui/search_find.h"
#include "tui/term.h"

/* What an action asks the main loop to do (htop's Htop_Reaction).  Any
 * redraw flag draws the whole frame (cheap: bounded by the screen), and
 * curses sends only what changed; TUI_REDRAW_ALL also repaints the
 * terminal from scratch (after a resize, resume or <C-l>). */
enum {
	TUI_REDRAW_STATUS = 1 << 0,
	TUI_REDRAW_BODY = 1 << 1,
	TUI_REDRAW_ALL = 1 << 2, /* clear and repaint everything */
	TUI_QUIT = 1 << 3,
	TUI_UNHANDLED = 1 << 4,  /* the view had no use for the action */
	TUI_SUSPEND = 1 << 5,
};
#define TUI_REDRAW (TUI_REDRAW_STATUS | TUI_REDRAW_BODY)

enum tui_view_id {
	TUI_V_TIMELINE, TUI_V_GOROUTINES, TUI_V_GC, TUI_V_GOROUTINE,
	TUI_V_INSPECTOR, TUI_V_SEARCH, TUI_V_HELP, TUI_V_REGIONS, TUI_V_PROFILE, TUI_V__COUNT
};

/* The thing the inspector shows. */
enum tui_sel_kind {
	TUI_SEL_NONE, TUI_SEL_GOROUTINE, TUI_SEL_GSPAN, TUI_SEL_PSPAN,
	TUI_SEL_RANGE, TUI_SEL_GROUP, TUI_SEL_REF,
	TUI_SEL_WINDOW          /* a time range's statistics: [start, end) */
};
struct tui_sel {
	enum tui_sel_kind kind;
	uint32_t g;             /* goroutine index (GOROUTINE, GSPAN, PSPAN) */
	uint32_t p;             /* P index (PSPAN) */
	int64_t pid;            /* Go P id (GSPAN); GT_NONE */
	int64_t start, end;     /* span or range times */
	uint8_t state;          /* GSPAN: the state entered */
	int from;               /* GSPAN: the state left; -1 unknown */
	gt_str reason;          /* GSPAN, GROUP */
	gt_stack stack;         /* GSPAN, GROUP */
	uint32_t count;         /* GROUP: goroutines in it */
	enum gt_range_set set;  /* RANGE */
	size_t index;           /* RANGE: index in its set; REF: ref index;
	                           GROUP: index in gt_model_blocked's groups */
	struct gt_ref ref;      /* REF */
	gt_str match;           /* a string to find in the stacks (search) */
	uint8_t on_m;           /* PSPAN, GSPAN from a thread's lane: it ran on
	                           thread mid (else the one holding its P) */
	int64_t mid;            /* Go M id (with on_m) */
};

/* Timeline lanes below the P lanes. */
enum tui_lane {
	TUI_LANE_GC, TUI_LANE_STW, TUI_LANE_ASSIST, TUI_LANE_HEAP,
	TUI_LANE_GOAL, TUI_LANE_RUNNING, TUI_LANE_RUNNABLE, TUI_LANE_WAITING,
	TUI_LANE__COUNT
};

struct tui_timeline {
	int64_t t0, t1;         /* window [t0, t1) */
	int64_t cursor;         /* cursor time */
	int cursor_set;         /* the user placed it (goroutine states at it) */
	int lane;               /* selected lane: P (or M) lane, or ntop + tui_lane */
	int top;                /* first P (or M) lane shown */
	int threads;            /* the top lanes are threads (Ms), not Ps
	                           (their runs built in the background:
	                           tui_app.mbuild) */
	uint32_t *morder;       /* M indices sorted by M id: lane -> M index */
	uint64_t heap_max;      /* largest heap or goal value: bar scale */
	uint32_t *porder;       /* P indices sorted by P id: lane -> P index */
	int preview_focus;      /* keys scroll the rows below the lanes */
	int following;          /* follow is set: its P cells are highlighted */
	uint32_t follow;        /* goroutine index */
	uint32_t pins[8];       /* goroutine lanes pinned (indices) */
	int npins;
	int gtop;               /* first goroutine lane shown */
};

/* The goroutine list (goroutine_rows.c builds its rows, view_goroutines.c
 * draws them).  A row is a goroutine index, or, with TUI_GROW_GROUP set,
 * the header of group (row & ~TUI_GROW_GROUP).  Rows are found as far as
 * the screen needs them: with no filter row i is the sort order's place i;
 * with one, the order is read on from scan, keeping what the filters
 * keep (goroutine_index.h decides them per signature). */
#define TUI_GROW_GROUP (1u << 31)
struct tui_ggroup {        /* a group of the model's, as filtered */
	struct gt_bgroup mg;    /* blocked: the model's group (gt_model_blocked;
	                           its count: all of it) */
	size_t index;           /* its index in the model's order (blocked, or
	                           by start function: gt_model_groups_by_func) */
	uint32_t count;         /* goroutines the filters keep */
};

struct tui_goroutines {
	struct tui_gindex ix;
	struct tui_gwin *win;   /* the rows over the marked range, being built
	                           or built (goroutine_window.h); NULL: none */
	int windowed;           /* the rows are win's */
	enum tui_gcol sort; int desc;
	int state_filter;       /* -1 all, else enum gt_gostate */
	int blocked;            /* only goroutines blocked at the end, grouped */
	int by_func;            /* groups by start function (their rows only) */
	int func_on;            /* only the goroutines of one start function */
	gt_str func;            /* func_on: that function */
	char text[128];         /* text filter */
	/* the rows */
	uint8_t *spass;         /* per signature: 0 dropped, 1 kept, 2 kept if
	                           the goroutine's id matches the text */
	size_t nrows;
	int all;                /* row i is the order's place i */
	uint32_t *rows; size_t nmat, cap; /* the rows found so far */
	size_t scan;            /* next place of the order to read */
	int complete;           /* rows[0..nrows) are all found */
	char done_text[128];    /* the text of complete rows (for narrowing) */
	int narrow_ok;          /* only the text changed since (0: rows anew) */
	uint32_t keep_g;        /* selected before the change; UINT32_MAX none */
	struct tui_ggroup *groups; size_t ngroups;
	size_t sel, top;
	int pane;               /* 0 list, 1 stack preview */
	size_t preview_top;
	int from_groups;        /* func_on came from by_func's Enter (Esc goes back) */
	int dirty;              /* rows must be rebuilt */
	/* before the index has what the rows ask (goroutine_rows.c) */
	enum tui_gcol osort; int odesc; /* the order the rows follow: the
	                           sort's, or the id order until it is built */
	int raw;                /* no signatures yet: row i is goroutine i */
	int pending;            /* rebuild when the index has more */
	int counting;           /* a text asking ids: rows found so far, the
	                           rest found between keys */
	int to_end;             /* G while counting: on the last row found */
	int wait_index;         /* rebuilds wait for what they ask (scripts,
	                           for dumps that do not depend on timing,
	                           until :early-keys) */
};

/* One interval of the goroutine view: a struct gt_gspan in 32 bytes
 * instead of 40 (the view keeps every interval of the goroutine: 420 k
 * on a busy one of a 110 MB trace). */
struct tui_gspan {
	int64_t start, end;
	gt_str reason;
	gt_stack stack;
	int32_t p;              /* P it ran on (Running only), else GT_NONE */
	uint8_t state;          /* enum gt_gostate */
	int8_t blocked;         /* Syscall: gt_syscall_blocked */
	uint32_t sys0, nsys;    /* Running: its syscalls that did not block,
	                           sys[sys0 .. sys0 + nsys) */
};
/* A syscall that did not block, an event of a Running row. */
struct tui_gsys { int64_t start, end; gt_stack stack; };

struct tui_goroutine {      /* one goroutine: own timeline + event list */
	uint32_t g;
	/* its intervals, a syscall that did not block folded into the
	 * Running interval around it (the rows; gt_model_g_spans has them
	 * as Go's reader does) */
	struct tui_gspan *spans; size_t nspans;
	struct tui_gsys *sys; size_t nsys;
	size_t sel, top;
	int pane;               /* 0 events, 1 timeline, 2 stack */
	size_t stack_top;       /* first line of the stack pane */
	int64_t t0, t1;
};

enum tui_gccol { TUI_GCCOL_KIND, TUI_GCCOL_START, TUI_GCCOL_DUR, TUI_GCCOL__COUNT };
struct tui_gcrow { enum gt_range_set set; uint32_t index; };
struct tui_gcview {
	struct tui_gcrow *rows; size_t nrows;
	size_t sel, top;
	enum tui_gccol sort; int desc;
	int only;               /* 0 all rows, 1 pauses only, 2 cycles only */
	int built;
	int64_t t0, t1;         /* rows of the ranges overlapping [t0, t1): the
	                           range marked on the timeline, or all */
	size_t win_gc, win_stw; /* cycles and pauses there (the title's), */
	int64_t win_stw_ns;     /* the pauses' time, */
	size_t win_longest;     /* the longest pause (its index) */
	struct tui_gcfig fig;   /* per cycle figures and MMU, in the background */
	struct gt_gc_cpu cpu;   /* the GC's share of the CPU over [t0, t1) */
	/* the timeline's GC lane label: the share over the range it is for */
	int64_t lab_t0, lab_t1;
	int lab_have;
	double lab_frac;
	int drawn_unready;      /* a frame showed them missing */
#define TUI_GC_HIST 27          /* the pauses' histogram: 1 us .. 5e3 s */
	size_t hist[TUI_GC_HIST];  /* pauses per bucket (ended within the trace) */
};

struct tui_inspector {
	struct tui_sel sel;
	char **lines; size_t nlines;
	int *line_role;          /* colour role per line */
	uint32_t *line_g;        /* goroutine a line opens; UINT32_MAX none */
	int64_t *line_t;         /* ...at this time (jump-cause); INT64_MIN none */
	size_t cap;
	size_t top, cur;         /* first line shown, selected line */
	int width;               /* stacks laid out for it (tui/stack.h) */
};

struct tui_search {
	char text[128];
	size_t len;
	int prompt;             /* the search bar is open */
	gt_str *matches; size_t nmatches;   /* searched strings containing text */
	char matched[128]; size_t nmatched; /* the text matches were found for */
	size_t msel, mtop;
	struct tui_find find;   /* what Enter searched for (search_find.h) */
	size_t rsel, rtop;      /* results: strings, goroutines, then events */
	int results;            /* showing results, not matches */
	int moved;              /* the user moved in them (else the first
	                           goroutine is selected when they come) */
	int reverse;            /* opened by search-reverse: n steps back */
	size_t ecur;            /* n / N: the event of find.r.ev stepped to */
	int stepped;            /* ...once there is one */
};

/* The regions view (view_regions.c): region and task types over the
 * marked range (or the trace), a type's instances, the logs. */
struct tui_regions {
	struct gt_annotations an;
	int built;
	int64_t t0, t1;         /* the window an was made for */
	int pane;               /* 0 types, 1 a type's instances, 2 logs */
	size_t sel, top;        /* types: regions' then tasks' */
	size_t isel, itop;      /* instances of type row sel */
	uint32_t *logs; size_t nlogs; /* log indices the text filter keeps */
	size_t lsel, ltop;
	char text[128];         /* the logs' text filter */
	struct gt_rtime *task_time; /* gt_model_task_times, by task index */
	struct gt_rtime *type_time; /* gt_annotations_time by type row, */
	uint8_t *type_done;         /* ...made when first drawn */
};

/* A time range marked on the timeline (range.c). */
struct tui_range {
	int marking;            /* one end is marked, at mark */
	int64_t mark;
	int set;                /* [t0, t1) is marked */
	int64_t t0, t1;
};

struct tui_prompt {         /* a one-line text prompt on the status line */
	int open;
	int kind;               /* 0 search, 1 goroutine text filter, 2 logs,
	                           3 save to */
	char text[128];
	size_t len;
	int suggested;          /* text is a suggestion (save to's name): the
	                           first character typed replaces it, an edit
	                           key keeps it */
};

struct tui_app {
	struct tui_term term;
	TermKey *keys_tk;       /* for key names: the real one, or abstract */
	int own_keys_tk;        /* keys_tk is the abstract one, freed here */
	struct gt_config *config;
	struct gt_model *m;
	struct gt_trace_info info;
	const char *file_name;
	char status[256];
	int status_error;       /* status is an error (stays until a key) */
	char load_error[400];   /* why loading stopped early; "" when it did not */
	char ascii_why[200];    /* why lines are ASCII (the locale); "" */

	enum tui_view_id stack[16];
	int depth;

	struct tui_timeline tl;
	struct tui_mbuild mbuild; /* the thread lanes' build (not in tl:
	                             jumps copy tl) */
	struct tui_goroutines gl;
	struct tui_goroutine gd;
	struct tui_gcview gc;
	struct tui_profile *prof; /* view_profile.c's, made when first shown */
	struct tui_inspector insp;
	struct tui_inspector preview; /* the timeline's: what is at the cursor */
	struct tui_search search;
	struct tui_regions rg;
	struct tui_range range;
	struct tui_rstats rstats; /* its statistics, computed in the background */
	int rstats_unready;     /* the inspector shows them being computed */
	struct tui_prompt prompt;
	size_t help_top;

	int rows, cols;         /* screen size at the last frame */

	struct tui_jump *jumps; /* jump.c: where jumps left, newest last */
	int njumps;

	struct tui_live *live;  /* live.h: the trace is still arriving; NULL */
	int partial;            /* the model shown is a part of the trace (a big
	                           file's first frame while the whole loads, a
	                           stream's complete generations): set by live.c
	                           as models are shown, read by every view */
};

/* After a figure that depends on the whole trace (counts, totals, what
 * is blocked at the end): " so far" while the model shown is partial,
 * else "" (then the figure is the whole trace's). */
static inline const char *tui_so_far(const struct tui_app *a)
{
	return a->partial ? " so far" : "";
}

/* A goroutine's summary by value (the model stores them packed). */
static inline struct gt_goroutine tui_g(const struct tui_app *a, uint32_t gi)
{
	struct gt_goroutine g;
	if (gt_model_g(a->m, gi, &g) < 0) {
		memset(&g, 0, sizeof g);
		g.id = -1;
		g.end_since = INT64_MIN;
	}
	return g;
}

/* Rows of the body: [1, rows-1). */
static inline int tui_body_top(const struct tui_app *a) { (void)a; return 1; }
static inline int tui_body_rows(const struct tui_app *a) { return a->rows - 2; }
static inline enum tui_view_id tui_current(const struct tui_app *a)
{
	return a->stack[a->depth - 1];
}

/* Below this the screen shows "Terminal too small" instead. */
#define TUI_MIN_COLS 60
#define TUI_MIN_ROWS 16

/* The frame (app.c): header, the current view, status line; ends in
 * doupdate().  flags: TUI_REDRAW_ALL repaints the whole terminal. */
void tui_draw(struct tui_app *a, int flags);
const char *tui_view_name(enum tui_view_id v);
int tui_view_action(struct tui_app *a, enum tui_view_id v, enum gt_action act);
int tui_view_click(struct tui_app *a, enum tui_view_id v, int y, int x);

/* Keys (keys.c): one key from termkey (or a script); returns TUI_* flags. */
int tui_handle_key(struct tui_app *a, TermKey *tk, TermKeyKey *key);

/* View switching (app.c). */
void tui_push(struct tui_app *a, enum tui_view_id v);
void tui_pop(struct tui_app *a);
void tui_switch(struct tui_app *a, enum tui_view_id v);
void tui_status(struct tui_app *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* run.c: how the load of the model shown ended, said on the status line
 * and marked in the header (load_error); 0, or -1 when it kept nothing
 * to show. */
int tui_load_result(struct tui_app *a, const struct gt_decode_result *res);
void tui_open_inspector(struct tui_app *a, const struct tui_sel *s);
void tui_open_goroutine(struct tui_app *a, uint32_t gi);
/* Times relative to the trace's start, as "1.234567s". */
void tui_fmt_time(const struct tui_app *a, char *buf, size_t len, int64_t ts);
/* A goroutine's start function; without symbols, its outermost PC as
 * "0x…" (valid until the fourth next call). */
const char *tui_g_func(const struct tui_app *a, const struct gt_goroutine *g);
/* First key bound to an action ("j"), or "" (for hints). */
const char *tui_key_of(struct tui_app *a, enum gt_action act);

/* Each view: draw the body, run an action (TUI_UNHANDLED when it has no
 * use for it), and name the actions worth a hint on the status line. */
void tui_timeline_draw(struct tui_app *a);
int tui_timeline_action(struct tui_app *a, enum gt_action act);
void tui_timeline_fit(struct tui_app *a);
void tui_timeline_free(struct tui_app *a);
/* The thread lanes being built (mbuild.h: the loop then wakes every 50
 * ms); tui_timeline_settled: TUI_REDRAW once they are built (their
 * thread joined), else 0; tui_timeline_settle first waits (scripts). */
int tui_timeline_waiting(const struct tui_app *a);
int tui_timeline_settled(struct tui_app *a);
int tui_timeline_settle(struct tui_app *a);
void tui_timeline_show(struct tui_app *a, int64_t start, int64_t end, int lane);
/* Highlights where goroutine gi runs on the P lanes (until filter-clear);
 * pid (a Go P id, or GT_NONE): the lane to select. */
void tui_timeline_follow(struct tui_app *a, uint32_t gi, int64_t pid);

void tui_goroutines_draw(struct tui_app *a);
/* Why goroutine gi waits at the end (see view_goroutines.c); 0 if none. */
gt_str tui_g_wait_reason(const struct tui_app *a, uint32_t gi, const struct gt_goroutine *g);
/* goroutine_rows.c: the list's rows after a filter or the sort changed;
 * row i (found on demand; i < nrows). */
void tui_goroutines_rebuild(struct tui_app *a);
uint32_t tui_goroutines_row(struct tui_app *a, size_t i);
/* The list's rows follow the marked range (goroutine_window.h): 1 when
 * they are built (rebuilt if need be), 0 while the range's are being
 * computed (then tui_goroutines_computing; a script waits for them). */
int tui_goroutines_sync(struct tui_app *a);
/* Starts computing the marked range's rows (when a range is marked, so
 * that they are ready when the list opens), or drops them. */
void tui_goroutines_follow_range(struct tui_app *a);
int tui_goroutines_computing(const struct tui_app *a);
void tui_goroutines_keep_sel(struct tui_app *a);
/* The groups by start function the list shows (the range's or the
 * trace's), and a goroutine's running and waiting time it shows. */
const struct gt_ggroups *tui_goroutines_byfunc(const struct tui_app *a);
void tui_goroutines_times(const struct tui_app *a, uint32_t gi, const struct gt_goroutine *g,
                          int64_t *run, int64_t *wait);
/* Work on the rows between keys (goroutine_rows.c): a rebuild once the
 * index has what a list shown before it asked, a share of a count;
 * redraw flags when the list changed.  busy: such work remains. settle:
 * all of it now (scripts' dumps). */
int tui_goroutines_idle(struct tui_app *a);
int tui_goroutines_busy(const struct tui_app *a);
int tui_goroutines_settle(struct tui_app *a);
/* The reason column of goroutine row (the signature's, or the model's
 * before the signatures exist). */
gt_str tui_goroutines_reason(const struct tui_app *a, uint32_t row);
/* After a reason in the goroutine list: read from the goroutine's stack,
 * the trace giving none (gt_why_mark's "(read from the stack)", short). */
#define TUI_READ_MARK "*"
int tui_goroutines_action(struct tui_app *a, enum gt_action act);
/* -1: the list's index is still being built (tui_gindex_free): the
 * model must not be freed. */
int tui_goroutines_free(struct tui_app *a);
int tui_goroutines_filter_text(struct tui_app *a, const char *text);
/* view_gfuncs.c: the list grouped by start function, title at y, rows
 * rows of groups, then the selected group's waiting time by reason. */
void tui_gfuncs_draw(struct tui_app *a, int y, int rows);
/* Lines [*top, *top+rows) of st laid out for the screen (tui/stack.h)
 * at y; *top is kept so that the last line is at most at the bottom
 * (top NULL: from the first line, for a pane that does not scroll). */
void tui_draw_stack(struct tui_app *a, int y, int rows, gt_stack st, size_t *top);

/* The state a goroutine lane's column shows (running before syscall,
 * runnable, waiting: where work happened it shows); -1 none. */
int tui_gcol_state(const struct gt_col *c);
void tui_goroutine_draw(struct tui_app *a);
int tui_goroutine_action(struct tui_app *a, enum gt_action act);
void tui_goroutine_load(struct tui_app *a, uint32_t gi);
/* The selected interval as a selection (TUI_SEL_NONE when none). */
void tui_goroutine_sel(struct tui_app *a, struct tui_sel *sel);
void tui_goroutine_free(struct tui_app *a);
/* Row k's syscalls that did not block, as "+N syscalls: f, g" (the
 * functions that made them, the first few distinct); 0 when none. */
int tui_goroutine_sys_text(const struct tui_app *a, size_t k, char *buf, size_t n);

void tui_gc_draw(struct tui_app *a);
int tui_gc_action(struct tui_app *a, enum gt_action act);
void tui_gc_free(struct tui_app *a);
/* The GC view was drawn before its figures were ready (the loop then
 * wakes every 50 ms); tui_gc_settled: TUI_REDRAW once they are (and the
 * mark cleared), else 0; tui_gc_settle first waits for them (scripts). */
int tui_gc_waiting(const struct tui_app *a);
int tui_gc_settled(struct tui_app *a);
int tui_gc_settle(struct tui_app *a);

/* view_profile.c: blocking and CPU profiles by function (model/profile.h). */
void tui_profile_draw(struct tui_app *a);
int tui_profile_action(struct tui_app *a, enum gt_action act);
int tui_profile_click(struct tui_app *a, int y, int x);
void tui_profile_free(struct tui_app *a);

void tui_inspector_draw(struct tui_app *a);
int tui_inspector_action(struct tui_app *a, enum gt_action act);
void tui_inspector_build(struct tui_app *a);
void tui_inspector_free(struct tui_app *a);
/* Builds the inspector's lines for s into dst (a preview elsewhere),
 * leaving the inspector as it is; free dst with tui_inspector_free_lines. */
void tui_inspector_build_into(struct tui_app *a, struct tui_inspector *dst, const struct tui_sel *s);
void tui_inspector_free_lines(struct tui_inspector *in);
/* Whether in's lines were laid out for another width (build them again). */
int tui_inspector_stale(const struct tui_app *a, const struct tui_inspector *in);
/* The inspector's text for s, stacks in full as `gtview goroutines`
 * writes them (for the clipboard or a file); free() it. */
char *tui_inspector_text(struct tui_app *a, const struct tui_sel *s, size_t *nlines);
/* Lines [from, from+rows) of in at screen rows y..; line cur highlighted. */
void tui_inspector_draw_lines(struct tui_app *a, const struct tui_inspector *in, size_t from,
                              int y, int rows, size_t cur);

void tui_search_draw(struct tui_app *a);
int tui_search_action(struct tui_app *a, enum gt_action act);
void tui_search_update(struct tui_app *a);  /* matches for a->search.text */
int tui_search_choose(struct tui_app *a);   /* results for the selected match */
int tui_search_step(struct tui_app *a, int dir); /* n / N from any view */
void tui_search_free(struct tui_app *a);
/* The search's counting on its thread: waiting, whether it runs;
 * settled, TUI_REDRAW once its results came (else 0); settle waits for
 * them first (scripts). */
int tui_search_waiting(const struct tui_app *a);
int tui_search_settled(struct tui_app *a);
int tui_search_settle(struct tui_app *a);
/* Sets marks[c] for the columns c of [t0, t1) split in w that hold a
 * matching event of goroutine gi (the timeline's highlights); 0 when
 * there are no search results to mark. */
int tui_search_marks(struct tui_app *a, uint32_t gi, int64_t t0, int64_t t1, int w,
                     uint8_t *marks);

/* export.c: the selection's text (stacks in full, or a goroutine's
 * history) to the clipboard (OSC 52) or a file; the status says what
 * was done.  default_name: a file name for it not taken yet ("" none). */
int tui_export_copy(struct tui_app *a);
void tui_export_default_name(struct tui_app *a, char *buf, size_t len);
int tui_export_save(struct tui_app *a, const char *path);

/* Mouse clicks at screen (y, x), 0-based: select what is there. */
int tui_timeline_click(struct tui_app *a, int y, int x);
int tui_goroutines_click(struct tui_app *a, int y, int x);
int tui_goroutine_click(struct tui_app *a, int y, int x);
int tui_gc_click(struct tui_app *a, int y, int x);
int tui_inspector_click(struct tui_app *a, int y, int x);
int tui_search_click(struct tui_app *a, int y, int x);

/* jump.c: following causes.  The transition of gi at t into state
 * (state -1: the last one at or before t with a cause) when another
 * goroutine caused it: 1 and *out. */
int tui_cause_find(const struct tui_app *a, uint32_t gi, int64_t t, int state,
                   struct gt_gtrans *out);
/* "woken by G14 main.worker at func file:line, 1.23s" */
void tui_cause_text(const struct tui_app *a, const struct gt_gtrans *tr, char *buf, size_t n);
/* When goroutine gi's transition at t into state ended a wait that no
 * goroutine ended: who did, in words (gt_waker_text) into buf; 0 else.
 * Reads gi's history up to t. */
int tui_waker_text(const struct tui_app *a, uint32_t gi, int64_t t, int state, char *buf, size_t n);
/* Opens goroutine gi at time t (INT64_MIN: as it opens) and remembers
 * where the user was: go-back returns there (tui_jump_back: 1 when it
 * did, at the depth the jump left the views at or above). */
int tui_jump_to(struct tui_app *a, uint32_t gi, int64_t t);
int tui_jump_back(struct tui_app *a);
void tui_jumps_free(struct tui_app *a);
/* jump-cause and list-caused on the current view's selection. */
int tui_jump_cause(struct tui_app *a);
int tui_list_caused(struct tui_app *a);
/* The goroutine text names ("G39", "g39"; with bare, "39" too);
 * UINT32_MAX when none. */
uint32_t tui_find_goroutine_text(const struct tui_app *a, const char *text, int bare);
void tui_regions_draw(struct tui_app *a);
int tui_regions_action(struct tui_app *a, enum gt_action act);
int tui_regions_click(struct tui_app *a, int y, int x);
int tui_regions_filter_text(struct tui_app *a, const char *text);
void tui_regions_free(struct tui_app *a);

/* range.c: mark-range and window-stats on the timeline; the lines of a
 * TUI_SEL_WINDOW selection for the inspector (gt_model_window_stats). */
int tui_range_action(struct tui_app *a, enum gt_action act);
void tui_range_build(struct tui_app *a, int64_t t0, int64_t t1);
/* The statistics the inspector shows being computed (range_stats.h):
 * waiting, whether it does; settled, TUI_REDRAW when they came (the
 * inspector built again), else 0; settle waits for them first. */
int tui_range_waiting(const struct tui_app *a);
int tui_range_settled(struct tui_app *a);
int tui_range_settle(struct tui_app *a);
/* The window the regions, profile and GC views cover: the marked range,
 * else the whole trace [INT64_MIN, INT64_MAX). */
void tui_range_window(const struct tui_app *a, int64_t *t0, int64_t *t1);
/* Whether a view built for [t0, t1) must be built again: the range was
 * marked or cleared since. */
int tui_range_moved(const struct tui_app *a, int64_t t0, int64_t t1);
/* "T0-T1" of a view's window into buf; 0 (buf "") for the whole trace. */
int tui_range_text(const struct tui_app *a, char *buf, size_t n, int64_t t0, int64_t t1);
/* Highlights on the timeline's time axis (row y, plot columns [x, x+w))
 * the marked range, or from the pending mark to the cursor. */
void tui_range_mark_axis(struct tui_app *a, int y, int x, int w);
/* Adds a line to the inspector: colour role, the goroutine it opens
 * (UINT32_MAX none), printf text. */
void tui_inspector_add(struct tui_app *a, int role, uint32_t g, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

void tui_help_draw(struct tui_app *a);
int tui_help_action(struct tui_app *a, enum gt_action act);

#endif
