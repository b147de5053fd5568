import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { codeSplitting } from './chunk-groups.ts';
import { engineWithScreens } from './engine-with-screens.ts';
import { isOfflineSyncEnabled } from './src/offline/build-flag.ts';

// Dates in tests (lock times, relative ages) must not depend on the machine's zone (CONVENTIONS §8).
// Set here, before vitest forks its workers, so every worker inherits it.
process.env.TZ = 'UTC';

const root = fileURLToPath(new URL('.', import.meta.url));

const engine = engineWithScreens();

export default defineConfig(({ mode }) => ({
  root,
  plugins: [
    react(),
    engine.plugin,
    // The service worker (decision 0016): src/offline/service-worker/service-worker.ts built on its own (no
    // React in it) to dist/service-worker.js, with the list of files to precache written into it. A build
    // with VITE_OFFLINE_SYNC=false has no worker at all.
    VitePWA({
      // Unset means on (`?? 'true'`: the flag's default reads import.meta.env, which a config file lacks).
      disable: !isOfflineSyncEnabled(loadEnv(mode, root, 'VITE_').VITE_OFFLINE_SYNC ?? 'true'),
      strategies: 'injectManifest',
      srcDir: 'src/offline/service-worker',
      filename: 'service-worker.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The app shell: index.html and every script, style sheet, font and image of the build, and the web
        // app manifest with its icons, so an installed Jalon opens offline (source maps and the
        // precompressed copies are not part of it).
        globPatterns: ['**/*.{html,js,css,woff2,woff,svg,png,jpg,webp,ico,webmanifest}'],
        globIgnores: ['service-worker.js'],
        sourcemap: true,
      },
    }),
  ],
  // The checking worker (lib/contract-check/, decision 0042) is a module worker: one ES file, like the app's.
  worker: { format: 'es' },
  server: {
    host: '127.0.0.1',
    port: 5173,
    // In development the API runs on its own port; same-origin calls to /api keep cookies and CSP simple.
    proxy: { '/api': { target: 'http://127.0.0.1:4000', changeOrigin: false } },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // The offline engine's files travel with the screens that show the device's copy (engine-with-screens.ts).
    modulePreload: { resolveDependencies: engine.resolveDependencies },
    rolldownOptions: {
      output: {
        // Few files for a screen's first paint (decision 0040).
        codeSplitting,
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    env: { TZ: 'UTC' },
    restoreMocks: true,
    // A screen test waits for what a person sees (findBy… up to 5 s, test/setup.ts); on a loaded machine a
    // test of several steps needs more than vitest's default 5 s in all.
    testTimeout: 20_000,
  },
}));
