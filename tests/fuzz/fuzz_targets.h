/* fuzz_targets.h - the bodies of benchdb's fuzz targets.
 *
 * Each target is one function over raw bytes, linked both by the libFuzzer
 * driver (fuzz_main.c, built with -DBDB_FUZZ=ON under clang) and by the
 * ordinary test that replays tests/fuzz/regressions/<target>/ under the
 * gcc sanitizer build (tests/test_fuzz_replay.c), so that a crash found
 * once stays fixed. A target returns 0; a broken promise (a NaN figure, a
 * failure without a message) aborts, which both drivers report. */
#ifndef BDB_FUZZ_TARGETS_H
#define BDB_FUZZ_TARGETS_H

#include <stddef.h>
#include <stdint.h>

int bdb_fuzz_detect(const uint8_t *data, size_t size);
/* bdb_fuzz_ab, bdb_fuzz_fio, ...: one per tool of ingest/tool_list.h */
#define BDB_TOOL(id) int bdb_fuzz_##id(const uint8_t *data, size_t size);
#include "../../ingest/tool_list.h"
int bdb_fuzz_results_csv(const uint8_t *data, size_t size);
int bdb_fuzz_platform_csv(const uint8_t *data, size_t size);
int bdb_fuzz_sysinfo(const uint8_t *data, size_t size);
int bdb_fuzz_path_pattern(const uint8_t *data, size_t size);
int bdb_fuzz_summary(const uint8_t *data, size_t size);
int bdb_fuzz_json_tree(const uint8_t *data, size_t size);

typedef struct bdb_fuzz_target {
    const char *name;   /* the folder under tests/fuzz/regressions/ */
    int (*fn)(const uint8_t *data, size_t size);
} bdb_fuzz_target;

/* Every target, ending with {NULL, NULL}. */
extern const bdb_fuzz_target bdb_fuzz_targets[];

/* The target of this name (a folder of tests/fuzz/regressions/); NULL
 * when there is none. */
const bdb_fuzz_target *bdb_fuzz_target_named(const char *name);
/* The parser target for a folder of samples/ ("openssl-speed" ->
 * openssl_speed); NULL for a folder of no one tool. */
const bdb_fuzz_target *bdb_fuzz_target_for_dir(const char *dir);

#endif
