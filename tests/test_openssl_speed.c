/* test_openssl_speed.c - the `openssl speed` parser on the real samples in
 * samples/openssl-speed/ (OpenSSL 3.0.22 and 3.0.19 of this machine), on
 * short excerpts of published real outputs of other versions and machines
 * (quoted below with their sources: 1.0.1f and 1.1.0f on ARMv7, sbc-bench
 * with per-cluster rows, 4.0.0-dev's RSA encrypt/decrypt columns), on
 * captures cut short, and on error lines between rows. */
#include "test_util.h"

/* Shorthands over the shared helpers in test_util.h. */
#define parse_ok(rel, tool, s) tu_parse_ok(rel, tool, s)
#define text_ok(text, s) tu_text_ok(text, TOOL, s)
#define expect_error(rel, line, needle) tu_expect_error(rel, NULL, NULL, line, needle)

#include <dirent.h>
#include <math.h>
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

/* The line of the first note that contains needle, 0 when none. */
static int note_line(const bdb_sink *s, const char *needle)
{
    for (size_t i = 0; i < s->nnotes; i++)
        if (strstr(s->notes[i].text, needle))
            return s->notes[i].line;
    return 0;
}

/* ---- real samples of this machine ------------------------------------- */

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
    assert_int_equal(s.nnotes, 0);
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

static void openssl_speed__mr_multi_evp__parent_sum_line_with_children_count(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_REL "multi2-mr-evp-aes-128-gcm.txt", NULL, &s);
    /* the children's "Got: +F:" lines are partial sums; only the parent's
     * "+F:" line (line 31, no "+H" of its own: the children's sizes) */
    assert_int_equal(s.n, 6);
    for (size_t i = 0; i < s.n; i++)
        assert_int_equal(s.samples[i].line, 31);
    tu_assert_value(&s, "aes-128-gcm", "throughput",
                    "block_size=8192,multi=2,elapsed=1,evp=1", 1584835579.52,
                    1e-12);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

/* SSLeay 0.7.3r on a 167 MHz UltraSPARC, Solaris 2.5.1 (1997), whole as
 * published (search index id 530746858, bench/corpus SOURCES.tsv
 * openssl-speed/ssleay-0.7.3-solaris-ultrasparc-rsa-dsa-times-only-no-
 * rates.txt): its rsa and dsa rows print two times and no rates, no
 * header, and the verify time has no 's'. */
static const char ssleay_073[] =
    "Sparc 2000? - Solaris 2.5.1 - 167mhz Ultra sparc\n"
    "\n"
    "SSLeay 0.7.3r 20-May-1997\n"
    "built on Mon Jun  2 02:25:48 EST 1997\n"
    "options:bn(64,32) md2(int) rc4(ptr,char) des(ptr,risc1,16,long) idea(int) blowfish(ptr)\n"
    "C flags:cc cc -xtarget=ultra -xarch=v8plus -Xa -xO5 -Xa -DB_ENDIAN\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type              8 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n"
    "md2               135.23k      389.87k      536.66k      591.87k      603.48k\n"
    "md5              1534.38k     6160.41k     9842.69k    11446.95k    11993.09k\n"
    "sha              1178.30k     5020.74k     8532.22k    10275.50k    11010.05k\n"
    "sha1             1114.22k     4703.94k     7703.81k     9236.14k     9756.67k\n"
    "rc4             10818.03k    13327.57k    13711.10k    13810.69k    13836.29k\n"
    "des cbc          3052.44k     3320.02k     3356.25k     3369.98k     3295.91k\n"
    "des ede3         1310.32k     1359.98k     1367.47k     1362.94k     1362.60k\n"
    "idea cbc         1749.52k     1833.13k     1844.74k     1848.32k     1848.66k\n"
    "rc2 cbc          1950.25k     2053.23k     2064.21k     2072.58k     2072.58k\n"
    "blowfish cbc     4927.16k     5659.75k     5762.73k     5797.55k     5805.40k\n"
    "rsa  512 bits   0.021s   0.003\n"
    "rsa 1024 bits   0.126s   0.003\n"
    "rsa 2048 bits   0.888s   0.032\n"
    "rsa 4096 bits   6.770s   0.122\n"
    "dsa  512 bits   0.022s   0.043\n"
    "dsa 1024 bits   0.076s   0.151\n"
    "dsa 2048 bits   0.286s   0.574\n";

static void openssl_speed__ssleay_times_only_rows__sign_and_verify_read(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(ssleay_073, NULL, &s);
    /* "rsa 1024 bits   0.126s   0.003" (line 20) */
    tu_assert_value(&s, "rsa1024", "sign_time", NULL, 0.126, 1e-9);
    tu_assert_value(&s, "rsa1024", "verify_time", NULL, 0.003, 1e-9);
    tu_assert_value(&s, "rsa1024", "sign_per_sec", NULL, 1 / 0.126, 1e-9);
    assert_int_equal(tu_line_of(&s, "sign_time", NULL), 19);
    /* "dsa 2048 bits   0.286s   0.574" (line 25) */
    tu_assert_value(&s, "dsa2048", "verify_time", NULL, 0.574, 1e-9);
    /* the throughput table above them: "md5 ... 11993.09k" at 8192 bytes */
    tu_assert_value(&s, "md5", "throughput", "block_size=8192", 11993.09e3,
                    1e-9);
    /* seven rows of two operations, each a rate and a time */
    assert_int_equal(tu_count(&s, "sign_time"), 7);
    assert_int_equal(tu_count(&s, "verify_time"), 7);
    bdb_sink_free(&s);
}

/* OpenSSL 3.2.0-dev under qemu-user, quoted in a qemu-devel mail whose
 * client hard-wrapped the header and the row after the 1024-bytes column
 * (search index id 44001200544, bench/corpus SOURCES.tsv openssl-speed/
 * openssl-3.2.0-dev-qemu-mail-rows-wrapped-after-four-columns.txt, lines
 * 6-18 of the kept part). */
static const char qemu_wrapped[] =
    "$ apps/openssl speed -evp aes-128-gcm\n"
    "version: 3.2.0-dev\n"
    "built on: Mon Aug 21 17:57:37 2023 UTC\n"
    "options: bn(64,64)\n"
    "compiler: x86_64-linux-gnu-gcc -pthread -m64 -Wa,--noexecstack -Wall\n"
    "-O3 -DOPENSSL_USE_NODELETE -DL_ENDIAN -DOPENSSL_BUILDING_OPENSSL\n"
    "-DNDEBUG\n"
    "CPUINFO: OPENSSL_ia32cap=0xfed8320b0fcbfffd:0x8001020c01d843a9\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes\n"
    "8192 bytes  16384 bytes\n"
    "AES-128-GCM       8856.13k    13820.95k    17375.49k    16826.37k\n"
    "16870.06k    17208.66k\n";

static void openssl_speed__rows_wrapped_after_four_columns__all_six_read(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(qemu_wrapped, NULL, &s);
    tu_assert_value(&s, "aes-128-gcm", "throughput", "block_size=1024,evp=1",
                    16826.37e3, 1e-9);
    /* "16870.06k    17208.66k" on the next line: 8192 and 16384 bytes */
    tu_assert_value(&s, "aes-128-gcm", "throughput", "block_size=8192,evp=1",
                    16870.06e3, 1e-9);
    tu_assert_value(&s, "aes-128-gcm", "throughput", "block_size=16384,evp=1",
                    17208.66e3, 1e-9);
    assert_int_equal(tu_count(&s, "throughput"), 6);
    assert_int_equal(tu_line_of(&s, "throughput", "block_size=16,evp=1"), 12);
    assert_int_equal(tu_line_of(&s, "throughput", "block_size=16384,evp=1"), 13);
    /* an import (the unread-figure account) warns each line whose
     * numbers no figure reads: */
    assert_int_equal(s.unread_lines, 1);
    assert_true(tu_has_warning(&s, 11, "numbers not read: 8192, 16384"));
    assert_int_equal(tu_count_warnings(&s), 1);
    bdb_sink_free(&s);
}

/* openssl speed with the afalg engine on a Geode LX, quoted in a reply
 * whose mail client wrapped the header inside its last pair ("8192" /
 * "bytes  16384 bytes") and the row before its last figure (search index
 * id 27244976760, bench/corpus SOURCES.tsv openssl-speed/
 * ho6-geode-lx-afalg-engine-mail-quote-wrapped-16384-column.txt, lines
 * 3-9). */
static const char geode_wrapped[] =
    "> # openssl speed -evp aes-128-cbc -elapsed -engine afalg\n"
    "> - - - 8< - - -\n"
    "> The 'numbers' are in 1000s of bytes per second processed.\n"
    "> type             16 bytes     64 bytes    256 bytes   1024 bytes   8192\n"
    "> bytes  16384 bytes\n"
    "> aes-128-cbc        125.63k      499.39k     1858.18k     6377.00k 25753.93k\n"
    "> 31167.08k\n";

static void openssl_speed__header_wrapped_inside_a_pair__six_sizes_read(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(geode_wrapped, NULL, &s);
    assert_int_equal(tu_count(&s, "throughput"), 6);
    const char *p16k = "block_size=16384,elapsed=1,engine=afalg,evp=1";
    tu_assert_value(&s, "aes-128-cbc", "throughput", p16k, 31167.08e3, 1e-9);
    assert_int_equal(tu_line_of(&s, "throughput", p16k), 7);
    const char *p8k = "block_size=8192,elapsed=1,engine=afalg,evp=1";
    tu_assert_value(&s, "aes-128-cbc", "throughput", p8k, 25753.93e3, 1e-9);
    assert_int_equal(tu_line_of(&s, "throughput", p8k), 6);
    /* the header's second half is no figure: no warning at line 5 */
    for (size_t i = 0; i < s.nnotes; i++)
        assert_int_not_equal(s.notes[i].line, 5);
    bdb_sink_free(&s);
}

/* A damaged "type" line of more tokens than a row may hold (the
 * tokenizer answers -1) before a "bytes" line: the wrapped-header reader
 * read t[-2] (UBSan: index -2 out of bounds, test_robustness on a
 * damaged sample). It is no header: the table after it is read by its
 * own header, and nothing is read out of bounds. */
static void openssl_speed__overlong_type_line_before_bytes__no_header(void **state)
{
    (void)state;
    char text[4096];
    size_t n = (size_t)snprintf(text, sizeof text, "type");
    for (int i = 0; i < 30; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, " %d bytes", 16 << (i % 8));
    snprintf(text + n, sizeof text - n, " 8192\n%s",
             "bytes  16384 bytes\n"
             "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
             "aes-128-cbc        125.63k      499.39k     1858.18k     6377.00k 25753.93k 31167.08k\n");
    bdb_sink s;
    bdb_sink_init(&s);
    int rc = tu_parse_text(text, TOOL, &s, NULL);
    assert_int_equal(rc, BDB_OK);
    /* the real header's six sizes, not the damaged line's */
    assert_int_equal(tu_count(&s, "throughput"), 6);
    bdb_sink_free(&s);
}

/* A public-key row wrapped after its times, its rates alone on the next
 * line. No published log of the corpus has one: the row is the real
 * "rsa 1024 bits" row of OpenSSL 1.1.1g on Windows (search index id
 * 13134083751, bench/corpus SOURCES.tsv openssl-speed/
 * windows-cl-1.1.1g-rsa1024.txt, lines 12-13), broken here where a mail
 * client breaks a line too long for it. Read at the row's first line. */
static const char pk_wrapped_row[] =
    "                  sign    verify    sign/s verify/s\n"
    "rsa 1024 bits 0.000086s 0.000006s\n"
    " 11638.9 155734.6\n";

static void openssl_speed__pk_row_wrapped_after_times__read_at_first_line(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(pk_wrapped_row, &s);
    tu_assert_value(&s, "rsa1024", "sign_per_sec", NULL, 11638.9, 1e-12);
    tu_assert_value(&s, "rsa1024", "verify_per_sec", NULL, 155734.6, 1e-12);
    assert_int_equal(tu_line_of(&s, "sign_per_sec", NULL), 2);
    assert_int_equal(tu_count_warnings(&s), 0);
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

static void openssl_speed__every_3x_pk_table__rsa_dsa_ecdsa_ecdh_eddsa_ffdh(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_REL "pk-rsa-dsa-ecdsa-ecdh-eddsa-ffdh.txt", NULL, &s);
    assert_int_equal(s.n, 4 + 4 + 4 + 2 + 4 + 2);
    tu_assert_value(&s, "rsa1024", "verify_per_sec", NULL, 171745.1, 1e-12);
    tu_assert_value(&s, "dsa2048", "sign_per_sec", NULL, 3544.2, 1e-12);
    tu_assert_value(&s, "ecdsa-nistp384", "verify_per_sec", NULL, 1455.0,
                    1e-12);
    tu_assert_value(&s, "ecdh-x25519", "op_per_sec", NULL, 27356.8, 1e-12);
    tu_assert_value(&s, "ed448", "sign_per_sec", NULL, 5667.6, 1e-12);
    tu_assert_value(&s, "ffdh2048", "op_time", NULL, 1.0 / 2876.7, 1e-9);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

static void openssl_speed__mr_pk_lines_3x__curves_and_ffdh_named(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_REL "mr-ecdsa-ecdh-eddsa-ffdh.txt", NULL, &s);
    assert_int_equal(s.n, 4 + 2 + 4 + 2);
    /* +F4:3:256: is curve #3 of 256 bits, nistp256; 3.x prints op/s */
    tu_assert_value(&s, "ecdsa-nistp256", "sign_per_sec", NULL, 39435.353535,
                    1e-12);
    tu_assert_value(&s, "ecdh-nistp256", "op_per_sec", NULL, 16028.0, 1e-12);
    tu_assert_value(&s, "ed25519", "verify_per_sec", NULL, 8913.131313, 1e-12);
    tu_assert_value(&s, "ffdh2048", "op_per_sec", NULL, 2778.0, 1e-12);
    /* "+F6"/"+F8" exist only since 1.1.1: the "+F4" lines are rates,
     * without a guess or a warning */
    assert_int_equal(s.nnotes, 0);
    /* the text table of the same curves names them the same way */
    bdb_sink t;
    parse_ok(DIR_REL "ecdsa-ecdh-eddsa.txt", NULL, &t);
    assert_non_null(tu_find(&t, "ecdsa-nistp256", "sign_per_sec", NULL));
    assert_non_null(tu_find(&t, "ed25519", "sign_per_sec", NULL));
    bdb_sink_free(&t);
    bdb_sink_free(&s);
}

