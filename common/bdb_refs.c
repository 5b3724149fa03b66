/* bdb_refs.c - interned series identities (see bdb_refs.h): open
 * addressing on the stored hash, each ref carved with its names from a
 * block, each distinct parameter text one allocation. */
#include "bdb_refs.h"
#include "bdb_grow.h"

#include <limits.h>
#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A series past BDB_REFS_FULL: 12 bytes. Its names are t->name_list's
 * number names >> 1, carved after their series_at (2 bytes). */
struct bdb_refs_small {
    unsigned params;        /* t->text_list's number of its text */
    unsigned names;         /* number << 1 | the merge-check flag */
    int repetition;
};

#define CHUNK_SHIFT 12
#define CHUNK ((size_t)1 << CHUNK_SHIFT)

struct bdb_refs_block {
    bdb_refs_block *next;
    size_t size;                /* bytes of data */
    alignas(bdb_series_ref) unsigned char data[];
};

/* The first block holds a few dozen refs (a small log has fewer); each
 * next one doubles, up to this. */
#define BLOCK_MIN ((size_t)4 << 10)
#define BLOCK_MAX ((size_t)256 << 10)

unsigned long long bdb_refs_hash(const char *p, size_t n)
{
    unsigned long long h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)p[i]) * 1099511628211ull;
    return h;
}

void bdb_refs_free(bdb_refs *t)
{
    for (bdb_refs_block *b = t->blocks, *next; b; b = next) {
        next = b->next;
        free(b);
    }
    free(t->slots);
    for (size_t i = 0; i < t->ntexts; i++)
        if (t->texts[i])
            free(t->texts[i] - sizeof(unsigned));
    free(t->texts);
    free(t->text_list);
    for (size_t i = 0; i < t->nchunks; i++)
        free(t->chunks[i]);
    free(t->chunks);
    free(t->small_slots);
    free(t->name_list);
    free(t->name_slots);
    memset(t, 0, sizeof *t);
}

/* n zeroed bytes for a ref and its names, aligned for a ref; NULL when
 * out of memory. */
static void *carve(bdb_refs *t, size_t n)
{
    size_t align = alignof(bdb_series_ref);
    n = (n + align - 1) / align * align;
    if (!t->blocks || t->block_free < n) {
        size_t size = t->blocks ? t->blocks->size * 2 : BLOCK_MIN;
        if (size > BLOCK_MAX)
            size = BLOCK_MAX;
        if (size < n)
            size = n;
        bdb_refs_block *b = malloc(sizeof *b + size);
        if (!b)
            return NULL;
        b->next = t->blocks;
        b->size = size;
        t->blocks = b;
        t->block_free = size;
    }
    void *p = t->blocks->data + (t->blocks->size - t->block_free);
    t->block_free -= n;
    memset(p, 0, n);
    return p;
}

static int grow_refs(bdb_refs *t)
{
    size_t n = t->nslots ? t->nslots * 2 : 64;
    bdb_refs_slot *s = calloc(n, sizeof *s);
    if (!s)
        return -1;
    for (size_t i = 0; i < t->nslots; i++) {
        if (!t->slots[i].ref)
            continue;
        size_t j = (size_t)t->slots[i].hash & (n - 1);
        while (s[j].ref)
            j = (j + 1) & (n - 1);
        s[j] = t->slots[i];
    }
    free(t->slots);
    t->slots = s;
    t->nslots = n;
    return 0;
}

static int grow_texts(bdb_refs *t)
{
    size_t n = t->ntexts ? t->ntexts * 2 : 16;
    char **s = calloc(n, sizeof *s);
    if (!s)
        return -1;
    for (size_t i = 0; i < t->ntexts; i++) {
        char *x = t->texts[i];
        if (!x)
            continue;
        size_t j = (size_t)bdb_refs_hash(x, strlen(x)) & (n - 1);
        while (s[j])
            j = (j + 1) & (n - 1);
        s[j] = x;
    }
    free(t->texts);
    t->texts = s;
    t->ntexts = n;
    return 0;
}

static const char *name_text(const bdb_refs *t, unsigned k)
{
    return t->name_list[k] + sizeof(unsigned short);
}

static int grow_names(bdb_refs *t)
{
    size_t n = t->nname_slots ? t->nname_slots * 2 : 1024;
    unsigned *s = calloc(n, sizeof *s);
    if (!s)
        return -1;
    for (size_t i = 0; i < t->nname_list; i++) {
        const char *x = name_text(t, (unsigned)i);
        size_t j = (size_t)bdb_refs_hash(x, strlen(x)) & (n - 1);
        while (s[j])
            j = (j + 1) & (n - 1);
        s[j] = (unsigned)(i + 1);
    }
    free(t->name_slots);
    t->name_slots = s;
    t->nname_slots = n;
    return 0;
}

/* The number of [p, p+len)'s one copy (no NUL inside; h its
 * bdb_refs_hash) in the names list, made with series_at when absent; -1
 * when out of memory. */
