/* test_detect.c - content detection across all tools: every real sample in
 * samples/<tool>/ is recognised as exactly its tool (and `time dd` logs as
 * both), whatever its name, and imports with no error; lscpu/uname/cpuinfo
 * outputs and platforms.csv are recognised by nothing. One walk replaces a
 * sniff check per tool. */
#include "test_util.h"
#include "../ingest/json_extent.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Samples that legitimately hold two tools' output. */
static const struct { const char *path, *tools; } both[] = {
    {"samples/time/bash-time-dd-write-read.txt", "dd+time"},
};

/* samples/identity/ holds several tools, each file named after its own
 * ("fio-...", "dd-...", "ab-...") but for a results CSV. */
static const char *identity_tool(const char *name, char *out, size_t outsz)
{
    size_t n = strlen(name);
    if (n > 4 && strcmp(name + n - 4, ".csv") == 0)
        return "results-csv";
    const char *dash = strchr(name, '-');
    snprintf(out, outsz, "%.*s", (int)(dash ? dash - name : 0), name);
    return out;
}

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
    char named[32];
    const char *want = strcmp(dir, "identity") == 0
                           ? identity_tool(name, named, sizeof named)
                           : dir_tool(dir);
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

/* The tools detected in the concatenation of the given samples ("" ends
 * the list; "half:" before a path keeps its first half only). */
static void tools_of_concatenation(const char *const *rels, char *tools,
                                   size_t toolsz)
{
    bdb_buf all;
    bdb_buf_init(&all);
    for (size_t i = 0; *rels[i]; i++) {
        int half = strncmp(rels[i], "half:", 5) == 0;
        size_t len;
        char *text = tu_read(rels[i] + (half ? 5 : 0), &len);
        assert_int_equal(bdb_buf_append(&all, text, half ? len / 2 : len), 0);
        assert_int_equal(bdb_buf_puts(&all, "\n"), 0);
        free(text);
    }
    bdb_sink sink;
    bdb_sink_init(&sink);
    bdb_diag d;
    bdb_diag_clear(&d);
    bdb_ingest_opts o = {.source_name = "concatenated.log"};
    tools[0] = '\0';
    int rc = bdb_ingest_buffer(all.data, all.len, &o, &sink, tools, toolsz, &d);
    if (rc)
        print_error("line %d: %s\n", d.line, d.message);
    assert_int_equal(rc, BDB_OK);
    bdb_sink_free(&sink);
    bdb_buf_free(&all);
}

/* Text tools' sniffers skip large whole JSON objects, not the text around
 * them: a dd run before a 49 KB fio JSON and a bash `time` after it are
 * both found, beside fio. */
static void detect__text_around_a_large_json__is_still_found(void **state)
{
    (void)state;
    const char *const rels[] = {"samples/dd/busybox-write-bs1M-count64.txt",
                                "samples/fio/json-randread-4k-j8-qd32.json",
                                "samples/time/bash-default-gzip.txt", ""};
    char tools[128];
    tools_of_concatenation(rels, tools, sizeof tools);
    assert_string_equal(tools, "fio+dd+time");
}

/* A JSON object cut short is not skipped (nothing says where it would
 * end): the `time` printed after a killed fio is found. */
static void detect__text_after_a_cut_json__is_still_found(void **state)
{
    (void)state;
    const char *const rels[] = {"half:samples/fio/json-randread-4k-j8-qd32.json",
                                "samples/time/bash-default-gzip.txt", ""};
    char tools[128];
    tools_of_concatenation(rels, tools, sizeof tools);
    assert_non_null(strstr(tools, "time"));
}

/* benchdb's results CSV, known by its header line, is its file alone: no
 * other sniffer reads it (ten of them read a 133 MB one for 2.6 s, and
 * kept its pages). Lines after it that are not its rows, here a dd log
 * appended to it, are warned at their lines, not read as dd. */
