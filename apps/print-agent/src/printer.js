import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { promisify } from 'node:util';

const TIMEOUT_MS = 10_000;
/**
 * How long a printer has to answer a status request: real ones answer in milliseconds, many never.
 * MEUCARDAPIO_STATUS_MS lengthens it where the printer's side may stall (a busy test process's fake).
 */
const STATUS_TIMEOUT_MS = Number(process.env.MEUCARDAPIO_STATUS_MS) || 1_000;
/** ESC/POS real-time status, paper roll sensor (DLE EOT 4). */
const PAPER_STATUS = Buffer.from([0x10, 0x04, 0x04]);
/** Not on Windows, where opening a device never waits for the other end. */
const NONBLOCK = constants.O_NONBLOCK ?? 0;

export const PAPER_OUT = 'Sem papel';
export const PAPER_LOW = 'Papel acabando';

/** The printer is there but cannot print ('error', e.g. no paper) or cannot be reached ('offline'). */
export class PrinterError extends Error {
  /** @param {string} message @param {'offline' | 'error'} status */
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** `host:port` of a network printer, or null for a device path (`/dev/usb/lp0`, `COM3`, `\\pc\impressora`). */
export function networkAddress(connection) {
  const m = /^([A-Za-z0-9.-]+|\[[0-9a-fA-F:]+\]):(\d{1,5})$/.exec(connection.trim());
  return m ? { host: m[1].replace(/^\[|\]$/g, ''), port: Number(m[2]) } : null;
}

/** A serial port name on Windows is opened through the device namespace. */
const devicePath = (connection) => (/^COM\d+$/i.test(connection) ? `\\\\.\\${connection}` : connection);

/** A real-time status byte has bits 1 and 4 set and bits 0 and 7 clear; anything else is not an answer. */
const isStatusByte = (b) => (b & 0x93) === 0x12;

/** DLE EOT 4's answer: bits 5–6 set when the roll's end was detected, bits 2–3 when it is near. */
export function paperState(byte) {
  if (byte & 0x60) return 'out';
  if (byte & 0x0c) return 'low';
  return 'ok';
}

/** Whether each printer (by its connection) answered its last status request; printers that never do are not asked while printing. */
const answersStatus = new Map();

function openSocket(address) {
  return new Promise((resolve, reject) => {
    const socket = connect(address);
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error('A impressora não respondeu a tempo')));
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
  });
}

/** Asks the paper sensor; null when the printer did not answer in time. */
function askPaper(socket) {
  return new Promise((resolve) => {
    const done = (state) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', onClose);
      resolve(state);
    };
    const onData = (chunk) => {
      const byte = chunk.find(isStatusByte);
      if (byte !== undefined) done(paperState(byte));
    };
    const onClose = () => done(null);
    const timer = setTimeout(() => done(null), STATUS_TIMEOUT_MS);
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.write(PAPER_STATUS);
  });
}

/** The paper state of a printer on an open connection, remembering whether it answers at all. */
async function paperOf(connection, socket) {
  const state = await askPaper(socket);
  answersStatus.set(connection, state !== null);
  return state;
}

/**
 * A network printer (raw TCP, port 9100) gets the ticket only while it has paper: asked before (so a
 * printer known to be out of paper is sent nothing, and keeps nothing to print twice later) and after
 * the bytes (the roll ran out during this ticket). A printer that does not answer status prints as it
 * always did: the bytes written and our side closed is "delivered" (decision 080).
 */
async function deliverNetwork(connection, address, bytes) {
  const socket = await openSocket(address);
  /** @type {Error | null} */
  let failure = null;
  socket.on('error', (err) => {
    failure ??= err;
  });
  try {
    const asks = answersStatus.get(connection) !== false;
    if (asks && (await paperOf(connection, socket)) === 'out') throw new PrinterError(PAPER_OUT, 'error');
    await new Promise((resolve, reject) => socket.write(bytes, (err) => (err ? reject(err) : resolve())));
    if (failure) throw failure;
    if (asks && answersStatus.get(connection) && (await paperOf(connection, socket)) === 'out') {
      throw new PrinterError(PAPER_OUT, 'error');
    }
    await new Promise((resolve) => {
      // Most printers close their side once ours is closed; an error now no longer means the ticket is lost.
      const grace = setTimeout(() => socket.destroy(), 2_000);
      socket.once('close', () => {
        clearTimeout(grace);
        resolve();
      });
      socket.end();
    });
  } finally {
    socket.destroy();
  }
}

