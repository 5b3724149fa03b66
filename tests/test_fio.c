/* test_fio.c - the fio importer: JSON and json+ (3.x and 2.x field names),
 * normal text output (3.x; 2.0.15, 3.1 and a Windows build quoted from
 * public real logs; 1.x/2.x layouts from small fragments), terse versions
 * 2 to 5, several formats in one file, --status-interval reports, clones
 * (numjobs), group_reporting, several jobs and groups, disk stats,
 * client/server output, repeated runs, command lines in the capture, text
 * around the output, cut captures, error lines and failed runs (warnings
 * that keep the complete figures), the over-read of issue 10, and figures
 * cross-checked against the raw text. Values are checked against the real
 * samples in samples/fio/ (see its README.md). */
#include "test_util.h"

/* Shorthands over the shared helpers in test_util.h. */
#define parse_ok(rel, s) tu_parse_ok(rel, NULL, s)
#define text_ok(text, s) tu_text_ok(text, NULL, s)
#define expect_error(rel, text, line, needle) tu_expect_error(rel, text, "fio", line, needle)

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const bdb_parser bdb_parser_fio;



/* The figure of metric without a job parameter: the clones' total. */
static const bdb_sample *job_total(const bdb_sink *s, const char *metric)
{
    for (size_t i = 0; i < s->n; i++)
        if (strcmp(s->samples[i].metric, metric) == 0 &&
            !bdb_params_get(&s->samples[i].params, "job"))
            return &s->samples[i];
    return NULL;
}

static size_t count_metric(const bdb_sink *s, const char *metric,
                           const char *param)
{
    size_t n = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (metric && strcmp(s->samples[i].metric, metric) != 0)
            continue;
        if (param) {
            char k[64];
            const char *eq = strchr(param, '=');
            snprintf(k, sizeof k, "%.*s", (int)(eq - param), param);
            const char *v = bdb_params_get(&s->samples[i].params, k);
            if (!v || strcmp(v, eq + 1) != 0)
                continue;
        }
        n++;
    }
    return n;
}

/* Asserts that s holds a warning (not an info note) at line (0: any)
 * whose text contains needle. */
static void assert_warned(const bdb_sink *s, int line, const char *needle)
{
    for (size_t i = 0; i < s->nnotes; i++)
        if (!s->notes[i].is_info && (line == 0 || s->notes[i].line == line) &&
            strstr(s->notes[i].text, needle))
            return;
    for (size_t i = 0; i < s->nnotes; i++)
        print_message("note %d: %s\n", s->notes[i].line, s->notes[i].text);
    fail_msg("no warning at line %d containing '%s'", line, needle);
}

/* ---- JSON -------------------------------------------------------------- */

static void fio__json_two_clones__each_clone_is_a_job_param(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/json-randread-4k-j2-qd32.json", &s);
    assert_string_equal(s.tool_version, "fio-3.33");
    const char *id = "rw=randread,block_size=4096,iodepth=32,numjobs=2,"
                     "ioengine=libaio,"
                     "direction=read";
    char b0[300], b1[300];
    snprintf(b0, sizeof b0, "%s,job=0", id);
    snprintf(b1, sizeof b1, "%s,job=1", id);
    const char *p0 = b0, *p1 = b1;
    /* "iops" : 48542.485838, "bw_bytes" : 198830021, "io_bytes" :
     * 596688896, "runtime" : 3001 */
    tu_assert_value(&s, "randread-4k", "iops", p0, 48542.485838, 1e-12);
    tu_assert_value(&s, "randread-4k", "bandwidth", p0, 198830021, 0);
    tu_assert_value(&s, "randread-4k", "io_bytes", p0, 596688896, 0);
    tu_assert_value(&s, "randread-4k", "runtime", p0, 3.001, 1e-12);
    tu_assert_value(&s, "randread-4k", "clat_p99", p0, 2506752e-9, 1e-12);
    tu_assert_value(&s, "randread-4k", "clat_mean", p0, 655107.522447e-9, 1e-12);
    tu_assert_value(&s, "randread-4k", "slat_min", p0, 2614e-9, 1e-12);
    tu_assert_value(&s, "randread-4k", "iops", p1, 48359.2136, 1e-9);
    tu_assert_value(&s, "randread-4k", "bandwidth", p1, 198079338, 0);
    /* each figure at the line of its own key: `"iops" : 48542.485838,` */
    assert_int_equal(tu_find(&s, "randread-4k", "iops", p0)->line, 32);
    assert_int_equal(tu_find(&s, "randread-4k", "iops", p1)->line, 279);
    assert_int_equal(tu_find(&s, "randread-4k", "bandwidth", p0)->line, 30);
    /* clones are not repetitions */
    assert_int_equal(tu_find(&s, "randread-4k", "iops", p1)->repetition, 1);
    /* no write or trim figures: the job only read */
    assert_int_equal(count_metric(&s, "iops", "direction=write"), 0);
    /* two clones and the job's total: the sum of the clones' IOPS
     * (`"iops" : 48542.485838` and `"iops" : 48359.213595`), at the first
     * clone's line, without a job parameter */
    assert_int_equal(count_metric(&s, "iops", NULL), 3);
    const bdb_sample *total = job_total(&s, "iops");
    assert_non_null(total);
    assert_true(fabs(total->value - (48542.485838 + 48359.213595)) < 1e-3);
    assert_int_equal(total->line, 32);
    total = job_total(&s, "bandwidth");   /* "bw_bytes" : 198830021, 198079338 */
    assert_true(total && total->value == 198830021.0 + 198079338.0);
    /* disk_util once per run, with the job's parameters */
    assert_int_equal(count_metric(&s, "disk_util", NULL), 1);
    assert_null(bdb_params_get(&tu_find(&s, NULL, "disk_util", NULL)->params,
                               "job"));
    /* 93 figures of the clones and 6 totals (iops, bandwidth, io_bytes,
     * and the mean of the slat, clat and latency means); since issue 21
     * 14 more a clone (elapsed, job_runtime, majf, minf, sync total_ios;
     * total/short/drop ios, bw_agg, bw/iops samples, slat/clat/lat "N")
     * and the disk's ticks and in_queue; and the zeros of each clone's
     * sync latency (min, max, mean, stdev, N), printed by a job that never
     * called fsync */
    assert_int_equal(s.n, 99 + 2 * 14 + 3 + 2 * 5);
    bdb_sink_free(&s);
}

static void fio__json_eight_clones__numjobs_8_job_0_to_7(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/json-randread-4k-j8-qd32.json", &s);
    /* eight clones and their total */
    assert_int_equal(count_metric(&s, "iops", "numjobs=8"), 9);
    assert_int_equal(count_metric(&s, "iops", "job=7"), 1);
    bdb_sink_free(&s);
}

static void fio__json_group_reporting__one_summed_job_without_job_param(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/json-randwrite-4k-j8-qd32-group.json", &s);
    assert_int_equal(count_metric(&s, "iops", NULL), 1);
    const bdb_sample *x = tu_find(&s, "randwrite-4k", "iops",
                                  "numjobs=8,direction=write,iodepth=32");
    assert_non_null(x);
    assert_null(bdb_params_get(&x->params, "job"));
    tu_assert_value(&s, "randwrite-4k", "iops", "numjobs=8", 185502.998, 1e-9);
    tu_assert_value(&s, NULL, "disk_util", "device=vda", 96.69007, 1e-9);
    bdb_sink_free(&s);
}

static void fio__jsonplus__bins_are_not_stored(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/jsonplus-randread-4k-j1-qd32.json", &s);
    for (size_t i = 0; i < s.n; i++)
        assert_null(strstr(s.samples[i].metric, "bin"));
    assert_int_equal(s.n, 49 + 14 + 3 + 5); /* see the two clones' test */
    tu_assert_value(&s, "randread-4k", "iops", "numjobs=1", 91893.368877, 1e-9);
    bdb_sink_free(&s);
}

static void fio__json_jobfile__global_options_and_three_jobs(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/json-jobfile-3jobs.json", &s);
    /* iodepth, size, runtime, direct, ioengine come from "global options" */
    const char *g = "iodepth=32,ioengine=libaio";
    assert_non_null(tu_find(&s, "randread-4k", "iops", g));
    assert_non_null(tu_find(&s, "randwrite-4k", "iops", g));
    assert_non_null(tu_find(&s, "read-128k", "iops", "block_size=131072,rw=read"));
    assert_int_equal(count_metric(&s, "iops", NULL), 3);
    /* disk stats of a run with three job names: no job owns them */
    const bdb_sample *d = tu_find(&s, NULL, "disk_util", NULL);
    assert_non_null(d);
    assert_string_equal(d->benchmark, "json-jobfile-3jobs");
    bdb_sink_free(&s);
}

static void fio__json_and_normal_in_one_file__json_is_read(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/json-normal-jobfile-3jobs.txt", &s);
    /* the text repeats the JSON's jobs: restated, not repetitions */
    assert_int_equal(count_metric(&s, "iops", NULL), 3);
    assert_true(tu_find(&s, "randread-4k", "iops", NULL)->line < 800);
    /* its group summaries are not in the JSON: read from the text, line
     * 834 "READ: bw=358MiB/s (375MB/s), ..." */
    assert_int_equal(count_metric(&s, "group_bandwidth", NULL), 3);
    tu_assert_value(&s, "randread-4k", "group_bandwidth", NULL,
                    358.0 * 1048576, 0);
    assert_int_equal(tu_line_of(&s, "group_bandwidth", "direction=read,rw=randread"), 834);
    bdb_sink_free(&s);
}

static void fio__json_client_server__client_stats_single_host(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/client-json-randread-4k.json", &s);
    const bdb_sample *x = tu_find(&s, "randread-4k", "iops", "direction=read");
    assert_non_null(x);
    assert_null(bdb_params_get(&x->params, "host"));
    tu_assert_value(&s, "randread-4k", "bandwidth", NULL, 373045827, 0);
    assert_int_equal(count_metric(&s, "disk_util", NULL), 1);
    bdb_sink_free(&s);
}

static void fio__json_two_runs_with_prompts__repetitions(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/repeat2-json-randread-4k-j1-qd32.txt", &s);
    assert_int_equal(count_metric(&s, "iops", NULL), 2);
    int seen2 = 0;
    for (size_t i = 0; i < s.n; i++)
        if (!strcmp(s.samples[i].metric, "iops"))
            seen2 |= s.samples[i].repetition == 2;
    assert_true(seen2);
    bdb_sink_free(&s);
}

static void fio__json_after_warnings_and_prompt__found_and_warned(void **state)
{
    (void)state;
    size_t len;
    char *json = tu_read("samples/fio/jsonplus-randread-4k-j1-qd32.json", &len);
    const char *pre = "user@host:~$ fio --output-format=json+ job.fio\n"
                      "fio: this warning came before the JSON\n";
    char *text = malloc(strlen(pre) + len + 1);
    assert_non_null(text);
    memcpy(text, pre, strlen(pre));
    memcpy(text + strlen(pre), json, len + 1);
    bdb_sink s;
    text_ok(text, &s);
    assert_int_equal(s.n, 49 + 14 + 3 + 5);
    /* the line numbers follow the file: two lines more than the sample */
    assert_int_equal(tu_find(&s, NULL, "iops", NULL)->line, 34);
    assert_int_equal(s.nnotes, 1);
    assert_int_equal(s.notes[0].line, 2);
    bdb_sink_free(&s);
    free(text);
    free(json);
}

/* Figures take the line of their own key however long the file: four
 * runs of a 2,004-line JSON log one after the other (8,016 lines) give
 * each run's figures the lines of the first run's, moved down by the
 * lines of the runs before. */
static void fio__json_four_runs__lines_follow_the_file(void **state)
{
    (void)state;
    size_t len;
    char *json = tu_read("samples/fio/json-randread-4k-j8-qd32.json", &len);
    size_t lines = 0;
    for (size_t i = 0; i < len; i++)
        lines += json[i] == '\n';
    assert_true(lines * 4 > 4096);
    assert_int_equal(json[len - 1], '\n');
    char *text = malloc(4 * len + 1);
    assert_non_null(text);
    for (int k = 0; k < 4; k++)
        memcpy(text + (size_t)k * len, json, len);
    text[4 * len] = '\0';
    bdb_sink one, four;
    text_ok(json, &one);
    text_ok(text, &four);
    assert_true(one.n > 0);
    assert_int_equal(four.n, 4 * one.n);
    for (size_t k = 0; k < 4; k++)
        for (size_t i = 0; i < one.n; i++) {
            const bdb_sample *a = &one.samples[i], *b = &four.samples[k * one.n + i];
            assert_string_equal(a->metric, b->metric);
            assert_int_equal(b->line, a->line + (int)(k * lines));
        }
    /* and the line holds the figure's key: "iops" on iops' line */
    const bdb_sample *x = tu_find(&four, "randread-4k", "iops", NULL);
    assert_non_null(x);
    const char *p = text;
    for (int l = 1; l < x->line; l++)
        p = strchr(p, '\n') + 1;
    char row[256];
    snprintf(row, sizeof row, "%.*s", (int)(strchr(p, '\n') - p), p);
    assert_non_null(strstr(row, "\"iops\""));
    bdb_sink_free(&one);
    bdb_sink_free(&four);
    free(text);
    free(json);
}

/* fio 2.x JSON field names and units: "io_bytes" in KiB (no "io_kbytes"),
 * "clat"/"lat" in usec, percentile maps padded with "0.00" keys. A layout
 * fragment, not a measurement. */
static const char json_2x[] =
    "{\n"
    "  \"fio version\" : \"fio-2.1.4\",\n"
    "  \"jobs\" : [\n"
    "    {\n"
    "      \"jobname\" : \"seqread\",\n"
    "      \"groupid\" : 0,\n"
    "      \"error\" : 0,\n"
    "      \"read\" : {\n"
    "        \"io_bytes\" : 102400, \"bw\" : 51200, \"iops\" : 12800,\n"
    "        \"runtime\" : 2000,\n"
    "        \"slat\" : {\"min\" : 0, \"max\" : 0, \"mean\" : 0.00, \"stddev\" : 0.00},\n"
    "        \"clat\" : {\"min\" : 100, \"max\" : 2000, \"mean\" : 620.50,\n"
    "                  \"stddev\" : 80.25, \"percentile\" : {\"50.000000\" : 620,\n"
    "                  \"99.900000\" : 1004, \"0.00\" : 0, \"0.00\" : 0}},\n"
    "        \"lat\" : {\"min\" : 105, \"max\" : 2005, \"mean\" : 623.60, \"stddev\" : 80.30},\n"
    "        \"bw_min\" : 50000, \"bw_max\" : 52000, \"bw_agg\" : 100.00,\n"
    "        \"bw_mean\" : 51150.00, \"bw_dev\" : 600.00\n"
    "      },\n"
    "      \"write\" : {\"io_bytes\" : 0, \"bw\" : 0, \"iops\" : 0, \"runtime\" : 0},\n"
    "      \"usr_cpu\" : 3.00, \"sys_cpu\" : 10.00, \"ctx\" : 20000\n"
    "    }\n"
    "  ]\n"
    "}\n";

static void fio__json_2x__usec_latencies_and_kib_io_bytes(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(json_2x, &s);
    assert_string_equal(s.tool_version, "fio-2.1.4");
    tu_assert_value(&s, "seqread", "io_bytes", "direction=read", 102400.0 * 1024, 0);
    tu_assert_value(&s, "seqread", "bandwidth", "direction=read", 51200.0 * 1024, 0);
    tu_assert_value(&s, "seqread", "iops", "direction=read", 12800, 0);
    tu_assert_value(&s, "seqread", "clat_mean", "direction=read", 620.50e-6, 1e-12);
    tu_assert_value(&s, "seqread", "clat_p99_9", "direction=read", 1004e-6, 1e-12);
    tu_assert_value(&s, "seqread", "latency_max", "direction=read", 2005e-6, 1e-12);
    tu_assert_value(&s, "seqread", "bandwidth_mean", "direction=read", 51150.0 * 1024, 1e-12);
    /* slat of zeros (not measured) is what fio printed: read (issue 21);
     * "0.00" percentile padding skipped */
    tu_assert_value(&s, "seqread", "slat_mean", "direction=read", 0, 0);
    assert_null(tu_find(&s, NULL, "clat_p0", NULL));
    assert_int_equal(count_metric(&s, NULL, "direction=write"), 0);
    assert_int_equal(tu_find(&s, NULL, "iops", NULL)->line, 9);
    bdb_sink_free(&s);
}

/* A program that rewrote fio's JSON named its latency objects with other
 * units (slat_ms, lat_us beside clat_ns): each read in the unit its key
 * names. Public excerpt: microsoft/VirtualClient
 * src/VirtualClient/VirtualClient.UnitTests/TestData/TestFioJson.txt @
 * 53e432adb5d1, lines 1-39 and 65-69 (the read block's clat_ns and the
 * rest left out, closing brackets added). */
static const char vc_json[] =
    "{\n"
    "    \"fio version\": \"fio-3.13\",\n"
    "    \"timestamp\": 1585275229,\n"
    "    \"timestamp_ms\": 1585275229432,\n"
    "    \"time\": \"Thu Mar 26 19:13:49 2020\",\n"
    "    \"jobs\": [\n"
    "        {\n"
    "            \"jobname\": \"fiotest\",\n"
    "            \"groupid\": 0,\n"
    "            \"error\": 0,\n"
    "            \"eta\": 0,\n"
    "            \"elapsed\": 8,\n"
    "            \"job options\": {\n"
    "                \"name\": \"fiotest\",\n"
    "                \"size\": \"1G\",\n"
    "                \"rw\": \"randread\",\n"
    "                \"bs\": \"4k\",\n"
    "                \"iodepth\": \"512\",\n"
    "                \"runtime\": \"60\",\n"
    "                \"direct\": \"1\",\n"
    "                \"thread\": \"1\",\n"
    "                \"filename\": \".\\\\mlzahthz.ntc\"\n"
    "            },\n"
    "            \"read\": {\n"
    "                \"io_bytes\": 1073741824,\n"
    "                \"io_kbytes\": 1048576,\n"
    "                \"bw_bytes\": 145473760,\n"
    "                \"bw\": 142064,\n"
    "                \"iops\": 35516.054735,\n"
    "                \"runtime\": 7381,\n"
    "                \"total_ios\": 262144,\n"
    "                \"short_ios\": 0,\n"
    "                \"drop_ios\": 0,\n"
    "                \"slat_ms\": {\n"
    "                    \"min\": 4408,\n"
    "                    \"max\": 3573909,\n"
    "                    \"mean\": 23006.938496,\n"
    "                    \"stddev\": 22006.753774\n"
    "                },\n"
    "                \"lat_us\": {\n"
    "                    \"min\": 123931,\n"
    "                    \"max\": 93007807,\n"
    "                    \"mean\": 7866063.550194,\n"
    "                    \"stddev\": 9443784.182074\n"
    "                }\n"
    "            }\n"
    "        }\n"
    "    ]\n"
    "}\n";

static void fio__json_latency_keys_with_other_units__each_in_its_unit(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(vc_json, &s);
    tu_assert_value(&s, "fiotest", "slat_min", "direction=read", 4408e-3, 1e-12);
    tu_assert_value(&s, "fiotest", "slat_stdev", "direction=read", 22006.753774e-3, 1e-12);
    tu_assert_value(&s, "fiotest", "latency_max", "direction=read", 93007807e-6, 1e-12);
    tu_assert_value(&s, "fiotest", "latency_mean", "direction=read", 7866063.550194e-6, 1e-12);
    assert_int_equal(tu_find(&s, "fiotest", "slat_max", "direction=read")->line, 36);
    assert_int_equal(tu_find(&s, "fiotest", "latency_min", "direction=read")->line, 41);
    for (size_t i = 0; i < s.nnotes; i++)
        assert_null(strstr(s.notes[i].text, "not read"));
    bdb_sink_free(&s);
}

