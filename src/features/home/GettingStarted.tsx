import { ArrowRight, Circle, CircleCheck, CircleDashed } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatAgo, formatDate, formatNumber } from './homeFormat';
import type { ChecklistState } from './homeRules';

export interface ChecklistEntry {
  state: ChecklistState;
  /** The page that does this step. */
  to: string;
}

interface GettingStartedProps {
  entries: readonly ChecklistEntry[];
  nowMs: number;
}

/** The getting-started checklist of a new installation; every item ticks itself from real state. */
export function GettingStarted({ entries, nowMs }: GettingStartedProps) {
  const { t, i18n } = useTranslation();
  const done = entries.filter((entry) => entry.state.status === 'done').length;
  // What to do next: the first open step is the one button that stands out.
  const next = entries.find((entry) => entry.state.status === 'todo')?.state.id;
  return (
    <section className="home-checklist" aria-labelledby="home-checklist-title">
      <header className="home-checklist-header">
        <h2 id="home-checklist-title">{t('home.checklist.title')}</h2>
        <span className="muted">
          {t('home.checklist.progress', { done: formatNumber(done, i18n.language), total: formatNumber(entries.length, i18n.language) })}
        </span>
      </header>
      <progress className="home-checklist-progress" max={entries.length} value={done} aria-label={t('home.checklist.title')} />
      <ol className="home-checklist-items">
        {entries.map(({ state, to }) => (
          <li
            key={state.id}
            className={`home-checklist-item home-checklist-item-${state.status}${state.id === next ? ' home-checklist-item-next' : ''}`}
            aria-label={itemLabel(state, t)}
            aria-current={state.id === next ? 'step' : undefined}
          >
            <StateIcon state={state} />
            <div className="home-checklist-text">
              <ItemTitle id={state.id} />
              <p className="muted">
                <ItemDetail state={state} nowMs={nowMs} language={i18n.language} />
              </p>
            </div>
            {state.status !== 'unknown' && (
              <Link className={state.id === next ? 'home-action home-action-primary' : 'home-action'} to={to}>
                <ItemLinkLabel state={state} />
                <ArrowRight aria-hidden="true" size={16} />
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

function itemLabel(state: ChecklistState, t: T): string {
  if (state.status === 'done') return t('home.checklist.item_done', { title: titleText(state.id, t) });
  if (state.status === 'todo') return t('home.checklist.item_todo', { title: titleText(state.id, t) });
  return t('home.checklist.item_unknown', { title: titleText(state.id, t) });
}

function StateIcon({ state }: { state: ChecklistState }) {
  if (state.status === 'done') return <CircleCheck className="home-checklist-icon" aria-hidden="true" />;
  if (state.status === 'todo') return <Circle className="home-checklist-icon" aria-hidden="true" />;
  return <CircleDashed className="home-checklist-icon" aria-hidden="true" />;
}

function titleText(id: ChecklistState['id'], t: T): string {
  switch (id) {
    case 'licence':
      return t('home.checklist.licence.title');
    case 'organization':
      return t('home.checklist.organization.title');
    case 'timeseries_database':
      return t('home.checklist.timeseries_database.title');
    case 'collector':
      return t('home.checklist.collector.title');
    case 'collector_token':
      return t('home.checklist.collector_token.title');
    case 'first_data':
      return t('home.checklist.first_data.title');
  }
}

function ItemTitle({ id }: { id: ChecklistState['id'] }) {
  const { t } = useTranslation();
  return <h3>{titleText(id, t)}</h3>;
}

function ItemDetail({ state, nowMs, language }: { state: ChecklistState; nowMs: number; language: string }) {
  const { t } = useTranslation();
  if (state.status === 'unknown') return t('home.checklist.checking');
  const name = state.status === 'done' ? (state.name ?? '') : '';
  const ago = state.status === 'done' && typeof state.at === 'string' ? formatAgo(Date.parse(state.at), nowMs, language) : '';
  switch (state.id) {
    case 'licence':
      if (state.status === 'done') return t('home.checklist.licence.done', { name, date: formatDate(Number(state.at) * 1000, language) });
      return state.trialUntil !== undefined
        ? t('home.checklist.licence.trial', { date: formatDate(state.trialUntil * 1000, language) })
        : t('home.checklist.licence.todo');
    case 'organization':
      return state.status === 'done' ? t('home.checklist.organization.done', { name }) : t('home.checklist.organization.todo');
    case 'timeseries_database':
      return state.status === 'done' ? t('home.checklist.timeseries_database.done', { name }) : t('home.checklist.timeseries_database.todo');
    case 'collector':
      return state.status === 'done' ? t('home.checklist.collector.done', { name }) : t('home.checklist.collector.todo');
    case 'collector_token':
      return state.status === 'done' ? t('home.checklist.collector_token.done', { name, ago }) : t('home.checklist.collector_token.todo');
    case 'first_data':
      return state.status === 'done' ? t('home.checklist.first_data.done', { name, ago }) : t('home.checklist.first_data.todo');
  }
}

function ItemLinkLabel({ state }: { state: ChecklistState }) {
  const { t } = useTranslation();
  const todo = state.status === 'todo';
  switch (state.id) {
    case 'licence':
      return todo ? t('home.checklist.licence.action') : t('home.checklist.licence.open');
    case 'organization':
      return todo ? t('home.checklist.organization.action') : t('home.checklist.organization.open');
    case 'timeseries_database':
      return todo ? t('home.checklist.timeseries_database.action') : t('home.checklist.timeseries_database.open');
    case 'collector':
      return todo ? t('home.checklist.collector.action') : t('home.checklist.open_collectors');
    case 'collector_token':
      return todo ? t('home.checklist.collector_token.action') : t('home.checklist.open_collectors');
    case 'first_data':
      return todo ? t('home.checklist.first_data.action') : t('home.checklist.open_collectors');
  }
}
