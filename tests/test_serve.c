/* test_serve.c - benchdb serve over a database made as scripts/demo.sh
 * makes it (samples/ with its path patterns, platforms.csv) plus two run
 * sets: the server is started on a free port (--port 0, its first line
 * read for the URL) and spoken to over plain sockets.
 *
 * Every page reachable from / answers 200 within the server's own time
 * budget (a page over it would be a 503, so no timing is asserted here;
 * 40 series pages a page, see links_of);
 * a figure's link reaches the raw log line it came from, and that line
 * is the file's own; POST, PUT and DELETE get 405 with Allow and the
 * database file is byte for byte what it was; the server listens on
 * 127.0.0.1 only (/proc/net/tcp); an unchanged database answers a reload
 * with 304 and an import beside the server changes the answer; the access
 * key is needed when set; a host name (DNS rebinding) is refused;
 * SIGINT stops it with status 0. Headless Chromium loads the overview, a
 * series and a compare page with no console error and a screenshot that
 * is not blank. */
#include "test_util.h"
#include "../common/bdb_sha256.h"

#include <arpa/inet.h>
#include <cairo.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[512];
static char db[700];

typedef struct server {
    pid_t pid;
    unsigned port;
} server;

/* Servers started and not yet stopped. A failed assertion leaves its test
 * at once; the teardown then kills what that test left running, or the
 * server (holding ctest's stderr pipe) would keep the test binary's run
 * open until ctest's guard. */
static pid_t *running;
static size_t n_running, cap_running;

static void running_add(pid_t pid)
{
    if (n_running == cap_running) {
        size_t cap = cap_running ? 2 * cap_running : 4;
        pid_t *grown = realloc(running, cap * sizeof *grown);
        if (!grown)
            fail_msg("out of memory recording %zu running servers", cap);
        running = grown;
        cap_running = cap;
    }
    running[n_running++] = pid;
}

static void running_remove(pid_t pid)
{
    for (size_t i = 0; i < n_running; i++)
        if (running[i] == pid) {
            running[i] = running[--n_running];
            return;
        }
}

/* Per-test teardown: a server its test did not stop is killed and
 * reaped, and the test's failure stands (a passing test stops its own). */
static int kill_left_servers(void **state)
{
    (void)state;
    int left = (int)n_running;
    while (n_running) {
        pid_t pid = running[--n_running];
        if (kill(pid, SIGKILL) != 0 && errno != ESRCH)
            print_error("kill(%d): %s\n", (int)pid, strerror(errno));
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
            ;
    }
    if (left)
        print_message("killed %d server(s) a failed test left running\n", left);
    return 0;
}

/* Starts benchdb serve with extra arguments (a NULL-terminated list after
 * the fixed ones) and reads its first line. */
static void start(server *s, const char *const *extra)
{
    int fd[2];
    assert_int_equal(pipe(fd), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        const char *argv[32] = {BDB_BINARY, "--db", db, "serve", "--port", "0"};
        size_t n = 6;
        for (size_t i = 0; extra && extra[i] && n < 30; i++)
            argv[n++] = extra[i];
        argv[n] = NULL;
        dup2(fd[1], 1);
        close(fd[0]);
        close(fd[1]);
        execv(BDB_BINARY, (char *const *)argv);
        _exit(127);
    }
    close(fd[1]);
    running_add(pid);
    char line[256];
    size_t k = 0;
    while (k + 1 < sizeof line) {
        ssize_t got = read(fd[0], line + k, 1);
        if (got <= 0 || line[k] == '\n')
            break;
        k++;
    }
    line[k] = '\0';
    close(fd[0]);
    unsigned port = 0;
    if (sscanf(line, "serving http://127.0.0.1:%u/", &port) != 1 || !port)
        fail_msg("first line of benchdb serve: '%s'", line);
    s->pid = pid;
    s->port = port;
}

