/* decide.c - the two-sample decision rule (see decide.h for the rule and
 * why it has no correction across series). */
#include "decide.h"
#include "stats.h"
#include "../common/bdb_error.h"

#include <math.h>
#include <stdio.h>

static double resolved_threshold(const bdb_decide_opts *o)
{
    return o && o->threshold >= 0 ? o->threshold
                                  : BDB_DECIDE_THRESHOLD_DEFAULT;
}

static double resolved_level(const bdb_decide_opts *o)
{
    return o && o->level > 0 && o->level < 1 ? o->level
                                             : BDB_DECIDE_LEVEL_DEFAULT;
}

/* Mean and sample variance (divisor n - 1; 0 for one value) of x or of
 * log x, by Welford's update. */
static void moments(const double *x, size_t n, int logs, double *mean,
                    double *var)
{
    double m = 0, s = 0;
    for (size_t i = 0; i < n; i++) {
        double v = logs ? log(x[i]) : x[i];
        double d = v - m;
        m += d / (double)(i + 1);
        s += d * (v - m);
    }
    *mean = m;
    *var = n > 1 ? s / (double)(n - 1) : 0;
}

/* The rule from each side's count, mean and variance (of log values when
 * positive). */
static void decide_core(size_t na, double ma, double va, size_t nb, double mb,
                        double vb, int positive, int better,
                        const bdb_decide_opts *o, bdb_decide *out)
{
    double d = mb - ma, se, df;
    if (!positive && !(ma > 0))
        return;     /* no ratio to the old side */
    out->ratio = positive ? exp(d) : mb / ma;
    if (na + nb < 3)
        return;     /* one value a side: no spread to judge by */
    if (na >= 2 && nb >= 2) {
        double sa = va / (double)na, sb = vb / (double)nb;
        se = sqrt(sa + sb);
        double den = sa * sa / (double)(na - 1) + sb * sb / (double)(nb - 1);
        df = den > 0 ? (sa + sb) * (sa + sb) / den : (double)(na + nb - 2);
        out->method = positive ? BDB_DECIDE_WELCH_LOG : BDB_DECIDE_WELCH_RAW;
    } else {
        /* one side is a single value: it has the other side's spread */
        double v = na >= 2 ? va : vb;
        df = (double)(na + nb - 2);
        se = sqrt(v * (1.0 / (double)na + 1.0 / (double)nb));
        out->method = positive ? BDB_DECIDE_STUDENT_LOG : BDB_DECIDE_WELCH_RAW;
    }
    double level = resolved_level(o);
    double t = se > 0 ? bdb_stats_t_quantile(1 - (1 - level) / 2, df) : 0;
    double lo = d - t * se, hi = d + t * se;
    out->df = df;
    if (positive) {
        out->lo = exp(lo);
        out->hi = exp(hi);
    } else {
        out->lo = 1 + lo / ma;
        out->hi = 1 + hi / ma;
    }
    double thr = resolved_threshold(o);
    int above = out->lo > 1 + thr || (thr == 0 && out->lo > 1);
    int below = out->hi < 1 - thr || (thr == 0 && out->hi < 1);
    if (better == 0)
        out->verdict = above || below ? BDB_DECIDE_CHANGED : BDB_DECIDE_SAME;
    else if ((better > 0 && above) || (better < 0 && below))
        out->verdict = BDB_DECIDE_BETTER;
    else if ((better > 0 && below) || (better < 0 && above))
        out->verdict = BDB_DECIDE_WORSE;
    else
        out->verdict = BDB_DECIDE_SAME;
}

int bdb_decide_two(const double *a, size_t na, const double *b, size_t nb,
                   int better, const bdb_decide_opts *o, bdb_decide *out)
{
    if (!out || (na && !a) || (nb && !b))
        return BDB_EUSAGE;
    out->verdict = BDB_DECIDE_UNTESTED;
    out->method = BDB_DECIDE_NONE;
    out->ratio = out->lo = out->hi = out->df = NAN;
    int positive = 1;
    for (size_t i = 0; i < na; i++) {
        if (!isfinite(a[i]))
            return BDB_ERANGE;
        positive &= a[i] > 0;
    }
    for (size_t i = 0; i < nb; i++) {
        if (!isfinite(b[i]))
            return BDB_ERANGE;
        positive &= b[i] > 0;
    }
    if (na == 0 || nb == 0)
        return BDB_OK;
    double ma, va, mb, vb;
    moments(a, na, positive, &ma, &va);
    moments(b, nb, positive, &mb, &vb);
    decide_core(na, ma, va, nb, mb, vb, positive, better, o, out);
    return BDB_OK;
}

int bdb_decide_moments(const bdb_moments *a, const bdb_moments *la,
                       const bdb_moments *b, const bdb_moments *lb,
                       int better, const bdb_decide_opts *o, bdb_decide *out)
{
    if (!out || !a || !b)
        return BDB_EUSAGE;
    out->verdict = BDB_DECIDE_UNTESTED;
    out->method = BDB_DECIDE_NONE;
    out->ratio = out->lo = out->hi = out->df = NAN;
    if (a->n == 0 || b->n == 0)
        return BDB_OK;
    if (!isfinite(a->mean) || !isfinite(b->mean))
        return BDB_ERANGE;
    int positive = la && lb && a->min > 0 && b->min > 0;
    const bdb_moments *x = positive ? la : a, *y = positive ? lb : b;
    decide_core(x->n, x->mean, x->n >= 2 ? x->var : 0, y->n, y->mean,
                y->n >= 2 ? y->var : 0, positive, better, o, out);
    return BDB_OK;
}

void bdb_decide_rule_text(const bdb_decide_opts *o, char *out, size_t n)
{
    snprintf(out, n,
             "'-' worse / '+' better: the %.3g%% interval of new/old (Welch's "
             "t on log values; Student's pooled t when a side has one value) "
             "lies wholly beyond %.3g%% in that direction; '~' it does not; "
             "'?' one value a side (no spread to judge by); '=' a count that "
             "changed beyond %.3g%%; no correction across series (the "
             "threshold is the floor)",
             100 * resolved_level(o), 100 * resolved_threshold(o),
             100 * resolved_threshold(o));
}

const char *bdb_decide_mark(bdb_decision d)
{
    switch (d) {
    case BDB_DECIDE_BETTER: return "+";
    case BDB_DECIDE_WORSE: return "-";
    case BDB_DECIDE_SAME: return "~";
    case BDB_DECIDE_CHANGED: return "=";
    default: return "?";
    }
}
