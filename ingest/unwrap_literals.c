/* unwrap_literals.c - a log kept in a program's string literals (see
 * unwrap_source.h): one literal with its newlines escaped (a Python
 * test's RESULT = "{\n  \"start\": ...", a C string, a JSON member's
 * "stdout"), or one literal a line (a list of lines in a script). The
 * literal's text goes on, one line per "\n", mapped to the file's line.
 * Split out of unwrap.c, whose driver runs these passes in its order. */
#include "unwrap_pass.h"
#include "../common/bdb_error.h"
#include "../common/bdb_grow.h"
#include "../common/bdb_scan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a log in a string literal with escapes ---- */

/* A program's source may hold a log as one string literal with its
 * newlines and quotes escaped (a Python test's RESULT = "{\n  \"start\":
 * ...", a C string, a JSON dump inside a script): the literal's text, one
 * line per "\n", all mapped to the literal's line. A JSON member's string
 * ("stdout": " \nSET: rps=...\n...", a harness's record of a run) is
 * read the same way, unless the document is a tool's own JSON, whose
 * parser reads it whole: fio's ("fio version") or iperf3's ("intervals",
 * --json-stream's events, and its server_output_text member, a copy of
 * the server's report). */

/* 1 when p is a backslash escape's second character (an odd run of
 * backslashes before it). */
static int escaped(const char *s, const char *p)
{
    size_t n = 0;
    while (p - n > s && p[-1 - (ptrdiff_t)n] == '\\')
        n++;
    return n & 1;
}

/* The key of a JSON member whose string value opens at o ("stdout": "),
 * as [*k, *ke); 0 when o opens no member's value. */
static int member_key(const char *s, const char *o, const char **k,
                      const char **ke)
{
    const char *q = o;
    while (q > s && (q[-1] == ' ' || q[-1] == '\t'))
        q--;
    if (q == s || q[-1] != ':')
        return 0;
    q--;
    while (q > s && (q[-1] == ' ' || q[-1] == '\t'))
        q--;
    if (q == s || q[-1] != '"')
        return 0;
    *ke = --q;
    while (q > s && (q[-1] != '"' || escaped(s, q - 1)))
        q--;
    if (q == s)
        return 0;
    *k = q;
    return 1;
}

/* The literal of [s, e): its opening quote *open and its closing one
 * *close (e when it runs to the line's end), when it holds three "\n"
 * escapes or more and a digit; 0 otherwise, and 2 for a member whose
 * text an array spread over the lines after it repeats (esc_ctx.twin).
 * The literal is the string that holds the line's first "\n": strings
 * closed before it (JSON keys and members, {"rc": 0, "stdout": " \n...)
 * are passed over. A JSON
 * member's string ends at its first unescaped quote; it is 0 in a tool's
 * own JSON (own_json_seen), as iperf3's server_output_text, and when the
 * look of v holds the same text as lines too (Ansible's "stdout" beside
 * its "stdout_lines" array, read by the literals pass). */
typedef struct esc_ctx {
    int own_json;           /* own_json_seen(v) */
    int oom;                /* the twins could not be listed */
    const char **twin;      /* keys K of "K_lines": [ arrays spread over
                               lines, that the literals pass reads: each
                               distinct K once, [twin[i], +twin_len[i]) of
                               the view */
    size_t *twin_len;
    size_t ntwins, cap;
} esc_ctx;

static int own_json_seen(const view *v);

/* 1 when the member [k, ke) has a "K_lines" twin (esc_ctx.twin). */
static int member_twin(const esc_ctx *x, const char *k, const char *ke)
{
    size_t n = (size_t)(ke - k);
    for (size_t i = 0; i < x->ntwins; i++)
        if (x->twin_len[i] == n && !memcmp(x->twin[i], k, n))
            return 1;
    return 0;
}

/* Adds the key [k, ke) to the twins unless it is there: 0, or -1 when
 * memory ran out (x->oom). */
