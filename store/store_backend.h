/* store_backend.h - what a storage back-end implements: the driver's
 * primitives (statements, transactions, bulk rows: the sqlite3_vfs
 * pattern, a small table of what truly differs), and what a connection
 * does (open, close, serve). Every store operation is written once above
 * them. Both back-ends live in this tree, so neither table has a
 * version. */
#ifndef BDB_STORE_BACKEND_H
#define BDB_STORE_BACKEND_H

#include "store.h"

typedef struct bdb_stmt bdb_stmt;

/* A value of a bulk insert's row: 'i' (i), 'd' (d), 't' (t) or 'n'
 * (NULL). */
typedef struct bdb_cell {
    char type;
    union {
        long long i;
        double d;
        const char *t;
    };
} bdb_cell;

/* A bulk insert's table: "table(col, ...)", its column count, and what
 * names it in messages. held: its rows cannot fail for their file's own
 * sake (every row's references were found or made first, its values
 * checked, no unique key), and hold no text: a driver may keep them from
 * one file to the next of a batch of small ones and insert them many
 * files at a time (store_sqlite.c). */
typedef struct bdb_rows {
    const char *table_cols;
    int ncols;
    const char *what;
    int held;
} bdb_rows;

/* A series new to the transaction: tool, benchmark, metric, params, unit
 * and its cache key (text[0] owns them all when allocated). */
typedef struct bdb_new_series {
    char *text[6];
    int better, line;
    long long set_id;
    long long ident;        /* its key (series_ident.h) */
    long long id;           /* once made (0: not found) */
    char *unit_there;       /* the stored series' unit, once made (owned:
                               freed with the text; NULL until then) */
} bdb_new_series;

/* How a back-end writes the n-th (1-based) parameter: '?' gives ?1, ?2
 * (SQLite), '$' gives $1, $2 (PostgreSQL). */
typedef char bdb_sql_style;

/* prepare's flags */
enum {
    /* the rows may be many: a driver that holds a query's rows in memory
     * (PostgreSQL) reads them a page at a time through a cursor */
    BDB_STMT_MANY = 1,
    /* run often (once a source): a driver may keep it prepared for the
     * handle's life, found again by sql's address (a literal) */
    BDB_STMT_KEEP = 2,
    /* with BDB_STMT_MANY: every column is an integer, a float or a text
     * (no numeric, date or blob), so a driver may carry the rows in its
     * binary form (PostgreSQL: numbers neither printed nor parsed) */
    BDB_STMT_BINARY = 4
};

/* ---- the driver's primitives ---------------------------------------------
 * What a back-end gives every store operation written once above it
 * (store_fix.c, store_history.c, ...). Statements are written with ?N
 * placeholders (?1, ?2; never a bare ?) and no '?' inside a literal; a
 * driver writes them in its own style. Each returns BDB_OK or a BDB_E*
 * code with the handle's message set, naming the statement's `what`. */
