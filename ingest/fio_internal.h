/* fio_internal.h - what the parts of the fio importer share.
 *
 * parse_fio.c holds only the bdb_parser entries (sniffing and dispatch);
 * fio_json.c reads JSON and json+, fio_text.c the normal and terse output;
 * fio_common.c holds the model below and its helpers. The readers call
 * fio_common.c only, never each other or parse_fio.c.
 *
 * Each reader collects "entries" (one per job result, per group summary
 * row set, per disk) holding figures; bdb_fio_emit then decides the
 * parameters that depend on the whole run (numjobs and the clone index of
 * numjobs>1 jobs, the owner of group and disk figures) and emits samples.
 * Readers add entries in file order, so runs are contiguous and lines
 * never decrease (bdb_fio_emit relies on it for one-pass walks).
 *
 * An entry is the readers' working form (about 4.5 KB: fixed-size names
 * and parameters); what the document keeps until its end is a compact
 * record of it (fio_rec: interned names, packed parameters, its figures),
 * made by bdb_fio_doc_pack. The JSON reader packs each job as soon as it
 * is read, so a document of 14,000 jobs holds records (about 150 bytes
 * and 24 per figure), not entries; the text reader, whose entries change
 * after they are made, is packed whole by bdb_fio_emit. */
#ifndef BDB_FIO_INTERNAL_H
#define BDB_FIO_INTERNAL_H

#include "ingest.h"
#include "wrapped.h"
#include "../common/bdb_strmap.h"

enum { FIO_DIR_NONE = -1, FIO_READ = 0, FIO_WRITE, FIO_TRIM, FIO_MIXED,
       FIO_NDIRS };

enum { FIO_ENTRY_JOB = 0, FIO_ENTRY_GROUP, FIO_ENTRY_DISK };

#define FIO_COL_MAX 16383

/* 24 bytes: a document of 14,000 jobs holds 630,000 of them until its
 * end, when clones are counted and the figures emitted. */
typedef struct fio_fig {
    const char *metric; /* interned in the document's names */
    double value;
    int line;
    unsigned unit : 5;  /* index in the document's units (FIO_MAX_UNITS) */
    signed int better : 2; /* a bdb_better */
    signed int dir : 3;    /* FIO_DIR_NONE: not per direction */
    unsigned col : 14;  /* bdb_sample.col (1 + the number's column in its
                           line), 0: unknown or past FIO_COL_MAX (a terse
                           line runs to 1,500 bytes) */
} fio_fig;

struct fio_doc;

/* The distinct units a document's figures may have (the readers use a
 * handful of BDB_UNIT_* constants): one more is refused, BDB_ERANGE. */
#define FIO_MAX_UNITS 32

typedef struct fio_entry {
    int kind;           /* FIO_ENTRY_* */
    char name[BDB_BENCHMARK_MAX]; /* job name; disk: device */
    int run;            /* which fio invocation in the file (0-based) */
    int group;          /* groupid */
    int line;           /* where the entry starts */
    int reported_jobs;  /* "jobs=N" of a group_reporting block, 0: unknown */
    int jobs_unknown;   /* terse: a single line may sum several jobs */
    int grouped;        /* group_reporting: one summed result, no clones */
    int partial;        /* its run's capture is cut: clones may be missing */
    int skipped;        /* a job that could not be read: no figures, but
                           it keeps its place among the clones */
    int aggregate;      /* client/server "All clients": the sum of every
                           job of the run (client.c handle_ts); its
                           parameters are those all its jobs share */
    bdb_params params;  /* rw, iodepth, ioengine, ... */
    /* As large as a parameter value: a text that does not fit fills the
     * field, and the sink refuses the figure with a warning (names are
     * never cut, see bdb_sample.h). */
    char block_size[FIO_NDIRS][BDB_PARAM_VALUE_MAX]; /* "" : unknown */
    char host[BDB_PARAM_VALUE_MAX]; /* client/server: the client's host */
    long pid;           /* normal output's "pid=N", 0: not printed */
    int from_terse;     /* read from a terse line */
    int dropped;        /* an interim report or a duplicate: not emitted */
    fio_fig *figs;
    size_t nfig, cap;
    struct fio_doc *doc; /* its document (set by doc_add) */
} fio_entry;

