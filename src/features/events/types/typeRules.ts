import type { EventPropertyDatatype, EventType, EventTypeProperty, EventTypePropertyRead } from '../../../api/generated/historian.gen';

// The property lines of the event type drawer: what the user edits in place, and which calls
// saving them takes (create the new, update the changed, delete the removed).

export interface PropertyLine {
  key: string;
  /** The stored property; undefined for a line not saved yet. */
  uuid?: string;
  Name: string;
  Description: string;
  Datatype: EventPropertyDatatype;
  Type: EventType;
  UoM: string;
  /** Why the server refused this line, in words. */
  error?: string;
}

let lastKey = 0;
export const newLineKey = () => `line-${++lastKey}`;

export const newLine = (): PropertyLine => ({ key: newLineKey(), Name: '', Description: '', Datatype: 'number', Type: 'simple', UoM: '' });

export function linesOf(properties: readonly EventTypePropertyRead[]): PropertyLine[] {
  return properties.map((property) => ({
    key: property.UUID,
    uuid: property.UUID,
    Name: property.Name,
    Description: property.Description ?? '',
    Datatype: property.Datatype,
    Type: property.Type,
    UoM: property.UoM ?? '',
  }));
}

export function bodyOf(line: PropertyLine, typeUuid: string): EventTypeProperty {
  return { EventTypeUUID: typeUuid, Name: line.Name.trim(), Description: line.Description, Datatype: line.Datatype, Type: line.Type, UoM: line.UoM.trim() };
}

/** A line differs from what is stored. */
export function lineChanged(line: PropertyLine, stored: EventTypePropertyRead | undefined): boolean {
  if (!stored) return true;
  return line.Name.trim() !== stored.Name || line.Description !== (stored.Description ?? '') || line.Datatype !== stored.Datatype || line.Type !== stored.Type || line.UoM.trim() !== (stored.UoM ?? '');
}

/** Problems the form sees before sending: an empty or repeated name, a periodic property that is not a number. */
export function lineProblems(lines: readonly PropertyLine[]): Record<string, 'empty' | 'duplicate' | 'periodic'> {
  const problems: Record<string, 'empty' | 'duplicate' | 'periodic'> = {};
  const seen = new Set<string>();
  for (const line of lines) {
    const name = line.Name.trim().toLowerCase();
    if (name === '') problems[line.key] = 'empty';
    else if (seen.has(name)) problems[line.key] = 'duplicate';
    else if (line.Type !== 'simple' && line.Datatype !== 'number') problems[line.key] = 'periodic';
    seen.add(name);
  }
  return problems;
}