static void fio__json_options__fio_size_and_time_syntax(void **state)
{
    (void)state;
    /* kb_base=1024 (default): k and kB are 1024, KiB is 1000 (fio's
     * compatibility mode); runtime takes time suffixes. */
#define OPTS_TMPL \
        "{\n  \"fio version\" : \"fio-3.33\",\n" \
        "  \"global options\" : {\"size\" : \"%s\", \"runtime\" : \"%s\"},\n" \
        "  \"jobs\" : [ {\"jobname\" : \"j\", \"groupid\" : 0,\n" \
        "    \"job options\" : {\"bs\" : \"%s\"},\n" \
        "    \"read\" : {\"io_bytes\" : 4096, \"io_kbytes\" : 4, \"bw_bytes\" : 4096,\n" \
        "      \"bw\" : 4, \"iops\" : 1.0, \"runtime\" : 1000, \"total_ios\" : 1}} ]\n}\n"
    static const struct { const char *size, *runtime, *bs, *want_size,
                          *want_runtime, *want_bs; } cases[] = {
        {"1g", "1m", "4k", "1073741824", "60", "4096"},
        {"64MB", "90s", "64KiB", "67108864", "90", "64000"},
        {"50%", "500ms", "4k-64k", "50%", "0.5", "4k-64k"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[1024];
        snprintf(text, sizeof text, OPTS_TMPL, cases[i].size, cases[i].runtime,
                 cases[i].bs);
        bdb_sink s;
        text_ok(text, &s);
        const bdb_sample *x = tu_find(&s, "j", "iops", NULL);
        assert_non_null(x);
        /* size and runtime are settings the text output never prints:
         * kept beside the identity, not in it */
        assert_null(bdb_params_get(&x->params, "size"));
        assert_null(bdb_params_get(&x->params, "runtime"));
        (void)cases[i].want_size;
        (void)cases[i].want_runtime;
        assert_string_equal(bdb_params_get(&x->params, "block_size"), cases[i].want_bs);
        bdb_sink_free(&s);
    }
}

/* ---- normal text output ---------------------------------------------------- */

static void fio__normal_randrw__both_directions_group_and_disk(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/normal-randrw-4k-j1-qd16.txt", &s);
    const char *r = "rw=randrw,block_size=4096,iodepth=16,ioengine=libaio,"
                    "numjobs=1,direction=read";
    const char *w = "rw=randrw,block_size=4096,iodepth=16,ioengine=libaio,"
                    "numjobs=1,direction=write";
    /* read: IOPS=61.6k, BW=241MiB/s (252MB/s)(722MiB/3001msec) */
    tu_assert_value(&s, "randrw-4k", "iops", r, 61600, 0);
    tu_assert_value(&s, "randrw-4k", "bandwidth", r, 241.0 * 1048576, 1e-12);
    tu_assert_value(&s, "randrw-4k", "io_bytes", r, 722.0 * 1048576, 1e-12);
    tu_assert_value(&s, "randrw-4k", "runtime", r, 3.001, 1e-12);
    /* slat (usec): min=2, max=4045, avg= 4.01, stdev=19.99 */
    tu_assert_value(&s, "randrw-4k", "slat_max", r, 4045e-6, 1e-12);
    tu_assert_value(&s, "randrw-4k", "slat_mean", r, 4.01e-6, 1e-12);
    tu_assert_value(&s, "randrw-4k", "latency_mean", r, 171.35e-6, 1e-12);
    tu_assert_value(&s, "randrw-4k", "clat_p99_5", r, 1270e-6, 1e-12);
    /* bw (  KiB/s): min=230848, ... avg=247179.20 */
    tu_assert_value(&s, "randrw-4k", "bandwidth_min", r, 230848.0 * 1024, 1e-12);
    tu_assert_value(&s, "randrw-4k", "bandwidth_mean", r, 247179.20 * 1024, 1e-12);
    tu_assert_value(&s, "randrw-4k", "iops_stdev", r, 3444.25, 1e-12);
    /* write: IOPS=26.5k, BW=103MiB/s (108MB/s)(310MiB/3001msec); 0 zone resets */
    tu_assert_value(&s, "randrw-4k", "iops", w, 26500, 0);
    tu_assert_value(&s, "randrw-4k", "bandwidth", w, 103.0 * 1048576, 1e-12);
    tu_assert_value(&s, "randrw-4k", "clat_p99", w, 578e-6, 1e-12);
    assert_int_equal(tu_find(&s, "randrw-4k", "iops", w)->line, 18);
    tu_assert_value(&s, "randrw-4k", "cpu_sys", NULL, 41.20, 1e-12);
    tu_assert_value(&s, "randrw-4k", "context_switches", NULL, 23138, 0);
    /* Run status group: WRITE: bw=103MiB/s ..., io=310MiB, run=3001-3001msec */
    tu_assert_value(&s, "randrw-4k", "group_bandwidth", "direction=write",
                    103.0 * 1048576, 1e-12);
    tu_assert_value(&s, "randrw-4k", "group_io_bytes", "direction=read",
                    722.0 * 1048576, 1e-12);
    tu_assert_value(&s, "randrw-4k", "group_runtime", "direction=read", 3.001, 1e-12);
    /* vda: ios=177757/77384, merge=0/14, ..., util=79.92% */
    tu_assert_value(&s, "randrw-4k", "disk_write_ios", "device=vda", 77384, 0);
    tu_assert_value(&s, "randrw-4k", "disk_write_merges", "device=vda", 14, 0);
    tu_assert_value(&s, "randrw-4k", "disk_util", "device=vda", 79.92, 1e-12);
    /* every other figure of these lines (issue 21): per=99.95%,
     * samples=5, "; 0 zone resets", majf=0, minf=14, the group's
     * min-max bandwidth and runtime, ticks=21274/8862, in_queue=30205 */
    tu_assert_value(&s, "randrw-4k", "bandwidth_share", w, 99.95, 1e-12);
    tu_assert_value(&s, "randrw-4k", "bandwidth_samples", w, 5, 0);
    tu_assert_value(&s, "randrw-4k", "iops_samples", r, 5, 0);
    tu_assert_value(&s, "randrw-4k", "zone_resets", w, 0, 0);
    assert_int_equal(tu_find(&s, "randrw-4k", "zone_resets", w)->line, 18);
    tu_assert_value(&s, "randrw-4k", "page_faults_major", NULL, 0, 0);
    tu_assert_value(&s, "randrw-4k", "page_faults_minor", NULL, 14, 0);
    tu_assert_value(&s, "randrw-4k", "group_bandwidth_min", "direction=read",
                    241.0 * 1048576, 1e-12);
    tu_assert_value(&s, "randrw-4k", "group_bandwidth_max", "direction=write",
                    103.0 * 1048576, 1e-12);
    tu_assert_value(&s, "randrw-4k", "group_runtime_min", "direction=write",
                    3.001, 1e-12);
    tu_assert_value(&s, "randrw-4k", "disk_read_ticks", "device=vda", 21.274, 1e-12);
    tu_assert_value(&s, "randrw-4k", "disk_write_ticks", "device=vda", 8.862, 1e-12);
    tu_assert_value(&s, "randrw-4k", "disk_in_queue", "device=vda", 30.205, 1e-12);
    assert_int_equal(s.n, 114);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

static void fio__normal_clones__job_params_from_block_order(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/normal-randread-4k-j2-qd32.txt", &s);
    tu_assert_value(&s, "randread-4k", "iops", "job=0,numjobs=2", 47200, 0);
    tu_assert_value(&s, "randread-4k", "clat_p99", "job=1,numjobs=2", 1729e-6, 1e-12);
    /* the group sums the clones: bw=369MiB/s */
    const bdb_sample *g = tu_find(&s, "randread-4k", "group_bandwidth", NULL);
    assert_non_null(g);
    assert_null(bdb_params_get(&g->params, "job"));
    assert_string_equal(bdb_params_get(&g->params, "numjobs"), "2");
    tu_assert_value(&s, "randread-4k", "group_bandwidth", NULL, 369.0 * 1048576, 1e-12);
    bdb_sink_free(&s);
}

static void fio__normal_group_reporting__jobs_8_is_numjobs(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/normal-randread-4k-j8-qd32-group.txt", &s);
    assert_int_equal(count_metric(&s, "iops", NULL), 1);
    tu_assert_value(&s, "randread-4k", "iops", "numjobs=8,iodepth=32", 99500, 0);
    tu_assert_value(&s, "randread-4k", "group_bandwidth", "numjobs=8", 407896064, 0);
    assert_null(bdb_params_get(&tu_find(&s, NULL, "iops", NULL)->params, "job"));
    bdb_sink_free(&s);
}

static void fio__normal_nsec_with_k_suffix__scaled(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/normal-randread-4k-j1-qd1-nsec-ksuffix.txt", &s);
    /* clat (nsec): min=481, max=4425.0k, avg=86112.81 */
    tu_assert_value(&s, "randread-4k", "clat_min", NULL, 481e-9, 1e-12);
    tu_assert_value(&s, "randread-4k", "clat_max", NULL, 4425.0e3 * 1e-9, 1e-12);
    tu_assert_value(&s, "randread-4k", "clat_mean", NULL, 86112.81e-9, 1e-12);
    /* BW=39.0MiB/s (40.9MB/s) */
    tu_assert_value(&s, "randread-4k", "bandwidth", "iodepth=1", 39.0 * 1048576, 1e-12);
    bdb_sink_free(&s);
}

static void fio__normal_jobfile__groups_owned_by_their_job(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/normal-jobfile-3jobs.txt", &s);
    assert_int_equal(count_metric(&s, "group_bandwidth", NULL), 3);
    assert_non_null(tu_find(&s, "randwrite-4k", "group_bandwidth",
                            "direction=write,rw=randwrite"));
    assert_non_null(tu_find(&s, "read-128k", "group_bandwidth",
                            "block_size=131072"));
    assert_string_equal(tu_find(&s, NULL, "disk_util", NULL)->benchmark,
                        "normal-jobfile-3jobs");
    bdb_sink_free(&s);
}

/* A job whose direction line is gone (a log cut by its writer or a
 * pager) is warned at its header, whatever comes next: another job
 * (randread-4k's "read:" line cut, line 7) or its run's group lines
 * (read-128k's, line 51); the other jobs' figures are read. */
static void fio__normal_job_without_direction__warned_at_its_header(void **state)
{
    (void)state;
    char *raw = tu_read("samples/fio/normal-jobfile-3jobs.txt", NULL);
    char *a = tu_replace(raw, "  read: IOPS=91.9k, BW=359MiB/s (377MB/s)"
                              "(1078MiB/3001msec)\n", "");
    char *b = tu_replace(a, "  read: IOPS=10.8k, BW=1348MiB/s (1414MB/s)"
                            "(4049MiB/3003msec)\n", "");
    assert_true(strlen(b) < strlen(a) && strlen(a) < strlen(raw));
    bdb_sink s;
    tu_text_ok(b, "fio", &s);
    assert_warned(&s, 7, "a direction line");
    assert_warned(&s, 50, "a direction line");
    tu_assert_value(&s, "randwrite-4k", "iops", NULL, 128e3, 0);
    assert_null(tu_find(&s, "randread-4k", "iops", NULL));
    bdb_sink_free(&s);
    free(b);
    free(a);
    free(raw);
}

static void fio__normal_client_server__prefix_and_eta_lines_skipped(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/client-normal-randread-4k.txt", &s);
    assert_string_equal(s.tool_version, "fio-3.33");
    tu_assert_value(&s, "randread-4k", "iops", "iodepth=32,ioengine=libaio", 92600, 0);
    assert_null(bdb_params_get(&tu_find(&s, NULL, "iops", NULL)->params, "host"));
    assert_int_equal(tu_find(&s, NULL, "iops", NULL)->line, 6);
    bdb_sink_free(&s);
}

static void fio__normal_two_runs__repetitions_not_clones(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/repeat2-normal-randread-4k-j1-qd32.txt", &s);
    assert_int_equal(count_metric(&s, "iops", "numjobs=1"), 2);
    assert_int_equal(count_metric(&s, "iops", "job=1"), 0);
    assert_int_equal(count_metric(&s, "disk_util", NULL), 2);
    const bdb_sample *a = NULL, *b = NULL;
    for (size_t i = 0; i < s.n; i++)
        if (!strcmp(s.samples[i].metric, "iops"))
            (a ? &b : &a)[0] = &s.samples[i];
    assert_int_equal(a->repetition, 1);
    assert_int_equal(b->repetition, 2);
    bdb_sink_free(&s);
}

/* fio 2.x normal output (stat.c of 2.1: "read : io=..., bw=...KB/s"),
 * KB meaning KiB with the default kb_base. A layout fragment with made-up
 * consistent numbers, not a measurement. */
static const char text_2x[] =
    "seqread: (g=0): rw=read, bs=4K-4K/4K-4K/4K-4K, ioengine=libaio, iodepth=8\n"
    "fio-2.1.11\n"
    "Starting 1 process\n"
    "\n"
    "seqread: (groupid=0, jobs=1): err= 0: pid=1200: Tue Jan  6 10:00:00 2015\n"
    "  read : io=102400KB, bw=51200KB/s, iops=12800, runt=  2000msec\n"
    "    slat (usec): min=2, max=50, avg= 3.10, stdev= 1.20\n"
    "    clat (usec): min=100, max=2000, avg=620.50, stdev=80.25\n"
    "     lat (usec): min=105, max=2005, avg=623.60, stdev=80.30\n"
    "    clat percentiles (usec):\n"
    "     |  1.00th=[  470],  5.00th=[  510], 10.00th=[  530], 20.00th=[  560],\n"
    "     | 99.00th=[  860], 99.50th=[  900], 99.90th=[ 1004], 99.95th=[ 1096],\n"
    "     | 99.99th=[ 1800]\n"
    "    bw (KB  /s): min=50000, max=52000, per=100.00%, avg=51150.00, stdev=600.00\n"
    "    lat (usec) : 250=0.01%, 500=3.00%, 750=91.00%, 1000=5.89%\n"
    "    lat (msec) : 2=0.10%\n"
    "  cpu          : usr=3.00%, sys=10.00%, ctx=20000, majf=0, minf=40\n"
    "  IO depths    : 1=0.1%, 2=0.1%, 4=0.1%, 8=100.0%, 16=0.0%, 32=0.0%, >=64=0.0%\n"
    "     issued    : total=r=25600/w=0/d=0, short=r=0/w=0/d=0\n"
    "\n"
    "Run status group 0 (all jobs):\n"
    "   READ: io=102400KB, aggrb=51200KB/s, minb=51200KB/s, maxb=51200KB/s, "
    "mint=2000msec, maxt=2000msec\n"
    "\n"
    "Disk stats (read/write):\n"
    "  sda: ios=25000/3, merge=0/1, ticks=15000/2, in_queue=15002, util=95.00%\n";

static void fio__normal_2x__kb_is_kib_and_old_group_line(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(text_2x, &s);
    assert_string_equal(s.tool_version, "fio-2.1.11");
    const char *r = "rw=read,block_size=4096,ioengine=libaio,iodepth=8,direction=read";
    tu_assert_value(&s, "seqread", "io_bytes", r, 102400.0 * 1024, 0);
    tu_assert_value(&s, "seqread", "bandwidth", r, 51200.0 * 1024, 0);
    tu_assert_value(&s, "seqread", "iops", r, 12800, 0);
    tu_assert_value(&s, "seqread", "runtime", r, 2.0, 0);
    tu_assert_value(&s, "seqread", "clat_p99_9", r, 1004e-6, 1e-12);
    tu_assert_value(&s, "seqread", "bandwidth_max", r, 52000.0 * 1024, 0);
    tu_assert_value(&s, "seqread", "group_bandwidth", r, 51200.0 * 1024, 0);
    tu_assert_value(&s, "seqread", "group_runtime", r, 2.0, 0);
    tu_assert_value(&s, "seqread", "disk_util", "device=sda", 95.0, 0);
    assert_null(tu_find(&s, NULL, "latency_p50", NULL));
    bdb_sink_free(&s);
}

/* fio 1.x: "NAME (g=0): err= 0:", padded values, msec latencies. */
static const char text_1x[] =
    "job1 (g=0): err= 0:\n"
    "  write: io=    16MB, bw=   512KB/s, iops=128 , runt= 32000msec\n"
    "    slat (msec): min=    0, max=   12, avg= 0.05, stdev= 0.40\n"
    "    clat (msec): min=    0, max=  300, avg=30.00, stdev=20.00\n"
    "    bw (KB/s) : min=    0, max= 1024, per=100.00%, avg=510.00, stdev=100.00\n"
    "  cpu        : usr=1.00%, sys=0.50%, ctx=4000, majf=0, minf=17\n";

static void fio__normal_1x__padded_values_msec(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(text_1x, &s);
    tu_assert_value(&s, "job1", "io_bytes", "direction=write", 16.0 * 1048576, 0);
    tu_assert_value(&s, "job1", "bandwidth", "direction=write", 512.0 * 1024, 0);
    tu_assert_value(&s, "job1", "iops", "direction=write", 128, 0);
    tu_assert_value(&s, "job1", "runtime", "direction=write", 32.0, 0);
    tu_assert_value(&s, "job1", "clat_max", "direction=write", 0.300, 1e-12);
    tu_assert_value(&s, "job1", "bandwidth_mean", "direction=write", 510.0 * 1024, 0);
    tu_assert_value(&s, "job1", "bandwidth_share", "direction=write", 100.0, 0);
    tu_assert_value(&s, "job1", "page_faults_minor", NULL, 17, 0);
    assert_int_equal(s.n, 4 + 8 + 5 + 5);
    bdb_sink_free(&s);
}

/* fio 2.x with a device-mapper disk (issue 21): every figure of the cpu,
 * group and disk lines. A short public excerpt, read from a public
 * code-search index (id 36153041324, a Markdown guide quoting fio 2.x,
 * gtod_reduce=1, randrw 75/25 on dm-2 over sda). */
static const char text_2x_dm[] =
    "test: (groupid=0, jobs=1): err= 0: pid=4760: Thu Mar  2 13:23:28 2017\n"
    "  read : io=7884.0KB, bw=864925B/s, iops=211, runt=  9334msec\n"
    "  write: io=2356.0KB, bw=258468B/s, iops=63, runt=  9334msec\n"
    "  cpu          : usr=0.46%, sys=2.35%, ctx=2289, majf=0, minf=29\n"
    "  IO depths    : 1=0.1%, 2=0.1%, 4=0.2%, 8=0.3%, 16=0.6%, 32=1.2%, >=64=97.5%\n"
    "     submit    : 0=0.0%, 4=100.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%\n"
    "     complete  : 0=0.0%, 4=100.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.1%, >=64=0.0%\n"
    "     issued    : total=r=1971/w=589/d=0, short=r=0/w=0/d=0, drop=r=0/w=0/d=0\n"
    "     latency   : target=0, window=0, percentile=100.00%, depth=64\n"
    "\n"
    "Run status group 0 (all jobs):\n"
    "   READ: io=7884KB, aggrb=844KB/s, minb=844KB/s, maxb=844KB/s, mint=9334msec, maxt=9334msec\n"
    "  WRITE: io=2356KB, aggrb=252KB/s, minb=252KB/s, maxb=252KB/s, mint=9334msec, maxt=9334msec\n"
    "\n"
    "Disk stats (read/write):\n"
    "    dm-2: ios=1971/589, merge=0/0, ticks=454568/120101, in_queue=581406, util=98.44%, aggrios=1788/574, aggrmerge=182/15, aggrticks=425947/119120, aggrin_queue=545252, aggrutil=98.48%\n"
    "  sda: ios=1788/574, merge=182/15, ticks=425947/119120, in_queue=545252, util=98.48%\n";

static void fio__normal_2x_dm__cpu_group_and_aggr_disk_figures(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(text_2x_dm, &s);
    tu_assert_value(&s, NULL, "page_faults_minor", NULL, 29, 0);
    tu_assert_value(&s, NULL, "page_faults_major", NULL, 0, 0);
    tu_assert_value(&s, NULL, "group_bandwidth_min", "direction=write", 252.0 * 1024, 0);
    tu_assert_value(&s, NULL, "group_bandwidth_max", "direction=read", 844.0 * 1024, 0);
    tu_assert_value(&s, NULL, "group_runtime_min", "direction=read", 9.334, 1e-12);
    const bdb_sample *x = tu_find(&s, NULL, "group_runtime_min", "direction=write");
    assert_non_null(x);
    assert_int_equal(x->line, 13);
    tu_assert_value(&s, NULL, "disk_read_ticks", "device=dm-2", 454.568, 1e-12);
    tu_assert_value(&s, NULL, "disk_in_queue", "device=dm-2", 581.406, 1e-12);
    tu_assert_value(&s, NULL, "disk_aggr_read_ios", "device=dm-2", 1788, 0);
    tu_assert_value(&s, NULL, "disk_aggr_write_merges", "device=dm-2", 15, 0);
    tu_assert_value(&s, NULL, "disk_aggr_write_ticks", "device=dm-2", 119.120, 1e-12);
    tu_assert_value(&s, NULL, "disk_aggr_in_queue", "device=dm-2", 545.252, 1e-12);
    tu_assert_value(&s, NULL, "disk_aggr_util", "device=dm-2", 98.48, 1e-12);
    tu_assert_value(&s, NULL, "disk_read_merges", "device=sda", 182, 0);
    assert_null(tu_find(&s, NULL, "disk_aggr_util", "device=sda"));
    /* no line with numbers left unread but the distributions */
    for (size_t i = 0; i < s.nnotes; i++)
        assert_null(strstr(s.notes[i].text, "not read"));
    bdb_sink_free(&s);
}

/* fio 3.33 JSON of two fsync'd psync clones (samples/fio/generate3.sh,
 * issue 21): the fields beside the rates are read at their lines, and
 * the numbers that give no figure are warned at theirs: psync measures no
 * submission latency, so slat_ns prints zeros with "N" : 0 (lines 80-84
 * and 346-350); directions the clones did not do print zeros that are no
 * figures (no warning). */
static void fio__json_fsync__every_field_read_or_warned(void **state)
{
    (void)state;
    bdb_sink s;
    tu_file_accounted("samples/fio/json-fsync-write-4k-j2.json", NULL, &s);
    const char *w0 = "direction=write,job=0";
    /* "elapsed" : 3, line 18; "job_runtime" : 2003 (ms), line 203 */
    tu_assert_value(&s, "write-4k-fsync", "job_elapsed", "job=0", 3, 0);
    assert_int_equal(tu_find(&s, NULL, "job_elapsed", "job=0")->line, 18);
    tu_assert_value(&s, "write-4k-fsync", "job_runtime", "job=0", 2.003, 1e-12);
    tu_assert_value(&s, "write-4k-fsync", "page_faults_minor", "job=1", 16, 0);
    /* "total_ios" : 3368 (line 76), "bw_agg" : 42.260884 (line 121),
     * "bw_samples" : 4 (line 124), clat_ns "N" : 3368 (line 91) */
    tu_assert_value(&s, NULL, "total_ios", w0, 3368, 0);
    assert_int_equal(tu_find(&s, NULL, "total_ios", w0)->line, 76);
    tu_assert_value(&s, NULL, "short_ios", w0, 0, 0);
    tu_assert_value(&s, NULL, "dropped_ios", w0, 0, 0);
    tu_assert_value(&s, NULL, "bandwidth_share", w0, 42.260884, 1e-12);
    assert_int_equal(tu_find(&s, NULL, "bandwidth_share", w0)->line, 121);
    tu_assert_value(&s, NULL, "bandwidth_samples", w0, 4, 0);
    tu_assert_value(&s, NULL, "clat_samples", w0, 3368, 0);
    assert_int_equal(tu_find(&s, NULL, "clat_samples", w0)->line, 91);
    /* "sync" : { "total_ios" : 421, "lat_ns" : { "min" : 264590, ...
     * "N" : 421 (lines 175-181) */
    tu_assert_value(&s, NULL, "sync_total_ios", "job=0", 421, 0);
    assert_int_equal(tu_find(&s, NULL, "sync_total_ios", "job=0")->line, 175);
    tu_assert_value(&s, NULL, "sync_latency_min", "job=0", 264590e-9, 1e-12);
    tu_assert_value(&s, NULL, "sync_latency_samples", "job=0", 421, 0);
    /* disk_util: "read_ticks" : 288 (ms), "in_queue" : 1118 */
    tu_assert_value(&s, NULL, "disk_read_ticks", "device=vda", 0.288, 1e-12);
    assert_int_equal(tu_find(&s, NULL, "disk_read_ticks", "device=vda")->line, 553);
    tu_assert_value(&s, NULL, "disk_in_queue", "device=vda", 1.118, 1e-12);
    /* the slat_ns zeros of a synchronous engine ("N" : 0, lines 80-84
     * and 346-350) are figures since issue 21; nothing is left unread */
    tu_assert_value(&s, NULL, "slat_samples", w0, 0, 0);
    assert_int_equal(tu_line_of(&s, "slat_samples", w0), 84);
    for (size_t i = 0; i < s.nnotes; i++)
        assert_null(strstr(s.notes[i].text, "numbers not read"));
    assert_int_equal(s.unread_lines, 0);
    bdb_sink_free(&s);
}

/* A JSON field benchdb does not know, or a known one it cannot read, is
 * warned at its line with its key (the same real document, one field
 * renamed as a later fio might print it). */
static void fio__json_unknown_field__warned_at_its_line(void **state)
{
    (void)state;
    size_t len;
    char *text = tu_read("samples/fio/json-fsync-write-4k-j2.json", &len);
    /* line 208: "minf" : 16, -> "newf" : 16, */
    char *at = strstr(text, "\"minf\" : 16");
    assert_non_null(at);
    memcpy(at, "\"newf\"", 6);
    /* and in disk_util, line 555: "in_queue" : 1118, -> "inxqueue" */
    at = strstr(text, "\"in_queue\" : 1118");
    assert_non_null(at);
    memcpy(at, "\"inxqueue\"", 10);
    bdb_sink s;
    tu_text_accounted(text, NULL, &s);
    int found = 0, found_disk = 0;
    for (size_t i = 0; i < s.nnotes; i++) {
        if (s.notes[i].line == 208 && strstr(s.notes[i].text, "newf: 16"))
            found = 1;
        if (s.notes[i].line == 555 && strstr(s.notes[i].text, "inxqueue: 1118"))
            found_disk = 1;
    }
    assert_true(found);
    assert_true(found_disk);
    assert_null(tu_find(&s, NULL, "disk_in_queue", NULL));
    assert_null(tu_find(&s, NULL, "page_faults_minor", "job=0"));
    tu_assert_value(&s, NULL, "page_faults_minor", "job=1", 16, 0);
    bdb_sink_free(&s);
    free(text);
}

/* fio 3.33 with continue_on_error=all (samples/fio/generate3.sh): the
 * "errors    : total=0, first_error=0/<Success>" line gives the count. */
static void fio__normal_continue_on_error__errors_total(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/normal-continue-on-error-read-4k.txt", &s);
    const bdb_sample *x = tu_find(&s, "read-4k-coe", "errors", NULL);
    assert_non_null(x);
    assert_true(x->value == 0);
    assert_int_equal(x->line, 26);
    /* cpu line 21: majf=0, minf=14 */
    tu_assert_value(&s, "read-4k-coe", "page_faults_minor", NULL, 14, 0);
    assert_int_equal(s.unread_lines, 0);
    bdb_sink_free(&s);
    /* the same run's terse line (--minimal) ends "...;vda;1014;91;0;12;
     * 1556;522;2206;30.74%;0;0": total_err 0, first_error 0 */
    parse_ok("samples/fio/terse-continue-on-error-read-4k.txt", &s);
    x = tu_find(&s, "read-4k-coe", "errors", NULL);
    assert_non_null(x);
    assert_true(x->value == 0);
    tu_assert_value(&s, NULL, "disk_util", "device=vda", 30.74, 1e-12);
    tu_assert_value(&s, NULL, "disk_in_queue", "device=vda", 2.206, 1e-12);
    bdb_sink_free(&s);
    /* without continue_on_error the line ends at the disk: no errors */
    parse_ok("samples/fio/terse5-randrw-4k-qd8.txt", &s);
    assert_null(tu_find(&s, NULL, "errors", NULL));
    bdb_sink_free(&s);
}

/* Only the tail of a run was kept: group rows and disk stats (3.x). */
static const char group_only[] =
    "Run status group 0 (all jobs):\n"
    "   READ: bw=100MiB/s (105MB/s), 100MiB/s-100MiB/s (105MB/s-105MB/s), "
    "io=500MiB (524MB), run=5000-5000msec\n"
    "  WRITE: bw=50.0MiB/s (52.4MB/s), 50.0MiB/s-50.0MiB/s (52.4MB/s-52.4MB/s), "
    "io=250MiB (262MB), run=5000-5000msec\n"
    "\n"
    "Disk stats (read/write):\n"
    "  nvme0n1: ios=128000/64000, sectors=1024000/512000, merge=0/0, "
    "ticks=1000/2000, in_queue=3000, util=90.00%\n";

static void fio__group_summary_only__figures_named_by_file(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(group_only, &s);
    tu_assert_value(&s, NULL, "group_bandwidth", "direction=read", 100.0 * 1048576, 0);
    tu_assert_value(&s, NULL, "group_bandwidth", "direction=write", 50.0 * 1048576, 0);
    tu_assert_value(&s, NULL, "group_io_bytes", "direction=write", 250.0 * 1048576, 0);
    tu_assert_value(&s, NULL, "disk_util", "device=nvme0n1", 90.0, 0);
    assert_int_equal(count_metric(&s, "iops", NULL), 0);
    bdb_sink_free(&s);
}

/* Issue 10 #1: a job line with ioengine= before bs=(R) and no (T) made
 * job_definition search from bs's value to an end before it (read past
 * the buffer: a crash that killed the rest of an import batch). */
static void fio__job_line_ioengine_before_bs_without_trim__no_overread(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("tests/fixtures/fio/handmade-ioengine-before-bs-no-trim.txt", &s);
    const char *p = "rw=read,ioengine=psync,iodepth=1,block_size=4096,"
                    "direction=read";
    tu_assert_value(&s, "seqrd", "iops", p, 1000, 0);
    tu_assert_value(&s, "seqrd", "bandwidth", p, 4000.0 * 1024, 0);
    assert_int_equal(tu_count_warnings(&s), 0);
    bdb_sink_free(&s);
    /* the same line cut after every byte, each copy in a buffer of its
     * exact size (ASan sees any read past it) */
    static const char line[] =
        "seqrd: (g=0): rw=read, ioengine=psync, bs=(R) 4096B-4096B, "
        "(W) 4096B-4096B, iodepth=1\n";
    for (size_t cut = 1; cut < sizeof line; cut++) {
        char *part = malloc(cut);
        assert_non_null(part);
        memcpy(part, line, cut);
        bdb_sink_init(&s);
        bdb_diag d;
        bdb_diag_clear(&d);
        bdb_ingest_opts o = {.source_name = "cut.txt", .tool = "fio"};
        (void)bdb_ingest_buffer(part, cut, &o, &s, NULL, 0, &d);
        bdb_sink_free(&s);
        free(part);
    }
    /* odd orders and values: bs last, bs= empty, a key with no value */
    static const char *const odd[] = {
        "j: (g=0): ioengine=sync, iodepth=1, rw=write, bs=(R) 4096B-4096B\n",
        "j: (g=0): rw=write, bs=, ioengine=\n",
        "j: (g=0): bs=(T) 4096B-4096B, (R)\n",
        "j: (g=0): rw=\n",
    };
    for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
        size_t n = strlen(odd[i]);
        char *t = malloc(n);
        assert_non_null(t);
        memcpy(t, odd[i], n);
        bdb_sink_init(&s);
        bdb_diag d;
        bdb_diag_clear(&d);
        bdb_ingest_opts o = {.source_name = "odd.txt", .tool = "fio"};
        (void)bdb_ingest_buffer(t, n, &o, &s, NULL, 0, &d);
        bdb_sink_free(&s);
        free(t);
    }
}

/* ---- terse ------------------------------------------------------------------ */

static void fio__terse_v3_clones__fields_in_order(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/terse-randread-4k-j2-qd32.txt", &s);
    assert_string_equal(s.tool_version, "fio-3.33");
    /* 3;fio-3.33;randread-4k;0;0;549228;183014;45753;3001;2;2223;3.840642;
     * 9.320540;95;9179;695.096885;527.490898;1.000000%=321;... */
    const char *p = "direction=read,job=0,numjobs=2";
    tu_assert_value(&s, "randread-4k", "io_bytes", p, 549228.0 * 1024, 0);
    tu_assert_value(&s, "randread-4k", "bandwidth", p, 183014.0 * 1024, 0);
    tu_assert_value(&s, "randread-4k", "iops", p, 45753, 0);
    tu_assert_value(&s, "randread-4k", "runtime", p, 3.001, 1e-12);
    tu_assert_value(&s, "randread-4k", "slat_mean", p, 3.840642e-6, 1e-12);
    tu_assert_value(&s, "randread-4k", "clat_max", p, 9179e-6, 1e-12);
    tu_assert_value(&s, "randread-4k", "clat_p1", p, 321e-6, 1e-12);
    tu_assert_value(&s, "randread-4k", "clat_p99_99", p, 9240e-6, 1e-12);
    tu_assert_value(&s, "randread-4k", "latency_mean", p, 698.937526e-6, 1e-12);
    tu_assert_value(&s, "randread-4k", "bandwidth_mean", p, 181472.0 * 1024, 1e-12);
    tu_assert_value(&s, "randread-4k", "cpu_usr", "job=0", 2.566667, 1e-12);
    tu_assert_value(&s, "randread-4k", "iops", "job=1", 46194, 0);
    /* the disk fields repeat on every line: kept once */
    assert_int_equal(count_metric(&s, "disk_util", NULL), 1);
    tu_assert_value(&s, "randread-4k", "disk_util", "device=vda", 92.72, 1e-12);
    assert_null(tu_find(&s, NULL, "clat_p0", NULL));
    assert_int_equal(count_metric(&s, "iops", "direction=write"), 0);
    bdb_sink_free(&s);
}

static void fio__terse_v5__trim_block_and_iops_stats(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/terse5-randrw-4k-j1-qd16.txt", &s);
    tu_assert_value(&s, "randrw-4k", "iops", "direction=read", 61918, 0);
    tu_assert_value(&s, "randrw-4k", "iops", "direction=write", 26596, 0);
    tu_assert_value(&s, "randrw-4k", "iops_mean", "direction=read", 63009.6, 1e-12);
    tu_assert_value(&s, "randrw-4k", "clat_p50", "direction=write", 179e-6, 1e-12);
    assert_int_equal(count_metric(&s, NULL, "direction=trim"), 0);
    /* a single terse line may sum several jobs: numjobs is not known */
    assert_null(bdb_params_get(&tu_find(&s, NULL, "iops", NULL)->params, "numjobs"));
    bdb_sink_free(&s);
}

/* ---- errors -------------------------------------------------------------------- */

static void fio__failed_run__error_names_fio_message(void **state)
{
    (void)state;
    /* nothing but the failed job: the file fails with fio's own message */
    expect_error("tests/fixtures/fio/error-unwritable-file.txt", NULL, 5,
                 "err=1/file:filesetup.c:150");
    /* an error line and nothing else */
    expect_error(NULL,
                 "fio: pid=1234, err=5/file:io_u.c:1, func=io_u error, "
                 "error=Input/output error\n", 1, "err=5/file:io_u.c:1");
}

/* The parser contract: a cut capture keeps its complete figures and warns
 * about the cut; only a capture with no figure at all fails. */
static void fio__truncated_logs__complete_figures_kept_and_cut_warned(void **state)
{
    (void)state;
    bdb_sink s;
    /* cut inside the write block of a randrw job: the read block is whole */
    parse_ok("tests/fixtures/fio/broken-truncated-normal.txt", &s);
    assert_warned(&s, 1, "no \"Run status group\" summary");
    tu_assert_value(&s, "randrw-4k", "iops", "direction=read", 61.6e3, 0);
    assert_non_null(tu_find(&s, "randrw-4k", "clat_p99_99", "direction=read"));
    bdb_sink_free(&s);
    /* a terse line cut in its write block: the read block is kept */
    parse_ok("tests/fixtures/fio/broken-truncated-terse.txt", &s);
    assert_warned(&s, 1, "terse version 3 line ends after 65 fields");
    assert_non_null(tu_find(&s, NULL, "iops", "direction=read"));
    assert_null(tu_find(&s, NULL, "iops", "direction=write"));
    assert_null(tu_find(&s, NULL, "cpu_usr", NULL));
    bdb_sink_free(&s);
    /* JSON cut inside its first job: nothing complete, the file fails */
    expect_error("tests/fixtures/fio/broken-truncated-json.json", NULL, 14,
                 "cut or invalid in this job");
    expect_error("tests/fixtures/fio/broken-header-only.txt", NULL, 1,
                 "job 'randread-4k' has no results");
}

static void fio__result_block_without_direction__warned_cpu_kept(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok("a: (groupid=0, jobs=1): err= 0: pid=1: Mon Nov 30 2026\n"
               "  cpu          : usr=1.00%, sys=1.00%, ctx=1, majf=0, minf=1\n",
               "fio", &s);
    assert_warned(&s, 1, "direction line");
    tu_assert_value(&s, "a", "cpu_usr", NULL, 1.0, 0);
    bdb_sink_free(&s);
}

static void fio__binary_and_si_bandwidth_disagree__error(void **state)
{
    (void)state;
    expect_error(NULL,
                 "a: (groupid=0, jobs=1): err= 0: pid=1: Mon Nov 30 2026\n"
                 "  read: IOPS=47.2k, BW=184MiB/s (293MB/s)(553MiB/3001msec)\n",
                 2, "disagree");
    expect_error(NULL,
                 "a: (groupid=0, jobs=1): err= 0: pid=1: Mon Nov 30 2026\n"
                 "  read: IOPS=many, BW=184MiB/s (193MB/s)(553MiB/3001msec)\n",
                 2, "IOPS");
}

/* Every prefix of a few samples: an error or samples, never a crash. */
static void fio__every_cut__never_crashes(void **state)
{
    (void)state;
    static const char *const files[] = {
        "samples/fio/normal-randrw-4k-j1-qd16.txt",
        "samples/fio/json-randread-4k-j2-qd32.json",
        "samples/fio/terse5-randrw-4k-j1-qd16.txt",
        "samples/fio/client-normal-randread-4k.txt",
    };
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        size_t len;
        char *text = tu_read(files[f], &len);
        size_t step = len / 97 + 1;
        for (size_t cut = 1; cut < len; cut += step) {
            char *part = malloc(cut + 1);
            assert_non_null(part);
            memcpy(part, text, cut);
            part[cut] = '\0';
            bdb_sink s;
            bdb_diag d;
            bdb_sink_init(&s);
            bdb_diag_clear(&d);
            int rc = tu_parse_text(part, "fio", &s, &d);
            if (rc != BDB_OK)
                assert_true(d.message[0] != '\0');
            bdb_sink_free(&s);
            free(part);
        }
        free(text);
    }
}

