import { useTranslation } from 'react-i18next';
import { LICENSE_EXPIRY_WARNING_DAYS } from '../../../domain/constants';
import { useAppSelector } from '../../app/hooks';
import { Page } from '../../components/Page/Page';
import { configurationPath, paths } from '../../lib/paths';
import { licenceClaimFor } from '../../state/licence';
import { selectCurrentOrganization } from '../../state/privileges';
import { GettingStarted, type ChecklistEntry } from './GettingStarted';
import { CollectorsTile, ComingSlot, DatabasesTile, LicenceTile } from './HealthTiles';
import { JobsTile } from './JobsTile';
import { collectorItems, databaseItem, isChecklistComplete, licenceItem, licenceStanding, organizationItem } from './homeRules';
import { useHomeData, type HomeData } from './useHomeData';
import './home.css';

/** The checklist items this user may read, each with the page that does it. */
function checklistOf({ may, collectors, databases, organizations, licence, openedAt }: HomeData): ChecklistEntry[] {
  const entries: ChecklistEntry[] = [];
  if (may.licence) entries.push({ state: licenceItem(licence.loaded ? licence.claims : undefined, openedAt), to: configurationPath('license') });
  if (may.organizations) {
    const state = organizationItem(organizations.data);
    entries.push({ state, to: state.status === 'todo' && may.createOrganization ? configurationPath('create_organization') : configurationPath('organizations') });
  }
  if (may.databases) {
    const state = databaseItem(databases.data);
    entries.push({ state, to: state.status === 'todo' && may.manageDatabases ? configurationPath('timeseries_database') : configurationPath('timeseries_databases') });
  }
  if (may.collectors) for (const state of collectorItems(collectors.data)) entries.push({ state, to: paths.collectors });
  return entries;
}

/**
 * The home page: for a new installation a getting-started checklist that ticks itself from real
 * state; for a running one, health at a glance. Both show only what the user may read.
 */
export function HomePage() {
  const { t } = useTranslation();
  const data = useHomeData();
  const { may, collectors, databases, licence, openedAt } = data;
  const organization = useAppSelector(selectCurrentOrganization);
  const checklist = checklistOf(data);
  const showChecklist = checklist.length > 0 && !isChecklistComplete(checklist.map((entry) => entry.state));
  const collectorsNow = collectors.fulfilledTimeStamp ?? openedAt;
  const standing = licenceStanding(licenceClaimFor(licence.claims, organization), openedAt, LICENSE_EXPIRY_WARNING_DAYS);
  const anyTile = may.collectors || may.databases || may.licence;

  return (
    <Page title={t('pages.home')} description={organization ? t('home.organization', { name: organization.Name }) : undefined} className="home-page">
      {showChecklist && <GettingStarted entries={checklist} nowMs={collectorsNow} />}
      <section className="home-health" aria-labelledby="home-health-title">
        <h2 id="home-health-title">{t('home.health_title')}</h2>
        {anyTile ? (
          <div className="home-tiles">
            {may.collectors && <CollectorsTile query={collectors} nowMs={collectorsNow} to={paths.collectors} />}
            {may.databases && <DatabasesTile query={databases} to={configurationPath('timeseries_databases')} />}
            {may.licence && <LicenceTile standing={standing} loaded={licence.loaded} to={configurationPath('license')} />}
          </div>
        ) : (
          <p className="muted">{t('home.nothing_to_show')}</p>
        )}
      </section>
      <div className="home-tiles">
        <JobsTile />
        <div className="home-slots">
          <ComingSlot kind="recent_changes" />
        </div>
      </div>
    </Page>
  );
}
