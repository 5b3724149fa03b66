/* parse_wrk.c - wrk and wrk2 output.
 *
 * wrk 4.x prints (src/wrk.c, src/stats.c, src/units.c):
 *   Running 30s test @ URL                      (old wrk: "Making N requests
 *     2 threads and 10 connections               to URL")
 *     Thread Stats   Avg      Stdev     Max   +/- Stdev
 *       Latency   ...                          (format_time_us)
 *       Req/Sec   ...                          (format_metric)
 *     Latency Distribution                     (--latency: 50/75/90/99%)
 *     N requests in 30.10s, 7.61GB read        (format_time_us, format_binary)
 *     Socket errors: connect N, read N, write N, timeout N   (when any)
 *     Non-2xx or 3xx responses: N              (when any)
 *   Requests/sec: N
 *   Transfer/sec: 259.01MB                     (format_binary + "B")
 * and, with a Lua script whose done() prints, whatever it prints. Before
 * "Running", on stderr: "unable to connect to HOST:PORT MSG", "unable to
 * resolve ...", "invalid URL: ...", "number of connections must be >=
 * threads", "unable to initialize SSL", "unable to create thread N: MSG",
 * "SCRIPT: MSG" (a Lua error), the usage text; wrk2 adds "Throughput MUST
 * be specified with the --rate or -R option". Each is a warning at its
 * line; a capture with nothing else fails with it.
 * wrk2 adds "Thread calibration: ..." lines, prints the distribution as
 * "Latency Distribution (HdrHistogram - Recorded Latency)" with 50.000% ..
 * 100.000% rows, then a "Detailed Percentile spectrum" (HdrHistogram's
 * classic output, values in milliseconds: value_scale 1000 over a histogram
 * of microseconds), a "#[Mean ... ]" footer and a dashed line; with -U a
 * second block "... - Uncorrected Latency (measured without taking delayed
 * starts into account))".
 *
 * Units (wrk's units.c): times are us, ms, s and past 1e6 us s, m; "m" is
 * minutes. Req/Sec uses metric units (k = 1000, M = 1e6). Bytes read and
 * Transfer/sec use binary units: K, M, G, T, P are powers of 1024 ("7.61GB"
 * = 7.61 * 2^30 bytes); a bare "B" is bytes. "Running 2m test" is
 * format_time_s with no decimals, so a duration of 51 s or more is printed
 * rounded to whole minutes.
 *
 * What published copies add: counts re-typed with thousands grouped by
 * commas ("1,086,106,192 requests", "Requests/sec: 17,886,898.43"; wrk's
 * printf never groups) are read; a quote whose head is cut (starting at
 * "Thread Stats", a Latency or Req/Sec row, or "N requests in") is read
 * from there, warned at its first line. When no request completed,
 * stats_within_stdev divides by zero and the "+/- Stdev" column prints
 * "nan%" or "-nan%": the row's other three figures are kept, the column
 * is warned about.
 *
 * Metrics (seconds, op/s, B, B/s, counts): latency_mean, latency_stdev,
 * latency_max, latency_within_stdev (%), thread_requests_per_sec_mean,
 * _stdev, _max, _within_stdev (DeathStarBench's wrk2 prints a "99%"
 * column instead of "Max": latency_stats_p99, thread_requests_per_sec_p99;
 * its several URLs, "Test Results @" and "Overall Statistics" blocks are
 * told at target_block()); latency_pNN for every percentile row
 * (latency_p50, latency_p99_9, latency_p100 ...; wrk2's recorded latency is
 * corrected for coordinated omission; its -U block becomes
 * latency_uncorrected_pNN); from the spectrum only a summary: latency_min
 * (its 0th percentile row) and latency_samples (its total count), plus the
 * standard percentiles when no distribution block printed them (then the
 * first spectrum row at or past the percentile); complete_requests,
 * time_taken (the run time "in 30.10s"), bytes_read,
 * socket_errors_connect/read/write/timeout and non_2xx_3xx_responses (both
 * warned about; wrk counts status > 399 there), requests_per_sec,
 * transfer_rate.
 *
 * Parameters: threads, concurrency (connections), duration (seconds, from
 * "Running 30s test"), requests (old wrk's "Making N requests"), variant
 * (wrk2 when calibration or HdrHistogram lines or -R show it: wrk2 runs at a
 * fixed rate, a different measurement from wrk's), scheme (http/https), port
 * (when the URL names one) and path. The host is not a parameter: it is
 * each machine's own address or name (127.0.0.1, 10.1.0.15, localhost), and
 * keeping it would stop the same test on two platforms from being compared.
 * The benchmark is the URL path.
 *
 * A command line before the run (a prompt, `echo`, set -x, see cmdline.h)
 * is read with wrk2's getopt table (a superset of wrk's, src/wrk.c
 * parse_args: "t:c:d:s:H:T:R:LUBrv", long connections threads duration
 * script header latency u_latency batch_latency timeout rate version):
 * -t threads, -c concurrency (scan_metric: 1k = 1000), -d duration
 * (scan_time: bare seconds, s, m, h), -R rate (op/s; wrk2 only, so it also
 * sets variant=wrk2), -s script (its file name), -H header (all of them,
 * "; " between), --timeout timeout (seconds), -B batch_latency=1. The
 * printed "N threads and N connections" and "Running Ns test" win; a
 * command that disagrees with them is warned about. --latency and -U only
 * choose what is printed, not what is measured, so they are no parameters
 * (a run with and one without --latency stay one series). */
#include "ingest.h"
#include "cmdline.h"
#include "wrapped.h"
#include "../common/bdb_scan.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WRK_MAX_FIGS 64
/* target_block: the line opens no block (no run to take it) */
#define BDB_NOT_BLOCK 1
#define WRK_NSTD 8

typedef struct wrk_fig {
    char metric[BDB_METRIC_MAX];
    double value;
    const char *unit;
    bdb_better better;
    int line;
} wrk_fig;

enum { W_HEAD, W_DIST, W_SPECTRUM, W_BODY };

/* Calibration lines kept per wrk2 run (one per thread); past it a
 * warning names the limit. */
#define WRK_MAX_CALIB 1024

/* What a command line said, kept until the run it started opens. */
typedef struct wrk_cmd {
    int line;                  /* 0: none pending */
    bdb_params params;
    int has_threads, has_conns, has_duration;
    double threads, conns, duration;
    int full;                  /* a parameter did not fit */
    char bad[96];              /* first option value not understood */
    size_t header_len;         /* bytes of the joined -H values */
    int header_cut;
} wrk_cmd;

typedef struct wrk_run {
    int open, start_line, section;
    int wrk2, uncorrected;
    int seen_threads, seen_stats, seen_summary, seen_rps, seen_transfer;
    int have_dist;
    int fragment;              /* opened at a report line, its head cut */
    int targets;               /* DeathStarBench's wrk2: URLs of one run
                                  ("Running" once per URL), 0 or 1: one */
    int p99_col;               /* its "Thread Stats ... 99%" column */
    int over_figs;             /* figures past WRK_MAX_FIGS (warned) */
    /* spectrum summary */
    int spec_rows;
    double spec_min, spec_count;
    int spec_min_line, spec_count_line;
    double spec_p[WRK_NSTD];
    int spec_p_line[WRK_NSTD];
    wrk_cmd cmd;               /* the command that started this run */
    /* wrk2's "Thread calibration: mean lat.: 3.456ms, rate sampling
     * interval: 10ms" lines, one per thread: the trace of latency_mean */
    double calib_lat[WRK_MAX_CALIB], calib_interval[WRK_MAX_CALIB];
    int calib_line[WRK_MAX_CALIB];
    int ncalib, over_calib;
    bdb_sample base;
    wrk_fig figs[WRK_MAX_FIGS];
    int nfig;
} wrk_run;

typedef struct wrk_state {
    wrk_run run;
    /* DeathStarBench's wrk2 with several URLs: what its "Test Results @
     * URL" blocks and its "Overall Statistics" block share (threads,
     * connections, duration, the command's settings) */
    int have_multi, multi_wrk2, multi_targets;
    bdb_sample multi_base;
    wrk_cmd multi_cmd;
    wrk_cmd cmd;               /* a command line not yet followed by a run */
    int after_line, after_count; /* unread lines after a run (Lua output) */
    char after_first[64];
    int usage_line;            /* inside wrk's usage text */
    int seen_wrk;              /* anything of wrk's at all */
    bdb_sink *out;
} wrk_state;

/* Records a warning. Only running out of memory stops the parse: a sink
 * full of warnings (its limit) keeps the figures. */
