import { promises as dns, type LookupAddress, type LookupOptions } from 'node:dns';
import {
  request as httpRequest,
  validateHeaderName,
  validateHeaderValue,
  type IncomingMessage,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import { badInput, type AppError } from '../../../platform/errors/app-error';
import { classifyAddress } from './address-policy';
import { extractOptions } from './extract-options';

/** what a DYNAMIC_MULTIPLE_CHOICE question's config says about where its options come from */
export interface DynamicOptionsSource {
  url: string;
  jsonPath: string;
  apiCallRequestHeaders: { name: string; value: string }[];
}

/** Knobs for tests; production uses the defaults. */
export interface DynamicOptionsFetcherOptions {
  /** for the whole fetch: name resolution, connecting and reading the body (default 5000) */
  timeoutMs?: number;
  /** resolves a host name to every address it has (default: dns.promises.lookup(host, { all: true })) */
  resolveHost?: (host: string) => Promise<LookupAddress[]>;
}

export const DYNAMIC_OPTIONS_FETCHER_OPTIONS = Symbol('DYNAMIC_OPTIONS_FETCHER_OPTIONS');

export const DEFAULT_TIMEOUT_MS = 5000;
export const MAX_BODY_BYTES = 1024 * 1024;
const FAILURE_PREFIX = 'Could not load the options: ';
/** headers that would change where or how the request goes rather than what it asks for */
const RESERVED_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);

/** A failure with the sentence the user sees (after FAILURE_PREFIX) and, for the log only, what lay under it. */
class FetchRefusal extends Error {
  constructor(
    readonly userMessage: string,
    readonly detail?: unknown,
  ) {
    super(userMessage);
    this.name = 'FetchRefusal';
  }
}

/**
 * Fetches the options of a dynamic multiple-choice question from the URL in its config, server side, without
 * becoming an open proxy: only http(s); every address the host resolves to must be public unless the host is in
 * `dynamicOptionsAllowedHosts`; the connection is pinned to the checked addresses (no DNS rebinding); no redirects;
 * one time limit for everything; a 1 MiB body limit; JSON only. Every failure is a BAD_USER_INPUT AppError whose
 * message starts with "Could not load the options: "; the cause is logged at warn.
 */
