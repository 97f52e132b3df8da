import { assetFields, measurementFields, propertyFields, statusOfFields, worseStatus, type ComparedField, type LinkStatus } from './diff';
import type { InstanceAsset, InstanceProperty, PropertyPrototypeRow, PrototypeRow } from './state';
import { calculationName, renderCalculation, type TemplateAsset } from './templates';

// One instance against its prototype (README.md, "The link"): the compared fields of the asset, of
// each linked property and of the calculation a calculation property made, and which property
// prototypes the instance lacks. The link status and the plan are both read from this.

export interface LinkedProperty {
  propertyPrototype: PropertyPrototypeRow;
  property: InstanceProperty;
  fields: ComparedField[];
  /** The calculation's fields, for a calculation property bound to a calculation. */
  measurementFields: ComparedField[] | null;
  status: LinkStatus;
}

export interface InstanceCompare {
  assetFields: ComparedField[];
  assetStatus: LinkStatus;
  linked: LinkedProperty[];
  /** Linked to a property prototype removed from the prototype (or unknown to it). */
  orphaned: InstanceProperty[];
  /** Property prototypes without a linked property on the instance. */
  missing: PropertyPrototypeRow[];
  unlinked: InstanceProperty[];
}

export const templateAssetOf = (asset: InstanceAsset): TemplateAsset => ({ Name: asset.name, Path: asset.path, Metadata: asset.metadata });

/** The measurement bound to each of the instance's properties, by lower-case name. */
export function measurementsByName(properties: readonly InstanceProperty[]): Map<string, string | null> {
  return new Map(properties.map((property) => [property.name.toLowerCase(), property.measurement_uuid]));
}

/** What the prototype says the calculation of a calculation property should be on this instance. */
export function expectedCalculation(propertyPrototype: PropertyPrototypeRow, asset: InstanceAsset, measurements: ReadonlyMap<string, string | null>) {
  const rendered = renderCalculation(propertyPrototype.calculation_template, (name) => measurements.get(name.toLowerCase()) ?? null);
  return { Name: calculationName(propertyPrototype.name_template, templateAssetOf(asset), propertyPrototype.name), Settings: rendered.settings, unbound: rendered.unbound };
}

export function compareInstance(prototype: PrototypeRow, asset: InstanceAsset, properties: readonly InstanceProperty[]): InstanceCompare {
  const live = new Map(prototype.properties.filter((item) => !item.deleted).map((item) => [item.uuid, item]));
  const measurements = measurementsByName(properties);
  const linked: LinkedProperty[] = [];
  const orphaned: InstanceProperty[] = [];
  const unlinked: InstanceProperty[] = [];
  const covered = new Set<string>();
  for (const property of properties) {
    if (property.property_prototype_uuid === null) {
      unlinked.push(property);
      continue;
    }
    const propertyPrototype = live.get(property.property_prototype_uuid);
    if (!propertyPrototype || covered.has(propertyPrototype.uuid)) {
      orphaned.push(property);
      continue;
    }
    covered.add(propertyPrototype.uuid);
    const fields = propertyFields({ Name: propertyPrototype.name, Description: propertyPrototype.description }, { Name: property.name, Description: property.description }, property.applied);
    let calculation: ComparedField[] | null = null;
    let status: LinkStatus = statusOfFields(fields);
    if (propertyPrototype.kind === 'calculation' && property.calculation !== null) {
      const expected = expectedCalculation(propertyPrototype, asset, measurements);
      calculation = measurementFields(expected, { Name: property.calculation.name, Settings: property.calculation.settings }, property.applied);
      status = worseStatus(status, statusOfFields(calculation));
    }
    linked.push({ propertyPrototype, property, fields, measurementFields: calculation, status });
  }
  const missing = [...live.values()].filter((item) => !covered.has(item.uuid));
  const fields = assetFields(prototype.metadata, asset.metadata, asset.applied);
  const assetStatus: LinkStatus = missing.length > 0 ? 'NeedsUpdate' : statusOfFields(fields);
  return { assetFields: fields, assetStatus, linked, orphaned, missing, unlinked };
}
