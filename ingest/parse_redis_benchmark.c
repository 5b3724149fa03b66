/* parse_redis_benchmark.c - redis-benchmark output (Redis 1.x to 7.x, and
 * valkey-benchmark, which prints the same).
 *
 * Four forms are read, in any mix, with shell prompts and other text around
 * them (skipped):
 *  1. --csv. Redis < 6.2 prints one row per test, `"SET","81967.21"` (test,
 *     requests per second), without a header. Redis >= 6.2 prints the header
 *     `"test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms",
 *     "p95_latency_ms","p99_latency_ms","max_latency_ms"` then one row per
 *     test. Rows are split with libcsv (titles hold spaces, parentheses and
 *     commas: `"LPUSH (needed to benchmark LRANGE)"`). Columns are mapped by
 *     the header's names; an 8-field row without a header uses the fixed
 *     order above (redis-benchmark.c prints it so), a 2-field row the old one.
 *  2. The full text report, one block per test: `====== SET ======`,
 *     `  N requests completed in T seconds`, `  N parallel clients`,
 *     `  N bytes payload`, `  keep alive: N`, then (6.x/7.x) `host
 *     configuration` lines, `multi-thread: yes|no`, `threads: N`, (cluster)
 *     `cluster mode` and `node [i] configuration` lines. Redis < 6.2 follows
 *     with a histogram, `99.96% <= 1 milliseconds` ("%.2f%% <= %d
 *     milliseconds"; a decimal label such as `0.2 milliseconds` is accepted
 *     too), and `82169.27 requests per second`. Redis >= 6.2 prints the
 *     HdrHistogram blocks `Latency by percentile distribution:` and `Cumulative
 *     distribution of latencies:` (`50.000% <= 0.167 milliseconds (cumulative
 *     count 54147)`), then `Summary:`, `  throughput summary: N requests per
 *     second`, `  latency summary (msec):` and a table `avg min p50 p95 p99
 *     max` with one row of values.
 *  3. -q quiet lines: `SET: 81967.21 requests per second` (< 6.2) and
 *     `SET: 81967.21 requests per second, p50=0.287 msec` (>= 6.2). The title
 *     is what stands before the ": " that precedes the number, so
 *     `LPUSH (again, in order to bench LRANGE): 200000.00 requests per second`
 *     is read whole.
 *  4. Progress. Every 250 ms redis-benchmark prints `SET: 12345.00\r` (< 6.2)
 *     or `SET: rps=... (overall: ...) avg_msec=... (overall: ...)\r` (>= 6.2)
 *     and, once the test ends, a blank-padded `\r` and its result on the same
 *     terminal line. The line iterator splits on \n only, so each line is
 *     read from its last \r on. A test whose progress is the last thing
 *     printed for it (interrupted, or aborted by `Error from server: ...`,
 *     which 7.x prints before it exits) makes the file fail with that line.
 *
 * Units, from redis-benchmark.c (showLatencyReport()):
 *  - requests per second is requests_finished / (totlatency ms / 1000), a
 *    float printed with %.2f: stored as op/s (requests_per_sec). A run
 *    shorter than the 1 ms clock prints "inf", and an empty histogram "-nan":
 *    such a figure is skipped with a warning, never turned into a number.
 *  - "requests completed in %.2f seconds" is totlatency / 1000: time_taken in
 *    seconds (neutral); the count is complete_requests (neutral). It is not a
 *    parameter: --csv and -q do not print it, and the same test read from a
 *    CSV and from a report should stay one series.
 *  - >= 6.2 latencies (CSV *_latency_ms columns, the "latency summary
 *    (msec)" table, the quiet p50) are HdrHistogram values in microseconds
 *    divided by 1000, i.e. milliseconds with %.3f: stored in seconds.
 *    avg -> latency_mean, min -> latency_min, pNN -> latency_pNN (p99.9 ->
 *    latency_p99_9), max -> latency_max; all lower is better.
 *  - The < 6.2 histogram is not read into figures: a line is printed at the
 *    first request of each new bucket, with the percentage counting that
 *    request and the bucket label floor(latency / 1 ms) (or a finer
 *    bucket), so no percentile can be read from it without guessing. The lines
 *    are checked for their form only. The HdrHistogram blocks of >= 6.2 are
 *    likewise checked and left to the summary table, which holds the exact
 *    values at round percentiles.
 *
 * Identity (parameters): the benchmark is the test title (`GET`,
 * `PING_INLINE`, `LRANGE_500 (first 450 elements)`, a custom command such as
 * `incr counter`). From the text report: clients (-c, "parallel clients"),
 * payload_size (-d, bytes), keepalive (-k, 0/1), threads (--threads; only
 * when "multi-thread: yes"). Nothing prints -P, so pipeline comes from
 * --param pipeline=N or a path pattern, as does clients for --csv and -q
 * output (a name like 'reds-bench-{clients}.csv'): the parser never invents
 * a default for a parameter the log does not print.
 *
 * Warnings: "Error from server:" lines, "All clients disconnected",
 * "Could not connect", unknown CSV or summary columns, and inf/nan figures. */