static long long intern_names(bdb_refs *t, const char *p, size_t len,
                              unsigned long long h, size_t series_at)
{
    if (t->nname_slots) {
        size_t j = (size_t)h & (t->nname_slots - 1);
        for (unsigned k; (k = t->name_slots[j]) != 0;
             j = (j + 1) & (t->nname_slots - 1)) {
            const char *x = name_text(t, k - 1);
            if (memcmp(x, p, len) == 0 && x[len] == '\0')
                return k - 1;
        }
    }
    /* numbers keep a bit free for the flag, slots hold number + 1 */
    if (t->nname_list >= (UINT_MAX >> 1) - 1)
        return -1;
    if ((t->nname_list + 1) * 2 > t->nname_slots && grow_names(t))
        return -1;
    if (t->nname_list == t->name_list_cap) {
        const char **l = bdb_grow(t->name_list, t->nname_list,
                                  &t->name_list_cap, sizeof *l, 1024);
        if (!l)
            return -1;
        t->name_list = l;
    }
    char *x = carve(t, sizeof(unsigned short) + len + 1);
    if (!x)
        return -1;
    unsigned short at = (unsigned short)series_at;
    memcpy(x, &at, sizeof at);
    memcpy(x + sizeof at, p, len);
    x[sizeof at + len] = '\0';
    size_t k = t->nname_list++;
    t->name_list[k] = x;
    size_t j = (size_t)h & (t->nname_slots - 1);
    while (t->name_slots[j])
        j = (j + 1) & (t->nname_slots - 1);
    t->name_slots[j] = (unsigned)(k + 1);
    return (long long)k;
}

static bdb_refs_small *small_at(const bdb_refs *t, size_t i)
{
    return &t->chunks[i >> CHUNK_SHIFT][i & (CHUNK - 1)];
}

/* Where a record of (names, params) hashes: both are interned, so the
 * names' number and the text's address are their identity. */
static unsigned long long small_hash(unsigned names, unsigned params)
{
    unsigned long long h = (unsigned long long)names * 0x9e3779b97f4a7c15ull ^
                           (unsigned long long)params * 0xc2b2ae3d27d4eb4full;
    return h ^ (h >> 29);
}

/* A slot of the records' table of n slots: the number + 1 (below n) in
 * the low bits, the hash's high bits above it. A probe reads a record
 * only when those bits are its own: a million records are 12 MB, each
 * read a cache miss. */
static unsigned small_low(size_t n)
{
    return (unsigned)(n - 1);
}

static unsigned small_tag(unsigned long long h, size_t n)
{
    return (unsigned)(h >> 32) & ~small_low(n);
}

static int grow_small(bdb_refs *t)
{
    size_t n = t->nsmall_slots ? t->nsmall_slots * 2 : 4096;
    if (n > (size_t)UINT_MAX)
        return -1;  /* the number must fit the slot's low bits */
    unsigned *s = calloc(n, sizeof *s);
    if (!s)
        return -1;
    for (size_t i = 0; i < t->nsmall; i++) {
        const bdb_refs_small *r = small_at(t, i);
        unsigned long long h = small_hash(r->names >> 1, r->params);
        size_t j = (size_t)h & (n - 1);
        while (s[j])
            j = (j + 1) & (n - 1);
        s[j] = small_tag(h, n) | (unsigned)(i + 1);
    }
    free(t->small_slots);
    t->small_slots = s;
    t->nsmall_slots = n;
    return 0;
}

/* The record of (names, params), made when absent; NULL when out of
 * memory. */
static bdb_refs_small *small_intern(bdb_refs *t, unsigned names,
                                    unsigned params)
{
    unsigned long long h = small_hash(names, params);
    if (t->nsmall_slots) {
        size_t n = t->nsmall_slots;
        unsigned low = small_low(n), tag = small_tag(h, n);
        size_t j = (size_t)h & (n - 1);
        for (unsigned v; (v = t->small_slots[j]) != 0; j = (j + 1) & (n - 1)) {
            if ((v & ~low) != tag)
                continue;
            bdb_refs_small *r = small_at(t, (v & low) - 1);
            if (r->names >> 1 == names && r->params == params)
                return r;
        }
    }
    if (t->nsmall >= UINT_MAX - 1)
        return NULL;
    if ((t->nsmall + 1) * 4 > t->nsmall_slots * 3 && grow_small(t))
        return NULL;
    if ((t->nsmall & (CHUNK - 1)) == 0) {
        size_t c = t->nsmall >> CHUNK_SHIFT;
        bdb_refs_small **cs = realloc(t->chunks, (c + 1) * sizeof *cs);
        if (!cs)
            return NULL;
        t->chunks = cs;
        if (!(cs[c] = malloc(CHUNK * sizeof **cs)))
            return NULL;
        t->nchunks = c + 1;
    }
    bdb_refs_small *r = small_at(t, t->nsmall);
    r->params = params;
    r->names = names << 1;
    r->repetition = 0;
    t->nsmall++;
    size_t n = t->nsmall_slots, j = (size_t)h & (n - 1);
    while (t->small_slots[j])
        j = (j + 1) & (n - 1);
    t->small_slots[j] = small_tag(h, n) | (unsigned)t->nsmall;
    t->used++;
    return r;
}

