/**
 * Mock servers as child processes, for `bench:emulator` and `test:openai-node`: our emulator through the command a
 * user runs (the built CLI, `bin/platform-api-codegen.js`, else the sources through tsx) and Prism
 * (@stoplight/prism-cli, pinned) on the same spec, each on a port the OS chose, on 127.0.0.1. Each is stopped by
 * its pid; waiting for one to answer is bounded, so a hang ends the run with its stderr.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';

export const PRISM = 'prism 5.14.2';

export interface ServerCommand {
  name: string;
  /** The command line, the port appended last. */
  command: string[];
  /** The API's root on the port (Prism serves the spec's paths without the server's base path). */
  base: (port: number) => string;
}

/**
 * The emulate command as a user runs it: the installed form when built (`npm run build:tool`), else the sources;
 * `root` another checkout's.
 */
export function emulatorCommand(
  spec: string,
  extra: string[] = [],
  basePath = '',
  root = '.',
): ServerCommand {
  const bin = path.resolve(root, 'bin/platform-api-codegen.js');
  const built = existsSync(path.resolve(root, 'lib/generator/cli/index.js'));
  return {
    name: 'emulator',
    command: [
      process.execPath,
      ...(built ? [bin] : ['--import', 'tsx', path.resolve(root, 'scripts/tool.ts')]),
      'emulate',
      '--spec',
      spec,
      ...extra,
      '--port',
    ],
    base: (p) => `http://127.0.0.1:${p}${basePath}`,
  };
}

export function prismCommand(spec: string): ServerCommand {
  return {
    name: PRISM,
    command: [
      process.execPath,
      path.resolve('node_modules/@stoplight/prism-cli/dist/index.js'),
      'mock',
      spec,
      '-h',
      '127.0.0.1',
      '-p',
    ],
    base: (p) => `http://127.0.0.1:${p}`,
  };
}

/** A port free right now on 127.0.0.1 (the OS picks it; others run servers on this machine too). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface Running {
  proc: ChildProcess;
  base: string;
  /** From spawning the command to the first answer `ready` accepted. */
  startupMs: number;
  stderr: () => string;
}

/**
 * Starts `server` and polls `ready(base)` until it returns true; `boundMs` only stops a hang (the process is
 * killed and its stderr reported).
 */
export async function startServer(
  server: ServerCommand,
  ready: (base: string) => Promise<boolean>,
  boundMs = 300_000,
  onStderr?: (chunk: string) => void,
): Promise<Running> {
  const port = await freePort();
  const started = performance.now();
  const proc = spawn(server.command[0]!, [...server.command.slice(1), String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  proc.stderr.on('data', (c: Buffer) => {
    err += c.toString();
    onStderr?.(c.toString());
  });
  const base = server.base(port);
  for (;;) {
    if (proc.exitCode !== null)
      throw new Error(`${server.name} exited ${proc.exitCode}: ${err.slice(-2000)}`);
    if (performance.now() - started > boundMs) {
      await stop(proc);
      throw new Error(`${server.name} did not answer within ${boundMs / 1000} s: ${err.slice(-2000)}`);
    }
    try {
      if (await ready(base)) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  return { proc, base, startupMs: performance.now() - started, stderr: () => err };
}

/** SIGTERM, then SIGKILL after 5 s; resolves once the process has exited. */
export async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
