/* store_backend.h - what a storage back-end implements: the driver's
 * primitives (statements, transactions: the sqlite3_vfs pattern, a small
 * table of what truly differs), and, until every operation is written
 * once above them, a table of the operations it still makes its own way.
 * Both back-ends live in this tree, so neither table has a version. */
#ifndef BDB_STORE_BACKEND_H
#define BDB_STORE_BACKEND_H

#include "store.h"

typedef struct bdb_stmt bdb_stmt;

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
    /* the id of the platform called name, made when new (0 for "") */
    int (*platform_id)(bdb_store *st, const char *name, long long *id);
    /* drops the series left without results: now, or once when the open
     * batch ends */
    int (*sweep_series_later)(bdb_store *st);
    /* forgets the run set the batch knows exists */
    void (*forget_set)(bdb_store *st);
    /* puts source source_id into run set `set` (made when new) with
     * tags, remembering the set for the batch's next file */
    int (*source_set)(bdb_store *st, long long source_id, const char *set,
                      const bdb_params *tags);
    /* the default platform of the figures the open source is given next */
    void (*source_platform)(bdb_store *st, const char *name);
    /* writes what the open source holds back for a later round trip (the
     * series and rows of PostgreSQL's next COPY flush), so that a query
     * sees them; NULL when a back-end holds nothing back */
    int (*flush_pending)(bdb_store *st, long long source_id);
    /* dialect: what ends bdb_results_query's ORDER BY (PostgreSQL's
     * ", r.id": its rows of equal keys come in no set order) */
    const char *sql_results_tail;
    /* dialect: what follows "FROM series s " to give each series' results
     * as r in (platform_id, source_id, repetition, line) order, ending in
     * a WHERE clause that more " AND ..." terms may follow */
    const char *sql_groups_results;
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

/* ---- the operations a back-end still makes its own way --------------------
 * Moving to be written once above bdb_driver, concern by concern. */
typedef struct bdb_store_ops {
    const char *scheme;
    const bdb_driver *drv;
    int (*open)(bdb_store *st, const char *location, int flags,
                bdb_diag *diag);
    void (*close)(bdb_store *st);
    int (*batch_begin)(bdb_store *st, int flags);
    int (*batch_end)(bdb_store *st, int commit);
    /* a source streamed figure by figure */
    int (*source_begin)(bdb_store *st, const bdb_source_info *src,
                        long long replace_id, long long *id);
    int (*source_put)(bdb_store *st, long long id, const bdb_sample *s);
    int (*source_end)(bdb_store *st, long long id, const char *tool,
                      const char *tool_version, const char *parser_version,
                      const bdb_sink *notes, int keep);
    /* a reader that serves pages (benchdb serve) */
    int (*data_version)(bdb_store *st, char *out, size_t n,
                        long long *changed_at);
    int (*time_limit)(bdb_store *st, double seconds);
} bdb_store_ops;

typedef struct bdb_means_memo bdb_means_memo;

struct bdb_store {
    const bdb_store_ops *ops;
    void *impl;
    char errmsg[1024];
    char shown[512];    /* the location, password masked */
    bdb_means_memo *means;  /* a reader's per-cell means (store_means.c) */
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