static int wrk_note(bdb_sink *out, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int wrk_note(bdb_sink *out, int line, const char *fmt, ...)
{
    char text[sizeof ((bdb_note *)0)->text];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    int rc = bdb_sink_warn(out, line, "%s", text);
    return rc == BDB_ENOMEM ? rc : BDB_OK;
}

static const double std_pcts[WRK_NSTD] = {50, 75, 90, 99, 99.9, 99.99,
                                          99.999, 100};

static const char *const wrk_tools[] = {"wrk", "wrk2", NULL};

/* A wrk command line on [p, end)? Cheap test first: sniff and parse call it
 * on every line. */
static int find_cmdline(const char *p, const char *end, bdb_cmdline *cl)
{
    if (!bdb_find(p, end, "wrk"))
        return 0;
    return bdb_cmdline_parse_line(p, end, wrk_tools, cl);
}

static int sniff(const char *buf, size_t len)
{
    int running = bdb_memfind(buf, len, "test @ ") != NULL ||
                  bdb_memfind(buf, len, "requests to ") != NULL;
    int threads = bdb_memfind(buf, len, "threads and ") != NULL;
    int rps = bdb_memfind(buf, len, "Requests/sec:") != NULL;
    int tps = bdb_memfind(buf, len, "Transfer/sec:") != NULL;
    int stats = bdb_memfind(buf, len, "Thread Stats") != NULL;
    if (running && threads && (stats || rps))
        return 100;
    if (rps && tps && (stats || threads))
        return 90;
    if (stats && bdb_memfind(buf, len, "Req/Sec"))
        return 70;
    /* a run's tail alone (a post keeping the last lines of a spectrum):
     * wrk's own summary, "N requests in T, S read" (wrk.c, PRIu64
     * " requests in %s, %sB read") with both rates after it */
    if (rps && tps && bdb_memfind(buf, len, " requests in ") &&
        bdb_memfind(buf, len, "B read"))
        return 65;
    if (running && threads && bdb_memfind(buf, len, " connections"))
        return 60; /* a run cut right after its header */
    /* wrk2's spectrum footer (HdrHistogram's hdr_percentiles_print:
     * "#[Mean    = %12.3f, StdDeviation   = %12.3f]") then wrk's own
     * "N requests in T, S read": a post that kept only a run's tail,
     * without either rate line */
    if (bdb_memfind(buf, len, "#[Mean ") &&
        bdb_memfind(buf, len, "StdDeviation") &&
        bdb_memfind(buf, len, " requests in ") &&
        bdb_memfind(buf, len, "B read"))
        return 60;
    /* A post quoting only wrk2's distribution block: its header is wrk2's
     * own (print_hdr_latency's title), no other program prints it. */
    if (bdb_memfind(buf, len, "Latency Distribution (HdrHistogram - "))
        return 60;
    /* A wrk command followed by one of wrk's own error messages. */
    if (!bdb_memfind(buf, len, "unable to ") &&
        !bdb_memfind(buf, len, "Usage: wrk") &&
        !bdb_memfind(buf, len, "invalid URL: ") &&
        !bdb_memfind(buf, len, "number of connections must be"))
        return 0;
    bdb_lines it;
    bdb_line l;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &l)) {
        bdb_cmdline cl;
        int r = find_cmdline(l.p, l.end, &cl);
        if (r == 1) {
            bdb_cmdline_free(&cl);
            return 60;
        }
        if (r < 0)
            return 0;
    }
    return 0;
}

static int warn(wrk_state *st, int line, const char *p, const char *end,
                const char *what)
{
    int n = (int)(end - p > 100 ? 100 : end - p);
    return wrk_note(st->out, line, "%s: \"%.*s\"", what, n, p);
}

static int fig(wrk_state *st, const char *metric, double value,
               const char *unit, bdb_better better, int line)
{
    wrk_run *r = &st->run;
    if (r->nfig >= WRK_MAX_FIGS) {
        if (r->over_figs++)
            return BDB_OK;
        return wrk_note(st->out, line,
                        "more than %d figures in one wrk run: %s and "
                        "the rest of this run's figures are not kept",
                        WRK_MAX_FIGS, metric);
    }
    wrk_fig *f = &r->figs[r->nfig++];
    bdb_strlcpy(f->metric, sizeof f->metric, metric);
    f->value = value;
    f->unit = unit;
    f->better = better;
    f->line = line;
    return BDB_OK;
}

/* Sets a parameter of the run; a full set is warned about, not ignored. */
static int set_param(wrk_state *st, int line, const char *key,
                     const char *value)
{
    if (bdb_params_set(&st->run.base.params, key, "%s", value) == BDB_OK)
        return BDB_OK;
    return wrk_note(st->out, line,
                    "parameter %s=%s not kept: a run has at most %d "
                    "parameters",
                    key, value, BDB_MAX_PARAMS);
}

static int set_param_span(wrk_state *st, int line, const char *key,
                          const char *p, const char *end)
{
    char value[BDB_PARAM_VALUE_MAX];
    bdb_copy(value, sizeof value, p, end);
    return set_param(st, line, key, value);
}

static int set_param_num(wrk_state *st, int line, const char *key, double v)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%.15g", v);
    return set_param(st, line, key, buf);
}

/* A number followed by a wrk time unit ("339.83ms", "2.00s", "1.00m"). */
/* The time unit at q after the number v: *secs and *p past it. */
static int time_unit(const char *q, const char *end, double v,
                     const char **p, double *secs)
{
    double mult;
    const char *u = q;
    while (q < end && *q != ' ' && *q != '\t' && *q != ',')
        q++;
    if (u == q || bdb_units_time(u, q, &mult) != 0)
        return 0;
    *secs = v * mult;
    *p = q;
    return 1;
}

static int scan_time(const char **p, const char *end, double *secs)
{
    double v;
    const char *q = *p;
    return bdb_scan_number(&q, end, &v, 0) && time_unit(q, end, v, p, secs);
}

/* A number with an optional metric prefix ("65.13k", "470.08"). */
static int scan_metric(const char **p, const char *end, double *out)
{
    double v, mult = 1.0;
    const char *q = *p;
    if (!bdb_scan_number(&q, end, &v, 0))
        return 0;
    if (q < end && *q != ' ' && *q != '\t') {
        size_t used = bdb_units_prefix(q, end, 1000, &mult);
        if (!used)
            return 0;
        q += used;
        if (q < end && *q != ' ' && *q != '\t')
            return 0;
    }
    *out = v * mult;
    *p = q;
    return 1;
}

/* A binary size ("7.61GB", "45.63B"). */
static int scan_size(const char **p, const char *end, double *bytes)
{
    double v, mult;
    int bits;
    const char *q = *p;
    if (!bdb_scan_number(&q, end, &v, 0))
        return 0;
    const char *u = q;
    while (q < end && *q != ' ' && *q != '\t' && *q != ',')
        q++;
    if (u == q || bdb_units_size(u, q, 1024, &mult, &bits) != 0 || bits)
        return 0;
    *bytes = v * mult;
    *p = q;
    return 1;
}

/* ------------------------------------------------------ the command line */

/* wrk's scan_metric on an option value: an integer with an optional k, M,
 * G, T, P (case-insensitive, powers of 1000). */
static int opt_metric(const char *s, double *out)
{
    const char *p = s, *end = s + strlen(s);
    long long n;
    if (!bdb_scan_int(&p, end, &n) || n < 0)
        return 0;
    double mult = 1;
    if (p < end) {
        static const char units[] = "kmgtp";
        char c = (char)(*p | 0x20);
        const char *u = strchr(units, c);
        if (!u || !*u || p + 1 != end)
            return 0;
        for (const char *x = units; x <= u; x++)
            mult *= 1000;
    }
    *out = (double)n * mult;
    return 1;
}

/* wrk's scan_time on an option value: an integer with an optional s, m or
 * h (a bare number is seconds). */
static int opt_time(const char *s, double *out)
{
    const char *p = s, *end = s + strlen(s);
    long long n;
    if (!bdb_scan_int(&p, end, &n) || n < 0)
        return 0;
    double mult = 1;
    if (p < end) {
        char c = (char)(*p | 0x20);
        if (p + 1 != end || (c != 's' && c != 'm' && c != 'h'))
            return 0;
        mult = c == 'm' ? 60 : c == 'h' ? 3600 : 1;
    }
    *out = (double)n * mult;
    return 1;
}

static void cmd_bad(wrk_cmd *c, const char *name, const char *value)
{
    if (!c->bad[0])
        snprintf(c->bad, sizeof c->bad, "%s%s %s", strlen(name) > 1 ? "--" : "-",
                 name, value ? value : "");
}