#include "ingest.h"
#include "../common/bdb_scan.h"

#include <csv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RB_MAX_COLS 16
#define RB_FIELD_MAX 256
#define RB_MAX_FIGS 32

/* The fixed column order of the >= 6.2 CSV (redis-benchmark.c main()). */
static const char *const RB_CSV_COLS[] = {
    "test", "rps", "avg_latency_ms", "min_latency_ms", "p50_latency_ms",
    "p95_latency_ms", "p99_latency_ms", "max_latency_ms"};
#define RB_CSV_NCOLS 8

/* A figure of a text report, kept until the report ends: the parameter
 * lines come after "requests completed". */
typedef struct rb_fig {
    char metric[BDB_METRIC_MAX];
    double value;
    const char *unit;
    bdb_better better;
    int line;
} rb_fig;

typedef struct rb_block {
    int open;
    int line;               /* the "====== T ======" line */
    int seen_completed;
    int seen_rps;
    int hdr_form;           /* >= 6.2: HdrHistogram blocks / Summary: seen */
    int lat_header;         /* "latency summary (msec):" seen */
    int ncols;              /* columns of the summary table, -1: none yet */
    char cols[RB_MAX_COLS][BDB_METRIC_MAX]; /* "" : skipped column */
    bdb_sample base;
    rb_fig figs[RB_MAX_FIGS];
    int nfig;
} rb_block;

typedef struct rb_csv {
    int active;             /* a header was read */
    int quoted;             /* the header was quoted (redis prints it so) */
    int header_line;
    int ncols;
    char cols[RB_MAX_COLS][BDB_METRIC_MAX]; /* "" test/skipped column */
    int title_col;
    int rows;               /* rows read so far in the file */
    int rows_since_header;
} rb_csv;

typedef struct rb_state {
    rb_block blk;
    rb_csv csv;
    int pending_line;       /* line of unfinished progress, 0: none */
    char pending_title[BDB_BENCHMARK_MAX];
    char pending_last[120]; /* what the pending line ends with */
    bdb_sink *out;
    bdb_diag *diag;
} rb_state;

/* --------------------------------------------------------------- helpers */

static int perr(bdb_diag *diag, int line, const char *what)
{
    return bdb_diag_set(diag, BDB_EPARSE, line, "redis-benchmark: expected %s",
                        what);
}

/* Reads a number. Returns 1 for a number, 2 for the "inf"/"nan" printf
 * prints for a zero-length or empty run (*p advanced in both cases), 0 when
 * there is neither. */
static int rb_number(const char **p, const char *end, double *v)
{
    static const char *const odd[] = {"-nan", "nan", "-inf", "inf"};
    const char *q = bdb_skip_ws(*p, end);
    for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
        size_t n = strlen(odd[i]);
        if (bdb_starts_with(q, end, odd[i]) &&
            (q + n == end || !((q[n] >= 'a' && q[n] <= 'z') ||
                               (q[n] >= '0' && q[n] <= '9')))) {
            *p = q + n;
            return 2;
        }
    }
    return bdb_scan_number(p, end, v, 0) ? 1 : 0;
}

