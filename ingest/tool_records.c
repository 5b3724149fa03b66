/* tool_records.c - the record of each tool (see tool.h), and the lookups
 * over them. A record says what the tool's measurement is; its parser
 * (parse_<tool>.c) says how to read it. */
#include "tool.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define M(name, flags, when, parts) {name, flags, when, parts}
#define END_METRICS {NULL, 0, NULL, BDB_PARTS_NONE}
#define P(name, spellings, form, role) {name, spellings, form, role}
#define END_PARAMS {NULL, NULL, BDB_FORM_TEXT, BDB_ROLE_IDENTITY}
#define ID BDB_ROLE_IDENTITY
#define ENV BDB_ROLE_ENVIRONMENT
#define META BDB_ROLE_METADATA

/* ---- web ---------------------------------------------------------------- */

static const char *const ab_aliases[] = {"apachebench", "apache-bench",
                                         "apache bench", NULL};
static const bdb_tool_metric ab_metrics[] = {
    M("requests_per_sec", BDB_METRIC_MERIT, NULL, BDB_PARTS_NONE),
    /* bytes/s of the same run: requests/s times the response size */
    M("transfer_rate", BDB_METRIC_DERIVED, NULL, BDB_PARTS_NONE),
    M("transfer_rate_total", BDB_METRIC_DERIVED, NULL, BDB_PARTS_NONE),
    M("transfer_rate_sent", BDB_METRIC_DERIVED, NULL, BDB_PARTS_NONE),
    /* "across all concurrent requests": the inverse of requests/s */
    M("time_per_request_all", BDB_METRIC_DERIVED, NULL, BDB_PARTS_NONE),
    END_METRICS};
static const bdb_tool_param ab_params[] = {
    P("concurrency", "c", BDB_FORM_INTEGER, ID),
    P("requests", "n", BDB_FORM_INTEGER, ID),
    P("keepalive", "k", BDB_FORM_BOOL, ID),
    P("time_limit", "t", BDB_FORM_SECONDS, ID),
    P("timeout", "s", BDB_FORM_SECONDS, ID),
    P("url", NULL, BDB_FORM_URL, ENV),
    P("host", "hostname|server_hostname", BDB_FORM_TEXT, ENV),
    P("port", "server_port", BDB_FORM_INTEGER, ENV),
    END_PARAMS};
static const char *const ab_sweeps[] = {"concurrency", "requests", NULL};
const bdb_tool bdb_tool_ab = {
    .name = "ab", .aliases = ab_aliases, .category = "web",
    .merit_text = "requests/s", .metrics = ab_metrics, .params = ab_params,
    .sweeps = ab_sweeps};

static const bdb_tool_metric wrk_metrics[] = {
    M("requests_per_sec", BDB_METRIC_MERIT, NULL, BDB_PARTS_NONE),
    M("transfer_rate", BDB_METRIC_DERIVED, NULL, BDB_PARTS_NONE),
    M("thread_requests_per_sec_mean", BDB_METRIC_DERIVED, NULL, BDB_PARTS_NONE),
    M("thread_requests_per_sec_max", BDB_METRIC_DERIVED, NULL, BDB_PARTS_NONE),
    END_METRICS};
static const bdb_tool_param wrk_params[] = {
    P("concurrency", "c|connections|conn", BDB_FORM_INTEGER, ID),
    P("threads", "t", BDB_FORM_INTEGER, ID),
    P("duration", "d", BDB_FORM_SECONDS, ID),
    P("timeout", NULL, BDB_FORM_SECONDS, ID),
    P("url", NULL, BDB_FORM_URL, ENV),
    P("host", "hostname", BDB_FORM_TEXT, ENV),
    P("port", NULL, BDB_FORM_INTEGER, ENV),
    P("script", "s", BDB_FORM_TEXT, ID),
    END_PARAMS};
