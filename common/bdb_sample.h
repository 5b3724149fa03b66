/* bdb_sample.h - the normalized sample every parser emits, and the sink
 * that collects them.
 *
 * A sample is one figure read from a log: what was measured (benchmark),
 * which figure (metric), its value in the canonical unit (see bdb_units.h),
 * which direction is better, the parameters that identify the measurement,
 * and the 1-based line it came from. Parsers fill a base sample with the
 * run's benchmark and parameters once, then add one figure at a time with
 * bdb_sink_add(). */
#ifndef BDB_SAMPLE_H
#define BDB_SAMPLE_H

#include <stddef.h>

#include "bdb_ranges.h"

#define BDB_MAX_PARAMS 16
#define BDB_PARAM_KEY_MAX 32
#define BDB_PARAM_VALUE_MAX 160
#define BDB_BENCHMARK_MAX 256
#define BDB_METRIC_MAX 64
/* Room for bdb_params_format() of a full set. */
#define BDB_PARAMS_TEXT_MAX (BDB_MAX_PARAMS * (BDB_PARAM_KEY_MAX + BDB_PARAM_VALUE_MAX + 2))

typedef enum bdb_better {
    BDB_LOWER_IS_BETTER = -1,
    BDB_NEUTRAL = 0,          /* a count or a size that is neither */
    BDB_HIGHER_IS_BETTER = 1
} bdb_better;

typedef struct bdb_param {
    char key[BDB_PARAM_KEY_MAX];
    char value[BDB_PARAM_VALUE_MAX];
} bdb_param;

/* Parameters, kept sorted by key so that equal sets compare equal. */
typedef struct bdb_params {
    int n;
    int overflow;       /* a set that did not fit: a 17th key, or a key or
                           value over its size; see BDB_OVER_* */
    bdb_param kv[BDB_MAX_PARAMS];
} bdb_params;

/* What did not fit, in bdb_params.overflow and bdb_sample.overflow. A
 * figure with any of these set is never stored under a cut name (two cut
 * names would merge): the sink refuses it with a warning naming the
 * limit. */
#define BDB_OVER_PARAMS     0x01   /* more than BDB_MAX_PARAMS parameters */
#define BDB_OVER_KEY        0x02   /* a key of BDB_PARAM_KEY_MAX or more */
#define BDB_OVER_VALUE      0x04   /* a value of BDB_PARAM_VALUE_MAX or more */
#define BDB_OVER_BENCHMARK  0x08   /* a benchmark of BDB_BENCHMARK_MAX or more */
#define BDB_OVER_PLATFORM   0x10   /* a platform name of 64 bytes or more */
#define BDB_OVER_METRIC     0x20   /* a metric of BDB_METRIC_MAX or more */

/* The interned identity of a figure's series on its platform: one per
 * distinct (platform, tool, benchmark, metric, parameters) of a file, made
 * by the normalizer (ingest.c) and handed on with each of its figures
 * (bdb_sample.ref), so that what follows neither formats nor hashes the
 * identity again. It lives as long as the file's parse; the consumers
 * remember in it what they learned (the store's ids, the import's merge
 * check). */
typedef struct bdb_series_ref {
    const char *names;      /* platform \x1f tool \x1f benchmark \x1f
                               metric \x1f (the key less its parameters) */
    const char *params;     /* the parameters' text (bdb_params_format),
                               one copy per distinct text */
    unsigned long long hash;
    unsigned short series_at;   /* names + series_at: tool \x1f ... */
    unsigned short names_len;
    int repetition;         /* the last repetition given (ingest) */
    long long trace_points; /* the points of its trace given (ingest) */
    int cut_run;            /* its last points are of a run with no
                               figure, numbered as its own (ingest) */
    int tracked;            /* the import's merge check has it */
    int scratch;            /* 1: the refs table's scratch ref (bdb_refs.h),
                               another series' from the next figure on: a
                               consumer that keeps it keeps a copy */
    /* what the store found: valid for that store (owner) and while its
     * cache generation is unchanged; see store_cache.c */
    const void *owner;
    unsigned long long generation;
    long long series_id, platform_id;
    char unit[16];          /* the series' unit in the store */
} bdb_series_ref;

/* What makes a figure a point of a trace: an interval line, a stream's
 * or a thread's line under the run's figure (iperf intervals, wrk thread
 * rows). A trace point names the run's series in its sample (metric: the
 * run's figure, e.g. "throughput"); it is no series and no repetition of
 * its own, and the run's figure stays the result. */
typedef struct bdb_trace {
    double start, end;      /* the interval in seconds; NaN: not printed */
    char what[32];          /* the point's quantity: "throughput", "cwnd" */
    char label[32];         /* whose line: "stream 5", "thread", "" */
    long long seq;          /* 1, 2, ... per series in file order (ingest) */
} bdb_trace;

