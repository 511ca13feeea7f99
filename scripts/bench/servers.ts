/**
 * Mock servers as child processes, for `bench:emulator` and `test:openai-node`: our emulator through the command a
 * user runs (the built CLI, `bin/platform-api-codegen.js`, else the sources through tsx) and Prism
 * (@stoplight/prism-cli, pinned) on the same spec, each on a port the OS chose, on 127.0.0.1. Each is stopped by
 * its pid; waiting for one to answer is bounded, so a hang ends the run with its stderr.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';

export const PRISM = 'prism 5.14.2';

export interface ServerCommand {
  name: string;
  /** The command in words, for reports. */
  how: string;
  /** The command line, the port appended last. */
  command: string[];
  /** The API's root on the port (Prism serves the spec's paths without the server's base path). */
  base: (port: number) => string;
}

/**
 * The emulate command: `built`, as a user runs it once installed (`bin/platform-api-codegen.js` over `lib/`, which
 * `npm run build:tool` compiles and which is stale after a change to the sources), or the sources through tsx;
 * by default the built form when `lib/` exists. `root`: another checkout's.
 */
export function emulatorCommand(
  spec: string,
  extra: string[] = [],
  basePath = '',
  root = '.',
  form: 'built' | 'sources' = existsSync(path.resolve(root, 'lib/generator/cli/index.js'))
    ? 'built'
    : 'sources',
): ServerCommand {
  const bin = path.resolve(root, 'bin/platform-api-codegen.js');
  return {
    name: 'emulator',
    how: `${form === 'built' ? 'bin/platform-api-codegen.js' : 'scripts/tool.ts'} emulate ${[...extra, ''].join(' ')}(${form === 'built' ? 'lib/' : 'the sources through tsx'})`,
    command: [
      process.execPath,
      ...(form === 'built' ? [bin] : ['--import', 'tsx', path.resolve(root, 'scripts/tool.ts')]),
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
    how: `prism mock (@stoplight/prism-cli ${PRISM.split(' ')[1]})`,
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
  /**
   * CPU time (user + system) the process had used by then, from /proc (10 ms ticks; the process's own, not its
   * children's); undefined where /proc is absent.
   */
  startupCpuMs: number | undefined;
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
  const startupMs = performance.now() - started;
  return { proc, base, startupMs, startupCpuMs: cpuMs(proc.pid), stderr: () => err };
}

/** User + system CPU of process `pid` so far, from /proc/<pid>/stat (fields 14 and 15, at 100 ticks a second). */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
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
