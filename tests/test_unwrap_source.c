/* test_unwrap_source.c - logs kept in a program's source or captured
 * from a terminal read as the plain log does, each figure at the file's
 * real line (ingest/unwrap_source.c): a one-line literal a declaration
 * names, literals over several lines, Erlang "%%" comments, a terminal's
 * escape sequences, a "#" glued after a commented block's last figure,
 * and an author's label before a fio group line.
 *
 * The excerpts are quoted from published logs of the corpus
 * (bench/corpus/SOURCES.tsv gives each one's source); every figure the
 * tests expect was read off the quoted text. */
#include "test_util.h"
#include "../ingest/ingest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A log's figures and trace points, in the order they came; a trace
 * point's metric is its quantity. */
typedef struct kept {
    bdb_sample *v;
    size_t n, cap;
    bdb_sink sink;      /* its notes */
} kept;

static int keep(void *ctx, const bdb_sample *f)
{
    kept *k = ctx;
    if (k->n == k->cap) {
        k->cap = k->cap ? 2 * k->cap : 64;
        k->v = realloc(k->v, k->cap * sizeof *k->v);
        assert_non_null(k->v);
    }
    bdb_sample_copy(&k->v[k->n], f);
    /* a trace point is found by its quantity ("operations"), not by the
     * run's figure it belongs to */
    if (f->trace)
        snprintf(k->v[k->n].metric, sizeof k->v[k->n].metric, "%s",
                 f->trace->what);
    k->v[k->n++].trace = NULL;
    return 0;
}

/* Parses text with tool (NULL: detect) into k; fails on any error. */
static void parse(const char *text, const char *tool, kept *k)
{
    static const bdb_sink_consumer keep_all = {keep, NULL, keep};
    bdb_sink_consumer c = keep_all;
    bdb_diag d;
    memset(k, 0, sizeof *k);
    c.ctx = k;
    bdb_sink_init(&k->sink);
    k->sink.consumer = &c;
    /* with the unread-figure account, as an import reads it */
    bdb_ingest_opts o = {.source_name = "inline.txt", .tool = tool,
                         .unread_account = 1};
    bdb_diag_clear(&d);
    if (bdb_ingest_buffer(text, strlen(text), &o, &k->sink, NULL, 0, &d) !=
        BDB_OK)
        fail_msg("line %d: %s", d.line, d.message);
    k->sink.consumer = NULL;
}

static void done(kept *k)
{
    free(k->v);
    bdb_sink_free(&k->sink);
}

/* The figure (or trace point) with this metric at this line whose params
 * contain params (NULL: any); fails the test when there is none. */
static const bdb_sample *at(const kept *k, int line, const char *metric,
                            const char *params)
{
    for (size_t i = 0; i < k->n; i++) {
        const bdb_sample *f = &k->v[i];
        if (f->line != line || strcmp(f->metric, metric) != 0)
            continue;
        if (!params)
            return f;
        char kv[256] = "";
        for (int j = 0; j < f->params.n; j++) {
            size_t used = strlen(kv);
            snprintf(kv + used, sizeof kv - used, "%s=%s,", f->params.kv[j].key,
                     f->params.kv[j].value);
        }
        if (strstr(kv, params))
            return f;
    }
    fail_msg("no %s [%s] at line %d", metric, params ? params : "", line);
    return NULL;
}

static void value_at(const kept *k, int line, const char *metric,
                     const char *params, double want)
{
    tu_assert_close(at(k, line, metric, params)->value, want, 1e-6, metric);
}

/* fio 3.36's terse v3 line kept in a Rust constant under a doc comment
 * (SOURCES.tsv: fio/ho7-3.36-terse-v3-rust-const-string-randrw-8mib-null-
 * bw-zh-doc-comment.rs, search index id 69240322001, lines 1-2). Before,
 * no tool was recognised and the file failed whole. Read off the line:
 * read 3976 KiB, 62125 KiB/s, 15531 IOPS; write 4216 KiB, 65875 KiB/s,
 * 16468 IOPS; clat 99.00% of reads 248 usec. */
