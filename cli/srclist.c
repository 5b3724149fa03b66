/* srclist.c - choosing stored sources (see srclist.h). */
#include "srclist.h"
#include "../store/store.h"

#include <ctype.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

static int in_list(const char *list, const char *value)
{
    if (strcmp(list, value) == 0)
        return 1;
    for (const char *p = list;;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        char item[512];
        if (n < sizeof item) {
            memcpy(item, p, n);
            item[n] = '\0';
            if (fnmatch(item, value, 0) == 0)
                return 1;
        }
        if (!comma)
            return 0;
        p = comma + 1;
    }
}

static int is_hex(const char *s)
{
    for (; *s; s++)
        if (!isxdigit((unsigned char)*s))
            return 0;
    return 1;
}

static int is_digits(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return 0;
    return 1;
}

typedef struct all_sources {
    cli_srclist all;
    int err;
} all_sources;

static int add_row(const bdb_source_row *r, void *ctx)
{
    all_sources *a = ctx;
    cli_srclist *l = &a->all;
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 64;
        cli_src *v = realloc(l->v, cap * sizeof *v);
        if (!v) {
            a->err = 1;
            return 1;
        }
        l->v = v;
        l->cap = cap;
    }
    cli_src *s = &l->v[l->n];
    s->id = r->id;
    s->nresults = r->nresults;
    s->path = strdup(r->path);
    s->sha256 = strdup(r->sha256);
    s->tool = strdup(r->tool);
    s->platform = strdup(r->platform);
    s->set = strdup(r->set ? r->set : "");
    s->imported_at = strdup(r->imported_at);
    l->n++;
    if (!s->path || !s->sha256 || !s->tool || !s->platform || !s->set ||
        !s->imported_at) {
        a->err = 1;
        return 1;
    }
    return 0;
}

static void src_free(cli_src *s)
{
    free(s->path);
    free(s->sha256);
    free(s->tool);
    free(s->platform);
    free(s->set);
    free(s->imported_at);
}

void cli_srclist_free(cli_srclist *list)
{
    for (size_t i = 0; i < list->n; i++)
        src_free(&list->v[i]);
    free(list->v);
    memset(list, 0, sizeof *list);
}

/* 1 when name designates s: its id, its path (or a glob of it), or a
 * prefix of its digest. */
static int names_source(const char *name, const cli_src *s)
{
    if (is_digits(name) && strtoll(name, NULL, 10) == s->id)
        return 1;
    if (strcmp(name, s->path) == 0)
        return 1;
    if (strlen(name) >= 4 && is_hex(name) &&
        strncasecmp(s->sha256, name, strlen(name)) == 0)
        return 1;
    if (strpbrk(name, "*?[") && fnmatch(name, s->path, 0) == 0)
        return 1;
    return 0;
}

int cli_srclist_select(bdb_cli *cli, const cli_srcsel *sel, cli_srclist *list)
{
    memset(list, 0, sizeof *list);
    all_sources a = {0};
    if (bdb_store_sources_each(cli->store, add_row, &a) || a.err) {
        cli_srclist_free(&a.all);
        return cli_error("%s", a.err ? "out of memory"
                                     : bdb_store_errmsg(cli->store));
    }
    int status = BDB_EXIT_OK;
    /* Every name must designate something, and a digest prefix one source. */
    for (size_t k = 0; k < sel->nnames && !status; k++) {
        size_t hits = 0;
        int by_digest_only = 1;
        for (size_t i = 0; i < a.all.n; i++)
            if (names_source(sel->names[k], &a.all.v[i])) {
                hits++;
                if (is_digits(sel->names[k]) || strcmp(sel->names[k], a.all.v[i].path) == 0 ||
                    strpbrk(sel->names[k], "*?["))
                    by_digest_only = 0;
            }
        if (!hits)
            /* an unknown name is a usage error, as everywhere */
            status = cli_usage_error(cli, "no source is '%s' (name a source "
                                     "by its path, a SHA-256 prefix or its "
                                     "id: benchdb list sources)",
                                     sel->names[k]);
        else if (hits > 1 && by_digest_only)
            status = cli_error("'%s' is the start of %zu digests; give more "
                               "digits", sel->names[k], hits);
    }
    for (size_t i = 0; i < a.all.n && !status; i++) {
        cli_src *s = &a.all.v[i];
        int ok = 1;
        if (sel->nnames) {
            ok = 0;
            for (size_t k = 0; k < sel->nnames && !ok; k++)
                ok = names_source(sel->names[k], s);
        }
        if (ok && sel->platform)
            ok = in_list(sel->platform, s->platform);
        if (ok && sel->tool)
            ok = in_list(sel->tool, s->tool);
        if (ok && sel->set)
            ok = in_list(sel->set, s->set);
        if (ok && sel->before)
            ok = strcmp(s->imported_at, sel->before) < 0;
        if (!ok)
            continue;
        if (list->n == list->cap) {
            size_t cap = list->cap ? list->cap * 2 : 16;
            cli_src *v = realloc(list->v, cap * sizeof *v);
            if (!v) {
                status = cli_error("out of memory");
                break;
            }
            list->v = v;
            list->cap = cap;
        }
        list->v[list->n++] = *s;
        memset(s, 0, sizeof *s);    /* moved */
    }
    cli_srclist_free(&a.all);
    if (status)
        cli_srclist_free(list);
    return status;
}
