import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Read, Write } from '../../domain/contract';
import type { AppContext } from '../context';
import { callerOf, organizationOf } from '../http/caller';
import { badRequest, conflict, forbidden, HttpProblem, notFound } from '../http/problem';
import { rethrowUniqueConflict } from '../http/uniqueConflict';
import { CALCULATIONS_FEATURE, organizationHasFeature } from '../measurements/licence';
import { CALCULATION_COLLECTOR_TYPE, checkMeasurement, LABELS_MAX, normalizeLabels, type MeasurementErrors, type MeasurementInput } from '../measurements/measurementRules';
import { keywordOf } from '../repositories/keyword';
import {
  isValidRegex,
  MEASUREMENT_UNIQUE_FIELDS,
  measurementsRepository,
  type MeasurementRow,
  type MeasurementSort,
  type MeasurementStatus,
} from '../repositories/measurements';

// /measurements and /measurement-labels (DOMAIN.md §1): the organization's measurements with the
// list's filters, one measurement, the bulk status and label changes with one result per id, and
// the labels in use. Ids of another organization answer 404 (in a bulk call: "not found" in their
// row). Without the Calculations licence feature, calculation collectors' measurements do not exist
// for the API. Writes go through ctx.db, whose audit trigger records them.

type MeasurementJson = Read<'Measurement'>;
type BulkItem = Read<'MeasurementBulkItemResult'>;
type ById = { Params: { id: string } };
type OneOrMany = string | string[];
interface ListQuery {
  Querystring: {
    Limit?: number;
    Page?: number;
    Keyword?: string;
    Statuses?: OneOrMany;
    Labels?: OneOrMany;
    DatabaseUUIDs?: OneOrMany;
    CollectorUUIDs?: OneOrMany;
    Datatypes?: OneOrMany;
    Quality?: 'Good' | 'Bad';
    ExcludeCalculations?: boolean;
    OnlyCalculations?: boolean;
    Sort?: MeasurementSort;
  };
}

