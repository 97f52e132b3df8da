import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'ldapts';
import { aptInstall, freePort } from '../../testing/services';

// A throw-away OpenLDAP (Debian's slapd) for integration tests: start once per test file, stop in
// afterAll. It listens on 127.0.0.1 only, ldap:// (with StartTLS) and ldaps://, with a self-signed
// certificate made by openssl for 127.0.0.1. The directory: dc=example,dc=test with people and
// groupOfNames groups; the memberof overlay keeps memberOf on the people, which is what the
// provider's default group attribute reads. Entries go in over LDAP after the start (slapadd would
// bypass the overlay). Runs as whoever runs the tests, root included (no -u/-g).

const run = promisify(execFile);
const SLAPD = '/usr/sbin/slapd';
export const LDAP_SUFFIX = 'dc=example,dc=test';
export const LDAP_ADMIN_DN = `cn=admin,${LDAP_SUFFIX}`;
export const LDAP_ADMIN_PASSWORD = 'admin-secret';
export const LDAP_PEOPLE = `ou=people,${LDAP_SUFFIX}`;
export const LDAP_GROUPS = `ou=groups,${LDAP_SUFFIX}`;

export interface LdapPerson {
  uid: string;
  password: string;
  groups: string[];
}

export interface TestLdapServer {
  url: string;
  ldapsUrl: string;
  /** PEM of the self-signed certificate (its own CA). */
  certificate: string;
  personDn(uid: string): string;
  groupDn(cn: string): string;
  stop(): Promise<void>;
}

async function ensureSlapd(): Promise<void> {
  if (existsSync(SLAPD)) return;
  await aptInstall(['slapd', 'ldap-utils']);
}


function config(dir: string): string {
  return `include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
include /etc/ldap/schema/nis.schema
modulepath /usr/lib/ldap
moduleload back_mdb
moduleload memberof
pidfile ${dir}/slapd.pid
argsfile ${dir}/slapd.args
TLSCertificateFile ${dir}/server.crt
TLSCertificateKeyFile ${dir}/server.key
database mdb
maxsize 16777216
suffix "${LDAP_SUFFIX}"
rootdn "${LDAP_ADMIN_DN}"
rootpw ${LDAP_ADMIN_PASSWORD}
directory ${dir}/data
overlay memberof
memberof-group-oc groupOfNames
memberof-member-ad member
memberof-memberof-ad memberOf
access to attrs=userPassword by self write by anonymous auth by * none
access to * by * read
`;
}

async function waitForLdap(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`slapd exited with ${child.exitCode}: ${output()}`);
    const client = new Client({ url, connectTimeout: 500, timeout: 1000 });
    try {
      await client.bind(LDAP_ADMIN_DN, LDAP_ADMIN_PASSWORD);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }
  throw new Error(`slapd did not answer: ${output()}`);
}

async function load(url: string, people: readonly LdapPerson[]): Promise<void> {
  const client = new Client({ url, timeout: 5000 });
  await client.bind(LDAP_ADMIN_DN, LDAP_ADMIN_PASSWORD);
  try {
    await client.add(LDAP_SUFFIX, { objectClass: ['dcObject', 'organization'], dc: 'example', o: 'Example' });
    await client.add(LDAP_PEOPLE, { objectClass: 'organizationalUnit', ou: 'people' });
    await client.add(LDAP_GROUPS, { objectClass: 'organizationalUnit', ou: 'groups' });
    for (const person of people) {
      await client.add(`uid=${person.uid},${LDAP_PEOPLE}`, {
        objectClass: 'inetOrgPerson',
        uid: person.uid,
        cn: person.uid,
        sn: person.uid,
        mail: `${person.uid}@example.test`,
        userPassword: person.password,
      });
    }
    const groups = [...new Set(people.flatMap((person) => person.groups))];
    for (const group of groups) {
      const members = people.filter((person) => person.groups.includes(group)).map((person) => `uid=${person.uid},${LDAP_PEOPLE}`);
      await client.add(`cn=${group},${LDAP_GROUPS}`, { objectClass: 'groupOfNames', cn: group, member: members });
    }
  } finally {
    await client.unbind();
  }
}

export async function startLdapServer(people: readonly LdapPerson[]): Promise<TestLdapServer> {
  await ensureSlapd();
  const dir = await mkdtemp(path.join(tmpdir(), 'historian-ldap-'));
  await mkdir(path.join(dir, 'data'));
  await run('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', path.join(dir, 'server.key'), '-out', path.join(dir, 'server.crt'),
  ]);
  await writeFile(path.join(dir, 'slapd.conf'), config(dir));
  const [port, tlsPort] = [await freePort(), await freePort()];
  const url = `ldap://127.0.0.1:${port}`;
  const ldapsUrl = `ldaps://127.0.0.1:${tlsPort}`;
  let log = '';
  // -d 0: stay in the foreground, so the child is slapd itself and dies with a kill.
  const child = spawn(SLAPD, ['-f', path.join(dir, 'slapd.conf'), '-h', `${url}/ ${ldapsUrl}/`, '-d', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const onExit = () => child.kill('SIGKILL');
  process.once('exit', onExit);
  const stop = async () => {
    process.removeListener('exit', onExit);
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitForLdap(url, child, () => log);
    await load(url, people);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    ldapsUrl,
    certificate: await readFile(path.join(dir, 'server.crt'), 'utf8'),
    personDn: (uid) => `uid=${uid},${LDAP_PEOPLE}`,
    groupDn: (cn) => `cn=${cn},${LDAP_GROUPS}`,
    stop,
  };
}
