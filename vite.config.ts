import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const brand = (process.env.BRAND_NAME ?? '').trim() || 'Spawnpoint';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  define: {
    __BRAND_NAME__: JSON.stringify(brand),
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
