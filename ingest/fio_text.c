/* fio_text.c - fio's normal (human) output, 1.x to 3.x, and its terse
 * (--minimal / --output-format=terse) lines, versions 2 to 5. Units and
 * names: see parse_fio.c; layouts from fio's stat.c and HOWTO.
 *
 * Normal output, by line kind (client/server output prefixes some lines
 * with "<host> "):
 *   NAME: (g=0): rw=randread, bs=(R) 4096B-4096B, ..., ioengine=libaio,
 *         iodepth=32                      job definition (2.x: bs=4K-4K/..)
 *   fio-3.33 / Starting 2 processes       start of a run
 *   NAME: (groupid=0, jobs=1): err= 0: pid=...     a job's results
 *   NAME (g=0): err= 0:                   the same in fio 1.x
 *     read: IOPS=.., BW=..(..)(../..msec)  3.x direction line
 *     read : io=.., bw=..KB/s, iops=.., runt=..msec   1.x/2.x
 *     slat|clat|lat|sync (usec): min=, max=, avg=, stdev=
 *     clat|lat|slat|sync percentiles (usec):  then "| 1.00th=[ 54], ..."
 *     bw (  KiB/s): min=.., max=.., per=..%, avg=.., stdev=..
 *     iops        : min=.., max=.., avg=.., stdev=..
 *     cpu          : usr=..%, sys=..%, ctx=..
 *     (latency distributions, IO depths, issued: not figures we keep)
 *   Run status group N (all jobs):
 *      READ: bw=..MiB/s (..MB/s), ..-.., io=.., run=a-bmsec     3.x
 *      READ: io=.., aggrb=..KB/s, minb=.., maxb=.., mint=.., maxt=..
 *   Disk stats (read/write):
 *     vda: ios=r/w, [sectors=r/w,] merge=r/w, ticks=r/w, in_queue=.., util=..%
 *
 * Published logs bend this layout (issue 21): a job's result lines are
 * known by their content (result_line_shape), not their column, when a
 * page re-indented them level with their header; a group status line
 * alone, without its "Run status group" header, starts a group; a line
 * hard-wrapped after '[', ',' or '=' is joined with its continuation
 * and each number keeps the line it is printed on (join_wrapped); a line
 * of fio's that a mail client's reflow glued into the middle of another
 * is read from its head (reflowed_lines); a direction line whose
 * result header was left out of the quote opens the defined job's block
 * (implicit_job).
 *
 * Terse lines carry no run boundary: consecutive terse lines are one run
 * (same-named lines are numjobs clones, param job), and other text between
 * them starts a new run. A single terse line may be a group_reporting sum,
 * so numjobs is only set when clones show it.
 *
 * A run whose jobs were defined (or whose version line printed) but whose
 * "Run status group" never came is a cut capture: a warning naming the
 * line, the complete results are kept. A result block without any
 * direction line, a line that cannot be read, a job that never reported
 * likewise: warnings, never an invented figure. Every pointer walk stays
 * inside its line: searches and scans take [p, end) and an end is never
 * taken from a match that may lie before the start (issue 10). */
#include "fio_internal.h"
#include "figure_free.h"
#include "../common/bdb_buf.h"
#include "../common/bdb_scan.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEFS 256

typedef struct job_def {
    char name[BDB_BENCHMARK_MAX];
    int group;
    int line;
    int has_result;
    bdb_params params;
    char block_size[FIO_NDIRS][BDB_PARAM_VALUE_MAX];
} job_def;

typedef struct text_state {
    fio_doc *doc;
    bdb_sink *out;
    bdb_diag *diag;
    int run;
    int run_started;      /* version/definition/Starting line seen */
    int run_has_results;
    int run_groups_seen;  /* "Run status group" lines in this run */
    int last_group;       /* the number of the latest of them */
    int results_after_group; /* a job's results came after it */
    int run_start_line;
    job_def *defs;
    int ndefs;
    fio_entry *job;       /* current result block (NULL: none) */
    int job_has_dir;
    int job_anon;         /* job is an implicit one with no definition */
    int anon_dirs;        /* its directions read so far (bit per dir) */
    int anon_jobs;        /* implicit jobs without definition, this run */
    int dir;              /* current direction in the block */
    const char *pct_prefix; /* inside "... percentiles": metric prefix */
    int pct_dir;
    double pct_scale;
    fio_entry *group;     /* inside "Run status group" */
    int in_disk;
    char host[80];        /* "<host>" prefix (and "#N", see client_section) */
    char clients[64][80]; /* hosts whose results began in this run */
    int nclients;
    int terse_run_open;   /* terse lines were read in this run */
    size_t terse_first;   /* the run's first entry from a terse line */
    int first_error_line;
    char first_error[200];
    /* a line joined with its hard-wrapped continuations (see
     * bdb_fio_text_parse), NULL when the line is read as it is */
    const bdb_wrapped *wrapped;
    /* the line being read, as the text holds it, and the column of the
     * number fig_line last placed (bdb_sample.col; add takes it) */
    const char *line_p, *line_e;
    int fig_col;
} text_state;

/* The line a number at `at` was printed on: `line`, or a continuation's
 * when the line was joined with one. Its column in the text's line goes
 * with the figure the next add makes, so that ingest can place it on
 * the file's line when unwrap made the text's line of several. */
static int fig_line(text_state *st, const char *at, int line)
{
    st->fig_col = at && st->line_p && at >= st->line_p && at < st->line_e &&
                          at - st->line_p < FIO_COL_MAX
                      ? (int)(at - st->line_p) + 1
                      : 0;
    return st->wrapped ? bdb_wrapped_line(st->wrapped, at, line) : line;
}

/* The column of a number at `at` of the line being read, for the next
 * add (as fig_line, the line left alone). */
static void field_col(text_state *st, const char *at)
{
    st->fig_col = at && st->line_p && at >= st->line_p && at < st->line_e &&
                          at - st->line_p < FIO_COL_MAX
                      ? (int)(at - st->line_p) + 1
                      : 0;
}

/* What the parser contract asks of a line that cannot be read: a warning
 * at it, and the parse goes on. Only running out of memory stops it. */