static const char *const wrk_sweeps[] = {"concurrency", "threads", NULL};
const bdb_tool bdb_tool_wrk = {
    .name = "wrk", .category = "web", .merit_text = "requests/s",
    .metrics = wrk_metrics, .params = wrk_params, .sweeps = wrk_sweeps};

/* ---- key-value ---------------------------------------------------------- */

static const char *const redis_aliases[] = {"redis", "redis_benchmark",
                                            "redis benchmark",
                                            "valkey-benchmark", NULL};
static const bdb_tool_metric redis_metrics[] = {
    M("requests_per_sec", BDB_METRIC_MERIT, NULL, BDB_PARTS_NONE),
    END_METRICS};
static const bdb_tool_param redis_params[] = {
    P("clients", "c", BDB_FORM_INTEGER, ID),
    P("requests", "n", BDB_FORM_INTEGER, ID),
    P("pipeline", "P", BDB_FORM_INTEGER, ID),
    P("payload_size", "d|data_size", BDB_FORM_BYTES, ID),
    P("keepalive", "k", BDB_FORM_BOOL, ID),
    P("threads", NULL, BDB_FORM_INTEGER, ID),
    P("host", "h|hostname", BDB_FORM_TEXT, ENV),
    P("port", "p", BDB_FORM_INTEGER, ENV),
    P("socket", "s", BDB_FORM_TEXT, ENV),
    END_PARAMS};
static const char *const redis_sweeps[] = {"clients", "pipeline",
                                           "payload_size", "threads", NULL};
const bdb_tool bdb_tool_redis_benchmark = {
    .name = "redis-benchmark", .aliases = redis_aliases,
    .category = "key-value", .merit_text = "requests/s of each test",
    .metrics = redis_metrics, .params = redis_params, .sweeps = redis_sweeps};

/* ---- disk --------------------------------------------------------------- */

static const bdb_tool_metric fio_metrics[] = {
    /* small blocks are counted in operations, large ones in bytes */
    M("iops", BDB_METRIC_MERIT | BDB_METRIC_DEFAULT, "block_size<65536",
      BDB_PARTS_SUM),
    M("bandwidth", BDB_METRIC_MERIT, "block_size>=65536", BDB_PARTS_SUM),
    M("io_bytes", 0, NULL, BDB_PARTS_SUM),
    /* statistics of fio's per-interval samples of the same rates */
    M("iops_mean", BDB_METRIC_DERIVED, NULL, BDB_PARTS_NONE),
    M("iops_min", BDB_METRIC_DERIVED, NULL, BDB_PARTS_NONE),
    M("iops_max", BDB_METRIC_DERIVED, NULL, BDB_PARTS_NONE),
    M("bandwidth_mean", BDB_METRIC_DERIVED, NULL, BDB_PARTS_NONE),
    M("bandwidth_min", BDB_METRIC_DERIVED, NULL, BDB_PARTS_NONE),
    M("bandwidth_max", BDB_METRIC_DERIVED, NULL, BDB_PARTS_NONE),
    /* the group's line restates the sum of its jobs */
    M("group_bandwidth", BDB_METRIC_DERIVED, NULL, BDB_PARTS_NONE),
    M("group_io_bytes", BDB_METRIC_DERIVED, NULL, BDB_PARTS_NONE),
    M("group_bandwidth_min", BDB_METRIC_DERIVED, NULL, BDB_PARTS_NONE),
    M("group_bandwidth_max", BDB_METRIC_DERIVED, NULL, BDB_PARTS_NONE),
    M("latency_mean", 0, NULL, BDB_PARTS_MEAN),
    M("clat_mean", 0, NULL, BDB_PARTS_MEAN),
    M("slat_mean", 0, NULL, BDB_PARTS_MEAN),
    END_METRICS};
