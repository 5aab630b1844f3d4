import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// The demo's drawings (scripts/build-demo-pictures.ts) from Fluent Emoji (MIT) in Iconify JSON: every
// icon is an SVG body drawn on a 32×32 grid.

/**
 * Loads the SVG bodies of the named icons. icons.json is ~100 MB and parsing all of it takes seconds, so
 * the bytes are searched for each icon's entry and only its body string is parsed.
 */
export function loadEmojiBodies(names: Iterable<string>): Map<string, string> {
  const require = createRequire(import.meta.url);
  const raw = readFileSync(require.resolve('@iconify-json/fluent-emoji/icons.json'));
  const bodies = new Map<string, string>();
  // Icons are listed in alphabetical order: looking them up in that order reads the file about once.
  let from = 0;
  for (const name of [...new Set(names)].sort()) {
    const found = iconBody(raw, name, from) ?? iconBody(raw, name, 0);
    if (!found) throw new Error(`fluent-emoji has no icon named "${name}"`);
    bodies.set(name, found.body);
    from = found.end;
  }
  return bodies;
}

/** The body of `"name": { "body": "…"` at or after `from` (an icon, not an alias, which has a parent instead). */
function iconBody(raw: Buffer, name: string, from: number): { body: string; end: number } | null {
  const key = Buffer.from(`"${name}":`);
  for (let at = raw.indexOf(key, from); at >= 0; at = raw.indexOf(key, at + key.length)) {
    const entry = /^\s*\{\s*"body":\s*"/.exec(raw.subarray(at + key.length, at + key.length + 64).toString('utf8'));
    if (!entry) continue;
    const start = at + key.length + Buffer.byteLength(entry[0]) - 1;
    let end = start + 1;
    // The closing quote is the first one not escaped by a backslash.
    while (raw[end] !== 0x22) end += raw[end] === 0x5c ? 2 : 1;
    return { body: JSON.parse(raw.subarray(start, end + 1).toString('utf8')) as string, end: end + 1 };
  }
  return null;
}

/** Prefixes the ids a body defines (gradients, filters, masks) so two icons in one SVG never share an id. */
function scopeIds(body: string, prefix: string): string {
  return body
    .replace(/\sid="([^"]+)"/g, ` id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);
}

function svg(width: number, height: number, content: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${content}</svg>`;
}

function place(body: string, prefix: string, x: number, y: number, size: number, rotate = 0): string {
  const scale = size / 32;
  const turn = rotate ? ` rotate(${rotate} 16 16)` : '';
  return `<g transform="translate(${x} ${y}) scale(${scale})${turn}">${scopeIds(body, prefix)}</g>`;
}

/**
 * A square product picture: the emoji centred on a soft background, with an optional small accent emoji
 * (a topping, a flavour) in the lower right. The emoji stays in the middle band so a 16:9 crop keeps it whole.
 */
export function productImageSvg(main: string, options: { background: string; accent?: string }): string {
  const parts = [
    `<rect width="32" height="32" fill="${options.background}"/>`,
    '<circle cx="16" cy="16" r="11.5" fill="#ffffff" fill-opacity="0.55"/>',
    place(main, 'm', 7.5, 7.5, 17),
  ];
  if (options.accent) {
    parts.push('<circle cx="23" cy="21.5" r="4.6" fill="#ffffff" fill-opacity="0.9"/>');
    parts.push(place(options.accent, 'a', 19.6, 18.1, 6.8));
  }
  return svg(32, 32, parts.join(''));
}

/**
 * A 1200×400 banner in the restaurant's colours with the given emoji scattered over it (up to 10, largest first
 * in the order 5th, 1st, 4th); no text, since the page shows the name.
 */
export function bannerSvg(colors: { primary: string; dark: string; accent: string }, emoji: string[]): string {
  const spots: Array<[number, number, number, number]> = [
    [70, 60, 150, -12],
    [300, 210, 120, 18],
    [520, 40, 96, 8],
    [700, 230, 140, -20],
    [930, 70, 170, 10],
    [1090, 250, 110, -8],
    [170, 300, 70, 25],
    [860, 320, 64, -15],
    [420, 330, 56, 0],
    [620, 150, 60, 30],
  ];
  const dots = Array.from({ length: 48 }, (_, i) => {
    const x = (i * 149) % 1200;
    const y = (i * 83) % 400;
    return `<circle cx="${x}" cy="${y}" r="${3 + (i % 4)}" fill="#ffffff" fill-opacity="0.08"/>`;
  }).join('');
  const items = spots
    .map(([x, y, size, rotate], i) => {
      const body = emoji[i % emoji.length];
      return place(body, `b${i}`, x, y, size, rotate);
    })
    .join('');
  return svg(
    1200,
    400,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors.primary}"/><stop offset="1" stop-color="${colors.dark}"/></linearGradient></defs>` +
      `<rect width="1200" height="400" fill="url(#bg)"/>${dots}` +
      `<path d="M0 340 Q 300 290 600 340 T 1200 330 V400 H0Z" fill="${colors.accent}" fill-opacity="0.18"/>${items}`,
  );
}

/** A round 256×256 logo: the emoji on the primary colour inside a light ring. */
export function logoSvg(colors: { primary: string; accent: string }, emoji: string): string {
  return svg(
    256,
    256,
    `<circle cx="128" cy="128" r="126" fill="${colors.accent}"/>` +
      `<circle cx="128" cy="128" r="112" fill="${colors.primary}"/>` +
      `<circle cx="128" cy="128" r="84" fill="#ffffff" fill-opacity="0.16"/>${place(emoji, 'l', 56, 56, 144)}`,
  );
}