/* Stops it with sig and asserts a clean exit (status 0). */
static void stop(server *s, int sig)
{
    running_remove(s->pid);
    assert_int_equal(kill(s->pid, sig), 0);
    int status = 0;
    assert_int_equal(waitpid(s->pid, &status, 0), s->pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

typedef struct answer {
    int status;
    bdb_buf head, body;
} answer;

static void answer_free(answer *a)
{
    bdb_buf_free(&a->head);
    bdb_buf_free(&a->body);
}

/* One HTTP/1.0 request: method, target, extra header lines ("K: V\r\n"),
 * a body (may be NULL). */
static void request(const server *s, const char *method, const char *target,
                    const char *headers, const char *body, answer *a)
{
    memset(a, 0, sizeof *a);
    bdb_buf_init(&a->head);
    bdb_buf_init(&a->body);
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    assert_true(fd >= 0);
    struct sockaddr_in sa = {0};
    sa.sin_family = AF_INET;
    sa.sin_port = htons((uint16_t)s->port);
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    assert_int_equal(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0);
    bdb_buf q;
    bdb_buf_init(&q);
    bdb_buf_printf(&q, "%s %s HTTP/1.0\r\n", method, target);
    if (!headers || !strstr(headers, "Host: "))
        bdb_buf_printf(&q, "Host: 127.0.0.1:%u\r\n", s->port);
    bdb_buf_puts(&q, headers ? headers : "");
    if (body)
        bdb_buf_printf(&q, "Content-Type: application/x-www-form-urlencoded\r\n"
                           "Content-Length: %zu\r\n\r\n%s", strlen(body), body);
    else
        bdb_buf_puts(&q, "\r\n");
    assert_int_equal(write(fd, q.data, q.len), (ssize_t)q.len);
    bdb_buf_free(&q);
    bdb_buf all;
    bdb_buf_init(&all);
    char chunk[65536];
    ssize_t got;
    while ((got = read(fd, chunk, sizeof chunk)) > 0)
        bdb_buf_append(&all, chunk, (size_t)got);
    close(fd);
    assert_non_null(all.data);
    char *end = strstr(all.data, "\r\n\r\n");
    assert_non_null(end);
    bdb_buf_append(&a->head, all.data, (size_t)(end - all.data) + 2);
    bdb_buf_append(&a->body, end + 4, all.len - (size_t)(end + 4 - all.data));
    assert_int_equal(sscanf(all.data, "HTTP/1.%*d %d", &a->status), 1);
    bdb_buf_free(&all);
}

static void get(const server *s, const char *target, answer *a)
{
    request(s, "GET", target, NULL, NULL, a);
}

/* The value of a response header (case as libmicrohttpd writes it) into
 * out; 0 when absent. */
static int header(const answer *a, const char *name, char *out, size_t n)
{
    char key[128];
    snprintf(key, sizeof key, "\r\n%s: ", name);
    const char *p = a->head.data ? strstr(a->head.data, key) : NULL;
    if (!p)
        return 0;
    p += strlen(key);
    size_t len = strcspn(p, "\r\n");
    snprintf(out, n, "%.*s", (int)len, p);
    return 1;
}

/* &amp; &lt; &gt; &quot; &#39; back to characters, in place. */
static void unescape(char *s)
{
    static const struct { const char *e; char c; } ents[] = {
        {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'},
        {"&#39;", '\''}};
    char *w = s;
    for (const char *r = s; *r;) {
        size_t k = 0;
        for (; k < 5; k++)
            if (strncmp(r, ents[k].e, strlen(ents[k].e)) == 0)
                break;
        if (k < 5) {
            *w++ = ents[k].c;
            r += strlen(ents[k].e);
        } else {
            *w++ = *r++;
        }
    }
    *w = '\0';
}

static void make_db(void)
{
    snprintf(dir, sizeof dir, "%s", tu_tmpdir());
    snprintf(db, sizeof db, "%s/serve.sqlite", dir);
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' platform import '%s'", db,
                            tu_path("samples/platforms.csv")), 0);
    bdb_buf_reset(&out);
    /* as scripts/demo.sh imports them */
    assert_int_equal(tu_run(&out, "--db '%s' import -q --platform local "
                                  "--path-pattern 'seed002-{benchmark}@{platform}.txt' "
                                  "--path-pattern 'seed000-loop-m{multi}-{*}.txt' "
                                  "--path-pattern 'reds-bench-{clients}.csv' '%s'",
                            db, tu_path("samples")), 0);
    /* and two run sets of the same series */
    const char *sets[] = {"base", "limited"};
    for (int i = 0; i < 2; i++) {
        char rel[200];
        snprintf(rel, sizeof rel, "tests/fixtures/lifecycle/openssl-cpulimit/%s",
                 sets[i]);
        bdb_buf_reset(&out);
        assert_int_equal(tu_run(&out, "--db '%s' import -q --repetitions "
                                      "--platform local --set %s '%s'", db,
                                sets[i], tu_path(rel)), 0);
    }
    bdb_buf_free(&out);
}

static void file_sha(const char *path, char *hex)
{
    char msg[256];
    bdb_buf b;
    bdb_buf_init(&b);
    assert_int_equal(bdb_buf_read_file(&b, path, msg, sizeof msg), 0);
    bdb_sha256_hex(b.data, b.len, hex);
    bdb_buf_free(&b);
}

/* ---- the crawl ------------------------------------------------------------ */

typedef struct crawl {
    char **urls;            /* seen, in order; the queue is urls[next..] */
    size_t n, cap, next;
} crawl;

static int crawl_has(const crawl *c, const char *u)
{
    for (size_t i = 0; i < c->n; i++)   /* a few hundred pages */
        if (strcmp(c->urls[i], u) == 0)
            return 1;
    return 0;
}

static void crawl_add(crawl *c, const char *u)
{
    if (crawl_has(c, u))
        return;
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 256;
        c->urls = realloc(c->urls, c->cap * sizeof *c->urls);
        assert_non_null(c->urls);
    }
    c->urls[c->n] = strdup(u);
    assert_non_null(c->urls[c->n]);
    c->n++;
}

/* Series pages followed from one page: a tool page links every series
 * of the tool (the demo database has 6,455 series), and each series page
 * links the other views with its own selection; visiting all of those
 * would take an hour. So from a page at most 40 series are followed, and
 * from a series page only its links to the logs' lines. */
#define SERIES_LINKS_PER_PAGE 40

/* Every href="/..." of body, its #fragment cut, into the queue; a link
 * to a log's line as a link to the log (the window around each figure's
 * line is the same page made again: check_figure_link visits some). */
static void links_of(crawl *c, const char *body, int from_series,
                     int no_series)
{
    size_t series = 0;
    for (const char *p = body; (p = strstr(p, "href=\"")); ) {
        p += 6;
        size_t n = strcspn(p, "\"");
        char *u = strndup(p, n);
        assert_non_null(u);
        unescape(u);
        u[strcspn(u, "#")] = '\0';
        char *line = strncmp(u, "/source?", 8) == 0 ? strstr(u, "&line=") : NULL;
        if (line)
            *line = '\0';
        int is_series = strncmp(u, "/series?", 8) == 0 && !crawl_has(c, u);
        if (u[0] == '/' && (!from_series || strncmp(u, "/source?", 8) == 0) &&
            (!is_series || (!no_series && series++ < SERIES_LINKS_PER_PAGE)))
            crawl_add(c, u);
        free(u);
        p += n;
    }
}

