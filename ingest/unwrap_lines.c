/* unwrap_lines.c - a log whose line breaks were lost (see
 * unwrap_source.h): a whole report flattened into one long line, as a
 * JSON or PHP string, a forum's or a wiki's paragraph, or a shell's
 * `echo $(cmd)` keep it: "Finished 500 requests   Server Software:
 * lighttpd/1.4.22 Server Hostname: ... Requests per second:    171.54
 * [#/sec] (mean) Time per request: ...". The breaks that an escaped
 * "\n" kept are restored by the escaped-literal pass before this one;
 * what is left is a line that holds several of the tools' own line
 * starts. This pass cuts such a line before each of them, every piece
 * mapped to the file's line, so that each figure's provenance is the
 * physical line it is printed on.
 *
 * The line starts are the tools' labels, from their sources: ab.c's
 * output(), wrk.c's print_stats, GNU time's -v labels (time.c),
 * openssl's speed.c, iperf's reporter, dd's print_stats, hdparm's timing
 * lines and fio's show_run_stats. A line is cut only when it holds three
 * of them or more past its start, each after a blank, a digit, a closing
 * bracket or a full stop (a long label starting upper-case also glued
 * after a lower-case word: "received" + "Connection Times"; a label that
 * follows its number, "500 requests in", before the number, which may be
 * glued to a word), never after '<', '>', '"' or '\' (markup, JSON and
 * escapes hold labels of their own); dd's records labels (and their
 * German and French words) only when a number or the line's end follows
 * them, as in a flattened report and never in prose ("1+0 records in,
 * 1+0 records out and ..."). After ab's "Percentage of the
 * requests" and wrk's "Latency Distribution" each "NN%" starts a row. A
 * JSON document is left alone, and so is a line holding a
 * redis-benchmark report, which its parser reads flattened itself. */
#include "unwrap_source.h"
#include "../common/bdb_error.h"
#include "../common/bdb_scan.h"

#include <pthread.h>
#include <string.h>

#define L_ROWS 1   /* the piece after it holds "NN%  value" rows */
#define L_NUMBER 2 /* the label follows its number: "500 requests in" */
#define L_LINE_END 4 /* the label ends its line: the next line's number
                        (or nothing) follows it, never prose's "," */

typedef struct lost_label {
    const char *s;
    size_t n; /* strlen(s) */
    int flags;
} lost_label;

#define LABEL(s, flags) {s, sizeof s - 1, flags}