/* The records' figures, in the order they were packed: blocks mapped on
 * their own (not from the heap), so that each goes back to the system as
 * soon as its records are emitted, and the refs and store caches that grow
 * meanwhile do not pile up above the holes of freed figures. */
typedef struct fio_figblock {
    struct fio_figblock *next;  /* the next newer one */
    size_t size;                /* bytes mapped */
    size_t used, cap;           /* figures */
    fio_fig figs[];
} fio_figblock;

/* What the document keeps of an entry (see the top of this file). */
typedef struct fio_rec {
    const char *name;   /* interned in the document's names, like host and
                           block_size ("": unknown) */
    const char *host;
    const char *block_size[FIO_NDIRS];
    char *params;       /* packed (fio_common.c); NULL: none */
    fio_fig *figs;      /* in block; NULL once emitted */
    size_t nfig;
    fio_figblock *block;
    long pid;
    int kind, run, group, line, reported_jobs;
    unsigned jobs_unknown : 1, grouped : 1, partial : 1, skipped : 1,
        from_terse : 1, dropped : 1, aggregate : 1,
        restated : 1,   /* the same report printed again (normal,terse;
                           json,normal): its figures restate twin's */
        twin : 1;       /* a record another restates: figures kept */
    size_t twin_of;     /* restated: the record it repeats */
} fio_rec;

/* A fio command line found in the capture ("$ fio --name=x --rw=read"):
 * its options become parameters of the jobs printed after it. */
typedef struct fio_cmd {
    int line;
    int argc;
    char **argv;
} fio_cmd;

/* The name (bdb_fio_pct_name, "" when none) of the percentile key met at
 * one place of a latency object's map: fio prints the same list in every
 * job, so the JSON reader formats each name once. */
#define FIO_PCT_MEMO 64
#define FIO_PCT_NAME_MAX 24
typedef struct fio_pct_memo {
    char key[24];
    char name[FIO_PCT_NAME_MAX];
} fio_pct_memo;

typedef struct fio_doc {
    fio_entry *e;       /* entries not packed yet */
    size_t n, cap;
    fio_rec *r;         /* the packed ones, in file order */
    size_t nrec, reccap;
    fio_figblock *blocks, *last_block; /* the oldest, the newest */
    bdb_strmap names;   /* every metric, job, host and block size text once */
    const char *units[FIO_MAX_UNITS];
    int nunits;
    fio_pct_memo pct[FIO_PCT_MEMO];
    int runs;
    size_t restate_from; /* 0, or: the records from here on were read
                            from the text beside a JSON document, which
                            repeats it (json,normal) */
    fio_cmd *cmds;
    size_t ncmd, cmdcap;
} fio_doc;

const char *bdb_fio_dir_name(int dir);

/* Adds an entry (zeroed, kind/name/run/line set); NULL when out of memory. */
fio_entry *bdb_fio_doc_add(fio_doc *d, int kind, const char *name,
                       const char *name_end, int run, int line);
void bdb_fio_doc_free(fio_doc *d);
/* Moves the entries into records (in order) and empties d->e; BDB_ENOMEM
 * (then the entries not packed yet stay entries, none lost). */
int bdb_fio_doc_pack(fio_doc *d);

/* Adds a figure to e. BDB_ENOMEM on failure, BDB_ERANGE for a unit past
 * FIO_MAX_UNITS. */
int bdb_fio_fig_add(fio_entry *e, const char *metric, double value,
                const char *unit, bdb_better better, int line, int dir);

/* "99.900000" -> "p99_9"; writes "" for 0 or a malformed number. */
void bdb_fio_pct_name(double pct, char *out, size_t outsz);

/* Parses a size as fio's option parser reads it (k/m/g/t/p suffixes,
 * kb_base compat rules, see parse_fio.c). Returns 1 and sets *bytes. */
int bdb_fio_option_size(const char *p, const char *end, int kb_base,
                    double *bytes);
/* Parses a time option (default unit seconds). Returns 1 on success. */
int bdb_fio_option_time(const char *p, const char *end, double *secs);

