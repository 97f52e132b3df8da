import { Plus, Trash2 } from 'lucide-react';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ValueType } from '../../api/generated/historian.gen';
import { CheckboxField, SelectField } from '../../components/form/ChoiceFields';
import { useFormContext } from '../../components/form/FormContext';
import { NumberField, TextField } from '../../components/form/TextFields';
import {
  aggregationChoices,
  CALCULATION_TYPES,
  defaultAggregation,
  draftOf,
  newInputKey,
  nextAlias,
  settingsOf,
  type CalculationDraft,
  type CalculationType,
  type DraftInput,
} from './calculationDraft';
import { CalculationPreview } from './CalculationPreview';
import { MeasurementPicker } from '../../components/MeasurementPicker/MeasurementPicker';
import { ScriptEditor, type ScriptDiagnostic, type ScriptEditorHandle } from './ScriptEditor';
import './calculations.css';

export interface CalculationFieldsProps {
  /** The stored Settings; undefined for a new calculation. */
  settings: Record<string, unknown> | undefined;
  /** The calculation's own UUID: never offered as its input. */
  calculationUuid?: string;
  name: string;
}

const NO_ERRORS: readonly string[] = [];

/**
 * The Settings of a calculation (DOMAIN.md §2) inside the measurement form: type, interval,
 * inputs, the script in CodeMirror and the preview of the unsaved settings. The form submits
 * them as Settings.* (the inputs and the script through hidden fields), so a save's errors come
 * back to these fields by path, and so do the preview's.
 */
