import { Eye, Globe, Lock, Pencil, RotateCcw, Save } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetPrivilegesQuery, useGetUserGroupPrivilegesQuery, useReplaceUserGroupPrivilegesMutation } from '../../../api/areas/access';
import { isProblemError } from '../../../api/transport/errors';
import { useAppSelector } from '../../../app/hooks';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { selectCurrentOrganizationUuid, selectPrivilegesByOrganization, selectRootOrganization } from '../../../state/privileges';
import { PrivilegeMatrixRow } from './PrivilegeMatrixRow';
import { applyPreset, PRESET_IDS, rowsFor, sameSet, toggle, type Level, type MatrixContext, type PresetId, type PrivilegeRow } from './privilegeMatrix';
import './privilegeMatrix.css';

const PRESET_KEYS = {
  viewer: { label: 'privileges.presets.viewer', help: 'privileges.presets.viewer_help' },
  operator: { label: 'privileges.presets.operator', help: 'privileges.presets.operator_help' },
  administrator: { label: 'privileges.presets.administrator', help: 'privileges.presets.administrator_help' },
} as const satisfies Record<PresetId, { label: string; help: string }>;

const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * The privileges a group grants, as a matrix of areas by Read and Manage. Ticks and presets change
 * a draft; Save sends the whole chosen set at once (PUT /user-groups/{id}/privileges) and the API
 * layer reports the outcome. What the caller does not hold is shown locked with the reason: nobody
 * grants what they do not hold (README "Least privilege").
 */
