/* test_unwrap_drops.c - what unwrapping takes off a tool's line is never
 * lost in silence: a writer's trailing comment that holds a number
 * ("Complete requests:      100  #完成100个请求") is a warning at the
 * file's line that names it, and the figures of that line are still
 * read; a comment without a number, a tool's own "#" (iperf3's "(test
 * #1)", the kernel build in uname's "#1 SMP") and an arrow note give
 * none.
 *
 * The excerpts are quoted from published logs (the search index id, or
 * bench/corpus/SOURCES.tsv, gives each one's source); every figure and
 * line the tests expect was read off the quoted text. */
#include "test_util.h"
#include "../ingest/ingest.h"
#include "../ingest/unwrap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOTE "a note after the tool's line was not read"

/* ab 2.3 against httpd 2.4.38 with a Chinese note after every line of
 * the report, several of them restating the line's figure ("#完成100个
 * 请求": 100 requests done). Public excerpt (search index id
 * 3235704610, a blog's notes on httpd), the run from its command to
 * the percentile table, as published. */
static const char ab_notes[] =
        "[root@Linux-node5-master-mysql bin]# /usr/local/httpd-2.4.38"
        "/bin/ab -c 10 -n 100 http://www.a.org/index.html  #10个并发，100"
        "个请求\n"
        "Benchmarking www.a.org (be patient).....done\n"
        "Server Software:        Apache/2.4.38 #服务端软件及版本\n"
        "Server Hostname:        www.a.org #服务端主机名\n"
        "Server Port:            80  #服务端端口\n"
        "Document Path:          /index.html #服务端URL\n"
        "Document Length:        19 bytes  #请求文档大小\n"
        "Concurrency Level:      10   #并发数为10\n"
        "Time taken for tests:   0.054 seconds #从发的第一个请求到收到的最后一个回应共花了"
        "0.054秒\n"
        "Complete requests:      100  #完成100个请求\n"
        "Failed requests:        0 #失败请求为0\n"
        "Total transferred:      27400 bytes  #服务器全部转发到客户端流量的大小，除于总请求"
        "次数的大小得到的是单个请求的大小，这个大小包括数据包以及tcp、ip、帧的大小\n"
        "HTML transferred:       1900 bytes  #单个请求的数据包大小\n"
        "Requests per second:    1859.22 [#/sec] (mean)  #每秒的请求数\n"
        "Time per request:       5.379 [ms] (mean) #指定的是每一批并发数所花的平均时间"
        "\n"
        "Time per request:       0.538 [ms] (mean, across all concurr"
        "ent requests) #指的是每个请求平均所花的时间\n"
        "Transfer rate:          497.49 [Kbytes/sec] received #传输速率，每"
        "秒传输了多少字节\n"
        "\n"
        "Connection Times (ms) #连接时间\n"
        "\n"
        "              min  mean[+/-sd] median   max\n"
        "Connect:        0    0   0.1      0       0   #建立连接的时间\n"
        "Processing:     0    5   5.6      3      24   #处理过程花费时间\n"
        "Waiting:        0    5   5.6      2      24   #客户端等待的时间\n"
        "Total:          0    5   5.6      3      24\n"
        "Percentage of the requests served within a certain time (ms)"
        "\n"
        "  50%      3\n"
        "  66%      6\n"
        "  75%      8\n"
        "  80%      9\n"
        "  90%     14\n"
        "  95%     19\n"
        "  98%     22\n"
        "  99%     24\n"
        " 100%     24 (longest request)\n";

/* The line of text (1-based) that starts with `start`. */
static int line_of(const char *text, const char *start)
{
    const char *p = strstr(text, start);
    assert_non_null(p);
    int line = 1;
    for (const char *q = text; q < p; q++)
        line += *q == '\n';
    return line;
}

static size_t notes_warned(const bdb_sink *s)
{
    size_t n = 0;
    for (size_t i = 0; i < s->nnotes; i++)
        n += !s->notes[i].is_info && strstr(s->notes[i].text, NOTE) != NULL;
    return n;
}

/* Each note that holds a number is a warning at its line, naming it; the
 * line's own figure is read all the same; a note of words alone ("#服务
 * 端端口" after the port) gives no warning. */