static void source__rust_const_terse_line__read_at_its_line(void **st)
{
    (void)st;
    static const char log[] =
    "    /// 本机 fio 3.36 在一个 8 MiB 文件上跑 4 KiB 随机读写的原样 terse 行（2026-09-1"
    "5，字段号拿同一次的 JSON 输出逐个对过）。\n"
    "    const FIO_3_36_TERSE_LINE: &str = \"3;fio-3.36;probe;0;0;3976;"
    "62125;15531;64;0;0;0.000000;0.000000;48;281;62.555513;20.863914;1."
    "000000%=50;5.000000%=54;10.000000%=56;20.000000%=58;30.000000%=59;"
    "40.000000%=60;50.000000%=60;60.000000%=61;70.000000%=62;80.000000%"
    "=62;90.000000%=63;95.000000%=65;99.000000%=248;99.500000%=268;99.9"
    "00000%=280;99.950000%=280;99.990000%=280;0%=0;0%=0;0%=0;48;281;62."
    "575865;20.868117;0;0;0.000000%;0.000000;0.000000;4216;65875;16468;"
    "64;0;0;0.000000;0.000000;0;5;0.816231;0.361605;1.000000%=0;5.00000"
    "0%=0;10.000000%=0;20.000000%=0;30.000000%=0;40.000000%=0;50.000000"
    "%=0;60.000000%=0;70.000000%=0;80.000000%=0;90.000000%=1;95.000000%"
    "=1;99.000000%=2;99.500000%=2;99.900000%=4;99.950000%=5;99.990000%="
    "5;0%=0;0%=0;0%=0;0;5;0.840112;0.367051;0;0;0.000000%;0.000000;0.00"
    "0000;0.000000%;4.761905%;995;0;0;100.0%;0.0%;0.0%;0.0%;0.0%;0.0%;0"
    ".0%;50.93%;0.39%;0.15%;0.00%;0.15%;47.90%;0.05%;0.44%;0.00%;0.00%;"
    "0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;"
    "0.00%;nvme0n1;0;0;0;0;0;0;0;0.00%\";\n";
    kept s;
    parse(log, NULL, &s);
    assert_string_equal(s.v[0].tool, "fio");
    value_at(&s, 2, "iops", "direction=read", 15531);
    value_at(&s, 2, "bandwidth", "direction=read", 62125 * 1024.0);
    value_at(&s, 2, "io_bytes", "direction=read", 3976 * 1024.0);
    value_at(&s, 2, "iops", "direction=write", 16468);
    value_at(&s, 2, "bandwidth", "direction=write", 65875 * 1024.0);
    value_at(&s, 2, "clat_p99", "direction=read", 248e-6);
    done(&s);
}

/* openssl speed -mr's lines in an Erlang module's "%% " comments
 * (SOURCES.tsv: openssl-speed/ho7-mr-machine-readable-erlang-percent-
 * comment-aes-128-cbc-dt-r-f.erl, search index id 669793267, lines
 * 1-13). Before, the file failed whole. The +F row's rates are bytes per
 * second (apps/speed.c: "+F:%u:%s" then "%.2f" per size), the +R lines
 * the count and seconds of each size's run. */
