/* test_mutate.c - the structure-aware mutation pass: every real tool
 * output in samples/ is changed the way damaged and hostile logs differ
 * from real ones, and each variant goes through what `benchdb parse` runs
 * (detection, then the parsers, with the fuzz targets' checks of what a
 * parse must give) and through its folder's parser forced.
 *
 * libFuzzer's byte-level mutations took 509,628 runs not to find the
 * openssl -mr crash that replacing one field of a real sample with 2^31
 * found at once: numbers in a log become indexes, counts and sizes. The
 * variants of a file are
 *   - cut after each line, each line doubled, each two neighbours swapped,
 *     a NUL and invalid UTF-8 put into each line;
 *   - each number field replaced with each extreme (0, -0, -1, 1e308, 2^31,
 *     2^32, 2^63, 999999999999, -999999999999, nan, inf, 10,000 digits);
 *     a field is a number's place in a line's shape (the line with its
 *     numbers blanked), so fio's thousand alike latency lines count once;
 *   - every number of the file replaced with each extreme;
 *   - CR-only and CRLF endings, a UTF-16 BOM, the whole file in UTF-16,
 *     100,000-character lines at the start, middle and end.
 *
 * Each file's variants run in a child process watched by this one: a
 * variant that crashes (or trips ASan/UBSan, or breaks a fuzz target's
 * promise), runs longer than BDB_MUTATE_SECONDS (default 20) or takes the
 * child's RSS past BDB_MUTATE_MB (default 512) fails the test, and is
 * written to mutate-failures/ under the current folder to replay with
 * `benchdb parse`.
 *
 * By default (ctest) a fixed, seeded sample of about 1 in 40 variants (1 in 120 under ASan) of
 * every file runs, with every file's numbers all at 1e308, 999999999999
 * and 10,000 digits, which fits a minute under ASan on two cores;
 * scripts/mutate.sh runs all of them (BDB_MUTATE=full) in the ASan build.
 * BDB_MUTATE_SEED changes the sample, BDB_MUTATE_JOBS the parallel
 * children (default 2), BDB_MUTATE_ONLY=substring keeps matching files. */
#include "test_util.h"

#include "fuzz/fuzz_targets.c"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *const extremes[] = {
    "0", "-0", "-1", "1e308", "2147483648", "4294967296",
    "9223372036854775808", "999999999999", "-999999999999", "nan", "inf",
    NULL /* 10,000 digits, made at run time */};
#define NX (sizeof extremes / sizeof extremes[0])
#define LONG_DIGITS 10000
#define LONG_LINE 100000

enum kind {
    K_CUT,      /* the first a lines */
    K_DUP,      /* line a twice */
    K_SWAP,     /* lines a and a + 1 swapped */
    K_NUL,      /* a NUL in the middle of line a */
    K_BADUTF8,  /* invalid UTF-8 in the middle of line a */
    K_FIELD,    /* number #b of line a (a field's first line) -> extreme c */
    K_ALLNUM,   /* every number -> extreme c */
    K_CR,       /* CR-only line ends */
    K_CRLF,     /* CRLF line ends */
    K_BOM,      /* a UTF-16LE BOM before the bytes */
    K_UTF16,    /* the whole file as UTF-16LE with a BOM */
    K_LONG,     /* a 100,000-character line before line a (a = nlines: end) */
};

typedef struct mutant {
    int kind, a, b, c;
} mutant;

typedef struct sample {
    char rel[512];
    const bdb_fuzz_target *forced;
    char *data;
    size_t len;
    size_t *line; /* offsets of line starts, nlines + 1 (the end) */
    int nlines;
    mutant *m;
    size_t nm, capm;
} sample;

static char *long_digits;

