/* efficiency.c - the cost and power model of the report: per-watt,
 * per-dollar and per-TCO-dollar figures, energy per unit of work, monthly
 * transfer and count-to-match. Pure computation; see efficiency.h for the
 * model, its assumptions and every contract. */
#include "efficiency.h"

#include <math.h>
#include <string.h>

#include "bdb_error.h"
#include "bdb_units.h"

/* What kind of work a unit/better pair describes. */
enum eff_kind {
    EFF_NONE = 0,
    EFF_OPS,   /* op/s */
    EFF_BYTES, /* B/s */
    EFF_BITS,  /* bit/s */
    EFF_TIME   /* s, lower is better: one run */
};

static enum eff_kind eff_kind_of(const char *unit, int better)
{
    if (!unit)
        return EFF_NONE;
    if (better > 0) {
        if (strcmp(unit, BDB_UNIT_OPS_PER_S) == 0)
            return EFF_OPS;
        if (strcmp(unit, BDB_UNIT_BYTES_PER_S) == 0)
            return EFF_BYTES;
        if (strcmp(unit, BDB_UNIT_BITS_PER_S) == 0)
            return EFF_BITS;
    } else if (better < 0 && strcmp(unit, BDB_UNIT_SECONDS) == 0) {
        return EFF_TIME;
    }
    return EFF_NONE;
}

/* A platform number usable as a cost or divisor; anything else is missing
 * (NaN is how the platform says "unknown"; <= 0 would make infinities or
 * free machines out of a typo). */
static int usable_pos(double x) { return isfinite(x) && x > 0; }

static int opts_valid(const bdb_cost_opts *o)
{
    return isfinite(o->kwh_price) && o->kwh_price >= 0 &&
           isfinite(o->years) && o->years > 0 &&
           isfinite(o->utilization) && o->utilization >= 0 &&
           o->utilization <= 1;
}

/* NaN where the quotient would be undefined, so no caller ever sees inf. */
static double ratio_or_nan(double num, double den)
{
    if (!isfinite(num) || !isfinite(den) || den == 0)
        return NAN;
    return num / den;
}

/* The cost side, independent of the result value: energy and TCO of one
 * machine over o->years. */
typedef struct eff_cost {
    int rented;
    double kwh, energy_cost, tco;
    unsigned missing, assumed;
} eff_cost;

static void eff_cost_compute(const bdb_platform *p, const bdb_cost_opts *o,
                             eff_cost *c)
{
    double hours = o->years * BDB_EFF_HOURS_PER_YEAR;
    double u = o->utilization;
    int have_power = usable_pos(p->power_w);
    int have_price = usable_pos(p->price_usd);
    c->rented = usable_pos(p->rent_usd_month);
    c->missing = c->assumed = 0;
    c->kwh = c->energy_cost = c->tco = NAN;

    if (have_power) {
        double idle = p->power_w;
        if (isfinite(p->idle_power_w) && p->idle_power_w >= 0)
            idle = p->idle_power_w;
        else if (u < 1)
            c->assumed |= BDB_EFF_ASSUMED_IDLE_AS_LOAD;
        /* At u == 1 the idle term is 0 * idle; skip it so an unused idle
         * figure cannot matter. */
        double avg_w = u >= 1 ? p->power_w : u * p->power_w + (1 - u) * idle;
        c->kwh = avg_w * hours / 1000.0;
        c->energy_cost = c->kwh * o->kwh_price;
    } else {
        c->missing |= BDB_EFF_MISSING_POWER;
    }

    if (c->rented) {
        c->tco = p->rent_usd_month * 12.0 * o->years;
        /* The power figures are optional for a rented machine: its rent
         * pays the electricity. per_watt still needs power_w. */
    } else {
        if (!have_price)
            c->missing |= BDB_EFF_MISSING_PRICE | BDB_EFF_MISSING_RENT;
        if (have_price && have_power)
            c->tco = p->price_usd + c->energy_cost;
    }
}

static void eff_clear(bdb_efficiency *e)
{
    e->work_rate = e->per_watt = e->per_dollar = e->per_dollar_month = NAN;
    e->per_tco_dollar = e->tco = e->energy_kwh_total = e->energy_cost = NAN;
    e->energy_per_unit = e->energy_per_unit_wh = e->tb_per_month = NAN;
    e->work_unit = e->energy_unit = NULL;
    e->rented = 0;
    e->missing = e->assumed = 0;
}

