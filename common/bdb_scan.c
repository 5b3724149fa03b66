/* bdb_scan.c - line iteration and cursor scanning helpers. */
#include "bdb_scan.h"
#include "bdb_input.h"

#include <errno.h>
#include <float.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>
#endif

size_t bdb_bom_len(const char *buf, size_t len)
{
    return len >= 3 && (unsigned char)buf[0] == 0xEF &&
                   (unsigned char)buf[1] == 0xBB &&
                   (unsigned char)buf[2] == 0xBF
               ? 3
               : 0;
}

void bdb_lines_init(bdb_lines *it, const char *buf, size_t len)
{
    it->buf = buf;
    it->len = len;
    it->pos = bdb_bom_len(buf, len);
    it->no = 0;
    it->mb = 0;
}

int bdb_lines_next(bdb_lines *it, bdb_line *line)
{
    if (it->pos >= it->len)
        return 0;
    const char *start = it->buf + it->pos;
    const char *end = it->buf + it->len;
    if ((it->pos >> 20) != it->mb) {
        /* a mapped file's pages behind the reader leave memory (they stay
         * in the page cache), checked once a megabyte */
        it->mb = it->pos >> 20;
        bdb_input_done_before(start);
    }
    const char *nl = memchr(start, '\n', (size_t)(end - start));
    const char *stop = nl ? nl : end;
    it->pos = nl ? (size_t)(nl + 1 - it->buf) : it->len;
    if (stop > start && stop[-1] == '\r')
        stop--;
    line->p = start;
    line->end = stop;
    line->no = ++it->no;
    return 1;
}

const char *bdb_skip_ws(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    return p;
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' ||
           c == '\v';
}

void bdb_trim(const char **p, const char **end)
{
    while (*p < *end && is_space(**p))
        (*p)++;
    while (*end > *p && is_space((*end)[-1]))
        (*end)--;
}

/* The first place in [p, stop) where needle (n bytes) starts, the
 * text running to stop + n - 1; NULL. Where SSE2 is there (every x86-64),
 * 16 places are tried at once on their first and last bytes together
 * (a needle's first byte alone, " " or "i", is everywhere in a log: a
 * memchr per candidate was most of a sniffer's search); elsewhere memchr
 * finds each candidate and its last byte is tried before memcmp. */
static const char *find_from(const char *p, const char *stop,
                             const char *needle, size_t n)
{
    const char first = needle[0], last = needle[n - 1];
    if (n == 1)
        return memchr(p, first, (size_t)(stop - p));
#if defined(__SSE2__) && defined(__GNUC__)
    const __m128i f = _mm_set1_epi8(first), l = _mm_set1_epi8(last);
    /* 16 places from p: bytes up to p + 15 + n - 1 < stop + n - 1 */
    while (stop - p >= 16) {
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)p);
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(p + n - 1));
        unsigned m = (unsigned)_mm_movemask_epi8(
            _mm_and_si128(_mm_cmpeq_epi8(a, f), _mm_cmpeq_epi8(b, l)));
        while (m) {
            int i = __builtin_ctz(m);
            if (memcmp(p + i + 1, needle + 1, n - 2) == 0)
                return p + i;
            m &= m - 1;
        }
        p += 16;
    }
#endif
    while (p < stop) {
        const char *c = memchr(p, first, (size_t)(stop - p));
        if (!c)
            return NULL;
        if (c[n - 1] == last && memcmp(c + 1, needle + 1, n - 1) == 0)
            return c;
        p = c + 1;
    }
    return NULL;
}

const char *bdb_find_n(const char *p, const char *end, const char *needle,
                       size_t n)
{
    if (n == 0)
        return p;
    if (p >= end || (size_t)(end - p) < n)
        return NULL;
    const char *stop = end - n + 1;   /* the last place a match can start */
    /* a sniffer's search through a whole mapped file goes a megabyte at
     * a time and lets the pages it passed go (bdb_input.h), as
     * bdb_input_memchr does */
    const size_t step = (size_t)1 << 20;
    while (p < stop) {
        size_t room = (size_t)(stop - p);
        const char *to = p + (room < step ? room : step);
        const char *c = find_from(p, to, needle, n);
        if (c)
            return c;
        p = to;
        if (p < stop)
            bdb_input_done_before(p);
    }
    return NULL;
}

