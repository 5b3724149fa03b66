/* cmdline.c - finds the command lines of a tool in a capture and walks
 * their options (see cmdline.h). */
#include "cmdline.h"
#include "../common/bdb_error.h"

#include <stdlib.h>
#include <string.h>

typedef struct words {
    char **v;
    int n, cap;
} words;

static void words_free(words *w)
{
    for (int i = 0; i < w->n; i++)
        free(w->v[i]);
    free(w->v);
    memset(w, 0, sizeof *w);
}

static int words_push(words *w, const char *p, size_t len)
{
    if (w->n + 1 >= w->cap) {
        int cap = w->cap ? w->cap * 2 : 16;
        char **v = realloc(w->v, (size_t)cap * sizeof *v);
        if (!v)
            return BDB_ENOMEM;
        w->v = v;
        w->cap = cap;
    }
    char *s = malloc(len + 1);
    if (!s)
        return BDB_ENOMEM;
    memcpy(s, p, len);
    s[len] = '\0';
    w->v[w->n++] = s;
    w->v[w->n] = NULL;
    return BDB_OK;
}

/* A separator word ("|", ";", "&&", "||", "&") stands for itself; it is
 * kept as a word of its own, marked by a leading '\x01'. */
#define SEP_MARK '\x01'

static int is_sep_word(const char *w)
{
    return w[0] == SEP_MARK;
}

/* Splits [p, end) into words as sh does, without expansion. */
static int split_words(const char *p, const char *end, words *w)
{
    char *cur = malloc((size_t)(end - p) + 1);
    if (!cur)
        return BDB_ENOMEM;
    int rc = BDB_OK;
    while (p < end && !rc) {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
            p++;
        if (p >= end)
            break;
        if (*p == '|' || *p == ';' || *p == '&') {
            char sep[3] = {SEP_MARK, *p, 0};
            p += (p + 1 < end && p[1] == p[0]) ? 2 : 1;
            rc = words_push(w, sep, 2);
            continue;
        }
        size_t n = 0;
        int quoted = 0;
        while (p < end && *p != ' ' && *p != '\t' && *p != '\r' &&
               *p != '|' && *p != ';' && *p != '&') {
            if (*p == '$' && p + 1 < end && p[1] == '\'') {
                /* bash's $'...': the common escapes are decoded */
                quoted = 1;
                for (p += 2; p < end && *p != '\''; p++) {
                    if (*p == '\\' && p + 1 < end) {
                        p++;
                        cur[n++] = *p == 'n' ? '\n' : *p == 't' ? '\t'
                                 : *p == 'r' ? '\r' : *p;
                    } else {
                        cur[n++] = *p;
                    }
                }
                if (p < end)
                    p++;
            } else if (*p == '\'') {
                quoted = 1;
                for (p++; p < end && *p != '\''; p++)
                    cur[n++] = *p;
                if (p < end)
                    p++;
            } else if (*p == '"') {
                quoted = 1;
                for (p++; p < end && *p != '"'; p++) {
                    if (*p == '\\' && p + 1 < end &&
                        strchr("\"\\$`", p[1]))
                        p++;
                    cur[n++] = *p;
                }
                if (p < end)
                    p++;
            } else if (*p == '\\' && p + 1 < end) {
                cur[n++] = p[1];
                p += 2;
            } else {
                cur[n++] = *p++;
            }
        }
        if (n || quoted)
            rc = words_push(w, cur, n);
    }
    free(cur);
    return rc;
}

static const char *basename_of(const char *w)
{
    const char *s = strrchr(w, '/');
    s = s ? s + 1 : w;
    const char *b = strrchr(s, '\\');   /* C:\iperf3\iperf3.exe */
    return b ? b + 1 : s;
}

/* w names tool: "dd", "/usr/bin/dd", "iperf3.exe", "./wrk". */
static int names_tool(const char *w, const char *tool)
{
    const char *b = basename_of(w);
    size_t n = strlen(tool);
    if (strncmp(b, tool, n) != 0)
        return 0;
    return b[n] == '\0' || strcmp(b + n, ".exe") == 0;
}

static int is_prompt_word(const char *w)
{
    size_t n = strlen(w);
    if (n == 0)
        return 0;
    /* a prompt of symbols: "⯯⯯⯯", "❯", "➜" (no ASCII letter at all) */
    int ascii = 0;
    for (const char *c = w; *c; c++)
        ascii |= (unsigned char)*c < 0x80;
    if (!ascii)
        return 1;
    char last = w[n - 1];
    if (last == '$' || last == '#' || last == '%' || last == '>')
        return 1;
    /* set -x prints "+ cmd", nested "++ cmd" */
    return strspn(w, "+") == n;
}

