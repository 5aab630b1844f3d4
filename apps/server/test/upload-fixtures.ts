import sharp from 'sharp';

/**
 * An animated GIF just under the 5 MB upload limit: 26 frames of 800 × 208 of a sliding gradient, written
 * without compression (each pixel its own 9-bit LZW code, the table cleared before it grows), so it is big
 * for its pixels and takes milliseconds to make, where a quantising encoder took seconds; WebP keeps the
 * smooth gradient in a fraction of it.
 */
export function fiveMegabyteGif(): Buffer {
  const width = 800;
  const height = 208;
  const frames = 26;
  const palette = Array.from({ length: 256 }, (_, i) => [i, 255 - i, (i * 2) & 0xff]).flat();
  const parts: Buffer[] = [
    Buffer.from('GIF89a'),
    Buffer.from([...le16(width), ...le16(height), 0xf7, 0, 0, ...palette]),
    // Loop forever (NETSCAPE2.0).
    Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 0x03, 0x01, 0, 0, 0]),
  ];
  const pixels = new Uint8Array(width * height);
  for (let f = 0; f < frames; f++) {
    parts.push(Buffer.from([0x21, 0xf9, 0x04, 0x00, ...le16(8), 0, 0]));
    parts.push(Buffer.from([0x2c, ...le16(0), ...le16(0), ...le16(width), ...le16(height), 0x00, 8]));
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels[y * width + x] = (x + y + f * 9) & 0xff;
    parts.push(subBlocks(uncompressedLzw(pixels)));
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}

/** Image data as GIF sub-blocks: up to 255 bytes each after its length, then an empty one. */
function subBlocks(data: Uint8Array): Buffer {
  const out = Buffer.alloc(data.length + Math.ceil(data.length / 255) + 1);
  let at = 0;
  for (let from = 0; from < data.length; from += 255) {
    const block = data.subarray(from, from + 255);
    out[at++] = block.length;
    out.set(block, at);
    at += block.length;
  }
  return out;
}

const le16 = (n: number) => [n & 0xff, n >> 8];

/** 8-bit pixels as GIF LZW codes of 9 bits, least significant bit first, with no code ever reused. */
function uncompressedLzw(pixels: Uint8Array): Uint8Array {
  const CLEAR = 256;
  const END = 257;
  const bytes = new Uint8Array(Math.ceil((((pixels.length * 255) / 254 + 2) * 9) / 8) + 2);
  let length = 0;
  let bits = 0;
  let held = 0;
  const put = (code: number) => {
    held |= code << bits;
    bits += 9;
    while (bits >= 8) {
      bytes[length++] = held & 0xff;
      held >>= 8;
      bits -= 8;
    }
  };
  for (let i = 0; i < pixels.length; i++) {
    // Each code after the first adds a table entry: clearing every 254 keeps every code 9 bits wide.
    if (i % 254 === 0) put(CLEAR);
    put(pixels[i]);
  }
  put(END);
  if (bits > 0) bytes[length++] = held & 0xff;
  return bytes.subarray(0, length);
}

/** A PNG of `width` × `height` that does not compress away once re-encoded (≈ 415 kB kept at 800 × 600). */
export function noisyPng(width: number, height: number): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = (Math.imul(i, 2654435761) >>> 24) & 0xff;
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
