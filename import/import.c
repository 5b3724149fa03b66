/* import.c - the import pipeline (see import.h). */
#include "import_internal.h"
#include "overlap.h"
#include "../common/bdb_input.h"
#include "../common/bdb_scan.h"
#include "../common/bdb_sha256.h"
#include "../common/bdb_strmap.h"
#include "../ingest/ingest.h"
#include "../store/store_traces.h"
#include "../ingest/path_pattern.h"
#include "../ingest/platform_csv.h"
#include "../ingest/sysinfo.h"
#include "../common/bdb_grow.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

/* "dd:1+time:1": which parsers read a source, at which versions. */
static void parser_versions(const char *tools, char *out, size_t outsz)
{
    char tmp[128];
    snprintf(tmp, sizeof tmp, "%s", tools);
    out[0] = '\0';
    size_t used = 0;
    char *save = NULL;
    for (char *t = strtok_r(tmp, "+", &save); t; t = strtok_r(NULL, "+", &save)) {
        const bdb_parser *p = bdb_parser_find(t);
        int w = snprintf(out + used, outsz - used, "%s%s:%d", used ? "+" : "",
                         t, p ? p->version : 0);
        if (w < 0 || (size_t)w >= outsz - used)
            break;
        used += (size_t)w;
    }
}

/* Import options as stored with a source, so reparse can repeat them:
 * one "key=value" per line (tool, benchmark, param). */
static void options_serialize(const char *tool, const char *benchmark,
                              int benchmark_from_path,
                              const char *time_format,
                              const bdb_summary_opts *summary,
                              const bdb_params *params, bdb_buf *out)
{
    if (summary)
        bdb_buf_printf(out, "summary=%s\nsummary_tool=%s\nmetric=%s\n"
                       "unit=%s\n", summary->pattern, summary->tool,
                       summary->metric, summary->unit);
    if (time_format)
        bdb_buf_printf(out, "time_format=%s\n", time_format);
    if (tool)
        bdb_buf_printf(out, "tool=%s\n", tool);
    if (benchmark)
        bdb_buf_printf(out, "benchmark=%s\n", benchmark);
    if (benchmark && benchmark_from_path)
        bdb_buf_puts(out, "benchmark_from_path=1\n");
    for (int i = 0; params && i < params->n; i++)
        bdb_buf_printf(out, "param=%s=%s\n", params->kv[i].key,
                       params->kv[i].value);
    if (!out->data)
        bdb_buf_puts(out, "");
}

typedef struct parsed_options {
    char tool[64];
    char benchmark[BDB_BENCHMARK_MAX];
    char time_format[512];
    char summary[512], summary_tool[64], metric[BDB_METRIC_MAX], unit[64];
    int benchmark_from_path;
    bdb_params params;
} parsed_options;

static void options_parse(const char *text, parsed_options *o)
{
    memset(o, 0, sizeof *o);
    const char *p = text;
    while (p && *p) {
        const char *nl = strchr(p, '\n');
        const char *end = nl ? nl : p + strlen(p);
        char line[512];
        bdb_copy(line, sizeof line, p, end);
        if (strncmp(line, "tool=", 5) == 0)
            bdb_strlcpy(o->tool, sizeof o->tool, line + 5);
        else if (strncmp(line, "time_format=", 12) == 0)
            bdb_strlcpy(o->time_format, sizeof o->time_format, line + 12);
        else if (strncmp(line, "summary=", 8) == 0)
            bdb_strlcpy(o->summary, sizeof o->summary, line + 8);
        else if (strncmp(line, "summary_tool=", 13) == 0)
            bdb_strlcpy(o->summary_tool, sizeof o->summary_tool, line + 13);
        else if (strncmp(line, "metric=", 7) == 0)
            bdb_strlcpy(o->metric, sizeof o->metric, line + 7);
        else if (strncmp(line, "unit=", 5) == 0)
            bdb_strlcpy(o->unit, sizeof o->unit, line + 5);
        else if (strcmp(line, "benchmark_from_path=1") == 0)
            o->benchmark_from_path = 1;
        else if (strncmp(line, "benchmark=", 10) == 0)
            bdb_strlcpy(o->benchmark, sizeof o->benchmark, line + 10);
        else if (strncmp(line, "param=", 6) == 0) {
            char *eq = strchr(line + 6, '=');
            if (eq) {
                *eq = '\0';
                bdb_params_set(&o->params, line + 6, "%s", eq + 1);
            }
        }
        p = nl ? nl + 1 : NULL;
    }
}

static int apply_sysinfo(bdb_store *st, const char *buf, size_t len,
                         const char *platform, bdb_import_result *res)
{
    bdb_platform upd;
    bdb_platform_clear(&upd);
    snprintf(upd.name, sizeof upd.name, "%s", platform);
    int kind = bdb_sysinfo_parse(buf, len, &upd);
    static const char *const names[] = {"", "lscpu", "uname", "cpuinfo"};
    snprintf(res->tools, sizeof res->tools, "%s", names[kind]);
    if (bdb_store_platform_put(st, &upd, 1))
        return bdb_diag_set(&res->diag, BDB_ESTORE, 0, "%s",
                            bdb_store_errmsg(st));
    res->status = BDB_IMPORT_PLATFORM_INFO;
    return BDB_OK;
}

typedef struct csv_apply {
    bdb_import_result *res;
    bdb_platform *rows;
    size_t n, cap;
    int rc;
} csv_apply;