static int pwarn(text_state *st, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static int pwarn(text_state *st, int line, const char *fmt, ...)
{
    char msg[240];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int rc = bdb_sink_warn(st->out, line, "%s", msg);
    return rc == BDB_ENOMEM ? rc : BDB_OK;
}

static int perr(text_state *st, int line, const char *what)
{
    return pwarn(st, line, "expected %s", what);
}

/* The job being read ends (another job, group, host or run begins): a
 * job that printed no direction line ("read: IOPS=...") is a truncated
 * log, warned at its header. 0 or the warning's BDB_E* code. */
static int job_ends(text_state *st)
{
    if (!st->job || st->job_has_dir)
        return BDB_OK;
    return perr(st, st->job->line,
                "a direction line (\"read: IOPS=...\") in this job's "
                "results (truncated log?)");
}

/* ---- number helpers ------------------------------------------------------ */

/* A number with fio's num2str SI suffix (k, M, G, T, P: powers of 1000)
 * after optional blanks: "47.2k", " 5.92", "4392k". */
static int scan_si(const char **p, const char *end, double *out)
{
    double v, mult = 1.0;
    const char *q = *p;
    if (!bdb_scan_number(&q, end, &v, 0))
        return 0;
    if (q < end) {
        size_t used = (*q == 'k' || *q == 'K' || *q == 'M' || *q == 'G' ||
                       *q == 'T' || *q == 'P')
                          ? bdb_units_prefix(q, q + 1, 1000, &mult)
                          : 0;
        q += used;
    }
    *out = v * mult;
    *p = q;
    return 1;
}

/* A value with a size/rate unit ending at one of the stop characters:
 * "184MiB/s", "666KB/s", "553MiB", "4096B". base is what a bare K/M means. */
static int scan_size_unit(const char **p, const char *end, int base,
                          const char *stops, double *out)
{
    double v, mult;
    int bits = 0;
    const char *q = *p;
    if (!bdb_scan_number(&q, end, &v, 0))
        return 0;
    const char *u = q;
    while (q < end && !strchr(stops, *q))
        q++;
    if (u == q) {
        mult = 1.0;
    } else if (bdb_units_size(u, q, base, &mult, &bits) != 0 || bits) {
        /* a bare prefix: fio 2.x block sizes "4K-4K" */
        if (bdb_units_prefix(u, q, base, &mult) != (size_t)(q - u))
            return 0;
    }
    *out = v * mult;
    *p = q;
    return 1;
}

/* "key=" then a number (spaces allowed after '='), via scan; *at (when
 * not NULL) gets where the number starts. */
static int field_at(const char *p, const char *end, const char *key,
                    double *out, int si, const char **at)
{
    char k[40];
    snprintf(k, sizeof k, "%s=", key);
    const char *q = p;
    for (;;) {
        q = bdb_find(q, end, k);
        if (!q)
            return 0;
        /* the key must start a field: after ',', ' ', ':' or the start */
        if (q == p || q[-1] == ' ' || q[-1] == ',' || q[-1] == ':')
            break;
        q++;
    }
    q = bdb_skip_ws(q + strlen(k), end);
    if (at)
        *at = q;
    return si ? scan_si(&q, end, out) : bdb_scan_number(&q, end, out, 0);
}

static int field(const char *p, const char *end, const char *key,
                 double *out, int si)
{
    return field_at(p, end, key, out, si, NULL);
}

static int time_unit(const char *p, const char *end, double *scale)
{
    if (bdb_span_eq(p, end, "nsec"))
        *scale = 1e-9;
    else if (bdb_span_eq(p, end, "usec"))
        *scale = 1e-6;
    else if (bdb_span_eq(p, end, "msec"))
        *scale = 1e-3;
    else if (bdb_span_eq(p, end, "sec"))
        *scale = 1.0;
    else
        return 0;
    return 1;
}

static int dir_of(const char *p, const char *end)
{
    static const char *const names[FIO_NDIRS] = {"read", "write", "trim",
                                                 "mixed"};
    for (int d = 0; d < FIO_NDIRS; d++)
        if (bdb_span_eq(p, end, names[d]))
            return d;
    return -1;
}

static int add(text_state *st, fio_entry *e, const char *metric, double v,
               const char *unit, bdb_better better, int line, int dir)
{
    int col = st->fig_col;
    st->fig_col = 0;
    int rc = bdb_fio_fig_add(e, metric, v, unit, better, line, dir);
    if (!rc && e->nfig)
        e->figs[e->nfig - 1].col = (unsigned)col & FIO_COL_MAX;
    return rc;
}

/* ---- runs, definitions ---------------------------------------------------- */

static int close_run(text_state *st)
{
    int rc = job_ends(st);
    st->job = NULL;
    st->group = NULL;
    st->in_disk = 0;
    st->pct_prefix = NULL;
    if (st->run_started || st->run_has_results || st->terse_run_open) {
        for (int i = 0; i < st->ndefs && !rc; i++)
            if (!st->defs[i].has_result && st->first_error_line)
                rc = pwarn(st, st->first_error_line,
                           "the run failed, job '%s' has no results: %s",
                           st->defs[i].name, st->first_error);
            else if (!st->defs[i].has_result)
                rc = pwarn(st, st->defs[i].line,
                           "job '%s' has no results (the run was cut short "
                           "or failed)", st->defs[i].name);
        if (!rc && st->run_started && st->run_has_results &&
            st->run_groups_seen == 0)
            rc = pwarn(st, st->run_start_line,
                       "the run starting here has no \"Run status group\" "
                       "summary (the capture is cut short?): the complete "
                       "job results are kept");
        if (st->terse_run_open && !st->run_started)
            bdb_fio_split_reports(st->doc, st->terse_first, &st->run);
        st->run++;
    }
    st->first_error_line = 0;
    st->ndefs = 0;
    st->anon_jobs = 0;
    st->job_anon = 0;
    st->run_started = 0;
    st->run_has_results = 0;
    st->run_groups_seen = 0;
    st->results_after_group = 0;
    st->terse_run_open = 0;
    st->nclients = 0;
    return rc;
}

/* Results seen and something that starts a run comes: a new run. */
static int maybe_new_run(text_state *st, int line)
{
    int rc = BDB_OK;
    if (st->run_has_results || st->terse_run_open)
        rc = close_run(st);
    if (!st->run_started)
        st->run_start_line = line;
    st->run_started = 1;
    return rc;
}

/* "(R) 4096B-4096B" or "4K-4K": one block size when min == max. */
static void bs_range(const char *p, const char *end, char *out, size_t outsz)
{
    const char *dash = p;
    bdb_trim(&p, &end);
    out[0] = '\0';
    while (dash < end && *dash != '-')
        dash++;
    double a, b;
    const char *q = p;
    if (dash < end && scan_size_unit(&q, dash, 1024, "-", &a) && q == dash) {
        q = dash + 1;
        if (scan_size_unit(&q, end, 1024, " ,/", &b) && q == end && a == b) {
            snprintf(out, outsz, "%.15g", a);
            return;
        }
    }
    bdb_copy(out, outsz, p, end);
}

/* The options of a job definition line after "NAME: (g=0): ":
 * "rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, ioengine=libaio,
 * iodepth=32" (stat.c/backend.c print them in that order, but nothing
 * here depends on the order). An option is "key=value" where key is a
 * word of [a-z0-9_]; its value runs to the ", " before the next such
 * key, so the commas inside bs=(R) .., (W) .. stay in bs's value. Every
 * pointer stays within [p, end). */
static const char *next_key(const char *p, const char *end)
{
    for (const char *c = p; c < end; c++) {
        if (c != p && c[-1] != ' ' && c[-1] != ',')
            continue;
        const char *k = c;
        while (k < end && ((*k >= 'a' && *k <= 'z') || (*k >= '0' && *k <= '9') ||
                           *k == '_'))
            k++;
        if (k > c && k < end && *k == '=')
            return c;
    }
    return NULL;
}

/* "(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B" (3.x) or
 * "4K-4K/4K-4K/4K-4K" (2.x, read/write[/trim]) into per-direction sizes. */
static void def_block_sizes(job_def *d, const char *v, const char *ve)
{
    if (bdb_starts_with(v, ve, "(R)")) {
        static const char *const tags[3] = {"(R)", "(W)", "(T)"};
        for (int k = 0; k < 3; k++) {
            const char *t = bdb_find(v, ve, tags[k]);
            if (!t)
                continue;
            const char *s = t + 3, *e = s;
            while (e < ve && *e != ',')
                e++;
            bs_range(s, e, d->block_size[k], sizeof d->block_size[k]);
        }
    } else {
        const char *s = v;
        for (int k = 0; k < 3 && s < ve; k++) {
            const char *slash = s;
            while (slash < ve && *slash != '/')
                slash++;
            bs_range(s, slash, d->block_size[k], sizeof d->block_size[k]);
            s = slash < ve ? slash + 1 : ve;
        }
    }
    snprintf(d->block_size[FIO_MIXED], sizeof d->block_size[FIO_MIXED], "%s",
             d->block_size[FIO_READ]);
}

static int job_definition(text_state *st, const char *p, const char *end,
                          const char *gpos, int line)
{
    int rc = maybe_new_run(st, line);
    if (rc)
        return rc;
    if (st->ndefs >= MAX_DEFS)
        return pwarn(st, line, "job definition not read: more than %d jobs "
                     "in one run (their results are still read)", MAX_DEFS);
    job_def *d = &st->defs[st->ndefs++];
    memset(d, 0, sizeof *d);
    bdb_copy(d->name, sizeof d->name, p, gpos);
    d->line = line;
    double g = 0;
    const char *q = gpos + 5; /* ": (g=" */
    if (bdb_scan_number(&q, end, &g, 0))
        d->group = bdb_double_to_int(g);
    const char *opt = bdb_find(gpos, end, "):");
    opt = opt ? opt + 2 : end;
    for (const char *k = next_key(opt, end); k; ) {
        const char *eq = k;
        while (*eq != '=')
            eq++; /* next_key saw the '=' before end */
        const char *v = eq + 1;
        const char *nk = next_key(v, end);
        const char *ve = nk ? nk : end;
        while (ve > v && (ve[-1] == ' ' || ve[-1] == ','))
            ve--;
        if (bdb_span_eq(k, eq, "bs")) {
            def_block_sizes(d, v, ve);
        } else if (bdb_span_eq(k, eq, "rw") || bdb_span_eq(k, eq, "ioengine") ||
                   bdb_span_eq(k, eq, "iodepth")) {
            char key[16];
            bdb_copy(key, sizeof key, k, eq);
            if (bdb_params_set_span(&d->params, key, v, ve) != BDB_OK &&
                (rc = pwarn(st, line, "parameter %s not kept: more than %d "
                            "parameters", key, BDB_MAX_PARAMS)))
                return rc;
        }
        k = nk;
    }
    return BDB_OK;
}

/* A bare "<host> " line: the results of one server follow. Several
 * servers on one host (other ports) print the same name: the second and
 * later get "#N" so that their figures stay apart (param host). */
static int client_section(text_state *st)
{
    int rc = job_ends(st);
    st->job = NULL;
    st->group = NULL;
    st->in_disk = 0;
    st->pct_prefix = NULL;
    int seen = 0;
    for (int i = 0; i < st->nclients; i++)
        seen += !strcmp(st->clients[i], st->host);
    if (st->nclients < (int)(sizeof st->clients / sizeof st->clients[0]))
        snprintf(st->clients[st->nclients++], sizeof st->clients[0], "%s",
                 st->host);
    if (seen > 0) {
        size_t n = strlen(st->host);
        snprintf(st->host + n, sizeof st->host - n, "#%d", seen + 1);
    }
    return rc;
}

/* ---- job result blocks ----------------------------------------------------- */

static int job_header(text_state *st, const char *p, const char *end,
                      const char *name_end, int line)
{
    int rc = job_ends(st);
    if (rc)
        return rc;
    const char *ne = name_end;
    while (ne > p && (ne[-1] == ' ' || ne[-1] == ':'))
        ne--;
    /* client/server: the sum of every job the clients ran (client.c
     * handle_ts), printed after the last one's group and disk lines: of
     * the same run, with no host and no definition of its own */
    int all = bdb_span_eq(p, ne, "All clients");
    if (!all &&
        (st->group || st->in_disk || (st->terse_run_open && !st->run_started))) {
        /* results after a group summary: the next run (no header lines) */
        if ((rc = close_run(st)))
            return rc;
    }
    st->group = NULL;
    st->in_disk = 0;
    st->pct_prefix = NULL;
    st->dir = -1;
    st->job_has_dir = 0;
    fio_entry *e = bdb_fio_doc_add(st->doc, FIO_ENTRY_JOB, p, ne, st->run, line);
    if (!e)
        return BDB_ENOMEM;
    if (all) {
        e->aggregate = 1;
        e->grouped = 1;
    } else {
        snprintf(e->host, sizeof e->host, "%s", st->host);
    }
    double v;
    const char *q = bdb_find(name_end, end, "(groupid=");
    if (q && field(q + 1, end, "groupid", &v, 0))
        e->group = bdb_double_to_int(v);
    else if ((q = bdb_find(name_end, end, "(g=")) && field(q + 1, end, "g", &v, 0))
        e->group = bdb_double_to_int(v);
    if (field(name_end, end, "jobs", &v, 0) && v > 1)
        e->reported_jobs = bdb_double_to_int(v);
    if (field(name_end, end, "pid", &v, 0) && v > 0)
        e->pid = (long)bdb_double_to_ll(v);
    if (field(name_end, end, "err", &v, 0) && v != 0 &&
        (rc = pwarn(st, line, "job %s ended with error %g", e->name, v)))
        return rc;
    /* the first definition of that name not yet matched (client/server
     * output defines the job once per server), else the first of that
     * name (numjobs clones share one definition) */
    job_def *def = NULL;
    for (int i = 0; i < st->ndefs && !all; i++) {
        job_def *d = &st->defs[i];
        if (strcmp(d->name, e->name) != 0 || d->group != e->group)
            continue;
        if (!d->has_result) {
            def = d;
            break;
        }
        if (!def)
            def = d;
    }
    if (def) {
        e->params = def->params;
        memcpy(e->block_size, def->block_size, sizeof e->block_size);
        def->has_result = 1;
    }
    st->job = e;
    st->job_anon = 0;
    st->run_has_results = 1;
    st->results_after_group = 1;
    return BDB_OK;
}

/* A direction line ("write: IOPS=139k, BW=...", "read : io=...") with no
 * result header before it: a page that quoted the run in pieces (its
 * header and eta line in one block, the results in the next) left the
 * "NAME: (groupid=0, jobs=1): err= 0:" line out. The results are those of
 * the run's first job defined ("NAME: (g=0): rw=...") that has none yet;
 * with no such definition (a page kept only the lines `grep iops` gave)
 * they are those of a job named by its place in the run ("job 2"), a
 * direction it already has, or one fio prints before it, opening the
 * next. */
static int result_line_shape(const char *p, const char *end);

static int implicit_job(text_state *st, const char *p, const char *end,
                        int line, int *opened)
{
    *opened = 0;
    if (bdb_fio_direction_line(p, end) < 0)
        return BDB_OK;
    job_def *def = NULL;
    for (int i = 0; i < st->ndefs && !def; i++)
        if (!st->defs[i].has_result)
            def = &st->defs[i];
    char anon[32];
    int alen = def ? 0 : snprintf(anon, sizeof anon, "job %d",
                                  st->anon_jobs + 1);
    const char *name = def ? def->name : anon;
    fio_entry *e = bdb_fio_doc_add(st->doc, FIO_ENTRY_JOB, name,
                                   name + (def ? strlen(name) : (size_t)alen),
                                   st->run, line);
    if (!e)
        return BDB_ENOMEM;
    snprintf(e->host, sizeof e->host, "%s", st->host);
    st->job_anon = !def;
    st->anon_dirs = 0;
    if (def) {
        e->group = def->group;
        e->params = def->params;
        memcpy(e->block_size, def->block_size, sizeof e->block_size);
        def->has_result = 1;
    } else {
        st->anon_jobs++;
    }
    st->group = NULL;
    st->in_disk = 0;
    st->pct_prefix = NULL;
    st->dir = -1;
    st->job_has_dir = 0;
    st->job = e;
    st->run_has_results = 1;
    st->results_after_group = 1;
    *opened = 1;
    int irc = def ? bdb_sink_info(st->out, line, "fio: the results from here "
                                  "on are read as job '%s''s (defined at "
                                  "line %d): the log has no \"%s: "
                                  "(groupid=..)\" line", def->name,
                                  def->line, def->name)
                  : bdb_sink_info(st->out, line, "fio: results without their "
                                  "job's header or definition: read as '%s'",
                                  anon);
    return irc == BDB_ENOMEM ? BDB_ENOMEM : BDB_OK;
}

/* The token at p: up to a blank, a parenthesis or a comma. */
static int token_len(const char *p, const char *end)
{
    const char *q = p;
    while (q < end && !strchr(" \t(),", *q))
        q++;
    return (int)(q - p);
}

static int rates_agree(double a, double b)
{
    /* both rounded to 3-4 significant digits */
    double hi = a > b ? a : b, lo = a > b ? b : a;
    return !(hi > 0 && (hi - lo) / hi > 0.02);
}

/* fio before 3.26 (lib/num2str.c; axboe/fio PR #1150, fixed January
 * 2021) dropped the carry of a fraction that rounds up: 27.998 MiB/s
 * printed "27.0MiB/s", 11999999999999 "11.0G". For a number at `at`
 * printed with a fraction of zeros only, *carried is value one unit of
 * its integer part up. */
static int zero_fraction(const char *at, const char *end, double value,
                         double *carried)
{
    const char *q = at;
    double v;
    if (!bdb_scan_number(&q, end, &v, 0) || v <= 0)
        return 0;
    const char *dot = memchr(at, '.', (size_t)(q - at));
    if (!dot || dot + 1 == q)
        return 0;
    for (const char *d = dot + 1; d < q; d++)
        if (*d != '0')
            return 0;
    *carried = value / v * (v + 1);
    return 1;
}

/* A line's binary rate *bw (at at_bw) and its SI twin si (at at_si) must
 * agree. When one of them is the carry bug above (the other agrees with
 * it carried), the other is kept in *bw, with a warning; when they
 * disagree otherwise, *keep is 0 and the line is warned about. Returns
 * the warning's code. */
static int check_rates(text_state *st, int line, double *bw,
                       const char *at_bw, double si, const char *at_si,
                       const char *end, int *keep)
{
    *keep = 1;
    if (rates_agree(*bw, si))
        return 0;
    double c;
    if (zero_fraction(at_bw, end, *bw, &c) && rates_agree(c, si)) {
        *bw = si;
        return pwarn(st, line, "fio's binary rate \"%.*s\" is %.4g B/s "
                     "carried (fio before 3.26 dropped the carry of a "
                     "fraction rounded up): the SI rate \"%.*s\" is kept",
                     token_len(at_bw, end), at_bw, c,
                     token_len(at_si, end), at_si);
    }
    if (zero_fraction(at_si, end, si, &c) && rates_agree(*bw, c))
        return pwarn(st, line, "fio's SI rate \"%.*s\" is %.4g B/s carried "
                     "(fio before 3.26 dropped the carry of a fraction "
                     "rounded up): the binary rate \"%.*s\" is kept",
                     token_len(at_si, end), at_si, c,
                     token_len(at_bw, end), at_bw);
    *keep = 0;
    return pwarn(st, line, "the binary and SI bandwidths disagree "
                 "(%.6g vs %.6g B/s): the line is not kept", *bw, si);
}

int bdb_fio_direction_line(const char *p, const char *end)
{
    const char *w = p;
    while (w < end && *w != ' ' && *w != ':')
        w++;
    int d = dir_of(p, w);
    const char *q = bdb_skip_ws(w, end);
    if (d < 0 || q >= end || *q != ':')
        return -1;
    q = bdb_skip_ws(q + 1, end);
    if ((bdb_starts_with(q, end, "IOPS=") && bdb_contains(q, end, ", BW=")) ||
        (bdb_starts_with(q, end, "io=") && bdb_contains(q, end, ", bw=")))
        return d;
    return -1;
}

/* "read: IOPS=47.2k, BW=184MiB/s (193MB/s)(553MiB/3001msec)[; ...]" */
static int dir_line_v3(text_state *st, int dir, const char *p,
                       const char *end, int line)
{
    double iops, bw, bw_si, io, runt;
    const char *q = bdb_find(p, end, "IOPS=");
    if (!q)
        return perr(st, line, "IOPS= in the direction line");
    q += 5;
    const char *at_iops = q, *at_bw, *at_si, *at_io, *at_runt;
    if (!scan_si(&q, end, &iops))
        return perr(st, line, "a number after IOPS=");
    if (!bdb_scan_lit(&q, end, ",", 0) || !bdb_scan_lit(&q, end, "BW=", 1) ||
        !(at_bw = q) || !scan_size_unit(&q, end, 1024, " (,", &bw))
        return perr(st, line, "BW=<rate> after IOPS");
    if (!bdb_scan_lit(&q, end, "(", 1) || !(at_si = q) ||
        !scan_size_unit(&q, end, 1000, ")", &bw_si) ||
        !bdb_scan_lit(&q, end, ")", 0))
        return perr(st, line, "the SI rate in parentheses after BW=");
    int keep, rc = check_rates(st, line, &bw, at_bw, bw_si, at_si, end, &keep);
    if (rc || !keep)
        return rc;
    if (!bdb_scan_lit(&q, end, "(", 1) || !(at_io = q) ||
        !scan_size_unit(&q, end, 1024, "/", &io) ||
        !bdb_scan_lit(&q, end, "/", 0) || !(at_runt = q) ||
        !bdb_scan_number(&q, end, &runt, 0) ||
        !bdb_scan_lit(&q, end, "msec)", 0))
        return perr(st, line, "(<io>/<runtime>msec) after the bandwidth");
    fio_entry *e = st->job;
    rc = add(st, e, "iops", iops, BDB_UNIT_OPS_PER_S, BDB_HIGHER_IS_BETTER,
             fig_line(st, at_iops, line), dir);
    if (!rc)
        rc = add(st, e, "bandwidth", bw, BDB_UNIT_BYTES_PER_S,
                 BDB_HIGHER_IS_BETTER, fig_line(st, at_bw, line), dir);
    if (!rc)
        rc = add(st, e, "io_bytes", io, BDB_UNIT_BYTES, BDB_NEUTRAL,
                 fig_line(st, at_io, line), dir);
    if (!rc)
        rc = add(st, e, "runtime", runt / 1000.0, BDB_UNIT_SECONDS, BDB_NEUTRAL,
                 fig_line(st, at_runt, line), dir);
    /* what stat.c appends: "; 12 zone resets" (zonemode=zbd, zbd.c
     * zbd_write_status) or "; Cachehit=93.20%" (read of a cached
     * engine) */
    q = bdb_skip_ws(q, end);
    if (!rc && q < end && *q == ';') {
        q = bdb_skip_ws(q + 1, end);
        double x;
        const char *r = q;
        if (bdb_scan_number(&r, end, &x, 0) &&
            bdb_scan_lit(&r, end, "zone resets", 1))
            rc = add(st, e, "zone_resets", x, BDB_UNIT_COUNT, BDB_NEUTRAL,
                     line, dir);
        else if (field(q, end, "Cachehit", &x, 0))
            rc = add(st, e, "cache_hit", x, BDB_UNIT_PERCENT,
                     BDB_HIGHER_IS_BETTER, line, dir);
        else
            rc = pwarn(st, line, "numbers after the direction's figures not "
                       "read: %.*s", (int)(end - q > 80 ? 80 : end - q), q);
    }
    return rc;
}

/* "read : io=1024.0MB, bw=51041KB/s, iops=12760, runt= 20544msec"; fio
 * of 2006 printed no iops= ("  %s: io=%6luMiB, bw=%6luKiB/s,
 * runt=%6lumsec" in its stat.c) */
static int dir_line_v2(text_state *st, int dir, const char *p,
                       const char *end, int line)
{
    double io, bw, iops, runt;
    const char *q = bdb_find(p, end, "io=");
    if (!q)
        return perr(st, line, "io= in the direction line");
    q += 3;
    q = bdb_skip_ws(q, end);
    const char *at_io = q;
    if (!scan_size_unit(&q, end, 1024, ", ", &io))
        return perr(st, line, "a size after io=");
    q = bdb_find(q, end, "bw=");
    if (!q)
        return perr(st, line, "bw= in the direction line");
    q = bdb_skip_ws(q + 3, end);
    const char *at_bw = q, *at_iops = bdb_find(q, end, "iops=");
    if (!scan_size_unit(&q, end, 1024, ", ", &bw))
        return perr(st, line, "a rate after bw=");
    int has_iops = bdb_contains(q, end, "iops=");
    if (has_iops && !field(q, end, "iops", &iops, 1))
        return perr(st, line, "a number after iops=");
    const char *r = bdb_find(q, end, "runt=");
    if (!r)
        return perr(st, line, "runt= in the direction line");
    r += 5;
    const char *at_runt = r;
    /* a blank before "msec": a copy whose spaces were re-flowed
     * ("runt=262833 msec" in a README comment) */
    if (!bdb_scan_number(&r, end, &runt, 0) || !bdb_scan_lit(&r, end, "msec", 1))
        return perr(st, line, "runt=<n>msec");
    fio_entry *e = st->job;
    /* each figure on the line it is printed on when a page wrapped the
     * line after a comma ("bw=3566.2KB/s," / "iops=891, runt=...") */
    int rc = has_iops ? add(st, e, "iops", iops, BDB_UNIT_OPS_PER_S,
                            BDB_HIGHER_IS_BETTER,
                            fig_line(st, at_iops, line), dir)
                      : BDB_OK;
    if (!rc)
        rc = add(st, e, "bandwidth", bw, BDB_UNIT_BYTES_PER_S,
                 BDB_HIGHER_IS_BETTER, fig_line(st, at_bw, line), dir);
    if (!rc)
        rc = add(st, e, "io_bytes", io, BDB_UNIT_BYTES, BDB_NEUTRAL,
                 fig_line(st, at_io, line), dir);
    if (!rc)
        rc = add(st, e, "runtime", runt / 1000.0, BDB_UNIT_SECONDS,
                 BDB_NEUTRAL, fig_line(st, at_runt, line), dir);
    return rc;
}

/* "clat (usec): min=123, max=7957, avg=674.52, stdev=415.41" */
static int lat_line(text_state *st, const char *prefix, int dir,
                    double scale, const char *p, const char *end, int line)
{
    double v[4];
    const char *at[4];
    static const char *const keys[4] = {"min", "max", "avg", "stdev"};
    static const char *const names[4] = {"min", "max", "mean", "stdev"};
    for (int i = 0; i < 4; i++)
        if (!field_at(p, end, keys[i], &v[i], 1, &at[i]))
            return perr(st, line, "min=, max=, avg= and stdev= in the "
                                  "latency line");
    int rc = BDB_OK;
    char metric[48];
    for (int i = 0; i < 4 && !rc; i++) {
        snprintf(metric, sizeof metric, "%s_%s", prefix, names[i]);
        rc = add(st, st->job, metric, v[i] * scale, BDB_UNIT_SECONDS,
                 BDB_LOWER_IS_BETTER, fig_line(st, at[i], line), dir);
    }
    return rc;
}

/* "| 1.00th=[  457],  5.00th=[  478], ..." */
static int pct_line(text_state *st, const char *p, const char *end, int line)
{
    const char *q = p + 1;
    int rc = BDB_OK;
    for (;;) {
        q = bdb_skip_ws(q, end);
        if (q >= end)
            break;
        double pct, v;
        if (!bdb_scan_number(&q, end, &pct, 0) ||
            !bdb_scan_lit(&q, end, "th=[", 0))
            return perr(st, line, "<pct>th=[<value>] in the percentile list");
        q = bdb_skip_ws(q, end);
        const char *at = q;
        if (!scan_si(&q, end, &v) || !bdb_scan_lit(&q, end, "]", 1))
            return perr(st, line, "<pct>th=[<value>] in the percentile list");
        char name[24], metric[48];
        bdb_fio_pct_name(pct, name, sizeof name);
        if (name[0]) {
            snprintf(metric, sizeof metric, "%s_%s", st->pct_prefix, name);
            rc = add(st, st->job, metric, v * st->pct_scale, BDB_UNIT_SECONDS,
                     BDB_LOWER_IS_BETTER, fig_line(st, at, line), st->pct_dir);
            if (rc)
                return rc;
        }
        bdb_scan_lit(&q, end, ",", 1);
    }
    return rc;
}

/* "bw (  KiB/s): min=.., max=.., per=..%, avg=.., stdev=.." */
static int bw_line(text_state *st, const char *unit, const char *unit_end,
                   const char *p, const char *end, int line)
{
    char u[32];
    size_t n = 0;
    for (const char *c = unit; c < unit_end && n + 1 < sizeof u; c++)
        if (*c != ' ')
            u[n++] = *c;
    u[n] = '\0';
    double mult;
    int bits = 0;
    if (bdb_units_size(u, u + n, 1024, &mult, &bits) != 0 || bits)
        return perr(st, line, "a bandwidth unit such as (KiB/s)");
    double v[4];
    const char *at[4], *x_at;
    static const char *const keys[4] = {"min", "max", "avg", "stdev"};
    static const char *const names[4] = {"bandwidth_min", "bandwidth_max",
                                         "bandwidth_mean", "bandwidth_stdev"};
    for (int i = 0; i < 4; i++)
        if (!field_at(p, end, keys[i], &v[i], 0, &at[i]))
            return perr(st, line, "min=, max=, avg= and stdev= in the bw line");
    int rc = BDB_OK;
    for (int i = 0; i < 4 && !rc; i++)
        rc = add(st, st->job, names[i], v[i] * mult, BDB_UNIT_BYTES_PER_S,
                 i == 3 ? BDB_LOWER_IS_BETTER : BDB_HIGHER_IS_BETTER,
                 fig_line(st, at[i], line), st->dir);
    /* per=: the job's share of its group's bandwidth (fio 1.x on);
     * samples=: how many intervals the statistics are of (3.x) */
    double x;
    if (!rc && field_at(p, end, "per", &x, 0, &x_at))
        rc = add(st, st->job, "bandwidth_share", x, BDB_UNIT_PERCENT,
                 BDB_NEUTRAL, fig_line(st, x_at, line), st->dir);
    if (!rc && field_at(p, end, "samples", &x, 0, &x_at))
        rc = add(st, st->job, "bandwidth_samples", x, BDB_UNIT_COUNT,
                 BDB_NEUTRAL, fig_line(st, x_at, line), st->dir);
    return rc;
}

static int iops_line(text_state *st, const char *p, const char *end, int line)
{
    double v[4];
    const char *at[4], *x_at;
    static const char *const keys[4] = {"min", "max", "avg", "stdev"};
    static const char *const names[4] = {"iops_min", "iops_max", "iops_mean",
                                         "iops_stdev"};
    for (int i = 0; i < 4; i++)
        if (!field_at(p, end, keys[i], &v[i], 1, &at[i]))
            return perr(st, line, "min=, max=, avg= and stdev= in the iops "
                                  "line");
    int rc = BDB_OK;
    for (int i = 0; i < 4 && !rc; i++)
        rc = add(st, st->job, names[i], v[i], BDB_UNIT_OPS_PER_S,
                 i == 3 ? BDB_LOWER_IS_BETTER : BDB_HIGHER_IS_BETTER,
                 fig_line(st, at[i], line), st->dir);
    double x;
    if (!rc && field_at(p, end, "samples", &x, 0, &x_at))
        rc = add(st, st->job, "iops_samples", x, BDB_UNIT_COUNT, BDB_NEUTRAL,
                 fig_line(st, x_at, line), st->dir);
    return rc;
}

static int cpu_line(text_state *st, const char *p, const char *end, int line)
{
    double usr, sys, ctx;
    const char *a_usr, *a_sys, *at;
    if (!field_at(p, end, "usr", &usr, 0, &a_usr) ||
        !field_at(p, end, "sys", &sys, 0, &a_sys))
        return perr(st, line, "usr= and sys= in the cpu line");
    int rc = add(st, st->job, "cpu_usr", usr, BDB_UNIT_PERCENT, BDB_NEUTRAL,
                 fig_line(st, a_usr, line), FIO_DIR_NONE);
    if (!rc)
        rc = add(st, st->job, "cpu_sys", sys, BDB_UNIT_PERCENT, BDB_NEUTRAL,
                 fig_line(st, a_sys, line), FIO_DIR_NONE);
    if (!rc && field_at(p, end, "ctx", &ctx, 0, &at))
        rc = add(st, st->job, "context_switches", ctx, BDB_UNIT_COUNT,
                 BDB_NEUTRAL, fig_line(st, at, line), FIO_DIR_NONE);
    /* page faults (getrusage's ru_majflt/ru_minflt), fio 1.x on */
    double f;
    if (!rc && field_at(p, end, "majf", &f, 0, &at))
        rc = add(st, st->job, "page_faults_major", f, BDB_UNIT_COUNT,
                 BDB_NEUTRAL, fig_line(st, at, line), FIO_DIR_NONE);
    if (!rc && field_at(p, end, "minf", &f, 0, &at))
        rc = add(st, st->job, "page_faults_minor", f, BDB_UNIT_COUNT,
                 BDB_NEUTRAL, fig_line(st, at, line), FIO_DIR_NONE);
    return rc;
}

/* A line inside a job block. p..end is trimmed. */
static int block_line(text_state *st, const char *p, const char *end, int line)
{
    if (*p == '|') {
        if (!st->pct_prefix)
            return BDB_OK;
        return pct_line(st, p, end, line);
    }
    st->pct_prefix = NULL;
    /* word, optional "(unit)", ':' */
    const char *w = p, *we = p;
    while (we < end && *we != ' ' && *we != ':' && *we != '(')
        we++;
    const char *q = bdb_skip_ws(we, end);
    const char *unit = NULL, *unit_end = NULL;
    if (q < end && *q == '(') {
        unit = q + 1;
        unit_end = unit;
        while (unit_end < end && *unit_end != ')')
            unit_end++;
        if (unit_end >= end)
            return BDB_OK;
        q = bdb_skip_ws(unit_end + 1, end);
    }
    /* direction lines */
    int dir = dir_of(w, we);
    if (dir >= 0 && q < end && *q == ':') {
        st->dir = dir;
        st->job_has_dir = 1;
        if (bdb_contains(q, end, "IOPS="))
            return dir_line_v3(st, dir, q + 1, end, line);
        return dir_line_v2(st, dir, q + 1, end, line);
    }
    /* "clat percentiles (usec):" */
    if (bdb_starts_with(q, end, "percentiles")) {
        const char *u = bdb_find(q, end, "(");
        const char *ue = u ? bdb_find(u, end, ")") : NULL;
        double scale;
        if (!u || !ue || !time_unit(u + 1, ue, &scale))
            return perr(st, line, "a unit such as (usec) after percentiles");
        int is_sync = bdb_span_eq(w, we, "sync");
        st->pct_prefix = bdb_span_eq(w, we, "clat")   ? "clat"
                         : bdb_span_eq(w, we, "slat") ? "slat"
                         : bdb_span_eq(w, we, "lat")  ? "latency"
                         : is_sync                    ? "sync_latency"
                                                      : NULL;
        st->pct_dir = is_sync ? FIO_DIR_NONE : st->dir;
        st->pct_scale = scale;
        return BDB_OK;
    }
    if (q >= end || *q != ':')
        return BDB_OK; /* "fsync/fdatasync/sync_file_range:" and the like */
    const char *rest = q + 1;
    if (unit && (bdb_span_eq(w, we, "slat") || bdb_span_eq(w, we, "clat") ||
                 bdb_span_eq(w, we, "lat") || bdb_span_eq(w, we, "sync"))) {
        if (!bdb_contains(rest, end, "min="))
            return BDB_OK; /* "lat (usec) : 250=0.04%, ..." distribution */
        double scale;
        if (!time_unit(unit, unit_end, &scale))
            return perr(st, line, "a latency unit (nsec, usec or msec)");
        int is_sync = bdb_span_eq(w, we, "sync");
        const char *prefix = bdb_span_eq(w, we, "lat") ? "latency"
                             : is_sync                 ? "sync_latency"
                             : bdb_span_eq(w, we, "slat") ? "slat"
                                                          : "clat";
        if (st->dir < 0 && !is_sync)
            return perr(st, line, "a direction line before the latency line");
        return lat_line(st, prefix, is_sync ? FIO_DIR_NONE : st->dir, scale,
                        rest, end, line);
    }
    if (unit && bdb_span_eq(w, we, "bw")) {
        if (st->dir < 0)
            return perr(st, line, "a direction line before the bw line");
        return bw_line(st, unit, unit_end, rest, end, line);
    }
    if (!unit && bdb_span_eq(w, we, "iops")) {
        if (st->dir < 0)
            return perr(st, line, "a direction line before the iops line");
        return iops_line(st, rest, end, line);
    }
    if (!unit && bdb_span_eq(w, we, "cpu"))
        return cpu_line(st, rest, end, line);
    /* "errors    : total=3, first_error=5/<Input/output error>"
     * (continue_on_error): the count; the first error is an errno */
    double errs;
    if (!unit && bdb_span_eq(w, we, "errors") && field(rest, end, "total", &errs, 0))
        return add(st, st->job, "errors", errs, BDB_UNIT_COUNT,
                   BDB_LOWER_IS_BETTER, line, FIO_DIR_NONE);
    return BDB_OK; /* IO depths, submit, complete, issued, latency, errors */
}

/* ---- group summaries and disk stats --------------------------------------- */

int bdb_fio_group_dir(const char *p, const char *end, const char **colon)
{
    static const char *const names[FIO_NDIRS] = {"READ", "WRITE", "TRIM",
                                                 "MIXED"};
    const char *c = bdb_find(p, end, ":");
    *colon = c;
    for (int d = 0; c && d < FIO_NDIRS; d++)
        if (bdb_span_eq(p, c, names[d]))
            return d;
    /* an author's label before a group's status line, to tell two
     * machines' summaries apart ("HOST: WRITE: bw=20.4MiB/s (21.4MB/s),
     * ...", "VM:   WRITE: bw=..."): a word, its colon, blanks */
    const char *w = p;
    while (w < end && w - p < 16 &&
           ((*w >= 'A' && *w <= 'Z') || (*w >= 'a' && *w <= 'z') ||
            (*w >= '0' && *w <= '9') || *w == '_' || *w == '-'))
        w++;
    if (w == p || w != c || c + 1 >= end || (c[1] != ' ' && c[1] != '\t'))
        return -1;
    const char *q = bdb_skip_ws(c + 1, end), *c2 = bdb_find(q, end, ":");
    if (!c2)
        return -1;
    const char *v = bdb_skip_ws(c2 + 1, end);
    if (!bdb_starts_with(v, end, "bw=") && !bdb_starts_with(v, end, "io="))
        return -1;
    for (int d = 0; d < FIO_NDIRS; d++)
        if (bdb_span_eq(q, c2, names[d])) {
            *colon = c2;
            return d;
        }
    return -1;
}

int bdb_fio_is_group_line(const char *p, const char *end)
{
    const char *c;
    if (bdb_fio_group_dir(p, end, &c) < 0)
        return 0;
    /* 3.x: "bw=.. (..), ..-.. (..-..), io=.. (..), run=..-..msec";
     * 1.x/2.x: "io=.., aggrb=.., minb=.., maxb=.., mint=..msec,
     * maxt=..msec" (stat.c show_group_stats) */
    const char *q = bdb_skip_ws(c + 1, end);
    if (bdb_starts_with(q, end, "bw="))
        return bdb_contains(q, end, ", io=") && bdb_contains(q, end, ", run=") &&
               bdb_contains(q, end, "msec");
    return bdb_starts_with(q, end, "io=") && bdb_contains(q, end, "aggrb=") &&
           bdb_contains(q, end, "maxt=");
}

/* A "<n>msec" after key= in [p, end) (a blank before "msec" allowed, as
 * in runt=). */
static int msec_field(const char *p, const char *end, const char *key,
                      double *out, const char **at)
{
    const char *t = bdb_find(p, end, key);
    if (!t)
        return 0;
    t = *at = bdb_skip_ws(t + strlen(key), end);
    return bdb_scan_number(&t, end, out, 0) && bdb_scan_lit(&t, end, "msec", 1);
}

/* "READ: bw=369MiB/s (386MB/s), 184MiB/s-184MiB/s (193MB/s-193MB/s),
 *  io=1106MiB (1160MB), run=3001-3001msec" (3.x, stat.c show_group_stats)
 * or "READ: io=.., aggrb=..KB/s, minb=..KB/s, maxb=..KB/s, mint=..msec,
 * maxt=..msec" (1.x/2.x): the group's aggregate bandwidth, the slowest
 * and fastest job's bandwidth, the I/O, the shortest and longest job's
 * runtime. */
static int group_line(text_state *st, int dir, const char *p, const char *end,
                      int line)
{
    double bw, io, runt, minb, maxb, mint;
    const char *q, *a_bw, *a_io, *a_minb, *a_maxb, *a_mint, *a_runt;
    if ((q = bdb_find(p, end, "aggrb=")) != NULL) {
        q += 6;
        a_bw = q;
        if (!scan_size_unit(&q, end, 1024, ", ", &bw))
            return perr(st, line, "a rate after aggrb=");
        const char *i = bdb_find(p, end, "io=");
        if (!i)
            return perr(st, line, "io= in the group line");
        i = bdb_skip_ws(i + 3, end);
        a_io = i;
        if (!scan_size_unit(&i, end, 1024, ", ", &io))
            return perr(st, line, "a size after io=");
        const char *b = bdb_find(p, end, "minb=");
        const char *c = bdb_find(p, end, "maxb=");
        if (!b || !c)
            return perr(st, line, "minb= and maxb= in the group line");
        b = a_minb = bdb_skip_ws(b + 5, end);
        c = a_maxb = bdb_skip_ws(c + 5, end);
        if (!scan_size_unit(&b, end, 1024, ", ", &minb) ||
            !scan_size_unit(&c, end, 1024, ", ", &maxb))
            return perr(st, line, "rates after minb= and maxb=");
        if (!msec_field(p, end, "mint=", &mint, &a_mint) ||
            !msec_field(p, end, "maxt=", &runt, &a_runt))
            return perr(st, line, "mint=<n>msec and maxt=<n>msec");
    } else {
        q = bdb_find(p, end, "bw=");
        if (!q)
            return perr(st, line, "bw= in the group line");
        q += 3;
        a_bw = q;
        double si, minsi, maxsi;
        const char *a_si = NULL;
        if (!scan_size_unit(&q, end, 1024, " (,", &bw) ||
            !bdb_scan_lit(&q, end, "(", 1) || !(a_si = q) ||
            !scan_size_unit(&q, end, 1000, ")", &si))
            return perr(st, line, "bw=<rate> (<SI rate>) in the group line");
        int keep, rc = check_rates(st, line, &bw, a_bw, si, a_si, end, &keep);
        if (rc || !keep)
            return rc;
        /* ", 184MiB/s-184MiB/s (193MB/s-193MB/s)" */
        int sep = bdb_scan_lit(&q, end, ")", 0) && bdb_scan_lit(&q, end, ",", 1);
        q = a_minb = bdb_skip_ws(q, end);
        if (!sep || !scan_size_unit(&q, end, 1024, "-", &minb) ||
            !bdb_scan_lit(&q, end, "-", 0) || !(a_maxb = q) ||
            !scan_size_unit(&q, end, 1024, " (", &maxb) ||
            !bdb_scan_lit(&q, end, "(", 1) ||
            !scan_size_unit(&q, end, 1000, "-", &minsi) ||
            !bdb_scan_lit(&q, end, "-", 0) ||
            !scan_size_unit(&q, end, 1000, ")", &maxsi))
            return perr(st, line, "<min>-<max> (<SI min>-<SI max>) after the "
                                  "group's bandwidth");
        const char *i = bdb_find(q, end, "io=");
        if (!i)
            return perr(st, line, "io= in the group line");
        i += 3;
        a_io = i;
        if (!scan_size_unit(&i, end, 1024, " (,", &io))
            return perr(st, line, "a size after io=");
        const char *r = bdb_find(i, end, "run=");
        if (!r)
            return perr(st, line, "run= in the group line");
        r += 4;
        a_mint = r;
        if (!bdb_scan_number(&r, end, &mint, 0) || !bdb_scan_lit(&r, end, "-", 0) ||
            !(a_runt = r) || !bdb_scan_number(&r, end, &runt, 0) ||
            !bdb_scan_lit(&r, end, "msec", 0))
            return perr(st, line, "run=<min>-<max>msec");
    }
    fio_entry *e = st->group;
    int rc = add(st, e, "group_bandwidth", bw, BDB_UNIT_BYTES_PER_S,
                 BDB_HIGHER_IS_BETTER, fig_line(st, a_bw, line), dir);
    if (!rc)
        rc = add(st, e, "group_bandwidth_min", minb, BDB_UNIT_BYTES_PER_S,
                 BDB_HIGHER_IS_BETTER, fig_line(st, a_minb, line), dir);
    if (!rc)
        rc = add(st, e, "group_bandwidth_max", maxb, BDB_UNIT_BYTES_PER_S,
                 BDB_HIGHER_IS_BETTER, fig_line(st, a_maxb, line), dir);
    if (!rc)
        rc = add(st, e, "group_io_bytes", io, BDB_UNIT_BYTES, BDB_NEUTRAL,
                 fig_line(st, a_io, line), dir);
    if (!rc)
        rc = add(st, e, "group_runtime_min", mint / 1000.0, BDB_UNIT_SECONDS,
                 BDB_NEUTRAL, fig_line(st, a_mint, line), dir);
    if (!rc)
        rc = add(st, e, "group_runtime", runt / 1000.0, BDB_UNIT_SECONDS,
                 BDB_NEUTRAL, fig_line(st, a_runt, line), dir);
    return rc;
}

/* The disk statistics' fields (diskutil.c print_disk_util, show_agg_stats):
 * "r/w" pairs, single counts, and percentages; ticks and in_queue are ms.
 * md devices add the average of their slaves' ("aggr"); fio 2.x spells
 * its sectors "aggsectors" as 3.x does. */
static const struct disk_key {
    const char *key;
    const char *prefix, *name; /* pairs: prefix read_ name, write_ name */
    int pair;
    double scale;           /* ms -> s */
    const char *unit;
} disk_keys[] = {
    {"ios", "disk_", "ios", 1, 1, BDB_UNIT_COUNT},
    {"sectors", "disk_", "sectors", 1, 1, BDB_UNIT_COUNT},
    {"merge", "disk_", "merges", 1, 1, BDB_UNIT_COUNT},
    {"ticks", "disk_", "ticks", 1, 1e-3, BDB_UNIT_SECONDS},
    {"in_queue", "disk_", "in_queue", 0, 1e-3, BDB_UNIT_SECONDS},
    {"util", "disk_", "util", 0, 1, BDB_UNIT_PERCENT},
    {"aggrios", "disk_aggr_", "ios", 1, 1, BDB_UNIT_COUNT},
    {"aggsectors", "disk_aggr_", "sectors", 1, 1, BDB_UNIT_COUNT},
    {"aggrsectors", "disk_aggr_", "sectors", 1, 1, BDB_UNIT_COUNT},
    {"aggrmerge", "disk_aggr_", "merges", 1, 1, BDB_UNIT_COUNT},
    {"aggrticks", "disk_aggr_", "ticks", 1, 1e-3, BDB_UNIT_SECONDS},
    {"aggrin_queue", "disk_aggr_", "in_queue", 0, 1e-3, BDB_UNIT_SECONDS},
    {"aggrutil", "disk_aggr_", "util", 0, 1, BDB_UNIT_PERCENT},
};

/* "vda: ios=" (show_disk_util's "%s: ios=", "  md0: ios=" too): a disk
 * stats line's start, its device one word. */
static int disk_line_shape(const char *p, const char *end)
{
    const char *colon = bdb_find(p, end, ": ");
    if (!colon || colon == p)
        return 0;
    for (const char *q = p; q < colon; q++)
        if (*q == ' ' || *q == '\t' || *q == '=')
            return 0;
    return bdb_starts_with(bdb_skip_ws(colon + 1, end), end, "ios=");
}

/* "vda: ios=272586/0, sectors=.., merge=0/0, ticks=137491/0,
 *  in_queue=137490, util=91.58%" (md devices add aggr* fields): every
 * field is read; one fio does not print is a warning. */
static int disk_line(text_state *st, const char *p, const char *end, int line)
{
    const char *colon = bdb_find(p, end, ": ");
    if (!colon || !bdb_contains(colon, end, "ios=") ||
        !bdb_contains(colon, end, "util="))
        return perr(st, line, "<device>: ios=.., util=..% in the disk stats");
    fio_entry *e = bdb_fio_doc_add(st->doc, FIO_ENTRY_DISK, p, colon, st->run, line);
    if (!e)
        return BDB_ENOMEM;
    snprintf(e->host, sizeof e->host, "%s", st->host);
    int rc = BDB_OK;
    const char *q = colon + 1;
    while (!rc) {
        q = bdb_skip_ws(q, end);
        while (q < end && (*q == ',' || *q == ' '))
            q++;
        if (q >= end)
            break;
        const char *k = q;
        while (q < end && *q != '=' && *q != ',' && *q != ' ')
            q++;
        const char *ke = q;
        /* a line a page wrapped after a comma ("in_queue=7433124," /
         * "util=99.05%"): each field on the line it is printed on */
        int kline = fig_line(st, k, line);
        size_t i, n = sizeof disk_keys / sizeof *disk_keys;
        for (i = 0; i < n; i++)
            if (bdb_span_eq(k, ke, disk_keys[i].key))
                break;
        double a = 0, b = 0;
        /* each number at its own place: a mail's soft break may fall
         * inside the key or between the pair ("u=" / "til=99.95%") */
        const char *a_at = NULL, *b_at = NULL;
        int ok = i < n && q < end && *q == '=';
        if (ok) {
            q = bdb_skip_ws(q + 1, end);
            a_at = q;
            ok = bdb_scan_number(&q, end, &a, 0);
            if (ok && disk_keys[i].pair)
                ok = bdb_scan_lit(&q, end, "/", 0) &&
                     (b_at = bdb_skip_ws(q, end)) != NULL &&
                     bdb_scan_number(&q, end, &b, 0);
            else if (ok && !strcmp(disk_keys[i].unit, BDB_UNIT_PERCENT))
                bdb_scan_lit(&q, end, "%", 0);
        }
        if (!ok) {
            while (q < end && *q != ',')
                q++;
            rc = pwarn(st, kline, "disk stats field not read: %.*s",
                       (int)(q - k > 60 ? 60 : q - k), k);
            continue;
        }
        const struct disk_key *dk = &disk_keys[i];
        char metric[48];
        int aline = fig_line(st, a_at, line), acol = st->fig_col;
        if (dk->pair) {
            snprintf(metric, sizeof metric, "%sread_%s", dk->prefix, dk->name);
            st->fig_col = acol;
            rc = add(st, e, metric, a * dk->scale, dk->unit, BDB_NEUTRAL,
                     aline, -1);
            snprintf(metric, sizeof metric, "%swrite_%s", dk->prefix, dk->name);
            int bline = fig_line(st, b_at, line);
            if (!rc)
                rc = add(st, e, metric, b * dk->scale, dk->unit, BDB_NEUTRAL,
                         bline, -1);
        } else {
            snprintf(metric, sizeof metric, "%s%s", dk->prefix, dk->name);
            st->fig_col = acol;
            rc = add(st, e, metric, a * dk->scale, dk->unit, BDB_NEUTRAL,
                     aline, -1);
        }
    }
    return rc;
}

/* ---- terse ------------------------------------------------------------------ */

typedef struct tfield {
    const char *p, *end;
} tfield;

/* Splits at ';' into a malloc'd array (*nf fields); NULL: out of memory. */
static tfield *split(const char *p, const char *end, int *nf)
{
    size_t n = 1;
    for (const char *c = p; c < end; c++)
        if (*c == ';')
            n++;
    if (n > 1000000)
        n = 1000000; /* the rest is one last field: reported as unread */
    tfield *f = malloc(n * sizeof *f);
    if (!f)
        return NULL;
    size_t k = 0;
    const char *s = p;
    for (const char *c = p; c < end && k + 1 < n; c++)
        if (*c == ';') {
            f[k].p = s;
            f[k].end = c;
            k++;
            s = c + 1;
        }
    f[k].p = s;
    f[k].end = end;
    *nf = (int)(k + 1);
    return f;
}

static int fnum(const tfield *f, double *v)
{
    const char *q = f->p;
    if (!bdb_scan_number(&q, f->end, v, 0))
        return 0;
    if (q < f->end && *q == '%')
        q++;
    return q == f->end;
}

static int fnum_at(const tfield *f, int n, int i)
{
    double v;
    return i < n && fnum(&f[i], &v);
}

static int semicolons(const char *p, const char *end)
{
    int n = 0;
    for (; p < end && n < 60; p++)
        n += *p == ';';
    return n;
}

/* Terse lines (stat.c show_thread_status_terse_all; fio 1.50's
 * show_thread_status_terse): "2;name;groupid;error;..." for version 2,
 * "3;fio-3.33;name;groupid;error;..." for 3..5, then one block per
 * direction. A fio 1.x version 2 line has no percentiles and no iops. */
int bdb_fio_is_terse_line(const char *p, const char *end)
{
    bdb_trim(&p, &end);
    if (end - p < 10 || p[1] != ';' || p[0] < '2' || p[0] > '5')
        return 0;
    if (semicolons(p, end) < 40)
        return 0;
    if (p[0] >= '3')
        return bdb_starts_with(p + 2, end, "fio-") ||
               bdb_contains(p, end, "%=");
    return 1;
}

const char *bdb_fio_terse_start(const char *p, const char *end)
{
    bdb_trim(&p, &end);
    if (bdb_fio_is_terse_line(p, end))
        return p;
    /* versions 3..5 name fio after the version: "3;fio-2.1.10;" may
     * follow any prefix that does not glue it to a word or a number
     * ("v3;fio-", "1.3;fio-" are not a record's start) */
    for (const char *q = p + 1; q + 10 <= end;) {
        const char *f = bdb_find(q, end, ";fio-");
        if (!f)
            break;
        const char *s = f - 1;
        if (s > p && *s >= '3' && *s <= '5') {
            unsigned char b = (unsigned char)s[-1];
            int glued = (b >= '0' && b <= '9') || (b >= 'a' && b <= 'z') ||
                        (b >= 'A' && b <= 'Z') || b == '.' || b == '_' ||
                        b == '-' || b == ';' || b >= 0x80;
            if (!glued && bdb_fio_is_terse_line(s, end))
                return s;
        }
        q = f + 5;
    }
    return NULL;
}

/* fio before 2.0.8 printed terse bandwidth as io_bytes / runtime_msec
 * (bytes per ms = 1000 B/s); from 2.0.8 on (commit "Fix terse bandwidth")
 * as KiB/s. The version string says which for versions 3..5; a version 2
 * line does not carry it, so the block's own io_kb and runtime decide:
 * bw * runtime / io_kb is 1000 for KiB/s and 1024 for bytes per ms. */
static double terse_bw_unit(const char *ver, const char *ver_end, double io_kb,
                            double bw, double runt, int *unsure)
{
    *unsure = 0;
    if (ver && bdb_starts_with(ver, ver_end, "fio-")) {
        const char *q = ver + 4;
        double major = 0, minor = 0, micro = 0;
        if (bdb_scan_number(&q, ver_end, &major, 0)) {
            /* "2.0.7": strtod reads "2.0", the rest follows */
            const char *dot = bdb_find(ver + 4, ver_end, ".");
            q = dot ? dot + 1 : ver_end;
            long long mi = 0, mc = 0;
            if (bdb_scan_int(&q, ver_end, &mi))
                minor = (double)mi;
            if (q < ver_end && *q == '.') {
                q++;
                if (bdb_scan_int(&q, ver_end, &mc))
                    micro = (double)mc;
            }
            int old = major < 2 || (major == 2 && minor == 0 && micro < 8);
            return old ? 1000.0 : 1024.0;
        }
    }
    if (io_kb >= 1000 && bw >= 100 && runt > 0) {
        double r = bw * runt / io_kb;
        return (r > 1012.0) ? 1000.0 : 1024.0;
    }
    *unsure = bw > 0;
    return 1024.0;
}

/* One direction block at b. Field order (stat.c show_ddir_status_terse):
 * io_kb 0, bw 1, iops 2, runtime_ms 3, slat min;max;mean;dev 4..7 (usec),
 * clat 8..11, 20 "P%=usec" percentiles 12..31 (of clat, or of total
 * latency when lat_percentiles=1, which the line does not say), lat
 * 32..35, bw min;max;agg%;mean;dev 36..40 (KiB/s); version 5 adds
 * bw_samples 41 and iops min;max;mean;dev;samples 42..46. fio 1.x
 * (old_layout): io_kb, bw, runtime, slat 4, clat 4, lat 4, bw 5. */
static int terse_block(text_state *st, fio_entry *e, const tfield *b,
                       int per_dir, int old_layout, int ver,
                       const tfield *verf, int dir, int line)
{
    double v[47];
    const char *vat[47] = {NULL}; /* where each was printed */
    int rc = BDB_OK;
    /* old layout mapped onto the new indexes */
    static const int old_map[20] = {0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                                    32, 33, 34, 35, 36, 37, 38, 39, 40};
    memset(v, 0, sizeof v);
    for (int k = 0; k < per_dir; k++) {
        int at = old_layout ? old_map[k] : k;
        if (!old_layout && k >= 12 && k < 32)
            continue;
        vat[at] = b[k].p;
        if (!fnum(&b[k], &v[at]))
            return pwarn(st, line, "a number in field %d of the %s block of "
                         "the terse line: the block is not kept", k + 1,
                         bdb_fio_dir_name(dir));
    }
    if (v[0] <= 0 && v[3] <= 0)
        return BDB_OK; /* direction not done */
    int unsure;
    double unit = terse_bw_unit(verf ? verf->p : NULL, verf ? verf->end : NULL,
                                v[0], v[1], v[3], &unsure);
    if (unsure)
        rc = pwarn(st, line, "terse bandwidth of a version 2 line too small to "
                   "tell fio's unit (KiB/s since fio 2.0.8, bytes/ms before): "
                   "taken as KiB/s");
    /* the figure of field i, scaled, at its column (a line continued
     * over several of the file's: unwrap.c's literal and QP joins) */
#define T(m, i, scale, unit_, better) \
    if (!rc) { \
        field_col(st, vat[(i)]); \
        rc = add(st, e, (m), v[(i)] * (scale), (unit_), (better), line, dir); \
    }
    if (!old_layout)
        T("iops", 2, 1.0, BDB_UNIT_OPS_PER_S, BDB_HIGHER_IS_BETTER);
    T("bandwidth", 1, unit, BDB_UNIT_BYTES_PER_S, BDB_HIGHER_IS_BETTER);
    T("io_bytes", 0, 1024.0, BDB_UNIT_BYTES, BDB_NEUTRAL);
    if (!rc) {
        field_col(st, vat[3]);
        rc = add(st, e, "runtime", v[3] / 1000.0, BDB_UNIT_SECONDS,
                 BDB_NEUTRAL, line, dir);
    }
    static const char *const st4[4] = {"min", "max", "mean", "stdev"};
    char metric[48];
    /* zeros are figures too, as in the JSON reader (fio_json.c
     * lat_block): "not measured" (slat of a synchronous engine) is what
     * fio printed, 0;0;0.000000;0.000000, and a reader sees those */
    static const struct { int at; const char *prefix; } lats[3] = {
        {4, "slat"}, {8, "clat"}, {32, "latency"}};
    for (int l = 0; l < 3; l++) {
        for (int k = 0; k < 4; k++) {
            snprintf(metric, sizeof metric, "%s_%s", lats[l].prefix, st4[k]);
            T(metric, lats[l].at + k, 1e-6, BDB_UNIT_SECONDS,
              BDB_LOWER_IS_BETTER);
        }
    }
    for (int k = 12; k < 32 && !old_layout && !rc; k++) {
        const char *q = b[k].p;
        double pct, val;
        if (!bdb_scan_number(&q, b[k].end, &pct, 0) ||
            !bdb_scan_lit(&q, b[k].end, "%=", 0) ||
            !bdb_scan_number(&q, b[k].end, &val, 0) || q != b[k].end) {
            rc = pwarn(st, line, "<pct>%%=<usec> in field %d of the terse "
                       "line: that percentile is not kept", k + 1);
            continue;
        }
        char name[24];
        bdb_fio_pct_name(pct, name, sizeof name);
        if (!name[0])
            continue; /* "0%=0" filler */
        snprintf(metric, sizeof metric, "clat_%s", name);
        field_col(st, b[k].p);
        rc = add(st, e, metric, val * 1e-6, BDB_UNIT_SECONDS,
                 BDB_LOWER_IS_BETTER, line, dir);
    }
    if (v[37] > 0) {
        T("bandwidth_min", 36, 1024.0, BDB_UNIT_BYTES_PER_S, BDB_HIGHER_IS_BETTER);
        T("bandwidth_max", 37, 1024.0, BDB_UNIT_BYTES_PER_S, BDB_HIGHER_IS_BETTER);
        T("bandwidth_share", 38, 1.0, BDB_UNIT_PERCENT, BDB_NEUTRAL);
        T("bandwidth_mean", 39, 1024.0, BDB_UNIT_BYTES_PER_S, BDB_HIGHER_IS_BETTER);
        T("bandwidth_stdev", 40, 1024.0, BDB_UNIT_BYTES_PER_S, BDB_LOWER_IS_BETTER);
        if (ver == 5)
            T("bandwidth_samples", 41, 1.0, BDB_UNIT_COUNT, BDB_NEUTRAL);
    }
    if (ver == 5 && v[46] > 0) {
        T("iops_min", 42, 1.0, BDB_UNIT_OPS_PER_S, BDB_HIGHER_IS_BETTER);
        T("iops_max", 43, 1.0, BDB_UNIT_OPS_PER_S, BDB_HIGHER_IS_BETTER);
        T("iops_mean", 44, 1.0, BDB_UNIT_OPS_PER_S, BDB_HIGHER_IS_BETTER);
        T("iops_stdev", 45, 1.0, BDB_UNIT_OPS_PER_S, BDB_LOWER_IS_BETTER);
        T("iops_samples", 46, 1.0, BDB_UNIT_COUNT, BDB_NEUTRAL);
    }
#undef T
    return rc;
}

/* A block of the new layout: its 20 percentile fields say so. */
static int pct_block_at(const tfield *f, int n, int at, int per_dir)
{
    if (at + per_dir > n)
        return 0;
    for (int k = 12; k < 32; k++)
        if (!bdb_contains(f[at + k].p, f[at + k].end, "%="))
            return 0;
    return fnum_at(f, n, at) && fnum_at(f, n, at + 1);
}

static int terse_disks(text_state *st, const tfield *f, int n, int at,
                       int line, int *after)
{
    /* name;r_ios;w_ios;r_merge;w_merge;r_ticks;w_ticks;in_queue;util%
     * (diskutil.c print_disk_util, terse); md devices add 8 aggr* fields */
    int rc = BDB_OK;
    while (!rc && at + 9 <= n) {
        const tfield *dk = &f[at];
        double dv[8];
        int ok = dk[0].p < dk[0].end && !(dk[0].p[0] >= '0' && dk[0].p[0] <= '9');
        for (int k = 1; k < 9 && ok; k++)
            ok = fnum(&dk[k], &dv[k - 1]);
        if (!ok || !bdb_contains(dk[8].p, dk[8].end, "%"))
            break; /* error count / description follow instead */
        fio_entry *de = bdb_fio_doc_add(st->doc, FIO_ENTRY_DISK, dk[0].p,
                                        dk[0].end, st->run, line);
        if (!de)
            return BDB_ENOMEM;
        de->from_terse = 1;
        static const struct {
            const char *metric;
            double scale;
            const char *unit;
        } dkeys[8] = {
            {"disk_read_ios", 1, BDB_UNIT_COUNT},
            {"disk_write_ios", 1, BDB_UNIT_COUNT},
            {"disk_read_merges", 1, BDB_UNIT_COUNT},
            {"disk_write_merges", 1, BDB_UNIT_COUNT},
            {"disk_read_ticks", 1e-3, BDB_UNIT_SECONDS},
            {"disk_write_ticks", 1e-3, BDB_UNIT_SECONDS},
            {"disk_in_queue", 1e-3, BDB_UNIT_SECONDS},
            {"disk_util", 1, BDB_UNIT_PERCENT}};
        for (int k = 0; k < 8 && !rc; k++) {
            field_col(st, dk[k + 1].p);
            rc = add(st, de, dkeys[k].metric,
                     dkeys[k].scale == 1 ? dv[k] : dv[k] * dkeys[k].scale,
                     dkeys[k].unit, BDB_NEUTRAL, line, -1);
        }
        at += 9;
        /* md devices: ";slaves;" (3.x) then the slaves' average: ios r/w,
         * merges r/w, ticks r/w, in_queue, util% (2.x: without the word) */
        int slaves = at < n && bdb_span_eq(f[at].p, f[at].end, "slaves");
        int ag = at + slaves;
        if (!rc && ag + 8 <= n && fnum_at(f, n, ag) &&
            bdb_contains(f[ag + 7].p, f[ag + 7].end, "%") && fnum_at(f, n, ag + 7)) {
            static const char *const an[8] = {
                "disk_aggr_read_ios", "disk_aggr_write_ios",
                "disk_aggr_read_merges", "disk_aggr_write_merges",
                "disk_aggr_read_ticks", "disk_aggr_write_ticks",
                "disk_aggr_in_queue", "disk_aggr_util"};
            for (int k = 0; k < 8 && !rc; k++) {
                double av;
                if (!fnum(&f[ag + k], &av))
                    break;
                field_col(st, f[ag + k].p);
                int ms = k >= 4 && k < 7;
                rc = add(st, de, an[k], ms ? av * 1e-3 : av,
                         k == 7 ? BDB_UNIT_PERCENT
                                : ms ? BDB_UNIT_SECONDS : BDB_UNIT_COUNT,
                         BDB_NEUTRAL, line, -1);
            }
            at = ag + 8;
        }
    }
    *after = at;
    return rc;
}

static int terse_line(text_state *st, const char *p, const char *end, int line)
{
    int n = 0;
    tfield *f = split(p, end, &n);
    if (!f)
        return BDB_ENOMEM;
    int ver = p[0] - '0';
    int base = ver == 2 ? 4 : 5; /* fields before the read block */
    int name_i = ver == 2 ? 1 : 2;
    const tfield *verf = ver == 2 ? NULL : &f[1];
    int rc = BDB_OK;
    if (!st->terse_run_open) {
        if (st->run_has_results)
            rc = close_run(st);
        st->terse_run_open = 1;
        st->terse_first = st->doc->n;
    }
    double group = 0, err = 0;
    if (!rc && (n <= base || !fnum(&f[name_i + 1], &group) ||
                !fnum(&f[name_i + 2], &err))) {
        rc = perr(st, line, "numeric groupid and error fields in the terse line");
        free(f);
        return rc;
    }
    if (!rc && verf)
        bdb_sink_set_version(st->out, verf->p, verf->end);
    /* the layout: 41 fields a direction (47 in version 5), or fio 1.x's 20 */
    int per_dir = ver == 5 ? 47 : 41, old_layout = 0;
    if (ver == 2 && !pct_block_at(f, n, base, per_dir) &&
        !bdb_contains(p, end, "%=")) {
        old_layout = 1;
        per_dir = 20;
    }
    int nblocks = 0;
    if (old_layout)
        nblocks = base + 2 * per_dir <= n ? 2 : (base + per_dir <= n ? 1 : 0);
    else
        while (nblocks < 4 && pct_block_at(f, n, base + nblocks * per_dir, per_dir))
            nblocks++;
    int cpu = base + nblocks * per_dir;
    int complete = cpu + 5 <= n && nblocks > 0 && fnum_at(f, n, cpu) &&
                   fnum_at(f, n, cpu + 1) && fnum_at(f, n, cpu + 2) &&
                   f[cpu].end > f[cpu].p && f[cpu].end[-1] == '%';
    /* which direction each block is: read, write, [trim (versions 2, 4, 5
     * since 2.0.10)], and mixed for unified_rw_reporting (alone when
     * "mixed", after the others when "both") */
    int dirs[4] = {FIO_READ, FIO_WRITE, FIO_TRIM, FIO_MIXED};
    if (complete && nblocks == 1)
        dirs[0] = FIO_MIXED;
    else if (complete && nblocks == 3 && ver == 3)
        dirs[2] = FIO_MIXED;
    fio_entry *e = NULL;
    if (!rc && nblocks > 0) {
        e = bdb_fio_doc_add(st->doc, FIO_ENTRY_JOB, f[name_i].p, f[name_i].end,
                            st->run, line);
        if (!e)
            rc = BDB_ENOMEM;
    }
    if (!rc && e) {
        e->group = bdb_double_to_int(group);
        e->jobs_unknown = 1;
        e->from_terse = 1;
        /* client/server's sum of every job (see job_header) */
        e->aggregate = bdb_span_eq(f[name_i].p, f[name_i].end, "All clients");
        if (err != 0)
            rc = pwarn(st, line, "job %s ended with error %g", e->name, err);
    }
    for (int d = 0; d < nblocks && !rc; d++)
        rc = terse_block(st, e, &f[base + d * per_dir], per_dir, old_layout,
                         ver, verf, dirs[d], line);
    if (!rc && !complete) {
        rc = pwarn(st, line, "terse version %d line ends after %d fields, "
                   "before its cpu fields (cut short?): %d complete "
                   "direction block(s) kept", ver, n, nblocks);
    }
    if (!rc && complete) {
        /* cpu: usr%;sys%;ctx;majf;minf after the direction blocks */
        double usr, sys, ctx;
        fnum(&f[cpu], &usr);
        fnum(&f[cpu + 1], &sys);
        fnum(&f[cpu + 2], &ctx);
        field_col(st, f[cpu].p);
        rc = add(st, e, "cpu_usr", usr, BDB_UNIT_PERCENT, BDB_NEUTRAL, line, -1);
        field_col(st, f[cpu + 1].p);
        if (!rc)
            rc = add(st, e, "cpu_sys", sys, BDB_UNIT_PERCENT, BDB_NEUTRAL, line, -1);
        field_col(st, f[cpu + 2].p);
        if (!rc)
            rc = add(st, e, "context_switches", ctx, BDB_UNIT_COUNT, BDB_NEUTRAL, line, -1);
        double majf, minf;
        field_col(st, f[cpu + 3].p);
        if (!rc && fnum(&f[cpu + 3], &majf))
            rc = add(st, e, "page_faults_major", majf, BDB_UNIT_COUNT, BDB_NEUTRAL, line, -1);
        field_col(st, f[cpu + 4].p);
        if (!rc && fnum(&f[cpu + 4], &minf))
            rc = add(st, e, "page_faults_minor", minf, BDB_UNIT_COUNT, BDB_NEUTRAL, line, -1);
        /* 5 cpu + 7 depth + 10 usec + 12 msec fields, then (versions 3..5)
         * the disks */
        int rest = cpu + 5 + 7 + 10 + 12;
        if (!rc && ver >= 3)
            rc = terse_disks(st, f, n, rest, line, &rest);
        /* continue_on_error adds total_err;first_error (an errno), then
         * a description may follow */
        double errs, first;
        if (!rc && rest + 2 <= n && fnum(&f[rest], &errs) &&
            fnum(&f[rest + 1], &first) &&
            !bdb_contains(f[rest].p, f[rest].end, "%") &&
            (rest + 2 == n || !fnum(&f[rest + 2], &first))) {
            field_col(st, f[rest].p);
            rc = add(st, e, "errors", errs, BDB_UNIT_COUNT,
                     BDB_LOWER_IS_BETTER, line, -1);
        }
    }
    free(f);
    return rc;
}

/* client/server: the client prints each server's disks on a line of
 * their own after its terse lines (client.c handle_du):
 * ";vda;24489;23620;3;0;2392;2051;4443;69.95%" */
static int terse_disk_line(text_state *st, const char *p, const char *end,
                           int line)
{
    int n = 0;
    bdb_trim(&p, &end);
    tfield *f = split(p, end, &n);
    if (!f)
        return BDB_ENOMEM;
    int after = 1;
    int rc = terse_disks(st, f, n, 1, line, &after);
    if (!rc && after < n)
        rc = pwarn(st, line, "fields %d to %d of the terse disk line not "
                   "read: %.*s", after + 1, n,
                   (int)(end - f[after].p > 60 ? 60 : end - f[after].p),
                   f[after].p);
    free(f);
    return rc;
}

/* ---- the line loop ---------------------------------------------------------- */

/* 1 if [p, end) (trimmed) is, by its content, a line fio prints inside a
 * job's results (stat.c show_thread_status and its helpers): "read:
 * IOPS=", "read : io=", "clat (usec): min=", "clat percentiles (usec):",
 * "| 1.00th=[", "bw (  KiB/s): min=", "iops        : min=", "cpu
 * : usr=", "lat (msec)   : 2=", "IO depths    : 1=", "submit    : 0=",
 * "issued rwts: total=", "latency   : target=", "errors    : total=".
 * fio indents them two spaces or more below the job header, but a
 * published log may have lost or changed that indentation (issue 21). */
static int result_line_shape(const char *p, const char *end)
{
    static const char *const words[] = {
        "read", "write", "trim", "mixed", "slat", "clat", "lat", "sync",
        "bw", "iops", "cpu", "IO depths", "submit", "complete", "issued",
        "latency", "errors"};
    if (*p == '|')
        return bdb_contains(p, end, "th=[");
    for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
        if (!bdb_starts_with(p, end, words[i]))
            continue;
        const char *q = bdb_skip_ws(p + strlen(words[i]), end);
        if (q == p + strlen(words[i]) && q < end && *q != ':' && *q != '(')
            continue; /* "readme:", "bwXYZ" */
        if (bdb_starts_with(q, end, "percentiles ("))
            return i >= 4 && i <= 7;
        if (q < end && *q == '(') {
            const char *rp = bdb_find(q, end, ")");
            if (!rp)
                return 0;
            q = bdb_skip_ws(rp + 1, end);
        } else if (bdb_starts_with(q, end, "rwts")) {
            q = bdb_skip_ws(q + 4, end);
        }
        if (q >= end || *q != ':')
            return 0;
        return bdb_contains(q, end, "=");
    }
    return 0;
}

