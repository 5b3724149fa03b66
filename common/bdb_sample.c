/* bdb_sample.c - the sink that collects samples, and parameter sets. */
#include "bdb_sample.h"
#include "bdb_error.h"
#include "bdb_scan.h"
#include "bdb_utf8.h"
#include "bdb_neutral.h"
#include "bdb_grow.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
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
    bdb_ranges_free(&s->covered);
    memset(s, 0, sizeof *s);
}

void bdb_sink_reset(bdb_sink *s)
{
    s->n = 0;
    s->nnotes = 0;
    s->nrefused = 0;
    s->refused_kinds = 0;
    s->notes_dropped = 0;
    s->unread_lines = 0;
    s->covered.n = 0;
    s->ntrace = 0;
    s->at_col = 0;
    s->nomem = 0;
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
    bdb_neutral_inplace(x->benchmark, 1);
    bdb_neutral_inplace(x->metric, 1);
    bdb_neutral_inplace(x->platform, 1);
    for (int i = 0; i < x->params.n; i++) {
        bdb_neutral_inplace(x->params.kv[i].key, 1);
        bdb_neutral_inplace(x->params.kv[i].value, 1);
    }
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

/* Valid UTF-8 without a terminal control or bidi character (which the
 * parsers' names never need, and which would reach every terminal that
 * lists them; TAB and LF stay, shown neutralised): the common case, checked without copying. */
static int name_clean(const char *s)
{
    /* printable ASCII, the names of nearly every figure: one pass */
    const unsigned char *a = (const unsigned char *)s;
    while (*a >= 0x20 && *a < 0x7f)
        a++;
    if (!*a)
        return 1;
    size_t n = strlen(s);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7f || c == 0xc2 || c == 0xd8 || c == 0xe2)
            return bdb_neutral_clean(s, 1) && bdb_utf8_valid(s, n);
    }
    return bdb_utf8_valid(s, n);
}

static int names_valid(const bdb_sample *x)
{
    if (!name_clean(x->benchmark) || !name_clean(x->platform) ||
        !name_clean(x->metric))
        return 0;
    for (int i = 0; i < x->params.n; i++)
        if (!name_clean(x->params.kv[i].value) ||
            !name_clean(x->params.kv[i].key))
            return 0;
    return 1;
}

const bdb_sample *bdb_sink_vet(bdb_sink *s, const bdb_sample *in,
                               bdb_sample *fixed, int *rc)
{
    const bdb_sample *sample = in;
    *rc = BDB_OK;
    if (!names_valid(in)) {
        bdb_sample_copy(fixed, in);
        repair_names(fixed);
        sample = fixed;
    }
    /* A number at the edge of a double (1e308 MB/s) overflows to inf
     * once converted to its canonical unit: no figure to store or rank */
    if (!isfinite(sample->value)) {
        s->nrefused++;
        *rc = bdb_sink_warn(s, sample->line,
                            "figure %s not stored: %g is not a finite "
                            "number in %s",
                            sample->metric, sample->value,
                            sample->unit ? sample->unit : "its unit");
        return NULL;
    }
    int over = overflow_of(sample);
    if (over) {
        s->nrefused++;
        /* One warning per kind and file is enough to say what happened. */
        if (!(s->refused_kinds & over)) {
            s->refused_kinds |= over;
            *rc = bdb_sink_warn(s, sample->line,
                                "figure %s not stored: %s (names are never "
                                "cut, cut names would merge)",
                                sample->metric, bdb_overflow_text(over));
        }
        return NULL;
    }
    return sample;
}

int bdb_sink_deliver(bdb_sink *s, const bdb_sample *sample)
{
    if (sample->trace) {
        int rc = BDB_OK;
        if (s->consumer && s->consumer->take_trace)
            rc = s->consumer->take_trace(s->consumer->ctx, sample);
        if (!rc)
            s->ntrace++;
        return rc;
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
        bdb_sample *p = bdb_grow(s->samples, s->n, &s->cap, sizeof *p, 64);
        if (!p)
            return BDB_ENOMEM;
        s->samples = p;
    }
    bdb_sample *kept = &s->samples[s->n++];
    bdb_sample_copy(kept, sample);
    kept->ref = NULL;   /* the identity lives only while the parse runs */
    return BDB_OK;
}

int bdb_sink_emit(bdb_sink *s, const bdb_sample *in)
{
    bdb_sample fixed;
    int rc;
    const bdb_sample *sample = bdb_sink_vet(s, in, &fixed, &rc);
    return sample ? bdb_sink_deliver(s, sample) : rc;
}

void bdb_sample_copy_params(bdb_params *dst, const bdb_params *src)
{
    int n = src->n < 0 ? 0 : src->n > BDB_MAX_PARAMS ? BDB_MAX_PARAMS : src->n;
    memcpy(dst, src, offsetof(bdb_params, kv) + (size_t)n * sizeof src->kv[0]);
}

