/* test_tables.c - the tables people read and scripts parse, through the
 * benchdb binary: parameters in numeric order in every format and list,
 * and every table-printing command within 100 columns. */
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

static char dir[512];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "%s", tu_tmpdir());
    return 0;
}

/* The clients values of the rows of out that hold needle, in their order
 * of first appearance, as "1 2 3" (each value once). */
static void clients_order(const char *out, const char *needle, char *got,
                          size_t gotsz)
{
    got[0] = '\0';
    char seen[64][16];
    size_t nseen = 0;
    for (const char *l = out; *l;) {
        const char *nl = strchr(l, '\n');
        size_t len = nl ? (size_t)(nl - l) : strlen(l);
        char line[4096];
        snprintf(line, sizeof line, "%.*s", (int)(len < 4095 ? len : 4095), l);
        const char *c = strstr(line, "clients=");
        if (strstr(line, needle) && c) {
            char v[16];
            size_t n = strspn(c + 8, "0123456789");
            snprintf(v, sizeof v, "%.*s", (int)(n < 15 ? n : 15), c + 8);
            size_t i = 0;
            while (i < nseen && strcmp(seen[i], v) != 0)
                i++;
            if (i == nseen && nseen < 64) {
                snprintf(seen[nseen++], sizeof seen[0], "%s", v);
                size_t gl = strlen(got);
                snprintf(got + gl, gotsz - gl, "%s%s", gl ? " " : "", v);
            }
        }
        l = nl ? nl + 1 : l + len;
    }
}

/* Seed 003's redis-benchmark --csv runs keep the client count in their
 * names (reds-bench-{1,2,3,4,8,20}.csv): 20 comes after 8 in the HTML
 * and CSV reports and in list results and series, as in the text report
 * (it came between 2 and 3: the parameters sorted as text). */
static void tables__clients__sort_as_numbers_in_every_format_and_list(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    static const char *const n[] = {"1", "2", "20", "3", "4", "8"};
    char files[2048] = "";
    for (size_t i = 0; i < 6; i++) {
        size_t l = strlen(files);
        snprintf(files + l, sizeof files - l, " '%s'",
                 tu_path("samples/redis-benchmark/reds-bench-1.csv"));
        /* tu_path's buffer is static: swap the number in afterwards */
        char *one = strstr(files + l, "reds-bench-1.csv");
        snprintf(one, sizeof files - (size_t)(one - files),
                 "reds-bench-%s.csv'", n[i]);
    }
    if (tu_run(&out, "--db '%s/c.sqlite' import --platform local "
                     "--path-pattern 'reds-bench-{clients}.csv'%s", dir, files))
        fail_msg("import: %s", out.data);
    static const char *const cmds[] = {
        "report --format csv", "report --format html", "report --format text",
        "report --format md", "list results --format csv",
        "list series --format csv", "list results --width 200"};
    for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++) {
        bdb_buf_reset(&out);
        if (tu_run(&out, "--db '%s/c.sqlite' %s --tool redis-benchmark "
                         "--benchmark GET --metric requests_per_sec", dir, cmds[i]))
            fail_msg("%s: %s", cmds[i], out.data);
        char got[256];
        clients_order(out.data, "requests_per_sec", got, sizeof got);
        if (strcmp(got, "1 2 3 4 8 20") != 0)
            fail_msg("%s: clients in the order %s", cmds[i], got);
    }
    bdb_buf_free(&out);
}

/* The widest line of s in code points. A line that is one indented token
 * (a path:line of provenance, kept whole so that it can be copied) cannot
 * be wrapped and is not counted: the checkout's path decides its length. */
static size_t widest_line(const char *s, const char **where)
{
    size_t w = 0;
    while (*s) {
        const char *nl = strchr(s, '\n');
        const char *end = nl ? nl : s + strlen(s);
        const char *t = s;
        while (t < end && *t == ' ')
            t++;
        int one_token = t < end && !memchr(t, ' ', (size_t)(end - t));
        size_t cur = 0;
        for (const char *c = s; c < end; c++)
            cur += ((unsigned char)*c & 0xC0) != 0x80;
        if (!one_token && cur > w) {
            w = cur;
            *where = s;
        }
        s = nl ? nl + 1 : end;
    }
    return w;
}

/* Runs benchdb in the source tree (relative sample paths) with
 * COLUMNS=100 and its standard output alone in out; returns its status. */
