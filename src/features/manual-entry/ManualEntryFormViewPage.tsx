import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useGetManualEntryFormQuery } from '../../api/areas/manualEntry';
import { Page } from '../../components/Page/Page';
import { FormView } from './view/FormView';

/** The operator view of a manual entry form (`/manual-entry-form/view?id=`): the grid to type into. */
export function ManualEntryFormViewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { data: form, isError } = useGetManualEntryFormQuery({ id }, { skip: id === '' });
  if (id === '' || isError) {
    return (
      <Page title={t('pages.manual_entry_form_view')}>
        <p>{t('manual_entry.view.not_found')}</p>
      </Page>
    );
  }
  if (!form) {
    return (
      <Page title={t('pages.manual_entry_form_view')}>
        <p className="muted">{t('manual_entry.view.loading')}</p>
      </Page>
    );
  }
  return <FormView key={form.UUID} form={form} />;
}
