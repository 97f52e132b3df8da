import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LICENSED_FEATURES } from '../../domain/licenceFeatures';
import { checkOrganization, generateLicenceKeyPair, issueLicenceToken, parseExpiry, parseFeatures, type KeyKind } from './issue';

// `npm run license -- <command>`: the operator's own licence authority (see README, "Licences").
//   keygen [--out DIR] [--kind ed25519|rsa] [--force]
//   issue  --fingerprint=F --features 'Calculations,Events,ManualEntry=5' --expires 2027-12-31|+365d
//          [--name NAME] [--organization UUID] [--key PRIVATE.pem]   (or HISTORIAN_LICENSE_PRIVATE_KEY)

const USAGE = `Usage:
  npm run license -- keygen [--out DIR] [--kind ed25519|rsa] [--force]
  npm run license -- issue --fingerprint=TOKEN --features LIST --expires DATE [--name NAME]
                           [--organization UUID] [--key PRIVATE_KEY.pem]

  keygen  writes DIR/licence-private.pem (keep it secret) and DIR/licence-public.pem
          (default DIR: ./licence-keys) and prints the public key for HISTORIAN_LICENSE_PUBLIC_KEY.
  issue   prints a licence token for the installation with that fingerprint (Configuration >
          Licence, or the setup wizard; it may start with "-"). LIST is e.g.
          Calculations,Events,ManualEntry=5; DATE is 2027-12-31 (valid through that day, UTC) or
          +365d. The private key comes from --key or from the file named by
          HISTORIAN_LICENSE_PRIVATE_KEY.`;

class UsageError extends Error {}

// npm runs scripts in the package folder; relative paths mean the operator's own folder.
const resolvePath = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

const PRIVATE_FILE = 'licence-private.pem';
const PUBLIC_FILE = 'licence-public.pem';

function keygen(args: string[]): void {
  const { values } = parseArgs({
    args,
    options: { out: { type: 'string', default: 'licence-keys' }, kind: { type: 'string', default: 'ed25519' }, force: { type: 'boolean' } },
  });
  const kind: KeyKind | undefined = values.kind === 'rsa' ? 'rsa' : values.kind === 'ed25519' ? 'ed25519' : undefined;
  if (kind === undefined) throw new UsageError(`--kind must be ed25519 or rsa, not "${values.kind}"`);
  const dir = resolvePath(values.out);
  const privateFile = path.join(dir, PRIVATE_FILE);
  // Overwriting the private key would orphan every licence issued with it.
  if (existsSync(privateFile) && !values.force) throw new UsageError(`${privateFile} exists; pass --force to replace it`);
  const { privateKeyPem, publicKeyPem } = generateLicenceKeyPair(kind);
  mkdirSync(dir, { recursive: true });
  writeFileSync(privateFile, privateKeyPem, { mode: 0o600 });
  writeFileSync(path.join(dir, PUBLIC_FILE), publicKeyPem);
  process.stderr.write(
    `Wrote ${privateFile} (secret: keep it off the historian server) and ${path.join(dir, PUBLIC_FILE)}.\n` +
      `Start the server with HISTORIAN_LICENSE_PUBLIC_KEY set to that file's path or to this key:\n`,
  );
  process.stdout.write(publicKeyPem);
}

function readPrivateKey(option: string | undefined): string {
  const source = option ?? process.env.HISTORIAN_LICENSE_PRIVATE_KEY;
  if (source === undefined || source.trim() === '') throw new UsageError('Give the private key with --key or HISTORIAN_LICENSE_PRIVATE_KEY');
  if (source.trim().startsWith('-----BEGIN')) return source.trim();
  try {
    return readFileSync(resolvePath(source), 'utf8');
  } catch {
    throw new UsageError(`Cannot read the private key file ${source}`);
  }
}

function required(value: string | undefined, name: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value.trim();
}

const ISSUE_OPTIONS = ['fingerprint', 'features', 'expires', 'name', 'organization', 'key'];

/**
 * A fingerprint is base64url and may start with "-", which parseArgs would take for an option
 * ("ambiguous"): the word after --fingerprint is its value unless it is another option of issue.
 */
function joinFingerprintValue(args: readonly string[]): string[] {
  const isOption = (word: string) => ISSUE_OPTIONS.some((name) => word === `--${name}` || word.startsWith(`--${name}=`));
  const joined: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const next = args[i + 1];
    if (args[i] === '--fingerprint' && next !== undefined && !isOption(next)) {
      joined.push(`--fingerprint=${next}`);
      i += 1;
    } else {
      joined.push(args[i]);
    }
  }
  return joined;
}

async function issue(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args: joinFingerprintValue(args),
    options: {
      fingerprint: { type: 'string' },
      features: { type: 'string' },
      expires: { type: 'string' },
      name: { type: 'string', default: 'Historian licence' },
      organization: { type: 'string' },
      key: { type: 'string' },
    },
  });
  const features = parseFeatures(required(values.features, 'features'));
  const unknown = Object.keys(features).filter((name) => !LICENSED_FEATURES.some((known) => known === name));
  if (unknown.length > 0) process.stderr.write(`Warning: the product does not check ${unknown.join(', ')}\n`);
  const token = await issueLicenceToken({
    privateKeyPem: readPrivateKey(values.key),
    fingerprint: required(values.fingerprint, 'fingerprint'),
    features,
    expiresAt: parseExpiry(required(values.expires, 'expires')),
    name: required(values.name, 'name'),
    organization: checkOrganization(values.organization),
  });
  process.stdout.write(`${token}\n`);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'keygen') return keygen(rest);
  if (command === 'issue') return issue(rest);
  throw new UsageError(command === undefined ? 'Give a command' : `Unknown command "${command}"`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message}\n${error instanceof UsageError || error instanceof TypeError ? `\n${USAGE}\n` : ''}`);
  process.exit(2);
});
