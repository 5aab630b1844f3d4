/**
 * ESC/POS bytes as the golden fixtures store them: hex, 32 bytes a line. A change of layout or of the
 * encoder shows up as a diff of these files, looked at on paper before the fixture is replaced.
 */
export const goldenHex = (bytes: Uint8Array) =>
  `${Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd()}\n`;
