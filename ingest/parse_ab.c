/* parse_ab.c - ApacheBench (ab) output, and ab's two side files.
 *
 * Three formats are read:
 *  1. ab's report on stdout (with or without the stderr progress lines
 *     mixed in). Several reports in one file (a sweep script that appends
 *     one ab run after another, even with text such as "C=10 : " glued in
 *     front of the banner) become several runs; ingest numbers repeated
 *     series as repetitions.
 *  2. The -e CSV ("Percentage served,Time in ms", rows 0..100).
 *  3. The -g gnuplot TSV (starttime, seconds, ctime, dtime, ttime, wait: one
 *     row per request). It is summarised (count, mean, min, percentiles,
 *     max of ttime; means of ctime, dtime and wait), never stored per row.
 *
 * Units, from httpd's support/ab.c (output_results()):
 *  - "Time taken for tests: %.3f seconds"; "Time per request: %.3f [ms]"
 *    (mean) is concurrency * timetaken * 1000 / done, the second line
 *    "(mean, across all concurrent requests)" is timetaken * 1000 / done.
 *  - "Transfer rate: %.2f [Kbytes/sec] received" is totalread / 1024 /
 *    timetaken: 1024-based. The "kb/s sent" and "kb/s total" lines printed
 *    when a body was posted (-p/-u) use the same / 1024. Very old ab (1.3)
 *    printed "kb/s received" as bytes / milliseconds, i.e. 1000-based; that
 *    form is read with 1000.
 *  - Connection Times and the percentile table are milliseconds (rounded
 *    with ap_round_ms; sd is a double): stored in seconds. The -e CSV is in
 *    milliseconds with 3 decimals; the -g TSV columns are rounded ms.
 *  - Percentile p of the text table is the total time of request
 *    stats[done * p / 100] after sorting by total time; the TSV summary uses
 *    the same index rule, so its percentiles match the report's.
 *
 * Identity (parameters): concurrency (Concurrency Level), requests (the
 * -n count: Complete requests, omitted for a -t time-limited run, which is
 * recognised by a "Finished N requests" line with fewer than ten "Completed"
 * heartbeat lines), keepalive (1 when ab printed "Keep-Alive requests",
 * else 0), path, document_length (bytes or "variable"), tls_protocol and
 * tls_cipher (from "SSL/TLS Protocol: proto,cipher,keybits,cipherbits").
 * port is a parameter: one server often serves several ports with
 * different settings (seed 000: plain on 80, RC4 on 443, AES-256 on 444),
 * and the port comes from the test's configuration, so it is the same on
 * every platform of a comparison. server is the product part of Server
 * Software ("nginx" of "nginx/1.22.1"; omitted when empty) so that nginx and
 * Apache results never pool into one series while nginx 1.18 on one
 * platform still compares with nginx 1.22 on another. The host name is not
 * a parameter: it is each machine's own address (127.0.0.1, localhost, an
 * IP on the LAN), and keeping it would split the same test on two
 * platforms into two series; virtual hosts serving different pages still
 * differ in document_length and path. Whether gzip was asked for is
 * not in ab's output: give it with --param gzip=1 or a path pattern.
 * The benchmark is the document path.
 *
 * Metrics: time_taken, complete_requests, failed_requests (+ failed_connect,
 * failed_receive, failed_length, failed_exceptions), write_errors,
 * non_2xx_responses, keepalive_requests, total_transferred,
 * total_body_sent, html_transferred, document_length, requests_per_sec,
 * latency_mean (Time per request, mean), time_per_request_all,
 * transfer_rate (+ transfer_rate_sent, transfer_rate_total), tls_key_bits,
 * tls_cipher_bits, tls_temp_key_bits, {connect,processing,waiting,total}_
 * {min,mean,sd,median,max}, latency_p50..latency_p99 and latency_max (the
 * 100% "longest request" row). Failed requests, write errors and non-2xx
 * responses are kept as their own figures and flagged with a warning; ab's
 * other figures already include those requests, which the warning says. */
#include "ingest.h"
#include "../common/bdb_scan.h"

#include <csv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AB_MAX_FIGS 96

typedef struct ab_fig {
    char metric[40];
    double value;
    const char *unit;
    bdb_better better;
    int line;
} ab_fig;

enum ab_section { SEC_HEAD, SEC_KV, SEC_CONN, SEC_PERC };

typedef struct ab_run {
    int open;
    int start_line;
    int section;
    int seen_server, seen_complete, seen_time, seen_rps, seen_transfer;
    int seen_tpr_mean;
    int have_finished, n_completed_lines;
    long long finished, complete;
    int keepalive;
    double rate_mult;        /* multiplier of the Transfer rate lines */
    int conn_us, perc_us;    /* tables in us (WAF-bench fork of ab) */
    int conn_rows, perc_rows;
    int sane_continuation;   /* next line continues an ERROR/WARNING */
    int abort_line;
    char abort_text[120];
    bdb_sample base;
    ab_fig figs[AB_MAX_FIGS];
    int nfig;
} ab_run;

