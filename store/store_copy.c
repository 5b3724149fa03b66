/* store_copy.c - copying a whole database between back-ends (`benchdb
 * copy`), and showing locations without their passwords. Only the method
 * table is used, so any two back-ends copy into each other. */
#include "store_admin.h"
#include "store_internal.h"
#include "store_traces.h"
#include "../common/bdb_grow.h"
#include "../common/bdb_units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- locations ----------------------------------------------------------- */

/* The password in loc from from on: after the user in a URI's
 * credentials (up to the last '@' before the query, so a password with
 * an unencoded '/' is found whole), or the value of password= in a URI
 * query (up to '&' or '#') or a libpq keyword string (up to a blank, or
 * quoted). Returns its start, its length in *len, or NULL. */
const char *bdb_store_password_span(const char *loc, const char *from,
                                    size_t *len)
{
    const char *scheme = strstr(loc, "://");
    if (scheme && from <= scheme + 3) {
        const char *auth = scheme + 3;
        const char *end = auth + strcspn(auth, "?#");
        const char *at = NULL;
        for (const char *q = auth; q < end; q++)
            if (*q == '@')
                at = q;
        const char *colon = at ? memchr(auth, ':', (size_t)(at - auth)) : NULL;
        if (colon) {
            *len = (size_t)(at - colon - 1);
            return colon + 1;
        }
    }
    for (const char *q = from; (q = strstr(q, "password=")) != NULL; q += 9) {
        int in_query = q > loc && (q[-1] == '?' || q[-1] == '&');
        int keyword = !scheme && (q == loc || q[-1] == ' ' || q[-1] == '\t');
        if (!in_query && !keyword)
            continue;
        const char *v = q + 9;
        if (in_query) {
            *len = strcspn(v, "&#");
        } else if (*v == '\'') {
            const char *e = v + 1;
            while (*e && *e != '\'')
                e += e[0] == '\\' && e[1] ? 2 : 1;
            *len = (size_t)(e - v) + (*e == '\'');
        } else {
            *len = strcspn(v, " \t\n");
        }
        return v;
    }
    return NULL;
}

void bdb_store_mask_location(const char *loc, char *out, size_t n)
{
    if (!n)
        return;
    bdb_buf b;
    bdb_buf_init(&b);
    const char *p = loc, *pw;
    size_t pwlen;
    while ((pw = bdb_store_password_span(loc, p, &pwlen)) != NULL) {
        bdb_buf_append(&b, p, (size_t)(pw - p));
        bdb_buf_puts(&b, "***");
        p = pw + pwlen;
    }
    bdb_buf_puts(&b, p);
    const char *text = b.data && !b.err ? b.data : "(location)";
    size_t len = strlen(text);
    if (len < n) {
        memcpy(out, text, len + 1);
    } else if (n > 4) {
        memcpy(out, text, n - 4);
        memcpy(out + n - 4, "...", 4);
    } else {
        out[0] = '\0';
    }
    bdb_buf_free(&b);
}

/* ---- stored rows back into samples ------------------------------------- */

/* Units are few and a sample keeps a pointer to its unit: the canonical
 * ones are the BDB_UNIT_* literals, any other is interned once. */
static const char *intern_unit(const char *unit)
{
    static const char *const known[] = {
        BDB_UNIT_BYTES_PER_S, BDB_UNIT_BITS_PER_S, BDB_UNIT_SECONDS,
        BDB_UNIT_OPS_PER_S, BDB_UNIT_BYTES, BDB_UNIT_COUNT, BDB_UNIT_PERCENT,
        ""};
    static char **seen;
    static size_t nseen, capseen;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strcmp(known[i], unit) == 0)
            return known[i];
    for (size_t i = 0; i < nseen; i++)
        if (strcmp(seen[i], unit) == 0)
            return seen[i];
    char **p = bdb_grow(seen, nseen, &capseen, sizeof *p, 16);
    if (!p)
        return NULL;
    seen = p;
    char *copy = strdup(unit);
    if (!copy)
        return NULL;
    seen[nseen++] = copy;
    return copy;
}

