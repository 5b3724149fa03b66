#!/usr/bin/env python3
"""bench/gen.py - the benchmark's corpora, made from the real samples/.

Formats are exact (the real files' bytes, the real golden figures); values
are varied so that copies are not one file seen again. Never a sample:
these are timing inputs in a scratch folder.

  gen.py logs SAMPLES OUT N [FIRST]
                                N small logs: copies of the real samples,
                                each copy's decimal figures varied in their
                                last digit and made unique by trailing
                                blank lines (which every parser ignores);
                                the logs FIRST (0) to FIRST+N-1 of that
                                endless sequence, so that "N N" gives the
                                N logs that follow the first N
  gen.py fiologs SAMPLES OUT N  N small fio JSON logs: the same, made of
                                the real samples/fio/*.json only
  gen.py csv SAMPLES OUT ROWS [REPS]
                                a results CSV: the series of every golden
                                file (tool, benchmark, metric, parameters,
                                unit, better) x sets x 8 platforms x REPS
                                (10) repetitions, values around the golden
                                one; REPS 1 is a lab's shape: 1M rows are
                                125k series
  gen.py fio SAMPLE OUT JOBS    fio --output-format=json with JOBS jobs: the
                                sample's job objects repeated text for text,
                                figures scaled (integers stay integers, the
                                decimals keep their width), names numbered
  gen.py iperf3 SAMPLE OUT MB   iperf3 -J output of about MB megabytes: the
                                sample's interval objects repeated text for
                                text, their start and end shifted on by the
                                run's length each round
  gen.py repeat SAMPLE OUT MB   SAMPLE's bytes repeated whole to about MB
                                megabytes (logs a tool appends run after run)
"""
import os
import random
import re
import sys

SKIP_DIRS = {"local"}
SKIP_NAMES = {"README.md", "platforms.csv"}


def sample_files(root):
    out = []
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS and not x.startswith("."))
        for f in sorted(files):
            if f in SKIP_NAMES or f.endswith((".expected", ".md", ".sh")) or f.startswith("."):
                continue
            out.append(os.path.join(d, f))
    return out


# not a figure next to '-': iperf's "0.0000-2.0060 sec" is an interval
# whose end the parser checks against the run
DECIMAL = re.compile(rb"(?<![\w.\-])(\d+\.\d*)(\d)(?![\w.\-])")


def vary_decimals(data, k):
    """The last digit of each decimal figure becomes (digit + k) mod 10:
    the same layout, other values."""
    def sub(m):
        return m.group(1) + bytes([ord("0") + (m.group(2)[0] - 48 + k) % 10])
    return DECIMAL.sub(sub, data)