/* "name: (g=0): rw=" -> position of ": (g=" */
static const char *def_header(const char *p, const char *end)
{
    const char *g = bdb_find(p, end, ": (g=");
    if (g && bdb_contains(g, end, "rw="))
        return g;
    return NULL;
}

/* "name: (groupid=0, jobs=1): err= 0: ..." or 1.x "name (g=0): err= 0:" */
static const char *result_header(const char *p, const char *end)
{
    const char *g = bdb_find(p, end, ": (groupid=");
    if (g && bdb_contains(g, end, "): err="))
        return g;
    g = bdb_find(p, end, " (g=");
    if (g && bdb_contains(g, end, "): err=") && !bdb_contains(g, end, "rw="))
        return g;
    return NULL;
}

/* A group status line met with no "Run status group" header before it:
 * the job block before it (if any) ended, and it starts a group of its
 * own, in a new run when the run already had one. */
static int group_without_header(text_state *st, int line)
{
    int rc;
    if ((rc = job_ends(st)))
        return rc;
    st->job = NULL;
    st->pct_prefix = NULL;
    st->in_disk = 0;
    if (st->run_groups_seen > 0 && (rc = close_run(st)))
        return rc;
    if (!st->run_started)
        st->run_start_line = line;
    st->run_started = 1;
    st->group = bdb_fio_doc_add(st->doc, FIO_ENTRY_GROUP, NULL, NULL, st->run,
                                line);
    if (!st->group)
        return BDB_ENOMEM;
    snprintf(st->group->host, sizeof st->group->host, "%s", st->host);
    st->run_groups_seen++;
    return BDB_OK;
}

