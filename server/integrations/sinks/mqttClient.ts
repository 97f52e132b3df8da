import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import { redactSecrets } from '../../timeseries/connectionTest';
import { maskedUrl, type SinkConfig } from './kinds';

// One place that turns a sink's settings into an mqtt.js client, and a broker's or socket's error
// into a message without a secret in it (README "Secrets": reduced to a step and a message).

export const DEFAULT_PORTS: Record<string, number> = { 'mqtt:': 1883, 'mqtts:': 8883, 'ws:': 80, 'wss:': 443 };

export interface BrokerAddress {
  protocol: string;
  host: string;
  port: number;
  tls: boolean;
}

export function brokerAddress(config: SinkConfig): BrokerAddress {
  const url = new URL(config.brokerUrl);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return { protocol: url.protocol, host, port: url.port ? Number(url.port) : (DEFAULT_PORTS[url.protocol] ?? 1883), tls: url.protocol === 'mqtts:' || url.protocol === 'wss:' };
}

/** The sink's secrets, so that no message carries them. */
export const secretsOf = (config: SinkConfig): string[] => [config.password, config.clientKey].filter((value): value is string => typeof value === 'string' && value !== '');

export function safeMessage(config: SinkConfig, error: unknown): string {
  const message = error instanceof Error ? error.message || error.name : String(error);
  // A URL with userinfo in an error (ws transports echo it) loses it before the secrets go.
  const withoutUserinfo = message.replace(/([a-z]+:\/\/)[^/@\s]*@/gi, '$1');
  return redactSecrets(withoutUserinfo, secretsOf(config)).slice(0, 500);
}

/** MQTT 3.1.1 CONNACK return codes, as a user reads them. */
export function connackMessage(code: number | undefined): string | undefined {
  switch (code) {
    case 1:
      return 'the broker does not accept MQTT 3.1.1';
    case 2:
      return 'the broker refused the client ID';
    case 3:
      return 'the broker is unavailable';
    case 4:
      return 'the broker refused the user name or password';
    case 5:
      return 'the broker did not authorize this client (user name, password or certificate)';
    default:
      return undefined;
  }
}

export function clientOptions(config: SinkConfig, sinkUuid: string | undefined, extra: Partial<IClientOptions> = {}): IClientOptions {
  const options: IClientOptions = {
    protocolVersion: 4,
    clientId: config.clientId ?? `historian-${sinkUuid ?? Math.random().toString(16).slice(2, 10)}`,
    keepalive: config.keepAlive,
    clean: true,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
    rejectUnauthorized: config.rejectUnauthorized,
    ...extra,
  };
  if (config.username) options.username = config.username;
  if (config.password) options.password = config.password;
  if (config.caCertificate) options.ca = config.caCertificate;
  if (config.clientCertificate) options.cert = config.clientCertificate;
  if (config.clientKey) options.key = config.clientKey;
  return options;
}

export function openClient(config: SinkConfig, sinkUuid: string | undefined, extra: Partial<IClientOptions> = {}): MqttClient {
  return connect(config.brokerUrl, clientOptions(config, sinkUuid, extra));
}

/** Resolves once connected; rejects with a safe message on a refused CONNACK, a socket error or a timeout. */
export function untilConnected(client: MqttClient, config: SinkConfig, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      client.removeListener('connect', onConnect);
      client.removeListener('error', onError);
      client.removeListener('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onConnect = () => done();
    const onError = (error: Error & { code?: number | string }) => {
      const refused = typeof error.code === 'number' ? connackMessage(error.code) : undefined;
      done(new Error(refused ?? safeMessage(config, error)));
    };
    const onClose = () => done(new Error(`the connection to ${maskedUrl(config.brokerUrl)} closed before the broker answered`));
    const timer = setTimeout(() => done(new Error(`no answer from ${maskedUrl(config.brokerUrl)} within ${timeoutMs} ms`)), timeoutMs);
    client.once('connect', onConnect);
    client.once('error', onError);
    client.once('close', onClose);
  });
}

/** Publishes and resolves on the broker's acknowledgement (PUBACK for QoS 1). */
export function publishAcknowledged(client: MqttClient, topic: string, payload: string | Buffer, qos: 0 | 1 | 2, retain = false): Promise<void> {
  return new Promise((resolve, reject) => {
    client.publish(topic, payload, { qos, retain }, (error) => (error ? reject(error) : resolve()));
  });
}

export function closeClient(client: MqttClient, force = false): Promise<void> {
  return new Promise((resolve) => {
    client.end(force, {}, () => resolve());
  });
}
