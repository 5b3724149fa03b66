/* fio_common.c - the model the fio readers share (fio_internal.h): the
 * document of entries and figures, fio's option syntax (sizes, times),
 * job options as parameters, and the emission of samples from a finished
 * document. The units and names it emits are described in parse_fio.c. */
#include "fio_internal.h"
#include "cmdline.h"
#include "../common/bdb_scan.h"
#include "../common/bdb_strmap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const dir_names[FIO_NDIRS] = {"read", "write", "trim",
                                                 "mixed"};

const char *bdb_fio_dir_name(int dir)
{
    return dir >= 0 && dir < FIO_NDIRS ? dir_names[dir] : "";
}

fio_entry *bdb_fio_doc_add(fio_doc *d, int kind, const char *name,
                       const char *name_end, int run, int line)
{
    if (d->n == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 16;
        if (cap > 1000000)
            return NULL;
        fio_entry *p = realloc(d->e, cap * sizeof *p);
        if (!p)
            return NULL;
        d->e = p;
        d->cap = cap;
    }
    fio_entry *e = &d->e[d->n++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    if (name) {
        const char *ne = name_end ? name_end : name + strlen(name);
        bdb_copy(e->name, sizeof e->name, name, ne); /* a full name: refused
                                                       by the sink */
    }
    e->run = run;
    e->line = line;
    e->names = &d->names;
    return e;
}

void bdb_fio_doc_free(fio_doc *d)
{
    for (size_t i = 0; i < d->n; i++)
        free(d->e[i].figs);
    free(d->e);
    for (size_t i = 0; i < d->ncmd; i++) {
        bdb_cmdline c = {d->cmds[i].argc, d->cmds[i].argv};
        bdb_cmdline_free(&c);
    }
    free(d->cmds);
    bdb_strmap_free(&d->names);
    memset(d, 0, sizeof *d);
}

int bdb_fio_fig_add(fio_entry *e, const char *metric, double value,
                const char *unit, bdb_better better, int line, int dir)
{
    if (e->nfig == e->cap) {
        size_t cap = e->cap ? e->cap + e->cap / 2 : 16;
        fio_fig *p = realloc(e->figs, cap * sizeof *p);
        if (!p)
            return BDB_ENOMEM;
        e->figs = p;
        e->cap = cap;
    }
    /* the whole name, never cut: the sink refuses one that is too long */
    bdb_strmap_entry *name = e->names ? bdb_strmap_put(e->names, metric, NULL)
                                      : NULL;
    if (!name)
        return BDB_ENOMEM;
    fio_fig *f = &e->figs[e->nfig++];
    f->metric = name->key;
    f->value = value;
    f->unit = unit;
    f->better = (signed char)better;
    f->line = line;
    f->dir = (signed char)dir;
    return BDB_OK;
}

void bdb_fio_pct_name(double pct, char *out, size_t outsz)
{
    char num[32];
    out[0] = '\0';
    if (!(pct > 0.0) || pct > 100.0)
        return;
    snprintf(num, sizeof num, "%.6f", pct);
    size_t n = strlen(num);
    while (n > 0 && num[n - 1] == '0')
        num[--n] = '\0';
    if (n > 0 && num[n - 1] == '.')
        num[--n] = '\0';
    for (char *c = num; *c; c++)
        if (*c == '.')
            *c = '_';
    snprintf(out, outsz, "p%s", num);
}

/* fio's option parser (parse.c, str_to_decimal / get_mult_bytes): a number,
 * then an optional multiplier letter (k, m, g, t, p, e), then an optional
 * "i" and/or "b". With kb_base=1024 (default, "compatibility mode") the
 * plain and "kB" forms are powers of 1024 and the IEC "KiB" forms powers of
 * 1000; kb_base=1000 is the other way round. */
int bdb_fio_option_size(const char *p, const char *end, int kb_base,
                    double *bytes)
{
    double v;
    bdb_trim(&p, &end);
    const char *q = p;
    if (q >= end || !(*q >= '0' && *q <= '9'))
        return 0;
    if (!bdb_scan_number(&q, end, &v, 0) || v < 0)
        return 0;
    static const char letters[] = "kmgtpe";
    int power = 0, iec = 0;
    if (q < end) {
        char c = (char)(*q | 0x20);
        const char *hit = c ? strchr(letters, c) : NULL;
        if (hit) {
            power = (int)(hit - letters) + 1;
            q++;
            if (q < end && (*q == 'i' || *q == 'I')) {
                iec = 1;
                q++;
            }
        }
        if (q < end && (*q == 'b' || *q == 'B'))
            q++;
    }
    if (q != end)
        return 0;
    double base = (kb_base == 1000) ? (iec ? 1024.0 : 1000.0)
                                    : (iec ? 1000.0 : 1024.0);
    for (int i = 0; i < power; i++)
        v *= base;
    *bytes = v;
    return 1;
}

int bdb_fio_option_time(const char *p, const char *end, double *secs)
{
    double v, mult = 1.0;
    bdb_trim(&p, &end);
    const char *q = p;
    if (q >= end || !(*q >= '0' && *q <= '9'))
        return 0;
    if (!bdb_scan_number(&q, end, &v, 0) || v < 0)
        return 0;
    if (q < end) {
        if (bdb_span_eq(q, end, "d"))
            mult = 86400.0;
        else if (bdb_units_time(q, end, &mult) != 0)
            return 0;
    }
    *secs = v * mult;
    return 1;
}

static int set_number_or_text(bdb_params *ps, const char *key, int ok,
                              double v, const char *text)
{
    if (ok)
        return bdb_params_set(ps, key, "%.15g", v);
    return bdb_params_set(ps, key, "%s", text);
}

/* One block size: "4k" -> "4096"; a range or anything else stays text. */
static void one_block_size(const char *p, const char *end, int kb_base,
                           char *out, size_t outsz)
{
    double v;
    if (bdb_fio_option_size(p, end, kb_base, &v))
        snprintf(out, outsz, "%.15g", v);
    else
        bdb_copy(out, outsz, p, end);
}

int bdb_fio_entry_option(fio_entry *e, const char *name, const char *value,
                         int kb_base)
{
    const char *vend = value + strlen(value);
    double v = 0;
    if (!strcmp(name, "group_reporting")) {
        e->grouped = 1;
        return BDB_OK;
    }
    if (!strcmp(name, "rw") || !strcmp(name, "readwrite"))
        return bdb_params_set(&e->params, "rw", "%s", value);
    if (!strcmp(name, "bs") || !strcmp(name, "blocksize")) {
        /* fio's "bs=r[,w][,t]": a missing later value repeats the one
         * before it (HOWTO: blocksize), an empty one keeps the default */
        const char *s = value;
        int d = 0;
        char last[BDB_PARAM_VALUE_MAX] = "";
        while (d < 3) {
            const char *c = s;
            while (c < vend && *c != ',')
                c++;
            if (c > s) {
                one_block_size(s, c, kb_base, last, sizeof last);
                snprintf(e->block_size[d], sizeof e->block_size[d], "%s", last);
            }
            d++;
            if (c >= vend)
                break;
            s = c + 1;
        }
        for (; d < 3; d++)
            if (last[0])
                snprintf(e->block_size[d], sizeof e->block_size[d], "%s", last);
        snprintf(e->block_size[FIO_MIXED], sizeof e->block_size[FIO_MIXED],
                 "%s", e->block_size[FIO_READ]);
        return BDB_OK;
    }
    if (!strcmp(name, "iodepth") || !strcmp(name, "numjobs") ||
        !strcmp(name, "ioengine") || !strcmp(name, "direct") ||
        !strcmp(name, "rwmixread"))
        return bdb_params_set(&e->params, name, "%s", value);
    if (!strcmp(name, "size")) {
        int ok = bdb_fio_option_size(value, vend, kb_base, &v);
        return set_number_or_text(&e->params, "size", ok, v, value);
    }
    if (!strcmp(name, "runtime")) {
        int ok = bdb_fio_option_time(value, vend, &v);
        return set_number_or_text(&e->params, "runtime", ok, v, value);
    }
    return BDB_OK;
}

int bdb_fio_has_json(const char *buf, size_t len)
{
    return bdb_memfind(buf, len, "\"fio version\"") != NULL;
}

/* ---- command lines in the capture ---------------------------------------- */

static const char *const fio_tools[] = {"fio", NULL};

int bdb_fio_doc_cmdline(fio_doc *d, const char *p, const char *end, int line)
{
    if (!bdb_contains(p, end, "fio"))
        return 0;
    /* cmd.exe's prompt is glued to the command: "C:\Users\x>fio --rw=..." */
    const char *q = bdb_skip_ws(p, end), *w = q;
    while (w < end && *w != ' ' && *w != '\t')
        w++;
    const char *gt = NULL;
    for (const char *c = q; c < w; c++)
        if (*c == '>')
            gt = c;
    if (gt && gt + 1 < w && q[0] != '>' && bdb_starts_with(gt + 1, end, "fio"))
        p = gt + 1;
    bdb_cmdline c;
    int rc = bdb_cmdline_parse_line(p, end, fio_tools, &c);
    if (rc <= 0)
        return rc;
    if (d->ncmd == d->cmdcap) {
        size_t cap = d->cmdcap ? d->cmdcap * 2 : 4;
        fio_cmd *n = realloc(d->cmds, cap * sizeof *n);
        if (!n) {
            bdb_cmdline_free(&c);
            return BDB_ENOMEM;
        }
        d->cmds = n;
        d->cmdcap = cap;
    }
    fio_cmd *fc = &d->cmds[d->ncmd++];
    fc->line = line;
    fc->argc = c.argc;
    fc->argv = c.argv; /* the cmdline's strings move into the doc */
    return 1;
}

/* fio's getopt (init.c l_opts, fio_options_fill_optstring): letters with
 * a required argument take one; optional ones ("b::") only attached, so
 * they are listed without ':' here. Job options are long options too
 * (options.c: every option is added to l_opts), "--rw=read" or
 * "--rw read"; the ones read here are listed with ':'. */
static const char fio_optstring[] = "o:l:bmF:fvhcisre:O:E:d:Px:X:a:p:wj:V:SN:"
                                    "D:C:R:TGMI:L:W:B:H:J:K:";
static const char *const fio_longs[] = {
    "output:", "output-format:", "terse-version:", "minimal", "section:",
    "client:", "status-interval:", "eta:", "eta-newline:", "debug:",
    "name:", "rw:", "readwrite:", "bs:", "blocksize:", "ioengine:",
    "iodepth:", "numjobs:", "direct:", "size:", "runtime:", "rwmixread:",
    "kb_base:", "filename:", NULL};

typedef struct cmd_walk {
    const char *job;    /* the entry's job name */
    int section;        /* 0: global options (before any --name) */
    int match;          /* the current --name section is the entry's job */
    int kb_base;
    fio_entry global, own;
    int rc;
} cmd_walk;

static int cmd_option(const char *name, const char *value, void *ctx)
{
    cmd_walk *w = ctx;
    fio_entry *t = !w->section ? &w->global : w->match ? &w->own : NULL;
    if (t && !strcmp(name, "group_reporting")) {
        t->grouped = 1;
        return 0;
    }
    if (!value || !name[0])
        return 0; /* flags and operands (a job file): nothing to take */
    if (!strcmp(name, "name")) {
        w->section = 1;
        w->match = !strcmp(value, w->job);
        return 0;
    }
    if (!strcmp(name, "kb_base")) {
        w->kb_base = !strcmp(value, "1000") ? 1000 : 1024;
        return 0;
    }
    t = !w->section ? &w->global : w->match ? &w->own : NULL;
    if (t && bdb_fio_entry_option(t, name, value, w->kb_base) != BDB_OK)
        w->rc = BDB_ERANGE;
    return 0;
}

/* Adds src's parameters to e; where e already has one (printed by fio),
 * fio's own value stays and a disagreement is warned about. */
static int merge_params(fio_entry *e, const fio_entry *src, int cmd_line,
                        bdb_sink *out)
{
    int rc = BDB_OK;
    if (src->grouped)
        e->grouped = 1;
    for (int k = 0; k < src->params.n && !rc; k++) {
        const char *key = src->params.kv[k].key, *v = src->params.kv[k].value;
        const char *have = bdb_params_get(&e->params, key);
        if (have && strcmp(have, v) != 0)
            rc = bdb_sink_warn(out, e->line,
                               "job %s: fio printed %s=%s, the command line at "
                               "line %d says %s=%s: the printed value is kept",
                               e->name, key, have, cmd_line, key, v);
        else if (!have && bdb_params_set(&e->params, key, "%s", v) != BDB_OK)
            rc = bdb_sink_warn(out, e->line,
                               "job %s: parameter %s from the command line "
                               "not kept: more than %d parameters", e->name,
                               key, BDB_MAX_PARAMS);
    }
    for (int d = 0; d < FIO_NDIRS && !rc; d++) {
        if (!src->block_size[d][0])
            continue;
        if (!e->block_size[d][0])
            snprintf(e->block_size[d], sizeof e->block_size[d], "%s",
                     src->block_size[d]);
        else if (strcmp(e->block_size[d], src->block_size[d]) != 0)
            rc = bdb_sink_warn(out, e->line,
                               "job %s: fio printed %s block size %s, the "
                               "command line at line %d says %s: the printed "
                               "value is kept", e->name, bdb_fio_dir_name(d),
                               e->block_size[d], cmd_line, src->block_size[d]);
    }
    return rc == BDB_ENOMEM ? rc : BDB_OK;
}

static int apply_cmdlines(fio_doc *d, bdb_sink *out)
{
    /* entries and command lines are both in file order: one walk */
    size_t k = 0;
    int prev = 0;
    for (size_t i = 0; i < d->n && d->ncmd; i++) {
        fio_entry *e = &d->e[i];
        if (e->line < prev)
            k = 0;
        prev = e->line;
        while (k + 1 < d->ncmd && d->cmds[k + 1].line < e->line)
            k++;
        if (e->kind != FIO_ENTRY_JOB || d->cmds[k].line >= e->line)
            continue;
        const fio_cmd *c = &d->cmds[k];
        cmd_walk w;
        memset(&w, 0, sizeof w);
        w.job = e->name;
        w.kb_base = 1024;
        bdb_cmdline cl = {c->argc, c->argv};
        bdb_cmdline_getopt(&cl, fio_optstring, fio_longs, cmd_option, &w);
        int rc = merge_params(e, &w.global, c->line, out);
        if (!rc)
            rc = merge_params(e, &w.own, c->line, out);
        if (!rc && w.rc)
            rc = bdb_sink_warn(out, c->line, "the fio command line: options not "
                               "all kept as parameters: more than %d",
                               BDB_MAX_PARAMS);
        if (rc == BDB_ENOMEM)
            return rc;
    }
    return BDB_OK;
}

/* ---- interim reports and duplicates ---------------------------------------- */

static double sum_figs(const fio_entry *e, const char *metric, int take_max)
{
    double v = 0;
    for (size_t k = 0; k < e->nfig; k++)
        if (!strcmp(e->figs[k].metric, metric)) {
            if (!take_max)
                v += e->figs[k].value;
            else if (e->figs[k].value > v)
                v = e->figs[k].value;
        }
    return v;
}

double bdb_fio_entry_io(const fio_entry *e)
{
    return sum_figs(e, "io_bytes", 0);
}

double bdb_fio_entry_runtime(const fio_entry *e)
{
    return sum_figs(e, "runtime", 1);
}

/* 1 if b is a later cumulative report of the job a reported: fio's
 * --status-interval prints the whole result of every job again and again,
 * counting from the job's start (stat.c: __show_running_run_stats). The
 * same pid says so in the normal output; otherwise more I/O and at least
 * 100 ms more runtime do: a repeated run restarts from zero, clones of a
 * time_based job end within milliseconds of each other. */
int bdb_fio_later_report(const fio_entry *a, const fio_entry *b)
{
    if (a->kind != FIO_ENTRY_JOB || b->kind != FIO_ENTRY_JOB ||
        strcmp(a->name, b->name) != 0 || a->group != b->group ||
        strcmp(a->host, b->host) != 0)
        return 0;
    if (a->pid && b->pid)
        return a->pid == b->pid;
    return bdb_fio_entry_io(b) > bdb_fio_entry_io(a) &&
           bdb_fio_entry_runtime(b) >= bdb_fio_entry_runtime(a) + 0.1;
}

/* Where each run's entries start: the readers add entries in run order,
 * so [start[r], start[r + 1]) are run r's. NULL when out of memory or
 * when the order does not hold (then nothing is dropped). */
static size_t *run_starts(const fio_doc *d, int *nruns)
{
    int runs = d->runs;
    for (size_t i = 0; i < d->n; i++) {
        if (i > 0 && d->e[i].run < d->e[i - 1].run)
            return NULL;
        if (d->e[i].run + 1 > runs)
            runs = d->e[i].run + 1;
    }
    size_t *st = malloc(((size_t)runs + 1) * sizeof *st);
    if (!st)
        return NULL;
    size_t i = 0;
    for (int r = 0; r <= runs; r++) {
        while (i < d->n && d->e[i].run < r)
            i++;
        st[r] = i;
    }
    *nruns = runs;
    return st;
}

/* The next kept job entry in [*i, end), or NULL. */
static const fio_entry *next_job(const fio_doc *d, size_t *i, size_t end)
{
    for (; *i < end; (*i)++)
        if (d->e[*i].kind == FIO_ENTRY_JOB && !d->e[*i].dropped &&
            !d->e[*i].skipped)
            return &d->e[(*i)++];
    return NULL;
}

static int drop_interim_runs(fio_doc *d, bdb_sink *out)
{
    int runs = 0;
    size_t *st = run_starts(d, &runs);
    if (!st)
        return BDB_OK;
    int rc = BDB_OK;
    for (int r = 0; r + 1 < runs && !rc; r++) {
        size_t i = st[r], j = st[r + 1];
        const fio_entry *a, *b, *a0 = NULL, *b0 = NULL;
        int later = 1, n = 0;
        for (;;) {
            a = next_job(d, &i, st[r + 1]);
            b = next_job(d, &j, st[r + 2]);
            if (!a || !b) {
                later = later && !a && !b && n > 0;
                break;
            }
            if (!n++) {
                a0 = a;
                b0 = b;
            }
            if (!bdb_fio_later_report(a, b)) {
                later = 0;
                break;
            }
        }
        if (!later)
            continue;
        for (size_t k = st[r]; k < st[r + 1]; k++)
            d->e[k].dropped = 1;
        rc = bdb_sink_info(out, a0->line,
                           "the report at line %d is an interim "
                           "--status-interval report (cumulative, the job "
                           "went on): not stored, the report at line %d "
                           "supersedes it", a0->line, b0->line);
    }
    free(st);
    return rc;
}

/* --output-format=normal,terse prints every job twice: the normal block
 * (which also names the block sizes) is kept. */
static int drop_terse_duplicates(fio_doc *d, bdb_sink *out)
{
    int runs = 0, noted = 0;
    size_t *st = run_starts(d, &runs);
    if (!st)
        return BDB_OK;
    for (int r = 0; r < runs; r++) {
        int mixed = 0;
        for (size_t i = st[r]; i < st[r + 1] && !mixed; i++)
            mixed = !d->e[i].from_terse;
        for (size_t i = st[r]; i < st[r + 1] && mixed; i++) {
            fio_entry *t = &d->e[i];
            if (!t->from_terse || t->dropped)
                continue;
            for (size_t j = st[r]; j < st[r + 1]; j++) {
                const fio_entry *n = &d->e[j];
                if (n->from_terse || n->dropped || n->kind != t->kind ||
                    strcmp(n->name, t->name) != 0 ||
                    strcmp(n->host, t->host) != 0 ||
                    (t->kind == FIO_ENTRY_JOB && n->group != t->group))
                    continue;
                t->dropped = 1;
                if (!noted++) {
                    int rc = bdb_sink_info(out, t->line,
                                           "terse lines repeat the normal "
                                           "output (--output-format=normal,"
                                           "terse): the normal output is kept");
                    if (rc) {
                        free(st);
                        return rc;
                    }
                }
                break;
            }
        }
    }
    free(st);
    return BDB_OK;
}

/* Clones reported at each interval: entries [first, d->n) of run *run
 * hold p jobs reported n/p times (see bdb_fio_later_report); each report
 * becomes its own run, so that only the last is kept. */
void bdb_fio_split_reports(fio_doc *d, size_t first, int *run)
{
    size_t n = 0;
    for (size_t i = first; i < d->n; i++)
        if (d->e[i].kind == FIO_ENTRY_JOB)
            n++;
    size_t *j = malloc((n + 1) * sizeof *j);
    if (!j)
        return; /* then they stay clones: figures kept, none lost */
    size_t k = 0;
    for (size_t i = first; i < d->n; i++)
        if (d->e[i].kind == FIO_ENTRY_JOB)
            j[k++] = i;
    size_t p = 0;
    for (size_t q = 1; q <= n / 2 && !p; q++) {
        if (n % q)
            continue;
        int ok = 1;
        for (size_t i = q; i < n && ok; i++)
            ok = bdb_fio_later_report(&d->e[j[i - q]], &d->e[j[i]]);
        if (ok)
            p = q;
    }
    if (p) {
        int base = *run;
        for (size_t i = 0; i < n; i++) {
            size_t stop = i + 1 < n ? j[i + 1] : d->n;
            for (size_t x = j[i]; x < stop; x++)
                d->e[x].run = base + (int)(i / p);
        }
        *run = base + (int)(n / p) - 1;
    }
    free(j);
}

/* ---- from entries to samples -------------------------------------------- */

/* The identity of an entry among its document's, as a map key: tag 'J'
 * clones of one job (run, group, host, name), 'O' / 'G' the jobs of a run
 * (and group) that group and disk figures take their owner from, 'D' one
 * disk. The host's length makes the key unambiguous whatever bytes the
 * names hold. These maps keep the emission linear in the number of
 * entries: a document of 14,000 jobs compared pairwise took seconds. */
#define FIO_KEY_MAX (BDB_BENCHMARK_MAX + BDB_PARAM_VALUE_MAX + 64)

static void entry_key(char *out, int tag, const fio_entry *e, int group,
                      int name)
{
    snprintf(out, FIO_KEY_MAX, "%c%d:%d:%zu:%s%s", tag, e->run,
             group ? e->group : 0, strlen(e->host), e->host,
             name ? e->name : "");
}

typedef struct emit_maps {
    bdb_strmap clones;  /* 'J' -> number of clones */
    bdb_strmap seen;    /* 'J' -> clones met so far, then 'D' disks met */
    bdb_strmap owners;  /* 'O', 'G' -> index + 1 of the first job, -1 when
                           the jobs there differ in name */
} emit_maps;

static void emit_maps_free(emit_maps *m)
{
    bdb_strmap_free(&m->clones);
    bdb_strmap_free(&m->seen);
    bdb_strmap_free(&m->owners);
}

static int note_owner(emit_maps *m, const fio_doc *d, size_t i, int group)
{
    char key[FIO_KEY_MAX];
    const fio_entry *e = &d->e[i];
    int made;
    entry_key(key, group ? 'G' : 'O', e, group, 0);
    bdb_strmap_entry *o = bdb_strmap_put(&m->owners, key, &made);
    if (!o)
        return BDB_ENOMEM;
    if (made)
        o->value = (long long)i + 1;
    else if (o->value > 0 && strcmp(d->e[o->value - 1].name, e->name) != 0)
        o->value = -1;
    return BDB_OK;
}

/* Counts every job's clones (a skipped job keeps its place among them,
 * a dropped one does not) and finds the owners. */
static int emit_maps_fill(emit_maps *m, const fio_doc *d)
{
    char key[FIO_KEY_MAX];
    for (size_t i = 0; i < d->n; i++) {
        const fio_entry *e = &d->e[i];
        if (e->kind != FIO_ENTRY_JOB || e->dropped)
            continue;
        entry_key(key, 'J', e, 1, 1);
        bdb_strmap_entry *c = bdb_strmap_put(&m->clones, key, NULL);
        if (!c)
            return BDB_ENOMEM;
        c->value++;
        if (e->skipped)
            continue;
        if (note_owner(m, d, i, 0) || note_owner(m, d, i, 1))
            return BDB_ENOMEM;
    }
    return BDB_OK;
}

/* The job entry whose name and parameters group/disk figures take: the
 * first job of the run (and group, when match_group) if every job there
 * has that name; NULL otherwise. */
static const fio_entry *owner_of(const emit_maps *m, const fio_doc *d,
                                 const fio_entry *x, int match_group)
{
    char key[FIO_KEY_MAX];
    entry_key(key, match_group ? 'G' : 'O', x, match_group, 0);
    const bdb_strmap_entry *o = bdb_strmap_get(&m->owners, key);
    return o && o->value > 0 ? &d->e[o->value - 1] : NULL;
}

/* bdb_params_set, warning when the set is full. */
static int set_param(bdb_sink *out, int line, bdb_params *ps, const char *key,
                     const char *value)
{
    if (bdb_params_set(ps, key, "%s", value) == BDB_OK)
        return BDB_OK;
    int rc = bdb_sink_warn(out, line, "parameter %s=%s not kept: more "
                           "than %d parameters", key, value, BDB_MAX_PARAMS);
    return rc == BDB_ENOMEM ? rc : BDB_OK;
}

int bdb_fio_emit(fio_doc *d, bdb_sink *out)
{
    int rc = apply_cmdlines(d, out);
    if (!rc)
        rc = drop_terse_duplicates(d, out);
    if (!rc)
        rc = drop_interim_runs(d, out);
    if (rc)
        return rc;
    int many_hosts = 0;
    for (size_t i = 1; i < d->n; i++)
        if (strcmp(d->e[i].host, d->e[0].host) != 0)
            many_hosts = 1;

    emit_maps maps;
    memset(&maps, 0, sizeof maps);
    rc = emit_maps_fill(&maps, d);

    /* numjobs and clone numbers first: owners copy their params. */
    char num[32], key[FIO_KEY_MAX];
    for (size_t i = 0; i < d->n && !rc; i++) {
        fio_entry *e = &d->e[i];
        if (e->kind != FIO_ENTRY_JOB || e->dropped)
            continue;
        entry_key(key, 'J', e, 1, 1);
        bdb_strmap_entry *seen = bdb_strmap_put(&maps.seen, key, NULL);
        const bdb_strmap_entry *all = bdb_strmap_get(&maps.clones, key);
        if (!seen || !all) {
            rc = BDB_ENOMEM;
            break;
        }
        int index = (int)seen->value++, count = (int)all->value;
        if (e->skipped)
            continue;
        if (!bdb_params_get(&e->params, "numjobs") &&
            !(e->jobs_unknown && count == 1 && e->reported_jobs <= 0)) {
            snprintf(num, sizeof num, "%d",
                     e->reported_jobs > 0 ? e->reported_jobs : count);
            rc = set_param(out, e->line, &e->params, "numjobs", num);
        }
        /* a clone of numjobs>1 without group_reporting is "job=N" even
         * when the others were cut off the capture */
        const char *nj = bdb_params_get(&e->params, "numjobs");
        int clones = count > 1 ||
                     (e->partial && nj && strcmp(nj, "1") != 0 &&
                      !e->grouped && e->reported_jobs <= 0 &&
                      !e->jobs_unknown);
        if (!rc && clones) {
            snprintf(num, sizeof num, "%d", index);
            rc = set_param(out, e->line, &e->params, "job", num);
        }
    }

    for (size_t i = 0; i < d->n && !rc; i++) {
        const fio_entry *e = &d->e[i];
        if (e->dropped || e->skipped)
            continue;
        bdb_sample base;
        const fio_entry *own = e;
        if (e->kind == FIO_ENTRY_DISK) {
            /* a disk printed twice in a run (normal and terse) counts
             * once */
            int made;
            entry_key(key, 'D', e, 0, 1);
            if (!bdb_strmap_put(&maps.seen, key, &made)) {
                rc = BDB_ENOMEM;
                break;
            }
            if (!made)
                continue;
        }
        if (e->kind != FIO_ENTRY_JOB)
            own = owner_of(&maps, d, e, e->kind == FIO_ENTRY_GROUP);
        bdb_sample_init(&base, own ? own->name : NULL);
        if (own) {
            base.params = own->params;
            bdb_params_del(&base.params, "job");
            if (e->kind == FIO_ENTRY_JOB)
                base.params = e->params;
        }
        if (e->kind != FIO_ENTRY_JOB)
            for (int k = 0; k < e->params.n && !rc; k++)
                rc = set_param(out, e->line, &base.params, e->params.kv[k].key,
                               e->params.kv[k].value);
        if (!rc && e->kind == FIO_ENTRY_DISK)
            rc = set_param(out, e->line, &base.params, "device", e->name);
        if (!rc && many_hosts && e->host[0])
            rc = set_param(out, e->line, &base.params, "host", e->host);
        for (size_t k = 0; k < e->nfig && !rc; k++) {
            const fio_fig *f = &e->figs[k];
            bdb_sample s = base;
            if (f->dir >= 0 && f->dir < FIO_NDIRS) {
                rc = set_param(out, f->line, &s.params, "direction",
                               dir_names[f->dir]);
                const char *bs = own ? own->block_size[f->dir] : "";
                if (!rc && bs[0])
                    rc = set_param(out, f->line, &s.params, "block_size", bs);
            }
            if (!rc)
                rc = bdb_sink_add(out, &s, f->metric, f->value, f->unit,
                                  (bdb_better)f->better, f->line);
        }
        /* its figures are spent: what the store takes next reuses them */
        free(d->e[i].figs);
        d->e[i].figs = NULL;
        d->e[i].nfig = d->e[i].cap = 0;
    }
    emit_maps_free(&maps);
    return rc;
}
