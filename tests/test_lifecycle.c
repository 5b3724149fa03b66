/* test_lifecycle.c - the lifecycle verbs through the CLI, on real logs:
 * correcting imports (source set, import --replace, forget, platform
 * rename/merge/delete), run sets and tags, the history and benchdb log,
 * compare on a real before/after (nginx with and without keep-alive),
 * check on a real injected slowdown (openssl under cpulimit), filters
 * with lists, globs and ranges, suggestions, and gzip logs. */
#include "test_util.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

static char dir[512];
static char db[600];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "%s", tu_tmpdir());
    snprintf(db, sizeof db, "%s/b.sqlite", dir);
    return 0;
}

static int run(bdb_buf *out, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static int run(bdb_buf *out, const char *fmt, ...)
{
    char args[6000];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    bdb_buf_reset(out);
    int st = tu_run(out, "--db '%s' %s </dev/null", db, args);
    if (!out->data)
        bdb_buf_puts(out, "");
    return st;
}

static void has(const bdb_buf *b, const char *needle)
{
    if (!b->data || !strstr(b->data, needle))
        fail_msg("expected '%s' in:\n%s", needle, b->data ? b->data : "");
}

static void lacks(const bdb_buf *b, const char *needle)
{
    if (b->data && strstr(b->data, needle))
        fail_msg("did not expect '%s' in:\n%s", needle, b->data);
}

static json_t *json_of(const bdb_buf *b)
{
    json_error_t e;
    json_t *j = json_loads(b->data ? b->data : "", 0, &e);
    if (!j)
        fail_msg("not JSON (%s): %s", e.text, b->data ? b->data : "");
    return j;
}

static const char *K_OFF = "tests/fixtures/lifecycle/nginx-keepalive/off";
static const char *K_ON = "tests/fixtures/lifecycle/nginx-keepalive/on";

/* ---- correcting imports ------------------------------------------------ */

static void lifecycle__wrong_platform__corrected_by_source_set(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    char path[1024];
    snprintf(path, sizeof path, "%s", tu_path("samples/ab/html-c10.txt"));
    assert_int_equal(run(&out, "import --platform wrong-box '%s'", path), 0);
    /* importing again with the right platform changes nothing ... */
    assert_int_equal(run(&out, "import --platform right-box '%s'", path), 0);
    has(&out, "already present");
    /* ... source set moves the results, from the stored bytes */
    assert_int_equal(run(&out, "source set '%s' --platform right-box", path), 0);
    has(&out, "1 source changed");
    assert_int_equal(run(&out, "list results --metric requests_per_sec "
                               "--format csv"), 0);
    has(&out, "right-box");
    lacks(&out, "wrong-box");
    /* a parameter given, then dropped */
    assert_int_equal(run(&out, "source set '%s' --param gzip=0", path), 0);
    assert_int_equal(run(&out, "list results --param gzip=0 --metric "
                               "requests_per_sec --format csv"), 0);
    has(&out, "gzip=0");
    assert_int_equal(run(&out, "source set '%s' --unset-param gzip", path), 0);
    assert_int_equal(run(&out, "list series --format csv"), 0);
    lacks(&out, "gzip=0");
    /* a parameter the log prints cannot be unset */
    assert_int_equal(run(&out, "source set '%s' --unset-param concurrency", path), 1);
    has(&out, "no parameter 'concurrency' given at import");
    /* every change is in the history, with its command line */
    assert_int_equal(run(&out, "log --format json"), 0);
    json_t *j = json_of(&out);
    assert_int_equal(json_array_size(j), 4);
    const char *cmd = json_string_value(json_object_get(json_array_get(j, 1),
                                                        "command"));
    assert_non_null(strstr(cmd, "source set"));
    assert_non_null(strstr(cmd, "--platform right-box"));
    assert_non_null(json_string_value(json_object_get(json_array_get(j, 1),
                                                      "user")));
    json_decref(j);
    bdb_buf_free(&out);
}

static void lifecycle__import_replace__rereads_with_the_options_given_now(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    char path[1024];
    snprintf(path, sizeof path, "%s", tu_path("samples/ab/html-c100.txt"));
    assert_int_equal(run(&out, "import --set march --platform x86-A --param "
                               "kernel=5.10 '%s'", path), 0);
    assert_int_equal(run(&out, "import --replace --platform x86-B --param "
                               "kernel=6.1 '%s'", path), 0);
    has(&out, "replaced");
    has(&out, "1 replaced");
    assert_int_equal(run(&out, "list results --metric requests_per_sec "
                               "--format csv"), 0);
    has(&out, "x86-B");
    has(&out, "kernel=6.1");
    lacks(&out, "x86-A");
    lacks(&out, "kernel=5.10");
    /* one source, still in its set: a correction keeps its place in time */
    assert_int_equal(run(&out, "list sources --format json"), 0);
    json_t *j = json_of(&out);
    assert_int_equal(json_array_size(j), 1);
    assert_string_equal(json_string_value(json_object_get(json_array_get(j, 0),
                                                          "set")), "march");
    json_decref(j);
    /* a replacement that cannot be read changes nothing */
    assert_int_equal(run(&out, "import --replace --tool wrk --platform "
                               "x86-C '%s'", path), 1);
    assert_int_equal(run(&out, "list results --metric requests_per_sec "
                               "--format csv"), 0);
    has(&out, "x86-B");
    lacks(&out, "x86-C");
    /* dry run: what it would give, nothing written */
    assert_int_equal(run(&out, "import --dry-run --replace --param "
                               "kernel=6.2 '%s'", path), 0);
    has(&out, "would replace");
    has(&out, "kernel=6.2");
    has(&out, "nothing written");
    assert_int_equal(run(&out, "list series --format csv"), 0);
    lacks(&out, "kernel=6.2");
    bdb_buf_free(&out);
}

static void lifecycle__dry_run__needs_no_database_and_creates_none(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(run(&out, "import --dry-run --platform p '%s'",
                         tu_path("samples/ab/html-c10.txt")), 0);
    has(&out, "would import");
    has(&out, "platform p");
    has(&out, "concurrency=10");    /* what every figure of it carries */
    struct stat sb;
    assert_int_not_equal(stat(db, &sb), 0);
    bdb_buf_free(&out);
}

static void lifecycle__forget__source_gone_from_every_report(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(run(&out, "import -q --repetitions --platform a '%s'",
                         tu_path(K_OFF)), 0);
    assert_int_equal(run(&out, "import -q --repetitions --platform b '%s'",
                         tu_path(K_ON)), 0);
    assert_int_equal(run(&out, "list sources --format json"), 0);
    json_t *j = json_of(&out);
    assert_int_equal(json_array_size(j), 16);
    char sha[16];
    snprintf(sha, sizeof sha, "%.8s", json_string_value(json_object_get(
                                           json_array_get(j, 0), "sha256")));
    const char *gone = json_string_value(json_object_get(json_array_get(j, 0),
                                                         "path"));
    char gone_path[1024];
    snprintf(gone_path, sizeof gone_path, "%s", gone);
    json_decref(j);
    /* no terminal to ask on: refused without --yes */
    assert_int_equal(run(&out, "forget %s", sha), 2);
    has(&out, "--yes");
    assert_int_equal(run(&out, "forget --dry-run %s", sha), 0);
    has(&out, "would forget");
    assert_int_equal(run(&out, "forget --yes %s", sha), 0);
    has(&out, "1 source forgotten");
    const char *views[] = {"list results --format csv", "list sources",
                           "report --format json --all", "report --format csv --all",
                           "report --format md --all"};
    for (size_t i = 0; i < sizeof views / sizeof views[0]; i++) {
        assert_int_equal(run(&out, "%s", views[i]), 0);
        lacks(&out, gone_path);
    }
    /* a whole platform by selection */
    assert_int_equal(run(&out, "forget --yes --platform b"), 0);
    has(&out, "8 sources forgotten");
    assert_int_equal(run(&out, "list results --format csv"), 0);
    lacks(&out, "\nb,");
    /* names that designate nothing are said */
    assert_int_equal(run(&out, "forget --yes no-such-file.txt"), 2);
    has(&out, "no source is 'no-such-file.txt'");
    assert_int_equal(run(&out, "forget --yes"), 2);
    assert_int_equal(run(&out, "log"), 0);
    has(&out, "forgot 1 source (");
    has(&out, "forgot 8 sources");
    bdb_buf_free(&out);
}

static void lifecycle__platform_rename_merge_delete(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(run(&out, "import -q --platform x86a '%s'",
                         tu_path("samples/ab/html-c10.txt")), 0);
    assert_int_equal(run(&out, "import -q --platform x86-B '%s'",
                         tu_path("samples/ab/html-c1.txt")), 0);
    assert_int_equal(run(&out, "platform add x86-B --cores 8"), 0);
    assert_int_equal(run(&out, "platform rename x86a x86-A"), 0);
    assert_int_equal(run(&out, "platform rename x86-A x86-B"), 1);
    has(&out, "platform merge");
    assert_int_equal(run(&out, "platform rename nope x"), 2);
    has(&out, "no platform named 'nope'; known: x86-A, x86-B");
    assert_int_equal(run(&out, "platform delete x86-A"), 1);
    has(&out, "--with-results");
    assert_int_equal(run(&out, "platform add x86-A --cpu 'Xeon E5'"), 0);
    assert_int_equal(run(&out, "platform merge x86-A INTO x86-B"), 0);
    assert_int_equal(run(&out, "platform show x86-B"), 0);
    has(&out, "Xeon E5");   /* an empty field filled from A */
    has(&out, "8");         /* B's own kept */
    assert_int_equal(run(&out, "list results --metric requests_per_sec --format csv"), 0);
    lacks(&out, "x86-A");
    assert_int_equal(run(&out, "platform delete x86-B --with-results"), 0);
    assert_int_equal(run(&out, "list results --format csv"), 0);
    lacks(&out, "x86-B");
    assert_int_equal(run(&out, "list sources --format json"), 0);
    json_t *j = json_of(&out);
    assert_int_equal(json_array_size(j), 0);
    json_decref(j);
    assert_int_equal(run(&out, "log"), 0);
    has(&out, "renamed to 'x86-A'");
    has(&out, "merged into 'x86-B'");
    has(&out, "deleted with its results");
    bdb_buf_free(&out);
}

/* ---- sets, tags, history ------------------------------------------------ */

static void lifecycle__sets_and_tags__select_reports_and_rename(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(run(&out, "import -q --repetitions --platform local "
                               "--set march --tag config=default '%s'",
                         tu_path(K_OFF)), 0);
    assert_int_equal(run(&out, "import -q --repetitions --platform local "
                               "--set june --tag config=keepalive '%s'",
                         tu_path(K_ON)), 0);
    assert_int_equal(run(&out, "set list --format json"), 0);
    json_t *j = json_of(&out);
    assert_int_equal(json_array_size(j), 2);
    assert_string_equal(json_string_value(json_object_get(json_array_get(j, 0),
                                                          "set")), "march");
    assert_string_equal(json_string_value(json_object_get(json_array_get(j, 1),
                                                          "tags")),
                        "config=keepalive");
    json_decref(j);
    /* each selection gives only its set's 8 runs */
    assert_int_equal(run(&out, "list results --set june --metric "
                               "requests_per_sec --format json"), 0);
    j = json_of(&out);
    assert_int_equal(json_array_size(j), 8);
    json_decref(j);
    assert_int_equal(run(&out, "list results --tag config=default --metric "
                               "requests_per_sec --format json"), 0);
    j = json_of(&out);
    assert_int_equal(json_array_size(j), 8);
    for (size_t i = 0; i < 8; i++)
        assert_non_null(strstr(json_string_value(json_object_get(
                                   json_array_get(j, i), "params")),
                               "keepalive=0"));
    json_decref(j);
    assert_int_equal(run(&out, "report --set june --all --format json"), 0);
    has(&out, "keepalive=1");
    lacks(&out, "keepalive=0");
    assert_int_equal(run(&out, "set rename june june-tuned"), 0);
    assert_int_equal(run(&out, "list results --set 'june*' --metric "
                               "requests_per_sec --format json"), 0);
    j = json_of(&out);
    assert_int_equal(json_array_size(j), 8);
    json_decref(j);
    assert_int_equal(run(&out, "report --set june"), 2);
    has(&out, "no set named 'june'; known: march, june-tuned");
    assert_int_equal(run(&out, "set tag march kernel=6.1"), 0);
    assert_int_equal(run(&out, "list results --tag kernel=6.1 --metric "
                               "requests_per_sec --format json"), 0);
    j = json_of(&out);
    assert_int_equal(json_array_size(j), 8);
    json_decref(j);
    assert_int_equal(run(&out, "list sources --set march --format json"), 0);
    j = json_of(&out);
    assert_int_equal(json_array_size(j), 8);
    json_decref(j);
    /* a set left without sources goes with its tags */
    assert_int_equal(run(&out, "forget --yes --set june-tuned"), 0);
    assert_int_equal(run(&out, "set list --format json"), 0);
    j = json_of(&out);
    assert_int_equal(json_array_size(j), 1);
    json_decref(j);
    bdb_buf_free(&out);
}

static void lifecycle__history__masks_passwords_in_connection_strings(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(run(&out, "import -q --tag "
                               "'db=postgresql://bench:s3cret@db.lab/results' "
                               "--tag 'dsn=host=x password=hunter2 user=u' '%s'",
                         tu_path("samples/ab/html-c10.txt")), 0);
    assert_int_equal(run(&out, "log"), 0);
    has(&out, "postgresql://bench:***@db.lab/results");
    has(&out, "password=***");
    lacks(&out, "s3cret");
    lacks(&out, "hunter2");
    bdb_buf_free(&out);
}

/* ---- compare and check on real runs ------------------------------------- */

/* The "Requests per second:" figures of the 8 ab runs of a folder, read
 * from the raw text (no parser), into v; returns their mean: the figure
 * compare must show as that side's mean. */
static double raw_rps(const char *folder, const char *stem, double v[8])
{
    double sum = 0;
    int n = 0;
    for (int i = 1; i <= 8; i++) {
        char rel[512];
        snprintf(rel, sizeof rel, "%s/%s%d.txt", folder, stem, i);
        size_t len;
        char *text = tu_read(rel, &len);
        const char *p = strstr(text, "Requests per second:");
        assert_non_null(p);
        v[n] = strtod(p + strlen("Requests per second:"), NULL);
        sum += v[n++];
        free(text);
    }
    return sum / n;
}

static void lifecycle__compare_keepalive__on_wins_in_every_format(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(run(&out, "import -q --repetitions --platform local "
                               "--set ka-off '%s'", tu_path(K_OFF)), 0);
    assert_int_equal(run(&out, "import -q --repetitions --platform local "
                               "--set ka-on '%s'", tu_path(K_ON)), 0);
    /* keepalive is a parameter of the series: without --ignore-param the
     * two sets share no series */
    assert_int_equal(run(&out, "compare ka-off ka-on --metric requests_per_sec"), 1);
    has(&out, "no series of the selection has values in both");
    assert_int_equal(run(&out, "compare ka-off ka-on --metric "
                               "requests_per_sec,transfer_rate --ignore-param "
                               "keepalive --format json"), 0);
    json_t *j = json_of(&out);
    json_t *rows = json_object_get(j, "rows");
    assert_int_equal(json_array_size(rows), 2);
    json_t *rps = NULL;
    for (size_t i = 0; i < 2; i++)
        if (strcmp(json_string_value(json_object_get(json_array_get(rows, i),
                                                     "metric")),
                   "requests_per_sec") == 0)
            rps = json_array_get(rows, i);
    assert_non_null(rps);
    double old_mean = json_real_value(json_object_get(json_object_get(rps, "old"), "mean"));
    double new_mean = json_real_value(json_object_get(json_object_get(rps, "new"), "mean"));
    double vo[8], vn[8];
    assert_true(fabs(old_mean - raw_rps(K_OFF, "ab-c10-run", vo)) < 1e-6 * old_mean);
    assert_true(fabs(new_mean - raw_rps(K_ON, "ab-k-c10-run", vn)) < 1e-6 * new_mean);
    /* U of the old side: pairs where an old run beat a new one */
    double u = 0;
    for (int a = 0; a < 8; a++)
        for (int b = 0; b < 8; b++)
            u += vo[a] > vn[b] ? 1 : vo[a] == vn[b] ? 0.5 : 0;
    assert_string_equal(json_string_value(json_object_get(rps, "verdict")), "better");
    assert_string_equal(json_string_value(json_object_get(rps, "mark")), "+");
    json_t *mw = json_object_get(rps, "mann_whitney");
    assert_true(fabs(json_real_value(json_object_get(mw, "u")) - u) < 1e-9);
    assert_true(u < 8);     /* nearly every pair: keep-alive wins */
    assert_string_equal(json_string_value(json_object_get(mw, "method")), "exact");
    double p = json_real_value(json_object_get(mw, "p_adjusted"));
    assert_true(p < 0.01);
    double delta = json_real_value(json_object_get(json_object_get(rps, "delta"), "value"));
    assert_true(fabs(delta - (new_mean / old_mean - 1)) < 1e-9);
    assert_true(delta > 1.0);   /* more than twice as fast */
    assert_true(json_real_value(json_object_get(json_object_get(j, "geomean"),
                                                "value")) > 2.0);
    json_decref(j);
    /* the other formats */
    assert_int_equal(run(&out, "compare ka-off ka-on --metric requests_per_sec "
                               "--ignore-param keepalive"), 0);
    has(&out, "requests_per_sec");
    has(&out, "geometric mean of the ratios");
    assert_int_equal(run(&out, "compare ka-off ka-on --metric requests_per_sec "
                               "--ignore-param keepalive --format md"), 0);
    has(&out, "| series | platform |");
    assert_int_equal(run(&out, "compare ka-off ka-on --metric requests_per_sec "
                               "--ignore-param keepalive --format csv"), 0);
    has(&out, "p_mann_whitney");
    has(&out, ",better,");
    assert_int_equal(run(&out, "compare ka-off ka-on --ignore-param keepalive "
                               "--metric requests_per_sec --format html"), 0);
    has(&out, "<table>");
    char xlsx[700];
    snprintf(xlsx, sizeof xlsx, "%s/c.xlsx", dir);
    assert_int_equal(run(&out, "compare ka-off ka-on --ignore-param keepalive "
                               "--format xlsx -o '%s'", xlsx), 0);
    struct stat sb;
    assert_int_equal(stat(xlsx, &sb), 0);
    assert_true(sb.st_size > 1000);
    /* tags and platforms as sides */
    assert_int_equal(run(&out, "compare nope ka-on"), 2);
    has(&out, "neither a set nor a platform");
    bdb_buf_free(&out);
}

static void lifecycle__check__exits_3_on_a_real_slowdown_and_0_on_the_rerun(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    const char *F = "tests/fixtures/lifecycle/openssl-cpulimit";
    char p[800];
    snprintf(p, sizeof p, "%s/base", F);
    assert_int_equal(run(&out, "import -q --repetitions --platform local "
                               "--set base '%s'", tu_path(p)), 0);
    /* one set: nothing to check against */
    assert_int_equal(run(&out, "check"), 1);
    snprintf(p, sizeof p, "%s/limited", F);
    assert_int_equal(run(&out, "import -q --repetitions --platform local "
                               "--set limited --tag cpulimit=10 '%s'",
                         tu_path(p)), 0);
    assert_int_equal(run(&out, "check"), 3);
    has(&out, "REGRESSION");
    has(&out, "1 regression");
    assert_int_equal(run(&out, "check --format md"), 3);
    has(&out, "**1 regression**");
    has(&out, "base → limited");
    assert_int_equal(run(&out, "check --format json"), 3);
    json_t *j = json_of(&out);
    assert_int_equal(json_integer_value(json_object_get(j, "regressions")), 1);
    json_decref(j);
    /* a threshold above the slowdown (about -72%) lets it pass */
    assert_int_equal(run(&out, "check --threshold 80%%"), 0);
    snprintf(p, sizeof p, "%s/rerun", F);
    assert_int_equal(run(&out, "import -q --repetitions --platform local "
                               "--set rerun '%s'", tu_path(p)), 0);
    assert_int_equal(run(&out, "check"), 0);
    has(&out, "0 regressions");
    assert_int_equal(run(&out, "check --baseline base"), 0);
    assert_int_equal(run(&out, "check --last 2"), 0);
    /* an explicit newest set and baseline: the slowdown again */
    assert_int_equal(run(&out, "check --baseline base --set limited"), 3);
    assert_int_equal(run(&out, "check --baseline bsae"), 2);
    has(&out, "did you mean 'base'?");
    bdb_buf_free(&out);
}

/* ---- filters and typos -------------------------------------------------- */

static void lifecycle__filters__lists_globs_ranges_and_unknown_names(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    /* tu_path() is one static buffer: one path per call */
    assert_int_equal(run(&out, "import -q --platform x86-A '%s'",
                         tu_path("samples/ab/html-c1.txt")), 0);
    assert_int_equal(run(&out, "import -q --platform x86-A '%s'",
                         tu_path("samples/ab/html-c10.txt")), 0);
    assert_int_equal(run(&out, "import -q --platform x86-A '%s'",
                         tu_path("samples/ab/html-c100.txt")), 0);
    assert_int_equal(run(&out, "list results --metric requests_per_sec "
                               "--param concurrency=1..20 --format json"), 0);
    json_t *j = json_of(&out);
    assert_int_equal(json_array_size(j), 2);
    json_decref(j);
    assert_int_equal(run(&out, "list results --metric requests_per_sec "
                               "--param concurrency=50.. --format json"), 0);
    j = json_of(&out);
    assert_int_equal(json_array_size(j), 1);
    json_decref(j);
    assert_int_equal(run(&out, "list results --metric 'requests_per_sec,"
                               "time_taken' --param concurrency=1,100 "
                               "--format json"), 0);
    j = json_of(&out);
    assert_int_equal(json_array_size(j), 4);
    json_decref(j);
    assert_int_equal(run(&out, "list series --metric 'latency_p9*' "
                               "--param concurrency=10 --format json"), 0);
    j = json_of(&out);
    assert_int_equal(json_array_size(j), 4);   /* p90 p95 p98 p99 */
    json_decref(j);
    assert_int_equal(run(&out, "list results --platform x86a"), 2);
    has(&out, "no platform named 'x86a'; known: x86-A");
    has(&out, "did you mean 'x86-A'?");
    assert_int_equal(run(&out, "list results --metric 'nothing*'"), 2);
    has(&out, "no metric matches 'nothing*'");
    assert_int_equal(run(&out, "list results --tool apachebench --metric "
                               "requests_per_sec --format json"), 0);
    j = json_of(&out);
    assert_int_equal(json_array_size(j), 3);
    json_decref(j);
    assert_int_equal(run(&out, "list results --tool fiio"), 2);
    has(&out, "tools benchdb reads: ab wrk");
    assert_int_equal(run(&out, "report --platforms 'x86-*' --all --format csv"), 0);
    bdb_buf_free(&out);
}

static void lifecycle__typos__commands_and_flags_get_a_suggestion(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(run(&out, "improt x"), 2);
    has(&out, "did you mean 'import'?");
    assert_int_equal(run(&out, "comapre a b"), 2);
    has(&out, "did you mean 'compare'?");
    assert_int_equal(run(&out, "import --platfrom x y"), 2);
    has(&out, "did you mean '--platform'?");
    assert_int_equal(run(&out, "import --tool opensl x"), 2);
    has(&out, "did you mean 'openssl-speed'?");
    assert_int_equal(run(&out, "platform renmae a b"), 2);
    has(&out, "did you mean 'platform rename'?");
    const char *cmds[] = {"forget", "source", "set", "log", "compare", "check",
                          "history"};
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        assert_int_equal(run(&out, "%s --help", cmds[i]), 0);
        has(&out, "usage: benchdb");
    }
    bdb_buf_free(&out);
}

