import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Token, TokenCreated } from '../../api/generated/historian.gen';
import { useCreateCurrentUserTokenMutation, useDeleteCurrentUserTokenMutation, useGetCurrentUserTokensQuery } from '../../api/areas/session';
import { contractChecks } from '../../components/form/contractChecks';
import { Form } from '../../components/form/Form';
import { FormActions } from '../../components/form/FormActions';
import { TextField } from '../../components/form/TextFields';
import { useFormErrors } from '../../components/form/useFormErrors';
import { Modal } from '../../components/Modal/Modal';
import { useToasts } from '../../components/Toasts/useToasts';

const checkToken = contractChecks('TokenCreate');

/**
 * The user's API tokens: create (the value is shown once, only its hash is stored), copy, delete.
 * Leaving the page forgets the value.
 */
export function ApiTokens() {
  const { t, i18n } = useTranslation();
  const toasts = useToasts();
  const { data: tokens, isLoading, isError } = useGetCurrentUserTokensQuery();
  const [createToken, { isLoading: creating }] = useCreateCurrentUserTokenMutation();
  const [deleteToken, { isLoading: deleting }] = useDeleteCurrentUserTokenMutation();
  const formErrors = useFormErrors();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  // A new key empties the form once a token is created.
  const [formKey, setFormKey] = useState(0);
  const [created, setCreated] = useState<TokenCreated | null>(null);
  const [toDelete, setToDelete] = useState<Token | null>(null);
  const date = (value: string | null | undefined) => (value ? new Date(value).toLocaleString(i18n.language) : t('profile.tokens.never'));

  const onCreate = async (values: Record<string, unknown>) => {
    const name = typeof values.Name === 'string' ? values.Name.trim() : '';
    const result = await createToken({ tokenCreate: { Name: name } });
    if (result.error) {
      setErrors(formErrors(result.error, ['Name']));
      return;
    }
    setErrors({});
    setCreated(result.data);
    setFormKey((key) => key + 1);
  };

  const onCopy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      toasts.show('success', t('historian.success.copy_token'));
    } catch (failure) {
      toasts.showError(t('historian.errors.copy_token'), failure);
    }
  };

  const onConfirmDelete = async () => {
    if (!toDelete) return;
    const result = await deleteToken({ id: toDelete.UUID });
    if (result.error) return;
    if (created?.UUID === toDelete.UUID) setCreated(null);
    setToDelete(null);
  };

  return (
    <section className="profile-section" aria-labelledby="profile-tokens-title">
      <h2 id="profile-tokens-title">{t('profile.tokens.title')}</h2>
      <p className="muted">{t('profile.tokens.intro')}</p>
      <Form key={formKey} id="token-create" errors={errors} validate={checkToken} onSubmit={(values) => void onCreate(values)}>
        <TextField name="Name" label={t('profile.tokens.name')} help={t('profile.tokens.name_help')} required autoComplete="off" />
        <FormActions saveLabel={t('profile.tokens.create')} busy={creating} />
      </Form>
      {created && (
        <div className="token-created" role="status">
          <p>{t('profile.tokens.created', { name: created.Name })}</p>
          <code className="token-value" aria-label={t('profile.tokens.value')}>
            {created.Token}
          </code>
          <button type="button" onClick={() => void onCopy(created.Token)}>
            {t('profile.tokens.copy')}
          </button>
          <button type="button" onClick={() => setCreated(null)}>
            {t('profile.tokens.done')}
          </button>
        </div>
      )}
      {isLoading && <p role="status">{t('app.loading')}</p>}
      {isError && <p role="alert">{t('profile.tokens.load_failed')}</p>}
      {tokens && tokens.length === 0 && <p className="muted">{t('profile.tokens.none')}</p>}
      {tokens && tokens.length > 0 && (
        <table className="token-table">
          <thead>
            <tr>
              <th scope="col">{t('profile.tokens.name')}</th>
              <th scope="col">{t('profile.tokens.created_at')}</th>
              <th scope="col">{t('profile.tokens.last_used_at')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('table.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((token) => (
              <tr key={token.UUID}>
                <td>{token.Name}</td>
                <td>{date(token.CreatedAt)}</td>
                <td>{date(token.LastUsedAt)}</td>
                <td>
                  <button type="button" className="danger" aria-label={t('profile.tokens.delete', { name: token.Name })} onClick={() => setToDelete(token)}>
                    {t('general.delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Modal
        open={toDelete !== null}
        title={t('profile.tokens.delete_title')}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void onConfirmDelete()}
        confirmVariant="danger"
        labels={{ confirm: t('general.delete') }}
        busy={deleting}
      >
        <p>{t('profile.tokens.delete_question', { name: toDelete?.Name ?? '' })}</p>
      </Modal>
    </section>
  );
}