int bdb_store_sample_from_row(bdb_store *st, bdb_sink *out,
                              const char *platform, const char *tool,
                              const char *benchmark, const char *metric,
                              const char *unit, int better, double value,
                              int repetition, int line, const char *params_kv)
{
    bdb_sample smp;
    bdb_sample_init(&smp, NULL);
    if (strlen(tool) >= sizeof smp.tool)
        return bdb_store_fail(st, BDB_ERANGE, "line %d: tool '%.40s' is "
                              "longer than %zu bytes", line, tool,
                              sizeof smp.tool - 1);
    snprintf(smp.tool, sizeof smp.tool, "%s", tool);
    bdb_sample_set_benchmark(&smp, benchmark, benchmark + strlen(benchmark));
    bdb_sample_set_platform(&smp, platform);
    if (strlen(metric) >= sizeof smp.metric)
        smp.overflow |= BDB_OVER_METRIC;
    else
        snprintf(smp.metric, sizeof smp.metric, "%s", metric);
    smp.unit = intern_unit(unit);
    if (!smp.unit)
        return bdb_store_fail(st, BDB_ENOMEM, "out of memory");
    smp.better = better < 0 ? BDB_LOWER_IS_BETTER
                            : better > 0 ? BDB_HIGHER_IS_BETTER : BDB_NEUTRAL;
    smp.value = value;
    smp.repetition = repetition;
    smp.line = line;
    for (const char *p = params_kv; *p;) {
        const char *pair_end = p + strcspn(p, "\x1e");
        const char *sep = memchr(p, '\x1f', (size_t)(pair_end - p));
        if (!sep)
            return bdb_store_fail(st, BDB_ESTORE, "line %d: damaged series "
                                  "parameters", line);
        char key[BDB_PARAM_KEY_MAX];
        if ((size_t)(sep - p) >= sizeof key) {
            smp.overflow |= BDB_OVER_KEY;
        } else {
            memcpy(key, p, (size_t)(sep - p));
            key[sep - p] = '\0';
            /* the set's overflow flag refuses the figure below */
            (void)bdb_params_set_span(&smp.params, key, sep + 1, pair_end);
        }
        p = *pair_end ? pair_end + 1 : pair_end;
    }
    int over = smp.overflow | smp.params.overflow;
    if (over)
        return bdb_store_fail(st, BDB_ERANGE, "line %d: %s %s cannot be "
                              "copied: %s", line, benchmark, metric,
                              bdb_overflow_text(over));
    int rc = bdb_sink_emit(out, &smp);
    return rc ? bdb_store_fail(st, rc, "out of memory holding figures") : BDB_OK;
}

int bdb_store_note_from_row(bdb_store *st, bdb_sink *out, int line,
                            int is_info, const char *text)
{
    int rc = is_info ? bdb_sink_info(out, line, "%s", text)
                     : bdb_sink_warn(out, line, "%s", text);
    return rc ? bdb_store_fail(st, rc, "out of memory holding notes") : BDB_OK;
}

/* ---- the copy -------------------------------------------------------------- */

typedef struct plist {
    bdb_platform *v;
    size_t n, cap;
    int err;
} plist;

static int collect_platform(const bdb_platform *p, void *ctx)
{
    plist *l = ctx;
    bdb_platform *v = bdb_grow(l->v, l->n, &l->cap, sizeof *v, 64);
    if (!v) {
        l->err = BDB_ENOMEM;
        return 1;
    }
    l->v = v;
    l->v[l->n++] = *p;
    return 0;
}

/* What a source's row says, kept past the callback. */
typedef struct src_meta {
    long long id, size;
    char *sha256, *imported_at, *path, *tool, *tool_version,
        *parser_version, *platform, *options, *set;
} src_meta;

typedef struct slist {
    src_meta *v;
    size_t n, cap;
    int err;
} slist;

static void src_meta_free(src_meta *m)
{
    free(m->sha256); free(m->imported_at); free(m->path); free(m->tool);
    free(m->tool_version); free(m->parser_version); free(m->platform);
    free(m->options);
    free(m->set);
}

static int collect_source(const bdb_source_row *r, void *ctx)
{
    slist *l = ctx;
    src_meta *v = bdb_grow(l->v, l->n, &l->cap, sizeof *v, 256);
    if (!v) {
        l->err = BDB_ENOMEM;
        return 1;
    }
    l->v = v;
    src_meta m = {.id = r->id, .size = r->size,
                  .sha256 = strdup(r->sha256),
                  .imported_at = strdup(r->imported_at),
                  .path = strdup(r->path), .tool = strdup(r->tool),
                  .tool_version = strdup(r->tool_version),
                  .parser_version = strdup(r->parser_version),
                  .platform = strdup(r->platform),
                  .options = strdup(r->options ? r->options : ""),
                  .set = strdup(r->set ? r->set : "")};
    if (!m.sha256 || !m.imported_at || !m.path || !m.tool ||
        !m.tool_version || !m.parser_version || !m.platform || !m.options ||
        !m.set) {
        src_meta_free(&m);
        l->err = BDB_ENOMEM;
        return 1;
    }
    l->v[l->n++] = m;
    return 0;
}

/* The consumer that hands each figure read from the source store on to
 * the target's open source: a copy holds one figure at a time, not the
 * source's million. */
