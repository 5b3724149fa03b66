/* test_json_tree.c - the JSON reader of fio's output (ingest/json_tree.h)
 * makes of any bytes what jansson's json_loadb(JSON_DISABLE_EOF_CHECK |
 * JSON_DECODE_ANY) makes of them: the same tree (types, numbers bit for
 * bit, strings, keys in order), the same bytes consumed, or the same
 * error text; and it reads ordinary JSON itself (jansson decides only
 * what it refuses). The cases are RFC 8259's edges; the mutations are
 * of the real sample samples/fio/json-randread-4k-j8-qd32.json. */
#include "test_util.h"
#include "../ingest/json_tree.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void same_tree(json_t *j, const bdb_jt *t)
{
    assert_non_null(t);
    switch (json_typeof(j)) {
    case JSON_OBJECT: {
        assert_int_equal(t->type, BDB_JT_OBJECT);
        assert_int_equal(t->n, json_object_size(j));
        const char *k;
        json_t *v;
        unsigned i = 0;
        json_object_foreach(j, k, v) {
            assert_string_equal(t->u.mem[i].key, k);
            assert_int_equal(t->u.mem[i].key_n, strlen(k));
            same_tree(v, &t->u.mem[i].v);
            assert_ptr_equal(bdb_jt_get(t, k), &t->u.mem[i].v);
            i++;
        }
        break;
    }
    case JSON_ARRAY:
        assert_int_equal(t->type, BDB_JT_ARRAY);
        assert_int_equal(t->n, json_array_size(j));
        for (unsigned i = 0; i < t->n; i++)
            same_tree(json_array_get(j, i), &t->u.item[i]);
        break;
    case JSON_STRING:
        assert_int_equal(t->type, BDB_JT_STRING);
        assert_int_equal(t->n, json_string_length(j));
        assert_memory_equal(t->u.str, json_string_value(j), t->n + 1);
        break;
    case JSON_INTEGER:
    case JSON_REAL: {
        assert_int_equal(t->type, BDB_JT_NUMBER);
        double a = json_number_value(j), b = t->u.num;
        assert_memory_equal(&a, &b, sizeof a); /* -0 and 0 differ */
        break;
    }
    case JSON_TRUE:
        assert_int_equal(t->type, BDB_JT_TRUE);
        break;
    case JSON_FALSE:
        assert_int_equal(t->type, BDB_JT_FALSE);
        break;
    default:
        assert_int_equal(t->type, BDB_JT_NULL);
    }
}

/* Both readers over buf[0..len); returns 1 when jansson decided. */
static int same(bdb_jt_doc *d, const char *buf, size_t len)
{
    json_error_t je, te;
    json_t *j = json_loadb(buf, len, JSON_DISABLE_EOF_CHECK | JSON_DECODE_ANY,
                           &je);
    size_t before = bdb_jt_doc_fallbacks(d), used = (size_t)-1;
    const bdb_jt *t = bdb_jt_parse(d, buf, len, &used, &te);
    if (!j) {
        assert_null(t);
        assert_string_equal(te.text, je.text);
    } else {
        same_tree(j, t);
        assert_int_equal(used, (size_t)je.position);
        json_decref(j);
    }
    return bdb_jt_doc_fallbacks(d) != before;
}

static int same_text(bdb_jt_doc *d, const char *s)
{
    return same(d, s, strlen(s));
}

static void json_tree__valid_json__read_here_as_jansson(void **st)
{
    (void)st;
    static const char *const cases[] = {
        "{}", "[]", "{\"a\":1}", " \n\t\r{\"a\" : [ 1 , 2 ] }",
        "[0, -0, 0.5, -1.5e3, 1E+2, 2e-2, 1e0, 123456789012345678,"
        " 9223372036854775807, -9223372036854775808, 0.1, 3.141592653589793,"
        " 1.7976931348623157e308, 2.2250738585072014e-308]",
        "[true, false, null, \"\", \"x\"]",
        "\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\"",
        "\"\\u00e9\\u20AC\\ud83d\\ude00\\u0001\\u007f\"",
        "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\x7f\xed\x9f\xbf\xf4\x8f\xbf\xbf\"",
        "{\"\":1, \"b\":{\"c\":[{}, []]}}",
        "{\"k1\":1,\"k2\":2,\"k3\":3,\"k4\":4,\"k5\":5,\"k6\":6,\"k7\":7,"
        "\"k8\":8,\"k9\":9,\"k10\":10}",
        /* DISABLE_EOF_CHECK: what follows the value is not read */
        "12abc", "true5", "\"x\"yz", "1.5}", "{\"a\":1} trailing", "null,",
        "-0", "[1]]"};
    bdb_jt_doc *d = bdb_jt_doc_new();
    assert_non_null(d);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        if (same_text(d, cases[i]))
            fail_msg("jansson decided: %s", cases[i]);
    /* nesting to the limit */
    char deep[2 * BDB_JT_DEPTH + 1];
    memset(deep, '[', BDB_JT_DEPTH);
    memset(deep + BDB_JT_DEPTH, ']', BDB_JT_DEPTH);
    assert_int_equal(same(d, deep, 2 * BDB_JT_DEPTH), 0);
    bdb_jt_doc_free(d);
}

