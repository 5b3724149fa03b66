/* fio_json.c - fio's --output-format=json and json+ (fio 2.x and 3.x),
 * read as jansson reads them (json_tree.h). Units and names: see
 * parse_fio.c.
 *
 * A log may hold text before the JSON ("fio: ..." warnings, a shell
 * prompt, the command line) and several JSON documents one after the
 * other (repeated runs, --status-interval reports): every '{' whose first
 * key is "fio version" starts a document. A document is walked key by key
 * and each job object is decoded on its own (what jansson's json_loadb
 * with JSON_DISABLE_EOF_CHECK makes of it), so a capture cut inside a job
 * keeps the complete jobs before the cut (with a warning), and no more
 * than one job is held in memory at a time. "jobs" (or "client_stats" in client/server
 * mode, where an "All clients" entry sums the clients and is skipped)
 * hold one object per job; json+ adds "bins" histograms to the latency
 * objects, which are not read. With --output-format=json,normal (or
 * json,terse) the text repeats the JSON's figures: only the JSON is read. */
#include "fio_internal.h"
#include "../common/bdb_input.h"
#include "../common/bdb_scan.h"
#include "unread.h"

#include "json_tree.h"

#include <jansson.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* A (position, line) cursor. Figures are looked up out of order within
 * a job, never far: the newlines of the last few jobs' text are kept in
 * order (a window of LC_WINDOW, slid forward as the text is read), and a
 * position's line is found by binary search among them. Walking from the
 * last position to the next byte by byte crossed a job's text several
 * times (7% of parsing a 14,380-job file). A position before the window
 * is counted back from its start. */
#define LC_WINDOW 4096

typedef struct line_cursor {
    const char *buf;
    size_t from;        /* the window's start */
    int line;           /* the line at from: 1 + newlines before it */
    size_t to;          /* newlines in [from, to) are in nl */
    unsigned n;         /* how many */
    unsigned nl[LC_WINDOW];     /* their positions - from, ascending */
} line_cursor;

static void lc_init(line_cursor *c, const char *buf)
{
    c->buf = buf;
    c->from = c->to = 0;
    c->line = 1;
    c->n = 0;
}

/* Keeps the newline at pos, the window slid forward by half when full
 * (or when pos is too far from its start for an unsigned). */
static void lc_keep(line_cursor *c, size_t pos)
{
    if (c->n == LC_WINDOW || pos - c->from > UINT_MAX) {
        unsigned half = c->n / 2;
        size_t base = half ? c->from + c->nl[half - 1] + 1 : pos;
        if (!half) {                /* far: start over at pos */
            c->line += (int)c->n;
            c->n = 0;
        } else {
            c->line += (int)half;
            for (unsigned i = half; i < c->n; i++)
                c->nl[i - half] = (unsigned)(c->from + c->nl[i] - base);
            c->n -= half;
        }
        c->from = base;
        if (pos - c->from > UINT_MAX) {     /* still far: start over */
            c->line += (int)c->n;
            c->n = 0;
            c->from = pos;
        }
    }
    c->nl[c->n++] = (unsigned)(pos - c->from);
}

static int line_at(line_cursor *c, size_t pos)
{
    if (pos < c->from) {
        int line = c->line;
        for (size_t p = pos; p < c->from; p++)
            line -= c->buf[p] == '\n';
        return line;
    }
    while (c->to < pos) {
        const char *q = memchr(c->buf + c->to, '\n', pos - c->to);
        if (!q) {
            c->to = pos;
            break;
        }
        lc_keep(c, (size_t)(q - c->buf));
        c->to = (size_t)(q - c->buf) + 1;
    }
    /* the newlines before pos: those at offsets below pos - from */
    size_t rel = pos - c->from;
    unsigned lo = 0, hi = c->n;
    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        if (c->nl[mid] < rel)
            lo = mid + 1;
        else
            hi = mid;
    }
    return c->line + (int)lo;
}

/* Where "key" (with its quotes, followed by ':') next occurs in
 * [from, end): only to give figures a line number, never to read values. */
static size_t key_pos(const char *buf, size_t from, size_t end,
                      const char *key)
{
    size_t n = strlen(key);
    for (size_t i = from; i + n + 2 <= end; i++) {
        const char *q = memchr(buf + i, '"', end - n - 1 - i);
        if (!q)
            break;
        i = (size_t)(q - buf);
        if (memcmp(buf + i + 1, key, n) == 0 && buf[i + 1 + n] == '"') {
            size_t j = i + n + 2;
            while (j < end && (buf[j] == ' ' || buf[j] == '\t' ||
                               buf[j] == '\r' || buf[j] == '\n'))
                j++;
            if (j < end && buf[j] == ':')
                return i;
        }
    }
    return (size_t)-1;
}

/* Where each keys[k] (NULL: not looked for) first occurs in [from, end)
 * as key_pos finds it, in one walk over the text: at[k], (size_t)-1 when
 * it is not there. A job's two dozen keys cost one walk, not one each. */
static void keys_pos(const char *buf, size_t from, size_t end,
                     const char *const *keys, size_t n, size_t *at)
{
    size_t left = 0, len[24];
    for (size_t k = 0; k < n; k++) {
        at[k] = (size_t)-1;
        len[k] = keys[k] ? strlen(keys[k]) : 0;
        left += keys[k] != NULL;
    }
    for (size_t i = from; left && i < end; i++) {
        const char *q = memchr(buf + i, '"', end - i);
        if (!q)
            break;
        i = (size_t)(q - buf);
        for (size_t k = 0; k < n; k++) {
            size_t kn = len[k];
            if (!keys[k] || at[k] != (size_t)-1 || i + kn + 2 > end ||
                buf[i + 1 + kn] != '"' || (kn && buf[i + 1] != keys[k][0]) ||
                memcmp(buf + i + 1, keys[k], kn) != 0)
                continue;
            size_t j = i + kn + 2;
            while (j < end && (buf[j] == ' ' || buf[j] == '\t' ||
                               buf[j] == '\r' || buf[j] == '\n'))
                j++;
            if (j < end && buf[j] == ':') {
                at[k] = i;
                left--;
            }
        }
    }
}

/* The text of one JSON object, so that each figure gets the line of its
 * own key ("iops" : 28282.905698). */
