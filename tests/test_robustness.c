/* test_robustness.c - bad input never crashes and never half-imports:
 * every real sample, cut at many places and with bytes flipped, goes
 * through detection and every parser. Under the sanitizer build (part of
 * scripts/test.sh) any out-of-bounds read or leak here fails the suite.
 * A parse either succeeds or fails with a message; nothing else is
 * asserted about damaged input, since a cut log can be a shorter valid
 * one. Deterministic: a fixed xorshift seed. */
#include "test_util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

typedef struct walk {
    size_t files, runs;
} walk;

static void damage_sample(const char *dir, const char *name, const char *rel,
                          void *ctx)
{
    (void)dir;
    walk *w = ctx;
    size_t n = strlen(name);
    if (n > 9 && !strcmp(name + n - 9, ".expected"))
        return;
    damage_one(rel, &w->runs);
    w->files++;
}

static void robustness__damaged_samples__fail_cleanly_or_parse(void **state)
{
    (void)state;
    walk w = {0, 0};
    tu_each_sample(damage_sample, &w);
    print_message("damaged copies parsed: %zu from %zu files\n", w.runs, w.files);
    assert_true(w.files > 150);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(robustness__damaged_samples__fail_cleanly_or_parse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