static const lost_label labels[] = {
    /* ab (ab.c: output(), and the banner of copyright()) */
    LABEL("This is ApacheBench", 0), LABEL("Copyright 1996", 0),
    LABEL("Licensed to The Apache", 0), LABEL("Benchmarking ", 0),
    LABEL("Completed ", 0), LABEL("Finished ", 0), LABEL("Server Software:", 0),
    LABEL("Server Hostname:", 0), LABEL("Server Port:", 0), LABEL("SSL/TLS Protocol:", 0),
    LABEL("Server Temp Key:", 0), LABEL("TLS Server Name:", 0),
    LABEL("Document Path:", 0), LABEL("Document Length:", 0),
    LABEL("Concurrency Level:", 0), LABEL("Time taken for tests:", 0),
    LABEL("Complete requests:", 0), LABEL("Failed requests:", 0), LABEL("(Connect: ", 0),
    LABEL("Write errors:", 0), LABEL("Non-2xx responses:", 0),
    LABEL("Keep-Alive requests:", 0), LABEL("Total transferred:", 0),
    LABEL("Total body sent:", 0), LABEL("Total POSTed:", 0),
    LABEL("HTML transferred:", 0), LABEL("Requests per second:", 0),
    LABEL("Time per request:", 0), LABEL("Transfer rate:", 0),
    LABEL("Connection Times (ms)", 0), LABEL("Connnection Times (ms)", 0),
    LABEL("min  mean[+/-sd]", 0), LABEL("Connect:", 0), LABEL("Processing:", 0),
    LABEL("Waiting:", 0), LABEL("Total:", 0),
    LABEL("Percentage of the requests served", L_ROWS),
    /* wrk (wrk.c: main's summary, print_stats_header, print_stats) */
    LABEL("Running ", 0), LABEL("threads and ", L_NUMBER), LABEL("Thread Stats", 0),
    /* the longer label first: label_at takes the first that matches */
    LABEL("Latency Distribution", L_ROWS), LABEL("Latency ", 0), LABEL("Req/Sec ", 0),
    LABEL("requests in ", L_NUMBER), LABEL("Socket errors:", 0),
    LABEL("Non-2xx or 3xx responses:", 0), LABEL("Requests/sec:", 0),
    LABEL("Transfer/sec:", 0),
    /* GNU time -v (time.c: summarize) */
    LABEL("Command being timed:", 0), LABEL("User time (seconds):", 0),
    LABEL("System time (seconds):", 0), LABEL("Percent of CPU this job got:", 0),
    LABEL("Elapsed (wall clock) time", 0), LABEL("Average shared text size", 0),
    LABEL("Average unshared data size", 0), LABEL("Average stack size", 0),
    LABEL("Average total size", 0), LABEL("Maximum resident set size", 0),
    LABEL("Average resident set size", 0),
    LABEL("Major (requiring I/O) page faults:", 0),
    LABEL("Minor (reclaiming a frame) page faults:", 0),
    LABEL("Voluntary context switches:", 0),
    LABEL("Involuntary context switches:", 0), LABEL("Swaps:", 0),
    LABEL("File system inputs:", 0), LABEL("File system outputs:", 0),
    LABEL("Socket messages sent:", 0), LABEL("Socket messages received:", 0),
    LABEL("Signals delivered:", 0), LABEL("Page size (bytes):", 0),
    LABEL("Exit status:", 0),
    /* a Markdown fence the report was flattened with */
    LABEL("```", 0),
    /* openssl speed (speed.c) */
    LABEL("Doing ", 0), LABEL("The 'numbers' are in 1000s", 0), LABEL("built on:", 0),
    LABEL("compiler:", 0),
    /* iperf 2 and 3 (their reporters) */
    LABEL("Client connecting to", 0), LABEL("Server listening on", 0),
    LABEL("TCP window size:", 0), LABEL("UDP buffer size:", 0),
    LABEL("Connecting to host", 0), LABEL("Accepted connection from", 0),
    LABEL("iperf Done.", 0), LABEL("[ ID]", 0), LABEL("[SUM]", 0),
    /* dd (dd.c: print_stats; BSD's summary), and coreutils' German and
     * French words for them (po/de.po, po/fr.po: "%jd+%jd Datensätze
     * ein", "enregistrements lus", "%jd Bytes (%s, %s) kopiert", "%jd
     * octet copié"; French puts a U+00A0 before the word) */
    LABEL("records in", L_NUMBER | L_LINE_END),
    LABEL("records out", L_NUMBER | L_LINE_END),
    LABEL("bytes transferred in", L_NUMBER), LABEL("bytes (", L_NUMBER),
    LABEL("bytes copied", L_NUMBER), LABEL("byte copied", L_NUMBER),
    LABEL("Datens\xC3\xA4tze ein", L_NUMBER | L_LINE_END),
    LABEL("Datens\xC3\xA4tze aus", L_NUMBER | L_LINE_END),
    LABEL("Bytes (", L_NUMBER), LABEL("Bytes kopiert", L_NUMBER),
    LABEL("Byte kopiert", L_NUMBER),
    LABEL("enregistrements lus", L_NUMBER | L_LINE_END),
    LABEL("enregistrements \xC3\xA9" "crits", L_NUMBER | L_LINE_END),
    LABEL("octets (", L_NUMBER),
    LABEL("octets copi\xC3\xA9s", L_NUMBER), LABEL("octet copi\xC3\xA9", L_NUMBER),
    /* hdparm (hdparm.c: time_cache, time_device) */
    LABEL("Timing cached reads:", 0), LABEL("Timing buffered disk reads:", 0),
    LABEL("Timing buffer-cache reads:", 0), LABEL("Timing O_DIRECT cached reads:", 0),
    LABEL("Timing O_DIRECT disk reads:", 0),
    /* fio (stat.c: show_thread_status_normal, show_run_stats) */
    LABEL("Run status group", 0), LABEL("Disk stats (read/write):", 0),
    LABEL("READ: bw=", 0), LABEL("WRITE: bw=", 0), LABEL("READ: io=", 0),
    LABEL("WRITE: io=", 0), LABEL("read: IOPS=", 0), LABEL("write: IOPS=", 0),
    LABEL("read : io=", 0), LABEL("write: io=", 0), LABEL("clat percentiles", 0),
    LABEL("IO depths", 0), LABEL("lat (usec):", 0), LABEL("lat (msec):", 0),
    LABEL("lat (nsec):", 0), LABEL("clat (usec):", 0), LABEL("clat (msec):", 0),
    LABEL("clat (nsec):", 0), LABEL("slat (usec):", 0), LABEL("slat (nsec):", 0),
};

