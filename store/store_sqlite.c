/* store_sqlite.c - the SQLite backend: the only file with SQL in it.
 *
 * Migrations are the embedded schemas/NNN_*.sql files applied in order
 * inside one IMMEDIATE transaction and tracked by PRAGMA user_version, so
 * two processes opening a fresh database at once do not both migrate. WAL
 * mode and a busy timeout let two `benchdb import` runs share a database.
 * Each source lands in one transaction: all its results, or none. */
#include "store_internal.h"
#include "../common/bdb_grow.h"

#include <errno.h>
#include <limits.h>
#include <fnmatch.h>
#include <math.h>
#include <stdint.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* How long a writer waits for another's write lock, in all (wall clock,
 * however many statements the wait takes): BENCHDB_WAIT_SECONDS, else
 * this. */
#define WAIT_SECONDS_DEFAULT 30

/* Results are inserted up to RESULT_ROWS at a time, one statement of
 * that many rows: per row, a statement's reset, cursors and halt cost as
 * much as the insert itself (1M rows of a CSV: 64 rows a statement took
 * 0.5 s more CPU than 256; 1024 no less than 256). What is left at the
 * end of a source goes in statements of 64, 16 and 4 rows, then one by
 * one: a small log's 30 figures are a few statements, not 30. */
#define RESULT_ROWS 256
#define RESULT_SIZES 4
static const int result_sizes[RESULT_SIZES] = {RESULT_ROWS, 64, 16, 4};

typedef struct result_row {
    long long series_id, platform_id, source_id;
    int line, repetition;
    double value;
} result_row;

/* Statements reused while samples are written. */
typedef struct writer {
    bdb_store *st;
    sqlite3_stmt *platform_ins, *platform_sel, *series_ins, *series_sel,
        *set_ins, *set_sel, *param_ins, *result_ins,
        *results_ins[RESULT_SIZES],   /* result_sizes[i] rows; NULL: the
                                         library binds fewer variables */
        *warning_ins, *source_ins;
    char last_platform[64];
    long long last_platform_id;
    bdb_strmap platforms;   /* the open source's platforms -> 1 + id */
    result_row pending[RESULT_ROWS];    /* the open source's rows not
                                           inserted yet */
    int npending;
    int batch_rows;                     /* rows a flush waits for */
} writer;

/* Statements every file runs (its lookup, its savepoint, its set, its
 * tool): prepared once for the handle's life, since preparing one cost
 * more than running it. */
enum {
    K_SAVEPOINT, K_RELEASE, K_ROLLBACK_TO, K_SOURCE_TOOL,
    K_SET_ADD, K_SET_ID, K_SET_TAG, K_SOURCE_SET, K_SOURCE_PLATFORM,
    K_RESULTS_DEL, K_WARNINGS_DEL, K_DATA_VERSION,
    K_SOURCE_SERIES, K_SERIES_SWEEP_ONE, K_COUNT
};

static const char *const kept_sql[K_COUNT] = {
    [K_SAVEPOINT] = "SAVEPOINT one_source",
    [K_RELEASE] = "RELEASE one_source",
    [K_ROLLBACK_TO] = "ROLLBACK TO one_source",
    [K_SOURCE_TOOL] = "UPDATE sources SET tool=?, tool_version=?, "
                      "parser_version=? WHERE id=?",
    [K_SET_ADD] = "INSERT INTO sets(name) VALUES(?) "
                  "ON CONFLICT(name) DO NOTHING",
    [K_SET_ID] = "SELECT id FROM sets WHERE name = ?",
    [K_SET_TAG] = "INSERT INTO set_tags(set_id, key, value) VALUES(?,?,?) "
                  "ON CONFLICT(set_id, key) DO UPDATE SET value = "
                  "excluded.value",
    [K_SOURCE_SET] = "UPDATE sources SET set_id = ?1 WHERE id = ?2",
    [K_SOURCE_PLATFORM] = "SELECT coalesce(p.name, '') FROM sources src "
                          "LEFT JOIN platforms p ON p.id = src.platform_id "
                          "WHERE src.id = ?",
    [K_RESULTS_DEL] = "DELETE FROM results WHERE source_id=?",
    [K_WARNINGS_DEL] = "DELETE FROM source_warnings WHERE source_id=?",
    [K_DATA_VERSION] = "PRAGMA data_version",
    /* its results' series, and those of its traces alone (a cut run) */
    [K_SOURCE_SERIES] = "SELECT s.id, s.tool, s.benchmark, s.metric, "
                        "s.params, s.unit FROM series s WHERE s.id IN "
                        "(SELECT series_id FROM results WHERE source_id = ?1 "
                        "UNION SELECT series_id FROM trace_points WHERE "
                        "source_id = ?1)",
    [K_SERIES_SWEEP_ONE] = "DELETE FROM series WHERE id = ?1 AND NOT EXISTS "
                           "(SELECT 1 FROM results WHERE series_id = ?1) AND "
                           "NOT EXISTS (SELECT 1 FROM trace_points WHERE "
                           "series_id = ?1)",
};

/* The driver's statements kept for the handle's life (BDB_STMT_KEEP):
 * the few run once a source. */
#define DRV_KEPT_MAX 16
typedef struct sq_stmt sq_stmt;

typedef struct sq {
    sqlite3 *db;
    sqlite3_stmt *kept[K_COUNT];   /* prepared on first use */
    sq_stmt *drv_kept[DRV_KEPT_MAX];
    int ndrv_kept;
    int in_batch;           /* a batch transaction is open: files are
                               savepoints inside it */
    int sweep_series;       /* results were replaced: drop orphan series
                               once, when the batch ends */
    int sweep_all;          /* ... all of them (a deletion or a change
                               whose series are not known), else only: */
    long long *sweep_ids;   /* the series replaced sources had */
    size_t nsweep, capsweep;
    int writer_open;
    writer w;
    bdb_scache cache;
    struct timespec busy_since; /* when the current wait began */
    int patient;            /* in exec_patient: its wait is the busy
                               handler's too (one clock, not one each) */
    int shown_s;            /* the wait's seconds the notice last said */
    int waited_out;         /* the last wait reached its limit: the next
                               statement's goes on from there, so that a
                               caller's second try does not wait again */
    char cur_platform[64];  /* the open source's platform */
    /* the run set the batch's files go into, known to exist: forgotten
     * whenever a rollback may have removed it */
    char set_name[256];
    long long set_id;
    int cur_replaced;       /* the open source is being re-read */
    long long data_version; /* PRAGMA data_version when cache was last
                               known good (see cache_check) */
    long long cache_size;   /* PRAGMA cache_size outside batches */
    int cache_size_known;
    int batch_small;        /* the small batches' settings are on: kept
                               from one small batch to the next (see
                               batch_settings_undo) */
    int source_mem;         /* the open source's own transaction keeps its
                               statement journals in memory */
    struct timespec deadline; /* bdb_store_time_limit's end */
} sq;

static sqlite3 *DB(bdb_store *st)
{
    return ((sq *)st->impl)->db;
}

/* An error from SQLite as the store's message: "what: " (when what is
 * given), msg, and the system's reason when the file system said no:
 * "disk I/O error" alone hides a full disk, a file size limit (EFBIG
 * under ulimit -f) or a quota. */
static int fail_msg(bdb_store *st, const char *what, const char *msg)
{
    int code = sqlite3_errcode(DB(st)) & 0xff, e = sqlite3_system_errno(DB(st));
    char why[160] = "";
    if (e && (code == SQLITE_IOERR || code == SQLITE_FULL ||
              code == SQLITE_CANTOPEN))
        snprintf(why, sizeof why, " (%s)", strerror(e));
    return bdb_store_fail(st, BDB_ESTORE, "%s%s%s%s", what ? what : "",
                          what ? ": " : "", msg, why);
}

static int fail_db(bdb_store *st, const char *what)
{
    return fail_msg(st, what, sqlite3_errmsg(DB(st)));
}

static int exec(bdb_store *st, const char *sql)
{
    char *err = NULL;
    if (sqlite3_exec(DB(st), sql, NULL, NULL, &err) != SQLITE_OK) {
        fail_msg(st, NULL, err ? err : "sqlite error");
        sqlite3_free(err);
        return BDB_ESTORE;
    }
    return BDB_OK;
}

/* The wall-clock bound of one wait, in milliseconds. */
static double wait_limit_ms(void)
{
    static double ms;
    if (!ms) {
        const char *e = getenv("BENCHDB_WAIT_SECONDS");
        char *end = NULL;
        double v = e && *e ? strtod(e, &end) : 0;
        ms = end && *end == '\0' && v > 0 && v <= 86400
                 ? v * 1e3 : WAIT_SECONDS_DEFAULT * 1e3;
    }
    return ms;
}