static void openssl_speed__mr_before_1_1_1__times_turned_into_rates(void **state)
{
    (void)state;
    /* hand-made from 1.0.2 speed.c's formats ("+F2:%u:%u:%f:%f" of
     * rsa_results, seconds per operation; "+F5:%u:%u:%f:%f" of the ECDH
     * time and its reciprocal) with the figures of finnie's 1.0.1f table:
     * rsa 512 0.001124s 0.000105s, ecdh (secp160r1) 0.0021s */
    bdb_sink s;
    text_ok("+F2:0:512:0.001124:0.000105\n", &s);
    /* signing is slower than verifying: these are times */
    tu_assert_value(&s, "rsa512", "sign_per_sec", NULL, 1.0 / 0.001124, 1e-9);
    tu_assert_value(&s, "rsa512", "verify_time", NULL, 0.000105, 1e-9);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
    /* a value then its reciprocal, the smaller first: a time */
    text_ok("+F5:0:160:0.002100:476.190476\n", &s);
    tu_assert_value(&s, "ecdh-secp160r1", "op_per_sec", NULL, 476.190476,
                    1e-9);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
    /* LibreSSL's speed is 1.0.1's (OpenBSD usr.bin/openssl/speed.c):
     * hand-made from its "%s\n" of SSLeay_version() and "+F4:%u:%u:%f:%f"
     * of ecdsa_results, seconds per operation */
    text_ok("LibreSSL 3.3.6\n+F4:3:256:0.000014:0.000042\n", &s);
    assert_string_equal(s.tool_version, "LibreSSL 3.3.6");
    tu_assert_value(&s, "ecdsa-nistp256", "sign_per_sec", NULL,
                    1.0 / 0.000014, 1e-9);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
    /* ECDSA alone does not say which: read as rates, with a warning */
    text_ok("+F4:3:256:0.000014:0.000042\n", &s);
    assert_true(has_note(&s, "read as operations/s"));
    bdb_sink_free(&s);
}

static void openssl_speed__multi_text_pk_tables__summary_with_multi(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_REL "multi2-rsa2048-ecdhp256.txt", NULL, &s);
    assert_int_equal(s.n, 6); /* "Got: +F2"/"+F5" per child are not figures */
    tu_assert_value(&s, "rsa2048", "sign_per_sec", "multi=2,elapsed=1",
                    2891.4, 1e-12);
    tu_assert_value(&s, "ecdh-nistp256", "op_per_sec", "multi=2", 31416.0,
                    1e-12);
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
    parse_ok(DIR_REL "bytes4096-evp-aes-128-gcm.txt", NULL, &s);
    assert_int_equal(s.n, 1);
    tu_assert_value(&s, "aes-128-gcm", "throughput", "block_size=4096,evp=1",
                    3226214.40e3, 1e-12);
    bdb_sink_free(&s);
}

static void openssl_speed__aead_sizes_in_header__aead_param(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_REL "aead-evp-aes-128-gcm.txt", NULL, &s);
    assert_int_equal(s.n, 6);
    /* -aead is printed nowhere but in its block sizes 2 31 136 ...: the
     * 1024-byte figure must not pool with a plain -evp run's */
    tu_assert_value(&s, "aes-128-gcm", "throughput",
                    "block_size=1024,evp=1,aead=1", 1372596.83e3, 1e-12);
    tu_assert_value(&s, "aes-128-gcm", "throughput", "block_size=2,aead=1",
                    3226.50e3, 1e-12);
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

/* ---- settings from the command line ------------------------------------ */

static void openssl_speed__prompt_line_in_a_typescript__settings_become_params(void **state)
{
    (void)state;
    /* `script` capture: "bench@debian:~$ openssl speed -seconds 1 -multi 2
     * -evp aes-256-gcm -bytes 16384", CRLF line ends, and a headerless
     * -multi summary row whose size comes from the children's "+H:16384" */
    bdb_sink s;
    parse_ok(DIR_REL "script-prompt-multi2-evp-aes-256-gcm-bytes16384.txt",
             NULL, &s);
    assert_int_equal(s.n, 1);
    tu_assert_value(&s, "aes-256-gcm", "throughput",
                    "block_size=16384,multi=2,seconds=1,evp=1,elapsed=1",
                    1839404.10e3, 1e-12);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

static void openssl_speed__set_x_line__elapsed_seconds_decrypt(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_REL "setx-elapsed-bytes1024-sha.txt", NULL, &s);
    assert_int_equal(s.n, 2);
    tu_assert_value(&s, "sha512", "throughput",
                    "block_size=1024,elapsed=1,seconds=1", 164079.62e3, 1e-12);
    bdb_sink_free(&s);
    /* -decrypt (printed nowhere else) applies to the -evp cipher only,
     * not to the -hmac digest of the same run */
    parse_ok(DIR_REL "setx-decrypt-evp-aes-128-cbc-hmac-sha256.txt", NULL, &s);
    assert_int_equal(s.n, 12);
    tu_assert_value(&s, "aes-128-cbc", "throughput",
                    "block_size=16,decrypt=1,evp=1,seconds=1", 920244.00e3,
                    1e-12);
    const bdb_sample *h = tu_find(&s, "hmac(sha256)", "throughput",
                                  "block_size=16");
    assert_non_null(h);
    assert_null(bdb_params_get(&h->params, "decrypt"));
    assert_string_equal(bdb_params_get(&h->params, "seconds"), "1");
    bdb_sink_free(&s);
}

static void openssl_speed__command_and_printed_seconds_disagree__printed_wins_with_warning(void **state)
{
    (void)state;
    size_t len;
    char *raw = tu_read(DIR_REL "setx-elapsed-bytes1024-sha.txt", &len);
    char *text = tu_replace(raw, "-seconds 1", "-seconds 3");
    free(raw);
    bdb_sink s;
    text_ok(text, &s);
    free(text);
    assert_int_equal(s.n, 2);
    assert_non_null(tu_find(&s, "sha256", "throughput", "seconds=1"));
    assert_null(tu_find(&s, "sha256", "throughput", "seconds=3"));
    /* at the first "Doing ... for 1s" line */
    assert_int_equal(note_line(&s, "says -seconds 3 but speed ran for 1s"), 3);
    bdb_sink_free(&s);
}

static void openssl_speed__command_multi_below_children__children_win_with_warning(void **state)
{
    (void)state;
    size_t len;
    char *raw = tu_read(DIR_REL "script-prompt-multi2-evp-aes-256-gcm-bytes16384.txt",
                        &len);
    char *text = tu_replace(raw, "-multi 2", "-multi 1");
    free(raw);
    bdb_sink s;
    text_ok(text, &s);
    free(text);
    assert_int_equal(s.n, 1);
    assert_non_null(tu_find(&s, "aes-256-gcm", "throughput", "multi=2"));
    assert_true(has_note(&s, "says -multi 1 but the log shows 2 children"));
    bdb_sink_free(&s);
}

static void openssl_speed__command_quoted_in_markdown__settings_read(void **state)
{
    (void)state;
    /* hand-made note around the real bytes4096 sample: the command as a
     * Markdown code span in prose */
    size_t len;
    char *raw = tu_read(DIR_REL "bytes4096-evp-aes-128-gcm.txt", &len);
    const char *note = "Ran `openssl speed -seconds 1 -bytes 4096 -evp "
                       "aes-128-gcm` on the box:\n";
    char *text = malloc(strlen(note) + len + 1);
    memcpy(text, note, strlen(note));
    memcpy(text + strlen(note), raw, len + 1);
    free(raw);
    bdb_sink s;
    text_ok(text, &s);
    free(text);
    assert_int_equal(s.n, 1);
    tu_assert_value(&s, "aes-128-gcm", "throughput",
                    "block_size=4096,seconds=1,evp=1", 3226214.40e3, 1e-12);
    bdb_sink_free(&s);
}

static void openssl_speed__bare_row_kept_with_its_command__bytes_give_block_size(void **state)
{
    (void)state;
    /* `openssl speed -bytes 4096 ... | tail -n 1` after the command: the
     * last line of the real bytes4096 sample under its own command */
    bdb_sink s;
    text_ok("$ openssl speed -seconds 1 -bytes 4096 -evp aes-128-gcm\n"
            "AES-128-GCM    3226214.40k\n",
            &s);
    assert_int_equal(s.n, 1);
    tu_assert_value(&s, "aes-128-gcm", "throughput",
                    "block_size=4096,seconds=1,evp=1", 3226214.40e3, 1e-12);
    bdb_sink_free(&s);
}

/* ---- published real outputs of other versions and machines ----------- */

static void openssl_speed__lkp_4_0_rsa_encrypt_decrypt__multi_from_timestamped_command(void **state)
{
    (void)state;
    /* intel/lkp-tests, spec/fixtures/stats/openssl-speed/03 (OpenSSL
     * 4.0.0-dev, x86_64, 256 children; the fixture keeps 2 of the 256
     * "Forked child" lines and one "Got:" line), verbatim, compiler and
     * CPUINFO lines left out:
     * https://github.com/intel/lkp-tests/blob/master/spec/fixtures/stats/openssl-speed/03 */
    static const char lkp[] =
        "Running openssl-speed benchmark...\n"
        "2026-07-14 15:13:21 ./apps/openssl speed -multi 256 -seconds 30 rsa4096\n"
        "Forked child 0\n"
        "Forked child 1\n"
        "Got: +F2:4:4096:145.433333:4963.200000:4908.133333:144.851716 from 255\n"
        "version: 4.0.0-dev\n"
        "built on: Fri Oct 10 14:26:16 2025 UTC\n"
        "options: bn(64,64)\n"
        "                   sign    verify    encrypt   decrypt   sign/s verify/s  encr./s  decr./s\n"
        "rsa  4096 bits 0.000027s 0.000001s 0.000001s 0.000027s  37194.7 1263871.1 1249692.8  36930.9\n"
        "                               keygen    encaps    decaps keygens/s  encaps/s  decaps/s\n"
        "                    rsa4096 0.005772s 0.000001s 0.000027s     173.2 1243835.5   37149.9\n"
        "                               keygen     signs    verify keygens/s    sign/s  verify/s\n"
        "                    rsa4096 0.005736s 0.000027s 0.000001s     174.3   37077.0 1269275.4\n";
    bdb_sink s;
    text_ok(lkp, &s);
    assert_string_equal(s.tool_version, "4.0.0-dev");
    assert_int_equal(s.n, 8 + 6 + 6);
    /* the capture shows fewer children than -multi 256 asked for: the
     * command's count stands, without a warning */
    tu_assert_value(&s, "rsa4096", "encrypt_per_sec",
                    "multi=256,seconds=30,elapsed=1", 1249692.8, 1e-12);
    tu_assert_value(&s, "rsa4096", "decrypt_per_sec", "multi=256", 36930.9,
                    1e-12);
    tu_assert_value(&s, "rsa4096", "encaps_per_sec", "table=kem,multi=256",
                    1243835.5, 1e-12);
    tu_assert_value(&s, "rsa4096", "sign_per_sec", "table=sig", 37077.0,
                    1e-12);
    /* an import (the unread-figure account) warns each line whose
     * numbers no figure reads: */
    assert_int_equal(s.unread_lines, 1);
    assert_true(tu_has_warning(&s, 2, "numbers not read: 2026, 07, 14, 15"));
    assert_int_equal(s.nnotes, 1);
    bdb_sink_free(&s);
}

