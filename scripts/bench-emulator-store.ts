/**
 * `tsx scripts/bench-emulator-store.ts [--rounds N] [--records N] [--puts N] [--engines a,b]`: the candidates for
 * the emulator's embedded database, measured in the same run, rounds interleaved, each measurement in a fresh
 * child process and a fresh temporary directory:
 *   - start-up: import the engine and open an empty store in a new directory;
 *   - durable puts: `--puts` documents of ~1 KB JSON, each durable (on disk) before the next starts: per second
 *     (wall clock) and CPU time per put;
 *   - reads: gets of random ids per second, and pages of 20 (cursor paging, insertion order) per second;
 *   - recovery: a child writes documents and acknowledges each; it is killed with SIGKILL after `--records`
 *     acknowledgements; a fresh process then imports the engine, opens the directory and counts (the timed part),
 *     then checks every acknowledged document (not timed): "lost" counts the acknowledged ones missing.
 * Candidates (no install scripts): node-sqlite3-wasm through the emulator's store itself
 * (templates/emulator/store/; also in memory, its default, as a reference row without recovery), sql.js (in memory) made durable by an append-only log fsynced per put (what a
 * sync store on sql.js needs), sql.js persisted its own way (the whole database exported to the file per put),
 * and PGlite (Postgres in WebAssembly, async) on its Node file system.
 * Medians with min–max over the rounds. The machine's load changes every figure: compare rows of one run only.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs, {
  closeSync,
  existsSync,
  fdatasyncSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { stats } from './bench/stats.ts';

/** One collection of documents keyed by id, in insertion order: what each candidate is driven through. */
interface BenchStore {
  put(id: string, doc: unknown): void | Promise<void>;
  get(id: string): unknown;
  /** Up to `limit` documents after the one with id `after` (from the start without it), in insertion order. */
  page(after: string | undefined, limit: number): unknown[] | Promise<unknown[]>;
  count(): number | Promise<number>;
  close(): void | Promise<void>;
}

interface Engine {
  /** Imports the engine (timed as part of start-up) and opens the store in `dir`. */
  open(dir: string): Promise<BenchStore>;
  /** Puts per measurement, where each put costs in proportion to the database. */
  maxPuts?: number;
  /** In memory: no recovery to measure. */
  volatile?: boolean;
}

/** The parts of sql.js used here (it ships no types). */
interface SqlJsStatement {
  bind(values: unknown[]): void;
  step(): boolean;
  get(): unknown[];
  reset(): void;
  run(values: unknown[]): void;
}
interface SqlJsDatabase {
  exec(sql: string): { values: unknown[][] }[];
  prepare(sql: string): SqlJsStatement;
  export(): Uint8Array;
  close(): void;
}
type SqlJs = { Database: new (data?: Uint8Array) => SqlJsDatabase };

async function loadSqlJs(): Promise<SqlJs> {
  // A variable specifier: sql.js has no type declarations, its shape is the interface above.
  const specifier = 'sql.js';
  const init = ((await import(specifier)) as { default: () => Promise<SqlJs> }).default;
  return init();
}

function sqlJsStore(
  db: SqlJsDatabase,
  onPut: (id: string, body: string) => void,
  onClose: () => void,
): BenchStore {
  db.exec(
    'CREATE TABLE IF NOT EXISTS items (id TEXT PRIMARY KEY, seq INTEGER NOT NULL UNIQUE, body TEXT NOT NULL)',
  );
  const upsert = db.prepare(
    'INSERT INTO items (id, seq, body) VALUES (?, (SELECT coalesce(max(seq), 0) + 1 FROM items), ?) ON CONFLICT (id) DO UPDATE SET body = excluded.body',
  );
  const get = db.prepare('SELECT body FROM items WHERE id = ?');
  const page = db.prepare(
    'SELECT body FROM items WHERE seq > coalesce((SELECT seq FROM items WHERE id = ?), 0) ORDER BY seq LIMIT ?',
  );
  const rows = (statement: SqlJsStatement, values: unknown[]): unknown[] => {
    statement.bind(values);
    const out: unknown[] = [];
    while (statement.step()) out.push(JSON.parse(statement.get()[0] as string));
    statement.reset();
    return out;
  };
  return {
    put(id, doc) {
      const body = JSON.stringify(doc);
      upsert.run([id, body]);
      onPut(id, body);
    },
    get: (id) => rows(get, [id])[0],
    page: (after, limit) => rows(page, [after ?? null, limit]),
    count: () => Number(db.exec('SELECT count(*) FROM items')[0]!.values[0]![0]),
    close() {
      onClose();
      db.close();
    },
  };
}

