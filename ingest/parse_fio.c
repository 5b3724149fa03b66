/* parse_fio.c - fio (flexible I/O tester) output: JSON and json+
 * (fio_json.c), the normal text output of fio 1.x/2.x/3.x and the terse
 * (--minimal) lines of versions 2..5 (fio_text.c). This file holds only
 * the bdb_parser entries: it sniffs and dispatches; fio_common.c turns
 * what the readers collected into samples.
 *
 * Units, from fio's stat.c (show_ddir_status, add_ddir_status_json,
 * show_ddir_status_terse) and HOWTO ("Normal output", "Terse output",
 * "JSON output"):
 *  - JSON "bw", "bw_min/max/mean/dev" are KiB/s (1024 B/s); "bw_bytes" is
 *    B/s (used when present, it is the exact figure "bw" is rounded from);
 *    "iops" op/s; "runtime" ms; "io_bytes" is bytes when "io_kbytes" is
 *    also printed (fio 2.99+), and KiB in older versions (fio 2.x printed
 *    `io_bytes >> 10`); "slat_ns/clat_ns/lat_ns" are ns, the older
 *    "slat/clat/lat" are usec. "percentile" maps are of completion latency
 *    (clat) unless lat_percentiles=1 moved them to "lat_ns". json+ "bins"
 *    are histograms: not stored.
 *  - Text 3.x: `read: IOPS=47.2k, BW=184MiB/s (193MB/s)(553MiB/3001msec)`:
 *    IOPS with SI suffixes (k = 1000); BW printed twice, binary and SI: the
 *    binary one is used and the SI one must agree within rounding; io in
 *    binary units; latency lines name their unit "(nsec|usec|msec)" and may
 *    carry SI suffixes ("max=12.3k"); `bw (  KiB/s)` lines are KiB/s.
 *  - Text 1.x/2.x: `read : io=1024.0MB, bw=51041KB/s, iops=12760,
 *    runt= 20544msec`: with the default kb_base=1024 fio 2.x's num2str
 *    prints powers of 1024 as "KB", "MB" (HOWTO: kb_base, "compatibility
 *    mode"), so KB/s here is KiB/s; `bw (KB/s)` likewise.
 *  - Terse: io in KiB, bw KiB/s (bytes per ms before fio 2.0.8, see
 *    fio_text.c terse_bw_unit), iops op/s, runtime ms, latencies usec,
 *    percentiles "P%=usec" (completion latency).
 *  - Job options (JSON "job options"/"global options") are fio input
 *    syntax: with kb_base=1024 (the default) k/m/g and kB/MB mean powers of
 *    1024 and KiB/MiB powers of 1000 (HOWTO: kb_base); kb_base=1000 swaps
 *    them. Time options default to seconds.
 *
 * Samples: benchmark = job name. Per job and direction (param direction =
 * read/write/trim/mixed): iops, bandwidth (B/s), io_bytes (B), runtime (s),
 * slat_/clat_/latency_ min/max/mean/stdev (s; latency = fio's total "lat"),
 * clat_pNN (or latency_pNN with lat_percentiles; p99_9 = 99.9th), bandwidth_
 * and iops_ min/max/mean/stdev (fio's per-interval samples) with
 * bandwidth_share (% of the group's, "per="/"bw_agg"), bandwidth_samples,
 * iops_samples; total_ios, short_ios, dropped_ios and <lat>_samples ("N")
 * (JSON); zone_resets, cache_hit. Per job: cpu_usr, cpu_sys (%),
 * context_switches, page_faults_major/minor, errors (continue_on_error
 * count); sync_latency_* and
 * sync_total_ios for fsync blocks; job_elapsed, job_runtime (JSON).
 * "Run status group" rows: group_bandwidth (aggregate B/s),
 * group_bandwidth_min/max (slowest and fastest job), group_io_bytes,
 * group_runtime and group_runtime_min (longest and shortest job's run, s)
 * per direction. "Disk stats": disk_util (%), disk_{read,write}_{ios,
 * sectors,merges,ticks} (ticks in s), disk_in_queue (s), and an md/dm
 * device's slaves' average as disk_aggr_*, with param device. None of
 * these is a figure of merit (tool_records.c). JSON numbers that give no
 * figure are warned at their line (fio_json.c). Group and disk figures take the
 * benchmark and job parameters of their run's job when all its jobs share
 * one name, else none (the file name then names them).
 *
 * Parameters: rw, block_size (bytes; per direction in text output; the
 * option text when it is a range or list), iodepth, ioengine, numjobs,
 * direct, size (bytes), runtime (seconds), rwmixread - as printed by fio:
 * text output shows rw/bs/ioengine/iodepth only, JSON only the options the
 * user set. size and runtime are kept in the series identity on purpose: a
 * 64 MiB file that fits the page cache and a 3 s run are different
 * measurements from a 100 GiB file and an hour. numjobs>1 without
 * group_reporting prints one result per clone: each gets param job=0..N-1
 * (fio's clone order) so clones are not mistaken for repetitions;
 * group_reporting's summed result has no job param. Client/server output
 * adds host only when several hosts report. Several runs in one file become
 * repetitions.
 *
 * A fio command line in the capture ("$ fio --name=x --rw=read --bs=4k",
 * set -x's "+ fio ...", "C:\x>fio ...") gives the jobs printed after it
 * the parameters above (fio_common.c, read with fio's getopt rules); what
 * fio printed wins and a disagreement is warned about.
 *
 * --status-interval prints every job's cumulative result again at each
 * interval; an interim report is not a repetition of a finished job: only
 * the last report of a run is stored, the others get an info note
 * (bdb_fio_later_report says how they are told from repeated runs and
 * from clones). --output-format=json,normal / json,terse and normal,terse
 * print each report twice: the JSON's (or the normal block's) figures are
 * the run's, and the other rendering's are read too (issue 21: they were
 * silently left): a figure it repeats is a point of its series' trace
 * labelled "restated" at its own line (no interval, not a repetition),
 * one it adds (the text's group summary, which the JSON lacks) a figure.
 *
 * The parser contract: a line that cannot be read, an error line ("fio:
 * pid=..., err=..."), a job without results or a cut capture is a warning
 * at its line, and every complete figure is kept; parse() fails only when
 * out of memory (the ingest layer fails a file without any figure). */