static int is_wrapper(const char *w)
{
    static const char *const wrappers[] = {
        "sudo", "time", "env", "nice", "ionice", "taskset", "numactl",
        "chrt", "stdbuf", "nohup", "command", "exec", "timeout", "echo",
        "doas", "builtin", NULL};
    const char *b = basename_of(w);
    for (const char *const *x = wrappers; *x; x++)
        if (strcmp(b, *x) == 0)
            return 1;
    return 0;
}

/* Words a wrapper takes after itself: options, numbers, CPU lists
 * ("0-3", "0,2"), durations ("10s"), VAR=value. */
static int is_wrapper_arg(const char *w)
{
    if (w[0] == '-')
        return 1;
    if (strchr(w, '=') && w[0] != '=')
        return 1;
    return w[0] && strspn(w, "0123456789,-.smhdxX") == strlen(w);
}

static int is_assignment(const char *w)
{
    const char *eq = strchr(w, '=');
    if (!eq || eq == w)
        return 0;
    for (const char *c = w; c < eq; c++)
        if (!(*c == '_' || (*c >= 'A' && *c <= 'Z') ||
              (*c >= 'a' && *c <= 'z') || (c > w && *c >= '0' && *c <= '9')))
            return 0;
    return 1;
}

/* Is a redirection word: "2>&1", ">", ">>", "<", "2>", ">file". Sets
 * *takes_next when its target is the next word. */
static int is_redirection(const char *w, int *takes_next)
{
    const char *c = w;
    while (*c >= '0' && *c <= '9')
        c++;
    if (*c != '>' && *c != '<')
        return 0;
    c++;
    if (*c == '>')
        c++;
    if (*c == '&')
        c++;
    *takes_next = *c == '\0';
    return 1;
}

static int is_keyword(const char *w)
{
    static const char *const kw[] = {"do", "then", "else", "elif", "{", "(",
                                     "!", "time", NULL};
    for (const char *const *k = kw; *k; k++)
        if (strcmp(w, *k) == 0)
            return 1;
    return 0;
}

/* A prompt word comes within the next three words, before any tool. */
static int prompt_follows(const words *w, int from, int to)
{
    for (int i = from; i < to && i < from + 3; i++)
        if (is_prompt_word(w->v[i]))
            return 1;
    return 0;
}

/* A prompt glued to the command ("$iperf3", "#fio", "user@host:~$time",
 * "[root@box ~]#sudo": a copy that lost the prompt's space): the prompt
 * is dropped from x when what follows its last '$', '#', '%' or '>'
 * names one of tools or a wrapper. A word after the line's first
 * (glued, 1) needs a prompt before that character ("~]#"), so that
 * "echo $dd" stays prose. Returns 1 when it dropped one. */
static int unglue_prompt(char *x, const char *const *tools, int glued)
{
    char *cut = NULL;
    for (char *c = x; *c; c++)
        if (*c == '$' || *c == '#' || *c == '%' || *c == '>')
            cut = c + 1;
    if (!cut || !*cut || (glued && cut - x < 2))
        return 0;
    int named = is_wrapper(cut);
    for (const char *const *t = tools; *t && !named; t++)
        named = names_tool(cut, *t);
    if (named)
        memmove(x, cut, strlen(cut) + 1);
    return named;
}

static int cmd_from(words *w, int from, int to, const char *const *tools,
                    bdb_cmdline *out)
{
    int i = from, in_wrapper = 0, wrapper_opt = 0;
    /* the words before a glued prompt's end are the prompt's */
    for (int k = from; k < to && k < from + 3; k++)
        if (unglue_prompt(w->v[k], tools, k > from)) {
            i = k;
            break;
        }
    const char *tool = NULL;
    for (; i < to; i++) {
        const char *x = w->v[i];
        for (const char *const *t = tools; *t && !tool; t++)
            if (names_tool(x, *t))
                tool = *t;
        if (tool)
            break;
        if (is_wrapper(x)) {
            in_wrapper = 1;
            wrapper_opt = 0;
            continue;
        }
        /* a wrapper's option and its value: `timeout -s KILL 10`,
         * `sudo -u bench` */
        if (in_wrapper && wrapper_opt) {
            wrapper_opt = 0;
            continue;
        }
        if (in_wrapper && x[0] == '-' && !strchr(x, '=')) {
            wrapper_opt = strlen(x) == 2 || (x[1] == '-' && x[2]);
            continue;
        }
        if (is_assignment(x) || is_prompt_word(x) ||
            (in_wrapper && is_wrapper_arg(x)))
            continue;
        /* Shell keywords of loops and conditions: `for ...; do dd ...`. */
        if (is_keyword(x))
            continue;
        /* Words of a prompt before the word that ends it: "[root@host" or
         * "/home" before "~]#" or "#", at most three of them. */
        if (i - from < 3 && prompt_follows(w, i + 1, to))
            continue;
        if (i == from && strchr(x, '@') && strchr(x, ':'))
            continue;   /* "user@host:~" then "$" */
        return 0;
    }
    if (!tool)
        return 0;
    out->argv = calloc((size_t)(to - i + 1), sizeof *out->argv);
    if (!out->argv)
        return BDB_ENOMEM;
    out->argc = 0;
    out->argv[out->argc] = strdup(tool);
    if (!out->argv[out->argc]) {
        bdb_cmdline_free(out);
        return BDB_ENOMEM;
    }
    out->argc++;
    for (int k = i + 1; k < to; k++) {
        int next = 0;
        if (is_redirection(w->v[k], &next)) {
            k += next;
            continue;
        }
        out->argv[out->argc] = strdup(w->v[k]);
        if (!out->argv[out->argc]) {
            bdb_cmdline_free(out);
            return BDB_ENOMEM;
        }
        out->argc++;
    }
    return 1;
}