static int csv_row(const bdb_platform *p, int line, void *ctx)
{
    csv_apply *a = ctx;
    if (a->n == a->cap) {
        bdb_platform *r = bdb_grow(a->rows, a->n, &a->cap, sizeof *r, 16);
        if (!r) {
            a->rc = bdb_diag_set(&a->res->diag, BDB_ENOMEM, line, "out of memory");
            return 1;
        }
        a->rows = r;
    }
    a->rows[a->n++] = *p;
    return 0;
}

static int csv_bad(int line, const char *why, void *ctx)
{
    csv_apply *a = ctx;
    a->rc = bdb_diag_set(&a->res->diag, BDB_EPARSE, line, "%s", why);
    return 1;
}

/* A platforms.csv among the logs. Like a log it lands whole or not at all:
 * every row is read and checked before any is written (`benchdb platform
 * import` instead skips bad rows). */
static int apply_platform_csv(bdb_store *st, const char *buf, size_t len,
                              bdb_import_result *res)
{
    csv_apply a = {res, NULL, 0, 0, 0};
    bdb_diag d;
    bdb_diag_clear(&d);
    int rc = bdb_platform_csv_read(buf, len, csv_row, csv_bad, &a, &d);
    if (rc)
        rc = bdb_diag_set(&res->diag, rc, d.line, "%s", d.message);
    else
        rc = a.rc;
    if (!rc)
        rc = bdb_store_platforms_put(st, a.rows, a.n);
    if (rc && !res->diag.message[0])
        bdb_diag_set(&res->diag, rc, 0, "%s", bdb_store_errmsg(st));
    if (!rc) {
        snprintf(res->tools, sizeof res->tools, "platforms.csv, %zu platforms",
                 a.n);
        res->platform[0] = '\0';
        res->status = BDB_IMPORT_PLATFORM_INFO;
    }
    free(a.rows);
    return rc;
}


typedef bdb_import_to_store to_store;

int bdb_import_take(void *ctx, const bdb_sample *s)
{
    to_store *ts = ctx;
    int rc = bdb_store_source_put(ts->st, ts->id, s);
    /* a series is staged once per file, not once per figure */
    if (!rc && ts->merge && !(s->ref && s->ref->tracked)) {
        rc = bdb_merge_check_stage(ts->merge, s, ts->platform);
        if (!rc && s->ref)
            s->ref->tracked = 1;
    }
    if (rc)
        ts->rc = rc;
    /* a store error stops the parse: ingest passes BDB_ESTORE through */
    return rc == BDB_ENOMEM ? rc : rc ? BDB_ESTORE : BDB_OK;
}

/* A trace point into the open source, tied to its series' figure. */
int bdb_import_take_trace(void *ctx, const bdb_sample *s)
{
    to_store *ts = ctx;
    int rc = ts->traces ? BDB_OK
                        : bdb_trace_writer_open(ts->st, ts->id, &ts->traces);
    if (!rc)
        rc = bdb_trace_writer_put(ts->traces, s);
    if (rc)
        ts->rc = rc;
    return rc == BDB_ENOMEM ? rc : rc ? BDB_ESTORE : BDB_OK;
}

/* Ends the source's trace before the source ends: the points of a
 * series that got no figure are said in a warning. Returns rc or the
 * writer's error. */
static int traces_done(to_store *ts, bdb_sink *sink, int rc)
{
    long long stored = 0, orphans = 0;
    int wrc = bdb_trace_writer_close(ts->traces, rc, &stored, &orphans);
    ts->traces = NULL;
    if (!rc && wrc) {
        ts->rc = wrc;
        return wrc;
    }
    if (!rc && orphans)
        rc = bdb_sink_warn(sink, 0, "%lld trace points not stored: their "
                           "series has no figure of the run before them",
                           orphans);
    return rc;
}

/* Platform fields a path captured ({arch}, {freq_mhz}) describe the
 * platform, not the series. */
static int put_path_fields(bdb_store *st, const char *platform,
                           const bdb_path_match *m)
{
    bdb_platform upd = m->fields;
    snprintf(upd.name, sizeof upd.name, "%s", platform);
    return bdb_store_platform_put(st, &upd, 1);
}

/* gzip magic (RFC 1952): ID1 ID2 = 1f 8b. */
static int is_gzip(const char *p, size_t n)
{
    return n >= 2 && (unsigned char)p[0] == 0x1f && (unsigned char)p[1] == 0x8b;
}

/* Where a gzip file's text goes: memory while it is small; past spill_at
 * (when set) an unlinked temporary file, mapped for the parse like the
 * file itself, so that a large .gz log is not held whole either. */
typedef struct gz_out {
    bdb_buf *mem;
    size_t spill_at;                /* 0: memory only, within its cap */
    unsigned long long max;         /* spilled: the most bytes written */
    int fd;                         /* -1: not spilled */
    unsigned long long written;
} gz_out;

/* A small log inflates in memory; a larger one is written out. */
#define GZ_SPILL_AT ((size_t)4 << 20)

