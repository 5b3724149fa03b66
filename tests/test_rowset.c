/* test_rowset.c - the list commands' table printer (report/render/rowset.c):
 * JSON through jansson keeps numbers as numbers and text as text. */
#include "test_util.h"
#include "../report/render/rowset.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static char *print_to_string(const bdb_rowset *rs, bdb_out_format fmt,
                             int *rc)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    *rc = bdb_rowset_print(rs, fmt, f);
    fclose(f);
    return text;
}

static void rowset__json__numbers_nulls_and_escapes(void **state)
{
    (void)state;
    static const char *const names[] = {"name", "value", "count"};
    static const unsigned char num[] = {0, 1, 1};
    bdb_rowset rs;
    bdb_rowset_init(&rs, 3, names, num);
    const char *r1[] = {"a \"quoted\"\n\tname", "3.2", "12"};
    const char *r2[] = {"latin1 \xe9 byte", "", "n/a"};
    assert_int_equal(bdb_rowset_add(&rs, r1), 0);
    assert_int_equal(bdb_rowset_add(&rs, r2), 0);
    int rc;
    char *text = print_to_string(&rs, BDB_FMT_JSON, &rc);
    assert_int_equal(rc, 0);
    /* %.10g cells print as they were made, not as 3.2000000000000002 */
    assert_non_null(strstr(text, "\"value\": 3.2"));
    assert_null(strstr(text, "3.2000"));
    json_error_t err;
    json_t *rows = json_loads(text, 0, &err);
    assert_non_null(rows);
    assert_int_equal(json_array_size(rows), 2);
    json_t *a = json_array_get(rows, 0), *b = json_array_get(rows, 1);
    assert_string_equal(json_string_value(json_object_get(a, "name")),
                        "a \"quoted\"\n\tname");
    assert_true(json_is_real(json_object_get(a, "value")));
    assert_true(json_is_integer(json_object_get(a, "count")));
    assert_int_equal(json_integer_value(json_object_get(a, "count")), 12);
    /* an invalid byte becomes U+FFFD instead of the row vanishing */
    assert_string_equal(json_string_value(json_object_get(b, "name")),
                        "latin1 \xef\xbf\xbd byte");
    assert_true(json_is_null(json_object_get(b, "value")));
    /* a numeric column's cell that is no number is kept as text */
    assert_string_equal(json_string_value(json_object_get(b, "count")), "n/a");
    json_decref(rows);
    free(text);
    bdb_rowset_free(&rs);
}

static void rowset__empty__prints_an_empty_array(void **state)
{
    (void)state;
    static const char *const names[] = {"x"};
    bdb_rowset rs;
    bdb_rowset_init(&rs, 1, names, NULL);
    int rc;
    char *text = print_to_string(&rs, BDB_FMT_JSON, &rc);
    assert_int_equal(rc, 0);
    assert_string_equal(text, "[]\n");
    free(text);
    bdb_rowset_free(&rs);
}

static void rowset__failed_add__refuses_to_print_a_cut_list(void **state)
{
    (void)state;
    static const char *const names[] = {"x"};
    bdb_rowset rs;
    bdb_rowset_init(&rs, 1, names, NULL);
    const char *r1[] = {"kept"};
    assert_int_equal(bdb_rowset_add(&rs, r1), 0);
    rs.err = 1; /* what an out-of-memory bdb_rowset_add leaves */
    int rc;
    char *text = print_to_string(&rs, BDB_FMT_CSV, &rc);
    assert_int_equal(rc, -1);
    assert_true(!text || !strstr(text, "kept"));
    free(text);
    bdb_rowset_free(&rs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rowset__json__numbers_nulls_and_escapes),
        cmocka_unit_test(rowset__empty__prints_an_empty_array),
        cmocka_unit_test(rowset__failed_add__refuses_to_print_a_cut_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