static void openssl_speed__two_runs_engine_and_async_jobs__separate_series(void **state)
{
    (void)state;
    /* intel/container-experience-kits, verification/qat_openssl/README.md
     * (OpenSSL 1.1.1k FIPS, x86_64): the same rsa2048 without and with the
     * QAT engine, each after its "# openssl speed" prompt line; the
     * progress counts on lines of their own; verbatim but the compiler
     * lines and the prose between the code blocks left out:
     * https://github.com/intel/container-experience-kits/blob/master/verification/qat_openssl/README.md */
    bdb_sink s;
    text_ok("```\n"
            "# openssl speed rsa2048\n"
            "Doing 2048 bits private rsa's for 10s:\n"
            "10364 2048 bits private RSA's in 9.97s\n"
            "Doing 2048 bits public rsa's for 10s:\n"
            "354887 2048 bits public RSA's in 9.98s\n"
            "OpenSSL 1.1.1k  FIPS 25 Mar 2021\n"
            "built on: Fri Nov 12 17:53:47 2021 UTC\n"
            "options:bn(64,64) md2(char) rc4(16x,int) des(int) aes(partial) idea(int) blowfish(ptr)\n"
            "                  sign    verify    sign/s verify/s\n"
            "rsa 2048 bits 0.000962s 0.000028s   1039.5  35559.8\n"
            "```\n"
            "```\n"
            "# openssl speed -engine qatengine -async_jobs 8 rsa2048\n"
            "engine \"qatengine\" set.\n"
            "Doing 2048 bits private rsa's for 10s:\n"
            "42728 2048 bits private RSA's in 9.93s\n"
            "Doing 2048 bits public rsa's for 10s:\n"
            "797952 2048 bits public RSA's in 9.14s\n"
            "OpenSSL 1.1.1k  FIPS 25 Mar 2021\n"
            "built on: Fri Nov 12 17:53:47 2021 UTC\n"
            "options:bn(64,64) md2(char) rc4(16x,int) des(int) aes(partial) idea(int) blowfish(ptr)\n"
            "                  sign    verify    sign/s verify/s\n"
            "rsa 2048 bits 0.000232s 0.000011s   4302.9  87303.3\n"
            "```\n",
            &s);
    assert_string_equal(s.tool_version, "1.1.1k");
    assert_int_equal(s.n, 8);
    const bdb_sample *plain = tu_find(&s, "rsa2048", "sign_per_sec", NULL);
    assert_non_null(plain);
    assert_true(plain->value == 1039.5);
    assert_int_equal(plain->params.n, 0);
    assert_int_equal(plain->repetition, 1);
    const bdb_sample *qat = tu_find(&s, "rsa2048", "sign_per_sec",
                                    "engine=qatengine,async_jobs=8");
    assert_non_null(qat);
    assert_true(qat->value == 4302.9);
    assert_int_equal(qat->repetition, 1); /* another series, not a repeat */
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

static void openssl_speed__3_5_kem_and_signature_tables__after_a_root_prompt(void **state)
{
    (void)state;
    /* A blog post ("把QAT塞到nginx中", 2026-04-23) kept in a public GitHub
     * repository (found by content search, corpus document 53135724880):
     * OpenSSL 3.5.6 on a Xeon 8562Y+ with the QAT engine configured,
     * verbatim but the compiler and CPUINFO lines and the text between
     * the runs; "^[[A" is what the terminal echoed of two arrow keys
     * pressed during the run. */
    bdb_sink s;
    text_ok("[root@adlink ~]# /usr/local/ssl/bin/openssl speed  -elapsed -async_jobs 72  rsa2048\n"
            "You have chosen to measure elapsed time instead of user CPU time.\n"
            "Doing 2048 bits private rsa sign ops for 10s: 593553 2048 bits private RSA sign ops in 10.00s\n"
            "Doing 2048 bits public rsa verify ops for 10s: 3672717 2048 bits public RSA verify ops in 10.00s\n"
            "Doing 2048 bits public rsa encrypt ops for 10s: 2869273 2048 bits public RSA encrypt ops in 10.00s\n"
            "Doing 2048 bits private rsa decrypt ops for 10s: 593701 2048 bits private RSA decrypt ops in 10.00s\n"
            "Doing rsa2048 keygen ops for 10s: 288 rsa2048 KEM keygen ops in 10.01s\n"
            "Doing rsa2048 encaps ops for 10s: 2375105 rsa2048 KEM encaps ops in 10.00s\n"
            "Doing rsa2048 decaps ops for 10s: 593493 rsa2048 KEM decaps ops in 10.01s\n"
            "Doing rsa2048 keygen ops for 10s: 284 rsa2048 signature keygen ops in 10.01s\n"
            "Doing rsa2048 signs ops for 10s: 593553 rsa2048 signature sign ops in 10.00s\n"
            "Doing rsa2048 verify ops for 10s: ^[[A^[[A3486014 rsa2048 signature verify ops in 10.00s\n"
            "version: 3.5.6\n"
            "built on: Wed Apr 22 16:27:30 2026 UTC\n"
            "options: bn(64,64)\n"
            "                   sign    verify    encrypt   decrypt   sign/s verify/s  encr./s  decr./s\n"
            "rsa  2048 bits 0.000017s 0.000003s 0.000003s 0.000017s  59355.3 367271.7 286927.3  59370.1\n"
            "                               keygen    encaps    decaps keygens/s  encaps/s  decaps/s\n"
            "                    rsa2048 0.034757s 0.000004s 0.000017s      28.8  237510.5   59290.0\n"
            "                               keygen     signs    verify keygens/s    sign/s  verify/s\n"
            "                    rsa2048 0.035246s 0.000017s 0.000003s      28.4   59355.3  348601.4\n"
            "#硬件加速器已经有数据\n"
            "[root@adlink ~]# cat /sys/kernel/debug/qat_*/fw_counters\n"
            "AE          Requests        Responses\n"
            " 0:         17949407         17949407\n"
            /* the wrk run later in the same post: not openssl's rows */
            " ./wrk -t 20 -c 20000 https://172.16.10.44 \n"
            "Running 10s test @ https://172.16.10.44\n"
            "  20 threads and 20000 connections\n"
            "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
            "    Latency     4.38ms    1.90ms  97.47ms   76.84%\n"
            "    Req/Sec     5.79k     4.48k   17.64k    53.97%\n"
            "  874735 requests in 10.10s, 730.02MB read\n",
            &s);
    assert_string_equal(s.tool_version, "3.5.6");
    assert_int_equal(s.n, 8 + 6 + 6);
    tu_assert_value(&s, "rsa2048", "encrypt_per_sec",
                    "async_jobs=72,elapsed=1", 286927.3, 1e-12);
    tu_assert_value(&s, "rsa2048", "decaps_per_sec", "table=kem", 59290.0,
                    1e-12);
    tu_assert_value(&s, "rsa2048", "keygen_per_sec", "table=sig", 28.4,
                    1e-12);
    tu_assert_value(&s, "rsa2048", "verify_per_sec", "table=sig", 348601.4,
                    1e-12);
    /* the RSA table's sign/s and the signature table's are two series */
    const bdb_sample *a = tu_find(&s, "rsa2048", "verify_per_sec", NULL);
    assert_non_null(a);
    assert_null(bdb_params_get(&a->params, "table"));
    assert_true(a->value == 367271.7);
    /* an import (the unread-figure account) warns each line whose
     * numbers no figure reads: */
    assert_int_equal(s.unread_lines, 7);
    assert_true(tu_has_warning(&s, 25, "numbers not read: 0, 17949407"));
    assert_true(tu_has_warning(&s, 26, "numbers not read: 20, 20000"));
    assert_true(tu_has_warning(&s, 27, "numbers not read: 10, 172.16.10.44"));
    assert_true(tu_has_warning(&s, 31, "numbers not read: 5.79, 4.48, 17.64"));
    assert_true(tu_has_warning(&s, 32, "numbers not read: 874735, 10.10"));
    assert_int_equal(s.nnotes, 7);
    bdb_sink_free(&s);
}

/* Ryan Finnie, "Raspberry Pi 2 Ubuntu / Raspbian benchmarks", Utilite Pro
 * (i.MX6 Cortex-A9, armv7l), OpenSSL 1.0.1f, lines selected verbatim:
 * https://github.com/rfinnie/jekyll-finnie/blob/master/_posts/2015-02-21-raspberry-pi-2-ubuntu-raspbian-benchmarks.md */
static const char finnie_101f[] =
    "OpenSSL 1.0.1f 6 Jan 2014\n"
    "built on: Fri Jan  9 18:00:48 UTC 2015\n"
    "options:bn(64,32) rc4(ptr,char) des(idx,cisc,16,long) aes(partial) blowfish(ptr)\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n"
    "md2                  0.00         0.00         0.00         0.00         0.00\n"
    "des ede3          4672.83k     4775.56k     4796.24k     4800.45k     4824.83k\n"
    "aes-256 cbc      19373.50k    20436.75k    20813.25k    20986.47k    20941.73k\n"
    "camellia-128 cbc    18807.92k    20145.04k    20569.41k    20652.12k    20675.33k\n"
    "whirlpool          692.55k     1408.34k     2275.29k     2687.46k     2845.34k\n"
    "                  sign    verify    sign/s verify/s\n"
    "rsa  512 bits 0.001124s 0.000105s    890.0   9550.8\n"
    "rsa 4096 bits 0.302581s 0.004887s      3.3    204.6\n"
    "                  sign    verify    sign/s verify/s\n"
    "dsa 2048 bits 0.012430s 0.014396s     80.4     69.5\n"
    "                              sign    verify    sign/s verify/s\n"
    " 571 bit ecdsa (nistk571)   0.0511s   0.1296s     19.6      7.7\n"
    " 163 bit ecdsa (nistb163)   0.0024s   0.0081s    418.2    122.8\n"
    "                              op      op/s\n"
    " 160 bit ecdh (secp160r1)   0.0021s    468.1\n"
    " 233 bit ecdh (nistk233)   0.0067s    150.1\n"
    " 571 bit ecdh (nistb571)   0.0719s     13.9\n";

static void openssl_speed__1_0_1_armv7__five_sizes_binary_curves_zero_rows(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(finnie_101f, &s);
    assert_string_equal(s.tool_version, "1.0.1f");
    assert_null(tu_find(&s, "md2", "throughput", NULL));
    assert_true(has_note(&s, "md2: every figure is 0.00"));
    assert_false(has_note(&s, "truncated"));
    tu_assert_value(&s, "des-ede3", "throughput", "block_size=16", 4672.83e3,
                    1e-12);
    tu_assert_value(&s, "camellia-128-cbc", "throughput", "block_size=8192",
                    20675.33e3, 1e-12);
    assert_null(tu_find(&s, NULL, "throughput", "block_size=16384"));
    tu_assert_value(&s, "rsa512", "sign_per_sec", NULL, 890.0, 1e-12);
    /* "3.3" has 2 digits, "0.302581s" 6: the rate comes from the time */
    tu_assert_value(&s, "rsa4096", "sign_per_sec", NULL, 1.0 / 0.302581, 1e-9);
    tu_assert_value(&s, "dsa2048", "verify_per_sec", NULL, 69.5, 1e-12);
    tu_assert_value(&s, "ecdsa-nistk571", "verify_per_sec", NULL, 7.7, 0.01);
    tu_assert_value(&s, "ecdsa-nistb163", "sign_per_sec", NULL, 418.2, 1e-12);
    tu_assert_value(&s, "ecdh-secp160r1", "op_per_sec", NULL, 468.1, 1e-12);
    tu_assert_value(&s, "ecdh-nistb571", "op_per_sec", NULL, 13.9, 0.01);
    tu_assert_value(&s, "ecdh-nistk233", "op_per_sec", NULL, 150.1, 1e-12);
    assert_int_equal(s.n, 4 * 5 + 3 * 4 + 2 * 4 + 3 * 2);
    bdb_sink_free(&s);
}

/* A public GitHub notes file "A note about benchmarks" for MediaTek MT6592
 * (ARMv7 Cortex-A7 phone SoC) running Debian Stretch armhf, OpenSSL 1.1.0f
 * `openssl speed` 2>&1, found by content search (stored corpus document
 * 26126596709; the repository's name was not recoverable), lines selected
 * verbatim, the compiler line left out. Its verify timings went wrong
 * (count -1: negative times and rates), 1.1.0 ran X25519 through the ECDSA
 * loop (inf), and error stacks sit between the progress lines. */
static const char mt6592_110f[] =
    "Doing 512 bit private rsa's for 10s: 17120 512 bit private RSA's in 9.98s\n"
    "Doing 512 bit public rsa's for 10s: RSA verify failure\n"
    "3068867152:error:0407008A:rsa routines:RSA_padding_check_PKCS1_type_1:invalid padding:../crypto/rsa/rsa_pk1.c:67:\n"
    "3068867152:error:04067072:rsa routines:rsa_ossl_public_decrypt:padding check failed:../crypto/rsa/rsa_ossl.c:576:\n"
    "-1 512 bit public RSA's in 9.99s\n"
    "Doing 571 bit  ecdh's for 10s: 289 571-bit ECDH ops in 10.01s\n"
    "ECDH failure.\n"
    "3068867152:error:100AE081:elliptic curve routines:EC_GROUP_new_by_curve_name:unknown group:../crypto/ec/ec_curve.c:3100:\n"
    "OpenSSL 1.1.0f  25 May 2017\n"
    "built on: reproducible build, date unspecified\n"
    "options:bn(64,32) rc4(char) des(long) aes(partial) blowfish(ptr)\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "md2                  0.00         0.00         0.00         0.00         0.00         0.00\n"
    "md5              24504.50k    66415.23k   136936.03k   186457.77k   208865.96k   210457.94k\n"
    "des ede3          8154.81k     8442.78k     8503.15k     8505.34k     8511.49k     8493.38k\n"
    "aes-256 cbc      30474.49k    33327.40k    34200.49k    34398.21k    34439.28k    34482.86k\n"
    "                  sign    verify    sign/s verify/s\n"
    "rsa  512 bits 0.000583s -9.990000s   1715.4     -0.1\n"
    "rsa 2048 bits 0.013060s 0.000317s     76.6   3156.2\n"
    "rsa 15360 bits 7.606667s -9.990000s      0.1     -0.1\n"
    "                  sign    verify    sign/s verify/s\n"
    "dsa  512 bits 0.000535s -9.980000s   1869.4     -0.1\n"
    "                              sign    verify    sign/s verify/s\n"
    " 256 bit ecdsa (nistp256)   0.0005s   0.0012s   2015.9    830.1\n"
    " 283 bit ecdsa (nistk283)   0.0048s -10.0000s    209.0     -0.1\n"
    " 571 bit ecdsa (nistb571)   0.0294s   0.0700s     34.0     14.3\n"
    " 253 bit ecdsa (X25519)   0.0000s   0.0000s      inf      inf\n"
    "                              op      op/s\n"
    " 163 bit ecdh (nistk163)   0.0022s    458.5\n"
    " 571 bit ecdh (nistb571)   0.0346s     28.9\n"
    " 253 bit ecdh (X25519)   0.0000s      inf\n";

static void openssl_speed__armv7_phone_inf_and_negative_rows__warned_rest_kept(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(mt6592_110f, &s);
    assert_string_equal(s.tool_version, "1.1.0f");
    /* 18 cipher figures, rsa512/rsa15360/dsa512/nistk283 sign only,
     * rsa2048, nistp256 and nistb571 whole, two ECDH curves; nothing of
     * X25519 */
    assert_int_equal(s.n, 18 + 2 + 4 + 2 + 2 + 4 + 2 + 4 + 2 + 2);
    tu_assert_value(&s, "md5", "throughput", "block_size=16384", 210457.94e3,
                    1e-12);
    tu_assert_value(&s, "rsa512", "sign_per_sec", NULL, 1715.4, 1e-12);
    assert_null(tu_find(&s, "rsa512", "verify_per_sec", NULL));
    assert_null(tu_find(&s, "rsa512", "verify_time", NULL));
    tu_assert_value(&s, "rsa2048", "verify_per_sec", NULL, 3156.2, 1e-12);
    /* "0.1" has one digit, "7.606667s" seven: the rate is 1/time */
    tu_assert_value(&s, "rsa15360", "sign_per_sec", NULL, 1.0 / 7.606667,
                    1e-9);
    tu_assert_value(&s, "ecdsa-nistk283", "sign_per_sec", NULL, 209.0, 1e-12);
    tu_assert_value(&s, "ecdsa-nistb571", "verify_per_sec", NULL, 14.3, 1e-12);
    tu_assert_value(&s, "ecdh-nistk163", "op_per_sec", NULL, 458.5, 1e-12);
    assert_null(tu_find(&s, "ecdsa-x25519", "sign_per_sec", NULL));
    assert_null(tu_find(&s, "ecdh-x25519", "op_per_sec", NULL));
    /* every value is a real measurement */
    for (size_t i = 0; i < s.n; i++)
        assert_true(s.samples[i].value > 0);
    /* a warning at the line of each thing that could not be read */
    assert_int_equal(note_line(&s, "RSA verify failure"), 2);
    assert_int_equal(note_line(&s, "invalid padding"), 3);
    assert_int_equal(note_line(&s, "ECDH failure."), 7);
    assert_int_equal(note_line(&s, "unknown group"), 8);
    assert_int_equal(note_line(&s, "md2: every figure is 0.00"), 14);
    assert_int_equal(note_line(&s, "rsa512: verify was not measured"), 19);
    assert_int_equal(note_line(&s, "dsa512: verify was not measured"), 23);
    assert_int_equal(note_line(&s, "ecdsa-x25519: sign was not measured"), 28);
    assert_int_equal(note_line(&s, "ecdh-x25519: op was not measured"), 32);
    assert_false(has_note(&s, "without rows"));
    bdb_sink_free(&s);
}

/* sbc-bench v0.9.68 on an ArmSoM Sige5 (RK3576: Cortex-A53 + Cortex-A72),
 * OpenSSL 3.0.15: one row per CPU cluster with its name appended, and the
 * same rows quoted again in the summary at the end. Lines selected
 * verbatim from
 * https://github.com/bretmlw/sbc-benchmarks/blob/HEAD/armsom-sige5/sbc-bench.md */
static const char sbcbench_sige5[] =
    "Executing benchmark on each cluster individually\n"
    "\n"
    "OpenSSL 3.0.15, built on 3 Sep 2024 (Library: OpenSSL 3.0.15 3 Sep 2024)\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "aes-256-cbc     146626.41k   410216.36k   725681.75k   923642.88k  1002747.22k  1008697.34k (Cortex-A53)\n"
    "aes-256-cbc     360550.09k   797014.98k  1144397.57k  1270861.48k  1329485.14k  1329293.99k (Cortex-A72)\n"
    "\n"
    "##########################################################################\n"
    "\n"
    "Executing benchmark single-threaded on cpu0 (Cortex-A53)\n"
    "\n"
    "RAM size:    7920 MB,  # CPU hardware threads:   8\n"
    "22:       1249   100   1215   1215  |      23729   100   2026   2026\n"
    "Avr:             100   1207   1207  |              100   2002   2002\n"
    "Tot:             100   1605   1604\n"
    "\n"
    "  * cpu0 (Cortex-A53) 16M latency: 128.1 129.8 127.7 129.3 127.7 130.8 159.5 303.2 \n"
    "  * 7-zip MIPS (3 consecutive runs): 12719, 12714, 12710 (12710 avg), single-threaded: 2265\n"
    "  * `aes-256-cbc     146626.41k   410216.36k   725681.75k   923642.88k  1002747.22k  1008697.34k (Cortex-A53)`\n"
    "  * `aes-256-cbc     360550.09k   797014.98k  1144397.57k  1270861.48k  1329485.14k  1329293.99k (Cortex-A72)`\n"
    "  * OpenSSL 3.0.15, built on 3 Sep 2024 (Library: OpenSSL 3.0.15 3 Sep 2024)    \n";

static void openssl_speed__sbc_bench_cluster_suffix__cluster_param_no_duplicates(void **state)
{
    (void)state;
    bdb_sink s;
    text_ok(sbcbench_sige5, &s);
    assert_string_equal(s.tool_version, "3.0.15");
    /* two rows of six; the summary's quotes of them are not imported again,
     * and 7-zip's columns are not rows */
    assert_int_equal(s.n, 12);
    /* sbc-bench runs `openssl speed -elapsed -evp aes-256-cbc` per
     * cluster and lower-cases its output (RunOpenSSLBenchmark() of
     * sbc-bench.sh): the same series as a plain 3.x -elapsed -evp run */
    tu_assert_value(&s, "aes-256-cbc", "throughput",
                    "block_size=16,cluster=Cortex-A53,evp=1,elapsed=1",
                    146626.41e3, 1e-12);
    tu_assert_value(&s, "aes-256-cbc", "throughput",
                    "block_size=16384,cluster=Cortex-A72", 1329293.99e3,
                    1e-12);
    for (size_t i = 0; i < s.n; i++) {
        assert_in_range(s.samples[i].line, 5, 6);
        assert_int_equal(s.samples[i].repetition, 1);
    }
    /* an import (the unread-figure account) warns each line whose
     * numbers no figure reads: */
    assert_int_equal(s.unread_lines, 8);
    assert_true(tu_has_warning(&s, 12, "numbers not read: 7920, 8"));
    assert_true(tu_has_warning(&s, 13, "numbers not read: 22, 1249, 100"));
    assert_true(tu_has_warning(&s, 14, "numbers not read: 100, 1207, 1207"));
    assert_true(tu_has_warning(&s, 19, "numbers not read: 146626.41"));
    assert_true(tu_has_warning(&s, 20, "numbers not read: 360550.09"));
    assert_int_equal(s.nnotes, 8);
    bdb_sink_free(&s);
    /* detected without --tool too */
    bdb_diag d;
    bdb_sink_init(&s);
    assert_int_equal(tu_parse_text(sbcbench_sige5, NULL, &s, &d), BDB_OK);
    assert_int_equal(s.n, 12);
    bdb_sink_free(&s);
}

static void openssl_speed__sbc_bench_two_cores_of_one_cluster__repetitions(void **state)
{
    (void)state;
    /* sbc-bench v0.9.8 on a Radxa ROCK 5B (RK3588), OpenSSL 1.1.1f: the
     * two Cortex-A76 clusters give two rows each, lines selected verbatim
     * from https://github.com/ThomasKaiser/sbc-bench/blob/master/results/41BH.txt */
    bdb_sink s;
    text_ok("OpenSSL 1.1.1f, built on 31 Mar 2020\n"
            "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
            "aes-128-cbc     173982.22k   502837.89k   966930.26k  1252319.91k  1372788.05k  1382421.85k (Cortex-A55)\n"
            "aes-128-cbc     683353.77k  1301361.81k  1690707.20k  1815552.34k  1865894.57k  1871495.17k (Cortex-A76)\n"
            "aes-128-cbc     681683.02k  1302169.75k  1690213.46k  1814761.81k  1865190.06k  1870927.19k (Cortex-A76)\n",
            &s);
    assert_int_equal(s.n, 18);
    const bdb_sample *a = NULL, *b = NULL;
    for (size_t i = 0; i < s.n; i++) {
        const bdb_sample *x = &s.samples[i];
        if (strcmp(bdb_params_get(&x->params, "block_size"), "16") != 0 ||
            strcmp(bdb_params_get(&x->params, "cluster"), "Cortex-A76") != 0)
            continue;
        if (x->repetition == 1)
            a = x;
        else if (x->repetition == 2)
            b = x;
    }
    assert_non_null(a);
    assert_non_null(b);
    assert_true(a->value == 683353.77e3);
    assert_true(b->value == 681683.02e3);
    bdb_sink_free(&s);
}

static void openssl_speed__sbc_bench_long_cluster_names_and_fully_parallel__labelled(void **state)
{
    (void)state;
    /* sbc-bench v0.9.8, Qualcomm qrb5165 (RB5), OpenSSL 1.1.1: a cluster
     * name of several words, lines selected verbatim from
     * https://github.com/ThomasKaiser/sbc-bench/blob/master/results/49kx.txt
     * then ROCK 5B's "(fully parallel)" rows (all cores at once) from
     * https://github.com/ThomasKaiser/sbc-bench/blob/master/results/41BH.txt */
    bdb_sink s;
    text_ok("OpenSSL 1.1.1, built on 11 Sep 2018\n"
            "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
            "aes-128-cbc     173399.98k   507024.36k   953263.53k  1230677.33k  1343294.12k  1352231.59k (Qualcomm Kryo 4XX Silver)\n"
            "aes-128-cbc     961763.10k  1559881.62k  1790445.06k  1855180.80k  1869239.64k  1882215.77k (Cortex-A77)\n"
            "\n"
            "OpenSSL 1.1.1f, built on 31 Mar 2020\n"
            "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
            "aes-256-cbc     589825.25k  1009897.58k  1234305.54k  1299169.96k  1325410.99k  1328813.40k (fully parallel)\n"
            "aes-256-cbc     160137.95k   406946.60k   671079.68k   797220.52k   844931.07k   848265.22k (fully parallel)\n",
            &s);
    assert_int_equal(s.n, 24);
    tu_assert_value(&s, "aes-128-cbc", "throughput",
                    "block_size=16,cluster=Qualcomm Kryo 4XX Silver",
                    173399.98e3, 1e-12);
    tu_assert_value(&s, "aes-128-cbc", "throughput",
                    "block_size=16,cluster=Cortex-A77", 961763.10e3, 1e-12);
    /* which core a "(fully parallel)" row ran on is not printed: the rows
     * are repetitions of parallel=1, with a warning that says so */
    const bdb_sample *p = tu_find(&s, "aes-256-cbc", "throughput",
                                  "block_size=16,parallel=1");
    assert_non_null(p);
    assert_null(bdb_params_get(&p->params, "cluster"));
    assert_int_equal(note_line(&s, "(fully parallel)"), 8);
    bdb_sink_free(&s);

    /* the capture ends inside the label: the row's series is unknown */
    tu_expect_error(NULL,
                    "OpenSSL 1.1.1, built on 11 Sep 2018\n"
                    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
                    "aes-128-cbc     173399.98k   507024.36k   953263.53k  1230677.33k  1343294.12k  1352231.59k (Qualcomm Kryo",
                    TOOL, 3, "inside this row's cluster label");
}

static void openssl_speed__sbc_bench_single_cluster_run_twice__evp_elapsed_repetitions(void **state)
{
    (void)state;
    /* sbc-bench v0.7.6 on a Raspberry Pi Model B rev 2 (ARMv6, one
     * cluster: openssl runs twice, rows without a label; every sbc-bench
     * since 0.1 runs `openssl speed -elapsed -evp aes-N-cbc`), OpenSSL
     * 1.1.1d, lines selected verbatim from
     * https://github.com/bretmlw/sbc-benchmarks/blob/HEAD/raspberry-pi-model-b-rev2/sbc-bench */
    bdb_sink s;
    text_ok("sbc-bench v0.7.6 Raspberry Pi Model B Rev 2 (Sun, 11 Apr 2021 19:45:12 +0100)\n"
            "\n"
            "OpenSSL 1.1.1d, built on 10 Sep 2019\n"
            "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
            "aes-128-cbc       6888.87k    11520.13k    14278.66k    15041.88k    15155.20k    14652.76k\n"
            "aes-128-cbc       5481.17k    10617.41k    14007.38k    15151.10k    15507.46k    14947.67k\n",
            &s);
    assert_int_equal(s.n, 12);
    const bdb_sample *a = tu_find(&s, "aes-128-cbc", "throughput",
                                  "block_size=16,evp=1,elapsed=1");
    assert_non_null(a);
    assert_int_equal(a->repetition, 1);
    int second = 0;
    for (size_t i = 0; i < s.n; i++)
        if (s.samples[i].line == 6) {
            assert_int_equal(s.samples[i].repetition, 2);
            second++;
        }
    assert_int_equal(second, 6);
    bdb_sink_free(&s);
}

static void openssl_speed__pkb_1_1_1_evp_row_without_header__standard_sizes(void **state)
{
    (void)state;
    /* PerfKitBenchmarker keeps only the header lines and the "evp" row of
     * a 1.1.1f -multi -evp aes-256-ctr run (indent of the first line
     * removed, compiler line left out):
     * https://github.com/GoogleCloudPlatform/PerfKitBenchmarker/blob/master/tests/linux_benchmarks/openssl_speed_benchmark_test.py */
    bdb_sink s;
    text_ok("OpenSSL 1.1.1f  31 Mar 2020\n"
            "built on: Wed Apr 28 00:37:28 2021 UTC\n"
            "options:bn(64,64) rc4(16x,int) des(int) aes(partial) blowfish(ptr)\n"
            "evp            7928414.04k 24973982.48k 64151343.18k 100449384.11k 117555948.61k 118711951.91k\n",
            &s);
    assert_int_equal(s.n, 6);
    tu_assert_value(&s, "evp", "throughput", "block_size=16384,evp=1",
                    118711951.91e3, 1e-12);
    bdb_sink_free(&s);
}

/* ---- algorithms the build lacks, error lines, odd figures -------------- */

static void openssl_speed__algorithm_missing__error_not_zero_not_truncated(void **state)
{
    (void)state;
    expect_error(FIX_REL "rc4-unknown.txt", 1,
                 "algorithm RC4 is not available in this build");
    expect_error(FIX_REL "evp-rc4-unknown.txt", 2,
                 "Couldn't init the context");
    expect_error(FIX_REL "evp-bf-cbc-legacy-missing.txt", 2,
                 "Couldn't init the context (speed could not set up the -evp "
                 "cipher");
    bdb_sink s;
    bdb_diag d;
    bdb_sink_init(&s);
    assert_int_equal(tu_parse_file(FIX_REL "rc4-unknown.txt", NULL, &s, &d),
                     BDB_EPARSE);
    assert_null(strstr(d.message, "truncated"));
    bdb_sink_free(&s);
}

static void openssl_speed__missing_algorithm_beside_others__warns_keeps_others(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_REL "md5-rc4-missing.txt", NULL, &s);
    assert_int_equal(s.n, 6);
    assert_null(tu_find(&s, "rc4", "throughput", NULL));
    /* the OpenSSL 3 error stack "807B...:error:..." at its line */
    assert_int_equal(note_line(&s, "algorithm RC4 is not available"), 7);
    assert_int_equal(note_line(&s, "rc4: every figure is 0.00"), 16);
    assert_false(has_note(&s, "truncated"));
    bdb_sink_free(&s);

    /* and when two captures are concatenated */
    size_t l1, l2;
    char *a = tu_read(FIX_REL "rc4-unknown.txt", &l1);
    char *b = tu_read(DIR_REL "hash-bytes1024.txt", &l2);
    char *both = malloc(l1 + l2 + 1);
    memcpy(both, a, l1);
    memcpy(both + l1, b, l2 + 1);
    text_ok(both, &s);
    assert_int_equal(s.n, 3);
    assert_true(has_note(&s, "rc4: every figure is 0.00"));
    free(a);
    free(b);
    free(both);
    bdb_sink_free(&s);
}