static int gz_put(gz_out *o, const char *p, size_t n, char *msg, size_t msgsz)
{
    if (o->fd < 0 && (!o->spill_at || o->mem->len + n <= o->spill_at)) {
        if (bdb_buf_append(o->mem, p, n)) {
            size_t max = o->mem->max ? o->mem->max : ((size_t)1 << 30);
            snprintf(msg, msgsz, "the gzip file holds more than the %zu MiB "
                     "benchdb reads from one file", max >> 20);
            return BDB_ERANGE;
        }
        return BDB_OK;
    }
    if (o->fd < 0) {
        o->fd = bdb_input_tmpfile(msg, msgsz);
        if (o->fd < 0)
            return BDB_EIO;
        if (bdb_write_all(o->fd, o->mem->data, o->mem->len))
            goto failed;
        o->written = o->mem->len;
        bdb_buf_free(o->mem);
    }
    if (o->written + n > o->max) {
        snprintf(msg, msgsz, "the gzip file holds more than %llu MiB (256 "
                 "times its own size, at least 1 GiB): not read, as a "
                 "decompression bomb would not be", o->max >> 20);
        return BDB_ERANGE;
    }
    if (bdb_write_all(o->fd, p, n))
        goto failed;
    o->written += n;
    return BDB_OK;
failed:
    snprintf(msg, msgsz, "cannot write the decompressed log to a temporary "
             "file: %s", strerror(errno));
    return BDB_EIO;
}

/* Decompresses the gzip stream(s) in[0..n) into out (concatenated members,
 * as gzip -d does). The output obeys out's limits: a larger log fails
 * with a message naming the limit rather than being cut. */
static int gunzip_into(const char *in, size_t n, gz_out *out, char *msg,
                       size_t msgsz)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) {
        snprintf(msg, msgsz, "cannot start gzip decompression");
        return BDB_ENOMEM;
    }
    z.next_in = (Bytef *)in;
    z.avail_in = (uInt)n;
    size_t fed = n;  /* the rest beyond uInt is fed as avail_in empties */
    if (n > (size_t)UINT32_MAX) {
        z.avail_in = UINT32_MAX;
        fed = UINT32_MAX;
    }
    char chunk[65536];
    int rc = BDB_OK, zr;
    for (;;) {
        z.next_out = (Bytef *)chunk;
        z.avail_out = sizeof chunk;
        zr = inflate(&z, Z_NO_FLUSH);
        size_t got = sizeof chunk - z.avail_out;
        if (got && (rc = gz_put(out, chunk, got, msg, msgsz)))
            break;
        bdb_input_done_before(z.next_in); /* a mapped file's read pages */
        if (z.avail_in == 0 && fed < n) {
            size_t more = n - fed > UINT32_MAX ? UINT32_MAX : n - fed;
            z.avail_in = (uInt)more;
            fed += more;
        }
        if (zr == Z_STREAM_END) {
            /* Another member may follow (cat a.gz b.gz). */
            if (z.avail_in == 0 || !is_gzip((const char *)z.next_in, z.avail_in))
                break;
            if (inflateReset(&z) != Z_OK) {
                snprintf(msg, msgsz, "damaged gzip stream");
                rc = BDB_EPARSE;
                break;
            }
            continue;
        }
        if (zr == Z_BUF_ERROR && z.avail_in == 0) {
            snprintf(msg, msgsz, "the gzip file is truncated (it ends in the "
                     "middle of its stream)");
            rc = BDB_EPARSE;
            break;
        }
        if (zr != Z_OK && zr != Z_BUF_ERROR) {
            snprintf(msg, msgsz, "damaged gzip stream: %s",
                     z.msg ? z.msg : "inflate failed");
            rc = BDB_EPARSE;
            break;
        }
    }
    inflateEnd(&z);
    if (!rc && out->fd < 0 && !out->mem->data)
        bdb_buf_puts(out->mem, "");
    return rc;
}

static int gunzip_to(const char *in, size_t n, bdb_buf *out, char *msg,
                     size_t msgsz)
{
    gz_out o = {out, 0, 0, -1, 0};
    return gunzip_into(in, n, &o, msg, msgsz);
}

int bdb_import_gunzip_mem(const char *in, size_t n, bdb_buf *out, char *msg,
                          size_t msgsz)
{
    return gunzip_to(in, n, out, msg, msgsz);
}

int bdb_import_is_gzip(const char *p, size_t n)
{
    return is_gzip(p, n);
}

/* The text of a .gz file being imported: in plain, or mapped from a
 * temporary file in spooled when it is large. */
static int gunzip_input(const bdb_input *raw, bdb_buf *plain,
                        bdb_input *spooled, char *msg, size_t msgsz)
{
    unsigned long long most = (unsigned long long)raw->len * 256;
    gz_out o = {plain, GZ_SPILL_AT, most > (1ull << 30) ? most : 1ull << 30,
                -1, 0};
    int rc = gunzip_into(raw->data, raw->len, &o, msg, msgsz);
    if (o.fd >= 0) {
        if (rc)
            close(o.fd);
        else
            rc = bdb_input_adopt(spooled, o.fd, msg, msgsz);
    }
    return rc;
}

/* The text gunzip_input made: plain, unless it spilled (plain is emptied
 * then, and spooled holds it, mapped or, where the file system cannot
 * map, read). */
static void gz_text(const bdb_buf *plain, const bdb_input *spooled,
                    const char **text, size_t *len)
{
    *text = plain->data ? plain->data : spooled->data;
    *len = plain->data ? plain->len : spooled->len;
}

static void text_free(bdb_buf *plain, bdb_input *spooled)
{
    bdb_buf_free(plain);
    bdb_input_close(spooled);
}

int bdb_import_gunzip(bdb_buf *buf, char *msg, size_t msgsz)
{
    if (!buf->data || !is_gzip(buf->data, buf->len))
        return 0;
    bdb_buf plain;
    bdb_buf_init(&plain);
    plain.max = buf->max;
    int rc = gunzip_to(buf->data, buf->len, &plain, msg, msgsz);
    if (rc) {
        bdb_buf_free(&plain);
        return rc;
    }
    bdb_buf_free(buf);
    *buf = plain;
    return 1;
}

