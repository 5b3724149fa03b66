/* test_util.h - helpers the cmocka tests share: fixture paths, parsing a
 * sample through the public ingest interface, running the benchdb binary. */
#ifndef BDB_TEST_UTIL_H
#define BDB_TEST_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "../common/bdb_buf.h"
#include "../ingest/ingest.h"
#include "../store/store.h"
#include "../report/analysis/model.h"

/* BDB_SOURCE_DIR "/" rel, in a static buffer (one at a time). */
const char *tu_path(const char *rel);

/* Reads a file under the source tree into a malloc'd NUL-terminated string;
 * fails the test if it cannot. */
char *tu_read(const char *rel, size_t *len);

/* Parses the sample rel (under the source tree) with tool (NULL: detect)
 * into sink; returns the bdb_ingest_buffer code. */
int tu_parse_file(const char *rel, const char *tool, bdb_sink *sink,
                  bdb_diag *diag);
/* The same on an in-memory string. */
int tu_parse_text(const char *text, const char *tool, bdb_sink *sink,
                  bdb_diag *diag);

/* The first sample with this metric whose benchmark equals benchmark (NULL:
 * any) and whose params contain every "k=v" of params_csv (NULL: any). */
const bdb_sample *tu_find(const bdb_sink *sink, const char *benchmark,
                          const char *metric, const char *params_csv);
/* Counts samples with this metric (NULL: all). */
size_t tu_count(const bdb_sink *sink, const char *metric);

/* Asserts that the sample exists and its value is within rel_tol. */
#define tu_assert_value(sink, bench, metric, params, expected, rel_tol)      \
    do {                                                                     \
        const bdb_sample *s_ = tu_find((sink), (bench), (metric), (params)); \
        if (!s_)                                                             \
            fail_msg("no sample %s/%s [%s]", (bench) ? (bench) : "*",        \
                     (metric), (params) ? (params) : "");                    \
        double e_ = (expected);                                              \
        double tol_ = (rel_tol) * (e_ < 0 ? -e_ : e_);                       \
        if (s_->value < e_ - tol_ || s_->value > e_ + tol_)                  \
            fail_msg("%s: got %.10g, expected %.10g", (metric), s_->value,   \
                     e_);                                                    \
    } while (0)

/* Asserts |got - want| <= rel * |want|, naming what. */
void tu_assert_close(double got, double want, double rel, const char *what);

/* 1 if s holds a warning at line (0: any) whose text contains needle. */
int tu_has_warning(const bdb_sink *s, int line, const char *needle);
/* How many warnings (not infos) s holds. */
size_t tu_count_warnings(const bdb_sink *s);
/* The line of the first figure with this metric and params (as tu_find);
 * fails the test when there is none. */
int tu_line_of(const bdb_sink *s, const char *metric, const char *params);

/* Parses the file rel (or the text) with tool (NULL: detect) into s, which
 * it initialises, as an import does: with the unread-figure account (the
 * same as tu_file_accounted / tu_text_accounted); fails the test on any
 * error, naming file and line. */
void tu_parse_ok(const char *rel, const char *tool, bdb_sink *s);
void tu_text_ok(const char *text, const char *tool, bdb_sink *s);
/* As tu_text_ok / tu_parse_ok, with the unread-figure account of an
 * import (s->unread_lines, a warning at each line with numbers not
 * read). */
void tu_text_accounted(const char *text, const char *tool, bdb_sink *s);
void tu_file_accounted(const char *rel, const char *tool, bdb_sink *s);

/* Parses the file rel, or text when rel is NULL, with tool (NULL: detect)
 * and asserts that it fails at line (0: any line) with a message that
 * contains needle (NULL: any message). */
void tu_expect_error(const char *rel, const char *text, const char *tool,
                     int line, const char *needle);

/* Parses the file rel, or text when rel is NULL, with tool (NULL: detect)
 * and asserts that it parses, keeping at least min_figures figures, with
 * a warning at line (0: any line) that contains needle (NULL: any). */
void tu_expect_warning(const char *rel, const char *text, const char *tool,
                       size_t min_figures, int line, const char *needle);

/* A copy of text with the first from replaced by to (the caller frees);
 * fails the test when from is not there. */
char *tu_replace(const char *text, const char *from, const char *to);

/* A copy of the first nlines lines of text, each with its newline (the
 * caller frees); fails the test when text has fewer. */
