import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Everything the SPA calls lives on the API server; in dev Vite forwards it there. */
const API_ORIGIN = 'http://localhost:3000';
const PROXIED_PREFIXES = ['/wps', '/lgw', '/provider', '/assets-cdn'] as const;

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      PROXIED_PREFIXES.map((prefix) => [prefix, { target: API_ORIGIN, changeOrigin: true }]),
    ),
  },
  preview: {
    proxy: Object.fromEntries(
      PROXIED_PREFIXES.map((prefix) => [prefix, { target: API_ORIGIN, changeOrigin: true }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
    rollupOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