/* What a dry run keeps of the figures as they stream by: the parameters
 * every one of them carries (a figure is 3.5 KB: a million of them were
 * collected before). */
typedef struct common_params {
    bdb_params common;
    size_t n;
    const char *text;   /* the parse's input, dropped now and then */
} common_params;

static int common_take(void *ctx, const bdb_sample *s)
{
    common_params *c = ctx;
    if (c->n++ == 0) {
        c->common = s->params;
    } else {
        for (int i = c->common.n - 1; i >= 0; i--) {
            const char *v = bdb_params_get(&s->params, c->common.kv[i].key);
            if (!v || strcmp(v, c->common.kv[i].value) != 0)
                bdb_params_del(&c->common, c->common.kv[i].key);
        }
    }
    if ((c->n & 4095) == 0)
        bdb_input_release(c->text);
    return BDB_OK;
}

/* The file's warnings, counted and handed to opts->warn, and its notes
 * that an option was not applied, to opts->note. */
static void tell_notes(const bdb_import_opts *opts, const char *path,
                       const bdb_sink *sink, bdb_import_result *res)
{
    for (size_t k = 0; k < sink->nnotes; k++) {
        const bdb_note *n = &sink->notes[k];
        if (n->is_info == BDB_NOTE_OPTION && opts->note)
            opts->note(path, n->line, n->text, opts->warn_ctx);
        if (n->is_info)
            continue;
        res->nwarnings++;
        if (opts->warn)
            opts->warn(path, n->line, n->text, opts->warn_ctx);
    }
}

/* import --dry-run: what the file would give, parsed, with nothing
 * written (st may be NULL). */
static int dry_run(const char *text, size_t len, const char *path,
                   const bdb_import_opts *opts, const char *benchmark,
                   int benchmark_from_path,
                   const bdb_params *params, const char *platform,
                   bdb_import_result *res)
{
    common_params cp;
    memset(&cp, 0, sizeof cp);
    cp.text = text;
    bdb_sink_consumer consumer = {common_take, &cp, NULL};
    bdb_sink sink;
    bdb_sink_init(&sink);
    sink.consumer = &consumer;
    bdb_ingest_opts iopts = {.source_name = path, .meta_notes = 1,
                             .unread_account = 1,
                             .tool = opts->tool,
                             .benchmark = benchmark, .params = params,
                             .benchmark_from_path = benchmark_from_path,
                             .time_format = opts->time_format,
                             .strict = opts->strict,
                             .summary = opts->summary};
    bdb_diag d;
    bdb_diag_clear(&d);
    int rc = bdb_ingest_buffer(text, len, &iopts, &sink, res->tools,
                               sizeof res->tools, &d);
    if (rc == BDB_EUNKNOWN && !opts->tool && bdb_platform_csv_sniff(text, len)) {
        snprintf(res->tools, sizeof res->tools, "platforms.csv");
        res->status = BDB_IMPORT_DRY_RUN;
        rc = BDB_OK;
    } else if (rc == BDB_EUNKNOWN && !opts->tool && bdb_sysinfo_sniff(text, len)) {
        if (!platform) {
            rc = bdb_diag_set(&res->diag, BDB_EUSAGE, 0,
                              "system information (lscpu/uname/cpuinfo) but no "
                              "platform to attach it to (use --platform or a "
                              "{platform} path pattern)");
        } else {
            snprintf(res->tools, sizeof res->tools, "system information");
            res->status = BDB_IMPORT_DRY_RUN;
            rc = BDB_OK;
        }
    } else if (rc) {
        bdb_diag_set(&res->diag, rc, d.line, "%s", d.message);
    } else {
        res->status = BDB_IMPORT_DRY_RUN;
        res->nresults = sink.n;
        res->nunread = sink.unread_lines;
        /* The parameters every figure carries (what the log and the
         * options say alike). */
        if (sink.n && cp.n)
            bdb_params_format(&cp.common, res->params, sizeof res->params);
        tell_notes(opts, path, &sink, res);
    }
    bdb_sink_free(&sink);
    return rc;
}

/* The SHA-256 of a mapped file, a megabyte at a time, dropping the pages
 * it has hashed. */
void bdb_import_hash(const bdb_input *in, char sha[65])
{
    bdb_sha256 c;
    bdb_sha256_init(&c);
    const size_t step = (size_t)1 << 20;
    for (size_t off = 0; off < in->len; off += step) {
        size_t n = in->len - off < step ? in->len - off : step;
        bdb_sha256_update(&c, in->data + off, n);
        bdb_input_done_before(in->data + off + n);
    }
    bdb_sha256_final_hex(&c, sha);
}

/* In front of the store's consumer: every few thousand figures the pages
 * the parser has read are dropped (they stay in the page cache; a parser
 * that looks back faults them in again). The parser's position is not
 * known here, so all of them go. */
typedef struct releasing {
    bdb_sink_consumer next;
    const char *data;
    unsigned n;
} releasing;

static int take_releasing(void *ctx, const bdb_sample *s)
{
    releasing *r = ctx;
    if ((++r->n & 4095) == 0)
        bdb_input_release(r->data);
    return r->next.take(r->next.ctx, s);
}

static int trace_releasing(void *ctx, const bdb_sample *s)
{
    releasing *r = ctx;
    if ((++r->n & 4095) == 0)
        bdb_input_release(r->data);
    return r->next.take_trace(r->next.ctx, s);
}

