// Module loading is timed (the `start-up` progress line), so the generator is imported dynamically.
const started = performance.now();
const { main } = await import('../generator/cli.ts');
process.exitCode = await main(process.argv.slice(2), undefined, undefined, [
  { step: 'start-up (node, tsx)', ms: started },
  { step: 'start-up (modules)', ms: performance.now() - started },
]);