#include "fio_internal.h"
#include "json_extent.h"
#include "../common/bdb_scan.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ---- sniffing ---------------------------------------------------------- */

static int has_terse(const char *buf, size_t len)
{
    bdb_lines it;
    bdb_line ln;
    int n = 0;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &ln) && n++ < 5000)
        if (bdb_fio_terse_start(ln.p, ln.end))
            return 1;
    return 0;
}

/* Text evidence is looked for line by line, in the places fio prints it
 * (a job header "name: (groupid=0, jobs=1): err= 0: ...", a line that
 * starts "Run status group"), so that prose or a table that merely
 * mentions these words is not taken for fio output. */
static int sniff(const char *buf, size_t len)
{
    if (bdb_fio_has_json(buf, len) && (bdb_memfind(buf, len, "\"jobs\"") ||
                                   bdb_memfind(buf, len, "\"client_stats\"")))
        return 100;
    int groupid = 0, runstat = 0, iops = 0, old_header = 0, runt = 0,
        group_rw = 0, job_rw = 0, failed = 0, group_line = 0, dir_only = 0;
    bdb_lines it;
    bdb_line l;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &l)) {
        const char *p = l.p, *e = l.end;
        bdb_trim(&p, &e);
        if (bdb_contains(p, e, "(groupid=") && bdb_contains(p, e, "): err="))
            groupid = 1;
        else if (bdb_contains(p, e, "(g=") && bdb_contains(p, e, "): err="))
            old_header = 1;
        if (bdb_starts_with(p, e, "Run status group "))
            runstat = 1;
        if (bdb_contains(p, e, "IOPS=") || bdb_contains(p, e, "iops="))
            iops = 1;
        if (bdb_contains(p, e, "runt="))
            runt = 1;
        if (bdb_starts_with(p, e, "READ: ") || bdb_starts_with(p, e, "WRITE: "))
            group_rw = 1;
        if (!group_line && bdb_fio_is_group_line(p, e))
            group_line = l.no;
        if (!group_line) {
            /* one hard-wrapped in two ("io=14" / "25GiB (1530GB), run=") */
            bdb_lines peek = it;
            bdb_line nx;
            bdb_wrapped w;
            bdb_wrapped_init(&w);
            if (bdb_lines_next(&peek, &nx) &&
                bdb_fio_group_joined(&w, p, e, nx.p, nx.end, nx.no) > 0)
                group_line = l.no;
            bdb_wrapped_free(&w);
        }
        /* a job's direction line alone ("read : io=141200KB, bw=4691.7KB/s,
         * iops=1172, runt= 30096msec", "write: IOPS=139k, BW=544MiB/s
         * (570MB/s)(...)"): a page that kept what `grep iops` gave */
        if (bdb_fio_direction_line(p, e) >= 0)
            dir_only++;
        if (bdb_contains(p, e, "(g=0): rw=") && bdb_contains(p, e, "ioengine="))
            job_rw = 1;
        if (bdb_starts_with(p, e, "fio: pid=") && bdb_contains(p, e, "err="))
            failed = 1;
    }
    if (groupid && (iops || runstat))
        return 100;
    if (old_header && runt)
        return 90;
    if (runstat && group_rw)
        return 90;
    if (has_terse(buf, len))
        return 90;
    if (job_rw)
        return 70;
    /* a group's whole status line alone ("READ: bw=.. (..), ..-.. (..),
     * io=.. (..), run=..-..msec"): a page that quotes the summary only */
    if (group_line)
        return 70;
    if (failed)
        return 60;
    if (dir_only)
        return 60;
    return 0;
}

