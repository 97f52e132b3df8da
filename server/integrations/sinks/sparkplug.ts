import { get as sparkplugNamespace } from 'sparkplug-payload';
import type { SparkplugDatatype, SparkplugMetric, SparkplugMetricDefinition } from './hub';

// SparkplugB (spBv1.0, Sparkplug 3.0) payloads and topics of an edge node: NBIRTH with bdSeq and
// every declared metric (seq 0), NDEATH with the same bdSeq (the MQTT will), NDATA with seq 1..255
// then 0, wrapping; NCMD "Node Control/Rebirth" asks for a new birth.

const payloads = sparkplugNamespace('spBv1.0');
if (!payloads) throw new Error('sparkplug-payload has no spBv1.0 namespace');
export const sparkplugPayloads = payloads;

export const REBIRTH_METRIC = 'Node Control/Rebirth';

export type SparkplugMessageType = 'NBIRTH' | 'NDEATH' | 'NDATA' | 'NCMD';

export const sparkplugTopic = (groupId: string, type: SparkplugMessageType, nodeId: string) => `spBv1.0/${groupId}/${type}/${nodeId}`;

export const nextSeq = (seq: number) => (seq + 1) % 256;

type Metric = { name: string; type: SparkplugDatatype | 'UInt64'; value: number | boolean | string | null; timestamp?: number };

export function birthPayload(bdSeq: number, metrics: readonly SparkplugMetricDefinition[], timestamp = Date.now()): Buffer {
  const list: Metric[] = [
    { name: 'bdSeq', type: 'UInt64', value: bdSeq },
    { name: REBIRTH_METRIC, type: 'Boolean', value: false },
    ...metrics.map((metric) => ({ name: metric.name, type: metric.datatype, value: null, timestamp })),
  ];
  return Buffer.from(payloads!.encodePayload({ timestamp, seq: 0, metrics: list }));
}

export function deathPayload(bdSeq: number, timestamp = Date.now()): Buffer {
  return Buffer.from(payloads!.encodePayload({ timestamp, metrics: [{ name: 'bdSeq', type: 'UInt64', value: bdSeq }] }));
}

export function dataPayload(seq: number, metrics: readonly SparkplugMetric[], timestamp = Date.now()): Buffer {
  return Buffer.from(
    payloads!.encodePayload({
      timestamp,
      seq,
      metrics: metrics.map((metric) => ({ name: metric.name, type: metric.datatype, value: metric.value, timestamp: metric.timestamp })),
    }),
  );
}

/** Groups of at most `max` metrics (0: one group). */
export function splitMetrics<T>(metrics: readonly T[], max: number): T[][] {
  if (max <= 0 || metrics.length <= max) return metrics.length === 0 ? [] : [[...metrics]];
  const groups: T[][] = [];
  for (let i = 0; i < metrics.length; i += max) groups.push(metrics.slice(i, i + max));
  return groups;
}

/** True when an NCMD payload asks for a rebirth. */
export function asksRebirth(payload: Buffer): boolean {
  try {
    return (payloads!.decodePayload(payload).metrics ?? []).some((metric) => metric.name === REBIRTH_METRIC && metric.value === true);
  } catch {
    return false;
  }
}
