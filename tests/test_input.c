/* test_input.c - reading a file without holding it (common/bdb_input.h):
 * the mapping's bytes, refusals, pages dropped behind a reader (measured
 * in /proc/self/smaps), a file cut short or changed while mapped, the
 * incremental SHA-256 in both its code paths, `benchdb parse` against
 * every golden file, a large .gz log. The memory bounds are in
 * test_input_memory.c. No timing is asserted. */
#include "test_util.h"

#include "../common/bdb_error.h"
#include "../common/bdb_input.h"
#include "../common/bdb_scan.h"
#include "../common/bdb_sha256.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

static const char *tmp_file(const char *name)
{
    static char path[1024];
    snprintf(path, sizeof path, "%s/%s", tu_tmpdir(), name);
    return path;
}

static void write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

/* Resident kilobytes of the mapping that starts at p (smaps "Rss:"). */
static long mapping_rss_kb(const void *p)
{
    FILE *f = fopen("/proc/self/smaps", "r");
    assert_non_null(f);
    char line[512], want[32];
    snprintf(want, sizeof want, "%lx-", (unsigned long)(uintptr_t)p);
    long kb = -1;
    int in = 0;
    while (fgets(line, sizeof line, f)) {
        if (strchr(line, '-') && strchr(line, ' ') &&
            strchr(line, '-') < strchr(line, ' ') &&
            strncmp(line, "Rss:", 4) != 0 && line[0] != ' ' &&
            (line[0] < 'A' || line[0] > 'Z'))
            in = strncmp(line, want, strlen(want)) == 0;
        else if (in && strncmp(line, "Rss:", 4) == 0) {
            kb = strtol(line + 4, NULL, 10);
            break;
        }
    }
    fclose(f);
    assert_true(kb >= 0);
    return kb;
}

static char *pattern(size_t n)
{
    char *b = malloc(n);
    assert_non_null(b);
    uint32_t x = 12345;
    for (size_t i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        b[i] = (char)('a' + (x >> 16) % 26);
        if ((x >> 8) % 61 == 0)
            b[i] = '\n';
    }
    return b;
}

static void input__regular_file__is_its_bytes_with_a_nul_after(void **state)
{
    (void)state;
    long ps = sysconf(_SC_PAGESIZE);
    /* small files are read; larger ones mapped, and one of whole pages
     * has its NUL on the page after it */
    size_t big = BDB_INPUT_READ_MAX / (size_t)ps * (size_t)ps + (size_t)ps;
    size_t sizes[] = {1, 100, (size_t)ps, BDB_INPUT_READ_MAX, big, big + 7};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        char *b = pattern(sizes[k]);
        const char *path = tmp_file("in.txt");
        write_file(path, b, sizes[k]);
        bdb_input in;
        char msg[256];
        assert_int_equal(bdb_input_open(&in, path, msg, sizeof msg), BDB_OK);
        assert_int_equal(in.len, sizes[k]);
        assert_memory_equal(in.data, b, sizes[k]);
        assert_int_equal(in.data[in.len], '\0');
        assert_int_equal(bdb_input_changed(&in, msg, sizeof msg), 0);
        bdb_input_close(&in);
        free(b);
    }
}

/* /proc/cpuinfo says it has 0 bytes: it is read to its end, as before
 * (lscpu / cpuinfo among the files fill in platforms). */
static void input__file_without_a_size__is_read_to_its_end(void **state)
{
    (void)state;
    bdb_input in;
    char msg[256];
    assert_int_equal(bdb_input_open(&in, "/proc/self/status", msg, sizeof msg),
                     BDB_OK);
    assert_true(in.len > 100);
    assert_non_null(strstr(in.data, "VmRSS:"));
    assert_int_equal(in.data[in.len], '\0');
    bdb_input_close(&in);
}