/* ---- figures cross-checked against the raw text (no parser) ------------ */

/* Each figure as fio printed it, converted by hand, against the golden
 * file: JSON, normal and terse output. */
static void fio__crosscheck__printed_figures_match_golden_files(void **state)
{
    (void)state;
    const char *js = "samples/fio/json-randread-4k-j2-qd32.json";
    tu_crosscheck(js, 32, "\"iops\" : 48542.485838", "randread-4k", "iops",
                  48542.485838);
    tu_crosscheck(js, 30, "\"bw_bytes\" : 198830021", "randread-4k",
                  "bandwidth", 198830021.0);
    tu_crosscheck(js, 28, "\"io_bytes\" : 596688896", "randread-4k",
                  "io_bytes", 596688896.0);
    tu_crosscheck(js, 33, "\"runtime\" : 3001", "randread-4k", "runtime",
                  3001 / 1000.0); /* ms */
    /* clat_ns percentile: ns */
    tu_crosscheck(js, 63, "\"99.000000\" : 2506752", "randread-4k", "clat_p99",
                  2506752 * 1e-9);
    /* bw_mean: KiB/s */
    tu_crosscheck(js, 80, "\"bw_mean\" : 195092.800000", "randread-4k",
                  "bandwidth_mean", 195092.8 * 1024);
    tu_crosscheck(js, 519, "\"util\" : 88.965517", "randread-4k", "disk_util",
                  88.965517);

    const char *nm = "samples/fio/status-interval-normal-randread-4k.txt";
    /* IOPS: num2str's k = 1000; BW: MiB = 2^20 */
    tu_crosscheck(nm, 93, "read: IOPS=35.5k, BW=139MiB/s (145MB/s)(416MiB/3003msec)",
                  "randread-4k", "iops", 35.5 * 1000);
    tu_crosscheck(nm, 93, "BW=139MiB/s (145MB/s)", "randread-4k", "bandwidth",
                  139.0 * 1048576);
    tu_crosscheck(nm, 93, "(416MiB/3003msec)", "randread-4k", "io_bytes",
                  416.0 * 1048576);
    /* slat in nsec with a k suffix: 4830.6k ns */
    tu_crosscheck(nm, 94, "slat (nsec): min=1355, max=4830.6k,", "randread-4k",
                  "slat_max", 4830.6e3 * 1e-9);
    tu_crosscheck(nm, 95, "clat (usec): min=17, max=9317, avg=220.39,",
                  "randread-4k", "clat_mean", 220.39e-6);
    tu_crosscheck(nm, 101, "99.00th=[ 4015]", "randread-4k", "clat_p99",
                  4015e-6);
    tu_crosscheck(nm, 103, "avg=145564.80, stdev=8355.52, samples=5",
                  "randread-4k", "bandwidth_mean", 145564.80 * 1024);
    tu_crosscheck(nm, 116, "READ: bw=139MiB/s (145MB/s)", "randread-4k",
                  "group_bandwidth", 139.0 * 1048576);
    tu_crosscheck(nm, 119, "util=48.13%", "randread-4k", "disk_util", 48.13);

    const char *t4 = "samples/fio/terse4-randrw-4k-qd8.txt";
    /* read block: io_kb;bw KiB/s;iops;runtime ms */
    tu_crosscheck(t4, 1, "4;fio-3.33;randrw-4k;0;0;124140;123892;30973;1002;",
                  "randrw-4k", "io_bytes", 124140.0 * 1024);
    tu_crosscheck(t4, 1, ";124140;123892;30973;1002;", "randrw-4k", "bandwidth",
                  123892.0 * 1024);
    tu_crosscheck(t4, 1, ";124140;123892;30973;1002;", "randrw-4k", "iops",
                  30973);
    /* lat min;max;mean;dev in usec */
    tu_crosscheck(t4, 1, ";20;9027;156.079954;472.128617;", "randrw-4k",
                  "latency_mean", 156.079954e-6);
    /* bw min;max;agg%;mean;dev: KiB/s */
    tu_crosscheck(t4, 1, ";119992;128256;100.000000%;124124.000000;",
                  "randrw-4k", "bandwidth_mean", 124124.0 * 1024);
    tu_crosscheck(t4, 1, ";1.998002%;21.978022%;13346;", "randrw-4k", "cpu_usr",
                  1.998002);
    tu_crosscheck(t4, 1, ";vda;", "randrw-4k", "disk_util", 54.85);
}

/* ---- several formats in one file ------------------------------------------ */

static void fio__json_normal_and_json_terse__json_read_once(void **state)
{
    (void)state;
    bdb_sink a, b;
    parse_ok("samples/fio/mixed-json-normal-randrw-4k.txt", &a);
    parse_ok("samples/fio/mixed-json-terse-randrw-4k.txt", &b);
    /* the normal text and the terse line repeat the JSON: not read, so no
     * figure comes twice */
    assert_int_equal(count_metric(&a, "iops", NULL), 2);
    assert_int_equal(count_metric(&b, "iops", NULL), 2);
    /* JSON options: rwmixread, size, runtime, direct */
    const char *p = "rw=randrw,rwmixread=70,block_size=4096,iodepth=8,"
                    "direction=read";
    assert_non_null(tu_find(&a, "randrw-4k", "iops", p));
    assert_non_null(tu_find(&b, "randrw-4k", "iops", p));
    /* the JSON's figures, and from the text only what the JSON lacks
     * (the group summary, "0 zone resets") */
    for (size_t i = 0; i < a.n; i++)
        assert_true((a.samples[i].line >= 5 && a.samples[i].line <= 298) ||
                    !strncmp(a.samples[i].metric, "group_", 6) ||
                    !strcmp(a.samples[i].metric, "zone_resets"));
    assert_int_equal(tu_count_warnings(&a), 0);
    assert_int_equal(tu_count_warnings(&b), 0);
    bdb_sink_free(&a);
    bdb_sink_free(&b);
}

static void fio__normal_and_terse__normal_kept_terse_dropped_with_note(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/mixed-normal-terse-randrw-4k.txt", &s);
    assert_int_equal(count_metric(&s, "iops", NULL), 2);
    /* the normal block's figures (IOPS=37.5k at line 7), not the terse
     * line's 37546 */
    tu_assert_value(&s, "randrw-4k", "iops", "direction=read,block_size=4096",
                    37.5e3, 0);
    assert_int_equal(tu_find(&s, NULL, "iops", "direction=read")->line, 7);
    assert_int_equal(count_metric(&s, "disk_util", NULL), 1);
    assert_int_equal(tu_find(&s, NULL, "disk_util", NULL)->line, 47);
    /* not repetitions: one run */
    for (size_t i = 0; i < s.n; i++)
        assert_int_equal(s.samples[i].repetition, 1);
    assert_int_equal(tu_count_warnings(&s), 0);
    int noted = 0;
    for (size_t i = 0; i < s.nnotes; i++)
        noted |= s.notes[i].is_info && strstr(s.notes[i].text, "normal,terse");
    assert_true(noted);
    bdb_sink_free(&s);
}

typedef struct restated_seen {
    int iops_line, iops_rep, results, points, other_points;
    double iops;
} restated_seen;

static int restated_take(void *ctx, const bdb_sample *x)
{
    restated_seen *r = ctx;
    r->results++;
    if (x->repetition != 1)
        r->iops_rep = x->repetition; /* any repetition but the first */
    return 0;
}

static int restated_trace(void *ctx, const bdb_sample *x)
{
    restated_seen *r = ctx;
    if (strcmp(x->trace->label, "restated") != 0) {
        r->other_points++;
        return 0;
    }
    r->points++;
    if (!strcmp(x->metric, "iops") &&
        bdb_params_get(&x->params, "direction") &&
        !strcmp(bdb_params_get(&x->params, "direction"), "read")) {
        r->iops = x->value;
        r->iops_line = x->line;
    }
    return 0;
}

