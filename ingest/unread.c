/* unread.c - the unread-figure account (see unread.h). */
#include "unread.h"
#include "figure_free.h"
#include "json_extent.h"
#include "../common/bdb_error.h"
#include "../common/bdb_scan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int bdb_line_marks_set(bdb_line_marks *m, int line)
{
    if (line <= 0)
        return BDB_OK;
    size_t byte = (size_t)line / 8;
    if (byte >= m->cap) {
        size_t cap = m->cap ? m->cap : 256;
        while (cap <= byte)
            cap *= 2;
        unsigned char *b = realloc(m->bits, cap);
        if (!b)
            return BDB_ENOMEM;
        memset(b + m->cap, 0, cap - m->cap);
        m->bits = b;
        m->cap = cap;
    }
    m->bits[byte] |= (unsigned char)(1u << (line % 8));
    return BDB_OK;
}

int bdb_line_marks_range(bdb_line_marks *m, int from, int to)
{
    return bdb_ranges_add(&m->ranges, from, to);
}

/* 1 when line is marked, alone or in a range; *cursor follows the
 * ranges (bdb_ranges_has), lines being asked about mostly in order. */
static int marked(const bdb_line_marks *m, size_t *cursor, int line)
{
    if (bdb_ranges_has(&m->ranges, cursor, line))
        return 1;
    size_t byte = (size_t)line / 8;
    return byte < m->cap && (m->bits[byte] >> (line % 8)) & 1;
}

