/* serve_http.c - benchdb serve's HTTP side on libmicrohttpd: one thread
 * answers every request in turn (the store handle is used by that thread
 * alone), so pages never race each other. Per request: the method (GET
 * and HEAD only), the Host (no DNS rebinding onto 127.0.0.1), the access
 * key, the ETag from the store's data version (a reload is a 304), the
 * time budget given to the store, the route, and the security headers of
 * every answer. */
#include "serve_internal.h"
#include "serve_cache.h"
#include "../store/store_means.h"
#include "../common/bdb_grow.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#if MHD_VERSION < 0x00097002
typedef int srv_result;     /* before 0.9.71 handlers returned int */
#else
typedef enum MHD_Result srv_result;
#endif

#ifndef BDB_VERSION
#define BDB_VERSION "0"
#endif

/* MiB of database pages the server's connection keeps (SQLite). */
#define SRV_DB_CACHE_MIB 256

struct bdb_serve {
    struct MHD_Daemon *d;
    bdb_store *st;
    bdb_serve_opts o;
    char key[256];
    srv_cache cache;            /* pages by data version and request */
};

static const char csp[] = "default-src 'none'; style-src 'unsafe-inline'; "
                          "img-src data:; form-action 'self'; "
                          "frame-ancestors 'none'";

static const struct {
    const char *path;
    void (*view)(srv_req *r);
} routes[] = {
    {"/", srv_view_overview},       {"/tool", srv_view_tool},
    {"/series", srv_view_series},   {"/efficiency", srv_view_efficiency},
    {"/compare", srv_view_compare}, {"/sources", srv_view_sources},
    {"/source", srv_view_source},   {"/log", srv_view_log},
};

static srv_result collect_arg(void *cls, enum MHD_ValueKind kind,
                              const char *key, const char *value)
{
    (void)kind;
    srv_req *r = cls;
    srv_kv *grown = bdb_grow(r->args, r->nargs, &r->cap, sizeof *grown, 16);
    if (!grown)
        return MHD_NO;
    r->args = grown;
    srv_kv *a = &r->args[r->nargs];
    a->key = strdup(key);
    a->value = strdup(value ? value : "");
    if (!a->key || !a->value) {
        free(a->key);
        free(a->value);
        return MHD_NO;
    }
    r->nargs++;
    return MHD_YES;
}

static void req_free(srv_req *r)
{
    for (size_t i = 0; i < r->nargs; i++) {
        free(r->args[i].key);
        free(r->args[i].value);
    }
    free(r->args);
    bdb_buf_free(&r->body);
}

/* Equal keys, in time that does not depend on where they differ. */
static int same_key(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    unsigned char diff = na != nb;
    for (size_t i = 0; i < na; i++)
        diff |= (unsigned char)(a[i] ^ b[i % (nb ? nb : 1)]);
    return !diff;
}

/* A Host a page may be asked for: an address, or localhost. A name that
 * resolves to this machine only through a hostile DNS answer (DNS
 * rebinding) would otherwise let a web page read the database. */
static int host_ok(const char *host)
{
    if (!host)
        return 1;   /* HTTP/1.0 */
    char h[256];
    snprintf(h, sizeof h, "%s", host);
    if (h[0] == '[')
        return strchr(h, ']') != NULL;
    char *colon = strrchr(h, ':');
    if (colon)
        *colon = '\0';
    struct in_addr a;
    return strcmp(h, "localhost") == 0 || inet_pton(AF_INET, h, &a) == 1;
}

static srv_result send_text(struct MHD_Connection *c, unsigned status,
                            const char *text, const char *allow)
{
    struct MHD_Response *resp = MHD_create_response_from_buffer(
        strlen(text), (void *)text, MHD_RESPMEM_PERSISTENT);
    if (!resp)
        return MHD_NO;
    MHD_add_response_header(resp, "Content-Type", "text/plain; charset=utf-8");
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(resp, "Content-Security-Policy", csp);
    if (allow)
        MHD_add_response_header(resp, "Allow", allow);
    srv_result rc = MHD_queue_response(c, status, resp);
    MHD_destroy_response(resp);
    return rc;
}

