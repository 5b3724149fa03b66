/* lifecycle.c - history records, selection checks, typo suggestions and
 * tool aliases for the CLI (see lifecycle.h). */
#include "lifecycle.h"
#include "../ingest/tool.h"
#include "../ingest/ingest.h"

#include <ctype.h>
#include <fnmatch.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- history ------------------------------------------------------------ */

/* Masks what follows "user:" up to '@' in "scheme://user:pw@host", and the
 * value of password=... in a keyword connection string. */
static void mask_secrets(const char *in, bdb_buf *out)
{
    const char *p = in;
    while (*p) {
        const char *scheme = strstr(p, "://");
        const char *kw = NULL;
        for (const char *q = p; *q; q++)
            if ((q == in || !isalnum((unsigned char)q[-1])) &&
                strncmp(q, "password=", 9) == 0) {
                kw = q;
                break;
            }
        if (kw && (!scheme || kw < scheme)) {
            bdb_buf_append(out, p, (size_t)(kw - p) + 9);
            bdb_buf_puts(out, "***");
            const char *e = kw + 9;
            while (*e && *e != ' ' && *e != '&' && *e != ';')
                e++;
            p = e;
            continue;
        }
        if (!scheme) {
            bdb_buf_puts(out, p);
            return;
        }
        const char *auth = scheme + 3;
        const char *stop = auth + strcspn(auth, "/?# ");
        const char *at = NULL;
        for (const char *q = auth; q < stop; q++)
            if (*q == '@')
                at = q;     /* the last '@': a password may hold one */
        const char *colon = at ? memchr(auth, ':', (size_t)(at - auth)) : NULL;
        if (colon) {
            bdb_buf_append(out, p, (size_t)(colon + 1 - p));
            bdb_buf_puts(out, "***");
            p = at;
        } else {
            bdb_buf_append(out, p, (size_t)(auth - p));
            p = auth;
        }
    }
}

void cli_masked_command_line(int argc, char **argv, char *out, size_t n)
{
    bdb_buf b;
    bdb_buf_init(&b);
    bdb_buf_puts(&b, "benchdb");
    for (int i = 1; i < argc; i++) {
        bdb_buf m;
        bdb_buf_init(&m);
        mask_secrets(argv[i], &m);
        const char *a = m.data ? m.data : "";
        int plain = *a != '\0';
        for (const char *q = a; *q; q++)
            if (!isalnum((unsigned char)*q) && !strchr("-_./=:,@%+", *q))
                plain = 0;
        bdb_buf_puts(&b, " ");
        if (plain) {
            bdb_buf_puts(&b, a);
        } else {
            bdb_buf_puts(&b, "'");
            for (const char *q = a; *q; q++)
                if (*q == '\'')
                    bdb_buf_puts(&b, "'\\''");
                else
                    bdb_buf_append(&b, q, 1);
            bdb_buf_puts(&b, "'");
        }
        bdb_buf_free(&m);
    }
    const char *t = b.data ? b.data : "benchdb";
    if (strlen(t) >= n && n > 4)
        snprintf(out, n, "%.*s...", (int)(n - 4), t);
    else
        snprintf(out, n, "%s", t);
    bdb_buf_free(&b);
}

void cli_user_name(char *out, size_t n)
{
    const char *login = getlogin();
    if (login && *login) {
        snprintf(out, n, "%s", login);
        return;
    }
    struct passwd *pw = getpwuid(geteuid());
    if (pw && pw->pw_name && *pw->pw_name)
        snprintf(out, n, "%s", pw->pw_name);
    else
        snprintf(out, n, "uid %ld", (long)geteuid());
}

int cli_record(bdb_cli *cli, const char *fmt, ...)
{
    char user[256], line[4096], summary[2048];
    cli_user_name(user, sizeof user);
    cli_masked_command_line(cli->argc, cli->argv, line, sizeof line);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(summary, sizeof summary, fmt, ap);
    va_end(ap);
    int rc = bdb_store_history_add(cli->store, user, line, summary);
    /* a database that refuses the history's write as a usage error
     * (open read-only) keeps none: the change itself stands */
    return rc == BDB_EUSAGE ? BDB_OK : rc;
}

