/**
 * `npm run test:openai-node`: openai-node's own `tests/api-resources` suite, from the local checkout of openai-node
 * that `OPENAI_NODE_DIR` points at (none of it is in this repository; without the variable the lane prints why it
 * is skipped and passes nothing), with that checkout's own client, run twice in one run, against Prism mocking OpenAI's published spec
 * (test/fixtures/corpus/openai-3.1.yaml) and against our emulator of the same spec with `--unknown-ids synthesize`
 * (the suite retrieves, updates and deletes ids it never created, as a stateless mock allows). Prints both counts;
 * fails when the emulator fails a test that passes against Prism, naming each with its first error line.
 * `-- --keep DIR` keeps both JSON reports in DIR; `--against prism|emulator` runs one side only (no comparison);
 * `--tool DIR` runs the emulate command of another checkout as it was (on its copy of the spec, without
 * `--unknown-ids`, which earlier checkouts lack), for a before/after comparison.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { emulatorCommand, prismCommand, startServer, stop, type ServerCommand } from './bench/servers.ts';

const SPEC = 'test/fixtures/corpus/openai-3.1.yaml';
const checkout = process.env.OPENAI_NODE_DIR;
if (!checkout) {
  console.log(
    'test:openai-node skipped: OPENAI_NODE_DIR is not set (point it at a local checkout of openai-node)',
  );
  process.exit(0);
}
if (
  !existsSync(path.join(checkout, 'tests/api-resources')) ||
  !existsSync(path.join(checkout, 'src/index.ts'))
) {
  console.error(
    `test:openai-node: ${checkout} has no tests/api-resources/ and src/index.ts (OPENAI_NODE_DIR)`,
  );
  process.exit(1);
}
const git = spawnSync('git', ['-C', checkout, 'rev-parse', 'HEAD'], { encoding: 'utf8' });
const version = `openai-node ${git.status === 0 ? git.stdout.trim().slice(0, 12) : path.resolve(checkout)}`;
const { values } = parseArgs({
  options: {
    keep: { type: 'string' },
    against: { type: 'string', default: 'both' },
    tool: { type: 'string' },
  },
});
const out = values.keep ?? mkdtempSync(path.join(tmpdir(), 'openai-node-suite-'));
mkdirSync(out, { recursive: true });

interface Report {
  testResults: {
    name: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

/** Listening: any answer will do (the suite judges the answers). */
const ready = async (base: string) => {
  const res = await fetch(`${base}/models`, { headers: { authorization: 'Bearer My API Key' } });
  await res.arrayBuffer();
  return true;
};

/** Runs the suite against `server`; each test's outcome by file and full name. */
async function run(server: ServerCommand): Promise<Map<string, { ok: boolean; error: string }>> {
  process.stderr.write(`starting ${server.name}…\n`);
  const running = await startServer(server, ready, 600_000, (c) => {
    // The emulator's progress lines during a first start.
    if (server.name === 'emulator' && !c.includes('warning[')) process.stderr.write(c);
  });
  process.stderr.write(
    `${server.name} answers at ${running.base} after ${(running.startupMs / 1000).toFixed(1)} s\n`,
  );
  const report = path.join(out, `${server.name.split(' ')[0]}.json`);
  try {
    spawnSync(
      process.execPath,
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        '--config',
        'vitest.openai-node.config.ts',
        '--reporter=json',
        `--outputFile=${report}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, TEST_API_BASE_URL: running.base } },
    );
  } finally {
    await stop(running.proc);
  }
  const results = new Map<string, { ok: boolean; error: string }>();
  for (const file of (JSON.parse(readFileSync(report, 'utf8')) as Report).testResults)
    for (const t of file.assertionResults) {
      if (t.status === 'skipped' || t.status === 'pending') continue;
      const error = (t.failureMessages[0] ?? '').split('\n')[0]!.slice(0, 300);
      results.set(`${path.relative(path.resolve(checkout!), file.name)} > ${t.fullName}`, {
        ok: t.status === 'passed',
        error,
      });
    }
  return results;
}

const passed = (m: Map<string, { ok: boolean }>) => [...m.values()].filter((r) => r.ok).length;
const emulatorServer = () =>
  values.tool
    ? emulatorCommand(path.resolve(values.tool, SPEC), ['--tolerant'], '/v1', values.tool)
    : emulatorCommand(SPEC, ['--tolerant', '--unknown-ids', 'synthesize'], '/v1');
if (values.against !== 'both') {
  const only = await run(values.against === 'prism' ? prismCommand(SPEC) : emulatorServer());
  console.log(`${values.against}: ${passed(only)}/${only.size} passed (reports: ${out})`);
  process.exit(0);
}
const prism = await run(prismCommand(SPEC));
const emulator = await run(emulatorServer());
console.log(`${version} tests/api-resources against OpenAI's published spec (${SPEC}):`);
console.log(`  ${prismCommand(SPEC).name}: ${passed(prism)}/${prism.size} passed`);
console.log(`  emulator --unknown-ids synthesize: ${passed(emulator)}/${emulator.size} passed`);
const missing = [...prism].filter(([name, r]) => r.ok && !emulator.get(name)?.ok);
const prismOnlyFails = [...prism].filter(([name, r]) => !r.ok && emulator.get(name)?.ok).length;
if (prismOnlyFails)
  console.log(`  ${prismOnlyFails} test(s) pass against the emulator and fail against Prism`);
for (const [name] of missing)
  console.log(`  FAIL (passes against Prism): ${name}\n    ${emulator.get(name)?.error ?? 'not run'}`);
console.log(`reports: ${out}`);
process.exitCode = missing.length ? 1 : 0;