typedef struct bdb_driver {
    bdb_sql_style style;
    /* runs sql (no parameters, no rows wanted) */
    int (*exec)(bdb_store *st, const char *sql);
    /* one change's transaction (a savepoint inside a batch or another
     * open transaction) */
    int (*tx_begin)(bdb_store *st);
    /* ends it: kept when rc is BDB_OK, else undone; returns the final code */
    int (*tx_end)(bdb_store *st, int rc);
    /* a statement of sql; what names it in messages (a literal, or text
     * that outlives the statement) */
    int (*prepare)(bdb_store *st, const char *sql, const char *what,
                   int flags, bdb_stmt **out);
    /* parameter i (1-based); a NULL text or a NaN binds NULL; texts are
     * copied */
    void (*bind_int)(bdb_stmt *s, int i, long long v);
    void (*bind_double)(bdb_stmt *s, int i, double v);
    void (*bind_text)(bdb_stmt *s, int i, const char *t);
    /* optional: a text not copied, living until the statement's reset or
     * finish (NULL: bind_text) */
    void (*bind_text_ref)(bdb_stmt *s, int i, const char *t);
    /* n bytes (a BLOB, a bytea), not copied: they live until the step */
    void (*bind_blob)(bdb_stmt *s, int i, const void *p, size_t n);
    /* 1: a row is there to read; 0: no more rows; else a BDB_E* code */
    int (*step)(bdb_stmt *s);
    /* column i (0-based) of the row step gave: NULL reads as 0, NaN, "";
     * a text lives until the next step, reset or finish */
    int (*column_null)(bdb_stmt *s, int i);
    long long (*column_int)(bdb_stmt *s, int i);
    double (*column_double)(bdb_stmt *s, int i);
    const char *(*column_text)(bdb_stmt *s, int i);
    /* a BLOB's (bytea's) bytes and *n their count; they live until the
     * next step, reset or finish */
    const void *(*column_blob)(bdb_stmt *s, int i, size_t *n);
    /* ready to run again, its parameters unbound */
    void (*reset)(bdb_stmt *s);
    /* frees s (NULL is fine) and returns rc, or when rc is BDB_OK the
     * error of ending its walk */
    int (*finish)(bdb_stmt *s, int rc);
    /* ---- the write path's (store_write.c) ---- */
    /* a batch's transaction (flags: BDB_BATCH_*), its files savepoints
     * inside it (tx_begin); ended: committed when commit and rc is
     * BDB_OK, else rolled back; returns the final code */
    int (*batch_begin)(bdb_store *st, int flags);
    int (*batch_end)(bdb_store *st, int commit, int rc);
    /* a source's transaction: tx_begin and tx_end, with what a new
     * source (fresh) in a transaction of its own may tune */
    int (*source_tx_begin)(bdb_store *st, int fresh);
    int (*source_tx_end)(bdb_store *st, int rc);
    /* bulk insert: nrows rows of what->ncols cells each, in order */
    int (*rows_put)(bdb_store *st, const bdb_rows *what,
                    const bdb_cell *cells, size_t nrows);
    /* the results rows a bulk insert waits for */
    size_t rows_batch;
    /* optional: finds or makes the n series at once, setting each one's
     * id and unit_there (NULL: made one by one, when first seen) */
    int (*series_make)(bdb_store *st, bdb_new_series *news, size_t n);
    /* optional: the id of parameter set text, made with its items kv
     * when new (NULL: statement by statement); with series_make, the id
     * may be a number only that series_make knows, the set made with
     * the series that need it (PostgreSQL: one round trip a flush) */
    int (*set_make)(bdb_store *st, const char *text, const bdb_params *kv,
                    long long *id);
    /* the id of the row the last INSERT added, 0 when it added none (ON
     * CONFLICT DO NOTHING); needed without series_make and set_make */
    long long (*last_id)(bdb_store *st);
    /* optional: the most bytes a blob holds (0: no limit of its own) */
    long long (*blob_max)(bdb_store *st);
    /* dialect: the statement that drops every series without results
     * or trace points */
    const char *sql_sweep_series;
    /* dialect: what ends bdb_results_query's ORDER BY (PostgreSQL's
     * ", r.id": its rows of equal keys come in no set order) */
    const char *sql_results_tail;
    /* dialect: what follows "FROM series s " to give each series' results
     * as r in (platform_id, source_id, repetition, line) order, ending in
     * a WHERE clause that more " AND ..." terms may follow */
    const char *sql_groups_results;
    /* dialect: what ends the subquery of the series in order that
     * bdb_groups_each joins (it must not be merged into the join: SQLite
     * " LIMIT -1"), and what ends the join: "" where the join gives the
     * subquery's order as it is (SQLite's nested loop over a co-routine,
     * which would sort every result row again for an ORDER BY), else the
     * ORDER BY that the plan meets from the ordered subquery */
    const char *sql_groups_series_tail;
    const char *sql_groups_order;
    /* dialect: the column of a row's id in tables without one of their
     * own (source_warnings): "rowid" on SQLite */
    const char *sql_row_id;
    /* dialect: the query of series s's parameters as key \x1f value
     * pairs separated by \x1e, sorted by key (NULL when it has none) */
    const char *sql_params_kv;
    /* dialect: the expression of set st.id's tags as "key=value,..."
     * sorted by key (NULL when it has none) */
    const char *sql_set_tags;
} bdb_driver;

/* What every driver's statement begins with. */
struct bdb_stmt {
    const bdb_driver *drv;
    bdb_store *st;
    const char *what;
};

/* ---- a back-end: its scheme, its driver, and what a connection does ------ */
typedef struct bdb_store_ops {
    const char *scheme;
    const bdb_driver *drv;
    int (*open)(bdb_store *st, const char *location, int flags,
                bdb_diag *diag);
    void (*close)(bdb_store *st);
    /* a reader that serves pages (benchdb serve) */
    int (*data_version)(bdb_store *st, char *out, size_t n,
                        long long *changed_at);
    int (*time_limit)(bdb_store *st, double seconds);
} bdb_store_ops;

typedef struct bdb_means_memo bdb_means_memo;
typedef struct bdb_write bdb_write;

struct bdb_store {
    const bdb_store_ops *ops;
    void *impl;
    char errmsg[1024];
    char shown[512];    /* the location, password masked */
    bdb_means_memo *means;  /* a reader's per-cell means (store_means.c) */
    bdb_write *write;       /* the write path's state (store_write.c) */
};

/* Frees st->means (store_means.c; NULL-safe). */
void bdb_means_memo_free(bdb_means_memo *m);
/* With st->means: the names of the platforms with a result f selects,
 * from that copy (store_means.c); *no_copy 1 when there is none (the
 * caller asks the database). */
int bdb_means_platform_names(bdb_store *st, const bdb_filter *f,
                             int (*cb)(const char *, void *), void *ctx,
                             int *no_copy);

/* Records the handle's error message and returns code. */
int bdb_store_fail(bdb_store *st, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

extern const bdb_store_ops bdb_store_sqlite_ops;
extern const bdb_store_ops bdb_store_pg_ops;  /* store_pg.c; without libpq
                                                 its open says so */

#endif
