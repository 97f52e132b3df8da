import type { MqttClient } from 'mqtt';
import { SinkUnavailableError, type OutgoingMessage, type SparkplugMetric, type SparkplugMetricDefinition } from '../hub';
import type { SinkConfig } from '../kinds';
import { closeClient, openClient, safeMessage, untilConnected } from '../mqttClient';
import { asksRebirth, birthPayload, dataPayload, deathPayload, nextSeq, sparkplugTopic, splitMetrics } from '../sparkplug';
import { SinkBuffer } from './buffer';

// One running sink: one MQTT connection (a new mqtt.js client per attempt, so that nothing the
// library kept from a dead connection is sent twice), reconnecting with backoff; its buffer; and,
// for SparkplugB, the node's session: NBIRTH (bdSeq, every declared metric, seq 0) on connect,
// NDEATH with the same bdSeq as the MQTT will, NDATA with seq wrapping 255 → 0, a new birth when
// the declared metrics change or an NCMD asks for one.
//
// Everything that sends runs one at a time in `lane`, so messages leave in the order they came:
// a publish goes straight to the broker only while nothing waits in the buffer.

export interface ConnectionLog {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
}

export interface ConnectionStatistics {
  connected: boolean;
  sent: number;
  buffered: number;
  bufferedBytes: number;
  dropped: number;
  lastError: string | null;
  lastErrorAt: Date | null;
  connectedSince: Date | null;
}

const ACK_TIMEOUT_MS = 15_000;
const MAX_BACKOFF_MS = 30_000;

class Disconnected extends Error {}

export class SinkConnection {
  private client: MqttClient | undefined;
  private connected = false;
  private connectedSince: Date | null = null;
  private stopped = false;
  private attempts = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private processTimer: NodeJS.Timeout | undefined;
  private lane: Promise<unknown> = Promise.resolve();
  private readonly waiting = new Set<(error: Error) => void>();
  private sent = 0;
  private lastError: string | null = null;
  private lastErrorAt: Date | null = null;
  private bdSeq = -1;
  /** The seq of the next NDATA: 1 after a birth (seq 0), 0 on a DataOnly connection. */
  private nextDataSeq = 0;
  /** Connected and, for SparkplugB with births, born: data may go out. */
  private ready = false;
  private metrics: readonly SparkplugMetricDefinition[] = [];

  constructor(
    readonly uuid: string,
    readonly config: SinkConfig,
    readonly updatedAt: number,
    private readonly buffer: SinkBuffer,
    private readonly log: ConnectionLog,
  ) {}

  get sparkplug(): boolean {
    return this.config.kind === 'SparkplugB';
  }

  start(metrics: readonly SparkplugMetricDefinition[]): void {
    this.metrics = metrics;
    this.connect();
    this.processTimer = setInterval(() => this.kick(), this.config.buffer.processInterval);
    this.processTimer.unref();
  }

  statistics(): ConnectionStatistics {
    return {
      connected: this.connected,
      sent: this.sent,
      buffered: this.buffer.messageCount,
      bufferedBytes: this.buffer.bytes,
      dropped: this.buffer.dropped,
      lastError: this.lastError,
      lastErrorAt: this.lastErrorAt,
      connectedSince: this.connectedSince,
    };
  }

  private fail(message: string): void {
    this.lastError = message;
    this.lastErrorAt = new Date();
  }

  private inLane<T>(task: () => Promise<T>): Promise<T> {
    const run = this.lane.then(task, task);
    this.lane = run.catch(() => undefined);
    return run;
  }

  private connect(): void {
    if (this.stopped) return;
    this.bdSeq = (this.bdSeq + 1) % 256;
    const { config } = this;
    const will =
      this.sparkplug && !config.dataOnly
        ? { topic: sparkplugTopic(config.groupId, 'NDEATH', config.nodeId), payload: deathPayload(this.bdSeq), qos: 1 as const, retain: false }
        : undefined;
    const client = openClient(config, this.uuid, will ? { will } : {});
    this.client = client;
    client.on('error', () => undefined);
    untilConnected(client, config).then(
      () => this.onConnected(client),
      (error: Error) => this.onLost(client, error.message),
    );
  }

  private onConnected(client: MqttClient): void {
    if (this.client !== client || this.stopped) {
      void closeClient(client, true);
      return;
    }
    this.connected = true;
    this.connectedSince = new Date();
    this.attempts = 0;
    client.on('error', (error) => this.fail(safeMessage(this.config, error)));
    client.once('close', () => this.onLost(client, 'the connection to the broker closed'));
    this.log.info({ sinkUuid: this.uuid }, 'sink connected');
    if (this.sparkplug) {
      const { groupId, nodeId } = this.config;
      const ncmd = sparkplugTopic(groupId, 'NCMD', nodeId);
      client.on('message', (topic, payload) => {
        if (topic === ncmd && asksRebirth(payload)) void this.inLane(() => this.birth()).catch(() => undefined);
      });
      client.subscribe(ncmd, { qos: 1 });
      this.nextDataSeq = 0;
      if (!this.config.dataOnly) {
        void this.inLane(() => this.birth()).then(
          () => this.kick(),
          () => undefined,
        );
        return;
      }
    }
    this.ready = true;
    this.kick();
  }

  private onLost(client: MqttClient, reason: string): void {
    if (this.client !== client) return;
    this.client = undefined;
    const wasConnected = this.connected;
    this.connected = false;
    this.ready = false;
    this.connectedSince = null;
    for (const reject of this.waiting) reject(new Disconnected(reason));
    this.waiting.clear();
    void closeClient(client, true);
    if (this.stopped) return;
    this.fail(reason);
    if (wasConnected) this.log.warn({ sinkUuid: this.uuid, reason }, 'sink disconnected');
    const delay = Math.min(MAX_BACKOFF_MS, this.config.buffer.processInterval * 2 ** Math.min(this.attempts, 10));
    this.attempts += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
    this.reconnectTimer.unref();
  }

