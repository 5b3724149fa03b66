/* test_hdparm.c - the hdparm parser: -tT, --direct, --offset, several
 * devices, repeated runs (seed-000 markers, a shell loop), seed 002's
 * rate-only quotes, short timings, error output interleaved with the
 * timings, command lines as parameters and their disagreements, files
 * where nothing was measured, and figures cross-checked with the raw text. */
#include "test_util.h"

/* Shorthands over the shared helpers in test_util.h. */
#define parse_ok(rel, s) tu_parse_ok(rel, NULL, s)
#define text_ok(text, s) tu_text_ok(text, NULL, s)
#define expect_error(rel, tool, line, needle) tu_expect_error(rel, NULL, tool, line, needle)

#include <stdio.h>
#include <stdlib.h>
#include <math.h>
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
    tu_assert_value(&s, "direct_disk_reads", "throughput", "direct=1,device=/dev/loop0",
                    10262.22 * MIB, 1e-12);
    /* 2048 MB in 0.20 s: the 2 GiB device ended long before 3 s */
    assert_int_equal(s.nnotes, 1);
    assert_int_equal(s.notes[0].line, 4);
    assert_non_null(strstr(s.notes[0].text, "short sample"));
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
    /* with its command line the same output is recognised as hdparm's */
    expect_error("tests/fixtures/hdparm/error-bash-x-vda-operation-not-permitted.txt",
                 NULL, 2, "/dev/vda: Operation not permitted");
    const bdb_parser *hd = bdb_parser_find("hdparm");
    static const char prose[] = "Run hdparm -tT /dev/sda to time the disk.\n"
                                "/etc/fstab: not found here\n";
    assert_true(hd->sniff(prose, strlen(prose)) < BDB_SNIFF_THRESHOLD);
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

static void hdparm__malformed_lines__warned_rest_kept(void **st)
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
    /* a bad line among good ones: warned, the rest kept (lines of
     * tT-two-devices-loop0-loop1.txt, the middle one cut) */
    text_ok("\n/dev/loop0:\n Timing cached reads:   9316 MB in  2.00 seconds = "
            "4660.88 MB/sec\n Timing buffered disk reads: 256 MB in  2.15 sec\n"
            " Timing uncached reads: 1 MB in 1.00 seconds = 1.00 MB/sec\n"
            "\n/dev/loop1:\n Timing cached reads:   18074 MB in  2.00 seconds = "
            "9048.84 MB/sec\n", &s);
    assert_int_equal(tu_count(&s, "throughput"), 2);
    assert_int_equal(s.nnotes, 2);
    assert_int_equal(s.notes[0].line, 4);
    assert_non_null(strstr(s.notes[1].text, "unknown hdparm timing"));
    tu_assert_value(&s, "cached_reads", "throughput", "device=/dev/loop1", 9048.84 * MIB,
                    1e-12);
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



static void hdparm__two_devices_one_run__device_parameter_each(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/hdparm/tT-two-devices-loop0-loop1.txt", &s);
    assert_int_equal(tu_count(&s, "throughput"), 4);
    tu_assert_value(&s, "cached_reads", "throughput", "device=/dev/loop0",
                    4660.88 * MIB, 1e-12);
    tu_assert_value(&s, "buffered_disk_reads", "throughput", "device=/dev/loop0",
                    118.84 * MIB, 1e-12);
    tu_assert_value(&s, "cached_reads", "throughput", "device=/dev/loop1",
                    9048.84 * MIB, 1e-12);
    tu_assert_value(&s, "buffered_disk_reads", "bytes", "device=/dev/loop1", 48 * MIB, 0);
    /* two devices: no repetitions */
    for (size_t i = 0; i < s.n; i++)
        assert_int_equal(s.samples[i].repetition, 1);
    bdb_sink_free(&s);
    parse_ok("samples/hdparm/bash-x-tT-direct-two-devices.txt", &s);
    tu_assert_value(&s, "direct_cached_reads", "throughput", "device=/dev/loop2,direct=1",
                    2551.61 * MIB, 1e-12);
    tu_assert_value(&s, "direct_disk_reads", "throughput", "device=/dev/loop1,direct=1",
                    1819.97 * MIB, 1e-12);
    assert_int_equal(s.nnotes, 1); /* loop1: 48 MB in 0.03 s */
    bdb_sink_free(&s);
}

static void hdparm__short_timing__kept_and_warned(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/hdparm/tT-two-devices-loop0-loop1.txt", &s);
    assert_int_equal(s.nnotes, 1);
    assert_int_equal(s.notes[0].line, 8);
    assert_non_null(strstr(s.notes[0].text, "48 MB in 0.03 s"));
    tu_assert_value(&s, "buffered_disk_reads", "throughput", "device=/dev/loop1",
                    1511.67 * MIB, 1e-12);
    bdb_sink_free(&s);
    /* an NVMe partition, hdparm 9.x --direct ('Linux 命令记录' notes,
     * 2020-08-19) */
    text_ok("$ sudo hdparm -tT --direct /dev/nvme0n1p2\n\n/dev/nvme0n1p2:\n"
            " Timing O_DIRECT cached reads:   2284 MB in  2.00 seconds = 1142.33 MB/sec\n"
            " Timing O_DIRECT disk reads: 100 MB in  0.08 seconds = 1226.93 MB/sec\n", &s);
    tu_assert_value(&s, "direct_disk_reads", "throughput",
                    "device=/dev/nvme0n1p2,direct=1", 1226.93 * MIB, 1e-12);
    assert_int_equal(s.nnotes, 1);
    assert_int_equal(s.notes[0].line, 5);
    bdb_sink_free(&s);
}