static void cmd_set(wrk_cmd *c, const char *key, const char *value)
{
    if (bdb_params_set(&c->params, key, "%s", value) != BDB_OK)
        c->full = 1;
}

static void cmd_set_num(wrk_cmd *c, const char *key, double v)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%.15g", v);
    cmd_set(c, key, buf);
}

static int is_opt(const char *name, const char *shrt, const char *lng)
{
    return strcmp(name, shrt) == 0 || strcmp(name, lng) == 0;
}

static int cmd_option(const char *name, const char *value, void *ctx)
{
    wrk_cmd *c = ctx;
    double v;
    if (is_opt(name, "t", "threads")) {
        if (!value || !opt_metric(value, &v))
            cmd_bad(c, name, value);
        else
            c->has_threads = 1, c->threads = v;
    } else if (is_opt(name, "c", "connections")) {
        if (!value || !opt_metric(value, &v))
            cmd_bad(c, name, value);
        else
            c->has_conns = 1, c->conns = v;
    } else if (is_opt(name, "d", "duration")) {
        if (!value || !opt_time(value, &v))
            cmd_bad(c, name, value);
        else
            c->has_duration = 1, c->duration = v;
    } else if (is_opt(name, "R", "rate")) {
        if (!value || !opt_metric(value, &v)) {
            cmd_bad(c, name, value);
        } else {
            cmd_set_num(c, "rate", v);
            cmd_set(c, "variant", "wrk2");
        }
    } else if (is_opt(name, "T", "timeout")) {
        if (!value || !opt_time(value, &v))
            cmd_bad(c, name, value);
        else
            cmd_set_num(c, "timeout", v);
    } else if (is_opt(name, "s", "script")) {
        if (value) {
            const char *b = strrchr(value, '/');
            cmd_set(c, "script", b ? b + 1 : value);
        }
    } else if (is_opt(name, "H", "header")) {
        if (value) {
            const char *have = bdb_params_get(&c->params, "header");
            char joined[BDB_PARAM_VALUE_MAX];
            int n = have ? snprintf(joined, sizeof joined, "%s; %s", have, value)
                         : snprintf(joined, sizeof joined, "%s", value);
            c->header_len += strlen(value) + (have ? 2 : 0);
            if (n < 0 || (size_t)n >= sizeof joined)
                c->header_cut = 1;
            cmd_set(c, "header", joined);
        }
    } else if (is_opt(name, "B", "batch_latency")) {
        cmd_set(c, "batch_latency", "1");
    }
    /* -L/--latency, -U/--u_latency, -v, -r, the URL: output only (see the
     * header) or printed by wrk itself. */
    return 0;
}

/* A wrk command line: read its options into st->cmd. */
static int command_line(wrk_state *st, const bdb_cmdline *cl, int line)
{
    static const char *const longs[] = {
        "connections:", "duration:", "threads:", "script:", "header:",
        "latency", "u_latency", "batch_latency", "timeout:", "help",
        "version", "rate:", NULL};
    int rc = BDB_OK;
    if (st->cmd.line)
        rc = wrk_note(st->out, st->cmd.line,
                      "this wrk command printed no results (wrk failed "
                      "or the capture stops): expected \"Running ... "
                      "test @ URL\" after it");
    memset(&st->cmd, 0, sizeof st->cmd);
    st->cmd.line = line;
    st->seen_wrk = 1;
    (void)bdb_cmdline_getopt(cl, "t:c:d:s:H:T:R:LUBrvh", longs, cmd_option,
                             &st->cmd);
    if (cl->argc > 0 && strcmp(cl->argv[0], "wrk2") == 0)
        cmd_set(&st->cmd, "variant", "wrk2");
    if (!rc && st->cmd.bad[0])
        rc = wrk_note(st->out, line,
                      "wrk option \"%s\" not understood (expected a "
                      "number such as 10, 1k, 30s, 2m): not a parameter",
                      st->cmd.bad);
    if (!rc && st->cmd.header_cut)
        rc = wrk_note(st->out, line,
                      "the -H headers (%zu bytes) are cut to %d bytes "
                      "in the header parameter",
                      st->cmd.header_len, BDB_PARAM_VALUE_MAX - 1);
    if (!rc && st->cmd.full)
        rc = wrk_note(st->out, line,
                      "some wrk options are not kept: a run has at most "
                      "%d parameters",
                      BDB_MAX_PARAMS);
    return rc;
}

/* ------------------------------------------------------------------ runs */

static int calibration_trace(wrk_state *st);

static int run_close(wrk_state *st)
{
    wrk_run *r = &st->run;
    if (!r->open)
        return BDB_OK;
    r->open = 0;
    int rc = BDB_OK;
    if (!r->seen_stats && !r->seen_summary && !r->seen_rps &&
        !r->nfig && !r->spec_rows)
        return wrk_note(st->out, r->start_line,
                        "this wrk run stops before its results (wrk "
                        "killed, or the capture is cut): expected "
                        "\"Thread Stats\", \"N requests in T, S read\" "
                        "and \"Requests/sec:\"");
    if (!r->seen_summary || !r->seen_rps || !r->seen_transfer)
        rc = wrk_note(st->out, r->start_line,
                      "this wrk run is cut before %s: its other figures "
                      "are kept",
                      !r->seen_summary ? "\"N requests in T, S read\""
                      : !r->seen_rps   ? "\"Requests/sec:\""
                                            : "\"Transfer/sec:\"");
    if (!rc && r->wrk2)
        rc = set_param(st, r->start_line, "variant", "wrk2");
    for (int i = 0; !rc && i < r->nfig; i++) {
        const wrk_fig *f = &r->figs[i];
        rc = bdb_sink_add(st->out, &r->base, f->metric, f->value, f->unit,
                          f->better, f->line);
    }
    if (!rc)
        rc = calibration_trace(st);
    if (r->spec_rows) {
        if (!rc && r->spec_min_line)
            rc = bdb_sink_add(st->out, &r->base, "latency_min", r->spec_min,
                              BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER,
                              r->spec_min_line);
        if (!rc && r->spec_count_line)
            rc = bdb_sink_add(st->out, &r->base, "latency_samples",
                              r->spec_count, BDB_UNIT_COUNT, BDB_NEUTRAL,
                              r->spec_count_line);
        for (int k = 0; !rc && !r->have_dist && k < WRK_NSTD; k++) {
            if (!r->spec_p_line[k])
                continue;
            char metric[BDB_METRIC_MAX], pct[16];
            snprintf(pct, sizeof pct, "%g", std_pcts[k]);
            for (char *c = pct; *c; c++)
                if (*c == '.')
                    *c = '_';
            snprintf(metric, sizeof metric, "latency_p%s", pct);
            rc = bdb_sink_add(st->out, &r->base, metric, r->spec_p[k],
                              BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER,
                              r->spec_p_line[k]);
        }
    }
    return rc;
}

/* A time with its unit glued ("3.456ms") or, as an early wrk2 printed
 * its calibration lines ("mean lat.: 9319 usec, rate sampling interval:
 * 21 msec", the wrk2 README's first example), after a blank. */
static int scan_calib_time(const char **p, const char *end, double *secs)
{
    if (scan_time(p, end, secs))
        return 1;
    double v;
    const char *q = *p;
    return bdb_scan_number(&q, end, &v, 0) && q < end && *q == ' ' &&
           time_unit(bdb_skip_ws(q, end), end, v, p, secs);
}

/* A wrk2 thread's calibration line, kept for the run's trace. */
static int calibration(wrk_state *st, const char *p, const char *end,
                       int line)
{
    wrk_run *r = &st->run;
    const char *q = bdb_memfind(p, (size_t)(end - p), "mean lat.:");
    double lat, iv = -1;
    if (!q)
        return BDB_OK;
    q += 10;
    q = bdb_skip_ws(q, end);
    if (!scan_calib_time(&q, end, &lat))
        return warn(st, line, p, end, "a wrk2 calibration line that does "
                                      "not parse");
    const char *s = bdb_memfind(q, (size_t)(end - q), "interval:");
    if (s) {
        s = bdb_skip_ws(s + 9, end);
        if (!scan_calib_time(&s, end, &iv))
            iv = -1;
    }
    if (r->ncalib >= WRK_MAX_CALIB) {
        if (r->over_calib++)
            return BDB_OK;
        return wrk_note(st->out, line, "more than %d wrk2 calibration lines "
                        "in one run: this one and the rest are not kept",
                        WRK_MAX_CALIB);
    }
    r->calib_lat[r->ncalib] = lat;
    r->calib_interval[r->ncalib] = iv;
    r->calib_line[r->ncalib++] = line;
    return BDB_OK;
}

