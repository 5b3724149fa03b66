/* parse_fio.c - fio (flexible I/O tester) output: JSON and json+
 * (fio_json.c), the normal text output of fio 1.x/2.x/3.x and the terse
 * (--minimal) lines of versions 2..5 (fio_text.c). This file sniffs,
 * dispatches, and turns what the readers collected into samples.
 *
 * Units, from fio's stat.c (show_ddir_status, add_ddir_status_json,
 * show_ddir_status_terse) and HOWTO ("Normal output", "Terse output",
 * "JSON output"):
 *  - JSON "bw", "bw_min/max/mean/dev" are KiB/s (1024 B/s); "bw_bytes" is
 *    B/s (used when present, it is the exact figure "bw" is rounded from);
 *    "iops" op/s; "runtime" ms; "io_bytes" is bytes when "io_kbytes" is
 *    also printed (fio 2.99+), and KiB in older versions (fio 2.x printed
 *    `io_bytes >> 10`); "slat_ns/clat_ns/lat_ns" are ns, the older
 *    "slat/clat/lat" are usec. "percentile" maps are of completion latency
 *    (clat) unless lat_percentiles=1 moved them to "lat_ns". json+ "bins"
 *    are histograms: not stored.
 *  - Text 3.x: `read: IOPS=47.2k, BW=184MiB/s (193MB/s)(553MiB/3001msec)`:
 *    IOPS with SI suffixes (k = 1000); BW printed twice, binary and SI: the
 *    binary one is used and the SI one must agree within rounding; io in
 *    binary units; latency lines name their unit "(nsec|usec|msec)" and may
 *    carry SI suffixes ("max=12.3k"); `bw (  KiB/s)` lines are KiB/s.
 *  - Text 1.x/2.x: `read : io=1024.0MB, bw=51041KB/s, iops=12760,
 *    runt= 20544msec`: with the default kb_base=1024 fio 2.x's num2str
 *    prints powers of 1024 as "KB", "MB" (HOWTO: kb_base, "compatibility
 *    mode"), so KB/s here is KiB/s; `bw (KB/s)` likewise.
 *  - Terse: io in KiB, bw KiB/s, iops op/s, runtime ms, latencies usec,
 *    percentiles "P%=usec" (completion latency).
 *  - Job options (JSON "job options"/"global options") are fio input
 *    syntax: with kb_base=1024 (the default) k/m/g and kB/MB mean powers of
 *    1024 and KiB/MiB powers of 1000 (HOWTO: kb_base); kb_base=1000 swaps
 *    them. Time options default to seconds.
 *
 * Samples: benchmark = job name. Per job and direction (param direction =
 * read/write/trim/mixed): iops, bandwidth (B/s), io_bytes (B), runtime (s),
 * slat_/clat_/latency_ min/max/mean/stdev (s; latency = fio's total "lat"),
 * clat_pNN (or latency_pNN with lat_percentiles; p99_9 = 99.9th), bandwidth_
 * and iops_ min/max/mean/stdev (fio's per-interval samples). Per job:
 * cpu_usr, cpu_sys (%), context_switches; sync_latency_* for fsync blocks.
 * "Run status group" rows: group_bandwidth (aggregate B/s), group_io_bytes,
 * group_runtime (the longest job's run, s) per direction. "Disk stats":
 * disk_util (%), disk_read_ios, disk_write_ios, disk_read_merges,
 * disk_write_merges with param device. Group and disk figures take the
 * benchmark and job parameters of their run's job when all its jobs share
 * one name, else none (the file name then names them).
 *
 * Parameters: rw, block_size (bytes; per direction in text output; the
 * option text when it is a range or list), iodepth, ioengine, numjobs,
 * direct, size (bytes), runtime (seconds), rwmixread - as printed by fio:
 * text output shows rw/bs/ioengine/iodepth only, JSON only the options the
 * user set. size and runtime are kept in the series identity on purpose: a
 * 64 MiB file that fits the page cache and a 3 s run are different
 * measurements from a 100 GiB file and an hour. numjobs>1 without
 * group_reporting prints one result per clone: each gets param job=0..N-1
 * (fio's clone order) so clones are not mistaken for repetitions;
 * group_reporting's summed result has no job param. Client/server output
 * adds host only when several hosts report. Several runs in one file become
 * repetitions. */
#include "fio_internal.h"
#include "../common/bdb_scan.h"

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
    if (name)
        bdb_copy(e->name, sizeof e->name, name,
                 name_end ? name_end : name + strlen(name));
    e->run = run;
    e->line = line;
    return e;
}

void bdb_fio_doc_free(fio_doc *d)
{
    for (size_t i = 0; i < d->n; i++)
        free(d->e[i].figs);
    free(d->e);
    memset(d, 0, sizeof *d);
}

