/* store_sql.c - SQL text both back-ends share: the conditions of a report
 * filter and the platform columns, which come from the platform field
 * table (common/bdb_platform.c) so that a new field needs a migration and
 * nothing else here. Placeholders are written in the back-end's style. */
#include "store_internal.h"

#include <stdlib.h>
#include <stdio.h>
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

/* 1 when [s, s+n) holds a shell glob character: it is matched as a glob,
 * not compared. */
static int has_glob(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] == '*' || s[i] == '?' || s[i] == '[')
            return 1;
    return 0;
}

/* A shell glob as an anchored POSIX regular expression (PostgreSQL's
 * "~"): * . ? become .* and ., a [...] class stays, the rest is quoted. */
static void glob_regex(bdb_buf *out, const char *p, size_t n)
{
    bdb_buf_puts(out, "^");
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (c == '*')
            bdb_buf_puts(out, ".*");
        else if (c == '?')
            bdb_buf_puts(out, ".");
        else if (c == '[') {
            size_t j = i + 1;
            while (j < n && p[j] != ']')
                j++;
            if (j < n) {
                bdb_buf_append(out, p + i, j - i + 1);
                i = j;
            } else {
                bdb_buf_puts(out, "\\[");
            }
        } else if (strchr("\\^$.|+(){}", c)) {
            bdb_buf_printf(out, "\\%c", c);
        } else {
            bdb_buf_append(out, &c, 1);
        }
    }
    bdb_buf_puts(out, "$");
}

/* One glob term: bdb_fnmatch(pattern, col) on SQLite (a function the
 * SQLite back-end registers), col ~ regex on PostgreSQL. */
static void where_glob(bdb_where *w, const char *col, const char *p, size_t n)
{
    if (w->style == '?') {
        bdb_buf_puts(&w->sql, "bdb_fnmatch(");
        where_bind(w, p, n);
        bdb_buf_printf(&w->sql, ", %s)", col);
        return;
    }
    bdb_buf re;
    bdb_buf_init(&re);
    glob_regex(&re, p, n);
    if (re.err && !w->err)
        w->err = re.err;
    bdb_buf_printf(&w->sql, "%s ~ ", col);
    where_bind(w, re.data ? re.data : "", re.len);
    bdb_buf_free(&re);
}

/* col matches one item of a comma list, each an exact name or a glob.
 * The whole text is also tried as one exact name, so that a name holding
 * a comma (a timed command "sort -k1,1") still selects itself. */
static void where_list(bdb_where *w, const char *col, const char *list)
{
    bdb_buf_printf(&w->sql, " AND (%s = ", col);
    where_bind(w, list, strlen(list));
    for (const char *p = list;;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        bdb_buf_puts(&w->sql, " OR ");
        if (has_glob(p, n)) {
            where_glob(w, col, p, n);
        } else {
            bdb_buf_printf(&w->sql, "%s = ", col);
            where_bind(w, p, n);
        }
        if (!comma)
            break;
        p = comma + 1;
    }
    bdb_buf_puts(&w->sql, ")");
}

/* "lo..hi" (either end may be empty): 1 with the bounds as text, else 0. */
static int split_range(const char *v, char *lo, char *hi, size_t n)
{
    const char *dots = strstr(v, "..");
    if (!dots || strstr(dots + 2, ".."))
        return 0;
    size_t a = (size_t)(dots - v), b = strlen(dots + 2);
    if (a >= n || b >= n || (a == 0 && b == 0))
        return 0;
    char *end;
    memcpy(lo, v, a);
    lo[a] = '\0';
    memcpy(hi, dots + 2, b + 1);
    if (a && (strtod(lo, &end), *end != '\0'))
        return 0;
    if (b && (strtod(hi, &end), *end != '\0'))
        return 0;
    return 1;
}

/* A parameter's value as a number, NULL when it is not one. */
static void num_of(bdb_where *w, const char *expr)
{
    if (w->style == '?')
        bdb_buf_printf(&w->sql, "bdb_num(%s)", expr);
    else
        bdb_buf_printf(&w->sql, "(CASE WHEN %s ~ '^[-+]?([0-9]+[.]?[0-9]*|"
                       "[.][0-9]+)([eE][-+]?[0-9]+)?$' THEN (%s)::float8 END)",
                       expr, expr);
}

/* A bound number: the bound text as a number, as num_of reads values. */
static void bind_num(bdb_where *w, const char *text)
{
    bdb_buf_puts(&w->sql, w->style == '?' ? "bdb_num(" : "CAST(");
    where_bind(w, text, strlen(text));
    bdb_buf_puts(&w->sql, w->style == '?' ? ")" : " AS float8)");
}

