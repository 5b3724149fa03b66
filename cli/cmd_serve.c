/* cmd_serve.c - `benchdb serve`: the results database as a local,
 * read-only web view (serve/). This opens the database read-only, starts
 * the server, prints its URL as the first line of standard output and
 * waits for SIGINT or SIGTERM, then stops cleanly (exit 0). Built without
 * libmicrohttpd, it says so. */
#include "cli.h"
#include "../store/store.h"
#include "../store/store_admin.h"
#ifdef BDB_HAVE_MHD
#include "../serve/serve.h"
#endif

#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cmd_serve(int argc, char **argv, bdb_cli *cli);

int cmd_serve(int argc, char **argv, bdb_cli *cli)
{
    static const struct option longopts[] = {
        {"db", required_argument, 0, 'd'},
        {"bind", required_argument, 0, 'b'},
        {"port", required_argument, 0, 'p'},
        {"access-key", required_argument, 0, 'k'},
        {"budget", required_argument, 0, 't'},
        {"max-rows", required_argument, 0, 'r'},
        {0, 0, 0, 0}};
    const char *db = cli->db_path, *bind = "127.0.0.1";
    const char *key = getenv("BENCHDB_ACCESS_KEY");
    long port = 8080, max_rows = 0;
    double budget = 0;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case 'd': db = optarg; break;
        case 'b': bind = optarg; break;
        case 'k': key = optarg; break;
        case 'p':
            if (cli_parse_int(optarg, &port) || port < 0 || port > 65535)
                return cli_usage_error(cli, "--port wants 0 to 65535 (0: a "
                                            "free port)");
            break;
        case 't':
            if (cli_parse_double(optarg, &budget) || !(budget > 0 && budget <= 3600))
                return cli_usage_error(cli, "--budget wants seconds, above 0 "
                                            "and at most 3600");
            break;
        case 'r':
            if (cli_parse_int(optarg, &max_rows) || max_rows < 1 ||
                max_rows > 10000000)
                return cli_usage_error(cli, "--max-rows wants 1 to 10000000");
            break;
        default: return cli_usage_error(cli, "unknown option '%s'",
                                        argv[optind - 1]);
        }
    }
    if (optind != argc)
        return cli_usage_error(cli, "unexpected argument '%s'", argv[optind]);
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
