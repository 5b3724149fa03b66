/* store_fix.c - the corrections both back-ends make the same way
 * (renaming a platform or a run set, merging and deleting platforms,
 * tagging sets, which names `benchdb complete` may list): the checks, the
 * messages and the statements are here once, run through the handful of
 * primitives each back-end gives (bdb_driver). Statements are written
 * with ?N placeholders; the driver writes them in its style. */
#include "store_internal.h"

#include <stdio.h>
#include <string.h>

#include "../common/bdb_platform.h"

void bdb_sql_restyle(bdb_buf *out, bdb_sql_style style, const char *sql)
{
    bdb_buf_reset(out);
    for (const char *p = sql; *p; p++) {
        const char *q = strchr(p, '?');
        while (q && !(q[1] >= '0' && q[1] <= '9'))  /* not a ?N */
            q = strchr(q + 1, '?');
        if (!q) {
            bdb_buf_puts(out, p);
            break;
        }
        bdb_buf_append(out, p, (size_t)(q - p));
        bdb_buf_append(out, &style, 1);
        p = q;
    }
    if (!out->data && !out->err)
        bdb_buf_puts(out, "");
}

/* bdb_sql_exec_texts of sql with n (at most 3) text parameters */
static int fix_texts(bdb_store *st, const char *sql, const char *what, int n,
                     const char *t1, const char *t2, const char *t3)
{
    const char *v[3] = {t1, t2, t3};
    return bdb_sql_exec_texts(st, sql, what, n, v);
}

/* After sources went: sets left without sources go at once, series left
 * without results now or when the batch ends. */
static int sweep_later(bdb_store *st)
{
    bdb_write_forget_set(st);
    if (bdb_sql_exec_texts(st, BDB_SQL_DROP_EMPTY_SETS, "removing empty sets",
                           0, NULL))
        return BDB_ESTORE;
    return bdb_write_sweep_later(st);
}

/* BDB_ENOTFOUND (with the message) when there is no source id. */
static int source_exists(bdb_store *st, long long id)
{
    long long n;
    int rc = bdb_sql_count(st, "SELECT count(*) FROM sources WHERE id = ?1",
                           id, &n);
    if (!rc && !n)
        rc = bdb_store_fail(st, BDB_ENOTFOUND, "no source %lld", id);
    return rc;
}

int bdb_fix_source_delete(bdb_store *st, long long id)
{
    const bdb_driver *o = st->ops->drv;
    if (o->tx_begin(st))
        return BDB_ESTORE;
    int rc = source_exists(st, id);
    /* its results first: on PostgreSQL no key cascades them
     * (schemas/pg/009_results_unchecked_refs.sql) */
    if (!rc)
        rc = bdb_sql_exec_ids(st, "DELETE FROM results WHERE source_id = ?1", id,
                     0, 1, "removing results");
    if (!rc)
        rc = bdb_sql_exec_ids(st, "DELETE FROM source_platforms WHERE "
                              "source_id = ?1", id, 0, 1,
                              "removing the source's platforms");
    if (!rc)
        rc = bdb_sql_exec_ids(st, "DELETE FROM sources WHERE id = ?1", id, 0, 1,
                     "removing source");
    if (!rc)
        rc = sweep_later(st);
    return o->tx_end(st, rc);
}

int bdb_fix_source_update(bdb_store *st, long long id, const char *platform,
                          const char *options)
{
    const bdb_driver *o = st->ops->drv;
    if (o->tx_begin(st))
        return BDB_ESTORE;
    int rc = source_exists(st, id);
    if (!rc && platform) {
        long long pid = 0;
        rc = bdb_write_platform_id(st, platform, &pid);
        if (!rc && pid)
            rc = bdb_sql_exec_ids(st, "UPDATE sources SET platform_id = ?1 "
                                "WHERE id = ?2", pid, id, 2, "updating source");
        else if (!rc)
            rc = bdb_sql_exec_ids(st, "UPDATE sources SET platform_id = NULL "
                                "WHERE id = ?1", id, 0, 1, "updating source");
    }
    if (!rc && options) {
        char idtext[32];
        snprintf(idtext, sizeof idtext, "%lld", id);
        rc = fix_texts(st, "UPDATE sources SET options = ?1 WHERE id = ?2",
                       "updating source options", 2, options, idtext, NULL);
    }
    return o->tx_end(st, rc);
}

