import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrganizationRead } from '../api/generated/historian.gen';
import { useGetCurrentUserOrganizationsQuery } from '../api/areas/session';
import { ORGANIZATION_STORAGE_KEY, readPersistedMember } from '../api/transport/sessionStorage';
import { Modal } from '../components/Modal/Modal';
import { paths } from '../lib/paths';
import { organizationSwitched, type OrganizationSummary } from '../state/organization';
import { countManualEntryForms } from '../state/ownAccess';
import { selectCurrentOrganizationUuid } from '../state/privileges';
import { useAppDispatch, useAppSelector } from './hooks';

const PERSIST_WAIT_MS = 1000;

function storedOrganizationIs(uuid: string): boolean {
  const stored = readPersistedMember(ORGANIZATION_STORAGE_KEY, 'current');
  return typeof stored === 'object' && stored !== null && Reflect.get(stored, 'UUID') === uuid;
}

/**
 * SPEC §4: the choice is stored, then the app reloads at the root route, so that nothing of the
 * previous organization (cached lists, open forms) survives. redux-persist writes on a timer, so
 * the reload waits (briefly) until local storage holds the new choice.
 */
export async function reloadAtRoot(uuid: string): Promise<void> {
  const deadline = Date.now() + PERSIST_WAIT_MS;
  while (!storedOrganizationIs(uuid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  window.location.hash = `#${paths.home}`;
  window.location.reload();
}

const summaryOf = (o: OrganizationRead): OrganizationSummary => ({ UUID: o.UUID, Name: o.Name, IsRoot: o.IsRoot, LicenseUUID: o.LicenseUUID });

export interface OrganizationSwitcherProps {
  onClose: () => void;
  /** How the app restarts after the switch; tests replace it (jsdom cannot reload). */
  reload?: (uuid: string) => Promise<void> | void;
}

/** The organization switcher: a search box, the user's organizations, the root one kept apart. */
export function OrganizationSwitcher({ onClose, reload = reloadAtRoot }: OrganizationSwitcherProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const currentUuid = useAppSelector(selectCurrentOrganizationUuid);
  const { data, isLoading, isError } = useGetCurrentUserOrganizationsQuery();
  const [search, setSearch] = useState('');
  const [switching, setSwitching] = useState(false);

  const { organizations, root } = useMemo(() => {
    const all = data ?? [];
    const needle = search.trim().toLocaleLowerCase();
    return {
      organizations: all
        .filter((o) => !o.IsRoot && o.Name.toLocaleLowerCase().includes(needle))
        .sort((a, b) => a.Name.localeCompare(b.Name, undefined, { sensitivity: 'base' })),
      root: all.find((o) => o.IsRoot && o.Name.toLocaleLowerCase().includes(needle)),
    };
  }, [data, search]);

  const choose = async (organization: OrganizationRead) => {
    if (organization.UUID === currentUuid) return onClose();
    setSwitching(true);
    dispatch(organizationSwitched(summaryOf(organization)));
    dispatch(countManualEntryForms());
    await reload(organization.UUID);
  };

  const item = (organization: OrganizationRead) => {
    const current = organization.UUID === currentUuid;
    return (
      <li key={organization.UUID}>
        <button type="button" aria-current={current ? 'true' : undefined} disabled={switching} onClick={() => void choose(organization)}>
          {organization.Name}
          {current && <span className="muted"> {t('organizations.switcher.current')}</span>}
        </button>
      </li>
    );
  };

  return (
    <Modal open title={t('organizations.switcher.title')} onCancel={onClose} busy={switching}>
      <label className="field">
        <span>{t('organizations.switcher.search')}</span>
        <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </label>
      {isLoading && <p role="status">{t('app.loading')}</p>}
      {isError && <p role="alert">{t('organizations.switcher.load_failed')}</p>}
      {data && (
        <>
          <ul className="organization-list" aria-label={t('organizations.switcher.list')}>
            {organizations.map(item)}
          </ul>
          {organizations.length === 0 && !root && <p className="muted">{t('organizations.switcher.none')}</p>}
          {root && (
            <section aria-labelledby="root-organization-heading">
              <h3 id="root-organization-heading">{t('organizations.switcher.root')}</h3>
              <ul className="organization-list">{item(root)}</ul>
            </section>
          )}
        </>
      )}
    </Modal>
  );
}