/* Sets the standard job parameters from an option name/value pair
 * (rw, bs, iodepth, numjobs, ioengine, direct, size, runtime, rwmixread).
 * Unknown names are ignored. BDB_ERANGE when the parameter set is full. */
int bdb_fio_entry_option(fio_entry *e, const char *name, const char *value,
                         int kb_base);

/* If [p, end) is a command line that runs fio (a prompt, set -x, sudo,
 * time ... before it, see ingest/cmdline.h), records it for the jobs
 * that follow and returns 1; 0 when it is not; BDB_ENOMEM. */
int bdb_fio_doc_cmdline(fio_doc *d, const char *p, const char *end, int line);

/* Sums io_bytes and takes the longest runtime of an entry's directions;
 * 0 when the entry has none. */
double bdb_fio_entry_io(const fio_entry *e);
double bdb_fio_entry_runtime(const fio_entry *e);

/* 1 if entry b is a later cumulative (--status-interval) report of the
 * job entry a reports. */
int bdb_fio_later_report(const fio_entry *a, const fio_entry *b);
/* The job entries from index first on, all of run *run, hold the same
 * jobs reported several times: each report gets its own run (*run is set
 * to the last one used). Leaves them alone otherwise. */
void bdb_fio_split_reports(fio_doc *d, size_t first, int *run);

/* Turns the collected entries and records into samples (fio_common.c),
 * packing the entries first: applies the
 * command lines, drops interim --status-interval reports and duplicate
 * terse lines (with a note), numbers clones, emits. */
int bdb_fio_emit(fio_doc *d, bdb_sink *out);

/* The readers. */
int bdb_fio_json_parse(const char *buf, size_t len, fio_doc *doc, bdb_sink *out,
                   bdb_diag *diag);
int bdb_fio_text_parse(const char *buf, size_t len, fio_doc *doc, bdb_sink *out,
                   bdb_diag *diag);
/* The direction of a group status line "   READ: ..." (trimmed): FIO_READ
 * .. FIO_MIXED with *colon at its ':', or -1. */
int bdb_fio_group_dir(const char *p, const char *end, const char **colon);
/* 1 if [p, end) (trimmed) is a whole group status line as stat.c prints
 * it (3.x, or 1.x/2.x with aggrb=): fio's output even without its
 * "Run status group" header. */
int bdb_fio_is_group_line(const char *p, const char *end);
/* 1 when [p, end), a group line hard-wrapped before its end ("WRITE:
 * bw=.., io=14"), joined with the next line [np, nend) (printed on
 * nline) makes a whole group line, which is then in w; 0 when not,
 * BDB_ENOMEM. */
int bdb_fio_group_joined(bdb_wrapped *w, const char *p, const char *end,
                         const char *np, const char *nend, int nline);
/* The direction (FIO_READ..) of a job's direction line as stat.c prints
 * it, [p, end) trimmed: 1.x/2.x "read : io=141200KB, bw=4691.7KB/s,
 * iops=1172, runt= 30096msec" (iops= from 1.2x on), 3.x "write:
 * IOPS=139k, BW=544MiB/s (570MB/s)(...)"; -1 for any other line. */
int bdb_fio_direction_line(const char *p, const char *end);
/* 1 if [p, end) looks like a terse line (version 2..5). */
int bdb_fio_is_terse_line(const char *p, const char *end);
/* Where a terse record starts in [p, end): the line itself when it is a
 * terse line, else the first "3;fio-" .. "5;fio-" after a prefix (a
 * comment's prose, "# output version 3;fio-2.1.10;..."; "out=4;fio-")
 * from which the rest of the line is one; NULL when none. */
const char *bdb_fio_terse_start(const char *p, const char *end);
/* fio_markup.c: HTML tags at a line's ends and "==" highlight marks are
 * taken off (into buf when the line must change inside; 1 if anything
 * was); a name in angle brackets that is an HTML tag or an rw= word is an
 * author's label, not a client/server host. */
int bdb_fio_strip_markup(const char **p, const char **end, char *buf,
                         size_t bufsz);
int bdb_fio_is_label_tag(const char *name, size_t n);
/* 1 if buf holds a fio JSON document ("{" line then "fio version"). */
int bdb_fio_has_json(const char *buf, size_t len);

#endif
