/* store.c - the backend-neutral front of the store: picks a backend from
 * the location's scheme (a path or sqlite:path is SQLite; postgresql://
 * and postgres:// are PostgreSQL) and forwards every call to its method
 * table. Both back-ends live in this tree and fill every method, so the
 * table has no version: a method is called without asking. */
#include "store_admin.h"
#include "store_internal.h"
#include "store_traces.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int bdb_store_fail(bdb_store *st, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->errmsg, sizeof st->errmsg, fmt, ap);
    va_end(ap);
    return code;
}

static char given_password[BDB_STORE_PASSWORD_MAX + 1];

int bdb_store_password_file(const char *path, char *msg, size_t msgsz)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(msg, msgsz, "cannot read the password file %s: %s", path,
                 strerror(errno));
        return BDB_EIO;
    }
    char buf[BDB_STORE_PASSWORD_MAX + 3];   /* the password, \r\n, more */
    size_t n = fread(buf, 1, sizeof buf, f);
    int err = ferror(f);
    fclose(f);
    int rc = BDB_OK;
    size_t len = 0;     /* the first line's: up to \r or \n */
    while (len < n && buf[len] != '\n' && buf[len] != '\r')
        len++;
    if (err) {
        snprintf(msg, msgsz, "cannot read the password file %s", path);
        rc = BDB_EIO;
    }
    if (!rc && len > BDB_STORE_PASSWORD_MAX) {
        snprintf(msg, msgsz, "the password in %s is longer than %d bytes",
                 path, BDB_STORE_PASSWORD_MAX);
        rc = BDB_ERANGE;
    } else if (!rc && (len == 0 || memchr(buf, '\0', len))) {
        snprintf(msg, msgsz, "the password file %s %s", path,
                 len ? "holds a NUL byte" : "holds no password on its "
                                            "first line");
        rc = BDB_EPARSE;
    }
    if (!rc) {
        memcpy(given_password, buf, len);
        given_password[len] = '\0';
    }
    memset(buf, 0, sizeof buf);
    return rc;
}

const char *bdb_store_given_password(void)
{
    return given_password;
}

static void (*wait_fn)(double, void *);
static void *wait_ctx;

void bdb_store_set_wait_notice(void (*fn)(double seconds, void *ctx),
                               void *ctx)
{
    wait_fn = fn;
    wait_ctx = ctx;
}

void (*bdb_store_wait_notice(void **ctx))(double seconds, void *ctx)
{
    *ctx = wait_ctx;
    return wait_fn;
}

int bdb_store_open(bdb_store **out, const char *location, bdb_diag *diag)
{
    return bdb_store_open_mode(out, location, 0, diag);
}

static const struct {
    const char *prefix;     /* what the location starts with */
    size_t skip;            /* how much of it the back-end does not see */
    const bdb_store_ops *ops;
} backends[] = {
    {"sqlite:", 7, &bdb_store_sqlite_ops},
    {"postgresql://", 0, &bdb_store_pg_ops},
    {"postgres://", 0, &bdb_store_pg_ops},
};

int bdb_store_is_pg_keywords(const char *location)
{
    static const char *const keys[] = {
        "host", "hostaddr", "port", "dbname", "user", "password",
        "passfile", "service", "sslmode", "connect_timeout", "options",
        "application_name", "target_session_attrs", "sslrootcert"};
    const char *p = location + strspn(location, " \t");
    size_t n = strcspn(p, " \t=");
    const char *eq = p + n + strspn(p + n, " \t");
    if (*eq != '=')
        return 0;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strlen(keys[i]) == n && strncmp(p, keys[i], n) == 0)
            return 1;
    return 0;
}

static const bdb_store_ops *backend_for(const char **location)
{
    for (size_t i = 0; i < sizeof backends / sizeof backends[0]; i++) {
        size_t n = strlen(backends[i].prefix);
        if (strncmp(*location, backends[i].prefix, n) == 0) {
            *location += backends[i].skip;
            return backends[i].ops;
        }
    }
    if (strstr(*location, "://"))
        return NULL;
    /* "host=db password=..." is libpq's, never a file name that would
     * carry the password onto the disk */
    if (bdb_store_is_pg_keywords(*location))
        return &bdb_store_pg_ops;
    return &bdb_store_sqlite_ops;   /* a path */
}

