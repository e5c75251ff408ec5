import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import pinoHttp from 'pino-http';
import { AppModule } from './app.module';
import { loadConfig, type AppConfig } from './platform/config/app-config';
import { RequestContext } from './platform/context/request-context';
import { MetricsService } from './platform/observability/metrics.service';
import { PinoNestLogger, accessLogLevel, createRootLogger } from './platform/observability/logger';
import { servePortal } from './platform/portal/serve-portal';

const QUIET_PATHS = new Set(['/health', '/ready', '/metrics']);

/** Builds the application for a run mode; main.ts listens, tests drive it over HTTP. */
export async function createApp(
  overrides: Partial<AppConfig> = {},
): Promise<{ app: INestApplication; config: AppConfig }> {
  const config = { ...loadConfig(), ...overrides };
  const logger = createRootLogger(config.logLevel);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: new PinoNestLogger(logger),
    bufferLogs: false,
    abortOnError: false,
  });
  app.disable('x-powered-by');
  // correlation id, request context (actor, causation) and access log: before every route, GraphQL included
  app.use((req: Request & { id?: string }, res: Response, next: NextFunction) => {
    const header = req.headers['x-correlation-id'];
    const correlationId =
      (typeof header === 'string' && /^[\w.-]{1,128}$/.test(header) ? header : null) ?? randomUUID();
    req.id = correlationId;
    res.setHeader('x-correlation-id', correlationId);
    RequestContext.run({ correlationId }, next);
  });
  app.use(
    pinoHttp({
      logger,
      genReqId: (req) => (req as Request & { id?: string }).id ?? randomUUID(),
      customProps: (req) => ({ correlationId: (req as Request & { id?: string }).id }),
      autoLogging: { ignore: (req) => QUIET_PATHS.has(req.url ?? '') },
      customLogLevel: (_req, res, error) => accessLogLevel(res.statusCode, error),
      serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }) },
    }),
  );
  const metrics = app.get(MetricsService);
  app.use((req: Request, res: Response, next: NextFunction) => {
    const stop = metrics.requestDuration.startTimer({ method: req.method });
    res.on('finish', () =>
      stop({
        route: req.path.startsWith('/graphql') ? '/graphql' : req.path,
        status: String(res.statusCode),
      }),
    );
    next();
  });
  servePortal(app, config.portalDir, config.consoleDir);
  app.enableShutdownHooks();
  await app.init();
  return { app, config };
}
