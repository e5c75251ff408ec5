import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';

/** Paths the api answers itself; everything else a browser asks for is the portal (a single-page app). */
const API_PREFIXES = ['/graphql', '/files', '/download', '/health', '/ready', '/metrics', '/demo'];

function isApiPath(path: string): boolean {
  return API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

/**
 * Serves the built portal at `/` on the api's origin: its files (hashed assets cached for a year), and index.html
 * for any other GET a browser makes for a page (so /ProposalEdit/12 survives a reload). Skipped when not built.
 */
export function servePortal(app: INestApplication, portalDir: string | null): boolean {
  if (!portalDir || !existsSync(join(portalDir, 'index.html'))) return false;
  const index = join(portalDir, 'index.html');
  const files = express.static(portalDir, {
    index: false,
    setHeaders: (res, path) => {
      if (path.includes(`${join(portalDir, 'assets')}`))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApiPath(req.path)) return next();
    files(req, res, () => {
      if (!req.accepts('html')) return next();
      res.setHeader('cache-control', 'no-cache');
      res.sendFile(index);
    });
  });
  return true;
}