static void input__empty_file__has_no_bytes(void **state)
{
    (void)state;
    const char *path = tmp_file("empty.txt");
    write_file(path, "", 0);
    bdb_input in;
    char msg[256];
    assert_int_equal(bdb_input_open(&in, path, msg, sizeof msg), BDB_OK);
    assert_int_equal(in.len, 0);
    assert_int_equal(in.data[0], '\0');
    assert_int_equal(bdb_input_changed(&in, msg, sizeof msg), 0);
    bdb_input_close(&in);
}

static void input__fifo_folder_or_missing_file__is_refused(void **state)
{
    (void)state;
    bdb_input in;
    char msg[256];
    const char *fifo = tmp_file("fifo");
    unlink(fifo);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    assert_int_equal(bdb_input_open(&in, fifo, msg, sizeof msg), BDB_EIO);
    assert_string_equal(msg, "not a regular file: not read");
    bdb_input_close(&in);
    assert_int_equal(bdb_input_open(&in, tu_tmpdir(), msg, sizeof msg), BDB_EIO);
    assert_string_equal(msg, "not a regular file: not read");
    assert_int_equal(bdb_input_open(&in, tmp_file("no-such-file"), msg,
                                    sizeof msg), BDB_EIO);
    assert_non_null(strstr(msg, "cannot open: "));
    bdb_input_close(&in);
}

static void input__pages_read__leave_memory_and_read_the_same_again(void **state)
{
    (void)state;
    size_t n = (size_t)8 << 20;
    char *b = pattern(n);
    const char *path = tmp_file("big.txt");
    write_file(path, b, n);
    bdb_input in;
    char msg[256];
    assert_int_equal(bdb_input_open(&in, path, msg, sizeof msg), BDB_OK);
    unsigned sum = 0;
    for (size_t i = 0; i < n; i += 512)
        sum += (unsigned char)in.data[i];
    assert_true(sum > 0);
    assert_true(mapping_rss_kb(in.data) >= 7 * 1024);
    bdb_input_release(in.data + 5);
    assert_true(mapping_rss_kb(in.data) <= 64);
    /* dropped pages come back unchanged */
    assert_memory_equal(in.data, b, n);
    assert_true(mapping_rss_kb(in.data) >= 7 * 1024);

    /* done_before: only what lies behind the reader goes */
    bdb_input_done_before(in.data + n / 2);
    long half = mapping_rss_kb(in.data);
    assert_true(half >= 3 * 1024 && half <= 5 * 1024);
    assert_memory_equal(in.data, b, n);

    /* the line reader lets go behind itself as it goes */
    bdb_input_release(in.data);
    bdb_lines it;
    bdb_line l;
    size_t lines = 0;
    bdb_lines_init(&it, in.data, in.len);
    while (bdb_lines_next(&it, &l))
        lines++;
    assert_true(lines > 1000);
    assert_true(mapping_rss_kb(in.data) <= 2 * 1024);

    /* a memchr over it keeps nothing either */
    bdb_input_release(in.data);
    assert_null(bdb_input_memchr(in.data, '\0', in.len));
    assert_true(mapping_rss_kb(in.data) <= 2 * 1024);
    bdb_input_close(&in);
    free(b);
}

/* A second mapping of the same open file (another thread's: the import
 * compresses a large source beside its parse) reads the same bytes, and
 * its pages go without the first's. */
static void input__mapped_again__reads_the_same_and_drops_its_own(void **state)
{
    (void)state;
    size_t n = (size_t)8 << 20;
    char *b = pattern(n);
    const char *path = tmp_file("again.txt");
    write_file(path, b, n);
    bdb_input in, again;
    char msg[256];
    assert_int_equal(bdb_input_open(&in, path, msg, sizeof msg), BDB_OK);
    assert_int_equal(bdb_input_map_again(&in, &again, msg, sizeof msg),
                     BDB_OK);
    assert_true(again.data != in.data);
    assert_int_equal(again.len, n);
    assert_memory_equal(again.data, b, n);
    assert_memory_equal(in.data, b, n);
    assert_true(mapping_rss_kb(again.data) >= 7 * 1024);
    assert_true(mapping_rss_kb(in.data) >= 7 * 1024);
    bdb_input_release(again.data);
    assert_true(mapping_rss_kb(again.data) <= 64);
    assert_true(mapping_rss_kb(in.data) >= 7 * 1024);
    bdb_input_close(&again);
    assert_memory_equal(in.data, b, n);
    bdb_input_close(&in);
    free(b);
}

