/**
 * `npm run bench:bundle`: browser bundle size of the generated client, minified and gzipped, for one call
 * (`embeddings.create` through `createBaseClient` + `Embeddings`), for one call through the full client class,
 * and for every resource; beside openai-node (the pinned `openai` devDependency) making the same call, bundled
 * the same way in the same run (esbuild, ESM, browser, minify, tree-shaking; gzip level 9).
 * Fails when the one-call bundle is not strictly smaller than the all-resources one (tree-shaking broken).
 * Sizes are deterministic; bundling time is reported as the median and spread of a few runs.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { buildPackage } from '../generator/package/compile.ts';
import { stats } from './bench/stats.ts';

const repo = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(os.tmpdir(), 'bench-bundle-'));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

try {
  const client = buildPackage('client', path.join(repo, 'generated'), work);
  // The built package's ES module entry, wherever its layout puts it.
  const ours = path.join(
    client.dir,
    (JSON.parse(readFileSync(path.join(client.dir, 'package.json'), 'utf8')) as { module: string }).module,
  );
  const pkg = JSON.parse(readFileSync(path.join(repo, 'generated/client/package.json'), 'utf8')) as {
    name: string;
  };
  const clientName = (readFileSync(path.join(repo, 'generated/client/index.ts'), 'utf8').match(
    /export \{ (\w+), createBaseClient/,
  ) ?? [])[1]!;
  const topResources = [
    ...readFileSync(path.join(repo, 'generated/client/client.ts'), 'utf8').matchAll(
      /^\s+readonly (\w+): \w+;/gm,
    ),
  ].map((m) => m[1]!);
  const call = `({ model: 'text-embedding-3-small', input: 'hello' })`;
  const entries: Record<string, string> = {
    [`${pkg.name}: embeddings.create, createBaseClient + Embeddings`]: `import { createBaseClient, Embeddings } from ${JSON.stringify(ours)};
export const run = () => new Embeddings(createBaseClient({ apiKey: 'k', dangerouslyAllowBrowser: true })).create${call};`,
    [`${pkg.name}: embeddings.create, new ${clientName}()`]: `import { ${clientName} } from ${JSON.stringify(ours)};
export const run = () => new ${clientName}({ apiKey: 'k', dangerouslyAllowBrowser: true }).embeddings.create${call};`,
    [`${pkg.name}: every resource (${topResources.length})`]: `import { ${clientName} } from ${JSON.stringify(ours)};
const c = new ${clientName}({ apiKey: 'k', dangerouslyAllowBrowser: true });
export const all = () => [${topResources.map((r) => `c.${r}`).join(', ')}];`,
    'openai 6.x: embeddings.create, new OpenAI()': `import OpenAI from 'openai';
export const run = () => new OpenAI({ apiKey: 'k', dangerouslyAllowBrowser: true }).embeddings.create${call};`,
  };
  const openaiVersion = (
    JSON.parse(readFileSync(path.join(repo, 'node_modules/openai/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  const rows: { name: string; min: number; gz: number; ms: number[] }[] = [];
  for (const [name, source] of Object.entries(entries)) {
    const entry = path.join(work, `entry-${rows.length}.mjs`);
    writeFileSync(entry, source);
    const ms: number[] = [];
    let text = '';
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const out = await build({
        entryPoints: [entry],
        bundle: true,
        minify: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        write: false,
        logLevel: 'silent',
        nodePaths: [path.join(repo, 'node_modules')],
      });
      ms.push(performance.now() - started);
      text = out.outputFiles[0]!.text;
    }
    rows.push({ name, min: Buffer.byteLength(text), gz: gzipSync(text, { level: 9 }).length, ms });
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log(
    `bundle size, esbuild (browser, ESM, minified) then gzip -9; openai ${openaiVersion}; bundling time over ${RUNS} runs\n`,
  );
  console.log(`| bundle | minified | gzipped | bundling time, median (spread) |\n|---|---:|---:|---:|`);
  for (const r of rows) {
    const st = stats(r.ms);
    console.log(
      `| ${r.name} | ${kb(r.min)} | ${kb(r.gz)} | ${st.median.toFixed(0)} ms (${st.min.toFixed(0)}–${st.max.toFixed(0)}) |`,
    );
  }
  const [one, , all] = rows;
  if (!(one!.min < all!.min)) {
    console.error(
      `\nerror: tree-shaking does not work: one call ${one!.min} B is not smaller than every resource ${all!.min} B`,
    );
    process.exitCode = 1;
  } else
    console.log(
      `\ntree-shaking: one call is ${((1 - one!.gz / all!.gz) * 100).toFixed(0)}% smaller (gzipped) than every resource`,
    );
} finally {
  rmSync(work, { recursive: true, force: true });
}
