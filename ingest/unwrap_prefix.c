/* unwrap_prefix.c - text a wrapper writes before each line of a tool's
 * output (see unwrap_source.h): one constant prefix before every line
 * (a wrapper script, a CI runner, a multiplexed log: "Client on
 * 70.0.72.79:  [  4] ..."), or several streams interleaved, each behind
 * its own name (docker compose's "web-1  | ", kubectl logs --prefix's
 * "[pod/NAME/CONTAINER] "), read one stream at a time. Split out of
 * unwrap.c, whose driver runs these passes in its order. */
#include "unwrap_pass.h"
#include "../common/bdb_error.h"
#include "../common/bdb_grow.h"
#include "../common/bdb_scan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a constant prefix before each line of a tool's output ---- */

/* A wrapper script, a CI runner or a multiplexed log writes the same text
 * before every line of a tool's output ("Client on 70.0.72.79:  [  4]
 * 0.00-1.00 sec ...", "node-2 | Requests/sec: ..."). A prefix is the
 * text from a line's first byte (not a blank) to its first ':' or '|'
 * followed by a blank or the line's end, at most 80 bytes, or a host
 * name in brackets (bracket_cand; "[  4]" is iperf's own); it goes from
 * a run of at least 4 lines that start with it (blank lines between them
 * kept) when what follows it starts in at least 3 different ways (a
 * tool's lines differ, a key repeated with values, "SET: rps=...", does
 * not). The blanks every non-empty rest shares go with it; each line
 * keeps its file line. */

typedef struct pline {
    const char *s, *e;
} pline;

/* "[paranoia-6.rennes.grid5000.fr] ": a host in brackets, as a parallel
 * shell (Ruby's Cute, pdsh -S, Ansible-like runners) writes before each
 * line of a node's output, after the indentation of the page it is
 * quoted in (kept with it). No blank inside and a lowercase letter, so
 * that a tool's own brackets ("[  4]", "[SUM]", "[ ID]", "[TX-C]") are
 * never one. */
static size_t bracket_cand(const char *s, const char *e)
{
    int lower = 0;
    const char *b = s;
    while (b < e && b - s < 8 && (*b == ' ' || *b == '\t'))
        b++;
    if (b >= e || *b != '[')
        return 0;
    for (const char *p = b + 1; p < e && p - b < 80; p++) {
        if (*p == ']')
            return lower && p > b + 1 && p + 1 < e &&
                           (p[1] == ' ' || p[1] == '\t')
                       ? (size_t)(p + 1 - s)
                       : 0;
        if (*p == ' ' || *p == '\t' || *p == '[')
            return 0;
        if (*p >= 'a' && *p <= 'z')
            lower = 1;
    }
    return 0;
}

/* The length of a prefix that ends after more than `after` bytes (0: the
 * shortest), or 0. A name may hold ": " itself: iperf3's -T title is
 * free text, printed with ":  " after it (iperf_api.c iperf_printf), so
 * "run 1: udp 50M:  [  5] ..." is tried as "run 1:" first, then as "run
 * 1: udp 50M:". */
static size_t prefix_cand(const char *s, const char *e, size_t after)
{
    size_t k = bracket_cand(s, e);
    if (k)
        return after ? 0 : k;
    if (s >= e || *s == ' ' || *s == '\t' || *s == '\r')
        return 0;
    /* a '|' or ':' first names nothing: fio's percentile rows ("|
     * 1.00th=[ 708], ...") lose their indentation in a page and start
     * the line with fio's own '|' */
    for (const char *p = s + 1 + after; p < e && p - s < 80; p++)
        if ((*p == ':' || *p == '|') &&
            (p + 1 == e || p[1] == ' ' || p[1] == '\t' || p[1] == '\r'))
            return (size_t)(p + 1 - s);
    return 0;
}

