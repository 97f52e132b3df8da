import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyRequest } from 'fastify';
import qs from 'qs';
import { loadContract } from '../../http/contract';
import type { ToolSpec } from './providers/types';

// The assistant's tools (server/integrations/README.md, "Who may do what"): each is one read-only
// call into this API, made with app.inject and the caller's own credentials and organization, so
// the API's own checks decide (a call the user may not make answers 403 to the model as to them).
// Arguments are checked against the tool's schema before any call; the answer goes back to the
// model cut to MAX_TOOL_RESULT characters.

export const MAX_TOOL_RESULT = 20_000;

/** The privileges the contract declares for an operation (x-historian-privileges). */
function contractPrivileges(): (method: string, apiPath: string) => string[] {
  const contract = loadContract() as unknown as { paths: Record<string, Record<string, { 'x-historian-privileges'?: string[] }>> };
  return (method, apiPath) => [...(contract.paths[apiPath]?.[method.toLowerCase()]?.['x-historian-privileges'] ?? [])];
}

export interface ToolRequest {
  method: 'GET' | 'POST';
  /** Path and query string under /api, as it is replayed. */
  url: string;
  body?: unknown;
}

interface ToolDefinition {
  name: string;
  description: string;
  method: 'GET' | 'POST';
  /** The contract's path of the call. */
  path: string;
  parameters: Record<string, unknown>;
  request(args: Record<string, unknown>): ToolRequest;
  /** What came back, in short, from a successful answer. */
  summarize(body: unknown, headers: Record<string, unknown>): string;
}

const UUID = { type: 'string', format: 'uuid' };
const KEYWORD = { type: 'string', maxLength: 200, description: 'Text the name or description contains, case aside.' };
const limit = (max: number, fallback: number) => ({ type: 'integer', minimum: 1, maximum: max, default: fallback, description: `At most this many items (default ${fallback}).` });
const PAGE = { type: 'integer', minimum: 1, maximum: 100000, description: 'The page of Limit items, from 1.' };
const TIME = { type: 'string', format: 'date-time', description: 'An ISO 8601 date-time with a zone, e.g. 2026-01-31T00:00:00Z.' };

const query = (args: Record<string, unknown>) => {
  const text = qs.stringify(args, { arrayFormat: 'brackets', encodeValuesOnly: true, skipNulls: true });
  return text ? `?${text}` : '';
};

const itemsSummary = (what: string) => (body: unknown, headers: Record<string, unknown>) => {
  const count = Array.isArray(body) ? body.length : 0;
  const total = Number(headers['x-total-count']);
  return Number.isFinite(total) && total > count ? `${count} of ${total} ${what}` : `${count} ${what}`;
};

const nameSummary = (body: unknown) => {
  const name = typeof body === 'object' && body !== null ? (body as { Name?: unknown }).Name : undefined;
  return typeof name === 'string' ? name : 'found';
};

function seriesSummary(body: unknown): string {
  const series = typeof body === 'object' && body !== null ? (body as { Series?: unknown }).Series : undefined;
  if (!Array.isArray(series)) return 'answered';
  const points = series.reduce((sum: number, item: unknown) => {
    const rows = typeof item === 'object' && item !== null ? (item as { DataPoints?: unknown }).DataPoints : undefined;
    return sum + (Array.isArray(rows) ? rows.length : 0);
  }, 0);
  return `${series.length} series, ${points} points`;
}