/* The text beside the JSON documents of buf: a copy with each whole JSON
 * object blanked (its newlines kept, so lines stay), when that text holds
 * a fio report (a job's results, a group summary or a terse line); NULL
 * otherwise. [*from, *to] are the lines the objects span. */
/* 1 when [p, p + n), text outside the JSON, holds a fio report. */
static int report_in(const char *p, size_t n)
{
    return n && (bdb_memfind(p, n, "(groupid=") ||
                 bdb_memfind(p, n, "Run status group ") || has_terse(p, n));
}

static char *text_beside_json(const char *buf, size_t len, int *from, int *to)
{
    size_t off = 0, js, je;
    int report = 0;
    *from = *to = 0;
    /* first whether the text between the objects holds a report: a JSON
     * output alone (the usual case, and the largest) is not copied */
    while (!report && bdb_json_object_next(buf, len, off, &js, &je)) {
        report = report_in(buf + off, js - off);
        off = je;
    }
    if (!report && !(off && report_in(buf + off, len - off)))
        return NULL;
    char *t = malloc(len ? len : 1);
    if (!t)
        return NULL;
    memcpy(t, buf, len);
    int line = 1;
    size_t counted = 0;
    off = 0;
    while (bdb_json_object_next(buf, len, off, &js, &je)) {
        for (; counted < js; counted++)
            line += buf[counted] == '\n';
        if (!*from)
            *from = line;
        for (size_t i = js; i < je; i++)
            if (t[i] != '\n')
                t[i] = ' ';
            else
                line++;
        counted = je;
        *to = line;
        off = je;
    }
    return t;
}

static int parse(const char *buf, size_t len, const bdb_parse_opts *opts,
                 bdb_sink *out, bdb_diag *diag)
{
    (void)opts;
    fio_doc doc;
    memset(&doc, 0, sizeof doc);
    int rc;
    if (bdb_fio_has_json(buf, len)) {
        rc = bdb_fio_json_parse(buf, len, &doc, out, diag);
        /* the text beside the JSON repeats it (json,normal; json,terse):
         * read too, its reports restate the JSON's (fio_common.c) */
        int from, to;
        char *text = rc ? NULL : text_beside_json(buf, len, &from, &to);
        if (text) {
            doc.restate_from = doc.nrec + doc.n;
            rc = bdb_fio_text_parse(text, len, &doc, out, diag);
            free(text);
            if (rc == BDB_OK)
                rc = bdb_sink_cover(out, from, to);
        } else if (rc == BDB_OK) {
            rc = bdb_sink_cover(out, 1, INT_MAX);
        }
    } else
        rc = bdb_fio_text_parse(buf, len, &doc, out, diag);
    if (rc == BDB_OK)
        rc = bdb_fio_emit(&doc, out);
    bdb_fio_doc_free(&doc);
    if (rc && diag && !diag->message[0])
        bdb_diag_set(diag, rc, 0, "fio: %s", bdb_strerror(rc));
    return rc;
}

const bdb_parser bdb_parser_fio = {"fio", 2, sniff, parse, 1, 0, 0};
