import { Pause, Play, Trash2, X } from 'lucide-react';
import { useContext, useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteMeasurementMutation, useGetMeasurementQuery, useUpdateMeasurementsStatusMutation } from '../../api/areas/measurements';
import type { CollectorRead, MeasurementRead, TimeseriesDatabaseRead } from '../../api/generated/historian.gen';
import { Modal } from '../../components/Modal/Modal';
import { EngineeringForm } from './EngineeringForm';
import { LastValue } from './LastValue';
import { MeasurementForm } from './MeasurementForm';
import { renderStatus } from './measurementText';
import { MeasurementTrend } from './trend/MeasurementTrend';
import { CalculationSlotsContext } from './calculationSlots';
import { CALCULATION_TYPE } from './useFilterOptions';

const TABS = ['settings', 'engineering', 'trend', 'last_value'] as const;
/** A calculation also shows its live state (DOMAIN.md §2 Context). */
const CALCULATION_TABS = [...TABS, 'live_state'] as const;
type Tab = (typeof CALCULATION_TABS)[number];
const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;

export interface MeasurementDrawerProps {
  /** The measurement shown, or null for the create form. */
  uuid: string | null;
  /** The row the list holds, shown while the measurement itself loads. */
  listed: MeasurementRead | undefined;
  collectors: readonly CollectorRead[] | undefined;
  databases: readonly TimeseriesDatabaseRead[] | undefined;
  canManage: boolean;
  /** Title of the create form (a new measurement or a new calculation). */
  createTitle: string;
  onClose: () => void;
  onCreated: (measurement: MeasurementRead) => void;
}

/** The side panel of one measurement: Settings, Engineering, Trend and Last value tabs; or the create form. */
export function MeasurementDrawer(props: MeasurementDrawerProps) {
  const { uuid, onClose } = props;
  const titleId = useId();
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.stopPropagation();
      onClose();
    }
  };
  // A calculation's editor needs room: the drawer widens for one (and on /calculations, whose
  // collectors are all calculation collectors, for a new one).
  const shown = uuid === null ? (props.collectors ?? []) : (props.collectors ?? []).filter((item) => item.UUID === props.listed?.CollectorUUID);
  const calculation = useContext(CalculationSlotsContext) !== null && shown.length > 0 && shown.every((item) => item.CollectorType === CALCULATION_TYPE);
  return (
    <aside className={calculation ? 'measurement-drawer measurement-drawer-wide' : 'measurement-drawer'} aria-labelledby={titleId} onKeyDown={closeOnEscape}>
      {uuid === null ? (
        <>
          <DrawerHeader titleId={titleId} title={props.createTitle} onClose={onClose} />
          <div className="measurement-drawer-body">
            <MeasurementForm id="measurement-create" measurement={null} collectors={props.collectors} databases={props.databases} canManage={props.canManage} onSaved={props.onCreated} onCancel={onClose} />
          </div>
        </>
      ) : (
        <StoredMeasurement {...props} uuid={uuid} titleId={titleId} />
      )}
    </aside>
  );
}

function DrawerHeader({ titleId, title, status, onClose, children }: { titleId: string; title: string; status?: MeasurementRead['Status']; onClose: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="measurement-drawer-header">
      <h2 id={titleId}>
        {status && renderStatus(status, t)}
        <span className="measurement-drawer-title">{title}</span>
      </h2>
      <div className="measurement-drawer-actions">
        {children}
        <button type="button" className="icon-button" aria-label={t('measurements.drawer.close')} title={t('measurements.drawer.close')} onClick={onClose}>
          <X {...ICON} />
        </button>
      </div>
    </div>
  );
}