#define NLABELS (sizeof labels / sizeof labels[0])
#define MIN_LINE 100   /* shorter lines are a flattened report only when
                          they start with a label too */
#define MIN_SHORT 60    /* shorter ones never are */
#define MIN_CUTS 3

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static int is_lower(char c)
{
    return c >= 'a' && c <= 'z';
}

/* 1 when [p, e) is blanks (or U+00A0) then a digit, or nothing. */
static int number_or_end(const char *p, const char *e)
{
    while (p < e && (*p == ' ' || *p == '\t' ||
                     (e - p >= 2 && (unsigned char)p[0] == 0xC2 &&
                      (unsigned char)p[1] == 0xA0)))
        p += *p == ' ' || *p == '\t' ? 1 : 2;
    return p == e || is_digit(*p);
}

/* The labels by their first byte, in the table's order: first[c] is the
 * first label starting with c, next[i] the one after label i that starts
 * like it (NLABELS: none). Built the first time a label is looked for,
 * once whatever thread asks first (the import parses on a worker). */
_Static_assert(NLABELS < 256, "label indexes are bytes");
static unsigned char label_first[256], label_next[NLABELS];
static pthread_once_t label_index_once = PTHREAD_ONCE_INIT;

static void label_index_build(void)
{
    memset(label_first, NLABELS, sizeof label_first);
    for (size_t i = NLABELS; i-- > 0;) {
        unsigned char c = (unsigned char)labels[i].s[0];
        label_next[i] = label_first[c];
        label_first[c] = (unsigned char)i;
    }
}

/* The label starting at p, or NULL. */
static const lost_label *label_at(const char *p, const char *e)
{
    /* every byte of a long line is tried: only the labels starting with
     * its byte are compared (trying each of the table's 150 was an
     * eighth of an import of small logs, strlen before that a sixth) */
    pthread_once(&label_index_once, label_index_build);
    for (size_t i = label_first[(unsigned char)*p]; i < NLABELS;
         i = label_next[i]) {
        const lost_label *l = &labels[i];
        if ((size_t)(e - p) >= l->n && memcmp(p, l->s, l->n) == 0)
            return (l->flags & L_LINE_END) && !number_or_end(p + l->n, e)
                       ? NULL
                       : l;
    }
    return NULL;
}

/* "[  3]", "[ 14]": an iperf stream's id. */
static int stream_id(const char *p, const char *e)
{
    if (*p != '[')
        return 0;
    const char *q = p + 1;
    while (q < e && *q == ' ')
        q++;
    const char *d = q;
    while (q < e && is_digit(*q))
        q++;
    return q > d && q - d <= 3 && q < e && *q == ']';
}

/* iperf 2's rule between its header lines: 60 '-' (Settings.cpp's
 * separator_line); at least IPERF_RULE of them in a row at p. */
#define IPERF_RULE 40
static int iperf_rule(const char *p, const char *e)
{
    const char *q = p;
    while (q < e && *q == '-')
        q++;
    return q - p >= IPERF_RULE;
}

/* Where a line of the tool's would start for a label at p of the line
 * [s, e), or NULL when p starts none: after a blank, a digit or a
 * closing bracket; a long label starting upper-case also glued after a
 * lower-case letter. An L_NUMBER label starts at its number. iperf 2's
 * rule glued to the line before it ("(default)-----...") starts one,
 * and so does a stream id glued to the rule's end ("-----[  3] local"). */
