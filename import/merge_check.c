/* merge_check.c - series shared by differently named files of one import
 * (see merge_check.h).
 *
 * Each distinct (platform, tool, benchmark, metric, parameters) of the
 * batch keeps the list of files it came from (found through a bdb_strmap
 * of the keys; the parameters' text, shared by most series, is kept once
 * and keyed by its number). A file's series are staged as its figures
 * come and join the lists when the file lands. At the end
 * the series that came from two or more files are grouped by that list of
 * files, so that six files sharing 40 series give one warning. */
#include "merge_check.h"
#include "../ingest/tool.h"
#include "../common/bdb_error.h"
#include "../common/bdb_names.h"
#include "../common/bdb_scan.h"
#include "../common/bdb_grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct entry {
    const char *key;        /* the index's copy: platform \x1f tool \x1f
                               benchmark \x1f metric \x1f params id */
    const char *params;     /* the parameters' text (mc->params') */
    int *files;             /* distinct file indices, ascending */
    size_t nfiles, cap;
    size_t staged;          /* the stage (bdb_merge_check_begin) that
                               staged it last, 0: none */
} entry;

struct bdb_merge_check {
    bdb_strmap index;       /* series key -> 1 + its place in entries */
    entry *entries;
    size_t nentries, entries_cap;
    char **paths;
    size_t npaths, paths_cap;
    /* the series of the file being imported, places in entries */
    size_t *staged;
    size_t nstaged, staged_cap;
    size_t stage;           /* counts bdb_merge_check_begin calls */
    /* each distinct parameter text once: most series share theirs */
    bdb_strmap params;      /* text -> 1 + its place in ptexts */
    const char **ptexts;
    size_t nptexts, ptexts_cap;
};

bdb_merge_check *bdb_merge_check_new(void)
{
    bdb_merge_check *mc = calloc(1, sizeof(bdb_merge_check));
    if (mc)
        mc->stage = 1;  /* 0 is no stage's */
    return mc;
}

void bdb_merge_check_free(bdb_merge_check *mc)
{
    if (!mc)
        return;
    for (size_t i = 0; i < mc->nentries; i++)
        free(mc->entries[i].files);
    free(mc->entries);
    bdb_strmap_free(&mc->index);
    for (size_t i = 0; i < mc->npaths; i++)
        free(mc->paths[i]);
    free(mc->paths);
    free(mc->staged);
    bdb_strmap_free(&mc->params);
    free(mc->ptexts);
    free(mc);
}

/* 1 + the place of a parameter text, made when new; 0 when out of
 * memory. */
static size_t params_id(bdb_merge_check *mc, const char *text)
{
    bdb_strmap_entry *m = bdb_strmap_put(&mc->params, text, NULL);
    if (!m)
        return 0;
    if (m->value > 0)
        return (size_t)m->value;
    if (mc->nptexts == mc->ptexts_cap) {
        const char **p = bdb_grow(mc->ptexts, mc->nptexts, &mc->ptexts_cap,
                                  sizeof *p, 16);
        if (!p)
            return 0;   /* the text stays, with value 0: looked up again */
        mc->ptexts = p;
    }
    mc->ptexts[mc->nptexts++] = m->key;
    m->value = (long long)mc->nptexts;
    return mc->nptexts;
}

/* The entry of a series key, made when new; NULL when out of memory. */
static entry *lookup(bdb_merge_check *mc, const char *key, const char *params)
{
    bdb_strmap_entry *m = bdb_strmap_put(&mc->index, key, NULL);
    if (!m)
        return NULL;
    if (m->value > 0)
        return &mc->entries[m->value - 1];
    if (mc->nentries == mc->entries_cap) {
        entry *e = bdb_grow(mc->entries, mc->nentries, &mc->entries_cap,
                            sizeof *e, 256);
        if (!e)
            return NULL;    /* the key stays, with value 0: looked up again */
        mc->entries = e;
    }
    entry *e = &mc->entries[mc->nentries++];
    *e = (entry){.key = m->key, .params = params};
    m->value = (long long)mc->nentries;
    return e;
}

static int entry_add_file(entry *e, int file)
{
    if (e->nfiles && e->files[e->nfiles - 1] == file)
        return BDB_OK;
    if (e->nfiles == e->cap) {
        int *f = bdb_grow(e->files, e->nfiles, &e->cap, sizeof *f, 4);
        if (!f)
            return BDB_ENOMEM;
        e->files = f;
    }
    e->files[e->nfiles++] = file;
    return BDB_OK;
}

