import { ArrowLeft, ClipboardPen, Save, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import { useCreateManualEntryFormMutation, useGetManualEntryFormQuery, useUpdateManualEntryFormMutation } from '../../api/areas/manualEntry';
import type { ManualEntryFormRead } from '../../api/generated/historian.gen';
import { useAppSelector } from '../../app/hooks';
import { FormContext } from '../../components/form/FormContext';
import { Page } from '../../components/Page/Page';
import { paths } from '../../lib/paths';
import { selectAccess } from '../../state/privileges';
import { AccessTab } from './config/AccessTab';
import { AssetFieldsTab } from './config/AssetFieldsTab';
import { DeleteFormDialog } from './config/DeleteFormDialog';
import { EventFieldsTab } from './config/EventFieldsTab';
import { bodyOf, draftOf, draftProblems, emptyDraft, type FormDraft } from './config/formDraft';
import { NO_PROBLEMS, saveProblemsOf, type SaveProblems } from './config/formProblems';
import { GeneralTab } from './config/GeneralTab';
import './config/manualEntryConfig.css';

const TAB_PARAM = 'tab';
const TABS = ['general', 'fields', 'access'] as const;
type Tab = (typeof TABS)[number];
/** A problem on one of these paths is shown on the Fields tab; the others on General. */
const onFieldsTab = (path: string) => path.startsWith('Config');

/** /manual-entry-form?id=…: a form's configuration; `id=new` (or none) creates one (ARCHITECTURE "Configuration routes"). */
export function ManualEntryFormPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const creating = id === '' || id === 'new';
  const { data, isError } = useGetManualEntryFormQuery({ id }, { skip: creating });
  if (creating) return <FormEditor key="new" />;
  if (isError) return <p role="alert">{t('manual_entry.config.load_error')}</p>;
  if (!data) return <p role="status">{t('app.loading')}</p>;
  // A saved form comes back with a new UpdatedAt: the editor starts again from what was stored.
  return <FormEditor key={`${data.UUID}-${data.UpdatedAt ?? ''}`} form={data} />;
}

