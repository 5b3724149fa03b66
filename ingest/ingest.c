/* ingest.c - from a buffer to samples: detection, parsing, and the
 * normalisation every parser shares (tool names, fallback benchmark names,
 * user parameters, repetition numbers). */
#include "ingest.h"
#include "canon.h"
#include "json_extent.h"
#include "parts.h"
#include "../common/bdb_grow.h"
#include "../common/bdb_strmap.h"
#include "unwrap.h"
#include "unread.h"
#include "../common/bdb_input.h"
#include "../common/bdb_scan.h"
#include "../common/bdb_refs.h"
#include "../common/bdb_buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int all_blank(const char *buf, size_t len)
{
    for (size_t i = bdb_bom_len(buf, len); i < len; i++)
        if (buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\r' &&
            buf[i] != '\n')
            return 0;
    return 1;
}

/* The file name without folders and extension: the benchmark name of last
 * resort (a `time` log called "gzip.txt" measured gzip). */
static void file_stem(const char *path, char *out, size_t outsz)
{
    const char *base = path ? strrchr(path, '/') : NULL;
    base = base ? base + 1 : (path ? path : "");
    const char *dot = strrchr(base, '.');
    size_t n = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    if (n >= outsz)
        n = outsz - 1;
    memcpy(out, base, n);
    out[n] = '\0';
}

/* Whole JSON objects of at least this size are not sniffed by text-only
 * tools (json_extent.h): a fio --output-format=json of 14,380 jobs is
 * 84 MB that ten line-by-line sniffers read for nothing. Smaller ones
 * cost less to read than to skip. */
#define JSON_SKIP_MIN 4096
#define MAX_TEXT_SPANS 16

typedef struct text_span {
    const char *p;
    size_t n;
} text_span;

/* The text around the large whole JSON objects of buf, in order; 0 when
 * there is no such object (then the text is all of buf). After
 * MAX_TEXT_SPANS - 1 objects, the last span runs to the end. */
static size_t text_spans(const char *buf, size_t len, text_span *sp)
{
    size_t n = 0, from = 0, off = 0, js, je;
    while (n < MAX_TEXT_SPANS - 1 &&
           bdb_json_object_next(buf, len, off, &js, &je)) {
        off = je;
        if (je - js < JSON_SKIP_MIN)
            continue;
        sp[n++] = (text_span){buf + from, js - from};
        from = je;
    }
    if (n == 0)
        return 0;
    sp[n++] = (text_span){buf + from, len - from};
    return n;
}

/* A text-only tool's score: its best over the text spans. */
static int sniff_spans(const bdb_parser *p, const text_span *sp, size_t n)
{
    int best = 0;
    for (size_t i = 0; i < n; i++) {
        if (sp[i].n == 0 || all_blank(sp[i].p, sp[i].n))
            continue;
        int s = p->sniff(sp[i].p, sp[i].n);
        if (s > best)
            best = s;
    }
    return best;
}

static int choose_parsers(const char *buf, size_t len,
                          const bdb_ingest_opts *opts,
                          const bdb_parser **chosen, size_t *nchosen,
                          bdb_diag *diag)
{
    *nchosen = 0;
    if (opts->tool) {
        const bdb_parser *p = bdb_parser_find(opts->tool);
        if (!p)
            return bdb_diag_set(diag, BDB_EUSAGE, 0, "unknown tool '%s'",
                                opts->tool);
        chosen[(*nchosen)++] = p;
        return BDB_OK;
    }
    /* A format that owns its file says so from its first lines: the 133 MB
     * results CSV was read by ten text sniffers for 2.6 s of nothing. */
    for (const bdb_parser *const *p = bdb_parsers(); *p; p++) {
        if ((*p)->whole_file && !opts->time_format &&
            (*p)->sniff(buf, len) >= BDB_SNIFF_WHOLE) {
            chosen[(*nchosen)++] = *p;
            return BDB_OK;
        }
    }
    text_span spans[MAX_TEXT_SPANS];
    size_t nspans = text_spans(buf, len, spans);
    for (const bdb_parser *const *p = bdb_parsers(); *p; p++) {
        /* a GNU time format names the tool: its lines may be bare numbers
         * that no sniffer could recognise */
        int wanted = opts->time_format && strcmp((*p)->name, "time") == 0;
        if (wanted)
            chosen[(*nchosen)++] = *p;
        else if ((nspans && !(*p)->reads_json
                      ? sniff_spans(*p, spans, nspans)
                      : (*p)->sniff(buf, len)) >= BDB_SNIFF_THRESHOLD)
            chosen[(*nchosen)++] = *p;
    }
    if (*nchosen == 0) {
        /* a file whose figures are read by no tool names where they are:
         * the first line that holds a number */
        int at = bdb_unread_first_number_line(buf, len);
        char where[480] = "", rows[320] = "";
        int first, last, hdr;
        if (bdb_iperf3_headless_rows(buf, len, &first, &last, &hdr)) {
            char h[64] = "";
            if (hdr)
                snprintf(h, sizeof h, " (the header's end at line %d)", hdr);
            snprintf(rows, sizeof rows,
                     "; lines %d-%d are iperf3 sender/receiver rows cut "
                     "from their [ID], Interval and Transfer columns%s: "
                     "a rate without its interval is not read",
                     first, last, h);
        }
        int fl = 0, fn;
        char fq[64];
        if (!rows[0] && bdb_fio_retyped_figures(buf, len, &fl, fq, sizeof fq,
                                                &fn))
            snprintf(rows, sizeof rows,
                     "; line %d holds fio's figure \"%s\" (%d on the "
                     "line) outside fio's report (retyped into the "
                     "writer's text or table, without the job, group and "
                     "direction it is of): not read", fl, fq, fn);
        if (at)
            snprintf(where, sizeof where, "; line %d is the first that "
                     "holds a number%s", at, rows);
        /* the error stands at the retyped figures' line, if any */
        return bdb_diag_set(diag, BDB_EUNKNOWN, fl,
                            "not the output of any known tool (expected ab, "
                            "wrk, redis-benchmark, fio, openssl speed, "
                            "hdparm, dd, iperf, iperf3 or time; use --tool "
                            "to force one)%s", where);
    }
    return BDB_OK;
}

