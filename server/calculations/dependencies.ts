import type { Db } from '../db/db';
import { kyselyOf } from '../db/kysely';
import { isRecord } from '../collectors/settingsRules';
import { CALCULATION_COLLECTOR_TYPE } from '../collectors/defaults';
import { inputsOf } from './calculationSettings';

// The calculation graph of an organization (DOMAIN.md §2): each calculation and the measurements
// it reads. Edges go from a calculation to its inputs; an input may be any measurement, itself a
// calculation or not. Saving refuses a cycle (findCycle); a change to some measurements recomputes
// the calculations that read them, directly or through others, in dependency order
// (downstreamOrder: B after A when B reads A).

export interface CalculationNode {
  uuid: string;
  name: string;
  /** The measurement UUIDs it reads, in the order of its inputs, without repeats. */
  inputs: string[];
}

export type CalculationGraph = Map<string, CalculationNode>;

/** Builds a graph from nodes (tests, or a graph with one calculation changed). */
export function graphOf(nodes: readonly CalculationNode[]): CalculationGraph {
  return new Map(nodes.map((node) => [node.uuid, { ...node, inputs: [...new Set(node.inputs)] }]));
}

/** The organization's calculations that are not Deleted, with their inputs. */
export async function loadCalculationGraph(db: Db, organizationUuid: string): Promise<CalculationGraph> {
  const rows = await kyselyOf(db)
    .selectFrom('measurements as m')
    .innerJoin('collectors as c', 'c.uuid', 'm.collector_uuid')
    .select(['m.uuid', 'm.name', 'm.settings'])
    .where('c.organization_uuid', '=', organizationUuid)
    .where('c.collector_type', '=', CALCULATION_COLLECTOR_TYPE)
    .where('m.status', '!=', 'Deleted')
    .execute();
  return graphOf(
    rows.map((row) => ({ uuid: row.uuid, name: row.name, inputs: inputsOf(isRecord(row.settings) ? row.settings : {}).map((input) => input.MeasurementUUID) })),
  );
}

/**
 * The cycle that `changed` (a calculation as it would be saved) closes, as UUIDs from `changed`
 * back to it (`[A, B, A]` when A reads B and B reads A; `[A, A]` when A reads itself), or null.
 * The graph holds the stored calculations; `changed` replaces its stored version.
 */
export function findCycle(graph: CalculationGraph, changed: CalculationNode): string[] | null {
  const readsOf = (uuid: string) => (uuid === changed.uuid ? changed.inputs : (graph.get(uuid)?.inputs ?? []));
  const done = new Set<string>();
  const path: string[] = [changed.uuid];
  const onPath = new Set(path);
  // Depth first with an explicit stack: a chain of thousands of calculations must not overflow.
  const stack: { uuid: string; next: number }[] = [{ uuid: changed.uuid, next: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const reads = readsOf(top.uuid);
    if (top.next >= reads.length) {
      done.add(top.uuid);
      stack.pop();
      onPath.delete(path.pop()!);
      continue;
    }
    const input = reads[top.next++];
    if (input === changed.uuid) return [...path, input];
    if (done.has(input) || !graph.has(input) || onPath.has(input)) continue;
    stack.push({ uuid: input, next: 0 });
    path.push(input);
    onPath.add(input);
  }
  return null;
}

/**
 * The calculations to recompute after the values of `startUuids` changed: every calculation that
 * reads one of them, directly or through other calculations, each once, in dependency order (B
 * after A when B reads A; ties by name). A start that is itself downstream of another start is
 * included; one that is not is left out (its values are the change). Should the graph hold a cycle
 * nonetheless, its calculations come last, by name, rather than never.
 */
export function downstreamOrder(graph: CalculationGraph, startUuids: readonly string[]): string[] {
  const readers = new Map<string, string[]>();
  for (const node of graph.values()) for (const input of node.inputs) (readers.get(input) ?? readers.set(input, []).get(input)!).push(node.uuid);

  // Everything reachable from the starts along "is read by".
  const affected = new Set<string>();
  const queue = startUuids.flatMap((uuid) => readers.get(uuid) ?? []);
  while (queue.length > 0) {
    const uuid = queue.pop()!;
    if (affected.has(uuid)) continue;
    affected.add(uuid);
    queue.push(...(readers.get(uuid) ?? []));
  }

  // Kahn's algorithm within the affected set.
  const byName = (a: string, b: string) => graph.get(a)!.name.localeCompare(graph.get(b)!.name) || a.localeCompare(b);
  const waiting = new Map<string, number>();
  for (const uuid of affected) waiting.set(uuid, graph.get(uuid)!.inputs.filter((input) => affected.has(input)).length);
  let ready = [...affected].filter((uuid) => waiting.get(uuid) === 0).sort(byName);
  const order: string[] = [];
  while (ready.length > 0) {
    const next: string[] = [];
    for (const uuid of ready) {
      order.push(uuid);
      for (const reader of readers.get(uuid) ?? []) {
        if (!affected.has(reader)) continue;
        const left = waiting.get(reader)! - 1;
        waiting.set(reader, left);
        if (left === 0) next.push(reader);
      }
    }
    ready = next.sort(byName);
  }
  if (order.length < affected.size) order.push(...[...affected].filter((uuid) => !order.includes(uuid)).sort(byName));
  return order;
}
