/* platform_csv.c - platforms.csv through libcsv (see platform_csv.h).
 *
 * A row is good or bad as a whole: a number that is not one (nan, inf and
 * overflow included), a count that is not a whole number from 1, a power,
 * price or clock that is not above 0, or a text longer than its field
 * makes the row bad with the column named; import then takes none of the
 * file. Header problems (no name column, a column twice, more columns than
 * MAX_COLS) fail the file. */
#include "platform_csv.h"
#include "../common/bdb_error.h"
#include "../common/bdb_scan.h"
#include "csv_lines.h"

#include <csv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { COL_NAME, COL_ARCH, COL_CPU, COL_CORES, COL_THREADS, COL_FREQ,
       COL_MEM, COL_OS, COL_KERNEL, COL_PRICE, COL_POWER, COL_IDLE,
       COL_RENT, COL_NOTES, COL_PCUR, COL_PDATE, COL_PSRC, COL_RENTH,
       COL_COUNT, COL_IGNORED = -1 };

static const char *const col_names[COL_COUNT] = {
    "name", "arch", "cpu", "cores", "threads", "freq_mhz", "memory_gb", "os",
    "kernel", "price_usd", "power_w", "idle_power_w", "rent_usd_month",
    "notes", "price_currency", "price_date", "price_source", "rent_usd_hour"};

#define MAX_COLS 64

typedef struct reader {
    int header_done;
    int map[MAX_COLS];
    int ncols;
    int col;
    int line;           /* line where the current row started */
    int cur_line;       /* line of the parser's position */
    bdb_platform p;
    char bad[200];
    int (*row_cb)(const bdb_platform *, int, void *);
    int (*bad_cb)(int, const char *, void *);
    void *ctx;
    int stop;
    int header_error;
    char header_why[400];
} reader;

/* What a number column may hold: counts are whole numbers from 1, the
 * rest positive (0 W, $0 or 0 MHz is a blank written as 0, and would make
 * a per-watt or per-dollar figure infinite). */
enum { NUM_COUNT, NUM_POSITIVE };

static void set_number(reader *r, double *dst, const char *s, size_t n,
                       const char *col, int kind)
{
    const char *p = s, *end = s + n;
    bdb_trim(&p, &end);
    if (p == end)
        return;
    double v;
    const char *q = p;
    /* bdb_scan_number refuses nan, inf and what overflows a double */
    if (!bdb_scan_number(&q, end, &v, 0) || bdb_skip_ws(q, end) != end) {
        if (!r->bad[0])
            snprintf(r->bad, sizeof r->bad, "column %s: '%.*s' is not a number",
                     col, (int)(end - p > 60 ? 60 : end - p), p);
        return;
    }
    if (kind == NUM_COUNT ? !(v >= 1 && v <= 1e9 && v == floor(v)) : !(v > 0)) {
        if (!r->bad[0])
            snprintf(r->bad, sizeof r->bad, "column %s: '%.*s' %s", col,
                     (int)(end - p > 60 ? 60 : end - p), p,
                     kind == NUM_COUNT ? "is not a whole number from 1"
                                       : "is not above 0 (leave the cell "
                                         "empty when it is unknown)");
        return;
    }
    *dst = v;
}

/* Text that does not fit its field makes the row bad rather than cut: a
 * cut name would silently become another platform. */
static void set_text(reader *r, char *dst, size_t dstsz, const char *s,
                     size_t n, const char *col)
{
    const char *p = s, *end = s + n;
    bdb_trim(&p, &end);
    if ((size_t)(end - p) >= dstsz) {
        if (r && !r->bad[0])
            snprintf(r->bad, sizeof r->bad,
                     "column %s: %zu bytes, more than the %zu it can hold", col,
                     (size_t)(end - p), dstsz - 1);
        /* the row is refused (r->bad); dst is left "", never unset: a
         * caller reads it (the arch column's, through a scratch copy) */
        bdb_copy(dst, dstsz, p, p);
        return;
    }
    bdb_copy(dst, dstsz, p, end);
}

