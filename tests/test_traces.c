/* test_traces.c - the traces of runs' figures through the public API:
 * real iperf3 and iperf 2 logs' interval lines stored in order with their
 * interval and line, each point checked against the raw text of its line
 * (read here by hand, not by benchdb's parser); a database of schema 7
 * upgraded and filled by reparse; forget and copy keep the traces whole.
 * On SQLite always, on PostgreSQL when BDB_TEST_PG_URL names a server. */
#include "test_util.h"

#include "../import/import.h"
#include "../report/analysis/model.h"
#include "../store/store.h"
#include "../store/store_admin.h"
#include "../store/store_traces.h"
#include "../common/bdb_sha256.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char db_path[1024], db2_path[1024];

static int setup(void **state)
{
    (void)state;
    const char *dir = tu_tmpdir();
    snprintf(db_path, sizeof db_path, "%s/a.sqlite", dir);
    snprintf(db2_path, sizeof db2_path, "%s/b.sqlite", dir);
    return 0;
}

static void pg_database(const char *base, char *out, size_t n)
{
    tu_pg_new_database(base, "traces", out, n);
}

static int pg_setup(void **state)
{
    (void)state;
    const char *base = getenv("BDB_TEST_PG_URL");
    if (!base || !*base)
        fail_msg("BDB_TEST_PG_URL is not set");
    pg_database(base, db_path, sizeof db_path);
    pg_database(base, db2_path, sizeof db2_path);
    return 0;
}

static bdb_store *open_at(const char *where)
{
    bdb_store *st = NULL;
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_store_open(&st, where, &d) != BDB_OK)
        fail_msg("open %s: %s", where, d.message);
    return st;
}

static long long import_sample(bdb_store *st, const char *rel)
{
    bdb_import_opts o = {.platform = "lab"};
    bdb_import_result r;
    assert_int_equal(bdb_import_file(st, tu_path(rel), &o, &r), 0);
    assert_int_equal(r.status, BDB_IMPORT_ADDED);
    long long id = 0;
    char sha[65];
    size_t len;
    char *bytes = tu_read(rel, &len);
    bdb_sha256_hex(bytes, len, sha);
    free(bytes);
    assert_int_equal(bdb_store_source_find(st, sha, &id), 0);
    assert_true(id > 0);
    return id;
}

/* Every point stands on an interval line of the raw text (of rel) whose
 * interval, stream, rate and transfer it holds (tu_check_iperf_points). */
static void check_against_text(const tu_pts *p, const char *rel,
                               int interval_lines)
{
    size_t len;
    char *text = tu_read(rel, &len);
    tu_check_iperf_points(p, text, interval_lines, 2);
    free(text);
}

/* iperf3 -P 4 -i 1: 2 intervals of 4 streams and a [SUM], with Retr and
 * Cwnd on the streams' lines. */
static void traces__iperf3_intervals__stored_in_order_with_their_lines(
    void **state)
{
    (void)state;
    bdb_store *st = open_at(db_path);
    const char *rel = "samples/iperf3/tcp-P4.txt";
    long long id = import_sample(st, rel);
    tu_pts *p = calloc(1, sizeof *p);
    tu_points_of(st, id, p);
    check_against_text(p, rel, 10);
    /* line 7: "[  5]   0.00-1.00   sec   760 MBytes  6.36 Gbits/sec    1
     * 767 KBytes": retransmits 1 and cwnd 767 KBytes, by hand */
    int retr = 0, cwnd = 0;
    for (int i = 0; i < p->n; i++) {
        if (p->v[i].line != 7)
            continue;
        if (!strcmp(p->v[i].what, "retransmits"))
            retr = p->v[i].value == 1;
        if (!strcmp(p->v[i].what, "cwnd"))
            cwnd = p->v[i].value == 767 * 1024.0;
    }
    assert_true(retr && cwnd);
    free(p);
    bdb_store_close(st);
}

/* iperf 2.1 server -P 2 -i 1 -e: the streams' and [SUM]'s interval lines,
 * the Reads=Dist columns among their points. */
static void traces__iperf2_intervals__stored_in_order_with_their_lines(
    void **state)
{
    (void)state;
    bdb_store *st = open_at(db_path);
    const char *rel = "samples/iperf/server-tcp-enhanced-P2-i1.txt";
    long long id = import_sample(st, rel);
    tu_pts *p = calloc(1, sizeof *p);
    tu_points_of(st, id, p);
    check_against_text(p, rel, 6);
    /* line 9: "[  2] 0.0000-1.0000 sec  1.29 GBytes  11.1 Gbits/sec
     * 10668=37:..." */
    int reads = 0;
    for (int i = 0; i < p->n; i++)
        if (p->v[i].line == 9 && !strcmp(p->v[i].what, "reads"))
            reads = p->v[i].value == 10668;
    assert_true(reads);
    free(p);
    bdb_store_close(st);
}

/* tests/fixtures/store/schema-v7-iperf3.sqlite was made by benchdb at
 * schema 7 (d98d415: `init`, then `import --platform lab
 * samples/iperf3/tcp-P4.txt`), before traces: it upgrades, keeps its
 * figures, and a reparse gives the source its trace. */
