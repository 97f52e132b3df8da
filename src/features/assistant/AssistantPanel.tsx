import { Check, Copy, Send, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useChatWithLlmMutation } from '../../api/areas/llm';
import type { LlmChatMessage, LlmToolCall } from '../../api/generated/historian.gen';
import { member, problemCode } from '../../api/outcomes';
import { useAppSelector } from '../../app/hooks';
import { configurationPath } from '../../lib/paths';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import { selectAccess, selectCurrentOrganizationUuid } from '../../state/privileges';
import './assistant.css';

interface Entry extends LlmChatMessage {
  id: number;
  toolCalls?: LlmToolCall[];
}

type Failure = 'disabled' | 'provider' | 'timeout' | 'forbidden' | 'other';

/** What went wrong, from the problem's code or the transport's error. */
export function failureOf(error: unknown): Failure {
  const code = problemCode(error);
  if (code === 'llm.errors.disabled') return 'disabled';
  if (code === 'llm.errors.provider') return 'provider';
  if (code === 'llm.errors.timeout') return 'timeout';
  const status = member(error, 'status');
  if (status === 'TIMEOUT_ERROR' || status === 504) return 'timeout';
  if (status === 409) return 'disabled';
  if (status === 502) return 'provider';
  if (status === 403) return 'forbidden';
  return 'other';
}

