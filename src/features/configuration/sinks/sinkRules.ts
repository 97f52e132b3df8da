import type { ConnectorKind, ForwarderRead, SinkRead } from '../../../api/generated/historian.gen';
import { configurationPath } from '../../../lib/paths';
import { isSecure, orderedProperties, type SettingsSchema } from '../../../../domain/settingsSchema';

// Paths and small rules the sinks and forwarders pages share (server/integrations/README.md).

/** ARCHITECTURE "Configuration routes": the singular page edits ?id=…, and creates without one. */
export const sinkEditorPath = (uuid?: string) => `${configurationPath('sink')}${uuid ? `?id=${encodeURIComponent(uuid)}` : ''}`;
export const sinkListPath = () => configurationPath('sinks');
export const forwarderEditorPath = (uuid?: string) => `${configurationPath('forwarder')}${uuid ? `?id=${encodeURIComponent(uuid)}` : ''}`;
export const forwarderListPath = (sinkUuid?: string) => `${configurationPath('forwarders')}${sinkUuid ? `?sink=${encodeURIComponent(sinkUuid)}` : ''}`;

export const SINK_KINDS: readonly ConnectorKind[] = ['MQTT', 'SparkplugB'];

/** The message format follows the sink: sparkplugb needs a SparkplugB sink, json an MQTT one. */
export const formatOf = (kind: ConnectorKind | undefined): ForwarderRead['Format'] => (kind === 'SparkplugB' ? 'sparkplugb' : 'json');

export const sinkKindOf = (sinks: readonly SinkRead[] | undefined, uuid: string): ConnectorKind | undefined => sinks?.find((sink) => sink.UUID === uuid)?.Type;

/** The steps of a sink's connection test, in the order the server runs them. */
export const SINK_TEST_STEPS = ['resolve', 'connect', 'tls', 'authenticate', 'publish'] as const;

/** ReloadInterval is a duration such as 10s, 5m or 1h; at least 10 seconds. */
export function reloadIntervalSeconds(text: string): number | null {
  const match = /^(\d+)(ms|s|m|h)$/.exec(text.trim());
  if (!match) return null;
  const factor = { ms: 0.001, s: 1, m: 60, h: 3600 }[match[2]] ?? 1;
  return Number(match[1]) * factor;
}

export const MIN_RELOAD_SECONDS = 10;

export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * A stored sink's settings with the schema's default in each one it leaves unset: the server runs
 * an unset setting with its default (a sink made through the API may leave RejectUnauthorized or
 * BufferEnabled out), so the editor shows, and saves, what the sink really does.
 */
export function settingsWithDefaults(schema: SettingsSchema, settings: Record<string, unknown> | undefined): Record<string, unknown> {
  const shown: Record<string, unknown> = { ...settings };
  for (const { name, property } of orderedProperties(schema)) {
    if (!isSecure(property) && property.default !== undefined && (shown[name] === undefined || shown[name] === null)) shown[name] = property.default;
  }
  return shown;
}
