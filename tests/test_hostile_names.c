/* test_hostile_names.c - names from file names, platforms and the command
 * line are shown, never obeyed: advice to paste is one shell word
 * (common/bdb_shell.c), Markdown cannot be forged (bdb_neutral_md), and a
 * terminal gets no control sequence, bidi override or forged line from any
 * command (bdb_neutral_line), built from the attack's reproducers. */
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[512], db[700];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "%s", tu_tmpdir());
    snprintf(db, sizeof db, "%s/d.sqlite", dir);
    return 0;
}

static void copy_to(const char *rel, const char *name)
{
    size_t len;
    char *data = tu_read(rel, &len);
    char path[1400];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
    free(data);
}

static int exists_in_dir(const char *name)
{
    char path[1400];
    struct stat sb;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return stat(path, &sb) == 0;
}

/* The text of out from after `from` up to `to` (exclusive), malloc'd;
 * fails when either is missing. */
static char *between(const char *out, const char *from, const char *to)
{
    const char *a = strstr(out, from);
    if (!a)
        fail_msg("no '%s' in: %s", from, out);
    a += strlen(from);
    const char *b = strstr(a, to);
    if (!b)
        fail_msg("no '%s' after '%s' in: %s", to, from, out);
    char *s = strndup(a, (size_t)(b - a));
    assert_non_null(s);
    return s;
}

/* Pastes words (a suggestion's shell words) into sh in dir: it must
 * parse (sh -n), and run with `$1` printed, which must be want. */
static void pasted_word_is(const char *words, const char *want)
{
    bdb_buf out;
    bdb_buf_init(&out);
    char cmd[8192];
    /* pasted as it is printed: through a here-document, unchanged */
    snprintf(cmd, sizeof cmd,
             "cd '%s' && cat >paste.sh <<'EOF'\nset -- %s\nprintf '%%s' \"$1\"\nEOF\n"
             "sh -n paste.sh && sh paste.sh",
             dir, words);
    int status = tu_shell_limited(cmd, -1, &out);
    assert_true(WIFEXITED(status));
    if (WEXITSTATUS(status) != 0)
        fail_msg("the suggestion does not parse in sh: %s", words);
    if (strcmp(out.data ? out.data : "", want) != 0)
        fail_msg("pasted, '%s' is '%s', not '%s'", words, out.data, want);
    bdb_buf_free(&out);
}

static void hostile__merge_advice_pasted_into_sh__runs_nothing(void **state)
{
    (void)state;
    /* the attack: three logs whose names hold a command substitution */
    for (int n = 1; n <= 3; n++) {
        char name[64], rel[128];
        snprintf(name, sizeof name, "q'$(touch PWNED)'-c%d.csv", n);
        snprintf(rel, sizeof rel, "samples/redis-benchmark/reds-bench-%d.csv",
                 n == 3 ? 4 : n);
        copy_to(rel, name);
    }
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' import '%s'", db, dir), 0);
    char *words = between(out.data, "--path-pattern ", "; if they");
    pasted_word_is(words, "q'$(touch PWNED)'-c{concurrency}.csv");
    assert_false(exists_in_dir("PWNED"));
    free(words);

    /* the report's advice names a platform to give a power figure */
    assert_int_equal(tu_run(&out, "--db '%s' platform add 'p'\\''$(touch "
                                  "PWNED2)'\\''' --arch x86_64", db), 0);
    assert_int_equal(tu_run(&out, "--db '%s' import --platform 'p'\\''$(touch "
                                  "PWNED2)'\\''' '%s/samples/wrk/html-t2-c10.txt'",
                            db, BDB_SOURCE_DIR), 0);
    assert_int_equal(tu_run(&out, "--db '%s' import --platform plain "
                                  "'%s/samples/wrk/html-latency-t2-c10.txt'",
                            db, BDB_SOURCE_DIR), 0);
    tu_run(&out, "--db '%s' report --all", db);
    const char *advice = strstr(out.data, "power_w of p'");
    if (!advice)
        fail_msg("no power advice for the platform: %s", out.data);
    words = between(advice, "benchdb platform add ", " --power-w W");
    pasted_word_is(words, "p'$(touch PWNED2)'");
    assert_false(exists_in_dir("PWNED2"));
    free(words);
    bdb_buf_free(&out);
}

/* No ESC, BEL, C1 control or bidi override in out; no line that begins
 * with what a name forged. */
static void assert_inert(const bdb_buf *out, const char *what)
{
    const unsigned char *p = (const unsigned char *)(out->data ? out->data : "");
    for (size_t i = 0; i < out->len; i++) {
        if (p[i] == 0x1b || p[i] == 0x07 || p[i] == 0x9b ||
            (p[i] == 0xc2 && i + 1 < out->len && p[i + 1] >= 0x80 &&
             p[i + 1] <= 0x9f) ||
            (p[i] == 0xe2 && i + 2 < out->len && p[i + 1] == 0x80 &&
             p[i + 2] == 0xae))
            fail_msg("%s: a control at byte %zu: %s", what, i, out->data);
    }
    const char *s = out->data ? out->data : "";
    for (const char *l = s; l; l = strchr(l, '\n')) {
        if (*l == '\n')
            l++;
        if (strncmp(l, "# forged", 8) == 0 || strncmp(l, "FORGED", 6) == 0)
            fail_msg("%s: a forged line: %s", what, s);
    }
    if (strcmp(what, "md") == 0 && strstr(s, "<img"))
        fail_msg("%s: raw HTML: %s", what, s);
}