/* normal,terse (issue 21: the terse line's figures were dropped
 * silently): the normal block's figures are the run's, each figure the
 * terse line repeats is a point of its series' trace labelled
 * "restated" at the terse line (line 4: 37546 IOPS read), nothing is a
 * second repetition, and no run is taken for a cut one. */
static void fio__normal_and_terse__terse_figures_restated_points(void **state)
{
    (void)state;
    size_t len;
    char *raw = tu_read("samples/fio/mixed-normal-terse-randrw-4k.txt", &len);
    restated_seen seen;
    memset(&seen, 0, sizeof seen);
    bdb_sink_consumer c = {restated_take, &seen, restated_trace};
    bdb_sink s;
    bdb_sink_init(&s);
    s.consumer = &c;
    bdb_ingest_opts opts = {.source_name = "mixed", .unread_account = 1};
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_ingest_buffer(raw, len, &opts, &s, NULL, 0, &d),
                     BDB_OK);
    assert_int_equal(seen.iops_rep, 0);
    assert_true(seen.points > 20);
    assert_int_equal(seen.other_points, 0);
    assert_int_equal(seen.iops_line, 4);
    assert_true(seen.iops == 37546);
    for (size_t i = 0; i < s.nnotes; i++)
        assert_null(strstr(s.notes[i].text, "never printed"));
    assert_int_equal(s.unread_lines, 0);
    bdb_sink_free(&s);
    free(raw);
}

/* ---- terse versions ------------------------------------------------------------ */

/* One randrw job printed with --terse-version=2, 3, 4 and 5: the same
 * fields in every version (v2 has no version string, v3 no trim block,
 * v5 adds the iops statistics). */
static void fio__terse_versions_2_to_5__same_fields_each_layout(void **state)
{
    (void)state;
    static const struct {
        const char *rel;
        double read_iops, write_bw_kib;
        int iops_stats;
    } v[] = {
        /* 2;randrw-4k;0;0;125260;125134;31283;1001;... write 53504;53450;13362 */
        {"samples/fio/terse2-randrw-4k-qd8.txt", 31283, 53450, 0},
        {"samples/fio/terse3-randrw-4k-qd8.txt", 24451, 41862, 0},
        {"samples/fio/terse4-randrw-4k-qd8.txt", 30973, 52866, 0},
        {"samples/fio/terse5-randrw-4k-qd8.txt", 21672, 0, 1},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        bdb_sink s;
        parse_ok(v[i].rel, &s);
        tu_assert_value(&s, "randrw-4k", "iops", "direction=read",
                        v[i].read_iops, 0);
        if (v[i].write_bw_kib > 0)
            tu_assert_value(&s, "randrw-4k", "bandwidth", "direction=write",
                            v[i].write_bw_kib * 1024, 0);
        assert_non_null(tu_find(&s, "randrw-4k", "clat_p99", "direction=write"));
        assert_non_null(tu_find(&s, "randrw-4k", "cpu_sys", NULL));
        /* the trim block of v2/v4/v5 is all zeros: no trim figures */
        assert_int_equal(count_metric(&s, NULL, "direction=trim"), 0);
        assert_int_equal(tu_find(&s, NULL, "iops_mean", NULL) != NULL,
                         v[i].iops_stats);
        /* version 2 prints no disks (stat.c: ver >= 3) */
        assert_int_equal(count_metric(&s, "disk_util", NULL) > 0, i > 0);
        assert_int_equal(tu_count_warnings(&s), 0);
        bdb_sink_free(&s);
    }
}

static void fio__several_minimal_lines__clones_and_jobs(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/minimal-3lines-2jobs.txt", &s);
    /* two clones of randread-4k (numjobs=2), one randwrite-8k line */
    tu_assert_value(&s, "randread-4k", "iops", "job=0,numjobs=2", 24808, 0);
    tu_assert_value(&s, "randread-4k", "iops", "job=1,numjobs=2", 24812, 0);
    tu_assert_value(&s, "randwrite-8k", "iops", "direction=write", 12496, 0);
    assert_null(bdb_params_get(&tu_find(&s, "randwrite-8k", "iops", NULL)->params,
                               "job"));
    for (size_t i = 0; i < s.n; i++)
        assert_int_equal(s.samples[i].repetition, 1);
    bdb_sink_free(&s);
    /* a header line naming the fields (as the HOWTO lists them) is not a
     * figure and not a warning */
    size_t len;
    char *raw = tu_read("samples/fio/minimal-3lines-2jobs.txt", &len);
    const char *hdr = "terse_version_3;fio_version;jobname;groupid;error;"
                      "read_kb;read_bandwidth;read_iops\n";
    char *text = malloc(strlen(hdr) + len + 1);
    assert_non_null(text);
    memcpy(text, hdr, strlen(hdr));
    memcpy(text + strlen(hdr), raw, len + 1);
    text_ok(text, &s);
    /* two clones, their total, and the second job */
    assert_int_equal(count_metric(&s, "iops", NULL), 4);
    assert_int_equal(tu_count_warnings(&s), 0);
    bdb_sink_free(&s);
    free(text);
    free(raw);
}

/* ---- --status-interval ------------------------------------------------------------ */

static int info_notes(const bdb_sink *s, const char *needle)
{
    int n = 0;
    for (size_t i = 0; i < s->nnotes; i++)
        n += s->notes[i].is_info && strstr(s->notes[i].text, needle) != NULL;
    return n;
}

/* fio --status-interval=1 prints the job's cumulative result every second:
 * the interim reports are not repetitions; the last one is kept and the
 * others are noted (info), in normal, JSON and terse output. */
static void fio__status_interval__last_report_kept_interim_noted(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/status-interval-normal-randread-4k.txt", &s);
    assert_int_equal(count_metric(&s, "iops", NULL), 1);
    /* "read: IOPS=35.5k, BW=139MiB/s (145MB/s)(416MiB/3003msec)", line 93 */
    tu_assert_value(&s, "randread-4k", "iops", NULL, 35.5e3, 0);
    tu_assert_value(&s, "randread-4k", "runtime", NULL, 3.003, 1e-12);
    assert_int_equal(count_metric(&s, "group_bandwidth", NULL), 1);
    assert_int_equal(count_metric(&s, "disk_util", NULL), 1);
    assert_int_equal(info_notes(&s, "interim --status-interval report"), 3);
    /* an import (the unread-figure account) warns each line whose
     * numbers no figure reads: */
    assert_int_equal(s.unread_lines, 42);
    assert_true(tu_has_warning(&s, 6, "numbers not read: 34.8, 136, 142"));
    assert_true(tu_has_warning(&s, 7, "numbers not read: 1550, 965484"));
    assert_true(tu_has_warning(&s, 8, "numbers not read: 17, 9317, 225.27"));
    assert_true(tu_has_warning(&s, 87, "numbers not read: 140, 147, 140"));
    assert_true(tu_has_warning(&s, 90, "numbers not read: 95936, 31, 1, 6"));
    assert_int_equal(tu_count_warnings(&s), 42);
    bdb_sink_free(&s);

    parse_ok("samples/fio/status-interval-json-randread-4k.json", &s);
    assert_int_equal(count_metric(&s, "iops", NULL), 1);
    tu_assert_value(&s, "randread-4k", "iops", NULL, 28282.905698, 1e-12);
    assert_int_equal(tu_find(&s, NULL, "iops", NULL)->line, 857);
    assert_int_equal(info_notes(&s, "interim --status-interval report"), 3);
    bdb_sink_free(&s);

    parse_ok("samples/fio/status-interval-terse-randread-4k.txt", &s);
    assert_int_equal(count_metric(&s, "iops", NULL), 1);
    /* line 4: 3;fio-3.33;randread-4k;0;0;588740;196050;49012;3003;... */
    tu_assert_value(&s, "randread-4k", "iops", NULL, 49012, 0);
    assert_null(bdb_params_get(&tu_find(&s, NULL, "iops", NULL)->params, "job"));
    assert_int_equal(info_notes(&s, "interim --status-interval report"), 3);
    bdb_sink_free(&s);
}

/* numjobs=2 with --status-interval: each report holds both clones (terse
 * lines 1-2, 3-4, 5-6, 7-8; normal blocks with the clones' pids). */
static void fio__status_interval_with_clones__last_pair_kept(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/status-interval-terse-randread-4k-2clones.txt", &s);
    /* line 7: ...;272948;90891;22722;3003;  line 8: ...;271328;90202;22550;3008; */
    tu_assert_value(&s, "randread-4k", "iops", "job=0,numjobs=2", 22722, 0);
    tu_assert_value(&s, "randread-4k", "iops", "job=1,numjobs=2", 22550, 0);
    /* and the job's total of the last report: 22722 + 22550 */
    assert_int_equal(count_metric(&s, "iops", NULL), 3);
    assert_true(job_total(&s, "iops") && job_total(&s, "iops")->value == 45272);
    assert_int_equal(tu_find(&s, NULL, "iops", "job=1")->line, 8);
    assert_int_equal(info_notes(&s, "interim --status-interval report"), 3);
    bdb_sink_free(&s);
    parse_ok("samples/fio/status-interval-normal-randread-4k-2clones.txt", &s);
    assert_int_equal(count_metric(&s, "iops", NULL), 3);
    assert_int_equal(tu_find(&s, NULL, "iops", "job=0")->line, 159);
    assert_int_equal(tu_find(&s, NULL, "iops", "job=1")->line, 181);
    assert_int_equal(info_notes(&s, "interim --status-interval report"), 3);
    bdb_sink_free(&s);
}

/* Two clones of a time_based job end within a millisecond of each other
 * with about the same I/O: clones, not interim reports. */
static void fio__terse_clones__not_taken_for_interim_reports(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/terse-randread-4k-j2-qd32.txt", &s);
    assert_int_equal(count_metric(&s, "iops", "job=0"), 1);
    assert_int_equal(count_metric(&s, "iops", "job=1"), 1);
    assert_int_equal(info_notes(&s, "interim"), 0);
    bdb_sink_free(&s);
}

/* Two servers on one machine (ports 8765, 8766): the JSON names each by
 * hostname and port; the normal output prints both as "<vm> " before
 * their (unprefixed) results, so the second becomes host=vm#2. Neither
 * is a clone or a repetition of the other; "All clients" is their sum,
 * stored as a job of that name with no host (issue 21). */
static void fio__client_server_two_servers__host_param_per_server(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/client-2servers-json-randread-4k.json", &s);
    tu_assert_value(&s, "randread-4k", "iops", "host=127.0.0.1:8766",
                    18552.788845, 1e-9);
    tu_assert_value(&s, "randread-4k", "iops", "host=127.0.0.1:8765",
                    18793.206793, 1e-9);
    /* the sum: `"jobname" : "All clients"` ... `"iops" : 37289.840637`
     * (line 525), though its "hostname"/"port" are the last server's */
    tu_assert_value(&s, "All clients", "iops", "rw=randread,block_size=4096",
                    37289.840637, 1e-12);
    assert_int_equal(tu_find(&s, "All clients", "iops", NULL)->line, 525);
    assert_null(bdb_params_get(&tu_find(&s, "All clients", "iops", NULL)->params,
                               "host"));
    assert_int_equal(count_metric(&s, "iops", NULL), 3);
    assert_int_equal(s.unread_lines, 0);
    assert_int_equal(count_metric(&s, NULL, "job=0"), 0);
    tu_assert_value(&s, "randread-4k", "disk_util", "host=127.0.0.1:8765",
                    40.243902, 1e-9);
    bdb_sink_free(&s);

    parse_ok("samples/fio/client-2servers-normal-randread-4k.txt", &s);
    /* "read: IOPS=25.0k" at line 10, "read: IOPS=26.0k" at line 39 */
    tu_assert_value(&s, "randread-4k", "iops", "host=vm,numjobs=1", 25.0e3, 0);
    tu_assert_value(&s, "randread-4k", "iops", "host=vm#2,numjobs=1", 26.0e3, 0);
    /* line 66 "All clients: (groupid=0, jobs=2)" then line 67 "read:
     * IOPS=51.0k, BW=199Mi (209M)(200MiB/1004msec)": fio prints the sum's
     * rates with no unit (client.c leaves its unit_base 0) */
    tu_assert_value(&s, "All clients", "iops", "rw=randread", 51.0e3, 0);
    assert_int_equal(tu_find(&s, "All clients", "bandwidth", NULL)->line, 67);
    tu_assert_value(&s, "All clients", "bandwidth", NULL, 199.0 * 1048576, 0);
    tu_assert_value(&s, "All clients", "io_bytes", NULL, 200.0 * 1048576, 0);
    tu_assert_value(&s, "All clients", "runtime", NULL, 1.004, 1e-12);
    tu_assert_value(&s, "All clients", "cpu_sys", NULL, 10.93, 1e-12);
    assert_null(bdb_params_get(&tu_find(&s, "All clients", "iops", NULL)->params,
                               "host"));
    assert_null(bdb_params_get(&tu_find(&s, "All clients", "iops", NULL)->params,
                               "numjobs"));
    assert_int_equal(count_metric(&s, "iops", NULL), 3);
    assert_int_equal(s.unread_lines, 0);
    tu_assert_value(&s, "randread-4k", "disk_util", "host=vm#2", 57.80, 0);
    for (size_t i = 0; i < s.n; i++)
        assert_int_equal(s.samples[i].repetition, 1);
    assert_int_equal(tu_count_warnings(&s), 0);
    bdb_sink_free(&s);
}

/* One server running a randread-4k and a randwrite-8k job at once
 * (samples/fio/generate4.sh): fio's client sums both into "All clients"
 * (one read and one write direction), printed after the disk lines
 * (normal, JSON and terse). Its
 * parameters are the ones both jobs share (iodepth=4, ioengine=libaio),
 * not rw nor block size; one host, so no host parameter at all. Values as
 * printed, lines 60/66 and the JSON's lines 512/555. */
static void fio__client_server_all_clients__sum_kept_with_shared_params(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/client-allclients-normal-randread-randwrite.txt", &s);
    /* the jobs: "read: IOPS=33.3k, BW=130MiB/s (136MB/s)(130MiB/1001msec)"
     * and "write: IOPS=32.7k, BW=256MiB/s (268MB/s)(256MiB/1001msec)" */
    tu_assert_value(&s, "randread-4k", "iops", "rw=randread,numjobs=1", 33.3e3,
                    1e-12);
    tu_assert_value(&s, "randwrite-8k", "iops", "rw=randwrite,block_size=8192",
                    32.7e3, 1e-12);
    /* the sum, line 60 "read: IOPS=33.3k, BW=130Mi (136M)(130MiB/1001msec)"
     * and line 66 "write: IOPS=32.7k, BW=256Mi (268M)(256MiB/1001msec);
     * 0 zone resets" */
    const char *rd = "direction=read,iodepth=4,ioengine=libaio";
    const char *wr = "direction=write,iodepth=4,ioengine=libaio";
    tu_assert_value(&s, "All clients", "iops", rd, 33.3e3, 1e-12);
    assert_int_equal(tu_find(&s, "All clients", "iops", rd)->line, 60);
    tu_assert_value(&s, "All clients", "bandwidth", rd, 130.0 * 1048576, 0);
    tu_assert_value(&s, "All clients", "iops", wr, 32.7e3, 1e-12);
    assert_int_equal(tu_find(&s, "All clients", "iops", wr)->line, 66);
    tu_assert_value(&s, "All clients", "bandwidth", wr, 256.0 * 1048576, 0);
    tu_assert_value(&s, "All clients", "zone_resets", wr, 0, 0);
    /* "clat (nsec): min=631, max=3837.3k, avg=115699.32, stdev=117615.07" */
    tu_assert_value(&s, "All clients", "clat_max", wr, 3837.3e-6, 1e-12);
    /* "bw (  KiB/s): min=268032, max=268032, per=51.19%" */
    tu_assert_value(&s, "All clients", "bandwidth_share", wr, 51.19, 1e-12);
    /* "cpu          : usr=2.60%, sys=25.10%, ctx=18588, majf=0, minf=23" */
    tu_assert_value(&s, "All clients", "context_switches", NULL, 18588, 0);
    assert_int_equal(tu_find(&s, "All clients", "context_switches", NULL)->line,
                     76);
    const bdb_params *ps = &tu_find(&s, "All clients", "iops", rd)->params;
    assert_null(bdb_params_get(ps, "rw"));
    assert_null(bdb_params_get(ps, "block_size"));
    assert_null(bdb_params_get(ps, "host"));
    assert_null(bdb_params_get(ps, "numjobs"));
    assert_null(bdb_params_get(&tu_find(&s, "randread-4k", "iops", NULL)->params,
                               "host"));
    assert_int_equal(count_metric(&s, "iops", NULL), 4);
    assert_int_equal(s.unread_lines, 0);
    bdb_sink_free(&s);

    parse_ok("samples/fio/client-allclients-json-randread-randwrite.json", &s);
    /* `"jobname" : "All clients"` (line 504), `"iops" : 35476.523477`
     * (line 512), `"iops" : 34165.834166` (line 555), `"ctx" : 17560` */
    tu_assert_value(&s, "All clients", "iops", rd, 35476.523477, 1e-12);
    assert_int_equal(tu_find(&s, "All clients", "iops", rd)->line, 512);
    tu_assert_value(&s, "All clients", "iops", wr, 34165.834166, 1e-12);
    assert_int_equal(tu_find(&s, "All clients", "iops", wr)->line, 555);
    tu_assert_value(&s, "All clients", "context_switches", NULL, 17560, 0);
    ps = &tu_find(&s, "All clients", "iops", rd)->params;
    assert_null(bdb_params_get(ps, "rw"));
    assert_null(bdb_params_get(ps, "host"));
    tu_assert_value(&s, "randread-4k", "iops", "rw=randread", 35476.523477,
                    1e-12);
    assert_int_equal(tu_find(&s, "randread-4k", "iops", NULL)->line, 28);
    assert_int_equal(count_metric(&s, "iops", NULL), 4);
    assert_int_equal(s.unread_lines, 0);
    bdb_sink_free(&s);

    /* terse: the server's disks on a line of their own (client.c
     * handle_du), line 3 ";vda;24489;23620;3;0;2392;2051;4443;69.95%",
     * and line 4 "3;fio-3.33;All clients;0;0;112688;112575;28143;1001;..."
     * whose write block (fields 47-50) is "...;214976;214761;26845;1001" */
    parse_ok("samples/fio/client-allclients-terse-randread-randwrite.txt", &s);
    tu_assert_value(&s, NULL, "disk_read_ios", "device=vda", 24489, 0);
    tu_assert_value(&s, NULL, "disk_util", "device=vda", 69.95, 1e-12);
    tu_assert_value(&s, NULL, "disk_in_queue", "device=vda", 4.443, 1e-12);
    assert_int_equal(tu_line_of(&s, "disk_util", "device=vda"), 3);
    tu_assert_value(&s, "All clients", "iops", "direction=read", 28143, 0);
    tu_assert_value(&s, "All clients", "iops", "direction=write", 26845, 0);
    assert_int_equal(tu_find(&s, "All clients", "iops", NULL)->line, 4);
    tu_assert_value(&s, "randread-4k", "iops", "direction=read", 28143, 0);
    assert_int_equal(count_metric(&s, "iops", NULL), 4);
    assert_int_equal(s.unread_lines, 0);
    bdb_sink_free(&s);
}

/* Disk stats in quoted-printable mails, the line broken by soft breaks
 * ("=" at a line's end) inside a key, a number or a pair, and every "="
 * sent as "=3D". Public excerpts: search index id 49268747352 (an
 * io_uring thread, fio 3.16: "in_queue=3D0, u=" / "til=3D99.95%") and
 * 25052531154 (fio 3.x on dm-2 over sdb: "in_queue=3D134=" / "03887",
 * "aggrticks=3D=" / "271/11493029"). Each figure is read at the line
 * its number is printed on. */
static void fio__qp_mail_disk_stats_soft_breaks__each_figure_at_its_line(
    void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok("Run status group 0 (all jobs):\n"
               "   READ: bw=3D552MiB/s (579MB/s), 552MiB/s-552MiB/s (579MB/s-579MB/s), io=\n"
               "=3D64.7GiB (69.5GB), run=3D120001-120001msec\n"
               "\n"
               "Disk stats (read/write):\n"
               "  nvme3n1: ios=3D16955008/0, merge=3D0/0, ticks=3D101477/0, in_queue=3D0, u=\n"
               "til=3D99.95%\n", "fio", &s);
    tu_assert_value(&s, NULL, "group_bandwidth", NULL, 552.0 * 1048576, 1e-12);
    assert_int_equal(tu_line_of(&s, "group_bandwidth", NULL), 2);
    tu_assert_value(&s, NULL, "group_io_bytes", NULL, 64.7 * 1073741824.0, 1e-12);
    assert_int_equal(tu_line_of(&s, "group_io_bytes", NULL), 3);
    tu_assert_value(&s, NULL, "disk_read_ios", "device=nvme3n1", 16955008, 0);
    assert_int_equal(tu_line_of(&s, "disk_read_ios", "device=nvme3n1"), 6);
    tu_assert_value(&s, NULL, "disk_read_ticks", "device=nvme3n1", 101.477, 1e-12);
    tu_assert_value(&s, NULL, "disk_util", "device=nvme3n1", 99.95, 1e-12);
    assert_int_equal(tu_line_of(&s, "disk_util", "device=nvme3n1"), 7);
    assert_int_equal(s.unread_lines, 0);
    bdb_sink_free(&s);

    tu_text_ok("Disk stats (read/write):\n"
               "    dm-2: ios=3D11/82263, merge=3D0/0, ticks=3D270/13403617, in_queue=3D134=\n"
               "03887, util=3D97.10%, aggrios=3D11/152359, aggrmerge=3D0/5087, aggrticks=3D=\n"
               "271/11493029, aggrin_queue=3D11494994, aggrutil=3D100.00%\n"
               "  sdb: ios=3D11/152359, merge=3D0/5087, ticks=3D271/11493029, in_queue=3D11=\n"
               "494994, util=3D100.00%\n", "fio", &s);
    tu_assert_value(&s, NULL, "disk_write_ticks", "device=dm-2", 13403.617, 1e-12);
    tu_assert_value(&s, NULL, "disk_in_queue", "device=dm-2", 13403.887, 1e-12);
    assert_int_equal(tu_line_of(&s, "disk_in_queue", "device=dm-2"), 2);
    tu_assert_value(&s, NULL, "disk_util", "device=dm-2", 97.10, 1e-12);
    assert_int_equal(tu_line_of(&s, "disk_util", "device=dm-2"), 3);
    tu_assert_value(&s, NULL, "disk_aggr_write_ios", "device=dm-2", 152359, 0);
    assert_int_equal(tu_line_of(&s, "disk_aggr_write_ios", "device=dm-2"), 3);
    tu_assert_value(&s, NULL, "disk_aggr_read_ticks", "device=dm-2", 0.271, 1e-12);
    assert_int_equal(tu_line_of(&s, "disk_aggr_read_ticks", "device=dm-2"), 4);
    tu_assert_value(&s, NULL, "disk_aggr_write_ticks", "device=dm-2", 11493.029,
                    1e-12);
    assert_int_equal(tu_line_of(&s, "disk_aggr_write_ticks", "device=dm-2"), 4);
    tu_assert_value(&s, NULL, "disk_aggr_util", "device=dm-2", 100, 0);
    tu_assert_value(&s, NULL, "disk_in_queue", "device=sdb", 11494.994, 1e-12);
    assert_int_equal(tu_line_of(&s, "disk_in_queue", "device=sdb"), 5);
    tu_assert_value(&s, NULL, "disk_util", "device=sdb", 100, 0);
    assert_int_equal(tu_line_of(&s, "disk_util", "device=sdb"), 6);
    assert_int_equal(s.unread_lines, 0);
    bdb_sink_free(&s);
}