static void hdparm__loop_of_runs__repetitions(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/hdparm/bash-x-t-loop0-three-runs.txt", &s);
    assert_int_equal(tu_count(&s, "throughput"), 3);
    const bdb_sample *last = NULL;
    for (size_t i = 0; i < s.n; i++)
        if (strcmp(s.samples[i].metric, "throughput") == 0)
            last = &s.samples[i];
    assert_int_equal(last->repetition, 3);
    assert_int_equal(last->line, 15);
    assert_true(last->value == 150.62 * MIB);
    bdb_sink_free(&s);
}

static void hdparm__command_line__settings_and_disagreements(void **st)
{
    (void)st;
    bdb_sink s;
    parse_ok("samples/hdparm/bash-x-t-direct-loop0.txt", &s);
    tu_assert_value(&s, "direct_disk_reads", "throughput", "device=/dev/loop0,direct=1",
                    4577.97 * MIB, 1e-12);
    assert_int_equal(s.nnotes, 1); /* 256 MB in 0.06 s; no disagreement */
    bdb_sink_free(&s);
    parse_ok("samples/hdparm/bash-x-t-offset1-loop2-sparse.txt", &s);
    tu_assert_value(&s, "buffered_disk_reads", "throughput",
                    "device=/dev/loop2,offset=1073741824", 91.49 * MIB, 1e-12);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
    parse_ok("samples/hdparm/bash-x-T-only-loop1.txt", &s);
    assert_int_equal(s.n, 3);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
    /* an MT6592 phone's eMMC: "root@host:~#" prompt, -Tt ('A note about
     * benchmarks', MediaTek MT65xx phones with armhf Debian) */
    text_ok("root@eldershade:~# hdparm -Tt /dev/mmcblk0p4\n\n/dev/mmcblk0p4:\n"
            " Timing cached reads:   1714 MB in  2.00 seconds = 857.39 MB/sec\n"
            " Timing buffered disk reads: 148 MB in  3.01 seconds =  49.21 MB/sec\n", &s);
    tu_assert_value(&s, "buffered_disk_reads", "throughput", "device=/dev/mmcblk0p4",
                    49.21 * MIB, 1e-12);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
    /* Banana Pi BPI-F3 (RISC-V), two pasted blocks: "sudo" without a prompt,
     * no space before "Timing", trailing blanks */
    text_ok("sudo hdparm -t --direct /dev/mmcblk0\n/dev/mmcblk0:\n"
            " Timing O_DIRECT disk reads: 240 MB in  3.01 seconds =  79.69 MB/sec\n\n"
            "$ sudo hdparm -t --direct /dev/mmcblk2    \n/dev/mmcblk2:  \n"
            "Timing O_DIRECT disk reads: 580 MB in  3.00 seconds = 193.31 MB/sec \n", &s);
    tu_assert_value(&s, "direct_disk_reads", "throughput", "device=/dev/mmcblk2,direct=1",
                    193.31 * MIB, 1e-12);
    tu_assert_value(&s, "direct_disk_reads", "throughput", "device=/dev/mmcblk0,direct=1",
                    79.69 * MIB, 1e-12);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
    /* the command names another device and other tests than the output
     * (lines of seed000-loop-tT-loop0.txt under a made-up command) */
    text_ok("$ hdparm -T --direct /dev/sdb\n\n/dev/loop0:\n"
            " Timing cached reads:   59878 MB in  1.99 seconds = 30103.38 MB/sec\n"
            " Timing buffered disk reads: 1288 MB in  3.00 seconds = 429.01 MB/sec\n", &s);
    tu_assert_value(&s, "cached_reads", "throughput", "device=/dev/loop0",
                    30103.38 * MIB, 1e-12);
    assert_int_equal(s.nnotes, 3);
    assert_non_null(strstr(s.notes[0].text, "/dev/loop0, which the command line"));
    assert_non_null(strstr(s.notes[1].text, "--direct"));
    assert_non_null(strstr(s.notes[2].text, "-t"));
    bdb_sink_free(&s);
    /* no header (a quote of the result lines): the command's one device */
    text_ok("$ hdparm -T /dev/sda\n Timing cached reads:   1830 MB in  2.00 seconds "
            "= 915.81 MB/sec\n", &s);
    tu_assert_value(&s, "cached_reads", "throughput", "device=/dev/sda", 915.81 * MIB,
                    1e-12);
    bdb_sink_free(&s);
}

