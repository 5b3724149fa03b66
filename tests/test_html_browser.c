/* test_html_browser.c - the HTML report in a real browser: headless
 * Chromium (Debian's `chromium`) renders it, the sections and tables are
 * in the DOM, and the page makes no network request.
 *
 * Requests are read from Chromium's own network log (--log-net-log): the
 * browser's background traffic (updates, accounts) carries the initiator
 * "not an origin"; anything the page asks for carries the page's origin.
 * A control page that does load a remote image proves the detector sees
 * page requests. Skipped (not passed) when chromium is not installed. */
#include "test_util.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char dir[512];

static int have_chromium(void)
{
    return system("command -v chromium >/dev/null 2>&1") == 0;
}

/* Loads page in headless Chromium; the DOM goes to dom_out, the network
 * log is parsed into the number of page-initiated requests. */
static int browse(const char *page, bdb_buf *dom, int *page_requests)
{
    char cmd[4096], netlog[700], domfile[700];
    snprintf(netlog, sizeof netlog, "%s/net.json", dir);
    snprintf(domfile, sizeof domfile, "%s/dom.html", dir);
    remove(netlog);
    snprintf(cmd, sizeof cmd,
             "timeout 90 chromium --headless --no-sandbox --disable-gpu "
             "--disable-quic --no-first-run --disable-background-networking "
             "--disable-component-update --disable-sync --disable-default-apps "
             "--user-data-dir='%s/profile' --log-net-log='%s' "
             "--virtual-time-budget=3000 --dump-dom 'file://%s' > '%s' 2>/dev/null",
             dir, netlog, page, domfile);
    int rc = system(cmd);
    if (rc != 0)
        return -1;
    size_t len;
    char msg[256];
    bdb_buf_reset(dom);
    if (bdb_buf_read_file(dom, domfile, msg, sizeof msg))
        return -1;
    json_error_t err;
    json_t *log = json_load_file(netlog, 0, &err);
    if (!log)
        return -1;
    (void)len;
    /* Find the numeric id of URL_REQUEST_START_JOB. */
    json_t *types = json_object_get(json_object_get(log, "constants"), "logEventTypes");
    json_int_t start_job = json_integer_value(json_object_get(types, "URL_REQUEST_START_JOB"));
    size_t i;
    json_t *ev;
    *page_requests = 0;
    json_array_foreach(json_object_get(log, "events"), i, ev) {
        if (json_integer_value(json_object_get(ev, "type")) != start_job)
            continue;
        json_t *params = json_object_get(ev, "params");
        if (!json_object_get(params, "url"))
            continue; /* the end phase of a job carries no request */
        const char *initiator = json_string_value(json_object_get(params, "initiator"));
        if (!initiator || strcmp(initiator, "not an origin") != 0) {
            print_message("page request: %s (initiator %s)\n",
                          json_string_value(json_object_get(params, "url")),
                          initiator ? initiator : "none");
            (*page_requests)++;
        }
    }
    json_decref(log);
    return 0;
}

static void html__in_chromium__renders_sections_without_network(void **state)
{
    (void)state;
    if (!have_chromium()) {
        /* in CI (CI=true) a skip would pass without testing anything */
        const char *ci = getenv("CI");
        if (ci && strcmp(ci, "true") == 0)
            fail_msg("chromium is not installed (apt-get install chromium)");
        print_message("chromium is not installed: skipped (apt-get install chromium)\n");
        skip();
    }
    snprintf(dir, sizeof dir, "%s", tu_tmpdir());
    bdb_buf out, dom;
    bdb_buf_init(&out);
    bdb_buf_init(&dom);
    /* A report with a hostile platform name, from the seeds' figures. */
    char path[800];
    snprintf(path, sizeof path, "%s/evil.csv", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("platform,tool,benchmark,metric,value,unit\n"
          "\"<img src=http://127.0.0.1:9/x.png>\",tmpfs,tmpfs,read,1.1,GB/s\n", f);
    fclose(f);
    assert_int_equal(tu_run(&out, "--db '%s/r.sqlite' import '%s' '%s' '%s'", dir,
                            tu_path("samples/published/seed-published-figures.csv"),
                            path, tu_path("samples/platforms.csv")), 0);
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s/r.sqlite' report --baseline x86-A "
                                  "--format html -o '%s/report.html'", dir, dir), 0);
    snprintf(path, sizeof path, "%s/report.html", dir);
    int requests = -1;
    assert_int_equal(browse(path, &dom, &requests), 0);
    assert_int_equal(requests, 0);
    const char *ids[] = {"id=\"findings\"", "id=\"platforms\"", "id=\"scores\"",
                         "id=\"tool-tmpfs\"", "id=\"efficiency\"",
                         "id=\"warnings\"", "id=\"provenance\""};
    for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++)
        if (!strstr(dom.data, ids[k]))
            fail_msg("rendered DOM lacks %s", ids[k]);
    int tables = 0;
    for (const char *p = dom.data; (p = strstr(p, "<table")); p++)
        tables++;
    assert_true(tables >= 5);
    /* the hostile name is text, not an element */
    assert_non_null(strstr(dom.data, "&lt;img src=http://127.0.0.1:9/x.png&gt;"));
    assert_non_null(strstr(dom.data, "seed-published-figures.csv:4"));

    /* Control: a page that does fetch something is caught. */
    snprintf(path, sizeof path, "%s/control.html", dir);
    f = fopen(path, "w");
    assert_non_null(f);
    fputs("<!DOCTYPE html><html><body><img src=\"http://127.0.0.1:9/x.png\">"
          "</body></html>\n", f);
    fclose(f);
    assert_int_equal(browse(path, &dom, &requests), 0);
    assert_true(requests >= 1);
    bdb_buf_free(&out);
    bdb_buf_free(&dom);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(html__in_chromium__renders_sections_without_network),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