static void openssl_speed__legacy_provider_loaded__rc4_measured_with_provider_param(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_REL "setx-provider-legacy-rc4-md5.txt", NULL, &s);
    assert_int_equal(s.n, 12);
    tu_assert_value(&s, "rc4", "throughput",
                    "block_size=16,provider=legacy+default,seconds=1",
                    490573.52e3, 1e-12);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

static void openssl_speed__negative_figures_in_the_table__warned_rest_kept(void **state)
{
    (void)state;
    /* microsoft/VirtualClient's example of a 3.0.0-beta3 table "with
     * anomalies" (negative figures, some without their 'k'), rows selected
     * verbatim:
     * https://github.com/microsoft/VirtualClient/blob/main/src/VirtualClient/VirtualClient.Actions.UnitTests/Examples/OpenSSL/OpenSSL-speed-results-with-anomalies.txt */
    bdb_sink s;
    text_ok("version: 3.0.0-beta3-dev\n"
            "The 'numbers' are in 1000s of bytes per second processed.\n"
            "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
            "md5             -86478.31    234491.80k   475166.47k   643611.03k   718366.04k   724760.44k\n"
            "sha256         -98952.23    -300483.21    717624.35k  1098886.72k  1296898.18k  1316783.17k\n"
            "aes-128-cbc   -1040172814.93   1589805.17k  1657786.91k  1674053.70k  -1040172814.93  1633415.99k\n"
            "rand             12140.14k    53908.09k   196501.89k  1062619.07k  4221050.33k  -5279181.48\n"
            "                              sign    verify    sign/s verify/s\n"
            " 256 bits ecdsa (brainpoolP256r1)   0.0005s   0.0005s   2063.3   2128.6\n"
            "                              op      op/s\n"
            " 448 bits ecdh (X448)   0.0003s   3477.0\n"
            "                              sign    verify    sign/s verify/s\n"
            " 256 bits SM2 (CurveSM2)   0.0003s   0.0003s   2862.3   3079.5\n",
            &s);
    assert_int_equal(s.n, 5 + 4 + 4 + 5 + 4 + 2 + 4);
    assert_null(tu_find(&s, "md5", "throughput", "block_size=16"));
    tu_assert_value(&s, "md5", "throughput", "block_size=64", 234491.80e3,
                    1e-12);
    assert_null(tu_find(&s, "aes-128-cbc", "throughput", "block_size=8192"));
    tu_assert_value(&s, "aes-128-cbc", "throughput", "block_size=16384",
                    1633415.99e3, 1e-12);
    assert_int_equal(note_line(&s, "the 16-byte figure is '-86478.31'"), 4);
    assert_int_equal(note_line(&s, "the 16384-byte figure is '-5279181.48'"),
                     7);
    tu_assert_value(&s, "ecdsa-brainpoolp256r1", "verify_per_sec", NULL,
                    2128.6, 1e-12);
    tu_assert_value(&s, "ecdh-x448", "op_per_sec", NULL, 3477.0, 1e-12);
    tu_assert_value(&s, "sm2-curvesm2", "sign_per_sec", NULL, 2862.3, 1e-12);
    for (size_t i = 0; i < s.n; i++)
        assert_true(s.samples[i].value > 0);
    bdb_sink_free(&s);
}

