/**
 * An independent reading of the Banco Central's BR Code layout, for tests that check what pix-utils
 * produces: written from the manual, sharing no code with the library.
 */

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF) as the manual specifies, in 4 upper-case hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One EMV field: its id, its value's length in two digits, its value. */
export function emv(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}