static const bdb_tool_param fio_params[] = {
    P("block_size", "bs|blocksize", BDB_FORM_BYTES, ID),
    P("iodepth", NULL, BDB_FORM_INTEGER, ID),
    P("numjobs", NULL, BDB_FORM_INTEGER, ID),
    P("rw", "readwrite", BDB_FORM_TEXT, ID),
    P("rwmixread", NULL, BDB_FORM_INTEGER, ID),
    P("job", NULL, BDB_FORM_INTEGER, ID),
    /* echoed by --output-format=json only; the normal and terse outputs
     * never print them */
    P("direct", NULL, BDB_FORM_BOOL, META),
    P("runtime", NULL, BDB_FORM_SECONDS, META),
    P("size", NULL, BDB_FORM_BYTES, META),
    P("time_based", NULL, BDB_FORM_BOOL, META),
    P("filename", NULL, BDB_FORM_TEXT, ENV),
    P("directory", NULL, BDB_FORM_TEXT, ENV),
    /* fio --client: the server each result is of (one file holds
     * several), not where the load came from */
    P("host", "hostname", BDB_FORM_TEXT, ID),
    /* a run's disk statistics name each disk: one file can hold several */
    P("device", NULL, BDB_FORM_TEXT, ID),
    END_PARAMS};
static const char *const fio_sweeps[] = {"block_size", "iodepth", "numjobs",
                                         NULL};
const bdb_tool bdb_tool_fio = {
    .name = "fio", .category = "disk",
    .merit_text = "IOPS for blocks under 64 KiB, bandwidth for larger ones, "
                  "of each job's total across its clones",
    .metrics = fio_metrics, .params = fio_params, .part_key = "job",
    .part_count_key = "numjobs", .sweeps = fio_sweeps};

static const bdb_tool_metric hdparm_metrics[] = {
    M("throughput", BDB_METRIC_MERIT, NULL, BDB_PARTS_NONE), END_METRICS};
static const bdb_tool_param hdparm_params[] = {
    /* identity: one log often times several disks (-t /dev/sda /dev/sdb) */
    P("device", NULL, BDB_FORM_TEXT, ID),
    P("direct", NULL, BDB_FORM_BOOL, ID),
    P("offset", NULL, BDB_FORM_INTEGER, ID),
    END_PARAMS};
const bdb_tool bdb_tool_hdparm = {
    .name = "hdparm", .category = "disk", .merit_text = "throughput",
    .metrics = hdparm_metrics, .params = hdparm_params};

static const bdb_tool_metric dd_metrics[] = {
    M("throughput", BDB_METRIC_MERIT, NULL, BDB_PARTS_NONE),
    /* bytes over the same seconds */
    M("elapsed", BDB_METRIC_DERIVED, NULL, BDB_PARTS_NONE),
    END_METRICS};
static const bdb_tool_param dd_params[] = {
    P("block_size", "bs", BDB_FORM_BYTES, ID),
    P("input_block_size", "ibs", BDB_FORM_BYTES, ID),
    P("output_block_size", "obs", BDB_FORM_BYTES, ID),
    P("count", NULL, BDB_FORM_INTEGER, ID),
    P("input", "if", BDB_FORM_TEXT, ENV),
    P("output", "of", BDB_FORM_TEXT, ENV),
    END_PARAMS};
static const char *const dd_sweeps[] = {"block_size", "count", NULL};
const bdb_tool bdb_tool_dd = {
    .name = "dd", .category = "disk", .merit_text = "throughput",
    .metrics = dd_metrics, .params = dd_params, .sweeps = dd_sweeps};

/* ---- network ------------------------------------------------------------ */

static const bdb_tool_metric iperf_metrics[] = {
    /* the receiver's rate; the sender's is what left, not what arrived */
    M("throughput", BDB_METRIC_MERIT, NULL, BDB_PARTS_SUM),
    M("transfer", 0, NULL, BDB_PARTS_SUM),
    END_METRICS};