static void drops__ab_notes_with_numbers__warned_at_their_lines(void **st)
{
    (void)st;
    bdb_sink s;
    tu_text_accounted(ab_notes, NULL, &s);
    assert_true(s.n > 0);
    assert_string_equal(s.samples[0].tool, "ab");
    int taken = line_of(ab_notes, "Time taken for tests:");
    int complete = line_of(ab_notes, "Complete requests:");
    int failed = line_of(ab_notes, "Failed requests:");
    int level = line_of(ab_notes, "Concurrency Level:");
    /* the figures of the noted lines, against their raw text */
    tu_assert_printed(ab_notes, &s, "time_taken", NULL,
                      "Time taken for tests:   0.054 seconds", 0.054, 1e-12);
    tu_assert_printed(ab_notes, &s, "complete_requests", NULL,
                      "Complete requests:      100  #", 100, 0);
    tu_assert_printed(ab_notes, &s, "failed_requests", NULL,
                      "Failed requests:        0 #", 0, 0);
    tu_assert_printed(ab_notes, &s, "requests_per_sec", NULL,
                      "Requests per second:    1859.22", 1859.22, 1e-12);
    assert_int_equal(tu_line_of(&s, "time_taken", NULL), taken);
    assert_int_equal(tu_line_of(&s, "complete_requests", NULL), complete);
    /* the notes with a number, each at its line, quoted */
    assert_true(tu_has_warning(&s, 1, NOTE ": '#10个并发，100个请求'"));
    assert_true(tu_has_warning(&s, level, NOTE ": '#并发数为10'"));
    /* a long note is quoted cut */
    assert_true(tu_has_warning(&s, taken, NOTE ": '#从发的第一个请求"));
    assert_true(tu_has_warning(&s, complete, NOTE ": '#完成100个请求'"));
    assert_true(tu_has_warning(&s, failed, NOTE));
    assert_int_equal(notes_warned(&s), 5);
    /* nothing where the note held no number */
    assert_false(tu_has_warning(&s, line_of(ab_notes, "Server Port:"), NOTE));
    assert_false(tu_has_warning(&s, line_of(ab_notes, "Requests per second:"),
                                NOTE));
    /* the noted lines count as lines with numbers not read */
    assert_true(s.unread_lines >= 5);
    bdb_sink_free(&s);
}

/* 1 when the unwrapped text (u->len bytes, not a C string) holds
 * needle. */
static int unwrapped_has(const bdb_unwrapped *u, const char *needle)
{
    size_t n = strlen(needle);
    for (size_t i = 0; u->text && n <= u->len && i <= u->len - n; i++)
        if (memcmp(u->text + i, needle, n) == 0)
            return 1;
    return 0;
}

/* bdb_unwrap keeps the notes it took: the file's line and the note's
 * text, blanks trimmed, cut with "..." past BDB_UNWRAP_DROP_TEXT. */
static void drops__unwrap_lists_the_notes_it_took(void **st)
{
    (void)st;
    bdb_unwrapped u;
    assert_int_equal(bdb_unwrap(ab_notes, strlen(ab_notes), &u), 0);
    assert_non_null(u.text);
    assert_false(unwrapped_has(&u, "0.054秒"));
    assert_int_equal(u.ndrops, 5);
    assert_int_equal(u.drops[0].line, 1);
    assert_string_equal(u.drops[0].text, "#10个并发，100个请求");
    assert_string_equal(u.drops[1].text, "#并发数为10");
    assert_int_equal(u.drops[1].line, line_of(ab_notes, "Concurrency Level:"));
    assert_int_equal(u.drops[4].line, line_of(ab_notes, "Failed requests:"));
    assert_string_equal(u.drops[4].text, "#失败请求为0");
    /* the long note of "Time taken": cut at a character's start */
    assert_int_equal(u.drops[2].line, line_of(ab_notes, "Time taken"));
    const char *t = u.drops[2].text;
    size_t n = strlen(t);
    assert_true(n < BDB_UNWRAP_DROP_TEXT);
    assert_string_equal(t + n - 3, "...");
    assert_true(((unsigned char)t[n - 4] & 0xC0) != 0xC0);
    bdb_unwrap_free(&u);
}