static int text_line(text_state *st, const char *p, const char *end, int line)
{
    const char *raw = p;
    char clean[1024];
    bdb_trim(&p, &end);
    if (p >= end)
        return BDB_OK; /* a mail may put a blank line after every line:
                          the percentile rows still follow their header,
                          and any other line ends them */
    int indented = *raw == ' ' || *raw == '\t' || *raw == '|' || p != raw;
    if (bdb_fio_strip_markup(&p, &end, clean, sizeof clean) && p >= end)
        return BDB_OK;
    /* client/server: "<host> ..." before what a server sent; a bare
     * "<host> " starts one server's results (client.c), which are printed
     * without the prefix */
    if (*p == '<') {
        const char *gt = bdb_find(p, end, "> ");
        int bare = !gt && end[-1] == '>';
        if (bare)
            gt = end - 1;
        if (gt && bdb_fio_is_label_tag(p + 1, (size_t)(gt - p - 1))) {
            if (bare)
                return BDB_OK; /* "<WRITE>": a label above a run */
            gt = NULL;
        }
        if (gt && gt - p < 64 && !bdb_contains(p, gt, " ")) {
            bdb_copy(st->host, sizeof st->host, p + 1, gt);
            if (bare)
                return client_section(st);
            p = bdb_skip_ws(gt + 2, end);
            if (p >= end)
                return BDB_OK;
        }
    }
    if (bdb_starts_with(p, end, "Jobs: "))
        return BDB_OK; /* eta lines */
    if (bdb_starts_with(p, end, "fio: ") &&
        bdb_contains(p, end, "forcing use of threads")) {
        /* a notice of builds without process-shared mutexes (Windows,
         * some BSDs; init.c fixup_options): not a fault of the run */
        int rc = bdb_sink_info(st->out, line, "%.*s",
                               (int)(end - p > 200 ? 200 : end - p), p);
        return rc == BDB_ENOMEM ? rc : BDB_OK;
    }
    if (bdb_starts_with(p, end, "fio: ")) {
        if (!st->first_error_line &&
            (bdb_contains(p, end, "err=") || bdb_contains(p, end, "error"))) {
            st->first_error_line = line;
            bdb_copy(st->first_error, sizeof st->first_error, p, end);
        }
        bdb_sink_warn(st->out, line, "%.*s",
                      (int)(end - p > 200 ? 200 : end - p), p);
        return BDB_OK;
    }
    if (bdb_starts_with(p, end, "hostname=")) {
        const char *v = bdb_find(p, end, "fio=");
        if (v) {
            const char *ve = v + 4;
            while (ve < end && *ve != ',')
                ve++;
            bdb_sink_set_version(st->out, v + 4, ve);
        }
        return BDB_OK;
    }
    const char *terse = bdb_fio_terse_start(p, end);
    if (terse)
        return terse_line(st, terse, end, line);
    if (bdb_starts_with(p, end, "terse_version_") && bdb_contains(p, end, ";"))
        return BDB_OK; /* a header naming the terse fields (HOWTO) */
    if (st->terse_run_open && !st->run_started && p < end && *p == ';')
        return terse_disk_line(st, p, end, line);
    if (st->terse_run_open && !st->run_started) {
        int rc = close_run(st); /* text after terse lines: that run ended */
        if (rc)
            return rc;
    }
    if (bdb_starts_with(p, end, "fio-") && end - p < 40 &&
        !bdb_contains(p, end, " ")) {
        bdb_sink_set_version(st->out, p, end);
        return maybe_new_run(st, line);
    }
    if (bdb_starts_with(p, end, "Starting ") &&
        (bdb_contains(p, end, "process") || bdb_contains(p, end, "thread"))) {
        if (!st->run_started)
            return maybe_new_run(st, line);
        return BDB_OK;
    }
    if (bdb_contains(p, end, ": Laying out IO file"))
        return BDB_OK;
    const char *g;
    if ((g = def_header(p, end)) != NULL)
        return job_definition(st, p, end, g, line);
    if ((g = result_header(p, end)) != NULL)
        return job_header(st, p, end, g, line);
    if (bdb_starts_with(p, end, "Run status group ")) {
        int rc;
        if ((rc = job_ends(st)))
            return rc; /* the group's own lines are still read */
        st->job = NULL;
        st->pct_prefix = NULL;
        st->in_disk = 0;
        double gid = 0;
        const char *q = p + 17;
        bdb_scan_number(&q, end, &gid, 0);
        /* fio numbers a run's groups from 0 up (stat.c show_run_stats):
         * a number not above the last one's, with no job results between
         * them, is the summary of another run ("Run status group 0" again
         * in a mail comparing two runs' summaries) */
        if (st->run_groups_seen > 0 && !st->results_after_group &&
            bdb_double_to_int(gid) <= st->last_group) {
            st->run_started = 1;
            if ((rc = close_run(st)))
                return rc;
        }
        st->last_group = bdb_double_to_int(gid);
        st->results_after_group = 0;
        st->group = bdb_fio_doc_add(st->doc, FIO_ENTRY_GROUP, NULL, NULL, st->run,
                                line);
        if (!st->group)
            return BDB_ENOMEM;
        st->group->group = bdb_double_to_int(gid);
        snprintf(st->group->host, sizeof st->group->host, "%s", st->host);
        st->run_groups_seen++;
        return BDB_OK;
    }
    if (bdb_starts_with(p, end, "Disk stats (read/write):")) {
        st->job = NULL;
        st->group = NULL;
        st->in_disk = 1;
        return BDB_OK;
    }
    const char *c;
    int gdir = bdb_fio_group_dir(p, end, &c);
    if (st->group) {
        if (gdir >= 0)
            return group_line(st, gdir, c + 1, end, line);
        st->group = NULL;
    }
    if (gdir >= 0 && bdb_fio_is_group_line(p, end)) {
        /* a group's status line without its "Run status group" header
         * (a page quoting the summary alone, issue 21) */
        int rc = group_without_header(st, line);
        return rc ? rc : group_line(st, gdir, c + 1, end, line);
    }
    if (st->in_disk) {
        if (bdb_contains(p, end, "ios="))
            return disk_line(st, p, end, line);
        st->in_disk = 0;
    }
    int ldir = st->job && st->job_anon ? bdb_fio_direction_line(p, end) : -1;
    /* fio prints a job's directions in order (read, write, trim): one
     * already read, or one after it, opens the next job of the list */
    if (ldir >= 0 && (st->anon_dirs >> ldir) != 0)
        st->job = NULL;
    if (!st->job) {
        int opened, irc = implicit_job(st, p, end, line, &opened);
        if (irc)
            return irc;
        if (opened && st->job_anon)
            ldir = bdb_fio_direction_line(p, end);
    }
    if (ldir >= 0 && st->job_anon)
        st->anon_dirs |= 1 << ldir;
    if (st->job) {
        /* result blocks are indented; a flush-left line ends them */
        if (indented || result_line_shape(p, end)) {
            return block_line(st, p, end, line);
        }
    }
    /* text around fio's output: "$ fio --rw=read ..." becomes the
     * parameters of the jobs after it; other prompts and prose are left */
    int rc = bdb_fio_doc_cmdline(st->doc, p, end, line);
    if (rc == 1 && (st->run_has_results || st->terse_run_open))
        rc = close_run(st); /* a new command: the run before it ended */
    return rc < 0 ? rc : BDB_OK;
}