static void hdparm__golden_figures__crosschecked_with_raw_text(void **st)
{
    (void)st;
    /* hdparm's MB is 2^20 bytes */
    tu_crosscheck("samples/hdparm/tT-two-devices-loop0-loop1.txt", 3,
                  "9316 MB in  2.00 seconds = 4660.88 MB/sec", "cached_reads", "throughput",
                  4660.88 * 1024 * 1024);
    tu_crosscheck("samples/hdparm/tT-two-devices-loop0-loop1.txt", 8,
                  "48 MB in  0.03 seconds", "buffered_disk_reads", "bytes",
                  48 * 1024.0 * 1024.0);
    tu_crosscheck("samples/hdparm/bash-x-t-offset1-loop2-sparse.txt", 4,
                  "(offset 1 GB): 276 MB in  3.02 seconds =  91.49 MB/sec",
                  "buffered_disk_reads", "throughput", 91.49 * 1024 * 1024);
    tu_crosscheck("samples/hdparm/bash-x-t-loop0-three-runs.txt", 10,
                  "256 MB in  1.13 seconds", "buffered_disk_reads", "elapsed", 1.13);
    tu_crosscheck("samples/hdparm/bash-x-tT-direct-two-devices.txt", 9,
                  "Timing O_DIRECT disk reads: 618 MB in  3.04 seconds = 203.15 MB/sec",
                  "direct_disk_reads", "throughput", 203.15 * 1024 * 1024);
}

/* A Spanish operating-systems course page (JSX, "7.4 Dispositivos de
 * entrada y salida"): hdparm's output inside a template literal, the
 * closing "`}</Code>" glued to the rate. */
static const char JSX[] =
    "      <Code title=\"hdparm -t medir velocidad\">{`$ sudo hdparm -t /dev/sda\n"
    "\n"
    "/dev/sda:\n"
    " Timing buffered disk reads: 186 MB in 3.01 seconds = 61.83 MB/sec`}</Code>\n";

static void hdparm__markup_glued_after_the_unit__read(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(JSX, &s);
    tu_assert_printed(JSX, &s, "throughput", "device=/dev/sda", "61.83 MB/sec`",
                      61.83 * 1048576, 1e-12);
    tu_assert_printed(JSX, &s, "bytes", NULL, "186 MB", 186.0 * 1048576, 0);
    tu_assert_printed(JSX, &s, "elapsed", NULL, "3.01 seconds", 3.01, 0);
    bdb_sink_free(&s);
    /* more of a word after the unit is still no figure */
    tu_expect_error(NULL, "/dev/sda:\n Timing buffered disk reads: 186 MB in "
                    "3.01 seconds = 61.83 MB/secs\n", "hdparm", 2,
                    "expected 'N MB in T seconds = R MB/sec'");
}

/* A forum post ends hdparm's line with a full stop ("%6.2f MB/sec" then
 * "."): the figures are read. Public excerpt (bench/corpus SOURCES.tsv:
 * hdparm/hdparm-2008-slackware-forum-no-indent-glued-equals-two-disks.txt,
 * search index id 56787716505), lines 5-7: 64 MB in 1.09 s = 58.57 MB/sec
 * (hdparm's MB: 2^20). */
static void hdparm__full_stop_after_rate__read(void **st)
{
    (void)st;
    static const char log[] =
        "/dev/sda:\n"
        "Timing buffer-cache reads: 128 MB in 0.12 seconds =1100.60 MB/sec\n"
        "Timing buffered disk reads: 64 MB in 1.09 seconds = 58.57 MB/sec.\n";
    bdb_sink s;
    tu_text_ok(log, NULL, &s);
    assert_int_equal(tu_count(&s, "throughput"), 2);
    tu_assert_value(&s, "buffered_disk_reads", "throughput", NULL,
                    58.57 * 1048576, 1e-9);
    tu_assert_value(&s, "buffered_disk_reads", "elapsed", NULL, 1.09, 1e-9);
    bdb_sink_free(&s);
}

/* hdparm ends a timing line at the unit ("= %6.2f MB/sec\n" in its
 * time_device); a writer's note in parentheses after it leaves the
 * figures as printed. Public excerpt (bench/corpus SOURCES.tsv:
 * hdparm/ho11-x96-mini-armbian-emmc-trailing-parenthetical-after-rate.md,
 * search index id 60815089393), lines 6-8: 68 MB in 3.05 s = 22.28
 * MB/sec (hdparm's MB: 2^20). */
static void hdparm__note_in_parentheses_after_rate__read(void **st)
{
    (void)st;
    static const char log[] =
        "/dev/mmcblk1:\n"
        " Timing cached reads:   1524 MB in  2.00 seconds = 761.77 MB/sec\n"
        " Timing buffered disk reads:  68 MB in  3.05 seconds =  22.28 "
        "MB/sec (this is the value we care for)\n";
    bdb_sink s;
    tu_text_accounted(log, NULL, &s);
    assert_int_equal(tu_count(&s, "throughput"), 2);
    assert_int_equal(s.unread_lines, 0);
    assert_int_equal(tu_count_warnings(&s), 0);
    tu_assert_value(&s, "buffered_disk_reads", "throughput", NULL,
                    22.28 * 1048576, 1e-9);
    tu_assert_value(&s, "buffered_disk_reads", "elapsed", NULL, 3.05, 1e-9);
    tu_assert_value(&s, "cached_reads", "throughput", NULL,
                    761.77 * 1048576, 1e-9);
    bdb_sink_free(&s);
}

