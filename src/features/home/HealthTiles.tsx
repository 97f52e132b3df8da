import { ArrowRight, Cable, CircleCheck, CircleX, Database, History, KeyRound, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useGetTimeseriesDatabaseReachabilityQuery } from '../../api/areas/configuration';
import type { CollectorRead, TimeseriesDatabaseRead } from '../../api/generated/historian.gen';
import { CollectorStatusIcon } from '../../components/StatusIcon/CollectorStatusIcon';
import { formatAgo, formatDate, formatNumber } from './homeFormat';
import { lastSeen, summarizeCollectors, type LicenceStanding } from './homeRules';

type Tone = 'neutral' | 'good' | 'warning' | 'danger';

interface TileProps {
  id: string;
  title: string;
  icon: ReactNode;
  /** The page the tile stands for; the title links there. */
  to?: string;
  tone?: Tone;
  children: ReactNode;
}

export function Tile({ id, title, icon, to, tone = 'neutral', children }: TileProps) {
  const headingId = `home-tile-${id}`;
  return (
    <section className={`home-tile home-tile-${tone}`} aria-labelledby={headingId}>
      <h3 id={headingId} className="home-tile-title">
        {to ? (
          <Link to={to}>
            {icon}
            <span>{title}</span>
            <ArrowRight className="home-tile-arrow" aria-hidden="true" size={16} />
          </Link>
        ) : (
          <>
            {icon}
            <span>{title}</span>
          </>
        )}
      </h3>
      {children}
    </section>
  );
}

/** The part of an RTK Query result a tile needs. */
interface Loaded<T> {
  data?: T;
  isError: boolean;
  refetch: () => unknown;
}

function Loading<T>({ query, children }: { query: Loaded<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <p className="home-tile-error" role="alert">
        {t('home.tiles.load_error')}{' '}
        <button type="button" className="home-retry" onClick={() => void query.refetch()}>
          {t('home.tiles.retry')}
        </button>
      </p>
    );
  }
  return <p className="muted">{t('app.loading')}</p>;
}

const STALE_SHOWN = 5;

