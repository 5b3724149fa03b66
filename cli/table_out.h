/* table_out.h - how the listing commands (list, platform list|show, set
 * list, log, parse) print a table: --format table|csv|json, and a
 * terminal table that fits --width N columns (else $COLUMNS, else the
 * terminal's width; into a pipe or a file, whole cells): long text cells
 * are cut in the middle with an ellipsis, numbers never; a table that
 * cannot fit even so becomes one block per row. No column is dropped. */
#ifndef BDB_CLI_TABLE_OUT_H
#define BDB_CLI_TABLE_OUT_H

#include <stdio.h>

#include "cli.h"
#include "rowset.h"

typedef struct cli_table_args {
    int format;     /* BDB_FMT_TABLE, _CSV or _JSON */
    int width;      /* --width, or 0 */
    int first;      /* after cli_table_args_parse: the first positional */
} cli_table_args;

/* --format table|csv|json and --width N, for a command's table. */
extern const cli_option cli_table_options[];
enum { CLI_O_FORMAT = 0x300, CLI_O_WIDTH };

/* --width N alone, for a command whose text is not a table of rows
 * (compare, check, history): its too-wide lines are wrapped
 * (report/render/textfit.h); cli_table_option parses it. */
extern const cli_option cli_text_width_options[];

/* Handles an option of cli_table_options: 1 when it was one, 0 when not,
 * BDB_EXIT_USAGE after printing why. */
int cli_table_option(const bdb_cli *cli, cli_table_args *ta,
                     const cli_opts *g, int code);

/* Parses argv[first..] with table, which holds only cli_table_options
 * (and words); 0 or BDB_EXIT_USAGE. */
int cli_table_args_parse(bdb_cli *cli, const cli_option *table, int argc,
                         char **argv, int first, cli_table_args *ta);

/* The columns a table may use: given (> 0), else $COLUMNS, else the
 * terminal's width when stdout is one; 0: no limit. */
int cli_output_width(int given);

/* Prints rs as ta says (see above); 0, or -1 when it could not (out of
 * memory, a failed write, an incomplete rowset). */
int cli_table_print(const bdb_rowset *rs, const cli_table_args *ta,
                    FILE *out);

/* Prints "name  value" lines (platform show), each value wrapped to the
 * width; 0 or -1. */
int cli_fields_print(const char *const *names, const char *const *values,
                     size_t n, const cli_table_args *ta, FILE *out);

#endif