static void add(sample *s, int kind, int a, int b, int c)
{
    if (s->nm == s->capm) {
        s->capm = s->capm ? 2 * s->capm : 256;
        s->m = realloc(s->m, s->capm * sizeof *s->m);
        assert_non_null(s->m);
    }
    s->m[s->nm++] = (mutant){kind, a, b, c};
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* The next number in [p, end) from p: digits with an optional fraction;
 * its start and end, or 0 when there is none. */
static int next_number(const char *p, const char *end, const char **ns,
                       const char **ne)
{
    while (p < end && !is_digit(*p))
        p++;
    if (p == end)
        return 0;
    *ns = p;
    while (p < end && is_digit(*p))
        p++;
    if (p + 1 < end && *p == '.' && is_digit(p[1]))
        for (p++; p < end && is_digit(*p); p++)
            ;
    *ne = p;
    return 1;
}

static uint64_t fnv(uint64_t h, const void *d, size_t n)
{
    const unsigned char *p = d;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211ULL;
    return h;
}

/* A set of 64-bit shape keys (open addressing; 0 is never a key). */
typedef struct keyset {
    uint64_t *k;
    size_t cap, n;
} keyset;

static int keyset_add(keyset *s, uint64_t key)
{
    key |= 1;
    if (2 * (s->n + 1) > s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 1024;
        uint64_t *k = calloc(cap, sizeof *k);
        assert_non_null(k);
        for (size_t i = 0; i < s->cap; i++)
            if (s->k[i])
                for (size_t j = s->k[i] & (cap - 1);; j = (j + 1) & (cap - 1))
                    if (!k[j]) {
                        k[j] = s->k[i];
                        break;
                    }
        free(s->k);
        s->k = k;
        s->cap = cap;
    }
    for (size_t j = key & (s->cap - 1);; j = (j + 1) & (s->cap - 1)) {
        if (s->k[j] == key)
            return 0;
        if (!s->k[j]) {
            s->k[j] = key;
            s->n++;
            return 1;
        }
    }
}

/* The shape of a line: its bytes with every number blanked to one '9'. */
static uint64_t shape_of(const char *p, const char *end, int *nnum)
{
    uint64_t h = 14695981039346656037ULL;
    const char *ns, *ne;
    *nnum = 0;
    while (next_number(p, end, &ns, &ne)) {
        h = fnv(h, p, (size_t)(ns - p));
        h = fnv(h, "9", 1);
        p = ne;
        (*nnum)++;
    }
    return fnv(h, p, (size_t)(end - p));
}

static void plan(sample *s)
{
    int L = s->nlines;
    for (int k = 0; k < L; k++) {
        add(s, K_CUT, k, 0, 0);
        add(s, K_DUP, k, 0, 0);
        if (k + 1 < L)
            add(s, K_SWAP, k, 0, 0);
        add(s, K_NUL, k, 0, 0);
        add(s, K_BADUTF8, k, 0, 0);
    }
    keyset seen = {0};
    for (int k = 0; k < L; k++) {
        int nnum;
        uint64_t shape = shape_of(s->data + s->line[k], s->data + s->line[k + 1],
                                  &nnum);
        for (int f = 0; f < nnum; f++) {
            uint64_t key = shape * 31 + (uint64_t)f;
            if (!keyset_add(&seen, key))
                continue;
            for (int x = 0; x < (int)NX; x++)
                add(s, K_FIELD, k, f, x);
        }
    }
    free(seen.k);
    for (int x = 0; x < (int)NX; x++)
        add(s, K_ALLNUM, 0, 0, x);
    add(s, K_CR, 0, 0, 0);
    add(s, K_CRLF, 0, 0, 0);
    add(s, K_BOM, 0, 0, 0);
    add(s, K_UTF16, 0, 0, 0);
    add(s, K_LONG, 0, 0, 0);
    add(s, K_LONG, L / 2, 0, 0);
    add(s, K_LONG, L, 0, 0);
}

static void put(bdb_buf *b, const void *p, size_t n)
{
    assert_int_equal(bdb_buf_append(b, p, n), BDB_OK);
}

static const char *extreme(int x)
{
    return extremes[x] ? extremes[x] : long_digits;
}

/* Appends [p, end) with its numbers replaced by extreme x: all of them
 * (only < 0), or only number #only. */
static void put_numbers(bdb_buf *b, const char *p, const char *end, int only,
                        int x)
{
    const char *ns, *ne;
    int i = 0;
    while (next_number(p, end, &ns, &ne)) {
        put(b, p, (size_t)(ns - p));
        if (only < 0 || i == only)
            put(b, extreme(x), strlen(extreme(x)));
        else
            put(b, ns, (size_t)(ne - ns));
        p = ne;
        i++;
    }
    put(b, p, (size_t)(end - p));
}

/* Line k's bytes, its newline included. */
#define LINE(s, k) ((s)->data + (s)->line[k])
#define LINELEN(s, k) ((s)->line[(k) + 1] - (s)->line[k])

static void make(const sample *s, const mutant *m, bdb_buf *b)
{
    b->len = 0;
    const char *d = s->data;
    size_t n = s->len;
    switch (m->kind) {
    case K_CUT:
        put(b, d, s->line[m->a]);
        break;
    case K_DUP:
        put(b, d, s->line[m->a + 1]);
        put(b, LINE(s, m->a), LINELEN(s, m->a));
        put(b, d + s->line[m->a + 1], n - s->line[m->a + 1]);
        break;
    case K_SWAP:
        put(b, d, s->line[m->a]);
        put(b, LINE(s, m->a + 1), LINELEN(s, m->a + 1));
        put(b, LINE(s, m->a), LINELEN(s, m->a));
        put(b, d + s->line[m->a + 2], n - s->line[m->a + 2]);
        break;
    case K_NUL:
    case K_BADUTF8: {
        size_t at = s->line[m->a] + LINELEN(s, m->a) / 2;
        put(b, d, at);
        if (m->kind == K_NUL)
            put(b, "\0", 1);
        else
            put(b, "\xff\xc3(\xed\xa0\x80", 6);
        put(b, d + at, n - at);
        break;
    }
    case K_FIELD:
        put(b, d, s->line[m->a]);
        put_numbers(b, LINE(s, m->a), LINE(s, m->a) + LINELEN(s, m->a), m->b,
                    m->c);
        put(b, d + s->line[m->a + 1], n - s->line[m->a + 1]);
        break;
    case K_ALLNUM:
        put_numbers(b, d, d + n, -1, m->c);
        break;
    case K_CR:
    case K_CRLF:
        for (size_t i = 0; i < n; i++) {
            if (d[i] == '\n')
                put(b, m->kind == K_CR ? "\r" : "\r\n", m->kind == K_CR ? 1 : 2);
            else
                put(b, d + i, 1);
        }
        break;
    case K_BOM:
        put(b, "\xff\xfe", 2);
        put(b, d, n);
        break;
    case K_UTF16:
        put(b, "\xff\xfe", 2);
        for (size_t i = 0; i < n; i++) {
            put(b, d + i, 1);
            put(b, "", 1);
        }
        break;
    case K_LONG: {
        size_t at = s->line[m->a];
        put(b, d, at);
        for (int i = 0; i < LONG_LINE / 10; i++)
            put(b, "12345 abc ", 10);
        put(b, "\n", 1);
        put(b, d + at, n - at);
        break;
    }
    }
}

static void describe(const mutant *m, char *out, size_t n)
{
    static const char *const names[] = {"cut", "dup", "swap", "nul", "badutf8",
                                        "field", "allnum", "cr", "crlf", "bom",
                                        "utf16", "long"};
    if (m->kind == K_FIELD)
        snprintf(out, n, "field-line%d-num%d-x%d", m->a + 1, m->b, m->c);
    else if (m->kind == K_ALLNUM)
        snprintf(out, n, "allnum-x%d", m->c);
    else
        snprintf(out, n, "%s-line%d", names[m->kind], m->a + 1);
}

/* What the child and the parent share: the variant being parsed, and how
 * many have been. */
typedef struct progress {
    volatile size_t current, done;
} progress;

static uint64_t seed;
/* under ASan a parse costs several times more: a sparser sample keeps
 * the test inside a minute or two on a shared two-core machine */
#if defined(__SANITIZE_ADDRESS__)
static unsigned rate = 120;
#else
static unsigned rate = 40;
#endif

static int chosen(const sample *s, size_t i)
{
    if (rate <= 1)
        return 1;
    /* every file with all its numbers at 1e308, 999999999999 and 10,000
     * digits: where numbers size work, these find it (a 1.8 KB fio terse
     * log of 10,000-digit numbers took libcsv's 128-byte growth 3 minutes
     * under ASan in the iperf2 sniffer) */
    const mutant *m = &s->m[i];
    if (m->kind == K_ALLNUM && (m->c == 3 || m->c == 7 || m->c == 11))
        return 1;
    uint64_t h = fnv(seed * 0x9e3779b97f4a7c15ULL + 1, s->rel, strlen(s->rel));
    h = fnv(h, &i, sizeof i);
    return h % rate == 0;
}

static void run_child(sample *s, progress *pr, size_t start)
{
    bdb_buf b;
    bdb_buf_init(&b);
    for (size_t i = start; i < s->nm; i++) {
        if (!chosen(s, i))
            continue;
        pr->current = i;
        make(s, &s->m[i], &b);
        /* a copy of exactly the bytes: ASan sees a read past them */
        char *exact = malloc(b.len ? b.len : 1);
        if (!exact)
            _exit(3);
        memcpy(exact, b.data, b.len);
        bdb_fuzz_detect((const uint8_t *)exact, b.len);
        if (s->forced)
            s->forced->fn((const uint8_t *)exact, b.len);
        free(exact);
        pr->done++;
    }
    bdb_buf_free(&b);
    _exit(0);
}

static long rss_mb(pid_t pid)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/statm", (long)pid);
    FILE *f = fopen(path, "r");
    long pages = 0, res = 0;
    if (!f)
        return 0;
    if (fscanf(f, "%ld %ld", &pages, &res) != 2)
        res = 0;
    fclose(f);
    return res * (sysconf(_SC_PAGESIZE) / 1024) / 1024;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Writes variant i of s to mutate-failures/ and returns its path. */
static const char *keep(const sample *s, size_t i)
{
    static char path[900];
    char what[64], flat[512];
    describe(&s->m[i], what, sizeof what);
    snprintf(flat, sizeof flat, "%s", s->rel + strlen("samples/"));
    for (char *p = flat; *p; p++)
        if (*p == '/')
            *p = '_';
    mkdir("mutate-failures", 0777);
    snprintf(path, sizeof path, "mutate-failures/%s.%s", flat, what);
    bdb_buf b;
    bdb_buf_init(&b);
    make(s, &s->m[i], &b);
    FILE *f = fopen(path, "wb");
    if (f) {
        if (fwrite(b.data, 1, b.len, f) != b.len)
            path[0] = '\0';
        fclose(f);
    }
    bdb_buf_free(&b);
    return path;
}

typedef struct running {
    pid_t pid;
    sample *s;
    size_t resume;    /* after a failure: the variant to go on from */
    progress *pr;
    size_t last;
    double since;
    long peak;
} running;

static int seconds_limit = 20;
static long mb_limit = 512;
static size_t variants, failures;

/* Looks at one child: 1 while it runs, 0 once it is over (failures
 * counted and reported; r->resume says where the file's variants go on
 * after one, 0 when they are all done). */
static int watch(running *r)
{
    int status;
    r->resume = 0;
    pid_t w = waitpid(r->pid, &status, WNOHANG);
    if (w == 0) {
        long mb = rss_mb(r->pid);
        if (mb > r->peak)
            r->peak = mb;
        if (r->pr->current != r->last) {
            r->last = r->pr->current;
            r->since = now();
        }
        const char *why = NULL;
        if (now() - r->since > seconds_limit)
            why = "runs longer than the time bound";
        else if (mb > mb_limit)
            why = "takes more memory than the bound";
        if (!why)
            return 1;
        kill(r->pid, SIGKILL);
        waitpid(r->pid, &status, 0);
        print_message("MUTATE FAIL %s: %s (%ld MB, %d s bound): benchdb parse %s\n",
                      r->s->rel, why, mb, seconds_limit, keep(r->s, r->last));
        failures++;
        r->resume = r->last + 1;
    } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        print_message("MUTATE FAIL %s: %s %d: benchdb parse %s\n", r->s->rel,
                      WIFSIGNALED(status) ? "signal" : "exit status",
                      WIFSIGNALED(status) ? WTERMSIG(status)
                                          : WEXITSTATUS(status),
                      keep(r->s, r->pr->current));
        failures++;
        r->resume = r->pr->current + 1;
    }
    variants += r->pr->done;
    munmap((void *)r->pr, sizeof *r->pr);
    return 0;
}