static void openssl_speed__inf_figure_in_a_row__warned_others_kept(void **state)
{
    (void)state;
    size_t len;
    char *raw = tu_read(DIR_REL "md5-rc4-missing.txt", &len);
    char *text = tu_replace(raw, "598462.84k", "inf");
    free(raw);
    bdb_sink s;
    text_ok(text, &s);
    free(text);
    assert_int_equal(s.n, 5);
    assert_null(tu_find(&s, "md5", "throughput", "block_size=16384"));
    assert_int_equal(note_line(&s, "the 16384-byte figure is 'inf'"), 15);
    bdb_sink_free(&s);
}

static void openssl_speed__error_stack_between_pk_rows__warning_at_its_line(void **state)
{
    (void)state;
    /* the real RSA/DSA sample with the MT6592 log's "ECDH failure." and
     * its stack put between the tables, as 2>&1 interleaves them */
    size_t len;
    char *raw = tu_read(DIR_REL "pk-rsa-dsa-ecdsa-ecdh-eddsa-ffdh.txt", &len);
    char *text = tu_replace(raw, "                  sign    verify    sign/s verify/s\ndsa",
                            "ECDH failure.\n"
                            "3068867152:error:100AE081:elliptic curve routines:EC_GROUP_new_by_curve_name:unknown group:../crypto/ec/ec_curve.c:3100:\n"
                            "                  sign    verify    sign/s verify/s\ndsa");
    free(raw);
    bdb_sink s;
    text_ok(text, &s);
    free(text);
    assert_int_equal(s.n, 20);
    assert_int_equal(note_line(&s, "ECDH failure."), 18);
    assert_int_equal(note_line(&s, "unknown group"), 19);
    tu_assert_value(&s, "dsa2048", "verify_per_sec", NULL, 3994.2, 1e-12);
    bdb_sink_free(&s);
}

/* The figure a "Doing ... for Ns on L size blocks: N name's in T s" line
 * gives, read from the raw text: N / T x L, in bytes/s. */
static const char *line_of(const char *text, int line)
{
    const char *p = text;
    for (int i = 1; i < line && p; i++) {
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    assert_non_null(p);
    return p;
}

static double doing_rate(const char *text, int line)
{
    const char *p = line_of(text, line);
    unsigned size = 0;
    double count = 0, secs = 0;
    const char *on = strstr(p, " on ");
    const char *colon = strstr(p, ": ");
    const char *in = strstr(p, " in ");
    assert_non_null(on);
    assert_non_null(colon);
    assert_non_null(in);
    assert_int_equal(sscanf(on, " on %u size blocks", &size), 1);
    assert_int_equal(sscanf(colon, ": %lf", &count), 1);
    assert_int_equal(sscanf(in, " in %lfs", &secs), 1);
    return count / secs * size;
}

/* The figure a public-key "Doing ...: N ... in T s" line or an "+Rn:N:
 * bits[:name]:T" line gives, read from the raw text: N / T, in op/s. */
static double doing_ops_rate(const char *text, int line)
{
    const char *p = line_of(text, line);
    double count = 0, secs = 0;
    if (p[0] == '+') {
        const char *eol = strchr(p, '\n');
        const char *last = NULL;
        for (const char *c = p; *c && (!eol || c < eol); c++)
            if (*c == ':')
                last = c;
        assert_non_null(last);
        secs = atof(last + 1);
        assert_int_equal(sscanf(strchr(p, ':'), ":%lf", &count), 1);
        return count / secs;
    }
    const char *colon = strstr(p, "s: ");
    const char *in = strstr(p, " in ");
    assert_non_null(colon);
    assert_non_null(in);
    assert_int_equal(sscanf(colon, "s: %lf", &count), 1);
    assert_int_equal(sscanf(in, " in %lfs", &secs), 1);
    return count / secs;
}

/* ---- captures cut short ------------------------------------------------ */

static void openssl_speed__truncated_row__complete_figures_kept_with_warning(void **state)
{
    (void)state;
    bdb_sink s;
    /* line 22 cut to 40 characters: two of its six figures are whole;
     * the four the cut lost are given by their "Doing" lines (10-13),
     * count / seconds x block size, at those lines */
    size_t flen;
    char *ftext = tu_read(FIX_REL "truncated-row-elapsed-aes-cbc.txt", &flen);
    parse_ok(FIX_REL "truncated-row-elapsed-aes-cbc.txt", NULL, &s);
    assert_int_equal(s.n, 6 + 2 + 4);
    tu_assert_value(&s, "aes-256-cbc", "throughput", "block_size=64",
                    1096696.19e3, 1e-12);
    static const char *const lost[] = {"block_size=256", "block_size=1024",
                                       "block_size=8192",
                                       "block_size=16384"};
    for (int i = 0; i < 4; i++) {
        char params[64];
        snprintf(params, sizeof params, "%s,elapsed=1", lost[i]);
        const bdb_sample *x = tu_find(&s, "aes-256-cbc", "throughput", params);
        assert_non_null(x);
        assert_int_equal(x->line, 10 + i);
        tu_assert_close(x->value, doing_rate(ftext, 10 + i), 1e-9, "rate");
    }
    free(ftext);
    assert_int_equal(note_line(&s, "the capture ends inside this row"), 22);
    assert_int_equal(note_line(&s, "the capture was cut"), 10);
    bdb_sink_free(&s);

    /* the capture stops inside the last figure: "1144324.1" lost "0k" */
    size_t len;
    char *text = tu_read(DIR_REL "elapsed-aes-cbc.txt", &len);
    char *cut = strstr(text, "1144324.1");
    assert_non_null(cut);
    cut[9] = '\0';
    text_ok(text, &s);
    assert_int_equal(s.n, 12);
    /* the lost figure is its "Doing" line's (line 13) */
    const bdb_sample *x =
        tu_find(&s, "aes-256-cbc", "throughput", "block_size=16384,elapsed=1");
    assert_non_null(x);
    assert_int_equal(x->line, 13);
    tu_assert_close(x->value, doing_rate(text, 13), 1e-9, "rate");
    free(text);
    tu_assert_value(&s, "aes-256-cbc", "throughput", "block_size=8192",
                    1146535.94e3, 1e-12);
    assert_true(has_note(&s, "truncated"));
    bdb_sink_free(&s);
}

static void openssl_speed__truncated_pk_table__rows_before_the_cut_kept(void **state)
{
    (void)state;
    bdb_sink s;
    size_t len;
    char *text = tu_read(DIR_REL "truncated-pk-rsa-dsa-ecdsa.txt", &len);
    parse_ok(DIR_REL "truncated-pk-rsa-dsa-ecdsa.txt", NULL, &s);
    /* the RSA and DSA rows (8 figures); the cut ECDSA row and the rows
     * after it: their "Doing" lines 5-10, count / seconds as op/s and
     * its reciprocal (the ECDSA line names bits, not its curve) */
    assert_int_equal(s.n, 8 + 6 * 2);
    assert_null(tu_find(&s, "ecdsa-nistp384", "sign_per_sec", NULL));
    static const struct {
        const char *name, *metric;
    } lost[] = {{"ecdsa-384bits", "sign_per_sec"},
                {"ecdsa-384bits", "verify_per_sec"},
                {"ecdh-x25519", "op_per_sec"},
                {"ed448", "sign_per_sec"},
                {"ed448", "verify_per_sec"},
                {"ffdh2048", "op_per_sec"}};
    for (int i = 0; i < 6; i++) {
        const bdb_sample *x = tu_find(&s, lost[i].name, lost[i].metric, NULL);
        assert_non_null(x);
        assert_int_equal(x->line, 5 + i);
        tu_assert_close(x->value, doing_ops_rate(text, 5 + i), 1e-9, "rate");
    }
    free(text);
    assert_int_equal(note_line(&s, "truncated"), 21);
    assert_int_equal(note_line(&s, "the capture was cut"), 5);
    bdb_sink_free(&s);
}

static void openssl_speed__cut_after_header__progress_results_give_rows(void **state)
{
    (void)state;
    /* the real capture cut after its table's header: the "Doing" results
     * hold what the rows would print (count / seconds x block size), and
     * the whole capture's table (elapsed-aes-cbc.txt) says so to the
     * rounding of the printed seconds */
    bdb_sink s, whole;
    parse_ok(FIX_REL "truncated-header-elapsed-aes-cbc.txt", NULL, &s);
    parse_ok(DIR_REL "elapsed-aes-cbc.txt", NULL, &whole);
    assert_int_equal(s.n, 12);
    static const char *const sizes[] = {"16", "64", "256", "1024", "8192",
                                        "16384"};
    static const char *const names[] = {"aes-128-cbc", "aes-256-cbc"};
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < 6; i++) {
            char params[64];
            snprintf(params, sizeof params, "block_size=%s,elapsed=1",
                     sizes[i]);
            const bdb_sample *cut = tu_find(&s, names[k], "throughput", params);
            const bdb_sample *row = tu_find(&whole, names[k], "throughput",
                                            params);
            assert_non_null(cut);
            assert_non_null(row);
            assert_int_equal(cut->line, 2 + 6 * k + i);
            tu_assert_close(cut->value, row->value, 0.005, params);
        }
    assert_true(tu_has_warning(&s, 2, "table is missing"));
    assert_true(tu_has_warning(&s, 20, "header without rows"));
    bdb_sink_free(&s);
    bdb_sink_free(&whole);
}

static void openssl_speed__cut_before_table__each_result_a_figure(void **state)
{
    (void)state;
    /* real: `openssl speed -seconds 1 md5` stopped by SIGINT during its
     * fourth block size (samples/openssl-speed/README.md) */
    bdb_sink s;
    size_t len;
    char *text = tu_read(DIR_REL "cut-before-table-md5.txt", &len);
    parse_ok(DIR_REL "cut-before-table-md5.txt", NULL, &s);
    assert_int_equal(s.n, 3);
    tu_assert_value(&s, "md5", "throughput", "block_size=16",
                    doing_rate(text, 1), 1e-9);
    tu_assert_value(&s, "md5", "throughput", "block_size=64",
                    doing_rate(text, 2), 1e-9);
    tu_assert_value(&s, "md5", "throughput", "block_size=256",
                    doing_rate(text, 3), 1e-9);
    assert_null(tu_find(&s, "md5", "throughput", "block_size=1024"));
    assert_true(tu_has_warning(&s, 1, "table is missing"));
    free(text);
    bdb_sink_free(&s);

    /* published (search index id 39310958817, Markdown notes of an
     * aarch64 VM and a qemu guest): two runs, each cut after its md5
     * lines; the second starts again at 16 bytes, so it is another run */
    static const char two_runs[] =
        "ubuntu@9f6edd2bd57d:/$ openssl speed\n"
        "Doing md5 for 3s on 16 size blocks: 17193045 md5's in 3.00s\n"
        "Doing md5 for 3s on 64 size blocks: 10366539 md5's in 2.99s\n"
        "Doing md5 for 3s on 256 size blocks: 4688920 md5's in 3.00s\n"
        "\n"
        "## qemu-system-aarch64\n"
        "\n"
        "ubuntu@9f6edd2bd57d:~$ openssl speed\n"
        "Doing md5 for 3s on 16 size blocks: 1644372 md5's in 2.97s\n"
        "Doing md5 for 3s on 64 size blocks: 1464011 md5's in 2.97s\n";
    tu_text_ok(two_runs, NULL, &s);
    assert_int_equal(s.n, 5);
    int first = 0, second = 0;
    for (size_t i = 0; i < s.n; i++) {
        const bdb_sample *x = &s.samples[i];
        assert_string_equal(x->metric, "throughput");
        tu_assert_close(x->value, doing_rate(two_runs, x->line), 1e-9,
                        "rate");
        if (x->line < 5)
            first++;
        else
            second++;
        assert_int_equal(x->repetition, x->line < 5 ? 1 : 2);
    }
    assert_int_equal(first, 3);
    assert_int_equal(second, 2);
    bdb_sink_free(&s);
}

/* A capture of speed's stderr alone (`2>F >/dev/null`, the table went to
 * stdout): every "Doing" / "+R" result gives its row's figure, count /
 * seconds (x block size), checked against the raw line and against the
 * table the same run printed on stdout (kept beside it) to its printed
 * rounding; no number of these lines is left unread. */
