/* ingest.c - from a buffer to samples: detection, parsing, and the
 * normalisation every parser shares (tool names, fallback benchmark names,
 * user parameters, repetition numbers). */
#include "ingest.h"
#include "../common/bdb_scan.h"

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
    for (const bdb_parser *const *p = bdb_parsers(); *p; p++) {
        /* a GNU time format names the tool: its lines may be bare numbers
         * that no sniffer could recognise */
        int wanted = opts->time_format && strcmp((*p)->name, "time") == 0;
        if (wanted || (*p)->sniff(buf, len) >= BDB_SNIFF_THRESHOLD)
            chosen[(*nchosen)++] = *p;
    }
    if (*nchosen == 0)
        return bdb_diag_set(diag, BDB_EUNKNOWN, 0,
                            "not the output of any known tool (expected ab, "
                            "wrk, redis-benchmark, fio, openssl speed, "
                            "hdparm, dd, iperf, iperf3 or time; use --tool "
                            "to force one)");
    return BDB_OK;
}

static int merge(bdb_sink *out, bdb_sink *part, const char *tool)
{
    for (size_t i = 0; i < part->n; i++) {
        bdb_sample *s = &part->samples[i];
        if (!s->tool[0])
            snprintf(s->tool, sizeof s->tool, "%s", tool);
        int rc = bdb_sink_emit(out, s);
        if (rc)
            return rc;
    }
    for (size_t i = 0; i < part->nnotes; i++) {
        const bdb_note *n = &part->notes[i];
        int rc = n->is_info
                     ? bdb_sink_info(out, n->line, "%s", n->text)
                     : bdb_sink_warn(out, n->line, "%s: %s", tool, n->text);
        if (rc)
            return rc;
    }
    if (!out->tool_version[0] && part->tool_version[0])
        snprintf(out->tool_version, sizeof out->tool_version, "%s",
                 part->tool_version);
    return BDB_OK;
}

static void apply_user_params(bdb_sink *out, const bdb_params *params)
{
    if (!params)
        return;
    for (int k = 0; k < params->n; k++) {
        const bdb_param *p = &params->kv[k];
        int conflict_line = 0, full_line = 0;
        for (size_t i = 0; i < out->n; i++) {
            bdb_sample *s = &out->samples[i];
            const char *have = bdb_params_get(&s->params, p->key);
            if (!have) {
                if (bdb_params_set(&s->params, p->key, "%s", p->value) &&
                    !full_line)
                    full_line = s->line ? s->line : -1;
            } else if (strcmp(have, p->value) != 0 && !conflict_line) {
                conflict_line = s->line ? s->line : -1;
            }
        }
        if (conflict_line)
            bdb_sink_warn(out, conflict_line > 0 ? conflict_line : 0,
                          "parameter %s=%s was given but the log says "
                          "otherwise; the log's value is kept",
                          p->key, p->value);
        if (full_line)
            bdb_sink_warn(out, full_line > 0 ? full_line : 0,
                          "parameter %s=%s not added: a figure has %d "
                          "parameters already", p->key, p->value,
                          BDB_MAX_PARAMS);
    }
}

typedef struct rep_key {
    size_t index;
    char key[64 + 32 + BDB_BENCHMARK_MAX + BDB_METRIC_MAX + BDB_PARAMS_TEXT_MAX + 8];
} rep_key;