void bdb_merge_check_key(const bdb_sample *s, const char *platform,
                         char *key, size_t keysz)
{
    char params[BDB_PARAMS_TEXT_MAX];
    bdb_params_format(&s->params, params, sizeof params);
    snprintf(key, keysz, "%s\x1f%s\x1f%s\x1f%s\x1f%s",
             s->platform[0] ? s->platform : (platform ? platform : ""),
             s->tool, s->benchmark, s->metric, params);
}

void bdb_merge_check_begin(bdb_merge_check *mc)
{
    mc->nstaged = 0;
    mc->stage++;
}

/* "platform\x1ftool\x1fbenchmark\x1fmetric\x1fpid" into key (cut to fit),
 * as snprintf wrote it, without its cost at every figure. */
static void stage_key(char *key, size_t keysz, const char *platform,
                      const char *tool, const char *benchmark,
                      const char *metric, size_t pid)
{
    const char *part[4] = {platform, tool, benchmark, metric};
    size_t used = 0;
    for (int i = 0; i < 4; i++) {
        size_t n = strlen(part[i]);
        if (n > keysz - 1 - used)
            n = keysz - 1 - used;
        memcpy(key + used, part[i], n);
        used += n;
        if (used + 1 < keysz)
            key[used++] = '\x1f';
    }
    char digits[24];
    size_t nd = 0;
    do {
        digits[nd++] = (char)('0' + pid % 10);
        pid /= 10;
    } while (pid);
    while (nd && used + 1 < keysz)
        key[used++] = digits[--nd];
    key[used] = '\0';
}

int bdb_merge_check_stage(bdb_merge_check *mc, const bdb_sample *s,
                          const char *platform)
{
    char params[BDB_PARAMS_TEXT_MAX];
    const char *text = params;
    if (s->ref)
        text = s->ref->params;  /* formatted once already, by ingest */
    else
        bdb_params_format(&s->params, params, sizeof params);
    size_t pid = params_id(mc, text);
    if (!pid)
        return BDB_ENOMEM;
    /* the parameters by their number: the text is kept once, in params */
    char key[BDB_MERGE_KEY_MAX];
    stage_key(key, sizeof key,
              s->platform[0] ? s->platform : (platform ? platform : ""),
              s->tool, s->benchmark, s->metric, pid);
    entry *e = lookup(mc, key, mc->ptexts[pid - 1]);
    if (!e)
        return BDB_ENOMEM;
    if (e->staged == mc->stage)
        return BDB_OK;
    if (mc->nstaged == mc->staged_cap) {
        size_t *p = bdb_grow(mc->staged, mc->nstaged, &mc->staged_cap,
                             sizeof *p, 64);
        if (!p)
            return BDB_ENOMEM;
        mc->staged = p;
    }
    mc->staged[mc->nstaged++] = (size_t)(e - mc->entries);
    e->staged = mc->stage;
    return BDB_OK;
}

int bdb_merge_check_add(bdb_merge_check *mc, const char *path)
{
    if (mc->npaths == mc->paths_cap) {
        char **p = bdb_grow(mc->paths, mc->npaths, &mc->paths_cap, sizeof *p,
                            64);
        if (!p)
            return BDB_ENOMEM;
        mc->paths = p;
    }
    mc->paths[mc->npaths] = strdup(path);
    if (!mc->paths[mc->npaths])
        return BDB_ENOMEM;
    int file = (int)mc->npaths++;
    for (size_t i = 0; i < mc->nstaged; i++)
        if (entry_add_file(&mc->entries[mc->staged[i]], file))
            return BDB_ENOMEM;
    mc->nstaged = 0;
    return BDB_OK;
}

/* The key as bdb_merge_check_key writes it: the parameters' text in
 * place of their number. */
static void full_key(const entry *e, char *out, size_t outsz)
{
    const char *last = strrchr(e->key, '\x1f');
    int n = last ? (int)(last - e->key) : (int)strlen(e->key);
    snprintf(out, outsz, "%.*s\x1f%s", n, e->key, e->params);
}

/* A shared entry with its full key, made once before the sort (the
 * comparison made both keys again at every step of it). */
typedef struct keyed {
    entry *e;
    char *key;
} keyed;

