import type { DataTableColumn } from './types';

// Fixtures of the DataTable tests: a few collectors with a status, a version and a platform.

export interface Machine {
  id: string;
  name: string;
  status: string;
  version: number;
  os: string;
  arch: string;
}

export const machines: Machine[] = [
  { id: 'm1', name: 'Pump 10', status: 'Active', version: 3, os: 'linux', arch: 'amd64' },
  { id: 'm2', name: 'pump 2', status: 'Paused', version: 12, os: 'windows', arch: 'arm64' },
  { id: 'm3', name: 'Boiler', status: 'Initial', version: 7, os: 'linux', arch: 'arm64' },
];

export const machineColumns: DataTableColumn<Machine>[] = [
  { id: 'name', header: 'Name', value: (m) => m.name },
  { id: 'status', header: 'Status', value: (m) => m.status },
  { id: 'version', header: 'Version', value: (m) => m.version, align: 'end', footer: (rows) => `max ${Math.max(...rows.map((r) => r.version))}` },
  {
    id: 'platform',
    header: 'Platform',
    stack: [
      { id: 'os', label: 'OS', value: (m) => m.os },
      { id: 'arch', label: 'Arch', value: (m) => m.arch },
    ],
  },
];

export const machineId = (m: Machine) => m.id;