typedef struct to_target {
    bdb_store *to;
    long long id;
    int rc;             /* the target refused a figure */
} to_target;

static int take_into_target(void *ctx, const bdb_sample *s)
{
    to_target *t = ctx;
    t->rc = bdb_store_source_put(t->to, t->id, s);
    return t->rc;
}

/* Copies one source, its figures streamed from the source store into the
 * target's transaction; BDB_EEXIST when the target has it already. */
static int copy_source(bdb_store *from, bdb_store *to, const src_meta *m,
                       bdb_copy_stats *stats, bdb_diag *diag)
{
    long long have = 0;
    if (bdb_store_source_find(to, m->sha256, &have))
        return bdb_diag_set(diag, BDB_ESTORE, 0, "%s: %s", m->path,
                            bdb_store_errmsg(to));
    if (have)
        return BDB_EEXIST;
    bdb_stored_source raw;
    if (bdb_store_source_load(from, m->id, &raw))
        return bdb_diag_set(diag, BDB_ESTORE, 0, "%s: %s", m->path,
                            bdb_store_errmsg(from));
    bdb_source_info info = {
        .path = m->path, .sha256 = m->sha256, .raw = raw.raw,
        .size = raw.size, .tool = m->tool, .tool_version = m->tool_version,
        .parser_version = m->parser_version,
        .platform = *m->platform ? m->platform : NULL,
        .options = m->options,
        .set = *m->set ? m->set : NULL};   /* the run set goes too */
    to_target t = {.to = to};
    int rc = bdb_store_source_begin(to, &info, 0, &t.id);
    bdb_stored_source_free(&raw);   /* stored by begin */
    if (rc == BDB_EEXIST)
        return rc;  /* another client stored it since our look-up */
    if (rc)
        return bdb_diag_set(diag, rc, 0, "%s: %s", m->path,
                            bdb_store_errmsg(to));
    bdb_sink_consumer consumer = {take_into_target, &t, NULL};
    bdb_sink sink;
    bdb_sink_init(&sink);
    sink.consumer = &consumer;
    rc = bdb_store_source_samples(from, m->id, &sink);
    /* the figures' traces, once their series are in the target */
    if (!rc && (rc = bdb_store_traces_copy(from, m->id, to, t.id)))
        t.rc = rc;
    if (rc) {
        /* the error is the read's or the put's: ending only undoes */
        bdb_diag_set(diag, rc, 0, "%s: %s", m->path,
                     bdb_store_errmsg(t.rc ? to : from));
        bdb_store_source_end(to, t.id, NULL, NULL, NULL, NULL, 0);
    } else if ((rc = bdb_store_source_end(to, t.id, m->tool, m->tool_version,
                                          m->parser_version, &sink, 1)) ||
               (rc = bdb_store_source_set_imported_at(to, t.id,
                                                      m->imported_at))) {
        bdb_diag_set(diag, rc, 0, "%s: %s", m->path, bdb_store_errmsg(to));
    } else {
        stats->results += (long long)sink.n;
        stats->notes += (long long)sink.nnotes;
    }
    bdb_sink_free(&sink);
    return rc;
}

/* Set tags ("k=v,k=v" of sets_each) and history rows, kept to copy after
 * the walks (the callbacks must not write). */
typedef struct texts {
    char **v;
    size_t n, cap;
    int err;
} texts;

static void texts_add(texts *t, const char *a)
{
    if (t->err)
        return;
    char **v = bdb_grow(t->v, t->n, &t->cap, sizeof *v, 64);
    if (!v) {
        t->err = BDB_ENOMEM;
        return;
    }
    t->v = v;
    if (!(t->v[t->n] = strdup(a ? a : "")))
        t->err = BDB_ENOMEM;
    else
        t->n++;
}

static void texts_free(texts *t)
{
    for (size_t i = 0; i < t->n; i++)
        free(t->v[i]);
    free(t->v);
}

static int collect_set(const bdb_set_row *r, void *ctx)
{
    if (r->tags && *r->tags) {
        texts_add(ctx, r->name);
        texts_add(ctx, r->tags);
    }
    return 0;
}

static int collect_history(const bdb_history_row *r, void *ctx)
{
    texts_add(ctx, r->user);
    texts_add(ctx, r->command);
    /* the target dates its own rows: the original time goes with the text */
    size_t n = strlen(r->summary) + strlen(r->at) + 16;
    char *s = malloc(n);
    if (!s) {
        ((texts *)ctx)->err = BDB_ENOMEM;
        return 1;
    }
    snprintf(s, n, "%s (at %s)", r->summary, r->at);
    texts_add(ctx, s);
    free(s);
    return 0;
}

