/* fio_markup.c - what people glue to fio's text when they publish it:
 * HTML tags at the ends of lines ("<p>fio-2.0.9", "...2017</p>",
 * "<p>Disk stats (read/write):</p>"), Markdown highlight marks inside a
 * line ("==iops=16496=="), and labels of their own in angle brackets on a
 * line alone ("<WRITE>", "<READ>" before each run). fio itself prints
 * "<host> " before a line only in client/server mode (client.c), with a
 * host name, never one of these words. */
#include "fio_internal.h"
#include "../common/bdb_scan.h"

#include <string.h>
#include <strings.h>

/* Tags a page wraps lines in, and the words of fio's rw= and directions
 * that an author's "<READ>" label uses. */
static const char *const html_tags[] = {
    "p", "pre", "code", "br", "b", "i", "mark", "tt", "span", "div",
    "strong", "em", "samp", "kbd", NULL};
static const char *const rw_words[] = {
    "read", "write", "trim", "mixed", "rw", "readwrite", "randread",
    "randwrite", "randrw", "randtrim", "sync", NULL};

static int in_set(const char *const *set, const char *name, size_t n)
{
    if (n > 0 && name[0] == '/') {
        name++;
        n--;
    }
    for (size_t i = 0; set[i]; i++)
        if (strlen(set[i]) == n && strncasecmp(set[i], name, n) == 0)
            return 1;
    return 0;
}

int bdb_fio_is_label_tag(const char *name, size_t n)
{
    return in_set(html_tags, name, n) || in_set(rw_words, name, n);
}

/* Length of an HTML tag at p ("<p>", "</P>"), 0 if none. */
static size_t tag_at(const char *p, const char *end)
{
    if (p >= end || *p != '<')
        return 0;
    const char *gt = memchr(p, '>', (size_t)(end - p));
    if (!gt || gt - p > 12)
        return 0;
    size_t n = (size_t)(gt - p - 1);
    return n && in_set(html_tags, p + 1, n) ? n + 2 : 0;
}

int bdb_fio_strip_markup(const char **pp, const char **ep, char *buf,
                         size_t bufsz)
{
    const char *p = *pp, *end = *ep;
    int changed = 0;
    for (;;) {
        bdb_trim(&p, &end);
        size_t t = tag_at(p, end);
        if (t) {
            p += t;
            changed = 1;
            continue;
        }
        /* a closing tag at the end of the line */
        const char *lt = end > p ? end - 1 : p;
        while (lt > p && *lt != '<' && end - lt < 14)
            lt--;
        if (end > p && end[-1] == '>' && *lt == '<' && lt > p &&
            (t = tag_at(lt, end)) == (size_t)(end - lt)) {
            end = lt;
            changed = 1;
            continue;
        }
        break;
    }
    /* "==iops=16496==": Markdown highlight marks; fio's text has no "==" */
    if (bdb_find(p, end, "==") && !memchr(p, ';', (size_t)(end - p)) &&
        (size_t)(end - p) < bufsz) {
        size_t n = 0;
        for (const char *c = p; c < end; c++) {
            if (c + 1 < end && c[0] == '=' && c[1] == '=') {
                c++;
                continue;
            }
            buf[n++] = *c;
        }
        p = buf;
        end = buf + n;
        changed = 1;
    }
    *pp = p;
    *ep = end;
    return changed;
}
