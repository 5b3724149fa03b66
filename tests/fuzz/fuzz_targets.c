/* fuzz_targets.c - the fuzz target bodies (see fuzz_targets.h).
 *
 * Parsers are driven through bdb_ingest_buffer, the entry point import
 * uses, once with the tool forced (each parser meets everything) and once
 * with detection over all of them. The other readers of untrusted text are
 * platforms.csv, lscpu / uname / cpuinfo, and path patterns (the pattern
 * and the path both come from the input, split at the first NUL or
 * newline). Besides crashes, leaks, hangs and undefined behaviour, which
 * the sanitizers and libFuzzer catch, the targets check the promises the
 * rest of benchdb relies on and abort when one is broken. */
#include "fuzz_targets.h"

#include "../../ingest/ingest.h"
#include "../../ingest/json_tree.h"
#include "../../ingest/path_pattern.h"
#include "../../ingest/platform_csv.h"
#include "../../ingest/summary.h"
#include "../../ingest/sysinfo.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void broken(const char *what, const char *detail)
{
    fprintf(stderr, "benchdb fuzz: broken promise: %s%s%s\n", what,
            detail ? ": " : "", detail ? detail : "");
    abort();
}

static size_t count_lines(const uint8_t *data, size_t size)
{
    size_t n = 1;
    for (size_t i = 0; i < size; i++)
        n += data[i] == '\n';
    return n;
}

/* What every parse must give: a failure explains itself; a success holds
 * only finite figures with a metric, a unit and a line inside the input. */
static void check_parse(int rc, const bdb_sink *sink, const bdb_diag *d,
                        const uint8_t *data, size_t size)
{
    if (rc != BDB_OK) {
        if (!d->message[0])
            broken("a failure without a message", bdb_strerror(rc));
        return;
    }
    size_t lines = count_lines(data, size);
    for (size_t i = 0; i < sink->n; i++) {
        const bdb_sample *s = &sink->samples[i];
        if (!isfinite(s->value))
            broken("a figure that is not finite", s->metric);
        if (!s->unit || !s->unit[0])
            broken("a figure without a unit", s->metric);
        if (!s->metric[0])
            broken("a figure without a metric", s->benchmark);
        if (s->line < 0 || (size_t)s->line > lines)
            broken("a figure whose line is outside the input", s->metric);
        if (s->repetition < 1)
            broken("a figure without a repetition number", s->metric);
    }
}

static int ingest(const uint8_t *data, size_t size, const char *tool,
                  const char *time_format)
{
    bdb_sink sink;
    bdb_diag d;
    bdb_sink_init(&sink);
    bdb_diag_clear(&d);
    bdb_ingest_opts o = {.source_name = "fuzz.txt", .tool = tool,
                         .time_format = time_format};
    char tools[128];
    int rc = bdb_ingest_buffer((const char *)data, size, &o, &sink, tools,
                               sizeof tools, &d);
    check_parse(rc, &sink, &d, data, size);
    bdb_sink_free(&sink);
    return 0;
}

int bdb_fuzz_detect(const uint8_t *data, size_t size)
{
    /* import asks these first, in this order, then detects a tool */
    bdb_platform_csv_sniff((const char *)data, size);
    bdb_sysinfo_sniff((const char *)data, size);
    return ingest(data, size, NULL, NULL);
}

#define BDB_TOOL(id) extern const bdb_parser bdb_parser_##id;
#include "../../ingest/tool_list.h"

/* One tool's parser, forced. time's also with a GNU time -f format: the
 * text before the first NUL is the format (--time-format), the rest the
 * log. */
static int fuzz_parser(const bdb_parser *p, const uint8_t *data, size_t size)
{
    ingest(data, size, p->name, NULL);
    const uint8_t *nul = memchr(data, '\0', size);
    if (nul && strcmp(p->name, "time") == 0)
        ingest(nul + 1, size - (size_t)(nul - data) - 1, "time",
               (const char *)data);
    return 0;
}

