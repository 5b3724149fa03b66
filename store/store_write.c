/* store_write.c - the source write path, written once above the driver's
 * primitives (store_backend.h): a source begun, its figures put, ended;
 * batches of them; and what they find or make on the way (platforms,
 * parameter sets, series, run sets, notes), with the sweep of series
 * left without results. A back-end gives only what differs: its
 * transactions, its bulk rows (SQLite's many-row INSERTs, PostgreSQL's
 * COPY), and optionally the series and parameter sets of a flush made in
 * one round trip (PostgreSQL). */
#include "store_internal.h"
#include "../common/bdb_grow.h"
#include "series_ident.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A figure waiting for the next bulk insert; series_id < 0: the new
 * series -(series_id + 1), made at that flush (a driver with
 * series_make). */
typedef struct pend_row {
    long long series_id, platform_id;
    int line, repetition;
    double value;
} pend_row;

/* How many results the open source put on one platform (0: none): its
 * row of source_platforms, written when the source ends. */
typedef struct src_platform {
    long long platform_id, n;
} src_platform;

struct bdb_write {
    int in_batch;           /* a batch is open: files are savepoints */
    /* whether series kept without a key (schemas/012) exist, as known
     * at the series cache's generation keyless_gen - 1 (0: not known) */
    int keyless;
    unsigned long long keyless_gen;
    /* what the last new series' key shares with the next one's */
    bdb_ident_memo ident_memo;
    int sweep_series;       /* results were replaced: drop orphan series
                               once, when the batch ends */
    int sweep_all;          /* ... all of them (a deletion or a change
                               whose series are not known), else only: */
    long long *sweep_ids;   /* the series replaced sources had */
    size_t nsweep, capsweep;
    char cur_platform[64];  /* the open source's default platform */
    int cur_replaced;       /* the open source is being re-read */
    long long cur_id;       /* the open source */
    /* the run set the batch's files go into, known to exist: forgotten
     * whenever a rollback may have removed it */
    char set_name[256];
    long long set_id;
    char last_platform[64];
    long long last_platform_id;
    bdb_strmap platforms;   /* platforms -> 1 + id (a CSV's rows take
                               turns among them) */
    bdb_scache cache;
    pend_row *pend;         /* the open source's figures not inserted yet */
    size_t npend;
    bdb_cell *cells;        /* their cells, at a flush */
    bdb_new_series *news;   /* the series they need made (series_make) */
    size_t nnews, capnews;
    src_platform *plats;    /* the open source's results per platform */
    size_t nplats, capplats;
    size_t *plat_slots;     /* open addressing on platform_id: index + 1
                               into plats, 0 empty; nplat_slots a power
                               of two, at least twice nplats */
    size_t nplat_slots;
};

static bdb_write *W(bdb_store *st)
{
    return st->write;
}

int bdb_write_open(bdb_store *st)
{
    st->write = calloc(1, sizeof *st->write);
    if (!st->write)
        return BDB_ENOMEM;
    st->write->last_platform_id = -1;
    return BDB_OK;
}

static void news_free(bdb_write *w, int made);

void bdb_write_close(bdb_store *st)
{
    bdb_write *w = W(st);
    if (!w)
        return;
    bdb_scache_clear(&w->cache);
    bdb_strmap_free(&w->platforms);
    news_free(w, 0);
    free(w->news);
    free(w->pend);
    free(w->cells);
    free(w->sweep_ids);
    free(w->plats);
    free(w->plat_slots);
    free(w);
    st->write = NULL;
}

void bdb_write_forget(bdb_store *st)
{
    bdb_write *w = W(st);
    if (!w)
        return;
    bdb_scache_clear(&w->cache);
    w->last_platform_id = -1;
    bdb_strmap_free(&w->platforms);
    w->set_name[0] = '\0';
}

void bdb_write_begun(bdb_store *st, int others_wrote)
{
    bdb_write *w = W(st);
    if (!w)
        return;
    if (others_wrote)
        bdb_scache_clear(&w->cache);
    w->last_platform_id = -1;
    bdb_strmap_free(&w->platforms);
}

bdb_scache *bdb_write_cache(bdb_store *st)
{
    return &W(st)->cache;
}

/* ---- platforms ----------------------------------------------------------- */

/* The first row's id of statement sql with text ?1 = name: 1 and *id,
 * 0 when there is none, or a BDB_E* code. */
static int id_of_text(bdb_store *st, const char *sql, const char *name,
                      const char *what, long long *id)
{
    bdb_stmt *s;
    int rc = bdb_stmt_prepare(st, sql, what, BDB_STMT_KEEP, &s);
    if (rc)
        return rc;
    bdb_bind_text_ref(s, 1, name);
    int r = bdb_step(s);
    if (r == 1)
        *id = bdb_col_int(s, 0);
    rc = bdb_stmt_finish(s, r < 0 ? r : BDB_OK);
    return rc ? rc : r;
}

/* Kept statement sql with ?1 = id, ready to step. */
static int kept_for_id(bdb_store *st, const char *sql, const char *what,
                       long long id, bdb_stmt **s)
{
    int rc = bdb_stmt_prepare(st, sql, what, BDB_STMT_KEEP, s);
    if (!rc)
        bdb_bind_int(*s, 1, id);
    return rc;
}

/* Runs kept statement sql with ?1 = a and ?2 = b (when n is 2). */
static int kept_run(bdb_store *st, const char *sql, const char *what,
                    long long a, long long b, int n)
{
    bdb_stmt *s;
    int rc = kept_for_id(st, sql, what, a, &s);
    if (rc)
        return rc;
    if (n > 1)
        bdb_bind_int(s, 2, b);
    return bdb_stmt_finish(s, bdb_stmt_run(s));
}