const char *bdb_store_location_scheme(const char *location)
{
    const bdb_store_ops *ops = backend_for(&location);
    return ops ? ops->scheme : NULL;
}

int bdb_store_open_mode(bdb_store **out, const char *location, int flags,
                        bdb_diag *diag)
{
    *out = NULL;
    const char *given = location;
    const bdb_store_ops *ops = backend_for(&location);
    if (!ops) {
        char shown[512];
        bdb_store_mask_location(given, shown, sizeof shown);
        return bdb_diag_set(diag, BDB_EUSAGE, 0,
                            "no backend for '%s' (a path or sqlite:PATH is "
                            "SQLite; postgresql://... is PostgreSQL)", shown);
    }
    /* SQLite would take "" as a temporary file deleted when it closes:
     * an import there reports success and keeps nothing (an unset
     * variable in --db "$DB" does this) */
    if (!*location)
        return bdb_diag_set(diag, BDB_EUSAGE, 0,
                            "the database location is empty (--db ''?); "
                            "name a file or a postgresql:// URI");
    bdb_store *st = calloc(1, sizeof *st);
    if (!st)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    st->ops = ops;
    bdb_store_mask_location(given, st->shown, sizeof st->shown);
    int rc = bdb_write_open(st);
    if (rc) {
        free(st);
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    }
    rc = ops->open(st, location, flags, diag);
    if (rc) {
        bdb_write_close(st);
        free(st);
        return rc;
    }
    *out = st;
    return BDB_OK;
}

const char *bdb_store_shown_location(const bdb_store *st)
{
    return st ? st->shown : "";
}

int bdb_store_source_samples(bdb_store *st, long long id, bdb_sink *out)
{
    return bdb_source_samples(st, id, out);
}

/* A source's results being replaced: its trace points go with them, in
 * the same transaction. */
static int begin_source(bdb_store *st, const bdb_source_info *src,
                        long long replace_id, long long *id)
{
    int rc = bdb_write_source_begin(st, src, replace_id, id);
    if (!rc && replace_id && (rc = bdb_store_traces_drop(st, replace_id)))
        bdb_store_source_end(st, replace_id, NULL, NULL, NULL, NULL, 0);
    return rc;
}

int bdb_store_source_begin(bdb_store *st, const bdb_source_info *src,
                           long long replace_id, long long *id)
{
    return begin_source(st, src, replace_id, id);
}

void bdb_store_close(bdb_store *st)
{
    if (!st)
        return;
    bdb_means_memo_free(st->means);
    bdb_store_batch_end(st, 1);
    st->ops->close(st);
    bdb_write_close(st);
    free(st);
}

const char *bdb_store_errmsg(const bdb_store *st)
{
    return st && st->errmsg[0] ? st->errmsg : "no error";
}

int bdb_store_source_find(bdb_store *st, const char *sha256, long long *id)
{
    return bdb_source_find(st, sha256, id);
}

/* A whole sink through source_begin, put and end: add_source
 * (replace_id 0) and source_replace. */
static int put_whole(bdb_store *st, const bdb_source_info *src,
                     long long replace_id, const char *tool,
                     const char *tool_version, const char *parser_version,
                     const bdb_sink *samples, long long *source_id)
{
    long long id;
    int rc = begin_source(st, src, replace_id, &id);
    if (rc)
        return rc;
    if (replace_id)
        id = replace_id;
    for (size_t i = 0; !rc && i < samples->n; i++)
        rc = bdb_store_source_put(st, id, &samples->samples[i]);
    if (rc) {
        /* the error is the put's: ending only undoes */
        char keep[sizeof st->errmsg];
        memcpy(keep, st->errmsg, sizeof keep);
        bdb_store_source_end(st, id, NULL, NULL, NULL, NULL, 0);
        memcpy(st->errmsg, keep, sizeof keep);
        return rc;
    }
    rc = bdb_store_source_end(st, id, tool, tool_version, parser_version,
                             samples, 1);
    if (!rc && source_id)
        *source_id = id;
    return rc;
}

int bdb_store_add_source(bdb_store *st, const bdb_source_info *src,
                         const bdb_sink *samples, long long *source_id)
{
    return put_whole(st, src, 0, src->tool, src->tool_version,
                     src->parser_version, samples, source_id);
}

void bdb_stored_source_free(bdb_stored_source *s)
{
    if (!s)
        return;
    bdb_input_close(&s->bytes);
    free(s->options);
    s->raw = NULL;
    s->options = NULL;
}