int bdb_scan_lit(const char **p, const char *end, const char *lit, int skip_ws)
{
    const char *q = skip_ws ? bdb_skip_ws(*p, end) : *p;
    if (!bdb_starts_with(q, end, lit))
        return 0;
    *p = q + strlen(lit);
    return 1;
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* The length of a thousands separator at s as BDB_SCAN_GROUPING_LOCALE
 * knows them (0: none), and which one in *which (its code point). */
static size_t group_sep_at(const char *s, const char *end, unsigned *which)
{
    const unsigned char *u = (const unsigned char *)s;
    if (s >= end)
        return 0;
    if (*s == ' ' || *s == ',' || *s == '.' || *s == '\'') {
        *which = u[0];
        return 1;
    }
    if (end - s >= 2 && u[0] == 0xC2 && u[1] == 0xA0) {
        *which = 0xA0;
        return 2;
    }
    if (end - s >= 3 && u[0] == 0xE2 && u[1] == 0x80 &&
        (u[2] == 0xAF || u[2] == 0x89)) {
        *which = u[2] == 0xAF ? 0x202F : 0x2009;
        return 3;
    }
    return 0;
}

/* BDB_SCAN_GROUPING_LOCALE: the length of the separator at s when it
 * separates a group of three digits from the digits before it (glen of
 * them since the number or the last group started), 0 when it does not.
 * sep is the separator the number used so far (0: none yet). */
static size_t locale_group_at(const char *s, const char *end, int glen,
                              int ngroups, unsigned sep)
{
    unsigned which = 0;
    size_t k = group_sep_at(s, end, &which);
    if (!k || (sep && which != sep) || glen < 1 || glen > 3 ||
        (ngroups > 0 && glen != 3))
        return 0;
    const char *g = s + k;
    if (end - g < 3 || !is_digit(g[0]) || !is_digit(g[1]) || !is_digit(g[2]) ||
        (end - g > 3 && is_digit(g[3])))
        return 0;
    return k;
}

/* Clinger's fast path: m (below 2^53) and 10^k (k <= 22) are exact
 * doubles, so m / 10^k rounds once, as the exact decimal does. Only where
 * doubles are evaluated as doubles (FLT_EVAL_METHOD 0: SSE, ARM); strtod
 * elsewhere. Figures go through here by the hundred thousand, and
 * glibc's strtod clears and fills big-number buffers for each. */
double bdb_strtod(const char *s, char **end)
{
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
    static const double pow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,
                                   1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                   1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
                                   1e18, 1e19, 1e20, 1e21, 1e22};
    const char *q = s;
    int neg = *q == '-';
    if (*q == '-' || *q == '+')
        q++;
    uint64_t m = 0;
    int sig = 0, digits = 0, frac = -1;
    for (;; q++) {
        if (is_digit(*q)) {
            digits++;
            if (m || *q != '0')
                sig++;
            if (sig > 15)
                break;
            m = m * 10 + (uint64_t)(*q - '0');
            if (frac >= 0)
                frac++;
        } else if (*q == '.' && frac < 0) {
            frac = 0;
        } else {
            break;
        }
    }
    if (*q == '\0' && digits && (frac < 0 ? 0 : frac) <= 22) {
        double v = (double)m / pow10[frac < 0 ? 0 : frac];
        if (end)
            *end = (char *)(uintptr_t)q;
        return neg ? -v : v;
    }
#endif
    return strtod(s, end);
}