static const char *cut_at(const char *s, const char *p, const char *e)
{
    if (p > s && p[-1] != '-' && p[-1] != ' ' && p[-1] != '\t' &&
        iperf_rule(p, e))
        return p;
    if (p - s >= IPERF_RULE && stream_id(p, e) &&
        iperf_rule(p - IPERF_RULE, p))
        return p;
    const lost_label *l = label_at(p, e);
    if (!l && !stream_id(p, e))
        return NULL;
    /* "====== GET ======": the opening bar, not the closing one */
    if (l && l->s[0] == '`')
        return p; /* a fence glued to the report's last line */
    if (p == s)
        return NULL;
    if (l && (l->flags & L_NUMBER)) {
        const char *q = p;
        while (q > s && (q[-1] == ' ' || q[-1] == '\t' ||
                         (q - s >= 2 && (unsigned char)q[-2] == 0xC2 &&
                          (unsigned char)q[-1] == 0xA0)))
            q -= q[-1] == ' ' || q[-1] == '\t' ? 1 : 2;
        const char *n = q;
        while (n > s && (is_digit(n[-1]) || n[-1] == '.' || n[-1] == '+'))
            n--;
        /* after a blank, or glued to a word ("milliseconds170183.80
         * requests per second") */
        if (n == q || !is_digit(*n) ||
            (n > s && n[-1] != ' ' && n[-1] != '\t' && !is_lower(n[-1])))
            return NULL;
        return n;
    }
    char b = p[-1];
    if (b == ' ' || b == '\t' || is_digit(b) || b == ')' || b == ']' ||
        b == '.')
        return p;
    if (l && is_lower(b) && *p >= 'A' && *p <= 'Z' && l->n >= 12)
        return p;
    return NULL;
}

/* A "NN%" row of a piece after an L_ROWS label: at p, after blanks. */
static int row_at(const char *s, const char *p, const char *e)
{
    if (p == s || !is_digit(*p) || is_digit(p[-1]) || p[-1] == '.')
        return 0;
    const char *q = p;
    while (q < e && (is_digit(*q) || *q == '.'))
        q++;
    return q - p <= 6 && q < e && *q == '%' && q + 1 < e &&
           (q[1] == ' ' || q[1] == '\t') && (p[-1] == ' ' || p[-1] == '\t');
}

/* 1 when the line [s, e) starts (after blanks and mail quotes) with one
 * of the tools' line starts: a label, or an L_NUMBER label's number
 * ("16+0 records in", "16+0\xC2\xA0enregistrements lus"). */
static int starts_with_label(const char *s, const char *e)
{
    const char *p = s;
    while (p < e && (*p == ' ' || *p == '\t' || *p == '>'))
        p++;
    const lost_label *l = p < e ? label_at(p, e) : NULL;
    if (l)
        return !(l->flags & L_NUMBER);
    const char *q = p;
    while (q < e && (is_digit(*q) || *q == '.' || *q == '+'))
        q++;
    if (q == p)
        return 0;
    while (q < e && (*q == ' ' || *q == '\t' ||
                     (e - q >= 2 && (unsigned char)q[0] == 0xC2 &&
                      (unsigned char)q[1] == 0xA0)))
        q += *q == ' ' || *q == '\t' ? 1 : 2;
    l = q < e ? label_at(q, e) : NULL;
    return l && (l->flags & L_NUMBER);
}

/* The number of tool line starts the line [s, e) holds (its cuts; an
 * L_NUMBER label's number at the very start counts). A line shorter than
 * MIN_LINE counts only when it starts with one: dd's three lines joined
 * by `echo $(dd ...)`, "16+0 records in 16+0 records out 16777216 bytes
 * (17 MB, 16 MiB) copied, 0.0292518 s, 574 MB/s", are 97 bytes.
 * redis-benchmark's parser reads its own flattened reports ("======
 * SET ======  20000 requests completed in ...", parse_redis_benchmark.c),
 * more finely than these cuts could: a line holding one is left to it. */
static int cuts_of(const char *s, const char *e)
{
    if (e - s < MIN_SHORT ||
        (e - s < MIN_LINE && !starts_with_label(s, e)))
        return 0;
    const char *bar = bdb_memfind(s, (size_t)(e - s), "====== ");
    if (bar && bdb_memfind(bar, (size_t)(e - bar), "requests completed in"))
        return 0;
    int n = 0;
    for (const char *p = s + 1; p < e; p++)
        if (cut_at(s, p, e))
            n++;
    return n;
}

int bdb_uw_tool_line_start(const char *s, const char *e)
{
    const char *p = s;
    while (p < e && (*p == ' ' || *p == '\t' || *p == '>'))
        p++;
    return starts_with_label(s, e) || (p < e && stream_id(p, e));
}

