/* test_openssl_speed.c - the `openssl speed` parser on the real samples in
 * samples/openssl-speed/ (OpenSSL 3.0.22), on small inline tables in the
 * older layouts, on broken input, and its detection. */
#include "test_util.h"

/* Shorthands over the shared helpers in test_util.h. */
#define parse_ok(rel, tool, s) tu_parse_ok(rel, tool, s)
#define text_ok(text, s) tu_text_ok(text, TOOL, s)
#define expect_error(rel, line, needle) tu_expect_error(rel, NULL, NULL, line, needle)

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DIR_REL "samples/openssl-speed/"
#define TOOL "openssl-speed"
/* Error cases live outside samples/ so that `benchdb import samples/` is clean. */
#define FIX_REL "tests/fixtures/openssl-speed/"

static int has_note(const bdb_sink *s, const char *needle)
{
    for (size_t i = 0; i < s->nnotes; i++)
        if (strstr(s->notes[i].text, needle))
            return 1;
    return 0;
}



static void openssl_speed__elapsed_table__reads_k_as_1000_bytes(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_REL "elapsed-aes-cbc.txt", NULL, &s);
    assert_int_equal(s.n, 12);
    tu_assert_value(&s, "aes-128-cbc", "throughput",
                    "block_size=16,elapsed=1", 1267485.87e3, 1e-12);
    tu_assert_value(&s, "aes-256-cbc", "throughput",
                    "block_size=16384,elapsed=1", 1144324.10e3, 1e-12);
    const bdb_sample *x = tu_find(&s, "aes-256-cbc", "throughput",
                                  "block_size=8192");
    assert_non_null(x);
    assert_string_equal(x->unit, "B/s");
    assert_int_equal(x->better, BDB_HIGHER_IS_BETTER);
    assert_int_equal(x->line, 22);
    assert_string_equal(s.tool_version, "3.0.22");
    bdb_sink_free(&s);
}

static void openssl_speed__evp_upper_case_name__normalised_with_evp(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_REL "evp-aes-256-gcm-stdout.txt", NULL, &s);
    assert_int_equal(s.n, 6);
    tu_assert_value(&s, "aes-256-gcm", "throughput", "block_size=64,evp=1",
                    191925.18e3, 1e-12);
    /* stdout only: no elapsed line, so no elapsed parameter */
    assert_null(bdb_params_get(&s.samples[0].params, "elapsed"));
    bdb_sink_free(&s);
}

static void openssl_speed__multi_summary_row__imported_with_multi(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_REL "multi2-evp-aes-128-cbc.txt", NULL, &s);
    assert_int_equal(s.n, 6); /* the children's Got: lines are not figures */
    tu_assert_value(&s, "aes-128-cbc", "throughput",
                    "block_size=16,multi=2,elapsed=1,evp=1", 2584991.68e3,
                    1e-12);
    tu_assert_value(&s, "aes-128-cbc", "throughput", "block_size=16384",
                    3157098.50e3, 1e-12);
    bdb_sink_free(&s);
}

static void openssl_speed__multi_row_labelled_wrongly__uses_children_name(void **state)
{
    (void)state;
    /* The real -multi sample with its summary row relabelled "md5", as
     * OpenSSL 3.0.0-beta printed it: the row still holds the sum of the
     * children's AES-128-CBC figures. */
    size_t len;
    char *text = tu_read(DIR_REL "multi2-evp-aes-128-cbc.txt", &len);
    char *row = strstr(text, "\nAES-128-CBC    ");
    assert_non_null(row);
    memcpy(row + 1, "md5        ", 11);
    bdb_sink s;
    text_ok(text, &s);
    free(text);
    assert_int_equal(s.n, 6);
    tu_assert_value(&s, "aes-128-cbc", "throughput", "block_size=64",
                    2996114.11e3, 1e-12);
    assert_null(tu_find(&s, "md5", "throughput", NULL));
    assert_true(has_note(&s, "labelled 'md5'"));
    bdb_sink_free(&s);
}