static void openssl_speed__progress_lines_only__every_result_a_figure(void **state)
{
    (void)state;
    static const struct {
        const char *name, *metric, *table_name;
        int line, mr_line;
    } pk[] = {
        {"rsa1024", "sign_per_sec", "rsa1024", 2, 4},
        {"rsa1024", "verify_per_sec", "rsa1024", 3, 6},
        {"dsa2048", "sign_per_sec", "dsa2048", 4, 8},
        {"dsa2048", "verify_per_sec", "dsa2048", 5, 10},
        {"ecdsa-256bits", "sign_per_sec", "ecdsa-nistp256", 6, 12},
        {"ecdsa-256bits", "verify_per_sec", "ecdsa-nistp256", 7, 14},
        {"ecdh-x25519", "op_per_sec", "ecdh-x25519", 8, 16},
        {"ed25519", "sign_per_sec", "ed25519", 9, 18},
        {"ed25519", "verify_per_sec", "ed25519", 10, 20},
        {"ffdh2048", "op_per_sec", "ffdh2048", 11, 22},
    };
    static const char *const files[2][2] = {
        {DIR_REL "doing-only-stderr-md5-pk.txt",
         DIR_REL "doing-only-stdout-md5-pk.txt"},
        {DIR_REL "mr-only-stderr-md5-pk.txt",
         DIR_REL "mr-only-stdout-md5-pk.txt"}};
    for (int f = 0; f < 2; f++) {
        size_t len;
        char *text = tu_read(files[f][0], &len);
        bdb_sink s, table;
        parse_ok(files[f][0], NULL, &s);
        parse_ok(files[f][1], NULL, &table);
        /* md5 at 64 bytes, ten operations as rate and time */
        assert_int_equal(s.n, 1 + 10 * 2);
        const bdb_sample *md5 =
            tu_find(&s, "md5", "throughput", "block_size=64");
        assert_non_null(md5);
        assert_int_equal(md5->line, f ? 2 : 1);
        const bdb_sample *row =
            tu_find(&table, "md5", "throughput", "block_size=64");
        assert_non_null(row);
        /* the row prints "%.2fk" (or +F "%.2f"): within 0.01 k */
        assert_true(fabs(md5->value - row->value) <= 10.0);
        if (!f)
            tu_assert_close(md5->value, doing_rate(text, 1), 1e-9, "rate");
        for (size_t i = 0; i < sizeof pk / sizeof pk[0]; i++) {
            int line = f ? pk[i].mr_line : pk[i].line;
            const bdb_sample *x = tu_find(&s, pk[i].name, pk[i].metric, NULL);
            assert_non_null(x);
            assert_int_equal(x->line, line);
            tu_assert_close(x->value, doing_ops_rate(text, line), 1e-9,
                            pk[i].name);
            const bdb_sample *t =
                tu_find(&table, pk[i].table_name, pk[i].metric, NULL);
            assert_non_null(t);
            /* the table prints "%8.1f" (+F2.. "%f"): within 0.05 */
            assert_true(fabs(x->value - t->value) <= 0.05 + 1e-9);
            assert_false(tu_has_warning(&s, line, "numbers not read"));
        }
        assert_true(tu_has_warning(&s, f ? 2 : 1, "table is missing"));
        free(text);
        bdb_sink_free(&s);
        bdb_sink_free(&table);
    }
}

/* Vendor builds and their guides (issue 21, class 4).
 * Huawei's KAE guide (search index id 26060589248): SUSE's root prompt
 * "linux-rmw4:/usr/local/bin # ./openssl speed ..." (its "#" is no
 * comment), -engine kae and -async_jobs as parameters, and a full stop
 * typed after a row's last figure ("28365.8."). */
static const char kae_rsa[] =
    "-   Use the OpenSSL software algorithm to test the RSA performance.\n"
    "\n"
    "    ```\n"
    "    linux-rmw4:/usr/local/bin # ./openssl speed -elapsed rsa2048\n"
    "    ...\n"
    "                     sign    verify    sign/s verify/s\n"
    "    rsa 2048 bits 0.001384s 0.000035s   724.1  28365.8.\n"
    "    ```\n"
    "\n"
    "-   Use the KAE to test the RSA performance.\n"
    "\n"
    "    ```\n"
    "    linux-rmw4:/usr/local/bin # ./openssl speed -elapsed -engine kae rsa2048\n"
    "    ....\n"
    "                     sign    verify    sign/s verify/s\n"
    "    rsa 2048 bits 0.000355s 0.000022s   2819.0  45478.4\n"
    "    ```\n"
    "\n"
    "-   Use the KAE to test the asynchronous RSA performance.\n"
    "\n"
    "    ```\n"
    "    linux-rmw4:/usr/local/bin # ./openssl speed -engine kae -elapsed -async_jobs 36 rsa2048 \n"
    "    .... \n"
    "                      sign    verify    sign/s verify/s\n"
    "    rsa 2048 bits 0.000018s 0.000009s  54384.1 105317.0\n"
    "    ```\n";

/* The openEuler KAE guide (id 14726006432): sizes of a MiB and more,
 * printed "%7d bytes" with no blank before them, so glued to the
 * "bytes" before ("102400 bytes1048576 bytes2097152 bytes"); SM4 and
 * SM3 rows. */
static const char kae_sm[] =
    "    linux-rmw4:/usr/local/bin # ./openssl speed -elapsed -evp sm3\n"
    "    You have chosen to measure elapsed time instead of user CPU time.\n"
    "    Doing sm3 for 3s on 102400 size blocks: 1536 sm3's in 3.00s\n"
    "    ....\n"
    "    type          51200 bytes 102400 bytes1048576 bytes2097152 bytes4194304 bytes8388608 bytes\n"
    "    sm3              50568.53k    52428.80k    52428.80k    52428.80k    52428.80k    52428.80k\n"
    "    ```\n"
    "\n"
    "-   使用KAE引擎测试SM3模式性能。\n"
    "\n"
    "    ```\n"
    "    linux-rmw4:/usr/local/bin # ./openssl speed -elapsed -engine kae -evp sm3\n"
    "    engine \"kae\" set.\n"
    "    You have chosen to measure elapsed time instead of user CPU time.\n"
    "    Doing sm3 for 3s on 102400 size blocks: 19540 sm3's in 3.00s\n"
    "    ....\n"
    "    type            51200 bytes  102400 bytes  1048576 bytes 2097152 bytes 4194304 bytes 8388608 bytes\n"
    "    sm3             648243.20k   666965.33k   677030.57k   678778.20k   676681.05k   668292.44k\n";

/* Tongsuo's SM2 under perf stat, from a LoongArch kernel mail (id
 * 17263288270): its "Doing" lines name the curve ("256 bits CurveSM2
 * signs"), the row "256 bits SM2 (CurveSM2)". */
static const char tongsuo_sm2[] =
    "fedora@linux:~/uprobe.git/tools/perf$ sudo ./perf stat -e probe_libcrypto:BN_mod_mul_montgomery /opt/tongsuo/bin/openssl speed sm2\n"
    "Doing 256 bits sign CurveSM2's for 10s: 7463 256 bits CurveSM2 signs in 10.00s \n"
    "Doing 256 bits verify CurveSM2's for 10s: 9681 256 bits CurveSM2 verify in 9.98s\n"
    "...\n"
    "                              sign    verify    sign/s verify/s\n"
    " 256 bits SM2 (CurveSM2)   0.0013s   0.0010s    746.3    970.0\n";

/* ECDSA and ECDH progress lines name bits, not the curve: the command
 * line's curves name them, in speed's order (NIST P before brainpool), as
 * the rows of the same run (kept on stdout) do; figures equal the rows to
 * their rounding. A real OpenSSL 3.0.19 run made here (samples/openssl-
 * speed/README.md). */
static void openssl_speed__progress_curves__named_by_command_line(void **state)
{
    (void)state;
    bdb_sink s, table;
    size_t len;
    const char *rel = DIR_REL "setx-doing-only-ecdsa-ecdh-curves.txt";
    char *text = tu_read(rel, &len);
    parse_ok(rel, NULL, &s);
    parse_ok(DIR_REL "setx-doing-only-ecdsa-ecdh-curves-stdout.txt", NULL,
             &table);
    assert_int_equal(s.n, 5 * 2);
    static const struct {
        const char *name, *metric;
        int line;
    } want[] = {{"ecdsa-nistp256", "sign_per_sec", 2},
                {"ecdsa-nistp256", "verify_per_sec", 3},
                {"ecdsa-brainpoolp256r1", "sign_per_sec", 4},
                {"ecdsa-brainpoolp256r1", "verify_per_sec", 5},
                {"ecdh-nistp384", "op_per_sec", 6}};
    for (int i = 0; i < 5; i++) {
        const bdb_sample *x = tu_find(&s, want[i].name, want[i].metric, NULL);
        assert_non_null(x);
        assert_int_equal(x->line, want[i].line);
        tu_assert_close(x->value, doing_ops_rate(text, want[i].line), 1e-9,
                        want[i].name);
        const bdb_sample *t =
            tu_find(&table, want[i].name, want[i].metric, NULL);
        assert_non_null(t);
        assert_true(fabs(x->value - t->value) <= 0.05 + 1e-9);
    }
    free(text);
    bdb_sink_free(&s);
    bdb_sink_free(&table);

    /* without the command line the second curve cannot be told: the
     * first is "ecdsa-256bits", the second a warning */
    text = tu_read(rel, &len);
    char *nl = strchr(text, '\n');
    assert_non_null(nl);
    text_ok(nl + 1, &s);
    free(text);
    assert_non_null(tu_find(&s, "ecdsa-256bits", "sign_per_sec", NULL));
    assert_null(tu_find(&s, "ecdsa-brainpoolp256r1", "sign_per_sec", NULL));
    assert_true(tu_has_warning(&s, 3, "a second sign result"));
    bdb_sink_free(&s);
}

/* A command line naming nine curves (more than the eight the list kept
 * before it held every curve speed offers): each progress line is named
 * by its curve, the ninth (brainpoolP512r1, the last speed runs) too, in
 * speed's order whatever the command line's, and nothing is warned. A
 * real OpenSSL 3.0.19 run made here (samples/openssl-speed/README.md). */
static void openssl_speed__nine_curves__each_named_by_command_line(void **state)
{
    (void)state;
    bdb_sink s;
    size_t len;
    const char *rel = DIR_REL "setx-doing-only-nine-ecdsa-curves.txt";
    char *text = tu_read(rel, &len);
    parse_ok(rel, NULL, &s);
    static const struct {
        const char *name;
        int line;
    } want[] = {{"ecdsa-nistp224", 2},        {"ecdsa-nistp256", 4},
                {"ecdsa-nistp384", 6},        {"ecdsa-nistp521", 8},
                {"ecdsa-brainpoolp256r1", 10}, {"ecdsa-brainpoolp256t1", 12},
                {"ecdsa-brainpoolp384r1", 14}, {"ecdsa-brainpoolp384t1", 16},
                {"ecdsa-brainpoolp512r1", 18}};
    for (int i = 0; i < 9; i++) {
        const bdb_sample *x = tu_find(&s, want[i].name, "sign_per_sec", NULL);
        assert_non_null(x);
        assert_int_equal(x->line, want[i].line);
        tu_assert_close(x->value, doing_ops_rate(text, want[i].line), 1e-9,
                        want[i].name);
        x = tu_find(&s, want[i].name, "verify_per_sec", NULL);
        assert_non_null(x);
        assert_int_equal(x->line, want[i].line + 1);
        tu_assert_close(x->value, doing_ops_rate(text, want[i].line + 1),
                        1e-9, want[i].name);
    }
    assert_null(tu_find(&s, "ecdsa-512bits", "sign_per_sec", NULL));
    for (int line = 1; line <= 19; line++)
        assert_false(tu_has_warning(&s, line, "OSSL_CMD_CURVES"));
    free(text);
    bdb_sink_free(&s);
}

/* A whole `openssl speed` of OpenSSL 1.0.1k whose stderr was kept apart
 * from its table: lines 140-141, 146-147, 152-153, 162-163, 172, 178 and
 * 183 of millylay/openssl-benchmarks rpi2/"OpenSSL 1.0.1k 8 Jan
 * 2015"/speed.doing @ df16261909f8 (bench/corpus SOURCES.tsv
 * openssl-speed/ho19-a-rpi2-armv7-1.0.1k-speed-doing-lines-only-
 * stderr.txt), and that run's rows from speed.tables beside it. No
 * command line: a 163-bit result is nistk163 or nistb163. */
static const char ossl101_doing[] =
    "Doing 160 bit sign ecdsa's for 10s: 10291 160 bit ECDSA signs in 9.98s \n"
    "Doing 160 bit verify ecdsa's for 10s: 2671 160 bit ECDSA verify in 10.00s\n"
    "Doing 256 bit sign ecdsa's for 10s: 5204 256 bit ECDSA signs in 10.00s \n"
    "Doing 256 bit verify ecdsa's for 10s: 1127 256 bit ECDSA verify in 10.00s\n"
    "Doing 163 bit sign ecdsa's for 10s: 3670 163 bit ECDSA signs in 10.00s \n"
    "Doing 163 bit verify ecdsa's for 10s: 911 163 bit ECDSA verify in 10.01s\n"
    "Doing 163 bit sign ecdsa's for 10s: 3695 163 bit ECDSA signs in 10.00s \n"
    "Doing 163 bit verify ecdsa's for 10s: 860 163 bit ECDSA verify in 10.00s\n"
    "Doing 160 bit  ecdh's for 10s: 3077 160-bit ECDH ops in 10.00s\n"
    "Doing 163 bit  ecdh's for 10s: 1887 163-bit ECDH ops in 10.00s\n"
    "Doing 163 bit  ecdh's for 10s: 1754 163-bit ECDH ops in 10.00s\n";

/* A full run times every curve in speed's own order (test_curves[]:
 * secp160r1, NIST P, K, B; 1.0.x, which prints "bit", has no brainpool
 * curve): two 163-bit results are K then B, and the one 160- or 256-bit
 * result is its one curve. Each is named as the run's table names its
 * row, and agrees with that row to its printed rounding. */