const DEFINITIONS: ToolDefinition[] = [
  {
    name: 'list_measurements',
    description: 'Lists the measurements (tags) of the historian, by name; with Keyword only those whose name or description contains it.',
    method: 'GET',
    path: '/measurements',
    parameters: { type: 'object', additionalProperties: false, properties: { Keyword: KEYWORD, Limit: limit(100, 50), Page: PAGE } },
    request: (args) => ({ method: 'GET', url: `/measurements${query({ Limit: 50, ...args })}` }),
    summarize: itemsSummary('measurements'),
  },
  {
    name: 'get_measurement',
    description: 'One measurement by its UUID: name, unit, description, value type, status and last value.',
    method: 'GET',
    path: '/measurements/{id}',
    parameters: { type: 'object', additionalProperties: false, required: ['UUID'], properties: { UUID } },
    request: (args) => ({ method: 'GET', url: `/measurements/${encodeURIComponent(String(args.UUID))}` }),
    summarize: nameSummary,
  },
  {
    name: 'query_data',
    description:
      'Reads the values of measurements between Start and End: raw points, or with Aggregation one value per window of Period (e.g. "1h") computed by Name (mean, min, max, sum, count, first, last…). Read-only.',
    method: 'POST',
    path: '/timeseries/query',
    parameters: {
      type: 'object',
      additionalProperties: false,
      required: ['MeasurementUUIDs', 'Start', 'End'],
      properties: {
        MeasurementUUIDs: { type: 'array', minItems: 1, maxItems: 10, items: UUID },
        Start: TIME,
        End: TIME,
        Aggregation: {
          type: 'object',
          additionalProperties: false,
          required: ['Name', 'Period'],
          properties: {
            Name: { type: 'string', enum: ['count', 'integral', 'mean', 'median', 'mode', 'spread', 'stddev', 'sum', 'first', 'last', 'max', 'min'] },
            Period: { type: 'string', minLength: 1, maxLength: 40, description: 'The window, e.g. "5m", "1h", "1d".' },
          },
        },
        Limit: limit(1000, 200),
        Desc: { type: 'boolean', description: 'Newest first.' },
      },
    },
    request: (args) => ({ method: 'POST', url: '/timeseries/query', body: { Limit: 200, ...args } }),
    summarize: seriesSummary,
  },
  {
    name: 'list_assets',
    description: 'Lists the assets (the plant hierarchy: sites, lines, machines) with their paths; Keyword searches names, descriptions and paths.',
    method: 'GET',
    path: '/assets',
    parameters: {
      type: 'object',
      additionalProperties: false,
      properties: { Keyword: KEYWORD, Path: { type: 'string', maxLength: 2000, description: 'The assets at this path and below, e.g. "Site A/Line 1".' }, Limit: limit(100, 50), Page: PAGE },
    },
    request: (args) => ({ method: 'GET', url: `/assets${query({ Limit: 50, ...args })}` }),
    summarize: itemsSummary('assets'),
  },
  {
    name: 'list_events',
    description: 'Lists the events (batches, stops, cleanings…) that overlap a time range, newest first, with their property values; optionally of some event types or assets only.',
    method: 'GET',
    path: '/events',
    parameters: {
      type: 'object',
      additionalProperties: false,
      required: ['StartTime'],
      properties: {
        StartTime: TIME,
        StopTime: TIME,
        EventTypeUUIDs: { type: 'array', maxItems: 20, items: UUID },
        AssetUUIDs: { type: 'array', maxItems: 20, items: UUID },
        Limit: limit(200, 50),
      },
    },
    request: (args) => ({ method: 'GET', url: `/events${query({ Limit: 50, ...args })}` }),
    summarize: itemsSummary('events'),
  },
  {
    name: 'list_event_types',
    description: 'Lists the event types (kinds of events, e.g. Batch) with their properties.',
    method: 'GET',
    path: '/event-types',
    parameters: { type: 'object', additionalProperties: false, properties: { Keyword: KEYWORD, Limit: limit(100, 50) } },
    request: (args) => ({ method: 'GET', url: `/event-types${query({ Limit: 50, ...args })}` }),
    summarize: itemsSummary('event types'),
  },
];

export const LLM_TOOL_NAMES: readonly string[] = DEFINITIONS.map((tool) => tool.name);

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
// Compiled on a tool's first call rather than when the module loads (every server start and server test file).
const validators = new Map<string, ValidateFunction>();
function validatorOf(tool: ToolDefinition): ValidateFunction {
  let validate = validators.get(tool.name);
  if (!validate) {
    validate = ajv.compile(tool.parameters);
    validators.set(tool.name, validate);
  }
  return validate;
}
const privilegesOf = contractPrivileges();

