/* bdb_sample.c - the sink that collects samples, and parameter sets. */
#include "bdb_sample.h"
#include "bdb_error.h"
#include "bdb_scan.h"
#include "bdb_utf8.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BDB_SINK_DEFAULT_MAX ((size_t)4 << 20)

void bdb_sink_init(bdb_sink *s)
{
    memset(s, 0, sizeof *s);
}

void bdb_sink_free(bdb_sink *s)
{
    if (!s)
        return;
    free(s->samples);
    free(s->notes);
    memset(s, 0, sizeof *s);
}

void bdb_sink_reset(bdb_sink *s)
{
    s->n = 0;
    s->nnotes = 0;
    s->nrefused = 0;
    s->refused_kinds = 0;
    s->notes_dropped = 0;
    s->tool_version[0] = '\0';
}

const char *bdb_overflow_text(int overflow)
{
    if (overflow & BDB_OVER_PARAMS)
        return "more than 16 parameters";
    if (overflow & BDB_OVER_KEY)
        return "a parameter name of 31 bytes or more";
    if (overflow & BDB_OVER_VALUE)
        return "a parameter value of 159 bytes or more";
    if (overflow & BDB_OVER_BENCHMARK)
        return "a benchmark name of 255 bytes or more";
    if (overflow & BDB_OVER_PLATFORM)
        return "a platform name of 63 bytes or more";
    if (overflow & BDB_OVER_METRIC)
        return "a metric name of 63 bytes or more";
    return "a name that does not fit";
}

/* A field filled to its last byte may have been cut by whoever wrote it
 * (snprintf and bdb_copy cut silently), so a full field counts as one
 * that did not fit: the limits are one byte short of the arrays. */
static int full(const char *field, size_t size)
{
    return memchr(field, '\0', size - 1) == NULL;
}

static int overflow_of(const bdb_sample *x)
{
    int over = x->overflow | x->params.overflow;
    if (full(x->benchmark, sizeof x->benchmark))
        over |= BDB_OVER_BENCHMARK;
    if (full(x->metric, sizeof x->metric))
        over |= BDB_OVER_METRIC;
    if (full(x->platform, sizeof x->platform))
        over |= BDB_OVER_PLATFORM;
    for (int i = 0; i < x->params.n; i++) {
        if (full(x->params.kv[i].key, sizeof x->params.kv[i].key))
            over |= BDB_OVER_KEY;
        if (full(x->params.kv[i].value, sizeof x->params.kv[i].value))
            over |= BDB_OVER_VALUE;
    }
    return over;
}

/* Replaces invalid UTF-8 in field (of size sz) by U+FFFD; returns 0, or
 * -1 when the repaired text no longer fits. */
static int repair_field(char *field, size_t sz)
{
    if (bdb_utf8_valid(field, strlen(field)))
        return 0;
    char tmp[BDB_BENCHMARK_MAX * 3];
    size_t need = bdb_utf8_repair(field, tmp, sizeof tmp);
    if (need >= sz)
        return -1;
    memcpy(field, tmp, need + 1);
    return 0;
}

/* Names from logs are kept as valid UTF-8, so that every output can show
 * them; sets overflow bits for what no longer fits. */
static void repair_names(bdb_sample *x)
{
    if (repair_field(x->benchmark, sizeof x->benchmark))
        x->overflow |= BDB_OVER_BENCHMARK;
    if (repair_field(x->metric, sizeof x->metric))
        x->overflow |= BDB_OVER_METRIC;
    if (repair_field(x->platform, sizeof x->platform))
        x->overflow |= BDB_OVER_PLATFORM;
    for (int i = 0; i < x->params.n; i++) {
        if (repair_field(x->params.kv[i].key, sizeof x->params.kv[i].key))
            x->params.overflow |= BDB_OVER_KEY;
        if (repair_field(x->params.kv[i].value, sizeof x->params.kv[i].value))
            x->params.overflow |= BDB_OVER_VALUE;
    }
}