static void hostile__names_with_controls__inert_on_every_listing(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    /* OSC 52 (writes the clipboard), OSC 0 (window title), CSI colours,
     * C1 CSI, the right-to-left override, newlines */
    static const char evil[] =
        "$(printf 'e\\033]52;c;SGk=\\007\\302\\233\\342\\200\\256\\nFORGED')";
    static const char set[] = "$(printf 's\\033]0;title\\007\\nFORGED')";
    copy_to("samples/redis-benchmark/reds-bench-1.csv", "f\033[31mred.csv");
    copy_to("samples/redis-benchmark/reds-bench-2.csv", "g\342\200\256txt.csv");
    char cmd[2000];
    snprintf(cmd, sizeof cmd, "--db '%s' platform add \"%s\" --arch x86_64", db,
             evil);
    assert_int_equal(tu_run(&out, "%s", cmd), 0);
    assert_inert(&out, "platform add");
    assert_int_equal(tu_run(&out, "--db '%s' import --set \"%s\" --platform "
                                  "\"%s\" '%s'", db, set, evil, dir), 0);
    assert_inert(&out, "import");
    static const char *const reads[] = {
        "platform list", "list sources", "list results", "list series",
        "set list", "log", "report --all", "report --all --format md"};
    for (size_t i = 0; i < sizeof reads / sizeof reads[0]; i++) {
        bdb_buf_reset(&out);
        tu_run(&out, "--db '%s' %s", db, reads[i]);
        assert_inert(&out, reads[i]);
    }
    tu_run(&out, "--db '%s' platform show \"%s\"", db, evil);
    assert_inert(&out, "platform show");
    /* an error that names what was given */
    tu_run(&out, "--db '%s' platform show \"%s\"x", db, evil);
    assert_inert(&out, "platform show (unknown)");
    char path[1400];
    snprintf(path, sizeof path, "%s/f\033[31mred.csv", dir);
    bdb_buf_reset(&out);
    tu_run(&out, "parse '%s'", path);
    assert_inert(&out, "parse");
    /* from a log's contents: BEL, C1 CSI and the right-to-left override
     * in the path ab names its benchmark after */
    size_t len;
    char *raw = tu_read("samples/ab/html-c10.txt", &len);
    char *text = tu_replace(raw, "/index.html", "/in\adex\302\233\342\200\256.html");
    free(raw);
    snprintf(path, sizeof path, "%s/ab-controls.txt", dir);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
    free(text);
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "parse '%s'", path), 0);
    assert_inert(&out, "parse of a log with controls");
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s' import '%s'", db, path), 0);
    bdb_buf_reset(&out);
    /* the log's names, stored: inert even where the CSV keeps the given
     * names of files and platforms as they are */
    tu_run(&out, "--db '%s' list results --tool ab --format csv", db);
    assert_inert(&out, "list results --tool ab --format csv");
    bdb_buf_free(&out);
}

static void hostile__compare_md_and_text__names_forge_nothing(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' import --set march --platform A "
                                  "'%s/samples/wrk/html-t2-c10.txt'",
                            db, BDB_SOURCE_DIR), 0);
    assert_int_equal(tu_run(&out, "--db '%s' import --set june --platform A "
                                  "'%s/samples/wrk/html-latency-t2-c10.txt' "
                                  "'%s/samples/ab/html-c10.txt'",
                            db, BDB_SOURCE_DIR, BDB_SOURCE_DIR), 0);
    /* the attack's name: newlines forge a heading and raw HTML */
    assert_int_equal(tu_run(&out, "--db '%s' set rename june \"$(printf "
                                  "'june\\n# forged\\n<img src=x "
                                  "onerror=alert(1)>\\033]0;t\\007')\"", db), 0);
    static const char *const fmts[] = {"md", "text"};
    for (size_t i = 0; i < 2; i++) {
        bdb_buf_reset(&out);
        tu_run(&out, "--db '%s' compare march \"set:$(printf 'june\\n# forged\\n"
                     "<img src=x onerror=alert(1)>\\033]0;t\\007')\" --format %s",
               db, fmts[i]);
        if (!strstr(out.data, "only in"))
            fail_msg("compare %s: no 'only in' footer: %s", fmts[i], out.data);
        assert_inert(&out, fmts[i]);
    }
    bdb_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(hostile__merge_advice_pasted_into_sh__runs_nothing, setup),
        cmocka_unit_test_setup(hostile__names_with_controls__inert_on_every_listing, setup),
        cmocka_unit_test_setup(hostile__compare_md_and_text__names_forge_nothing, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
