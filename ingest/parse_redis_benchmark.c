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
 *     `cluster mode: yes (N masters)` and `node [i] configuration` lines.
 *     Redis < 6.2 follows with a histogram, `99.96% <= 1 milliseconds`
 *     ("%.2f%% <= %d milliseconds"; 6.0's --precision prints decimals),
 *     and `82169.27 requests per second`. Redis >= 6.2 prints the
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
 *     which 7.x prints before it exits) is warned about at that line; its
 *     updates are still its trace (keeps_cut_runs: a log of a run stopped
 *     or copied mid-way does not fail), unless the tool's own error ended
 *     it and nothing else was read. < 6.2's updates on lines of their own
 *     count as progress from the second of one test in a row (or after a
 *     redis-benchmark command): one "Label: 12.34" line alone is text.
 *
 * Units, from redis-benchmark.c (showLatencyReport()):
 *  - requests per second is requests_finished / (totlatency ms / 1000), a
 *    float printed with %.2f: stored as op/s (requests_per_sec). A run
 *    shorter than the 1 ms clock prints "inf", and an empty histogram "-nan":
 *    such a figure is skipped with a warning, never turned into a number.
 *  - "requests completed in %.2f seconds" is totlatency / 1000: time_taken in
 *    seconds (neutral); the count is complete_requests (neutral). It is not a
 *    parameter: --csv and -q do not print it, and the same test read from a
 *    CSV and from a report should stay one series (so -n is not one either).
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
 * when "multi-thread: yes"), cluster (1 with "cluster mode: yes").
 *
 * A command line before the output (a prompt, `echo`, set -x; see
 * cmdline.h) gives the settings nothing prints: redis-benchmark walks its
 * arguments with strcmp, one word per option and one for its value (no
 * getopt: `-c10` is refused), and the first word that is not an option
 * starts a custom command (parseOptions() in redis-benchmark.c, 2.4 to 7.x).
 * -c clients, -d payload_size (clamped to 1 .. 1 GiB as the tool does), -k
 * keepalive, -P pipeline (<= 0 is 1), --threads threads (above 0), -r
 * keyspace (random keys in 0 .. N-1), -s unix_socket=1, --cluster cluster=1,
 * --tls tls=1, -3 resp=3, --enable-tracking tracking=1. With --cluster,
 * 6.0+ prints "Cluster has N master nodes:" and runs one thread per master
 * unless --threads says otherwise (main()): quiet and CSV lines after it get
 * cluster=1 and threads=N, as the report prints them. -n, -t, -q, --csv,
 * -e, -l, --precision, --seed, -h, -p, -a, --user, -u, --dbnum name the run
 * or its output, not what is measured. They apply to every test printed
 * until the next command; where the report prints the same setting, the
 * printed one is kept and a disagreement warned about. Without a command
 * (or a user's --param / a path pattern) --csv and -q output has no
 * clients or pipeline: the parser never invents a default.
 *
 * Every line that is not understood is a warning at its line and the rest
 * is read: redis-benchmark's own messages ("Could not connect to Redis at
 * ...", "Error: Server closed the connection", "Error from server: ...",
 * "All clients disconnected... aborting.", "WARNING: ...", "ERROR: ...",
 * "FATAL: ...", "Invalid option ..."), text inside a report that is not
 * its, odd CSV rows, unknown CSV or summary columns, inf/nan figures, a
 * report or a test cut short (its complete figures are kept). */
#include "ingest.h"
#include "cmdline.h"
#include "redis_progress.h"
#include "../common/bdb_scan.h"

#include <csv.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define RB_MAX_COLS 16
#define RB_FIELD_MAX 256
#define RB_MAX_FIGS 32

/* The fixed column order of the >= 6.2 CSV (redis-benchmark.c main()). */
static const char *const RB_CSV_COLS[] = {
    "test", "rps", "avg_latency_ms", "min_latency_ms", "p50_latency_ms",
    "p95_latency_ms", "p99_latency_ms", "max_latency_ms"};
#define RB_CSV_NCOLS 8

/* The settings both a command line and the text report can hold. */
static const char *const RB_PRINTED[] = {"clients", "payload_size",
                                         "keepalive", "threads", "cluster"};
#define RB_NPRINTED 5

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
    int over_figs;
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

/* The command line the output that follows belongs to. */
typedef struct rb_cmd {
    int line;               /* 0: none */
    bdb_params params;
    int figures;            /* figures read since it */
    int no_run;             /* --version, --help, -I: prints no figures */
    unsigned warned;        /* RB_PRINTED disagreements already warned */
    char test[32];          /* -t's one test, upper case ("SET"); "" */
} rb_cmd;

typedef struct rb_state {
    rb_block blk;
    rb_csv csv;
    rb_cmd cmd;
    /* "Cluster has N master nodes:" (6.0+, --cluster): cluster=1 and, with
     * no --threads, threads=N (main() gives one thread per master) for the
     * quiet and CSV lines that follow, which print neither; a report
     * prints both itself */
    int cluster_nodes, cluster_line;
    int usage;              /* inside the usage text (its examples hold
                               "$ redis-benchmark ..." lines) */
    int pending_line;       /* line of unfinished progress, 0: none */
    char pending_title[BDB_BENCHMARK_MAX];
    char pending_last[120]; /* what the pending line ends with */
    int pending_error;      /* the tool reported an error after it */
    int seen_redis;         /* anything of redis-benchmark's at all */
    /* the last line of text outside a report: the title a report printed
     * without its "====== T ======" line may stand on it ("Set") */
    char prev_text[BDB_BENCHMARK_MAX];
    int prev_line;
    char heading[BDB_BENCHMARK_MAX]; /* the last "#"-heading's text */
    rb_progress prog;       /* the pending test's progress updates */
    bdb_sink *out;
    bdb_diag *diag;
} rb_state;

/* Records a warning. Only running out of memory stops the parse: a sink
 * full of warnings (its limit) keeps the figures. */
static int rb_warn(rb_state *st, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int rb_warn(rb_state *st, int line, const char *fmt, ...)
{
    char text[sizeof ((bdb_note *)0)->text];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    int rc = bdb_sink_warn(st->out, line, "%s", text);
    return rc == BDB_ENOMEM ? rc : BDB_OK;
}

/* At most 80 bytes of [p, end), for messages: never past end. */
#define RB_SPAN(p, end) (int)((end) - (p) > 80 ? 80 : (end) - (p)), (p)

/* --------------------------------------------------------------- helpers */

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

/* Copies a title into base. One longer than a benchmark name holds (a
 * custom command with a long argument: "====== lpush mylist \"...463
 * bytes...\" ======") is shortened to its start and a hash of the whole
 * title (bdb_name_fit), so that its figures are kept and two long titles
 * stay two names; a warning says so. */
static int set_title(rb_state *st, bdb_sample *base, const char *tp,
                     const char *te, int line)
{
    char name[BDB_BENCHMARK_MAX];
    if (!bdb_name_fit(name, sizeof name, tp, te)) {
        bdb_sample_set_benchmark(base, tp, te);
        return BDB_OK;
    }
    bdb_sample_set_benchmark_text(base, name);
    return rb_warn(st, line,
                   "the test title (%d bytes) is longer than a benchmark "
                   "name: shortened to its start and a hash of the whole",
                   (int)(te - tp));
}

/* A fresh base sample for a test: the command line's settings first. */
static int new_base(rb_state *st, bdb_sample *base, const char *tp,
                    const char *te, int line)
{
    bdb_sample_init(base, NULL);
    base->params = st->cmd.params;
    return set_title(st, base, tp, te, line);
}

/* The base of a quiet or CSV line: the cluster's settings too. */
static int new_line_base(rb_state *st, bdb_sample *base, const char *tp,
                         const char *te, int line)
{
    int rc = new_base(st, base, tp, te, line);
    if (rc || !st->cluster_nodes)
        return rc;
    int full = bdb_params_set(&base->params, "cluster", "1") != BDB_OK;
    if (!bdb_params_get(&st->cmd.params, "threads"))
        full |= bdb_params_set(&base->params, "threads", "%d",
                               st->cluster_nodes) != BDB_OK;
    if (full)
        return rb_warn(st, line,
                       "the cluster's parameters are not all kept: at most %d "
                       "parameters",
                       BDB_MAX_PARAMS);
    return BDB_OK;
}

static int add(rb_state *st, const bdb_sample *base, const char *metric,
               double v, const char *unit, bdb_better better, int line)
{
    st->cmd.figures++;
    return bdb_sink_add(st->out, base, metric, v, unit, better, line);
}

/* Keeps a figure of the open report. */
static int fig(rb_state *st, const char *metric, double v, const char *unit,
               bdb_better better, int line)
{
    rb_block *b = &st->blk;
    if (b->nfig >= RB_MAX_FIGS) {
        if (b->over_figs++)
            return BDB_OK;
        return rb_warn(st, line,
                       "more than %d figures in the report of '%s': %s and "
                       "the rest are not kept",
                       RB_MAX_FIGS, b->base.benchmark, metric);
    }
    rb_fig *f = &b->figs[b->nfig++];
    bdb_strlcpy(f->metric, sizeof f->metric, metric);
    f->value = v;
    f->unit = unit;
    f->better = better;
    f->line = line;
    return BDB_OK;
}

/* The report ends: emits its figures with its parameters. */
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
    return bdb_rb_progress_emit(&st->prog, st->out, &b->base);
}

