/**
 * `npm run dev` (`node --conditions=development server.js --dev`): the server of server/app.ts,
 * the one `npm start` runs, with Vite in middleware mode in place of the bundle
 * (docs/decisions/0023-one-server-in-development.md).
 * The same middleware answers every request in both: security headers and CSP, page store,
 * cross-site POST refusal, logs; the scheduler runs. What differs is listed in the ADR.
 *
 * - server/app.ts and everything it imports are evaluated by one Vite module runner, so the
 *   server and the route modules share one instance of each module (one database handle, one
 *   request context), as they do in the bundle. The runner has no HMR of its own: after an
 *   edit, the modules Vite invalidated (the edited one and its importers) are evaluated again
 *   when next imported, and nothing else. (The `ssr` environment's own runner, which
 *   `react-router dev` uses, forgets every module on a server-side edit, so the next request
 *   would open the database a second time.)
 * - Each request takes the server build as it is then: an edit to a route, or to code that
 *   only routes import, shows on the next request (and in the browser by HMR), and empties the
 *   page store.
 * - An edit to a module the running server holds (server/*.ts, and what server/app.ts imports
 *   outside the build: database, settings, request context, logger…) restarts the server in
 *   this process: it stops as on SIGTERM, every module is evaluated afresh, and it starts
 *   again on the same port. A start that fails waits for the next edit.
 * - Vite's HMR websocket takes upgrade requests on the server's own port, so the production
 *   CSP's `connect-src 'self'` covers it; no policy is relaxed.
 *
 * Node loads this file itself (type stripping): erasable TypeScript only, no `~/` imports.
 * Edits to this file or to server.js need a restart by hand.
 */
import http from "node:http";
import path from "node:path";
import type { Duplex } from "node:stream";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import {
  createServer,
  createServerModuleRunner,
  type EnvironmentModuleGraph,
  type EnvironmentModuleNode,
  type InlineConfig,
} from "vite";
import type { RunningServer, StartOptions } from "./app.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const APP_FILE = path.join(ROOT, "server", "app.ts");
const SERVER_BUILD = "virtual:react-router/server-build";
/** Vite's id of the server build; the held modules are those reached without passing it. */
const SERVER_BUILD_ID = `\0${SERVER_BUILD}`;
/** The websocket protocols of Vite's HMR client (its connection and its reconnect probe). */
const HMR_PROTOCOLS = new Set(["vite-hmr", "vite-ping"]);

interface AppModule {
  startServer(options: StartOptions): Promise<RunningServer>;
}

export interface DevelopmentServer {
  /** Stops the server as on SIGTERM (server/app.ts), then Vite. */
  shutdown(reason: string): Promise<void>;
}

/** A change to a file, as the server environment sees it. */
interface ServerUpdate {
  file: string;
  modules: EnvironmentModuleNode[];
  graph: EnvironmentModuleGraph;
}

/** One start of server/app.ts: what a restart stops. */
interface Started {
  running: RunningServer;
  build: FrozenBuild;
  onSourceChange: Set<() => void>;
}

/**
 * Applies the development defaults, starts Vite and the server (HOST:PORT, as `npm start`).
 * @throws Error when Node was started without `--conditions=development`; what
 *   `vite.createServer` or the first evaluation of server/app.ts throws. The server's own start
 *   failures exit the process with a one-line reason, as under `npm start`.
 */
export async function startDevelopmentServer(): Promise<DevelopmentServer> {
  // Node must load React Router's development build, as Vite does for the app's own imports of
  // it; with two copies, the request context of one is not an instance of the other's.
  if (!import.meta.resolve("react-router").includes("/development/")) {
    throw new Error(
      "Start the development server with `npm run dev` (node --conditions=development server.js --dev).",
    );
  }
  applyDevelopmentDefaults();
  // Never listens: the servers this process starts hand it their HMR upgrade requests, and
  // Vite's websocket server takes them from it. It outlives restarts, as Vite does.
  const upgrades = http.createServer();
  const hmrSockets = new Set<Duplex>();
  let current: Started | undefined;
  let down = false;
  let restarting: Promise<void> | undefined;
  let queued: string | undefined;

  const vite = await createServer(
    viteConfig(upgrades, ({ file, modules, graph }) => {
      if (down || heldByServer(graph, file)) {
        // Until the restart, requests keep the build they had: a new one would evaluate a
        // second database module while the first still holds DATA_DIR.
        current?.build.freeze();
        restart(file);
        return "restart";
      }
      if (modules.length > 0) for (const listener of current?.onSourceChange ?? []) listener();
      return "updated";
    }),
  );
  const runner = createServerModuleRunner(vite.environments.ssr, { hmr: false });

  const start = async () => {
    const build = frozenBuild(() => runner.import<ServerBuild>(SERVER_BUILD));
    const onSourceChange = new Set<() => void>();
    const app = await runner.import<AppModule>("/server/app.ts");
    const running = await app.startServer({
      development: {
        attach: (server) => forwardHmrUpgrades(server, upgrades, hmrSockets),
        middlewares: vite.middlewares,
        loadBuild: build.load,
        onSourceChange: (listener) => onSourceChange.add(listener),
      },
    });
    current = { running, build, onSourceChange };
  };

  // The server stops accepting at once (server/drain.ts); the browsers' HMR sockets are then
  // cut so the drain need not wait for them, and their Vite client reloads the page when the
  // server answers again.
  const stop = async (reason: string) => {
    if (!current) return;
    current.build.freeze();
    const stopping = current.running.shutdown(reason);
    for (const socket of hmrSockets) socket.destroy();
    await stopping;
    current = undefined;
  };

  const restart = (file: string) => {
    queued = file;
    restarting ??= (async () => {
      while (queued) {
        process.stdout.write(
          `Development: ${path.relative(ROOT, queued)} changed: restarting the server.\n`,
        );
        queued = undefined;
        await stop("restart");
        runner.clearCache();
        try {
          await start();
          down = false;
        } catch (error) {
          down = true;
          process.stderr.write(
            `Development: the server did not start; it starts again after the next edit.\n${(error as Error).message}\n`,
          );
        }
      }
    })().finally(() => {
      restarting = undefined;
    });
  };

  await start();
  return {
    async shutdown(reason) {
      await restarting;
      await stop(reason);
      await runner.close();
      await vite.close();
    },
  };
}