static void lifecycle__tool_aliases__import_as_the_parser_named(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(run(&out, "import --dry-run --tool 'openssl speed' '%s'",
                         tu_path("tests/fixtures/lifecycle/openssl-cpulimit/"
                                 "base/sha256-run1.txt")), 0);
    has(&out, "openssl-speed, 1 figures");
    assert_int_equal(run(&out, "import --dry-run --tool redis '%s'",
                         tu_path("samples/ab/html-c10.txt")), 1);
    bdb_buf_free(&out);
}

/* ---- gzip ----------------------------------------------------------------- */

static void gzip_to(const char *rel, const char *out_path)
{
    size_t len;
    char *text = tu_read(rel, &len);
    gzFile g = gzopen(out_path, "wb");
    assert_non_null(g);
    assert_int_equal(gzwrite(g, text, (unsigned)len), (int)len);
    assert_int_equal(gzclose(g), Z_OK);
    free(text);
}

static void lifecycle__gzip_logs__read_as_the_logs_they_hold(void **state)
{
    (void)state;
    bdb_buf out, plain;
    bdb_buf_init(&out);
    bdb_buf_init(&plain);
    char gz[700];
    snprintf(gz, sizeof gz, "%s/html-c10.txt.gz", dir);
    gzip_to("samples/ab/html-c10.txt", gz);
    assert_int_equal(tu_run(&plain, "parse '%s'", tu_path("samples/ab/html-c10.txt")), 0);
    assert_int_equal(run(&out, "import --dry-run '%s'", gz), 0);
    has(&out, "(gzip)");
    assert_int_equal(run(&out, "import --platform p '%s'", gz), 0);
    has(&out, "ab, ");
    assert_int_equal(run(&out, "list results --metric requests_per_sec --format csv"), 0);
    has(&out, "19429.93");      /* html-c10.txt:32, as printed */
    /* the digest is of the bytes as stored: the .gz file */
    size_t glen;
    bdb_buf gzbytes;
    bdb_buf_init(&gzbytes);
    char msg[200];
    assert_int_equal(bdb_buf_read_file(&gzbytes, gz, msg, sizeof msg), 0);
    glen = gzbytes.len;
    assert_int_equal(run(&out, "list sources --format json"), 0);
    json_t *j = json_of(&out);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(j, 0),
                                                        "size")), (json_int_t)glen);
    json_decref(j);
    bdb_buf_free(&gzbytes);
    assert_int_equal(run(&out, "reparse --all"), 0);
    has(&out, "1 reparsed");
    assert_int_equal(run(&out, "source set 1 --param gz=1"), 0);
    /* a damaged stream fails with a message, not a crash */
    char bad[700];
    snprintf(bad, sizeof bad, "%s/cut.txt.gz", dir);
    FILE *f = fopen(gz, "rb"), *w = fopen(bad, "wb");
    assert_non_null(f);
    assert_non_null(w);
    char chunk[64];
    size_t n = fread(chunk, 1, sizeof chunk, f);
    fwrite(chunk, 1, n, w);
    fclose(f);
    fclose(w);
    assert_int_equal(run(&out, "import '%s'", bad), 1);
    has(&out, "truncated");
    bdb_buf_free(&out);
    bdb_buf_free(&plain);
}

