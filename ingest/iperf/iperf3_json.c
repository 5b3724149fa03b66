/* bdb_iperf3_json_parse.c - iperf3 -J JSON, one object or several in a row (see
 * parse_iperf.c for the keys read).
 *
 * A long run's "intervals" array is most of the document (one entry per
 * second and stream): the document is decoded key by key, and each
 * interval on its own into a few numbers, so that the decoded tree never
 * holds them all. Anything this walk does not expect (invalid or cut
 * JSON, a repeated "intervals") sends the document to jansson whole, as
 * before, so that errors read exactly as they did. */
#include "iperf_internal.h"
#include "../../common/bdb_input.h"
#include "../../common/bdb_scan.h"
#include "../../common/bdb_grow.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>

/* The line of a position, from the last one asked (positions asked move
 * mostly forward: counting from the start each time was quadratic). */
typedef struct line_memo {
    const char *buf;
    size_t pos;
    int line;
} line_memo;

static int line_at(line_memo *m, size_t off)
{
    for (; m->pos > off; m->pos--)
        if (m->buf[m->pos - 1] == '\n')
            m->line--;
    for (; m->pos < off; m->pos++) {
        if (m->buf[m->pos] == '\n')
            m->line++;
        if ((m->pos & ((1u << 20) - 1)) == 0)
            bdb_input_done_before(m->buf + m->pos); /* pages counted */
    }
    return m->line;
}

/* Offset of "key": after from within [0, lim), or lim. */
static size_t key_at(const char *buf, size_t from, size_t lim, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\"", key);
    if (from >= lim)
        return lim;
    /* a megabyte at a time (windows overlapping by the pattern), letting a
     * mapped file's pages go behind: a key that is not there is looked
     * for through the whole document */
    size_t plen = strlen(pat), step = (size_t)1 << 20;
    for (size_t at = from; at < lim; at += step) {
        size_t to = lim - at > step + plen ? at + step + plen : lim;
        const char *f = bdb_find(buf + at, buf + to, pat);
        if (f)
            return (size_t)(f - buf);
        bdb_input_done_before(buf + at);
    }
    return lim;
}

static int jnum(json_t *o, const char *k, double *v)
{
    json_t *x = json_object_get(o, k);
    if (!json_is_number(x))
        return 0;
    *v = json_number_value(x);
    return 1;
}

static int jflow(json_t *o, int dflt)
{
    json_t *s = json_object_get(o, "sender");
    if (json_is_boolean(s))
        return json_is_true(s) ? FLOW_C2S : FLOW_S2C;
    return dflt;
}

/* Where a JSON object is in the text: [from, to) from its '{' to past its
 * '}', so that each figure can name the line of its own key (a log quoted
 * in a page is matched line by line, and "bytes" and "bits_per_second"
 * are lines apart). from == to: not known, the object's line is used. */
typedef struct jwhere {
    const char *buf;
    size_t from, to;
    line_memo *lm;
} jwhere;

static size_t value_end(const char *buf, size_t len, size_t i);

/* The extent of the object or array that starts at or after `at` (past a
 * key and its ':'), within lim: 1 and [*from, *to), or 0. */
static int value_extent(const char *buf, size_t lim, size_t at, size_t *from,
                        size_t *to)
{
    size_t i = at;
    if (i < lim && buf[i] == '"') {
        for (i++; i < lim && buf[i] != '"'; i++)
            if (buf[i] == '\\')
                i++;
        i++;
    }
    while (i < lim && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' ||
                       buf[i] == '\n' || buf[i] == ':'))
        i++;
    if (i >= lim || (buf[i] != '{' && buf[i] != '['))
        return 0;
    size_t end = value_end(buf, lim, i);
    if (end == (size_t)-1)
        return 0;
    *from = i;
    *to = end;
    return 1;
}

/* The object value of key, searched from `at` within lim. */
static jwhere where_of(const char *buf, size_t at, size_t lim, const char *key,
                       line_memo *lm)
{
    jwhere w = {buf, 0, 0, lm};
    size_t k = key_at(buf, at, lim, key);
    if (k < lim && !value_extent(buf, lim, k, &w.from, &w.to))
        w.from = w.to = 0;
    return w;
}

/* The line of key inside w's object, or dflt. */
static int kline(const jwhere *w, const char *key, int dflt)
{
    if (!w || w->from >= w->to)
        return dflt;
    size_t k = key_at(w->buf, w->from, w->to, key);
    return k < w->to ? line_at(w->lm, k) : dflt;
}

/* The line of the fig of metric just added to fs. */
static void fig_line(ip_figs *fs, const char *metric, int line)
{
    for (int i = 0; i < fs->n; i++)
        if (strcmp(fs->f[i].metric, metric) == 0)
            fs->f[i].line = line;
}

static int j_final(ip_run *r, json_t *o, long id, int side, int flow,
                   int line, int udp_stats, const jwhere *w, bdb_sink *out)
{
    if (!json_is_object(o))
        return 0;
    double bps, v;
    if (!jnum(o, "bits_per_second", &bps))
        return 0;
    /* a server's JSON (iperf3 -s -J) has a sum_sent of zeros for the half
     * it did not send (UDP: a sum_received of no packet for the half it
     * did not receive, -R): no transfer happened there, no figure. A client's
     * receiver of 0 bytes is a measurement (nothing arrived): kept. */
    double pk;
    if (bps == 0 && jnum(o, "bytes", &v) && v == 0 && r->json_server &&
        (!udp_stats || (jnum(o, "packets", &pk) && pk == 0))) {
        /* its zeros are read, and give nothing */
        if (w && w->from < w->to)
            return bdb_sink_cover(out, line_at(w->lm, w->from),
                                  line_at(w->lm, w->to - 1));
        return 0;
    }
    long ei = bdb_iperf_ent_get(r, flow, id);
    if (ei < 0)
        return BDB_ENOMEM;
    ip_ent *e = &r->ents[ei];
    e->have[side] = 1;
    e->bps[side] = bps;
    e->end[side] = jnum(o, "end", &v) ? v : 0;
    e->line[side] = kline(w, "bits_per_second", line);
    if (jnum(o, "bytes", &v) && v >= 0) {
        e->have_bytes[side] = 1;
        e->bytes[side] = v;
        e->bytes_line[side] = kline(w, "bytes", 0);
    }
    ip_figs *fs = &e->figs[side];
    fs->line = line;
    static const struct {
        const char *key, *metric;
        double scale;
        const char *unit;
        bdb_better better;
    } tcp_info[] = {
        {"max_snd_cwnd", "cwnd_max", 1, BDB_UNIT_BYTES, BDB_NEUTRAL},
        {"max_snd_wnd", "snd_wnd_max", 1, BDB_UNIT_BYTES, BDB_NEUTRAL},
        {"mean_rtt", "rtt_mean", 1e-6, BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER},
        {"min_rtt", "rtt_min", 1e-6, BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER},
        {"max_rtt", "rtt_max", 1e-6, BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER}};
    for (size_t k = 0; k < sizeof tcp_info / sizeof tcp_info[0]; k++)
        if (jnum(o, tcp_info[k].key, &v) && v > 0) {
            bdb_iperf_fig_add(fs, out, line, tcp_info[k].metric,
                              v * tcp_info[k].scale, tcp_info[k].unit,
                              tcp_info[k].better);
            fig_line(fs, tcp_info[k].metric, kline(w, tcp_info[k].key, 0));
        }
    if (jnum(o, "retransmits", &v)) {
        e->have_retr = 1;
        e->retr = v;
        e->retr_line = kline(w, "retransmits", line);
    }
    if (udp_stats) {
        double j, lost, total, pct;
        if (jnum(o, "lost_packets", &lost) && jnum(o, "packets", &total) &&
            jnum(o, "lost_percent", &pct)) {
            e->have_lt = 1;
            e->lost = lost;
            e->total = total;
            e->pct = pct;
            e->lt_line = line;
            e->lost_line = kline(w, "lost_packets", 0);
            e->total_line = kline(w, "packets", 0);
            e->pct_line = kline(w, "lost_percent", 0);
            if (jnum(o, "jitter_ms", &j)) {
                e->have_jitter = 1;
                e->jitter_ms = j;
                e->jitter_line = kline(w, "jitter_ms", 0);
            }
        }
        if (jnum(o, "out_of_order", &v)) {
            e->have_ooo = 1;
            e->ooo = v;
            e->ooo_line = kline(w, "out_of_order", line);
        }
    }
    r->nfinal++;
    return 0;
}