typedef struct bdb_sample {
    char tool[32];                      /* set by the ingest layer */
    char platform[64];                  /* "" : the source's platform */
    char benchmark[BDB_BENCHMARK_MAX];  /* "randread", "aes-256-cbc", "GET" */
    char metric[BDB_METRIC_MAX];        /* "iops", "requests_per_sec", "real" */
    double value;                       /* in the canonical unit */
    const char *unit;                   /* one of the BDB_UNIT_* strings */
    bdb_better better;
    int repetition;                     /* 1-based; 0: let ingest number it */
    int line;                           /* 1-based line in the source */
    int col;                            /* 1 + the byte column of the
                                           number in that line of the text
                                           the parser read, 0: unknown (a
                                           line unwrapped from several of
                                           the file's: ingest gives the
                                           figure the one it is printed
                                           on) */
    int overflow;                       /* BDB_OVER_* of the names */
    bdb_series_ref *ref;                /* set by ingest while a consumer
                                           takes the sample, else NULL */
    const bdb_trace *trace;             /* NULL: a figure of the run; else
                                           a point of the trace of the
                                           series (valid while taken) */
    bdb_params params;                  /* last: copies stop at params.n */
} bdb_sample;

/* Copies the used part of *src into *dst: the fields and src's
 * params.n parameters (a sample is 3.5 KB, most of it unused parameter
 * slots). The slots past params.n of *dst are left as they were. */
void bdb_sample_copy(bdb_sample *dst, const bdb_sample *src);
/* The same for a parameter set alone. */
void bdb_sample_copy_params(bdb_params *dst, const bdb_params *src);

/* A warning a parser found worth keeping (failed requests, an algorithm the
 * build lacks); stored with the source and shown in reports. */
typedef struct bdb_note {
    int line;
    int is_info;        /* 1: provenance (where a published figure came
                           from), not a warning; BDB_NOTE_OPTION: an
                           option of the command was not applied to the
                           file (said to the user, kept as info) */
    char text[512];     /* a longer message ends in "..." */
} bdb_note;

/* Where a sink's samples go. Without a consumer the sink keeps them
 * (samples, n). With one, each sample is handed on the moment it is
 * emitted and only counted in n, so memory does not grow with the file:
 * the import streams figures into the store this way. take returns 0 or a
 * BDB_E* code, which bdb_sink_emit returns. */
typedef struct bdb_sink_consumer {
    int (*take)(void *ctx, const bdb_sample *s);
    void *ctx;
    /* trace points (s->trace set), or NULL: they are counted, not kept */
    int (*take_trace)(void *ctx, const bdb_sample *s);
} bdb_sink_consumer;

typedef struct bdb_sink {
    bdb_sample *samples;        /* NULL when a consumer takes them */
    size_t n, cap;
    bdb_note *notes;
    size_t nnotes, notes_cap;
    char tool_version[64];      /* as the log prints it, "" when unknown */
    size_t max_samples;         /* 0: default cap (4 million) */
    size_t nrefused;            /* figures refused: names that did not fit */
    int refused_kinds;          /* BDB_OVER_* already warned about */
    const bdb_sink_consumer *consumer; /* NULL: keep the samples */
    size_t notes_dropped;       /* notes past the 131,072 kept: counted */
    size_t unread_lines;        /* lines with numbers that gave no figure
                                   (ingest/unread.h) */
    bdb_ranges covered;         /* ranges of lines a parser read whose
                                   figures it took from elsewhere
                                   (bdb_sink_cover), sorted and merged */
    int at_col;                 /* the col of the next figure
                                   bdb_sink_add / bdb_sink_trace make
                                   (bdb_sample.col), reset by them */
    size_t ntrace;              /* trace points given (not counted in n);
                                   a sink without a consumer taking them
                                   keeps none */
    int nomem;                  /* 1: a note could not be kept for want
                                   of memory, so the notes are not whole.
                                   Sticky until reset: ingest fails the
                                   parse with BDB_ENOMEM, so a parser's
                                   helper that warns from a void context
                                   loses nothing silently */
} bdb_sink;

void bdb_sink_init(bdb_sink *s);
void bdb_sink_free(bdb_sink *s);
/* Drops every sample and note but keeps the memory and the consumer. */
void bdb_sink_reset(bdb_sink *s);

/* Copies *sample into the sink. A sample whose names did not fit
 * (overflow set) is not stored: a warning at its line names the limit, and
 * the call returns BDB_OK so that the parse goes on. BDB_ENOMEM /
 * BDB_ERANGE on failure. */
