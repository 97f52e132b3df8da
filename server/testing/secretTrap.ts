import { createServer, type Socket } from 'node:net';

// A listener on loopback standing in for a host an attacker names in place of the stored one: it
// records every connection and every byte it is sent, then hangs up, so a test can assert that a
// stored secret never reached it (nor did anything else).

export interface SecretTrap {
  /** ldap://, http://… address parts of the trap. */
  host: string;
  port: number;
  connections: number;
  /** Everything received, as latin1 text (a password shows up in it as sent). */
  received(): string;
  close(): Promise<void>;
}

export async function openSecretTrap(): Promise<SecretTrap> {
  const sockets = new Set<Socket>();
  const chunks: Buffer[] = [];
  const trap = {
    host: '127.0.0.1',
    port: 0,
    connections: 0,
    received: () => Buffer.concat(chunks).toString('latin1'),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((socket) => {
    trap.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    // Hang up after the first bytes: whoever connected gets an error at once instead of a wait.
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      socket.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  trap.port = typeof address === 'object' && address ? address.port : 0;
  return trap;
}