/* ---- hard-wrapped lines ------------------------------------------------------ */

/* A mail or a page may hard-wrap a long fio line: "20.00th=[" then
 * "437],", "avg=113025.79," then "stdev=23830.42, samples=112", a group
 * line before "io=" or inside its io figure ("io=14" / "25GiB (1530GB),
 * run=57600000-57600033msec"). A line of fio's figures cut after '[',
 * ',' or '=' is joined with the next line when that one continues it:
 * not blank, not a line fio starts itself (a result line, a header, a
 * group line), and starting with a number or a "key=" (quote markers
 * "> " before it are dropped). A group line cut anywhere else ("io=14",
 * "(26.6MB/s)") is joined when the two make a whole group line
 * (bdb_fio_is_group_line). Each number keeps the line it is printed on
 * (fig_line, bdb_wrapped_line): a number cut in two, the line its unit
 * is on. */
static int cut_line(const char *p, const char *end)
{
    bdb_trim(&p, &end);
    if (p >= end || (end[-1] != '[' && end[-1] != ',' && end[-1] != '='))
        return 0;
    const char *c;
    return result_line_shape(p, end) || bdb_fio_group_dir(p, end, &c) >= 0 ||
           disk_line_shape(p, end);
}

/* A group line's start without its end: "WRITE: bw=.., io=14". */
static int cut_group_line(const char *p, const char *end)
{
    bdb_trim(&p, &end);
    const char *c;
    if (bdb_fio_group_dir(p, end, &c) < 0 || bdb_fio_is_group_line(p, end))
        return 0;
    c = bdb_skip_ws(c + 1, end);
    return bdb_starts_with(c, end, "bw=") || bdb_starts_with(c, end, "io=");
}