export function GroupPrivileges({ groupUuid, isSystem, canManage }: { groupUuid: string; isSystem: boolean; canManage: boolean }) {
  const { t } = useTranslation();
  const formErrors = useFormErrors();
  const { data: catalogue } = useGetPrivilegesQuery();
  const { data: granted } = useGetUserGroupPrivilegesQuery({ id: groupUuid });
  const [replace, replacing] = useReplaceUserGroupPrivilegesMutation();
  const organizationUuid = useAppSelector(selectCurrentOrganizationUuid);
  const rootUuid = useAppSelector(selectRootOrganization)?.UUID ?? null;
  const byOrganization = useAppSelector(selectPrivilegesByOrganization);
  const [draft, setDraft] = useState<ReadonlySet<string> | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [reason, setReason] = useState('');

  const isRoot = organizationUuid !== null && organizationUuid === rootUuid;
  const editable = canManage && !isSystem;
  const context: MatrixContext = useMemo(
    () => ({
      rows: rowsFor(isRoot),
      callerHolds: editable ? (byOrganization.get(organizationUuid ?? '') ?? NO_NAMES) : NO_NAMES,
      saved: new Set((granted ?? []).flatMap((item) => (item.PrivilegeName === undefined ? [] : [item.PrivilegeName]))),
    }),
    [isRoot, editable, byOrganization, organizationUuid, granted],
  );
  const chosen = draft ?? context.saved;
  const dirty = draft !== null && !sameSet(draft, context.saved);

  if (!catalogue || !granted) {
    return (
      <section className="page-section" aria-labelledby="group-privileges-title">
        <h2 id="group-privileges-title">{t('groups.privileges')}</h2>
        <p role="status">{t('app.loading')}</p>
      </section>
    );
  }

  const change = (next: Set<string>) => {
    setProblems([]);
    setDraft(next);
  };
  const onToggle = (r: PrivilegeRow, level: Level, on: boolean) => change(toggle(chosen, r, level, on, context));

  const save = async () => {
    const uuidOf = new Map(catalogue.map((privilege) => [privilege.Name, privilege.UUID]));
    const uuids = [...chosen].flatMap((name) => uuidOf.get(name) ?? []).sort();
    // The reason goes to the audit log with the change (header x-audit-reason, percent-encoded).
    const why = reason.trim();
    const result = await replace({ id: groupUuid, groupPrivilegeSet: { PrivilegeUUIDs: uuids }, 'x-audit-reason': why === '' ? undefined : encodeURIComponent(why) });
    if (!result.error) {
      setDraft(null);
      setProblems([]);
      setReason('');
      return;
    }
    const fieldProblems = formErrors(result.error, ['PrivilegeUUIDs']).PrivilegeUUIDs ?? [];
    const detail = isProblemError(result.error) && typeof result.error.body.detail === 'string' ? [result.error.body.detail] : [];
    setProblems(fieldProblems.length > 0 ? fieldProblems : detail);
  };

  const organizationRows = context.rows.filter((r) => !r.rootOnly);
  const rootRows = context.rows.filter((r) => r.rootOnly);

  return (
    <section className="page-section privilege-matrix" aria-labelledby="group-privileges-title">
      <h2 id="group-privileges-title">{t('groups.privileges')}</h2>
      {isSystem && <p className="form-help">{t('groups.system_privileges')}</p>}
      {editable && (
        <div className="privilege-presets" role="group" aria-labelledby="privilege-presets-title">
          <span id="privilege-presets-title" className="privilege-presets-title">
            {t('privileges.presets.title')}
          </span>
          {PRESET_IDS.map((preset) => (
            <button key={preset} type="button" aria-describedby={`preset-${preset}-help`} onClick={() => change(applyPreset(preset, chosen, context))}>
              {t(PRESET_KEYS[preset].label)}
            </button>
          ))}
          <ul className="privilege-presets-help form-help">
            <li>{t('privileges.presets.hint')}</li>
            {PRESET_IDS.map((preset) => (
              <li key={preset} id={`preset-${preset}-help`}>
                <strong>{t(PRESET_KEYS[preset].label)}</strong>: {t(PRESET_KEYS[preset].help)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <table className="privilege-table" aria-labelledby="group-privileges-title">
        <thead>
          <tr>
            <th scope="col">{t('privileges.area')}</th>
            <th scope="col" className="privilege-level">
              <Eye aria-hidden="true" size={14} /> {t('privileges.read')}
            </th>
            <th scope="col" className="privilege-level">
              <Pencil aria-hidden="true" size={14} /> {t('privileges.manage')}
            </th>
          </tr>
        </thead>
        <tbody>
          {organizationRows.map((r) => (
            <PrivilegeMatrixRow key={r.id} row={r} chosen={chosen} context={context} editable={editable} onToggle={onToggle} />
          ))}
        </tbody>
        {rootRows.length > 0 && (
          <tbody>
            <tr className="privilege-section">
              <th scope="rowgroup" colSpan={3}>
                <Globe aria-hidden="true" size={14} /> {t('privileges.root_only')}
                <span className="form-help"> {t('privileges.root_only_help')}</span>
              </th>
            </tr>
            {rootRows.map((r) => (
              <PrivilegeMatrixRow key={r.id} row={r} chosen={chosen} context={context} editable={editable} onToggle={onToggle} />
            ))}
          </tbody>
        )}
      </table>
      {problems.length > 0 && (
        <ul className="form-error" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {editable && dirty && (
        <div className="form-field privilege-reason">
          <label htmlFor="privilege-reason">{t('privileges.reason')}</label>
          <input id="privilege-reason" type="text" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} aria-describedby="privilege-reason-help" />
          <p id="privilege-reason-help" className="form-help">
            {t('privileges.reason_help')}
          </p>
        </div>
      )}
      {editable && (
        <div className="privilege-actions">
          <button type="button" className="primary" disabled={!dirty || replacing.isLoading} onClick={() => void save()}>
            <Save aria-hidden="true" size={14} /> {t('privileges.save')}
          </button>
          <button type="button" disabled={!dirty || replacing.isLoading} onClick={() => {
              setProblems([]);
              setDraft(null);
            }}>
            <RotateCcw aria-hidden="true" size={14} /> {t('privileges.discard')}
          </button>
          <span className="form-help" role="status">
            {dirty ? t('privileges.unsaved') : ''}
          </span>
        </div>
      )}
      {!editable && !isSystem && (
        <p className="form-help">
          <Lock aria-hidden="true" size={12} /> {t('privileges.read_only')}
        </p>
      )}
    </section>
  );
}
