/* summary.c - hand-grepped summaries of a tool's output (see summary.h). */
#include "summary.h"
#include "../common/bdb_error.h"
#include "../common/bdb_scan.h"
#include "../common/bdb_units.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#define MAX_TOKENS 32

typedef struct token {
    int capture;            /* 1: {name}, 0: literal */
    const char *p;          /* the name or the literal text */
    size_t n;
} token;

typedef struct compiled {
    token t[MAX_TOKENS];
    int n;
    double mult;            /* to the canonical unit */
    const char *unit;
    bdb_better better;
} compiled;

/* The tool's meaning of a bare K/M/G in byte units (see each parser's
 * header: ab, wrk and hdparm count in 1024s; openssl speed, dd and fio's
 * "kB" in 1000s). Bits are always decimal. */
static int tool_base(const char *tool)
{
    static const char *const binary[] = {"ab", "wrk", "hdparm", "iperf",
                                         "iperf3", NULL};
    for (const char *const *b = binary; tool && *b; b++)
        if (strcmp(tool, *b) == 0)
            return 1024;
    return 1000;
}

static int convert(const char *tool, const char *u, compiled *c)
{
    static const struct {
        const char *name, *unit;
        double mult;
    } fixed[] = {
        {"#/sec", BDB_UNIT_OPS_PER_S, 1}, {"[#/sec]", BDB_UNIT_OPS_PER_S, 1},
        {"requests per second", BDB_UNIT_OPS_PER_S, 1},
        {"req/s", BDB_UNIT_OPS_PER_S, 1}, {"op/s", BDB_UNIT_OPS_PER_S, 1},
        {"ops/s", BDB_UNIT_OPS_PER_S, 1}, {"iops", BDB_UNIT_OPS_PER_S, 1},
        {"count", BDB_UNIT_COUNT, 1}, {"%", BDB_UNIT_PERCENT, 1},
    };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (strcasecmp(u, fixed[i].name) == 0) {
            c->unit = fixed[i].unit;
            c->mult = fixed[i].mult;
            c->better = strcmp(c->unit, BDB_UNIT_OPS_PER_S) == 0
                            ? BDB_HIGHER_IS_BETTER : BDB_NEUTRAL;
            return 0;
        }
    const char *end = u + strlen(u);
    double secs;
    if (bdb_units_time(u, end, &secs) == 0) {
        c->unit = BDB_UNIT_SECONDS;
        c->mult = secs;
        c->better = BDB_LOWER_IS_BETTER;
        return 0;
    }
    int rate = 0;
    static const char *const tails[] = {"/s", "/sec", "ps"};
    for (size_t i = 0; i < 3; i++) {
        size_t n = strlen(tails[i]);
        if ((size_t)(end - u) > n && strcmp(end - n, tails[i]) == 0)
            rate = 1;
    }
    double mult;
    int bits;
    if (bdb_units_size(u, end, tool_base(tool), &mult, &bits) == 0) {
        if (bits && bdb_units_size(u, end, 1000, &mult, &bits) != 0)
            return -1;
        if (!rate && bits)
            return -1;
        c->mult = mult;
        c->unit = rate ? (bits ? BDB_UNIT_BITS_PER_S : BDB_UNIT_BYTES_PER_S)
                       : BDB_UNIT_BYTES;
        c->better = rate ? BDB_HIGHER_IS_BETTER : BDB_NEUTRAL;
        return 0;
    }
    return -1;
}

static int valid_name(const char *p, size_t n)
{
    if (n == 0 || n >= BDB_PARAM_KEY_MAX - 1)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!((p[i] >= 'a' && p[i] <= 'z') || (p[i] >= 'A' && p[i] <= 'Z') ||
              (p[i] >= '0' && p[i] <= '9') || p[i] == '_'))
            return 0;
    return 1;
}

static int compile(const bdb_summary_opts *o, compiled *c, char *why,
                   size_t whysz)
{
    memset(c, 0, sizeof *c);
    if (!o->pattern || !o->tool || !o->metric || !o->unit) {
        snprintf(why, whysz, "--summary needs --tool, --metric and --unit");
        return -1;
    }
    int values = 0;
    for (const char *p = o->pattern; *p;) {
        if (c->n == MAX_TOKENS) {
            snprintf(why, whysz, "more than %d parts in the pattern", MAX_TOKENS);
            return -1;
        }
        token *t = &c->t[c->n];
        if (*p == '{') {
            const char *close = strchr(p, '}');
            if (!close || !valid_name(p + 1, (size_t)(close - p - 1))) {
                snprintf(why, whysz, "bad {name} at offset %d of the pattern",
                         (int)(p - o->pattern));
                return -1;
            }
            if (c->n && c->t[c->n - 1].capture) {
                snprintf(why, whysz, "two captures side by side at offset %d: "
                         "put a literal between them", (int)(p - o->pattern));
                return -1;
            }
            t->capture = 1;
            t->p = p + 1;
            t->n = (size_t)(close - p - 1);
            values += t->n == 5 && memcmp(t->p, "value", 5) == 0;
            p = close + 1;
        } else {
            const char *q = p;
            while (*q && *q != '{')
                q++;
            t->p = p;
            t->n = (size_t)(q - p);
            p = q;
        }
        c->n++;
    }
    if (values != 1) {
        snprintf(why, whysz, "the pattern needs exactly one {value}");
        return -1;
    }
    if (convert(o->tool, o->unit, c)) {
        snprintf(why, whysz, "unknown unit '%s' for %s", o->unit, o->tool);
        return -1;
    }
    return 0;
}