static int twin_add(esc_ctx *x, const char *k, const char *ke)
{
    if (member_twin(x, k, ke))
        return 0;
    if (x->ntwins == x->cap) {
        size_t cap = x->cap ? 2 * x->cap : 8;
        const char **t = realloc(x->twin, cap * sizeof *t);
        if (t)
            x->twin = t;
        size_t *l = t ? realloc(x->twin_len, cap * sizeof *l) : NULL;
        if (!l) {
            x->oom = 1;
            return -1;
        }
        x->twin_len = l;
        x->cap = cap;
    }
    x->twin[x->ntwins] = k;
    x->twin_len[x->ntwins++] = (size_t)(ke - k);
    return 0;
}

static void esc_ctx_free(esc_ctx *x)
{
    free(x->twin);
    free(x->twin_len);
}

/* The keys K of the look of v whose "K_lines" array is spread over lines
 * (Ansible's "stdout_lines": [ beside its "stdout"), when v is no JSON
 * document alone (literals_seen: a document's string arrays are its own,
 * so the literals pass reads them only then). */
static void esc_ctx_init(esc_ctx *x, const view *v)
{
    memset(x, 0, sizeof *x);
    x->own_json = own_json_seen(v);
    const char *b = v->p, *e = v->p + look(v), *f = skip_blank(b, e);
    while (f < e && (*f == '\n' || *f == '\r' || *f == ' '))
        f++;
    if (f < e && *f == '{')
        return;
    for (const char *q = b; (q = bdb_find_n(q, e, "_lines\"", 7)) != NULL;
         q += 7) {
        const char *r = skip_blank(q + 7, e);
        if (r < e && *r == ':')
            r = skip_blank(r + 1, e);
        const char *nl = r < e ? memchr(r, '\n', (size_t)(e - r)) : NULL;
        if (r >= e || *r != '[' || !is_blank_text(r + 1, nl ? nl : e))
            continue;
        const char *k = q;
        while (k > b && k[-1] != '"' && k[-1] != '\n')
            k--;
        if (k == b || k[-1] != '"' || k == q)
            continue;
        if (twin_add(x, k, q))
            return;
    }
}

static int escaped_literal(const char *s, const char *e, esc_ctx *x,
                           const char **open, const char **close)
{
    const char *first_nl = NULL, *last_nl = NULL;
    int nl = 0, digit = 0;
    for (const char *q = s; q + 1 < e; q++)
        if (q[0] == '\\' && q[1] == 'n' && !escaped(s, q)) {
            if (!first_nl)
                first_nl = q;
            last_nl = q;
            nl++;
        }
    if (nl < 3)
        return 0;
    const char *o = NULL;
    for (const char *q = s; q < first_nl; q++)
        if ((*q == '"' || *q == '\'') && !escaped(s, q))
            o = !o ? q : (*q == *o ? NULL : o);
    if (!o)
        return 0;
    const char *c = e, *k, *ke;
    if (member_key(s, o, &k, &ke)) {
        if (x->own_json ||
            ((size_t)(ke - k) == 18 && !memcmp(k, "server_output_text", 18)))
            return 0;
        for (const char *q = o + 1; q < e; q++)
            if (*q == *o && !escaped(s, q)) {
                c = q;
                break;
            }
        if (member_twin(x, k, ke)) {
            if (c == e)
                return 0;
            *open = o;
            *close = c;
            return 2;
        }
        nl = 0;
        for (const char *q = o + 1; q + 1 < c; q++)
            nl += q[0] == '\\' && q[1] == 'n' && !escaped(s, q);
        if (nl < 3)
            return 0;
    } else {
        for (const char *q = e - 1; q > last_nl; q--)
            if (*q == *o && !escaped(s, q)) {
                c = q;
                break;
            }
    }
    for (const char *q = o + 1; q < c && !digit; q++)
        digit = *q >= '0' && *q <= '9';
    if (!digit)
        return 0;
    *open = o;
    *close = c;
    return 1;
}

/* 1 when the look of v is (or holds) a tool's own JSON document, by a
 * key only that tool prints, quoted as a key is (not escaped inside a
 * string): fio's "fio version", iperf3's "intervals" and
 * "server_output_text". */
