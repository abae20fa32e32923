/* colors.h: colour roles.  Drawing code names a role, never a colour.
 *
 * Each role has a 256-colour pair, an 8-colour pair and the attributes used
 * when there is no colour at all (NO_COLOR, --no-color, or a mono
 * terminal), so every distinction stays visible without colour too.
 * Without colour the cells of the lanes are never reversed: busy cells
 * draw busy glyphs (█, #), and a reversed █ would look empty; text
 * (selection, header, status line) is reversed as usual.
 * The goroutine lanes' roles (G_*: running, runnable, syscall, and the
 * waits by class, tui/glook.h) differ in colour and attributes in 256 and
 * in 8 colours, and in glyph everywhere.
 * Columns: id, fg256, bg256, fg8, bg8, attributes always, mono attributes.
 * -1 is the terminal's default colour.
 */
#ifndef GT_TUI_COLORS_H
#define GT_TUI_COLORS_H

#define TUI_COLOR_ROLES(X) \
	X(NORMAL,      -1,  -1, -1, -1, 0,           0) \
	X(HEADER,     231,  24,  7,  4, A_BOLD,      A_REVERSE) \
	X(STATUS,     231, 238,  7,  4, 0,           A_REVERSE) \
	X(STATUS_KEY, 220, 238,  3,  4, A_BOLD,      A_REVERSE|A_BOLD) \
	X(ERROR,      231, 124,  7,  1, A_BOLD,      A_REVERSE|A_BOLD) \
	X(TITLE,      117,  -1,  6, -1, A_BOLD,      A_BOLD) \
	X(DIM,        244,  -1,  7, -1, 0,           A_DIM) \
	X(SELECTED,   231,  31,  7,  4, A_BOLD,      A_REVERSE) \
	X(CURSOR,     226,  -1,  3, -1, A_BOLD,      A_BOLD) \
	X(LANE_LABEL, 250,  -1,  7, -1, 0,           0) \
	X(RUNNING,     16, 114,  0,  2, 0,           0) \
	X(RUNNING_ALT, 16,  71,  0,  2, 0,           0) \
	X(GC_WORKER,   16, 215,  0,  3, 0,           A_BOLD) \
	X(M_SYSCALL,   16, 141,  0,  5, 0,           A_UNDERLINE) \
	X(IDLE,       240,  -1,  7, -1, 0,           A_DIM) \
	X(GC,          16, 179,  0,  3, 0,           0) \
	X(STW,        231, 160,  7,  1, A_BOLD,      A_BOLD) \
	X(ASSIST,      16, 213,  0,  5, 0,           0) \
	X(HEAP,        75,  -1,  4, -1, 0,           0) \
	X(HEAP_GOAL,  203,  -1,  1, -1, 0,           A_BOLD) \
	X(G_RUNNING,   114, -1,  2, -1, A_BOLD,      A_BOLD) \
	X(G_RUNNABLE,  221, -1,  3, -1, 0,           0) \
	X(G_WAITING,   203, -1,  1, -1, 0,           A_DIM) \
	X(G_SYSCALL,   141, -1,  5, -1, 0,           A_UNDERLINE) \
	X(G_WCHAN,     203, -1,  1, -1, 0,           A_DIM) \
	X(G_WSYNC,     209, -1,  1, -1, A_BOLD,      A_DIM) \
	X(G_WNET,       44, -1,  6, -1, 0,           A_DIM) \
	X(G_WSLEEP,     75, -1,  4, -1, 0,           A_DIM) \
	X(G_WGC,       187, -1,  7, -1, 0,           A_DIM) \
	X(G_WOTHER,    244, -1,  7, -1, A_DIM,       A_DIM) \
	X(MATCH,       16, 220,  0,  3, 0,           A_REVERSE) \
	X(FOLLOW,      16, 220,  0,  3, A_BOLD,      A_UNDERLINE|A_BOLD) \
	X(FUNC,       117,  -1,  6, -1, 0,           0) \
	X(FILELINE,   246,  -1,  7, -1, 0,           A_DIM)

enum tui_color {
#define TUI_X(id, f2, b2, f8, b8, a, m) TUI_C_##id,
	TUI_COLOR_ROLES(TUI_X)
#undef TUI_X
	TUI_C__COUNT
};

/* mode: 0 none, 8 or 256 colours; -1 picks from the terminal. */
void tui_colors_init(int want_color);
int tui_colors_mode(void);
/* The attributes (colour pair included) to draw role r with. */
int tui_attr(enum tui_color r);

#endif
