/* textfit.c - wrapping the too-wide lines of a text output (textfit.h). */
#include "textfit.h"

#include <string.h>

static size_t cp_width(const char *s, size_t n)
{
    size_t w = 0;
    for (size_t i = 0; i < n; i++)
        w += ((unsigned char)s[i] & 0xC0) != 0x80;
    return w;
}

typedef struct fit {
    bdb_buf *out;
    size_t width, indent, col;
    int line_start;
} fit;

static void new_line(fit *f)
{
    bdb_buf_puts(f->out, "\n");
    for (size_t i = 0; i < f->indent; i++)
        bdb_buf_puts(f->out, " ");
    f->col = f->indent;
    f->line_start = 1;
}

/* Places n bytes of s, glued to what precedes (a piece of a word) or
 * after a space. */
static void place(fit *f, const char *s, size_t n, int glued)
{
    size_t w = cp_width(s, n), gap = f->line_start || glued ? 0 : 1;
    if (!f->line_start && f->col + gap + w > f->width) {
        new_line(f);
        gap = 0;
    }
    if (gap)
        bdb_buf_puts(f->out, " ");
    bdb_buf_append(f->out, s, n);
    f->col += gap + w;
    f->line_start = 0;
}

/* One word: whole when it fits a line, else in pieces after its commas. */
static void word(fit *f, const char *s, size_t n)
{
    if (cp_width(s, n) <= f->width - f->indent) {
        place(f, s, n, 0);
        return;
    }
    int first = 1;
    while (n) {
        const char *comma = memchr(s, ',', n);
        size_t k = comma ? (size_t)(comma - s) + 1 : n;
        place(f, s, k, !first);
        first = 0;
        s += k;
        n -= k;
    }
}

static void fit_line(bdb_buf *out, const char *s, size_t n, size_t width)
{
    size_t lead = 0;
    while (lead < n && s[lead] == ' ')
        lead++;
    if (lead > width / 2)
        lead = width / 2;
    for (size_t i = 0; i < lead; i++)
        bdb_buf_puts(out, " ");
    size_t indent = lead + 4 < width / 2 ? lead + 4 : width / 2;
    fit f = {out, width, indent, lead, 1};
    size_t i = lead;
    while (i < n) {
        while (i < n && s[i] == ' ')
            i++;
        size_t j = i;
        while (j < n && s[j] != ' ')
            j++;
        if (j > i)
            word(&f, s + i, j - i);
        i = j;
    }
}

void bdb_text_fit(bdb_buf *b, size_t from, size_t width)
{
    if (!width || from >= b->len || b->err)
        return;
    bdb_buf out;
    bdb_buf_init(&out);
    const char *s = b->data + from, *end = b->data + b->len;
    int changed = 0;
    while (s < end) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
        if (cp_width(s, n) > width) {
            fit_line(&out, s, n, width);
            changed = 1;
        } else {
            bdb_buf_append(&out, s, n);
        }
        if (nl)
            bdb_buf_puts(&out, "\n");
        s += n + (nl != NULL);
    }
    if (out.err) {
        b->err = out.err;
    } else if (changed) {
        b->len = from;
        bdb_buf_append(b, out.data, out.len);
    }
    bdb_buf_free(&out);
}