/* ---- suggestions ----------------------------------------------------------- */

size_t cli_edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 256 || lb > 256)
        return la > lb ? la : lb;
    /* Three rows of the optimal-string-alignment table suffice. */
    size_t *prev2 = calloc(lb + 1, sizeof *prev2);
    size_t *prev = calloc(lb + 1, sizeof *prev);
    size_t *cur = calloc(lb + 1, sizeof *cur);
    if (!prev2 || !prev || !cur) {
        free(prev2);
        free(prev);
        free(cur);
        return la > lb ? la : lb;
    }
    for (size_t j = 0; j <= lb; j++)
        prev[j] = j;
    for (size_t i = 1; i <= la; i++) {
        cur[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            int ca = tolower((unsigned char)a[i - 1]);
            int cb = tolower((unsigned char)b[j - 1]);
            size_t cost = ca != cb;
            size_t v = prev[j] + 1;
            if (cur[j - 1] + 1 < v)
                v = cur[j - 1] + 1;
            if (prev[j - 1] + cost < v)
                v = prev[j - 1] + cost;
            if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
                tolower((unsigned char)a[i - 2]) == cb && prev2[j - 2] + 1 < v)
                v = prev2[j - 2] + 1;
            cur[j] = v;
        }
        size_t *t = prev2;
        prev2 = prev;
        prev = cur;
        cur = t;
    }
    size_t d = prev[lb];
    free(prev2);
    free(prev);
    free(cur);
    return d;
}

const char *cli_suggest(const char *word, const char *const *candidates,
                        size_t n)
{
    const char *best = NULL;
    size_t bestd = (size_t)-1;
    for (size_t i = 0; i < n; i++) {
        size_t d = cli_edit_distance(word, candidates[i]);
        if (d < bestd) {
            bestd = d;
            best = candidates[i];
        }
    }
    size_t len = strlen(word);
    size_t limit = len / 4 + 1;
    if (limit > 3)
        limit = 3;
    return best && bestd > 0 && bestd <= limit ? best : NULL;
}

const char *cli_tool_alias(const char *name)
{
    /* the tools' own names and aliases are in their records (tool.h) */
    const bdb_tool *t = bdb_tool_find(name);
    if (t)
        return t->name;
    if (strcasecmp(name, "results") == 0)
        return "results-csv";
    return name;
}

void cli_print_tools(FILE *f)
{
    fprintf(f, "tools benchdb reads:");
    for (const bdb_parser *const *p = bdb_parsers(); *p; p++)
        fprintf(f, " %s", (*p)->name);
    const char *sep = " (also:";
    for (const bdb_tool *const *t = bdb_tools(); *t; t++)
        for (const char *const *a = (*t)->aliases; a && *a; a++) {
            fprintf(f, strchr(*a, ' ') ? "%s '%s'" : "%s %s", sep, *a);
            sep = ",";
        }
    fprintf(f, "%s\n", sep[0] == ',' ? ")" : "");
}

const char *cli_tool_suggest(const char *word)
{
    const char *cands[256];
    size_t n = 0;
    for (const bdb_parser *const *p = bdb_parsers(); *p && n < 64; p++)
        cands[n++] = (*p)->name;
    for (const bdb_tool *const *t = bdb_tools(); *t; t++)
        for (const char *const *a = (*t)->aliases; a && *a && n < 256; a++)
            cands[n++] = *a;
    const char *near = cli_suggest(word, cands, n);
    return near ? cli_tool_alias(near) : NULL;
}

/* ---- selection ---------------------------------------------------------------- */