static void traces__database_of_schema_7__upgrades_and_reparse_fills_them(
    void **state)
{
    (void)state;
    size_t len;
    char *bytes = tu_read("tests/fixtures/store/schema-v7-iperf3.sqlite",
                          &len);
    FILE *f = fopen(db_path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
    free(bytes);
    bdb_store *st = open_at(db_path);
    tu_pts *p = calloc(1, sizeof *p);
    tu_points_of(st, 0, p);
    assert_int_equal(p->n, 0);
    int changed = 0;
    bdb_import_result r;
    assert_int_equal(bdb_import_reparse(st, 1, 1, &changed, &r), 0);
    assert_int_equal(changed, 1);
    tu_points_of(st, 1, p);
    check_against_text(p, "samples/iperf3/tcp-P4.txt", 10);
    free(p);
    bdb_store_close(st);
}

/* reparse replaces a source's points (never doubles them), copy carries
 * them to another database, forget takes them with the source. */
static void traces__reparse_copy_forget__keep_them_whole(void **state)
{
    (void)state;
    bdb_store *st = open_at(db_path);
    long long a = import_sample(st, "samples/iperf3/tcp-P4.txt");
    long long b = import_sample(st, "samples/iperf/server-tcp-enhanced-P2-i1.txt");
    tu_pts *before = calloc(1, sizeof *before), *after = calloc(1, sizeof *after);
    tu_points_of(st, 0, before);
    assert_true(before->n > 100);
    int changed = 0;
    bdb_import_result r;
    assert_int_equal(bdb_import_reparse(st, a, 1, &changed, &r), 0);
    assert_int_equal(changed, 1);
    tu_points_of(st, 0, after);
    assert_int_equal(after->n, before->n);
    for (int i = 0; i < after->n; i++) {
        assert_string_equal(after->v[i].series, before->v[i].series);
        assert_true(after->v[i].seq == before->v[i].seq &&
                    after->v[i].value == before->v[i].value &&
                    after->v[i].line == before->v[i].line);
    }
    /* copy: the same points, by series, in the other database */
    bdb_store *to = open_at(db2_path);
    bdb_copy_stats cs;
    memset(&cs, 0, sizeof cs);
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_store_copy(st, to, &cs, NULL, NULL, &d), 0);
    tu_points_of(to, 0, after);
    assert_int_equal(after->n, before->n);
    int same = 0;
    for (int i = 0; i < after->n; i++)
        for (int j = 0; j < before->n; j++)
            if (!strcmp(after->v[i].series, before->v[j].series) &&
                after->v[i].seq == before->v[j].seq &&
                after->v[i].value == before->v[j].value &&
                !strcmp(after->v[i].what, before->v[j].what) &&
                after->v[i].line == before->v[j].line) {
                same++;
                break;
            }
    assert_int_equal(same, before->n);
    bdb_store_close(to);
    /* forget: the source's points go with it, the other's stay */
    tu_pts *of_b = calloc(1, sizeof *of_b);
    tu_points_of(st, b, of_b);
    assert_true(of_b->n > 0);
    assert_int_equal(bdb_store_source_delete(st, a), 0);
    tu_points_of(st, 0, after);
    assert_int_equal(after->n, of_b->n);
    for (int i = 0; i < after->n; i++)
        assert_true(after->v[i].source == b);
    free(of_b);
    free(before);
    free(after);
    bdb_store_close(st);
}

/* `benchdb traces`: JSON carries every stored point (the same count the
 * library walks), --max stops with a message, png draws one chart per
 * trace of throughput (the iperf3 -P 4 log: 4 streams and a [SUM]). */
static void cli__traces__json_points_charts_and_a_bound(void **state)
{
    (void)state;
    bdb_store *st = open_at(db_path);
    import_sample(st, "samples/iperf3/tcp-P4.txt");
    tu_pts *p = calloc(1, sizeof *p);
    tu_points_of(st, 0, p);
    bdb_store_close(st);
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' traces --format json 2>/dev/null",
                            db_path), 0);
    json_error_t err;
    json_t *j = json_loads(out.data, 0, &err);
    assert_non_null(j);
    assert_int_equal((int)json_array_size(j), p->n);
    json_t *first = json_array_get(j, 0);
    assert_int_equal(json_integer_value(json_object_get(first, "line")), 7);
    assert_string_equal(json_string_value(json_object_get(first, "what")),
                        "throughput");
    json_decref(j);
    /* a glob of the selection, in the back-end's own dialect */
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s' traces --tool 'iperf*' "
                            "--format json 2>/dev/null", db_path), 0);
    j = json_loads(out.data, 0, &err);
    assert_non_null(j);
    assert_int_equal((int)json_array_size(j), p->n);
    json_decref(j);
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s' traces --max 5", db_path), 0);
    assert_non_null(strstr(out.data, "stopped at 5 points"));
    char dir[1100];
    /* beside the test's files: on PostgreSQL db_path is a URL */
    snprintf(dir, sizeof dir, "%s/traces-%d.charts", tu_tmpdir(),
             db_path[0] == '/' ? 1 : 2);
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s' traces --format png -o '%s'",
                            db_path, dir), 0);
    assert_non_null(strstr(out.data, "5 charts written"));
    bdb_buf_free(&out);
    free(p);
}

/* wrk2's per-thread calibration lines as the trace of the run's
 * latency_mean. wrk2 is not installed here: the log is a published one,
 * microsoft/VirtualClient
 * src/VirtualClient/VirtualClient.Actions.UnitTests/Examples/Wrk/
 * wrkErrorExample2.txt @ 53e432adb5d1 (MIT), whole. */
