/* json_tree.h - one JSON value decoded into a tree held in an arena, for
 * fio's JSON output (fio_json.c), read job by job.
 *
 * The value is what jansson's json_loadb(JSON_DISABLE_EOF_CHECK |
 * JSON_DECODE_ANY) makes of the same bytes, node for node: the same
 * numbers (an integer through long long, as jansson keeps it; a real
 * through strtod), the same strings (escapes and \u surrogate pairs
 * decoded, UTF-8 checked), the same members in the same order. The tree
 * is read here in one pass with no allocation per node (jansson mallocs
 * every value and hashes every key: 16% of the instructions of importing
 * a 14,380-job fio JSON). Whatever this reader does not take as it is
 * (invalid JSON, a duplicate key, a number too long or out of range,
 * \u0000, nesting past BDB_JT_DEPTH) is handed to jansson itself: its
 * error is the caller's error, its value (when it has one) is copied
 * into the tree. So what is accepted, and every message, is jansson's. */
#ifndef BDB_JSON_TREE_H
#define BDB_JSON_TREE_H

#include <jansson.h>
#include <stddef.h>

enum {
    BDB_JT_NULL, BDB_JT_TRUE, BDB_JT_FALSE, BDB_JT_NUMBER, BDB_JT_STRING,
    BDB_JT_OBJECT, BDB_JT_ARRAY
};

typedef struct bdb_jt_member bdb_jt_member;

typedef struct bdb_jt {
    unsigned type;      /* BDB_JT_* */
    unsigned n;         /* members, items, or a string's bytes */
    union {
        double num;
        const char *str;        /* NUL-terminated (no NUL inside) */
        bdb_jt_member *mem;     /* an object's, in the text's order */
        struct bdb_jt *item;    /* an array's */
    } u;
} bdb_jt;

struct bdb_jt_member {
    const char *key;    /* NUL-terminated */
    size_t key_n;
    bdb_jt v;
};

/* Nesting past this is left to jansson (which allows 2048). */
#define BDB_JT_DEPTH 256

/* Where trees are made; each parse reuses its memory. */
typedef struct bdb_jt_doc bdb_jt_doc;

bdb_jt_doc *bdb_jt_doc_new(void);
void bdb_jt_doc_free(bdb_jt_doc *d);

/* Decodes the JSON value at buf[0..len) (after blanks), as
 * json_loadb(buf, len, JSON_DISABLE_EOF_CHECK | JSON_DECODE_ANY, err)
 * would: returns its tree, valid until d's next parse, and sets
 * *consumed to the bytes read (err->position's value); NULL when it is
 * not JSON (err set by jansson) or out of memory (err's text says so). */
const bdb_jt *bdb_jt_parse(bdb_jt_doc *d, const char *buf, size_t len,
                           size_t *consumed, json_error_t *err);

/* How many of d's parses jansson decided (the value was refused here). */
size_t bdb_jt_doc_fallbacks(const bdb_jt_doc *d);

/* The value of key in o; NULL when o is no object or has no such key. */
const bdb_jt *bdb_jt_get(const bdb_jt *o, const char *key);

static inline int bdb_jt_is(const bdb_jt *v, unsigned type)
{
    return v && v->type == type;
}

#define bdb_jt_is_number(v) bdb_jt_is((v), BDB_JT_NUMBER)
#define bdb_jt_is_string(v) bdb_jt_is((v), BDB_JT_STRING)
#define bdb_jt_is_object(v) bdb_jt_is((v), BDB_JT_OBJECT)
#define bdb_jt_is_array(v) bdb_jt_is((v), BDB_JT_ARRAY)

/* Each member of object o in order: its key k (const char *) and value
 * v (const bdb_jt *); each item of array a: its index i and value v. */
#define BDB_JT_OBJECT_FOREACH(o, k, v)                                      \
    for (unsigned jt_i_ = 0;                                                \
         jt_i_ < (o)->n &&                                                  \
         ((k) = (o)->u.mem[jt_i_].key, (v) = &(o)->u.mem[jt_i_].v, 1);      \
         jt_i_++)
#define BDB_JT_ARRAY_FOREACH(a, i, v)                                       \
    for ((i) = 0; (i) < (a)->n && ((v) = &(a)->u.item[(i)], 1); (i)++)

#endif