/* A target per tool of tool_list.h: a tool added there is fuzzed. */
#define BDB_TOOL(id) \
    int bdb_fuzz_##id(const uint8_t *d, size_t n) \
    { \
        return fuzz_parser(&bdb_parser_##id, d, n); \
    }
#include "../../ingest/tool_list.h"

int bdb_fuzz_results_csv(const uint8_t *d, size_t n)
{
    return ingest(d, n, "results-csv", NULL);
}

/* --summary: the pattern (the text before the first NUL or newline) and
 * the lines it reads (the rest), as ab's transfer rate in Kbytes/sec. */
int bdb_fuzz_summary(const uint8_t *data, size_t size)
{
    size_t cut = 0;
    while (cut < size && data[cut] != '\0' && data[cut] != '\n')
        cut++;
    char *pattern = malloc(cut + 1);
    if (!pattern)
        return 0;
    memcpy(pattern, data, cut);
    pattern[cut] = '\0';
    bdb_summary_opts so = {.pattern = pattern, .tool = "ab",
                           .metric = "transfer_rate", .unit = "Kbytes/sec"};
    char why[200];
    if (bdb_summary_check(&so, why, sizeof why) == 0) {
        bdb_sink sink;
        bdb_diag d;
        bdb_sink_init(&sink);
        bdb_diag_clear(&d);
        bdb_ingest_opts o = {.source_name = "fuzz.txt", .tool = "ab",
                             .summary = &so};
        char tools[128];
        const uint8_t *rest = cut < size ? data + cut + 1 : data + size;
        size_t n = cut < size ? size - cut - 1 : 0;
        int rc = bdb_ingest_buffer((const char *)rest, n, &o, &sink, tools,
                                   sizeof tools, &d);
        check_parse(rc, &sink, &d, rest, n);
        bdb_sink_free(&sink);
    } else if (!why[0]) {
        broken("a refused summary pattern without a reason", pattern);
    }
    free(pattern);
    return 0;
}

static int on_row(const bdb_platform *p, int line, void *ctx)
{
    (void)ctx;
    if (line < 1)
        broken("a platforms.csv row without a line", p->name);
    if (!p->name[0])
        broken("a platforms.csv row without a name", NULL);
    const double nums[] = {p->cores, p->threads, p->freq_mhz, p->memory_gb,
                           p->price_usd, p->power_w, p->idle_power_w,
                           p->rent_usd_month, p->rent_usd_hour};
    for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++)
        if (isinf(nums[i]) || nums[i] < 0)
            broken("a platforms.csv number that is infinite or negative",
                   p->name);
    return 0;
}

static int on_bad(int line, const char *why, void *ctx)
{
    (void)ctx;
    if (line < 1 || !why || !why[0])
        broken("a bad platforms.csv row without a line or a reason", why);
    return 0;
}

int bdb_fuzz_platform_csv(const uint8_t *data, size_t size)
{
    bdb_diag d;
    bdb_diag_clear(&d);
    bdb_platform_csv_sniff((const char *)data, size);
    int rc = bdb_platform_csv_read((const char *)data, size, on_row, on_bad,
                                   NULL, &d);
    if (rc != BDB_OK && !d.message[0])
        broken("a platforms.csv failure without a message", bdb_strerror(rc));
    return 0;
}

int bdb_fuzz_sysinfo(const uint8_t *data, size_t size)
{
    bdb_platform p;
    bdb_platform_clear(&p);
    int kind = bdb_sysinfo_parse((const char *)data, size, &p);
    if (kind < BDB_SYSINFO_NONE || kind > BDB_SYSINFO_CPUINFO)
        broken("an unknown sysinfo kind", NULL);
    const double nums[] = {p.cores, p.threads, p.freq_mhz};
    for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++)
        if (!isnan(nums[i]) && !(isfinite(nums[i]) && nums[i] > 0))
            broken("a sysinfo count or clock that is not a positive number",
                   NULL);
    if (!isnan(p.cores) && !isnan(p.threads) && p.cores > p.threads)
        broken("more cores than threads from sysinfo", NULL);
    return 0;
}

