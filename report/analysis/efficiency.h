/* efficiency.h - the cost and power model of the report: what one platform's
 * result is worth per watt, per dollar of purchase, per dollar of rent and
 * per dollar of total cost of ownership (TCO), the energy one unit of work
 * takes, the data a rate moves in a month, and how many machines of one
 * platform it takes to match a baseline.
 *
 * Pure functions: no I/O, no SQL, no global state, nothing beyond libm.
 *
 * Never zero, never infinity for the unknown. Every output number is NaN when
 * an input it needs is missing, and the `missing` bits (BDB_EFF_MISSING_*)
 * name those inputs so the report can list them ("power_w, price_usd").
 * A platform number (bdb_platform.h) is "missing" when it is NaN, infinite,
 * or not usable as a divisor or cost: price_usd, power_w and rent_usd_month
 * must be > 0, idle_power_w >= 0. A result value that is NaN, infinite,
 * zero or negative sets BDB_EFF_BAD_VALUE and makes every figure derived
 * from it NaN (the TCO, which does not depend on it, is still computed).
 *
 * Which results have an efficiency (bdb_efficiency_applies):
 *   higher-is-better throughputs in "op/s", "B/s", "bit/s": the work rate is
 *     the value itself;
 *   lower-is-better durations in "s" (a `time` of a whole run, dd's
 *     seconds): the work rate is runs per hour = 3600 / seconds. A latency is
 *     also "s" but no run: which metrics qualify is
 *     bdb_efficiency_measures_work's to say, and the report asks it.
 *   Sizes ("B"), counts and percentages have none.
 * The value is the whole machine's: a figure normalised per core, thread
 * or GHz divided by the whole machine's watts or dollars means nothing.
 *
 * The model, with H = years * 365.25 * 24 hours (a Julian year, so three
 * years are 26298 h) and a month of 30.4375 days = 2,629,800 s (a twelfth of
 * that year):
 *   average power  = utilization * power_w + (1 - utilization) * idle,
 *                    where idle = idle_power_w, or power_w when idle_power_w
 *                    is unknown (ASSUMPTION: a machine with unknown idle draw
 *                    is taken to draw its load power all the time, the
 *                    pessimistic choice; BDB_EFF_ASSUMED_IDLE_AS_LOAD is set
 *                    whenever this changed a number, i.e. utilization < 1);
 *   energy (kWh)   = average power * H / 1000;
 *   TCO, owned     = price_usd + energy * kwh_price;
 *   TCO, rented    = rent_usd_month * 12 * years. A platform with a usable
 *                    rent_usd_month is "rented" (cloud VM, rented server):
 *                    ASSUMPTION: the rent includes the electricity, so no
 *                    energy cost is added and price_usd is not part of its
 *                    TCO (energy_kwh_total is still reported when power_w is
 *                    known, for information);
 *   per watt       = work rate / power_w (load power: the rate is reached at
 *                    load);
 *   energy per unit of work = power_w / work rate, in J per op ("J/op"),
 *                    per 1e9 bytes ("J/GB"), per 1e9 bits ("J/Gbit"); for
 *                    durations power_w * seconds per run ("J/run");
 *   TB per month   = bytes/s * 2,629,800 / 1e12 (bit/s divided by 8 first):
 *                    the capacity at that rate all month long, not scaled by
 *                    utilization.
 *
 * Currency: no conversion is made. price_usd, rent_usd_month and kwh_price
 * must be in the same currency; bdb_cost_opts.currency is only its label
 * for the renderer ("USD" by default, matching the platform field names). */
#ifndef BDB_EFFICIENCY_H
#define BDB_EFFICIENCY_H

#include <stddef.h>

#include "bdb_platform.h"

/* Defaults of bdb_cost_opts_default. */
#define BDB_EFF_DEFAULT_KWH_PRICE 0.15
#define BDB_EFF_DEFAULT_CURRENCY "USD"
#define BDB_EFF_DEFAULT_YEARS 3.0
#define BDB_EFF_DEFAULT_UTILIZATION 1.0

/* Hours in a (Julian) year and seconds in a month (a twelfth of it). */
#define BDB_EFF_HOURS_PER_YEAR (365.25 * 24.0)
#define BDB_EFF_SECONDS_PER_MONTH 2629800.0

