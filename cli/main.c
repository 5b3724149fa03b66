/* main.c - benchdb's entry point: global options, the command table, and
 * the shared set-up the table's flags ask for (git.c's pattern). */
#include "cli.h"
#include "lifecycle.h"
#include "../store/store.h"
#include "../store/store_admin.h"

#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#ifndef BDB_VERSION
#define BDB_VERSION "0.0.0"
#endif

/* The selection and cost options `report` and `efficiency` share. */
#define REPORT_SELECTION_HELP \
    "  --baseline NAME        compare against this platform (default: the first)\n" \
    "  --platforms A,B,...    these platforms, in this order (default: all)\n" \
    "  --tool T, --benchmark B, --metric M, --param K=V   select series\n" \
    "  --all                  also series measured on one platform only, and\n" \
    "                         every metric in text/Markdown (not only key ones)\n" \
    "  --normalize core|thread|ghz   divide rates (multiply times) per core ...\n" \
    "  --correction holm|bh   multiple-comparison correction (default holm)\n" \
    "  --kwh-price P          energy price per kWh (default 0.15)\n" \
    "  --currency C           label for prices (default USD)\n" \
    "  --years N              ownership period for TCO (default 3)\n" \
    "  --utilization U        share of time at load, 0..1 (default 1)\n" \
    "  --title T              report title\n" \
    "  -o, --output FILE      write to FILE (written whole, then renamed into\n" \
    "                         place) instead of standard output; for chart:\n" \
    "                         -o DIR (png/svg, one file per chart, default\n" \
    "                         ./charts) or -o FILE (pdf, ./benchdb-charts.pdf)\n" \
    "  --seed N               bootstrap seed (reports are reproducible)\n" \
    "  --set NAME[,NAME]      only these run sets; --tag K=V only sets with\n" \
    "                         this tag. --platform, --tool, --benchmark,\n" \
    "                         --metric, --param take comma lists and globs\n" \
    "                         ('aes-*'); --param K=1..20 a numeric range\n"

/* cmd_copy.c (declared here: cli.h belongs to the dispatcher's owner) */
int cmd_copy(int argc, char **argv, bdb_cli *cli);
/* cmd_serve.c (likewise) */
int cmd_serve(int argc, char **argv, bdb_cli *cli);