/* What a rename renames: a platform or a run set. */
typedef struct named_kind {
    const char *table, *kind;   /* "platforms", "platform" */
    const char *update_sql, *what;
    int is_set;                 /* the back-end forgets its known set */
} named_kind;

static const named_kind PLATFORM = {
    "platforms", "platform", "UPDATE platforms SET name = ?1 WHERE name = ?2",
    "renaming platform", 0};
static const named_kind SET = {
    "sets", "set", "UPDATE sets SET name = ?1 WHERE name = ?2",
    "renaming set", 1};

static int rename_named(bdb_store *st, const bdb_driver *o,
                        const named_kind *k, const char *old_name,
                        const char *new_name)
{
    if (!*new_name)
        return bdb_store_fail(st, BDB_EUSAGE, "a %s needs a name", k->kind);
    if (o->tx_begin(st))
        return BDB_ESTORE;
    long long a, b;
    int rc = bdb_sql_id_by_name(st, k->table, old_name, &a);
    if (!rc)
        rc = bdb_sql_id_by_name(st, k->table, new_name, &b);
    if (!rc && !a)
        rc = bdb_store_fail(st, BDB_ENOTFOUND, "no %s named '%s'", k->kind,
                            old_name);
    if (!rc && b && k->is_set)
        rc = bdb_store_fail(st, BDB_EEXIST, "there is a set named '%s' "
                            "already", new_name);
    else if (!rc && b) /* two platforms become one by a merge */
        rc = bdb_store_fail(st, BDB_EEXIST, "there is a platform named '%s' "
                            "already (use `platform merge %s INTO %s`)",
                            new_name, old_name, new_name);
    if (k->is_set)
        bdb_write_forget_set(st);
    if (!rc)
        rc = fix_texts(st, k->update_sql, k->what, 2, new_name, old_name,
                       NULL);
    return o->tx_end(st, rc);
}

int bdb_fix_platform_rename(bdb_store *st, const char *old_name,
                            const char *new_name)
{
    return rename_named(st, st->ops->drv, &PLATFORM, old_name, new_name);
}

int bdb_fix_set_rename(bdb_store *st, const char *old_name,
                       const char *new_name)
{
    return rename_named(st, st->ops->drv, &SET, old_name, new_name);
}

/* into keeps its fields and takes from's (?1) where it has none: one
 * coalesce per field of the field table. */
static void merge_fields_sql(bdb_buf *sql)
{
    size_t nf;
    const bdb_platform_field *f = bdb_platform_fields(&nf);
    bdb_buf_puts(sql, "UPDATE platforms SET ");
    int first = 1;
    for (size_t i = 0; i < nf; i++) {
        if (strcmp(f[i].name, "name") == 0)
            continue;
        bdb_buf_printf(sql, "%s%s = coalesce(%s, (SELECT %s FROM platforms "
                            "WHERE id = ?1))", first ? "" : ", ", f[i].name,
                       f[i].name, f[i].name);
        first = 0;
    }
    bdb_buf_puts(sql, " WHERE id = ?2");
}

/* How many results platform id has, from source_platforms (a sum over
 * its sources, not a count of its results). */
static int platform_results(bdb_store *st, long long id, long long *n)
{
    return bdb_sql_count(st, "SELECT CAST(coalesce(sum(results), 0) AS "
                             "bigint) FROM "
                             "source_platforms WHERE platform_id = ?1", id, n);
}

