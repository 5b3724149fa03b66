/* test_pdf.c - the multi-page PDF report read by its real reader,
 * poppler (Debian poppler-utils): pdfinfo's page count and paper size,
 * pdftotext finding every section title, a known figure, the Cyrillic and
 * CJK platform names and the header row again where a long table goes on
 * over a page, and pdftoppm rendering every page. The report is made by
 * the CLI (benchdb report --format pdf) from a store fed a results CSV. */
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char dir[512];

/* Runs a shell command, its output into out; returns the exit status. */
static int sh(bdb_buf *out, const char *cmd)
{
    FILE *p = popen(cmd, "r");
    if (!p)
        fail_msg("cannot run %s", cmd);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0)
        if (out)
            bdb_buf_append(out, buf, n);
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void need_tool(const char *tool)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", tool);
    if (sh(NULL, cmd) != 0)
        fail_msg("%s is missing: apt-get install poppler-utils", tool);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* Three platforms, one named in Cyrillic and one in Chinese; 60 fio
 * block sizes so that the fio table cannot fit one page. */
static void make_db(void)
{
    /* cairo 1.16 leaks two buffers when it subsets the CFF (OpenType) font
     * of the CJK name as the PDF is finished; the suppression names only
     * that library, for the benchdb this test runs under ASan */
    setenv("LSAN_OPTIONS", "suppressions=" BDB_SOURCE_DIR "/tests/lsan-cairo-cff.supp", 1);
    snprintf(dir, sizeof dir, "%s", tu_tmpdir());
    char path[700];
    snprintf(path, sizeof path, "%s/platforms.csv", dir);
    write_file(path, "name,arch,cpu,cores,price_usd,power_w\n"
                     "base,x86_64,Xeon,8,1000,100\n"
                     "Эльбрус-8С,e2k,Elbrus-8C,8,3000,80\n"
                     "飞腾-2000,aarch64,Phytium FT-2000+,64,2000,100\n");
    bdb_buf csv;
    bdb_buf_init(&csv);
    bdb_buf_puts(&csv, "platform,tool,benchmark,metric,value,unit,parameters\n");
    const char *pl[] = {"base", "Эльбрус-8С", "飞腾-2000"};
    const double f[] = {1.0, 0.5, 2.0};
    for (int p = 0; p < 3; p++) {
        for (int r = 0; r < 3; r++)
            bdb_buf_printf(&csv, "%s,openssl-speed,aes-256-cbc,throughput,%g,B/s,\n",
                           pl[p], 123e6 * f[p] * (1 + 0.01 * r));
        for (int b = 1; b <= 60; b++)
            bdb_buf_printf(&csv, "%s,fio,randread,iops,%d,op/s,bs=%d;iodepth=%d\n",
                           pl[p], (int)(1000 * f[p]) + b, 512 * b, b);
    }
    snprintf(path, sizeof path, "%s/results.csv", dir);
    write_file(path, csv.data);
    bdb_buf_free(&csv);
    bdb_buf out;
    bdb_buf_init(&out);
    if (tu_run(&out, "--db %s/db.sqlite init", dir) ||
        tu_run(&out, "--db %s/db.sqlite platform import %s/platforms.csv", dir, dir) ||
        tu_run(&out, "--db %s/db.sqlite import --format results-csv %s/results.csv",
               dir, dir))
        fail_msg("setup: %s", out.data ? out.data : "");
    bdb_buf_free(&out);
}

static const char *title = "A title long enough to wrap on the cover page of "
                           "an A4 report: Elbrus and Phytium against a Xeon, "
                           "the last words stay";

static void report(const char *paper, const char *pdf)
{
    bdb_buf out;
    bdb_buf_init(&out);
    int rc = tu_run(&out, "--db %s/db.sqlite report --baseline base --title '%s' "
                          "--format pdf --paper %s -o %s", dir, title, paper, pdf);
    if (rc)
        fail_msg("report: %s", out.data ? out.data : "");
    bdb_buf_free(&out);
}

static long pages_of(const char *pdf)
{
    bdb_buf info;
    bdb_buf_init(&info);
    char cmd[900];
    snprintf(cmd, sizeof cmd, "pdfinfo %s", pdf);
    assert_int_equal(sh(&info, cmd), 0);
    const char *p = strstr(info.data, "Pages:");
    assert_non_null(p);
    long n = strtol(p + 6, NULL, 10);
    bdb_buf_free(&info);
    return n;
}