static void cli__wrk2_calibration_lines__are_the_latency_trace(void **state)
{
    (void)state;
    static const char log[] =
        "Running 30s test @ http://10.1.0.13/index.html\n"
        "  5 threads and 100 connections\n"
        "  Thread calibration: mean lat.: 1.019ms, rate sampling interval: 10ms\n"
        "  Thread calibration: mean lat.: 1.009ms, rate sampling interval: 10ms\n"
        "  Thread calibration: mean lat.: 0.988ms, rate sampling interval: 10ms\n"
        "  Thread calibration: mean lat.: 0.963ms, rate sampling interval: 10ms\n"
        "  Thread calibration: mean lat.: 0.958ms, rate sampling interval: 10ms\n"
        "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
        "    Latency     0.98ms  468.49us   8.97ms   70.07%\n"
        "    Req/Sec   420.73     49.56     0.89k    84.45%\n"
        "  59956 requests in 30.00s, 18.64MB read\n"
        "  Non-2xx or 3xx responses: 59956\n"
        "Requests/sec:   1998.42\n"
        "Transfer/sec:    636.13KB";
    char path[1100];
    snprintf(path, sizeof path, "%s.wrk2.txt", db_path);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(log, f);
    assert_int_equal(fclose(f), 0);
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "parse '%s'", path), 0);
    /* the printed means, by hand, at their lines, in order */
    static const double ms[] = {1.019, 1.009, 0.988, 0.963, 0.958};
    const char *p = out.data;
    for (int i = 0; i < 5; i++) {
        char want[200];
        snprintf(want, sizeof want, "\n%d\twrk\t", i + 3);
        p = strstr(p, want);
        assert_non_null(p);
        p++;
        const char *e = strchr(p, '\n');
        assert_non_null(e);
        char line[1000];
        snprintf(line, sizeof line, "%.*s", (int)(e - p), p);
        assert_non_null(strstr(line, "calibration_latency_mean"));
        char thread[40];
        snprintf(thread, sizeof thread, "trace of latency_mean #%d thread %d",
                 2 * i + 1, i + 1);
        assert_non_null(strstr(line, thread));
        char *cols[10] = {0};
        char *save = NULL, *tok = strtok_r(line, "\t", &save);
        for (int k = 0; tok && k < 10; k++, tok = strtok_r(NULL, "\t", &save))
            cols[k] = tok;
        assert_non_null(cols[5]);
        tu_assert_close(strtod(cols[5], NULL), ms[i] / 1000.0, 1e-9, "mean");
        p = e;
    }
    /* the run's figure stays Thread Stats' latency average */
    assert_non_null(strstr(out.data, "\n9\twrk\t/index.html\tlatency_mean\t"));
    bdb_buf_free(&out);
}

/* Each "restated" point of p (a lone stream's figure printed again at
 * its own key) has its SUM twin: same series, quantity and interval, at
 * another line, with the same value (iperf3 times a --bidir reverse
 * stream apart from its sum by microseconds: interval and value within
 * 1e-4 of it).
 * Returns how many there are. */
static int restated_twins(const tu_pts *p)
{
    int n = 0;
    for (int k = 0; k < p->n; k++) {
        const tu_pt *r = &p->v[k];
        if (strcmp(r->label, "restated") != 0 || isnan(r->start))
            continue; /* no interval: the run's figure restated */
        int twins = 0;
        for (int j = 0; j < p->n; j++) {
            const tu_pt *s = &p->v[j];
            if (!strcmp(s->label, "SUM") && !strcmp(s->series, r->series) &&
                !strcmp(s->what, r->what) &&
                fabs(s->start - r->start) < 1e-4 &&
                fabs(s->end - r->end) < 1e-4 &&
                fabs(s->value - r->value) <= 1e-4 * fabs(s->value) &&
                s->line != r->line)
                twins++;
        }
        if (twins != 1)
            print_message("%s %s %.17g-%.17g %.17g line %d\n", r->series, r->what, r->start, r->end, r->value, r->line);
        assert_int_equal(twins, 1);
        n++;
    }
    return n;
}

/* iperf3 -J --bidir: each interval's "sum" and "sum_bidir_reverse" give
 * the two ways' traces with the columns the text prints beside the rate
 * (bytes, TCP retransmits); every value is the raw document's, read here
 * with jansson. */
static void traces__iperf3_json_bidir__both_ways_with_their_columns(
    void **state)
{
    (void)state;
    bdb_store *st = open_at(db_path);
    const char *rel = "samples/iperf3/json-tcp-bidir.json";
    long long id = import_sample(st, rel);
    tu_pts *p = calloc(1, sizeof *p);
    tu_points_of(st, id, p);
    json_error_t err;
    json_t *doc = json_load_file(tu_path(rel), 0, &err);
    assert_non_null(doc);
    json_t *ivs = json_object_get(doc, "intervals");
    size_t niv = json_array_size(ivs);
    assert_int_equal(niv, 2);
    static const char *const way[2] = {"sum", "sum_bidir_reverse"};
    static const char *const dir[2] = {"direction=client_to_server",
                                       "direction=server_to_client"};
    static const char *const what[3] = {"throughput", "transfer",
                                        "retransmits"};
    static const char *const key[3] = {"bits_per_second", "bytes",
                                       "retransmits"};
    int found = 0;
    for (size_t i = 0; i < niv; i++)
        for (int w = 0; w < 2; w++) {
            json_t *sum = json_object_get(json_array_get(ivs, i), way[w]);
            assert_non_null(sum);
            double a = json_number_value(json_object_get(sum, "start"));
            for (int q = 0; q < 3; q++) {
                /* the receiving way's sum has no retransmits: none read */
                json_t *raw = json_object_get(sum, key[q]);
                double want = json_number_value(raw);
                int hit = 0;
                for (int k = 0; k < p->n; k++) {
                    const tu_pt *x = &p->v[k];
                    if (!strcmp(x->label, "restated"))
                        continue; /* the stream's copy: checked below */
                    if (strstr(x->series, dir[w]) && !strcmp(x->what, what[q]) &&
                        fabs(x->start - a) < 1e-9) {
                        tu_assert_close(x->value, want, 1e-12, what[q]);
                        hit++;
                    }
                }
                assert_int_equal(hit, raw ? 1 : 0);
                found += hit;
            }
        }
    assert_int_equal(found, 10);
    /* the rest: the sending stream's cwnd, rtt, rttvar, snd_wnd and pmtu,
     * which its way's sum lacks, in that sum's trace */
    int extra = 0;
    for (int k = 0; k < p->n; k++) {
        const tu_pt *x = &p->v[k];
        if (!strcmp(x->label, "restated"))
            continue;
        if (!strcmp(x->what, "throughput") || !strcmp(x->what, "transfer") ||
            !strcmp(x->what, "retransmits"))
            continue;
        assert_true(!strcmp(x->what, "cwnd") || !strcmp(x->what, "rtt") ||
                    !strcmp(x->what, "rttvar") || !strcmp(x->what, "snd_wnd") ||
                    !strcmp(x->what, "pmtu"));
        extra++;
    }
    /* each way's lone stream repeats its sum's rate, bytes and (sending
     * way) retransmits at its own lines: read there, restated */
    assert_int_equal(restated_twins(p), 10);
    int run_copies = 0;
    for (int k = 0; k < p->n; k++)
        run_copies += !strcmp(p->v[k].label, "restated") &&
                      isnan(p->v[k].start);
    /* and each way's end.streams[0]: the sending way's rate, bytes and
     * retransmits and the receiving way's rate and bytes, both ends */
    assert_true(run_copies > 0);
    assert_int_equal(p->n, 10 + extra + 10 + run_copies);
    json_decref(doc);
    free(p);
    bdb_store_close(st);
}

