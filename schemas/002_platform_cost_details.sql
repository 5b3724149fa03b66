-- 002_platform_cost_details.sql - where a price comes from, and hourly rent.
-- A purchase price is only comparable with its currency and date; cloud
-- machines are often priced per hour.
ALTER TABLE platforms ADD COLUMN price_currency TEXT;
ALTER TABLE platforms ADD COLUMN price_date TEXT;
ALTER TABLE platforms ADD COLUMN price_source TEXT;
ALTER TABLE platforms ADD COLUMN rent_usd_hour REAL;