static void pdf__report__opens_in_poppler_with_every_section_and_figure(void **state)
{
    (void)state;
    need_tool("pdfinfo");
    need_tool("pdftotext");
    need_tool("pdftoppm");
    make_db();
    char pdf[700];
    snprintf(pdf, sizeof pdf, "%s/report.pdf", dir);
    report("a4", pdf);
    long pages = pages_of(pdf);
    /* cover, platforms + overview, the tools, efficiency, provenance */
    assert_true(pages >= 6);

    bdb_buf info;
    bdb_buf_init(&info);
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "pdfinfo %s", pdf);
    assert_int_equal(sh(&info, cmd), 0);
    /* A4 is 595.276 x 841.89 points */
    assert_non_null(strstr(info.data, "595.276 x 841.89"));
    bdb_buf_free(&info);

    bdb_buf txt;
    bdb_buf_init(&txt);
    snprintf(cmd, sizeof cmd, "pdftotext -enc UTF-8 %s -", pdf);
    assert_int_equal(sh(&txt, cmd), 0);
    static const char *const sections[] = {
        "Platforms compared", "Findings", "Platforms", "Overview",
        "Summary scores", "Results by tool", "fio (disk)", "openssl-speed (crypto)",
        "Efficiency", "Warnings", "How to read this report", "Provenance", NULL};
    for (const char *const *s = sections; *s; s++)
        if (!strstr(txt.data, *s))
            fail_msg("no '%s' in the PDF's text", *s);
    /* the names in Cyrillic and Chinese come out as text, not boxes */
    assert_non_null(strstr(txt.data, "Эльбрус-8С"));
    assert_non_null(strstr(txt.data, "飞腾-2000"));
    /* the whole title, wrapped rather than cut */
    assert_non_null(strstr(txt.data, "the last words stay"));
    /* a known figure: the mean of 123, 124.23 and 125.46 MB/s */
    assert_non_null(strstr(txt.data, "124 MB/s"));
    /* 60 fio rows break over a page: the header row comes again */
    size_t heads = 0;
    for (const char *p = txt.data; (p = strstr(p, "parameters")); p++)
        heads++;
    assert_true(heads >= 3); /* openssl's table, fio's, fio's continued */
    bdb_buf_free(&txt);

    /* every page renders */
    snprintf(cmd, sizeof cmd, "pdftoppm -r 30 -png %s %s/page 2>&1", pdf, dir);
    bdb_buf err;
    bdb_buf_init(&err);
    assert_int_equal(sh(&err, cmd), 0);
    if (err.len)
        fail_msg("pdftoppm: %s", err.data);
    bdb_buf_free(&err);
    for (long i = 1; i <= pages; i++) {
        char png[800];
        struct stat sb;
        snprintf(png, sizeof png, "%s/page-%0*ld.png", dir, pages >= 10 ? 2 : 1, i);
        if (stat(png, &sb) != 0 || sb.st_size < 1000)
            fail_msg("page %ld did not render (%s)", i, png);
    }
}

static void pdf__letter_paper__is_612_by_792(void **state)
{
    (void)state;
    need_tool("pdfinfo");
    make_db();
    char pdf[700];
    snprintf(pdf, sizeof pdf, "%s/letter.pdf", dir);
    report("letter", pdf);
    bdb_buf info;
    bdb_buf_init(&info);
    char cmd[900];
    snprintf(cmd, sizeof cmd, "pdfinfo %s", pdf);
    assert_int_equal(sh(&info, cmd), 0);
    assert_non_null(strstr(info.data, "612 x 792"));
    bdb_buf_free(&info);
}

static void pdf__without_output_file__is_a_usage_error(void **state)
{
    (void)state;
    make_db();
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db %s/db.sqlite report --format pdf", dir), 2);
    assert_non_null(strstr(out.data, "needs -o"));
    assert_int_equal(tu_run(&out, "--db %s/db.sqlite report --format pdf "
                                  "--paper a5 -o %s/x.pdf", dir, dir), 2);
    bdb_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pdf__report__opens_in_poppler_with_every_section_and_figure),
        cmocka_unit_test(pdf__letter_paper__is_612_by_792),
        cmocka_unit_test(pdf__without_output_file__is_a_usage_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