void bdb_line_marks_free(bdb_line_marks *m)
{
    free(m->bits);
    m->bits = NULL;
    m->cap = 0;
    bdb_ranges_free(&m->ranges);
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static int is_word(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

/* Appends the n-th number [s, q) to the list out ("12.3, 45, ..."): the
 * first six, then "...". */
static void list_add(char *out, size_t outsz, size_t *used, size_t n,
                     const char *s, const char *q)
{
    if (n <= 6 && *used + (size_t)(q - s) + 8 < outsz) {
        memcpy(out + *used, n > 1 ? ", " : "", n > 1 ? 2 : 0);
        *used += n > 1 ? 2 : 0;
        memcpy(out + *used, s, (size_t)(q - s));
        *used += (size_t)(q - s);
        out[*used] = '\0';
    } else if (n == 7 && *used + 6 < outsz) {
        memcpy(out + *used, ", ...", 6);
        *used += 5;
    }
}

/* The numbers of [p, e), as "12.3, 45, ..." in out (at most a few);
 * returns how many there are. A digit run inside a name ("x86_64",
 * "sha256") is not a number. */
static size_t numbers(const char *p, const char *e, char *out, size_t outsz)
{
    size_t n = 0, used = 0;
    out[0] = '\0';
    for (const char *q = p; q < e;) {
        if (*q == '\x1b') {    /* a terminal's escape: "\e[?2004l" */
            q++;
            while (q < e && !((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z')))
                q++;
            q++;
            continue;
        }
        if (!is_digit(*q) || (q > p && (is_word(q[-1]) || is_digit(q[-1])))) {
            q++;
            continue;
        }
        const char *s = q;
        while (q < e && (is_digit(*q) || ((*q == '.' || *q == ',') &&
                                          q + 1 < e && is_digit(q[1]))))
            q++;
        if (s > p && s[-1] == '-' && e - q > 1 && *q == '-' && is_word(q[1]))
            continue;   /* "aes-256-cbc" is a name */
        list_add(out, outsz, &used, ++n, s, q);
    }
    return n;
}

int bdb_unread_first_number_line(const char *buf, size_t len)
{
    bdb_lines it;
    bdb_line ln;
    char list[128];
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &ln))
        if (numbers(ln.p, ln.end, list, sizeof list))
            return ln.no;
    return 0;
}

/* The numbers of a line inside a JSON document, as numbers() gives them:
 * only the values that are JSON numbers count ("bw_bytes" : 1048576,
 * "1.000000" : 2048 gives 2048); a key or a string holding digits
 * ("jobname" : "randread-4k") is none. A string left open at the end of
 * the line ends there. */
static size_t json_numbers(const char *p, const char *e, char *out,
                           size_t outsz)
{
    size_t n = 0, used = 0;
    int in_str = 0;
    out[0] = '\0';
    for (const char *q = p; q < e;) {
        if (in_str) {
            if (*q == '\\' && q + 1 < e)
                q++;
            else if (*q == '"')
                in_str = 0;
            q++;
            continue;
        }
        if (*q == '"') {
            in_str = 1;
            q++;
            continue;
        }
        int neg = *q == '-' && q + 1 < e && is_digit(q[1]);
        if (!(is_digit(*q) || neg) ||
            (q > p && (is_word(q[-1]) || is_digit(q[-1]) || q[-1] == '.'))) {
            q++;
            continue;
        }
        const char *s = q;
        q += neg;
        while (q < e && (is_digit(*q) || *q == '.' || *q == 'e' || *q == 'E' ||
                         ((*q == '+' || *q == '-') && (q[-1] == 'e' || q[-1] == 'E'))))
            q++;
        list_add(out, outsz, &used, ++n, s, q);
    }
    return n;
}

/* Where a line of a JSON document stands: the containers open at its
 * start, each with the line it opened on and the key it is the value of,
 * so that a figure a parser took "at the line of its object" ("sum":
 * {...} of iperf3) counts for the object's lines, and a tool can declare
 * a part of its document figure-free by its path ("json:/start/..."). */
#define JSON_DEPTH 48
#define JSON_KEY 40

typedef struct json_walk {
    int depth;                    /* open containers (may pass JSON_DEPTH) */
    int line[JSON_DEPTH];
    char read[JSON_DEPTH];        /* a figure came from a line in it */
    char is_obj[JSON_DEPTH];
    char key[JSON_DEPTH][JSON_KEY];
    char last[JSON_KEY];          /* the last string read: a key when ':'
                                     follows it */
    int after_colon;              /* the next value belongs to `last` */
    int in_str;
    size_t str_len;
    char str[JSON_KEY];
} json_walk;

/* Walks the line [p, e) (line number no) through the document. */
static void json_step(json_walk *w, const char *p, const char *e, int no)
{
    for (const char *q = p; q < e; q++) {
        char c = *q;
        if (w->in_str) {
            if (c == '\\' && q + 1 < e) {
                q++;
                continue;
            }
            if (c == '"') {
                w->in_str = 0;
                w->str[w->str_len < JSON_KEY ? w->str_len : JSON_KEY - 1] = '\0';
                memcpy(w->last, w->str, JSON_KEY);
                continue;
            }
            if (w->str_len + 1 < JSON_KEY)
                w->str[w->str_len] = c;
            w->str_len++;
            continue;
        }
        if (c == '"') {
            w->in_str = 1;
            w->str_len = 0;
        } else if (c == ':') {
            w->after_colon = 1;
        } else if (c == '{' || c == '[') {
            if (w->depth < JSON_DEPTH) {
                w->line[w->depth] = no;
                w->read[w->depth] = 0;
                w->is_obj[w->depth] = c == '{';
                /* an array's elements take the array's key */
                const char *k = w->after_colon ? w->last
                                : w->depth ? w->key[w->depth - 1] : "";
                bdb_put_at(w->key[w->depth], JSON_KEY, 0, k, strlen(k));
            }
            w->depth++;
            w->after_colon = 0;
        } else if (c == '}' || c == ']') {
            if (w->depth)
                w->depth--;
            w->after_colon = 0;
        } else if (c == ',') {
            w->after_colon = 0;
        }
    }
    w->in_str = 0; /* a string never spans lines in JSON */
}

/* 1 when the object the line is in was read: the parsers of JSON
 * documents give a figure the line of the object they read it from, of
 * its first key ("socket") or of the array holding it ("streams": [...]),
 * so a figure from the line the innermost object, or one of the objects
 * around it up to the nearest array, opened on, or from a line inside it
 * before this one, counts for all its lines. */
static int json_object_read(const json_walk *w, const bdb_line_marks *m,
                            size_t *cursor)
{
    int d = w->depth < JSON_DEPTH ? w->depth : JSON_DEPTH;
    for (int i = d; i-- > 0;) {
        if (w->read[i] || marked(m, cursor, w->line[i]))
            return 1;
        if (!w->is_obj[i])
            return 0;
    }
    return 0;
}

/* A figure came from the line just walked, which started at depth
 * `before`: the container it opened ("sum_sent": {), or else the one it
 * is in, was read. */
static void json_mark(json_walk *w, int before)
{
    int d = w->depth > before ? w->depth : before;
    if (d && d <= JSON_DEPTH)
        w->read[d - 1] = 1;
}

/* "json:/end/streams/sender/max_rtt": the keys of the containers open at
 * the line's start and the line's own key, for the tools' figure-free
 * declarations. Made for each line of every JSON document: without
 * printf, whose parsing of its formats was 2% of an import of small
 * logs. */
static void json_path(const json_walk *w, const char *p, const char *e,
                      char *out, size_t outsz)
{
    size_t used = bdb_put_at(out, outsz, 0, "json:", 5);
    int d = w->depth < JSON_DEPTH ? w->depth : JSON_DEPTH;
    for (int i = 0; i < d; i++) {
        if (!w->key[i][0] ||
            (i && strcmp(w->key[i], w->key[i - 1]) == 0 && !w->is_obj[i - 1]))
            continue; /* the document itself; an element of an array: the
                         array's key once */
        used = bdb_put_at(out, outsz, used, "/", 1);
        used = bdb_put_at(out, outsz, used, w->key[i], strlen(w->key[i]));
    }
    if (p < e && *p == '"') {
        const char *q = memchr(p + 1, '"', (size_t)(e - p - 1));
        if (q && q + 1 < e && bdb_skip_ws(q + 1, e) < e &&
            *bdb_skip_ws(q + 1, e) == ':') {
            used = bdb_put_at(out, outsz, used, "/", 1);
            bdb_put_at(out, outsz, used, p + 1, (size_t)(q - p - 1));
        }
    }
}

static int declared(const char *const *tools, const char *p, const char *e,
                    int *err)
{
    for (size_t i = 0; tools[i]; i++) {
        int r = bdb_figure_free_line(tools[i], p, e);
        if (r < 0)
            *err = BDB_ENOMEM;
        if (r)
            return 1;
    }
    return 0;
}

int bdb_unread_account(const char *buf, size_t len, const bdb_line_marks *m,
                       const char *const *tools, const char *tools_text,
                       const bdb_unwrapped *u, bdb_sink *out)
{
    bdb_lines it;
    bdb_line ln;
    size_t js = 0, je = 0;
    int has_json = bdb_json_object_next(buf, len, 0, &js, &je);
    int first = 0, err = 0;
    json_walk *w = NULL;
    size_t walk_js = (size_t)-1;
    size_t cursor = 0;          /* in m's ranges, for the lines in order */
    size_t opened_cursor = 0;   /* for the lines the objects opened on */
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &ln)) {
        size_t at = (size_t)(ln.p - buf);
        while (has_json && at >= je)
            has_json = bdb_json_object_next(buf, len, je, &js, &je);
        int in_json = has_json && at >= js;
        /* quiet: the line says nothing (a figure came from it or from its
         * object, or it holds no number); only a line that may warn gets
         * its path, of the containers open at its start */
        int is_marked = marked(m, &cursor, ln.no), quiet = is_marked;
        char path[512], list[160];
        const char *p = ln.p, *e = ln.end;
        bdb_trim(&p, &e);
        if (in_json) {
            if (!w && !(w = malloc(sizeof *w)))
                return BDB_ENOMEM;
            if (walk_js != js) {  /* a new document */
                memset(w, 0, sizeof *w);
                walk_js = js;
            }
            quiet = quiet || json_object_read(w, m, &opened_cursor) ||
                    p == e || !json_numbers(p, e, list, sizeof list);
            if (!quiet)
                json_path(w, p, e, path, sizeof path);
            int before = w->depth;
            json_step(w, ln.p, ln.end, ln.no);
            if (is_marked)
                json_mark(w, before);
        } else {
            quiet = quiet || p == e || !numbers(p, e, list, sizeof list);
        }
        if (quiet)
            continue;
        int free_line = in_json ? declared(tools, path, path + strlen(path), &err)
                                : declared(tools, p, e, &err);
        if (err) {
            free(w);
            return err;
        }
        if (free_line)
            continue;
        int line = bdb_unwrap_line(u, ln.no);
        if (!first)
            first = line;
        if (++out->unread_lines <= BDB_UNREAD_LISTED) {
            int rc = bdb_sink_warn(out, line, "%s: numbers not read: %s",
                                   tools_text, list);
            if (rc) {
                free(w);
                return rc;
            }
        }
    }
    free(w);
    if (out->unread_lines > BDB_UNREAD_LISTED)
        return bdb_sink_warn(out, first,
                             "%s: %zu more lines with numbers not read (the "
                             "first %d are listed)",
                             tools_text, out->unread_lines - BDB_UNREAD_LISTED,
                             BDB_UNREAD_LISTED);
    return BDB_OK;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int bdb_unread_drops(const bdb_unwrapped *u, size_t since, bdb_sink *out)
{
    if (!u || !u->ndrops)
        return BDB_OK;
    /* the lines warned from note `since` on (the account's), sorted: a
     * dropped note's line is looked up, not every warning scanned for
     * each note */
    size_t nw = 0;
    int *warned = NULL;
    if (out->nnotes > since &&
        !(warned = malloc((out->nnotes - since) * sizeof *warned)))
        return BDB_ENOMEM;
    for (size_t i = since; i < out->nnotes; i++)
        if (!out->notes[i].is_info)
            warned[nw++] = out->notes[i].line;
    if (nw)
        qsort(warned, nw, sizeof *warned, cmp_int);
    /* the lines of the notes' own warnings so far (at most
     * BDB_UNREAD_LISTED are given one) */
    int listed[BDB_UNREAD_LISTED];
    size_t nlisted = 0;
    for (size_t i = 0; i < u->ndrops; i++) {
        const bdb_unwrap_drop *d = &u->drops[i];
        /* a line the account listed, or an earlier note's, is counted
         * already */
        int counted = nw && bsearch(&d->line, warned, nw, sizeof *warned,
                                    cmp_int);
        for (size_t k = 0; k < nlisted && !counted; k++)
            counted = listed[k] == d->line;
        if (!counted)
            out->unread_lines++;
        if (i >= BDB_UNREAD_LISTED)
            continue;
        listed[nlisted++] = d->line;
        int rc = bdb_sink_warn(out, d->line, "a note after the tool's line "
                               "was not read: '%s'", d->text);
        if (rc) {
            free(warned);
            return rc;
        }
    }
    free(warned);
    if (u->ndrops > BDB_UNREAD_LISTED)
        return bdb_sink_warn(out, u->drops[BDB_UNREAD_LISTED].line,
                             "%zu more notes after the tool's lines not read "
                             "(the first %d are listed)",
                             u->ndrops - BDB_UNREAD_LISTED, BDB_UNREAD_LISTED);
    return BDB_OK;
}
