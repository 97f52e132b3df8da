import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '../../lib/appVersion';
import type { Recording } from '../../lib/recording/recordingFormat';
import { diffState } from '../../lib/recording/stateDiff';
import { ActionList } from './ActionList';
import { ReplayControls } from './ReplayControls';
import { createReplaySession } from './replaySession';
import type { ReplaySandboxComponent } from './sandboxTypes';
import { StateDiffView } from './StateDiffView';
import { usePlayback } from './usePlayback';

interface ReplayPlayerProps {
  recording: Recording;
  migratedFrom: number | null;
  sandbox: ReplaySandboxComponent;
}

/** One loaded recording: what it is, the controls, the actions, the step's diff and the replayed screen. */
export function ReplayPlayer({ recording, migratedFrom, sandbox: Sandbox }: ReplayPlayerProps) {
  const { t } = useTranslation();
  const session = useMemo(() => createReplaySession(recording), [recording]);
  const times = useMemo(() => recording.actions.map((entry) => entry.t), [recording]);
  const playback = usePlayback(times);
  const { step } = playback;

  useEffect(() => session.show(step), [session, step]);

  const diff = useMemo(() => (step > 0 ? diffState(session.stateAt(step - 1), session.stateAt(step)) : null), [session, step]);

  return (
    <>
      <section aria-labelledby="qa-summary-title" className="qa-replay-summary">
        <h2 id="qa-summary-title">{t('qa.replay.summary')}</h2>
        <dl>
          <dt>{t('qa.replay.app_version')}</dt>
          <dd>{recording.appVersion}</dd>
          <dt>{t('qa.replay.locale')}</dt>
          <dd>{recording.locale}</dd>
          <dt>{t('qa.replay.organization')}</dt>
          <dd>{recording.organization?.Name ?? t('qa.replay.no_organization')}</dd>
          <dt>{t('qa.replay.recorded_at')}</dt>
          <dd>{recording.recordedAt}</dd>
          <dt>{t('qa.replay.action_count')}</dt>
          <dd>{recording.actions.length}</dd>
        </dl>
        {recording.appVersion !== APP_VERSION && (
          <p className="qa-replay-warning">{t('qa.replay.version_mismatch', { recorded: recording.appVersion, current: APP_VERSION })}</p>
        )}
        {migratedFrom !== null && <p className="muted">{t('qa.replay.migrated', { version: migratedFrom })}</p>}
      </section>
      <ReplayControls playback={playback} stepCount={session.stepCount} />
      <div className="qa-replay-panels">
        <ActionList actions={recording.actions} step={step} onJump={playback.goTo} />
        <StateDiffView diff={diff} reducerError={session.errorAt(step)} />
      </div>
      <section aria-label={t('qa.replay.screen')} className="qa-replay-screen">
        {/* inert: the replay shows what happened; clicks here would make a different history. */}
        <div inert>
          <Sandbox store={session.store} route={session.routeAt(step)} />
        </div>
      </section>
    </>
  );
}
