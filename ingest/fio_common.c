/* fio_common.c - the model the fio readers share (fio_internal.h): the
 * document of entries and figures, fio's option syntax (sizes, times),
 * job options as parameters, and the emission of samples from a finished
 * document. The units and names it emits are described in parse_fio.c. */
#include "fio_internal.h"
#include "cmdline.h"
#include "../common/bdb_scan.h"
#include "../common/bdb_strmap.h"
#include "../common/bdb_grow.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <sys/mman.h>

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
    e->doc = d;
    return e;
}

void bdb_fio_doc_free(fio_doc *d)
{
    for (size_t i = 0; i < d->n; i++)
        free(d->e[i].figs);
    free(d->e);
    for (size_t i = 0; i < d->nrec; i++)
        free(d->r[i].params);
    free(d->r);
    for (fio_figblock *b = d->blocks, *next; b; b = next) {
        next = b->next;
        munmap(b, b->size);
    }
    for (size_t i = 0; i < d->ncmd; i++) {
        bdb_cmdline c = {d->cmds[i].argc, d->cmds[i].argv};
        bdb_cmdline_free(&c);
    }
    free(d->cmds);
    bdb_strmap_free(&d->names);
    memset(d, 0, sizeof *d);
}

/* The one copy of text in the document; NULL when out of memory. */
static const char *doc_text(fio_doc *d, const char *text)
{
    bdb_strmap_entry *x = bdb_strmap_put(&d->names, text, NULL);
    return x ? x->key : NULL;
}

int bdb_fio_fig_add(fio_entry *e, const char *metric, double value,
                const char *unit, bdb_better better, int line, int dir)
{
    fio_doc *d = e->doc;
    if (!d)
        return BDB_ENOMEM;
    int u = 0;
    while (u < d->nunits && d->units[u] != unit)
        u++;
    if (u == d->nunits) {
        if (u == FIO_MAX_UNITS)
            return BDB_ERANGE;
        d->units[d->nunits++] = unit;
    }
    if (e->nfig == e->cap) {
        size_t cap = e->cap ? e->cap + e->cap / 2 : 16;
        fio_fig *p = realloc(e->figs, cap * sizeof *p);
        if (!p)
            return BDB_ENOMEM;
        e->figs = p;
        e->cap = cap;
    }
    /* the whole name, never cut: the sink refuses one that is too long */
    const char *name = doc_text(d, metric);
    if (!name)
        return BDB_ENOMEM;
    fio_fig *f = &e->figs[e->nfig++];
    f->metric = name;
    f->value = value;
    f->unit = (unsigned)u & 31u;
    f->better = better < 0 ? -1 : better > 0 ? 1 : 0;
    f->line = line;
    f->dir = dir < FIO_DIR_NONE || dir >= FIO_NDIRS ? FIO_DIR_NONE : dir;
    f->col = 0;
    return BDB_OK;
}

/* ---- packed parameters ---------------------------------------------------- */

/* A parameter set as its count, its overflow flags, then each key and
 * value NUL-terminated: the ~100 bytes a job's set holds, not the 3 KB of
 * a bdb_params. NULL for an empty set, and *rc BDB_ENOMEM on failure. */
static char *params_pack(const bdb_params *ps, int *rc)
{
    *rc = BDB_OK;
    if (ps->n == 0 && !ps->overflow)
        return NULL;
    size_t n = 2 * sizeof(int);
    for (int i = 0; i < ps->n; i++)
        n += strlen(ps->kv[i].key) + strlen(ps->kv[i].value) + 2;
    char *p = malloc(n);
    if (!p) {
        *rc = BDB_ENOMEM;
        return NULL;
    }
    memcpy(p, &ps->n, sizeof(int));
    memcpy(p + sizeof(int), &ps->overflow, sizeof(int));
    char *q = p + 2 * sizeof(int);
    for (int i = 0; i < ps->n; i++) {
        size_t k = strlen(ps->kv[i].key) + 1, v = strlen(ps->kv[i].value) + 1;
        memcpy(q, ps->kv[i].key, k);
        memcpy(q + k, ps->kv[i].value, v);
        q += k + v;
    }
    return p;
}

