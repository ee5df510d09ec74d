import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  environments: {
    ssr: {
      build: {
        rollupOptions: { input: "./server/app.ts" },
      },
    },
  },
  build: {
    rolldownOptions: {
      output: {
        // React DOM (and the scheduler it pulls in) in a chunk of its own, so that the
        // after-paint loader evaluates it in a task of its own rather than together with the
        // entry that starts hydration (TBT, docs/budgets.md; ADR 0021).
        codeSplitting: {
          groups: [{ name: "react-dom", test: /node_modules[\\/](react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  plugins: [reactRouter()],
});
