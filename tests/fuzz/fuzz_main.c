/* fuzz_main.c - the libFuzzer entry point of one fuzz target; CMake builds
 * it once per target with BDB_FUZZ_ENTRY naming the target's function
 * (see fuzz_targets.h and the BDB_FUZZ block of CMakeLists.txt). */
#include "fuzz_targets.h"

#ifndef BDB_FUZZ_ENTRY
#error "BDB_FUZZ_ENTRY must name a bdb_fuzz_<target> function"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return BDB_FUZZ_ENTRY(data, size);
}
