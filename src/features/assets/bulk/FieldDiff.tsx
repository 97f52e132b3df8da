import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { PrototypePlanRow } from '../../../api/generated/historian.gen';
import { fieldState, valueText, type FieldState } from './planRules';

// The three-way diff of one plan row, like a merge tool: per compared field the value last
// applied (Base), the prototype's and the instance's, the cells that differ from the base marked,
// and the field's state in words.

const stateText = (t: TFunction, state: FieldState) =>
  state === 'same' ? t('prototypes.bulk.field.same') : state === 'update' ? t('prototypes.bulk.field.update') : state === 'overridden' ? t('prototypes.bulk.field.overridden') : t('prototypes.bulk.field.conflict');

export function FieldDiff({ row }: { row: PrototypePlanRow }) {
  const { t } = useTranslation();
  if (row.Fields.length === 0) return <p className="muted">{t('prototypes.bulk.field.none')}</p>;
  return (
    <table className="bulk-diff" aria-label={t('prototypes.bulk.field.table', { name: row.Name })}>
      <thead>
        <tr>
          <th scope="col">{t('prototypes.bulk.field.field')}</th>
          <th scope="col">{t('prototypes.bulk.field.base')}</th>
          <th scope="col">{t('prototypes.bulk.field.prototype')}</th>
          <th scope="col">{t('prototypes.bulk.field.instance')}</th>
          <th scope="col">{t('prototypes.bulk.field.state')}</th>
        </tr>
      </thead>
      <tbody>
        {row.Fields.map((field) => {
          const state = fieldState(field);
          const prototypeChanged = state === 'update' || state === 'conflict';
          const instanceChanged = state === 'overridden' || state === 'conflict';
          return (
            <tr key={field.Field} className={`bulk-diff-${state}`}>
              <th scope="row">{field.Field}</th>
              <td>{field.Base === null || field.Base === undefined ? <span className="muted">{t('prototypes.bulk.field.never')}</span> : valueText(field.Base)}</td>
              <td className={prototypeChanged ? 'bulk-diff-changed bulk-diff-prototype' : undefined}>{valueText(field.Prototype)}</td>
              <td className={instanceChanged ? 'bulk-diff-changed bulk-diff-instance' : undefined}>{valueText(field.Instance)}</td>
              <td>
                <span className={`bulk-field-state bulk-field-${state}`}>{stateText(t, state)}</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
