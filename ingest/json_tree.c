/* json_tree.c - one JSON value into a tree in an arena (json_tree.h).
 *
 * RFC 8259 as jansson 2.x reads it: blanks are ' ', '\t', '\n', '\r';
 * a number is -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, an integer
 * (neither fraction nor exponent) read as a long long and one out of its
 * range refused, a real read by strtod and one that overflows refused;
 * true, false and null are words (a letter right after one makes another
 * word, which is none); a string holds no control byte and only valid
 * UTF-8 (no overlong form, no surrogate, nothing past U+10FFFF), and its
 * escapes are \" \\ \/ \b \f \n \r \t and \uXXXX, a high surrogate
 * followed by a low one making one character. Refused here and left to
 * jansson, which decides (and says why): \u0000, a duplicate key,
 * numbers of more than 63 characters, nesting past BDB_JT_DEPTH, and
 * anything that is not JSON. */
#include "json_tree.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the arena --------------------------------------------------------------- */

typedef struct chunk {
    struct chunk *next;
    size_t cap, used;
    _Alignas(16) unsigned char data[];
} chunk;

#define CHUNK_MIN ((size_t)64 << 10)
/* after a value that took more than this, its chunks are given back */
#define KEEP_MAX ((size_t)4 << 20)

struct bdb_jt_doc {
    chunk *first, *cur;
    size_t total;               /* bytes of every chunk */
    unsigned char *stack;       /* members and items of open containers */
    size_t stack_n, stack_cap;
    unsigned *seen;             /* the duplicate-key check's table */
    size_t seen_cap;
    size_t fallbacks;
    bdb_jt root;
};

bdb_jt_doc *bdb_jt_doc_new(void)
{
    return calloc(1, sizeof(bdb_jt_doc));
}

static void chunks_free(chunk *c)
{
    while (c) {
        chunk *n = c->next;
        free(c);
        c = n;
    }
}

void bdb_jt_doc_free(bdb_jt_doc *d)
{
    if (!d)
        return;
    chunks_free(d->first);
    free(d->stack);
    free(d->seen);
    free(d);
}

static void doc_reset(bdb_jt_doc *d)
{
    if (d->total > KEEP_MAX) {
        chunks_free(d->first);
        d->first = d->cur = NULL;
        d->total = 0;
    }
    for (chunk *c = d->first; c; c = c->next)
        c->used = 0;
    d->cur = d->first;
    d->stack_n = 0;
}

static void *carve(bdb_jt_doc *d, size_t size, size_t align)
{
    for (chunk *c = d->cur; c; c = c->next) {
        size_t at = (c->used + align - 1) & ~(align - 1);
        if (at <= c->cap && size <= c->cap - at) {
            c->used = at + size;
            d->cur = c;
            return c->data + at;
        }
        /* a chunk too full for this is left behind: the next ones are
         * empty (reset), so the loop moves at most a few steps */
    }
    size_t cap = size > CHUNK_MIN ? size : CHUNK_MIN;
    chunk *c = malloc(sizeof *c + cap);
    if (!c)
        return NULL;
    c->next = NULL;
    c->cap = cap;
    c->used = size;
    d->total += cap;
    /* appended after the last chunk, so that a reset reuses it */
    if (!d->first) {
        d->first = c;
    } else {
        chunk *last = d->cur ? d->cur : d->first;
        while (last->next)
            last = last->next;
        last->next = c;
    }
    d->cur = c;
    return c->data;
}

static char *text_copy(bdb_jt_doc *d, const char *s, size_t n)
{
    char *t = carve(d, n + 1, 1);
    if (t) {
        memcpy(t, s, n);
        t[n] = '\0';
    }
    return t;
}

/* Room for n more bytes on the stack of open containers' children. */
static int stack_room(bdb_jt_doc *d, size_t n)
{
    if (d->stack_cap - d->stack_n >= n)
        return 0;
    size_t cap = d->stack_cap ? d->stack_cap : 4096;
    while (cap - d->stack_n < n)
        cap *= 2;
    unsigned char *p = realloc(d->stack, cap);
    if (!p)
        return -1;
    d->stack = p;
    d->stack_cap = cap;
    return 0;
}

