import type { Db } from '../db/db';

// What a Parquet export reads (server/schedulers/parquetExport.ts): the organization's chosen
// measurements and their Good-quality points in the built-in time-series store (timeseries_points
// in the server's database; migration 010). Good is OPC's quality 192 and up in the low byte's top
// two bits (0xC0); a point written without a quality counts as good.

export interface ExportPoint {
  measurementUuid: string;
  time: number;
  quality: number | null;
  valueNumber: number | null;
  valueBool: boolean | null;
  valueText: string | null;
  valueJson: unknown;
}

/** At most this many points per file: a longer period needs a shorter FileInterval. */
export const MAX_POINTS_PER_FILE = 1_000_000;

interface PointRow {
  measurement_uuid: string;
  time: Date;
  quality: number | null;
  value_number: number | null;
  value_bool: boolean | null;
  value_text: string | null;
  value_json: unknown;
}

export function exportPointsRepository(db: Db) {
  return {
    async measurementsOf(organizationUuid: string, uuids: readonly string[]): Promise<{ uuid: string; name: string }[]> {
      if (uuids.length === 0) return [];
      const { rows } = await db.query<{ uuid: string; name: string }>(
        `SELECT uuid, name FROM measurements WHERE organization_uuid = $1 AND uuid = ANY($2::uuid[]) AND status <> 'Deleted' ORDER BY lower(name)`,
        [organizationUuid, [...uuids]],
      );
      return rows;
    },

    /** The measurements an export may choose from. */
    async exportableMeasurements(organizationUuid: string): Promise<{ uuid: string; name: string }[]> {
      const { rows } = await db.query<{ uuid: string; name: string }>(
        `SELECT uuid, name FROM measurements WHERE organization_uuid = $1 AND status <> 'Deleted' ORDER BY lower(name), uuid LIMIT 10000`,
        [organizationUuid],
      );
      return rows;
    },

    /** Good points of the measurements in [from, to), by time; throws past MAX_POINTS_PER_FILE. */
    async goodPoints(measurementUuids: readonly string[], from: number, to: number): Promise<ExportPoint[]> {
      if (measurementUuids.length === 0) return [];
      const { rows } = await db.query<PointRow>(
        `SELECT measurement_uuid, time, quality, value_number, value_bool, value_text, value_json
           FROM timeseries_points
          WHERE measurement_uuid = ANY($1::uuid[]) AND time >= $2 AND time < $3
            AND (quality IS NULL OR (quality & 192) = 192)
          ORDER BY time, measurement_uuid
          LIMIT $4`,
        [[...measurementUuids], new Date(from).toISOString(), new Date(to).toISOString(), MAX_POINTS_PER_FILE + 1],
      );
      if (rows.length > MAX_POINTS_PER_FILE) throw new Error(`More than ${MAX_POINTS_PER_FILE} points in one file: choose a shorter FileInterval`);
      return rows.map((row) => ({
        measurementUuid: row.measurement_uuid,
        time: row.time.getTime(),
        quality: row.quality,
        valueNumber: row.value_number,
        valueBool: row.value_bool,
        valueText: row.value_text,
        valueJson: row.value_json ?? null,
      }));
    },
  };
}