char *tu_first_lines(const char *text, int nlines);
/* text with each line longer than width broken at its last blank before
 * width, as a page or a mail re-flows it (the caller frees). */
char *tu_reflow(const char *text, size_t width);

/* A copy of text with count copies of line inserted before the first
 * before (the caller frees); fails the test when before is not there. */
char *tu_insert_lines(const char *text, const char *before, const char *line,
                      size_t count);

/* The PostgreSQL URL base with its database (the path after host[:port])
 * replaced by name, into out. */
void tu_url_with_db(const char *base, const char *name, char *out, size_t n);

/* A new empty database on the PostgreSQL server of base, named after
 * prefix, this process and a count; its URL into out. */
void tu_pg_new_database(const char *base, const char *prefix, char *out,
                        size_t n);

/* The (source, platform) pairs where source_platforms (schemas/011,
 * schemas/pg/012) and the results disagree: a pair of rows whose sum is
 * not the pair's count of results, or a pair of results without a row.
 * One statement for SQLite and PostgreSQL (no double quotes: psql -c). */
#define TU_SQL_SOURCE_PLATFORMS_WRONG                                        \
    "SELECT (SELECT count(*) FROM (SELECT source_id AS s, "                  \
    "coalesce(platform_id, 0) AS p, sum(results) AS n FROM "                 \
    "source_platforms GROUP BY source_id, coalesce(platform_id, 0)) a "      \
    "WHERE a.n <> (SELECT count(*) FROM results r WHERE r.source_id = a.s "  \
    "AND coalesce(r.platform_id, 0) = a.p)) + (SELECT count(*) FROM "        \
    "(SELECT DISTINCT source_id AS s, coalesce(platform_id, 0) AS p FROM "   \
    "results) b WHERE NOT EXISTS (SELECT 1 FROM source_platforms x WHERE "   \
    "x.source_id = b.s AND coalesce(x.platform_id, 0) = b.p))"

/* Opens a store in a new temporary folder, whose path goes into dir. */
bdb_store *tu_fresh_store(char *dir, size_t dirsz);
/* Writes text to dir/name and imports it into st; fails on any error. */
void tu_import_text(bdb_store *st, const char *dir, const char *name,
                    const char *text);

/* A source stored in pieces, end to end on st's back-end: the real ab run
 * of samples/ab/bin-keepalive-c4.txt repeated past 4 MiB (a log ab
 * appended to, run after run) is imported (dir holds the file) with
 * pieces of 4 KiB (bdb_store_set_piece_bytes: it compresses to some
 * 80 KB, many pieces), loads back byte for byte, reparses to 40 figures a
 * run, and copied into to loads back byte for byte there. Returns its id
 * in st (pieces at the megabyte again). */
long long tu_source_in_pieces_round_trip(bdb_store *st, const char *dir,
                                         bdb_store *to);

/* A window of a large source's lines is read from the point before it
 * (a full flush about every megabyte, at a line's start), each window the
 * log's own lines, across points and at the end; a small source is cut
 * whole. The real ab run (samples/ab/bin-keepalive-c4.txt) repeated past
 * 6 MiB with a number in each copy is imported into st (the file in dir),
 * then the run alone; their ids into ids. */
void tu_source_windows(bdb_store *st, const char *dir, long long ids[2]);
/* The large source's windows again (id: ids[0] of tu_source_windows). */
void tu_source_windows_again(bdb_store *st, long long id);

/* A stored trace point, kept as text to compare and as a row to check;
 * series is "tool/benchmark/metric/params". */
typedef struct tu_pt {
    char series[240], what[32], label[32];
    int repetition, line;
    long long seq, source;
    double start, end, value;
} tu_pt;

typedef struct tu_pts {
    tu_pt v[512];
    int n;
} tu_pts;

/* The trace points of source (0: all) of st, in the store's order, into
 * p; fails the test on an error or past p's room. */
void tu_points_of(bdb_store *st, long long source, tu_pts *p);

/* An iperf interval line, "[  2] 0.0000-1.0000 sec   430 MBytes  3.61
 * Gbits/sec" (iperf 2 or 3), read by hand: the stream ("2", "SUM"), the
 * interval, the transfer in bytes and the rate in bit/s; fails the test
 * on any other line. */
void tu_iperf_interval_line(const char *line, char *id, double *a,
                            double *b, double *bytes, double *bps);

/* Line n (1-based) of text into out, cut to outsz; fails the test when
 * text has fewer lines. */
