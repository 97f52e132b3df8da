import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateUserGroupUserMutation, useDeleteUserGroupUserMutation, useGetUserGroupUsersQuery, useGetUsersQuery } from '../../../api/areas/access';
import { useAppSelector } from '../../../app/hooks';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { selectAccess } from '../../../state/privileges';
import { AddMemberByName } from './AddMemberByName';
import { useMembershipChange } from './useMembershipChange';
import './groupMembers.css';

/** Who is in the group; memberships made by a mapping say so (the next sign-in may change them). */
export function GroupMembers({ groupUuid, canManage }: { groupUuid: string; canManage: boolean }) {
  const { t } = useTranslation();
  const { data: memberships } = useGetUserGroupUsersQuery({ userGroupUuid: groupUuid });
  // A root user administrator chooses from every user of the installation; others from the
  // organization's own, or add an existing user by exact name.
  const can = useAppSelector(selectAccess);
  const allOrganizations = can({ privileges: [PRIVILEGES.ReadUsers, PRIVILEGES.ManageUsers], scope: 'root' });
  const { data: users } = useGetUsersQuery({ limit: 10000, ...(allOrganizations ? { allOrganizations } : {}) });
  const [add, adding] = useCreateUserGroupUserMutation();
  const [remove] = useDeleteUserGroupUserMutation();
  const [choice, setChoice] = useState('');
  const run = useMembershipChange();
  const nameOf = (uuid: string) => users?.find((user) => user.UUID === uuid)?.Name ?? uuid;
  const members = new Set((memberships ?? []).map((membership) => membership.UserUUID));
  const candidates = (users ?? []).filter((user) => !members.has(user.UUID));


  return (
    <section aria-labelledby="group-members-title" className="page-section">
      <h2 id="group-members-title">{t('groups.members')}</h2>
      <ul aria-labelledby="group-members-title" className="member-list">
        {(memberships ?? []).map((membership) => {
          const removeLabel = `${t('groups.remove_member')}: ${nameOf(membership.UserUUID)}`;
          return (
            <li key={membership.UUID}>
              <span className="member-name">{nameOf(membership.UserUUID)}</span>
              {membership.ViaMapping && <span className="muted">({t('groups.via_mapping')})</span>}
              {canManage && (
                <button type="button" className="member-remove" aria-label={removeLabel} title={removeLabel} onClick={() => void run(() => remove({ id: membership.UUID }))}>
                  <UserMinus aria-hidden="true" size={16} />
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {canManage && (
        <div className="inline-form">
          <label htmlFor="group-add-member">{t('groups.member')}</label>
          <select id="group-add-member" value={choice} onChange={(event) => setChoice(event.target.value)}>
            <option value="">{t('form.choose')}</option>
            {candidates.map((user) => (
              <option key={user.UUID} value={user.UUID}>
                {user.Name}
              </option>
            ))}
          </select>
          <button
            type="button"
            disabled={choice === '' || adding.isLoading}
            onClick={() =>
              void run(async () => {
                const result = await add({ userGroupUserCreate: { UserGroupUUID: groupUuid, UserUUID: choice } });
                if (!result.error) setChoice('');
                return result;
              })
            }
          >
            {t('groups.add_member')}
          </button>
        </div>
      )}
      {canManage && <AddMemberByName groupUuid={groupUuid} />}
    </section>
  );
}
