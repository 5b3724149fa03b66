/* test_progress_traces.c - the per-operation, per-child and progress lines
 * of openssl speed, redis-benchmark and dd as trace points, through
 * `benchdb parse` (which prints each point with its line, value and what
 * it is a point of). Every expected value is read from the raw text of a
 * real sample by the test itself (sscanf over the log's lines), never
 * typed in: samples/openssl-speed/doing-md5-rsa2048.txt, mr-md5-rsa2048,
 * multi2-md5-rsa2048, doing-evp-aes-128-gcm; samples/redis-benchmark/
 * progress-*; samples/dd/gnu-status-progress-zero-null-bs4k.txt (their
 * commands are in each folder's README). */
#include "test_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/bdb_buf.h"

#define MAX_PTS 2048

/* One trace point as `benchdb parse` prints it. */
typedef struct tpoint {
    int line;
    char bench[128];
    char what[64];      /* the point's quantity */
    double value;
    char of[64];        /* the series' metric it is a point of */
    char label[32];     /* "child 1", "" */
    int taken;
} tpoint;

typedef struct parsed {
    tpoint p[MAX_PTS];
    int n;
    int unread;         /* "N lines with numbers not read" */
    bdb_buf out;
} parsed;

static void parse_file(const char *arg, parsed *ps)
{
    memset(ps, 0, sizeof *ps);
    bdb_buf_init(&ps->out);
    assert_int_equal(tu_run(&ps->out, "parse %s 2>&1", arg), 0);
    assert_non_null(ps->out.data);
    const char *u = strstr(ps->out.data, " lines with numbers not read");
    assert_non_null(u);
    while (u > ps->out.data && u[-1] >= '0' && u[-1] <= '9')
        u--;
    ps->unread = atoi(u);
    char *save = NULL;
    char *copy = strdup(ps->out.data);
    assert_non_null(copy);
    for (char *l = strtok_r(copy, "\n", &save); l;
         l = strtok_r(NULL, "\n", &save)) {
        char *tr = strstr(l, "\ttrace of ");
        if (!tr)
            continue;
        assert_true(ps->n < MAX_PTS);
        tpoint *t = &ps->p[ps->n++];
        char *cols[10] = {0};
        *tr = '\0';
        int k = 0;
        /* line tool bench metric params value unit better rep (params
         * may be empty: split at each tab) */
        for (char *c = l; c && k < 10; k++) {
            cols[k] = c;
            c = strchr(c, '\t');
            if (c)
                *c++ = '\0';
        }
        assert_true(k >= 9);
        assert_non_null(cols[5]);
        t->line = atoi(cols[0]);
        snprintf(t->bench, sizeof t->bench, "%s", cols[2] ? cols[2] : "");
        snprintf(t->what, sizeof t->what, "%s", cols[3] ? cols[3] : "");
        t->value = strtod(cols[5], NULL);
        char of[sizeof t->of] = "", rest[sizeof t->label] = "";
        long long seq;
        int m = sscanf(tr + 10, "%63s #%lld %31[^\n]", of, &seq, rest);
        assert_true(m >= 2);
        snprintf(t->of, sizeof t->of, "%s", of);
        snprintf(t->label, sizeof t->label, "%s", m == 3 ? rest : "");
    }
    free(copy);
}

static void parse_sample(const char *rel, parsed *ps)
{
    char arg[1200];
    snprintf(arg, sizeof arg, "'%s'", tu_path(rel));
    parse_file(arg, ps);
}

/* Takes the first point not taken yet at line with this quantity, value
 * (relative rel) and, when not NULL, series metric and label. */
static void take(parsed *ps, int line, const char *what, double want,
                 double rel, const char *of, const char *label)
{
    for (int i = 0; i < ps->n; i++) {
        tpoint *t = &ps->p[i];
        if (t->taken || t->line != line || strcmp(t->what, what) != 0)
            continue;
        if (of && strcmp(t->of, of) != 0)
            continue;
        if (label && strcmp(t->label, label) != 0)
            continue;
        if (fabs(t->value - want) > rel * fabs(want) + 1e-12)
            continue;
        t->taken = 1;
        return;
    }
    fail_msg("no trace point %s=%.10g (of %s, label '%s') at line %d",
             what, want, of ? of : "*", label ? label : "*", line);
}

static void all_taken(const parsed *ps)
{
    for (int i = 0; i < ps->n; i++)
        if (!ps->p[i].taken)
            fail_msg("trace point %s=%g at line %d (of %s %s) not expected",
                     ps->p[i].what, ps->p[i].value, ps->p[i].line,
                     ps->p[i].of, ps->p[i].label);
}

/* The raw lines of a sample, each with its number. */
typedef struct rawlines {
    char *text;
    char *line[512];
    int n;
} rawlines;

static void read_lines(const char *rel, rawlines *r)
{
    size_t len;
    r->text = tu_read(rel, &len);
    assert_non_null(r->text);
    r->n = 0;
    char *p = r->text;
    while (*p && r->n < 512) {
        r->line[r->n++] = p;
        char *nl = strchr(p, '\n');
        if (!nl)
            break;
        *nl = '\0';
        p = nl + 1;
    }
    if (*p && r->n == 512)
        fail_msg("%s: more than the 512 lines read_lines holds", rel);
}

/* ---- openssl speed ---------------------------------------------------- */

/* "Doing md5 for 1s on 16 size blocks: 1679360 md5's in 0.35s" and
 * "Doing 2048 bits private rsa's for 1s: 430 2048 bits private RSA's in
 * 0.34s": each a count and a time of its figure's series. */