/* What an interval's "sum" (or "sum_bidir_reverse") holds: the rate
 * and interval, and the columns iperf3's text prints beside them
 * (bytes, TCP retransmits, UDP jitter, lost/total or datagrams). */
typedef struct iv_sum {
    unsigned char ok;   /* an object with the three numbers */
    unsigned char omitted, have_bytes, have_retr, have_lt, have_jitter,
        have_dgrams;
    double bps, start, end;
    double bytes, retr, jitter_ms, lost, total, pct;
} iv_sum;

/* What the walk keeps of an interval's sum: what its lowest and highest
 * rate need. Its columns are read again, with its trace's points, after
 * the run's figures (interval_traces): a long run keeps 64 bytes an
 * interval, not the interval. */
typedef struct iv_stat {
    double bps, start, end;
    unsigned char ok, omitted;
} iv_stat;

typedef struct iv_rec {
    iv_stat sum, rev;
    size_t from, to;        /* --json-stream: the interval's object in the
                               text ('{' to past '}'); 0, 0 in an array */
} iv_rec;

typedef struct iv_list {
    iv_rec *v;
    size_t n, cap;
    size_t max_streams;     /* the most "streams" an interval has */
    int udp;                /* a sum with "packets": a UDP test */
    int bidir;              /* a sum_bidir_reverse: a --bidir test */
} iv_list;

static void iv_sum_of(json_t *o, iv_sum *out)
{
    memset(out, 0, sizeof *out);
    if (!json_is_object(o) || !jnum(o, "bits_per_second", &out->bps) ||
        !jnum(o, "start", &out->start) || !jnum(o, "end", &out->end))
        return;
    out->ok = 1;
    out->omitted = json_is_true(json_object_get(o, "omitted"));
    out->have_bytes = jnum(o, "bytes", &out->bytes);
    out->have_retr = jnum(o, "retransmits", &out->retr);
    out->have_jitter = jnum(o, "jitter_ms", &out->jitter_ms);
    out->have_lt = jnum(o, "lost_packets", &out->lost) &&
                   jnum(o, "packets", &out->total) &&
                   jnum(o, "lost_percent", &out->pct);
    /* a sender's sum: the datagrams it sent (in total) */
    out->have_dgrams = !out->have_lt && jnum(o, "packets", &out->total);
}

static int iv_add(iv_list *l, json_t *iv)
{
    if (l->n == l->cap) {
        iv_rec *v = bdb_grow(l->v, l->n, &l->cap, sizeof *v, 64);
        if (!v)
            return BDB_ENOMEM;
        l->v = v;
    }
    iv_rec *r = &l->v[l->n++];
    iv_sum full;
    iv_sum_of(json_object_get(iv, "sum"), &full);
    r->sum = (iv_stat){full.bps, full.start, full.end, full.ok, full.omitted};
    r->from = r->to = 0;
    if (full.have_lt || full.have_dgrams)
        l->udp = 1;
    iv_sum_of(json_object_get(iv, "sum_bidir_reverse"), &full);
    r->rev = (iv_stat){full.bps, full.start, full.end, full.ok, full.omitted};
    if (full.ok)
        l->bidir = 1;
    size_t ns = json_array_size(json_object_get(iv, "streams"));
    if (ns > l->max_streams)
        l->max_streams = ns;
    return BDB_OK;
}

/* One of an interval's "streams" as an observation: its rate, interval
 * and the columns beside them, and its TCP_INFO figures in figs. */
static int stream_obs(json_t *o, ip_obs *ob, ip_fig *figs, int *nfigs,
                      long *id, int *sender)
{
    iv_sum sum;
    double v;
    iv_sum_of(o, &sum);
    /* a socket number is a small int: 1e308 is none */
    if (!sum.ok || !jnum(o, "socket", &v) || !(v >= INT_MIN && v <= INT_MAX))
        return 0;
    *id = (long)v;
    json_t *snd = json_object_get(o, "sender");
    *sender = json_is_boolean(snd) ? json_is_true(snd) : -1;
    memset(ob, 0, sizeof *ob);
    ob->final = -1;
    ob->start = sum.start;
    ob->end = sum.end;
    ob->bps = sum.bps;
    ob->omitted = sum.omitted;
    ob->have_bytes = sum.have_bytes;
    ob->bytes = sum.bytes;
    ob->have_retr = sum.have_retr;
    ob->retr = sum.retr;
    ob->have_jitter = sum.have_jitter;
    ob->jitter_ms = sum.jitter_ms;
    ob->have_lt = sum.have_lt;
    ob->lost = sum.lost;
    ob->total = sum.total;
    ob->pct = sum.pct;
    ob->have_dgrams = sum.have_dgrams;
    ob->dgrams = sum.total;
    ob->have_cwnd = jnum(o, "snd_cwnd", &ob->cwnd);
    /* TCP_INFO as the text's -V and the run's figures give it */
    static const struct {
        const char *key, *metric;
        double scale;
        const char *unit;
        bdb_better better;
    } info[] = {
        {"rtt", "rtt", 1e-6, BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER},
        {"rttvar", "rttvar", 1e-6, BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER},
        {"snd_wnd", "snd_wnd", 1, BDB_UNIT_BYTES, BDB_NEUTRAL},
        {"pmtu", "pmtu", 1, BDB_UNIT_BYTES, BDB_NEUTRAL},
        {"reorder", "reorder", 1, BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER}};
    *nfigs = 0;
    for (size_t k = 0; k < sizeof info / sizeof info[0]; k++)
        if (jnum(o, info[k].key, &v))
            figs[(*nfigs)++] = (ip_fig){info[k].metric, v * info[k].scale,
                                        info[k].unit, info[k].better, 0};
    return 1;
}

/* An interval's sum as an observation of the run's trace. */
static void sum_obs(const iv_sum *o, int line, ip_obs *ob)
{
    memset(ob, 0, sizeof *ob);
    ob->final = -1;
    ob->start = o->start;
    ob->end = o->end;
    ob->bps = o->bps;
    ob->line = line;
    ob->omitted = o->omitted;
    ob->have_bytes = o->have_bytes;
    ob->bytes = o->bytes;
    ob->have_retr = o->have_retr;
    ob->retr = o->retr;
    ob->have_jitter = o->have_jitter;
    ob->jitter_ms = o->jitter_ms;
    ob->have_lt = o->have_lt;
    ob->lost = o->lost;
    ob->total = o->total;
    ob->pct = o->pct;
    ob->have_dgrams = o->have_dgrams;
    ob->dgrams = o->total;
}

/* The lowest and highest rate of the intervals of a flow's sum, over
 * those at least half the longest and not omitted (as the text's
 * interval lines give them: bdb_iperf_run_emit's interval figures). */