static void source__erlang_percent_comments__mr_lines_read(void **st)
{
    (void)st;
    static const char log[] =
    "%% Example output:\n"
    "%% +DT:aes-128-cbc:3:16\n"
    "%% +R:135704772:aes-128-cbc:2.980000\n"
    "%% +DT:aes-128-cbc:3:64\n"
    "%% +R:36835089:aes-128-cbc:3.000000\n"
    "%% +DT:aes-128-cbc:3:256\n"
    "%% +R:9398616:aes-128-cbc:3.000000\n"
    "%% +DT:aes-128-cbc:3:1024\n"
    "%% +R:2355683:aes-128-cbc:2.990000\n"
    "%% +DT:aes-128-cbc:3:8192\n"
    "%% +R:294508:aes-128-cbc:2.990000\n"
    "%% +H:16:64:256:1024:8192\n"
    "%% +F:22:aes-128-cbc:728616225.50:785815232.00:802015232.00:806762"
    "338.46:806892821.40\n";
    kept s;
    parse(log, NULL, &s);
    assert_string_equal(s.v[0].tool, "openssl-speed");
    value_at(&s, 13, "throughput", "block_size=16,", 728616225.50);
    value_at(&s, 13, "throughput", "block_size=8192,", 806892821.40);
    value_at(&s, 3, "operations", "block_size=16,", 135704772);
    value_at(&s, 11, "seconds", "block_size=8192,", 2.99);
    done(&s);
}

/* dd's output in JSX template literals, output={`...`} (SOURCES.tsv:
 * dd/ho7-pt-jsx-terminalblock-template-literals-progress-then-records.tsx,
 * search index id 56800386050, lines 1-8): a status=progress line on the
 * literal's first line, then dd's summary. Before, the records line after
 * the "output={`" code was not read. */
static void source__jsx_template_literal__progress_and_summary_read(void **st)
{
    (void)st;
    static const char log[] =
    "      <TerminalBlock\n"
    "        comment=\"backup completo de uma partição\"\n"
    "        command=\"sudo dd if=/dev/sdb1 of=backup-sdb1.img bs=4M st"
    "atus=progress\"\n"
    "        output={`30276452864 bytes (30 GB, 28 GiB) copied, 142 s, "
    "213 MB/s\n"
    "7411+1 records in\n"
    "7411+1 records out\n"
    "31086149632 bytes (31 GB, 29 GiB) copied, 145.7 s, 213 MB/s`}\n"
    "      />\n";
    kept s;
    parse(log, "dd", &s);
    value_at(&s, 7, "bytes", NULL, 31086149632.0);
    value_at(&s, 7, "elapsed", NULL, 145.7);
    value_at(&s, 5, "records_in", NULL, 7411);
    value_at(&s, 5, "records_in_partial", NULL, 1);
    value_at(&s, 4, "bytes", NULL, 30276452864.0);
    assert_false(tu_has_warning(&s.sink, 4, "numbers not read"));
    done(&s);
}

/* A terminal's cursor keys echoed in caret notation before a figure
 * ("^[[A^[[A3486014 rsa2048 signature verify ops"; SOURCES.tsv:
 * openssl-speed/ho7-3.5.6-qat-engine-zh-async-jobs-rsa2048-kem-sig-
 * tables-escape-junk.md, search index id 53135724880, lines 7-23).
 * Before, that line's count and seconds were not read. */
static void source__caret_escapes_before_a_figure__read(void **st)
{
    (void)st;
    static const char log[] =
    "Doing rsa2048 keygen ops for 10s: 288 rsa2048 KEM keygen ops in 10"
    ".01s\n"
    "Doing rsa2048 encaps ops for 10s: 2375105 rsa2048 KEM encaps ops i"
    "n 10.00s\n"
    "Doing rsa2048 decaps ops for 10s: 593493 rsa2048 KEM decaps ops in"
    " 10.01s\n"
    "Doing rsa2048 keygen ops for 10s: 284 rsa2048 signature keygen ops"
    " in 10.01s\n"
    "Doing rsa2048 signs ops for 10s: 593553 rsa2048 signature sign ops"
    " in 10.00s\n"
    "Doing rsa2048 verify ops for 10s: ^[[A^[[A3486014 rsa2048 signatur"
    "e verify ops in 10.00s\n"
    "version: 3.5.6\n"
    "built on: Wed Apr 22 16:27:30 2026 UTC\n"
    "options: bn(64,64)\n"
    "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O3 -DOP"
    "ENSSL_USE_NODELETE -DL_ENDIAN -DOPENSSL_PIC -DOPENSSL_BUILDING_OPE"
    "NSSL -DNDEBUG\n"
    "CPUINFO: OPENSSL_ia32cap=0x7ffef3ffffebffff:0xfb417ffef3bfb7ef:0x0"
    "0001c30ffdd4432:0x0000000000040000:0x0000000000000000\n"
    "                   sign    verify    encrypt   decrypt   sign/s ve"
    "rify/s  encr./s  decr./s\n"
    "rsa  2048 bits 0.000017s 0.000003s 0.000003s 0.000017s  59355.3 36"
    "7271.7 286927.3  59370.1\n"
    "                               keygen    encaps    decaps keygens/"
    "s  encaps/s  decaps/s\n"
    "                    rsa2048 0.034757s 0.000004s 0.000017s      28."
    "8  237510.5   59290.0\n"
    "                               keygen     signs    verify keygens/"
    "s    sign/s  verify/s\n"
    "                    rsa2048 0.035246s 0.000017s 0.000003s      28."
    "4   59355.3  348601.4\n";
    kept s;
    parse(log, NULL, &s);
    value_at(&s, 6, "operations", "table=sig", 3486014);
    value_at(&s, 6, "seconds", "table=sig", 10.00);
    assert_false(tu_has_warning(&s.sink, 6, "numbers not read"));
    done(&s);
}

