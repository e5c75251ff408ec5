import { createServer, Socket, type Server } from 'node:net';

/**
 * A TCP proxy the test owns between the app and a server on loopback (the shared RabbitMQ): `cut()` is the server's
 * outage as the app sees it (every connection dropped, new ones refused), `restore()` its return on the same port.
 * The real server is never touched (other test runs share it).
 */
export interface TcpProxy {
  readonly port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = new Socket();
        sockets.add(client);
        sockets.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        upstream.connect(targetPort, targetHost, () => {
          client.pipe(upstream);
          upstream.pipe(client);
        });
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });
  const cut = async () => {
    const current = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (current) await new Promise((resolve) => current.close(resolve));
  };
  await listen();
  return {
    get port() {
      return port;
    },
    cut,
    restore: async () => {
      if (!server) await listen();
    },
    close: cut,
  };
}
