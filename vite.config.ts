import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The Latin files of the type pair: every page needs them, so they are fetched with the CSS. */
const PRELOADED_FONTS = [
  /inter-latin-wght-normal-.*\.woff2$/,
  /source-serif-4-latin-wght-normal-.*\.woff2$/,
];

const preloadFonts = (): Plugin => ({
  name: 'boon-preload-fonts',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, ctx) =>
      Object.keys(ctx.bundle ?? {})
        .filter((file) => PRELOADED_FONTS.some((font) => font.test(file)))
        .map((file) => ({
          tag: 'link',
          attrs: {
            rel: 'preload',
            as: 'font',
            type: 'font/woff2',
            href: `/${file}`,
            crossorigin: '',
          },
          injectTo: 'head',
        })),
  },
});

export default defineConfig({
  root: 'ui',
  plugins: [react(), tailwindcss(), preloadFonts()],
  build: { outDir: '../dist/ui', emptyOutDir: true },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
