// Draws the demo restaurant's pictures into packages/db/src/seed/demo-pictures/ from Fluent Emoji (MIT)
// and keeps each one as an owner's upload is kept (the server's imageVariants: WebP in the standard
// widths). Run after changing the demo's products, categories or colours:
//   node --import tsx scripts/build-demo-pictures.ts
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATEGORIES, COLORS } from '@meucardapio/db/seed/demo-menu';
import {
  DEMO_PICTURES,
  DEMO_PICTURES_DIR,
  type DemoPicture,
  demoPictureFile,
} from '@meucardapio/db/seed/demo-pictures';
import { PRODUCTS } from '@meucardapio/db/seed/demo-products';
import { variantWidths } from '@meucardapio/domain/image-variants';
import sharp from 'sharp';
import { imageVariants } from '../apps/server/src/modules/files/image-variants';
import { bannerSvg, loadEmojiBodies, logoSvg, productImageSvg } from './demo-art';

const BANNER_EMOJI = [
  'pizza',
  'tomato',
  'pizza',
  'cheese-wedge',
  'pizza',
  'pizza',
  'tomato',
  'herb',
  'cheese-wedge',
  'herb',
];

const emojiNames = new Set([...BANNER_EMOJI, ...PRODUCTS.flatMap((p) => (p.accent ? [p.icon, p.accent] : [p.icon]))]);
const emoji = loadEmojiBodies(emojiNames);
const body = (name: string) => emoji.get(name) as string;
const background = new Map(CATEGORIES.map((c) => [c.key, c.background]));

const drawings = new Map<string, { picture: DemoPicture; svg: string; svgWidth: number }>();
drawings.set('logo', {
  picture: DEMO_PICTURES.logo,
  svg: logoSvg({ primary: COLORS.primary, accent: COLORS.accent }, body('pizza')),
  svgWidth: 256,
});
drawings.set('banner', {
  picture: DEMO_PICTURES.banner,
  svg: bannerSvg({ primary: COLORS.primary, dark: COLORS.dark, accent: COLORS.accent }, BANNER_EMOJI.map(body)),
  svgWidth: 1200,
});
for (const p of PRODUCTS) {
  const picture = DEMO_PICTURES.product(p);
  drawings.set(picture.name, {
    picture,
    svg: productImageSvg(body(p.icon), {
      background: background.get(p.category) as string,
      accent: p.accent ? body(p.accent) : undefined,
    }),
    svgWidth: 32,
  });
}

const dir = fileURLToPath(DEMO_PICTURES_DIR);
mkdirSync(dir, { recursive: true });
for (const name of readdirSync(dir)) if (name.endsWith('.webp')) rmSync(join(dir, name));
for (const { picture, svg, svgWidth } of drawings.values()) {
  // Drawn at the picture's width as a lossless PNG, then kept exactly as an upload of that PNG would be.
  const png = await sharp(Buffer.from(svg), { density: (72 * picture.width) / svgWidth })
    .resize({ width: picture.width })
    .png()
    .toBuffer();
  const { files } = await imageVariants(png);
  variantWidths(picture.width).forEach((width, i) => {
    writeFileSync(demoPictureFile(picture.name, width), files[i].data);
  });
}
console.log(`${drawings.size} pictures in ${dir}`);