/**
 * Opens a device only if something is there to take the bytes: without creating a file of that name,
 * and (where the system has it) without waiting for a pipe nobody reads.
 */
async function openDevice(connection) {
  const path = devicePath(connection);
  const check = await open(path, constants.O_WRONLY | NONBLOCK);
  if (NONBLOCK === 0) return check;
  await check.close();
  return open(path, constants.O_WRONLY);
}

/** A USB or serial printer, or a shared one: the bytes are written to the device; it answers no status. */
async function deliverDevice(connection, bytes) {
  const handle = await openDevice(connection);
  try {
    await handle.writeFile(bytes);
  } finally {
    await handle.close();
  }
}

/** Hands the bytes to the printer and resolves once it took them all; an error means it did not. */
export function deliver(connection, bytes) {
  const address = networkAddress(connection);
  return address ? deliverNetwork(connection, address, bytes) : deliverDevice(connection, bytes);
}

/** Whether the printer answers and has paper, and in the restaurant's words what is wrong. */
export async function probe(connection) {
  const address = networkAddress(connection);
  if (!address) {
    try {
      await (await openDevice(connection)).close();
      return { status: 'online', message: null };
    } catch (err) {
      return { status: 'offline', message: describe(err) };
    }
  }
  let socket;
  try {
    socket = await openSocket(address);
  } catch (err) {
    return { status: 'offline', message: describe(err) };
  }
  socket.on('error', () => {});
  const paper = await paperOf(connection, socket);
  socket.destroy();
  if (paper === 'out') return { status: 'error', message: PAPER_OUT };
  return { status: 'online', message: paper === 'low' ? PAPER_LOW : null };
}

/** The names USB and serial printers take under /dev on Linux: `usb/lp0`, `lp0`, `ttyUSB0`, `ttyACM0`. */
const DEVICE_NAMES = [/^usb\/lp\d+$/, /^lp\d+$/, /^ttyUSB\d+$/, /^ttyACM\d+$/];

/** The serial ports Windows knows, from the registry (no native module needed): `COM3`. */
async function windowsPorts() {
  try {
    const { stdout } = await promisify(execFile)('reg', ['query', 'HKLM\\HARDWARE\\DEVICEMAP\\SERIALCOMM']);
    return [...new Set(stdout.match(/COM\d+/g) ?? [])].sort();
  } catch {
    return [];
  }
}

/**
 * The USB and serial printers this computer has, as paths the owner can give a printer (Configurações →
 * Impressoras lists them under the agent). A shared Windows printer (`\\pc\impressora`) is typed by hand.
 */
export async function listDevices(root = '/dev') {
  if (process.platform === 'win32') return windowsPorts();
  const found = [];
  for (const dir of ['', 'usb']) {
    const names = await readdir(dir ? `${root}/${dir}` : root).catch(() => []);
    for (const name of names) {
      const relative = dir ? `${dir}/${name}` : name;
      if (DEVICE_NAMES.some((re) => re.test(relative))) found.push(`${root}/${relative}`);
    }
  }
  return found.sort();
}

/** An error of the printer as the board shows it. */
export function describe(err) {
  const code = err && typeof err === 'object' && 'code' in err ? err.code : null;
  if (code === 'ECONNREFUSED') return 'Impressora recusou a conexão (desligada?)';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'Impressora fora da rede';
  if (code === 'ENOENT') return 'Dispositivo não encontrado';
  // A named pipe or port that nothing reads on the other end.
  if (code === 'ENXIO' || code === 'ENODEV') return 'Dispositivo desconectado';
  if (code === 'EACCES' || code === 'EPERM') return 'Sem permissão para usar o dispositivo';
  if (code === 'EBUSY') return 'Dispositivo em uso por outro programa';
  return err instanceof Error ? err.message : String(err);
}