typedef struct jspan {
    const char *buf;
    size_t from, end;
    line_cursor *lc;
    int line;           /* where the object starts: the fallback */
} jspan;

/* The line of key's first occurrence in the span at or after pos. */
static int key_line(const jspan *sp, size_t pos, const char *key)
{
    size_t at = key_pos(sp->buf, pos, sp->end, key);
    return at == (size_t)-1 ? sp->line : line_at(sp->lc, at);
}

/* The line of a key found at at (keys_pos), sp's line when it was not. */
static int line_of(const jspan *sp, size_t at)
{
    return at == (size_t)-1 ? sp->line : line_at(sp->lc, at);
}

/* The span of the value of a key found at at inside sp (from the key to
 * sp's end): what the lines of a nested object's keys are looked up in. */
static jspan span_at(const jspan *sp, size_t at)
{
    jspan s = *sp;
    if (at != (size_t)-1) {
        s.from = at;
        s.line = line_at(sp->lc, at);
    }
    return s;
}

static jspan sub_span(const jspan *sp, const char *key)
{
    return span_at(sp, key_pos(sp->buf, sp->from, sp->end, key));
}

static int num(const bdb_jt *o, const char *key, double *v)
{
    const bdb_jt *x = bdb_jt_get(o, key);
    if (!x || !bdb_jt_is_number(x))
        return 0;
    *v = x->u.num;
    return 1;
}

static const char *str(const bdb_jt *o, const char *key)
{
    const bdb_jt *x = bdb_jt_get(o, key);
    return x && bdb_jt_is_string(x) ? x->u.str : NULL;
}

/* client/server: "hostname" and "port" of the server that ran it; two
 * servers on one host differ by port only. */
static void host_of(const bdb_jt *o, char *out, size_t outsz)
{
    const char *host = str(o, "hostname");
    double port = 0;
    if (host && num(o, "port", &port) && port > 0)
        snprintf(out, outsz, "%s:%.0f", host, port);
    else if (host)
        snprintf(out, outsz, "%s", host);
}

static int kb_base_of(const bdb_jt *global, const bdb_jt *jobopts)
{
    const char *kb = str(jobopts, "kb_base");
    if (!kb)
        kb = str(global, "kb_base");
    return kb && !strcmp(kb, "1000") ? 1000 : 1024;
}

static int apply_options(fio_entry *e, const bdb_jt *opts, int kb_base)
{
    const char *k;
    const bdb_jt *v;
    if (!opts || !bdb_jt_is_object(opts))
        return BDB_OK;
    BDB_JT_OBJECT_FOREACH(opts, k, v) {
        if (bdb_jt_is_string(v) &&
            bdb_fio_entry_option(e, k, v->u.str, kb_base) != BDB_OK)
            return BDB_ERANGE;
    }
    return BDB_OK;
}

/* min/max/mean/stddev of a latency object, and its percentile map; sp is
 * the text from the object's key on. */
static int lat_block(fio_entry *e, const bdb_jt *o, const char *prefix,
                     double scale, const jspan *sp, int dir)
{
    double n, mn, mx, mean, sd;
    char metric[48];
    int rc = BDB_OK;
    if (!o || !bdb_jt_is_object(o))
        return BDB_OK;
    if (!num(o, "min", &mn) || !num(o, "max", &mx) || !num(o, "mean", &mean) ||
        !num(o, "stddev", &sd))
        return BDB_OK;
    /* zeros are figures too: "not measured" (slat of a synchronous
     * engine, the sync block of a job that never called fsync) is what
     * fio printed, and a reader of the log sees those numbers */
    static const char *const stat[4] = {"min", "max", "mean", "stdev"};
    const bdb_jt *pct = bdb_jt_get(o, "percentile");
    const char *keys[5] = {"min", "max", "mean", "stddev",
                           pct ? "percentile" : NULL};
    size_t at[5];
    keys_pos(sp->buf, sp->from, sp->end, keys, 5, at);
    double vals[4] = {mn, mx, mean, sd};
    for (int i = 0; i < 4 && !rc; i++) {
        snprintf(metric, sizeof metric, "%s_%s", prefix, stat[i]);
        rc = bdb_fio_fig_add(e, metric, vals[i] * scale, BDB_UNIT_SECONDS,
                             BDB_LOWER_IS_BETTER, line_of(sp, at[i]), dir);
    }
    /* "N": how many latencies the statistics are of (fio 3.x) */
    if (!rc && num(o, "N", &n)) {
        snprintf(metric, sizeof metric, "%s_samples", prefix);
        rc = bdb_fio_fig_add(e, metric, n, BDB_UNIT_COUNT, BDB_NEUTRAL,
                             key_line(sp, sp->from, "N"), dir);
    }
    const char *k;
    const bdb_jt *v;
    if (pct && bdb_jt_is_object(pct)) {
        jspan ps = span_at(sp, at[4]);
        /* jansson walks an object in the order of its keys' first
         * occurrence in the text: each key is looked for after the one
         * before it (from the start again when it is not there) */
        size_t after = ps.from;
        size_t nth = 0;
        BDB_JT_OBJECT_FOREACH(pct, k, v) {
            double p;
            size_t klen = strlen(k);
            const char *kend = k + klen, *q = k;
            char name[FIO_PCT_NAME_MAX];
            if (rc || !bdb_jt_is_number(v))
                continue;
            /* every job prints the same map: the name of the key met at
             * this place last time is kept */
            fio_pct_memo *m = nth < FIO_PCT_MEMO ? &e->doc->pct[nth] : NULL;
            nth++;
            if (m && m->key[0] && !strcmp(m->key, k)) {
                memcpy(name, m->name, sizeof name);
            } else {
                name[0] = '\0';
                if (bdb_scan_number(&q, kend, &p, 0) && q == kend)
                    bdb_fio_pct_name(p, name, sizeof name);
                if (m && klen < sizeof m->key) {
                    memcpy(m->key, k, klen + 1);
                    memcpy(m->name, name, sizeof name);
                }
            }
            if (!name[0])
                continue; /* fio 2.1 pads the map with "0.00" : 0 */
            snprintf(metric, sizeof metric, "%s_%s", prefix, name);
            size_t kp = key_pos(ps.buf, after, ps.end, k);
            if (kp == (size_t)-1)
                kp = key_pos(ps.buf, ps.from, ps.end, k);
            else
                after = kp + 1;
            rc = bdb_fio_fig_add(e, metric, v->u.num * scale,
                                 BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER,
                                 line_of(&ps, kp), dir);
        }
    }
    return rc;
}