/* redis-benchmark 7.x with Chinese notes after its header lines and its
 * throughput summary ("# 每秒处理 37921.88个请求"). Public excerpt
 * (bench/corpus SOURCES.tsv: redis-benchmark/ho9-7.x-zh-hash-comments-
 * after-header-lines-tabs-truncated-distribution-set-only.md, search
 * index id 14312946536), lines 7-24, tabs as published. */
static const char redis_notes[] =
        "====== SET ======\n"
        "  100000 requests completed in 2.64 seconds             # 10"
        "0000 个请求\n"
        "  100 parallel clients\t\t\t\t\t\t\t\t # 100 个并发\n"
        "  3 bytes payload                                       # 每个"
        "请求3个byte\n"
        "  keep alive: 1                                         # 只有"
        "一个链接(单机)\n"
        "  host configuration \"save\": 3600 1 300 100 60 10000\n"
        "  host configuration \"appendonly\": no\n"
        "  multi-thread: no\n"
        "\n"
        "Latency by percentile distribution:\n"
        "0.000% <= 0.823 milliseconds (cumulative count 3)\n"
        "50.000% <= 1.671 milliseconds (cumulative count 50424)\n"
        "75.000% <= 1.999 milliseconds (cumulative count 75042)\n"
        "87.500% <= 2.207 milliseconds (cumulative count 87638)\n"
        "\n"
        "Summary:\n"
        "  throughput summary: 37921.88 requests per second      # 每秒"
        "处理 37921.88个请求\n"
        "  latency summary (msec):\n";

static void drops__redis_notes_with_numbers__warned_figures_kept(void **st)
{
    (void)st;
    bdb_sink s;
    tu_text_accounted(redis_notes, NULL, &s);
    assert_true(s.n > 0);
    assert_string_equal(s.samples[0].tool, "redis-benchmark");
    tu_assert_printed(redis_notes, &s, "requests_per_sec", NULL,
                      "throughput summary: 37921.88", 37921.88, 1e-12);
    int summary = line_of(redis_notes, "  throughput summary:");
    assert_int_equal(tu_line_of(&s, "requests_per_sec", NULL), summary);
    assert_true(tu_has_warning(&s, 2, NOTE ": '# 100000 个请求'"));
    assert_true(tu_has_warning(&s, 3, NOTE ": '# 100 个并发'"));
    assert_true(tu_has_warning(&s, 4, NOTE ": '# 每个请求3个byte'"));
    assert_true(tu_has_warning(&s, summary, NOTE ": '# 每秒处理 37921.88个请求'"));
    /* "# 只有一个链接(单机)": no number, no warning */
    assert_false(tu_has_warning(&s, 5, NOTE));
    assert_int_equal(notes_warned(&s), 4);
    bdb_sink_free(&s);
}

/* A tool's own "#" stays its text and is no note: iperf3 3.16's server
 * "Server listening on 5201 (test #1)" (samples/iperf3/server-3tests.txt,
 * where "(test #2)" and "(test #3)" follow), and the kernel build
 * iperf3 -V prints in uname's line: "3.10.0-327.el7.x86_64 #1 SMP Thu
 * Nov 19 22:10:57 UTC 2015 x86_64", once for the server and once for
 * the client. Public excerpt (bench/corpus SOURCES.tsv: iperf3/ho11-
 * 3.1.6-ja-centos7-verbose-server-banner-then-client-3s-bandwidth-
 * header.md, search index id 31730454863), lines 12-17 and 26-44. */