int bdb_fix_platform_merge(bdb_store *st, const char *from, const char *into)
{
    const bdb_driver *o = st->ops->drv;
    if (o->tx_begin(st))
        return BDB_ESTORE;
    long long a, b;
    int rc = bdb_sql_id_by_name(st, "platforms", from, &a);
    if (!rc)
        rc = bdb_sql_id_by_name(st, "platforms", into, &b);
    if (!rc && !a)
        rc = bdb_store_fail(st, BDB_ENOTFOUND, "no platform named '%s'", from);
    if (!rc && !b)
        rc = bdb_store_fail(st, BDB_ENOTFOUND, "no platform named '%s'", into);
    if (!rc && a == b)
        rc = bdb_store_fail(st, BDB_EUSAGE, "cannot merge '%s' into itself",
                            from);
    /* results have no index by platform (schemas/011): their update
     * reads them all, so it runs only when source_platforms says the
     * platform has some */
    long long nresults = 0;
    if (!rc)
        rc = platform_results(st, a, &nresults);
    if (!rc && nresults)
        rc = bdb_sql_exec_ids(st, "UPDATE results SET platform_id = ?2 "
                            "WHERE platform_id = ?1", a, b, 2, "moving results");
    if (!rc)
        rc = bdb_sql_exec_ids(st, "UPDATE source_platforms SET platform_id = "
                              "?2 WHERE platform_id = ?1", a, b, 2,
                              "moving the platforms of results");
    if (!rc)
        rc = bdb_sql_exec_ids(st, "UPDATE sources SET platform_id = ?2 "
                            "WHERE platform_id = ?1", a, b, 2, "moving sources");
    if (!rc) {
        bdb_buf sql;
        bdb_buf_init(&sql);
        merge_fields_sql(&sql);
        rc = sql.err || !sql.data
                 ? bdb_store_fail(st, BDB_ENOMEM, "out of memory")
                 : bdb_sql_exec_ids(st, sql.data, a, b, 2, "merging platform fields");
        bdb_buf_free(&sql);
    }
    if (!rc)
        rc = bdb_sql_exec_ids(st, "DELETE FROM platforms WHERE id = ?1", a, 0, 1,
                     "removing merged platform");
    return o->tx_end(st, rc);
}

int bdb_fix_platform_usage(bdb_store *st, const char *name,
                           long long *nsources, long long *nresults)
{
    long long id;
    int rc = bdb_sql_id_by_name(st, "platforms", name, &id);
    if (!rc && !id)
        return bdb_store_fail(st, BDB_ENOTFOUND, "no platform named '%s'", name);
    if (!rc)
        rc = bdb_sql_count(st, "SELECT count(*) FROM sources "
                              "WHERE platform_id = ?1", id, nsources);
    if (!rc)
        rc = platform_results(st, id, nresults);
    return rc;
}

int bdb_fix_platform_delete(bdb_store *st, const char *name,
                            int with_results)
{
    const bdb_driver *o = st->ops->drv;
    if (o->tx_begin(st))
        return BDB_ESTORE;
    long long id, ns = 0, nr = 0;
    int rc = bdb_sql_id_by_name(st, "platforms", name, &id);
    if (!rc && !id)
        rc = bdb_store_fail(st, BDB_ENOTFOUND, "no platform named '%s'", name);
    if (!rc)
        rc = bdb_fix_platform_usage(st, name, &ns, &nr);
    if (!rc && (ns || nr) && !with_results)
        rc = bdb_store_fail(st, BDB_EEXIST, "platform '%s' has %lld results "
                            "from %lld sources (use --with-results to delete "
                            "them too, or `platform merge`)", name, nr, ns);
    if (!rc && nr)
        rc = bdb_sql_exec_ids(st, "DELETE FROM results WHERE platform_id = ?1", id,
                     0, 1, "removing results");
    if (!rc)
        rc = bdb_sql_exec_ids(st, "DELETE FROM source_platforms WHERE "
                              "platform_id = ?1", id, 0, 1,
                              "removing the platform's results");
    if (!rc)
        rc = bdb_sql_exec_ids(st, "DELETE FROM sources WHERE platform_id = ?1 AND "
                            "NOT EXISTS (SELECT 1 FROM results r WHERE "
                            "r.source_id = sources.id)", id, 0, 1,
                     "removing sources");
    if (!rc)
        rc = bdb_sql_exec_ids(st, "UPDATE sources SET platform_id = NULL "
                            "WHERE platform_id = ?1", id, 0, 1,
                     "updating sources");
    if (!rc)
        rc = bdb_sql_exec_ids(st, "DELETE FROM platforms WHERE id = ?1", id, 0, 1,
                     "removing platform");
    if (!rc)
        rc = sweep_later(st);
    return o->tx_end(st, rc);
}

