/* parse_ab.c - ApacheBench (ab) output, and ab's two side files.
 *
 * Three formats are read:
 *  1. ab's report on stdout (with or without the stderr progress and error
 *     lines mixed in). Several reports in one file (a shell loop that
 *     appends one run after another, even with text such as "C=10 : "
 *     glued in front of the banner) become several runs; ingest numbers
 *     repeated series as repetitions, and runs with other settings get
 *     other parameters (a sweep).
 *  2. The -e CSV ("Percentage served,Time in ms", rows 0..100).
 *  3. The -g gnuplot TSV (starttime, seconds, ctime, dtime, ttime, wait: one
 *     row per request). It is summarised (count, mean, min, percentiles,
 *     max of ttime; means of ctime, dtime and wait), never stored per row.
 *
 * Every line ab prints was taken from httpd's support/ab.c (2.4.x
 * output_results() and output_html_results() for -w, test(), err(),
 * apr_err(), the SSL callbacks and -v dumps; 2.2 and 2.0 for "Total
 * POSTed:"/"Total PUT:", the "(be patient).....done" form of runs of at
 * most 150 requests; 1.3 for "Connnection Times" with three columns,
 * "Broken pipe errors:", "(last request)" and "kb/s received"). Units,
 * from output_results():
 *  - "Time taken for tests: %.3f seconds"; "Time per request: %.3f [ms]"
 *    (mean) is concurrency * timetaken * 1000 / done, the second line
 *    "(mean, across all concurrent requests)" is timetaken * 1000 / done.
 *  - "Transfer rate: %.2f [Kbytes/sec] received" is totalread / 1024 /
 *    timetaken: 1024-based (2.0.40: (totalread / 1024) / timetaken, the
 *    same unit). The "kb/s sent" and "kb/s total" lines printed when a
 *    body was sent (-p/-u), and the -w table's "kb/s received", use the
 *    same / 1024. ab 1.3 divided totalread by the time in milliseconds:
 *    its "kb/s received" and 1.3d's "[Kbytes/sec]" are bytes per ms, i.e.
 *    1000-based (a quoted 1.3d run in test_ab.c: 9604000 bytes in 5.788 s
 *    printed 1659.30), so a banner of version 1.x reads them with 1000.
 *  - Connection Times and the percentile table are milliseconds (rounded
 *    with ap_round_ms; sd is a double): stored in seconds. The -e CSV is in
 *    milliseconds with 3 decimals; the -g TSV columns are rounded ms.
 *  - Percentile p of the text table is the total time of request
 *    stats[done * p / 100] after sorting by total time; the TSV summary uses
 *    the same index rule, so its percentiles match the report's.
 *
 * Identity (parameters): concurrency (Concurrency Level), requests (the
 * -n count: Complete requests, omitted for a -t time-limited run, which is
 * known from the command line or recognised by its heartbeat: ab prints
 * "Completed N requests" every max(n / 10, 100) requests of a -n run, so
 * ten lines or more, or lines every 100 for n below 1000, while -t sets n
 * to 50000 and prints every 5000: a "Finished N requests" line with no
 * heartbeat, or fewer than ten not 100 apart, is a -t run), keepalive (1 when
 * ab printed "Keep-Alive requests", else 0), path, document_length (bytes
 * or "variable"), tls_protocol and tls_cipher (from "SSL/TLS Protocol:
 * proto,cipher,keybits,cipherbits"). port is a parameter: one server often
 * serves several ports with different settings (seed 000: plain on 80, RC4
 * on 443, AES-256 on 444), and the port comes from the test's
 * configuration, so it is the same on every platform of a comparison.
 * server is the product part of Server Software ("nginx" of
 * "nginx/1.22.1"; omitted when empty) so that nginx and Apache results
 * never pool into one series while nginx 1.18 on one platform still
 * compares with nginx 1.22 on another. The host name is not a parameter:
 * it is each machine's own address (127.0.0.1, localhost, an IP on the
 * LAN), and keeping it would split the same test on two platforms into two
 * series; the TLS Server Name is the host name again. The benchmark is the
 * document path.
 *
 * The command line, when the capture holds it (a prompt line, `time ab`,
 * `sudo ab`, an `echo` of the command, set -x's `+ ab ...`), is walked with
 * ab's own getopt string (2.4's "n:c:t:s:b:T:p:u:v:lrkVhwiIx:y:z:C:H:P:A:g:
 * X:de:SqB:m:Z:f:E:", plus trunk's Y:) and gives the settings the report
 * does not print: time_limit (-t), timeout (-s), method (HEAD for -i, POST
 * for -p, PUT for -u, -m's name), content_type (-T, with a body),
 * gzip=1 for -H "Accept-Encoding: ...gzip..." (accept_encoding=VALUE for
 * other encodings, so a compressed run never pools with a plain one),
 * recv_errors_ok (-r), tcp_window (-b), proxy (-X). -n, -c, -k, -l and the
 * URL give requests, concurrency, keepalive, document_length, path and port
 * where the report lacks them (a capture that starts mid-way); where both
 * exist the printed value is kept, and a disagreement is a warning.
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
 * other figures already include those requests, which the warning says.
 * Text glued before a label in NAME=VALUE form ("C=10 : Transfer rate:
 * ..." from a script's `echo -n "C=${C} : "; ab ... | grep`) becomes
 * parameters of that run: it is the only record of its settings.
 * A run that ab ended before its report (apr_socket_recv: Connection reset
 * by peer, apr_pollset_poll: The timeout specified has expired, Test
 * aborted after 10 failures) keeps the count it printed ("Total of N
 * requests completed", else the last "Completed N requests" heartbeat) as
 * completed_before_stop, with a warning that quotes ab's error.
 *
 * Nothing here stops the parse but running out of memory: an error line
 * between the blocks, an odd row, a figure that is not a number, a report
 * cut short or one that starts mid-way is a warning at its line, and every
 * complete figure is kept. */
#include "ingest.h"
#include "cmdline.h"
#include "../common/bdb_scan.h"
#include "../common/bdb_grow.h"

#include <csv.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct ab_fig {
    char metric[40];
    double value;
    const char *unit;
    bdb_better better;
    int line;
} ab_fig;

/* What a command line asked for; -1 / 0 / "" where it said nothing. */
typedef struct ab_cmd {
    int line;                   /* 0: no command line */
    long long n, c, t, s, b;
    int keepalive, nolength, recverrok, proxy, verbosity, nopercentile;
    char method[32];
    char content_type[BDB_PARAM_VALUE_MAX];
    char accept_encoding[BDB_PARAM_VALUE_MAX];
    char path[4 * BDB_BENCHMARK_MAX];  /* named by set_path */
    long long port;
    char bad[80];               /* the first option value not understood */
    char cut;                   /* an option whose value did not fit */
} ab_cmd;

enum ab_section { SEC_HEAD, SEC_KV, SEC_CONN, SEC_PERC };

/* A few lines of one kind, counted, with the first one quoted. */
typedef struct ab_tally {
    int count;
    int line;
    char text[120];
} ab_tally;

typedef struct ab_run {
    int open;
    int start_line;
    int section;
    int midway;              /* opened by a report line: no banner, no
                                "Benchmarking", no "Server Software:" */
    int seen_server, seen_complete, seen_time, seen_rps, seen_transfer;
    int seen_failed, seen_total_transferred, seen_concurrency, seen_path;
    int seen_port, seen_doclen, seen_tpr_mean, seen_conn, seen_perc;
    int variable_length;
    long long concurrency, port;
    int have_finished, n_completed_lines;
    long long finished, complete;
    int last_completed_line;
    long long last_completed, first_completed;
    int total_of_line;
    long long total_of;
    int keepalive;
    int verbose;             /* ab -v 2+: request and response dumps */
    int html;                /* ab -w: the report as HTML table rows */
    int major;               /* ab's major version from the banner, 0: none */
    int seen_banner, seen_benchmarking;
    double rate_mult;        /* multiplier of the Transfer rate lines */
    int conn_us, perc_us;    /* tables in us (WAF-bench fork of ab) */
    int conn_cols;           /* 5: min mean sd median max; 3: min avg max */
    int conn_rows, conn_total_row, perc_rows, perc_last;
    int perc_gap; /* a blank line after a percentile row */
    int text_goes_on; /* the line being read is not the text's last */
    int perc_stray; /* lines without a digit between the percentile
                       table's heading and its first row */
    int sane_continuation;   /* lines that may continue an ERROR/WARNING */
    int last_fig_line;
    int zero_rate_line, zero_bytes_line;
    ab_tally errors;         /* ab's (and OpenSSL's) error lines */
    ab_tally fatal;          /* the last error line: why ab stopped */
    ab_tally odd;            /* lines before the report that are not ab's */
    ab_tally odd_kv;         /* lines inside the report that are not ab's */
    ab_cmd cmd;
    bdb_sample base;
    ab_fig *figs;
    int nfig, capfig;
    int warn_rc;             /* a warning that could not be recorded */
} ab_run;

/* Records a warning; a failure to record it (out of memory) is kept and
 * ends the parse with that code instead of losing the warning. */
static void note_rc(ab_run *r, int rc)
{
    if (rc && !r->warn_rc)
        r->warn_rc = rc;
}
#define WARN(r_, ...) note_rc((r_), bdb_sink_warn(__VA_ARGS__))

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

/* A line of ab's report kept alone by an author who trimmed the rest:
 * "Requests per second:    2849.14 [#/sec]" ("(mean)" dropped too) or
 * "Time per request:       3.510 [ms]"; the label and ab's bracketed unit
 * on one line are ab's alone. */
