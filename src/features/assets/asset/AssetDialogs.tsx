import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateAssetMutation, useDeleteAssetMutation, useMoveAssetMutation, useUpdateAssetMutation } from '../../../api/areas/assets';
import type { AssetInUse, AssetRead } from '../../../api/generated/historian.gen';
import { isProblemError } from '../../../api/transport/errors';
import { Modal } from '../../../components/Modal/Modal';
import { TextAreaField, TextField } from '../../../components/form/TextFields';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { ParentPicker, type ParentChoice } from './ParentPicker';

export type AssetDialog = { kind: 'create'; parent: AssetRead | null } | { kind: 'rename'; asset: AssetRead } | { kind: 'move'; asset: AssetRead } | { kind: 'delete'; asset: AssetRead };

export interface AssetDialogsProps {
  dialog: AssetDialog | null;
  onClose: () => void;
  onCreated: (asset: AssetRead) => void;
  onDeleted: (asset: AssetRead) => void;
}

/** The dialogs of the tree's changes: create a child (or a site), rename, move, delete. */
export function AssetDialogs({ dialog, onClose, onCreated, onDeleted }: AssetDialogsProps) {
  if (dialog === null) return null;
  switch (dialog.kind) {
    case 'create':
      return <NameDialog parent={dialog.parent} asset={null} onClose={onClose} onSaved={onCreated} />;
    case 'rename':
      return <NameDialog parent={null} asset={dialog.asset} onClose={onClose} onSaved={() => undefined} />;
    case 'move':
      return <MoveDialog asset={dialog.asset} onClose={onClose} />;
    case 'delete':
      return <DeleteDialog asset={dialog.asset} onClose={onClose} onDeleted={onDeleted} />;
  }
}

const NAME_FIELDS = ['Name', 'Description', 'ParentUUID'] as const;

/** A name has no `/` (it joins the path) and is unique among its siblings (the server's 409). */
function NameDialog({ parent, asset, onClose, onSaved }: { parent: AssetRead | null; asset: AssetRead | null; onClose: () => void; onSaved: (asset: AssetRead) => void }) {
  const { t } = useTranslation();
  const fieldErrors = useFormErrors();
  const [create, createState] = useCreateAssetMutation();
  const [update, updateState] = useUpdateAssetMutation();
  const [name, setName] = useState(asset?.Name ?? '');
  const [description, setDescription] = useState(asset?.Description ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const trimmed = name.trim();
  const localError = trimmed.includes('/') ? t('assets.dialogs.name_slash') : undefined;
  const title = asset ? t('assets.dialogs.rename_title', { name: asset.Name }) : parent ? t('assets.dialogs.create_child_title', { parent: parent.Name }) : t('assets.dialogs.create_site_title');

  const save = async () => {
    if (trimmed === '' || localError) return;
    try {
      const saved = asset
        ? await update({ id: asset.UUID, asset: { Name: trimmed, Description: description, ParentUUID: asset.ParentUUID, Metadata: asset.Metadata } }).unwrap()
        : await create({ asset: { Name: trimmed, Description: description, ParentUUID: parent?.UUID ?? null, Metadata: {} } }).unwrap();
      onSaved(saved);
      onClose();
    } catch (error) {
      const byField = fieldErrors(error, NAME_FIELDS);
      if (isProblemError(error) && error.code === 409 && !byField.Name) byField.Name = [t('assets.dialogs.name_taken')];
      setErrors(byField);
    }
  };

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onSave={() => void save()}
      saveDisabled={trimmed === '' || localError !== undefined}
      busy={createState.isLoading || updateState.isLoading}
      width="520px"
    >
      {parent && <p className="muted assets-dialog-path">{t('assets.dialogs.under', { path: parent.AssetPath })}</p>}
      {!asset && !parent && <p className="muted assets-dialog-path">{t('assets.dialogs.site_help')}</p>}
      <TextField
        name="Name"
        label={t('assets.fields.name')}
        required
        value={name}
        maxLength={200}
        error={localError ?? errors.Name}
        help={t('assets.fields.name_help')}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void save();
          }
        }}
      />
      <TextAreaField name="Description" label={t('assets.fields.description')} rows={3} value={description} error={errors.Description} onChange={(event) => setDescription(event.target.value)} />
    </Modal>
  );
}