/* Bits of bdb_efficiency.missing / bdb_match.missing: an input that a NaN
 * figure needed. bdb_efficiency_missing_text names them. */
#define BDB_EFF_MISSING_PRICE 0x01u /* "price_usd": purchase price */
#define BDB_EFF_MISSING_POWER 0x02u /* "power_w": power at load */
#define BDB_EFF_MISSING_RENT 0x04u  /* "rent_usd_month" */
#define BDB_EFF_BAD_VALUE 0x08u     /* "value": result <= 0 or not finite */
#define BDB_EFF_BAD_BASELINE 0x10u  /* "baseline_value": same, for match */
/* Bit of bdb_efficiency.assumed / bdb_match.assumed: not missing, but an
 * assumption changed the numbers (see "average power" above). */
#define BDB_EFF_ASSUMED_IDLE_AS_LOAD 0x100u /* "idle_power_w=power_w" */

/* Global options of the model. */
typedef struct bdb_cost_opts {
    double kwh_price;     /* currency per kWh, finite, >= 0 */
    const char *currency; /* label only, e.g. "USD"; NULL means "USD" */
    double years;         /* ownership period, finite, > 0 */
    double utilization;   /* share of time at load, in [0, 1] */
} bdb_cost_opts;

/* Fills *o with the defaults: 0.15 per kWh, "USD", 3 years, utilization 1.
 * NULL o is ignored. */
void bdb_cost_opts_default(bdb_cost_opts *o);

/* The efficiency figures of one result on one platform. Any number may be
 * NaN (see missing); none is ever infinite. */
typedef struct bdb_efficiency {
    double work_rate;         /* the throughput, or runs/h for durations */
    const char *work_unit;    /* "op/s", "B/s", "bit/s" or "runs/h" */
    double per_watt;          /* work_rate / power_w */
    double per_dollar;        /* work_rate / price_usd (purchase) */
    double per_dollar_month;  /* work_rate / rent_usd_month (rented only) */
    double per_tco_dollar;    /* work_rate / tco */
    double tco;               /* total cost over opts.years (see above) */
    double energy_kwh_total;  /* energy over opts.years, kWh */
    double energy_cost;       /* energy_kwh_total * kwh_price; for a rented
                                 platform this is NOT part of tco */
    double energy_per_unit;   /* J per unit of work, see energy_unit */
    double energy_per_unit_wh;/* the same in Wh (energy_per_unit / 3600) */
    const char *energy_unit;  /* "J/op", "J/GB", "J/Gbit" or "J/run" */
    double tb_per_month;      /* data rates only ("B/s", "bit/s"), else NaN */
    int rented;               /* 1: rent_usd_month is usable, TCO is rent */
    unsigned missing;         /* BDB_EFF_MISSING_* and BDB_EFF_BAD_VALUE */
    unsigned assumed;         /* BDB_EFF_ASSUMED_* */
} bdb_efficiency;

/* 1 if a result in this canonical unit and direction (better: 1 higher is
 * better, -1 lower is better, as bdb_better in bdb_sample.h) has efficiency
 * figures: "op/s", "B/s", "bit/s" with better > 0, or "s" with better < 0.
 * 0 otherwise, and for a NULL unit. */
int bdb_efficiency_applies(const char *unit, int better);

/* 1 if a result of this metric has efficiency figures at all: the one
 * question every report asks before it shows a per-watt, per-dollar, TCO,
 * work-rate or energy figure. Only two kinds of result qualify:
 *   throughputs: a rate of bdb_efficiency_applies (op/s, B/s, bit/s,
 *     higher is better) that is the run's rate, not a spread, an extreme
 *     or a per-thread part of it (no "stdev", "_sd", "_min", "_max",
 *     "min_", "max_", "thread_", percentile "_p<digit>" or "latency" in
 *     the metric: fio's iops_max, iperf's interval_throughput_min);
 *   whole-run durations: "s", lower is better, of a metric that times a
 *     whole run ("real", "elapsed", "wall", "wall_time", "wallclock",
 *     "duration", "runtime", "total_time", "time").
 * Latencies, percentiles, per-operation times (openssl's sign_time),
 * counts, sizes and shares have none: redis-benchmark's 14.5 ms
 * latency_max is not the time of a run, and 248169 "runs/h" of it mean
 * nothing. 0 for a NULL metric or unit. */
