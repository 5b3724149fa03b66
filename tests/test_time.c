/* test_time.c - the time parser: bash, POSIX -p, GNU time (default, -v),
 * BusyBox time, localised decimal commas, seed-000/002 layouts, `time dd`
 * logs, truncated blocks and sniffing. */
#include "test_util.h"

/* Shorthands over the shared helpers in test_util.h. */
#define parse_ok(rel, s) tu_parse_ok(rel, NULL, s)
#define expect_error(rel, tool, line, needle) tu_expect_error(rel, NULL, tool, line, needle)

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static void time__bash_default__reads_real_user_sys_and_command(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/time/bash-default-bc-pi.txt", &s);
    const char *b = "echo \"scale=2000; 4*a(1)\" | bc -l -q";
    tu_assert_value(&s, b, "real", NULL, 1.093, 1e-9);
    tu_assert_value(&s, b, "user", NULL, 1.093, 1e-9);
    tu_assert_value(&s, b, "sys", NULL, 0.0, 0);
    assert_int_equal(tu_count(&s, NULL), 3);
    assert_int_equal(tu_find(&s, b, "real", NULL)->line, 3);
    assert_string_equal(tu_find(&s, b, "real", NULL)->unit, "s");
    assert_int_equal(tu_find(&s, b, "real", NULL)->better, BDB_LOWER_IS_BETTER);
    bdb_sink_free(&s);
}

static void time__timeformat_precisions__all_read(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/time/bash-timeformat-precision0.txt", &s);
    tu_assert_value(&s, NULL, "real", NULL, 1.0, 0);
    tu_assert_value(&s, NULL, "sys", NULL, 0.0, 0);
    bdb_sink_free(&s);
    parse_ok("samples/time/bash-timeformat-precision1.txt", &s);
    tu_assert_value(&s, NULL, "real", NULL, 1.3, 1e-9);
    bdb_sink_free(&s);
    parse_ok("samples/time/bash-timeformat-seconds-only.txt", &s);
    tu_assert_value(&s, NULL, "real", NULL, 1.309, 1e-9);
    tu_assert_value(&s, NULL, "user", NULL, 1.289, 1e-9);
    tu_assert_value(&s, NULL, "sys", NULL, 0.020, 1e-9);
    /* no command in the file: the ingest layer names it after the file */
    assert_string_equal(s.samples[0].benchmark, "bash-timeformat-seconds-only");
    bdb_sink_free(&s);
}

static void time__posix_p__bash_and_gnu(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/time/bash-time-p-gzip.txt", &s);
    tu_assert_value(&s, NULL, "real", NULL, 1.37, 1e-9);
    tu_assert_value(&s, NULL, "user", NULL, 1.36, 1e-9);
    bdb_sink_free(&s);
    parse_ok("samples/time/gnu-time-p-gzip.txt", &s);
    tu_assert_value(&s, NULL, "real", NULL, 1.33, 1e-9);
    tu_assert_value(&s, NULL, "user", NULL, 1.31, 1e-9);
    bdb_sink_free(&s);
}

static void time__decimal_comma__de_DE(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/time/bash-de_DE-decimal-comma.txt", &s);
    tu_assert_value(&s, NULL, "real", NULL, 1.351, 1e-9);
    tu_assert_value(&s, NULL, "user", NULL, 1.351, 1e-9);
    bdb_sink_free(&s);
    bdb_diag d;
    bdb_diag_clear(&d);
    bdb_sink_init(&s);
    assert_int_equal(tu_parse_text("real   0m53,79s\nuser   0m53,788s\n"
                                   "sys    0m0,000s\n", NULL, &s, &d), 0);
    tu_assert_value(&s, NULL, "real", NULL, 53.79, 1e-9);
    tu_assert_value(&s, NULL, "user", NULL, 53.788, 1e-9);
    bdb_sink_free(&s);
}