static int dir_block(fio_entry *e, const bdb_jt *d, int dir, const jspan *sp)
{
    double ios = 0, io = 0, runtime = 0, bw = 0, iops = 0, v;
    int rc = BDB_OK;
    if (!d || !bdb_jt_is_object(d))
        return BDB_OK;
    num(d, "total_ios", &ios);
    num(d, "io_bytes", &io);
    num(d, "runtime", &runtime);
    if (ios <= 0 && io <= 0 && runtime <= 0)
        return BDB_OK; /* a direction the job did not do */
    int new_units = bdb_jt_get(d, "io_kbytes") != NULL;
    if (!new_units)
        io *= 1024.0; /* fio 2.x: io_bytes >> 10 */
    const char *bw_key = "bw_bytes";
    if (num(d, "bw_bytes", &v)) {
        bw = v;
    } else if (num(d, "bw", &v)) {
        bw = v * 1024.0;
        bw_key = "bw";
    }
    num(d, "iops", &iops);
    /* each latency under the key fio names with its unit (3.x: _ns; 2.x:
     * none, in microseconds), or another unit's suffix where a program
     * rewrote the object (_us, _ms): each read in its own unit */
    static const struct { const char *key, *prefix; double scale; } lats[] = {
        {"slat_ns", "slat", 1e-9}, {"slat_us", "slat", 1e-6},
        {"slat_ms", "slat", 1e-3}, {"slat", "slat", 1e-6},
        {"clat_ns", "clat", 1e-9}, {"clat_us", "clat", 1e-6},
        {"clat_ms", "clat", 1e-3}, {"clat", "clat", 1e-6},
        {"lat_ns", "latency", 1e-9}, {"lat_us", "latency", 1e-6},
        {"lat_ms", "latency", 1e-3}, {"lat", "latency", 1e-6}};
    int lat_of[3];
    for (int i = 0; i < 3; i++) {
        lat_of[i] = 4 * i + 3;
        for (int k = 4 * i; k < 4 * i + 3; k++)
            if (bdb_jt_get(d, lats[k].key)) {
                lat_of[i] = k;
                break;
            }
    }
    double mn = 0, mx = 0, mean = 0, sd = 0, samples = 0, imn = 0, imx = 0,
           imean = 0, isd = 0;
    int have_bw = num(d, "bw_min", &mn) && num(d, "bw_max", &mx) &&
                  num(d, "bw_mean", &mean) && num(d, "bw_dev", &sd);
    have_bw = have_bw &&
              (num(d, "bw_samples", &samples) ? samples > 0 : mx > 0);
    int have_iops = num(d, "iops_min", &imn) && num(d, "iops_max", &imx) &&
                    num(d, "iops_mean", &imean) &&
                    num(d, "iops_stddev", &isd);
    have_iops = have_iops && num(d, "iops_samples", &samples) && samples > 0;
    /* every key whose line a figure takes, found in one walk: only the
     * ones the object has, so that the walk ends at the last of them */
    enum { K_IOPS, K_BW, K_IO, K_RT, K_LAT, K_BWMIN = K_LAT + 3,
           K_IOPSMIN = K_BWMIN + 4, K_N = K_IOPSMIN + 4 };
    const char *keys[K_N] = {"iops", bw_key, "io_bytes", "runtime"};
    for (int i = 0; i < 3; i++) {
        const char *lk = lats[lat_of[i]].key;
        keys[K_LAT + i] = bdb_jt_get(d, lk) ? lk : NULL;
    }
    static const char *const bw_keys[4] = {"bw_min", "bw_max", "bw_mean",
                                           "bw_dev"};
    static const char *const iops_keys[4] = {"iops_min", "iops_max",
                                             "iops_mean", "iops_stddev"};
    for (int i = 0; i < 4; i++) {
        keys[K_BWMIN + i] = have_bw ? bw_keys[i] : NULL;
        keys[K_IOPSMIN + i] = have_iops ? iops_keys[i] : NULL;
    }
    size_t at[K_N];
    keys_pos(sp->buf, sp->from, sp->end, keys, K_N, at);
#define ADD(m, val, unit, better, k)                                         \
    do {                                                                     \
        if (!rc)                                                             \
            rc = bdb_fio_fig_add(e, (m), (val), (unit), (better),            \
                                 line_of(sp, at[k]), dir);                   \
    } while (0)
    ADD("iops", iops, BDB_UNIT_OPS_PER_S, BDB_HIGHER_IS_BETTER, K_IOPS);
    ADD("bandwidth", bw, BDB_UNIT_BYTES_PER_S, BDB_HIGHER_IS_BETTER, K_BW);
    ADD("io_bytes", io, BDB_UNIT_BYTES, BDB_NEUTRAL, K_IO);
    ADD("runtime", runtime / 1000.0, BDB_UNIT_SECONDS, BDB_NEUTRAL, K_RT);
    if (rc)
        return rc;
    for (int i = 0; i < 3 && !rc; i++) {
        int li = lat_of[i];
        jspan ls = span_at(sp, at[K_LAT + i]);
        rc = lat_block(e, bdb_jt_get(d, lats[li].key), lats[li].prefix,
                       lats[li].scale, &ls, dir);
    }
    if (have_bw) {
        ADD("bandwidth_min", mn * 1024.0, BDB_UNIT_BYTES_PER_S, BDB_HIGHER_IS_BETTER, K_BWMIN);
        ADD("bandwidth_max", mx * 1024.0, BDB_UNIT_BYTES_PER_S, BDB_HIGHER_IS_BETTER, K_BWMIN + 1);
        ADD("bandwidth_mean", mean * 1024.0, BDB_UNIT_BYTES_PER_S, BDB_HIGHER_IS_BETTER, K_BWMIN + 2);
        ADD("bandwidth_stdev", sd * 1024.0, BDB_UNIT_BYTES_PER_S, BDB_LOWER_IS_BETTER, K_BWMIN + 3);
    }
    if (have_iops) {
        ADD("iops_min", imn, BDB_UNIT_OPS_PER_S, BDB_HIGHER_IS_BETTER, K_IOPSMIN);
        ADD("iops_max", imx, BDB_UNIT_OPS_PER_S, BDB_HIGHER_IS_BETTER, K_IOPSMIN + 1);
        ADD("iops_mean", imean, BDB_UNIT_OPS_PER_S, BDB_HIGHER_IS_BETTER, K_IOPSMIN + 2);
        ADD("iops_stdev", isd, BDB_UNIT_OPS_PER_S, BDB_LOWER_IS_BETTER, K_IOPSMIN + 3);
    }
#undef ADD
    /* the counts and shares beside them (stat.c add_ddir_status_json):
     * I/Os issued, short and dropped; the job's share of its group's
     * bandwidth; how many intervals the bw/iops statistics are of; the
     * page cache hit rate of a cached engine */
    static const struct { const char *key, *metric, *unit; } more[] = {
        {"total_ios", "total_ios", BDB_UNIT_COUNT},
        {"short_ios", "short_ios", BDB_UNIT_COUNT},
        {"drop_ios", "dropped_ios", BDB_UNIT_COUNT},
        {"bw_agg", "bandwidth_share", BDB_UNIT_PERCENT},
        {"bw_samples", "bandwidth_samples", BDB_UNIT_COUNT},
        {"iops_samples", "iops_samples", BDB_UNIT_COUNT},
        {"cachehit", "cache_hit", BDB_UNIT_PERCENT}};
    for (size_t i = 0; i < sizeof more / sizeof *more && !rc; i++)
        if (num(d, more[i].key, &v))
            rc = bdb_fio_fig_add(e, more[i].metric, v, more[i].unit,
                                 i == 6 ? BDB_HIGHER_IS_BETTER : BDB_NEUTRAL,
                                 key_line(sp, sp->from, more[i].key), dir);
    return rc;
}