/* Only the slots in use are written: bdb_sample_copy copies no more. */
static void params_unpack(const char *p, bdb_params *ps)
{
    ps->n = ps->overflow = 0;
    if (!p)
        return;
    int n;
    memcpy(&n, p, sizeof(int));
    memset(ps, 0, offsetof(bdb_params, kv) + (size_t)n * sizeof ps->kv[0]);
    ps->n = n;
    memcpy(&ps->overflow, p + sizeof(int), sizeof(int));
    const char *q = p + 2 * sizeof(int);
    for (int i = 0; i < ps->n; i++) {
        size_t k = strlen(q) + 1;
        memcpy(ps->kv[i].key, q, k);
        q += k;
        size_t v = strlen(q) + 1;
        memcpy(ps->kv[i].value, q, v);
        q += v;
    }
}

/* Replaces r's packed set with ps. */
static int rec_set_params(fio_rec *r, const bdb_params *ps)
{
    int rc;
    char *p = params_pack(ps, &rc);
    if (rc)
        return rc;
    free(r->params);
    r->params = p;
    return BDB_OK;
}

/* A record's working entry: its names, parameters, block sizes and flags
 * (not its figures). */
static void rec_unpack(const fio_rec *r, fio_entry *e)
{
    memset(e, 0, sizeof *e);
    e->kind = r->kind;
    snprintf(e->name, sizeof e->name, "%s", r->name);
    snprintf(e->host, sizeof e->host, "%s", r->host);
    for (int d = 0; d < FIO_NDIRS; d++)
        snprintf(e->block_size[d], sizeof e->block_size[d], "%s",
                 r->block_size[d]);
    params_unpack(r->params, &e->params);
    e->run = r->run;
    e->group = r->group;
    e->line = r->line;
    e->reported_jobs = r->reported_jobs;
    e->jobs_unknown = r->jobs_unknown;
    e->grouped = r->grouped;
    e->partial = r->partial;
    e->skipped = r->skipped;
    e->aggregate = r->aggregate;
    e->pid = r->pid;
    e->from_terse = r->from_terse;
    e->dropped = r->dropped;
}

/* Sets r's block sizes from e's. */
static int rec_set_block_sizes(fio_doc *d, fio_rec *r, const fio_entry *e)
{
    for (int k = 0; k < FIO_NDIRS; k++)
        if (!(r->block_size[k] = doc_text(d, e->block_size[k])))
            return BDB_ENOMEM;
    return BDB_OK;
}

/* The first block holds what a small log has; each next one doubles, up
 * to a megabyte. */
#define FIGBLOCK_MIN ((size_t)16 << 10)
#define FIGBLOCK_MAX ((size_t)1 << 20)

/* Room for n figures at the end of the newest block; NULL when out of
 * memory. */
static fio_fig *fig_room(fio_doc *d, size_t n, fio_figblock **in)
{
    fio_figblock *b = d->last_block;
    if (!b || b->cap - b->used < n) {
        size_t size = b ? b->size * 2 : FIGBLOCK_MIN;
        if (size > FIGBLOCK_MAX)
            size = FIGBLOCK_MAX;
        if (n > (SIZE_MAX - sizeof *b) / sizeof(fio_fig))
            return NULL;
        if (size < sizeof *b + n * sizeof(fio_fig)) {
            size_t page = 4096;
            size = (sizeof *b + n * sizeof(fio_fig) + page - 1) / page * page;
        }
        void *m = mmap(NULL, size, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m == MAP_FAILED)
            return NULL;
        b = m;
        b->next = NULL;
        b->size = size;
        b->used = 0;
        b->cap = (size - sizeof *b) / sizeof(fio_fig);
        if (d->last_block)
            d->last_block->next = b;
        else
            d->blocks = b;
        d->last_block = b;
    }
    *in = b;
    fio_fig *f = &b->figs[b->used];
    b->used += n;
    return f;
}

/* Every block older than keep goes back: its records are emitted. */
static void release_blocks_before(fio_doc *d, const fio_figblock *keep)
{
    while (d->blocks && d->blocks != keep) {
        fio_figblock *b = d->blocks;
        d->blocks = b->next;
        if (d->last_block == b)
            d->last_block = NULL;
        munmap(b, b->size);
    }
}

