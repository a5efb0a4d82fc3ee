/**
 * Dependency boundaries of GUIDE §1, checked by `npm run lint` (and so by `npm test`).
 * Paths are relative to the folder depcruise runs in (the repo root).
 */
const SERVER_ONLY_LIBS = '(^|node_modules/)(fastify|@fastify/[^/]+|ws|kysely|pg|better-sqlite3|ioredis)(/|$)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        "No import cycles, type-only imports included (GUIDE §5.10): a feature plugs in through its layer's one list, so nothing needs to import back the module that imports it.",
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'apps-only-from-tests',
      comment:
        "Nothing imports from apps/* except tests/ (and an app from itself). bench/growth/ fills databases through the server storage port (issue 12 §7); bench/cases/commit-tail.ts times commits beside the server's own checkpoint thread.",
      severity: 'error',
      from: { path: '^(packages|bench)/', pathNot: '^bench/(growth/|cases/commit-tail\\.ts$)' },
      to: { path: '^apps/' },
    },
    {
      name: 'no-cross-app-imports',
      comment: 'One app never imports another.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'server-not-client',
      comment: 'The server never imports the SDK or the UI.',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^packages/(sdk|chat-react)/' },
    },
    {
      name: 'protocol-is-a-leaf',
      comment: 'protocol has no internal dependency.',
      severity: 'error',
      from: { path: '^packages/protocol/' },
      to: { path: '^(packages/(sdk|chat-react)|apps)/' },
    },
    {
      name: 'sdk-below-ui',
      comment: 'The SDK knows nothing of the UI (protocol <- sdk <- chat-react <- web).',
      severity: 'error',
      from: { path: '^packages/sdk/' },
      to: { path: '^packages/chat-react/' },
    },
    {
      name: 'domain-is-pure',
      comment: 'domain/ imports only protocol and its own ports: no Fastify, ws, Kysely, pg, better-sqlite3, ioredis.',
      severity: 'error',
      from: { path: '^apps/server/src/domain/' },
      to: { path: SERVER_ONLY_LIBS },
    },
    {
      name: 'domain-not-adapters',
      comment: 'domain/ never reaches into the adapters that implement its ports.',
      severity: 'error',
      from: { path: '^apps/server/src/domain/' },
      to: { path: '^apps/server/src/(storage|fanout|transport|app|files)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules must not be excluded: rules about server-only libraries need to see those edges.
    // Only our own build output: a library's dist/ folder is where its edges resolve to.
    exclude: { path: '(^(apps|packages)/[^/]+/dist(\\.next|\\.old)?/|(^|/)\\.artifacts/)' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      // "source" first: workspace packages resolve to src/, as in the workspace's own tools (decision 0014).
      conditionNames: ['source', 'import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
