import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../lib/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1>{t('app.page_not_found')}</h1>
      <Link to={paths.home}>{t('app.go_home')}</Link>
    </section>
  );
}