function MoveDialog({ asset, onClose }: { asset: AssetRead; onClose: () => void }) {
  const { t } = useTranslation();
  const [move, state] = useMoveAssetMutation();
  const [choice, setChoice] = useState<ParentChoice | null>(null);
  const [error, setError] = useState<string | undefined>();
  const unchanged = choice !== null && choice.uuid === asset.ParentUUID;
  const save = async () => {
    if (choice === null || unchanged) return;
    try {
      await move({ id: asset.UUID, assetMove: { ParentUUID: choice.uuid } }).unwrap();
      onClose();
    } catch (failure) {
      setError(isProblemError(failure) && failure.code === 409 ? t('assets.dialogs.name_taken_there') : t('assets.errors.move'));
    }
  };
  return (
    <Modal open title={t('assets.dialogs.move_title', { name: asset.Name })} onCancel={onClose} onSave={() => void save()} saveDisabled={choice === null || unchanged} busy={state.isLoading} labels={{ save: t('assets.dialogs.move') }} width="560px">
      <p className="muted assets-dialog-path">{t('assets.dialogs.now_at', { path: asset.AssetPath })}</p>
      <ParentPicker moving={asset} value={choice} onChange={setChoice} />
      {unchanged && <p className="form-help">{t('assets.dialogs.same_parent')}</p>}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </Modal>
  );
}

/** What depends on the asset, from the 409 AssetInUse answer. */
function dependantsOf(error: unknown): AssetInUse['Dependants'] | undefined {
  if (!isProblemError(error) || error.code !== 409) return undefined;
  const found = error.body.Dependants;
  if (typeof found !== 'object' || found === null) return undefined;
  const count = (name: string) => {
    const value: unknown = Reflect.get(found, name);
    return typeof value === 'number' ? value : 0;
  };
  return { Children: count('Children'), Properties: count('Properties'), EventConfigurations: count('EventConfigurations') };
}

/**
 * Delete asks once; the server refuses while something depends on the asset and says what
 * (children, properties, event configurations): the dialog then names the counts and offers to
 * delete everything below with it.
 */
function DeleteDialog({ asset, onClose, onDeleted }: { asset: AssetRead; onClose: () => void; onDeleted: (asset: AssetRead) => void }) {
  const { t } = useTranslation();
  const [remove, state] = useDeleteAssetMutation();
  const [dependants, setDependants] = useState<AssetInUse['Dependants'] | undefined>();
  const [confirmed, setConfirmed] = useState(false);
  const run = async () => {
    try {
      await remove({ id: asset.UUID, cascade: dependants ? true : undefined }).unwrap();
      onDeleted(asset);
      onClose();
    } catch (error) {
      const found = dependantsOf(error);
      if (found) setDependants(found);
    }
  };
  return (
    <Modal
      open
      title={dependants ? t('assets.dialogs.delete_cascade_title', { name: asset.Name }) : t('assets.dialogs.delete_title', { name: asset.Name })}
      onCancel={onClose}
      onConfirm={() => void run()}
      confirmVariant="danger"
      confirmDisabled={dependants !== undefined && !confirmed}
      busy={state.isLoading}
      labels={{ confirm: dependants ? t('assets.dialogs.delete_everything') : t('general.delete') }}
      width="520px"
    >
      {dependants ? (
        <>
          <p role="alert">{t('assets.dialogs.in_use', { path: asset.AssetPath })}</p>
          <ul className="assets-dependants">
            {dependants.Children > 0 && <li>{t('assets.dialogs.dependants.children', { count: dependants.Children })}</li>}
            {dependants.Properties > 0 && <li>{t('assets.dialogs.dependants.properties', { count: dependants.Properties })}</li>}
            {dependants.EventConfigurations > 0 && <li>{t('assets.dialogs.dependants.event_configurations', { count: dependants.EventConfigurations })}</li>}
          </ul>
          <label className="assets-confirm">
            <input type="checkbox" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
            {t('assets.dialogs.confirm_cascade')}
          </label>
        </>
      ) : (
        <p>{t('assets.dialogs.delete_text', { path: asset.AssetPath })}</p>
      )}
    </Modal>
  );
}