/* The tool the per-file options (--benchmark; --summary with --metric
 * and --unit) are meant for: --tool's, else the summary's; NULL: the
 * tools whose records say so (benchmark_from_user). */
static const bdb_tool *options_tool(const bdb_ingest_opts *o)
{
    const char *name = o->tool ? o->tool : o->summary ? o->summary->tool
                                                      : NULL;
    return name ? bdb_tool_find(name) : NULL;
}

/* 1 when the user's benchmark is the parser's to name its figures by. */
static int benchmark_applies(const bdb_ingest_opts *o, const char *parser)
{
    if (!o->benchmark)
        return 0;
    if (o->benchmark_from_path)
        return 1;
    const bdb_tool *t = bdb_tool_find(parser);
    if (o->tool || o->summary)
        return t && t == options_tool(o);
    return t && t->benchmark_from_user;
}

/* After a parser whose figures kept their own benchmark names though the
 * user gave one: the file says the option passed it by. */
static int note_benchmark_kept(bdb_sink *out, const bdb_ingest_opts *o,
                               const char *parser)
{
    const bdb_tool *t = options_tool(o);
    char whose[128] = "";
    size_t used = 0;
    for (const bdb_tool *const *r = bdb_tools(); *r && !t; r++)
        if ((*r)->benchmark_from_user && used < sizeof whose)
            used += (size_t)snprintf(whose + used, sizeof whose - used,
                                     "%s%s", used ? ", " : "", (*r)->name);
    return bdb_sink_option_note(out, "--benchmark '%s' not applied: the file "
                                "is %s output, which names its own "
                                "benchmarks (the option is for %s files; "
                                "--tool %s gives them that name)",
                                o->benchmark, parser, t ? t->name : whose,
                                parser);
}

/* In summary mode, a file that a tool's sniffer recognises is that tool's
 * whole output, not lines cut out of one: 1 (and a note) when so. */
static int summary_is_tool_log(const char *buf, size_t len,
                               const bdb_ingest_opts *opts, bdb_sink *out,
                               int *rc)
{
    *rc = BDB_OK;
    if (opts->time_format)  /* it names the time parser, whatever the text */
        return 0;
    bdb_ingest_opts sniff = *opts;
    sniff.tool = NULL;
    const bdb_parser *found[32];
    size_t nfound = 0;
    bdb_diag ignored;
    bdb_diag_clear(&ignored);
    if (choose_parsers(buf, len, &sniff, found, &nfound, &ignored) || !nfound)
        return 0;
    char names[128] = "";
    size_t used = 0;
    for (size_t i = 0; i < nfound && used < sizeof names; i++)
        used += (size_t)snprintf(names + used, sizeof names - used, "%s%s",
                                 i ? "+" : "", found[i]->name);
    *rc = bdb_sink_option_note(out, "--summary, --metric and --unit not "
                               "applied: the file is %s output, read as "
                               "such (the options are for lines cut out of "
                               "%s output)", names, opts->summary->tool);
    return 1;
}

/* The normalisation every figure gets on its way from a parser to the
 * caller's sink, one figure at a time (nothing is collected, so memory
 * follows the number of series, not of figures): the tool's name, the
 * fallback benchmark name, the user's parameters where the log has none,
 * and repetition numbers. */
typedef struct normalizer {
    bdb_sink *out;
    const bdb_ingest_opts *opts;
    const char *tool;           /* the parser running now */
    size_t own_names;           /* its figures that named their benchmark */
    long long cut_points;       /* its trace points of runs with no figure */
    int cut_line;               /* the first of them */
    const bdb_tool *record;     /* its record, or the figure's tool's */
    char stem[BDB_BENCHMARK_MAX];
    const bdb_unwrapped *unwrapped; /* the text's lines back to the file's */
    size_t *line_start;         /* where each line of the unwrapped text
                                   starts (built when a figure with a col
                                   falls on a line joined from several) */
    size_t nline_start;
    bdb_line_marks marks;       /* the text's lines figures came from */
    bdb_refs refs;              /* each series of the file, interned once:
                                   its last repetition, and what the
                                   consumers learned about it */
    /* per user parameter (canonical key): the first line where the log
     * disagreed, and where the parameter did not fit (-1: a figure
     * without a line) */
    char user_key[BDB_MAX_PARAMS][BDB_PARAM_KEY_MAX];
    char user_value[BDB_MAX_PARAMS][BDB_PARAM_VALUE_MAX];
    int conflict_line[BDB_MAX_PARAMS], full_line[BDB_MAX_PARAMS];
    int nuser;
    /* the user's parameters canonical for user_tool: identity and meta */
    const bdb_tool *user_tool;
    int user_ready;
    bdb_params user_id, user_meta;
    /* the last parameter set canonicalised and what it became: a parser
     * gives many figures one set */
    bdb_params last_in, last_out, last_meta;
    const bdb_tool *last_tool;
    int last_valid;
    int last_noted;     /* last_meta is in meta_seen already */
    /* what left the identity: "key=value" -> first line, in order */
    bdb_strmap meta_seen;
    const char **meta_order;
    size_t nmeta, meta_cap;
    int meta_full_line;
    bdb_parts parts;            /* clones' figures on their way to a total */
} normalizer;