static void openssl_speed__mr_lines__bytes_per_second(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_REL "mr-sha256.txt", NULL, &s);
    assert_int_equal(s.n, 6);
    tu_assert_value(&s, "sha256", "throughput", "block_size=16", 168225328.0,
                    1e-12);
    tu_assert_value(&s, "sha256", "throughput", "block_size=16384",
                    2022899712.0, 1e-12);
    bdb_sink_free(&s);
}

static void openssl_speed__mr_multi_rsa__rates_summed_over_children(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_REL "mr-multi2-rsa2048.txt", NULL, &s);
    assert_int_equal(s.n, 4);
    tu_assert_value(&s, "rsa2048", "sign_per_sec", "multi=2", 9317.0, 1e-12);
    tu_assert_value(&s, "rsa2048", "verify_per_sec", "multi=2", 156334.0,
                    1e-12);
    tu_assert_value(&s, "rsa2048", "sign_time", "multi=2", 1.0 / 9317.0, 1e-9);
    bdb_sink_free(&s);
}

static void openssl_speed__rsa_table__sign_verify_rates_and_times(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_REL "rsa2048.txt", NULL, &s);
    assert_int_equal(s.n, 4);
    tu_assert_value(&s, "rsa2048", "sign_per_sec", NULL, 4661.0, 1e-12);
    tu_assert_value(&s, "rsa2048", "verify_per_sec", NULL, 74924.0, 1e-12);
    /* printed 0.000215s: the rate has more digits, time = 1/rate */
    tu_assert_value(&s, "rsa2048", "sign_time", NULL, 0.000215, 0.01);
    const bdb_sample *t = tu_find(&s, "rsa2048", "verify_time", NULL);
    assert_non_null(t);
    assert_string_equal(t->unit, "s");
    assert_int_equal(t->better, BDB_LOWER_IS_BETTER);
    bdb_sink_free(&s);
}

static void openssl_speed__ecdsa_ecdh_eddsa__named_by_curve(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_REL "ecdsa-ecdh-eddsa.txt", NULL, &s);
    assert_int_equal(s.n, 10);
    tu_assert_value(&s, "ecdsa-nistp256", "sign_per_sec", NULL, 70020.2, 1e-12);
    tu_assert_value(&s, "ecdsa-nistp256", "verify_per_sec", NULL, 23831.0,
                    1e-12);
    /* printed "0.0000s": the time comes from the rate, never 0 */
    tu_assert_value(&s, "ecdsa-nistp256", "sign_time", NULL, 1.0 / 70020.2,
                    1e-9);
    tu_assert_value(&s, "ecdh-nistp256", "op_per_sec", NULL, 31185.0, 1e-12);
    tu_assert_value(&s, "ed25519", "verify_per_sec", NULL, 15923.0, 1e-12);
    bdb_sink_free(&s);
}

static void openssl_speed__bytes_option__one_block_size(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_REL "hash-bytes1024.txt", NULL, &s);
    assert_int_equal(s.n, 3);
    tu_assert_value(&s, "md5", "throughput", "block_size=1024", 757945.34e3,
                    1e-12);
    tu_assert_value(&s, "sha1", "throughput", "block_size=1024", 1759008.77e3,
                    1e-12);
    tu_assert_value(&s, "sha256", "throughput", "block_size=1024",
                    1669088.26e3, 1e-12);
    bdb_sink_free(&s);
}

static void openssl_speed__seed000_bare_rows__repetitions_when_forced(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_REL "seed000-loop-m2-aes-256-cbc.txt", TOOL, &s);
    assert_int_equal(s.n, 18);
    tu_assert_value(&s, "aes-256-cbc", "throughput", "block_size=16",
                    1894501.17e3, 1e-12);
    int reps[4] = {0};
    for (size_t i = 0; i < s.n; i++) {
        assert_in_range(s.samples[i].repetition, 1, 3);
        assert_int_equal(s.samples[i].line, s.samples[i].repetition);
        reps[s.samples[i].repetition]++;
    }
    assert_int_equal(reps[1], 6);
    assert_int_equal(reps[3], 6);
    const bdb_sample *x = tu_find(&s, "aes-256-cbc", "throughput",
                                  "block_size=16384");
    assert_non_null(x);
    assert_int_equal(x->repetition, 1);
    bdb_sink_free(&s);

    /* Without --tool the "#N :" markers in front of every row are enough
     * to claim the file (seed 000's layout)... */
    bdb_diag d;
    bdb_diag_clear(&d);
    bdb_sink_init(&s);
    int rc = tu_parse_file(DIR_REL "seed000-loop-m2-aes-256-cbc.txt", NULL,
                           &s, &d);
    assert_int_equal(rc, BDB_OK);
    assert_int_equal(s.n, 18);
    bdb_sink_free(&s);
    /* ...but a bare row alone is not. */
    bdb_sink_init(&s);
    rc = tu_parse_text("aes-256 cbc      1894501.17k  2118076.22k  2166392.75k  "
                       "2176573.44k  2181693.44k  2182086.66k\n", NULL, &s, &d);
    assert_int_equal(rc, BDB_EUNKNOWN);
    bdb_sink_free(&s);
}

