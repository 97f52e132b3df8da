import type { Db } from '../../db/db';
import type { OutgoingMessage } from './hub';
import { sinkConfig } from './kinds';
import { closeClient, openClient, publishAcknowledged, safeMessage, untilConnected } from './mqttClient';
import { findSink } from './repository';
import { birthPayload, dataPayload, sparkplugTopic } from './sparkplug';

// The forwarders' "send one test message": connect with a stored sink's settings, publish one
// message, wait for the broker's acknowledgement, disconnect. Never throws; the answer's message
// carries no secret. SparkplugB: this short connection is not the node's session, so a birth
// (seq 0, naming the metrics sent) goes first and the data follows with seq 1; DataOnly sends the
// NDATA alone.

export interface SendOnceResult {
  delivered: boolean;
  message?: string;
}

const TIMEOUT_MS = 10_000;

export async function sendOnce(db: Db, organizationUuid: string, sinkUuid: string, message: OutgoingMessage): Promise<SendOnceResult> {
  const row = await findSink(db, organizationUuid, sinkUuid);
  if (!row) return { delivered: false, message: 'no such sink' };
  const config = sinkConfig(row.sink_type, row.settings, row.secure_settings);
  if (message.kind === 'sparkplug' && config.kind !== 'SparkplugB') return { delivered: false, message: 'a SparkplugB message needs a SparkplugB sink' };
  if (message.kind === 'mqtt' && config.kind !== 'MQTT') return { delivered: false, message: 'an MQTT message needs an MQTT sink' };
  const testConfig = { ...config, clientId: `${config.clientId ?? `historian-${sinkUuid}`}-once-${Math.random().toString(16).slice(2, 8)}` };
  let client: ReturnType<typeof openClient> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the broker did not acknowledge within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  try {
    client = openClient(testConfig, sinkUuid);
    await Promise.race([untilConnected(client, config, TIMEOUT_MS), timeout]);
    if (message.kind === 'mqtt') {
      // At least QoS 1: the answer says whether the broker took it.
      const qos: 1 | 2 = (message.qos ?? config.qos) === 2 ? 2 : 1;
      await Promise.race([publishAcknowledged(client, `${config.topicPrefix}${message.topic}`, message.payload, qos, message.retain ?? false), timeout]);
      return { delivered: true, message: `the broker acknowledged the message on ${config.topicPrefix}${message.topic}` };
    }
    let seq = 0;
    if (!config.dataOnly) {
      const definitions = message.metrics.map((metric) => ({ name: metric.name, datatype: metric.datatype }));
      await Promise.race([publishAcknowledged(client, sparkplugTopic(config.groupId, 'NBIRTH', config.nodeId), birthPayload(0, definitions), 1), timeout]);
      seq = 1;
    }
    await Promise.race([publishAcknowledged(client, sparkplugTopic(config.groupId, 'NDATA', config.nodeId), dataPayload(seq, message.metrics), 1), timeout]);
    return { delivered: true, message: `the broker acknowledged the NDATA of node ${config.groupId}/${config.nodeId}` };
  } catch (error) {
    return { delivered: false, message: safeMessage(config, error) };
  } finally {
    clearTimeout(timer);
    if (client) await closeClient(client, true);
  }
}
