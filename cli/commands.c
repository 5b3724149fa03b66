/* commands.c - the command table: each command's name, handler, the
 * set-up it needs, its help text and its option table (the tables live
 * beside their handlers, in cmd_<name>.c). */
#include "cli.h"
#include "lifecycle.h"
#include "table_out.h"

#include <stdio.h>
#include <string.h>

const cli_option cli_global_options[] = {
    {"db", 0, "FILE", "the database (default $BENCHDB_DB or\n"
     "./benchdb.sqlite); or PostgreSQL: a URI,\n"
     "postgresql://USER@HOST/DB, or libpq's\n"
     "'host=H dbname=D' (a password is hidden\n"
     "from ps; --db-password-file, PGPASSWORD or\n"
     "~/.pgpass keep it off the command line)", CLI_G_DB, 0, NULL},
    {"db-password-file", 0, "FILE", "the PostgreSQL password: FILE's first\n"
     "line (for --db and copy's --from/--to;\n"
     "never printed)", CLI_G_DB_PASSWORD_FILE, 0, NULL},
    {"adopt-db", 0, NULL, "add benchdb's tables to an SQLite --db that\n"
     "holds another program's tables (refused\nwithout it)", CLI_G_ADOPT_DB,
     0, NULL},
    {"help", 'h', NULL, "this text; 'benchdb COMMAND --help' for a command",
     CLI_G_HELP, 0, NULL},
    {"version", 0, NULL, "print the version", CLI_G_VERSION, 0, NULL},
    CLI_OPT_END};

static const bdb_subcmd platform_subs[] = {
    {"add", cli_platform_add_options, 0},
    {"list", cli_table_options, BDB_CMD_READ},
    {"show", cli_table_options, BDB_CMD_READ},
    {"import", cli_no_options, 0},
    {"rename", cli_no_options, 0},
    {"merge", cli_no_options, 0},
    {"delete", cli_platform_delete_options, 0},
    {NULL, NULL, 0}};

static const bdb_subcmd set_subs[] = {
    {"list", cli_table_options, BDB_CMD_READ},
    {"rename", cli_no_options, 0},
    {"tag", cli_set_tag_options, 0},
    {"mark", cli_set_mark_options, 0},
    {NULL, NULL, 0}};

static const bdb_subcmd source_subs[] = {
    {"set", cli_source_set_options, 0}, {NULL, NULL, 0}};

static const bdb_subcmd list_subs[] = {
    {"sources", NULL, 0}, {"series", NULL, 0}, {"results", NULL, 0},
    {"sets", NULL, 0}, {NULL, NULL, 0}};