static void input__heap_buffer__is_never_dropped(void **state)
{
    (void)state;
    size_t n = (size_t)4 << 20;
    char *b = pattern(n), *copy = malloc(n);
    assert_non_null(copy);
    memcpy(copy, b, n);
    bdb_input_done_before(b + n);
    bdb_input_release(b + 10);
    assert_ptr_equal(bdb_input_memchr(b, b[n - 1], n), memchr(b, b[n - 1], n));
    assert_memory_equal(b, copy, n);
    free(b);
    free(copy);
}

static void input__file_cut_short_while_mapped__reads_zeros_and_says_so(void **state)
{
    (void)state;
    long ps = sysconf(_SC_PAGESIZE);
    size_t n = BDB_INPUT_READ_MAX + (size_t)ps * 4; /* mapped */
    char *b = pattern(n);
    const char *path = tmp_file("cut.txt");
    write_file(path, b, n);
    bdb_input in;
    char msg[256];
    assert_int_equal(bdb_input_open(&in, path, msg, sizeof msg), BDB_OK);
    assert_int_equal(truncate(path, ps), 0);
    /* the first page is still the file's; past the new end, zeros, not
     * SIGBUS */
    assert_memory_equal(in.data, b, (size_t)ps);
    assert_int_equal(in.data[ps * 2 + 5], '\0');
    assert_int_equal(in.data[n - 1], '\0');
    assert_int_equal(bdb_input_changed(&in, msg, sizeof msg), 1);
    assert_non_null(strstr(msg, "cut short while it was read"));
    bdb_input_close(&in);
    free(b);
}

static void input__file_grown_while_mapped__is_changed_a_small_one_read_once(void **state)
{
    (void)state;
    const char *path = tmp_file("grow.txt");
    size_t n = BDB_INPUT_READ_MAX * 2; /* mapped */
    char *b = pattern(n);
    write_file(path, b, n);
    bdb_input in;
    char msg[256], want[128];
    assert_int_equal(bdb_input_open(&in, path, msg, sizeof msg), BDB_OK);
    FILE *f = fopen(path, "ab");
    assert_non_null(f);
    fputs("second line\n", f);
    assert_int_equal(fclose(f), 0);
    assert_int_equal(in.len, n);
    assert_int_equal(bdb_input_changed(&in, msg, sizeof msg), 1);
    snprintf(want, sizeof want, "changed while it was read (%zu bytes when "
             "opened, %zu now)", n, n + 12);
    assert_non_null(strstr(msg, want));
    bdb_input_close(&in);

    /* a small file is read at once: what was read is what is kept */
    write_file(path, "first line\n", 11);
    assert_int_equal(bdb_input_open(&in, path, msg, sizeof msg), BDB_OK);
    assert_null(in.map);
    write_file(path, "other\n", 6);
    assert_memory_equal(in.data, "first line\n", 11);
    assert_int_equal(bdb_input_changed(&in, msg, sizeof msg), 0);
    bdb_input_close(&in);
    free(b);
}