/* A report that stops before its results: what it read is kept. */
static int block_cut(rb_state *st)
{
    rb_block *b = &st->blk;
    const char *what =
        !b->seen_completed ? "\"N requests completed in T seconds\""
        : !b->seen_rps     ? "\"N requests per second\""
                           : "the \"latency summary (msec)\" values";
    int rc = rb_warn(st, b->line,
                     "the report of '%s' stops before its results (a cut "
                     "capture or an aborted run): expected %s; %s",
                     b->base.benchmark, what,
                     b->nfig ? "its other figures are kept"
                             : "it has no figure");
    return rc ? rc : block_close(st);
}

/* A figure printed as inf/nan: kept out, with a warning. */
static int warn_odd(rb_state *st, const bdb_sample *base, const char *metric,
                    int line)
{
    return rb_warn(st, line,
                   "%s: %s printed as inf/nan (a run shorter than "
                   "redis-benchmark's 1 ms clock, or no reply): not stored",
                   base->benchmark, metric);
}

/* What progress updates left unread (rb_left), warned at their line. */
static int left_warn(rb_state *st, const rb_left *lf, int line)
{
    int rc = BDB_OK;
    if (lf->cut) {
        const char *p = lf->cut_p, *e = lf->cut_e;
        bdb_trim(&p, &e);
        if (e - p > 40)
            p = e - 40;
        rc = rb_warn(st, line,
                     "%d progress update(s) cut short (by the terminal's "
                     "width, the capture's end or an update glued on; the "
                     "last ends \"%.*s\"): the values printed whole before "
                     "the cut are read, the rest is not there",
                     lf->cut, RB_SPAN(p, e));
    }
    if (!rc && lf->res_p)
        rc = rb_warn(st, line,
                     "\"%.*s\" after a progress update: the end of a longer "
                     "update the terminal wrote over without clearing it, "
                     "not read",
                     RB_SPAN(lf->res_p, lf->res_e));
    return rc;
}

/* The test with pending progress never printed its result. */
static int pending_warn(rb_state *st)
{
    int line = st->pending_line;
    st->pending_line = 0;
    /* a test the tool itself stopped with an error ("Error from server:
     * ERR max number of clients reached" after "rps=0.0 (overall: -nan)")
     * failed: its progress is no run of its own, and a capture of that
     * alone fails with the tool's message; beside other tests' figures
     * its progress stays their file's trace as before */
    int failed = st->pending_error && st->out->n == 0;
    st->pending_error = 0;
    if (st->prog.n && !failed) {
        /* what it printed of its progress is still its trace: a run cut
         * before its result (keeps_cut_runs) */
        bdb_sample base;
        const char *t = st->pending_title;
        int rc = new_line_base(st, &base, t, t + strlen(t), line);
        if (!rc)
            rc = bdb_rb_progress_emit(&st->prog, st->out, &base);
        bdb_rb_progress_clear(&st->prog);
        if (rc)
            return rc;
    }
    bdb_rb_progress_clear(&st->prog);
    if (st->pending_last[0])
        return rb_warn(st, line,
                       "the test '%s' did not finish (its progress line ends "
                       "with \"%s\"; a cut capture or an aborted run): no "
                       "figure for it",
                       st->pending_title, st->pending_last);
    return rb_warn(st, line,
                   "the test '%s' did not finish (only its progress was "
                   "printed; a cut capture or an aborted run): no figure for "
                   "it",
                   st->pending_title);
}

/* Marks unfinished progress of title seen at line; progress of another test
 * that is still pending means that test never finished. */
static int set_pending(rb_state *st, const char *tp, const char *te,
                       int line, const char *lp, const char *le)
{
    char title[BDB_BENCHMARK_MAX];
    bdb_copy(title, sizeof title, tp, te);
    st->seen_redis = 1;
    if (st->pending_line && strcmp(st->pending_title, title) != 0) {
        int rc = pending_warn(st);
        if (rc)
            return rc;
    }
    if (!st->pending_line)
        st->pending_error = 0;
    st->pending_line = line;
    bdb_strlcpy(st->pending_title, sizeof st->pending_title, title);
    if (lp)
        bdb_copy(st->pending_last, sizeof st->pending_last, lp, le);
    else
        st->pending_last[0] = '\0';
    return BDB_OK;
}

/* A result for title arrived: it settles that test's progress; progress of
 * another test means that test never finished. */
static int settle(rb_state *st, const char *title)
{
    st->seen_redis = 1;
    if (!st->pending_line)
        return BDB_OK;
    if (strcmp(st->pending_title, title) != 0)
        return pending_warn(st);
    st->pending_line = 0;
    st->pending_error = 0;
    return BDB_OK;
}

/* A setting the report prints: kept, and checked against the command's. */
static int printed_param(rb_state *st, int line, const char *key,
                         const char *value)
{
    rb_block *b = &st->blk;
    const char *cmd = bdb_params_get(&st->cmd.params, key);
    if (cmd && strcmp(cmd, value) != 0) {
        for (int i = 0; i < RB_NPRINTED; i++) {
            if (strcmp(RB_PRINTED[i], key) != 0 || (st->cmd.warned & (1u << i)))
                continue;
            st->cmd.warned |= 1u << i;
            int rc = rb_warn(st, line,
                             "the redis-benchmark command on line %d gives "
                             "%s=%s but the report prints %s; the printed "
                             "value is kept",
                             st->cmd.line, key, cmd, value);
            if (rc)
                return rc;
        }
    }
    if (bdb_params_set(&b->base.params, key, "%s", value) != BDB_OK)
        return rb_warn(st, line,
                       "parameter %s=%s not kept: a test has at most %d "
                       "parameters",
                       key, value, BDB_MAX_PARAMS);
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
    const char *note, *note_end; /* a writer's note after it (NULL: none) */
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
    if (bdb_scan_lit(&s, end, ", p50=", 0)) {
        q->p50_kind = rb_number(&s, end, &q->p50);
        if (!q->p50_kind || !bdb_scan_lit(&s, end, "msec", 1))
            return 0;
    }
    /* the line ends here, or a writer's note follows ("-> ...") */
    if (!bdb_is_trailer(s, end))
        return 0;
    if (!bdb_is_blank(s, end))
        q->note = s, q->note_end = end;
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
    if (len > 128)
        csv_set_blk_size(&cp, len); /* one realloc, not one per 128 bytes */
    size_t used = csv_parse(&cp, p, len, csv_field_cb, csv_record_cb, fs);
    int bad = used != len;
    if (!bad && csv_fini(&cp, csv_field_cb, csv_record_cb, fs) != 0)
        bad = 1;
    csv_free(&cp);
    return bad || fs->overflow ? 1 : 0;
}