static void openssl_speed__full_run_progress__curves_named_by_count(void **state)
{
    (void)state;
    static const struct {
        const char *name, *metric;
        int line;
        double row;     /* speed.tables' sign/s, verify/s or op/s */
    } want[] = {
        {"ecdsa-secp160r1", "sign_per_sec", 1, 1031.2},
        {"ecdsa-secp160r1", "verify_per_sec", 2, 267.1},
        {"ecdsa-nistp256", "sign_per_sec", 3, 520.4},
        {"ecdsa-nistp256", "verify_per_sec", 4, 112.7},
        {"ecdsa-nistk163", "sign_per_sec", 5, 367.0},
        {"ecdsa-nistk163", "verify_per_sec", 6, 91.0},
        {"ecdsa-nistb163", "sign_per_sec", 7, 369.5},
        {"ecdsa-nistb163", "verify_per_sec", 8, 86.0},
        {"ecdh-secp160r1", "op_per_sec", 9, 307.7},
        {"ecdh-nistk163", "op_per_sec", 10, 188.7},
        {"ecdh-nistb163", "op_per_sec", 11, 175.4},
    };
    bdb_sink s;
    text_ok(ossl101_doing, &s);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const bdb_sample *x = tu_find(&s, want[i].name, want[i].metric, NULL);
        assert_non_null(x);
        assert_int_equal(x->line, want[i].line);
        tu_assert_close(x->value, doing_ops_rate(ossl101_doing, want[i].line),
                        1e-9, want[i].name);
        assert_true(fabs(x->value - want[i].row) <= 0.05 + 1e-9);
    }
    for (int line = 1; line <= 11; line++)
        assert_false(tu_has_warning(&s, line, "a second"));
    assert_null(tu_find(&s, "ecdsa-163bits", "sign_per_sec", NULL));
    bdb_sink_free(&s);

    /* one 163-bit result alone (the capture ends after K's): K or B
     * cannot be told, so it keeps its bits; the 160-bit one is named */
    char *cut = tu_first_lines(ossl101_doing, 6);
    text_ok(cut, &s);
    free(cut);
    assert_non_null(tu_find(&s, "ecdsa-163bits", "sign_per_sec", NULL));
    assert_null(tu_find(&s, "ecdsa-nistk163", "sign_per_sec", NULL));
    assert_non_null(tu_find(&s, "ecdsa-secp160r1", "sign_per_sec", NULL));
    bdb_sink_free(&s);
}

static void openssl_speed__vendor_builds__rows_read_whatever_the_name(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(kae_rsa, NULL, &s);
    assert_int_equal(s.n, 3 * 4);
    /* 724.1 and 28365.8 of the row ending in "." (line 7) */
    const bdb_sample *x = tu_find(&s, "rsa2048", "verify_per_sec",
                                  "elapsed=1");
    assert_non_null(x);
    assert_true(x->value == 28365.8);
    assert_int_equal(x->line, 7);
    tu_assert_value(&s, "rsa2048", "sign_per_sec", "elapsed=1", 724.1, 0);
    tu_assert_value(&s, "rsa2048", "sign_per_sec", "elapsed=1,engine=kae",
                    2819.0, 0);
    tu_assert_value(&s, "rsa2048", "verify_per_sec",
                    "async_jobs=36,elapsed=1,engine=kae", 105317.0, 0);
    for (size_t i = 0; i < s.n; i++)
        assert_int_equal(s.samples[i].repetition, 1);
    bdb_sink_free(&s);

    tu_text_ok(kae_sm, NULL, &s);
    assert_int_equal(s.n, 2 * 6);
    static const char *const sizes[] = {"51200", "102400", "1048576",
                                        "2097152", "4194304", "8388608"};
    static const double sw[] = {50568.53e3, 52428.80e3, 52428.80e3,
                                52428.80e3, 52428.80e3, 52428.80e3};
    static const double kae[] = {648243.20e3, 666965.33e3, 677030.57e3,
                                 678778.20e3, 676681.05e3, 668292.44e3};
    for (int i = 0; i < 6; i++) {
        char buf[96];
        const char *params = buf;
        snprintf(buf, sizeof buf, "block_size=%s,elapsed=1,evp=1", sizes[i]);
        tu_assert_value(&s, "sm3", "throughput", params, sw[i], 1e-12);
        snprintf(buf, sizeof buf, "block_size=%s,elapsed=1,engine=kae,evp=1",
                 sizes[i]);
        tu_assert_value(&s, "sm3", "throughput", params, kae[i], 1e-12);
    }
    /* no figure under speed's default sizes */
    assert_null(tu_find(&s, "sm3", "throughput",
                        "block_size=16,elapsed=1,evp=1"));
    /* the Doing lines are the rows' points: 1536 x 102400 / 3 s is the
     * 52428.80k printed */
    assert_int_equal(s.ntrace, 4);
    bdb_sink_free(&s);

    tu_text_ok(tongsuo_sm2, NULL, &s);
    assert_int_equal(s.n, 4);
    tu_assert_value(&s, "sm2-curvesm2", "sign_per_sec", NULL, 746.3, 0);
    tu_assert_value(&s, "sm2-curvesm2", "verify_per_sec", NULL, 970.0, 0);
    /* both Doing lines are points of the row (count and seconds each) */
    assert_int_equal(s.ntrace, 4);
    bdb_sink_free(&s);
}

static void openssl_speed__truncated_before_any_row__fails_saying_truncated(void **state)
{
    (void)state;
    /* -multi children reported, but the parent's summary never came */
    expect_error(FIX_REL "truncated-multi2-rsa2048-ecdhp256.txt", 15,
                 "summary after them is missing");
}

/* A -multi capture cut after a child's first "+DT:"/"+R:" lines, before
 * the parent's "Got:" lines and summary (a Japanese Splunk On-Call
 * workshop page, search index id 44528761648, its lines as published):
 * each "+R:" answers the "+DT:" right before it (the lines alternate, one
 * child writing), so each gives that child's figure, count / seconds x
 * block size, a repetition with parallel=1 and no multi (the children's
 * sum is not known); the "+DT:" cut before its "+R:" gives nothing. */
static void openssl_speed__multi_children_lines_only__child_figures_parallel(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok("=== \"Output\"\n"
               "\n"
               "    ```\n"
               "    Forked child 0\n"
               "    +DT:md4:3:16\n"
               "    +R:19357020:md4:3.000000\n"
               "    +DT:md4:3:64\n"
               "    +R:14706608:md4:3.010000\n"
               "    +DT:md4:3:256\n"
               "    +R:8262960:md4:3.000000\n"
               "    +DT:md4:3:1024\n"
               "    ```\n",
               NULL, &s);
    assert_int_equal(tu_count(&s, "throughput"), 3);
    tu_assert_value(&s, "md4", "throughput", "block_size=16,parallel=1",
                    19357020.0 / 3.0 * 16, 1e-9);
    tu_assert_value(&s, "md4", "throughput", "block_size=64,parallel=1",
                    14706608.0 / 3.01 * 64, 1e-9);
    tu_assert_value(&s, "md4", "throughput", "block_size=256,parallel=1",
                    8262960.0 / 3.0 * 256, 1e-9);
    assert_int_equal(tu_line_of(&s, "throughput", "block_size=64"), 8);
    /* one child's figures: never the -multi run's */
    for (size_t i = 0; i < s.n; i++)
        for (int j = 0; j < s.samples[i].params.n; j++)
            assert_string_not_equal(s.samples[i].params.kv[j].key, "multi");
    assert_true(tu_has_warning(&s, 6, "parent's summary is missing"));
    bdb_sink_free(&s);
}

/* The real -multi 2 sample cut before the parent's "Got:" lines: both
 * children's "+DT:" lines come before either "+R:" (line 4), so which
 * block size an "+R:" is of cannot be told (line 6's 80894666 follows a
 * "+DT:...:64" but is the other child's 16-byte count, as its "Got:" line
 * shows): an error naming line 4, no figure. */
static void openssl_speed__multi_children_lines_interleaved__not_guessed(void **state)
{
    (void)state;
    expect_error(FIX_REL "truncated-multi2-evp-aes-128-cbc-children-only.txt",
                 4, "interleave");
}

/* The real `openssl speed -multi 2 -mr -seconds 1 -bytes 16 sha256`
 * (OpenSSL 3.0.19 here): whole, the parent's "+F:" sum is the figure;
 * cut after its two "+R:" lines (each child's "+DT:" came first), which
 * block size each is of cannot be told, so nothing is guessed. */
static void openssl_speed__multi_mr_cut_after_children_results__refused(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(FIX_REL "multi2-mr-sha256-bytes16.txt", NULL, &s);
    tu_assert_value(&s, "sha256", "throughput", "block_size=16,multi=2",
                    29843469.31, 1e-12);
    bdb_sink_free(&s);
    size_t len;
    char *raw = tu_read(FIX_REL "multi2-mr-sha256-bytes16.txt", &len);
    char *cut = strstr(raw, "Forked child 1");
    assert_non_null(cut);
    *cut = '\0';
    tu_expect_error(NULL, raw, NULL, 4, "interleave");
    free(raw);
}

static void openssl_speed__row_with_text_after_its_figures__warned_not_dropped(void **state)
{
    (void)state;
    /* hand-made: words pasted after the figures of the real aes-128-cbc
     * row (line 21); an arrow before them ("<- with AES-NI") makes them
     * a note, which goes (test_unwrap) */
    size_t len;
    char *raw = tu_read(DIR_REL "elapsed-aes-cbc.txt", &len);
    char *text = tu_replace(raw, "1580843.01k", "1580843.01k with AES-NI");
    free(raw);
    bdb_sink s;
    text_ok(text, &s);
    free(text);
    assert_int_equal(s.n, 6);
    assert_null(tu_find(&s, "aes-128-cbc", "throughput", NULL));
    assert_non_null(tu_find(&s, "aes-256-cbc", "throughput", "block_size=16"));
    assert_int_equal(note_line(&s, "a row of figures this parser cannot read"),
                     21);
    bdb_sink_free(&s);

    /* but wrk's "Req/Sec" line after the table (from the QAT post quoted
     * below) has three 'k' figures, not six: not a row, no warning */
    raw = tu_read(DIR_REL "elapsed-aes-cbc.txt", &len);
    const char *wrk = "\n ./wrk -t 20 -c 20000 https://172.16.10.44 \n"
                      "    Req/Sec     5.79k     4.48k   17.64k    53.97%\n";
    text = malloc(len + strlen(wrk) + 1);
    memcpy(text, raw, len);
    memcpy(text + len, wrk, strlen(wrk) + 1);
    free(raw);
    text_ok(text, &s);
    free(text);
    assert_int_equal(s.n, 12);
    /* an import (the unread-figure account) warns each line whose
     * numbers no figure reads: */
    assert_int_equal(s.unread_lines, 2);
    assert_true(tu_has_warning(&s, 24, "numbers not read: 20, 20000"));
    assert_true(tu_has_warning(&s, 25, "numbers not read: 5.79, 4.48, 17.64"));
    assert_int_equal(s.nnotes, 2);
    bdb_sink_free(&s);
}

static void openssl_speed__label_too_long__row_refused_never_cut(void **state)
{
    (void)state;
    /* hand-made: the real aes-256-cbc row (line 22) with a label of 200
     * characters, longer than a parameter value may be */
    char label[256];
    memset(label, 'x', 200);
    label[200] = '\0';
    char to[400];
    snprintf(to, sizeof to, "1144324.10k (%s)", label);
    size_t len;
    char *raw = tu_read(DIR_REL "elapsed-aes-cbc.txt", &len);
    char *text = tu_replace(raw, "1144324.10k", to);
    free(raw);
    bdb_sink s;
    text_ok(text, &s);
    free(text);
    assert_int_equal(s.n, 6); /* aes-128-cbc only */
    assert_null(tu_find(&s, "aes-256-cbc", "throughput", NULL));
    assert_int_equal(note_line(&s, "do not fit its parameters"), 22);
    bdb_sink_free(&s);
}

static void openssl_speed__mr_line_of_unknown_kind__warned_not_dropped(void **state)
{
    (void)state;
    /* hand-made: a "+F11:" line no OpenSSL version prints, after the real
     * -mr public-key lines of the 3.0.19 sample */
    size_t len;
    char *raw = tu_read(DIR_REL "mr-ecdsa-ecdh-eddsa-ffdh.txt", &len);
    char *text = tu_replace(raw, "+F8:", "+F11:0:1:2.0:3.0\n+F8:");
    free(raw);
    bdb_sink s;
    text_ok(text, &s);
    free(text);
    assert_int_equal(s.n, 12);
    assert_int_equal(note_line(&s, "+F11:"), 16);
    bdb_sink_free(&s);
}

static void openssl_speed__mr_curve_index_past_int__warned_not_a_crash(void **state)
{
    (void)state;
    /* the attack's three lines: 2^31 made INT_MIN, which passed the
     * "index below the table's size" check and read far before it */
    tu_expect_error(NULL,
                    "+DTP:256::ecdh:1\n+R7:16028:256:1.00\n"
                    "+F5:2147483648:256:1:1\n",
                    NULL, 3, "curve #2147483648 of 256 bits");
    /* the real 3.0.19 sample with its ECDH line's index and an RSA
     * line's bits made extreme: both warned at their line, the rest kept */
    size_t len;
    char *raw = tu_read(DIR_REL "mr-ecdsa-ecdh-eddsa-ffdh.txt", &len);
    char *a = tu_replace(raw, "+F5:3:256:", "+F5:-2147483649:256:");
    char *text = tu_replace(a, "+F8:", "+F2:0:1e308:1.0:2.0\n+F8:");
    free(raw);
    free(a);
    bdb_sink s;
    text_ok(text, &s);
    free(text);
    assert_int_equal(s.n, 10); /* 12 less the ECDH line's two */
    assert_int_equal(note_line(&s, "curve #-2147483649"), 14);
    assert_int_equal(note_line(&s, "malformed -mr line"), 16);
    bdb_sink_free(&s);
}

/* A second table printed without its header, after a line that says what
 * changed: its whole rows go on the table's shape, as another run of the
 * same figures; a line of prose between is not a row. Public excerpt
 * (bench/corpus SOURCES.tsv: openssl-speed/itanium2-900mhz-perl-comment-
 * rsa-dsa.txt, search index id 9480729003, lines 3-5 and 11-15), OpenSSL
 * of 2010 on a 900 MHz Itanium 2. */
static void openssl_speed__headerless_second_table__rows_read_as_second_run(void **state)
{
    (void)state;
    static const char log[] =
        "#                   sign    verify    sign/s verify/s\n"
        "# rsa  512 bits 0.000634s 0.000030s   1577.6  32877.3\n"
        "# rsa 1024 bits 0.001246s 0.000058s    802.8  17181.5\n"
        "#\n"
        "# ... and *without*:\n"
        "#\n"
        "# rsa  512 bits 0.000670s 0.000041s   1491.8  24145.5\n"
        "# rsa 1024 bits 0.001988s 0.000080s    502.9  12499.3\n";
    bdb_sink s;
    text_ok(log, &s);
    const bdb_sample *a = NULL, *b = NULL;
    for (size_t i = 0; i < s.n; i++) {
        const bdb_sample *f = &s.samples[i];
        if (strcmp(f->benchmark, "rsa512") != 0 ||
            strcmp(f->metric, "verify_per_sec") != 0)
            continue;
        if (f->line == 2)
            a = f;
        if (f->line == 7)
            b = f;
    }
    assert_non_null(a);
    assert_non_null(b);
    assert_true(a->value == 32877.3 && b->value == 24145.5);
    assert_int_equal(b->repetition, a->repetition + 1);
    assert_int_equal(s.n, 16);
    bdb_sink_free(&s);
    /* prose with a time and a rate after the table is no row of it */
    text_ok("                  sign    verify    sign/s verify/s\n"
            "rsa  512 bits 0.000634s 0.000030s   1577.6  32877.3\n"
            "\n"
            "took 3.5s at 12.5 per run\n", &s);
    assert_int_equal(s.n, 4);
    bdb_sink_free(&s);
}

