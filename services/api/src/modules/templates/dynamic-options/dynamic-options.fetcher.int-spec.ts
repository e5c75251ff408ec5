import type { LookupAddress } from 'node:dns';
import http, { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import { AppError } from '../../../platform/errors/app-error';
import {
  DYNAMIC_OPTIONS_FETCHER_OPTIONS,
  DynamicOptionsFetcher,
  MAX_BODY_BYTES,
  type DynamicOptionsFetcherOptions,
  type DynamicOptionsSource,
} from './dynamic-options.fetcher';

/**
 * The fetcher against a real HTTP server on 127.0.0.1. Loopback is internal, so the server is reachable only
 * through `dynamicOptionsAllowedHosts`; every refusal of an internal address happens before any connection
 * (http.request is watched: nothing but 127.0.0.1 is ever dialled).
 */
const SECRET = 'hunter2-header-value';

let server: Server;
let port: number;
let base: string;
let lastHeaders: IncomingHttpHeaders | null = null;
let hits = 0;
let warn: jest.SpyInstance;
let requestSpy: jest.SpyInstance;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits += 1;
    lastHeaders = req.headers;
    const json = (body: unknown, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    switch (req.url) {
      case '/items':
        return json({ items: [{ name: 'Alpha' }, { name: 'Beta' }, { name: 'Alpha' }, { name: 42 }, {}] });
      case '/array':
        return json(['x', 'y', 3, true, null, { nested: 'skipped' }, 'x']);
      case '/text':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>not json</html>');
      case '/error':
        return json({ error: 'boom' }, 500);
      case '/not-found':
        return json({ error: 'nope' }, 404);
      case '/redirect':
        res.writeHead(302, { location: '/items' });
        return res.end();
      case '/slow':
        return; // never answers
      case '/slow-body':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.write('["a",'); // and never finishes
      case '/big': {
        const body = JSON.stringify('a'.repeat(MAX_BODY_BYTES));
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        return res.end(body);
      }
      case '/big-chunked': {
        res.writeHead(200, { 'content-type': 'application/json' }); // no content-length: streamed
        const chunk = 'a'.repeat(64 * 1024);
        res.write('"');
        for (let i = 0; i < 17; i++) res.write(chunk);
        return res.end('"');
      }
      case '/just-under': {
        const body = JSON.stringify(['ok', 'a'.repeat(MAX_BODY_BYTES - 20)]);
        return res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      }
      default:
        return json({ error: 'unknown route' }, 404);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  lastHeaders = null;
  hits = 0;
  warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  // a safety net for this machine's network rules: only loopback is ever dialled
  const realRequest = http.request;
  requestSpy = jest.spyOn(http, 'request').mockImplementation(((url: URL, ...rest: unknown[]) => {
    if (!['127.0.0.1', 'rebind.test'].includes(url.hostname))
      throw new Error(`test refused to dial ${url.hostname}`);
    return (realRequest as (...args: unknown[]) => http.ClientRequest)(url, ...rest);
  }) as typeof http.request);
});

afterEach(() => jest.restoreAllMocks());

const config = (allowed: string[]) => ({ dynamicOptionsAllowedHosts: allowed }) as AppConfig;
const fetcher = (allowed = [`127.0.0.1:${port}`], options?: DynamicOptionsFetcherOptions) =>
  new DynamicOptionsFetcher(config(allowed), options);
const source = (url: string, jsonPath = '', headers: DynamicOptionsSource['apiCallRequestHeaders'] = []) => ({
  url,
  jsonPath,
  apiCallRequestHeaders: headers,
});
const PREFIX = 'Could not load the options: ';

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('BAD_USER_INPUT');
    expect((error as AppError).message.startsWith(PREFIX)).toBe(true);
    return error as AppError;
  }
  throw new Error('expected the fetch to fail');
}