int bdb_sink_emit(bdb_sink *s, const bdb_sample *in)
{
    bdb_sample fixed;
    const bdb_sample *sample = in;
    if (!bdb_utf8_valid(in->benchmark, strlen(in->benchmark)) ||
        !bdb_utf8_valid(in->platform, strlen(in->platform))) {
        fixed = *in;
        repair_names(&fixed);
        sample = &fixed;
    } else {
        for (int i = 0; i < in->params.n; i++)
            if (!bdb_utf8_valid(in->params.kv[i].value,
                                strlen(in->params.kv[i].value))) {
                fixed = *in;
                repair_names(&fixed);
                sample = &fixed;
                break;
            }
    }
    int over = overflow_of(sample);
    if (over) {
        s->nrefused++;
        /* One warning per kind and file is enough to say what happened. */
        if (!(s->refused_kinds & over)) {
            s->refused_kinds |= over;
            return bdb_sink_warn(s, sample->line,
                                 "figure %s not stored: %s (names are never "
                                 "cut, cut names would merge)",
                                 sample->metric, bdb_overflow_text(over));
        }
        return BDB_OK;
    }
    if (s->consumer) {
        int rc = s->consumer->take(s->consumer->ctx, sample);
        if (!rc)
            s->n++;
        return rc;
    }
    size_t max = s->max_samples ? s->max_samples : BDB_SINK_DEFAULT_MAX;
    if (s->n >= max)
        return BDB_ERANGE;
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        bdb_sample *p = realloc(s->samples, cap * sizeof *p);
        if (!p)
            return BDB_ENOMEM;
        s->samples = p;
        s->cap = cap;
    }
    s->samples[s->n++] = *sample;
    return BDB_OK;
}

int bdb_sink_add(bdb_sink *s, const bdb_sample *base, const char *metric,
                 double value, const char *unit, bdb_better better, int line)
{
    bdb_sample tmp = *base;
    if (snprintf(tmp.metric, sizeof tmp.metric, "%s", metric) >=
        (int)sizeof tmp.metric)
        tmp.overflow |= BDB_OVER_METRIC;
    tmp.value = value;
    tmp.unit = unit;
    tmp.better = better;
    tmp.line = line;
    return bdb_sink_emit(s, &tmp);
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 0)))
#endif
static int sink_note(bdb_sink *s, int line, int is_info, const char *fmt,
                     va_list ap)
{
    if (s->nnotes == s->notes_cap) {
        /* past this many, warnings are counted, not kept: a log of a
         * million odd lines still imports, and says how many it had */
        if (s->notes_cap >= 100000) {
            s->notes_dropped++;
            return BDB_OK;
        }
        size_t cap = s->notes_cap ? s->notes_cap * 2 : 8;
        bdb_note *p = realloc(s->notes, cap * sizeof *p);
        if (!p)
            return BDB_ENOMEM;
        s->notes = p;
        s->notes_cap = cap;
    }
    bdb_note *n = &s->notes[s->nnotes++];
    n->line = line;
    n->is_info = is_info;
    int w = vsnprintf(n->text, sizeof n->text, fmt, ap);
    if (w >= (int)sizeof n->text)   /* say that the message goes on */
        memcpy(n->text + sizeof n->text - 4, "...", 4);
    return BDB_OK;
}

int bdb_sink_warn(bdb_sink *s, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = sink_note(s, line, 0, fmt, ap);
    va_end(ap);
    return rc;
}

int bdb_sink_info(bdb_sink *s, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = sink_note(s, line, 1, fmt, ap);
    va_end(ap);
    return rc;
}

void bdb_sink_set_version(bdb_sink *s, const char *p, const char *end)
{
    if (s->tool_version[0])
        return;
    bdb_trim(&p, &end);
    bdb_copy(s->tool_version, sizeof s->tool_version, p, end);
}

void bdb_sample_init(bdb_sample *s, const char *benchmark)
{
    memset(s, 0, sizeof *s);
    if (benchmark &&
        snprintf(s->benchmark, sizeof s->benchmark, "%s", benchmark) >=
            (int)sizeof s->benchmark)
        s->overflow |= BDB_OVER_BENCHMARK;
}