int bdb_scan_number(const char **p, const char *end, double *out, int flags)
{
    const char *q = bdb_skip_ws(*p, end);
    char tmp[80];
    size_t n = 0;
    const char *s = q;
    int digits = 0, seen_dot = 0;
    /* BDB_SCAN_GROUPING_LOCALE: the separator, groups, digits in the
     * current group */
    unsigned gsep = 0;
    int ngroups = 0, glen = 0;
    if (s < end && (*s == '-' || *s == '+'))
        tmp[n++] = *s++;
    while (s < end && n < sizeof tmp - 8) {
        char c = *s;
        size_t gk;
        if (is_digit(c)) {
            tmp[n++] = c;
            digits++;
            glen++;
            s++;
        } else if ((flags & BDB_SCAN_GROUPING_LOCALE) && !seen_dot &&
                   (gk = locale_group_at(s, end, glen, ngroups, gsep)) > 0) {
            group_sep_at(s, end, &gsep);
            ngroups++;
            glen = 0;
            s += gk;
        } else if ((flags & BDB_SCAN_GROUPING_LOCALE) && gsep &&
                   (unsigned char)c == gsep) {
            break; /* "18.661.44": a separator is no decimal mark too */
        } else if ((flags & BDB_SCAN_GROUPING_LOCALE) && !seen_dot &&
                   ((c == ',' && gsep != ',') || (c == '.' && gsep != '.')) &&
                   gsep && s + 1 < end && is_digit(s[1])) {
            /* the decimal mark after groups: the other of '.' and ',' */
            tmp[n++] = '.';
            seen_dot = 1;
            s++;
        } else if (c == '.' && !seen_dot) {
            tmp[n++] = '.';
            seen_dot = 1;
            s++;
        } else if (c == ',' && s + 1 < end && is_digit(s[1]) &&
                   (flags & (BDB_SCAN_DECIMAL_COMMA | BDB_SCAN_GROUPING))) {
            if ((flags & BDB_SCAN_GROUPING) && !seen_dot && s + 3 < end + 0 &&
                end - s >= 4 && is_digit(s[1]) && is_digit(s[2]) &&
                is_digit(s[3]) && (s + 4 >= end || !is_digit(s[4]))) {
                s++; /* thousands separator */
            } else if ((flags & BDB_SCAN_DECIMAL_COMMA) && !seen_dot) {
                tmp[n++] = '.';
                seen_dot = 1;
                s++;
            } else {
                break;
            }
        } else {
            break;
        }
    }
    if (!digits)
        return 0;
    /* a number longer than the copy is refused, never read short */
    if (n >= sizeof tmp - 8 && s < end && (is_digit(*s) || *s == '.'))
        return 0;
    /* exponent */
    if (s < end && (*s == 'e' || *s == 'E')) {
        const char *e = s + 1;
        size_t m = n;
        tmp[m++] = 'e';
        if (e < end && (*e == '-' || *e == '+'))
            tmp[m++] = *e++;
        if (e < end && is_digit(*e)) {
            while (e < end && is_digit(*e) && m < sizeof tmp - 1)
                tmp[m++] = *e++;
            if (e < end && is_digit(*e))
                return 0;
            n = m;
            s = e;
        }
    }
    tmp[n] = '\0';
    errno = 0;
    char *ep;
    double v = bdb_strtod(tmp, &ep);
    if (*ep != '\0' || errno == ERANGE || !isfinite(v))
        return 0;
    *out = v;
    *p = s;
    return 1;
}

int bdb_scan_int(const char **p, const char *end, long long *out)
{
    const char *q = bdb_skip_ws(*p, end);
    char tmp[32];
    size_t n = 0;
    const char *s = q;
    if (s < end && (*s == '-' || *s == '+'))
        tmp[n++] = *s++;
    while (s < end && is_digit(*s) && n < sizeof tmp - 1)
        tmp[n++] = *s++;
    if (n == 0 || !is_digit(tmp[n - 1]))
        return 0;
    if (s < end && is_digit(*s))
        return 0; /* too long to be a sane integer */
    tmp[n] = '\0';
    errno = 0;
    char *ep;
    long long v = strtoll(tmp, &ep, 10);
    if (*ep != '\0' || errno == ERANGE)
        return 0;
    *out = v;
    *p = s;
    return 1;
}

size_t bdb_scan_word(const char **p, const char *end, const char **word)
{
    const char *q = bdb_skip_ws(*p, end);
    const char *s = q;
    while (s < end && !is_space(*s))
        s++;
    *word = q;
    *p = s;
    return (size_t)(s - q);
}

const char *bdb_skip_blank(const char *p, const char *end)
{
    for (;;) {
        if (p < end && (*p == ' ' || *p == '\t'))
            p++;
        else if (end - p >= 2 && (unsigned char)p[0] == 0xC2 &&
                 (unsigned char)p[1] == 0xA0)
            p += 2;
        else
            return p;
    }
}

void bdb_trim_blank(const char **p, const char **end)
{
    *p = bdb_skip_blank(*p, *end);
    for (;;) {
        if (*end > *p && ((*end)[-1] == ' ' || (*end)[-1] == '\t' ||
                          (*end)[-1] == '\r'))
            (*end)--;
        else if (*end - *p >= 2 && (unsigned char)(*end)[-2] == 0xC2 &&
                 (unsigned char)(*end)[-1] == 0xA0)
            *end -= 2;
        else
            return;
    }
}