/* The escape sequences themselves: GNU dd's summary through
 * `grep --color=always -E 'copied|records'`, captured on this project's
 * build machine (coreutils 9.x, bs=1M count=256 from /dev/zero to
 * /dev/null): ESC[01;31m ESC[K before each match, ESC[m ESC[K after.
 * Before, the records lines were not read. */
static void source__ansi_colour_sequences__records_read(void **st)
{
    (void)st;
    static const char log[] =
        "256+0 \033[01;31m\033[Krecords\033[m\033[K in\n"
        "256+0 \033[01;31m\033[Krecords\033[m\033[K out\n"
        "268435456 bytes (268 MB, 256 MiB) \033[01;31m\033[Kcopied\033[m\033[K, "
        "0.0831927 s, 3.2 GB/s\n";
    kept s;
    parse(log, NULL, &s);
    value_at(&s, 1, "records_in", NULL, 256);
    value_at(&s, 2, "records_out", NULL, 256);
    value_at(&s, 3, "bytes", NULL, 268435456.0);
    value_at(&s, 3, "elapsed", NULL, 0.0831927);
    assert_int_equal(tu_count_warnings(&s.sink), 0);
    done(&s);
}

/* ab -v 4 kept in a shell script's "# " comments, the block's closing
 * "#" glued to the Total row's last figure ("199#"; SOURCES.tsv:
 * ab/ho7-2.3-v4-post-hash-comment-script-log-headers-total-row-glued-
 * hash.sh, search index id 733405906, lines 51-70). Before, the row was
 * skipped with a warning. */
static void source__hash_glued_after_last_figure__total_row_read(void **st)
{
    (void)st;
    static const char log[] =
    "# Concurrency Level:      1\n"
    "# Time taken for tests:   1.599 seconds\n"
    "# Complete requests:      10\n"
    "# Failed requests:        0\n"
    "# Total transferred:      2600 bytes\n"
    "# Total body sent:        10560\n"
    "# HTML transferred:       330 bytes\n"
    "# Requests per second:    6.25 [#/sec] (mean)\n"
    "# Time per request:       159.918 [ms] (mean)\n"
    "# Time per request:       159.918 [ms] (mean, across all concurren"
    "t requests)\n"
    "# Transfer rate:          1.59 [Kbytes/sec] received\n"
    "#                         6.45 kb/s sent\n"
    "#                         8.04 kb/s total\n"
    "#\n"
    "# Connection Times (ms)\n"
    "#               min  mean[+/-sd] median   max\n"
    "# Connect:       21   23   0.8     23      24\n"
    "# Processing:    92  137  28.3    151     176\n"
    "# Waiting:       92  137  28.3    151     176\n"
    "# Total:        114  160  28.0    172     199#\n";
    kept s;
    parse(log, "ab", &s);
    value_at(&s, 20, "total_min", NULL, 0.114);
    value_at(&s, 20, "total_median", NULL, 0.172);
    value_at(&s, 20, "total_max", NULL, 0.199);
    assert_false(tu_has_warning(&s.sink, 20, NULL));
    done(&s);
}

