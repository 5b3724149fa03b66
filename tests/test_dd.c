/* test_dd.c - the dd parser: GNU (new, old, small, 5.x), BSD, BusyBox,
 * locales (de, zh_CN, ja), status=progress and noxfer, command-line
 * parameters, truncated logs and sniffing. */
#include "test_util.h"

/* Shorthands over the shared helpers in test_util.h. */
#define parse_ok(rel, tool, s) tu_parse_ok(rel, tool, s)
#define text_ok(text, s) tu_text_ok(text, NULL, s)
#define expect_error(rel, text, line, needle) tu_expect_error(rel, text, "dd", line, needle)

#include <stdio.h>
#include <stdlib.h>
#include <string.h>



static void dd__gnu_transcript__write_and_read_with_params(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/dd/gnu-write-then-read-bs1M-count64.txt", NULL, &s);
    tu_assert_value(&s, "dd", "throughput",
                    "direction=write,block_size=1048576,count=64,conv=fdatasync",
                    67108864 / 1.44595, 1e-12);
    tu_assert_value(&s, "dd", "elapsed", "direction=write", 1.44595, 0);
    tu_assert_value(&s, "dd", "bytes", "direction=write", 67108864, 0);
    tu_assert_value(&s, "dd", "records_in", "direction=write", 64, 0);
    tu_assert_value(&s, "dd", "records_out_partial", "direction=write", 0, 0);
    tu_assert_value(&s, "dd", "throughput", "direction=read,count=64",
                    67108864 / 0.00616766, 1e-12);
    assert_null(tu_find(&s, "dd", "throughput", "conv=fdatasync,direction=read"));
    assert_int_equal(tu_find(&s, "dd", "throughput", "direction=read")->line, 8);
    assert_int_equal(tu_count(&s, "throughput"), 2);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

static void dd__oflag_direct__param(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/dd/gnu-write-oflag-direct.txt", NULL, &s);
    tu_assert_value(&s, "dd", "throughput", "oflag=direct,direction=write",
                    67108864 / 0.0265175, 1e-12);
    bdb_sink_free(&s);
}

static void dd__output_only__no_params(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/dd/gnu-write-output-only.txt", NULL, &s);
    tu_assert_value(&s, "dd", "throughput", NULL, 67108864 / 0.028783, 1e-12);
    assert_int_equal(s.samples[0].params.n, 0);
    bdb_sink_free(&s);
}

static void dd__small_transfers__no_size_in_parens(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/dd/gnu-small-512-bytes.txt", NULL, &s);
    tu_assert_value(&s, NULL, "bytes", NULL, 512, 0);
    tu_assert_value(&s, NULL, "throughput", NULL, 512 / 0.000111396, 1e-12);
    bdb_sink_free(&s);
    parse_ok("samples/dd/gnu-one-byte.txt", NULL, &s);
    tu_assert_value(&s, NULL, "bytes", NULL, 1, 0);
    tu_assert_value(&s, NULL, "elapsed", NULL, 6.6729e-05, 0);
    assert_int_equal(s.nnotes, 0); /* 15.0 kB/s agrees */
    bdb_sink_free(&s);
}

static void dd__status_progress__final_summary_only(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/dd/gnu-status-progress-urandom.txt", NULL, &s);
    assert_int_equal(tu_count(&s, "throughput"), 1);
    tu_assert_value(&s, NULL, "bytes", NULL, 1610612736, 0);
    tu_assert_value(&s, NULL, "throughput", NULL, 1610612736 / 2.73631, 1e-12);
    assert_int_equal(tu_find(&s, NULL, "throughput", NULL)->line, 4);
    bdb_sink_free(&s);
}

static void dd__locales__de_zh_ja(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/dd/gnu-de_DE-locale.txt", NULL, &s);
    tu_assert_value(&s, NULL, "elapsed", NULL, 0.15872, 0);
    tu_assert_value(&s, NULL, "records_in", NULL, 64, 0);
    tu_assert_value(&s, NULL, "records_out", NULL, 64, 0);
    tu_assert_value(&s, NULL, "throughput", NULL, 67108864 / 0.15872, 1e-12);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
    parse_ok("samples/dd/gnu-zh_CN-locale.txt", NULL, &s);
    tu_assert_value(&s, NULL, "elapsed", NULL, 0.0330525, 0);
    tu_assert_value(&s, NULL, "records_out", NULL, 64, 0);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
    parse_ok("samples/dd/gnu-ja_JP-locale-read.txt", NULL, &s);
    tu_assert_value(&s, NULL, "elapsed", NULL, 0.00355239, 0);
    bdb_sink_free(&s);
    /* a decimal comma in the rate */
    text_ok("64+0 Datensätze ein\n64+0 Datensätze aus\n67108864 Bytes (67 MB, "
            "64 MiB) kopiert, 0,0650 s, 1,0 GB/s\n", &s);
    tu_assert_value(&s, NULL, "elapsed", NULL, 0.065, 1e-12);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

static void dd__old_formats__coreutils5_bsd_busybox(void **st)
{
    (void)st;
    bdb_sink s;
    /* GNU 5.x: exact bytes/sec */
    text_ok("10+0 records in\n10+0 records out\n10485760 bytes transferred in "
            "0.028418 seconds (368981986 bytes/sec)\n", &s);
    tu_assert_value(&s, NULL, "throughput", NULL, 10485760 / 0.028418, 1e-12);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
    /* BSD "secs", partial records */
    text_ok("2+1 records in\n2+1 records out\n1000000 bytes transferred in "
            "2.000000 secs (500000 bytes/sec)\n", &s);
    tu_assert_value(&s, NULL, "records_in_partial", NULL, 1, 0);
    tu_assert_value(&s, NULL, "throughput", NULL, 500000, 1e-12);
    bdb_sink_free(&s);
    /* BusyBox third status line: binary units glued to numbers; the 10%
     * wrong printed rate is warned about */
    text_ok("1024+0 records in\n1024+0 records out\n1048576 bytes (1.0MB) "
            "copied, 1.000000 seconds, 1.1MB/s\n", &s);
    tu_assert_value(&s, NULL, "throughput", NULL, 1048576, 1e-12);
    assert_int_equal(s.nnotes, 1);
    bdb_sink_free(&s);
    /* GNU 8.22 "(1.1 GB)" with a command line and "#1 :" marker */
    text_ok("#1 :\n$ dd if=/dev/zero of=/tmp/x bs=8k count=10k; rm /tmp/x\n"
            "10240+0 records in\n10240+0 records out\n83886080 bytes (84 MB) "
            "copied, 0.5 s, 168 MB/s\n", &s);
    tu_assert_value(&s, "dd", "throughput",
                    "block_size=8192,count=10240,direction=write",
                    83886080 / 0.5, 1e-12);
    bdb_sink_free(&s);
}

static void dd__noxfer_and_busybox_without_summary__records_and_warning(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/dd/gnu-status-noxfer.txt", NULL, &s);
    tu_assert_value(&s, NULL, "records_out", NULL, 64, 0);
    assert_int_equal(tu_count(&s, "throughput"), 0);
    assert_int_equal(s.nnotes, 1);
    bdb_sink_free(&s);
    parse_ok("samples/dd/busybox-write-bs1M-count64.txt", NULL, &s);
    tu_assert_value(&s, NULL, "records_in", NULL, 64, 0);
    bdb_sink_free(&s);
}

static void dd__infinity__no_throughput(void **st)
{
    (void)st;
    bdb_sink s;
    text_ok("0+1 records in\n0+1 records out\n6 bytes copied, 0 s, Infinity B/s\n",
            &s);
    assert_int_equal(tu_count(&s, "throughput"), 0);
    tu_assert_value(&s, NULL, "bytes", NULL, 6, 0);
    assert_int_equal(s.nnotes, 1);
    bdb_sink_free(&s);
}

static void dd__errors__warned(void **st)
{
    (void)st;
    bdb_sink s;
    text_ok("dd: error writing '/tmp/x': No space left on device\n"
            "3+0 records in\n2+0 records out\n2097152 bytes (2.1 MB, 2.0 MiB) "
            "copied, 0.01 s, 210 MB/s\n", &s);
    assert_int_equal(s.nnotes, 1);
    assert_int_equal(s.notes[0].line, 1);
    tu_assert_value(&s, NULL, "records_in", NULL, 3, 0);
    tu_assert_value(&s, NULL, "records_out", NULL, 2, 0);
    bdb_sink_free(&s);
}


static void dd__truncated__errors_with_line(void **st)
{
    (void)st;
    expect_error("tests/fixtures/dd/broken-truncated-progress.txt", NULL, 1, "progress");
    expect_error("tests/fixtures/dd/broken-truncated-records-in.txt", NULL, 1, "truncated");
    expect_error(NULL, "1+0 records in\n1+0 records out\n512 bytes (512 B) copied, "
                 "x s\n", 3, "summary");
}

static void dd__garbage__never_crashes(void **st)
{
    (void)st;
    static const char *const inputs[] = {
        "1+", "1+0 records in", "123 bytes (", "5 bytes copied, 1 s, 5 QQ/s\n",
        "dd if=", "dd bs=9999999999999999999999999x99999999999 if=/dev/zero\n",
        "\r\r\r", "1 bytes transferred in ", "1 bytes (1 B) copied, 1e999 s, 1 B/s",
    };
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        bdb_sink s;
        bdb_diag d;
        bdb_sink_init(&s);
        bdb_diag_clear(&d);
        (void)tu_parse_text(inputs[i], "dd", &s, &d);
        bdb_sink_free(&s);
    }
}


int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dd__gnu_transcript__write_and_read_with_params),
        cmocka_unit_test(dd__oflag_direct__param),
        cmocka_unit_test(dd__output_only__no_params),
        cmocka_unit_test(dd__small_transfers__no_size_in_parens),
        cmocka_unit_test(dd__status_progress__final_summary_only),
        cmocka_unit_test(dd__locales__de_zh_ja),
        cmocka_unit_test(dd__old_formats__coreutils5_bsd_busybox),
        cmocka_unit_test(dd__noxfer_and_busybox_without_summary__records_and_warning),
        cmocka_unit_test(dd__infinity__no_throughput),
        cmocka_unit_test(dd__errors__warned),
        cmocka_unit_test(dd__truncated__errors_with_line),
        cmocka_unit_test(dd__garbage__never_crashes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
