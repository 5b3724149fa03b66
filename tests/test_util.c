/* test_util.c - shared test helpers (see test_util.h). */
#include "test_util.h"
#include "../import/import.h"
#include "../store/store_admin.h"
#include "../store/store_traces.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

const char *tu_path(const char *rel)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s/%s", BDB_SOURCE_DIR, rel);
    return path;
}

char *tu_read(const char *rel, size_t *len)
{
    bdb_buf b;
    char msg[256];
    bdb_buf_init(&b);
    if (bdb_buf_read_file(&b, tu_path(rel), msg, sizeof msg) != BDB_OK)
        fail_msg("%s: %s", rel, msg);
    return bdb_buf_detach(&b, len);
}

static int parse_buf(const char *buf, size_t len, const char *name,
                     const char *tool, bdb_sink *sink, bdb_diag *diag)
{
    bdb_ingest_opts opts = {.source_name = name, .tool = tool};
    bdb_diag_clear(diag);
    return bdb_ingest_buffer(buf, len, &opts, sink, NULL, 0, diag);
}

int tu_parse_file(const char *rel, const char *tool, bdb_sink *sink,
                  bdb_diag *diag)
{
    size_t len;
    char *buf = tu_read(rel, &len);
    int rc = parse_buf(buf, len, rel, tool, sink, diag);
    free(buf);
    return rc;
}

int tu_parse_text(const char *text, const char *tool, bdb_sink *sink,
                  bdb_diag *diag)
{
    return parse_buf(text, strlen(text), "inline.txt", tool, sink, diag);
}

static int params_match(const bdb_params *ps, const char *csv)
{
    if (!csv || !*csv)
        return 1;
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s", csv);
    char *save = NULL;
    for (char *kv = strtok_r(tmp, ",", &save); kv;
         kv = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(kv, '=');
        if (!eq)
            return 0;
        *eq = '\0';
        const char *have = bdb_params_get(ps, kv);
        if (!have || strcmp(have, eq + 1) != 0)
            return 0;
    }
    return 1;
}

const bdb_sample *tu_find(const bdb_sink *sink, const char *benchmark,
                          const char *metric, const char *params_csv)
{
    for (size_t i = 0; i < sink->n; i++) {
        const bdb_sample *s = &sink->samples[i];
        if (strcmp(s->metric, metric) != 0)
            continue;
        if (benchmark && strcmp(s->benchmark, benchmark) != 0)
            continue;
        if (!params_match(&s->params, params_csv))
            continue;
        return s;
    }
    return NULL;
}

size_t tu_count(const bdb_sink *sink, const char *metric)
{
    size_t n = 0;
    for (size_t i = 0; i < sink->n; i++)
        if (!metric || strcmp(sink->samples[i].metric, metric) == 0)
            n++;
    return n;
}

void tu_assert_close(double got, double want, double rel, const char *what)
{
    double tol = rel * fabs(want);
    if (!(fabs(got - want) <= tol))
        fail_msg("%s: got %.12g, expected %.12g (rel %.1e)", what, got, want,
                 rel);
}

int tu_has_warning(const bdb_sink *s, int line, const char *needle)
{
    for (size_t i = 0; i < s->nnotes; i++)
        if (!s->notes[i].is_info && (line == 0 || s->notes[i].line == line) &&
            strstr(s->notes[i].text, needle))
            return 1;
    return 0;
}

size_t tu_count_warnings(const bdb_sink *s)
{
    size_t n = 0;
    for (size_t i = 0; i < s->nnotes; i++)
        n += !s->notes[i].is_info;
    return n;
}

int tu_line_of(const bdb_sink *s, const char *metric, const char *params)
{
    const bdb_sample *x = tu_find(s, NULL, metric, params);
    if (!x)
        fail_msg("no %s [%s]", metric, params ? params : "");
    return x->line;
}

/* As an import reads them: with the unread-figure account, so that a
 * test's count of warnings or unread lines is what an import sees. */
void tu_parse_ok(const char *rel, const char *tool, bdb_sink *s)
{
    tu_file_accounted(rel, tool, s);
}

void tu_text_ok(const char *text, const char *tool, bdb_sink *s)
{
    tu_text_accounted(text, tool, s);
}