static void json_tree__what_it_refuses__jansson_decides(void **st)
{
    (void)st;
    static const char *const cases[] = {
        /* not JSON: jansson's error text */
        "", "   ", "{\"a\":1,}", "[1,]", "{\"a\" 1}", "{a:1}", "01", "-",
        "1.", "1e", ".5", "+1", "\"abc", "\"a\x01b\"", "\"\\x\"",
        "\"\\u12g4\"", "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"",
        "\"\\u0000\"", "\"\xc0\x80\"", "\"\xed\xa0\x80\"",
        "\"\xf4\x90\x80\x80\"", "\"\xe0\x80\x80\"", "\"\xe2\x82\"",
        "\"\xff\"", "tru", "nul", "truex", "[1 2]", "{\"a\":}", "[", "{",
        "\xc3\xa9", "99999999999999999999", "-99999999999999999999",
        "1e400", "-1e400",
        /* JSON that jansson reads and this reader leaves to it */
        "{\"a\":1,\"a\":2,\"b\":3}",
        "{\"k1\":1,\"k2\":2,\"k3\":3,\"k4\":4,\"k5\":5,\"k6\":6,\"k7\":7,"
        "\"k8\":8,\"k9\":9,\"k1\":10}",
        "1e-400", "4.9e-324",
        "0.0000000000000000000000000000000000000000000000000000000000000001"};
    bdb_jt_doc *d = bdb_jt_doc_new();
    assert_non_null(d);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        assert_int_equal(same_text(d, cases[i]), 1);
    /* a NUL inside, and nesting past this reader's limit and jansson's */
    assert_int_equal(same(d, "[1,\0 2]", 7), 1);
    size_t n = 3000;
    char *deep = malloc(2 * n);
    assert_non_null(deep);
    memset(deep, '[', n);
    memset(deep + n, ']', n);
    assert_int_equal(same(d, deep, 2 * (BDB_JT_DEPTH + 1)), 1);
    assert_int_equal(same(d, deep, 2 * n), 1);
    free(deep);
    bdb_jt_doc_free(d);
}

/* Bytes of the real sample changed at random (a fixed seed): each
 * mutation read alike by both. */
static void json_tree__mutated_fio_output__same_as_jansson(void **st)
{
    (void)st;
    size_t len;
    char *text = tu_read("samples/fio/json-randread-4k-j8-qd32.json", &len);
    assert_non_null(text);
    const char *job = strstr(text, "\"jobs\"");
    assert_non_null(job);
    job = strchr(job, '{');
    size_t from = (size_t)(job - text);
    static const char bytes[] = "\"\\{}[],:0-9e.u \x00\x80\xc3\xed\xff";
    char *buf = malloc(len);
    assert_non_null(buf);
    bdb_jt_doc *d = bdb_jt_doc_new();
    assert_non_null(d);
    assert_int_equal(same(d, text, len), 0);
    assert_int_equal(same(d, text + from, len - from), 0);
    unsigned long long seed = 22;
    size_t decided = 0;
    for (int round = 0; round < 1500; round++) {
        memcpy(buf, text, len);
        size_t n = len - from;
        int changes = 1 + (int)(seed % 3);
        for (int c = 0; c < changes; c++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            size_t at = from + (size_t)(seed >> 33) % n;
            if ((seed & 0xff) < 16) {
                n = at - from;  /* cut there */
                continue;
            }
            buf[at] = bytes[(seed >> 8) % (sizeof bytes - 1)];
        }
        decided += (size_t)same(d, buf + from, n);
    }
    /* most mutations break the JSON: jansson decides those */
    assert_true(decided > 0 && decided < 1500);
    bdb_jt_doc_free(d);
    free(buf);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(json_tree__valid_json__read_here_as_jansson),
        cmocka_unit_test(json_tree__what_it_refuses__jansson_decides),
        cmocka_unit_test(json_tree__mutated_fio_output__same_as_jansson),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