static int rep_key_cmp(const void *a, const void *b)
{
    const rep_key *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    if (c)
        return c;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* Numbers repeated measurements of the same series 1, 2, 3... in file
 * order; samples a parser numbered itself keep their number. */
static int number_repetitions(bdb_sink *out)
{
    if (out->n == 0)
        return BDB_OK;
    rep_key *keys = malloc(out->n * sizeof *keys);
    if (!keys)
        return BDB_ENOMEM;
    for (size_t i = 0; i < out->n; i++) {
        const bdb_sample *s = &out->samples[i];
        char params[BDB_PARAMS_TEXT_MAX];
        bdb_params_format(&s->params, params, sizeof params);
        keys[i].index = i;
        snprintf(keys[i].key, sizeof keys[i].key, "%s\x1f%s\x1f%s\x1f%s\x1f%s",
                 s->platform, s->tool, s->benchmark, s->metric, params);
    }
    qsort(keys, out->n, sizeof *keys, rep_key_cmp);
    int rep = 0;
    for (size_t i = 0; i < out->n; i++) {
        if (i == 0 || strcmp(keys[i].key, keys[i - 1].key) != 0)
            rep = 0;
        bdb_sample *s = &out->samples[keys[i].index];
        rep++;
        if (s->repetition <= 0)
            s->repetition = rep;
        else
            rep = s->repetition;
    }
    free(keys);
    return BDB_OK;
}

/* What every import shares after parsing: fallback benchmark names,
 * the user's parameters, repetition numbers, and --strict. */
static int finish(bdb_sink *out, const bdb_ingest_opts *opts, bdb_diag *diag)
{
    if (out->n == 0) {
        /* summary lines: the reason is the first warning */
        if (out->nnotes && !out->notes[0].is_info)
            return bdb_diag_set(diag, BDB_EPARSE, out->notes[0].line,
                                "no figures found: %s", out->notes[0].text);
        return bdb_diag_set(diag, BDB_EPARSE, 0, "no figures found");
    }
    if (opts->strict) {
        for (size_t i = 0; i < out->nnotes; i++)
            if (!out->notes[i].is_info)
                return bdb_diag_set(diag, BDB_EPARSE, out->notes[i].line,
                                    "%s (--strict: a warning fails the file)",
                                    out->notes[i].text);
    }
    char stem[BDB_BENCHMARK_MAX];
    file_stem(opts->source_name, stem, sizeof stem);
    for (size_t i = 0; i < out->n; i++) {
        bdb_sample *s = &out->samples[i];
        if (!s->benchmark[0])
            snprintf(s->benchmark, sizeof s->benchmark, "%s",
                     opts->benchmark ? opts->benchmark : stem);
    }
    apply_user_params(out, opts->params);
    return number_repetitions(out);
}

static int summary_into(const char *buf, size_t len,
                        const bdb_summary_opts *so, bdb_sink *out,
                        bdb_diag *diag)
{
    bdb_sink part;
    bdb_sink_init(&part);
    int rc = bdb_summary_parse(buf, len, so, &part, diag);
    if (!rc)
        rc = merge(out, &part, so->tool);
    bdb_sink_free(&part);
    if (rc && !diag->message[0])
        bdb_diag_set(diag, rc, 0, "%s", bdb_strerror(rc));
    return rc;
}

int bdb_ingest_buffer(const char *buf, size_t len, const bdb_ingest_opts *opts,
                      bdb_sink *out, char *tools_out, size_t tools_sz,
                      bdb_diag *diag)
{
    const bdb_parser *chosen[32];
    size_t nchosen = 0;
    int rc;

    if (tools_out && tools_sz)
        tools_out[0] = '\0';
    if (len == 0 || all_blank(buf, len))
        return bdb_diag_set(diag, BDB_EPARSE, 0, "empty file");
    const char *nul = memchr(buf, '\0', len);
    if (nul)
        return bdb_diag_set(diag, BDB_EUNKNOWN, 0,
                            "binary content (a NUL byte at offset %zu); "
                            "expected a text log",
                            (size_t)(nul - buf));
    if (opts->summary) {
        rc = summary_into(buf, len, opts->summary, out, diag);
        if (rc)
            return rc;
        if (tools_out && tools_sz)
            snprintf(tools_out, tools_sz, "%s", opts->summary->tool);
        return finish(out, opts, diag);
    }
    rc = choose_parsers(buf, len, opts, chosen, &nchosen, diag);
    if (rc)
        return rc;

    bdb_parse_opts popts = {.source_name = opts->source_name,
                            .benchmark = opts->benchmark,
                            .forced = opts->tool != NULL,
                            .time_format = opts->time_format};
    /* Why the first parser that read nothing read nothing: the file's
     * error when no parser reads anything. */
    bdb_diag why;
    bdb_diag_clear(&why);
    /* Parsers that recognised the file but read nothing while another
     * did: said as warnings when they had a reason. */
    bdb_diag empty[32];
    size_t nempty = 0;
    bdb_sink part;
    bdb_sink_init(&part);
    for (size_t i = 0; i < nchosen; i++) {
        const char *name = chosen[i]->name;
        bdb_diag pd;
        bdb_diag_clear(&pd);
        bdb_sink_reset(&part);
        rc = chosen[i]->parse(buf, len, &popts, &part, &pd);
        if (rc == BDB_ENOMEM || rc == BDB_ERANGE) {
            bdb_sink_free(&part);
            if (!pd.message[0])
                bdb_diag_set(&pd, rc, 0, "%s: %s", name, bdb_strerror(rc));
            *diag = pd;
            return rc;
        }
        if (rc != BDB_OK && part.n > 0) {
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
        if (part.n == 0) {
            if (rc != BDB_OK || (part.nnotes && !part.notes[0].is_info)) {
                bdb_diag *e = &empty[nempty++];
                bdb_diag_clear(e);
                if (rc != BDB_OK)
                    *e = pd;
                else
                    bdb_diag_set(e, BDB_EPARSE, part.notes[0].line, "%s",
                                 part.notes[0].text);
                bdb_diag_set_file(e, name);  /* the tool, for the warning */
            }
            if (!why.message[0]) {
                if (rc != BDB_OK)
                    why = pd;
                else if (part.nnotes && !part.notes[0].is_info)
                    bdb_diag_set(&why, BDB_EPARSE, part.notes[0].line,
                                 "%s: no figures found: %s", name,
                                 part.notes[0].text);
                else
                    bdb_diag_set(&why, BDB_EPARSE, 0,
                                 "%s: no figures found (truncated log?)", name);
                if (!why.message[0])
                    bdb_diag_set(&why, rc ? rc : BDB_EPARSE, pd.line,
                                 "%s: %s", name, bdb_strerror(rc));
            }
            continue;
        }
        rc = merge(out, &part, name);
        if (rc) {
            bdb_sink_free(&part);
            return bdb_diag_set(diag, rc, 0, "%s: %s", name, bdb_strerror(rc));
        }
        if (tools_out && tools_sz) {
            size_t used = strlen(tools_out);
            snprintf(tools_out + used, tools_sz - used, "%s%s", used ? "+" : "",
                     name);
        }
    }
    bdb_sink_free(&part);
    if (out->n == 0) {
        *diag = why;
        if (!diag->code)
            diag->code = BDB_EPARSE;
        return diag->code;
    }
    for (size_t i = 0; i < nempty; i++) {
        rc = bdb_sink_warn(out, empty[i].line, "%s: read no figure: %s",
                           empty[i].file, empty[i].message);
        if (rc)
            return bdb_diag_set(diag, rc, 0, "out of memory");
    }

    return finish(out, opts, diag);
}

void bdb_sample_format(const bdb_sample *s, char *out, size_t outsz)
{
    char params[BDB_PARAMS_TEXT_MAX];
    bdb_params_format(&s->params, params, sizeof params);
    snprintf(out, outsz, "%d\t%s\t%s\t%s\t%s\t%.10g\t%s\t%s\t%d", s->line,
             s->tool, s->benchmark, s->metric, params, s->value,
             s->unit ? s->unit : "", s->better > 0 ? "higher"
                                     : s->better < 0 ? "lower" : "neutral",
             s->repetition);
    if (s->platform[0]) {
        size_t used = strlen(out);
        snprintf(out + used, outsz - used, "\t@%s", s->platform);
    }
}