#define SQL_PLATFORM_SEL "SELECT id FROM platforms WHERE name = ?1"

int bdb_write_platform_id(bdb_store *st, const char *name, long long *id)
{
    bdb_write *w = W(st);
    *id = 0;
    if (!name || !*name)
        return BDB_OK;
    if (w->last_platform_id >= 0 && strcmp(w->last_platform, name) == 0) {
        *id = w->last_platform_id;
        return BDB_OK;
    }
    /* rows of a CSV take turns among platforms: each is looked up once */
    bdb_strmap_entry *known = bdb_strmap_get(&w->platforms, name);
    if (known && known->value > 0) {
        *id = known->value - 1;
        snprintf(w->last_platform, sizeof w->last_platform, "%s", name);
        w->last_platform_id = *id;
        return BDB_OK;
    }
    /* looked up first: a write statement costs a statement transaction,
     * and the platform is there but the first time; when another import
     * made it meanwhile, the INSERT does nothing and a statement of its
     * own (a new snapshot) finds it */
    int r = id_of_text(st, SQL_PLATFORM_SEL, name, "finding platform", id);
    if (r == 0)
        r = id_of_text(st, "INSERT INTO platforms(name) VALUES(?1) ON "
                           "CONFLICT(name) DO NOTHING RETURNING id",
                       name, "adding platform", id);
    if (r == 0)
        r = id_of_text(st, SQL_PLATFORM_SEL, name, "finding platform", id);
    if (r < 0)
        return r;
    if (r == 0)
        return bdb_store_fail(st, BDB_ESTORE, "platform '%s' vanished", name);
    snprintf(w->last_platform, sizeof w->last_platform, "%s", name);
    w->last_platform_id = *id;
    bdb_strmap_entry *e = bdb_strmap_put(&w->platforms, name, NULL);
    if (e)      /* else only not remembered */
        e->value = *id + 1;
    return BDB_OK;
}

/* ---- parameter sets ------------------------------------------------------ */

/* A new set's items, one statement each. */
static int set_items(bdb_store *st, long long id, const bdb_params *kv)
{
    bdb_stmt *s;
    int rc = bdb_stmt_prepare(st, "INSERT INTO param_set_items(set_id, key, "
                                  "value) VALUES(?1,?2,?3) ON CONFLICT DO "
                                  "NOTHING", "adding series parameter",
                              BDB_STMT_KEEP, &s);
    for (int i = 0; !rc && i < kv->n; i++) {
        bdb_stmt_reset(s);
        bdb_bind_int(s, 1, id);
        bdb_bind_text_ref(s, 2, kv->kv[i].key);
        bdb_bind_text_ref(s, 3, kv->kv[i].value);
        rc = bdb_stmt_run(s);
    }
    return bdb_stmt_finish(s, rc);
}

/* Parameter set text added: 1 and *id when new, 0 when it was there
 * (the driver's last_id: a RETURNING clause costs SQLite as much as the
 * insert), or a BDB_E* code. */
static int set_add(bdb_store *st, const char *text, long long *id)
{
    bdb_stmt *s;
    int rc = bdb_stmt_prepare(st, "INSERT INTO param_sets(params) VALUES(?1) "
                                  "ON CONFLICT(params) DO NOTHING",
                              "adding parameter set", BDB_STMT_KEEP, &s);
    if (rc)
        return rc;
    bdb_bind_text_ref(s, 1, text);
    rc = bdb_stmt_run(s);
    *id = rc ? 0 : st->ops->drv->last_id(st);
    rc = bdb_stmt_finish(s, rc);
    return rc ? rc : *id != 0;
}

/* The id of the sample's parameter set, made with its items when new. */
static int param_set_id(bdb_store *st, const bdb_sample *smp,
                        const char *params, long long *id)
{
    bdb_write *w = W(st);
    bdb_strmap_entry *e = bdb_strmap_get(&w->cache.sets, params);
    if (e) {
        *id = e->value;
        return BDB_OK;
    }
    const bdb_driver *d = st->ops->drv;
    int rc;
    if (d->set_make) {
        rc = d->set_make(st, params, &smp->params, id);
    } else {
        int r = set_add(st, params, id);
        if (r == 1)
            r = set_items(st, *id, &smp->params);
        else if (r == 0 &&
                 (r = id_of_text(st, "SELECT id FROM param_sets WHERE "
                                     "params = ?1", params,
                                 "finding parameter set", id)) == 1)
            r = BDB_OK;
        else if (r == 0)
            r = bdb_store_fail(st, BDB_ESTORE, "parameter set of line %d "
                               "vanished", smp->line);
        rc = r;
    }
    if (!rc)
        bdb_scache_put_set(&w->cache, params, *id);
    return rc;
}

/* ---- series -------------------------------------------------------------- */

static int unit_differs(bdb_store *st, int line, const char *tool,
                        const char *benchmark, const char *metric,
                        const char *unit, const char *there)
{
    return bdb_store_fail(st, BDB_ESTORE, "line %d: %s %s %s is in %s here "
                          "but in %s in the database", line, tool, benchmark,
                          metric, unit, there);
}

/* Whether the database holds series kept without a key (their key was
 * another's): 1, 0, or a BDB_E* code. Asked once a cache generation (a
 * transaction another process may have written before starts one). */
static int keyless_exist(bdb_store *st)
{
    bdb_write *w = W(st);
    if (w->keyless_gen == w->cache.generation + 1)
        return w->keyless;
    bdb_stmt *s;
    int rc = bdb_stmt_prepare(st, "SELECT 1 FROM series WHERE ident IS NULL "
                                  "LIMIT 1", "finding series without a key",
                              BDB_STMT_KEEP, &s);
    if (rc)
        return rc;
    int r = bdb_step(s);
    if ((rc = bdb_stmt_finish(s, r < 0 ? r : BDB_OK)))
        return rc;
    w->keyless = r == 1;
    w->keyless_gen = w->cache.generation + 1;
    return w->keyless;
}

