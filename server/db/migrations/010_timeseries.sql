-- Points of the built-in time-series store (server/timeseries/postgres). The same file is run by
-- the store on an external PostgreSQL database, hence IF NOT EXISTS throughout.
--
-- One table for every value type: a point fills exactly one value_* column and NULLs cost one
-- bit each, so a table per value family would only multiply partitions and insert paths.
-- Range-partitioned by time; the store creates one partition per week before it writes to it,
-- so old weeks can later be dropped or detached whole instead of deleted row by row.
-- The primary key doubles as the read index (one measurement, a time range) and makes a point
-- written again at the same time replace the old one, as InfluxDB does.
CREATE TABLE IF NOT EXISTS timeseries_points (
  measurement_uuid uuid             NOT NULL,
  time             timestamptz      NOT NULL,
  quality          integer,
  value_number     double precision,
  value_bool       boolean,
  value_text       text,
  value_json       jsonb,
  value_raw        bytea,
  PRIMARY KEY (measurement_uuid, time)
) PARTITION BY RANGE (time);