static void openssl_speed__bare_row_five_columns__standard_sizes(void **state)
{
    (void)state;
    /* 1.0.x prints 5 columns and "aes-256 cbc" with a blank. */
    bdb_sink s;
    text_ok("#1 :aes-256 cbc      19373.50k    20436.75k    20813.25k    "
            "20986.47k    20941.73k\n"
            "#2 :aes-256 cbc      19373.60k    20436.75k    20813.25k    "
            "20986.47k    20941.80k\n",
            &s);
    assert_int_equal(s.n, 10);
    tu_assert_value(&s, "aes-256-cbc", "throughput", "block_size=8192",
                    20941.73e3, 1e-12);
    assert_null(tu_find(&s, NULL, "throughput", "block_size=16384"));
    bdb_sink_free(&s);
}

static void openssl_speed__old_layout__names_zero_rows_and_plain_bytes(void **state)
{
    (void)state;
    /* Layout of OpenSSL 1.0.x (5 sizes, names with blanks, 0.00 rows for
     * algorithms the build lacks, values <= 10000 B/s printed without 'k'),
     * figures made up for the test. */
    bdb_sink s;
    text_ok("OpenSSL 1.0.1f 6 Jan 2014\n"
            "built on: Fri Jan  9 18:00:48 UTC 2015\n"
            "options:bn(64,32) rc4(ptr,char) des(idx,cisc,16,long)\n"
            "compiler: cc -fPIC -DOPENSSL_PIC\n"
            " -D_FORTIFY_SOURCE=2 -Wall\n"
            "The 'numbers' are in 1000s of bytes per second processed.\n"
            "type             16 bytes     64 bytes    256 bytes   1024 bytes"
            "   8192 bytes\n"
            "md2                  0.00         0.00         0.00         0.00"
            "         0.00 \n"
            "des ede3          4672.83k     4775.56k     4796.24k     4800.45k"
            "     4824.83k\n"
            "whirlpool         9876.54     11408.34k     2275.29k     2687.46k"
            "     2845.34k\n"
            "                  sign    verify    sign/s verify/s\n"
            "rsa  512 bits 0.001124s 0.000105s    890.0   9550.8\n"
            "rsa 4096 bits 0.302581s 0.004887s      3.3    204.6\n"
            "                              op      op/s\n"
            " 160 bit ecdh (secp160r1)   0.0021s    468.1\n",
            &s);
    assert_string_equal(s.tool_version, "1.0.1f");
    assert_null(tu_find(&s, "md2", "throughput", NULL));
    assert_true(has_note(&s, "md2: every figure is 0"));
    tu_assert_value(&s, "des-ede3", "throughput", "block_size=16", 4672.83e3,
                    1e-12);
    tu_assert_value(&s, "whirlpool", "throughput", "block_size=16", 9876.54,
                    1e-12);
    tu_assert_value(&s, "rsa512", "sign_per_sec", NULL, 890.0, 1e-12);
    /* "3.3" has 2 digits, "0.302581s" 6: the rate comes from the time */
    tu_assert_value(&s, "rsa4096", "sign_per_sec", NULL, 1.0 / 0.302581, 1e-9);
    tu_assert_value(&s, "ecdh-secp160r1", "op_per_sec", NULL, 468.1, 1e-12);
    assert_int_equal(s.n, 10 + 8 + 2);
    bdb_sink_free(&s);
}