void tu_text_line(const char *text, int n, char *out, size_t outsz);

/* Every point of p stands on an iperf interval line of text whose
 * interval, stream, rate and transfer it holds: a stream's point on its
 * stream=N series when the run has more than one stream, the [SUM]'s on
 * the run's; in line order, seq 1, 2, ... per series, repetition 1;
 * interval_lines lines read in all. */
void tu_check_iperf_points(const tu_pts *p, const char *text,
                           int interval_lines, int streams);

/* Runs the benchdb binary with a shell command line appended to its path
 * ("--db X import ..."); captures stdout+stderr into out (may be NULL) and
 * returns the exit status. */
int tu_run(bdb_buf *out, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Runs cmd with /bin/sh -c in a child whose file size limit is
 * fsize_blocks blocks of 512 bytes (< 0: unchanged) and whose signals are
 * as this process has them; its stdout and stderr into out (emptied
 * first). Returns its wait status. */
int tu_shell_limited(const char *cmd, long fsize_blocks, bdb_buf *out);

/* Runs the benchdb binary with the arguments argv (NULL-terminated, the
 * program's name not among them) in a child forked from this process, its
 * standard output read whole and the first outsz - 1 bytes kept in out
 * (NUL-terminated; out NULL: output to /dev/null); asserts that it exits
 * 0 and that its peak RSS (wait4) is at most bound_mb, printing it, what
 * naming the run in the failure ("importing a 200 MB file"). Under ASan
 * the child keeps a small quarantine, so that the bound measures the
 * program, not the sanitizer. */
void tu_run_within(int bound_mb, const char *what, char *out, size_t outsz,
                   const char *const *argv);

/* Reads up to n bytes a forked child pid writes to fd (its end of a
 * pipe), closes fd, waits for the child and asserts that it exited 0;
 * returns how many bytes came. */
size_t tu_child_bytes(int pid, int fd, void *buf, size_t n);

/* Calls fn for every file in the folders of samples/ and their
 * sub-folders (hidden entries left out) with the tool's folder ("fio"),
 * the file's name within it ("x.json", "sub/x.json") and the path
 * relative to the source tree ("samples/fio/x.json"); returns how many it
 * saw. */
size_t tu_each_sample(void (*fn)(const char *dir, const char *name,
                                 const char *rel, void *ctx),
                      void *ctx);

/* Cross-checks a golden file against the raw log without running any
 * parser: asserts that line `line` of rel (a file under samples/) contains
 * `printed` verbatim, as the tool printed it, and that rel's ".expected"
 * file holds a figure at that line with this metric (and benchmark, when
 * not NULL) whose value is within 1e-6 relative of value: the printed
 * figure converted to the canonical unit by hand in the test. */
void tu_crosscheck(const char *rel, int line, const char *printed,
                   const char *benchmark, const char *metric, double value);

/* Makes a fresh temporary directory and returns its path (static). */
const char *tu_tmpdir(void);

/* The efficiency figures and match (when match is not NULL) of cell c of
 * model m (bdb_cell_efficiency); fails the test for a cell of no series. */
bdb_efficiency tu_cell_eff(const bdb_model *m, const bdb_cell *c,
                           bdb_match *match);

/* The figure of this metric and params (as tu_find) in s, parsed from
 * text, stands on a line of text that prints `printed`, and its value is
 * want (relative tolerance rel): a figure cross-checked against the raw
 * text alone. */
void tu_assert_printed(const char *text, const bdb_sink *s, const char *metric,
                       const char *params, const char *printed, double want,
                       double rel);

/* The trace points of a parse (interval lines are points, not samples):
 * line, quantity (trace->what) and value, the first 64. */
typedef struct tu_points {
    int n;
    struct {
        int line;
        char what[64];
        double v;
    } p[64];
} tu_points;

/* Parses text as tool into s (samples dropped, notes kept) and its trace
 * points into k; fails the test on an error. */
void tu_parse_points(const char *text, const char *tool, bdb_sink *s,
                     tu_points *k);

/* The value of the point of quantity what at line, or NULL. */
const double *tu_point_at(const tu_points *k, int line, const char *what);

/* A point a test expects: its line, quantity and value. */
typedef struct tu_point_want {
    int line;
    const char *what;
    double v;
} tu_point_want;

/* Fails the test unless each of want[0..n) is a point of k (relative
 * tolerance 1e-12). */
void tu_assert_points(const tu_points *k, const tu_point_want *want, size_t n);

#endif