static int sums_range(ip_run *r, const iv_list *ivs, int dflt,
                      const char *buf, size_t off, size_t lim, line_memo *lm)
{
    double longest[2] = {0, 0};
    for (size_t i = 0; i < ivs->n; i++)
        for (int k = 0; k < 2; k++) {
            const iv_stat *o = k ? &ivs->v[i].rev : &ivs->v[i].sum;
            int f = k ? FLOW_S2C : dflt;
            if (o->ok && !o->omitted && o->end - o->start > longest[f])
                longest[f] = o->end - o->start;
        }
    size_t pos = key_at(buf, off, lim, "intervals");
    /* count lines incrementally: a long -J run has thousands of intervals */
    size_t counted = pos < lim ? pos : off;
    int cline = line_at(lm, counted);
    for (size_t i = 0; i < ivs->n; i++) {
        size_t from = ivs->v[i].from, to = ivs->v[i].to;
        if (to > from) { /* an event of its own: its "sum" */
            size_t at = key_at(buf, from, to, "sum");
            cline = line_at(lm, at < to ? at : from);
        }
        size_t at = to > from ? lim : key_at(buf, pos, lim, "sum");
        if (at < lim) {
            for (; counted < at; counted++)
                if (buf[counted] == '\n')
                    cline++;
            pos = at + 1;
        }
        bdb_input_done_before(buf + counted);
        for (int k = 0; k < 2; k++) {
            const iv_stat *o = k ? &ivs->v[i].rev : &ivs->v[i].sum;
            int f = k ? FLOW_S2C : dflt;
            if (!o->ok)
                continue;
            long ei = bdb_iperf_ent_get(r, f, ID_SUM);
            if (ei < 0)
                return BDB_ENOMEM;
            r->json_sums = 1;
            ip_ent *e = &r->ents[ei];
            if (o->omitted || longest[f] <= 0 ||
                o->end - o->start < longest[f] / 2)
                continue;
            if (!e->iv_given || o->bps < e->iv_vmin) {
                e->iv_vmin = o->bps;
                e->iv_lmin = cline;
            }
            if (!e->iv_given || o->bps > e->iv_vmax) {
                e->iv_vmax = o->bps;
                e->iv_lmax = cline;
            }
            e->iv_given = 1;
        }
    }
    return BDB_OK;
}

/* ---- walking a document ------------------------------------------------- */

static size_t value_end(const char *buf, size_t len, size_t i);

/* Says that the lines of key's value (an object or array, the first such
 * key at or after from) were read though they gave no figure: they repeat
 * figures read elsewhere. */
static int cover_value(const char *buf, size_t from, size_t lim,
                       const char *key, line_memo *lm, bdb_sink *out)
{
    size_t k = key_at(buf, from, lim, key), b = k;
    if (k >= lim)
        return BDB_OK;
    while (b < lim && buf[b] != '[' && buf[b] != '{')
        b++;
    size_t e = b < lim ? value_end(buf, lim, b) : (size_t)-1;
    if (e != (size_t)-1 && e > b)
        return bdb_sink_cover(out, line_at(lm, k), line_at(lm, e - 1));
    return BDB_OK;
}

static size_t skip_ws(const char *buf, size_t len, size_t i)
{
    while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' ||
                       buf[i] == '\n'))
        i++;
    return i;
}

/* Just past the JSON value that starts at buf[i], by its text (strings
 * with escapes, nesting); (size_t)-1 when the buffer ends first. jansson
 * then decodes the span, which checks it. */
static size_t value_end(const char *buf, size_t len, size_t i)
{
    if (i >= len)
        return (size_t)-1;
    char c = buf[i];
    if (c == '"') {
        for (size_t j = i + 1; j < len; j++) {
            if (buf[j] == '\\')
                j++;
            else if (buf[j] == '"')
                return j + 1;
        }
        return (size_t)-1;
    }
    if (c == '{' || c == '[') {
        size_t depth = 0;
        int in_str = 0;
        for (size_t j = i; j < len; j++) {
            char d = buf[j];
            if (in_str) {
                if (d == '\\')
                    j++;
                else if (d == '"')
                    in_str = 0;
            } else if (d == '"') {
                in_str = 1;
            } else if (d == '{' || d == '[') {
                depth++;
            } else if ((d == '}' || d == ']') && --depth == 0) {
                return j + 1;
            }
        }
        return (size_t)-1;
    }
    size_t j = i;
    while (j < len && buf[j] != ',' && buf[j] != '}' && buf[j] != ']' &&
           buf[j] != ' ' && buf[j] != '\t' && buf[j] != '\r' &&
           buf[j] != '\n')
        j++;
    return j > i ? j : (size_t)-1;
}

static json_t *decode(const char *buf, size_t from, size_t to)
{
    json_error_t err;
    return json_loadb(buf + from, to - from, JSON_DECODE_ANY, &err);
}

/* The document at buf[off] ('{') with every key but "intervals" decoded,
 * and the intervals read one at a time into ivs; *end is just past the
 * document. NULL when the walk met anything it does not expect. */
static json_t *walk_document(const char *buf, size_t len, size_t off,
                             size_t *end, iv_list *ivs)
{
    json_t *root = json_object();
    int had_intervals = 0;
    size_t pos = off + 1;
    if (!root)
        return NULL;
    for (;;) {
        pos = skip_ws(buf, len, pos);
        if (pos >= len)
            goto fail;
        if (buf[pos] == '}') {
            *end = pos + 1;
            return root;
        }
        if (json_object_size(root) || had_intervals) {
            if (buf[pos] != ',')
                goto fail;
            pos = skip_ws(buf, len, pos + 1);
        }
        if (pos >= len || buf[pos] != '"')
            goto fail;
        size_t kend = value_end(buf, len, pos);
        json_t *key = kend == (size_t)-1 ? NULL : decode(buf, pos, kend);
        if (!json_is_string(key)) {
            json_decref(key);
            goto fail;
        }
        pos = skip_ws(buf, len, kend);
        if (pos >= len || buf[pos] != ':') {
            json_decref(key);
            goto fail;
        }
        pos = skip_ws(buf, len, pos + 1);
        const char *k = json_string_value(key);
        if (!strcmp(k, "intervals") && pos < len && buf[pos] == '[') {
            json_decref(key);
            if (had_intervals || json_object_get(root, "intervals"))
                goto fail;
            had_intervals = 1;
            pos = skip_ws(buf, len, pos + 1);
            if (pos < len && buf[pos] == ']') {
                pos++;
                continue;
            }
            for (;;) {
                size_t vend = value_end(buf, len, pos);
                json_t *iv = vend == (size_t)-1 ? NULL : decode(buf, pos, vend);
                if (!iv)
                    goto fail;
                int rc = iv_add(ivs, iv);
                json_decref(iv);
                if (rc)
                    goto fail;
                bdb_input_done_before(buf + vend); /* a mapped file's pages */
                pos = skip_ws(buf, len, vend);
                if (pos < len && buf[pos] == ']') {
                    pos++;
                    break;
                }
                if (pos >= len || buf[pos] != ',')
                    goto fail;
                pos = skip_ws(buf, len, pos + 1);
            }
            continue;
        }
        size_t vend = value_end(buf, len, pos);
        json_t *v = vend == (size_t)-1 ? NULL : decode(buf, pos, vend);
        if (!v || (!strcmp(k, "intervals") && had_intervals)) {
            json_decref(v);
            json_decref(key);
            goto fail;
        }
        json_object_set_new(root, k, v);
        json_decref(key);
        pos = vend;
    }
fail:
    json_decref(root);
    ivs->n = 0;
    return NULL;
}

/* The intervals' points, after the run's figures: each sum's (and
 * sum_bidir_reverse's) as the trace of the run's series, and in a run of
 * two or more streams each stream's (intervals[].streams[]) as the trace
 * of its series. The document's intervals are decoded again, one at a
 * time, and nothing of them is kept: a long run's intervals are most of
 * its document (400 MB of them took 102 MB when kept). A stream of no
 * series (no end.streams entry) has no trace. */
/* The lines of an interval object's keys (sum or stream) in ob: the rate
 * at its "bits_per_second", each column at its own key. */
