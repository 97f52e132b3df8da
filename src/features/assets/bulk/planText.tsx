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