/* ---- the unread-figure account of a job's JSON --------------------------------
 *
 * The text account (unread.h) passes over JSON objects: their figures are
 * read by name. Here each number of a job object's text that gave no
 * figure (no figure of the job is on its line) is a warning naming its
 * line and key, unless it is no figure: a setting or an identifier, a
 * distribution (IO depths, latency buckets, json+ bins), a restatement
 * (io_kbytes, bw beside bw_bytes), or the zeros of a direction the job did
 * not do. */

static int span_in(const char *k, size_t kn, const char *const *set)
{
    for (size_t i = 0; set[i]; i++)
        if (strlen(set[i]) == kn && memcmp(set[i], k, kn) == 0)
            return 1;
    return 0;
}

static const char *const no_figure_objects[] = {
    "job options", "iodepth_level", "iodepth_submit", "iodepth_complete",
    "latency_ns", "latency_us", "latency_ms", "bins", NULL};
static const char *const no_figure_job_keys[] = {
    "groupid", "job_start", "error", "eta", "latency_depth",
    "latency_target", "latency_target_ns", "latency_percentile",
    "latency_window", "latency_window_us", "total_err", "first_error",
    "timestamp", "timestamp_ms", NULL};
static const char *const no_figure_keys[] = {
    "io_kbytes", "bw", "prio", "prioclass", "priohint", "port", NULL};

/* A direction (or sync) block that did no I/O: its zeros are no figures. */
static int dir_idle(const bdb_jt *job, const char *k, size_t kn)
{
    static const char *const dirs[] = {"read", "write", "trim", "mixed",
                                       "sync", NULL};
    if (!span_in(k, kn, dirs))
        return 0;
    char name[8];
    memcpy(name, k, kn);
    name[kn] = '\0';
    const bdb_jt *d = bdb_jt_get(job, name);
    double ios = 0, io = 0, rt = 0;
    if (!d || !bdb_jt_is_object(d))
        return 0;
    num(d, "total_ios", &ios);
    num(d, "io_bytes", &io);
    num(d, "runtime", &rt);
    return ios <= 0 && io <= 0 && rt <= 0;
}

typedef struct jlevel {
    const char *name;   /* the key that holds this container ("" : none) */
    size_t name_n;
    const char *key;    /* objects: the key last read */
    size_t key_n;
    int is_obj, skip;
} jlevel;

/* es[0..nes): the entries whose figures the text [from, end) gave; job:
 * the job object (NULL: the disk_util array). */