static const bdb_cmd commands[] = {
    {"init", cmd_init, BDB_CMD_STORE, "create or upgrade the database",
     "usage: benchdb [--db FILE] init\n"
     "\n"
     "Creates the results database (default ./benchdb.sqlite, or $BENCHDB_DB)\n"
     "or upgrades one made by an older benchdb.\n", cli_init_options, NULL,
     NULL},
    {"import", cmd_import, BDB_CMD_STORE | BDB_CMD_OPEN_LATE,
     "import benchmark logs",
     "usage: benchdb [--db FILE] import [options] FILE|DIR...\n"
     "\n"
     "Reads logs of ab, wrk, redis-benchmark, fio, openssl speed, hdparm, dd,\n"
     "iperf, iperf3 and time; the tool is detected from each file's content.\n"
     "Folders are walked recursively. A file already imported (same bytes) is\n"
     "skipped and said so. Each file lands in one transaction: every figure\n"
     "that could be read; what could not is a warning naming file:line, and\n"
     "so is every line with numbers that gave no figure (its numbers listed,\n"
     "their count after the file's name). A file fails (and nothing of it\n"
     "lands) only when no figure could be read.\n",
     cli_import_options, NULL,
     "lscpu, uname -a and /proc/cpuinfo outputs found among the files fill in\n"
     "the platform's arch, CPU, cores, threads and clock; a platforms.csv among\n"
     "them fills in platforms (all its rows, or none if one is bad). Hidden\n"
     "files, README*, *.md, *.sh and *.expected are skipped in folders.\n"
     "The next files are read and parsed on two more threads while the\n"
     "first are written (the same database and output as one thread\n"
     "gives); BDB_IMPORT_THREADS=N in the environment runs N threads in all\n"
     "(1: one thread).\n"
     "Exit status: 0 all imported, 1 some files failed (the rest imported).\n"},
    {"parse", cmd_parse, 0, "show the figures read from logs (dry run)",
     "usage: benchdb parse [options] FILE...\n"
     "\n"
     "Prints every figure benchdb reads from each file, without a database:\n"
     "line, tool, benchmark, metric, parameters, value, unit, direction and\n"
     "repetition (and the platform a log names). On a terminal, or with\n"
     "--width or $COLUMNS, a table that fits; into a pipe or a file,\n"
     "tab-separated lines that stream; --format for a table, CSV or JSON\n"
     "(these hold a file's figures in memory until printed).\n",
     cli_parse_options, NULL, NULL},
    {"platform", cmd_platform, BDB_CMD_STORE, "add, list, show or import platforms",
     "usage: benchdb platform add NAME [--arch A] [--cores N] ... (see below)\n"
     "       benchdb platform list [--format table|csv|json] [--width N]\n"
     "       benchdb platform show NAME [--format table|csv|json] [--width N]\n"
     "       benchdb platform import FILE.csv...\n"
     "       benchdb platform rename OLD NEW\n"
     "       benchdb platform merge A INTO B\n"
     "       benchdb platform delete NAME [--with-results]\n"
     "\n"
     "'add' creates a platform or updates the fields given. 'import' reads a\n"
     "CSV whose header row names the columns (name, arch, cpu, cores, threads,\n"
     "freq_mhz, memory_gb, os, kernel, price_usd, power_w, idle_power_w,\n"
     "rent_usd_month, notes, price_currency, price_date, price_source,\n"
     "rent_usd_hour) in any order; a bad row is reported with its line\n"
     "and skipped. 'merge' moves A's results and sources to B and fills B's\n"
     "empty fields from A. 'delete' is refused while results use the\n"
     "platform, unless --with-results.\n", NULL, platform_subs, NULL},
    {"list", cmd_list, BDB_CMD_STORE | BDB_CMD_READ, "list sources, series or results",
     "usage: benchdb list sources|series|results|sets [options]\n"
     "\n"
     "Results carry the canonical unit and the file:line they came from.\n",
     cli_list_options, list_subs, NULL},
    {"report", cmd_report, BDB_CMD_STORE | BDB_CMD_READ, "compare platforms with statistics",
     "usage: benchdb [--db FILE] report [options]\n"
     "\n"
     "Groups results into series (tool + benchmark + metric + parameters) and\n"
     "platforms: n, mean, median, sd, CV, 95% intervals, MAD outliers; ratios\n"
     "against the baseline with bootstrap intervals, Welch's t-test (decides)\n"
     "and Mann-Whitney U, Holm-corrected, as information; verdicts by the\n"
     "rule of compare and check (--threshold); category scores as geometric\n"
     "means of one figure of merit per run;\n"
     "sweeps; warnings from the logs; efficiency per watt and per dollar.\n"
     "xlsx is a workbook whose ratios, per-watt, per-dollar and TCO\n"
     "cells are formulas over editable price, power and kWh-price inputs, with\n"
     "native charts of the scores and sweeps. pdf is a multi-page\n"
     "report (cairo + pango) on A4 or Letter: title page, platforms,\n"
     "overview and score charts, a section per tool, efficiency, warnings and\n"
     "the provenance of every figure. The text report fits --width N columns:\n"
     "wide tables become stacked blocks.\n", cli_report_options, NULL, NULL},
    {"efficiency", cmd_efficiency, BDB_CMD_STORE | BDB_CMD_READ, "throughput per watt, per dollar, TCO",
     "usage: benchdb [--db FILE] efficiency [options]\n"
     "\n"
     "For every headline series: value per watt, per dollar of purchase, per\n"
     "dollar of total cost of ownership (price + energy, or rent), energy per\n"
     "unit of work, TB/month for data rates, and how many units of each\n"
     "platform match the baseline. Missing prices or power are listed.\n",
     cli_efficiency_options, NULL, NULL},
    {"chart", cmd_chart, BDB_CMD_STORE | BDB_CMD_READ, "draw charts (PNG, SVG, or one PDF)",
     "usage: benchdb [--db FILE] chart [options]\n"
     "\n"
     "Draws with cairo: the overview of the headline ratios against the\n"
     "baseline (past 120, the farthest from 1 in each category, and it says\n"
     "how many), the category scores, efficiency (per watt, per dollar, per TCO\n"
     "dollar; throughput against power and price; units to match the\n"
     "baseline), one line chart per sweep and one bar chart per headline\n"
     "series, with 95% intervals: png and svg one file per chart into a\n"
     "folder, pdf one page per chart after a title page.\n",
     cli_chart_options, NULL, NULL},
    {"copy", cmd_copy, 0, "copy a whole database to another (SQLite <-> PostgreSQL)",
     "usage: benchdb copy --from LOCATION --to LOCATION\n"
     "\n"
     "Copies every platform and every imported source (its raw bytes, figures,\n"
     "warnings, import options and time) in import order. A location is a\n"
     "SQLite file (PATH or sqlite:PATH) or a PostgreSQL connection URI\n"
     "(postgresql://USER@HOST[:PORT]/DB[?sslmode=require]; passwords come best\n"
     "from ~/.pgpass, PGPASSWORD or --db-password-file FILE given before\n"
     "copy, and are never printed). The target is\n"
     "created or upgraded as needed. Sources it already holds (same SHA-256)\n"
     "are left alone, so a copy that stopped can simply be run again.\n",
     cli_copy_options, NULL, NULL},
    {"reparse", cmd_reparse, BDB_CMD_STORE, "re-read every stored source with the current parsers",
     "usage: benchdb [--db FILE] reparse [--all]\n"
     "\n"
     "Each imported file's bytes are kept in the database. After a parser is\n"
     "fixed, reparse re-reads the sources whose parser version changed (or all\n"
     "with --all) and replaces their results, one transaction per source.\n",
     cli_reparse_options, NULL, NULL},
    {"forget", cmd_forget, BDB_CMD_STORE, "remove sources and their results",
     "usage: benchdb [--db FILE] forget [options] [SOURCE...]\n"
     "\n"
     "Removes sources and every result and warning of them, in one\n"
     "transaction recorded in the history. A SOURCE is a path as imported,\n"
     "a path glob, a SHA-256 prefix (4 hex digits or more) or an id (benchdb\n"
     "list sources). The options select sources too (comma lists, globs);\n"
     "given with SOURCEs, a source must match both. It prints what goes and\n"
     "asks unless --yes.\n", cli_forget_options, NULL, NULL},
    {"source", cmd_source, BDB_CMD_STORE, "change what a source's results belong to",
     "usage: benchdb [--db FILE] source set SOURCE... [--platform P]\n"
     "                                  [--param K=V] [--unset-param K]\n"
     "\n"
     "Moves the results of the sources to platform P, or gives them the\n"
     "parameter K=V, or drops a parameter given at import. The results are\n"
     "read again from the stored bytes, as reparse does, so no original\n"
     "file is needed. All sources change in one transaction, recorded in\n"
     "the history.\n", NULL, source_subs, NULL},
    {"set", cmd_set, BDB_CMD_STORE, "list, rename or tag run sets",
     "usage: benchdb [--db FILE] set list [--format table|csv|json] [--width N]\n"
     "       benchdb [--db FILE] set rename OLD NEW\n"
     "       benchdb [--db FILE] set tag SET K=V... [--unset K]\n"
     "       benchdb [--db FILE] set mark SET --new-baseline|--clear\n"
     "\n"
     "Every import is a run set (benchdb import --set NAME, default its date\n"
     "and time) with tags (benchdb import --tag kernel=6.1). Sets say when\n"
     "and under which change; platforms say what was measured. report, list,\n"
     "chart, compare, check and history select sets by name and by tag.\n"
     "set mark --new-baseline says a change there is expected (a new kernel,\n"
     "a new board): history finds no change point at it and starts a new\n"
     "distribution, and check --last N pools no set before it.\n",
     NULL, set_subs, NULL},
    {"note", cmd_note, BDB_CMD_STORE, "annotate a set or a series",
     "usage: benchdb [--db FILE] note [--set SET] [--tool T --benchmark B\n"
     "                     --metric M [--params K=V,...]] TEXT\n"
     "\n"
     "Keeps TEXT as a note on the set, on every series of that tool,\n"
     "benchmark and metric (and parameters, as list series prints them), or\n"
     "on those series at that set. Notes are shown in every history output:\n"
     "text, csv, json, html and the charts.\n",
     cli_note_options, NULL, NULL},
    {"log", cmd_log, BDB_CMD_STORE | BDB_CMD_READ, "show the history of changes",
     "usage: benchdb [--db FILE] log [--format table|csv|json] [--width N]\n"
     "\n"
     "Every change to the database (import, forget, source set, platform\n"
     "rename/merge/delete, set rename/tag) with its time (UTC), user and\n"
     "command line; passwords in connection strings are masked.\n",
     cli_log_options, NULL, NULL},
    {"compare", cmd_compare, BDB_CMD_STORE | BDB_CMD_READ, "compare two sets, tags or platforms (benchstat style)",
     "usage: benchdb [--db FILE] compare OLD NEW [options]\n"
     "\n"
     "OLD and NEW are run sets, set tags (K=V) or platforms (as set:NAME,\n"
     "tag:K=V, platform:NAME to say which; a bare name is looked up as a\n"
     "set, then a platform). Per series (and platform, when comparing sets):\n"
     "old mean +- 95% CI, new mean +- CI, delta % with the interval that\n"
     "decides, and the verdict: '-' worse / '+' better when the 95% interval\n"
     "of new/old (Welch's t on log values; Student's pooled t when a side has\n"
     "one value) lies wholly beyond the threshold (default 5%) in that\n"
     "direction, '~' when not, '?' with one value a side; no correction\n"
     "across series (the threshold is the floor). The same rule marks\n"
     "report's cells. Mann-Whitney U and Welch's p are shown as information,\n"
     "corrected across the table (Holm, or --correction bh); then the\n"
     "geometric mean of the new/old ratios (> 1 means NEW is better).\n",
     cli_compare_options, NULL, NULL},
    {"check", cmd_check, BDB_CMD_STORE | BDB_CMD_READ, "regression check: exit 3 on a regression",
     "usage: benchdb [--db FILE] check [--baseline SET | --last N] [options]\n"
     "\n"
     "For each series, the newest set (or --set NEW) against the baseline: a\n"
     "named set, or the N sets before the newest pooled as history (default\n"
     "--last 1; never across a set that set mark made a new baseline). A\n"
     "regression is a change whose 95% interval of new/old (Welch's t on log\n"
     "values; Student's pooled t when a side has one value) lies wholly\n"
     "beyond the threshold (default 5%) in the metric's worse direction; one\n"
     "value a side decides nothing. No correction across series: the\n"
     "threshold is the floor (false alarms and power measured in the\n"
     "README). md is for a pull request; json for scripts.\n",
     cli_check_options, NULL,
     "Exit status: 0 no regression, 3 a regression, 1 error, 2 usage.\n"},
    {"history", cmd_history, BDB_CMD_STORE | BDB_CMD_READ, "a series over sets in time, with change points",
     "usage: benchdb [--db FILE] history [SERIES] [options]\n"
     "\n"
     "The values of each selected series (SERIES: a metric, as --metric)\n"
     "over the run sets, oldest first: n, mean, 95% CI per set, notes, and\n"
     "the change points found by E-divisive means as Apache Otava (Hunter)\n"
     "finds them: Student's t-test on the values of the sets on each side,\n"
     "sliding windows of W sets, weak points at 10x P merged until each has\n"
     "p < P and a change above T. One run per set works; several runs per\n"
     "set all count. A set marked as a new baseline starts a new distribution.\n"
     "png/svg draw one line chart per series (mean and CI band); html\n"
     "embeds them.\n",
     cli_history_options, NULL, NULL},
    {"traces", cmd_traces, BDB_CMD_STORE | BDB_CMD_READ, "the interval and per-thread points under runs' figures",
     "usage: benchdb [--db FILE] traces [options]\n"
     "\n"
     "The traces stored with the selected series' figures: the interval\n"
     "lines of iperf and iperf3 (and each stream's under a [SUM]) in file\n"
     "order, each point with its sequence number, interval, quantity\n"
     "(throughput, transfer, retransmits, cwnd, jitter, loss ...), value\n"
     "and the line of the file it came from. The run's figure stays the\n"
     "result; a trace is never a series or a repetition. png/svg draw one\n"
     "line chart per trace (throughput over time unless --what). The\n"
     "platform and set selections do not apply (a trace is a source's).\n",
     cli_traces_options, NULL, NULL},
    {"serve", cmd_serve, 0, "a local, read-only web view of the database",
     "usage: benchdb [--db FILE] serve [options]\n"
     "\n"
     "Serves the database as web pages (overview, tools, series with their\n"
     "history and raw values, compare, efficiency, sources with the stored\n"
     "logs, the change log), each a permalink whose query is the selection\n"
     "(platform=, tool=, benchmark=, metric=, param=K=V, set=, tag=K=V) and\n"
     "each downloadable with ?format=csv|json. The first line on standard\n"
     "output is the URL ('serving http://127.0.0.1:8080/'); Ctrl-C or\n"
     "SIGTERM stops it. The database is opened read-only; only GET and\n"
     "HEAD are answered. See docs/serve.md.\n",
     cli_serve_options, NULL, NULL},
    {"completion", cmd_completion, 0, "print the bash completion script",
     "usage: benchdb completion bash\n"
     "\n"
     "Prints a bash completion script made from the option tables: commands,\n"
     "their words and options, and the choices of the options that have them.\n"
     "Load it with: source <(benchdb completion bash)\n", cli_no_options,
     NULL, NULL},
    {"man", cmd_man, 0, "print the manual page (roff)",
     "usage: benchdb man > benchdb.1\n"
     "\n"
     "Prints benchdb(1) made from the command and option tables; read it\n"
     "with: benchdb man | man -l -\n", cli_no_options, NULL, NULL},
};