const cli_option cli_series_options[] = {
    {"platform", 0, "P[,P]", "these platforms; this and the next three take\n"
     "comma lists and shell globs ('aes-*')", CLI_O_SEL_PLATFORM, 0, NULL},
    {"platforms", 0, "P[,P]", NULL, CLI_O_SEL_PLATFORM, CLI_OPT_ALIAS, NULL},
    {"tool", 0, "T[,T]", "these tools", CLI_O_SEL_TOOL, 0, NULL},
    {"benchmark", 0, "B[,B]", "these benchmarks", CLI_O_SEL_BENCHMARK, 0, NULL},
    {"metric", 0, "M[,M]", "these metrics", CLI_O_SEL_METRIC, 0, NULL},
    {"param", 0, "K=V", "series with this parameter: V a value, a list,\n"
     "a glob or a range 1..20 (repeatable)", CLI_O_SEL_PARAM, 0, NULL},
    CLI_OPT_END};

const cli_option cli_sel_options[] = {
    CLI_OPT_INCLUDE(cli_series_options),
    {"set", 0, "NAME[,NAME]", "only these run sets (globs too)",
     CLI_O_SEL_SET, 0, NULL},
    {"tag", 0, "K=V", "only sets with this tag (repeatable)", CLI_O_SEL_TAG,
     0, NULL},
    CLI_OPT_END};

int cli_sel_option(bdb_cli *cli, cli_sel *s, int code, const char *arg)
{
    char *copy, *k, *v;
    switch (code) {
    case CLI_O_SEL_PLATFORM: s->f.platforms = arg; return 1;
    case CLI_O_SEL_TOOL: {
        /* Aliases item by item: "openssl,redis". */
        bdb_buf b;
        bdb_buf_init(&b);
        const char *whole = cli_tool_alias(arg);
        if (whole != arg) {
            bdb_buf_puts(&b, whole);
        } else {
            for (const char *p = arg;;) {
                const char *comma = strchr(p, ',');
                size_t n = comma ? (size_t)(comma - p) : strlen(p);
                char item[128];
                snprintf(item, sizeof item, "%.*s", (int)n, p);
                if (b.len)
                    bdb_buf_puts(&b, ",");
                bdb_buf_puts(&b, n < sizeof item ? cli_tool_alias(item) : item);
                if (!comma)
                    break;
                p = comma + 1;
            }
        }
        if (b.err) {
            bdb_buf_free(&b);
            cli_error("out of memory");
            return BDB_EXIT_USAGE;
        }
        free(s->tool_list);
        s->tool_list = bdb_buf_detach(&b, NULL);
        s->f.tool = s->tool_list;
        return 1;
    }
    case CLI_O_SEL_BENCHMARK: s->f.benchmark = arg; return 1;
    case CLI_O_SEL_METRIC: s->f.metric = arg; return 1;
    case CLI_O_SEL_SET: s->f.set = arg; return 1;
    case CLI_O_SEL_PARAM:
    case CLI_O_SEL_TAG:
        copy = strdup(arg);
        if (!copy || cli_split_kv(copy, &k, &v)) {
            free(copy);
            cli_usage_error(cli, "--%s wants K=V, not '%s'",
                            code == CLI_O_SEL_PARAM ? "param" : "tag", arg);
            return BDB_EXIT_USAGE;
        }
        int rc = bdb_params_set(code == CLI_O_SEL_PARAM ? &s->params : &s->tags, k, "%s", v);
        free(copy);
        if (rc) {
            cli_usage_error(cli, "--%s %s: %s", code == CLI_O_SEL_PARAM ? "param" : "tag",
                            arg, rc == BDB_ERANGE ? "too many, or too long"
                                                  : bdb_strerror(rc));
            return BDB_EXIT_USAGE;
        }
        return 1;
    default: return 0;
    }
}

int cli_sel_next(cli_opts *g, bdb_cli *cli, cli_sel *s, int *st)
{
    int c;
    while ((c = cli_opts_next(g)) > 0) {
        int got = cli_sel_option(cli, s, c, g->arg);
        if (got == BDB_EXIT_USAGE) {
            *st = got;
            return 0;
        }
        if (!got)
            return c;
    }
    return c;
}

typedef struct names {
    char **v;
    size_t n, cap;
    int err;
} names;

