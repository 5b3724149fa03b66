/* bdb_neutral.c - neutralising text for terminals and Markdown (see
 * bdb_neutral.h). */
#include "bdb_neutral.h"
#include "bdb_error.h"

#include <stdlib.h>
#include <string.h>

/* Length of a character to neutralise at p (0: keep it); TAB and LF are
 * kept unless in_line. */
static size_t control_at(const unsigned char *p, size_t left, int in_line)
{
    unsigned c = p[0];
    if ((c < 0x20 && (in_line || (c != '\t' && c != '\n'))) || c == 0x7f)
        return 1;
    if (c == 0xc2 && left >= 2 && p[1] >= 0x80 && p[1] <= 0x9f)
        return 2;                       /* C1 controls */
    if (c == 0xd8 && left >= 2 && p[1] == 0x9c)
        return 2;                       /* U+061C ARABIC LETTER MARK */
    if (c == 0xe2 && left >= 3 && p[1] == 0x80 &&
        ((p[2] >= 0xaa && p[2] <= 0xae) || p[2] == 0x8e || p[2] == 0x8f))
        return 3;                       /* U+202A..E, U+200E, U+200F */
    if (c == 0xe2 && left >= 3 && p[1] == 0x81 && p[2] >= 0xa6 && p[2] <= 0xa9)
        return 3;                       /* U+2066..U+2069 isolates */
    return 0;
}

int bdb_neutral_terminal(bdb_buf *b, size_t from)
{
    if (b->err)
        return b->err;
    if (!b->data || from >= b->len)
        return BDB_OK;
    size_t bad = 0;
    for (size_t i = from; i < b->len;) {
        size_t n = control_at((const unsigned char *)b->data + i, b->len - i, 0);
        bad += n != 0;
        i += n ? n : 1;
    }
    if (!bad)
        return BDB_OK;
    bdb_buf out;
    bdb_buf_init(&out);
    bdb_buf_append(&out, b->data, from);
    for (size_t i = from; i < b->len;) {
        size_t n = control_at((const unsigned char *)b->data + i, b->len - i, 0);
        if (n) {
            bdb_buf_puts(&out, "\xef\xbf\xbd");
            i += n;
        } else {
            bdb_buf_append(&out, b->data + i, 1);
            i++;
        }
    }
    if (out.err) {
        int rc = out.err;
        bdb_buf_free(&out);
        return b->err = rc;
    }
    bdb_buf_free(b);
    *b = out;
    return BDB_OK;
}

void bdb_neutral_line(bdb_buf *out, const char *s)
{
    size_t len = strlen(s);
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < len;) {
        size_t n = control_at(p + i, len - i, 1), k = i;
        while (k < len && !n) {
            k++;
            n = k < len ? control_at(p + k, len - k, 1) : 0;
        }
        bdb_buf_append(out, s + i, k - i);
        if (k < len) {
            bdb_buf_puts(out, "\xef\xbf\xbd");
            k += n;
        }
        i = k;
    }
}

int bdb_neutral_clean(const char *s, int keep_tab_lf)
{
    size_t len = strlen(s);
    for (size_t i = 0; i < len; i++)
        if (control_at((const unsigned char *)s + i, len - i, !keep_tab_lf))
            return 0;
    return 1;
}

void bdb_neutral_inplace(char *s, int keep_tab_lf)
{
    size_t len = strlen(s);
    for (size_t i = 0; i < len;) {
        size_t n = control_at((const unsigned char *)s + i, len - i,
                              !keep_tab_lf);
        if (n == 3)
            memcpy(s + i, "\xef\xbf\xbd", 3);
        else if (n)
            memset(s + i, '?', n);
        i += n ? n : 1;
    }
}

char *bdb_neutral_line_dup(const char *s)
{
    /* a table of a million cells: each copy its own size, not a buffer's
     * 256 bytes */
    if (bdb_neutral_clean(s, 0))
        return strdup(s);
    bdb_buf b;
    bdb_buf_init(&b);
    bdb_neutral_line(&b, s);
    if (b.err) {
        bdb_buf_free(&b);
        return NULL;
    }
    size_t len;
    char *d = bdb_buf_detach(&b, &len);
    char *fit = d ? realloc(d, len + 1) : NULL;
    return fit ? fit : d;
}

static int word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || (unsigned char)c >= 0x80;
}

void bdb_neutral_md(bdb_buf *out, const char *s, int block_start)
{
    /* at the start of a list item, what would open a block inside it:
     * "- ", "+ ", "1. ", "1) " ('#' and '>' are escaped everywhere) */
    const char *p = s;
    while (block_start && *p >= '0' && *p <= '9')
        p++;
    if (p > s && (*p == '.' || *p == ')')) {
        bdb_buf_append(out, s, (size_t)(p - s));
        bdb_buf_puts(out, "\\");
        s = p;
    } else if (block_start && (*s == '-' || *s == '+' || *s == '=')) {
        bdb_buf_puts(out, "\\");
    }
    const char *start = s;
    for (; *s; s++) {
        /* inside a word '_' opens nothing (requests_per_sec stays) */
        if (*s == '_' && s > start && word_char(s[-1]) && word_char(s[1])) {
            bdb_buf_append(out, s, 1);
            continue;
        }
        size_t ctl = control_at((const unsigned char *)s, strlen(s), 1);
        if (*s == '\n' || *s == '\r')
            bdb_buf_puts(out, " ");
        else if (ctl) {
            /* Markdown is read on terminals too */
            bdb_buf_puts(out, "\xef\xbf\xbd");
            s += ctl - 1;
        } else if (*s == '<')
            bdb_buf_puts(out, "&lt;");
        else if (*s == '>')
            bdb_buf_puts(out, "&gt;");
        else if (*s == '&')
            bdb_buf_puts(out, "&amp;");
        else if (strchr("\\`*_[]|~#", *s))
            bdb_buf_printf(out, "\\%c", *s);
        else
            bdb_buf_append(out, s, 1);
    }
}

void bdb_neutral_html(bdb_buf *out, const char *s)
{
    static const char special[] =
        "&<>\"'\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11"
        "\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x7f";
    while (s && *s) {
        /* the run of bytes that need no escape, in one append */
        size_t n = strcspn(s, special);
        if (n)
            bdb_buf_append(out, s, n);
        s += n;
        switch (*s) {
        case '&': bdb_buf_puts(out, "&amp;"); break;
        case '<': bdb_buf_puts(out, "&lt;"); break;
        case '>': bdb_buf_puts(out, "&gt;"); break;
        case '"': bdb_buf_puts(out, "&quot;"); break;
        case '\'': bdb_buf_puts(out, "&#39;"); break;
        case '\0': continue; /* the end */
        /* a control character is no HTML text: U+FFFD, as on a terminal */
        default: bdb_buf_puts(out, "\xef\xbf\xbd"); break;
        }
        s++;
    }
}