static int own_json_seen(const view *v)
{
    /* iperf3 --json-stream's events ({"event":"start","data":...}, one
     * a line) are its own JSON too */
    static const char *const keys[] = {"\"fio version\"", "\"intervals\"",
                                       "\"server_output_text\"",
                                       "{\"event\":\"start\""};
    const char *e = v->p + look(v);
    for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
        size_t n = strlen(keys[k]);
        for (const char *q = v->p;
             (q = bdb_find_n(q, e, keys[k], n)) != NULL; q += n)
            if (q == v->p || q[-1] != '\\')
                return 1;
    }
    return 0;
}

/* The character of an escape whose letter is at x ("u001b" of "\\u001b",
 * "x1b", "033", "e"), with *used its length from x; *used 0 when x starts
 * no such escape ("n", "t", "\\"...). */
static unsigned long escape_code(const char *x, const char *e, size_t *used)
{
    unsigned long cp = 0;
    size_t n = 0;
    *used = 0;
    if (*x == 'e') {
        *used = 1;
        return 0x1b;
    }
    int base = *x == 'u' ? 16 : *x == 'x' ? 16 : (*x >= '0' && *x <= '3') ? 8 : 0;
    size_t want = *x == 'u' ? 4 : *x == 'x' ? 2 : 3;
    const char *d = base == 8 ? x : x + 1;
    for (; base && n < want && d + n < e; n++) {
        int c = d[n], v = c >= '0' && c <= '9'   ? c - '0'
                          : c >= 'a' && c <= 'f' ? c - 'a' + 10
                          : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                 : 99;
        if (v >= base)
            break;
        cp = cp * (unsigned long)base + (unsigned long)v;
    }
    /* "\\0", "\\u0000" (no NUL in the text), a cut "\\u00": none */
    if (!base || n != want || cp == 0)
        return 0;
    *used = (size_t)(d - x) + n;
    return cp;
}