static const bdb_cmd commands[] = {
    {"init", cmd_init, BDB_CMD_STORE, "create or upgrade the database",
     "usage: benchdb [--db FILE] init\n"
     "\n"
     "Creates the results database (default ./benchdb.sqlite, or $BENCHDB_DB)\n"
     "or upgrades one made by an older benchdb.\n", NULL},
    {"import", cmd_import, BDB_CMD_STORE, "import benchmark logs",
     "usage: benchdb [--db FILE] import [options] FILE|DIR...\n"
     "\n"
     "Reads logs of ab, wrk, redis-benchmark, fio, openssl speed, hdparm, dd,\n"
     "iperf, iperf3 and time; the tool is detected from each file's content.\n"
     "Folders are walked recursively. A file already imported (same bytes) is\n"
     "skipped and said so. Each file lands in one transaction: every figure\n"
     "that could be read; what could not is a warning naming file:line. A\n"
     "file fails (and nothing of it lands) only when no figure could be read.\n"
     "\n"
     "  --platform NAME        the platform the logs were measured on; may be\n"
     "                         made of path captures: '{arch}@{freq_mhz}'\n"
     "  --tool TOOL            parse every file as TOOL (no detection)\n"
     "  --format results-csv   same as --tool results-csv (published figures)\n"
     "  --benchmark NAME       benchmark name for logs that do not say it (time)\n"
     "  --param K=V            a parameter the log does not print (repeatable)\n"
     "  --path-pattern PAT     take parameters from paths, e.g.\n"
     "                         '{arch}/@{freq_mhz}/ssl_m{multi}_{benchmark}.txt'\n"
     "                         ({platform} and {benchmark} name them; {arch},\n"
     "                         {freq_mhz}, {cores}, {threads}, {cpu},\n"
     "                         {memory_gb}, {os}, {kernel} fill the platform's\n"
     "                         fields; {*} skips; other names are parameters;\n"
     "                         repeatable: the first pattern that matches wins)\n"
     "  --time-format FMT      the format the time logs were written with: GNU\n"
     "                         time -f/--format (%e %U %S %M %P %x ...), a bash\n"
     "                         TIMEFORMAT (%3R %lR ...: bash-only directives say\n"
     "                         it) or zsh TIMEFMT; prefix 'gnu:', 'bash:' or\n"
     "                         'zsh:' to say which (a bare %R is GNU's minor\n"
     "                         page faults, 'bash:%R' bash's real time)\n"
     "  --repetitions          the files are repetitions of the same runs: do\n"
     "                         not warn when differently named files give the\n"
     "                         same series (run-1.txt, run-2.txt never warn)\n"
     "  --summary PAT          lines a script cut out of a tool's output, e.g.\n"
     "                         'C={concurrency} : {value}' with --tool ab\n"
     "                         --metric transfer_rate --unit 'Kbytes/sec'\n"
     "                         (units as the tool means them; header lines\n"
     "                         between become the parameters url / section)\n"
     "  --metric M, --unit U   the metric and unit of --summary's {value}\n"
     "  --strict               a warning fails the file (by default what cannot\n"
     "                         be read is a warning at its line, the rest lands)\n"
     "  -q, --quiet            print only failures and the summary\n"
     "\n"
     "lscpu, uname -a and /proc/cpuinfo outputs found among the files fill in\n"
     "the platform's arch, CPU, cores, threads and clock; a platforms.csv among\n"
     "them fills in platforms (all its rows, or none if one is bad). Hidden\n"
     "files, README*, *.md, *.sh and *.expected are skipped in folders.\n"
     "Exit status: 0 all imported, 1 some files failed (the rest imported).\n", NULL},
    {"parse", cmd_parse, 0, "show the figures read from logs (dry run)",
     "usage: benchdb parse [--tool T] [--benchmark B] [--param K=V]\n"
     "                     [--time-format FMT] [--summary PAT --metric M --unit U]\n"
     "                     [--expected] FILE...\n"
     "\n"
     "Prints every figure benchdb reads from each file, without a database:\n"
     "line, tool, benchmark, metric, parameters, value, unit, direction and\n"
     "repetition, tab-separated. --expected prints a golden file for tests.\n", NULL},
    {"platform", cmd_platform, BDB_CMD_STORE, "add, list, show or import platforms",
     "usage: benchdb platform add NAME [--arch A] [--cpu MODEL] [--cores N]\n"
     "                        [--threads N] [--freq-mhz F] [--memory-gb G]\n"
     "                        [--os OS] [--kernel K] [--price-usd P]\n"
     "                        [--power-w W] [--idle-power-w W]\n"
     "                        [--rent-usd-month R] [--rent-usd-hour R]\n"
     "                        [--price-currency C] [--price-date D]\n"
     "                        [--price-source TEXT] [--notes TEXT]\n"
     "       benchdb platform list [--format table|csv|json]\n"
     "       benchdb platform show NAME\n"
     "       benchdb platform import FILE.csv\n"
     "\n"
     "'add' creates a platform or updates the fields given. 'import' reads a\n"
     "CSV whose header row names the columns (name, arch, cpu, cores, threads,\n"
     "freq_mhz, memory_gb, os, kernel, price_usd, power_w, idle_power_w,\n"
     "rent_usd_month, notes, price_currency, price_date, price_source,\n"
     "rent_usd_hour) in any order; a bad row is reported with its line\n"
     "and skipped.\n"
     "\n"
     "       benchdb platform rename OLD NEW\n"
     "       benchdb platform merge A INTO B   (A's results and sources go to\n"
     "                                          B, B's empty fields from A)\n"
     "       benchdb platform delete P [--with-results]   (refused while\n"
     "                                          results use P)\n", "list,show"},
    {"list", cmd_list, BDB_CMD_STORE | BDB_CMD_READ, "list sources, series or results",
     "usage: benchdb list sources|series|results [filters] [--format table|csv|json]\n"
     "\n"
     "  --platform NAME[,NAME]  only these platforms\n"
     "  --tool T                only this tool\n"
     "  --benchmark B           only this benchmark\n"
     "  --metric M              only this metric\n"
     "  --param K=V             only series with this parameter (repeatable)\n"
     "\n"
     "Results carry the canonical unit and the file:line they came from.\n", NULL},
    {"report", cmd_report, BDB_CMD_STORE | BDB_CMD_READ, "compare platforms with statistics",
     "usage: benchdb [--db FILE] report [selection]\n"
     "              [--format text|md|html|csv|json|xlsx|pdf] [--paper a4|letter]\n"
     "              [--width N]\n"
     "\n"
     "Groups results into series (tool + benchmark + metric + parameters) and\n"
     "platforms: n, mean, median, sd, CV, 95% intervals, MAD outliers; ratios\n"
     "against the baseline with bootstrap intervals, Welch's t-test (decides)\n"
     "and Mann-Whitney U, Holm-corrected; category scores as geometric means;\n"
     "sweeps; warnings from the logs; efficiency per watt and per dollar.\n"
     "xlsx (needs -o) is a workbook whose ratios, per-watt, per-dollar and TCO\n"
     "cells are formulas over editable price, power and kWh-price inputs, with\n"
     "native charts of the scores and sweeps. pdf (needs -o) is a multi-page\n"
     "report (cairo + pango) on A4 or Letter (--paper): title page, platforms,\n"
     "overview and score charts, a section per tool, efficiency, warnings and\n"
     "the provenance of every figure. The text report fits --width N columns\n"
     "(default $COLUMNS, else 100): wide tables become stacked blocks.\n"
     "\n"
     REPORT_SELECTION_HELP, NULL},
    {"efficiency", cmd_efficiency, BDB_CMD_STORE | BDB_CMD_READ, "throughput per watt, per dollar, TCO",
     "usage: benchdb [--db FILE] efficiency [selection] [--kwh-price P] [--years N]\n"
     "\n"
     "For every headline series: value per watt, per dollar of purchase, per\n"
     "dollar of total cost of ownership (price + energy, or rent), energy per\n"
     "unit of work, TB/month for data rates, and how many units of each\n"
     "platform match the baseline. Missing prices or power are listed.\n"
     "--format text|md prints these tables only; html|csv|json|xlsx|pdf write\n"
     "the whole report, whose efficiency section holds them.\n"
     "\n"
     REPORT_SELECTION_HELP, NULL},
    {"chart", cmd_chart, BDB_CMD_STORE | BDB_CMD_READ, "draw charts (PNG, SVG, or one PDF)",
     "usage: benchdb [--db FILE] chart [selection] [--format png|svg|pdf] [-o DIR|FILE]\n"
     "                                 [--width PX] [--height PX] [--dpi N]\n"
     "\n"
     "Draws with cairo: the overview of the headline ratios against the\n"
     "baseline (past 120, the farthest from 1 in each category, and it says\n"
     "how many), the category scores, efficiency (per watt, per dollar, per TCO\n"
     "dollar; throughput against power and price; units to match the\n"
     "baseline), one line chart per sweep and one bar chart per headline\n"
     "series, with 95% intervals. png and svg write one\n"
     "file per chart into DIR (default ./charts); pdf writes them as the pages\n"
     "of one FILE (default ./benchdb-charts.pdf) after a title page.\n"
     "\n"
     REPORT_SELECTION_HELP, NULL},
    {"copy", cmd_copy, 0, "copy a whole database to another (SQLite <-> PostgreSQL)",
     "usage: benchdb copy --from LOCATION --to LOCATION\n"
     "\n"
     "Copies every platform and every imported source (its raw bytes, figures,\n"
     "warnings, import options and time) in import order. A location is a\n"
     "SQLite file (PATH or sqlite:PATH) or a PostgreSQL connection URI\n"
     "(postgresql://USER@HOST[:PORT]/DB[?sslmode=require]; passwords come best\n"
     "from ~/.pgpass or PGPASSWORD and are never printed). The target is\n"
     "created or upgraded as needed. Sources it already holds (same SHA-256)\n"
     "are left alone, so a copy that stopped can simply be run again.\n", NULL},
    {"reparse", cmd_reparse, BDB_CMD_STORE, "re-read every stored source with the current parsers",
     "usage: benchdb [--db FILE] reparse [--all]\n"
     "\n"
     "Each imported file's bytes are kept in the database. After a parser is\n"
     "fixed, reparse re-reads the sources whose parser version changed (or all\n"
     "with --all) and replaces their results, one transaction per source.\n", NULL},
    {"forget", cmd_forget, BDB_CMD_STORE, "remove sources and their results",
     "usage: benchdb [--db FILE] forget [--platform P] [--tool T] [--set S]\n"
     "                              [--before DATE] [--yes] [--dry-run] [SOURCE...]\n"
     "\n"
     "Removes sources and every result and warning of them, in one\n"
     "transaction recorded in the history. A SOURCE is a path as imported,\n"
     "a path glob, a SHA-256 prefix (4 hex digits or more) or an id (benchdb\n"
     "list sources). --platform, --tool and --set (comma lists, globs) and\n"
     "--before (imported before an ISO date, e.g. 2026-06-01) select sources\n"
     "too; given with SOURCEs, a source must match both. It prints what\n"
     "goes and asks unless --yes; --dry-run only prints.\n", NULL},
    {"source", cmd_source, BDB_CMD_STORE, "change what a source's results belong to",
     "usage: benchdb [--db FILE] source set SOURCE... [--platform P]\n"
     "                                  [--param K=V] [--unset-param K]\n"
     "\n"
     "Moves the results of the sources to platform P, or gives them the\n"
     "parameter K=V (repeatable), or drops a parameter given at import\n"
     "(--param or a path pattern). The results are read again from the\n"
     "stored bytes, as reparse does, so no original file is needed. All\n"
     "sources change in one transaction, recorded in the history.\n", NULL},
    {"set", cmd_set, BDB_CMD_STORE, "list, rename or tag run sets",
     "usage: benchdb [--db FILE] set list [--format table|csv|json]\n"
     "       benchdb [--db FILE] set rename OLD NEW\n"
     "       benchdb [--db FILE] set tag SET K=V... [--unset K]\n"
     "\n"
     "Every import is a run set (import --set NAME, default its date and\n"
     "time) with tags (import --tag kernel=6.1). Sets say when and under\n"
     "which change; platforms say what was measured. report, list, chart,\n"
     "compare, check and history select them with --set and --tag.\n", "list"},
    {"log", cmd_log, BDB_CMD_STORE | BDB_CMD_READ, "show the history of changes",
     "usage: benchdb [--db FILE] log [--format table|csv|json]\n"
     "\n"
     "Every change to the database (import, forget, source set, platform\n"
     "rename/merge/delete, set rename/tag) with its time (UTC), user and\n"
     "command line; passwords in connection strings are masked.\n", NULL},
    {"compare", cmd_compare, BDB_CMD_STORE | BDB_CMD_READ, "compare two sets, tags or platforms (benchstat style)",
     "usage: benchdb [--db FILE] compare OLD NEW [selection]\n"
     "                      [--format text|md|html|csv|json|xlsx] [-o FILE]\n"
     "\n"
     "OLD and NEW are run sets, set tags (K=V) or platforms (as set:NAME,\n"
     "tag:K=V, platform:NAME to say which; a bare name is looked up as a\n"
     "set, then a platform). Per series (and platform, when comparing sets):\n"
     "old mean +- 95% CI, new mean +- CI, delta % with its bootstrap CI,\n"
     "the Mann-Whitney U p-value (as benchstat), Welch's p beside it, both\n"
     "corrected across the table (Holm, or --correction bh); '~' where not\n"
     "significant at alpha 0.05; then the geometric mean of the new/old\n"
     "ratios (oriented: > 1 means NEW is better).\n"
     "  --ignore-param K       leave K out of the series identity, when what\n"
     "                         changed is a parameter (ab -k: keepalive)\n"
     "\n"
     CLI_SEL_HELP
     "  --correction holm|bh   --seed N   --alpha A (default 0.05)\n", NULL},
    {"check", cmd_check, BDB_CMD_STORE | BDB_CMD_READ, "regression check: exit 3 on a regression",
     "usage: benchdb [--db FILE] check [--baseline SET | --last N]\n"
     "                    [--threshold 5%] [selection] [--format text|md|json]\n"
     "\n"
     "For each series, the newest set (or --set NEW) against the baseline: a\n"
     "named set, or the N sets before the newest pooled as history (default\n"
     "--last 1). A change is a regression when Mann-Whitney's p (Holm across\n"
     "the series) is below alpha and it is worse by more than the threshold.\n"
     "md is for a pull request; json for scripts.\n"
     "Exit status: 0 no regression, 3 a regression, 1 error, 2 usage.\n"
     "\n"
     CLI_SEL_HELP, NULL},
    {"history", cmd_history, BDB_CMD_STORE | BDB_CMD_READ, "a series over sets in time, with change points",
     "usage: benchdb [--db FILE] history [selection] [--format text|csv|json|html|png|svg]\n"
     "                      [-o FILE|DIR] [--window W]\n"
     "\n"
     "The values of each selected series over the run sets, oldest first:\n"
     "n, mean, 95% CI per set, and the change points found by a moving-window\n"
     "Mann-Whitney test (W sets each side, default 3; Holm across the\n"
     "candidates). png/svg draw one line chart per series (mean and CI band)\n"
     "into DIR (default ./history); html embeds them.\n"
     "\n"
     CLI_SEL_HELP, NULL},
    {"serve", cmd_serve, 0, "a local, read-only web view of the database",
     "usage: benchdb [--db FILE] serve [--db FILE|URI] [--bind ADDR] [--port N]\n"
     "                    [--access-key K] [--budget S] [--max-rows N]\n"
     "\n"
     "Serves the database as web pages (overview, tools, series with their\n"
     "history and raw values, compare, efficiency, sources with the stored\n"
     "logs, the change log), each a permalink whose query is the selection\n"
     "(platform=, tool=, benchmark=, metric=, param=K=V, set=, tag=K=V) and\n"
     "each downloadable with ?format=csv|json. The first line on standard\n"
     "output is the URL ('serving http://127.0.0.1:8080/'); Ctrl-C or\n"
     "SIGTERM stops it. The database is opened read-only; only GET and\n"
     "HEAD are answered. See docs/serve.md.\n"
     "  --db FILE|URI     the database (default: the global --db)\n"
     "  --bind ADDR       the address to listen on (default 127.0.0.1; an\n"
     "                    address of another interface exposes the data)\n"
     "  --port N          the port (default 8080; 0: a free one, printed)\n"
     "  --access-key K    refuse requests without ?key=K, the header\n"
     "                    X-Benchdb-Key: K or the cookie it sets (also\n"
     "                    $BENCHDB_ACCESS_KEY, which ps does not show)\n"
     "  --budget S        time budget of a page in seconds (default 5): a\n"
     "                    page whose queries take longer is cut (503)\n"
     "  --max-rows N      rows a table shows (default 2000), then says so\n", NULL},
};