static const bdb_tool_param iperf_params[] = {
    P("streams", "P|parallel", BDB_FORM_INTEGER, ID),
    P("duration", "t|time", BDB_FORM_SECONDS, ID),
    P("window", "w", BDB_FORM_BYTES, ID),
    P("block_size", "l|len|length", BDB_FORM_BYTES, ID),
    P("target_bandwidth", "b|bandwidth", BDB_FORM_TEXT, ID),
    P("stream", NULL, BDB_FORM_INTEGER, ID),
    /* "server": the server's own figures of a client's test, copied by
     * iperf3 --get-server-output; apart from the client's */
    P("reporter", NULL, BDB_FORM_TEXT, ID),
    P("host", "c|client|server", BDB_FORM_TEXT, ENV),
    P("port", "p", BDB_FORM_INTEGER, ENV),
    END_PARAMS};
static const char *const iperf_sweeps[] = {"streams", "window", "block_size",
                                           NULL};
static const char *const iperf2_aliases[] = {"iperf2", "iperf 2", "iperf-2",
                                             NULL};
const bdb_tool bdb_tool_iperf = {
    .name = "iperf", .aliases = iperf2_aliases, .category = "network",
    .merit_text = "the receiver's rate, all streams",
    .metrics = iperf_metrics, .params = iperf_params, .part_key = "stream",
    .part_count_key = "streams", .parser_sums_parts = 1,
    .sweeps = iperf_sweeps};

static const char *const iperf3_aliases[] = {"iperf-3", NULL};
const bdb_tool bdb_tool_iperf3 = {
    .name = "iperf3", .aliases = iperf3_aliases, .category = "network",
    .merit_text = "the receiver's rate, all streams",
    .metrics = iperf_metrics, .params = iperf_params, .part_key = "stream",
    .part_count_key = "streams", .parser_sums_parts = 1,
    .sweeps = iperf_sweeps};

/* ---- crypto and cpu ----------------------------------------------------- */

static const char *const openssl_aliases[] = {"openssl", "openssl speed",
                                              "openssl_speed", "speed", NULL};
static const bdb_tool_metric openssl_metrics[] = {
    M("throughput", BDB_METRIC_MERIT, NULL, BDB_PARTS_NONE),
    M("op_per_sec", BDB_METRIC_MERIT, NULL, BDB_PARTS_NONE),
    M("sign_per_sec", BDB_METRIC_MERIT, NULL, BDB_PARTS_NONE),
    M("verify_per_sec", BDB_METRIC_MERIT, NULL, BDB_PARTS_NONE),
    /* the inverses of the rates beside them */
    M("op_time", BDB_METRIC_DERIVED, NULL, BDB_PARTS_NONE),
    M("sign_time", BDB_METRIC_DERIVED, NULL, BDB_PARTS_NONE),
    M("verify_time", BDB_METRIC_DERIVED, NULL, BDB_PARTS_NONE),
    END_METRICS};
static const bdb_tool_param openssl_params[] = {
    P("block_size", "bytes", BDB_FORM_BYTES, ID),
    P("multi", NULL, BDB_FORM_INTEGER, ID),
    P("seconds", NULL, BDB_FORM_SECONDS, ID),
    END_PARAMS};
static const char *const openssl_sweeps[] = {"multi", "block_size", NULL};
const bdb_tool bdb_tool_openssl_speed = {
    .name = "openssl-speed", .aliases = openssl_aliases, .category = "crypto",
    .merit_text = "throughput at the largest block size of each cipher, "
                  "operations/s of each public-key algorithm",
    .metrics = openssl_metrics, .params = openssl_params,
    .sweeps = openssl_sweeps, .merit_pick_max = "block_size"};

static const char *const time_aliases[] = {"gnu-time", "gnu time",
                                           "/usr/bin/time", NULL};
static const bdb_tool_metric time_metrics[] = {
    M("real", BDB_METRIC_MERIT, NULL, BDB_PARTS_NONE),
    M("elapsed", BDB_METRIC_MERIT, NULL, BDB_PARTS_NONE), END_METRICS};
const bdb_tool bdb_tool_time = {
    .name = "time", .aliases = time_aliases, .category = "cpu",
    .merit_text = "real (wall-clock) time", .metrics = time_metrics,
    .benchmark_from_user = 1};