/* n's series added under its key n->ident (keyed), or without one: 1 and
 * n->id when added, 0 when the key was taken, or a BDB_E* code. */
static int series_add(bdb_store *st, bdb_new_series *n, int keyed)
{
    bdb_stmt *s;
    int rc = keyed
        ? bdb_stmt_prepare(st, "INSERT INTO series(tool, benchmark, metric, "
                               "params, unit, better, param_set_id, ident) "
                               "VALUES(?1,?2,?3,?4,?5,?6,?7,?8) ON "
                               "CONFLICT(ident) DO NOTHING",
                           "adding series", BDB_STMT_KEEP, &s)
        : bdb_stmt_prepare(st, "INSERT INTO series(tool, benchmark, metric, "
                               "params, unit, better, param_set_id) "
                               "VALUES(?1,?2,?3,?4,?5,?6,?7)",
                           "adding series", BDB_STMT_KEEP, &s);
    if (rc)
        return rc;
    for (int i = 0; i < 5; i++)
        bdb_bind_text_ref(s, i + 1, n->text[i]);
    bdb_bind_int(s, 6, n->better);
    bdb_bind_int(s, 7, n->set_id);
    if (keyed)
        bdb_bind_int(s, 8, n->ident);
    rc = bdb_stmt_run(s);
    n->id = rc ? 0 : st->ops->drv->last_id(st);
    rc = bdb_stmt_finish(s, rc);
    if (!rc && n->id && !keyed) {
        W(st)->keyless = 1;     /* known from now on */
        W(st)->keyless_gen = W(st)->cache.generation + 1;
    }
    return rc ? rc : n->id != 0;
}

/* The row of n's series, by its key or among the keyless rows by its
 * texts: 1 and n->id (its unit checked), 0 when there is none, or a
 * BDB_E* code. */
static int series_there(bdb_store *st, bdb_new_series *n)
{
    bdb_stmt *s;
    int rc = bdb_stmt_prepare(st, BDB_SQL_SERIES_FIND, "finding series",
                              BDB_STMT_KEEP, &s);
    if (rc)
        return rc;
    for (int i = 0; i < 4; i++)
        bdb_bind_text_ref(s, i + 1, n->text[i]);
    bdb_bind_int(s, 5, n->ident);
    int found = bdb_step(s);
    if (found == 1) {
        n->id = bdb_col_int(s, 0);
        if (strcmp(bdb_col_text(s, 1), n->text[4]) != 0)
            rc = unit_differs(st, n->line, n->text[0], n->text[1], n->text[2],
                              n->text[4], bdb_col_text(s, 1));
    }
    rc = bdb_stmt_finish(s, found < 0 ? found : rc);
    return rc ? rc : found == 1;
}

/* The series of n, found or made now, one statement each (a driver
 * without series_make gives last_id). Where no series is kept without a
 * key, an insert under its key that finds the key taken finds the row to
 * compare; else the keyless rows are asked first (a series kept without
 * a key whose key has since come free must not be made again). A key
 * held by another series (a collision) makes the series keyless. */
static int series_make_one(bdb_store *st, bdb_new_series *n)
{
    int r = keyless_exist(st);
    if (r < 0)
        return r;
    if (r && (r = series_there(st, n)) != 0)
        return r < 0 ? r : BDB_OK;
    if ((r = series_add(st, n, 1)) != 0)
        return r < 0 ? r : BDB_OK;  /* new: its id is the row's, its unit ours */
    if ((r = series_there(st, n)) != 0)
        return r < 0 ? r : BDB_OK;
    r = series_add(st, n, 0);
    return r < 0 ? r
           : r   ? BDB_OK
                 : bdb_store_fail(st, BDB_ESTORE, "series of line %d vanished",
                                  n->line);
}

/* Forgets the new series (made, or gone with their rows); those never
 * made leave the cache, which knows them by number. */
static void news_free(bdb_write *w, int made)
{
    for (size_t i = 0; i < w->nnews; i++) {
        free(w->news[i].text[0]);
        free(w->news[i].unit_there);
    }
    if (w->nnews && !made)
        bdb_scache_clear(&w->cache);
    w->nnews = 0;
}

/* Makes (or finds) the series new since the last flush, in one go, in
 * the order they were first seen; the cache learns their ids. */
static int news_make(bdb_store *st)
{
    bdb_write *w = W(st);
    if (!w->nnews)
        return BDB_OK;
    int rc = st->ops->drv->series_make(st, w->news, w->nnews);
    for (size_t k = 0; !rc && k < w->nnews; k++) {
        bdb_new_series *n = &w->news[k];
        if (!n->id)
            rc = bdb_store_fail(st, BDB_ESTORE, "series of line %d vanished",
                                n->line);
        else if (!n->unit_there || strcmp(n->unit_there, n->text[4]) != 0)
            rc = unit_differs(st, n->line, n->text[0], n->text[1], n->text[2],
                              n->text[4],
                              n->unit_there ? n->unit_there : "");
    }
    /* the cache's entries of them get their ids (those evicted meanwhile
     * are found again the usual way) */
    for (size_t k = 0; !rc && k < w->nnews; k++) {
        const bdb_new_series *n = &w->news[k];
        bdb_scache_entry *e = bdb_scache_find(&w->cache, n->text[5]);
        if (e && e->id == -(long long)(k + 1))
            e->id = n->id;
    }
    w->cache.last_valid = 0;
    return rc;
}

