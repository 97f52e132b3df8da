// The collector's side of the collector-facing calls (openapi/historian.yaml, tag CollectorApi).
// Answers are checked here, field by field, before the agent acts on them: a collector trusts its
// server, but a proxy's error page or an older server must fail loudly, not as undefined values.

export type ItemStatus = 'Initial' | 'Paused' | 'Active' | 'Deleted';

export type Health =
  | 'Initializing collector'
  | 'Collecting'
  | 'Idle'
  | 'Paused'
  | 'Collector closed'
  | 'Collector restarting'
  | 'Unstable';

export type JsonMap = Record<string, unknown>;

export interface Registration {
  CollectorType: string;
  BuildVersion: string;
  BuildOs: string;
  BuildArch: string;
  SettingsSchema: JsonMap;
  MeasurementSettingsSchema: JsonMap;
}

export interface Assignment {
  UUID: string;
  OrganizationUUID: string;
  Name: string;
  Status: ItemStatus;
  Settings: JsonMap;
  SecureSettings: JsonMap;
  SettingsVersion: number;
  UpdateVersion?: string;
}

export interface HealthReport {
  Health: Health;
  AppliedSettingsVersion?: number;
  FailedUpdateVersion?: string;
}

export interface Instructions {
  Status: ItemStatus;
  SettingsVersion: number;
  UpdateVersion?: string;
  /** Moves when the collector's measurements change (a server without ingestion sends none). */
  MeasurementsVersion?: string;
}

export type Datatype = 'number' | 'boolean' | 'string' | '[]number' | '[]boolean' | '[]string' | 'raw';

export interface CollectorMeasurement {
  UUID: string;
  Name: string;
  Datatype: Datatype;
  Settings: JsonMap;
}

export interface MeasurementList {
  MeasurementsVersion: string;
  Measurements: CollectorMeasurement[];
}

export interface BatchResult {
  BatchKey: string;
  Points: number;
  Duplicate: boolean;
  Skipped: Array<{ MeasurementUUID: string; Reason: string }>;
}

export interface UpdateOffer {
  UUID: string;
  Version: string;
  Checksum: string;
  Size: number;
}

const STATUSES: readonly string[] = ['Initial', 'Paused', 'Active', 'Deleted'];

export class ProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtocolError';
  }
}

export function isRecord(value: unknown): value is JsonMap {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: JsonMap, name: string): string {
  const field = value[name];
  if (typeof field !== 'string') throw new ProtocolError(`${name} is missing from the server's answer`);
  return field;
}

function integer(value: JsonMap, name: string): number {
  const field = value[name];
  if (typeof field !== 'number' || !Number.isInteger(field)) throw new ProtocolError(`${name} is missing from the server's answer`);
  return field;
}

function status(value: JsonMap): ItemStatus {
  const field = value.Status;
  if (field === 'Initial' || field === 'Paused' || field === 'Active' || field === 'Deleted') return field;
  throw new ProtocolError(`Status must be one of ${STATUSES.join(', ')}`);
}

function map(value: JsonMap, name: string): JsonMap {
  const field = value[name];
  if (!isRecord(field)) throw new ProtocolError(`${name} is missing from the server's answer`);
  return field;
}

function optionalText(value: JsonMap, name: string): string | undefined {
  const field = value[name];
  return typeof field === 'string' ? field : undefined;
}

function record(value: unknown): JsonMap {
  if (!isRecord(value)) throw new ProtocolError('The server did not answer with a JSON object');
  return value;
}

export function readAssignment(body: unknown): Assignment {
  const value = record(body);
  return {
    UUID: text(value, 'UUID'),
    OrganizationUUID: text(value, 'OrganizationUUID'),
    Name: text(value, 'Name'),
    Status: status(value),
    Settings: map(value, 'Settings'),
    SecureSettings: map(value, 'SecureSettings'),
    SettingsVersion: integer(value, 'SettingsVersion'),
    UpdateVersion: optionalText(value, 'UpdateVersion'),
  };
}

export function readInstructions(body: unknown): Instructions {
  const value = record(body);
  return {
    Status: status(value),
    SettingsVersion: integer(value, 'SettingsVersion'),
    UpdateVersion: optionalText(value, 'UpdateVersion'),
    MeasurementsVersion: optionalText(value, 'MeasurementsVersion'),
  };
}

const DATATYPES: readonly string[] = ['number', 'boolean', 'string', '[]number', '[]boolean', '[]string', 'raw'];
const isDatatype = (value: unknown): value is Datatype => typeof value === 'string' && DATATYPES.includes(value);

export function readMeasurementList(body: unknown): MeasurementList {
  const value = record(body);
  const list = value.Measurements;
  if (!Array.isArray(list)) throw new ProtocolError('Measurements is missing from the server\'s answer');
  return {
    MeasurementsVersion: text(value, 'MeasurementsVersion'),
    Measurements: list.map((item) => {
      const measurement = record(item);
      const datatype = measurement.Datatype;
      if (!isDatatype(datatype)) throw new ProtocolError(`Datatype must be one of ${DATATYPES.join(', ')}`);
      return { UUID: text(measurement, 'UUID'), Name: text(measurement, 'Name'), Datatype: datatype, Settings: map(measurement, 'Settings') };
    }),
  };
}

export function readBatchResult(body: unknown): BatchResult {
  const value = record(body);
  const skipped = Array.isArray(value.Skipped) ? value.Skipped.map(record) : [];
  return {
    BatchKey: text(value, 'BatchKey'),
    Points: integer(value, 'Points'),
    Duplicate: value.Duplicate === true,
    Skipped: skipped.map((item) => ({ MeasurementUUID: text(item, 'MeasurementUUID'), Reason: text(item, 'Reason') })),
  };
}

export function readUpdateOffer(body: unknown): UpdateOffer {
  const value = record(body);
  const checksum = text(value, 'Checksum');
  if (!/^[0-9a-f]{64}$/.test(checksum)) throw new ProtocolError('Checksum is not a SHA-256 in hex');
  return { UUID: text(value, 'UUID'), Version: text(value, 'Version'), Checksum: checksum, Size: integer(value, 'Size') };
}
