/* store_pg.c - the PostgreSQL back-end, over libpq: the only file that
 * includes libpq-fe.h.
 *
 * A location is a libpq connection URI, postgresql://[user[:pass]@]host
 * [:port]/dbname[?sslmode=...], handed to libpq whole, so TLS, ~/.pgpass,
 * the PG* environment variables and service files work as they do for
 * psql. A password never appears in a message: locations are shown as
 * user:***@ (bdb_store_mask_location) and libpq's text is scrubbed.
 *
 * The guarantees are SQLite's:
 * - Every write transaction (one file, one change, or a batch of files,
 *   each a SAVEPOINT) first takes one transaction-scoped advisory lock,
 *   as BEGIN IMMEDIATE takes SQLite's write lock. Writers from any number
 *   of machines thus follow one another: series and platforms are found
 *   or created (INSERT ... ON CONFLICT DO NOTHING, then SELECT) with no
 *   race, the orphan-series sweep cannot delete a series another writer
 *   just chose, and no two writers wait on each other's rows (no
 *   deadlocks). Readers are never blocked (MVCC).
 * - A file is stored once by its SHA-256: sources.sha256 is UNIQUE and
 *   the insert is ON CONFLICT DO NOTHING, so a second machine importing
 *   the same bytes at the same moment is told "already imported" (a
 *   unique violation, 23505, means the same).
 * - A killed client's transaction is rolled back by the server when its
 *   connection drops: each file is in or out.
 * Statements of the writer are prepared on the server once per
 * connection; results and warnings go in by COPY. Numbers travel as text
 * with 17 significant digits and come back with extra_float_digits = 3,
 * so every float8 round-trips exactly. Text columns are COLLATE "C"
 * (byte order, as SQLite's BINARY), so listings come out in the same
 * order from either back-end. Walks read through a cursor, FETCH by
 * FETCH_ROWS rows, so memory does not grow with the database and a
 * callback may query the store while the walk is open. */
#include "store_internal.h"
#include "store_admin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef BDB_HAVE_LIBPQ

/* Built without libpq: the scheme is known, and says how to get it. */
static int pg_open_missing(bdb_store *st, const char *location, int flags,
                           bdb_diag *diag)
{
    (void)st;
    (void)flags;
    char shown[512];
    bdb_store_mask_location(location, shown, sizeof shown);
    return bdb_diag_set(diag, BDB_EUSAGE, 0,
                        "cannot open %s: this benchdb was built without "
                        "PostgreSQL support (install libpq-dev and rebuild)",
                        shown);
}

static void pg_close_missing(bdb_store *st)
{
    (void)st;
}

const bdb_store_ops bdb_store_pg_ops = {
    .scheme = "postgresql",
    .open = pg_open_missing,
    .close = pg_close_missing,
};

#else /* BDB_HAVE_LIBPQ */

#include <libpq-fe.h>
#include <math.h>
#include <stdint.h>

#include "../common/bdb_grow.h"
#include "../common/bdb_utf8.h"

/* The key of the advisory lock all benchdb writers of a database share
 * ("bdb" in ASCII, and a version digit). */
#define WRITE_LOCK_KEY 0x62646231LL
#define FETCH_ROWS 8192
#define KEPT_MAX 48
/* results a transaction adds from which its commit is followed by a
 * VACUUM of results (vacuum_after) */
#define VACUUM_ROWS 65536

typedef struct pg {
    PGconn *conn;
    char shown[512];        /* the location with its password masked */
    char password[256];     /* to scrub from libpq's messages */
    int read_only;
    int in_tx;              /* a transaction of ours is open */
    int in_batch;           /* ... and it is a batch: files are savepoints */
    int nest;               /* savepoints open inside it */
    int prepared;           /* the bulk statements are on the server */
    int ncursors;           /* for unique names of nested walks */
    int in_read;            /* a walk's own read-only transaction is open */
    long long results_added;    /* rows COPYed into results since BEGIN */
    bdb_buf rows;           /* a bulk insert's rows as COPY text */
    const char *copy_what;  /* a COPY sent whose result is not read yet */
    struct pg_stmt *ahead;  /* a walk whose next page is on its way */
    /* parameter sets set_make promised by number (-(i + 1)) and made at
     * the next series_make: their text and items until made, then id */
    struct pset {
        char *text, *keys, *vals;   /* keys, vals: array literal items */
        int nkv;
        long long id;
    } *sets;
    size_t nsets, capsets, sets_made;   /* sets[0..sets_made) have ids */
    /* statements of the driver kept prepared on the server
     * (BDB_STMT_KEEP), found by their sql's address */
    struct {
        const char *sql;
        char name[24];
    } kept[KEPT_MAX];
    int nkept;
} pg;

static pg *PG(bdb_store *st)
{
    return st->impl;
}

/* libpq's last message on one line, without the password. */
static void pg_message(pg *impl, const char *raw, char *out, size_t n)
{
    snprintf(out, n, "%s", raw && *raw ? raw : "unknown error");
    size_t len = strlen(out);
    while (len && (out[len - 1] == '\n' || out[len - 1] == ' '))
        out[--len] = '\0';
    for (char *p = out; *p; p++)
        if (*p == '\n' || *p == '\t')
            *p = ' ';
    size_t pw = strlen(impl->password);
    if (pw) {
        char *hit;
        while ((hit = strstr(out, impl->password)) != NULL) {
            memset(hit, '*', pw >= 3 ? 3 : pw);
            memmove(hit + (pw >= 3 ? 3 : pw), hit + pw, strlen(hit + pw) + 1);
        }
    }
}

static int fail_pg(bdb_store *st, const char *what, const PGresult *res)
{
    pg *impl = PG(st);
    char msg[900];
    pg_message(impl, res ? PQresultErrorMessage(res) : NULL, msg, sizeof msg);
    if (!res || !*PQresultErrorMessage(res))
        pg_message(impl, PQerrorMessage(impl->conn), msg, sizeof msg);
    return bdb_store_fail(st, BDB_ESTORE, "%s: %s", what, msg);
}

static void page_collect(pg *impl);

/* Reads what is on its way on the connection: a walk's next page (kept
 * for the walk: page_collect), or the result of the COPY copy_in sent
 * last: its failure, named as copy_in would have named it. Every
 * statement sent comes through here first (libpq would drop the result
 * unread, and a COMMIT of the failed transaction would say ROLLBACK). */
static int copy_wait(bdb_store *st)
{
    pg *impl = PG(st);
    if (impl->ahead)
        page_collect(impl);
    const char *what = impl->copy_what;
    if (!what)
        return BDB_OK;
    impl->copy_what = NULL;
    int rc = BDB_OK;
    PGresult *res;
    while ((res = PQgetResult(impl->conn)) != NULL) {
        if (PQresultStatus(res) != PGRES_COMMAND_OK && !rc)
            rc = fail_pg(st, what, res);
        PQclear(res);
    }
    return rc;
}

/* Forgets the promised parameter sets: at the handle's end, and when a
 * write is undone (the writer's cache, which holds their numbers, is
 * cleared then too: bdb_write_forget, bdb_write_batch_end). */
static void sets_free(pg *impl)
{
    for (size_t i = 0; i < impl->nsets; i++) {
        free(impl->sets[i].text);
        free(impl->sets[i].keys);
        free(impl->sets[i].vals);
    }
    free(impl->sets);
    impl->sets = NULL;
    impl->nsets = impl->capsets = impl->sets_made = 0;
}

/* Runs a ROLLBACK whose outcome does not matter (a COPY's unread result
 * goes with what it undoes: libpq drops it). */
static void undo(pg *impl, const char *sql)
{
    impl->copy_what = NULL;
    impl->ahead = NULL;
    PQclear(PQexec(impl->conn, sql));
}

/* Runs sql with no parameters and no rows wanted. A failure names the
 * statement by its first words (a migration is a whole file). */
