/* store_sqlite.c - the SQLite backend: the only file with SQL in it.
 *
 * Migrations are the embedded schemas/NNN_*.sql files applied in order
 * inside one IMMEDIATE transaction and tracked by PRAGMA user_version, so
 * two processes opening a fresh database at once do not both migrate. WAL
 * mode and a busy timeout let two `benchdb import` runs share a database.
 * Each source lands in one transaction: all its results, or none. */
#include "store_internal.h"
#include "../common/bdb_grow.h"
#include "series_ident.h"

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

/* Rows are inserted up to BULK_ROWS at a time, one statement of that
 * many rows: per row, a statement's reset, cursors and halt cost as much
 * as the insert itself (1M rows of a CSV: 64 rows a statement took 0.5 s
 * more CPU than 256; 1024 no less than 256). What is left at the end of
 * a source goes in statements of 64, 16 and 4 rows, then one by one: a
 * small log's 30 figures are a few statements, not 30. */
#define BULK_ROWS 256
#define BULK_SIZES 5
static const int bulk_sizes[BULK_SIZES] = {BULK_ROWS, 64, 16, 4, 1};
/* the tables bulk rows go into (results, source_warnings) */
#define BULK_TABLES 4

/* A table's many-row INSERTs, prepared on first use for the handle's
 * life. */
typedef struct sq_bulk {
    const bdb_rows *what;
    sqlite3_stmt *ins[BULK_SIZES];  /* bulk_sizes[i] rows; NULL: the
                                       library binds fewer variables */
} sq_bulk;

/* Statements every file runs (its savepoint): prepared once for the
 * handle's life, since preparing one cost more than running it. */
enum {
    K_SAVEPOINT, K_RELEASE, K_ROLLBACK_TO, K_DATA_VERSION, K_COUNT
};

static const char *const kept_sql[K_COUNT] = {
    [K_SAVEPOINT] = "SAVEPOINT one_source",
    [K_RELEASE] = "RELEASE one_source",
    [K_ROLLBACK_TO] = "ROLLBACK TO one_source",
    [K_DATA_VERSION] = "PRAGMA data_version",
};

/* Rows of a held table (bdb_rows.held) kept from one file to the next
 * of a batch of small files: a small log's 35 results were 5 INSERTs of
 * 16, 4 and 1 rows, each paying a statement's start, its cursors on the
 * table, its 3 indexes and the 3 parents its foreign keys check, and its
 * halt; held, they go in statements of BULK_ROWS rows over many files.
 * Nothing is given up: each row is checked as it is inserted, and a file
 * that fails drops its own rows with its savepoint. The rows are written
 * before the next file's savepoint when BULK_ROWS are there (outside any
 * file: no file's rollback can take another's rows), before any
 * statement that writes or names the table outside a new source's
 * savepoint (a deletion, a sweep, a re-read source: they must see the
 * rows), and before the batch commits. If they cannot be written (a full
 * disk), the batch is failed: it rolls back whole at its end, and the
 * files after it fail at once, with that reason. */
typedef struct sq_held {
    const bdb_rows *what;
    bdb_cell *cells;
    size_t n, cap;          /* rows */
    size_t mark;            /* rows before the open source's */
    int failed;             /* BDB_E*: writing them failed, the batch too */
    char why[256];          /* ... and why */
} sq_held;

/* The driver's statements kept for the handle's life (BDB_STMT_KEEP):
 * the few run once a source or once a series. */
#define DRV_KEPT_MAX 48
typedef struct sq_stmt sq_stmt;

typedef struct sq {
    sqlite3 *db;
    sqlite3_stmt *kept[K_COUNT];   /* prepared on first use */
    sq_stmt *drv_kept[DRV_KEPT_MAX];
    int ndrv_kept;
    sq_bulk bulk[BULK_TABLES];
    int nbulk;
    int in_batch;           /* a batch transaction is open: files are
                               savepoints inside it */
    struct timespec busy_since; /* when the current wait began */
    int patient;            /* in exec_patient: its wait is the busy
                               handler's too (one clock, not one each) */
    int shown_s;            /* the wait's seconds the notice last said */
    int waited_out;         /* the last wait reached its limit: the next
                               statement's goes on from there, so that a
                               caller's second try does not wait again */
    long long data_version; /* PRAGMA data_version when the series cache
                               was last known good (see cache_check) */
    long long cache_size;   /* PRAGMA cache_size outside batches */
    int cache_size_known;
    int batch_small;        /* the small batches' settings are on: kept
                               from one small batch to the next (see
                               batch_settings_undo) */
    int source_mem;         /* the open source's own transaction keeps its
                               statement journals in memory */
    int in_fresh;           /* a new source's savepoint in a batch of
                               small files is open: rows may be held */
    sq_held held;           /* rows held from file to file (rows_put) */
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
    bdb_write_begun(st, v < 0 || v != impl->data_version);
    impl->data_version = v;
}

