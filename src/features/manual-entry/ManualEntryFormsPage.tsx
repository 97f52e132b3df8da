import { ClipboardPen, Plus, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import { useGetManualEntryFormsQuery } from '../../api/areas/manualEntry';
import type { ManualEntryFormRead } from '../../api/generated/historian.gen';
import { useAppSelector } from '../../app/hooks';
import { EmptyList, ListToolbar } from '../../components/ListControls/EmptyState';
import { Page } from '../../components/Page/Page';
import { paths } from '../../lib/paths';
import { selectAccess } from '../../state/privileges';
import { AccessBadge, FormTypeLabel } from './list/FormTypeLabel';
import '../../components/ListControls/ListControls.css';
import './list/manualEntryList.css';

const KEYWORD_PARAM = 'Keyword';

const viewPath = (uuid: string) => `${paths.manualEntryFormView}?id=${encodeURIComponent(uuid)}`;
const configPath = (uuid: string) => `${paths.manualEntryForm}?id=${encodeURIComponent(uuid)}`;

/**
 * /manual-entry-forms: the forms the user may open (the server lists only those), each opening the
 * operator view; managers also create and configure them. The search keyword stays in the address.
 */
export function ManualEntryFormsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useAppSelector(selectAccess);
  const canManage = can({ privileges: [PRIVILEGES.ManageManualEntryForms] });
  const [params, setParams] = useSearchParams();
  const keyword = params.get(KEYWORD_PARAM) ?? '';
  const { data: forms, isError, isLoading } = useGetManualEntryFormsQuery({ keyword: keyword === '' ? undefined : keyword });

  const search = (next: string) => {
    const address = new URLSearchParams(params);
    if (next.trim() === '') address.delete(KEYWORD_PARAM);
    else address.set(KEYWORD_PARAM, next.trim());
    setParams(address, { replace: true });
  };

  const newForm = canManage ? (
    <Link className="button primary" to={`${paths.manualEntryForm}?id=new`}>
      <Plus size={16} aria-hidden="true" focusable="false" />
      {t('manual_entry.list.new')}
    </Link>
  ) : undefined;

  return (
    <Page title={t('pages.manual_entry_forms')} description={t('manual_entry.list.description')} actions={newForm}>
      <div className="me-list-toolbar">
        <ListToolbar searchLabel={t('manual_entry.list.search')} keyword={keyword} onSearch={search} count={forms ? t('manual_entry.list.count', { count: forms.length }) : undefined} />
      </div>
      {isError && <p role="alert">{t('manual_entry.list.load_error')}</p>}
      {isLoading && <p role="status">{t('app.loading')}</p>}
      {forms && forms.length === 0 && (
        <div className="me-empty">
          <ClipboardPen size={32} aria-hidden="true" focusable="false" />
          <EmptyList keyword={keyword} onClearSearch={() => search('')} message={canManage ? t('manual_entry.list.empty_manager') : t('manual_entry.list.empty')} action={newForm} />
        </div>
      )}
      {forms && forms.length > 0 && <FormsTable forms={forms} onOpen={(uuid) => navigate(viewPath(uuid))} />}
    </Page>
  );
}

function FormsTable({ forms, onOpen }: { forms: readonly ManualEntryFormRead[]; onOpen: (uuid: string) => void }) {
  const { t } = useTranslation();
  const anyManaged = forms.some((form) => form.Access.CanManage);
  return (
    <table className="me-table" aria-label={t('pages.manual_entry_forms')}>
      <thead>
        <tr>
          <th scope="col">{t('manual_entry.list.name')}</th>
          <th scope="col">{t('manual_entry.list.type')}</th>
          <th scope="col">{t('manual_entry.list.form_description')}</th>
          <th scope="col">{t('manual_entry.list.access')}</th>
          {anyManaged && (
            <th scope="col">
              <span className="visually-hidden">{t('manual_entry.list.actions')}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {forms.map((form) => (
          <tr
            key={form.UUID}
            className="me-row"
            tabIndex={0}
            aria-label={t('manual_entry.list.open', { name: form.Name })}
            onClick={() => onOpen(form.UUID)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(form.UUID);
            }}
          >
            <td className="me-name">
              <Link to={viewPath(form.UUID)} tabIndex={-1} onClick={(event) => event.stopPropagation()}>
                {form.Name}
              </Link>
            </td>
            <td>
              <FormTypeLabel type={form.Type} />
            </td>
            <td className="me-description">{form.Description}</td>
            <td>
              <AccessBadge access={form.Access} />
            </td>
            {anyManaged && (
              <td className="me-actions">
                {form.Access.CanManage && (
                  <Link to={configPath(form.UUID)} className="button" onClick={(event) => event.stopPropagation()} aria-label={t('manual_entry.list.configure_named', { name: form.Name })}>
                    <Settings size={16} aria-hidden="true" focusable="false" />
                    {t('manual_entry.list.configure')}
                  </Link>
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
