/* iperf3_idless.c - iperf3 rows quoted without their "[ ID]" column: a
 * mail or a page keeps "Interval  Transfer  Bitrate  Jitter" and
 * "0.00-10.20  sec  44.6 MBytes  36.7 Mbits/sec  0.027 ms" (a kernel
 * patch's commit message). Such a row is taken only under a header of
 * iperf3's columns that lacks "[ ID]", so that prose holding a time
 * range is not; its stream is not given (the reader says so). */
#include "iperf_internal.h"
#include "../../common/bdb_scan.h"

#include <ctype.h>
#include <string.h>

/* The stream of a row without "[ ID]": iperf3 numbers its streams by
 * their sockets, never 0 (standard input). */
#define ID_NONE 0L

/* The next word of [p, e) after blanks is w. */
static int word_is(const char **pp, const char *e, const char *w)
{
    const char *p = bdb_skip_ws(*pp, e);
    size_t n = strlen(w);
    if ((size_t)(e - p) < n || memcmp(p, w, n) != 0 ||
        (p + n < e && p[n] != ' ' && p[n] != '\t' && p[n] != '\r'))
        return 0;
    *pp = p + n;
    return 1;
}

int bdb_iperf3_idless_header(const char *p, const char *e, int *bitrate)
{
    bdb_trim(&p, &e);
    /* iperf_locale.c report_bw_header and its variants: "[ ID] Interval
     * Transfer Bitrate" (3.4+; "Bandwidth" before) and the columns after */
    if (!word_is(&p, e, "Interval") || !word_is(&p, e, "Transfer"))
        return 0;
    if (word_is(&p, e, "Bitrate"))
        *bitrate = 1;
    else if (word_is(&p, e, "Bandwidth"))
        *bitrate = 0;
    else
        return 0;
    static const char *const cols[] = {"Retr", "Cwnd", "Jitter",
                                       "Lost/Total", "Datagrams", "Total",
                                       NULL};
    for (;;) {
        p = bdb_skip_ws(p, e);
        if (p >= e)
            return 1;
        int k = 0;
        for (const char *const *c = cols; *c && !k; c++)
            k = word_is(&p, e, *c);
        if (!k)
            return 0;
    }
}

int bdb_iperf3_idless_row(const char *p, const char *e, ip_data *d,
                          const char **rest, int *shape3)
{
    bdb_trim(&p, &e);
    memset(d, 0, sizeof *d);
    if (p >= e || !isdigit((unsigned char)*p))
        return 0;
    /* iperf3 prints "%6.2f-%-6.2f sec": the end padded to 6 columns and
     * a blank, two decimals; iperf 2 "%4.1f-%4.1f sec" or "%4.2f-%4.2f
     * sec", one blank */
    const char *dash = memchr(p, '-', (size_t)(e - p));
    const char *sec = dash ? bdb_find(dash, e, "sec") : NULL;
    if (!bdb_iperf_parse_interval(&p, e, &d->start, &d->end))
        return 0;
    const char *dot = sec ? memchr(dash, '.', (size_t)(sec - dash)) : NULL;
    *shape3 = dot && sec - dash - 1 >= 7 && isdigit((unsigned char)dot[1]) &&
              isdigit((unsigned char)dot[2]) &&
              !isdigit((unsigned char)dot[3]);
    double x, m;
    const char *w;
    if (!bdb_scan_number(&p, e, &x, 0))
        return 0;
    size_t wl = bdb_scan_word(&p, e, &w);
    if (!wl || !bdb_iperf_size_value(x, w, w + wl, &d->bytes))
        return 0;
    d->have_bytes = 1;
    if (!bdb_scan_number(&p, e, &x, 0))
        return 0;
    wl = bdb_scan_word(&p, e, &w);
    /* a page that collapsed the blanks glued the next column to the unit */
    const char *s = wl > 4 ? bdb_find(w, w + wl, "/sec") : NULL;
    if (s && s + 4 < w + wl && isdigit((unsigned char)s[4])) {
        wl = (size_t)(s + 4 - w);
        p = s + 4;
    }
    if (!wl || !bdb_iperf_rate_unit(w, w + wl, &m))
        return 0;
    d->bps = x * m;
    d->br.kind = BR_NUM;
    d->br.id = ID_NONE;
    d->br.role = -1;
    *rest = p;
    return 1;
}

int bdb_iperf3_idless_rows(const char *buf, size_t len, int *rows2)
{
    bdb_lines it;
    bdb_line ln;
    bdb_lines_init(&it, buf, len);
    int under = 0, bitrate = 0, rows3 = 0;
    *rows2 = 0;
    while (bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *e = ln.end;
        bdb_trim(&p, &e);
        if (p == e)
            continue;
        int b;
        if (bdb_iperf3_idless_header(p, e, &b)) {
            under = 1;
            bitrate = b;
            continue;
        }
        ip_data d;
        const char *rest;
        int shape3;
        if (under && bdb_iperf3_idless_row(p, e, &d, &rest, &shape3)) {
            /* "Bitrate" is iperf3's word (iperf 2 says "Bandwidth") */
            if (bitrate || shape3)
                rows3++;
            else
                (*rows2)++;
            continue;
        }
        under = 0;
    }
    return rows3;
}

/* Whether the rows of the block [p, e) opens (blank lines between them)
 * all begin at 0: summaries a quoter picked, not intervals. */
int bdb_iperf3_idless_summaries(const char *p0, const char *e0)
{
    bdb_lines it;
    bdb_line ln;
    bdb_lines_init(&it, p0, (size_t)(e0 - p0));
    int rows = 0;
    while (bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *e = ln.end;
        bdb_trim(&p, &e);
        if (p == e)
            continue;
        ip_data d;
        const char *rest;
        int shape3;
        if (!bdb_iperf3_idless_row(p, e, &d, &rest, &shape3))
            break;
        if (d.start > 1e-9)
            return 0;
        rows++;
    }
    return rows > 0;
}

int bdb_iperf3_idless_jitter(const char *p, const char *e, double *ms)
{
    bdb_trim(&p, &e);
    double j;
    if (!bdb_scan_number(&p, e, &j, 0) || !bdb_scan_lit(&p, e, "ms", 1))
        return 0;
    p = bdb_skip_ws(p, e);
    if (p != e && !bdb_span_eq(p, e, "sender") &&
        !bdb_span_eq(p, e, "receiver"))
        return 0;
    *ms = j;
    return 1;
}
