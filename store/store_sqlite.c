/* store_sqlite.c - the SQLite backend: the only file with SQL in it.
 *
 * Migrations are the embedded schemas/NNN_*.sql files applied in order
 * inside one IMMEDIATE transaction and tracked by PRAGMA user_version, so
 * two processes opening a fresh database at once do not both migrate. WAL
 * mode and a busy timeout let two `benchdb import` runs share a database.
 * Each source lands in one transaction: all its results, or none. */
#include "store_backend.h"
#include "../common/bdb_embedded.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#define BUSY_TIMEOUT_MS 30000

/* Series ids already known in the current transaction, by identity
 * (tool, benchmark, metric, params): with them a figure of a known series
 * costs one INSERT, not the four statements that find or make its series.
 * Emptied whenever a transaction or savepoint ends in a rollback (the
 * series it made are gone) and at each new transaction (another process
 * may have swept series in between). */
typedef struct scache_entry {
    char *key;              /* NULL: free slot */
    long long id;
    char *unit;
} scache_entry;

typedef struct scache {
    scache_entry *slots;
    size_t nslots, used;
} scache;

/* Statements reused while samples are written. */
typedef struct writer {
    bdb_store *st;
    sqlite3_stmt *platform_ins, *platform_sel, *series_ins, *series_sel,
        *param_ins, *result_ins, *warning_ins, *source_ins;
    char last_platform[64];
    long long last_platform_id;
} writer;

typedef struct sq {
    sqlite3 *db;
    int in_batch;           /* a batch transaction is open: files are
                               savepoints inside it */
    int sweep_series;       /* results were replaced: drop orphan series
                               once, when the batch ends */
    int writer_open;
    writer w;
    scache cache;
} sq;

static void scache_clear(scache *c)
{
    for (size_t i = 0; i < c->nslots; i++) {
        free(c->slots[i].key);
        free(c->slots[i].unit);
    }
    free(c->slots);
    memset(c, 0, sizeof *c);
}

static uint64_t scache_hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

static scache_entry *scache_find(scache *c, const char *key)
{
    if (!c->nslots)
        return NULL;
    size_t j = scache_hash(key) & (c->nslots - 1);
    while (c->slots[j].key) {
        if (strcmp(c->slots[j].key, key) == 0)
            return &c->slots[j];
        j = (j + 1) & (c->nslots - 1);
    }
    return NULL;
}

/* Remembers key -> (id, unit); a failure only means no caching. */
static void scache_put(scache *c, const char *key, long long id,
                       const char *unit)
{
    if ((c->used + 1) * 2 > c->nslots) {
        size_t n = c->nslots ? c->nslots * 2 : 1024;
        scache_entry *s = calloc(n, sizeof *s);
        if (!s)
            return;
        for (size_t i = 0; i < c->nslots; i++) {
            if (!c->slots[i].key)
                continue;
            size_t j = scache_hash(c->slots[i].key) & (n - 1);
            while (s[j].key)
                j = (j + 1) & (n - 1);
            s[j] = c->slots[i];
        }
        free(c->slots);
        c->slots = s;
        c->nslots = n;
    }
    size_t j = scache_hash(key) & (c->nslots - 1);
    while (c->slots[j].key)
        j = (j + 1) & (c->nslots - 1);
    char *k = strdup(key), *u = strdup(unit);
    if (!k || !u) {
        free(k);
        free(u);
        return;
    }
    c->slots[j] = (scache_entry){k, id, u};
    c->used++;
}

static sqlite3 *DB(bdb_store *st)
{
    return ((sq *)st->impl)->db;
}

static int fail_db(bdb_store *st, const char *what)
{
    return bdb_store_fail(st, BDB_ESTORE, "%s: %s", what, sqlite3_errmsg(DB(st)));
}

static int exec(bdb_store *st, const char *sql)
{
    char *err = NULL;
    if (sqlite3_exec(DB(st), sql, NULL, NULL, &err) != SQLITE_OK) {
        bdb_store_fail(st, BDB_ESTORE, "%s", err ? err : "sqlite error");
        sqlite3_free(err);
        return BDB_ESTORE;
    }
    return BDB_OK;
}

/* Like exec, but waits out SQLITE_BUSY: setting WAL mode or reading the
 * schema of a database another process is creating at that moment can
 * return BUSY without calling the busy handler. */