/* Remembers a parameter that is kept beside the identity. */
static int note_meta(normalizer *nz, const bdb_params *meta, int line)
{
    char kv[BDB_PARAM_KEY_MAX + BDB_PARAM_VALUE_MAX + 2];
    if (meta->overflow && !nz->meta_full_line)
        nz->meta_full_line = line ? line : -1;
    for (int i = 0; i < meta->n; i++) {
        snprintf(kv, sizeof kv, "%s=%s", meta->kv[i].key, meta->kv[i].value);
        int made = 0;
        bdb_strmap_entry *e = bdb_strmap_put(&nz->meta_seen, kv, &made);
        if (!e)
            return BDB_ENOMEM;
        if (!made)
            continue;
        e->value = line;
        const char **grown = bdb_grow(nz->meta_order, nz->nmeta,
                                      &nz->meta_cap, sizeof *grown, 16);
        if (!grown)
            return BDB_ENOMEM;
        nz->meta_order = grown;
        nz->meta_order[nz->nmeta++] = e->key;
    }
    return BDB_OK;
}

/* The user's parameters in the canonical form of the tool t. */
static void user_params_for(normalizer *nz, const bdb_tool *t)
{
    if (nz->user_ready && nz->user_tool == t)
        return;
    nz->user_ready = 1;
    nz->user_tool = t;
    nz->user_id.n = nz->user_id.overflow = 0;
    nz->user_meta.n = nz->user_meta.overflow = 0;
    if (nz->opts->params) {
        bdb_sample_copy_params(&nz->user_id, nz->opts->params);
        bdb_canon_params(t, &nz->user_id, &nz->user_meta);
    }
}

static int user_slot(normalizer *nz, const char *key, const char *value)
{
    for (int k = 0; k < nz->nuser; k++)
        if (strcmp(nz->user_key[k], key) == 0)
            return k;
    if (nz->nuser >= BDB_MAX_PARAMS)
        return -1;
    int k = nz->nuser++;
    snprintf(nz->user_key[k], sizeof nz->user_key[k], "%s", key);
    snprintf(nz->user_value[k], sizeof nz->user_value[k], "%s", value);
    nz->conflict_line[k] = nz->full_line[k] = 0;
    return k;
}

static int apply_user_params(normalizer *nz, bdb_sample *s)
{
    user_params_for(nz, nz->record);
    const bdb_params *params = &nz->user_id;
    int line = s->line ? s->line : -1;
    for (int i = 0; i < params->n; i++) {
        const bdb_param *p = &params->kv[i];
        const char *have = bdb_params_get(&s->params, p->key);
        int k = user_slot(nz, p->key, p->value);
        if (!have) {
            /* a set that refuses a key changes nothing but its overflow */
            int saved = s->params.overflow;
            if (bdb_params_set(&s->params, p->key, "%s", p->value)) {
                /* warned once below; the figure keeps the log's set */
                s->params.overflow = saved;
                if (k >= 0 && !nz->full_line[k])
                    nz->full_line[k] = line;
            }
        } else if (strcmp(have, p->value) != 0 && k >= 0 &&
                   !nz->conflict_line[k]) {
            nz->conflict_line[k] = line;
        }
    }
    return nz->user_meta.n ? note_meta(nz, &nz->user_meta, s->line) : BDB_OK;
}

/* 1 when a and b hold the same keys and values (compared as strings: the
 * bytes past each one's NUL are not set). */
static int params_same(const bdb_params *a, const bdb_params *b)
{
    if (a->n != b->n || a->overflow != b->overflow)
        return 0;
    for (int i = 0; i < a->n; i++)
        if (strcmp(a->kv[i].key, b->kv[i].key) != 0 ||
            strcmp(a->kv[i].value, b->kv[i].value) != 0)
            return 0;
    return 1;
}

/* The sample's parameters through the canonicaliser; what is not
 * identity goes to the file's metadata. 1 when they changed. */
static int canonicalise(normalizer *nz, bdb_sample *s, int *rc)
{
    *rc = BDB_OK;
    if (!nz->last_valid || nz->last_tool != nz->record ||
        !params_same(&nz->last_in, &s->params)) {
        bdb_sample_copy_params(&nz->last_in, &s->params);
        bdb_sample_copy_params(&nz->last_out, &s->params);
        nz->last_meta.n = nz->last_meta.overflow = 0;
        bdb_canon_params(nz->record, &nz->last_out, &nz->last_meta);
        nz->last_tool = nz->record;
        nz->last_valid = 1;
        nz->last_noted = 0;
    }
    /* noted once: a set noted again changes nothing (its first lines and
     * meta_full_line are kept) */
    if ((nz->last_meta.n || nz->last_meta.overflow) && !nz->last_noted) {
        *rc = note_meta(nz, &nz->last_meta, s->line);
        nz->last_noted = *rc == BDB_OK;
    }
    if (params_same(&nz->last_out, &s->params))
        return 0;
    bdb_sample_copy_params(&s->params, &nz->last_out);
    return 1;
}

static void put(char *out, size_t *used, const char *p)
{
    size_t n = strlen(p);
    memcpy(out + *used, p, n);
    *used += n;
}

/* The file's ref of the sample's identity: formatted and hashed here once
 * per figure, and nowhere after. NULL when out of memory. */
static bdb_series_ref *intern(normalizer *nz, const bdb_sample *s)
{
    char names[64 + 32 + BDB_BENCHMARK_MAX + BDB_METRIC_MAX + 8];
    char params[BDB_PARAMS_TEXT_MAX];
    size_t used = 0;
    /* the fields are NUL-terminated within their arrays (the sink refused
     * the full ones), so the names fit */
    put(names, &used, s->platform);
    names[used++] = '\x1f';
    size_t series_at = used;
    put(names, &used, s->tool);
    names[used++] = '\x1f';
    put(names, &used, s->benchmark);
    names[used++] = '\x1f';
    put(names, &used, s->metric);
    names[used++] = '\x1f';
    bdb_params_format(&s->params, params, sizeof params);
    return bdb_refs_intern(&nz->refs, names, used, series_at, params);
}

/* Numbers repeated measurements of the same series 1, 2, 3... in file
 * order; a figure its parser numbered keeps its number, and the count
 * goes on from it. */
static void number_repetition(bdb_series_ref *ref, bdb_sample *s)
{
    ref->cut_run = 0;
    if (s->repetition <= 0)
        s->repetition = ++ref->repetition;
    else
        ref->repetition = s->repetition;
}