/* Starts a child on s's variants from start, in a free slot of run. */
static void launch(running *run, sample *s, size_t start)
{
    progress *pr = mmap(NULL, sizeof *pr, PROT_READ | PROT_WRITE,
                        MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    assert_true(pr != MAP_FAILED);
    pr->current = start;
    pr->done = 0;
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0)
        run_child(s, pr, start);
    int slot = 0;
    while (run[slot].pid)
        slot++;
    run[slot] = (running){pid, s, 0, pr, start, now(), 0};
}

/* ---- the samples ------------------------------------------------------ */

typedef struct sample_list {
    sample *v;
    size_t n, cap;
} sample_list;

static void collect(const char *dir, const char *name, const char *rel,
                    void *ctx)
{
    sample_list *l = ctx;
    size_t nl = strlen(name);
    /* benchdb's own goldens and the folders' notes are not tool output */
    if ((nl > 9 && strcmp(name + nl - 9, ".expected") == 0) ||
        strstr(name, "README") || (nl > 3 && strcmp(name + nl - 3, ".sh") == 0) ||
        (nl > 7 && strcmp(name + nl - 7, ".sqlite") == 0))
        return;
    const char *only = getenv("BDB_MUTATE_ONLY");
    if (only && !strstr(rel, only))
        return;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 256;
        l->v = realloc(l->v, l->cap * sizeof *l->v);
        assert_non_null(l->v);
    }
    sample *s = &l->v[l->n++];
    memset(s, 0, sizeof *s);
    snprintf(s->rel, sizeof s->rel, "%s", rel);
    s->forced = bdb_fuzz_target_for_dir(dir);
}

