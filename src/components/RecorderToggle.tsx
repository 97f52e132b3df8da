import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { recorderToggled, selectIsRecording } from '../state/recorder/recorderSlice';
import type { SessionState } from '../state/session';

const selectExperimentalFeatures = (state: { session: SessionState }) => state.session.experimentalFeatures;

/**
 * The QA recorder switch, for the profile page's experimental features. Shown to users with
 * experimental features on, and to anyone while recording (started by `?record=1`), so that it can
 * always be switched off. Off discards what was recorded.
 */
export function RecorderToggle() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const experimental = useSelector(selectExperimentalFeatures);
  const recording = useSelector(selectIsRecording);
  if (!experimental && !recording) return null;
  return (
    <div className="field checkbox">
      <label>
        <input type="checkbox" checked={recording} onChange={(event) => dispatch(recorderToggled(event.target.checked))} aria-describedby="recorder-toggle-help" />
        <span>{t('qa.recorder.toggle')}</span>
      </label>
      <p id="recorder-toggle-help" className="muted">
        {t('qa.recorder.toggle_help')}
      </p>
    </div>
  );
}
