import sharp from 'sharp';

/**
 * An animated GIF just under the 5 MB upload limit: 26 frames of 800 × 600 of a sliding gradient,
 * which GIF's 256 colours must dither (so it is big) and WebP keeps smooth (so it need not be).
 */
export async function fiveMegabyteGif(): Promise<Buffer> {
  const width = 800;
  const height = 600;
  const frames = 26;
  const step = 9;
  const wide = width + frames * step;
  const base = Buffer.alloc(wide * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < wide; x++) {
      const i = (y * wide + x) * 3;
      base[i] = x % 256;
      base[i + 1] = (y * 3) % 256;
      base[i + 2] = ((x + y) >> 1) % 256;
    }
  }
  const strip = Buffer.alloc(width * height * frames * 3);
  for (let f = 0; f < frames; f++) {
    for (let y = 0; y < height; y++) {
      base.copy(strip, (f * height + y) * width * 3, (y * wide + f * step) * 3, (y * wide + f * step + width) * 3);
    }
  }
  return sharp(strip, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ delay: 80, effort: 1 })
    .toBuffer();
}

/** A PNG of `width` × `height` that does not compress away once re-encoded (≈ 415 kB kept at 800 × 600). */
export function noisyPng(width: number, height: number): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = (Math.imul(i, 2654435761) >>> 24) & 0xff;
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