def gen_logs(samples, out, n, first=0, only=None):
    files = [f for f in sample_files(samples) if only is None or only(f)]
    if not files:
        sys.exit("no samples under " + samples)
    made = 0
    copy = first // len(files)
    skip = first % len(files)
    while made < n:
        for f in files[skip:]:
            if made >= n:
                break
            rel = os.path.relpath(f, samples)
            dst = os.path.join(out, str(copy), rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with open(f, "rb") as fh:
                data = fh.read()
            if copy:
                data = vary_decimals(data, copy % 10)
            with open(dst, "wb") as fh:
                fh.write(data + b"\n" * (copy + 1))
            made += 1
        copy += 1
        skip = 0
    print(f"{made} logs from {len(files)} samples", file=sys.stderr)


def gen_fio_logs(samples, out, n):
    fio = os.path.join(samples, "fio")
    gen_logs(samples, out, n, only=lambda f: os.path.dirname(f) == fio and
             f.endswith(".json"))


def golden_series(samples):
    """(tool, benchmark, metric, params, unit, better, value) of every
    golden figure, one per series."""
    seen = {}
    for d, dirs, files in os.walk(samples):
        dirs.sort()
        for f in sorted(files):
            if not f.endswith(".expected"):
                continue
            with open(os.path.join(d, f), encoding="utf-8", errors="replace") as fh:
                for line in fh:
                    if line.startswith("#") or not line.strip():
                        continue
                    c = line.rstrip("\n").split("\t")
                    if len(c) < 8:
                        continue
                    tool, bench, metric, params, value, unit, better = c[1:8]
                    if ";" in params or '"' in line or "," in bench + metric + tool:
                        continue  # not representable as a plain CSV row
                    key = (tool, bench, metric, params)
                    try:
                        v = float(value)
                    except ValueError:
                        continue
                    if key not in seen:
                        seen[key] = (unit, better, v)
    return [(k + v) for k, v in sorted(seen.items())]


def gen_csv(samples, out, rows, reps=10):
    series = golden_series(samples)
    if not series:
        sys.exit("no golden figures under " + samples)
    rnd = random.Random(42)
    per_series = 8 * reps
    need = (rows + per_series - 1) // per_series
    written = 0
    with open(out, "w", encoding="utf-8") as fh:
        fh.write("platform,tool,benchmark,metric,value,unit,parameters,repetition,better\n")
        k = 0
        while k < need:
            tool, bench, metric, params, unit, better, v = series[k % len(series)]
            kset = k // len(series)
            p = params.replace(",", ";")
            p = (p + ";" if p else "") + f"set={kset}"
            if reps < 10 and kset:
                # a lab's shape: every job of every year has its own name
                bench = f"{bench}-{kset}"
            for plat in range(8):
                speed = 1 + plat / 8
                for rep in range(1, reps + 1):
                    if written >= rows:
                        break
                    x = v * speed * (0.95 + rnd.random() / 10)
                    fh.write(f"p{plat},{tool},{bench},{metric},{x:.6g},{unit},{p},{rep},{better}\n")
                    written += 1
            k += 1
    print(f"{written} rows, {need} series from {len(series)} golden series", file=sys.stderr)


NUMBER = re.compile(r'^(\s*"[^"]*" : )(-?\d+)(\.\d+)?(,?)$')


def gen_fio(sample, out, jobs):
    with open(sample, encoding="utf-8") as fh:
        text = fh.read()
    start = text.index('  "jobs" : [\n') + len('  "jobs" : [\n')
    end = text.index("\n  ]", start)
    head, body, tail = text[:start], text[start:end], text[end:]
    blocks = body.split("\n    },\n    {\n")
    # put back the braces the split took
    blocks = [b if b.startswith("    {\n") else "    {\n" + b for b in blocks]
    blocks = [b if b.endswith("\n    }") else b + "\n    }" for b in blocks]
    rnd = random.Random(7)
    with open(out, "w", encoding="utf-8") as fh:
        fh.write(head)
        for j in range(jobs):
            f = 0.8 + rnd.random() * 0.4
            lines = []
            for line in blocks[j % len(blocks)].split("\n"):
                m = NUMBER.match(line)
                if m and '"groupid"' not in line and '"error"' not in line:
                    whole, frac = m.group(2), m.group(3)
                    if frac:
                        val = float(whole + frac) * f
                        line = m.group(1) + f"{val:.{len(frac) - 1}f}" + m.group(4)
                    else:
                        line = m.group(1) + str(int(int(whole) * f)) + m.group(4)
                elif line.startswith('      "jobname" : "'):
                    name = line[len('      "jobname" : "'):-2]
                    line = f'      "jobname" : "{name}-{j // len(blocks)}",'
                lines.append(line)
            fh.write(("" if j == 0 else ",\n") + "\n".join(lines))
        fh.write(tail)
    print(f"{jobs} jobs from {len(blocks)} in {sample}", file=sys.stderr)


TIME = re.compile(r'^(\t+"(?:start|end)":\t)([0-9.]+)(,?)$')


def gen_iperf3(sample, out, mb):
    with open(sample, encoding="utf-8") as fh:
        text = fh.read()
    start = text.index('\t"intervals":\t[{\n') + len('\t"intervals":\t[')
    end = text.index('\n\t\t}],\n\t"end":', start) + len('\n\t\t}')
    head, body, tail = text[:start], text[start:end], text[end:]
    # the run's length: the last interval's end
    span = max(float(m.group(2)) for m in
               (TIME.match(line) for line in body.split("\n")) if m)
    want, rounds = mb * 1000000, 0
    with open(out, "w", encoding="utf-8") as fh:
        fh.write(head)
        size = len(head) + len(tail)
        while size < want:
            shift = span * rounds
            lines = []
            for line in body.split("\n"):
                m = TIME.match(line)
                if m and rounds:
                    line = m.group(1) + f"{float(m.group(2)) + shift:.6f}" + m.group(3)
                lines.append(line)
            chunk = ("" if rounds == 0 else ", ") + "\n".join(lines)
            fh.write(chunk)
            size += len(chunk)
            rounds += 1
        fh.write(tail)
    print(f"{rounds} rounds of the intervals of {sample}", file=sys.stderr)


def gen_repeat(sample, out, mb):
    with open(sample, "rb") as fh:
        data = fh.read()
    with open(out, "wb") as fh:
        for _ in range(max(1, mb * 1000000 // len(data))):
            fh.write(data)


def main():
    if len(sys.argv) == 6 and sys.argv[1] == "logs":
        gen_logs(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
        return
    if len(sys.argv) == 6 and sys.argv[1] == "csv":
        gen_csv(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
        return
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    what, src, out, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    {"logs": gen_logs, "fiologs": gen_fio_logs, "csv": gen_csv,
     "fio": gen_fio, "iperf3": gen_iperf3, "repeat": gen_repeat}[what](src, out, n)


if __name__ == "__main__":
    main()
