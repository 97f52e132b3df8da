import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useEffectEvent, useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { TableSetting } from '../../api/generated/historian.gen';
import { configurationApi } from '../../api/areas/configuration';
import { isHistorianError } from '../../api/transport/errors';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import { defaultLayout, resolveLayout, sameLayout, toStoredLayout, type LayoutColumn, type ResolvedLayout } from '../../lib/tableLayout';
import { selectAccess, selectIsLoggedIn } from '../../state/privileges';
import type { PersistedSlices } from '../../state/rootState';
import { selectTableLayout, tableLayoutChanged, tableLayoutStored } from '../../state/tableSettings';

// Column order and visibility of one table (SPEC §4): the persisted slice answers at once, the
// server's copy (the user's own, else the organization default) is read once signed in, and a
// save goes to both. The server is reached only by signed-in users; P-ADM-SD may also save the
// layout as the organization's default.

const selectCanSaveDefault = (state: PersistedSlices) => selectAccess(state)({ privileges: [PRIVILEGES.SaveTableDefault] });

export interface TableLayoutApi {
  layout: ResolvedLayout;
  defaults: ResolvedLayout;
  canSaveAsDefault: boolean;
  save: (layout: ResolvedLayout, asDefault: boolean) => Promise<void>;
}

export function useTableLayout(tableId: string, columns: readonly LayoutColumn[]): TableLayoutApi {
  const dispatch = useDispatch();
  const stored = useSelector((state: PersistedSlices) => selectTableLayout(state, tableId));
  const signedIn = useSelector(selectIsLoggedIn);
  const canSaveAsDefault = useSelector(selectCanSaveDefault);
  const { data: fromServer } = configurationApi.useGetTableSettingQuery(signedIn ? { id: tableId } : skipToken);
  const [create] = configurationApi.useCreateTableSettingMutation();
  const [update] = configurationApi.useUpdateTableSettingMutation();

  // Runs only when the server's answer changes, never because the local copy did: a save in
  // flight must not be undone by the answer read before it.
  const adopt = useEffectEvent((setting: TableSetting) => {
    const incoming = { columnsShown: setting.ColumnsShown, columnsOrder: setting.ColumnsOrder };
    if (setting.IsDefault) {
      // The user's own layout wins over the organization default.
      if (stored && (!stored.fromDefault || sameLayout(stored, incoming))) return;
      dispatch(tableLayoutChanged({ tableId, layout: { ...incoming, fromDefault: true } }));
      return;
    }
    if (stored && sameLayout(stored, incoming) && stored.pk === setting.PK) return;
    dispatch(tableLayoutChanged({ tableId, layout: { ...incoming, pk: setting.PK } }));
  });
  useEffect(() => {
    const setting = fromServer?.[0];
    if (setting) adopt(setting);
  }, [fromServer]);

  const layout = useMemo(() => resolveLayout(columns, stored), [columns, stored]);
  const defaults = useMemo(() => defaultLayout(columns), [columns]);

  const save = async (next: ResolvedLayout, asDefault: boolean) => {
    const { columnsShown, columnsOrder } = toStoredLayout(next);
    const pk = stored?.fromDefault ? undefined : stored?.pk;
    dispatch(tableLayoutChanged({ tableId, layout: { columnsShown, columnsOrder, pk } }));
    if (!signedIn) return;
    const tableSetting: TableSetting = { ID: tableId, ColumnsShown: columnsShown, ColumnsOrder: columnsOrder };
    // A failure is told by the API layer (src/api/outcomes.ts), which keeps quiet about the 404
    // answered here: the stored row is gone (removed on the server), so it is stored anew.
    let result = pk ? await update({ pk, tableSetting }) : await create({ tableSetting });
    if (pk && isHistorianError(result.error) && result.error.code === 404) result = await create({ tableSetting });
    if (result.error) return;
    if (result.data.PK !== undefined) dispatch(tableLayoutStored({ tableId, pk: result.data.PK }));
    if (asDefault && canSaveAsDefault) await create({ tableSetting: { ...tableSetting, IsDefault: true } });
  };

  return { layout, defaults, canSaveAsDefault, save };
}
