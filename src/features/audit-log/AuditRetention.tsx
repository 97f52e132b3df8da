import { Archive, Save } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetSettingsQuery, useUpdateSettingsBatchMutation } from '../../api/areas/configuration';
import { useAppSelector } from '../../app/hooks';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import { SETTING_NAMES } from '../../../domain/settingNames';
import { normalizeSettingValue, settingValueError } from '../../../domain/settingRules';
import { selectAccess, selectRootOrganization } from '../../state/privileges';

/**
 * How long the audit log keeps an entry (the root setting audit.retention_days; 0 keeps all), on
 * the installation's audit log. Readers of the root's settings see it; holders of ManageSettings at
 * root change it. Pruning leaves an anchor the chain check starts from (server/audit/README.md).
 */
export function AuditRetention() {
  const { t } = useTranslation();
  const id = useId();
  const root = useAppSelector(selectRootOrganization);
  const can = useAppSelector(selectAccess);
  const canRead = can({ privileges: [PRIVILEGES.ReadSettings], scope: 'root' });
  const canManage = can({ privileges: [PRIVILEGES.ManageSettings], scope: 'root' });
  const rootUuid = root?.UUID ?? '';
  const { data } = useGetSettingsQuery({ 'x-organization-uuid': rootUuid, organizationUuid: rootUuid }, { skip: !root || !canRead });
  const [save, saving] = useUpdateSettingsBatchMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!canRead || !data) return null;

  const stored = data.find((setting) => setting.Name === SETTING_NAMES.auditRetentionDays)?.Value ?? '0';
  const value = draft ?? stored;
  const days = Number(normalizeSettingValue(stored)) || 0;
  const submit = async () => {
    const problem = settingValueError(SETTING_NAMES.auditRetentionDays, value);
    if (problem) {
      setError(t(problem));
      return;
    }
    const result = await save({
      'x-organization-uuid': rootUuid,
      body: [{ Name: SETTING_NAMES.auditRetentionDays, Value: normalizeSettingValue(value), OrganizationUUID: rootUuid }],
    });
    if (!result.error) {
      setDraft(null);
      setError(null);
    }
  };

  return (
    <section className="audit-retention" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="audit-retention-title">
        <Archive size={16} aria-hidden="true" focusable="false" /> {t('audit_log.retention.title')}
      </h2>
      <p id={`${id}-help`} className="form-help">
        {days === 0 ? t('audit_log.retention.keep_all') : t('audit_log.retention.keep_days', { count: days })} {canManage && t('audit_log.retention.help')}
      </p>
      {canManage && (
        <form
          className="audit-retention-form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label htmlFor={`${id}-days`}>{t('audit_log.retention.days')}</label>
          <input
            id={`${id}-days`}
            inputMode="numeric"
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error ${id}-help` : `${id}-help`}
            onChange={(event) => {
              setDraft(event.target.value);
              setError(null);
            }}
          />
          <button type="submit" disabled={draft === null || saving.isLoading}>
            <Save size={14} aria-hidden="true" focusable="false" /> {t('audit_log.retention.save')}
          </button>
          {error && (
            <p id={`${id}-error`} className="form-error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
