import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server the dev server proxies to (`npm run dev`); in production Fastify serves dist/ itself.
const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
