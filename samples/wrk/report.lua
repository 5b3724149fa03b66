-- done() prints a JSON summary after wrk's own report
done = function(summary, latency, requests)
  io.write("------------------------------\n")
  io.write(string.format('{"requests": %d, "duration_us": %d, "bytes": %d, "errors_connect": %d, "p50_us": %d, "p99_us": %d, "max_us": %d}\n',
    summary.requests, summary.duration, summary.bytes, summary.errors.connect,
    latency:percentile(50), latency:percentile(99), latency.max))
  for _, p in pairs({ 50, 90, 99, 99.999 }) do
    n = latency:percentile(p)
    io.write(string.format("%g%%,%d\n", p, n))
  end
end
