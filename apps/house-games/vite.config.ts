import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The house-games screens: their own build, served by the house-games server (not the platform). */
export default defineConfig({
  root: path.join(import.meta.dirname, 'src/ui'),
  base: '/',
  plugins: [react()],
  server: { port: 5174, proxy: { '/api': 'http://localhost:3001' } },
  build: {
    outDir: path.join(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