/* A new series described for series_make, or made at once. */
static int series_new(bdb_store *st, const bdb_sample *smp,
                      const char *params, const char *key, long long set_id,
                      long long *id)
{
    bdb_write *w = W(st);
    const char *unit = smp->unit ? smp->unit : "";
    const char *texts[6] = {smp->tool, smp->benchmark, smp->metric,
                            params, unit, key};
    long long ident = bdb_series_ident_memo(&w->ident_memo, texts[0],
                                            texts[1], texts[2], texts[3]);
    if (!st->ops->drv->series_make) {
        bdb_new_series n = {{(char *)texts[0], (char *)texts[1],
                             (char *)texts[2], (char *)texts[3],
                             (char *)texts[4], (char *)texts[5]},
                            (int)smp->better, smp->line, set_id, ident, 0,
                            NULL};
        int rc = series_make_one(st, &n);
        *id = n.id;
        return rc;
    }
    /* made with the others of the next flush, in one round trip; until
     * then its id is -(its number + 1) */
    if (w->nnews == w->capnews) {
        bdb_new_series *p = bdb_grow(w->news, w->nnews, &w->capnews,
                                     sizeof *p, 256);
        if (!p)
            return bdb_store_fail(st, BDB_ENOMEM, "out of memory");
        w->news = p;
    }
    size_t lens[6], all = 0;
    for (int i = 0; i < 6; i++)
        all += (lens[i] = strlen(texts[i])) + 1;
    bdb_new_series *n = &w->news[w->nnews];
    char *mem = malloc(all);
    if (!mem)
        return bdb_store_fail(st, BDB_ENOMEM, "out of memory");
    for (int i = 0; i < 6; i++) {
        memcpy(mem, texts[i], lens[i] + 1);
        n->text[i] = mem;
        mem += lens[i] + 1;
    }
    n->better = (int)smp->better;
    n->set_id = set_id;
    n->ident = ident;
    n->line = smp->line;
    n->id = 0;
    n->unit_there = NULL;
    *id = -(long long)++w->nnews;
    return BDB_OK;
}

static int series_find(bdb_store *st, const bdb_sample *smp, long long *id)
{
    bdb_write *w = W(st);
    char params[BDB_PARAMS_TEXT_MAX], key[BDB_SERIES_KEY_MAX];
    bdb_series_key(smp, params, sizeof params, key, sizeof key);
    const char *unit = smp->unit ? smp->unit : "";
    bdb_scache_entry *e = bdb_scache_find(&w->cache, key);
    if (e) {
        if (strcmp(e->unit, unit) != 0)
            return unit_differs(st, smp->line, smp->tool, smp->benchmark,
                                smp->metric, unit, e->unit);
        *id = e->id;
        return BDB_OK;
    }
    long long set_id = 0;
    int rc = param_set_id(st, smp, params, &set_id);
    if (!rc)
        rc = series_new(st, smp, params, key, set_id, id);
    if (!rc)
        bdb_scache_put(&w->cache, key, *id, unit);
    return rc;
}

static int series_find_cb(void *st, const bdb_sample *smp, long long *id)
{
    return series_find(st, smp, id);
}

/* ---- results ------------------------------------------------------------- */

static const bdb_rows results_rows = {
    "results(series_id, platform_id, source_id, line, repetition, value)", 6,
    "adding results", 1};

static const bdb_rows platforms_rows = {
    "source_platforms(source_id, platform_id, results)", 3,
    "adding a source's platforms", 0};

static const bdb_rows notes_rows = {
    "source_warnings(source_id, line, kind, message)", 4, "adding warnings",
    0};

/* The open source's platforms forgotten (its rows written or rolled
 * back). */
static void plats_clear(bdb_write *w)
{
    if (w->nplats && w->plat_slots)
        memset(w->plat_slots, 0, w->nplat_slots * sizeof *w->plat_slots);
    w->nplats = 0;
}

/* The open source's waiting figures dropped (it never ended, or failed). */
static void rows_drop(bdb_write *w)
{
    w->npend = 0;
    plats_clear(w);
    news_free(w, 0);
}

static size_t plat_hash(long long pid, size_t nslots)
{
    uint64_t h = (uint64_t)pid * UINT64_C(0x9E3779B97F4A7C15);
    return (size_t)(h >> 32) & (nslots - 1);
}

/* Makes the slots hold every platform of plats in twice as many slots:
 * BDB_OK or BDB_ENOMEM. */
static int plats_rehash(bdb_write *w, size_t nslots)
{
    size_t *slots = calloc(nslots, sizeof *slots);
    if (!slots)
        return BDB_ENOMEM;
    for (size_t i = 0; i < w->nplats; i++) {
        size_t k = plat_hash(w->plats[i].platform_id, nslots);
        while (slots[k])
            k = (k + 1) & (nslots - 1);
        slots[k] = i + 1;
    }
    free(w->plat_slots);
    w->plat_slots = slots;
    w->nplat_slots = nslots;
    return BDB_OK;
}

/* One more result of the open source on platform pid (0: none), found
 * by its hash: a lab's CSV may hold hundreds of platforms, and every
 * one of its rows is counted. */
static int count_platform(bdb_store *st, long long pid)
{
    bdb_write *w = W(st);
    if (w->nplat_slots < 2 * (w->nplats + 1) &&
        plats_rehash(w, w->nplat_slots ? 2 * w->nplat_slots : 16))
        return bdb_store_fail(st, BDB_ENOMEM, "out of memory");
    size_t k = plat_hash(pid, w->nplat_slots);
    for (; w->plat_slots[k]; k = (k + 1) & (w->nplat_slots - 1))
        if (w->plats[w->plat_slots[k] - 1].platform_id == pid) {
            w->plats[w->plat_slots[k] - 1].n++;
            return BDB_OK;
        }
    if (w->nplats == w->capplats) {
        src_platform *p = bdb_grow(w->plats, w->nplats, &w->capplats,
                                   sizeof *p, 8);
        if (!p)
            return bdb_store_fail(st, BDB_ENOMEM, "out of memory");
        w->plats = p;
    }
    w->plats[w->nplats++] = (src_platform){pid, 1};
    w->plat_slots[k] = w->nplats;
    return BDB_OK;
}

