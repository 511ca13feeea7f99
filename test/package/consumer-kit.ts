/**
 * Shared pieces of the consumer tests: build and pack the generated packages once into a temporary folder,
 * install a tarball into a fresh project (offline: the packages have no dependencies), and run commands there.
 * The repo's own tsc, esbuild, publint and attw are used by absolute path, so nothing is downloaded.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildAll } from '../../generator/package/compile.ts';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const bin = (name: string) => path.join(repo, 'node_modules/.bin', name);
const exec = promisify(execFile);

export async function run(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await exec(cmd, args, { cwd, env, maxBuffer: 32 * 1024 * 1024 });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; code?: number };
    return { stdout: e.stdout ?? '', stderr: e.stderr ?? '', code: typeof e.code === 'number' ? e.code : 1 };
  }
}

/** `npm pack` of a folder into `dest`; returns the tarball's path. */
export async function pack(dir: string, dest: string): Promise<string> {
  const r = await run('npm', ['pack', '--pack-destination', dest, '--json', '--silent'], dir);
  if (r.code !== 0) throw new Error(`npm pack ${dir} failed: ${r.stderr}`);
  const [info] = JSON.parse(r.stdout.slice(r.stdout.indexOf('\n[') + 1 || 0)) as { filename: string }[];
  return path.join(dest, info!.filename);
}

export interface Packed {
  root: string;
  client: { dir: string; tarball: string; name: string };
  server: { dir: string; tarball: string; name: string };
}

/** Builds generated/ into a temporary dist and packs each package. */
export async function buildAndPack(): Promise<Packed> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'codegen-consumer-'));
  const built = buildAll(path.join(repo, 'generated'), path.join(root, 'dist'));
  const [client, server] = await Promise.all(
    built.map(async (b) => ({ dir: b.dir, tarball: await pack(b.dir, root) })),
  );
  const named = (p: { dir: string; tarball: string }) => ({
    ...p,
    name: (JSON.parse(readFileSync(path.join(p.dir, 'package.json'), 'utf8')) as { name: string }).name,
  });
  return { root, client: named(client!), server: named(server!) };
}

/** A fresh project with the tarballs installed (`npm install --offline`). */
export async function project(root: string, name: string, tarballs: string[]): Promise<string> {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true }));
  const r = await run(
    'npm',
    ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', ...tarballs],
    dir,
  );
  if (r.code !== 0) throw new Error(`npm install in ${dir} failed: ${r.stderr}`);
  return dir;
}