/* The sets' tags (the sets came with their sources) and the history. A
 * second copy would double the history: only an empty target's history
 * is written. */
static int copy_tags_and_history(bdb_store *from, bdb_store *to,
                                 bdb_copy_stats *stats, bdb_diag *diag)
{
    (void)stats;
    texts t = {0};
    int rc = bdb_store_sets_each(from, collect_set, &t);
    if (!rc && t.err)
        rc = bdb_store_fail(from, t.err, "out of memory reading sets");
    if (rc) {
        texts_free(&t);
        return bdb_diag_set(diag, rc, 0, "reading sets: %s",
                            bdb_store_errmsg(from));
    }
    for (size_t i = 0; !rc && i + 1 < t.n; i += 2) {
        char *tags = t.v[i + 1];
        for (char *kv = tags; !rc && kv && *kv;) {
            char *comma = strchr(kv, ',');
            if (comma)
                *comma = '\0';
            char *eq = strchr(kv, '=');
            if (eq) {
                *eq = '\0';
                rc = bdb_store_set_tag(to, t.v[i], kv, eq + 1);
                if (rc)
                    bdb_diag_set(diag, rc, 0, "tagging set %s: %s", t.v[i],
                                 bdb_store_errmsg(to));
            }
            kv = comma ? comma + 1 : NULL;
        }
    }
    texts_free(&t);
    if (rc)
        return rc;
    texts have = {0}, h = {0};
    rc = bdb_store_history_each(to, collect_history, &have);
    if (!rc)
        rc = bdb_store_history_each(from, collect_history, &h);
    if (!rc && (have.err || h.err))
        rc = bdb_store_fail(to, BDB_ENOMEM, "out of memory reading history");
    if (rc)
        bdb_diag_set(diag, rc, 0, "history: %s", bdb_store_errmsg(to));
    for (size_t i = 0; !rc && !have.n && i + 2 < h.n; i += 3)
        if ((rc = bdb_store_history_add(to, h.v[i], h.v[i + 1], h.v[i + 2])))
            bdb_diag_set(diag, rc, 0, "history: %s", bdb_store_errmsg(to));
    texts_free(&have);
    texts_free(&h);
    return rc;
}

#define COPY_BATCH 256

int bdb_store_copy(bdb_store *from, bdb_store *to, bdb_copy_stats *stats,
                   void (*progress)(const bdb_copy_stats *s, void *ctx),
                   void *ctx, bdb_diag *diag)
{
    memset(stats, 0, sizeof *stats);
    plist pl = {0};
    int rc = bdb_store_platform_each(from, collect_platform, &pl);
    if (!rc && pl.err)
        rc = bdb_store_fail(from, pl.err, "out of memory reading platforms");
    if (rc) {
        free(pl.v);
        return bdb_diag_set(diag, rc, 0, "reading platforms: %s",
                            bdb_store_errmsg(from));
    }
    if (pl.n && (rc = bdb_store_platforms_put(to, pl.v, pl.n))) {
        free(pl.v);
        return bdb_diag_set(diag, rc, 0, "writing platforms: %s",
                            bdb_store_errmsg(to));
    }
    stats->platforms = (long long)pl.n;
    free(pl.v);

    slist sl = {0};
    rc = bdb_store_sources_each(from, collect_source, &sl);
    if (!rc && sl.err)
        rc = bdb_store_fail(from, sl.err, "out of memory reading sources");
    if (rc)
        bdb_diag_set(diag, rc, 0, "reading sources: %s", bdb_store_errmsg(from));
    int open = 0;
    for (size_t i = 0; !rc && i < sl.n; i++) {
        if (!open) {
            if ((rc = bdb_store_batch_begin(to, 0))) {
                bdb_diag_set(diag, rc, 0, "%s", bdb_store_errmsg(to));
                break;
            }
            open = 1;
        }
        int one = copy_source(from, to, &sl.v[i], stats, diag);
        if (one == BDB_EEXIST)
            stats->already++;
        else if (one)
            rc = one;   /* diag names the source; the batch keeps the rest */
        else
            stats->sources++;
        if (open && (rc || (i + 1) % COPY_BATCH == 0 || i + 1 == sl.n)) {
            int end = bdb_store_batch_end(to, 1);
            open = 0;
            if (end && !rc)
                rc = bdb_diag_set(diag, end, 0, "%s", bdb_store_errmsg(to));
        }
        if (progress)
            progress(stats, ctx);
    }
    if (open)
        bdb_store_batch_end(to, 1);
    for (size_t i = 0; i < sl.n; i++)
        src_meta_free(&sl.v[i]);
    free(sl.v);
    if (!rc)
        rc = copy_tags_and_history(from, to, stats, diag);
    return rc;
}