int bdb_import_prepare(const char *path, const bdb_import_opts *opts,
                       bdb_import_prep *p, bdb_import_result *res)
{
    memset(res, 0, sizeof *res);
    res->status = BDB_IMPORT_FAILED;
    bdb_diag_set_file(&res->diag, path);

    bdb_path_match *m = &p->m;
    char why[256] = "";
    /* The first pattern that matches the path gives its parameters. */
    int matched = opts->path_pattern
                      ? bdb_path_pattern_match(opts->path_pattern, path, m,
                                               why, sizeof why)
                      : 0;
    for (const char *const *q = opts->more_patterns; !matched && q && *q; q++)
        matched = bdb_path_pattern_match(*q, path, m, why, sizeof why);
    if (matched < 0)
        return bdb_diag_set(&res->diag, BDB_EUSAGE, 0, "path pattern: %s", why);
    if (!matched) {
        memset(m, 0, sizeof *m);
        bdb_platform_clear(&m->fields);
    }
    /* A name the path gives is more specific than the batch's default; a
     * --platform made of captures ('{arch}@{freq_mhz}') is expanded. */
    _Static_assert(sizeof p->expanded == sizeof res->platform,
                   "an expanded platform is a platform name");
    const char *platform = m->platform[0] ? m->platform : opts->platform;
    if (platform && bdb_path_is_template(platform)) {
        if (!matched)
            return bdb_diag_set(&res->diag, BDB_EUSAGE, 0,
                                "--platform '%s' is made of captures, but no "
                                "--path-pattern matches this path", platform);
        if (bdb_path_template_expand(platform, m, p->expanded,
                                     sizeof p->expanded, why, sizeof why))
            return bdb_diag_set(&res->diag, BDB_EUSAGE, 0, "%s", why);
        platform = p->expanded;
    }
    if (platform && strlen(platform) >= sizeof res->platform)
        return bdb_diag_set(&res->diag, BDB_EUSAGE, 0,
                            "platform name '%.40s...' is longer than %zu bytes",
                            platform, sizeof res->platform - 1);
    if (m->nfields && !platform)
        return bdb_diag_set(&res->diag, BDB_EUSAGE, 0,
                            "the path pattern captures platform fields but "
                            "there is no platform to put them on (use "
                            "--platform or {platform})");
    p->platform = platform;
    p->benchmark = m->benchmark[0] ? m->benchmark : opts->benchmark;
    snprintf(res->platform, sizeof res->platform, "%s", platform ? platform : "");
    p->params = m->params;
    for (int i = 0; opts->params && i < opts->params->n; i++)
        if (bdb_params_set(&p->params, opts->params->kv[i].key, "%s",
                           opts->params->kv[i].value))
            return bdb_diag_set(&res->diag, BDB_EUSAGE, 0,
                                "--param %s: %s", opts->params->kv[i].key,
                                bdb_overflow_text(p->params.overflow));
    return BDB_OK;
}

void bdb_import_options(const bdb_import_opts *opts,
                        const bdb_import_prep *p, bdb_buf *out)
{
    options_serialize(opts->tool, p->benchmark, p->m.benchmark[0] != 0,
                      opts->time_format, opts->summary, &p->params, out);
    if (opts->repetitions)
        bdb_buf_puts(out, "repetitions=1\n");
}

void bdb_import_ingest_opts(const bdb_import_opts *opts,
                            const bdb_import_prep *p, const char *path,
                            bdb_ingest_opts *out)
{
    *out = (bdb_ingest_opts){.source_name = path, .meta_notes = 1,
                             .unread_account = 1,
                             .tool = opts->tool,
                             .benchmark = p->benchmark, .params = &p->params,
                             .benchmark_from_path = p->m.benchmark[0] != 0,
                             .time_format = opts->time_format,
                             .strict = opts->strict,
                             .summary = opts->summary};
}

int bdb_import_finish(bdb_store *st, const char *path,
                      const bdb_import_opts *opts, const bdb_import_prep *p,
                      bdb_import_to_store *ts, bdb_sink *sink, int rc,
                      bdb_diag *d, const char *changed, const char *text,
                      size_t text_len, long long existing, long long id,
                      bdb_import_result *res)
{
    const char *platform = p->platform;
    rc = traces_done(ts, sink, rc);
    if (changed) {
        /* what was read may not be what was hashed and kept */
        rc = BDB_EIO;
        bdb_diag_set(d, rc, 0, "%s", changed);
        ts->rc = 0;
    } else if (ts->rc) {
        /* the store refused a figure: its message, not the parser's */
        rc = ts->rc;
        bdb_diag_set(d, rc, 0, "%s", bdb_store_errmsg(st));
    }
    if (rc) {
        int erc = bdb_store_source_end(st, id, NULL, NULL, NULL, NULL, 0);
        if (erc && !ts->rc)
            bdb_diag_set(d, erc, 0, "%s", bdb_store_errmsg(st));
    }
    if (!text) {
        text = "";
        text_len = 0;
    }
    if (rc == BDB_EUNKNOWN && !opts->tool &&
        bdb_platform_csv_sniff(text, text_len)) {
        rc = apply_platform_csv(st, text, text_len, res);
    } else if (rc == BDB_EUNKNOWN && !opts->tool && bdb_sysinfo_sniff(text, text_len)) {
        if (!platform)
            rc = bdb_diag_set(&res->diag, BDB_EUSAGE, 0,
                              "system information (lscpu/uname/cpuinfo) but no "
                              "platform to attach it to (use --platform or a "
                              "{platform} path pattern)");
        else
            rc = apply_sysinfo(st, text, text_len, platform, res);
    } else if (rc) {
        bdb_diag_set(&res->diag, rc, d->line, "%s", d->message);
    } else {
        char versions[256];
        parser_versions(res->tools, versions, sizeof versions);
        rc = bdb_store_source_end(st, id, res->tools, sink->tool_version,
                                  versions, sink, 1);
        if (rc) {
            bdb_diag_set(&res->diag, rc, 0, "%s", bdb_store_errmsg(st));
        } else if (p->m.nfields && (rc = put_path_fields(st, platform, &p->m))) {
            bdb_diag_set(&res->diag, rc, 0, "%s", bdb_store_errmsg(st));
        } else if (ts->merge && (rc = bdb_merge_check_add(ts->merge, path))) {
            bdb_diag_set(&res->diag, rc, 0, "out of memory");
        } else {
            res->status = existing ? BDB_IMPORT_REPLACED : BDB_IMPORT_ADDED;
            res->nresults = sink->n;
            res->nunread = sink->unread_lines;
            tell_notes(opts, path, sink, res);
        }
    }
    return rc;
}