static int has_ab_unit_line(const char *buf, size_t len, const char *label,
                            const char *unit)
{
    const char *end = buf + len;
    for (const char *p = buf; p < end;) {
        const char *l = bdb_memfind(p, (size_t)(end - p), label);
        if (!l)
            return 0;
        const char *eol = memchr(l, '\n', (size_t)(end - l));
        const char *q = l + strlen(label);
        double v;
        if (bdb_scan_number(&q, eol ? eol : end, &v, 0) &&
            bdb_scan_lit(&q, eol ? eol : end, unit, 1))
            return 1;
        p = eol ? eol + 1 : end;
    }
    return 0;
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
    /* a capture without its banner: test()'s "Benchmarking HOST (be
     * patient)" line is ab's alone */
    const char *b = bdb_memfind(buf, len, "Benchmarking ");
    if (b) {
        const char *eol = memchr(b, '\n', len - (size_t)(b - buf));
        if (bdb_find(b, eol ? eol : buf + len, "(be patient)"))
            return 90;
    }
    /* ab's own units, even in a grep of one line */
    if (bdb_memfind(buf, len, "[Kbytes/sec] received") ||
        bdb_memfind(buf, len, "[#/sec] (mean)") ||
        has_ab_unit_line(buf, len, "Requests per second:", "[#/sec]") ||
        has_ab_unit_line(buf, len, "Time per request:", "[ms]"))
        return 85;
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

static void tally(ab_tally *t, int line, const char *p, const char *end)
{
    if (t->count++ == 0) {
        t->line = line;
        bdb_copy(t->text, sizeof t->text, p, end);
    }
}

/* Replaces what the tally holds: the last line of a kind. */
static void tally_last(ab_tally *t, int line, const char *p, const char *end)
{
    t->count++;
    t->line = line;
    bdb_copy(t->text, sizeof t->text, p, end);
}

/* A short quote of a line for a warning. */
#define QUOTE_LEN(p, end) ((int)((end) - (p) > 80 ? 80 : (end) - (p)))

static int fig(ab_run *r, const char *metric, double value, const char *unit,
               bdb_better better, int line)
{
    if (r->nfig == r->capfig) {
        int cap = r->capfig ? r->capfig * 2 : 64;
        ab_fig *f = realloc(r->figs, (size_t)cap * sizeof *f);
        if (!f)
            return BDB_ENOMEM;
        r->figs = f;
        r->capfig = cap;
    }
    ab_fig *f = &r->figs[r->nfig++];
    snprintf(f->metric, sizeof f->metric, "%s", metric);
    f->value = value;
    f->unit = unit;
    f->better = better;
    f->line = line;
    r->last_fig_line = line;
    return BDB_OK;
}

static int has_fig(const ab_run *r, const char *metric)
{
    for (int i = 0; i < r->nfig; i++)
        if (strcmp(r->figs[i].metric, metric) == 0)
            return 1;
    return 0;
}

static int read_num(const char **p, const char *end, double *v)
{
    return bdb_scan_number(p, end, v, 0);
}

/* A figure ab prints as an integer or with "%.2f" (counts, bytes,
 * "Requests per second", "Transfer rate"), which its writer may have
 * retyped with thousands grouped ("Requests per second:    95,342.18
 * [#/sec] (mean)", "18 661.44") or a decimal comma: ab never calls
 * setlocale() and groups nothing, so neither is ab's, and no such
 * figure has three decimals. Not for its "%.3f" times, where "1,049"
 * could be either, nor for the Connection Times rows, whose columns a
 * single blank may part. */
static int read_count(const char **p, const char *end, double *v)
{
    return bdb_scan_number(p, end, v,
                           BDB_SCAN_GROUPING_LOCALE | BDB_SCAN_DECIMAL_COMMA);
}

static int expect_end(const char *p, const char *end)
{
    return bdb_is_blank(p, end);
}

/* The rest of a figure's line after ab's text: nothing, or a note its
 * writer added (bdb_is_trailer: "0 <------------", "0   # 失败的请求数",
 * "// ...", "(!)", "**", "<br>"), but not ab's own failure breakdown
 * joined to the line ("5 (Connect: 0, Receive: 0, ...)"), which is read
 * apart. A word or another number is ab's text that was not expected. */
static int figure_end(const char *p, const char *end)
{
    if (bdb_is_blank(p, end))
        return 1;
    const char *q = bdb_skip_blank(p, end);
    return bdb_is_trailer(p, end) && !bdb_starts_with(q, end, "(Connect:");
}

/* Sets a parameter of the run; a full set or a value longer than the
 * store keeps is a warning, never a silent loss. */
static void setp(ab_run *r, bdb_sink *out, int line, const char *key,
                 const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

static void setp(ab_run *r, bdb_sink *out, int line, const char *key,
                 const char *fmt, ...)
{
    char value[BDB_PARAM_VALUE_MAX + 1];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(value, sizeof value, fmt, ap);
    va_end(ap);
    /* the set remembers what did not fit, and the sink then refuses the
     * run's figures rather than store them under a cut identity; this
     * names the parameter */
    if (bdb_params_set(&r->base.params, key, "%s", value) == BDB_OK)
        return;
    if (n >= BDB_PARAM_VALUE_MAX - 1)
        WARN(r, out, line,
             "the value of parameter %s is longer than %d bytes: this "
             "run's figures are not stored under a cut name", key,
             BDB_PARAM_VALUE_MAX - 2);
    else
        WARN(r, out, line,
             "parameter %s=%s does not fit (a figure has %d parameters at "
             "most): this run's figures are not stored", key, value,
             BDB_MAX_PARAMS);
}

static void setp_span(ab_run *r, bdb_sink *out, int line, const char *key,
                      const char *p, const char *end)
{
    setp(r, out, line, key, "%.*s", (int)(end - p), p);
}

/* The document path [p, end) names the run (its benchmark) and is its
 * path parameter. A path too long for either (a query string: ab prints
 * the whole request line's path) is not cut, which would merge two runs
 * that share its start, nor refused, which would lose the run: it is
 * named by its start and a hash of the whole (bdb_name_fit), and said. */
static void set_path(ab_run *r, bdb_sink *out, int line, const char *p,
                     const char *end)
{
    /* a sample's benchmark holds BDB_BENCHMARK_MAX - 2 bytes, a
     * parameter's value BDB_PARAM_VALUE_MAX - 2 */
    char bench[BDB_BENCHMARK_MAX - 1], value[BDB_PARAM_VALUE_MAX - 1];
    int fitted = bdb_name_fit(bench, sizeof bench, p, end);
    fitted |= bdb_name_fit(value, sizeof value, p, end);
    bdb_sample_set_benchmark_text(&r->base, bench);
    setp(r, out, line, "path", "%s", value);
    if (fitted)
        note_rc(r, bdb_sink_info(out, line, "ab: the document path is %zu "
                                 "bytes long; the run is named by its start "
                                 "and a hash of the whole path",
                                 (size_t)(end - p)));
}

/* Where a writer's note led by dashes starts after a value ("/index.html
 * ----------------压力测试的页面", "BWS/1.1------提供服务的软件"): three
 * dashes or more followed by a blank, a non-ASCII byte or the line's
 * end; else end. A path or a server's name may hold a dash or two. */
static const char *note_leader(const char *p, const char *end)
{
    for (const char *d = p; d < end; d++) {
        if (*d != '-')
            continue;
        const char *e = d;
        while (e < end && *e == '-')
            e++;
        if (e - d >= 3 &&
            (e == end || *e == ' ' || *e == '\t' || (unsigned char)*e >= 0x80))
            return d;
        d = e - 1;
    }
    return end;
}

static void warn_bad(ab_run *r, bdb_sink *out, int line, const char *what,
                     const char *p, const char *end)
{
    WARN(r, out, line, "expected %s, got \"%.*s\"; line skipped",
                  what, QUOTE_LEN(p, end), p);
}

static void cmd_init(ab_cmd *c)
{
    memset(c, 0, sizeof *c);
    c->n = c->c = c->t = c->s = c->b = c->port = -1;
}

static void run_open(ab_run *r, int line, ab_cmd *pending)
{
    ab_fig *figs = r->figs;
    int cap = r->capfig, warn_rc = r->warn_rc;
    memset(r, 0, sizeof *r);
    r->figs = figs;
    r->capfig = cap;
    r->warn_rc = warn_rc;
    r->open = 1;
    r->start_line = line;
    r->rate_mult = 1024.0;
    r->concurrency = r->port = -1;
    bdb_sample_init(&r->base, NULL);
    cmd_init(&r->cmd);
    if (pending->line) {
        r->cmd = *pending;
        r->verbose = pending->verbosity >= 2;
        cmd_init(pending);
    }
}

/* ------------------------------------------------------ the command line */

static const char *const ab_tools[] = {"ab", "ab2", NULL};
static const char AB_OPTSTRING[] =
    "n:c:t:s:b:T:p:u:v:lrkVhwiIx:y:z:C:H:P:A:g:X:de:SqB:m:Z:f:Y:E:";

/* Cheap test before the word splitter: does "ab" or "ab2" stand as a
 * word (or a path's last part) in the line? */
static int may_run_ab(const char *p, const char *end)
{
    for (const char *q = p; q + 1 < end; q++) {
        if (q[0] != 'a' || q[1] != 'b')
            continue;
        char before = q > p ? q[-1] : ' ';
        const char *a = q + 2;
        if (a < end && *a == '2')
            a++;
        if ((before == ' ' || before == '\t' || before == '/' ||
             before == '"' || before == '\'' || before == '\\' ||
             before == '$' || before == '#' || before == '+' ||
             before == ':' || before == '>') &&
            (a == end || *a == ' ' || *a == '\t' || *a == '.' || *a == '"' ||
             *a == '\'' || *a == '\r'))
            return 1;
    }
    return 0;
}

static int parse_ll(const char *v, long long *out)
{
    if (!v)
        return 0;
    const char *p = v, *end = v + strlen(v);
    long long x;
    if (!bdb_scan_int(&p, end, &x) || !expect_end(p, end) || x < 0)
        return 0;
    *out = x;
    return 1;
}

/* Copies an option's value, noting when it did not fit. */
static void keep(ab_cmd *c, char opt, char *dst, size_t size, const char *v)
{
    if (strlen(v) >= size)
        c->cut = opt;
    bdb_strlcpy(dst, size, v);
}

/* Splits ab's URL operand ([http[s]://]host[:port]/path) as ab's
 * parse_url() does. */
static void cmd_url(ab_cmd *c, const char *url)
{
    int https = 0;
    if (strncmp(url, "http://", 7) == 0) {
        url += 7;
    } else if (strncmp(url, "https://", 8) == 0) {
        url += 8;
        https = 1;
    }
    const char *slash = strchr(url, '/');
    if (!slash)
        return; /* ab refuses it ("invalid URL") */
    keep(c, 'U', c->path, sizeof c->path, slash);
    const char *host_end = slash;
    const char *colon = NULL;
    if (*url == '[') {
        const char *rb = memchr(url, ']', (size_t)(slash - url));
        if (rb && rb + 1 < slash && rb[1] == ':')
            colon = rb + 1;
    } else {
        for (const char *q = url; q < host_end; q++)
            if (*q == ':')
                colon = q;
    }
    long long port = https ? 443 : 80;
    if (colon && colon + 1 < host_end) {
        const char *q = colon + 1;
        long long x;
        if (bdb_scan_int(&q, host_end, &x) && q == host_end && x > 0)
            port = x;
    }
    c->port = port;
}

static int cmd_opt(const char *name, const char *value, void *ctx)
{
    ab_cmd *c = ctx;
    long long *num = NULL;
    if (name[0] == '\0') {
        cmd_url(c, value);
        return 0;
    }
    if (name[1] != '\0')
        return 0; /* ab has no long options */
    switch (name[0]) {
    case 'n': num = &c->n; break;
    case 'c': num = &c->c; break;
    case 't': num = &c->t; break;
    case 's': num = &c->s; break;
    case 'b': num = &c->b; break;
    case 'k': c->keepalive = 1; break;
    case 'l': c->nolength = 1; break;
    case 'r': c->recverrok = 1; break;
    case 'd': c->nopercentile = 1; break;
    case 'X': c->proxy = 1; break;
    case 'i': bdb_strlcpy(c->method, sizeof c->method, "HEAD"); break;
    case 'p': bdb_strlcpy(c->method, sizeof c->method, "POST"); break;
    case 'u': bdb_strlcpy(c->method, sizeof c->method, "PUT"); break;
    case 'm':
        if (value)
            keep(c, 'm', c->method, sizeof c->method, value);
        break;
    case 'T':
        if (value)
            keep(c, 'T', c->content_type, sizeof c->content_type, value);
        break;
    case 'v': {
        long long v;
        if (parse_ll(value, &v))
            c->verbosity = (int)v;
        break;
    }
    case 'H':
        if (value && strncasecmp(value, "Accept-Encoding:", 16) == 0) {
            const char *p = value + 16, *end = value + strlen(value);
            bdb_trim(&p, &end);
            if ((size_t)(end - p) >= sizeof c->accept_encoding)
                c->cut = 'H';
            bdb_copy(c->accept_encoding, sizeof c->accept_encoding, p, end);
        }
        break;
    default:
        break;
    }
    if (num && !parse_ll(value, num) && !c->bad[0])
        snprintf(c->bad, sizeof c->bad, "-%s %s", name, value ? value : "");
    return 0;
}

static const char *next_word(const char *p, const char *end, const char **w)
{
    p = bdb_skip_ws(p, end);
    *w = p;
    while (p < end && *p != ' ' && *p != '\t')
        p++;
    return p;
}

static int word_is(const char *w, const char *we, const char *s)
{
    return bdb_span_eq(w, we, s);
}

/* Where ab's own command starts in a line the shell-like reader does not
 * take: a Windows prompt glued to the command ("C:\Apache24\bin>ab -n
 * ...", PowerShell's "PS C:\x> .\ab.exe ..."), or ab run through
 * docker/podman/kubectl/ssh ("docker run --rm jordi/ab -n ...", "ssh
 * pi@rpi ab -n ..."): the first word named ab after the runner. NULL when
 * neither. */
static const char *foreign_start(const char *p, const char *end)
{
    const char *w, *we = next_word(p, end, &w);
    if (word_is(w, we, "PS"))
        we = next_word(we, end, &w);
    if (we - w >= 3 && ((*w >= 'A' && *w <= 'Z') || (*w >= 'a' && *w <= 'z')) &&
        w[1] == ':' && w[2] == '\\') {
        const char *gt = memchr(w, '>', (size_t)(end - w));
        if (!gt)
            return NULL;
        /* ".\ab.exe", "C:\x\ab": a shell reader takes the backslashes
         * for escapes, so start at the program's own name */
        const char *cw, *cwe = next_word(gt + 1, end, &cw);
        for (const char *q = cw; q < cwe; q++)
            if (*q == '\\' || *q == '/')
                cw = q + 1;
        return cw;
    }
    /* prompt words, sudo, then the runner */
    while (we > w && (we[-1] == '$' || we[-1] == '#' || we[-1] == '%' ||
                      we[-1] == '>' || we[-1] == '+' ||
                      (memchr(w, '@', (size_t)(we - w)) &&
                       memchr(w, ':', (size_t)(we - w)))))
        we = next_word(we, end, &w);
    if (word_is(w, we, "sudo"))
        we = next_word(we, end, &w);
    static const char *const runners[] = {"docker", "podman", "nerdctl",
                                          "kubectl", "ssh", NULL};
    const char *const *x;
    for (x = runners; *x; x++)
        if (word_is(w, we, *x))
            break;
    if (!*x)
        return NULL;
    while (we < end) {
        we = next_word(we, end, &w);
        const char *b = we;
        while (b > w && b[-1] != '/')
            b--;
        if (word_is(b, we, "ab") || word_is(b, we, "ab2"))
            return w;
    }
    return NULL;
}

/* Reads the line as ab's command line. Returns 1 (filled *c), 0, or
 * BDB_ENOMEM. */
static int read_cmdline(const char *p, const char *end, int line, ab_cmd *c)
{
    if (!may_run_ab(p, end))
        return 0;
    bdb_cmdline cl;
    int rc = bdb_cmdline_parse_line(p, end, ab_tools, &cl);
    if (rc == 0) {
        const char *q = foreign_start(p, end);
        if (q)
            rc = bdb_cmdline_parse_line(q, end, ab_tools, &cl);
    }
    if (rc != 1)
        return rc;
    cmd_init(c);
    c->line = line;
    /* returns what cmd_opt returns, and cmd_opt never stops the walk */
    (void)bdb_cmdline_getopt(&cl, AB_OPTSTRING, NULL, cmd_opt, c);
    bdb_cmdline_free(&cl);
    return 1;
}

/* ------------------------------------------------------------ the report */

static int parse_tls(ab_run *r, const char *p, const char *end, int line,
                     bdb_sink *out)
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
    if (n < 2) {
        warn_bad(r, out, line, "\"SSL/TLS Protocol: protocol,cipher,...\"", p, end);
        return BDB_OK;
    }
    bdb_trim(&parts[0], &ends[0]);
    bdb_trim(&parts[1], &ends[1]);
    setp_span(r, out, line, "tls_protocol", parts[0], ends[0]);
    setp_span(r, out, line, "tls_cipher", parts[1], ends[1]);
    static const char *const names[] = {NULL, NULL, "tls_key_bits",
                                        "tls_cipher_bits"};
    for (int i = 2; i < n; i++) {
        const char *q = parts[i];
        double v;
        if (!read_num(&q, ends[i], &v) || !expect_end(q, ends[i])) {
            warn_bad(r, out, line, "numbers of bits in \"SSL/TLS Protocol:\"",
                     p, end);
            return BDB_OK;
        }
        int rc = fig(r, names[i], v, BDB_UNIT_COUNT, BDB_NEUTRAL, line);
        if (rc)
            return rc;
    }
    return BDB_OK;
}

/* "(Connect: 0, Receive: 818, Length: 818, Exceptions: 818)"; older ab
 * has no Receive. The figures are kept only when the whole line reads. */
static int parse_breakdown(ab_run *r, const char *p, const char *end,
                           int line, bdb_sink *out)
{
    static const struct { const char *lit; const char *metric; } keys[] = {
        {"Connect:", "failed_connect"}, {"Receive:", "failed_receive"},
        {"Length:", "failed_length"}, {"Exceptions:", "failed_exceptions"}};
    double vals[4];
    int idx[4], n = 0;
    const char *start = p, *q = p + 1; /* '(' */
    for (;;) {
        q = bdb_skip_ws(q, end);
        if (q < end && *q == ')' && expect_end(q + 1, end))
            break;
        size_t k;
        for (k = 0; k < sizeof keys / sizeof keys[0]; k++)
            if (bdb_scan_lit(&q, end, keys[k].lit, 0))
                break;
        if (n == 4 || k == sizeof keys / sizeof keys[0] ||
            !read_num(&q, end, &vals[n])) {
            warn_bad(r, out, line,
                     "\"(Connect: N, Receive: N, Length: N, Exceptions: N)\"",
                     start, end);
            return BDB_OK;
        }
        idx[n++] = (int)k;
        bdb_scan_lit(&q, end, ",", 1);
    }
    for (int i = 0; i < n; i++) {
        int rc = fig(r, keys[idx[i]].metric, vals[i], BDB_UNIT_COUNT,
                     BDB_LOWER_IS_BETTER, line);
        if (rc)
            return rc;
    }
    return BDB_OK;
}

/* Connection Times rows: "Connect:  0  1  0.4  0  5" or (-S, ab 1.3)
 * "min avg max". */
static int parse_conn_row(ab_run *r, const char *name, const char *p,
                          const char *end, int line, bdb_sink *out)
{
    static const char *const cols5[] = {"min", "mean", "sd", "median", "max"};
    static const char *const cols3[] = {"min", "mean", "max"};
    int five = r->conn_cols != 3;
    const char *const *cols = five ? cols5 : cols3;
    int ncol = five ? 5 : 3;
    double scale = r->conn_us ? 1e-6 : 1e-3;
    double v[5];
    const char *q = p;
    int got = ncol;
    for (int i = 0; i < ncol; i++) {
        if (!read_num(&q, end, &v[i])) {
            /* a row cut after its first columns ("Processing:     6",
             * notes that kept the min only) and followed by more text:
             * those are read, in ab's order. At the end of the text the
             * capture may have cut a number too: nothing is read */
            if (i > 0 && expect_end(q, end) && r->text_goes_on) {
                got = i;
                break;
            }
            WARN(r, out, line,
                          "expected %d numbers after \"%s:\", got \"%.*s\"; "
                          "row skipped", ncol, name, QUOTE_LEN(p, end), p);
            return BDB_OK;
        }
    }
    if (!figure_end(q, end)) {
        WARN(r, out, line, "unexpected text after the %s row: "
                      "\"%.*s\"; row skipped", name, QUOTE_LEN(q, end), q);
        return BDB_OK;
    }
    if (got < ncol)
        WARN(r, out, line, "the %s row stops after its %s column: its "
             "%d other figures were not printed", name, cols[got - 1],
             ncol - got);
    for (int i = 0; i < got; i++) {
        char metric[40];
        snprintf(metric, sizeof metric, "%s_%s", name, cols[i]);
        for (char *c = metric; *c; c++)
            if (*c >= 'A' && *c <= 'Z')
                *c = (char)(*c - 'A' + 'a');
        int rc = fig(r, metric, v[i] * scale, BDB_UNIT_SECONDS,
                     BDB_LOWER_IS_BETTER, line);
        if (rc)
            return rc;
    }
    r->conn_rows++;
    if (strcmp(name, "Total") == 0)
        r->conn_total_row = 1;
    return BDB_OK;
}

enum { KV_NOT_MINE = 0, KV_DONE = 1, KV_NEW_RUN = 2 };

/* One "Label: value" line of the results block. Returns KV_DONE if
 * handled (a bad value is a warning), KV_NOT_MINE if the label is not
 * ab's, KV_NEW_RUN if the label was seen in this run already (the next
 * run of a capture without banners), or a negative code. */
static int parse_kv(ab_run *r, const char *p, const char *end, int line,
                    bdb_sink *out)
{
    const char *q = p;
    double v;
    const char *vp, *ve;
    int rc = BDB_OK;

#define LABEL(lit) (q = p, bdb_scan_lit(&q, end, (lit), 0))
#define VALUE() (vp = q, ve = note_leader(q, end), bdb_trim(&vp, &ve))
#define ONCE(flag) do { if (flag) return KV_NEW_RUN; (flag) = 1; } while (0)
#define BAD(what) do { warn_bad(r, out, line, (what), p, end); return KV_DONE; } while (0)
    if (LABEL("Server Software:")) {
        ONCE(r->seen_server);
        VALUE();
        const char *slash = memchr(vp, '/', (size_t)(ve - vp));
        if (slash)
            ve = slash;
        if (ve > vp)
            setp_span(r, out, line, "server", vp, ve);
    } else if (LABEL("Server Hostname:")) {
        /* not identity: see the header */
    } else if (LABEL("Server Port:")) {
        ONCE(r->seen_port);
        VALUE();
        const char *n = vp;
        long long port;
        if (!bdb_scan_int(&n, ve, &port) || !figure_end(n, ve))
            BAD("\"Server Port: N\"");
        r->port = port;
        setp(r, out, line, "port", "%lld", port);
    } else if (LABEL("SSL/TLS Protocol:")) {
        VALUE();
        rc = parse_tls(r, vp, ve, line, out);
    } else if (LABEL("Server Temp Key:")) {
        /* "X25519 253 bits" / "ECDH P-256 256 bits" / "DH 2048 bits" */
        VALUE();
        const char *bits = bdb_find(vp, ve, " bits");
        const char *n = bits;
        while (n && n > vp && n[-1] >= '0' && n[-1] <= '9')
            n--;
        if (!bits || n == bits || !read_num(&n, bits, &v))
            BAD("\"Server Temp Key: NAME N bits\"");
        rc = fig(r, "tls_temp_key_bits", v, BDB_UNIT_COUNT, BDB_NEUTRAL, line);
    } else if (LABEL("TLS Server Name:")) {
        /* the SNI name: like the host name, not identity */
    } else if (LABEL("Document Path:")) {
        ONCE(r->seen_path);
        VALUE();
        set_path(r, out, line, vp, ve);
    } else if (LABEL("Document Length:")) {
        ONCE(r->seen_doclen);
        VALUE();
        if (bdb_span_eq(vp, ve, "Variable")) {
            r->variable_length = 1;
            setp(r, out, line, "document_length", "variable");
        } else {
            const char *n = vp;
            if (!read_count(&n, ve, &v) || !bdb_scan_lit(&n, ve, "bytes", 1) ||
                !figure_end(n, ve))
                BAD("\"Document Length: N bytes\"");
            setp(r, out, line, "document_length", "%.0f", v);
            rc = fig(r, "document_length", v, BDB_UNIT_BYTES, BDB_NEUTRAL,
                     line);
        }
    } else if (LABEL("Concurrency Level:")) {
        ONCE(r->seen_concurrency);
        if (!read_count(&q, end, &v) || !figure_end(q, end))
            BAD("\"Concurrency Level: N\"");
        r->concurrency = bdb_double_to_ll(v);
        setp(r, out, line, "concurrency", "%.0f", v);
    } else if (LABEL("Time taken for tests:")) {
        ONCE(r->seen_time);
        if (!read_num(&q, end, &v) || !bdb_scan_lit(&q, end, "seconds", 1))
            BAD("\"Time taken for tests: N seconds\"");
        rc = fig(r, "time_taken", v, BDB_UNIT_SECONDS, BDB_NEUTRAL, line);
    } else if (LABEL("Complete requests:")) {
        ONCE(r->seen_complete);
        if (!read_count(&q, end, &v) || !figure_end(q, end)) {
            r->seen_complete = 0;
            BAD("\"Complete requests: N\"");
        }
        r->complete = bdb_double_to_ll(v);
        rc = fig(r, "complete_requests", v, BDB_UNIT_COUNT, BDB_NEUTRAL, line);
    } else if (LABEL("Failed requests:")) {
        ONCE(r->seen_failed);
        if (!read_count(&q, end, &v) || !figure_end(q, end))
            BAD("\"Failed requests: N\"");
        rc = fig(r, "failed_requests", v, BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER,
                 line);
        if (v > 0)
            WARN(r, out, line,
                          "%.0f of %lld requests failed; ab's rates and times "
                          "include them (kept as failed_requests)",
                          v, r->complete);
    } else if (LABEL("Write errors:") || LABEL("Broken pipe errors:")) {
        if (has_fig(r, "write_errors"))
            return KV_NEW_RUN;
        if (!read_count(&q, end, &v) || !figure_end(q, end))
            BAD("\"Write errors: N\"");
        rc = fig(r, "write_errors", v, BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER,
                 line);
        if (v > 0)
            WARN(r, out, line, "%.0f write errors", v);
    } else if (LABEL("Non-2xx responses:")) {
        if (has_fig(r, "non_2xx_responses"))
            return KV_NEW_RUN;
        if (!read_count(&q, end, &v) || !figure_end(q, end))
            BAD("\"Non-2xx responses: N\"");
        rc = fig(r, "non_2xx_responses", v, BDB_UNIT_COUNT,
                 BDB_LOWER_IS_BETTER, line);
        if (v > 0)
            WARN(r, out, line,
                          "%.0f of %lld responses were not 2xx; ab's rates "
                          "and times include them (kept as "
                          "non_2xx_responses)",
                          v, r->complete);
    } else if (LABEL("Keep-Alive requests:")) {
        if (has_fig(r, "keepalive_requests"))
            return KV_NEW_RUN;
        if (!read_count(&q, end, &v) || !figure_end(q, end))
            BAD("\"Keep-Alive requests: N\"");
        r->keepalive = 1;
        rc = fig(r, "keepalive_requests", v, BDB_UNIT_COUNT, BDB_NEUTRAL, line);
    } else if (LABEL("Total transferred:")) {
        ONCE(r->seen_total_transferred);
        if (!read_count(&q, end, &v) || !bdb_scan_lit(&q, end, "bytes", 1))
            BAD("\"Total transferred: N bytes\"");
        if (v == 0 && r->complete > 0)
            r->zero_bytes_line = line;
        rc = fig(r, "total_transferred", v, BDB_UNIT_BYTES, BDB_NEUTRAL, line);
    } else if (LABEL("Total body sent:") || LABEL("Total POSTed:") ||
               LABEL("Total PUT:")) {
        if (has_fig(r, "total_body_sent"))
            return KV_NEW_RUN;
        if (!read_count(&q, end, &v) || !figure_end(q, end))
            BAD("\"Total body sent: N\"");
        rc = fig(r, "total_body_sent", v, BDB_UNIT_BYTES, BDB_NEUTRAL, line);
    } else if (LABEL("HTML transferred:")) {
        if (has_fig(r, "html_transferred"))
            return KV_NEW_RUN;
        if (!read_count(&q, end, &v) || !bdb_scan_lit(&q, end, "bytes", 1))
            BAD("\"HTML transferred: N bytes\"");
        rc = fig(r, "html_transferred", v, BDB_UNIT_BYTES, BDB_NEUTRAL, line);
    } else if (LABEL("Requests per second:")) {
        ONCE(r->seen_rps);
        /* "N [#/sec] (mean)"; ab 1.3: "N" alone */
        /* what follows is ab's unit or nothing: a figure read short
         * ("95,342.18" read as 95 before grouping was known) is warned,
         * never kept */
        const char *u = q;
        if (!read_count(&q, end, &v) ||
            (u = q, !bdb_scan_lit(&u, end, "[#/sec]", 1) && !figure_end(q, end)))
            BAD("\"Requests per second: N [#/sec] (mean)\"");
        if (v <= 0) {
            WARN(r, out, line, "\"Requests per second: %.*s\" is "
                          "not a rate of completed requests; not kept",
                          QUOTE_LEN(q, end), q);
            return KV_DONE;
        }
        rc = fig(r, "requests_per_sec", v, BDB_UNIT_OPS_PER_S,
                 BDB_HIGHER_IS_BETTER, line);
    } else if (LABEL("Time per request:")) {
        if (!read_num(&q, end, &v) || !bdb_scan_lit(&q, end, "[ms]", 1))
            BAD("\"Time per request: N [ms] (mean...)\"");
        int all = bdb_contains(q, end, "across all");
        if (has_fig(r, all ? "time_per_request_all" : "latency_mean"))
            return KV_NEW_RUN;
        r->seen_tpr_mean |= !all;
        rc = fig(r, all ? "time_per_request_all" : "latency_mean", v * 1e-3,
                 BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER, line);
    } else if (LABEL("Transfer rate:")) {
        ONCE(r->seen_transfer);
        if (!read_count(&q, end, &v))
            BAD("\"Transfer rate: N [Kbytes/sec] received\"");
        if (bdb_scan_lit(&q, end, "[Kbytes/sec]", 1))
            /* ab 1.3d: totalread / timetaken in ms, bytes per ms */
            r->rate_mult = r->major == 1 ? 1000.0 : 1024.0;
        else if (bdb_scan_lit(&q, end, "kb/s", 1) ||
                 bdb_scan_lit(&q, end, "kB/s", 1) ||
                 bdb_scan_lit(&q, end, "KB/s", 1))
            /* ab 1.3 (text and -w): bytes per millisecond; ab 2's -w
             * table: totalread / 1024 / timetaken, as its text report
             * (a README retyping the table writes "kB/s") */
            r->rate_mult = r->html && r->major != 1 ? 1024.0 : 1000.0;
        else
            BAD("\"[Kbytes/sec]\" after the transfer rate");
        if (v == 0 && r->complete > 0) {
            /* ab printed 0.00: no byte arrived in the whole run; the
             * line is read (the warning may stand at "Total transferred") */
            r->zero_rate_line = line;
            note_rc(r, bdb_sink_info(out, line, "ab: the transfer rate 0.00 "
                                               "is not kept: no byte arrived"));
            return KV_DONE;
        }
        rc = fig(r, "transfer_rate", v * r->rate_mult, BDB_UNIT_BYTES_PER_S,
                 BDB_HIGHER_IS_BETTER, line);
    } else if (p < end && *p == '(' && bdb_contains(p, end, "Connect:")) {
        rc = parse_breakdown(r, p, end, line, out);
    } else if (r->seen_transfer && read_count(&q, end, &v) &&
               bdb_scan_lit(&q, end, "kb/s", 1)) {
        /* continuation lines after a sent body */
        const char *metric = NULL;
        if (bdb_scan_lit(&q, end, "sent", 1))
            metric = "transfer_rate_sent";
        else if (bdb_scan_lit(&q, end, "total", 1))
            metric = "transfer_rate_total";
        else
            BAD("\"N kb/s sent\" or \"N kb/s total\"");
        if (has_fig(r, metric))
            BAD("one \"kb/s sent\" and one \"kb/s total\" line");
        rc = fig(r, metric, v * r->rate_mult, BDB_UNIT_BYTES_PER_S,
                 BDB_HIGHER_IS_BETTER, line);
    } else {
        return KV_NOT_MINE;
    }
#undef LABEL
#undef VALUE
#undef ONCE
#undef BAD
    return rc ? rc : KV_DONE;
}

/* The Connection Times column header with a label before it, as an
 * author retyped the table ("label  |  min | mean[+/-sd]| median | max|",
 * its pipes gone): the column names and no figure. */
static int conn_header(const char *p, const char *end)
{
    if (!bdb_contains(p, end, "min") || !bdb_contains(p, end, "max"))
        return 0;
    return !bdb_first_digit(p, end);
}

static const char *const kv_labels[] = {
        "Server Software:", "Server Hostname:", "Server Port:",
        "SSL/TLS Protocol:", "Server Temp Key:", "TLS Server Name:",
        "Document Path:", "Document Length:", "Concurrency Level:",
        "Time taken for tests:", "Complete requests:", "Failed requests:",
        "Write errors:", "Broken pipe errors:", "Non-2xx responses:",
        "Keep-Alive requests:",
        "Total transferred:", "Total body sent:", "Total POSTed:",
        "Total PUT:", "HTML transferred:", "Requests per second:",
        "Time per request:", "Transfer rate:"};

/* 1 when [p, end) starts with one of the n labels. */
static int starts_with_any(const char *p, const char *end,
                           const char *const *labels, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (bdb_starts_with(p, end, labels[i]))
            return 1;
    return 0;
}

/* A label parse_kv() knows, without reading it. */
static int is_kv_label(const char *p, const char *end)
{
    return starts_with_any(p, end, kv_labels,
                           sizeof kv_labels / sizeof kv_labels[0]);
}

/* The first of ab's labels inside the line, for text glued in front of
 * it ("[..snip..]Concurrency Level:      100" in a mailed report). */
static const char *find_kv_label(const char *p, const char *end)
{
    const char *best = NULL;
    for (size_t i = 0; i < sizeof kv_labels / sizeof kv_labels[0]; i++) {
        const char *q = bdb_find(p, best ? best : end, kv_labels[i]);
        if (q)
            best = q;
    }
    return best;
}

static int is_conn_header(const char *p, const char *end)
{
    /* "Connnection Times (ms)": ab 1.3 and 2.0's typo */
    return bdb_starts_with(p, end, "Connection Times (") ||
           bdb_starts_with(p, end, "Connnection Times (");
}

/* A writer's comment on a line of its own inside ab's report: "//",
 * "#", "--" or ";" in front ("//在这100个请求中有50%在505毫秒内完成"
 * between the percentile rows of a blog, "# 10 concurrent" above a
 * row). ab prints no line that starts so (its -v dumps are read in the
 * head, where a comment says nothing either), so the line is the
 * writer's: it does not end the section it stands in. A number on it
 * is the writer's, which the unread account names. A label of ab's
 * behind the marker ("# Requests per second: ...") is a line of ab's
 * glued to text, read as one (find_kv_label). */
static int is_comment_line(const char *p, const char *end)
{
    p = bdb_skip_ws(p, end);
    if (p == end)
        return 0;
    return (end - p >= 2 && ((p[0] == '/' && p[1] == '/') ||
                             (p[0] == '-' && p[1] == '-'))) ||
           *p == '#' || *p == ';';
}

/* A writer's aside between ab's lines: a comment ("//...", "#...",
 * "--...", ";...") or prose in another script, with no number and no
 * command in it ("//网络上消耗的时间的分解,..." between the Connection
 * Times table and the percentile table of a blog). It carries no figure
 * and does not end the report. */
static int is_aside(const char *p, const char *end)
{
    p = bdb_skip_ws(p, end);
    if (p == end)
        return 0;
    int marker = is_comment_line(p, end) || (unsigned char)*p >= 0x80;
    if (!marker || bdb_find(p, end, "ab ") || bdb_find(p, end, "http"))
        return 0;
    return !bdb_first_digit(p, end);
}

static int is_perc_header(const char *p, const char *end)
{
    return bdb_starts_with(p, end, "Percentage of the requests served");
}

/* ab's and OpenSSL's error lines (ab.c: err(), apr_err(), the SSL
 * handshake/read/write failures, ERR_print_errors()). */
static int is_error_line(const char *p, const char *end)
{
    static const char *const starts[] = {
        "apr_", "Test aborted", "SSL handshake failed", "SSL read failed",
        "SSL write failed", "Send request failed", "Send request timed out",
        "Could not", "ab: ", "Invalid ", "Request too long",
        "unable to get", "error setting ciphersuite", "Cannot ",
        "private key does not match", "SSL not compiled in",
        "Authentication credentials too long", "Proxy credentials too long",
        "only simple translation is supported", "Usage: ", "socket: "};
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++)
        if (bdb_starts_with(p, end, starts[i]))
            return 1;
    /* "/usr/bin/ab: wrong number of arguments", "ab2: invalid URL":
     * ab's messages start with argv[0] */
    const char *w = p;
    while (w < end && *w != ' ' && *w != ':')
        w++;
    if (w < end && *w == ':' && w - p >= 2) {
        const char *b = w;
        while (b > p && b[-1] != '/' && b[-1] != '\\')
            b--;
        if (bdb_span_eq(b, w, "ab") || bdb_span_eq(b, w, "ab2") ||
            bdb_span_eq(b, w, "ab.exe"))
            return 1;
    }
    /* OpenSSL: "80E52A1ED87F0000:error:0A00042E:SSL routines:..." (3.x),
     * "140...:error:1408F10B:SSL routines:..." (1.x) */
    return bdb_contains(p, end, ":error:");
}

