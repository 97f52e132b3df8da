import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Play } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useGetExternalDatabasesQuery, usePreviewExternalDatabaseQueryMutation } from '../../../api/areas/externalDatabases';
import type { ExternalQueryPreview } from '../../../api/generated/historian.gen';
import { useAppSelector } from '../../../app/hooks';
import { SelectField } from '../../../components/form/ChoiceFields';
import { TextAreaField, TextField } from '../../../components/form/TextFields';
import { selectAccess } from '../../../state/privileges';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { extractExternalEvents, type ExternalColumnRole, type ExternalProperty } from '../../../../domain/externalEvents';
import { problemText } from './configRules';

// An external database and a read-only query (server/events/README.md, "external_database"): the
// start source of a configuration (with its PollInterval) or the value of a property
// configuration. The preview runs the query over the last hour through the external databases'
// preview call and, for a start source, shows what the processor takes from the rows, with the
// same reading of the columns (domain/externalEvents.ts).

const PREVIEW_ROWS = 20;
const HOUR_MS = 3_600_000;

export interface ExternalQueryEditorProps {
  kind: 'source' | 'property';
  /** Field names in the form (errors land on them). */
  fields: { database: string; query: string; pollInterval?: string };
  databaseUuid: string;
  query: string;
  pollInterval?: string;
  readOnly: boolean;
  /** The event type's properties: which columns a start source's rows fill. */
  properties?: readonly ExternalProperty[];
  onChange: (patch: { databaseUuid?: string; query?: string; pollInterval?: string }) => void;
}

function stepLabel(t: TFunction, step: string): string {
  if (step === 'reach') return t('events.external.steps.reach');
  if (step === 'tls') return t('events.external.steps.tls');
  if (step === 'authenticate') return t('events.external.steps.authenticate');
  if (step === 'timeout') return t('events.external.steps.timeout');
  return t('events.external.steps.query');
}

function roleLabel(t: TFunction, role: ExternalColumnRole, property?: string): string {
  if (role === 'start') return t('events.external.roles.start');
  if (role === 'stop') return t('events.external.roles.stop');
  if (role === 'external_id') return t('events.external.roles.external_id');
  if (role === 'property') return t('events.external.roles.property', { property: property ?? '' });
  return t('events.external.roles.ignored');
}

const cell = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