/* ---- the reader -------------------------------------------------------------- */

typedef struct reader {
    bdb_jt_doc *d;
    const unsigned char *b;
    size_t len, i;
    int depth;
    int oom;
} reader;

static void blanks(reader *r)
{
    while (r->i < r->len && (r->b[r->i] == ' ' || r->b[r->i] == '\n' ||
                             r->b[r->i] == '\t' || r->b[r->i] == '\r'))
        r->i++;
}

static int digit(reader *r)
{
    return r->i < r->len && r->b[r->i] >= '0' && r->b[r->i] <= '9';
}

static int letter(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* One or more digits, passed over; -1 when there is none. */
static int digits(reader *r)
{
    if (!digit(r))
        return -1;
    while (digit(r))
        r->i++;
    return 0;
}

static int number(reader *r, bdb_jt *out)
{
    size_t start = r->i;
    int real = 0;
    if (r->b[r->i] == '-')
        r->i++;
    if (r->i < r->len && r->b[r->i] == '0') {
        r->i++;
        if (digit(r))
            return -1;
    } else if (digits(r)) {
        return -1;
    }
    if (r->i < r->len && r->b[r->i] == '.') {
        r->i++;
        if (digits(r))
            return -1;
        real = 1;
    }
    if (r->i < r->len && (r->b[r->i] == 'e' || r->b[r->i] == 'E')) {
        r->i++;
        if (r->i < r->len && (r->b[r->i] == '+' || r->b[r->i] == '-'))
            r->i++;
        if (digits(r))
            return -1;
        real = 1;
    }
    size_t n = r->i - start;
    char tmp[64];
    if (n >= sizeof tmp)
        return -1;
    memcpy(tmp, r->b + start, n);
    tmp[n] = '\0';
    char *end;
    errno = 0;
    if (real) {
        double v = strtod(tmp, &end);
        if (errno == ERANGE)    /* out of a double's range: jansson's */
            return -1;
        out->u.num = v;
    } else {
        long long v = strtoll(tmp, &end, 10);
        if (errno == ERANGE)
            return -1;
        out->u.num = (double)v;
    }
    if (end != tmp + n)
        return -1;
    out->type = BDB_JT_NUMBER;
    out->n = 0;
    return 0;
}

static int hex4(const unsigned char *p, unsigned *v)
{
    unsigned x = 0;
    for (int k = 0; k < 4; k++) {
        unsigned c = p[k], h;
        if (c >= '0' && c <= '9')
            h = c - '0';
        else if (c >= 'a' && c <= 'f')
            h = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            h = c - 'A' + 10;
        else
            return -1;
        x = x << 4 | h;
    }
    *v = x;
    return 0;
}

/* The length of the valid UTF-8 sequence at p[0..n) (p[0] >= 0x80), 0 if
 * there is none. */
static size_t utf8_len(const unsigned char *p, size_t n)
{
    unsigned c = p[0];
    size_t len;
    unsigned lo = 0x80, hi = 0xBF;  /* the second byte's range */
    if (c >= 0xC2 && c <= 0xDF)
        len = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0;          /* no overlong form */
        else if (c == 0xED)
            hi = 0x9F;          /* no surrogate */
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;          /* nothing past U+10FFFF */
    } else
        return 0;
    if (n < len || p[1] < lo || p[1] > hi)
        return 0;
    for (size_t k = 2; k < len; k++)
        if (p[k] < 0x80 || p[k] > 0xBF)
            return 0;
    return len;
}

