import type { OutgoingMessage } from '../sinks/hub';

// The seam between the forwarder's definition side (templates, preview: forwarders/templates/ and
// render.ts) and its runtime (forwarders/runtime/: queue, worker): what one queued point or event
// looks like when it is rendered into a message (server/integrations/README.md, "Runtime").

export interface ForwarderTemplates {
  PointMessage?: string;
  MeasurementTopic?: string;
  AssetPropertyTopic?: string;
  EventMessage?: string;
  EventTopic?: string;
}

export interface ForwarderDefinition {
  uuid: string;
  organizationUuid: string;
  sinkUuid: string;
  format: 'json' | 'sparkplugb';
  templates: ForwarderTemplates;
}

/** A point of a selected measurement (and the asset property it was selected through, if any). */
export interface PointSource {
  kind: 'point';
  measurementUuid: string;
  assetPropertyUuid: string | null;
  /** ms since the epoch. */
  time: number;
  value: number | string | boolean | null;
  quality: number | null;
}

/** An event of a selected type, when it started or when it closed. */
export interface EventSource {
  kind: 'event';
  eventUuid: string;
  change: 'started' | 'closed';
}

export type ForwardedSource = PointSource | EventSource;

/** A template that failed to parse or to render; names the template, and where in it. */
export class TemplateRenderError extends Error {
  constructor(
    readonly template: keyof ForwarderTemplates,
    message: string,
    readonly code: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
    this.name = 'TemplateRenderError';
  }
}

export interface MessageRenderer {
  /**
   * The message a forwarder sends for one source: MQTT topic and payload (json), or one metric
   * (sparkplugb). Reads names, tags and asset paths it needs (cached per forwarder reload).
   * Throws TemplateRenderError.
   */
  render(forwarder: ForwarderDefinition, source: ForwardedSource): Promise<OutgoingMessage>;
  /** Forget cached templates and lookups (after a forwarder changed or a reload). */
  invalidate(forwarderUuid?: string): void;
}
