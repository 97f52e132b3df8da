import { Navigate, useLocation } from 'react-router-dom';
import { useGetSettingsQuery } from '../../api/areas/configuration';
import { paths } from '../../lib/paths';
import { selectCanManageSettingsAtRoot, selectRootOrganization } from '../../state/privileges';
import { useAppSelector } from '../../app/hooks';
import { isSetupPending, rootSettingsArgs, setupDoneOf } from './setupStatus';

/**
 * Opens the setup wizard (/setup) from the home page for holders of ManageSettings at root while
 * the root's setup.done is not 'true' (SPEC §2, §4). Others never see the wizard.
 */
export function SetupGate() {
  const { pathname } = useLocation();
  const canManage = useAppSelector(selectCanManageSettingsAtRoot);
  const root = useAppSelector(selectRootOrganization);
  const onHome = pathname === paths.home;
  const { data } = useGetSettingsQuery(rootSettingsArgs(root?.UUID ?? ''), { skip: !onHome || !canManage || !root });
  if (onHome && data && isSetupPending(setupDoneOf(data))) return <Navigate to={paths.setup} replace />;
  return null;
}