/* How long the current wait has lasted; tells the notice each new whole
 * second from the first on. */
static double wait_tick(sq *impl)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double ms = (double)(now.tv_sec - impl->busy_since.tv_sec) * 1e3 +
                (double)(now.tv_nsec - impl->busy_since.tv_nsec) / 1e6;
    void *ctx;
    void (*fn)(double, void *) = bdb_store_wait_notice(&ctx);
    if (fn && ms >= 1e3 && (int)(ms / 1e3) > impl->shown_s) {
        impl->shown_s = (int)(ms / 1e3);
        fn(ms / 1e3, ctx);
    }
    return ms;
}

/* A wait is over: a notice that spoke is told so. */
static void wait_over(sq *impl)
{
    void *ctx;
    void (*fn)(double, void *) = bdb_store_wait_notice(&ctx);
    if (fn && impl->shown_s)
        fn(-1, ctx);
    impl->shown_s = 0;
}

/* The error of a wait that reached its limit, naming the holder. */
static int fail_waited(bdb_store *st)
{
    const char *file = sqlite3_db_filename(DB(st), "main");
    char who[128];
    bdb_sqlite_lock_holder(file, who, sizeof who);
    return bdb_store_fail(st, BDB_ESTORE, "%s is locked by another writer "
                          "(%s) for %.0f s: it is still importing or "
                          "changing it; try again when it ends, or wait "
                          "longer with BENCHDB_WAIT_SECONDS",
                          file && *file ? file : "the database",
                          *who ? who : "another benchdb or SQLite client",
                          wait_limit_ms() / 1e3);
}

/* Like exec, but waits out SQLITE_BUSY: setting WAL mode or reading the
 * schema of a database another process is creating at that moment can
 * return BUSY without calling the busy handler. The busy handler's waits
 * inside count on the same clock: the whole wait is bounded. */
static int exec_patient(bdb_store *st, const char *sql)
{
    sq *impl = st->impl;
    if (!impl->waited_out)
        clock_gettime(CLOCK_MONOTONIC, &impl->busy_since);
    impl->patient = 1;
    int rc = BDB_OK;
    for (;;) {
        char *err = NULL;
        int src = sqlite3_exec(DB(st), sql, NULL, NULL, &err);
        if (src == SQLITE_OK)
            break;
        /* BUSY_SNAPSHOT is this connection's own old snapshot: waiting
         * cannot end it (writer_idle prevents it) */
        int busy = ((src & 0xff) == SQLITE_BUSY ||
                    (src & 0xff) == SQLITE_LOCKED) &&
                   src != SQLITE_BUSY_SNAPSHOT;
        if (busy && wait_tick(impl) >= wait_limit_ms()) {
            sqlite3_free(err);
            rc = fail_waited(st);
            impl->waited_out = 1;
            break;
        }
        if (!busy) {
            rc = fail_msg(st, NULL, err ? err : "sqlite error");
            sqlite3_free(err);
            break;
        }
        sqlite3_free(err);
        sqlite3_sleep(20);
    }
    impl->patient = 0;
    if (!rc)
        impl->waited_out = 0;
    wait_over(impl);
    return rc ? BDB_ESTORE : BDB_OK;
}

/* The busy handler: polls every millisecond until the wait's wall-clock
 * limit. SQLite's own backs off to 100 ms sleeps, so a waiter all but
 * never sees the instant between another importer's commit and its next
 * BEGIN; polling often, and the yield after each batch (sq_batch_end),
 * let importers take turns. */
static int busy_wait(void *ctx, int count)
{
    sq *impl = ctx;
    if (count == 0 && !impl->patient && !impl->waited_out)
        clock_gettime(CLOCK_MONOTONIC, &impl->busy_since);
    if (wait_tick(impl) >= wait_limit_ms())
        return 0;
    sqlite3_sleep(1);
    return 1;
}

static int prepare(bdb_store *st, sqlite3_stmt **stmt, const char *sql)
{
    if (sqlite3_prepare_v2(DB(st), sql, -1, stmt, NULL) != SQLITE_OK)
        return fail_db(st, "prepare");
    return BDB_OK;
}

/* The kept statement k, ready to bind; give it back with unkeep(). */
static int keep_stmt(bdb_store *st, int k, sqlite3_stmt **out)
{
    sq *impl = st->impl;
    *out = NULL;
    if (!impl->kept[k] &&
        sqlite3_prepare_v3(DB(st), kept_sql[k], -1, SQLITE_PREPARE_PERSISTENT,
                           &impl->kept[k], NULL) != SQLITE_OK)
        return fail_db(st, "prepare");
    *out = impl->kept[k];
    return BDB_OK;
}

/* Ends a kept statement's run: its read or write cursor closed, its
 * bindings (which may point at the caller's memory) gone. */
static void unkeep(sqlite3_stmt *s)
{
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
}

/* Runs kept statement k, which takes no parameter and returns no row. */
static int run_kept(bdb_store *st, int k)
{
    sqlite3_stmt *s;
    if (keep_stmt(st, k, &s))
        return BDB_ESTORE;
    int rc = sqlite3_step(s) == SQLITE_DONE ? BDB_OK
                                            : fail_db(st, kept_sql[k]);
    unkeep(s);
    return rc;
}

static void drv_kept_close(sq *impl);

static void kept_close(sq *impl)
{
    for (int k = 0; k < K_COUNT; k++) {
        sqlite3_finalize(impl->kept[k]);
        impl->kept[k] = NULL;
    }
}

/* Called with the write lock just taken: the series cache of earlier
 * transactions stays only while no other connection has committed since
 * (PRAGMA data_version changes then, and only then), for another process
 * may have swept series. */
static void cache_check(bdb_store *st)
{
    sq *impl = st->impl;
    long long v = -1;
    sqlite3_stmt *s;
    if (keep_stmt(st, K_DATA_VERSION, &s) == BDB_OK) {
        if (sqlite3_step(s) == SQLITE_ROW)
            v = sqlite3_column_int64(s, 0);
        unkeep(s);
    }
    if (v < 0 || v != impl->data_version)
        bdb_scache_clear(&impl->cache);
    impl->data_version = v;
}

/* Resets the writer's statements. A SELECT stepped to its row holds a
 * read snapshot until it is reset, and COMMIT does not end it: the next
 * BEGIN IMMEDIATE, after another process wrote, then fails with
 * SQLITE_BUSY_SNAPSHOT (no busy handler helps) until the timeout. So the
 * writer lets go of everything before each commit. */
static void writer_idle(sq *impl)
{
    if (!impl->writer_open)
        return;
    writer *w = &impl->w;
    sqlite3_stmt *all[] = {w->platform_ins, w->platform_sel, w->series_ins,
                           w->series_sel, w->set_ins, w->set_sel,
                           w->param_ins, w->result_ins, w->results_ins[0],
                           w->results_ins[1], w->results_ins[2],
                           w->results_ins[3], w->warning_ins, w->source_ins};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (all[i])
            sqlite3_reset(all[i]);
    /* the kept per-file statements are reset after each use already */
    for (int k = 0; k < K_COUNT; k++)
        if (impl->kept[k])
            sqlite3_reset(impl->kept[k]);
}

/* One file's (or one change's) transaction: a savepoint inside an open
 * batch, else a transaction of its own. */
static void batch_settings_undo(bdb_store *st);

static int tx_begin(bdb_store *st)
{
    sq *impl = st->impl;
    if (impl->in_batch)
        return run_kept(st, K_SAVEPOINT);
    batch_settings_undo(st);
    int rc = exec_patient(st, "BEGIN IMMEDIATE");
    if (!rc)
        cache_check(st);
    return rc;
}

/* Ends what tx_begin began: kept when rc is BDB_OK (and the commit or
 * release works), else undone. Returns the final code. */
