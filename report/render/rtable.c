/* rtable.c - aligned text and Markdown tables. */
#include "rtable.h"
#include "../common/bdb_neutral.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int bdb_rtable_init(bdb_rtable *t, size_t ncols)
{
    memset(t, 0, sizeof *t);
    t->text.first = (size_t)4 << 10;
    t->right = calloc(ncols ? ncols : 1, 1);
    if (!t->right)
        return -1;
    t->ncols = ncols;
    return 0;
}

void bdb_rtable_free(bdb_rtable *t)
{
    bdb_arena_free(&t->text);
    free(t->cells);
    free(t->right);
    free(t->tone);
    memset(t, 0, sizeof *t);
}

/* s as bdb_neutral_line makes it, in the arena; NULL when out of
 * memory. */
static char *neutral_line_copy(bdb_arena *a, const char *s)
{
    if (bdb_neutral_clean(s, 0))
        return bdb_arena_strdup(a, s);
    bdb_buf b;
    bdb_buf_init(&b);
    bdb_neutral_line(&b, s);
    char *d = b.err ? NULL : bdb_arena_strdup(a, b.data ? b.data : "");
    bdb_buf_free(&b);
    return d;
}

int bdb_rtable_add(bdb_rtable *t, const char *const *cells)
{
    if (t->nrows == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 16;
        char **p = realloc(t->cells, cap * t->ncols * sizeof *p);
        if (!p)
            return -1;
        t->cells = p;
        unsigned char *tn = realloc(t->tone, cap);
        if (!tn)
            return -1;
        t->tone = tn;
        t->cap = cap;
    }
    /* a cell is one piece of one line, in a terminal or in Markdown;
     * a body cell the same as the one above it is that one's text (a
     * lab's efficiency table names each series once per platform: 8
     * copies of 130 bytes a series). Each cell's text is written in
     * place only by blanking a column whole (sections.c), never row 0. */
    for (size_t c = 0; c < t->ncols; c++) {
        const char *v = cells[c] ? cells[c] : "";
        if (t->nrows >= 2) {
            char *above = t->cells[(t->nrows - 1) * t->ncols + c];
            if (strcmp(above, v) == 0 && bdb_neutral_clean(v, 0)) {
                t->cells[t->nrows * t->ncols + c] = above;
                continue;
            }
        }
        char *d = neutral_line_copy(&t->text, v);
        if (!d)
            return -1;
        t->cells[t->nrows * t->ncols + c] = d;
    }
    t->tone[t->nrows] = BDB_TONE_NONE;
    t->nrows++;
    return 0;
}

void bdb_rtable_tone(bdb_rtable *t, bdb_tone tone)
{
    if (t->nrows)
        t->tone[t->nrows - 1] = (unsigned char)tone;
}

const char *bdb_tone_class(bdb_tone tone)
{
    switch (tone) {
    case BDB_TONE_BETTER: return "tone-better";
    case BDB_TONE_WORSE: return "tone-worse";
    case BDB_TONE_CHANGE: return "tone-change";
    default: return "";
    }
}

/* A row is printed: the renderer may take the lines so far. */
static void row_done(const bdb_rtable *t, bdb_buf *out)
{
    if (t->row_done)
        t->row_done(out, t->row_ctx);
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
    size_t nc = t->ncols;
    size_t *w = calloc(nc ? nc : 1, sizeof *w);
    if (!w)
        return -1;
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
            int right = t->right[c] && r > 0;
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
        row_done(t, out);
    }
    free(w);
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
                bdb_buf_puts(out, t->right[c] ? "---:|" : "---|");
            bdb_buf_puts(out, "\n");
        }
        row_done(t, out);
    }
    return 0;
}

static size_t natural_width(const bdb_rtable *t, size_t nc)
{
    size_t total = 0;
    for (size_t c = 0; c < nc; c++) {
        size_t w = 0;
        for (size_t r = 0; r < t->nrows; r++) {
            size_t x = width(t->cells[r * t->ncols + c]);
            if (x > w)
                w = x;
        }
        total += w + (c ? 2 : 0);
    }
    return total;
}

