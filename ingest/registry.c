/* registry.c - the table of parsers: one per tool of tool_list.h, then
 * benchdb's own results CSV. Order matters only for ties in detection,
 * which are reported rather than broken. */
#include "ingest.h"

#include <string.h>

#define BDB_TOOL(id) extern const bdb_parser bdb_parser_##id;
#include "tool_list.h"
extern const bdb_parser bdb_parser_results_csv;

static const bdb_parser *const all_parsers[] = {
#define BDB_TOOL(id) &bdb_parser_##id,
#include "tool_list.h"
    &bdb_parser_results_csv, NULL};

const bdb_parser *const *bdb_parsers(void)
{
    return all_parsers;
}

const bdb_parser *bdb_parser_find(const char *name)
{
    for (const bdb_parser *const *p = all_parsers; *p; p++)
        if (strcmp((*p)->name, name) == 0)
            return *p;
    return NULL;
}
