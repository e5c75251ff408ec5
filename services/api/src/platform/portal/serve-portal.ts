import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';

/** Paths the api answers itself; everything else a browser asks for is one of the apps (single-page apps). */
const API_PREFIXES = ['/graphql', '/files', '/download', '/health', '/ready', '/metrics', '/demo'];

/** Where the staff console lives on the api's origin (the portal has the rest). */
export const CONSOLE_PATH = '/console';

function isApiPath(path: string): boolean {
  return API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

function isConsolePath(path: string): boolean {
  return path === CONSOLE_PATH || path.startsWith(`${CONSOLE_PATH}/`);
}

/**
 * A built single-page app: its files (hashed assets cached for a year), and index.html for any other GET a browser
 * makes for a page (so /ProposalEdit/12 or /console/Proposals survives a reload).
 */
function spa(dir: string) {
  const index = join(dir, 'index.html');
  const files = express.static(dir, {
    index: false,
    setHeaders: (res, path) => {
      if (path.includes(`${join(dir, 'assets')}`))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  return (req: Request, res: Response, next: NextFunction) =>
    files(req, res, () => {
      if (!req.accepts('html')) return next();
      res.setHeader('cache-control', 'no-cache');
      res.sendFile(index);
    });
}

const built = (dir: string | null): dir is string => !!dir && existsSync(join(dir, 'index.html'));

/**
 * One origin, two apps (ARCHITECTURE §1): the built staff console at `/console` (its files under that prefix) and
 * the built portal at `/` for every other page. Either is skipped when not built; `/console` without a console
 * built falls through to the portal (its "Page not found").
 */
export function servePortal(
  app: INestApplication,
  portalDir: string | null,
  consoleDir: string | null = null,
) {
  const portal = built(portalDir) ? spa(portalDir) : null;
  const consoleApp = built(consoleDir) ? spa(consoleDir) : null;
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApiPath(req.path)) return next();
    if (consoleApp && isConsolePath(req.path)) {
      if (req.path === CONSOLE_PATH) return res.redirect(`${CONSOLE_PATH}/`);
      // the console's files are addressed under /console/ (its vite base)
      const url = req.url;
      req.url = url.slice(CONSOLE_PATH.length) || '/';
      return consoleApp(req, res, () => {
        req.url = url;
        next();
      });
    }
    if (portal) return portal(req, res, next);
    next();
  });
  return { portal: portal !== null, console: consoleApp !== null };
}