/* The calibration lines as the trace of the run's latency_mean, after
 * the run's figures. */
static int calibration_trace(wrk_state *st)
{
    wrk_run *r = &st->run;
    int rc = BDB_OK;
    for (int i = 0; !rc && i < r->ncalib; i++) {
        bdb_trace t;
        char label[32];
        snprintf(label, sizeof label, "thread %d", i + 1);
        bdb_trace_set(&t, "calibration_latency_mean", label, NAN, NAN);
        rc = bdb_sink_trace(st->out, &r->base, "latency_mean", &t,
                            r->calib_lat[i], BDB_UNIT_SECONDS,
                            BDB_LOWER_IS_BETTER, r->calib_line[i]);
        if (!rc && r->calib_interval[i] >= 0) {
            bdb_trace_set(&t, "calibration_sampling_interval", label, NAN,
                          NAN);
            rc = bdb_sink_trace(st->out, &r->base, "latency_mean", &t,
                                r->calib_interval[i], BDB_UNIT_SECONDS,
                                BDB_NEUTRAL, r->calib_line[i]);
        }
    }
    return rc;
}

/* The run that a command line started gets its parameters. */
static int run_open(wrk_state *st, int line)
{
    wrk_run *r = &st->run;
    memset(r, 0, sizeof *r);
    r->open = 1;
    r->start_line = line;
    st->seen_wrk = 1;
    bdb_sample_init(&r->base, NULL);
    if (st->cmd.line) {
        r->cmd = st->cmd;
        r->base.params = st->cmd.params;
        memset(&st->cmd, 0, sizeof st->cmd);
    }
    return BDB_OK;
}

/* A printed setting against the command's: the printed one is kept. */
static int check_cmd(wrk_state *st, int line, int has, double cmd,
                     double printed, const char *opt, const char *what)
{
    if (!has || cmd == printed)
        return BDB_OK;
    return wrk_note(st->out, line,
                    "the wrk command on line %d says %s %.15g but wrk "
                    "printed %.15g %s; the printed value is kept",
                    st->run.cmd.line, opt, cmd, printed, what);
}

/* "Running 30s test @ http://host:port/path": scheme, port (when the URL
 * names one) and path are parameters; the host is not (see the header). */
static int set_url(wrk_state *st, const char *u, const char *end, int line)
{
    wrk_run *r = &st->run;
    int rc = BDB_OK;
    bdb_trim(&u, &end);
    /* wrk prints the URL as given, which holds no blank: a note after it
     * ("http://localhost:8079/hello （压测时间1分钟）") is the author's */
    for (const char *b = u; b < end; b++)
        if ((*b == ' ' || *b == '\t') && bdb_is_trailer(b, end)) {
            end = b;
            break;
        }
    const char *s = bdb_find(u, end, "://");
    const char *host = s ? s + 3 : u;
    if (s)
        rc = set_param_span(st, line, "scheme", u, s);
    const char *path = memchr(host, '/', (size_t)(end - host));
    if (!path)
        path = end;
    const char *colon = NULL;
    for (const char *c = host; c < path; c++)
        if (*c == ':')
            colon = c; /* the last one: [::1]:8080 */
    if (!rc && colon && colon + 1 < path && colon[-1] != ':')
        rc = set_param_span(st, line, "port", colon + 1, path);
    if (rc)
        return rc;
    if (path < end) {
        if (end - path >= BDB_PARAM_VALUE_MAX || end - path >= BDB_BENCHMARK_MAX)
            rc = wrk_note(st->out, line,
                          "the URL path (%d bytes) is cut to %d bytes in "
                          "the benchmark name and path parameter",
                          (int)(end - path), BDB_PARAM_VALUE_MAX - 1);
        bdb_sample_set_benchmark(&r->base, path, end);
        if (!rc)
            rc = set_param_span(st, line, "path", path, end);
    } else {
        static const char root[] = "/";
        bdb_sample_set_benchmark(&r->base, root, root + 1);
        rc = set_param(st, line, "path", "/");
    }
    return rc;
}

/* Reads a Thread Stats row after its label ("339.83ms  442.72ms   2.00s
 * 84.66%"): three times (latency) or rates, then the "+/- Stdev"
 * percentage, which wrk prints as "nan%" or "-nan%" when no request
 * completed (stats_within_stdev divides by a count of 0): *pct_nan is then
 * 1 and v[3] unset. Returns 0 and *why when the row does not read whole. */
static int scan_stats_row(const char *p, const char *end, int latency,
                          double v[4], int *pct_nan, const char **why)
{
    *pct_nan = 0;
    for (int i = 0; i < 3; i++) {
        p = bdb_skip_ws(p, end);
        int ok = latency ? scan_time(&p, end, &v[i])
                         : scan_metric(&p, end, &v[i]);
        if (!ok) {
            *why = latency ? "expected three times (Avg, Stdev, Max) "
                             "and a percentage after \"Latency\"; row "
                             "not read"
                           : "expected three rates (Avg, Stdev, Max) and "
                             "a percentage after \"Req/Sec\"; row not "
                             "read";
            return 0;
        }
    }
    p = bdb_skip_ws(p, end);
    const char *n = p;
    if (n < end && *n == '-')
        n++;
    if (bdb_scan_lit(&n, end, "nan%", 0) && bdb_is_blank(n, end)) {
        *pct_nan = 1;
        return 1;
    }
    if (!bdb_scan_number(&p, end, &v[3], 0) || !bdb_scan_lit(&p, end, "%", 0) ||
        !bdb_is_blank(p, end)) {
        *why = "expected a \"+/- Stdev\" percentage at the end; row not "
               "read";
        return 0;
    }
    return 1;
}

/* "Latency   339.83ms  442.72ms   2.00s    84.66%". Nothing is kept from a
 * row that does not read whole. */
static int stats_row(wrk_state *st, const char *p, const char *end,
                     int latency, int line, const char *lp, const char *le)
{
    static const char *const lat[] = {"latency_mean", "latency_stdev",
                                      "latency_max", "latency_within_stdev"};
    static const char *const req[] = {
        "thread_requests_per_sec_mean", "thread_requests_per_sec_stdev",
        "thread_requests_per_sec_max", "thread_requests_per_sec_within_stdev"};
    /* DeathStarBench's wrk2 prints the 99th percentile where wrk prints
     * the maximum ("Thread Stats   Avg   Stdev     99%   +/- Stdev") */
    static const char *const lat99[] = {"latency_mean", "latency_stdev",
                                        "latency_stats_p99",
                                        "latency_within_stdev"};
    static const char *const req99[] = {
        "thread_requests_per_sec_mean", "thread_requests_per_sec_stdev",
        "thread_requests_per_sec_p99", "thread_requests_per_sec_within_stdev"};
    double v[4];
    int pct_nan;
    const char *why = NULL;
    if (!scan_stats_row(p, end, latency, v, &pct_nan, &why))
        return warn(st, line, lp, le, why);
    st->run.seen_stats = 1;
    int p99 = st->run.p99_col;
    for (int i = 0; i < (pct_nan ? 3 : 4); i++) {
        bdb_better better = i == 3 ? BDB_NEUTRAL
                            : latency ? BDB_LOWER_IS_BETTER
                            : i == 1  ? BDB_NEUTRAL
                                      : BDB_HIGHER_IS_BETTER;
        const char *unit = i == 3    ? BDB_UNIT_PERCENT
                           : latency ? BDB_UNIT_SECONDS
                                     : BDB_UNIT_OPS_PER_S;
        const char *m = latency ? (p99 ? lat99[i] : lat[i])
                                : (p99 ? req99[i] : req[i]);
        int rc = fig(st, m, v[i], unit, better, line);
        if (rc)
            return rc;
    }
    if (pct_nan)
        return warn(st, line, lp, le,
                    "the \"+/- Stdev\" percentage is not a number (no "
                    "request completed); the other three figures are kept");
    return BDB_OK;
}

/* "latency_p" + the percentile with '_' for '.' ("99.900" -> p99_9). */
static void pct_metric(char *out, size_t outsz, const char *prefix, double pct)
{
    char num[32];
    snprintf(num, sizeof num, "%.6g", pct);
    for (char *c = num; *c; c++)
        if (*c == '.')
            *c = '_';
    snprintf(out, outsz, "%s%s", prefix, num);
}