/* fio group lines with an author's label before each ("HOST: WRITE:",
 * "VM:   WRITE:"), in "# // " comments beside hdparm -Ttv (SOURCES.tsv:
 * hdparm/ho7-vault-readme-hash-comments-fio-group-lines-and-hdparm-ttv.md,
 * search index id 42398681242, lines 1-9). Before, only hdparm was
 * recognised and the fio lines were warned about. */
static void source__labelled_fio_group_lines__read_beside_hdparm(void **st)
{
    (void)st;
    static const char log[] =
    "fio --name=random-write --ioengine=posixaio --rw=randwrite --bs=4k"
    " --numjobs=1 --size=4g --iodepth=1 --runtime=60 --time_based --end"
    "_fsync=1\n"
    "  # Run status group 0 (all jobs):\n"
    "  # // HOST: WRITE: bw=20.4MiB/s (21.4MB/s), 20.4MiB/s-20.4MiB/s ("
    "21.4MB/s-21.4MB/s), io=1249MiB (1309MB), run=61123-61123msec\n"
    "  # // VM:   WRITE: bw=30.8MiB/s (32.3MB/s), 30.8MiB/s-30.8MiB/s ("
    "32.3MB/s-32.3MB/s), io=2200MiB (2307MB), run=71361-71361msec\n"
    "\n"
    "sudo hdparm -Ttv /dev/sda1\n"
    "  #  Timing cached reads:   32440 MB in  1.99 seconds = 16304.92 M"
    "B/sec\n"
    "  #  Timing buffered disk reads: 5888 MB in  3.00 seconds = 1962.4"
    "9 MB/sec\n"
    "```\n";
    kept s;
    parse(log, NULL, &s);
    value_at(&s, 3, "group_bandwidth", "direction=write", 20.4 * 1048576);
    value_at(&s, 3, "group_runtime", "direction=write", 61.123);
    value_at(&s, 4, "group_bandwidth", "direction=write", 30.8 * 1048576);
    value_at(&s, 4, "group_io_bytes", "direction=write", 2200.0 * 1048576);
    tu_assert_close(at(&s, 7, "throughput", NULL)->value, 16304.92 * 1048576,
                    1e-6, "hdparm cached");
    assert_false(tu_has_warning(&s.sink, 3, NULL));
    done(&s);
}

/* A module docstring of words alone, a licence in "# " comments, then
 * iperf -y C rows in a Python """...""" constant (SOURCES.tsv:
 * iperf2/ho5-stepler-python-csv-y-c-tcp-udp-intervals-server-report.py,
 * search index id 44655986022, lines 1-28). The docstring's close opens
 * nothing: the constant's first row is read at its line 24, not lost to
 * a literal taken from the docstring's close to the constant's open. */