/* A figure's link on a series page: "/source?id=N&line=L#LL" with the
 * text "path:line"; its line in the source page is that line of the file,
 * marked. */
static void check_figure_link(const server *s, const char *series_page)
{
    const char *a = strstr(series_page, "<a href=\"/source?id=");
    assert_non_null(a);
    long long id = 0;
    int line = 0, again = 0;
    assert_int_equal(sscanf(a, "<a href=\"/source?id=%lld&amp;line=%d#L%d\">",
                            &id, &line, &again), 3);
    assert_true(line > 0);
    assert_int_equal(again, line);
    const char *text = strchr(a + 9, '>') + 1;
    size_t n = strcspn(text, "<");
    char *path_line = strndup(text, n);
    unescape(path_line);
    char *colon = strrchr(path_line, ':');
    assert_non_null(colon);
    assert_int_equal(atoi(colon + 1), line);
    *colon = '\0';
    /* the raw log's line, from the file itself */
    char msg[256];
    bdb_buf file;
    bdb_buf_init(&file);
    assert_int_equal(bdb_buf_read_file(&file, path_line, msg, sizeof msg), 0);
    const char *l = file.data;
    for (int k = 1; k < line; k++) {
        l = strchr(l, '\n');
        assert_non_null(l);
        l++;
    }
    char *want = strndup(l, strcspn(l, "\r\n"));
    /* the source page holds that line under its anchor */
    char target[96];
    snprintf(target, sizeof target, "/source?id=%lld&line=%d", id, line);
    answer src;
    get(s, target, &src);
    assert_int_equal(src.status, 200);
    char anchor[48];
    snprintf(anchor, sizeof anchor, "<span id=\"L%d\" class=\"fig hl\"", line);
    const char *at = strstr(src.body.data, anchor);
    if (!at)
        fail_msg("%s has no %s", target, anchor);
    const char *num = strstr(at, "</a>");
    assert_non_null(num);
    num += 4;
    char *shown = strndup(num, (size_t)(strstr(num, "</span>") - num));
    unescape(shown);
    if (strcmp(shown, want) != 0)
        fail_msg("%s line %d: page shows '%s', the file has '%s'", path_line,
                 line, shown, want);
    print_message("figure link %s:%d reaches '%s'\n", path_line, line, want);
    free(shown);
    free(want);
    free(path_line);
    bdb_buf_free(&file);
    answer_free(&src);
}

static void serve__crawl_from_root__every_page_200_and_figures_reach_their_line(void **state)
{
    (void)state;
    server s;
    start(&s, (const char *const[]){"--budget", "60", NULL});
    crawl c = {0};
    crawl_add(&c, "/");
    size_t pages = 0, cut = 0, series_checked = 0;
    while (c.next < c.n) {
        const char *u = c.urls[c.next++];
        answer a;
        get(&s, u, &a);
        if (a.status != 200)
            fail_msg("%s: status %d (503: over the time budget)", u, a.status);
        pages++;
        char v[64];
        cut += header(&a, "X-Benchdb-Cut", v, sizeof v);
        if (!strstr(u, "format=")) {
            assert_non_null(strstr(a.body.data, "</html>"));
            /* a tool's later pages: their next links, not their series
             * (serve__tool_pages__ follows every page's rows) */
            links_of(&c, a.body.data, strncmp(u, "/series?", 8) == 0,
                     strstr(u, "page=") != NULL);
        }
        if (strncmp(u, "/series?", 8) == 0 && !strstr(u, "format=") &&
            series_checked < 3 && strstr(a.body.data, "href=\"/source?id=")) {
            check_figure_link(&s, a.body.data);
            series_checked++;
        }
        answer_free(&a);
    }
    print_message("crawled %zu pages from / (%zu said they were cut)\n", pages, cut);
    assert_true(pages > 300);   /* every source, every tool, the views */
    assert_true(series_checked >= 1);
    /* the views are all among them */
    static const char *const views[] = {"/tool?", "/series?", "/compare",
                                        "/efficiency", "/sources", "/source?id=",
                                        "/log", "format=csv", "format=json"};
    for (size_t k = 0; k < sizeof views / sizeof views[0]; k++) {
        int found = 0;
        for (size_t i = 0; i < c.n && !found; i++)
            found = strstr(c.urls[i], views[k]) != NULL;
        if (!found)
            fail_msg("no link from / reaches %s", views[k]);
    }
    for (size_t i = 0; i < c.n; i++)
        free(c.urls[i]);
    free(c.urls);
    stop(&s, SIGINT);
}

/* ---- read-only and safe by default --------------------------------------- */