static void time__gnu_default__all_fields_and_kib(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/time/gnu-time-default-gzip.txt", &s);
    tu_assert_value(&s, NULL, "user", NULL, 1.33, 1e-9);
    tu_assert_value(&s, NULL, "sys", NULL, 0.0, 0);
    tu_assert_value(&s, NULL, "real", NULL, 1.33, 1e-9);
    tu_assert_value(&s, NULL, "cpu_percent", NULL, 99, 0);
    tu_assert_value(&s, NULL, "max_rss", NULL, 1856.0 * 1024, 0);
    tu_assert_value(&s, NULL, "minor_page_faults", NULL, 206, 0);
    tu_assert_value(&s, NULL, "major_page_faults", NULL, 0, 0);
    tu_assert_value(&s, NULL, "swaps", NULL, 0, 0);
    bdb_sink_free(&s);
}

static void time__gnu_nonzero_exit__warns(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/time/gnu-time-default-nonzero-exit.txt", &s);
    assert_true(s.nnotes >= 1);
    assert_non_null(strstr(s.notes[0].text, "non-zero status 1"));
    assert_int_equal(s.notes[0].line, 2);
    tu_assert_value(&s, NULL, "fs_outputs", NULL, 8, 0);
    bdb_sink_free(&s);
}

static void time__gnu_v__command_names_benchmark(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/time/gnu-time-v-gzip.txt", &s);
    const char *b = "gzip -c /tmp/bdbt/gzip-input.txt";
    tu_assert_value(&s, b, "real", NULL, 1.34, 1e-9);
    tu_assert_value(&s, b, "user", NULL, 1.34, 1e-9);
    tu_assert_value(&s, b, "cpu_percent", NULL, 99, 0);
    tu_assert_value(&s, b, "max_rss", NULL, 1764.0 * 1024, 0);
    tu_assert_value(&s, b, "voluntary_context_switches", NULL, 1, 0);
    tu_assert_value(&s, b, "involuntary_context_switches", NULL, 22, 0);
    tu_assert_value(&s, b, "minor_page_faults", NULL, 203, 0);
    tu_assert_value(&s, b, "page_size", NULL, 4096, 0);
    tu_assert_value(&s, b, "exit_status", NULL, 0, 0);
    assert_int_equal(tu_count(&s, NULL), 22);
    bdb_sink_free(&s);
    /* after the program's own output */
    parse_ok("samples/time/gnu-time-v-bc-pi-with-output.txt", &s);
    tu_assert_value(&s, "bash -c echo \"scale=2000; 4*a(1)\" | bc -l -q", "real",
                    NULL, 1.06, 1e-9);
    tu_assert_value(&s, NULL, "max_rss", NULL, 3080.0 * 1024, 0);
    bdb_sink_free(&s);
}

static void time__busybox__default_and_v(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/time/busybox-time-gzip.txt", &s);
    tu_assert_value(&s, NULL, "real", NULL, 1.32, 1e-9);
    tu_assert_value(&s, NULL, "user", NULL, 1.31, 1e-9);
    bdb_sink_free(&s);
    parse_ok("samples/time/busybox-time-v-gzip.txt", &s);
    tu_assert_value(&s, "gzip -c /tmp/bdbt/gzip-input.txt", "real", NULL, 1.31, 1e-9);
    tu_assert_value(&s, NULL, "max_rss", NULL, 7472.0 * 1024, 0);
    bdb_sink_free(&s);
    bdb_diag d;
    bdb_diag_clear(&d);
    bdb_sink_init(&s);
    /* BusyBox past one hour: "%uh %um %02us" */
    assert_int_equal(tu_parse_text("real\t1h 2m 03s\nuser\t1h 1m 59s\n"
                                   "sys\t0m 0.50s\n", NULL, &s, &d), 0);
    tu_assert_value(&s, NULL, "real", NULL, 3723, 0);
    tu_assert_value(&s, NULL, "sys", NULL, 0.5, 1e-9);
    bdb_sink_free(&s);
}

static void time__seed000_loop__three_repetitions(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/time/seed000-loop-gzip-pages.txt", &s);
    assert_int_equal(tu_count(&s, "real"), 3);
    assert_int_equal(s.samples[0].repetition, 1);
    assert_int_equal(s.samples[3].repetition, 2);
    assert_int_equal(s.samples[6].repetition, 3);
    assert_true(s.samples[6].value == 0.229);
    bdb_sink_free(&s);
    /* echo -n "#1 :" glued to GNU time's first line */
    bdb_diag d;
    bdb_diag_clear(&d);
    bdb_sink_init(&s);
    assert_int_equal(tu_parse_text("#1 :1.33user 0.00system 0:01.33elapsed "
                                   "99%CPU (0avgtext+0avgdata 1856maxresident)k\n"
                                   "0inputs+0outputs (0major+206minor)pagefaults "
                                   "0swaps\n", NULL, &s, &d), 0);
    tu_assert_value(&s, NULL, "real", NULL, 1.33, 1e-9);
    bdb_sink_free(&s);
}