/** The emulator's store itself (one collection of it). */
async function emulatorStore(dir: string | undefined): Promise<BenchStore> {
  // The store compiled to JavaScript by the parent (as the generated emulator runs it), else its sources.
  const compiled = process.env.BENCH_STORE_MODULE;
  const { openStore } = (
    compiled
      ? await import(pathToFileURL(compiled).href)
      : await import('../templates/emulator/store/index.ts')
  ) as typeof import('../templates/emulator/store/index.ts');
  const store = await openStore(dir === undefined ? {} : { dir });
  return {
    put: (id, doc) => store.put('items', id, doc as never),
    get: (id) => store.get('items', id),
    page: (after, limit) =>
      store.list('items', { order: 'asc', limit, ...(after === undefined ? {} : { after }) }).items,
    count: () => store.count('items'),
    close: () => store.close(),
  };
}

/** Writes a file whole or not at all: temporary file, fsync, rename. */
function writeAtomically(file: string, data: Uint8Array): void {
  const temporary = `${file}.tmp`;
  const fd = openSync(temporary, 'w');
  writeSync(fd, data);
  fsyncSync(fd);
  closeSync(fd);
  renameSync(temporary, file);
}

const ENGINES = {
  'node-sqlite3-wasm': { open: (dir) => emulatorStore(dir) },
  'node-sqlite3-wasm (in memory)': { open: () => emulatorStore(undefined), volatile: true },
  'sql.js + fsynced log': {
    async open(dir) {
      const SQL = await loadSqlJs();
      mkdirSync(dir, { recursive: true });
      const snapshot = path.join(dir, 'snapshot.sqlite');
      const logFile = path.join(dir, 'log.jsonl');
      const db = new SQL.Database(existsSync(snapshot) ? readFileSync(snapshot) : undefined);
      const replay = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n') : [];
      const fd = openSync(logFile, 'a');
      let replaying = true;
      const store = sqlJsStore(
        db,
        (id, body) => {
          if (replaying) return;
          writeSync(fd, `${JSON.stringify([id, body])}\n`);
          fdatasyncSync(fd);
        },
        () => {
          writeAtomically(snapshot, db.export());
          closeSync(fd);
          rmSync(logFile);
        },
      );
      // Replay the log written since the last snapshot; a line torn by a crash is the unacknowledged last put.
      for (const line of replay) {
        if (!line) continue;
        let entry: [string, string];
        try {
          entry = JSON.parse(line) as [string, string];
        } catch {
          break;
        }
        await store.put(entry[0], JSON.parse(entry[1]));
      }
      replaying = false;
      return store;
    },
  },
  'sql.js (file exported per put)': {
    maxPuts: 400,
    async open(dir) {
      const SQL = await loadSqlJs();
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, 'db.sqlite');
      const db = new SQL.Database(existsSync(file) ? readFileSync(file) : undefined);
      return sqlJsStore(
        db,
        () => writeAtomically(file, db.export()),
        () => undefined,
      );
    },
  },
  pglite: {
    async open(dir) {
      const { PGlite } = await import('@electric-sql/pglite');
      const pg = await PGlite.create(dir);
      await pg.exec(
        'CREATE TABLE IF NOT EXISTS items (id TEXT PRIMARY KEY, seq BIGSERIAL UNIQUE, body TEXT NOT NULL)',
      );
      const bodies = (rows: { body: string }[]) => rows.map((row) => JSON.parse(row.body) as unknown);
      return {
        async put(id, doc) {
          await pg.query(
            'INSERT INTO items (id, body) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET body = excluded.body',
            [id, JSON.stringify(doc)],
          );
        },
        async get(id) {
          return bodies(
            (await pg.query<{ body: string }>('SELECT body FROM items WHERE id = $1', [id])).rows,
          )[0];
        },
        async page(after, limit) {
          const sql =
            'SELECT body FROM items WHERE seq > coalesce((SELECT seq FROM items WHERE id = $1), 0) ORDER BY seq LIMIT $2';
          return bodies((await pg.query<{ body: string }>(sql, [after ?? null, limit])).rows);
        },
        async count() {
          return (await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM items')).rows[0]!.n;
        },
        async close() {
          await pg.close();
        },
      };
    },
  },
} satisfies Record<string, Engine>;
type EngineName = keyof typeof ENGINES;