static int emit_whole(void *ctx, bdb_sample *whole);

/* A figure on its way out: vetted again when ingest changed its names,
 * keyed, numbered, handed on. */
static int deliver(normalizer *nz, bdb_sample *s, int changed)
{
    bdb_sample fixed;
    bdb_sample *out = s;
    if (changed || s->params.overflow) {
        int rc;
        const bdb_sample *v = bdb_sink_vet(nz->out, s, &fixed, &rc);
        if (!v)
            return rc;
        out = v == s ? s : &fixed;
    }
    bdb_series_ref *ref = intern(nz, out);
    if (!ref)
        return BDB_ENOMEM;
    if (out->trace) {
        /* a point of the series' trace: numbered in its trace, no
         * repetition of the series; it belongs to the series' figure
         * given last (a parser gives a run's points after its figure;
         * 0: none yet) */
        bdb_trace t = *out->trace;
        t.seq = ++ref->trace_points;
        out->trace = &t;
        if (ref->repetition == 0 || ref->cut_run) {
            /* a run cut before its figure (its summary never printed):
             * its points are its own run's, the series' next */
            if (!ref->cut_run)
                ref->repetition++;
            ref->cut_run = 1;
            /* the warning stands at the first interval line */
            if (!nz->cut_points++ || (out->line > 0 &&
                                      out->line < nz->cut_line))
                nz->cut_line = out->line;
        }
        out->repetition = ref->repetition;
        out->ref = ref;
        int rc = bdb_sink_deliver(nz->out, out);
        bdb_refs_done(&nz->refs, ref);
        return rc;
    }
    number_repetition(ref, out);
    out->ref = ref;
    int rc = bdb_sink_deliver(nz->out, out);
    bdb_refs_done(&nz->refs, ref);
    if (!rc && bdb_parts_wanted(nz->record, out)) {
        out->ref = NULL;
        rc = bdb_parts_take(&nz->parts, nz->record, out, emit_whole, nz);
    }
    return rc;
}

static int emit_whole(void *ctx, bdb_sample *whole)
{
    return deliver(ctx, whole, 1);
}

/* Line `line` of the unwrapped text as [*start, *end) offsets ("\n"
 * and a "\r" before it aside); *end < *start when there is no such
 * line. 0 or BDB_ENOMEM. */
static int text_line_span(normalizer *nz, int line, size_t *start,
                          size_t *end)
{
    const bdb_unwrapped *u = nz->unwrapped;
    if (!nz->line_start) {
        size_t n = 1;
        for (size_t i = 0; i < u->len; i++)
            n += u->text[i] == '\n';
        nz->line_start = malloc((n + 1) * sizeof *nz->line_start);
        if (!nz->line_start)
            return BDB_ENOMEM;
        size_t k = 0;
        nz->line_start[k++] = 0;
        for (size_t i = 0; i < u->len; i++)
            if (u->text[i] == '\n')
                nz->line_start[k++] = i + 1;
        nz->line_start[k] = u->len + 1; /* past the last line */
        nz->nline_start = k;
    }
    *start = 1, *end = 0;
    if (line <= 0 || (size_t)line > nz->nline_start)
        return BDB_OK;
    size_t s = nz->line_start[line - 1], e = nz->line_start[line] - 1;
    if (e > u->len)
        e = u->len;
    if (e > s && u->text[e - 1] == '\r')
        e--;
    *start = s, *end = e;
    return BDB_OK;
}

static int normalize_take(void *ctx, const bdb_sample *in)
{
    normalizer *nz = ctx;
    bdb_sample s;
    bdb_sample_copy(&s, in);
    if (bdb_line_marks_set(&nz->marks, s.line))
        return BDB_ENOMEM;
    if (s.col > 0 && nz->unwrapped && nz->unwrapped->nbrk) {
        size_t start, end;
        int rc = text_line_span(nz, s.line, &start, &end);
        if (rc)
            return rc;
        s.line = end >= start ? bdb_unwrap_line_col(nz->unwrapped, s.line,
                                                    (size_t)s.col - 1,
                                                    end - start)
                              : bdb_unwrap_line(nz->unwrapped, s.line);
    } else {
        s.line = bdb_unwrap_line(nz->unwrapped, s.line);
    }
    if (!s.tool[0])
        bdb_strlcpy(s.tool, sizeof s.tool, nz->tool);
    /* a results CSV names each row's tool */
    nz->record = bdb_tool_find(s.tool);
    int named = !s.benchmark[0];
    if (named)
        bdb_sample_set_benchmark_text(&s, nz->opts->benchmark
                                              ? nz->opts->benchmark
                                              : nz->stem);
    else
        nz->own_names++;
    int nparams = s.params.n;
    int rc = apply_user_params(nz, &s);
    int canon_rc;
    int canon = canonicalise(nz, &s, &canon_rc);
    if (rc || canon_rc)
        return rc ? rc : canon_rc;
    /* The parser's sink vetted its names; what is added here is vetted
     * again, before it is keyed: the key is of the names as stored (the
     * tool is the parser's name, never vetted). */
    return deliver(nz, &s, named || canon || s.params.n != nparams);
}

/* A parser's notes into the caller's sink, warnings named by the tool. */
static int merge_notes(bdb_sink *out, const bdb_sink *part, const char *tool)
{
    for (size_t i = 0; i < part->nnotes; i++) {
        const bdb_note *n = &part->notes[i];
        int rc = n->is_info
                     ? bdb_sink_info(out, n->line, "%s", n->text)
                     : bdb_sink_warn(out, n->line, "%s: %s", tool, n->text);
        if (rc)
            return rc;
    }
    out->notes_dropped += part->notes_dropped;
    out->unread_lines += part->unread_lines; /* a parser's own account */
    if (!out->tool_version[0] && part->tool_version[0])
        snprintf(out->tool_version, sizeof out->tool_version, "%s",
                 part->tool_version);
    return BDB_OK;
}

