/* store_sqlite.c - the SQLite backend: the only file with SQL in it.
 *
 * Migrations are the embedded schemas/NNN_*.sql files applied in order
 * inside one IMMEDIATE transaction and tracked by PRAGMA user_version, so
 * two processes opening a fresh database at once do not both migrate. WAL
 * mode and a busy timeout let two `benchdb import` runs share a database.
 * Each source lands in one transaction: all its results, or none. */
#include "store_backend.h"
#include "../common/bdb_embedded.h"

#include <fnmatch.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <sqlite3.h>
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
    char cur_platform[64];  /* the open source's platform */
    int cur_replaced;       /* the open source is being re-read */
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

static void register_functions(sqlite3 *db);

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
    register_functions(impl->db);
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
                register_functions(impl->db);
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

static int write_one(writer *w, long long source_id,
                     const char *default_platform, const bdb_sample *smp)
{
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
    return BDB_OK;
}

static int write_notes(writer *w, long long source_id, const bdb_sink *notes)
{
    for (size_t i = 0; notes && i < notes->nnotes; i++) {
        sqlite3_stmt *s = w->warning_ins;
        sqlite3_reset(s);
        sqlite3_bind_int64(s, 1, source_id);
        sqlite3_bind_int(s, 2, notes->notes[i].line);
        sqlite3_bind_text(s, 3, notes->notes[i].is_info ? "info" : "warning",
                          -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 4, notes->notes[i].text, -1, SQLITE_TRANSIENT);
        if (sqlite3_step(s) != SQLITE_DONE)
            return fail_db(w->st, "adding warning");
    }
    return BDB_OK;
}

/* ---- one source, streamed: begin, put each figure, end ------------------ */

static int sq_source_end(bdb_store *st, long long id, const char *tool,
                         const char *tool_version, const char *parser_version,
                         const bdb_sink *notes, int keep);
static int source_platform(bdb_store *st, long long id, char *out, size_t n);
static int exec_for_source(bdb_store *st, const char *sql, long long id,
                           const char *what);
static int sweep_series(bdb_store *st);

/* Opens the source's savepoint or transaction; with replace_id, empties
 * that stored source (reparse), else adds src's row (its tool and versions
 * are set by source_end, when the parse has said them). */
static int source_put_set(bdb_store *st, long long source_id,
                          const char *set, const bdb_params *tags);

static int sq_source_begin(bdb_store *st, const bdb_source_info *src,
                           long long replace_id, long long *out_id)
{
    sq *impl = st->impl;
    unsigned char *z = NULL;
    uLongf zlen = 0;
    if (!replace_id) {
        zlen = compressBound((uLong)src->size);
        z = malloc(zlen ? zlen : 1);
        if (!z)
            return bdb_store_fail(st, BDB_ENOMEM, "out of memory");
        if (compress2(z, &zlen, src->raw, (uLong)src->size, 6) != Z_OK) {
            free(z);
            return bdb_store_fail(st, BDB_ENOMEM, "cannot compress source");
        }
    }
    if (tx_begin(st)) {
        free(z);
        return BDB_ESTORE;
    }
    writer *w = NULL;
    long long existing = 0, id = replace_id, pid = 0;
    int rc = get_writer(st, &w);
    if (!rc && replace_id) {
        rc = source_platform(st, id, impl->cur_platform,
                             sizeof impl->cur_platform);
        if (!rc)
            rc = exec_for_source(st, "DELETE FROM results WHERE source_id=?",
                                 id, "removing old results");
        if (!rc)
            rc = exec_for_source(st, "DELETE FROM source_warnings WHERE "
                                 "source_id=?", id, "removing old warnings");
        impl->cur_replaced = 1;
    } else if (!rc) {
        snprintf(impl->cur_platform, sizeof impl->cur_platform, "%s",
                 src->platform ? src->platform : "");
        impl->cur_replaced = 0;
        rc = sq_source_find(st, src->sha256, &existing);
        if (!rc && existing)
            rc = bdb_store_fail(st, BDB_EEXIST, "already imported");
        if (!rc)
            rc = platform_id(w, src->platform, &pid);
        sqlite3_stmt *s = w->source_ins;
        if (!rc) {
            sqlite3_reset(s);
            sqlite3_clear_bindings(s);
            sqlite3_bind_text(s, 1, src->sha256, -1, SQLITE_TRANSIENT);
            sqlite3_bind_int64(s, 2, (sqlite3_int64)src->size);
            sqlite3_bind_text(s, 3, src->path, -1, SQLITE_TRANSIENT);
            sqlite3_bind_text(s, 4, src->tool ? src->tool : "", -1,
                              SQLITE_TRANSIENT);
            bind_text_or_null(s, 5, src->tool_version);
            sqlite3_bind_text(s, 6, src->parser_version ? src->parser_version
                                                        : "", -1,
                              SQLITE_TRANSIENT);
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
        /* its run set (lifecycle) */
        if (!rc && src->set && *src->set)
            rc = source_put_set(st, id, src->set, src->set_tags);
    }
    free(z);
    if (rc)
        return tx_end(st, rc);
    *out_id = id;
    return BDB_OK;
}

static int sq_source_put(bdb_store *st, long long id, const bdb_sample *smp)
{
    sq *impl = st->impl;
    return write_one(&impl->w, id, impl->cur_platform, smp);
}

/* Sets the source's tool and versions, stores its notes, and keeps all of
 * it (keep) or none. Returns the final code (BDB_OK when !keep and the
 * rollback worked). */
static int sq_source_end(bdb_store *st, long long id, const char *tool,
                         const char *tool_version, const char *parser_version,
                         const bdb_sink *notes, int keep)
{
    sq *impl = st->impl;
    if (!keep) {
        tx_end(st, BDB_EPARSE);
        return BDB_OK;
    }
    sqlite3_stmt *s = NULL;
    int rc = prepare(st, &s, "UPDATE sources SET tool=?, tool_version=?, "
                             "parser_version=? WHERE id=?");
    if (!rc) {
        sqlite3_bind_text(s, 1, tool ? tool : "", -1, SQLITE_TRANSIENT);
        bind_text_or_null(s, 2, tool_version);
        sqlite3_bind_text(s, 3, parser_version ? parser_version : "", -1,
                          SQLITE_TRANSIENT);
        sqlite3_bind_int64(s, 4, id);
        if (sqlite3_step(s) != SQLITE_DONE)
            rc = fail_db(st, "updating source");
    }
    sqlite3_finalize(s);
    if (!rc)
        rc = write_notes(&impl->w, id, notes);
    /* Series left without results are dropped: at once when this is its
     * own transaction, once at the end of a batch (a sweep is O(results),
     * too dear per source). */
    if (!rc && impl->cur_replaced) {
        if (impl->in_batch)
            impl->sweep_series = 1;
        else
            rc = sweep_series(st);
    }
    return tx_end(st, rc);
}

static int sq_add_source(bdb_store *st, const bdb_source_info *src,
                         const bdb_sink *samples, long long *source_id)
{
    long long id;
    int rc = sq_source_begin(st, src, 0, &id);
    if (rc)
        return rc;
    for (size_t i = 0; !rc && i < samples->n; i++)
        rc = sq_source_put(st, id, &samples->samples[i]);
    if (rc) {
        sq_source_end(st, id, NULL, NULL, NULL, NULL, 0);
        return rc;
    }
    rc = sq_source_end(st, id, src->tool, src->tool_version,
                       src->parser_version, samples, 1);
    if (!rc && source_id)
        *source_id = id;
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
    long long got;
    int rc = sq_source_begin(st, NULL, id, &got);
    if (rc)
        return rc;
    for (size_t i = 0; !rc && i < samples->n; i++)
        rc = sq_source_put(st, id, &samples->samples[i]);
    if (rc) {
        sq_source_end(st, id, NULL, NULL, NULL, NULL, 0);
        return rc;
    }
    return sq_source_end(st, id, tool, tool_version, parser_version, samples, 1);
}

/* ---- queries ----------------------------------------------------------------- */

/* Appends the filter's WHERE conditions (on aliases s: series, p:
 * platforms) to sql and keeps copies of the values to bind in order; the
 * lists grow, so a filter of any size binds all its values. */
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

/* 1 when s holds a shell glob character, so that it is matched with
 * fnmatch() rather than compared. */
static int has_glob(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] == '*' || s[i] == '?' || s[i] == '[')
            return 1;
    return 0;
}

