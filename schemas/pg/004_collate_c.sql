-- 004_collate_c.sql - names compare and sort by their bytes, as in SQLite.
-- A database's default collation (en_US.UTF-8 ...) would order platform,
-- series and parameter names otherwise than SQLite does, and reports from
-- the two back-ends would list them differently.
ALTER TABLE platforms ALTER COLUMN name TYPE text COLLATE "C";
ALTER TABLE series
    ALTER COLUMN tool TYPE text COLLATE "C",
    ALTER COLUMN benchmark TYPE text COLLATE "C",
    ALTER COLUMN metric TYPE text COLLATE "C",
    ALTER COLUMN params TYPE text COLLATE "C",
    ALTER COLUMN unit TYPE text COLLATE "C";
ALTER TABLE series_params
    ALTER COLUMN key TYPE text COLLATE "C",
    ALTER COLUMN value TYPE text COLLATE "C";
ALTER TABLE sources
    ALTER COLUMN path TYPE text COLLATE "C",
    ALTER COLUMN tool TYPE text COLLATE "C";
ALTER TABLE sets ALTER COLUMN name TYPE text COLLATE "C";
ALTER TABLE set_tags
    ALTER COLUMN key TYPE text COLLATE "C",
    ALTER COLUMN value TYPE text COLLATE "C";