int bdb_fio_fig_add(fio_entry *e, const char *metric, double value,
                const char *unit, bdb_better better, int line, int dir)
{
    if (e->nfig == e->cap) {
        size_t cap = e->cap ? e->cap * 2 : 32;
        fio_fig *p = realloc(e->figs, cap * sizeof *p);
        if (!p)
            return BDB_ENOMEM;
        e->figs = p;
        e->cap = cap;
    }
    fio_fig *f = &e->figs[e->nfig++];
    snprintf(f->metric, sizeof f->metric, "%s", metric);
    f->value = value;
    f->unit = unit;
    f->better = better;
    f->line = line;
    f->dir = dir;
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

static void set_number_or_text(bdb_params *ps, const char *key, int ok,
                               double v, const char *text)
{
    if (ok)
        bdb_params_set(ps, key, "%.15g", v);
    else
        bdb_params_set(ps, key, "%s", text);
}

void bdb_fio_entry_option(fio_entry *e, const char *name, const char *value,
                      int kb_base)
{
    const char *vend = value + strlen(value);
    double v = 0;
    if (!strcmp(name, "rw") || !strcmp(name, "readwrite")) {
        bdb_params_set(&e->params, "rw", "%s", value);
    } else if (!strcmp(name, "bs") || !strcmp(name, "blocksize")) {
        char text[48];
        int ok = bdb_fio_option_size(value, vend, kb_base, &v);
        if (ok)
            snprintf(text, sizeof text, "%.15g", v);
        else
            snprintf(text, sizeof text, "%s", value);
        for (int d = 0; d < FIO_NDIRS; d++)
            snprintf(e->block_size[d], sizeof e->block_size[d], "%s", text);
    } else if (!strcmp(name, "iodepth") || !strcmp(name, "numjobs") ||
               !strcmp(name, "ioengine") || !strcmp(name, "direct") ||
               !strcmp(name, "rwmixread")) {
        bdb_params_set(&e->params, name, "%s", value);
    } else if (!strcmp(name, "size")) {
        int ok = bdb_fio_option_size(value, vend, kb_base, &v);
        set_number_or_text(&e->params, "size", ok, v, value);
    } else if (!strcmp(name, "runtime")) {
        int ok = bdb_fio_option_time(value, vend, &v);
        set_number_or_text(&e->params, "runtime", ok, v, value);
    }
}

/* ---- sniffing ---------------------------------------------------------- */

int bdb_fio_has_json(const char *buf, size_t len)
{
    return bdb_memfind(buf, len, "\"fio version\"") != NULL;
}

static int has_terse(const char *buf, size_t len)
{
    bdb_lines it;
    bdb_line ln;
    int n = 0;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &ln) && n++ < 5000)
        if (bdb_fio_is_terse_line(ln.p, ln.end))
            return 1;
    return 0;
}

/* Text evidence is looked for line by line, in the places fio prints it
 * (a job header "name: (groupid=0, jobs=1): err= 0: ...", a line that
 * starts "Run status group"), so that prose or a table that merely
 * mentions these words is not taken for fio output. */
static int sniff(const char *buf, size_t len)
{
    if (bdb_fio_has_json(buf, len) && (bdb_memfind(buf, len, "\"jobs\"") ||
                                   bdb_memfind(buf, len, "\"client_stats\"")))
        return 100;
    int groupid = 0, runstat = 0, iops = 0, old_header = 0, runt = 0,
        group_rw = 0, job_rw = 0, failed = 0;
    bdb_lines it;
    bdb_line l;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &l)) {
        const char *p = l.p, *e = l.end;
        bdb_trim(&p, &e);
        if (bdb_contains(p, e, "(groupid=") && bdb_contains(p, e, "): err="))
            groupid = 1;
        else if (bdb_contains(p, e, "(g=") && bdb_contains(p, e, "): err="))
            old_header = 1;
        if (bdb_starts_with(p, e, "Run status group "))
            runstat = 1;
        if (bdb_contains(p, e, "IOPS=") || bdb_contains(p, e, "iops="))
            iops = 1;
        if (bdb_contains(p, e, "runt="))
            runt = 1;
        if (bdb_starts_with(p, e, "READ: ") || bdb_starts_with(p, e, "WRITE: "))
            group_rw = 1;
        if (bdb_contains(p, e, "(g=0): rw=") && bdb_contains(p, e, "ioengine="))
            job_rw = 1;
        if (bdb_starts_with(p, e, "fio: pid=") && bdb_contains(p, e, "err="))
            failed = 1;
    }
    if (groupid && (iops || runstat))
        return 100;
    if (old_header && runt)
        return 90;
    if (runstat && group_rw)
        return 90;
    if (has_terse(buf, len))
        return 90;
    if (job_rw)
        return 70;
    if (failed)
        return 60;
    return 0;
}

/* ---- from entries to samples -------------------------------------------- */