void bdb_text_wrap(bdb_buf *out, const char *s, size_t maxw, size_t col,
                   const char *indent)
{
    size_t ind = width(indent);
    int line_start = 1;
    while (*s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        size_t wl = strcspn(s, " "), ww = 0;
        for (size_t i = 0; i < wl; i++)
            ww += ((unsigned char)s[i] & 0xC0) != 0x80;
        /* a word longer than the line stays whole: cut, it would lie */
        if (!line_start && col + 1 + ww > maxw) {
            bdb_buf_puts(out, "\n");
            bdb_buf_puts(out, indent);
            col = ind;
            line_start = 1;
        }
        if (!line_start) {
            bdb_buf_puts(out, " ");
            col++;
        }
        bdb_buf_append(out, s, wl);
        col += ww;
        line_start = 0;
        s += wl;
    }
    bdb_buf_puts(out, "\n");
}

int bdb_rtable_text_fit(const bdb_rtable *t, bdb_buf *out, const char *indent,
                        size_t maxw)
{
    size_t nc = t->ncols;
    if (natural_width(t, nc) + width(indent) <= maxw || t->nrows < 2)
        return bdb_rtable_text(t, out, indent);
    size_t nkey = t->nkey ? t->nkey : 1;
    if (nkey > nc)
        nkey = nc;
    size_t hw = 0;
    for (size_t c = nkey; c < nc; c++) {
        size_t x = width(t->cells[c]);
        if (x > hw)
            hw = x;
    }
    bdb_buf key;
    bdb_buf_init(&key);
    for (size_t r = 1; r < t->nrows; r++) {
        bdb_buf_reset(&key);
        int first = 1;
        for (size_t c = 0; c < nkey; c++) {
            const char *v = t->cells[r * t->ncols + c];
            if (!*v || strcmp(v, "-") == 0)
                continue;
            if (!first)
                bdb_buf_puts(&key, "  ");
            bdb_buf_puts(&key, v);
            first = 0;
        }
        const char *k = key.data ? key.data : "";
        bdb_buf_puts(out, indent);
        if (width(indent) + width(k) <= maxw) {
            bdb_buf_puts(out, k);
            bdb_buf_puts(out, "\n");
        } else {
            char hang[72];
            snprintf(hang, sizeof hang, "%s  ", indent);
            bdb_text_wrap(out, k, maxw, width(indent), hang);
        }
        for (size_t c = nkey; c < nc; c++) {
            const char *h = t->cells[c];
            const char *v = t->cells[r * t->ncols + c];
            /* a block leaves out what the row does not have */
            if (!*v || strcmp(v, "-") == 0)
                continue;
            bdb_buf_printf(out, "%s    %s:%*s ", indent, h, (int)(hw - width(h)), "");
            /* a multi-line value continues under its first line, a long
             * one wraps there */
            char hang[160];
            snprintf(hang, sizeof hang, "%s    %*s  ", indent, (int)(hw < 100 ? hw : 100), "");
            size_t start = width(hang);
            for (const char *p = v; *p;) {
                const char *nl = strchr(p, '\n');
                size_t n = nl ? (size_t)(nl - p) : strlen(p);
                char *line = strndup(p, n);
                if (line && start + width(line) <= maxw) {
                    bdb_buf_puts(out, line);
                    bdb_buf_puts(out, "\n");
                } else if (line) {
                    bdb_text_wrap(out, line, maxw, start, hang);
                }
                free(line);
                if (!nl)
                    break;
                p = nl + 1;
                bdb_buf_puts(out, hang);
            }
        }
        row_done(t, out);
    }
    bdb_buf_free(&key);
    return 0;
}

void bdb_rtable_drop_empty_columns(bdb_rtable *t)
{
    size_t nkey = t->nkey ? t->nkey : 1;
    if (t->nrows < 2 || t->ncols == 0)
        return;
    unsigned char *keep = calloc(t->ncols, 1);
    if (!keep)
        return;     /* the table stays whole: wider, not wrong */
    size_t nk = 0;
    for (size_t c = 0; c < t->ncols; c++) {
        int empty = c >= nkey;
        for (size_t r = 1; empty && r < t->nrows; r++) {
            const char *v = t->cells[r * t->ncols + c];
            empty = !*v || strcmp(v, "-") == 0;
        }
        keep[c] = !empty;
        nk += keep[c];
    }
    if (nk < t->ncols) {
        size_t o = 0;
        for (size_t r = 0; r < t->nrows; r++)
            for (size_t c = 0; c < t->ncols; c++) {
                char *v = t->cells[r * t->ncols + c];
                if (keep[c])
                    t->cells[o++] = v;   /* the others stay in text */
            }
        /* k <= c: the flags move left in place */
        for (size_t c = 0, k = 0; c < t->ncols; c++)
            if (keep[c])
                t->right[k++] = t->right[c];
        t->ncols = nk;
    }
    free(keep);
}