static void openssl_speed__mr_old_rsa_times__turned_into_rates(void **state)
{
    (void)state;
    /* OpenSSL < 1.1.1 -mr prints seconds per operation. */
    bdb_sink s;
    text_ok("+F2:0:512:0.001124:0.000105\n", &s);
    tu_assert_value(&s, "rsa512", "sign_per_sec", NULL, 1.0 / 0.001124, 1e-9);
    tu_assert_value(&s, "rsa512", "verify_time", NULL, 0.000105, 1e-9);
    bdb_sink_free(&s);
    text_ok("+F4:3:256:0.000014:0.000042\n", &s);
    assert_true(has_note(&s, "read as operations/s"));
    tu_assert_value(&s, "ecdsa-nistp256", "sign_per_sec", NULL, 0.000014,
                    1e-9);
    bdb_sink_free(&s);
}

static void openssl_speed__new_rsa_layout__encrypt_decrypt(void **state)
{
    (void)state;
    /* The 3.2+ columns, figures made up for the test. */
    bdb_sink s;
    text_ok("version: 3.2.0\n"
            "                   sign    verify    encrypt   decrypt   sign/s "
            "verify/s  encr./s  decr./s\n"
            "rsa  2048 bits 0.000450s 0.000013s 0.000014s 0.000454s   2220.3  "
            "77590.4  73102.4   2201.3\n"
            "                               keygen    encaps    decaps "
            "keygens/s  encaps/s  decaps/s\n"
            "                    rsa2048 0.005772s 0.000001s 0.000027s     "
            "173.2 1243835.5   37149.9\n",
            &s);
    assert_int_equal(s.n, 8 + 6);
    tu_assert_value(&s, "rsa2048", "encrypt_per_sec", NULL, 73102.4, 1e-12);
    tu_assert_value(&s, "rsa2048", "decrypt_per_sec", NULL, 2201.3, 1e-12);
    tu_assert_value(&s, "rsa2048", "encaps_per_sec", "table=kem", 1243835.5,
                    1e-12);
    bdb_sink_free(&s);
}


static void openssl_speed__algorithm_missing__error_not_zero(void **state)
{
    (void)state;
    expect_error(FIX_REL "rc4-unknown.txt", 1,
                 "algorithm RC4 is not available in this build");
    expect_error(FIX_REL "evp-rc4-unknown.txt", 2,
                 "Couldn't init the context");
}

static void openssl_speed__missing_algorithm_beside_others__warns(void **state)
{
    (void)state;
    size_t l1, l2;
    char *a = tu_read(FIX_REL "rc4-unknown.txt", &l1);
    char *b = tu_read(DIR_REL "hash-bytes1024.txt", &l2);
    char *both = malloc(l1 + l2 + 1);
    memcpy(both, a, l1);
    memcpy(both + l1, b, l2 + 1);
    bdb_sink s;
    text_ok(both, &s);
    assert_int_equal(s.n, 3);
    assert_null(tu_find(&s, "rc4", "throughput", NULL));
    assert_true(has_note(&s, "algorithm RC4 is not available"));
    assert_true(has_note(&s, "rc4: every figure is 0"));
    free(a);
    free(b);
    free(both);
    bdb_sink_free(&s);
}

static void openssl_speed__truncated__error_with_line(void **state)
{
    (void)state;
    expect_error(FIX_REL "broken-truncated-header.txt", 20,
                 "header without rows");
    tu_expect_warning(FIX_REL "broken-truncated-row.txt", NULL, NULL, 1, 22,
                      "expected 6 figures");
    /* -multi children reported, but the summary never came */
    size_t len;
    char *text = tu_read(DIR_REL "multi2-evp-aes-128-cbc.txt", &len);
    char *ver = strstr(text, "version: ");
    assert_non_null(ver);
    *ver = '\0';
    bdb_sink s;
    bdb_sink_init(&s);
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(tu_parse_text(text, TOOL, &s, &d), BDB_EPARSE);
    assert_int_equal(d.line, 28); /* the first "Got: +F" line */
    free(text);
    bdb_sink_free(&s);

    /* the capture stops inside the last figure: "1144324.1" lost its k */
    text = tu_read(DIR_REL "elapsed-aes-cbc.txt", &len);
    char *cut = strstr(text, "1144324.1");
    assert_non_null(cut);
    cut[9] = '\0';
    /* the rows before the cut are kept */
    tu_expect_warning(NULL, text, TOOL, 1, 22, "truncated row");
    free(text);
}