void tu_text_accounted(const char *text, const char *tool, bdb_sink *s)
{
    bdb_diag d;
    bdb_sink_init(s);
    bdb_diag_clear(&d);
    bdb_ingest_opts o = {.source_name = "inline.txt", .tool = tool,
                         .unread_account = 1};
    if (bdb_ingest_buffer(text, strlen(text), &o, s, NULL, 0, &d) != BDB_OK)
        fail_msg("line %d: %s", d.line, d.message);
}

void tu_file_accounted(const char *rel, const char *tool, bdb_sink *s)
{
    size_t len;
    char *buf = tu_read(rel, &len);
    bdb_diag d;
    bdb_sink_init(s);
    bdb_diag_clear(&d);
    bdb_ingest_opts o = {.source_name = rel, .tool = tool,
                         .unread_account = 1};
    int rc = bdb_ingest_buffer(buf, len, &o, s, NULL, 0, &d);
    free(buf);
    if (rc != BDB_OK)
        fail_msg("%s:%d: %s", rel, d.line, d.message);
}

void tu_expect_error(const char *rel, const char *text, const char *tool,
                     int line, const char *needle)
{
    bdb_sink s;
    bdb_diag d;
    bdb_sink_init(&s);
    int rc = rel ? tu_parse_file(rel, tool, &s, &d)
                 : tu_parse_text(text, tool, &s, &d);
    bdb_sink_free(&s);
    const char *what = rel ? rel : "text";
    if (rc == BDB_OK)
        fail_msg("%s: parsed without error", what);
    if (line && d.line != line)
        fail_msg("%s: error at line %d, expected %d: %s", what, d.line, line,
                 d.message);
    if (needle && !strstr(d.message, needle))
        fail_msg("%s: message '%s' lacks '%s'", what, d.message, needle);
}

void tu_expect_warning(const char *rel, const char *text, const char *tool,
                       size_t min_figures, int line, const char *needle)
{
    bdb_sink s;
    bdb_diag d;
    bdb_sink_init(&s);
    int rc = rel ? tu_parse_file(rel, tool, &s, &d)
                 : tu_parse_text(text, tool, &s, &d);
    const char *what = rel ? rel : "text";
    if (rc != BDB_OK) {
        bdb_sink_free(&s);
        fail_msg("%s: failed at line %d: %s", what, d.line, d.message);
    }
    if (s.n < min_figures) {
        size_t n = s.n;
        bdb_sink_free(&s);
        fail_msg("%s: %zu figures kept, expected at least %zu", what, n,
                 min_figures);
    }
    for (size_t i = 0; i < s.nnotes; i++) {
        const bdb_note *n = &s.notes[i];
        if (!n->is_info && (!line || n->line == line) &&
            (!needle || strstr(n->text, needle))) {
            bdb_sink_free(&s);
            return;
        }
    }
    for (size_t i = 0; i < s.nnotes; i++)
        print_error("  warning at line %d: %s\n", s.notes[i].line,
                    s.notes[i].text);
    bdb_sink_free(&s);
    fail_msg("%s: no warning at line %d containing '%s'", what, line,
             needle ? needle : "");
}

