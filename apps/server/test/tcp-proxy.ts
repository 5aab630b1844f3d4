import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a database server, for tests of what the app does when the database goes away:
 * `refuse()` refuses new connections (as a stopped server does) while the relayed ones live until either
 * side ends them, `accept()` takes connections again on the same port, `severNext()` ends the next
 * relayed connection the app writes to before its bytes reach the server (a connection that looked idle
 * and alive, found dead), `close()` drops everything.
 */
export type TcpProxy = {
  port: number;
  refuse(): Promise<void>;
  accept(): Promise<void>;
  severNext(): void;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  let severing = false;

  const relay = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    // Ahead of the pipe's own listener, so a severed connection's bytes are never relayed.
    client.on('data', () => {
      if (!severing) return;
      severing = false;
      upstream.destroy();
      client.destroy();
    });
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer(relay);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });

  const refuse = async () => {
    // close() stops listening at once; its callback would wait for the relayed connections to end.
    server?.close();
    server = undefined;
  };

  await listen();
  return {
    get port() {
      return port;
    },
    refuse,
    accept: listen,
    severNext() {
      severing = true;
    },
    async close() {
      await refuse();
      for (const s of sockets) s.destroy();
    },
  };
}