/**
 * Vite in middleware mode for this project, its HMR websocket on `upgrades`. `onServerUpdate`
 * hears of every change to a file, for the server environment (`ssr`): the file, its modules
 * there (Vite has marked them and their importers stale by then) and that environment's module
 * graph. When it answers "restart", Vite updates nothing more in that environment: the restart
 * evaluates it afresh.
 */
function viteConfig(
  upgrades: http.Server,
  onServerUpdate: (update: ServerUpdate) => "restart" | "updated",
): InlineConfig {
  return {
    root: ROOT,
    appType: "custom",
    clearScreen: false,
    server: {
      middlewareMode: true,
      ws: { server: upgrades },
      // Modules are only fetched by pages of this origin; no other site may read the source.
      cors: false,
      // The embedded database writes there constantly; none of it is source.
      watch: { ignored: [`${path.resolve(process.env.DATA_DIR || "data")}/**`] },
    },
    plugins: [
      {
        name: "development-server",
        // Last, so that a restart starts after every other plugin has seen the change.
        hotUpdate: {
          order: "post",
          handler({ file, modules }) {
            if (this.environment.name !== "ssr") return;
            const graph = this.environment.moduleGraph;
            if (onServerUpdate({ file, modules, graph }) === "restart") return [];
          },
        },
      },
    ],
  };
}

/**
 * Hands `server`'s websocket upgrades for Vite's HMR client to `upgrades` (Vite's websocket
 * server listens there) and keeps their sockets in `sockets` until they close. Any other
 * upgrade is refused: nothing else here speaks websocket.
 */
function forwardHmrUpgrades(server: http.Server, upgrades: http.Server, sockets: Set<Duplex>) {
  server.on("upgrade", (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!HMR_PROTOCOLS.has(req.headers["sec-websocket-protocol"] ?? "")) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    upgrades.emit("upgrade", req, socket, head);
  });
}

/** The server build, loaded at each call until `freeze()`, then the last one loaded. */
interface FrozenBuild {
  load(): Promise<ServerBuild>;
  freeze(): void;
}

function frozenBuild(load: () => Promise<ServerBuild>): FrozenBuild {
  let frozen = false;
  let last: Promise<ServerBuild> | undefined;
  return {
    load() {
      if (!frozen || !last) last = load();
      return last;
    },
    freeze() {
      frozen = true;
    },
  };
}

/**
 * Whether `file` is a module the running server holds: server/app.ts and what it imports,
 * directly or not, other than through the server build (those are evaluated again per request).
 * `graph` is the server environment's module graph.
 */
function heldByServer(graph: EnvironmentModuleGraph, file: string): boolean {
  const pending = [...(graph.getModulesByFile(APP_FILE) ?? [])];
  const seen = new Set(pending);
  for (let module = pending.pop(); module; module = pending.pop()) {
    if (module.file === file) return true;
    for (const imported of module.importedModules) {
      if (imported.id === SERVER_BUILD_ID || seen.has(imported)) continue;
      seen.add(imported);
      pending.push(imported);
    }
  }
  return false;
}

/**
 * Development defaults, set before server/app.ts parses the environment (as server.js sets
 * NODE_ENV): a variable already set wins. One line each says what is on and how to change it.
 */
function applyDevelopmentDefaults(): void {
  if (!process.env.MESSAGES_DISPATCHER) {
    process.env.MESSAGES_DISPATCHER = "off";
    process.stdout.write(
      "Development: the message dispatcher is off (MESSAGES_DISPATCHER=on npm run dev sends queued e-mail and WhatsApp messages).\n",
    );
  }
  if (process.env.PAGE_CACHE_MB !== "0") {
    process.stdout.write(
      "Development: the page store is on, as in production, and emptied after every edit (PAGE_CACHE_MB=0 npm run dev turns it off).\n",
    );
  }
}