static int is_json(const bdb_uw_view *v)
{
    const char *p = v->p, *e = v->p + v->len;
    while (p < e && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    return p < e && (*p == '{' || *p == '[');
}

int bdb_uw_lost_breaks_seen(const bdb_uw_view *v)
{
    if (is_json(v))
        return 0;
    bdb_uw_view w = {v->p, bdb_uw_look(v), NULL};
    size_t pos = 0;
    const char *s, *e;
    while (bdb_uw_next_line(&w, &pos, &s, &e))
        if (cuts_of(s, e) >= MIN_CUTS)
            return 1;
    return 0;
}

/* Puts [s, e) without its surrounding blanks as a line of its own. */
static int put_piece(bdb_uw_text *out, const char *s, const char *e,
                     int from)
{
    while (s < e && (*s == ' ' || *s == '\t'))
        s++;
    while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
        e--;
    if (s == e)
        return BDB_OK;
    if (bdb_uw_put(out, s, (size_t)(e - s)))
        return BDB_ENOMEM;
    return bdb_uw_end_line(out, from);
}

static int cut_line(bdb_uw_text *out, const char *s, const char *e,
                    int from)
{
    const char *piece = s;
    int rows = 0;
    for (const char *p = s + 1; p < e; p++) {
        const char *c = cut_at(s, p, e);
        int row = !c && rows && row_at(s, p, e);
        if (!c && !row)
            continue;
        if (!c)
            c = p;
        if (c > piece && put_piece(out, piece, c, from))
            return BDB_ENOMEM;
        piece = c;
        if (!row) {
            const lost_label *l = label_at(p, e);
            rows = l && (l->flags & L_ROWS);
        }
        /* the row's figure is its own: skip past the percentage */
        while (p + 1 < e && p[1] != ' ' && p[1] != '\t')
            p++;
    }
    return put_piece(out, piece, e, from);
}

int bdb_uw_lost_breaks_pass(const bdb_uw_view *v, bdb_uw_text *out)
{
    size_t pos = 0, i = 0;
    const char *s, *e;
    while (bdb_uw_next_line(v, &pos, &s, &e)) {
        int from = bdb_uw_line_at(v, i++);
        const char *t = e > s && e[-1] == '\r' ? e - 1 : e;
        int rc = cuts_of(s, t) >= MIN_CUTS
                     ? cut_line(out, s, t, from)
                     : bdb_uw_put(out, s, (size_t)(e - s)) ||
                           bdb_uw_end_line(out, from);
        if (rc)
            return BDB_ENOMEM;
    }
    return BDB_OK;
}

/* ---- Markdown backslash escapes ---- */

/* A page converted to Markdown by an editor escapes the characters
 * Markdown would read as markup: ab's "Time per request: 6316.40 \[ms\]
 * (mean)", "\[url\]http://...\[/url\]", "\#", "\*", "\_". The escapes
 * go when two lines of the look hold an escaped "\[" closed by "\]" on
 * the same line; only those five characters are unescaped, so that a
 * path's or a regular expression's other backslashes stay. */
static int md_escape_at(const char *s, const char *p, const char *e)
{
    if (*p != '\\' || p + 1 >= e || !strchr("[]*_#", p[1]) || p[1] == '\0')
        return 0;
    size_t n = 0;
    while (p - n > s && p[-1 - (ptrdiff_t)n] == '\\')
        n++;
    return (n & 1) == 0;
}

static int md_escaped_pair(const char *s, const char *e)
{
    for (const char *p = s; p + 1 < e; p++)
        if (md_escape_at(s, p, e) && p[1] == '[')
            for (const char *q = p + 2; q + 1 < e; q++)
                if (md_escape_at(s, q, e) && q[1] == ']')
                    return 1;
    return 0;
}

int bdb_uw_md_escapes_seen(const bdb_uw_view *v)
{
    if (is_json(v))
        return 0;
    bdb_uw_view w = {v->p, bdb_uw_look(v), NULL};
    size_t pos = 0;
    int n = 0;
    const char *s, *e;
    while (n < 2 && bdb_uw_next_line(&w, &pos, &s, &e))
        n += md_escaped_pair(s, e);
    return n >= 2;
}

int bdb_uw_md_escapes_pass(const bdb_uw_view *v, bdb_uw_text *out)
{
    size_t pos = 0, i = 0;
    const char *s, *e;
    while (bdb_uw_next_line(v, &pos, &s, &e)) {
        int from = bdb_uw_line_at(v, i++);
        const char *run = s;
        for (const char *p = s; p < e; p++) {
            if (!md_escape_at(s, p, e))
                continue;
            if (bdb_uw_put(out, run, (size_t)(p - run)))
                return BDB_ENOMEM;
            run = p + 1; /* the escaped character starts the next run */
            p++;
        }
        if (bdb_uw_put(out, run, (size_t)(e - run)) ||
            bdb_uw_end_line(out, from))
            return BDB_ENOMEM;
    }
    return BDB_OK;
}
