import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  COMPATIBLE_DEFAULT_EXCHANGE,
  COMPATIBLE_FEED_TYPES,
  QUEUES,
  RABBITMQ_PROFILES,
  RabbitMqProfile,
  SCHEDULER_DEFAULT_EXCHANGE,
} from '@user-office/contracts';

/**
 * One build, three run modes; `all` runs api, projector and worker in one process (npm start).
 * `maintenance` runs none of them: scripts (projection rebuilds, schema generation) use it.
 */
export type RunMode = 'api' | 'projector' | 'worker' | 'all' | 'maintenance';
const MODES: readonly RunMode[] = ['api', 'projector', 'worker', 'all', 'maintenance'];

export interface AppConfig {
  mode: RunMode;
  port: number;
  nodeEnv: string;
  /** PostgreSQL; unset → in-process PGlite under dataDir */
  databaseUrl: string | null;
  dataDir: string;
  /** BullMQ on Redis; unset → in-process job runner */
  redisUrl: string | null;
  /** key prefix of queues (tests run each in their own) */
  queuePrefix: string;
  /**
   * WORKER_QUEUES: the job queues a worker process runs (comma-separated; unset: every one). Workers of their own
   * per queue are scaled, restarted and given their CPU share apart (say two `email` workers beside one for
   * `rabbitmq` and `downstream`). Needs REDIS_URL; every queue must be run by some worker.
   */
  workerQueues: string[] | null;
  amqpUrl: string | null;
  /** RABBITMQ_DEFAULT_PROFILE: the message profile of a RabbitMQ status action whose config names none */
  rabbitmqDefaultProfile: RabbitMqProfile;
  /**
   * RABBITMQ_EXCHANGES: where the compatible profile publishes (the deletions, the feed, and compatible status
   * actions that name no exchange); default user_office_backend.fanout
   */
  rabbitmqExchanges: string[];
  /** RABBITMQ_FEED_TYPES: the compatible feed's types switched on (comma-separated; `all`: every one) */
  rabbitmqFeedTypes: string[];
  /** RABBITMQ_OUT_ATTEMPTS / RABBITMQ_OUT_BACKOFF_MS: tries of a compatible message (a broker outage is waited out) */
  rabbitmqOutAttempts: number;
  rabbitmqOutBackoffMs: number;
  /** RABBITMQ_SCHEDULER_QUEUE: the queue the scheduler's messages are consumed through; null: no consumer */
  rabbitmqSchedulerQueue: string | null;
  /** RABBITMQ_SCHEDULER_EXCHANGE: the scheduler's exchange (default user_office_scheduler_backend.fanout) */
  rabbitmqSchedulerExchange: string;
  /** RABBITMQ_PREFETCH: unacknowledged messages the consumer holds at most */
  rabbitmqPrefetch: number;
  smtpUrl: string | null;
  /** EMAIL_CONCURRENCY: e-mails a worker process sends at a time (its pooled SMTP connections) */
  emailConcurrency: number;
  /** the development e-mail catcher npm start runs when SMTP_URL is unset: its SMTP and web inbox ports */
  devSmtpPort: number;
  devMailPort: number;
  /** status actions (e-mail, RabbitMQ): tries per job, and the exponential backoff base between them */
  statusActionAttempts: number;
  statusActionBackoffMs: number;
  /**
   * how long a worker's hold on a job lasts unrenewed (QUEUE_LOCK_MS, BullMQ's lockDuration; stalled jobs are looked
   * for at the same interval): the jobs of a worker that died run again after about twice this
   */
  queueLockMs: number;
  /** how often the worker's reconciler enqueues again the owed jobs the queue lost (OWED_JOBS_RECONCILE_MS) */
  owedJobsReconcileMs: number;
  /** KurrentDB / EventStoreDB; unset → the SQL event store */
  eventStoreUrl: string | null;
  /**
   * READ_MODELS_MONGO_URL: the design card's Mongo read models (the proposal views and the event logs) in this
   * MongoDB (the database named in the URL's path, else `user_office`); unset → the relational store
   */
  readModelsMongoUrl: string | null;
  /** the facility's OpenID Connect provider; unset → npm start runs services/dev-idp */
  authDiscoveryUrl: string | null;
  authClientId: string;
  authClientSecret: string;
  /** the provider is the development IdP: its seeded accounts get their roles at first login */
  devIdp: boolean;
  devIdpPort: number;
  /** where users reach this server (redirect URIs, links in e-mails) */
  publicUrl: string;
  /** the built portal (frontends/portal/dist) served at `/`; null when absent */
  portalDir: string | null;
  /** the built staff console, served at /console */
  consoleDir: string | null;
  jwtSecret: string;
  /** session lifetime in seconds */
  tokenTtlSeconds: number;
  chromiumPath: string;
  logLevel: string;
  /** GraphQL limits */
  maxQueryDepth: number;
  maxQueryComplexity: number;
  /**
   * Hosts (`host` or `host:port`) dynamic multiple-choice questions may fetch from although they resolve to a
   * loopback, private or link-local address; every other internal address is refused (no open proxy). Unset in
   * the development setup (no AUTH_DISCOVERY_URL): the host of PUBLIC_URL, for the demo's options.
   */
  dynamicOptionsAllowedHosts: string[];
  /** the largest file `POST /files/upload` accepts, in bytes (MAX_UPLOAD_BYTES, default 50 MiB) */
  maxUploadBytes: number;
  /** seed the demo (call, templates, development accounts) on the first start with an empty store (SEED_DEMO) */
  seedDemo: boolean;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export function runsApi(config: AppConfig): boolean {
  return config.mode === 'api' || config.mode === 'all';
}
export function runsProjector(config: AppConfig): boolean {
  return config.mode === 'projector' || config.mode === 'all';
}
export function runsWorker(config: AppConfig): boolean {
  return config.mode === 'worker' || config.mode === 'all';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const mode = (env.UO_MODE ?? 'all') as RunMode;
  if (!MODES.includes(mode))
    throw new Error(`UO_MODE must be one of ${MODES.join(', ')} (got "${env.UO_MODE}")`);
  const dataDir = env.DATA_DIR ?? resolve(process.cwd(), '.data');
  const nodeEnv = env.NODE_ENV ?? 'development';
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${env.PORT || 4000}`).replace(/\/$/, '');
  return {
    mode,
    port: intOf(env.PORT, 4000, 'PORT'),
    nodeEnv,
    databaseUrl: env.DATABASE_URL || null,
    dataDir,
    redisUrl: env.REDIS_URL || null,
    queuePrefix: env.QUEUE_PREFIX || 'uo',
    workerQueues: workerQueuesOf(env.WORKER_QUEUES, env.REDIS_URL),
    amqpUrl: env.AMQP_URL || null,
    rabbitmqDefaultProfile: profileOf(env.RABBITMQ_DEFAULT_PROFILE),
    rabbitmqExchanges: listOf(env.RABBITMQ_EXCHANGES, [COMPATIBLE_DEFAULT_EXCHANGE]),
    rabbitmqFeedTypes: feedTypesOf(env.RABBITMQ_FEED_TYPES),
    rabbitmqOutAttempts: Math.max(1, intOf(env.RABBITMQ_OUT_ATTEMPTS, 100_000, 'RABBITMQ_OUT_ATTEMPTS')),
    rabbitmqOutBackoffMs: intOf(env.RABBITMQ_OUT_BACKOFF_MS, 500, 'RABBITMQ_OUT_BACKOFF_MS'),
    rabbitmqSchedulerQueue: env.RABBITMQ_SCHEDULER_QUEUE?.trim() || null,
    rabbitmqSchedulerExchange: env.RABBITMQ_SCHEDULER_EXCHANGE?.trim() || SCHEDULER_DEFAULT_EXCHANGE,
    rabbitmqPrefetch: Math.max(1, intOf(env.RABBITMQ_PREFETCH, 20, 'RABBITMQ_PREFETCH')),
    smtpUrl: env.SMTP_URL || null,
    emailConcurrency: Math.max(1, intOf(env.EMAIL_CONCURRENCY, 16, 'EMAIL_CONCURRENCY')),
    devSmtpPort: intOf(env.DEV_SMTP_PORT, 1025, 'DEV_SMTP_PORT'),
    devMailPort: intOf(env.DEV_MAIL_PORT, 8025, 'DEV_MAIL_PORT'),
    statusActionAttempts: Math.max(1, intOf(env.STATUS_ACTION_ATTEMPTS, 5, 'STATUS_ACTION_ATTEMPTS')),
    statusActionBackoffMs: intOf(env.STATUS_ACTION_BACKOFF_MS, 2000, 'STATUS_ACTION_BACKOFF_MS'),
    queueLockMs: Math.max(500, intOf(env.QUEUE_LOCK_MS, 30_000, 'QUEUE_LOCK_MS')),
    owedJobsReconcileMs: Math.max(100, intOf(env.OWED_JOBS_RECONCILE_MS, 5000, 'OWED_JOBS_RECONCILE_MS')),
    eventStoreUrl: env.EVENTSTORE_URL || null,
    readModelsMongoUrl: env.READ_MODELS_MONGO_URL || null,
    authDiscoveryUrl: env.AUTH_DISCOVERY_URL || null,
    authClientId: env.AUTH_CLIENT_ID || 'user-office',
    authClientSecret:
      env.AUTH_CLIENT_SECRET ||
      (env.AUTH_DISCOVERY_URL
        ? fail('AUTH_CLIENT_SECRET must be set with AUTH_DISCOVERY_URL')
        : 'dev-secret'),
    devIdp: !env.AUTH_DISCOVERY_URL,
    devIdpPort: intOf(env.DEV_IDP_PORT, 4001, 'DEV_IDP_PORT'),
    publicUrl,
    portalDir:
      env.PORTAL_DIR ?? resolve(__dirname, '..', '..', '..', '..', '..', 'frontends', 'portal', 'dist'),
    consoleDir:
      env.CONSOLE_DIR ?? resolve(__dirname, '..', '..', '..', '..', '..', 'frontends', 'console', 'dist'),
    jwtSecret:
      env.JWT_SECRET ||
      (nodeEnv === 'production' ? fail('JWT_SECRET must be set in production') : devSecret(dataDir)),
    tokenTtlSeconds: intOf(env.TOKEN_TTL_SECONDS, 12 * 3600, 'TOKEN_TTL_SECONDS'),
    chromiumPath: env.CHROMIUM_PATH || defaultChromiumPath(),
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    maxQueryDepth: intOf(env.GRAPHQL_MAX_DEPTH, 12, 'GRAPHQL_MAX_DEPTH'),
    maxQueryComplexity: intOf(env.GRAPHQL_MAX_COMPLEXITY, 5000, 'GRAPHQL_MAX_COMPLEXITY'),
    // the development setup allows this server itself: the demo's dynamic question fetches /demo/options.json
    dynamicOptionsAllowedHosts: (
      env.DYNAMIC_OPTIONS_ALLOWED_HOSTS ?? (env.AUTH_DISCOVERY_URL ? '' : hostOf(publicUrl))
    )
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter((host) => host !== ''),
    maxUploadBytes: intOf(env.MAX_UPLOAD_BYTES, 50 * 1024 * 1024, 'MAX_UPLOAD_BYTES'),
    seedDemo: boolOf(env.SEED_DEMO, nodeEnv !== 'test' && nodeEnv !== 'production', 'SEED_DEMO'),
  };
}

function boolOf(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === '') return fallback;
  const v = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  throw new Error(`${name} must be true or false (got "${value}")`);
}

/** `host` or `host:port` of a URL (no port when it is the scheme's default) */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

function intOf(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer (got "${value}")`);
  return n;
}

