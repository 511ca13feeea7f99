/**
 * The layers (`npm run check:layers`, part of `npm test`), checked over all of generator/ and templates/.
 *
 * The generator, from the ground up: `generator/diagnostics.ts` (errors and JSON pointers) imports nothing;
 * `generator/ir/` (the model's types, one file per node family) imports nothing but diagnostics; `generator/naming/`
 * (the rules for identifiers and paths) reads the model's types. Then the pipeline: load → parse → passes →
 * emitters (`generator/emit/`, whose contract `emit/contract.ts` is all the renderer reads of them) → render; no
 * layer imports a later one; an emitter does not import another emitter (they share `emit/ts/` and
 * `emit/templates.ts`), nor the naming modules (every name and path comes from the model). On top, the tools over
 * the pipeline (`diff/`, `lint/`, `package/`) and the command line (`generator/cli/`), which nothing below imports.
 *
 * The runtimes (templates/): hand-written code copied verbatim into the generated packages, so it imports nothing of
 * the generator and no npm package (generated code has zero runtime dependencies); each runtime stays inside its own
 * package, except that the server reads the validators' types (the server package embeds the validators) and both
 * the client and the server import templates/protocol/ (the rules they share, built into each package). The
 * generator reads templates as text and never imports them. Inside the server, `core/` is the floor and the
 * pipeline never sees an adapter.
 *
 * No module of either forms a cycle.
 */
