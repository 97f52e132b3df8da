import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import type { PrivilegeName } from '../../domain/privilegeNames';
import { selectAccess, type Scope } from '../state/privileges';
import { routeById, selectCanOpenRoute, type PageTitleKey, type RouteId } from '../state/routes';

interface ContentGuardProps {
  route?: undefined;
  /** Every one must be held (SPEC §6). */
  privileges: readonly PrivilegeName[];
  /** 'root' checks the root organization instead of the current one. */
  scope?: Scope;
  /** Licence features that must be enabled as well. */
  features?: readonly string[];
  /** Shown without the privileges; by default an unauthorized message. `null` shows nothing (buttons). */
  fallback?: ReactNode;
  children: ReactNode;
}

interface RouteGuardProps {
  /** A page of the route table (state/routes.ts): what it needs is read from there. */
  route: RouteId;
  children: ReactNode;
}

export type GuardProps = ContentGuardProps | RouteGuardProps;

/**
 * Shows its content only when the user holds every needed privilege in the current organization
 * (or the root one), through the same evaluator as the menu (state/privileges selectAccess). The
 * router wraps every page in one, by route id; without access the page is the no-privileges page.
 */
export function Guard(props: GuardProps) {
  return props.route === undefined ? <ContentGuard {...props} /> : <RouteGuard {...props} />;
}

function ContentGuard({ privileges, scope, features, fallback, children }: ContentGuardProps) {
  const can = useSelector(selectAccess);
  if (can({ privileges, scope, features })) return <>{children}</>;
  return fallback === undefined ? <Unauthorized /> : <>{fallback}</>;
}

function RouteGuard({ route, children }: RouteGuardProps) {
  const canOpenRoute = useSelector(selectCanOpenRoute);
  return canOpenRoute(route) ? <>{children}</> : <NoPrivilegesPage titleKey={routeById(route).titleKey} />;
}

/** The one page a route shows to a user who may not open it, whichever route it is. */
function NoPrivilegesPage({ titleKey }: { titleKey: PageTitleKey }) {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t(titleKey)}</h1>
      <Unauthorized />
    </section>
  );
}

function Unauthorized() {
  const { t } = useTranslation();
  return (
    <p role="alert" className="unauthorized">
      {t('pages.unauthorized')}
    </p>
  );
}