/* A source begun with copy_later gets its compressed copy once its
 * figures are in: the worker's (ov), or made here. Returns rc, or the
 * failure's code (the store's kept in ts, as a refused figure's). */
static int put_copy(bdb_store *st, long long id, bdb_overlap *ov,
                    const bdb_input *raw, to_store *ts, int rc, bdb_diag *d)
{
    if (rc || ts->rc)
        return rc;      /* the source is undone: no copy */
    const char *why = NULL;
    char mine[512];
    bdb_source_copy *c = ov ? bdb_overlap_copy(ov, &why) : NULL;
    if (!c && !why) {
        c = bdb_source_copy_make(raw->data, raw->len, mine, sizeof mine);
        why = mine;
    }
    if (!c)
        return bdb_diag_set(d, BDB_EIO, 0, "%s", why);
    int prc = bdb_store_source_copy_put(st, id, c);
    bdb_source_copy_free(c);
    if (prc)
        ts->rc = prc;
    return prc ? prc : rc;
}

int bdb_import_file(bdb_store *st, const char *path,
                    const bdb_import_opts *opts, bdb_import_result *res)
{
    bdb_import_prep prep;
    int rc = bdb_import_prepare(path, opts, &prep, res);
    if (rc)
        return rc;
    const char *platform = prep.platform, *benchmark = prep.benchmark;

    /* The file is mapped, not copied: each pass (the digest, the
     * compressed copy, the parse) drops the pages it has read. */
    bdb_input raw;
    char msg[256];
    rc = bdb_input_open(&raw, path, msg, sizeof msg);
    if (rc) {
        bdb_input_close(&raw);
        return bdb_diag_set(&res->diag, rc, 0, "%s", msg);
    }
    char sha[65];
    bdb_import_hash(&raw, sha);
    bdb_params_format(&prep.params, res->params, sizeof res->params);
    long long existing = 0;
    rc = st ? bdb_store_source_find(st, sha, &existing) : BDB_OK;
    if (rc) {
        bdb_input_close(&raw);
        return bdb_diag_set(&res->diag, rc, 0, "%s", bdb_store_errmsg(st));
    }
    res->present = existing != 0;
    if (existing && !opts->replace) {
        res->status = BDB_IMPORT_PRESENT;
        bdb_input_close(&raw);
        return BDB_OK;
    }
    /* The digest is of the bytes as stored (the .gz file); the parser
     * reads what they hold. */
    bdb_buf plain;
    bdb_buf_init(&plain);
    bdb_input spooled = {.data = ""};
    const char *text = raw.data;
    size_t text_len = raw.len;
    if (is_gzip(raw.data, raw.len)) {
        rc = gunzip_input(&raw, &plain, &spooled, msg, sizeof msg);
        if (rc) {
            text_free(&plain, &spooled);
            bdb_input_close(&raw);
            return bdb_diag_set(&res->diag, rc, 0, "%s", msg);
        }
        gz_text(&plain, &spooled, &text, &text_len);
        res->gzip = 1;
    }
    if (opts->dry_run) {
        rc = dry_run(text, text_len, path, opts, benchmark,
                     prep.m.benchmark[0] != 0, &prep.params, platform, res);
        if (!rc && bdb_input_changed(&raw, msg, sizeof msg))
            rc = bdb_diag_set(&res->diag, BDB_EIO, 0, "%s", msg);
        text_free(&plain, &spooled);
        bdb_input_close(&raw);
        return rc;
    }

    /* A large file imported alone is parsed on a worker while this
     * thread stores its figures (overlap.h; not with the merge check,
     * which marks the refs it has staged), and a new source's copy is
     * compressed on a third thread meanwhile: it is begun without it. */
    int overlap = !(opts->repetitions ? NULL : opts->merge) &&
                  bdb_overlap_wanted(text_len);
    bdb_buf options;
    bdb_buf_init(&options);
    bdb_import_options(opts, &prep, &options);
    bdb_source_info info = {.path = path, .sha256 = sha, .raw = raw.data,
                            .size = raw.len, .platform = platform,
                            .options = options.data, .set = opts->set,
                            .set_tags = opts->set_tags,
                            .copy_later = overlap && !existing &&
                                          text == raw.data &&
                                          bdb_source_copy_later(raw.len)};
    long long id = 0;
    if (options.err) {
        rc = options.err;
    } else if (existing) {
        /* --replace: the stored source is emptied and revised in the same
         * transaction as the new figures; a correction keeps its set
         * unless --set was given */
        if (!opts->replace_set)
            info.set = NULL;
        rc = bdb_store_source_begin(st, NULL, existing, &id);
        if (!rc && (rc = bdb_store_source_revise(st, id, &info)))
            bdb_store_source_end(st, id, NULL, NULL, NULL, NULL, 0);
    } else {
        rc = bdb_store_source_begin(st, &info, 0, &id);
    }
    bdb_buf_free(&options);
    if (rc == BDB_EEXIST) {
        res->status = BDB_IMPORT_PRESENT;
        text_free(&plain, &spooled);
        bdb_input_close(&raw);
        return BDB_OK;
    }
    if (rc) {
        text_free(&plain, &spooled);
        bdb_input_close(&raw);
        return bdb_diag_set(&res->diag, rc, 0, "%s", bdb_store_errmsg(st));
    }

    /* Figures go into the store as the parsers emit them. */
    to_store ts = {.st = st, .id = id, .platform = platform ? platform : "",
                   .merge = opts->repetitions ? NULL : opts->merge};
    if (ts.merge)
        bdb_merge_check_begin(ts.merge);
    releasing rel = {{bdb_import_take, &ts, bdb_import_take_trace}, text, 0};
    bdb_sink_consumer consumer = {take_releasing, &rel, trace_releasing};
    bdb_sink sink;
    bdb_sink_init(&sink);
    sink.consumer = &consumer;
    bdb_ingest_opts iopts;
    bdb_import_ingest_opts(opts, &prep, path, &iopts);
    bdb_diag d;
    bdb_diag_clear(&d);
    bdb_overlap *ov = overlap ? bdb_overlap_new() : NULL;
    if (ov) {
        bdb_sink_consumer store = rel.next;
        rel.next = *bdb_overlap_input(ov);
        if (info.copy_later)
            bdb_overlap_copy_source(ov, &raw);
        const bdb_input *in = text == raw.data       ? &raw
                              : text == spooled.data ? &spooled
                                                     : NULL;
        if (bdb_overlap_run(ov, in, text, text_len, &iopts, &sink,
                            res->tools, sizeof res->tools, &d, &store, &rc)) {
            rel.next = store;       /* no thread: parsed here */
            bdb_overlap_free(ov);
            ov = NULL;
        }
    }
    if (!ov)
        rc = bdb_ingest_buffer(text, text_len, &iopts, &sink, res->tools,
                               sizeof res->tools, &d);
    if (info.copy_later)
        rc = put_copy(st, id, ov, &raw, &ts, rc, &d);
    int changed = bdb_input_changed(&raw, msg, sizeof msg);
    rc = bdb_import_finish(st, path, opts, &prep, &ts, &sink, rc, &d,
                           changed ? msg : NULL, text, text_len, existing, id,
                           res);
    bdb_overlap_free(ov);   /* the refs, once the source ended */
    bdb_sink_free(&sink);
    text_free(&plain, &spooled);
    bdb_input_close(&raw);
    return rc;
}

