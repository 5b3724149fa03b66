/* platform_csv.c - platforms.csv through libcsv (see platform_csv.h). */
#include "platform_csv.h"
#include "../common/bdb_error.h"
#include "../common/bdb_scan.h"
#include "csv_lines.h"

#include <csv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The columns are the platform fields (common/bdb_platform.c): map[]
 * holds a field's index in bdb_platform_fields(), or COL_IGNORED. */
enum { COL_IGNORED = -1 };

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
    char header_why[1024];
} reader;

static void set_number(reader *r, double *dst, const char *s, size_t n,
                       const char *col)
{
    const char *p = s, *end = s + n;
    bdb_trim(&p, &end);
    if (p == end)
        return;
    double v;
    const char *q = p;
    if (!bdb_scan_number(&q, end, &v, 0) || bdb_skip_ws(q, end) != end || v < 0) {
        if (!r->bad[0])
            snprintf(r->bad, sizeof r->bad, "column %s: '%.*s' is not a number",
                     col, (int)(end - p), p);
        return;
    }
    *dst = v;
}

/* A text that does not fit makes the row bad: a cut name would be
 * another platform. */
static void set_text(reader *r, const char *col, char *dst, size_t dstsz,
                     const char *s, size_t n)
{
    const char *p = s, *end = s + n;
    bdb_trim(&p, &end);
    if ((size_t)(end - p) >= dstsz && r && !r->bad[0])
        snprintf(r->bad, sizeof r->bad, "%s is longer than %zu bytes", col,
                 dstsz - 1);
    bdb_copy(dst, dstsz, p, end);
}

static int name_index(void)
{
    size_t nf;
    const bdb_platform_field *f = bdb_platform_fields(&nf);
    return (int)(bdb_platform_field_find("name") - f);
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
            return;
        char name[64];
        set_text(NULL, "", name, sizeof name, s, n);
        for (char *q = name; *q; q++)
            if (*q >= 'A' && *q <= 'Z')
                *q = (char)(*q - 'A' + 'a');
        r->map[c] = COL_IGNORED;
        const bdb_platform_field *f = bdb_platform_field_find(name);
        if (f) {
            size_t nf;
            r->map[c] = (int)(f - bdb_platform_fields(&nf));
        }
        r->ncols = c + 1;
        return;
    }
    if (c >= r->ncols || c >= MAX_COLS)
        return;
    if (r->map[c] == COL_IGNORED)
        return;
    size_t nf;
    const bdb_platform_field *f = &bdb_platform_fields(&nf)[r->map[c]];
    char *at = (char *)&r->p + f->offset;
    if (f->is_number) {
        set_number(r, (double *)(void *)at, s, n, f->name);
    } else if (strcmp(f->name, "arch") == 0) {
        char tmp[sizeof r->p.arch];
        set_text(r, "arch", tmp, sizeof tmp, s, n);
        if (tmp[0])
            bdb_platform_canonical_arch(tmp, at, (unsigned)f->size);
    } else {
        set_text(r, f->name, at, f->size, s, n);
    }
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
        int has_name = 0;
        for (int i = 0; i < r->ncols && i < MAX_COLS; i++)
            if (r->map[i] == name_index())
                has_name = 1;
        if (!has_name) {
            r->header_error = 1;
            size_t nf, len;
            const bdb_platform_field *f = bdb_platform_fields(&nf);
            snprintf(r->header_why, sizeof r->header_why,
                     "the header row has no 'name' column (expected columns:");
            for (size_t i = 0; i < nf; i++) {
                len = strlen(r->header_why);
                snprintf(r->header_why + len, sizeof r->header_why - len,
                         "%s %s", i ? "," : "", f[i].name);
            }
            len = strlen(r->header_why);
            snprintf(r->header_why + len, sizeof r->header_why - len, ")");
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
        size_t nf;
        const bdb_platform_field *f = bdb_platform_fields(&nf);
        for (size_t k = 0; k < nf; k++)
            if (bdb_span_eq(b, e, f[k].name))
                *(strcmp(f[k].name, "name") == 0 ? &name : &others) += 1;
        p = comma ? comma + 1 : l.end;
    }
    return name == 1 && others >= 2;
}