function StoredMeasurement({ uuid, listed, collectors, databases, canManage, onClose, titleId }: MeasurementDrawerProps & { uuid: string; titleId: string }) {
  const { t } = useTranslation();
  const { data, error } = useGetMeasurementQuery({ id: uuid });
  const measurement = data ?? listed;
  const [tab, setTab] = useState<Tab>('settings');
  const [changeStatus, statusState] = useUpdateMeasurementsStatusMutation();
  const [remove, removeState] = useDeleteMeasurementMutation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const tabsId = useId();
  const slots = useContext(CalculationSlotsContext);
  useEffect(() => setTab('settings'), [uuid]);

  if (!measurement) {
    return (
      <>
        <DrawerHeader titleId={titleId} title={t('measurements.drawer.loading_title')} onClose={onClose} />
        <div className="measurement-drawer-body">{error ? <p role="alert">{t('measurements.drawer.load_failed')}</p> : <p role="status">{t('table.loading')}</p>}</div>
      </>
    );
  }

  const calculation = slots !== null && collectors?.find((item) => item.UUID === measurement.CollectorUUID)?.CollectorType === CALCULATION_TYPE ? slots : null;
  const tabs: readonly Tab[] = calculation ? CALCULATION_TABS : TABS;
  const labels: Record<Tab, string> = {
    settings: t('measurements.drawer.tab_settings'),
    engineering: t('measurements.drawer.tab_engineering'),
    trend: t('measurements.drawer.tab_trend'),
    last_value: t('measurements.drawer.tab_last_value'),
    live_state: t('calculations.state.title'),
  };
  const moveTab = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
    setTab(next);
    document.getElementById(`${tabsId}-${next}`)?.focus();
  };
  const busy = statusState.isLoading || removeState.isLoading;
  const active = measurement.Status === 'Active';
  const canToggle = measurement.Status === 'Active' || measurement.Status === 'Paused';

  return (
    <>
      <DrawerHeader titleId={titleId} title={measurement.Name} status={measurement.Status} onClose={onClose}>
        {canManage && calculation && measurement.Status !== 'Deleted' && <calculation.BackfillButton calculationUuid={measurement.UUID} name={measurement.Name} />}
        {canManage && canToggle && (
          <button type="button" disabled={busy} onClick={() => void changeStatus({ measurementStatusChange: { UUIDs: [measurement.UUID], Status: active ? 'Paused' : 'Active' } })}>
            {active ? <Pause {...ICON} /> : <Play {...ICON} />}
            {active ? t('measurements.drawer.pause') : t('measurements.drawer.resume')}
          </button>
        )}
        {canManage && (
          <button type="button" className="icon-button danger" disabled={busy} aria-label={t('measurements.drawer.delete')} title={t('measurements.drawer.delete')} onClick={() => setConfirmDelete(true)}>
            <Trash2 {...ICON} />
          </button>
        )}
      </DrawerHeader>
      {measurement.Description && <p className="measurement-drawer-description">{measurement.Description}</p>}
      <div className="measurement-tabs" role="tablist" aria-label={t('measurements.drawer.tabs')} onKeyDown={moveTab}>
        {tabs.map((id) => (
          <button
            key={id}
            id={`${tabsId}-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={`${tabsId}-${id}-panel`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => setTab(id)}
          >
            {labels[id]}
          </button>
        ))}
      </div>
      <div className="measurement-drawer-body" role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
        {tab === 'settings' && (
          <MeasurementForm key={`${measurement.UUID}-${measurement.UpdatedAt ?? ''}`} id="measurement-settings" measurement={measurement} collectors={collectors} databases={databases} canManage={canManage} onSaved={() => undefined} onCancel={onClose} />
        )}
        {tab === 'engineering' && <EngineeringForm key={`${measurement.UUID}-${measurement.UpdatedAt ?? ''}`} id="measurement-engineering" measurement={measurement} canManage={canManage} onCancel={onClose} />}
        {tab === 'trend' && <MeasurementTrend measurementUuid={measurement.UUID} />}
        {tab === 'last_value' && <LastValue measurement={measurement} />}
        {tab === 'live_state' && calculation && <calculation.State measurement={measurement} canManage={canManage} />}
      </div>
      <Modal
        open={confirmDelete}
        title={t('measurements.drawer.delete_title', { name: measurement.Name })}
        onCancel={() => setConfirmDelete(false)}
        confirmVariant="danger"
        labels={{ confirm: t('measurements.drawer.delete') }}
        busy={removeState.isLoading}
        onConfirm={() =>
          void remove({ id: measurement.UUID }).then((result) => {
            setConfirmDelete(false);
            if (!result.error) onClose();
          })
        }
      >
        <p>{t('measurements.drawer.delete_text')}</p>
      </Modal>
    </>
  );
}
