import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { routeIcon } from '../../components/navigation/routeIcons';
import { Page } from '../../components/Page/Page';
import { selectVisibleMenu, type MenuItem } from '../../state/menu';
import type { MenuLabelKey } from '../../state/routes';

/** The sidebar's pages without their groups: a group opens no page of its own. */
const pagesOf = (items: readonly MenuItem[]): MenuItem[] => items.flatMap((item) => (item.children ? pagesOf(item.children) : [item]));

/** /: a welcome and the sections this user may open, as the sidebar offers them. */
export function HomePage() {
  const { t } = useTranslation();
  const userName = useAppSelector((s) => s.session.userName) ?? '';
  const sections = pagesOf(useAppSelector(selectVisibleMenu));
  // Each label key is written out in state/routes.ts; the union type keeps them checked.
  const label = (key: MenuLabelKey) => t(key);
  return (
    <Page title={t('pages.home')} description={t('home.description', { name: userName })}>
      {sections.length === 0 ? (
        <p className="muted">{t('home.empty')}</p>
      ) : (
        <nav aria-label={t('home.shortcuts')}>
          <ul className="link-cards">
            {sections.map((section) => {
              const Icon = routeIcon(section.id);
              return (
                <li key={section.id}>
                  <Link to={section.path ?? '/'}>
                    <Icon className="link-card-icon" aria-hidden="true" focusable="false" />
                    <span>{label(section.labelKey)}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
    </Page>
  );
}