static void openssl_speed__any_prefix_of_a_sample__never_crashes(void **state)
{
    (void)state;
    static const char *const files[] = {
        "multi2-evp-aes-128-cbc.txt", "ecdsa-ecdh-eddsa.txt",
        "mr-multi2-rsa2048.txt", "seed000-loop-m2-aes-256-cbc.txt"};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char rel[256];
        snprintf(rel, sizeof rel, DIR_REL "%s", files[f]);
        size_t len;
        char *text = tu_read(rel, &len);
        for (size_t cut = 1; cut < len; cut += 7) {
            char saved = text[cut];
            text[cut] = '\0';
            bdb_sink s;
            bdb_sink_init(&s);
            bdb_diag d;
            bdb_diag_clear(&d);
            int rc = tu_parse_text(text, TOOL, &s, &d);
            assert_true(rc == BDB_OK || rc == BDB_EPARSE);
            if (rc == BDB_EPARSE)
                assert_true(d.message[0] != '\0');
            bdb_sink_free(&s);
            text[cut] = saved;
        }
        free(text);
    }
}

/* The published logs in shared/reference-logs (beside the checkout, when
 * present) all import. They are not copied into the project. */
static void openssl_speed__reference_logs__all_import(void **state)
{
    (void)state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/../shared/reference-logs/openssl-speed",
             BDB_SOURCE_DIR);
    DIR *d = opendir(dir);
    if (!d) {
        print_message("no reference logs at %s: skipped\n", dir);
        skip();
    }
    struct dirent *e;
    int n = 0;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "rb");
        if (!f)
            continue;
        char *buf = malloc(1 << 20);
        size_t len = fread(buf, 1, (1 << 20) - 1, f);
        fclose(f);
        buf[len] = '\0';
        bdb_sink s;
        bdb_sink_init(&s);
        bdb_diag dg;
        bdb_diag_clear(&dg);
        int rc = tu_parse_text(buf, NULL, &s, &dg);
        if (rc != BDB_OK || s.n == 0)
            fail_msg("%s: rc %d line %d: %s", e->d_name, rc, dg.line,
                     dg.message);
        free(buf);
        bdb_sink_free(&s);
        n++;
    }
    closedir(d);
    print_message("reference logs imported: %d\n", n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(openssl_speed__elapsed_table__reads_k_as_1000_bytes),
        cmocka_unit_test(openssl_speed__evp_upper_case_name__normalised_with_evp),
        cmocka_unit_test(openssl_speed__multi_summary_row__imported_with_multi),
        cmocka_unit_test(openssl_speed__multi_row_labelled_wrongly__uses_children_name),
        cmocka_unit_test(openssl_speed__mr_lines__bytes_per_second),
        cmocka_unit_test(openssl_speed__mr_multi_rsa__rates_summed_over_children),
        cmocka_unit_test(openssl_speed__rsa_table__sign_verify_rates_and_times),
        cmocka_unit_test(openssl_speed__ecdsa_ecdh_eddsa__named_by_curve),
        cmocka_unit_test(openssl_speed__bytes_option__one_block_size),
        cmocka_unit_test(openssl_speed__seed000_bare_rows__repetitions_when_forced),
        cmocka_unit_test(openssl_speed__bare_row_five_columns__standard_sizes),
        cmocka_unit_test(openssl_speed__old_layout__names_zero_rows_and_plain_bytes),
        cmocka_unit_test(openssl_speed__mr_old_rsa_times__turned_into_rates),
        cmocka_unit_test(openssl_speed__new_rsa_layout__encrypt_decrypt),
        cmocka_unit_test(openssl_speed__algorithm_missing__error_not_zero),
        cmocka_unit_test(openssl_speed__missing_algorithm_beside_others__warns),
        cmocka_unit_test(openssl_speed__truncated__error_with_line),
        cmocka_unit_test(openssl_speed__any_prefix_of_a_sample__never_crashes),
        cmocka_unit_test(openssl_speed__reference_logs__all_import),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