/* The percentile and time of a distribution row, "  50%  139.65ms" or
 * "99.900%   19.36ms": 1 when whole, -1 when a percentage starts the line
 * but no time follows it alone, 0 when the line is no such row. */
static int dist_parts(const char *p, const char *end, double *pct, double *v)
{
    const char *q = p;
    if (!bdb_scan_number(&q, end, pct, 0) || !bdb_scan_lit(&q, end, "%", 0))
        return 0;
    q = bdb_skip_ws(q, end);
    return scan_time(&q, end, v) && bdb_is_blank(q, end) ? 1 : -1;
}

/* A first row of the latency distribution: wrk and wrk2 always start it
 * at 50% ("50%    1.23ms", " 50.000%   33.44ms"). */
static int dist_without_header(const char *p, const char *end)
{
    double pct, v;
    return dist_parts(p, end, &pct, &v) == 1 && pct == 50;
}

/* A distribution row; *handled is 0 when the line is no percentile row at
 * all (the distribution is over). */
static int dist_row(wrk_state *st, const char *p, const char *end, int line,
                    int *handled)
{
    wrk_run *r = &st->run;
    double pct, v;
    int parts = dist_parts(p, end, &pct, &v);
    *handled = parts != 0;
    if (parts == 0)
        return BDB_OK;
    if (parts < 0)
        return warn(st, line, p, end,
                    "expected a time such as 1.20ms after the percentage; "
                    "row not read");
    if (pct < 0 || pct > 100)
        return warn(st, line, p, end,
                    "a percentile outside 0..100%; row not read");
    char metric[BDB_METRIC_MAX];
    pct_metric(metric, sizeof metric,
               r->uncorrected ? "latency_uncorrected_p" : "latency_p", pct);
    if (!r->uncorrected)
        r->have_dist = 1;
    return fig(st, metric, v, BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER, line);
}

/* HdrHistogram spectrum row: value(ms) percentile count 1/(1-p). */
static int spectrum_row(wrk_state *st, const char *p, const char *end,
                        int line)
{
    wrk_run *r = &st->run;
    double v, pct, count;
    const char *q = p;
    if (!bdb_scan_number(&q, end, &v, 0) || !bdb_scan_number(&q, end, &pct, 0) ||
        !bdb_scan_number(&q, end, &count, 0))
        return warn(st, line, p, end,
                    "expected a spectrum row: value, percentile, total "
                    "count, 1/(1-percentile); row not read");
    if (r->uncorrected)
        return BDB_OK; /* the corrected spectrum is the one summarised */
    double secs = v * 1e-3;
    if (r->spec_rows == 0) {
        r->spec_min = secs;
        r->spec_min_line = line;
    }
    r->spec_rows++;
    r->spec_count = count;
    r->spec_count_line = line;
    for (int k = 0; k < WRK_NSTD; k++) {
        if (!r->spec_p_line[k] && pct * 100.0 >= std_pcts[k] - 1e-9) {
            r->spec_p[k] = secs;
            r->spec_p_line[k] = line;
        }
    }
    return BDB_OK;
}

static int summary_line(wrk_state *st, const char *p, const char *end,
                        int line)
{
    double n, t, bytes;
    const char *q = p;
    if (!bdb_scan_number(&q, end, &n, BDB_SCAN_GROUPING) ||
        !bdb_scan_lit(&q, end, "requests in", 1))
        return warn(st, line, p, end, "expected \"N requests in T, S read\"");
    q = bdb_skip_ws(q, end);
    if (!scan_time(&q, end, &t) || !bdb_scan_lit(&q, end, ",", 0))
        return warn(st, line, p, end,
                    "expected a duration such as 30.10s after \"requests "
                    "in\"; line not read");
    q = bdb_skip_ws(q, end);
    if (!scan_size(&q, end, &bytes) || !bdb_scan_lit(&q, end, "read", 1))
        return warn(st, line, p, end,
                    "expected \"S read\" with a size such as 7.61GB; line not "
                    "read");
    st->run.seen_summary = 1;
    int rc = fig(st, "complete_requests", n, BDB_UNIT_COUNT, BDB_NEUTRAL, line);
    if (!rc)
        rc = fig(st, "time_taken", t, BDB_UNIT_SECONDS, BDB_NEUTRAL, line);
    if (!rc)
        rc = fig(st, "bytes_read", bytes, BDB_UNIT_BYTES, BDB_NEUTRAL, line);
    return rc;
}

static int socket_errors(wrk_state *st, const char *p, const char *end,
                         int line, const char *lp)
{
    static const char *const keys[] = {"connect", "read", "write", "timeout"};
    double v[4], total = 0;
    for (int i = 0; i < 4; i++) {
        if ((i && !bdb_scan_lit(&p, end, ",", 1)) ||
            !bdb_scan_lit(&p, end, keys[i], 1) ||
            !bdb_scan_number(&p, end, &v[i], 0))
            return warn(st, line, lp, end,
                        "expected \"Socket errors: connect N, read N, write "
                        "N, timeout N\"; line not read");
        total += v[i];
    }
    for (int i = 0; i < 4; i++) {
        char metric[BDB_METRIC_MAX];
        snprintf(metric, sizeof metric, "socket_errors_%s", keys[i]);
        int rc = fig(st, metric, v[i], BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER,
                     line);
        if (rc)
            return rc;
    }
    if (total > 0)
        return wrk_note(st->out, line,
                        "socket errors: connect %.0f, read %.0f, write "
                        "%.0f, timeout %.0f (kept as socket_errors_*)",
                        v[0], v[1], v[2], v[3]);
    return BDB_OK;
}

/* wrk's own messages on stderr (src/wrk.c, src/script.c; wrk2's -R one). */
static int is_wrk_error(const char *p, const char *end)
{
    static const char *const starts[] = {
        "unable to connect to ", "unable to resolve ",
        "unable to initialize SSL", "unable to create thread ",
        "invalid URL: ", "number of connections must be >= threads",
        "Throughput MUST be specified", "PANIC: ", NULL};
    for (const char *const *s = starts; *s; s++)
        if (bdb_starts_with(p, end, *s))
            return 1;
    /* a Lua error: "report.lua: report.lua:3: ..." or "x.lua:3: ..." */
    const char *lua = bdb_find(p, end, ".lua:");
    return lua && !bdb_find(p, lua, " ");
}

/* What `time wrk ...` adds after wrk's report (bash's and BusyBox's real /
 * user / sys, GNU time's default two lines, -p, and -v's "Key: value"
 * lines): the time parser reads those, they are no Lua output. */
static int is_time_line(const char *p, const char *end)
{
    static const char *const words[] = {"real", "user", "sys", NULL};
    for (const char *const *w = words; *w; w++) {
        const char *q = p;
        if (bdb_scan_lit(&q, end, *w, 0) && q < end && (*q == ' ' || *q == '\t')) {
            q = bdb_skip_ws(q, end);
            if (q < end && *q >= '0' && *q <= '9')
                return 1;
        }
    }
    if (bdb_contains(p, end, "elapsed") && bdb_contains(p, end, "CPU"))
        return 1;
    if (bdb_contains(p, end, "inputs+") && bdb_contains(p, end, "outputs"))
        return 1;
    static const char *const gnu_v[] = {
        "Command being timed:", "Command exited with non-zero status",
        "Command terminated by signal", "User time (seconds):",
        "System time (seconds):", "Percent of CPU this job got:",
        "Elapsed (wall clock) time", "Average shared text size",
        "Average unshared data size", "Average stack size",
        "Average total size", "Maximum resident set size",
        "Average resident set size", "Major (requiring I/O) page faults",
        "Minor (reclaiming a frame) page faults", "Voluntary context switches",
        "Involuntary context switches", "Swaps:", "File system inputs:",
        "File system outputs:", "Socket messages sent:",
        "Socket messages received:", "Signals delivered:", "Page size (bytes):",
        "Exit status:", NULL};
    for (const char *const *g = gnu_v; *g; g++)
        if (bdb_starts_with(p, end, *g))
            return 1;
    return 0;
}

/* The shell saying wrk was stopped: "Killed", bash's "bash: line 1: 27222
 * Killed   timeout ... wrk ...", "[1]+  Terminated   wrk ...",
 * "Segmentation fault (core dumped)". */
static int is_shell_stop(const char *p, const char *end)
{
    static const char *const words[] = {"Killed", "Terminated", "Aborted",
                                        "Segmentation fault", "Hangup",
                                        "Interrupt", NULL};
    for (const char *const *w = words; *w; w++) {
        if (bdb_starts_with(p, end, *w))
            return 1;
        const char *at = bdb_find(p, end, *w);
        if (at && at > p && at[-1] == ' ' && bdb_find(at, end, "wrk"))
            return 1;
    }
    return 0;
}

