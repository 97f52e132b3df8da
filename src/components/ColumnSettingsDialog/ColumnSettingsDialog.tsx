import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COLUMN_SETTINGS_DIALOG_WIDTH_PX } from '../../../domain/constants';
import { moveDown, moveUp } from '../../lib/listMoves';
import type { ResolvedLayout } from '../../lib/tableLayout';
import { Modal } from '../Modal/Modal';
import { ColumnList } from './ColumnList';
import './ColumnSettingsDialog.css';

export interface ColumnChoice {
  id: string;
  /** Already translated. */
  label: string;
  /** False: the column cannot be removed from the active list. */
  hideable?: boolean;
}

export interface ColumnSettingsDialogProps {
  open: boolean;
  /** Every column of the table. */
  columns: readonly ColumnChoice[];
  /** The layout in use when the dialog opens. */
  layout: ResolvedLayout;
  /** What Reset goes back to. */
  defaults: ResolvedLayout;
  /** Holders of P-ADM-SD may save the layout as the organization's default. */
  canSaveAsDefault: boolean;
  busy?: boolean;
  onCancel: () => void;
  onSave: (layout: ResolvedLayout, saveAsDefault: boolean) => void;
}

/** The column-settings dialog of SPEC §2 (800px): available and active columns, order, reset. */
export function ColumnSettingsDialog(props: ColumnSettingsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      title={t('columns.title')}
      width={`${COLUMN_SETTINGS_DIALOG_WIDTH_PX}px`}
      onCancel={props.onCancel}
      saveFormId={props.open ? 'column-settings-form' : undefined}
      busy={props.busy}
    >
      {props.open && <ColumnSettingsForm {...props} />}
    </Modal>
  );
}

function ColumnSettingsForm({ columns, layout, defaults, canSaveAsDefault, onSave }: ColumnSettingsDialogProps) {
  const { t, i18n } = useTranslation();
  const defaultId = useId();
  const [order, setOrder] = useState<string[]>(() => [...layout.order]);
  const [shown, setShown] = useState<string[]>(() => [...layout.shown]);
  const [chosenAvailable, setChosenAvailable] = useState<string[]>([]);
  const [chosenActive, setChosenActive] = useState<string[]>([]);
  const [asDefault, setAsDefault] = useState(false);
  // Required columns the last Remove left in place.
  const [kept, setKept] = useState<string[]>([]);

  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const shownSet = new Set(shown);
  const available = order.filter((id) => !shownSet.has(id) && byId.has(id));
  const toItems = (ids: readonly string[]) => ids.map((id) => ({ id, label: byId.get(id)?.label ?? id }));

  const chosenActiveSet = new Set(chosenActive);
  const removable = chosenActive.filter((id) => byId.get(id)?.hideable !== false);
  // Columns the table always shows (e.g. Status, Name): said as soon as one is chosen for removal.
  const required = chosenActive.filter((id) => byId.get(id)?.hideable === false);
  const keptNames = [...new Set([...required, ...kept])].map((id) => byId.get(id)?.label ?? id);
  // SPEC §5: the last active column cannot be removed.
  const wouldEmpty = removable.length > 0 && removable.length >= shown.length;
  const lastOne = shown.length <= 1 || wouldEmpty;

  const add = () => {
    setKept([]);
    if (chosenAvailable.length === 0) return;
    setShown([...shown, ...available.filter((id) => chosenAvailable.includes(id))]);
    setChosenActive(chosenAvailable);
    setChosenAvailable([]);
  };
  const remove = () => {
    setKept(required);
    if (removable.length === 0 || wouldEmpty) return;
    setShown(shown.filter((id) => !removable.includes(id)));
    setChosenAvailable(removable);
    setChosenActive([]);
  };
  const reset = () => {
    setKept([]);
    setOrder([...defaults.order]);
    setShown([...defaults.shown]);
    setChosenActive([]);
    setChosenAvailable([]);
  };

  return (
    <form
      id="column-settings-form"
      className="column-settings"
      onSubmit={(event) => {
        event.preventDefault();
        const hidden = order.filter((id) => !shownSet.has(id));
        onSave({ shown, order: [...shown, ...hidden] }, canSaveAsDefault && asDefault);
      }}
    >
      <ColumnList
        title={t('columns.available')}
        filterLabel={t('columns.filter_available')}
        items={toItems(available)}
        chosen={chosenAvailable}
        onChosenChange={setChosenAvailable}
        onActivate={add}
      />
      <div className="column-settings-transfer">
        <button type="button" onClick={add} disabled={chosenAvailable.length === 0}>
          {t('columns.add')} <span aria-hidden="true">→</span>
        </button>
        <button type="button" onClick={remove} disabled={removable.length === 0 || wouldEmpty}>
          <span aria-hidden="true">←</span> {t('columns.remove')}
        </button>
      </div>
      <ColumnList
        title={t('columns.active')}
        filterLabel={t('columns.filter_active')}
        items={toItems(shown)}
        chosen={chosenActive}
        onChosenChange={(ids) => {
          setChosenActive(ids);
          setKept([]);
        }}
        onActivate={remove}
        note={
          keptNames.length > 0
            ? t('columns.required_columns', { columns: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(keptNames) })
            : lastOne
              ? t('table.minimum_one_shown')
              : undefined
        }
      >
        <button type="button" onClick={() => setShown(moveUp(shown, chosenActiveSet))} disabled={chosenActive.length === 0}>
          {t('columns.move_up')}
        </button>
        <button type="button" onClick={() => setShown(moveDown(shown, chosenActiveSet))} disabled={chosenActive.length === 0}>
          {t('columns.move_down')}
        </button>
      </ColumnList>
      <div className="column-settings-footer">
        <button type="button" onClick={reset}>
          {t('columns.reset')}
        </button>
        {canSaveAsDefault && (
          <label htmlFor={defaultId} className="column-settings-default">
            <input id={defaultId} type="checkbox" checked={asDefault} onChange={(event) => setAsDefault(event.target.checked)} />
            {t('columns.save_as_default')}
          </label>
        )}
      </div>
    </form>
  );
}
