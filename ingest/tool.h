/* tool.h - one record per tool: what benchdb knows about a tool besides
 * how to read its output.
 *
 * A record says what a measurement of the tool is: its name and the names
 * users give it, its category, its figure(s) of merit and which of its
 * metrics only restate another, how the figures of a run's parts (fio's
 * clones, iperf's streams) make the run's figure, which parameters it can
 * be swept over, and its parameters' canonical names, value forms and
 * roles (identity: part of "the same measurement"; environment: host,
 * port, paths, devices; metadata: a setting that not every output format
 * prints). The registry of parsers, the report's categories and figures
 * of merit, the sweeps' default and the CLI's tool aliases read these
 * records; the canonicaliser (canon.h) reads their parameters.
 *
 * Adding a tool: a parser file (parse_<tool>.c with a bdb_parser) and a
 * record in tool_records.c, listed in tool_list.h. */
#ifndef BDB_TOOL_H
#define BDB_TOOL_H

#include "../common/bdb_sample.h"

typedef enum bdb_param_role {
    BDB_ROLE_IDENTITY = 0,  /* part of the series' identity */
    BDB_ROLE_ENVIRONMENT,   /* where it ran (host, port, path, device):
                               kept as metadata of the source */
    BDB_ROLE_METADATA       /* a setting some formats print and others
                               cannot (fio JSON's echoed job options):
                               kept as metadata of the source */
} bdb_param_role;

typedef enum bdb_value_form {
    BDB_FORM_TEXT = 0,      /* kept as written */
    BDB_FORM_BYTES,         /* a size: "1M", "4k", "4KiB" -> 1048576, 4096 */
    BDB_FORM_INTEGER,       /* a whole number: "032" -> 32 */
    BDB_FORM_SECONDS,       /* a duration: "30s", "2m", "1h", "500ms" */
    BDB_FORM_BOOL,          /* "yes", "on", "true", "1" -> 1; "no" ... -> 0 */
    BDB_FORM_URL            /* split into host, port (environment) and path */
} bdb_value_form;

typedef struct bdb_tool_param {
    const char *name;       /* the canonical key: "block_size" */
    const char *spellings;  /* other keys for it, '|'-separated: the tool's
                               own options and words ("bs|-b|blocksize") */
    bdb_value_form form;
    bdb_param_role role;
} bdb_tool_param;

/* bdb_tool_metric.flags */
#define BDB_METRIC_MERIT   0x1  /* a figure of merit: scores and overview */
#define BDB_METRIC_DERIVED 0x2  /* restates another figure of the run (fio's
                                   bandwidth_mean of the bandwidth samples,
                                   ab's transfer_rate beside requests/s):
                                   shown in tables, never scored */
#define BDB_METRIC_DEFAULT 0x4  /* of merit also when merit_when's parameter
                                   is absent (fio's terse output prints no
                                   block size: IOPS then) */

typedef enum bdb_parts_rule {
    BDB_PARTS_NONE = 0,     /* the parts' figures make no whole */
    BDB_PARTS_SUM,          /* the whole is the sum (IOPS of clones) */
    BDB_PARTS_MEAN          /* the whole is the mean (mean latency) */
} bdb_parts_rule;

typedef struct bdb_tool_metric {
    const char *metric;     /* "iops" */
    int flags;              /* BDB_METRIC_* */
    /* NULL: always; else the figure is of merit only when the parameter
     * compares so: "block_size<65536", "block_size>=65536" */
    const char *merit_when;
    bdb_parts_rule parts;   /* how the parts' figures make the whole's */
} bdb_tool_metric;

typedef struct bdb_tool {
    const char *name;               /* "fio", as stored */
    const char *const *aliases;     /* NULL-terminated: "openssl", ... */
    const char *category;           /* cpu, crypto, memory, disk, network,
                                       web, key-value */
    const char *merit_text;         /* what the score uses, for readers */
    const bdb_tool_metric *metrics; /* ends with a NULL metric */
    const bdb_tool_param *params;   /* ends with a NULL name */
    /* The parameter that numbers a run's parts (fio's clones "job", iperf's
     * "stream"), and the one that says how many parts make the whole
     * ("numjobs", "streams"); NULL: none. A figure with the part key is
     * never of merit: the whole is. */
    const char *part_key, *part_count_key;
    /* 1 when the tool prints the whole itself (iperf's [SUM] lines): the
     * parts rule then only describes it, and no whole is made */
    int parser_sums_parts;
    const char *const *sweeps;      /* sweepable parameters, NULL-
                                       terminated; the first is the
                                       default sweep */
    /* Among figures of merit that differ only in this parameter, the one
     * with its largest value is the score's (openssl speed: one figure per
     * cipher, at its largest block); NULL: each counts. */
    const char *merit_pick_max;
    /* Lines of the tool's output that hold numbers but no figure, by
     * their start (after blanks), NULL-terminated; NULL: none declared. */
    const char *const *figure_free;
    /* 1 when what the tool measured is something else, which its log may
     * not name (time: the timed command): `--benchmark` without `--tool`
     * names this tool's figures. Other tools name their own (dd's "dd",
     * fio's jobs); --benchmark reaches them only through --tool. */
    int benchmark_from_user;
} bdb_tool;

/* Every record, NULL-terminated, in the registry's order. */
const bdb_tool *const *bdb_tools(void);

/* The record of a tool by its name or one of its aliases (any case), or
 * NULL. */
const bdb_tool *bdb_tool_find(const char *name);

/* The tool's category; "other" for an unknown tool (or NULL). */
const char *bdb_tool_category(const char *tool);

/* The record's entry for metric, or NULL. */
const bdb_tool_metric *bdb_tool_metric_find(const bdb_tool *t,
                                            const char *metric);

/* 1 when a figure of metric with the parameters params ("k=v,k=v", the
 * series' text) is one of the tool's figures of merit: the metric is
 * marked so, its condition holds, and it is not the figure of a part.
 * 0 otherwise, and for t NULL. */
int bdb_tool_is_merit(const bdb_tool *t, const char *metric,
                      const char *params);

/* 1 when the metric restates another figure of the run. */
int bdb_tool_is_derived(const bdb_tool *t, const char *metric);

/* The role of a parameter (canonical key) of the tool; identity for keys
 * and tools the records do not name, but "host", "port", "url",
 * "filename" and "pid" are environment for every tool. */
bdb_param_role bdb_tool_param_role(const bdb_tool *t, const char *key);

/* The record's entry for a canonical key or any spelling of it, or NULL. */
const bdb_tool_param *bdb_tool_param_find(const bdb_tool *t, const char *key);

/* The default sweep parameter, or NULL. */
const char *bdb_tool_default_sweep(const bdb_tool *t);

/* 1 when key is one of the tool's sweepable parameters. */
int bdb_tool_is_sweep(const bdb_tool *t, const char *key);

/* The value of key in a "k=v,k=v" parameter text, copied into out;
 * returns 0 when absent. */
int bdb_params_text_get(const char *params, const char *key, char *out,
                        size_t outsz);

#endif