static int exec_patient(bdb_store *st, const char *sql)
{
    for (int waited_ms = 0;; waited_ms += 20) {
        char *err = NULL;
        int rc = sqlite3_exec(DB(st), sql, NULL, NULL, &err);
        if (rc == SQLITE_OK)
            return BDB_OK;
        int busy = (rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED;
        if (!busy || waited_ms >= BUSY_TIMEOUT_MS) {
            bdb_store_fail(st, BDB_ESTORE, "%s", err ? err : "sqlite error");
            sqlite3_free(err);
            return BDB_ESTORE;
        }
        sqlite3_free(err);
        sqlite3_sleep(20);
    }
}

static int prepare(bdb_store *st, sqlite3_stmt **stmt, const char *sql)
{
    if (sqlite3_prepare_v2(DB(st), sql, -1, stmt, NULL) != SQLITE_OK)
        return fail_db(st, "prepare");
    return BDB_OK;
}

/* One file's (or one change's) transaction: a savepoint inside an open
 * batch, else a transaction of its own. */
static int tx_begin(bdb_store *st)
{
    sq *impl = st->impl;
    if (impl->in_batch)
        return exec(st, "SAVEPOINT one_source");
    scache_clear(&impl->cache);
    return exec_patient(st, "BEGIN IMMEDIATE");
}

/* Ends what tx_begin began: kept when rc is BDB_OK (and the commit or
 * release works), else undone. Returns the final code. */
static int tx_end(bdb_store *st, int rc)
{
    sq *impl = st->impl;
    if (!rc)
        rc = exec(st, impl->in_batch ? "RELEASE one_source" : "COMMIT");
    if (rc) {
        sqlite3_exec(DB(st), impl->in_batch
                                 ? "ROLLBACK TO one_source; RELEASE one_source"
                                 : "ROLLBACK",
                     NULL, NULL, NULL);
        scache_clear(&impl->cache);
    }
    return rc;
}

static void bind_text_or_null(sqlite3_stmt *s, int i, const char *t)
{
    if (t && *t)
        sqlite3_bind_text(s, i, t, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(s, i);
}

static void bind_num_or_null(sqlite3_stmt *s, int i, double v)
{
    if (isnan(v))
        sqlite3_bind_null(s, i);
    else
        sqlite3_bind_double(s, i, v);
}

static const char *col_text(sqlite3_stmt *s, int i)
{
    const unsigned char *t = sqlite3_column_text(s, i);
    return t ? (const char *)t : "";
}

static double col_num(sqlite3_stmt *s, int i)
{
    return sqlite3_column_type(s, i) == SQLITE_NULL ? NAN
                                                    : sqlite3_column_double(s, i);
}

/* ---- open and migrate -------------------------------------------------- */

static int schema_number(const char *name)
{
    int n = 0;
    for (int i = 0; i < 3 && name[i] >= '0' && name[i] <= '9'; i++)
        n = n * 10 + (name[i] - '0');
    return n;
}

int bdb_store_schema_version(void)
{
    int v = 0;
    for (const bdb_embedded_file *f = bdb_embedded_schemas; f->name; f++)
        if (schema_number(f->name) > v)
            v = schema_number(f->name);
    return v;
}

static int user_version(bdb_store *st, int *v)
{
    sqlite3_stmt *s;
    if (prepare(st, &s, "PRAGMA user_version"))
        return BDB_ESTORE;
    int rc = sqlite3_step(s);
    *v = rc == SQLITE_ROW ? sqlite3_column_int(s, 0) : 0;
    sqlite3_finalize(s);
    return rc == SQLITE_ROW ? BDB_OK : fail_db(st, "reading schema version");
}

static int migrate(bdb_store *st, bdb_diag *diag)
{
    int latest = bdb_store_schema_version(), have;
    if (exec_patient(st, "SELECT count(*) FROM sqlite_schema") ||
        user_version(st, &have))
        return bdb_diag_set(diag, BDB_ESTORE, 0, "%s", st->errmsg);
    if (have > latest)
        return bdb_diag_set(diag, BDB_EVERSION, 0,
                            "database schema version %d is newer than this "
                            "benchdb understands (%d); use a newer benchdb",
                            have, latest);
    if (have == latest)
        return BDB_OK;
    if (exec_patient(st, "BEGIN IMMEDIATE"))
        return bdb_diag_set(diag, BDB_ESTORE, 0, "%s", st->errmsg);
    int rc = user_version(st, &have); /* another process may have migrated */
    for (const bdb_embedded_file *f = bdb_embedded_schemas; !rc && f->name; f++) {
        int n = schema_number(f->name);
        if (n <= have)
            continue;
        rc = exec(st, f->data);
        if (rc)
            bdb_store_fail(st, BDB_ESTORE, "applying schema %s: %s", f->name,
                           sqlite3_errmsg(DB(st)));
    }
    if (!rc && have < latest) {
        char sql[64];
        snprintf(sql, sizeof sql, "PRAGMA user_version = %d", latest);
        rc = exec(st, sql);
    }
    if (!rc)
        rc = exec(st, "COMMIT");
    if (rc) {
        sqlite3_exec(DB(st), "ROLLBACK", NULL, NULL, NULL);
        return bdb_diag_set(diag, rc, 0, "%s", st->errmsg);
    }
    return BDB_OK;
}

/* A read-only open checks the schema instead of migrating. */
static int check_version(bdb_store *st, bdb_diag *diag)
{
    int latest = bdb_store_schema_version(), have;
    if (exec_patient(st, "SELECT count(*) FROM sqlite_schema") ||
        user_version(st, &have))
        return bdb_diag_set(diag, BDB_ESTORE, 0, "%s", st->errmsg);
    if (have == 0)
        return bdb_diag_set(diag, BDB_ESTORE, 0, "not a benchdb database "
                            "(run `benchdb init` to make one)");
    if (have > latest)
        return bdb_diag_set(diag, BDB_EVERSION, 0,
                            "database schema version %d is newer than this "
                            "benchdb understands (%d); use a newer benchdb",
                            have, latest);
    if (have < latest)
        return bdb_diag_set(diag, BDB_EVERSION, 0,
                            "database schema version %d is older than this "
                            "benchdb's (%d); run `benchdb init` to upgrade it",
                            have, latest);
    return BDB_OK;
}

static int sq_open(bdb_store *st, const char *location, int mode,
                   bdb_diag *diag)
{
    int read_only = mode & BDB_STORE_READ_ONLY;
    struct stat sb;
    if (read_only && stat(location, &sb) != 0)
        return bdb_diag_set(diag, BDB_ENOTFOUND, 0,
                            "no database at %s (run `benchdb init` or "
                            "`benchdb import`)", location);
    sq *impl = calloc(1, sizeof *impl);
    if (!impl)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    st->impl = impl;
    int flags = read_only ? SQLITE_OPEN_READONLY
                          : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    if (sqlite3_open_v2(location, &impl->db, flags, NULL) != SQLITE_OK) {
        bdb_diag_set(diag, BDB_ESTORE, 0, "cannot open database: %s",
                     impl->db ? sqlite3_errmsg(impl->db) : "out of memory");
        sqlite3_close(impl->db);
        free(impl);
        st->impl = NULL;
        return BDB_ESTORE;
    }
    sqlite3_busy_timeout(impl->db, BUSY_TIMEOUT_MS);
    sqlite3_extended_result_codes(impl->db, 1);
    int rc;
    if (read_only) {
        rc = check_version(st, diag);
        /* A WAL database whose file and folder we cannot write: SQLite
         * cannot make the -shm it reads through. Nobody can write it
         * then, so reading it as immutable is safe. */
        if (rc && access(location, W_OK) != 0 && strlen(location) < 3900) {
            char uri[4096 + 32];
            snprintf(uri, sizeof uri, "file:%s?immutable=1", location);
            sqlite3_close(impl->db);
            impl->db = NULL;
            if (sqlite3_open_v2(uri, &impl->db,
                                SQLITE_OPEN_READONLY | SQLITE_OPEN_URI,
                                NULL) == SQLITE_OK) {
                bdb_diag_clear(diag);
                rc = check_version(st, diag);
            }
        }
        if (rc) {
            sqlite3_close(impl->db);
            free(impl);
            st->impl = NULL;
        }
        return rc;
    }
    rc = exec_patient(st, "PRAGMA foreign_keys = ON");
    if (!rc)
        rc = exec_patient(st, "PRAGMA journal_mode = WAL");
    if (!rc)
        rc = exec_patient(st, "PRAGMA synchronous = NORMAL");
    if (rc) {
        bdb_diag_set(diag, rc, 0, "cannot open database: %s", st->errmsg);
    } else {
        rc = migrate(st, diag);
    }
    if (rc) {
        sqlite3_close(impl->db);
        free(impl);
        st->impl = NULL;
    }
    return rc;
}

static int sq_batch_end(bdb_store *st, int commit);
static void writer_close(writer *w);

static void sq_close(bdb_store *st)
{
    sq *impl = st->impl;
    if (!impl)
        return;
    if (impl->in_batch)
        sq_batch_end(st, 1);
    if (impl->writer_open)
        writer_close(&impl->w);
    scache_clear(&impl->cache);
    sqlite3_close(impl->db);
    free(impl);
    st->impl = NULL;
}

/* ---- platforms ----------------------------------------------------------- */

#define PLATFORM_COLS                                                         \
    "name, arch, cpu, cores, threads, freq_mhz, memory_gb, os, kernel, "     \
    "price_usd, power_w, idle_power_w, rent_usd_month, notes, "              \
    "price_currency, price_date, price_source, rent_usd_hour"

static void bind_platform(sqlite3_stmt *s, const bdb_platform *p)
{
    sqlite3_bind_text(s, 1, p->name, -1, SQLITE_TRANSIENT);
    bind_text_or_null(s, 2, p->arch);
    bind_text_or_null(s, 3, p->cpu);
    bind_num_or_null(s, 4, p->cores);
    bind_num_or_null(s, 5, p->threads);
    bind_num_or_null(s, 6, p->freq_mhz);
    bind_num_or_null(s, 7, p->memory_gb);
    bind_text_or_null(s, 8, p->os);
    bind_text_or_null(s, 9, p->kernel);
    bind_num_or_null(s, 10, p->price_usd);
    bind_num_or_null(s, 11, p->power_w);
    bind_num_or_null(s, 12, p->idle_power_w);
    bind_num_or_null(s, 13, p->rent_usd_month);
    bind_text_or_null(s, 14, p->notes);
    bind_text_or_null(s, 15, p->price_currency);
    bind_text_or_null(s, 16, p->price_date);
    bind_text_or_null(s, 17, p->price_source);
    bind_num_or_null(s, 18, p->rent_usd_hour);
}

static void read_platform(sqlite3_stmt *s, bdb_platform *p)
{
    bdb_platform_clear(p);
    snprintf(p->name, sizeof p->name, "%s", col_text(s, 0));
    snprintf(p->arch, sizeof p->arch, "%s", col_text(s, 1));
    snprintf(p->cpu, sizeof p->cpu, "%s", col_text(s, 2));
    p->cores = col_num(s, 3);
    p->threads = col_num(s, 4);
    p->freq_mhz = col_num(s, 5);
    p->memory_gb = col_num(s, 6);
    snprintf(p->os, sizeof p->os, "%s", col_text(s, 7));
    snprintf(p->kernel, sizeof p->kernel, "%s", col_text(s, 8));
    p->price_usd = col_num(s, 9);
    p->power_w = col_num(s, 10);
    p->idle_power_w = col_num(s, 11);
    p->rent_usd_month = col_num(s, 12);
    snprintf(p->notes, sizeof p->notes, "%s", col_text(s, 13));
    snprintf(p->price_currency, sizeof p->price_currency, "%s", col_text(s, 14));
    snprintf(p->price_date, sizeof p->price_date, "%s", col_text(s, 15));
    snprintf(p->price_source, sizeof p->price_source, "%s", col_text(s, 16));
    p->rent_usd_hour = col_num(s, 17);
}

static int sq_platform_put(bdb_store *st, const bdb_platform *p, int merge)
{
    if (!p->name[0])
        return bdb_store_fail(st, BDB_EUSAGE, "a platform needs a name");
    const char *sql = merge
        ? "INSERT INTO platforms(" PLATFORM_COLS ") VALUES "
          "(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18) "
          "ON CONFLICT(name) DO UPDATE SET "
          "price_currency=coalesce(?15,price_currency), "
          "price_date=coalesce(?16,price_date), "
          "price_source=coalesce(?17,price_source), "
          "rent_usd_hour=coalesce(?18,rent_usd_hour), "
          "arch=coalesce(?2,arch), cpu=coalesce(?3,cpu), "
          "cores=coalesce(?4,cores), threads=coalesce(?5,threads), "
          "freq_mhz=coalesce(?6,freq_mhz), memory_gb=coalesce(?7,memory_gb), "
          "os=coalesce(?8,os), kernel=coalesce(?9,kernel), "
          "price_usd=coalesce(?10,price_usd), power_w=coalesce(?11,power_w), "
          "idle_power_w=coalesce(?12,idle_power_w), "
          "rent_usd_month=coalesce(?13,rent_usd_month), "
          "notes=coalesce(?14,notes)"
        : "INSERT INTO platforms(" PLATFORM_COLS ") VALUES "
          "(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18) "
          "ON CONFLICT(name) DO UPDATE SET price_currency=?15, price_date=?16, "
          "price_source=?17, rent_usd_hour=?18, arch=?2, cpu=?3, cores=?4, "
          "threads=?5, freq_mhz=?6, memory_gb=?7, os=?8, kernel=?9, "
          "price_usd=?10, power_w=?11, idle_power_w=?12, rent_usd_month=?13, "
          "notes=?14";
    sqlite3_stmt *s;
    if (prepare(st, &s, sql))
        return BDB_ESTORE;
    bind_platform(s, p);
    int rc = sqlite3_step(s) == SQLITE_DONE ? BDB_OK : fail_db(st, "saving platform");
    sqlite3_finalize(s);
    return rc;
}

static int sq_platforms_put(bdb_store *st, const bdb_platform *p, size_t n)
{
    if (tx_begin(st))
        return BDB_ESTORE;
    int rc = BDB_OK;
    for (size_t i = 0; !rc && i < n; i++)
        rc = sq_platform_put(st, &p[i], 1);
    return tx_end(st, rc);
}

static int sq_platform_get(bdb_store *st, const char *name, bdb_platform *out)
{
    sqlite3_stmt *s;
    if (prepare(st, &s, "SELECT " PLATFORM_COLS " FROM platforms WHERE name=?"))
        return BDB_ESTORE;
    sqlite3_bind_text(s, 1, name, -1, SQLITE_TRANSIENT);
    int step = sqlite3_step(s), rc;
    if (step == SQLITE_ROW) {
        read_platform(s, out);
        rc = BDB_OK;
    } else if (step == SQLITE_DONE) {
        rc = bdb_store_fail(st, BDB_ENOTFOUND, "no platform called '%s'", name);
    } else {
        rc = fail_db(st, "reading platform");
    }
    sqlite3_finalize(s);
    return rc;
}

static int sq_platform_each(bdb_store *st,
                            int (*cb)(const bdb_platform *, void *), void *ctx)
{
    sqlite3_stmt *s;
    if (prepare(st, &s, "SELECT " PLATFORM_COLS " FROM platforms ORDER BY name"))
        return BDB_ESTORE;
    int step, rc = BDB_OK;
    while ((step = sqlite3_step(s)) == SQLITE_ROW) {
        bdb_platform p;
        read_platform(s, &p);
        if (cb(&p, ctx))
            break;
    }
    if (step != SQLITE_ROW && step != SQLITE_DONE)
        rc = fail_db(st, "listing platforms");
    sqlite3_finalize(s);
    return rc;
}

/* ---- sources ------------------------------------------------------------- */

static int sq_source_find(bdb_store *st, const char *sha256, long long *id)
{
    sqlite3_stmt *s;
    *id = 0;
    if (prepare(st, &s, "SELECT id FROM sources WHERE sha256=?"))
        return BDB_ESTORE;
    sqlite3_bind_text(s, 1, sha256, -1, SQLITE_TRANSIENT);
    int step = sqlite3_step(s), rc = BDB_OK;
    if (step == SQLITE_ROW)
        *id = sqlite3_column_int64(s, 0);
    else if (step != SQLITE_DONE)
        rc = fail_db(st, "looking up source");
    sqlite3_finalize(s);
    return rc;
}


static void writer_close(writer *w)
{
    sqlite3_finalize(w->platform_ins);
    sqlite3_finalize(w->platform_sel);
    sqlite3_finalize(w->series_ins);
    sqlite3_finalize(w->series_sel);
    sqlite3_finalize(w->param_ins);
    sqlite3_finalize(w->result_ins);
    sqlite3_finalize(w->warning_ins);
    sqlite3_finalize(w->source_ins);
}

static int writer_init(writer *w, bdb_store *st)
{
    memset(w, 0, sizeof *w);
    w->st = st;
    w->last_platform_id = -1;
    int rc = prepare(st, &w->platform_ins,
                     "INSERT INTO platforms(name) VALUES(?) "
                     "ON CONFLICT(name) DO NOTHING");
    if (!rc)
        rc = prepare(st, &w->platform_sel, "SELECT id FROM platforms WHERE name=?");
    if (!rc)
        rc = prepare(st, &w->series_ins,
                     "INSERT INTO series(tool, benchmark, metric, params, unit, "
                     "better) VALUES(?,?,?,?,?,?) "
                     "ON CONFLICT(tool, benchmark, metric, params) DO NOTHING");
    if (!rc)
        rc = prepare(st, &w->series_sel,
                     "SELECT id, unit, better FROM series WHERE tool=? AND "
                     "benchmark=? AND metric=? AND params=?");
    if (!rc)
        rc = prepare(st, &w->param_ins,
                     "INSERT OR IGNORE INTO series_params(series_id, key, value) "
                     "VALUES(?,?,?)");
    if (!rc)
        rc = prepare(st, &w->result_ins,
                     "INSERT INTO results(series_id, platform_id, source_id, "
                     "line, repetition, value) VALUES(?,?,?,?,?,?)");
    if (!rc)
        rc = prepare(st, &w->warning_ins,
                     "INSERT INTO source_warnings(source_id, line, kind, message) "
                     "VALUES(?,?,?,?)");
    if (!rc)
        rc = prepare(st, &w->source_ins,
                     "INSERT INTO sources(sha256, size, path, tool, "
                     "tool_version, parser_version, platform_id, options, "
                     "raw) VALUES(?,?,?,?,?,?,?,?,?)");
    if (rc)
        writer_close(w);
    return rc;
}

/* The writer, prepared once for the handle's life. */
static int get_writer(bdb_store *st, writer **out)
{
    sq *impl = st->impl;
    if (!impl->writer_open) {
        int rc = writer_init(&impl->w, st);
        if (rc)
            return rc;
        impl->writer_open = 1;
    }
    /* a platform id remembered from a rolled-back transaction may be gone */
    impl->w.last_platform_id = -1;
    *out = &impl->w;
    return BDB_OK;
}

static int platform_id(writer *w, const char *name, long long *id)
{
    if (!name || !*name) {
        *id = 0;
        return BDB_OK;
    }
    if (w->last_platform_id >= 0 && strcmp(w->last_platform, name) == 0) {
        *id = w->last_platform_id;
        return BDB_OK;
    }
    sqlite3_reset(w->platform_ins);
    sqlite3_bind_text(w->platform_ins, 1, name, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(w->platform_ins) != SQLITE_DONE)
        return fail_db(w->st, "adding platform");
    sqlite3_reset(w->platform_sel);
    sqlite3_bind_text(w->platform_sel, 1, name, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(w->platform_sel) != SQLITE_ROW)
        return fail_db(w->st, "finding platform");
    *id = sqlite3_column_int64(w->platform_sel, 0);
    snprintf(w->last_platform, sizeof w->last_platform, "%s", name);
    w->last_platform_id = *id;
    return BDB_OK;
}

static int series_id(writer *w, const bdb_sample *smp, long long *id)
{
    char params[BDB_PARAMS_TEXT_MAX];
    bdb_params_format(&smp->params, params, sizeof params);
    char key[32 + BDB_BENCHMARK_MAX + BDB_METRIC_MAX + BDB_PARAMS_TEXT_MAX + 4];
    snprintf(key, sizeof key, "%s\x1f%s\x1f%s\x1f%s", smp->tool,
             smp->benchmark, smp->metric, params);
    scache *cache = &((sq *)w->st->impl)->cache;
    const char *unit = smp->unit ? smp->unit : "";
    scache_entry *e = scache_find(cache, key);
    if (e) {
        if (strcmp(e->unit, unit) != 0)
            return bdb_store_fail(w->st, BDB_ESTORE,
                                  "line %d: %s %s %s is in %s here but in %s "
                                  "in the database", smp->line, smp->tool,
                                  smp->benchmark, smp->metric, unit, e->unit);
        *id = e->id;
        return BDB_OK;
    }
    sqlite3_stmt *s = w->series_ins;
    sqlite3_reset(s);
    sqlite3_bind_text(s, 1, smp->tool, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 2, smp->benchmark, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 3, smp->metric, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 4, params, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 5, smp->unit ? smp->unit : "", -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(s, 6, (int)smp->better);
    if (sqlite3_step(s) != SQLITE_DONE)
        return fail_db(w->st, "adding series");
    int created = sqlite3_changes(DB(w->st)) > 0;
    s = w->series_sel;
    sqlite3_reset(s);
    sqlite3_bind_text(s, 1, smp->tool, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 2, smp->benchmark, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 3, smp->metric, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 4, params, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(s) != SQLITE_ROW)
        return fail_db(w->st, "finding series");
    *id = sqlite3_column_int64(s, 0);
    if (strcmp(col_text(s, 1), smp->unit ? smp->unit : "") != 0)
        return bdb_store_fail(w->st, BDB_ESTORE,
                              "line %d: %s %s %s is in %s here but in %s in "
                              "the database", smp->line, smp->tool,
                              smp->benchmark, smp->metric, smp->unit,
                              col_text(s, 1));
    if (created) {
        for (int i = 0; i < smp->params.n; i++) {
            sqlite3_reset(w->param_ins);
            sqlite3_bind_int64(w->param_ins, 1, *id);
            sqlite3_bind_text(w->param_ins, 2, smp->params.kv[i].key, -1,
                              SQLITE_TRANSIENT);
            sqlite3_bind_text(w->param_ins, 3, smp->params.kv[i].value, -1,
                              SQLITE_TRANSIENT);
            if (sqlite3_step(w->param_ins) != SQLITE_DONE)
                return fail_db(w->st, "adding series parameter");
        }
    }
    scache_put(cache, key, *id, unit);
    return BDB_OK;
}

static int write_samples(writer *w, long long source_id,
                         const char *default_platform, const bdb_sink *samples)
{
    for (size_t i = 0; i < samples->n; i++) {
        const bdb_sample *smp = &samples->samples[i];
        long long sid, pid;
        if (!isfinite(smp->value))
            return bdb_store_fail(w->st, BDB_EPARSE,
                                  "line %d: %s is not a finite number",
                                  smp->line, smp->metric);
        int rc = series_id(w, smp, &sid);
        if (!rc)
            rc = platform_id(w, smp->platform[0] ? smp->platform
                                                 : default_platform, &pid);
        if (rc)
            return rc;
        sqlite3_stmt *s = w->result_ins;
        sqlite3_reset(s);
        sqlite3_bind_int64(s, 1, sid);
        if (pid)
            sqlite3_bind_int64(s, 2, pid);
        else
            sqlite3_bind_null(s, 2);
        sqlite3_bind_int64(s, 3, source_id);
        sqlite3_bind_int(s, 4, smp->line);
        sqlite3_bind_int(s, 5, smp->repetition);
        sqlite3_bind_double(s, 6, smp->value);
        if (sqlite3_step(s) != SQLITE_DONE)
            return fail_db(w->st, "adding result");
    }
    for (size_t i = 0; i < samples->nnotes; i++) {
        sqlite3_stmt *s = w->warning_ins;
        sqlite3_reset(s);
        sqlite3_bind_int64(s, 1, source_id);
        sqlite3_bind_int(s, 2, samples->notes[i].line);
        sqlite3_bind_text(s, 3, samples->notes[i].is_info ? "info" : "warning",
                          -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 4, samples->notes[i].text, -1, SQLITE_TRANSIENT);
        if (sqlite3_step(s) != SQLITE_DONE)
            return fail_db(w->st, "adding warning");
    }
    return BDB_OK;
}

static int sq_add_source(bdb_store *st, const bdb_source_info *src,
                         const bdb_sink *samples, long long *source_id)
{
    uLongf zlen = compressBound((uLong)src->size);
    unsigned char *z = malloc(zlen ? zlen : 1);
    if (!z)
        return bdb_store_fail(st, BDB_ENOMEM, "out of memory");
    if (compress2(z, &zlen, src->raw, (uLong)src->size, 6) != Z_OK) {
        free(z);
        return bdb_store_fail(st, BDB_ENOMEM, "cannot compress source");
    }
    if (tx_begin(st)) {
        free(z);
        return BDB_ESTORE;
    }
    writer *w = NULL;
    long long existing = 0, id = 0, pid = 0;
    int rc = sq_source_find(st, src->sha256, &existing);
    if (!rc && existing)
        rc = bdb_store_fail(st, BDB_EEXIST, "already imported");
    if (!rc)
        rc = get_writer(st, &w);
    if (!rc) {
        rc = platform_id(w, src->platform, &pid);
        sqlite3_stmt *s = w->source_ins;
        if (!rc) {
            sqlite3_reset(s);
            sqlite3_clear_bindings(s);
            sqlite3_bind_text(s, 1, src->sha256, -1, SQLITE_TRANSIENT);
            sqlite3_bind_int64(s, 2, (sqlite3_int64)src->size);
            sqlite3_bind_text(s, 3, src->path, -1, SQLITE_TRANSIENT);
            sqlite3_bind_text(s, 4, src->tool, -1, SQLITE_TRANSIENT);
            bind_text_or_null(s, 5, src->tool_version);
            sqlite3_bind_text(s, 6, src->parser_version, -1, SQLITE_TRANSIENT);
            if (pid)
                sqlite3_bind_int64(s, 7, pid);
            else
                sqlite3_bind_null(s, 7);
            sqlite3_bind_text(s, 8, src->options ? src->options : "", -1,
                              SQLITE_TRANSIENT);
            sqlite3_bind_blob(s, 9, z, (int)zlen, SQLITE_STATIC);
            if (sqlite3_step(s) != SQLITE_DONE)
                rc = fail_db(st, "adding source");
            id = sqlite3_last_insert_rowid(DB(st));
            sqlite3_reset(s);
            sqlite3_clear_bindings(s);  /* the blob z is freed below */
        }
        if (!rc)
            rc = write_samples(w, id, src->platform, samples);
    }
    rc = tx_end(st, rc);
    if (!rc && source_id)
        *source_id = id;
    free(z);
    return rc;
}

static int sq_source_ids(bdb_store *st, long long **ids, size_t *n)
{
    sqlite3_stmt *s;
    *ids = NULL;
    *n = 0;
    if (prepare(st, &s, "SELECT id FROM sources ORDER BY id"))
        return BDB_ESTORE;
    size_t cap = 0;
    int step, rc = BDB_OK;
    while ((step = sqlite3_step(s)) == SQLITE_ROW) {
        if (*n == cap) {
            cap = cap ? cap * 2 : 64;
            long long *p = realloc(*ids, cap * sizeof *p);
            if (!p) {
                rc = bdb_store_fail(st, BDB_ENOMEM, "out of memory");
                break;
            }
            *ids = p;
        }
        (*ids)[(*n)++] = sqlite3_column_int64(s, 0);
    }
    if (!rc && step != SQLITE_DONE)
        rc = fail_db(st, "listing sources");
    sqlite3_finalize(s);
    if (rc) {
        free(*ids);
        *ids = NULL;
        *n = 0;
    }
    return rc;
}

static int sq_source_load(bdb_store *st, long long id, bdb_stored_source *out)
{
    sqlite3_stmt *s;
    memset(out, 0, sizeof *out);
    if (prepare(st, &s,
                "SELECT s.path, s.tool, s.parser_version, coalesce(p.name,''), "
                "s.options, s.raw, s.size FROM sources s LEFT JOIN platforms p "
                "ON p.id = s.platform_id WHERE s.id=?"))
        return BDB_ESTORE;
    sqlite3_bind_int64(s, 1, id);
    int rc = BDB_OK;
    if (sqlite3_step(s) != SQLITE_ROW) {
        rc = bdb_store_fail(st, BDB_ENOTFOUND, "no source %lld", id);
    } else {
        out->id = id;
        snprintf(out->path, sizeof out->path, "%s", col_text(s, 0));
        snprintf(out->tool, sizeof out->tool, "%s", col_text(s, 1));
        snprintf(out->parser_version, sizeof out->parser_version, "%s",
                 col_text(s, 2));
        snprintf(out->platform, sizeof out->platform, "%s", col_text(s, 3));
        out->options = strdup(col_text(s, 4));
        uLongf size = (uLongf)sqlite3_column_int64(s, 6);
        out->raw = malloc(size + 1);
        out->size = size;
        if (!out->options || !out->raw) {
            rc = bdb_store_fail(st, BDB_ENOMEM, "out of memory");
        } else if (uncompress((Bytef *)out->raw, &size, sqlite3_column_blob(s, 5),
                              (uLong)sqlite3_column_bytes(s, 5)) != Z_OK ||
                   size != out->size) {
            rc = bdb_store_fail(st, BDB_ESTORE,
                                "source %lld: stored bytes are damaged", id);
        } else {
            out->raw[size] = '\0';
        }
    }
    sqlite3_finalize(s);
    if (rc)
        bdb_stored_source_free(out);
    return rc;
}

/* The name of source id's platform ("" for none) into out; BDB_ENOTFOUND
 * when there is no such source. */
static int source_platform(bdb_store *st, long long id, char *out, size_t n)
{
    sqlite3_stmt *s;
    if (prepare(st, &s, "SELECT coalesce(p.name, '') FROM sources src "
                        "LEFT JOIN platforms p ON p.id = src.platform_id "
                        "WHERE src.id = ?"))
        return BDB_ESTORE;
    sqlite3_bind_int64(s, 1, id);
    int step = sqlite3_step(s), rc = BDB_OK;
    if (step == SQLITE_ROW)
        snprintf(out, n, "%s", col_text(s, 0));
    else if (step == SQLITE_DONE)
        rc = bdb_store_fail(st, BDB_ENOTFOUND, "no source %lld", id);
    else
        rc = fail_db(st, "reading source");
    sqlite3_finalize(s);
    return rc;
}

/* Runs sql, whose one parameter is a source id. */
static int exec_for_source(bdb_store *st, const char *sql, long long id,
                           const char *what)
{
    sqlite3_stmt *s;
    if (prepare(st, &s, sql))
        return BDB_ESTORE;
    sqlite3_bind_int64(s, 1, id);
    int rc = sqlite3_step(s) == SQLITE_DONE ? BDB_OK : fail_db(st, what);
    sqlite3_finalize(s);
    return rc;
}

static int sweep_series(bdb_store *st)
{
    scache_clear(&((sq *)st->impl)->cache);
    return exec(st, "DELETE FROM series WHERE id NOT IN "
                    "(SELECT DISTINCT series_id FROM results)");
}

/* A batch: one transaction around many files, each a savepoint, so that
 * a failed file rolls back alone and the batch pays one commit. */
static int sq_batch_begin(bdb_store *st)
{
    sq *impl = st->impl;
    if (impl->in_batch)
        return bdb_store_fail(st, BDB_EUSAGE, "a batch is already open");
    if (exec_patient(st, "BEGIN IMMEDIATE"))
        return BDB_ESTORE;
    scache_clear(&impl->cache);
    impl->in_batch = 1;
    impl->sweep_series = 0;
    return BDB_OK;
}

static int sq_batch_end(bdb_store *st, int commit)
{
    sq *impl = st->impl;
    if (!impl->in_batch)
        return BDB_OK;
    int rc = BDB_OK;
    if (commit && impl->sweep_series)
        rc = sweep_series(st);
    if (commit && !rc)
        rc = exec(st, "COMMIT");
    if (!commit || rc)
        sqlite3_exec(DB(st), "ROLLBACK", NULL, NULL, NULL);
    impl->in_batch = 0;
    impl->sweep_series = 0;
    scache_clear(&impl->cache);
    return commit ? rc : BDB_OK;
}

static int sq_source_replace(bdb_store *st, long long id, const char *tool,
                             const char *tool_version,
                             const char *parser_version,
                             const bdb_sink *samples)
{
    char platform[64];
    if (tx_begin(st))
        return BDB_ESTORE;
    int rc = source_platform(st, id, platform, sizeof platform);
    if (!rc)
        rc = exec_for_source(st, "DELETE FROM results WHERE source_id=?", id,
                             "removing old results");
    if (!rc)
        rc = exec_for_source(st, "DELETE FROM source_warnings WHERE source_id=?",
                             id, "removing old warnings");
    sqlite3_stmt *s = NULL;
    if (!rc)
        rc = prepare(st, &s, "UPDATE sources SET tool=?, tool_version=?, "
                             "parser_version=? WHERE id=?");
    if (!rc) {
        sqlite3_bind_text(s, 1, tool, -1, SQLITE_TRANSIENT);
        bind_text_or_null(s, 2, tool_version);
        sqlite3_bind_text(s, 3, parser_version, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(s, 4, id);
        if (sqlite3_step(s) != SQLITE_DONE)
            rc = fail_db(st, "updating source");
    }
    sqlite3_finalize(s);
    writer *w = NULL;
    if (!rc)
        rc = get_writer(st, &w);
    if (!rc)
        rc = write_samples(w, id, platform, samples);
    /* Series left without results are dropped: at once when this is its
     * own transaction, once at the end of a batch (a sweep is O(results),
     * too dear per source). */
    sq *impl = st->impl;
    if (!rc && impl->in_batch)
        impl->sweep_series = 1;
    else if (!rc)
        rc = sweep_series(st);
    return tx_end(st, rc);
}

/* ---- queries ----------------------------------------------------------------- */

/* Appends the filter's WHERE conditions (on aliases s: series, r:
 * results) to sql and keeps copies of the values to bind in order; the
 * lists grow, so a filter of any size binds all its values. The platform
 * condition is on r.platform_id (names resolved through the platforms
 * table), so a filtered report searches results_by_platform or
 * results_by_series_platform instead of scanning every result. */
typedef struct where {
    bdb_buf sql;
    char **binds;
    int nbinds, cap;
    int err;            /* the first failure (out of memory) */
} where;

static void where_bind(where *w, const char *v, size_t n)
{
    if (w->err)
        return;
    if (w->nbinds == w->cap) {
        int cap = w->cap ? w->cap * 2 : 16;
        char **b = realloc(w->binds, (size_t)cap * sizeof *b);
        if (!b) {
            w->err = BDB_ENOMEM;
            return;
        }
        w->binds = b;
        w->cap = cap;
    }
    char *copy = malloc(n + 1);
    if (!copy) {
        w->err = BDB_ENOMEM;
        return;
    }
    memcpy(copy, v, n);
    copy[n] = '\0';
    w->binds[w->nbinds++] = copy;
}

static void where_add(where *w, const char *cond, const char *v1,
                      const char *v2)
{
    bdb_buf_puts(&w->sql, " AND ");
    bdb_buf_puts(&w->sql, cond);
    if (v1)
        where_bind(w, v1, strlen(v1));
    if (v2)
        where_bind(w, v2, strlen(v2));
}

/* The platform part of the filter alone: "" in the list is the results
 * without a platform. */
static void where_platforms(where *w, const bdb_filter *f)
{
    if (!f || !f->platforms || !*f->platforms)
        return;
    int unassigned = 0;
    const char *p = f->platforms;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        unassigned |= n == 0;
        if (!comma)
            break;
        p = comma + 1;
    }
    bdb_buf_puts(&w->sql, unassigned ? " AND (r.platform_id IS NULL OR "
                                       "r.platform_id IN (SELECT id FROM "
                                       "platforms WHERE name IN ("
                                     : " AND r.platform_id IN (SELECT id "
                                       "FROM platforms WHERE name IN (");
    p = f->platforms;
    for (int first = 1;; first = 0) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        bdb_buf_puts(&w->sql, first ? "?" : ",?");
        where_bind(w, p, n);
        if (!comma)
            break;
        p = comma + 1;
    }
    bdb_buf_puts(&w->sql, unassigned ? ")))" : "))");
}

/* The series part of the filter alone (alias s). */
static void where_series(where *w, const bdb_filter *f)
{
    if (!f)
        return;
    if (f->tool)
        where_add(w, "s.tool = ?", f->tool, NULL);
    if (f->benchmark)
        where_add(w, "s.benchmark = ?", f->benchmark, NULL);
    if (f->metric)
        where_add(w, "s.metric = ?", f->metric, NULL);
    if (f->params)
        for (int i = 0; i < f->params->n; i++)
            where_add(w, "EXISTS (SELECT 1 FROM series_params sp WHERE "
                         "sp.series_id = s.id AND sp.key = ? AND sp.value = ?)",
                      f->params->kv[i].key, f->params->kv[i].value);
}

static int filter_has_series_terms(const bdb_filter *f)
{
    return f && (f->tool || f->benchmark || f->metric ||
                 (f->params && f->params->n > 0));
}

static void where_build(where *w, const bdb_filter *f)
{
    where_series(w, f);
    where_platforms(w, f);
}

static void where_free(where *w)
{
    for (int i = 0; i < w->nbinds; i++)
        free(w->binds[i]);
    free(w->binds);
    bdb_buf_free(&w->sql);
}

static int where_prepare(bdb_store *st, where *w, sqlite3_stmt **s)
{
    int rc = w->err ? w->err : w->sql.err;
    if (rc) {
        where_free(w);
        return bdb_store_fail(st, rc, "out of memory building a query");
    }
    rc = prepare(st, s, w->sql.data);
    for (int i = 0; !rc && i < w->nbinds; i++)
        if (sqlite3_bind_text(*s, i + 1, w->binds[i], -1, SQLITE_TRANSIENT) !=
            SQLITE_OK) {
            rc = fail_db(st, "binding the filter's values");
            sqlite3_finalize(*s);
            *s = NULL;
        }
    where_free(w);
    return rc;
}

static int sq_results_each(bdb_store *st, const bdb_filter *f,
                           int (*cb)(const bdb_result_row *, void *), void *ctx)
{
    where w = {0};
    bdb_buf_puts(&w.sql,
                 "SELECT coalesce(p.name, ''), s.tool, s.benchmark, s.metric, "
                 "s.params, s.unit, s.better, r.value, r.repetition, src.path, "
                 "r.line, r.source_id, s.id FROM results r "
                 "JOIN series s ON s.id = r.series_id "
                 "JOIN sources src ON src.id = r.source_id "
                 "LEFT JOIN platforms p ON p.id = r.platform_id WHERE 1");
    where_build(&w, f);
    bdb_buf_puts(&w.sql, " ORDER BY s.tool, s.benchmark, s.metric, s.params, "
                         "coalesce(p.name, ''), r.source_id, r.repetition, r.line");
    sqlite3_stmt *s;
    if (where_prepare(st, &w, &s))
        return BDB_ESTORE;
    int step, rc = BDB_OK;
    while ((step = sqlite3_step(s)) == SQLITE_ROW) {
        bdb_result_row r = {
            .platform = col_text(s, 0), .tool = col_text(s, 1),
            .benchmark = col_text(s, 2), .metric = col_text(s, 3),
            .params = col_text(s, 4), .unit = col_text(s, 5),
            .better = sqlite3_column_int(s, 6),
            .value = sqlite3_column_double(s, 7),
            .repetition = sqlite3_column_int(s, 8),
            .source_path = col_text(s, 9), .line = sqlite3_column_int(s, 10),
            .source_id = sqlite3_column_int64(s, 11),
            .series_id = sqlite3_column_int64(s, 12)};
        if (cb(&r, ctx))
            break;
    }
    if (step != SQLITE_ROW && step != SQLITE_DONE)
        rc = fail_db(st, "listing results");
    sqlite3_finalize(s);
    return rc;
}

static int sq_series_each(bdb_store *st, const bdb_filter *f,
                          int (*cb)(const bdb_series_row *, void *), void *ctx)
{
    where w = {0};
    bdb_buf_puts(&w.sql,
                 "SELECT s.id, s.tool, s.benchmark, s.metric, s.params, s.unit, "
                 "s.better, count(r.id), count(DISTINCT r.platform_id) "
                 "FROM series s JOIN results r ON r.series_id = s.id "
                 "LEFT JOIN platforms p ON p.id = r.platform_id WHERE 1");
    where_build(&w, f);
    bdb_buf_puts(&w.sql, " GROUP BY s.id ORDER BY s.tool, s.benchmark, "
                         "s.metric, s.params");
    sqlite3_stmt *s;
    if (where_prepare(st, &w, &s))
        return BDB_ESTORE;
    int step, rc = BDB_OK;
    while ((step = sqlite3_step(s)) == SQLITE_ROW) {
        bdb_series_row r = {
            .id = sqlite3_column_int64(s, 0), .tool = col_text(s, 1),
            .benchmark = col_text(s, 2), .metric = col_text(s, 3),
            .params = col_text(s, 4), .unit = col_text(s, 5),
            .better = sqlite3_column_int(s, 6),
            .nresults = sqlite3_column_int64(s, 7),
            .nplatforms = sqlite3_column_int64(s, 8)};
        if (cb(&r, ctx))
            break;
    }
    if (step != SQLITE_ROW && step != SQLITE_DONE)
        rc = fail_db(st, "listing series");
    sqlite3_finalize(s);
    return rc;
}

static int sq_sources_each(bdb_store *st,
                           int (*cb)(const bdb_source_row *, void *), void *ctx)
{
    sqlite3_stmt *s;
    if (prepare(st, &s,
                "SELECT src.id, src.path, src.sha256, src.imported_at, src.tool, "
                "coalesce(src.tool_version, ''), src.parser_version, "
                "coalesce(p.name, ''), src.size, "
                "(SELECT count(*) FROM results r WHERE r.source_id = src.id), "
                "(SELECT count(*) FROM source_warnings w WHERE w.source_id = src.id "
                "AND w.kind = 'warning'), src.options "
                "FROM sources src LEFT JOIN platforms p ON p.id = src.platform_id "
                "ORDER BY src.id"))
        return BDB_ESTORE;
    int step, rc = BDB_OK;
    while ((step = sqlite3_step(s)) == SQLITE_ROW) {
        bdb_source_row r = {
            .id = sqlite3_column_int64(s, 0), .path = col_text(s, 1),
            .sha256 = col_text(s, 2), .imported_at = col_text(s, 3),
            .tool = col_text(s, 4), .tool_version = col_text(s, 5),
            .parser_version = col_text(s, 6), .platform = col_text(s, 7),
            .size = sqlite3_column_int64(s, 8),
            .nresults = sqlite3_column_int64(s, 9),
            .nwarnings = sqlite3_column_int64(s, 10),
            .options = col_text(s, 11)};
        if (cb(&r, ctx))
            break;
    }
    if (step != SQLITE_ROW && step != SQLITE_DONE)
        rc = fail_db(st, "listing sources");
    sqlite3_finalize(s);
    return rc;
}

/* The warnings of the sources that have a result matching f. The sources
 * with warnings are few: each is probed once for a matching result
 * (results_by_source), instead of listing every matching result. */
static int sq_warnings_each(bdb_store *st, const bdb_filter *f,
                            int (*cb)(const bdb_warning_row *, void *),
                            void *ctx)
{
    where w = {0};
    bdb_buf_puts(&w.sql,
                 "SELECT coalesce(sp.name, ''), src.path, wn.message, wn.line, "
                 "src.id, wn.kind = 'info' FROM source_warnings wn "
                 "JOIN sources src ON src.id = wn.source_id "
                 "LEFT JOIN platforms sp ON sp.id = src.platform_id "
                 "WHERE wn.source_id IN (SELECT ws.source_id FROM "
                 "(SELECT DISTINCT source_id FROM source_warnings) ws "
                 "WHERE EXISTS (SELECT 1 FROM results r ");
    if (filter_has_series_terms(f))
        bdb_buf_puts(&w.sql, "JOIN series s ON s.id = r.series_id ");
    bdb_buf_puts(&w.sql, "WHERE r.source_id = ws.source_id");
    where_build(&w, f);
    bdb_buf_puts(&w.sql, ")) ORDER BY src.id, wn.line");
    sqlite3_stmt *s;
    if (where_prepare(st, &w, &s))
        return BDB_ESTORE;
    int step, rc = BDB_OK;
    while ((step = sqlite3_step(s)) == SQLITE_ROW) {
        bdb_warning_row r = {.platform = col_text(s, 0),
                             .source_path = col_text(s, 1),
                             .message = col_text(s, 2),
                             .line = sqlite3_column_int(s, 3),
                             .source_id = sqlite3_column_int64(s, 4),
                             .is_info = sqlite3_column_int(s, 5)};
        if (cb(&r, ctx))
            break;
    }
    if (step != SQLITE_ROW && step != SQLITE_DONE)
        rc = fail_db(st, "listing warnings");
    sqlite3_finalize(s);
    return rc;
}

/* Appends "EXISTS (a result of f on platform `on`)"; on is an SQL
 * expression for the platform id, or NULL for results without one. */
static void exists_result(where *w, const bdb_filter *f, const char *on)
{
    bdb_buf_puts(&w->sql, "EXISTS (SELECT 1 FROM results r ");
    if (filter_has_series_terms(f))
        bdb_buf_puts(&w->sql, "JOIN series s ON s.id = r.series_id ");
    bdb_buf_puts(&w->sql, on ? "WHERE r.platform_id = " : "WHERE r.platform_id IS NULL");
    if (on)
        bdb_buf_puts(&w->sql, on);
    where_build(w, f);
    bdb_buf_puts(&w->sql, ")");
}

/* Platforms with a matching result: each platform is probed for one
 * (results_by_platform), the results are never listed. */
static int sq_platform_names_each(bdb_store *st, const bdb_filter *f,
                                  int (*cb)(const char *, void *), void *ctx)
{
    where w = {0};
    bdb_buf_puts(&w.sql, "SELECT pname FROM (SELECT p.name AS pname FROM "
                         "platforms p WHERE ");
    exists_result(&w, f, "p.id");
    bdb_buf_puts(&w.sql, " UNION ALL SELECT '' WHERE ");
    exists_result(&w, f, NULL);
    bdb_buf_puts(&w.sql, ") ORDER BY pname");
    sqlite3_stmt *s;
    if (where_prepare(st, &w, &s))
        return BDB_ESTORE;
    int step, rc = BDB_OK;
    while ((step = sqlite3_step(s)) == SQLITE_ROW)
        if (cb(col_text(s, 0), ctx))
            break;
    if (step != SQLITE_ROW && step != SQLITE_DONE)
        rc = fail_db(st, "listing platforms of results");
    sqlite3_finalize(s);
    return rc;
}

/* ---- groups: one series at a time --------------------------------------- */

/* id -> text, open addressing, grown at half load. */
typedef struct id_text {
    long long id;
    char *text;         /* NULL: an empty slot */
} id_text;

typedef struct id_map {
    id_text *slot;
    size_t cap, n;
} id_map;

static size_t id_hash(long long id, size_t cap)
{
    uint64_t h = (uint64_t)id * UINT64_C(0x9e3779b97f4a7c15);
    return (size_t)(h >> 17) & (cap - 1);
}

static const char *id_map_get(const id_map *m, long long id)
{
    if (!m->cap)
        return NULL;
    for (size_t i = id_hash(id, m->cap);; i = (i + 1) & (m->cap - 1)) {
        if (!m->slot[i].text)
            return NULL;
        if (m->slot[i].id == id)
            return m->slot[i].text;
    }
}

static int id_map_put(id_map *m, long long id, const char *text)
{
    if (2 * (m->n + 1) > m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 64;
        id_text *slot = calloc(cap, sizeof *slot);
        if (!slot)
            return BDB_ENOMEM;
        for (size_t i = 0; i < m->cap; i++)
            if (m->slot[i].text) {
                size_t j = id_hash(m->slot[i].id, cap);
                while (slot[j].text)
                    j = (j + 1) & (cap - 1);
                slot[j] = m->slot[i];
            }
        free(m->slot);
        m->slot = slot;
        m->cap = cap;
    }
    char *copy = strdup(text);
    if (!copy)
        return BDB_ENOMEM;
    size_t i = id_hash(id, m->cap);
    while (m->slot[i].text && m->slot[i].id != id)
        i = (i + 1) & (m->cap - 1);
    if (m->slot[i].text) {
        free(m->slot[i].text);
    } else {
        m->slot[i].id = id;
        m->n++;
    }
    m->slot[i].text = copy;
    return BDB_OK;
}

static void id_map_free(id_map *m)
{
    for (size_t i = 0; i < m->cap; i++)
        free(m->slot[i].text);
    free(m->slot);
    m->slot = NULL;
    m->cap = m->n = 0;
}

/* The results of one series, in the index's order (platform id, source,
 * repetition, line), as columns. */
typedef struct series_rows {
    size_t n, cap;
    long long *platform_id;     /* NO_PLATFORM for none */
    double *value;
    int *line;
    long long *source_id;
    const char **path;
} series_rows;

static int series_rows_grow(series_rows *r)
{
    size_t cap = r->cap ? r->cap * 2 : 256;
    long long *pid = realloc(r->platform_id, cap * sizeof *pid);
    if (pid)
        r->platform_id = pid;
    double *v = realloc(r->value, cap * sizeof *v);
    if (v)
        r->value = v;
    int *l = realloc(r->line, cap * sizeof *l);
    if (l)
        r->line = l;
    long long *sid = realloc(r->source_id, cap * sizeof *sid);
    if (sid)
        r->source_id = sid;
    const char **path = realloc(r->path, cap * sizeof *path);
    if (path)
        r->path = path;
    if (!pid || !v || !l || !sid || !path)
        return BDB_ENOMEM;
    r->cap = cap;
    return BDB_OK;
}

static void series_rows_free(series_rows *r)
{
    free(r->platform_id);
    free(r->value);
    free(r->line);
    free(r->source_id);
    free(r->path);
}

#define NO_PLATFORM LLONG_MIN

/* One platform's run of rows within a series. */
typedef struct group_run {
    const char *name;
    size_t from, n;
} group_run;

static int cmp_run(const void *a, const void *b)
{
    const group_run *x = a, *y = b;
    return strcmp(x->name, y->name);
}

typedef struct groups_ctx {
    bdb_store *st;
    sqlite3_stmt *rows, *path;
    id_map platforms, paths;
    series_rows r;
    group_run *runs;
    size_t cap_runs;
} groups_ctx;

static int source_path(groups_ctx *g, long long id, const char **out)
{
    if ((*out = id_map_get(&g->paths, id)))
        return BDB_OK;
    sqlite3_reset(g->path);
    sqlite3_bind_int64(g->path, 1, id);
    int step = sqlite3_step(g->path);
    if (step != SQLITE_ROW && step != SQLITE_DONE)
        return fail_db(g->st, "reading a source's path");
    /* the old query replaced the list separator; keep the same text */
    const char *text = step == SQLITE_ROW ? col_text(g->path, 0) : "";
    size_t len = strlen(text);
    char *copy = malloc(len + 1);
    if (!copy)
        return bdb_store_fail(g->st, BDB_ENOMEM, "out of memory");
    for (size_t i = 0; i <= len; i++)
        copy[i] = text[i] == 31 ? '?' : text[i];
    int rc = id_map_put(&g->paths, id, copy);
    free(copy);
    if (rc)
        return bdb_store_fail(g->st, rc, "out of memory");
    *out = id_map_get(&g->paths, id);
    return BDB_OK;
}

/* Reads one series' results and hands them to cb as one group per
 * platform, in platform name order. *stop is set when cb asks to stop. */
static int emit_series(groups_ctx *g, sqlite3_stmt *ser,
                       int (*cb)(const bdb_group_row *, void *), void *ctx,
                       int *stop)
{
    long long sid = sqlite3_column_int64(ser, 0);
    series_rows *r = &g->r;
    r->n = 0;
    sqlite3_reset(g->rows);
    sqlite3_bind_int64(g->rows, sqlite3_bind_parameter_count(g->rows), sid);
    int step, rc = BDB_OK;
    while ((step = sqlite3_step(g->rows)) == SQLITE_ROW) {
        if (r->n == r->cap && (rc = series_rows_grow(r)))
            return bdb_store_fail(g->st, rc, "out of memory");
        size_t i = r->n++;
        r->platform_id[i] = sqlite3_column_type(g->rows, 0) == SQLITE_NULL
                                ? NO_PLATFORM
                                : sqlite3_column_int64(g->rows, 0);
        r->value[i] = sqlite3_column_double(g->rows, 1);
        r->line[i] = sqlite3_column_int(g->rows, 2);
        r->source_id[i] = sqlite3_column_int64(g->rows, 3);
        if ((rc = source_path(g, r->source_id[i], &r->path[i])))
            return rc;
    }
    if (step != SQLITE_DONE)
        return fail_db(g->st, "grouping results");
    /* runs of one platform id, then in name order ("" for none) */
    size_t nruns = 0;
    for (size_t i = 0; i < r->n;) {
        size_t j = i;
        while (j < r->n && r->platform_id[j] == r->platform_id[i])
            j++;
        if (nruns == g->cap_runs) {
            size_t cap = g->cap_runs ? g->cap_runs * 2 : 16;
            group_run *p = realloc(g->runs, cap * sizeof *p);
            if (!p)
                return bdb_store_fail(g->st, BDB_ENOMEM, "out of memory");
            g->runs = p;
            g->cap_runs = cap;
        }
        const char *name = r->platform_id[i] != NO_PLATFORM
                               ? id_map_get(&g->platforms, r->platform_id[i])
                               : NULL;
        g->runs[nruns++] = (group_run){name ? name : "", i, j - i};
        i = j;
    }
    if (nruns > 1) /* a series without results in the filter has none */
        qsort(g->runs, nruns, sizeof *g->runs, cmp_run);
    for (size_t k = 0; k < nruns && !*stop; k++) {
        const group_run *run = &g->runs[k];
        const double *v = r->value + run->from;
        double sum = 0.0, mn = v[0], mx = v[0];
        for (size_t i = 0; i < run->n; i++) {
            sum += v[i];
            mn = v[i] < mn ? v[i] : mn;
            mx = v[i] > mx ? v[i] : mx;
        }
        bdb_group_row row = {
            .series_id = sid, .tool = col_text(ser, 1),
            .benchmark = col_text(ser, 2), .metric = col_text(ser, 3),
            .params = col_text(ser, 4), .unit = col_text(ser, 5),
            .better = sqlite3_column_int(ser, 6), .platform = run->name,
            .n = run->n, .mean = sum / (double)run->n, .min = mn, .max = mx,
            .values = v, .lines = r->line + run->from,
            .source_ids = r->source_id + run->from,
            .paths = (const char *const *)(r->path + run->from)};
        if (cb(&row, ctx))
            *stop = 1;
    }
    return BDB_OK;
}

/* Groups in series order, then platform name. The series come from the
 * series table in (tool, benchmark, metric, params) order (its unique
 * index, no sort); each series' results from results_by_series_platform,
 * which holds every column needed in the order needed, so no result row
 * is visited and nothing is sorted in SQL. Memory is one series' results
 * plus one path per source. Values arrive as stored doubles: no text
 * round trip. */
static int sq_groups_each(bdb_store *st, const bdb_filter *f,
                          int (*cb)(const bdb_group_row *, void *), void *ctx)
{
    groups_ctx g = {.st = st};
    sqlite3_stmt *ser = NULL, *pl = NULL;
    int rc = prepare(st, &pl, "SELECT id, name FROM platforms");
    int step = SQLITE_DONE;
    while (!rc && (step = sqlite3_step(pl)) == SQLITE_ROW)
        if (id_map_put(&g.platforms, sqlite3_column_int64(pl, 0), col_text(pl, 1)))
            rc = bdb_store_fail(st, BDB_ENOMEM, "out of memory");
    if (!rc && step != SQLITE_DONE)
        rc = fail_db(st, "reading platforms");
    sqlite3_finalize(pl);
    if (!rc)
        rc = prepare(st, &g.path, "SELECT path FROM sources WHERE id = ?");
    if (!rc) {
        where w = {0};
        bdb_buf_puts(&w.sql, "SELECT r.platform_id, r.value, r.line, "
                             "r.source_id FROM results r WHERE 1");
        where_platforms(&w, f);
        /* the series id is the last parameter */
        bdb_buf_puts(&w.sql, " AND r.series_id = ? ORDER BY r.platform_id, "
                             "r.source_id, r.repetition, r.line");
        rc = where_prepare(st, &w, &g.rows) ? BDB_ESTORE : BDB_OK;
    }
    if (!rc) {
        where w = {0};
        bdb_buf_puts(&w.sql, "SELECT s.id, s.tool, s.benchmark, s.metric, "
                             "s.params, s.unit, s.better FROM series s WHERE 1");
        where_series(&w, f);
        bdb_buf_puts(&w.sql, " ORDER BY s.tool, s.benchmark, s.metric, s.params");
        rc = where_prepare(st, &w, &ser) ? BDB_ESTORE : BDB_OK;
    }
    int stop = 0;
    while (!rc && !stop && (step = sqlite3_step(ser)) == SQLITE_ROW)
        rc = emit_series(&g, ser, cb, ctx, &stop);
    if (!rc && !stop && step != SQLITE_DONE)
        rc = fail_db(st, "listing series");
    sqlite3_finalize(ser);
    sqlite3_finalize(g.rows);
    sqlite3_finalize(g.path);
    id_map_free(&g.platforms);
    id_map_free(&g.paths);
    series_rows_free(&g.r);
    free(g.runs);
    return rc;
}

const bdb_store_ops bdb_store_sqlite_ops = {
    .iVersion = 2,
    .scheme = "sqlite",
    .open = sq_open,
    .close = sq_close,
    .platform_put = sq_platform_put,
    .platform_get = sq_platform_get,
    .platform_each = sq_platform_each,
    .source_find = sq_source_find,
    .add_source = sq_add_source,
    .source_ids = sq_source_ids,
    .source_load = sq_source_load,
    .source_replace = sq_source_replace,
    .results_each = sq_results_each,
    .series_each = sq_series_each,
    .sources_each = sq_sources_each,
    .batch_begin = sq_batch_begin,
    .batch_end = sq_batch_end,
    .warnings_each = sq_warnings_each,
    .groups_each = sq_groups_each,
    .platforms_put = sq_platforms_put,
    .platform_names_each = sq_platform_names_each,
};