/* 1 when [q, e) is a number and nothing else ("60502.22", "-nan"). */
static int lone_number(const char *q, const char *e)
{
    if (q < e && (*q == '-' || *q == '+'))
        q++;
    const char *d = q;
    while (q < e && (is_digit(*q) || *q == '.'))
        q++;
    if (q == d && e - q >= 3 && (memcmp(q, "nan", 3) == 0 ||
                                 memcmp(q, "inf", 3) == 0))
        q += 3;
    return q > d && is_blank_text(q, e);
}

/* Whether [a, ae) and [b, be) read the same with their figures and
 * blanks aside: "3542 MB in  2.00 seconds = 1771.19 MB/sec" and "945 MB
 * in 2.00 seconds = 472.52 MB/sec" do (one label's results), a tool's
 * different lines do not. */
static int same_shape(const char *a, const char *ae, const char *b,
                      const char *be)
{
    for (;;) {
        while (a < ae && (*a == ' ' || *a == '\t' || *a == '\r'))
            a++;
        while (b < be && (*b == ' ' || *b == '\t' || *b == '\r'))
            b++;
        if (a == ae || b == be)
            return a == ae && b == be;
        if (is_digit(*a) && is_digit(*b)) {
            while (a < ae && (is_digit(*a) || *a == '.' || *a == ','))
                a++;
            while (b < be && (is_digit(*b) || *b == '.' || *b == ','))
                b++;
            continue;
        }
        if (*a++ != *b++)
            return 0;
    }
}

static int has_prefix(const pline *l, const char *pre, size_t k)
{
    const char *s = l->s, *e = l->e;
    return (size_t)(e - s) >= k && memcmp(s, pre, k) == 0 &&
           (s + k == e || s[k] == ' ' || s[k] == '\t' || s[k] == '\r');
}

/* The bytes a line cut at `at` loses more when its rest is the prefix
 * [pre, pre + k) again: iperf3 -T -V prints the title twice before its
 * uname line ("200:  200:  Linux ..."), the system info being printed
 * with iperf_printf inside another iperf_printf's line. */
static size_t repeated_prefix(const pline *l, size_t at, const char *pre,
                              size_t k)
{
    size_t more = 0;
    for (;;) {
        const char *r = l->s + at + more;
        pline rest = {r, l->e};
        if (r >= l->e || !has_prefix(&rest, pre, k))
            return more;
        const char *q = skip_blank(r + k, l->e);
        more = (size_t)(q - l->s) - at;
    }
}

/* A run's prefix: its text and the blanks after it every line lost. */
typedef struct prefix_seen {
    const char *pre;
    size_t k, least;
} prefix_seen;

/* One run of lines from line i on that begins with the prefix of length
 * k: whether it is one (marked in cut[]), *last its last line. */
static int prefix_run(const pline *l, size_t n, size_t i, size_t k,
                      size_t *cut, size_t *last_out, size_t *least_out,
                      size_t *total)
{
    unsigned char first[256] = {0};
    size_t count = 0, last = i, kinds = 0, least = (size_t)-1, lone = 0;
    size_t shaped = 0;
    for (size_t j = i; j < n; j++) {
        if (is_blank_text(l[j].s, l[j].e))
            continue;
        if (!has_prefix(&l[j], l[i].s, k))
            break;
        const char *r = l[j].s + k, *q = skip_blank(r, l[j].e);
        unsigned char c = q == l[j].e || *q == '\r' ? 0 : (unsigned char)*q;
        if (!first[c]++)
            kinds++;
        if (c && (size_t)(q - r) < least)
            least = (size_t)(q - r);
        lone += lone_number(q, l[j].e);
        shaped += is_digit((char)c) &&
                  same_shape(q, l[j].e, skip_blank(l[i].s + k, l[i].e),
                             l[i].e);
        count++;
        last = j;
    }
    /* "SET: 60502.22" lines before "SET: 68965.52 requests per
     * second": a label's series of values (redis-benchmark < 6.2's
     * progress with its CRs made newlines), not a prefix; nor are
     * "Timing cached reads:   3542 MB in  2.00 seconds = 1771.19
     * MB/sec" lines (hdparm -T run again and again, its label bare at
     * the line's start): one label's results, every rest the same
     * figures in the same words */
    *last_out = last;
    *least_out = least;
    if (count >= 4 && kinds >= 3 && lone + 1 < count && shaped < count) {
        for (size_t j = i; j <= last; j++) {
            if (is_blank_text(l[j].s, l[j].e))
                continue;
            size_t c = k + least, len = (size_t)(l[j].e - l[j].s);
            cut[j] = c < len ? c : len;
            cut[j] += repeated_prefix(&l[j], cut[j], l[i].s, k);
            (*total)++;
        }
        return 1;
    }
    return 0;
}