/* A file name for Content-Disposition: [A-Za-z0-9._-] only. */
static void safe_name(char *out, size_t n, const char *s)
{
    size_t k = 0;
    for (; *s && k + 1 < n; s++)
        out[k++] = ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
                    (*s >= '0' && *s <= '9') || strchr("._-", *s))
                       ? *s : '_';
    out[k] = '\0';
}

static int parse_format(srv_req *r)
{
    const char *f = srv_arg(r, "format");
    if (!f || !*f)
        r->format = SRV_HTML;
    else if (strcmp(f, "csv") == 0)
        r->format = SRV_CSV;
    else if (strcmp(f, "json") == 0)
        r->format = SRV_JSON;
    else if (strcmp(f, "html") == 0)
        r->format = SRV_REPORT;
    else
        return -1;
    return 0;
}

static void route(srv_req *r)
{
    if (parse_format(r)) {
        srv_fail(r, 400, "format=%s: csv, json or html", srv_arg(r, "format"));
        return;
    }
    if (srv_selection(r))
        return;
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++)
        if (strcmp(routes[i].path, r->path) == 0) {
            routes[i].view(r);
            return;
        }
    srv_fail(r, 404, "no page %s: start at /", r->path);
}

static srv_result answer(void *cls, struct MHD_Connection *c, const char *url,
                         const char *method, const char *version,
                         const char *upload, size_t *upload_size, void **state)
{
    (void)version;
    (void)upload;
    (void)upload_size;
    (void)state;
    bdb_serve *s = cls;
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
        return send_text(c, 405, "benchdb serve is read-only: GET and HEAD "
                                 "only\n", "GET, HEAD");
    if (!host_ok(MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host")) &&
        !s->key[0])
        return send_text(c, 421, "benchdb serve answers to an address or "
                                 "localhost, not to a host name (start it "
                                 "with --access-key to allow names)\n", NULL);
    int key_in_query = 0;
    if (s->key[0]) {
        const char *q = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "key");
        const char *h = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                    "X-Benchdb-Key");
        const char *k = MHD_lookup_connection_value(c, MHD_COOKIE_KIND,
                                                    "benchdb_key");
        key_in_query = q && same_key(q, s->key);
        if (!key_in_query && !(h && same_key(h, s->key)) &&
            !(k && same_key(k, s->key)))
            return send_text(c, 403, "benchdb serve: this server needs its "
                                     "access key (?key=K or the header "
                                     "X-Benchdb-Key)\n", NULL);
    }
    /* the data version: an unchanged database answers a reload with 304 */
    char ver[256], etag[320], lastmod[64] = "";
    long long changed = 0;
    if (bdb_store_data_version(s->st, ver, sizeof ver, &changed))
        ver[0] = '\0';
    unsigned long long hash = 1469598103934665603ULL;   /* FNV-1a */
    for (const char *p = ver; *p; p++)
        hash = (hash ^ (unsigned char)*p) * 1099511628211ULL;
    snprintf(etag, sizeof etag, "\"%s-%llx\"", BDB_VERSION, hash);
    if (changed > 0) {
        time_t t = (time_t)changed;
        struct tm tm;
        gmtime_r(&t, &tm);
        strftime(lastmod, sizeof lastmod, "%a, %d %b %Y %H:%M:%S GMT", &tm);
    }
    const char *inm = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "If-None-Match");
    const char *ims = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "If-Modified-Since");
    if (ver[0] && ((inm && strstr(inm, etag)) ||
                   (!inm && ims && lastmod[0] && strcmp(ims, lastmod) == 0))) {
        struct MHD_Response *resp =
            MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
        if (!resp)
            return MHD_NO;
        MHD_add_response_header(resp, "ETag", etag);
        MHD_add_response_header(resp, "Cache-Control", "no-cache");
        srv_result rc = MHD_queue_response(c, 304, resp);
        MHD_destroy_response(resp);
        return rc;
    }

    srv_req r;
    memset(&r, 0, sizeof r);
    r.st = s->st;
    r.o = &s->o;
    r.path = url;
    r.status = 200;
    r.ctype = "text/html; charset=utf-8";
    bdb_buf_init(&r.body);
    clock_gettime(CLOCK_MONOTONIC, &r.started);
    struct timespec cpu0, cpu1;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu0);
    MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, collect_arg, &r);
    /* the same request of the same data: the page made before */
    bdb_buf ck;
    bdb_buf_init(&ck);
    bdb_buf_puts(&ck, url);
    for (size_t i = 0; i < r.nargs; i++)
        bdb_buf_printf(&ck, "%c%s=%s", i ? '&' : '?', r.args[i].key,
                       r.args[i].value);
    const srv_page *hit = NULL;
    if (ver[0] && !ck.err && ck.data) {
        srv_cache_version(&s->cache, ver);
        hit = srv_cache_get(&s->cache, ck.data);
    }
    if (hit) {
        bdb_buf_append(&r.body, hit->body, hit->len);
        r.ctype = hit->ctype;
        snprintf(r.filename, sizeof r.filename, "%s", hit->filename);
        r.cut = hit->cut;
    } else {
        bdb_store_time_limit(s->st, s->o.budget_s);
        route(&r);
        bdb_store_time_limit(s->st, 0);
        if (r.status == 200 && !r.body.err && ver[0] && ck.data)
            srv_cache_put(&s->cache, ck.data, r.body.data ? r.body.data : "",
                          r.body.len, r.ctype, r.filename, r.cut);
    }
    bdb_buf_free(&ck);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu1);
    /* what the page cost, for a browser's network panel and bench/ */
    char timing[96];
    snprintf(timing, sizeof timing, "page;dur=%.2f, cpu;dur=%.2f",
             1000 * srv_elapsed(&r),
             1000 * ((double)(cpu1.tv_sec - cpu0.tv_sec) +
                     (double)(cpu1.tv_nsec - cpu0.tv_nsec) / 1e9));
    if (r.body.err) {
        bdb_buf_reset(&r.body);
        r.body.err = 0;
        srv_fail(&r, 500, "out of memory making this page");
    }
    size_t len = r.body.len;
    char *data = bdb_buf_detach(&r.body, &len);
    struct MHD_Response *resp = MHD_create_response_from_buffer(
        data ? len : 0, data ? data : (void *)"",
        data ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
    if (!resp) {
        free(data);
        req_free(&r);
        return MHD_NO;
    }
    MHD_add_response_header(resp, "Content-Type", r.ctype);
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(resp, "Content-Security-Policy", csp);
    MHD_add_response_header(resp, "X-Frame-Options", "DENY");
    MHD_add_response_header(resp, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(resp, "Server-Timing", timing);
    MHD_add_response_header(resp, "X-Benchdb-Cache", hit ? "hit" : "miss");
    if (r.status == 200) {
        MHD_add_response_header(resp, "ETag", etag);
        if (lastmod[0])
            MHD_add_response_header(resp, "Last-Modified", lastmod);
        MHD_add_response_header(resp, "Cache-Control", "no-cache");
    } else {
        MHD_add_response_header(resp, "Cache-Control", "no-store");
    }
    if (r.cut)
        MHD_add_response_header(resp, "X-Benchdb-Cut", "rows");
    if (r.filename[0]) {
        char name[128], disp[192];
        safe_name(name, sizeof name, r.filename);
        snprintf(disp, sizeof disp, "attachment; filename=\"%s\"", name);
        MHD_add_response_header(resp, "Content-Disposition", disp);
    }
    if (key_in_query) {
        /* links need not carry the key: the browser sends it back */
        char cookie[400];
        snprintf(cookie, sizeof cookie, "benchdb_key=%s; Path=/; HttpOnly; "
                 "SameSite=Strict", s->key);
        MHD_add_response_header(resp, "Set-Cookie", cookie);
    }
    srv_result rc = MHD_queue_response(c, (unsigned)r.status, resp);
    MHD_destroy_response(resp);
    req_free(&r);
    return rc;
}

int bdb_serve_start(bdb_store *st, const bdb_serve_opts *o, bdb_serve **out,
                    unsigned *port, bdb_diag *diag)
{
    *out = NULL;
    bdb_serve *s = calloc(1, sizeof *s);
    if (!s)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    s->st = st;
    s->o = *o;
    if (!s->o.bind || !*s->o.bind)
        s->o.bind = "127.0.0.1";
    if (!(s->o.budget_s > 0))
        s->o.budget_s = BDB_SERVE_BUDGET_S;
    if (!s->o.max_rows)
        s->o.max_rows = BDB_SERVE_MAX_ROWS;
    if (o->access_key && strlen(o->access_key) >= sizeof s->key) {
        free(s);
        return bdb_diag_set(diag, BDB_EUSAGE, 0, "the access key is longer "
                            "than %zu bytes", sizeof s->key - 1);
    }
    /* a key is sent back in a cookie: only characters a cookie keeps */
    for (const char *k = o->access_key; k && *k; k++)
        if (*k <= ' ' || *k >= 127 || strchr("\";,\\", *k)) {
            free(s);
            return bdb_diag_set(diag, BDB_EUSAGE, 0, "the access key may "
                                "hold printable ASCII but space \" ; , \\");
        }
    snprintf(s->key, sizeof s->key, "%s", o->access_key ? o->access_key : "");
    /* a page cache the size of a lab's indexes (SQLite) */
    if (bdb_store_reader_cache(st, SRV_DB_CACHE_MIB)) {
        free(s);
        return bdb_diag_set(diag, BDB_ESTORE, 0, "%s", bdb_store_errmsg(st));
    }
    struct sockaddr_in a4;
    struct sockaddr_in6 a6;
    memset(&a4, 0, sizeof a4);
    memset(&a6, 0, sizeof a6);
    const struct sockaddr *sa;
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG;
    if (inet_pton(AF_INET, s->o.bind, &a4.sin_addr) == 1) {
        a4.sin_family = AF_INET;
        a4.sin_port = htons((uint16_t)o->port);
        sa = (const struct sockaddr *)&a4;
    } else if (inet_pton(AF_INET6, s->o.bind, &a6.sin6_addr) == 1) {
        a6.sin6_family = AF_INET6;
        a6.sin6_port = htons((uint16_t)o->port);
        sa = (const struct sockaddr *)&a6;
        flags |= MHD_USE_IPv6;
    } else {
        free(s);
        return bdb_diag_set(diag, BDB_EUSAGE, 0, "--bind %s: not an IPv4 or "
                            "IPv6 address", o->bind);
    }
    s->d = MHD_start_daemon(flags, (uint16_t)o->port, NULL, NULL, answer, s,
                            MHD_OPTION_SOCK_ADDR, sa,
                            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)30,
                            MHD_OPTION_CONNECTION_LIMIT, (unsigned)64,
                            MHD_OPTION_END);
    if (!s->d) {
        free(s);
        return bdb_diag_set(diag, BDB_EIO, 0, "cannot listen on %s port %u "
                            "(in use, or not an address of this machine)",
                            o->bind ? o->bind : "127.0.0.1", o->port);
    }
    const union MHD_DaemonInfo *info =
        MHD_get_daemon_info(s->d, MHD_DAEMON_INFO_LISTEN_FD);
    struct sockaddr_storage ss;
    socklen_t sl = sizeof ss;
    *port = o->port;
    if (info && getsockname(info->listen_fd, (struct sockaddr *)&ss, &sl) == 0)
        *port = ntohs(ss.ss_family == AF_INET6
                          ? ((struct sockaddr_in6 *)&ss)->sin6_port
                          : ((struct sockaddr_in *)&ss)->sin_port);
    *out = s;
    return BDB_OK;
}

void bdb_serve_stop(bdb_serve *s)
{
    if (!s)
        return;
    MHD_stop_daemon(s->d);
    srv_cache_free(&s->cache);
    free(s);
}
