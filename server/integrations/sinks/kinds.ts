import type { SettingsSchema } from '../../../domain/settingsSchema';
import type { SecretBinding } from '../../routes/storedSecrets';

// The two kinds of sink (DOMAIN.md §7; server/integrations/README.md) and the settings each takes,
// in the SettingsSchema format of time-series database types. The schema format has no nesting,
// so the Buffer{…} settings of DOMAIN.md are flat keys: BufferEnabled, BufferProcessInterval, ….

export type SinkKind = 'MQTT' | 'SparkplugB';
export const SINK_KINDS: readonly SinkKind[] = ['MQTT', 'SparkplugB'];

export const BROKER_URL_SCHEMES = ['mqtt:', 'mqtts:', 'ws:', 'wss:'] as const;

const MQTT_PROPERTIES: NonNullable<SettingsSchema['properties']> = {
  BrokerURL: {
    title: 'Broker URL',
    description: 'mqtt://, mqtts://, ws:// or wss:// address of the broker, e.g. mqtts://broker.example.com:8883.',
    type: 'string',
    examples: ['mqtt://broker.example.com:1883'],
    required: true,
    order: 1,
  },
  ClientID: { title: 'Client ID', description: 'Empty: historian-<sink UUID>.', type: 'string', order: 2 },
  Username: { title: 'User name', type: 'string', order: 3 },
  Password: { title: 'Password', type: 'string', secure: true, password: true, order: 4 },
  ClientCertificate: { title: 'Client certificate', description: 'PEM, for brokers that sign in clients by certificate.', type: 'string', isMultiLine: true, order: 5 },
  ClientKey: { title: 'Client key', description: 'PEM private key of the client certificate.', type: 'string', secure: true, isMultiLine: true, order: 6 },
  CACertificate: { title: 'CA certificate', description: 'PEM; empty: the system’s trusted authorities.', type: 'string', isMultiLine: true, order: 7 },
  RejectUnauthorized: { title: 'Verify the broker’s certificate', type: 'boolean', default: true, order: 8 },
  QoS: { title: 'QoS', description: 'MQTT quality of service of the messages sent.', type: 'integer', enum: [0, 1, 2], default: 1, order: 9 },
  KeepAlive: { title: 'Keep-alive (s)', type: 'integer', minimum: 0, maximum: 65535, default: 30, order: 10 },
  TopicPrefix: { title: 'Topic prefix', description: 'Put before every topic, e.g. site1/.', type: 'string', order: 11 },
};

const SPARKPLUG_PROPERTIES: NonNullable<SettingsSchema['properties']> = {
  GroupID: { title: 'Group ID', type: 'string', required: true, order: 20 },
  NodeID: { title: 'Edge node ID', type: 'string', required: true, order: 21 },
  MaxMetricsPerMessage: { title: 'Metrics per message', description: '0: unlimited.', type: 'integer', minimum: 0, default: 0, order: 22 },
  DataOnly: { title: 'Data only', description: 'Send NDATA only: no birth and no death certificates.', type: 'boolean', default: false, order: 23 },
};

const BUFFER_PROPERTIES: NonNullable<SettingsSchema['properties']> = {
  BufferEnabled: {
    title: 'Buffer',
    description: 'Keep messages the broker has not acknowledged, and send them when it is back.',
    type: 'boolean',
    default: true,
    order: 40,
  },
  BufferProcessInterval: { title: 'Buffer retry interval (ms)', description: 'How often a buffered batch is tried again while the broker is away.', type: 'integer', minimum: 100, maximum: 3_600_000, default: 1000, order: 41 },
  BufferMaxBatchSize: { title: 'Messages per batch', type: 'integer', minimum: 1, maximum: 100_000, default: 1000, order: 42 },
  BufferMaxBatches: { title: 'Most batches', description: 'Messages beyond this many batches are dropped and counted.', type: 'integer', minimum: 1, default: 10_000, order: 43 },
  BufferDiskBatches: {
    title: 'Buffer on disk',
    description: 'Write buffered batches to disk, so that they survive a restart of the historian.',
    type: 'boolean',
    default: true,
    order: 44,
  },
  BufferMinFreeDiskSpace: { title: 'Minimum free disk space (MB)', description: 'Messages are dropped rather than leave less free space.', type: 'integer', minimum: 0, default: 100, order: 45 },
  BufferMaxDiskSpace: { title: 'Most disk space (MB)', description: 'Messages beyond this are dropped and counted.', type: 'integer', minimum: 1, default: 1024, order: 46 },
};

export const MQTT_SETTINGS_SCHEMA: SettingsSchema = {
  type: 'object',
  'x-i18n': 'sinks.settings',
  properties: { ...MQTT_PROPERTIES, ...BUFFER_PROPERTIES },
  required: ['BrokerURL'],
};

export const SPARKPLUG_SETTINGS_SCHEMA: SettingsSchema = {
  type: 'object',
  'x-i18n': 'sinks.settings',
  properties: { ...MQTT_PROPERTIES, ...SPARKPLUG_PROPERTIES, ...BUFFER_PROPERTIES },
  required: ['BrokerURL', 'GroupID', 'NodeID'],
};