/* The whole of [p, end) is one number (surrounding blanks allowed). */
static int rb_whole_number(const char *p, const char *end, double *v)
{
    int r = rb_number(&p, end, v);
    return r && bdb_is_blank(p, end) ? r : 0;
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Maps a latency column name ("avg", "min", "max", "p50", "p99.9") to a
 * metric name; 0 if the name is none of those. */
static int latency_metric(const char *p, const char *end, char *out,
                          size_t outsz)
{
    if (bdb_span_eq(p, end, "avg") || bdb_span_eq(p, end, "mean")) {
        snprintf(out, outsz, "latency_mean");
        return 1;
    }
    if (bdb_span_eq(p, end, "min") || bdb_span_eq(p, end, "max")) {
        snprintf(out, outsz, "latency_%.3s", p);
        return 1;
    }
    if (end - p < 2 || *p != 'p' || !is_digit(p[1]) || end - p > 12)
        return 0;
    char buf[32] = "latency_p";
    size_t n = strlen(buf);
    int dots = 0;
    for (const char *q = p + 1; q < end; q++) {
        if (*q == '.' && !dots && q + 1 < end) {
            dots++;
            buf[n++] = '_';
        } else if (is_digit(*q)) {
            buf[n++] = *q;
        } else {
            return 0;
        }
    }
    buf[n] = '\0';
    snprintf(out, outsz, "%s", buf);
    return 1;
}

static int add(rb_state *st, const bdb_sample *base, const char *metric,
               double v, const char *unit, bdb_better better, int line)
{
    return bdb_sink_add(st->out, base, metric, v, unit, better, line);
}

/* Keeps a figure of the open report. */
static int fig(rb_state *st, const char *metric, double v, const char *unit,
               bdb_better better, int line)
{
    rb_block *b = &st->blk;
    if (b->nfig >= RB_MAX_FIGS)
        return bdb_diag_set(st->diag, BDB_ERANGE, line,
                            "redis-benchmark: too many figures in one report");
    rb_fig *f = &b->figs[b->nfig++];
    bdb_strlcpy(f->metric, sizeof f->metric, metric);
    f->value = v;
    f->unit = unit;
    f->better = better;
    f->line = line;
    return BDB_OK;
}

/* The report is whole: emits its figures with its parameters. */
static int block_close(rb_state *st)
{
    rb_block *b = &st->blk;
    b->open = 0;
    for (int i = 0; i < b->nfig; i++) {
        const rb_fig *f = &b->figs[i];
        int rc = add(st, &b->base, f->metric, f->value, f->unit, f->better,
                     f->line);
        if (rc)
            return rc;
    }
    return BDB_OK;
}

/* A figure printed as inf/nan: kept out, with a warning. */
static void warn_odd(rb_state *st, const bdb_sample *base, const char *metric,
                     int line)
{
    bdb_sink_warn(st->out, line,
                  "%s: %s printed as inf/nan (a run shorter than "
                  "redis-benchmark's 1 ms clock, or no reply): not stored",
                  base->benchmark, metric);
}

static int pending_error(rb_state *st);

/* Marks unfinished progress of title seen at line; progress of another test
 * that is still pending means that test never finished. */
static int set_pending(rb_state *st, const char *tp, const char *te,
                       int line, const char *lp, const char *le)
{
    char title[BDB_BENCHMARK_MAX];
    bdb_copy(title, sizeof title, tp, te);
    if (st->pending_line && strcmp(st->pending_title, title) != 0)
        return pending_error(st);
    st->pending_line = line;
    bdb_strlcpy(st->pending_title, sizeof st->pending_title, title);
    if (lp)
        bdb_copy(st->pending_last, sizeof st->pending_last, lp, le);
    else
        st->pending_last[0] = '\0';
    return BDB_OK;
}

static int pending_error(rb_state *st)
{
    if (st->pending_last[0])
        return bdb_diag_set(st->diag, BDB_EPARSE, st->pending_line,
                            "redis-benchmark: the test '%s' did not finish "
                            "(its progress line ends with \"%s\"; truncated "
                            "or aborted run)",
                            st->pending_title, st->pending_last);
    return bdb_diag_set(st->diag, BDB_EPARSE, st->pending_line,
                        "redis-benchmark: the test '%s' did not finish (only "
                        "its progress was printed; truncated or aborted run)",
                        st->pending_title);
}

/* A result for title arrived: it settles that test's progress; progress of
 * another test means that test never finished. */
static int settle(rb_state *st, const char *title)
{
    if (!st->pending_line)
        return BDB_OK;
    if (strcmp(st->pending_title, title) != 0)
        return pending_error(st);
    st->pending_line = 0;
    return BDB_OK;
}

/* Progress text: "T: rps=..." (>= 6.2) or, when with_number (text that a
 * \r overwrote), "T: 12345.00" (< 6.2). Sets the title span. */
static int is_progress(const char *p, const char *end, int with_number,
                       const char **tp, const char **te)
{
    bdb_trim(&p, &end);
    const char *r = bdb_find(p, end, ": rps=");
    if (r && r > p) {
        *tp = p;
        *te = r;
        return 1;
    }
    if (!with_number)
        return 0;
    /* the last ": " followed by a lone number */
    const char *c = NULL;
    for (const char *q = p; q + 1 < end; q++)
        if (q[0] == ':' && q[1] == ' ')
            c = q;
    if (!c || c == p)
        return 0;
    double v;
    if (rb_whole_number(c + 2, end, &v) != 1)
        return 0;
    *tp = p;
    *te = c;
    return 1;
}

/* "T: N requests per second[, p50=X msec]". Returns 1 and the parts, 0 if
 * the line is not of that form. */
typedef struct rb_quiet {
    const char *tp, *te;
    int rps_kind, p50_kind; /* rb_number results; p50_kind 0: absent */
    double rps, p50;
} rb_quiet;

static int parse_quiet(const char *p, const char *end, rb_quiet *q)
{
    static const char RPS[] = " requests per second";
    memset(q, 0, sizeof *q);
    const char *r = bdb_find(p, end, RPS);
    if (!r)
        return 0;
    const char *t = r;
    while (t > p && t[-1] != ' ')
        t--;
    if (t - p < 3 || t[-1] != ' ' || t[-2] != ':')
        return 0;
    q->tp = p;
    q->te = t - 2;
    bdb_trim(&q->tp, &q->te);
    if (q->tp == q->te)
        return 0;
    const char *n = t;
    q->rps_kind = rb_number(&n, r, &q->rps);
    if (!q->rps_kind || n != r)
        return 0;
    const char *s = r + strlen(RPS);
    if (bdb_is_blank(s, end))
        return 1;
    if (!bdb_scan_lit(&s, end, ", p50=", 0))
        return 0;
    q->p50_kind = rb_number(&s, end, &q->p50);
    if (!q->p50_kind || !bdb_scan_lit(&s, end, "msec", 1) ||
        !bdb_is_blank(s, end))
        return 0;
    return 1;
}

/* "====== T ======": sets the title span. */
static int is_block_header(const char *p, const char *end, const char **tp,
                           const char **te)
{
    if (!bdb_starts_with(p, end, "====== ") || end - p < 15 ||
        memcmp(end - 7, " ======", 7) != 0)
        return 0;
    *tp = p + 7;
    *te = end - 7;
    bdb_trim(tp, te);
    return *tp < *te;
}

/* ------------------------------------------------------------------ CSV */

typedef struct rb_fields {
    int n;
    int overflow;
    char f[RB_MAX_COLS][RB_FIELD_MAX];
    size_t len[RB_MAX_COLS];
} rb_fields;

static void csv_field_cb(void *s, size_t len, void *data)
{
    rb_fields *fs = data;
    if (fs->n >= RB_MAX_COLS || len >= RB_FIELD_MAX) {
        fs->overflow = 1;
        return;
    }
    memcpy(fs->f[fs->n], s ? s : "", s ? len : 0);
    fs->f[fs->n][s ? len : 0] = '\0';
    fs->len[fs->n] = s ? len : 0;
    fs->n++;
}

static void csv_record_cb(int c, void *data)
{
    (void)c;
    (void)data;
}

/* Splits one line with libcsv. Returns 0 on success, 1 on a CSV error,
 * BDB_ENOMEM when libcsv cannot start. */
static int csv_split(const char *p, const char *end, rb_fields *fs)
{
    struct csv_parser cp;
    memset(fs, 0, sizeof *fs);
    if (csv_init(&cp, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0)
        return BDB_ENOMEM;
    size_t len = (size_t)(end - p);
    size_t used = csv_parse(&cp, p, len, csv_field_cb, csv_record_cb, fs);
    int bad = used != len;
    if (!bad && csv_fini(&cp, csv_field_cb, csv_record_cb, fs) != 0)
        bad = 1;
    csv_free(&cp);
    return bad || fs->overflow ? 1 : 0;
}

/* Ends a CSV section: a header without rows is a truncated run. */
static int csv_close(rb_state *st)
{
    int rc = BDB_OK;
    if (st->csv.active && st->csv.rows_since_header == 0)
        rc = bdb_diag_set(st->diag, BDB_EPARSE, st->csv.header_line,
                          "redis-benchmark CSV: a header without rows "
                          "(truncated or failed run?)");
    st->csv.active = 0;
    return rc;
}

/* A header row: maps each column to a metric. */
static int csv_header(rb_state *st, const rb_fields *fs, int quoted, int line)
{
    rb_csv *c = &st->csv;
    int rc = csv_close(st);
    if (rc)
        return rc;
    int rows = c->rows;
    memset(c, 0, sizeof *c);
    c->rows = rows;
    c->active = 1;
    c->quoted = quoted;
    c->header_line = line;
    c->ncols = fs->n;
    c->title_col = -1;
    for (int i = 0; i < fs->n; i++) {
        const char *n = fs->f[i], *e = fs->f[i] + fs->len[i];
        bdb_trim(&n, &e);
        if (bdb_span_eq(n, e, "test")) {
            c->title_col = i;
        } else if (bdb_span_eq(n, e, "rps")) {
            snprintf(c->cols[i], sizeof c->cols[i], "requests_per_sec");
        } else if (e - n > 11 && memcmp(e - 11, "_latency_ms", 11) == 0 &&
                   latency_metric(n, e - 11, c->cols[i], sizeof c->cols[i])) {
            /* mapped */
        } else {
            bdb_sink_warn(st->out, line,
                          "redis-benchmark CSV: column '%s' is not known; "
                          "its values are not stored",
                          fs->f[i]);
        }
    }
    if (c->title_col < 0)
        return perr(st->diag, line, "a \"test\" column in the CSV header");
    return BDB_OK;
}

static int csv_row(rb_state *st, const rb_fields *fs, int line)
{
    const rb_csv *c = &st->csv;
    int title_col = 0;
    const char *const *names = NULL;
    char cols[RB_MAX_COLS][BDB_METRIC_MAX];
    if (c->active) {
        title_col = c->title_col;
        memcpy(cols, c->cols, sizeof cols);
    } else {
        /* no header: redis-benchmark's own fixed orders */
        memset(cols, 0, sizeof cols);
        names = RB_CSV_COLS;
        for (int i = 1; i < fs->n; i++) {
            const char *n = names[i], *e = n + strlen(n);
            if (i == 1)
                snprintf(cols[i], sizeof cols[i], "requests_per_sec");
            else
                latency_metric(n, e - 11, cols[i], sizeof cols[i]);
        }
    }
    const char *tp = fs->f[title_col], *te = tp + fs->len[title_col];
    bdb_trim(&tp, &te);
    if (tp == te)
        return perr(st->diag, line, "a test name in the first CSV field");
    bdb_sample base;
    bdb_sample_init(&base, NULL);
    bdb_sample_set_benchmark(&base, tp, te);
    int rc = settle(st, base.benchmark);
    if (rc)
        return rc;
    for (int i = 0; i < fs->n; i++) {
        if (i == title_col || !cols[i][0])
            continue;
        double v = 0;
        int k = rb_whole_number(fs->f[i], fs->f[i] + fs->len[i], &v);
        if (!k)
            return bdb_diag_set(st->diag, BDB_EPARSE, line,
                                "redis-benchmark CSV: expected a number in "
                                "field %d, got \"%s\"",
                                i + 1, fs->f[i]);
        if (k == 2) {
            warn_odd(st, &base, cols[i], line);
            continue;
        }
        int rps = strcmp(cols[i], "requests_per_sec") == 0;
        rc = add(st, &base, cols[i], rps ? v : v * 1e-3,
                 rps ? BDB_UNIT_OPS_PER_S : BDB_UNIT_SECONDS,
                 rps ? BDB_HIGHER_IS_BETTER : BDB_LOWER_IS_BETTER, line);
        if (rc)
            return rc;
    }
    st->csv.rows++;
    st->csv.rows_since_header++;
    return BDB_OK;
}

/* A line outside a text block that may be CSV. Returns 1 if it was taken,
 * 0 if it is not CSV (the caller goes on), or a negative code. */
static int csv_line(rb_state *st, const char *p, const char *end, int line)
{
    int quoted = *p == '"';
    int maybe_header = bdb_starts_with(p, end, "test,rps");
    if (!quoted && !maybe_header && !(st->csv.active && !st->csv.quoted))
        return 0;
    rb_fields fs;
    int rc = csv_split(p, end, &fs);
    if (rc == BDB_ENOMEM)
        return rc;
    int is_header = rc == 0 && fs.n >= 2 && strcmp(fs.f[0], "test") == 0 &&
                    strcmp(fs.f[1], "rps") == 0;
    if (is_header) {
        rc = csv_header(st, &fs, quoted, line);
        return rc ? rc : 1;
    }
    if (!quoted) {
        /* unquoted rows (post-processed files) only when they fit exactly */
        if (rc != 0 || fs.n != st->csv.ncols)
            return 0;
        for (int i = 0; i < fs.n; i++) {
            double v;
            if (i != st->csv.title_col &&
                !rb_whole_number(fs.f[i], fs.f[i] + fs.len[i], &v))
                return 0;
        }
        rc = csv_row(st, &fs, line);
        return rc ? rc : 1;
    }
    int expected = st->csv.active ? st->csv.ncols : 0;
    if (rc != 0 || (expected && fs.n != expected) ||
        (!expected && fs.n != 2 && fs.n != RB_CSV_NCOLS)) {
        if (!st->csv.active && st->csv.rows == 0)
            return 0; /* a quoted line that is not redis-benchmark's */
        if (expected)
            return bdb_diag_set(st->diag, BDB_EPARSE, line,
                                "redis-benchmark CSV: expected a row of %d "
                                "fields as in the header on line %d "
                                "(truncated row?)",
                                expected, st->csv.header_line);
        return perr(st->diag, line,
                    "a CSV row \"TEST\",\"requests per second\" (truncated "
                    "row?)");
    }
    rc = csv_row(st, &fs, line);
    return rc ? rc : 1;
}

/* ------------------------------------------------------------ text blocks */

static int block_open(rb_state *st, const char *tp, const char *te, int line)
{
    rb_block *b = &st->blk;
    memset(b, 0, sizeof *b);
    b->open = 1;
    b->line = line;
    b->ncols = -1;
    bdb_sample_init(&b->base, NULL);
    bdb_sample_set_benchmark(&b->base, tp, te);
    int rc = csv_close(st); /* a report ends any CSV section */
    return rc ? rc : settle(st, b->base.benchmark);
}

static int block_unfinished(rb_state *st)
{
    rb_block *b = &st->blk;
    const char *what =
        !b->seen_completed ? "\"N requests completed in T seconds\""
        : b->hdr_form      ? "the \"latency summary (msec)\" values"
                           : "\"N requests per second\"";
    return bdb_diag_set(st->diag, BDB_EPARSE, b->line,
                        "redis-benchmark: the report of '%s' stops before "
                        "its results (truncated log?): expected %s",
                        b->base.benchmark, what);
}

/* Reads "N <lit>" into the parameter key; 0 if the line is not that. */
static int block_param(rb_state *st, const char *p, const char *end,
                       const char *lit, const char *key)
{
    const char *q = p;
    double v;
    if (!bdb_scan_number(&q, end, &v, 0) || !bdb_scan_lit(&q, end, lit, 1) ||
        !bdb_is_blank(q, end))
        return 0;
    bdb_params_set(&st->blk.base.params, key, "%.0f", v);
    return 1;
}

/* "P% <= V milliseconds" with an optional "(cumulative count K)". */
static int is_histogram_line(const char *p, const char *end, int *hdr)
{
    double v;
    const char *q = p;
    if (!bdb_scan_number(&q, end, &v, 0) || !bdb_scan_lit(&q, end, "%", 0) ||
        !bdb_scan_lit(&q, end, "<=", 1) || !bdb_scan_number(&q, end, &v, 0) ||
        !bdb_scan_lit(&q, end, "milliseconds", 1))
        return 0;
    *hdr = 0;
    if (bdb_is_blank(q, end))
        return 1;
    if (!bdb_scan_lit(&q, end, "(cumulative count", 1) ||
        !bdb_scan_number(&q, end, &v, 0) || !bdb_scan_lit(&q, end, ")", 0) ||
        !bdb_is_blank(q, end))
        return 0;
    *hdr = 1;
    return 1;
}

static int block_rps(rb_state *st, const char *q, const char *end, int line)
{
    rb_block *b = &st->blk;
    double v = 0;
    int k = rb_number(&q, end, &v);
    if (!k || !bdb_scan_lit(&q, end, "requests per second", 1) ||
        !bdb_is_blank(q, end))
        return perr(st->diag, line, "\"N requests per second\"");
    b->seen_rps = 1;
    if (k == 2) {
        warn_odd(st, &b->base, "requests_per_sec", line);
        return BDB_OK;
    }
    return fig(st, "requests_per_sec", v, BDB_UNIT_OPS_PER_S,
               BDB_HIGHER_IS_BETTER, line);
}

static int block_lat_header(rb_state *st, const char *p, const char *end,
                            int line)
{
    rb_block *b = &st->blk;
    int n = 0;
    const char *q = p;
    const char *w;
    size_t wl;
    while ((wl = bdb_scan_word(&q, end, &w)) > 0) {
        if (n >= RB_MAX_COLS)
            return perr(st->diag, line, "at most 16 latency summary columns");
        if (!latency_metric(w, w + wl, b->cols[n], sizeof b->cols[n])) {
            b->cols[n][0] = '\0';
            bdb_sink_warn(st->out, line,
                          "redis-benchmark: latency summary column '%.*s' is "
                          "not known; its values are not stored",
                          (int)wl, w);
        }
        n++;
    }
    if (n == 0)
        return perr(st->diag, line, "the latency summary column names");
    b->ncols = n;
    return BDB_OK;
}

static int block_lat_values(rb_state *st, const char *p, const char *end,
                            int line)
{
    rb_block *b = &st->blk;
    double v[RB_MAX_COLS];
    int kind[RB_MAX_COLS];
    const char *q = p;
    for (int i = 0; i < b->ncols; i++) {
        kind[i] = rb_number(&q, end, &v[i]);
        if (!kind[i])
            return bdb_diag_set(st->diag, BDB_EPARSE, line,
                                "redis-benchmark: expected %d latency values "
                                "under the summary header",
                                b->ncols);
    }
    if (!bdb_is_blank(q, end))
        return bdb_diag_set(st->diag, BDB_EPARSE, line,
                            "redis-benchmark: more latency values than the "
                            "%d summary columns",
                            b->ncols);
    for (int i = 0; i < b->ncols; i++) {
        if (!b->cols[i][0])
            continue;
        if (kind[i] == 2) {
            warn_odd(st, &b->base, b->cols[i], line);
            continue;
        }
        int rc = fig(st, b->cols[i], v[i] * 1e-3, BDB_UNIT_SECONDS,
                     BDB_LOWER_IS_BETTER, line);
        if (rc)
            return rc;
    }
    if (!b->seen_completed || !b->seen_rps)
        return block_unfinished(st);
    return block_close(st); /* the table ends a >= 6.2 report */
}

/* One line inside a "====== T ======" block. */
static int block_line(rb_state *st, const char *p, const char *end, int line)
{
    rb_block *b = &st->blk;
    const char *q = p;
    double v;
    int rc;

    if (b->ncols >= 0)
        return block_lat_values(st, p, end, line);
    if (b->lat_header)
        return block_lat_header(st, p, end, line);

    if (bdb_scan_number(&q, end, &v, 0) &&
        bdb_scan_lit(&q, end, "requests completed in", 1)) {
        double t;
        if (!bdb_scan_number(&q, end, &t, 0) ||
            !bdb_scan_lit(&q, end, "seconds", 1) || !bdb_is_blank(q, end))
            return perr(st->diag, line,
                        "\"N requests completed in T seconds\"");
        b->seen_completed = 1;
        rc = fig(st, "complete_requests", v, BDB_UNIT_COUNT, BDB_NEUTRAL,
                 line);
        if (!rc)
            rc = fig(st, "time_taken", t, BDB_UNIT_SECONDS, BDB_NEUTRAL, line);
        return rc;
    }
    if (block_param(st, p, end, "parallel clients", "clients") ||
        block_param(st, p, end, "bytes payload", "payload_size"))
        return BDB_OK;
    q = p;
    if (bdb_scan_lit(&q, end, "keep alive:", 0)) {
        if (!bdb_scan_number(&q, end, &v, 0) || !bdb_is_blank(q, end))
            return perr(st->diag, line, "\"keep alive: 0|1\"");
        bdb_params_set(&b->base.params, "keepalive", "%.0f", v);
        return BDB_OK;
    }
    if (bdb_scan_lit(&q, end, "threads:", 0)) {
        if (!bdb_scan_number(&q, end, &v, 0) || !bdb_is_blank(q, end))
            return perr(st->diag, line, "\"threads: N\"");
        bdb_params_set(&b->base.params, "threads", "%.0f", v);
        return BDB_OK;
    }
    if (bdb_starts_with(p, end, "multi-thread:") ||
        bdb_starts_with(p, end, "host configuration ") ||
        bdb_starts_with(p, end, "cluster mode:") ||
        bdb_starts_with(p, end, "node [") || bdb_starts_with(p, end, "save:") ||
        bdb_starts_with(p, end, "appendonly:") ||
        bdb_starts_with(p, end, "WARNING"))
        return BDB_OK;
    if (bdb_starts_with(p, end, "Error from server:")) {
        bdb_sink_warn(st->out, line, "%.*s", (int)(end - p), p);
        return BDB_OK;
    }
    if (bdb_span_eq(p, end, "Latency by percentile distribution:") ||
        bdb_span_eq(p, end, "Cumulative distribution of latencies:") ||
        bdb_span_eq(p, end, "Summary:")) {
        b->hdr_form = 1;
        return BDB_OK;
    }
    int hdr;
    if (is_histogram_line(p, end, &hdr)) {
        if (hdr)
            b->hdr_form = 1;
        return BDB_OK;
    }
    q = p;
    if (bdb_scan_lit(&q, end, "throughput summary:", 0)) {
        b->hdr_form = 1;
        return block_rps(st, q, end, line);
    }
    if (bdb_span_eq(p, end, "latency summary (msec):")) {
        b->hdr_form = 1;
        b->lat_header = 1;
        return BDB_OK;
    }
    q = p;
    if (!b->hdr_form && rb_number(&q, end, &v) &&
        bdb_scan_lit(&q, end, "requests per second", 1)) {
        rc = block_rps(st, p, end, line);
        if (rc)
            return rc;
        if (!b->seen_completed)
            return block_unfinished(st);
        return block_close(st); /* the rate ends a < 6.2 report */
    }
    const char *tp, *te;
    if (is_block_header(p, end, &tp, &te))
        return block_unfinished(st);
    return bdb_diag_set(st->diag, BDB_EPARSE, line,
                        "redis-benchmark: unexpected text in the report of "
                        "'%s': \"%.60s\"",
                        b->base.benchmark, p);
}

/* ---------------------------------------------------------- line dispatch */

static int quiet_line(rb_state *st, const rb_quiet *qq, int line)
{
    bdb_sample base;
    bdb_sample_init(&base, NULL);
    bdb_sample_set_benchmark(&base, qq->tp, qq->te);
    int rc = settle(st, base.benchmark);
    if (rc)
        return rc;
    if (qq->rps_kind == 2)
        warn_odd(st, &base, "requests_per_sec", line);
    else
        rc = add(st, &base, "requests_per_sec", qq->rps, BDB_UNIT_OPS_PER_S,
                 BDB_HIGHER_IS_BETTER, line);
    if (!rc && qq->p50_kind == 2)
        warn_odd(st, &base, "latency_p50", line);
    else if (!rc && qq->p50_kind == 1)
        rc = add(st, &base, "latency_p50", qq->p50 * 1e-3, BDB_UNIT_SECONDS,
                 BDB_LOWER_IS_BETTER, line);
    return rc;
}

/* The final segment of a line, outside any block. */
static int outer_line(rb_state *st, const char *p, const char *end, int line)
{
    const char *tp, *te;
    if (is_block_header(p, end, &tp, &te))
        return block_open(st, tp, te, line);
    int rc = csv_line(st, p, end, line);
    if (rc)
        return rc < 0 ? rc : BDB_OK;
    const char *q = bdb_skip_ws(p, end);
    if (bdb_starts_with(q, end, "throughput summary:") ||
        bdb_starts_with(q, end, "latency summary (msec):"))
        return perr(st->diag, line,
                    "a \"====== TEST ======\" header before this summary "
                    "(truncated log?)");
    rb_quiet qq;
    if (parse_quiet(p, end, &qq))
        return quiet_line(st, &qq, line);
    if (is_progress(p, end, 0, &tp, &te))
        return set_pending(st, tp, te, line, NULL, NULL);
    if (bdb_starts_with(q, end, "Error from server:") ||
        bdb_starts_with(q, end, "All clients disconnected") ||
        bdb_starts_with(q, end, "Could not connect to Redis")) {
        bdb_sink_warn(st->out, line, "%.*s", (int)(end - q), q);
        return BDB_OK;
    }
    if (bdb_starts_with(p, end, "redis-benchmark ") ||
        bdb_starts_with(p, end, "valkey-benchmark ")) {
        /* `redis-benchmark --version`: "redis-benchmark 7.0.15" */
        const char *v = memchr(p, ' ', (size_t)(end - p)) + 1;
        const char *ve = memchr(v, ' ', (size_t)(end - v));
        if (v < end && is_digit(*v))
            bdb_sink_set_version(st->out, v, ve ? ve : end);
    }
    return BDB_OK; /* foreign text */
}

static int do_line(rb_state *st, const bdb_line *l)
{
    /* Split at \r: every segment but the last is overwritten terminal text. */
    const char *seg = l->p;
    const char *last = l->p;
    for (const char *c = l->p; c < l->end; c++)
        if (*c == '\r')
            last = c + 1;
    const char *ptp = NULL, *pte = NULL;
    while (seg < last) {
        const char *e = memchr(seg, '\r', (size_t)(last - seg));
        const char *tp, *te;
        if (is_progress(seg, e, 1, &tp, &te)) {
            ptp = tp;
            pte = te;
        }
        seg = e + 1;
    }
    const char *p = last, *end = l->end;
    bdb_trim(&p, &end);
    if (ptp) {
        /* progress on this line; the final text says whether it finished */
        int rc = set_pending(st, ptp, pte, l->no, p, end);
        if (rc)
            return rc;
    }
    if (p == end)
        return BDB_OK;
    if (st->blk.open)
        return block_line(st, p, end, l->no);
    return outer_line(st, p, end, l->no);
}

static int parse(const char *buf, size_t len, const bdb_parse_opts *opts,
                 bdb_sink *out, bdb_diag *diag)
{
    (void)opts;
    rb_state *st = calloc(1, sizeof *st);
    if (!st)
        return BDB_ENOMEM;
    st->out = out;
    st->diag = diag;
    bdb_lines it;
    bdb_line l;
    bdb_lines_init(&it, buf, len);
    int rc = BDB_OK;
    while (!rc && bdb_lines_next(&it, &l))
        rc = do_line(st, &l);
    if (!rc && st->blk.open)
        rc = block_unfinished(st);
    if (!rc && st->pending_line)
        rc = pending_error(st);
    if (!rc)
        rc = csv_close(st);
    free(st);
    return rc;
}

/* ---------------------------------------------------------------- sniff */

static int sniff(const char *buf, size_t len)
{
    bdb_lines it;
    bdb_line l;
    bdb_lines_init(&it, buf, len);
    int headers = 0, completed = 0, csv_header = 0, quiet = 0, quiet_p50 = 0;
    int summary = 0, old_rows = 0, nonblank = 0, progress = 0;
    while (bdb_lines_next(&it, &l)) {
        const char *p = l.p, *end = l.end;
        for (const char *c = l.p; c < l.end; c++)
            if (*c == '\r')
                p = c + 1;
        /* >= 6.2 progress, even alone (a run that stopped early) */
        const char *r = bdb_find(l.p, l.end, ": rps=");
        if (r && bdb_find(r, l.end, " avg_msec="))
            progress++;
        bdb_trim(&p, &end);
        if (p == end)
            continue;
        nonblank++;
        const char *tp, *te;
        rb_quiet qq;
        if (is_block_header(p, end, &tp, &te))
            headers++;
        else if (bdb_contains(p, end, " requests completed in "))
            completed++;
        else if (bdb_starts_with(p, end, "\"test\",\"rps\"") ||
                 bdb_starts_with(p, end, "test,rps,avg_latency_ms"))
            csv_header++;
        else if (bdb_starts_with(p, end, "throughput summary:") ||
                 bdb_span_eq(p, end, "latency summary (msec):"))
            summary++;
        else if (parse_quiet(p, end, &qq)) {
            quiet++;
            quiet_p50 += qq.p50_kind != 0;
        } else if (*p == '"') {
            rb_fields fs;
            double v;
            if (csv_split(p, end, &fs) == 0 && fs.n == 2 && fs.len[0] > 0 &&
                ((fs.f[0][0] >= 'A' && fs.f[0][0] <= 'Z') ||
                 (fs.f[0][0] >= 'a' && fs.f[0][0] <= 'z')) &&
                rb_whole_number(fs.f[1], fs.f[1] + fs.len[1], &v))
                old_rows++;
        }
    }
    if (headers && completed)
        return 100;
    if (csv_header)
        return 95;
    if (summary >= 2 || quiet_p50)
        return 90;
    if (quiet >= 2)
        return 85;
    if (quiet == 1 || progress || (old_rows && old_rows * 2 >= nonblank))
        return 80;
    return 0;
}

const bdb_parser bdb_parser_redis_benchmark = {"redis-benchmark", 1, sniff,
                                               parse};