export function CollectorsTile({ query, nowMs, to }: { query: Loaded<CollectorRead[]>; nowMs: number; to: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const summary = query.data ? summarizeCollectors(query.data, nowMs) : null;
  const tone: Tone = !summary ? 'neutral' : summary.stale.length > 0 ? 'warning' : summary.byStatus.Active > 0 ? 'good' : 'neutral';
  return (
    <Tile id="collectors" title={t('home.tiles.collectors.title')} icon={<Cable aria-hidden="true" size={18} />} to={to} tone={tone}>
      <Loading query={query}>
        {() =>
          summary && summary.total > 0 ? (
            <>
              <p className="home-tile-figure">
                <strong>{formatNumber(summary.total, language)}</strong> {t('home.tiles.collectors.count', { count: summary.total })}
              </p>
              <ul className="home-tile-statuses" aria-label={t('home.tiles.collectors.by_status')}>
                {(['Active', 'Paused', 'Initial'] as const)
                  .filter((status) => summary.byStatus[status] > 0)
                  .map((status) => (
                    <li key={status}>
                      <CollectorStatusIcon status={status} showLabel /> <strong>{formatNumber(summary.byStatus[status], language)}</strong>
                    </li>
                  ))}
              </ul>
              {summary.byHealth.length > 0 && (
                <p className="home-tile-line">
                  <span className="muted">{t('home.tiles.collectors.health')}</span>{' '}
                  {summary.byHealth.map(({ health, count }) => `${health} ${formatNumber(count, language)}`).join(' · ')}
                </p>
              )}
              {summary.stale.length > 0 ? (
                <div className="home-tile-stale" role="status">
                  <p>
                    <TriangleAlert aria-hidden="true" size={16} /> {t('home.tiles.collectors.stale', { count: summary.stale.length })}
                  </p>
                  <ul aria-label={t('home.tiles.collectors.stale_list')}>
                    {summary.stale.slice(0, STALE_SHOWN).map((collector) => {
                      const seen = lastSeen(collector);
                      return (
                        <li key={collector.UUID}>
                          {collector.Name}{' '}
                          <span className="muted">
                            {seen ? t('home.tiles.collectors.last_seen', { ago: formatAgo(Date.parse(seen), nowMs, language) }) : t('home.tiles.collectors.never_seen')}
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                  {summary.stale.length > STALE_SHOWN && <p className="muted">{t('home.tiles.collectors.stale_more', { count: summary.stale.length - STALE_SHOWN })}</p>}
                </div>
              ) : (
                summary.byStatus.Active > 0 && <p className="home-tile-ok">{t('home.tiles.collectors.all_reporting')}</p>
              )}
            </>
          ) : (
            <p className="muted">{t('home.tiles.collectors.none')}</p>
          )
        }
      </Loading>
    </Tile>
  );
}

const DATABASES_SHOWN = 4;

export function DatabasesTile({ query, to }: { query: Loaded<TimeseriesDatabaseRead[]>; to: string }) {
  const { t, i18n } = useTranslation();
  const count = query.data?.length ?? 0;
  return (
    <Tile id="databases" title={t('home.tiles.databases.title')} icon={<Database aria-hidden="true" size={18} />} to={to} tone={query.data && count === 0 ? 'warning' : 'neutral'}>
      <Loading query={query}>
        {(databases) =>
          databases.length > 0 ? (
            <>
              <p className="home-tile-figure">
                <strong>{formatNumber(count, i18n.language)}</strong> {t('home.tiles.databases.count', { count })}
              </p>
              <ul className="home-tile-names">
                {databases.slice(0, DATABASES_SHOWN).map((database) => (
                  <li key={database.UUID}>
                    <span>{database.Name}</span>
                    <Reachability id={database.UUID} />
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t('home.tiles.databases.none')}</p>
          )
        }
      </Loading>
    </Tile>
  );
}

/** Whether the server can reach the database and sign in to it (a check that changes nothing). */
function Reachability({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data, isError } = useGetTimeseriesDatabaseReachabilityQuery({ id });
  if (isError) return null;
  if (!data) return <span className="muted home-reach">{t('home.tiles.databases.checking')}</span>;
  if (data.Success) {
    return (
      <span className="home-reach home-tile-ok">
        <CircleCheck aria-hidden="true" size={14} /> {t('home.tiles.databases.reachable')}
      </span>
    );
  }
  const failed = data.Steps?.find((step) => !step.Success);
  return (
    <span className="home-reach home-tile-error" title={failed?.Message}>
      <CircleX aria-hidden="true" size={14} /> {t('home.tiles.databases.unreachable')}
    </span>
  );
}

export function LicenceTile({ standing, loaded, to }: { standing: LicenceStanding; loaded: boolean; to: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const tone: Tone = standing.kind === 'valid' ? (standing.warn ? 'warning' : 'good') : standing.kind === 'expired' || loaded ? 'danger' : 'neutral';
  return (
    <Tile id="licence" title={t('home.tiles.licence.title')} icon={<KeyRound aria-hidden="true" size={18} />} to={to} tone={tone}>
      {!loaded ? (
        <p className="muted">{t('app.loading')}</p>
      ) : standing.kind === 'valid' ? (
        <>
          <p className="home-tile-figure">
            <strong>{formatNumber(standing.daysLeft, language)}</strong> {t('home.tiles.licence.days_left', { count: standing.daysLeft })}
          </p>
          <p className="home-tile-line">
            {standing.claim.Trial ? t('home.tiles.licence.trial') : standing.claim.Name}
            {' · '}
            <span className="muted">{t('home.tiles.licence.valid_until', { date: formatDate(standing.claim.ExpiresAt * 1000, language) })}</span>
          </p>
        </>
      ) : standing.kind === 'expired' ? (
        <p>{t('home.tiles.licence.expired', { name: standing.claim.Name, date: formatDate(standing.claim.ExpiresAt * 1000, language) })}</p>
      ) : (
        <p>{t('home.tiles.licence.none')}</p>
      )}
    </Tile>
  );
}

/** Room kept for what later features provide: named, and saying so, never filled with made-up data. */
export function ComingSlot({ kind }: { kind: 'recent_changes' }) {
  const { t } = useTranslation();
  return (
    <Tile id={kind} title={t('home.slots.recent_changes.title')} icon={<History aria-hidden="true" size={18} />}>
      <p className="muted">{t('home.slots.recent_changes.text')}</p>
    </Tile>
  );
}
