import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type ResolvedConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/*
 * react-router 7's package exports point every condition at dist/development (remix-run/react-router
 * #12532, #14102): production bundles would ship its dev-only warnings. Builds use its dist/production
 * twin instead — same code without them (~0.6 KB gzip less on every page); the dev server keeps them.
 */
const reactRouterDist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');
const reactRouterProduction = [
  { find: /^react-router$/, replacement: join(reactRouterDist, 'production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'production/dom-export.mjs') },
];

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Where the server-rendering bundle goes, inside the web build (the server never serves it). */
const SERVER_DIR = 'server';
const COMPRESSIBLE = /\.(js|css|svg|json|html)$/;
const MIN_BYTES = 1024;

/**
 * Every hashed asset also written as .br (quality 11) and .gz (level 9) at build time: the server sends
 * them as they are, with no compression work per request and a better ratio than on-the-fly levels.
 */
function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'mc-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      if (config.build.ssr) return;
      // outDir is as written in the config (relative to the web app's root), not to the working directory.
      const dir = resolve(config.root, config.build.outDir, config.build.assetsDir);
      const names = (await readdir(dir)).filter((n) => COMPRESSIBLE.test(n));
      await Promise.all(
        names.map(async (name) => {
          const path = join(dir, name);
          if ((await stat(path)).size < MIN_BYTES) return;
          const data = await readFile(path);
          const [br, gzipped] = await Promise.all([
            brotli(data, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
            }),
            gz(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
        }),
      );
    },
  };
}

/**
 * After the browser build, the server-rendering bundle of `entry` into `<outDir>/server/`, so any
 * `vite build` (npm start, npm test, the e2e runner, a private build) yields both halves together.
 */
function serverEntry(entry: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'mc-server-entry',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      await build({
        configFile: config.configFile,
        root: config.root,
        mode: config.mode,
        logLevel: config.logLevel,
        build: {
          ssr: entry,
          outDir: resolve(config.root, config.build.outDir, SERVER_DIR),
          emptyOutDir: true,
          copyPublicDir: false,
        },
        // React and the libraries are bundled in, built for production: left external, they would pick
        // their development builds at run time (the server does not run with NODE_ENV=production in
        // development), which render a page several times slower.
        ssr: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      });
    },
  };
}

/** Where the staff area's service worker is served from: its folder is its scope (decision 058). */
const STAFF_SCOPE = 'admin';

/**
 * After the browser build, the staff area's service worker (`entry`, Workbox) into `<outDir>/admin/sw.js`,
 * with the list it caches at install: the built code and styles (hashed names, so no revision) and the
 * client-rendered page under `/admin`, revised by the built index.html's hash.
 */
function staffServiceWorker(entry: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'mc-staff-service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      const assetsDir = config.build.assetsDir;
      const code = (await readdir(join(outDir, assetsDir))).filter((n) => /\.(js|css)$/.test(n)).sort();
      const page = await readFile(join(outDir, 'index.html'));
      const precache = [
        { url: `/${STAFF_SCOPE}`, revision: createHash('sha256').update(page).digest('hex').slice(0, 16) },
        ...code.map((n) => ({ url: `/${assetsDir}/${n}`, revision: null })),
      ];
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: config.logLevel,
        publicDir: false,
        define: {
          'self.__WB_MANIFEST': JSON.stringify(precache),
          'process.env.NODE_ENV': JSON.stringify('production'),
        },
        build: {
          outDir: join(outDir, STAFF_SCOPE),
          emptyOutDir: false,
          copyPublicDir: false,
          rolldownOptions: { input: resolve(config.root, entry), output: { entryFileNames: 'sw.js', format: 'iife' } },
        },
      });
    },
  };
}

export default defineConfig(({ command }) => ({
  root,
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    precompress(),
    serverEntry('src/entry-server.tsx'),
    staffServiceWorker('src/sw/staff-sw.ts'),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The server reads it to preload the storefront's chunks with its HTML (apps/server/src/web).
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router change rarely and every page needs them: one long-cached chunk.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // The icons, one small chunk rather than one request each: every page shows several, and a
            // page's start-up pays for each file it links (about a millisecond of its main thread each).
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
            // What the entry (src/boot.ts) shares with the app, in a chunk of its own: were it inside the
            // entry, the app would import the entry's chunk, and every lazily loaded page would then list
            // the entry's stylesheet among its dependencies and link it again — in a server-rendered page,
            // where it is inlined, that downloads it a second time and restyles the whole page.
            { name: 'boot-shared', test: /(src[\\/]lib[\\/]hydration\.ts|vite[\\/]preload-helper)/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: apiTarget,
        // Keep the browser's Host so the server's same-origin check (Origin vs Host) passes.
        changeOrigin: false,
        // Server-Sent Events are long-lived: no proxy timeouts.
        timeout: 0,
        proxyTimeout: 0,
        configure(proxy) {
          proxy.on('proxyReq', (proxyReq, _req, res) => {
            // Closing an EventSource in the browser must close the upstream stream too.
            res.on('close', () => {
              if (!res.writableEnded) proxyReq.destroy();
            });
          });
          proxy.on('proxyRes', (proxyRes) => {
            if (String(proxyRes.headers['content-type'] ?? '').startsWith('text/event-stream')) {
              // Never buffer or compress the stream on the way back.
              proxyRes.headers['cache-control'] = 'no-cache, no-transform';
              proxyRes.headers['x-accel-buffering'] = 'no';
            }
          });
        },
      },
    },
  },
  preview: { port: 4173 },
}));