/* ---- errors between jobs, cut captures ---------------------------------------------- */

static void fio__error_line_beside_good_job__warned_good_job_kept(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/error-line-beside-good-job.txt", &s);
    assert_warned(&s, 6, "err=1/file:filesetup.c:150");
    assert_warned(&s, 6, "job 'bad-write' has no results");
    /* "read: IOPS=22.8k, BW=1423MiB/s (1492MB/s)(1424MiB/1001msec)" */
    tu_assert_value(&s, "good-read", "iops", "block_size=65536,ioengine=psync",
                    22.8e3, 0);
    tu_assert_value(&s, "good-read", "bandwidth", NULL, 1423.0 * 1048576, 0);
    assert_null(tu_find(&s, "bad-write", "iops", NULL));
    bdb_sink_free(&s);
}

static void fio__truncated_json__complete_clone_kept_as_job_0(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/truncated-json-read-64k-2clones.json", &s);
    assert_warned(&s, 261, "cut or invalid in this job");
    /* the first clone is whole: kept, still "job=0" of numjobs=2 */
    assert_int_equal(count_metric(&s, "iops", NULL), 1);
    assert_non_null(tu_find(&s, "read-64k", "iops", "job=0,numjobs=2"));
    /* the cut clone gives nothing: no invented figure */
    assert_int_equal(count_metric(&s, NULL, "job=1"), 0);
    assert_int_equal(count_metric(&s, "disk_util", NULL), 0);
    bdb_sink_free(&s);
}

/* A job object that is whole but not valid JSON ("-nan" where a number
 * belongs; hand-made from a real sample) is skipped with a warning; the
 * next clone and the disks are kept. */
static void fio__json_job_with_nan__that_job_warned_others_kept(void **state)
{
    (void)state;
    size_t len;
    char *raw = tu_read("samples/fio/json-randread-4k-j2-qd32.json", &len);
    char *text = tu_replace(raw, "\"bw_mean\" : 195092.800000",
                            "\"bw_mean\" : -nan");
    bdb_sink s;
    text_ok(text, &s);
    assert_warned(&s, 14, "this job is not valid JSON");
    assert_int_equal(count_metric(&s, "iops", NULL), 1);
    tu_assert_value(&s, "randread-4k", "iops", "job=1", 48359.213595, 1e-12);
    assert_int_equal(count_metric(&s, "disk_util", NULL), 1);
    bdb_sink_free(&s);
    free(text);
    free(raw);
}

/* A capture cut inside a number: "stdev=38" may be "stdev=389805.15". */
static void fio__capture_cut_inside_a_number__last_line_not_read(void **state)
{
    (void)state;
    size_t len;
    char *raw = tu_read("samples/fio/mixed-normal-terse-randrw-4k.txt", &len);
    const char *cut = strstr(raw, "stdev=389805.15");
    assert_non_null(cut);
    size_t n = (size_t)(cut - raw) + strlen("stdev=38");
    raw[n] = '\0';
    bdb_sink s;
    text_ok(raw, &s);
    assert_warned(&s, 9, "the capture ends inside this line");
    /* not from line 9; the terse line 4 before it prints it whole */
    const bdb_sample *cs = tu_find(&s, NULL, "clat_stdev", "direction=read");
    assert_true(!cs || cs->line == 4);
    assert_non_null(tu_find(&s, NULL, "slat_stdev", "direction=read"));
    bdb_sink_free(&s);
    free(raw);
}

/* ---- command lines in the capture ----------------------------------------------------- */

/* A terminal capture (tmux): "bench@vm:~$ fio ... --numjobs=2
 * --group_reporting --minimal", then a second command with the normal
 * output. The terse line prints no settings: they come from its command. */
static void fio__prompt_capture__command_line_options_become_params(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/prompt-capture-terse-and-normal.txt", &s);
    const char *t = "rw=randwrite,block_size=8192,ioengine=libaio,"
                    "iodepth=4,numjobs=2,"
                    "direction=write";
    tu_assert_value(&s, "randwrite-8k", "iops", t, 37119, 0);
    /* group_reporting: one summed line, no clone number */
    assert_null(bdb_params_get(&tu_find(&s, "randwrite-8k", "iops", NULL)->params,
                               "job"));
    /* the second command's own options, not the first's */
    const char *n = "rw=read,block_size=1048576,ioengine=psync,"
                    "iodepth=1,numjobs=1";
    tu_assert_value(&s, "seqread-1m", "iops", n, 1333, 0);
    assert_int_equal(tu_count_warnings(&s), 0);
    bdb_sink_free(&s);
}

/* bash -x prints "+ fio --name=... --bs=16k ..." before the run. */
static void fio__set_x_command_line__params_for_terse_line(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/set-x-terse-randread-16k.txt", &s);
    /* 3;fio-3.33;randread-16k;0;0;561280;560719;35044;1001;... */
    tu_assert_value(&s, "randread-16k", "iops",
                    "rw=randread,block_size=16384,iodepth=16,ioengine=libaio,"
                    "numjobs=1,direction=read",
                    35044, 0);
    tu_assert_value(&s, "randread-16k", "bandwidth", NULL, 560719.0 * 1024, 0);
    bdb_sink_free(&s);
}

/* A name longer than the benchmark field is never cut (cut names would
 * merge series): its figures are refused with a warning, the file's other
 * figures stay. */
static void fio__job_name_too_long__figures_refused_with_warning(void **state)
{
    (void)state;
    char name[400];
    memset(name, 'n', sizeof name - 1);
    name[sizeof name - 1] = '\0';
    size_t len;
    char *raw = tu_read("samples/fio/terse3-randrw-4k-qd8.txt", &len);
    char *text = tu_replace(raw, ";randrw-4k;", name);
    char *t2 = malloc(strlen(text) + 3);
    assert_non_null(t2);
    /* keep the field separators around the new name */
    const char *at = strstr(text, name);
    assert_non_null(at);
    size_t pre = (size_t)(at - text);
    memcpy(t2, text, pre);
    t2[pre] = ';';
    memcpy(t2 + pre + 1, name, strlen(name));
    t2[pre + 1 + strlen(name)] = ';';
    strcpy(t2 + pre + 2 + strlen(name), at + strlen(name));
    /* a second, normal line after it */
    char *t3 = malloc(strlen(t2) + len + 1);
    assert_non_null(t3);
    strcpy(t3, t2);
    strcat(t3, raw);
    bdb_sink s;
    text_ok(t3, &s);
    assert_warned(&s, 1, "a benchmark name of 255 bytes or more");
    assert_int_equal(count_metric(&s, "iops", NULL), 2); /* line 2's */
    /* of line 1 only the disk figures (named by the file) are kept */
    for (size_t i = 0; i < s.n; i++)
        if (s.samples[i].line == 1)
            assert_non_null(strstr(s.samples[i].metric, "disk_"));
    bdb_sink_free(&s);
    free(t3);
    free(t2);
    free(text);
    free(raw);
}

/* The printed settings win over the command line; a disagreement is a
 * warning (a hand-made prompt line before a real log). */
static void fio__command_line_disagrees_with_printed__printed_kept_warned(void **state)
{
    (void)state;
    size_t len;
    char *raw = tu_read("samples/fio/normal-randrw-4k-j1-qd16.txt", &len);
    const char *cmd = "$ fio --name=randrw-4k --rw=randrw --bs=8k --iodepth=16 "
                      "--size=64M --runtime=3\n";
    char *text = malloc(strlen(cmd) + len + 1);
    assert_non_null(text);
    memcpy(text, cmd, strlen(cmd));
    memcpy(text + strlen(cmd), raw, len + 1);
    bdb_sink s;
    text_ok(text, &s);
    tu_assert_value(&s, "randrw-4k", "iops",
                    "block_size=4096,iodepth=16",
                    61.6e3, 0);
    assert_warned(&s, 6, "fio printed read block size 4096, the command line "
                         "at line 1 says 8192");
    bdb_sink_free(&s);
    free(text);
    free(raw);
}

/* ---- builds and versions not produced here: quoted real outputs ---------------- */

/* fio 2.0.15 (2013), normal output and terse version 3 of the same job,
 * from https://github.com/wo083053253/cloudbench/blob/
 * cda7e282c93705917dfea4f93fcc2106f720f1e2/cloudbench/test/fio/test_report.py
 * (the test's comment block, '# ' removed; the terse string joined).
 * 2.x layout: "read : io=..KB, bw=..KB/s, iops=484 , runt=", blanks before
 * commas, KB = KiB (kb_base=1024), "bw (KB/s)  :". */
static const char fio_2015_normal[] =
    "16k-1-read: (g=0): rw=rw, bs=16K-16K/16K-16K/16K-16K, ioengine=sync, iodepth=1\n"
    "fio-2.0.15\n"
    "Starting 1 thread\n"
    "Jobs: 1 (f=1), CR=4000/0 IOPS: [M] [100.0% done] [8352K/7648K/0K /s] [522 /478 /0  iops] [eta 00m:00s]\n"
    "16k-1-read: (groupid=0, jobs=1): err= 0: pid=18193: Mon Sep  9 11:42:55 2013\n"
    "  read : io=77552KB, bw=7753.7KB/s, iops=484 , runt= 10002msec\n"
    "    clat (usec): min=560 , max=3291 , avg=711.07, stdev=193.33\n"
    "     lat (usec): min=561 , max=3291 , avg=711.35, stdev=193.33\n"
    "    clat percentiles (usec):\n"
    "     |  1.00th=[  580],  5.00th=[  588], 10.00th=[  604], 20.00th=[  620],\n"
    "     | 30.00th=[  636], 40.00th=[  660], 50.00th=[  676], 60.00th=[  684],\n"
    "     | 70.00th=[  700], 80.00th=[  732], 90.00th=[  804], 95.00th=[  956],\n"
    "     | 99.00th=[ 1592], 99.50th=[ 1944], 99.90th=[ 2672], 99.95th=[ 2800],\n"
    "     | 99.99th=[ 3280]\n"
    "    bw (KB/s)  : min= 6048, max= 8800, per=99.91%, avg=7745.68, stdev=695.83\n"
    "  write: io=76848KB, bw=7683.3KB/s, iops=480 , runt= 10002msec\n"
    "    clat (usec): min=1052 , max=6044 , avg=1356.21, stdev=320.30\n"
    "     lat (usec): min=1053 , max=6044 , avg=1358.79, stdev=320.28\n"
    "    bw (KB/s)  : min=   15, max= 8576, per=95.12%, avg=7307.95, stdev=1831.72\n"
    "    lat (usec) : 750=42.02%, 1000=6.01%\n"
    "    lat (msec) : 2=49.50%, 4=2.44%, 10=0.03%\n"
    "  cpu          : usr=4.80%, sys=0.00%, ctx=10619, majf=0, minf=4\n"
    "  IO depths    : 1=110.0%, 2=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, 32=0.0%, >=64=0.0%\n"
    "     issued    : total=r=4847/w=4803/d=0, short=r=0/w=0/d=0\n"
    "\n"
    "Run status group 0 (all jobs):\n"
    "   READ: io=77552KB, aggrb=7753KB/s, minb=7753KB/s, maxb=7753KB/s, mint=10002msec, maxt=10002msec\n"
    "  WRITE: io=76848KB, aggrb=7683KB/s, minb=7683KB/s, maxb=7683KB/s, mint=10002msec, maxt=10002msec\n"
    "\n"
    "Disk stats (read/write):\n"
    "  xvda1: ios=5272/5248, merge=0/10, ticks=3704/7016, in_queue=10720, util=97.54%\n";

static const char fio_2015_terse[] =
    "3;fio-2.0.15;16k-1-read;0;0;77968;7796;487;10001;0;0;0.000000;0.000000;555;2648;720.394213;198.444542;"
    "1.000000%=564;5.000000%=580;10.000000%=596;20.000000%=612;30.000000%=636;40.000000%=660;50.000000%=676;"
    "60.000000%=692;70.000000%=708;80.000000%=748;90.000000%=868;95.000000%=1048;99.000000%=1656;99.500000%=1976;"
    "99.900000%=2480;99.950000%=2640;99.990000%=2640;0%=0;0%=0;0%=0;555;2648;720.603324;198.447383;15;8896;"
    "94.723576%;7384.650000;1846.619366;76640;7663;478;10001;0;0;0.000000;0.000000;1046;5286;1345.434656;"
    "299.810440;1.000000%=1144;5.000000%=1160;10.000000%=1176;20.000000%=1192;30.000000%=1208;40.000000%=1224;"
    "50.000000%=1240;60.000000%=1272;70.000000%=1320;80.000000%=1416;90.000000%=1592;95.000000%=1928;"
    "99.000000%=2800;99.500000%=2992;99.900000%=3280;99.950000%=3792;99.990000%=5280;0%=0;0%=0;0%=0;1050;5290;"
    "1349.806263;299.806389;6496;8288;99.825546%;7649.631579;552.433728;4.040000%;0.000000%;10592;0;4;109.6%;0.0%;"
    "0.0%;0.0%;0.0%;0.0%;0.0%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;40.23%;7.15%;50.28%;2.32%;0.02%;"
    "0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;xvda1;5285;5188;0;2;3752;7032;10788;98.16%\n";

static void fio__fio_2_0_15_quoted__normal_kb_is_kib_and_terse_v3_two_blocks(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(fio_2015_normal, &s);
    assert_string_equal(s.tool_version, "fio-2.0.15");
    const char *r = "rw=rw,block_size=16384,ioengine=sync,iodepth=1,direction=read";
    tu_assert_value(&s, "16k-1-read", "io_bytes", r, 77552.0 * 1024, 0);
    tu_assert_value(&s, "16k-1-read", "bandwidth", r, 7753.7 * 1024, 1e-12);
    tu_assert_value(&s, "16k-1-read", "iops", r, 484, 0);
    tu_assert_value(&s, "16k-1-read", "runtime", r, 10.002, 1e-12);
    tu_assert_value(&s, "16k-1-read", "clat_max", r, 3291e-6, 1e-12);
    tu_assert_value(&s, "16k-1-read", "clat_p99_9", r, 2672e-6, 1e-12);
    tu_assert_value(&s, "16k-1-read", "bandwidth_mean", r, 7745.68 * 1024, 1e-12);
    tu_assert_value(&s, "16k-1-read", "latency_mean", "direction=write",
                    1358.79e-6, 1e-12);
    tu_assert_value(&s, "16k-1-read", "group_bandwidth", "direction=write",
                    7683.0 * 1024, 0);
    tu_assert_value(&s, "16k-1-read", "disk_util", "device=xvda1", 97.54, 0);
    assert_int_equal(tu_count_warnings(&s), 0);
    bdb_sink_free(&s);

    text_ok(fio_2015_terse, &s);
    /* 2.0.15 >= 2.0.8: bw in KiB/s (77968 KiB * 1000 / 10001 ms = 7796) */
    tu_assert_value(&s, "16k-1-read", "bandwidth", "direction=read",
                    7796.0 * 1024, 0);
    tu_assert_value(&s, "16k-1-read", "iops", "direction=write", 478, 0);
    tu_assert_value(&s, "16k-1-read", "clat_p99", "direction=write", 2800e-6, 1e-12);
    tu_assert_value(&s, "16k-1-read", "bandwidth_mean", "direction=write",
                    7649.631579 * 1024, 1e-12);
    tu_assert_value(&s, "16k-1-read", "cpu_usr", NULL, 4.04, 1e-12);
    tu_assert_value(&s, "16k-1-read", "disk_util", "device=xvda1", 98.16, 0);
    /* two direction blocks in v3 of fio 2.0: no trim, no mixed */
    assert_int_equal(count_metric(&s, "iops", NULL), 2);
    assert_int_equal(tu_count_warnings(&s), 0);
    bdb_sink_free(&s);
}

/* fio 1.x and 2.0.0-2.0.7 terse lines (version 2) printed bandwidth as
 * bytes per ms (stat.c before commit 033bbb51 "Fix terse bandwidth",
 * fio-2.0.8), fio 1.x without iops and percentiles (fio-1.50 stat.c:
 * io;bw;runt;slat 4;clat 4;lat 4;bw 5 per direction). The version 2 line
 * does not say which; bw * runt / io_kb does (1024 or 1000). These lines
 * follow those layouts field for field; their numbers are made up. */
static void fio__terse_v2_layout_fragment_fio1x__bandwidth_unit_from_the_fields(void **state)
{
    (void)state;
    /* fio 1.50 layout: 2;name;gid;err; then read: io_kb=40000 KiB,
     * bw=4096 bytes/ms (40000*1024/10000), runt=10000 ms, slat, clat, lat
     * (usec), bw min;max;agg;mean;dev (KiB/s); write zeros; cpu; depths 7;
     * lat usec 10; msec 12 */
    static const char v1x[] =
        "2;seq;0;0;40000;4096;10000;0;0;0.000000;0.000000;100;900;240.500000;"
        "30.000000;101;901;241.000000;30.500000;3900;4100;100.000000%;4000.000000;"
        "50.000000;0;0;0;0;0;0.000000;0.000000;0;0;0.000000;0.000000;0;0;0.000000;"
        "0.000000;0;0;0.000000%;0.000000;0.000000;1.0%;2.0%;1000;0;5;100.0%;0.0%;"
        "0.0%;0.0%;0.0%;0.0%;0.0%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;90.00%;10.00%;"
        "0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;"
        "0.00%;0.00%\n";
    bdb_sink s;
    tu_text_ok(v1x, "fio", &s);
    tu_assert_value(&s, "seq", "bandwidth", "direction=read", 4096.0 * 1000, 0);
    tu_assert_value(&s, "seq", "io_bytes", "direction=read", 40000.0 * 1024, 0);
    tu_assert_value(&s, "seq", "runtime", "direction=read", 10.0, 0);
    tu_assert_value(&s, "seq", "clat_mean", "direction=read", 240.5e-6, 1e-12);
    tu_assert_value(&s, "seq", "bandwidth_mean", "direction=read", 4000.0 * 1024, 0);
    assert_null(tu_find(&s, NULL, "iops", NULL)); /* not printed by 1.x */
    tu_assert_value(&s, "seq", "cpu_sys", NULL, 2.0, 0);
    assert_int_equal(tu_count_warnings(&s), 0);
    bdb_sink_free(&s);
}

/* Windows (and BSD) builds: "forcing use of threads", "Starting 1 thread",
 * no disk stats, a prompt glued to the command, blanks at line ends. From
 * https://github.com/d-uzlov/k8s-homelab/blob/
 * a67210033ddc4c91f5ee5457e50f6ba55a83e0b4/docs/test-database/test-fsync.md
 * ("NVME Samsung 970 EVO 1TB", NTFS; percentile lines shortened). */
static const char fio_windows[] =
    "C:\\Users\\danil\\Documents\\k8s-public-copy>fio --rw=write --ioengine=sync --fdatasync=1 --directory=test-data --size=22m --bs=4k --name=mytest\n"
    "fio: this platform does not support process shared mutexes, forcing use of threads. Use the 'thread' option to get rid of this warning.\n"
    "mytest: (g=0): rw=write, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=sync, iodepth=1\n"
    "fio-3.35\n"
    "Starting 1 thread\n"
    "mytest: Laying out IO file (1 file / 22MiB)\n"
    "Jobs: 1 (f=1): [W(1)][100.0%][w=3927KiB/s][w=981 IOPS][eta 00m:00s]\n"
    "mytest: (groupid=0, jobs=1): err= 0: pid=41484: Wed Jun 28 02:40:07 2023   \n"
    "  write: IOPS=981, BW=3927KiB/s (4021kB/s)(22.0MiB/5737msec); 0 zone resets\n"
    "    clat (usec): min=5, max=112, avg=11.15, stdev=10.34\n"
    "     lat (usec): min=5, max=112, avg=11.32, stdev=10.34\n"
    "    clat percentiles (usec):\n"
    "     |  1.00th=[    6],  5.00th=[    6], 10.00th=[    6], 20.00th=[    7], \n"
    "     | 99.00th=[   49], 99.50th=[   56], 99.90th=[   75], 99.95th=[   77], \n"
    "     | 99.99th=[  113]\n"
    "   bw (  KiB/s): min= 3800, max= 4079, per=99.98%, avg=3926.91, stdev=115.44, samples=11\n"
    "   iops        : min=  950, max= 1019, avg=981.45, stdev=28.55, samples=11\n"
    "  lat (usec)   : 10=82.07%, 20=5.95%, 50=11.10%, 100=0.87%, 250=0.02%\n"
    "  fsync/fdatasync/sync_file_range:\n"
    "    sync (usec): min=813, max=7611, avg=1005.76, stdev=321.16\n"
    "    sync percentiles (usec):\n"
    "     |  1.00th=[  873],  5.00th=[  898], 10.00th=[  906], 20.00th=[  922],\n"
    "     | 99.00th=[ 1975], 99.50th=[ 3851], 99.90th=[ 4113], 99.95th=[ 4146],\n"
    "     | 99.99th=[ 7635]\n"
    "  cpu          : usr=0.00%, sys=0.00%, ctx=0, majf=0, minf=0\n"
    "  IO depths    : 1=200.0%, 2=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, 32=0.0%, >=64=0.0%\n"
    "     issued rwts: total=0,5632,0,0 short=5631,0,0,0 dropped=0,0,0,0\n"
    "     latency   : target=0, window=0, percentile=100.00%, depth=1\n"
    "\n"
    "Run status group 0 (all jobs):\n"
    "  WRITE: bw=3927KiB/s (4021kB/s), 3927KiB/s-3927KiB/s (4021kB/s-4021kB/s), io=22.0MiB (23.1MB), run=5737-5737msec\n";

