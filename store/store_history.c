/* store_history.c - the history of changes (`benchdb history`): a row
 * per command that changed the database, written once over the driver's
 * primitives for every back-end. */
#include "store_internal.h"

int bdb_store_history_add(bdb_store *st, const char *user,
                          const char *command, const char *summary)
{
    const bdb_driver *d = st->ops->drv;
    /* its own transaction (a savepoint in a batch): a failure cannot
     * leave a batch's transaction aborted */
    if (d->tx_begin(st))
        return BDB_ESTORE;
    const char *v[3] = {user ? user : "", command ? command : "",
                        summary ? summary : ""};
    return d->tx_end(st, bdb_sql_exec_texts(st, "INSERT INTO history("
                                                "\"user\", command, summary) "
                                                "VALUES(?1,?2,?3)",
                                            "recording history", 3, v));
}

typedef struct history_walk {
    int (*cb)(const bdb_history_row *, void *);
    void *ctx;
} history_walk;

static int history_row(bdb_stmt *s, void *ctx)
{
    history_walk *w = ctx;
    bdb_history_row r = {bdb_col_int(s, 0), bdb_col_text(s, 1),
                         bdb_col_text(s, 2), bdb_col_text(s, 3),
                         bdb_col_text(s, 4)};
    return w->cb(&r, w->ctx) ? 1 : 0;
}

int bdb_store_history_each(bdb_store *st,
                           int (*cb)(const bdb_history_row *, void *),
                           void *ctx)
{
    history_walk w = {cb, ctx};
    return bdb_sql_walk(st, "SELECT id, at, \"user\", command, summary "
                            "FROM history ORDER BY id", NULL,
                        "reading history", history_row, &w);
}