/* col matches one item of a comma list, each an exact name or a glob.
 * The whole text is also tried as one exact name, so that a name holding
 * a comma (a timed command "sort -k1,1") still selects itself. */
static void where_list(where *w, const char *col, const char *list)
{
    bdb_buf_printf(&w->sql, " AND (%s = ?", col);
    where_bind(w, list, strlen(list));
    for (const char *p = list;;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        if (has_glob(p, n))
            bdb_buf_printf(&w->sql, " OR bdb_fnmatch(?, %s)", col);
        else
            bdb_buf_printf(&w->sql, " OR %s = ?", col);
        where_bind(w, p, n);
        if (!comma)
            break;
        p = comma + 1;
    }
    bdb_buf_puts(&w->sql, ")");
}

/* "lo..hi" (either end may be empty): 1 with the bounds as text, else 0. */
static int split_range(const char *v, char *lo, char *hi, size_t n)
{
    const char *dots = strstr(v, "..");
    if (!dots || strstr(dots + 2, ".."))
        return 0;
    size_t a = (size_t)(dots - v), b = strlen(dots + 2);
    if (a >= n || b >= n || (a == 0 && b == 0))
        return 0;
    char *end;
    memcpy(lo, v, a);
    lo[a] = '\0';
    memcpy(hi, dots + 2, b + 1);
    if (a && (strtod(lo, &end), *end != '\0'))
        return 0;
    if (b && (strtod(hi, &end), *end != '\0'))
        return 0;
    return 1;
}

/* One --param key=value: a value, a comma list of values and globs, or a
 * numeric range. */
static void where_param(where *w, const char *key, const char *value)
{
    char lo[64], hi[64];
    bdb_buf_puts(&w->sql, " AND EXISTS (SELECT 1 FROM series_params sp WHERE "
                          "sp.series_id = s.id AND sp.key = ?");
    where_bind(w, key, strlen(key));
    if (split_range(value, lo, hi, sizeof lo)) {
        if (lo[0]) {
            bdb_buf_puts(&w->sql, " AND bdb_num(sp.value) >= bdb_num(?)");
            where_bind(w, lo, strlen(lo));
        }
        if (hi[0]) {
            bdb_buf_puts(&w->sql, " AND bdb_num(sp.value) <= bdb_num(?)");
            where_bind(w, hi, strlen(hi));
        }
        bdb_buf_puts(&w->sql, " AND bdb_num(sp.value) IS NOT NULL)");
        return;
    }
    where_list(w, "sp.value", value);
    bdb_buf_puts(&w->sql, ")");
}

