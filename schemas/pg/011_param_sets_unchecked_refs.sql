-- 011_param_sets_unchecked_refs.sql - series' and parameter items'
-- references to their parameter set are kept by the store, as results'
-- are (009), not checked by the server row by row.
--
-- Each foreign key is a trigger per inserted row running its own query:
-- a lab's import of 250,000 results makes 31,250 series, and their
-- checks were ~0.13 s of the server's 1.6 s (8%). A parameter set is
-- made in the statement that makes its items (store_pg.c, bdb_sets_bulk)
-- and before the series that name it, under the writers' advisory lock,
-- and no benchdb command deletes a parameter set, so no series or item
-- can point at a set that is not there.
ALTER TABLE series DROP CONSTRAINT IF EXISTS series_param_set_id_fkey;
ALTER TABLE param_set_items
    DROP CONSTRAINT IF EXISTS param_set_items_set_id_fkey;
