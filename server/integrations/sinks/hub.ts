// The seam between forwarders and sinks (server/integrations/README.md, "Runtime"). The forwarding
// runtime (forwarders/runtime/) hands messages to the hub of the server holding the integrations
// lease; the hub (sinks/runtime/, built by the sinks side) keeps one broker connection per running
// sink, its disk buffer, SparkplugB births, deaths and sequence numbers, and reports statistics.

/** A message for an MQTT sink: topic and payload as the forwarder's templates rendered them. */
export interface OutgoingMqttMessage {
  kind: 'mqtt';
  topic: string;
  payload: string;
  qos?: 0 | 1 | 2;
  retain?: boolean;
}

export type SparkplugDatatype = 'Double' | 'Int64' | 'Boolean' | 'String';

/** One metric of a SparkplugB data message; the sink puts metrics into NDATA payloads with its sequence numbers. */
export interface SparkplugMetric {
  /** The metric's name (the forwarder's rendered topic template, e.g. `Line1/Temperature`). */
  name: string;
  /** ms since the epoch. */
  timestamp: number;
  datatype: SparkplugDatatype;
  /** null: the point had no value (sent with is_null). */
  value: number | boolean | string | null;
}

export interface OutgoingSparkplugMessage {
  kind: 'sparkplug';
  metrics: SparkplugMetric[];
}

export type OutgoingMessage = OutgoingMqttMessage | OutgoingSparkplugMessage;

/** What the birth certificate (NBIRTH) names: every metric a forwarder of the sink may send. */
export interface SparkplugMetricDefinition {
  name: string;
  datatype: SparkplugDatatype;
}

export type SinkUnavailableReason = 'not_found' | 'stopped' | 'buffer_full' | 'disconnected';

/** The hub did not take the messages: the caller keeps them (the forwarder's queue) and tries again. */
export class SinkUnavailableError extends Error {
  constructor(
    readonly sinkUuid: string,
    readonly reason: SinkUnavailableReason,
    message: string,
  ) {
    super(message);
    this.name = 'SinkUnavailableError';
  }
}

export interface SinkHub {
  /**
   * Takes messages for a running sink. Resolves once they are safe: acknowledged by the broker
   * (QoS ≥ 1), or written to the sink's disk buffer when its Buffer is enabled. Rejects with
   * SinkUnavailableError when the sink is unknown or stopped, its buffer is full, or (buffer
   * disabled) the broker is not connected; nothing of the call was taken then.
   */
  publish(sinkUuid: string, messages: readonly OutgoingMessage[]): Promise<void>;
  /**
   * SparkplugB: the metrics that a source (a forwarder's UUID) may send through the sink. The sink
   * sends a new NBIRTH (with bdSeq and seq 0) when the union of its sources' metrics changes.
   */
  declareMetrics(sinkUuid: string, sourceId: string, metrics: readonly SparkplugMetricDefinition[]): void;
  /** Reads the sinks again (settings, state) and connects, reconnects or disconnects them. */
  reload(): Promise<void>;
  /** Disconnects every sink (SparkplugB: its NDEATH goes out first), flushes statistics. */
  stop(): Promise<void>;
}

export interface SinkHubOptions {
  db: import('../../db/db').Db;
  /** Where the disk buffers live: `<dataDir>/sink-buffers/<sink uuid>/`. */
  dataDir: string;
  log: { info(object: object, message?: string): void; warn(object: object, message?: string): void };
}
