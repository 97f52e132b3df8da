import { Ban, CircleCheck, CircleX, Clock, LoaderCircle, Pause, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { JobState } from '../../api/generated/historian.gen';
import { jobStateLabel } from '../../lib/jobLabels';
import './StatusIcon.css';

// Each state has its own shape as well as its colour, so it reads without colour vision.
const ICONS: Record<JobState, LucideIcon> = { pending: Clock, running: LoaderCircle, paused: Pause, done: CircleCheck, failed: CircleX, canceled: Ban };

export function JobStateBadge({ state }: { state: JobState }) {
  const { t } = useTranslation();
  const Icon = ICONS[state];
  return (
    <span className={`job-state job-state-${state}`}>
      <Icon aria-hidden="true" focusable="false" size={14} />
      {jobStateLabel(t, state)}
    </span>
  );
}
