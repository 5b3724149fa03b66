/* test_robustness.c - bad input never crashes and never half-imports:
 * every real sample, cut at many places and with bytes flipped, goes
 * through detection and every parser. Under the sanitizer build (part of
 * scripts/test.sh) any out-of-bounds read or leak here fails the suite.
 * A parse either succeeds or fails with a message; nothing else is
 * asserted about damaged input, since a cut log can be a shorter valid
 * one. Deterministic: a fixed xorshift seed. */
#include "test_util.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static uint64_t rng = 0x9E3779B97F4A7C15ull;

static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static int parses(const char *buf, size_t len, const char *tool)
{
    bdb_sink sink;
    bdb_diag d;
    bdb_sink_init(&sink);
    bdb_diag_clear(&d);
    bdb_ingest_opts o = {.source_name = "damaged.txt", .tool = tool};
    int rc = bdb_ingest_buffer(buf, len, &o, &sink, NULL, 0, &d);
    if (rc != BDB_OK && !d.message[0])
        fail_msg("a failure without a message (tool %s)", tool ? tool : "-");
    for (size_t i = 0; rc == BDB_OK && i < sink.n; i++)
        if (sink.samples[i].value != sink.samples[i].value) /* NaN */
            fail_msg("a NaN figure (tool %s)", tool ? tool : "-");
    bdb_sink_free(&sink);
    return rc;
}

static void damage_one(const char *rel, size_t *runs)
{
    size_t len;
    char *text = tu_read(rel, &len);
    if (len == 0) {
        free(text);
        return;
    }
    char *copy = malloc(len);
    assert_non_null(copy);
    /* cuts: at 32 random places, each parsed with detection */
    for (int k = 0; k < 32; k++) {
        size_t cut = (size_t)(next() % len);
        memcpy(copy, text, cut);
        parses(copy, cut, NULL);
        (*runs)++;
    }
    /* flips: 16 copies with 1..8 random bytes changed, forced through
     * every parser, so each meets every other tool's damaged output */
    for (int k = 0; k < 16; k++) {
        memcpy(copy, text, len);
        int flips = 1 + (int)(next() % 8);
        for (int f = 0; f < flips; f++)
            copy[next() % len] = (char)(1 + next() % 255);
        for (const bdb_parser *const *p = bdb_parsers(); *p; p++) {
            parses(copy, len, (*p)->name);
            (*runs)++;
        }
    }
    free(copy);
    free(text);
}

static void robustness__damaged_samples__fail_cleanly_or_parse(void **state)
{
    (void)state;
    char root[1024];
    snprintf(root, sizeof root, "%s/samples", BDB_SOURCE_DIR);
    DIR *top = opendir(root);
    assert_non_null(top);
    struct dirent *t;
    size_t files = 0, runs = 0;
    while ((t = readdir(top))) {
        char sub[1400];
        struct stat st;
        snprintf(sub, sizeof sub, "%s/%s", root, t->d_name);
        if (t->d_name[0] == '.' || stat(sub, &st) || !S_ISDIR(st.st_mode))
            continue;
        DIR *d = opendir(sub);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            size_t n = strlen(e->d_name);
            if (e->d_name[0] == '.' || (n > 9 && !strcmp(e->d_name + n - 9, ".expected")))
                continue;
            char rel[2000];
            snprintf(rel, sizeof rel, "samples/%s/%s", t->d_name, e->d_name);
            damage_one(rel, &runs);
            files++;
        }
        if (d)
            closedir(d);
    }
    closedir(top);
    print_message("damaged copies parsed: %zu from %zu files\n", runs, files);
    assert_true(files > 150);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(robustness__damaged_samples__fail_cleanly_or_parse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
