/* parse_results_csv.c - the generic results CSV: figures that exist only as
 * published numbers (an article's table), or from tools benchdb does not
 * parse yet.
 *
 * Header row (any order, names case-insensitive):
 *   platform, tool, benchmark, metric, value, unit      required
 *   parameters   "k=v;k=v" (';' or '|' between pairs)   optional
 *   repetition   1-based integer                        optional
 *   better       higher | lower | neutral               optional
 *   source       where the figure was published         optional
 * Units are converted to the canonical ones. Prefixes are decimal (SI):
 * "MB/s" is 10^6 bytes/s, "Gbit/s" 10^9 bits/s; binary prefixes say so
 * ("MiB/s" = 2^20 bytes/s). Accepted: B/s kB/s MB/s GB/s KiB/s MiB/s GiB/s
 * (also "/sec"), bit/s kbit/s Mbit/s Gbit/s (also "bits/sec", "bps"),
 * B KB MB GB KiB MiB GiB, s ms us ns min h, op/s ops/s req/s IOPS,
 * count, %. Without a better column, rates are higher-is-better, times
 * lower-is-better, the rest neutral. The source column is kept as a
 * provenance note on the row's line.
 *
 * benchdb's own format, so a bad row fails the file (with its line): a
 * value that is not a finite number or is negative (but for %), one that
 * overflows when converted, a cell longer than the sample keeps, a
 * parameter that is not k=v or is too long. A header that names a column
 * twice or has more than MAX_COLS columns fails the file. Nothing is cut
 * or dropped silently. */
#include "ingest.h"
#include "../common/bdb_scan.h"
#include "csv_lines.h"

#include <csv.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

enum { C_PLATFORM, C_TOOL, C_BENCH, C_METRIC, C_VALUE, C_UNIT, C_PARAMS,
       C_REP, C_BETTER, C_SOURCE, C_COUNT };
static const char *const col_names[C_COUNT] = {
    "platform", "tool", "benchmark", "metric", "value", "unit", "parameters",
    "repetition", "better", "source"};

#define MAX_COLS 32

typedef struct unit_conv {
    const char *unit;   /* canonical */
    double mult;
    bdb_better better;
} unit_conv;


typedef struct rcsv {
    int header_done;
    int map[MAX_COLS];
    int ncols;
    int col;
    int line, cur_line;
    char cell[C_COUNT][BDB_BENCHMARK_MAX];
    size_t cell_len[C_COUNT];   /* the cell's length before any cut */
    int have[C_COUNT];
    bdb_sink *out;
    bdb_diag *diag;
    int rc;
    /* the last row's unit and parameters, as read: rows of one series
     * follow each other, and reading them again cost more than the rest
     * of the row */
    char last_unit[BDB_BENCHMARK_MAX];
    unit_conv last_conv;
    int have_unit;
    char last_params[BDB_BENCHMARK_MAX];
    bdb_params params;
    int have_params;
} rcsv;

static int sniff(const char *buf, size_t len)
{
    bdb_lines it;
    bdb_line l;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &l)) {
        if (bdb_is_blank(l.p, l.end))
            continue;
        int hits = 0;
        static const char *const need[] = {"platform", "tool", "benchmark",
                                           "metric", "value", "unit"};
        for (size_t i = 0; i < 6; i++)
            hits += bdb_contains(l.p, l.end, need[i]);
        return hits == 6 && bdb_contains(l.p, l.end, ",") ? 90 : 0;
    }
    return 0;
}