/* Lines a parser said something about (a warning, a note) or said it
 * read for figures it took elsewhere are not unread: the account passes
 * over them. Returns 0 or BDB_ENOMEM. */
static int mark_told(bdb_line_marks *m, const bdb_sink *part)
{
    for (size_t i = 0; i < part->nnotes; i++)
        if (bdb_line_marks_set(m, part->notes[i].line))
            return BDB_ENOMEM;
    for (size_t i = 0; i < part->covered.n; i++)
        if (bdb_line_marks_range(m, part->covered.r[i][0],
                                 part->covered.r[i][1]))
            return BDB_ENOMEM;
    return BDB_OK;
}

/* A parser's lines are the unwrapped text's: its notes and its stop are
 * moved to the file's lines (its figures are, one by one, as they pass). */
static void unwrap_lines(const bdb_unwrapped *u, bdb_sink *part, bdb_diag *pd)
{
    if (!u || !u->text)
        return;
    for (size_t i = 0; i < part->nnotes; i++)
        part->notes[i].line = bdb_unwrap_line(u, part->notes[i].line);
    pd->line = bdb_unwrap_line(u, pd->line);
}

/* What every import shares after parsing: the user-parameter warnings
 * and --strict. */
/* The metadata of the file as notes: what left the series' identity
 * (environment, settings not every format prints, other spellings),
 * kept so that nothing read is lost. */
static int meta_notes(normalizer *nz)
{
    static const char head[] = "kept beside the series' identity "
                               "(environment and settings not every output "
                               "format prints): ";
    bdb_sink *out = nz->out;
    int rc = BDB_OK;
    size_t i = 0;
    if (!nz->opts->meta_notes)
        return BDB_OK;
    while (!rc && i < nz->nmeta) {
        char text[sizeof out->notes[0].text];
        size_t used = (size_t)snprintf(text, sizeof text, "%s", head);
        const bdb_strmap_entry *e = bdb_strmap_get(&nz->meta_seen,
                                                   nz->meta_order[i]);
        int line = e && e->value > 0 ? (int)e->value : 0;
        size_t first = i;
        for (; i < nz->nmeta; i++) {
            size_t n = strlen(nz->meta_order[i]);
            if (used + n + 3 >= sizeof text && i > first)
                break;
            used += (size_t)snprintf(text + used, sizeof text - used, "%s%s",
                                     i > first ? ", " : "", nz->meta_order[i]);
            if (used >= sizeof text)
                used = sizeof text - 1;
        }
        rc = bdb_sink_info(out, line, "%s", text);
    }
    if (!rc && nz->meta_full_line)
        rc = bdb_sink_warn(out, nz->meta_full_line > 0 ? nz->meta_full_line : 0,
                           "a figure has more than %d parameters beside its "
                           "identity; the rest are not kept", BDB_MAX_PARAMS);
    return rc;
}

/* What every import shares after parsing: the user-parameter warnings,
 * the metadata, and --strict. */
static int finish(normalizer *nz, bdb_diag *diag)
{
    bdb_sink *out = nz->out;
    int rc = meta_notes(nz);
    for (int k = 0; !rc && k < nz->nuser; k++) {
        if (nz->conflict_line[k])
            rc = bdb_sink_warn(out, nz->conflict_line[k] > 0 ? nz->conflict_line[k] : 0,
                               "parameter %s=%s was given but the log says "
                               "otherwise; the log's value is kept",
                               nz->user_key[k], nz->user_value[k]);
        if (!rc && nz->full_line[k])
            rc = bdb_sink_warn(out, nz->full_line[k] > 0 ? nz->full_line[k] : 0,
                               "parameter %s=%s not added: a figure has %d "
                               "parameters already", nz->user_key[k],
                               nz->user_value[k], BDB_MAX_PARAMS);
    }
    if (!rc && out->notes_dropped) {
        /* the count takes the last kept warning's place, and counts it */
        size_t n = out->notes_dropped;
        out->notes_dropped = 0;
        out->nnotes--;
        rc = bdb_sink_warn(out, 0, "%zu more warnings not listed (the first "
                           "%zu are)", n + 1, out->nnotes);
    }
    if (rc)
        return bdb_diag_set(diag, rc, 0, "out of memory");
    if (nz->opts->strict) {
        for (size_t i = 0; i < out->nnotes; i++)
            if (!out->notes[i].is_info)
                return bdb_diag_set(diag, BDB_EPARSE, out->notes[i].line,
                                    "%s (--strict: a warning fails the file)",
                                    out->notes[i].text);
    }
    return BDB_OK;
}

/* A run whose summary the log never printed (a cut log, a Windows iperf
 * UDP server) gives no figure: its interval points are kept as its
 * trace, and said so. */
static int warn_cut(bdb_sink *part, const normalizer *nz)
{
    return bdb_sink_warn(part, nz->cut_line, "a run's summary was never "
                         "printed (cut log?): no figure is invented; its "
                         "%lld interval points are kept as its trace "
                         "(`benchdb traces`)", nz->cut_points);
}

static int summary_into(const char *buf, size_t len, normalizer *nz,
                        bdb_diag *diag)
{
    const bdb_summary_opts *so = nz->opts->summary;
    bdb_sink_consumer to_out = {normalize_take, nz, normalize_take};
    bdb_sink part;
    bdb_sink_init(&part);
    part.consumer = &to_out;
    nz->tool = so->tool;
    int rc = bdb_summary_parse(buf, len, so, &part, diag);
    if (!rc)
        rc = bdb_parts_flush(&nz->parts, &part, emit_whole, nz);
    if (!rc)
        rc = merge_notes(nz->out, &part, so->tool);
    if (!rc && part.n == 0)
        rc = part.nnotes && !part.notes[0].is_info
                 ? bdb_diag_set(diag, BDB_EPARSE, part.notes[0].line,
                                "no figures found: %s", part.notes[0].text)
                 : bdb_diag_set(diag, BDB_EPARSE, 0, "no figures found");
    bdb_sink_free(&part);
    if (rc && !diag->message[0])
        bdb_diag_set(diag, rc, 0, "%s", bdb_strerror(rc));
    return rc;
}