/* The lines of text holding "socket" after "intervals" (and before
 * the document's "end"), in order: the lines of the intervals' streams, found by hand. */
static int socket_lines(const char *text, int *lines, int max)
{
    const char *iv = strstr(text, "\"intervals\"");
    const char *end = strstr(text, "\n\t\"end\":"); /* the top level's */
    assert_non_null(iv);
    assert_non_null(end);
    int n = 0, line = 1;
    for (const char *p = text; p < end; p++) {
        if (*p == '\n')
            line++;
        if (p > iv && strncmp(p, "\"socket\"", 8) == 0) {
            if (n >= max)
                fail_msg("more streams than the test keeps");
            lines[n++] = line;
        }
    }
    return n;
}

/* The line of "key" in the object whose "socket" is at socket_line: the
 * first line from there that holds it, before the object's '}'. */
static int key_line(const char *text, int socket_line, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\"", key);
    int line = 1;
    const char *p = text;
    while (line < socket_line && (p = strchr(p, '\n')) != NULL) {
        p++;
        line++;
    }
    for (; p && *p; line++) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (memchr(p, '}', n))
            break;
        for (size_t i = 0; i + strlen(pat) <= n; i++)
            if (!strncmp(p + i, pat, strlen(pat)))
                return line;
        p = nl ? nl + 1 : NULL;
    }
    return 0;
}

/* A stored iperf3 -J sample beside its raw text, its streams' "socket"
 * lines (found by hand) and its document read with jansson. */
typedef struct json_case {
    bdb_store *st;
    tu_pts *p;
    char *text;
    int lines[64], nlines;
    json_t *doc;
} json_case;

static void json_case_open(json_case *c, const char *rel)
{
    c->st = open_at(db_path);
    long long id = import_sample(c->st, rel);
    c->p = calloc(1, sizeof *c->p);
    tu_points_of(c->st, id, c->p);
    size_t len;
    c->text = tu_read(rel, &len);
    c->nlines = socket_lines(c->text, c->lines, 64);
    json_error_t err;
    c->doc = json_loadb(c->text, len, 0, &err);
    assert_non_null(c->doc);
}

static void json_case_close(json_case *c)
{
    json_decref(c->doc);
    free(c->text);
    free(c->p);
    bdb_store_close(c->st);
}

/* iperf3 -J --bidir -P 2: each interval's streams[] (besides its sums)
 * give the trace of each stream's series, its way by its "sender" flag,
 * each point at the line of its own key in the stream's object (found
 * from its "socket"), with the columns it holds: every value the raw
 * document's, read here with jansson. */
static void traces__iperf3_json_streams__each_streams_trace(void **state)
{
    (void)state;
    json_case c;
    json_case_open(&c, "samples/iperf3/json-tcp-bidir-P2.json");
    const tu_pts *p = c.p;
    json_t *ivs = json_object_get(c.doc, "intervals");
    static const char *const what[] = {"throughput", "transfer",
                                       "retransmits", "cwnd", "rtt"};
    static const char *const key[] = {"bits_per_second", "bytes",
                                      "retransmits", "snd_cwnd", "rtt"};
    static const double scale[] = {1, 1, 1, 1, 1e-6};
    int nth = 0, checked = 0, stream_points = 0;
    size_t i, k;
    json_t *iv, *one;
    json_array_foreach(ivs, i, iv) {
        json_array_foreach(json_object_get(iv, "streams"), k, one) {
            int line = c.lines[nth++];
            char label[32];
            snprintf(label, sizeof label, "stream %lld",
                     json_integer_value(json_object_get(one, "socket")));
            const char *dir = json_is_true(json_object_get(one, "sender"))
                                  ? "direction=client_to_server"
                                  : "direction=server_to_client";
            for (size_t q = 0; q < sizeof what / sizeof what[0]; q++) {
                json_t *raw = json_object_get(one, key[q]);
                int at = key_line(c.text, line, key[q]);
                int hit = 0;
                for (int x = 0; x < p->n; x++) {
                    const tu_pt *y = &p->v[x];
                    if (y->line != at || strcmp(y->what, what[q]))
                        continue;
                    assert_string_equal(y->label, label);
                    assert_non_null(strstr(y->series, dir));
                    assert_non_null(strstr(y->series, "stream="));
                    tu_assert_close(y->start, json_number_value(
                                        json_object_get(one, "start")),
                                    1e-9, "start");
                    tu_assert_close(y->value,
                                    json_number_value(raw) * scale[q],
                                    1e-12, what[q]);
                    hit++;
                }
                /* the receiving way's streams print no TCP columns */
                if (hit != (raw ? 1 : 0))
                    fail_msg("line %d %s: %d points", line, what[q], hit);
                checked += hit;
            }
        }
    }
    assert_int_equal(nth, c.nlines);
    assert_int_equal(nth, 8);
    for (int x = 0; x < p->n; x++)
        stream_points += strncmp(p->v[x].label, "stream ", 7) == 0;
    /* sending streams: rate, transfer, retransmits, cwnd, rtt, rttvar,
     * snd_wnd, pmtu; receiving ones: rate, transfer */
    assert_int_equal(checked, 2 * (2 * 5 + 2 * 2));
    assert_int_equal(stream_points, 2 * (2 * 8 + 2 * 2));
    json_case_close(&c);
}