/* The sha256 figure of openssl speed's last line ("sha256  566837.25k"),
 * from the raw text: 1000s of bytes per second (apps/speed.c prints
 * "The 'numbers' are in 1000s of bytes per second processed."). */
static double raw_sha256_mean(const char *folder)
{
    double sum = 0;
    for (int i = 1; i <= 5; i++) {
        char rel[512];
        snprintf(rel, sizeof rel, "tests/fixtures/lifecycle/openssl-cpulimit/"
                 "%s/sha256-run%d.txt", folder, i);
        size_t len;
        char *text = tu_read(rel, &len);
        const char *p = strstr(text, "\nsha256 ");
        assert_non_null(p);
        sum += strtod(p + 8, NULL) * 1000;
        free(text);
    }
    return sum / 5;
}

static void lifecycle__history__sets_in_time_with_change_points_and_charts(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    const char *sets[] = {"base", "limited", "rerun"};
    for (int i = 0; i < 3; i++) {
        char rel[300];
        snprintf(rel, sizeof rel, "tests/fixtures/lifecycle/openssl-cpulimit/%s",
                 sets[i]);
        assert_int_equal(run(&out, "import -q --repetitions --platform local "
                                   "--set %s '%s'", sets[i], tu_path(rel)), 0);
    }
    assert_int_equal(run(&out, "history throughput --format json"), 0);
    json_t *j = json_of(&out);
    json_t *s0 = json_array_get(json_object_get(j, "series"), 0);
    json_t *pts = json_object_get(s0, "sets");
    assert_int_equal(json_array_size(pts), 3);
    for (int i = 0; i < 3; i++) {
        json_t *p = json_array_get(pts, (size_t)i);
        assert_string_equal(json_string_value(json_object_get(p, "set")), sets[i]);
        double mean = json_real_value(json_object_get(p, "mean"));
        double raw = raw_sha256_mean(sets[i]);
        assert_true(fabs(mean - raw) < 1e-6 * raw);
    }
    /* the slowdown starts at 'limited' and ends at 'rerun' */
    assert_false(json_is_true(json_object_get(json_array_get(pts, 0), "change")));
    assert_true(json_is_true(json_object_get(json_array_get(pts, 1), "change")));
    assert_true(json_is_true(json_object_get(json_array_get(pts, 2), "change")));
    assert_true(json_real_value(json_object_get(json_array_get(pts, 1), "shift")) < -0.5);
    json_decref(j);
    assert_int_equal(run(&out, "history --metric throughput"), 0);
    has(&out, "change point");
    has(&out, "E-divisive means as Apache Otava");
    char charts[700];
    snprintf(charts, sizeof charts, "%s/charts", dir);
    assert_int_equal(run(&out, "history --format png -o '%s'", charts), 0);
    has(&out, "1 chart written");
    assert_int_equal(run(&out, "history --format svg -o '%s'", charts), 0);
    assert_int_equal(run(&out, "history --format html"), 0);
    has(&out, "<svg");
    has(&out, "<tr class=\"tone-change\">");
    assert_int_equal(run(&out, "history --format csv"), 0);
    has(&out, "limited");
    assert_int_equal(run(&out, "history --set nope"), 2);
    bdb_buf_free(&out);
}