static void serve__writes_refused__405_and_database_unchanged(void **state)
{
    (void)state;
    char before[65], after[65], wal_before[65], wal_after[65];
    char wal[800];
    snprintf(wal, sizeof wal, "%s-wal", db);
    struct stat sb;
    file_sha(db, before);
    /* no -wal and an empty one hold the same: nothing (a reader of a WAL
     * database may create the empty file) */
    bdb_sha256_hex("", 0, wal_before);
    bdb_sha256_hex("", 0, wal_after);
    if (stat(wal, &sb) == 0)
        file_sha(wal, wal_before);
    server s;
    start(&s, NULL);
    static const char *const methods[] = {"POST", "PUT", "DELETE", "PATCH",
                                          "OPTIONS"};
    static const char *const targets[] = {"/", "/sources", "/source?id=1",
                                          "/log"};
    for (size_t m = 0; m < sizeof methods / sizeof methods[0]; m++)
        for (size_t t = 0; t < sizeof targets / sizeof targets[0]; t++) {
            answer a;
            request(&s, methods[m], targets[t], NULL,
                    "platform=x&value=1", &a);
            if (a.status != 405)
                fail_msg("%s %s: %d, not 405", methods[m], targets[t], a.status);
            char allow[64];
            assert_true(header(&a, "Allow", allow, sizeof allow));
            assert_string_equal(allow, "GET, HEAD");
            answer_free(&a);
        }
    /* HEAD: the headers of GET, no body */
    answer a;
    request(&s, "HEAD", "/log", NULL, NULL, &a);
    assert_int_equal(a.status, 200);
    assert_int_equal(a.body.len, 0);
    char v[256];
    assert_true(header(&a, "Content-Security-Policy", v, sizeof v));
    assert_non_null(strstr(v, "default-src 'none'"));
    answer_free(&a);
    /* pages read nothing from elsewhere: no src= or href= but data: and
     * this server's own */
    get(&s, "/", &a);
    assert_int_equal(a.status, 200);
    for (const char *p = a.body.data; (p = strstr(p, "src=\"")); p += 5)
        assert_int_equal(strncmp(p + 5, "data:", 5), 0);
    for (const char *p = a.body.data; (p = strstr(p, "href=\"")); p += 6)
        assert_true(p[6] == '/' || p[6] == '#' || strncmp(p + 6, "data:", 5) == 0);
    answer_free(&a);
    /* a host name is refused (DNS rebinding); addresses and localhost not */
    request(&s, "GET", "/", "Host: attacker.example\r\n", NULL, &a);
    assert_int_equal(a.status, 421);
    answer_free(&a);
    stop(&s, SIGTERM);
    file_sha(db, after);
    assert_string_equal(before, after);
    if (stat(wal, &sb) == 0)
        file_sha(wal, wal_after);
    assert_string_equal(wal_before, wal_after);
}

/* A page past its time budget is a 503 that says so; a table past the
 * row cap shows the cap's rows and says it was cut. */
static void serve__budget_and_row_cap__pages_say_they_were_cut(void **state)
{
    (void)state;
    server s;
    start(&s, (const char *const[]){"--budget", "0.000001", "--max-rows", "5",
                                    NULL});
    answer a;
    /* a page that reads every result (the overview's page comes from the
     * sums the server keeps in memory: made well within any budget) */
    get(&s, "/?format=json", &a);
    assert_int_equal(a.status, 503);
    assert_non_null(strstr(a.body.data, "time budget"));
    answer_free(&a);
    get(&s, "/tool?tool=fio&all=1", &a);
    assert_int_equal(a.status, 503);
    assert_non_null(strstr(a.body.data, "time budget"));
    answer_free(&a);
    stop(&s, SIGTERM);
    start(&s, (const char *const[]){"--max-rows", "5", NULL});
    get(&s, "/sources", &a);
    assert_int_equal(a.status, 200);
    char v[32];
    assert_true(header(&a, "X-Benchdb-Cut", v, sizeof v));
    assert_non_null(strstr(a.body.data, "cut: 5 of "));
    size_t rows = 0;
    for (const char *p = a.body.data; (p = strstr(p, "<a href=\"/source?id=")); p++)
        rows++;
    assert_int_equal(rows, 5);
    answer_free(&a);
    /* the download holds every row */
    get(&s, "/sources?format=csv", &a);
    assert_int_equal(a.status, 200);
    size_t lines = 0;
    for (const char *p = a.body.data; (p = strchr(p, '\n')); p++)
        lines++;
    assert_true(lines > 300);
    answer_free(&a);
    stop(&s, SIGINT);
}

/* The listening socket is on 127.0.0.1 and nowhere else. */
static void serve__default__listens_on_loopback_only(void **state)
{
    (void)state;
    server s;
    start(&s, NULL);
    char port[8];
    snprintf(port, sizeof port, ":%04X ", s.port);
    static const char *const tables[] = {"/proc/net/tcp", "/proc/net/tcp6"};
    int loopback = 0, other = 0;
    for (int t = 0; t < 2; t++) {
        FILE *f = fopen(tables[t], "r");
        if (!f)
            continue;
        char line[512];
        while (fgets(line, sizeof line, f)) {
            /* "  sl  local_address rem_address   st ..." */
            char local[64], remote[64], st[8];
            if (sscanf(line, "%*s %63s %63s %7s", local, remote, st) != 3 ||
                strcmp(st, "0A") != 0)  /* LISTEN */
                continue;
            char with_space[72];
            snprintf(with_space, sizeof with_space, "%s ", local);
            if (!strstr(with_space, port))
                continue;
            if (t == 0 && strncmp(local, "0100007F:", 9) == 0)
                loopback++;
            else
                other++;
        }
        fclose(f);
    }
    assert_int_equal(loopback, 1);
    assert_int_equal(other, 0);
    stop(&s, SIGINT);
}

static void serve__access_key__needed_when_set(void **state)
{
    (void)state;
    server s;
    start(&s, (const char *const[]){"--access-key", "s3cret-K", NULL});
    answer a;
    get(&s, "/log", &a);
    assert_int_equal(a.status, 403);
    answer_free(&a);
    get(&s, "/log?key=wrong", &a);
    assert_int_equal(a.status, 403);
    answer_free(&a);
    get(&s, "/log?key=s3cret-K", &a);
    assert_int_equal(a.status, 200);
    char cookie[256];
    assert_true(header(&a, "Set-Cookie", cookie, sizeof cookie));
    assert_non_null(strstr(cookie, "HttpOnly"));
    answer_free(&a);
    request(&s, "GET", "/log", "X-Benchdb-Key: s3cret-K\r\n", NULL, &a);
    assert_int_equal(a.status, 200);
    answer_free(&a);
    request(&s, "GET", "/log", "Cookie: benchdb_key=s3cret-K\r\n", NULL, &a);
    assert_int_equal(a.status, 200);
    answer_free(&a);
    stop(&s, SIGTERM);
}