/* The open source's rows of source_platforms: one a platform it has
 * results on, in the source's own transaction (a rollback takes them
 * with its results). */
static int write_platforms(bdb_store *st, long long source_id)
{
    bdb_write *w = W(st);
    size_t n = w->nplats;
    if (!n)
        return BDB_OK;
    bdb_cell *cells = malloc(n * 3 * sizeof *cells);
    if (!cells)
        return bdb_store_fail(st, BDB_ENOMEM, "out of memory");
    for (size_t i = 0; i < n; i++) {
        bdb_cell *c = cells + i * 3;
        const src_platform *p = &w->plats[i];
        c[0] = (bdb_cell){.type = 'i', .i = source_id};
        c[1] = p->platform_id ? (bdb_cell){.type = 'i', .i = p->platform_id}
                              : (bdb_cell){.type = 'n'};
        c[2] = (bdb_cell){.type = 'i', .i = p->n};
    }
    int rc = st->ops->drv->rows_put(st, &platforms_rows, cells, n);
    free(cells);
    plats_clear(w);
    return rc;
}

/* Makes the series the waiting figures need, then inserts the figures,
 * in order. */
static int flush_rows(bdb_store *st, long long source_id)
{
    bdb_write *w = W(st);
    int rc = news_make(st);
    size_t n = w->npend;
    w->npend = 0;
    bdb_cell *c = w->cells;
    for (size_t i = 0; !rc && i < n; i++, c += 6) {
        const pend_row *r = &w->pend[i];
        long long sid = r->series_id < 0 ? w->news[-r->series_id - 1].id
                                         : r->series_id;
        c[0] = (bdb_cell){.type = 'i', .i = sid};
        c[1] = r->platform_id ? (bdb_cell){.type = 'i', .i = r->platform_id}
                              : (bdb_cell){.type = 'n'};
        c[2] = (bdb_cell){.type = 'i', .i = source_id};
        c[3] = (bdb_cell){.type = 'i', .i = r->line};
        c[4] = (bdb_cell){.type = 'i', .i = r->repetition};
        c[5] = (bdb_cell){.type = 'd', .d = r->value};
    }
    news_free(w, !rc);
    if (!rc && n)
        rc = st->ops->drv->rows_put(st, &results_rows, w->cells, n);
    return rc;
}

int bdb_write_flush(bdb_store *st, long long source_id)
{
    return flush_rows(st, source_id);
}

long long bdb_write_series_known(bdb_store *st, const char *key)
{
    bdb_scache_entry *e = bdb_scache_find(&W(st)->cache, key);
    return e && e->id > 0 ? e->id : 0;
}

static int source_put(bdb_store *st, long long id, const bdb_sample *smp)
{
    bdb_write *w = W(st);
    long long sid, pid;
    if (!isfinite(smp->value))
        return bdb_store_fail(st, BDB_EPARSE,
                              "line %d: %s is not a finite number",
                              smp->line, smp->metric);
    if (!bdb_scache_ref_ids(&w->cache, st, smp, &sid, &pid)) {
        int rc = bdb_scache_series(&w->cache, smp, &sid, series_find_cb, st);
        if (!rc)
            rc = bdb_write_platform_id(st, smp->platform[0]
                                               ? smp->platform
                                               : w->cur_platform, &pid);
        if (rc)
            return rc;
        if (sid > 0)    /* a series made at the next flush is not kept */
            bdb_scache_ref_keep(&w->cache, st, smp, sid, pid,
                                smp->unit ? smp->unit : "");
    }
    int counted = count_platform(st, pid);
    if (counted)
        return counted;
    size_t most = st->ops->drv->rows_batch;
    if (!w->pend) {
        w->pend = malloc(most * sizeof *w->pend);
        w->cells = malloc(most * 6 * sizeof *w->cells);
        if (!w->pend || !w->cells) {
            free(w->pend);
            w->pend = NULL;
            return bdb_store_fail(st, BDB_ENOMEM, "out of memory");
        }
    }
    w->pend[w->npend++] = (pend_row){sid, pid, smp->line, smp->repetition,
                                     smp->value};
    return w->npend >= most ? flush_rows(st, id) : BDB_OK;
}

/* ---- notes --------------------------------------------------------------- */

static int write_notes(bdb_store *st, long long source_id,
                       const bdb_sink *notes)
{
    if (!notes || !notes->nnotes)
        return BDB_OK;
    size_t n = notes->nnotes;
    bdb_cell *cells = malloc(n * 4 * sizeof *cells);
    if (!cells)
        return bdb_store_fail(st, BDB_ENOMEM, "out of memory");
    for (size_t i = 0; i < n; i++) {
        bdb_cell *c = cells + i * 4;
        c[0] = (bdb_cell){.type = 'i', .i = source_id};
        c[1] = (bdb_cell){.type = 'i', .i = notes->notes[i].line};
        c[2] = (bdb_cell){.type = 't',
                          .t = notes->notes[i].is_info ? "info" : "warning"};
        c[3] = (bdb_cell){.type = 't', .t = notes->notes[i].text};
    }
    int rc = st->ops->drv->rows_put(st, &notes_rows, cells, n);
    free(cells);
    return rc;
}

/* ---- run sets ------------------------------------------------------------ */

