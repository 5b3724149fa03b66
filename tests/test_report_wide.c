/* test_report_wide.c - a report over 70 platforms names every one of them
 * in every section that has a column or a row per platform, in every
 * format: text, Markdown, HTML, PDF (its text by poppler's pdftotext),
 * CSV, JSON and xlsx (its sheets by unzip). The figures come in through
 * the results CSV (published-style figures): this tests the report, not a
 * parser. The fixed arrays it replaced cut the per-tool tables at 61
 * platforms and the scores at 63, with no message. */
#include "test_util.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#define NPLAT 70

static char dir[512];

static const char *plat(int i)
{
    static char name[NPLAT][16];
    snprintf(name[i], sizeof name[i], "p%02d-host", i);
    return name[i];
}

/* Runs a shell command, its output into out; returns the exit status. */
static int sh(bdb_buf *out, const char *cmd)
{
    FILE *p = popen(cmd, "r");
    if (!p)
        fail_msg("cannot run %s", cmd);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0)
        bdb_buf_append(out, buf, n);
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void write_file(const char *path, const bdb_buf *b)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b->data, 1, b->len, f), b->len);
    assert_int_equal(fclose(f), 0);
}

/* 70 platforms (two architectures, every core count different, a price
 * and a power each); sha256 at three block sizes (a sweep) and wrk's
 * requests, two repetitions each. */
static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "%s", tu_tmpdir());
    bdb_buf csv, pl;
    bdb_buf_init(&csv);
    bdb_buf_init(&pl);
    bdb_buf_puts(&csv, "platform,tool,benchmark,metric,value,unit,parameters,"
                       "repetition,source\n");
    bdb_buf_puts(&pl, "name,arch,cores,price_usd,power_w\n");
    for (int i = 0; i < NPLAT; i++) {
        for (int rep = 1; rep <= 2; rep++) {
            for (int bs = 16; bs <= 256; bs *= 4)
                bdb_buf_printf(&csv, "%s,openssl-speed,sha256,throughput,%d,kB/s,"
                                     "block_size=%d,%d,wide test\n",
                               plat(i), (100 + i) * bs + rep, bs, rep);
            bdb_buf_printf(&csv, "%s,wrk,http,requests_per_sec,%d,req/s,,%d,"
                                 "wide test\n", plat(i), 1000 + 10 * i + rep, rep);
        }
        bdb_buf_printf(&pl, "%s,%s,%d,%d,%d\n", plat(i),
                       i % 2 ? "x86_64" : "aarch64", 4 + i, 500 + i, 50 + i);
    }
    char path[700];
    snprintf(path, sizeof path, "%s/results.csv", dir);
    write_file(path, &csv);
    snprintf(path, sizeof path, "%s/platforms.csv", dir);
    write_file(path, &pl);
    bdb_buf_free(&csv);
    bdb_buf_free(&pl);
    bdb_buf out;
    bdb_buf_init(&out);
    if (tu_run(&out, "--db %s/db.sqlite init", dir) ||
        tu_run(&out, "--db %s/db.sqlite platform import %s/platforms.csv", dir, dir) ||
        tu_run(&out, "--db %s/db.sqlite import --format results-csv %s/results.csv",
               dir, dir))
        fail_msg("setup: %s", out.data ? out.data : "");
    bdb_buf_free(&out);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* The report in format fmt (every series: --all), its file's text. */
static char *report(const char *fmt)
{
    char path[700];
    snprintf(path, sizeof path, "%s/report.%s", dir, fmt);
    bdb_buf out;
    bdb_buf_init(&out);
    if (tu_run(&out, "--db %s/db.sqlite report --all --baseline p00-host "
                     "--format %s -o %s", dir, fmt, path))
        fail_msg("report %s: %s", fmt, out.data ? out.data : "");
    bdb_buf_free(&out);
    if (strcmp(fmt, "pdf") == 0) {
        bdb_buf txt;
        bdb_buf_init(&txt);
        char cmd[800];
        snprintf(cmd, sizeof cmd, "pdftotext -enc UTF-8 %s -", path);
        if (sh(&txt, cmd) != 0)
            fail_msg("pdftotext failed (apt-get install poppler-utils)");
        return txt.data;
    }
    bdb_buf b;
    bdb_buf_init(&b);
    if (bdb_buf_read_file(&b, path, NULL, 0))
        fail_msg("cannot read %s", path);
    return b.data;
}