/* Lines of ab -v 2..4 (ab.c: "INFO: GET header ==", "LOG: header
 * received:", "WARNING: Response code not 2xx (404)", "LOG: Response code
 * = 200"): the request and response dumps that follow are not ab's report
 * and not errors. */
static int is_verbose_line(const char *p, const char *end)
{
    /* and -v 2+'s TLS details (ssl_print_info(), ssl_state_cb(),
     * SSL_SESSION_print()), -v 4's BIO dumps */
    static const char *const starts[] = {
        "INFO: ", "LOG: ", "WARNING: Response code not 2xx",
        "SSL/TLS State [", "SSL/TLS Handshake [", "SSL/TLS Alert [",
        "Transport Protocol",
        "Cipher Suite ", "Certificate version:", "Valid from:", "Valid to  :",
        "Public key is ", "The issuer name is ", "The subject name is ",
        "Extension Count:", "Peer certificate", "Anon DH", "SSL-Session:",
        "read from 0x", "write to 0x"};
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++)
        if (bdb_starts_with(p, end, starts[i]))
            return 1;
    return 0;
}

static void warn_cmd_conflict(bdb_sink *out, ab_run *r, const char *opt,
                              long long cmd, const char *printed,
                              long long value)
{
    WARN(r, out, r->cmd.line,
                  "the command line says %s %lld but ab printed "
                  "\"%s %lld\"; the printed value is kept",
                  opt, cmd, printed, value);
}

