import { constants } from 'node:fs';
import { access, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';

const TIMEOUT_MS = 10_000;

/** `host:port` of a network printer, or null for a device path (`/dev/usb/lp0`, `COM3`, `\\pc\impressora`). */
export function networkAddress(connection) {
  const m = /^([A-Za-z0-9.-]+|\[[0-9a-fA-F:]+\]):(\d{1,5})$/.exec(connection.trim());
  return m ? { host: m[1].replace(/^\[|\]$/g, ''), port: Number(m[2]) } : null;
}

/** A serial port name on Windows is opened through the device namespace. */
const devicePath = (connection) => (/^COM\d+$/i.test(connection) ? `\\\\.\\${connection}` : connection);

/**
 * Hands the bytes to the printer and resolves once it took them all. A network printer (raw TCP, port
 * 9100) has them once every byte was written and our side closed; most then close theirs, which is
 * waited for briefly. An error before that point means the printer did not get the ticket.
 */
export function deliver(connection, bytes) {
  const address = networkAddress(connection);
  if (!address) return writeFile(devicePath(connection), bytes);
  return new Promise((resolve, reject) => {
    const socket = connect(address);
    let written = false;
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error('A impressora não respondeu a tempo')));
    socket.once('error', (err) => (written ? resolve() : reject(err)));
    socket.once('connect', () => socket.end(bytes));
    socket.once('finish', () => {
      written = true;
      const grace = setTimeout(() => socket.destroy(), 2_000);
      socket.once('close', () => {
        clearTimeout(grace);
        resolve();
      });
    });
  });
}

/** Whether the printer answers, and in the restaurant's words why not. */
export async function probe(connection) {
  const address = networkAddress(connection);
  if (!address) {
    try {
      await access(devicePath(connection), constants.W_OK);
      return { status: 'online', message: null };
    } catch {
      return { status: 'offline', message: `Dispositivo ${connection} não encontrado` };
    }
  }
  return new Promise((resolve) => {
    const socket = connect(address);
    socket.setTimeout(3_000, () => socket.destroy(new Error('timeout')));
    socket.once('connect', () => {
      socket.destroy();
      resolve({ status: 'online', message: null });
    });
    socket.once('error', (err) => resolve({ status: 'offline', message: describe(err) }));
  });
}

/** An error of the connection as the board shows it. */
export function describe(err) {
  const code = err && typeof err === 'object' && 'code' in err ? err.code : null;
  if (code === 'ECONNREFUSED') return 'Impressora recusou a conexão (desligada?)';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'Impressora fora da rede';
  if (code === 'ENOENT') return 'Dispositivo não encontrado';
  return err instanceof Error ? err.message : String(err);
}