/* A reload of an unchanged database is a 304; an import beside the
 * server (WAL) changes the ETag, and the page shows the new source. */
static void serve__import_beside__reload_304_until_data_changes(void **state)
{
    (void)state;
    server s;
    start(&s, NULL);
    answer a;
    get(&s, "/sources", &a);
    assert_int_equal(a.status, 200);
    char etag[128], hdr[200];
    assert_true(header(&a, "ETag", etag, sizeof etag));
    char lm[64];
    assert_true(header(&a, "Last-Modified", lm, sizeof lm));
    assert_null(strstr(a.body.data, "ab-k-c10-run1.txt"));
    answer_free(&a);
    snprintf(hdr, sizeof hdr, "If-None-Match: %s\r\n", etag);
    request(&s, "GET", "/sources", hdr, NULL, &a);
    assert_int_equal(a.status, 304);
    assert_int_equal(a.body.len, 0);
    answer_free(&a);
    /* an import while it serves */
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' import -q --platform local "
                                  "--set june '%s'", db,
                            tu_path("tests/fixtures/lifecycle/nginx-keepalive/on")), 0);
    bdb_buf_free(&out);
    request(&s, "GET", "/sources", hdr, NULL, &a);
    assert_int_equal(a.status, 200);
    char etag2[128];
    assert_true(header(&a, "ETag", etag2, sizeof etag2));
    assert_string_not_equal(etag, etag2);
    assert_non_null(strstr(a.body.data, "ab-k-c10-run1.txt"));
    answer_free(&a);
    stop(&s, SIGINT);
}

/* ---- pages of a tool, the page cache ----------------------------------------- */

/* The series links of a tool table's rows (each row starts with one), the
 * entities undone, appended to c. */
static void row_links(crawl *c, const char *body)
{
    for (const char *p = body; (p = strstr(p, "<tr><td><a href=\"/series?"));) {
        p += strlen("<tr><td><a href=\"");
        size_t n = strcspn(p, "\"");
        char *u = strndup(p, n);
        assert_non_null(u);
        unescape(u);
        u[strcspn(u, "#")] = '\0';
        crawl_add(c, u);
        free(u);
        p += n;
    }
}

/* The href of the link whose text is text, entities undone (NULL: none);
 * the caller frees it. */
static char *link_to(const char *body, const char *text)
{
    char key[64];
    snprintf(key, sizeof key, "\">%s</a>", text);
    const char *end = strstr(body, key);
    if (!end)
        return NULL;
    const char *start = end;
    while (start > body && strncmp(start, "href=\"", 6) != 0)
        start--;
    char *u = strndup(start + 6, (size_t)(end - start - 6));
    assert_non_null(u);
    unescape(u);
    return u;
}

/* A tool of the overview with from lo to hi series, into tool. */
static int overview_tool(const char *body, size_t lo, size_t hi, char *tool,
                         size_t n)
{
    for (const char *p = body; (p = strstr(p, "<li><a href=\"/tool?tool="));) {
        p += strlen("<li><a href=\"/tool?tool=");
        size_t len = strcspn(p, "\"&");
        const char *span = strstr(p, "</a> <span class=\"small\">(");
        size_t count = 0;
        if (span && sscanf(strchr(span, ',') ? strchr(span, ',') + 1 : "",
                           " %zu series", &count) == 1 &&
            count >= lo && count <= hi && len + 1 < n) {
            snprintf(tool, n, "%.*s", (int)len, p);
            return 1;
        }
    }
    return 0;
}

static void serve__tool_pages__next_links_reach_every_series(void **state)
{
    (void)state;
    server s;
    start(&s, NULL);
    answer a;
    /* all=1: series of one platform too (the demo's are mostly "local") */
    get(&s, "/?all=1", &a);
    assert_int_equal(a.status, 200);
    char tool[128];
    int found = overview_tool(a.body.data, 7, 60, tool, sizeof tool);
    answer_free(&a);
    if (!found) {
        stop(&s, SIGINT);
        fail_msg("no tool with 7 to 60 series in the overview");
    }
    /* every series on one page (fewer than a page's 200) */
    char target[256];
    snprintf(target, sizeof target, "/tool?tool=%s&all=1", tool);
    get(&s, target, &a);
    assert_int_equal(a.status, 200);
    crawl whole = {0};
    row_links(&whole, a.body.data);
    assert_null(strstr(a.body.data, "next page"));
    answer_free(&a);
    stop(&s, SIGINT);
    assert_true(whole.n >= 7);

    /* three a page: the next-page links reach the same series, each once */
    start(&s, (const char *const[]){"--max-rows", "3", NULL});
    crawl paged = {0};
    size_t pages = 0, rows = 0;
    char *u = strdup(target);
    while (u) {
        get(&s, u, &a);
        assert_int_equal(a.status, 200);
        pages++;
        char v[32];
        assert_true(header(&a, "X-Benchdb-Cut", v, sizeof v));
        assert_non_null(strstr(a.body.data, "cut: this page shows series "));
        char want[64];
        snprintf(want, sizeof want, "Page %zu of ", pages);
        assert_non_null(strstr(a.body.data, want));
        size_t before = paged.n;
        row_links(&paged, a.body.data);
        rows += paged.n - before;
        assert_true(paged.n - before <= 3);
        free(u);
        u = link_to(a.body.data, "next page");
        if (u)  /* a permalink: the page is in the URL */
            assert_non_null(strstr(u, "page="));
        answer_free(&a);
        assert_true(pages < 1000);
    }
    print_message("%s: %zu series on one page, %zu on %zu pages of 3\n", tool,
                  whole.n, rows, pages);
    assert_true(pages >= 3);
    assert_int_equal(paged.n, whole.n);
    for (size_t i = 0; i < whole.n; i++)
        if (!crawl_has(&paged, whole.urls[i]))
            fail_msg("%s is on no page", whole.urls[i]);
    /* past the last page */
    snprintf(target, sizeof target, "/tool?tool=%s&all=1&page=%zu", tool,
             pages + 1);
    get(&s, target, &a);
    assert_int_equal(a.status, 404);
    answer_free(&a);
    snprintf(target, sizeof target, "/tool?tool=%s&all=1&page=0", tool);
    get(&s, target, &a);
    assert_int_equal(a.status, 400);
    answer_free(&a);
    stop(&s, SIGINT);
    for (size_t i = 0; i < whole.n; i++)
        free(whole.urls[i]);
    free(whole.urls);
    for (size_t i = 0; i < paged.n; i++)
        free(paged.urls[i]);
    free(paged.urls);
}

