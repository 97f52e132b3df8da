import { BuildRejectedError, currentBuild, installBuild, PRODUCT, type Build } from './builds';
import { CollectorApiError, type CollectorClient } from './collectorClient';
import { createMeasurementCollector } from './measurementCollector';
import type { Assignment, Health, ItemStatus } from './protocol';
import { createSampler } from './sampler';
import { COLLECTOR_TYPE, describeSettings, MEASUREMENT_SETTINGS_SCHEMA, readSettings, SETTINGS_SCHEMA, asJsonMap } from './simulationSettings';

// The reference collector's life: register, then every interval report health and act on the
// answer — follow the status (Paused stops sampling), fetch and apply settings when their version
// moved (no restart), and install an update it was told to (verify, switch, register again with
// the new BuildVersion). One cycle at a time: the next starts an interval after the last ended.
// The measurements assigned to it are sampled and sent by measurementCollector.ts; the health
// answer's MeasurementsVersion says when to fetch them again.

export interface AgentOptions {
  client: CollectorClient;
  /** Where switched-to builds and current.json live; survives restarts. */
  workDir: string;
  intervalMs: number;
  os?: string;
  arch?: string;
  log?: (line: string) => void;
  /** Called when the server no longer accepts the token (revoked, or the collector deleted). */
  onRevoked?: () => void;
  /** How often sampled points are sent (default 1000 ms). */
  flushIntervalMs?: number;
  /** Points kept while the server is unreachable (default 100,000); the oldest go beyond it. */
  maxBufferedPoints?: number;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createAgent(options: AgentOptions) {
  const { client, workDir, intervalMs } = options;
  const log = options.log ?? (() => undefined);
  const os = options.os ?? process.platform;
  const arch = options.arch ?? process.arch;
  const sampler = createSampler();
  const measurements = createMeasurementCollector({
    client,
    build: () => running(),
    log,
    flushIntervalMs: options.flushIntervalMs,
    maxBufferedPoints: options.maxBufferedPoints,
  });
  let build: Build | undefined;
  let status: ItemStatus = 'Initial';
  let appliedVersion = 0;
  let unstable = false;
  let failedUpdate: string | undefined;
  let reportFailure: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let cycles = 0;
  let lastHealth: Health = 'Initializing collector';

  const running = (): Build => {
    if (!build) throw new Error('The agent has not started');
    return build;
  };

  function follow(next: ItemStatus) {
    if (next === 'Active' && !sampler.state.running) {
      sampler.start();
      measurements.start();
      log('collecting started');
    } else if (next !== 'Active' && sampler.state.running) {
      sampler.stop();
      measurements.stop();
      log(`${next.toLowerCase()}: collecting stopped`);
    }
    status = next;
  }

  function apply(assignment: Assignment) {
    const settings = readSettings(assignment.Settings, assignment.SecureSettings);
    sampler.configure(settings, running());
    if (assignment.SettingsVersion !== appliedVersion) log(`settings v${assignment.SettingsVersion} applied: ${describeSettings(settings)}`);
    appliedVersion = assignment.SettingsVersion;
    follow(assignment.Status);
  }

  async function register() {
    const current = running();
    const assignment = await client.register({
      CollectorType: COLLECTOR_TYPE,
      BuildVersion: current.version,
      BuildOs: os,
      BuildArch: arch,
      SettingsSchema: asJsonMap(SETTINGS_SCHEMA),
      MeasurementSettingsSchema: asJsonMap(MEASUREMENT_SETTINGS_SCHEMA),
    });
    log(`registered as ${assignment.Name} (${assignment.UUID}): ${COLLECTOR_TYPE} ${current.version} on ${os}/${arch}, status ${assignment.Status}`);
    apply(assignment);
    await measurements.refresh().catch((error: unknown) => log(`cannot fetch the measurements yet: ${message(error)}`));
  }

  function health(): Health {
    // Points waiting in the buffer for the server count as trouble until they are delivered.
    if (unstable || measurements.buffering) return 'Unstable';
    if (status === 'Paused') return 'Paused';
    return sampler.collecting || measurements.collecting ? 'Collecting' : 'Idle';
  }

  async function update(version: string) {
    const offer = await client.updateOffer();
    if (!offer || offer.Version !== version) return;
    log(`downloading build ${version} (${offer.Size} bytes)`);
    const bytes = await client.download();
    let next: Build;
    try {
      next = await installBuild(workDir, bytes, offer);
    } catch (error) {
      if (!(error instanceof BuildRejectedError)) throw error;
      failedUpdate = version;
      reportFailure = version;
      unstable = true;
      log(`update to ${version} refused: ${error.message}`);
      return;
    }
    log(`checksum ${offer.Checksum} verified; switching from ${running().version} to ${next.version}`);
    lastHealth = 'Collector restarting';
    await client.reportHealth({ Health: lastHealth, AppliedSettingsVersion: appliedVersion || undefined });
    sampler.stop();
    build = next;
    appliedVersion = 0;
    await register();
    lastHealth = 'Initializing collector';
  }

  async function cycle() {
    try {
      lastHealth = health();
      const instructions = await client.reportHealth({
        Health: lastHealth,
        ...(appliedVersion > 0 ? { AppliedSettingsVersion: appliedVersion } : {}),
        ...(reportFailure ? { FailedUpdateVersion: reportFailure } : {}),
      });
      // Unstable is reported once after trouble; the next report says how the collector is now.
      if (lastHealth === 'Unstable') unstable = false;
      reportFailure = undefined;
      if (instructions.SettingsVersion !== appliedVersion) apply(await client.assignment());
      else follow(instructions.Status);
      if (measurements.outdated(instructions.MeasurementsVersion)) await measurements.refresh();
      const wanted = instructions.UpdateVersion;
      if (wanted !== undefined && wanted !== running().version && wanted !== failedUpdate) await update(wanted);
    } catch (error) {
      if (error instanceof CollectorApiError && error.revoked) {
        log(`the server refuses the token (${error.message}); stopping`);
        await stop({ report: false });
        options.onRevoked?.();
        return;
      }
      unstable = true;
      log(`unstable: ${message(error)}`);
    } finally {
      cycles += 1;
    }
  }

  function scheduleNext() {
    if (stopped) return;
    timer = setTimeout(() => {
      void cycle().then(scheduleNext);
    }, intervalMs);
  }

  async function stop({ report = true }: { report?: boolean } = {}) {
    if (stopped) return;
    stopped = true;
    if (timer) clearTimeout(timer);
    sampler.stop();
    await measurements.close();
    if (report && build) {
      await client.reportHealth({ Health: 'Collector closed' }).catch((error: unknown) => log(`could not report Collector closed: ${message(error)}`));
      log('closed');
    }
  }

  return {
    async start() {
      build = await currentBuild(workDir, log);
      log(`starting ${PRODUCT} ${build.version}`);
      while (!stopped) {
        try {
          await register();
          break;
        } catch (error) {
          if (error instanceof CollectorApiError && (error.revoked || error.status === 409)) throw error;
          log(`cannot register yet: ${message(error)}`);
          await new Promise((resolve) => setTimeout(resolve, intervalMs));
        }
      }
      scheduleNext();
    },
    stop,
    /** For tests and the log: what the agent is doing now. */
    snapshot() {
      return {
        version: build?.version,
        status,
        health: lastHealth,
        appliedSettingsVersion: appliedVersion,
        samples: sampler.state.samples,
        sampling: sampler.state.running,
        cycles,
        points: measurements.snapshot(),
      };
    },
  };
}

export type Agent = ReturnType<typeof createAgent>;