static void on_field(void *data, size_t n, void *ctx)
{
    reader *r = ctx;
    const char *s = data ? data : "";
    if (r->col == 0) {
        r->line = r->cur_line;
        bdb_platform_clear(&r->p);
        r->bad[0] = '\0';
    }
    int c = r->col++;
    if (!r->header_done) {
        if (c >= MAX_COLS)
            return; /* refused in on_row */
        char name[64];
        set_text(NULL, name, sizeof name, s, n, "");
        for (char *q = name; *q; q++)
            if (*q >= 'A' && *q <= 'Z')
                *q = (char)(*q - 'A' + 'a');
        r->map[c] = COL_IGNORED;
        for (int k = 0; k < COL_COUNT; k++)
            if (strcmp(name, col_names[k]) == 0)
                r->map[c] = k;
        r->ncols = c + 1;
        return;
    }
    if (c >= r->ncols || c >= MAX_COLS)
        return;
    bdb_platform *p = &r->p;
#define TEXT(field, col) set_text(r, p->field, sizeof p->field, s, n, col)
    switch (r->map[c]) {
    case COL_NAME: TEXT(name, "name"); break;
    case COL_ARCH: {
        char tmp[32];
        set_text(r, tmp, sizeof tmp, s, n, "arch");
        if (tmp[0])
            bdb_platform_canonical_arch(tmp, p->arch, sizeof p->arch);
        break;
    }
    case COL_CPU: TEXT(cpu, "cpu"); break;
    case COL_CORES: set_number(r, &p->cores, s, n, "cores", NUM_COUNT); break;
    case COL_THREADS: set_number(r, &p->threads, s, n, "threads", NUM_COUNT); break;
    case COL_FREQ: set_number(r, &p->freq_mhz, s, n, "freq_mhz", NUM_POSITIVE); break;
    case COL_MEM: set_number(r, &p->memory_gb, s, n, "memory_gb", NUM_POSITIVE); break;
    case COL_OS: TEXT(os, "os"); break;
    case COL_KERNEL: TEXT(kernel, "kernel"); break;
    case COL_PRICE: set_number(r, &p->price_usd, s, n, "price_usd", NUM_POSITIVE); break;
    case COL_POWER: set_number(r, &p->power_w, s, n, "power_w", NUM_POSITIVE); break;
    case COL_IDLE: set_number(r, &p->idle_power_w, s, n, "idle_power_w", NUM_POSITIVE); break;
    case COL_RENT: set_number(r, &p->rent_usd_month, s, n, "rent_usd_month", NUM_POSITIVE); break;
    case COL_NOTES: TEXT(notes, "notes"); break;
    case COL_PCUR: TEXT(price_currency, "price_currency"); break;
    case COL_PDATE: TEXT(price_date, "price_date"); break;
    case COL_PSRC: TEXT(price_source, "price_source"); break;
    case COL_RENTH: set_number(r, &p->rent_usd_hour, s, n, "rent_usd_hour", NUM_POSITIVE); break;
    default: break;
    }
#undef TEXT
}

static void on_row(int term, void *ctx)
{
    (void)term;
    reader *r = ctx;
    int ncells = r->col;
    r->col = 0;
    if (r->stop)
        return;
    if (!r->header_done) {
        r->header_done = 1;
        int has_name = 0, seen[COL_COUNT] = {0};
        for (int i = 0; i < r->ncols && i < MAX_COLS; i++) {
            if (r->map[i] == COL_NAME)
                has_name = 1;
            if (r->map[i] >= 0 && seen[r->map[i]]++) {
                r->header_error = 1;
                snprintf(r->header_why, sizeof r->header_why,
                         "the header names column '%s' twice",
                         col_names[r->map[i]]);
                r->stop = 1;
                return;
            }
        }
        if (ncells > MAX_COLS) {
            r->header_error = 1;
            snprintf(r->header_why, sizeof r->header_why,
                     "the header has %d columns, more than the %d benchdb "
                     "reads", ncells, MAX_COLS);
            r->stop = 1;
            return;
        }
        if (!has_name) {
            r->header_error = 1;
            snprintf(r->header_why, sizeof r->header_why,
                     "the header row has no 'name' column (expected columns: "
                     "name, arch, cpu, cores, threads, freq_mhz, memory_gb, os, "
                     "kernel, price_usd, power_w, idle_power_w, rent_usd_month, "
                     "notes, price_currency, price_date, price_source, "
                     "rent_usd_hour)");
            r->stop = 1;
        }
        return;
    }
    if (ncells == 1 && !r->p.name[0])
        return; /* blank line */
    if (!r->bad[0] && ncells != r->ncols)
        snprintf(r->bad, sizeof r->bad, "%d fields where the header has %d",
                 ncells, r->ncols);
    if (!r->bad[0] && !r->p.name[0])
        snprintf(r->bad, sizeof r->bad, "empty name");
    if (r->bad[0]) {
        if (r->bad_cb && r->bad_cb(r->line, r->bad, r->ctx))
            r->stop = 1;
    } else if (r->row_cb(&r->p, r->line, r->ctx)) {
        r->stop = 1;
    }
}

int bdb_platform_csv_read(const char *buf, size_t len,
                          int (*row_cb)(const bdb_platform *, int, void *),
                          int (*bad_cb)(int, const char *, void *), void *ctx,
                          bdb_diag *diag)
{
    reader r;
    memset(&r, 0, sizeof r);
    r.row_cb = row_cb;
    r.bad_cb = bad_cb;
    r.ctx = ctx;
    int rc = bdb_csv_feed_lines(buf, len, CSV_APPEND_NULL, on_field, on_row,
                                &r, &r.cur_line, &r.stop, diag);
    if (!rc && r.header_error)
        rc = bdb_diag_set(diag, BDB_EPARSE, 1, "%s", r.header_why);
    if (!rc && !r.header_done)
        rc = bdb_diag_set(diag, BDB_EPARSE, 0, "empty file");
    return rc;
}

int bdb_platform_csv_sniff(const char *buf, size_t len)
{
    bdb_lines it;
    bdb_line l;
    bdb_lines_init(&it, buf, len);
    if (!bdb_lines_next(&it, &l))
        return 0;
    int name = 0, others = 0;
    const char *p = l.p;
    while (p < l.end) {
        const char *comma = memchr(p, ',', (size_t)(l.end - p));
        const char *e = comma ? comma : l.end, *b = p;
        bdb_trim(&b, &e);
        if (e - b >= 2 && *b == '"' && e[-1] == '"') {
            b++;
            e--;
        }
        for (int k = 0; k < COL_COUNT; k++)
            if (bdb_span_eq(b, e, col_names[k]))
                *(k == COL_NAME ? &name : &others) += 1;
        p = comma ? comma + 1 : l.end;
    }
    return name == 1 && others >= 2;
}
