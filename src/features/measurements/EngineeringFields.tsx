import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { EngineeringSpecs } from '../../api/generated/historian.gen';
import { Fieldset } from '../../components/form/Fieldset';
import { NumberField, TextField } from '../../components/form/TextFields';

// The engineering specs of a measurement (DOMAIN §1, Attributes.Config): unit, the value range the
// trend's Y axis takes, and the limits drawn as bands.

export const CONFIG = 'Attributes.Config';
const FIELD = {
  uom: `${CONFIG}.UoM`,
  min: `${CONFIG}.ValueMin`,
  max: `${CONFIG}.ValueMax`,
  lo: `${CONFIG}.LimitLo`,
  hi: `${CONFIG}.LimitHi`,
} as const;
export const ENGINEERING_FIELDS: readonly string[] = Object.values(FIELD);

const numberAt = (values: Record<string, unknown>, key: keyof EngineeringSpecs): number | undefined => {
  const attributes = values.Attributes;
  if (typeof attributes !== 'object' || attributes === null) return undefined;
  const config: unknown = Reflect.get(attributes, 'Config');
  if (typeof config !== 'object' || config === null) return undefined;
  const value: unknown = Reflect.get(config, key);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/** Rules between the fields: the range and the limits are ordered, and the limits lie within the range. */
export function engineeringChecks(values: Record<string, unknown>, t: TFunction): Record<string, string[]> {
  const min = numberAt(values, 'ValueMin');
  const max = numberAt(values, 'ValueMax');
  const lo = numberAt(values, 'LimitLo');
  const hi = numberAt(values, 'LimitHi');
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (min !== undefined && max !== undefined && min >= max) add(FIELD.max, t('measurements.engineering.max_above_min'));
  if (lo !== undefined && hi !== undefined && lo > hi) add(FIELD.hi, t('measurements.engineering.hi_above_lo'));
  for (const [field, value] of [
    [FIELD.lo, lo],
    [FIELD.hi, hi],
  ] as const) {
    if (value === undefined) continue;
    if ((min !== undefined && value < min) || (max !== undefined && value > max)) add(field, t('measurements.engineering.limit_in_range'));
  }
  return errors;
}

/** The engineering specs as the body sends them: what is empty is left out. */
export function engineeringSpecs(values: Record<string, unknown>): EngineeringSpecs {
  const specs: EngineeringSpecs = {};
  const attributes = values.Attributes;
  const config: unknown = typeof attributes === 'object' && attributes !== null ? Reflect.get(attributes, 'Config') : undefined;
  const uom: unknown = typeof config === 'object' && config !== null ? Reflect.get(config, 'UoM') : undefined;
  if (typeof uom === 'string' && uom.trim() !== '') specs.UoM = uom.trim();
  for (const key of ['ValueMin', 'ValueMax', 'LimitLo', 'LimitHi'] as const) {
    const value = numberAt(values, key);
    if (value !== undefined) specs[key] = value;
  }
  return specs;
}

export function EngineeringFields({ specs, disabled }: { specs: EngineeringSpecs | undefined; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('measurements.engineering.legend')} disabled={disabled}>
      <TextField name={FIELD.uom} label={t('measurements.engineering.uom')} help={t('measurements.engineering.uom_help')} defaultValue={specs?.UoM ?? ''} />
      <div className="measurement-field-pair">
        <NumberField name={FIELD.min} label={t('measurements.engineering.value_min')} defaultValue={specs?.ValueMin ?? ''} />
        <NumberField name={FIELD.max} label={t('measurements.engineering.value_max')} defaultValue={specs?.ValueMax ?? ''} />
      </div>
      <p className="form-help measurement-pair-help">{t('measurements.engineering.range_help')}</p>
      <div className="measurement-field-pair">
        <NumberField name={FIELD.lo} label={t('measurements.engineering.limit_lo')} defaultValue={specs?.LimitLo ?? ''} />
        <NumberField name={FIELD.hi} label={t('measurements.engineering.limit_hi')} defaultValue={specs?.LimitHi ?? ''} />
      </div>
      <p className="form-help measurement-pair-help">{t('measurements.engineering.limits_help')}</p>
    </Fieldset>
  );
}