static int same_job(const fio_entry *a, const fio_entry *b)
{
    return a->kind == FIO_ENTRY_JOB && b->kind == FIO_ENTRY_JOB &&
           a->run == b->run && a->group == b->group &&
           !strcmp(a->name, b->name) && !strcmp(a->host, b->host);
}

/* The job entry whose name and parameters group/disk figures take: the
 * first job of the run (and group, when group >= 0) if every job there
 * has that name; NULL otherwise. */
static const fio_entry *owner_of(const fio_doc *d, const fio_entry *x,
                                 int match_group)
{
    const fio_entry *first = NULL;
    for (size_t i = 0; i < d->n; i++) {
        const fio_entry *e = &d->e[i];
        if (e->kind != FIO_ENTRY_JOB || e->run != x->run ||
            strcmp(e->host, x->host) != 0)
            continue;
        if (match_group && e->group != x->group)
            continue;
        if (!first)
            first = e;
        else if (strcmp(first->name, e->name) != 0)
            return NULL;
    }
    return first;
}

static int emit_all(fio_doc *d, bdb_sink *out)
{
    int many_hosts = 0;
    for (size_t i = 1; i < d->n; i++)
        if (strcmp(d->e[i].host, d->e[0].host) != 0)
            many_hosts = 1;

    /* numjobs and clone numbers first: owners copy their params. */
    for (size_t i = 0; i < d->n; i++) {
        fio_entry *e = &d->e[i];
        if (e->kind != FIO_ENTRY_JOB)
            continue;
        int count = 0, index = 0;
        for (size_t j = 0; j < d->n; j++) {
            if (same_job(e, &d->e[j])) {
                if (j < i)
                    index++;
                count++;
            }
        }
        if (!bdb_params_get(&e->params, "numjobs") &&
            !(e->jobs_unknown && count == 1 && e->reported_jobs <= 0))
            bdb_params_set(&e->params, "numjobs", "%d",
                           e->reported_jobs > 0 ? e->reported_jobs : count);
        if (count > 1)
            bdb_params_set(&e->params, "job", "%d", index);
    }

    for (size_t i = 0; i < d->n; i++) {
        const fio_entry *e = &d->e[i];
        bdb_sample base;
        const fio_entry *own = e;
        if (e->kind == FIO_ENTRY_DISK) {
            int dup = 0;
            for (size_t j = 0; j < i; j++)
                if (d->e[j].kind == FIO_ENTRY_DISK &&
                    d->e[j].run == e->run && !strcmp(d->e[j].name, e->name) &&
                    !strcmp(d->e[j].host, e->host))
                    dup = 1;
            if (dup)
                continue;
        }
        if (e->kind != FIO_ENTRY_JOB)
            own = owner_of(d, e, e->kind == FIO_ENTRY_GROUP);
        bdb_sample_init(&base, own ? own->name : NULL);
        if (own) {
            base.params = own->params;
            bdb_params_del(&base.params, "job");
            if (e->kind == FIO_ENTRY_JOB)
                base.params = e->params;
        }
        if (e->kind != FIO_ENTRY_JOB) {
            for (int k = 0; k < e->params.n; k++)
                bdb_params_set(&base.params, e->params.kv[k].key, "%s",
                               e->params.kv[k].value);
        }
        if (e->kind == FIO_ENTRY_DISK)
            bdb_params_set(&base.params, "device", "%s", e->name);
        if (many_hosts && e->host[0])
            bdb_params_set(&base.params, "host", "%s", e->host);
        for (size_t k = 0; k < e->nfig; k++) {
            const fio_fig *f = &e->figs[k];
            bdb_sample s = base;
            if (f->dir >= 0 && f->dir < FIO_NDIRS) {
                bdb_params_set(&s.params, "direction", "%s",
                               dir_names[f->dir]);
                const char *bs = own ? own->block_size[f->dir] : "";
                if (bs[0])
                    bdb_params_set(&s.params, "block_size", "%s", bs);
            }
            int rc = bdb_sink_add(out, &s, f->metric, f->value, f->unit,
                                  f->better, f->line);
            if (rc)
                return rc;
        }
    }
    return BDB_OK;
}

static int parse(const char *buf, size_t len, const bdb_parse_opts *opts,
                 bdb_sink *out, bdb_diag *diag)
{
    (void)opts;
    fio_doc doc;
    memset(&doc, 0, sizeof doc);
    int rc;
    if (bdb_fio_has_json(buf, len))
        rc = bdb_fio_json_parse(buf, len, &doc, out, diag);
    else
        rc = bdb_fio_text_parse(buf, len, &doc, out, diag);
    if (rc == BDB_OK)
        rc = emit_all(&doc, out);
    bdb_fio_doc_free(&doc);
    if (rc && diag && !diag->message[0])
        bdb_diag_set(diag, rc, 0, "fio: %s", bdb_strerror(rc));
    return rc;
}

const bdb_parser bdb_parser_fio = {"fio", 1, sniff, parse};