/* Ends a CSV section: a header without rows is a cut or failed run. */
static int csv_close(rb_state *st)
{
    int rc = BDB_OK;
    if (st->csv.active && st->csv.rows_since_header == 0)
        rc = rb_warn(st, st->csv.header_line,
                     "a redis-benchmark CSV header without rows (a cut "
                     "capture or a failed run?)");
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
    c->quoted = quoted;
    c->header_line = line;
    c->ncols = fs->n;
    c->title_col = -1;
    st->seen_redis = 1;
    for (int i = 0; i < fs->n && !rc; i++) {
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
            rc = rb_warn(st, line,
                         "redis-benchmark CSV: column '%s' is not known; its "
                         "values are not stored",
                         fs->f[i]);
        }
    }
    if (!rc && c->title_col < 0)
        return rb_warn(st, line,
                       "redis-benchmark CSV: expected a \"test\" column in the "
                       "header; its rows are not read");
    c->active = 1;
    return rc;
}

static int csv_row(rb_state *st, const rb_fields *fs, int line)
{
    const rb_csv *c = &st->csv;
    int title_col = 0;
    char cols[RB_MAX_COLS][BDB_METRIC_MAX];
    if (c->active) {
        title_col = c->title_col;
        memcpy(cols, c->cols, sizeof cols);
    } else {
        /* no header: redis-benchmark's own fixed orders */
        memset(cols, 0, sizeof cols);
        for (int i = 1; i < fs->n && i < RB_CSV_NCOLS; i++) {
            const char *n = RB_CSV_COLS[i], *e = n + strlen(n);
            if (i == 1)
                snprintf(cols[i], sizeof cols[i], "requests_per_sec");
            else
                latency_metric(n, e - 11, cols[i], sizeof cols[i]);
        }
    }
    const char *tp = fs->f[title_col], *te = tp + fs->len[title_col];
    bdb_trim(&tp, &te);
    if (tp == te)
        return rb_warn(st, line,
                       "redis-benchmark CSV: expected a test name in field %d; "
                       "row not read",
                       title_col + 1);
    bdb_sample base;
    int rc = new_line_base(st, &base, tp, te, line);
    if (!rc)
        rc = settle(st, base.benchmark);
    for (int i = 0; !rc && i < fs->n; i++) {
        if (i == title_col || !cols[i][0])
            continue;
        double v = 0;
        int k = rb_whole_number(fs->f[i], fs->f[i] + fs->len[i], &v);
        if (!k) {
            rc = rb_warn(st, line,
                         "redis-benchmark CSV: expected a number in field %d, "
                         "got \"%s\"; %s not stored",
                         i + 1, fs->f[i], cols[i]);
            continue;
        }
        if (k == 2) {
            rc = warn_odd(st, &base, cols[i], line);
            continue;
        }
        int rps = strcmp(cols[i], "requests_per_sec") == 0;
        rc = add(st, &base, cols[i], rps ? v : v * 1e-3,
                 rps ? BDB_UNIT_OPS_PER_S : BDB_UNIT_SECONDS,
                 rps ? BDB_HIGHER_IS_BETTER : BDB_LOWER_IS_BETTER, line);
    }
    st->csv.rows++;
    st->csv.rows_since_header++;
    return rc;
}

/* A line outside a text block that may be CSV. Returns 1 if it was taken,
 * 0 if it is not CSV (the caller goes on), or a negative code. */
static int csv_line(rb_state *st, const char *p, const char *end, int line)
{
    /* a header glued behind other text (a prompt, a quoted program's
     * string opener: `example_output = """"test","rps",...`) starts at
     * its first field */
    const char *glued = bdb_find(p, end, "\"test\",\"rps\",");
    if (glued && glued > p)
        p = glued;
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
    if (fs.overflow && (st->csv.active || st->csv.rows)) {
        rc = rb_warn(st, line,
                     "redis-benchmark CSV: a row of more than %d fields or a "
                     "field longer than %d bytes (the parser's limits); not "
                     "read: \"%.*s\"",
                     RB_MAX_COLS, RB_FIELD_MAX - 1, RB_SPAN(p, end));
        return rc ? rc : 1;
    }
    if (rc != 0 || (expected && fs.n != expected) ||
        (!expected && fs.n != 2 && fs.n != RB_CSV_NCOLS)) {
        if (!st->csv.active && st->csv.rows == 0)
            return 0; /* a quoted line that is not redis-benchmark's */
        if (expected)
            rc = rb_warn(st, line,
                         "redis-benchmark CSV: expected a row of %d fields as "
                         "in the header on line %d (a cut row?); not read: "
                         "\"%.*s\"",
                         expected, st->csv.header_line, RB_SPAN(p, end));
        else
            rc = rb_warn(st, line,
                         "redis-benchmark CSV: expected a row "
                         "\"TEST\",\"requests per second\" (a cut row?); not "
                         "read: \"%.*s\"",
                         RB_SPAN(p, end));
        return rc ? rc : 1;
    }
    double v;
    if (!expected && st->csv.rows == 0 &&
        !rb_whole_number(fs.f[1], fs.f[1] + fs.len[1], &v))
        return 0; /* "redis-benchmark", "-q", of a JSON array: no rate */
    rc = csv_row(st, &fs, line);
    return rc ? rc : 1;
}

/* --------------------------------------------------------- command line */

static const char *const rb_tools[] = {"redis-benchmark", "valkey-benchmark",
                                       NULL};

/* An integer option value, whole ("50", not "50x" or "$C"). */
static int opt_int(const char *s, long long *v)
{
    const char *p = s, *end = s + strlen(s);
    return bdb_scan_int(&p, end, v) && p == end;
}

/* Options that take a value, as parseOptions() lists them (7.x; older
 * versions know a subset). */
static int takes_value(const char *o)
{
    static const char *const with[] = {
        "-c", "-n", "-k", "-h", "-p", "-s", "-a", "--user", "-u", "-d",
        "-P", "-r", "--seed", "-t", "--dbnum", "--precision", "--threads",
        "--sni", "--cacertdir", "--cacert", "--cert", "--key",
        "--tls-ciphers", "--tls-ciphersuites", NULL};
    for (const char *const *w = with; *w; w++)
        if (strcmp(o, *w) == 0)
            return 1;
    return 0;
}

/* A redis-benchmark command line: its settings become the parameters of
 * what follows. */