static void obs_key_lines(const jwhere *w, ip_obs *ob, ip_fig *figs,
                          int nfigs)
{
    static const char *const fig_keys[][2] = {
        {"rtt", "rtt"}, {"rttvar", "rttvar"}, {"snd_wnd", "snd_wnd"},
        {"pmtu", "pmtu"}, {"reorder", "reorder"}};
    ob->line = kline(w, "bits_per_second", ob->line);
    ob->bytes_line = kline(w, "bytes", 0);
    ob->retr_line = kline(w, "retransmits", 0);
    ob->cwnd_line = kline(w, "snd_cwnd", 0);
    ob->jitter_line = kline(w, "jitter_ms", 0);
    ob->lost_line = kline(w, "lost_packets", 0);
    ob->total_line = kline(w, "packets", 0);
    ob->pct_line = kline(w, "lost_percent", 0);
    for (int i = 0; i < nfigs; i++)
        for (size_t k = 0; k < sizeof fig_keys / sizeof *fig_keys; k++)
            if (!strcmp(figs[i].metric, fig_keys[k][1]))
                figs[i].line = kline(w, fig_keys[k][0], 0);
}

/* The points of the interval object at [pos, vend): its sums' and its
 * streams'. *done is 0 when it does not decode (nothing given); returns
 * BDB_OK or the sink's error. */
static int interval_trace_one(const ip_run *r, const char *buf, size_t pos,
                              size_t vend, int dflt, int streams,
                              line_memo *lm, bdb_sink *out, int *done)
{
    int rc = BDB_OK;
    json_t *iv = decode(buf, pos, vend);
    *done = iv != NULL;
    if (!iv)
        return BDB_OK;
    /* the sums, at the line of their "sum" */
    for (int k = 0; k < 2 && !rc; k++) {
        iv_sum full;
        iv_sum_of(json_object_get(iv, k ? "sum_bidir_reverse" : "sum"),
                  &full);
        long ei = full.ok ? bdb_iperf_ent_find(r, k ? FLOW_S2C : dflt,
                                               ID_SUM)
                          : -1;
        if (ei < 0 || !r->ents[ei].trace_base)
            continue;
        const char *sk = k ? "sum_bidir_reverse" : "sum";
        size_t at = key_at(buf, pos, vend, sk);
        ip_obs ob;
        sum_obs(&full, line_at(lm, at < vend ? at : pos), &ob);
        jwhere w = where_of(buf, pos, vend, sk, lm);
        obs_key_lines(&w, &ob, NULL, 0);
        rc = bdb_iperf_emit_obs_trace(&ob, NULL, 0,
                                      full.omitted ? "SUM omitted" : "SUM",
                                      r->ents[ei].trace_base, out);
    }
    /* a stream of no series of its own (one stream each way): its
     * throughput is the sum's, its cwnd and rtt (which the sum lacks)
     * are points of the sum's trace */
    json_t *each = json_object_get(iv, "streams");
    size_t k, spos = pos;
    json_t *st;
    json_array_foreach(each, k, st) {
        ip_obs ob;
        ip_fig figs[5];
        int nfigs, sender;
        long id;
        if (rc || !stream_obs(st, &ob, figs, &nfigs, &id, &sender))
            continue;
        /* in --bidir runs a stream's "sender" flag says its way */
        int flow = r->bidir && sender >= 0
                       ? (sender ? FLOW_C2S : FLOW_S2C) : dflt;
        long ei = bdb_iperf_ent_find(r, flow, streams ? id : ID_SUM);
        size_t at = key_at(buf, spos, vend, "socket");
        if (at < vend)
            spos = at + 1;
        if (ei < 0 || !r->ents[ei].trace_base)
            continue;
        ob.line = line_at(lm, at < vend ? at : pos);
        /* the stream's object: the '{' before its "socket" */
        jwhere w = {buf, 0, 0, lm};
        size_t o = at < vend ? at : pos;
        while (o > pos && buf[o] != '{')
            o--;
        if (buf[o] == '{' && o > pos &&
            !value_extent(buf, vend, o, &w.from, &w.to))
            w.from = w.to = 0;
        obs_key_lines(&w, &ob, figs, nfigs);
        char label[48];
        if (streams)
            snprintf(label, sizeof label, "stream %ld%s", id,
                     ob.omitted ? " omitted" : "");
        else /* the lone stream is the sum */
            snprintf(label, sizeof label, "SUM%s",
                     ob.omitted ? " omitted" : "");
        rc = streams ? bdb_iperf_emit_obs_trace(&ob, figs, nfigs, label,
                                                r->ents[ei].trace_base, out)
                     : bdb_iperf_emit_extra_trace(&ob, figs, nfigs, label,
                                                  r->ents[ei].trace_base,
                                                  out);
        /* the lone stream's rate, bytes and retransmits repeat the
         * sum's (what the sum lacks, cwnd and rtt, are points at
         * their keys above): read where printed, as restated points */
        if (!rc && !streams)
            rc = bdb_iperf_emit_restated_trace(&ob, r->ents[ei].trace_base,
                                               out);
    }
    json_decref(iv);
    bdb_input_done_before(buf + vend);
    return rc;
}

static int interval_traces(const ip_run *r, const iv_list *ivs,
                           const char *buf, size_t off, size_t lim, int dflt,
                           line_memo *lm, bdb_sink *out)
{
    int streams = 0, done = 1;
    for (size_t i = 0; i < r->nents && !streams; i++)
        streams = r->ents[i].id != ID_SUM && r->ents[i].trace_base != NULL;
    int rc = BDB_OK;
    /* --json-stream: each interval an event of its own */
    for (size_t i = 0; i < ivs->n && !rc && done; i++)
        if (ivs->v[i].to > ivs->v[i].from)
            rc = interval_trace_one(r, buf, ivs->v[i].from, ivs->v[i].to,
                                    dflt, streams, lm, out, &done);
    if (ivs->n && ivs->v[0].to > ivs->v[0].from)
        return rc;
    size_t pos = key_at(buf, off, lim, "intervals");
    if (pos >= lim)
        return BDB_OK;
    while (pos < lim && buf[pos] != '[')
        pos++;
    pos = skip_ws(buf, lim, pos + 1);
    while (!rc && done && pos < lim && buf[pos] == '{') {
        size_t vend = value_end(buf, lim, pos);
        if (vend == (size_t)-1)
            break;
        rc = interval_trace_one(r, buf, pos, vend, dflt, streams, lm, out,
                                &done);
        pos = skip_ws(buf, lim, vend);
        if (pos < lim && buf[pos] == ',')
            pos = skip_ws(buf, lim, pos + 1);
    }
    return rc;
}

/* Where a run's parts are in the text when they are not the keys of one
 * document (--json-stream events): NULL, or offsets, NO_OFF for none. */
#define NO_OFF ((size_t)-1)
typedef struct doc_at {
    size_t end_off;     /* the "end" event's data object */
    size_t error_off;   /* the "error" event */
    size_t last_off;    /* the last event (a run without "end" ends there) */
} doc_at;

/* The stream entities of a run cut before its "end" (its first
 * interval's streams), so that two or more keep their own traces. */
static int cut_streams(ip_run *r, const char *buf, const iv_list *ivs,
                       int dflt)
{
    if (ivs->max_streams < 2 || !ivs->n || ivs->v[0].to <= ivs->v[0].from)
        return BDB_OK;
    json_t *iv = decode(buf, ivs->v[0].from, ivs->v[0].to);
    size_t k;
    json_t *st;
    json_array_foreach(json_object_get(iv, "streams"), k, st) {
        ip_obs ob;
        ip_fig figs[5];
        int nfigs, sender;
        long id;
        if (!stream_obs(st, &ob, figs, &nfigs, &id, &sender))
            continue;
        int flow = r->bidir && sender >= 0
                       ? (sender ? FLOW_C2S : FLOW_S2C) : dflt;
        if (bdb_iperf_ent_get(r, flow, id) < 0) {
            json_decref(iv);
            return BDB_ENOMEM;
        }
    }
    json_decref(iv);
    return BDB_OK;
}

