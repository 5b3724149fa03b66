/* store_sql.c - SQL text both back-ends share: the conditions of a report
 * filter and the platform columns, which come from the platform field
 * table (common/bdb_platform.c) so that a new field needs a migration and
 * nothing else here. Placeholders are written in the back-end's style. */
#include "store_internal.h"

#include <stdlib.h>
#include <string.h>

void bdb_where_init(bdb_where *w, bdb_sql_style style)
{
    memset(w, 0, sizeof *w);
    bdb_buf_init(&w->sql);
    w->style = style;
}

static void where_bind(bdb_where *w, const char *v, size_t n)
{
    if (w->err)
        return;
    if (w->nbinds == w->cap) {
        int cap = w->cap ? w->cap * 2 : 16;
        char **b = realloc(w->binds, (size_t)cap * sizeof *b);
        if (!b) {
            w->err = BDB_ENOMEM;
            return;
        }
        w->binds = b;
        w->cap = cap;
    }
    char *copy = malloc(n + 1);
    if (!copy) {
        w->err = BDB_ENOMEM;
        return;
    }
    memcpy(copy, v, n);
    copy[n] = '\0';
    w->binds[w->nbinds++] = copy;
    bdb_buf_printf(&w->sql, "%c%d", w->style, w->nbinds);
}

/* Appends " AND " cond with each '?' of cond written as the next
 * placeholder bound to v1, then v2. */
static void where_add(bdb_where *w, const char *cond, const char *v1,
                      const char *v2)
{
    const char *vals[2] = {v1, v2};
    int k = 0;
    bdb_buf_puts(&w->sql, " AND ");
    for (const char *p = cond; *p; p++) {
        if (*p == '?' && k < 2 && vals[k]) {
            where_bind(w, vals[k], strlen(vals[k]));
            k++;
        } else {
            bdb_buf_append(&w->sql, p, 1);
        }
    }
}

/* The series terms of f (on alias s: series). */
void bdb_where_series(bdb_where *w, const bdb_filter *f)
{
    if (!f)
        return;
    if (f->tool)
        where_add(w, "s.tool = ?", f->tool, NULL);
    if (f->benchmark)
        where_add(w, "s.benchmark = ?", f->benchmark, NULL);
    if (f->metric)
        where_add(w, "s.metric = ?", f->metric, NULL);
    if (f->params)
        for (int i = 0; i < f->params->n; i++)
            where_add(w, "EXISTS (SELECT 1 FROM series_params sp WHERE "
                         "sp.series_id = s.id AND sp.key = ? AND sp.value = ?)",
                      f->params->kv[i].key, f->params->kv[i].value);
}

/* The platform terms of f, on r.platform_id (alias r: results): names are
 * resolved through the platforms table, so a filtered query searches an
 * index on results by platform instead of scanning every result. An empty
 * name in the list means results without a platform. */
void bdb_where_platforms(bdb_where *w, const bdb_filter *f)
{
    if (!f || !f->platforms || !*f->platforms)
        return;
    int unassigned = 0;
    const char *p = f->platforms;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        unassigned |= n == 0;
        if (!comma)
            break;
        p = comma + 1;
    }
    bdb_buf_puts(&w->sql, unassigned ? " AND (r.platform_id IS NULL OR "
                                       "r.platform_id IN (SELECT id FROM "
                                       "platforms WHERE name IN ("
                                     : " AND r.platform_id IN (SELECT id "
                                       "FROM platforms WHERE name IN (");
    p = f->platforms;
    for (int first = 1;; first = 0) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        if (!first)
            bdb_buf_puts(&w->sql, ",");
        where_bind(w, p, n);
        if (!comma)
            break;
        p = comma + 1;
    }
    bdb_buf_puts(&w->sql, unassigned ? ")))" : "))");
}

void bdb_where_build(bdb_where *w, const bdb_filter *f)
{
    bdb_where_series(w, f);
    bdb_where_platforms(w, f);
}

void bdb_where_free(bdb_where *w)
{
    for (int i = 0; i < w->nbinds; i++)
        free(w->binds[i]);
    free(w->binds);
    bdb_buf_free(&w->sql);
    w->binds = NULL;
    w->nbinds = w->cap = 0;
}

int bdb_where_check(bdb_store *st, const bdb_where *w)
{
    int rc = w->err ? w->err : w->sql.err;
    if (rc || !w->sql.data)
        return bdb_store_fail(st, rc ? rc : BDB_ENOMEM,
                              "out of memory building a query");
    return BDB_OK;
}

void bdb_platform_sql_columns(bdb_buf *b)
{
    size_t nf;
    const bdb_platform_field *f = bdb_platform_fields(&nf);
    for (size_t i = 0; i < nf; i++)
        bdb_buf_printf(b, "%s%s", i ? ", " : "", f[i].name);
}

void bdb_platform_sql_upsert(bdb_buf *b, bdb_sql_style style, int merge)
{
    size_t nf;
    const bdb_platform_field *f = bdb_platform_fields(&nf);
    bdb_buf_puts(b, "INSERT INTO platforms(");
    bdb_platform_sql_columns(b);
    bdb_buf_puts(b, ") VALUES (");
    for (size_t i = 0; i < nf; i++)
        bdb_buf_printf(b, "%s%c%zu", i ? "," : "", style, i + 1);
    bdb_buf_puts(b, ") ON CONFLICT(name) DO UPDATE SET ");
    int first = 1;
    for (size_t i = 0; i < nf; i++) {
        if (strcmp(f[i].name, "name") == 0)
            continue;
        if (merge)
            bdb_buf_printf(b, "%s%s=coalesce(%c%zu,platforms.%s)",
                           first ? "" : ", ", f[i].name, style, i + 1,
                           f[i].name);
        else
            bdb_buf_printf(b, "%s%s=%c%zu", first ? "" : ", ", f[i].name,
                           style, i + 1);
        first = 0;
    }
}