/* ---------------------------------------------------------------- sniff */

static const char GNUPLOT_HEADER[] = "starttime\tseconds\tctime\tdtime\tttime\twait";
static const char CSV_HEADER[] = "Percentage served,Time in";

static const char *skip_bom_ws(const char *buf, size_t len, const char **end)
{
    const char *p = buf;
    *end = buf + len;
    p += bdb_bom_len(buf, len);
    while (p < *end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
        p++;
    return p;
}

static int sniff(const char *buf, size_t len)
{
    const char *end;
    const char *p = skip_bom_ws(buf, len, &end);
    if (bdb_starts_with(p, end, GNUPLOT_HEADER) ||
        bdb_starts_with(p, end, CSV_HEADER))
        return 95;
    if (bdb_memfind(buf, len, "This is ApacheBench, Version"))
        return 100;
    int hits = 0;
    static const char *const marks[] = {
        "Requests per second:", "Time per request:", "Concurrency Level:",
        "Complete requests:", "HTML transferred:", "Time taken for tests:"};
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
        if (bdb_memfind(buf, len, marks[i]))
            hits++;
    return hits >= 4 ? 90 : 0;
}

/* -------------------------------------------------------------- helpers */

static int fig(ab_run *r, const char *metric, double value, const char *unit,
               bdb_better better, int line)
{
    if (r->nfig >= AB_MAX_FIGS)
        return BDB_ERANGE;
    ab_fig *f = &r->figs[r->nfig++];
    snprintf(f->metric, sizeof f->metric, "%s", metric);
    f->value = value;
    f->unit = unit;
    f->better = better;
    f->line = line;
    return BDB_OK;
}

/* Reads "<label> <number>" where the label was already consumed. */
static int read_num(const char **p, const char *end, double *v)
{
    return bdb_scan_number(p, end, v, 0);
}

static int expect_end(const char *p, const char *end)
{
    return bdb_is_blank(p, end);
}

static int perr(bdb_diag *diag, int line, const char *what)
{
    return bdb_diag_set(diag, BDB_EPARSE, line, "ab: expected %s", what);
}

static void run_open(ab_run *r, int line)
{
    memset(r, 0, sizeof *r);
    r->open = 1;
    r->start_line = line;
    r->rate_mult = 1024.0;
    bdb_sample_init(&r->base, NULL);
}

/* Closes the run: checks it is whole and emits its figures. */
static int run_close(ab_run *r, bdb_sink *out, bdb_diag *diag)
{
    if (!r->open)
        return BDB_OK;
    r->open = 0;
    if (!r->seen_server || !r->seen_complete || !r->seen_time) {
        if (r->abort_line)
            return bdb_diag_set(diag, BDB_EPARSE, r->start_line,
                                "ab: this run stopped before its results "
                                "(line %d: %s)",
                                r->abort_line, r->abort_text);
        return bdb_diag_set(diag, BDB_EPARSE, r->start_line,
                            "ab: this run has no results (truncated log?): "
                            "expected \"Server Software:\" ... \"Complete "
                            "requests:\" and \"Time taken for tests:\"");
    }
    if (r->complete > 0 && !r->seen_rps)
        return bdb_diag_set(diag, BDB_EPARSE, r->start_line,
                            "ab: this run is truncated: no \"Requests per "
                            "second:\" line");
    bdb_params_set(&r->base.params, "keepalive", "%d", r->keepalive ? 1 : 0);
    int time_limited = r->have_finished && r->n_completed_lines < 10;
    if (!time_limited)
        bdb_params_set(&r->base.params, "requests", "%lld", r->complete);
    for (int i = 0; i < r->nfig; i++) {
        const ab_fig *f = &r->figs[i];
        int rc = bdb_sink_add(out, &r->base, f->metric, f->value, f->unit,
                              f->better, f->line);
        if (rc)
            return rc;
    }
    return BDB_OK;
}

/* "Label:   text" value as a trimmed span. */
static void label_value(const char *p, const char *end, const char **vp,
                        const char **ve)
{
    *vp = p;
    *ve = end;
    bdb_trim(vp, ve);
}

static int parse_tls(ab_run *r, const char *p, const char *end, int line,
                     bdb_diag *diag)
{
    /* proto,cipher,keybits,cipherbits */
    const char *parts[4], *ends[4];
    int n = 0;
    const char *s = p;
    while (n < 4) {
        const char *c = memchr(s, ',', (size_t)(end - s));
        parts[n] = s;
        ends[n] = c ? c : end;
        n++;
        if (!c)
            break;
        s = c + 1;
    }
    if (n < 2)
        return perr(diag, line, "\"SSL/TLS Protocol: protocol,cipher,...\"");
    bdb_trim(&parts[0], &ends[0]);
    bdb_trim(&parts[1], &ends[1]);
    bdb_params_set_span(&r->base.params, "tls_protocol", parts[0], ends[0]);
    bdb_params_set_span(&r->base.params, "tls_cipher", parts[1], ends[1]);
    static const char *const names[] = {NULL, NULL, "tls_key_bits",
                                        "tls_cipher_bits"};
    for (int i = 2; i < n; i++) {
        const char *q = parts[i];
        double v;
        if (!read_num(&q, ends[i], &v) || !expect_end(q, ends[i]))
            return perr(diag, line, "a number of bits in \"SSL/TLS Protocol:\"");
        int rc = fig(r, names[i], v, BDB_UNIT_COUNT, BDB_NEUTRAL, line);
        if (rc)
            return rc;
    }
    return BDB_OK;
}

/* "(Connect: 0, Receive: 818, Length: 818, Exceptions: 818)"; older ab
 * has no Receive. */
static int parse_breakdown(ab_run *r, const char *p, const char *end,
                           int line, bdb_diag *diag)
{
    static const struct { const char *lit; const char *metric; } keys[] = {
        {"Connect:", "failed_connect"}, {"Receive:", "failed_receive"},
        {"Length:", "failed_length"}, {"Exceptions:", "failed_exceptions"}};
    p++; /* '(' */
    while (p < end) {
        p = bdb_skip_ws(p, end);
        if (p < end && *p == ')')
            return expect_end(p + 1, end) ? BDB_OK
                                         : perr(diag, line, "')' at the end");
        size_t k;
        for (k = 0; k < sizeof keys / sizeof keys[0]; k++)
            if (bdb_scan_lit(&p, end, keys[k].lit, 0))
                break;
        double v;
        if (k == sizeof keys / sizeof keys[0] || !read_num(&p, end, &v))
            return perr(diag, line,
                        "\"(Connect: N, Receive: N, Length: N, Exceptions: N)\"");
        int rc = fig(r, keys[k].metric, v, BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER,
                     line);
        if (rc)
            return rc;
        bdb_scan_lit(&p, end, ",", 1);
    }
    return perr(diag, line, "')' closing the failure breakdown");
}

/* Connection Times rows: "Connect:  0  1  0.4  0  5" or (-S) "min avg max". */
static int parse_conn_row(ab_run *r, const char *name, const char *p,
                          const char *end, int line, int five, bdb_diag *diag)
{
    static const char *const cols5[] = {"min", "mean", "sd", "median", "max"};
    static const char *const cols3[] = {"min", "mean", "max"};
    const char *const *cols = five ? cols5 : cols3;
    int ncol = five ? 5 : 3;
    double scale = r->conn_us ? 1e-6 : 1e-3;
    for (int i = 0; i < ncol; i++) {
        double v;
        if (!read_num(&p, end, &v))
            return bdb_diag_set(diag, BDB_EPARSE, line,
                                "ab: expected %d numbers after \"%s:\"", ncol,
                                name);
        char metric[40];
        snprintf(metric, sizeof metric, "%s_%s", name, cols[i]);
        for (char *c = metric; *c; c++)
            if (*c >= 'A' && *c <= 'Z')
                *c = (char)(*c - 'A' + 'a');
        int rc = fig(r, metric, v * scale, BDB_UNIT_SECONDS,
                     BDB_LOWER_IS_BETTER, line);
        if (rc)
            return rc;
    }
    if (!expect_end(p, end))
        return bdb_diag_set(diag, BDB_EPARSE, line,
                            "ab: unexpected text after the %s row", name);
    return BDB_OK;
}

/* One "Label: value" line of the results block. Returns 1 if handled, 0 if
 * the label is not ab's, or a negative code. */
static int parse_kv(ab_run *r, const char *p, const char *end, int line,
                    bdb_sink *out, bdb_diag *diag)
{
    const char *q = p;
    double v;
    const char *vp, *ve;
    int rc = BDB_OK;

#define LABEL(lit) (q = p, bdb_scan_lit(&q, end, (lit), 0))
    if (LABEL("Server Hostname:")) {
        /* not identity: see the header */
    } else if (LABEL("Server Port:")) {
        label_value(q, end, &vp, &ve);
        bdb_params_set_span(&r->base.params, "port", vp, ve);
    } else if (LABEL("SSL/TLS Protocol:")) {
        label_value(q, end, &vp, &ve);
        rc = parse_tls(r, vp, ve, line, diag);
    } else if (LABEL("Server Temp Key:")) {
        /* "X25519 253 bits" / "ECDH P-256 256 bits" */
        label_value(q, end, &vp, &ve);
        const char *bits = bdb_find(vp, ve, " bits");
        const char *n = bits;
        while (n && n > vp && n[-1] >= '0' && n[-1] <= '9')
            n--;
        if (bits && n < bits && read_num(&n, bits, &v))
            rc = fig(r, "tls_temp_key_bits", v, BDB_UNIT_COUNT, BDB_NEUTRAL,
                     line);
    } else if (LABEL("TLS Server Name:")) {
        /* the SNI name: like the host name, not identity */
    } else if (LABEL("Document Path:")) {
        label_value(q, end, &vp, &ve);
        bdb_sample_set_benchmark(&r->base, vp, ve);
        bdb_params_set_span(&r->base.params, "path", vp, ve);
    } else if (LABEL("Document Length:")) {
        label_value(q, end, &vp, &ve);
        if (bdb_span_eq(vp, ve, "Variable")) {
            bdb_params_set(&r->base.params, "document_length", "variable");
        } else {
            const char *n = vp;
            if (!read_num(&n, ve, &v) || !bdb_scan_lit(&n, ve, "bytes", 1))
                return perr(diag, line, "\"Document Length: N bytes\"");
            bdb_params_set(&r->base.params, "document_length", "%.0f", v);
            rc = fig(r, "document_length", v, BDB_UNIT_BYTES, BDB_NEUTRAL,
                     line);
        }
    } else if (LABEL("Concurrency Level:")) {
        if (!read_num(&q, end, &v) || !expect_end(q, end))
            return perr(diag, line, "\"Concurrency Level: N\"");
        bdb_params_set(&r->base.params, "concurrency", "%.0f", v);
    } else if (LABEL("Time taken for tests:")) {
        if (!read_num(&q, end, &v) || !bdb_scan_lit(&q, end, "seconds", 1))
            return perr(diag, line, "\"Time taken for tests: N seconds\"");
        r->seen_time = 1;
        rc = fig(r, "time_taken", v, BDB_UNIT_SECONDS, BDB_NEUTRAL, line);
    } else if (LABEL("Complete requests:")) {
        if (!read_num(&q, end, &v) || !expect_end(q, end))
            return perr(diag, line, "\"Complete requests: N\"");
        r->seen_complete = 1;
        r->complete = (long long)v;
        rc = fig(r, "complete_requests", v, BDB_UNIT_COUNT, BDB_NEUTRAL, line);
    } else if (LABEL("Failed requests:")) {
        if (!read_num(&q, end, &v) || !expect_end(q, end))
            return perr(diag, line, "\"Failed requests: N\"");
        rc = fig(r, "failed_requests", v, BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER,
                 line);
        if (v > 0)
            bdb_sink_warn(out, line,
                          "%.0f of %lld requests failed; ab's rates and times "
                          "include them (kept as failed_requests)",
                          v, r->complete);
    } else if (LABEL("Write errors:")) {
        if (!read_num(&q, end, &v) || !expect_end(q, end))
            return perr(diag, line, "\"Write errors: N\"");
        rc = fig(r, "write_errors", v, BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER,
                 line);
        if (v > 0)
            bdb_sink_warn(out, line, "%.0f write errors", v);
    } else if (LABEL("Non-2xx responses:")) {
        if (!read_num(&q, end, &v) || !expect_end(q, end))
            return perr(diag, line, "\"Non-2xx responses: N\"");
        rc = fig(r, "non_2xx_responses", v, BDB_UNIT_COUNT,
                 BDB_LOWER_IS_BETTER, line);
        if (v > 0)
            bdb_sink_warn(out, line,
                          "%.0f of %lld responses were not 2xx; ab's rates "
                          "and times include them (kept as "
                          "non_2xx_responses)",
                          v, r->complete);
    } else if (LABEL("Keep-Alive requests:")) {
        if (!read_num(&q, end, &v) || !expect_end(q, end))
            return perr(diag, line, "\"Keep-Alive requests: N\"");
        r->keepalive = 1;
        rc = fig(r, "keepalive_requests", v, BDB_UNIT_COUNT, BDB_NEUTRAL, line);
    } else if (LABEL("Total transferred:")) {
        if (!read_num(&q, end, &v) || !bdb_scan_lit(&q, end, "bytes", 1))
            return perr(diag, line, "\"Total transferred: N bytes\"");
        rc = fig(r, "total_transferred", v, BDB_UNIT_BYTES, BDB_NEUTRAL, line);
    } else if (LABEL("Total body sent:") || LABEL("Total POSTed:") ||
               LABEL("Total PUT:")) {
        if (!read_num(&q, end, &v))
            return perr(diag, line, "\"Total body sent: N\"");
        rc = fig(r, "total_body_sent", v, BDB_UNIT_BYTES, BDB_NEUTRAL, line);
    } else if (LABEL("HTML transferred:")) {
        if (!read_num(&q, end, &v) || !bdb_scan_lit(&q, end, "bytes", 1))
            return perr(diag, line, "\"HTML transferred: N bytes\"");
        rc = fig(r, "html_transferred", v, BDB_UNIT_BYTES, BDB_NEUTRAL, line);
    } else if (LABEL("Requests per second:")) {
        if (!read_num(&q, end, &v))
            return perr(diag, line, "\"Requests per second: N [#/sec] (mean)\"");
        r->seen_rps = 1;
        rc = fig(r, "requests_per_sec", v, BDB_UNIT_OPS_PER_S,
                 BDB_HIGHER_IS_BETTER, line);
    } else if (LABEL("Time per request:")) {
        if (!read_num(&q, end, &v) || !bdb_scan_lit(&q, end, "[ms]", 1))
            return perr(diag, line, "\"Time per request: N [ms] (mean...)\"");
        int all = bdb_contains(q, end, "across all");
        if (!all && r->seen_tpr_mean)
            return perr(diag, line, "\"(mean, across all concurrent requests)\"");
        r->seen_tpr_mean |= !all;
        rc = fig(r, all ? "time_per_request_all" : "latency_mean", v * 1e-3,
                 BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER, line);
    } else if (LABEL("Transfer rate:")) {
        if (!read_num(&q, end, &v))
            return perr(diag, line, "\"Transfer rate: N [Kbytes/sec] received\"");
        if (bdb_scan_lit(&q, end, "[Kbytes/sec]", 1))
            r->rate_mult = 1024.0;
        else if (bdb_scan_lit(&q, end, "kb/s", 1))
            r->rate_mult = 1000.0; /* ab 1.3: bytes per millisecond */
        else
            return perr(diag, line, "\"[Kbytes/sec]\" after the transfer rate");
        r->seen_transfer = 1;
        rc = fig(r, "transfer_rate", v * r->rate_mult, BDB_UNIT_BYTES_PER_S,
                 BDB_HIGHER_IS_BETTER, line);
    } else if (p < end && *p == '(' && bdb_contains(p, end, "Connect:")) {
        rc = parse_breakdown(r, p, end, line, diag);
    } else if (r->seen_transfer && read_num(&q, end, &v) &&
               bdb_scan_lit(&q, end, "kb/s", 1)) {
        /* continuation lines after a posted body */
        if (bdb_scan_lit(&q, end, "sent", 1))
            rc = fig(r, "transfer_rate_sent", v * r->rate_mult,
                     BDB_UNIT_BYTES_PER_S, BDB_HIGHER_IS_BETTER, line);
        else if (bdb_scan_lit(&q, end, "total", 1))
            rc = fig(r, "transfer_rate_total", v * r->rate_mult,
                     BDB_UNIT_BYTES_PER_S, BDB_HIGHER_IS_BETTER, line);
        else
            return perr(diag, line, "\"N kb/s sent\" or \"N kb/s total\"");
    } else {
        return 0;
    }
#undef LABEL
    return rc ? rc : 1;
}

/* ------------------------------------------------------ the text report */

static int is_banner(const char *p, const char *end)
{
    return bdb_find(p, end, "This is ApacheBench, Version") != NULL;
}

static int parse_report(const char *buf, size_t len, bdb_sink *out,
                        bdb_diag *diag)
{
    ab_run *r = calloc(1, sizeof *r);
    if (!r)
        return BDB_ENOMEM;
    bdb_lines it;
    bdb_line ln;
    int rc = BDB_OK;
    bdb_lines_init(&it, buf, len);
    while (rc == BDB_OK && bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *end = ln.end;
        bdb_trim(&p, &end);
    again:
        if (is_banner(p, end)) {
            rc = run_close(r, out, diag);
            if (rc)
                break;
            run_open(r, ln.no);
            const char *v = bdb_find(p, end, "Version") + 7;
            v = bdb_skip_ws(v, end);
            const char *ve = v;
            while (ve < end && *ve != ' ' && *ve != '<')
                ve++;
            if (ve > v)
                bdb_sink_set_version(out, v, ve);
            continue;
        }
        int benchmarking = bdb_starts_with(p, end, "Benchmarking ") &&
                           bdb_contains(p, end, "(be patient)");
        int server = bdb_starts_with(p, end, "Server Software:");
        if (!r->open) {
            if (!benchmarking && !server)
                continue;
            run_open(r, ln.no);
        } else if ((benchmarking && r->section != SEC_HEAD) ||
                   (server && r->seen_server)) {
            /* a new run without a banner */
            rc = run_close(r, out, diag);
            if (rc)
                break;
            run_open(r, ln.no);
        }

        switch (r->section) {
        case SEC_HEAD: {
            const char *q = p;
            double v;
            if (server) {
                const char *vp = p + strlen("Server Software:"), *ve = end;
                bdb_trim(&vp, &ve);
                const char *slash = memchr(vp, '/', (size_t)(ve - vp));
                if (slash)
                    ve = slash;
                if (ve > vp)
                    bdb_params_set_span(&r->base.params, "server", vp, ve);
                r->seen_server = 1;
                r->section = SEC_KV;
            } else if (bdb_scan_lit(&q, end, "Completed", 0) &&
                       read_num(&q, end, &v) &&
                       bdb_scan_lit(&q, end, "requests", 1)) {
                r->n_completed_lines++;
            } else if ((q = p, bdb_scan_lit(&q, end, "Finished", 0)) &&
                       read_num(&q, end, &v) &&
                       bdb_scan_lit(&q, end, "requests", 1)) {
                r->have_finished = 1;
                r->finished = (long long)v;
            } else if (bdb_starts_with(p, end, "Test aborted") ||
                       bdb_starts_with(p, end, "apr_") ||
                       bdb_starts_with(p, end, "Total of ")) {
                if (!r->abort_line) {
                    r->abort_line = ln.no;
                    bdb_copy(r->abort_text, sizeof r->abort_text, p, end);
                }
            }
            /* anything else before the results (copyright lines, ab's
             * stderr messages such as "SSL read failed") is not a figure */
            break;
        }
        case SEC_KV: {
            if (bdb_is_blank(p, end))
                break;
            if (bdb_starts_with(p, end, "Connection Times (")) {
                r->conn_us = bdb_contains(p, end, "(us)");
                r->section = SEC_CONN;
                break;
            }
            if (bdb_starts_with(p, end, "Percentage of the requests served")) {
                r->perc_us = bdb_contains(p, end, "(us)");
                r->section = SEC_PERC;
                break;
            }
            int h = parse_kv(r, p, end, ln.no, out, diag);
            if (h != 1 && h != 0) {
                rc = h;
                break;
            }
            if (h == 1)
                break;
            if (r->seen_rps || (r->seen_complete && r->seen_time &&
                                r->complete == 0)) {
                /* the report is over: this line is someone else's */
                rc = run_close(r, out, diag);
                if (rc)
                    break;
                goto again;
            }
            rc = bdb_diag_set(diag, BDB_EPARSE, ln.no,
                              "ab: unexpected line in ab's results: \"%.*s\"",
                              (int)(end - p > 80 ? 80 : end - p), p);
            break;
        }
        case SEC_CONN: {
            const char *q = p;
            if (bdb_is_blank(p, end))
                break;
            if (r->sane_continuation) {
                r->sane_continuation = 0;
                if (bdb_contains(p, end, "reliable"))
                    break;
            }
            if (bdb_starts_with(p, end, "min ")) {
                r->conn_rows = bdb_contains(p, end, "median") ? 5 : 3;
                break;
            }
            static const char *const rows[] = {"Connect", "Processing",
                                               "Waiting", "Total"};
            size_t k;
            for (k = 0; k < 4; k++) {
                q = p;
                if (bdb_scan_lit(&q, end, rows[k], 0) &&
                    bdb_scan_lit(&q, end, ":", 0))
                    break;
            }
            if (k < 4) {
                if (!r->conn_rows)
                    r->conn_rows = 5;
                rc = parse_conn_row(r, rows[k], q, end, ln.no,
                                    r->conn_rows == 5, diag);
                break;
            }
            if (bdb_starts_with(p, end, "ERROR: The median") ||
                bdb_starts_with(p, end, "WARNING: The median")) {
                bdb_sink_warn(out, ln.no, "%.*s",
                              (int)(end - p > 200 ? 200 : end - p), p);
                r->sane_continuation = 1;
                break;
            }
            if (bdb_starts_with(p, end, "Percentage of the requests served")) {
                r->perc_us = bdb_contains(p, end, "(us)");
                r->section = SEC_PERC;
                break;
            }
            rc = run_close(r, out, diag);
            if (rc)
                break;
            goto again;
        }
        case SEC_PERC: {
            const char *q = p;
            double pct, v;
            if (bdb_is_blank(p, end) && r->perc_rows == 0)
                break;
            if (read_num(&q, end, &pct) && bdb_scan_lit(&q, end, "%", 0)) {
                if (bdb_scan_lit(&q, end, "<0>", 1))
                    break; /* " 0%  <0> (never)" */
                if (!read_num(&q, end, &v))
                    return free(r),
                           bdb_diag_set(diag, BDB_EPARSE, ln.no,
                                        "ab: expected a time after \"%.0f%%\"",
                                        pct);
                char metric[40];
                if (pct >= 100)
                    snprintf(metric, sizeof metric, "latency_max");
                else
                    snprintf(metric, sizeof metric, "latency_p%.0f", pct);
                rc = fig(r, metric, v * (r->perc_us ? 1e-6 : 1e-3), BDB_UNIT_SECONDS,
                         BDB_LOWER_IS_BETTER, ln.no);
                r->perc_rows++;
                break;
            }
            rc = run_close(r, out, diag);
            if (rc)
                break;
            goto again;
        }
        }
    }
    if (rc == BDB_OK)
        rc = run_close(r, out, diag);
    free(r);
    return rc;
}

/* ----------------------------------------------- -e CSV and -g gnuplot */

typedef struct side_row {
    double t;       /* ttime (gnuplot) or time (CSV), ms */
    double pct;     /* CSV percentage */
    double ctime, dtime, wait;
    int line;
} side_row;

typedef struct side_state {
    int gnuplot;            /* 1: -g TSV, 0: -e CSV */
    int field;              /* index in the record */
    int record;             /* 1-based record number = line */
    char fields[6][64];
    int nfields;
    side_row *rows;
    size_t n, cap;
    int err;                /* BDB_E* */
    int err_line;
    char err_msg[160];
} side_state;

static void side_field(void *s, size_t len, void *data)
{
    side_state *st = data;
    if (st->nfields < 6) {
        size_t n = len < 63 ? len : 63;
        memcpy(st->fields[st->nfields], s, n);
        st->fields[st->nfields][n] = '\0';
    }
    st->nfields++;
}

static int field_num(const char *f, double *v)
{
    const char *p = f, *end = f + strlen(f);
    return bdb_scan_number(&p, end, v, 0) && bdb_is_blank(p, end);
}

static void side_record(int c, void *data)
{
    (void)c;
    side_state *st = data;
    int line = ++st->record;
    int nf = st->nfields;
    st->nfields = 0;
    if (st->err)
        return;
    if (line == 1)
        return; /* the header, checked by the caller */
    if (nf == 1 && st->fields[0][0] == '\0')
        return; /* blank line */
    side_row row = {0};
    row.line = line;
    int ok;
    if (st->gnuplot) {
        double secs;
        ok = nf == 6 && field_num(st->fields[1], &secs) &&
             field_num(st->fields[2], &row.ctime) &&
             field_num(st->fields[3], &row.dtime) &&
             field_num(st->fields[4], &row.t) &&
             field_num(st->fields[5], &row.wait);
        if (!ok)
            snprintf(st->err_msg, sizeof st->err_msg,
                     "ab -g: expected 6 tab-separated columns (starttime, "
                     "seconds, ctime, dtime, ttime, wait)");
    } else {
        ok = nf == 2 && field_num(st->fields[0], &row.pct) &&
             field_num(st->fields[1], &row.t) && row.pct >= 0 &&
             row.pct <= 100;
        if (!ok)
            snprintf(st->err_msg, sizeof st->err_msg,
                     "ab -e: expected \"percentage,time in ms\"");
    }
    if (!ok) {
        st->err = BDB_EPARSE;
        st->err_line = line;
        return;
    }
    if (st->n == st->cap) {
        size_t cap = st->cap ? st->cap * 2 : 256;
        side_row *p = realloc(st->rows, cap * sizeof *p);
        if (!p) {
            st->err = BDB_ENOMEM;
            return;
        }
        st->rows = p;
        st->cap = cap;
    }
    st->rows[st->n++] = row;
}

static int cmp_t(const void *a, const void *b)
{
    const side_row *x = a, *y = b;
    if (x->t != y->t)
        return x->t < y->t ? -1 : 1;
    return x->line - y->line;
}

static const int ab_percs[] = {50, 66, 75, 80, 90, 95, 98, 99};

static int emit_gnuplot(side_state *st, bdb_sink *out, const bdb_parse_opts *opts)
{
    bdb_sample base;
    bdb_sample_init(&base, opts && opts->benchmark ? opts->benchmark : NULL);
    size_t n = st->n;
    double sum = 0, sc = 0, sd = 0, sw = 0;
    for (size_t i = 0; i < n; i++) {
        sum += st->rows[i].t;
        sc += st->rows[i].ctime;
        sd += st->rows[i].dtime;
        sw += st->rows[i].wait;
    }
    qsort(st->rows, n, sizeof *st->rows, cmp_t);
    int rc = bdb_sink_add(out, &base, "complete_requests", (double)n,
                          BDB_UNIT_COUNT, BDB_NEUTRAL, 1);
    if (!rc)
        rc = bdb_sink_add(out, &base, "latency_mean", sum / n * 1e-3,
                          BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER, 1);
    if (!rc)
        rc = bdb_sink_add(out, &base, "connect_mean", sc / n * 1e-3,
                          BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER, 1);
    if (!rc)
        rc = bdb_sink_add(out, &base, "processing_mean", sd / n * 1e-3,
                          BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER, 1);
    if (!rc)
        rc = bdb_sink_add(out, &base, "waiting_mean", sw / n * 1e-3,
                          BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER, 1);
    if (!rc)
        rc = bdb_sink_add(out, &base, "latency_min", st->rows[0].t * 1e-3,
                          BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER,
                          st->rows[0].line);
    for (size_t k = 0; !rc && k < sizeof ab_percs / sizeof ab_percs[0]; k++) {
        /* ab.c: stats[done * perc / 100] of the sorted total times */
        size_t idx = n * (size_t)ab_percs[k] / 100;
        if (idx >= n)
            idx = n - 1;
        char metric[32];
        snprintf(metric, sizeof metric, "latency_p%d", ab_percs[k]);
        rc = bdb_sink_add(out, &base, metric, st->rows[idx].t * 1e-3,
                          BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER,
                          st->rows[idx].line);
    }
    if (!rc)
        rc = bdb_sink_add(out, &base, "latency_max", st->rows[n - 1].t * 1e-3,
                          BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER,
                          st->rows[n - 1].line);
    return rc;
}

static int emit_csv(side_state *st, bdb_sink *out, const bdb_parse_opts *opts)
{
    bdb_sample base;
    bdb_sample_init(&base, opts && opts->benchmark ? opts->benchmark : NULL);
    int rc = BDB_OK;
    for (size_t i = 0; !rc && i < st->n; i++) {
        const side_row *row = &st->rows[i];
        int pct = (int)row->pct;
        if ((double)pct != row->pct)
            continue;
        char metric[32] = "";
        if (pct == 0)
            snprintf(metric, sizeof metric, "latency_min");
        else if (pct == 100)
            snprintf(metric, sizeof metric, "latency_max");
        else
            for (size_t k = 0; k < sizeof ab_percs / sizeof ab_percs[0]; k++)
                if (ab_percs[k] == pct)
                    snprintf(metric, sizeof metric, "latency_p%d", pct);
        if (metric[0])
            rc = bdb_sink_add(out, &base, metric, row->t * 1e-3,
                              BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER, row->line);
    }
    return rc;
}

static int parse_side(const char *buf, size_t len, int gnuplot,
                      const bdb_parse_opts *opts, bdb_sink *out, bdb_diag *diag)
{
    const char *end;
    const char *p = skip_bom_ws(buf, len, &end);
    /* Count the lines skipped before the header so lines stay right. */
    int skipped = 0;
    for (const char *s = buf; s < p; s++)
        if (*s == '\n')
            skipped++;
    struct csv_parser cp;
    if (csv_init(&cp, CSV_STRICT | CSV_APPEND_NULL) != 0)
        return BDB_ENOMEM;
    if (gnuplot)
        csv_set_delim(&cp, CSV_TAB);
    side_state st;
    memset(&st, 0, sizeof st);
    st.gnuplot = gnuplot;
    st.record = skipped;
    size_t used = csv_parse(&cp, p, (size_t)(end - p), side_field, side_record,
                            &st);
    int cerr = used != (size_t)(end - p) ? csv_error(&cp) : 0;
    if (!cerr)
        csv_fini(&cp, side_field, side_record, &st);
    csv_free(&cp);
    int rc = BDB_OK;
    if (cerr)
        rc = bdb_diag_set(diag, BDB_EPARSE, st.record + 1, "ab -%c: %s",
                          gnuplot ? 'g' : 'e', csv_strerror(cerr));
    else if (st.err == BDB_EPARSE)
        rc = bdb_diag_set(diag, BDB_EPARSE, st.err_line, "%s", st.err_msg);
    else if (st.err)
        rc = st.err;
    else if (st.n == 0)
        rc = bdb_diag_set(diag, BDB_EPARSE, skipped + 1,
                          "ab -%c: a header without rows (truncated file?)",
                          gnuplot ? 'g' : 'e');
    else if (gnuplot)
        rc = emit_gnuplot(&st, out, opts);
    else
        rc = emit_csv(&st, out, opts);
    free(st.rows);
    return rc;
}

static int parse(const char *buf, size_t len, const bdb_parse_opts *opts,
                 bdb_sink *out, bdb_diag *diag)
{
    const char *end;
    const char *p = skip_bom_ws(buf, len, &end);
    if (bdb_starts_with(p, end, GNUPLOT_HEADER))
        return parse_side(buf, len, 1, opts, out, diag);
    if (bdb_starts_with(p, end, CSV_HEADER))
        return parse_side(buf, len, 0, opts, out, diag);
    return parse_report(buf, len, out, diag);
}

const bdb_parser bdb_parser_ab = {"ab", 1, sniff, parse};
