import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateUserTokenMutation, useDeleteUserTokenMutation, useGetUserTokensQuery } from '../../../api/areas/access';
import { formatDateTime } from '../../../lib/intlFormat';
import { DeleteIcon } from './pageHelpers';

/** A user's API tokens, for holders of MANAGE_USERS at root; a new token's value shows once. */
export function UserTokensSection({ userUuid }: { userUuid: string }) {
  const { t, i18n } = useTranslation();
  const { data: tokens } = useGetUserTokensQuery({ id: userUuid });
  const [create, creating] = useCreateUserTokenMutation();
  const [remove] = useDeleteUserTokenMutation();
  const [name, setName] = useState('');
  const [shown, setShown] = useState<string | null>(null);

  const createToken = async () => {
    const created = await create({ id: userUuid, tokenCreate: { Name: name.trim() } });
    if (created.error) return;
    setShown(created.data.Token);
    setName('');
  };

  return (
    <section aria-labelledby="user-tokens-title" className="page-section">
      <h2 id="user-tokens-title">{t('users.tokens')}</h2>
      {shown && (
        <div role="status">
          <p>{t('users.token_created')}</p>
          <code>{shown}</code>
        </div>
      )}
      <ul>
        {(tokens ?? []).map((token) => (
          <li key={token.UUID}>
            {token.Name}
            {token.LastUsedAt && <span className="muted"> — {t('users.last_used')}: {formatDateTime(token.LastUsedAt, i18n.language)}</span>}
            <button type="button" className="link" aria-label={`${t('users.revoke_token')}: ${token.Name}`} onClick={() => void remove({ id: userUuid, tokenId: token.UUID })}>
              <DeleteIcon />
            </button>
          </li>
        ))}
      </ul>
      <div className="inline-form">
        <label htmlFor="user-token-name">{t('users.token_name')}</label>
        <input id="user-token-name" value={name} onChange={(event) => setName(event.target.value)} />
        <button type="button" disabled={name.trim() === '' || creating.isLoading} onClick={() => void createToken()}>
          {t('users.create_token')}
        </button>
      </div>
    </section>
  );
}
