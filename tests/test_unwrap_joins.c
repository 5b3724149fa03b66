/* test_unwrap_joins.c - lines an author hard-wrapped with a trailing
 * backslash, joined into the tool's one line with each figure at the
 * file's line it is printed on (ingest/unwrap_joins.c); and backslashes
 * that end no continued line, left alone.
 *
 * The excerpts are quoted from published logs of the corpus
 * (bench/corpus/SOURCES.tsv gives each one's source); every figure the
 * tests expect was read off the quoted text. */
#include "test_util.h"
#include "../ingest/ingest.h"
#include "../ingest/unwrap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A fio how-to page whose author broke fio 3.19's long lines with "\":
 * the command, the job header, the bw line, the group line and the disk
 * stats (dm-1 and dm-0 over three lines each, one broken right after
 * "in_queue=87239968,\" before " util=81.29%"). Public excerpt
 * (bench/corpus SOURCES.tsv: fio/ho12-3.19-doc-page-backslash-wrapped-
 * group-and-dm-disk-lines-four-group-excerpts.md, search index id
 * 16944473700), lines 30-75. */
static const char fio_wrapped[] =
        "# fio --name=random-write --ioengine=posixaio --rw=randwrite --bs=4k \\\n"
        "--numjobs=1 --size=4g --iodepth=1 --runtime=60 --time_based --end_fsync=1\n"
        "random-write: (g=0): rw=randwrite, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) \\\n"
        "4096B-4096B, ioengine=posixaio, iodepth=1\n"
        "fio-3.19\n"
        "Starting 1 process\n"
        "random-write: Laying out IO file (1 file / 4096MiB)\n"
        "Jobs: 1 (f=1): [F(1)][100.0%][w=23.4MiB/s][w=5992 IOPS][eta 00m:00s]\n"
        "random-write: (groupid=0, jobs=1): err= 0: pid=2427: Tue May 19 11:55:53 2020\n"
        "  write: IOPS=10.1k, BW=39.3MiB/s (41.2MB/s)(2411MiB/61288msec); 0 zone resets\n"
        "    slat (usec): min=2, max=118728, avg=14.89, stdev=369.70\n"
        "    clat (nsec): min=1327, max=245121k, avg=71777.23, stdev=1507737.18\n"
        "     lat (usec): min=19, max=250225, avg=86.66, stdev=1556.20\n"
        "    clat percentiles (usec):\n"
        "     |  1.00th=[    3],  5.00th=[    3], 10.00th=[    3], 20.00th=[   23],\n"
        "     | 30.00th=[   26], 40.00th=[   29], 50.00th=[   30], 60.00th=[   30],\n"
        "     | 70.00th=[   30], 80.00th=[   37], 90.00th=[   63], 95.00th=[   91],\n"
        "     | 99.00th=[  326], 99.50th=[  799], 99.90th=[ 5866], 99.95th=[ 8717],\n"
        "     | 99.99th=[82314]\n"
        "   bw (  KiB/s): min=16406, max=66802, per=100.00%, avg=41176.64, \\\n"
        "stdev=8856.09, samples=118\n"
        "   iops        : min= 4101, max=16700, avg=10293.88, stdev=2214.04, samples=118\n"
        "  lat (usec)   : 2=0.09%, 4=11.76%, 10=0.01%, 20=0.28%, 50=74.46%\n"
        "  lat (usec)   : 100=8.98%, 250=3.08%, 500=0.64%, 750=0.18%, 1000=0.09%\n"
        "  lat (msec)   : 2=0.16%, 4=0.12%, 10=0.12%, 20=0.02%, 50=0.01%\n"
        "  lat (msec)   : 100=0.01%, 250=0.01%\n"
        "  cpu          : usr=10.78%, sys=15.06%, ctx=775939, majf=5, minf=29\n"
        "  IO depths    : 1=100.0%, 2=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, 32=0.0%, >=64=0.0%\n"
        "     submit    : 0=0.0%, 4=100.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%\n"
        "     complete  : 0=0.0%, 4=100.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%\n"
        "     issued rwts: total=0,617184,0,0 short=0,0,0,0 dropped=0,0,0,0\n"
        "     latency   : target=0, window=0, percentile=100.00%, depth=1\n"
        "\n"
        "Run status group 0 (all jobs):\n"
        "  WRITE: bw=39.3MiB/s (41.2MB/s), 39.3MiB/s-39.3MiB/s (41.2MB/s-41.2MB/s), \\\n"
        "io=2411MiB (2528MB), run=61288-61288msec\n"
        "\n"
        "Disk stats (read/write):\n"
        "    dm-1: ios=2381/631516, merge=0/0, ticks=9376/82883752, in_queue=82929236, \\\n"
        "util=80.66%, aggrios=3246/655729, aggrmerge=0/0, aggrticks=10692/87229256, \\\n"
        "aggrin_queue=87239968, aggrutil=81.29%\n"
        "    dm-0: ios=3246/655729, merge=0/0, ticks=10692/87229256, in_queue=87239968,\\\n"
        " util=81.29%, aggrios=3235/653548, aggrmerge=11/2181, aggrticks=1945/108056, \\\n"
        "aggrin_queue=62344, aggrutil=31.25%\n"
        "  sda: ios=3235/653548, merge=11/2181, ticks=1945/108056, in_queue=62344, \\\n"
        "util=31.25%\n";

static void continued__fio_3_19_wrapped_lines__read_where_printed(void **st)
{
    (void)st;
    bdb_sink s;
    tu_text_accounted(fio_wrapped, NULL, &s);
    /* the bw line: "avg=41176.64, \" then "stdev=8856.09, samples=118" */
    tu_assert_printed(fio_wrapped, &s, "bandwidth_mean", NULL,
                      "avg=41176.64, \\", 41176.64 * 1024, 1e-9);
    tu_assert_printed(fio_wrapped, &s, "bandwidth_stdev", NULL,
                      "stdev=8856.09, samples=118", 8856.09 * 1024, 1e-9);
    tu_assert_printed(fio_wrapped, &s, "bandwidth_samples", NULL,
                      "samples=118", 118, 0);
    /* the group line, its io= and run= on the next line */
    tu_assert_printed(fio_wrapped, &s, "group_bandwidth", "block_size=4096",
                      "  WRITE: bw=39.3MiB/s", 39.3 * 1048576, 1e-9);
    tu_assert_printed(fio_wrapped, &s, "group_io_bytes", NULL,
                      "io=2411MiB (2528MB)", 2411.0 * 1048576, 1e-9);
    tu_assert_printed(fio_wrapped, &s, "group_runtime", NULL,
                      "run=61288-61288msec", 61.288, 1e-9);
    /* the disk stats: each figure on its own physical line */
    tu_assert_printed(fio_wrapped, &s, "disk_in_queue", "device=dm-1",
                      "in_queue=82929236, \\", 82929.236, 1e-9);
    tu_assert_printed(fio_wrapped, &s, "disk_util", "device=dm-1",
                      "util=80.66%, aggrios=3246/655729", 80.66, 1e-9);
    tu_assert_printed(fio_wrapped, &s, "disk_aggr_in_queue", "device=dm-1",
                      "aggrin_queue=87239968, aggrutil=81.29%", 87239.968,
                      1e-9);
    tu_assert_printed(fio_wrapped, &s, "disk_in_queue", "device=dm-0",
                      "in_queue=87239968,\\", 87239.968, 1e-9);
    tu_assert_printed(fio_wrapped, &s, "disk_util", "device=dm-0",
                      " util=81.29%, aggrios=3235/653548", 81.29, 1e-9);
    tu_assert_printed(fio_wrapped, &s, "disk_aggr_write_ticks", "device=dm-0",
                      "aggrticks=1945/108056, \\", 108.056, 1e-9);
    tu_assert_printed(fio_wrapped, &s, "disk_aggr_util", "device=dm-0",
                      "aggrutil=31.25%", 31.25, 1e-9);
    assert_int_equal(tu_line_of(&s, "disk_util", "device=sda"), 46);
    tu_assert_value(&s, NULL, "disk_util", "device=sda", 31.25, 1e-9);
    /* the job header's "(T) \" then "4096B-4096B": no backslash for a
     * block size, no line left with figures unread or unwarned */
    for (int line = 1; line <= 46; line++)
        assert_false(tu_has_warning(&s, line, NULL));
    bdb_sink_free(&s);
}

/* The text bdb_unwrap gives the parsers for text (text itself when no
 * container was found; the caller frees). */
static char *unwrapped_text(const char *text, char *what, size_t whatsz)
{
    bdb_unwrapped u;
    assert_int_equal(bdb_unwrap(text, strlen(text), &u), 0);
    /* u.text is u.len bytes, not a C string */
    char *t = u.text ? strndup(u.text, u.len) : strdup(text);
    assert_non_null(t);
    snprintf(what, whatsz, "%s", u.what);
    bdb_unwrap_free(&u);
    return t;
}

/* A backslash glued to a word ends a command the author broke before its
 * prompt's answer, not a line the next continues (a path's "dir\", a
 * Windows "C:\"): "sudo hdparm -tT /dev/sde\" stays apart from "[sudo]
 * password for christine:". Public excerpt (bench/corpus SOURCES.tsv:
 * hdparm/ho12-es-linux-admin-guide-no-space-around-equals-backslash-
 * prompt.md, search index id 34300398520), lines 3-9. */
static const char hdparm_glued[] =
    "```sh\n"
    "sudo hdparm -tT /dev/sde\\\n"
    "[sudo] password for christine:\n"
    "\n"
    " /dev/sde:\n"
    "Timing cached reads:   11810 MB in 2.00 seconds=5916.78 MB/sec\n"
    "Timing buffered disk reads: 1024 MB in 2.69 seconds=380.94 MB/sec\n";

static void continued__backslash_glued_to_a_word__left_alone(void **st)
{
    (void)st;
    char what[128];
    char *t = unwrapped_text(hdparm_glued, what, sizeof what);
    assert_null(strstr(what, "continued"));
    assert_non_null(strstr(t, "/dev/sde\\\n[sudo] password"));
    free(t);
    bdb_sink s;
    tu_text_ok(hdparm_glued, NULL, &s);
    /* hdparm's MB is 2^20 bytes */
    tu_assert_value(&s, "cached_reads", "throughput", NULL,
                    5916.78 * 1048576, 1e-9);
    assert_int_equal(tu_find(&s, "cached_reads", "throughput", NULL)->line, 6);
    tu_assert_value(&s, "buffered_disk_reads", "throughput", NULL,
                    380.94 * 1048576, 1e-9);
    assert_int_equal(
        tu_find(&s, "buffered_disk_reads", "throughput", NULL)->line, 7);
    bdb_sink_free(&s);
}

/* A backslash that ends no continued line, in the fio excerpt edited for
 * the case: a lone " \" line before "fio-3.19", and a Markdown hard break
 * " \" before a line of fio's own ("Run status group 0 (all jobs):", the
 * blank line before it dropped). Neither is joined: the group's figures
 * stay at their lines. */
static void continued__lone_backslash_and_break_before_tool_line__left_alone(void **st)
{
    (void)st;
    char *a = tu_replace(fio_wrapped, "fio-3.19\n", " \\\nfio-3.19\n");
    char *b = tu_replace(a, "depth=1\n\nRun status group 0",
                         "depth=1 \\\nRun status group 0");
    char what[128];
    char *t = unwrapped_text(b, what, sizeof what);
    assert_non_null(strstr(what, "continued")); /* the others are joined */
    assert_non_null(strstr(t, "\n \\\nfio-3.19\n"));
    assert_non_null(strstr(t, "depth=1 \\\nRun status group 0"));
    free(t);
    bdb_sink s;
    tu_text_ok(b, NULL, &s);
    tu_assert_printed(b, &s, "group_bandwidth", NULL, "  WRITE: bw=39.3MiB/s",
                      39.3 * 1048576, 1e-9);
    tu_assert_printed(b, &s, "group_runtime", NULL, "run=61288-61288msec",
                      61.288, 1e-9);
    bdb_sink_free(&s);
    free(a);
    free(b);
}

/* hdparm's and dd's lines broken with a "\" as a page breaks a long
 * line: each figure at the physical line it is printed on, as fio's are
 * (the parsers give the number's column, ingest finds its line). No
 * published hdparm or dd log so broken was found: the breaks are made
 * here in real samples (samples/hdparm/bash-x-T-only-loop1.txt,
 * samples/dd/gnu-bash-x-write-bs1M-count64.txt, see their READMEs),
 * where a page's width would fall. */
static void continued__hdparm_and_dd_lines__figures_where_printed(void **st)
{
    (void)st;
    char *raw = tu_read("samples/hdparm/bash-x-T-only-loop1.txt", NULL);
    char *hd = tu_replace(raw, "2.00 seconds = 7539", "2.00 seconds = \\\n7539");
    bdb_sink s;
    tu_text_accounted(hd, NULL, &s);
    tu_assert_printed(hd, &s, "throughput", NULL, "7539.76 MB/sec",
                      7539.76 * 1048576, 1e-9);
    tu_assert_printed(hd, &s, "bytes", NULL, "15062 MB in", 15062.0 * 1048576,
                      1e-12);
    tu_assert_printed(hd, &s, "elapsed", NULL, "2.00 seconds = \\", 2.00,
                      1e-12);
    assert_int_equal(tu_line_of(&s, "throughput", NULL), 5);
    bdb_sink_free(&s);
    free(hd);
    free(raw);

    raw = tu_read("samples/dd/gnu-bash-x-write-bs1M-count64.txt", NULL);
    char *dd = tu_replace(raw, "copied, 0.210548 s, 319",
                          "copied, \\\n0.210548 s, \\\n    319");
    tu_text_accounted(dd, NULL, &s);
    tu_assert_printed(dd, &s, "bytes", NULL, "67108864 bytes (67 MB",
                      67108864, 0);
    tu_assert_printed(dd, &s, "elapsed", NULL, "0.210548 s, \\", 0.210548,
                      1e-12);
    /* the rate dd printed is on line 6; the figure is bytes/seconds */
    tu_assert_printed(dd, &s, "throughput", NULL, "    319 MB/s",
                      67108864 / 0.210548, 1e-12);
    assert_int_equal(tu_line_of(&s, "throughput", NULL), 6);
    bdb_sink_free(&s);
    free(dd);
    free(raw);
}

/* openssl speed's row and GNU time's and bash's lines broken the same
 * way, made from real samples (samples/openssl-speed/doing-md5-rsa2048
 * .txt, samples/time/gnu-time-default-gzip.txt and bash-timeformat-real-
 * user-sys-one-line.txt, see their READMEs): each figure at its line. */
static void continued__openssl_row_and_time_lines__figures_where_printed(void **st)
{
    (void)st;
    char *raw = tu_read("samples/openssl-speed/doing-md5-rsa2048.txt", NULL);
    char *os = tu_replace(raw, "375604.22k   507445.89k",
                          "375604.22k \\\n   507445.89k");
    bdb_sink s;
    tu_text_accounted(os, NULL, &s);
    tu_assert_printed(os, &s, "throughput", "block_size=256",
                      "md5              76770.74k", 375604.22e3, 1e-12);
    tu_assert_printed(os, &s, "throughput", "block_size=1024",
                      "   507445.89k   573667.56k", 507445.89e3, 1e-12);
    tu_assert_printed(os, &s, "throughput", "block_size=16384",
                      "   507445.89k   573667.56k", 584453.69e3, 1e-12);
    bdb_sink_free(&s);
    free(os);
    free(raw);

    raw = tu_read("samples/time/gnu-time-default-gzip.txt", NULL);
    char *gnu = tu_replace(raw, "99%CPU (0avgtext", "99%CPU \\\n(0avgtext");
    tu_text_accounted(gnu, NULL, &s);
    tu_assert_printed(gnu, &s, "cpu_percent", NULL, "0:01.33elapsed 99%CPU",
                      99, 0);
    tu_assert_printed(gnu, &s, "max_rss", NULL, "1856maxresident)k",
                      1856.0 * 1024, 0);
    assert_int_equal(tu_line_of(&s, "max_rss", NULL), 2);
    assert_int_equal(tu_line_of(&s, "minor_page_faults", NULL), 3);
    bdb_sink_free(&s);
    free(gnu);
    free(raw);

    raw = tu_read("samples/time/bash-timeformat-real-user-sys-one-line.txt",
                  NULL);
    char *bash = tu_replace(raw, "s user 0m1.963s", "s \\\nuser 0m1.963s");
    tu_text_accounted(bash, NULL, &s);
    tu_assert_printed(bash, &s, "real", NULL, "real 0m3.072s", 3.072, 1e-12);
    tu_assert_printed(bash, &s, "user", NULL, "user 0m1.963s", 1.963, 1e-12);
    tu_assert_printed(bash, &s, "sys", NULL, "sys 0m0.025s", 0.025, 1e-12);
    assert_int_equal(tu_line_of(&s, "sys", NULL), 2);
    bdb_sink_free(&s);
    free(bash);
    free(raw);
}

/* iperf3's and iperf 2's rows broken the same way, made from real
 * samples (samples/iperf3/tcp.txt, samples/iperf/tcp.txt, see their
 * READMEs): the rate and the transfer each at their line, the
 * interval's rate too. The other columns (Retr, Cwnd, jitter, loss)
 * still take the row's first line. */
static void continued__iperf_rows__rate_and_transfer_where_printed(void **st)
{
    (void)st;
    char *raw = tu_read("samples/iperf3/tcp.txt", NULL);
    char *a = tu_replace(raw, "sec  2.82 GBytes  24.2",
                         "sec  2.82 GBytes \\\n 24.2");
    char *three = tu_replace(a, "5.78 GBytes  24.8 Gbits/sec    3",
                             "5.78 GBytes \\\n 24.8 Gbits/sec    3");
    bdb_sink s;
    tu_text_accounted(three, NULL, &s);
    tu_assert_printed(three, &s, "throughput_sender", NULL,
                      " 24.8 Gbits/sec    3             sender", 24.8e9,
                      1e-12);
    tu_assert_printed(three, &s, "transfer_sender", NULL,
                      "0.00-2.00   sec  5.78 GBytes \\", 5.78 * 1073741824.0,
                      1e-12);
    tu_assert_printed(three, &s, "interval_throughput_min", NULL,
                      " 24.2 Gbits/sec    0", 24.2e9, 1e-12);
    assert_int_equal(tu_line_of(&s, "throughput", NULL), 11);
    bdb_sink_free(&s);
    free(three);
    free(a);
    free(raw);

    raw = tu_read("samples/iperf/tcp.txt", NULL);
    char *two = tu_replace(raw, "sec  5.80 GBytes  24.9",
                           "sec  5.80 GBytes \\\n  24.9");
    tu_text_accounted(two, NULL, &s);
    tu_assert_printed(two, &s, "throughput", NULL, "  24.9 Gbits/sec", 24.9e9,
                      1e-12);
    tu_assert_printed(two, &s, "transfer", NULL, "sec  5.80 GBytes \\",
                      5.80 * 1073741824.0, 1e-12);
    bdb_sink_free(&s);
    free(two);
    free(raw);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(continued__fio_3_19_wrapped_lines__read_where_printed),
        cmocka_unit_test(continued__backslash_glued_to_a_word__left_alone),
        cmocka_unit_test(continued__lone_backslash_and_break_before_tool_line__left_alone),
        cmocka_unit_test(continued__hdparm_and_dd_lines__figures_where_printed),
        cmocka_unit_test(continued__openssl_row_and_time_lines__figures_where_printed),
        cmocka_unit_test(continued__iperf_rows__rate_and_transfer_where_printed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
