import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The Parley server during development (`npm run dev` starts it on this port). */
const SERVER = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': SERVER,
      '/admin': SERVER,
      '/tapi': SERVER,
      '/healthz': SERVER,
      '/readyz': SERVER,
      '/openapi.json': SERVER,
      '/ws': { target: SERVER, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // The libraries every page needs get one named, long-cached chunk; the rest splits by route as usual
        // (the chat and the antd portal stay apart).
        codeSplitting: {
          groups: [
            {
              name: 'react-vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