static void match_clear(bdb_match *m)
{
    m->ratio = m->count = m->price = m->power_w = NAN;
    m->rent_month = m->tco = NAN;
    m->missing = m->assumed = 0;
}

void bdb_cost_opts_default(bdb_cost_opts *o)
{
    if (!o)
        return;
    o->kwh_price = BDB_EFF_DEFAULT_KWH_PRICE;
    o->currency = BDB_EFF_DEFAULT_CURRENCY;
    o->years = BDB_EFF_DEFAULT_YEARS;
    o->utilization = BDB_EFF_DEFAULT_UTILIZATION;
}

int bdb_efficiency_applies(const char *unit, int better)
{
    return eff_kind_of(unit, better) != EFF_NONE;
}

/* "_p99", "_p50", "clat_p99_9": a percentile. */
static int names_percentile(const char *metric)
{
    for (const char *p = strstr(metric, "_p"); p; p = strstr(p + 1, "_p"))
        if (p[2] >= '0' && p[2] <= '9')
            return 1;
    return 0;
}

/* A spread, an extreme, a part or a latency of a run: not its rate. */
static int names_no_rate(const char *metric)
{
    static const char *const parts[] = {"stdev", "_sd", "_min", "_max",
                                        "thread_", "latency", NULL};
    for (const char *const *p = parts; *p; p++)
        if (strstr(metric, *p))
            return 1;
    return strncmp(metric, "min_", 4) == 0 ||
           strncmp(metric, "max_", 4) == 0 || names_percentile(metric);
}

static int names_whole_run(const char *metric)
{
    static const char *const runs[] = {"real", "elapsed", "wall",
                                       "wall_time", "wallclock", "duration",
                                       "runtime", "total_time", "time", NULL};
    for (const char *const *r = runs; *r; r++)
        if (strcmp(metric, *r) == 0)
            return 1;
    return 0;
}

int bdb_efficiency_measures_work(const char *metric, const char *unit,
                                 int better)
{
    if (!metric)
        return 0;
    switch (eff_kind_of(unit, better)) {
    case EFF_OPS:
    case EFF_BYTES:
    case EFF_BITS:
        return !names_no_rate(metric);
    case EFF_TIME:
        return names_whole_run(metric);
    default:
        return 0;
    }
}

/* Resolves NULL options to the defaults and checks both. */
static int eff_prepare(const char *unit, int better, const bdb_platform *p,
                       const bdb_cost_opts *o, bdb_cost_opts *use,
                       enum eff_kind *kind)
{
    if (o)
        *use = *o;
    else
        bdb_cost_opts_default(use);
    *kind = eff_kind_of(unit, better);
    if (!p || *kind == EFF_NONE || !opts_valid(use))
        return BDB_EUSAGE;
    return BDB_OK;
}

int bdb_efficiency_compute(double value, const char *unit, int better,
                           const bdb_platform *p, const bdb_cost_opts *o,
                           bdb_efficiency *out)
{
    if (!out)
        return BDB_EUSAGE;
    eff_clear(out);
    bdb_cost_opts use;
    enum eff_kind kind;
    int rc = eff_prepare(unit, better, p, o, &use, &kind);
    if (rc != BDB_OK)
        return rc;

    switch (kind) {
    case EFF_OPS:
        out->work_unit = BDB_UNIT_OPS_PER_S;
        out->energy_unit = "J/op";
        break;
    case EFF_BYTES:
        out->work_unit = BDB_UNIT_BYTES_PER_S;
        out->energy_unit = "J/GB";
        break;
    case EFF_BITS:
        out->work_unit = BDB_UNIT_BITS_PER_S;
        out->energy_unit = "J/Gbit";
        break;
    case EFF_TIME:
    default:
        out->work_unit = "runs/h";
        out->energy_unit = "J/run";
        break;
    }

    eff_cost c;
    eff_cost_compute(p, &use, &c);
    out->rented = c.rented;
    out->tco = c.tco;
    out->energy_kwh_total = c.kwh;
    out->energy_cost = c.energy_cost;
    out->missing = c.missing;
    out->assumed = c.assumed;

    if (!isfinite(value) || value <= 0) {
        out->missing |= BDB_EFF_BAD_VALUE;
        return BDB_OK;
    }

    double rate = kind == EFF_TIME ? 3600.0 / value : value;
    if (!isfinite(rate)) { /* a subnormal time: no finite rate */
        out->missing |= BDB_EFF_BAD_VALUE;
        return BDB_OK;
    }
    out->work_rate = rate;

    if (usable_pos(p->power_w)) {
        double w = p->power_w;
        out->per_watt = ratio_or_nan(rate, w);
        switch (kind) {
        case EFF_OPS:
            out->energy_per_unit = ratio_or_nan(w, value);
            break;
        case EFF_BYTES:
        case EFF_BITS:
            out->energy_per_unit = ratio_or_nan(w, value) * 1e9;
            break;
        case EFF_TIME:
        default:
            out->energy_per_unit = w * value;
            break;
        }
        if (!isfinite(out->energy_per_unit))
            out->energy_per_unit = NAN;
        out->energy_per_unit_wh = out->energy_per_unit / 3600.0;
    }

    if (usable_pos(p->price_usd))
        out->per_dollar = ratio_or_nan(rate, p->price_usd);
    if (c.rented)
        out->per_dollar_month = ratio_or_nan(rate, p->rent_usd_month);
    out->per_tco_dollar = ratio_or_nan(rate, c.tco);

    if (kind == EFF_BYTES || kind == EFF_BITS) {
        double bytes_s = kind == EFF_BITS ? value / 8.0 : value;
        double tb = bytes_s * BDB_EFF_SECONDS_PER_MONTH / 1e12;
        out->tb_per_month = isfinite(tb) ? tb : NAN;
    }
    return BDB_OK;
}

