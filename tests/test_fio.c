/* test_fio.c - the fio importer: JSON and json+ (3.x and 2.x field names),
 * normal text output (3.x, and 1.x/2.x layouts from small fragments),
 * terse versions 3 and 5, clones (numjobs), group_reporting, several jobs
 * and groups, disk stats, client/server output, repeated runs, text around
 * the output, broken and failed runs, and sniffing. Values are checked
 * against the real samples in samples/fio/ (see its README.md). */
#include "test_util.h"

/* Shorthands over the shared helpers in test_util.h. */
#define parse_ok(rel, s) tu_parse_ok(rel, NULL, s)
#define text_ok(text, s) tu_text_ok(text, NULL, s)
#define expect_error(rel, text, line, needle) tu_expect_error(rel, text, "fio", line, needle)

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const bdb_parser bdb_parser_fio;



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

static size_t count_warnings(const bdb_sink *s)
{
    size_t n = 0;
    for (size_t i = 0; i < s->nnotes; i++)
        n += !s->notes[i].is_info;
    return n;
}

/* ---- JSON -------------------------------------------------------------- */

static void fio__json_two_clones__each_clone_is_a_job_param(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/json-randread-4k-j2-qd32.json", &s);
    assert_string_equal(s.tool_version, "fio-3.33");
    const char *id = "rw=randread,block_size=4096,iodepth=32,numjobs=2,"
                     "ioengine=libaio,direct=1,size=67108864,runtime=3,"
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
    assert_int_equal(count_metric(&s, "iops", NULL), 2);
    /* disk_util once per run, with the job's parameters */
    assert_int_equal(count_metric(&s, "disk_util", NULL), 1);
    assert_null(bdb_params_get(&tu_find(&s, NULL, "disk_util", NULL)->params,
                               "job"));
    assert_int_equal(s.n, 93);
    bdb_sink_free(&s);
}

static void fio__json_eight_clones__numjobs_8_job_0_to_7(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/json-randread-4k-j8-qd32.json", &s);
    assert_int_equal(count_metric(&s, "iops", "numjobs=8"), 8);
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
    assert_int_equal(s.n, 49);
    tu_assert_value(&s, "randread-4k", "iops", "numjobs=1", 91893.368877, 1e-9);
    bdb_sink_free(&s);
}

static void fio__json_jobfile__global_options_and_three_jobs(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/fio/json-jobfile-3jobs.json", &s);
    /* iodepth, size, runtime, direct, ioengine come from "global options" */
    const char *g = "iodepth=32,size=67108864,runtime=3,direct=1,ioengine=libaio";
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
    assert_int_equal(count_metric(&s, "iops", NULL), 3);
    assert_int_equal(count_metric(&s, "group_bandwidth", NULL), 0);
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
    assert_int_equal(s.n, 49);
    /* the line numbers follow the file: two lines more than the sample */
    assert_int_equal(tu_find(&s, NULL, "iops", NULL)->line, 34);
    assert_int_equal(s.nnotes, 1);
    assert_int_equal(s.notes[0].line, 2);
    bdb_sink_free(&s);
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
    /* slat of zeros = not measured; "0.00" percentile padding skipped */
    assert_null(tu_find(&s, NULL, "slat_mean", NULL));
    assert_null(tu_find(&s, NULL, "clat_p0", NULL));
    assert_int_equal(count_metric(&s, NULL, "direction=write"), 0);
    assert_int_equal(tu_find(&s, NULL, "iops", NULL)->line, 9);
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
        assert_string_equal(bdb_params_get(&x->params, "size"), cases[i].want_size);
        assert_string_equal(bdb_params_get(&x->params, "runtime"), cases[i].want_runtime);
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
    assert_int_equal(s.n, 96);
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
    assert_int_equal(s.n, 4 + 8 + 4 + 3);
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
    assert_int_equal(count_warnings(&s), 0);
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

/* ---- sniffing ----------------------------------------------------------------- */



int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fio__json_two_clones__each_clone_is_a_job_param),
        cmocka_unit_test(fio__json_eight_clones__numjobs_8_job_0_to_7),
        cmocka_unit_test(fio__json_group_reporting__one_summed_job_without_job_param),
        cmocka_unit_test(fio__jsonplus__bins_are_not_stored),
        cmocka_unit_test(fio__json_jobfile__global_options_and_three_jobs),
        cmocka_unit_test(fio__json_and_normal_in_one_file__json_is_read),
        cmocka_unit_test(fio__json_client_server__client_stats_single_host),
        cmocka_unit_test(fio__json_two_runs_with_prompts__repetitions),
        cmocka_unit_test(fio__json_after_warnings_and_prompt__found_and_warned),
        cmocka_unit_test(fio__json_2x__usec_latencies_and_kib_io_bytes),
        cmocka_unit_test(fio__json_options__fio_size_and_time_syntax),
        cmocka_unit_test(fio__normal_randrw__both_directions_group_and_disk),
        cmocka_unit_test(fio__normal_clones__job_params_from_block_order),
        cmocka_unit_test(fio__normal_group_reporting__jobs_8_is_numjobs),
        cmocka_unit_test(fio__normal_nsec_with_k_suffix__scaled),
        cmocka_unit_test(fio__normal_jobfile__groups_owned_by_their_job),
        cmocka_unit_test(fio__normal_client_server__prefix_and_eta_lines_skipped),
        cmocka_unit_test(fio__normal_two_runs__repetitions_not_clones),
        cmocka_unit_test(fio__normal_2x__kb_is_kib_and_old_group_line),
        cmocka_unit_test(fio__normal_1x__padded_values_msec),
        cmocka_unit_test(fio__group_summary_only__figures_named_by_file),
        cmocka_unit_test(fio__job_line_ioengine_before_bs_without_trim__no_overread),
        cmocka_unit_test(fio__terse_v3_clones__fields_in_order),
        cmocka_unit_test(fio__terse_v5__trim_block_and_iops_stats),
        cmocka_unit_test(fio__failed_run__error_names_fio_message),
        cmocka_unit_test(fio__truncated_logs__complete_figures_kept_and_cut_warned),
        cmocka_unit_test(fio__result_block_without_direction__warned_cpu_kept),
        cmocka_unit_test(fio__binary_and_si_bandwidth_disagree__error),
        cmocka_unit_test(fio__every_cut__never_crashes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
