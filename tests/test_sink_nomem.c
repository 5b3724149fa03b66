/* test_sink_nomem.c - a warning lost for want of memory is never silent.
 * Parsers' helpers that warn from a void context (iperf's
 * bdb_iperf_warn_line has 16 callers) cannot return the code, so the sink
 * remembers it and ingest fails the parse with BDB_ENOMEM. This test is
 * linked with -Wl,--wrap=realloc (CMakeLists.txt): realloc fails when a
 * sink's note table is first made (8 notes), and only then. */
#include "test_util.h"

#include "../common/bdb_error.h"
#include "../common/bdb_sample.h"

#include <stdlib.h>
#include <string.h>

void *__real_realloc(void *p, size_t n);
void *__wrap_realloc(void *p, size_t n);

static size_t fail_size;        /* 0: realloc never fails */
static size_t failed;           /* reallocs refused */

void *__wrap_realloc(void *p, size_t n)
{
    if (fail_size && n == fail_size) {
        failed++;
        return NULL;
    }
    return __real_realloc(p, n);
}

static void arm(void)
{
    fail_size = 8 * sizeof(bdb_note);
    failed = 0;
}

static void sink__a_note_not_kept__leaves_the_sink_marked(void **state)
{
    (void)state;
    bdb_sink s;
    bdb_sink_init(&s);
    arm();
    assert_int_equal(bdb_sink_warn(&s, 3, "lost %d", 1), BDB_ENOMEM);
    fail_size = 0;
    assert_true(failed > 0);
    assert_int_equal(s.nnotes, 0);
    assert_int_equal(s.nomem, 1);
    /* sticky: a later note that is kept does not clear it */
    assert_int_equal(bdb_sink_warn(&s, 4, "kept"), BDB_OK);
    assert_int_equal(s.nnotes, 1);
    assert_int_equal(s.nomem, 1);
    bdb_sink_reset(&s);
    assert_int_equal(s.nomem, 0);
    bdb_sink_free(&s);
}

/* iperf3's own error line is the file's one warning, made by
 * bdb_iperf_warn_line (void). Without memory for it the parse must fail
 * as out of memory, not end as a file with no figures and no word why. */
static void ingest__a_warning_lost_in_a_void_helper__fails_the_parse(void **state)
{
    (void)state;
    const char *rel = "tests/fixtures/iperf3/broken-connection-refused.txt";
    bdb_sink s;
    bdb_diag d;
    bdb_sink_init(&s);
    bdb_diag_clear(&d);
    int rc = tu_parse_file(rel, NULL, &s, &d);
    assert_int_not_equal(rc, BDB_ENOMEM);
    assert_non_null(strstr(d.message, "Connection refused"));
    bdb_sink_free(&s);

    bdb_sink_init(&s);
    bdb_diag_clear(&d);
    arm();
    rc = tu_parse_file(rel, NULL, &s, &d);
    fail_size = 0;
    assert_true(failed > 0);
    assert_int_equal(rc, BDB_ENOMEM);
    assert_null(strstr(d.message, "Connection refused"));
    bdb_sink_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sink__a_note_not_kept__leaves_the_sink_marked),
        cmocka_unit_test(ingest__a_warning_lost_in_a_void_helper__fails_the_parse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