/* A line outside any run, or after one ended. */
static int outer_line(wrk_state *st, const char *p, const char *end, int line)
{
    if (st->usage_line) {
        if (bdb_starts_with(p, end, "Options:") || bdb_starts_with(p, end, "-") ||
            bdb_starts_with(p, end, "Numeric arguments") ||
            bdb_starts_with(p, end, "Time arguments") ||
            bdb_is_blank(p, end))
            return BDB_OK;
        st->usage_line = 0;
    }
    if (bdb_starts_with(p, end, "Usage: wrk")) {
        st->usage_line = line;
        st->seen_wrk = 1;
        return wrk_note(st->out, line,
                        "wrk printed its usage text: the command was "
                        "refused, no run");
    }
    if (is_wrk_error(p, end)) {
        st->seen_wrk = 1;
        return warn(st, line, p, end, "the tool reported an error");
    }
    if (st->after_line && !is_time_line(p, end)) {
        /* a Lua done() script's output, or anything else after a run */
        if (!st->after_count++)
            bdb_copy(st->after_first, sizeof st->after_first, p, end);
        return BDB_OK;
    }
    return BDB_OK; /* text around the runs: prompts, prose */
}

static int after_flush(wrk_state *st)
{
    int rc = BDB_OK;
    if (st->after_count)
        rc = wrk_note(st->out, st->after_line,
                      "%d line%s after wrk's Transfer/sec not read (a "
                      "Lua done() script's output?), the first: \"%s\"",
                      st->after_count, st->after_count > 1 ? "s" : "",
                      st->after_first);
    st->after_line = st->after_count = 0;
    return rc;
}

/* A wrk2 run quoted from its calibration lines on: its "Running" and
 * thread lines were cut. */
static int calib_fragment(wrk_state *st, int line)
{
    int rc = run_open(st, line);
    if (rc)
        return rc;
    st->run.fragment = 1;
    st->run.wrk2 = 1;
    return wrk_note(st->out, line,
                    "this wrk2 report starts at its \"Thread calibration\" "
                    "lines (its head is cut): no threads, connections or "
                    "URL for its figures");
}

static int is_calibration(const char *p, const char *end)
{
    return bdb_starts_with(p, end, "Thread calibration:") &&
           bdb_contains(p, end, "mean lat.:");
}

/* One line inside an open run. */
static int run_line(wrk_state *st, const char *p, const char *end, int line)
{
    wrk_run *r = &st->run;
    const char *q = p;
    double v;

    if (bdb_scan_number(&q, end, &v, 0) &&
        bdb_scan_lit(&q, end, "threads and", 1)) {
        double c;
        if (!bdb_scan_number(&q, end, &c, 0) ||
            !bdb_scan_lit(&q, end, "connections", 1))
            return warn(st, line, p, end,
                        "expected \"N threads and N connections\"");
        int rc = set_param_num(st, line, "threads", v);
        if (!rc)
            rc = set_param_num(st, line, "concurrency", c);
        if (!rc)
            rc = check_cmd(st, line, r->cmd.has_threads, r->cmd.threads, v,
                           "-t", "threads");
        if (!rc)
            rc = check_cmd(st, line, r->cmd.has_conns, r->cmd.conns, c, "-c",
                           "connections");
        r->seen_threads = 1;
        return rc;
    }
    if (bdb_starts_with(p, end, "Thread calibration:")) {
        if (r->seen_stats || r->have_dist || r->nfig || r->spec_rows) {
            /* calibration comes before a run's report: these belong to
             * the next run, whose "Running" and thread lines were cut */
            int rc = run_close(st);
            if (!rc)
                rc = after_flush(st);
            if (!rc)
                rc = calib_fragment(st, line);
            if (rc)
                return rc;
        }
        r->wrk2 = 1;
        return calibration(st, p, end, line);
    }
    if (bdb_starts_with(p, end, "Thread Stats")) {
        r->section = W_BODY;
        r->p99_col = bdb_contains(p, end, "99%") && !bdb_contains(p, end, "Max");
        return BDB_OK;
    }
    q = p;
    if (bdb_scan_lit(&q, end, "Latency Distribution", 0)) {
        r->section = W_DIST;
        if (bdb_contains(q, end, "HdrHistogram"))
            r->wrk2 = 1;
        r->uncorrected = bdb_contains(q, end, "Uncorrected");
        return BDB_OK;
    }
    if (bdb_starts_with(p, end, "Detailed Percentile spectrum")) {
        r->section = W_SPECTRUM;
        r->wrk2 = 1;
        return BDB_OK;
    }
    if (bdb_is_blank(p, end))
        return BDB_OK;
    if (r->section == W_SPECTRUM) {
        if (bdb_starts_with(p, end, "Value") ||
            bdb_starts_with(p, end, "#[Buckets") ||
            bdb_starts_with(p, end, "#[Mean"))
            return BDB_OK; /* #[Mean: the Latency row's, finer */
        if (bdb_starts_with(p, end, "#[Max")) {
            const char *tc = bdb_find(p, end, "Total count");
            const char *eq = tc ? bdb_find(tc, end, "=") : NULL;
            const char *n = eq ? eq + 1 : NULL;
            double cnt;
            if (!n || !bdb_scan_number(&n, end, &cnt, 0))
                return warn(st, line, p, end,
                            "expected \"Total count = N\" in the spectrum "
                            "footer");
            if (!r->uncorrected) {
                r->spec_count = cnt;
                r->spec_count_line = line;
            }
            return BDB_OK;
        }
        if (bdb_starts_with(p, end, "---")) {
            r->section = W_BODY;
            return BDB_OK;
        }
        return spectrum_row(st, p, end, line);
    }
    if (r->section != W_DIST && r->section != W_SPECTRUM &&
        dist_without_header(p, end)) {
        /* the distribution quoted without its "Latency Distribution"
         * header (cut with "..."): wrk and wrk2 always start it at 50% */
        r->section = W_DIST;
        r->uncorrected = 0;
    }
    if (r->section == W_DIST) {
        int handled;
        int rc = dist_row(st, p, end, line, &handled);
        if (rc || handled)
            return rc;
        r->section = W_BODY; /* on to the body lines */
    }
    if (bdb_starts_with(p, end, "---"))
        return BDB_OK;
    q = p;
    if (bdb_scan_lit(&q, end, "Latency", 0) && (q == end || *q == ' ' || *q == '\t'))
        return stats_row(st, q, end, 1, line, p, end);
    q = p;
    if (bdb_scan_lit(&q, end, "Req/Sec", 0))
        return stats_row(st, q, end, 0, line, p, end);
    q = p;
    if (bdb_scan_number(&q, end, &v, BDB_SCAN_GROUPING) &&
        bdb_scan_lit(&q, end, "requests in", 1))
        return summary_line(st, p, end, line);
    q = p;
    /* DeathStarBench's wrk2: "  Overall N requests in T, S read" ends
     * its "Overall Statistics" block; -P's "Sent N requests" */
    if (bdb_scan_lit(&q, end, "Overall", 0) && bdb_scan_number(&q, end, &v, 0))
        return summary_line(st, bdb_skip_ws(p + 7, end), end, line);
    q = p;
    if (bdb_scan_lit(&q, end, "Sent", 0) && bdb_scan_number(&q, end, &v, 0) &&
        bdb_scan_lit(&q, end, "requests", 1) && bdb_is_blank(q, end))
        return fig(st, "sent_requests", v, BDB_UNIT_COUNT, BDB_NEUTRAL, line);
    q = p;
    if (bdb_scan_lit(&q, end, "Socket errors:", 0))
        return socket_errors(st, q, end, line, p);
    q = p;
    if (bdb_scan_lit(&q, end, "Non-2xx or 3xx responses:", 0)) {
        if (!bdb_scan_number(&q, end, &v, 0) || !bdb_is_trailer(q, end))
            return warn(st, line, p, end,
                        "expected \"Non-2xx or 3xx responses: N\"");
        int rc = fig(st, "non_2xx_3xx_responses", v, BDB_UNIT_COUNT,
                     BDB_LOWER_IS_BETTER, line);
        if (!rc)
            rc = wrk_note(st->out, line,
                          "%.0f responses had a status of 400 or more "
                          "(kept as non_2xx_3xx_responses; wrk's rates "
                          "include them)",
                          v);
        return rc;
    }
    q = p;
    if (bdb_scan_lit(&q, end, "Requests/sec:", 0)) {
        if (!bdb_scan_number(&q, end, &v, BDB_SCAN_GROUPING) ||
            !bdb_is_trailer(q, end))
            return warn(st, line, p, end,
                        "expected \"Requests/sec: N\"; not read");
        r->seen_rps = 1;
        return fig(st, "requests_per_sec", v, BDB_UNIT_OPS_PER_S,
                   BDB_HIGHER_IS_BETTER, line);
    }
    q = p;
    if (bdb_scan_lit(&q, end, "Transfer/sec:", 0)) {
        r->seen_transfer = 1; /* the last line of wrk's own report */
        q = bdb_skip_ws(q, end);
        const char *n0 = q;
        if (!scan_size(&q, end, &v) || !bdb_is_trailer(q, end)) {
            /* wrk prints "%10sB" after format_binary's "%.2f" and a
             * prefix of K, M, G, T, P (units.c, powers of 1024): a
             * prefix without its "B" ("64.51K", the line cut) can only
             * be that prefix's bytes */
            static const char pre[] = "KMGTP";
            double x, mult = 1024;
            const char *c = n0, *pp;
            if (bdb_scan_number(&c, end, &x, 0) && c < end && *c &&
                (pp = strchr(pre, *c)) != NULL &&
                bdb_is_trailer(c + 1, end)) {
                for (const char *k = pre; k < pp; k++)
                    mult *= 1024;
                int rc = fig(st, "transfer_rate", x * mult,
                             BDB_UNIT_BYTES_PER_S, BDB_HIGHER_IS_BETTER,
                             line);
                return rc ? rc
                          : warn(st, line, p, end,
                                 "the rate's unit lost its \"B\" (wrk "
                                 "prints N<K|M|G|T|P>B); read as bytes "
                                 "per second times that prefix");
            }
            return warn(st, line, p, end,
                        "expected \"Transfer/sec: N<unit>B\" such as 259.01MB; "
                        "not read");
        }
        return fig(st, "transfer_rate", v, BDB_UNIT_BYTES_PER_S,
                   BDB_HIGHER_IS_BETTER, line);
    }
    if (is_shell_stop(p, end)) {
        int rc = warn(st, line, p, end,
                      "wrk was stopped before its report ended, the shell "
                      "says");
        return rc ? rc : run_close(st);
    }
    if (!r->seen_threads && !r->fragment && !is_wrk_error(p, end))
        return BDB_OK; /* between "Running" and the thread line */
    return warn(st, line, p, end, "unexpected line in wrk's output, not read");
}