/* hdparm's %.2f under a European locale prints a decimal comma. Public
 * excerpt (bench/corpus SOURCES.tsv: hdparm/hdparm-2008-forum-comma-
 * decimal-992-30-no-device-line.md, search index id 56825679506, lines
 * 6-8): 1984 MB in 2.00 s = 992,30 MB/sec (hdparm's MB: 2^20). */
static void hdparm__decimal_comma__read(void **st)
{
    (void)st;
    static const char log[] =
        "hdparm with unmodified settings gives,\n"
        " Timing cached reads:   1984 MB in  2.00 seconds = 992,30 MB/sec\n"
        " Timing buffered disk reads:  174 MB in  3.02 seconds =  57.54 MB/sec\n";
    bdb_sink s;
    tu_text_ok(log, NULL, &s);
    /* once: "expected 'N MB in T seconds = R MB/sec'" and no cached figure */
    tu_assert_printed(log, &s, "throughput", NULL, "992,30 MB/sec",
                      992.30 * 1048576, 1e-12);
    tu_assert_value(&s, "cached_reads", "bytes", NULL, 1984.0 * 1048576, 0);
    tu_assert_value(&s, "cached_reads", "elapsed", NULL, 2.00, 0);
    tu_assert_value(&s, "buffered_disk_reads", "throughput", NULL,
                    57.54 * 1048576, 1e-12);
    assert_int_equal(s.n, 6);
    bdb_sink_free(&s);
}

/* hdparm prints "%3u MB in %5.2f seconds = %6.2f MB/sec" and never calls
 * setlocale() (hdparm.c 9.x, github deepin-community/hdparm): a grouped
 * rate is its writer's retyping. Public excerpt (bench/corpus SOURCES.tsv:
 * hdparm/ho12-scheduler-notes-mq-deadline-bfq-none-24-runs-space-thousands-
 * separator.md, search index id 13251492920, lines 19-30): the cached
 * rates grouped by a space, "= 18 661.44 MB/sec". */
static void hdparm__rate_grouped_by_a_space__read(void **st)
{
    (void)st;
    static const char log[] =
        "/dev/sda:\n"
        " Timing cached reads:   37260 MB in  2.00 seconds = 18 661.44 MB/sec\n"
        " Timing buffered disk reads: 396 MB in  3.01 seconds = 131.57 MB/sec\n"
        "----\n"
        "mq-deadline [bfq] none\n"
        "\n"
        "/dev/sda:\n"
        " Timing cached reads:   26824 MB in  2.00 seconds = 13 428.93 MB/sec\n"
        " Timing buffered disk reads: 396 MB in  3.00 seconds = 131.81 MB/sec\n";
    bdb_sink s;
    tu_text_accounted(log, "hdparm", &s);
    assert_int_equal(tu_count_warnings(&s), 0);
    assert_int_equal(s.n, 12);
    /* line 2: 18661.44 MB/s = 37260 MB / 2.00 s within hdparm's rounding */
    tu_assert_value(&s, "cached_reads", "throughput", "device=/dev/sda",
                    18661.44 * MIB, 1e-12);
    assert_int_equal(tu_line_of(&s, "throughput", "device=/dev/sda"), 2);
    tu_assert_value(&s, "cached_reads", "bytes", "device=/dev/sda",
                    37260.0 * MIB, 0);
    tu_assert_value(&s, "cached_reads", "elapsed", "device=/dev/sda", 2.00, 0);
    tu_assert_value(&s, "buffered_disk_reads", "throughput", "device=/dev/sda",
                    131.57 * MIB, 1e-12);
    bdb_sink_free(&s);
}

/* The same figures grouped as other locales and writers group them
 * (the line above with its separators changed; hdparm's own output is
 * never grouped, see the test above): no-break and narrow no-break
 * spaces, a comma, de's period before a decimal comma; and a rate whose
 * groups are not of three digits is warned about, not misread. */
static void hdparm__rate_grouped_other_ways__read_or_warned(void **st)
{
    (void)st;
    static const char log[] =
        "/dev/sda:\n"
        " Timing cached reads:   37260 MB in  2.00 seconds = 18\xC2\xA0" "661.44 MB/sec\n"
        " Timing cached reads:   37260 MB in  2,00 seconds = 18\xE2\x80\xAF" "661,44 MB/sec\n"
        " Timing cached reads:   37,260 MB in  2.00 seconds = 18,661.44 MB/sec\n"
        " Timing cached reads:   37.260 MB in  2,00 seconds = 18.661,44 MB/sec\n"
        " Timing cached reads:   37260 MB in  2.00 seconds = 18 66.44 MB/sec\n"
        " Timing cached reads:   37260 MB in  2.00 seconds = 18.661.44 MB/sec\n";
    bdb_sink s;
    tu_text_accounted(log, "hdparm", &s);
    assert_int_equal(s.n, 12);
    for (size_t i = 0; i < s.n; i++) {
        assert_true(s.samples[i].line >= 2 && s.samples[i].line <= 5);
        if (strcmp(s.samples[i].metric, "throughput") == 0)
            assert_true(fabs(s.samples[i].value / (18661.44 * MIB) - 1) < 1e-12);
        else if (strcmp(s.samples[i].metric, "bytes") == 0)
            assert_true(s.samples[i].value == 37260.0 * MIB);
    }
    assert_true(tu_has_warning(&s, 6, "expected 'N MB in T seconds"));
    assert_true(tu_has_warning(&s, 7, "expected 'N MB in T seconds"));
    bdb_sink_free(&s);
}

