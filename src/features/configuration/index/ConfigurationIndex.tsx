import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { routeIcon } from '../../../components/navigation/routeIcons';
import { Page } from '../../../components/Page/Page';
import { selectVisibleConfigurationLinks, type ConfigurationLinkKey } from '../../../state/configurationMenu';

/** /configuration: links to the configuration pages this user may open in this organization. */
export function ConfigurationIndex() {
  const { t } = useTranslation();
  const links = useAppSelector(selectVisibleConfigurationLinks);
  // Each label key is written out in state/routes.ts; the union type keeps them checked.
  const label = (key: ConfigurationLinkKey) => t(key);
  return (
    <Page title={t('pages.configuration')} description={t('configuration.index.description')}>
      {links.length === 0 ? (
        <p className="muted">{t('configuration.index.empty')}</p>
      ) : (
        <nav aria-label={t('configuration.index.label')}>
          <ul className="link-cards">
            {links.map((link) => {
              const Icon = routeIcon(link.id);
              return (
                <li key={link.id}>
                  <Link to={link.path}>
                    <Icon className="link-card-icon" aria-hidden="true" focusable="false" />
                    <span>{label(link.labelKey)}</span>
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