static int collect_name(const char *name, void *ctx)
{
    names *ns = ctx;
    if (ns->n == ns->cap) {
        size_t cap = ns->cap ? ns->cap * 2 : 32;
        char **v = realloc(ns->v, cap * sizeof *v);
        if (!v) {
            ns->err = 1;
            return 1;
        }
        ns->v = v;
        ns->cap = cap;
    }
    if (!(ns->v[ns->n] = strdup(name))) {
        ns->err = 1;
        return 1;
    }
    ns->n++;
    return 0;
}

static void names_free(names *ns)
{
    for (size_t i = 0; i < ns->n; i++)
        free(ns->v[i]);
    free(ns->v);
    memset(ns, 0, sizeof *ns);
}

static int collect_platform(const bdb_platform *p, void *ctx)
{
    return collect_name(p->name, ctx);
}

/* The names of what; platforms through platform_each, which every
 * back-end has. */
static int names_of(bdb_cli *cli, const char *what, names *ns)
{
    if (strcmp(what, "platform") == 0)
        return bdb_store_platform_each(cli->store, collect_platform, ns);
    return bdb_store_names_each(cli->store, what, collect_name, ns);
}

static int has_glob(const char *s)
{
    return strpbrk(s, "*?[") != NULL;
}

/* Checks one comma list against the known names of what. */
static int check_list(bdb_cli *cli, const char *what, const char *label,
                      const char *list)
{
    if (!list || !*list)
        return 0;
    names ns = {0};
    int nrc = names_of(cli, what, &ns);
    if (nrc == BDB_EUSAGE) {
        /* a back-end that cannot list names: the query says what matches */
        names_free(&ns);
        return 0;
    }
    if (nrc || ns.err) {
        names_free(&ns);
        cli_error("%s", ns.err ? "out of memory" : bdb_store_errmsg(cli->store));
        return BDB_EXIT_FAILED;
    }
    int status = 0;
    for (size_t i = 0; i < ns.n && status == 0; i++)
        if (strcmp(ns.v[i], list) == 0)
            goto done;  /* the whole text is one name (it holds a comma) */
    for (const char *p = list; status == 0;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        char *item = strndup(p, n);
        if (!item) {
            status = cli_error("out of memory");
            break;
        }
        int found = 0;
        for (size_t i = 0; i < ns.n && !found; i++)
            found = has_glob(item) ? fnmatch(item, ns.v[i], 0) == 0
                                   : strcmp(item, ns.v[i]) == 0;
        if (!found) {
            bdb_buf b;
            bdb_buf_init(&b);
            for (size_t i = 0; i < ns.n && i < 40; i++)
                bdb_buf_printf(&b, "%s%s", i ? ", " : "", ns.v[i]);
            if (ns.n > 40)
                bdb_buf_printf(&b, ", ... (%zu in all)", ns.n);
            const char *near = has_glob(item) ? NULL
                               : cli_suggest(item, (const char *const *)ns.v, ns.n);
            cli_line(stderr, "benchdb %s: no %s %s '%s'; known: %s\n",
                     cli->cmd ? cli->cmd->name : "", label,
                     has_glob(item) ? "matches" : "named", item,
                     ns.n ? b.data : "(none)");
            if (near)
                cli_line(stderr, "did you mean '%s'?\n", near);
            bdb_buf_free(&b);
            status = BDB_EXIT_USAGE;
        }
        free(item);
        if (!comma)
            break;
        p = comma + 1;
    }
done:
    names_free(&ns);
    return status;
}