/* The parameters of the run, from what ab printed and, where it printed
 * nothing, from its command line. */
static void run_params(ab_run *r, bdb_sink *out)
{
    const ab_cmd *c = &r->cmd;
    int line = c->line ? c->line : r->start_line;
    if (c->line && c->bad[0])
        WARN(r, out, c->line, "option \"%s\" of the command line "
                      "is not a number ab would read; ignored", c->bad);
    if (c->line && c->cut)
        WARN(r, out, c->line, "the %s%c of the command line is longer "
                      "than benchdb keeps",
                      c->cut == 'U' ? "URL's path" : "value of -",
                      c->cut == 'U' ? ' ' : c->cut);

    /* concurrency */
    if (r->seen_concurrency) {
        if (c->c >= 0 && c->c != r->concurrency)
            warn_cmd_conflict(out, r, "-c", c->c, "Concurrency Level:",
                              r->concurrency);
    } else if (c->c >= 0) {
        setp(r, out, line, "concurrency", "%lld", c->c);
    } else if (c->line) {
        /* ab's default is 1; the command line says so by saying nothing */
        setp(r, out, line, "concurrency", "1");
    }

    /* requests or a time limit */
    int time_limited;
    if (c->line)
        time_limited = c->t >= 0;
    else
        time_limited = r->have_finished &&
                       (r->n_completed_lines == 0 ||
                        (r->n_completed_lines < 10 && r->first_completed != 100));
    if (c->t >= 0)
        setp(r, out, line, "time_limit", "%lld", c->t);
    if (!time_limited) {
        if (r->seen_complete) {
            if (c->n >= 0 && c->n != r->complete)
                warn_cmd_conflict(out, r, "-n", c->n, "Complete requests:",
                                  r->complete);
            setp(r, out, line, "requests", "%lld", r->complete);
        } else if (c->n >= 0) {
            setp(r, out, line, "requests", "%lld", c->n);
        } else if (c->line) {
            setp(r, out, line, "requests", "1");
        }
    } else if (c->n >= 0) {
        /* -t with -n: the count is a cap the run may reach */
        setp(r, out, line, "requests", "%lld", c->n);
    }

    /* keep-alive: ab prints "Keep-Alive requests:" between "Failed
     * requests:" and "Total transferred:" exactly when -k was given */
    int ka_known = r->seen_failed && r->seen_total_transferred;
    if (ka_known) {
        if (c->line && c->keepalive != r->keepalive)
            WARN(r, out, c->line, "the command line %s -k but ab "
                          "%s \"Keep-Alive requests:\"; the printed report "
                          "is kept", c->keepalive ? "has" : "has no",
                          r->keepalive ? "printed" : "did not print");
        setp(r, out, line, "keepalive", "%d", r->keepalive);
    } else if (r->keepalive || c->line) {
        setp(r, out, line, "keepalive", "%d", r->keepalive || c->keepalive);
    }

    /* path and port from the URL */
    if (c->path[0]) {
        const char *have = bdb_params_get(&r->base.params, "path");
        char named[BDB_PARAM_VALUE_MAX - 1];
        bdb_name_fit(named, sizeof named, c->path, c->path + strlen(c->path));
        if (!r->seen_path) {
            set_path(r, out, line, c->path, c->path + strlen(c->path));
        } else if (have && strcmp(have, named) != 0 && c->cut != 'U') {
            WARN(r, out, c->line, "the command line's URL has the "
                          "path \"%s\" but ab printed \"Document Path: %s\"; "
                          "the printed path is kept", c->path, have);
        }
    }
    if (c->port > 0) {
        if (!r->seen_port)
            setp(r, out, line, "port", "%lld", c->port);
        else if (r->port != c->port)
            warn_cmd_conflict(out, r, "a URL with port", c->port,
                              "Server Port:", r->port);
    }
    if (c->nolength && !r->seen_doclen)
        setp(r, out, line, "document_length", "variable");

    /* what the report never prints */
    if (c->s >= 0)
        setp(r, out, line, "timeout", "%lld", c->s);
    if (c->method[0])
        setp(r, out, line, "method", "%s", c->method);
    if (c->content_type[0] &&
        (strcmp(c->method, "POST") == 0 || strcmp(c->method, "PUT") == 0))
        setp(r, out, line, "content_type", "%s", c->content_type);
    if (c->accept_encoding[0]) {
        if (strstr(c->accept_encoding, "gzip"))
            setp(r, out, line, "gzip", "1");
        else
            setp(r, out, line, "accept_encoding", "%s", c->accept_encoding);
    }
    if (c->recverrok)
        setp(r, out, line, "recv_errors_ok", "1");
    if (c->b >= 0)
        setp(r, out, line, "tcp_window", "%lld", c->b);
    if (c->proxy)
        setp(r, out, line, "proxy", "1");
}