/* The id of run set `set`, found or made, with its tags set. */
static int set_of(bdb_store *st, const char *set, const bdb_params *tags,
                  long long *out)
{
    bdb_write *w = W(st);
    long long sid = 0;
    int rc = BDB_OK;
    /* Within a batch, the set made (or found) for the previous file is
     * still there unless a rollback came between. */
    int known = w->in_batch && w->set_name[0] &&
                strcmp(w->set_name, set) == 0;
    if (known) {
        sid = w->set_id;
    } else {
        bdb_stmt *s;
        rc = bdb_stmt_prepare(st, "INSERT INTO sets(name) VALUES(?1) "
                                  "ON CONFLICT(name) DO NOTHING",
                              "adding set", BDB_STMT_KEEP, &s);
        if (!rc) {
            bdb_bind_text(s, 1, set);
            rc = bdb_stmt_finish(s, bdb_stmt_run(s));
        }
        int r = rc ? 0 : id_of_text(st, "SELECT id FROM sets WHERE name = ?1",
                                    set, "looking up a name", &sid);
        if (r < 0)
            rc = r;
    }
    if (!rc && !sid)
        rc = bdb_store_fail(st, BDB_ESTORE, "set '%s' vanished", set);
    if (!rc && !known && w->in_batch && strlen(set) < sizeof w->set_name) {
        memcpy(w->set_name, set, strlen(set) + 1);
        w->set_id = sid;
    }
    for (int i = 0; !rc && tags && i < tags->n; i++) {
        bdb_stmt *s;
        rc = bdb_stmt_prepare(st, "INSERT INTO set_tags(set_id, key, value) "
                                  "VALUES(?1,?2,?3) ON CONFLICT(set_id, key) "
                                  "DO UPDATE SET value = excluded.value",
                              "tagging set", BDB_STMT_KEEP, &s);
        if (!rc) {
            bdb_bind_int(s, 1, sid);
            bdb_bind_text(s, 2, tags->kv[i].key);
            bdb_bind_text(s, 3, tags->kv[i].value);
            rc = bdb_stmt_finish(s, bdb_stmt_run(s));
        }
    }
    *out = sid;
    return rc;
}

int bdb_write_source_set(bdb_store *st, long long source_id, const char *set,
                         const bdb_params *tags)
{
    long long sid = 0;
    int rc = set_of(st, set, tags, &sid);
    if (!rc)
        rc = kept_run(st, "UPDATE sources SET set_id = ?1 WHERE id = ?2",
                      "putting a source in its set", sid, source_id, 2);
    return rc;
}

void bdb_write_forget_set(bdb_store *st)
{
    W(st)->set_name[0] = '\0';
}

void bdb_write_default_platform(bdb_store *st, const char *name)
{
    bdb_write *w = W(st);
    snprintf(w->cur_platform, sizeof w->cur_platform, "%s", name);
}

/* ---- sweeps: series left without results --------------------------------- */

static int sweep_series(bdb_store *st)
{
    bdb_write *w = W(st);
    w->nsweep = 0;
    w->sweep_all = 0;
    bdb_scache_clear(&w->cache);
    /* a series kept by its trace alone (a cut run) stays */
    return st->ops->drv->exec(st, st->ops->drv->sql_sweep_series);
}

