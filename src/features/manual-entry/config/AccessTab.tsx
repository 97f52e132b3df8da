import { Lock, Save } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetManualEntryFormAccessQuery, useReplaceManualEntryFormAccessMutation } from '../../../api/areas/manualEntry';
import type { ManualEntryAccessLevel, ManualEntryFormAccess } from '../../../api/generated/historian.gen';
import { isProblemError } from '../../../api/transport/errors';
import { messagesUnder, saveProblemsOf } from './formProblems';

const LEVELS: readonly ManualEntryAccessLevel[] = ['disabled', 'default', 'elevated'];
const GRANT_BEYOND_OWN = 'access.errors.grant_beyond_own';

/**
 * Who may use the form: each user group of the organization at disabled, default or elevated
 * (the rulebook "Access"). System groups hold elevated on every form and cannot be changed. Save
 * sends only the groups whose level changed (PUT …/access); the others keep theirs.
 */
export function AccessTab({ formUuid, editable }: { formUuid: string; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const { data: groups, isError } = useGetManualEntryFormAccessQuery({ id: formUuid });
  const [replace, replacing] = useReplaceManualEntryFormAccessMutation();
  const [draft, setDraft] = useState<ReadonlyMap<string, ManualEntryAccessLevel>>(new Map());
  const [problem, setProblem] = useState<{ general: string | null; fields: Record<string, string[]> }>({ general: null, fields: {} });
  // The server names the items of the list sent ([i].UserGroupUUID): which group each was.
  const [sentOrder, setSentOrder] = useState<readonly string[]>([]);

  if (isError) return <p role="alert">{t('manual_entry.access.load_error')}</p>;
  if (!groups) return <p role="status">{t('app.loading')}</p>;

  const changes: ManualEntryFormAccess[] = groups.flatMap((group) => {
    const level = draft.get(group.UserGroupUUID);
    return level === undefined || level === group.AccessLevel || group.IsSystem ? [] : [{ UserGroupUUID: group.UserGroupUUID, AccessLevel: level }];
  });
  const levelLabel: Record<ManualEntryAccessLevel, string> = {
    disabled: t('manual_entry.access.disabled'),
    default: t('manual_entry.access.default'),
    elevated: t('manual_entry.access.elevated'),
  };

  const choose = (uuid: string, level: ManualEntryAccessLevel) => {
    setProblem({ general: null, fields: {} });
    setDraft(new Map(draft).set(uuid, level));
  };
  const save = async () => {
    setSentOrder(changes.map((change) => change.UserGroupUUID));
    const result = await replace({ id: formUuid, body: changes });
    if (!result.error) {
      setDraft(new Map());
      setProblem({ general: null, fields: {} });
      return;
    }
    const found = saveProblemsOf(result.error, t, (key) => i18n.exists(key));
    const refusedGrant = isProblemError(result.error) && result.error.body.code === GRANT_BEYOND_OWN;
    setProblem({ fields: refusedGrant ? {} : found.fields, general: refusedGrant ? t('manual_entry.access.grant_beyond_own') : (found.general ?? Object.values(found.fields).flat().join(' ')) });
  };

  return (
    <div className="me-access">
      <p className="form-help">{t('manual_entry.access.help')}</p>
      <dl className="me-level-legend">
        <dt>{levelLabel.disabled}</dt>
        <dd>{t('manual_entry.access.disabled_help')}</dd>
        <dt>{levelLabel.default}</dt>
        <dd>{t('manual_entry.access.default_help')}</dd>
        <dt>{levelLabel.elevated}</dt>
        <dd>{t('manual_entry.access.elevated_help')}</dd>
      </dl>
      <table className="me-table me-access-table">
        <caption className="visually-hidden">{t('manual_entry.access.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('manual_entry.access.group')}</th>
            <th scope="col">{t('manual_entry.access.level')}</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => {
            const level = group.IsSystem ? 'elevated' : (draft.get(group.UserGroupUUID) ?? group.AccessLevel);
            const name = group.UserGroupName ?? group.UserGroupUUID;
            const sentAt = sentOrder.indexOf(group.UserGroupUUID);
            const rowErrors = sentAt < 0 ? [] : messagesUnder(problem.fields, `[${sentAt}]`);
            return (
              <tr key={group.UserGroupUUID}>
                <th scope="row">
                  {name}
                  {group.IsSystem && (
                    <span className="me-system">
                      <Lock size={12} aria-hidden="true" focusable="false" />
                      {t('manual_entry.access.system')}
                    </span>
                  )}
                </th>
                <td>
                  <div className="me-segmented" role="radiogroup" aria-label={t('manual_entry.access.level_of', { name })}>
                    {LEVELS.map((option) => (
                      <label key={option} className={level === option ? 'me-segment me-segment-on' : 'me-segment'}>
                        <input
                          type="radio"
                          name={`level-${group.UserGroupUUID}`}
                          value={option}
                          checked={level === option}
                          disabled={!editable || group.IsSystem === true || replacing.isLoading}
                          onChange={() => choose(group.UserGroupUUID, option)}
                        />
                        {levelLabel[option]}
                      </label>
                    ))}
                  </div>
                  {group.IsSystem && <p className="form-help">{t('manual_entry.access.system_help')}</p>}
                  {rowErrors.length > 0 && <p className="field-error">{rowErrors.join(' ')}</p>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {problem.general !== null && (
        <p className="form-error me-refusal" role="alert">
          {problem.general}
        </p>
      )}
      {editable && (
        <div className="me-save-bar">
          <button type="button" className="primary" disabled={changes.length === 0 || replacing.isLoading} onClick={() => void save()}>
            <Save size={16} aria-hidden="true" focusable="false" />
            {t('manual_entry.access.save')}
          </button>
          {changes.length > 0 && <span className="form-help">{t('manual_entry.access.changed', { count: changes.length })}</span>}
        </div>
      )}
    </div>
  );
}