static void time__seed002_nbsp_blank_lines__three_runs(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/time/seed002-bc-pi@ARM-FT1500A.txt", &s);
    assert_int_equal(tu_count(&s, "real"), 3);
    tu_assert_value(&s, NULL, "real", NULL, 53.462, 1e-12);
    assert_true(s.samples[3].value == 54.238);
    assert_true(s.samples[7].value == 53.668);
    bdb_sink_free(&s);
    parse_ok("samples/time/seed002-bc-pi@x86-A.txt", &s);
    assert_true(s.samples[5].value == 0.280);
    assert_int_equal(s.samples[5].line, 11);
    bdb_sink_free(&s);
}

static void time__time_dd__both_parsers_run(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/time/bash-time-dd-write-read.txt", &s);
    const char *w = "dd if=/dev/zero of=/tmp/bdb-dd.bin bs=1M count=64 conv=fdatasync";
    tu_assert_value(&s, w, "real", NULL, 0.072, 1e-9);
    tu_assert_value(&s, w, "sys", NULL, 0.047, 1e-9);
    tu_assert_value(&s, "dd if=/tmp/bdb-dd.bin of=/dev/null bs=1M", "real", NULL,
                    0.004, 1e-9);
    tu_assert_value(&s, "dd", "throughput", "direction=write", 67108864 / 0.0591176,
                    1e-9);
    tu_assert_value(&s, "dd", "throughput", "direction=read", 67108864 / 0.00256977,
                    1e-9);
    assert_int_equal(tu_count(&s, "real"), 2);
    assert_int_equal(tu_count(&s, "throughput"), 2);
    bdb_sink_free(&s);
}


static void time__truncated__errors_with_line(void **st)
{
    (void)st;
    tu_expect_warning("tests/fixtures/time/broken-truncated-bash-block.txt", NULL, NULL, 1, 6,
                      "truncated");
    expect_error("tests/fixtures/time/broken-truncated-gnu-v.txt", NULL, 1, "truncated");
    expect_error("tests/fixtures/time/broken-truncated-gnu-default.txt", "time", 1,
                 "truncated");
}

static void time__garbage__never_crashes(void **st)
{
    (void)st;
    static const char *const inputs[] = {
        "real\n", "real 0m\nuser\nsys\n", "real 1.0\nuser x\n",
        "\tCommand being timed: \"x\n", "1user 2system elapsed\n",
        "#1 :\n#2 :", "real\t0m1.0s\nuser\t0m1.0s\n", "time \n",
        "\tUser time (seconds): 1.0\n\tExit status: 0\n",
    };
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        bdb_sink s;
        bdb_diag d;
        bdb_sink_init(&s);
        bdb_diag_clear(&d);
        (void)tu_parse_text(inputs[i], "time", &s, &d);
        bdb_sink_free(&s);
    }
}


int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(time__bash_default__reads_real_user_sys_and_command),
        cmocka_unit_test(time__timeformat_precisions__all_read),
        cmocka_unit_test(time__posix_p__bash_and_gnu),
        cmocka_unit_test(time__decimal_comma__de_DE),
        cmocka_unit_test(time__gnu_default__all_fields_and_kib),
        cmocka_unit_test(time__gnu_nonzero_exit__warns),
        cmocka_unit_test(time__gnu_v__command_names_benchmark),
        cmocka_unit_test(time__busybox__default_and_v),
        cmocka_unit_test(time__seed000_loop__three_repetitions),
        cmocka_unit_test(time__seed002_nbsp_blank_lines__three_runs),
        cmocka_unit_test(time__time_dd__both_parsers_run),
        cmocka_unit_test(time__truncated__errors_with_line),
        cmocka_unit_test(time__garbage__never_crashes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