/* set mark --new-baseline and note, on the cpulimit history: the mark
 * makes 'limited' a new distribution (no change point there, and check
 * --last pools nothing before it); notes on a set, on a series and on a
 * series at a set show in text, CSV, JSON and HTML, and the charts are
 * drawn with them. */
static void lifecycle__marks_and_notes__shown_in_every_history_output(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    const char *sets[] = {"base", "limited", "rerun"};
    for (int i = 0; i < 3; i++) {
        char rel[300];
        snprintf(rel, sizeof rel, "tests/fixtures/lifecycle/openssl-cpulimit/%s",
                 sets[i]);
        assert_int_equal(run(&out, "import -q --repetitions --platform local "
                                   "--set %s '%s'", sets[i], tu_path(rel)), 0);
    }
    assert_int_equal(run(&out, "set mark limited --new-baseline"), 0);
    has(&out, "set 'limited' marked as a new baseline");
    assert_int_equal(run(&out, "note --set limited 'cpulimit -l 25 <b>'"), 0);
    has(&out, "1 note added");
    assert_int_equal(run(&out, "note --tool openssl-speed --benchmark sha256 "
                               "--metric throughput 'OpenSSL 3.0 build'"), 0);
    assert_int_equal(run(&out, "note --set rerun --tool openssl-speed "
                               "--benchmark sha256 --metric throughput "
                               "--params block_size=16384,elapsed=1 "
                               "'limit lifted'"), 0);
    /* refused: no such set, no such series, nothing to note */
    assert_int_equal(run(&out, "note --set nope 'x'"), 2);
    has(&out, "no set named 'nope'");
    assert_int_equal(run(&out, "note --tool openssl-speed --benchmark md5 "
                               "--metric throughput 'x'"), 1);
    has(&out, "no series openssl-speed md5 throughput");
    assert_int_equal(run(&out, "note 'x'"), 2);
    assert_int_equal(run(&out, "set mark nope --new-baseline"), 2);
    assert_int_equal(run(&out, "history throughput --format json"), 0);
    json_t *j = json_of(&out);
    json_t *s0 = json_array_get(json_object_get(j, "series"), 0);
    json_t *pts = json_object_get(s0, "sets");
    assert_string_equal(json_string_value(json_array_get(
                            json_object_get(s0, "notes"), 0)),
                        "OpenSSL 3.0 build");
    json_t *lim = json_array_get(pts, 1), *re = json_array_get(pts, 2);
    assert_true(json_is_true(json_object_get(lim, "new_baseline")));
    assert_false(json_is_true(json_object_get(lim, "change")));
    assert_string_equal(json_string_value(json_array_get(
                            json_object_get(lim, "notes"), 0)),
                        "cpulimit -l 25 <b>");
    /* the rise after the limit is still found, within the new stretch */
    assert_true(json_is_true(json_object_get(re, "change")));
    assert_string_equal(json_string_value(json_array_get(
                            json_object_get(re, "notes"), 0)),
                        "limit lifted");
    assert_int_equal(json_array_size(json_object_get(
                         json_array_get(pts, 0), "notes")), 0);
    json_decref(j);
    assert_int_equal(run(&out, "history throughput"), 0);
    has(&out, "  note: OpenSSL 3.0 build");
    has(&out, "new baseline");
    /* a set's notes in the notes column of its row (history's table) */
    has(&out, "  notes\n");
    has(&out, "cpulimit -l 25 <b>\n");
    has(&out, "limit lifted\n");
    assert_int_equal(run(&out, "history throughput --format csv"), 0);
    has(&out, "change_p,shift,new_baseline,notes");
    has(&out, ",1,cpulimit -l 25 <b>");
    assert_int_equal(run(&out, "history throughput --format html"), 0);
    has(&out, "cpulimit -l 25 &lt;b&gt;");
    has(&out, "<p class=\"note\">note: OpenSSL 3.0 build</p>");
    char charts[700];
    snprintf(charts, sizeof charts, "%s/marked", dir);
    assert_int_equal(run(&out, "history throughput --format png -o '%s'",
                         charts), 0);
    has(&out, "1 chart written");
    /* check --last 2 of rerun pools 'limited' alone, not 'base' too */
    assert_int_equal(run(&out, "check --last 2 --metric throughput "
                               "--format json"), 0);
    j = json_of(&out);
    json_t *row = json_array_get(json_object_get(j, "rows"), 0);
    assert_string_equal(json_string_value(json_object_get(
                            json_object_get(row, "old"), "label")), "limited");
    json_decref(j);
    assert_int_equal(run(&out, "log"), 0);
    has(&out, "marked as a new baseline");
    has(&out, "note added");
    assert_int_equal(run(&out, "set mark limited --clear"), 0);
    assert_int_equal(run(&out, "history throughput --format json"), 0);
    j = json_of(&out);
    lim = json_array_get(json_object_get(json_array_get(
                             json_object_get(j, "series"), 0), "sets"), 1);
    assert_false(json_is_true(json_object_get(lim, "new_baseline")));
    json_decref(j);
    bdb_buf_free(&out);
}

