import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateUserGroupUserMutation, useDeleteUserGroupUserMutation, useGetUserGroupsQuery, useGetUserGroupUsersQuery } from '../../../api/areas/access';
import type { User } from '../../../api/generated/historian.gen';
import { useMembershipChange } from './useMembershipChange';

/** The user's groups in the current organization, with add and remove. */
export function UserGroupsSection({ user, canManage }: { user: User; canManage: boolean }) {
  const { t } = useTranslation();
  const { data: memberships } = useGetUserGroupUsersQuery({ userUuid: user.UUID });
  const { data: groups } = useGetUserGroupsQuery({ limit: 10000 });
  const [add, adding] = useCreateUserGroupUserMutation();
  const [remove] = useDeleteUserGroupUserMutation();
  const [choice, setChoice] = useState('');
  const run = useMembershipChange();
  const nameOf = (uuid: string) => groups?.find((group) => group.UUID === uuid)?.Name ?? uuid;
  const joined = new Set((memberships ?? []).map((membership) => membership.UserGroupUUID));
  const candidates = (groups ?? []).filter((group) => group.UUID && !joined.has(group.UUID));


  return (
    <section aria-labelledby="user-groups-title" className="page-section">
      <h2 id="user-groups-title">{t('users.groups')}</h2>
      <ul aria-labelledby="user-groups-title">
        {(memberships ?? []).map((membership) => (
          <li key={membership.UUID}>
            {nameOf(membership.UserGroupUUID)}
            {membership.ViaMapping && <span className="muted"> ({t('groups.via_mapping')})</span>}
            {canManage && membership.UUID && (
              <button type="button" className="link" aria-label={`${t('groups.remove_member')}: ${nameOf(membership.UserGroupUUID)}`} onClick={() => void run(() => remove({ id: membership.UUID }))}>
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
      {canManage && candidates.length > 0 && (
        <div className="inline-form">
          <label htmlFor="user-add-group">{t('users.add_to_group')}</label>
          <select id="user-add-group" value={choice} onChange={(event) => setChoice(event.target.value)}>
            <option value="">{t('form.choose')}</option>
            {candidates.map((group) => (
              <option key={group.UUID} value={group.UUID}>
                {group.Name}
              </option>
            ))}
          </select>
          <button
            type="button"
            disabled={choice === '' || adding.isLoading}
            onClick={() =>
              void run(async () => {
                const result = await add({ userGroupUserCreate: { UserGroupUUID: choice, UserUUID: user.UUID } });
                if (!result.error) setChoice('');
                return result;
              })
            }
          >
            {t('users.add_to_group')}
          </button>
        </div>
      )}
    </section>
  );
}