static int command_line(rb_state *st, const bdb_cmdline *cl, int line)
{
    int rc = BDB_OK;
    if (st->cmd.line && !st->cmd.figures && !st->cmd.no_run)
        rc = rb_warn(st, st->cmd.line,
                     "this redis-benchmark command printed no results (it "
                     "failed, or the capture stops)");
    if (rc)
        return rc;
    memset(&st->cmd, 0, sizeof st->cmd);
    st->cmd.line = line;
    st->cluster_nodes = 0;
    st->seen_redis = 1;
    bdb_params *ps = &st->cmd.params;
    char bad[96] = "";
    int full = 0;
    for (int i = 1; i < cl->argc; i++) {
        const char *o = cl->argv[i];
        if (o[0] != '-')
            break; /* a custom command starts here */
        const char *v = NULL;
        if (takes_value(o)) {
            if (i + 1 >= cl->argc)
                break;
            v = cl->argv[++i];
        }
        long long n = 0;
        const char *key = NULL;
        char val[64] = "";
        if (strcmp(o, "-t") == 0) {
            /* one test named: the name a report cut above its header
             * had; "ping" runs two (PING_INLINE, PING_MBULK) */
            size_t k = 0, vl = strlen(v);
            st->cmd.test[0] = '\0';
            if (vl < sizeof st->cmd.test && !strchr(v, ',') &&
                strcasecmp(v, "ping") != 0) {
                for (; k < vl && ((v[k] >= 'a' && v[k] <= 'z') ||
                                  (v[k] >= 'A' && v[k] <= 'Z') ||
                                  v[k] == '_');
                     k++)
                    st->cmd.test[k] = (char)(v[k] >= 'a' && v[k] <= 'z'
                                                 ? v[k] - 'a' + 'A'
                                                 : v[k]);
                st->cmd.test[k == vl ? k : 0] = '\0';
            }
            continue;
        }
        if (strcmp(o, "-c") == 0 || strcmp(o, "-k") == 0 ||
            strcmp(o, "-d") == 0 || strcmp(o, "-P") == 0 ||
            strcmp(o, "--threads") == 0 || strcmp(o, "-r") == 0) {
            if (!opt_int(v, &n)) {
                if (!bad[0])
                    snprintf(bad, sizeof bad, "%s %s", o, v);
                continue;
            }
            if (strcmp(o, "-c") == 0) {
                key = "clients";
            } else if (strcmp(o, "-k") == 0) {
                key = "keepalive";
            } else if (strcmp(o, "-d") == 0) {
                key = "payload_size";
                n = n < 1 ? 1 : n > 1073741824LL ? 1073741824LL : n;
            } else if (strcmp(o, "-P") == 0) {
                key = "pipeline";
                n = n <= 0 ? 1 : n;
            } else if (strcmp(o, "--threads") == 0) {
                n = n > 500 ? 500 : n; /* MAX_THREADS */
                if (n <= 0) {
                    bdb_params_del(ps, "threads");
                    continue;
                }
                key = "threads";
            } else {
                key = "keyspace";
                n = n < 0 ? 0 : n;
            }
            snprintf(val, sizeof val, "%lld", n);
        } else if (strcmp(o, "-s") == 0) {
            key = "unix_socket";
            snprintf(val, sizeof val, "1");
        } else if (strcmp(o, "--cluster") == 0) {
            key = "cluster";
            snprintf(val, sizeof val, "1");
        } else if (strcmp(o, "--tls") == 0) {
            key = "tls";
            snprintf(val, sizeof val, "1");
        } else if (strcmp(o, "-3") == 0) {
            key = "resp";
            snprintf(val, sizeof val, "3");
        } else if (strcmp(o, "--enable-tracking") == 0) {
            key = "tracking";
            snprintf(val, sizeof val, "1");
        } else if (strcmp(o, "-v") == 0 || strcmp(o, "--version") == 0 ||
                   strcmp(o, "--help") == 0 || strcmp(o, "-I") == 0) {
            st->cmd.no_run = 1;
        }
        if (key && bdb_params_set(ps, key, "%s", val) != BDB_OK)
            full = 1;
    }
    if (bad[0])
        rc = rb_warn(st, line,
                     "redis-benchmark option \"%s\" not understood (expected "
                     "a whole number): not a parameter",
                     bad);
    if (!rc && full)
        rc = rb_warn(st, line,
                     "some redis-benchmark options are not kept: at most %d "
                     "parameters",
                     BDB_MAX_PARAMS);
    return rc;
}

/* ------------------------------------------------------------ text blocks */

static int block_open(rb_state *st, const char *tp, const char *te, int line)
{
    rb_block *b = &st->blk;
    int rc = csv_close(st); /* a report ends any CSV section */
    if (rc)
        return rc;
    memset(b, 0, sizeof *b);
    b->open = 1;
    b->line = line;
    b->ncols = -1;
    rc = new_base(st, &b->base, tp, te, line);
    return rc ? rc : settle(st, b->base.benchmark);
}

/* 1 when [q, end), the rest of a report line after its figures, is
 * blank or a note its writer put after them (bdb_is_trailer: "->
 * RPS도 증가", "<-- ...", "(...)", "# ..."); redis-benchmark ends the
 * line there. A note holding a number is a warning at the line (*rc).
 * 0 when more of the line is the tool's text. */
static int rest_is_note(rb_state *st, const char *q, const char *end,
                        int line, int *rc)
{
    if (!bdb_is_trailer(q, end))
        return 0;
    q = bdb_skip_blank(q, end);
    if (bdb_first_digit(q, end))
        *rc = rb_warn(st, line,
                      "numbers in the note after the figures not read: "
                      "\"%.*s\"", RB_SPAN(q, end));
    return 1;
}

/* Reads "N <lit>" into the parameter key; 0 if the line is not that. */
static int block_param(rb_state *st, const char *p, const char *end,
                       const char *lit, const char *key, int line, int *rc)
{
    const char *q = p;
    double v;
    if (!bdb_scan_number(&q, end, &v, 0) || !bdb_scan_lit(&q, end, lit, 1) ||
        !bdb_is_trailer(q, end))
        return 0;
    char val[64];
    snprintf(val, sizeof val, "%.0f", v);
    *rc = printed_param(st, line, key, val);
    if (!*rc)
        (void)rest_is_note(st, q, end, line, rc);
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
    const char *p = q;
    double v = 0;
    int k = rb_number(&q, end, &v);
    int rc = BDB_OK;
    if (!k || !bdb_scan_lit(&q, end, "requests per second", 1) ||
        !rest_is_note(st, q, end, line, &rc))
        return rb_warn(st, line,
                       "expected \"N requests per second\" in the report of "
                       "'%s'; not read: \"%.*s\"",
                       b->base.benchmark, RB_SPAN(p, end));
    b->seen_rps = 1;
    if (rc)
        return rc;
    if (k == 2)
        return warn_odd(st, &b->base, "requests_per_sec", line);
    return fig(st, "requests_per_sec", v, BDB_UNIT_OPS_PER_S,
               BDB_HIGHER_IS_BETTER, line);
}

static int block_lat_header(rb_state *st, const char *p, const char *end,
                            int line)
{
    rb_block *b = &st->blk;
    int n = 0, rc = BDB_OK;
    const char *q = p;
    const char *w;
    size_t wl;
    b->lat_header = 0;
    while (!rc && (wl = bdb_scan_word(&q, end, &w)) > 0) {
        if (n >= RB_MAX_COLS) {
            rc = rb_warn(st, line,
                         "more than %d latency summary columns: the table is "
                         "not read",
                         RB_MAX_COLS);
            return rc ? rc : block_close(st);
        }
        if (!latency_metric(w, w + wl, b->cols[n], sizeof b->cols[n])) {
            b->cols[n][0] = '\0';
            rc = rb_warn(st, line,
                         "latency summary column '%.*s' is not known; its "
                         "values are not stored",
                         (int)(wl > 40 ? 40 : wl), w);
        }
        n++;
    }
    if (!rc && n == 0)
        return rb_warn(st, line, "expected the latency summary column names");
    b->ncols = n;
    return rc;
}

static int block_lat_values(rb_state *st, const char *p, const char *end,
                            int line)
{
    rb_block *b = &st->blk;
    double v[RB_MAX_COLS];
    int kind[RB_MAX_COLS];
    const char *q = p;
    int ok = 1, rc = BDB_OK;
    for (int i = 0; ok && i < b->ncols; i++) {
        kind[i] = rb_number(&q, end, &v[i]);
        ok = kind[i] != 0;
    }
    if (!ok || !bdb_is_blank(q, end)) {
        /* which value is which cannot be told: none is kept */
        rc = rb_warn(st, line,
                     "expected %d latency values under the summary header of "
                     "'%s'; not read: \"%.*s\"",
                     b->ncols, b->base.benchmark, RB_SPAN(p, end));
    } else {
        for (int i = 0; !rc && i < b->ncols; i++) {
            if (!b->cols[i][0])
                continue;
            if (kind[i] == 2)
                rc = warn_odd(st, &b->base, b->cols[i], line);
            else
                rc = fig(st, b->cols[i], v[i] * 1e-3, BDB_UNIT_SECONDS,
                         BDB_LOWER_IS_BETTER, line);
        }
    }
    if (rc)
        return rc;
    if (!b->seen_completed || !b->seen_rps)
        return block_cut(st);
    return block_close(st); /* the table ends a >= 6.2 report */
}

