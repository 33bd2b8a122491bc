// Preloads the Latin cut of the Inter web font from index.html, so it arrives alongside the app's script instead
// of after the CSS that names it: text then paints in Inter at once, with no swap from the fallback font and the
// layout shift that comes with it.
import type { Plugin } from 'vite';

export function preloadFont(pattern: RegExp): Plugin {
  return {
    name: 'recell:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const font = Object.values(bundle ?? {}).find((item) => pattern.test(item.fileName));
        if (!font) throw new Error(`no font file matching ${pattern} in the build`);
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              href: `/${font.fileName}`,
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
