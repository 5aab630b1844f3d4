import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig(({ command }) => ({
  root,
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
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
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router change rarely and every page needs them: one long-cached chunk.
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
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