/* iperf3 -J -u -P 2: each UDP stream's interval gives its datagrams
 * (the raw "packets") beside its rate, each at its key's line. */
static void traces__iperf3_json_udp_streams__their_datagrams(void **state)
{
    (void)state;
    json_case c;
    json_case_open(&c, "samples/iperf3/json-udp-P2-b50M.json");
    const tu_pts *p = c.p;
    int nth = 0;
    size_t i, k;
    json_t *iv, *one;
    json_array_foreach(json_object_get(c.doc, "intervals"), i, iv)
        json_array_foreach(json_object_get(iv, "streams"), k, one) {
            int line = c.lines[nth++], dg = 0, bps = 0;
            int l_dg = key_line(c.text, line, "packets");
            int l_bps = key_line(c.text, line, "bits_per_second");
            for (int x = 0; x < p->n; x++) {
                if (p->v[x].line != l_dg && p->v[x].line != l_bps)
                    continue;
                if (!strcmp(p->v[x].what, "datagrams") &&
                    p->v[x].line == l_dg) {
                    tu_assert_close(p->v[x].value, json_number_value(
                                        json_object_get(one, "packets")),
                                    0, "packets");
                    dg++;
                }
                if (!strcmp(p->v[x].what, "throughput") &&
                    p->v[x].line == l_bps) {
                    tu_assert_close(p->v[x].value, json_number_value(
                                        json_object_get(one,
                                                        "bits_per_second")),
                                    1e-12, "rate");
                    bps++;
                }
            }
            assert_int_equal(dg, 1);
            assert_int_equal(bps, 1);
        }
    assert_int_equal(nth, c.nlines);
    assert_int_equal(nth, 4);
    json_case_close(&c);
}

/* A lone stream's interval lines are the sum's: no stream trace; what
 * the sum lacks (cwnd, rtt) is in the sum's trace, at the stream's line;
 * what it repeats (rate, bytes, retransmits) is read at its own keys as
 * "restated" points, which the report's chart leaves out. */
static void traces__iperf3_json_one_stream__only_the_sums(void **state)
{
    (void)state;
    bdb_store *st = open_at(db_path);
    long long id = import_sample(st, "samples/iperf3/json-tcp.json");
    tu_pts *p = calloc(1, sizeof *p);
    tu_points_of(st, id, p);
    assert_true(p->n > 0);
    int sums = 0;
    for (int x = 0; x < p->n; x++) {
        if (strcmp(p->v[x].label, "restated") != 0) {
            assert_string_equal(p->v[x].label, "SUM");
            sums += !strcmp(p->v[x].what, "throughput");
        }
    }
    /* one restated rate, transfer and retransmits per interval's sum */
    assert_true(sums > 0);
    assert_int_equal(restated_twins(p), 3 * sums);
    /* and the run's: end.streams[0] repeats end.sum_sent and
     * sum_received; each of its figures is read at its own key's line,
     * with no interval (read here from the document by hand) */
    json_error_t err;
    json_t *doc = json_load_file(tu_path("samples/iperf3/json-tcp.json"), 0,
                                 &err);
    assert_non_null(doc);
    json_t *one = json_array_get(json_object_get(json_object_get(doc, "end"),
                                                 "streams"), 0);
    static const struct {
        const char *what, *side, *key;
    } want[] = {{"throughput_sender", "sender", "bits_per_second"},
                {"transfer_sender", "sender", "bytes"},
                {"retransmits", "sender", "retransmits"},
                {"throughput", "receiver", "bits_per_second"},
                {"transfer", "receiver", "bytes"}};
    size_t len;
    char *text = tu_read("samples/iperf3/json-tcp.json", &len);
    int run_copies = 0;
    for (int x = 0; x < p->n; x++) {
        const tu_pt *r = &p->v[x];
        if (strcmp(r->label, "restated") != 0 || !isnan(r->start))
            continue;
        int hit = 0;
        for (size_t k = 0; k < sizeof want / sizeof *want; k++) {
            if (strcmp(r->what, want[k].what) != 0)
                continue;
            json_t *o = json_object_get(one, want[k].side);
            tu_assert_close(r->value, json_number_value(
                                json_object_get(o, want[k].key)),
                            1e-9, r->what);
            char line[256], quoted[64];
            tu_text_line(text, r->line, line, sizeof line);
            snprintf(quoted, sizeof quoted, "\"%s\"", want[k].key);
            assert_non_null(strstr(line, quoted));
            hit++;
        }
        assert_int_equal(hit, 1);
        run_copies++;
    }
    assert_int_equal(run_copies, 5);
    free(text);
    json_decref(doc);
    free(p);
    bdb_store_close(st);
}

/* iperf3 -J -t 40 (one stream): 445 points, more than the writer keeps
 * waiting for one bulk insert (256): every interval's sum rate and its
 * stream's cwnd stored once, with the value of the raw document (read
 * here with jansson), including those past the first bulk. */
static void traces__iperf3_json_t40__every_interval_past_one_bulk(
    void **state)
{
    (void)state;
    const char *rel = "samples/iperf3/json-tcp-t40.json";
    bdb_store *st = open_at(db_path);
    long long id = import_sample(st, rel);
    tu_pts *p = calloc(1, sizeof *p);
    tu_points_of(st, id, p);
    assert_true(p->n > 256);
    json_error_t err;
    json_t *doc = json_load_file(tu_path(rel), 0, &err);
    assert_non_null(doc);
    json_t *ivs = json_object_get(doc, "intervals");
    assert_int_equal(json_array_size(ivs), 40);
    size_t i;
    json_t *iv;
    json_array_foreach(ivs, i, iv) {
        json_t *sum = json_object_get(iv, "sum");
        json_t *one = json_array_get(json_object_get(iv, "streams"), 0);
        double start = json_number_value(json_object_get(sum, "start"));
        int rate = 0, cwnd = 0;
        for (int x = 0; x < p->n; x++) {
            const tu_pt *y = &p->v[x];
            if (strcmp(y->label, "SUM") != 0 || fabs(y->start - start) > 1e-9)
                continue;
            if (!strcmp(y->what, "throughput")) {
                tu_assert_close(y->value, json_number_value(json_object_get(
                                              sum, "bits_per_second")),
                                1e-12, "throughput");
                rate++;
            } else if (!strcmp(y->what, "cwnd")) {
                tu_assert_close(y->value, json_number_value(json_object_get(
                                              one, "snd_cwnd")),
                                1e-12, "cwnd");
                cwnd++;
            }
        }
        if (rate != 1 || cwnd != 1)
            fail_msg("interval %zu (start %g): %d rates, %d cwnds", i, start,
                     rate, cwnd);
    }
    json_decref(doc);
    free(p);
    bdb_store_close(st);
}