/* A French guide types each -Tt result into a one-column Markdown table,
 * the disk rate in bold. Public excerpt (bench/corpus SOURCES.tsv:
 * hdparm/hdparm-fr-markdown-table-cells-bold-rate-three-machines.md,
 * search index id 71191892606, lines 12-20). */
static void hdparm__markdown_table_cells__read_at_their_lines(void **st)
{
    (void)st;
    static const char log[] =
        "| Raspberry Pi 5 / NVMe.M2 2To: |\n"
        "|----|\n"
        "| Timing cached reads:   6992 MB in  2.00 seconds = 3498.29 MB/sec |\n"
        "| Timing buffered disk reads: 1320 MB in  3.00 seconds = **439.73 MB/sec** |\n"
        "\n"
        "| **Dell OptiPlex 5050 / NVMe.M2 2To (le NVMe est identique \xc3\xa0 celui du Rpi) :** |\n"
        "|----|\n"
        "| Timing cached reads:   15686 MB in  1.98 seconds = 7906.21 MB/sec |\n"
        "| Timing buffered disk reads: 7534 MB in  3.00 seconds = **2511.01 MB/sec** |\n";
    bdb_sink s;
    tu_text_ok(log, NULL, &s);
    assert_int_equal(tu_count(&s, "throughput"), 4);
    tu_assert_printed(log, &s, "throughput", NULL, "3498.29 MB/sec",
                      3498.29 * 1048576, 1e-12);
    const bdb_sample *f = tu_find(&s, "buffered_disk_reads", "throughput", NULL);
    assert_non_null(f);
    assert_int_equal(f->line, 4);
    tu_assert_close(f->value, 439.73 * 1048576, 1e-12, "**439.73 MB/sec**");
    int last = 0;
    for (size_t i = 0; i < s.n; i++)
        if (strcmp(s.samples[i].metric, "throughput") == 0 &&
            strcmp(s.samples[i].benchmark, "buffered_disk_reads") == 0 &&
            s.samples[i].line == 9) {
            tu_assert_close(s.samples[i].value, 2511.01 * 1048576, 1e-12,
                            "2511.01");
            last = 1;
        }
    assert_true(last);
    bdb_sink_free(&s);
}

/* Old hdparm (2.2-era kernels) printed the device and the timing on one
 * line for several devices. Public excerpt (LKML, search index id
 * 35808519993): once not taken for hdparm output at all. */
static void hdparm__device_and_timing_on_one_line__read(void **st)
{
    (void)st;
    static const char log[] =
        "hdparm -t /dev/hda1 /dev/hda3 /dev/hda4 /dev/hda5 /dev/hda7\n"
        "1) 2.2.17\n"
        "/dev/hda1: Timing buffered disk reads:  64 MB in  4.76 seconds = 13.45 MB/sec\n"
        "/dev/hda3: Timing buffered disk reads:  64 MB in  4.57 seconds = 14.00 MB/sec\n"
        "/dev/hda4: Timing buffered disk reads:  64 MB in  6.47 seconds =  9.89 MB/sec\n";
    bdb_sink s;
    tu_text_ok(log, NULL, &s);
    assert_int_equal(tu_count(&s, "throughput"), 3);
    tu_assert_printed(log, &s, "throughput", "device=/dev/hda3", "14.00 MB/sec",
                      14.00 * 1048576, 1e-12);
    tu_assert_printed(log, &s, "elapsed", "device=/dev/hda4", "6.47 seconds",
                      6.47, 1e-12);
    bdb_sink_free(&s);
}

/* hdparm lines quoted with "| " (a mail client's quote; LKML, search index
 * id 25429364517), and a -Tt result typed into a Markdown table under the
 * command (search index id 41272313011, its first five lines). */