static int unread_fields(const fio_entry *es, size_t nes, const bdb_jt *job,
                         const char *buf,
                         size_t from, size_t end, line_cursor *lc,
                         bdb_sink *out)
{
    int first = line_at(lc, from), last = line_at(lc, end);
    size_t nl = (size_t)(last - first) + 1;
    unsigned char *has = calloc(nl, 1);
    jlevel *st = NULL;
    size_t depth = 0, cap = 0;
    int rc = BDB_OK, key_pos_next = 0;
    if (!has)
        return BDB_ENOMEM;
    for (size_t k = 0; k < nes; k++)
        for (size_t i = 0; i < es[k].nfig; i++)
            if (es[k].figs[i].line >= first && es[k].figs[i].line <= last)
                has[es[k].figs[i].line - first] = 1;
    for (size_t i = from; i < end && !rc; i++) {
        char c = buf[i];
        if (c == '"') {
            size_t s0 = i + 1;
            for (i = s0; i < end && buf[i] != '"'; i++)
                if (buf[i] == '\\')
                    i++;
            if (depth && st[depth - 1].is_obj && key_pos_next) {
                st[depth - 1].key = buf + s0;
                st[depth - 1].key_n = (i < end ? i : end) - s0;
                key_pos_next = 0;
            }
        } else if (c == '{' || c == '[') {
            if (depth == cap) {
                size_t nc = cap ? cap * 2 : 16;
                jlevel *n = realloc(st, nc * sizeof *n);
                if (!n) {
                    rc = BDB_ENOMEM;
                    break;
                }
                st = n;
                cap = nc;
            }
            jlevel lv = {"", 0, NULL, 0, c == '{', 0};
            if (depth) {
                jlevel *up = &st[depth - 1];
                lv.skip = up->skip;
                if (up->is_obj && up->key) {
                    lv.name = up->key;
                    lv.name_n = up->key_n;
                } else {
                    lv.name = up->name;
                    lv.name_n = up->name_n;
                }
                if (span_in(lv.name, lv.name_n, no_figure_objects) ||
                    (job && depth == 1 && up->is_obj && up->key &&
                     dir_idle(job, up->key, up->key_n)))
                    lv.skip = 1;
            }
            st[depth++] = lv;
            key_pos_next = c == '{';
        } else if (c == '}' || c == ']') {
            if (depth)
                depth--;
            key_pos_next = 0;
        } else if (c == ',') {
            key_pos_next = depth && st[depth - 1].is_obj;
        } else if ((c == '-' || (c >= '0' && c <= '9')) && depth) {
            size_t s0 = i;
            while (i + 1 < end && (buf[i + 1] == '.' || buf[i + 1] == '-' ||
                                   buf[i + 1] == '+' || buf[i + 1] == 'e' ||
                                   buf[i + 1] == 'E' ||
                                   (buf[i + 1] >= '0' && buf[i + 1] <= '9')))
                i++;
            jlevel *lv = &st[depth - 1];
            const char *k = lv->is_obj && lv->key ? lv->key : lv->name;
            size_t kn = lv->is_obj && lv->key ? lv->key_n : lv->name_n;
            if (lv->skip || span_in(k, kn, no_figure_keys) ||
                (job && depth == 1 && span_in(k, kn, no_figure_job_keys)))
                continue;
            if (lv->is_obj && lv->key &&
                bdb_span_eq(lv->name, lv->name + lv->name_n, "percentile")) {
                const char *q = k;
                double pct;
                if (bdb_scan_number(&q, k + kn, &pct, 0) && pct == 0)
                    continue; /* fio 2.1's "0.00" : 0 filler */
            }
            int line = line_at(lc, s0);
            if (line < first || line > last || has[line - first])
                continue;
            has[line - first] = 1; /* one warning a line */
            size_t pn = lv->is_obj && lv->key ? lv->name_n : 0;
            if (++out->unread_lines <= BDB_UNREAD_LISTED)
                rc = bdb_sink_warn(out, line, "numbers not read: %.*s%s%.*s: "
                                   "%.*s",
                                   (int)(pn > 40 ? 40 : pn), lv->name,
                                   pn ? "." : "",
                                   (int)(kn > 60 ? 60 : kn), k,
                                   (int)(i + 1 - s0 > 30 ? 30 : i + 1 - s0),
                                   buf + s0);
        }
    }
    free(st);
    free(has);
    return rc;
}

/* One job object, decoded from buf[from, end) (its own text, for line
 * numbers). */
static int job_object(fio_doc *doc, const bdb_jt *job, const bdb_jt *global, int run,
                      const char *buf, size_t from, size_t end,
                      line_cursor *lc, bdb_sink *out)
{
    const char *name = str(job, "jobname");
    double group = 0, err = 0, v;
    size_t at = key_pos(buf, from, end, "jobname");
    int line = line_at(lc, at == (size_t)-1 ? from : at);
    if (!name) {
        int rc = bdb_sink_warn(out, line, "expected a \"jobname\" in each "
                               "job: this job is not kept");
        return rc == BDB_ENOMEM ? rc : BDB_OK;
    }
    /* client/server: the sum of every job of the clients (client.c
     * handle_ts), with the last client's "hostname" though it is none
     * host's: kept with no host, its parameters those its jobs share
     * (fio_common.c) */
    int all = !strcmp(name, "All clients");
    num(job, "groupid", &group);
    /* a group number indexes fio's groups: a whole number an int holds,
     * else (1e308, 2^31) a warning, never a cast out of range */
    if (!(group >= 0 && group <= INT_MAX) || group != (double)(int)group) {
        int rc = bdb_sink_warn(out, line, "\"groupid\": %g is not a group "
                               "number fio prints; read as group 0", group);
        if (rc)
            return rc;
        group = 0;
    }
    double job_rt = 0;
    num(job, "job_runtime", &job_rt);
    fio_entry *e = bdb_fio_doc_add(doc, FIO_ENTRY_JOB, name, NULL, run, line);
    if (!e)
        return BDB_ENOMEM;
    e->group = (int)group;
    e->aggregate = all;
    e->grouped = all;
    if (!all)
        host_of(job, e->host, sizeof e->host);
    const bdb_jt *jopts = bdb_jt_get(job, "job options");
    int kb = kb_base_of(global, jopts);
    int rc = all ? BDB_OK : apply_options(e, global, kb);
    if (!rc)
        rc = apply_options(e, jopts, kb);
    if (rc) {
        rc = bdb_sink_warn(out, line, "job %s: options not all kept as "
                           "parameters: more than %d", name, BDB_MAX_PARAMS);
        if (rc == BDB_ENOMEM)
            return rc;
        rc = BDB_OK;
    }
    if (num(job, "error", &err) && err != 0 &&
        (rc = bdb_sink_warn(out, line, "job %s ended with error %g", name, err)))
        return rc;

    static const char *const dkeys[FIO_NDIRS] = {"read", "write", "trim",
                                                 "mixed"};
    jspan js = {buf, from, end, lc, line};
    /* the keys whose lines are taken, found in one walk (keys_pos) */
    enum { K_SYNC = FIO_NDIRS, K_USR, K_SYS, K_CTX, K_N };
    const bdb_jt *sync = bdb_jt_get(job, "sync");
    const char *keys[K_N] = {NULL};
    for (int d = 0; d < FIO_NDIRS; d++)
        keys[d] = bdb_jt_get(job, dkeys[d]) ? dkeys[d] : NULL;
    keys[K_SYNC] = sync ? "sync" : NULL;
    keys[K_USR] = bdb_jt_get(job, "usr_cpu") ? "usr_cpu" : NULL;
    keys[K_SYS] = bdb_jt_get(job, "sys_cpu") ? "sys_cpu" : NULL;
    keys[K_CTX] = bdb_jt_get(job, "ctx") ? "ctx" : NULL;
    size_t at_key[K_N];
    keys_pos(buf, from, end, keys, K_N, at_key);
    for (int d = 0; d < FIO_NDIRS && !rc; d++) {
        const bdb_jt *dj = bdb_jt_get(job, dkeys[d]);
        if (!dj)
            continue;
        jspan ds = span_at(&js, at_key[d]);
        rc = dir_block(e, dj, d, &ds);
    }
    if (!rc && sync && num(sync, "total_ios", &v)) {
        jspan ss = span_at(&js, at_key[K_SYNC]);
        rc = bdb_fio_fig_add(e, "sync_total_ios", v, BDB_UNIT_COUNT,
                             BDB_NEUTRAL, key_line(&ss, ss.from, "total_ios"),
                             FIO_DIR_NONE);
    }
    if (!rc && sync && num(sync, "total_ios", &v)) {
        jspan ss = span_at(&js, at_key[K_SYNC]);
        jspan ls = sub_span(&ss, "lat_ns");
        rc = lat_block(e, bdb_jt_get(sync, "lat_ns"), "sync_latency",
                       1e-9, &ls, FIO_DIR_NONE);
    }
    /* group_reporting sums the clones' job_runtime (ms): well above the
     * longest direction's runtime then */
    if (job_rt > 0 && job_rt > 1.5 * bdb_fio_entry_runtime(e) * 1000.0)
        e->grouped = 1;
    if (!rc && num(job, "usr_cpu", &v))
        rc = bdb_fio_fig_add(e, "cpu_usr", v, BDB_UNIT_PERCENT, BDB_NEUTRAL,
                             line_of(&js, at_key[K_USR]), FIO_DIR_NONE);
    if (!rc && num(job, "sys_cpu", &v))
        rc = bdb_fio_fig_add(e, "cpu_sys", v, BDB_UNIT_PERCENT, BDB_NEUTRAL,
                             line_of(&js, at_key[K_SYS]), FIO_DIR_NONE);
    if (!rc && num(job, "ctx", &v))
        rc = bdb_fio_fig_add(e, "context_switches", v, BDB_UNIT_COUNT,
                             BDB_NEUTRAL, line_of(&js, at_key[K_CTX]),
                             FIO_DIR_NONE);
    /* the job's wall time ("elapsed", s; "job_runtime", ms: summed over
     * the clones of a group_reporting result), page faults, zone resets
     * (stat.c show_thread_status_json) */
    static const struct { const char *key, *metric, *unit; double scale; }
        more[] = {{"elapsed", "job_elapsed", BDB_UNIT_SECONDS, 1},
                  {"job_runtime", "job_runtime", BDB_UNIT_SECONDS, 1e-3},
                  {"majf", "page_faults_major", BDB_UNIT_COUNT, 1},
                  {"minf", "page_faults_minor", BDB_UNIT_COUNT, 1},
                  {"zone_resets", "zone_resets", BDB_UNIT_COUNT, 1}};
    for (size_t i = 0; i < sizeof more / sizeof *more && !rc; i++)
        if (num(job, more[i].key, &v))
            rc = bdb_fio_fig_add(e, more[i].metric, v * more[i].scale,
                                 more[i].unit, BDB_NEUTRAL,
                                 key_line(&js, from, more[i].key),
                                 FIO_DIR_NONE);
    if (!rc)
        rc = unread_fields(e, 1, job, buf, from, end, lc, out);
    return rc;
}

