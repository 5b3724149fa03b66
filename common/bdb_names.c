/* bdb_names.c - the differing part of file names (see bdb_names.h). */
#include "bdb_names.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static int whole_number(const char *p, size_t n, long long *v)
{
    if (n == 0 || n > 15)
        return 0;
    long long x = 0;
    for (size_t i = 0; i < n; i++) {
        if (!is_digit(p[i]))
            return 0;
        x = x * 10 + (p[i] - '0');
    }
    *v = x;
    return 1;
}

/* The word that ends the prefix: letters just before any separators. */
static void prefix_word(const char *name, size_t prefix, char *out,
                        size_t outsz)
{
    size_t end = prefix;
    while (end > 0 && strchr("-_. =@:", name[end - 1]))
        end--;
    size_t start = end;
    while (start > 0 && (isalpha((unsigned char)name[start - 1]) ||
                         name[start - 1] == '#'))
        start--;
    size_t n = end - start < outsz - 1 ? end - start : outsz - 1;
    for (size_t i = 0; i < n; i++)
        out[i] = (char)tolower((unsigned char)name[start + i]);
    out[n] = '\0';
}

static int in_list(const char *w, const char *const *list)
{
    for (; *list; list++)
        if (strcmp(w, *list) == 0)
            return 1;
    return 0;
}

static const char *const repetition_words[] = {
    "run", "runs", "rep", "reps", "repeat", "repetition", "try", "iter",
    "iteration", "pass", "round", "trial", "attempt", "take", "sample",
    "r", "#", "no", "nr", "seq", NULL};

/* Setting names that come before a number in file names, and the
 * parameter each stands for. */
static const struct {
    const char *word, *param;
} setting_words[] = {
    {"c", "concurrency"}, {"conc", "concurrency"},
    {"concurrency", "concurrency"}, {"clients", "clients"},
    {"client", "clients"}, {"cl", "clients"}, {"t", "threads"},
    {"thr", "threads"}, {"threads", "threads"}, {"thread", "threads"},
    {"n", "requests"}, {"requests", "requests"}, {"p", "parallel"},
    {"parallel", "parallel"}, {"streams", "parallel"}, {"d", "data_size"},
    {"size", "size"}, {"bs", "block_size"}, {"block", "block_size"},
    {"qd", "iodepth"}, {"iodepth", "iodepth"}, {"depth", "iodepth"},
    {"jobs", "numjobs"}, {"numjobs", "numjobs"}, {"j", "numjobs"},
    {"m", "multi"}, {"multi", "multi"}, {"k", "keepalive"},
    {"pipeline", "pipeline"}, {"conn", "connections"},
    {"connections", "connections"}, {"rate", "rate"},
};

static const char *setting_param(const char *word)
{
    for (size_t i = 0; i < sizeof setting_words / sizeof setting_words[0]; i++)
        if (strcmp(word, setting_words[i].word) == 0)
            return setting_words[i].param;
    return NULL;
}