/* Digests of NIST vectors and of a pattern hashed in uneven pieces. */
static void digests(char out[5][65])
{
    bdb_sha256_hex("abc", 3, out[0]);
    const char *m448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    bdb_sha256_hex(m448, strlen(m448), out[1]);
    size_t n = 1000003;
    char *b = pattern(n);
    bdb_sha256_hex(b, n, out[2]);
    bdb_sha256 c;
    bdb_sha256_init(&c);
    size_t off = 0, step = 1;
    while (off < n) {
        size_t k = step < n - off ? step : n - off;
        bdb_sha256_update(&c, b + off, k);
        off += k;
        step = step * 7 % 1031 + 1; /* 1 .. 1031 bytes, across blocks */
    }
    bdb_sha256_final_hex(&c, out[3]);
    /* a million 'a' in pieces of 999 */
    memset(b, 'a', 1000000);
    bdb_sha256_init(&c);
    for (off = 0; off < 1000000; off += 999)
        bdb_sha256_update(&c, b + off, 1000000 - off < 999 ? 1000000 - off : 999);
    bdb_sha256_final_hex(&c, out[4]);
    free(b);
}

static void sha256__pieces_and_portable_code__give_the_same_digests(void **state)
{
    (void)state;
    char d[5][65];
    digests(d);
    assert_string_equal(d[0], "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    assert_string_equal(d[1], "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    assert_string_equal(d[2], d[3]);
    assert_string_equal(d[4], "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");

    /* the portable code (a child, where BDB_SHA256_PORTABLE is read
     * first) gives the same */
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(fds[0]);
        setenv("BDB_SHA256_PORTABLE", "1", 1);
        char p[5][65];
        digests(p);
        ssize_t w = write(fds[1], p, sizeof p);
        _exit(w == (ssize_t)sizeof p ? 0 : 1);
    }
    close(fds[1]);
    char p[5][65];
    assert_int_equal(tu_child_bytes(pid, fds[0], p, sizeof p), sizeof p);
    for (int i = 0; i < 5; i++)
        assert_string_equal(p[i], d[i]);
}

/* `benchdb parse --expected` spools figures to a temporary file and
 * prints them after the header: for every real sample it prints exactly
 * its golden file, as the in-memory collection did. */
static int parse_cases, parse_failures;

static void parse_case(const char *dir, const char *name, const char *rel,
                       void *ctx)
{
    (void)dir;
    (void)name;
    (void)ctx;
    size_t n = strlen(rel);
    if (n > 9 && strcmp(rel + n - 9, ".expected") == 0)
        return;
    char exp_rel[1024];
    const char *dot = strrchr(rel, '.'), *slash = strrchr(rel, '/');
    size_t stem = dot && dot > slash ? (size_t)(dot - rel) : n;
    snprintf(exp_rel, sizeof exp_rel, "%.*s.expected", (int)stem, rel);
    char exp_path[2048];
    snprintf(exp_path, sizeof exp_path, "%s/%s", BDB_SOURCE_DIR, exp_rel);
    if (access(exp_path, R_OK) != 0)
        return;
    size_t elen;
    char *expected = tu_read(exp_rel, &elen);
    bdb_buf args;
    bdb_buf_init(&args);
    static const char *const opt[][2] = {{"# tool: ", "--tool"},
                                         {"# benchmark: ", "--benchmark"},
                                         {"# param: ", "--param"}};
    for (const char *l = expected; *l && *l == '#';) {
        const char *nl = strchr(l, '\n');
        size_t ll = nl ? (size_t)(nl - l) : strlen(l);
        for (size_t k = 0; k < 3; k++) {
            size_t pl = strlen(opt[k][0]);
            if (ll > pl && strncmp(l, opt[k][0], pl) == 0) {
                assert_null(memchr(l, '\'', ll));
                bdb_buf_printf(&args, " %s '%.*s'", opt[k][1], (int)(ll - pl),
                               l + pl);
            }
        }
        l = nl ? nl + 1 : l + ll;
    }
    bdb_buf out;
    bdb_buf_init(&out);
    int rc = tu_run(&out, "parse --expected%s '%s/%s'", args.data ? args.data : "",
                    BDB_SOURCE_DIR, rel);
    parse_cases++;
    if (rc != 0 || !out.data || strcmp(out.data, expected) != 0) {
        print_error("%s: benchdb parse --expected does not print %s\n", rel,
                    exp_rel);
        parse_failures++;
    }
    bdb_buf_free(&out);
    bdb_buf_free(&args);
    free(expected);
}