/* Appends code point cp as UTF-8; BDB_OK or BDB_ENOMEM. */
static int put_code(text *out, unsigned long cp)
{
    char b[4];
    size_t n;
    if (cp < 0x80) {
        b[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        b[0] = (char)(0xC0 | (cp >> 6));
        b[1] = (char)(0x80 | (cp & 0x3F));
        n = 2;
    } else {
        b[0] = (char)(0xE0 | (cp >> 12));
        b[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        b[2] = (char)(0x80 | (cp & 0x3F));
        n = 3;
    }
    return put_bytes(out, b, n);
}

/* In [p, e), a member "K_lines": [...] (K the key [k, ke)) as [start,
 * *end): the array that repeats a string member's text a line an
 * element; NULL when there is none. */
static const char *twin_array(const char *p, const char *e, const char *k,
                              const char *ke, const char **end)
{
    size_t n = (size_t)(ke - k);
    for (const char *q = p; (q = bdb_find_n(q, e, k, n)) != NULL; q += n) {
        if (q == p || q[-1] != '"' || !bdb_starts_with(q + n, e, "_lines\""))
            continue;
        const char *r = skip_blank(q + n + 7, e);
        if (r >= e || *r != ':')
            continue;
        r = skip_blank(r + 1, e);
        if (r >= e || *r != '[')
            continue;
        int in_str = 0;
        for (const char *t = r + 1; t < e; t++) {
            if (*t == '"' && !escaped(r, t))
                in_str = !in_str;
            else if (!in_str && *t == ']') {
                *end = t + 1;
                return q - 1;
            }
        }
        return NULL;
    }
    return NULL;
}

int bdb_uw_escapes_seen(const view *v)
{
    view w = {v->p, look(v), NULL};
    size_t pos = 0;
    const char *s, *e, *o, *c;
    esc_ctx x;
    esc_ctx_init(&x, v);
    /* out of memory: seen, so that the pass runs and says so */
    int seen = x.oom;
    while (!seen && next_line(&w, &pos, &s, &e))
        seen = escaped_literal(s, e, &x, &o, &c) != 0;
    esc_ctx_free(&x);
    return seen;
}

static int escapes_pass_in(const view *v, text *out, esc_ctx *x);

int bdb_uw_escapes_pass(const view *v, text *out)
{
    esc_ctx ctx;
    esc_ctx_init(&ctx, v);
    int rc = ctx.oom ? BDB_ENOMEM : escapes_pass_in(v, out, &ctx);
    esc_ctx_free(&ctx);
    return rc;
}

static int escapes_pass_in(const view *v, text *out, esc_ctx *ctx)
{
    size_t pos = 0, i = 0;
    const char *s, *e, *o, *c;
    while (next_line(v, &pos, &s, &e)) {
        int from = line_at(v, i++);
        int lit = escaped_literal(s, e, ctx, &o, &c);
        if (lit != 1) {
            /* a member whose lines its "_lines" twin gives: emptied,
             * read once, from the twin, each figure at its own line */
            if ((lit == 2 ? put_bytes(out, s, (size_t)(o + 1 - s)) ||
                                put_bytes(out, c, (size_t)(e - c))
                          : put_bytes(out, s, (size_t)(e - s))) ||
                end_line(out, from))
                return BDB_ENOMEM;
            continue;
        }
        if (!is_blank_text(s, o) &&
            (put_bytes(out, s, (size_t)(o - s)) || end_line(out, from)))
            return BDB_ENOMEM;
        for (const char *q = o + 1; q < c; q++) {
            int rc = BDB_OK;
            if (*q == '\\' && q + 1 < c) {
                char x = *++q;
                size_t used = 0;
                unsigned long cp = escape_code(q, c, &used);
                if (used) {
                    rc = put_code(out, cp);
                    q += used - 1;
                } else {
                    rc = x == 'n'   ? end_line(out, from)
                         : x == 't' ? put_bytes(out, "\t", 1)
                         : x == 'r' ? BDB_OK
                                    : put_bytes(out, q, 1); /* \" \' \\ */
                }
            } else {
                rc = put_bytes(out, q, 1);
            }
            if (rc)
                return BDB_ENOMEM;
        }
        if (end_line(out, from))
            return BDB_ENOMEM;
        /* the rest of the line, without the array that repeats the
         * member's text a line an element (Ansible's "stdout_lines") */
        const char *k, *ke, *tw = NULL, *tw_end = NULL;
        if (c < e && member_key(s, o, &k, &ke))
            tw = twin_array(c + 1, e, k, ke, &tw_end);
        if (tw) {
            if (!is_blank_text(c, tw) &&
                (put_bytes(out, c, (size_t)(tw - c)) || end_line(out, from)))
                return BDB_ENOMEM;
            c = tw_end;
        }
        if (c < e && !is_blank_text(c, e) &&
            (put_bytes(out, c, (size_t)(e - c)) || end_line(out, from)))
            return BDB_ENOMEM;
    }
    return BDB_OK;
}

/* ---- lines kept as string literals ---- */

/* Output pasted into code as a list of strings, a line each ("'[  3]
 * 0.0- 5.0 sec  18.0 GBytes  30.9 Gbits/sec',", "out = [\"...\",",
 * "'...']"): the literal's text is the line. A line is one when, after
 * blanks, an optional "name =" and opening brackets, a quote opens a
 * literal that holds a digit and closes before nothing but blanks and
 * ",", "]", ")", ";", "+", "\". The pass runs when two lines of the look
 * are such literals and the text is no JSON document (a string array's
 * members are its own). */
static int literal_of_line(const char *s, const char *e, const char **open,
                           const char **close)
{
    const char *p = skip_blank(s, e);
    /* "name =", "const NAME: &str =" (unwrap_source.c) */
    const char *d = bdb_uw_declaration_end(p, e);
    if (d)
        p = skip_blank(d, e);
    else if (p < e && (is_digit(*p) || *p == '_' || *p == '.' ||
                       (*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z')))
        return 0;
    while (p < e && (*p == '[' || *p == '('))
        p = skip_blank(p + 1, e);
    if (p >= e || (*p != '\'' && *p != '"'))
        return 0;
    const char *o = p, *q = p + 1;
    int digit = 0;
    while (q < e && (*q != *o || escaped(o, q))) {
        digit |= is_digit(*q);
        q++;
    }
    if (q >= e || !digit)
        return 0;
    for (const char *t = q + 1; t < e; t++)
        if (!strchr(" \t\r,]);+\\", *t))
            return 0;
    *open = o;
    *close = q;
    return 1;
}

int bdb_uw_literals_seen(const view *v)
{
    view w = {v->p, look(v), NULL};
    const char *f = skip_blank(w.p, w.p + w.len);
    while (f < w.p + w.len && (*f == '\n' || *f == '\r' || *f == ' '))
        f++;
    if (f < w.p + w.len && *f == '{')
        return 0;
    size_t pos = 0;
    int n = 0;
    const char *s, *e, *o, *c;
    while (next_line(&w, &pos, &s, &e) && n < 2)
        if (literal_of_line(s, e, &o, &c))
            /* one long literal a declaration names is enough: "const
             * FIO_TERSE_LINE: &str = \"3;fio-3.36;...\";" */
            n += c - o > 40 && bdb_uw_declaration_end(skip_blank(s, e), e)
                     ? 2
                     : 1;
    return n >= 2;
}

/* 1 when the literal [o, c] of a line, with `after` what follows its
 * close, is concatenated with the next line's, as the language joins
 * them into one string: a "\" line continuation, a "+" (Python, Java,
 * JavaScript, Go, C#), or nothing at all after an opening "(" or "="
 * (Python's and C's adjacent literals: `X = ("3;fio-2.0.15;...;"` then
 * `"1.000000%=...")`, `static const char *x =` then one literal a line).
 * A literal holding a "\n" is a line of its own. */
static int literal_joins(const char *o, const char *c, const char *after,
                         const char *e, int in_parens)
{
    for (const char *q = o + 1; q + 1 < c; q++)
        if (q[0] == '\\' && q[1] == 'n' && !escaped(o, q))
            return 0;
    int op = 0;
    for (const char *t = after; t < e; t++) {
        if (*t == '\\' || *t == '+')
            op = 1;
        else if (*t != ' ' && *t != '\t' && *t != '\r')
            return 0;
    }
    return op || in_parens;
}

/* 1 when a literal line opens a parenthesis before its quote: "X = (" */
static int literal_in_parens(const char *s, const char *o)
{
    for (const char *q = s; q < o; q++)
        if (*q == '(')
            return 1;
    return 0;
}

int bdb_uw_literals_pass(const view *v, text *out, bdb_unwrapped *u)
{
    size_t pos = 0, i = 0, first_brk = u->nbrk;
    const char *s, *e, *o, *c;
    int open_from = 0, in_parens = 0, opened = 0;
    while (next_line(v, &pos, &s, &e)) {
        int from = line_at(v, i++);
        int lit = literal_of_line(s, e, &o, &c);
        int opens = opened;
        /* a line that ends with "=" or "(" opens what the literals after
         * it are (C's `static const char *x =`, Python's `X = (`) */
        const char *t = e;
        while (t > s && (t[-1] == ' ' || t[-1] == '\t' || t[-1] == '\r'))
            t--;
        opened = !lit && t > s && (t[-1] == '=' || t[-1] == '(');
        if (open_from && !lit) {
            /* the concatenation ended without a next literal */
            if (joined_end(u, out, &first_brk, open_from))
                return BDB_ENOMEM;
            open_from = 0;
        }
        if (open_from) {
            /* a literal continuing the line: its text is on its own line
             * of the file (see qp_break) */
            if (qp_break(u, open_from, out->len, from))
                return BDB_ENOMEM;
            from = open_from;
        } else {
            in_parens = lit && (opens || literal_in_parens(s, o));
        }
        /* the literal's text, its escapes decoded (unwrap_source.c) */
        if (lit ? bdb_uw_put_literal(out, o + 1, c, from)
                : put_bytes(out, s, (size_t)(e - s)))
            return BDB_ENOMEM;
        if (lit && literal_joins(o, c, c + 1, e, in_parens)) {
            open_from = from;
            continue;
        }
        open_from = 0;
        if (joined_end(u, out, &first_brk, from))
            return BDB_ENOMEM;
    }
    return open_from ? joined_end(u, out, &first_brk, open_from) : BDB_OK;
}
