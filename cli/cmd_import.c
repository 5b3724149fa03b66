/* cmd_import.c - `benchdb import`: options in, one bdb_import_file() per
 * file, a progress line on a terminal, and a summary at the end. */
#include "cli.h"
#include "batch.h"
#include "lifecycle.h"
#include "../common/bdb_shell.h"
#include "../ingest/ingest.h"
#include "../ingest/path_pattern.h"
#include "../import/import.h"
#include "../import/pipe.h"

#include "../store/store.h"

#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <string.h>
#include <unistd.h>

static void print_warning(const char *path, int line, const char *text,
                          void *ctx)
{
    (void)ctx;
    if (line > 0)
        cli_line(stderr, "%s:%d: warning: %s\n", path, line, text);
    else
        cli_line(stderr, "%s: warning: %s\n", path, text);
}

static void print_note(const char *path, int line, const char *text,
                       void *ctx)
{
    (void)ctx;
    (void)line;
    cli_line(stderr, "%s: note: %s\n", path, text);
}

static void print_merge(const bdb_merge_warning *w, void *ctx)
{
    (void)ctx;
    /* made of file names: the suggestion is one shell word, whatever they
     * hold, and the line is terminal text */
    size_t need = w->pattern[0] ? bdb_shell_quote(w->pattern, NULL, 0) + 1 : 1;
    char *word = malloc(need);
    if (word)
        bdb_shell_quote(w->pattern, word, need);
    cli_line(stderr, "warning: %s: %zu files merged into the same series "
             "(%zu series, e.g. %s)%s%s; if they are repetitions, import them "
             "with --repetitions\n", w->files, w->nfiles, w->nseries,
             w->example,
             w->pattern[0] ? "; if the names differ in a setting, make it a "
                             "parameter: --path-pattern " : "",
             !w->pattern[0] ? "" : word ? word : "(out of memory)");
    free(word);
}

/* Commits the open batch; when that fails, what it held did not land:
 * says so and moves its files from added to failed. */
static void batch_commit(bdb_cli *cli, cli_batch *b, size_t *added,
                         size_t *results, size_t *failed)
{
    if (!b->open)
        return;
    if (cli_batch_commit(cli->store, b) != BDB_OK) {
        cli_error("%s: cannot commit the last %zu imported files (%s); "
                  "they are not in the database", cli->db_path, b->added,
                  bdb_store_errmsg(cli->store));
        *added -= b->added;
        *results -= b->results;
        *failed += b->added;
    }
}

/* A large file is imported alone (batch.h); one that cannot be stat'ed
 * here fails in the import, which says why. */
static int file_is_large(bdb_import_pipe *pipe, size_t i, const char *path)
{
    struct stat sb;
    size_t n = strlen(path);
    /* the size a worker read it at, when it did: one stat less a file */
    long long size = pipe ? bdb_import_pipe_size(pipe, i) : -1;
    if (size < 0)
        size = stat(path, &sb) == 0 ? (long long)sb.st_size : -1;
    return size >= 0 &&
           cli_batch_solo(size, n > 3 && strcmp(path + n - 3, ".gz") == 0);
}

static int find_set(const char *name, void *ctx)
{
    const char **want = ctx;
    if (*want && strcmp(name, *want) == 0) {
        *want = NULL;
        return 1;
    }
    return 0;
}

static int set_exists(bdb_cli *cli, const char *name)
{
    const char *want = name;
    bdb_store_names_each(cli->store, "set", find_set, &want);
    return want == NULL;
}

enum { O_PLATFORM = 1, O_FORMAT, O_PATTERN, O_REPETITIONS, O_STRICT,
       O_REPLACE, O_DRY_RUN, O_SET, O_TAG, O_QUIET };