/* Marks in cut[] the bytes each line loses; returns how many lines lose
 * some. A prefix found on a run is cut from the file's other lines that
 * begin with it too (a tool's lines it printed without, such as iperf3's
 * "Control connection MSS", split its title's run in two). */
static size_t find_prefix_runs(const pline *l, size_t n, size_t *cut)
{
    size_t total = 0;
    prefix_seen seen[8];
    size_t nseen = 0;
    for (size_t i = 0; i < n;) {
        size_t k = prefix_cand(l[i].s, l[i].e, 0);
        if (!k) {
            i++;
            continue;
        }
        size_t last = i, least = 0, next = i;
        int found = 0;
        for (size_t kk = k; kk && !found;
             kk = prefix_cand(l[i].s, l[i].e, kk)) {
            found = prefix_run(l, n, i, kk, cut, &last, &least, &total);
            if (kk == k)
                next = last;
            if (found && nseen < sizeof seen / sizeof seen[0])
                seen[nseen++] = (prefix_seen){l[i].s, kk, least};
            if (found)
                next = last;
        }
        i = next + 1;
    }
    for (size_t j = 0; j < n && nseen; j++) {
        if (cut[j] || is_blank_text(l[j].s, l[j].e))
            continue;
        for (size_t m = 0; m < nseen; m++) {
            if (!has_prefix(&l[j], seen[m].pre, seen[m].k))
                continue;
            const char *r = l[j].s + seen[m].k;
            size_t b = (size_t)(skip_blank(r, l[j].e) - r);
            cut[j] = seen[m].k + (b < seen[m].least ? b : seen[m].least);
            cut[j] += repeated_prefix(&l[j], cut[j], seen[m].pre, seen[m].k);
            total++;
            break;
        }
    }
    return total;
}

static int plines_of(const view *v, size_t upto, pline **out, size_t *n)
{
    view w = {v->p, upto, v->line_of};
    size_t pos = 0, cap = 0;
    const char *s, *e;
    *out = NULL;
    *n = 0;
    while (next_line(&w, &pos, &s, &e)) {
        pline *m = bdb_grow(*out, *n, &cap, sizeof **out, 256);
        if (!m) {
            free(*out);
            *out = NULL;
            return BDB_ENOMEM;
        }
        *out = m;
        m[(*n)++] = (pline){s, e};
    }
    return BDB_OK;
}

/* -1 out of memory, else whether a prefixed run is in the look. */
int bdb_uw_prefixes_seen(const view *v)
{
    pline *l;
    size_t n;
    if (plines_of(v, look(v), &l, &n))
        return -1;
    size_t *cut = calloc(n ? n : 1, sizeof *cut);
    if (!cut) {
        free(l);
        return -1;
    }
    size_t k = find_prefix_runs(l, n, cut);
    free(cut);
    free(l);
    return k > 0;
}

int bdb_uw_prefix_pass(const view *v, text *out)
{
    pline *l;
    size_t n;
    if (plines_of(v, v->len, &l, &n))
        return BDB_ENOMEM;
    size_t *cut = calloc(n ? n : 1, sizeof *cut);
    if (!cut) {
        free(l);
        return BDB_ENOMEM;
    }
    find_prefix_runs(l, n, cut);
    int rc = BDB_OK;
    for (size_t i = 0; i < n && !rc; i++) {
        const char *p = l[i].s + cut[i];
        rc = put_bytes(out, p, (size_t)(l[i].e - p));
        if (!rc)
            rc = end_line(out, line_at(v, i));
    }
    free(cut);
    free(l);
    return rc;
}