static void hdparm__pipe_quoted_and_table_under_command__read(void **st)
{
    (void)st;
    static const char quoted[] =
        "the unmodified 6.6.47 kernel scored:\n"
        "\n"
        "| Timing buffered disk reads: 220 MB in  3.02 seconds =  72.93 MB/sec\n"
        "| Timing buffered disk reads: 222 MB in  3.02 seconds =  73.50 MB/sec\n"
        "| Timing buffered disk reads: 216 MB in  3.00 seconds =  71.94 MB/sec\n";
    bdb_sink s;
    tu_text_ok(quoted, NULL, &s);
    assert_int_equal(tu_count(&s, "throughput"), 3);
    tu_assert_printed(quoted, &s, "throughput", NULL, "72.93 MB/sec",
                      72.93 * 1048576, 1e-12);
    bdb_sink_free(&s);
    static const char table[] =
        "| hdparm -Tt /dev/sdb1 |\n"
        "| --- |\n"
        "| Timing cached reads:   18842 MB in  2.00 seconds = 9429.78 MB/sec |\n"
        "| Timing buffered disk reads: 394 MB in  3.01 seconds = 130.76 MB/sec |\n";
    tu_text_ok(table, NULL, &s);
    tu_assert_printed(table, &s, "throughput", "device=/dev/sdb1",
                      "9429.78 MB/sec", 9429.78 * 1048576, 1e-12);
    const bdb_sample *f = tu_find(&s, "buffered_disk_reads", "throughput",
                                  "device=/dev/sdb1");
    assert_non_null(f);
    assert_int_equal(f->line, 4);
    bdb_sink_free(&s);
}

/* BusyBox's hdparm prints its timings with its own print_timing():
 * printf("%5u MB in %u.%02u seconds = %u kB/s\n", m, sec, hs,
 * m * (1024 * 1000000) / elapsed_us) (busybox miscutils/hdparm.c, search
 * index id 847424700): "kB/s", KiB per second. No BusyBox with its hdparm
 * applet runs here (Debian's leaves it out) and no published output was
 * found, so the lines are what that code prints for 1264 MB in 2.000 s
 * and 116 MB in 3.02 s, made with its own format and arithmetic. */
static void hdparm__busybox_kB_s__read_as_KiB_per_second(void **st)
{
    (void)st;
    static const unsigned m[2] = {1264, 116}, us[2] = {2000000, 3020000};
    static const char *const label[2] = {" Timing cached reads:   ",
                                         " Timing buffered disk reads: "};
    char text[512];
    size_t used = (size_t)snprintf(text, sizeof text, "\n/dev/sda:\n");
    for (int i = 0; i < 2; i++)
        used += (size_t)snprintf(
            text + used, sizeof text - used, "%s%5u MB in %u.%02u seconds = "
            "%u kB/s\n", label[i], m[i], us[i] / 1000000,
            (us[i] % 1000000) / 10000,
            (unsigned)((unsigned long long)m[i] * (1024 * 1000000) / us[i]));
    bdb_sink s;
    tu_text_ok(text, NULL, &s);
    tu_assert_value(&s, "cached_reads", "throughput", NULL,
                    1264.0 * 1024 * 1000000 / 2000000 * 1024, 1e-6);
    tu_assert_value(&s, "buffered_disk_reads", "throughput", NULL,
                    (double)(116ull * 1024 * 1000000 / 3020000) * 1024, 1e-9);
    tu_assert_value(&s, "buffered_disk_reads", "bytes", NULL,
                    116.0 * 1048576, 0);
    assert_int_equal(tu_count_warnings(&s), 0);
    bdb_sink_free(&s);
}

/* Any other note a writer put after the rate, after a blank (issue 21,
 * held-out-13: the whole line was rejected): the timing is read and the
 * numbers of the note are warned at their line, not read. Plain notes
 * of a lab, public code-search index id 31316324471 (bench/corpus
 * SOURCES.tsv fio/ho13-3.36-notes-30min-randread-...), lines 19-21. */
static const char noted_rates[] =
    "lab\n"
    " Timing cached reads:   16622 MB in  1.99 seconds = 8362.37 MB/sec = 1mb => 0.12 ms\n"
    " Timing buffered disk reads: 164 MB in  3.03 seconds =  54.17 MB/sec = 1mb => 18.4 ms\n";

static void hdparm__note_with_numbers_after_rate__read_and_warned(void **st)
{
    (void)st;
    bdb_sink s;
    tu_text_accounted(noted_rates, NULL, &s);
    assert_int_equal(tu_count(&s, "throughput"), 2);
    tu_assert_printed(noted_rates, &s, "throughput", NULL, "8362.37 MB/sec",
                      8362.37 * MIB, 1e-12);
    tu_assert_printed(noted_rates, &s, "bytes", NULL, "16622 MB in",
                      16622 * MIB, 0);
    tu_assert_printed(noted_rates, &s, "elapsed", NULL, "1.99 seconds", 1.99,
                      1e-12);
    tu_assert_value(&s, "buffered_disk_reads", "throughput", NULL,
                    54.17 * MIB, 1e-12);
    tu_assert_value(&s, "buffered_disk_reads", "bytes", NULL, 164 * MIB, 0);
    tu_assert_value(&s, "buffered_disk_reads", "elapsed", NULL, 3.03, 1e-12);
    assert_int_equal(tu_line_of(&s, "throughput", NULL), 2);
    /* the note's "0.12 ms" and "18.4 ms" are not hdparm's: said */
    assert_true(tu_has_warning(&s, 2, "= 1mb => 0.12 ms"));
    assert_true(tu_has_warning(&s, 3, "= 1mb => 18.4 ms"));
    assert_int_equal(tu_count_warnings(&s), 2);
    bdb_sink_free(&s);
}