describe('DynamicOptionsFetcher against an allow-listed local server', () => {
  it('picks the options with the JSON path: strings kept, numbers stringified, duplicates and objects dropped', async () => {
    expect(await fetcher().fetchOptions(source(`${base}/items`, '$.items[*].name'))).toEqual([
      'Alpha',
      'Beta',
      '42',
    ]);
  });

  it('takes a whole-body array when the JSON path is empty', async () => {
    expect(await fetcher().fetchOptions(source(`${base}/array`))).toEqual(['x', 'y', '3', 'true']);
  });

  it('sends the configured headers (empty names skipped) and accept: application/json, with the original host', async () => {
    await fetcher().fetchOptions(
      source(`${base}/array`, '', [
        { name: 'X-Api-Key', value: SECRET },
        { name: '', value: 'ignored' },
        { name: '  ', value: 'ignored too' },
        { name: 'Authorization', value: 'Bearer abc' },
      ]),
    );
    expect(lastHeaders).toMatchObject({
      'x-api-key': SECRET,
      authorization: 'Bearer abc',
      accept: 'application/json',
      host: `127.0.0.1:${port}`,
    });
  });

  it('allows a host listed without a port on any port', async () => {
    expect(await fetcher(['127.0.0.1']).fetchOptions(source(`${base}/array`))).toEqual([
      'x',
      'y',
      '3',
      'true',
    ]);
  });

  it('reads a body just under 1 MiB', async () => {
    expect(await fetcher().fetchOptions(source(`${base}/just-under`, '$[0]'))).toEqual(['ok']);
  });

  it('refuses an answer that is not JSON', async () => {
    expect((await failure(fetcher().fetchOptions(source(`${base}/text`)))).message).toBe(
      `${PREFIX}The options URL did not answer with JSON`,
    );
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('refuses a non-2xx answer, naming the status', async () => {
    expect((await failure(fetcher().fetchOptions(source(`${base}/error`)))).message).toBe(
      `${PREFIX}The options URL answered with status 500`,
    );
    expect((await failure(fetcher().fetchOptions(source(`${base}/not-found`)))).message).toBe(
      `${PREFIX}The options URL answered with status 404`,
    );
  });

  it('does not follow a redirect', async () => {
    expect((await failure(fetcher().fetchOptions(source(`${base}/redirect`)))).message).toBe(
      `${PREFIX}The options URL redirected; redirects are not followed`,
    );
    expect(hits).toBe(1);
  });

  it('gives up on a server that does not answer in time (headers or body)', async () => {
    const quick = fetcher(undefined, { timeoutMs: 200 });
    const started = Date.now();
    expect((await failure(quick.fetchOptions(source(`${base}/slow`)))).message).toBe(
      `${PREFIX}The options URL did not answer within 0.2 seconds`,
    );
    expect((await failure(quick.fetchOptions(source(`${base}/slow-body`)))).message).toBe(
      `${PREFIX}The options URL did not answer within 0.2 seconds`,
    );
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('words the default time limit as 5 seconds', () => {
    class Probe extends DynamicOptionsFetcher {
      limit = () => this.timeoutMs;
    }
    expect(new Probe(config([])).limit()).toBe(5000);
  });

  it('refuses a body over 1 MiB, declared or streamed', async () => {
    const message = `${PREFIX}The options URL answered with more than 1 MiB of data`;
    expect((await failure(fetcher().fetchOptions(source(`${base}/big`)))).message).toBe(message);
    expect((await failure(fetcher().fetchOptions(source(`${base}/big-chunked`)))).message).toBe(message);
  });

  it('refuses header names and values with CR/LF or other invalid characters, before connecting', async () => {
    const bad = [
      { name: 'X-Evil\r\nInjected', value: 'v' },
      { name: 'X-Evil', value: 'v\r\nInjected: yes' },
      { name: 'X Space', value: 'v' },
    ];
    for (const header of bad) {
      const error = await failure(fetcher().fetchOptions(source(`${base}/array`, '', [header])));
      expect(error.message).toMatch(/^Could not load the options: The request header ".*" is not valid$/);
      expect(error.message).not.toContain('\r');
    }
    expect(
      (await failure(fetcher().fetchOptions(source(`${base}/array`, '', [{ name: 'Host', value: 'x' }]))))
        .message,
    ).toBe(`${PREFIX}The request header "Host" cannot be set`);
    expect(hits).toBe(0);
  });

  it('reports a JSON path that cannot be applied', async () => {
    expect(
      (await failure(fetcher().fetchOptions(source(`${base}/items`, '$[?(process.exit())]')))).message,
    ).toBe(`${PREFIX}The JSON path could not be applied to the answer`);
  });

  it('never puts a stack trace or header value in the message, and logs the cause at warn without secrets', async () => {
    const error = await failure(
      fetcher().fetchOptions(source(`${base}/error`, '', [{ name: 'X-Api-Key', value: SECRET }])),
    );
    expect(error.message).not.toMatch(/\n\s+at /);
    expect(error.message).not.toContain(SECRET);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain('The options URL answered with status 500');
    expect(String(warn.mock.calls[0][0])).not.toContain(SECRET);
  });
});

describe('DynamicOptionsFetcher refusals (no open proxy)', () => {
  const internal = `${PREFIX}The options URL points to an internal address, which is not allowed`;

  it.each([
    'http://127.0.0.1:PORT/array',
    'http://localhost:PORT/array',
    'http://[::1]:PORT/array',
    'http://0.0.0.0:PORT/array',
    'http://[::ffff:127.0.0.1]:PORT/array',
    'http://2130706433:PORT/array', // 127.0.0.1 as one number
    'http://0x7f.1:PORT/array',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/latest/meta-data/',
    'http://10.0.0.1/',
    'https://192.168.0.1/',
    'http://100.64.0.1/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://224.0.0.1/',
  ])('refuses %s', async (url) => {
    expect((await failure(fetcher([]).fetchOptions(source(url.replace('PORT', String(port)))))).message).toBe(
      internal,
    );
    expect(hits).toBe(0);
    expect(requestSpy).not.toHaveBeenCalled();
  });

  it('refuses a loopback server that is allow-listed on another port only', async () => {
    expect(
      (await failure(fetcher([`127.0.0.1:${port + 1}`]).fetchOptions(source(`${base}/array`)))).message,
    ).toBe(internal);
    expect(hits).toBe(0);
  });

  it('refuses a host name that resolves to loopback (localhost) through real DNS', async () => {
    const error = await failure(fetcher([]).fetchOptions(source(`http://localhost:${port}/array`)));
    expect(error.message).toBe(internal);
    expect(String(warn.mock.calls[0][0])).toMatch(/localhost.* resolves to (127\.0\.0\.1|::1) \(loopback\)/);
  });

  it('refuses a name if ANY of its addresses is internal', async () => {
    const resolveHost = jest.fn(async (): Promise<LookupAddress[]> => [
      { address: '203.0.113.10', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ]);
    const error = await failure(fetcher([], { resolveHost }).fetchOptions(source('http://mixed.test/')));
    expect(error.message).toBe(internal);
    expect(requestSpy).not.toHaveBeenCalled();
  });

  it.each([
    'file:///etc/passwd',
    'ftp://example.com/list.json',
    'gopher://127.0.0.1:70/',
    'data:application/json,[1]',
  ])('refuses the scheme of %s', async (url) => {
    expect((await failure(fetcher().fetchOptions(source(url)))).message).toBe(
      `${PREFIX}The options URL must start with http:// or https://`,
    );
  });

  it('refuses what is not a URL at all', async () => {
    expect((await failure(fetcher().fetchOptions(source('not a url')))).message).toBe(
      `${PREFIX}The options URL is not a valid URL`,
    );
  });

  it('reports a host name that does not resolve', async () => {
    const resolveHost = async (): Promise<LookupAddress[]> => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), { code: 'ENOTFOUND' });
    };
    expect(
      (await failure(fetcher([], { resolveHost }).fetchOptions(source('http://nowhere.invalid/')))).message,
    ).toBe(`${PREFIX}The host name of the options URL could not be resolved`);
  });
});

describe('DynamicOptionsFetcher DNS rebinding protection', () => {
  it('connects to the address it checked, not to what the name resolves to later', async () => {
    // first answer: the server's address; every later answer: 127.0.0.2, where nothing listens
    const resolveHost = jest
      .fn<Promise<LookupAddress[]>, [string]>()
      .mockResolvedValueOnce([{ address: '127.0.0.1', family: 4 }])
      .mockResolvedValue([{ address: '127.0.0.2', family: 4 }]);
    const pinned = fetcher([`rebind.test:${port}`], { resolveHost });
    expect(await pinned.fetchOptions(source(`http://rebind.test:${port}/array`))).toEqual([
      'x',
      'y',
      '3',
      'true',
    ]);
    expect(resolveHost).toHaveBeenCalledTimes(1);
    expect(lastHeaders?.host).toBe(`rebind.test:${port}`);
    // the request carried a lookup that answers with the checked address whatever it is asked
    const options = requestSpy.mock.calls[0][1] as http.RequestOptions;
    expect(options.agent).toBe(false);
    const answer = await new Promise((resolve) =>
      options.lookup!('rebind.test', {}, (_error, address, family) => resolve({ address, family })),
    );
    expect(answer).toEqual({ address: '127.0.0.1', family: 4 });
  });

  it('checks the resolved addresses, not the name, when the name is not allow-listed', async () => {
    const resolveHost = jest.fn(async (): Promise<LookupAddress[]> => [{ address: '127.0.0.1', family: 4 }]);
    expect(
      (await failure(fetcher([], { resolveHost }).fetchOptions(source(`http://public.test:${port}/`))))
        .message,
    ).toBe(`${PREFIX}The options URL points to an internal address, which is not allowed`);
    expect(requestSpy).not.toHaveBeenCalled();
  });
});

describe('DynamicOptionsFetcher in Nest', () => {
  it('is built from APP_CONFIG alone, the options token being optional', async () => {
    const moduleRef = await Test.createTestingModule({
      providers: [DynamicOptionsFetcher, { provide: APP_CONFIG, useValue: config([`127.0.0.1:${port}`]) }],
    }).compile();
    expect(await moduleRef.get(DynamicOptionsFetcher).fetchOptions(source(`${base}/array`))).toEqual([
      'x',
      'y',
      '3',
      'true',
    ]);
  });

  it('takes the options token when provided', async () => {
    const moduleRef = await Test.createTestingModule({
      providers: [
        DynamicOptionsFetcher,
        { provide: APP_CONFIG, useValue: config([`127.0.0.1:${port}`]) },
        { provide: DYNAMIC_OPTIONS_FETCHER_OPTIONS, useValue: { timeoutMs: 100 } },
      ],
    }).compile();
    expect(
      (await failure(moduleRef.get(DynamicOptionsFetcher).fetchOptions(source(`${base}/slow`)))).message,
    ).toBe(`${PREFIX}The options URL did not answer within 0.1 seconds`);
  });
});