char *tu_replace(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    if (!at)
        fail_msg("'%s' not in the text", from);
    size_t n = strlen(text) - strlen(from) + strlen(to) + 1;
    char *out = malloc(n);
    assert_non_null(out);
    snprintf(out, n, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    return out;
}

char *tu_first_lines(const char *text, int nlines)
{
    const char *p = text;
    for (int i = 0; i < nlines; i++) {
        p = strchr(p, '\n');
        if (!p)
            fail_msg("the text has fewer than %d lines", nlines);
        p++;
    }
    size_t n = (size_t)(p - text);
    char *out = malloc(n + 1);
    assert_non_null(out);
    memcpy(out, text, n);
    out[n] = '\0';
    return out;
}

char *tu_reflow(const char *text, size_t width)
{
    size_t n = strlen(text);
    char *o = malloc(2 * n + 1), *w = o;
    assert_non_null(o);
    for (const char *q = text; *q;) {
        const char *nl = strchr(q, '\n');
        size_t l = nl ? (size_t)(nl - q) : strlen(q);
        while (l > width) {
            size_t cut = width;
            while (cut > 0 && q[cut] != ' ')
                cut--;
            if (cut == 0)
                break;
            memcpy(w, q, cut);
            w += cut;
            *w++ = '\n';
            while (cut < l && q[cut] == ' ')
                cut++;
            q += cut;
            l -= cut;
        }
        memcpy(w, q, l);
        w += l;
        q += l;
        if (*q == '\n')
            *w++ = *q++;
    }
    *w = '\0';
    return o;
}

char *tu_insert_lines(const char *text, const char *before, const char *line,
                      size_t count)
{
    const char *at = strstr(text, before);
    if (!at)
        fail_msg("'%s' is not in the text", before);
    size_t head = (size_t)(at - text), ll = strlen(line);
    size_t n = strlen(text) + count * ll + 1;
    char *t = malloc(n);
    assert_non_null(t);
    memcpy(t, text, head);
    size_t o = head;
    for (size_t i = 0; i < count; i++, o += ll)
        memcpy(t + o, line, ll);
    memcpy(t + o, at, strlen(at) + 1);
    return t;
}

void tu_url_with_db(const char *base, const char *name, char *out, size_t n)
{
    const char *auth = strstr(base, "://");
    assert_non_null(auth);
    const char *slash = strchr(auth + 3, '/');
    const char *query = strchr(auth + 3, '?');
    size_t keep = slash ? (size_t)(slash - base)
                        : query ? (size_t)(query - base) : strlen(base);
    snprintf(out, n, "%.*s/%s%s", (int)keep, base, name, query ? query : "");
}

void tu_pg_new_database(const char *base, const char *prefix, char *out,
                        size_t n)
{
    static int k;
    char name[96], cmd[2048];
    snprintf(name, sizeof name, "bdb_%s_%ld_%d", prefix, (long)getpid(), ++k);
    snprintf(cmd, sizeof cmd, "psql '%s' -qAtX -v ON_ERROR_STOP=1 -c "
             "'CREATE DATABASE %s' >/dev/null", base, name);
    if (system(cmd) != 0)
        fail_msg("cannot create a database: %s", cmd);
    tu_url_with_db(base, name, out, n);
}

bdb_store *tu_fresh_store(char *dir, size_t dirsz)
{
    snprintf(dir, dirsz, "%s", tu_tmpdir());
    char path[700];
    snprintf(path, sizeof path, "%s/r.sqlite", dir);
    bdb_store *st;
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_store_open(&st, path, &d))
        fail_msg("%s: %s", path, d.message);
    return st;
}

void tu_import_text(bdb_store *st, const char *dir, const char *name,
                    const char *text)
{
    char path[900];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    bdb_import_opts o = {0};
    bdb_import_result r;
    if (bdb_import_file(st, path, &o, &r))
        fail_msg("%s:%d: %s", name, r.diag.line, r.diag.message);
}

/* Source id of st loads back as exactly len bytes of text. */
static void loads_back_as(bdb_store *st, long long id, const char *text,
                          size_t len)
{
    bdb_stored_source src;
    assert_int_equal(bdb_store_source_load(st, id, &src), BDB_OK);
    assert_int_equal(src.size, len);
    assert_memory_equal(src.raw, text, len);
    assert_int_equal(src.raw[len], '\0');
    bdb_stored_source_free(&src);
}

long long tu_source_in_pieces_round_trip(bdb_store *st, const char *dir,
                                         bdb_store *to)
{
    size_t len;
    char *run = tu_read("samples/ab/bin-keepalive-c4.txt", &len);
    bdb_buf text;
    bdb_buf_init(&text);
    while (text.len < ((size_t)6 << 20))
        assert_int_equal(bdb_buf_append(&text, run, len), 0);
    bdb_store_set_piece_bytes(4096);
    tu_import_text(st, dir, "ab-runs.txt", text.data);
    long long *ids = NULL;
    size_t n = 0;
    assert_int_equal(bdb_store_source_ids(st, &ids, NULL, &n), BDB_OK);
    assert_int_equal(n, 1);
    long long id = ids[0];
    free(ids);
    loads_back_as(st, id, text.data, text.len);
    size_t runs = text.len / len;
    bdb_import_result res;
    int changed = 0;
    assert_int_equal(bdb_import_reparse(st, id, 1, &changed, &res), BDB_OK);
    assert_int_equal(changed, 1);
    assert_int_equal(res.nresults, runs * 40); /* 40 figures a run */
    bdb_copy_stats cs;
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_store_copy(st, to, &cs, NULL, NULL, &d))
        fail_msg("copy: %s", d.message);
    assert_int_equal(cs.sources, 1);
    assert_int_equal(cs.results, (long long)runs * 40);
    assert_int_equal(bdb_store_source_ids(to, &ids, NULL, &n), BDB_OK);
    assert_int_equal(n, 1);
    loads_back_as(to, ids[0], text.data, text.len);
    free(ids);
    bdb_store_set_piece_bytes(0);
    free(run);
    bdb_buf_free(&text);
    return id;
}