/* The continuation's text, or NULL when [p, end) does not continue a cut
 * line. */
static const char *continuation(const char *p, const char *end,
                                const char **cend)
{
    p = bdb_wrapped_continuation(p, end, cend);
    end = *cend;
    const char *c;
    if (!p || result_line_shape(p, end) ||
        bdb_fio_group_dir(p, end, &c) >= 0 || def_header(p, end) ||
        result_header(p, end) || bdb_starts_with(p, end, "Run status group") ||
        bdb_starts_with(p, end, "Disk stats"))
        return NULL;
    if ((*p >= '0' && *p <= '9') || *p == ']')
        return p;
    for (const char *q = p; q < end && *q != ' ' && *q != ','; q++)
        if (*q == '=')
            return p;
    return NULL;
}

static int is_digit_char(char c)
{
    return c >= '0' && c <= '9';
}

int bdb_fio_group_joined(bdb_wrapped *w, const char *p, const char *end,
                         const char *np, const char *nend, int nline)
{
    if (!cut_group_line(p, end))
        return 0;
    const char *ce, *c = bdb_wrapped_continuation(np, nend, &ce);
    const char *g;
    if (!c || bdb_fio_group_dir(c, ce, &g) >= 0 ||
        bdb_starts_with(c, ce, "Run status group"))
        return 0;
    const char *e = end;
    while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
        e--;
    /* a wrap inside a number ("io=14" / "25GiB") glues it back; one on a
     * blank puts the blank back */
    const char *glue =
        e == end && e > p && is_digit_char(e[-1]) &&
                (is_digit_char(*c) || *c == '.') ? "" : " ";
    const char *jp, *je;
    int rc = bdb_wrapped_two(w, p, end, glue, c, ce, nline, &jp, &je);
    if (rc)
        return rc;
    bdb_trim(&jp, &je);
    return bdb_fio_is_group_line(jp, je);
}

