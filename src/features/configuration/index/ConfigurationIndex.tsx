import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { selectVisibleConfigurationLinks, type ConfigurationLinkKey } from '../../../state/configurationMenu';

/** /configuration: links to the configuration pages this user may open in this organization. */
export function ConfigurationIndex() {
  const { t } = useTranslation();
  const links = useAppSelector(selectVisibleConfigurationLinks);
  // Each label key is written out in state/routes.ts; the union type keeps them checked.
  const label = (key: ConfigurationLinkKey) => t(key);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('pages.configuration')}</h1>
      {links.length === 0 ? (
        <p className="muted">{t('configuration.index.empty')}</p>
      ) : (
        <nav aria-label={t('configuration.index.label')}>
          <ul className="configuration-index">
            {links.map((link) => (
              <li key={link.id}>
                <Link to={link.path}>{label(link.labelKey)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