int tu_run(bdb_buf *out, const char *fmt, ...)
{
    char args[8192], cmd[9000];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    snprintf(cmd, sizeof cmd, "'%s' %s 2>&1", BDB_BINARY, args);
    FILE *p = popen(cmd, "r");
    if (!p)
        fail_msg("cannot run %s", cmd);
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, p)) > 0)
        if (out)
            bdb_buf_append(out, chunk, n);
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

/* Calls fn for the files under samples/<tool>/<sub> ("" at the top),
 * folders included, and returns how many. */
size_t tu_child_bytes(int pid, int fd, void *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, (char *)buf + got, n - got);
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    close(fd);
    int status;
    assert_int_equal(waitpid((pid_t)pid, &status, 0), (pid_t)pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    return got;
}

int tu_shell_limited(const char *cmd, long fsize_blocks, bdb_buf *out)
{
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(fds[1], 1);
        dup2(fds[1], 2);
        close(fds[0]);
        close(fds[1]);
        if (fsize_blocks >= 0) {
            struct rlimit rl = {(rlim_t)fsize_blocks * 512,
                                (rlim_t)fsize_blocks * 512};
            if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
                _exit(126);
        }
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    bdb_buf_reset(out);
    char buf[4096];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof buf)) > 0)
        bdb_buf_append(out, buf, (size_t)n);
    close(fds[0]);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    return status;
}