static int emit_figs(ab_run *r, bdb_sink *out)
{
    for (int i = 0; i < r->nfig; i++) {
        const ab_fig *f = &r->figs[i];
        int rc = bdb_sink_add(out, &r->base, f->metric, f->value, f->unit,
                              f->better, f->line);
        if (rc)
            return rc;
    }
    return BDB_OK;
}

static void warn_tally(ab_run *r, bdb_sink *out, const ab_tally *t,
                       const char *what)
{
    if (t->count == 1)
        WARN(r, out, t->line, "%s: \"%s\"", what, t->text);
    else if (t->count > 1)
        WARN(r, out, t->line, "%d %s, the first: \"%s\"", t->count,
                      what, t->text);
}

/* A run that printed no report: keep what ab said it completed. */
static int close_without_report(ab_run *r, bdb_sink *out)
{
    const char *why = r->fatal.count ? r->fatal.text : NULL;
    int why_line = r->fatal.count ? r->fatal.line : 0;
    run_params(r, out);
    if (r->total_of_line) {
        WARN(r, out, why_line ? why_line : r->total_of_line,
                      "stopped before its report%s%s%s; the %lld requests "
                      "it completed are kept as completed_before_stop",
                      why ? " (\"" : "", why ? why : "", why ? "\")" : "",
                      r->total_of);
        int rc = fig(r, "completed_before_stop", (double)r->total_of,
                     BDB_UNIT_COUNT, BDB_NEUTRAL, r->total_of_line);
        return rc ? rc : emit_figs(r, out);
    }
    if (r->last_completed_line) {
        if (why)
            WARN(r, out, why_line,
                          "stopped before its report (\"%s\"); at least "
                          "%lld requests had completed (its last progress "
                          "line), kept as completed_before_stop",
                          why, r->last_completed);
        else
            WARN(r, out, r->last_completed_line,
                          "the capture ends while ab was running (truncated "
                          "log?): expected \"Finished N requests\" and the "
                          "report; the last progress line's %lld requests "
                          "are kept as completed_before_stop",
                          r->last_completed);
        int rc = fig(r, "completed_before_stop", (double)r->last_completed,
                     BDB_UNIT_COUNT, BDB_NEUTRAL, r->last_completed_line);
        return rc ? rc : emit_figs(r, out);
    }
    if (why)
        WARN(r, out, why_line, "stopped before its report: \"%s\"",
                      why);
    else
        WARN(r, out, r->start_line,
                      "this ab run has no results (truncated log?): expected "
                      "\"Server Software:\" ... \"Complete requests:\" and "
                      "\"Time taken for tests:\"");
    return BDB_OK;
}

/* Closes the run: warns about what is missing and emits its figures. */
static int run_close(ab_run *r, bdb_sink *out)
{
    if (!r->open)
        return BDB_OK;
    r->open = 0;
    int report = r->nfig > 0 || r->seen_server || r->seen_concurrency ||
                 r->seen_path;
    if (!report) {
        /* why ab stopped comes first: it is the message of a file that
         * holds no figure; the fatal line itself is quoted there */
        int rc = close_without_report(r, out);
        if (r->errors.count > 1)
            warn_tally(r, out, &r->errors, "error lines in the capture of this "
                       "run");
        warn_tally(r, out, &r->odd, "lines before ab's report that are not ab's");
        return rc;
    }
    warn_tally(r, out, &r->errors, "error lines in the capture of this run");
    warn_tally(r, out, &r->odd, "lines before ab's report that are not ab's");
    if (r->odd_kv.count > 3)
        WARN(r, out, r->odd_kv.line, "%d more lines in ab's report "
                      "that are not ab's", r->odd_kv.count - 3);

    if (!r->seen_server) {
        char missing[200] = "";
        size_t n = 0;
        if (!r->seen_concurrency && r->cmd.c < 0 && !r->cmd.line)
            n += (size_t)snprintf(missing + n, sizeof missing - n,
                                  ", the concurrency");
        if (!r->seen_path && !r->cmd.path[0])
            n += (size_t)snprintf(missing + n, sizeof missing - n,
                                  ", the document path");
        n += (size_t)snprintf(missing + n, sizeof missing - n, ", the server");
        WARN(r, out, r->start_line,
                      "%s; unknown: %s; the figures that are there are kept",
                      r->midway ? "the capture starts inside ab's report (no "
                                  "banner, no \"Server Software:\")"
                                : "the report has no \"Server Software:\" "
                                  "line (cut out of the capture?)",
                      missing + 2);
    }
    int done = r->complete > 0 || !r->seen_complete;
    const char *cut = NULL;
    if (!r->seen_time)
        cut = "\"Time taken for tests:\"";
    else if (!r->seen_complete)
        cut = "\"Complete requests:\"";
    else if (done && !r->seen_rps && !r->zero_rate_line)
        cut = "\"Requests per second:\"";
    else if (done && !r->seen_transfer)
        cut = "\"Transfer rate:\"";
    else if (done && r->seen_conn && !r->conn_total_row)
        cut = "the \"Total:\" row of the Connection Times";
    else if (done && !r->seen_conn && r->complete > 0)
        cut = "the Connection Times table";
    else if (r->seen_perc && !r->perc_last)
        cut = "the 100% row of the percentile table";
    else if (!r->seen_perc && r->cmd.line && !r->cmd.nopercentile &&
             r->complete > 1 && r->conn_total_row && !r->html &&
             r->major != 1)
        /* ab prints it unless -d (ab.c: percentile && done > 1) */
        cut = "the percentile table";
    if (cut)
        WARN(r, out, r->last_fig_line ? r->last_fig_line : r->start_line,
                      "the report lacks %s (truncated log?); the figures "
                      "that are there are kept", cut);
    if (r->zero_rate_line || r->zero_bytes_line)
        WARN(r, out, r->zero_bytes_line ? r->zero_bytes_line
                                              : r->zero_rate_line,
                      "counted %lld complete requests but received no "
                      "byte: no request got a response (see the error lines); "
                      "the transfer rate 0.00 is not kept",
                      r->complete);
    run_params(r, out);
    return emit_figs(r, out);
}

/* Handles a line of the head (between the banner and the report). */
static void head_line(ab_run *r, const char *p, const char *end, int line,
                      bdb_sink *out)
{
    const char *q = p;
    double v;
    (void)out;
    if (bdb_is_blank(p, end) || bdb_starts_with(p, end, "Copyright ") ||
        bdb_starts_with(p, end, "Licensed to "))
        return;
    if (bdb_scan_lit(&q, end, "Completed", 0) && read_num(&q, end, &v) &&
        bdb_scan_lit(&q, end, "requests", 1) && expect_end(q, end)) {
        if (r->n_completed_lines++ == 0)
            r->first_completed = bdb_double_to_ll(v);
        r->last_completed = bdb_double_to_ll(v);
        r->last_completed_line = line;
    } else if ((q = p, bdb_scan_lit(&q, end, "Finished", 0)) &&
               read_num(&q, end, &v) && bdb_scan_lit(&q, end, "requests", 1) &&
               expect_end(q, end)) {
        r->have_finished = 1;
        r->finished = bdb_double_to_ll(v);
    } else if ((q = p, bdb_scan_lit(&q, end, "Total of", 0)) &&
               read_num(&q, end, &v) &&
               bdb_scan_lit(&q, end, "requests completed", 1)) {
        r->total_of = bdb_double_to_ll(v);
        r->total_of_line = line;
    } else if (bdb_span_eq(p, end, "..done") || bdb_span_eq(p, end, "done")) {
        /* the end of the short "(be patient)..." form */
    } else if (is_verbose_line(p, end)) {
        r->verbose = 1;
    } else if (is_error_line(p, end)) {
        int usage = bdb_starts_with(p, end, "Usage: ");
        tally(&r->errors, line, p, end);
        /* the usage text follows ab's reason ("invalid URL"), which is
         * the one to quote; its option lines are not ab's report */
        if (!usage || !r->fatal.count)
            tally_last(&r->fatal, line, p, end);
        r->verbose |= usage;
    } else if (!r->verbose) {
        tally(&r->odd, line, p, end);
    }
}

/* "Completed N requests" / "Finished N requests", exactly. */
static int is_progress_line(const char *p, const char *end)
{
    const char *q = p;
    double v;
    if (!bdb_scan_lit(&q, end, "Completed", 0) &&
        !bdb_scan_lit(&q, end, "Finished", 0))
        return 0;
    return read_num(&q, end, &v) && bdb_scan_lit(&q, end, "requests", 1) &&
           expect_end(q, end);
}

