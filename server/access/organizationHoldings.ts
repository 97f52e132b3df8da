import type { Db } from '../db/db';
import { organizationsRepository } from '../repositories/organizations';

// What goes with an organization when it is deleted (the rule that deletion "asks for confirmation
// and says what goes with it"). Every table with an organization_uuid column counts, so the tables
// added later (collectors, databases, …) are counted without a change here. The system
// groups and other is_system rows that every organization starts with do not make an organization
// "hold data"; users count only when they go too (created there, in no other one).

export type Holdings = Record<string, number>;

export async function holdingsOf(db: Db, organizationUuid: string): Promise<Holdings> {
  const counts = await organizationsRepository(db).holdingCounts(organizationUuid);
  return Object.fromEntries(counts.filter(([, count]) => count > 0));
}