static int disk_object(fio_doc *doc, const bdb_jt *dj, int run, const jspan *sp)
{
    int line = sp->line;
    const char *name = str(dj, "name");
    double v;
    if (!name)
        return BDB_OK;
    fio_entry *e = bdb_fio_doc_add(doc, FIO_ENTRY_DISK, name, NULL, run, line);
    if (!e)
        return BDB_ENOMEM;
    host_of(dj, e->host, sizeof e->host);
    /* diskutil.c json_array_add_disk_util; ticks and in_queue are ms;
     * md/dm devices add their slaves' average ("aggr_", fio spells one
     * "aggr_write_merge") */
    static const struct { const char *key, *metric, *unit; double scale; }
        m[] = {
        {"read_ios", "disk_read_ios", BDB_UNIT_COUNT, 1},
        {"write_ios", "disk_write_ios", BDB_UNIT_COUNT, 1},
        {"read_sectors", "disk_read_sectors", BDB_UNIT_COUNT, 1},
        {"write_sectors", "disk_write_sectors", BDB_UNIT_COUNT, 1},
        {"read_merges", "disk_read_merges", BDB_UNIT_COUNT, 1},
        {"write_merges", "disk_write_merges", BDB_UNIT_COUNT, 1},
        {"read_ticks", "disk_read_ticks", BDB_UNIT_SECONDS, 1e-3},
        {"write_ticks", "disk_write_ticks", BDB_UNIT_SECONDS, 1e-3},
        {"in_queue", "disk_in_queue", BDB_UNIT_SECONDS, 1e-3},
        {"util", "disk_util", BDB_UNIT_PERCENT, 1},
        {"aggr_read_ios", "disk_aggr_read_ios", BDB_UNIT_COUNT, 1},
        {"aggr_write_ios", "disk_aggr_write_ios", BDB_UNIT_COUNT, 1},
        {"aggr_read_sectors", "disk_aggr_read_sectors", BDB_UNIT_COUNT, 1},
        {"aggr_write_sectors", "disk_aggr_write_sectors", BDB_UNIT_COUNT, 1},
        {"aggr_read_merges", "disk_aggr_read_merges", BDB_UNIT_COUNT, 1},
        {"aggr_write_merge", "disk_aggr_write_merges", BDB_UNIT_COUNT, 1},
        {"aggr_write_merges", "disk_aggr_write_merges", BDB_UNIT_COUNT, 1},
        {"aggr_read_ticks", "disk_aggr_read_ticks", BDB_UNIT_SECONDS, 1e-3},
        {"aggr_write_ticks", "disk_aggr_write_ticks", BDB_UNIT_SECONDS, 1e-3},
        {"aggr_in_queue", "disk_aggr_in_queue", BDB_UNIT_SECONDS, 1e-3},
        {"aggr_util", "disk_aggr_util", BDB_UNIT_PERCENT, 1}};
    int rc = BDB_OK;
    for (size_t i = 0; i < sizeof m / sizeof m[0] && !rc; i++)
        if (num(dj, m[i].key, &v))
            rc = bdb_fio_fig_add(e, m[i].metric, v * m[i].scale, m[i].unit,
                                 BDB_NEUTRAL, key_line(sp, sp->from, m[i].key),
                                 FIO_DIR_NONE);
    return rc;
}

/* ---- walking a document ---------------------------------------------------- */