const emitters = ['client', 'docs', 'emulator', 'server', 'types', 'validators'];
// Runtime folders under templates/ and the other runtime folders each may import. protocol/ holds the rules client
// and server share (one source, compiled into both packages); it imports no runtime itself.
const runtimes = {
  client: ['protocol'],
  server: ['validators', 'protocol'],
  emulator: ['server'],
  protocol: [],
  tables: [],
  validators: [],
};
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'modules of the generator and of the runtimes form no cycle',
      from: { path: '^(generator|templates)/' },
      to: { circular: true },
    },
    {
      name: 'leaf-is-leaf',
      severity: 'error',
      comment: 'diagnostics.ts imports nothing of the generator',
      from: { path: '^generator/diagnostics\\.ts$' },
      to: { path: '^generator/' },
    },
    {
      name: 'ir-is-the-ground',
      severity: 'error',
      comment: "the model's types import nothing but each other and the diagnostics",
      from: { path: '^generator/ir/' },
      to: { path: '^generator/', pathNot: '^generator/(ir/|diagnostics\\.ts$)' },
    },
    {
      name: 'naming-reads-the-model',
      severity: 'error',
      comment: 'the naming rules read the model and the diagnostics only: the passes call them',
      from: { path: '^generator/naming/' },
      to: { path: '^generator/', pathNot: '^generator/(naming/|ir/|diagnostics\\.ts$)' },
    },
    {
      name: 'the-command-line-is-on-top',
      severity: 'error',
      comment:
        'generator/cli/ parses arguments and calls the pipeline and the tools; nothing else imports it',
      from: { path: '^generator/', pathNot: '^generator/cli/' },
      to: { path: '^generator/cli/' },
    },
    {
      name: 'tools-over-the-pipeline',
      severity: 'error',
      comment:
        'the spec diff, the lint reports and the build use the pipeline; the pipeline and its layers know nothing of them',
      from: {
        path: '^generator/(load|parse|passes|emit|render|config|naming|ir|package)/|^generator/(pipeline|model)\\.ts$',
      },
      to: { path: '^generator/(diff|package|lint)/' },
    },
    {
      name: 'load-first',
      severity: 'error',
      comment: 'load knows nothing of what reads its output',
      from: { path: '^generator/load/' },
      to: { path: '^generator/(parse|passes|emit|render|diff)/|^generator/(pipeline|model)\\.ts$' },
    },
    {
      name: 'parse-before-passes',
      severity: 'error',
      from: { path: '^generator/parse/' },
      to: { path: '^generator/(passes|emit|render|diff)/|^generator/(pipeline|model)\\.ts$' },
    },
    {
      name: 'passes-before-emitters',
      severity: 'error',
      from: { path: '^generator/passes/' },
      to: { path: '^generator/(load|parse|emit|render|diff)/|^generator/(pipeline|model)\\.ts$' },
    },
    {
      name: 'emitters-read-the-ir-only',
      severity: 'error',
      from: { path: '^generator/emit/' },
      to: { path: '^generator/(load|parse|passes|diff|render|pipeline)' },
    },
    {
      name: 'render-reads-the-contract',
      severity: 'error',
      comment: 'the renderer formats and writes what emitters return: it reads their contract, no emitter',
      from: { path: '^generator/render/' },
      to: {
        path: '^generator/(emit/|load|parse|passes|diff|pipeline)',
        pathNot: '^generator/emit/contract\\.ts$',
      },
    },
    {
      name: 'emitters-name-nothing',
      severity: 'error',
      comment:
        'identifiers and output paths are decided by the passes (generator/naming/ is theirs); emitters read them from the resolved model',
      from: { path: '^generator/emit/' },
      to: { path: '^generator/naming/' },
    },
    {
      name: 'emitters-not-through-the-list',
      severity: 'error',
      comment: 'emitters do not import each other through emit/index.ts',
      from: { path: '^generator/emit/.+/' },
      to: { path: '^generator/emit/index\\.ts$' },
    },
    ...emitters.map((e) => ({
      name: `emitter-${e}-alone`,
      severity: 'error',
      comment: `emit/${e}/ imports no other emitter`,
      from: { path: `^generator/emit/${e}/` },
      to: { path: `^generator/emit/(${emitters.filter((x) => x !== e).join('|')})/` },
    })),
    {
      name: 'generator-reads-runtimes-as-text',
      severity: 'error',
      comment: 'templates are copied, never imported by the generator',
      from: { path: '^generator/' },
      to: { path: '^templates/' },
    },
    {
      name: 'only-the-store-has-a-database',
      severity: 'error',
      comment: "node-sqlite3-wasm is imported by the emulator's store alone",
      from: { path: '^templates/', pathNot: '^templates/emulator/store/' },
      to: { path: '^node_modules/node-sqlite3-wasm/' },
    },
    {
      name: 'runtimes-know-no-generator',
      severity: 'error',
      comment: 'a runtime is copied into generated packages: it imports nothing outside templates/',
      from: { path: '^templates/' },
      to: { pathNot: '^(templates/|node_modules/node-sqlite3-wasm/)', dependencyTypesNot: ['core'] },
    },
    {
      name: 'runtimes-have-no-dependencies',
      severity: 'error',
      comment:
        "generated code has zero runtime dependencies: runtimes import Node built-ins only (the emulator's store excepted: its embedded database, node-sqlite3-wasm, is one the emulator needs)",
      from: { path: '^templates/', pathNot: '^templates/emulator/store/' },
      to: {
        dependencyTypes: [
          'npm',
          'npm-dev',
          'npm-optional',
          'npm-peer',
          'npm-bundled',
          'npm-no-pkg',
          'npm-unknown',
          'unknown',
          'undetermined',
        ],
      },
    },
    {
      name: 'server-core-is-the-floor',
      severity: 'error',
      comment:
        "templates/server/core/ (what handlers, hooks and adapters are written against) imports none of the server's pipeline, request reading or adapters",
      from: { path: '^templates/server/core/' },
      to: { path: '^templates/server/(pipeline|request|adapters)/' },
    },
    {
      name: 'server-request-reading-below-the-pipeline',
      severity: 'error',
      comment:
        'templates/server/request/ reads bodies and fields for the pipeline and knows nothing of its stages',
      from: { path: '^templates/server/request/' },
      to: { path: '^templates/server/(pipeline|adapters)/' },
    },
    {
      name: 'server-pipeline-knows-no-adapter',
      severity: 'error',
      comment:
        'the pipeline is transport-neutral: node:http and fetch live in templates/server/adapters/ only',
      from: { path: '^templates/server/pipeline/' },
      to: { path: '^templates/server/adapters/' },
    },
    ...Object.entries(runtimes).map(([r, allowed]) => ({
      name: `runtime-${r}-alone`,
      severity: 'error',
      comment: `templates/${r}/ imports no other runtime${allowed.length ? ` but ${allowed.join(', ')}` : ''}`,
      from: { path: `^templates/${r}/` },
      to: { path: '^templates/', pathNot: `^templates/(${[r, ...allowed].join('|')})/` },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