int bdb_summary_check(const bdb_summary_opts *o, char *why, size_t whysz)
{
    compiled c;
    return compile(o, &c, why, whysz);
}

/* Matches a literal: a run of white space in it matches any run of white
 * space (or none) in the line. Returns the end of the match or NULL. */
static const char *match_literal(const token *t, const char *s, const char *end)
{
    const char *p = t->p, *pe = t->p + t->n;
    while (p < pe) {
        if (*p == ' ' || *p == '\t') {
            while (p < pe && (*p == ' ' || *p == '\t'))
                p++;
            while (s < end && (*s == ' ' || *s == '\t'))
                s++;
            continue;
        }
        if (s >= end || *s != *p)
            return NULL;
        s++;
        p++;
    }
    return s;
}

typedef struct span {
    const char *p, *end;
} span;

/* Each capture stops at the first place where the next literal matches;
 * the last one takes the rest of the line. Linear in the line. */
static int match_line(const compiled *c, const char *s, const char *end,
                      span *caps)
{
    for (int i = 0; i < c->n; i++) {
        const token *t = &c->t[i];
        if (!t->capture) {
            s = match_literal(t, s, end);
            if (!s)
                return 0;
            continue;
        }
        const char *start = s;
        if (i + 1 == c->n) {
            s = end;
        } else {
            /* non-empty: the literal is looked for after the first byte */
            const char *m = NULL;
            for (s = start + 1;
                 s <= end && !(m = match_literal(&c->t[i + 1], s, end)); s++)
                ;
            if (!m)
                return 0;
        }
        if (s == start)
            return 0;
        caps[i].p = start;
        caps[i].end = s;
    }
    return s == end;
}

static int is_url(const char *p, const char *end)
{
    return bdb_find(p, end, "://") != NULL;
}

int bdb_summary_parse(const char *buf, size_t len, const bdb_summary_opts *o,
                      bdb_sink *out, bdb_diag *diag)
{
    compiled c;
    char why[200];
    if (compile(o, &c, why, sizeof why))
        return bdb_diag_set(diag, BDB_EUSAGE, 0, "%s", why);
    char url[BDB_PARAM_VALUE_MAX] = "", section[BDB_PARAM_VALUE_MAX] = "";
    bdb_lines it;
    bdb_line l;
    bdb_lines_init(&it, buf, len);
    span caps[MAX_TOKENS];
    while (bdb_lines_next(&it, &l)) {
        const char *p = l.p, *end = l.end;
        bdb_trim_blank(&p, &end);
        if (p == end)
            continue;
        if (!match_line(&c, p, end, caps)) {
            /* starts like the pattern: a figure that could not be read */
            if (!c.t[0].capture && match_literal(&c.t[0], p, end)) {
                int rc = bdb_sink_warn(out, l.no, "expected a line like '%s' "
                                       "with a number for {value}", o->pattern);
                if (rc)
                    return bdb_diag_set(diag, rc, l.no, "out of memory");
                continue;
            }
            if (is_url(p, end)) {
                bdb_copy(url, sizeof url, p, end);
                section[0] = '\0';
            } else {
                bdb_copy(section, sizeof section, p, end);
            }
            continue;
        }
        bdb_sample s;
        bdb_sample_init(&s, NULL);
        double v = 0;
        int ok = 1;
        for (int i = 0; i < c.n && ok; i++) {
            if (!c.t[i].capture)
                continue;
            char name[BDB_PARAM_KEY_MAX];
            bdb_copy(name, sizeof name, c.t[i].p, c.t[i].p + c.t[i].n);
            if (strcmp(name, "value") == 0) {
                const char *q = caps[i].p;
                ok = bdb_scan_number(&q, caps[i].end, &v,
                                     BDB_SCAN_DECIMAL_COMMA) &&
                     bdb_skip_blank(q, caps[i].end) == caps[i].end;
            } else if (strcmp(name, "benchmark") == 0) {
                bdb_sample_set_benchmark(&s, caps[i].p, caps[i].end);
            } else {
                bdb_params_set_span(&s.params, name, caps[i].p, caps[i].end);
            }
        }
        if (!ok) {
            int rc = bdb_sink_warn(out, l.no, "expected a number for {value} "
                                   "in '%s'", o->pattern);
            if (rc)
                return bdb_diag_set(diag, rc, l.no, "out of memory");
            continue;
        }
        if (url[0])
            bdb_params_set(&s.params, "url", "%s", url);
        if (section[0])
            bdb_params_set(&s.params, "section", "%s", section);
        int rc = bdb_sink_add(&out[0], &s, o->metric, v * c.mult, c.unit,
                              c.better, l.no);
        if (rc)
            return bdb_diag_set(diag, rc, l.no, "%s", bdb_strerror(rc));
    }
    return BDB_OK;
}