int bdb_fix_set_tag(bdb_store *st, const char *set, const char *key,
                    const char *value)
{
    const bdb_driver *o = st->ops->drv;
    if (o->tx_begin(st))
        return BDB_ESTORE;
    long long id;
    int rc = bdb_sql_id_by_name(st, "sets", set, &id);
    if (!rc && !id)
        rc = bdb_store_fail(st, BDB_ENOTFOUND, "no set named '%s'", set);
    char sid[32];
    snprintf(sid, sizeof sid, "%lld", id);
    if (!rc && value)
        rc = fix_texts(st, "INSERT INTO set_tags(set_id, key, value) "
                              "VALUES(?1,?2,?3) ON CONFLICT(set_id, key) DO "
                              "UPDATE SET value = excluded.value",
                       "tagging set", 3, sid, key, value);
    else if (!rc)
        rc = fix_texts(st, "DELETE FROM set_tags WHERE set_id = ?1 AND "
                              "key = ?2", "untagging set", 2, sid, key, NULL);
    return o->tx_end(st, rc);
}

int bdb_fix_set_mark(bdb_store *st, const char *set, int new_baseline)
{
    const bdb_driver *o = st->ops->drv;
    if (o->tx_begin(st))
        return BDB_ESTORE;
    long long id;
    int rc = bdb_sql_id_by_name(st, "sets", set, &id);
    if (!rc && !id)
        rc = bdb_store_fail(st, BDB_ENOTFOUND, "no set named '%s'", set);
    if (!rc)
        rc = bdb_sql_exec_ids(st, "UPDATE sets SET new_baseline = ?2 WHERE id = ?1",
                     id, new_baseline ? 1 : 0, 2, "marking set");
    return o->tx_end(st, rc);
}

int bdb_fix_note_add(bdb_store *st, const char *set, const char *tool,
                     const char *benchmark, const char *metric,
                     const char *params, const char *text, long long *added)
{
    const bdb_driver *o = st->ops->drv;
    *added = 0;
    if (o->tx_begin(st))
        return BDB_ESTORE;
    long long id = 0, before = 0;
    int rc = BDB_OK;
    if (set) {
        rc = bdb_sql_id_by_name(st, "sets", set, &id);
        if (!rc && !id)
            rc = bdb_store_fail(st, BDB_ENOTFOUND, "no set named '%s'", set);
    }
    char sid[32];
    snprintf(sid, sizeof sid, "%lld", id);
    if (!rc)
        rc = bdb_sql_count(st, "SELECT COALESCE(MAX(id), 0) FROM notes "
                              "WHERE ?1 >= 0", 0, &before);
    if (!rc && !tool) {
        const char *v[] = {sid, text};
        rc = bdb_sql_exec_texts(st, "INSERT INTO notes(set_id, text) "
                                 "VALUES(?1, ?2)", "adding a note", 2, v);
    } else if (!rc) {
        /* every series of these names (and parameters, when given) */
        const char *v[] = {set ? sid : NULL, text, tool, benchmark, metric,
                           params};
        rc = bdb_sql_exec_texts(st, "INSERT INTO notes(set_id, series_id, text) "
                               "SELECT CAST(?1 AS BIGINT), s.id, ?2 FROM "
                               "series s WHERE "
                               "s.tool = ?3 AND s.benchmark = ?4 AND "
                               "s.metric = ?5 AND s.params = COALESCE(?6, "
                               "s.params) ORDER BY s.id", "adding a note",
                                6, v);
    }
    if (!rc)
        rc = bdb_sql_count(st, "SELECT count(*) FROM notes WHERE id > ?1",
                         before, added);
    if (!rc && *added == 0)
        rc = bdb_store_fail(st, BDB_ENOTFOUND, "no series %s %s %s%s%s%s",
                            tool, benchmark, metric, params ? " [" : "",
                            params ? params : "", params ? "]" : "");
    return o->tx_end(st, rc);
}