int bdb_sink_emit(bdb_sink *s, const bdb_sample *sample);

/* bdb_sink_emit in two steps, for a caller that needs the sample as it
 * will be handed on (ingest keys it): bdb_sink_vet returns in, or fixed
 * with its names repaired into valid UTF-8, or NULL when the sample is
 * refused (warned about; *rc then holds the warning's code);
 * bdb_sink_deliver hands a vetted sample on, or keeps it. */
const bdb_sample *bdb_sink_vet(bdb_sink *s, const bdb_sample *in,
                               bdb_sample *fixed, int *rc);
int bdb_sink_deliver(bdb_sink *s, const bdb_sample *sample);

/* The next figure's number starts at num on the line [line, end) of the
 * parser's text: its col (at_col) for the next bdb_sink_add /
 * bdb_sink_trace, so that a line unwrapped from several of the file's
 * gives the figure the one it is printed on. None when num is not on
 * that line (a parser's own joined copy of it). */
static inline void bdb_sink_col(bdb_sink *s, const char *line,
                                const char *end, const char *num)
{
    s->at_col = line && num && num >= line && num < end &&
                        end - line < 65535
                    ? (int)(num - line) + 1
                    : 0;
}

/* Copies *base, sets metric, value, unit, better and line, and emits it. */
int bdb_sink_add(bdb_sink *s, const bdb_sample *base, const char *metric,
                 double value, const char *unit, bdb_better better, int line);

/* Emits a point of the trace of base's series `metric` (the run's
 * figure the point belongs to): the point's quantity t->what, its value
 * in unit, read at line. Not counted in n; a sink whose consumer takes no
 * traces drops it. */
int bdb_sink_trace(bdb_sink *s, const bdb_sample *base, const char *metric,
                   const bdb_trace *t, double value, const char *unit,
                   bdb_better better, int line);
/* A trace whose interval and label are set: start/end NaN when the line
 * prints none. what and label are cut to fit. */
void bdb_trace_set(bdb_trace *t, const char *what, const char *label,
                   double start, double end);

/* Records a warning at line (0: none). Past 131,072 notes a sink counts
 * them in notes_dropped instead (and returns BDB_OK). BDB_ENOMEM when the
 * note cannot be kept; the sink then remembers it (nomem). */
int bdb_sink_warn(bdb_sink *s, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Says that lines from..to (1-based, inclusive) were read though no
 * figure came from them: they repeat figures the parser took from
 * elsewhere in the file (fio's --output-format=json,normal prints each
 * figure twice). The unread-figure account then passes over them, and
 * only them: the ranges grow as needed. BDB_ENOMEM on failure. */
int bdb_sink_cover(bdb_sink *s, int from, int to);

#define BDB_NOTE_OPTION 2

/* A note that an option the user gave was not applied to this file (it
 * is meant for another tool's files): is_info BDB_NOTE_OPTION, line 0. */
int bdb_sink_option_note(bdb_sink *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Records an informational note (provenance) at line. */
int bdb_sink_info(bdb_sink *s, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Sets tool_version if not set yet. */
void bdb_sink_set_version(bdb_sink *s, const char *p, const char *end);

/* Clears a sample (its parameter slots are left: params.n is 0) and sets
 * its benchmark (NULL: empty). */
void bdb_sample_init(bdb_sample *s, const char *benchmark);
void bdb_sample_set_benchmark(bdb_sample *s, const char *p, const char *end);
void bdb_sample_set_benchmark_text(bdb_sample *s, const char *text);
/* Sets a field from a string, marking overflow when it does not fit. */
void bdb_sample_set_platform(bdb_sample *s, const char *name);

/* A text for what overflow says did not fit ("a benchmark name of 256
 * bytes or more"), static. */
const char *bdb_overflow_text(int overflow);

/* Sets key to a printf-formatted value, replacing an existing key.
 * Returns BDB_ERANGE when the set is full or the key or value does not
 * fit; the set then remembers it in overflow, so that a caller that goes
 * on cannot store the figure under a cut identity. */
int bdb_params_set(bdb_params *ps, const char *key, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Sets key to the text [p, end). */
int bdb_params_set_span(bdb_params *ps, const char *key, const char *p,
                        const char *end);
/* Returns the value of key or NULL. */
const char *bdb_params_get(const bdb_params *ps, const char *key);
/* Removes key if present. */
void bdb_params_del(bdb_params *ps, const char *key);
/* Writes "k1=v1,k2=v2" (sorted) into out; the identity used for series.
 * Returns the length written (cut to what fits outsz, NUL included). */
size_t bdb_params_format(const bdb_params *ps, char *out, size_t outsz);

#endif