export function CalculationFields({ settings, calculationUuid, name }: CalculationFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const form = useFormContext();
  const readOnly = form.mode === 'read';
  const [draft, setDraft] = useState<CalculationDraft>(() => draftOf(settings));
  const [testErrors, setTestErrors] = useState<Record<string, string[]>>({});
  const [diagnostics, setDiagnostics] = useState<ScriptDiagnostic[]>([]);
  const editor = useRef<ScriptEditorHandle>(null);
  const hidden = useRef<HTMLInputElement>(null);
  const latest = useRef(draft);
  latest.current = draft;

  const errorsOf = (path: string): readonly string[] => testErrors[path] ?? form.errors[path] ?? NO_ERRORS;
  const change = (patch: Partial<CalculationDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const changeInput = (key: number, patch: Partial<DraftInput>) => setDraft((current) => ({ ...current, Inputs: current.Inputs.map((input) => (input.key === key ? { ...input, ...patch } : input)) }));
  const addInput = () =>
    setDraft((current) => ({
      ...current,
      Inputs: [...current.Inputs, { key: newInputKey(), Alias: nextAlias(current.Inputs.map((input) => input.Alias)), MeasurementUUID: '', name: '', datatype: '', Aggregation: 'mean', DefaultValue: '' }],
    }));
  const removeInput = (key: number) => setDraft((current) => ({ ...current, Inputs: current.Inputs.filter((input) => input.key !== key) }));

  const typeHelp: Record<CalculationType, string> = {
    raw: t('calculations.editor.type_help.raw'),
    sampled: t('calculations.editor.type_help.sampled'),
    simulation: t('calculations.editor.type_help.simulation'),
  };
  const hasInputs = draft.Type !== 'simulation';
  const aliases = useMemo(() => (hasInputs ? draft.Inputs.map((input) => input.Alias) : []), [draft.Inputs, hasInputs]);
  const saved = settingsOf(draft);
  // The datatype is the measurement form's own field; the preview reads it as it is now.
  const readDatatype = useCallback((): ValueType => {
    const field = hidden.current?.form?.elements.namedItem('Datatype');
    return field instanceof HTMLSelectElement ? (field.value as ValueType) : 'number';
  }, []);
  const goToLine = useCallback((line: number) => editor.current?.goToLine(line), []);
  const scriptErrors = errorsOf('Settings.Script');
  const inputsErrors = errorsOf('Settings.Inputs');

  return (
    <div className="calculation-fields">
      <SelectField
        name="Settings.Type"
        label={t('calculations.settings.Type.title')}
        required
        options={CALCULATION_TYPES.map((type) => ({ value: type, label: t(`calculations.settings.Type.enum.${type}`) }))}
        value={draft.Type}
        onChange={(event) => change({ Type: event.target.value as CalculationType })}
        help={typeHelp[draft.Type]}
        error={errorsOf('Settings.Type')}
        readValue={`${t(`calculations.settings.Type.enum.${draft.Type}`)} – ${typeHelp[draft.Type]}`}
      />
      {draft.Type !== 'raw' && (
        <div className="calculation-interval">
          <TextField
            name="Settings.Interval"
            label={t('calculations.settings.Interval.title')}
            help={t('calculations.editor.interval_help')}
            required
            value={draft.Interval}
            onChange={(event) => change({ Interval: event.target.value })}
            error={errorsOf('Settings.Interval')}
            readValue={draft.Interval}
          />
          <NumberField
            name="Settings.IntervalOffset"
            label={t('calculations.settings.IntervalOffset.title')}
            help={t('calculations.editor.offset_help')}
            numberType="int"
            min={0}
            value={String(draft.IntervalOffset)}
            onChange={(event) => change({ IntervalOffset: Math.max(0, Math.trunc(Number(event.target.value) || 0)) })}
            error={errorsOf('Settings.IntervalOffset')}
          />
        </div>
      )}
      {draft.Type === 'sampled' && (
        <CheckboxField
          name="Settings.EvaluateInsufficientData"
          label={t('calculations.settings.EvaluateInsufficientData.title')}
          help={t('calculations.editor.missing_help')}
          checked={draft.EvaluateInsufficientData}
          onChange={(event) => change({ EvaluateInsufficientData: event.target.checked })}
          error={errorsOf('Settings.EvaluateInsufficientData')}
          readValue={draft.EvaluateInsufficientData ? t('general.yes') : t('general.no')}
        />
      )}
      <input ref={hidden} type="hidden" name="Settings.Inputs" data-type="object" value={JSON.stringify(saved.Inputs)} />
      <input type="hidden" name="Settings.Script" value={draft.Script} />

      {hasInputs && (
        <section className="calculation-inputs" aria-labelledby={`${id}-inputs`}>
          <h3 id={`${id}-inputs`}>{t('calculations.settings.Inputs.title')}</h3>
          <p className="form-help">{draft.Type === 'raw' ? t('calculations.inputs.help_raw') : t('calculations.inputs.help_sampled')}</p>
          {inputsErrors.length > 0 && (
            <p className="field-error" role="alert">
              {inputsErrors.join(' ')}
            </p>
          )}
          {draft.Inputs.length > 0 && (
            <table className="calculation-inputs-table">
              <thead>
                <tr>
                  <th scope="col">{t('calculations.inputs.alias')}</th>
                  <th scope="col">{t('calculations.inputs.measurement')}</th>
                  {draft.Type === 'sampled' && <th scope="col">{t('calculations.inputs.aggregation')}</th>}
                  <th scope="col">{t('calculations.inputs.default_value')}</th>
                  {!readOnly && <th scope="col" aria-label={t('calculations.inputs.actions')} />}
                </tr>
              </thead>
              <tbody>
                {draft.Inputs.map((input, index) => (
                  <InputRow
                    key={input.key}
                    index={index}
                    input={input}
                    sampled={draft.Type === 'sampled'}
                    readOnly={readOnly}
                    excludeUuid={calculationUuid}
                    errorsOf={errorsOf}
                    onChange={(patch) => changeInput(input.key, patch)}
                    onRemove={() => removeInput(input.key)}
                  />
                ))}
              </tbody>
            </table>
          )}
          {!readOnly && (draft.Type === 'sampled' || draft.Inputs.length === 0) && (
            <button type="button" onClick={addInput}>
              <Plus size={16} aria-hidden />
              {t('calculations.inputs.add')}
            </button>
          )}
        </section>
      )}

      <section className="calculation-script" aria-labelledby={`${id}-script`}>
        <h3 id={`${id}-script`}>{t('calculations.settings.Script.title')}</h3>
        <p className="form-help" id={`${id}-script-help`}>
          {t('calculations.editor.script_help')}
        </p>
        <ScriptEditor
          ref={editor}
          id={`${id}-script-editor`}
          value={draft.Script}
          onChange={(Script) => change({ Script })}
          aliases={aliases}
          diagnostics={diagnostics}
          readOnly={readOnly}
          label={t('calculations.settings.Script.title')}
          description={t('calculations.editor.script_help')}
        />
        {scriptErrors.length > 0 && <p className="field-error">{scriptErrors.join(' ')}</p>}
      </section>

      {!readOnly && (
        <CalculationPreview
          settings={() => settingsOf(latest.current)}
          datatype={readDatatype}
          inputs={hasInputs ? draft.Inputs.map((input) => ({ uuid: input.MeasurementUUID, name: input.name, datatype: input.datatype })) : []}
          name={name}
          onFieldErrors={setTestErrors}
          onDiagnostics={setDiagnostics}
          onGoToLine={goToLine}
        />
      )}
    </div>
  );
}

interface InputRowProps {
  index: number;
  input: DraftInput;
  sampled: boolean;
  readOnly: boolean;
  excludeUuid?: string;
  errorsOf: (path: string) => readonly string[];
  onChange: (patch: Partial<DraftInput>) => void;
  onRemove: () => void;
}

function InputRow({ index, input, sampled, readOnly, excludeUuid, errorsOf, onChange, onRemove }: InputRowProps) {
  const { t } = useTranslation();
  const id = useId();
  const at = `Settings.Inputs.${index}`;
  const rowErrors = [...errorsOf(at), ...errorsOf(`${at}.Alias`), ...errorsOf(`${at}.MeasurementUUID`), ...errorsOf(`${at}.Aggregation`), ...errorsOf(`${at}.DefaultValue`)];
  const choices = aggregationChoices(input.datatype);
  const position = { row: index + 1 };
  return (
    <>
      <tr className={rowErrors.length > 0 ? 'calculation-input-invalid' : undefined}>
        <td>
          <input
            type="text"
            className="calculation-alias"
            aria-label={t('calculations.inputs.alias_of', position)}
            aria-invalid={errorsOf(`${at}.Alias`).length > 0 || undefined}
            aria-describedby={rowErrors.length > 0 ? `${id}-error` : undefined}
            value={input.Alias}
            readOnly={readOnly}
            onChange={(event) => onChange({ Alias: event.target.value })}
          />
        </td>
        <td>
          <MeasurementPicker
            id={`${id}-measurement`}
            label={t('calculations.inputs.measurement_of', position)}
            value={input.MeasurementUUID}
            excludeUuid={excludeUuid}
            readOnly={readOnly}
            invalid={errorsOf(`${at}.MeasurementUUID`).length > 0}
            describedBy={rowErrors.length > 0 ? `${id}-error` : undefined}
            onChange={(picked) => {
              const allowed = aggregationChoices(picked.datatype);
              onChange({ MeasurementUUID: picked.uuid, name: picked.name, datatype: picked.datatype, Aggregation: allowed.includes(input.Aggregation) ? input.Aggregation : defaultAggregation(picked.datatype) });
            }}
            onResolved={(picked) => onChange({ name: picked.name, datatype: picked.datatype })}
          />
        </td>
        {sampled && (
          <td>
            <select
              aria-label={t('calculations.inputs.aggregation_of', position)}
              aria-invalid={errorsOf(`${at}.Aggregation`).length > 0 || undefined}
              value={input.Aggregation}
              disabled={readOnly}
              onChange={(event) => onChange({ Aggregation: event.target.value })}
            >
              {!choices.includes(input.Aggregation) && <option value={input.Aggregation}>{input.Aggregation || t('calculations.inputs.choose')}</option>}
              {choices.map((aggregation) => (
                <option key={aggregation} value={aggregation}>
                  {aggregation}
                </option>
              ))}
            </select>
          </td>
        )}
        <td>
          <input
            type="text"
            className="calculation-default"
            aria-label={t('calculations.inputs.default_value_of', position)}
            placeholder={t('calculations.inputs.no_default')}
            value={input.DefaultValue}
            readOnly={readOnly}
            onChange={(event) => onChange({ DefaultValue: event.target.value })}
          />
        </td>
        {!readOnly && (
          <td>
            <button type="button" className="icon-button" aria-label={t('calculations.inputs.remove', { alias: input.Alias || position.row })} title={t('calculations.inputs.remove', { alias: input.Alias || position.row })} onClick={onRemove}>
              <Trash2 size={16} aria-hidden />
            </button>
          </td>
        )}
      </tr>
      {rowErrors.length > 0 && (
        <tr className="calculation-input-error-row">
          <td colSpan={sampled ? 5 : 4}>
            <p id={`${id}-error`} className="field-error">
              {rowErrors.join(' ')}
            </p>
          </td>
        </tr>
      )}
    </>
  );
}