void bdb_sample_set_benchmark(bdb_sample *s, const char *p, const char *end)
{
    s->overflow &= ~BDB_OVER_BENCHMARK;
    if ((size_t)(end - p) >= sizeof s->benchmark - 1)
        s->overflow |= BDB_OVER_BENCHMARK;
    bdb_copy(s->benchmark, sizeof s->benchmark, p, end);
}

void bdb_sample_set_benchmark_text(bdb_sample *s, const char *text)
{
    bdb_sample_set_benchmark(s, text, text + strlen(text));
}

void bdb_sample_set_platform(bdb_sample *s, const char *name)
{
    s->overflow &= ~BDB_OVER_PLATFORM;
    if (snprintf(s->platform, sizeof s->platform, "%s", name) >=
        (int)sizeof s->platform)
        s->overflow |= BDB_OVER_PLATFORM;
}

static int params_put(bdb_params *ps, const char *key, const char *value,
                      int value_cut)
{
    int i;
    if (value_cut || strlen(value) >= BDB_PARAM_VALUE_MAX - 1) {
        ps->overflow |= BDB_OVER_VALUE;
        return BDB_ERANGE;
    }
    if (strlen(key) >= BDB_PARAM_KEY_MAX - 1) {
        ps->overflow |= BDB_OVER_KEY;
        return BDB_ERANGE;
    }
    for (i = 0; i < ps->n; i++) {
        int c = strcmp(ps->kv[i].key, key);
        if (c == 0) {
            snprintf(ps->kv[i].value, sizeof ps->kv[i].value, "%s", value);
            return BDB_OK;
        }
        if (c > 0)
            break;
    }
    if (ps->n >= BDB_MAX_PARAMS) {
        ps->overflow |= BDB_OVER_PARAMS;
        return BDB_ERANGE;
    }
    memmove(&ps->kv[i + 1], &ps->kv[i], (size_t)(ps->n - i) * sizeof ps->kv[0]);
    snprintf(ps->kv[i].key, sizeof ps->kv[i].key, "%s", key);
    snprintf(ps->kv[i].value, sizeof ps->kv[i].value, "%s", value);
    ps->n++;
    return BDB_OK;
}

int bdb_params_set(bdb_params *ps, const char *key, const char *fmt, ...)
{
    char value[BDB_PARAM_VALUE_MAX];
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(value, sizeof value, fmt, ap);
    va_end(ap);
    return params_put(ps, key, value, w < 0 || w >= (int)sizeof value);
}

int bdb_params_set_span(bdb_params *ps, const char *key, const char *p,
                        const char *end)
{
    char value[BDB_PARAM_VALUE_MAX];
    bdb_copy(value, sizeof value, p, end);
    return params_put(ps, key, value, (size_t)(end - p) >= sizeof value);
}

const char *bdb_params_get(const bdb_params *ps, const char *key)
{
    for (int i = 0; i < ps->n; i++)
        if (strcmp(ps->kv[i].key, key) == 0)
            return ps->kv[i].value;
    return NULL;
}

void bdb_params_del(bdb_params *ps, const char *key)
{
    for (int i = 0; i < ps->n; i++) {
        if (strcmp(ps->kv[i].key, key) == 0) {
            memmove(&ps->kv[i], &ps->kv[i + 1],
                    (size_t)(ps->n - i - 1) * sizeof ps->kv[0]);
            ps->n--;
            return;
        }
    }
}

void bdb_params_format(const bdb_params *ps, char *out, size_t outsz)
{
    size_t used = 0;
    if (!outsz)
        return;
    out[0] = '\0';
    for (int i = 0; i < ps->n && used < outsz; i++) {
        int w = snprintf(out + used, outsz - used, "%s%s=%s", i ? "," : "",
                         ps->kv[i].key, ps->kv[i].value);
        if (w < 0)
            break;
        used += (size_t)w;
    }
}