int cli_sel_check(bdb_cli *cli, cli_sel *s)
{
    s->f.params = &s->params;
    s->f.tags = &s->tags;
    int st = check_list(cli, "platform", "platform", s->f.platforms);
    if (!st && s->f.tool && *s->f.tool) {
        st = check_list(cli, "tool", "tool", s->f.tool);
        if (st == BDB_EXIT_USAGE) {
            cli_print_tools(stderr);
            const char *near = cli_tool_suggest(s->f.tool);
            if (near && !strchr(s->f.tool, ','))
                fprintf(stderr, "did you mean '%s'?\n", near);
        }
    }
    if (!st)
        st = check_list(cli, "benchmark", "benchmark", s->f.benchmark);
    if (!st)
        st = check_list(cli, "metric", "metric", s->f.metric);
    if (!st)
        st = check_list(cli, "set", "set", s->f.set);
    for (int i = 0; !st && i < s->params.n; i++) {
        char what[64];
        const char *v = s->params.kv[i].value;
        st = check_list(cli, "param", "parameter", s->params.kv[i].key);
        snprintf(what, sizeof what, "param:%s", s->params.kv[i].key);
        if (!st && !strstr(v, ".."))
            st = check_list(cli, what, "value of the parameter", v);
    }
    for (int i = 0; !st && i < s->tags.n; i++) {
        char what[64];
        st = check_list(cli, "tag", "tag", s->tags.kv[i].key);
        snprintf(what, sizeof what, "tag:%s", s->tags.kv[i].key);
        if (!st)
            st = check_list(cli, what, "value of the tag", s->tags.kv[i].value);
    }
    return st;
}

int cli_expand_names(bdb_cli *cli, const char *what, const char *list,
                     char **out)
{
    *out = NULL;
    names ns = {0};
    if (names_of(cli, what, &ns) || ns.err) {
        names_free(&ns);
        return BDB_ESTORE;
    }
    bdb_buf b;
    bdb_buf_init(&b);
    int whole = 0;
    for (size_t i = 0; i < ns.n; i++)
        whole |= strcmp(ns.v[i], list) == 0;
    names seen = {0};
    for (const char *p = list; !whole;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        char *item = strndup(p, n);
        if (!item)
            break;
        for (size_t i = 0; i < ns.n; i++) {
            int hit = has_glob(item) ? fnmatch(item, ns.v[i], 0) == 0
                                     : strcmp(item, ns.v[i]) == 0;
            int dup = 0;
            for (size_t k = 0; k < seen.n && !dup; k++)
                dup = strcmp(seen.v[k], ns.v[i]) == 0;
            if (hit && !dup) {
                collect_name(ns.v[i], &seen);
                bdb_buf_printf(&b, "%s%s", b.len ? "," : "", ns.v[i]);
            }
        }
        if (!has_glob(item) && b.len == 0)
            bdb_buf_puts(&b, item);
        free(item);
        if (!comma)
            break;
        p = comma + 1;
    }
    if (whole)
        bdb_buf_puts(&b, list);
    names_free(&seen);
    names_free(&ns);
    if (b.err) {
        bdb_buf_free(&b);
        return BDB_ENOMEM;
    }
    *out = bdb_buf_detach(&b, NULL);
    return *out ? BDB_OK : BDB_ENOMEM;
}

void cli_sel_free(cli_sel *s)
{
    free(s->tool_list);
    s->tool_list = NULL;
}

static int any_name(const char *name, void *ctx)
{
    (void)name;
    *(int *)ctx = 1;
    return 1;
}

int cli_build_error(bdb_cli *cli, const bdb_diag *d)
{
    const char *cmd = cli->cmd ? cli->cmd->name : "report";
    char msg[1200];
    bdb_diag_format(d, msg, sizeof msg);
    fprintf(stderr, "benchdb %s: %s\n", cmd, msg);
    if (d->code != BDB_ENOTFOUND)
        return BDB_EXIT_FAILED;
    int any = 0;
    bdb_store_names_each(cli->store, "tool", any_name, &any);
    if (!any)
        fprintf(stderr, "benchdb %s: %s holds no results yet: import logs "
                "first (benchdb --db %s import DIR...)\n", cmd, cli->db_path,
                cli->db_path);
    else
        fprintf(stderr, "benchdb %s: see what there is with 'benchdb list "
                "series' and 'benchdb set list'\n", cmd);
    return BDB_EXIT_FAILED;
}