static int run100(bdb_buf *out, const char *args)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "cd '%s' && COLUMNS=100 '%s' --db '%s/d.sqlite' "
             "%s 2>/dev/null", BDB_SOURCE_DIR, BDB_BINARY, dir, args);
    int st = tu_shell_limited(cmd, -1, out);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* All of samples/ (the demo's seeds and the parsers' corpus, with the
 * demo's path patterns), seed 003's redis regression runs before it as a
 * set of their own so that compare, check and history have two sets: every command that prints a table or a text
 * for people fits COLUMNS=100 (parse printed 185 columns, compare 331,
 * check 354, history 301, efficiency 465). */
static void tables__every_command__fits_columns_100_on_the_samples(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    if (run100(&out, "platform import samples/platforms.csv") ||
        run100(&out, "import -q --set before --platform local "
                     "samples/redis-benchmark/regression-before-1.csv "
                     "samples/redis-benchmark/regression-before-2.csv "
                     "samples/redis-benchmark/regression-before-3.csv") > 1 ||
        run100(&out, "import -q --set demo --platform local "
                     "--path-pattern 'seed002-{benchmark}@{platform}.txt' "
                     "--path-pattern 'seed000-loop-m{multi}-{*}.txt' "
                     "--path-pattern 'reds-bench-{clients}.csv' samples/") > 1)
        fail_msg("import: %s", out.data);
    static const char *const cmds[] = {
        "list results", "list series", "list sources", "list sets",
        "platform list", "platform show local", "set list", "log",
        "parse samples/ab/gzip-setx-c10.txt",
        "parse samples/fio/json-read-4k-j2-qd32.json",
        "report", "report --baseline x86-A --platforms x86-A,x86-B,ARM-FT1500A",
        "efficiency", "compare before demo", "check --baseline before",
        "history", "history --tool redis-benchmark"};
    for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++) {
        bdb_buf_reset(&out);
        int st = run100(&out, cmds[i]);
        if (st != 0 && !(st == 3 && strncmp(cmds[i], "check", 5) == 0))
            fail_msg("%s: exit %d: %.2000s", cmds[i], st, out.data);
        if (out.len < 100)
            fail_msg("%s printed almost nothing: %s", cmds[i], out.data);
        const char *where = "";
        size_t w = widest_line(out.data, &where);
        if (w > 100)
            fail_msg("%s: a line of %zu columns: %.*s", cmds[i], w,
                     (int)strcspn(where, "\n"), where);
    }
    bdb_buf_free(&out);
}

/* scripts/demo.sh imports with scripts/demo-import.sh: the seeds'
 * material its report is about, with no warning (it imported all of
 * samples/, the parsers' corpus of failed runs and variant captures too,
 * and printed 158 warning lines about its own samples). */
static void tables__demo_import__warns_about_nothing(void **state)
{
    (void)state;
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "sh '%s/scripts/demo-import.sh' '%s' "
             "'%s/demo.sqlite'", BDB_SOURCE_DIR, BDB_BINARY, dir);
    bdb_buf out;
    bdb_buf_init(&out);
    int st = tu_shell_limited(cmd, -1, &out);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
        fail_msg("demo-import.sh: %s", out.data);
    if (strstr(out.data, "warning") && !strstr(out.data, " 0 warnings"))
        fail_msg("the demo's import warns: %s", out.data);
    assert_null(strstr(out.data, "warning:"));
    assert_non_null(strstr(out.data, " results, 0 warnings), 0 already "
                                     "present, 0 platform info, 0 failed"));
    /* and the report it writes says nothing on stderr */
    bdb_buf_reset(&out);
    snprintf(cmd, sizeof cmd, "'%s' --db '%s/demo.sqlite' report --baseline "
             "x86-A --platforms x86-A,x86-B,ARM-FT1500A 2>&1 >/dev/null",
             BDB_BINARY, dir);
    st = tu_shell_limited(cmd, -1, &out);
    assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    if (out.len)
        fail_msg("the demo's report says: %s", out.data);
    bdb_buf_free(&out);
}

/* A database at DIR/NAME.sqlite with two sets, s0 and s1, of two runs
 * each of a benchmark named o'b<i> (text a page must escape). */
static void two_sets(const char *name)
{
    static const char *const runs[] = {"100", "110", "90", "95"};
    bdb_buf out;
    bdb_buf_init(&out);
    for (int set = 0; set < 2; set++) {
        char path[700];
        snprintf(path, sizeof path, "%s/%s%d.csv", dir, name, set);
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fprintf(f, "platform,tool,benchmark,metric,value,unit,parameters\n");
        for (int r = 0; r < 2; r++)
            fprintf(f, "P,ab,o'b<i>,requests_per_sec,%s,op/s,\n",
                    runs[set * 2 + r]);
        assert_int_equal(fclose(f), 0);
        if (tu_run(&out, "--db '%s/%s.sqlite' import --set s%d '%s'", dir,
                   name, set, path))
            fail_msg("import: %s", out.data);
    }
    bdb_buf_free(&out);
}