/* The run's figures, then its intervals' points. The searches before
 * read the whole document: a mapped file's pages go, and come back one
 * interval at a time. */
static int emit_run(ip_run *r, const iv_list *ivs, const char *buf,
                    size_t off, size_t lim, int dflt, line_memo *lm,
                    bdb_sink *out)
{
    bdb_input_release(buf);
    lm->pos = 0; /* counting forward again beats walking back over it all */
    lm->line = 1;
    int rc = sums_range(r, ivs, dflt, buf, off, lim, lm);
    if (!rc)
        rc = bdb_iperf_run_emit(r, out);
    if (!rc && (r->json_sums || ivs->max_streams >= 2))
        rc = interval_traces(r, ivs, buf, off, lim, dflt, lm, out);
    return rc;
}

static int server_copy_one(const char *buf, size_t off, size_t lim,
                           const ip_cmd *cmd, line_memo *lm, bdb_sink *out);

/* server_copy: the document is the server's copy of a client's test
 * (--get-server-output's server_output_json): its figures go under
 * reporter=server, apart from the client's. */
static int iperf3_json_one(json_t *root, const iv_list *ivs, const char *buf,
                           size_t off, size_t lim, const ip_cmd *cmd,
                           line_memo *lm, bdb_sink *out, const doc_at *at,
                           int server_copy)
{
    int base_line = line_at(lm, off);
    if (!json_is_object(root)) {
        bdb_sink_warn(out, base_line, "iperf3 JSON: expected an object");
        return 0;
    }
    json_t *start = json_object_get(root, "start");
    json_t *end = json_object_get(root, "end");
    json_t *err = json_object_get(root, "error");
    ip_run r;
    bdb_iperf_run_init(&r, 1);
    if (cmd)
        r.cmd = *cmd;
    r.server_copy = server_copy;
    r.json_server = json_is_object(json_object_get(start,
                                                   "accepted_connection"));
    int rc = 0;
    json_t *ver = json_object_get(start, "version");
    if (json_is_string(ver) && !server_copy) {
        const char *s = json_string_value(ver);
        bdb_sink_set_version(out, s, s + strlen(s));
    }
    json_t *ts = json_object_get(start, "test_start");
    double v;
    int reverse = 0;
    if (json_is_object(ts)) {
        json_t *proto = json_object_get(ts, "protocol");
        if (json_is_string(proto) && strcmp(json_string_value(proto), "UDP") == 0)
            r.udp = 1;
        /* a count an int holds (1e308 is not a number of streams) */
        if (jnum(ts, "num_streams", &v) && v > 0 && v <= INT_MAX)
            r.streams_req = (int)v;
        if (jnum(ts, "duration", &v) && v > 0)
            r.duration_req = v;
        if (jnum(ts, "target_bitrate", &v) && v > 0)
            r.target_bps = v;
        if (jnum(ts, "reverse", &v) && v != 0)
            reverse = 1;
        if (jnum(ts, "bidir", &v) && v != 0)
            r.bidir = 1;
        if (jnum(ts, "omit", &v) && v >= 0)
            r.omit_req = v;
        if (jnum(ts, "blksize", &v) && v > 0)
            r.block_printed = v;
        if (jnum(ts, "bytes", &v) && v > 0)
            r.bytes_req = v;
        if (jnum(ts, "blocks", &v) && v > 0)
            r.blocks_req = v;
    }
    if (jnum(start, "sock_bufsize", &v) && v > 0)
        r.window = v;
    int dflt = reverse ? FLOW_S2C : FLOW_C2S;
    if (json_is_object(json_object_get(end, "sum_sent_bidir_reverse")) ||
        json_is_object(json_object_get(end, "sum_received_bidir_reverse")))
        r.bidir = 1;
    size_t end_off = at && at->end_off != NO_OFF ? at->end_off : lim;
    /* the top-level "end" is the last "end": { in the object, before the
     * server's own copy of the run (--get-server-output) */
    size_t top_lim = at ? off : key_at(buf, off, lim, "server_output_json");
    for (size_t o = key_at(buf, off, top_lim, "end"); o < top_lim;
         o = key_at(buf, o + 1, top_lim, "end")) {
        bdb_input_done_before(buf + o); /* a mapped file's pages searched */
        const char *q = buf + o + 5;
        q = bdb_skip_ws(q, buf + lim);
        while (q < buf + lim && (*q == ':' || *q == ' ' || *q == '\t' ||
                                 *q == '\n' || *q == '\r'))
            q++;
        if (q < buf + lim && *q == '{')
            end_off = o;
    }
    int end_line = line_at(lm, end_off < lim ? end_off
                               : at && at->last_off != NO_OFF ? at->last_off
                                                              : off);
    size_t err_off = !at ? key_at(buf, off, lim, "error")
                     : at->error_off != NO_OFF ? at->error_off : off;
    json_t *sent = json_object_get(end, "sum_sent");
    json_t *recv = json_object_get(end, "sum_received");
    json_t *usum = json_object_get(end, "sum");
    if (json_is_string(err))
        bdb_sink_warn(out, line_at(lm, err_off),
                      "iperf3 reported an error: %.200s",
                      json_string_value(err));
    if (!json_is_object(end) || (!json_is_object(sent) && !json_is_object(recv) &&
                                 !json_is_object(usum))) {
        if (!json_is_string(err))
            bdb_sink_warn(out, end_line,
                          at ? "iperf3 --json-stream has no \"end\" event "
                               "with sum_sent/sum_received (interrupted run "
                               "or excerpt?); its intervals are read, no "
                               "final figure is invented"
                             : "iperf3 JSON has no end.sum_sent/sum_received "
                               "(interrupted run?); no final figure is "
                               "invented");
        /* a cut run's intervals: the trace of the figures it never
         * printed (a -J document without "end" does not parse) */
        if (!ivs->n) {
            bdb_iperf_run_free(&r);
            return 0;
        }
        /* intervals without "start" (an excerpt) say the protocol and
         * --bidir by their sums */
        if (!json_is_object(start) && ivs->udp)
            r.udp = 1;
        if (!json_is_object(start) && ivs->bidir)
            r.bidir = 1;
        rc = cut_streams(&r, buf, ivs, dflt);
        if (!rc)
            rc = emit_run(&r, ivs, buf, off, lim, dflt, lm, out);
        bdb_iperf_run_free(&r);
        return rc;
    }
    int l_sent = line_at(lm, key_at(buf, end_off, lim, "sum_sent"));
    int l_recv = line_at(lm, key_at(buf, end_off, lim, "sum_received"));
    jwhere w_sent = where_of(buf, end_off, lim, "sum_sent", lm);
    jwhere w_recv = where_of(buf, end_off, lim, "sum_received", lm);
    if (json_is_object(sent) || json_is_object(recv)) {
        rc = j_final(&r, sent, ID_SUM, SIDE_SND, dflt, l_sent, 0, &w_sent,
                     out);
        if (!rc)
            rc = j_final(&r, recv, ID_SUM, SIDE_RCV, dflt, l_recv, r.udp,
                         &w_recv, out);
    } else {
        /* old iperf3 UDP: one "sum" with the sender's rate and the
         * receiver's loss */
        jwhere w_sum = where_of(buf, end_off, lim, "sum", lm);
        rc = j_final(&r, usum, ID_SUM, SIDE_SND, dflt,
                     line_at(lm, key_at(buf, end_off, lim, "sum")), 1,
                     &w_sum, out);
    }
    json_t *bs = json_object_get(end, "sum_sent_bidir_reverse");
    json_t *br = json_object_get(end, "sum_received_bidir_reverse");
    if (!rc && (json_is_object(bs) || json_is_object(br))) {
        r.bidir = 1;
        jwhere w_bs = where_of(buf, end_off, lim, "sum_sent_bidir_reverse", lm);
        jwhere w_br = where_of(buf, end_off, lim, "sum_received_bidir_reverse",
                               lm);
        rc = j_final(&r, bs, ID_SUM, SIDE_SND, FLOW_S2C,
                     line_at(lm, key_at(buf, end_off, lim,
                                         "sum_sent_bidir_reverse")), 0,
                     &w_bs, out);
        if (!rc)
            rc = j_final(&r, br, ID_SUM, SIDE_RCV, FLOW_S2C,
                         line_at(lm, key_at(buf, end_off, lim,
                                             "sum_received_bidir_reverse")),
                         r.udp, &w_br, out);
    }
    /* per stream */
    json_t *streams = json_object_get(end, "streams");
    int l_streams = line_at(lm, key_at(buf, end_off, lim, "streams"));
    jwhere w_streams = where_of(buf, end_off, lim, "streams", lm);
    size_t cur = w_streams.from + 1; /* past the '[' */
    size_t i;
    json_t *st;
    json_array_foreach(streams, i, st) {
        if (rc)
            break;
        /* this element's text: the next object in the array */
        jwhere w_el = {buf, 0, 0, lm}, w_s = w_el, w_c = w_el, w_u = w_el;
        while (cur < w_streams.to && buf[cur] != '{')
            cur++;
        if (cur < w_streams.to &&
            value_extent(buf, w_streams.to, cur, &w_el.from, &w_el.to)) {
            cur = w_el.to;
            w_s = where_of(buf, w_el.from, w_el.to, "sender", lm);
            w_c = where_of(buf, w_el.from, w_el.to, "receiver", lm);
            w_u = where_of(buf, w_el.from, w_el.to, "udp", lm);
        }
        json_t *s = json_object_get(st, "sender");
        json_t *c = json_object_get(st, "receiver");
        json_t *u = json_object_get(st, "udp");
        json_t *any = json_is_object(s) ? s : json_is_object(c) ? c : u;
        /* a socket number is a small int: 1e308 is none */
        if (!json_is_object(any) || !jnum(any, "socket", &v) ||
            !(v >= INT_MIN && v <= INT_MAX))
            continue;
        long id = (long)v;
        /* in --bidir runs a stream's "sender" flag says whether the client
         * sends on it; elsewhere the flags are not consistent (UDP's
         * sum_received says false in a client-sending run) */
        int flow = r.bidir ? jflow(any, dflt) : dflt;
        if (json_is_object(u)) {
            rc = j_final(&r, u, id, SIDE_SND, flow, l_streams, 1, &w_u, out);
        } else {
            rc = j_final(&r, s, id, SIDE_SND, flow, l_streams, 0, &w_s, out);
            if (!rc)
                rc = j_final(&r, c, id, SIDE_RCV, flow, l_streams, 0, &w_c,
                             out);
            /* a server's "sender" side of a stream it only received:
             * zeros, no figure (as its sum_sent below) */
            double zs;
            if (!rc && json_is_object(s) && jnum(s, "bytes", &zs) &&
                zs == 0 && w_s.to > w_s.from)
                rc = bdb_sink_cover(out, line_at(lm, w_s.from),
                                    line_at(lm, w_s.to - 1));
        }
    }
    /* one stream each way: the streams' figures are the sums', read
     * there (a stream is a series only beside others); the unread-figure
     * account passes over them */
    if (!rc && json_array_size(streams) == (size_t)(r.bidir ? 2 : 1))
        rc = cover_value(buf, end_off, lim, "streams", lm, out);
    /* a server's sum_sent of a run it only received: zeros, no figure */
    double zb;
    if (!rc && json_is_object(sent) && jnum(sent, "bytes", &zb) && zb == 0)
        rc = cover_value(buf, end_off, lim, "sum_sent", lm, out);
    if (!rc && json_is_object(recv) && jnum(recv, "bytes", &zb) && zb == 0)
        rc = cover_value(buf, end_off, lim, "sum_received", lm, out);
    /* UDP's "sum" beside sum_sent and sum_received repeats the receiver's */
    if (!rc && (json_is_object(sent) || json_is_object(recv)) &&
        json_is_object(usum))
        rc = cover_value(buf, end_off, lim, "sum", lm, out);
    json_t *cpu = json_object_get(end, "cpu_utilization_percent");
    double hl, rm;
    if (json_is_object(cpu) && jnum(cpu, "host_total", &hl) &&
        jnum(cpu, "remote_total", &rm)) {
        r.have_cpu = 1;
        r.cpu_local = hl;
        r.cpu_remote = rm;
        double part[4];
        if (jnum(cpu, "host_user", &part[0]) &&
            jnum(cpu, "host_system", &part[1]) &&
            jnum(cpu, "remote_user", &part[2]) &&
            jnum(cpu, "remote_system", &part[3])) {
            r.have_cpu_split = 1;
            r.cpu_local_user = part[0];
            r.cpu_local_sys = part[1];
            r.cpu_remote_user = part[2];
            r.cpu_remote_sys = part[3];
        }
        /* a server's JSON knows nothing of the client's CPU: 0 */
        if (rm == 0 && json_is_object(json_object_get(start,
                                                      "accepted_connection")))
            r.have_cpu = 2;
        r.cpu_line = line_at(lm, key_at(buf, end_off, lim,
                                         "cpu_utilization_percent"));
        jwhere w_cpu = where_of(buf, end_off, lim, "cpu_utilization_percent",
                                lm);
        static const char *const cpu_keys[6] = {
            "host_total", "remote_total", "host_user", "host_system",
            "remote_user", "remote_system"};
        for (int k = 0; k < 6; k++)
            r.cpu_lines[k] = kline(&w_cpu, cpu_keys[k], 0);
    }
    if (!rc)
        rc = emit_run(&r, ivs, buf, off, lim, dflt, lm, out);
    /* a -J client's --get-server-output, the server without -J: its
     * text output in one string */
    json_t *sot = json_object_get(root, "server_output_text");
    if (!rc && !server_copy && json_is_string(sot)) {
        rc = bdb_iperf3_text_server_copy(
            json_string_value(sot), json_string_length(sot),
            line_at(lm, key_at(buf, off, lim, "server_output_text")), &r,
            out);
    }
    bdb_iperf_run_free(&r);
    /* a -J client's --get-server-output: the server's own -J document */
    if (!rc && !server_copy &&
        json_is_object(json_object_get(root, "server_output_json")))
        rc = server_copy_one(buf, off, lim, cmd, lm, out);
    return rc;
}

