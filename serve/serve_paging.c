/* serve_paging.c - pages of a long listing (a tool's series): which
 * series a page holds, in the report's order (tool, benchmark, metric,
 * parameters), read by the database from its unique series index
 * (bdb_store_series_page) so that a page of a lab's 70,000 series costs
 * what its own rows cost, not a read and sort of all their names; and the
 * links between pages (every page a permalink: page= in the URL). */
#include "serve_internal.h"
#include "../store/store_means.h"
#include "../common/bdb_grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t srv_page_arg(srv_req *r)
{
    const char *s = srv_arg(r, "page");
    if (!s || !*s)
        return 1;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end || v < 1 || v > 1000000000ULL || *s == '-' || *s == '+') {
        srv_fail(r, 400, "page=%s: a page number from 1", s);
        return 0;
    }
    return (size_t)v;
}

int srv_page_series(srv_req *r, size_t page, size_t size, long long **ids,
                    size_t *n, size_t *total)
{
    return bdb_store_series_page(r->st, &r->f, (page - 1) * size, size, ids,
                                 n, total);
}

static void page_link(srv_req *r, const char *path, size_t page,
                      const char *text)
{
    bdb_buf u;
    bdb_buf_init(&u);
    srv_url(&u, path);
    srv_url_selection(&u, r, "old,new");
    char num[32];
    snprintf(num, sizeof num, "%zu", page);
    srv_url_arg(&u, "page", num);
    bdb_buf_puts(&r->body, " ");
    srv_link(&r->body, &u, text);
    bdb_buf_free(&u);
}

void srv_page_nav(srv_req *r, const char *path, size_t page, size_t pages,
                  size_t size, size_t total)
{
    if (pages <= 1)
        return;
    bdb_buf *b = &r->body;
    size_t first = (page - 1) * size + 1;
    size_t last = page * size < total ? page * size : total;
    bdb_buf_printf(b, "<p class=\"pages\">Page %zu of %zu (series %zu to %zu "
                   "of %zu, %zu a page):", page, pages, first, last, total,
                   size);
    if (page > 1) {
        page_link(r, path, 1, "first");
        page_link(r, path, page - 1, "previous page");
    }
    if (page < pages) {
        page_link(r, path, page + 1, "next page");
        page_link(r, path, pages, "last");
    }
    bdb_buf_puts(b, "</p>\n");
}
