import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useGetLicenseInfoQuery } from '../../api/areas/session';
import { configurationPath, paths } from '../../lib/paths';
import { licenceInfoLoaded, selectLicenceBanner, type LicenceBanner } from '../../state/licence';
import { selectCanManageSettingsAtRoot } from '../../state/privileges';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import './LicenceStatus.css';

// Keeps the persisted licence claims current for everyone signed in (the menu's licence features
// read them) and shows the SPEC §4 licence banner to holders of ManageSettings at root.

function BannerText({ banner }: { banner: LicenceBanner }) {
  const { t } = useTranslation();
  switch (banner.kind) {
    case 'no_licence':
      return t('licence.banner.no_licence');
    case 'old_licence':
      return t('licence.banner.old_licence');
    case 'expired':
      return t('licence.banner.expired');
    case 'expires_in_days':
      return t('licence.banner.expires_in_days', { count: banner.days });
    default:
      return null;
  }
}

export function LicenceStatus() {
  const dispatch = useAppDispatch();
  const { data } = useGetLicenseInfoQuery();
  const canSee = useAppSelector(selectCanManageSettingsAtRoot);
  // Fixed while the shell is mounted; a reload (or the next sign-in) counts the days again.
  const [now] = useState(() => Date.now());
  const banner = useAppSelector((state) => selectLicenceBanner(state, now));
  // The first-run wizard is where the licence is chosen: a warning to renew one would only confuse.
  const inSetup = useLocation().pathname === paths.setup;

  useEffect(() => {
    if (data) dispatch(licenceInfoLoaded({ claims: data.LicenseClaims, error: data.Error ?? null }));
  }, [data, dispatch]);

  // Nothing while loading: the persisted claims may be stale until this session's answer is in.
  if (!canSee || !data || inSetup || banner.kind === 'loading' || banner.kind === 'none') return null;
  return (
    <div className={`licence-banner licence-banner-${banner.kind}`} role="status">
      <Link to={configurationPath('license')}>
        <BannerText banner={banner} />
      </Link>
    </div>
  );
}
