/* test_html_browser.c - the HTML report in a real browser: headless
 * Chromium (Debian's `chromium`) renders it, the sections and tables are
 * in the DOM, and the page makes no network request.
 *
 * Requests are read from Chromium's own network log (--log-net-log): the
 * browser's background traffic (updates, accounts) carries the initiator
 * "not an origin"; anything the page asks for carries the page's origin.
 * A control page that does load a remote image proves the detector sees
 * page requests. A second test measures every chart in the browser
 * (decoded, non-zero size, visible) through a harness page that opens the
 * report in a frame, and reads the console (none for the report; a
 * control page's console.error is caught). Skipped (not passed) when
 * chromium is not installed. */
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

/* Runs chromium on page with its console logged to stderr; returns the
 * console lines (an empty buffer: none) in out and the DOM in dom. */
static int browse_console(const char *page, bdb_buf *dom, bdb_buf *console)
{
    char cmd[4096], domfile[700], errfile[700], msg[256];
    snprintf(domfile, sizeof domfile, "%s/dom2.html", dir);
    snprintf(errfile, sizeof errfile, "%s/stderr.txt", dir);
    snprintf(cmd, sizeof cmd,
             "timeout 90 chromium --headless --no-sandbox --disable-gpu "
             "--no-first-run --disable-background-networking "
             "--disable-component-update --disable-sync --disable-default-apps "
             "--allow-file-access-from-files --window-size=1280,900 "
             "--enable-logging=stderr --v=0 "
             "--user-data-dir='%s/profile2' --virtual-time-budget=5000 "
             "--dump-dom 'file://%s' > '%s' 2> '%s'", dir, page, domfile, errfile);
    if (system(cmd) != 0)
        return -1;
    bdb_buf_reset(dom);
    if (bdb_buf_read_file(dom, domfile, msg, sizeof msg))
        return -1;
    bdb_buf err;
    bdb_buf_init(&err);
    if (bdb_buf_read_file(&err, errfile, msg, sizeof msg)) {
        bdb_buf_free(&err);
        return -1;
    }
    bdb_buf_reset(console);
    for (char *p = err.data; p && *p;) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        if (strstr(p, "CONSOLE"))
            bdb_buf_printf(console, "%s\n", p);
        p = nl ? nl + 1 : NULL;
    }
    bdb_buf_free(&err);
    return 0;
}

static void html__in_chromium__every_chart_visible_and_no_console_errors(void **state)
{
    (void)state;
    if (!have_chromium())
        skip();
    snprintf(dir, sizeof dir, "%s", tu_tmpdir());
    bdb_buf out, dom, console;
    bdb_buf_init(&out);
    bdb_buf_init(&dom);
    bdb_buf_init(&console);
    assert_int_equal(tu_run(&out, "--db '%s/c.sqlite' import '%s' '%s'", dir,
                            tu_path("samples/published/seed-published-figures.csv"),
                            tu_path("samples/platforms.csv")), 0);
    assert_int_equal(tu_run(&out, "--db '%s/c.sqlite' report --baseline x86-A "
                                  "--platforms x86-A,x86-B,ARM-FT1500A "
                                  "--format html -o '%s/report.html'", dir, dir), 0);
    char path[800];
    snprintf(path, sizeof path, "%s/report.html", dir);
    char msg[256];
    bdb_buf html;
    bdb_buf_init(&html);
    assert_int_equal(bdb_buf_read_file(&html, path, msg, sizeof msg), 0);
    size_t figures = 0;
    for (const char *p = html.data; (p = strstr(p, "<figure class=\"chart\">")); p++)
        figures++;
    /* overview, scores, per watt, score vs power, units to match, bars */
    assert_true(figures >= 6);
    const char *ov = strstr(html.data, "id=\"overview\"");
    assert_non_null(ov);
    assert_true(ov < strstr(html.data, "id=\"findings\""));
    bdb_buf_free(&html);

    /* the report itself: no console message at all (a CSP refusal, an
     * image that does not decode) */
    assert_int_equal(browse_console(path, &dom, &console), 0);
    if (console.len)
        fail_msg("console: %s", console.data);

    /* a harness page measures every chart in the report, every
     * <details> opened as a reader would */
    snprintf(path, sizeof path, "%s/harness.html", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("<!DOCTYPE html><html><body><pre id=\"out\">pending</pre>"
          "<iframe id=\"f\" src=\"report.html\" style=\"width:1200px;height:800px\">"
          "</iframe><script>\n"
          "document.getElementById('f').onload = function () {\n"
          "  var d = this.contentDocument, r = [];\n"
          "  d.querySelectorAll('details').forEach(function (x) { x.open = true; });\n"
          "  var imgs = d.querySelectorAll('figure.chart img');\n"
          "  r.push('charts ' + imgs.length);\n"
          "  imgs.forEach(function (im) {\n"
          "    var b = im.getBoundingClientRect();\n"
          "    var vis = getComputedStyle(im).visibility;\n"
          "    r.push('chart ' + im.naturalWidth + ' ' + im.naturalHeight + ' ' +\n"
          "           Math.round(b.width) + ' ' + Math.round(b.height) + ' ' + vis);\n"
          "  });\n"
          "  document.getElementById('out').textContent = r.join('\\n');\n"
          "};\n</script></body></html>\n", f);
    fclose(f);
    assert_int_equal(browse_console(path, &dom, &console), 0);
    const char *res = strstr(dom.data, "charts ");
    if (!res)
        fail_msg("harness did not run: %.300s", dom.data);
    assert_int_equal(strtol(res + 7, NULL, 10), (long)figures);
    size_t seen = 0;
    for (const char *p = res; (p = strstr(p, "\nchart ")); p++) {
        char *end;
        long nw = strtol(p + 7, &end, 10), nh = strtol(end, &end, 10);
        long w = strtol(end, &end, 10), h = strtol(end, &end, 10);
        if (nw <= 0 || nh <= 0 || w <= 0 || h <= 0 || strncmp(end, " visible", 8) != 0)
            fail_msg("chart %zu not visible: %.60s", seen, p + 1);
        seen++;
    }
    assert_int_equal(seen, figures);

    /* control: a console error is caught */
    snprintf(path, sizeof path, "%s/noisy.html", dir);
    f = fopen(path, "w");
    assert_non_null(f);
    fputs("<!DOCTYPE html><html><body><script>console.error('boom')</script>"
          "</body></html>\n", f);
    fclose(f);
    assert_int_equal(browse_console(path, &dom, &console), 0);
    assert_non_null(strstr(console.data ? console.data : "", "boom"));
    bdb_buf_free(&out);
    bdb_buf_free(&dom);
    bdb_buf_free(&console);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(html__in_chromium__renders_sections_without_network),
        cmocka_unit_test(html__in_chromium__every_chart_visible_and_no_console_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