/* ---- interleaved streams, each behind its own name ---- */

/* docker compose prints each container's lines behind its name, padded
 * so that the '|' of every service stands in one column ("web-1  | ",
 * v1 "web_1  | "), the services' lines interleaved as they came. A tool
 * reads one stream at a time: the server's lines with the client's
 * between them are neither. When a block of lines carries such a name
 * with 2 or more names, each name's lines (without it) go on as a part
 * of their own, in the order the names first came, each line keeping its
 * file line; compose's own lines between them ("web-1 exited with code
 * 0", "Aborting on container exit...") follow the parts. A name is a
 * word (letters, digits, '_', '-', '.'), then blanks, then '|' and a
 * blank or the line's end (or kubectl logs --prefix's
 * "[pod/NAME/CONTAINER] "); the block is the lines from the first such
 * line to the last, where each name has 2 lines or more, the '|' column
 * is the same on all of them, and the names take turns (one comes back
 * after another): a name on consecutive lines alone is the prefix
 * pass's. */

typedef struct svc {
    const char *name;
    size_t len, lines;
} svc;

#define DEMUX_MAX_SVC (BDB_UNWRAP_PARTS - 1)

/* The name's length and the column of its '|', or 0. */
static size_t svc_name(const char *s, const char *e, size_t *bar)
{
    if (s < e && *s == '[') {
        /* kubectl logs --prefix: "[pod/NAME/CONTAINER] " (a '/' and a
         * lowercase letter, no blank: never iperf's "[  4]", "[SUM]" nor
         * a log level's "[info]"); no column to share */
        int slash = 0, lower = 0;
        for (const char *p = s + 1; p < e && p - s < 160; p++) {
            if (*p == ']') {
                if (!slash || !lower || p + 1 >= e ||
                    (p[1] != ' ' && p[1] != '\t'))
                    return 0;
                *bar = (size_t)-1;
                return (size_t)(p + 1 - s);
            }
            if (*p == ' ' || *p == '\t' || *p == '[')
                return 0;
            slash |= *p == '/';
            lower |= *p >= 'a' && *p <= 'z';
        }
        return 0;
    }
    const char *p = s;
    while (p < e && p - s < 80 &&
           ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
            (*p >= '0' && *p <= '9') || *p == '_' || *p == '-' || *p == '.'))
        p++;
    size_t n = (size_t)(p - s);
    if (!n || p >= e || (*p != ' ' && *p != '\t'))
        return 0;
    const char *q = skip_blank(p, e);
    if (q >= e || *q != '|' ||
        (q + 1 < e && q[1] != ' ' && q[1] != '\t' && q[1] != '\r'))
        return 0;
    *bar = (size_t)(q - s);
    return n;
}

static long svc_find(const svc *sv, size_t n, const char *s, size_t len)
{
    for (size_t i = 0; i < n; i++)
        if (sv[i].len == len && memcmp(sv[i].name, s, len) == 0)
            return (long)i;
    return -1;
}

/* The services of lines [0, n) of l, their count in *nsv, and the block
 * [*from, *to]; 0 when there is no interleaved block. who[i]: line i's
 * service, -1 for none. */
static int demux_find(const pline *l, size_t n, svc *sv, size_t *nsv,
                      long *who, size_t *from, size_t *to)
{
    size_t bar = 0, ns = 0;
    int turns = 0;
    long last = -1;
    *from = (size_t)-1;
    *to = 0;
    for (size_t i = 0; i < n; i++)
        who[i] = -1;
    for (size_t i = 0; i < n; i++) {
        size_t b, k = svc_name(l[i].s, l[i].e, &b);
        if (!k)
            continue;
        if (*from == (size_t)-1)
            bar = b;
        else if (b != bar)
            return 0;
        long w = svc_find(sv, ns, l[i].s, k);
        if (w < 0) {
            if (ns == DEMUX_MAX_SVC)
                return 0;
            sv[ns] = (svc){l[i].s, k, 0};
            w = (long)ns++;
        } else if (last >= 0 && w != last) {
            turns = 1;
        }
        sv[w].lines++;
        who[i] = w;
        last = w;
        if (*from == (size_t)-1)
            *from = i;
        *to = i;
    }
    if (ns < 2 || !turns)
        return 0;
    for (size_t i = 0; i < ns; i++)
        if (sv[i].lines < 2)
            return 0;
    *nsv = ns;
    return 1;
}