static int exec(bdb_store *st, const char *sql)
{
    if (copy_wait(st))
        return BDB_ESTORE;
    PGresult *res = PQexec(PG(st)->conn, sql);
    ExecStatusType t = PQresultStatus(res);
    char what[64];
    const char *p = sql;
    while (*p == '-' || *p == ' ' || *p == '\n') {
        if (*p == '-')
            p += strcspn(p, "\n");   /* a comment line */
        else
            p++;
    }
    snprintf(what, sizeof what, "%.*s", (int)strcspn(p, "\n("), p);
    int rc = t == PGRES_COMMAND_OK || t == PGRES_TUPLES_OK
                 ? BDB_OK : fail_pg(st, what, res);
    PQclear(res);
    return rc;
}

/* Text parameters of one statement, grown as they are bound up to the
 * protocol's limit. Text from logs that is not UTF-8 is repaired (U+FFFD)
 * as every output repairs it, since PostgreSQL refuses it; numbers are
 * written with 17 digits. err: P_NOMEM or P_TOO_MANY. */
#define MAX_PARAMS 65535        /* PostgreSQL's wire protocol: a 16-bit count */
enum { P_NOMEM = 1, P_TOO_MANY = 2 };
typedef struct params {
    const char **v;
    int *len;
    int *fmt;
    char **own;
    int n, cap;
    int err;
} params;

static void params_free(params *p)
{
    for (int i = 0; i < p->n; i++)
        free(p->own[i]);
    free(p->v);
    free(p->len);
    free(p->fmt);
    free(p->own);
    memset(p, 0, sizeof *p);
}

/* Room for slot i: the four arrays grown together. */
static int p_room(params *p, int i)
{
    if (i < p->cap)
        return 0;
    int cap = p->cap ? p->cap : 8;
    while (cap <= i)
        cap *= 2;
    if (cap > MAX_PARAMS)
        cap = MAX_PARAMS;
    const char **v = realloc(p->v, (size_t)cap * sizeof *v);
    if (v)
        p->v = v;
    int *len = v ? realloc(p->len, (size_t)cap * sizeof *len) : NULL;
    if (len)
        p->len = len;
    int *fmt = len ? realloc(p->fmt, (size_t)cap * sizeof *fmt) : NULL;
    if (fmt)
        p->fmt = fmt;
    char **own = fmt ? realloc(p->own, (size_t)cap * sizeof *own) : NULL;
    if (!own) {
        p->err = P_NOMEM;
        return -1;
    }
    p->own = own;
    p->cap = cap;
    return 0;
}

/* Slot i (0-based) made ready for a new value (a statement run again
 * binds its slots anew): -1 (p->err set) past MAX_PARAMS or out of
 * memory. */
static int p_slot(params *p, int i)
{
    if (i < 0 || i >= MAX_PARAMS) {
        p->err = P_TOO_MANY;
        return -1;
    }
    if (p_room(p, i))
        return -1;
    for (; p->n <= i; p->n++) {   /* a gap binds NULL */
        p->v[p->n] = NULL;
        p->own[p->n] = NULL;
        p->len[p->n] = 0;
        p->fmt[p->n] = 0;
    }
    free(p->own[i]);
    p->own[i] = NULL;
    p->fmt[i] = 0;
    p->len[i] = 0;
    return i;
}

/* Slot i holding its own copy of text t. */
static void p_copy_at(params *p, int i, const char *t)
{
    if ((i = p_slot(p, i)) < 0)
        return;
    p->own[i] = strdup(t);
    if (!p->own[i])
        p->err = P_NOMEM;
    p->v[i] = p->own[i];
}

static void p_text_at(params *p, int i, const char *t)
{
    if ((i = p_slot(p, i)) < 0)
        return;
    if (t && !bdb_utf8_valid(t, strlen(t))) {
        p->own[i] = bdb_utf8_dup(t);
        if (!p->own[i])
            p->err = P_NOMEM;
        t = p->own[i];
    }
    p->v[i] = t;
}

static void p_text(params *p, const char *t)
{
    p_text_at(p, p->n, t);
}

static void p_num_at(params *p, int i, double v)
{
    if (isnan(v)) {
        p_text_at(p, i, NULL);
        return;
    }
    char num[40];
    snprintf(num, sizeof num, "%.17g", v);
    p_copy_at(p, i, num);
}

static void p_int_at(params *p, int i, long long v)
{
    char num[40];
    snprintf(num, sizeof num, "%lld", v);
    p_copy_at(p, i, num);
}

static void p_int(params *p, long long v)
{
    p_int_at(p, p->n, v);
}

/* Slot i holding n bytes sent as they are (binary bytea), not copied. */
static void p_bytes_at(params *p, int i, const void *data, size_t n)
{
    i = n > INT32_MAX ? -1 : p_slot(p, i);
    if (i < 0) {
        if (!p->err)
            p->err = P_NOMEM;
        return;
    }
    p->v[i] = n ? data : "";
    p->len[i] = (int)n;
    p->fmt[i] = 1;
}

/* Runs a prepared statement (name) or sql with p; returns the result
 * (the caller clears it) or NULL with the error on st. */
static PGresult *run(bdb_store *st, const char *name, const char *sql,
                     params *p, const char *what)
{
    if (p && p->err == P_TOO_MANY) {
        bdb_store_fail(st, BDB_ERANGE, "%s: more than the %d values "
                       "PostgreSQL binds to one statement", what, MAX_PARAMS);
        return NULL;
    }
    if (p && p->err) {
        bdb_store_fail(st, BDB_ENOMEM, "%s: out of memory", what);
        return NULL;
    }
    if (copy_wait(st))
        return NULL;
    int n = p ? p->n : 0;
    PGresult *res =
        name ? PQexecPrepared(PG(st)->conn, name, n, p ? p->v : NULL,
                              p ? p->len : NULL, p ? p->fmt : NULL, 0)
             : PQexecParams(PG(st)->conn, sql, n, NULL, p ? p->v : NULL,
                            p ? p->len : NULL, p ? p->fmt : NULL, 0);
    ExecStatusType t = PQresultStatus(res);
    if (t != PGRES_COMMAND_OK && t != PGRES_TUPLES_OK) {
        fail_pg(st, what, res);
        PQclear(res);
        return NULL;
    }
    return res;
}

static const char *col_text(const PGresult *r, int row, int col)
{
    return PQgetisnull(r, row, col) ? "" : PQgetvalue(r, row, col);
}

static double col_num(const PGresult *r, int row, int col)
{
    return PQgetisnull(r, row, col) ? NAN : strtod(PQgetvalue(r, row, col), NULL);
}

static long long col_ll(const PGresult *r, int row, int col)
{
    return PQgetisnull(r, row, col) ? 0 : strtoll(PQgetvalue(r, row, col), NULL, 10);
}

/* ---- transactions --------------------------------------------------------- */

/* BEGIN and the writers' lock (see the top of the file). */
static int begin_write(bdb_store *st)
{
    pg *impl = PG(st);
    if (impl->read_only)
        return bdb_store_fail(st, BDB_EUSAGE, "the database is open read-only");
    if (exec(st, "BEGIN"))
        return BDB_ESTORE;
    char sql[80];
    snprintf(sql, sizeof sql, "SELECT pg_advisory_xact_lock(%lld)",
             WRITE_LOCK_KEY);
    if (exec(st, sql)) {
        undo(impl, "ROLLBACK");
        return BDB_ESTORE;
    }
    impl->in_tx = 1;
    impl->results_added = 0;
    bdb_write_begun(st, 1);
    return BDB_OK;
}

/* After the commit of a transaction that added many results (a lab's
 * results CSV, a large log): a VACUUM of results. Its new pages are
 * not known to be all-visible until autovacuum's next round (a minute
 * later, or never when it is off), and a report right after the import
 * then read each series' results from the heap and sorted them (bitmap
 * scans) instead of walking results_by_series_platform alone: the groups
 * query took 261 ms at 250k results, 118 ms after the VACUUM, which
 * costs ~35 ms there and grows with the pages added only (the visibility
 * map skips the rest). SKIP_LOCKED: it never waits for autovacuum or
 * another VACUUM of the table; INDEX_CLEANUP OFF, TRUNCATE false: it
 * does not pass over the indexes (dead rows of an earlier reparse or
 * forget, which autovacuum removes, would make it as long as the
 * indexes are large) nor try the exclusive lock that shortens the
 * file. The import is committed whatever it does: a user who does not
 * own the table is only warned by the server, and a failure
 * (statement_timeout) is dropped here, the handle's error message kept
 * as it was. */