static int pack_one(fio_doc *d, fio_entry *e, fio_rec *r)
{
    int rc;
    memset(r, 0, sizeof *r);
    if (!(r->name = doc_text(d, e->name)) || !(r->host = doc_text(d, e->host)) ||
        rec_set_block_sizes(d, r, e) != BDB_OK)
        return BDB_ENOMEM;
    r->params = params_pack(&e->params, &rc);
    if (rc)
        return rc;
    r->kind = e->kind;
    r->run = e->run;
    r->group = e->group;
    r->line = e->line;
    r->reported_jobs = e->reported_jobs;
    r->jobs_unknown = e->jobs_unknown != 0;
    r->grouped = e->grouped != 0;
    r->partial = e->partial != 0;
    r->skipped = e->skipped != 0;
    r->aggregate = e->aggregate != 0;
    r->from_terse = e->from_terse != 0;
    r->dropped = e->dropped != 0;
    r->pid = e->pid;
    if (e->nfig) {
        fio_fig *f = fig_room(d, e->nfig, &r->block);
        if (!f) {
            free(r->params);
            return BDB_ENOMEM;
        }
        memcpy(f, e->figs, e->nfig * sizeof *f);
        r->figs = f;
        r->nfig = e->nfig;
    }
    free(e->figs);
    e->figs = NULL;
    e->nfig = e->cap = 0;
    return BDB_OK;
}