static int parse_words(const char *p, const char *end,
                       const char *const *tools, bdb_cmdline *out)
{
    words w = {0};
    int rc = split_words(p, end, &w);
    if (rc) {
        words_free(&w);
        return rc;
    }
    int found = 0;
    for (int start = 0; start < w.n && !found;) {
        int stop = start;
        while (stop < w.n && !is_sep_word(w.v[stop]))
            stop++;
        found = cmd_from(&w, start, stop, tools, out);
        /* echo "ab -n 10 ..." keeps the command in one quoted word. */
        if (!found && stop - start >= 2 &&
            strcmp(basename_of(w.v[start]), "echo") == 0) {
            for (int k = start + 1; k < stop && !found; k++)
                if (strchr(w.v[k], ' '))
                    found = parse_words(w.v[k], w.v[k] + strlen(w.v[k]),
                                        tools, out);
        }
        start = stop + 1;
    }
    words_free(&w);
    return found;
}

int bdb_cmdline_parse_line(const char *p, const char *end,
                           const char *const *tools, bdb_cmdline *out)
{
    memset(out, 0, sizeof *out);
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    /* GNU time -v: Command being timed: "dd if=/dev/zero of=x bs=1M" */
    static const char timed[] = "Command being timed: \"";
    size_t tn = sizeof timed - 1;
    if ((size_t)(end - p) > tn && memcmp(p, timed, tn) == 0) {
        const char *q = end;
        while (q > p + tn && (q[-1] == '\r' || q[-1] == ' '))
            q--;
        if (q > p + tn && q[-1] == '"')
            q--;
        return parse_words(p + tn, q, tools, out);
    }
    return parse_words(p, end, tools, out);
}

void bdb_cmdline_free(bdb_cmdline *c)
{
    if (!c || !c->argv)
        return;
    for (int i = 0; i < c->argc; i++)
        free(c->argv[i]);
    free(c->argv);
    memset(c, 0, sizeof *c);
}

/* The entry of longs for name ("threads" matches "threads:"); sets
 * *takes_arg. */
static const char *long_option(const char *const *longs, const char *name,
                               size_t n, int *takes_arg)
{
    for (const char *const *l = longs; l && *l; l++) {
        size_t ln = strlen(*l);
        int arg = ln && (*l)[ln - 1] == ':';
        if (ln - (size_t)arg == n && strncmp(*l, name, n) == 0) {
            *takes_arg = arg;
            return *l;
        }
    }
    return NULL;
}

int bdb_cmdline_getopt(const bdb_cmdline *c, const char *optstring,
                       const char *const *longs, bdb_cmdopt_fn fn, void *ctx)
{
    int rc = 0;
    int only_operands = 0;
    for (int i = 1; i < c->argc && !rc; i++) {
        const char *a = c->argv[i];
        if (only_operands || a[0] != '-' || a[1] == '\0') {
            rc = fn("", a, ctx);
            continue;
        }
        if (strcmp(a, "--") == 0) {
            only_operands = 1;
            continue;
        }
        if (a[1] == '-') {
            const char *name = a + 2;
            const char *eq = strchr(name, '=');
            size_t n = eq ? (size_t)(eq - name) : strlen(name);
            char key[64];
            if (n >= sizeof key)
                n = sizeof key - 1;
            memcpy(key, name, n);
            key[n] = '\0';
            int takes_arg = 0;
            long_option(longs, name, n, &takes_arg);
            if (eq)
                rc = fn(key, eq + 1, ctx);
            else if (takes_arg && i + 1 < c->argc)
                rc = fn(key, c->argv[++i], ctx);
            else
                rc = fn(key, NULL, ctx);
            continue;
        }
        for (const char *o = a + 1; *o && !rc; o++) {
            const char *spec = strchr(optstring, *o);
            char key[2] = {*o, 0};
            if (spec && *o != ':' && spec[1] == ':') {
                if (o[1])
                    rc = fn(key, o + 1, ctx);
                else if (i + 1 < c->argc)
                    rc = fn(key, c->argv[++i], ctx);
                else
                    rc = fn(key, NULL, ctx);
                break;
            }
            rc = fn(key, NULL, ctx);
        }
    }
    return rc;
}