static void vacuum_after(bdb_store *st)
{
    pg *impl = PG(st);
    long long added = impl->results_added;
    impl->results_added = 0;
    if (added < VACUUM_ROWS || PQserverVersion(impl->conn) < 120000)
        return;
    char keep[sizeof st->errmsg];
    memcpy(keep, st->errmsg, sizeof keep);
    if (exec(st, "VACUUM (SKIP_LOCKED, INDEX_CLEANUP OFF, TRUNCATE false) "
                 "results") != BDB_OK)
        memcpy(st->errmsg, keep, sizeof keep);  /* dropped: see above */
}

/* A savepoint inside any open transaction (a batch, or a source whose
 * import puts a platform), else a transaction of its own. */
static int tx_begin(bdb_store *st)
{
    pg *impl = PG(st);
    if (impl->in_tx) {
        if (exec(st, "SAVEPOINT one_source"))
            return BDB_ESTORE;
        impl->nest++;
        return BDB_OK;
    }
    return begin_write(st);
}

/* Ends what tx_begin began: kept when rc is BDB_OK (and the commit or
 * release works), else undone. Returns the final code. */
static int tx_end(bdb_store *st, int rc)
{
    pg *impl = PG(st);
    int inner = impl->nest > 0;
    if (!rc)
        rc = exec(st, inner ? "RELEASE SAVEPOINT one_source" : "COMMIT");
    if (rc) {
        char keep[sizeof st->errmsg];
        memcpy(keep, st->errmsg, sizeof keep);
        sets_free(impl);
        undo(impl, inner ? "ROLLBACK TO SAVEPOINT one_source; "
                           "RELEASE SAVEPOINT one_source"
                         : "ROLLBACK");
        memcpy(st->errmsg, keep, sizeof keep);
        bdb_write_forget(st);
    }
    if (inner) {
        impl->nest--;
    } else {
        impl->in_tx = 0;
        if (!rc)
            vacuum_after(st);
    }
    return rc;
}

/* ---- statements ---------------------------------------------------------- */

/* A statement: its SQL in $N style, its parameters, and the rows of its
 * last run. A statement of many rows (BDB_STMT_MANY) reads them through
 * a cursor, FETCH_ROWS at a time, so memory does not grow with the
 * database and a caller may query the store while the walk is open; one
 * outside a transaction opens a read-only one of its own, which nested
 * walks share, with one snapshot for all of them (REPEATABLE READ: the
 * groups read two streams of the same series side by side). */
typedef struct pg_stmt {
    bdb_stmt base;
    char *sql;
    params own;
    params *p;          /* &own, or the parameters walk() was given */
    int many;
    int binary;         /* its pages come in binary (BDB_STMT_BINARY) */
    PGresult *res;
    PGresult *next;     /* the cursor's next page, read ahead */
    int row, nrows;     /* the row step gave, of res's */
    int state;          /* 0: not run; 1: rows; 2: done */
    int more;           /* the cursor may have pages left */
    int cursor;         /* a cursor is open, called name */
    int own_tx;         /* ... in a read-only transaction of its own */
    char name[32];
    const char *prepared;   /* a kept statement's name on the server */
    unsigned char *blob;    /* the bytes column_blob last unescaped */
} pg_stmt;

static const bdb_driver pg_driver;

static pg_stmt *stmt_new(bdb_store *st, const char *sql, const char *what,
                         int flags)
{
    pg_stmt *q = calloc(1, sizeof *q);
    char *copy = strdup(sql);
    if (!q || !copy) {
        free(q);
        free(copy);
        bdb_store_fail(st, BDB_ENOMEM, "%s: out of memory", what);
        return NULL;
    }
    q->base = (bdb_stmt){&pg_driver, st, what};
    q->sql = copy;
    q->p = &q->own;
    q->many = (flags & BDB_STMT_MANY) != 0;
    q->binary = q->many && (flags & BDB_STMT_BINARY);
    return q;
}

/* Closes q's cursor and ends its own transaction: returns rc, or when
 * rc is BDB_OK the error of doing so. */
static int stmt_end_walk(pg_stmt *q, int rc)
{
    bdb_store *st = q->base.st;
    pg *impl = PG(st);
    if (impl->ahead == q)
        page_collect(impl);
    PQclear(q->next);
    q->next = NULL;
    if (q->cursor) {
        char sql[64];
        snprintf(sql, sizeof sql, "CLOSE %s", q->name);
        if (!rc)
            rc = exec(st, sql);
        q->cursor = 0;
        impl->ncursors--;
    }
    if (q->own_tx) {
        if (rc) {
            char keep[sizeof st->errmsg];
            memcpy(keep, st->errmsg, sizeof keep);
            undo(impl, "ROLLBACK");
            memcpy(st->errmsg, keep, sizeof keep);
        } else {
            rc = exec(st, "COMMIT");
        }
        q->own_tx = 0;
        impl->in_read = 0;
    }
    return rc;
}

static int stmt_fetch_now(pg_stmt *q, const char *sql);

/* Reads the page a walk asked for ahead into its next (an error's
 * result too: the walk reports it when it comes to that page). */
static void page_collect(pg *impl)
{
    pg_stmt *q = impl->ahead;
    impl->ahead = NULL;
    PGresult *res;
    while ((res = PQgetResult(impl->conn)) != NULL) {
        if (!q->next)
            q->next = res;
        else
            PQclear(res);
    }
}

/* The next page of q's cursor into q->res. The page after it is asked
 * for at once when the connection is free, so that the server reads it
 * while benchdb works through this one (its answer is read when q or
 * another statement needs the connection: copy_wait). */
static int stmt_fetch(pg_stmt *q)
{
    bdb_store *st = q->base.st;
    pg *impl = PG(st);
    char sql[96];
    snprintf(sql, sizeof sql, "FETCH FORWARD %d FROM %s", FETCH_ROWS, q->name);
    PQclear(q->res);
    q->res = NULL;
    if (impl->ahead == q)
        page_collect(impl);
    if (q->next) {
        q->res = q->next;
        q->next = NULL;
        if (PQresultStatus(q->res) != PGRES_TUPLES_OK) {
            fail_pg(st, q->base.what, q->res);
            PQclear(q->res);
            q->res = NULL;
            return BDB_ESTORE;
        }
    } else if (stmt_fetch_now(q, sql)) {
        return BDB_ESTORE;
    }
    q->nrows = PQntuples(q->res);
    q->more = q->nrows == FETCH_ROWS;
    q->row = -1;
    if (q->more && !impl->ahead && !impl->copy_what &&
        PQsendQueryParams(impl->conn, sql, 0, NULL, NULL, NULL, NULL,
                          q->binary) == 1)
        impl->ahead = q;
    return BDB_OK;
}

/* One page of q's cursor (FETCH sql), asked for and waited for. */
static int stmt_fetch_now(pg_stmt *q, const char *sql)
{
    if (copy_wait(q->base.st))
        return BDB_ESTORE;
    if (q->binary) {
        q->res = PQexecParams(PG(q->base.st)->conn, sql, 0, NULL, NULL, NULL,
                              NULL, 1);
        if (PQresultStatus(q->res) != PGRES_TUPLES_OK) {
            fail_pg(q->base.st, q->base.what, q->res);
            PQclear(q->res);
            q->res = NULL;
        }
    } else {
        q->res = run(q->base.st, NULL, sql, NULL, q->base.what);
    }
    return q->res ? BDB_OK : BDB_ESTORE;
}

