/**
 * `npm run test:openai-node`: openai-node's own `tests/api-resources` suite, from the local checkout of openai-node
 * that `OPENAI_NODE_DIR` points at (none of it is in this repository; without the variable the lane prints why it
 * is skipped and passes nothing), with that checkout's own client, run twice in one run, against Prism mocking OpenAI's published spec
 * (test/fixtures/corpus/openai-3.1.yaml) and against our emulator of the same spec with `--unknown-ids synthesize`
 * (the suite retrieves, updates and deletes ids it never created, as a stateless mock allows). Prints both counts;
 * fails when the emulator fails a test that passes against Prism, naming each with its first error line. A test that
 * passes against Prism only because Prism never checks that operation's request body (its schema is one ajv refuses
 * to compile, scripts/openai-node/prism-unchecked.ts) is listed apart with the emulator's reason, not as a failure:
 * each request is recorded with its test (test/openai-node/record-requests.ts) to know which operation refused it.
 * `-- --keep DIR` keeps both JSON reports in DIR; `--against prism|emulator` runs one side only (no comparison);
 * `--tool DIR` runs the emulate command of another checkout as it was (on its copy of the spec, without
 * `--unknown-ids`, which earlier checkouts lack), for a before/after comparison.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { emulatorCommand, prismCommand, startServer, stop, type ServerCommand } from './bench/servers.ts';
import { operationAt, prismBodies } from './openai-node/prism-unchecked.ts';

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
    assertionResults: {
      ancestorTitles: string[];
      title: string;
      fullName: string;
      status: string;
      failureMessages: string[];
    }[];
  }[];
}

/** A request the suite sent, as test/openai-node/record-requests.ts writes it. */
interface Sent {
  file: string;
  test: string;
  method: string;
  url: string;
  status?: number;
}

interface Outcome {
  ok: boolean;
  error: string;
  /** The requests the test sent, in order. */
  sent: Sent[];
}

/** Listening: any answer will do (the suite judges the answers). */
const ready = async (base: string) => {
  const res = await fetch(`${base}/models`, { headers: { authorization: 'Bearer My API Key' } });
  await res.arrayBuffer();
  return true;
};

/** Runs the suite against `server`; each test's outcome by file and full name. */
async function run(server: ServerCommand): Promise<Map<string, Outcome>> {
  process.stderr.write(`starting ${server.name}…\n`);
  const running = await startServer(server, ready, 600_000, (c) => {
    // The emulator's progress lines during a first start.
    if (server.name === 'emulator' && !c.includes('warning[')) process.stderr.write(c);
  });
  process.stderr.write(
    `${server.name} answers at ${running.base} after ${(running.startupMs / 1000).toFixed(1)} s\n`,
  );
  const report = path.join(out, `${server.name.split(' ')[0]}.json`);
  const requests = path.join(out, `${server.name.split(' ')[0]}-requests.jsonl`);
  writeFileSync(requests, '');
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
      {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, TEST_API_BASE_URL: running.base, OPENAI_NODE_REQUESTS: requests },
      },
    );
  } finally {
    await stop(running.proc);
  }
  const sent = new Map<string, Sent[]>();
  for (const line of readFileSync(requests, 'utf8').split('\n')) {
    if (!line) continue;
    const r = JSON.parse(line) as Sent;
    const key = `${path.resolve(r.file)} > ${r.test}`;
    sent.set(key, [...(sent.get(key) ?? []), r]);
  }
  const results = new Map<string, Outcome>();
  for (const file of (JSON.parse(readFileSync(report, 'utf8')) as Report).testResults)
    for (const t of file.assertionResults) {
      if (t.status === 'skipped' || t.status === 'pending') continue;
      const error = (t.failureMessages[0] ?? '').split('\n')[0]!.slice(0, 300);
      results.set(`${path.relative(path.resolve(checkout!), file.name)} > ${t.fullName}`, {
        ok: t.status === 'passed',
        error,
        sent: sent.get(`${path.resolve(file.name)} > ${[...t.ancestorTitles, t.title].join(' > ')}`) ?? [],
      });
    }
  return results;
}

const passed = (m: Map<string, { ok: boolean }>) => [...m.values()].filter((r) => r.ok).length;
const emulatorServer = () =>
  values.tool
    ? emulatorCommand(path.resolve(values.tool, SPEC), ['--tolerant'], '/v1', values.tool)
    : // The sources as they are now (a built lib/ may be older).
      emulatorCommand(SPEC, ['--tolerant', '--unknown-ids', 'synthesize'], '/v1', '.', 'sources');
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
const prismOnly = [...prism].filter(([name, r]) => r.ok && !emulator.get(name)?.ok);
const prismOnlyFails = [...prism].filter(([name, r]) => !r.ok && emulator.get(name)?.ok).length;
if (prismOnlyFails)
  console.log(`  ${prismOnlyFails} test(s) pass against the emulator and fail against Prism`);
// Which Prism-only passes Prism never judged: every request the emulator refused went to an operation whose body
// Prism lets through unchecked.
const ops = prismOnly.length ? await prismBodies(SPEC) : [];
const root = new URL(emulatorServer().base(0)).pathname;
const uncheckedBy = (o: Outcome | undefined): string | undefined => {
  const refused = (o?.sent ?? []).filter((r) => r.status !== undefined && r.status >= 400 && r.status < 500);
  const reasons = refused.map((r) => {
    const at = new URL(r.url).pathname.slice(root.length);
    const op = operationAt(ops, r.method, at);
    return op?.unchecked && `${op.method} ${op.path}: ${op.unchecked}`;
  });
  return refused.length && reasons.every(Boolean) ? [...new Set(reasons)].join('; ') : undefined;
};
const unchecked = prismOnly.filter(([name]) => uncheckedBy(emulator.get(name)));
const missing = prismOnly.filter(([name]) => !uncheckedBy(emulator.get(name)));
for (const [name] of unchecked)
  console.log(
    `  passes against Prism unchecked (Prism does not validate the body of ${uncheckedBy(emulator.get(name))}): ${name}\n    the emulator: ${emulator.get(name)!.error}`,
  );
for (const [name] of missing)
  console.log(`  FAIL (passes against Prism): ${name}\n    ${emulator.get(name)?.error ?? 'not run'}`);
console.log(`reports: ${out}`);
process.exitCode = missing.length ? 1 : 0;