/* A section: its title as the format writes it, and whether it must name
 * every platform (0: it only ends the section before). */
typedef struct section {
    const char *title;
    int every;
} section;

/* Each section runs from its title to the next one's, searched in order. */
static void every_platform_in(const char *fmt, const char *doc,
                              const section *secs)
{
    const char *from = doc;
    for (const section *s = secs; s->title; s++) {
        const char *a = strstr(from, s->title);
        if (!a)
            fail_msg("%s: no section '%s'", fmt, s->title);
        a += strlen(s->title);
        const char *b = s[1].title ? strstr(a, s[1].title) : a + strlen(a);
        if (!b)
            fail_msg("%s: no section '%s' after '%s'", fmt, s[1].title, s->title);
        for (int i = 0; s->every && i < NPLAT; i++) {
            const char *n = plat(i);
            const char *hit = strstr(a, n);
            if (!hit || hit >= b)
                fail_msg("%s: section '%s' does not name %s", fmt, s->title, n);
        }
        from = b;
    }
}

static void wide__text_and_markdown__every_section_names_all_70(void **state)
{
    (void)state;
    static const section text[] = {
        {"\nPlatforms\n---", 1}, {"What differs between these platforms", 1},
        {"Summary scores", 1}, {"openssl-speed (crypto)", 1}, {"wrk (web)", 1},
        {"Sweeps", 1}, {"Efficiency", 1}, {"Warnings", 0},
        {"Where published figures come from", 1}, {"How to read this report", 0},
        {NULL, 0}};
    char *t = report("text");
    every_platform_in("text", t, text);
    free(t);
    section md_secs[sizeof text / sizeof text[0]];
    memcpy(md_secs, text, sizeof text);
    md_secs[0].title = "## Platforms\n";
    char *md = report("md");
    every_platform_in("markdown", md, md_secs);
    free(md);
}

static void wide__html__every_section_names_all_70(void **state)
{
    (void)state;
    static const section html[] = {
        {"id=\"platforms\"", 1}, {"What differs between these platforms", 1},
        {"id=\"scores\"", 1}, {"id=\"tool-openssl-speed\"", 1},
        {"id=\"tool-wrk\"", 1}, {"id=\"sweeps\"", 1}, {"id=\"efficiency\"", 1},
        {"id=\"warnings\"", 0}, {"id=\"provenance\"", 1}, {NULL, 0}};
    char *h = report("html");
    every_platform_in("html", h, html);
    free(h);
}

static void wide__pdf__every_section_names_all_70(void **state)
{
    (void)state;
    /* the tool sections hold their sweeps' tables */
    static const section pdf[] = {
        {"\fPlatforms\n", 1}, {"What differs between these platforms", 1},
        {"\fOverview\n", 0}, {"Summary scores", 1}, {"Results by tool", 0},
        {"openssl-speed (crypto)", 1}, {"wrk (web)", 1}, {"\fEfficiency\n", 1},
        {"\nWarnings\n", 0}, {NULL, 0}};
    char *p = report("pdf");
    every_platform_in("pdf", p, pdf);
    /* a platform's name is never broken over lines: the tables wider than
     * the page go on in parts with the key columns again */
    assert_null(strstr(p, "p69-\nhost"));
    free(p);
}

/* How many lines of text hold needle. */
static size_t lines_with(const char *text, const char *needle)
{
    size_t n = 0;
    for (const char *l = text; l && *l;) {
        const char *nl = strchr(l, '\n');
        size_t len = nl ? (size_t)(nl - l) : strlen(l);
        const char *hit = strstr(l, needle);
        n += hit && hit < l + len;
        l = nl ? nl + 1 : NULL;
    }
    return n;
}

static void wide__csv__four_series_rows_per_platform(void **state)
{
    (void)state;
    char *c = report("csv");
    for (int i = 0; i < NPLAT; i++) {
        char needle[32];
        snprintf(needle, sizeof needle, ",%.15s,", plat(i));
        if (lines_with(c, needle) != 4)
            fail_msg("csv: %zu rows for %s, expected 4", lines_with(c, needle),
                     plat(i));
    }
    free(c);
}