static void fio__windows_build_quoted__thread_notice_no_disks_prompt_params(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(fio_windows, &s);
    /* the notice is not a warning: --strict does not fail the file */
    assert_int_equal(tu_count_warnings(&s), 0);
    assert_int_equal(info_notes(&s, "forcing use of threads"), 1);
    /* "C:\...>fio --size=22m --bs=4k": parameters from the command */
    const char *p = "rw=write,block_size=4096,ioengine=sync,iodepth=1,"
                    "numjobs=1,direction=write";
    /* KiB/s = 1024 B/s, kB/s = 1000 B/s: 3927 KiB/s = 4021248 B/s ~ 4021kB/s */
    tu_assert_value(&s, "mytest", "bandwidth", p, 3927.0 * 1024, 0);
    tu_assert_value(&s, "mytest", "iops", p, 981, 0);
    tu_assert_value(&s, "mytest", "io_bytes", p, 22.0 * 1048576, 0);
    tu_assert_value(&s, "mytest", "clat_p99_99", p, 113e-6, 1e-12);
    tu_assert_value(&s, "mytest", "sync_latency_mean", NULL, 1005.76e-6, 1e-12);
    tu_assert_value(&s, "mytest", "sync_latency_p99", NULL, 1975e-6, 1e-12);
    tu_assert_value(&s, "mytest", "group_bandwidth", NULL, 3927.0 * 1024, 0);
    assert_int_equal(count_metric(&s, "disk_util", NULL), 0);
    bdb_sink_free(&s);
}


/* Published fio text with a page's markup glued to it (issue 21): HTML
 * <p> tags at both ends of lines and "==" highlight marks inside the job
 * line. A short public excerpt (fio-2.0.9 on an Azure L16s VM, a Markdown
 * page read from a public code-search index, id 35234817779). */
static const char text_azure_markup[] =
    "<p>fio-2.0.9\n"
    "Starting 1 process\n"
    "test: Laying out IO file(s) (1 file(s) / 4096MB)\n"
    "Jobs: 1 (f=1): [m] [94.1% done] [240.5M/81164K /s] [61.6K/20.3K iops] [eta 00m:03s]\n"
    "test: (groupid=0, jobs=1): err= 0: pid=7575: Tue Jun 13 18:21:30 2017</p>\n"
    "  <p>read : io=3074.9MB, bw=65987KB/s, ==iops=16496== , runt= 47716msec\n"
    "  write: io=1021.2MB, bw=21914KB/s, ==iops=5478== , runt= 47716msec\n"
    "  cpu          : usr=1.62%, sys=9.51%, ctx=15300, majf=0, minf=17\n"
    "<p>Run status group 0 (all jobs):</p>\n"
    "   READ: io=3074.9MB, aggrb=65987KB/s, minb=65987KB/s, maxb=65987KB/s, mint=47716msec, maxt=47716msec\n"
    "  WRITE: io=1021.2MB, aggrb=21914KB/s, minb=21914KB/s, maxb=21914KB/s, mint=47716msec, maxt=47716msec\n"
    "<p>Disk stats (read/write):</p>\n"
    "  sda: ios=784110/260410, merge=0/6, ticks=1991106/1444250, in_queue=3435293, util=99.57%\n";

static void fio__html_p_tags_and_highlight_marks__every_line_read(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(text_azure_markup, &s);
    assert_string_equal(s.tool_version, "fio-2.0.9");
    /* "<p>read : io=3074.9MB, bw=65987KB/s, ==iops=16496== , runt= 47716msec" */
    tu_assert_value(&s, "test", "io_bytes", "direction=read", 3074.9 * 1048576, 1e-9);
    tu_assert_value(&s, "test", "bandwidth", "direction=read", 65987.0 * 1024, 0);
    tu_assert_value(&s, "test", "iops", "direction=read", 16496, 0);
    tu_assert_value(&s, "test", "iops", "direction=write", 5478, 0);
    assert_int_equal(tu_line_of(&s, "iops", "direction=read"), 6);
    tu_assert_value(&s, "test", "group_bandwidth", "direction=write", 21914.0 * 1024, 0);
    tu_assert_value(&s, NULL, "disk_util", "device=sda", 99.57, 0);
    assert_null(tu_find(&s, NULL, "iops", "host=p"));
    bdb_sink_free(&s);
}

/* "<WRITE>" and "<READ>" labels an author put above two runs are not
 * client/server hosts (issue 21: two "hosts" made host=WRITE a parameter).
 * Two public excerpts, the starts of both runs: fio-3.37 on an f2fs test
 * box, Korean notes read from a public code-search index, id 8885288202
 * (lines 7-15 and 44-52 there). */
static const char text_write_label[] =
    "<WRITE>\n"
    "cm@jyha-test:~/f2fs_perf$ sudo fio /home/cm/f2fs_perf/sw.fio --filename=/home/cm/cns/file_30G --size=30G\n"
    "file1: (g=0): rw=write, bs=(R) 128KiB-128KiB, (W) 128KiB-128KiB, (T) 128KiB-128KiB, ioengine=io_uring, iodepth=128\n"
    "fio-3.37-1-g4eef\n"
    "Starting 1 process\n"
    "file1: Laying out IO file (1 file / 30720MiB)\n"
    "Jobs: 1 (f=1): [W(1)][100.0%][w=1310MiB/s][w=10.5k IOPS][eta 00m:00s]\n"
    "file1: (groupid=0, jobs=1): err= 0: pid=8396: Fri Apr  5 04:12:43 2024\n"
    "  write: IOPS=11.7k, BW=1462MiB/s (1533MB/s)(30.0GiB/21007msec); 0 zone resets\n"
    "<READ>\n"
    "cm@jyha-test:~/f2fs_perf$ sudo fio /home/cm/f2fs_perf/sr.fio\n"
    "file1: (g=0): rw=read, bs=(R) 128KiB-128KiB, (W) 128KiB-128KiB, (T) 128KiB-128KiB, ioengine=io_uring, iodepth=32\n"
    "fio-3.37-1-g4eef\n"
    "Starting 1 process\n"
    "file1: Laying out IO file (1 file / 30720MiB)\n"
    "Jobs: 1 (f=1): [R(1)][100.0%][r=2289MiB/s][r=18.3k IOPS][eta 00m:00s]\n"
    "file1: (groupid=0, jobs=1): err= 0: pid=8371: Fri Apr  5 04:10:23 2024\n"
    "  read: IOPS=15.6k, BW=1948MiB/s (2043MB/s)(38.0GiB/20001msec)\n";

static void fio__author_label_in_angle_brackets__not_a_host(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(text_write_label, &s);
    const bdb_sample *x = tu_find(&s, "file1", "iops", "direction=write");
    assert_non_null(x);
    assert_true(fabs(x->value - 11.7e3) < 1e-9);
    assert_null(bdb_params_get(&x->params, "host"));
    x = tu_find(&s, "file1", "iops", "direction=read");
    assert_non_null(x);
    assert_true(fabs(x->value - 15.6e3) < 1e-9);
    assert_null(bdb_params_get(&x->params, "host"));
    bdb_sink_free(&s);
}

/* A job's results re-indented level with their header (issue 21): the
 * whole output indented 4 spaces, "read:", "bw", "iops", "cpu" at the
 * header's column instead of two deeper. A short public excerpt (fio-3.7
 * randrw with gtod_reduce on RHEL 8.2, NVMe test notes read from a public
 * code-search index, id 11839390593, lines 6-13 and 20-22). */
static const char text_level_with_header[] =
    "    Test: (groupid=0, jobs=1): err= 0: pid=3290: Mon Sep 14 11:17:39 2020\n"
    "    read: IOPS=3639, BW=227MiB/s (239MB/s)(29.0GiB/134968msec)\n"
    "    bw (  KiB/s): min=211328, max=261504, per=99.99%, avg=232911.32, stdev=8921.48, samples=269\n"
    "    iops        : min= 3302, max= 4086, avg=3639.22, stdev=139.41, samples=269\n"
    "    write: IOPS=2429, BW=152MiB/s (159MB/s)(20.0GiB/134968msec)\n"
    "    bw (  KiB/s): min=140800, max=169856, per=100.00%, avg=155506.13, stdev=5852.42, samples=269\n"
    "    iops        : min= 2200, max= 2654, avg=2429.77, stdev=91.43, samples=269\n"
    "    cpu          : usr=2.19%, sys=8.61%, ctx=98853, majf=0, minf=13\n"
    "    Run status group 0 (all jobs):\n"
    "    READ: bw=227MiB/s (239MB/s), 227MiB/s-227MiB/s (239MB/s-239MB/s), io=29.0GiB (32.2GB), run=134968-134968msec\n"
    "    WRITE: bw=152MiB/s (159MB/s), 152MiB/s-152MiB/s (159MB/s-159MB/s), io=20.0GiB (21.5GB), run=134968-134968msec\n";

static void fio__results_level_with_header__read_by_content(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(text_level_with_header, &s);
    assert_int_equal(tu_count_warnings(&s), 0);
    /* "read: IOPS=3639, BW=227MiB/s (239MB/s)(29.0GiB/134968msec)" */
    tu_assert_value(&s, "Test", "iops", "direction=read", 3639, 0);
    tu_assert_value(&s, "Test", "bandwidth", "direction=read", 227.0 * 1048576, 0);
    tu_assert_value(&s, "Test", "runtime", "direction=read", 134.968, 1e-12);
    assert_int_equal(tu_line_of(&s, "iops", "direction=read"), 2);
    /* "bw (  KiB/s): ... avg=232911.32" under read, "avg=155506.13" under write */
    tu_assert_value(&s, "Test", "bandwidth_mean", "direction=read", 232911.32 * 1024, 1e-12);
    tu_assert_value(&s, "Test", "bandwidth_mean", "direction=write", 155506.13 * 1024, 1e-12);
    tu_assert_value(&s, "Test", "iops_mean", "direction=write", 2429.77, 1e-12);
    assert_int_equal(tu_line_of(&s, "iops_mean", "direction=write"), 7);
    tu_assert_value(&s, "Test", "cpu_sys", NULL, 8.61, 1e-12);
    tu_assert_value(&s, NULL, "group_bandwidth", "direction=write", 152.0 * 1048576, 0);
    assert_int_equal(tu_line_of(&s, "group_bandwidth", "direction=write"), 11);
    bdb_sink_free(&s);
}

/* A job header whose results were left out of a quote, then the group
 * summary: the job is warned, and the group's lines are still read (they
 * were lost before issue 21). Lines 6, 20 and 21 of the public log of
 * fio__results_level_with_header__read_by_content (search index id
 * 11839390593). */
static const char text_job_without_results[] =
    "Test: (groupid=0, jobs=1): err= 0: pid=3290: Mon Sep 14 11:17:39 2020\n"
    "Run status group 0 (all jobs):\n"
    "   READ: bw=227MiB/s (239MB/s), 227MiB/s-227MiB/s (239MB/s-239MB/s), io=29.0GiB (32.2GB), run=134968-134968msec\n";

static void fio__job_without_direction_then_group__group_still_read(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(text_job_without_results, &s);
    assert_warned(&s, 1, "direction line");
    tu_assert_value(&s, NULL, "group_bandwidth", "direction=read", 227.0 * 1048576, 0);
    tu_assert_value(&s, NULL, "group_io_bytes", "direction=read", 29.0 * 1073741824.0, 0);
    assert_int_equal(tu_line_of(&s, "group_runtime", "direction=read"), 3);
    bdb_sink_free(&s);
}

/* Group status lines alone, each set as a reStructuredText inline literal
 * ("``READ: ...``") in its own paragraph (issue 21): found as fio without
 * a job block or a "Run status group" header. A short public excerpt (an
 * IBM COS caching page read from a public code-search index, id
 * 42667596843, lines 1-6 and 10). */
static const char text_rst_group_lines[] =
    "**No Caching**\n"
    "\n"
    "``READ: bw=9924KiB/s (10.2MB/s), 9924KiB/s-9924KiB/s (10.2MB/s-10.2MB/s), io=95.5MiB (100MB), run=9858-9858msec``\n"
    "\n"
    "\n"
    "``WRITE: bw=9889KiB/s (10.1MB/s), 9889KiB/s-9889KiB/s (10.1MB/s-10.1MB/s), io=95.2MiB (99.8MB), run=9858-9858msec``\n"
    "\n"
    "**Caching in boot volume**\n"
    "\n"
    "``READ: bw=40.1MiB/s (42.0MB/s), 40.1MiB/s-40.1MiB/s (42.0MB/s-42.0MB/s), io=95.5MiB (100MB), run=2385-2385msec``\n";

static void fio__group_lines_alone_in_rst_literals__found_and_read(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(text_rst_group_lines, &s); /* detected: no tool named */
    assert_int_equal(tu_count(&s, NULL), 18);
    tu_assert_value(&s, NULL, "group_bandwidth", "direction=read", 9924.0 * 1024, 0);
    assert_int_equal(tu_line_of(&s, "group_bandwidth", "direction=read"), 3);
    tu_assert_value(&s, NULL, "group_io_bytes", "direction=write", 95.2 * 1048576, 1e-12);
    tu_assert_value(&s, NULL, "group_runtime", "direction=write", 9.858, 1e-12);
    assert_int_equal(tu_line_of(&s, "group_io_bytes", "direction=write"), 6);
    /* the second case's READ (40.1MiB/s at line 10) is a run of its own */
    size_t reads = 0;
    for (size_t i = 0; i < s.n; i++) {
        const bdb_sample *x = &s.samples[i];
        if (strcmp(x->metric, "group_bandwidth") != 0 || x->line != 10)
            continue;
        reads++;
        tu_assert_close(x->value, 40.1 * 1048576, 1e-12, "second READ bw");
    }
    assert_int_equal(reads, 1);
    bdb_sink_free(&s);
}

/* fio lines hard-wrapped by a mail at ~76 columns and quoted, with a
 * blank quoted line after every line (issue 21): a line cut after '[',
 * ',' or '=' is joined with its continuation, and each number keeps the
 * line it is printed on. A short public excerpt (fio-3.17-90-gd9b7 on
 * EROFS, linux-erofs mailing list 2020, read from a public code-search
 * index, id 40930503, lines 18-31, 44-48 and 75-78). */
static const char text_mail_wrapped[] =
    "> randread: (groupid=0, jobs=4): err= 0: pid=34282: Mon Jan 27 01:04:55 2020\n"
    "> \n"
    ">   read: IOPS=36.7k, BW=144MiB/s (150MB/s)(2048MiB/14271msec)\n"
    "> \n"
    ">     clat percentiles (usec):\n"
    "> \n"
    ">      |  1.00th=[    48],  5.00th=[    69], 10.00th=[   251], 20.00th=[\n"
    "> 437],\n"
    "> \n"
    ">    bw (  KiB/s): min=16510, max=295435, per=76.91%, avg=113025.79,\n"
    "> stdev=23830.42, samples=112\n"
    "> \n"
    ">    iops        : min= 4126, max=73857, avg=28254.82, stdev=5957.62,\n"
    "> samples=112\n"
    "> \n"
    "> Run status group 0 (all jobs):\n"
    "> \n"
    ">    READ: bw=144MiB/s (150MB/s), 144MiB/s-144MiB/s (150MB/s-150MB/s),\n"
    "> io=2048MiB (2147MB), run=14271-14271msec\n";

static void fio__mail_hard_wrapped_lines__joined_each_number_at_its_line(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(text_mail_wrapped, &s);
    assert_int_equal(tu_count_warnings(&s), 0);
    /* "20.00th=[" at line 7, "437]," at line 8 */
    tu_assert_value(&s, "randread", "clat_p10", "direction=read", 251e-6, 1e-12);
    assert_int_equal(tu_line_of(&s, "clat_p10", "direction=read"), 7);
    tu_assert_value(&s, "randread", "clat_p20", "direction=read", 437e-6, 1e-12);
    assert_int_equal(tu_line_of(&s, "clat_p20", "direction=read"), 8);
    /* "avg=113025.79," at line 10, "stdev=23830.42, samples=112" at 11 */
    tu_assert_value(&s, "randread", "bandwidth_mean", "direction=read", 113025.79 * 1024, 1e-12);
    assert_int_equal(tu_line_of(&s, "bandwidth_mean", "direction=read"), 10);
    tu_assert_value(&s, "randread", "bandwidth_stdev", "direction=read", 23830.42 * 1024, 1e-12);
    assert_int_equal(tu_line_of(&s, "bandwidth_stdev", "direction=read"), 11);
    tu_assert_value(&s, "randread", "iops_samples", "direction=read", 112, 0);
    assert_int_equal(tu_line_of(&s, "iops_samples", "direction=read"), 14);
    /* the group line split before "io=" */
    tu_assert_value(&s, NULL, "group_bandwidth", "direction=read", 144.0 * 1048576, 0);
    assert_int_equal(tu_line_of(&s, "group_bandwidth", "direction=read"), 18);
    tu_assert_value(&s, NULL, "group_io_bytes", "direction=read", 2048.0 * 1048576, 0);
    tu_assert_value(&s, NULL, "group_runtime", "direction=read", 14.271, 1e-12);
    assert_int_equal(tu_line_of(&s, "group_io_bytes", "direction=read"), 19);
    assert_int_equal(tu_line_of(&s, "group_runtime", "direction=read"), 19);
    bdb_sink_free(&s);
}

/* fio 2.1.11 as a page printed it: indentation gone and long lines
 * hard-wrapped after ", " (the blank kept): the 2.x direction line, the
 * disk stats line, the IO depths and issued lines, the header's pid.
 * Each figure on the line its number is printed on; the distributions'
 * continuations are the same figure-free lines (issue 21, held-out-8).
 * OVH public-cloud guide, read from a public code-search index, id
 * 1604470791 (bench/corpus SOURCES.tsv fio/ho8-2.1.11-ovh-...), lines
 * 10-14 and 32-48 of it. */
static const char text_v2_wrapped_at_comma[] =
    "fio-2.1.11\n"
    "test: (groupid=0, jobs=1): err= 0: \n"
    "pid=12376: Thu Oct 29 14:46:37 2015\n"
    "write: io=428032KB, bw=3566.2KB/s, \n"
    "iops=891, runt=120031msec\n"
    "slat (usec): min=4, max=4640, avg=22.57, stdev=62.14\n"
    "IO depths : 1=0.1%, 2=0.1%, 4=0.1%, \n"
    "8=0.1%, 16=0.1%, 32=100.0%, >=64=0.0%\n"
    "issued : total=r=0/w=107008/d=0, \n"
    "short=r=0/w=0/d=0\n"
    "latency : target=0, window=0, percentile=100.00%, depth=32\n"
    "\n"
    "Run status group 0 (all jobs):\n"
    "WRITE: io=428032KB, aggrb=3566KB/s, minb=3566KB/s, maxb=3566KB/s, \n"
    "mint=120031msec, maxt=120031msec\n"
    "\n"
    "Disk stats (read/write):\n"
    "vda: ios=0/300294, merge=0/1455, ticks=0/7431952, in_queue=7433124, \n"
    "util=99.05%\n";

static void fio__v2_wrapped_after_comma__figures_at_their_lines(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(text_v2_wrapped_at_comma, &s);
    assert_int_equal(s.unread_lines, 0);
    tu_assert_value(&s, "test", "bandwidth", "direction=write", 3566.2 * 1024, 1e-12);
    assert_int_equal(tu_line_of(&s, "bandwidth", "direction=write"), 4);
    tu_assert_value(&s, "test", "iops", "direction=write", 891, 0);
    assert_int_equal(tu_line_of(&s, "iops", "direction=write"), 5);
    tu_assert_value(&s, "test", "runtime", "direction=write", 120.031, 1e-12);
    assert_int_equal(tu_line_of(&s, "runtime", "direction=write"), 5);
    tu_assert_value(&s, NULL, "disk_write_ios", "device=vda", 300294, 0);
    assert_int_equal(tu_line_of(&s, "disk_write_ios", "device=vda"), 18);
    tu_assert_value(&s, NULL, "disk_in_queue", "device=vda", 7433.124, 1e-12);
    assert_int_equal(tu_line_of(&s, "disk_in_queue", "device=vda"), 18);
    tu_assert_value(&s, NULL, "disk_util", "device=vda", 99.05, 1e-12);
    assert_int_equal(tu_line_of(&s, "disk_util", "device=vda"), 19);
    bdb_sink_free(&s);
}

/* A 16-hour fio run reported by its WRITE group line alone, hard-wrapped
 * inside its io figure ("io=14" / "25GiB (1530GB), run=..."), issue 21:
 * detected as fio from the two lines, read whole, and each figure at the
 * line it is printed on (the cut "1425GiB" at the line its unit is on).
 * A short public excerpt (WinDRBD test journal, Dec 2024, read from a
 * public code-search index, id 67162003749, lines 5-7). */
static const char text_group_wrapped_in_number[] =
    "Stats:\n"
    "  WRITE: bw=25.3MiB/s (26.6MB/s), 6363KiB/s-6569KiB/s (6516kB/s-6727kB/s), io=14\n"
    "25GiB (1530GB), run=57600000-57600033msec\n";