static int cmp_ll(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

/* The series a sweep looks at in one statement (the last repeated to
 * fill them). */
#define SWEEP_IDS 64

static const char *sweep_ids_sql(void)
{
    static char sql[256 + SWEEP_IDS * 6];
    if (!sql[0]) {
        size_t used = (size_t)snprintf(sql, sizeof sql,
                                       "DELETE FROM series WHERE id IN (");
        for (int i = 1; i <= SWEEP_IDS; i++)
            used += (size_t)snprintf(sql + used, sizeof sql - used, "%s?%d",
                                     i > 1 ? "," : "", i);
        snprintf(sql + used, sizeof sql - used,
                 ") AND NOT EXISTS (SELECT 1 FROM results r WHERE "
                 "r.series_id = series.id) AND NOT EXISTS (SELECT 1 FROM "
                 "trace_points t WHERE t.series_id = series.id) RETURNING id");
    }
    return sql;
}

/* The sweep after re-read sources: only the series they had can have
 * lost their last result, and each is looked at through the results'
 * series index (the whole sweep reads every result). The series cache
 * stays unless a series went. */
static int sweep_replaced(bdb_store *st)
{
    bdb_write *w = W(st);
    if (w->sweep_all)
        return sweep_series(st);
    qsort(w->sweep_ids, w->nsweep, sizeof *w->sweep_ids, cmp_ll);
    size_t n = 0;   /* distinct */
    for (size_t i = 0; i < w->nsweep; i++)
        if (!i || w->sweep_ids[i] != w->sweep_ids[n - 1])
            w->sweep_ids[n++] = w->sweep_ids[i];
    bdb_stmt *s = NULL;
    int rc = n ? bdb_stmt_prepare(st, sweep_ids_sql(),
                                  "removing series left without results",
                                  BDB_STMT_KEEP, &s)
               : BDB_OK;
    int gone = 0;
    for (size_t at = 0; !rc && at < n; at += SWEEP_IDS) {
        bdb_stmt_reset(s);
        for (size_t i = 0; i < SWEEP_IDS; i++)
            bdb_bind_int(s, (int)i + 1,
                         w->sweep_ids[at + i < n ? at + i : n - 1]);
        int r;
        while ((r = bdb_step(s)) == 1)
            gone = 1;
        rc = r;
    }
    if (s)
        rc = bdb_stmt_finish(s, rc);
    w->nsweep = 0;
    if (gone || rc)
        bdb_scache_clear(&w->cache);
    return rc;
}

int bdb_write_sweep_later(bdb_store *st)
{
    bdb_write *w = W(st);
    if (w->in_batch) {
        w->sweep_series = 1;
        w->sweep_all = 1;   /* its series are not known here */
        return BDB_OK;
    }
    return sweep_series(st);
}

typedef struct replaced_walk {
    bdb_write *w;
    bdb_store *st;
} replaced_walk;

static int replaced_row(bdb_stmt *s, void *ctx)
{
    replaced_walk *rw = ctx;
    bdb_write *w = rw->w;
    long long id = bdb_col_int(s, 0);
    if (w->nsweep == w->capsweep) {
        long long *p = bdb_grow(w->sweep_ids, w->nsweep, &w->capsweep,
                                sizeof *p, 256);
        if (!p)
            return -bdb_store_fail(rw->st, BDB_ENOMEM, "out of memory");
        w->sweep_ids = p;
    }
    w->sweep_ids[w->nsweep++] = id;
    char key[BDB_SERIES_KEY_MAX];
    int n = snprintf(key, sizeof key, "%s\x1f%s\x1f%s\x1f%s",
                     bdb_col_text(s, 1), bdb_col_text(s, 2),
                     bdb_col_text(s, 3), bdb_col_text(s, 4));
    /* a key too long for the cache is found the slow way */
    if (n > 0 && (size_t)n < sizeof key && !bdb_scache_find(&w->cache, key))
        bdb_scache_put(&w->cache, key, id, bdb_col_text(s, 5));
    return 0;
}

/* Before a source's results are replaced: its series go into the cache
 * (the re-read finds most of them again: found there, not by an INSERT
 * that conflicts and a SELECT) and onto the list the sweep looks at. */
static int note_replaced_series(bdb_store *st, long long source_id)
{
    bdb_stmt *s;
    /* its results' series, and those of its traces alone (a cut run) */
    int rc = kept_for_id(st, "SELECT s.id, s.tool, s.benchmark, s.metric, "
                             "s.params, s.unit FROM series s WHERE s.id IN "
                             "(SELECT series_id FROM results WHERE "
                             "source_id = ?1 UNION SELECT series_id FROM "
                             "trace_points WHERE source_id = ?1)",
                         "reading a source's series", source_id, &s);
    if (rc)
        return rc;
    replaced_walk rw = {W(st), st};
    return bdb_stmt_walk(s, replaced_row, &rw);
}

/* ---- one source, streamed: begin, put each figure, end ------------------ */

/* The name of source id's platform ("" for none) into out; BDB_ENOTFOUND
 * when there is no such source. */
static int source_platform(bdb_store *st, long long id, char *out, size_t n)
{
    bdb_stmt *s;
    int rc = kept_for_id(st, "SELECT coalesce(p.name, '') FROM sources src "
                             "LEFT JOIN platforms p ON p.id = "
                             "src.platform_id WHERE src.id = ?1",
                         "reading source", id, &s);
    if (rc)
        return rc;
    int r = bdb_step(s);
    if (r == 1)
        snprintf(out, n, "%s", bdb_col_text(s, 0));
    else if (r == 0)
        r = bdb_store_fail(st, BDB_ENOTFOUND, "no source %lld", id);
    return bdb_stmt_finish(s, r == 1 ? BDB_OK : r);
}

/* The new source's row, in run set set_id (0: none): its id into *id. */
static int source_row(bdb_store *st, const bdb_source_info *src,
                      const void *z, size_t zlen, long long set_id,
                      long long *id)
{
    long long pid = 0;
    int rc = bdb_write_platform_id(st, src->platform, &pid);
    bdb_stmt *s;
    if (!rc)
        rc = bdb_stmt_prepare(st, "INSERT INTO sources(sha256, size, path, "
                                  "tool, tool_version, parser_version, "
                                  "platform_id, options, raw, set_id) "
                                  "VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10) ON "
                                  "CONFLICT(sha256) DO NOTHING RETURNING id",
                              "adding source", BDB_STMT_KEEP, &s);
    if (rc)
        return rc;
    bdb_bind_text(s, 1, src->sha256);
    bdb_bind_int(s, 2, (long long)src->size);
    bdb_bind_text(s, 3, src->path);
    bdb_bind_text(s, 4, src->tool ? src->tool : "");
    bdb_bind_text(s, 5, src->tool_version && *src->tool_version
                            ? src->tool_version : NULL);
    bdb_bind_text(s, 6, src->parser_version ? src->parser_version : "");
    if (pid)
        bdb_bind_int(s, 7, pid);
    else
        bdb_bind_text(s, 7, NULL);
    bdb_bind_text(s, 8, src->options ? src->options : "");
    bdb_bind_blob(s, 9, z, zlen);
    if (set_id)
        bdb_bind_int(s, 10, set_id);
    else
        bdb_bind_text(s, 10, NULL);
    int r = bdb_step(s);
    if (r == 1)
        *id = bdb_col_int(s, 0);
    else if (r == 0)    /* another client stored it */
        r = bdb_store_fail(st, BDB_EEXIST, "already imported");
    return bdb_stmt_finish(s, r == 1 ? BDB_OK : r);
}

/* Opens the source's savepoint or transaction; with replace_id, empties
 * that stored source (reparse), else adds src's row (its tool and versions
 * are set by source_end, when the parse has said them). */
int bdb_write_source_begin(bdb_store *st, const bdb_source_info *src,
                           long long replace_id, long long *out_id)
{
    bdb_write *w = W(st);
    const bdb_driver *d = st->ops->drv;
    bdb_source_bytes bytes = {.fd = -1};
    /* a large source's copy may come later (copy_later), from a thread
     * that compresses it while this one stores the figures */
    int later = !replace_id && src->copy_later &&
                bdb_source_copy_later(src->size);
    int made = replace_id || later ? BDB_OK
                                   : bdb_source_bytes_make(st, src, &bytes);
    if (made)
        return made;
    size_t zlen = 0;
    const void *z = bdb_source_bytes_raw(&bytes, &zlen);
    /* the one limit on a file's size: its compressed copy, when one blob,
     * is held in memory while it is written */
    long long most = d->blob_max ? d->blob_max(st) : 0;
    if (most > 0 && zlen > (size_t)most) {
        bdb_source_bytes_free(&bytes);
        return bdb_store_fail(st, BDB_ERANGE, "%s: compressed, %zu bytes "
                              "are more than a %s blob holds (%lld)",
                              src->path, zlen, st->ops->scheme, most);
    }
    if (d->source_tx_begin(st, replace_id == 0)) {
        bdb_source_bytes_free(&bytes);
        return BDB_ESTORE;
    }
    rows_drop(w);   /* rows of a source that never ended are gone */
    long long existing = 0, id = replace_id;
    int rc = BDB_OK;
    if (replace_id) {
        rc = source_platform(st, id, w->cur_platform, sizeof w->cur_platform);
        if (!rc)
            rc = note_replaced_series(st, id);
        static const char *const old[3][2] = {
            {"DELETE FROM results WHERE source_id = ?1",
             "removing old results"},
            {"DELETE FROM source_platforms WHERE source_id = ?1",
             "removing old platforms of results"},
            {"DELETE FROM source_warnings WHERE source_id = ?1",
             "removing old warnings"}};
        for (int i = 0; !rc && i < 3; i++)
            rc = kept_run(st, old[i][0], old[i][1], id, 0, 1);
        w->cur_replaced = 1;
    } else {
        snprintf(w->cur_platform, sizeof w->cur_platform, "%s",
                 src->platform ? src->platform : "");
        w->cur_replaced = 0;
        rc = bdb_source_find(st, src->sha256, &existing);
        if (!rc && existing)
            rc = bdb_store_fail(st, BDB_EEXIST, "already imported");
        /* its run set (lifecycle), named in its row */
        long long set_id = 0;
        if (!rc && src->set && *src->set)
            rc = set_of(st, src->set, src->set_tags, &set_id);
        if (!rc)
            rc = source_row(st, src, z, zlen, set_id, &id);
        if (!rc)
            rc = bdb_source_bytes_put(st, id, &bytes);
    }
    bdb_source_bytes_free(&bytes);
    if (rc)
        return d->source_tx_end(st, rc);
    w->cur_id = id;
    *out_id = id;
    return BDB_OK;
}

int bdb_store_source_put(bdb_store *st, long long id, const bdb_sample *smp)
{
    return source_put(st, id, smp);
}

/* Sets the source's tool and versions, stores its notes, and keeps all of
 * it (keep) or none. Returns the final code (BDB_OK when !keep and the
 * rollback worked). */
int bdb_store_source_end(bdb_store *st, long long id, const char *tool,
                         const char *tool_version, const char *parser_version,
                         const bdb_sink *notes, int keep)
{
    bdb_write *w = W(st);
    const bdb_driver *d = st->ops->drv;
    if (!keep) {
        rows_drop(w);
        d->source_tx_end(st, BDB_EPARSE);
        return BDB_OK;
    }
    int rc = flush_rows(st, id);
    bdb_stmt *s;
    if (!rc && !(rc = bdb_stmt_prepare(st, "UPDATE sources SET tool = ?1, "
                                           "tool_version = ?2, "
                                           "parser_version = ?3 WHERE "
                                           "id = ?4", "updating source",
                                       BDB_STMT_KEEP, &s))) {
        bdb_bind_text(s, 1, tool ? tool : "");
        bdb_bind_text(s, 2, tool_version && *tool_version ? tool_version
                                                          : NULL);
        bdb_bind_text(s, 3, parser_version ? parser_version : "");
        bdb_bind_int(s, 4, id);
        rc = bdb_stmt_finish(s, bdb_stmt_run(s));
    }
    if (!rc)
        rc = write_platforms(st, id);
    if (!rc)
        rc = write_notes(st, id, notes);
    /* Series left without results are dropped: at once when this is its
     * own transaction, once at the end of a batch (a sweep is O(results),
     * too dear per source). */
    if (!rc && w->cur_replaced) {
        if (w->in_batch)
            w->sweep_series = 1;
        else
            rc = sweep_replaced(st);
    }
    return d->source_tx_end(st, rc);
}

/* ---- batches ------------------------------------------------------------- */

/* A batch: one transaction around many files, each a savepoint, so that
 * a failed file rolls back alone and the batch pays one commit. */
int bdb_store_batch_begin(bdb_store *st, int flags)
{
    bdb_write *w = W(st);
    if (w->in_batch)
        return bdb_store_fail(st, BDB_EUSAGE, "a batch is already open");
    int rc = st->ops->drv->batch_begin(st, flags);
    if (rc)
        return rc;
    w->set_name[0] = '\0';
    w->in_batch = 1;
    w->sweep_series = 0;
    w->sweep_all = 0;
    w->nsweep = 0;
    return BDB_OK;
}

int bdb_store_batch_end(bdb_store *st, int commit)
{
    bdb_write *w = W(st);
    if (!w || !w->in_batch)
        return BDB_OK;
    int rc = BDB_OK;
    if (commit && w->sweep_series)
        rc = sweep_replaced(st);
    rc = st->ops->drv->batch_end(st, commit, rc);
    if (!commit || rc)
        bdb_scache_clear(&w->cache);    /* its series are gone */
    w->in_batch = 0;
    w->sweep_series = 0;
    w->sweep_all = 0;
    w->nsweep = 0;
    w->set_name[0] = '\0';
    return commit ? rc : BDB_OK;
}
