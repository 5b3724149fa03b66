-- 013_series_ident.sql - SQLite's schemas/012: a series is found by one
-- 64-bit key of its identity through a unique index of that key, in
-- place of the unique constraint of the four texts; the store compares
-- the texts of the row a key finds, and a series whose key an earlier
-- one holds (a collision) is kept with no key (NULL).
--
-- The key as store/series_ident.c computes it: the first four bytes of
-- SHA-256 of "tool\x1fbenchmark" (UTF-8), then the first four of SHA-256
-- of "tool\x1fbenchmark\x1fparams\x1fmetric", as a signed bigint.
ALTER TABLE series ADD COLUMN ident bigint;
UPDATE series SET ident = ('x' ||
    encode(substring(sha256(convert_to(tool || chr(31) || benchmark,
                                       'UTF8')) FROM 1 FOR 4), 'hex') ||
    encode(substring(sha256(convert_to(tool || chr(31) || benchmark ||
                                       chr(31) || params || chr(31) ||
                                       metric, 'UTF8')) FROM 1 FOR 4),
           'hex'))::bit(64)::bigint;
-- of series sharing a key, the first keeps it
UPDATE series SET ident = NULL
    WHERE id NOT IN (SELECT min(id) FROM series GROUP BY ident);
ALTER TABLE series DROP CONSTRAINT series_tool_benchmark_metric_params_key;
CREATE UNIQUE INDEX series_by_ident ON series(ident);
-- as SQLite's 012: nothing looks series up by their parameter set
DROP INDEX series_by_param_set;
-- the list of tools (every page's menu) seeks the first series of each
-- tool, and a tool filter finds its series, by this index; its entries
-- are short and land at the end of their tool's run
CREATE INDEX series_by_tool ON series(tool);