/* Resets the bulk statements. A SELECT stepped to its row holds a read
 * snapshot until it is reset, and COMMIT does not end it: the next BEGIN
 * IMMEDIATE, after another process wrote, then fails with
 * SQLITE_BUSY_SNAPSHOT (no busy handler helps) until the timeout. So the
 * writer lets go of everything before each commit (the driver's kept
 * statements are reset when each use finishes). */
static void writer_idle(sq *impl)
{
    for (int t = 0; t < impl->nbulk; t++)
        for (int k = 0; k < BULK_SIZES; k++)
            if (impl->bulk[t].ins[k])
                sqlite3_reset(impl->bulk[t].ins[k]);
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
        bdb_write_forget(st);
    }
    return rc;
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
 * They were 2.1% of a small-log import's CPU and 2.3% of the
 * instructions of a fio JSON's (bench/README.md).
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

static void bulk_close(sq *impl);

static void sq_close(bdb_store *st)
{
    sq *impl = st->impl;
    if (!impl)
        return;
    wait_over(impl);
    kept_close(impl);
    drv_kept_close(impl);
    bulk_close(impl);
    free(impl->held.cells);
    sqlite3_close(impl->db);
    free(impl);
    st->impl = NULL;
}

/* ---- bulk rows ----------------------------------------------------------- */

static void bulk_close(sq *impl)
{
    for (int t = 0; t < impl->nbulk; t++)
        for (int k = 0; k < BULK_SIZES; k++)
            sqlite3_finalize(impl->bulk[t].ins[k]);
    impl->nbulk = 0;
}

/* The many-row INSERTs of what, prepared on first use: as many rows as
 * the library binds variables for (999 before SQLite 3.32). */
static sq_bulk *bulk_of(bdb_store *st, const bdb_rows *what)
{
    sq *impl = st->impl;
    for (int t = 0; t < impl->nbulk; t++)
        if (impl->bulk[t].what == what)
            return &impl->bulk[t];
    if (impl->nbulk == BULK_TABLES) {
        bdb_store_fail(st, BDB_ERANGE, "%s: too many bulk tables",
                       what->what);
        return NULL;
    }
    sq_bulk *b = &impl->bulk[impl->nbulk];
    memset(b, 0, sizeof *b);
    b->what = what;
    int limit = sqlite3_limit(DB(st), SQLITE_LIMIT_VARIABLE_NUMBER, -1);
    bdb_buf sql;
    bdb_buf_init(&sql);
    int rc = BDB_OK;
    for (int k = 0; !rc && k < BULK_SIZES; k++) {
        int rows = bulk_sizes[k];
        if (rows * what->ncols > limit)
            continue;
        bdb_buf_reset(&sql);
        bdb_buf_printf(&sql, "INSERT INTO %s VALUES", what->table_cols);
        for (int i = 0; i < rows; i++) {
            bdb_buf_puts(&sql, i ? ",(?" : "(?");
            for (int c = 1; c < what->ncols; c++)
                bdb_buf_puts(&sql, ",?");
            bdb_buf_puts(&sql, ")");
        }
        rc = sql.err ? bdb_store_fail(st, BDB_ENOMEM, "out of memory")
                     : prepare(st, &b->ins[k], sql.data);
    }
    bdb_buf_free(&sql);
    if (rc) {
        for (int k = 0; k < BULK_SIZES; k++)
            sqlite3_finalize(b->ins[k]);
        return NULL;
    }
    impl->nbulk++;
    return b;
}

static void bind_cell(sqlite3_stmt *s, int i, const bdb_cell *c)
{
    switch (c->type) {
    case 'i': sqlite3_bind_int64(s, i, c->i); break;
    case 'd': sqlite3_bind_double(s, i, c->d); break;
    case 't': sqlite3_bind_text(s, i, c->t, -1, SQLITE_STATIC); break;
    default: sqlite3_bind_null(s, i); break;
    }
}

/* Inserts the rows, in order: in the largest statements that fit, then
 * smaller ones. */