const SELF = new URL(import.meta.url).pathname;

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isSafeInteger(value) || value < 1) {
    console.error(`--${name} takes a positive integer, not ${JSON.stringify(process.argv[i + 1] ?? '')}.`);
    process.exit(2);
  }
  return value;
}

/** A ~1 KB JSON document, like a stored resource. */
export function documentFor(n: number): Record<string, unknown> {
  return {
    id: `file_${n.toString(36).padStart(8, '0')}`,
    object: 'file',
    bytes: 1024 * n,
    created_at: 1_700_000_000 + n,
    filename: `training-data-${n}.jsonl`,
    purpose: 'fine-tune',
    status: 'processed',
    expires_at: null,
    metadata: { project: 'benchmark', round: String(n % 7), tags: 'alpha,beta,gamma' },
    notes: 'x'.repeat(700),
  };
}

async function child(args: string[]): Promise<void> {
  const [mode, engineName, dir, countArg] = args as [string, EngineName, string, string | undefined];
  const count = Number(countArg ?? 0);
  const engine: Engine = ENGINES[engineName];
  const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
  if (mode === 'startup' || mode === 'recover') {
    const cpu = process.cpuUsage();
    const start = performance.now();
    const store = await engine.open(dir);
    const found = await store.count();
    const ms = performance.now() - start;
    const cpuMs = cpuMicros(cpu) / 1000;
    let lost = 0;
    for (let n = 0; n < count; n++) {
      const doc = (await store.get(documentFor(n).id as string)) as { bytes?: number } | undefined;
      if (doc?.bytes !== 1024 * n) lost++;
    }
    await store.close();
    print({ ms, cpuMs, found, lost });
    return;
  }
  const store = await engine.open(dir);
  if (mode === 'write') {
    // Acknowledge each durable put; the parent kills this process after enough acknowledgements.
    for (let n = 0; ; n++) {
      const doc = documentFor(n);
      await store.put(doc.id as string, doc);
      process.stdout.write(`${n}\n`);
    }
  }
  // throughput, after 2 s of warm-up: V8 compiles hot JavaScript and WebAssembly functions again, optimised, on
  // background threads whose CPU time the measured phases would otherwise pay (thousands of µs per put at first).
  const warmStart = performance.now();
  for (let n = 0; performance.now() - warmStart < 2000; n++) {
    const doc = { ...documentFor(n), id: `warm_${n}` };
    await store.put(doc.id, doc);
    for (let i = 0; i < 10; i++) await store.get(`warm_${(n * 7) % (n + 1)}`);
    await store.page(undefined, 20);
  }
  const docs = Array.from({ length: count }, (_, n) => documentFor(n));
  const syncs = countSyncs();
  let cpu = process.cpuUsage();
  let start = performance.now();
  for (const doc of docs) await store.put(doc.id as string, doc);
  const putMs = performance.now() - start;
  const putCpu = cpuMicros(cpu);
  const syncsPerPut = syncs() / count;
  const gets = Math.max(count * 5, 5000);
  cpu = process.cpuUsage();
  for (let i = 0; i < gets; i++) await store.get(docs[(i * 7919) % count]!.id as string);
  const getCpu = cpuMicros(cpu);
  let pages = 0;
  cpu = process.cpuUsage();
  start = performance.now();
  while (performance.now() - start < 1500) {
    let after: string | undefined;
    for (;;) {
      const items = (await store.page(after, 20)) as { id: string }[];
      pages++;
      if (items.length < 20) break;
      after = items.at(-1)!.id;
    }
  }
  const pageCpu = cpuMicros(cpu);
  await store.close();
  print({
    putsPerSecond: (count / putMs) * 1000,
    cpuMicrosPerPut: putCpu / count,
    syncsPerPut,
    getsPerCpuSecond: (gets / getCpu) * 1e6,
    pagesPerCpuSecond: (pages / pageCpu) * 1e6,
  });
}