export function ExternalQueryEditor({ kind, fields, databaseUuid, query, pollInterval, readOnly, properties = [], onChange }: ExternalQueryEditorProps) {
  const { t, i18n } = useTranslation();
  // The product's name (SQLite, PostgreSQL), as the external databases pages say it.
  const kindName = (kind: string) => t(`external_databases.kinds.${kind}`, { defaultValue: kind });
  const can = useAppSelector(selectAccess);
  const mayRead = can({ privileges: [PRIVILEGES.ReadExternalDatabases] });
  const mayRun = can({ privileges: [PRIVILEGES.ManageExternalDatabases] });
  const databases = useGetExternalDatabasesQuery({}, { skip: !mayRead });
  const [preview, previewState] = usePreviewExternalDatabaseQueryMutation();
  const [result, setResult] = useState<{ preview?: ExternalQueryPreview; failure?: string; window: { from: string; to: string } } | null>(null);
  const chosen = databases.data?.find((database) => database.UUID === databaseUuid);
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });

  const runPreview = async () => {
    const to = new Date();
    const from = new Date(to.getTime() - HOUR_MS);
    const window = { from: from.toISOString(), to: to.toISOString() };
    const answer = await preview({ id: databaseUuid, externalQueryPreviewRequest: { Query: query, StartTime: window.from, StopTime: window.to, Limit: PREVIEW_ROWS } });
    if ('error' in answer && answer.error) setResult({ failure: problemText(t, answer.error) ?? t('events.external.preview_failed'), window });
    else setResult({ preview: answer.data, window });
  };

  const options = (databases.data ?? []).map((database) => ({ value: database.UUID, label: `${database.Name} (${kindName(database.Kind)})` }));
  const extraction = kind === 'source' && result?.preview && !result.preview.Error ? extractExternalEvents(result.preview.Columns, result.preview.Rows, properties) : null;
  return (
    <div className="evcfg-external">
      {mayRead ? (
        <SelectField
          name={fields.database}
          label={t('events.external.database')}
          help={kind === 'source' ? t('events.external.database_help_source') : t('events.external.database_help_property')}
          required
          placeholder={databases.isLoading ? t('table.loading') : options.length === 0 ? t('events.external.no_databases') : t('events.external.choose_database')}
          options={options}
          value={databaseUuid}
          readValue={chosen ? `${chosen.Name} (${kindName(chosen.Kind)})` : databaseUuid}
          onChange={(event) => onChange({ databaseUuid: event.currentTarget.value })}
        />
      ) : (
        <TextField name={fields.database} label={t('events.external.database')} help={t('events.external.no_read_privilege')} required value={databaseUuid} readOnly readValue={databaseUuid} />
      )}
      <TextAreaField
        name={fields.query}
        label={t('events.external.query')}
        help={kind === 'source' ? t('events.external.query_help_source') : t('events.external.query_help_property')}
        required
        rows={kind === 'source' ? 8 : 5}
        value={query}
        readValue={query}
        spellCheck={false}
        autoComplete="off"
        className="evcfg-sql"
        onChange={(event) => onChange({ query: event.currentTarget.value })}
      />
      {kind === 'source' && fields.pollInterval && (
        <TextField
          name={fields.pollInterval}
          label={t('events.external.poll_interval')}
          help={t('events.external.poll_interval_help')}
          value={pollInterval ?? ''}
          onChange={(event) => onChange({ pollInterval: event.currentTarget.value })}
          autoComplete="off"
        />
      )}
      {!mayRun && !readOnly && <p className="evcfg-note">{t('events.external.no_manage_privilege')}</p>}
      {mayRun && (
        <section className="evcfg-preview evcfg-external-preview" aria-label={t('events.external.preview_title')} aria-busy={previewState.isLoading || undefined}>
          <div className="evcfg-external-preview-head">
            <h3>{t('events.external.preview_title')}</h3>
            <button type="button" className="button" disabled={!databaseUuid || !query.trim() || previewState.isLoading} onClick={() => void runPreview()}>
              <Play size={14} aria-hidden="true" />
              {t('events.external.preview')}
            </button>
          </div>
          {!result && <p className="muted">{t('events.external.preview_empty')}</p>}
          {result && (
            <p className="evcfg-help">
              {t('events.external.preview_window', { from: format.format(new Date(result.window.from)), to: format.format(new Date(result.window.to)) })}
            </p>
          )}
          {result?.failure && <p role="alert" className="evcfg-error-text">{result.failure}</p>}
          {result?.preview?.Error && (
            <p role="alert" className="evcfg-error-text">
              {t('events.external.preview_error', { step: stepLabel(t, result.preview.Error.Step), message: result.preview.Error.Message })}
            </p>
          )}
          {result?.preview && !result.preview.Error && (
            <>
              <p className="evcfg-help">
                {t('events.external.preview_rows', { count: result.preview.Rows.length, ms: result.preview.DurationMs })}
                {result.preview.Truncated ? ` ${t('events.external.preview_truncated', { limit: PREVIEW_ROWS })}` : ''}
              </p>
              {kind === 'property' && result.preview.Rows.length > 0 && (
                <p>{t('events.external.property_value', { value: cell(result.preview.Rows[0][0]) })}</p>
              )}
              {kind === 'property' && result.preview.Rows.length === 0 && <p>{t('events.external.property_no_row')}</p>}
              {extraction && (
                <div className="evcfg-external-extraction">
                  {extraction.missingStart ? (
                    <p role="alert" className="evcfg-error-text">{t('events.external.missing_start')}</p>
                  ) : (
                    <p>{t('events.external.extracted', { events: extraction.events.length, open: extraction.events.filter((row) => row.stop === null).length, skipped: extraction.skipped.length })}</p>
                  )}
                  {extraction.badValues.length > 0 && <p className="evcfg-help">{t('events.external.bad_values', { count: extraction.badValues.length })}</p>}
                </div>
              )}
              <div className="evcfg-external-table-wrap">
                <table className="evcfg-external-table">
                  <thead>
                    <tr>
                      {result.preview.Columns.map((column, index) => (
                        <th key={`${column.Name}-${index}`} scope="col">
                          <span>{column.Name}</span>
                          {extraction && <span className={`evcfg-external-role evcfg-external-role-${extraction.columns[index]?.role ?? 'ignored'}`}>{roleLabel(t, extraction.columns[index]?.role ?? 'ignored', extraction.columns[index]?.property)}</span>}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {result.preview.Rows.map((row, rowIndex) => (
                      <tr key={rowIndex} className={extraction && !extraction.events.some((event) => event.row === rowIndex) ? 'evcfg-external-skipped' : undefined}>
                        {row.map((value, index) => (
                          <td key={index}>{cell(value)}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </section>
      )}
    </div>
  );
}