static void fio__group_line_wrapped_inside_number__detected_and_read(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(text_group_wrapped_in_number, &s); /* detected: no tool named */
    assert_int_equal(tu_count_warnings(&s), 0);
    tu_assert_value(&s, NULL, "group_bandwidth", "direction=write", 25.3 * 1048576, 1e-9);
    assert_int_equal(tu_line_of(&s, "group_bandwidth", "direction=write"), 2);
    tu_assert_value(&s, NULL, "group_bandwidth_min", "direction=write", 6363.0 * 1024, 0);
    tu_assert_value(&s, NULL, "group_bandwidth_max", "direction=write", 6569.0 * 1024, 0);
    tu_assert_value(&s, NULL, "group_io_bytes", "direction=write", 1425.0 * 1073741824, 0);
    assert_int_equal(tu_line_of(&s, "group_io_bytes", "direction=write"), 3);
    tu_assert_value(&s, NULL, "group_runtime_min", "direction=write", 57600.0, 1e-12);
    tu_assert_value(&s, NULL, "group_runtime", "direction=write", 57600.033, 1e-12);
    assert_int_equal(tu_line_of(&s, "group_runtime", "direction=write"), 3);
    bdb_sink_free(&s);
}

/* The same group line wrapped twice, after ',' (a page narrower than the
 * mail above): the three pieces are joined, not only two. The line is
 * the real one of text_mail_wrapped (EROFS mail, id 40930503), broken
 * here once more where a 40-column page breaks it. */
static const char text_group_three_pieces[] =
    "Run status group 0 (all jobs):\n"
    "   READ: bw=144MiB/s (150MB/s),\n"
    "144MiB/s-144MiB/s (150MB/s-150MB/s),\n"
    "io=2048MiB (2147MB), run=14271-14271msec\n";

static void fio__group_line_in_three_pieces__joined_whole(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(text_group_three_pieces, &s);
    assert_int_equal(tu_count_warnings(&s), 0);
    tu_assert_value(&s, NULL, "group_bandwidth", "direction=read", 144.0 * 1048576, 0);
    assert_int_equal(tu_line_of(&s, "group_bandwidth", "direction=read"), 2);
    tu_assert_value(&s, NULL, "group_bandwidth_min", "direction=read", 144.0 * 1048576, 0);
    assert_int_equal(tu_line_of(&s, "group_bandwidth_min", "direction=read"), 3);
    tu_assert_value(&s, NULL, "group_io_bytes", "direction=read", 2048.0 * 1048576, 0);
    assert_int_equal(tu_line_of(&s, "group_io_bytes", "direction=read"), 4);
    bdb_sink_free(&s);
}

/* One fio 3.28 run quoted in pieces (issue 21): the job definition and
 * eta line in one Markdown block, the direction line and latencies in the
 * next with prose between, and no "test: (groupid=0, jobs=1)" line at
 * all. The results are read as the defined job's. A short public excerpt
 * (a Chinese fio guide read from a public code-search index, id
 * 41607603106, lines 21-26, 31-36 and 92-94). */
static const char text_split_blocks[] =
    "```bash\n"
    "test: (g=0): rw=write, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=io_uring, iodepth=1\n"
    "fio-3.28\n"
    "Starting 1 process\n"
    "Jobs: 1 (f=1): [W(1)][100.0%][w=548MiB/s][w=140k IOPS][eta 00m:00s]\n"
    "```\n"
    "\n"
    "\xe7\xac\xac\xe4\xb8\x80\xe8\xa1\x8c\xe4\xbb\xa3\xe8\xa1\xa8\xe6\xad\xa4\xe6\xac\xa1 fio \xe6\x89\xa7\xe8\xa1\x8c\xe7\x9a\x84\xe5\x8f\x82\xe6\x95\xb0\xe8\xae\xbe\xe7\xbd\xae\n"
    "\n"
    "```bash\n"
    "  write: IOPS=139k, BW=541MiB/s (568MB/s)(10.0GiB/18916msec); 0 zone resets\n"
    "    slat (nsec): min=839, max=35470, avg=1186.94, stdev=225.71\n"
    "```\n"
    "\n"
    "```bash\n"
    "Run status group 0 (all jobs):\n"
    "  WRITE: bw=541MiB/s (568MB/s), 541MiB/s-541MiB/s (568MB/s-568MB/s), io=10.0GiB (10.7GB), run=18916-18916msec\n"
    "```\n";

static void fio__run_split_over_blocks_without_result_header__read_as_defined_job(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(text_split_blocks, &s);
    const char *p = "rw=write,ioengine=io_uring,iodepth=1,block_size=4096,"
                    "direction=write";
    tu_assert_value(&s, "test", "iops", p, 139e3, 0);
    assert_int_equal(tu_line_of(&s, "iops", p), 11);
    tu_assert_value(&s, "test", "bandwidth", p, 541.0 * 1048576, 0);
    tu_assert_value(&s, "test", "runtime", p, 18.916, 1e-12);
    tu_assert_value(&s, "test", "slat_max", p, 35470e-9, 1e-12);
    assert_int_equal(tu_line_of(&s, "slat_max", p), 12);
    tu_assert_value(&s, NULL, "group_bandwidth", "direction=write", 541.0 * 1048576, 0);
    /* nothing says the job has no results */
    assert_int_equal(tu_count_warnings(&s), 0);
    bdb_sink_free(&s);
}

/* Only the direction lines of fio 2.x reports, kept by `grep -i iops`
 * (issue 21): no job header, no definition, no group summary. Each line
 * is a job's, named by its place ("job 1"); fio prints a job's
 * directions in order (read, write), so a read after a write opens the
 * next job and a write after a read is the same job's. A short public excerpt (an Azure support article, read from
 * a public code-search index, id 6039978259, lines 3-12 of the kept part;
 * its tab indentation kept). */
static const char text_grep_iops[] =
    "\t[root@DS13IOTEST ~]# ./fio.sh /datadrive512G >p20_fio_report  \n"
    "\t \n"
    "\t[root@DS13IOTEST ~]# cat p20_fio_report | grep -i iops\n"
    "\t  write: io=282164KB, bw=9385.8KB/s, iops=2346, runt= 30063msec\n"
    "\t  write: io=281960KB, bw=9382.1KB/s, iops=2345, runt= 30053msec\n"
    "\t  write: io=281804KB, bw=9377.9KB/s, iops=2344, runt= 30050msec\n"
    "\t  read : io=141200KB, bw=4691.7KB/s, iops=1172, runt= 30096msec\n"
    "\t  write: io=141248KB, bw=4693.3KB/s, iops=1173, runt= 30096msec\n"
    "\t  read : io=141196KB, bw=4692.4KB/s, iops=1173, runt= 30091msec\n"
    "\t  write: io=141248KB, bw=4694.3KB/s, iops=1173, runt= 30091msec\n";

static void fio__direction_lines_alone__each_a_job_by_its_place(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(text_grep_iops, &s); /* detected as fio, not forced */
    tu_assert_value(&s, "job 1", "iops", "direction=write", 2346, 0);
    assert_int_equal(tu_line_of(&s, "iops", "direction=write"), 4);
    tu_assert_value(&s, "job 2", "iops", "direction=write", 2345, 0);
    tu_assert_value(&s, "job 3", "runtime", "direction=write", 30.050, 1e-12);
    /* line 7 and 8: one job, read and write */
    tu_assert_value(&s, "job 4", "iops", "direction=read", 1172, 0);
    tu_assert_value(&s, "job 4", "iops", "direction=write", 1173, 0);
    tu_assert_value(&s, "job 4", "bandwidth", "direction=read",
                    4691.7 * 1024, 1e-9);
    tu_assert_value(&s, "job 5", "io_bytes", "direction=read",
                    141196.0 * 1024, 0);
    tu_assert_value(&s, "job 5", "iops", "direction=write", 1173, 0);
    assert_int_equal(s.unread_lines, 0);
    bdb_sink_free(&s);
}

/* A quoted fio report reflowed by a mail client (issue 21): lines broken
 * at any space and glued to their neighbours, so a fio line starts in the
 * middle of another ("2019 write: IOPS=", "resets slat (usec):",
 * "samples=450 iops        : min="). Each is read from its head, each
 * number at the line it is printed on. A short public excerpt (a
 * linux-bcache reply of 2019, read from a public code-search index, id
 * 1440997981; lines 5-9 and 16-18 of the kept part). */
static const char text_reflowed[] =
    "> --- fiojob: (groupid=0, jobs=1): err= 0: pid=18933: Mon Nov 11 08:09:51\n"
    "> 2019 write: IOPS=1000, BW=4000KiB/s (4096kB/s)(1024MiB/262144msec); 0 zone\n"
    "> resets slat (usec): min=6, max=5227.2k, avg=153.88, stdev=22260.74\n"
    ">     clat (usec): min=50, max=5207.0k, avg=569.68, stdev=20016.99\n"
    ">      lat (usec): min=101, max=5228.0k, avg=724.32, stdev=30068.91\n"
    ">    bw (  KiB/s): min=  159, max=44472, per=100.00%, avg=4657.40,\n"
    "> stdev=4975.82, samples=450 iops        : min=   39, max=11118,\n"
    "> avg=1164.35, stdev=1243.96, samples=450 lat (usec)   : 100=0.07%,\n";

static void fio__mail_reflowed_report__each_line_from_its_head(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(text_reflowed, &s);
    const char *p = "direction=write";
    tu_assert_value(&s, NULL, "iops", p, 1000, 0);
    assert_int_equal(tu_line_of(&s, "iops", p), 2);
    tu_assert_value(&s, NULL, "bandwidth", p, 4000.0 * 1024, 0);
    tu_assert_value(&s, NULL, "runtime", p, 262.144, 1e-12);
    tu_assert_value(&s, NULL, "slat_max", p, 5227.2e3 * 1e-6, 1e-12);
    assert_int_equal(tu_line_of(&s, "slat_max", p), 3);
    tu_assert_value(&s, NULL, "clat_mean", p, 569.68e-6, 1e-12);
    assert_int_equal(tu_line_of(&s, "latency_stdev", p), 5);
    /* "avg=4657.40," at line 6, "stdev=4975.82, samples=450" at 7 */
    tu_assert_value(&s, NULL, "bandwidth_mean", p, 4657.40 * 1024, 1e-12);
    assert_int_equal(tu_line_of(&s, "bandwidth_mean", p), 6);
    tu_assert_value(&s, NULL, "bandwidth_stdev", p, 4975.82 * 1024, 1e-12);
    assert_int_equal(tu_line_of(&s, "bandwidth_stdev", p), 7);
    /* the iops line starts in line 7 and ends in line 8 */
    tu_assert_value(&s, NULL, "iops_max", p, 11118, 0);
    assert_int_equal(tu_line_of(&s, "iops_max", p), 7);
    tu_assert_value(&s, NULL, "iops_mean", p, 1164.35, 1e-12);
    assert_int_equal(tu_line_of(&s, "iops_mean", p), 8);
    tu_assert_value(&s, NULL, "iops_samples", p, 450, 0);
    assert_int_equal(tu_line_of(&s, "iops_samples", p), 8);
    bdb_sink_free(&s);
}

/* fio 3.1 with posixaio, latencies in msec (clat and its percentiles),
 * slat in nsec, from https://github.com/dyu/vps-comparison/blob/master/
 * fio-16K.md ("aws ec2 micro", writes). */
static const char fio_31_msec[] =
    "./fio --filename=test16K --rw=write --ioengine=posixaio --direct=1 --blocksize=16K --size=4G --iodepth=32 --group_reporting --name=myjob\n"
    "myjob: (g=0): rw=write, bs=(R) 16.0KiB-16.0KiB, (W) 16.0KiB-16.0KiB, (T) 16.0KiB-16.0KiB, ioengine=posixaio, iodepth=32\n"
    "fio-3.1\n"
    "Starting 1 process\n"
    "myjob: Laying out IO file (1 file / 4096MiB)\n"
    "Jobs: 1 (f=1): [W(1)][99.5%][r=0KiB/s,w=20.6MiB/s][r=0,w=1315 IOPS][eta 00m:01s]\n"
    "myjob: (groupid=0, jobs=1): err= 0: pid=18831: Thu Oct  5 18:51:34 2017\n"
    "  write: IOPS=1231, BW=19.2MiB/s (20.2MB/s)(4096MiB/212880msec)\n"
    "    slat (nsec): min=305, max=73231, avg=1071.00, stdev=464.68\n"
    "    clat (msec): min=17, max=107, avg=25.97, stdev= 8.55\n"
    "     lat (msec): min=17, max=107, avg=25.97, stdev= 8.55\n"
    "    clat percentiles (msec):\n"
    "     |  1.00th=[   19],  5.00th=[   20], 10.00th=[   20], 20.00th=[   20],\n"
    "     | 30.00th=[   20], 40.00th=[   21], 50.00th=[   21], 60.00th=[   23],\n"
    "     | 70.00th=[   32], 80.00th=[   34], 90.00th=[   38], 95.00th=[   45],\n"
    "     | 99.00th=[   50], 99.50th=[   53], 99.90th=[   64], 99.95th=[   73],\n"
    "     | 99.99th=[  101]\n"
    "   bw (  KiB/s): min=13312, max=23552, per=99.97%, avg=19696.55, stdev=1402.26, samples=425\n"
    "   iops        : min=  832, max= 1472, avg=1231.00, stdev=87.65, samples=425\n";

static void fio__fio_3_1_quoted__msec_latencies_in_seconds(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(fio_31_msec, &s);
    const char *p = "ioengine=posixaio,iodepth=32,block_size=16384,"
                    "direction=write";
    tu_assert_value(&s, "myjob", "clat_max", p, 107e-3, 1e-12);
    tu_assert_value(&s, "myjob", "clat_p99", p, 50e-3, 1e-12);
    tu_assert_value(&s, "myjob", "latency_stdev", p, 8.55e-3, 1e-12);
    tu_assert_value(&s, "myjob", "slat_mean", p, 1071.00e-9, 1e-12);
    tu_assert_value(&s, "myjob", "bandwidth", p, 19.2 * 1048576, 1e-12);
    tu_assert_value(&s, "myjob", "iops_mean", p, 1231.00, 0);
    /* the capture ends without a group summary: warned, figures kept */
    assert_warned(&s, 2, "no \"Run status group\" summary");
    bdb_sink_free(&s);
}

/* A patch mail comparing two runs by their summaries only, each ending in
 * "Run status group 3" and the same device's Disk stats (issue 21,
 * held-out-5: the second run's disk line was taken for a repeat of the
 * first's and dropped). Vitaly Wool's z3fold shrinker mail to linux-mm
 * (fio 2.x), read from a public code-search index, id 4231248064
 * (bench/corpus SOURCES.tsv fio/ho5-2.x-linux-mm-...), lines 43-52 and
 * 62-66. */
static const char fio_two_summaries_mail[] =
    "Run status group 3 (all jobs):\n"
    "   READ: io=1600.6MB, aggrb=8413KB/s, minb=2084KB/s, maxb=2132KB/s, mint=193286msec, maxt=194803msec\n"
    "  WRITE: io=1599.5MB, aggrb=8406KB/s, minb=2099KB/s, maxb=2120KB/s, mint=193290msec, maxt=194825msec\n"
    "\n"
    "Disk stats (read/write):\n"
    "  zram0: ios=1636792/1638952, merge=0/0, ticks=169250/462410, in_queue=633700, util=85.33%\n"
    "\n"
    "Just for comparison, zsmalloc gives slightly worse results:\n"
    "Run status group 0 (all jobs):\n"
    "  WRITE: io=3200.0MB, aggrb=12827KB/s, minb=3206KB/s, maxb=3230KB/s, mint=253603msec, maxt=255450msec\n"
    "\n"
    "Run status group 3 (all jobs):\n"
    "   READ: io=1600.6MB, aggrb=8147KB/s, minb=2026KB/s, maxb=2049KB/s, mint=200339msec, maxt=201154msec\n"
    "  WRITE: io=1599.5MB, aggrb=8142KB/s, minb=2023KB/s, maxb=2062KB/s, mint=200343msec, maxt=201158msec\n"
    "\n"
    "Disk stats (read/write):\n"
    "  zram0: ios=1637032/1639304, merge=0/0, ticks=175840/458740, in_queue=637140, util=82.48%\n";

static void fio__group_numbers_start_again__another_run_its_disk_read(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(fio_two_summaries_mail, &s);
    int util[2] = {0, 0};
    for (size_t i = 0; i < s.n; i++) {
        const bdb_sample *x = &s.samples[i];
        if (strcmp(x->metric, "disk_util") != 0)
            continue;
        if (x->line == 6 && x->value == 85.33)
            util[0]++;
        if (x->line == 17 && x->value == 82.48)
            util[1]++;
    }
    assert_int_equal(util[0], 1);
    assert_int_equal(util[1], 1);
    assert_int_equal(tu_line_of(&s, "disk_read_ios", NULL), 6);
    assert_false(tu_has_warning(&s, 17, "not read"));
    bdb_sink_free(&s);
}

/* ---- sniffing ----------------------------------------------------------------- */



/* fio's direction line has one definition (bdb_fio_direction_line), for
 * detection and parsing alike, and fio of 2006 printed it without iops=
 * ("  %s: io=%6luMiB, bw=%6luKiB/s, runt=%6lumsec" in its stat.c; search
 * index id 16978570302). The two direction lines of a 2006 linux-kernel
 * mail (fio-git-20061124, search index id 30710432384), kept alone as a
 * page that kept what `grep runt` gave, are fio's: each read as a job,
 * bandwidth, io and runtime, no iops made up. */
static void fio__direction_lines_of_2006_without_iops__detected_and_read(void **st)
{
    (void)st;
    static const char text[] =
        "  write: io= 16384MiB, bw=558404KiB/s, runt= 30766msec\n"
        "  write: io= 16384MiB, bw=486144KiB/s, runt= 35339msec\n";
    bdb_sink s;
    tu_text_ok(text, NULL, &s);
    assert_int_equal(tu_count(&s, "iops"), 0);
    assert_int_equal(tu_count(&s, "bandwidth"), 2);
    tu_assert_value(&s, "job 1", "bandwidth", "direction=write",
                    558404.0 * 1024, 1e-9);
    tu_assert_value(&s, "job 2", "runtime", "direction=write", 35.339, 1e-9);
    tu_assert_value(&s, "job 2", "io_bytes", "direction=write",
                    16384.0 * 1048576, 1e-9);
    assert_int_equal(s.unread_lines, 0);
    bdb_sink_free(&s);
}

/* A terse v3 line prints a direction's latencies even when fio measured
 * none: slat of a synchronous engine is "0;0;0.000000;0.000000". Zeros
 * are figures too, as the JSON reader keeps them: read (min, max, mean,
 * stdev at 0), while a direction without I/O (the write block, all
 * zeros) gives none. Real line: fio 3.32 on CentOS 8, Chinese notes
 * (bench/corpus fio/fio-3.32-centos8-terse-line-then-normal-same-run.md,
 * search index id 43355710949). */
static void fio__terse_v3_zero_slat__read_as_printed(void **st)
{
    (void)st;
    static const char text[] =
        "3;fio-3.32;name;0;0;132160;13209;3302;10005;0;0;0.000000;0.000000;"
        "105;30823;301.964763;973.421730;1.000000%=110;5.000000%=113;10.000"
        "000%=115;20.000000%=118;30.000000%=120;40.000000%=122;50.000000%=1"
        "24;60.000000%=127;70.000000%=132;80.000000%=140;90.000000%=166;95."
        "000000%=236;99.000000%=6455;99.500000%=6520;99.900000%=7700;99.950"
        "000%=8585;99.990000%=10944;0%=0;0%=0;0%=0;105;30823;302.054914;973"
        ".424289;9732;26864;99.570070%;13152.210526;4290.142507;0;0;0;0;0;0"
        ";0.000000;0.000000;0;0;0.000000;0.000000;1.000000%=0;5.000000%=0;1"
        "0.000000%=0;20.000000%=0;30.000000%=0;40.000000%=0;50.000000%=0;60"
        ".000000%=0;70.000000%=0;80.000000%=0;90.000000%=0;95.000000%=0;99."
        "000000%=0;99.500000%=0;99.900000%=0;99.950000%=0;99.990000%=0;0%=0"
        ";0%=0;0%=0;0;0;0.000000;0.000000;0;0;0.000000%;0.000000;0.000000;0"
        ".479808%;3.028788%;33040;0;13;100.0%;0.0%;0.0%;0.0%;0.0%;0.0%;0.0%"
        ";0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;95.13%;0.90%;0.41%;0.21%;0.32"
        "%;0.58%;2.43%;0.02%;0.01%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00"
        "%;vda;32948;3;0;0;11703;18;11720;93.61%"
        "\n";
    bdb_sink s;
    tu_text_ok(text, "fio", &s);
    tu_assert_value(&s, "name", "slat_min", "direction=read", 0, 0);
    tu_assert_value(&s, "name", "slat_max", "direction=read", 0, 0);
    tu_assert_value(&s, "name", "slat_mean", "direction=read", 0, 0);
    tu_assert_value(&s, "name", "slat_stdev", "direction=read", 0, 0);
    tu_assert_value(&s, "name", "clat_mean", "direction=read",
                    301.964763e-6, 1e-9);
    tu_assert_value(&s, "name", "iops", "direction=read", 3302, 0);
    assert_null(tu_find(&s, "name", "slat_mean", "direction=write"));
    assert_null(tu_find(&s, "name", "iops", "direction=write"));
    bdb_sink_free(&s);
}

/* A terse record that starts after a prefix on its line (issue 21): a
 * Ruby dm test suite keeps fio 2.1.10's terse v3 line (read and write
 * blocks, no disk fields at the end) in a comment after prose, "#
 * output version 3;fio-2.1.10;randrw;...": read from its "3;fio-" on,
 * found by detection too (search index id 16131011870, lines 8-10 of the
 * kept part). The same with fio 3.33's v4 line (trim block and disks,
 * samples/fio/terse4-randrw-4k-qd8.txt) after a prefix. A "3;fio-" glued
 * to a word or number is no record's start. */