/* DeathStarBench's wrk2 (hotelReservation, socialNetwork ...) takes
 * several URLs in one run and prints "Running Ns test @ URL" and "N
 * threads and N connections" once per URL before any calibration line,
 * then, with -P (or one URL), a "Test Results @ URL" block per URL, and,
 * with several URLs, an "Overall Statistics" block of all of them (its
 * wrk.c: "Test Results @ %s", "---Overall Statistics---", "  Overall %"
 * PRIu64 " requests in %s, %sB read", "Sent %ld requests"). A "Running"
 * line right after another run's head with nothing else between is such
 * a run's next URL. */
static int next_target(const wrk_run *r)
{
    return r->open && !r->fragment && r->seen_threads && !r->seen_stats &&
           !r->seen_summary && !r->seen_rps && !r->nfig && !r->spec_rows &&
           !r->ncalib && !r->have_dist;
}

/* The run's parameter key as it is now ("" when unset) in out. */
static void param_now(const wrk_run *r, const char *key, char *out, size_t n)
{
    const char *v = bdb_params_get(&r->base.params, key);
    if (!v)
        v = "";
    bdb_copy(out, n, v, v + strlen(v));
}

/* One more URL of a DeathStarBench run: its figures are all URLs', so a
 * path they do not share is no parameter (the benchmark is then "/");
 * targets=N counts them. */
static int another_target(wrk_state *st, const char *u, const char *end,
                          int line)
{
    wrk_run *r = &st->run;
    char path[BDB_PARAM_VALUE_MAX], now[BDB_PARAM_VALUE_MAX];
    char bench[BDB_BENCHMARK_MAX];
    param_now(r, "path", path, sizeof path);
    bdb_copy(bench, sizeof bench, r->base.benchmark,
             r->base.benchmark + strlen(r->base.benchmark));
    int rc = set_url(st, u, end, line);
    param_now(r, "path", now, sizeof now);
    if (strcmp(now, path) != 0) {
        bdb_params_del(&r->base.params, "path");
        bdb_sample_set_benchmark_text(&r->base, "/");
    } else {
        bdb_sample_set_benchmark_text(&r->base, bench);
    }
    r->targets = (r->targets ? r->targets : 1) + 1;
    r->seen_threads = 0;
    if (!rc)
        rc = set_param_num(st, line, "targets", r->targets);
    return rc;
}

/* What the blocks of a DeathStarBench run share, kept from the run
 * before its first block. */
static void keep_multi(wrk_state *st)
{
    wrk_run *r = &st->run;
    st->have_multi = 1;
    st->multi_base = r->base;
    st->multi_cmd = r->cmd;
    st->multi_wrk2 = r->wrk2;
    st->multi_targets = r->targets;
}

/* A block of a DeathStarBench run: "Test Results @ URL" (url: the URL)
 * or "Overall Statistics" (url NULL). The first block takes the run
 * that the "Running" lines opened (and its calibration lines); each
 * later one is a run of its own with the shared settings. */
static int target_block(wrk_state *st, const char *url, const char *end,
                        int line)
{
    wrk_run *r = &st->run;
    int rc = BDB_OK;
    if (r->open && !r->fragment && !r->seen_stats && !r->seen_summary &&
        !r->seen_rps && !r->nfig && !r->spec_rows && !r->have_dist) {
        keep_multi(st);
    } else if (st->have_multi) {
        rc = run_close(st);
        if (!rc)
            rc = after_flush(st);
        if (!rc)
            rc = run_open(st, line);
        if (rc)
            return rc;
        r->base = st->multi_base;
        r->cmd = st->multi_cmd;
        r->wrk2 = st->multi_wrk2;
        r->targets = st->multi_targets;
        r->seen_threads = 1;
    } else {
        return BDB_NOT_BLOCK;
    }
    if (url) {
        rc = set_url(st, url, end, line);
        bdb_params_del(&r->base.params, "targets");
    }
    return rc;
}

/* "Running 30s test @ URL" or "Making N requests to URL": a run starts. */
static int run_header(wrk_state *st, const char *p, const char *end, int line,
                      int *taken)
{
    const char *q = p;
    double v;
    *taken = 0;
    if (bdb_scan_lit(&q, end, "Running", 0) && bdb_find(q, end, " test @ ")) {
        *taken = 1;
        if (next_target(&st->run))
            return another_target(st, bdb_find(q, end, " test @ ") + 8, end,
                                  line);
        int rc = run_close(st);
        if (!rc)
            rc = after_flush(st);
        if (!rc)
            rc = run_open(st, line);
        const char *at = bdb_find(q, end, " test @ ");
        const char *d = bdb_skip_ws(q, at);
        double secs;
        if (!rc && scan_time(&d, at, &secs) && bdb_is_blank(d, at)) {
            rc = set_param_num(st, line, "duration", secs);
            /* the command's -d as wrk prints it: whole seconds below 51,
             * else whole minutes (format_time_s) */
            const wrk_cmd *c = &st->run.cmd;
            if (!rc && c->has_duration) {
                char shown[64];
                int minutes = c->duration >= 51;
                snprintf(shown, sizeof shown, "%.0f",
                         minutes ? c->duration / 60 : c->duration);
                double s = strtod(shown, NULL) * (minutes ? 60 : 1);
                if (s != secs)
                    rc = wrk_note(st->out, line,
                                  "the wrk command on line %d says -d "
                                  "%.15gs but wrk printed a %.15gs test; "
                                  "the printed value is kept",
                                  c->line, c->duration, secs);
            }
        } else if (!rc) {
            rc = warn(st, line, p, end,
                      "expected a duration such as 30s in \"Running 30s "
                      "test @ URL\"");
        }
        return rc ? rc : set_url(st, at + 8, end, line);
    }
    q = p;
    if (bdb_scan_lit(&q, end, "Making", 0) && bdb_scan_number(&q, end, &v, 0) &&
        bdb_scan_lit(&q, end, "requests to", 1)) {
        *taken = 1;
        int rc = run_close(st);
        if (!rc)
            rc = after_flush(st);
        if (!rc)
            rc = run_open(st, line);
        if (!rc)
            rc = set_param_num(st, line, "requests", v);
        return rc ? rc : set_url(st, q, end, line);
    }
    return BDB_OK;
}

