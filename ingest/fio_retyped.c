/* fio_retyped.c - fio's figures retyped outside its report (see ingest.h,
 * bdb_fio_retyped_figures). */
#include "ingest.h"
#include "../common/bdb_scan.h"

#include <stdio.h>
#include <string.h>

/* The keys of fio's key=value figures: the job's "bw=", "iops=" and the
 * run status group's "aggrb=", "minb=", "maxb=" (fio_text.c). */
static const char *const keys[] = {"aggrb=", "minb=", "maxb=", "bw=", "iops="};

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* The figure "KEY=NUMBER[UNIT]" at p (a key of keys[] that starts a word)
 * up to *fe; 0 when there is none. A rate needs fio's "B/s" unit ("KB/s",
 * "MiB/s"); "iops=" a number. */
static int figure_at(const char *line, const char *p, const char *end,
                     const char **fe)
{
    if (p > line && !(p[-1] == ' ' || p[-1] == '\t' || p[-1] == ',' ||
                      p[-1] == '(' || p[-1] == '|'))
        return 0;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        size_t k = strlen(keys[i]);
        if ((size_t)(end - p) <= k || memcmp(p, keys[i], k) != 0)
            continue;
        const char *q = p + k;
        if (!is_digit(*q))
            return 0;
        while (q < end && (is_digit(*q) || *q == '.'))
            q++;
        const char *u = q;
        while (u < end && ((*u >= 'A' && *u <= 'Z') || (*u >= 'a' && *u <= 'z') ||
                           *u == '/'))
            u++;
        if (i < 4 && !bdb_find(q, u, "B/s"))
            return 0;
        *fe = u;
        return 1;
    }
    return 0;
}

int bdb_fio_retyped_figures(const char *buf, size_t len, int *line,
                            char *quote, size_t qsz, int *count)
{
    bdb_lines it;
    bdb_line ln;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &ln)) {
        int n = 0;
        for (const char *p = ln.p; p < ln.end; p++) {
            const char *fe;
            if (!figure_at(ln.p, p, ln.end, &fe))
                continue;
            if (n++ == 0)
                snprintf(quote, qsz, "%.*s", (int)(fe - p), p);
            p = fe - 1;
        }
        if (n) {
            *line = ln.no;
            *count = n;
            return 1;
        }
    }
    return 0;
}