/* key=value, key=glob, key=lo..hi on the series' parameters. */
static void where_param(bdb_where *w, const char *key, const char *value)
{
    char lo[64], hi[64];
    bdb_buf_puts(&w->sql, " AND EXISTS (SELECT 1 FROM param_set_items sp "
                          "WHERE sp.set_id = s.param_set_id AND sp.key = ");
    where_bind(w, key, strlen(key));
    if (split_range(value, lo, hi, sizeof lo)) {
        if (lo[0]) {
            bdb_buf_puts(&w->sql, " AND ");
            num_of(w, "sp.value");
            bdb_buf_puts(&w->sql, " >= ");
            bind_num(w, lo);
        }
        if (hi[0]) {
            bdb_buf_puts(&w->sql, " AND ");
            num_of(w, "sp.value");
            bdb_buf_puts(&w->sql, " <= ");
            bind_num(w, hi);
        }
        bdb_buf_puts(&w->sql, " AND ");
        num_of(w, "sp.value");
        bdb_buf_puts(&w->sql, " IS NOT NULL)");
        return;
    }
    where_list(w, "sp.value", value);
    bdb_buf_puts(&w->sql, ")");
}

/* The series terms of f (on alias s: series). */
void bdb_where_series(bdb_where *w, const bdb_filter *f)
{
    if (!f)
        return;
    if (f->tool && *f->tool)
        where_list(w, "s.tool", f->tool);
    if (f->benchmark && *f->benchmark)
        where_list(w, "s.benchmark", f->benchmark);
    if (f->metric && *f->metric)
        where_list(w, "s.metric", f->metric);
    if (f->params)
        for (int i = 0; i < f->params->n; i++)
            where_param(w, f->params->kv[i].key, f->params->kv[i].value);
    if (f->series_ids) {
        bdb_buf_puts(&w->sql, " AND s.id IN (");
        for (size_t i = 0; i < f->nseries_ids; i++) {
            char id[24];
            int n = snprintf(id, sizeof id, "%lld", f->series_ids[i]);
            bdb_buf_puts(&w->sql, i ? ", " : "");
            where_bind(w, id, (size_t)n);
        }
        bdb_buf_puts(&w->sql, f->nseries_ids ? ")" : "NULL)");
    }
}

/* The run set and tag terms of f on r.source_id. A statement run once
 * (a listing) reads the set's sources once, as a list; one run once per
 * series (per_row) looks up each result's own source instead, so that it
 * does not read every source of the set again for each series. */
static void where_runsets(bdb_where *w, const bdb_filter *f, int per_row)
{
    const char *open = per_row ? " AND EXISTS (SELECT 1 FROM sources fs "
                               : " AND r.source_id IN (SELECT fs.id FROM "
                                 "sources fs ";
    const char *own = per_row ? " AND fs.id = r.source_id" : "";
    if (f->set && *f->set) {
        bdb_buf_printf(&w->sql, "%sJOIN sets fst ON fst.id = fs.set_id "
                                "WHERE 1=1%s", open, own);
        where_list(w, "fst.name", f->set);
        bdb_buf_puts(&w->sql, ")");
    }
    if (f->tags)
        for (int i = 0; i < f->tags->n; i++) {
            bdb_buf_printf(&w->sql, "%sJOIN set_tags ft ON ft.set_id = "
                                    "fs.set_id WHERE 1=1%s AND ft.key = ",
                           open, own);
            where_bind(w, f->tags->kv[i].key, strlen(f->tags->kv[i].key));
            where_list(w, "ft.value", f->tags->kv[i].value);
            bdb_buf_puts(&w->sql, ")");
        }
}

/* The platform terms of f on r.platform_id: names are resolved through
 * the platforms table, so a filtered query searches an index on results
 * by platform instead of scanning every result. An empty name in the
 * list means results without a platform; names may be globs. */
static void where_platform_names(bdb_where *w, const bdb_filter *f)
{
    if (!f->platforms || !*f->platforms)
        return;
    int unassigned = 0;
    for (const char *p = f->platforms;;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        unassigned |= n == 0;
        if (!comma)
            break;
        p = comma + 1;
    }
    bdb_buf_puts(&w->sql, unassigned ? " AND (r.platform_id IS NULL OR "
                                       "r.platform_id IN (SELECT pl.id FROM "
                                       "platforms pl WHERE 1=1"
                                     : " AND r.platform_id IN (SELECT pl.id "
                                       "FROM platforms pl WHERE 1=1");
    where_list(w, "pl.name", f->platforms);
    bdb_buf_puts(&w->sql, unassigned ? "))" : ")");
}

void bdb_where_platforms(bdb_where *w, const bdb_filter *f)
{
    if (!f)
        return;
    where_runsets(w, f, 0);
    where_platform_names(w, f);
}

