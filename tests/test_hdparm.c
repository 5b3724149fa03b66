/* test_hdparm.c - the hdparm parser: -tT, --direct, repeated runs with
 * seed-000 markers, seed 002's rate-only quotes, error output interleaved
 * with the timings, files where nothing was measured, sniffing. */
#include "test_util.h"

/* Shorthands over the shared helpers in test_util.h. */
#define parse_ok(rel, s) tu_parse_ok(rel, NULL, s)
#define text_ok(text, s) tu_text_ok(text, NULL, s)
#define expect_error(rel, tool, line, needle) tu_expect_error(rel, NULL, tool, line, needle)

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MIB 1048576.0



static void hdparm__seed000_loop__three_repetitions_mib(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/hdparm/seed000-loop-tT-loop0.txt", &s);
    tu_assert_value(&s, "cached_reads", "throughput", "device=/dev/loop0",
                    30103.38 * MIB, 1e-12);
    tu_assert_value(&s, "cached_reads", "bytes", "device=/dev/loop0", 59878 * MIB, 0);
    tu_assert_value(&s, "cached_reads", "elapsed", "device=/dev/loop0", 1.99, 0);
    tu_assert_value(&s, "buffered_disk_reads", "throughput", "device=/dev/loop0",
                    429.01 * MIB, 1e-12);
    assert_int_equal(tu_count(&s, "throughput"), 6);
    const bdb_sample *last = &s.samples[s.n - 3];
    assert_string_equal(last->benchmark, "buffered_disk_reads");
    assert_int_equal(last->repetition, 3);
    assert_int_equal(last->line, 15);
    assert_true(last->value == 503.94 * MIB);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

static void hdparm__direct__o_direct_benchmarks(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/hdparm/direct-tT-loop0.txt", &s);
    tu_assert_value(&s, "direct_cached_reads", "throughput", NULL, 10636.02 * MIB, 1e-12);
    tu_assert_value(&s, "direct_disk_reads", "throughput", NULL, 10262.22 * MIB, 1e-12);
    tu_assert_value(&s, "direct_disk_reads", "elapsed", NULL, 0.20, 0);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

static void hdparm__seed002_rate_only__throughput(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/hdparm/seed002-sas@ARM-FT1500A.txt", &s);
    tu_assert_value(&s, "cached_reads", "throughput", NULL, 2900.59 * MIB, 1e-12);
    tu_assert_value(&s, "buffered_disk_reads", "throughput", NULL, 195.80 * MIB, 1e-12);
    assert_int_equal(s.n, 2);
    bdb_sink_free(&s);
    parse_ok("samples/hdparm/seed002-sas@x86-B.txt", &s);
    tu_assert_value(&s, "cached_reads", "throughput", NULL, 8440.69 * MIB, 1e-12);
    bdb_sink_free(&s);
}

static void hdparm__errors_between_label_and_figures__figures_kept(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/hdparm/file-img-blkflsbuf-failed.txt", &s);
    tu_assert_value(&s, "cached_reads", "throughput", "device=/tmp/hd.img",
                    42400.40 * MIB, 1e-12);
    assert_int_equal(tu_find(&s, "cached_reads", "throughput", NULL)->line, 5);
    assert_null(tu_find(&s, "buffered_disk_reads", "throughput", NULL));
    assert_int_equal(s.nnotes, 2);
    assert_non_null(strstr(s.notes[0].text, "BLKFLSBUF failed"));
    assert_non_null(strstr(s.notes[1].text, "device too small"));
    assert_int_equal(s.notes[1].line, 6);
    bdb_sink_free(&s);
}


static void hdparm__nothing_measured__error_not_zero(void **st)
{
    (void)st;
    expect_error("tests/fixtures/hdparm/error-zram0-device-too-small.txt", NULL, 1,
                 "device too small");
    expect_error("tests/fixtures/hdparm/error-offset1-device-too-small.txt", NULL, 3,
                 "device too small");
    expect_error("tests/fixtures/hdparm/error-vda-operation-not-permitted.txt", "hdparm",
                 1, "Operation not permitted");
}

static void hdparm__old_wording_offset_kb__read(void **st)
{
    (void)st;
    bdb_sink s;
    text_ok("/dev/md1:\n Timing buffer-cache reads:   128 MB in  0.60 seconds "
            "=213.33 MB/sec\n\n/dev/hdc:\n Timing buffered disk reads (offset 2 "
            "GB):  2 MB in  3.00 seconds = 682.67 kB/sec\n", &s);
    tu_assert_value(&s, "cached_reads", "throughput", "device=/dev/md1",
                    213.33 * MIB, 1e-12);
    tu_assert_value(&s, "buffered_disk_reads", "throughput",
                    "device=/dev/hdc,offset=2147483648", 682.67 * 1024, 1e-12);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
    /* a printed rate that disagrees with MB / seconds is warned about */
    text_ok("/dev/sda:\n Timing cached reads:   1000 MB in  2.00 seconds = "
            "900.00 MB/sec\n", &s);
    assert_int_equal(s.nnotes, 1);
    bdb_sink_free(&s);
}

static void hdparm__malformed__error_with_line(void **st)
{
    (void)st;
    bdb_sink s;
    bdb_diag d;
    bdb_sink_init(&s);
    bdb_diag_clear(&d);
    assert_int_not_equal(tu_parse_text("/dev/sda:\n Timing cached reads:   100 MB "
                                       "in  x seconds\n", NULL, &s, &d), 0);
    assert_int_equal(d.line, 2);
    bdb_sink_free(&s);
    bdb_sink_init(&s);
    bdb_diag_clear(&d);
    assert_int_not_equal(tu_parse_text("/dev/sda:\n Timing cached reads:\n", NULL,
                                       &s, &d), 0);
    bdb_sink_free(&s);
    static const char *const junk[] = {"Timing ", "Timing cached reads: 1",
                                       "/:", "Timing x:\n", "#1 :\n/dev/a:"};
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++) {
        bdb_sink_init(&s);
        bdb_diag_clear(&d);
        (void)tu_parse_text(junk[i], "hdparm", &s, &d);
        bdb_sink_free(&s);
    }
}



int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hdparm__seed000_loop__three_repetitions_mib),
        cmocka_unit_test(hdparm__direct__o_direct_benchmarks),
        cmocka_unit_test(hdparm__seed002_rate_only__throughput),
        cmocka_unit_test(hdparm__errors_between_label_and_figures__figures_kept),
        cmocka_unit_test(hdparm__nothing_measured__error_not_zero),
        cmocka_unit_test(hdparm__old_wording_offset_kb__read),
        cmocka_unit_test(hdparm__malformed__error_with_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