/* The report's model of the iperf3 -P 4 log (one platform, --all). */
static bdb_model *report_model(bdb_store *st, size_t max_traces,
                               size_t max_points)
{
    bdb_report_opts o;
    bdb_report_opts_default(&o);
    o.min_platforms = 1;
    o.max_traces = max_traces;
    o.max_trace_points = max_points;
    bdb_model *m = NULL;
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_model_build(st, &o, &m, &d) != BDB_OK)
        fail_msg("model: %s", d.message);
    return m;
}

/* The report's traces of the iperf3 -P 4 run: one per stream and the
 * [SUM]'s, each point on the raw line it names with that line's
 * interval, stream, rate and transfer (read here by hand), and each
 * trace's min/mean/max of throughput computed here from those lines. */
static void report__traces__the_runs_traces_as_their_raw_lines_say(
    void **state)
{
    (void)state;
    bdb_store *st = open_at(db_path);
    const char *rel = "samples/iperf3/tcp-P4.txt";
    long long id = import_sample(st, rel);
    bdb_model *m = report_model(st, 0, 0);
    assert_int_equal(m->traces.n, 5);
    assert_int_equal(m->traces.left_out, 0);
    size_t len;
    char *text = tu_read(rel, &len);
    int sums = 0;
    for (size_t i = 0; i < m->traces.n; i++) {
        const bdb_rtrace *t = &m->traces.v[i];
        assert_int_equal(t->source_id, id);
        assert_string_equal(t->what, "throughput");
        assert_string_equal(t->unit, "bit/s");
        /* 2 interval lines x (rate, transfer, and Retr and Cwnd on a
         * stream's line, Retr on the [SUM]'s) */
        int is_sum = strstr(t->params, "stream=") == NULL;
        sums += is_sum;
        assert_int_equal(t->npoints, is_sum ? 6 : 8);
        assert_int_equal(t->n, t->npoints);
        double lo = INFINITY, hi = -INFINITY, sum = 0;
        size_t nbps = 0;
        for (size_t k = 0; k < t->n; k++) {
            const bdb_rtrace_point *p = &t->points[k];
            char line[512], sid[16];
            double a, b, bytes, bps;
            tu_text_line(text, p->line, line, sizeof line);
            tu_iperf_interval_line(line, sid, &a, &b, &bytes, &bps);
            assert_true(is_sum == !strcmp(sid, "SUM"));
            tu_assert_close(p->start, a, 1e-9, "start");
            tu_assert_close(p->end, b, 1e-9, "end");
            if (!strcmp(p->what, "throughput")) {
                tu_assert_close(p->value, bps, 1e-9, line);
                lo = bps < lo ? bps : lo;
                hi = bps > hi ? bps : hi;
                sum += bps;
                nbps++;
            }
            if (!strcmp(p->what, "transfer"))
                tu_assert_close(p->value, bytes, 1e-9, line);
        }
        assert_int_equal(t->nwhat, nbps);
        assert_int_equal(nbps, 2);
        tu_assert_close(t->min, lo, 1e-12, "min");
        tu_assert_close(t->max, hi, 1e-12, "max");
        tu_assert_close(t->mean, sum / 2, 1e-12, "mean");
    }
    assert_int_equal(sums, 1);
    free(text);
    bdb_model_free(m);
    /* bounded: 2 traces of at most 3 points; the rest counted and
     * summarised all the same */
    m = report_model(st, 2, 3);
    assert_int_equal(m->traces.n, 2);
    assert_int_equal(m->traces.left_out, 3);
    assert_int_equal(m->traces.first_left_out, id);
    const bdb_rtrace *t = &m->traces.v[0];
    assert_int_equal(t->n, 3);
    assert_int_equal(t->npoints, 8);
    assert_int_equal(t->nwhat, 2);
    /* stream 5 (stream=1): 6.36 and 6.29 Gbits/sec, lines 7 and 14 */
    tu_assert_close(t->min, 6.29e9, 1e-12, "min");
    tu_assert_close(t->max, 6.36e9, 1e-12, "max");
    assert_int_equal(t->points[0].line, 7);
    bdb_model_free(m);
    bdb_store_close(st);
}

/* A run of a platform the report leaves out brings no trace. */
static void report__traces__only_of_the_reports_platforms(void **state)
{
    (void)state;
    bdb_store *st = open_at(db_path);
    import_sample(st, "samples/iperf3/tcp-P4.txt");
    bdb_import_opts io = {.platform = "other"};
    bdb_import_result r;
    assert_int_equal(bdb_import_file(st, tu_path("samples/iperf3/tcp.txt"),
                                     &io, &r), 0);
    bdb_report_opts o;
    bdb_report_opts_default(&o);
    o.min_platforms = 1;
    bdb_model *m = NULL;
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_model_build(st, &o, &m, &d), 0);
    assert_int_equal(m->traces.n, 6);
    bdb_model_free(m);
    o.platforms = "other";
    if (bdb_model_build(st, &o, &m, &d))
        fail_msg("model of other: %s", d.message);
    assert_int_equal(m->traces.n, 1);
    assert_null(strstr(m->traces.v[0].params, "streams=4"));
    bdb_model_free(m);
    o.platforms = "lab";
    assert_int_equal(bdb_model_build(st, &o, &m, &d), 0);
    assert_int_equal(m->traces.n, 5);
    bdb_model_free(m);
    bdb_store_close(st);
}

