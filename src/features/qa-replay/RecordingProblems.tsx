import { useTranslation } from 'react-i18next';
import type { RecordingProblem } from '../../lib/recording/validateRecording';

const SHOWN = 10;

interface RecordingProblemsProps {
  fileName: string;
  problems: readonly RecordingProblem[];
}

/** Why a file cannot be replayed, one line per problem, each naming where it is. */
export function RecordingProblems({ fileName, problems }: RecordingProblemsProps) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="qa-replay-problems">
      <p>{t('qa.replay.invalid', { name: fileName })}</p>
      <ul>
        {problems.slice(0, SHOWN).map((problem) => (
          <li key={`${problem.key} ${problem.path}`}>
            {t(problem.key, { ...problem.values, path: problem.path || t('qa.validation.root') })}
          </li>
        ))}
      </ul>
      {problems.length > SHOWN && <p>{t('qa.replay.more_problems', { count: problems.length - SHOWN })}</p>}
    </div>
  );
}