static void where_build(where *w, const bdb_filter *f)
{
    if (!f)
        return;
    if (f->tool && *f->tool)
        where_list(w, "s.tool", f->tool);
    if (f->benchmark && *f->benchmark)
        where_list(w, "s.benchmark", f->benchmark);
    if (f->metric && *f->metric)
        where_list(w, "s.metric", f->metric);
    if (f->params)
        for (int i = 0; i < f->params->n; i++)
            where_param(w, f->params->kv[i].key, f->params->kv[i].value);
    if (f->platforms && *f->platforms)
        where_list(w, "coalesce(p.name, '')", f->platforms);
    if (f->set && *f->set) {
        bdb_buf_puts(&w->sql, " AND r.source_id IN (SELECT fs.id FROM sources fs "
                              "JOIN sets fst ON fst.id = fs.set_id WHERE 1");
        where_list(w, "fst.name", f->set);
        bdb_buf_puts(&w->sql, ")");
    }
    if (f->tags)
        for (int i = 0; i < f->tags->n; i++) {
            bdb_buf_puts(&w->sql, " AND r.source_id IN (SELECT fs.id FROM "
                                  "sources fs JOIN set_tags ft ON "
                                  "ft.set_id = fs.set_id WHERE ft.key = ?");
            where_bind(w, f->tags->kv[i].key, strlen(f->tags->kv[i].key));
            where_list(w, "ft.value", f->tags->kv[i].value);
            bdb_buf_puts(&w->sql, ")");
        }
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
                "AND w.kind = 'warning'), src.options, coalesce(st.name, '') "
                "FROM sources src LEFT JOIN platforms p ON p.id = src.platform_id "
                "LEFT JOIN sets st ON st.id = src.set_id "
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
            .options = col_text(s, 11), .set = col_text(s, 12)};
        if (cb(&r, ctx))
            break;
    }
    if (step != SQLITE_ROW && step != SQLITE_DONE)
        rc = fail_db(st, "listing sources");
    sqlite3_finalize(s);
    return rc;
}

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
                 "WHERE src.id IN (SELECT r.source_id FROM results r "
                 "JOIN series s ON s.id = r.series_id "
                 "LEFT JOIN platforms p ON p.id = r.platform_id WHERE 1");
    where_build(&w, f);
    bdb_buf_puts(&w.sql, ") ORDER BY src.id, wn.line");
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