static int tx_end(bdb_store *st, int rc)
{
    sq *impl = st->impl;
    if (!impl->in_batch)
        writer_idle(impl);
    if (!rc)
        rc = impl->in_batch ? run_kept(st, K_RELEASE) : exec(st, "COMMIT");
    if (rc) {
        /* the error is rc's: these only undo */
        if (!impl->in_batch)
            sqlite3_exec(DB(st), "ROLLBACK", NULL, NULL, NULL);
        else if (run_kept(st, K_ROLLBACK_TO) || run_kept(st, K_RELEASE))
            sqlite3_exec(DB(st), "ROLLBACK TO one_source; RELEASE one_source",
                         NULL, NULL, NULL);
        bdb_scache_clear(&impl->cache);
        impl->set_name[0] = '\0';
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

/* The version lives in PRAGMA user_version. Reading sqlite_schema first
 * waits out a database another process is creating at that moment. */
static int sq_get_version(bdb_store *st, int *v)
{
    if (exec_patient(st, "SELECT count(*) FROM sqlite_schema"))
        return BDB_ESTORE;
    sqlite3_stmt *s;
    if (prepare(st, &s, "PRAGMA user_version"))
        return BDB_ESTORE;
    int rc = sqlite3_step(s);
    *v = rc == SQLITE_ROW ? sqlite3_column_int(s, 0) : 0;
    sqlite3_finalize(s);
    return rc == SQLITE_ROW ? BDB_OK : fail_db(st, "reading schema version");
}

/* Migrations run with foreign keys off, as SQLite's table rebuild
 * requires (dropping a referenced table would otherwise delete through
 * its children, or fail), and check them before they commit. The pragma
 * is a no-op inside a transaction, so it is set around it. */
static int sq_mig_begin(bdb_store *st)
{
    int rc = exec(st, "PRAGMA foreign_keys = OFF");
    if (!rc)
        rc = exec_patient(st, "BEGIN IMMEDIATE");
    if (rc)
        sqlite3_exec(DB(st), "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
    return rc;
}

static int sq_set_version(bdb_store *st, int v)
{
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA user_version = %d", v);
    return exec(st, sql);
}

/* A row that names a parent the migration lost (see sq_mig_begin). */
static int foreign_keys_hold(bdb_store *st)
{
    sqlite3_stmt *s;
    if (prepare(st, &s, "PRAGMA foreign_key_check"))
        return BDB_ESTORE;
    int step = sqlite3_step(s), rc = BDB_OK;
    if (step == SQLITE_ROW)
        rc = bdb_store_fail(st, BDB_ESTORE,
                            "migration left a row of %s without its parent "
                            "in %s", col_text(s, 0), col_text(s, 2));
    else if (step != SQLITE_DONE)
        rc = fail_db(st, "checking foreign keys");
    sqlite3_finalize(s);
    return rc;
}

static int sq_mig_end(bdb_store *st, int commit)
{
    int rc = commit ? foreign_keys_hold(st) : BDB_OK;
    if (commit && !rc)
        rc = exec(st, "COMMIT");
    if (!commit || rc)
        sqlite3_exec(DB(st), "ROLLBACK", NULL, NULL, NULL);
    if (exec(st, "PRAGMA foreign_keys = ON") && !rc)
        rc = BDB_ESTORE;
    return rc;
}

static const bdb_migrator sq_migrator = {
    .schemas = bdb_embedded_schemas,
    .get_version = sq_get_version,
    .begin = sq_mig_begin,
    .exec = exec,
    .set_version = sq_set_version,
    .end = sq_mig_end,
};

static void register_functions(sqlite3 *db);

/* 1 when no -shm can be made beside the database: its folder, or the
 * file itself, is not ours to write. */
static int cannot_make_shm(const char *location)
{
    if (access(location, W_OK) != 0)
        return 1;
    const char *slash = strrchr(location, '/');
    if (!slash)
        return access(".", W_OK) != 0;
    if (slash == location)
        return access("/", W_OK) != 0;
    char *folder = strndup(location, (size_t)(slash - location));
    int no = !folder || access(folder, W_OK) != 0;
    free(folder);
    return no;
}

/* A file: URI naming path, with what URIs give a meaning escaped. */
static int file_uri(bdb_buf *b, const char *path, const char *query)
{
    bdb_buf_init(b);
    int rc = bdb_buf_puts(b, "file:");
    for (const char *p = path; !rc && *p; p++)
        rc = strchr("?#%", *p) ? bdb_buf_printf(b, "%%%02X", (unsigned char)*p)
                               : bdb_buf_append(b, p, 1);
    if (!rc)
        rc = bdb_buf_printf(b, "?%s", query);
    if (rc)
        bdb_buf_free(b);
    return rc;
}

/* benchdb is one thread: each connection is used by the thread that
 * opened it, so SQLite's mutexes (its connection's, around every call,
 * and the allocator's, around every allocation it counts) guard nothing.
 * Without them 10,000 small logs took N% less CPU (bench/README.md).
 * The allocator's counting is process-wide and must be said before
 * SQLite's first call starts it; later calls fail harmlessly. */
#define SQ_OPEN_FLAGS SQLITE_OPEN_NOMUTEX

static void sq_once(void)
{
    static int done;
    if (!done) {
        done = 1;
        sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    }
}

/* A WAL database beside which no -shm can be made, as a read-only folder
 * after a killed import leaves it: SQLite cannot open it the usual way.
 * No writer can be at work on it either (a writer needs the -shm), so it
 * is read without locks: with its -wal, if one was left, through a
 * wal-index in this process's memory (exclusive locking mode makes no
 * -shm); as immutable when there is none. A -wal that cannot be read is
 * said, never ignored: it holds the newest commits. */
static int reopen_without_shm(bdb_store *st, const char *location,
                              bdb_diag *diag)
{
    sq *impl = st->impl;
    bdb_buf wal, uri;
    bdb_buf_init(&wal);
    if (bdb_buf_printf(&wal, "%s-wal", location))
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    struct stat sb;
    int have_wal = stat(wal.data, &sb) == 0 && sb.st_size > 0;
    if (have_wal && access(wal.data, R_OK) != 0) {
        bdb_diag_set(diag, BDB_ESTORE, 0, "cannot open database: the newest "
                     "changes are in %s, which cannot be read, and no -shm "
                     "can be made in its folder (let its owner open the "
                     "database once, or copy both files to a folder you "
                     "may write)", wal.data);
        bdb_buf_free(&wal);
        return BDB_ESTORE;
    }
    bdb_buf_free(&wal);
    if (file_uri(&uri, location, have_wal ? "mode=ro&vfs=unix-none"
                                          : "immutable=1"))
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    sqlite3_close(impl->db);
    impl->db = NULL;
    int rc = sqlite3_open_v2(uri.data, &impl->db,
                             SQLITE_OPEN_READONLY | SQLITE_OPEN_URI |
                                 SQ_OPEN_FLAGS, NULL);
    bdb_buf_free(&uri);
    if (rc != SQLITE_OK)
        return bdb_diag_set(diag, BDB_ESTORE, 0, "cannot open database: %s",
                            impl->db ? sqlite3_errmsg(impl->db)
                                     : "out of memory");
    register_functions(impl->db);
    bdb_diag_clear(diag);
    if (have_wal && exec(st, "PRAGMA locking_mode = EXCLUSIVE"))
        return bdb_diag_set(diag, BDB_ESTORE, 0, "cannot open database: %s",
                            st->errmsg);
    return bdb_store_check_schema(st, &sq_migrator, diag);
}

/* Another program's database (tables, and no benchdb schema version) is
 * not made a benchdb one unasked: benchdb's tables would be added among
 * its own. A database benchdb creates gets its tables and its version in
 * one transaction, so no benchdb database is ever seen half made. */
static int refuse_foreign(bdb_store *st, bdb_diag *diag)
{
    int version = 0;
    if (sq_get_version(st, &version))
        return bdb_diag_set(diag, BDB_ESTORE, 0, "cannot open database: %s",
                            st->errmsg);
    if (version != 0)
        return BDB_OK;
    sqlite3_stmt *s;
    if (prepare(st, &s, "SELECT count(*) FROM sqlite_schema WHERE type IN "
                        "('table', 'view')"))
        return bdb_diag_set(diag, BDB_ESTORE, 0, "cannot open database: %s",
                            st->errmsg);
    long long n = sqlite3_step(s) == SQLITE_ROW ? sqlite3_column_int64(s, 0)
                                                : -1;
    sqlite3_finalize(s);
    if (n < 0)
        return bdb_diag_set(diag, BDB_ESTORE, 0, "cannot open database: %s",
                            sqlite3_errmsg(DB(st)));
    if (n > 0)
        return bdb_diag_set(diag, BDB_EUSAGE, 0, "not a benchdb database: it "
                            "holds %lld tables of another program (give "
                            "--adopt-db to add benchdb's tables to it)", n);
    return BDB_OK;
}

static int sq_open(bdb_store *st, const char *location, int mode,
                   bdb_diag *diag)
{
    sq_once();
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
    int flags = (read_only ? SQLITE_OPEN_READONLY
                           : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) |
                SQ_OPEN_FLAGS;
    if (sqlite3_open_v2(location, &impl->db, flags, NULL) != SQLITE_OK) {
        bdb_diag_set(diag, BDB_ESTORE, 0, "cannot open database: %s",
                     impl->db ? sqlite3_errmsg(impl->db) : "out of memory");
        sqlite3_close(impl->db);
        free(impl);
        st->impl = NULL;
        return BDB_ESTORE;
    }
    sqlite3_busy_handler(impl->db, busy_wait, impl);
    sqlite3_extended_result_codes(impl->db, 1);
    register_functions(impl->db);
    int rc;
    if (read_only) {
        rc = bdb_store_check_schema(st, &sq_migrator, diag);
        if (rc && cannot_make_shm(location))
            rc = reopen_without_shm(st, location, diag);
        /* a reader that cannot write even by mistake */
        if (!rc && exec(st, "PRAGMA query_only = ON"))
            rc = bdb_diag_set(diag, BDB_ESTORE, 0, "cannot open database: "
                              "%s", st->errmsg);
        if (rc) {
            sqlite3_close(impl->db);
            free(impl);
            st->impl = NULL;
        }
        return rc;
    }
    rc = (mode & BDB_STORE_ADOPT) ? BDB_OK : refuse_foreign(st, diag);
    if (rc) {
        sqlite3_close(impl->db);
        free(impl);
        st->impl = NULL;
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
        rc = bdb_store_migrate(st, &sq_migrator, diag);
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
    wait_over(impl);
    kept_close(impl);
    drv_kept_close(impl);
    bdb_scache_clear(&impl->cache);
    free(impl->sweep_ids);
    sqlite3_close(impl->db);
    free(impl);
    st->impl = NULL;
}

/* ---- platforms ----------------------------------------------------------- */

/* ---- sources ------------------------------------------------------------- */

static void writer_close(writer *w)
{
    bdb_strmap_free(&w->platforms);
    sqlite3_finalize(w->platform_ins);
    sqlite3_finalize(w->platform_sel);
    sqlite3_finalize(w->series_ins);
    sqlite3_finalize(w->series_sel);
    sqlite3_finalize(w->set_ins);
    sqlite3_finalize(w->set_sel);
    sqlite3_finalize(w->param_ins);
    sqlite3_finalize(w->result_ins);
    for (int i = 0; i < RESULT_SIZES; i++)
        sqlite3_finalize(w->results_ins[i]);
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
                     "better, param_set_id) VALUES(?,?,?,?,?,?,?) "
                     "ON CONFLICT(tool, benchmark, metric, params) DO NOTHING");
    if (!rc)
        rc = prepare(st, &w->series_sel,
                     "SELECT id, unit, better FROM series WHERE tool=? AND "
                     "benchmark=? AND metric=? AND params=?");
    if (!rc)
        rc = prepare(st, &w->set_ins,
                     "INSERT INTO param_sets(params) VALUES(?) "
                     "ON CONFLICT(params) DO NOTHING");
    if (!rc)
        rc = prepare(st, &w->set_sel, "SELECT id FROM param_sets WHERE params=?");
    if (!rc)
        rc = prepare(st, &w->param_ins,
                     "INSERT OR IGNORE INTO param_set_items(set_id, key, value) "
                     "VALUES(?,?,?)");
    if (!rc)
        rc = prepare(st, &w->result_ins,
                     "INSERT INTO results(series_id, platform_id, source_id, "
                     "line, repetition, value) VALUES(?,?,?,?,?,?)");
    /* as many rows as the library binds variables for (999 before SQLite
     * 3.32) */
    int limit = sqlite3_limit(DB(st), SQLITE_LIMIT_VARIABLE_NUMBER, -1);
    w->batch_rows = 1;
    for (int k = 0; !rc && k < RESULT_SIZES; k++) {
        int rows = result_sizes[k];
        if (rows * 6 > limit)
            continue;
        if (w->batch_rows == 1)
            w->batch_rows = rows;
        char sql[64 + RESULT_ROWS * 16];
        size_t used = (size_t)snprintf(sql, sizeof sql,
                                       "INSERT INTO results(series_id, "
                                       "platform_id, source_id, line, "
                                       "repetition, value) VALUES");
        for (int i = 0; i < rows; i++)
            used += (size_t)snprintf(sql + used, sizeof sql - used,
                                     "%s(?,?,?,?,?,?)", i ? "," : "");
        rc = used < sizeof sql ? prepare(st, &w->results_ins[k], sql)
                               : bdb_store_fail(st, BDB_ERANGE,
                                                "results statement too long");
    }
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
    bdb_strmap_free(&impl->w.platforms);
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
    /* rows of a CSV take turns among platforms: each is looked up once */
    bdb_strmap_entry *known = bdb_strmap_get(&w->platforms, name);
    if (known && known->value > 0) {
        *id = known->value - 1;
        snprintf(w->last_platform, sizeof w->last_platform, "%s", name);
        w->last_platform_id = *id;
        return BDB_OK;
    }
    /* looked up first: a write statement costs a statement transaction,
     * and the platform is there but the first time */
    sqlite3_reset(w->platform_sel);
    sqlite3_bind_text(w->platform_sel, 1, name, -1, SQLITE_TRANSIENT);
    int step = sqlite3_step(w->platform_sel);
    if (step == SQLITE_DONE) {
        sqlite3_reset(w->platform_ins);
        sqlite3_bind_text(w->platform_ins, 1, name, -1, SQLITE_TRANSIENT);
        if (sqlite3_step(w->platform_ins) != SQLITE_DONE)
            return fail_db(w->st, "adding platform");
        sqlite3_reset(w->platform_sel);
        sqlite3_bind_text(w->platform_sel, 1, name, -1, SQLITE_TRANSIENT);
        step = sqlite3_step(w->platform_sel);
    }
    if (step != SQLITE_ROW)
        return fail_db(w->st, "finding platform");
    *id = sqlite3_column_int64(w->platform_sel, 0);
    sqlite3_reset(w->platform_sel);
    snprintf(w->last_platform, sizeof w->last_platform, "%s", name);
    w->last_platform_id = *id;
    bdb_strmap_entry *e = bdb_strmap_put(&w->platforms, name, NULL);
    if (e)      /* else only not remembered */
        e->value = *id + 1;
    return BDB_OK;
}

/* Done with a statement whose texts were bound SQLITE_STATIC (no copy:
 * series are made by the hundred thousand): its row let go, its
 * pointers to the caller's buffers dropped. */
static void unbind(sqlite3_stmt *s)
{
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
}

/* The id of the sample's parameter set, made with its items when new. */
static int param_set_id(writer *w, const bdb_sample *smp, const char *params,
                        long long *id)
{
    bdb_scache *cache = &((sq *)w->st->impl)->cache;
    bdb_strmap_entry *e = bdb_strmap_get(&cache->sets, params);
    if (e) {
        *id = e->value;
        return BDB_OK;
    }
    sqlite3_stmt *s = w->set_ins;
    sqlite3_reset(s);
    sqlite3_bind_text(s, 1, params, -1, SQLITE_STATIC);
    int step = sqlite3_step(s);
    unbind(s);
    if (step != SQLITE_DONE)
        return fail_db(w->st, "adding parameter set");
    if (sqlite3_changes(DB(w->st)) > 0) {
        *id = sqlite3_last_insert_rowid(DB(w->st));
        for (int i = 0; i < smp->params.n; i++) {
            sqlite3_reset(w->param_ins);
            sqlite3_bind_int64(w->param_ins, 1, *id);
            sqlite3_bind_text(w->param_ins, 2, smp->params.kv[i].key, -1,
                              SQLITE_STATIC);
            sqlite3_bind_text(w->param_ins, 3, smp->params.kv[i].value, -1,
                              SQLITE_STATIC);
            step = sqlite3_step(w->param_ins);
            unbind(w->param_ins);
            if (step != SQLITE_DONE)
                return fail_db(w->st, "adding series parameter");
        }
    } else {
        s = w->set_sel;
        sqlite3_reset(s);
        sqlite3_bind_text(s, 1, params, -1, SQLITE_STATIC);
        step = sqlite3_step(s);
        *id = step == SQLITE_ROW ? sqlite3_column_int64(s, 0) : 0;
        /* a statement left on a row holds its read transaction past the
         * commit, and the next write of this handle then fails busy */
        unbind(s);
        if (step != SQLITE_ROW)
            return fail_db(w->st, "finding parameter set");
    }
    bdb_scache_put_set(cache, params, *id);
    return BDB_OK;
}

static int series_find(writer *w, const bdb_sample *smp, long long *id)
{
    char params[BDB_PARAMS_TEXT_MAX], key[BDB_SERIES_KEY_MAX];
    bdb_series_key(smp, params, sizeof params, key, sizeof key);
    bdb_scache *cache = &((sq *)w->st->impl)->cache;
    const char *unit = smp->unit ? smp->unit : "";
    bdb_scache_entry *e = bdb_scache_find(cache, key);
    if (e) {
        if (strcmp(e->unit, unit) != 0)
            return bdb_store_fail(w->st, BDB_ESTORE,
                                  "line %d: %s %s %s is in %s here but in %s "
                                  "in the database", smp->line, smp->tool,
                                  smp->benchmark, smp->metric, unit, e->unit);
        *id = e->id;
        return BDB_OK;
    }
    long long set_id = 0;
    int rc = param_set_id(w, smp, params, &set_id);
    if (rc)
        return rc;
    sqlite3_stmt *s = w->series_ins;
    sqlite3_reset(s);
    sqlite3_bind_text(s, 1, smp->tool, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 2, smp->benchmark, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 3, smp->metric, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 4, params, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 5, unit, -1, SQLITE_STATIC);
    sqlite3_bind_int(s, 6, (int)smp->better);
    sqlite3_bind_int64(s, 7, set_id);
    int step = sqlite3_step(s);
    unbind(s);
    if (step != SQLITE_DONE)
        return fail_db(w->st, "adding series");
    if (sqlite3_changes(DB(w->st)) > 0) {
        /* new: its id is the row's, its unit ours */
        *id = sqlite3_last_insert_rowid(DB(w->st));
    } else {
        s = w->series_sel;
        sqlite3_reset(s);
        sqlite3_bind_text(s, 1, smp->tool, -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 2, smp->benchmark, -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 3, smp->metric, -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 4, params, -1, SQLITE_STATIC);
        if (sqlite3_step(s) != SQLITE_ROW) {
            unbind(s);
            return fail_db(w->st, "finding series");
        }
        *id = sqlite3_column_int64(s, 0);
        int rc2 = BDB_OK;
        if (strcmp(col_text(s, 1), unit) != 0)
            rc2 = bdb_store_fail(w->st, BDB_ESTORE,
                                 "line %d: %s %s %s is in %s here but in %s "
                                 "in the database", smp->line, smp->tool,
                                 smp->benchmark, smp->metric, smp->unit,
                                 col_text(s, 1));
        unbind(s);   /* see param_set_id */
        if (rc2)
            return rc2;
    }
    bdb_scache_put(cache, key, *id, unit);
    return BDB_OK;
}

static int series_find_cb(void *w, const bdb_sample *smp, long long *id)
{
    return series_find(w, smp, id);
}

static int series_id(writer *w, const bdb_sample *smp, long long *id)
{
    return bdb_scache_series(&((sq *)w->st->impl)->cache, smp, id,
                             series_find_cb, w);
}

static void bind_row(sqlite3_stmt *s, int at, const result_row *r)
{
    sqlite3_bind_int64(s, at + 1, r->series_id);
    if (r->platform_id)
        sqlite3_bind_int64(s, at + 2, r->platform_id);
    else
        sqlite3_bind_null(s, at + 2);
    sqlite3_bind_int64(s, at + 3, r->source_id);
    sqlite3_bind_int(s, at + 4, r->line);
    sqlite3_bind_int(s, at + 5, r->repetition);
    sqlite3_bind_double(s, at + 6, r->value);
}

/* Inserts the pending rows, in order: in the largest statements that
 * fit, then one by one. */
static int flush_results(writer *w)
{
    int n = w->npending, done = 0;
    w->npending = 0;
    for (int k = 0; k < RESULT_SIZES; k++) {
        sqlite3_stmt *s = w->results_ins[k];
        int rows = result_sizes[k];
        while (s && n - done >= rows) {
            sqlite3_reset(s);
            for (int i = 0; i < rows; i++)
                bind_row(s, i * 6, &w->pending[done + i]);
            if (sqlite3_step(s) != SQLITE_DONE)
                return fail_db(w->st, "adding results");
            done += rows;
        }
    }
    for (; done < n; done++) {
        sqlite3_stmt *s = w->result_ins;
        sqlite3_reset(s);
        bind_row(s, 0, &w->pending[done]);
        if (sqlite3_step(s) != SQLITE_DONE)
            return fail_db(w->st, "adding result");
    }
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
    bdb_scache *cache = &((sq *)w->st->impl)->cache;
    if (!bdb_scache_ref_ids(cache, w->st, smp, &sid, &pid)) {
        int rc = series_id(w, smp, &sid);
        if (!rc)
            rc = platform_id(w, smp->platform[0] ? smp->platform
                                                 : default_platform, &pid);
        if (rc)
            return rc;
        bdb_scache_ref_keep(cache, w->st, smp, sid, pid,
                            smp->unit ? smp->unit : "");
    }
    w->pending[w->npending++] = (result_row){sid, pid, source_id, smp->line,
                                             smp->repetition, smp->value};
    return w->npending >= w->batch_rows ? flush_results(w) : BDB_OK;
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
static int kept_for_source(bdb_store *st, int k, long long id,
                           const char *what);
static int sweep_series(bdb_store *st);
static int sweep_replaced(bdb_store *st);
static int note_replaced_series(bdb_store *st, long long source_id);

/* Opens the source's savepoint or transaction; with replace_id, empties
 * that stored source (reparse), else adds src's row (its tool and versions
 * are set by source_end, when the parse has said them). */
static int source_put_set(bdb_store *st, long long source_id,
                          const char *set, const bdb_params *tags);

/* A new source outside a batch (a large one: a results CSV of a million
 * rows) is a transaction of its own, and each statement that inserts
 * results many rows at a time keeps a statement journal (SQLite's undo
 * of the pages that statement changes, opened because a foreign key or
 * NOT NULL check may abort it halfway): a temporary file by default,
 * 646 MB written to /var/tmp for a lab's million rows, 12% of the CPU
 * in pwrite. In memory, as SQLite decides at BEGIN from temp_store, each
 * is one statement's pages (256 rows), freed when it ends. Only for a
 * new source: re-reading one deletes its old rows, and a statement's
 * journal of such a change grows with it. Failing only costs time. */
static void source_mem_begin(bdb_store *st, long long replace_id)
{
    sq *impl = st->impl;
    if (impl->in_batch || replace_id || impl->batch_small)
        return; /* small batches' settings already keep them in memory */
    impl->source_mem =
        sqlite3_exec(DB(st), "PRAGMA temp_store = MEMORY", NULL, NULL,
                     NULL) == SQLITE_OK;
}

/* After the source's transaction ended: back to the default. */
static void source_mem_end(bdb_store *st)
{
    sq *impl = st->impl;
    if (!impl->source_mem)
        return;
    impl->source_mem = 0;
    sqlite3_exec(DB(st), "PRAGMA temp_store = DEFAULT", NULL, NULL, NULL);
}

static int sq_source_begin(bdb_store *st, const bdb_source_info *src,
                           long long replace_id, long long *out_id)
{
    sq *impl = st->impl;
    bdb_source_bytes bytes = {.fd = -1};
    int made = replace_id ? BDB_OK : bdb_source_bytes_make(st, src, &bytes);
    if (made)
        return made;
    size_t zlen = 0;
    const void *z = bdb_source_bytes_raw(&bytes, &zlen);
    /* the one limit on a file's size: its compressed copy, when one blob,
     * is held in memory while it is written */
    int most = sqlite3_limit(DB(st), SQLITE_LIMIT_LENGTH, -1);
    if (zlen > INT_MAX || (most > 0 && zlen > (size_t)most)) {
        bdb_source_bytes_free(&bytes);
        return bdb_store_fail(st, BDB_ERANGE, "%s: compressed, %zu bytes "
                              "are more than a SQLite blob holds (%d)",
                              src->path, zlen, most > 0 ? most : INT_MAX);
    }
    source_mem_begin(st, replace_id);
    if (tx_begin(st)) {
        source_mem_end(st);
        bdb_source_bytes_free(&bytes);
        return BDB_ESTORE;
    }
    writer *w = NULL;
    long long existing = 0, id = replace_id, pid = 0;
    int rc = get_writer(st, &w);
    if (!rc)
        w->npending = 0;    /* rows of a source that never ended are gone */
    if (!rc && replace_id) {
        rc = source_platform(st, id, impl->cur_platform,
                             sizeof impl->cur_platform);
        if (!rc)
            rc = note_replaced_series(st, id);
        if (!rc)
            rc = kept_for_source(st, K_RESULTS_DEL, id, "removing old results");
        if (!rc)
            rc = kept_for_source(st, K_WARNINGS_DEL, id,
                                 "removing old warnings");
        impl->cur_replaced = 1;
    } else if (!rc) {
        snprintf(impl->cur_platform, sizeof impl->cur_platform, "%s",
                 src->platform ? src->platform : "");
        impl->cur_replaced = 0;
        rc = bdb_source_find(st, src->sha256, &existing);
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
        if (!rc)
            rc = bdb_source_bytes_put(st, id, &bytes);
        /* its run set (lifecycle) */
        if (!rc && src->set && *src->set)
            rc = source_put_set(st, id, src->set, src->set_tags);
    }
    bdb_source_bytes_free(&bytes);
    if (rc) {
        rc = tx_end(st, rc);
        source_mem_end(st);
        return rc;
    }
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
        impl->w.npending = 0;
        tx_end(st, BDB_EPARSE);
        source_mem_end(st);
        return BDB_OK;
    }
    sqlite3_stmt *s = NULL;
    int rc = flush_results(&impl->w);
    if (rc)
        return tx_end(st, rc);
    rc = keep_stmt(st, K_SOURCE_TOOL, &s);
    if (!rc) {
        sqlite3_bind_text(s, 1, tool ? tool : "", -1, SQLITE_TRANSIENT);
        bind_text_or_null(s, 2, tool_version);
        sqlite3_bind_text(s, 3, parser_version ? parser_version : "", -1,
                          SQLITE_TRANSIENT);
        sqlite3_bind_int64(s, 4, id);
        if (sqlite3_step(s) != SQLITE_DONE)
            rc = fail_db(st, "updating source");
        unkeep(s);
    }
    if (!rc)
        rc = write_notes(&impl->w, id, notes);
    /* Series left without results are dropped: at once when this is its
     * own transaction, once at the end of a batch (a sweep is O(results),
     * too dear per source). */
    if (!rc && impl->cur_replaced) {
        if (impl->in_batch)
            impl->sweep_series = 1;
        else
            rc = sweep_replaced(st);
    }
    rc = tx_end(st, rc);
    source_mem_end(st);
    return rc;
}


/* The name of source id's platform ("" for none) into out; BDB_ENOTFOUND
 * when there is no such source. */
static int source_platform(bdb_store *st, long long id, char *out, size_t n)
{
    sqlite3_stmt *s;
    if (keep_stmt(st, K_SOURCE_PLATFORM, &s))
        return BDB_ESTORE;
    sqlite3_bind_int64(s, 1, id);
    int step = sqlite3_step(s), rc = BDB_OK;
    if (step == SQLITE_ROW)
        snprintf(out, n, "%s", col_text(s, 0));
    else if (step == SQLITE_DONE)
        rc = bdb_store_fail(st, BDB_ENOTFOUND, "no source %lld", id);
    else
        rc = fail_db(st, "reading source");
    unkeep(s);
    return rc;
}

/* Runs kept statement k, whose one parameter is a source id. */
static int kept_for_source(bdb_store *st, int k, long long id,
                           const char *what)
{
    sqlite3_stmt *s;
    if (keep_stmt(st, k, &s))
        return BDB_ESTORE;
    sqlite3_bind_int64(s, 1, id);
    int rc = sqlite3_step(s) == SQLITE_DONE ? BDB_OK : fail_db(st, what);
    unkeep(s);
    return rc;
}

static int sweep_series(bdb_store *st)
{
    sq *impl = st->impl;
    impl->nsweep = 0;
    impl->sweep_all = 0;
    bdb_scache_clear(&impl->cache);
    /* a series kept by its trace alone (a cut run) stays */
    return exec(st, "DELETE FROM series WHERE id NOT IN "
                    "(SELECT DISTINCT series_id FROM results) AND id NOT IN "
                    "(SELECT DISTINCT series_id FROM trace_points)");
}

static int cmp_ll(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

/* The sweep after re-read sources: only the series they had can have
 * lost their last result, and each is looked at through the results'
 * series index (the whole sweep reads every result). The series cache
 * stays unless a series went. */
static int sweep_replaced(bdb_store *st)
{
    sq *impl = st->impl;
    if (impl->sweep_all)
        return sweep_series(st);
    qsort(impl->sweep_ids, impl->nsweep, sizeof *impl->sweep_ids, cmp_ll);
    sqlite3_stmt *s;
    int rc = keep_stmt(st, K_SERIES_SWEEP_ONE, &s), gone = 0;
    for (size_t i = 0; !rc && i < impl->nsweep; i++) {
        if (i && impl->sweep_ids[i] == impl->sweep_ids[i - 1])
            continue;
        sqlite3_reset(s);
        sqlite3_bind_int64(s, 1, impl->sweep_ids[i]);
        if (sqlite3_step(s) != SQLITE_DONE)
            rc = fail_db(st, "removing series left without results");
        else
            gone |= sqlite3_changes(DB(st)) > 0;
    }
    if (!rc)
        unkeep(s);
    impl->nsweep = 0;
    if (gone || rc)
        bdb_scache_clear(&impl->cache);
    return rc;
}

/* Before a source's results are replaced: its series go into the cache
 * (the re-read finds most of them again: found there, not by an INSERT
 * that conflicts and a SELECT) and onto the list the sweep looks at. */
static int note_replaced_series(bdb_store *st, long long source_id)
{
    sq *impl = st->impl;
    sqlite3_stmt *s;
    if (keep_stmt(st, K_SOURCE_SERIES, &s))
        return BDB_ESTORE;
    sqlite3_bind_int64(s, 1, source_id);
    int step, rc = BDB_OK;
    char key[BDB_SERIES_KEY_MAX];
    while ((step = sqlite3_step(s)) == SQLITE_ROW) {
        long long id = sqlite3_column_int64(s, 0);
        if (impl->nsweep == impl->capsweep) {
            long long *p = bdb_grow(impl->sweep_ids, impl->nsweep,
                                    &impl->capsweep, sizeof *p, 256);
            if (!p) {
                rc = bdb_store_fail(st, BDB_ENOMEM, "out of memory");
                break;
            }
            impl->sweep_ids = p;
        }
        impl->sweep_ids[impl->nsweep++] = id;
        int n = snprintf(key, sizeof key, "%s\x1f%s\x1f%s\x1f%s",
                         col_text(s, 1), col_text(s, 2), col_text(s, 3),
                         col_text(s, 4));
        /* a key too long for the cache is found the slow way */
        if (n > 0 && (size_t)n < sizeof key &&
            !bdb_scache_find(&impl->cache, key))
            bdb_scache_put(&impl->cache, key, id, col_text(s, 5));
    }
    if (!rc && step != SQLITE_DONE)
        rc = fail_db(st, "reading a source's series");
    unkeep(s);
    return rc;
}

/* A batch: one transaction around many files, each a savepoint, so that
 * a failed file rolls back alone and the batch pays one commit.
 *
 * A batch of small changes (BDB_BATCH_SMALL: the import's and reparse's,
 * which keep large files out) keeps its savepoints' sub-journal (the
 * first copy of each page a file changes, for ROLLBACK TO) in memory, not
 * in a temporary file: writing and reading that file was 90% of the
 * system time of 10,000 small fio JSON logs (bench/README.md). SQLite
 * decides where at BEGIN, from temp_store. The memory is one file's
 * pages, freed at RELEASE; inside a batch of large changes (deleting a
 * source of a million results) it would grow with the change, so other
 * batches keep the file. A batch of small changes also gets a larger
 * page cache, for the index pages its many files touch all over (the
 * default 2 MB made each batch read them again, and 10,000 small fio
 * JSON logs, a million results, took 26 s of CPU with 32 MB, 21 s with
 * 64 MB and 19 s with 128 MB): a sixteenth of the machine's memory,
 * between 32 and 128 MB (64 MB on a 1 GB board). SQLite takes the pages
 * as it needs them. Both settings stay from one small batch to the next,
 * and the pages with them: setting the cache back to 2 MB at each batch's
 * end dropped them, and each next batch read its index pages again (the
 * second 10,000 small logs into a database were 30% slower than the
 * first). Any other transaction (a large file's own, a batch that is not
 * small, a change) sets both back first. */
/* A batch of small changes also checkpoints the WAL less often: at 16,384
 * pages (64 MB of 4 KB pages) rather than SQLite's 1,000. Each batch's
 * commit writes every index page its files touched to the WAL, and the
 * next batches touch most of the same pages again; a checkpoint after
 * each commit copied them all to the database and synced it each time
 * (41 syncs for 10,000 small logs, 14 now), where one after several
 * batches copies each page once. The WAL stays under ~64 MB plus a
 * batch; SQLite checkpoints it whole when the last connection closes,
 * and any other transaction sets SQLite's 1,000 back first. */
#define BATCH_CHECKPOINT_PAGES "16384"
#define BATCH_CACHE_MIN_KIB (32 << 10)
#define BATCH_CACHE_MAX_KIB (128 << 10)

static long long batch_cache_kib(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    long long kib = pages > 0 && size > 0
                        ? (long long)pages / 16 * (size / 1024)
                        : BATCH_CACHE_MIN_KIB;
    return kib < BATCH_CACHE_MIN_KIB   ? BATCH_CACHE_MIN_KIB
           : kib > BATCH_CACHE_MAX_KIB ? BATCH_CACHE_MAX_KIB
                                       : kib;
}

/* Back to the settings outside batches (after COMMIT or ROLLBACK: neither
 * can be changed inside a transaction). Failing only costs memory. */
static void batch_settings_undo(bdb_store *st)
{
    sq *impl = st->impl;
    if (!impl->batch_small)
        return;
    impl->batch_small = 0;
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA cache_size = %lld", impl->cache_size);
    sqlite3_exec(DB(st), "PRAGMA temp_store = DEFAULT", NULL, NULL, NULL);
    sqlite3_exec(DB(st), "PRAGMA wal_autocheckpoint = 1000", NULL, NULL, NULL);
    if (impl->cache_size_known)
        sqlite3_exec(DB(st), sql, NULL, NULL, NULL);
}

/* The connection's own cache size (SQLite's default, or the build's),
 * read once, before the first batch changes it. */
static int cache_size_read(bdb_store *st)
{
    sq *impl = st->impl;
    if (impl->cache_size_known)
        return BDB_OK;
    sqlite3_stmt *s;
    if (prepare(st, &s, "PRAGMA cache_size"))
        return BDB_ESTORE;
    int rc = sqlite3_step(s) == SQLITE_ROW ? BDB_OK
                                           : fail_db(st, "reading cache_size");
    if (!rc) {
        impl->cache_size = sqlite3_column_int64(s, 0);
        impl->cache_size_known = 1;
    }
    sqlite3_finalize(s);
    return rc;
}

static int sq_batch_begin(bdb_store *st, int flags)
{
    sq *impl = st->impl;
    if (impl->in_batch)
        return bdb_store_fail(st, BDB_EUSAGE, "a batch is already open");
    int small = (flags & BDB_BATCH_SMALL) != 0;
    if (!small) {
        batch_settings_undo(st);
    } else if (!impl->batch_small) {
        char cache_sql[64];
        snprintf(cache_sql, sizeof cache_sql, "PRAGMA cache_size = -%lld",
                 batch_cache_kib());
        impl->batch_small = 1;
        if (cache_size_read(st) || exec(st, "PRAGMA temp_store = MEMORY") ||
            exec(st, cache_sql) ||
            exec(st, "PRAGMA wal_autocheckpoint = " BATCH_CHECKPOINT_PAGES)) {
            batch_settings_undo(st);
            return BDB_ESTORE;
        }
    }
    if (exec_patient(st, "BEGIN IMMEDIATE")) {
        batch_settings_undo(st);
        return BDB_ESTORE;
    }
    cache_check(st);
    impl->set_name[0] = '\0';
    impl->in_batch = 1;
    impl->sweep_series = 0;
    impl->sweep_all = 0;
    impl->nsweep = 0;
    return BDB_OK;
}

static int sq_batch_end(bdb_store *st, int commit)
{
    sq *impl = st->impl;
    if (!impl->in_batch)
        return BDB_OK;
    int rc = BDB_OK;
    writer_idle(impl);
    if (commit && impl->sweep_series)
        rc = sweep_replaced(st);
    if (commit && !rc)
        rc = exec(st, "COMMIT");
    if (!commit || rc) {
        sqlite3_exec(DB(st), "ROLLBACK", NULL, NULL, NULL);
        bdb_scache_clear(&impl->cache);     /* its series are gone */
        batch_settings_undo(st);
    }
    /* a waiting importer polls every millisecond: give it the turn, or
     * the next batch's BEGIN takes the lock back at once and it starves
     * (whether another waits cannot be known: a few milliseconds a batch
     * of up to a second, always) */
    if (commit)
        sqlite3_sleep(3);
    impl->in_batch = 0;
    impl->sweep_series = 0;
    impl->sweep_all = 0;
    impl->nsweep = 0;
    impl->set_name[0] = '\0';
    return commit ? rc : BDB_OK;
}


/* ---- what copying a database needs ------------------------------------- */

/* ---- lifecycle: corrections, run sets, history ------------------------- */


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

/* ln(x): the natural logarithm, NULL for x <= 0 or NULL, as every SQLite
 * build has it (its own is there only with SQLITE_ENABLE_MATH_FUNCTIONS);
 * PostgreSQL's ln() is the same for x > 0, which is all that is asked
 * (CASE WHEN x > 0 THEN ln(x) END). */
static void sql_ln(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    double v = sqlite3_value_double(argv[0]);
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL || !(v > 0))
        sqlite3_result_null(ctx);
    else
        sqlite3_result_double(ctx, log(v));
}

static void register_functions(sqlite3 *db)
{
    /* A failure only means the glob and range filters fail to prepare,
     * with SQLite's message. */
    sqlite3_create_function(db, "bdb_fnmatch", 2,
                            SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
                            sql_fnmatch, NULL, NULL);
    sqlite3_create_function(db, "ln", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                            NULL, sql_ln, NULL, NULL);
    sqlite3_create_function(db, "bdb_num", 1,
                            SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, sql_num,
                            NULL, NULL);
}

static int source_put_set(bdb_store *st, long long source_id,
                          const char *set, const bdb_params *tags)
{
    sq *impl = st->impl;
    long long sid = 0;
    sqlite3_stmt *s;
    int rc = BDB_OK;
    /* Within a batch, the set made (or found) for the previous file is
     * still there unless a rollback came between. */
    int known = impl->in_batch && impl->set_name[0] &&
                strcmp(impl->set_name, set) == 0;
    if (known)
        sid = impl->set_id;
    else
        rc = keep_stmt(st, K_SET_ADD, &s);
    if (!known && !rc) {
        sqlite3_bind_text(s, 1, set, -1, SQLITE_STATIC);
        if (sqlite3_step(s) != SQLITE_DONE)
            rc = fail_db(st, "adding set");
        unkeep(s);
    }
    if (!known && !rc && !(rc = keep_stmt(st, K_SET_ID, &s))) {
        sqlite3_bind_text(s, 1, set, -1, SQLITE_STATIC);
        int step = sqlite3_step(s);
        if (step == SQLITE_ROW)
            sid = sqlite3_column_int64(s, 0);
        else if (step != SQLITE_DONE)
            rc = fail_db(st, "looking up a name");
        unkeep(s);
    }
    if (!rc && !sid)
        rc = bdb_store_fail(st, BDB_ESTORE, "set '%s' vanished", set);
    if (!rc && !known && impl->in_batch && strlen(set) < sizeof impl->set_name) {
        memcpy(impl->set_name, set, strlen(set) + 1);
        impl->set_id = sid;
    }
    for (int i = 0; !rc && tags && i < tags->n; i++) {
        if ((rc = keep_stmt(st, K_SET_TAG, &s)))
            break;
        sqlite3_bind_int64(s, 1, sid);
        sqlite3_bind_text(s, 2, tags->kv[i].key, -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 3, tags->kv[i].value, -1, SQLITE_STATIC);
        if (sqlite3_step(s) != SQLITE_DONE)
            rc = fail_db(st, "tagging set");
        unkeep(s);
    }
    if (!rc && !(rc = keep_stmt(st, K_SOURCE_SET, &s))) {
        sqlite3_bind_int64(s, 1, sid);
        sqlite3_bind_int64(s, 2, source_id);
        if (sqlite3_step(s) != SQLITE_DONE)
            rc = fail_db(st, "putting a source in its set");
        unkeep(s);
    }
    return rc;
}

/* Series left without results go: now, or once when the batch ends. */
static int sweep_series_later(bdb_store *st)
{
    sq *impl = st->impl;
    if (impl->in_batch) {
        impl->sweep_series = 1;
        impl->sweep_all = 1;    /* its series are not known here */
        return BDB_OK;
    }
    return sweep_series(st);
}

/* What the corrections of store_fix.c run on. */
static void forget_set(bdb_store *st)
{
    ((sq *)st->impl)->set_name[0] = '\0';
}

/* The default platform of the figures the open source is given next. */
static void default_platform(bdb_store *st, const char *name)
{
    sq *impl = st->impl;
    snprintf(impl->cur_platform, sizeof impl->cur_platform, "%s", name);
}

static int fix_platform_id(bdb_store *st, const char *name, long long *id)
{
    writer *w = NULL;
    int rc = get_writer(st, &w);
    return rc ? rc : platform_id(w, name, id);
}

/* ---- the driver's primitives (store_backend.h) --------------------------- */

typedef struct sq_stmt {
    bdb_stmt base;
    sqlite3_stmt *s;
    const char *kept;   /* the sql it was kept by (BDB_STMT_KEEP), or NULL */
    int busy;           /* a kept statement handed out and not finished */
} sq_stmt;

static sqlite3_stmt *S(bdb_stmt *s)
{
    return ((sq_stmt *)s)->s;
}

static const bdb_driver sq_driver;

static int drv_exec(bdb_store *st, const char *sql)
{
    return exec(st, sql);
}

/* A statement kept for the handle's life (BDB_STMT_KEEP), by its sql's
 * address: the one not in use, or a new one while there is room. */
static sq_stmt *kept_find(sq *impl, const char *sql)
{
    for (int i = 0; i < impl->ndrv_kept; i++) {
        sq_stmt *q = impl->drv_kept[i];
        if (q->kept == sql && !q->busy)
            return q;
    }
    return NULL;
}

static int drv_prepare(bdb_store *st, const char *sql, const char *what,
                       int flags, bdb_stmt **out)
{
    sq *impl = st->impl;
    *out = NULL;
    int keep = (flags & BDB_STMT_KEEP) != 0;
    sq_stmt *q = keep ? kept_find(impl, sql) : NULL;
    if (q) {
        q->busy = 1;
        q->base.what = what;
        *out = &q->base;
        return BDB_OK;
    }
    keep = keep && impl->ndrv_kept < DRV_KEPT_MAX;
    q = calloc(1, sizeof *q);
    if (!q)
        return bdb_store_fail(st, BDB_ENOMEM, "%s: out of memory", what);
    if (sqlite3_prepare_v3(DB(st), sql, -1,
                           keep ? SQLITE_PREPARE_PERSISTENT : 0, &q->s,
                           NULL) != SQLITE_OK) {
        free(q);
        return fail_db(st, what);
    }
    q->base = (bdb_stmt){&sq_driver, st, what};
    if (keep) {
        q->kept = sql;
        q->busy = 1;
        impl->drv_kept[impl->ndrv_kept++] = q;
    }
    *out = &q->base;
    return BDB_OK;
}

static void drv_kept_close(sq *impl)
{
    for (int i = 0; i < impl->ndrv_kept; i++) {
        sqlite3_finalize(impl->drv_kept[i]->s);
        free(impl->drv_kept[i]);
    }
    impl->ndrv_kept = 0;
}

static void drv_bind_int(bdb_stmt *s, int i, long long v)
{
    sqlite3_bind_int64(S(s), i, v);
}

static void drv_bind_double(bdb_stmt *s, int i, double v)
{
    bind_num_or_null(S(s), i, v);
}

static void drv_bind_text(bdb_stmt *s, int i, const char *t)
{
    if (t)
        sqlite3_bind_text(S(s), i, t, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(S(s), i);
}

static void drv_bind_blob(bdb_stmt *s, int i, const void *p, size_t n)
{
    sqlite3_bind_blob64(S(s), i, n ? p : "", n, SQLITE_STATIC);
}

static int drv_step(bdb_stmt *s)
{
    int r = sqlite3_step(S(s));
    if (r == SQLITE_ROW)
        return 1;
    return r == SQLITE_DONE ? 0 : fail_db(s->st, s->what);
}

static int drv_column_null(bdb_stmt *s, int i)
{
    return sqlite3_column_type(S(s), i) == SQLITE_NULL;
}

static long long drv_column_int(bdb_stmt *s, int i)
{
    return sqlite3_column_int64(S(s), i);
}

static double drv_column_double(bdb_stmt *s, int i)
{
    return col_num(S(s), i);
}

static const char *drv_column_text(bdb_stmt *s, int i)
{
    return col_text(S(s), i);
}

static const void *drv_column_blob(bdb_stmt *s, int i, size_t *n)
{
    const void *p = sqlite3_column_blob(S(s), i);
    *n = (size_t)sqlite3_column_bytes(S(s), i);
    if (p || *n)
        return p;
    /* no bytes: an empty value, or a copy that ran out of memory */
    return sqlite3_errcode(DB(s->st)) == SQLITE_NOMEM ? NULL : "";
}

static void drv_reset(bdb_stmt *s)
{
    unkeep(S(s));
}

static int drv_finish(bdb_stmt *s, int rc)
{
    sq_stmt *q = (sq_stmt *)s;
    if (q && q->kept) {
        unkeep(q->s);
        q->busy = 0;
    } else if (q) {
        sqlite3_finalize(q->s);
        free(q);
    }
    return rc;
}

static const bdb_driver sq_driver = {
    .style = '?',
    .exec = drv_exec,
    .tx_begin = tx_begin,
    .tx_end = tx_end,
    .prepare = drv_prepare,
    .bind_int = drv_bind_int,
    .bind_double = drv_bind_double,
    .bind_text = drv_bind_text,
    .bind_blob = drv_bind_blob,
    .step = drv_step,
    .column_null = drv_column_null,
    .column_int = drv_column_int,
    .column_double = drv_column_double,
    .column_text = drv_column_text,
    .column_blob = drv_column_blob,
    .reset = drv_reset,
    .finish = drv_finish,
    .platform_id = fix_platform_id,
    .sweep_series_later = sweep_series_later,
    .forget_set = forget_set,
    .source_set = source_put_set,
    .source_platform = default_platform,
    .sql_results_tail = "",
    /* CROSS JOIN: SQLite keeps the series outer (its unique index, in
     * order) and searches each one's results by index: nothing sorted */
    .sql_groups_results = "CROSS JOIN results r WHERE r.series_id = s.id",
    .sql_row_id = "rowid",
    .sql_params_kv = "SELECT group_concat(sp.key || char(31) || sp.value, "
                     "char(30)) FROM param_set_items sp WHERE "
                     "sp.set_id = s.param_set_id",
    .sql_set_tags = "SELECT group_concat(kv, ',') FROM (SELECT key || '=' || "
                    "value AS kv FROM set_tags WHERE set_id = st.id ORDER BY "
                    "key)",
};


/* ---- serving readers ----------------------------------------------------- */

/* The database file and its -wal change size or time with every commit
 * of any connection; their inode changes when the file is replaced. */
static int sq_data_version(bdb_store *st, char *out, size_t n,
                           long long *changed_at)
{
    const char *path = sqlite3_db_filename(DB(st), "main");
    struct stat db, wal;
    if (!path || !*path || stat(path, &db) != 0)
        return bdb_store_fail(st, BDB_EIO, "cannot read the database "
                              "file's time and size");
    char wal_path[4200];
    int have_wal = (size_t)snprintf(wal_path, sizeof wal_path, "%s-wal",
                                    path) < sizeof wal_path &&
                   stat(wal_path, &wal) == 0;
    if (!have_wal)
        memset(&wal, 0, sizeof wal);
    snprintf(out, n, "%llx-%llx-%llx.%lx-%llx-%llx.%lx",
             (unsigned long long)db.st_ino, (unsigned long long)db.st_size,
             (unsigned long long)db.st_mtim.tv_sec, (long)db.st_mtim.tv_nsec,
             (unsigned long long)wal.st_size,
             (unsigned long long)wal.st_mtim.tv_sec,
             (long)wal.st_mtim.tv_nsec);
    if (changed_at)
        *changed_at = (long long)(wal.st_mtim.tv_sec > db.st_mtim.tv_sec
                                      ? wal.st_mtim.tv_sec
                                      : db.st_mtim.tv_sec);
    return BDB_OK;
}

/* SQLite's progress handler: a non-zero return interrupts the statement
 * (SQLITE_INTERRUPT, "interrupted"). */
static int sq_past_deadline(void *ctx)
{
    const sq *impl = ctx;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > impl->deadline.tv_sec ||
           (now.tv_sec == impl->deadline.tv_sec &&
            now.tv_nsec >= impl->deadline.tv_nsec);
}

static int sq_time_limit(bdb_store *st, double seconds)
{
    sq *impl = st->impl;
    if (!(seconds > 0)) {
        sqlite3_progress_handler(impl->db, 0, NULL, NULL);
        return BDB_OK;
    }
    clock_gettime(CLOCK_MONOTONIC, &impl->deadline);
    double whole = floor(seconds);
    impl->deadline.tv_sec += (time_t)whole;
    impl->deadline.tv_nsec += (long)((seconds - whole) * 1e9);
    if (impl->deadline.tv_nsec >= 1000000000L) {
        impl->deadline.tv_sec++;
        impl->deadline.tv_nsec -= 1000000000L;
    }
    /* every 10,000 virtual machine steps: well under a millisecond */
    sqlite3_progress_handler(impl->db, 10000, sq_past_deadline, impl);
    return BDB_OK;
}

const bdb_store_ops bdb_store_sqlite_ops = {
    .scheme = "sqlite",
    .drv = &sq_driver,
    .open = sq_open,
    .close = sq_close,
    .batch_begin = sq_batch_begin,
    .batch_end = sq_batch_end,
    .source_begin = sq_source_begin,
    .source_put = sq_source_put,
    .source_end = sq_source_end,
    .data_version = sq_data_version,
    .time_limit = sq_time_limit,
};