/* compare's and history's pages escape text from logs with the one HTML
 * escaper (history's own left ' as it was, compare's turned controls into
 * spaces): a benchmark named o'b<i> reads o&#39;b&lt;i&gt; in both. */
static void tables__compare_and_history_html__one_escaper(void **state)
{
    (void)state;
    two_sets("h");
    bdb_buf out;
    bdb_buf_init(&out);
    static const char *const cmds[] = {"compare s0 s1 --format html",
                                       "history --format html"};
    for (size_t i = 0; i < 2; i++) {
        bdb_buf_reset(&out);
        if (tu_run(&out, "--db '%s/h.sqlite' %s", dir, cmds[i]))
            fail_msg("%s: %s", cmds[i], out.data);
        if (!strstr(out.data, "o&#39;b&lt;i&gt;") || strstr(out.data, "o'b"))
            fail_msg("%s: the name is not escaped as the report escapes it",
                     cmds[i]);
    }
    bdb_buf_free(&out);
}

/* compare and history render through the report's renderers: their HTML
 * is the report's page (its CSP and stylesheet), history's charts carry
 * their text as SVG <text> (cairo drew glyph outlines: no set name could
 * be searched or read), inline and as files, and compare's text is one
 * table with the report's header and rule (it was a block per row). */
static void tables__compare_and_history__the_report_renderers(void **state)
{
    (void)state;
    two_sets("r");
    bdb_buf out;
    bdb_buf_init(&out);
    static const char *const pages[] = {"compare s0 s1 --format html",
                                        "history --format html"};
    for (size_t i = 0; i < 2; i++) {
        bdb_buf_reset(&out);
        if (tu_run(&out, "--db '%s/r.sqlite' %s", dir, pages[i]))
            fail_msg("%s: %s", pages[i], out.data);
        if (!strstr(out.data, "Content-Security-Policy") ||
            !strstr(out.data, "td.num { text-align: right") ||
            !strstr(out.data, "<div class=\"scroll\"><table>"))
            fail_msg("%s: not the report's page: %.600s", pages[i], out.data);
    }
    /* the history page's chart: the set names and the title as text */
    assert_non_null(strstr(out.data, ">s0</text>"));
    assert_non_null(strstr(out.data, ">s1</text>"));
    assert_non_null(strstr(out.data, "o&#39;b&lt;i&gt; requests_per_sec on P</text>"));
    char folder[700], svg[900];
    snprintf(folder, sizeof folder, "%s/hsvg", dir);
    bdb_buf_reset(&out);
    if (tu_run(&out, "--db '%s/r.sqlite' history --format svg -o '%s'", dir,
               folder))
        fail_msg("history svg: %s", out.data);
    snprintf(svg, sizeof svg, "%s/history-001-ab-o-b-i-requests-per-sec-p.svg",
             folder);
    bdb_buf file;
    bdb_buf_init(&file);
    char msg[256];
    if (bdb_buf_read_file(&file, svg, msg, sizeof msg))
        fail_msg("%s", msg);
    assert_non_null(strstr(file.data, ">s1</text>"));
    bdb_buf_free(&file);
    /* compare's text: one table, its header and rule */
    bdb_buf_reset(&out);
    char cmd[2000];
    snprintf(cmd, sizeof cmd, "COLUMNS=200 '%s' --db '%s/r.sqlite' compare "
             "s0 s1", BDB_BINARY, dir);
    assert_int_equal(tu_shell_limited(cmd, -1, &out), 0);
    const char *head = strstr(out.data, "\nseries ");
    assert_non_null(head);
    const char *eol = strchr(head + 1, '\n');
    assert_non_null(eol);
    assert_non_null(strstr(head, " verdict\n"));
    assert_true(strncmp(eol + 1, "------", 6) == 0);
    assert_non_null(strstr(out.data, "ab o'b<i> requests_per_sec "));
    bdb_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(tables__clients__sort_as_numbers_in_every_format_and_list, setup),
        cmocka_unit_test_setup(tables__every_command__fits_columns_100_on_the_samples, setup),
        cmocka_unit_test_setup(tables__demo_import__warns_about_nothing, setup),
        cmocka_unit_test_setup(tables__compare_and_history_html__one_escaper, setup),
        cmocka_unit_test_setup(tables__compare_and_history__the_report_renderers, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