int bdb_fio_doc_pack(fio_doc *d)
{
    if (d->n == 0)
        return BDB_OK;
    if (d->nrec + d->n > d->reccap) {
        size_t cap = d->reccap ? d->reccap : 16;
        while (cap < d->nrec + d->n)
            cap *= 2;
        fio_rec *p = realloc(d->r, cap * sizeof *p);
        if (!p)
            return BDB_ENOMEM;
        d->r = p;
        d->reccap = cap;
    }
    for (size_t i = 0; i < d->n; i++) {
        fio_rec *r = &d->r[d->nrec + i];
        if (pack_one(d, &d->e[i], r) != BDB_OK) {
            /* the ones packed stay records, the rest entries: nothing
             * is lost, the caller stops on BDB_ENOMEM */
            memmove(d->e, d->e + i, (d->n - i) * sizeof *d->e);
            d->nrec += i;
            d->n -= i;
            return BDB_ENOMEM;
        }
    }
    d->nrec += d->n;
    d->n = 0;
    if (d->cap > 64) {
        /* a text reader's whole array: its room goes */
        free(d->e);
        d->e = NULL;
        d->cap = 0;
    }
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
    bdb_put_at(out, outsz, bdb_put_at(out, outsz, 0, "p", 1), num, n);
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
        fio_cmd *n = bdb_grow(d->cmds, d->ncmd, &d->cmdcap, sizeof *n, 4);
        if (!n) {
            bdb_cmdline_free(&c);
            return BDB_ENOMEM;
        }
        d->cmds = n;
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

/* Applies the command lines to the job records before which they were
 * given. */
static int apply_cmdlines(fio_doc *d, bdb_sink *out)
{
    /* records and command lines are both in file order: one walk */
    size_t k = 0;
    int prev = 0;
    fio_entry *work = NULL;
    cmd_walk *w = NULL;
    int rc = BDB_OK;
    for (size_t i = 0; i < d->nrec && d->ncmd && !rc; i++) {
        fio_rec *r = &d->r[i];
        if (r->line < prev)
            k = 0;
        prev = r->line;
        while (k + 1 < d->ncmd && d->cmds[k + 1].line < r->line)
            k++;
        if (r->kind != FIO_ENTRY_JOB || d->cmds[k].line >= r->line)
            continue;
        if (!work && (!(work = malloc(sizeof *work)) ||
                      !(w = malloc(sizeof *w)))) {
            rc = BDB_ENOMEM;
            break;
        }
        const fio_cmd *c = &d->cmds[k];
        memset(w, 0, sizeof *w);
        w->job = r->name;
        w->kb_base = 1024;
        bdb_cmdline cl = {c->argc, c->argv};
        bdb_cmdline_getopt(&cl, fio_optstring, fio_longs, cmd_option, w);
        rec_unpack(r, work);
        rc = merge_params(work, &w->global, c->line, out);
        if (!rc)
            rc = merge_params(work, &w->own, c->line, out);
        if (!rc && w->rc)
            rc = bdb_sink_warn(out, c->line, "the fio command line: options not "
                               "all kept as parameters: more than %d",
                               BDB_MAX_PARAMS);
        if (rc == BDB_ENOMEM)
            break;
        rc = rec_set_params(r, &work->params);
        if (!rc)
            rc = rec_set_block_sizes(d, r, work);
        r->grouped = work->grouped != 0;
    }
    free(work);
    free(w);
    return rc == BDB_ENOMEM ? rc : BDB_OK;
}

/* ---- interim reports and duplicates ---------------------------------------- */

static double sum_figs(const fio_fig *f, size_t n, const char *metric,
                       int take_max)
{
    double v = 0;
    for (size_t k = 0; k < n; k++)
        if (!strcmp(f[k].metric, metric)) {
            if (!take_max)
                v += f[k].value;
            else if (f[k].value > v)
                v = f[k].value;
        }
    return v;
}

double bdb_fio_entry_io(const fio_entry *e)
{
    return sum_figs(e->figs, e->nfig, "io_bytes", 0);
}

double bdb_fio_entry_runtime(const fio_entry *e)
{
    return sum_figs(e->figs, e->nfig, "runtime", 1);
}

/* What bdb_fio_later_report compares, of an entry or a record. */
typedef struct report_id {
    int kind, group;
    const char *name, *host;
    long pid;
    const fio_fig *figs;
    size_t nfig;
} report_id;

static int later_report(const report_id *a, const report_id *b)
{
    if (a->kind != FIO_ENTRY_JOB || b->kind != FIO_ENTRY_JOB ||
        strcmp(a->name, b->name) != 0 || a->group != b->group ||
        strcmp(a->host, b->host) != 0)
        return 0;
    if (a->pid && b->pid)
        return a->pid == b->pid;
    return sum_figs(b->figs, b->nfig, "io_bytes", 0) >
               sum_figs(a->figs, a->nfig, "io_bytes", 0) &&
           sum_figs(b->figs, b->nfig, "runtime", 1) >=
               sum_figs(a->figs, a->nfig, "runtime", 1) + 0.1;
}

/* 1 if b is a later cumulative report of the job a reported: fio's
 * --status-interval prints the whole result of every job again and again,
 * counting from the job's start (stat.c: __show_running_run_stats). The
 * same pid says so in the normal output; otherwise more I/O and at least
 * 100 ms more runtime do: a repeated run restarts from zero, clones of a
 * time_based job end within milliseconds of each other. */
int bdb_fio_later_report(const fio_entry *a, const fio_entry *b)
{
    report_id x = {a->kind, a->group, a->name, a->host, a->pid, a->figs,
                   a->nfig};
    report_id y = {b->kind, b->group, b->name, b->host, b->pid, b->figs,
                   b->nfig};
    return later_report(&x, &y);
}

static int rec_later_report(const fio_rec *a, const fio_rec *b)
{
    report_id x = {a->kind, a->group, a->name, a->host, a->pid, a->figs,
                   a->nfig};
    report_id y = {b->kind, b->group, b->name, b->host, b->pid, b->figs,
                   b->nfig};
    return later_report(&x, &y);
}

/* Where each run's records start: the readers add entries in run order,
 * so [start[r], start[r + 1]) are run r's. NULL when out of memory or
 * when the order does not hold (then nothing is dropped). */
static size_t *run_starts(const fio_doc *d, int *nruns)
{
    int runs = d->runs;
    for (size_t i = 0; i < d->nrec; i++) {
        if (i > 0 && d->r[i].run < d->r[i - 1].run)
            return NULL;
        if (d->r[i].run + 1 > runs)
            runs = d->r[i].run + 1;
    }
    size_t *st = malloc(((size_t)runs + 1) * sizeof *st);
    if (!st)
        return NULL;
    size_t i = 0;
    for (int r = 0; r <= runs; r++) {
        while (i < d->nrec && d->r[i].run < r)
            i++;
        st[r] = i;
    }
    *nruns = runs;
    return st;
}

/* The next kept job record in [*i, end), or NULL. */
static const fio_rec *next_job(const fio_doc *d, size_t *i, size_t end)
{
    for (; *i < end; (*i)++)
        if (d->r[*i].kind == FIO_ENTRY_JOB && !d->r[*i].dropped &&
            !d->r[*i].restated &&
            !d->r[*i].skipped)
            return &d->r[(*i)++];
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
        const fio_rec *a, *b, *a0 = NULL, *b0 = NULL;
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
            if (!rec_later_report(a, b)) {
                later = 0;
                break;
            }
        }
        if (!later)
            continue;
        for (size_t k = st[r]; k < st[r + 1]; k++)
            d->r[k].dropped = 1;
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
            mixed = !d->r[i].from_terse;
        for (size_t i = st[r]; i < st[r + 1] && mixed; i++) {
            fio_rec *t = &d->r[i];
            if (!t->from_terse || t->dropped)
                continue;
            for (size_t j = st[r]; j < st[r + 1]; j++) {
                const fio_rec *n = &d->r[j];
                if (n->from_terse || n->dropped || n->kind != t->kind ||
                    strcmp(n->name, t->name) != 0 ||
                    strcmp(n->host, t->host) != 0 ||
                    (t->kind == FIO_ENTRY_JOB && n->group != t->group))
                    continue;
                t->restated = 1;
                t->twin_of = j;
                d->r[j].twin = 1;
                if (!noted++) {
                    int rc = bdb_sink_info(out, t->line,
                                           "terse lines repeat the normal "
                                           "output (--output-format=normal,"
                                           "terse): the normal output's "
                                           "figures are the run's, the "
                                           "terse line's restate them "
                                           "(kept as restated points, "
                                           "not as repetitions)");
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

/* ---- from records to samples -------------------------------------------- */

/* The identity of a record among its document's, as a map key: tag 'J'
 * clones of one job (run, group, host, name), 'O' / 'G' the jobs of a run
 * (and group) that group and disk figures take their owner from, 'D' one
 * disk. The host's length makes the key unambiguous whatever bytes the
 * names hold. These maps keep the emission linear in the number of
 * records: a document of 14,000 jobs compared pairwise took seconds. */
#define FIO_KEY_MAX (BDB_BENCHMARK_MAX + BDB_PARAM_VALUE_MAX + 64)

static void entry_key(char *out, int tag, const fio_rec *e, int group,
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
    const fio_rec *e = &d->r[i];
    int made;
    entry_key(key, group ? 'G' : 'O', e, group, 0);
    bdb_strmap_entry *o = bdb_strmap_put(&m->owners, key, &made);
    if (!o)
        return BDB_ENOMEM;
    if (made)
        o->value = (long long)i + 1;
    else if (o->value > 0 && strcmp(d->r[o->value - 1].name, e->name) != 0)
        o->value = -1;
    return BDB_OK;
}

/* Counts every job's clones (a skipped job keeps its place among them,
 * a dropped one does not) and finds the owners. */
static int emit_maps_fill(emit_maps *m, const fio_doc *d)
{
    char key[FIO_KEY_MAX];
    for (size_t i = 0; i < d->nrec; i++) {
        const fio_rec *e = &d->r[i];
        if (e->kind != FIO_ENTRY_JOB || e->dropped || e->restated ||
            e->aggregate)
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

/* The job record whose name and parameters group/disk figures take: the
 * first job of the run (and group, when match_group) if every job there
 * has that name; NULL otherwise. */
static const fio_rec *owner_of(const emit_maps *m, const fio_doc *d,
                               const fio_rec *x, int match_group)
{
    char key[FIO_KEY_MAX];
    entry_key(key, match_group ? 'G' : 'O', x, match_group, 0);
    const bdb_strmap_entry *o = bdb_strmap_get(&m->owners, key);
    return o && o->value > 0 ? &d->r[o->value - 1] : NULL;
}

static const char param_full[] = "parameter %s=%s not kept: more than %d "
                                 "parameters";

/* bdb_params_set, warning when the set is full. */
static int set_param(bdb_sink *out, int line, bdb_params *ps, const char *key,
                     const char *value)
{
    if (bdb_params_set(ps, key, "%s", value) == BDB_OK)
        return BDB_OK;
    int rc = bdb_sink_warn(out, line, param_full, key, value, BDB_MAX_PARAMS);
    return rc == BDB_ENOMEM ? rc : BDB_OK;
}

/* numjobs and the clone number of every job record: owners copy their
 * params. */
static int number_clones(fio_doc *d, emit_maps *maps, bdb_sink *out)
{
    char num[32], key[FIO_KEY_MAX];
    bdb_params *ps = malloc(sizeof *ps);
    int rc = ps ? BDB_OK : BDB_ENOMEM;
    for (size_t i = 0; i < d->nrec && !rc; i++) {
        fio_rec *e = &d->r[i];
        if (e->kind != FIO_ENTRY_JOB || e->dropped || e->restated ||
            e->aggregate)
            continue;
        entry_key(key, 'J', e, 1, 1);
        bdb_strmap_entry *seen = bdb_strmap_put(&maps->seen, key, NULL);
        const bdb_strmap_entry *all = bdb_strmap_get(&maps->clones, key);
        if (!seen || !all) {
            rc = BDB_ENOMEM;
            break;
        }
        int index = (int)seen->value++, count = (int)all->value;
        if (e->skipped)
            continue;
        params_unpack(e->params, ps);
        int changed = 0;
        if (!bdb_params_get(ps, "numjobs") &&
            !(e->jobs_unknown && count == 1 && e->reported_jobs <= 0)) {
            snprintf(num, sizeof num, "%d",
                     e->reported_jobs > 0 ? e->reported_jobs : count);
            rc = set_param(out, e->line, ps, "numjobs", num);
            changed = 1;
        }
        /* a clone of numjobs>1 without group_reporting is "job=N" even
         * when the others were cut off the capture */
        const char *nj = bdb_params_get(ps, "numjobs");
        int clones = count > 1 ||
                     (e->partial && nj && strcmp(nj, "1") != 0 &&
                      !e->grouped && e->reported_jobs <= 0 &&
                      !e->jobs_unknown);
        if (!rc && clones) {
            snprintf(num, sizeof num, "%d", index);
            rc = set_param(out, e->line, ps, "job", num);
            changed = 1;
        }
        if (!rc && changed)
            rc = rec_set_params(e, ps);
    }
    free(ps);
    return rc;
}

/* The parameters and block sizes every job of an "All clients" record's
 * run shares (fio sums every job of every client there, client.c
 * handle_ts): the sum of two randread jobs is a randread, that of a read
 * and a write job has no rw. Never numjobs, job nor host: the sum is
 * none of its jobs'. */
static int aggregate_params(fio_doc *d)
{
    int rc = BDB_OK;
    bdb_params *ps = NULL, *js = NULL;
    for (size_t i = 0; i < d->nrec && !rc; i++) {
        fio_rec *a = &d->r[i];
        if (!a->aggregate || a->dropped || a->skipped)
            continue;
        if (!ps && (!(ps = malloc(sizeof *ps)) || !(js = malloc(sizeof *js)))) {
            rc = BDB_ENOMEM;
            break;
        }
        const char *bs[FIO_NDIRS] = {NULL};
        int njobs = 0;
        /* the records are in run order: the run's are around i */
        size_t lo = i, hi = i + 1;
        while (lo > 0 && d->r[lo - 1].run == a->run)
            lo--;
        while (hi < d->nrec && d->r[hi].run == a->run)
            hi++;
        for (size_t k = lo; k < hi; k++) {
            const fio_rec *j = &d->r[k];
            if (j->kind != FIO_ENTRY_JOB || j->aggregate || j->dropped ||
                j->skipped || j->restated)
                continue;
            if (njobs++ == 0) {
                params_unpack(j->params, ps);
                bdb_params_del(ps, "numjobs");
                bdb_params_del(ps, "job");
                bdb_params_del(ps, "host");
                for (int x = 0; x < FIO_NDIRS; x++)
                    bs[x] = j->block_size[x];
                continue;
            }
            params_unpack(j->params, js);
            for (int p = ps->n - 1; p >= 0; p--) {
                const char *v = bdb_params_get(js, ps->kv[p].key);
                if (!v || strcmp(v, ps->kv[p].value) != 0)
                    bdb_params_del(ps, ps->kv[p].key);
            }
            for (int x = 0; x < FIO_NDIRS; x++)
                if (strcmp(bs[x], j->block_size[x]) != 0)
                    bs[x] = "";
        }
        if (!njobs)
            continue;
        if ((rc = rec_set_params(a, ps)))
            break;
        for (int x = 0; x < FIO_NDIRS; x++)
            if (!a->block_size[x][0])
                a->block_size[x] = bs[x];
    }
    free(ps);
    free(js);
    return rc;
}

/* The samples a record's figures start from: its base (no direction), and
 * per direction the base with direction and block size, each made when
 * its first figure comes. Whether a parameter did not fit is kept, so
 * that every figure says so as it did when each was made on its own. */
typedef struct rec_bases {
    bdb_sample base;
    bdb_sample dir[FIO_NDIRS];
    int made[FIO_NDIRS];
    int full_dir[FIO_NDIRS], full_bs[FIO_NDIRS];
} rec_bases;

static int dir_base(rec_bases *b, const fio_rec *own, int d, int line,
                    bdb_sink *out, const bdb_sample **s)
{
    int rc;
    bdb_sample *x = &b->dir[d];
    const char *bs = own ? own->block_size[d] : "";
    if (!b->made[d]) {
        bdb_sample_copy(x, &b->base);
        b->made[d] = 1;
        b->full_dir[d] = bdb_params_set(&x->params, "direction", "%s",
                                        dir_names[d]) != BDB_OK;
        b->full_bs[d] = bs[0] && bdb_params_set(&x->params, "block_size",
                                                "%s", bs) != BDB_OK;
    }
    if (b->full_dir[d] &&
        (rc = bdb_sink_warn(out, line, param_full, "direction", dir_names[d],
                            BDB_MAX_PARAMS)) == BDB_ENOMEM)
        return rc;
    if (b->full_bs[d] &&
        (rc = bdb_sink_warn(out, line, param_full, "block_size", bs,
                            BDB_MAX_PARAMS)) == BDB_ENOMEM)
        return rc;
    *s = x;
    return BDB_OK;
}

/* 1 when record r has a figure of metric in direction dir. */
static int has_fig(const fio_rec *r, const char *metric, int dir)
{
    for (size_t k = 0; k < r->nfig; k++)
        if (r->figs[k].dir == dir && !strcmp(r->figs[k].metric, metric))
            return 1;
    return 0;
}

/* --output-format=json,normal: the records read from the text beside the
 * JSON (from d->restate_from on) that repeat a JSON record (same kind,
 * name, group and host) restate it. */
static int mark_json_restated(fio_doc *d, bdb_sink *out)
{
    int noted = 0;
    for (size_t i = d->restate_from; d->restate_from && i < d->nrec; i++) {
        fio_rec *t = &d->r[i];
        for (size_t j = 0; j < d->restate_from && !t->restated; j++) {
            fio_rec *n = &d->r[j];
            if (n->dropped || n->kind != t->kind ||
                strcmp(n->name, t->name) != 0 ||
                strcmp(n->host, t->host) != 0 ||
                (t->kind == FIO_ENTRY_JOB && n->group != t->group) ||
                (n->twin && t->kind == FIO_ENTRY_JOB))
                continue;
            t->restated = 1;
            t->twin_of = j;
            n->twin = 1;
            if (!noted++ &&
                bdb_sink_info(out, t->line, "the text output repeats the "
                              "JSON document (--output-format=json,normal): "
                              "the JSON's figures are the run's, the text's "
                              "restate them (kept as restated points, not "
                              "as repetitions)") == BDB_ENOMEM)
                return BDB_ENOMEM;
        }
    }
    return BDB_OK;
}

static int emit_rec_as(fio_doc *d, const emit_maps *maps, size_t i,
                       const fio_rec *figs_of, int many_hosts, rec_bases *b,
                       bdb_sink *out);

static int emit_rec(fio_doc *d, const emit_maps *maps, size_t i,
                    int many_hosts, rec_bases *b, bdb_sink *out)
{
    return emit_rec_as(d, maps, i, NULL, many_hosts, b, out);
}

/* Record i's figures under its identity; with figs_of (a record that
 * restates i), figs_of's figures under i's identity instead: those i has
 * too are points of the trace of i's series ("restated", no interval),
 * the others figures of their own. */
static int emit_rec_as(fio_doc *d, const emit_maps *maps, size_t i,
                       const fio_rec *figs_of, int many_hosts, rec_bases *b,
                       bdb_sink *out)
{
    const fio_rec *e = &d->r[i];
    const fio_rec *own = e;
    int rc = BDB_OK;
    if (e->kind != FIO_ENTRY_JOB)
        own = owner_of(maps, d, e, e->kind == FIO_ENTRY_GROUP);
    bdb_sample *base = &b->base;
    bdb_sample_init(base, own ? own->name : NULL);
    if (own) {
        params_unpack(e->kind == FIO_ENTRY_JOB ? e->params : own->params,
                      &base->params);
        if (e->kind != FIO_ENTRY_JOB)
            bdb_params_del(&base->params, "job");
    }
    if (e->kind != FIO_ENTRY_JOB && e->params) {
        bdb_params *ps = &b->dir[0].params; /* free until the figures */
        params_unpack(e->params, ps);
        for (int k = 0; k < ps->n && !rc; k++)
            rc = set_param(out, e->line, &base->params, ps->kv[k].key,
                           ps->kv[k].value);
    }
    if (!rc && e->kind == FIO_ENTRY_DISK)
        rc = set_param(out, e->line, &base->params, "device", e->name);
    if (!rc && many_hosts && e->host[0])
        rc = set_param(out, e->line, &base->params, "host", e->host);
    memset(b->made, 0, sizeof b->made);
    const fio_rec *src = figs_of ? figs_of : e;
    for (size_t k = 0; k < src->nfig && !rc; k++) {
        const fio_fig *f = &src->figs[k];
        const bdb_sample *s = base;
        if (f->dir >= 0) /* a 3-bit field: FIO_NDIRS - 1 at most */
            rc = dir_base(b, own, f->dir, f->line, out, &s);
        if (rc)
            break;
        out->at_col = f->col;
        if (figs_of && has_fig(e, f->metric, f->dir)) {
            bdb_trace t;
            bdb_trace_set(&t, f->metric, "restated", NAN, NAN);
            rc = bdb_sink_trace(out, s, f->metric, &t, f->value,
                                d->units[f->unit], (bdb_better)f->better,
                                f->line);
        } else {
            rc = bdb_sink_add(out, s, f->metric, f->value, d->units[f->unit],
                              (bdb_better)f->better, f->line);
        }
    }
    return rc;
}

int bdb_fio_emit(fio_doc *d, bdb_sink *out)
{
    int rc = bdb_fio_doc_pack(d);
    if (!rc)
        rc = apply_cmdlines(d, out);
    if (!rc)
        rc = drop_terse_duplicates(d, out);
    if (!rc)
        rc = mark_json_restated(d, out);
    if (!rc)
        rc = drop_interim_runs(d, out);
    if (rc)
        return rc;
    /* an "All clients" sum has no host of its own: it does not make
     * one server's output a many-host one */
    int many_hosts = 0;
    const char *host0 = NULL;
    for (size_t i = 0; i < d->nrec; i++)
        if (!d->r[i].aggregate && !host0)
            host0 = d->r[i].host;
        else if (!d->r[i].aggregate && strcmp(d->r[i].host, host0) != 0)
            many_hosts = 1;

    emit_maps maps;
    memset(&maps, 0, sizeof maps);
    rc = emit_maps_fill(&maps, d);
    if (!rc)
        rc = number_clones(d, &maps, out);
    if (!rc)
        rc = aggregate_params(d);

    rec_bases *b = rc ? NULL : malloc(sizeof *b);
    if (!rc && !b)
        rc = BDB_ENOMEM;
    char key[FIO_KEY_MAX];
    /* a restated record's figures are given after every record's (the
     * points of a trace follow its series' figure), so the figures of
     * both stay until then */
    int restating = 0;
    for (size_t i = 0; i < d->nrec && !restating; i++)
        restating = d->r[i].restated && !d->r[i].dropped;
    for (size_t i = 0; i < d->nrec && !rc; i++) {
        fio_rec *e = &d->r[i];
        if (e->dropped || e->skipped || e->restated)
            continue;
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
        /* the records before this one are emitted: their figures' blocks
         * go back */
        if (e->block && !restating)
            release_blocks_before(d, e->block);
        rc = emit_rec(d, &maps, i, many_hosts, b, out);
        if (!restating) {
            e->figs = NULL;
            e->nfig = 0;
        }
    }
    for (size_t i = 0; i < d->nrec && !rc && restating; i++) {
        fio_rec *t = &d->r[i];
        if (t->restated && !t->dropped && !t->skipped)
            rc = emit_rec_as(d, &maps, t->twin_of, t, many_hosts, b, out);
    }
    free(b);
    emit_maps_free(&maps);
    return rc;
}