/* A tool page with a run set's filter pages through the set's series
 * only: with three series a page and the set's one series far down the
 * tool's 200-odd, page 1 once listed three series of no set and answered
 * 404 ("no results match the selection"). */
static void serve__tool_page_of_a_set__pages_the_sets_series(void **state)
{
    (void)state;
    server s;
    start(&s, (const char *const[]){"--max-rows", "3", NULL});
    answer a;
    get(&s, "/tool?tool=openssl-speed&all=1", &a);
    assert_int_equal(a.status, 200);
    assert_non_null(strstr(a.body.data, "next page")); /* many pages */
    answer_free(&a);
    const char *sets[] = {"base", "limited", "base,limited"};
    for (size_t i = 0; i < 3; i++) {
        char target[128];
        snprintf(target, sizeof target, "/tool?tool=openssl-speed&set=%s&all=1",
                 sets[i]);
        get(&s, target, &a);
        assert_int_equal(a.status, 200);
        crawl rows = {0};
        row_links(&rows, a.body.data);
        /* the sets' results are one series: sha256 at 16384 bytes */
        assert_int_equal(rows.n, 1);
        assert_non_null(strstr(rows.urls[0], "sha256"));
        assert_null(strstr(a.body.data, "next page"));
        free(rows.urls[0]);
        free(rows.urls);
        answer_free(&a);
    }
    stop(&s, SIGINT);
}

/* "N results" of the overview's first line. */
static long long overview_results(const char *body)
{
    const char *p = strstr(body, " platforms, ");
    long long n = -1;
    assert_non_null(p);
    assert_int_equal(sscanf(p, " platforms, %lld results", &n), 1);
    return n;
}

static void serve__page_cache__served_again_until_an_import_beside(void **state)
{
    (void)state;
    server s;
    start(&s, NULL);
    answer a, b;
    char v[32];
    get(&s, "/", &a);
    assert_int_equal(a.status, 200);
    assert_true(header(&a, "X-Benchdb-Cache", v, sizeof v));
    assert_string_equal(v, "miss");
    get(&s, "/", &b);
    assert_true(header(&b, "X-Benchdb-Cache", v, sizeof v));
    assert_string_equal(v, "hit");
    assert_int_equal(a.body.len, b.body.len);
    assert_memory_equal(a.body.data, b.body.data, a.body.len);
    long long before = overview_results(a.body.data);
    answer_free(&b);
    /* another query is another page */
    get(&s, "/?all=1", &b);
    assert_true(header(&b, "X-Benchdb-Cache", v, sizeof v));
    assert_string_equal(v, "miss");
    answer_free(&b);
    get(&s, "/sources", &b);
    assert_null(strstr(b.body.data, "/off/"));
    answer_free(&b);
    /* an import beside it: the next request makes the pages again */
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' import -q --platform local "
                                  "--set july '%s'", db,
                            tu_path("tests/fixtures/lifecycle/nginx-keepalive/off")), 0);
    bdb_buf_free(&out);
    get(&s, "/", &b);
    assert_int_equal(b.status, 200);
    assert_true(header(&b, "X-Benchdb-Cache", v, sizeof v));
    assert_string_equal(v, "miss");
    long long after = overview_results(b.body.data);
    print_message("overview: %lld results, %lld after the import\n", before,
                  after);
    assert_true(after > before);
    answer_free(&b);
    get(&s, "/sources", &b);
    assert_true(header(&b, "X-Benchdb-Cache", v, sizeof v));
    assert_string_equal(v, "miss");
    assert_non_null(strstr(b.body.data, "/off/"));
    answer_free(&b);
    answer_free(&a);
    stop(&s, SIGINT);
}

/* ---- in a browser ---------------------------------------------------------- */

static int have_chromium(void)
{
    return system("command -v chromium >/dev/null 2>&1") == 0;
}

/* Loads url in headless Chromium: the console lines (an empty buffer:
 * none) into console, and a screenshot into png. */