const list = (value: OneOrMany | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** A Keyword between slashes is a regular expression on the name. */
const regexOf = (keyword: string | null): string | null => (keyword !== null && keyword.length >= 2 && keyword.startsWith('/') && keyword.endsWith('/') ? keyword.slice(1, -1) : null);

export function measurementJson(row: MeasurementRow): MeasurementJson {
  return {
    UUID: row.uuid,
    Name: row.name,
    Description: row.description,
    CollectorUUID: row.collector_uuid,
    CollectorName: row.collector_name,
    DatabaseUUID: row.database_uuid,
    DatabaseName: row.database_name,
    Datatype: row.datatype as MeasurementJson['Datatype'],
    Status: row.status,
    Quality: row.quality,
    Settings: row.settings,
    Attributes: {
      Config: { UoM: row.uom, ValueMin: row.value_min, ValueMax: row.value_max, LimitLo: row.limit_lo, LimitHi: row.limit_hi },
      Tags: row.tags,
      Metadata: row.metadata,
    },
    Labels: row.labels,
    CreatedAt: row.created_at.toISOString(),
    UpdatedAt: row.updated_at.toISOString(),
    CreatedBy: row.created_by,
    UpdatedBy: row.updated_by,
    LastPoint: row.last_time ? { Time: row.last_time.toISOString(), Value: row.last_value ?? null, Quality: row.last_quality } : null,
  };
}

/** 400, or 409 for a clash with what is stored, with the field errors and the first problem's translation key. */
function problemOf(result: MeasurementErrors): HttpProblem {
  const fields = Object.keys(result.errors).join(', ');
  if (result.conflict) {
    const detail = result.code === 'measurements.errors.name_taken' ? 'A measurement of this name exists in this database' : `This cannot change after creation: ${fields}`;
    return new HttpProblem(409, 'Conflict', { detail, code: result.code, errors: result.errors });
  }
  return badRequest(`The measurement is not valid: ${fields}`, result.errors, result.code ?? 'measurements.errors.invalid');
}

const nameTaken = (error: unknown): never =>
  rethrowUniqueConflict(error, MEASUREMENT_UNIQUE_FIELDS, () => 'A measurement of this name exists in this database', 'is already used by another measurement of this database');

export function measurementsHandlers(ctx: AppContext) {
  const repository = () => measurementsRepository(ctx.db);
  const calculationsLicensed = (organizationUuid: string) => organizationHasFeature(ctx, organizationUuid, CALCULATIONS_FEATURE);
  /** A measurement the caller may see: of the organization, and not of an unlicensed calculation collector. */
  const visible = (row: MeasurementRow | undefined, licensed: boolean): row is MeasurementRow =>
    row !== undefined && (licensed || row.collector_type !== CALCULATION_COLLECTOR_TYPE);

  const findRow = async (request: FastifyRequest, uuid: string): Promise<MeasurementRow> => {
    const organizationUuid = organizationOf(request);
    const row = await repository().find(organizationUuid, uuid);
    if (!visible(row, row?.collector_type === CALCULATION_COLLECTOR_TYPE ? await calculationsLicensed(organizationUuid) : true)) {
      throw new HttpProblem(404, 'No such measurement', { code: 'measurements.errors.not_found' });
    }
    return row;
  };

  const save = async (request: FastifyRequest, body: MeasurementInput, existing: MeasurementRow | null): Promise<MeasurementRow> => {
    const organizationUuid = organizationOf(request);
    const checked = await checkMeasurement(ctx.db, organizationUuid, body, existing, { calculationsLicensed: await calculationsLicensed(organizationUuid) });
    if ('errors' in checked) throw problemOf(checked);
    // A deleted measurement comes back only through an import (DOMAIN.md §1).
    if (existing?.status === 'Deleted' && checked.value.status !== 'Deleted') {
      throw conflict('A deleted measurement comes back only through an import', 'measurements.errors.deleted');
    }
    const actor = callerOf(request).userUuid;
    try {
      if (!existing) return await repository().create(organizationUuid, checked.value, actor);
      const row = await repository().update(organizationUuid, existing.uuid, checked.value, actor);
      if (!row) throw notFound('No such measurement');
      return row;
    } catch (error) {
      return nameTaken(error);
    }
  };

  /** Loads the rows of a bulk call; ids not found (or not visible) get their row's error. */
  const bulkRows = async (request: FastifyRequest, uuids: readonly string[]) => {
    const organizationUuid = organizationOf(request);
    const licensed = await calculationsLicensed(organizationUuid);
    const rows = new Map((await repository().findMany(organizationUuid, uuids)).filter((row) => visible(row, licensed)).map((row) => [row.uuid, row]));
    return { organizationUuid, rows };
  };
  const failed = (uuid: string, error: string, code: string): BulkItem => ({ UUID: uuid, Ok: false, Error: error, Code: code });
  const notFoundItem = (uuid: string) => failed(uuid, 'No such measurement in this organization', 'measurements.errors.not_found');

  return {
    async getMeasurements(request: FastifyRequest<ListQuery>, reply: FastifyReply) {
      const query = request.query;
      const organizationUuid = organizationOf(request);
      const keyword = keywordOf(query.Keyword);
      const regex = regexOf(keyword);
      if (regex !== null && !(await isValidRegex(ctx.db, regex))) {
        throw badRequest('The keyword is not a valid regular expression', { Keyword: ['is not a valid regular expression'] }, 'measurements.errors.invalid_regex');
      }
      const licensed = await calculationsLicensed(organizationUuid);
      if (query.OnlyCalculations && !licensed) throw forbidden('The licence has no Calculations', 'measurements.errors.calculations_unlicensed');
      const { rows, total } = await repository().list(organizationUuid, {
        keyword: regex === null ? keyword : null,
        regex,
        statuses: list(query.Statuses),
        labels: list(query.Labels).map((label) => label.trim()),
        databaseUuids: list(query.DatabaseUUIDs),
        collectorUuids: list(query.CollectorUUIDs),
        datatypes: list(query.Datatypes),
        quality: query.Quality,
        onlyCalculations: query.OnlyCalculations === true,
        excludeCalculations: query.ExcludeCalculations === true || !licensed,
        sort: query.Sort,
        limit: query.Limit ?? 100,
        page: query.Page ?? 1,
      });
      reply.header('x-total-count', String(total));
      return rows.map(measurementJson);
    },

    async getMeasurement(request: FastifyRequest<ById>) {
      return measurementJson(await findRow(request, request.params.id));
    },

    async createMeasurement(request: FastifyRequest<{ Body: MeasurementInput }>, reply: FastifyReply) {
      return reply.code(201).send(measurementJson(await save(request, request.body, null)));
    },

    async updateMeasurement(request: FastifyRequest<ById & { Body: MeasurementInput }>) {
      const existing = await findRow(request, request.params.id);
      return measurementJson(await save(request, request.body, existing));
    },

    /** Deleting keeps the measurement (status Deleted) and its points. */
    async deleteMeasurement(request: FastifyRequest<ById>, reply: FastifyReply) {
      const row = await findRow(request, request.params.id);
      await repository().setStatus(row.organization_uuid, [row.uuid], 'Deleted', callerOf(request).userUuid);
      return reply.code(204).send();
    },

    async updateMeasurementsStatus(request: FastifyRequest<{ Body: Write<'MeasurementStatusChange'> }>) {
      const { UUIDs: uuids, Status: status } = request.body;
      const { organizationUuid, rows } = await bulkRows(request, uuids);
      const results: BulkItem[] = [];
      const changed: string[] = [];
      for (const uuid of uuids) {
        const row = rows.get(uuid);
        if (!row) results.push(notFoundItem(uuid));
        else if (row.status === 'Deleted' && status !== 'Deleted') results.push(failed(uuid, 'A deleted measurement comes back only through an import', 'measurements.errors.deleted'));
        else if (status === 'Active' && row.database_uuid === null) results.push(failed(uuid, 'Choose a database before activating this measurement', 'measurements.errors.database_required'));
        else {
          results.push({ UUID: uuid, Ok: true });
          changed.push(uuid);
        }
      }
      await repository().setStatus(organizationUuid, [...new Set(changed)], status as MeasurementStatus, callerOf(request).userUuid);
      return { Results: results };
    },

    async updateMeasurementsLabels(request: FastifyRequest<{ Body: Write<'MeasurementLabelsChange'> }>) {
      const { UUIDs: uuids } = request.body;
      const errors: Record<string, string[]> = {};
      const add = normalizeLabels(request.body.Add ?? [], 'Add', errors);
      const remove = (request.body.Remove ?? []).map((label) => label.trim());
      if (Object.keys(errors).length > 0) throw badRequest('The labels are not valid', errors, 'measurements.errors.invalid');
      const { organizationUuid, rows } = await bulkRows(request, uuids);
      const results: BulkItem[] = [];
      const changed: string[] = [];
      for (const uuid of uuids) {
        const row = rows.get(uuid);
        if (!row) {
          results.push(notFoundItem(uuid));
          continue;
        }
        const next = new Set(row.labels.concat(add).filter((label) => !remove.includes(label)));
        if (next.size > LABELS_MAX) results.push(failed(uuid, `A measurement carries at most ${LABELS_MAX} labels`, 'measurements.errors.too_many_labels'));
        else {
          results.push({ UUID: uuid, Ok: true });
          changed.push(uuid);
        }
      }
      await repository().changeLabels(organizationUuid, [...new Set(changed)], add, remove, callerOf(request).userUuid);
      return { Results: results };
    },

    async getMeasurementLabels(request: FastifyRequest<{ Querystring: { Keyword?: string } }>) {
      const labels = await repository().labelCounts(organizationOf(request), keywordOf(request.query.Keyword));
      return labels.map((label) => ({ Name: label.name, Count: label.count }));
    },
  };
}
