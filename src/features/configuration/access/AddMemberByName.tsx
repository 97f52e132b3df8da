import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateUserGroupUserMutation } from '../../../api/areas/access';
import { useMembershipChange } from './useMembershipChange';

/**
 * Adds an existing user by their exact user name, also one of another organization (SPEC §1:
 * users belong to one or more organizations). Nobody is listed: the administrator has to know
 * the name, so no organization sees another's users.
 */
export function AddMemberByName({ groupUuid }: { groupUuid: string }) {
  const { t } = useTranslation();
  const [add, adding] = useCreateUserGroupUserMutation();
  const [name, setName] = useState('');
  const run = useMembershipChange();
  return (
    <form
      className="inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        void run(async () => {
          const result = await add({ userGroupUserCreate: { UserGroupUUID: groupUuid, UserName: name.trim() } });
          if (!result.error) setName('');
          return result;
        });
      }}
    >
      <label htmlFor="group-add-member-name">{t('groups.user_name')}</label>
      <input id="group-add-member-name" value={name} autoComplete="off" aria-describedby="group-add-member-name-help" onChange={(event) => setName(event.target.value)} />
      <button type="submit" disabled={name.trim() === '' || adding.isLoading}>
        {t('groups.add_by_name')}
      </button>
      <p id="group-add-member-name-help" className="form-help">
        {t('groups.user_name_help')}
      </p>
    </form>
  );
}