static int rows_write(bdb_store *st, const bdb_rows *what,
                      const bdb_cell *cells, size_t n)
{
    sq_bulk *b = bulk_of(st, what);
    if (!b)
        return BDB_ESTORE;
    int ncols = what->ncols;
    size_t done = 0;
    for (int k = 0; k < BULK_SIZES; k++) {
        sqlite3_stmt *s = b->ins[k];
        size_t rows = (size_t)bulk_sizes[k];
        while (s && n - done >= rows) {
            const bdb_cell *c = cells + done * (size_t)ncols;
            for (int i = 0; i < (int)rows * ncols; i++)
                bind_cell(s, i + 1, &c[i]);
            int step = sqlite3_step(s);
            /* reset at once: texts were bound without a copy, and a
             * statement left unreset holds its transaction */
            sqlite3_reset(s);
            if (step != SQLITE_DONE)
                return fail_db(st, what->what);
            done += rows;
        }
    }
    return BDB_OK;
}

/* Writes the held rows (sq_held): all, or (whole 0) those that fill
 * statements of BULK_ROWS, the rest kept. */
static int held_write(bdb_store *st, int whole)
{
    sq *impl = st->impl;
    sq_held *h = &impl->held;
    if (h->failed)
        return bdb_store_fail(st, h->failed, "%s", h->why);
    size_t n = whole ? h->n : h->n / BULK_ROWS * BULK_ROWS;
    if (!n)
        return BDB_OK;
    int rc = rows_write(st, h->what, h->cells, n);
    if (rc) {
        h->failed = rc;
        snprintf(h->why, sizeof h->why, "rows of earlier files of this batch "
                 "were not written, the batch is undone: %s",
                 bdb_store_errmsg(st));
        h->n = h->mark = 0;
        return bdb_store_fail(st, rc, "%s", h->why);
    }
    size_t ncols = (size_t)h->what->ncols;
    memmove(h->cells, h->cells + n * ncols,
            (h->n - n) * ncols * sizeof *h->cells);
    h->n -= n;
    h->mark = h->n;
    return BDB_OK;
}

/* The held rows written when a statement outside a new source's
 * savepoint could see them or change what they refer to: one that
 * writes (s NULL: any exec), or that names their table. */
static int held_before(bdb_store *st, sqlite3_stmt *s, const char *sql)
{
    sq *impl = st->impl;
    sq_held *h = &impl->held;
    if ((!h->n && !h->failed) || impl->in_fresh)
        return BDB_OK;
    if (s && sqlite3_stmt_readonly(s) && !h->failed) {
        char table[64];
        size_t len = strcspn(h->what->table_cols, "(");
        if (len < sizeof table) {
            memcpy(table, h->what->table_cols, len);
            table[len] = '\0';
            if (!strstr(sql, table))
                return BDB_OK;
        }
    }
    return held_write(st, 1);
}

/* Inserts the rows, or holds them (sq_held). */
static int rows_put(bdb_store *st, const bdb_rows *what,
                    const bdb_cell *cells, size_t n)
{
    sq *impl = st->impl;
    sq_held *h = &impl->held;
    if (!what->held || !impl->in_fresh || (h->n && h->what != what))
        return rows_write(st, what, cells, n);
    size_t ncols = (size_t)what->ncols;
    if (h->n + n > h->cap) {
        size_t cap = h->cap ? h->cap : 2 * BULK_ROWS;
        while (cap < h->n + n)
            cap *= 2;
        bdb_cell *p = realloc(h->cells, cap * ncols * sizeof *p);
        if (!p)
            return bdb_store_fail(st, BDB_ENOMEM, "%s: out of memory",
                                  what->what);
        h->cells = p;
        h->cap = cap;
    }
    memcpy(h->cells + h->n * ncols, cells, n * ncols * sizeof *cells);
    h->what = what;
    h->n += n;
    return BDB_OK;
}

/* ---- a source's transaction ---------------------------------------------- */

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

/* A change's transaction (not a source's): the held rows are written
 * first, outside it, so that its rollback cannot take them. */
static int change_begin(bdb_store *st)
{
    sq *impl = st->impl;
    int rc = impl->held.n || impl->held.failed ? held_write(st, 1) : BDB_OK;
    return rc ? rc : tx_begin(st);
}

static int source_tx_begin(bdb_store *st, int fresh)
{
    sq *impl = st->impl;
    int hold = fresh && impl->in_batch && impl->batch_small;
    /* before the savepoint: no file's rollback takes these rows */
    int rc = impl->held.n || impl->held.failed ? held_write(st, !hold)
                                               : BDB_OK;
    if (rc)
        return rc;
    source_mem_begin(st, !fresh);
    rc = tx_begin(st);
    if (rc) {
        source_mem_end(st);
        return rc;
    }
    impl->in_fresh = hold;
    impl->held.mark = impl->held.n;
    return BDB_OK;
}