static void browse(const char *url, bdb_buf *console, const char *png)
{
    char cmd[8192], errfile[700], domfile[700], msg[256];
    snprintf(errfile, sizeof errfile, "%s/chromium.err", dir);
    snprintf(domfile, sizeof domfile, "%s/dom.html", dir);
    const char *common = "timeout 90 chromium --headless --no-sandbox "
                         "--disable-gpu --no-first-run "
                         "--disable-background-networking "
                         "--disable-component-update --disable-sync "
                         "--disable-default-apps --window-size=1280,900 "
                         "--hide-scrollbars --virtual-time-budget=5000";
    snprintf(cmd, sizeof cmd, "%s --enable-logging=stderr --v=0 "
             "--user-data-dir='%s/profile' --dump-dom '%s' > '%s' 2> '%s'",
             common, dir, url, domfile, errfile);
    assert_int_equal(system(cmd), 0);
    bdb_buf err;
    bdb_buf_init(&err);
    assert_int_equal(bdb_buf_read_file(&err, errfile, msg, sizeof msg), 0);
    bdb_buf_reset(console);
    for (char *p = err.data; p && *p;) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        if (strstr(p, "CONSOLE") || strstr(p, "Content Security Policy"))
            bdb_buf_printf(console, "%s\n", p);
        p = nl ? nl + 1 : NULL;
    }
    bdb_buf_free(&err);
    bdb_buf dom;
    bdb_buf_init(&dom);
    assert_int_equal(bdb_buf_read_file(&dom, domfile, msg, sizeof msg), 0);
    assert_non_null(strstr(dom.data, "<main>"));
    bdb_buf_free(&dom);
    remove(png);
    snprintf(cmd, sizeof cmd, "cd '%s' && %s --user-data-dir='%s/profile2' "
             "--screenshot='%s' '%s' >/dev/null 2>&1", dir, common, dir, png,
             url);
    assert_int_equal(system(cmd), 0);
}

/* Share of the screenshot's pixels that are not the background's colour
 * (the top-left pixel). */
static double ink(const char *png)
{
    cairo_surface_t *sf = cairo_image_surface_create_from_png(png);
    assert_int_equal(cairo_surface_status(sf), CAIRO_STATUS_SUCCESS);
    int w = cairo_image_surface_get_width(sf), h = cairo_image_surface_get_height(sf);
    int stride = cairo_image_surface_get_stride(sf);
    const unsigned char *d = cairo_image_surface_get_data(sf);
    uint32_t bg;
    memcpy(&bg, d, 4);
    size_t other = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint32_t px;
            memcpy(&px, d + (size_t)y * (size_t)stride + (size_t)x * 4, 4);
            other += px != bg;
        }
    cairo_surface_destroy(sf);
    return (double)other / ((double)w * h);
}

static void serve__in_chromium__pages_render_without_console_errors(void **state)
{
    (void)state;
    if (!have_chromium()) {
        const char *ci = getenv("CI");
        if (ci && strcmp(ci, "true") == 0)
            fail_msg("chromium is not installed (apt-get install chromium)");
        print_message("chromium is not installed: skipped\n");
        skip();
    }
    server s;
    start(&s, NULL);
    /* a series page with a history over the two sets */
    answer a;
    get(&s, "/tool?tool=openssl-speed&set=base,limited", &a);
    assert_int_equal(a.status, 200);
    const char *href = strstr(a.body.data, "href=\"/series?");
    assert_non_null(href);
    char *series = strndup(href + 6, strcspn(href + 6, "\""));
    unescape(series);
    answer_free(&a);
    const char *pages[] = {"/", series, "/compare?old=set:base&new=set:limited"};
    bdb_buf console;
    bdb_buf_init(&console);
    for (size_t i = 0; i < 3; i++) {
        char url[2048], png[800];
        snprintf(url, sizeof url, "http://127.0.0.1:%u%s", s.port, pages[i]);
        snprintf(png, sizeof png, "%s/page%zu.png", dir, i);
        browse(url, &console, png);
        if (console.len)
            fail_msg("%s: console says:\n%s", pages[i], console.data);
        double share = ink(png);
        print_message("%s: %.1f%% of the screenshot drawn\n", pages[i], 100 * share);
        assert_true(share > 0.02);
    }
    bdb_buf_free(&console);
    free(series);
    stop(&s, SIGTERM);
}

/* The id of the source stored from path (its link on /sources). */
static long long source_id_of(const server *s, const char *path)
{
    answer a;
    get(s, "/sources", &a);
    assert_int_equal(a.status, 200);
    char text[300];
    snprintf(text, sizeof text, "\">%s</a>", path);
    const char *end = strstr(a.body.data, text);
    assert_non_null(end);
    const char *p = end;
    while (p > a.body.data && strncmp(p, "/source?id=", 11) != 0)
        p--;
    long long id = atoll(p + 11);
    assert_true(id > 0);
    answer_free(&a);
    return id;
}

/* Line n (1-based) of text, without its end of line. */
static char *nth_line(const char *text, long n)
{
    for (long k = 1; k < n; k++) {
        text = strchr(text, '\n');
        assert_non_null(text);
        text++;
    }
    return strndup(text, strcspn(text, "\r\n"));
}

/* What the page shows on line n (its <span id="Ln">, number cut), or
 * NULL when the page does not hold it. */
static char *shown_line(const answer *a, long n)
{
    char anchor[48];
    snprintf(anchor, sizeof anchor, "<span id=\"L%ld\"", n);
    const char *at = strstr(a->body.data, anchor);
    if (!at)
        return NULL;
    const char *num = strstr(at, "</a>") + 4;
    char *t = strndup(num, (size_t)(strstr(num, "</span>") - num));
    unescape(t);
    return t;
}

/* A log of 2,004 lines is shown 401 lines at a time: 200 either side of
 * the line asked for (marked), each the file's own, with links to the
 * windows before and after and to the whole log, and a cut message;
 * from= reads on to the end (no later link); a line past the end says
 * so. */