/* Whether the look holds an interleaved block; -1 out of memory. */
int bdb_uw_demux_seen(const view *v)
{
    pline *l;
    size_t n, nsv, from, to;
    svc sv[DEMUX_MAX_SVC];
    if (plines_of(v, look(v), &l, &n))
        return -1;
    long *who = malloc((n ? n : 1) * sizeof *who);
    int seen = who && demux_find(l, n, sv, &nsv, who, &from, &to);
    int oom = !who;
    free(who);
    free(l);
    return oom ? -1 : seen;
}

/* The rest of a service's line: after its '|' and the one blank compose
 * writes. */
static const char *svc_rest(const char *s, const char *e)
{
    const char *q = memchr(s, *s == '[' ? ']' : '|', (size_t)(e - s));
    q = q ? q + 1 : e;
    if (q < e && (*q == ' ' || *q == '\t'))
        q++;
    return q;
}

/* compose's own lines about its services: "Attaching to a-1, b-1",
 * "a-1 exited with code 0", "Aborting on container exit...". They hold
 * no tool's figure; they go. */
static int compose_line(const pline *l, const svc *sv, size_t nsv)
{
    const char *s = skip_blank(l->s, l->e), *e = l->e;
    size_t n = (size_t)(e - s);
    if ((n >= 13 && memcmp(s, "Attaching to ", 13) == 0) ||
        (n >= 28 && memcmp(s, "Aborting on container exit", 26) == 0))
        return 1;
    for (size_t i = 0; i < nsv; i++)
        if (n > sv[i].len + 18 && memcmp(s, sv[i].name, sv[i].len) == 0 &&
            memcmp(s + sv[i].len, " exited with code ", 18) == 0)
            return 1;
    return 0;
}

static int put_line(text *out, const view *v, const pline *l, size_t i,
                    const char *from)
{
    int rc = put_bytes(out, from, (size_t)(l[i].e - from));
    return rc ? rc : end_line(out, line_at(v, i));
}

/* Each service's lines, then the other lines (those before the block,
 * compose's own gone): each a part of u. */
int bdb_uw_demux_pass(const view *v, text *out, bdb_unwrapped *u)
{
    pline *l;
    size_t n, nsv = 0, from = 0, to = 0;
    svc sv[DEMUX_MAX_SVC];
    if (plines_of(v, v->len, &l, &n))
        return BDB_ENOMEM;
    long *who = malloc((n ? n : 1) * sizeof *who);
    if (!who) {
        free(l);
        return BDB_ENOMEM;
    }
    int rc = BDB_OK;
    u->nparts = 0;
    if (!demux_find(l, n, sv, &nsv, who, &from, &to)) {
        /* the look saw a block that the whole text does not keep (a
         * name's '|' in another column further on): the text as it is */
        for (size_t j = 0; j < n && !rc; j++)
            rc = put_line(out, v, l, j, l[j].s);
        free(who);
        free(l);
        return rc;
    }
    for (long w = 0; w <= (long)nsv && !rc; w++) {
        size_t first = out->nlines + 1;
        int any = 0;
        for (size_t j = 0; j < n && !rc; j++) {
            if (w < (long)nsv ? who[j] != w
                              : who[j] >= 0 || compose_line(&l[j], sv, nsv))
                continue;
            rc = put_line(out, v, l, j,
                          w < (long)nsv ? svc_rest(l[j].s, l[j].e) : l[j].s);
            any |= !is_blank_text(l[j].s, l[j].e);
        }
        if (any && out->nlines >= first && u->nparts < BDB_UNWRAP_PARTS) {
            u->part_first[u->nparts] = first;
            u->part_last[u->nparts++] = out->nlines;
        }
    }
    free(who);
    free(l);
    return rc;
}