/* redis-benchmark's own messages (stderr and stdout, 2.x to 7.x): each is
 * a warning at its line. */
static int is_message(const char *p, const char *end)
{
    static const char *const starts[] = {
        "Could not connect to Redis", "Could not negotiate a TLS connection",
        "Error: ", "Error from server", "Error writing to the server",
        "Writing to socket:", "Unexpected error reply", "All clients disconnected",
        "ERROR: ", "FATAL: ", "WARNING: ", "Invalid option ",
        "Invalid server port", "Invalid cluster", "Invalid CLUSTER NODES",
        "Invalid quoted string", "CLUSTER SLOTS ERROR", "Failed to fetch cluster",
        "REDIS CONNECTION ERROR", "=== ASSERTION FAILED ===", "Usage: redis-benchmark",
        "Usage: valkey-benchmark", NULL};
    /* the first byte first: this runs on every line of every file that
     * detection looks at */
    for (const char *const *s = starts; *s && p < end; s++)
        if (**s == *p && bdb_starts_with(p, end, *s))
            return 1;
    if ((bdb_starts_with(p, end, "Node ") ||
         bdb_starts_with(p, end, "Cluster node ")) &&
        bdb_contains(p, end, "replied with error"))
        return 1;
    return 0;
}

static int message_line(rb_state *st, const char *p, const char *end, int line)
{
    if (bdb_starts_with(p, end, "Usage: redis-benchmark") ||
        bdb_starts_with(p, end, "Usage: valkey-benchmark")) {
        st->usage = 1;
        st->cmd.no_run = 1; /* the warning before it said why */
        return BDB_OK;
    }
    /* advice about the host's TCP settings with -k 0, 7.x saying that -e
     * is the default now, and a server that refuses CONFIG GET (managed
     * services do; only the "host configuration" lines are missing then):
     * not about the figures */
    if (bdb_starts_with(p, end, "WARNING: keepalive disabled") ||
        bdb_starts_with(p, end, "WARNING: Keepalive disabled") ||
        bdb_starts_with(p, end, "WARNING: -e option has no effect") ||
        bdb_starts_with(p, end, "WARNING: Could not fetch server CONFIG") ||
        bdb_starts_with(p, end, "WARNING: Could not fetch node CONFIG"))
        return BDB_OK;
    st->seen_redis = 1;
    if (!bdb_starts_with(p, end, "WARNING") && st->pending_line)
        st->pending_error = 1;
    return rb_warn(st, line, "%s: \"%.*s\"",
                   bdb_starts_with(p, end, "WARNING") ? "the tool warned"
                                                      : "the tool reported an "
                                                        "error",
                   (int)(end - p > 200 ? 200 : end - p), p);
}

/* One line inside a "====== T ======" block. */
static int block_line(rb_state *st, const char *p, const char *end, int line)
{
    rb_block *b = &st->blk;
    const char *q = p;
    double v;
    int rc = BDB_OK;

    if (b->ncols >= 0)
        return block_lat_values(st, p, end, line);
    if (b->lat_header)
        return block_lat_header(st, p, end, line);

    if (bdb_scan_number(&q, end, &v, 0) &&
        bdb_scan_lit(&q, end, "requests completed in", 1)) {
        double t;
        if (!bdb_scan_number(&q, end, &t, 0) ||
            !bdb_scan_lit(&q, end, "seconds", 1) ||
            !rest_is_note(st, q, end, line, &rc))
            return rb_warn(st, line,
                           "expected \"N requests completed in T seconds\" in "
                           "the report of '%s'; not read: \"%.*s\"",
                           b->base.benchmark, RB_SPAN(p, end));
        b->seen_completed = 1;
        if (!rc)
            rc = fig(st, "complete_requests", v, BDB_UNIT_COUNT, BDB_NEUTRAL,
                     line);
        if (!rc)
            rc = fig(st, "time_taken", t, BDB_UNIT_SECONDS, BDB_NEUTRAL, line);
        return rc;
    }
    if (block_param(st, p, end, "parallel clients", "clients", line, &rc) ||
        block_param(st, p, end, "bytes payload", "payload_size", line, &rc))
        return rc;
    q = p;
    if (bdb_scan_lit(&q, end, "keep alive:", 0)) {
        if (!bdb_scan_number(&q, end, &v, 0) ||
            !rest_is_note(st, q, end, line, &rc))
            return rb_warn(st, line, "expected \"keep alive: 0|1\"; not read");
        if (rc)
            return rc;
        char val[32];
        snprintf(val, sizeof val, "%.0f", v);
        return printed_param(st, line, "keepalive", val);
    }
    if (bdb_scan_lit(&q, end, "threads:", 0)) {
        if (!bdb_scan_number(&q, end, &v, 0) ||
            !rest_is_note(st, q, end, line, &rc))
            return rb_warn(st, line, "expected \"threads: N\"; not read");
        if (rc)
            return rc;
        char val[32];
        snprintf(val, sizeof val, "%.0f", v);
        return printed_param(st, line, "threads", val);
    }
    if (bdb_starts_with(p, end, "multi-thread: no")) {
        /* a command's --threads N does not hold for this report */
        if (bdb_params_get(&b->base.params, "threads")) {
            bdb_params_del(&b->base.params, "threads");
            if (!(st->cmd.warned & (1u << 3))) {
                st->cmd.warned |= 1u << 3;
                return rb_warn(st, line,
                               "the redis-benchmark command on line %d gives "
                               "--threads but the report prints "
                               "\"multi-thread: no\"; the printed value is "
                               "kept",
                               st->cmd.line);
            }
        }
        return BDB_OK;
    }
    if (bdb_starts_with(p, end, "cluster mode: yes"))
        return printed_param(st, line, "cluster", "1");
    if (bdb_starts_with(p, end, "multi-thread:") ||
        bdb_starts_with(p, end, "host configuration ") ||
        bdb_starts_with(p, end, "cluster mode:") ||
        bdb_starts_with(p, end, "node [") || bdb_starts_with(p, end, "save:") ||
        bdb_starts_with(p, end, "appendonly:"))
        return BDB_OK;
    if (is_message(p, end))
        return message_line(st, p, end, line);
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
            return block_cut(st);
        return block_close(st); /* the rate ends a < 6.2 report */
    }
    const char *tp, *te;
    if (is_block_header(p, end, &tp, &te)) {
        rc = block_cut(st);
        return rc ? rc : block_open(st, tp, te, line);
    }
    return rb_warn(st, line,
                   "unexpected text in the report of '%s', not read: "
                   "\"%.*s\"",
                   b->base.benchmark, RB_SPAN(p, end));
}

/* ---------------------------------------------------------- line dispatch */

static int quiet_line(rb_state *st, const rb_quiet *qq, int line)
{
    bdb_sample base;
    int rc = new_line_base(st, &base, qq->tp, qq->te, line);
    if (!rc)
        rc = settle(st, base.benchmark);
    if (rc)
        return rc;
    if (qq->rps_kind == 2)
        rc = warn_odd(st, &base, "requests_per_sec", line);
    else
        rc = add(st, &base, "requests_per_sec", qq->rps, BDB_UNIT_OPS_PER_S,
                 BDB_HIGHER_IS_BETTER, line);
    if (!rc)
        rc = bdb_rb_progress_emit(&st->prog, st->out, &base);
    if (!rc && qq->p50_kind == 2)
        rc = warn_odd(st, &base, "latency_p50", line);
    else if (!rc && qq->p50_kind == 1)
        rc = add(st, &base, "latency_p50", qq->p50 * 1e-3, BDB_UNIT_SECONDS,
                 BDB_LOWER_IS_BETTER, line);
    if (!rc && qq->note)
        (void)rest_is_note(st, qq->note, qq->note_end, line, &rc);
    return rc;
}

