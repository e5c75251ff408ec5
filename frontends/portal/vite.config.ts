import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react-swc';
import { defineConfig } from 'vite';
import { sharedLocales } from '../shared/vite-plugin.ts';

const api = process.env.VITE_API_URL ?? 'http://localhost:4000';

/** The portal, built into dist/ and served by the api at `/`; `npm run dev -w frontends/portal` proxies the api. */
export default defineConfig({
  plugins: [react(), sharedLocales()],
  resolve: {
    alias: {
      '@user-office/contracts': fileURLToPath(new URL('../../contracts/src/index.ts', import.meta.url)),
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2500 },
  server: {
    port: 5173,
    proxy: { '/graphql': api, '/files': api, '/download': api, '/health': api },
  },
});
