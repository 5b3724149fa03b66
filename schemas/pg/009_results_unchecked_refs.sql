-- 009_results_unchecked_refs.sql - results' references are kept by the
-- store, not checked by the server row by row.
--
-- A foreign key is checked by a trigger per inserted row, each running
-- its own query: COPYing 8,192 results took 561 ms with the three keys
-- and 200 ms without them, and a 250,000-result import 8.9 s against
-- 3.6 s (SQLite: 4.4 s on the same machine). Every benchdb writer holds
-- the database's advisory lock for its whole transaction, takes the ids
-- it writes from that transaction, and deletes a source's results itself
-- before the source (store/store_fix.c), so no result can point at a row
-- that is gone. Warnings and trace points keep their keys: they are few.
ALTER TABLE results
    DROP CONSTRAINT IF EXISTS results_series_id_fkey,
    DROP CONSTRAINT IF EXISTS results_platform_id_fkey,
    DROP CONSTRAINT IF EXISTS results_source_id_fkey;
