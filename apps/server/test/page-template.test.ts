import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pageTemplate } from '../src/web/page-template';

/*
 * The chunk lists of a server-rendered menu, from a build manifest shaped as Vite writes it: a module
 * another page imports as well (the product dialog, also the waiter's) is a shared chunk keyed by its
 * hashed file, with no source path.
 */
const MENU = 'src/features/storefront/menu-page.tsx';
const manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_runtime-r.js'] },
  '_runtime-r.js': { file: 'assets/runtime-r.js' },
  'src/main.tsx': { file: 'assets/main-m.js', imports: ['_runtime-r.js'] },
  [MENU]: {
    file: 'assets/menu-page-p.js',
    name: 'menu-page',
    src: MENU,
    imports: ['src/main.tsx', '_cart-c.js'],
    dynamicImports: [
      'src/features/storefront/checkout/checkout-dialog.tsx',
      '_product-dialog-d.js',
      'src/features/storefront/components/cart-dialog.tsx',
      'src/features/storefront/components/reviews-tab.tsx',
    ],
  },
  '_cart-c.js': { file: 'assets/cart-c.js', name: 'cart' },
  '_product-dialog-d.js': {
    file: 'assets/product-dialog-d.js',
    name: 'product-dialog',
    imports: ['src/main.tsx', '_quantity-q.js'],
  },
  '_quantity-q.js': { file: 'assets/quantity-q.js', name: 'quantity-stepper' },
  'src/features/storefront/checkout/checkout-dialog.tsx': {
    file: 'assets/checkout-dialog-k.js',
    name: 'checkout-dialog',
    isDynamicEntry: true,
  },
  'src/features/storefront/components/cart-dialog.tsx': {
    file: 'assets/cart-dialog-g.js',
    name: 'cart-dialog',
    isDynamicEntry: true,
    imports: ['_cart-c.js'],
  },
  'src/features/storefront/components/reviews-tab.tsx': {
    file: 'assets/reviews-tab-v.js',
    name: 'reviews-tab',
    isDynamicEntry: true,
  },
};

const dist = mkdtempSync(join(tmpdir(), 'mc-template-'));
mkdirSync(join(dist, '.vite'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><title>MeuCardápio</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));

afterAll(() => rmSync(dist, { recursive: true, force: true }));

const listed = (html: string, meta: string) =>
  (html.match(new RegExp(`<meta name="${meta}" content="([^"]*)">`))?.[1] ?? '').split(' ').filter(Boolean);

describe('the chunks a server-rendered menu lists for its entry script', () => {
  const chunks = pageTemplate(dist).storefrontChunks;

  it('preloads the app and the page, without what the entry already loaded', () => {
    expect(listed(chunks, 'mc-preload')).toEqual(['/assets/main-m.js', '/assets/menu-page-p.js', '/assets/cart-c.js']);
  });

  it('prefetches the dialogs one tap away, the shared product dialog included, and not the checkout', () => {
    expect(listed(chunks, 'mc-prefetch')).toEqual([
      '/assets/product-dialog-d.js',
      '/assets/quantity-q.js',
      '/assets/cart-dialog-g.js',
      '/assets/reviews-tab-v.js',
    ]);
  });
});