typedef struct walker {
    const char *buf;
    size_t len, pos;
    line_cursor *lc;
    bdb_sink *out;
    int partial;        /* a job of the current document was skipped */
    /* where values are decoded: a document's keys, the other values (a
     * job), its "global options" (kept while its jobs are read) */
    bdb_jt_doc *keys, *values, *global;
} walker;

static void skip_ws(walker *w)
{
    while (w->pos < w->len && (w->buf[w->pos] == ' ' || w->buf[w->pos] == '\t' ||
                               w->buf[w->pos] == '\r' || w->buf[w->pos] == '\n'))
        w->pos++;
}

/* Decodes the JSON value at w->pos (any kind) into d (what d held
 * before is gone) and moves past it; NULL when it is cut or invalid (err
 * says why, in jansson's words). */
static const bdb_jt *value(walker *w, bdb_jt_doc *d, json_error_t *err)
{
    size_t used = 0;
    const bdb_jt *v = bdb_jt_parse(d, w->buf + w->pos, w->len - w->pos,
                                   &used, err);
    if (v)
        w->pos += used;
    return v;
}

static int cut_warning(walker *w, size_t at, const char *where,
                       const json_error_t *err)
{
    int rc = bdb_sink_warn(w->out, line_at(w->lc, at),
                           "the JSON output is cut or invalid %s (%s): the "
                           "complete jobs before it are kept", where,
                           err ? err->text : "it ends here");
    return rc == BDB_ENOMEM ? rc : BDB_OK;
}

/* Where the object starting at buf[from] ('{') ends (just after its
 * '}'), counting braces outside strings; (size_t)-1 when the buffer ends
 * first. */
static size_t object_end(const char *buf, size_t len, size_t from)
{
    size_t depth = 0;
    int in_str = 0;
    for (size_t i = from; i < len; i++) {
        char c = buf[i];
        if (in_str) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_str = 0;
        } else if (c == '"') {
            in_str = 1;
        } else if (c == '{' || c == '[') {
            depth++;
        } else if ((c == '}' || c == ']') && depth > 0 && --depth == 0) {
            return i + 1;
        }
    }
    return (size_t)-1;
}

/* A job skipped as invalid keeps its place among its clones: its name is
 * read from its text ("jobname" : "x") when that part is readable. */
static int skipped_job(walker *w, fio_doc *doc, int run, size_t from,
                       size_t end)
{
    size_t at = key_pos(w->buf, from, end, "jobname");
    if (at == (size_t)-1)
        return BDB_OK;
    walker v = *w;
    v.pos = at + strlen("\"jobname\"");
    skip_ws(&v);
    if (v.pos >= end || w->buf[v.pos] != ':')
        return BDB_OK;
    v.pos++;
    skip_ws(&v);
    json_error_t err;
    const bdb_jt *name = value(&v, w->keys, &err);
    int rc = BDB_OK;
    if (name && bdb_jt_is_string(name)) {
        fio_entry *e = bdb_fio_doc_add(doc, FIO_ENTRY_JOB,
                                       name->u.str, NULL, run,
                                       line_at(w->lc, from));
        if (!e)
            rc = BDB_ENOMEM;
        else
            e->skipped = 1;
    }
    return rc;
}

/* The "jobs" array: one job object at a time. Returns BDB_OK, BDB_ENOMEM,
 * or 1 when the array is cut (warned). */
static int jobs_array(walker *w, fio_doc *doc, const bdb_jt *global, int run)
{
    w->pos++; /* '[' */
    for (;;) {
        skip_ws(w);
        if (w->pos >= w->len)
            return cut_warning(w, w->len, "in \"jobs\"", NULL) ? BDB_ENOMEM : 1;
        char c = w->buf[w->pos];
        if (c == ']') {
            w->pos++;
            return BDB_OK;
        }
        if (c == ',') {
            w->pos++;
            continue;
        }
        size_t from = w->pos;
        json_error_t err;
        const bdb_jt *job = value(w, w->values, &err);
        if (!job) {
            /* a job that is complete but not valid JSON (a C printf of
             * a NaN, "-nan", is no JSON number) is skipped with a warning;
             * one that runs to the end of the capture is a cut */
            size_t after = object_end(w->buf, w->len, from);
            if (after != (size_t)-1) {
                int rc = bdb_sink_warn(w->out, line_at(w->lc, from),
                                       "this job is not valid JSON (%s): "
                                       "it is not kept, the other jobs are",
                                       err.text);
                if (rc == BDB_ENOMEM)
                    return rc;
                w->pos = after;
                w->partial = 1;
                if ((rc = skipped_job(w, doc, run, from, after)) ||
                    (rc = bdb_fio_doc_pack(doc)))
                    return rc;
                continue;
            }
            int rc = cut_warning(w, from, "in this job", &err);
            return rc ? rc : 1;
        }
        int rc = BDB_OK;
        if (bdb_jt_is_object(job))
            rc = job_object(doc, job, global, run, w->buf, from, w->pos, w->lc,
                            w->out);
        else if ((rc = bdb_sink_warn(w->out, line_at(w->lc, from),
                                     "expected a job object in \"jobs\"")) !=
                 BDB_ENOMEM)
            rc = BDB_OK;
        /* the document keeps the job's compact record, not its entry */
        if (!rc)
            rc = bdb_fio_doc_pack(doc);
        if (rc)
            return rc;
        /* the jobs read so far: a mapped file's pages may go */
        bdb_input_done_before(w->buf + w->pos);
    }
}

/* One document from w->pos ('{'). Its jobs go into run; returns BDB_OK,
 * BDB_ENOMEM, or 1 when the document is cut (warned, the rest of the
 * buffer is not JSON of it). */