/* ab -w prints its report as table rows ("<tr ><th colspan=2
 * bgcolor=white>Server Software:</th><td colspan=2
 * bgcolor=white>nginx/1.22.1</td></tr>"): the row's text, tags as
 * spaces and the entities ab writes (&nbsp;, &lt;, &gt;, &amp;) decoded,
 * reads as the text report's line. dst has room for end - p bytes. */
static size_t html_text(const char *p, const char *end, char *dst)
{
    size_t n = 0;
    while (p < end) {
        if (*p == '<') {
            const char *gt = memchr(p, '>', (size_t)(end - p));
            if (!gt)
                break;
            dst[n++] = ' ';
            p = gt + 1;
            continue;
        }
        static const struct { const char *name; char c; } ents[] = {
            {"&nbsp;", ' '}, {"&lt;", '<'}, {"&gt;", '>'}, {"&amp;", '&'}};
        size_t k;
        for (k = 0; k < sizeof ents / sizeof ents[0]; k++)
            if (bdb_starts_with(p, end, ents[k].name))
                break;
        if (k < sizeof ents / sizeof ents[0]) {
            dst[n++] = ents[k].c;
            p += strlen(ents[k].name);
            continue;
        }
        dst[n++] = *p++;
    }
    return n;
}

/* The length of a quoting marker at the start of a line: "#", ">",
 * "> >", "//", ";", "*" and the blanks between them, not the blanks
 * after. */
static size_t quote_prefix(const char *p, const char *end)
{
    const char *q = p, *last = p;
    while (q < end && (*q == '#' || *q == '>' || *q == ';' || *q == '*' ||
                       *q == '/' || *q == ' ' || *q == '\t')) {
        if (*q != ' ' && *q != '\t')
            last = q + 1;
        q++;
    }
    return (size_t)(last - p);
}

/* Copies [p, end) to dst without ESC sequences: CSI ("\033[0;31m",
 * "\033[?2004h") up to its final byte, or ESC and one more byte. */
static size_t strip_escapes(const char *p, const char *end, char *dst)
{
    size_t n = 0;
    while (p < end) {
        if (*p != '\033') {
            dst[n++] = *p++;
            continue;
        }
        p++;
        if (p < end && *p == '[') {
            p++;
            while (p < end && !((unsigned char)*p >= 0x40 &&
                                (unsigned char)*p <= 0x7e))
                p++;
        }
        if (p < end)
            p++;
    }
    return n;
}

static int is_banner(const char *p, const char *end)
{
    return bdb_find(p, end, "This is ApacheBench, Version") != NULL;
}

/* Two command lines with the same settings (script(1) logs echo the
 * typed-ahead command before the prompt shows it again). */
static int same_cmd(const ab_cmd *a, const ab_cmd *b)
{
    ab_cmd x = *a, y = *b;
    x.line = y.line = 0;
    return memcmp(&x, &y, sizeof x) == 0;
}

typedef struct ab_parse {
    ab_run *r;
    ab_cmd pending;
    bdb_sink *out;
    int runs;               /* runs opened */
    int major;              /* ab's major version of the last banner */
    char quote[16];         /* "#", ">", "> >": the marker before each
                               line of a quoted capture */
    size_t quote_len;
    int any;                /* anything of ab's seen */
} ab_parse;

static int open_run(ab_parse *st, int line)
{
    int rc = run_close(st->r, st->out);
    run_open(st->r, line, &st->pending);
    st->r->major = st->major;
    st->runs++;
    st->any = 1;
    return rc;
}

/* "C=10 : " glued before a label, as a script's `echo -n "C=${C} : "` in
 * front of `ab ... | grep "Transfer rate:"` writes it: the only record of
 * the run's settings, kept as parameters (C=10) so that the runs of such a
 * sweep are told apart instead of pooled as repetitions. Text that is not
 * all NAME=VALUE words is left alone. */
