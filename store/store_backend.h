/* store_backend.h - the method table a storage backend implements (the
 * sqlite3_vfs pattern: methods are only ever appended, and iVersion says
 * how many a table has). store.c dispatches every public call through it. */
#ifndef BDB_STORE_BACKEND_H
#define BDB_STORE_BACKEND_H

#include "store.h"

typedef struct bdb_store_ops {
    int iVersion;   /* 8: methods are only appended; each append bumps it;
                       store.c calls a method only when iVersion has it */
    const char *scheme;
    int (*open)(bdb_store *st, const char *location, int flags,
                bdb_diag *diag);
    void (*close)(bdb_store *st);
    int (*platform_put)(bdb_store *st, const bdb_platform *p, int merge);
    int (*platform_get)(bdb_store *st, const char *name, bdb_platform *out);
    int (*platform_each)(bdb_store *st, int (*cb)(const bdb_platform *, void *),
                         void *ctx);
    int (*source_find)(bdb_store *st, const char *sha256, long long *id);
    /* add_source and source_replace may be NULL in a table that streams
     * (iVersion 3): store.c then puts the sink through source_begin, put
     * and end */
    int (*add_source)(bdb_store *st, const bdb_source_info *src,
                      const bdb_sink *samples, long long *source_id);
    int (*source_ids)(bdb_store *st, long long **ids, long long **sizes,
                      size_t *n);
    int (*source_load)(bdb_store *st, long long id, bdb_stored_source *out);
    int (*source_replace)(bdb_store *st, long long id, const char *tool,
                          const char *tool_version, const char *parser_version,
                          const bdb_sink *samples);
    int (*results_each)(bdb_store *st, const bdb_filter *f,
                        int (*cb)(const bdb_result_row *, void *), void *ctx);
    int (*series_each)(bdb_store *st, const bdb_filter *f,
                       int (*cb)(const bdb_series_row *, void *), void *ctx);
    int (*sources_each)(bdb_store *st,
                        int (*cb)(const bdb_source_row *, void *), void *ctx);
    int (*warnings_each)(bdb_store *st, const bdb_filter *f,
                         int (*cb)(const bdb_warning_row *, void *), void *ctx);
    int (*groups_each)(bdb_store *st, const bdb_filter *f,
                       int (*cb)(const bdb_group_row *, void *), void *ctx);
    int (*platforms_put)(bdb_store *st, const bdb_platform *p, size_t n);
    int (*platform_names_each)(bdb_store *st, const bdb_filter *f,
                               int (*cb)(const char *, void *), void *ctx);
    /* iVersion 2 */
    int (*batch_begin)(bdb_store *st, int flags);
    int (*batch_end)(bdb_store *st, int commit);
    /* iVersion 3: a source streamed figure by figure */
    int (*source_begin)(bdb_store *st, const bdb_source_info *src,
                        long long replace_id, long long *id);
    int (*source_put)(bdb_store *st, long long id, const bdb_sample *s);
    int (*source_end)(bdb_store *st, long long id, const char *tool,
                      const char *tool_version, const char *parser_version,
                      const bdb_sink *notes, int keep);
    /* iVersion 4: copying a database (store_admin.h) */
    int (*source_samples)(bdb_store *st, long long id, bdb_sink *out);
    int (*source_set_imported_at)(bdb_store *st, long long id,
                                  const char *imported_at);
    /* iVersion 5: corrections, run sets and history */
    int (*history_add)(bdb_store *st, const char *user, const char *command,
                       const char *summary);
    int (*history_each)(bdb_store *st,
                        int (*cb)(const bdb_history_row *, void *), void *ctx);
    int (*source_delete)(bdb_store *st, long long id);
    int (*source_update)(bdb_store *st, long long id, const char *platform,
                         const char *options);
    int (*source_revise)(bdb_store *st, long long id,
                         const bdb_source_info *src);
    int (*platform_rename)(bdb_store *st, const char *old_name,
                           const char *new_name);
    int (*platform_merge)(bdb_store *st, const char *from, const char *into);
    int (*platform_usage)(bdb_store *st, const char *name, long long *nsources,
                          long long *nresults);
    int (*platform_delete)(bdb_store *st, const char *name, int with_results);
    int (*sets_each)(bdb_store *st, int (*cb)(const bdb_set_row *, void *),
                     void *ctx);
    int (*set_rename)(bdb_store *st, const char *old_name,
                      const char *new_name);
    int (*set_tag)(bdb_store *st, const char *set, const char *key,
                   const char *value);
    int (*names_each)(bdb_store *st, const char *what,
                      int (*cb)(const char *, void *), void *ctx);
    int (*set_results_each)(bdb_store *st, const bdb_filter *f,
                            int (*cb)(const bdb_set_result_row *, void *),
                            void *ctx);
    /* iVersion 6: the primitives under the corrections both back-ends
     * make alike (store_internal.h), for the methods above that are
     * store_fix.c's bdb_fix_* */
    const struct bdb_fix_ops *fix;
    /* iVersion 7: a reader that serves pages (benchdb serve) */
    int (*data_version)(bdb_store *st, char *out, size_t n,
                        long long *changed_at);
    int (*time_limit)(bdb_store *st, double seconds);
    /* iVersion 8: how many series have a result matching f, counted by
     * the database (series_each without its rows) */
    int (*series_count)(bdb_store *st, const bdb_filter *f, long long *n);
} bdb_store_ops;

/* The highest iVersion this store.c knows. */
#define BDB_STORE_OPS_VERSION 8

struct bdb_store {
    const bdb_store_ops *ops;
    void *impl;
    char errmsg[1024];
    char shown[512];    /* the location, password masked */
};

/* Records the handle's error message and returns code. */
int bdb_store_fail(bdb_store *st, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

extern const bdb_store_ops bdb_store_sqlite_ops;
extern const bdb_store_ops bdb_store_pg_ops;  /* store_pg.c; without libpq
                                                 its open says so */

#endif
