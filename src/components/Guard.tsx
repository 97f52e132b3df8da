import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import type { PrivilegeName } from '../../domain/privilegeNames';
import { selectAccess, type Scope } from '../state/privileges';

export interface GuardProps {
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

/**
 * Shows its content only when the user holds every needed privilege in the current organization
 * (or the root one), through the same evaluator as the menu (state/privileges selectAccess).
 */
export function Guard({ privileges, scope, features, fallback, children }: GuardProps) {
  const can = useSelector(selectAccess);
  if (can({ privileges, scope, features })) return <>{children}</>;
  return fallback === undefined ? <Unauthorized /> : <>{fallback}</>;
}

function Unauthorized() {
  const { t } = useTranslation();
  return (
    <p role="alert" className="unauthorized">
      {t('pages.unauthorized')}
    </p>
  );
}