/* A mail client re-flowed a quoted report (issue 21, held-out-13): a
 * timing's rate, or its unit, went to the next line, where the next
 * timing follows it ("MB/sec Timing buffered disk reads: ..."). An lkml
 * reply of 2003, public code-search index id 14622433248 (bench/corpus
 * SOURCES.tsv hdparm/ho13-lkml-2003-outlook-reply-...), lines 48-54;
 * the same post quoted once less, id 14148811281. */
static const char reflowed_quote[] =
    ">>> on 2.4:\n"
    ">>>   Timing buffer-cache reads:   168 MB in  2.01 seconds =  83.58\n"
    ">>> MB/sec Timing buffered disk reads:   44 MB in  3.12 seconds =\n"
    ">>> 14.10 MB/sec on 2.6:\n"
    ">>>   Timing buffer-cache reads:   172 MB in  2.02 seconds =  84.95\n"
    ">>> MB/sec Timing buffered disk reads:   34 MB in  3.08 seconds =\n"
    ">>> 11.04 MB/sec\n";

static void hdparm__rate_reflowed_to_the_next_line__joined(void **st)
{
    (void)st;
    bdb_sink s;
    text_ok(reflowed_quote, &s);
    assert_int_equal(tu_count(&s, "throughput"), 4);
    assert_int_equal(tu_count(&s, "bytes"), 4);
    /* each figure at the line it is printed on */
    static const struct {
        const char *bench;
        int rep;
        const char *metric;
        int line;
        double v;
    } want[] = {
        {"cached_reads", 1, "throughput", 2, 83.58 * MIB},
        {"cached_reads", 1, "bytes", 2, 168 * MIB},
        {"buffered_disk_reads", 1, "bytes", 3, 44 * MIB},
        {"buffered_disk_reads", 1, "elapsed", 3, 3.12},
        {"buffered_disk_reads", 1, "throughput", 4, 14.10 * MIB},
        {"cached_reads", 2, "throughput", 5, 84.95 * MIB},
        {"buffered_disk_reads", 2, "bytes", 6, 34 * MIB},
        {"buffered_disk_reads", 2, "elapsed", 6, 3.08},
        {"buffered_disk_reads", 2, "throughput", 7, 11.04 * MIB},
    };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        int found = 0;
        for (size_t k = 0; k < s.n; k++) {
            const bdb_sample *x = &s.samples[k];
            if (strcmp(x->benchmark, want[i].bench) == 0 &&
                strcmp(x->metric, want[i].metric) == 0 &&
                x->repetition == want[i].rep) {
                assert_int_equal(x->line, want[i].line);
                tu_assert_close(x->value, want[i].v, 1e-12, want[i].metric);
                found = 1;
            }
        }
        assert_true(found);
    }
    /* "on 2.6:" after the rate is the writer's: said at its line, as
     * the "on 2.4:" of line 1 is */
    assert_true(tu_has_warning(&s, 4, "on 2.6:"));
    assert_true(tu_has_warning(&s, 1, "2.4"));
    assert_int_equal(tu_count_warnings(&s), 2);
    bdb_sink_free(&s);

    /* the same post quoted once less, a blank kept after "=" */
    text_ok(">>   Timing buffer-cache reads:   168 MB in  2.01 seconds =  83.58\n"
            ">> MB/sec Timing buffered disk reads:   44 MB in  3.12 seconds = \n"
            ">> 14.10 MB/sec on 2.6:\n", &s);
    assert_int_equal(tu_count(&s, "throughput"), 2);
    assert_int_equal(tu_line_of(&s, "throughput", NULL), 1);
    tu_assert_value(&s, "buffered_disk_reads", "throughput", NULL,
                    14.10 * MIB, 1e-12);
    bdb_sink_free(&s);

    /* the same real lines broken inside the unit join without a blank;
     * a next line that does not complete the rate is not joined (the
     * rate's unit then comes from MB / seconds, as for a cut line) */
    text_ok(" Timing buffer-cache reads:   168 MB in  2.01 seconds =  83.58 MB/\n"
            "sec Timing buffered disk reads:   44 MB in  3.12 seconds =  14.10\n"
            "\n"
            "Note the big drop of of 3 MB/sec on disk reads.\n", &s);
    assert_int_equal(tu_count(&s, "throughput"), 2);
    tu_assert_value(&s, "cached_reads", "throughput", NULL, 83.58 * MIB, 1e-12);
    tu_assert_value(&s, "buffered_disk_reads", "throughput", NULL,
                    14.10 * MIB, 1e-12);
    assert_int_equal(tu_line_of(&s, "throughput", NULL), 1);
    bdb_sink_free(&s);
}

/* A line cut at a width inside the rate's unit, "= 1.21 MB/" (issue 21,
 * held-out-9: warned, not read). An Ubuntu forum post of 2011, read from
 * a public code-search index, id 56679327467 (bench/corpus SOURCES.tsv
 * hdparm/ho9-forum-2011-usb-wd-offset-...), lines 11-16. The same real
 * lines cut elsewhere (in the unit, before the unit, before the rate)
 * read as far as they go; a cut rate is warned. */