/* The server's -J document in server_output_json (iperf_api.c adds the
 * server's whole JSON output there when the client asks with
 * --get-server-output and the server runs -J), inside the client's
 * document [off, lim): read as a server's document, its figures under
 * reporter=server. */
static int server_copy_one(const char *buf, size_t off, size_t lim,
                           const ip_cmd *cmd, line_memo *lm, bdb_sink *out)
{
    size_t k = key_at(buf, off, lim, "server_output_json");
    if (k >= lim)
        return 0;
    size_t p = k + strlen("\"server_output_json\"");
    while (p < lim && buf[p] != '{')
        p++;
    if (p >= lim)
        return 0;
    iv_list ivs = {NULL, 0, 0, 0, 0, 0};
    size_t sub_end = 0;
    json_t *sub = walk_document(buf, lim, p, &sub_end, &ivs);
    int rc = 0;
    if (sub)
        rc = iperf3_json_one(sub, &ivs, buf, p, sub_end, cmd, lm, out, NULL,
                             1);
    else
        bdb_sink_warn(out, line_at(lm, k),
                      "iperf3 JSON: server_output_json is not the server's "
                      "-J document; not read");
    json_decref(sub);
    free(ivs.v);
    return rc;
}

/* What a quoter leaves in a -J document that JSON does not allow: an
 * elision ("...", "…", "// ...", a C comment) where intervals were cut,
 * and the commas that then stand before a '}' or ']' or after another
 * comma. In the document starting at off (a '{' first on its line),
 * outside strings, each is overwritten with blanks in w (NULL: only
 * counted), so that offsets and lines stay. Returns the first line
 * (counted from off's, line_off) that held one, 0 when none. */