static void openssl_speed__not_speed_output_when_forced__fails(void **state)
{
    (void)state;
    tu_expect_error(NULL, "hello\nworld 1.00 2.00\n", TOOL, 0,
                    "not openssl speed output");
}

static void openssl_speed__any_prefix_of_a_sample__never_crashes(void **state)
{
    (void)state;
    static const char *const files[] = {
        "multi2-evp-aes-128-cbc.txt", "ecdsa-ecdh-eddsa.txt",
        "mr-multi2-rsa2048.txt", "seed000-loop-m2-aes-256-cbc.txt",
        "pk-rsa-dsa-ecdsa-ecdh-eddsa-ffdh.txt",
        "script-prompt-multi2-evp-aes-256-gcm-bytes16384.txt"};
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
            for (size_t i = 0; i < s.n; i++)
                assert_true(s.samples[i].value > 0);
            bdb_sink_free(&s);
            text[cut] = saved;
        }
        free(text);
    }
}

/* ---- golden figures against the raw text, without the parser ---------- */

static void openssl_speed__golden_figures__match_the_printed_text(void **state)
{
    (void)state;
    /* throughput table: "k" is 1000 bytes/s */
    tu_crosscheck(DIR_REL "elapsed-aes-cbc.txt", 21,
                  "aes-128-cbc    1267485.87k", "aes-128-cbc", "throughput",
                  1267485.87 * 1000);
    tu_crosscheck(DIR_REL "bytes4096-evp-aes-128-gcm.txt", 9,
                  "AES-128-GCM    3226214.40k", "aes-128-gcm", "throughput",
                  3226214.40 * 1000);
    tu_crosscheck(DIR_REL "script-prompt-multi2-evp-aes-256-gcm-bytes16384.txt",
                  20, "AES-256-GCM    1839404.10k", "aes-256-gcm",
                  "throughput", 1839404.10 * 1000);
    /* -mr "+F:" is bytes/s as printed */
    tu_crosscheck(DIR_REL "multi2-mr-evp-aes-128-gcm.txt", 31,
                  "+F:25:AES-128-GCM:16698901.33:", "aes-128-gcm",
                  "throughput", 16698901.33);
    /* RSA table: sign/s as printed, verify time = 1 / verify/s */
    tu_crosscheck(DIR_REL "pk-rsa-dsa-ecdsa-ecdh-eddsa-ffdh.txt", 17,
                  "rsa 1024 bits 0.000103s 0.000006s   9745.8 171745.1",
                  "rsa1024", "sign_per_sec", 9745.8);
    tu_crosscheck(DIR_REL "pk-rsa-dsa-ecdsa-ecdh-eddsa-ffdh.txt", 17,
                  "0.000006s   9745.8 171745.1", "rsa1024", "verify_time",
                  1 / 171745.1);
    /* DSA, ECDSA, ECDH (X25519), EdDSA, FFDH tables */
    tu_crosscheck(DIR_REL "pk-rsa-dsa-ecdsa-ecdh-eddsa-ffdh.txt", 19,
                  "dsa 2048 bits 0.000282s 0.000250s   3544.2   3994.2",
                  "dsa2048", "verify_per_sec", 3994.2);
    tu_crosscheck(DIR_REL "pk-rsa-dsa-ecdsa-ecdh-eddsa-ffdh.txt", 21,
                  "384 bits ecdsa (nistp384)   0.0008s   0.0007s   1271.4   1455.0",
                  "ecdsa-nistp384", "sign_per_sec", 1271.4);
    tu_crosscheck(DIR_REL "pk-rsa-dsa-ecdsa-ecdh-eddsa-ffdh.txt", 23,
                  "253 bits ecdh (X25519)   0.0000s  27356.8", "ecdh-x25519",
                  "op_per_sec", 27356.8);
    tu_crosscheck(DIR_REL "pk-rsa-dsa-ecdsa-ecdh-eddsa-ffdh.txt", 25,
                  "456 bits EdDSA (Ed448)   0.0002s   0.0002s   5667.6   4925.0",
                  "ed448", "verify_per_sec", 4925.0);
    tu_crosscheck(DIR_REL "pk-rsa-dsa-ecdsa-ecdh-eddsa-ffdh.txt", 27,
                  "2048 bits ffdh   0.0003s   2876.7", "ffdh2048",
                  "op_per_sec", 2876.7);
    /* -mr public-key line of 3.x: operations/s */
    tu_crosscheck(DIR_REL "mr-ecdsa-ecdh-eddsa-ffdh.txt", 13,
                  "+F4:3:256:39435.353535:12863.000000", "ecdsa-nistp256",
                  "verify_per_sec", 12863.0);
    /* -multi summary of the public-key tables */
    tu_crosscheck(DIR_REL "multi2-rsa2048-ecdhp256.txt", 27,
                  "256 bits ecdh (nistp256)   0.0000s  31416.0",
                  "ecdh-nistp256", "op_per_sec", 31416.0);
}

/* Rows an author pointed out with a mark after a javadoc's " * " prefix
 * ("  >  md5   57078.16k ..." beside "     md4   65025.25k ..."): read as
 * their neighbours are, at their lines (issue 21: read as no row and
 * passed over silently). Excerpt of a fixity plugin's javadoc, an
 * 'openssl speed' run on a Mac (1.0.x era, no version printed), search
 * index id 28396352402, its first 13 lines. */
static void openssl_speed__rows_with_a_mark__read_as_their_neighbours(
    void **state)
{
    (void)state;
    static const char text[] =
        " * Something about computational complexity - output from 'openssl speed' on my Mac:\n"
        " * <pre>\n"
        " *     The 'numbers' are in 1000s of bytes per second processed.\n"
        " *\n"
        " *     type                16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n"
        " *     ---------------------------------------------------------------------------------\n"
        " *     md2                     0.00         0.00         0.00         0.00         0.00\n"
        " *     mdc2                13280.99k    14230.25k    14517.85k    14617.94k    14589.95k\n"
        " *     md4                 65025.25k   194980.74k   436904.96k   629422.08k   725985.96k\n"
        " *  >  md5                 57078.16k   167039.30k   372963.41k   537889.11k   610697.22k\n"
        " *     hmac(md5)           44052.99k   139992.83k   337815.64k   520850.43k   613045.59k\n"
        " *  >  sha1                60183.44k   165975.62k   350891.92k   481671.51k   538367.32k\n"
        " *     rmd160              44779.27k   111781.72k   210174.72k   270058.50k   293890.73k\n";
    bdb_sink s;
    tu_text_ok(text, NULL, &s);
    assert_true(s.n > 0);
    assert_string_equal(s.samples[0].tool, TOOL);
    assert_null(tu_find(&s, "md2", "throughput", NULL));
    const bdb_sample *md5 = tu_find(&s, "md5", "throughput", "block_size=16");
    assert_non_null(md5);
    assert_int_equal(md5->line, 10);
    tu_assert_close(md5->value, 57078.16e3, 1e-12, "md5 16");
    tu_assert_value(&s, "md5", "throughput", "block_size=8192", 610697.22e3,
                    1e-12);
    tu_assert_value(&s, "sha1", "throughput", "block_size=64", 165975.62e3,
                    1e-12);
    assert_int_equal(tu_line_of(&s, "throughput", "block_size=1024"), 8);
    const bdb_sample *sha1 = tu_find(&s, "sha1", "throughput", "block_size=8192");
    assert_non_null(sha1);
    assert_int_equal(sha1->line, 12);
    tu_assert_value(&s, "md4", "throughput", "block_size=256", 436904.96e3,
                    1e-12);
    /* mdc2, md4, md5, hmac(md5), sha1, rmd160: six rows of five sizes
     * (md2's zeros are warned, not read) */
    assert_int_equal(tu_count(&s, "throughput"), 30);
    assert_int_equal(s.unread_lines, 0);
    bdb_sink_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(openssl_speed__headerless_second_table__rows_read_as_second_run),
        cmocka_unit_test(openssl_speed__rows_with_a_mark__read_as_their_neighbours),
        cmocka_unit_test(openssl_speed__elapsed_table__reads_k_as_1000_bytes),
        cmocka_unit_test(openssl_speed__cut_after_header__progress_results_give_rows),
        cmocka_unit_test(openssl_speed__cut_before_table__each_result_a_figure),
        cmocka_unit_test(openssl_speed__evp_upper_case_name__normalised_with_evp),
        cmocka_unit_test(openssl_speed__multi_summary_row__imported_with_multi),
        cmocka_unit_test(openssl_speed__multi_row_labelled_wrongly__uses_children_name),
        cmocka_unit_test(openssl_speed__mr_lines__bytes_per_second),
        cmocka_unit_test(openssl_speed__mr_multi_rsa__rates_summed_over_children),
        cmocka_unit_test(openssl_speed__mr_multi_evp__parent_sum_line_with_children_count),
        cmocka_unit_test(openssl_speed__rsa_table__sign_verify_rates_and_times),
        cmocka_unit_test(openssl_speed__ecdsa_ecdh_eddsa__named_by_curve),
        cmocka_unit_test(openssl_speed__every_3x_pk_table__rsa_dsa_ecdsa_ecdh_eddsa_ffdh),
        cmocka_unit_test(openssl_speed__mr_pk_lines_3x__curves_and_ffdh_named),
        cmocka_unit_test(openssl_speed__mr_before_1_1_1__times_turned_into_rates),
        cmocka_unit_test(openssl_speed__multi_text_pk_tables__summary_with_multi),
        cmocka_unit_test(openssl_speed__bytes_option__one_block_size),
        cmocka_unit_test(openssl_speed__aead_sizes_in_header__aead_param),
        cmocka_unit_test(openssl_speed__seed000_bare_rows__repetitions_when_forced),
        cmocka_unit_test(openssl_speed__prompt_line_in_a_typescript__settings_become_params),
        cmocka_unit_test(openssl_speed__set_x_line__elapsed_seconds_decrypt),
        cmocka_unit_test(openssl_speed__command_and_printed_seconds_disagree__printed_wins_with_warning),
        cmocka_unit_test(openssl_speed__command_multi_below_children__children_win_with_warning),
        cmocka_unit_test(openssl_speed__command_quoted_in_markdown__settings_read),
        cmocka_unit_test(openssl_speed__bare_row_kept_with_its_command__bytes_give_block_size),
        cmocka_unit_test(openssl_speed__lkp_4_0_rsa_encrypt_decrypt__multi_from_timestamped_command),
        cmocka_unit_test(openssl_speed__two_runs_engine_and_async_jobs__separate_series),
        cmocka_unit_test(openssl_speed__3_5_kem_and_signature_tables__after_a_root_prompt),
        cmocka_unit_test(openssl_speed__1_0_1_armv7__five_sizes_binary_curves_zero_rows),
        cmocka_unit_test(openssl_speed__armv7_phone_inf_and_negative_rows__warned_rest_kept),
        cmocka_unit_test(openssl_speed__sbc_bench_cluster_suffix__cluster_param_no_duplicates),
        cmocka_unit_test(openssl_speed__sbc_bench_two_cores_of_one_cluster__repetitions),
        cmocka_unit_test(openssl_speed__sbc_bench_long_cluster_names_and_fully_parallel__labelled),
        cmocka_unit_test(openssl_speed__sbc_bench_single_cluster_run_twice__evp_elapsed_repetitions),
        cmocka_unit_test(openssl_speed__pkb_1_1_1_evp_row_without_header__standard_sizes),
        cmocka_unit_test(openssl_speed__algorithm_missing__error_not_zero_not_truncated),
        cmocka_unit_test(openssl_speed__missing_algorithm_beside_others__warns_keeps_others),
        cmocka_unit_test(openssl_speed__legacy_provider_loaded__rc4_measured_with_provider_param),
        cmocka_unit_test(openssl_speed__negative_figures_in_the_table__warned_rest_kept),
        cmocka_unit_test(openssl_speed__inf_figure_in_a_row__warned_others_kept),
        cmocka_unit_test(openssl_speed__error_stack_between_pk_rows__warning_at_its_line),
        cmocka_unit_test(openssl_speed__truncated_row__complete_figures_kept_with_warning),
        cmocka_unit_test(openssl_speed__truncated_pk_table__rows_before_the_cut_kept),
        cmocka_unit_test(openssl_speed__progress_lines_only__every_result_a_figure),
        cmocka_unit_test(openssl_speed__vendor_builds__rows_read_whatever_the_name),
        cmocka_unit_test(openssl_speed__progress_curves__named_by_command_line),
        cmocka_unit_test(openssl_speed__nine_curves__each_named_by_command_line),
        cmocka_unit_test(openssl_speed__full_run_progress__curves_named_by_count),
        cmocka_unit_test(openssl_speed__truncated_before_any_row__fails_saying_truncated),
        cmocka_unit_test(openssl_speed__multi_children_lines_only__child_figures_parallel),
        cmocka_unit_test(openssl_speed__multi_children_lines_interleaved__not_guessed),
        cmocka_unit_test(openssl_speed__multi_mr_cut_after_children_results__refused),
        cmocka_unit_test(openssl_speed__row_with_text_after_its_figures__warned_not_dropped),
        cmocka_unit_test(openssl_speed__label_too_long__row_refused_never_cut),
        cmocka_unit_test(openssl_speed__mr_line_of_unknown_kind__warned_not_dropped),
        cmocka_unit_test(openssl_speed__mr_curve_index_past_int__warned_not_a_crash),
        cmocka_unit_test(openssl_speed__not_speed_output_when_forced__fails),
        cmocka_unit_test(openssl_speed__any_prefix_of_a_sample__never_crashes),
        cmocka_unit_test(openssl_speed__golden_figures__match_the_printed_text),
        cmocka_unit_test(openssl_speed__ssleay_times_only_rows__sign_and_verify_read),
        cmocka_unit_test(openssl_speed__rows_wrapped_after_four_columns__all_six_read),
        cmocka_unit_test(openssl_speed__header_wrapped_inside_a_pair__six_sizes_read),
        cmocka_unit_test(openssl_speed__overlong_type_line_before_bytes__no_header),
        cmocka_unit_test(openssl_speed__pk_row_wrapped_after_times__read_at_first_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