static void source__python_constant_after_docstring__first_row_read(void **st)
{
    (void)st;
    static const char log[] =
        "\"\"\"\n"
        "----------------------\n"
        "Iperf helper unittests\n"
        "----------------------\n"
        "\"\"\"\n"
        "\n"
        "# Licensed under the Apache License, Version 2.0 (the \"License\")"
        ";\n"
        "# you may not use this file except in compliance with the License."
        "\n"
        "# You may obtain a copy of the License at\n"
        "#\n"
        "#    http://www.apache.org/licenses/LICENSE-2.0\n"
        "#\n"
        "# Unless required by applicable law or agreed to in writing, softw"
        "are\n"
        "# distributed under the License is distributed on an \"AS IS\" BAS"
        "IS,\n"
        "# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or"
        "\n"
        "# implied.\n"
        "# See the License for the specific language governing permissions "
        "and\n"
        "# limitations under the License.\n"
        "\n"
        "from hamcrest import assert_that, has_entries, has_length  # noqa "
        "H301\n"
        "\n"
        "from stepler.third_party import iperf\n"
        "\n"
        "TCP_OUTPUT = \"\"\"20161122142711,127.0.0.1,36278,127.0.0.1,5001,3"
        ",0.0-1.0,1991376896,15931015168\n"
        "20161122142712,127.0.0.1,36278,127.0.0.1,5001,3,1.0-2.0,1909719040"
        ",15277752320\n"
        "20161122142713,127.0.0.1,36278,127.0.0.1,5001,3,2.0-3.0,1980891136"
        ",15847129088\n"
        "20161122142714,127.0.0.1,36278,127.0.0.1,5001,3,3.0-4.0,1928331264"
        ",15426650112\n"
        "20161122142715,127.0.0.1,36278,127.0.0.1,5001,3,0.0-5.0,9703784448"
        ",15525713551\"\"\"  # noqa\n";
    kept s;
    parse(log, "iperf", &s);
    value_at(&s, 24, "transfer", NULL, 1991376896.0);
    value_at(&s, 28, "transfer", NULL, 9703784448.0);
    value_at(&s, 28, "throughput", NULL, 15525713551.0);
    done(&s);
}

/* dd's output as Python string literals, one a line, each ending in an
 * escaped "\n" (public excerpt: search index id 54804412790, a test of a
 * macOS dd's stderr; 8 lines from "def test_dd_stderr_records_out_bytes
 * _parses_last_line"). Before, "21751+0 records in\n" kept its "\n" and
 * the records were not read. */
static void source__python_literals_with_escaped_newlines__records_read(
    void **st)
{
    (void)st;
    static const char log[] =
        "def test_dd_stderr_records_out_bytes_parses_last_line() -> None:\n"
        "    mib = 1024 * 1024\n"
        "    stderr = (\n"
        "        \"21751+0 records in\\n\"\n"
        "        \"21750+0 records out\\n\"\n"
        "        \"22806528000 bytes transferred in 3647.3 secs\\n\"\n"
        "    )\n"
        "    assert dd_stderr_records_out_bytes(stderr) == 21750 * mib\n";
    kept s;
    parse(log, NULL, &s);
    assert_string_equal(s.v[0].tool, "dd");
    value_at(&s, 4, "records_in", NULL, 21751);
    value_at(&s, 5, "records_out", NULL, 21750);
    value_at(&s, 6, "bytes", NULL, 22806528000.0);
    value_at(&s, 6, "elapsed", NULL, 3647.3);
    done(&s);
}

/* wrk runs in a Clojure file's ";; " comments (public excerpt: search
 * index id 32680866150, the "HTTP kit" block, 13 lines). Before, nothing
 * was read: the leader hid wrk's lines. */
static void source__lisp_double_semicolon_comments__wrk_read(void **st)
{
    (void)st;
    static const char log[] =
        ";; HTTP kit\n"
        "\n"
        ";; No virtual threads\n"
        ";; Running 10s test @ http://127.0.0.1:8080/hello\n"
        ";;   12 threads and 120 connections\n"
        ";; Requests/sec:  83074.61\n"
        ";; Transfer/sec:     11.73MB\n"
        "\n"
        ";; Virtual threads\n"
        ";; Running 10s test @ http://127.0.0.1:8080/hello\n"
        ";;   12 threads and 120 connections\n"
        ";; Requests/sec:  85202.97\n"
        ";; Transfer/sec:     12.03MB\n";
    kept s;
    parse(log, NULL, &s);
    assert_string_equal(s.v[0].tool, "wrk");
    value_at(&s, 6, "requests_per_sec", NULL, 83074.61);
    value_at(&s, 7, "transfer_rate", NULL, 11.73 * 1048576);
    value_at(&s, 12, "requests_per_sec", NULL, 85202.97);
    value_at(&s, 13, "transfer_rate", NULL, 12.03 * 1048576);
    done(&s);
}

