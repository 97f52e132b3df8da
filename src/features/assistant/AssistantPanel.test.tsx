import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { anAnswer, llmHandlers, type LlmHandlerOptions } from '../configuration/ai/testing/llmFixtures';
import { AssistantLauncher } from './AssistantLauncher';

// The assistant's chat panel (issue 21): opened from the header by holders of READ_LLM; answers
// as plain text with the API calls its tools made; errors in words.

function renderLauncher(privileges = ['READ_LLM'], options: LlmHandlerOptions = {}) {
  document.cookie = 'XSRF-TOKEN=test';
  const fake = llmHandlers(options);
  server.use(...fake.handlers);
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/" element={<AssistantLauncher />} />
      <Route path="/configuration/ai" element={<h1>AI page</h1>} />
    </Routes>,
    {
      route: '/',
      preloadedState: {
        session: aSession({ userPrivileges: privileges.map((name) => aPrivilege(name)) }),
        organization: { current: { UUID: ORG_A_UUID, Name: 'Plant A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
      },
    },
  );
  return { ...rendered, fake };
}

async function openPanel(user: ReturnType<typeof renderLauncher>['user']) {
  await user.click(screen.getByRole('button', { name: 'Assistant' }));
  return screen.findByRole('complementary', { name: 'Assistant' });
}

const question = () => screen.getByRole('textbox', { name: 'Your question' });

describe('assistant chat panel', () => {
  it('the header button shows only to holders of READ_LLM in the organization', () => {
    renderLauncher(['READ_USERS', 'MANAGE_LLM']);
    expect(screen.queryByRole('button', { name: 'Assistant' })).not.toBeInTheDocument();
  });

  it('sends with Enter, keeps Shift+Enter as a new line, and shows the answer and its tool calls', async () => {
    const { user, fake } = renderLauncher();
    const panel = await openPanel(user);
    await user.type(question(), 'How full was tank 1?{Shift>}{Enter}{/Shift}Last hour please');
    expect(question()).toHaveValue('How full was tank 1?\nLast hour please');
    expect(fake.calls('POST', '/api/llm/chat')).toEqual([]);
    await user.keyboard('{Enter}');
    const answer = await within(panel).findByText(/Tank 1 level averaged 71.4 %/);
    // Plain text, line breaks kept.
    expect(answer.textContent).toBe('Tank 1 level averaged 71.4 % over the last hour.\nThe highest value was 78.2 % at 05:40.');
    const [sent] = fake.calls('POST', '/api/llm/chat');
    expect(sent.body).toEqual({ Messages: [{ Role: 'user', Content: 'How full was tank 1?\nLast hour please' }] });
    expect(sent.organization).toBe(ORG_A_UUID);
    const calls = within(panel).getByRole('region', { name: '2 API calls' });
    const items = within(calls).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('list_measurements');
    expect(items[0]).toHaveTextContent('HTTP 200');
    expect(items[0]).toHaveTextContent('18 ms');
    expect(items[0]).toHaveTextContent('1 measurement');
    expect(within(items[0]).getByRole('link', { name: 'GET /api/measurements?Search=tank%201%20level&Limit=20' })).toHaveAttribute('href', '/api/measurements?Search=tank%201%20level&Limit=20');
    expect(items[1]).toHaveTextContent('POST /api/timeseries/query');
    expect(within(items[1]).queryByRole('link')).not.toBeInTheDocument();
    expect(question()).toHaveValue('');
  });

  it('copies a tool call for replay', async () => {
    const { user } = renderLauncher();
    const panel = await openPanel(user);
    await user.type(question(), 'Tank 1?{Enter}');
    await within(panel).findByText(/Tank 1 level averaged/);
    const write = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(within(panel).getAllByRole('button', { name: 'Copy the call' })[1]);
    expect(write).toHaveBeenCalledWith('POST /api/timeseries/query');
    expect(within(panel).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('keeps the conversation: the next question carries its id and the messages so far', async () => {
    const { user, fake } = renderLauncher();
    const panel = await openPanel(user);
    await user.type(question(), 'Tank 1?{Enter}');
    await within(panel).findByText(/Tank 1 level averaged/);
    // Closed and opened again in this tab, the conversation is still there.
    await user.click(within(panel).getByRole('button', { name: 'Close the assistant' }));
    expect(panel).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Assistant' }));
    expect(within(panel).getByText(/Tank 1 level averaged/)).toBeVisible();
    await user.type(question(), 'And tank 2?{Enter}');
    await within(panel).findAllByText(/Tank 1 level averaged/);
    const second = fake.calls('POST', '/api/llm/chat')[1];
    expect(second.body).toEqual({
      ConversationUUID: anAnswer().ConversationUUID,
      Messages: [
        { Role: 'user', Content: 'Tank 1?' },
        { Role: 'assistant', Content: anAnswer().Message.Content },
        { Role: 'user', Content: 'And tank 2?' },
      ],
    });
  });

  it('never renders an answer’s HTML', async () => {
    const { user } = renderLauncher(['READ_LLM'], { answer: anAnswer({ Message: { Role: 'assistant', Content: '<img src=x onerror="alert(1)"><b>bold</b>' }, ToolCalls: [] }) });
    const panel = await openPanel(user);
    await user.type(question(), 'Hi{Enter}');
    expect(await within(panel).findByText('<img src=x onerror="alert(1)"><b>bold</b>')).toBeInTheDocument();
    expect(panel.querySelector('img, b')).toBeNull();
  });

  it('shows the working indicator with elapsed seconds while waiting', async () => {
    let answer: (() => void) | undefined;
    const { user } = renderLauncher();
    server.use(http.post('/api/llm/chat', () => new Promise<Response>((resolve) => (answer = () => resolve(HttpResponse.json(anAnswer()))))));
    const panel = await openPanel(user);
    await user.type(question(), 'Slow one{Enter}');
    expect(await within(panel).findByText('Working… 0 s')).toBeInTheDocument();
    expect(await within(panel).findByText('Working… 1 s', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Send' })).toBeDisabled();
    answer?.();
    expect(await within(panel).findByText(/Tank 1 level averaged/)).toBeInTheDocument();
    expect(within(panel).queryByText(/Working…/)).not.toBeInTheDocument();
  });

  it('says the assistant is not set up (409), with a link to the AI page for MANAGE_LLM', async () => {
    const { user } = renderLauncher(['READ_LLM', 'MANAGE_LLM'], { chatProblem: { status: 409, code: 'llm.errors.disabled' } });
    const panel = await openPanel(user);
    await user.type(question(), 'Tank 1?{Enter}');
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('The assistant is not set up — ask an administrator.');
    await user.click(within(alert).getByRole('link', { name: 'Set up the assistant' }));
    expect(await screen.findByRole('heading', { name: 'AI page' })).toBeInTheDocument();
  });

  it('without MANAGE_LLM the 409 offers no link, and the question goes back into the input', async () => {
    const { user } = renderLauncher(['READ_LLM'], { chatProblem: { status: 409, code: 'llm.errors.disabled' } });
    const panel = await openPanel(user);
    await user.type(question(), 'Tank 1?{Enter}');
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('The assistant is not set up — ask an administrator.');
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
    expect(question()).toHaveValue('Tank 1?');
    expect(within(panel).queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('says in words when the provider fails (502)', async () => {
    const { user } = renderLauncher(['READ_LLM'], { chatProblem: { status: 502, code: 'llm.errors.provider' } });
    const panel = await openPanel(user);
    await user.type(question(), 'Tank 1?{Enter}');
    expect(await within(panel).findByRole('alert')).toHaveTextContent('The AI provider failed to answer. Try again in a moment.');
  });
});
