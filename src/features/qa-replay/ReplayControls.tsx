import { useTranslation } from 'react-i18next';
import { SPEEDS, type Playback, type Speed } from './usePlayback';

interface ReplayControlsProps {
  playback: Playback;
  stepCount: number;
}

function isSpeed(value: number): value is Speed {
  return SPEEDS.some((speed) => speed === value);
}

/** Step back and forward, play or pause, and the playing speed. */
export function ReplayControls({ playback, stepCount }: ReplayControlsProps) {
  const { t } = useTranslation();
  const { step, playing } = playback;
  return (
    <div role="toolbar" aria-label={t('qa.replay.controls')} className="qa-replay-controls">
      <button type="button" onClick={() => playback.goTo(0)} disabled={step === 0}>
        {t('qa.replay.restart')}
      </button>
      <button type="button" onClick={() => playback.goTo(step - 1)} disabled={step === 0}>
        {t('qa.replay.step_back')}
      </button>
      {playing ? (
        <button type="button" onClick={playback.pause}>
          {t('qa.replay.pause')}
        </button>
      ) : (
        <button type="button" onClick={playback.play} disabled={stepCount === 0}>
          {t('qa.replay.play')}
        </button>
      )}
      <button type="button" onClick={() => playback.goTo(step + 1)} disabled={step >= stepCount}>
        {t('qa.replay.step_forward')}
      </button>
      <label className="field inline">
        <span>{t('qa.replay.speed')}</span>
        <select
          value={playback.speed}
          onChange={(event) => {
            const value = Number(event.target.value);
            if (isSpeed(value)) playback.setSpeed(value);
          }}
        >
          {SPEEDS.map((speed) => (
            <option key={speed} value={speed}>
              {t('qa.replay.speed_value', { speed })}
            </option>
          ))}
        </select>
      </label>
      <span role="status">{t('qa.replay.step_status', { step, count: stepCount })}</span>
    </div>
  );
}