/* A series the report drops (measured on one platform only, without
 * --all) brings no trace: iperf3 -P 4 as text (lab) and as JSON (other)
 * are the same series; the one-stream run (other) is not. */
static void report__traces__not_of_series_the_report_drops(void **state)
{
    (void)state;
    bdb_store *st = open_at(db_path);
    import_sample(st, "samples/iperf3/tcp-P4.txt");
    static const char *const other[] = {"samples/iperf3/json-tcp-P4.json",
                                        "samples/iperf3/tcp.txt"};
    for (int i = 0; i < 2; i++) {
        bdb_import_opts io = {.platform = "other"};
        bdb_import_result r;
        assert_int_equal(bdb_import_file(st, tu_path(other[i]), &io, &r), 0);
        assert_int_equal(r.status, BDB_IMPORT_ADDED);
    }
    bdb_report_opts o;
    bdb_report_opts_default(&o);
    bdb_model *m = NULL;
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_model_build(st, &o, &m, &d), 0);
    /* a [SUM] and 4 streams on each platform */
    assert_int_equal(m->traces.n, 10);
    for (size_t i = 0; i < m->traces.n; i++)
        assert_non_null(strstr(m->traces.v[i].params, "streams=4"));
    bdb_model_free(m);
    o.min_platforms = 1;
    assert_int_equal(bdb_model_build(st, &o, &m, &d), 0);
    assert_int_equal(m->traces.n, 11);
    bdb_model_free(m);
    bdb_store_close(st);
}

/* fio's normal,terse output (issue 21): the terse line's figures are
 * stored as points labelled "restated" of their series; a report charts
 * no trace of them (they are the run's figures printed again), the
 * store keeps them. */
static void report__traces__restated_points_not_charted(void **state)
{
    (void)state;
    bdb_store *st = open_at(db_path);
    long long id = import_sample(st, "samples/fio/mixed-normal-terse-randrw-4k.txt");
    tu_pts *p = calloc(1, sizeof *p);
    tu_points_of(st, id, p);
    assert_true(p->n > 20);
    for (int x = 0; x < p->n; x++) {
        assert_string_equal(p->v[x].label, "restated");
        assert_int_equal(p->v[x].line, 4); /* the terse line */
    }
    free(p);
    bdb_model *m = report_model(st, 0, 0);
    assert_int_equal(m->traces.n, 0);
    assert_int_equal(m->traces.left_out, 0);
    bdb_model_free(m);
    bdb_store_close(st);
}

/* A lone stream's restated rate, bytes and retransmits (iperf3 -J) are
 * not charted twice: the run's trace holds the SUM's points alone, and
 * its throughput figures (count, min, max) are the intervals' sums. */
static void report__traces__lone_stream_restated_not_charted(void **state)
{
    (void)state;
    bdb_store *st = open_at(db_path);
    long long id = import_sample(st, "samples/iperf3/json-tcp.json");
    tu_pts *p = calloc(1, sizeof *p);
    tu_points_of(st, id, p);
    size_t nsum = 0;
    double lo = INFINITY, hi = -INFINITY;
    for (int x = 0; x < p->n; x++)
        if (!strcmp(p->v[x].label, "SUM") &&
            !strcmp(p->v[x].what, "throughput")) {
            nsum++;
            lo = p->v[x].value < lo ? p->v[x].value : lo;
            hi = p->v[x].value > hi ? p->v[x].value : hi;
        }
    assert_true(nsum > 1);
    free(p);
    bdb_model *m = report_model(st, 0, 0);
    assert_int_equal(m->traces.n, 1);
    const bdb_rtrace *t = &m->traces.v[0];
    for (size_t k = 0; k < t->n; k++)
        assert_string_equal(t->points[k].label, "SUM");
    assert_int_equal(t->nwhat, nsum);
    tu_assert_close(t->min, lo, 1e-12, "min");
    tu_assert_close(t->max, hi, 1e-12, "max");
    bdb_model_free(m);
    bdb_store_close(st);
}

/* report --format html charts each trace as inline SVG with real text,
 * says how many it left out and how to see them; json carries the
 * points and the count; text a line per trace whose figures are the raw
 * lines' ([SUM] 25.0 and 24.8 Gbits/sec). */
static void cli__report__html_json_text_show_the_traces(void **state)
{
    (void)state;
    bdb_store *st = open_at(db_path);
    long long id = import_sample(st, "samples/iperf3/tcp-P4.txt");
    bdb_store_close(st);
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' report --all --format html "
                            "--traces 2 2>/dev/null", db_path), 0);
    assert_non_null(strstr(out.data, "<h2 id=\"traces\">Traces</h2>"));
    assert_non_null(strstr(out.data, "href=\"#traces\""));
    const char *sec = strstr(out.data, "<h2 id=\"traces\">");
    const char *end = strstr(sec, "<h2 id=\"efficiency\"");
    assert_non_null(end);
    int charts = 0, svgs = 0;
    for (const char *p = sec; (p = strstr(p, "<figure class=\"chart trace\">")) &&
                              p < end;
         p++)
        charts++;
    for (const char *p = sec; (p = strstr(p, "<svg")) && p < end; p++)
        svgs++;
    assert_int_equal(charts, 2);
    assert_int_equal(svgs, 2);
    assert_non_null(strstr(sec, "<text"));
    assert_non_null(strstr(sec, "3 more traces of these runs are not shown"));
    assert_non_null(strstr(sec, "benchdb traces --source ID"));
    assert_null(strstr(out.data, "<script"));
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s' report --all --format json "
                            "--traces 2 2>/dev/null", db_path), 0);
    json_error_t err;
    json_t *j = json_loads(out.data, 0, &err);
    assert_non_null(j);
    json_t *tr = json_object_get(j, "traces");
    assert_int_equal(json_integer_value(json_object_get(tr, "shown")), 2);
    assert_int_equal(json_integer_value(json_object_get(tr, "left_out")), 3);
    assert_int_equal(json_integer_value(json_object_get(
                         tr, "first_left_out_source")), id);
    json_t *items = json_object_get(tr, "items");
    assert_int_equal((int)json_array_size(items), 2);
    json_t *p0 = json_array_get(json_object_get(json_array_get(items, 0),
                                                "points"), 0);
    assert_int_equal(json_integer_value(json_object_get(p0, "line")), 7);
    assert_int_equal(json_integer_value(json_object_get(p0, "seq")), 1);
    tu_assert_close(json_real_value(json_object_get(p0, "value")), 6.36e9,
                    1e-12, "line 7's rate");
    tu_assert_close(json_real_value(json_object_get(p0, "end")), 1, 0,
                    "end");
    assert_string_equal(json_string_value(json_object_get(p0, "label")),
                        "stream 5");
    json_decref(j);
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s' report --all --width 400 "
                            "2>/dev/null", db_path), 0);
    assert_non_null(strstr(out.data, "2 points of throughput: min 24.8 "
                                     "Gbit/s, mean 24.9 Gbit/s, max 25.0 "
                                     "Gbit/s"));
    bdb_buf_free(&out);
}