/* The final segment of a line, outside any block. */
/* A line of text outside a report that could be a test's title: short,
 * starting with a letter, with no sentence punctuation. */
static void remember_text(rb_state *st, const char *p, const char *end,
                          int line)
{
    st->prev_text[0] = '\0';
    st->prev_line = 0;
    size_t n = (size_t)(end - p);
    if (n == 0 || n >= sizeof st->prev_text ||
        !((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z')))
        return;
    for (const char *c = p; c < end; c++)
        if (*c == ':' || *c == '.' || *c == ',' || *c == '`' || *c == '#' ||
            *c == '|' || *c == '=' || *c == '$')
            return;
    memcpy(st->prev_text, p, n);
    st->prev_text[n] = '\0';
    st->prev_line = line;
}

/* "N requests completed in T seconds" outside a report: a report published
 * without its "====== T ======" line (a page that kept only the figures,
 * "Set" on the line above). Read under the title on the line just above,
 * else under the command's one test, else "(no header)"; a warning says
 * so. */
static int headless_block(rb_state *st, const char *p, const char *end,
                          int line)
{
    const char *name = st->prev_line && st->prev_line == line - 1
                           ? st->prev_text
                       : st->cmd.test[0] ? st->cmd.test
                                         : "(no header)";
    char title[BDB_BENCHMARK_MAX];
    snprintf(title, sizeof title, "%s", name);
    st->seen_redis = 1;
    int rc = block_open(st, title, title + strlen(title), line);
    if (!rc)
        rc = rb_warn(st, line,
                     "a report without its \"====== TEST ======\" header: "
                     "read as '%s'%s",
                     title,
                     st->prev_line == line - 1 && st->prev_line
                         ? " (the title on the line above)"
                         : "");
    st->prev_line = 0;
    return rc ? rc : block_line(st, p, end, line);
}

/* A report's two result lines retyped as cells of one table row (the
 * table's pipes are blanks by now): "10   100000 requests completed in
 * 0.69 seconds   145772.59 requests per second", the cells before them a
 * label (a -d sweep's size). Sets [*cs, *ce) to "N requests completed in
 * T seconds", [*rs, end) to the rate and [*ls, *le) to the label. */
static int table_row(const char *p, const char *end, const char **ls,
                     const char **le, const char **cs, const char **ce,
                     const char **rs)
{
    const char *c = bdb_find(p, end, " requests completed in ");
    if (!c || bdb_find(p, end, "====== "))
        return 0;
    const char *n = c; /* back to the start of N */
    while (n > p && ((n[-1] >= '0' && n[-1] <= '9') || n[-1] == '.'))
        n--;
    if (n == c || (n > p && n[-1] != ' ' && n[-1] != '\t'))
        return 0;
    const char *q = c + strlen(" requests completed in ");
    double t, r;
    if (!bdb_scan_number(&q, end, &t, 0) ||
        !bdb_scan_lit(&q, end, "seconds", 1))
        return 0;
    const char *e = q, *x = q;
    if (!rb_number(&x, end, &r))
        return 0;
    const char *rate = bdb_skip_ws(q, end);
    if (!bdb_scan_lit(&x, end, "requests per second", 1))
        return 0;
    *ls = bdb_skip_ws(p, n);
    *le = n;
    while (*le > *ls && ((*le)[-1] == ' ' || (*le)[-1] == '\t'))
        (*le)--;
    *cs = n;
    *ce = e;
    *rs = rate;
    return 1;
}

/* A table row of results: a report of its own, named by the heading above
 * the table and the row's label ("SET 10"). */
static int row_block(rb_state *st, const char *ls, const char *le,
                     const char *cs, const char *ce, const char *rs,
                     const char *end, int line)
{
    char title[BDB_BENCHMARK_MAX];
    const char *base = st->heading[0]    ? st->heading
                       : st->cmd.test[0] ? st->cmd.test
                                         : "(no header)";
    size_t lw = (size_t)(le - ls);
    if (lw > 64)
        lw = 64; /* a label, not a sentence */
    if (snprintf(title, sizeof title, "%s%s%.*s", base, lw ? " " : "",
                 (int)lw, ls) < 0)
        title[0] = '\0';
    st->seen_redis = 1;
    int rc = block_open(st, title, title + strlen(title), line);
    if (!rc)
        rc = rb_warn(st, line,
                     "a report retyped as a table row, without its "
                     "\"====== TEST ======\" header: read as '%s'",
                     title);
    if (!rc)
        rc = block_line(st, cs, ce, line);
    if (!rc && st->blk.open)
        rc = block_line(st, rs, end, line);
    return rc;
}

static int outer_line(rb_state *st, const char *p, const char *end, int line)
{
    const char *tp, *te;
    const char *ls, *le, *cs, *ce, *rs;
    if (table_row(p, end, &ls, &le, &cs, &ce, &rs))
        return row_block(st, ls, le, cs, ce, rs, end, line);
    {
        const char *h = bdb_skip_ws(p, end);
        if (h < end && *h == '#') {
            while (h < end && (*h == '#' || *h == ' '))
                h++;
            const char *he = end;
            bdb_trim(&h, &he);
            size_t n = (size_t)(he - h);
            if (n < sizeof st->heading) {
                memcpy(st->heading, h, n);
                st->heading[n] = '\0';
            }
        }
    }
    if (is_block_header(p, end, &tp, &te))
        return block_open(st, tp, te, line);
    int rc = csv_line(st, p, end, line);
    if (rc)
        return rc < 0 ? rc : BDB_OK;
    const char *q = bdb_skip_ws(p, end);
    if (bdb_span_eq(q, end, "Summary:") ||
        bdb_starts_with(q, end, "throughput summary:") ||
        bdb_starts_with(q, end, "latency summary (msec):")) {
        /* a report published from its "Summary:" on (6.2+): its figures
         * are read under the test the command names, else under a name
         * that says the header is missing */
        const char *name = st->cmd.test[0] ? st->cmd.test : "(no header)";
        st->seen_redis = 1;
        rc = block_open(st, name, name + strlen(name), line);
        if (!rc)
            rc = rb_warn(st, line,
                         "this report starts at its summary (a cut capture): "
                         "no \"====== TEST ======\" header before it; read "
                         "as '%s'",
                         name);
        if (rc)
            return rc;
        st->blk.seen_completed = 1; /* above the cut */
        st->blk.hdr_form = 1;
        return block_line(st, q, end, line);
    }
    const char *r = q;
    double n;
    if (bdb_scan_number(&r, end, &n, 0) &&
        bdb_scan_lit(&r, end, "requests completed in", 1))
        return headless_block(st, q, end, line);
    rb_quiet qq;
    if (parse_quiet(p, end, &qq))
        return quiet_line(st, &qq, line);
    if (is_progress(p, end, 0, &tp, &te)) {
        /* an update on a line of its own (the log's CRs became \n) */
        rb_left lf;
        rc = bdb_rb_progress_add(&st->prog, tp, te, te + 2, end, line, &lf);
        if (rc < 0)
            return rc;
        rc = set_pending(st, tp, te, line, NULL, NULL);
        return rc ? rc : left_warn(st, &lf, line);
    }
    if (is_message(q, end))
        return message_line(st, q, end, line);
    const char *c = q;
    double nodes;
    if (bdb_scan_lit(&c, end, "Cluster has", 0) &&
        bdb_scan_number(&c, end, &nodes, 0) &&
        bdb_scan_lit(&c, end, "master nodes:", 1) && bdb_is_blank(c, end) &&
        nodes >= 1 && nodes <= 100000) {
        st->cluster_nodes = (int)nodes;
        st->cluster_line = line;
        st->seen_redis = 1;
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
    if (is_progress(p, end, 1, &tp, &te) &&
        (!st->pending_line ||
         bdb_span_eq(tp, te, st->pending_title))) {
        /* < 6.2's "T: 12345.67" update on a line of its own (the log's
         * CRs became \n): kept until T's result gives it as a point. One
         * such line alone does not make T pending, so a "Label: 12" line
         * of text that no result follows stays unread (and warned); a
         * second update of T on the next line, or one after a
         * redis-benchmark command that has printed nothing yet, is the
         * tool's progress: a capture cut there keeps it as the cut
         * test's trace, as for >= 6.2's "T: rps=..." */
        int again = st->prog.n && bdb_span_eq(tp, te, st->prog.title) &&
                    st->prog.u[st->prog.n - 1].line == line - 1;
        rb_left lf;
        rc = bdb_rb_progress_add(&st->prog, tp, te, te + 2, end, line, &lf);
        if (rc < 0)
            return rc;
        if (rc > 0 && (again || (st->cmd.line && !st->cmd.figures))) {
            rc = set_pending(st, tp, te, line, NULL, NULL);
            if (rc)
                return rc;
        }
        rc = BDB_OK;
    }
    remember_text(st, q, end, line);
    return BDB_OK; /* foreign text */
}

/* A report whose line breaks were lost, its lines glued into one ("keep
 * alive: 199.94% <= 1 milliseconds99.97% <= 2 milliseconds ... 8
 * milliseconds170183.80 requests per second====== REDE.PUSH ======  1000000
 * requests completed in 5.97 seconds  50 parallel clients ..."): a header,
 * a "requests completed" and a rate on one line, which no line of the
 * tool's holds. */
static int is_glued(const char *p, const char *end)
{
    return bdb_find(p, end, "====== ") &&
           bdb_find(p, end, " requests completed in ") &&
           bdb_find(p, end, " requests per second");
}

static int at_word(const char *a, const char *end, const char *w)
{
    return bdb_starts_with(a, end, w);
}

/* The end of a number token at c (digits, '.'), or c. */
static const char *number_end(const char *c, const char *end)
{
    const char *d = c;
    while (d < end && ((*d >= '0' && *d <= '9') || *d == '.'))
        d++;
    return d;
}

/* Where a glued report's lines are cut: its state between pieces (the
 * ">= 6.2 summary table" is two lines whose columns are blanks apart). */
enum { GLUED_TEXT, GLUED_TABLE_HEADER, GLUED_TABLE_VALUES };

/* The end of the first of the report's lines glued at a: where
 * redis-benchmark printed a line break (showLatencyReport(), 2.x-7.x).
 * Its lines end with "seconds", "milliseconds", "requests per second",
 * "(cumulative count N)", the header's " ======", "keep alive: 0|1" and
 * the headings "Latency by percentile distribution:", "Cumulative
 * distribution of latencies:", "Summary:", "latency summary (msec):";
 * the indented lines start after two blanks, a header at "====== ", a
 * heading at its first word. After "latency summary (msec):" come the
 * table's names ("avg min p50 p95 p99 max", up to the first number) and
 * its values (numbers, blanks apart). */
static const char *glued_cut(const char *a, const char *end, int *state)
{
    static const char *const heads[] = {
        "Latency by percentile distribution:",
        "Cumulative distribution of latencies:", "Summary:",
        "latency summary (msec):"};
    const char *c = bdb_skip_ws(a, end);
    if (*state == GLUED_TABLE_HEADER) {
        /* the names ("p50" too), up to the first number */
        while (c < end && !(*c >= '0' && *c <= '9')) {
            while (c < end && *c != ' ' && *c != '\t')
                c++;
            c = bdb_skip_ws(c, end);
        }
        *state = GLUED_TABLE_VALUES;
        return c;
    }
    if (*state == GLUED_TABLE_VALUES) {
        *state = GLUED_TEXT;
        for (;;) {
            const char *d = number_end(c, end);
            if (d == c)
                return c;
            c = bdb_skip_ws(d, end);
            if (c == end || !(*c >= '0' && *c <= '9'))
                return d;
        }
    }
    c = a;
    if (at_word(c, end, "====== ")) {
        /* a header: up to its closing " ======" */
        const char *close = bdb_find(c + 7, end, " ======");
        if (close) {
            c = close + 7;
            while (c < end && *c == '=')
                c++;
            return c;
        }
    }
    for (size_t i = 0; i < sizeof heads / sizeof *heads; i++)
        if (at_word(c, end, heads[i])) {
            if (i == 3)
                *state = GLUED_TABLE_HEADER;
            return c + strlen(heads[i]);
        }
    for (; c < end; c++) {
        if (c > a && at_word(c, end, "====== "))
            return c;
        if (c > a && c + 1 < end && c[0] == ' ' && c[1] == ' ')
            return c;
        for (size_t i = 0; i < sizeof heads / sizeof *heads; i++)
            if (c > a && at_word(c, end, heads[i]))
                return c;
        if (at_word(c, end, "(cumulative count ")) {
            const char *d = number_end(c + 18, end);
            if (d < end && *d == ')')
                return d + 1;
        }
        static const char *const ends[] = {"requests per second",
                                           "milliseconds", "seconds"};
        const char *skip = NULL;
        for (size_t i = 0; i < sizeof ends / sizeof *ends && !skip; i++)
            if (at_word(c, end, ends[i])) {
                const char *d = c + strlen(ends[i]);
                /* >= 6.2: "milliseconds (cumulative count N)" goes on */
                const char *e = bdb_skip_ws(d, end);
                if (i == 1 && at_word(e, end, "(cumulative count "))
                    skip = e;
                else
                    return d;
            }
        if (skip) {
            c = skip - 1;
            continue;
        }
        if (at_word(c, end, "keep alive: ") && c + 12 < end &&
            (c[12] == '0' || c[12] == '1'))
            return c + 13;
    }
    return end;
}

static int text_line(rb_state *st, const char *p, const char *end, int no);

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
            rb_left lf;
            int rc = bdb_rb_progress_add(&st->prog, tp, te, te + 2, e, l->no,
                                         &lf);
            if (rc < 0)
                return rc;
            if (rc > 0 && (rc = left_warn(st, &lf, l->no)) != BDB_OK)
                return rc;
        }
        seg = e + 1;
    }
    const char *p = last, *end = l->end;
    if (st->usage) {
        /* the usage text: indented lines, blank ones and "Examples:" */
        const char *q = p, *qe = end;
        bdb_trim(&q, &qe);
        if (q == qe || *p == ' ' || *p == '\t' || qe[-1] == ':')
            return BDB_OK;
        st->usage = 0;
    }
    bdb_trim(&p, &end);
    if (ptp) {
        /* progress on this line; the final text says whether it finished */
        int rc = set_pending(st, ptp, pte, l->no, p, end);
        if (rc)
            return rc;
    }
    if (is_glued(p, end)) {
        /* the report's lines, each in turn, all at this line */
        int rc = BDB_OK, state = GLUED_TEXT;
        for (const char *a = p, *z; !rc && a < end; a = z) {
            z = glued_cut(a, end, &state);
            if (z <= a) {
                /* not the table it looked like: text again */
                state = GLUED_TEXT;
                z = glued_cut(a, end, &state);
                if (z <= a)
                    z = end;
            }
            const char *sp = a, *se = z;
            bdb_trim(&sp, &se);
            if (sp < se)
                rc = text_line(st, sp, se, l->no);
        }
        return rc;
    }
    return text_line(st, p, end, l->no);
}

/* One line of text (trimmed, progress taken off). */
static int text_line(rb_state *st, const char *p, const char *end, int no)
{
    if (p == end)
        return BDB_OK;
    /* `redis-benchmark --version` prints "redis-benchmark 7.0.15": a
     * version, not a command */
    const char *sp = memchr(p, ' ', (size_t)(end - p));
    int version = sp && sp + 1 < end && is_digit(sp[1]) &&
                  (bdb_starts_with(p, end, "redis-benchmark ") ||
                   bdb_starts_with(p, end, "valkey-benchmark "));
    if (!version && bdb_find(p, end, "-benchmark")) {
        bdb_cmdline cl;
        int r = bdb_cmdline_parse_line(p, end, rb_tools, &cl);
        if (r < 0)
            return r;
        if (r == 1) {
            int rc = BDB_OK;
            if (st->blk.open)
                rc = block_cut(st);
            if (!rc && st->pending_line)
                rc = pending_warn(st);
            if (!rc)
                rc = csv_close(st);
            if (!rc)
                rc = command_line(st, &cl, no);
            bdb_cmdline_free(&cl);
            return rc;
        }
    }
    if (st->blk.open)
        return block_line(st, p, end, no);
    return outer_line(st, p, end, no);
}

static int parse(const char *buf, size_t len, const bdb_parse_opts *opts,
                 bdb_sink *out, bdb_diag *diag)
{
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
        rc = block_cut(st);
    if (!rc && st->pending_line)
        rc = pending_warn(st);
    if (!rc)
        rc = csv_close(st);
    if (!rc && st->cmd.line && !st->cmd.figures && !st->cmd.no_run)
        rc = rb_warn(st, st->cmd.line,
                     "this redis-benchmark command printed no results (it "
                     "failed, or the capture stops)");
    if (rc == BDB_ERANGE)
        bdb_diag_set(diag, rc, 0,
                     "redis-benchmark: more figures than a sink holds (its "
                     "limit); the file is not read");
    else if (rc == BDB_OK && !st->seen_redis && opts && opts->forced)
        rc = bdb_diag_set(diag, BDB_EPARSE, 1,
                          "redis-benchmark: expected redis-benchmark's output "
                          "(\"====== SET ======\" reports, \"SET: N requests "
                          "per second\", --csv rows) and found none");
    bdb_rb_progress_free(&st->prog);
    free(st);
    return rc;
}

/* ---------------------------------------------------------------- sniff */

/* "84098.66 requests per second" alone on its line */
static int rps_line(const char *p, const char *end)
{
    double v;
    return rb_number(&p, end, &v) == 1 &&
           bdb_scan_lit(&p, end, "requests per second", 1) &&
           bdb_is_blank(p, end);
}

/* A test's title as redis-benchmark names its default tests ("SET",
 * "PING_INLINE", "LRANGE_100 (first 100 elements)", "MSET (10 keys)",
 * "LPUSH (needed to benchmark LRANGE)"): an upper-case word, then
 * anything in parentheses. */
static int test_title(const char *p, const char *end)
{
    const char *q = p;
    while (q < end && ((*q >= 'A' && *q <= 'Z') || is_digit(*q) || *q == '_'))
        q++;
    if (q == p || !(*p >= 'A' && *p <= 'Z'))
        return 0;
    if (q == end)
        return 1;
    return end - q >= 3 && q[0] == ' ' && q[1] == '(' && end[-1] == ')';
}

/* < 6.2's progress update "T: 12345.67" ("%s: %.2f") with T a default
 * test's title; its title in [*tp, *te). */
static int old_update(const char *p, const char *end, const char **tp,
                      const char **te)
{
    bdb_trim(&p, &end);
    if (!is_progress(p, end, 1, tp, te) || !test_title(*tp, *te))
        return 0;
    const char *dot = memchr(*te, '.', (size_t)(end - *te));
    return dot && end - dot == 3;
}

static int sniff(const char *buf, size_t len)
{
    bdb_lines it;
    bdb_line l;
    bdb_lines_init(&it, buf, len);
    int headers = 0, completed = 0, rps = 0, csv_header = 0, quiet = 0, quiet_p50 = 0;
    int summary = 0, old_rows = 0, nonblank = 0, progress = 0;
    int messages = 0, command = 0, old_updates = 0;
    char prev_title[BDB_BENCHMARK_MAX] = "";
    while (bdb_lines_next(&it, &l)) {
        const char *p = l.p, *end = l.end;
        char title[BDB_BENCHMARK_MAX] = "";
        for (const char *c = l.p, *seg = l.p;
             c < l.end && (c = memchr(c, '\r', (size_t)(l.end - c)));) {
            /* < 6.2's updates written over each other: "SET: 61.00\rSET:
             * 62.00\r": two of one test in a row are its progress */
            const char *tp, *te;
            if (old_update(seg, c, &tp, &te)) {
                bdb_copy(title, sizeof title, tp, te);
                old_updates++;
                progress += strcmp(title, prev_title) == 0;
                bdb_strlcpy(prev_title, sizeof prev_title, title);
            }
            p = seg = ++c;
        }
        /* >= 6.2 progress, even alone (a run that stopped early) */
        const char *r = bdb_find(l.p, l.end, ": rps=");
        if (r && bdb_find(r, l.end, " avg_msec="))
            progress++;
        bdb_trim(&p, &end);
        const char *otp, *ote;
        if (old_update(p, end, &otp, &ote)) {
            /* the same with the CRs made line breaks */
            bdb_copy(title, sizeof title, otp, ote);
            old_updates++;
            progress += strcmp(title, prev_title) == 0;
        }
        bdb_strlcpy(prev_title, sizeof prev_title, title);
        if (p == end)
            continue;
        nonblank++;
        if (is_message(p, end))
            messages++;
        if (!command && bdb_find(p, end, "-benchmark")) {
            bdb_cmdline cl;
            if (bdb_cmdline_parse_line(p, end, rb_tools, &cl) == 1) {
                command = 1;
                bdb_cmdline_free(&cl);
            }
        }
        const char *tp, *te;
        rb_quiet qq;
        if (is_glued(p, end)) {
            headers++; /* a report on one line, its breaks lost */
            completed++;
        } else if (is_block_header(p, end, &tp, &te))
            headers++;
        else if (bdb_contains(p, end, " requests completed in ")) {
            completed++;
            rps += bdb_contains(p, end, " requests per second");
        }
        else if (rps_line(p, end))
            rps++;
        else if (bdb_find(p, end, "\"test\",\"rps\",") ||
                 bdb_starts_with(p, end, "test,rps,avg_latency_ms"))
            csv_header++;
        else if (bdb_starts_with(p, end, "throughput summary:") ||
                 bdb_span_eq(p, end, "latency summary (msec):"))
            summary++;
        else if (parse_quiet(p, end, &qq)) {
            quiet++;
            quiet_p50 += qq.p50_kind != 0;
        } else if (*p == '"' && memchr(p, ',', (size_t)(end - p))) {
            /* two fields have a comma between them */
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
    if (completed && rps)
        return 80; /* reports without their header lines */
    if (csv_header)
        return 95;
    if (summary >= 2 || quiet_p50)
        return 90;
    if (quiet >= 2)
        return 85;
    /* < 6.2's CSV rows: most of the file, or beside a redis-benchmark
     * command line (a sweep of runs with other output between them) */
    if (quiet == 1 || progress ||
        (old_rows && (old_rows * 2 >= nonblank || command)))
        return 80;
    if (messages && command)
        return 60; /* a command and the tool's error: nothing else ran */
    if (old_updates && command)
        return 60; /* a command and < 6.2's progress: a cut capture */
    return 0;
}

/* keeps_cut_runs: a log of a test cut before its result (a run the writer
 * stopped, or copied while it ran: "SET: rps=72356.9 (overall: 69569.6)
 * avg_msec=0.701 (overall: 0.778)" as its last line) keeps the test's
 * progress as its trace, as when a result follows. */
const bdb_parser bdb_parser_redis_benchmark = {"redis-benchmark", 2, sniff,
                                               parse, 0, 0, 1};