/** Where a replayable GET call opens: the API's own answer, in a new tab. */
const apiHref = (path: string) => (path.startsWith('/api/') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`);

function ToolCallItem({ call }: { call: LlmToolCall }) {
  const { t, i18n } = useTranslation();
  const [copied, setCopied] = useState(false);
  const ok = call.Status >= 200 && call.Status < 300;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`${call.Method} ${call.Path}`);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  const request = `${call.Method} ${call.Path}`;
  return (
    <li className="assistant-tool-call">
      <div className="assistant-tool-head">
        <span className="assistant-tool-name">{call.Tool}</span>
        <span className={ok ? 'assistant-status ok' : 'assistant-status failed'}>{t('llm.chat.status', { status: call.Status })}</span>
        <span className="muted">{t('llm.chat.duration', { ms: new Intl.NumberFormat(i18n.language).format(call.DurationMs) })}</span>
      </div>
      <div className="assistant-tool-request">
        {call.Method === 'GET' ? (
          <a href={apiHref(call.Path)} target="_blank" rel="noreferrer" title={t('llm.chat.open_call')}>
            <code>{request}</code>
          </a>
        ) : (
          <code>{request}</code>
        )}
        <button type="button" className="icon-only" aria-label={copied ? t('llm.chat.copied') : t('llm.chat.copy_call')} title={copied ? t('llm.chat.copied') : t('llm.chat.copy_call')} onClick={() => void copy()}>
          {copied ? <Check size={14} aria-hidden="true" /> : <Copy size={14} aria-hidden="true" />}
        </button>
      </div>
      {call.Summary && <div className="assistant-tool-summary">{call.Summary}</div>}
    </li>
  );
}

function Waiting() {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p role="status" className="assistant-waiting">
      <span className="assistant-dots" aria-hidden="true" />
      {t('llm.chat.working', { seconds })}
    </p>
  );
}

/**
 * The assistant's side panel: the conversation of this tab (ConversationUUID from the first
 * answer), the answers as plain text, and under each the API calls its tools made, each
 * replayable. Enter sends, Shift+Enter starts a new line.
 */
export function AssistantPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const can = useAppSelector(selectAccess);
  const organizationUuid = useAppSelector(selectCurrentOrganizationUuid);
  const canManage = can({ privileges: [PRIVILEGES.ManageLlm] });
  const [chat, { isLoading }] = useChatWithLlmMutation();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [conversation, setConversation] = useState<string | undefined>(undefined);
  const [draft, setDraft] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const next = useRef(1);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  // A conversation belongs to the organization it was held in: another one starts afresh.
  useEffect(() => {
    setEntries([]);
    setConversation(undefined);
    setFailure(null);
  }, [organizationUuid]);

  // The newest message in view; only the panel scrolls, never the page under it.
  useEffect(() => {
    if (body.current) body.current.scrollTop = body.current.scrollHeight;
  }, [entries, isLoading, failure]);

  const send = async () => {
    const content = draft.trim();
    if (content === '' || isLoading) return;
    const question: Entry = { id: next.current++, Role: 'user', Content: content };
    const history = [...entries, question];
    setEntries(history);
    setDraft('');
    setFailure(null);
    const answer = await chat({
      'x-organization-uuid': organizationUuid ?? undefined,
      llmChatRequest: { ConversationUUID: conversation, Messages: history.map(({ Role, Content }) => ({ Role, Content })) },
    });
    if (answer.error) {
      // The question goes back into the input, to be sent again once the cause is fixed.
      setEntries(entries);
      setDraft(content);
      setFailure(failureOf(answer.error));
      return;
    }
    setConversation(answer.data.ConversationUUID);
    setEntries([...history, { id: next.current++, Role: 'assistant', Content: answer.data.Message.Content, toolCalls: answer.data.ToolCalls }]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const restart = () => {
    setEntries([]);
    setConversation(undefined);
    setFailure(null);
    input.current?.focus();
  };

  return (
    <aside id="assistant-panel" className="assistant-panel" aria-labelledby={`${id}-title`} hidden={!open}>
      <header className="assistant-header">
        <h2 id={`${id}-title`}>{t('llm.chat.title')}</h2>
        <div className="assistant-header-actions">
          {entries.length > 0 && (
            <button type="button" onClick={restart} disabled={isLoading}>
              {t('llm.chat.new')}
            </button>
          )}
          <button type="button" className="icon-only" aria-label={t('llm.chat.close')} title={t('llm.chat.close')} onClick={onClose}>
            <X size={18} aria-hidden="true" />
          </button>
        </div>
      </header>
      <div className="assistant-body" ref={body}>
        {entries.length === 0 && !isLoading && !failure && <p className="muted assistant-intro">{t('llm.chat.intro')}</p>}
        <ol className="assistant-messages" aria-label={t('llm.chat.messages')}>
          {entries.map((entry) => (
            <li key={entry.id} className={`assistant-message ${entry.Role}`}>
              <span className="assistant-role">{entry.Role === 'user' ? t('llm.chat.you') : t('llm.chat.assistant')}</span>
              {/* Plain text: React escapes it; line breaks stay (white-space: pre-wrap). */}
              <div className="assistant-text">{entry.Content}</div>
              {entry.toolCalls && entry.toolCalls.length > 0 && (
                <section className="assistant-tools" aria-label={t('llm.chat.tool_calls', { count: entry.toolCalls.length })}>
                  <h3>{t('llm.chat.tool_calls', { count: entry.toolCalls.length })}</h3>
                  <ul>
                    {entry.toolCalls.map((call) => (
                      <ToolCallItem key={call.UUID} call={call} />
                    ))}
                  </ul>
                </section>
              )}
            </li>
          ))}
        </ol>
        {isLoading && <Waiting />}
        {failure && (
          <div role="alert" className="assistant-error">
            <p>{t(`llm.chat.errors.${failure}`)}</p>
            {failure === 'disabled' && canManage && (
              <Link to={configurationPath('ai')} onClick={onClose}>
                {t('llm.chat.configure')}
              </Link>
            )}
          </div>
        )}
      </div>
      <form className="assistant-input" onSubmit={submit}>
        <label htmlFor={`${id}-input`} className="visually-hidden">
          {t('llm.chat.question')}
        </label>
        <textarea
          id={`${id}-input`}
          ref={input}
          rows={3}
          value={draft}
          placeholder={t('llm.chat.placeholder')}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="primary" disabled={isLoading || draft.trim() === ''}>
          <Send size={16} aria-hidden="true" />
          {t('llm.chat.send')}
        </button>
      </form>
    </aside>
  );
}
