/* ingest.h - the parser interface, the registry of parsers, content
 * detection, and the one entry point that turns a buffer into samples.
 *
 * A parser reads one buffer and emits normalized samples; it owns no I/O
 * and knows no SQL. Adding a tool means writing parse_<tool>.c with a
 * bdb_parser and a record in tool_records.c (tool.h), listed once in
 * tool_list.h. */
#ifndef BDB_INGEST_H
#define BDB_INGEST_H

#include <stddef.h>

#include "../common/bdb_diag.h"
#include "../common/bdb_error.h"
#include "../common/bdb_sample.h"
#include "../common/bdb_units.h"
#include "summary.h"

typedef struct bdb_parse_opts {
    const char *source_name;  /* the file's path, for fallback names */
    const char *benchmark;    /* a benchmark name the user gave, or NULL */
    int forced;               /* 1 when the user named the tool (--tool):
                                 fragments such as a bare table row are
                                 accepted then */
    const char *time_format;  /* GNU time -f/--format string the log was
                                 written with (--time-format), or NULL */
} bdb_parse_opts;

typedef struct bdb_parser {
    const char *name;   /* "fio", "openssl-speed", ... */
    int version;        /* bumped whenever what the parser emits changes */
    /* 0..100: how sure the parser is that buf is its tool's output. */
    int (*sniff)(const char *buf, size_t len);
    /* Emits samples into out. On failure returns a BDB_E* code with the
     * line and what was expected in diag; the caller discards out. */
    int (*parse)(const char *buf, size_t len, const bdb_parse_opts *opts,
                 bdb_sink *out, bdb_diag *diag);
    /* 1 when the tool prints JSON: its sniffer sees the whole buffer. The
     * sniffers of text-only tools (0) are not run over large whole JSON
     * objects, where no line of theirs can be (json_extent.h). */
    int reads_json;
    /* 1 when a sniff of BDB_SNIFF_WHOLE or more says the file is this
     * format alone (benchdb's results CSV, whose first line names its
     * columns): no other sniffer then reads it. A tool's log can hold
     * other tools' output; such a format cannot. */
    int whole_file;
    /* 1 when a run whose log ends before its figures (a cut log) is
     * imported as its trace alone: a file of such runs does not fail */
    int keeps_cut_runs;
} bdb_parser;

/* A sniff score at or above this makes a parser run on a file. */
#define BDB_SNIFF_THRESHOLD 50
#define BDB_SNIFF_WHOLE 90

/* All parsers, NULL-terminated. */
const bdb_parser *const *bdb_parsers(void);
/* The parser called name, or NULL. */
const bdb_parser *bdb_parser_find(const char *name);

/* iperf3 summary rows kept without their "[ID]", Interval and Transfer
 * columns ("385 Mbits/sec  0  sender" under "Bitrate  Retr"): lines
 * first..last, and the header line above them (0: none). 1 if any. No
 * tool reads them (their rate has no interval), and a file of them
 * alone says where they are (iperf3_text.c). */
int bdb_iperf3_headless_rows(const char *buf, size_t len, int *first,
                             int *last, int *header);

/* fio's key=value figures ("aggrb=1493.2MB/s", "bw=", "iops=", "minb=",
 * "maxb=") in a file no tool recognised: retyped by a writer outside
 * fio's report (a table comparing two builds), where no report line says
 * which job, group or direction they are of, nor how they were run. They
 * are not read (a column of the writer's would have to become a
 * parameter); the file's error names the first line that holds them:
 * *line, the first figure in quote, *count the figures on that line.
 * 1 if any (fio_retyped.c). */
int bdb_fio_retyped_figures(const char *buf, size_t len, int *line,
                            char *quote, size_t qsz, int *count);

typedef struct bdb_ingest_opts {
    const char *source_name;  /* for messages and fallback names */
    const char *tool;         /* force this parser; NULL: detect */
    /* The user's benchmark name: it names the figures whose log does not
     * say what was measured, and the files of the tool the options are
     * meant for (--tool's, the summary's; without either, tools whose
     * record says benchmark_from_user: time). Other tools' figures keep
     * their own names, and the file gets a BDB_NOTE_OPTION note. */
    const char *benchmark;
    int benchmark_from_path;  /* 1: benchmark is the file's own ({benchmark}
                                 in the path): it applies whatever the tool */
    const bdb_params *params; /* added to every sample that lacks the key */
    const char *time_format;  /* see bdb_parse_opts */
    int strict;               /* 1: any warning fails the file */
    int unread_account;       /* 1: warn at each line with numbers that
                                 gave no figure (unread.h) */
    const bdb_summary_opts *summary; /* hand-grepped summary lines instead
                                 of a tool's output (see summary.h); a
                                 file that a tool's sniffer recognises is
                                 read as that tool's, with a note. The
                                 summary's figures are named by the
                                 pattern's {benchmark}, else benchmark,
                                 else the tool (never the file name: files
                                 of one run merge, and the merge check
                                 says so) */
    int meta_notes;           /* 1: the parameters that left the series'
                                 identity (canon.h) are kept as info
                                 notes of the file, so the store keeps
                                 them with the source */
    struct bdb_refs *keep_refs; /* NULL, or where the file's series refs
                                 (bdb_sample.ref) move at the end instead
                                 of being freed: a consumer that kept the
                                 samples hands them on later with their
                                 refs (the caller frees it with
                                 bdb_refs_free). Only the first
                                 BDB_REFS_FULL series' refs stay valid
                                 (bdb_refs.h) */
} bdb_ingest_opts;

/* Detects the tool(s) in buf (or uses opts->tool), parses, fills in
 * sample->tool, missing benchmark names and user parameters, and numbers
 * repetitions of the same series in file order. Several tools in one file
 * (`time dd ...` prints both) are all parsed.
 *
 * What could not be read is a warning (a note at its line) and the rest
 * is kept: a parser that stops part-way keeps the figures before its stop.
 * Only a file that yields no figure at all fails: BDB_EUNKNOWN when no
 * parser recognises the content, BDB_EPARSE when none read a figure (the
 * first parser's reason in diag), and with opts->strict any warning fails
 * the file. tools_out (may be NULL) receives the "dd+time"-style names of
 * the parsers that read figures. */
int bdb_ingest_buffer(const char *buf, size_t len, const bdb_ingest_opts *opts,
                      bdb_sink *out, char *tools_out, size_t tools_sz,
                      bdb_diag *diag);

/* Writes the samples of sink in the golden ".expected" format, one per
 * line: line<TAB>tool<TAB>benchmark<TAB>metric<TAB>params<TAB>value<TAB>unit
 * <TAB>better<TAB>repetition[<TAB>@platform]. Value is printed with %.10g;
 * the platform column is there only for samples that name one. */
void bdb_sample_format(const bdb_sample *s, char *out, size_t outsz);

#endif
