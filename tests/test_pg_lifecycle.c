/* test_pg_lifecycle.c - the lifecycle suite (tests/test_lifecycle.c, as it
 * is) on PostgreSQL: forget, source set, import --replace, platform
 * rename/merge/delete, sets and tags, history, compare, check, filters.
 *
 * test_lifecycle.c names each test's database with one
 * snprintf(db, ..., "%s/b.sqlite", dir) in its setup; here that one call
 * makes a fresh database on the BDB_TEST_PG_URL server instead and writes
 * its URI, and every other snprintf is the real one. The one test that
 * copies a SQLite file into place (an older database) is skipped.
 * Without BDB_TEST_PG_URL the suite says so and is skipped, or fails when
 * CI=true. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int pg_snprintf(char *out, size_t n, const char *fmt, ...);
#define snprintf pg_snprintf
#define main lifecycle_main
#include "test_lifecycle.c"
#undef main
#undef snprintf

static int pg_snprintf(char *out, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r;
    const char *base = getenv("BDB_TEST_PG_URL");
    if (strcmp(fmt, "%s/b.sqlite") == 0 && base && *base) {
        tu_pg_new_database(base, "lifecycle", out, n);
        r = (int)strlen(out);
    } else {
        r = vsnprintf(out, n, fmt, ap);
    }
    va_end(ap);
    return r;
}

int main(void)
{
    const char *base = getenv("BDB_TEST_PG_URL");
    if (!base || !*base) {
        const char *ci = getenv("CI");
        int in_ci = ci && strcmp(ci, "true") == 0;
        printf("[  %s  ] lifecycle on PostgreSQL: BDB_TEST_PG_URL is not set "
               "(start a server with `sh scripts/pg-test-server.sh start`)%s\n",
               in_ci ? "FAILED " : "SKIPPED", in_ci ? "; CI=true needs it" : "");
        return in_ci ? 1 : 0;
    }
    /* puts a SQLite file where the database goes */
    cmocka_set_skip_filter("lifecycle__older_database__gets_a_set_per_import_day");
    return lifecycle_main();
}