const bdb_cmd *cli_commands(size_t *n)
{
    *n = sizeof commands / sizeof commands[0];
    return commands;
}

const bdb_cmd *cli_command_find(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

const bdb_subcmd *cli_subcmd_find(const bdb_cmd *cmd, const char *name)
{
    for (const bdb_subcmd *s = cmd ? cmd->subs : NULL; s && s->name; s++)
        if (strcmp(s->name, name) == 0)
            return s;
    return NULL;
}

int cli_unknown_subcmd(const bdb_cli *cli, const char *word)
{
    const bdb_cmd *cmd = cli->cmd;
    const char *names[32];
    size_t n = 0;
    char known[512] = "";
    size_t len = 0;
    for (const bdb_subcmd *s = cmd->subs; s && s->name && n < 32; s++) {
        names[n++] = s->name;
        int w = snprintf(known + len, sizeof known - len, "%s%s",
                         len ? ", " : "", s->name);
        if (w > 0 && (size_t)w < sizeof known - len)
            len += (size_t)w;
    }
    if (!*word)
        return cli_usage_error(cli, "%s needs one of: %s", cmd->name, known);
    const char *near = cli_suggest(word, names, n);
    if (near)
        return cli_usage_error(cli, "unknown %s command '%s'; did you mean "
                               "'%s %s'? (known: %s)", cmd->name, word,
                               cmd->name, near, known);
    return cli_usage_error(cli, "unknown %s command '%s'; known: %s",
                           cmd->name, word, known);
}