static void lifecycle__older_database__gets_a_set_per_import_day(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    size_t len;
    char *bytes = tu_read("tests/fixtures/store/schema-v1.sqlite", &len);
    FILE *f = fopen(db, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, len, f), len);
    fclose(f);
    free(bytes);
    assert_int_equal(run(&out, "set list"), 1);     /* read-only: asks for init */
    has(&out, "benchdb init");
    assert_int_equal(run(&out, "init"), 0);
    assert_int_equal(run(&out, "list sources --format json"), 0);
    json_t *j = json_of(&out);
    assert_true(json_array_size(j) >= 1);
    for (size_t i = 0; i < json_array_size(j); i++) {
        json_t *src = json_array_get(j, i);
        const char *at = json_string_value(json_object_get(src, "imported_at"));
        const char *set = json_string_value(json_object_get(src, "set"));
        assert_int_equal(strlen(set), 10);
        assert_int_equal(strncmp(at, set, 10), 0);
    }
    json_decref(j);
    assert_int_equal(run(&out, "log --format json"), 0);
    j = json_of(&out);
    assert_int_equal(json_array_size(j), 0);
    json_decref(j);
    bdb_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(lifecycle__wrong_platform__corrected_by_source_set, setup),
        cmocka_unit_test_setup(lifecycle__import_replace__rereads_with_the_options_given_now, setup),
        cmocka_unit_test_setup(lifecycle__dry_run__needs_no_database_and_creates_none, setup),
        cmocka_unit_test_setup(lifecycle__forget__source_gone_from_every_report, setup),
        cmocka_unit_test_setup(lifecycle__platform_rename_merge_delete, setup),
        cmocka_unit_test_setup(lifecycle__sets_and_tags__select_reports_and_rename, setup),
        cmocka_unit_test_setup(lifecycle__history__masks_passwords_in_connection_strings, setup),
        cmocka_unit_test_setup(lifecycle__compare_keepalive__on_wins_in_every_format, setup),
        cmocka_unit_test_setup(lifecycle__check__exits_3_on_a_real_slowdown_and_0_on_the_rerun, setup),
        cmocka_unit_test_setup(lifecycle__filters__lists_globs_ranges_and_unknown_names, setup),
        cmocka_unit_test_setup(lifecycle__typos__commands_and_flags_get_a_suggestion, setup),
        cmocka_unit_test_setup(lifecycle__tool_aliases__import_as_the_parser_named, setup),
        cmocka_unit_test_setup(lifecycle__gzip_logs__read_as_the_logs_they_hold, setup),
        cmocka_unit_test_setup(lifecycle__history__sets_in_time_with_change_points_and_charts, setup),
        cmocka_unit_test_setup(lifecycle__marks_and_notes__shown_in_every_history_output, setup),
        cmocka_unit_test_setup(lifecycle__older_database__gets_a_set_per_import_day, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
