import { useTranslation } from 'react-i18next';
import { useCreateUserGroupPrivilegeMutation, useDeleteUserGroupPrivilegeMutation, useGetPrivilegesQuery, useGetUserGroupPrivilegesQuery } from '../../../api/areas/access';
import { useRefreshOwnAccess } from './useRefreshOwnAccess';
import './GroupPrivileges.css';

/** One checkbox per privilege; checking grants it to the group, unchecking withdraws it. */
export function GroupPrivileges({ groupUuid, isSystem, canManage }: { groupUuid: string; isSystem: boolean; canManage: boolean }) {
  const { t } = useTranslation();
  const { data: all } = useGetPrivilegesQuery();
  const { data: granted } = useGetUserGroupPrivilegesQuery({ id: groupUuid });
  const [grant, granting] = useCreateUserGroupPrivilegeMutation();
  const [withdraw, withdrawing] = useDeleteUserGroupPrivilegeMutation();
  const refreshOwnAccess = useRefreshOwnAccess();
  const held = new Set((granted ?? []).map((item) => item.PrivilegeUUID));
  const editable = canManage && !isSystem;

  const toggle = async (privilegeUuid: string, on: boolean) => {
    const result = on ? await grant({ id: groupUuid, groupPrivilege: { PrivilegeUUID: privilegeUuid } }) : await withdraw({ id: groupUuid, privilegeId: privilegeUuid });
    if (!result.error) await refreshOwnAccess();
  };

  return (
    <fieldset className="page-section privilege-list" disabled={!editable || granting.isLoading || withdrawing.isLoading}>
      <legend>{t('groups.privileges')}</legend>
      {isSystem && <p className="form-help">{t('groups.system_privileges')}</p>}
      {(all ?? []).map((privilege) => (
        <label key={privilege.UUID} className="checkbox-row">
          <input type="checkbox" checked={held.has(privilege.UUID)} onChange={(event) => void toggle(privilege.UUID, event.target.checked)} />
          {privilege.Name}
        </label>
      ))}
    </fieldset>
  );
}
