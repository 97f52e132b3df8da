import { CircleMinus, FilePlus2, GitMerge, Link2, Link2Off, Minus, PencilLine, RefreshCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { ImportAction, ImportEntityKind } from '../../../api/generated/historian.gen';
import type { ActionFilter } from './planRules';

// The words and icons of the plan's actions and entity kinds (keys written out, STYLE §13).

const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;

const ACTION_KEYS: Record<Exclude<ActionFilter, 'All'>, string> = {
  New: 'prototypes.bulk.actions.new',
  Update: 'prototypes.bulk.actions.update',
  Overridden: 'prototypes.bulk.actions.overridden',
  'No change': 'prototypes.bulk.actions.no_change',
  'Not linked': 'prototypes.bulk.actions.not_linked',
  'Link & Update': 'prototypes.bulk.actions.link_update',
  'Link & Keep': 'prototypes.bulk.actions.link_keep',
  Conflicts: 'prototypes.bulk.actions.conflicts',
};

export const ACTION_ICONS: Record<Exclude<ActionFilter, 'All'>, ReactNode> = {
  New: <FilePlus2 {...ICON} />,
  Update: <RefreshCw {...ICON} />,
  Overridden: <PencilLine {...ICON} />,
  'No change': <Minus {...ICON} />,
  'Not linked': <Link2Off {...ICON} />,
  'Link & Update': <GitMerge {...ICON} />,
  'Link & Keep': <Link2 {...ICON} />,
  Conflicts: <TriangleAlert {...ICON} />,
};

export const REMOVAL_ICON = <CircleMinus {...ICON} />;

export const actionText = (t: TFunction, action: Exclude<ActionFilter, 'All'>) => t(ACTION_KEYS[action]);

/** A class name part for an action: 'Link & Keep' → 'link-keep'. */
export const actionClass = (action: ImportAction | 'Conflicts') => action.toLowerCase().replace(/[^a-z]+/g, '-');

const KIND_KEYS: Record<ImportEntityKind, string> = {
  asset: 'prototypes.bulk.kinds.asset',
  asset_property: 'prototypes.bulk.kinds.asset_property',
  measurement: 'prototypes.bulk.kinds.measurement',
  event_configuration: 'prototypes.bulk.kinds.event_configuration',
  event_property_configuration: 'prototypes.bulk.kinds.event_property_configuration',
};

export const kindText = (t: TFunction, kind: ImportEntityKind) => t(KIND_KEYS[kind]);

const PROBLEM_KEYS: Record<string, string> = {
  name_taken: 'prototypes.bulk.problems.name_taken',
  calculation_input_unbound: 'prototypes.bulk.problems.calculation_input_unbound',
  calculations_unlicensed: 'prototypes.bulk.problems.calculations_unlicensed',
  no_calculation_collector: 'prototypes.bulk.problems.no_calculation_collector',
  no_database: 'prototypes.bulk.problems.no_database',
  calculation_invalid: 'prototypes.bulk.problems.calculation_invalid',
  calculation_name_taken: 'prototypes.bulk.problems.calculation_name_taken',
  calculations_not_permitted: 'prototypes.bulk.problems.calculations_not_permitted',
};

/** Why a row cannot be applied, in words (server/prototypes/README.md lists the codes); an unknown code is named. */
export const problemText = (t: TFunction, code: string) => (Object.hasOwn(PROBLEM_KEYS, code) ? t(PROBLEM_KEYS[code]) : t('prototypes.bulk.problems.other', { code }));