static void serve__source_view__window_around_the_line_with_links(void **state)
{
    (void)state;
    server s;
    start(&s, NULL);
    const char *path = "samples/fio/json-randread-4k-j8-qd32.json";
    long long id = source_id_of(&s, tu_path(path));
    char msg[256];
    bdb_buf file;
    bdb_buf_init(&file);
    assert_int_equal(bdb_buf_read_file(&file, tu_path(path), msg, sizeof msg), 0);
    char target[128];
    snprintf(target, sizeof target, "/source?id=%lld&line=1500", id);
    answer a;
    get(&s, target, &a);
    assert_int_equal(a.status, 200);
    for (long n = 1300; n <= 1700; n += 50) {
        char *want = nth_line(file.data, n), *got = shown_line(&a, n);
        assert_non_null(got);
        assert_string_equal(got, want);
        free(want);
        free(got);
    }
    assert_null(shown_line(&a, 1299));
    assert_null(shown_line(&a, 1701));
    /* the one line marked is 1500 (its class "hl", or "fig hl") */
    const char *hl = strstr(a.body.data, "hl\"");
    assert_non_null(hl);
    assert_null(strstr(hl + 3, "hl\""));
    const char *span = hl;
    while (span > a.body.data && strncmp(span, "<span id=\"L", 11) != 0)
        span--;
    assert_int_equal(atol(span + 11), 1500);
    assert_non_null(strstr(a.body.data, "<p class=\"cut\">cut: lines 1300 to "
                                        "1700 shown (401 a page)."));
    char link[160];
    snprintf(link, sizeof link, "href=\"/source?id=%lld&amp;from=899\">earlier "
             "lines</a>", id);
    assert_non_null(strstr(a.body.data, link));
    snprintf(link, sizeof link, "href=\"/source?id=%lld&amp;from=1701\">later "
             "lines</a>", id);
    assert_non_null(strstr(a.body.data, link));
    snprintf(link, sizeof link, "href=\"/source?id=%lld&amp;format=csv\">the "
             "whole log (download)</a>", id);
    assert_non_null(strstr(a.body.data, link));
    char v[16];
    assert_true(header(&a, "X-Benchdb-Cut", v, sizeof v));
    answer_free(&a);
    /* the last window: to the file's end, no later link */
    snprintf(target, sizeof target, "/source?id=%lld&from=1701", id);
    get(&s, target, &a);
    assert_int_equal(a.status, 200);
    long last = 0;
    for (const char *p = file.data; (p = strchr(p, '\n')); p++)
        last++;
    char *want = nth_line(file.data, last), *got = shown_line(&a, last);
    assert_non_null(got);
    assert_string_equal(got, want);
    free(want);
    free(got);
    assert_null(shown_line(&a, last + 1));
    assert_null(strstr(a.body.data, "later lines"));
    assert_non_null(strstr(a.body.data, "earlier lines"));
    answer_free(&a);
    /* the whole log, byte for byte */
    snprintf(target, sizeof target, "/source?id=%lld&format=csv", id);
    get(&s, target, &a);
    assert_int_equal(a.status, 200);
    assert_int_equal(a.body.len, file.len);
    assert_memory_equal(a.body.data, file.data, file.len);
    answer_free(&a);
    /* past the end */
    snprintf(target, sizeof target, "/source?id=%lld&line=99999", id);
    get(&s, target, &a);
    assert_int_equal(a.status, 200);
    assert_non_null(strstr(a.body.data, "cut: the log has no line 99799"));
    answer_free(&a);
    snprintf(target, sizeof target, "/source?id=%lld&line=x", id);
    get(&s, target, &a);
    assert_int_equal(a.status, 400);
    answer_free(&a);
    bdb_buf_free(&file);
    stop(&s, SIGINT);
}

static int setup(void **state)
{
    (void)state;
    make_db();
    return 0;
}

#ifndef BDB_HAVE_MHD
/* benchdb was built without libmicrohttpd: nothing to test, which in CI
 * (CI=true) is a failure, not a pass */
static void serve__built_without_libmicrohttpd(void **state)
{
    (void)state;
    const char *ci = getenv("CI");
    if (ci && strcmp(ci, "true") == 0)
        fail_msg("benchdb was built without libmicrohttpd "
                 "(apt-get install libmicrohttpd-dev)");
    print_message("built without libmicrohttpd: skipped\n");
    skip();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(serve__built_without_libmicrohttpd),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
#else

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(serve__writes_refused__405_and_database_unchanged,
                                  kill_left_servers),
        cmocka_unit_test_teardown(serve__default__listens_on_loopback_only,
                                  kill_left_servers),
        cmocka_unit_test_teardown(serve__budget_and_row_cap__pages_say_they_were_cut,
                                  kill_left_servers),
        cmocka_unit_test_teardown(serve__access_key__needed_when_set,
                                  kill_left_servers),
        cmocka_unit_test_teardown(serve__crawl_from_root__every_page_200_and_figures_reach_their_line,
                                  kill_left_servers),
        cmocka_unit_test_teardown(serve__in_chromium__pages_render_without_console_errors,
                                  kill_left_servers),
        cmocka_unit_test_teardown(serve__tool_pages__next_links_reach_every_series,
                                  kill_left_servers),
        cmocka_unit_test_teardown(serve__tool_page_of_a_set__pages_the_sets_series,
                                  kill_left_servers),
        cmocka_unit_test_teardown(serve__source_view__window_around_the_line_with_links,
                                  kill_left_servers),
        /* last: they import into the database */
        cmocka_unit_test_teardown(serve__import_beside__reload_304_until_data_changes,
                                  kill_left_servers),
        cmocka_unit_test_teardown(serve__page_cache__served_again_until_an_import_beside,
                                  kill_left_servers),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
#endif