/* The one copy of a parameter text; NULL when out of memory. */
static const char *intern_text(bdb_refs *t, const char *text)
{
    /* figures of one series, or of one set, follow each other */
    if (t->last_text && strcmp(t->last_text, text) == 0)
        return t->last_text;
    size_t len = strlen(text);
    unsigned long long h = bdb_refs_hash(text, len);
    if (t->ntexts) {
        size_t j = (size_t)h & (t->ntexts - 1);
        for (char *x; (x = t->texts[j]) != NULL; j = (j + 1) & (t->ntexts - 1))
            if (strcmp(x, text) == 0)
                return t->last_text = x;
    }
    if ((t->texts_used + 1) * 2 > t->ntexts && grow_texts(t))
        return NULL;
    /* its number in text_list goes before it */
    if (t->ntext_list >= UINT_MAX - 1)
        return NULL;
    if (t->ntext_list == t->text_list_cap) {
        const char **l = bdb_grow(t->text_list, t->ntext_list,
                                  &t->text_list_cap, sizeof *l, 64);
        if (!l)
            return NULL;
        t->text_list = l;
    }
    char *mem = malloc(sizeof(unsigned) + len + 1);
    if (!mem)
        return NULL;
    unsigned number = (unsigned)t->ntext_list;
    memcpy(mem, &number, sizeof number);
    char *x = mem + sizeof number;
    memcpy(x, text, len + 1);
    t->text_list[t->ntext_list++] = x;
    size_t j = (size_t)h & (t->ntexts - 1);
    while (t->texts[j])
        j = (j + 1) & (t->ntexts - 1);
    t->texts[j] = x;
    t->texts_used++;
    return t->last_text = x;
}

bdb_series_ref *bdb_refs_intern(bdb_refs *t, const char *names, size_t len,
                                size_t series_at, const char *params)
{
    if (len > UINT16_MAX || series_at > len)
        return NULL;    /* the callers' names are far shorter */
    const char *text = intern_text(t, params);
    if (!text)
        return NULL;
    /* the text's one copy stands for it: its address joins the hash */
    uintptr_t at = (uintptr_t)text;
    unsigned long long nh = bdb_refs_hash(names, len);
    unsigned long long h = nh ^ ((unsigned long long)at * 0x9e3779b97f4a7c15ull);
    if (t->nslots) {
        size_t j = (size_t)h & (t->nslots - 1);
        for (bdb_series_ref *r; (r = t->slots[j].ref) != NULL;
             j = (j + 1) & (t->nslots - 1))
            if (t->slots[j].hash == h && r->params == text &&
                r->names_len == len && memcmp(r->names, names, len) == 0)
                return r;
    }
    if (t->used >= BDB_REFS_FULL) {
        /* a series past the first ones: its record, in the scratch */
        long long k = intern_names(t, names, len, nh, series_at);
        unsigned number;
        memcpy(&number, text - sizeof number, sizeof number);
        bdb_refs_small *sm = k >= 0 ? small_intern(t, (unsigned)k, number)
                                    : NULL;
        if (!sm)
            return NULL;
        const char *kept = t->name_list[k];
        bdb_series_ref *r = &t->scratch;
        memset(r, 0, sizeof *r);
        unsigned short sat;
        memcpy(&sat, kept, sizeof sat);
        r->names = kept + sizeof sat;
        r->names_len = (unsigned short)len;
        r->series_at = sat;
        r->params = text;
        r->hash = h;
        r->repetition = sm->repetition;
        r->tracked = (int)(sm->names & 1);
        r->scratch = 1;
        t->scratch_of = sm;
        return r;
    }
    /* filled to three quarters: the slots are a hash and a pointer each,
     * as many as the file has series (up to BDB_REFS_FULL) */
    if ((t->used + 1) * 4 > t->nslots * 3 && grow_refs(t))
        return NULL;
    bdb_series_ref *r = carve(t, sizeof *r + len + 1);
    if (!r)
        return NULL;
    char *k = (char *)(r + 1);
    memcpy(k, names, len);
    k[len] = '\0';
    r->names = k;
    r->names_len = (unsigned short)len;
    r->series_at = (unsigned short)series_at;
    r->params = text;
    r->hash = h;
    size_t j = (size_t)h & (t->nslots - 1);
    while (t->slots[j].ref)
        j = (j + 1) & (t->nslots - 1);
    t->slots[j] = (bdb_refs_slot){h, r};
    t->used++;
    return r;
}

void bdb_refs_done(bdb_refs *t, bdb_series_ref *ref)
{
    if (ref != &t->scratch || !t->scratch_of)
        return;
    t->scratch_of->repetition = ref->repetition;
    t->scratch_of->names = (t->scratch_of->names & ~1u) | (ref->tracked != 0);
    t->scratch_of = NULL;
}