static void openssl__doing_lines__are_points_of_their_figures(void **state)
{
    (void)state;
    const char *rel = "samples/openssl-speed/doing-md5-rsa2048.txt";
    parsed ps;
    parse_sample(rel, &ps);
    rawlines r;
    read_lines(rel, &r);
    int doing = 0;
    for (int i = 0; i < r.n; i++) {
        long long count, secs, size, bits;
        double t;
        char kind[16];
        if (sscanf(r.line[i], "Doing md5 for %llds on %lld size blocks: "
                              "%lld md5's in %lfs",
                   &secs, &size, &count, &t) == 4) {
            take(&ps, i + 1, "operations", (double)count, 0, "throughput",
                 "");
            take(&ps, i + 1, "seconds", t, 1e-9, "throughput", "");
            doing++;
        } else if (sscanf(r.line[i], "Doing %lld bits %15s rsa's for "
                                     "%llds: %lld",
                          &bits, kind, &secs, &count) == 4) {
            const char *in = strstr(r.line[i], " in ");
            assert_non_null(in);
            t = strtod(in + 4, NULL);
            const char *of = strcmp(kind, "private") == 0 ? "sign_per_sec"
                                                          : "verify_per_sec";
            take(&ps, i + 1, "operations", (double)count, 0, of, "");
            take(&ps, i + 1, "seconds", t, 1e-9, of, "");
            doing++;
        }
    }
    assert_int_equal(doing, 8);     /* 6 block sizes, sign and verify */
    all_taken(&ps);
    assert_int_equal(ps.unread, 0);
    free(r.text);
    bdb_buf_free(&ps.out);
}

/* 3.x's -evp names its cipher in upper case on the Doing lines too. */
static void openssl__evp_doing_lines__are_points(void **state)
{
    (void)state;
    const char *rel = "samples/openssl-speed/doing-evp-aes-128-gcm.txt";
    parsed ps;
    parse_sample(rel, &ps);
    rawlines r;
    read_lines(rel, &r);
    int doing = 0;
    for (int i = 0; i < r.n; i++) {
        long long count, secs, size;
        double t;
        if (sscanf(r.line[i], "Doing AES-128-GCM for %llds on %lld size "
                              "blocks: %lld AES-128-GCM's in %lfs",
                   &secs, &size, &count, &t) != 4)
            continue;
        take(&ps, i + 1, "operations", (double)count, 0, "throughput", "");
        take(&ps, i + 1, "seconds", t, 1e-9, "throughput", "");
        doing++;
    }
    assert_int_equal(doing, 6);
    all_taken(&ps);
    for (int i = 0; i < ps.n; i++)
        assert_string_equal(ps.p[i].bench, "aes-128-gcm");
    free(r.text);
    bdb_buf_free(&ps.out);
}

/* -mr: each "+R" line is the result of the "+DT"/"+DTP" line before it. */
static void openssl__mr_r_lines__pair_with_their_dt_lines(void **state)
{
    (void)state;
    const char *rel = "samples/openssl-speed/mr-md5-rsa2048.txt";
    parsed ps;
    parse_sample(rel, &ps);
    rawlines r;
    read_lines(rel, &r);
    int n = 0;
    char op[16] = "";
    for (int i = 0; i < r.n; i++) {
        long long count, bits;
        double t;
        char name[32];
        if (sscanf(r.line[i], "+DTP:%lld:%15[a-z]:", &bits, op) == 2)
            continue;
        if (sscanf(r.line[i], "+R:%lld:%31[^:]:%lf", &count, name, &t) == 3) {
            take(&ps, i + 1, "operations", (double)count, 0, "throughput",
                 "");
            take(&ps, i + 1, "seconds", t, 1e-9, "throughput", "");
            n++;
        } else if (sscanf(r.line[i], "+R%*d:%lld:%lld:%lf", &count, &bits,
                          &t) == 3) {
            const char *of = strcmp(op, "private") == 0 ? "sign_per_sec"
                                                        : "verify_per_sec";
            take(&ps, i + 1, "operations", (double)count, 0, of, "");
            take(&ps, i + 1, "seconds", t, 1e-9, of, "");
            n++;
        }
    }
    assert_int_equal(n, 8);
    all_taken(&ps);
    assert_int_equal(ps.unread, 0);
    free(r.text);
    bdb_buf_free(&ps.out);
}

/* -multi 2: each child's "Got: +F" figures are points labelled with the
 * child; the children's interleaved "+R" lines go to the child whose
 * figure their rate equals, found here from the raw text the same way. */