@Injectable()
export class DynamicOptionsFetcher {
  private readonly logger = new Logger('DynamicOptions');
  private readonly allowedHosts: ReadonlySet<string>;
  protected readonly timeoutMs: number;
  private readonly resolveHost: (host: string) => Promise<LookupAddress[]>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() @Inject(DYNAMIC_OPTIONS_FETCHER_OPTIONS) options: DynamicOptionsFetcherOptions = {},
  ) {
    this.allowedHosts = new Set(config.dynamicOptionsAllowedHosts.map((host) => host.toLowerCase()));
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.resolveHost = options.resolveHost ?? ((host) => dns.lookup(host, { all: true }));
  }

  async fetchOptions(config: DynamicOptionsSource): Promise<string[]> {
    let origin = '(invalid URL)';
    try {
      const url = parseUrl(config.url);
      origin = url.origin;
      const headers = requestHeaders(config.apiCallRequestHeaders);
      const body = await this.withTimeout((signal) => this.fetchJson(url, headers, signal));
      try {
        return extractOptions(body, config.jsonPath);
      } catch (error) {
        throw new FetchRefusal('The JSON path could not be applied to the answer', error);
      }
    } catch (error) {
      throw this.failure(error, origin);
    }
  }

  private failure(error: unknown, origin: string): AppError {
    if (error instanceof FetchRefusal) {
      this.logger.warn(`Options from ${origin}: ${error.userMessage}${describe(error.detail)}`);
      return badInput(FAILURE_PREFIX + error.userMessage);
    }
    this.logger.warn(
      `Options from ${origin}: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return badInput(`${FAILURE_PREFIX}An unexpected error occurred`);
  }

  /** runs `work` with an abort signal that fires after timeoutMs; a fired signal becomes the timeout failure */
  private async withTimeout<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const timedOut = new FetchRefusal(
      `The options URL did not answer within ${this.timeoutMs / 1000} seconds`,
      `no answer after ${this.timeoutMs} ms`,
    );
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort(timedOut);
        reject(timedOut);
      }, this.timeoutMs);
    });
    try {
      return await Promise.race([work(controller.signal), deadline]);
    } catch (error) {
      throw controller.signal.aborted ? timedOut : error;
    } finally {
      clearTimeout(timer);
    }
  }

  private async fetchJson(url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<unknown> {
    const addresses = await this.checkedAddresses(url);
    signal.throwIfAborted();
    const body = await getBody(url, headers, pinnedLookup(addresses), signal);
    try {
      return JSON.parse(body.toString('utf8').replace(/^\uFEFF/, '')) as unknown;
    } catch (error) {
      throw new FetchRefusal('The options URL did not answer with JSON', error);
    }
  }

  /** every address of the URL's host, each checked unless the host is allow-listed */
  private async checkedAddresses(url: URL): Promise<LookupAddress[]> {
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const family = isIP(host);
    let addresses: LookupAddress[];
    if (family !== 0) addresses = [{ address: host, family }];
    else {
      try {
        addresses = await this.resolveHost(host);
      } catch (error) {
        throw new FetchRefusal('The host name of the options URL could not be resolved', error);
      }
      if (addresses.length === 0)
        throw new FetchRefusal('The host name of the options URL could not be resolved', 'no addresses');
    }
    if (this.isAllowListed(url)) return addresses;
    for (const { address } of addresses) {
      const kind = classifyAddress(address);
      if (kind !== null)
        throw new FetchRefusal(
          'The options URL points to an internal address, which is not allowed',
          `${url.host} resolves to ${address} (${kind})`,
        );
    }
    return addresses;
  }

  private isAllowListed(url: URL): boolean {
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    const names = new Set([url.hostname, url.hostname.replace(/\.$/, '')]);
    return [...names].some((name) => this.allowedHosts.has(name) || this.allowedHosts.has(`${name}:${port}`));
  }
}

function parseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch (error) {
    throw new FetchRefusal('The options URL is not a valid URL', error);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefusal('The options URL must start with http:// or https://', url.protocol);
  return url;
}

/** the configured headers (empty names skipped, node's own validation, no hop or routing headers) + accept */
function requestHeaders(configured: readonly { name: string; value: string }[]): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const { name: rawName, value } of configured) {
    const name = rawName.trim();
    if (name === '') continue;
    try {
      validateHeaderName(name);
      validateHeaderValue(name, value);
    } catch (error) {
      throw new FetchRefusal(`The request header ${JSON.stringify(name)} is not valid`, error);
    }
    const key = name.toLowerCase();
    if (RESERVED_HEADERS.has(key))
      throw new FetchRefusal(`The request header ${JSON.stringify(name)} cannot be set`);
    headers[key] = value;
  }
  return headers;
}

/**
 * A `lookup` for http(s).request that answers every query with the already checked addresses, so the connection
 * goes where the check looked even if the name resolves differently a moment later (DNS rebinding).
 */
export function pinnedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  const pinned = addresses.map(({ address, family }) => ({ address, family }));
  return (_hostname: string, options: LookupOptions, callback) => {
    const wanted =
      options?.family === 4 || options?.family === 'IPv4'
        ? 4
        : options?.family === 6 || options?.family === 'IPv6'
          ? 6
          : 0;
    const usable = wanted === 0 ? pinned : pinned.filter((entry) => entry.family === wanted);
    if (usable.length === 0) {
      const error: NodeJS.ErrnoException = new Error(`no checked IPv${wanted} address`);
      error.code = 'ENOTFOUND';
      process.nextTick(() => callback(error, '', 0));
      return;
    }
    process.nextTick(() =>
      options?.all ? callback(null, usable) : callback(null, usable[0].address, usable[0].family),
    );
  };
}

/** one GET, no redirects, 2xx only, body up to MAX_BODY_BYTES */
function getBody(
  url: URL,
  headers: Record<string, string>,
  lookup: LookupFunction,
  signal: AbortSignal,
): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const fail = (error: unknown) =>
      reject(
        error instanceof FetchRefusal
          ? error
          : new FetchRefusal('The options URL could not be reached', error),
      );
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    // agent: false – a fresh connection each time, never a pooled socket opened for another check
    const req = send(
      url,
      { method: 'GET', headers, lookup, agent: false, signal },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        const refuse = (refusal: FetchRefusal) => {
          reject(refusal);
          res.destroy();
          req.destroy();
        };
        if (status >= 300 && status < 400)
          return refuse(
            new FetchRefusal(
              'The options URL redirected; redirects are not followed',
              `status ${status} to ${res.headers.location ?? '(no location)'}`,
            ),
          );
        if (status < 200 || status >= 300)
          return refuse(new FetchRefusal(`The options URL answered with status ${status}`));
        const tooLarge = new FetchRefusal('The options URL answered with more than 1 MiB of data');
        if (Number(res.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return refuse(tooLarge);
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) refuse(tooLarge);
          else chunks.push(chunk);
        });
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', fail);
        res.on('close', () => {
          if (!res.complete) fail(new Error('the connection closed before the whole answer arrived'));
        });
      },
    );
    req.on('error', fail);
    req.end();
  });
}

function describe(detail: unknown): string {
  if (detail === undefined) return '';
  if (detail instanceof Error) {
    const code = (detail as NodeJS.ErrnoException).code;
    return ` (${code ? `${code}: ` : ''}${detail.message})`;
  }
  return ` (${String(detail)})`;
}