static void wide__json__every_series_and_score_has_all_70(void **state)
{
    (void)state;
    char *j = report("json");
    json_error_t e;
    json_t *root = json_loads(j, 0, &e);
    if (!root)
        fail_msg("json: %s at line %d", e.text, e.line);
    assert_int_equal(json_array_size(json_object_get(root, "platforms")), NPLAT);
    json_t *series = json_object_get(root, "series");
    assert_int_equal(json_array_size(series), 4);
    for (size_t s = 0; s < json_array_size(series); s++) {
        json_t *cells = json_object_get(json_array_get(series, s), "cells");
        assert_int_equal(json_array_size(cells), NPLAT);
        for (int i = 0; i < NPLAT; i++)
            assert_string_equal(json_string_value(json_object_get(
                                    json_array_get(cells, (size_t)i), "platform")),
                                plat(i));
    }
    /* every platform but the baseline scored in each category */
    json_t *scores = json_object_get(root, "scores");
    int seen[NPLAT] = {0};
    for (size_t i = 0; i < json_array_size(scores); i++) {
        const char *p = json_string_value(
            json_object_get(json_array_get(scores, i), "platform"));
        assert_non_null(p);
        int k = atoi(p + 1);
        assert_true(k >= 0 && k < NPLAT);
        seen[k]++;
    }
    for (int i = 1; i < NPLAT; i++)
        if (seen[i] < 3)
            fail_msg("json: %s has %d scores, expected crypto, web, overall",
                     plat(i), seen[i]);
    json_decref(root);
    free(j);
}

static char *xlsx_part(const char *name)
{
    char cmd[1400];
    snprintf(cmd, sizeof cmd, "unzip -p '%s/report.xlsx' '%s'", dir, name);
    bdb_buf b;
    bdb_buf_init(&b);
    if (sh(&b, cmd) != 0 || !b.data)
        fail_msg("unzip -p %s failed (apt-get install unzip)", name);
    return b.data;
}

/* The shared-string index of text in sst, or -1. */
static long sst_index(const char *sst, const char *text)
{
    long i = 0;
    for (const char *p = sst; (p = strstr(p, "<si>")); p += 4, i++) {
        const char *t = strstr(p, "<t>"), *end = strstr(p, "</si>");
        if (t && end && t < end && strncmp(t + 3, text, strlen(text)) == 0 &&
            strncmp(t + 3 + strlen(text), "</t>", 4) == 0)
            return i;
    }
    return -1;
}

static void wide__xlsx__every_sheet_of_platforms_has_all_70(void **state)
{
    (void)state;
    free(report("xlsx"));
    char *sst = xlsx_part("xl/sharedStrings.xml");
    /* Platforms, Results, Efficiency, Scores, Sweeps */
    static const int sheets[] = {2, 3, 4, 5, 6};
    for (size_t k = 0; k < sizeof sheets / sizeof sheets[0]; k++) {
        char name[64];
        snprintf(name, sizeof name, "xl/worksheets/sheet%d.xml", sheets[k]);
        char *xml = xlsx_part(name);
        for (int i = 0; i < NPLAT; i++) {
            /* an inline string, or a shared one by its index */
            char inl[64], shared[64];
            snprintf(inl, sizeof inl, "<t>%.15s</t>", plat(i));
            long si = sst_index(sst, plat(i));
            snprintf(shared, sizeof shared, "t=\"s\"><v>%ld</v>", si);
            if (!strstr(xml, inl) && (si < 0 || !strstr(xml, shared)))
                fail_msg("xlsx: %s does not name %s", name, plat(i));
        }
        free(xml);
    }
    free(sst);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wide__text_and_markdown__every_section_names_all_70),
        cmocka_unit_test(wide__html__every_section_names_all_70),
        cmocka_unit_test(wide__pdf__every_section_names_all_70),
        cmocka_unit_test(wide__csv__four_series_rows_per_platform),
        cmocka_unit_test(wide__json__every_series_and_score_has_all_70),
        cmocka_unit_test(wide__xlsx__every_sheet_of_platforms_has_all_70),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