static void openssl__multi_children__are_labelled_points(void **state)
{
    (void)state;
    const char *rel = "samples/openssl-speed/multi2-md5-rsa2048.txt";
    static const double sizes[] = {16, 64, 256, 1024, 8192, 16384};
    parsed ps;
    parse_sample(rel, &ps);
    rawlines r;
    read_lines(rel, &r);
    double md5[2][6] = {{0}}, rsa[2][2] = {{0}};
    int got = 0;
    for (int i = 0; i < r.n; i++) {
        double v[6];
        int child;
        char label[32];
        if (sscanf(r.line[i], "Got: +F:3:md5:%lf:%lf:%lf:%lf:%lf:%lf from %d",
                   &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &child) == 7) {
            assert_true(child == 0 || child == 1);
            snprintf(label, sizeof label, "child %d", child);
            for (int k = 0; k < 6; k++) {
                md5[child][k] = v[k];
                take(&ps, i + 1, "throughput", v[k], 1e-9, "throughput",
                     label);
            }
            got++;
        } else if (sscanf(r.line[i], "Got: +F2:2:2048:%lf:%lf from %d", &v[0],
                          &v[1], &child) == 3) {
            assert_true(child == 0 || child == 1);
            snprintf(label, sizeof label, "child %d", child);
            rsa[child][0] = v[0];
            rsa[child][1] = v[1];
            take(&ps, i + 1, "sign_per_sec", v[0], 1e-9, "sign_per_sec",
                 label);
            take(&ps, i + 1, "verify_per_sec", v[1], 1e-9, "verify_per_sec",
                 label);
            got++;
        }
    }
    assert_int_equal(got, 4);
    int results = 0;
    for (int i = 0; i < r.n; i++) {
        long long count, bits;
        double t;
        int rn;
        char label[32];
        if (sscanf(r.line[i], "+R:%lld:md5:%lf", &count, &t) == 2) {
            int found = 0;
            for (int c = 0; c < 2 && !found; c++)
                for (int k = 0; k < 6 && !found; k++)
                    if (fabs(count / t * sizes[k] - md5[c][k]) <
                        1e-6 * md5[c][k]) {
                        snprintf(label, sizeof label, "child %d", c);
                        take(&ps, i + 1, "operations", (double)count, 0,
                             "throughput", label);
                        take(&ps, i + 1, "seconds", t, 1e-9, "throughput",
                             label);
                        found = 1;
                    }
            assert_true(found);
            results++;
        } else if (sscanf(r.line[i], "+R%d:%lld:%lld:%lf", &rn, &count,
                          &bits, &t) == 4) {
            /* +R1 signs, +R2 verifies (3.0's speed.c); the closest child */
            int op = rn == 1 ? 0 : 1, best = -1;
            double err = 0.01;
            for (int c = 0; c < 2; c++) {
                double e = fabs(count / t / rsa[c][op] - 1);
                if (e <= err) {
                    err = e;
                    best = c;
                }
            }
            assert_true(best >= 0);
            snprintf(label, sizeof label, "child %d", best);
            const char *of = op == 0 ? "sign_per_sec" : "verify_per_sec";
            take(&ps, i + 1, "operations", (double)count, 0, of, label);
            take(&ps, i + 1, "seconds", t, 1e-9, of, label);
            results++;
        }
    }
    assert_int_equal(results, 16);  /* 2 children x (6 sizes + 2 ops) */
    all_taken(&ps);
    assert_int_equal(ps.unread, 0);
    free(r.text);
    bdb_buf_free(&ps.out);
}

