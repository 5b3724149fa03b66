/* rowset.c - printing tables of strings as text, CSV or JSON. */
#include "rowset.h"
#include "../common/bdb_buf.h"
#include "../report/render.h"
#include "../report/rtable.h"

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
        if (!p)
            return -1;
        r->cells = p;
        r->cap = cap;
    }
    for (int c = 0; c < r->ncols; c++) {
        char *dup = strdup(cells[c] ? cells[c] : "");
        if (!dup)
            return -1;
        r->cells[r->nrows * (size_t)r->ncols + (size_t)c] = dup;
    }
    r->nrows++;
    return 0;
}


void bdb_json_write_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", out);
        else if (c == '\t')
            fputs("\\t", out);
        else if (c == '\r')
            fputs("\\r", out);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}


int bdb_rowset_print(const bdb_rowset *r, bdb_out_format fmt, FILE *out)
{
    int nc = r->ncols;
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
        fputs("[", out);
        for (size_t i = 0; i < r->nrows; i++) {
            fputs(i ? ",\n  {" : "\n  {", out);
            for (int c = 0; c < nc; c++) {
                const char *v = r->cells[i * (size_t)nc + (size_t)c];
                if (c)
                    fputs(", ", out);
                bdb_json_write_string(out, r->names[c]);
                fputs(": ", out);
                if (r->numeric && r->numeric[c])
                    fputs(*v ? v : "null", out);
                else
                    bdb_json_write_string(out, v);
            }
            fputs("}", out);
        }
        fputs(r->nrows ? "\n]\n" : "]\n", out);
    } else {
        /* The terminal table is report/'s, so lists and reports look alike. */
        bdb_rtable t;
        bdb_rtable_init(&t, (size_t)nc);
        for (int c = 0; c < nc && c < 32; c++)
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
