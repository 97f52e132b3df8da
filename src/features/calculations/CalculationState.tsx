import { Save } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetCalculationContextQuery, useUpdateCalculationContextMutation } from '../../api/areas/calculations';
import type { MeasurementRead } from '../../api/generated/historian.gen';
import './calculations.css';

export interface CalculationStateProps {
  measurement: Pick<MeasurementRead, 'UUID' | 'Status'>;
  canManage: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A calculation's live state (DOMAIN.md §2 Context): when it last ran, its last error, its previous
 * result and the local values its script keeps. The local values can be changed only while the
 * calculation is paused (the server refuses it while Active, 409).
 */
export function CalculationState({ measurement, canManage }: CalculationStateProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const context = useGetCalculationContextQuery({ id: measurement.UUID });
  const [update, updateState] = useUpdateCalculationContextMutation();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const local = context.data?.Local;
  useEffect(() => {
    setText(JSON.stringify(local ?? {}, null, 2));
    setInvalid(false);
  }, [local]);
  const paused = measurement.Status === 'Paused';
  const editable = canManage && paused;

  if (context.isError) return <p role="alert">{t('calculations.state.load_failed')}</p>;
  if (!context.data) return <p role="status">{t('table.loading')}</p>;
  const state = context.data;
  const time = (value: string | null | undefined) => (value ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(value)) : t('calculations.state.never'));

  const save = async () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!isRecord(parsed)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    await update({ id: measurement.UUID, calculationContextUpdate: { Local: parsed } });
  };

  return (
    <section className="calculation-state" aria-label={t('calculations.state.title')}>
      <dl className="calculation-state-facts">
        <dt>{t('calculations.state.running')}</dt>
        <dd>{state.Running ? t('calculations.state.running_yes') : t('calculations.state.running_no')}</dd>
        <dt>{t('calculations.state.last_evaluated')}</dt>
        <dd>{time(state.LastEvaluatedAt)}</dd>
        <dt>{t('calculations.state.previous_result')}</dt>
        <dd>
          <code>{state.PreviousResult === undefined || state.PreviousResult === null ? '–' : JSON.stringify(state.PreviousResult)}</code>
        </dd>
      </dl>
      {state.LastError && (
        <div className="form-error" role="alert">
          <strong>{t('calculations.state.last_error')}</strong> {state.LastError}
        </div>
      )}
      <label htmlFor={`${id}-local`} className="field-label">
        {t('calculations.state.local')}
      </label>
      <textarea
        id={`${id}-local`}
        className="calculation-state-local"
        rows={8}
        spellCheck={false}
        value={text}
        readOnly={!editable}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-local-help`}
        onChange={(event) => setText(event.target.value)}
      />
      {invalid && <p className="field-error">{t('calculations.state.local_invalid')}</p>}
      <p id={`${id}-local-help`} className="form-help">
        {paused ? t('calculations.state.local_help_paused') : t('calculations.state.local_help_active')}
      </p>
      {editable && (
        <button type="button" className="primary" disabled={updateState.isLoading} onClick={() => void save()}>
          <Save size={16} aria-hidden />
          {t('calculations.state.save')}
        </button>
      )}
    </section>
  );
}