function fail(message: string): never {
  throw new Error(message);
}

/** a development signing secret kept beside the embedded data, so sessions survive restarts */
function devSecret(dataDir: string): string {
  if (dataDir.startsWith('memory://')) return randomBytes(32).toString('hex');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function listOf(value: string | undefined, fallback: string[]): string[] {
  const items = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return items.length > 0 ? items : fallback;
}

function workerQueuesOf(value: string | undefined, redisUrl: string | undefined): string[] | null {
  const queues = [...new Set(listOf(value, []))];
  if (queues.length === 0) return null;
  const known: readonly string[] = Object.values(QUEUES);
  const unknown = queues.filter((q) => !known.includes(q));
  if (unknown.length > 0)
    throw new Error(`WORKER_QUEUES names unknown queues (${unknown.join(', ')}); known: ${known.join(', ')}`);
  if (!redisUrl)
    throw new Error(
      'WORKER_QUEUES needs REDIS_URL: without it every queue runs in-process, in the process that enqueues its jobs',
    );
  return queues;
}

function profileOf(value: string | undefined): RabbitMqProfile {
  const profile = (value || RabbitMqProfile.NATIVE).trim().toLowerCase() as RabbitMqProfile;
  if (!RABBITMQ_PROFILES.includes(profile))
    throw new Error(
      `RABBITMQ_DEFAULT_PROFILE must be one of ${RABBITMQ_PROFILES.join(', ')} (got "${value}")`,
    );
  return profile;
}

function feedTypesOf(value: string | undefined): string[] {
  const types = listOf(value, []).map((t) => t.toUpperCase());
  if (types.includes('ALL')) return [...COMPATIBLE_FEED_TYPES];
  const known = new Set<string>(COMPATIBLE_FEED_TYPES);
  const unknown = types.filter((t) => !known.has(t));
  if (unknown.length > 0)
    throw new Error(
      `RABBITMQ_FEED_TYPES names unknown types (${unknown.join(', ')}); known: ${COMPATIBLE_FEED_TYPES.join(', ')}`,
    );
  return types;
}

/**
 * The binary itself: Debian's /usr/bin/chromium-headless-shell is a shell script that does not exec it, and a
 * signal to the script would leave the browser running (the PDF renderer's restart after a crash relies on it).
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
/**
 * The Chromium that prints PDFs when CHROMIUM_PATH is not set: Debian's headless shell (package
 * `chromium-headless-shell`: Chromium's old headless mode, what playwright and puppeteer use for headless work)
 * where it is installed, as it prints the same PDFs with less CPU than the full browser (no GPU process, no
 * browser UI). Otherwise the browser.
 */
export function defaultChromiumPath(): string {
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
}