  /** Publishes on the current connection and waits for the acknowledgement; rejects when it drops. */
  private send(topic: string, payload: string | Buffer, qos: 0 | 1 | 2, retain = false): Promise<void> {
    const client = this.client;
    if (!client || !this.connected) return Promise.reject(new Disconnected('not connected'));
    return new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => {
        clearTimeout(timer);
        this.waiting.delete(fail);
        reject(error);
      };
      const timer = setTimeout(() => {
        fail(new Disconnected(`the broker did not acknowledge within ${ACK_TIMEOUT_MS} ms`));
        // Unacknowledged: drop the connection rather than guess what the broker has.
        this.onLost(client, 'the broker did not acknowledge in time');
      }, ACK_TIMEOUT_MS);
      this.waiting.add(fail);
      client.publish(topic, payload, { qos, retain }, (error) => {
        if (!this.waiting.has(fail)) return;
        clearTimeout(timer);
        this.waiting.delete(fail);
        if (error) reject(error);
        else resolve();
      });
    });
  }

  private async birth(): Promise<void> {
    if (!this.sparkplug || this.config.dataOnly || !this.connected) return;
    const { groupId, nodeId } = this.config;
    await this.send(sparkplugTopic(groupId, 'NBIRTH', nodeId), birthPayload(this.bdSeq, this.metrics), 1);
    this.nextDataSeq = 1;
    this.ready = true;
  }

  /** A new birth when the union of the declared metrics changed. */
  declare(metrics: readonly SparkplugMetricDefinition[]): void {
    this.metrics = metrics;
    if (this.connected) void this.inLane(() => this.birth()).catch(() => undefined);
  }

  private async sendMessages(messages: readonly OutgoingMessage[]): Promise<void> {
    const sends: Promise<void>[] = [];
    let metrics: SparkplugMetric[] = [];
    const flushMetrics = () => {
      if (metrics.length === 0) return;
      for (const group of splitMetrics(metrics, this.config.maxMetricsPerMessage)) {
        const seq = this.nextDataSeq;
        this.nextDataSeq = nextSeq(seq);
        sends.push(this.send(sparkplugTopic(this.config.groupId, 'NDATA', this.config.nodeId), dataPayload(seq, group), 1));
      }
      metrics = [];
    };
    for (const message of messages) {
      if (message.kind === 'sparkplug') {
        metrics.push(...message.metrics);
        continue;
      }
      flushMetrics();
      sends.push(this.send(`${this.config.topicPrefix}${message.topic}`, message.payload, message.qos ?? this.config.qos, message.retain ?? false));
    }
    flushMetrics();
    const outcomes = await Promise.allSettled(sends);
    const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    this.sent += messages.length;
  }

  /** Sends what the buffer holds, oldest batch first, each removed only once acknowledged. */
  private kick(): void {
    if (!this.ready || this.buffer.empty) return;
    void this.inLane(async () => {
      while (this.ready && !this.stopped) {
        const batch = this.buffer.first();
        if (!batch) return;
        try {
          await this.sendMessages(batch.messages);
        } catch (error) {
          this.fail(safeMessage(this.config, error));
          return;
        }
        await this.buffer.removeFirst(batch);
      }
    }).catch(() => undefined);
  }

  publish(messages: readonly OutgoingMessage[]): Promise<void> {
    return this.inLane(async () => {
      if (this.stopped) throw new SinkUnavailableError(this.uuid, 'stopped', 'the sink is stopped');
      const direct = this.ready && this.buffer.empty;
      if (!this.config.buffer.enabled) {
        if (!direct) throw new SinkUnavailableError(this.uuid, 'disconnected', 'the broker is not connected');
        try {
          await this.sendMessages(messages);
          return;
        } catch (error) {
          this.fail(safeMessage(this.config, error));
          throw new SinkUnavailableError(this.uuid, 'disconnected', 'the broker did not acknowledge the messages');
        }
      }
      if (direct) {
        try {
          await this.sendMessages(messages);
          return;
        } catch (error) {
          // Some may have arrived: buffered again, they are sent at least once.
          this.fail(safeMessage(this.config, error));
        }
      }
      await this.buffer.append(messages);
      this.kick();
    });
  }

  /** Disconnects; SparkplugB sends its NDEATH first. The buffer stays on disk. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.processTimer);
    // Let what is being sent finish (bounded by the acknowledgement timeout).
    const drained = this.inLane(async () => {
      this.stopped = true;
      const client = this.client;
      if (client && this.connected && this.sparkplug && !this.config.dataOnly) {
        await this.send(sparkplugTopic(this.config.groupId, 'NDEATH', this.config.nodeId), deathPayload(this.bdSeq), 1).catch(() => undefined);
      }
    });
    await drained.catch(() => undefined);
    this.stopped = true;
    const client = this.client;
    const wasConnected = this.connected;
    this.client = undefined;
    this.connected = false;
    this.ready = false;
    this.connectedSince = null;
    for (const reject of this.waiting) reject(new Disconnected('stopped'));
    this.waiting.clear();
    // A clean DISCONNECT, so that the broker drops the will: the NDEATH went out already.
    if (client) await Promise.race([closeClient(client, !wasConnected), new Promise<void>((resolve) => setTimeout(resolve, 2000).unref())]);
    if (client && wasConnected) await closeClient(client, true);
  }
}
