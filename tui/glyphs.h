/* glyphs.h: the characters the viewer draws with, in Unicode and in ASCII
 * (when the locale is not UTF-8, or --ascii).  Each is one column wide. */
#ifndef GT_TUI_GLYPHS_H
#define GT_TUI_GLYPHS_H

#define TUI_GLYPHS(X) \
	X(FULL,     "\xe2\x96\x88", "#")  /* █ busy cell */ \
	X(DARK,     "\xe2\x96\x93", "=")  /* ▓ mostly busy; syscall (G lanes) */ \
	X(MEDIUM,   "\xe2\x96\x92", "+")  /* ▒ half busy */ \
	X(LIGHT,    "\xe2\x96\x91", ".")  /* ░ a little work */ \
	X(VLINE,    "\xe2\x94\x82", "|")  /* │ */ \
	X(HLINE,    "\xe2\x94\x80", "-")  /* ─ */ \
	X(CURSOR,   "\xe2\x94\x83", "|")  /* ┃ time cursor */ \
	X(ARROW_UP, "\xe2\x96\xb4", "^")  /* ▴ sorted ascending */ \
	X(ARROW_DN, "\xe2\x96\xbe", "v")  /* ▾ sorted descending */ \
	X(ELLIPSIS, "\xe2\x80\xa6", "~")  /* … cut text */ \
	X(BAR1,     "\xe2\x96\x81", "_")  /* ▁ … █ bar heights */ \
	X(BAR2,     "\xe2\x96\x82", "_") \
	X(BAR3,     "\xe2\x96\x83", ".") \
	X(BAR4,     "\xe2\x96\x84", "-") \
	X(BAR5,     "\xe2\x96\x85", "-") \
	X(BAR6,     "\xe2\x96\x86", "=") \
	X(BAR7,     "\xe2\x96\x87", "=") \
	X(BAR8,     "\xe2\x96\x88", "#") \
	X(GOAL,     "\xe2\x80\x94", "^")  /* — heap goal mark */ \
	X(IDLE,     "\xc2\xb7",     "'")  /* · idle (ASCII: not LIGHT's .) */ \
	X(GCCELL,   "\xe2\x96\x9a", "%")  /* ▚ GC mark worker */ \
	X(SYSCALL,  "\xe2\x96\xa4", "!")  /* ▤ a thread in a syscall (M lanes) */ \
	X(WCHAN,    "\xe2\x94\x80", "-")  /* ─ waiting: chan/select */ \
	X(WSYNC,    "\xe2\x94\x84", ":")  /* ┄ waiting: sync */ \
	X(WNET,     "\xe2\x89\x88", "~")  /* ≈ waiting: network/IO */ \
	X(WSLEEP,   "\xe2\x96\x81", "_")  /* ▁ waiting: sleep/timer */ \
	X(WGC,      "\xe2\x96\x94", "^")  /* ▔ waiting: GC/runtime */ \
	X(PART1,    "\xe2\x96\x8f", ",")  /* ▏ … ▉ a busy state's share of a */ \
	X(PART2,    "\xe2\x96\x8e", ",")  /*   goroutine cell, in eighths */ \
	X(PART3,    "\xe2\x96\x8d", ",") \
	X(PART4,    "\xe2\x96\x8c", ";") \
	X(PART5,    "\xe2\x96\x8b", ";") \
	X(PART6,    "\xe2\x96\x8a", ";") \
	X(PART7,    "\xe2\x96\x89", ";") \
	X(UNLOADED, "\xe2\x96\x95", "]")  /* ▕ the end of what is loaded so far */

enum tui_glyph {
#define TUI_X(id, u, a) TUI_G_##id,
	TUI_GLYPHS(TUI_X)
#undef TUI_X
	TUI_G__COUNT
};

void tui_glyphs_init(int utf8);
const char *tui_glyph(enum tui_glyph g);
/* Bar glyph for a fraction 0..1 (0 gives " "). */
const char *tui_glyph_bar(double frac);

#endif
