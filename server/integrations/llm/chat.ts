import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Read, Write } from '../../../domain/contract';
import type { Db } from '../../db/db';
import { callerOf, organizationOf } from '../../http/caller';
import { HttpProblem } from '../../http/problem';
import { LlmProviderError, type ChatTurn, type ProviderClient } from './providers';
import { offeredTools, runTool, type ToolOutcome } from './tools';

// The chat loop (DOMAIN.md §10): the conversation and the allowed tools go to the model; each tool
// call it asks for is run as the user (tools.ts) and recorded in llm_tool_calls in its own
// statement, inside the request's audit actor context, so the audit entry names the user; the
// results go back, until the model answers with text or the rounds or calls run out.

export const MAX_ROUNDS = 8;
export const MAX_TOOL_CALLS = 20;

type ChatRequest = Write<'LlmChatRequest'>;
type ChatAnswer = Read<'LlmChatAnswer'>;
type ToolCallJson = Read<'LlmToolCall'>;

const LANGUAGES: Record<string, string> = { en: 'English', nl: 'Dutch', fr: 'French', de: 'German', zh: 'Chinese' };

/** The user's language, from accept-language (its first tag), for the system prompt. */
export function languageOf(header: string | string[] | undefined): string {
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase() ?? '';
  return LANGUAGES[first.split('-')[0]] ?? 'the language of the user’s question';
}

export function systemPrompt(language: string, now = new Date()): string {
  return [
    'You are the assistant of a process historian: a system that collects and stores time series of measurements (tags) from industrial plants,',
    'organizes them under assets (sites, lines, machines) and records events (batches, stops, cleanings) with their properties.',
    'Answer questions about this data by calling the tools offered; never invent measurements, values or events.',
    'Each tool calls the historian’s API with the user’s own permissions: when a tool answers 403 the user may not see that data, so say so; do not try to get around it.',
    'Times are ISO 8601 with a zone; when the user names no period, ask or use the last 24 hours.',
    `It is now ${now.toISOString()}.`,
    `Answer in ${language}, briefly, and name the measurements, assets or events your answer rests on.`,
  ].join(' ');
}

function toJsonCall(uuid: string, outcome: ToolOutcome): ToolCallJson {
  return {
    UUID: uuid,
    Tool: outcome.tool,
    Arguments: outcome.arguments,
    Method: outcome.method,
    Path: outcome.path,
    Status: outcome.status,
    DurationMs: outcome.durationMs,
    Summary: outcome.summary,
  };
}

/** A provider failure as the chat's answer: 504 for a timeout, 502 otherwise; the message is already masked. */
export function providerProblem(error: LlmProviderError): HttpProblem {
  if (error.step === 'timeout') return new HttpProblem(504, 'Gateway Timeout', { detail: error.message, code: 'llm.errors.timeout' });
  return new HttpProblem(502, 'Bad Gateway', { detail: error.message, code: 'llm.errors.provider' });
}

export async function runChat(options: { db: Db; request: FastifyRequest<{ Body: ChatRequest }>; client: ProviderClient; allowedTools: readonly string[] }): Promise<ChatAnswer> {
  const { db, request, client, allowedTools } = options;
  const caller = callerOf(request);
  const organization = organizationOf(request);
  const conversation = request.body.ConversationUUID ?? randomUUID();
  const tools = offeredTools(allowedTools);
  const system = systemPrompt(languageOf(request.headers['accept-language']));
  const messages: ChatTurn[] = request.body.Messages.map((message) => ({ role: message.Role, content: message.Content }));
  const calls: ToolCallJson[] = [];
  const usage = { InputTokens: 0, OutputTokens: 0 };

  const record = async (outcome: ToolOutcome): Promise<string> => {
    // Its own statement, in the request's actor context: the audit entry names the user.
    const { rows } = await db.query<{ uuid: string }>(
      `INSERT INTO llm_tool_calls (organization_uuid, conversation_uuid, user_uuid, tool, arguments, method, path, status, duration_ms, summary)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10) RETURNING uuid`,
      [organization, conversation, caller.userUuid, outcome.tool, JSON.stringify(outcome.arguments), outcome.method, outcome.path, outcome.status, outcome.durationMs, outcome.summary],
    );
    return rows[0].uuid;
  };

  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const lastRound = round === MAX_ROUNDS - 1 || calls.length >= MAX_TOOL_CALLS;
    let completion;
    try {
      completion = await client.complete({ system, messages, tools: lastRound ? [] : tools });
    } catch (error) {
      if (error instanceof LlmProviderError) {
        request.log.warn({ step: error.step, status: error.status, problem: error.message }, 'the assistant’s provider failed');
        throw providerProblem(error);
      }
      throw error;
    }
    usage.InputTokens += completion.usage?.inputTokens ?? 0;
    usage.OutputTokens += completion.usage?.outputTokens ?? 0;
    if (completion.toolCalls.length === 0 || lastRound) {
      return { ConversationUUID: conversation, Message: { Role: 'assistant', Content: completion.text }, ToolCalls: calls, Usage: usage };
    }
    messages.push({ role: 'assistant', content: completion.text, toolCalls: completion.toolCalls });
    for (const call of completion.toolCalls) {
      if (calls.length >= MAX_TOOL_CALLS) {
        messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: JSON.stringify({ error: `At most ${MAX_TOOL_CALLS} tool calls per question; answer with what you have.` }) });
        continue;
      }
      const outcome = await runTool(request, allowedTools, call.name, call.arguments);
      calls.push(toJsonCall(await record(outcome), outcome));
      messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: outcome.result });
    }
  }
  /* c8 ignore next */
  return { ConversationUUID: conversation, Message: { Role: 'assistant', Content: '' }, ToolCalls: calls, Usage: usage };
}
