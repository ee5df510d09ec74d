// Production entry: `npm start`. Like react-router-serve, it defaults NODE_ENV to production
// so React runs its production build; see docs/decisions/0002-production-mode-and-secrets.md.
// This only sets the default: app/utils/env.server.ts reads and validates NODE_ENV, like every
// other setting, when startServer() begins.
// `npm run dev` runs this file with --dev: the same server (server/app.ts), its modules served
// by Vite instead of the build, NODE_ENV defaulting to development
// (server/development.ts, docs/decisions/0023-one-server-in-development.md).
const development = process.argv.includes("--dev");
process.env.NODE_ENV ??= development ? "development" : "production";

const { shutdown } = development
  ? await (await import("./server/development.ts")).startDevelopmentServer()
  : await (await loadBuild()).startServer();

async function loadBuild() {
  return import("./build/server/index.js").catch((error) => {
    if (error?.code === "ERR_MODULE_NOT_FOUND") {
      process.stderr.write("No build found: run `npm run build` first.\n");
      process.exit(1);
    }
    throw error;
  });
}

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    shutdown(signal).then(
      () => process.exit(0),
      (error) => {
        process.stderr.write(`Shutdown failed: ${error?.message ?? error}\n`);
        process.exit(1);
      },
    );
  });
}
