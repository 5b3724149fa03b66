/* test_pg_location.c - a PostgreSQL password given in --db stays secret:
 * not in ps for the run, not in any message, not in a file name. No
 * server is needed: the connections go to a closed port or to a socket
 * of this test that never answers. */
#include "test_util.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

/* A port nothing listens on: bound, then closed. */
static int closed_port(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    assert_true(fd >= 0);
    struct sockaddr_in a = {.sin_family = AF_INET,
                            .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof a), 0);
    socklen_t n = sizeof a;
    assert_int_equal(getsockname(fd, (struct sockaddr *)&a, &n), 0);
    close(fd);
    return ntohs(a.sin_port);
}

/* A socket of this test listening on a loopback port (*port). */
static int listening(int *port)
{
    int ls = socket(AF_INET, SOCK_STREAM, 0);
    assert_true(ls >= 0);
    struct sockaddr_in a = {.sin_family = AF_INET,
                            .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    assert_int_equal(bind(ls, (struct sockaddr *)&a, sizeof a), 0);
    assert_int_equal(listen(ls, 4), 0);
    socklen_t alen = sizeof a;
    assert_int_equal(getsockname(ls, (struct sockaddr *)&a, &alen), 0);
    *port = ntohs(a.sin_port);
    /* a child that never connects fails the test, not hangs it; the
     * sockets accept() returns have the same timeout */
    struct timeval tv = {.tv_sec = 30};
    assert_int_equal(setsockopt(ls, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv),
                     0);
    return ls;
}

static size_t entries(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

/* Issue 23, item 6: a libpq keyword string was taken as an SQLite path:
 * import made a file named after the password and printed it. */
static void pg_location__keyword_string__is_postgresql_and_never_shown(void **state)
{
    (void)state;
    const char *dir = tu_tmpdir();
    int port = closed_port();
    static const char *const forms[] = {
        "host=127.0.0.1 port=PORT dbname=x password=S3CRETkw",
        "host=127.0.0.1 port=PORT password='S3CRETkw with blanks' dbname=x",
        "postgresql://u:S3CRETkw/x@127.0.0.1:PORT/db",
        "postgresql://u@127.0.0.1:PORT/db?password=S3CRETkw&sslmode=disable"};
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        char portnum[16];
        snprintf(portnum, sizeof portnum, "%d", port);
        char *loc = tu_replace(forms[i], "PORT", portnum);
        bdb_buf out;
        bdb_buf_init(&out);
        /* run from dir: nothing may be made there */
        char cmd[1200];
        snprintf(cmd, sizeof cmd, "cd '%s' && '%s' --db \"%s\" import '%s' "
                 "2>&1; '%s' --db \"%s\" list sources 2>&1", dir, BDB_BINARY,
                 loc, tu_path("samples/ab/bin-keepalive-c4.txt"), BDB_BINARY,
                 loc);
        FILE *p = popen(cmd, "r");
        assert_non_null(p);
        char buf[4096];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, p)) > 0)
            bdb_buf_append(&out, buf, n);
        pclose(p);
        if (strstr(out.data, "S3CRET"))
            fail_msg("%s: the password was printed: %s", forms[i], out.data);
        if (!strstr(out.data, "cannot connect"))
            fail_msg("%s: not taken as PostgreSQL: %s", forms[i], out.data);
        if (entries(dir) != 0)
            fail_msg("%s: a file was made in %s", forms[i], dir);
        bdb_buf_free(&out);
        free(loc);
    }
}

/* Issue 23, item 6: the --db URI with its password was in ps for the
 * whole run. The child connects to a socket that never answers; while it
 * waits, its command line holds no password. */
static void pg_location__password_in_uri__not_in_the_command_line(void **state)
{
    (void)state;
    int port, ls = listening(&port);
    char loc[200];
    snprintf(loc, sizeof loc, "postgresql://u:S3CRETps@127.0.0.1:%d/db?"
             "connect_timeout=20&sslmode=disable", port);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        dup2(null, 2);
        execl(BDB_BINARY, "benchdb", "--db", loc, "list", "sources",
              (char *)NULL);
        _exit(127);
    }
    /* it has connected: past its option parsing, waiting for the server */
    int c = accept(ls, NULL, NULL);
    assert_true(c >= 0);
    char path[64], cmdline[4096];
    snprintf(path, sizeof path, "/proc/%d/cmdline", (int)pid);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = fread(cmdline, 1, sizeof cmdline - 1, f);
    fclose(f);
    close(c);
    close(ls);
    int status;
    waitpid(pid, &status, 0);
    for (size_t i = 0; i < n; i++)
        if (cmdline[i] == '\0')
            cmdline[i] = ' ';
    cmdline[n] = '\0';
    assert_non_null(strstr(cmdline, "127.0.0.1"));
    if (strstr(cmdline, "S3CRETps"))
        fail_msg("the password is in the command line: %s", cmdline);
    assert_non_null(strstr(cmdline, "u:********@127.0.0.1"));
}

