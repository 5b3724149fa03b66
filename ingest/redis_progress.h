/* redis_progress.h - redis-benchmark's live progress as the trace of a
 * test's requests per second.
 *
 * Every 250 ms redis-benchmark prints the test's progress over the line
 * (showThroughput() in redis-benchmark.c): "SET: 12345.67\r" (< 6.2), or
 * "SET: rps=123.4 (overall: 456.7) avg_msec=1.234 (overall: 1.111)\r"
 * (>= 6.2: the rate of the last interval and of the test so far, and the
 * mean latency of both). A log keeps them on one line between \r, or on
 * lines of their own when its CRs became newlines. Each update is kept
 * here until the test's result (its quiet line or report) is emitted, then
 * given as points of the trace of that test's requests_per_sec:
 * "requests_per_sec" and "requests_per_sec_overall" (op/s),
 * "latency_mean" and "latency_mean_overall" (s). A "nan" the tool printed
 * before any reply gives no point. */
#ifndef BDB_REDIS_PROGRESS_H
#define BDB_REDIS_PROGRESS_H

#include <stddef.h>

#include "../common/bdb_sample.h"

typedef struct rb_update {
    int line;
    int has[4];
    double v[4];            /* rps, overall rps, avg s, overall avg s */
} rb_update;

typedef struct rb_progress {
    char title[BDB_BENCHMARK_MAX];  /* the test the updates are of */
    rb_update *u;
    size_t n, cap;
} rb_progress;

/* What the updates of a text left unread, for the caller's warnings. */
typedef struct rb_left {
    int cut;                  /* updates the text ends inside: "avg_msec=
                                 -nan (overa" (a terminal's width, a
                                 capture's end, the next update glued on) */
    const char *cut_p, *cut_e;  /* the last of them */
    const char *res_p, *res_e;  /* the first text after a whole update that
                                   an older, longer one left there */
} rb_left;

/* Reads the text after a progress line's "TITLE: " (tp..te the title) and
 * keeps its updates: one, or several of the same title glued on one line.
 * An update cut short keeps the values printed whole before the cut; one
 * followed by the residue of a longer update the terminal did not clear
 * (")0.038)") is kept; *left says what was not read. Updates of another
 * title drop those kept before. Returns how many were kept (0: not an
 * update) or BDB_ENOMEM. */
int bdb_rb_progress_add(rb_progress *pr, const char *tp, const char *te,
                        const char *p, const char *end, int line,
                        rb_left *left);
/* Gives the kept updates of base's test as trace points of its
 * requests_per_sec and forgets them; none when they are of another test. */
int bdb_rb_progress_emit(rb_progress *pr, bdb_sink *out,
                         const bdb_sample *base);
void bdb_rb_progress_clear(rb_progress *pr);
void bdb_rb_progress_free(rb_progress *pr);

#endif