export const SINK_TYPES = [
  { Type: 'MQTT' as const, SettingsSchema: MQTT_SETTINGS_SCHEMA },
  { Type: 'SparkplugB' as const, SettingsSchema: SPARKPLUG_SETTINGS_SCHEMA },
];

export const schemaOfKind = (kind: SinkKind): SettingsSchema => (kind === 'SparkplugB' ? SPARKPLUG_SETTINGS_SCHEMA : MQTT_SETTINGS_SCHEMA);

/** A stored password or client key goes only to the broker, user and certificate it was stored for. */
export const SINK_SECRET_BINDING: SecretBinding = { keys: ['BrokerURL', 'Username', 'ClientCertificate'] };

export type SettingsMap = Record<string, unknown>;

/** The settings as the runtime uses them, defaults filled in. */
export interface SinkConfig {
  kind: SinkKind;
  brokerUrl: string;
  clientId?: string;
  username?: string;
  password?: string;
  clientCertificate?: string;
  clientKey?: string;
  caCertificate?: string;
  rejectUnauthorized: boolean;
  qos: 0 | 1 | 2;
  keepAlive: number;
  topicPrefix: string;
  groupId: string;
  nodeId: string;
  maxMetricsPerMessage: number;
  dataOnly: boolean;
  buffer: {
    enabled: boolean;
    processInterval: number;
    maxBatchSize: number;
    maxBatches: number;
    disk: boolean;
    minFreeDiskBytes: number;
    maxDiskBytes: number;
  };
}

const MB = 1024 * 1024;

function text(settings: SettingsMap, key: string): string | undefined {
  const value = settings[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function integer(settings: SettingsMap, key: string, fallback: number): number {
  const value = Number(settings[key]);
  return settings[key] === undefined || settings[key] === null || settings[key] === '' || !Number.isFinite(value) ? fallback : Math.trunc(value);
}

function flag(settings: SettingsMap, key: string, fallback: boolean): boolean {
  const value = settings[key];
  return typeof value === 'boolean' ? value : fallback;
}

export function sinkConfig(kind: SinkKind, settings: SettingsMap, secureSettings: SettingsMap): SinkConfig {
  const qos = integer(settings, 'QoS', 1);
  return {
    kind,
    brokerUrl: text(settings, 'BrokerURL') ?? '',
    clientId: text(settings, 'ClientID'),
    username: text(settings, 'Username'),
    password: text(secureSettings, 'Password'),
    clientCertificate: text(settings, 'ClientCertificate'),
    clientKey: text(secureSettings, 'ClientKey'),
    caCertificate: text(settings, 'CACertificate'),
    rejectUnauthorized: flag(settings, 'RejectUnauthorized', true),
    qos: qos === 0 || qos === 2 ? qos : 1,
    keepAlive: integer(settings, 'KeepAlive', 30),
    topicPrefix: text(settings, 'TopicPrefix') ?? '',
    groupId: text(settings, 'GroupID') ?? '',
    nodeId: text(settings, 'NodeID') ?? '',
    maxMetricsPerMessage: Math.max(0, integer(settings, 'MaxMetricsPerMessage', 0)),
    dataOnly: flag(settings, 'DataOnly', false),
    buffer: {
      enabled: flag(settings, 'BufferEnabled', true),
      processInterval: Math.max(100, integer(settings, 'BufferProcessInterval', 1000)),
      maxBatchSize: Math.max(1, integer(settings, 'BufferMaxBatchSize', 1000)),
      maxBatches: Math.max(1, integer(settings, 'BufferMaxBatches', 10_000)),
      disk: flag(settings, 'BufferDiskBatches', true),
      minFreeDiskBytes: Math.max(0, integer(settings, 'BufferMinFreeDiskSpace', 100)) * MB,
      maxDiskBytes: Math.max(1, integer(settings, 'BufferMaxDiskSpace', 1024)) * MB,
    },
  };
}

/** Field errors the schema cannot express: the broker URL's scheme and form. */
export function brokerUrlErrors(settings: SettingsMap): Record<string, string[]> {
  const value = settings.BrokerURL;
  if (typeof value !== 'string' || value === '') return {};
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { 'Settings.BrokerURL': ['is not a URL'] };
  }
  if (!(BROKER_URL_SCHEMES as readonly string[]).includes(url.protocol)) return { 'Settings.BrokerURL': ['must start with mqtt://, mqtts://, ws:// or wss://'] };
  if (url.hostname === '') return { 'Settings.BrokerURL': ['names no host'] };
  if (url.username !== '' || url.password !== '') return { 'Settings.BrokerURL': ['must not hold a user or password: use Username and Password'] };
  return {};
}

/** The broker URL without anything that could be a credential, for messages and logs. */
export function maskedUrl(value: string): string {
  try {
    const url = new URL(value);
    url.username = '';
    url.password = '';
    url.search = '';
    return url.toString();
  } catch {
    return '(invalid URL)';
  }
}
