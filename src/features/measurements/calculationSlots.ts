import { createContext, type ComponentType } from 'react';
import type { MeasurementRead } from '../../api/generated/historian.gen';

// Where the calculation editor (src/features/calculations) plugs into the measurement drawer.
// Features do not import each other, so the app provides the parts (app/AppShell.tsx); without
// them a calculation's settings show as the collector's schema form, as any measurement's do.

export interface CalculationSlots {
  /** The Settings fieldset of a calculation: type, interval, inputs, script, preview. */
  Fields: ComponentType<{ settings: Record<string, unknown> | undefined; calculationUuid?: string; name: string }>;
  /** The drawer's Live state tab. */
  State: ComponentType<{ measurement: Pick<MeasurementRead, 'UUID' | 'Status'>; canManage: boolean }>;
  /** The drawer's Backfill button with its dialog. */
  BackfillButton: ComponentType<{ calculationUuid: string; name: string }>;
  /** The field paths of Fields, so that a save's errors land on them. */
  fieldNames: readonly string[];
}

export const CalculationSlotsContext = createContext<CalculationSlots | null>(null);