static int json_elisions(const char *buf, size_t len, size_t off, char *w,
                         int line_off, size_t *doc_end)
{
    int depth = 0, in_str = 0, line = line_off, first = 0;
    *doc_end = len;
    size_t last = (size_t)-1; /* the last significant character */
    for (size_t i = off; i < len; i++) {
        char c = buf[i];
        if (c == '\n')
            line++;
        if ((i & ((1u << 20) - 1)) == 0)
            bdb_input_done_before(buf + i); /* a mapped file's pages go */
        if (in_str) {
            if (c == '\\')
                i++;
            else if (c == '"' || c == '\n')
                in_str = 0;
            continue;
        }
        size_t blank_from = i, blank_to = i;
        if (c == '"') {
            in_str = 1;
            last = i;
        } else if (c == '{' || c == '[') {
            depth++;
            last = i;
        } else if (c == '}' || c == ']') {
            if (last != (size_t)-1 && buf[last] == ',') {
                blank_from = last;
                blank_to = last + 1;
            }
            last = i;
            if (--depth == 0) {
                if (blank_to > blank_from && w)
                    w[blank_from] = ' ';
                if (blank_to > blank_from && !first)
                    first = line;
                *doc_end = i + 1;
                break;
            }
        } else if (c == ',') {
            if (last != (size_t)-1 &&
                (buf[last] == ',' || buf[last] == '[' || buf[last] == '{'))
                blank_to = i + 1;
            else
                last = i;
        } else if (c == '/' && i + 1 < len && buf[i + 1] == '/') {
            while (blank_to < len && buf[blank_to] != '\n')
                blank_to++;
        } else if (c == '/' && i + 1 < len && buf[i + 1] == '*') {
            const char *end = bdb_find(buf + i + 2, buf + len, "*/");
            blank_to = end ? (size_t)(end - buf) + 2 : len;
        } else if (c == '.' && i + 1 < len && buf[i + 1] == '.') {
            while (blank_to < len && buf[blank_to] == '.')
                blank_to++;
        } else if ((unsigned char)c == 0xe2 && i + 2 < len &&
                   (unsigned char)buf[i + 1] == 0x80 &&
                   (unsigned char)buf[i + 2] == 0xa6) {
            blank_to = i + 3;
        } else if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
            last = i;
        }
        if (blank_to > blank_from) {
            if (!first)
                first = line;
            for (size_t k = blank_from; k < blank_to; k++) {
                if (buf[k] == '\n')
                    line++;
                if (w && buf[k] != '\n')
                    w[k] = ' ';
            }
            if (blank_to > i + 1)
                i = blank_to - 1;
        }
    }
    return first;
}

static int json_parse_docs(const char *buf, size_t len, size_t from,
                           int clean_ok, bdb_sink *out);

int bdb_iperf3_json_parse(const char *buf, size_t len, bdb_sink *out)
{
    return json_parse_docs(buf, len, 0, 1, out);
}

/* A document from off that JSON does not read: when it holds elisions
 * (json_elisions), a copy with them blanked is read from off on (offsets
 * and lines kept), with a note; 1 then, 0 when it holds none. */
static int read_without_elisions(const char *buf, size_t len, size_t off,
                                 int line, bdb_sink *out, int *rc)
{
    size_t doc_end;
    int first = json_elisions(buf, len, off, NULL, line, &doc_end);
    if (!first)
        return 0;
    char *w = malloc(len);
    if (!w) {
        *rc = BDB_ENOMEM;
        return 1;
    }
    memcpy(w, buf, len);
    json_elisions(buf, len, off, w, line, &doc_end);
    *rc = bdb_sink_info(out, first, "iperf3 JSON: elided parts ('...', "
                        "comments, the commas left before them) were skipped "
                        "from here on; the rest is read as printed");
    if (*rc != BDB_ENOMEM)
        *rc = json_parse_docs(w, len, off, 0, out);
    free(w);
    return 1;
}

/* ---- --json-stream events ------------------------------------------------
 *
 * iperf3 3.17 and later with --json-stream (iperf_api.c JSONStream_Output)
 * print one unformatted object a line, {"event": NAME, "data": VALUE}:
 * "start" (data: what -J prints as "start"), one "interval" each
 * interval (data: an element of -J's "intervals"), then "error" (a
 * string), "server_output_json" (an object), "server_output_text" (a
 * string) when there are such, and "end" (data: -J's "end"; {} after an
 * error). The events of one test are read as one -J document: the run's
 * figures from "end", the intervals as their trace. A run without
 * "end" (cut, or an excerpt of intervals) is warned and its intervals
 * are still points. An excerpt may set intervals of several tests one
 * after the other (no "start" between): an interval whose time goes back
 * (but after omitted ones, -O), or whose sum's side, streams or --bidir
 * sum differ from the last one's, begins another test. */
typedef struct js_run {
    int open;
    json_t *start, *end, *error;    /* the events' data (references) */
    json_t *server_text, *server_json; /* --get-server-output's events */
    size_t off, lim;                /* the first event, past the last */
    size_t end_off, error_off, last_off;
    size_t start_from, start_to;    /* the "start" event, for its lines */
    iv_list ivs;
    double last_end;                /* of the last interval's sum */
    int last_omitted;
    int last_shape;                 /* its sum's side, streams, bidir */
    ip_cmd cmd;
    int have_cmd;
} js_run;

/* The event's name when root is one ({"event": "...", "data": ...}). */
static const char *stream_event(json_t *root)
{
    json_t *ev = json_object_get(root, "event");
    if (!json_is_string(ev) || !json_object_get(root, "data") ||
        json_object_size(root) != 2)
        return NULL;
    return json_string_value(ev);
}

static void js_reset(js_run *s)
{
    json_decref(s->start);
    json_decref(s->end);
    json_decref(s->error);
    json_decref(s->server_text);
    json_decref(s->server_json);
    free(s->ivs.v);
    memset(s, 0, sizeof *s);
}

/* Reads the open run (if any) and closes it. */
static int js_flush(js_run *s, const char *buf, line_memo *lm, bdb_sink *out)
{
    if (!s->open)
        return BDB_OK;
    int rc = BDB_OK;
    json_t *root = json_object();
    if (!root ||
        (s->start && json_object_set(root, "start", s->start)) ||
        (s->end && json_object_set(root, "end", s->end)) ||
        (s->error && json_object_set(root, "error", s->error)) ||
        (s->server_text &&
         json_object_set(root, "server_output_text", s->server_text)) ||
        (s->server_json &&
         json_object_set(root, "server_output_json", s->server_json)))
        rc = BDB_ENOMEM;
    /* "start" holds the settings and connections, no figure (as -J's
     * "start", declared figure-free) */
    if (!rc && s->start_to > s->start_from)
        rc = bdb_sink_cover(out, line_at(lm, s->start_from),
                            line_at(lm, s->start_to - 1));
    doc_at at = {s->end ? s->end_off : NO_OFF,
                 s->error ? s->error_off : NO_OFF, s->last_off};
    if (!rc)
        rc = iperf3_json_one(root, &s->ivs, buf, s->off, s->lim,
                             s->have_cmd ? &s->cmd : NULL, lm, out, &at, 0);
    json_decref(root);
    js_reset(s);
    return rc;
}

/* Opens a run at the event at off, unless one is open. */
static void js_open(js_run *s, size_t off, const ip_cmd *cmd)
{
    if (s->open)
        return;
    s->open = 1;
    s->off = off;
    if (cmd) {
        s->cmd = *cmd;
        s->have_cmd = 1;
    }
}

