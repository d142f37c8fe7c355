import net from "node:net";

export type DatabaseRelay = {
  /** The database's URL through the relay: refused while the relay is down, as a stopped database server. */
  url: string;
  /** The database comes back: the relay listens and passes each connection to the real server. */
  up(): Promise<void>;
  /** The database goes away again: no new connection, open ones cut. */
  down(): Promise<void>;
};

/**
 * A port of its own in front of a real database, down until `up()`: an app given `url` meets a database that cannot be
 * reached (its connections refused) and then one that returns, without anything of the app's being touched. The port is
 * the system's choice (port 0), never one another worker or spec could pick from a range at the same moment.
 */
export async function databaseRelay(databaseUrl: string): Promise<DatabaseRelay> {
  const target = new URL(databaseUrl);
  const reserve = net.createServer();
  await new Promise<void>((resolve, reject) => reserve.once("error", reject).listen({ port: 0, host: "127.0.0.1" }, resolve));
  const port = (reserve.address() as net.AddressInfo).port;
  await new Promise((resolve) => reserve.close(resolve));

  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  return {
    url: url.toString(),
    async up() {
      if (server) return;
      const relay = net.createServer((client) => {
        const upstream = net.connect({ host: target.hostname, port: Number(target.port || 5432) });
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.once("close", () => sockets.delete(socket));
          socket.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve, reject) => relay.once("error", reject).listen({ port, host: "127.0.0.1" }, resolve));
      server = relay;
    },
    async down() {
      const relay = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      if (relay) await new Promise((resolve) => relay.close(resolve));
    },
  };
}
