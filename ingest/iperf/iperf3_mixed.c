/* iperf3_mixed.c - iperf3 -J documents (or --json-stream events) in a
 * file that also holds text: a text run and then a -J run of the same
 * test pasted one after the other, a script's log whose own lines (or
 * iperf3's text output) come before the document.
 *
 * The text reader reads a copy with the documents' bytes blanked, the
 * JSON reader a copy holding the documents only, each with the command
 * line just before it (so that the document takes it, as in a file of
 * JSON alone); every line keeps its number, so that figures and
 * warnings name the file's own lines. */
#include "iperf_internal.h"
#include "../json_extent.h"
#include "../cmdline.h"
#include "../../common/bdb_scan.h"

#include <stdlib.h>
#include <string.h>

/* An iperf3 document: -J's object ("start", holding "test_start" or
 * iperf3's version, with "end", "intervals" or a failed run's "error")
 * or a --json-stream event. */
static int iperf3_doc(const char *p, size_t n)
{
    if (bdb_memfind(p, n, "\"event\"") && bdb_memfind(p, n, "\"data\""))
        return 1;
    return bdb_memfind(p, n, "\"start\"") &&
           (bdb_memfind(p, n, "\"test_start\"") ||
            bdb_memfind(p, n, "\"iperf 3.")) &&
           (bdb_memfind(p, n, "\"end\"") || bdb_memfind(p, n, "\"intervals\"") ||
            bdb_memfind(p, n, "\"error\""));
}

int bdb_iperf3_has_doc(const char *buf, size_t len)
{
    /* the documents' keys before a look for their extents */
    if (!bdb_memfind(buf, len, "\"start\"") && !bdb_memfind(buf, len, "\"event\""))
        return 0;
    size_t off = 0, js, je;
    while (bdb_json_object_next(buf, len, off, &js, &je)) {
        if (iperf3_doc(buf + js, je - js))
            return 1;
        off = je;
    }
    return 0;
}

/* Blanks [from, to) of w, newlines kept. */
static void blank(char *w, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        if (w[i] != '\n')
            w[i] = ' ';
}

static const char *const tools3[] = {"iperf3", "iperf3.exe", NULL};

/* The line before offset at (blank lines passed over), when it runs
 * iperf3: [*from, *to); 0 when there is none. */
static int command_before(const char *buf, size_t at, size_t *from,
                          size_t *to)
{
    size_t e = at;
    while (e > 0) {
        size_t s = e;
        while (s > 0 && buf[s - 1] != '\n')
            s--;
        const char *p = buf + s, *q = buf + e;
        bdb_trim(&p, &q);
        if (p == q) {
            if (s == 0)
                return 0;
            e = s - 1;
            continue;
        }
        bdb_cmdline c;
        int k = bdb_cmdline_parse_line(p, q, tools3, &c);
        if (k == 1)
            bdb_cmdline_free(&c);
        if (k != 1)
            return 0;
        *from = s;
        *to = e;
        return 1;
    }
    return 0;
}

int bdb_iperf3_mixed_parse(const char *buf, size_t len, bdb_sink *out,
                           int *done)
{
    *done = 0;
    if (!bdb_iperf3_has_doc(buf, len))
        return BDB_OK;
    char *text = malloc(len + 1), *json = malloc(len + 1);
    if (!text || !json) {
        free(text);
        free(json);
        return BDB_ENOMEM;
    }
    memcpy(text, buf, len);
    memcpy(json, buf, len);
    blank(json, 0, len);
    size_t off = 0, js, je, cf, ct;
    int text_first = -1;
    while (bdb_json_object_next(buf, len, off, &js, &je)) {
        off = je;
        if (!iperf3_doc(buf + js, je - js))
            continue;
        if (text_first < 0) {
            const char *p = buf, *e = buf + js;
            bdb_trim(&p, &e);
            text_first = p < e;
        }
        blank(text, js, je);
        memcpy(json + js, buf + js, je - js);
        if (command_before(buf, js, &cf, &ct)) {
            blank(text, cf, ct);
            memcpy(json + cf, buf + cf, ct - cf);
        }
    }
    *done = 1;
    /* in the file's order: the text first when it comes first */
    int rc = text_first ? bdb_iperf3_text_parse(text, len, out)
                        : bdb_iperf3_json_parse(json, len, out);
    if (!rc)
        rc = text_first ? bdb_iperf3_json_parse(json, len, out)
                        : bdb_iperf3_text_parse(text, len, out);
    free(text);
    free(json);
    return rc;
}
