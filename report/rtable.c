/* rtable.c - aligned text and Markdown tables. */
#include "rtable.h"
#include "neutral.h"

#include <stdlib.h>
#include <string.h>

int bdb_rtable_init(bdb_rtable *t, size_t ncols)
{
    memset(t, 0, sizeof *t);
    t->ncols = ncols;
    return 0;
}

void bdb_rtable_free(bdb_rtable *t)
{
    for (size_t i = 0; i < t->nrows * t->ncols; i++)
        free(t->cells[i]);
    free(t->cells);
    memset(t, 0, sizeof *t);
}

int bdb_rtable_add(bdb_rtable *t, const char *const *cells)
{
    if (t->nrows == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 16;
        char **p = realloc(t->cells, cap * t->ncols * sizeof *p);
        if (!p)
            return -1;
        t->cells = p;
        t->cap = cap;
    }
    for (size_t c = 0; c < t->ncols; c++) {
        char *d = strdup(cells[c] ? cells[c] : "");
        if (!d)
            return -1;
        t->cells[t->nrows * t->ncols + c] = d;
    }
    t->nrows++;
    return 0;
}

static size_t width(const char *s)
{
    size_t w = 0;
    for (; *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80)
            w++;
    return w;
}

int bdb_rtable_text(const bdb_rtable *t, bdb_buf *out, const char *indent)
{
    size_t w[64] = {0};
    size_t nc = t->ncols < 64 ? t->ncols : 64;
    for (size_t r = 0; r < t->nrows; r++)
        for (size_t c = 0; c < nc; c++) {
            size_t x = width(t->cells[r * t->ncols + c]);
            if (x > w[c])
                w[c] = x;
        }
    for (size_t r = 0; r < t->nrows; r++) {
        bdb_buf_puts(out, indent);
        for (size_t c = 0; c < nc; c++) {
            const char *v = t->cells[r * t->ncols + c];
            size_t pad = w[c] - width(v);
            int right = c < 32 && t->right[c] && r > 0;
            if (c)
                bdb_buf_puts(out, "  ");
            if (right)
                bdb_buf_printf(out, "%*s", (int)pad, "");
            bdb_buf_puts(out, v);
            if (!right && c + 1 < nc)
                bdb_buf_printf(out, "%*s", (int)pad, "");
        }
        bdb_buf_puts(out, "\n");
        if (r == 0) {
            bdb_buf_puts(out, indent);
            for (size_t c = 0; c < nc; c++) {
                if (c)
                    bdb_buf_puts(out, "  ");
                for (size_t k = 0; k < w[c]; k++)
                    bdb_buf_puts(out, "-");
            }
            bdb_buf_puts(out, "\n");
        }
    }
    return 0;
}

static void md_cell(bdb_buf *out, const char *s)
{
    bdb_neutral_md(out, s, 0);
}

int bdb_rtable_markdown(const bdb_rtable *t, bdb_buf *out)
{
    for (size_t r = 0; r < t->nrows; r++) {
        bdb_buf_puts(out, "|");
        for (size_t c = 0; c < t->ncols; c++) {
            bdb_buf_puts(out, " ");
            md_cell(out, t->cells[r * t->ncols + c]);
            bdb_buf_puts(out, " |");
        }
        bdb_buf_puts(out, "\n");
        if (r == 0) {
            bdb_buf_puts(out, "|");
            for (size_t c = 0; c < t->ncols; c++)
                bdb_buf_puts(out, c < 32 && t->right[c] ? "---:|" : "---|");
            bdb_buf_puts(out, "\n");
        }
    }
    return 0;
}