static int document(walker *w, fio_doc *doc, int run)
{
    size_t start = w->pos;
    const bdb_jt *global = NULL;
    int rc = BDB_OK, had_jobs = 0;
    w->pos++; /* '{' */
    for (;;) {
        skip_ws(w);
        if (w->pos >= w->len) {
            rc = cut_warning(w, w->len, "before the end of the document", NULL);
            rc = rc ? rc : 1;
            break;
        }
        char c = w->buf[w->pos];
        if (c == '}') {
            w->pos++;
            break;
        }
        if (c == ',') {
            w->pos++;
            continue;
        }
        size_t kpos = w->pos;
        json_error_t err;
        const bdb_jt *key = c == '"' ? value(w, w->keys, &err) : NULL;
        skip_ws(w);
        if (!key || !bdb_jt_is_string(key) || w->pos >= w->len ||
            w->buf[w->pos] != ':') {
            rc = cut_warning(w, kpos, "at this key", key ? NULL : &err);
            rc = rc ? rc : 1;
            break;
        }
        w->pos++;
        skip_ws(w);
        const char *k = key->u.str;
        if ((!strcmp(k, "jobs") || !strcmp(k, "client_stats")) &&
            w->pos < w->len && w->buf[w->pos] == '[') {
            had_jobs = 1;
            rc = jobs_array(w, doc, global, run);
            if (rc)
                break;
            continue;
        }
        size_t vpos = w->pos;
        const bdb_jt *v = value(w, w->values, &err);
        if (!v) {
            rc = cut_warning(w, vpos, "in this value", &err);
            rc = rc ? rc : 1;
            break;
        }
        if (!strcmp(k, "fio version") && bdb_jt_is_string(v)) {
            const char *ver = v->u.str;
            bdb_sink_set_version(w->out, ver, ver + strlen(ver));
        } else if (!strcmp(k, "global options") && bdb_jt_is_object(v)) {
            /* the tree is kept: the next values go to the other doc */
            bdb_jt_doc *t = w->global;
            w->global = w->values;
            w->values = t;
            global = v;
        } else if (!strcmp(k, "disk_util") && bdb_jt_is_array(v)) {
            size_t i, cursor = kpos, n0 = doc->n;
            const bdb_jt *dj;
            BDB_JT_ARRAY_FOREACH(v, i, dj) {
                /* the i-th disk's text starts at the i-th "name" key */
                size_t at = key_pos(w->buf, cursor, w->pos, "name");
                if (at != (size_t)-1)
                    cursor = at + 1;
                jspan ds = {w->buf, at == (size_t)-1 ? kpos : at, w->pos,
                            w->lc, line_at(w->lc, at == (size_t)-1 ? kpos : at)};
                if (bdb_jt_is_object(dj) && (rc = disk_object(doc, dj, run, &ds)))
                    break;
            }
            if (!rc)
                rc = unread_fields(doc->e + n0, doc->n - n0, NULL, w->buf,
                                   vpos, w->pos, w->lc, w->out);
        }
        if (rc)
            break;
    }
    if (rc != BDB_ENOMEM) {
        int prc = bdb_fio_doc_pack(doc); /* the disks */
        rc = prc ? prc : rc;
    }
    if (rc == BDB_OK && !had_jobs) {
        rc = bdb_sink_warn(w->out, line_at(w->lc, start),
                           "expected a \"jobs\" array in the JSON output");
        rc = rc == BDB_ENOMEM ? rc : BDB_OK;
    }
    return rc;
}

/* 1 if a JSON object starting at buf[i] ('{') has "fio version" as its
 * first key. */
static int starts_document(const char *buf, size_t len, size_t i)
{
    size_t j = i + 1;
    while (j < len && (buf[j] == ' ' || buf[j] == '\t' || buf[j] == '\r' ||
                       buf[j] == '\n'))
        j++;
    static const char key[] = "\"fio version\"";
    return len - j >= sizeof key - 1 && memcmp(buf + j, key, sizeof key - 1) == 0;
}

int bdb_fio_json_parse(const char *buf, size_t len, fio_doc *doc, bdb_sink *out,
                       bdb_diag *diag)
{
    (void)diag;
    line_cursor lc;
    lc_init(&lc, buf);
    walker w = {buf, len, 0, &lc, out, 0, bdb_jt_doc_new(), bdb_jt_doc_new(),
                bdb_jt_doc_new()};
    int run = 0, rc = BDB_OK;
    if (!w.keys || !w.values || !w.global)
        rc = BDB_ENOMEM;
    while (w.pos < len && !rc) {
        size_t i = w.pos;
        if (buf[i] == '{' && starts_document(buf, len, i)) {
            size_t first = doc->nrec;
            w.partial = 0;
            rc = document(&w, doc, run++);
            if (rc == 1 || w.partial) {
                /* cut (a later document may still follow) or a job
                 * skipped: clones may be missing */
                if (rc == 1)
                    rc = BDB_OK;
                for (size_t k = first; k < doc->nrec; k++)
                    doc->r[k].partial = 1;
            }
            continue;
        }
        bdb_input_done_before(buf + i);
        /* a line outside the documents: fio's messages, the command */
        const char *eol = memchr(buf + i, '\n', len - i);
        const char *p = buf + i, *end = eol ? eol : buf + len;
        w.pos = eol ? (size_t)(eol - buf) + 1 : len;
        const char *brace = memchr(p, '{', (size_t)(end - p));
        if (brace && starts_document(buf, len, (size_t)(brace - buf))) {
            w.pos = (size_t)(brace - buf); /* "$ fio ... {" on one line */
            end = brace;
        }
        bdb_trim(&p, &end);
        if (p >= end)
            continue;
        int line = line_at(&lc, (size_t)(p - buf));
        if (bdb_starts_with(p, end, "fio: ")) {
            /* "forcing use of threads" is a notice of the build, not a
             * fault of the run (see fio_text.c) */
            int notice = bdb_contains(p, end, "forcing use of threads");
            rc = (notice ? bdb_sink_info : bdb_sink_warn)(
                out, line, "%.*s", (int)(end - p > 200 ? 200 : end - p), p);
        } else {
            rc = bdb_fio_doc_cmdline(doc, p, end, line);
            rc = rc < 0 ? rc : BDB_OK;
        }
    }
    doc->runs = run;
    if (!rc && out->unread_lines > BDB_UNREAD_LISTED)
        rc = bdb_sink_warn(out, 0, "%zu more JSON lines with numbers not read (the "
                           "first %d are listed)",
                           out->unread_lines - BDB_UNREAD_LISTED,
                           BDB_UNREAD_LISTED);
    if (!rc && run == 0)
        rc = bdb_sink_warn(out, 0, "expected a JSON document starting with "
                           "\"fio version\"");
    bdb_jt_doc_free(w.keys);
    bdb_jt_doc_free(w.values);
    bdb_jt_doc_free(w.global);
    return rc == BDB_ENOMEM ? rc : BDB_OK;
}
