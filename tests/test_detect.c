/* test_detect.c - content detection across all tools: every real sample in
 * samples/<tool>/ is recognised as exactly its tool (and `time dd` logs as
 * both), whatever its name, and imports with no error; lscpu/uname/cpuinfo
 * outputs and platforms.csv are recognised by nothing. One walk replaces a
 * sniff check per tool. */
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Samples that legitimately hold two tools' output. */
static const struct { const char *path, *tools; } both[] = {
    {"samples/time/bash-time-dd-write-read.txt", "dd+time"},
};

static const char *dir_tool(const char *dir)
{
    if (strcmp(dir, "published") == 0)
        return "results-csv";
    if (strcmp(dir, "local") == 0)
        return "";
    return dir; /* samples/<tool>/ */
}

static int skip_name(const char *name)
{
    size_t n = strlen(name);
    static const char *const tails[] = {".expected", ".md", ".sh"};
    if (name[0] == '.')
        return 1;
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
        size_t t = strlen(tails[i]);
        if (n > t && strcmp(name + n - t, tails[i]) == 0)
            return 1;
    }
    return 0;
}

static void check_file(const char *rel, const char *want, int *failures)
{
    size_t len;
    char *text = tu_read(rel, &len);
    bdb_sink sink;
    bdb_sink_init(&sink);
    bdb_diag d;
    bdb_diag_clear(&d);
    char tools[128] = "";
    bdb_ingest_opts o = {.source_name = rel};
    int rc = bdb_ingest_buffer(text, len, &o, &sink, tools, sizeof tools, &d);
    free(text);
    bdb_sink_free(&sink);
    if (!*want) {
        if (rc != BDB_EUNKNOWN) {
            print_error("%s: detected as '%s', expected no tool\n", rel, tools);
            (*failures)++;
        }
        return;
    }
    if (rc != BDB_OK) {
        print_error("%s: line %d: %s\n", rel, d.line, d.message);
        (*failures)++;
    } else if (strcmp(tools, want) != 0) {
        print_error("%s: detected as '%s', expected '%s'\n", rel, tools, want);
        (*failures)++;
    }
}

typedef struct walk {
    int failures, files;
} walk;

static void detect_sample(const char *dir, const char *name, const char *rel,
                          void *ctx)
{
    walk *w = ctx;
    if (skip_name(name))
        return;
    const char *want = dir_tool(dir);
    for (size_t k = 0; k < sizeof both / sizeof both[0]; k++)
        if (strcmp(both[k].path, rel) == 0)
            want = both[k].tools;
    check_file(rel, want, &w->failures);
    w->files++;
}

static void detect__every_real_sample__is_its_own_tool_only(void **state)
{
    (void)state;
    walk w = {0, 0};
    tu_each_sample(detect_sample, &w);
    check_file("samples/platforms.csv", "", &w.failures);
    print_message("samples checked: %d\n", w.files);
    assert_true(w.files > 150);
    assert_int_equal(w.failures, 0);
}

/* Notes that name every tool's landmarks mid-sentence (hand-written, as a
 * README or an article beside the logs would) are no tool's output: the
 * sniffers look where the tools print, not for words anywhere. */
static void detect__prose_about_the_tools__is_no_tool(void **state)
{
    (void)state;
    int failures = 0;
    check_file("tests/fixtures/detect/handmade-prose-mentioning-every-tool.txt",
               "", &failures);
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(detect__every_real_sample__is_its_own_tool_only),
        cmocka_unit_test(detect__prose_about_the_tools__is_no_tool),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
