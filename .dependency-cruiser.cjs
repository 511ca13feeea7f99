/**
 * The generator's layers (`npm run check:layers`, part of `npm test`): load → parse → passes → emitters → render,
 * with `generator/diagnostics.ts` the leaf every layer may use and `generator/ir/` the model they share. No
 * cycles; no layer imports a later one; an emitter does not import another emitter (they share `emit/ts/` only).
 */
const emitters = ['client', 'docs', 'emulator', 'server', 'types', 'validators'];
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'modules of the generator form no cycle', from: { path: '^generator/', pathNot: '^generator/diff/' }, to: { circular: true } },
    { name: 'leaf-is-leaf', severity: 'error', comment: 'diagnostics.ts imports only the IR and config types', from: { path: '^generator/diagnostics\\.ts$' }, to: { path: '^generator/', pathNot: '^generator/(ir|config)/types\\.ts$' } },
    { name: 'ir-below-everything', severity: 'error', from: { path: '^generator/ir/' }, to: { path: '^generator/(load|parse|passes|emit|render|diff|pipeline|cli)' } },
    { name: 'load-first', severity: 'error', comment: 'load knows nothing of what reads its output', from: { path: '^generator/load/' }, to: { path: '^generator/(parse|passes|emit|render|diff)/' } },
    { name: 'parse-before-passes', severity: 'error', from: { path: '^generator/parse/' }, to: { path: '^generator/(passes|emit|render|diff)/' } },
    { name: 'passes-before-emitters', severity: 'error', from: { path: '^generator/passes/' }, to: { path: '^generator/(load|parse|emit|render|diff)/' } },
    { name: 'emitters-read-the-ir-only', severity: 'error', from: { path: '^generator/emit/' }, to: { path: '^generator/(load|parse|passes|diff|pipeline)' } },
    { name: 'emitters-not-through-the-list', severity: 'error', comment: 'emitters do not import each other through emit/index.ts', from: { path: '^generator/emit/.+/' }, to: { path: '^generator/emit/index\\.ts$' } },
    ...emitters.map((e) => ({
      name: `emitter-${e}-alone`,
      severity: 'error',
      comment: `emit/${e}/ imports no other emitter`,
      from: { path: `^generator/emit/${e}/` },
      to: { path: `^generator/emit/(${emitters.filter((x) => x !== e).join('|')})/` },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
