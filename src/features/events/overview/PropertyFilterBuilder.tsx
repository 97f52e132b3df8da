import { Plus, Trash2 } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROPERTY_OPERATORS, VALUELESS, type FilterValue, type PropertyCondition, type PropertyOperator } from './eventFilters';

interface DraftCondition {
  property: string;
  operator: PropertyOperator;
  value: string;
  condition: 'AND' | 'OR';
  parent: boolean;
}

const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;
const LISTS: readonly PropertyOperator[] = ['IN', 'NOT IN'];
const isOperator = (value: string): value is PropertyOperator => PROPERTY_OPERATORS.some((operator) => operator === value);

/** A typed value: `true`/`false` are booleans, numbers are numbers, anything else is text. */
function typed(text: string): FilterValue {
  const trimmed = text.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  return trimmed !== '' && !Number.isNaN(Number(trimmed)) ? Number(trimmed) : trimmed;
}

function toDraft(condition: PropertyCondition): DraftCondition {
  const value = Array.isArray(condition.Value) ? condition.Value.join(', ') : condition.Value === undefined ? '' : String(condition.Value);
  return { property: condition.Property, operator: condition.Operator, value, condition: condition.Condition ?? 'AND', parent: condition.Parent ?? false };
}

/** The contract's EventPropertyFilter of a draft line; the first line's join is left out. */
export function toCondition(draft: DraftCondition, index: number): PropertyCondition {
  const condition: PropertyCondition = { Property: draft.property.trim(), Operator: draft.operator };
  if (LISTS.includes(draft.operator)) condition.Value = draft.value.split(',').filter((part) => part.trim() !== '').map(typed);
  else if (!VALUELESS.includes(draft.operator)) condition.Value = typed(draft.value);
  if (index > 0 && draft.condition === 'OR') condition.Condition = 'OR';
  if (draft.parent) condition.Parent = true;
  return condition;
}

const EMPTY: DraftCondition = { property: '', operator: '=', value: '', condition: 'AND', parent: false };

/** Conditions on the events' properties, joined left to right, applied together (the PropertyFilter JSON). */
export function PropertyFilterBuilder({ conditions, onApply }: { conditions: readonly PropertyCondition[]; onApply: (conditions: PropertyCondition[]) => void }) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<DraftCondition[]>(() => conditions.map(toDraft));
  const change = (index: number, patch: Partial<DraftCondition>) => setDrafts((current) => current.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));
  const apply = () => onApply(drafts.filter((draft) => draft.property.trim() !== '').map(toCondition));
  // Enter in a field applies, as it would in a form.
  const applyOnEnter = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement && event.target.type !== 'checkbox') {
      event.preventDefault();
      apply();
    }
  };
  return (
    <div className="event-property-filter" role="group" aria-label={t('events.overview.filters.properties')} onKeyDown={applyOnEnter}>
      {drafts.length === 0 && <p className="muted">{t('events.overview.filters.no_conditions')}</p>}
      {drafts.map((draft, index) => (
        <fieldset key={index} className="event-property-condition">
          <legend className="visually-hidden">{t('events.overview.filters.condition_n', { n: index + 1 })}</legend>
          {index === 0 ? (
            <span className="event-condition-where">{t('events.overview.filters.where')}</span>
          ) : (
            <select aria-label={t('events.overview.filters.join')} value={draft.condition} onChange={(event) => change(index, { condition: event.target.value === 'OR' ? 'OR' : 'AND' })}>
              <option value="AND">{t('events.overview.filters.and')}</option>
              <option value="OR">{t('events.overview.filters.or')}</option>
            </select>
          )}
          <input aria-label={t('events.overview.filters.property')} placeholder={t('events.overview.filters.property')} value={draft.property} maxLength={200} onChange={(event) => change(index, { property: event.target.value })} />
          <select
            aria-label={t('events.overview.filters.operator')}
            value={draft.operator}
            onChange={(event) => {
              if (isOperator(event.target.value)) change(index, { operator: event.target.value });
            }}
          >
            {PROPERTY_OPERATORS.map((operator) => (
              <option key={operator} value={operator}>
                {operator}
              </option>
            ))}
          </select>
          {!VALUELESS.includes(draft.operator) && (
            <input
              aria-label={LISTS.includes(draft.operator) ? t('events.overview.filters.values') : t('events.overview.filters.value')}
              placeholder={LISTS.includes(draft.operator) ? t('events.overview.filters.values_hint') : t('events.overview.filters.value')}
              value={draft.value}
              onChange={(event) => change(index, { value: event.target.value })}
            />
          )}
          <label className="event-condition-parent">
            <input type="checkbox" checked={draft.parent} onChange={(event) => change(index, { parent: event.target.checked })} />
            {t('events.overview.filters.on_parent')}
          </label>
          <button type="button" className="icon-button" aria-label={t('events.overview.filters.remove_condition')} title={t('events.overview.filters.remove_condition')} onClick={() => setDrafts((current) => current.filter((_, at) => at !== index))}>
            <Trash2 {...ICON} />
          </button>
        </fieldset>
      ))}
      <div className="event-property-filter-actions">
        <button type="button" onClick={() => setDrafts((current) => [...current, EMPTY])}>
          <Plus {...ICON} />
          {t('events.overview.filters.add_condition')}
        </button>
        <button type="button" className="primary" onClick={apply}>
          {t('events.overview.filters.apply')}
        </button>
      </div>
    </div>
  );
}
