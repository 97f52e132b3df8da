import { History } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { calculationFieldNames } from './calculationDraft';

// What the measurement drawer shows of a calculation (the parts the app plugs into the drawer,
// src/features/measurements/calculationSlots.ts), loaded only when a calculation is opened: neither
// the sign-in route nor the measurements list carries the editor, the preview or CodeMirror.

const Fields = lazy(async () => ({ default: (await import('./CalculationFields')).CalculationFields }));
const State = lazy(async () => ({ default: (await import('./CalculationState')).CalculationState }));
const Backfill = lazy(async () => ({ default: (await import('./BackfillDialog')).BackfillDialog }));

function Loading() {
  const { t } = useTranslation();
  return <p role="status">{t('table.loading')}</p>;
}

export function LazyCalculationFields(props: ComponentProps<typeof Fields>) {
  return (
    <Suspense fallback={<Loading />}>
      <Fields {...props} />
    </Suspense>
  );
}

export function LazyCalculationState(props: ComponentProps<typeof State>) {
  return (
    <Suspense fallback={<Loading />}>
      <State {...props} />
    </Suspense>
  );
}

/** The drawer's Backfill button and its dialog. */
export function BackfillButton({ calculationUuid, name }: { calculationUuid: string; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        <History size={16} aria-hidden />
        {t('calculations.backfill.open')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <Backfill calculationUuid={calculationUuid} name={name} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The parts the app hands the measurement drawer; INPUTS_MAX (50) inputs with their field errors. */
export const calculationSlots = {
  Fields: LazyCalculationFields,
  State: LazyCalculationState,
  BackfillButton,
  fieldNames: calculationFieldNames(50),
};