const char *bdb_skip_rep_marker(const char *p, const char *end, long long *n)
{
    const char *q = p;
    if (q >= end || *q != '#')
        return p;
    q++;
    long long v = 0;
    const char *d = q;
    while (q < end && is_digit(*q)) {
        if (v < 100000000)
            v = v * 10 + (*q - '0');
        q++;
    }
    if (q == d)
        return p;
    q = bdb_skip_blank(q, end);
    if (q >= end || *q != ':')
        return p;
    if (n)
        *n = v;
    return bdb_skip_blank(q + 1, end);
}

void bdb_copy(char *dst, size_t dstsz, const char *p, const char *end)
{
    if (!dstsz)
        return;
    size_t n = (size_t)(end - p);
    if (n >= dstsz)
        n = dstsz - 1;
    memcpy(dst, p, n);
    dst[n] = '\0';
}

int bdb_name_fit(char *dst, size_t dstsz, const char *p, const char *end)
{
    size_t n = (size_t)(end - p);
    if (n < dstsz) {
        bdb_copy(dst, dstsz, p, end);
        return 0;
    }
    unsigned long long h = 1469598103934665603ULL;
    for (const char *q = p; q < end; q++) {
        h ^= (unsigned char)*q;
        h *= 1099511628211ULL;
    }
    char tail[24];
    int tn = snprintf(tail, sizeof tail, " ~%016llx", h);
    size_t keep = dstsz - 1 - (size_t)tn;
    /* not inside a UTF-8 sequence, and no blank before the " ~" */
    while (keep > 0 && ((unsigned char)p[keep] & 0xC0) == 0x80)
        keep--;
    while (keep > 0 && (p[keep - 1] == ' ' || p[keep - 1] == '\t'))
        keep--;
    memcpy(dst, p, keep);
    memcpy(dst + keep, tail, (size_t)tn + 1);
    return 1;
}

void bdb_strlcpy(char *dst, size_t dstsz, const char *src)
{
    bdb_copy(dst, dstsz, src, src + strlen(src));
}

size_t bdb_put_at(char *dst, size_t dstsz, size_t at, const char *s, size_t n)
{
    if (!dstsz)
        return 0;
    size_t room = at < dstsz - 1 ? dstsz - 1 - at : 0;
    if (n > room)
        n = room;
    memcpy(dst + at, s, n);
    dst[at + n] = '\0';
    return at + n;
}

int bdb_is_blank(const char *p, const char *end)
{
    for (; p < end; p++)
        if (!is_space(*p))
            return 0;
    return 1;
}

static int is_markup(char c)
{
    return c == '"' || c == '\'' || c == '`' || c == '<';
}

int bdb_is_trailer(const char *p, const char *end)
{
    if (bdb_is_blank(p, end))
        return 1;
    if (*p == '.' || *p == ',' || *p == ';' || *p == '!')
        return p + 1 == end || is_space(p[1]) || is_markup(p[1]);
    if (is_markup(*p))
        return 1;
    const char *q = bdb_skip_blank(p, end);
    /* a leader of three dashes or more to a note, glued or not
     * ("Complete requests:      1-----------完成的请求次数") */
    const char *l = q;
    while (l < end && (*l == '-' || *l == '='))
        l++;
    if (l - q >= 3)
        return 1;
    if (q == p)
        return 0;
    /* an arrow pointing at the figure or away from it: "<----", "<==",
     * "<<<", "-->", "==>", "~~>", ">>>" */
    const char *a = q;
    while (a < end && (*a == '-' || *a == '=' || *a == '~'))
        a++;
    if (a > q && a < end && *a == '>')
        return 1;
    return *q == '(' || *q == '#' || *q == '<' ||
           (end - q >= 2 && q[0] == '/' && q[1] == '/') ||
           (end - q >= 2 && q[0] == '>' && q[1] == '>') ||
           (end - q >= 2 && q[0] == '*' && q[1] == '*') ||
           (unsigned char)*q >= 0x80;
}

long long bdb_double_to_ll(double v)
{
    if (v != v)
        return 0;
    if (v >= 9.2233720368547748e18)
        return LLONG_MAX;
    if (v <= -9.2233720368547758e18)
        return LLONG_MIN;
    return (long long)v;
}

int bdb_double_to_int(double v)
{
    if (v != v)
        return 0;
    if (v >= (double)INT_MAX)
        return INT_MAX;
    if (v <= (double)INT_MIN)
        return INT_MIN;
    return (int)v;
}
