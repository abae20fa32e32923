/* tui_job.c: unit tests of tui/job.h, the background work of the range
 * statistics, the search, the thread lanes and the GC figures: done is
 * seen only once the work returned, join and reset end the thread, the
 * cancel flag reaches the work, a second start waits for the first, and
 * with no thread to be had the work runs in place. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "tui/job.h"

struct work {
	struct tui_job job;
	atomic_int go;          /* the work may return */
	atomic_int saw_cancel;  /* it returned because asked to stop */
	int result;
};

static void nap(void)
{
	nanosleep(&(struct timespec){0, 1000000L}, NULL);
}

/* Waits for go (or a cancel), then sets result. */
static void gated(void *arg)
{
	struct work *w = arg;
	while (!atomic_load(&w->go) && !tui_job_cancelled(&w->job))
		nap();
	atomic_store(&w->saw_cancel, tui_job_cancelled(&w->job));
	w->result = 42;
}

static void test_done_after_work(void **state)
{
	(void)state;
	struct work w = {0};
	assert_false(tui_job_started(&w.job));
	assert_int_equal(tui_job_start(&w.job, gated, &w), 1);
	assert_true(tui_job_started(&w.job));
	assert_true(tui_job_pending(&w.job));
	for (int i = 0; i < 20; i++) { /* held: never done */
		assert_true(tui_job_busy(&w.job));
		assert_false(tui_job_done(&w.job));
		nap();
	}
	atomic_store(&w.go, 1);
	while (!tui_job_done(&w.job))
		nap();
	assert_false(tui_job_busy(&w.job));
	assert_true(tui_job_pending(&w.job)); /* done, not joined yet */
	tui_job_join(&w.job);
	assert_false(tui_job_pending(&w.job));
	assert_true(tui_job_done(&w.job));
	assert_int_equal(w.result, 42);
	assert_false(atomic_load(&w.saw_cancel));
	tui_job_reset(&w.job);
	assert_false(tui_job_started(&w.job));
}

static void test_reset_cancels(void **state)
{
	(void)state;
	struct work w = {0};
	assert_int_equal(tui_job_start(&w.job, gated, &w), 1);
	assert_ptr_equal(tui_job_cancel_flag(&w.job), &w.job.cancel);
	tui_job_reset(&w.job); /* never let go: only the cancel ends it */
	assert_false(tui_job_started(&w.job));
	assert_true(atomic_load(&w.saw_cancel));
	assert_int_equal(w.result, 42);
	/* a new start clears the flag */
	atomic_store(&w.go, 1);
	assert_int_equal(tui_job_start(&w.job, gated, &w), 1);
	tui_job_join(&w.job);
	assert_false(atomic_load(&w.saw_cancel));
}

static atomic_int order;
static int first_at, second_at;
static void first(void *arg)
{
	(void)arg;
	for (int i = 0; i < 20; i++)
		nap();
	first_at = atomic_fetch_add(&order, 1);
}
static void second(void *arg)
{
	(void)arg;
	second_at = atomic_fetch_add(&order, 1);
}

static void test_start_waits_for_the_last(void **state)
{
	(void)state;
	struct tui_job j = {0};
	atomic_store(&order, 1);
	tui_job_start(&j, first, NULL);
	tui_job_start(&j, second, NULL); /* no cancel: the first runs out */
	tui_job_join(&j);
	assert_int_equal(first_at, 1);
	assert_int_equal(second_at, 2);
	tui_job_reset(&j);
}

/* No thread to be had (an address space too small for a thread's
 * stack, in a child): the work runs in place and is done at once.  The
 * first test, before any thread ended: glibc keeps the stacks of ended
 * threads for new ones, which would need no more room. */
static void test_in_place(void **state)
{
	(void)state;
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct rlimit rl = {0, 0};
		long pages = 0, size = 0;
		FILE *f = fopen("/proc/self/statm", "r");
		if (!f || fscanf(f, "%ld %ld", &size, &pages) != 2)
			_exit(3);
		fclose(f);
		rl.rlim_cur = rl.rlim_max = (rlim_t)size * (rlim_t)sysconf(_SC_PAGESIZE) + (1 << 20);
		if (setrlimit(RLIMIT_AS, &rl) < 0)
			_exit(4);
		struct work w = {0};
		atomic_store(&w.go, 1);
		int r = tui_job_start(&w.job, gated, &w);
		_exit(r == 0 && tui_job_done(&w.job) && !tui_job_pending(&w.job) && w.result == 42 ? 0 : 5);
	}
	int st = 0;
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_in_place),
		cmocka_unit_test(test_done_after_work),
		cmocka_unit_test(test_reset_cancels),
		cmocka_unit_test(test_start_waits_for_the_last),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