void bdb_where_platforms_per_series(bdb_where *w, const bdb_filter *f)
{
    if (!f)
        return;
    where_runsets(w, f, 1);
    where_platform_names(w, f);
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

int bdb_platform_sql_select(bdb_store *st, bdb_buf *b, const char *tail)
{
    bdb_buf_init(b);
    bdb_buf_puts(b, "SELECT ");
    bdb_platform_sql_columns(b);
    bdb_buf_printf(b, " FROM platforms %s", tail);
    if (b->err || !b->data) {
        bdb_buf_free(b);
        return bdb_store_fail(st, BDB_ENOMEM, "out of memory");
    }
    return BDB_OK;
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

void bdb_results_query(bdb_where *w, const bdb_filter *f, int with_sets)
{
    bdb_buf_puts(&w->sql,
                 "SELECT coalesce(p.name, ''), s.tool, s.benchmark, s.metric, "
                 "s.params, s.unit, s.better, r.value, r.repetition, src.path, "
                 "r.line, r.source_id, s.id");
    if (with_sets)
        bdb_buf_puts(&w->sql, ", coalesce(st.name, ''), "
                              "coalesce(st.created_at, ''), coalesce(st.id, 0)");
    bdb_buf_puts(&w->sql, " FROM results r "
                          "JOIN series s ON s.id = r.series_id "
                          "JOIN sources src ON src.id = r.source_id ");
    if (with_sets)
        bdb_buf_puts(&w->sql, "LEFT JOIN sets st ON st.id = src.set_id ");
    bdb_buf_puts(&w->sql, "LEFT JOIN platforms p ON p.id = r.platform_id "
                          "WHERE 1=1");
    bdb_where_build(w, f);
    bdb_buf_puts(&w->sql, " ORDER BY s.tool, s.benchmark, s.metric, s.params, "
                          "coalesce(p.name, ''), ");
    if (with_sets)
        bdb_buf_puts(&w->sql, "st.created_at, st.id, ");
    bdb_buf_puts(&w->sql, "r.source_id, r.repetition, r.line");
}

void bdb_series_count_query(bdb_where *w, const bdb_filter *f)
{
    if (!f || (!(f->platforms && *f->platforms) && !(f->tool && *f->tool) &&
               !(f->benchmark && *f->benchmark) && !(f->metric && *f->metric) &&
               !(f->params && f->params->n) && !(f->set && *f->set) &&
               !(f->tags && f->tags->n) && !f->series_ids)) {
        /* every series: each has a result or trace points (a series
         * that loses its last one is swept with it), so the series
         * table's count is the answer, without a probe of results a series (60 ms at 125,000
         * series, on every filtered page of benchdb serve) */
        bdb_buf_puts(&w->sql, "SELECT count(*) FROM series s");
        return;
    }
    /* one probe of results' series index a series: the cost follows the
     * series, never the results (a lab has ten of these to one series) */
    bdb_buf_puts(&w->sql,
                 "SELECT count(*) FROM series s WHERE EXISTS (SELECT 1 "
                 "FROM results r LEFT JOIN platforms p ON p.id = r.platform_id "
                 "WHERE r.series_id = s.id");
    bdb_where_build(w, f);
    /* and a series of trace points only, as bdb_series_query lists it */
    bdb_buf_puts(&w->sql,
                 ") OR (NOT EXISTS (SELECT 1 FROM results r2 WHERE "
                 "r2.series_id = s.id) AND EXISTS (SELECT 1 FROM (SELECT "
                 "DISTINCT series_id, source_id, CAST(NULL AS bigint) AS "
                 "platform_id FROM trace_points) r LEFT JOIN platforms p ON "
                 "p.id = r.platform_id WHERE r.series_id = s.id");
    bdb_where_build(w, f);
    bdb_buf_puts(&w->sql, "))");
}

/* The series with results, then those whose source gave only trace points
 * (a wrk2 run cut after its calibration lines, an interval trace whose
 * run's figure was not printed): listed with 0 results and 0 platforms.
 * For the filter, a trace's rows stand as results of no platform (its
 * series and its source's set and tags filter it as a result's do). */
void bdb_series_query(bdb_where *w, const bdb_filter *f)
{
    bdb_buf_puts(&w->sql,
                 "SELECT * FROM (SELECT s.id, s.tool, s.benchmark, s.metric, "
                 "s.params, s.unit, s.better, count(r.id) AS nresults, "
                 "count(DISTINCT r.platform_id) AS nplatforms "
                 "FROM series s JOIN results r ON r.series_id = s.id "
                 "LEFT JOIN platforms p ON p.id = r.platform_id WHERE 1=1");
    bdb_where_build(w, f);
    bdb_buf_puts(&w->sql,
                 " GROUP BY s.id UNION ALL SELECT DISTINCT s.id, s.tool, "
                 "s.benchmark, s.metric, s.params, s.unit, s.better, 0, 0 "
                 "FROM series s JOIN (SELECT DISTINCT series_id, source_id, "
                 "CAST(NULL AS bigint) AS platform_id FROM trace_points) r "
                 "ON r.series_id = s.id "
                 "LEFT JOIN platforms p ON p.id = r.platform_id "
                 "WHERE NOT EXISTS (SELECT 1 FROM results r2 "
                 "WHERE r2.series_id = s.id)");
    bdb_where_build(w, f);
    bdb_buf_puts(&w->sql, ") u ORDER BY 2, 3, 4, 5");
}
