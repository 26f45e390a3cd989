import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // The manifest lets the bundle-budget test (e2e/bundle-budget.e2e.ts) measure each route's initial JavaScript.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2022', manifest: true },
  server: { proxy: { '/api': 'http://localhost:3000', '/sample-ads': 'http://localhost:3000' } },
});
