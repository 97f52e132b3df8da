import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { lockReason, privilegeLabel, type Level, type LockReason, type MatrixContext, type PrivilegeRow } from './privilegeMatrix';

const LOCK_KEYS = {
  not_held: 'privileges.locked.not_held',
  needs_read: 'privileges.locked.needs_read',
  manage_needs_it: 'privileges.locked.manage_needs_it',
} as const satisfies Record<Exclude<LockReason, null>, string>;

interface RowProps {
  row: PrivilegeRow;
  chosen: ReadonlySet<string>;
  context: MatrixContext;
  editable: boolean;
  onToggle: (row: PrivilegeRow, level: Level, on: boolean) => void;
}

/** One area of the matrix: its name and what it allows, and a Read and a Manage box where the area has them. */
export function PrivilegeMatrixRow({ row, chosen, context, editable, onToggle }: RowProps) {
  const { t } = useTranslation();
  const cells = ([['read', row.read], ['manage', row.manage]] as const).map(([level, name]) => ({
    level,
    name,
    reason: editable && name !== undefined ? lockReason(row, level, chosen, context) : null,
  }));
  const locked = cells.filter((cell) => cell.reason !== null);
  // Both boxes locked because the caller holds neither: one line says so for the row.
  const neitherHeld = locked.length === 2 && locked.every((cell) => cell.reason === 'not_held');
  const reasonId = (level: Level) => (neitherHeld ? `privilege-${row.id}-locked` : `privilege-${row.id}-${level}-locked`);

  return (
    <tr className={locked.length > 0 && locked.length === cells.filter((cell) => cell.name !== undefined).length ? 'privilege-row privilege-row-locked' : 'privilege-row'}>
      <th scope="row">
        <span className="privilege-name">{t(row.labelKey)}</span>
        <span className="privilege-description">{t(row.descriptionKey)}</span>
        {neitherHeld && (
          <span id={reasonId('read')} className="privilege-locked">
            <Lock aria-hidden="true" size={12} /> {t('privileges.locked.none_held')}
          </span>
        )}
        {!neitherHeld && locked.map((cell) => (
          <span key={cell.level} id={reasonId(cell.level)} className="privilege-locked">
            <Lock aria-hidden="true" size={12} />{' '}
            {t(LOCK_KEYS[cell.reason ?? 'not_held'], { privilege: privilegeLabel(cell.name ?? '', t), read: privilegeLabel(row.manageNeeds ?? '', t) })}
          </span>
        ))}
      </th>
      {cells.map((cell) => (
        <td key={cell.level} className="privilege-cell">
          {cell.name === undefined ? (
            <>
              <span className="privilege-none" aria-hidden="true">
                –
              </span>
              <span className="visually-hidden">{t('privileges.not_applicable')}</span>
            </>
          ) : (
            <input
              type="checkbox"
              aria-label={privilegeLabel(cell.name, t)}
              title={cell.name}
              checked={chosen.has(cell.name)}
              disabled={!editable || cell.reason !== null}
              aria-describedby={cell.reason === null ? undefined : reasonId(cell.level)}
              onChange={(event) => onToggle(row, cell.level, event.target.checked)}
            />
          )}
        </td>
      ))}
    </tr>
  );
}
