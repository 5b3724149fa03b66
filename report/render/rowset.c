/* rowset.c - printing tables of strings as text, CSV (libcsv through
 * bdb_csv_append_field) or JSON (jansson, like the report's JSON). */
#include "rowset.h"
#include "../common/bdb_buf.h"
#include "render.h"
#include "rtable.h"
#include "sections.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int bdb_out_format_parse(const char *s)
{
    if (strcmp(s, "table") == 0 || strcmp(s, "text") == 0)
        return BDB_FMT_TABLE;
    if (strcmp(s, "csv") == 0)
        return BDB_FMT_CSV;
    if (strcmp(s, "json") == 0)
        return BDB_FMT_JSON;
    return -1;
}

void bdb_rowset_init(bdb_rowset *r, int ncols, const char *const *names,
                     const unsigned char *numeric)
{
    memset(r, 0, sizeof *r);
    r->ncols = ncols;
    r->names = names;
    r->numeric = numeric;
}

void bdb_rowset_free(bdb_rowset *r)
{
    for (size_t i = 0; i < r->nrows * (size_t)r->ncols; i++)
        free(r->cells[i]);
    free(r->cells);
    memset(r, 0, sizeof *r);
}

int bdb_rowset_add(bdb_rowset *r, const char *const *cells)
{
    if (r->nrows == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 64;
        char **p = realloc(r->cells, cap * (size_t)r->ncols * sizeof *p);
        if (!p) {
            r->err = 1;
            return -1;
        }
        r->cells = p;
        r->cap = cap;
    }
    for (int c = 0; c < r->ncols; c++) {
        char *dup = strdup(cells[c] ? cells[c] : "");
        if (!dup) {
            while (c-- > 0)
                free(r->cells[r->nrows * (size_t)r->ncols + (size_t)c]);
            r->err = 1;
            return -1;
        }
        r->cells[r->nrows * (size_t)r->ncols + (size_t)c] = dup;
    }
    r->nrows++;
    return 0;
}

typedef struct natural_row {
    size_t run, index;
    const char *key;
} natural_row;

static int natural_row_cmp(const void *x, const void *y)
{
    const natural_row *a = x, *b = y;
    if (a->run != b->run)
        return a->run < b->run ? -1 : 1;
    int c = bdb_section_natural_cmp(a->key, b->key);
    if (c)
        return c;
    return (a->index > b->index) - (a->index < b->index);
}

/* Whether rows i and j agree in the group's columns. */
static int same_run(const bdb_rowset *r, size_t i, size_t j, const int *group,
                    int ngroup)
{
    size_t nc = (size_t)r->ncols;
    for (int g = 0; g < ngroup; g++)
        if (strcmp(r->cells[i * nc + (size_t)group[g]],
                   r->cells[j * nc + (size_t)group[g]]) != 0)
            return 0;
    return 1;
}

int bdb_rowset_sort_natural(bdb_rowset *r, const int *group, int ngroup,
                            int col)
{
    if (r->nrows < 2)
        return 0;
    size_t nc = (size_t)r->ncols;
    natural_row *rows = malloc(r->nrows * sizeof *rows);
    char **cells = malloc(r->nrows * nc * sizeof *cells);
    if (!rows || !cells) {
        free(rows);
        free(cells);
        r->err = 1;
        return -1;
    }
    size_t run = 0;
    for (size_t i = 0; i < r->nrows; i++) {
        if (i && !same_run(r, i - 1, i, group, ngroup))
            run++;
        rows[i] = (natural_row){run, i, r->cells[i * nc + (size_t)col]};
    }
    qsort(rows, r->nrows, sizeof *rows, natural_row_cmp);
    for (size_t i = 0; i < r->nrows; i++)
        memcpy(cells + i * nc, r->cells + rows[i].index * nc,
               nc * sizeof *cells);
    memcpy(r->cells, cells, r->nrows * nc * sizeof *cells);
    free(cells);
    free(rows);
    return 0;
}

/* A numeric cell as a JSON number: whole numbers stay integers; others
 * are reals printed with the 10 significant digits the cells are made
 * with (%.10g), so "3.2" does not come out as 3.2000000000000002. */
static json_t *json_cell(const char *v, int numeric)
{
    if (!numeric)
        return bdb_json_str(v);
    if (!*v)
        return json_null();
    char *end;
    errno = 0;
    long long i = strtoll(v, &end, 10);
    if (!*end && errno == 0)
        return json_integer(i);
    errno = 0;
    double d = strtod(v, &end);
    if (!*end && errno == 0 && isfinite(d))
        return json_real(d);
    return bdb_json_str(v);  /* never drop what a column holds */
}

static int print_json(const bdb_rowset *r, FILE *out)
{
    int nc = r->ncols;
    json_t *rows = json_array();
    int rc = rows ? 0 : -1;
    for (size_t i = 0; !rc && i < r->nrows; i++) {
        json_t *o = json_object();
        if (!o || json_array_append_new(rows, o)) {
            rc = -1;
            break;
        }
        for (int c = 0; !rc && c < nc; c++) {
            json_t *v = json_cell(r->cells[i * (size_t)nc + (size_t)c],
                                  r->numeric && r->numeric[c]);
            if (!v || json_object_set_new(o, r->names[c], v))
                rc = -1;
        }
    }
    char *text = rc ? NULL
                    : json_dumps(rows, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
                                           JSON_REAL_PRECISION(10));
    json_decref(rows);
    if (!text)
        return -1;
    fputs(text, out);
    fputc('\n', out);
    free(text);
    return 0;
}

int bdb_rowset_print(const bdb_rowset *r, bdb_out_format fmt, FILE *out)
{
    int nc = r->ncols;
    if (r->err)
        return -1;
    if (fmt == BDB_FMT_CSV) {
        bdb_buf b;
        bdb_buf_init(&b);
        for (int c = 0; c < nc; c++) {
            if (c)
                bdb_buf_puts(&b, ",");
            bdb_csv_append_field(&b, r->names[c], 1);
        }
        bdb_buf_puts(&b, "\n");
        for (size_t i = 0; i < r->nrows; i++) {
            for (int c = 0; c < nc; c++) {
                if (c)
                    bdb_buf_puts(&b, ",");
                bdb_csv_append_field(&b, r->cells[i * (size_t)nc + (size_t)c],
                                     !(r->numeric && r->numeric[c]));
            }
            bdb_buf_puts(&b, "\n");
        }
        if (b.data)
            fwrite(b.data, 1, b.len, out);
        bdb_buf_free(&b);
    } else if (fmt == BDB_FMT_JSON) {
        if (print_json(r, out))
            return -1;
    } else {
        /* The terminal table is report/'s, so lists and reports look alike. */
        bdb_rtable t;
        if (bdb_rtable_init(&t, (size_t)nc))
            return -1;
        for (int c = 0; c < nc; c++)
            t.right[c] = r->numeric && r->numeric[c];
        int rc = bdb_rtable_add(&t, (const char *const *)r->names);
        for (size_t i = 0; !rc && i < r->nrows; i++)
            rc = bdb_rtable_add(&t, (const char *const *)&r->cells[i * (size_t)nc]);
        bdb_buf b;
        bdb_buf_init(&b);
        if (!rc)
            rc = bdb_rtable_text(&t, &b, "");
        if (b.data)
            fwrite(b.data, 1, b.len, out);
        bdb_buf_free(&b);
        bdb_rtable_free(&t);
        if (rc)
            return -1;
    }
    return ferror(out) ? -1 : 0;
}