/* Joins the line [*p, *end) with the continuations after it (it advances
 * `it` past them) into w; st->wrapped is set when it did. */
static int join_wrapped(text_state *st, bdb_lines *it, bdb_wrapped *w,
                        const char **p, const char **end)
{
    st->wrapped = NULL;
    bdb_lines peek = *it;
    bdb_line nx;
    if (cut_group_line(*p, *end) && bdb_lines_next(&peek, &nx)) {
        int rc = bdb_fio_group_joined(w, *p, *end, nx.p, nx.end, nx.no);
        if (rc < 0)
            return rc;
        if (rc > 0) {
            *it = peek;
            st->wrapped = w;
            bdb_wrapped_text(w, p, end);
            return BDB_OK;
        }
        /* not whole with one continuation: cut after ',' maybe, in more
         * pieces (below) */
        peek = *it;
    }
    if (!cut_line(*p, *end))
        return BDB_OK;
    int rc = bdb_wrapped_start(w, *p, *end);
    for (;;) {
        const char *c, *ce;
        if (rc || !bdb_lines_next(&peek, &nx) ||
            !(c = continuation(nx.p, nx.end, &ce)))
            break;
        const char *jp, *je;
        bdb_wrapped_text(w, &jp, &je);
        rc = bdb_wrapped_add(w, je[-1] == ',' ? " " : "", c, ce, nx.no);
        if (rc)
            break;
        *it = peek;
        bdb_wrapped_text(w, &jp, &je);
        if (!cut_line(jp, je))
            break;
    }
    if (rc < 0)
        return rc;
    if (w->nbrk) {
        st->wrapped = w;
        bdb_wrapped_text(w, p, end);
    }
    return BDB_OK;
}