static int sq_platform_names_each(bdb_store *st, const bdb_filter *f,
                                  int (*cb)(const char *, void *), void *ctx)
{
    where w = {0};
    bdb_buf_puts(&w.sql,
                 "SELECT DISTINCT coalesce(p.name, '') AS pname FROM results r "
                 "JOIN series s ON s.id = r.series_id "
                 "LEFT JOIN platforms p ON p.id = r.platform_id WHERE 1");
    where_build(&w, f);
    bdb_buf_puts(&w.sql, " ORDER BY pname");
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

/* Splits a group_concat() list on sep into at most n pieces (in place). */
static size_t split_list(char *text, char sep, char **out, size_t n)
{
    size_t k = 0;
    char *p = text;
    while (p && k < n) {
        out[k++] = p;
        char *q = strchr(p, sep);
        if (q)
            *q++ = '\0';
        p = q;
    }
    return k;
}

static int sq_groups_each(bdb_store *st, const bdb_filter *f,
                          int (*cb)(const bdb_group_row *, void *), void *ctx)
{
    where w = {0};
    /* The inner query orders the rows so that group_concat() sees each
     * group's values in source and repetition order. */
    bdb_buf_puts(&w.sql,
                 "SELECT sid, tool, benchmark, metric, params, unit, better, "
                 "pname, count(*), avg(value), min(value), max(value), "
                 "group_concat(printf('%!.17g', value), char(31)), "
                 "group_concat(line, char(31)), group_concat(source_id, char(31)), "
                 "group_concat(path, char(31)) FROM ("
                 "SELECT s.id AS sid, s.tool, s.benchmark, s.metric, s.params, "
                 "s.unit, s.better, coalesce(p.name, '') AS pname, r.value, "
                 "r.line, r.source_id, replace(src.path, char(31), '?') AS path "
                 "FROM results r JOIN series s ON s.id = r.series_id "
                 "JOIN sources src ON src.id = r.source_id "
                 "LEFT JOIN platforms p ON p.id = r.platform_id WHERE 1");
    where_build(&w, f);
    bdb_buf_puts(&w.sql, " ORDER BY s.tool, s.benchmark, s.metric, s.params, "
                         "pname, r.source_id, r.repetition, r.line) "
                         "GROUP BY sid, pname ORDER BY tool, benchmark, metric, "
                         "params, pname");
    sqlite3_stmt *s;
    if (where_prepare(st, &w, &s))
        return BDB_ESTORE;
    int step, rc = BDB_OK;
    while ((step = sqlite3_step(s)) == SQLITE_ROW) {
        size_t n = (size_t)sqlite3_column_int64(s, 8);
        char *vals = strdup(col_text(s, 12)), *lines = strdup(col_text(s, 13));
        char *srcs = strdup(col_text(s, 14)), *paths = strdup(col_text(s, 15));
        char **vp = calloc(n, sizeof *vp), **lp = calloc(n, sizeof *lp);
        char **sp = calloc(n, sizeof *sp), **pp = calloc(n, sizeof *pp);
        double *values = calloc(n, sizeof *values);
        int *line_no = calloc(n, sizeof *line_no);
        long long *source_ids = calloc(n, sizeof *source_ids);
        if (!vals || !lines || !srcs || !paths || !vp || !lp || !sp || !pp ||
            !values || !line_no || !source_ids) {
            rc = bdb_store_fail(st, BDB_ENOMEM, "out of memory");
        } else if (split_list(vals, 31, vp, n) != n ||
                   split_list(lines, 31, lp, n) != n ||
                   split_list(srcs, 31, sp, n) != n ||
                   split_list(paths, 31, pp, n) != n) {
            rc = bdb_store_fail(st, BDB_ESTORE, "inconsistent group lists");
        } else {
            for (size_t i = 0; i < n; i++) {
                values[i] = strtod(vp[i], NULL);
                line_no[i] = (int)strtol(lp[i], NULL, 10);
                source_ids[i] = strtoll(sp[i], NULL, 10);
            }
            bdb_group_row r = {
                .series_id = sqlite3_column_int64(s, 0), .tool = col_text(s, 1),
                .benchmark = col_text(s, 2), .metric = col_text(s, 3),
                .params = col_text(s, 4), .unit = col_text(s, 5),
                .better = sqlite3_column_int(s, 6), .platform = col_text(s, 7),
                .n = n, .mean = sqlite3_column_double(s, 9),
                .min = sqlite3_column_double(s, 10),
                .max = sqlite3_column_double(s, 11), .values = values,
                .lines = line_no, .source_ids = source_ids,
                .paths = (const char *const *)pp};
            if (cb(&r, ctx))
                step = SQLITE_DONE;
        }
        free(vals); free(lines); free(srcs); free(paths);
        free(vp); free(lp); free(sp); free(pp);
        free(values); free(line_no); free(source_ids);
        if (rc || step == SQLITE_DONE)
            break;
    }
    if (!rc && step != SQLITE_ROW && step != SQLITE_DONE)
        rc = fail_db(st, "grouping results");
    sqlite3_finalize(s);
    return rc;
}

/* ---- lifecycle: corrections, run sets, history (iVersion 4) ------------ */


/* bdb_fnmatch(pattern, text): shell globs for --benchmark 'aes-*'. No
 * FNM_PATHNAME: '*' matches '/' too ("*sda" selects "/dev/sda"). */
static void sql_fnmatch(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const unsigned char *pat = sqlite3_value_text(argv[0]);
    const unsigned char *text = sqlite3_value_text(argv[1]);
    if (!pat || !text) {
        sqlite3_result_int(ctx, 0);
        return;
    }
    sqlite3_result_int(ctx, fnmatch((const char *)pat, (const char *)text, 0) == 0);
}

/* bdb_num(text): the number a parameter value spells wholly, else NULL,
 * so that "clients=1..20" never takes "abc" for 0. */
static void sql_num(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const unsigned char *t = sqlite3_value_text(argv[0]);
    if (!t || !*t) {
        sqlite3_result_null(ctx);
        return;
    }
    char *end;
    double v = strtod((const char *)t, &end);
    if (*end != '\0' || !isfinite(v))
        sqlite3_result_null(ctx);
    else
        sqlite3_result_double(ctx, v);
}

static void register_functions(sqlite3 *db)
{
    /* A failure only means the glob and range filters fail to prepare,
     * with SQLite's message. */
    sqlite3_create_function(db, "bdb_fnmatch", 2,
                            SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
                            sql_fnmatch, NULL, NULL);
    sqlite3_create_function(db, "bdb_num", 1,
                            SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, sql_num,
                            NULL, NULL);
}

/* Runs sql with text parameters (NULL binds NULL); *changes (may be NULL)
 * receives the rows it changed. */
static int exec_texts(bdb_store *st, const char *sql, const char *what,
                      int *changes, int n, ...)
{
    sqlite3_stmt *s;
    if (prepare(st, &s, sql))
        return BDB_ESTORE;
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        const char *t = va_arg(ap, const char *);
        if (t)
            sqlite3_bind_text(s, i + 1, t, -1, SQLITE_TRANSIENT);
        else
            sqlite3_bind_null(s, i + 1);
    }
    va_end(ap);
    int rc = sqlite3_step(s) == SQLITE_DONE ? BDB_OK : fail_db(st, what);
    if (changes)
        *changes = sqlite3_changes(DB(st));
    sqlite3_finalize(s);
    return rc;
}

/* The id of the row of table whose name is name (0 when none). */
static int id_by_name(bdb_store *st, const char *table, const char *name,
                      long long *id)
{
    char sql[128];
    snprintf(sql, sizeof sql, "SELECT id FROM %s WHERE name = ?", table);
    sqlite3_stmt *s;
    *id = 0;
    if (prepare(st, &s, sql))
        return BDB_ESTORE;
    sqlite3_bind_text(s, 1, name, -1, SQLITE_TRANSIENT);
    int step = sqlite3_step(s), rc = BDB_OK;
    if (step == SQLITE_ROW)
        *id = sqlite3_column_int64(s, 0);
    else if (step != SQLITE_DONE)
        rc = fail_db(st, "looking up a name");
    sqlite3_finalize(s);
    return rc;
}

