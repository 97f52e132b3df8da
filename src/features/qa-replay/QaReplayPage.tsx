import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { IS_DEVELOPMENT_BUILD } from '../../lib/appVersion';
import { paths } from '../../lib/paths';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import type { Recording } from '../../lib/recording/recordingFormat';
import type { ReadRecordingResult, RecordingProblem } from '../../lib/recording/validateRecording';
import { selectAccess } from '../../state/privileges';
import { RecordingLoader } from './RecordingLoader';
import { RecordingProblems } from './RecordingProblems';
import { ReplayPlayer } from './ReplayPlayer';
import type { ReplaySandboxComponent } from './sandboxTypes';
import './qaReplay.css';

type Loaded =
  | { kind: 'none' }
  | { kind: 'problems'; fileName: string; problems: RecordingProblem[] }
  | { kind: 'recording'; fileName: string; recording: Recording; migratedFrom: number | null; loadNumber: number };

interface QaReplayPageProps {
  /** The shell that renders the real pages (src/app/ReplaySandbox.tsx, handed over by the router). */
  sandbox: ReplaySandboxComponent;
}

/** Replays a QA recording (README "QA: record and replay"). For ReadLogs at root, or anyone in a development build. */
export function QaReplayPage({ sandbox }: QaReplayPageProps) {
  const { t } = useTranslation();
  const can = useAppSelector(selectAccess);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'none' });
  const allowed = IS_DEVELOPMENT_BUILD || can({ privileges: [PRIVILEGES.ReadLogs], scope: 'root' });

  const onRead = (fileName: string, result: ReadRecordingResult) =>
    setLoaded((previous) =>
      result.ok
        ? {
            kind: 'recording',
            fileName,
            recording: result.recording,
            migratedFrom: result.migratedFrom,
            // Each load starts a fresh player and sandbox, even for the same file again.
            loadNumber: previous.kind === 'recording' ? previous.loadNumber + 1 : 0,
          }
        : { kind: 'problems', fileName, problems: result.problems },
    );

  return (
    <div className="qa-replay">
      <header className="qa-replay-header">
        <h1>{t('qa.replay.title')}</h1>
        <Link to={paths.home}>{t('qa.replay.back')}</Link>
      </header>
      {!allowed ? (
        <p role="alert">{t('pages.unauthorized')}</p>
      ) : (
        <>
          <section aria-label={t('qa.replay.load')} className="qa-replay-load">
            <p>{t('qa.replay.intro')}</p>
            <RecordingLoader onRead={onRead} />
          </section>
          {loaded.kind === 'problems' && <RecordingProblems fileName={loaded.fileName} problems={loaded.problems} />}
          {loaded.kind === 'recording' && (
            <ReplayPlayer key={loaded.loadNumber} recording={loaded.recording} migratedFrom={loaded.migratedFrom} sandbox={sandbox} />
          )}
        </>
      )}
    </div>
  );
}
