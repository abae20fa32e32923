/* gstart.c: a goroutine's start function read from its first transition
 * stack (gt_model_stack_start_func, model.h).  A goroutine created in the
 * trace has its start PC there (one frame); one that existed before has
 * the stack it was in (new format, Go 1.23+: GoStatusStack), whose root
 * frame is its start function only when the stack is whole.  Go's tracer
 * (runtime traceStack) writes at most 128 PCs a stack and drops the
 * runtime.goexit return frame every goroutine has at its root (and, for
 * G1, runtime.main: its stacks end in main.main, the name shown); a
 * stack that reached the limit was cut, and its root frame is no
 * goroutine's entry. */
#include "model/model_int.h"

#include <string.h>

static const char cut_text[] = "? (stack cut at the depth limit)";

int gt_gstart_init(struct gt_model *m)
{
	m->start_cut = gt_str_intern(m->tables, cut_text, strlen(cut_text));
	return m->start_cut ? 0 : -1;
}

/* runtime.goexit (and goexit0/1): the return address at the root of
 * every goroutine's stack, dropped by Go's tracer; another writer may
 * leave it. */
static int goexit(const struct gt_tables *t, uint32_t fi)
{
	const struct gt_frame *f = gt_frame_get(t, fi);
	return f && f->func && !strncmp(gt_str_get(t, f->func), "runtime.goexit", 14);
}

gt_str gt_model_stack_start_func(const struct gt_model *m, gt_stack st)
{
	const struct gt_tables *t = m->tables;
	size_t n = st ? gt_stack_depth(t, st) : 0;
	const uint32_t *fr = n ? gt_stack_frames(t, st) : NULL;
	while (n && goexit(t, fr[n - 1]))
		n--;
	if (!n)
		return 0;
	const struct gt_frame *f = gt_frame_get(t, fr[n - 1]);
	if (!f || !f->func)
		return 0; /* no symbols (Go 1.5/1.6): the viewer shows the PC */
	if (n >= GT_STACK_CUT && m->start_cut)
		return m->start_cut;
	return f->func;
}