/* ---- tools known from published figures only ---------------------------- */

static const bdb_tool_metric memory_metrics[] = {
    M("read", BDB_METRIC_MERIT, NULL, BDB_PARTS_NONE),
    M("write", BDB_METRIC_MERIT, NULL, BDB_PARTS_NONE),
    M("copy", BDB_METRIC_MERIT, NULL, BDB_PARTS_NONE),
    M("scale", BDB_METRIC_MERIT, NULL, BDB_PARTS_NONE),
    M("add", BDB_METRIC_MERIT, NULL, BDB_PARTS_NONE),
    M("triad", BDB_METRIC_MERIT, NULL, BDB_PARTS_NONE),
    M("throughput", BDB_METRIC_MERIT, NULL, BDB_PARTS_NONE), END_METRICS};
const bdb_tool bdb_tool_tmpfs = {.name = "tmpfs", .category = "memory",
                                 .merit_text = "read and write rates",
                                 .metrics = memory_metrics};
const bdb_tool bdb_tool_stream = {.name = "stream", .category = "memory",
                                  .merit_text = "copy, scale, add, triad",
                                  .metrics = memory_metrics};
const bdb_tool bdb_tool_mbw = {.name = "mbw", .category = "memory",
                               .merit_text = "copy rates",
                               .metrics = memory_metrics};
const bdb_tool bdb_tool_gzip = {.name = "gzip", .category = "cpu",
                                .merit_text = "rates and whole-run times"};

static const bdb_tool *const all_tools[] = {
#define BDB_TOOL(id) &bdb_tool_##id,
#define BDB_TOOL_RECORD(id) &bdb_tool_##id,
#include "tool_list.h"
    NULL};

/* ---- lookups ------------------------------------------------------------ */

const bdb_tool *const *bdb_tools(void)
{
    return all_tools;
}

static const bdb_tool *tool_search(const char *name)
{
    for (const bdb_tool *const *t = all_tools; *t; t++) {
        if (strcasecmp((*t)->name, name) == 0)
            return *t;
        for (const char *const *a = (*t)->aliases; a && *a; a++)
            if (strcasecmp(*a, name) == 0)
                return *t;
    }
    return NULL;
}

const bdb_tool *bdb_tool_find(const char *name)
{
    /* The last name asked for, per thread: a report asks for the tool of
     * each of its series several times, and series come grouped by tool
     * (a search of every name and alias per series was 7% of a lab's
     * report). */
    static _Thread_local char last[32];
    static _Thread_local const bdb_tool *last_tool;
    if (!name)
        return NULL;
    size_t len = strlen(name);
    if (last[0] && strcmp(last, name) == 0)
        return last_tool;
    const bdb_tool *t = tool_search(name);
    if (len < sizeof last) {
        memcpy(last, name, len + 1);
        last_tool = t;
    }
    return t;
}

const char *bdb_tool_category(const char *tool)
{
    const bdb_tool *t = bdb_tool_find(tool);
    return t ? t->category : "other";
}

const bdb_tool_metric *bdb_tool_metric_find(const bdb_tool *t,
                                            const char *metric)
{
    for (const bdb_tool_metric *m = t ? t->metrics : NULL; m && m->metric; m++)
        if (strcmp(m->metric, metric) == 0)
            return m;
    return NULL;
}

int bdb_params_text_get(const char *params, const char *key, char *out,
                        size_t outsz)
{
    size_t klen = strlen(key);
    for (const char *p = params; p && *p;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        if (n > klen && strncmp(p, key, klen) == 0 && p[klen] == '=') {
            size_t vn = n - klen - 1;
            if (vn >= outsz)
                vn = outsz ? outsz - 1 : 0;
            if (outsz) {
                memcpy(out, p + klen + 1, vn);
                out[vn] = '\0';
            }
            return 1;
        }
        p = comma ? comma + 1 : p + n;
    }
    return 0;
}

/* "block_size<65536": 1 holds, 0 does not, -1 the parameter is absent
 * (or not a number). */
