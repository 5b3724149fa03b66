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
 * wrk2 adds "Thread calibration: ..." lines, prints the distribution as
 * "Latency Distribution (HdrHistogram - Recorded Latency)" with 50.000% ..
 * 100.000% rows, then a "Detailed Percentile spectrum" (HdrHistogram's
 * classic output, values in milliseconds: value_scale 1000 over a histogram
 * of microseconds), a "#[Mean ... ]" footer and a dashed line; with -U a
 * second block "... - Uncorrected Latency (measured without taking delayed
 * starts into account))".
 *
 * Units (wrk's units.c): times are us, ms, s and past 1e6 us s, m, h;
 * "m" is minutes. Req/Sec uses metric units (k = 1000, M = 1e6). Bytes read
 * and Transfer/sec use binary units: K, M, G, T, P are powers of 1024
 * ("7.61GB" = 7.61 * 2^30 bytes); a bare "B" is bytes.
 *
 * Metrics (seconds, op/s, B, B/s, counts): latency_mean, latency_stdev,
 * latency_max, latency_within_stdev (%), thread_requests_per_sec_mean,
 * _stdev, _max, _within_stdev; latency_p50, latency_p75, latency_p90,
 * latency_p99, latency_p99_9, latency_p99_99, latency_p99_999, latency_p100
 * (wrk2's recorded latency is corrected for coordinated omission; its -U
 * block becomes latency_uncorrected_pNN); from the spectrum only a summary:
 * latency_min (its 0th percentile row) and latency_samples (its total
 * count), plus the percentiles above when no distribution block printed
 * them (then the first spectrum row at or past the percentile);
 * complete_requests, time_taken (the run time "in 30.10s"), bytes_read,
 * socket_errors_connect/read/write/timeout and non_2xx_3xx_responses (both
 * warned about; wrk counts status > 399 there), requests_per_sec,
 * transfer_rate.
 *
 * Parameters: threads, concurrency (connections), duration (seconds, from
 * "Running 30s test"), requests (old wrk's "Making N requests"), variant
 * (wrk2 when calibration or HdrHistogram lines show it: wrk2 runs at a fixed
 * rate, a different measurement from wrk's), scheme (http/https), port
 * (when the URL names one) and path. The host is not a parameter: it is
 * each machine's own address or name (127.0.0.1, 10.1.0.15, localhost), and
 * keeping it would stop the same test on two platforms from being compared.
 * The benchmark is the URL path. wrk's thread calibration lines are
 * not figures of the result and are skipped. */
#include "ingest.h"
#include "../common/bdb_scan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WRK_MAX_FIGS 64

typedef struct wrk_fig {
    char metric[40];
    double value;
    const char *unit;
    bdb_better better;
    int line;
} wrk_fig;

enum { W_HEAD, W_DIST, W_SPECTRUM, W_BODY };

typedef struct wrk_run {
    int open, start_line, section;
    int wrk2, uncorrected;
    int seen_threads, seen_summary, seen_rps, seen_transfer;
    int have_dist;
    /* spectrum summary */
    int spec_rows;
    double spec_min, spec_count;
    int spec_min_line, spec_count_line;
    double spec_p[8];
    int spec_p_line[8];
    bdb_sample base;
    wrk_fig figs[WRK_MAX_FIGS];
    int nfig;
} wrk_run;

static const double std_pcts[8] = {50, 75, 90, 99, 99.9, 99.99, 99.999, 100};
static const char *const std_names[8] = {"p50",    "p75",     "p90",
                                         "p99",    "p99_9",   "p99_99",
                                         "p99_999", "p100"};

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
    return 0;
}

static int fig(wrk_run *r, const char *metric, double value, const char *unit,
               bdb_better better, int line)
{
    if (r->nfig >= WRK_MAX_FIGS)
        return BDB_ERANGE;
    wrk_fig *f = &r->figs[r->nfig++];
    snprintf(f->metric, sizeof f->metric, "%s", metric);
    f->value = value;
    f->unit = unit;
    f->better = better;
    f->line = line;
    return BDB_OK;
}

static int perr(bdb_diag *diag, int line, const char *what)
{
    return bdb_diag_set(diag, BDB_EPARSE, line, "wrk: expected %s", what);
}

/* A number followed by a wrk time unit ("339.83ms", "2.00s", "1.00m"). */
static int scan_time(const char **p, const char *end, double *secs)
{
    double v, mult;
    const char *q = *p;
    if (!bdb_scan_number(&q, end, &v, 0))
        return 0;
    const char *u = q;
    while (q < end && *q != ' ' && *q != '\t' && *q != ',')
        q++;
    if (u == q || bdb_units_time(u, q, &mult) != 0)
        return 0;
    *secs = v * mult;
    *p = q;
    return 1;
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

static void run_open(wrk_run *r, int line)
{
    memset(r, 0, sizeof *r);
    r->open = 1;
    r->start_line = line;
    bdb_sample_init(&r->base, NULL);
}

static int run_close(wrk_run *r, bdb_sink *out, bdb_diag *diag)
{
    if (!r->open)
        return BDB_OK;
    r->open = 0;
    if (!r->seen_summary || !r->seen_rps)
        return bdb_diag_set(diag, BDB_EPARSE, r->start_line,
                            "wrk: this run has no results (truncated log or "
                            "wrk failed): expected \"N requests in T, S "
                            "read\" and \"Requests/sec:\"");
    if (r->wrk2)
        bdb_params_set(&r->base.params, "variant", "wrk2");
    int rc = BDB_OK;
    for (int i = 0; !rc && i < r->nfig; i++) {
        const wrk_fig *f = &r->figs[i];
        rc = bdb_sink_add(out, &r->base, f->metric, f->value, f->unit,
                          f->better, f->line);
    }
    if (r->spec_rows) {
        if (!rc && r->spec_min_line)
            rc = bdb_sink_add(out, &r->base, "latency_min", r->spec_min,
                              BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER,
                              r->spec_min_line);
        if (!rc && r->spec_count_line)
            rc = bdb_sink_add(out, &r->base, "latency_samples", r->spec_count,
                              BDB_UNIT_COUNT, BDB_NEUTRAL, r->spec_count_line);
        for (int k = 0; !rc && !r->have_dist && k < 8; k++) {
            if (!r->spec_p_line[k])
                continue;
            char metric[40];
            snprintf(metric, sizeof metric, "latency_%s", std_names[k]);
            rc = bdb_sink_add(out, &r->base, metric, r->spec_p[k],
                              BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER,
                              r->spec_p_line[k]);
        }
    }
    return rc;
}

/* "Running 30s test @ http://host:port/path": scheme, port (when the URL
 * names one) and path are parameters; the host is not (see the header). */
static void set_url(wrk_run *r, const char *u, const char *end)
{
    bdb_trim(&u, &end);
    const char *s = bdb_find(u, end, "://");
    const char *host = s ? s + 3 : u;
    if (s)
        bdb_params_set_span(&r->base.params, "scheme", u, s);
    const char *path = memchr(host, '/', (size_t)(end - host));
    if (!path)
        path = end;
    const char *colon = NULL;
    for (const char *c = host; c < path; c++)
        if (*c == ':')
            colon = c; /* the last one: [::1]:8080 */
    if (colon && colon + 1 < path && colon[-1] != ':')
        bdb_params_set_span(&r->base.params, "port", colon + 1, path);
    if (path < end) {
        bdb_sample_set_benchmark(&r->base, path, end);
        bdb_params_set_span(&r->base.params, "path", path, end);
    } else {
        static const char root[] = "/";
        bdb_sample_set_benchmark(&r->base, root, root + 1);
        bdb_params_set(&r->base.params, "path", "/");
    }
}

/* "Latency   339.83ms  442.72ms   2.00s    84.66%" */
static int stats_row(wrk_run *r, const char *p, const char *end, int latency,
                     int line, bdb_diag *diag)
{
    static const char *const lat[] = {"latency_mean", "latency_stdev",
                                      "latency_max"};
    static const char *const req[] = {"thread_requests_per_sec_mean",
                                      "thread_requests_per_sec_stdev",
                                      "thread_requests_per_sec_max"};
    for (int i = 0; i < 3; i++) {
        double v;
        p = bdb_skip_ws(p, end);
        int ok = latency ? scan_time(&p, end, &v) : scan_metric(&p, end, &v);
        if (!ok)
            return perr(diag, line, latency
                                        ? "three times and a percentage after "
                                          "\"Latency\""
                                        : "three rates and a percentage after "
                                          "\"Req/Sec\"");
        bdb_better better = latency ? BDB_LOWER_IS_BETTER
                            : i == 1 ? BDB_NEUTRAL : BDB_HIGHER_IS_BETTER;
        int rc = fig(r, latency ? lat[i] : req[i], v,
                     latency ? BDB_UNIT_SECONDS : BDB_UNIT_OPS_PER_S, better,
                     line);
        if (rc)
            return rc;
    }
    double pct;
    if (!bdb_scan_number(&p, end, &pct, 0) || !bdb_scan_lit(&p, end, "%", 0) ||
        !bdb_is_blank(p, end))
        return perr(diag, line, "a \"+/- Stdev\" percentage at the end");
    return fig(r,
               latency ? "latency_within_stdev"
                       : "thread_requests_per_sec_within_stdev",
               pct, BDB_UNIT_PERCENT, BDB_NEUTRAL, line);
}

static int pct_index(double pct)
{
    for (int k = 0; k < 8; k++) {
        double d = pct - std_pcts[k];
        if (d < 1e-9 && d > -1e-9)
            return k;
    }
    return -1;
}

/* "  50%  139.65ms" or "99.900%   19.36ms" */
static int dist_row(wrk_run *r, const char *p, const char *end, int line,
                    bdb_diag *diag, int *handled)
{
    double pct, v;
    const char *q = p;
    *handled = 0;
    if (!bdb_scan_number(&q, end, &pct, 0) || !bdb_scan_lit(&q, end, "%", 0))
        return BDB_OK;
    *handled = 1;
    q = bdb_skip_ws(q, end);
    if (!scan_time(&q, end, &v) || !bdb_is_blank(q, end))
        return perr(diag, line, "a time after the percentage");
    int k = pct_index(pct);
    if (k < 0)
        return bdb_diag_set(diag, BDB_EPARSE, line,
                            "wrk: unexpected percentile %g%%", pct);
    char metric[40];
    snprintf(metric, sizeof metric, "latency_%s%s",
             r->uncorrected ? "uncorrected_" : "", std_names[k]);
    if (!r->uncorrected)
        r->have_dist = 1;
    return fig(r, metric, v, BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER, line);
}

/* HdrHistogram spectrum row: value(ms) percentile count 1/(1-p). */
static int spectrum_row(wrk_run *r, const char *p, const char *end, int line,
                        bdb_diag *diag)
{
    double v, pct, count;
    if (!bdb_scan_number(&p, end, &v, 0) || !bdb_scan_number(&p, end, &pct, 0) ||
        !bdb_scan_number(&p, end, &count, 0))
        return perr(diag, line,
                    "a spectrum row: value, percentile, total count, "
                    "1/(1-percentile)");
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
    for (int k = 0; k < 8; k++) {
        if (!r->spec_p_line[k] && pct * 100.0 >= std_pcts[k] - 1e-9) {
            r->spec_p[k] = secs;
            r->spec_p_line[k] = line;
        }
    }
    return BDB_OK;
}

static int summary_line(wrk_run *r, const char *p, const char *end, int line,
                        bdb_diag *diag)
{
    double n, t, bytes;
    if (!bdb_scan_number(&p, end, &n, 0) ||
        !bdb_scan_lit(&p, end, "requests in", 1))
        return perr(diag, line, "\"N requests in T, S read\"");
    p = bdb_skip_ws(p, end);
    if (!scan_time(&p, end, &t) || !bdb_scan_lit(&p, end, ",", 0))
        return perr(diag, line, "a duration after \"requests in\"");
    p = bdb_skip_ws(p, end);
    if (!scan_size(&p, end, &bytes) || !bdb_scan_lit(&p, end, "read", 1))
        return perr(diag, line, "\"S read\" with a size such as 7.61GB");
    r->seen_summary = 1;
    int rc = fig(r, "complete_requests", n, BDB_UNIT_COUNT, BDB_NEUTRAL, line);
    if (!rc)
        rc = fig(r, "time_taken", t, BDB_UNIT_SECONDS, BDB_NEUTRAL, line);
    if (!rc)
        rc = fig(r, "bytes_read", bytes, BDB_UNIT_BYTES, BDB_NEUTRAL, line);
    return rc;
}

static int socket_errors(wrk_run *r, const char *p, const char *end, int line,
                         bdb_sink *out, bdb_diag *diag)
{
    static const char *const keys[] = {"connect", "read", "write", "timeout"};
    double v[4], total = 0;
    for (int i = 0; i < 4; i++) {
        if (i && !bdb_scan_lit(&p, end, ",", 1))
            return perr(diag, line, "\"connect N, read N, write N, timeout N\"");
        if (!bdb_scan_lit(&p, end, keys[i], 1) ||
            !bdb_scan_number(&p, end, &v[i], 0))
            return perr(diag, line, "\"connect N, read N, write N, timeout N\"");
        char metric[40];
        snprintf(metric, sizeof metric, "socket_errors_%s", keys[i]);
        int rc = fig(r, metric, v[i], BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER, line);
        if (rc)
            return rc;
        total += v[i];
    }
    if (total > 0)
        bdb_sink_warn(out, line,
                      "socket errors: connect %.0f, read %.0f, write %.0f, "
                      "timeout %.0f (kept as socket_errors_*)",
                      v[0], v[1], v[2], v[3]);
    return BDB_OK;
}

static int parse(const char *buf, size_t len, const bdb_parse_opts *opts,
                 bdb_sink *out, bdb_diag *diag)
{
    (void)opts;
    wrk_run *r = calloc(1, sizeof *r);
    if (!r)
        return BDB_ENOMEM;
    bdb_lines it;
    bdb_line ln;
    int rc = BDB_OK;
    bdb_lines_init(&it, buf, len);
    while (rc == BDB_OK && bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *end = ln.end;
        bdb_trim(&p, &end);
        const char *q = p;
        double v;

        /* Run headers. */
        if (bdb_scan_lit(&q, end, "Running", 0) && bdb_find(q, end, " test @ ")) {
            rc = run_close(r, out, diag);
            if (rc)
                break;
            run_open(r, ln.no);
            const char *at = bdb_find(q, end, " test @ ");
            const char *d = bdb_skip_ws(q, at);
            double secs;
            if (scan_time(&d, at, &secs) && bdb_is_blank(d, at))
                bdb_params_set(&r->base.params, "duration", "%g", secs);
            set_url(r, at + 8, end);
            continue;
        }
        q = p;
        if (bdb_scan_lit(&q, end, "Making", 0) && bdb_scan_number(&q, end, &v, 0) &&
            bdb_scan_lit(&q, end, "requests to", 1)) {
            rc = run_close(r, out, diag);
            if (rc)
                break;
            run_open(r, ln.no);
            bdb_params_set(&r->base.params, "requests", "%.0f", v);
            set_url(r, q, end);
            continue;
        }
        if (!r->open) {
            /* A fragment without its "Running" line: accept it from the
             * thread line on. */
            q = p;
            if (!(bdb_scan_number(&q, end, &v, 0) &&
                  bdb_scan_lit(&q, end, "threads and", 1)))
                continue;
            run_open(r, ln.no);
        }
        if (r->seen_transfer) {
            /* The run is over; a Lua done() script may print anything. */
            rc = run_close(r, out, diag);
            continue;
        }

        q = p;
        if (bdb_scan_number(&q, end, &v, 0) && bdb_scan_lit(&q, end, "threads and", 1)) {
            double c;
            if (!bdb_scan_number(&q, end, &c, 0) ||
                !bdb_scan_lit(&q, end, "connections", 1)) {
                rc = perr(diag, ln.no, "\"N threads and N connections\"");
                break;
            }
            bdb_params_set(&r->base.params, "threads", "%.0f", v);
            bdb_params_set(&r->base.params, "concurrency", "%.0f", c);
            r->seen_threads = 1;
            continue;
        }
        if (bdb_starts_with(p, end, "Thread calibration:")) {
            r->wrk2 = 1;
            continue;
        }
        if (bdb_starts_with(p, end, "Thread Stats")) {
            r->section = W_BODY;
            continue;
        }
        q = p;
        if (bdb_scan_lit(&q, end, "Latency Distribution", 0)) {
            r->section = W_DIST;
            if (bdb_contains(q, end, "HdrHistogram"))
                r->wrk2 = 1;
            r->uncorrected = bdb_contains(q, end, "Uncorrected");
            continue;
        }
        if (bdb_starts_with(p, end, "Detailed Percentile spectrum")) {
            r->section = W_SPECTRUM;
            r->wrk2 = 1;
            continue;
        }
        if (bdb_is_blank(p, end))
            continue;
        if (r->section == W_SPECTRUM) {
            if (bdb_starts_with(p, end, "Value") ||
                bdb_starts_with(p, end, "#[Buckets"))
                continue;
            if (bdb_starts_with(p, end, "#[Mean"))
                continue; /* the same mean/stdev as the Latency row, finer */
            if (bdb_starts_with(p, end, "#[Max")) {
                const char *tc = bdb_find(p, end, "Total count");
                double cnt;
                if (tc) {
                    tc = bdb_find(tc, end, "=");
                    const char *n = tc ? tc + 1 : NULL;
                    if (n && bdb_scan_number(&n, end, &cnt, 0)) {
                        r->spec_count = cnt;
                        r->spec_count_line = ln.no;
                    }
                }
                continue;
            }
            if (bdb_starts_with(p, end, "---")) {
                r->section = W_BODY;
                continue;
            }
            rc = spectrum_row(r, p, end, ln.no, diag);
            continue;
        }
        if (r->section == W_DIST) {
            int handled;
            rc = dist_row(r, p, end, ln.no, diag, &handled);
            if (rc || handled)
                continue;
            r->section = W_BODY; /* fall through to the body lines */
        }
        if (bdb_starts_with(p, end, "---"))
            continue;
        q = p;
        if (bdb_scan_lit(&q, end, "Latency", 0)) {
            rc = stats_row(r, q, end, 1, ln.no, diag);
            continue;
        }
        q = p;
        if (bdb_scan_lit(&q, end, "Req/Sec", 0)) {
            rc = stats_row(r, q, end, 0, ln.no, diag);
            continue;
        }
        q = p;
        if (bdb_scan_number(&q, end, &v, 0) &&
            bdb_scan_lit(&q, end, "requests in", 1)) {
            rc = summary_line(r, p, end, ln.no, diag);
            continue;
        }
        q = p;
        if (bdb_scan_lit(&q, end, "Socket errors:", 0)) {
            rc = socket_errors(r, q, end, ln.no, out, diag);
            continue;
        }
        q = p;
        if (bdb_scan_lit(&q, end, "Non-2xx or 3xx responses:", 0)) {
            if (!bdb_scan_number(&q, end, &v, 0) || !bdb_is_blank(q, end)) {
                rc = perr(diag, ln.no, "\"Non-2xx or 3xx responses: N\"");
                break;
            }
            rc = fig(r, "non_2xx_3xx_responses", v, BDB_UNIT_COUNT,
                     BDB_LOWER_IS_BETTER, ln.no);
            bdb_sink_warn(out, ln.no,
                          "%.0f responses had a status of 400 or more (kept "
                          "as non_2xx_3xx_responses; wrk's rates include "
                          "them)",
                          v);
            continue;
        }
        q = p;
        if (bdb_scan_lit(&q, end, "Requests/sec:", 0)) {
            if (!bdb_scan_number(&q, end, &v, 0) || !bdb_is_blank(q, end)) {
                rc = perr(diag, ln.no, "\"Requests/sec: N\"");
                break;
            }
            r->seen_rps = 1;
            rc = fig(r, "requests_per_sec", v, BDB_UNIT_OPS_PER_S,
                     BDB_HIGHER_IS_BETTER, ln.no);
            continue;
        }
        q = p;
        if (bdb_scan_lit(&q, end, "Transfer/sec:", 0)) {
            q = bdb_skip_ws(q, end);
            if (!scan_size(&q, end, &v) || !bdb_is_blank(q, end)) {
                rc = perr(diag, ln.no, "\"Transfer/sec: N<unit>B\"");
                break;
            }
            r->seen_transfer = 1;
            rc = fig(r, "transfer_rate", v, BDB_UNIT_BYTES_PER_S,
                     BDB_HIGHER_IS_BETTER, ln.no);
            continue;
        }
        if (!r->seen_threads) {
            /* between "Running" and the thread line: wrk's own messages */
            continue;
        }
        if (r->seen_rps) {
            /* after Requests/sec, without Transfer/sec: not wrk's any more */
            rc = run_close(r, out, diag);
            continue;
        }
        rc = bdb_diag_set(diag, BDB_EPARSE, ln.no,
                          "wrk: unexpected line in wrk's output: \"%.*s\"",
                          (int)(end - p > 80 ? 80 : end - p), p);
    }
    if (rc == BDB_OK)
        rc = run_close(r, out, diag);
    free(r);
    return rc;
}

const bdb_parser bdb_parser_wrk = {"wrk", 1, sniff, parse};