static void write_text(const char *name, const char *text, char *path,
                       size_t n)
{
    snprintf(path, n, "%s/%s", tu_tmpdir(), name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* Writes text to a file called name and parses it into ps. */
static void parse_text(const char *name, const char *text, parsed *ps)
{
    char path[1100], arg[1200];
    write_text(name, text, path, sizeof path);
    snprintf(arg, sizeof arg, "'%s'", path);
    parse_file(arg, ps);
}

/* A Doing line wrapped before its time, as a mail quote keeps it: the
 * count on its line, the time on the next. Excerpt of a published log of
 * OpenSSL 3.0.11 on a StarFive JH8100 (RISC-V), a public file found by
 * content search (search index id 45715322059; repository name not
 * recoverable), its first 12 lines. */
static void openssl__wrapped_doing_line__reads_its_time_on_the_next(
    void **state)
{
    (void)state;
    static const char log[] =
        ">         -- openssl speed rsa2048\n"
        ">\n"
        "> Doing 2048 bits private rsa's for 10s: 39 2048 bits private RSA's "
        "in\n"
        "> 10.14s\n"
        "> Doing 2048 bits public rsa's for 10s: 1563 2048 bits public RSA's "
        "in\n"
        "> 10.00s\n"
        "> version: 3.0.11\n"
        "> built on: Tue Sep 19 13:02:31 2023 UTC\n"
        "> options: bn(64,64)\n"
        "> CPUINFO: N/A\n"
        ">                   sign    verify    sign/s verify/s\n"
        "> rsa 2048 bits 0.260000s 0.006398s      3.8    156.3\n";
    parsed ps;
    parse_text("wrapped-doing.txt", log, &ps);
    take(&ps, 3, "operations", 39, 0, "sign_per_sec", "");
    take(&ps, 4, "seconds", 10.14, 1e-9, "sign_per_sec", "");
    take(&ps, 5, "operations", 1563, 0, "verify_per_sec", "");
    take(&ps, 6, "seconds", 10.00, 1e-9, "verify_per_sec", "");
    all_taken(&ps);
    assert_int_equal(ps.unread, 0);
    bdb_buf_free(&ps.out);
}

/* Each "Doing ...: N ... in Ts" line of text: N and T at its line, as
 * points of (benchmark, series) given in order in want[]. */
static void check_doing_text(const char *name, const char *text,
                             const char *const (*want)[2], int nwant)
{
    parsed ps;
    parse_text(name, text, &ps);
    char *copy = strdup(text);
    assert_non_null(copy);
    int line = 0, k = 0;
    for (char *l = copy; l; ) {
        char *nl = strchr(l, '\n');
        if (nl)
            *nl = '\0';
        line++;
        const char *colon = strstr(l, "s: ");
        const char *in = strstr(l, " in ");
        if (strncmp(l, "Doing ", 6) == 0 && colon && in) {
            assert_true(k < nwant);
            double count = strtod(colon + 3, NULL), t = strtod(in + 4, NULL);
            int found = 0;
            for (int i = 0; i < ps.n && !found; i++) {
                tpoint *p = &ps.p[i];
                if (p->line == line && !p->taken &&
                    strcmp(p->what, "operations") == 0 &&
                    p->value == count && strcmp(p->bench, want[k][0]) == 0 &&
                    strcmp(p->of, want[k][1]) == 0)
                    found = p->taken = 1;
            }
            if (!found)
                fail_msg("line %d: no operations=%g of %s %s", line, count,
                         want[k][0], want[k][1]);
            take(&ps, line, "seconds", t, 1e-9, want[k][1], "");
            k++;
        }
        l = nl ? nl + 1 : NULL;
    }
    assert_int_equal(k, nwant);
    all_taken(&ps);
    assert_int_equal(ps.unread, 0);
    free(copy);
    bdb_buf_free(&ps.out);
}

/* OpenSSL 1.0.2g: "bit" (not "bits"), DSA and ECDSA "signs"/"verify",
 * "160-bit ECDH ops", and two curves of 163 bits (nistk163, nistb163)
 * whose rows take their Doing lines in order. Excerpt (the lines of
 * these algorithms, in the order printed) of a published course write-up
 * kept in a public repository, found by content search (search index id
 * 25258571929; repository name not recoverable). */
static void openssl__1_0_2_spellings__are_points_in_order(void **state)
{
    (void)state;
    static const char log[] =
        "Doing 2048 bit private rsa's for 10s: 12553 2048 bit private RSA's "
        "in 10.00s\n"
        "Doing 2048 bit public rsa's for 10s: 283721 2048 bit public RSA's in "
        "9.99s\n"
        "Doing 2048 bit sign dsa's for 10s: 24031 2048 bit DSA signs in "
        "10.00s\n"
        "Doing 2048 bit verify dsa's for 10s: 22682 2048 bit DSA verify in "
        "10.00s\n"
        "Doing 163 bit sign ecdsa's for 10s: 45394 163 bit ECDSA signs in "
        "10.00s\n"
        "Doing 163 bit verify ecdsa's for 10s: 20097 163 bit ECDSA verify in "
        "10.00s\n"
        "Doing 163 bit sign ecdsa's for 10s: 47833 163 bit ECDSA signs in "
        "10.00s\n"
        "Doing 163 bit verify ecdsa's for 10s: 18890 163 bit ECDSA verify in "
        "10.00s\n"
        "Doing 163 bit  ecdh's for 10s: 40461 163-bit ECDH ops in 10.00s\n"
        "Doing 163 bit  ecdh's for 10s: 39203 163-bit ECDH ops in 10.00s\n"
        "OpenSSL 1.0.2g  1 Mar 2016\n"
        "built on: reproducible build, date unspecified\n"
        "                  sign    verify    sign/s verify/s\n"
        "rsa 2048 bits 0.000797s 0.000035s   1255.3  28400.5\n"
        "                  sign    verify    sign/s verify/s\n"
        "dsa 2048 bits 0.000416s 0.000441s   2403.1   2268.2\n"
        "                              sign    verify    sign/s verify/s\n"
        " 163 bit ecdsa (nistk163)   0.0002s   0.0005s   4539.4   2009.7\n"
        " 163 bit ecdsa (nistb163)   0.0002s   0.0005s   4783.3   1889.0\n"
        "                              op      op/s\n"
        " 163 bit ecdh (nistk163)   0.0002s   4046.1\n"
        " 163 bit ecdh (nistb163)   0.0003s   3920.3\n";
    static const char *const want[][2] = {
        {"rsa2048", "sign_per_sec"},        {"rsa2048", "verify_per_sec"},
        {"dsa2048", "sign_per_sec"},        {"dsa2048", "verify_per_sec"},
        {"ecdsa-nistk163", "sign_per_sec"}, {"ecdsa-nistk163", "verify_per_sec"},
        {"ecdsa-nistb163", "sign_per_sec"}, {"ecdsa-nistb163", "verify_per_sec"},
        {"ecdh-nistk163", "op_per_sec"},    {"ecdh-nistb163", "op_per_sec"}};
    check_doing_text("o102.txt", log, want, 10);
}

/* OpenSSL 0.9.8e on an ALIX board with the cryptodev engine: the Geode's
 * AES unit did the 8192-byte blocks and the process used no CPU time the
 * clock counts ("12051 aes-128-cbc's in 0.00s"). That result was left out
 * of the trace (a time of 0 was taken for none) and its line warned as
 * unread; it is what speed measured, a point like the others. Excerpt of
 * a published reStructuredText page (lines 27-35 and 43-44, its
 * two-space block indent removed; search index id 8987389558). */
static void openssl__zero_seconds_result__is_a_point(void **state)
{
    (void)state;
    static const char log[] =
        "alix:~#  openssl speed -evp aes-128-cbc -engine cryptodev\n"
        "engine \"cryptodev\" set.\n"
        "To get the most accurate results, try to run this\n"
        "program when this computer is idle.\n"
        "Doing aes-128-cbc for 3s on 16 size blocks: 110894 aes-128-cbc's in 0.10s\n"
        "Doing aes-128-cbc for 3s on 64 size blocks: 107049 aes-128-cbc's in 0.11s\n"
        "Doing aes-128-cbc for 3s on 256 size blocks: 92452 aes-128-cbc's in 0.11s\n"
        "Doing aes-128-cbc for 3s on 1024 size blocks: 58844 aes-128-cbc's in 0.06s\n"
        "Doing aes-128-cbc for 3s on 8192 size blocks: 12051 aes-128-cbc's in 0.00s\n"
        "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n"
        "aes-128-cbc      17739.14k    64203.92k   206499.31k   952502.43k 22441871.33k\n";
    static const char *const want[][2] = {
        {"aes-128-cbc", "throughput"}, {"aes-128-cbc", "throughput"},
        {"aes-128-cbc", "throughput"}, {"aes-128-cbc", "throughput"},
        {"aes-128-cbc", "throughput"}};
    check_doing_text("o098e.txt", log, want, 5);
}

/* OpenSSL 3.6.1: "sha256 ops", RSA's four operations ("private RSA sign
 * ops"), the KEM and signature tables ("rsa2048 KEM keygen ops", "rsa2048
 * signature sign ops"). Excerpt of a published benchmark write-up kept in
 * a public repository, found by content search (search index id
 * 60126492788; repository name not recoverable): two of its runs. */
static void openssl__3_6_spellings__are_points(void **state)
{
    (void)state;
    static const char log[] =
        "Doing sha256 ops for 3s on 16 size blocks: 42046315 sha256 ops in "
        "2.98s\n"
        "Doing sha256 ops for 3s on 64 size blocks: 38850195 sha256 ops in "
        "3.00s\n"
        "Doing sha256 ops for 3s on 256 size blocks: 23189760 sha256 ops in "
        "2.98s\n"
        "Doing sha256 ops for 3s on 1024 size blocks: 8563494 sha256 ops in "
        "3.00s\n"
        "Doing sha256 ops for 3s on 8192 size blocks: 1236600 sha256 ops in "
        "2.99s\n"
        "Doing sha256 ops for 3s on 16384 size blocks: 623656 sha256 ops in "
        "2.98s\n"
        "version: 3.6.1\n"
        "The 'numbers' are in 1000s of bytes per second processed.\n"
        "type             16 bytes     64 bytes    256 bytes   1024 bytes   "
        "8192 bytes  16384 bytes\n"
        "sha256          225752.03k   828804.16k  1992140.46k  2923005.95k  "
        "3388035.85k  3428852.32k\n"
        "Doing 2048 bits private rsa sign ops for 10s: 30483 2048 bits private "
        "RSA sign ops in 9.96s\n"
        "Doing 2048 bits public rsa verify ops for 10s: 1203310 2048 bits "
        "public RSA verify ops in 9.95s\n"
        "Doing 2048 bits public rsa encrypt ops for 10s: 1147580 2048 bits "
        "public RSA encrypt ops in 9.96s\n"
        "Doing 2048 bits private rsa decrypt ops for 10s: 29484 2048 bits "
        "private RSA decrypt ops in 9.83s\n"
        "Doing rsa2048 keygen ops for 10s: 390 rsa2048 KEM keygen ops in "
        "9.93s\n"
        "Doing rsa2048 encaps ops for 10s: 1057711 rsa2048 KEM encaps ops in "
        "9.95s\n"
        "Doing rsa2048 decaps ops for 10s: 29916 rsa2048 KEM decaps ops in "
        "9.93s\n"
        "Doing rsa2048 keygen ops for 10s: 384 rsa2048 signature keygen ops "
        "in 9.92s\n"
        "Doing rsa2048 signs ops for 10s: 29743 rsa2048 signature sign ops in "
        "9.95s\n"
        "Doing rsa2048 verify ops for 10s: 1173987 rsa2048 signature verify "
        "ops in 9.94s\n"
        "version: 3.6.1\n"
        "                   sign    verify    encrypt   decrypt   sign/s "
        "verify/s  encr./s  decr./s\n"
        "rsa  2048 bits 0.000327s 0.000008s 0.000009s 0.000333s   3060.5 "
        "120935.7 115218.9   2999.4\n"
        "                               keygen    encaps    decaps keygens/s  "
        "encaps/s  decaps/s\n"
        "                    rsa2048 0.025462s 0.000009s 0.000332s      39.3  "
        "106302.6    3012.7\n"
        "                               keygen     signs    verify keygens/s  "
        "  sign/s  verify/s\n"
        "                    rsa2048 0.025833s 0.000335s 0.000008s      38.7  "
        "  2989.2  118107.3\n";
    static const char *const want[][2] = {
        {"sha256", "throughput"},      {"sha256", "throughput"},
        {"sha256", "throughput"},      {"sha256", "throughput"},
        {"sha256", "throughput"},      {"sha256", "throughput"},
        {"rsa2048", "sign_per_sec"},   {"rsa2048", "verify_per_sec"},
        {"rsa2048", "encrypt_per_sec"}, {"rsa2048", "decrypt_per_sec"},
        {"rsa2048", "keygen_per_sec"}, {"rsa2048", "encaps_per_sec"},
        {"rsa2048", "decaps_per_sec"}, {"rsa2048", "keygen_per_sec"},
        {"rsa2048", "sign_per_sec"},   {"rsa2048", "verify_per_sec"}};
    check_doing_text("o36.txt", log, want, 16);
}

/* Results whose rows a cut took away give the figure themselves, each
 * with its result as points (openssl_untabled.c): the real sample cut
 * inside its ECDSA row (samples/openssl-speed/truncated-pk-rsa-dsa-
 * ecdsa.txt): the RSA and DSA Doing lines are points of their rows, the
 * ECDSA, ECDH, EdDSA and FFDH ones of the figures they give; no Doing
 * line is left as an unread-figure warning. */
static void openssl__results_of_a_cut_table__all_points(void **state)
{
    (void)state;
    const char *rel = "samples/openssl-speed/truncated-pk-rsa-dsa-ecdsa.txt";
    parsed ps;
    parse_sample(rel, &ps);
    rawlines r;
    read_lines(rel, &r);
    int warned = 0, points = 0;
    for (int i = 0; i < r.n; i++) {
        if (strncmp(r.line[i], "Doing ", 6) != 0)
            continue;
        char want[64];
        snprintf(want, sizeof want, "# warning: line %d: openssl-speed: "
                                    "numbers not read",
                 i + 1);
        int is_warned = strstr(ps.out.data, want) != NULL;
        int has_point = 0;
        for (int k = 0; k < ps.n; k++)
            has_point |= ps.p[k].line == i + 1;
        assert_true(is_warned != has_point);
        warned += is_warned;
        points += has_point;
    }
    assert_int_equal(points, 10);
    assert_int_equal(warned, 0);
    free(r.text);
    bdb_buf_free(&ps.out);
}

/* ---- redis-benchmark -------------------------------------------------- */

/* Every "T: rps=R (overall: O) avg_msec=A (overall: B)" update of a line
 * (between \r) is a point of T's requests_per_sec; nan gives none. */
static int check_rps_updates(parsed *ps, const char *seg, int line)
{
    char title[64];
    double v[4];
    int n = sscanf(seg, "%63[A-Z]: rps=%lf (overall: %lf) avg_msec=%lf "
                        "(overall: %lf)",
                   title, &v[0], &v[1], &v[2], &v[3]);
    if (n < 2)
        return 0;
    static const char *const what[] = {"requests_per_sec",
                                       "requests_per_sec_overall",
                                       "latency_mean", "latency_mean_overall"};
    for (int k = 0; k < n - 1; k++)
        if (!isnan(v[k]))
            take(ps, line, what[k], k >= 2 ? v[k] / 1000 : v[k], 1e-9,
                 "requests_per_sec", "");
    return 1;
}

static int check_redis_sample(const char *rel)
{
    parsed ps;
    parse_sample(rel, &ps);
    rawlines r;
    read_lines(rel, &r);
    int updates = 0;
    for (int i = 0; i < r.n; i++) {
        char *seg = r.line[i];
        for (;;) {
            char *cr = strchr(seg, '\r');
            if (cr)
                *cr = '\0';
            while (*seg == ' ')
                seg++;
            updates += check_rps_updates(&ps, seg, i + 1);
            if (!cr)
                break;
            seg = cr + 1;
        }
    }
    all_taken(&ps);
    assert_int_equal(ps.unread, 0);
    free(r.text);
    bdb_buf_free(&ps.out);
    return updates;
}

static void redis__quiet_progress__is_the_rate_trace(void **state)
{
    (void)state;
    assert_true(check_redis_sample(
                    "samples/redis-benchmark/"
                    "progress-quiet-set-get-n200000.txt") >= 4);
}

static void redis__full_report_progress__is_the_rate_trace(void **state)
{
    (void)state;
    assert_true(check_redis_sample("samples/redis-benchmark/"
                                   "progress-full-set-n200000.txt") >= 2);
}

static void redis__progress_on_lines_of_their_own__is_read(void **state)
{
    (void)state;
    assert_true(check_redis_sample(
                    "samples/redis-benchmark/"
                    "progress-quiet-get-n100000-cr-as-newlines.txt") >= 2);
}

/* A test cut before its result: its updates are still read (beside the
 * warning that it did not finish). Excerpt of a published quiet run whose
 * progress lines were kept as lines, a public file found by content
 * search (search index id 59898070904; repository name not recoverable):
 * its last three lines. */
static void redis__unfinished_test__keeps_its_updates(void **state)
{
    (void)state;
    static const char log[] =
        "  LPUSH (needed to benchmark LRANGE): 400000.00 requests per second, "
        "p50=0.999 msec\n"
        "  LRANGE_100 (first 100 elements): rps=0.0 (overall: 0.0) "
        "avg_msec=-nan (overall: -nan)\n"
        "  LRANGE_100 (first 100 elements): rps=84717.1 (overall: 70880.0) "
        "avg_msec=9.990 (overall: 9.990)\n";
    parsed ps;
    parse_text("redis-unfinished.txt", log, &ps);
    take(&ps, 2, "requests_per_sec", 0, 0, "requests_per_sec", "");
    take(&ps, 2, "requests_per_sec_overall", 0, 0, "requests_per_sec", "");
    take(&ps, 3, "requests_per_sec", 84717.1, 1e-9, "requests_per_sec", "");
    take(&ps, 3, "requests_per_sec_overall", 70880.0, 1e-12,
         "requests_per_sec", "");
    take(&ps, 3, "latency_mean", 0.00999, 1e-9, "requests_per_sec", "");
    take(&ps, 3, "latency_mean_overall", 0.00999, 1e-9, "requests_per_sec",
         "");
    all_taken(&ps);
    assert_non_null(strstr(ps.out.data, "did not finish"));
    assert_int_equal(ps.unread, 0);
    bdb_buf_free(&ps.out);
}

/* Progress kept as lines with the count of requests finished after the
 * latencies ("... (overall: 15.365) 707 requests"): each update is still
 * a point. Excerpt of a published CI-style log of a Redis-compatible
 * server, a public file found by content search (search index id
 * 59842865293; repository name not recoverable): its lines 1-3 and
 * 16-18. */
static void redis__progress_with_request_count__is_read(void **state)
{
    (void)state;
    static const char log[] =
        "  LRANGE_500 (first 500 elements): 33806.62 requests per second, "
        "p50=22.623 msec\n"
        "  LRANGE_600 (first 600 elements): rps=2828.0 (overall: 22806.5) "
        "avg_msec=15.365 (overall: 15.365) 707 requests\n"
        "  LRANGE_600 (first 600 elements): rps=28300.0 (overall: 27694.0) "
        "avg_msec=27.981 (overall: 26.835) 7782 requests\n"
        "  LRANGE_600 (first 600 elements): 28401.02 requests per second, "
        "p50=26.959 msec\n"
        "  MSET (10 keys): rps=0.0 (overall: 0.0) avg_msec=-nan (overall: "
        "-nan) 0 requests\n"
        "  MSET (10 keys): 584795.31 requests per second, p50=1.279 msec\n";
    parsed ps;
    parse_text("redis-request-counts.txt", log, &ps);
    static const struct {
        int line;
        double v[4];
    } want[] = {{2, {2828.0, 22806.5, 0.015365, 0.015365}},
                {3, {28300.0, 27694.0, 0.027981, 0.026835}}};
    static const char *const what[] = {"requests_per_sec",
                                       "requests_per_sec_overall",
                                       "latency_mean", "latency_mean_overall"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        for (int k = 0; k < 4; k++)
            take(&ps, want[i].line, what[k], want[i].v[k], 1e-9,
                 "requests_per_sec", "");
    take(&ps, 5, "requests_per_sec", 0, 0, "requests_per_sec", "");
    take(&ps, 5, "requests_per_sec_overall", 0, 0, "requests_per_sec", "");
    all_taken(&ps);
    assert_int_equal(ps.unread, 0);
    bdb_buf_free(&ps.out);
}

/* Progress a terminal wrote over (issue 21). redis-benchmark 6.2 printed
 * each update with a bare \r, so a shorter one leaves the tail of the
 * longer one before it ("avg_msec=nan (overall: 0.038))0.038)"), and a
 * narrow terminal cut each update at its width, the next glued after the
 * blanks or right after the cut ("(overaGET: rps="). The values printed
 * whole are points, nan none; the residue and the cuts are warned at
 * their line. Excerpts: an Elixir "build your own Redis" blog, search
 * index id 28421441844, its lines 10-19, 29-34 and 62-67 of the kept
 * part; notes on a toy key-value DB, search index id 63548605627, its
 * lines 2-8 and 29-33 (the 49 blanks after each cut update as
 * published). */
static void redis__overwritten_and_cut_updates__values_read_rest_warned(
    void **state)
{
    (void)state;
    static const char log[] =
        "...\n"
        "SET: rps=0.0 (overall: 6776.8) avg_msec=nan (overall: 0.038))0.038)\n"
        "...\n"
        "SET: rps=0.0 (overall: 4649.4) avg_msec=nan (overall: 0.038))0.038)\n"
        "...\n"
        "SET: rps=0.0 (overall: 3808.2) avg_msec=nan (overall: 0.038))0.038)\n"
        "...\n"
        "...\n"
        "...\n"
        "SET: rps=0.0 (overall: 869.3) avg_msec=nan (overall: 0.038)))0.038)\n"
        "WARN: could not fetch server CONFIG\n"
        "====== SET ======\n"
        "  100000 requests completed in 679.77 seconds\n"
        "  2 parallel clients\n"
        "  3 bytes payload\n"
        "  keep alive: 1\n"
        "\n"
        "Summary:\n"
        "  throughput summary: 147.11 requests per second\n"
        "  latency summary (msec):\n"
        "          avg       min       p50       p95       p99       max\n"
        "        0.038     0.024     0.039     0.055     0.071     0.391\n";
    parsed ps;
    parse_text("redis-overwritten.txt", log, &ps);
    static const struct {
        int line;
        double overall;
    } upd[] = {{2, 6776.8}, {4, 4649.4}, {6, 3808.2}, {10, 869.3}};
    for (size_t i = 0; i < sizeof upd / sizeof upd[0]; i++) {
        take(&ps, upd[i].line, "requests_per_sec", 0, 0, "requests_per_sec",
             "");
        take(&ps, upd[i].line, "requests_per_sec_overall", upd[i].overall,
             1e-12, "requests_per_sec", "");
        take(&ps, upd[i].line, "latency_mean_overall", 0.038e-3, 1e-12,
             "requests_per_sec", "");
    }
    all_taken(&ps);
    assert_non_null(strstr(ps.out.data, "line 2: redis-benchmark: \")0.038)\""));
    assert_non_null(strstr(ps.out.data, "line 10: redis-benchmark: \"))0.038)\""));
    assert_int_equal(ps.unread, 0);
    bdb_buf_free(&ps.out);

    static const char cut[] =
        "GET: rps=0.0 (overall: 93.6) avg_msec=-nan (overa" "                                                 "
        "GET: rps=0.0 (overall: 93.3) avg_msec=-nan (overa" "                                                 "
        "GET: rps=0.0 (overall: 93.1) avg_msec=-nan (overa" "                                                 "
        "GET: rps=0.0 (overall: 92.9) avg_msec=-nan (overa"
        "GET: rps=0.0 (overall: 66.1) avg_msec=-nan (overall: 0.012) \n"
        "====== GET ======                                           \n"
        "  10000 requests completed in 536.26 seconds\n"
        "  50 parallel clients\n"
        "  3 bytes payload\n"
        "  keep alive: 1\n"
        "  multi-thread: no\n"
        "  throughput summary: 18.65 requests per second\n"
        "  latency summary (msec):\n"
        "          avg       min       p50       p95       p99       max\n"
        "        0.012     0.000     0.015     0.023     0.031     0.279\n";
    parse_text("redis-cut.txt", cut, &ps);
    static const double overall[] = {93.6, 93.3, 93.1, 92.9, 66.1};
    for (size_t i = 0; i < 5; i++) {
        take(&ps, 1, "requests_per_sec", 0, 0, "requests_per_sec", "");
        take(&ps, 1, "requests_per_sec_overall", overall[i], 1e-12,
             "requests_per_sec", "");
    }
    take(&ps, 1, "latency_mean_overall", 0.012e-3, 1e-12, "requests_per_sec",
         "");
    all_taken(&ps);
    assert_non_null(strstr(ps.out.data, "line 1: redis-benchmark: 4 progress "
                                        "update(s) cut short"));
    assert_int_equal(ps.unread, 0);
    bdb_buf_free(&ps.out);
}

/* redis-benchmark < 6.2 printed its progress as "T: 12345.67\r"; a log
 * whose CRs became newlines keeps each update on a line of its own before
 * the "T: N requests per second" result: each is a point of T's
 * requests_per_sec. Excerpt of a published benchmark notes file, a public
 * file found by content search (search index id 22166345491; repository
 * name not recoverable): its first 14 redis lines. The expected points are
 * read from the excerpt's own lines. */
static void redis__old_progress_on_lines_of_their_own__is_read(void **state)
{
    (void)state;
    static const char log[] = "PING_INLINE: 0.00\n"
                              "PING_INLINE: 62892.43\n"
                              "PING_INLINE: 65564.88\n"
                              "PING_INLINE: 67206.39\n"
                              "PING_INLINE: 66611.38\n"
                              "PING_INLINE: 68685.85\n"
                              "PING_INLINE: 70077.09 requests per second\n"
                              "PING_BULK: 58597.23\n"
                              "PING_BULK: 68776.40\n"
                              "PING_BULK: 71709.79\n"
                              "PING_BULK: 72847.93\n"
                              "PING_BULK: 73561.56\n"
                              "PING_BULK: 74304.84\n"
                              "PING_BULK: 74349.44 requests per second\n";
    parsed ps;
    parse_text("redis-old-progress.txt", log, &ps);
    int line = 0, points = 0;
    for (const char *l = log; *l; l = strchr(l, '\n') + 1) {
        line++;
        char title[32], rest[32] = "";
        double v;
        if (sscanf(l, "%31[A-Z_]: %lf%31[^\n]", title, &v, rest) >= 2 &&
            !rest[0]) {
            take(&ps, line, "requests_per_sec", v, 1e-9, "requests_per_sec",
                 "");
            points++;
        }
    }
    assert_int_equal(points, 12);
    all_taken(&ps);
    assert_int_equal(ps.unread, 0);
    bdb_buf_free(&ps.out);
}

/* ---- dd ----------------------------------------------------------------- */

/* "\r2735775744 bytes (2.7 GB, 2.5 GiB) copied, 1 s, 2.7 GB/s": bytes,
 * seconds and the printed rate of each update. */
static void dd__status_progress_updates__are_the_throughput_trace(
    void **state)
{
    (void)state;
    const char *rel = "samples/dd/gnu-status-progress-zero-null-bs4k.txt";
    parsed ps;
    parse_sample(rel, &ps);
    rawlines r;
    read_lines(rel, &r);
    int updates = 0;
    char *seg = r.line[0];
    while ((seg = strchr(seg, '\r')) != NULL) {
        seg++;
        long long bytes, secs;
        double rate;
        if (sscanf(seg, "%lld bytes (%*[^)]) copied, %lld s, %lf GB/s",
                   &bytes, &secs, &rate) != 3)
            continue;
        take(&ps, 1, "bytes", (double)bytes, 1e-9, "throughput", "");
        take(&ps, 1, "elapsed", (double)secs, 0, "throughput", "");
        take(&ps, 1, "throughput", rate * 1e9, 1e-9, "throughput", "");
        updates++;
    }
    assert_true(updates >= 2);
    all_taken(&ps);
    assert_int_equal(ps.unread, 0);
    free(r.text);
    bdb_buf_free(&ps.out);
}

/* The localized updates of de_DE (samples/dd/gnu-de_DE-locale-status-
 * progress.txt): "\r123 Bytes (123 MB, 117 MiB) kopiert, 1 s, 123 MB/s". */
static void dd__localized_progress__is_read(void **state)
{
    (void)state;
    const char *rel = "samples/dd/gnu-de_DE-locale-status-progress.txt";
    parsed ps;
    parse_sample(rel, &ps);
    rawlines r;
    read_lines(rel, &r);
    int updates = 0;
    for (int i = 0; i < r.n; i++) {
        char *seg = r.line[i];
        while ((seg = strchr(seg, '\r')) != NULL) {
            seg++;
            long long bytes, secs;
            if (sscanf(seg, "%lld Bytes (%*[^)]) kopiert, %lld s", &bytes,
                       &secs) != 2)
                continue;
            take(&ps, i + 1, "bytes", (double)bytes, 1e-9, "throughput", "");
            take(&ps, i + 1, "elapsed", (double)secs, 0, "throughput", "");
            updates++;
        }
    }
    assert_true(updates >= 2);
    for (int i = 0; i < ps.n; i++)
        if (strcmp(ps.p[i].what, "throughput") == 0)
            ps.p[i].taken = 1;  /* "123 MB/s" with a decimal comma */
    all_taken(&ps);
    free(r.text);
    bdb_buf_free(&ps.out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(openssl__doing_lines__are_points_of_their_figures),
        cmocka_unit_test(openssl__evp_doing_lines__are_points),
        cmocka_unit_test(openssl__mr_r_lines__pair_with_their_dt_lines),
        cmocka_unit_test(openssl__multi_children__are_labelled_points),
        cmocka_unit_test(
            openssl__wrapped_doing_line__reads_its_time_on_the_next),
        cmocka_unit_test(openssl__results_of_a_cut_table__all_points),
        cmocka_unit_test(openssl__1_0_2_spellings__are_points_in_order),
        cmocka_unit_test(openssl__3_6_spellings__are_points),
        cmocka_unit_test(openssl__zero_seconds_result__is_a_point),
        cmocka_unit_test(redis__quiet_progress__is_the_rate_trace),
        cmocka_unit_test(redis__full_report_progress__is_the_rate_trace),
        cmocka_unit_test(redis__progress_on_lines_of_their_own__is_read),
        cmocka_unit_test(redis__unfinished_test__keeps_its_updates),
        cmocka_unit_test(redis__progress_with_request_count__is_read),
        cmocka_unit_test(redis__overwritten_and_cut_updates__values_read_rest_warned),
        cmocka_unit_test(redis__old_progress_on_lines_of_their_own__is_read),
        cmocka_unit_test(dd__status_progress_updates__are_the_throughput_trace),
        cmocka_unit_test(dd__localized_progress__is_read),
    };
    return cmocka_run_group_tests_name("progress and per-child traces", tests,
                                       NULL, NULL);
}