static int cmp_entries(const void *a, const void *b)
{
    const keyed *kx = a, *ky = b;
    const entry *x = kx->e, *y = ky->e;
    if (x->nfiles != y->nfiles)
        return x->nfiles < y->nfiles ? -1 : 1;
    int c = memcmp(x->files, y->files, x->nfiles * sizeof *x->files);
    if (c)
        return c;
    return strcmp(kx->key, ky->key);
}

static int same_files(const entry *x, const entry *y)
{
    return x->nfiles == y->nfiles &&
           memcmp(x->files, y->files, x->nfiles * sizeof *x->files) == 0;
}

/* "redis-benchmark GET requests_per_sec on local" from a key. */
static void describe(const char *key, char *out, size_t outsz)
{
    const char *f[5] = {key};
    int n = 1;
    for (const char *p = key; *p && n < 5; p++)
        if (*p == '\x1f')
            f[n++] = p + 1;
    if (n < 5) {
        bdb_strlcpy(out, outsz, key);   /* an example: cut when long */
        return;
    }
    int len[5];
    for (int i = 0; i < 4; i++)
        len[i] = (int)(f[i + 1] - f[i] - 1);
    len[4] = (int)strlen(f[4]);
    snprintf(out, outsz, "%.*s %.*s %.*s%s%.*s%s on %.*s%s", len[1], f[1],
             len[2], f[2], len[3], f[3], len[4] ? " [" : "", len[4], f[4],
             len[4] ? "]" : "", len[0], f[0],
             len[0] ? "" : "no platform");
}

int bdb_merge_check_report(bdb_merge_check *mc,
                           void (*fn)(const bdb_merge_warning *w, void *ctx),
                           void *ctx)
{
    size_t n = 0;
    for (size_t i = 0; i < mc->nentries; i++)
        n += mc->entries[i].nfiles > 1;
    if (n == 0)
        return 0;
    /* the full keys side by side, each as long as it is */
    size_t bytes = 0;
    for (size_t i = 0; i < mc->nentries; i++)
        if (mc->entries[i].nfiles > 1)
            bytes += strlen(mc->entries[i].key) + strlen(mc->entries[i].params) + 1;
    keyed *shared = malloc(n * sizeof *shared);
    char *keys = malloc(bytes + 1);
    if (!shared || !keys) {
        free(shared);
        free(keys);
        return BDB_ENOMEM;
    }
    n = 0;
    char *at = keys;
    for (size_t i = 0; i < mc->nentries; i++)
        if (mc->entries[i].nfiles > 1) {
            char key[BDB_MERGE_KEY_MAX];
            full_key(&mc->entries[i], key, sizeof key);
            size_t len = strlen(key);
            if (at + len + 1 > keys + bytes + 1)
                len = (size_t)(keys + bytes - at);  /* cannot happen */
            memcpy(at, key, len);
            at[len] = '\0';
            shared[n].e = &mc->entries[i];
            shared[n++].key = at;
            at += len + 1;
        }
    qsort(shared, n, sizeof *shared, cmp_entries);
    int reported = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i + 1;
        while (j < n && same_files(shared[i].e, shared[j].e))
            j++;
        entry *e = shared[i].e;
        const char **names = malloc(e->nfiles * sizeof *names);
        if (!names) {
            free(shared);
            free(keys);
            return BDB_ENOMEM;
        }
        for (size_t k = 0; k < e->nfiles; k++)
            names[k] = mc->paths[e->files[k]];
        bdb_name_diff d;
        bdb_names_diff(names, e->nfiles, &d);
        if (!d.repetition) {
            char files[512], example[600], pattern[300], key[BDB_MERGE_KEY_MAX];
            full_key(e, key, sizeof key);
            const char *tool = strchr(key, '\x1f');
            char toolname[32] = "";
            if (tool) {
                const char *end = strchr(tool + 1, '\x1f');
                snprintf(toolname, sizeof toolname, "%.*s",
                         (int)(end ? end - tool - 1 : 0), tool + 1);
            }
            bdb_names_brace(names, e->nfiles, &d, files, sizeof files);
            describe(key, example, sizeof example);
            bdb_names_suggest_pattern(
                names, e->nfiles, &d,
                bdb_tool_default_sweep(bdb_tool_find(toolname)), pattern,
                sizeof pattern);
            bdb_merge_warning w = {files, e->nfiles, j - i, example, pattern};
            fn(&w, ctx);
            reported++;
        }
        free(names);
        i = j;
    }
    free(shared);
    free(keys);
    return reported;
}