static void annotate(ab_run *r, bdb_sink *out, int line, const char *p,
                     const char *end)
{
    bdb_trim(&p, &end);
    while (end > p && (end[-1] == ':' || end[-1] == ' ' || end[-1] == '\t'))
        end--;
    const char *keys[8], *kends[8], *vals[8], *vends[8];
    int n = 0;
    for (const char *q = p; q < end;) {
        const char *w = q;
        while (q < end && *q != ' ' && *q != '\t')
            q++;
        const char *eq = memchr(w, '=', (size_t)(q - w));
        if (n == 8 || !eq || eq == w || eq + 1 == q)
            return;
        for (const char *c = w; c < eq; c++)
            if (!((*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z') ||
                  *c == '_' || (c > w && ((*c >= '0' && *c <= '9') ||
                                          *c == '.' || *c == '-'))))
                return;
        if (eq - w >= BDB_PARAM_KEY_MAX)
            return;
        keys[n] = w;
        kends[n] = eq;
        vals[n] = eq + 1;
        vends[n] = q;
        n++;
        while (q < end && (*q == ' ' || *q == '\t'))
            q++;
    }
    for (int i = 0; i < n; i++) {
        char key[BDB_PARAM_KEY_MAX];
        bdb_copy(key, sizeof key, keys[i], kends[i]);
        const char *have = bdb_params_get(&r->base.params, key);
        if (!have)
            setp_span(r, out, line, key, vals[i], vends[i]);
    }
}

/* One line of the report (or one row of an ab -w table). */
static int one_line(ab_parse *st, const char *p, const char *end, int no,
                    int html_row)
{
    ab_run *r = st->r;
    bdb_sink *out = st->out;
    int rc = BDB_OK;
    ab_cmd cmd;
    int is_cmd = read_cmdline(p, end, no, &cmd);
    if (is_cmd < 0)
        return is_cmd;
    if (is_cmd) {
        /* GNU time -v names the command after its output: that is the
         * run still open, if it has no command line of its own */
        if (bdb_starts_with(p, end, "Command being timed:") && r->open &&
            !r->cmd.line) {
            r->cmd = cmd;
            st->any = 1;
            return run_close(r, out);
        }
        /* the next run is this command's: the one before is over */
        rc = run_close(r, out);
        if (st->pending.line && !same_cmd(&st->pending, &cmd))
            WARN(r, out, st->pending.line, "this command line "
                          "is not followed by ab's output");
        st->pending = cmd;
        st->any = 1;
        return rc;
    }

    if (is_banner(p, end)) {
        /* stderr lines written before the banner (ab -w prints no
         * "Benchmarking" and flushes stdout only at exit) are this
         * run's */
        if (!(r->open && r->section == SEC_HEAD && !r->seen_banner &&
              !r->seen_benchmarking))
            rc = open_run(st, no);
        r->seen_banner = 1;
        r->midway = 0;
        const char *v = bdb_find(p, end, "Version") + 7;
        v = bdb_skip_ws(v, end);
        const char *ve = v;
        while (ve < end && *ve != ' ' && *ve != '<')
            ve++;
        if (ve > v)
            bdb_sink_set_version(out, v, ve);
        if (ve > v && *v >= '0' && *v <= '9')
            r->major = st->major = *v - '0';
        return rc;
    }
    const char *bp = bdb_starts_with(p, end, "Benchmarking ")
                         ? bdb_find(p, end, "(be patient)")
                         : NULL;
    if (bp) {
        if (!r->open || r->section != SEC_HEAD || r->n_completed_lines ||
            r->have_finished || r->seen_benchmarking)
            rc = open_run(st, no);
        r->seen_benchmarking = 1;
        r->midway = 0;
        /* "(be patient).....done", or "(be patient)...apr_socket_recv:
         * Connection refused (111)" when ab printed no newline */
        p = bp + strlen("(be patient)");
        while (p < end && *p == '.')
            p++;
        if (bdb_starts_with(p, end, "done"))
            p += 4;
        if (!bdb_is_blank(p, end))
            head_line(r, p, end, no, out);
        return rc;
    }

    const char *glued = NULL, *glued_end = NULL;
    if (!is_kv_label(p, end) && !is_conn_header(p, end) &&
        !is_perc_header(p, end)) {
        const char *lp = find_kv_label(p, end);
        if (lp) {
            glued = p;
            glued_end = lp;
            p = lp;
        }
    }
again:
    if (r->open && html_row)
        r->html = 1;
    if (r->open && !glued && is_comment_line(p, end))
        return rc;
    if (!r->open) {
        int report_line = is_kv_label(p, end) || is_conn_header(p, end) ||
                          is_perc_header(p, end);
        int progress = is_progress_line(p, end);
        int stderr_line = is_error_line(p, end) ||
                          bdb_starts_with(p, end, "Total of ");
        /* text outside ab's output (another tool's, a prompt, prose)
         * is not ab's to judge; only a command line's run owns it */
        if (!report_line && !progress &&
            !(stderr_line && (st->pending.line || st->runs)))
            return rc;
        rc = open_run(st, no);
        if (rc)
            return rc;
        r->midway = 1;
        r->html = html_row;
        if (report_line)
            r->section = SEC_KV;
    }
    if (r->section == SEC_HEAD && (is_kv_label(p, end) ||
                                   is_conn_header(p, end) ||
                                   is_perc_header(p, end)))
        r->section = SEC_KV;
    if (glued)
        annotate(r, out, no, glued, glued_end);

    switch (r->section) {
    case SEC_HEAD:
        head_line(r, p, end, no, out);
        break;
    case SEC_KV: {
        if (bdb_is_blank(p, end))
            break;
        if (is_conn_header(p, end)) {
            r->conn_us = bdb_contains(p, end, "(us)");
            r->seen_conn = 1;
            r->section = SEC_CONN;
            break;
        }
        if (is_perc_header(p, end)) {
            r->perc_us = bdb_contains(p, end, "(us)");
            r->seen_perc = 1;
            r->section = SEC_PERC;
            break;
        }
        int h = parse_kv(r, p, end, no, out);
        if (h < 0) {
            rc = h;
            break;
        }
        if (h == KV_DONE)
            break;
        if (h == KV_NEW_RUN) {
            /* the next run, its head not captured */
            rc = open_run(st, no);
            if (rc)
                break;
            r->midway = 1;
            r->section = SEC_KV;
            goto again;
        }
        if (r->seen_rps || (r->seen_complete && r->seen_time &&
                            r->complete == 0) ||
            r->zero_rate_line) {
            /* the report is over: this line is someone else's */
            rc = run_close(r, out);
            if (rc)
                break;
            goto again;
        }
        if (is_error_line(p, end)) {
            tally(&r->errors, no, p, end);
            break;
        }
        if (++r->odd_kv.count <= 3) {
            r->odd_kv.line = no;
            WARN(r, out, no, "unexpected line in ab's "
                          "results: \"%.*s\"", QUOTE_LEN(p, end), p);
        }
        break;
    }
    case SEC_CONN: {
        const char *q = p;
        if (bdb_is_blank(p, end))
            break;
        if (r->sane_continuation && !is_perc_header(p, end)) {
            /* ab's two lines, or more when a mail client wrapped them,
             * up to "... NOT reliable." / "... not that reliable." */
            r->sane_continuation--;
            if (bdb_contains(p, end, "reliable"))
                r->sane_continuation = 0;
            break;
        }
        if (bdb_starts_with(p, end, "min ") || conn_header(p, end)) {
            r->conn_cols = bdb_contains(p, end, "median") ? 5 : 3;
            break;
        }
        static const char *const rows[] = {"Connect", "Processing",
                                           "Waiting", "Total"};
        size_t k;
        for (k = 0; k < 4; k++) {
            q = p;
            if (!bdb_scan_lit(&q, end, rows[k], 0))
                continue;
            if (bdb_scan_lit(&q, end, ":", 0))
                break;
            /* a row retyped into a table without its colon ("Connect
             * |    0 |   2   1.3  |"): the label, blanks, a number */
            const char *d = bdb_skip_blank(q, end);
            if (d > q && d < end && *d >= '0' && *d <= '9')
                break;
        }
        if (k < 4) {
            if (has_fig(r, k == 0 ? "connect_min" : k == 1
                            ? "processing_min" : k == 2 ? "waiting_min"
                            : "total_min")) {
                WARN(r, out, no, "a second %s row in one "
                              "Connection Times table; skipped", rows[k]);
                break;
            }
            rc = parse_conn_row(r, rows[k], q, end, no, out);
            break;
        }
        if (bdb_starts_with(p, end, "ERROR: The median") ||
            bdb_starts_with(p, end, "WARNING: The median")) {
            WARN(r, out, no, "%.*s",
                          (int)(end - p > 200 ? 200 : end - p), p);
            r->sane_continuation = bdb_contains(p, end, "reliable") ? 0 : 3;
            break;
        }
        if (is_perc_header(p, end)) {
            r->perc_us = bdb_contains(p, end, "(us)");
            r->seen_perc = 1;
            r->section = SEC_PERC;
            break;
        }
        if (is_error_line(p, end)) {
            tally(&r->errors, no, p, end);
            break;
        }
        if (r->conn_total_row && is_aside(p, end))
            break; /* the percentile table may follow it */
        if (!r->conn_total_row)
            WARN(r, out, no, "expected a row of the "
                          "Connection Times table (Connect:, Processing:, "
                          "Waiting:, Total:), got \"%.*s\"",
                          QUOTE_LEN(p, end), p);
        rc = run_close(r, out);
        if (rc)
            break;
        goto again;
    }
    case SEC_PERC: {
        const char *q = p;
        double pct, v;
        if (bdb_is_blank(p, end) && r->perc_rows == 0)
            break;
        if (bdb_is_blank(p, end) && !r->perc_last) {
            /* a page that set each row as a paragraph of its own ("50%
             * 1093", blank, "66% 1247", ...): the table goes on */
            r->perc_gap = 1;
            break;
        }
        if (read_num(&q, end, &pct) && bdb_scan_lit(&q, end, "%", 0)) {
            r->perc_gap = 0;
            if (bdb_scan_lit(&q, end, "<0>", 1))
                break; /* " 0%  <0> (never)" */
            /* " 100%  206 (longest request)"; ab 1.3d: "(last request)" */
            const char *t = NULL;
            if (read_num(&q, end, &v)) {
                t = bdb_skip_ws(q, end);
                /* a page's markup glued after it: "(longest request)</p>" */
                const char *c = t < end && *t == '(' ?
                    memchr(t, ')', (size_t)(end - t)) : NULL;
                if (c && bdb_is_trailer(c + 1, end))
                    t = end;
            }
            if (!t || !figure_end(t, end)) {
                WARN(r, out, no, "expected a time after "
                              "\"%.0f%%\", got \"%.*s\"; row skipped",
                              pct, QUOTE_LEN(p, end), p);
                break;
            }
            char metric[40];
            if (pct >= 100) {
                snprintf(metric, sizeof metric, "latency_max");
                r->perc_last = 1;
            } else {
                snprintf(metric, sizeof metric, "latency_p%.0f", pct);
            }
            if (has_fig(r, metric)) {
                WARN(r, out, no, "a second %.0f%% row in one "
                              "percentile table; skipped", pct);
                break;
            }
            rc = fig(r, metric, v * (r->perc_us ? 1e-6 : 1e-3),
                     BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER, no);
            r->perc_rows++;
            break;
        }
        if (is_error_line(p, end)) {
            tally(&r->errors, no, p, end);
            break;
        }
        if (r->perc_rows == 0 && r->perc_stray < 3 && !bdb_first_digit(p, end) &&
            !bdb_starts_with(p, end, "This is ApacheBench")) {
            /* a forum's watermark between the heading and the rows
             * ("bitsCN.Com"): no figure of ab's, the table goes on */
            r->perc_stray++;
            WARN(r, out, no, "a line that is not ab's between the "
                          "percentile table's heading and its rows: "
                          "\"%.*s\"; the table goes on",
                          QUOTE_LEN(p, end), p);
            break;
        }
        if (!r->perc_last && !r->perc_gap && !bdb_is_blank(p, end))
            WARN(r, out, no, "expected a row of the "
                          "percentile table (\"NN%%  TIME\"), got "
                          "\"%.*s\"", QUOTE_LEN(p, end), p);
        rc = run_close(r, out);
        if (rc)
            break;
        goto again;
    }
    }
    return rc;
}

/* ------------------------------------- reflowed captures: glued, wrapped */

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static int is_alnum(char c)
{
    return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static const char *const row_labels[] = {"Connect:", "Processing:",
                                         "Waiting:", "Total:"};

static int is_row_label(const char *p, const char *end)
{
    return starts_with_any(p, end, row_labels,
                           sizeof row_labels / sizeof row_labels[0]);
}

/* Where the next of ab's records starts inside a line whose line breaks
 * were lost ("Write errors:          0Total transferred:  41054242 bytes",
 * "min  mean[+/-sd] median  maxConnect:      43  47  2.4    47      53
 * Processing: ...", "...945Percentage of the requests served ..."): a
 * report label glued to a letter or digit before it; the rows and the
 * percentile header only after a digit or the header's "max". NULL when
 * there is none. */
static const char *glued_record(const char *p, const char *end)
{
    const char *best = NULL;
    for (size_t i = 0; i < sizeof kv_labels / sizeof kv_labels[0]; i++) {
        const char *q = p + 1;
        while (q < end && (q = bdb_find(q, best ? best : end, kv_labels[i]))) {
            if (is_alnum(q[-1])) {
                best = q;
                break;
            }
            q++;
        }
    }
    static const char *const after_number[] = {
        "Connect:", "Processing:", "Waiting:", "Total:",
        "Percentage of the requests served"};
    for (size_t i = 0; i < sizeof after_number / sizeof after_number[0]; i++) {
        const char *q = p + 1;
        while (q < end &&
               (q = bdb_find(q, best ? best : end, after_number[i]))) {
            if (is_digit(q[-1]) || (q - p >= 3 && memcmp(q - 3, "max", 3) == 0)) {
                best = q;
                break;
            }
            q++;
        }
    }
    return best;
}

/* Feeds one line, cut where records were glued together. */
static int feed_glued(ab_parse *st, const char *p, const char *end, int no)
{
    for (;;) {
        const char *cut = glued_record(p, end);
        if (!cut)
            return one_line(st, p, end, no, 0);
        const char *pe = cut;
        bdb_trim(&p, &pe);
        int rc = one_line(st, p, pe, no, 0);
        if (rc)
            return rc;
        p = cut;
    }
}

static int count_numbers(const char *p, const char *end)
{
    int n = 0;
    double v;
    while ((p = bdb_skip_ws(p, end)) < end) {
        if (!read_num(&p, end, &v))
            return -1;
        n++;
    }
    return n;
}

/* A record an editor or a mail client hard-wrapped, so that its value
 * went to the next line (ab 1.3d's report re-flowed at ~28 columns:
 * "Server Software:" / "Apache/1.3.23", "Server" / "Port:" / "80",
 * "Time per request:       6316.40 [ms]" / "(mean)", "Connect:        0"
 * / "29  106.1      0   553"). Returns 1 when the line wants the next
 * one (whose text is [n, nend)) joined to it. */
static int wants_next(const ab_run *r, const char *p, const char *end,
                      const char *n, const char *nend)
{
    if (!r->open || bdb_is_blank(n, nend) || is_kv_label(n, nend) ||
        is_row_label(n, nend) || is_conn_header(n, nend) ||
        is_perc_header(n, nend) || is_error_line(n, nend) ||
        is_progress_line(n, nend) || is_banner(n, nend) ||
        bdb_starts_with(n, nend, "Benchmarking "))
        return 0;
    if (r->section == SEC_CONN && is_row_label(p, end)) {
        const char *q = memchr(p, ':', (size_t)(end - p)) + 1;
        int have = count_numbers(q, end), more = count_numbers(n, nend);
        int want = r->conn_cols == 3 ? 3 : 5;
        return have >= 0 && more > 0 && have + more <= want;
    }
    if (r->section != SEC_KV && r->section != SEC_HEAD)
        return 0;
    if (is_kv_label(p, end)) {
        const char *v = memchr(p, ':', (size_t)(end - p)) + 1;
        if (bdb_is_blank(v, end))
            return 1;   /* "Transfer rate:" / "3.89 [Kbytes/sec] received" */
        const char *open = memchr(v, '(', (size_t)(end - v));
        if (open && !memchr(open, ')', (size_t)(end - open)))
            return 1;   /* "(mean," / "across all concurrent requests)" */
        return *n == '(' && bdb_starts_with(p, end, "Time per request:") &&
               !open;
    }
    /* "Server" / "Port:": a label cut between its words */
    if (end - p < 24 && !memchr(p, ':', (size_t)(end - p))) {
        char both[64];
        size_t a = (size_t)(end - p), b = (size_t)(nend - n);
        if (a + 1 + b > sizeof both)
            b = sizeof both - 1 - a;
        memcpy(both, p, a);
        both[a] = ' ';
        memcpy(both + a + 1, n, b);
        return is_kv_label(both, both + a + 1 + b);
    }
    return 0;
}

/* The next line as parse_report() reads it, for a look ahead: trimmed,
 * without the capture's quote marker; 0 at the end or for a line that
 * needs more than that (escapes, HTML). */
static int peek_line(const ab_parse *st, bdb_lines *it, const char **p,
                     const char **end, int *no)
{
    bdb_line ln;
    if (!bdb_lines_next(it, &ln))
        return 0;
    *p = ln.p;
    *end = ln.end;
    *no = ln.no;
    bdb_trim(p, end);
    if (st->quote_len && (size_t)(*end - *p) >= st->quote_len &&
        memcmp(*p, st->quote, st->quote_len) == 0) {
        *p += st->quote_len;
        bdb_trim(p, end);
    }
    return !memchr(*p, '\033', (size_t)(*end - *p)) &&
           !(*p < *end && **p == '<');
}

/* The figures a joined record gave, each on the line its number is on. */
static void place_figures(ab_run *r, int from, const char *j, const char *jend,
                          const size_t *seg_off, const int *seg_no, int nseg)
{
    const char *q = j;
    for (int k = from; k < r->nfig; k++) {
        while (q < jend && !(is_digit(*q) &&
                             (q == j || !(is_alnum(q[-1]) || q[-1] == '.'))))
            q++;
        if (q >= jend)
            return;
        int s = 0;
        while (s + 1 < nseg && (size_t)(q - j) >= seg_off[s + 1])
            s++;
        r->figs[k].line = seg_no[s];
        if (seg_no[s] > r->last_fig_line)
            r->last_fig_line = seg_no[s];
        while (q < jend && (is_digit(*q) || *q == '.'))
            q++;
    }
}

enum { WRAP_MAX = 4 };

/* Joins a hard-wrapped record with the lines that carry its values (see
 * wants_next) and feeds it; otherwise feeds the line as it is. */
static int feed_line(ab_parse *st, bdb_lines *it, const char *p,
                     const char *end, int no, char **jbuf, size_t *jcap)
{
    const char *np, *nend;
    int nno;
    bdb_lines ahead = *it;
    bdb_line nl;
    st->r->text_goes_on = bdb_lines_next(&ahead, &nl);
    ahead = *it;
    if (!peek_line(st, &ahead, &np, &nend, &nno) ||
        !wants_next(st->r, p, end, np, nend))
        return feed_glued(st, p, end, no);
    size_t seg_off[WRAP_MAX];
    int seg_no[WRAP_MAX], nseg = 0;
    size_t len = 0;
    bdb_lines taken = *it;
    for (;;) {
        size_t add = (size_t)(end - p) + 1;
        if (len + add > *jcap) {
            size_t cap = (len + add) * 2;
            char *b = realloc(*jbuf, cap);
            if (!b)
                return BDB_ENOMEM;
            *jbuf = b;
            *jcap = cap;
        }
        if (len)
            (*jbuf)[len++] = ' ';
        seg_off[nseg] = len;
        seg_no[nseg++] = no;
        memcpy(*jbuf + len, p, (size_t)(end - p));
        len += (size_t)(end - p);
        if (nseg == WRAP_MAX)
            break;
        ahead = taken;
        if (!peek_line(st, &ahead, &np, &nend, &nno) ||
            !wants_next(st->r, *jbuf, *jbuf + len, np, nend))
            break;
        taken = ahead;
        p = np;
        end = nend;
        no = nno;
    }
    *it = taken;
    ab_run *r = st->r;
    int start = r->start_line, from = r->nfig;
    int rc = feed_glued(st, *jbuf, *jbuf + len, seg_no[0]);
    if (rc == BDB_OK && r->open && r->start_line == start && r->nfig >= from)
        place_figures(r, from, *jbuf, *jbuf + len, seg_off, seg_no, nseg);
    /* the lines of a record read whole are read, a parameter's too
     * ("Server" / "Port:" / "80"); a record that did not read was
     * warned about at its first line */
    if (rc == BDB_OK && (r->nfig > from ||
                         bdb_starts_with(*jbuf, *jbuf + len, "Server ") ||
                         bdb_starts_with(*jbuf, *jbuf + len, "Document Path:")))
        rc = bdb_sink_cover(st->out, seg_no[0], seg_no[nseg - 1]);
    return rc;
}

#define MAX_ROW_LINES 32

/* An ab -w row whose cells stand one a line, as a README pretty-prints
 * the table:
 *     <tr>
 *         <th colspan=2 bgcolor=white>Time taken for tests:</th>
 *         <td colspan=2 bgcolor=white>9.576 seconds</td>
 *     </tr>
 * The lines up to "</tr>" are read as one row; each figure keeps the
 * line of the cell it was printed in (the k-th figure of the row, the
 * k-th cell that holds text). A row left open is read as far as it goes. */
static int html_row_lines(ab_parse *st, bdb_lines *it, const char *p,
                          const char *end, int no, char **hbuf, size_t *hcap)
{
    const char *from[MAX_ROW_LINES + 1], *to[MAX_ROW_LINES + 1];
    int cell_line[MAX_ROW_LINES + 1];
    int n = 0, ncell = 0;
    size_t need = (size_t)(end - p) + 1;
    from[n] = p, to[n++] = end;
    bdb_lines peek = *it;
    bdb_line nx;
    while (n < MAX_ROW_LINES && bdb_lines_next(&peek, &nx)) {
        const char *a = nx.p, *z = nx.end;
        bdb_trim(&a, &z);
        if (bdb_starts_with(a, z, "<tr") || bdb_starts_with(a, z, "<table") ||
            bdb_starts_with(a, z, "</table") || (a < z && *a != '<'))
            break; /* the next row, or no cell: the row stays open */
        *it = peek;
        from[n] = a, to[n++] = z;
        need += (size_t)(z - a) + 1;
        if (bdb_starts_with(a, z, "<td")) {
            const char *gt = memchr(a, '>', (size_t)(z - a));
            const char *c = gt ? gt + 1 : z;
            while (c < z && (*c == ' ' || *c == '\t'))
                c++;
            if (c < z && *c != '<')
                cell_line[ncell++] = nx.no;
        }
        if (bdb_find(a, z, "</tr"))
            break;
    }
    if (need * 2 > *hcap) {
        char *h = realloc(*hbuf, need * 2);
        if (!h)
            return BDB_ENOMEM;
        *hbuf = h;
        *hcap = need * 2;
    }
    /* the row's raw text, its lines joined, then its text in place */
    char *raw = *hbuf + need;
    size_t rn = 0;
    for (int i = 0; i < n; i++) {
        memcpy(raw + rn, from[i], (size_t)(to[i] - from[i]));
        rn += (size_t)(to[i] - from[i]);
        raw[rn++] = ' ';
    }
    size_t tn = html_text(raw, raw + rn, *hbuf);
    const char *tp = *hbuf, *te = *hbuf + tn;
    bdb_trim(&tp, &te);
    ab_run *r = st->r;
    int first = r->nfig;
    int rc = one_line(st, tp, te, ncell ? cell_line[0] : no, 1);
    if (rc == BDB_OK && ncell && st->r == r && r->nfig >= first)
        for (int k = first; k < r->nfig; k++)
            r->figs[k].line = cell_line[k - first < ncell ? k - first : ncell - 1];
    return rc;
}

static int parse_report(const char *buf, size_t len, const bdb_parse_opts *opts,
                        bdb_sink *out, bdb_diag *diag)
{
    ab_run *r = calloc(1, sizeof *r);
    if (!r)
        return BDB_ENOMEM;
    ab_parse st = {.r = r, .out = out};
    char *hbuf = NULL;      /* the text of an HTML row (ab -w) */
    size_t hcap = 0;
    char *ebuf = NULL;      /* a line without its terminal escapes */
    size_t ecap = 0;
    char *jbuf = NULL;      /* a hard-wrapped record joined */
    size_t jcap = 0;
    cmd_init(&st.pending);
    bdb_lines it;
    bdb_line ln;
    int rc = BDB_OK;
    bdb_lines_init(&it, buf, len);
    while (rc == BDB_OK && bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *end = ln.end;
        bdb_trim(&p, &end);
        if (memchr(p, '\033', (size_t)(end - p))) {
            /* colour and terminal escapes (script(1) logs, WAF-bench's
             * red "Failed requests:") */
            size_t need = (size_t)(end - p);
            if (need > ecap) {
                char *e = realloc(ebuf, need);
                if (!e) {
                    rc = BDB_ENOMEM;
                    break;
                }
                ebuf = e;
                ecap = need;
            }
            size_t n = strip_escapes(p, end, ebuf);
            p = ebuf;
            end = ebuf + n;
            bdb_trim(&p, &end);
        }
        /* a capture quoted in a comment or a mail ("# Completed 100
         * requests", "> Total:  1  2  0.4  2  5"): the marker in front
         * of the banner or of a report line is stripped from the lines
         * that follow */
        if (!st.quote_len) {
            size_t qn = quote_prefix(p, end);
            const char *rest = p + qn, *rend = end;
            bdb_trim(&rest, &rend);
            if (qn && qn < sizeof st.quote &&
                (is_banner(rest, rend) || is_kv_label(rest, rend) ||
                 is_progress_line(rest, rend))) {
                memcpy(st.quote, p, qn);
                st.quote_len = qn;
            }
        }
        if (st.quote_len && (size_t)(end - p) >= st.quote_len &&
            memcmp(p, st.quote, st.quote_len) == 0) {
            p += st.quote_len;
            bdb_trim(&p, &end);
        }
        int html_row = 0;
        if (p < end && *p == '<') {
            size_t need = (size_t)(end - p);
            if (need > hcap) {
                char *h = realloc(hbuf, need);
                if (!h) {
                    rc = BDB_ENOMEM;
                    break;
                }
                hbuf = h;
                hcap = need;
            }
            html_row = bdb_starts_with(p, end, "<tr") ||
                       bdb_starts_with(p, end, "<table");
            if (!html_row) {
                size_t n = html_text(p, end, hbuf);
                p = hbuf;
                end = hbuf + n;
                bdb_trim(&p, &end);
            }
        }
        const char *hrow = p, *hrow_end = end;

        if (html_row && bdb_starts_with(p, end, "<tr") &&
            !bdb_find(p, end, "</tr")) {
            /* a -w table pretty-printed by hand: one cell a line */
            rc = html_row_lines(&st, &it, p, end, ln.no, &hbuf, &hcap);
            continue;
        }
        if (p < end && *p == '<' && html_row) {
            /* a row per "<tr": some captures join a table on one line */
            const char *q = hrow;
            while (rc == BDB_OK && q < hrow_end) {
                const char *nx = bdb_find(q + 1, hrow_end, "<tr");
                const char *e = nx ? nx : hrow_end;
                size_t n = html_text(q, e, hbuf);
                const char *tp = hbuf, *te = hbuf + n;
                bdb_trim(&tp, &te);
                rc = one_line(&st, tp, te, ln.no, 1);
                q = e;
            }
            continue;
        }
        rc = feed_line(&st, &it, p, end, ln.no, &jbuf, &jcap);
    }
    if (rc == BDB_OK)
        rc = run_close(r, out);
    if (rc == BDB_OK && st.pending.line)
        WARN(r, out, st.pending.line,
                      "this command line is not followed by ab's output "
                      "(truncated log?)");
    if (rc == BDB_OK && !st.any) {
        if (opts && opts->forced)
            rc = bdb_diag_set(diag, BDB_EPARSE, 1,
                              "ab: expected ApacheBench output (\"This is "
                              "ApacheBench, Version ...\" or its report "
                              "lines)");
        else
            WARN(r, out, 1, "expected ApacheBench output (\"This "
                          "is ApacheBench, Version ...\" or its report lines)");
    }
    if (rc == BDB_OK)
        rc = r->warn_rc;
    free(hbuf);
    free(ebuf);
    free(jbuf);
    free(r->figs);
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
    int overlong;           /* a field did not fit fields[] */
    int err;                /* BDB_ENOMEM */
    int bad;                /* rows skipped */
    bdb_sink *out;
} side_state;

static void side_field(void *s, size_t len, void *data)
{
    side_state *st = data;
    if (st->nfields < 6) {
        size_t n = len < 63 ? len : 63;
        memcpy(st->fields[st->nfields], s, n);
        st->fields[st->nfields][n] = '\0';
        st->overlong |= len > 63;
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
    int overlong = st->overlong;
    st->nfields = 0;
    st->overlong = 0;
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
        ok = !overlong && nf == 6 && field_num(st->fields[1], &secs) &&
             field_num(st->fields[2], &row.ctime) &&
             field_num(st->fields[3], &row.dtime) &&
             field_num(st->fields[4], &row.t) &&
             field_num(st->fields[5], &row.wait);
        if (!ok && st->bad++ < 3 &&
            bdb_sink_warn(st->out, line,
                          "ab -g: expected 6 tab-separated columns (starttime, "
                          "seconds, ctime, dtime, ttime, wait); row skipped"))
            st->err = BDB_ENOMEM;
    } else {
        ok = !overlong && nf == 2 && field_num(st->fields[0], &row.pct) &&
             field_num(st->fields[1], &row.t) && row.pct >= 0 &&
             row.pct <= 100;
        if (!ok && st->bad++ < 3 &&
            bdb_sink_warn(st->out, line,
                          "ab -e: expected \"percentage,time in ms\"; row "
                          "skipped"))
            st->err = BDB_ENOMEM;
    }
    if (!ok)
        return;
    if (st->n == st->cap) {
        side_row *p = bdb_grow(st->rows, st->n, &st->cap, sizeof *p, 256);
        if (!p) {
            st->err = BDB_ENOMEM;
            return;
        }
        st->rows = p;
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
        if (!(row->pct >= 0 && row->pct <= 100))
            continue;
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
                      const bdb_parse_opts *opts, bdb_sink *out)
{
    const char *end;
    const char *p = skip_bom_ws(buf, len, &end);
    /* Count the lines skipped before the header so lines stay right. */
    int skipped = 0;
    for (const char *s = buf; s < p; s++)
        if (*s == '\n')
            skipped++;
    /* libcsv ends a record at a lone '\r', the line counter (bdb_lines,
     * like every parser) only at '\n': a lone '\r' is made a space, so
     * that record numbers are line numbers. */
    char *copy = NULL;
    for (const char *s = p; s < end; s++)
        if (*s == '\r' && (s + 1 == end || s[1] != '\n')) {
            copy = malloc((size_t)(end - p) ? (size_t)(end - p) : 1);
            if (!copy)
                return BDB_ENOMEM;
            memcpy(copy, p, (size_t)(end - p));
            for (char *c = copy; c < copy + (end - p); c++)
                if (*c == '\r' && (c + 1 == copy + (end - p) || c[1] != '\n'))
                    *c = ' ';
            end = copy + (end - p);
            p = copy;
            break;
        }
    struct csv_parser cp;
    if (csv_init(&cp, CSV_STRICT | CSV_APPEND_NULL) != 0) {
        free(copy);
        return BDB_ENOMEM;
    }
    if (gnuplot)
        csv_set_delim(&cp, CSV_TAB);
    if (end - p > 128) /* one realloc, not one per 128 bytes */
        csv_set_blk_size(&cp, (size_t)(end - p));
    side_state st;
    memset(&st, 0, sizeof st);
    st.gnuplot = gnuplot;
    st.record = skipped;
    st.out = out;
    size_t used = csv_parse(&cp, p, (size_t)(end - p), side_field, side_record,
                            &st);
    int cerr = used != (size_t)(end - p) ? csv_error(&cp) : 0;
    if (!cerr)
        csv_fini(&cp, side_field, side_record, &st);
    csv_free(&cp);
    free(copy);
    int rc = BDB_OK;
    if (st.bad > 3)
        rc = bdb_sink_warn(out, 0, "ab -%c: %d rows skipped in all",
                           gnuplot ? 'g' : 'e', st.bad);
    if (cerr && !rc)
        rc = bdb_sink_warn(out, st.record + 1, "ab -%c: %s; the rows before "
                           "it are kept", gnuplot ? 'g' : 'e',
                           csv_strerror(cerr));
    if (st.err && !rc)
        rc = st.err;
    if (!rc && st.n == 0)
        rc = bdb_sink_warn(out, skipped + 1,
                           "ab -%c: a header without rows (truncated file?)",
                           gnuplot ? 'g' : 'e');
    else if (!rc)
        rc = gnuplot ? emit_gnuplot(&st, out, opts) : emit_csv(&st, out, opts);
    free(st.rows);
    return rc;
}

static int parse(const char *buf, size_t len, const bdb_parse_opts *opts,
                 bdb_sink *out, bdb_diag *diag)
{
    const char *end;
    const char *p = skip_bom_ws(buf, len, &end);
    if (bdb_starts_with(p, end, GNUPLOT_HEADER))
        return parse_side(buf, len, 1, opts, out);
    if (bdb_starts_with(p, end, CSV_HEADER))
        return parse_side(buf, len, 0, opts, out);
    return parse_report(buf, len, opts, out, diag);
}

const bdb_parser bdb_parser_ab = {"ab", 2, sniff, parse, 0, 0, 0};
