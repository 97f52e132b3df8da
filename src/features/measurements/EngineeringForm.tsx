import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateMeasurementMutation } from '../../api/areas/measurements';
import type { MeasurementRead } from '../../api/generated/historian.gen';
import { Form } from '../../components/form/Form';
import { FormActions } from '../../components/form/FormActions';
import { useFormErrors } from '../../components/form/useFormErrors';
import { EngineeringFields, engineeringChecks, engineeringSpecs, ENGINEERING_FIELDS } from './EngineeringFields';

export interface EngineeringFormProps {
  id: string;
  measurement: MeasurementRead;
  canManage: boolean;
  onCancel: () => void;
}

/** The Engineering tab: unit, value range and limits of a stored measurement, saved with the rest of it unchanged. */
export function EngineeringForm({ id, measurement, canManage, onCancel }: EngineeringFormProps) {
  const { t } = useTranslation();
  const formErrors = useFormErrors();
  const [update, state] = useUpdateMeasurementMutation();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const submit = async (values: Record<string, unknown>) => {
    const { UUID, CollectorName: _collector, DatabaseName: _database, LastPoint: _last, Quality: _quality, CreatedAt: _c, UpdatedAt: _u, CreatedBy: _cb, UpdatedBy: _ub, ...stored } = measurement;
    const result = await update({ id: UUID, measurement: { ...stored, Attributes: { ...stored.Attributes, Config: engineeringSpecs(values) } } });
    setErrors(result.error ? formErrors(result.error, ENGINEERING_FIELDS) : {});
  };
  return (
    <Form id={id} mode={canManage ? 'edit' : 'read'} errors={errors} checks={(values) => engineeringChecks(values, t)} onSubmit={(values) => void submit(values)} className="measurement-form">
      <EngineeringFields specs={measurement.Attributes?.Config} />
      {canManage && <FormActions onCancel={onCancel} formId={id} busy={state.isLoading} />}
    </Form>
  );
}
