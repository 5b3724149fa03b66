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
    int ls = socket(AF_INET, SOCK_STREAM, 0);
    assert_true(ls >= 0);
    struct sockaddr_in a = {.sin_family = AF_INET,
                            .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    assert_int_equal(bind(ls, (struct sockaddr *)&a, sizeof a), 0);
    assert_int_equal(listen(ls, 4), 0);
    socklen_t alen = sizeof a;
    assert_int_equal(getsockname(ls, (struct sockaddr *)&a, &alen), 0);
    char loc[200];
    snprintf(loc, sizeof loc, "postgresql://u:S3CRETps@127.0.0.1:%d/db?"
             "connect_timeout=20&sslmode=disable", ntohs(a.sin_port));
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pg_location__keyword_string__is_postgresql_and_never_shown),
        cmocka_unit_test(pg_location__password_in_uri__not_in_the_command_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
