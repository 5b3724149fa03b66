/* cmd_serve.c - `benchdb serve`: the results database as a local,
 * read-only web view (serve/). This opens the database read-only, starts
 * the server, prints its URL as the first line of standard output and
 * waits for SIGINT or SIGTERM, then stops cleanly (exit 0). Built without
 * libmicrohttpd, it says so. */
#include "cli.h"
#include "../store/store.h"
#include "../store/store_admin.h"
#include "../store/store_means.h"
#ifdef BDB_HAVE_MHD
#include "../serve/serve.h"
#endif

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { O_DB = 1, O_BIND, O_PORT, O_ACCESS_KEY, O_BUDGET, O_MAX_ROWS };

const cli_option cli_serve_options[] = {
    {"db", 0, "FILE|URI", "the database (default: the global --db)", O_DB, 0,
     NULL},
    {"bind", 0, "ADDR", "the address to listen on (default 127.0.0.1; an\n"
     "address of another interface exposes the data)", O_BIND, 0, NULL},
    {"port", 0, "N", "the port (default 8080; 0: a free one, printed)",
     O_PORT, 0, NULL},
    {"access-key", 0, "K", "refuse requests without ?key=K, the header\n"
     "X-Benchdb-Key: K or the cookie it sets (also $BENCHDB_ACCESS_KEY,\n"
     "which ps does not show)", O_ACCESS_KEY, 0, NULL},
    {"budget", 0, "S", "time budget of a page in seconds (default 5): a\n"
     "page whose queries take longer is cut (503)", O_BUDGET, 0, NULL},
    {"max-rows", 0, "N", "rows a table shows (default 2000), then says so",
     O_MAX_ROWS, 0, NULL},
    CLI_OPT_END};

int cmd_serve(int argc, char **argv, bdb_cli *cli)
{
    const char *db = cli->db_path, *bind = "127.0.0.1";
    const char *key = getenv("BENCHDB_ACCESS_KEY");
    long port = 8080, max_rows = 0;
    double budget = 0;
    int c;
    cli_opts g;
    cli_opts_init(&g, cli, cli_serve_options, argc, argv, 1);
    while ((c = cli_opts_next(&g)) > 0) {
        switch (c) {
        case O_DB: db = g.arg; break;
        case O_BIND: bind = g.arg; break;
        case O_ACCESS_KEY: key = g.arg; break;
        case O_PORT:
            if (cli_parse_int(g.arg, &port) || port < 0 || port > 65535)
                return cli_usage_error(cli, "--port wants 0 to 65535 (0: a "
                                            "free port)");
            break;
        case O_BUDGET:
            if (cli_parse_double(g.arg, &budget) || !(budget > 0 && budget <= 3600))
                return cli_usage_error(cli, "--budget wants seconds, above 0 "
                                            "and at most 3600");
            break;
        case O_MAX_ROWS:
            if (cli_parse_int(g.arg, &max_rows) || max_rows < 1 ||
                max_rows > 10000000)
                return cli_usage_error(cli, "--max-rows wants 1 to 10000000");
            break;
        default: return cli_opts_unhandled(&g);
        }
    }
    if (c < 0)
        return BDB_EXIT_USAGE;
    if (g.ind != argc)
        return cli_usage_error(cli, "unexpected argument '%s'", argv[g.ind]);
#ifndef BDB_HAVE_MHD
    (void)db;
    (void)bind;
    (void)key;
    return cli_error("this benchdb was built without libmicrohttpd: install "
                     "libmicrohttpd-dev and build again to serve");
#else
    char shown[512];
    bdb_store_mask_location(db, shown, sizeof shown);
    bdb_diag diag;
    bdb_diag_clear(&diag);
    bdb_store *st = NULL;
    if (bdb_store_open_mode(&st, db, BDB_STORE_READ_ONLY, &diag)) {
        bdb_diag_set_file(&diag, shown);
        cli_print_diag("", &diag);
        return BDB_EXIT_FAILED;
    }
    /* every cell's mean in memory before the first page: the overview and
     * efficiency pages of any series selection read them instead of the
     * database (0.3 s a million results on the build VM) */
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    size_t cells = 0;
    if (bdb_store_means_warm(st, &cells))
        fprintf(stderr, "benchdb serve: %s: the means are read per page: %s\n",
                shown, bdb_store_errmsg(st));
    clock_gettime(CLOCK_MONOTONIC, &t1);
    fprintf(stderr, "benchdb serve: %zu cells' sums (per source) and the "
            "series' names kept in memory (%.2f s)\n",
            cells, (double)(t1.tv_sec - t0.tv_sec) +
                        (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
    /* the signals go to sigwait below, not to the server's thread, which
     * inherits this mask */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);
    bdb_serve_opts o = {.bind = bind, .port = (unsigned)port,
                        .access_key = key, .budget_s = budget,
                        .max_rows = (size_t)max_rows};
    bdb_serve *srv = NULL;
    unsigned bound = 0;
    if (bdb_serve_start(st, &o, &srv, &bound, &diag)) {
        cli_print_diag("serve: ", &diag);
        bdb_store_close(st);
        return BDB_EXIT_FAILED;
    }
    int v6 = strchr(bind, ':') != NULL;
    printf("serving http://%s%s%s:%u/\n", v6 ? "[" : "", bind, v6 ? "]" : "",
           bound);
    fflush(stdout);
    fprintf(stderr, "benchdb serve: %s, read-only%s; Ctrl-C stops\n", shown,
            key && *key ? ", access key required" : "");
    int sig = 0;
    sigwait(&stop, &sig);
    bdb_serve_stop(srv);
    bdb_store_close(st);
    fprintf(stderr, "benchdb serve: stopped (%s)\n",
            sig == SIGTERM ? "SIGTERM" : "SIGINT");
    return BDB_EXIT_OK;
#endif
}