/* fio 2.0.15's terse v3 line kept in a Python test as eleven string
 * literals joined by "\" continuations (public excerpt: search index id
 * 6650197202, a cloudbench test module, its REPORT constant, 11 lines).
 * Python joins them into one string: the line is read whole, each
 * figure at the file's line its field is printed on. Before, each piece
 * was a line of its own and no tool was recognised. Read off the text:
 * read 77968 KiB, 7796 KiB/s, 487 IOPS (line 1); clat 50.00% 676 usec
 * (line 2); lat mean 720.603324 usec, bw min 15 KiB/s (line 4); write
 * 478 IOPS (line 5); usr 4.04%, ctx 10592 (line 9); xvda1 5285 read ios,
 * util 98.16% (line 11). */
static void source__python_backslash_continued_terse_line__read_whole(
    void **st)
{
    (void)st;
    static const char log[] =
        "REPORT = \"3;fio-2.0.15;16k-1-read;0;0;77968;7796;487;10001;0;0;0.000000;0.000000;555;2648;720.394213;198.444542;\" \\\n"
        "         \"1.000000%=564;5.000000%=580;10.000000%=596;20.000000%=612;30.000000%=636;40.000000%=660;50.000000%=676;\" \\\n"
        "         \"60.000000%=692;70.000000%=708;80.000000%=748;90.000000%=868;95.000000%=1048;99.000000%=1656;99.500000%=1976;\" \\\n"
        "         \"99.900000%=2480;99.950000%=2640;99.990000%=2640;0%=0;0%=0;0%=0;555;2648;720.603324;198.447383;15;8896;\" \\\n"
        "         \"94.723576%;7384.650000;1846.619366;76640;7663;478;10001;0;0;0.000000;0.000000;1046;5286;1345.434656;\" \\\n"
        "         \"299.810440;1.000000%=1144;5.000000%=1160;10.000000%=1176;20.000000%=1192;30.000000%=1208;40.000000%=1224;\" \\\n"
        "         \"50.000000%=1240;60.000000%=1272;70.000000%=1320;80.000000%=1416;90.000000%=1592;95.000000%=1928;\" \\\n"
        "         \"99.000000%=2800;99.500000%=2992;99.900000%=3280;99.950000%=3792;99.990000%=5280;0%=0;0%=0;0%=0;1050;5290;\" \\\n"
        "         \"1349.806263;299.806389;6496;8288;99.825546%;7649.631579;552.433728;4.040000%;0.000000%;10592;0;4;109.6%;0.0%;\" \\\n"
        "         \"0.0%;0.0%;0.0%;0.0%;0.0%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;40.23%;7.15%;50.28%;2.32%;0.02%;\" \\\n"
        "         \"0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;xvda1;5285;5188;0;2;3752;7032;10788;98.16%\"\n";
    kept s;
    parse(log, NULL, &s);
    assert_string_equal(s.v[0].tool, "fio");
    value_at(&s, 1, "iops", "direction=read", 487);
    value_at(&s, 1, "bandwidth", "direction=read", 7796 * 1024.0);
    value_at(&s, 1, "io_bytes", "direction=read", 77968 * 1024.0);
    value_at(&s, 1, "clat_mean", "direction=read", 720.394213e-6);
    value_at(&s, 2, "clat_p50", "direction=read", 676e-6);
    value_at(&s, 4, "latency_mean", "direction=read", 720.603324e-6);
    value_at(&s, 4, "bandwidth_min", "direction=read", 15 * 1024.0);
    value_at(&s, 5, "bandwidth_mean", "direction=read", 7384.65 * 1024.0);
    value_at(&s, 5, "iops", "direction=write", 478);
    value_at(&s, 9, "latency_mean", "direction=write", 1349.806263e-6);
    value_at(&s, 9, "cpu_usr", NULL, 4.04);
    value_at(&s, 9, "context_switches", NULL, 10592);
    value_at(&s, 11, "disk_read_ios", "device=xvda1", 5285);
    value_at(&s, 11, "disk_util", "device=xvda1", 98.16);
    /* one line: one job, not eleven broken ones; nothing left unread */
    size_t iops = 0;
    for (size_t i = 0; i < s.n; i++)
        iops += strcmp(s.v[i].metric, "iops") == 0;
    assert_int_equal(iops, 2);
    assert_int_equal(s.sink.unread_lines, 0);
    done(&s);
}