const cli_option cli_import_options[] = {
    {"platform", 0, "NAME", "the platform the logs were measured on; may be\n"
     "made of path captures: '{arch}@{freq_mhz}'", O_PLATFORM, 0, NULL},
    CLI_OPT_INCLUDE(cli_ingest_options),
    {"format", 0, "results-csv", "same as --tool results-csv (published "
     "figures)", O_FORMAT, 0, NULL},
    {"path-pattern", 0, "PAT", "take parameters from paths, e.g.\n"
     "'{arch}/@{freq_mhz}/ssl_m{multi}_{benchmark}.txt'\n"
     "({platform} and {benchmark} name them; {arch},\n"
     "{freq_mhz}, {cores}, {threads}, {cpu},\n"
     "{memory_gb}, {os}, {kernel} fill the platform's\n"
     "fields; {*} skips; other names are parameters;\n"
     "repeatable: the first pattern that matches wins)", O_PATTERN, 0, NULL},
    {"repetitions", 0, NULL, "the files are repetitions of the same runs: do\n"
     "not warn when differently named files give the\n"
     "same series (run-1.txt, run-2.txt never warn)", O_REPETITIONS, 0, NULL},
    {"strict", 0, NULL, "a warning fails the file (by default what cannot\n"
     "be read is a warning at its line, the rest lands)", O_STRICT, 0, NULL},
    {"replace", 0, NULL, "read files already imported (same bytes) again\n"
     "with these options: they replace the old source\n"
     "and its results (its set kept unless --set)", O_REPLACE, 0, NULL},
    {"dry-run", 0, NULL, "parse and say what would be imported, replaced\n"
     "or skipped; write nothing (needs no database)", O_DRY_RUN,
     CLI_OPT_READ_ONLY, NULL},
    {"set", 0, "NAME", "the run set these files belong to (made when\n"
     "new; default: the date and time of the import)", O_SET, 0, NULL},
    {"tag", 0, "K=V", "a tag on the run set, e.g. kernel=6.1\n"
     "(repeatable; see benchdb set)", O_TAG, 0, NULL},
    {"quiet", 'q', NULL, "print only failures and the summary", O_QUIET, 0,
     NULL},
    CLI_OPT_END};

/* "; 3 lines with numbers not read" (the unread-figure account, whose
 * warnings name each line), or "". */
static const char *unread_text(const bdb_import_result *r, char *buf, size_t n)
{
    if (!r->nunread)
        return "";
    snprintf(buf, n, "; %zu line%s with numbers not read", r->nunread,
             r->nunread == 1 ? "" : "s");
    return buf;
}

