import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateAssetPropertyMutation, useUpdateAssetPropertyMutation } from '../../../api/areas/assets';
import type { AssetPropertyRead, AssetRead } from '../../../api/generated/historian.gen';
import { isProblemError } from '../../../api/transport/errors';
import { Modal } from '../../../components/Modal/Modal';
import { TextAreaField, TextField } from '../../../components/form/TextFields';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { MeasurementChoice, type PickedMeasurement } from './MeasurementChoice';

const FIELDS = ['Name', 'Description', 'MeasurementUUID'] as const;

export interface PropertyDialogProps {
  asset: AssetRead;
  /** Null: a new property. */
  property: AssetPropertyRead | null;
  /** Bind: only the measurement changes (a property made from a prototype, not bound yet). */
  bindOnly?: boolean;
  onClose: () => void;
}

/** Adds a property to the asset, edits one, or binds one to a measurement: alias, description, measurement. */
export function PropertyDialog({ asset, property, bindOnly = false, onClose }: PropertyDialogProps) {
  const { t } = useTranslation();
  const measurementLabelId = useId();
  const fieldErrors = useFormErrors();
  const [create, createState] = useCreateAssetPropertyMutation();
  const [update, updateState] = useUpdateAssetPropertyMutation();
  const [name, setName] = useState(property?.Name ?? '');
  const [description, setDescription] = useState(property?.Description ?? '');
  const [measurement, setMeasurement] = useState<PickedMeasurement | null>(
    property?.MeasurementUUID ? { uuid: property.MeasurementUUID, name: property.MeasurementName ?? property.MeasurementUUID, datatype: property.Datatype ?? '' } : null,
  );
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const trimmed = name.trim();
  const title = bindOnly ? t('assets.properties.bind_title', { name: property?.Name ?? '' }) : property ? t('assets.properties.edit_title', { name: property.Name }) : t('assets.properties.add_title', { asset: asset.Name });
  // A property from a prototype keeps the prototype's datatype: only measurements of that type fit.
  const datatype = property?.PropertyPrototypeUUID ? property.Datatype : undefined;

  const save = async () => {
    if (trimmed === '') return;
    const body = { AssetUUID: asset.UUID, Name: trimmed, Description: description, MeasurementUUID: measurement?.uuid ?? null, Metadata: property?.Metadata };
    try {
      if (property) await update({ id: property.UUID, assetProperty: body }).unwrap();
      else await create({ assetProperty: body }).unwrap();
      onClose();
    } catch (error) {
      const byField = fieldErrors(error, FIELDS);
      if (isProblemError(error) && error.code === 409 && !byField.Name) byField.Name = [t('assets.properties.name_taken')];
      setErrors(byField);
    }
  };

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onSave={() => void save()}
      saveDisabled={trimmed === '' || (bindOnly && measurement === null)}
      busy={createState.isLoading || updateState.isLoading}
      width="560px"
    >
      {!bindOnly && (
        <TextField name="Name" label={t('assets.properties.alias')} required value={name} maxLength={200} error={errors.Name} help={t('assets.properties.alias_help')} onChange={(event) => setName(event.target.value)} />
      )}
      <div className="field">
        <span id={measurementLabelId} className="field-label">
          {t('assets.properties.measurement')}
        </span>
        <MeasurementChoice value={measurement} datatype={datatype} invalid={errors.MeasurementUUID !== undefined} onChange={setMeasurement} />
        {errors.MeasurementUUID && <p className="field-error">{errors.MeasurementUUID.join(' ')}</p>}
        <p className="form-help">{datatype ? t('assets.properties.measurement_typed', { datatype }) : t('assets.properties.measurement_help')}</p>
        {measurement && !bindOnly && (
          <button type="button" className="link-button" onClick={() => setMeasurement(null)}>
            {t('assets.properties.unbind')}
          </button>
        )}
      </div>
      {!bindOnly && <TextAreaField name="Description" label={t('assets.properties.description')} rows={2} value={description} error={errors.Description} onChange={(event) => setDescription(event.target.value)} />}
    </Modal>
  );
}