static void print_main_help(void)
{
    printf("usage: benchdb [--db FILE] COMMAND [ARGS]\n\n"
           "Turns raw benchmark logs into a results database and reports.\n\n"
           "Commands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        printf("  %-11s %s\n", commands[i].name, commands[i].summary);
    printf("\nOptions:\n"
           "  --db FILE     the database (default $BENCHDB_DB or ./benchdb.sqlite);\n"
           "                or a PostgreSQL URI, postgresql://USER@HOST/DB\n"
           "  --help        this text; 'benchdb COMMAND --help' for a command\n"
           "  --version     print the version\n");
}

/* 1 when word is one of the comma-separated list. */
static int is_listed(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; p;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == n && strncmp(p, word, n) == 0)
            return 1;
        p = comma ? comma + 1 : NULL;
    }
    return 0;
}

static int finish_stdout(int status)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "benchdb: error: cannot write to standard output\n");
        return status ? status : BDB_EXIT_FAILED;
    }
    return status;
}

int main(int argc, char **argv)
{
#if defined(__GLIBC__)
    /* glibc raises its mmap threshold (to up to 32 MB) each time a mapped
     * block is freed, as tables that double free theirs; later blocks
     * below it come from the heap, whose holes are not given back. A fixed
     * threshold keeps the import of an 84 MB fio JSON at 66 MB, not 82. */
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
#endif
    bdb_cli cli = {0};
    const char *env_db = getenv("BENCHDB_DB");
    cli.db_path = env_db && *env_db ? env_db : "benchdb.sqlite";

    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            print_main_help();
            return finish_stdout(BDB_EXIT_OK);
        } else if (strcmp(argv[i], "--version") == 0) {
            printf("benchdb %s\n", BDB_VERSION);
            return finish_stdout(BDB_EXIT_OK);
        } else if (strcmp(argv[i], "--db") == 0 && i + 1 < argc) {
            cli.db_path = argv[++i];
        } else if (strncmp(argv[i], "--db=", 5) == 0) {
            cli.db_path = argv[i] + 5;
        } else {
            return cli_usage_error(NULL, "unknown option '%s'", argv[i]);
        }
    }
    if (i >= argc) {
        print_main_help();
        return BDB_EXIT_USAGE;
    }
    const bdb_cmd *cmd = NULL;
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++)
        if (strcmp(commands[k].name, argv[i]) == 0)
            cmd = &commands[k];
    if (!cmd) {
        const char *names[64];
        size_t n = 0;
        for (size_t k = 0; k < sizeof commands / sizeof commands[0] && n < 64; k++)
            names[n++] = commands[k].name;
        const char *near = cli_suggest(argv[i], names, n);
        if (near)
            fprintf(stderr, "benchdb: unknown command '%s'; did you mean '%s'?\n",
                    argv[i], near);
        return cli_usage_error(NULL, "unknown command '%s'", argv[i]);
    }
    cli.cmd = cmd;

    int cargc = argc - i;
    char **cargv = argv + i;
    for (int k = 1; k < cargc; k++) {
        if (strcmp(cargv[k], "--help") == 0 || strcmp(cargv[k], "-h") == 0) {
            cli_print_help(cmd);
            return finish_stdout(BDB_EXIT_OK);
        }
        if (strcmp(cargv[k], "--") == 0)
            break;
    }
    static char shown[512];
    bdb_store_mask_location(cli.db_path, shown, sizeof shown);
    if (cmd->flags & BDB_CMD_STORE) {
        bdb_diag diag;
        bdb_diag_clear(&diag);
        int dry_run = 0;
        for (int k = 1; k < cargc && strcmp(cargv[k], "--") != 0; k++)
            dry_run |= strcmp(cargv[k], "--dry-run") == 0;
        int read_only = (cmd->flags & BDB_CMD_READ) || dry_run ||
                        (cmd->read_subs && cargc > 1 &&
                         is_listed(cmd->read_subs, cargv[1]));
        if (bdb_store_open_mode(&cli.store, cli.db_path,
                                read_only ? BDB_STORE_READ_ONLY : 0,
                                &diag) != BDB_OK) {
            /* A dry-run import needs no database: it only parses. */
            if (dry_run && diag.code == BDB_ENOTFOUND &&
                strcmp(cmd->name, "import") == 0)
                goto run;
            bdb_diag_set_file(&diag, shown);
            cli_print_diag("", &diag);
            return BDB_EXIT_FAILED;
        }
        /* from here on the location is only shown: without its password */
        cli.db_path = shown;
    }
run:;
    /* A copy for the history: option parsing splits K=V in place. */
    char **saved = calloc((size_t)argc + 1, sizeof *saved);
    for (int k = 0; saved && k < argc; k++)
        saved[k] = argv[k] ? strdup(argv[k]) : NULL;
    cli.argc = argc;
    cli.argv = saved ? saved : argv;
    int status = cmd->fn(cargc, cargv, &cli);
    bdb_store_close(cli.store);
    for (int k = 0; saved && k < argc; k++)
        free(saved[k]);
    free(saved);
    return finish_stdout(status);
}
