import { readFileSync } from 'node:fs';
import path from 'node:path';

export function readVersion(): string {
  const manifest: unknown = JSON.parse(readFileSync(path.resolve(__dirname, '../package.json'), 'utf8'));
  if (typeof manifest === 'object' && manifest !== null && 'version' in manifest && typeof manifest.version === 'string') {
    return manifest.version;
  }
  return '0.0.0';
}
