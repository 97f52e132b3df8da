import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordedStep } from '../../lib/recording/recordingFormat';

interface ActionListProps {
  actions: readonly RecordedStep[];
  step: number;
  onJump: (step: number) => void;
}

/** Every recorded action with its time; choosing one shows the state right after it. */
export function ActionList({ actions, step, onJump }: ActionListProps) {
  const { t } = useTranslation();
  const current = useRef<HTMLButtonElement>(null);

  // While playing, the current action stays in view.
  useEffect(() => {
    current.current?.scrollIntoView?.({ block: 'nearest' });
  }, [step]);

  return (
    <nav aria-label={t('qa.replay.actions')} className="qa-replay-actions">
      <ol start={0}>
        <li>
          <button type="button" aria-current={step === 0 ? 'step' : undefined} ref={step === 0 ? current : undefined} onClick={() => onJump(0)}>
            {t('qa.replay.initial_state')}
          </button>
        </li>
        {actions.map((entry, index) => (
          <li key={index}>
            <button
              type="button"
              aria-current={step === index + 1 ? 'step' : undefined}
              ref={step === index + 1 ? current : undefined}
              onClick={() => onJump(index + 1)}
            >
              <span className="qa-replay-action-type">{entry.action.type}</span>{' '}
              <span className="muted">{t('qa.replay.action_time', { seconds: (entry.t / 1000).toFixed(2) })}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
