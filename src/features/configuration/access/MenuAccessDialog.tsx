import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal/Modal';
import { menuRequirementRows, describeRequirement } from './menuRequirements';
import './simpleTable.css';

// Each row's key (menu.collectors, pages.users, …) is written out in src/state/routes.ts.
const ROWS = menuRequirementRows();

/** "Explain access" for the menu: which privileges (and licence features) each item needs. */
export function MenuAccessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('access.menu')} onCancel={onClose} width="720px">
      <p>{t('access.menu_help')}</p>
      <table className="simple-table">
        <thead>
          <tr>
            <th scope="col">{t('access.menu_item')}</th>
            <th scope="col">{t('access.needs')}</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => {
            const all = row.all.map((requirement) => describeRequirement(requirement, t)).filter((text) => text !== '');
            const any = row.any.map((requirement) => describeRequirement(requirement, t));
            return (
              <tr key={row.id}>
                <th scope="row" style={{ paddingInlineStart: `${row.depth * 1.5}em` }}>
                  {t(row.labelKey)}
                </th>
                <td>
                  {all.length === 0 && any.length === 0 && t('access.nothing')}
                  {all.join(', ')}
                  {any.length > 0 && `${all.length > 0 ? '; ' : ''}${t('access.any_of')}: ${any.join(' | ')}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Modal>
  );
}