/* ceil(r), except that r within a relative 1e-9 of an integer is that
 * integer: 2.1 / 0.7 is 3.0000000000000004 in binary floating point. */
static double ceil_tolerant(double r)
{
    double near = round(r);
    if (fabs(r - near) <= 1e-9 * fabs(r))
        return near;
    return ceil(r);
}

int bdb_efficiency_match(double baseline_value, double value,
                         const char *unit, int better, const bdb_platform *p,
                         const bdb_cost_opts *o, bdb_match *out)
{
    if (!out)
        return BDB_EUSAGE;
    match_clear(out);
    bdb_cost_opts use;
    enum eff_kind kind;
    int rc = eff_prepare(unit, better, p, o, &use, &kind);
    if (rc != BDB_OK)
        return rc;

    eff_cost c;
    eff_cost_compute(p, &use, &c);
    out->missing = c.missing;
    out->assumed = c.assumed;
    if (!isfinite(value) || value <= 0)
        out->missing |= BDB_EFF_BAD_VALUE;
    if (!isfinite(baseline_value) || baseline_value <= 0)
        out->missing |= BDB_EFF_BAD_BASELINE;
    if (out->missing & (BDB_EFF_BAD_VALUE | BDB_EFF_BAD_BASELINE))
        return BDB_OK;

    double r = kind == EFF_TIME ? value / baseline_value
                                : baseline_value / value;
    if (!isfinite(r) || r <= 0) { /* overflow/underflow of extreme inputs */
        out->missing |= BDB_EFF_BAD_VALUE;
        return BDB_OK;
    }
    out->ratio = r;
    double n = ceil_tolerant(r); /* >= 1: r > 0 */
    out->count = n;

    if (usable_pos(p->price_usd))
        out->price = n * p->price_usd;
    if (usable_pos(p->power_w))
        out->power_w = n * p->power_w;
    if (c.rented)
        out->rent_month = n * p->rent_usd_month;
    if (isfinite(c.tco))
        out->tco = n * c.tco;
    return BDB_OK;
}

const char *bdb_efficiency_missing_text(unsigned bits, char *buf, size_t n)
{
    static const struct {
        unsigned bit;
        const char *name;
    } names[] = {
        {BDB_EFF_MISSING_PRICE, "price_usd"},
        {BDB_EFF_MISSING_POWER, "power_w"},
        {BDB_EFF_MISSING_RENT, "rent_usd_month"},
        {BDB_EFF_BAD_VALUE, "value"},
        {BDB_EFF_BAD_BASELINE, "baseline_value"},
        {BDB_EFF_ASSUMED_IDLE_AS_LOAD, "idle_power_w=power_w"},
    };
    if (!buf || n == 0)
        return "";
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (!(bits & names[i].bit))
            continue;
        const char *parts[2] = {len ? ", " : "", names[i].name};
        for (int k = 0; k < 2; k++) {
            for (const char *s = parts[k]; *s && len + 1 < n; s++)
                buf[len++] = *s;
        }
        buf[len] = '\0';
    }
    return buf;
}