static int exec_ids(bdb_store *st, const char *sql, long long a, long long b,
                    const char *what)
{
    sqlite3_stmt *s;
    if (prepare(st, &s, sql))
        return BDB_ESTORE;
    sqlite3_bind_int64(s, 1, a);
    if (sqlite3_bind_parameter_count(s) >= 2)
        sqlite3_bind_int64(s, 2, b);
    int rc = sqlite3_step(s) == SQLITE_DONE ? BDB_OK : fail_db(st, what);
    sqlite3_finalize(s);
    return rc;
}

static int source_put_set(bdb_store *st, long long source_id,
                          const char *set, const bdb_params *tags)
{
    long long sid;
    int rc = exec_texts(st, "INSERT INTO sets(name) VALUES(?) "
                            "ON CONFLICT(name) DO NOTHING", "adding set",
                        NULL, 1, set);
    if (!rc)
        rc = id_by_name(st, "sets", set, &sid);
    if (!rc && !sid)
        rc = bdb_store_fail(st, BDB_ESTORE, "set '%s' vanished", set);
    for (int i = 0; !rc && tags && i < tags->n; i++) {
        sqlite3_stmt *s;
        rc = prepare(st, &s, "INSERT INTO set_tags(set_id, key, value) "
                             "VALUES(?,?,?) ON CONFLICT(set_id, key) DO "
                             "UPDATE SET value = excluded.value");
        if (rc)
            break;
        sqlite3_bind_int64(s, 1, sid);
        sqlite3_bind_text(s, 2, tags->kv[i].key, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(s, 3, tags->kv[i].value, -1, SQLITE_TRANSIENT);
        if (sqlite3_step(s) != SQLITE_DONE)
            rc = fail_db(st, "tagging set");
        sqlite3_finalize(s);
    }
    if (!rc)
        rc = exec_ids(st, "UPDATE sources SET set_id = ?1 WHERE id = ?2", sid,
                      source_id, "putting a source in its set");
    return rc;
}

static int sq_history_add(bdb_store *st, const char *user, const char *command,
                          const char *summary)
{
    return exec_texts(st, "INSERT INTO history(user, command, summary) "
                          "VALUES(?,?,?)", "recording history", NULL, 3,
                      user ? user : "", command ? command : "",
                      summary ? summary : "");
}

static int sq_history_each(bdb_store *st,
                           int (*cb)(const bdb_history_row *, void *),
                           void *ctx)
{
    sqlite3_stmt *s;
    if (prepare(st, &s, "SELECT id, at, user, command, summary FROM history "
                        "ORDER BY id"))
        return BDB_ESTORE;
    int step, rc = BDB_OK;
    while ((step = sqlite3_step(s)) == SQLITE_ROW) {
        bdb_history_row r = {sqlite3_column_int64(s, 0), col_text(s, 1),
                             col_text(s, 2), col_text(s, 3), col_text(s, 4)};
        if (cb(&r, ctx))
            break;
    }
    if (step != SQLITE_ROW && step != SQLITE_DONE)
        rc = fail_db(st, "reading history");
    sqlite3_finalize(s);
    return rc;
}

/* Series left without results go: now, or once when the batch ends; sets
 * left without sources go at once (with their tags: nothing to tag). */
static int sweep_later(bdb_store *st)
{
    sq *impl = st->impl;
    if (exec(st, "DELETE FROM sets WHERE NOT EXISTS (SELECT 1 FROM sources "
                 "WHERE sources.set_id = sets.id)"))
        return BDB_ESTORE;
    if (impl->in_batch) {
        impl->sweep_series = 1;
        return BDB_OK;
    }
    return sweep_series(st);
}

static int source_exists(bdb_store *st, long long id)
{
    char name[8];
    return source_platform(st, id, name, sizeof name);
}

static int sq_source_delete(bdb_store *st, long long id)
{
    if (tx_begin(st))
        return BDB_ESTORE;
    int rc = source_exists(st, id);
    if (!rc)
        rc = exec_for_source(st, "DELETE FROM sources WHERE id = ?", id,
                             "removing source");
    if (!rc)
        rc = sweep_later(st);
    return tx_end(st, rc);
}

static int sq_source_update(bdb_store *st, long long id, const char *platform,
                            const char *options)
{
    if (tx_begin(st))
        return BDB_ESTORE;
    int rc = source_exists(st, id);
    writer *w = NULL;
    if (!rc && platform) {
        long long pid = 0;
        rc = get_writer(st, &w);
        if (!rc)
            rc = platform_id(w, platform, &pid);
        if (!rc && pid)
            rc = exec_ids(st, "UPDATE sources SET platform_id = ?1 WHERE id = ?2",
                          pid, id, "updating source");
        else if (!rc)
            rc = exec_for_source(st, "UPDATE sources SET platform_id = NULL "
                                     "WHERE id = ?", id, "updating source");
    }
    if (!rc && options) {
        sqlite3_stmt *s;
        rc = prepare(st, &s, "UPDATE sources SET options = ? WHERE id = ?");
        if (!rc) {
            sqlite3_bind_text(s, 1, options, -1, SQLITE_TRANSIENT);
            sqlite3_bind_int64(s, 2, id);
            if (sqlite3_step(s) != SQLITE_DONE)
                rc = fail_db(st, "updating source options");
            sqlite3_finalize(s);
        }
    }
    return tx_end(st, rc);
}

/* Between source_begin(NULL, id) and source_end: the source becomes the
 * same file read with other options (import --replace): path, platform
 * (the default of the figures put after this), options, and set when
 * given. Opens no transaction of its own: it lands or goes with the
 * source's. */
static int sq_source_revise(bdb_store *st, long long id,
                            const bdb_source_info *src)
{
    sq *impl = st->impl;
    writer *w = NULL;
    long long pid = 0;
    int rc = get_writer(st, &w);
    if (!rc)
        rc = platform_id(w, src->platform, &pid);
    sqlite3_stmt *s = NULL;
    if (!rc)
        rc = prepare(st, &s, "UPDATE sources SET path = ?, platform_id = ?, "
                             "options = ? WHERE id = ?");
    if (!rc) {
        sqlite3_bind_text(s, 1, src->path, -1, SQLITE_TRANSIENT);
        if (pid)
            sqlite3_bind_int64(s, 2, pid);
        else
            sqlite3_bind_null(s, 2);
        sqlite3_bind_text(s, 3, src->options ? src->options : "", -1,
                          SQLITE_TRANSIENT);
        sqlite3_bind_int64(s, 4, id);
        if (sqlite3_step(s) != SQLITE_DONE)
            rc = fail_db(st, "revising source");
        sqlite3_finalize(s);
    }
    if (!rc && src->set && *src->set)
        rc = source_put_set(st, id, src->set, src->set_tags);
    if (!rc && src->set && *src->set)   /* the set it left may be empty */
        rc = exec(st, "DELETE FROM sets WHERE NOT EXISTS (SELECT 1 FROM "
                      "sources WHERE sources.set_id = sets.id)");
    if (!rc)
        snprintf(impl->cur_platform, sizeof impl->cur_platform, "%s",
                 src->platform ? src->platform : "");
    return rc;
}

static int sq_platform_rename(bdb_store *st, const char *old_name,
                              const char *new_name)
{
    if (!*new_name)
        return bdb_store_fail(st, BDB_EUSAGE, "a platform needs a name");
    if (tx_begin(st))
        return BDB_ESTORE;
    long long a, b;
    int rc = id_by_name(st, "platforms", old_name, &a);
    if (!rc)
        rc = id_by_name(st, "platforms", new_name, &b);
    if (!rc && !a)
        rc = bdb_store_fail(st, BDB_ENOTFOUND, "no platform named '%s'",
                            old_name);
    if (!rc && b)
        rc = bdb_store_fail(st, BDB_EEXIST, "there is a platform named '%s' "
                            "already (use `platform merge %s INTO %s`)",
                            new_name, old_name, new_name);
    if (!rc)
        rc = exec_texts(st, "UPDATE platforms SET name = ? WHERE name = ?",
                        "renaming platform", NULL, 2, new_name, old_name);
    return tx_end(st, rc);
}

static int sq_platform_merge(bdb_store *st, const char *from, const char *into)
{
    if (tx_begin(st))
        return BDB_ESTORE;
    long long a, b;
    int rc = id_by_name(st, "platforms", from, &a);
    if (!rc)
        rc = id_by_name(st, "platforms", into, &b);
    if (!rc && !a)
        rc = bdb_store_fail(st, BDB_ENOTFOUND, "no platform named '%s'", from);
    if (!rc && !b)
        rc = bdb_store_fail(st, BDB_ENOTFOUND, "no platform named '%s'", into);
    if (!rc && a == b)
        rc = bdb_store_fail(st, BDB_EUSAGE, "cannot merge '%s' into itself",
                            from);
    if (!rc)
        rc = exec_ids(st, "UPDATE results SET platform_id = ?2 "
                          "WHERE platform_id = ?1", a, b, "moving results");
    if (!rc)
        rc = exec_ids(st, "UPDATE sources SET platform_id = ?2 "
                          "WHERE platform_id = ?1", a, b, "moving sources");
    if (!rc)
        rc = exec_ids(st,
            "UPDATE platforms SET "
            "arch = coalesce(arch, (SELECT arch FROM platforms WHERE id = ?1)), "
            "cpu = coalesce(cpu, (SELECT cpu FROM platforms WHERE id = ?1)), "
            "cores = coalesce(cores, (SELECT cores FROM platforms WHERE id = ?1)), "
            "threads = coalesce(threads, (SELECT threads FROM platforms WHERE id = ?1)), "
            "freq_mhz = coalesce(freq_mhz, (SELECT freq_mhz FROM platforms WHERE id = ?1)), "
            "memory_gb = coalesce(memory_gb, (SELECT memory_gb FROM platforms WHERE id = ?1)), "
            "os = coalesce(os, (SELECT os FROM platforms WHERE id = ?1)), "
            "kernel = coalesce(kernel, (SELECT kernel FROM platforms WHERE id = ?1)), "
            "price_usd = coalesce(price_usd, (SELECT price_usd FROM platforms WHERE id = ?1)), "
            "power_w = coalesce(power_w, (SELECT power_w FROM platforms WHERE id = ?1)), "
            "idle_power_w = coalesce(idle_power_w, (SELECT idle_power_w FROM platforms WHERE id = ?1)), "
            "rent_usd_month = coalesce(rent_usd_month, (SELECT rent_usd_month FROM platforms WHERE id = ?1)), "
            "notes = coalesce(notes, (SELECT notes FROM platforms WHERE id = ?1)), "
            "price_currency = coalesce(price_currency, (SELECT price_currency FROM platforms WHERE id = ?1)), "
            "price_date = coalesce(price_date, (SELECT price_date FROM platforms WHERE id = ?1)), "
            "price_source = coalesce(price_source, (SELECT price_source FROM platforms WHERE id = ?1)), "
            "rent_usd_hour = coalesce(rent_usd_hour, (SELECT rent_usd_hour FROM platforms WHERE id = ?1)) "
            "WHERE id = ?2", a, b, "merging platform fields");
    if (!rc)
        rc = exec_ids(st, "DELETE FROM platforms WHERE id = ?1", a, 0,
                      "removing merged platform");
    return tx_end(st, rc);
}

static int count_of(bdb_store *st, const char *sql, long long id,
                    long long *out)
{
    sqlite3_stmt *s;
    *out = 0;
    if (prepare(st, &s, sql))
        return BDB_ESTORE;
    sqlite3_bind_int64(s, 1, id);
    int rc = BDB_OK;
    if (sqlite3_step(s) == SQLITE_ROW)
        *out = sqlite3_column_int64(s, 0);
    else
        rc = fail_db(st, "counting");
    sqlite3_finalize(s);
    return rc;
}

static int sq_platform_usage(bdb_store *st, const char *name,
                             long long *nsources, long long *nresults)
{
    long long id;
    int rc = id_by_name(st, "platforms", name, &id);
    if (!rc && !id)
        return bdb_store_fail(st, BDB_ENOTFOUND, "no platform named '%s'", name);
    if (!rc)
        rc = count_of(st, "SELECT count(*) FROM sources WHERE platform_id = ?",
                      id, nsources);
    if (!rc)
        rc = count_of(st, "SELECT count(*) FROM results WHERE platform_id = ?",
                      id, nresults);
    return rc;
}

static int sq_platform_delete(bdb_store *st, const char *name, int with_results)
{
    if (tx_begin(st))
        return BDB_ESTORE;
    long long id, ns = 0, nr = 0;
    int rc = id_by_name(st, "platforms", name, &id);
    if (!rc && !id)
        rc = bdb_store_fail(st, BDB_ENOTFOUND, "no platform named '%s'", name);
    if (!rc)
        rc = sq_platform_usage(st, name, &ns, &nr);
    if (!rc && (ns || nr) && !with_results)
        rc = bdb_store_fail(st, BDB_EEXIST, "platform '%s' has %lld results "
                            "from %lld sources (use --with-results to delete "
                            "them too, or `platform merge`)", name, nr, ns);
    if (!rc)
        rc = exec_ids(st, "DELETE FROM results WHERE platform_id = ?1", id, 0,
                      "removing results");
    if (!rc)
        rc = exec_ids(st, "DELETE FROM sources WHERE platform_id = ?1 AND "
                          "NOT EXISTS (SELECT 1 FROM results r WHERE "
                          "r.source_id = sources.id)", id, 0,
                      "removing sources");
    if (!rc)
        rc = exec_ids(st, "UPDATE sources SET platform_id = NULL "
                          "WHERE platform_id = ?1", id, 0, "updating sources");
    if (!rc)
        rc = exec_ids(st, "DELETE FROM platforms WHERE id = ?1", id, 0,
                      "removing platform");
    if (!rc)
        rc = sweep_later(st);
    return tx_end(st, rc);
}

static int sq_sets_each(bdb_store *st, int (*cb)(const bdb_set_row *, void *),
                        void *ctx)
{
    sqlite3_stmt *s;
    if (prepare(st, &s,
                "SELECT st.id, st.name, st.created_at, "
                "coalesce((SELECT group_concat(kv, ',') FROM (SELECT key || '=' "
                "|| value AS kv FROM set_tags WHERE set_id = st.id ORDER BY "
                "key)), ''), coalesce(min(src.imported_at), ''), "
                "coalesce(max(src.imported_at), ''), count(src.id), "
                "(SELECT count(*) FROM results r JOIN sources s2 ON "
                "s2.id = r.source_id WHERE s2.set_id = st.id) "
                "FROM sets st LEFT JOIN sources src ON src.set_id = st.id "
                "GROUP BY st.id ORDER BY st.created_at, st.id"))
        return BDB_ESTORE;
    int step, rc = BDB_OK;
    while ((step = sqlite3_step(s)) == SQLITE_ROW) {
        bdb_set_row r = {sqlite3_column_int64(s, 0), col_text(s, 1),
                         col_text(s, 2), col_text(s, 3), col_text(s, 4),
                         col_text(s, 5), sqlite3_column_int64(s, 6),
                         sqlite3_column_int64(s, 7)};
        if (cb(&r, ctx))
            break;
    }
    if (step != SQLITE_ROW && step != SQLITE_DONE)
        rc = fail_db(st, "listing sets");
    sqlite3_finalize(s);
    return rc;
}

static int sq_set_rename(bdb_store *st, const char *old_name,
                         const char *new_name)
{
    if (!*new_name)
        return bdb_store_fail(st, BDB_EUSAGE, "a set needs a name");
    if (tx_begin(st))
        return BDB_ESTORE;
    long long a, b;
    int rc = id_by_name(st, "sets", old_name, &a);
    if (!rc)
        rc = id_by_name(st, "sets", new_name, &b);
    if (!rc && !a)
        rc = bdb_store_fail(st, BDB_ENOTFOUND, "no set named '%s'", old_name);
    if (!rc && b)
        rc = bdb_store_fail(st, BDB_EEXIST, "there is a set named '%s' already",
                            new_name);
    if (!rc)
        rc = exec_texts(st, "UPDATE sets SET name = ? WHERE name = ?",
                        "renaming set", NULL, 2, new_name, old_name);
    return tx_end(st, rc);
}

static int sq_set_tag(bdb_store *st, const char *set, const char *key,
                      const char *value)
{
    if (tx_begin(st))
        return BDB_ESTORE;
    long long id;
    int rc = id_by_name(st, "sets", set, &id);
    if (!rc && !id)
        rc = bdb_store_fail(st, BDB_ENOTFOUND, "no set named '%s'", set);
    char sid[32];
    snprintf(sid, sizeof sid, "%lld", id);
    if (!rc && value)
        rc = exec_texts(st, "INSERT INTO set_tags(set_id, key, value) "
                            "VALUES(?,?,?) ON CONFLICT(set_id, key) DO UPDATE "
                            "SET value = excluded.value", "tagging set", NULL,
                        3, sid, key, value);
    else if (!rc)
        rc = exec_texts(st, "DELETE FROM set_tags WHERE set_id = ? AND key = ?",
                        "untagging set", NULL, 2, sid, key);
    return tx_end(st, rc);
}

static int sq_names_each(bdb_store *st, const char *what,
                         int (*cb)(const char *, void *), void *ctx)
{
    const char *sql, *arg = NULL;
    if (strcmp(what, "platform") == 0)
        sql = "SELECT name FROM platforms ORDER BY name";
    else if (strcmp(what, "tool") == 0)
        sql = "SELECT DISTINCT tool FROM series ORDER BY 1";
    else if (strcmp(what, "benchmark") == 0)
        sql = "SELECT DISTINCT benchmark FROM series ORDER BY 1";
    else if (strcmp(what, "metric") == 0)
        sql = "SELECT DISTINCT metric FROM series ORDER BY 1";
    else if (strcmp(what, "set") == 0)
        sql = "SELECT name FROM sets ORDER BY created_at, id";
    else if (strcmp(what, "param") == 0)
        sql = "SELECT DISTINCT key FROM series_params ORDER BY 1";
    else if (strcmp(what, "tag") == 0)
        sql = "SELECT DISTINCT key FROM set_tags ORDER BY 1";
    else if (strncmp(what, "param:", 6) == 0)
        sql = "SELECT DISTINCT value FROM series_params WHERE key = ? "
              "ORDER BY 1", arg = what + 6;
    else if (strncmp(what, "tag:", 4) == 0)
        sql = "SELECT DISTINCT value FROM set_tags WHERE key = ? ORDER BY 1",
        arg = what + 4;
    else
        return bdb_store_fail(st, BDB_EUSAGE, "no names of '%s'", what);
    sqlite3_stmt *s;
    if (prepare(st, &s, sql))
        return BDB_ESTORE;
    if (arg)
        sqlite3_bind_text(s, 1, arg, -1, SQLITE_TRANSIENT);
    int step, rc = BDB_OK;
    while ((step = sqlite3_step(s)) == SQLITE_ROW)
        if (cb(col_text(s, 0), ctx))
            break;
    if (step != SQLITE_ROW && step != SQLITE_DONE)
        rc = fail_db(st, "listing names");
    sqlite3_finalize(s);
    return rc;
}

static int sq_set_results_each(bdb_store *st, const bdb_filter *f,
                               int (*cb)(const bdb_set_result_row *, void *),
                               void *ctx)
{
    where w = {0};
    bdb_buf_puts(&w.sql,
                 "SELECT coalesce(p.name, ''), s.tool, s.benchmark, s.metric, "
                 "s.params, s.unit, s.better, r.value, r.repetition, src.path, "
                 "r.line, r.source_id, s.id, coalesce(st.name, ''), "
                 "coalesce(st.created_at, ''), coalesce(st.id, 0) FROM results r "
                 "JOIN series s ON s.id = r.series_id "
                 "JOIN sources src ON src.id = r.source_id "
                 "LEFT JOIN sets st ON st.id = src.set_id "
                 "LEFT JOIN platforms p ON p.id = r.platform_id WHERE 1");
    where_build(&w, f);
    bdb_buf_puts(&w.sql, " ORDER BY s.tool, s.benchmark, s.metric, s.params, "
                         "coalesce(p.name, ''), st.created_at, st.id, "
                         "r.source_id, r.repetition, r.line");
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
        bdb_set_result_row sr = {&r, col_text(s, 13), col_text(s, 14),
                                 sqlite3_column_int64(s, 15)};
        if (cb(&sr, ctx))
            break;
    }
    if (step != SQLITE_ROW && step != SQLITE_DONE)
        rc = fail_db(st, "listing results by set");
    sqlite3_finalize(s);
    return rc;
}


const bdb_store_ops bdb_store_sqlite_ops = {
    .iVersion = 4,
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
    .source_begin = sq_source_begin,
    .source_put = sq_source_put,
    .source_end = sq_source_end,
    .warnings_each = sq_warnings_each,
    .groups_each = sq_groups_each,
    .platforms_put = sq_platforms_put,
    .platform_names_each = sq_platform_names_each,
    .history_add = sq_history_add,
    .history_each = sq_history_each,
    .source_delete = sq_source_delete,
    .source_update = sq_source_update,
    .source_revise = sq_source_revise,
    .platform_rename = sq_platform_rename,
    .platform_merge = sq_platform_merge,
    .platform_usage = sq_platform_usage,
    .platform_delete = sq_platform_delete,
    .sets_each = sq_sets_each,
    .set_rename = sq_set_rename,
    .set_tag = sq_set_tag,
    .names_each = sq_names_each,
    .set_results_each = sq_set_results_each,
};
