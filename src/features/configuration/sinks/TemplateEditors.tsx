import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ForwarderPreview, ForwarderTemplates, TemplateError } from '../../../api/generated/historian.gen';
import { FORWARDER_TEMPLATE_DEFAULTS } from '../../../../domain/forwarderTemplates';
import { TextAreaField } from '../../../components/form/TextFields';
import { When } from './SinkState';

export const TEMPLATE_NAMES = ['PointMessage', 'MeasurementTopic', 'AssetPropertyTopic', 'EventMessage', 'EventTopic'] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

/** What the server sends for a template left empty. */
export const DEFAULT_TEMPLATES: Readonly<Record<TemplateName, string>> = FORWARDER_TEMPLATE_DEFAULTS;

const MESSAGE_TEMPLATES: ReadonlySet<TemplateName> = new Set(['PointMessage', 'EventMessage']);

export const templateLabel = (name: string, t: TFunction): string => {
  switch (name) {
    case 'PointMessage':
      return t('forwarders.templates.PointMessage');
    case 'MeasurementTopic':
      return t('forwarders.templates.MeasurementTopic');
    case 'AssetPropertyTopic':
      return t('forwarders.templates.AssetPropertyTopic');
    case 'EventMessage':
      return t('forwarders.templates.EventMessage');
    case 'EventTopic':
      return t('forwarders.templates.EventTopic');
    default:
      return name;
  }
};

/** Not a fault of a template: nothing selected has a point to render yet. */
const NO_POINT = 'forwarders.errors.no_point';

/** The preview's errors that are a template's fault (shown at their template). */
export const templateErrorsOf = (preview: ForwarderPreview | null): TemplateError[] => (preview?.Errors ?? []).filter((error) => error.Code !== NO_POINT);

/** Where an error is in its template, when the server knows. */
export function templateErrorText(error: TemplateError, t: TFunction): string {
  if (error.Line !== undefined && error.Column !== undefined)
    return t('forwarders.preview.error_at', {
      line: error.Line,
      column: error.Column,
      message: error.Message,
    });
  if (error.Line !== undefined)
    return t('forwarders.preview.error_line', {
      line: error.Line,
      message: error.Message,
    });
  return error.Message;
}

function Reference() {
  const { t } = useTranslation();
  return (
    <details className="forwarder-reference">
      <summary>{t('forwarders.reference.title')}</summary>
      <p>{t('forwarders.reference.syntax', { example: '{{ .Value }}' })}</p>
      <p>
        {t('forwarders.reference.fields')} <code>.Timestamp</code>, <code>.Value</code>, <code>.Quality</code>, <code>.ErrorStatus</code>, <code>.MeasurementUUID</code>,{' '}
        <code>.AssetPropertyUUID</code>, <code>.Tags</code>, <code>.Event</code>
      </p>
      <p>
        {t('forwarders.reference.functions')} <code>getMeasurement</code>, <code>getAsset</code>, <code>toJson</code>, <code>printf</code>, <code>formatTime</code>
      </p>
      <p>
        {t('forwarders.reference.example')} <code>{'{"value": {{ .Value }}, "time": "{{ .Timestamp }}"}'}</code>
      </p>
    </details>
  );
}

interface TemplateEditorsProps {
  templates: ForwarderTemplates;
  canEdit: boolean;
  /** The preview's template errors and the server's field errors, by template. */
  errors: readonly TemplateError[];
  fieldErrors: Record<string, string[]>;
  onChange: (templates: ForwarderTemplates) => void;
}

/** The five templates in monospace editors, each with its own errors (line and column). */
export function TemplateEditors({ templates, canEdit, errors, fieldErrors, onChange }: TemplateEditorsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Reference />
      {TEMPLATE_NAMES.map((name) => {
        const messages = [...errors.filter((error) => error.Template === name).map((error) => templateErrorText(error, t)), ...(fieldErrors[`Templates.${name}`] ?? [])];
        return (
          <div key={name} className="forwarder-template">
            <TextAreaField
              name={`Templates.${name}`}
              label={templateLabel(name, t)}
              rows={MESSAGE_TEMPLATES.has(name) ? 4 : 1}
              spellCheck={false}
              mode={canEdit ? 'edit' : 'read'}
              value={templates[name] ?? ''}
              placeholder={DEFAULT_TEMPLATES[name]}
              help={(templates[name] ?? '').trim() === '' ? t('forwarders.template_default_help') : undefined}
              error={messages.length > 0 ? messages : undefined}
              onChange={(event) => onChange({ ...templates, [name]: event.currentTarget.value })}
            />
          </div>
        );
      })}
    </>
  );
}

/** The rendered topic and payload, and the point they were rendered from. */
export function TemplatePreview({ preview, busy, topicPrefix = '' }: { preview: ForwarderPreview | null; busy: boolean; topicPrefix?: string }) {
  const { t } = useTranslation();
  if (!preview) return <p className="muted">{busy ? t('app.loading') : t('forwarders.preview.none')}</p>;
  const source = preview.Source;
  const faults = templateErrorsOf(preview);
  return (
    <div>
      {source && (
        <p>
          {t('forwarders.preview.source', {
            name: source.MeasurementName ?? source.EventUUID ?? '',
            value: JSON.stringify(source.Value ?? null),
          })}{' '}
          <When iso={source.Time} />
        </p>
      )}
      {preview.Errors.some((error) => error.Code === NO_POINT) && <p className="muted">{t('forwarders.errors.no_point')}</p>}
      {faults.length > 0 && (
        <p role="alert" className="forwarder-template-error">
          {t('forwarders.preview.has_errors', { count: faults.length })}
        </p>
      )}
      <h3>{t('forwarders.preview.topic')}</h3>
      <pre className="forwarder-code" aria-label={t('forwarders.preview.topic')}>
        {preview.Topic === null ? '—' : `${topicPrefix}${preview.Topic}`}
      </pre>
      {topicPrefix !== '' && preview.Topic !== null && <p className="muted">{t('forwarders.preview.topic_prefix', { prefix: topicPrefix })}</p>}
      <h3>{t('forwarders.preview.payload')}</h3>
      <pre className="forwarder-code" aria-label={t('forwarders.preview.payload')}>
        {preview.Payload ?? '—'}
      </pre>
    </div>
  );
}