int cmd_import(int argc, char **argv, bdb_cli *cli)
{
    bdb_import_opts opts = {0};
    bdb_summary_opts summary = {0};
    const char *patterns[17] = {0};
    int npatterns = 0;
    bdb_params params = {0}, tags = {0};
    int quiet = 0, c;
    cli_opts g;
    cli_opts_init(&g, cli, cli_import_options, argc, argv, 1);
    while ((c = cli_opts_next(&g)) > 0) {
        switch (c) {
        case O_PLATFORM: opts.platform = g.arg; break;
        case CLI_O_TOOL: opts.tool = g.arg; break;
        case O_FORMAT:
            if (strcmp(g.arg, "results-csv") != 0)
                return cli_usage_error(cli, "--format takes 'results-csv'");
            opts.tool = "results-csv";
            break;
        case CLI_O_BENCHMARK: opts.benchmark = g.arg; break;
        case O_PATTERN:
            if (npatterns == 16)
                return cli_usage_error(cli, "at most 16 --path-pattern options");
            patterns[npatterns++] = g.arg;
            break;
        case O_QUIET: quiet = 1; break;
        case CLI_O_TIME_FORMAT: opts.time_format = g.arg; break;
        case O_STRICT: opts.strict = 1; break;
        case O_REPETITIONS: opts.repetitions = 1; break;
        case CLI_O_SUMMARY: summary.pattern = g.arg; break;
        case CLI_O_METRIC: summary.metric = g.arg; break;
        case CLI_O_UNIT: summary.unit = g.arg; break;
        case O_REPLACE: opts.replace = 1; break;
        case O_DRY_RUN: opts.dry_run = 1; break;
        case O_SET:
            if (!*g.arg || strlen(g.arg) > 200)
                return cli_usage_error(cli, "--set wants a name of 1 to 200 "
                                            "bytes");
            opts.set = g.arg;
            opts.replace_set = 1;
            break;
        case O_TAG: {
            char *k, *v;
            if (cli_split_kv(g.arg, &k, &v))
                return cli_usage_error(cli, "--tag wants K=V, not '%s'", g.arg);
            if (bdb_params_set(&tags, k, "%s", v))
                return cli_usage_error(cli, "--tag %s: too many tags, or too "
                                       "long", k);
            break;
        }
        case CLI_O_PARAM: {
            char *k, *v;
            if (cli_split_kv(g.arg, &k, &v))
                return cli_usage_error(cli, "--param wants K=V, not '%s'", g.arg);
            if (bdb_params_set(&params, k, "%s", v))
                return cli_usage_error(cli, "too many --param options");
            break;
        }
        default: return cli_opts_unhandled(&g);
        }
    }
    if (c < 0)
        return BDB_EXIT_USAGE;
    if (g.ind >= argc)
        return cli_usage_error(cli, "no file or folder given");
    if (opts.tool)
        opts.tool = cli_tool_alias(opts.tool);
    if (opts.tool && !bdb_parser_find(opts.tool)) {
        const char *near = cli_tool_suggest(opts.tool);
        cli_print_tools(stderr);
        if (near)
            fprintf(stderr, "did you mean '%s'?\n", near);
        return cli_usage_error(cli, "unknown tool '%s'", opts.tool);
    }
    opts.set_tags = &tags;
    for (int i = 0; i < npatterns; i++) {
        char why[200];
        if (bdb_path_pattern_check(patterns[i], why, sizeof why))
            return cli_usage_error(cli, "bad --path-pattern '%s': %s",
                                   patterns[i], why);
    }
    if (summary.pattern || summary.metric || summary.unit) {
        char why[200];
        summary.tool = opts.tool;
        if (!summary.pattern)
            return cli_usage_error(cli, "--metric and --unit go with --summary");
        if (bdb_summary_check(&summary, why, sizeof why))
            return cli_usage_error(cli, "--summary: %s", why);
        opts.summary = &summary;
        opts.tool = NULL;   /* the tool names the units, not a parser */
    }
    opts.path_pattern = patterns[0];
    opts.more_patterns = npatterns > 1 ? patterns + 1 : NULL;
    opts.params = &params;
    opts.warn = print_warning;
    opts.note = print_note;

    bdb_collected col = {0};
    if (bdb_import_collect(argv + g.ind, argc - g.ind, &col)) {
        bdb_collected_free(&col);
        return cli_error("out of memory while listing files");
    }
    const bdb_import_list files = col.files;
    /* The database is opened only with something to put in it: a path
     * that does not exist makes no empty database. A dry run reads it
     * when it is there, to say what is already present. */
    if (files.n && cli_store_open(cli, opts.dry_run, opts.dry_run)) {
        bdb_collected_free(&col);
        return BDB_EXIT_FAILED;
    }
    /* Every import is a run set: named, or the time of the import. */
    char default_set[64];
    if (!opts.set) {
        time_t now = time(NULL);
        struct tm tm;
        gmtime_r(&now, &tm);
        strftime(default_set, sizeof default_set, "%Y-%m-%dT%H:%M:%SZ", &tm);
        /* An earlier import in the same second made that set: this one is
         * another run, so another set ("...Z-2"). */
        size_t base = strlen(default_set);
        for (int k = 2; cli->store && !opts.dry_run && k < 1000 &&
                        set_exists(cli, default_set); k++)
            snprintf(default_set + base, sizeof default_set - base, "-%d", k);
        opts.set = default_set;
    }

    /* one file cannot be merged with another: no check, and none of the
     * memory it keeps per series */
    opts.merge = files.n > 1 ? bdb_merge_check_new() : NULL;
    if (files.n > 1 && !opts.merge) {
        bdb_collected_free(&col);
        return cli_error("out of memory");
    }
    size_t added = 0, present = 0, failed = col.failed.n, info = 0, results = 0,
           warnings = 0, replaced = 0, dry = 0;
    for (size_t i = 0; i < col.failed.n; i++)
        cli_line(stderr, "benchdb: %s\n", col.failed.paths[i]);
    for (size_t i = 0; i < col.skipped.n; i++)
        cli_line(stderr, "benchdb: %s\n", col.skipped.paths[i]);
    int progress = isatty(STDERR_FILENO) && files.n >= 20 && !quiet;
    /* the next files are read and parsed on a second core while this
     * thread writes (BDB_IMPORT_THREADS=1: not) */
    bdb_import_pipe *pipe = bdb_import_pipe_start(
        (const char *const *)files.paths, files.n, &opts, cli->store);
    cli_batch b = {0};
    for (size_t i = 0; i < files.n; i++) {
        bdb_import_result res;
        int solo = !opts.dry_run && file_is_large(pipe, i, files.paths[i]);
        if (solo || cli_batch_full(&b))
            batch_commit(cli, &b, &added, &results, &failed);
        if (!b.open && !opts.dry_run && !solo)
            cli_batch_open(cli->store, &b);
        b.files++;
        if (progress)
            fprintf(stderr, "\rimporting %zu/%zu", i + 1, files.n);
        int rc = pipe ? bdb_import_pipe_file(pipe, cli->store, i, &res)
                      : bdb_import_file(cli->store, files.paths[i], &opts,
                                        &res);
        if (progress)
            fputs("\r\033[K", stderr);
        if (rc && res.diag.code == BDB_ESTORE && !added && !replaced && !info &&
            !present) {
            /* the database refused the first file it was given (a
             * read-only file, a full disk): it would refuse them all, so
             * say it once */
            cli_error("%s: cannot write to the database: %s; nothing "
                      "imported", cli->db_path, res.diag.message);
            failed += files.n - i;
            break;
        }
        if (rc) {
            failed++;
            cli_print_diag("", &res.diag);
            continue;
        }
        char unread[64];
        switch (res.status) {
        case BDB_IMPORT_ADDED:
        case BDB_IMPORT_REPLACED:
            if (res.status == BDB_IMPORT_ADDED)
                added++;
            else
                replaced++;
            results += res.nresults;
            b.added++;
            b.results += res.nresults;
            warnings += res.nwarnings;
            if (!quiet)
                cli_line(stdout, "%s %s: %s, %zu results%s%s%s%s\n",
                       res.status == BDB_IMPORT_ADDED ? "imported" : "replaced",
                       files.paths[i], res.tools, res.nresults,
                       res.platform[0] ? " for " : "", res.platform,
                       res.nwarnings ? " (with warnings)" : "",
                       unread_text(&res, unread, sizeof unread));
            break;
        case BDB_IMPORT_DRY_RUN:
            dry++;
            results += res.nresults;
            warnings += res.nwarnings;
            if (!quiet)
                cli_line(stdout, "would %s %s: %s, %zu figures, platform %s, "
                       "parameters %s, %zu warnings%s\n",
                       res.present ? "replace" : "import", files.paths[i],
                       res.tools, res.nresults,
                       res.platform[0] ? res.platform : "(none)",
                       res.params[0] ? res.params : "(none)", res.nwarnings,
                       res.gzip ? " (gzip)" : "");
            break;
        case BDB_IMPORT_PRESENT:
            present++;
            if (!quiet)
                cli_line(stdout, "already present %s%s\n", files.paths[i],
                       opts.dry_run || !opts.replace
                           ? " (--replace reads it again with these options)"
                           : "");
            break;
        case BDB_IMPORT_PLATFORM_INFO:
            info++;
            if (!quiet)
                cli_line(stdout, "platform info %s: %s%s%s\n", files.paths[i], res.tools,
                       res.platform[0] ? " for " : "", res.platform);
            break;
        default: break;
        }
    }
    bdb_import_pipe_free(pipe);
    batch_commit(cli, &b, &added, &results, &failed);
    if (opts.dry_run) {
        printf("dry run: %zu would be imported or replaced (%zu figure%s, %zu "
               "warning%s), %zu already present, %zu failed; nothing written\n",
               dry, results, cli_s((long long)results), warnings,
               cli_s((long long)warnings), present, failed);
    } else {
        /* the figures are those of the files imported and replaced */
        if (replaced)
            printf("%zu imported, %zu replaced", added, replaced);
        else
            printf("%zu imported", added);
        printf(" (%zu result%s, %zu warning%s), %zu already present, %zu "
               "platform info, %zu failed\n", results, cli_s((long long)results),
               warnings, cli_s((long long)warnings), present, info, failed);
        char what[512];
        snprintf(what, sizeof what, "imported %zu file%s (%zu result%s)", added,
                 cli_s((long long)added), results, cli_s((long long)results));
        if (added || opts.replace_set) {
            size_t len = strlen(what);
            snprintf(what + len, sizeof what - len, " into set %s", opts.set);
        }
        if (replaced) {
            size_t len = strlen(what);
            snprintf(what + len, sizeof what - len, ", %zu replaced", replaced);
        }
        if (info) {
            size_t len = strlen(what);
            snprintf(what + len, sizeof what - len, ", %zu platform info", info);
        }
        if ((added || replaced || info) && cli_record(cli, "%s", what))
            cli_error("the import is done but could not be recorded in the "
                      "history: %s", bdb_store_errmsg(cli->store));
    }
    if (opts.merge && bdb_merge_check_report(opts.merge, print_merge, NULL) < 0)
        cli_error("out of memory while checking for merged files");
    bdb_merge_check_free(opts.merge);
    bdb_collected_free(&col);
    return failed ? BDB_EXIT_FAILED : BDB_EXIT_OK;
}
