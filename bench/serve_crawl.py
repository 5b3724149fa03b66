#!/usr/bin/env python3
"""bench/serve_crawl.py URL LABEL MAXPAGES - crawls the pages of a running
`benchdb serve` reachable from / (127.0.0.1 only; downloads, format=, are
left out), each twice: the first request makes the page (a miss of the
server's page cache), the second is served from memory (a hit). Prints,
per view, the pages, their statuses, and the median, p95 and max of the
server's own wall time (Server-Timing page;dur) for the first hit and for
the warm one, plus the first hit's CPU median and max. Bounded: at most MAXPAGES
pages, at most SERIES_PER_PAGE series links followed from one page. Then
the SLOWEST pages' first hits with their paths."""
import re
import signal
import statistics
import sys
import urllib.parse
import urllib.request

SERIES_PER_PAGE = 5
SLOWEST = 30
HREF = re.compile(r'href="(/[^"#]*)')


def fetch(base, path):
    req = urllib.request.Request(base + path)
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            body, status, hdr = r.read(), r.status, r.headers
    except urllib.error.HTTPError as e:
        body, status, hdr = e.read(), e.code, e.headers
    timing = hdr.get("Server-Timing", "")
    page = re.search(r"page;dur=([0-9.]+)", timing)
    cpu = re.search(r"cpu;dur=([0-9.]+)", timing)
    return (status, body.decode("utf-8", "replace"),
            float(page.group(1)) if page else float("nan"),
            float(cpu.group(1)) if cpu else float("nan"),
            hdr.get("X-Benchdb-Cache", ""))


def view_of(path):
    p = path.split("?")[0]
    if p == "/tool" and "page=" in path:
        return "/tool (page 2+)"
    return p


def pct(v, q):
    v = sorted(v)
    return v[min(len(v) - 1, int(q * len(v)))]


def main():
    base, label, maxpages = sys.argv[1].rstrip("/"), sys.argv[2], int(sys.argv[3])
    seen, queue, stats = {"/"}, ["/"], {}
    # SIGTERM or Ctrl-C: the table of what was crawled so far
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        crawl(base, maxpages, seen, queue, stats)
    except KeyboardInterrupt:
        label += " (interrupted)"
    table(label, stats)


def crawl(base, maxpages, seen, queue, stats):
    while queue and sum(len(s["first"]) for s in stats.values()) < maxpages:
        path = queue.pop(0)
        status, body, first, cpu, c1 = fetch(base, path)
        _, _, warm, _, c2 = fetch(base, path)
        s = stats.setdefault(view_of(path), {"first": [], "cpu": [], "warm": [],
                                             "status": {}})
        s["first"].append(first)
        s.setdefault("paths", []).append((first, path))
        s["cpu"].append(cpu)
        if c2 == "hit":
            s["warm"].append(warm)
        s["status"][status] = s["status"].get(status, 0) + 1
        if status != 200:
            continue
        nseries = 0
        for m in HREF.finditer(body):
            u = m.group(1).replace("&amp;", "&")
            if "format=" in u or u in seen:
                continue
            if u.startswith("/series?"):
                if path.startswith("/series?") or nseries >= SERIES_PER_PAGE:
                    continue
                nseries += 1
            seen.add(u)
            queue.append(u)


def table(label, stats):
    print(f"\n{label}: wall ms from Server-Timing (first hit: made; warm: "
          f"from the page cache)\n")
    print("| view | pages | status | first hit median | p95 | max | "
          "first hit CPU median | CPU max | warm median | warm max |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for view in sorted(stats):
        s = stats[view]
        f, w = s["first"], s["warm"] or [float("nan")]
        st = " ".join(f"{k}x{v}" for k, v in sorted(s["status"].items()))
        print(f"| `{view}` | {len(f)} | {st} | {statistics.median(f):.1f} | "
              f"{pct(f, 0.95):.1f} | {max(f):.1f} | "
              f"{statistics.median(s['cpu']):.1f} | {max(s['cpu']):.1f} | "
              f"{statistics.median(w):.2f} | {max(w):.2f} |")
    slow = sorted((p for s in stats.values() for p in s.get("paths", [])),
                  reverse=True)[:SLOWEST]
    print(f"\nthe {len(slow)} slowest first hits (ms, page):\n")
    for ms, path in slow:
        print(f"    {ms:8.1f}  {path}")


if __name__ == "__main__":
    main()