int bdb_import_reparse(bdb_store *st, long long id, int force, int *changed,
                       bdb_import_result *res)
{
    memset(res, 0, sizeof *res);
    *changed = 0;
    bdb_stored_source src;
    int rc = bdb_store_source_load(st, id, &src);
    if (rc)
        return bdb_diag_set(&res->diag, rc, 0, "%s", bdb_store_errmsg(st));
    bdb_diag_set_file(&res->diag, src.path);
    char versions_now[256];
    parser_versions(src.tool, versions_now, sizeof versions_now);
    if (!force && strcmp(versions_now, src.parser_version) == 0) {
        res->status = BDB_IMPORT_PRESENT;
        bdb_stored_source_free(&src);
        return BDB_OK;
    }
    parsed_options o;
    options_parse(src.options, &o);
    bdb_summary_opts so = {.pattern = o.summary, .tool = o.summary_tool,
                           .metric = o.metric, .unit = o.unit};
    bdb_ingest_opts iopts = {.source_name = src.path, .meta_notes = 1,
                             .unread_account = 1,
                             .summary = o.summary[0] ? &so : NULL,
                             .tool = o.tool[0] ? o.tool : NULL,
                             .benchmark = o.benchmark[0] ? o.benchmark : NULL,
                             .benchmark_from_path = o.benchmark_from_path,
                             .params = &o.params,
                             .time_format = o.time_format[0] ? o.time_format
                                                             : NULL};
    long long got;
    rc = bdb_store_source_begin(st, NULL, id, &got);
    if (rc) {
        res->status = BDB_IMPORT_FAILED;
        bdb_diag_set(&res->diag, rc, 0, "%s", bdb_store_errmsg(st));
        bdb_stored_source_free(&src);
        return rc;
    }
    bdb_diag d;
    bdb_diag_clear(&d);
    /* the source's text as an import reads a file's: a large one mapped
     * from a temporary file, its pages dropped as the parse goes */
    bdb_buf plain;
    bdb_buf_init(&plain);
    bdb_input spooled;
    memset(&spooled, 0, sizeof spooled);
    const char *text = src.raw;
    size_t text_len = src.size;
    char msg[256];
    if (is_gzip(src.raw, src.size)) {
        rc = gunzip_input(&src.bytes, &plain, &spooled, msg, sizeof msg);
        if (rc)
            bdb_diag_set(&d, rc, 0, "%s", msg);
        gz_text(&plain, &spooled, &text, &text_len);
        bdb_input_release(src.raw);
    }
    to_store ts = {.st = st, .id = id};
    releasing rel = {{bdb_import_take, &ts, bdb_import_take_trace}, text, 0};
    bdb_sink_consumer consumer = {take_releasing, &rel, trace_releasing};
    bdb_sink sink;
    bdb_sink_init(&sink);
    sink.consumer = &consumer;
    if (!rc)
        rc = bdb_ingest_buffer(text, text_len, &iopts, &sink, res->tools,
                               sizeof res->tools, &d);
    text_free(&plain, &spooled);
    rc = traces_done(&ts, &sink, rc);
    if (ts.rc) {
        rc = ts.rc;
        bdb_diag_set(&d, rc, 0, "%s", bdb_store_errmsg(st));
    }
    if (rc) {
        res->status = BDB_IMPORT_FAILED;
        bdb_store_source_end(st, id, NULL, NULL, NULL, NULL, 0);
        bdb_diag_set(&res->diag, rc, d.line, "%s (the stored results are kept)",
                     d.message);
    } else {
        char versions[256];
        parser_versions(res->tools, versions, sizeof versions);
        rc = bdb_store_source_end(st, id, res->tools, sink.tool_version,
                                  versions, &sink, 1);
        if (rc) {
            res->status = BDB_IMPORT_FAILED;
            bdb_diag_set(&res->diag, rc, 0, "%s", bdb_store_errmsg(st));
        } else {
            res->status = BDB_IMPORT_ADDED;
            res->nresults = sink.n;
            *changed = 1;
        }
    }
    bdb_sink_free(&sink);
    bdb_stored_source_free(&src);
    return rc;
}