void tu_run_within(int bound_mb, const char *what, char *out, size_t outsz,
                   const char *const *argv)
{
    char *args[32];
    size_t n = 0;
    args[n++] = (char *)"benchdb";
    for (; argv[n - 1]; n++) {
        if (n + 1 >= sizeof args / sizeof args[0])
            fail_msg("tu_run_within: more than %zu arguments",
                     sizeof args / sizeof args[0] - 2);
        args[n] = (char *)argv[n - 1];
    }
    args[n] = NULL;
    int fds[2] = {-1, -1};
    if (out)
        assert_int_equal(pipe(fds), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int to = out ? fds[1] : open("/dev/null", O_WRONLY);
        if (out)
            close(fds[0]);
        if (to >= 0)
            dup2(to, 1);
#if defined(__SANITIZE_ADDRESS__)
        /* ASan keeps 256 MB of freed memory in quarantine by default */
        setenv("ASAN_OPTIONS", "quarantine_size_mb=16:detect_leaks=1", 1);
#endif
        execv(BDB_BINARY, args);
        _exit(127);
    }
    if (out) {
        close(fds[1]);
        size_t got = 0;
        char chunk[4096];
        ssize_t r;
        while ((r = read(fds[0], chunk, sizeof chunk)) > 0) {
            size_t take = got + (size_t)r < outsz - 1 ? (size_t)r
                                                      : outsz - 1 - got;
            memcpy(out + got, chunk, take);
            got += take;
        }
        out[got] = '\0';
        close(fds[0]);
    }
    int status;
    struct rusage ru;
    assert_int_equal(wait4(pid, &status, 0, &ru), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    long peak_mb = ru.ru_maxrss / 1024;   /* Linux: KiB */
    print_message("peak RSS of %s: %ld MB (bound %d MB)\n", what, peak_mb,
                  bound_mb);
    if (peak_mb > bound_mb)
        fail_msg("%s took %ld MB, more than %d MB", what, peak_mb, bound_mb);
}

static size_t each_in(const char *tool, const char *sub,
                      void (*fn)(const char *dir, const char *name,
                                 const char *rel, void *ctx),
                      void *ctx)
{
    char path[2400];
    snprintf(path, sizeof path, "%s/samples/%s%s%s", BDB_SOURCE_DIR, tool,
             sub[0] ? "/" : "", sub);
    DIR *d = opendir(path);
    struct dirent *e;
    size_t files = 0;
    while (d && (e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char name[1200], full[3700];
        struct stat st;
        snprintf(name, sizeof name, "%s%s%s", sub, sub[0] ? "/" : "", e->d_name);
        snprintf(full, sizeof full, "%s/%s", path, e->d_name);
        if (stat(full, &st) == 0 && S_ISDIR(st.st_mode)) {
            files += each_in(tool, name, fn, ctx);
            continue;
        }
        char rel[2000];
        snprintf(rel, sizeof rel, "samples/%s/%s", tool, name);
        fn(tool, name, rel, ctx);
        files++;
    }
    if (d)
        closedir(d);
    return files;
}

size_t tu_each_sample(void (*fn)(const char *dir, const char *name,
                                 const char *rel, void *ctx),
                      void *ctx)
{
    char root[1024];
    snprintf(root, sizeof root, "%s/samples", BDB_SOURCE_DIR);
    DIR *top = opendir(root);
    assert_non_null(top);
    struct dirent *t;
    size_t files = 0;
    while ((t = readdir(top))) {
        char sub[1400];
        struct stat st;
        snprintf(sub, sizeof sub, "%s/%s", root, t->d_name);
        if (t->d_name[0] == '.' || stat(sub, &st) || !S_ISDIR(st.st_mode))
            continue;
        files += each_in(t->d_name, "", fn, ctx);
    }
    closedir(top);
    return files;
}

/* The directories tu_tmpdir made, removed when the test program ends
 * (by the process that made them: a forked child's exit leaves them);
 * BDB_TEST_KEEP_TMP=1 keeps them to look at. */
static struct {
    char **v;
    size_t n, cap;
    pid_t owner;
} made_dirs;

/* Removes path and all below it (symlinks not followed); says what it
 * could not remove and goes on. */
static void remove_tree(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return;
    if (S_ISDIR(st.st_mode)) {
        DIR *d = opendir(path);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            size_t n = strlen(path) + strlen(e->d_name) + 2;
            char *sub = malloc(n);
            if (!sub)
                break;
            snprintf(sub, n, "%s/%s", path, e->d_name);
            remove_tree(sub);
            free(sub);
        }
        if (d)
            closedir(d);
    }
    if ((S_ISDIR(st.st_mode) ? rmdir(path) : unlink(path)) != 0)
        fprintf(stderr, "test cleanup: %s: %s\n", path, strerror(errno));
}

static void remove_made_dirs(void)
{
    const char *keep = getenv("BDB_TEST_KEEP_TMP");
    for (size_t i = 0; i < made_dirs.n; i++) {
        if (getpid() == made_dirs.owner && !(keep && *keep == '1'))
            remove_tree(made_dirs.v[i]);
        free(made_dirs.v[i]);
    }
    free(made_dirs.v);
    memset(&made_dirs, 0, sizeof made_dirs);
}

const char *tu_tmpdir(void)
{
    static char dir[256];
    snprintf(dir, sizeof dir, "/tmp/bdbtest.XXXXXX");
    if (!mkdtemp(dir))
        fail_msg("mkdtemp failed: %s", strerror(errno));
    if (made_dirs.n == made_dirs.cap) {
        size_t cap = made_dirs.cap ? made_dirs.cap * 2 : 16;
        char **v = realloc(made_dirs.v, cap * sizeof *v);
        if (!v)
            fail_msg("tu_tmpdir: out of memory after %zu directories",
                     made_dirs.n);
        made_dirs.v = v;
        made_dirs.cap = cap;
    }
    if (!(made_dirs.v[made_dirs.n] = strdup(dir)))
        fail_msg("tu_tmpdir: out of memory");
    if (made_dirs.n++ == 0) {
        made_dirs.owner = getpid();
        atexit(remove_made_dirs);
    }
    return dir;
}

/* The text of line n (1-based) of text, copied into out. */
static int nth_line(const char *text, int n, char *out, size_t outsz)
{
    const char *p = text;
    for (int i = 1; i < n && p; i++) {
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    if (!p || !*p)
        return -1;
    const char *e = strchr(p, '\n');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    if (len >= outsz)
        len = outsz - 1;
    memcpy(out, p, len);
    out[len] = '\0';
    return 0;
}

void tu_crosscheck(const char *rel, int line, const char *printed,
                   const char *benchmark, const char *metric, double value)
{
    size_t len;
    char *raw = tu_read(rel, &len);
    char text[4096];
    if (nth_line(raw, line, text, sizeof text) != 0)
        fail_msg("%s has no line %d", rel, line);
    free(raw);
    if (!strstr(text, printed))
        fail_msg("%s:%d: expected the tool to print \"%s\", the line is \"%s\"",
                 rel, line, printed, text);

    char exp_rel[1024];
    const char *dot = strrchr(rel, '.');
    const char *slash = strrchr(rel, '/');
    size_t stem = dot && (!slash || dot > slash) ? (size_t)(dot - rel)
                                                 : strlen(rel);
    snprintf(exp_rel, sizeof exp_rel, "%.*s.expected", (int)stem, rel);
    char *exp = tu_read(exp_rel, &len);
    int found = 0;
    char *save = NULL;
    for (char *l = strtok_r(exp, "\n", &save); l && !found;
         l = strtok_r(NULL, "\n", &save)) {
        if (l[0] == '#')
            continue;
        /* line, tool, benchmark, metric, params, value, ... */
        char *f[7] = {0};
        int nf = 0;
        for (char *c = l; nf < 7; nf++) {
            f[nf] = c;
            c = strchr(c, '\t');
            if (!c) {
                nf++;
                break;
            }
            *c++ = '\0';
        }
        if (nf < 6 || strtol(f[0], NULL, 10) != line || strcmp(f[3], metric) != 0)
            continue;
        if (benchmark && strcmp(f[2], benchmark) != 0)
            continue;
        double v = strtod(f[5], NULL);
        double tol = 1e-6 * (value < 0 ? -value : value);
        if (v >= value - tol && v <= value + tol)
            found = 1;
    }
    free(exp);
    if (!found)
        fail_msg("%s: no %s figure of %.10g at line %d (printed there: \"%s\")",
                 exp_rel, metric, value, line, printed);
}

/* The efficiency figures and match of cell c (bdb_cell_efficiency). */
bdb_efficiency tu_cell_eff(const bdb_model *m, const bdb_cell *c,
                               bdb_match *match)
{
    bdb_efficiency e;
    memset(&e, 0, sizeof e);
    for (size_t s = 0; s < m->nseries; s++) {
        const bdb_rseries *se = &m->series[s];
        if (c >= se->cells && c < se->cells + m->nplatforms) {
            bdb_match mt;
            bdb_cell_efficiency(m, se, (size_t)(c - se->cells), &e, &mt);
            if (match)
                *match = mt;
            return e;
        }
    }
    fail_msg("a cell of no series");
    return e;
}

void tu_assert_printed(const char *text, const bdb_sink *s, const char *metric,
                       const char *params, const char *printed, double want,
                       double rel)
{
    const bdb_sample *x = tu_find(s, NULL, metric, params);
    if (!x)
        fail_msg("no %s [%s]", metric, params ? params : "");
    char line[4096];
    if (nth_line(text, x->line, line, sizeof line) != 0)
        fail_msg("%s: no line %d in the text", metric, x->line);
    if (!strstr(line, printed))
        fail_msg("%s at line %d: expected the line to print \"%s\", it is "
                 "\"%s\"", metric, x->line, printed, line);
    tu_assert_close(x->value, want, rel, metric);
}

static int keep_point(const bdb_trace_row *r, void *ctx)
{
    tu_pts *p = ctx;
    if (p->n >= (int)(sizeof p->v / sizeof p->v[0]))
        fail_msg("more trace points than the test keeps");
    tu_pt *x = &p->v[p->n++];
    snprintf(x->series, sizeof x->series, "%s/%s/%s/%s", r->tool,
             r->benchmark, r->metric, r->params);
    snprintf(x->what, sizeof x->what, "%s", r->what);
    snprintf(x->label, sizeof x->label, "%s", r->label);
    x->repetition = r->repetition;
    x->line = r->line;
    x->seq = r->seq;
    x->source = r->source_id;
    x->start = r->start;
    x->end = r->end;
    x->value = r->value;
    return 0;
}

void tu_points_of(bdb_store *st, long long source, tu_pts *p)
{
    p->n = 0;
    assert_int_equal(bdb_store_traces_each(st, source, NULL, keep_point, p),
                     0);
}

void tu_iperf_interval_line(const char *line, char *id, double *a,
                            double *b, double *bytes, double *bps)
{
    char unit[16], runit[16];
    double x, y;
    int n = sscanf(line, " [%15[^]]] %lf-%lf sec %lf %15s %lf %15s", id, a,
                   b, &x, unit, &y, runit);
    if (n != 7)
        fail_msg("not a data line: %s", line);
    double k = unit[0] == 'G' ? 1024.0 * 1024 * 1024
               : unit[0] == 'M' ? 1024.0 * 1024 : unit[0] == 'K' ? 1024 : 1;
    double r = runit[0] == 'G' ? 1e9 : runit[0] == 'M' ? 1e6
               : runit[0] == 'K' ? 1e3 : 1;
    *bytes = x * k;
    *bps = y * r;
    char *s = id;
    while (*s == ' ')
        s++;
    memmove(id, s, strlen(s) + 1);
}

void tu_text_line(const char *text, int n, char *out, size_t outsz)
{
    if (nth_line(text, n, out, outsz))
        fail_msg("the text has no line %d", n);
}

void tu_check_iperf_points(const tu_pts *p, const char *text,
                           int interval_lines, int streams)
{
    int lines_seen = 0, last_line = 0;
    char last_series[240] = "";
    long long last_seq = 0;
    for (int i = 0; i < p->n; i++) {
        const tu_pt *x = &p->v[i];
        if (strcmp(x->series, last_series) != 0) {
            snprintf(last_series, sizeof last_series, "%s", x->series);
            last_seq = 0;
            last_line = 0;
        }
        assert_true(x->seq == last_seq + 1);
        last_seq = x->seq;
        assert_true(x->line >= last_line);
        if (x->line != last_line)
            lines_seen++;
        last_line = x->line;
        assert_int_equal(x->repetition, 1);
        char line[512], id[16];
        double a, b, bytes, bps;
        tu_text_line(text, x->line, line, sizeof line);
        tu_iperf_interval_line(line, id, &a, &b, &bytes, &bps);
        tu_assert_close(x->start, a, 1e-9, "interval start");
        tu_assert_close(x->end, b, 1e-9, "interval end");
        char want[40];
        snprintf(want, sizeof want, strcmp(id, "SUM") ? "stream %s" : "%s",
                 id);
        if (strncmp(x->label, want, strlen(want)) != 0)
            fail_msg("line %d: label '%s', the line's stream is [%s]",
                     x->line, x->label, id);
        if (!strcmp(x->what, "throughput"))
            tu_assert_close(x->value, bps, 1e-9, line);
        if (!strcmp(x->what, "transfer"))
            tu_assert_close(x->value, bytes, 1e-9, line);
        /* a point of a stream's series sits under that stream's figure */
        if (strcmp(id, "SUM") != 0 && streams > 1)
            assert_non_null(strstr(x->series, "stream="));
        else
            assert_null(strstr(x->series, "stream="));
    }
    assert_int_equal(lines_seen, interval_lines);
}

/* ---- a window of a stored source's lines ------------------------------- */

/* Lines from..from+count-1 of text, each with its '\n', into out; 1 when
 * a byte follows them. */
static int cut_lines(const char *text, size_t len, long long from,
                     long long count, bdb_buf *out)
{
    const char *p = text, *end = text + len;
    for (long long line = 1; p < end; line++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *next = nl ? nl + 1 : end;
        if (line >= from + count)
            return 1;
        if (line >= from)
            bdb_buf_append(out, p, (size_t)(next - p));
        p = next;
    }
    return 0;
}

/* Asserts bdb_store_source_lines gives text's lines from..from+count-1. */
static void lines_are(bdb_store *st, long long id, const bdb_buf *text,
                      long long from, long long count)
{
    bdb_buf want, got;
    bdb_buf_init(&want);
    bdb_buf_init(&got);
    int more_want = cut_lines(text->data, text->len, from, count, &want);
    bdb_stored_source meta;
    int more = -1;
    assert_int_equal(bdb_store_source_lines(st, id, from, count, &meta, &got,
                                            &more), BDB_OK);
    assert_int_equal(meta.size, text->len);
    assert_null(meta.raw);
    if (got.len != want.len)
        fail_msg("lines %lld+%lld: %zu bytes, want %zu", from, count, got.len,
                 want.len);
    if (want.len)
        assert_memory_equal(got.data, want.data, want.len);
    assert_int_equal(more, more_want);
    bdb_stored_source_free(&meta);
    bdb_buf_free(&want);
    bdb_buf_free(&got);
}

/* The real ab run repeated past 6 MiB, a number after each copy so that
 * no two windows are alike (built once). */
static const bdb_buf *ab_runs(const char **one, size_t *onelen)
{
    static bdb_buf text;
    static char *run;
    static size_t len;
    if (!run) {
        run = tu_read("samples/ab/bin-keepalive-c4.txt", &len);
        bdb_buf_init(&text);
        for (int k = 0; text.len < ((size_t)6 << 20); k++) {
            assert_int_equal(bdb_buf_append(&text, run, len), 0);
            bdb_buf_printf(&text, "run %d\n", k);
        }
    }
    if (one) {
        *one = run;
        *onelen = len;
    }
    return &text;
}

void tu_source_windows_again(bdb_store *st, long long id)
{
    const bdb_buf *text = ab_runs(NULL, NULL);
    long long lines = 0;
    for (const char *p = text->data; (p = strchr(p, '\n')); p++)
        lines++;
    const long long from[] = {1, 2, 401, 9000, lines / 2, lines - 400,
                              lines - 1, lines, lines + 1, lines + 500};
    for (size_t i = 0; i < sizeof from / sizeof from[0]; i++)
        lines_are(st, id, text, from[i], 401);
    lines_are(st, id, text, 3, 1);
}

void tu_source_windows(bdb_store *st, const char *dir, long long ids[2])
{
    const char *run;
    size_t len;
    const bdb_buf *text = ab_runs(&run, &len);
    tu_import_text(st, dir, "ab-runs.txt", text->data);
    tu_import_text(st, dir, "ab-one.txt", run);
    long long *all = NULL;
    size_t n = 0;
    assert_int_equal(bdb_store_source_ids(st, &all, NULL, &n), BDB_OK);
    assert_int_equal(n, 2);
    ids[0] = all[0];
    ids[1] = all[1];
    free(all);
    tu_source_windows_again(st, ids[0]);
    /* the small source, cut whole */
    bdb_buf one;
    bdb_buf_init(&one);
    bdb_buf_append(&one, run, len);
    lines_are(st, ids[1], &one, 1, 10);
    lines_are(st, ids[1], &one, 20, 401);
    bdb_buf_free(&one);
}

static int keep_sink_point(void *ctx, const bdb_sample *x)
{
    tu_points *k = ctx;
    if (k->n < 64) {
        k->p[k->n].line = x->line;
        snprintf(k->p[k->n].what, sizeof k->p[k->n].what, "%s",
                 x->trace ? x->trace->what : x->metric);
        k->p[k->n].v = x->value;
        k->n++;
    }
    return 0;
}

static int drop_sample(void *ctx, const bdb_sample *x)
{
    (void)ctx;
    (void)x;
    return 0;
}

void tu_parse_points(const char *text, const char *tool, bdb_sink *s,
                     tu_points *k)
{
    static bdb_sink_consumer c;
    c = (bdb_sink_consumer){drop_sample, k, keep_sink_point};
    memset(k, 0, sizeof *k);
    bdb_sink_init(s);
    s->consumer = &c;
    assert_int_equal(tu_parse_text(text, tool, s, NULL), 0);
}

const double *tu_point_at(const tu_points *k, int line, const char *what)
{
    for (int i = 0; i < k->n; i++)
        if (k->p[i].line == line && !strcmp(k->p[i].what, what))
            return &k->p[i].v;
    return NULL;
}

void tu_assert_points(const tu_points *k, const tu_point_want *want, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const double *v = tu_point_at(k, want[i].line, want[i].what);
        if (!v)
            fail_msg("no %s at line %d", want[i].what, want[i].line);
        tu_assert_close(*v, want[i].v, 1e-12, want[i].what);
    }
}
