import { FORWARDER_TEMPLATE_DEFAULTS } from '../../../../domain/forwarderTemplates';
import type { ForwarderTemplates } from '../messages';
import { TemplateError } from './errors';
import { compileTemplate, type CompiledTemplate } from './execute';
import { templateMap, type TemplateValue } from './values';

// A forwarder's five templates: the defaults for those left empty, compiling them all (each error
// naming its template, line and column), and the fields a point or an event offers (DOMAIN.md §7).

export type TemplateName = keyof ForwarderTemplates;

export const TEMPLATE_NAMES: readonly TemplateName[] = ['PointMessage', 'MeasurementTopic', 'AssetPropertyTopic', 'EventMessage', 'EventTopic'];

/** The defaults live in domain/ so the forwarder editor shows the very same ones. */
export const DEFAULT_TEMPLATES: Required<ForwarderTemplates> = FORWARDER_TEMPLATE_DEFAULTS;

/** The template that applies: the forwarder's own, or the default when it is empty. */
export const effectiveTemplate = (templates: ForwarderTemplates, name: TemplateName): string => {
  const own = templates[name];
  return own !== undefined && own.trim() !== '' ? own : DEFAULT_TEMPLATES[name];
};

export interface TemplateProblem {
  Template: TemplateName;
  Message: string;
  Code: string;
  Line: number;
  Column: number;
}

export const problemOf = (template: TemplateName, error: TemplateError): TemplateProblem => ({
  Template: template,
  Message: error.message,
  Code: error.code,
  Line: error.line,
  Column: error.column,
});

/** Every template compiled, or the problems of those that do not parse. */
export function compileForwarderTemplates(templates: ForwarderTemplates): { compiled: Record<TemplateName, CompiledTemplate>; problems: TemplateProblem[] } {
  const problems: TemplateProblem[] = [];
  const compileOne = (name: TemplateName): CompiledTemplate => {
    try {
      return compileTemplate(effectiveTemplate(templates, name));
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      problems.push(problemOf(name, error));
      return { render: () => Promise.reject(error) };
    }
  };
  const compiled: Record<TemplateName, CompiledTemplate> = {
    PointMessage: compileOne('PointMessage'),
    MeasurementTopic: compileOne('MeasurementTopic'),
    AssetPropertyTopic: compileOne('AssetPropertyTopic'),
    EventMessage: compileOne('EventMessage'),
    EventTopic: compileOne('EventTopic'),
  };
  return { compiled, problems };
}

/** OPC quality: Good is 192–255 in the low byte (or no quality); otherwise the status as text. */
export function errorStatusOf(quality: number | null): string {
  if (quality === null) return '';
  const status = quality & 0xc0;
  if (status === 0xc0) return '';
  return status === 0x40 ? 'Uncertain' : 'Bad';
}

export interface PointFields {
  time: number;
  value: TemplateValue;
  quality: number | null;
  measurementUuid: string;
  assetPropertyUuid: string | null;
  tags: Record<string, TemplateValue>;
}

/** The fields of a point (Factry's names): Timestamp is RFC 3339 with milliseconds. */
export function pointData(point: PointFields): TemplateValue {
  return {
    Timestamp: new Date(point.time).toISOString(),
    TimestampMs: point.time,
    Value: point.value,
    Quality: point.quality,
    ErrorStatus: errorStatusOf(point.quality),
    MeasurementUUID: point.measurementUuid,
    AssetPropertyUUID: point.assetPropertyUuid ?? '',
    Tags: templateMap({ ...point.tags }),
  };
}

export interface EventFields {
  uuid: string;
  typeUuid: string;
  typeName: string;
  assetUuid: string;
  assetName: string;
  assetPath: string;
  startTime: Date;
  stopTime: Date | null;
  status: string;
  properties: Record<string, TemplateValue>;
  change: 'started' | 'closed';
}

export function eventData(event: EventFields): TemplateValue {
  const time = event.change === 'closed' && event.stopTime ? event.stopTime : event.startTime;
  return {
    Timestamp: time.toISOString(),
    TimestampMs: time.getTime(),
    Event: {
      UUID: event.uuid,
      Type: event.typeName,
      TypeUUID: event.typeUuid,
      Asset: event.assetName,
      AssetUUID: event.assetUuid,
      AssetPath: event.assetPath,
      StartTime: event.startTime.toISOString(),
      StopTime: event.stopTime ? event.stopTime.toISOString() : null,
      Status: event.status,
      Properties: templateMap({ ...event.properties }),
      Change: event.change,
    },
  };
}