static const char iperf3_uname[] =
        "$ sudo iperf3 -sV\n"
        "iperf 3.1.6\n"
        "Linux benchmark-2-hostname 3.10.0-327.el7.x86_64 #1 SMP Thu Nov 19 "
        "22:10:57 UTC 2015 x86_64\n"
        "-----------------------------------------------------------\n"
        "Server listening on 5201\n"
        "-----------------------------------------------------------\n"
        "$ iperf3 -c 192.168.122.102 -t 3 -V -l 128K\n"
        "iperf 3.1.6\n"
        "Linux benchmark-1-hostname 3.10.0-327.el7.x86_64 #1 SMP Thu Nov 19 "
        "22:10:57 UTC 2015 x86_64\n"
        "Control connection MSS 1448\n"
        "Time: Sun, 02 Apr 2017 10:40:15 GMT\n"
        "Connecting to host 192.168.122.102, port 5201\n"
        "      Cookie: benchmark-1-hostname.1491129615.6758\n"
        "      TCP MSS: 1448 (default)\n"
        "[  4] local 192.168.122.101 port 42374 connected to 192.168.122.102 "
        "port 5201\n"
        "Starting Test: protocol: TCP, 1 streams, 131072 byte blocks, "
        "omitting 0 seconds, 3 second test\n"
        "[ ID] Interval           Transfer     Bandwidth       Retr  Cwnd\n"
        "[  4]   0.00-1.00   sec  1.70 GBytes  14.6 Gbits/sec    0   3.05 "
        "MBytes\n"
        "[  4]   1.00-2.00   sec  1.72 GBytes  14.8 Gbits/sec    0   3.05 "
        "MBytes\n"
        "[  4]   2.00-3.00   sec  1.72 GBytes  14.8 Gbits/sec    0   3.05 "
        "MBytes\n"
        "- - - - - - - - - - - - - - - - - - - - - - - - -\n"
        "Test Complete. Summary Results:\n"
        "[ ID] Interval           Transfer     Bandwidth       Retr\n"
        "[  4]   0.00-3.00   sec  5.14 GBytes  14.7 Gbits/sec    0"
        "             sender\n"
        "[  4]   0.00-3.00   sec  5.14 GBytes  14.7 Gbits/sec"
        "                  receiver\n";

static void drops__tools_own_number_signs__kept_not_warned(void **st)
{
    (void)st;
    bdb_sink s;
    tu_file_accounted("samples/iperf3/server-3tests.txt", NULL, &s);
    assert_true(s.n > 0);
    assert_int_equal(notes_warned(&s), 0);
    bdb_sink_free(&s);

    bdb_unwrapped u;
    assert_int_equal(bdb_unwrap(iperf3_uname, strlen(iperf3_uname), &u), 0);
    assert_int_equal(u.ndrops, 0);
    assert_true(u.text == NULL || unwrapped_has(&u, "#1 SMP Thu Nov 19"));
    bdb_unwrap_free(&u);
    tu_text_accounted(iperf3_uname, NULL, &s);
    assert_int_equal(notes_warned(&s), 0);
    tu_assert_printed(iperf3_uname, &s, "throughput_sender", NULL,
                      "5.14 GBytes  14.7 Gbits/sec    0", 14.7e9, 1e-12);
    bdb_sink_free(&s);
}

/* A writer's arrow drops with what follows it only when no digit
 * follows (note_arrow): the shape of ab's "Failed requests:        0
 * <------------" (held-out-12, search index id 39716101879) gives no
 * warning, and the line's figure is read. */
static void drops__arrow_without_number__no_warning(void **st)
{
    (void)st;
    static const char arrow[] =
        "Complete requests:      100  # 完成\n"
        "Failed requests:        0 <------------\n"
        "Requests per second:    1859.22 [#/sec] (mean)\n";
    bdb_unwrapped u;
    assert_int_equal(bdb_unwrap(arrow, strlen(arrow), &u), 0);
    assert_non_null(u.text);
    assert_false(unwrapped_has(&u, "<---"));
    assert_int_equal(u.ndrops, 0);
    bdb_unwrap_free(&u);
    bdb_sink s;
    tu_text_accounted(arrow, NULL, &s);
    tu_assert_printed(arrow, &s, "failed_requests", NULL,
                      "Failed requests:        0 <", 0, 0);
    assert_int_equal(notes_warned(&s), 0);
    bdb_sink_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(drops__ab_notes_with_numbers__warned_at_their_lines),
        cmocka_unit_test(drops__unwrap_lists_the_notes_it_took),
        cmocka_unit_test(drops__redis_notes_with_numbers__warned_figures_kept),
        cmocka_unit_test(drops__tools_own_number_signs__kept_not_warned),
        cmocka_unit_test(drops__arrow_without_number__no_warning),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