/* Writes n bytes of text to path. */
static void put_file(const char *path, const char *text, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

/* Reads exactly n bytes from fd. */
static void read_all(int fd, void *buf, size_t n)
{
    for (size_t got = 0; got < n;) {
        ssize_t r = read(fd, (char *)buf + got, n - got);
        assert_true(r > 0);
        got += (size_t)r;
    }
}

static unsigned be32(const unsigned char *p)
{
    return (unsigned)p[0] << 24 | (unsigned)p[1] << 16 | (unsigned)p[2] << 8 |
           p[3];
}

/* Issue 23, item 6: a password could only come from the command line,
 * PGPASSWORD or ~/.pgpass. --db-password-file FILE gives libpq FILE's
 * first line: this test's socket plays the server, asks for a cleartext
 * password, receives the file's, and refuses it with a message that
 * quotes it; benchdb prints the refusal without the password, and its
 * command line names only the file. */
static void pg_location__password_file__reaches_the_server_and_stays_secret(void **state)
{
    (void)state;
    const char *dir = tu_tmpdir();
    char pwfile[1024], outfile[1024], loc[200];
    snprintf(pwfile, sizeof pwfile, "%s/pw", dir);
    snprintf(outfile, sizeof outfile, "%s/out", dir);
    put_file(pwfile, "S3CRETfile\nsecond line\n", 23);
    int port, ls = listening(&port);
    snprintf(loc, sizeof loc, "postgresql://u@127.0.0.1:%d/db?connect_timeout"
             "=20&sslmode=disable&gssencmode=disable", port);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int out = open(outfile, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        dup2(out, 1);
        dup2(out, 2);
        execl(BDB_BINARY, "benchdb", "--db-password-file", pwfile, "--db", loc,
              "list", "sources", (char *)NULL);
        _exit(127);
    }
    int c = accept(ls, NULL, NULL);
    assert_true(c >= 0);
    unsigned char head[5], msg[512];
    read_all(c, head, 4);       /* the startup message */
    unsigned len = be32(head);
    assert_true(len >= 8 && len - 4 <= sizeof msg);
    read_all(c, msg, len - 4);
    static const unsigned char cleartext[] = {'R', 0, 0, 0, 8, 0, 0, 0, 3};
    assert_int_equal(write(c, cleartext, sizeof cleartext), sizeof cleartext);
    read_all(c, head, 5);       /* 'p', its length, the password */
    assert_int_equal(head[0], 'p');
    len = be32(head + 1);
    assert_true(len >= 5 && len - 4 <= sizeof msg);
    read_all(c, msg, len - 4);
    assert_int_equal(len - 4, sizeof "S3CRETfile");
    assert_memory_equal(msg, "S3CRETfile", sizeof "S3CRETfile");
    /* the server's refusal quotes the password it was given */
    static const char fields[] = "SFATAL\0C28P01\0Mpassword S3CRETfile is "
                                 "wrong for user u\0";
    unsigned char err[128];
    size_t n = sizeof fields;  /* the fields, then the last NUL */
    err[0] = 'E';
    unsigned total = (unsigned)n + 4;
    err[1] = (unsigned char)(total >> 24);
    err[2] = (unsigned char)(total >> 16);
    err[3] = (unsigned char)(total >> 8);
    err[4] = (unsigned char)total;
    memcpy(err + 5, fields, n);
    assert_int_equal(write(c, err, n + 5), (ssize_t)(n + 5));
    char path[64], cmdline[4096];
    snprintf(path, sizeof path, "/proc/%d/cmdline", (int)pid);
    FILE *f = fopen(path, "rb");
    size_t cn = f ? fread(cmdline, 1, sizeof cmdline - 1, f) : 0;
    if (f)
        fclose(f);
    cmdline[cn] = '\0';
    close(c);
    close(ls);
    int status;
    waitpid(pid, &status, 0);
    assert_true(WIFEXITED(status));
    assert_int_not_equal(WEXITSTATUS(status), 0);
    for (size_t i = 0; i < cn; i++)
        if (cmdline[i] == '\0')
            cmdline[i] = ' ';
    if (strstr(cmdline, "S3CRET"))
        fail_msg("the password is in the command line: %s", cmdline);
    char said[4096];
    f = fopen(outfile, "rb");
    assert_non_null(f);
    said[fread(said, 1, sizeof said - 1, f)] = '\0';
    fclose(f);
    if (!strstr(said, "is wrong for user u"))
        fail_msg("the refusal was not printed: %s", said);
    if (strstr(said, "S3CRET"))
        fail_msg("the password was printed: %s", said);
}

/* The password file's problems are named with the file, never its
 * bytes; none is taken as a password. */
static void pg_location__bad_password_file__is_named_and_refused(void **state)
{
    (void)state;
    const char *dir = tu_tmpdir();
    char empty[1024], nul[1024], longer[1024];
    snprintf(empty, sizeof empty, "%s/empty", dir);
    snprintf(nul, sizeof nul, "%s/nul", dir);
    snprintf(longer, sizeof longer, "%s/long", dir);
    put_file(empty, "\nS3CRETsecond\n", 14);
    put_file(nul, "S3CRET\0x\n", 9);
    char many[401];
    for (int i = 0; i < 40; i++)
        memcpy(many + 10 * i, "S3CRETlong", 10);
    put_file(longer, many, 400);
    static const struct {
        const char *name, *says;
    } cases[] = {{"empty", "holds no password on its first line"},
                 {"nul", "holds a NUL byte"},
                 {"long", "is longer than 255 bytes"},
                 {"missing", "cannot read the password file"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bdb_buf out;
        bdb_buf_init(&out);
        int rc = tu_run(&out, "--db-password-file '%s/%s' --db "
                        "postgresql://u@127.0.0.1:1/db list sources",
                        dir, cases[i].name);
        assert_int_equal(rc, 1);
        if (!strstr(out.data, cases[i].says) || !strstr(out.data, dir))
            fail_msg("%s: %s", cases[i].name, out.data);
        if (strstr(out.data, "S3CRET") || strstr(out.data, "connect"))
            fail_msg("%s: %s", cases[i].name, out.data);
        bdb_buf_free(&out);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pg_location__keyword_string__is_postgresql_and_never_shown),
        cmocka_unit_test(pg_location__password_in_uri__not_in_the_command_line),
        cmocka_unit_test(pg_location__password_file__reaches_the_server_and_stays_secret),
        cmocka_unit_test(pg_location__bad_password_file__is_named_and_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