static int condition_holds(const char *cond, const char *params)
{
    const char *op = strpbrk(cond, "<>=");
    if (!op)
        return -1;
    char key[BDB_PARAM_KEY_MAX], val[BDB_PARAM_VALUE_MAX];
    size_t kn = (size_t)(op - cond);
    if (kn >= sizeof key)
        return -1;
    memcpy(key, cond, kn);
    key[kn] = '\0';
    if (!bdb_params_text_get(params, key, val, sizeof val))
        return -1;
    char *end;
    double v = strtod(val, &end);
    if (end == val || *end)
        return -1;
    int ge = op[0] == '>' && op[1] == '=', le = op[0] == '<' && op[1] == '=';
    double lim = strtod(op + (ge || le ? 2 : 1), NULL);
    if (ge)
        return v >= lim;
    if (le)
        return v <= lim;
    return op[0] == '<' ? v < lim : op[0] == '>' ? v > lim : v == lim;
}

int bdb_tool_is_merit(const bdb_tool *t, const char *metric,
                      const char *params)
{
    const bdb_tool_metric *m = bdb_tool_metric_find(t, metric);
    if (!m || !(m->flags & BDB_METRIC_MERIT))
        return 0;
    char v[BDB_PARAM_VALUE_MAX];
    if (t->part_key && bdb_params_text_get(params, t->part_key, v, sizeof v))
        return 0;
    if (!m->merit_when)
        return 1;
    int h = condition_holds(m->merit_when, params);
    return h < 0 ? (m->flags & BDB_METRIC_DEFAULT) != 0 : h;
}

int bdb_tool_is_derived(const bdb_tool *t, const char *metric)
{
    const bdb_tool_metric *m = bdb_tool_metric_find(t, metric);
    return m && (m->flags & BDB_METRIC_DERIVED);
}

static int spelled(const char *spellings, const char *key)
{
    size_t klen = strlen(key);
    for (const char *p = spellings; p && *p;) {
        const char *bar = strchr(p, '|');
        size_t n = bar ? (size_t)(bar - p) : strlen(p);
        if (n == klen && strncmp(p, key, n) == 0)
            return 1;
        p = bar ? bar + 1 : p + n;
    }
    return 0;
}

/* Parameters every tool's figures may carry: where the run was. */
static const bdb_tool_param common_params[] = {
    P("url", NULL, BDB_FORM_URL, ENV),
    P("host", "hostname", BDB_FORM_TEXT, ENV),
    P("port", NULL, BDB_FORM_INTEGER, ENV),
    P("filename", NULL, BDB_FORM_TEXT, ENV),
    P("pid", NULL, BDB_FORM_INTEGER, ENV),
    END_PARAMS};

static const bdb_tool_param *param_in(const bdb_tool_param *list,
                                      const char *key)
{
    for (const bdb_tool_param *p = list; p && p->name; p++)
        if (strcmp(p->name, key) == 0)
            return p;
    for (const bdb_tool_param *p = list; p && p->name; p++)
        if (spelled(p->spellings, key))
            return p;
    return NULL;
}

const bdb_tool_param *bdb_tool_param_find(const bdb_tool *t, const char *key)
{
    const bdb_tool_param *p = param_in(t ? t->params : NULL, key);
    return p ? p : param_in(common_params, key);
}

bdb_param_role bdb_tool_param_role(const bdb_tool *t, const char *key)
{
    const bdb_tool_param *p = bdb_tool_param_find(t, key);
    return p ? p->role : BDB_ROLE_IDENTITY;
}

const char *bdb_tool_default_sweep(const bdb_tool *t)
{
    return t && t->sweeps ? t->sweeps[0] : NULL;
}

int bdb_tool_is_sweep(const bdb_tool *t, const char *key)
{
    for (const char *const *s = t ? t->sweeps : NULL; s && *s; s++)
        if (strcmp(*s, key) == 0)
            return 1;
    return 0;
}