/* Runs q: its rows, or its cursor's first page, into q->res. */
static int stmt_start(pg_stmt *q)
{
    bdb_store *st = q->base.st;
    pg *impl = PG(st);
    if (!q->many) {
        q->res = run(st, q->prepared, q->sql, q->p, q->base.what);
        if (!q->res)
            return BDB_ESTORE;
        q->nrows = PQntuples(q->res);
        q->row = -1;
        return BDB_OK;
    }
    if (!impl->in_tx && !impl->in_read) {
        if (exec(st, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"))
            return BDB_ESTORE;
        q->own_tx = 1;
        impl->in_read = 1;
    }
    snprintf(q->name, sizeof q->name, "bdb_walk_%d", impl->ncursors++);
    q->cursor = 1;
    bdb_buf decl;
    bdb_buf_init(&decl);
    bdb_buf_printf(&decl, "DECLARE %s NO SCROLL CURSOR FOR %s", q->name,
                   q->sql);
    int rc = decl.err || !decl.data
                 ? bdb_store_fail(st, BDB_ENOMEM, "out of memory") : BDB_OK;
    PGresult *res = rc ? NULL : run(st, NULL, decl.data, q->p, q->base.what);
    bdb_buf_free(&decl);
    if (!res && !rc)
        rc = BDB_ESTORE;
    PQclear(res);
    if (rc) {
        q->cursor = 0;  /* never declared */
        impl->ncursors--;
        return stmt_end_walk(q, rc);
    }
    return stmt_fetch(q);
}

static void stmt_blob_free(pg_stmt *q)
{
    PQfreemem(q->blob);
    q->blob = NULL;
}

static int stmt_step(pg_stmt *q)
{
    int rc = BDB_OK;
    stmt_blob_free(q);
    if (q->state == 0) {
        q->state = 1;
        rc = stmt_start(q);
    }
    while (!rc && q->state == 1) {
        if (++q->row < q->nrows)
            return 1;
        if (!q->more)
            break;
        rc = stmt_fetch(q);
    }
    q->state = 2;
    return stmt_end_walk(q, rc);
}

static void stmt_reset(pg_stmt *q)
{
    (void)stmt_end_walk(q, BDB_OK);     /* a failure shows at the next run */
    stmt_blob_free(q);
    PQclear(q->res);
    q->res = NULL;
    q->row = q->nrows = q->state = q->more = 0;
    params_free(&q->own);
}

static int stmt_finish(pg_stmt *q, int rc)
{
    if (!q)
        return rc;
    rc = stmt_end_walk(q, rc);
    stmt_blob_free(q);
    PQclear(q->res);
    params_free(&q->own);
    free(q->sql);
    free(q);
    return rc;
}

/* ---- open, migrate, close ------------------------------------------------ */

static int pg_get_version(bdb_store *st, int *v)
{
    *v = 0;
    /* pg_class through a scan, not to_regclass(): after waiting for the
     * migration lock, the syscache may still hold "no such table" from
     * before another process made it; scanning (and locking) pg_class
     * reads the committed catalog and flushes that cache */
    PGresult *res = run(st, NULL,
                        "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_class c "
                        "JOIN pg_catalog.pg_namespace n ON n.oid = "
                        "c.relnamespace WHERE c.relname = 'benchdb_meta' "
                        "AND n.nspname = current_schema())",
                        NULL, "reading schema version");
    if (!res)
        return BDB_ESTORE;
    int has = PQntuples(res) == 1 && strcmp(PQgetvalue(res, 0, 0), "t") == 0;
    PQclear(res);
    if (!has)
        return BDB_OK;
    res = run(st, NULL, "SELECT value FROM benchdb_meta "
                        "WHERE key = 'schema_version'",
              NULL, "reading schema version");
    if (!res)
        return BDB_ESTORE;
    if (PQntuples(res) == 1)
        *v = (int)strtol(PQgetvalue(res, 0, 0), NULL, 10);
    PQclear(res);
    return BDB_OK;
}

static int pg_mig_begin(bdb_store *st)
{
    int rc = begin_write(st);
    PG(st)->in_tx = 0;  /* the migrator ends it */
    return rc;
}

static int pg_set_version(bdb_store *st, int v)
{
    params p = {0};
    p_int(&p, v);
    PGresult *res = run(st, NULL,
                        "INSERT INTO benchdb_meta(key, value) "
                        "VALUES('schema_version', $1) ON CONFLICT(key) "
                        "DO UPDATE SET value = excluded.value",
                        &p, "recording schema version");
    params_free(&p);
    if (!res)
        return BDB_ESTORE;
    PQclear(res);
    return BDB_OK;
}

static int pg_mig_end(bdb_store *st, int commit)
{
    if (commit)
        return exec(st, "COMMIT");
    undo(PG(st), "ROLLBACK");
    return BDB_OK;
}

static const bdb_migrator pg_migrator = {
    .schemas = bdb_embedded_pg_schemas,
    .get_version = pg_get_version,
    .begin = pg_mig_begin,
    .exec = exec,
    .set_version = pg_set_version,
    .end = pg_mig_end,
};

/* The password for scrubbing: --db-password-file's, else the
 * location's (user:PASS@ or ?password=PASS). */
static void find_password(const char *loc, char *out, size_t n)
{
    size_t len;
    const char *pw = bdb_store_given_password();
    len = strlen(pw);
    if (!len)
        pw = bdb_store_password_span(loc, loc, &len);
    out[0] = '\0';
    if (pw && len < n) {
        memcpy(out, pw, len);
        out[len] = '\0';
    }
}

static void pg_notice(void *arg, const char *msg)
{
    /* NOTICEs ("relation already exists, skipping") are not for users */
    (void)arg;
    (void)msg;
}

static int pg_open(bdb_store *st, const char *location, int flags,
                   bdb_diag *diag)
{
    pg *impl = calloc(1, sizeof *impl);
    if (!impl)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    st->impl = impl;
    impl->read_only = flags & BDB_STORE_READ_ONLY;
    bdb_buf_init(&impl->rows);
    bdb_store_mask_location(location, impl->shown, sizeof impl->shown);
    find_password(location, impl->password, sizeof impl->password);
    /* libpq ends a URI's credentials at a '/': it would read part of
     * the password as a host or port and print it */
    size_t pwlen;
    const char *pw = bdb_store_password_span(location, location, &pwlen);
    if (pw && strstr(location, "://") && memchr(pw, '/', pwlen)) {
        free(impl);
        st->impl = NULL;
        return bdb_diag_set(diag, BDB_EUSAGE, 0, "cannot connect to %s: the "
                            "password holds a '/', which a URI needs written "
                            "as %%2F (or give it in --db-password-file, PGPASSWORD or "
                            "~/.pgpass)",
                            st->shown);
    }
    /* --db-password-file's password, after dbname: it wins over one the
     * location gives */
    const char *given = bdb_store_given_password();
    const char *keys[] = {"dbname", "fallback_application_name",
                          "client_encoding", *given ? "password" : NULL,
                          NULL};
    const char *vals[] = {location, "benchdb", "UTF8", given, NULL};
    impl->conn = PQconnectdbParams(keys, vals, 1);
    int rc = BDB_OK;
    if (!impl->conn) {
        rc = bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    } else if (PQstatus(impl->conn) != CONNECTION_OK) {
        char msg[900];
        pg_message(impl, PQerrorMessage(impl->conn), msg, sizeof msg);
        rc = bdb_diag_set(diag, BDB_ESTORE, 0, "cannot connect to %s: %s",
                          impl->shown, msg);
    }
    if (!rc) {
        PQsetNoticeProcessor(impl->conn, pg_notice, NULL);
        /* jit off: compiling a report's scan took longer than running
         * it (139 ms of 377 on 250k results); benchdb's statements are
         * short walks over indexes */
        if (exec(st, "SET extra_float_digits = 3") ||
            exec(st, "SET jit = off") ||
            (impl->read_only &&
             exec(st, "SET default_transaction_read_only = on")))
            rc = bdb_diag_set(diag, BDB_ESTORE, 0, "%s: %s", impl->shown,
                              st->errmsg);
    }
    if (!rc && impl->read_only) {
        int have = 0;
        rc = pg_get_version(st, &have);
        if (rc)
            rc = bdb_diag_set(diag, rc, 0, "%s: %s", impl->shown, st->errmsg);
        else if (have == 0)
            rc = bdb_diag_set(diag, BDB_ENOTFOUND, 0,
                              "no database at %s (run `benchdb init` or "
                              "`benchdb import`)", impl->shown);
        else
            rc = bdb_store_check_schema(st, &pg_migrator, diag);
    } else if (!rc) {
        rc = bdb_store_migrate(st, &pg_migrator, diag);
    }
    if (rc) {
        PQfinish(impl->conn);
        free(impl);
        st->impl = NULL;
    }
    return rc;
}

static void pg_close(bdb_store *st)
{
    pg *impl = PG(st);
    if (!impl)
        return;
    bdb_buf_free(&impl->rows);
    sets_free(impl);
    PQfinish(impl->conn);
    free(impl);
    st->impl = NULL;
}

/* ---- bulk series and parameter sets --------------------------------------- */

static const struct {
    const char *name, *sql;
} writer_sql[] = {
    /* the parameter sets promised since the last flush and their items,
     * made in one round trip: the items as three arrays (the set's
     * number, key, value); one row per set (n: 1-based), id NULL when
     * another import committed it after this statement's snapshot */
    {"bdb_sets_bulk",
     "WITH v AS (SELECT * FROM unnest($1::text[]) WITH ORDINALITY AS "
     "v(params, n)), ins AS (INSERT INTO param_sets(params) SELECT params "
     "FROM v ORDER BY n ON CONFLICT(params) DO NOTHING RETURNING id, params), "
     "i AS (INSERT INTO param_set_items(set_id, key, value) SELECT ins.id, "
     "kv.k, kv.v FROM unnest($2::bigint[], $3::text[], $4::text[]) AS "
     "kv(n, k, v) JOIN v ON v.n = kv.n JOIN ins ON ins.params = v.params "
     "ON CONFLICT DO NOTHING) SELECT v.n, coalesce(ins.id, p.id) FROM v "
     "LEFT JOIN ins ON ins.params = v.params LEFT JOIN LATERAL (SELECT p.id "
     "FROM param_sets p WHERE ins.id IS NULL AND p.params = v.params LIMIT 1) "
     "p ON true ORDER BY v.n"},
    {"bdb_set_sel", "SELECT id FROM param_sets WHERE params = $1"},
    /* the series new since the last flush, made in one round trip; one
     * row per input (n: 1-based), id NULL when another import committed
     * it after this statement's snapshot, or when its key (ident) is
     * another series' (the row is then made alone, without a key:
     * news_find_alone); a series that was there is
     * looked up by its key only for the rows not inserted (the
     * plain join probed it for every row, and a plan made for the real
     * array sizes hashed every stored series) */
    {"bdb_series_bulk",
     "WITH v AS (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], "
     "$4::text[], $5::text[], $6::integer[], $7::bigint[], $8::bigint[]) "
     "WITH ORDINALITY AS v(tool, benchmark, metric, params, unit, better, "
     "set_id, ident, n)), "
     "ins AS (INSERT INTO series(tool, benchmark, metric, params, unit, "
     "better, param_set_id, ident) SELECT tool, benchmark, metric, params, "
     "unit, better, set_id, ident FROM v ORDER BY n ON CONFLICT(ident) DO "
     "NOTHING RETURNING id, tool, benchmark, metric, params, unit) "
     "SELECT v.n, coalesce(ins.id, s.id), coalesce(ins.unit, s.unit) FROM v "
     "LEFT JOIN ins ON ins.tool = v.tool AND ins.benchmark = v.benchmark AND "
     "ins.metric = v.metric AND ins.params = v.params LEFT JOIN LATERAL "
     "(SELECT s.id, s.unit FROM series s WHERE ins.id IS NULL AND "
     "s.ident = v.ident AND s.tool = v.tool AND s.benchmark = v.benchmark "
     "AND s.metric = v.metric AND s.params = v.params) s ON true ORDER BY "
     "v.n"},
    /* whether any series is kept without a key: then the bulk statement,
     * which knows keys alone, is not used */
    {"bdb_series_keyless", "SELECT 1 FROM series WHERE ident IS NULL LIMIT 1"},
    {"bdb_series_ins_keyed",
     "INSERT INTO series(tool, benchmark, metric, params, unit, better, "
     "param_set_id, ident) VALUES($1, $2, $3, $4, $5, $6::integer, "
     "$7::bigint, $8::bigint) ON CONFLICT(ident) DO NOTHING RETURNING id, "
     "unit"},
    /* the keyless rows (few: collisions) read by their key's index
     * before their texts are compared (OFFSET 0: not merged, or the
     * planner may take a tool's series by series_by_tool instead) */
    {"bdb_series_sel", "SELECT id, unit FROM series WHERE ident = $5 AND "
                       "tool = $1 AND benchmark = $2 AND metric = $3 AND "
                       "params = $4 UNION ALL SELECT id, unit FROM (SELECT "
                       "* FROM series WHERE ident IS NULL OFFSET 0) k WHERE "
                       "tool = $1 AND benchmark = $2 AND metric = $3 AND "
                       "params = $4 LIMIT 1"},
    /* a series whose key another holds (a collision): kept without one */
    {"bdb_series_ins_keyless",
     "INSERT INTO series(tool, benchmark, metric, params, unit, better, "
     "param_set_id) VALUES($1, $2, $3, $4, $5, $6::integer, $7::bigint) "
     "RETURNING id, unit"},
};

static int prepare_writer(bdb_store *st)
{
    pg *impl = PG(st);
    if (impl->prepared)
        return BDB_OK;
    if (copy_wait(st))
        return BDB_ESTORE;
    for (size_t i = 0; i < sizeof writer_sql / sizeof writer_sql[0]; i++) {
        PGresult *res = PQprepare(impl->conn, writer_sql[i].name,
                                  writer_sql[i].sql, 0, NULL);
        int ok = PQresultStatus(res) == PGRES_COMMAND_OK;
        if (!ok)
            fail_pg(st, "preparing statements", res);
        PQclear(res);
        if (!ok)
            return BDB_ESTORE;
    }
    impl->prepared = 1;
    return BDB_OK;
}

/* Appends text as an element of a PostgreSQL array literal: quoted, with
 * backslash and double quote escaped (text is repaired to UTF-8 later,
 * with the whole literal). */
static void array_item(bdb_buf *b, const char *text, int i)
{
    bdb_buf_puts(b, i ? ",\"" : "\"");
    for (const char *p = text; *p; p++) {
        if (*p == '"' || *p == '\\')
            bdb_buf_puts(b, "\\");
        bdb_buf_append(b, p, 1);
    }
    bdb_buf_puts(b, "\"");
}

/* Runs the bulk statement name with the n array literals arr as its
 * parameters, and frees them. */
static PGresult *bulk_run(bdb_store *st, const char *name, const char *what,
                          bdb_buf *arr, int n)
{
    params p = {0};
    for (int f = 0; f < n; f++) {
        if (arr[f].err)
            p.err = P_NOMEM;
        p_text(&p, arr[f].data);
    }
    PGresult *res = run(st, name, NULL, &p, what);
    params_free(&p);
    for (int f = 0; f < n; f++)
        bdb_buf_free(&arr[f]);
    return res;
}

/* Parameter set text with its items kv, promised: *id is its number
 * -(i + 1), which series_make turns into the set's id when it makes the
 * series that need it (all the sets of a flush in one round trip). */
static int set_make(bdb_store *st, const char *text, const bdb_params *kv,
                    long long *id)
{
    pg *impl = PG(st);
    if (impl->nsets == impl->capsets) {
        struct pset *p = bdb_grow(impl->sets, impl->nsets, &impl->capsets,
                                  sizeof *p, 256);
        if (!p)
            return bdb_store_fail(st, BDB_ENOMEM, "out of memory");
        impl->sets = p;
    }
    bdb_buf keys, vals;
    bdb_buf_init(&keys);
    bdb_buf_init(&vals);
    for (int i = 0; i < kv->n; i++) {
        array_item(&keys, kv->kv[i].key, i);
        array_item(&vals, kv->kv[i].value, i);
    }
    struct pset *ps = &impl->sets[impl->nsets];
    *ps = (struct pset){strdup(text), bdb_buf_detach(&keys, NULL),
                        bdb_buf_detach(&vals, NULL), kv->n, 0};
    if (!ps->text || (kv->n && (!ps->keys || !ps->vals))) {
        free(ps->text);
        free(ps->keys);
        free(ps->vals);
        return bdb_store_fail(st, BDB_ENOMEM, "out of memory");
    }
    *id = -(long long)++impl->nsets;
    return BDB_OK;
}

/* The id of parameter set text when another import made it after the
 * bulk statement's snapshot: a statement of its own sees it. */
static int set_find_alone(bdb_store *st, const char *text, long long *id)
{
    params p = {0};
    p_text(&p, text);
    PGresult *res = run(st, "bdb_set_sel", NULL, &p, "finding parameter set");
    params_free(&p);
    if (!res)
        return BDB_ESTORE;
    int rc = BDB_OK;
    if (PQntuples(res) != 1)
        rc = bdb_store_fail(st, BDB_ESTORE, "parameter set '%s' vanished",
                            text);
    else
        *id = col_ll(res, 0, 0);
    PQclear(res);
    return rc;
}

/* Makes (or finds) the sets promised since the last call, in one round
 * trip, and keeps their ids. */
static int sets_make(bdb_store *st)
{
    pg *impl = PG(st);
    size_t from = impl->sets_made, n = impl->nsets - from;
    if (!n)
        return BDB_OK;
    bdb_buf arr[4];
    for (int f = 0; f < 4; f++) {
        bdb_buf_init(&arr[f]);
        bdb_buf_puts(&arr[f], "{");
    }
    int nkv = 0;
    for (size_t k = 0; k < n; k++) {
        const struct pset *ps = &impl->sets[from + k];
        array_item(&arr[0], ps->text, (int)k);
        if (!ps->nkv)
            continue;
        for (int i = 0; i < ps->nkv; i++)
            bdb_buf_printf(&arr[1], "%s%zu", nkv + i ? "," : "", k + 1);
        bdb_buf_puts(&arr[2], nkv ? "," : "");
        bdb_buf_puts(&arr[2], ps->keys);
        bdb_buf_puts(&arr[3], nkv ? "," : "");
        bdb_buf_puts(&arr[3], ps->vals);
        nkv += ps->nkv;
    }
    for (int f = 0; f < 4; f++)
        bdb_buf_puts(&arr[f], "}");
    PGresult *res = bulk_run(st, "bdb_sets_bulk", "adding parameter sets",
                             arr, 4);
    if (!res)
        return BDB_ESTORE;
    int rc = BDB_OK;
    for (int r = 0; !rc && r < PQntuples(res); r++) {
        long long k = col_ll(res, r, 0) - 1;
        if (k < 0 || (size_t)k >= n)
            continue;
        struct pset *ps = &impl->sets[from + (size_t)k];
        if (PQgetisnull(res, r, 1))
            rc = set_find_alone(st, ps->text, &ps->id);
        else
            ps->id = col_ll(res, r, 1);
    }
    PQclear(res);
    for (size_t k = 0; !rc && k < n; k++) {
        struct pset *ps = &impl->sets[from + k];
        if (!ps->id)
            rc = bdb_store_fail(st, BDB_ESTORE, "parameter set '%s' "
                                "vanished", ps->text);
        free(ps->text);
        free(ps->keys);
        free(ps->vals);
        ps->text = ps->keys = ps->vals = NULL;
    }
    if (!rc)
        impl->sets_made = impl->nsets;
    return rc;
}

/* The id of the set set_make promised as number id (ids of sets made
 * the usual way pass through). */
static long long set_id_of(const pg *impl, long long id)
{
    if (id >= 0)
        return id;
    size_t i = (size_t)(-id - 1);
    return i < impl->sets_made ? impl->sets[i].id : 0;
}

/* Appends the news' field f as a PostgreSQL array literal. */
static void news_array(const pg *impl, const bdb_new_series *news,
                       size_t nn, bdb_buf *b, int f)
{
    bdb_buf_puts(b, "{");
    for (size_t i = 0; i < nn; i++) {
        const bdb_new_series *n = &news[i];
        if (f < 5) {
            array_item(b, n->text[f], (int)i);
        } else {
            char num[32];
            snprintf(num, sizeof num, "%lld",
                     f == 5   ? (long long)n->better
                     : f == 6 ? set_id_of(impl, n->set_id)
                              : n->ident);
            array_item(b, num, (int)i);
        }
    }
    bdb_buf_puts(b, "}");
}

/* The one way of one new series made since the bulk statement ran: its
 * own statement (a new snapshot: another import committed it meanwhile). */
/* n's series found, or made (keyed: first under its key): by its key
 * or among the keyless rows by its texts; else under its key when that
 * is free; else without one (its key is another series'). */
static int news_find_alone(bdb_store *st, bdb_new_series *n, int keyed)
{
    params p = {0};
    for (int i = 0; i < 4; i++)
        p_text(&p, n->text[i]);
    p_int(&p, n->ident);
    PGresult *res = run(st, "bdb_series_sel", NULL, &p, "finding series");
    params_free(&p);
    for (int k = keyed ? 0 : 1; res && PQntuples(res) == 0 && k < 2; k++) {
        PQclear(res);
        params q = {0};
        for (int i = 0; i < 5; i++)
            p_text(&q, n->text[i]);
        p_int(&q, n->better);
        p_int(&q, set_id_of(PG(st), n->set_id));
        if (!k)
            p_int(&q, n->ident);
        res = run(st, k ? "bdb_series_ins_keyless" : "bdb_series_ins_keyed",
                  NULL, &q, "adding series");
        params_free(&q);
    }
    if (!res)
        return BDB_ESTORE;
    int rc = BDB_OK;
    if (PQntuples(res) == 1) {
        n->id = col_ll(res, 0, 0);
        free(n->unit_there);
        if (!(n->unit_there = strdup(col_text(res, 0, 1))))
            rc = bdb_store_fail(st, BDB_ENOMEM, "out of memory");
    }
    PQclear(res);
    return rc;
}

/* Makes (or finds) the nn series in one round trip, in their order. */
static int series_make(bdb_store *st, bdb_new_series *news, size_t nn)
{
    if (prepare_writer(st) || sets_make(st))
        return BDB_ESTORE;
    /* series kept without a key (a collision) are asked for by their
     * texts first, one series at a time: the bulk statement looks keys
     * up alone (a probe of the keyless rows in it made PostgreSQL scan a
     * tool's series per row). A database without them (all but a
     * collision's) takes the bulk path. */
    PGresult *kl = run(st, "bdb_series_keyless", NULL, NULL,
                       "finding series without a key");
    if (!kl)
        return BDB_ESTORE;
    int keyless = PQntuples(kl) > 0;
    PQclear(kl);
    if (keyless) {
        int r = BDB_OK;
        for (size_t k = 0; !r && k < nn; k++)
            r = news_find_alone(st, &news[k], 1);
        return r;
    }
    bdb_buf arr[8];
    for (int f = 0; f < 8; f++) {
        bdb_buf_init(&arr[f]);
        news_array(PG(st), news, nn, &arr[f], f);
    }
    PGresult *res = bulk_run(st, "bdb_series_bulk", "adding series", arr, 8);
    if (!res)
        return BDB_ESTORE;
    int rc = BDB_OK;
    for (int r = 0; !rc && r < PQntuples(res); r++) {
        long long k = col_ll(res, r, 0) - 1;
        if (k < 0 || (size_t)k >= nn)
            continue;
        bdb_new_series *n = &news[k];
        if (PQgetisnull(res, r, 1)) {
            rc = news_find_alone(st, n, 0);
        } else {
            n->id = col_ll(res, r, 1);
            free(n->unit_there);
            if (!(n->unit_there = strdup(col_text(res, r, 2))))
                rc = bdb_store_fail(st, BDB_ENOMEM, "out of memory");
        }
    }
    PQclear(res);
    return rc;
}

/* ---- bulk rows: COPY ------------------------------------------------------ */

/* Appends text to b escaped for COPY's text format. */
static void copy_text(bdb_buf *b, const char *t)
{
    char *fixed = NULL;
    if (!bdb_utf8_valid(t, strlen(t))) {
        fixed = bdb_utf8_dup(t);
        if (!fixed) {
            b->err = BDB_ENOMEM;
            return;
        }
        t = fixed;
    }
    const char *run_start = t;
    for (const char *p = t;; p++) {
        const char *esc = NULL;
        switch (*p) {
        case '\\': esc = "\\\\"; break;
        case '\n': esc = "\\n"; break;
        case '\r': esc = "\\r"; break;
        case '\t': esc = "\\t"; break;
        default: break;
        }
        if (esc || !*p) {
            bdb_buf_append(b, run_start, (size_t)(p - run_start));
            if (!*p)
                break;
            bdb_buf_puts(b, esc);
            run_start = p + 1;
        }
    }
    free(fixed);
}

/* A COPY's rows go out a piece at a time: once this many bytes are
 * written as text they are sent, and the server inserts them while
 * benchdb writes the next ones (the whole flush's text, then one send,
 * left the server idle for the writing: ~4 ms of every 8,192 rows). */
#define COPY_PIECE 65536

/* Starts COPY sql: BDB_OK when the server waits for its rows. */
static int copy_start(bdb_store *st, const char *sql, const char *what)
{
    if (copy_wait(st))
        return BDB_ESTORE;
    PGresult *res = PQexec(PG(st)->conn, sql);
    int rc = PQresultStatus(res) == PGRES_COPY_IN ? BDB_OK
                                                  : fail_pg(st, what, res);
    PQclear(res);
    return rc;
}

/* Sends b's bytes as COPY data and empties b. */
static int copy_piece(bdb_store *st, bdb_buf *b, const char *what)
{
    if (b->err)
        return bdb_store_fail(st, BDB_ENOMEM, "%s: out of memory", what);
    size_t off = 0;
    while (off < b->len) {
        size_t take = b->len - off < ((size_t)1 << 20) ? b->len - off
                                                       : ((size_t)1 << 20);
        if (PQputCopyData(PG(st)->conn, b->data + off, (int)take) != 1)
            return fail_pg(st, what, NULL);
        off += take;
    }
    bdb_buf_reset(b);
    return BDB_OK;
}

/* Ends the COPY copy_start began: its rows are all sent when rc is
 * BDB_OK, else it is abandoned (the server undoes it). Its result is read
 * by the next statement (copy_wait), so that benchdb reads and parses the
 * next rows while the server inserts these; a failure then shows at that
 * statement at the latest, before the source's savepoint or transaction
 * ends. Returns the final code (rc's own message is kept). */
static int copy_end(bdb_store *st, int rc, const char *what)
{
    if (PQputCopyEnd(PG(st)->conn, rc ? "benchdb stopped" : NULL) != 1 &&
        !rc)
        rc = fail_pg(st, what, NULL);
    PG(st)->copy_what = what;
    if (rc) {
        char keep[sizeof st->errmsg];
        memcpy(keep, st->errmsg, sizeof keep);
        copy_wait(st);
        memcpy(st->errmsg, keep, sizeof keep);
    }
    return rc;
}

/* Appends v in decimal (snprintf's "%lld" was a tenth of the client's
 * time in a lab's import). */
static void put_ll(bdb_buf *b, long long v)
{
    char num[24];
    bdb_buf_append(b, num, bdb_ll_text(num, v));
}

/* The rows as COPY text, sent in one COPY, COPY_PIECE bytes at a time. */
static int rows_put(bdb_store *st, const bdb_rows *what,
                    const bdb_cell *cells, size_t n)
{
    pg *impl = PG(st);
    if (!n)
        return BDB_OK;
    char sql[256];
    snprintf(sql, sizeof sql, "COPY %s FROM STDIN", what->table_cols);
    int rc = copy_start(st, sql, what->what);
    if (rc)
        return rc;
    bdb_buf *b = &impl->rows;
    bdb_buf_reset(b);
    const bdb_cell *c = cells;
    char num[40];
    for (size_t r = 0; !rc && r < n; r++) {
        for (int i = 0; i < what->ncols; i++, c++) {
            if (i)
                bdb_buf_append(b, "\t", 1);
            switch (c->type) {
            case 'i': put_ll(b, c->i); break;
            case 'd':
                bdb_buf_append(b, num, (size_t)snprintf(num, sizeof num,
                                                        "%.17g", c->d));
                break;
            case 't': copy_text(b, c->t); break;
            default: bdb_buf_append(b, "\\N", 2); break;
            }
        }
        bdb_buf_append(b, "\n", 1);
        if (b->len >= COPY_PIECE || b->err)
            rc = copy_piece(st, b, what->what);
    }
    if (!rc)
        rc = copy_piece(st, b, what->what);
    bdb_buf_reset(b);
    rc = copy_end(st, rc, what->what);
    if (!rc && strncmp(what->table_cols, "results(", 8) == 0)
        impl->results_added += (long long)n;
    return rc;
}

/* ---- batches and a source's transaction ---------------------------------- */

static int batch_begin(bdb_store *st, int flags)
{
    (void)flags;    /* the server keeps what undoes a savepoint */
    if (begin_write(st))
        return BDB_ESTORE;
    PG(st)->in_batch = 1;
    return BDB_OK;
}

static int batch_end(bdb_store *st, int commit, int rc)
{
    pg *impl = PG(st);
    if (commit && !rc)
        rc = exec(st, "COMMIT");
    if (!commit || rc) {
        char keep[sizeof st->errmsg];
        memcpy(keep, st->errmsg, sizeof keep);
        sets_free(impl);
        undo(impl, "ROLLBACK");
        memcpy(st->errmsg, keep, sizeof keep);
    }
    impl->in_batch = 0;
    impl->in_tx = 0;
    impl->nest = 0;
    if (commit && !rc)
        vacuum_after(st);
    return rc;
}

static int source_tx_begin(bdb_store *st, int fresh)
{
    (void)fresh;
    return tx_begin(st);
}

/* ---- the driver's primitives (store_backend.h) --------------------------- */

static int drv_exec(bdb_store *st, const char *sql)
{
    return exec(st, sql);
}

/* The server's name of sql (in $N style) kept prepared for the handle's
 * life under key (its '?' text's address); NULL when there is no room
 * left or the server refused it (the statement then runs unprepared). */
static const char *kept_name(bdb_store *st, const char *key, const char *sql)
{
    pg *impl = PG(st);
    for (int i = 0; i < impl->nkept; i++)
        if (impl->kept[i].sql == key)
            return impl->kept[i].name;
    if (impl->nkept == KEPT_MAX || impl->copy_what)
        return NULL;    /* (after a COPY: run unprepared, which reads it) */
    char *name = impl->kept[impl->nkept].name;
    snprintf(name, sizeof impl->kept[0].name, "bdb_kept_%d", impl->nkept);
    PGresult *res = PQprepare(impl->conn, name, sql, 0, NULL);
    int ok = PQresultStatus(res) == PGRES_COMMAND_OK;
    PQclear(res);
    if (!ok)
        return NULL;
    impl->kept[impl->nkept++].sql = key;
    return name;
}

static int drv_prepare(bdb_store *st, const char *sql, const char *what,
                       int flags, bdb_stmt **out)
{
    *out = NULL;
    bdb_buf b;
    bdb_buf_init(&b);
    bdb_sql_restyle(&b, '$', sql);
    pg_stmt *q = b.err ? NULL : stmt_new(st, b.data, what, flags);
    if (b.err)
        bdb_store_fail(st, BDB_ENOMEM, "%s: out of memory", what);
    if (q && (flags & BDB_STMT_KEEP) && !q->many)
        q->prepared = kept_name(st, sql, b.data);
    bdb_buf_free(&b);
    if (!q)
        return BDB_ENOMEM;
    *out = &q->base;
    return BDB_OK;
}

static pg_stmt *Q(bdb_stmt *s)
{
    return (pg_stmt *)s;
}

static void drv_bind_int(bdb_stmt *s, int i, long long v)
{
    p_int_at(&Q(s)->own, i - 1, v);
}

static void drv_bind_double(bdb_stmt *s, int i, double v)
{
    p_num_at(&Q(s)->own, i - 1, v);
}

/* A copy, as the driver's contract says: the caller's text may be gone
 * before the statement runs (bdb_where_prepare frees its values). */
static void drv_bind_text(bdb_stmt *s, int i, const char *t)
{
    params *p = &Q(s)->own;
    if ((i = p_slot(p, i - 1)) < 0)
        return;
    p->v[i] = NULL;
    if (!t)
        return;
    p->own[i] = bdb_utf8_valid(t, strlen(t)) ? strdup(t) : bdb_utf8_dup(t);
    if (!p->own[i])
        p->err = P_NOMEM;
    p->v[i] = p->own[i];
}

static void drv_bind_blob(bdb_stmt *s, int i, const void *p, size_t n)
{
    p_bytes_at(&Q(s)->own, i - 1, p, n);
}

static int drv_step(bdb_stmt *s)
{
    return stmt_step(Q(s));
}

static int drv_column_null(bdb_stmt *s, int i)
{
    return PQgetisnull(Q(s)->res, Q(s)->row, i);
}

/* The n bytes at p as a big-endian unsigned number. */
static uint64_t be_bytes(const char *p, int n)
{
    uint64_t v = 0;
    for (int k = 0; k < n; k++)
        v = v << 8 | (unsigned char)p[k];
    return v;
}

/* Column i of a binary page, of BDB_STMT_BINARY's types: int2, int4,
 * int8, bool (*is_float 0: the integer in *ll), float4 or float8 (1:
 * the number returned). */
static double bin_num(const PGresult *r, int row, int i, long long *ll,
                      int *is_float)
{
    const char *p = PQgetvalue(r, row, i);
    int n = PQgetlength(r, row, i);
    Oid t = PQftype(r, i);
    *is_float = 1;
    *ll = 0;
    if (t == 700 && n == 4) {               /* float4 */
        uint32_t u = (uint32_t)be_bytes(p, 4);
        float f;
        memcpy(&f, &u, sizeof f);
        return f;
    }
    if (t == 701 && n == 8) {               /* float8 */
        uint64_t u = be_bytes(p, 8);
        double d;
        memcpy(&d, &u, sizeof d);
        return d;
    }
    *is_float = 0;
    uint64_t u = be_bytes(p, n > 8 ? 8 : n);
    if (n > 0 && n < 8 && ((unsigned char)p[0] & 0x80) && t != 16)
        u |= ~UINT64_C(0) << (8 * n);       /* int2, int4: their sign */
    memcpy(ll, &u, sizeof *ll);
    return 0.0;
}

static long long drv_column_int(bdb_stmt *s, int i)
{
    pg_stmt *q = Q(s);
    if (!q->binary)
        return col_ll(q->res, q->row, i);
    if (PQgetisnull(q->res, q->row, i))
        return 0;
    long long v;
    int is_float;
    double d = bin_num(q->res, q->row, i, &v, &is_float);
    if (!is_float)
        return v;
    return d >= -9.2e18 && d <= 9.2e18 ? (long long)d : 0;
}

static double drv_column_double(bdb_stmt *s, int i)
{
    pg_stmt *q = Q(s);
    if (!q->binary)
        return col_num(q->res, q->row, i);
    if (PQgetisnull(q->res, q->row, i))
        return NAN;
    long long v;
    int is_float;
    double d = bin_num(q->res, q->row, i, &v, &is_float);
    return is_float ? d : (double)v;
}

static const char *drv_column_text(bdb_stmt *s, int i)
{
    return col_text(Q(s)->res, Q(s)->row, i);
}

/* Rows come as text: a bytea is unescaped (hex) into the statement's
 * own buffer, one value at a time. */
static const void *drv_column_blob(bdb_stmt *s, int i, size_t *n)
{
    pg_stmt *q = Q(s);
    *n = 0;
    stmt_blob_free(q);
    if (PQgetisnull(q->res, q->row, i))
        return "";
    q->blob = PQunescapeBytea(
        (const unsigned char *)PQgetvalue(q->res, q->row, i), n);
    return q->blob;
}

static void drv_reset(bdb_stmt *s)
{
    stmt_reset(Q(s));
}

static int drv_finish(bdb_stmt *s, int rc)
{
    return stmt_finish(Q(s), rc);
}

static const bdb_driver pg_driver = {
    .style = '$',
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
    .batch_begin = batch_begin,
    .batch_end = batch_end,
    .source_tx_begin = source_tx_begin,
    .source_tx_end = tx_end,
    .rows_put = rows_put,
    /* rows a COPY sends: memory does not grow with a source's figures */
    .rows_batch = 8192,
    .series_make = series_make,
    .set_make = set_make,
    .sql_sweep_series = "DELETE FROM series s WHERE NOT EXISTS "
                        "(SELECT 1 FROM results r WHERE r.series_id = s.id) "
                        "AND NOT EXISTS (SELECT 1 FROM trace_points t WHERE "
                        "t.series_id = s.id)",
    .sql_results_tail = ", r.id",
    /* LATERAL: each series' results by index, so that the planner walks
     * the series in order instead of sorting every result with its
     * series' texts (0.45 s of a 250k-result report); its ORDER BY is
     * the index's, so nothing is sorted (the outer ORDER BY names the
     * series' columns alone: with the results' too, an incremental sort
     * of every row took 0.5 of the query's 0.75 s at 250k results) */
    .sql_groups_results = "CROSS JOIN LATERAL (SELECT * FROM results r "
                          "WHERE r.series_id = s.id ORDER BY r.platform_id, "
                          "r.source_id, r.repetition, r.line, r.value) r "
                          "WHERE true",
    .sql_groups_series_tail = " OFFSET 0",
    .sql_groups_order = " ORDER BY s.tool, s.benchmark, s.metric, s.params",
    .sql_row_id = "id",
    .sql_params_kv = "SELECT string_agg(sp.key || chr(31) || sp.value, "
                     "chr(30) ORDER BY sp.key) FROM param_set_items sp "
                     "WHERE sp.set_id = s.param_set_id",
    .sql_set_tags = "SELECT string_agg(key || '=' || value, ',' ORDER BY key) "
                    "FROM set_tags WHERE set_id = st.id",
};


/* ---- serving readers ----------------------------------------------------- */

/* The snapshot's text (xmin:xmax:in-progress ids) moves whenever a
 * transaction that wrote starts or ends anywhere on the server: a commit
 * of ours is never missed, at the price of some needless changes. The
 * server keeps no modification time a reader may see. */
static int pg_data_version(bdb_store *st, char *out, size_t n,
                           long long *changed_at)
{
    if (changed_at)
        *changed_at = 0;
    PGresult *res = run(st, NULL, "SELECT txid_current_snapshot()::text",
                        NULL, "reading the data version");
    if (!res)
        return BDB_ESTORE;
    snprintf(out, n, "%s", PQntuples(res) == 1 ? PQgetvalue(res, 0, 0) : "");
    PQclear(res);
    return BDB_OK;
}

/* The server's statement_timeout: each statement from now on, rather
 * than all of them together, has the time left. */
static int pg_time_limit(bdb_store *st, double seconds)
{
    char sql[64];
    long ms = seconds > 0 ? (long)ceil(seconds * 1000) : 0;
    snprintf(sql, sizeof sql, "SET statement_timeout = %ld", ms);
    return exec(st, sql);
}

const bdb_store_ops bdb_store_pg_ops = {
    .scheme = "postgresql",
    .drv = &pg_driver,
    .open = pg_open,
    .close = pg_close,
    .data_version = pg_data_version,
    .time_limit = pg_time_limit,
};

#endif /* BDB_HAVE_LIBPQ */