static void detect__results_csv__is_its_file_alone(void **state)
{
    (void)state;
    const char *const rels[] = {"samples/published/seed-published-figures.csv",
                                "samples/dd/busybox-write-bs1M-count64.txt", ""};
    char tools[128];
    tools_of_concatenation(rels, tools, sizeof tools);
    assert_string_equal(tools, "results-csv");

    size_t clen, dlen;
    char *csv = tu_read(rels[0], &clen), *dd = tu_read(rels[1], &dlen);
    bdb_buf all;
    bdb_buf_init(&all);
    assert_int_equal(bdb_buf_append(&all, csv, clen), 0);
    assert_int_equal(bdb_buf_append(&all, dd, dlen), 0);
    int csv_lines = 0;
    for (size_t i = 0; i < clen; i++)
        csv_lines += csv[i] == '\n';
    bdb_sink sink;
    bdb_sink_init(&sink);
    bdb_diag d;
    bdb_diag_clear(&d);
    bdb_ingest_opts o = {.source_name = "results-and-dd.csv"};
    assert_int_equal(bdb_ingest_buffer(all.data, all.len, &o, &sink, tools,
                                       sizeof tools, &d), BDB_OK);
    /* the first dd line, right after the CSV's last */
    int warned = 0;
    for (size_t k = 0; k < sink.nnotes; k++)
        warned |= sink.notes[k].line == csv_lines + 1 && !sink.notes[k].is_info;
    assert_true(warned);
    bdb_sink_free(&sink);
    bdb_buf_free(&all);
    free(csv);
    free(dd);
}

static int object_at(const char *text, size_t *start, size_t *end)
{
    return bdb_json_object_next(text, strlen(text), 0, start, end);
}

/* What counts as a whole JSON object: one that opens a line with a key
 * (or is empty), holds only JSON outside its strings, nests properly and
 * closes; anything else is text. */
static void detect__json_objects__whole_ones_only(void **state)
{
    (void)state;
    size_t a, b;
    const char *t = "text first\n  {\"a\": \"}{\\\"\", \"b\": [1, {\"c\": null}],"
                    "\n \"d\": -1.5e3, \"e\": true}  after\nmore";
    assert_true(object_at(t, &a, &b));
    assert_int_equal(a, strlen("text first\n  "));
    assert_int_equal(b, (size_t)(strstr(t, "  after") - t));
    assert_true(object_at("{}\n", &a, &b));
    assert_int_equal(b, 2);
    /* a shell's group, a brace mid-line, prose in braces */
    assert_false(object_at("{ time dd if=/dev/zero of=x; }\n", &a, &b));
    assert_false(object_at("x = {\"a\": 1}\n", &a, &b));
    assert_false(object_at("{\"a\": yes}\n", &a, &b));
    /* cut short, wrongly nested, a line end inside a string */
    assert_false(object_at("{\"a\": [1, 2]\n", &a, &b));
    assert_false(object_at("{\"a\": [1, 2}}\n", &a, &b));
    assert_false(object_at("{\"a\n\": 1}\n", &a, &b));
    /* nested deeper than any tool prints */
    bdb_buf deep;
    bdb_buf_init(&deep);
    bdb_buf_puts(&deep, "{\"a\": ");
    for (int i = 0; i < 300; i++)
        bdb_buf_puts(&deep, "[");
    for (int i = 0; i < 300; i++)
        bdb_buf_puts(&deep, "]");
    bdb_buf_puts(&deep, "}\n");
    assert_false(object_at(deep.data, &a, &b));
    bdb_buf_free(&deep);
    /* the search goes on after off, to the next line that opens one */
    const char *two = "{\"a\": 1}\n{\"b\": 2}\n";
    assert_true(bdb_json_object_next(two, strlen(two), 8, &a, &b));
    assert_int_equal(a, 9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(detect__every_real_sample__is_its_own_tool_only),
        cmocka_unit_test(detect__prose_about_the_tools__is_no_tool),
        cmocka_unit_test(detect__text_around_a_large_json__is_still_found),
        cmocka_unit_test(detect__text_after_a_cut_json__is_still_found),
        cmocka_unit_test(detect__results_csv__is_its_file_alone),
        cmocka_unit_test(detect__json_objects__whole_ones_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
