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

/* The tail of a longer update that a shorter one printed over it with a
 * bare \r (6.2 does not blank the line first): ")0.038)" after "avg_msec=nan
 * (overall: 0.038)". Short, of an update's own characters, and ending as
 * an update ends. */
static int residue(const char *p, const char *end)
{
    bdb_trim(&p, &end);
    if (p >= end || end - p > 48 || end[-1] != ')')
        return 0;
    for (const char *q = p; q < end; q++)
        if (!strchr("0123456789.-+()=: abcdefghijklmnopqrstuvwxyz", *q))
            return 0;
    return 1;
}

enum { UPD_NONE, UPD_WHOLE, UPD_CUT };

/* "rps=R (overall: O) avg_msec=A (overall: B)[ N requests]" or a lone
 * number, from p (blanks trimmed) to end. UPD_WHOLE: all of it (*rest..
 * end the residue of an older update after it, or empty); UPD_CUT: the
 * text ends inside it (a terminal's width, a capture's end, another
 * update glued on): the values before the cut kept, a value the end
 * could have cut short not; UPD_NONE: not an update. */
static int read_update(const char *p, const char *end, rb_update *u,
                       const char **rest)
{
    /* the text as showThroughput() prints it: literals, and values at the
     * NULL slots (rps, overall rps, avg, overall avg) */
    static const char *const part[] = {"rps=", NULL, "(overall:", NULL, ")",
                                       "avg_msec=", NULL, "(overall:", NULL,
                                       ")"};
    *rest = end;
    bdb_trim(&p, &end);
    memset(u, 0, sizeof *u);
    if (!bdb_starts_with(p, end, "rps=")) {
        double v;
        int has;
        if (!value(&p, end, &v, &has) || !bdb_is_blank(p, end))
            return UPD_NONE;
        u->has[0] = has;
        u->v[0] = v;
        return UPD_WHOLE;
    }
    const char *q = p;
    int vi = 0;
    for (size_t k = 0; k < sizeof part / sizeof *part; k++) {
        const char *r = bdb_skip_ws(q, end);
        if (r >= end)
            /* cut between two parts: after the rates is where 6.2's
             * first builds and a narrow capture often stop */
            return k == 5 ? UPD_WHOLE : UPD_CUT;
        if (part[k]) {
            size_t n = strlen(part[k]), left = (size_t)(end - r);
            if (left >= n && !memcmp(r, part[k], n)) {
                q = r + n;
                continue;
            }
            if (left < n && !memcmp(r, part[k], left))
                return UPD_CUT; /* "(overa" */
            return UPD_NONE;
        }
        double v;
        int has;
        const char *s = r;
        if (!value(&s, end, &v, &has)) {
            /* "-na": a value cut short */
            return (end - r < 4 && (!memcmp("-nan", r, (size_t)(end - r)) ||
                                    !memcmp("nan", r, (size_t)(end - r))))
                       ? UPD_CUT
                       : UPD_NONE;
        }
        if (has && s >= end)
            return UPD_CUT; /* "avg_msec=0.3": maybe "0.326" once */
        if (has && *s != ' ' && *s != ')')
            return UPD_NONE;
        u->has[vi] = has;
        u->v[vi] = vi >= 2 ? v * 1e-3 : v;
        vi++;
        q = s;
    }
    if (bdb_is_blank(q, end) || requests_tail(q, end))
        return UPD_WHOLE;
    if (!residue(q, end))
        return UPD_NONE;
    *rest = bdb_skip_ws(q, end);
    return UPD_WHOLE;
}

static int keep(rb_progress *pr, const rb_update *u, const char *tp,
                const char *te)
{
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
    pr->u[pr->n++] = *u;
    return BDB_OK;
}

/* The next "TITLE: rps=" of the title [tp, te) in [p, end), or NULL. */
static const char *next_glued(const char *tp, const char *te, const char *p,
                              const char *end)
{
    size_t n = (size_t)(te - tp);
    for (const char *q = p; (q = bdb_find_n(q, end, tp, n)) != NULL; q++)
        if (bdb_starts_with(q + n, end, ": rps="))
            return q;
    return NULL;
}

int bdb_rb_progress_add(rb_progress *pr, const char *tp, const char *te,
                        const char *p, const char *end, int line,
                        rb_left *left)
{
    memset(left, 0, sizeof *left);
    int kept = 0;
    while (p < end) {
        /* updates glued on one line, each cut by the next or padded with
         * blanks ("GET: rps=0.0 (overall: 93.6) avg_msec=-nan (overa
         * GET: rps=0.0 (overall: 93.3) ..."): an update of the same test
         * starts where the one before it ends */
        const char *seg_end = end, *rest, *g = p;
        rb_update u;
        int r;
        for (;;) {
            const char *nx = next_glued(tp, te, g, end);
            if (!nx) {
                seg_end = end;
                r = read_update(p, end, &u, &rest);
                break;
            }
            r = read_update(p, nx, &u, &rest);
            if (r != UPD_NONE && rest == nx) {
                seg_end = nx;
                break;
            }
            g = nx + 1;
        }
        if (r == UPD_NONE)
            return kept;
        u.line = line;
        if (keep(pr, &u, tp, te))
            return BDB_ENOMEM;
        kept++;
        if (r == UPD_CUT) {
            left->cut++;
            left->cut_p = p;
            left->cut_e = seg_end;
        } else if (rest < seg_end && !left->res_p) {
            left->res_p = rest;
            left->res_e = seg_end;
        }
        if (seg_end == end)
            break;
        p = seg_end + (size_t)(te - tp) + 2; /* after "TITLE: " */
    }
    return kept;
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