static int source_tx_end(bdb_store *st, int rc)
{
    sq *impl = st->impl;
    rc = tx_end(st, rc);
    if (rc)     /* the source's own rows went with its savepoint */
        impl->held.n = impl->held.mark;
    impl->in_fresh = 0;
    source_mem_end(st);
    return rc;
}

static long long last_id(bdb_store *st)
{
    return sqlite3_changes(DB(st)) > 0 ? sqlite3_last_insert_rowid(DB(st))
                                       : 0;
}

/* The one limit on a file's size: its compressed copy, when one blob. */
static long long blob_max(bdb_store *st)
{
    int most = sqlite3_limit(DB(st), SQLITE_LIMIT_LENGTH, -1);
    return most > 0 ? most : INT_MAX;
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

static int batch_begin(bdb_store *st, int flags)
{
    sq *impl = st->impl;
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
    impl->in_batch = 1;
    return BDB_OK;
}

static void held_clear(sq_held *h)
{
    h->n = h->mark = 0;
    h->failed = 0;
}

static int batch_end(bdb_store *st, int commit, int rc)
{
    sq *impl = st->impl;
    if (commit && !rc)
        rc = held_write(st, 1);
    held_clear(&impl->held);
    writer_idle(impl);
    if (commit && !rc)
        rc = exec(st, "COMMIT");
    if (!commit || rc) {
        sqlite3_exec(DB(st), "ROLLBACK", NULL, NULL, NULL);
        batch_settings_undo(st);
    }
    /* a waiting importer polls every millisecond: give it the turn, or
     * the next batch's BEGIN takes the lock back at once and it starves
     * (whether another waits cannot be known: a few milliseconds a batch
     * of up to a second, always) */
    if (commit)
        sqlite3_sleep(3);
    impl->in_batch = 0;
    return rc;
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

/* bdb_series_ident(tool, benchmark, metric, params): a series' key
 * (series_ident.h), for schemas/012's migration of the rows there. */
static void sql_series_ident(sqlite3_context *ctx, int argc,
                             sqlite3_value **argv)
{
    const char *t[4];
    for (int i = 0; i < argc && i < 4; i++)
        if (!(t[i] = (const char *)sqlite3_value_text(argv[i]))) {
            sqlite3_result_null(ctx);
            return;
        }
    sqlite3_result_int64(ctx, bdb_series_ident(t[0], t[1], t[2], t[3]));
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
    /* a failure fails schemas/012's migration with SQLite's message */
    sqlite3_create_function(db, "bdb_series_ident", 4,
                            SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
                            sql_series_ident, NULL, NULL);
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
    int rc = held_before(st, NULL, sql);
    return rc ? rc : exec(st, sql);
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
        int rc = held_before(st, q->s, sql);
        if (rc)
            return rc;
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
    int held_rc = held_before(st, q->s, sql);
    if (held_rc) {
        sqlite3_finalize(q->s);
        free(q);
        return held_rc;
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

static void drv_bind_text_ref(bdb_stmt *s, int i, const char *t)
{
    sqlite3_bind_text(S(s), i, t, -1, SQLITE_STATIC);
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
    .tx_begin = change_begin,
    .tx_end = tx_end,
    .prepare = drv_prepare,
    .bind_int = drv_bind_int,
    .bind_double = drv_bind_double,
    .bind_text = drv_bind_text,
    .bind_text_ref = drv_bind_text_ref,
    .bind_blob = drv_bind_blob,
    .step = drv_step,
    .column_null = drv_column_null,
    .column_int = drv_column_int,
    .column_double = drv_column_double,
    .column_text = drv_column_text,
    .column_blob = drv_column_blob,
    .reset = drv_reset,
    .finish = drv_finish,
    .batch_begin = batch_begin,
    .batch_end = batch_end,
    .source_tx_begin = source_tx_begin,
    .source_tx_end = source_tx_end,
    .rows_put = rows_put,
    .rows_batch = BULK_ROWS,
    .last_id = last_id,
    .blob_max = blob_max,
    .sql_sweep_series = "DELETE FROM series WHERE id NOT IN "
                        "(SELECT DISTINCT series_id FROM results) AND id NOT "
                        "IN (SELECT DISTINCT series_id FROM trace_points)",
    .sql_results_tail = "",
    /* CROSS JOIN: SQLite keeps the series outer (the subquery's sorted
     * series, in order) and searches each one's results by index: no
     * result row sorted */
    .sql_groups_results = "CROSS JOIN results r WHERE r.series_id = s.id",
    .sql_groups_series_tail = " LIMIT -1",
    .sql_groups_order = "",
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
    .data_version = sq_data_version,
    .time_limit = sq_time_limit,
};