static void fio__terse_after_prefix__read_from_its_start(void **st)
{
    (void)st;
    static const char text[] =
        "    # FIXME: parse one line per job\n"
        "    def parse_terse_line(output)\n"
        "      # output version 3;fio-2.1.10;randrw;0;0;22214848;370228;5784;"
        "60003;4;82;10.173658;7.170526;106;186134;1878.719041;4073.256789;"
        "1.000000%=153;5.000000%=233;10.000000%=290;20.000000%=354;"
        "30.000000%=446;40.000000%=708;50.000000%=1304;60.000000%=1992;"
        "70.000000%=2480;80.000000%=2832;90.000000%=3024;95.000000%=3152;"
        "99.000000%=13632;99.500000%=25984;99.900000%=62720;99.950000%=79360;"
        "99.990000%=111104;0%=0;0%=0;0%=0;112;186147;1889.001876;4073.944297;"
        "219665;551168;100.000000%;375769.586538;77961.946454;22189504;369806;"
        "5778;60003;3;83;11.221977;7.519932;42;564993;860.431172;7586.492872;"
        "1.000000%=60;5.000000%=62;10.000000%=64;20.000000%=67;30.000000%=70;"
        "40.000000%=74;50.000000%=79;60.000000%=83;70.000000%=89;"
        "80.000000%=98;90.000000%=114;95.000000%=157;99.000000%=21120;"
        "99.500000%=44800;99.900000%=111104;99.950000%=142336;"
        "99.990000%=246784;0%=0;0%=0;0%=0;58;564997;871.771213;7587.136854;"
        "219537;555264;100.000000%;377090.692308;78801.715763;3.259891%;"
        "14.224526%;510582;0;275;0.1%;0.1%;0.1%;0.1%;99.9%;0.0%;0.0%;0.00%;"
        "0.00%;0.00%;0.00%;0.01%;40.64%;10.20%;14.04%;3.42%;2.58%;7.30%;"
        "19.36%;1.02%;0.59%;0.56%;0.23%;0.07%;0.01%;0.01%;0.00%;0.00%;0.00%\n"
        "      fields = output.split(';')\n";
    bdb_sink s;
    tu_text_ok(text, NULL, &s);
    assert_true(s.n > 0);
    assert_string_equal(s.samples[0].tool, "fio");
    tu_assert_printed(text, &s, "iops", "direction=read", ";5784;", 5784, 0);
    tu_assert_printed(text, &s, "iops", "direction=write", ";5778;", 5778, 0);
    tu_assert_printed(text, &s, "bandwidth", "direction=read", ";370228;",
                      370228.0 * 1024, 1e-12);
    tu_assert_printed(text, &s, "clat_mean", "direction=read",
                      ";1878.719041;", 1878.719041e-6, 1e-12);
    tu_assert_printed(text, &s, "latency_max", "direction=write",
                      ";564997;", 564997e-6, 1e-12);
    tu_assert_printed(text, &s, "cpu_sys", NULL, ";14.224526%;", 14.224526,
                      1e-12);
    assert_int_equal(tu_line_of(&s, "iops", "direction=write"), 3);
    assert_int_equal(s.unread_lines, 0);
    assert_int_equal(tu_count_warnings(&s), 0);
    bdb_sink_free(&s);

    size_t len;
    char *v4 = tu_read("samples/fio/terse4-randrw-4k-qd8.txt", &len);
    bdb_sink plain, pre;
    tu_text_ok(v4, "fio", &plain);
    char *prefixed = malloc(len + 32);
    assert_non_null(prefixed);
    snprintf(prefixed, len + 32, "fio --minimal printed: %s", v4);
    tu_text_ok(prefixed, NULL, &pre);
    assert_true(pre.n > 0);
    assert_string_equal(pre.samples[0].tool, "fio");
    assert_true(plain.n > 40);
    assert_int_equal(pre.n, plain.n);
    for (size_t i = 0; i < plain.n; i++) {
        assert_string_equal(pre.samples[i].metric, plain.samples[i].metric);
        assert_true(pre.samples[i].value == plain.samples[i].value);
    }
    tu_assert_value(&pre, NULL, "iops", "direction=read", 30973, 0);
    bdb_sink_free(&plain);
    bdb_sink_free(&pre);

    char *glued = tu_replace(prefixed, "printed: 4;", "printed: v4;");
    bdb_sink g;
    bdb_diag d;
    bdb_sink_init(&g);
    int rc = tu_parse_text(glued, "fio", &g, &d);
    assert_true(rc != BDB_OK || g.n == 0);
    bdb_sink_free(&g);
    free(glued);
    free(prefixed);
    free(v4);
}

/* The figure of metric at line (params containing `params` when not
 * NULL), or fails. */
static double fig_at(const bdb_sink *s, const char *metric, int line,
                     const char *params)
{
    char pv[256];
    for (size_t i = 0; i < s->n; i++) {
        if (s->samples[i].line != line ||
            strcmp(s->samples[i].metric, metric) != 0)
            continue;
        bdb_params_format(&s->samples[i].params, pv, sizeof pv);
        if (!params || strstr(pv, params))
            return s->samples[i].value;
    }
    fail_msg("no %s at line %d", metric, line);
    return 0;
}

/* A 2.x report copied into Go comments whose spacing was re-flowed
 * ("io=5118.7M B", "runt=262833 msec"), issue 21: the mixed job's write
 * line is read like the read line. A short public excerpt (fiogoparse
 * README, search index id 25706669223; bench/corpus SOURCES.tsv
 * fio/ho10-2.x-go-readme-*, lines 9-10 and 21). */
static const char fio2_respaced[] =
    "// mixed : (groupid=0, jobs=1): err= 0: pid=9103: Fri Nov 18 15:51:29 2016\n"
    "// read : io=5121.4MB, bw=19953KB/s, iops=4988 , runt=262833msec\n"
    "// write : io=5118.7M B, bw=19942KB/s, iops=4985 , runt=262833 msec\n";

static void fio__v2_respaced_units__write_line_read(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(fio2_respaced, "fio", &s);
    assert_true(fig_at(&s, "iops", 3, "direction=write") == 4985);
    assert_true(fig_at(&s, "bandwidth", 3, "direction=write") == 19942.0 * 1024);
    tu_assert_close(fig_at(&s, "io_bytes", 3, "direction=write"),
                    5118.7 * 1048576, 1e-12, "io=5118.7M B");
    tu_assert_close(fig_at(&s, "runtime", 3, "direction=write"), 262.833,
                    1e-12, "runt=262833 msec");
    assert_true(fig_at(&s, "iops", 2, "direction=read") == 4988);
    assert_false(tu_has_warning(&s, 3, ""));
    bdb_sink_free(&s);
}

/* A fio 3.7 report in a quoted-printable mail whose soft break falls
 * between "util=3D" and "36.98%" (issue 21): the figure is placed on the
 * line that prints its number. A short public excerpt (ext4 mail, search
 * index id 47744587882; bench/corpus SOURCES.tsv fio/ho10-qp-ext4-*,
 * lines 146-152). */
static const char fio_qp_util[] =
    "> Run status group 0 (all jobs):\n"
    ">   WRITE: bw=3D204B/s (204B/s), 204B/s-204B/s (204B/s-204B/s), io=3D4096B =\n"
    "(4096B), run=3D20033-20033msec\n"
    ">\n"
    "> Disk stats (read/write):\n"
    ">   sda: ios=3D0/5, merge=3D0/1, ticks=3D0/10018, in_queue=3D10015, util=3D=\n"
    "36.98%\n";

static void fio__qp_soft_break_before_util__figure_at_its_line(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(fio_qp_util, "fio", &s);
    assert_true(fig_at(&s, "disk_util", 7, NULL) == 36.98);
    assert_true(fig_at(&s, "disk_write_ios", 6, NULL) == 5);
    tu_assert_close(fig_at(&s, "disk_in_queue", 6, NULL), 10.015, 1e-12,
                    "in_queue=10015");
    assert_int_equal(s.unread_lines, 0);
    bdb_sink_free(&s);
}

/* fio's headline lines retyped into the cells of a Markdown table, each
 * after the author's device name (issue 21): the cell is fio's line, read
 * at the table's row; the device name is a line of its own, its "10th"
 * warned. Public excerpt (a Jekyll notes page, search index id
 * 4875190225, lines 52-57; bench/corpus SOURCES.tsv: fio/ho15-jekyll-
 * benchmarking-notes-read-iops-lines-in-markdown-table-cells.txt). */
static const char text_table_cells[] =
    "|  Device | Result |\n"
    "|:-------------|:------------------|\n"
    "| X1 Carbon 10th gen | read: IOPS=357k, BW=1395MiB/s (1463MB/s)(81.7GiB/60001msec) |\n"
    "| Unknown Azure storage disk | read: IOPS=8097, BW=31.6MiB/s (33.2MB/s)(1899MiB/60007msec) |\n"
    "| Unknown Azure boot disk | read: IOPS=4225, BW=16.5MiB/s (17.3MB/s)(993MiB/60103msec) |\n"
    "| Hetzner VPS | read: IOPS=104k, BW=406MiB/s (425MB/s)(23.8GiB/60003msec) |\n";

static void fio__read_lines_in_table_cells__detected_read_at_rows(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(text_table_cells, &s); /* detected as fio, not forced */
    assert_int_equal(tu_count(&s, "iops"), 4);
    tu_assert_printed(text_table_cells, &s, "iops", NULL, "IOPS=357k",
                      357e3, 0);
    assert_int_equal(tu_line_of(&s, "iops", NULL), 3);
    tu_assert_value(&s, "job 1", "bandwidth", NULL, 1395.0 * 1048576, 1e-12);
    tu_assert_value(&s, "job 1", "io_bytes", NULL, 81.7 * 1073741824.0,
                    1e-12);
    tu_assert_value(&s, "job 2", "iops", NULL, 8097, 0);
    tu_assert_value(&s, "job 2", "bandwidth", NULL, 31.6 * 1048576, 1e-12);
    tu_assert_value(&s, "job 3", "runtime", NULL, 60.103, 1e-12);
    tu_assert_value(&s, "job 4", "iops", NULL, 104e3, 0);
    tu_assert_value(&s, "job 4", "io_bytes", NULL, 23.8 * 1073741824.0,
                    1e-12);
    for (size_t i = 0; i < s.n; i++)
        if (strcmp(s.samples[i].benchmark, "job 4") == 0)
            assert_int_equal(s.samples[i].line, 6);
    /* the only number not read: the device name's "10th" */
    assert_int_equal(s.unread_lines, 1);
    assert_true(tu_has_warning(&s, 3, "10"));
    assert_int_equal(tu_count_warnings(&s), 1);
    bdb_sink_free(&s);
}

/* A kernel patch mail compared fio's old group figure in a table of its
 * own, two builds in two columns ("fio READ\t\taggrb=1493.2MB/s\t
 * aggrb=1775.3MB/s" under "without patch\t\twith patch"). No fio output
 * is there: which job, group and direction, and which column is which
 * build, only the writer's text says; reading them would make the two
 * builds one series. Not read, and the file's error names the line and
 * the figure. Public excerpt (search index id 16007943139), lines 29-42
 * of the mail. */
static const char RETYPED_AGGRB_TABLE[] =
    "> 3.run testcase:\n"
    "> perf stat -e dTLB-load-misses fio x.fio\n"
    "> \n"
    "> 4.contrast\n"
    "> ------------------------\n"
    "> \t\t\twithout patch\t\twith patch\n"
    "> fio READ\t\taggrb=1493.2MB/s\taggrb=1775.3MB/s\n"
    "> dTLB-load-misses\t1,818,320,693\t\t438,729,774\n"
    "> time elapsed(s)\t\t70.500326434\t\t62.877316408\n"
    "> user(s)\t\t\t15.926332000\t\t15.684721000\n"
    "> sys(s)\t\t\t54.211939000\t\t47.046165000\n"
    "> \n"
    "> 5.conclusion\n"
    "> Using this patch will reduce dTLB misses and improve performace greatly.\n";

static void fio__retyped_group_figure_in_table__error_names_line(void **state)
{
    (void)state;
    tu_expect_error(NULL, RETYPED_AGGRB_TABLE, NULL, 0,
                    "line 7 holds fio's figure \"aggrb=1493.2MB/s\" (2 on "
                    "the line) outside fio's report");
}

/* fio 3.25's num2str dropped the carry of a fraction rounded up (axboe/
 * fio PR #1150, fixed in 3.26): "BW=27.0MiB/s (29.4MB/s)" for 28.0 MiB/s,
 * "BW=27.6MiB/s (28.0MB/s)" for 29.0 MB/s. The two rates disagreed and
 * the direction lines were refused whole (issue 21, held-out-19). The
 * one that agrees with the other carried is the bug; the other is kept.
 * A short public excerpt: d-uzlov/k8s-homelab docs/disk-test/
 * test-seq-write.md @ aad31630, its lines 227-228 and 268-270
 * (bench/corpus SOURCES.tsv fio/ho19-b-3.25-3.28-truenas-seq-write-*). */
static void fio__num2str_carry_bug__the_right_rate_kept(void **st)
{
    (void)st;
    static const char t[] =
        "fio-3.25\n"
        "seq-write: (groupid=0, jobs=1): err= 0: pid=1430626: Tue Jul  4 16:19:12 2023\n"
        "  write: IOPS=0, BW=27.3MiB/s (28.6MB/s)(2304MiB/84546msec); 0 zone resets\n"
        "seq-write: (groupid=0, jobs=1): err= 0: pid=1430628: Tue Jul  4 16:19:12 2023\n"
        "  write: IOPS=0, BW=27.0MiB/s (29.4MB/s)(2368MiB/84578msec); 0 zone resets\n"
        "seq-write: (groupid=0, jobs=1): err= 0: pid=1430629: Tue Jul  4 16:19:12 2023\n"
        "  write: IOPS=0, BW=27.6MiB/s (28.0MB/s)(2336MiB/84578msec); 0 zone resets\n";
    bdb_sink s;
    text_ok(t, &s);
    int n = 0;
    for (size_t i = 0; i < s.n; i++) {
        const bdb_sample *x = &s.samples[i];
        /* each job's (the clones' total has no job key) */
        if (strcmp(x->metric, "bandwidth") != 0 ||
            !bdb_params_get(&x->params, "job"))
            continue;
        n++;
        if (x->line == 3)   /* they agree: the binary rate */
            tu_assert_close(x->value, 27.3 * 1048576, 1e-12, "27.3MiB/s");
        else if (x->line == 5)  /* 2368 MiB / 84.578 s = 29.36 MB/s */
            tu_assert_close(x->value, 29.4e6, 1e-12, "29.4MB/s");
        else if (x->line == 7)  /* 2336 MiB / 84.578 s = 27.62 MiB/s */
            tu_assert_close(x->value, 27.6 * 1048576, 1e-12, "27.6MiB/s");
        else
            fail_msg("a bandwidth at line %d", x->line);
    }
    assert_int_equal(n, 3);
    tu_assert_value(&s, NULL, "bandwidth", "job=1", 29.4e6, 1e-12);
    assert_true(tu_has_warning(&s, 5, "\"27.0MiB/s\" is"));
    assert_true(tu_has_warning(&s, 7, "\"28.0MB/s\" is"));
    assert_false(tu_has_warning(&s, 3, ""));
    bdb_sink_free(&s);
    /* a disagreement the bug does not explain still refuses the line */
    char *edited = tu_replace(t, "BW=27.0MiB/s", "BW=25.0MiB/s");
    text_ok(edited, &s);
    free(edited);
    assert_true(tu_has_warning(&s, 5, "disagree"));
    assert_null(tu_find(&s, NULL, "bandwidth", "job=1"));
    bdb_sink_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fio__terse_v3_zero_slat__read_as_printed),
        cmocka_unit_test(fio__terse_after_prefix__read_from_its_start),
        cmocka_unit_test(fio__direction_lines_of_2006_without_iops__detected_and_read),
        cmocka_unit_test(fio__json_two_clones__each_clone_is_a_job_param),
        cmocka_unit_test(fio__group_numbers_start_again__another_run_its_disk_read),
        cmocka_unit_test(fio__json_eight_clones__numjobs_8_job_0_to_7),
        cmocka_unit_test(fio__json_group_reporting__one_summed_job_without_job_param),
        cmocka_unit_test(fio__jsonplus__bins_are_not_stored),
        cmocka_unit_test(fio__json_jobfile__global_options_and_three_jobs),
        cmocka_unit_test(fio__json_and_normal_in_one_file__json_is_read),
        cmocka_unit_test(fio__json_client_server__client_stats_single_host),
        cmocka_unit_test(fio__json_two_runs_with_prompts__repetitions),
        cmocka_unit_test(fio__json_after_warnings_and_prompt__found_and_warned),
        cmocka_unit_test(fio__json_four_runs__lines_follow_the_file),
        cmocka_unit_test(fio__json_2x__usec_latencies_and_kib_io_bytes),
        cmocka_unit_test(fio__json_latency_keys_with_other_units__each_in_its_unit),
        cmocka_unit_test(fio__json_options__fio_size_and_time_syntax),
        cmocka_unit_test(fio__normal_randrw__both_directions_group_and_disk),
        cmocka_unit_test(fio__normal_clones__job_params_from_block_order),
        cmocka_unit_test(fio__normal_group_reporting__jobs_8_is_numjobs),
        cmocka_unit_test(fio__normal_nsec_with_k_suffix__scaled),
        cmocka_unit_test(fio__normal_jobfile__groups_owned_by_their_job),
        cmocka_unit_test(fio__normal_job_without_direction__warned_at_its_header),
        cmocka_unit_test(fio__normal_client_server__prefix_and_eta_lines_skipped),
        cmocka_unit_test(fio__normal_two_runs__repetitions_not_clones),
        cmocka_unit_test(fio__normal_2x__kb_is_kib_and_old_group_line),
        cmocka_unit_test(fio__normal_1x__padded_values_msec),
        cmocka_unit_test(fio__normal_2x_dm__cpu_group_and_aggr_disk_figures),
        cmocka_unit_test(fio__json_fsync__every_field_read_or_warned),
        cmocka_unit_test(fio__json_unknown_field__warned_at_its_line),
        cmocka_unit_test(fio__normal_continue_on_error__errors_total),
        cmocka_unit_test(fio__group_summary_only__figures_named_by_file),
        cmocka_unit_test(fio__job_line_ioengine_before_bs_without_trim__no_overread),
        cmocka_unit_test(fio__terse_v3_clones__fields_in_order),
        cmocka_unit_test(fio__terse_v5__trim_block_and_iops_stats),
        cmocka_unit_test(fio__failed_run__error_names_fio_message),
        cmocka_unit_test(fio__truncated_logs__complete_figures_kept_and_cut_warned),
        cmocka_unit_test(fio__result_block_without_direction__warned_cpu_kept),
        cmocka_unit_test(fio__binary_and_si_bandwidth_disagree__error),
        cmocka_unit_test(fio__every_cut__never_crashes),
        cmocka_unit_test(fio__crosscheck__printed_figures_match_golden_files),
        cmocka_unit_test(fio__json_normal_and_json_terse__json_read_once),
        cmocka_unit_test(fio__normal_and_terse__normal_kept_terse_dropped_with_note),
        cmocka_unit_test(fio__normal_and_terse__terse_figures_restated_points),
        cmocka_unit_test(fio__terse_versions_2_to_5__same_fields_each_layout),
        cmocka_unit_test(fio__several_minimal_lines__clones_and_jobs),
        cmocka_unit_test(fio__status_interval__last_report_kept_interim_noted),
        cmocka_unit_test(fio__status_interval_with_clones__last_pair_kept),
        cmocka_unit_test(fio__terse_clones__not_taken_for_interim_reports),
        cmocka_unit_test(fio__client_server_two_servers__host_param_per_server),
        cmocka_unit_test(fio__client_server_all_clients__sum_kept_with_shared_params),
        cmocka_unit_test(fio__qp_mail_disk_stats_soft_breaks__each_figure_at_its_line),
        cmocka_unit_test(fio__error_line_beside_good_job__warned_good_job_kept),
        cmocka_unit_test(fio__truncated_json__complete_clone_kept_as_job_0),
        cmocka_unit_test(fio__json_job_with_nan__that_job_warned_others_kept),
        cmocka_unit_test(fio__capture_cut_inside_a_number__last_line_not_read),
        cmocka_unit_test(fio__prompt_capture__command_line_options_become_params),
        cmocka_unit_test(fio__command_line_disagrees_with_printed__printed_kept_warned),
        cmocka_unit_test(fio__set_x_command_line__params_for_terse_line),
        cmocka_unit_test(fio__job_name_too_long__figures_refused_with_warning),
        cmocka_unit_test(fio__fio_2_0_15_quoted__normal_kb_is_kib_and_terse_v3_two_blocks),
        cmocka_unit_test(fio__terse_v2_layout_fragment_fio1x__bandwidth_unit_from_the_fields),
        cmocka_unit_test(fio__windows_build_quoted__thread_notice_no_disks_prompt_params),
        cmocka_unit_test(fio__fio_3_1_quoted__msec_latencies_in_seconds),
        cmocka_unit_test(fio__html_p_tags_and_highlight_marks__every_line_read),
        cmocka_unit_test(fio__author_label_in_angle_brackets__not_a_host),
        cmocka_unit_test(fio__results_level_with_header__read_by_content),
        cmocka_unit_test(fio__group_lines_alone_in_rst_literals__found_and_read),
        cmocka_unit_test(fio__job_without_direction_then_group__group_still_read),
        cmocka_unit_test(fio__mail_hard_wrapped_lines__joined_each_number_at_its_line),
        cmocka_unit_test(fio__v2_wrapped_after_comma__figures_at_their_lines),
        cmocka_unit_test(fio__group_line_wrapped_inside_number__detected_and_read),
        cmocka_unit_test(fio__group_line_in_three_pieces__joined_whole),
        cmocka_unit_test(fio__run_split_over_blocks_without_result_header__read_as_defined_job),
        cmocka_unit_test(fio__direction_lines_alone__each_a_job_by_its_place),
        cmocka_unit_test(fio__mail_reflowed_report__each_line_from_its_head),
        cmocka_unit_test(fio__v2_respaced_units__write_line_read),
        cmocka_unit_test(fio__qp_soft_break_before_util__figure_at_its_line),
        cmocka_unit_test(fio__read_lines_in_table_cells__detected_read_at_rows),
        cmocka_unit_test(fio__retyped_group_figure_in_table__error_names_line),
        cmocka_unit_test(fio__num2str_carry_bug__the_right_rate_kept),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
