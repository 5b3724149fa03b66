/* cmd_copy.c - `benchdb copy --from A --to B`: a whole database, raw
 * sources included, from one location to another (SQLite file to a
 * PostgreSQL server and back). The work is the store's (bdb_store_copy);
 * this opens both ends and reports. */
#include "cli.h"
#include "../store/store.h"
#include "../store/store_admin.h"

#include <stdio.h>
#include <string.h>

static void progress(const bdb_copy_stats *s, void *ctx)
{
    long long *last = ctx;
    long long done = s->sources + s->already;
    if (done - *last >= 1000) {
        fprintf(stderr, "benchdb copy: %lld sources...\n", done);
        *last = done;
    }
}

enum { O_FROM = 1, O_TO };

const cli_option cli_copy_options[] = {
    {"from", 0, "LOCATION", "the database to copy (read only)", O_FROM, 0,
     NULL},
    {"to", 0, "LOCATION", "where to copy it (made or upgraded as needed)",
     O_TO, 0, NULL},
    CLI_OPT_END};

int cmd_copy(int argc, char **argv, bdb_cli *cli)
{
    const char *from = NULL, *to = NULL;
    int c;
    cli_opts g;
    cli_opts_init(&g, cli, cli_copy_options, argc, argv, 1);
    while ((c = cli_opts_next(&g)) > 0) {
        switch (c) {
        case O_FROM: from = g.arg; break;
        case O_TO: to = g.arg; break;
        default: return cli_opts_unhandled(&g);
        }
    }
    if (c < 0)
        return BDB_EXIT_USAGE;
    if (g.ind != argc)
        return cli_usage_error(cli, "unexpected argument '%s'", argv[g.ind]);
    if (!from || !to)
        return cli_usage_error(cli, "copy needs --from LOCATION and --to "
                               "LOCATION");
    if (strcmp(from, to) == 0)
        return cli_usage_error(cli, "--from and --to are the same database");
    char shown_from[512], shown_to[512];
    bdb_store_mask_location(from, shown_from, sizeof shown_from);
    bdb_store_mask_location(to, shown_to, sizeof shown_to);

    bdb_diag diag;
    bdb_diag_clear(&diag);
    bdb_store *src = NULL, *dst = NULL;
    if (bdb_store_open_mode(&src, from, BDB_STORE_READ_ONLY, &diag)) {
        bdb_diag_set_file(&diag, shown_from);
        cli_print_diag("", &diag);
        return BDB_EXIT_FAILED;
    }
    bdb_diag_clear(&diag);
    if (bdb_store_open_mode(&dst, to, cli->adopt_db ? BDB_STORE_ADOPT : 0,
                            &diag)) {
        bdb_diag_set_file(&diag, shown_to);
        cli_print_diag("", &diag);
        bdb_store_close(src);
        return BDB_EXIT_FAILED;
    }
    bdb_copy_stats stats;
    long long last = 0;
    bdb_diag_clear(&diag);
    int rc = bdb_store_copy(src, dst, &stats, progress, &last, &diag);
    printf("%s -> %s: %lld sources copied (%lld results, %lld notes), "
           "%lld already present, %lld platforms\n", shown_from, shown_to,
           stats.sources, stats.results, stats.notes, stats.already,
           stats.platforms);
    if (rc) {
        cli_print_diag("", &diag);
        fprintf(stderr, "benchdb copy: stopped; what was copied is kept, and "
                        "running the copy again goes on from there\n");
    }
    bdb_store_close(dst);
    bdb_store_close(src);
    return rc ? BDB_EXIT_FAILED : BDB_EXIT_OK;
}