static int convert_unit(const char *u, unit_conv *c)
{
    static const struct { const char *name, *unit; double mult; } fixed[] = {
        {"op/s", BDB_UNIT_OPS_PER_S, 1}, {"ops/s", BDB_UNIT_OPS_PER_S, 1},
        {"req/s", BDB_UNIT_OPS_PER_S, 1}, {"requests/s", BDB_UNIT_OPS_PER_S, 1},
        {"iops", BDB_UNIT_OPS_PER_S, 1}, {"count", BDB_UNIT_COUNT, 1},
        {"%", BDB_UNIT_PERCENT, 1}, {"bps", BDB_UNIT_BITS_PER_S, 1},
        {"kbps", BDB_UNIT_BITS_PER_S, 1e3}, {"mbps", BDB_UNIT_BITS_PER_S, 1e6},
        {"gbps", BDB_UNIT_BITS_PER_S, 1e9},
    };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        if (strcasecmp(u, fixed[i].name) == 0) {
            c->unit = fixed[i].unit;
            c->mult = fixed[i].mult;
            c->better = strcmp(c->unit, BDB_UNIT_OPS_PER_S) == 0
                            ? BDB_HIGHER_IS_BETTER
                            : strcmp(c->unit, BDB_UNIT_BITS_PER_S) == 0
                                  ? BDB_HIGHER_IS_BETTER
                                  : BDB_NEUTRAL;
            return 0;
        }
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
    const char *tails[] = {"/s", "/sec", "ps"};
    for (size_t i = 0; i < 3; i++) {
        size_t n = strlen(tails[i]);
        if ((size_t)(end - u) > n && strcmp(end - n, tails[i]) == 0)
            rate = 1;
    }
    double mult;
    int bits;
    if (bdb_units_size(u, end, 1000, &mult, &bits) == 0) {
        c->mult = mult;
        if (rate) {
            c->unit = bits ? BDB_UNIT_BITS_PER_S : BDB_UNIT_BYTES_PER_S;
            c->better = BDB_HIGHER_IS_BETTER;
        } else {
            if (bits)
                return -1; /* a number of bits is not a canonical quantity */
            c->unit = BDB_UNIT_BYTES;
            c->better = BDB_NEUTRAL;
        }
        return 0;
    }
    return -1;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
/* A row that cannot be read is a warning at its line; the other rows
 * land. Only out of memory stops the parse. Returns -1, for callers that
 * say "this row is refused" with it. */
static int row_fail(rcsv *r, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int rc = bdb_sink_warn(r->out, r->line, "%s", msg);
    if (rc && !r->rc)
        r->rc = bdb_diag_set(r->diag, rc, r->line, "%s", bdb_strerror(rc));
    return -1;  /* the row is refused; r->rc says whether the parse goes on */
}

/* A header that cannot be read ends the parse: no row can be. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int header_fail(rcsv *r, const char *fmt, ...)
{
    if (!r->rc) {
        char msg[400];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        r->rc = bdb_diag_set(r->diag, BDB_EPARSE, r->line, "%s", msg);
    }
    return r->rc;
}

/* How long each column's text may be: what the sample (or the note, for
 * the source) holds. A longer cell fails the row instead of being cut. */
static size_t cell_max(int k)
{
    static const char prefix[] = "published in: ";
    switch (k) {
    case C_PLATFORM: return sizeof(((bdb_sample *)0)->platform) - 1;
    case C_TOOL: return sizeof(((bdb_sample *)0)->tool) - 1;
    case C_METRIC: return BDB_METRIC_MAX - 1;
    case C_SOURCE:
        return sizeof(((bdb_note *)0)->text) - 1 - (sizeof prefix - 1);
    default: return BDB_BENCHMARK_MAX - 1;
    }
}

/* "k=v;k=v" (or '|' between pairs) into ps; 0, or fails the row. */
static int parse_params(rcsv *r, const char *text, bdb_params *ps)
{
    const char *p = text, *end = text + strlen(text);
    while (p < end) {
        const char *sep = p;
        while (sep < end && *sep != ';' && *sep != '|')
            sep++;
        const char *k = p, *kend = sep;
        bdb_trim(&k, &kend);
        if (k < kend) {
            const char *eq = memchr(k, '=', (size_t)(kend - k));
            const char *ke = eq, *val = eq ? eq + 1 : NULL, *vend = kend;
            if (eq)
                bdb_trim(&k, &ke);
            if (!eq || ke == k)
                return row_fail(r, "parameter '%.*s' is not k=v",
                                (int)(kend - k), k);
            bdb_trim(&val, &vend);
            if ((size_t)(ke - k) >= BDB_PARAM_KEY_MAX ||
                (size_t)(vend - val) >= BDB_PARAM_VALUE_MAX)
                return row_fail(r, "parameter '%.*s' is longer than benchdb "
                                   "keeps (%d bytes of key, %d of value)",
                                (int)(kend - k > 80 ? 80 : kend - k), k,
                                BDB_PARAM_KEY_MAX - 1, BDB_PARAM_VALUE_MAX - 1);
            char key[BDB_PARAM_KEY_MAX];
            bdb_copy(key, sizeof key, k, ke);
            if (bdb_params_set_span(ps, key, val, vend))
                return row_fail(r, "more than %d parameters in '%s'",
                                BDB_MAX_PARAMS, text);
        }
        p = sep + 1;
    }
    return 0;
}

static void emit_row(rcsv *r)
{
    for (int k = 0; k < C_PARAMS; k++)
        if (!r->have[k] || !r->cell[k][0]) {
            row_fail(r, "empty %s (every row needs platform, tool, benchmark, "
                        "metric, value and unit)", col_names[k]);
            return;
        }
    for (int k = 0; k < C_COUNT; k++)
        if (r->have[k] && r->cell_len[k] > cell_max(k)) {
            row_fail(r, "%s: %zu bytes, more than the %zu benchdb keeps",
                     col_names[k], r->cell_len[k], cell_max(k));
            return;
        }
    bdb_sample s;
    bdb_sample_init(&s, r->cell[C_BENCH]);
    bdb_strlcpy(s.tool, sizeof s.tool, r->cell[C_TOOL]);
    bdb_strlcpy(s.platform, sizeof s.platform, r->cell[C_PLATFORM]);
    const char *p = r->cell[C_VALUE], *end = p + strlen(p);
    double v;
    /* bdb_scan_number refuses nan, inf and what overflows a double */
    if (!bdb_scan_number(&p, end, &v, 0) || bdb_skip_ws(p, end) != end) {
        row_fail(r, "value '%s' is not a number", r->cell[C_VALUE]);
        return;
    }
    unit_conv uc;
    if (r->have_unit && strcmp(r->last_unit, r->cell[C_UNIT]) == 0) {
        uc = r->last_conv;
    } else if (convert_unit(r->cell[C_UNIT], &uc)) {
        row_fail(r, "unknown unit '%s' (see `benchdb import --help`: B/s, "
                    "MB/s, MiB/s, Gbit/s, s, ms, op/s, count, %% ...)",
                 r->cell[C_UNIT]);
        return;
    } else {
        memcpy(r->last_unit, r->cell[C_UNIT], sizeof r->last_unit);
        r->last_conv = uc;
        r->have_unit = 1;
    }
    bdb_better better = uc.better;
    if (r->have[C_BETTER] && r->cell[C_BETTER][0]) {
        const char *b = r->cell[C_BETTER];
        if (strcasecmp(b, "higher") == 0)
            better = BDB_HIGHER_IS_BETTER;
        else if (strcasecmp(b, "lower") == 0)
            better = BDB_LOWER_IS_BETTER;
        else if (strcasecmp(b, "neutral") == 0)
            better = BDB_NEUTRAL;
        else {
            row_fail(r, "better must be higher, lower or neutral, not '%s'", b);
            return;
        }
    }
    if (r->have[C_PARAMS] && r->cell[C_PARAMS][0]) {
        if (r->have_params && strcmp(r->last_params, r->cell[C_PARAMS]) == 0) {
            bdb_sample_copy_params(&s.params, &r->params);
        } else {
            if (parse_params(r, r->cell[C_PARAMS], &s.params))
                return;
            /* only a set read whole is reused: a bad one warns each row */
            memcpy(r->last_params, r->cell[C_PARAMS], sizeof r->last_params);
            bdb_sample_copy_params(&r->params, &s.params);
            r->have_params = 1;
        }
    }
    if (r->have[C_REP] && r->cell[C_REP][0]) {
        const char *q = r->cell[C_REP], *qe = q + strlen(q);
        long long rep;
        if (!bdb_scan_int(&q, qe, &rep) || q != qe || rep < 1 || rep > 1000000) {
            row_fail(r, "repetition '%s' is not a positive integer",
                     r->cell[C_REP]);
            return;
        }
        s.repetition = (int)rep;
    }
    /* a rate, a time, a size or a count below zero is a typo; a
     * percentage may be a change */
    if (v < 0 && strcmp(uc.unit, BDB_UNIT_PERCENT) != 0) {
        row_fail(r, "value %s %s is negative", r->cell[C_VALUE],
                 r->cell[C_UNIT]);
        return;
    }
    double canonical = v * uc.mult;
    if (!isfinite(canonical)) {
        row_fail(r, "value %s %s overflows in %s", r->cell[C_VALUE],
                 r->cell[C_UNIT], uc.unit);
        return;
    }
    int rc = bdb_sink_add(r->out, &s, r->cell[C_METRIC], canonical, uc.unit,
                          better, r->line);
    if (!rc && r->have[C_SOURCE] && r->cell[C_SOURCE][0])
        rc = bdb_sink_info(r->out, r->line, "published in: %s",
                           r->cell[C_SOURCE]);
    if (rc && !r->rc)
        r->rc = bdb_diag_set(r->diag, rc, r->line, "%s", bdb_strerror(rc));
}

static void on_field(void *data, size_t n, void *ctx)
{
    rcsv *r = ctx;
    const char *s = data ? data : "";
    if (r->col == 0) {
        r->line = r->cur_line;
        memset(r->have, 0, sizeof r->have);
    }
    int c = r->col++;
    if (c >= MAX_COLS)
        return;
    const char *p = s, *end = s + n;
    bdb_trim(&p, &end);
    if (!r->header_done) {
        r->map[c] = -1;
        for (int k = 0; k < C_COUNT; k++)
            if ((size_t)(end - p) == strlen(col_names[k]) &&
                strncasecmp(p, col_names[k], (size_t)(end - p)) == 0)
                r->map[c] = k;
        r->ncols = c + 1;
        return;
    }
    if (c < r->ncols && r->map[c] >= 0) {
        bdb_copy(r->cell[r->map[c]], sizeof r->cell[0], p, end);
        r->cell_len[r->map[c]] = (size_t)(end - p);
        r->have[r->map[c]] = 1;
    }
}

static void on_row(int term, void *ctx)
{
    (void)term;
    rcsv *r = ctx;
    int ncells = r->col;
    r->col = 0;
    if (r->rc)
        return;
    if (!r->header_done) {
        r->header_done = 1;
        if (ncells > MAX_COLS) {
            header_fail(r, "the header has %d columns, more than the %d benchdb "
                        "reads", ncells, MAX_COLS);
            return;
        }
        int seen[C_COUNT] = {0};
        for (int c = 0; c < r->ncols && c < MAX_COLS; c++)
            if (r->map[c] >= 0 && seen[r->map[c]]++) {
                header_fail(r, "the header names column '%s' twice",
                         col_names[r->map[c]]);
                return;
            }
        for (int k = 0; k < C_PARAMS; k++) {
            int found = 0;
            for (int c = 0; c < r->ncols && c < MAX_COLS; c++)
                found |= r->map[c] == k;
            if (!found)
                header_fail(r, "the header has no '%s' column", col_names[k]);
        }
        return;
    }
    if (ncells != r->ncols) {
        row_fail(r, "%d fields where the header has %d", ncells, r->ncols);
        return;
    }
    emit_row(r);
}

static int parse(const char *buf, size_t len, const bdb_parse_opts *opts,
                 bdb_sink *out, bdb_diag *diag)
{
    (void)opts;
    rcsv r;
    memset(&r, 0, sizeof r);
    r.out = out;
    r.diag = diag;
    int rc = bdb_csv_feed_lines(buf, len, CSV_APPEND_NULL, on_field, on_row,
                                &r, &r.cur_line, &r.rc, diag);
    if (rc)
        return rc;
    if (!r.rc && !r.header_done)
        r.rc = bdb_diag_set(diag, BDB_EPARSE, 1, "no header row");
    return r.rc;
}

const bdb_parser bdb_parser_results_csv = {"results-csv", 1, sniff, parse, 0,
                                           1, 0};
