import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const TRANSLATION = fileURLToPath(new URL('./locales/en/translation.json', import.meta.url));
const PATH = 'locales/en/translation.json';

/**
 * Serves the shared translations at `<base>/locales/en/translation.json` (§7 "Translations load from
 * /locales/{lng}/translation.json") in both apps: emitted into the build, answered by the dev server. The apps
 * bundle the same file too, so the first render needs no request.
 */
export function sharedLocales(): Plugin {
  return {
    name: 'user-office-shared-locales',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!req.url?.split('?')[0].endsWith(`/${PATH}`)) return next();
        res.setHeader('content-type', 'application/json');
        res.end(readFileSync(TRANSLATION));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: PATH, source: readFileSync(TRANSLATION) });
    },
  };
}