/* One event, the document at [off, doc_end) whose root is root. */
static int js_event(js_run *s, json_t *root, const char *name,
                    const char *buf, size_t off, size_t doc_end,
                    const ip_cmd *cmd, line_memo *lm, bdb_sink *out)
{
    json_t *data = json_object_get(root, "data");
    size_t dfrom = 0, dto = 0;
    size_t dk = key_at(buf, off, doc_end, "data");
    if (dk >= doc_end || !value_extent(buf, doc_end, dk, &dfrom, &dto))
        dfrom = dto = 0;
    int rc = BDB_OK;
    if (!strcmp(name, "start")) {
        rc = js_flush(s, buf, lm, out);
        js_open(s, off, cmd);
        s->start = json_incref(data);
        s->start_from = off;
        s->start_to = doc_end;
    } else if (!strcmp(name, "interval")) {
        if (!json_is_object(data) || dto <= dfrom) {
            bdb_sink_warn(out, line_at(lm, off),
                          "iperf3 --json-stream: an interval event without "
                          "an object; not read");
            return BDB_OK;
        }
        iv_sum sum;
        json_t *js = json_object_get(data, "sum");
        iv_sum_of(js, &sum);
        json_t *snd = json_object_get(js, "sender");
        int shape = (json_is_true(snd) ? 1 : json_is_false(snd) ? 2 : 0) +
                    (json_object_get(data, "sum_bidir_reverse") ? 4 : 0) +
                    8 * (int)json_array_size(json_object_get(data, "streams"));
        /* another test: time goes back (not after omitted intervals, whose
         * end restarts the clock), or the sum's side, the streams or
         * --bidir change */
        if (s->open && s->ivs.n && sum.ok &&
            ((!s->last_omitted && sum.start < s->last_end - 1e-6) ||
             shape != s->last_shape))
            rc = js_flush(s, buf, lm, out);
        js_open(s, off, cmd);
        if (!rc)
            rc = iv_add(&s->ivs, data);
        if (!rc) {
            s->ivs.v[s->ivs.n - 1].from = dfrom;
            s->ivs.v[s->ivs.n - 1].to = dto;
            if (sum.ok) {
                s->last_end = sum.end;
                s->last_omitted = sum.omitted;
            }
            s->last_shape = shape;
        }
    } else if (!strcmp(name, "end")) {
        js_open(s, off, cmd);
        s->end = json_incref(data);
        s->end_off = dto > dfrom ? dfrom : off;
        s->lim = doc_end;
        s->last_off = off;
        return js_flush(s, buf, lm, out);
    } else if (!strcmp(name, "error")) {
        js_open(s, off, cmd);
        json_decref(s->error);
        s->error = json_incref(data);
        s->error_off = off;
    } else if (!strcmp(name, "server_output_text") && json_is_string(data)) {
        /* the server's text output, read with the run as -J's member of
         * that name (reporter=server, at this event's line) */
        js_open(s, off, cmd);
        json_decref(s->server_text);
        s->server_text = json_incref(data);
    } else if (!strcmp(name, "server_output_json") && json_is_object(data)) {
        /* the server's -J document, read as -J's member of that name */
        js_open(s, off, cmd);
        json_decref(s->server_json);
        s->server_json = json_incref(data);
    } else if (!strcmp(name, "server_output_json") ||
               !strcmp(name, "server_output_text")) {
        bdb_sink_warn(out, line_at(lm, off),
                      "iperf3 --json-stream: a %s event whose data is not "
                      "%s; not read", name,
                      name[14] == 'j' ? "an object" : "a string");
        return BDB_OK;
    } else {
        bdb_sink_warn(out, line_at(lm, off),
                      "iperf3 --json-stream: unknown event \"%.40s\"; not "
                      "read", name);
        return BDB_OK;
    }
    if (s->open) {
        s->lim = doc_end;
        s->last_off = off;
    }
    return rc;
}

static int json_parse_docs(const char *buf, size_t len, size_t from,
                           int clean_ok, bdb_sink *out)
{
    line_memo memo = {buf, 0, 1};
    line_memo *lm = &memo;
    size_t off = from ? from : bdb_bom_len(buf, len);
    ip_cmd cmd;
    int have_cmd = 0, rc = BDB_OK;
    js_run stream;
    memset(&stream, 0, sizeof stream);
    while (off < len && !rc) {
        while (off < len && (buf[off] == ' ' || buf[off] == '\t' ||
                             buf[off] == '\r' || buf[off] == '\n'))
            off++;
        if (off >= len)
            break;
        if (buf[off] != '{') {
            /* a command line (`$ iperf3 -c host -J`) or stray text: one
             * line of it */
            const char *nl = memchr(buf + off, '\n', len - off);
            const char *le = nl ? nl : buf + len;
            const char *p = buf + off, *e = le;
            bdb_trim(&p, &e);
            ip_cmd c;
            int k = bdb_iperf_cmd_line(p, e, 1, line_at(lm, off), &c, out);
            if (k < 0) {
                rc = k;
                break;
            }
            if (k > 0) {
                /* another command: another run */
                rc = js_flush(&stream, buf, lm, out);
                cmd = c;
                have_cmd = 1;
            } else {
                bdb_iperf_warn_line(out, line_at(lm, off),
                                    "expected an iperf3 -J JSON object", p,
                                    e);
            }
            off = (size_t)(le - buf);
            continue;
        }
        iv_list ivs = {NULL, 0, 0, 0, 0, 0};
        size_t doc_end = 0;
        json_t *root = walk_document(buf, len, off, &doc_end, &ivs);
        const char *ev = root ? stream_event(root) : NULL;
        if (ev) {
            rc = js_event(&stream, root, ev, buf, off, doc_end,
                          have_cmd ? &cmd : NULL, lm, out);
            json_decref(root);
            free(ivs.v);
            off = doc_end;
            have_cmd = 0;
            continue;
        }
        /* a document of its own: the events before it are a run */
        rc = js_flush(&stream, buf, lm, out);
        if (rc) {
            json_decref(root);
            free(ivs.v);
            break;
        }
        if (root) {
            rc = iperf3_json_one(root, &ivs, buf, off, doc_end,
                                 have_cmd ? &cmd : NULL, lm, out, NULL, 0);
            json_decref(root);
            free(ivs.v);
            off = doc_end;
            have_cmd = 0;
            continue;
        }
        /* what the walk did not expect: jansson reads the whole document
         * and says what is wrong with it */
        json_error_t jerr;
        root = json_loadb(buf + off, len - off, JSON_DISABLE_EOF_CHECK, &jerr);
        int erc;
        if (!root && clean_ok &&
            read_without_elisions(buf, len, off, line_at(lm, off), out, &erc)) {
            free(ivs.v);
            return erc;
        }
        if (!root) {
            free(ivs.v);
            bdb_sink_warn(out,
                          line_at(lm, off) +
                              (jerr.line > 0 ? jerr.line - 1 : 0),
                          "iperf3 JSON does not parse (truncated?): %s; "
                          "nothing after it is read",
                          jerr.text);
            return 0;
        }
        size_t used = (size_t)jerr.position;
        if (used == 0 || off + used > len)
            used = len - off;
        size_t k;
        json_t *iv;
        json_array_foreach(json_object_get(root, "intervals"), k, iv) {
            if (!rc)
                rc = iv_add(&ivs, iv);
        }
        if (!rc)
            rc = iperf3_json_one(root, &ivs, buf, off, off + used,
                                 have_cmd ? &cmd : NULL, lm, out, NULL, 0);
        json_decref(root);
        free(ivs.v);
        off += used;
        have_cmd = 0;
    }
    if (!rc)
        rc = js_flush(&stream, buf, lm, out);
    js_reset(&stream);
    return rc;
}