/** GET /llm/tools: every tool, the call it makes and the privileges that call needs. */
export function toolList() {
  return DEFINITIONS.map((tool) => ({
    Name: tool.name,
    Description: tool.description,
    Method: tool.method,
    Path: `/api${tool.path}`,
    Privileges: privilegesOf(tool.method, tool.path),
  }));
}

/** The tools offered to the model: those of AllowedTools, in the catalogue's order. */
export function offeredTools(allowed: readonly string[]): ToolSpec[] {
  return DEFINITIONS.filter((tool) => allowed.includes(tool.name)).map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.parameters }));
}

/** How one tool call ended: what the model is told, and what is recorded in llm_tool_calls. */
export interface ToolOutcome {
  tool: string;
  arguments: Record<string, unknown>;
  method: string;
  /** As replayed: /api/… with the query string; empty when nothing was called. */
  path: string;
  /** The API's status; 0 when the call was not made (refused before it). */
  status: number;
  durationMs: number;
  summary: string;
  /** What goes back to the model. */
  result: string;
  executed: boolean;
}

function parseArguments(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The caller's own credentials and organization, nothing more (README, "A tool never holds more than its user"). */
function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of ['cookie', 'authorization', 'x-xsrf-token', 'x-organization-uuid', 'accept-language']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

const refused = (tool: string, args: Record<string, unknown>, message: string): ToolOutcome => ({
  tool,
  arguments: args,
  method: '',
  path: '',
  status: 0,
  durationMs: 0,
  summary: message,
  result: JSON.stringify({ error: message }),
  executed: false,
});

function problemSummary(status: number, body: unknown): string {
  const problem = typeof body === 'object' && body !== null ? (body as { title?: unknown; detail?: unknown }) : {};
  const text = [problem.title, problem.detail].filter((part) => typeof part === 'string' && part !== '').join(': ');
  return `${status}${text ? ` ${text}` : ''}`.slice(0, 500);
}

/**
 * Runs one tool call the model asked for: refused (not executed) when the tool is unknown or not
 * allowed or its arguments do not fit; otherwise the API call, made as the caller.
 */
export async function runTool(request: FastifyRequest, allowed: readonly string[], name: string, argumentText: string): Promise<ToolOutcome> {
  const parsed = parseArguments(argumentText);
  const args = parsed ?? {};
  const tool = DEFINITIONS.find((item) => item.name === name);
  if (!tool || !allowed.includes(name)) return refused(name, args, `The tool ${name} is not available; use only the tools offered.`);
  if (!parsed) return refused(name, args, 'The arguments are not a JSON object.');
  const validate = validatorOf(tool);
  if (!validate(args)) {
    const errors = (validate.errors ?? []).map((error) => `${error.instancePath || '(arguments)'} ${error.message ?? 'is invalid'}`).join('; ');
    return refused(name, args, `The arguments do not fit the tool: ${errors}`);
  }
  const call = tool.request(args);
  const url = `/api${call.url}`;
  const started = performance.now();
  const response = await request.server.inject({ method: call.method, url, headers: forwardedHeaders(request), ...(call.body === undefined ? {} : { payload: call.body as object }) });
  const durationMs = Math.round(performance.now() - started);
  let body: unknown = response.body;
  try {
    body = JSON.parse(response.body);
  } catch {
    // not JSON: given as text
  }
  const ok = response.statusCode >= 200 && response.statusCode < 300;
  const summary = ok ? tool.summarize(body, response.headers) : problemSummary(response.statusCode, body);
  const text = response.body.length > MAX_TOOL_RESULT ? `${response.body.slice(0, MAX_TOOL_RESULT)}… (cut: the answer had ${response.body.length} characters; ask for less)` : response.body;
  return {
    tool: name,
    arguments: args,
    method: call.method,
    path: url,
    status: response.statusCode,
    durationMs,
    summary,
    result: JSON.stringify({ status: response.statusCode, body: text }),
    executed: true,
  };
}