/* The parsers there are (each tool's and the results CSV's): a reading
 * lists each at most once, so its lists hold them all. */
enum {
    NPARSERS = 1
#define BDB_TOOL(id) +1
#define BDB_TOOL_RECORD(id)
#include "tool_list.h"
};
#define READING_MAX 32
_Static_assert(NPARSERS <= READING_MAX, "a reading lists every parser");

/* What the parsers of one text (the file's, or one of its interleaved
 * streams') found and missed, gathered over the texts of a file. */
typedef struct reading {
    const bdb_parser *chosen[READING_MAX]; /* every text's tools, each once */
    size_t nchosen;
    /* Why the first parser that read nothing read nothing: the file's
     * error when no parser reads anything. */
    bdb_diag why;
    /* Parsers that recognised the file but read nothing while another
     * did: said as warnings when they had a reason. */
    bdb_diag empty[READING_MAX];       /* each tool once: its first reason */
    const char *empty_tool[READING_MAX];
    size_t nempty;
    int cut_runs;       /* a part gave cut runs' traces alone */
    const char *named[READING_MAX]; /* the tools named in tools_out, each once */
    size_t nnamed;
} reading;

/* Chooses the tools of buf and runs their parsers into nz; a tool not
 * recognised is the diag's, and so is a parser that cannot go on. */
static int read_text(const char *buf, size_t len, normalizer *nz,
                     reading *rd, char *tools_out, size_t tools_sz,
                     bdb_diag *diag)
{
    const bdb_ingest_opts *opts = nz->opts;
    bdb_sink *out = nz->out;
    const bdb_parser *chosen[32];
    size_t nchosen = 0;
    int rc = choose_parsers(buf, len, opts, chosen, &nchosen, diag);
    if (rc && diag->line > 0 && nz->unwrapped && nz->unwrapped->text)
        diag->line = bdb_unwrap_line(nz->unwrapped, diag->line);
    if (rc)
        return rc;
    for (size_t i = 0; i < nchosen; i++) {
        size_t k = 0;
        while (k < rd->nchosen && rd->chosen[k] != chosen[i])
            k++;
        if (k == rd->nchosen && k < READING_MAX)
            rd->chosen[rd->nchosen++] = chosen[i];
    }

    bdb_parse_opts popts = {.source_name = opts->source_name,
                            .forced = opts->tool != NULL,
                            .time_format = opts->time_format};
    bdb_sink_consumer to_out = {normalize_take, nz, normalize_take};
    bdb_sink part;
    bdb_sink_init(&part);
    part.consumer = &to_out;
    for (size_t i = 0; i < nchosen; i++) {
        const char *name = chosen[i]->name;
        bdb_diag pd;
        bdb_diag_clear(&pd);
        bdb_sink_reset(&part);
        nz->tool = name;
        nz->own_names = 0;
        nz->cut_points = 0;
        int named_by_user = benchmark_applies(opts, name);
        popts.benchmark = named_by_user ? opts->benchmark : NULL;
        rc = chosen[i]->parse(buf, len, &popts, &part, &pd);
        if (part.nomem)         /* a warning was lost: the file fails */
            rc = BDB_ENOMEM;
        if (rc != BDB_ENOMEM && mark_told(&nz->marks, &part))
            rc = BDB_ENOMEM;
        unwrap_lines(nz->unwrapped, &part, &pd);
        if (rc != BDB_ENOMEM && rc != BDB_ESTORE && rc != BDB_EIO) {
            /* the clones' totals, before the figures are counted */
            int frc = bdb_parts_flush(&nz->parts, &part, emit_whole, nz);
            if (frc)
                rc = frc;
        }
        if (rc == BDB_ENOMEM || rc == BDB_ERANGE || rc == BDB_ESTORE ||
            rc == BDB_EIO) {
            /* the parser, or the consumer behind it, cannot go on */
            bdb_sink_free(&part);
            if (!pd.message[0])
                bdb_diag_set(&pd, rc, 0, "%s: %s", name, bdb_strerror(rc));
            *diag = pd;
            return rc;
        }
        /* a part of cut runs alone: their traces, no figure */
        int cut_only = part.n == 0 && part.ntrace > 0 &&
                       chosen[i]->keeps_cut_runs;
        if (rc == BDB_OK && nz->cut_points && chosen[i]->keeps_cut_runs) {
            int wrc = warn_cut(&part, nz);
            if (wrc) {
                bdb_sink_free(&part);
                return bdb_diag_set(diag, wrc, 0, "out of memory");
            }
        }
        if (rc != BDB_OK && (part.n > 0 || cut_only)) {
            /* A parser that stopped part-way keeps what it read before:
             * the stop is a warning at its line, not the file's end. */
            int wrc = bdb_sink_warn(&part, pd.line, "%s (figures before this "
                                    "line are kept)", pd.message[0] ? pd.message
                                    : bdb_strerror(rc));
            if (wrc) {
                bdb_sink_free(&part);
                return bdb_diag_set(diag, wrc, 0, "out of memory");
            }
            rc = BDB_OK;
        }
        if (part.n == 0 && !cut_only) {
            size_t said = 0;    /* a tool empty in two streams: once */
            while (said < rd->nempty && rd->empty_tool[said] != name)
                said++;
            if (said == rd->nempty && said < READING_MAX &&
                (rc != BDB_OK || (part.nnotes && !part.notes[0].is_info))) {
                bdb_diag *e = &rd->empty[rd->nempty];
                rd->empty_tool[rd->nempty++] = name;
                bdb_diag_clear(e);
                if (rc != BDB_OK)
                    *e = pd;
                else
                    bdb_diag_set(e, BDB_EPARSE, part.notes[0].line, "%s",
                                 part.notes[0].text);
            }
            if (!rd->why.message[0]) {
                if (rc != BDB_OK)
                    rd->why = pd;
                else if (part.nnotes && !part.notes[0].is_info)
                    bdb_diag_set(&rd->why, BDB_EPARSE, part.notes[0].line,
                                 "%s: no figures found: %s", name,
                                 part.notes[0].text);
                else
                    bdb_diag_set(&rd->why, BDB_EPARSE, 0,
                                 "%s: no figures found (truncated log?)", name);
                if (!rd->why.message[0])
                    bdb_diag_set(&rd->why, rc ? rc : BDB_EPARSE, pd.line,
                                 "%s: %s", name, bdb_strerror(rc));
            }
            continue;
        }
        rd->cut_runs |= cut_only;
        rc = merge_notes(out, &part, name);
        if (!rc && opts->benchmark && !named_by_user && nz->own_names)
            rc = note_benchmark_kept(out, opts, name);
        if (rc) {
            bdb_sink_free(&part);
            return bdb_diag_set(diag, rc, 0, "%s: %s", name, bdb_strerror(rc));
        }
        size_t seen = 0;    /* a tool of two parts is named once */
        while (seen < rd->nnamed && rd->named[seen] != name)
            seen++;
        if (tools_out && tools_sz && seen == rd->nnamed) {
            if (rd->nnamed < READING_MAX)
                rd->named[rd->nnamed++] = name;
            size_t used = strlen(tools_out);
            snprintf(tools_out + used, tools_sz - used, "%s%s", used ? "+" : "",
                     name);
        }
    }
    bdb_sink_free(&part);
    return BDB_OK;
}