static const char cut_unit_post[] =
    "hdparm -t --offset 37 /dev/sdb\n"
    "/dev/sdb:\n"
    " Timing buffered disk reads (offset 37 GB):   6 MB in  4.98 seconds =   1.21 MB/\n"
    "\n"
    "/dev/sdb:\n"
    " Timing buffered disk reads (offset 37 GB):   2 MB in  3.65 seconds = 561.03 kB/sec\n";

static void hdparm__unit_cut_at_the_line_end__read(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(cut_unit_post, &s);
    assert_int_equal(tu_count(&s, "throughput"), 2);
    assert_int_equal(tu_line_of(&s, "throughput", NULL), 3);
    tu_assert_printed(cut_unit_post, &s, "throughput", NULL, "1.21 MB/",
                      1.21 * MIB, 1e-12);
    tu_assert_printed(cut_unit_post, &s, "bytes", NULL, "6 MB in", 6 * MIB, 0);
    tu_assert_printed(cut_unit_post, &s, "elapsed", NULL, "4.98 seconds",
                      4.98, 1e-12);
    assert_int_equal(tu_count_warnings(&s), 0);
    bdb_sink_free(&s);

    static const struct {
        const char *line;
        double rate; /* B/s; 0: none */
    } cuts[] = {
        {"   6 MB in  4.98 seconds =   1.21 M\n", 1.21 * MIB},
        {"   6 MB in  4.98 seconds =   1.21\n", 1.21 * MIB},
        {"   2 MB in  3.65 seconds = 561.03 kB/se\n", 561.03 * 1024},
        {"   2 MB in  3.65 seconds = 561.03\n", 561.03 * 1024},
        {"   6 MB in  4.98 seconds =\n", 0},
    };
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
        char text[256];
        snprintf(text, sizeof text, "/dev/sdb:\n Timing buffered disk reads "
                 "(offset 37 GB):%s", cuts[i].line);
        text_ok(text, &s);
        const bdb_sample *t = tu_find(&s, NULL, "throughput", NULL);
        const bdb_sample *b = tu_find(&s, NULL, "bytes", NULL);
        assert_non_null(b);
        assert_int_equal(b->line, 2);
        if (cuts[i].rate > 0) {
            assert_non_null(t);
            tu_assert_close(t->value, cuts[i].rate, 1e-12, "throughput");
            assert_int_equal(tu_count_warnings(&s), 0);
        } else {
            assert_null(t);
            assert_true(tu_has_warning(&s, 2, "ends before hdparm's rate"));
        }
        bdb_sink_free(&s);
    }
    /* a rate that is neither MB/s nor kB/s of its figures stays unread:
     * said at its line */
    tu_expect_error(NULL, "/dev/sdb:\n Timing buffered disk reads:   6 MB in  "
                    "4.98 seconds =   9.99\n", NULL, 2, "expected 'N MB in");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hdparm__busybox_kB_s__read_as_KiB_per_second),
        cmocka_unit_test(hdparm__full_stop_after_rate__read),
        cmocka_unit_test(hdparm__note_in_parentheses_after_rate__read),
        cmocka_unit_test(hdparm__note_with_numbers_after_rate__read_and_warned),
        cmocka_unit_test(hdparm__rate_reflowed_to_the_next_line__joined),
        cmocka_unit_test(hdparm__decimal_comma__read),
        cmocka_unit_test(hdparm__rate_grouped_by_a_space__read),
        cmocka_unit_test(hdparm__rate_grouped_other_ways__read_or_warned),
        cmocka_unit_test(hdparm__device_and_timing_on_one_line__read),
        cmocka_unit_test(hdparm__pipe_quoted_and_table_under_command__read),
        cmocka_unit_test(hdparm__markdown_table_cells__read_at_their_lines),
        cmocka_unit_test(hdparm__seed000_loop__three_repetitions_mib),
        cmocka_unit_test(hdparm__direct__o_direct_benchmarks),
        cmocka_unit_test(hdparm__seed002_rate_only__throughput),
        cmocka_unit_test(hdparm__errors_between_label_and_figures__figures_kept),
        cmocka_unit_test(hdparm__nothing_measured__error_not_zero),
        cmocka_unit_test(hdparm__old_wording_offset_kb__read),
        cmocka_unit_test(hdparm__malformed_lines__warned_rest_kept),
        cmocka_unit_test(hdparm__two_devices_one_run__device_parameter_each),
        cmocka_unit_test(hdparm__short_timing__kept_and_warned),
        cmocka_unit_test(hdparm__loop_of_runs__repetitions),
        cmocka_unit_test(hdparm__command_line__settings_and_disagreements),
        cmocka_unit_test(hdparm__golden_figures__crosschecked_with_raw_text),
        cmocka_unit_test(hdparm__markup_glued_after_the_unit__read),
        cmocka_unit_test(hdparm__unit_cut_at_the_line_end__read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