/* A copy of options without the param lines of keys in set or unset, and
 * with set's values appended: the source's options as they would have
 * been, had these been given at import. */
static int options_rewrite(const char *text, const bdb_params *set,
                           const char *const *unset, size_t nunset,
                           bdb_buf *out)
{
    for (const char *p = text; p && *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        int drop = 0;
        if (len > 6 && strncmp(p, "param=", 6) == 0) {
            const char *k = p + 6, *eq = memchr(k, '=', len - 6);
            size_t klen = eq ? (size_t)(eq - k) : len - 6;
            for (int i = 0; set && i < set->n; i++)
                drop |= strlen(set->kv[i].key) == klen &&
                        strncmp(set->kv[i].key, k, klen) == 0;
            for (size_t i = 0; i < nunset; i++)
                drop |= strlen(unset[i]) == klen && strncmp(unset[i], k, klen) == 0;
        }
        if (!drop) {
            bdb_buf_append(out, p, len);
            bdb_buf_puts(out, "\n");
        }
        p = nl ? nl + 1 : NULL;
    }
    for (int i = 0; set && i < set->n; i++)
        bdb_buf_printf(out, "param=%s=%s\n", set->kv[i].key, set->kv[i].value);
    if (!out->data)
        bdb_buf_puts(out, "");
    return out->err;
}

int bdb_import_source_set(bdb_store *st, long long id, const char *platform,
                          const bdb_params *set, const char *const *unset,
                          size_t nunset, bdb_import_result *res)
{
    memset(res, 0, sizeof *res);
    res->status = BDB_IMPORT_FAILED;
    bdb_stored_source src;
    int rc = bdb_store_source_load(st, id, &src);
    if (rc)
        return bdb_diag_set(&res->diag, rc, 0, "%s", bdb_store_errmsg(st));
    bdb_diag_set_file(&res->diag, src.path);
    for (size_t i = 0; i < nunset; i++) {
        char needle[BDB_PARAM_KEY_MAX + 16];
        snprintf(needle, sizeof needle, "\nparam=%s=", unset[i]);
        if (strncmp(src.options, needle + 1, strlen(needle + 1)) != 0 &&
            !strstr(src.options, needle)) {
            rc = bdb_diag_set(&res->diag, BDB_ENOTFOUND, 0,
                              "the source has no parameter '%s' given at "
                              "import (parameters the log prints stay)",
                              unset[i]);
            break;
        }
    }
    bdb_buf options;
    bdb_buf_init(&options);
    if (!rc && options_rewrite(src.options, set, unset, nunset, &options))
        rc = bdb_diag_set(&res->diag, BDB_ENOMEM, 0, "out of memory");
    /* Check the new parameters fit before anything changes. */
    if (!rc) {
        parsed_options o;
        options_parse(options.data, &o);
        if (o.params.overflow)
            rc = bdb_diag_set(&res->diag, BDB_ERANGE, 0, "parameters: %s",
                              bdb_overflow_text(o.params.overflow));
    }
    if (!rc && bdb_store_source_update(st, id, platform, options.data))
        rc = bdb_diag_set(&res->diag, BDB_ESTORE, 0, "%s", bdb_store_errmsg(st));
    bdb_buf_free(&options);
    char path[sizeof src.path];
    snprintf(path, sizeof path, "%s", src.path);
    bdb_stored_source_free(&src);
    if (rc)
        return rc;
    int changed;
    rc = bdb_import_reparse(st, id, 1, &changed, res);
    bdb_diag_set_file(&res->diag, path);
    if (!rc && platform)
        snprintf(res->platform, sizeof res->platform, "%s", platform);
    return rc;
}