/* The same kind of line as C's adjacent literals under a declaration
 * (`static const char *x =` then one literal a line, no operator), and
 * as JavaScript's "+"-joined literals: the text is the real fio 3.33
 * terse line of samples/fio/client-allclients-terse-randread-randwrite.txt
 * (line 4, "All clients"), cut into pieces here; the program's string is
 * that one line, read whole. A list of literals ("...",) stays a line
 * each (source__python_literals_with_escaped_newlines__records_read and
 * the iperf lists of test_unwrap). */
static void source__c_and_js_concatenated_literals__one_line(void **st)
{
    (void)st;
    size_t n;
    char *raw = tu_read("samples/fio/client-allclients-terse-randread-randwrite.txt",
                        &n);
    const char *l4 = raw;
    for (int k = 1; k < 4; k++)
        l4 = strchr(l4, '\n') + 1;
    size_t len = (size_t)(strchr(l4, '\n') - l4);
    for (int form = 0; form < 2; form++) {
        char *text = malloc(len * 2 + 200);
        assert_non_null(text);
        strcpy(text, form == 0 ? "static const char *terse =\n"
                               : "const terse =\n");
        /* pieces of 100 bytes, one literal a line */
        for (size_t at = 0; at < len; at += 100) {
            size_t k = len - at < 100 ? len - at : 100;
            strcat(text, "    \"");
            strncat(text, l4 + at, k);
            strcat(text, at + k < len ? (form == 0 ? "\"\n" : "\" +\n")
                                      : "\";\n");
        }
        kept s;
        parse(text, NULL, &s);
        assert_string_equal(s.v[0].tool, "fio");
        /* "3;fio-3.33;All clients;0;0;112688;112575;28143;1001;..." and
         * the write block's "...;214976;214761;26845;1001" */
        value_at(&s, 2, "iops", "direction=read", 28143);
        value_at(&s, 2, "io_bytes", "direction=read", 112688 * 1024.0);
        const bdb_sample *w = NULL;
        for (size_t i = 0; i < s.n && !w; i++)
            if (!strcmp(s.v[i].metric, "iops") &&
                bdb_params_get(&s.v[i].params, "direction") &&
                !strcmp(bdb_params_get(&s.v[i].params, "direction"), "write"))
                w = &s.v[i];
        assert_non_null(w);
        assert_true(w->value == 26845);
        assert_true(w->line > 2);
        assert_int_equal(s.sink.unread_lines, 0);
        done(&s);
        free(text);
    }
    free(raw);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(source__rust_const_terse_line__read_at_its_line),
        cmocka_unit_test(source__python_backslash_continued_terse_line__read_whole),
        cmocka_unit_test(source__c_and_js_concatenated_literals__one_line),
        cmocka_unit_test(source__erlang_percent_comments__mr_lines_read),
        cmocka_unit_test(source__jsx_template_literal__progress_and_summary_read),
        cmocka_unit_test(source__caret_escapes_before_a_figure__read),
        cmocka_unit_test(source__ansi_colour_sequences__records_read),
        cmocka_unit_test(source__hash_glued_after_last_figure__total_row_read),
        cmocka_unit_test(source__labelled_fio_group_lines__read_beside_hdparm),
        cmocka_unit_test(source__python_constant_after_docstring__first_row_read),
        cmocka_unit_test(source__python_literals_with_escaped_newlines__records_read),
        cmocka_unit_test(source__lisp_double_semicolon_comments__wrk_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
