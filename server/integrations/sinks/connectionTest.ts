import { lookup } from 'node:dns/promises';
import { connect as tlsConnect } from 'node:tls';
import { runConnectionTest, tcpConnect, type ConnectionStep } from '../../timeseries/connectionTest';
import type { ConnectionTestResult } from '../../timeseries/types';
import { maskedUrl, type SinkConfig } from './kinds';
import { brokerAddress, closeClient, openClient, publishAcknowledged, safeMessage, secretsOf, untilConnected } from './mqttClient';

// POST /sinks/test: the steps in order, stopping at the first that fails, so the user knows
// whether to fix the address, the certificates, the credentials or the broker's permissions.
// resolve (DNS), connect (TCP), tls (mqtts://, wss://), authenticate (CONNACK), publish (a QoS 1
// test message to <TopicPrefix>historian/test, PUBACK).

const TIMEOUT_MS = 8000;

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

function tlsHandshake(config: SinkConfig, host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({
      host,
      port,
      servername: /^[\d.:]+$/.test(host) ? undefined : host,
      rejectUnauthorized: config.rejectUnauthorized,
      ca: config.caCertificate,
      cert: config.clientCertificate,
      key: config.clientKey,
    });
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error(`no TLS answer from ${host}:${port} within ${TIMEOUT_MS} ms`)));
    socket.once('secureConnect', () => {
      const subject = socket.getPeerCertificate()?.subject?.CN;
      socket.end();
      resolve(subject ? `the broker’s certificate (${subject}) was accepted` : 'TLS established');
    });
    socket.once('error', reject);
  });
}

export const TEST_TOPIC = 'historian/test';

export async function testSinkConnection(config: SinkConfig, sinkUuid?: string): Promise<ConnectionTestResult> {
  const address = brokerAddress(config);
  const secrets = secretsOf(config);
  let client: ReturnType<typeof openClient> | undefined;
  const steps: ConnectionStep[] = [
    {
      name: 'resolve',
      run: async () => {
        const found = await lookup(address.host).catch((error: NodeJS.ErrnoException) => {
          throw new Error(`${address.host} could not be resolved (${error.code ?? error.message})`);
        });
        return `${address.host} is ${found.address}`;
      },
    },
    {
      name: 'connect',
      run: async () => {
        await tcpConnect(address.host, address.port, TIMEOUT_MS).catch((error: NodeJS.ErrnoException) => {
          throw new Error(`${address.host}:${address.port} did not accept a connection (${error.code ?? safeMessage(config, error)})`);
        });
        return `${address.host}:${address.port} accepts connections`;
      },
    },
  ];
  if (address.tls) steps.push({ name: 'tls', run: () => tlsHandshake(config, address.host, address.port).catch((error) => Promise.reject(new Error(safeMessage(config, error)))) });
  steps.push(
    {
      name: 'authenticate',
      run: async () => {
        // Its own client ID, so that a test never pushes the running sink off the broker.
        const testConfig = { ...config, clientId: `${config.clientId ?? `historian-${sinkUuid ?? 'sink'}`}-test-${Math.random().toString(16).slice(2, 8)}` };
        client = openClient(testConfig, sinkUuid);
        await untilConnected(client, config, TIMEOUT_MS);
        return config.username ? `signed in as ${config.username}` : `connected to ${maskedUrl(config.brokerUrl)} without a user name`;
      },
    },
    {
      name: 'publish',
      run: async () => {
        const topic = `${config.topicPrefix}${TEST_TOPIC}`;
        const payload = JSON.stringify({ test: true, time: new Date().toISOString() });
        await withTimeout(publishAcknowledged(client!, topic, payload, 1), 'the broker did not acknowledge the test message').catch((error) => {
          throw new Error(safeMessage(config, error));
        });
        return `the broker acknowledged a message on ${topic}`;
      },
    },
  );
  try {
    return await runConnectionTest(steps, secrets);
  } finally {
    if (client) await closeClient(client, true);
  }
}