/* Into one: buf with every line outside lines first..last emptied (its
 * "\n" kept); returns its length. */
static size_t part_text(const char *buf, size_t len, size_t first,
                        size_t last, char *one)
{
    size_t line = 1, n = 0;
    for (size_t i = 0; i < len; i++) {
        if (buf[i] == '\n' || (line >= first && line <= last))
            one[n++] = buf[i];
        if (buf[i] == '\n')
            line++;
    }
    one[n] = '\0';
    return n;
}

/* Reads the file [file, file_len) again, unwrapped by
 * bdb_unwrap_keeping into *unwrapped (which replaces the view read
 * before), when that view holds text: BDB_EUNKNOWN (diag kept) when it
 * holds nothing more. */
static int reread_keeping(const char *file, size_t file_len, normalizer *nz,
                          bdb_unwrapped *unwrapped, reading *rd,
                          char *tools_out, size_t tools_sz, bdb_diag *diag)
{
    bdb_unwrapped keep;
    int rc = bdb_unwrap_keeping(file, file_len, &keep);
    if (rc)
        return bdb_diag_set(diag, rc, 0, "out of memory unwrapping the log");
    if (!keep.text || all_blank(keep.text, keep.len)) {
        bdb_unwrap_free(&keep);
        return BDB_EUNKNOWN;
    }
    bdb_unwrap_free(unwrapped);
    *unwrapped = keep;
    free(nz->line_start); /* the lines of the view read before */
    nz->line_start = NULL;
    nz->nline_start = 0;
    bdb_diag_clear(diag);
    return read_text(unwrapped->text, unwrapped->len, nz, rd, tools_out,
                     tools_sz, diag);
}

static int ingest(const char *buf, size_t len, normalizer *nz,
                  bdb_unwrapped *unwrapped, char *tools_out, size_t tools_sz,
                  bdb_diag *diag)
{
    const bdb_ingest_opts *opts = nz->opts;
    bdb_sink *out = nz->out;
    int rc;

    if (tools_out && tools_sz)
        tools_out[0] = '\0';
    if (len == 0 || all_blank(buf, len))
        return bdb_diag_set(diag, BDB_EPARSE, 0, "empty file");
    /* bdb_input_memchr: a mapped file's pages leave memory as they are
     * looked at */
    const char *nul = bdb_input_memchr(buf, '\0', len);
    if (nul)
        return bdb_diag_set(diag, BDB_EUNKNOWN, 0,
                            "binary content (a NUL byte at offset %zu); "
                            "expected a text log",
                            (size_t)(nul - buf));
    file_stem(opts->source_name, nz->stem, sizeof nz->stem);
    rc = BDB_OK;
    int tool_log = opts->summary &&
                   summary_is_tool_log(buf, len, opts, out, &rc);
    if (rc)
        return bdb_diag_set(diag, rc, 0, "out of memory");
    if (opts->summary && !tool_log) {
        /* files of one run differ in their names, not their benchmark:
         * the tool names them, so that they meet (and the merge check
         * says so) */
        snprintf(nz->stem, sizeof nz->stem, "%s", opts->summary->tool);
        rc = summary_into(buf, len, nz, diag);
        if (rc)
            return rc;
        if (tools_out && tools_sz)
            snprintf(tools_out, tools_sz, "%s", opts->summary->tool);
        return finish(nz, diag);
    }
    /* what a container held, with its lines mapped back to the file's
     * (the caller frees it; nothing is copied for a plain log) */
    const char *file = buf;
    size_t file_len = len;
    rc = bdb_unwrap(buf, len, unwrapped);
    if (rc)
        return bdb_diag_set(diag, rc, 0, "out of memory unwrapping the log");
    if (unwrapped->text) {
        buf = unwrapped->text;
        len = unwrapped->len;
        nz->unwrapped = unwrapped;
        if (len == 0 || all_blank(buf, len))
            return bdb_diag_set(diag, BDB_EPARSE, 0, "empty %s",
                                unwrapped->what);
    }
    reading rd;
    memset(&rd, 0, sizeof rd);
    bdb_diag_clear(&rd.why);
    if (!unwrapped->nparts) {
        rc = read_text(buf, len, nz, &rd, tools_out, tools_sz, diag);
        if (rc == BDB_EUNKNOWN && unwrapped->dropped) {
            /* a page's <pre> blocks held no tool's text: the view that
             * keeps the page around them wins over one that lost the
             * tool's lines (no parser ran: nothing is read twice) */
            rc = reread_keeping(file, file_len, nz, unwrapped, &rd, tools_out,
                                tools_sz, diag);
            buf = unwrapped->text;
            len = unwrapped->len;
        }
        if (rc)
            return rc;
    } else {
        /* each stream alone: the others' lines blank, so that every line
         * keeps its number */
        char *one = malloc(len + 1);
        if (!one)
            return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
        bdb_diag first;
        bdb_diag_clear(&first);
        for (size_t k = 0; k < unwrapped->nparts; k++) {
            size_t n = part_text(buf, len, unwrapped->part_first[k],
                                 unwrapped->part_last[k], one);
            bdb_diag pd;
            bdb_diag_clear(&pd);
            rc = read_text(one, n, nz, &rd, tools_out, tools_sz, &pd);
            if (rc == BDB_EUNKNOWN || rc == BDB_EPARSE) {
                /* a stream of no tool's (a server's banner alone) */
                if (!first.message[0])
                    first = pd;
                continue;
            }
            if (rc) {
                free(one);
                *diag = pd;
                return rc;
            }
        }
        free(one);
        if (!rd.nchosen) {
            *diag = first;
            return first.code ? first.code : BDB_EUNKNOWN;
        }
    }
    if (out->n == 0 && !rd.cut_runs) {
        *diag = rd.why;
        if (!diag->code)
            diag->code = BDB_EPARSE;
        return diag->code;
    }
    for (size_t i = 0; i < rd.nempty; i++) {
        rc = bdb_sink_warn(out, rd.empty[i].line, "%s: read no figure: %s",
                           rd.empty_tool[i], rd.empty[i].message);
        if (rc)
            return bdb_diag_set(diag, rc, 0, "out of memory");
    }
    size_t account_from = out->nnotes;
    /* a format that owns its file (the results CSV) has no line of
     * another's; every other file's numbers are accounted for */
    if (opts->unread_account &&
        !(rd.nchosen == 1 && rd.chosen[0]->whole_file)) {
        const char *names[33];
        for (size_t i = 0; i < rd.nchosen; i++)
            names[i] = rd.chosen[i]->name;
        names[rd.nchosen] = NULL;
        rc = bdb_unread_account(buf, len, &nz->marks, names,
                                tools_out && tools_out[0] ? tools_out
                                                          : names[0],
                                nz->unwrapped, out);
        if (rc)
            return bdb_diag_set(diag, rc, 0, "out of memory");
    }
    /* what unwrapping took off the tool's lines, no parser saw */
    rc = bdb_unread_drops(nz->unwrapped, account_from, out);
    if (rc)
        return bdb_diag_set(diag, rc, 0, "out of memory");
    return finish(nz, diag);
}