static size_t utf8_put(unsigned char *o, unsigned cp)
{
    if (cp < 0x80) {
        o[0] = (unsigned char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (unsigned char)(0xC0 | cp >> 6);
        o[1] = (unsigned char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (unsigned char)(0xE0 | cp >> 12);
        o[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
        o[2] = (unsigned char)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (unsigned char)(0xF0 | cp >> 18);
    o[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3F));
    o[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
    o[3] = (unsigned char)(0x80 | (cp & 0x3F));
    return 4;
}

/* The string at r->b[r->i] ('"'), decoded into the arena. */
static int string(reader *r, const char **s, size_t *sn)
{
    size_t from = ++r->i, to = from;
    int plain = 1;
    /* its closing quote first: the decoded text is never longer */
    while (to < r->len && r->b[to] != '"') {
        if (r->b[to] == '\\') {
            plain = 0;
            to++;
        } else if (r->b[to] < 0x20) {
            return -1;
        } else if (r->b[to] >= 0x80) {
            plain = 0;
        }
        to++;
    }
    if (to >= r->len)
        return -1;
    if (plain) {
        char *t = text_copy(r->d, (const char *)r->b + from, to - from);
        if (!t) {
            r->oom = 1;
            return -1;
        }
        *s = t;
        *sn = to - from;
        r->i = to + 1;
        return 0;
    }
    unsigned char *o = carve(r->d, to - from + 1, 1), *o0 = o;
    if (!o) {
        r->oom = 1;
        return -1;
    }
    for (size_t i = from; i < to;) {
        unsigned c = r->b[i];
        if (c >= 0x80) {
            size_t n = utf8_len(r->b + i, to - i);
            if (!n)
                return -1;
            memcpy(o, r->b + i, n);
            o += n;
            i += n;
            continue;
        }
        if (c != '\\') {
            *o++ = (unsigned char)c;
            i++;
            continue;
        }
        c = r->b[i + 1];    /* i + 1 < to: a '\\' never ends the span */
        i += 2;
        switch (c) {
        case '"': case '\\': case '/':
            *o++ = (unsigned char)c;
            continue;
        case 'b': *o++ = '\b'; continue;
        case 'f': *o++ = '\f'; continue;
        case 'n': *o++ = '\n'; continue;
        case 'r': *o++ = '\r'; continue;
        case 't': *o++ = '\t'; continue;
        case 'u': break;
        default: return -1;
        }
        unsigned cp, lo;
        if (to - i < 4 || hex4(r->b + i, &cp))
            return -1;
        i += 4;
        if (cp == 0 || (cp >= 0xDC00 && cp <= 0xDFFF))
            return -1;
        if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (to - i < 6 || r->b[i] != '\\' || r->b[i + 1] != 'u' ||
                hex4(r->b + i + 2, &lo) || lo < 0xDC00 || lo > 0xDFFF)
                return -1;
            i += 6;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        }
        o += utf8_put(o, cp);
    }
    *o = '\0';
    *s = (const char *)o0;
    *sn = (size_t)(o - o0);
    r->i = to + 1;
    return 0;
}

static unsigned key_hash(const char *k, size_t n)
{
    unsigned h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)k[i]) * 16777619u;
    return h;
}

/* 1 when two of the n members share a key (jansson keeps the first's
 * place and the last's value: left to it), -1 out of memory. */
static int duplicate_keys(bdb_jt_doc *d, const bdb_jt_member *m, size_t n)
{
    if (n <= 8) {
        for (size_t i = 1; i < n; i++)
            for (size_t j = 0; j < i; j++)
                if (m[i].key_n == m[j].key_n &&
                    memcmp(m[i].key, m[j].key, m[i].key_n) == 0)
                    return 1;
        return 0;
    }
    size_t cap = 16;
    while (cap < 2 * n)
        cap *= 2;
    if (cap > d->seen_cap) {
        unsigned *p = realloc(d->seen, cap * sizeof *p);
        if (!p)
            return -1;
        d->seen = p;
        d->seen_cap = cap;
    }
    memset(d->seen, 0, cap * sizeof *d->seen);
    for (size_t i = 0; i < n; i++) {
        size_t j = key_hash(m[i].key, m[i].key_n) & (cap - 1);
        for (unsigned k; (k = d->seen[j]) != 0; j = (j + 1) & (cap - 1)) {
            const bdb_jt_member *o = &m[k - 1];
            if (o->key_n == m[i].key_n &&
                memcmp(o->key, m[i].key, o->key_n) == 0)
                return 1;
        }
        d->seen[j] = (unsigned)i + 1;
    }
    return 0;
}

static int value(reader *r, bdb_jt *out);

/* The children on the stack from base on, moved into the arena. */
static void *children(reader *r, size_t base)
{
    size_t bytes = r->d->stack_n - base;
    if (!bytes)
        return NULL;
    void *p = carve(r->d, bytes, 16);
    if (!p) {
        r->oom = 1;
        return NULL;
    }
    memcpy(p, r->d->stack + base, bytes);
    return p;
}

/* An object ('{') or an array ('['): its members or items, each pushed
 * on the stack as it is read, moved into the arena at its end. */
static int container(reader *r, bdb_jt *out)
{
    bdb_jt_doc *d = r->d;
    int is_obj = r->b[r->i] == '{';
    unsigned char close = is_obj ? '}' : ']';
    size_t base = d->stack_n, n = 0;
    size_t size = is_obj ? sizeof(bdb_jt_member) : sizeof(bdb_jt);
    r->i++;
    blanks(r);
    if (r->i < r->len && r->b[r->i] == close) {
        r->i++;
    } else {
        for (;;) {
            bdb_jt_member m;
            if (is_obj) {
                if (r->i >= r->len || r->b[r->i] != '"' ||
                    string(r, &m.key, &m.key_n))
                    return -1;
                blanks(r);
                if (r->i >= r->len || r->b[r->i] != ':')
                    return -1;
                r->i++;
                blanks(r);
            }
            if (value(r, &m.v))
                return -1;
            if (stack_room(d, size)) {
                r->oom = 1;
                return -1;
            }
            memcpy(d->stack + d->stack_n, is_obj ? (void *)&m : (void *)&m.v,
                   size);
            d->stack_n += size;
            n++;
            blanks(r);
            if (r->i >= r->len)
                return -1;
            if (r->b[r->i] == close) {
                r->i++;
                break;
            }
            if (r->b[r->i] != ',')
                return -1;
            r->i++;
            blanks(r);
        }
    }
    if (n > UINT_MAX)
        return -1;
    void *kids = children(r, base);
    d->stack_n = base;
    if (n && !kids)
        return -1;
    int dup = is_obj && n > 1 ? duplicate_keys(d, kids, n) : 0;
    if (dup) {
        r->oom = dup < 0;
        return -1;
    }
    out->type = is_obj ? BDB_JT_OBJECT : BDB_JT_ARRAY;
    out->n = (unsigned)n;
    if (is_obj)
        out->u.mem = kids;
    else
        out->u.item = kids;
    return 0;
}

static int word(reader *r, const char *w, size_t n, unsigned type,
                bdb_jt *out)
{
    if (r->len - r->i < n || memcmp(r->b + r->i, w, n) != 0 ||
        (r->len - r->i > n && letter(r->b[r->i + n])))
        return -1;
    r->i += n;
    out->type = type;
    out->n = 0;
    out->u.num = 0;
    return 0;
}

static int value(reader *r, bdb_jt *out)
{
    if (r->i >= r->len)
        return -1;
    unsigned char c = r->b[r->i];
    int rc;
    switch (c) {
    case '{':
    case '[':
        if (++r->depth > BDB_JT_DEPTH)
            return -1;
        rc = container(r, out);
        r->depth--;
        return rc;
    case '"': {
        const char *s;
        size_t n;
        if (string(r, &s, &n) || n > UINT_MAX)
            return -1;
        out->type = BDB_JT_STRING;
        out->n = (unsigned)n;
        out->u.str = s;
        return 0;
    }
    case 't':
        return word(r, "true", 4, BDB_JT_TRUE, out);
    case 'f':
        return word(r, "false", 5, BDB_JT_FALSE, out);
    case 'n':
        return word(r, "null", 4, BDB_JT_NULL, out);
    default:
        if (c == '-' || (c >= '0' && c <= '9'))
            return number(r, out);
        return -1;
    }
}

/* ---- jansson's value, when it decides ---------------------------------------- */

static int copy_jansson(bdb_jt_doc *d, json_t *j, bdb_jt *out)
{
    memset(out, 0, sizeof *out);
    int type = json_typeof(j);
    if (type == JSON_OBJECT || type == JSON_ARRAY) {
        int is_obj = type == JSON_OBJECT;
        size_t n = is_obj ? json_object_size(j) : json_array_size(j);
        size_t size = is_obj ? sizeof(bdb_jt_member) : sizeof(bdb_jt);
        void *kids = n ? carve(d, n * size, 16) : NULL;
        if (n && !kids)
            return -1;
        out->type = is_obj ? BDB_JT_OBJECT : BDB_JT_ARRAY;
        out->n = (unsigned)n;
        if (is_obj) {
            bdb_jt_member *m = out->u.mem = kids;
            const char *k;
            json_t *v;
            json_object_foreach(j, k, v) {
                m->key_n = strlen(k);
                if (!(m->key = text_copy(d, k, m->key_n)) ||
                    copy_jansson(d, v, &m->v))
                    return -1;
                m++;
            }
        } else {
            bdb_jt *it = out->u.item = kids;
            for (size_t i = 0; i < n; i++)
                if (copy_jansson(d, json_array_get(j, i), &it[i]))
                    return -1;
        }
        return 0;
    }
    switch (type) {
    case JSON_STRING: {
        size_t n = json_string_length(j);
        if (!(out->u.str = text_copy(d, json_string_value(j), n)))
            return -1;
        out->type = BDB_JT_STRING;
        out->n = (unsigned)n;
        return 0;
    }
    case JSON_INTEGER:
    case JSON_REAL:
        out->type = BDB_JT_NUMBER;
        out->u.num = json_number_value(j);
        return 0;
    case JSON_TRUE:
        out->type = BDB_JT_TRUE;
        return 0;
    case JSON_FALSE:
        out->type = BDB_JT_FALSE;
        return 0;
    default:
        out->type = BDB_JT_NULL;
        return 0;
    }
}

static void oom(json_error_t *err)
{
    memset(err, 0, sizeof *err);
    snprintf(err->text, sizeof err->text, "out of memory");
}

const bdb_jt *bdb_jt_parse(bdb_jt_doc *d, const char *buf, size_t len,
                           size_t *consumed, json_error_t *err)
{
    doc_reset(d);
    reader r = {d, (const unsigned char *)buf, len, 0, 0, 0};
    blanks(&r);
    if (value(&r, &d->root) == 0) {
        *consumed = r.i;
        return &d->root;
    }
    if (r.oom) {
        oom(err);
        return NULL;
    }
    /* jansson decides, and says why it refuses */
    d->fallbacks++;
    doc_reset(d);
    json_t *j = json_loadb(buf, len, JSON_DISABLE_EOF_CHECK | JSON_DECODE_ANY,
                           err);
    if (!j)
        return NULL;
    int rc = copy_jansson(d, j, &d->root);
    json_decref(j);
    if (rc) {
        oom(err);
        return NULL;
    }
    *consumed = err->position > 0 ? (size_t)err->position : 0;
    return &d->root;
}

size_t bdb_jt_doc_fallbacks(const bdb_jt_doc *d)
{
    return d->fallbacks;
}

const bdb_jt *bdb_jt_get(const bdb_jt *o, const char *key)
{
    if (!o || o->type != BDB_JT_OBJECT)
        return NULL;
    size_t n = strlen(key);
    for (unsigned i = 0; i < o->n; i++) {
        const bdb_jt_member *m = &o->u.mem[i];
        if (m->key_n == n && m->key[0] == key[0] && memcmp(m->key, key, n) == 0)
            return &m->v;
    }
    return NULL;
}