static void load(sample *s)
{
    s->data = tu_read(s->rel, &s->len);
    int cap = 64;
    s->line = malloc((size_t)cap * sizeof *s->line);
    assert_non_null(s->line);
    s->nlines = 0;
    s->line[0] = 0;
    for (size_t i = 0; i < s->len; i++) {
        if (s->data[i] != '\n' && i + 1 != s->len)
            continue;
        if (s->nlines + 2 > cap) {
            cap *= 2;
            s->line = realloc(s->line, (size_t)cap * sizeof *s->line);
            assert_non_null(s->line);
        }
        s->line[++s->nlines] = i + 1;
    }
    plan(s);
}

static void unload(sample *s)
{
    free(s->data);
    free(s->line);
    free(s->m);
    s->data = NULL;
    s->line = NULL;
    s->m = NULL;
}

static long env_long(const char *name, long dflt)
{
    const char *v = getenv(name);
    if (!v || !*v)
        return dflt;
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (errno || *end || x < 0)
        fail_msg("%s: not a number: '%s'", name, v);
    return x;
}

static void mutate__every_sample_varied__no_crash_hang_or_blowup(void **state)
{
    (void)state;
    const char *mode = getenv("BDB_MUTATE");
    if (mode && strcmp(mode, "full") == 0)
        rate = 1;
    seed = (uint64_t)env_long("BDB_MUTATE_SEED", 1);
    seconds_limit = (int)env_long("BDB_MUTATE_SECONDS", 20);
    mb_limit = env_long("BDB_MUTATE_MB", 512);
    long jobs = env_long("BDB_MUTATE_JOBS", 2);
    if (jobs < 1)
        jobs = 1;
    long_digits = malloc(LONG_DIGITS + 1);
    assert_non_null(long_digits);
    memset(long_digits, '9', LONG_DIGITS);
    long_digits[LONG_DIGITS] = '\0';

    sample_list l = {0};
    tu_each_sample(collect, &l);
    if (!getenv("BDB_MUTATE_ONLY"))
        assert_true(l.n > 150);
    print_message("mutating %zu samples, %s (seed %llu), %d s and %ld MB "
                  "per variant\n",
                  l.n, rate == 1 ? "every variant" : "a sample of the variants",
                  (unsigned long long)seed, seconds_limit, mb_limit);
    running *run = calloc((size_t)jobs, sizeof *run);
    assert_non_null(run);
    size_t next = 0, planned = 0;
    int active = 0;
    double t0 = now();
    while (next < l.n || active) {
        while (active < jobs && next < l.n) {
            sample *s = &l.v[next++];
            load(s);
            planned += s->nm;
            launch(run, s, 0);
            active++;
        }
        usleep(5000);
        for (int j = 0; j < jobs; j++) {
            if (run[j].pid && !watch(&run[j])) {
                sample *s = run[j].s;
                run[j].pid = 0;
                if (run[j].resume && run[j].resume < s->nm) {
                    launch(run, s, run[j].resume);
                } else {
                    unload(s);
                    active--;
                }
            }
        }
    }
    print_message("%zu of %zu variants parsed in %.0f s, %zu failures\n",
                  variants, planned, now() - t0, failures);
    free(run);
    free(l.v);
    free(long_digits);
    assert_true(variants > 0);
    assert_int_equal(failures, 0);
}

int main(void)
{
    /* ASan keeps 256 MB of freed memory in quarantine by default, which
     * would count against the memory bound: restart with less */
    if (!getenv("BDB_MUTATE_REEXEC")) {
        const char *a = getenv("ASAN_OPTIONS");
        char opts[1024];
        snprintf(opts, sizeof opts, "%s%squarantine_size_mb=16",
                 a ? a : "", a && *a ? ":" : "");
        setenv("ASAN_OPTIONS", opts, 1);
        setenv("BDB_MUTATE_REEXEC", "1", 1);
        char *argv[] = {"test_mutate", NULL};
        execv("/proc/self/exe", argv);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mutate__every_sample_varied__no_crash_hang_or_blowup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