int bdb_efficiency_measures_work(const char *metric, const char *unit,
                                 int better);

/* Computes the efficiency of value (in unit, see bdb_efficiency_applies) on
 * platform p under options o (NULL: the defaults) into *out.
 *
 * Missing inputs are reported, not refused: the call returns BDB_OK and the
 * figures that needed them are NaN with the matching bits in out->missing:
 *   per_watt, energy_per_unit(_wh), energy_kwh_total, energy_cost and an
 *     owned platform's tco need power_w (MISSING_POWER);
 *   per_dollar needs price_usd; MISSING_PRICE is set only for a platform
 *     that is not rented (for a rented one a purchase price does not apply);
 *   per_dollar_month needs rent_usd_month; it is NaN without being flagged
 *     on an owned platform (rent does not apply), and MISSING_RENT is set
 *     only together with MISSING_PRICE, when the platform has neither, so
 *     no cost at all is known;
 *   a value <= 0, NaN or infinite sets BDB_EFF_BAD_VALUE and every figure
 *     except tco, energy_kwh_total and energy_cost is NaN.
 * work_unit and energy_unit are always set (static strings) on BDB_OK.
 *
 * Returns BDB_EUSAGE when out or p is NULL, when the unit/better pair has no
 * efficiency, or when o has kwh_price < 0, years <= 0, utilization outside
 * [0, 1] or a non-finite number; *out (when not NULL) then has every number
 * NaN, units NULL and no bits. */
int bdb_efficiency_compute(double value, const char *unit, int better,
                           const bdb_platform *p, const bdb_cost_opts *o,
                           bdb_efficiency *out);

/* How many machines of platform p, each delivering value, match one
 * baseline machine delivering baseline_value, and what they cost and draw
 * together. */
typedef struct bdb_match {
    double ratio;        /* unrounded: baseline / value (throughputs) or
                            value / baseline (durations) */
    double count;        /* ceil(ratio), at least 1 */
    double price;        /* count * price_usd */
    double power_w;      /* count * power_w (at load) */
    double rent_month;   /* count * rent_usd_month (rented only) */
    double tco;          /* count * the TCO of one (bdb_efficiency_compute) */
    unsigned missing;    /* BDB_EFF_MISSING_*, BAD_VALUE, BAD_BASELINE */
    unsigned assumed;    /* BDB_EFF_ASSUMED_* */
} bdb_match;

/* Fills *out with the number of machines of platform p (each reaching value)
 * that reach the throughput of one baseline machine (reaching
 * baseline_value), both in the same unit:
 *   throughputs (higher is better): count = ceil(baseline_value / value);
 *   durations (lower is better): N machines finish N runs every value
 *     seconds, so count = ceil(value / baseline_value).
 * A ratio within a relative 1e-9 of an integer counts as that integer, so
 * floating-point noise (2.1 / 0.7 = 3.0000000000000004) does not buy one
 * machine too many. A platform faster than the baseline gives count 1.
 * price, power_w, rent_month and tco are NaN with the bits of
 * bdb_efficiency_compute when their input is missing (rent_month NaN
 * unflagged on an owned platform; price NaN unflagged on a rented one).
 * A bad value sets BDB_EFF_BAD_VALUE, a bad baseline BDB_EFF_BAD_BASELINE;
 * either makes ratio, count and every total NaN.
 * Returns BDB_OK, or BDB_EUSAGE as bdb_efficiency_compute (*out then all
 * NaN, no bits). */
int bdb_efficiency_match(double baseline_value, double value,
                         const char *unit, int better, const bdb_platform *p,
                         const bdb_cost_opts *o, bdb_match *out);

/* Writes the names of the inputs in bits (missing and/or assumed bits may be
 * or'ed together) into buf as a ", "-separated list in bit order:
 * "price_usd", "power_w", "rent_usd_month", "value", "baseline_value",
 * "idle_power_w=power_w"; unknown bits are ignored; no bits give "".
 * The text is truncated to fit n bytes and always NUL-terminated.
 * Returns buf; when buf is NULL or n is 0 returns a static "" and writes
 * nothing. */
const char *bdb_efficiency_missing_text(unsigned bits, char *buf, size_t n);

#endif