static int cmp_ll(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

void bdb_names_diff(const char *const *names, size_t n, bdb_name_diff *d)
{
    memset(d, 0, sizeof *d);
    if (n < 2)
        return;
    size_t minlen = strlen(names[0]);
    for (size_t i = 1; i < n; i++) {
        size_t l = strlen(names[i]);
        if (l < minlen)
            minlen = l;
    }
    size_t pre = 0;
    while (pre < minlen) {
        char c = names[0][pre];
        size_t i = 1;
        while (i < n && names[i][pre] == c)
            i++;
        if (i < n)
            break;
        pre++;
    }
    size_t suf = 0;
    while (suf < minlen - pre) {
        char c = names[0][strlen(names[0]) - 1 - suf];
        size_t i = 1;
        while (i < n && names[i][strlen(names[i]) - 1 - suf] == c)
            i++;
        if (i < n)
            break;
        suf++;
    }
    /* "run-10", "run-11": the shared "1" belongs to the number. */
    while (pre > 0 && is_digit(names[0][pre - 1]))
        pre--;
    while (suf > 0 && is_digit(names[0][strlen(names[0]) - suf]))
        suf--;
    d->prefix = pre;
    d->suffix = suf;

    long long *vals = malloc(n * sizeof *vals);
    d->numeric = vals != NULL;
    for (size_t i = 0; d->numeric && i < n; i++)
        d->numeric = whole_number(names[i] + pre,
                                  strlen(names[i]) - pre - suf, &vals[i]);
    if (d->numeric) {
        char word[32];
        prefix_word(names[0], pre, word, sizeof word);
        if (in_list(word, repetition_words)) {
            d->repetition = 1;
        } else if (!setting_param(word)) {
            qsort(vals, n, sizeof *vals, cmp_ll);
            long long first = vals[0];
            int consecutive = first == 0 || first == 1;
            for (size_t i = 1; consecutive && i < n; i++)
                consecutive = vals[i] == first + (long long)i;
            d->repetition = consecutive;
        }
    }
    free(vals);
    if (!d->numeric) {
        /* words, not numbers, differ: show them whole ("{aliyun,armlp}",
         * not "a{liyun,rmlp}") */
        const char *n0 = names[0];
        size_t len0 = strlen(n0);
        while (d->prefix > 0 && isalnum((unsigned char)n0[d->prefix - 1]))
            d->prefix--;
        while (d->suffix > 0 && isalnum((unsigned char)n0[len0 - d->suffix]))
            d->suffix--;
    }
}

typedef struct part {
    const char *p;
    size_t n;
} part;

static const bdb_name_diff *sort_diff;

static int cmp_part(const void *a, const void *b)
{
    const part *x = a, *y = b;
    long long u, v;
    if (sort_diff && sort_diff->numeric && whole_number(x->p, x->n, &u) &&
        whole_number(y->p, y->n, &v))
        return (u > v) - (u < v);
    size_t m = x->n < y->n ? x->n : y->n;
    int c = memcmp(x->p, y->p, m);
    return c ? c : (x->n > y->n) - (x->n < y->n);
}

/* Where the shown name starts: after the last '/' of the shared prefix. */
static size_t shown_start(const char *name, size_t prefix)
{
    size_t s = prefix;
    while (s > 0 && name[s - 1] != '/')
        s--;
    return s;
}

void bdb_names_brace(const char *const *names, size_t n,
                     const bdb_name_diff *d, char *out, size_t outsz)
{
    if (!outsz)
        return;
    out[0] = '\0';
    if (n == 0)
        return;
    part *parts = malloc(n * sizeof *parts);
    if (!parts) {
        snprintf(out, outsz, "%s and %zu more", names[0], n - 1);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        parts[i].p = names[i] + d->prefix;
        parts[i].n = strlen(names[i]) - d->prefix - d->suffix;
    }
    sort_diff = d;
    qsort(parts, n, sizeof *parts, cmp_part);
    sort_diff = NULL;
    size_t start = shown_start(names[0], d->prefix);
    int w = snprintf(out, outsz, "%.*s{", (int)(d->prefix - start),
                     names[0] + start);
    size_t used = w > 0 ? (size_t)w : 0;
    const char *tail = names[0] + strlen(names[0]) - d->suffix;
    for (size_t i = 0; i < n && used < outsz; i++) {
        /* keep room for ",...}" and the suffix */
        if (used + parts[i].n + 6 + d->suffix >= outsz) {
            snprintf(out + used, outsz - used, ",...}%s", tail);
            free(parts);
            return;
        }
        w = snprintf(out + used, outsz - used, "%s%.*s", i ? "," : "",
                     (int)parts[i].n, parts[i].p);
        used += w > 0 ? (size_t)w : 0;
    }
    if (used < outsz)
        snprintf(out + used, outsz - used, "}%s", tail);
    free(parts);
}

void bdb_names_suggest_pattern(const char *const *names, size_t n,
                               const bdb_name_diff *d, const char *setting,
                               char *out, size_t outsz)
{
    if (!outsz)
        return;
    out[0] = '\0';
    for (size_t i = 0; i < n; i++)
        if (memchr(names[i] + d->prefix, '/',
                   strlen(names[i]) - d->prefix - d->suffix))
            return;     /* the names differ in their folders */
    char word[32];
    prefix_word(names[0], d->prefix, word, sizeof word);
    const char *param = d->numeric ? setting_param(word) : NULL;
    if (!param)
        param = d->numeric && setting ? setting : "variant";
    if (!d->numeric && n == 2) {
        /* dd-read.txt and dd-write.txt */
        const char *a = names[0] + d->prefix, *b = names[1] + d->prefix;
        if ((!strncmp(a, "read", 4) && !strncmp(b, "write", 5)) ||
            (!strncmp(a, "write", 5) && !strncmp(b, "read", 4)))
            param = "direction";
    }
    size_t start = shown_start(names[0], d->prefix);
    snprintf(out, outsz, "%.*s{%s}%s", (int)(d->prefix - start),
             names[0] + start, param, names[0] + strlen(names[0]) - d->suffix);
}
