import { request, type Agent } from 'node:http';

/**
 * POSTs a JSON body with a bearer token over node:http and waits for the answer however long it takes (fetch gives
 * up after 300 s without response headers, undici's headersTimeout; and on two cores fetch cost the benches' clients
 * about 2 ms of CPU a request). `agent`: a kept-alive connection pool, as a browser keeps its connections.
 */
export function postJson(
  url: string | URL,
  token: string,
  body: string,
  agent?: Agent,
): Promise<{ ok: boolean; status: number; json: unknown }> {
  return new Promise((resolvePost, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        ...(agent ? { agent } : {}),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          try {
            const status = res.statusCode ?? 0;
            resolvePost({
              ok: status >= 200 && status < 300,
              status,
              json: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