/* A line fio prints with no figure of merit (the IO depths, submit and
 * complete distributions, "lat (usec) : 500=0.23%, 750=1.26%,", issued
 * counts: figure_free.c) keeps its continuations ("1000=1.22%") out of
 * the unread-figure account: they are the same line. */
static int cover_free_continuations(text_state *st, const bdb_wrapped *w,
                                    const char *p, const char *end)
{
    bdb_trim(&p, &end);
    int r = bdb_figure_free_line("fio", p, end);
    if (r < 0)
        return BDB_ENOMEM;
    if (!r || !w->nbrk)
        return BDB_OK;
    return bdb_sink_cover(st->out, w->brk_line[0], w->brk_line[w->nbrk - 1]);
}

/* ---- reflowed lines --------------------------------------------------------- */

/* A mail client may reflow a quoted fio report as prose: lines broken at
 * any space and the pieces glued to their neighbours ("... 08:09:51" /
 * "2019 write: IOPS=1000, ... 0 zone" / "resets slat (usec): min=6, ...",
 * "avg=4657.40," / "stdev=4975.82, samples=450 iops        : min=   39,").
 * join_wrapped has put a field cut after ',' back; what is left is a line
 * of fio's starting in the middle of another. The start of one is known
 * by its head: a result line's word and "(unit)" then ':' and a "key="
 * (result_line_shape), or a group status line, after a blank. */
static const char *const reflow_heads[] = {
    "read", "write", "trim", "mixed", "slat (", "clat (", "lat (", "bw (",
    "iops ", "cpu ", "IO depths ", "submit ", "complete ", "issued ",
    "latency ", "clat percentiles", "READ:", "WRITE:", "TRIM:", "MIXED:"};

/* The next head of a fio line after p (past p itself) in [p, end), or
 * NULL. */
static const char *next_head(const char *p, const char *end)
{
    for (const char *q = p + 1; q < end; q++) {
        if (q[-1] != ' ' && q[-1] != '\t')
            continue;
        if (*q == ' ' || *q == '\t')
            continue;
        for (size_t i = 0; i < sizeof reflow_heads / sizeof *reflow_heads;
             i++) {
            if (!bdb_starts_with(q, end, reflow_heads[i]))
                continue;
            const char *c;
            if (result_line_shape(q, end) ||
                (bdb_fio_group_dir(q, end, &c) >= 0 &&
                 (bdb_contains(q, end, "bw=") || bdb_contains(q, end, "io="))))
                return q;
        }
    }
    return NULL;
}

/* Reads [p, end), a line (or a line joined with its continuations), as
 * the fio lines it holds: several when a reflow glued them. Each piece
 * keeps the line it is printed on (fig_line). */
static int reflowed_lines(text_state *st, const char *p, const char *end,
                          int line)
{
    const char *h = next_head(p, end);
    if (!h)
        return text_line(st, p, end, line);
    int rc = BDB_OK;
    /* the piece before the first head ends the line before it ("2019",
     * "resets"): read alone, as any text */
    const char *from = p;
    while (!rc && from < end) {
        const char *to = h ? h : end;
        int at_line = fig_line(st, from, line);
        st->fig_col = 0; /* its figures give their own columns */
        rc = text_line(st, from, to, at_line);
        from = to;
        h = h ? next_head(h, end) : NULL;
    }
    return rc;
}

int bdb_fio_text_parse(const char *buf, size_t len, fio_doc *doc, bdb_sink *out,
                   bdb_diag *diag)
{
    text_state st;
    memset(&st, 0, sizeof st);
    st.doc = doc;
    st.out = out;
    st.diag = diag;
    st.dir = -1;
    st.defs = malloc(MAX_DEFS * sizeof *st.defs);
    if (!st.defs)
        return BDB_ENOMEM;
    bdb_lines it;
    bdb_line ln;
    bdb_wrapped joined;
    bdb_wrapped_init(&joined);
    int rc = BDB_OK;
    bdb_lines_init(&it, buf, len);
    int cut = len > 0 && buf[len - 1] != '\n';
    while (!rc && bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *end = ln.end;
        if (cut && end == buf + len && end > p && end[-1] >= '0' &&
            end[-1] <= '9' && !bdb_fio_terse_start(p, end)) {
            /* "stdev=38" may be the start of "stdev=389805.15" */
            rc = pwarn(&st, ln.no, "the capture ends inside this line "
                       "(no newline after a number): it is not read");
            break;
        }
        /* an eta line overwritten with \r: keep what follows the last \r */
        for (const char *c = end; c > p; c--)
            if (c[-1] == '\r' && c != end) {
                p = c;
                break;
            }
        st.line_p = ln.p, st.line_e = ln.end, st.fig_col = 0;
        rc = join_wrapped(&st, &it, &joined, &p, &end);
        if (!rc && st.wrapped)
            rc = cover_free_continuations(&st, &joined, ln.p, ln.end);
        if (!rc)
            rc = reflowed_lines(&st, p, end, ln.no);
        st.wrapped = NULL;
    }
    if (!rc)
        rc = close_run(&st);
    doc->runs = st.run;
    free(st.defs);
    bdb_wrapped_free(&joined);
    if (rc)
        return rc;
    if (doc->n == 0 && out->nnotes == 0)
        return pwarn(&st, 0, "no job results, group summaries or terse lines "
                     "found");
    return BDB_OK;
}