function FormEditor({ form }: { form?: ManualEntryFormRead }) {
  const { t, i18n } = useTranslation();
  const tabsId = useId();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const can = useAppSelector(selectAccess);
  const editable = can({ privileges: [PRIVILEGES.ManageManualEntryForms] });
  const tabs: readonly Tab[] = form ? TABS : ['general', 'fields'];
  const asked = params.get(TAB_PARAM);
  const tab: Tab = tabs.find((id) => id === asked) ?? 'general';
  const saved = useMemo(() => (form ? draftOf(form) : emptyDraft()), [form]);
  const [draft, setDraft] = useState<FormDraft>(saved);
  const [problems, setProblems] = useState<SaveProblems>(NO_PROBLEMS);
  const [deleting, setDeleting] = useState(false);
  const [create, creatingCall] = useCreateManualEntryFormMutation();
  const [update, updatingCall] = useUpdateManualEntryFormMutation();
  const busy = creatingCall.isLoading || updatingCall.isLoading;
  const dirty = JSON.stringify(bodyOf(draft)) !== JSON.stringify(bodyOf(saved));

  // No router blocker here (the app's router is not a data router): the browser asks before a reload or close.
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const chooseTab = (next: Tab) => {
    const address = new URLSearchParams(params);
    address.set(TAB_PARAM, next);
    setParams(address, { replace: true });
  };
  const moveTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = tabs[(tabs.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    chooseTab(next);
    document.getElementById(`${tabsId}-${next}`)?.focus();
  };
  const change = (patch: Partial<FormDraft>) => {
    setProblems(NO_PROBLEMS);
    setDraft((current) => ({ ...current, ...patch }));
  };
  const show = (found: SaveProblems) => {
    setProblems(found);
    const paths = Object.keys(found.fields);
    if (paths.length > 0 && tab !== 'access') chooseTab(paths.some((path) => !onFieldsTab(path)) ? 'general' : 'fields');
  };

  const save = async () => {
    const local = draftProblems(draft);
    if (Object.keys(local).length > 0) {
      show({ general: null, fields: Object.fromEntries(Object.entries(local).map(([path, problem]) => [path, [t(problem.key, problem.values)]])) });
      return;
    }
    const body = bodyOf(draft);
    const result = form ? await update({ id: form.UUID, manualEntryForm: body }) : await create({ manualEntryForm: body });
    if (result.error) {
      show(saveProblemsOf(result.error, t, (key) => i18n.exists(key)));
      return;
    }
    setProblems(NO_PROBLEMS);
    if (!form) navigate(`${paths.manualEntryForm}?id=${encodeURIComponent(result.data.UUID)}&${TAB_PARAM}=${tab}`, { replace: true });
  };

  const labels: Record<Tab, string> = { general: t('manual_entry.config.tab_general'), fields: t('manual_entry.config.tab_fields'), access: t('manual_entry.config.tab_access') };
  const countOn = (which: Tab) => Object.keys(problems.fields).filter((path) => (which === 'fields' ? onFieldsTab(path) : !onFieldsTab(path))).length;
  const actions = (
    <>
      <Link className="button" to={paths.manualEntryForms}>
        <ArrowLeft size={16} aria-hidden="true" focusable="false" />
        {t('manual_entry.config.back')}
      </Link>
      {form && (
        <Link className="button" to={`${paths.manualEntryFormView}?id=${encodeURIComponent(form.UUID)}`}>
          <ClipboardPen size={16} aria-hidden="true" focusable="false" />
          {t('manual_entry.config.open_view')}
        </Link>
      )}
      {form && editable && (
        <button type="button" className="danger" onClick={() => setDeleting(true)}>
          <Trash2 size={16} aria-hidden="true" focusable="false" />
          {t('manual_entry.config.delete')}
        </button>
      )}
    </>
  );

  return (
    <Page
      title={form ? form.Name : t('manual_entry.config.create_title')}
      description={editable ? t('manual_entry.config.description_manager') : t('manual_entry.config.read_only')}
      actions={actions}
      className="me-config-page"
    >
      <div className="me-tabs" role="tablist" aria-label={t('manual_entry.config.tabs')} onKeyDown={moveTab}>
        {tabs.map((id) => (
          <button key={id} type="button" id={`${tabsId}-${id}`} role="tab" aria-selected={tab === id} aria-controls={`${tabsId}-panel`} tabIndex={tab === id ? 0 : -1} onClick={() => chooseTab(id)}>
            {labels[id]}
            {id !== 'access' && countOn(id) > 0 && (
              <span className="me-tab-problems" aria-label={t('manual_entry.config.tab_problems', { count: countOn(id) })}>
                {countOn(id)}
              </span>
            )}
          </button>
        ))}
      </div>
      <div className="me-tab-panel" role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
        {tab === 'access' && form ? (
          <AccessTab formUuid={form.UUID} editable={editable} />
        ) : (
          <FormContext.Provider value={{ mode: editable ? 'edit' : 'read', errors: problems.fields }}>
            {tab === 'general' && <GeneralTab draft={draft} creating={!form} editable={editable} onChange={change} />}
            {tab === 'fields' &&
              (draft.Type === 'Events' ? (
                <EventFieldsTab configurations={draft.EventConfigurations} editable={editable} errors={problems.fields} onChange={(EventConfigurations) => change({ EventConfigurations })} />
              ) : (
                <AssetFieldsTab groups={draft.Groups} editable={editable} errors={problems.fields} onChange={(Groups) => change({ Groups })} />
              ))}
            {problems.general !== null && (
              <p className="form-error me-refusal" role="alert">
                {problems.general}
              </p>
            )}
            {editable && (
              <div className="me-save-bar">
                <button type="button" className="primary" disabled={!dirty || busy} onClick={() => void save()}>
                  <Save size={16} aria-hidden="true" focusable="false" />
                  {form ? t('manual_entry.config.save') : t('manual_entry.config.create')}
                </button>
                {dirty && <span className="form-help">{t('manual_entry.config.unsaved')}</span>}
                {dirty && (
                  <button type="button" onClick={() => (setDraft(saved), setProblems(NO_PROBLEMS))}>
                    {t('manual_entry.config.discard')}
                  </button>
                )}
              </div>
            )}
          </FormContext.Provider>
        )}
      </div>
      {form && <DeleteFormDialog open={deleting} formUuid={form.UUID} name={form.Name} onClose={() => setDeleting(false)} />}
    </Page>
  );
}
