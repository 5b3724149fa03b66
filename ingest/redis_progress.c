/* redis_progress.c - redis-benchmark's progress updates as trace points
 * (see redis_progress.h). */
#include "redis_progress.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/bdb_error.h"
#include "../common/bdb_grow.h"
#include "../common/bdb_scan.h"
#include "../common/bdb_units.h"

/* A number, or the "nan"/"-nan"/"inf" printf gives before any reply
 * (*has 0 then); 0 when there is neither. */
static int value(const char **p, const char *end, double *v, int *has)
{
    static const char *const odd[] = {"-nan", "nan", "-inf", "inf"};
    const char *q = bdb_skip_ws(*p, end);
    for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++)
        if (bdb_starts_with(q, end, odd[i])) {
            *p = q + strlen(odd[i]);
            *has = 0;
            return 1;
        }
    if (!bdb_scan_number(p, end, v, 0))
        return 0;
    *has = 1;
    return 1;
}

/* Nothing, or the count of requests finished so far that some builds
 * print after the latencies ("... (overall: 27.186) 14908 requests"). */
static int requests_tail(const char *p, const char *end)
{
    double n;
    if (bdb_is_blank(p, end))
        return 1;
    return bdb_scan_number(&p, end, &n, 0) && n >= 0 && n == floor(n) &&
           bdb_scan_lit(&p, end, "requests", 1) && bdb_is_blank(p, end);
}

/* "rps=R (overall: O) avg_msec=A (overall: B)[ N requests]" or a lone
 * number. */
static int read_update(const char *p, const char *end, rb_update *u)
{
    bdb_trim(&p, &end);
    memset(u, 0, sizeof *u);
    if (!bdb_scan_lit(&p, end, "rps=", 0)) {
        double v;
        int has;
        if (!value(&p, end, &v, &has) || !bdb_is_blank(p, end))
            return 0;
        u->has[0] = has;
        u->v[0] = v;
        return 1;
    }
    if (!value(&p, end, &u->v[0], &u->has[0]) ||
        !bdb_scan_lit(&p, end, "(overall:", 1) ||
        !value(&p, end, &u->v[1], &u->has[1]) ||
        !bdb_scan_lit(&p, end, ")", 1))
        return 0;
    if (bdb_is_blank(p, end))
        return 1;   /* a capture cut after the rates */
    if (!bdb_scan_lit(&p, end, "avg_msec=", 1) ||
        !value(&p, end, &u->v[2], &u->has[2]) ||
        !bdb_scan_lit(&p, end, "(overall:", 1) ||
        !value(&p, end, &u->v[3], &u->has[3]) ||
        !bdb_scan_lit(&p, end, ")", 1) || !requests_tail(p, end))
        return 0;
    u->v[2] *= 1e-3;
    u->v[3] *= 1e-3;
    return 1;
}

int bdb_rb_progress_add(rb_progress *pr, const char *tp, const char *te,
                        const char *p, const char *end, int line)
{
    rb_update u;
    if (!read_update(p, end, &u))
        return 0;
    u.line = line;
    char title[BDB_BENCHMARK_MAX];
    bdb_trim(&tp, &te);
    bdb_copy(title, sizeof title, tp, te);
    if (strcmp(title, pr->title) != 0) {
        pr->n = 0;
        bdb_strlcpy(pr->title, sizeof pr->title, title);
    }
    if (pr->n == pr->cap) {
        rb_update *g = bdb_grow(pr->u, pr->n, &pr->cap, sizeof *g, 16);
        if (!g)
            return BDB_ENOMEM;
        pr->u = g;
    }
    pr->u[pr->n++] = u;
    return 1;
}

int bdb_rb_progress_emit(rb_progress *pr, bdb_sink *out,
                         const bdb_sample *base)
{
    static const char *const what[] = {"requests_per_sec",
                                       "requests_per_sec_overall",
                                       "latency_mean", "latency_mean_overall"};
    static const char *const unit[] = {BDB_UNIT_OPS_PER_S, BDB_UNIT_OPS_PER_S,
                                       BDB_UNIT_SECONDS, BDB_UNIT_SECONDS};
    static const bdb_better better[] = {
        BDB_HIGHER_IS_BETTER, BDB_HIGHER_IS_BETTER, BDB_LOWER_IS_BETTER,
        BDB_LOWER_IS_BETTER};
    if (!pr->n || strcmp(pr->title, base->benchmark) != 0)
        return BDB_OK;
    int rc = BDB_OK;
    for (size_t i = 0; i < pr->n && !rc; i++) {
        const rb_update *u = &pr->u[i];
        for (int k = 0; k < 4 && !rc; k++) {
            if (!u->has[k])
                continue;
            bdb_trace t;
            bdb_trace_set(&t, what[k], "", NAN, NAN);
            rc = bdb_sink_trace(out, base, "requests_per_sec", &t, u->v[k],
                                unit[k], better[k], u->line);
        }
    }
    bdb_rb_progress_clear(pr);
    return rc;
}

void bdb_rb_progress_clear(rb_progress *pr)
{
    pr->n = 0;
    pr->title[0] = '\0';
}

void bdb_rb_progress_free(rb_progress *pr)
{
    free(pr->u);
    memset(pr, 0, sizeof *pr);
}