int bdb_ingest_buffer(const char *buf, size_t len, const bdb_ingest_opts *opts,
                      bdb_sink *out, char *tools_out, size_t tools_sz,
                      bdb_diag *diag)
{
    normalizer nz;
    memset(&nz, 0, sizeof nz);
    nz.out = out;
    nz.opts = opts;
    bdb_unwrapped unwrapped = {0};
    int rc = ingest(buf, len, &nz, &unwrapped, tools_out, tools_sz, diag);
    bdb_unwrap_free(&unwrapped);
    bdb_line_marks_free(&nz.marks);
    free(nz.line_start);
    if (opts->keep_refs)
        *opts->keep_refs = nz.refs;
    else
        bdb_refs_free(&nz.refs);
    bdb_parts_free(&nz.parts);
    bdb_strmap_free(&nz.meta_seen);
    free(nz.meta_order);
    return rc;
}

/* v as "%.10g" prints it into num: its length. A whole number under
 * 10^10 (not -0) prints as its digits there; the rest through snprintf. */
static size_t sample_value(char *num, size_t numsz, double v)
{
    unsigned long long bits;
    memcpy(&bits, &v, sizeof bits);
    if (v > -1e10 && v < 1e10 && !(v == 0 && bits >> 63) &&
        (double)(long long)v == v)
        return bdb_ll_text(num, (long long)v);
    int n = snprintf(num, numsz, "%.10g", v);
    return n < 0 ? 0 : (size_t)n < numsz ? (size_t)n : numsz - 1;
}

void bdb_sample_format(const bdb_sample *s, char *out, size_t outsz)
{
    /* without printf for all but a fraction (`parse` prints a line per
     * figure: snprintf's format and the parameters' formatting were a
     * seventh of parsing a large fio JSON) */
    char params[BDB_PARAMS_TEXT_MAX], num[48];
    const char *p = params;
    if (s->ref)     /* formatted once already, by ingest */
        p = s->ref->params;
    else
        bdb_params_format(&s->params, params, sizeof params);
    const char *better = s->better > 0   ? "higher"
                         : s->better < 0 ? "lower"
                                         : "neutral";
    const char *unit = s->unit ? s->unit : "";
    size_t at = 0;
    if (!outsz)
        return;
    at = bdb_put_at(out, outsz, at, num, bdb_ll_text(num, s->line));
#define PUT_FIELD(t)                                                     \
    do {                                                                 \
        at = bdb_put_at(out, outsz, at, "\t", 1);                        \
        at = bdb_put_at(out, outsz, at, (t), strlen(t));                 \
    } while (0)
    PUT_FIELD(s->tool);
    PUT_FIELD(s->benchmark);
    PUT_FIELD(s->metric);
    PUT_FIELD(p);
    at = bdb_put_at(out, outsz, at, "\t", 1);
    at = bdb_put_at(out, outsz, at, num, sample_value(num, sizeof num,
                                                       s->value));
    PUT_FIELD(unit);
    PUT_FIELD(better);
    at = bdb_put_at(out, outsz, at, "\t", 1);
    at = bdb_put_at(out, outsz, at, num, bdb_ll_text(num, s->repetition));
    if (s->platform[0]) {
        at = bdb_put_at(out, outsz, at, "\t@", 2);
        at = bdb_put_at(out, outsz, at, s->platform, strlen(s->platform));
    }
#undef PUT_FIELD
}
