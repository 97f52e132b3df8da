import { Bot } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import { selectAccess } from '../../state/privileges';

// The panel, the chat endpoints and their texts load when first opened (bundle budget).
const AssistantPanel = lazy(async () => ({ default: (await import('./AssistantPanel')).AssistantPanel }));

/**
 * The header's "Assistant" button for holders of READ_LLM in the current organization. Once
 * opened the panel stays mounted, hidden when closed, so the conversation lasts while this tab does.
 */
export function AssistantLauncher() {
  const { t } = useTranslation();
  const can = useAppSelector(selectAccess);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  if (!can({ privileges: [PRIVILEGES.ReadLlm] })) return null;
  return (
    <>
      <button
        type="button"
        className="header-button"
        aria-expanded={open}
        aria-controls="assistant-panel"
        onClick={() => {
          setLoaded(true);
          setOpen((current) => !current);
        }}
      >
        <Bot className="header-icon" aria-hidden="true" focusable="false" />
        <span className="header-label">{t('llm.chat.open')}</span>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <AssistantPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