/* An iperf 2 UDP server with two streams prints its [SUM] interval lines
 * but no final [SUM] line (samples/iperf/server-udp-P2-loss-i1.txt, made
 * here): the sum's series holds only its trace. `list series` lists it,
 * with 0 results and 0 platforms, filtered as any series is. */
static void cli__list_series__series_of_traces_only_listed(void **state)
{
    (void)state;
    bdb_store *st = open_at(db_path);
    import_sample(st, "samples/iperf/server-udp-P2-loss-i1.txt");
    bdb_store_close(st);
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' list series --format csv",
                            db_path), 0);
    const char *row = strstr(out.data, ",iperf,udp,throughput,"
                                       "\"direction=client_to_server,"
                                       "protocol=udp\",bit/s,higher,0,0\n");
    assert_non_null(row);
    /* the per-stream series, with their final lines, are there too */
    assert_non_null(strstr(out.data, "stream=1,streams=2\",bit/s,higher,1,1\n"));
    bdb_buf_free(&out);
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' list series --format csv "
                                  "--tool iperf --metric throughput "
                                  "--param protocol=udp",
                            db_path), 0);
    assert_non_null(strstr(out.data, "protocol=udp\",bit/s,higher,0,0\n"));
    bdb_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest sqlite_tests[] = {
        cmocka_unit_test_setup(traces__iperf3_intervals__stored_in_order_with_their_lines, setup),
        cmocka_unit_test_setup(traces__iperf2_intervals__stored_in_order_with_their_lines, setup),
        cmocka_unit_test_setup(traces__database_of_schema_7__upgrades_and_reparse_fills_them, setup),
        cmocka_unit_test_setup(traces__reparse_copy_forget__keep_them_whole, setup),
        cmocka_unit_test_setup(cli__traces__json_points_charts_and_a_bound, setup),
        cmocka_unit_test_setup(cli__wrk2_calibration_lines__are_the_latency_trace, setup),
        cmocka_unit_test_setup(traces__iperf3_json_bidir__both_ways_with_their_columns, setup),
        cmocka_unit_test_setup(traces__iperf3_json_streams__each_streams_trace, setup),
        cmocka_unit_test_setup(traces__iperf3_json_udp_streams__their_datagrams, setup),
        cmocka_unit_test_setup(traces__iperf3_json_one_stream__only_the_sums, setup),
        cmocka_unit_test_setup(traces__iperf3_json_t40__every_interval_past_one_bulk, setup),
        cmocka_unit_test_setup(report__traces__the_runs_traces_as_their_raw_lines_say, setup),
        cmocka_unit_test_setup(report__traces__only_of_the_reports_platforms, setup),
        cmocka_unit_test_setup(report__traces__not_of_series_the_report_drops, setup),
        cmocka_unit_test_setup(report__traces__restated_points_not_charted, setup),
        cmocka_unit_test_setup(report__traces__lone_stream_restated_not_charted, setup),
        cmocka_unit_test_setup(cli__report__html_json_text_show_the_traces, setup),
        cmocka_unit_test_setup(cli__list_series__series_of_traces_only_listed, setup),
    };
    const struct CMUnitTest pg_tests[] = {
        cmocka_unit_test_setup(traces__iperf3_intervals__stored_in_order_with_their_lines, pg_setup),
        cmocka_unit_test_setup(traces__reparse_copy_forget__keep_them_whole, pg_setup),
        cmocka_unit_test_setup(cli__traces__json_points_charts_and_a_bound, pg_setup),
        cmocka_unit_test_setup(traces__iperf3_json_streams__each_streams_trace, pg_setup),
        cmocka_unit_test_setup(report__traces__the_runs_traces_as_their_raw_lines_say, pg_setup),
        cmocka_unit_test_setup(report__traces__only_of_the_reports_platforms, pg_setup),
        cmocka_unit_test_setup(report__traces__restated_points_not_charted, pg_setup),
        cmocka_unit_test_setup(report__traces__lone_stream_restated_not_charted, pg_setup),
        cmocka_unit_test_setup(cli__list_series__series_of_traces_only_listed, pg_setup),
    };
    int failed = cmocka_run_group_tests_name("traces on SQLite", sqlite_tests,
                                             NULL, NULL);
    const char *pg = getenv("BDB_TEST_PG_URL");
    if (pg && *pg)
        failed += cmocka_run_group_tests_name("traces on PostgreSQL",
                                              pg_tests, NULL, NULL);
    else
        printf("[  SKIPPED  ] traces on PostgreSQL: BDB_TEST_PG_URL is not "
               "set\n");
    return failed ? 1 : 0;
}
