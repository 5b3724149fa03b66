/* serve.h - `benchdb serve`: a local, read-only web view of the results
 * database over HTTP (libmicrohttpd). Every page is made from the same
 * analysis models (report, compare, history) and renderers as the
 * command line's outputs; this module holds routes, HTTP and page layout
 * only, and no SQL.
 *
 * Safe by default: it binds 127.0.0.1, answers GET and HEAD only (405
 * with Allow otherwise), asks the store only to read (the caller opens it
 * read-only), gives each page a time budget and a row cap and says when a
 * page was cut, loads nothing from elsewhere (CSS inline, charts as data:
 * images, a Content-Security-Policy that forbids the rest), escapes every
 * text from logs, and with an access key refuses requests without it. */
#ifndef BDB_SERVE_H
#define BDB_SERVE_H

#include <stddef.h>

#include "../common/bdb_diag.h"
#include "../store/store.h"

typedef struct bdb_serve_opts {
    const char *bind;           /* an IPv4 or IPv6 address; NULL: 127.0.0.1 */
    unsigned port;              /* 0: a free port the system picks */
    const char *access_key;     /* NULL or "": none needed */
    double budget_s;            /* per page; 0: BDB_SERVE_BUDGET_S */
    size_t max_rows;            /* rows per table; 0: BDB_SERVE_MAX_ROWS */
} bdb_serve_opts;

#define BDB_SERVE_BUDGET_S 5.0
#define BDB_SERVE_MAX_ROWS 2000

typedef struct bdb_serve bdb_serve;

/* Starts serving st (opened read-only by the caller, used only from the
 * server's one thread until bdb_serve_stop) in a thread of its own.
 * *port receives the port it listens on. Errors (an address in use, a
 * bad bind address) go to diag. */
int bdb_serve_start(bdb_store *st, const bdb_serve_opts *o, bdb_serve **out,
                    unsigned *port, bdb_diag *diag);

/* Stops listening, waits for the request being answered and frees s
 * (NULL-safe). */
void bdb_serve_stop(bdb_serve *s);

#endif