void bdb_sample_copy(bdb_sample *dst, const bdb_sample *src)
{
    int n = src->params.n;
    if (n < 0)
        n = 0;
    if (n > BDB_MAX_PARAMS)
        n = BDB_MAX_PARAMS;
    memcpy(dst, src, offsetof(bdb_sample, params.kv) +
                         (size_t)n * sizeof src->params.kv[0]);
}

/* base with metric, value, unit, better and line set, into *tmp. */
static void sample_of(bdb_sample *tmp, const bdb_sample *base,
                      const char *metric, double value, const char *unit,
                      bdb_better better, int line)
{
    bdb_sample_copy(tmp, base);
    size_t n = strlen(metric);
    if (n >= sizeof tmp->metric) {
        tmp->overflow |= BDB_OVER_METRIC;
        n = sizeof tmp->metric - 1;
    }
    memcpy(tmp->metric, metric, n);
    tmp->metric[n] = '\0';
    tmp->value = value;
    tmp->unit = unit;
    tmp->better = better;
    tmp->line = line;
}

int bdb_sink_add(bdb_sink *s, const bdb_sample *base, const char *metric,
                 double value, const char *unit, bdb_better better, int line)
{
    bdb_sample tmp;
    sample_of(&tmp, base, metric, value, unit, better, line);
    tmp.col = s->at_col;
    s->at_col = 0;
    return bdb_sink_emit(s, &tmp);
}

int bdb_sink_trace(bdb_sink *s, const bdb_sample *base, const char *metric,
                   const bdb_trace *t, double value, const char *unit,
                   bdb_better better, int line)
{
    bdb_sample tmp;
    sample_of(&tmp, base, metric, value, unit, better, line);
    tmp.col = s->at_col;
    s->at_col = 0;
    tmp.trace = t;
    tmp.repetition = 0;
    return bdb_sink_emit(s, &tmp);
}

void bdb_trace_set(bdb_trace *t, const char *what, const char *label,
                   double start, double end)
{
    snprintf(t->what, sizeof t->what, "%s", what ? what : "");
    snprintf(t->label, sizeof t->label, "%s", label ? label : "");
    t->start = start;
    t->end = end;
    t->seq = 0;
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
        if (!p) {
            s->nomem = 1;
            return BDB_ENOMEM;
        }
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

int bdb_sink_cover(bdb_sink *s, int from, int to)
{
    return bdb_ranges_add(&s->covered, from, to);
}

int bdb_sink_info(bdb_sink *s, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = sink_note(s, line, 1, fmt, ap);
    va_end(ap);
    return rc;
}

int bdb_sink_option_note(bdb_sink *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = sink_note(s, 0, BDB_NOTE_OPTION, fmt, ap);
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
    /* the parameter slots are filled as parameters are set: clearing
     * them (3 KB) cost more than anything else in a row of a CSV */
    memset(s, 0, offsetof(bdb_sample, params.kv));
    if (benchmark) {
        size_t n = strlen(benchmark);
        if (n >= sizeof s->benchmark) {
            s->overflow |= BDB_OVER_BENCHMARK;
            n = sizeof s->benchmark - 1;
        }
        memcpy(s->benchmark, benchmark, n);
    }
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

/* Copies text of length n (< size) into field. */
static void set_field(char *field, const char *text, size_t n)
{
    memcpy(field, text, n);
    field[n] = '\0';
}

static int params_put(bdb_params *ps, const char *key, const char *value,
                      int value_cut)
{
    int i;
    size_t vn = strlen(value), kn = strlen(key);
    if (value_cut || vn >= BDB_PARAM_VALUE_MAX - 1) {
        ps->overflow |= BDB_OVER_VALUE;
        return BDB_ERANGE;
    }
    if (kn >= BDB_PARAM_KEY_MAX - 1) {
        ps->overflow |= BDB_OVER_KEY;
        return BDB_ERANGE;
    }
    for (i = 0; i < ps->n; i++) {
        int c = strcmp(ps->kv[i].key, key);
        if (c == 0) {
            set_field(ps->kv[i].value, value, vn);
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
    set_field(ps->kv[i].key, key, kn);
    set_field(ps->kv[i].value, value, vn);
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

/* Appends [p, p+n) to out at *used, cut to what fits outsz - 1 bytes. */
static void put(char *out, size_t outsz, size_t *used, const char *p, size_t n)
{
    if (*used + n >= outsz)
        n = outsz - 1 - *used;
    memcpy(out + *used, p, n);
    *used += n;
}

size_t bdb_params_format(const bdb_params *ps, char *out, size_t outsz)
{
    size_t used = 0;
    if (!outsz)
        return 0;
    /* memcpy, not snprintf: this runs for every figure of an import */
    for (int i = 0; i < ps->n && used + 1 < outsz; i++) {
        if (i)
            put(out, outsz, &used, ",", 1);
        put(out, outsz, &used, ps->kv[i].key, strlen(ps->kv[i].key));
        put(out, outsz, &used, "=", 1);
        put(out, outsz, &used, ps->kv[i].value, strlen(ps->kv[i].value));
    }
    out[used] = '\0';
    return used;
}