int bdb_store_source_ids(bdb_store *st, long long **ids, long long **sizes,
                         size_t *n)
{
    return bdb_source_ids(st, ids, sizes, n);
}

int bdb_store_source_load(bdb_store *st, long long id, bdb_stored_source *out)
{
    return bdb_source_load(st, id, out);
}

int bdb_store_source_replace(bdb_store *st, long long id, const char *tool,
                             const char *tool_version,
                             const char *parser_version,
                             const bdb_sink *samples)
{
    return put_whole(st, NULL, id, tool, tool_version, parser_version,
                     samples, NULL);
}

int bdb_store_results_each(bdb_store *st, const bdb_filter *f,
                           int (*cb)(const bdb_result_row *, void *), void *ctx)
{
    return bdb_results_each(st, f, cb, ctx);
}

int bdb_store_series_each(bdb_store *st, const bdb_filter *f,
                          int (*cb)(const bdb_series_row *, void *), void *ctx)
{
    return bdb_series_each(st, f, cb, ctx);
}

int bdb_store_warnings_each(bdb_store *st, const bdb_filter *f,
                            int (*cb)(const bdb_warning_row *, void *),
                            void *ctx)
{
    return bdb_warnings_each(st, f, cb, ctx);
}

int bdb_store_groups_each(bdb_store *st, const bdb_filter *f,
                          int (*cb)(const bdb_group_row *, void *), void *ctx)
{
    return bdb_groups_each(st, f, cb, ctx);
}

int bdb_store_platform_names_each(bdb_store *st, const bdb_filter *f,
                                  int (*cb)(const char *, void *), void *ctx)
{
    return bdb_platform_names_each(st, f, cb, ctx);
}

int bdb_store_source_delete(bdb_store *st, long long id)
{
    return bdb_fix_source_delete(st, id);
}

int bdb_store_source_update(bdb_store *st, long long id, const char *platform,
                            const char *options)
{
    return bdb_fix_source_update(st, id, platform, options);
}

int bdb_store_source_revise(bdb_store *st, long long id,
                            const bdb_source_info *src)
{
    return bdb_source_revise(st, id, src);
}

int bdb_store_platform_rename(bdb_store *st, const char *old_name,
                              const char *new_name)
{
    return bdb_fix_platform_rename(st, old_name, new_name);
}

int bdb_store_platform_merge(bdb_store *st, const char *from,
                             const char *into)
{
    return bdb_fix_platform_merge(st, from, into);
}

int bdb_store_platform_usage(bdb_store *st, const char *name,
                             long long *nsources, long long *nresults)
{
    return bdb_fix_platform_usage(st, name, nsources, nresults);
}

int bdb_store_platform_delete(bdb_store *st, const char *name,
                              int with_results)
{
    return bdb_fix_platform_delete(st, name, with_results);
}

int bdb_store_set_rename(bdb_store *st, const char *old_name,
                         const char *new_name)
{
    return bdb_fix_set_rename(st, old_name, new_name);
}

int bdb_store_set_tag(bdb_store *st, const char *set, const char *key,
                      const char *value)
{
    return bdb_fix_set_tag(st, set, key, value);
}

/* Marks and notes are written once above the driver's primitives. */
int bdb_store_set_mark(bdb_store *st, const char *set, int new_baseline)
{
    return bdb_fix_set_mark(st, set, new_baseline);
}

int bdb_store_note_add(bdb_store *st, const char *set, const char *tool,
                       const char *benchmark, const char *metric,
                       const char *params, const char *text,
                       long long *added)
{
    return bdb_fix_note_add(st, set, tool, benchmark, metric, params, text,
                            added);
}

int bdb_store_set_results_each(bdb_store *st, const bdb_filter *f,
                               int (*cb)(const bdb_set_result_row *, void *),
                               void *ctx)
{
    return bdb_set_results_each(st, f, cb, ctx);
}

/* ---- serving readers ----------------------------------------------------- */

int bdb_store_data_version(bdb_store *st, char *out, size_t n,
                           long long *changed_at)
{
    if (changed_at)
        *changed_at = 0;
    return st->ops->data_version(st, out, n, changed_at);
}

int bdb_store_time_limit(bdb_store *st, double seconds)
{
    return st->ops->time_limit(st, seconds);
}