static void parse__every_golden_sample__prints_its_expected_file(void **state)
{
    (void)state;
    tu_each_sample(parse_case, NULL);
    print_message("samples parsed by the binary: %d, differing: %d\n",
                  parse_cases, parse_failures);
    assert_true(parse_cases > 100);
    assert_int_equal(parse_failures, 0);
}

/* A .gz log larger than what is inflated in memory goes through a
 * temporary file and gives what the plain log gives. */
static void input__large_gzip_log__imports_as_the_plain_log(void **state)
{
    (void)state;
    const char *dir = tu_tmpdir();
    char csv[1024], gz[1024], db1[1024], db2[1024];
    snprintf(csv, sizeof csv, "%s/rows.csv", dir);
    snprintf(gz, sizeof gz, "%s/rows.csv.gz", dir);
    snprintf(db1, sizeof db1, "%s/plain.sqlite", dir);
    snprintf(db2, sizeof db2, "%s/gz.sqlite", dir);
    FILE *f = fopen(csv, "w");
    gzFile g = gzopen(gz, "wb");
    assert_non_null(f);
    assert_non_null(g);
    char row[128];
    const char *head = "platform,tool,benchmark,metric,value,unit,parameters\n";
    fputs(head, f);
    assert_true(gzputs(g, head) > 0);
    size_t bytes = 0;
    for (int i = 0; bytes < ((size_t)6 << 20); i++) {
        int n = snprintf(row, sizeof row, "box%d,gzip,gzip,real,%d.%03d,s,"
                         "threads=%d\n", i % 7, 1 + i % 5, i % 1000, i % 9);
        fputs(row, f);
        assert_int_equal(gzwrite(g, row, (unsigned)n), n);
        bytes += (size_t)n;
    }
    assert_int_equal(fclose(f), 0);
    assert_int_equal(gzclose(g), Z_OK);
    bdb_buf a, b;
    bdb_buf_init(&a);
    bdb_buf_init(&b);
    assert_int_equal(tu_run(&a, "--db '%s' import -q '%s'", db1, csv), 0);
    assert_int_equal(tu_run(&b, "--db '%s' import '%s'", db2, gz), 0);
    assert_non_null(strstr(b.data, "1 imported"));
    bdb_buf_reset(&a);
    bdb_buf_reset(&b);
    assert_int_equal(tu_run(&a, "--db '%s' list series --format csv", db1), 0);
    assert_int_equal(tu_run(&b, "--db '%s' list series --format csv", db2), 0);
    assert_non_null(strstr(a.data, ",gzip,gzip,real,threads=8,s,lower,"));
    assert_string_equal(a.data, b.data);
    bdb_buf_free(&a);
    bdb_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(input__regular_file__is_its_bytes_with_a_nul_after),
        cmocka_unit_test(input__empty_file__has_no_bytes),
        cmocka_unit_test(input__file_without_a_size__is_read_to_its_end),
        cmocka_unit_test(input__fifo_folder_or_missing_file__is_refused),
        cmocka_unit_test(input__pages_read__leave_memory_and_read_the_same_again),
        cmocka_unit_test(input__mapped_again__reads_the_same_and_drops_its_own),
        cmocka_unit_test(input__heap_buffer__is_never_dropped),
        cmocka_unit_test(input__file_cut_short_while_mapped__reads_zeros_and_says_so),
        cmocka_unit_test(input__file_grown_while_mapped__is_changed_a_small_one_read_once),
        cmocka_unit_test(sha256__pieces_and_portable_code__give_the_same_digests),
        cmocka_unit_test(parse__every_golden_sample__prints_its_expected_file),
        cmocka_unit_test(input__large_gzip_log__imports_as_the_plain_log),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