/* A line only wrk's report prints, whole: the "Thread Stats" header, a
 * Latency or Req/Sec row that reads, "N requests in T, S read". */
static int report_line(const char *p, const char *end)
{
    const char *q = p;
    double v[4];
    int nan_pct;
    const char *why;
    if (bdb_starts_with(p, end, "Thread Stats") && bdb_contains(p, end, "Avg"))
        return 1;
    if (bdb_starts_with(p, end, "Latency Distribution (HdrHistogram - "))
        return 1; /* wrk2's distribution block quoted alone */
    if (bdb_scan_lit(&q, end, "Latency", 0) && q < end &&
        (*q == ' ' || *q == '\t'))
        return scan_stats_row(q, end, 1, v, &nan_pct, &why);
    q = p;
    if (bdb_scan_lit(&q, end, "Req/Sec", 0))
        return scan_stats_row(q, end, 0, v, &nan_pct, &why);
    q = p;
    return bdb_scan_number(&q, end, &v[0], BDB_SCAN_GROUPING) &&
           bdb_scan_lit(&q, end, "requests in", 1) &&
           bdb_contains(q, end, " read");
}

static int do_line(wrk_state *st, const bdb_line *ln)
{
    const char *p = ln->p, *end = ln->end;
    bdb_trim(&p, &end);
    if (p == end)
        return BDB_OK;
    int taken, rc = run_header(st, p, end, ln->no, &taken);
    if (rc || taken)
        return rc;
    if (bdb_starts_with(p, end, "Test Results @ ") ||
        (bdb_starts_with(p, end, "---") &&
         bdb_contains(p, end, "-Overall Statistics-"))) {
        int url = bdb_starts_with(p, end, "Test Results @ ");
        rc = target_block(st, url ? p + 15 : NULL, end, ln->no);
        if (rc != BDB_NOT_BLOCK)
            return rc;
        rc = BDB_OK;
    }
    if (bdb_starts_with(p, end, "wrk ") && bdb_contains(p, end, "Copyright")) {
        /* wrk -v: "wrk 4.1.0 [epoll] Copyright (C) 2012 Will Glozer", and
         * the run goes on; not a command line */
        const char *v = p + 4, *ve = v;
        while (ve < end && *ve != ' ')
            ve++;
        bdb_sink_set_version(st->out, v, ve);
        st->seen_wrk = 1;
        return BDB_OK;
    }
    bdb_cmdline cl;
    int r = find_cmdline(p, end, &cl);
    if (r < 0)
        return r;
    if (r == 1) {
        rc = run_close(st);
        if (!rc)
            rc = after_flush(st);
        if (!rc)
            rc = command_line(st, &cl, ln->no);
        bdb_cmdline_free(&cl);
        return rc;
    }
    wrk_run *run = &st->run;
    if (!run->open) {
        /* A fragment without its "Running" line: accept it from the
         * thread line on, or from a line of the report itself when the
         * head was cut (a quote starting at "Latency" or "Req/Sec"). */
        const char *q = p;
        double v;
        int threads = bdb_scan_number(&q, end, &v, 0) &&
                      bdb_scan_lit(&q, end, "threads and", 1);
        if (!threads && is_calibration(p, end)) {
            rc = after_flush(st);
            if (!rc)
                rc = calib_fragment(st, ln->no);
            return rc ? rc : run_line(st, p, end, ln->no);
        }
        int dist = !threads && dist_without_header(p, end);
        if (threads || dist || report_line(p, end)) {
            rc = after_flush(st);
            if (!rc)
                rc = run_open(st, ln->no);
            if (!rc && !threads) {
                run->fragment = 1;
                run->section = W_BODY;
                rc = wrk_note(st->out, ln->no,
                              "this wrk report starts at its \"%s\" line "
                              "(its head is cut): no threads, connections "
                              "or URL for its figures",
                              dist ? "50%"
                              : bdb_starts_with(p, end, "Thread") ? "Thread Stats"
                              : bdb_starts_with(p, end, "Latency Dist")
                                  ? "Latency Distribution"
                              : bdb_starts_with(p, end, "Latency") ? "Latency"
                              : bdb_starts_with(p, end, "Req/Sec") ? "Req/Sec"
                                                                     : "requests in");
            }
            return rc ? rc : run_line(st, p, end, ln->no);
        }
        return outer_line(st, p, end, ln->no);
    }
    if (run->seen_transfer) {
        /* the run is over; a Lua done() script may print anything */
        rc = run_close(st);
        st->after_line = ln->no;
        return rc ? rc : outer_line(st, p, end, ln->no);
    }
    return run_line(st, p, end, ln->no);
}

/* A Thread Stats row whose label ends one line and whose figures begin
 * the next: a page that lost its line breaks and was re-flowed
 * ("connections Thread Stats   Avg      Stdev     Max   +/- Stdev
 * Latency" / "0.85ms    1.72ms  37.17ms   91.00%"), or a mail that
 * wrapped after the label. When the next line is the row's four figures
 * alone, *head is the line without the label (maybe blank), *row the
 * label joined with the figures (bdb_wrapped), read at the figures'
 * line, and `it` is past them. 1 if so, 0 if not, BDB_ENOMEM. */
static int label_wrapped(bdb_lines *it, const bdb_line *ln, bdb_wrapped *w,
                         bdb_line *head, bdb_line *row)
{
    static const char *const labels[] = {"Latency", "Req/Sec"};
    const char *p = ln->p, *end = ln->end;
    bdb_trim(&p, &end);
    for (int i = 0; i < 2; i++) {
        size_t k = strlen(labels[i]);
        if ((size_t)(end - p) < k || memcmp(end - k, labels[i], k) != 0 ||
            (end - k > p && end[-(long)k - 1] != ' ' &&
             end[-(long)k - 1] != '\t'))
            continue;
        bdb_lines peek;
        bdb_line nx;
        const char *ce, *c = bdb_wrapped_next(it, &peek, &nx, &ce);
        double v[4];
        int nan_pct;
        const char *why;
        if (!c || !scan_stats_row(c, ce, i == 0, v, &nan_pct, &why))
            return 0;
        int rc = bdb_wrapped_two(w, end - k, end, " ", c, ce, nx.no,
                                 &row->p, &row->end);
        if (rc)
            return rc;
        *it = peek;
        *head = *ln;
        head->end = end - k;
        row->no = nx.no;
        return 1;
    }
    return 0;
}

static int parse(const char *buf, size_t len, const bdb_parse_opts *opts,
                 bdb_sink *out, bdb_diag *diag)
{
    wrk_state *st = calloc(1, sizeof *st);
    if (!st)
        return BDB_ENOMEM;
    st->out = out;
    bdb_lines it;
    bdb_line ln;
    int rc = BDB_OK;
    bdb_lines_init(&it, buf, len);
    bdb_wrapped w;
    bdb_wrapped_init(&w);
    while (rc == BDB_OK && bdb_lines_next(&it, &ln)) {
        bdb_line head, row;
        int r = label_wrapped(&it, &ln, &w, &head, &row);
        if (r < 0) {
            rc = r;
            break;
        }
        if (r == 0) {
            rc = do_line(st, &ln);
            continue;
        }
        rc = do_line(st, &head);
        if (rc == BDB_OK)
            rc = do_line(st, &row);
    }
    bdb_wrapped_free(&w);
    if (rc == BDB_OK)
        rc = run_close(st);
    if (rc == BDB_OK)
        rc = after_flush(st);
    if (rc == BDB_OK && st->cmd.line)
        rc = wrk_note(out, st->cmd.line,
                      "this wrk command printed no results (wrk failed "
                      "or the capture stops): expected \"Running ... "
                      "test @ URL\" after it");
    if (rc == BDB_ERANGE)
        bdb_diag_set(diag, rc, ln.no,
                     "wrk: more figures than a sink holds (its limit); the "
                     "file is not read");
    else if (rc == BDB_OK && !st->seen_wrk && opts && opts->forced)
        rc = bdb_diag_set(diag, BDB_EPARSE, 1,
                          "wrk: expected wrk's output (\"Running 10s test @ "
                          "URL\", \"N threads and N connections\", "
                          "\"Requests/sec:\") and found none");
    else if (rc != BDB_OK && rc != BDB_ENOMEM && !diag->message[0])
        bdb_diag_set(diag, rc, 0, "wrk: %s", bdb_strerror(rc));
    free(st);
    return rc;
}

const bdb_parser bdb_parser_wrk = {"wrk", 3, sniff, parse, 0, 0, 0};