const cpuMicros = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return used.user + used.system;
};

/**
 * Counts fsync/fdatasync calls from now on: every engine here reaches the disk through node:fs (SQLite's VFS and
 * PGlite's file system call it), so a put that reaches stable storage shows at least one.
 */
function countSyncs(): () => number {
  let calls = 0;
  const mutable = fs as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ['fsyncSync', 'fdatasyncSync', 'fsync', 'fdatasync']) {
    const original = mutable[name]!;
    mutable[name] = (...args: unknown[]) => {
      calls++;
      return original(...args);
    };
  }
  // ES module imports of node:fs (named ones included) see the wrappers too.
  syncBuiltinESMExports();
  return () => calls;
}

function runChild(args: string[]): Record<string, number> {
  const result = spawnSync(process.execPath, ['--import', 'tsx', SELF, '--child', ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (result.status !== 0)
    throw new Error(`child ${args.join(' ')} failed (${result.status}): ${result.stderr.slice(-2000)}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Record<string, number>;
}

/** Starts a writer, kills it with SIGKILL after `records` acknowledgements; resolves with how many it acknowledged. */
function writeAndKill(engine: EngineName, dir: string, records: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const writer = spawn(process.execPath, ['--import', 'tsx', SELF, '--child', 'write', engine, dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let acked = 0;
    let partial = '';
    let stderr = '';
    writer.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    writer.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!;
      acked += lines.length;
      if (acked >= records && !writer.killed) writer.kill('SIGKILL');
    });
    writer.on('exit', (_code, signal) =>
      signal === 'SIGKILL'
        ? resolve(acked)
        : reject(new Error(`writer ${engine} exited: ${stderr.slice(-2000)}`)),
    );
  });
}

async function main(): Promise<void> {
  const rounds = option('rounds', 3);
  const records = option('records', 2000);
  const puts = option('puts', 1000);
  const enginesArg = process.argv.indexOf('--engines');
  const names = (
    enginesArg > 0 ? process.argv[enginesArg + 1]!.split(',') : Object.keys(ENGINES)
  ) as EngineName[];
  const unknown = names.filter((n) => !(n in ENGINES));
  if (unknown.length) {
    console.error(`Unknown engine ${unknown.join(', ')}; known: ${Object.keys(ENGINES).join(', ')}.`);
    process.exit(2);
  }
  const samples = new Map<EngineName, Record<string, number[]>>(names.map((n) => [n, {}]));
  const add = (engine: EngineName, key: string, value: number) =>
    (samples.get(engine)![key] ??= []).push(value);
  // The store's TypeScript compiled once, so start-up measures the store and not tsx compiling it in each child.
  // Inside node_modules/, where the bundle still finds node-sqlite3-wasm.
  const bundle = path.resolve(
    import.meta.dirname,
    '../node_modules/.cache/platform-api-codegen/bench-emulator-store/store.mjs',
  );
  await build({
    entryPoints: [path.resolve(import.meta.dirname, '../templates/emulator/store/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['node-sqlite3-wasm'],
    outfile: bundle,
    logLevel: 'silent',
  });
  process.env.BENCH_STORE_MODULE = bundle;
  const root = mkdtempSync(path.join(tmpdir(), 'bench-emulator-store-'));
  try {
    for (let round = 0; round < rounds; round++) {
      // Rotate the order so no engine always runs first (or last) in a round.
      const order = names.map((_, i) => names[(i + round) % names.length]!);
      for (const engine of order) {
        process.stderr.write(`round ${round + 1}/${rounds}: ${engine}\n`);
        const dir = (what: string) => path.join(root, `${round}-${engine.replace(/\W/g, '_')}-${what}`);
        const up = runChild(['startup', engine, dir('startup')]);
        add(engine, 'startup', up.ms!);
        add(engine, 'startupCpu', up.cpuMs!);
        const engineCap = (ENGINES[engine] as Engine).maxPuts ?? Infinity;
        const t = runChild(['throughput', engine, dir('throughput'), String(Math.min(puts, engineCap))]);
        for (const [key, value] of Object.entries(t)) add(engine, key, value);
        if ((ENGINES[engine] as Engine).volatile) {
          rmSync(dir('throughput'), { recursive: true, force: true });
          continue;
        }
        const recoveryRecords = Math.min(records, engineCap);
        const acked = await writeAndKill(engine, dir('recover'), recoveryRecords);
        const r = runChild(['recover', engine, dir('recover'), String(acked)]);
        add(engine, 'recovery', r.ms!);
        add(engine, 'recoveryCpu', r.cpuMs!);
        add(engine, 'records', acked);
        add(engine, 'lost', r.lost!);
        rmSync(dir('recover'), { recursive: true, force: true });
        rmSync(dir('throughput'), { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  const cell = (values: number[] | undefined, digits = 0) => {
    if (!values?.length) return 'n/a';
    const s = stats(values);
    const f = (v: number) => v.toFixed(digits);
    return s.min === s.max ? f(s.median) : `${f(s.median)} (${f(s.min)}–${f(s.max)})`;
  };
  console.log(
    `\nEmulator store candidates: ${rounds} rounds; ${puts} durable puts of ~1 KB JSON; recovery after kill -9 with ${records} acknowledged records (fewer where capped). Median (min–max) over rounds.\n` +
      'Wall times include waiting for the disk and for other processes; CPU figures are this process only.\n',
  );
  console.log(
    '| engine | start-up ms: wall / CPU | puts/s (wall; durable except in memory) | CPU µs per put | fsyncs per put | gets per CPU-second | pages of 20 per CPU-second | recovery ms: wall / CPU (records) | acknowledged lost |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const engine of names) {
    const s = samples.get(engine)!;
    const volatile = (ENGINES[engine] as Engine).volatile;
    const lost = volatile ? 'n/a (in memory)' : String((s.lost ?? []).reduce((a, b) => a + b, 0));
    const recovery = volatile ? 'n/a' : `${cell(s.recovery)} / ${cell(s.recoveryCpu)} (${cell(s.records)})`;
    console.log(
      `| ${engine} | ${cell(s.startup)} / ${cell(s.startupCpu)} | ${cell(s.putsPerSecond)} | ${cell(s.cpuMicrosPerPut)} | ${cell(s.syncsPerPut, 1)} | ${cell(s.getsPerCpuSecond)} | ${cell(s.pagesPerCpuSecond)} | ${recovery} | ${lost} |`,
    );
  }
}

if (process.argv[2] === '--child') await child(process.argv.slice(3));
else await main();
