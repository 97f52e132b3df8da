import { ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { breadcrumbTrail, type Crumb } from '../state/breadcrumbs';

/** The header's trail of the current route (state/breadcrumbs.ts); the last crumb is the page. */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const trail = useMemo(() => breadcrumbTrail(pathname), [pathname]);
  // Each label key is written out in state/routes.ts; the union type keeps them checked.
  const label = (crumb: Crumb) => t(crumb.labelKey);
  return (
    <nav aria-label={t('app.breadcrumbs')} className="breadcrumbs">
      <ol>
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={crumb.id}>
              {index > 0 && <ChevronRight className="breadcrumb-separator" aria-hidden="true" focusable="false" />}
              {last ? (
                <span aria-current="page" className="breadcrumb-current" title={label(crumb)}>
                  {label(crumb)}
                </span>
              ) : crumb.path ? (
                <Link to={crumb.path} title={label(crumb)}>
                  {label(crumb)}
                </Link>
              ) : (
                <span className="breadcrumb-group">{label(crumb)}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
