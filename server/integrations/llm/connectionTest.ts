import type { Read } from '../../../domain/contract';
import { LlmProviderError, providerClient, type ProviderSettings } from './providers';

// POST /llm-configuration/test: reach (the host answers), authenticate (the key is taken: the
// models call), model (a tiny completion with the configured model), tools (the model calls a
// `ping` tool it is offered). The first failing step is named; the later ones are not run.

type TestResult = Read<'ConnectionTestResult'>;

export const TEST_STEPS = ['reach', 'authenticate', 'model', 'tools'] as const;
type Step = (typeof TEST_STEPS)[number];

export const PING_TOOL = {
  name: 'ping',
  description: 'Answers pong. Call it when asked to ping.',
  parameters: { type: 'object', additionalProperties: false, properties: { Message: { type: 'string' } } },
};

export async function testProvider(settings: ProviderSettings): Promise<TestResult> {
  const client = providerClient(settings);
  const steps: TestResult['Steps'] = [];
  const fail = (step: Step, message: string): TestResult => {
    steps.push({ Name: step, Success: false, Message: message });
    return { Success: false, FailedStep: step, Steps: steps };
  };
  const pass = (step: Step, message?: string) => steps.push({ Name: step, Success: true, ...(message ? { Message: message } : {}) });

  try {
    await client.listModels();
    pass('reach');
    pass('authenticate');
  } catch (error) {
    if (!(error instanceof LlmProviderError)) throw error;
    if (error.step === 'reach' || error.step === 'timeout') return fail('reach', error.message);
    if (error.step === 'authenticate') {
      pass('reach');
      return fail('authenticate', error.message);
    }
    // Some OpenAI-compatible servers have no models list: the host answered, the completion tells the rest.
    pass('reach');
    pass('authenticate', error.message);
  }

  try {
    const answer = await client.complete({ system: 'You are a connection test.', messages: [{ role: 'user', content: 'Answer with the single word OK.' }], tools: [], maxTokens: 16 });
    pass('model', answer.text.trim().slice(0, 100) || undefined);
  } catch (error) {
    if (!(error instanceof LlmProviderError)) throw error;
    return fail(error.step === 'authenticate' ? 'authenticate' : 'model', error.message);
  }

  try {
    const answer = await client.complete({
      system: 'You are a connection test. Use the tool you are given.',
      messages: [{ role: 'user', content: 'Call the ping tool with Message "hello".' }],
      tools: [PING_TOOL],
      toolChoice: 'required',
      maxTokens: 64,
    });
    if (!answer.toolCalls.some((call) => call.name === PING_TOOL.name)) return fail('tools', 'The model answered without calling the tool: it may not support tool calling');
    pass('tools');
  } catch (error) {
    if (!(error instanceof LlmProviderError)) throw error;
    return fail('tools', error.message);
  }
  return { Success: true, Steps: steps };
}
