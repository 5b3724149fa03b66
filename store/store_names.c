/* store_names.c - the names a database holds, one column each (which
 * platforms, tools, sets, parameters, tags `benchdb complete` and the
 * menus may offer; the baselines; the notes), written once over the
 * driver's primitives. */
#include "store_internal.h"

#include <stdlib.h>
#include <string.h>

/* The query of the names of what, with ?1 = *arg when *arg is set; NULL
 * when there are no names of what. */
static const char *names_sql(const char *what, const char **arg)
{
    *arg = NULL;
    if (strcmp(what, "baseline") == 0)
        return "SELECT name FROM sets WHERE new_baseline = 1 "
               "ORDER BY created_at, id";
    if (strcmp(what, "note") == 0)
        return "SELECT COALESCE(st.name, '') || '\x1f' || "
               "COALESCE(se.tool, '') || '\x1f' || "
               "COALESCE(se.benchmark, '') || '\x1f' || "
               "COALESCE(se.metric, '') || '\x1f' || "
               "COALESCE(se.params, '') || '\x1f' || n.text "
               "FROM notes n LEFT JOIN sets st ON st.id = n.set_id "
               "LEFT JOIN series se ON se.id = n.series_id ORDER BY n.id";
    if (strcmp(what, "platform") == 0)
        return "SELECT name FROM platforms ORDER BY name";
    if (strcmp(what, "tool") == 0)
        /* a few tools over a lab's 125,000 series: one seek of the
         * series_by_tool index per tool, not a walk of all of it
         * (every page's menu lists them) */
        return "WITH RECURSIVE t(tool) AS (SELECT min(tool) FROM series "
               "UNION ALL SELECT (SELECT min(s.tool) FROM series s WHERE "
               "s.tool > t.tool) FROM t WHERE t.tool IS NOT NULL) "
               "SELECT tool FROM t WHERE tool IS NOT NULL ORDER BY 1";
    if (strcmp(what, "benchmark") == 0)
        return "SELECT DISTINCT benchmark FROM series ORDER BY 1";
    if (strcmp(what, "metric") == 0)
        return "SELECT DISTINCT metric FROM series ORDER BY 1";
    if (strcmp(what, "set") == 0)
        return "SELECT name FROM sets ORDER BY created_at, id";
    if (strcmp(what, "param") == 0)
        /* the sets of the series, found in one scan of the series (no
         * index by set since schemas/012) */
        return "SELECT DISTINCT i.key FROM param_set_items i WHERE "
               "i.set_id IN (SELECT param_set_id FROM series) ORDER BY 1";
    if (strcmp(what, "tag") == 0)
        return "SELECT DISTINCT key FROM set_tags ORDER BY 1";
    if (strncmp(what, "param:", 6) == 0) {
        *arg = what + 6;
        return "SELECT DISTINCT i.value FROM param_set_items i WHERE "
               "i.key = ?1 AND i.set_id IN (SELECT param_set_id FROM "
               "series) ORDER BY 1";
    }
    if (strncmp(what, "tag:", 4) == 0) {
        *arg = what + 4;
        return "SELECT DISTINCT value FROM set_tags WHERE key = ?1 ORDER BY 1";
    }
    return NULL;
}

int bdb_name_row(bdb_stmt *s, void *ctx)
{
    bdb_name_walk *w = ctx;
    return w->cb(bdb_col_text(s, 0), w->ctx) ? 1 : 0;
}

int bdb_store_names_each(bdb_store *st, const char *what,
                         int (*cb)(const char *, void *), void *ctx)
{
    const char *arg, *sql = names_sql(what, &arg);
    if (!sql)
        return bdb_store_fail(st, BDB_EUSAGE, "no names of '%s'", what);
    bdb_name_walk w = {cb, ctx};
    return bdb_sql_walk(st, sql, arg, "listing names", bdb_name_row, &w);
}

int bdb_store_baselines_each(bdb_store *st,
                             int (*cb)(const char *set, void *ctx), void *ctx)
{
    return bdb_store_names_each(st, "baseline", cb, ctx);
}

typedef struct note_walk {
    int (*cb)(const bdb_note_row *, void *);
    void *ctx;
} note_walk;

/* One row of the "note" query: six fields joined by \x1f. */
static int note_row(const char *row, void *ctx)
{
    note_walk *w = ctx;
    char *copy = strdup(row);
    if (!copy)
        return -1;
    const char *f[6] = {"", "", "", "", "", ""};
    char *p = copy;
    for (int i = 0; i < 6; i++) {
        f[i] = p;
        char *sep = i < 5 ? strchr(p, '\x1f') : NULL;
        if (!sep)
            break;
        *sep = '\0';
        p = sep + 1;
    }
    bdb_note_row r = {f[0], f[1], f[2], f[3], f[4], f[5]};
    int stop = w->cb(&r, w->ctx);
    free(copy);
    return stop;
}

int bdb_store_notes_each(bdb_store *st,
                         int (*cb)(const bdb_note_row *r, void *ctx),
                         void *ctx)
{
    note_walk w = {cb, ctx};
    return bdb_store_names_each(st, "note", note_row, &w);
}
