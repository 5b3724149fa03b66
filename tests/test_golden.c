/* test_golden.c - every real sample with a golden ".expected" file parses
 * to exactly the figures listed there.
 *
 * samples/<tool>/<case>.<ext> + samples/<tool>/<case>.expected: the
 * expected file holds one line per sample in bdb_sample_format()'s layout
 * (written by `benchdb parse --expected FILE`, then checked by hand against
 * the log). Leading "# tool: T", "# benchmark: B" and "# param: k=v" lines
 * give the import options the case needs. Adding a regression test is
 * adding a real log and its expected figures. */
#include "test_util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
static int cases;

static void check_case(const char *dir, const char *expected_name)
{
    char exp_rel[1024], src_rel[1024] = "";
    snprintf(exp_rel, sizeof exp_rel, "samples/%s/%s", dir, expected_name);
    size_t stem_len = strlen(expected_name) - strlen(".expected");

    /* Find the source: same stem, any other extension. */
    char dirpath[1024];
    snprintf(dirpath, sizeof dirpath, "%s/samples/%s", BDB_SOURCE_DIR, dir);
    DIR *d = opendir(dirpath);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d))) {
        if (strncmp(e->d_name, expected_name, stem_len) == 0 &&
            e->d_name[stem_len] == '.' &&
            strcmp(e->d_name, expected_name) != 0 &&
            strcmp(e->d_name + stem_len, ".args") != 0) {
            snprintf(src_rel, sizeof src_rel, "samples/%s/%s", dir, e->d_name);
            break;
        }
    }
    closedir(d);
    if (!src_rel[0]) {
        print_error("%s: no source file beside it\n", exp_rel);
        failures++;
        return;
    }

    size_t elen;
    char *expected = tu_read(exp_rel, &elen);
    char tool[64] = "", bench[256] = "", time_format[512] = "";
    bdb_params params = {0};
    char *save = NULL;
    bdb_buf want;
    bdb_buf_init(&want);
    for (char *line = strtok_r(expected, "\n", &save); line;
         line = strtok_r(NULL, "\n", &save)) {
        if (strncmp(line, "# tool: ", 8) == 0)
            snprintf(tool, sizeof tool, "%s", line + 8);
        else if (strncmp(line, "# time-format: ", 15) == 0)
            snprintf(time_format, sizeof time_format, "%s", line + 15);
        else if (strncmp(line, "# benchmark: ", 13) == 0)
            snprintf(bench, sizeof bench, "%s", line + 13);
        else if (strncmp(line, "# param: ", 9) == 0) {
            char *eq = strchr(line + 9, '=');
            if (eq) {
                *eq = '\0';
                bdb_params_set(&params, line + 9, "%s", eq + 1);
            }
        } else if (line[0] != '#') {
            bdb_buf_puts(&want, line);
            bdb_buf_puts(&want, "\n");
        }
    }
    free(expected);

    size_t slen;
    char *src = tu_read(src_rel, &slen);
    bdb_sink sink;
    bdb_sink_init(&sink);
    bdb_diag diag;
    bdb_diag_clear(&diag);
    bdb_ingest_opts opts = {.source_name = src_rel,
                            .tool = tool[0] ? tool : NULL,
                            .benchmark = bench[0] ? bench : NULL,
                            .params = &params,
                            .time_format = time_format[0] ? time_format : NULL};
    int rc = bdb_ingest_buffer(src, slen, &opts, &sink, NULL, 0, &diag);
    free(src);
    cases++;
    if (rc != BDB_OK) {
        print_error("%s: parse failed: line %d: %s\n", src_rel, diag.line,
                    diag.message);
        failures++;
    } else {
        bdb_buf got;
        bdb_buf_init(&got);
        for (size_t i = 0; i < sink.n; i++) {
            char line[2048];
            bdb_sample_format(&sink.samples[i], line, sizeof line);
            bdb_buf_puts(&got, line);
            bdb_buf_puts(&got, "\n");
        }
        const char *g = got.data ? got.data : "", *w = want.data ? want.data : "";
        if (strcmp(g, w) != 0) {
            /* Show the first differing line. */
            int ln = 1;
            while (*g && *g == *w) {
                if (*g == '\n')
                    ln++;
                g++;
                w++;
            }
            const char *gs = g, *ws = w;
            while (gs > (got.data ? got.data : "") && gs[-1] != '\n') gs--;
            while (ws > (want.data ? want.data : "") && ws[-1] != '\n') ws--;
            print_error("%s: figure %d differs\n  got:      %.*s\n  expected: %.*s\n",
                        src_rel, ln, (int)strcspn(gs, "\n"), gs,
                        (int)strcspn(ws, "\n"), ws);
            failures++;
        }
        bdb_buf_free(&got);
    }
    bdb_buf_free(&want);
    bdb_sink_free(&sink);
}

static void golden_case(const char *dir, const char *name, const char *rel,
                        void *ctx)
{
    (void)rel;
    (void)ctx;
    size_t n = strlen(name);
    if (n > 9 && strcmp(name + n - 9, ".expected") == 0)
        check_case(dir, name);
}

static void golden__every_expected_file__matches_its_parse(void **state)
{
    (void)state;
    tu_each_sample(golden_case, NULL);
    print_message("golden cases checked: %d, failed: %d\n", cases, failures);
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(golden__every_expected_file__matches_its_parse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