int bdb_fuzz_path_pattern(const uint8_t *data, size_t size)
{
    size_t cut = 0;
    while (cut < size && data[cut] != '\0' && data[cut] != '\n')
        cut++;
    char *pattern = malloc(cut + 1);
    size_t rest = cut < size ? size - cut - 1 : 0;
    char *path = malloc(rest + 1);
    if (!pattern || !path) {
        free(pattern);
        free(path);
        return 0;
    }
    memcpy(pattern, data, cut);
    pattern[cut] = '\0';
    if (rest)
        memcpy(path, data + cut + 1, rest);
    path[rest] = '\0';
    char why[256];
    /* import checks every pattern before it matches with it */
    if (bdb_path_pattern_check(pattern, why, sizeof why) == 0) {
        bdb_path_match m;
        memset(&m, 0, sizeof m);
        char mwhy[256] = "";
        if (bdb_path_pattern_match(pattern, path, &m, mwhy, sizeof mwhy) < 0 &&
            !mwhy[0])
            broken("a path that matched but cannot be used, without a reason",
                   pattern);
    } else if (!why[0]) {
        broken("a refused path pattern without a reason", pattern);
    }
    free(pattern);
    free(path);
    return 0;
}

/* fio's JSON reader (json_tree.h) against jansson, whose reading it
 * promises: the same tree, the same bytes consumed, or the same error. */
static int same_json(json_t *j, const bdb_jt *t)
{
    if (!t)
        return 0;
    switch (json_typeof(j)) {
    case JSON_OBJECT: {
        const char *k;
        json_t *v;
        unsigned i = 0;
        if (t->type != BDB_JT_OBJECT || t->n != json_object_size(j))
            return 0;
        json_object_foreach(j, k, v) {
            if (strcmp(t->u.mem[i].key, k) != 0 ||
                !same_json(v, &t->u.mem[i].v))
                return 0;
            i++;
        }
        return 1;
    }
    case JSON_ARRAY:
        if (t->type != BDB_JT_ARRAY || t->n != json_array_size(j))
            return 0;
        for (unsigned i = 0; i < t->n; i++)
            if (!same_json(json_array_get(j, i), &t->u.item[i]))
                return 0;
        return 1;
    case JSON_STRING:
        return t->type == BDB_JT_STRING && t->n == json_string_length(j) &&
               memcmp(t->u.str, json_string_value(j), t->n + 1) == 0;
    case JSON_INTEGER:
    case JSON_REAL: {
        double a = json_number_value(j);
        return t->type == BDB_JT_NUMBER && memcmp(&a, &t->u.num, sizeof a) == 0;
    }
    case JSON_TRUE:
        return t->type == BDB_JT_TRUE;
    case JSON_FALSE:
        return t->type == BDB_JT_FALSE;
    default:
        return t->type == BDB_JT_NULL;
    }
}

int bdb_fuzz_json_tree(const uint8_t *data, size_t size)
{
    bdb_jt_doc *d = bdb_jt_doc_new();
    if (!d)
        return 0;
    json_error_t je, te;
    json_t *j = json_loadb((const char *)data, size,
                           JSON_DISABLE_EOF_CHECK | JSON_DECODE_ANY, &je);
    size_t used = 0;
    const bdb_jt *t = bdb_jt_parse(d, (const char *)data, size, &used, &te);
    if (!j && t)
        broken("JSON read that jansson refuses", je.text);
    if (!j && strcmp(je.text, te.text) != 0)
        broken("another error than jansson's", te.text);
    if (j && (!same_json(j, t) || used != (size_t)je.position))
        broken("JSON read otherwise than jansson reads it", "");
    json_decref(j);
    bdb_jt_doc_free(d);
    return 0;
}

const bdb_fuzz_target bdb_fuzz_targets[] = {
    {"detect", bdb_fuzz_detect},
#define BDB_TOOL(id) {#id, bdb_fuzz_##id},
#include "../../ingest/tool_list.h"
    {"results_csv", bdb_fuzz_results_csv},
    {"platform_csv", bdb_fuzz_platform_csv},
    {"sysinfo", bdb_fuzz_sysinfo},
    {"path_pattern", bdb_fuzz_path_pattern},
    {"summary", bdb_fuzz_summary},
    {"json_tree", bdb_fuzz_json_tree},
    {NULL, NULL}};

const bdb_fuzz_target *bdb_fuzz_target_named(const char *name)
{
    for (const bdb_fuzz_target *t = bdb_fuzz_targets; t->name; t++)
        if (strcmp(t->name, name) == 0)
            return t;
    return NULL;
}

const bdb_fuzz_target *bdb_fuzz_target_for_dir(const char *dir)
{
    char name[64];
    snprintf(name, sizeof name, "%s", dir);
    for (char *p = name; *p; p++)
        if (*p == '-')
            *p = '_';
    return bdb_fuzz_target_named(name);
}
