/** The shared per-timeout timers of Node-fetch attempts (templates/client/internal/deadlines.ts). */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clearDeadline, setDeadline } from '../../templates/client/internal/deadlines.ts';

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((r) => setTimeout(r, 5));
};

describe('deadlines', () => {
  it('fires each deadline once, not before its time, skipping the cleared ones, per timeout', async () => {
    const fired: string[] = [];
    const start = performance.now();
    const at: Record<string, number> = {};
    const mark = (name: string) => () => {
      fired.push(name);
      at[name] = performance.now() - start;
    };
    const a = setDeadline(30, mark('a'));
    const b = setDeadline(30, mark('b'));
    setDeadline(30, mark('c'));
    setDeadline(10, mark('short'));
    clearDeadline(b);
    clearDeadline(b); // twice is harmless
    await until(() => fired.length === 3);
    expect(fired).toEqual(['short', 'a', 'c']);
    expect(at.short).toBeGreaterThanOrEqual(9);
    expect(at.a).toBeGreaterThanOrEqual(29);
    clearDeadline(a); // after firing: nothing happens
    // A lane emptied by clearing takes new deadlines.
    const d = setDeadline(15, mark('d'));
    clearDeadline(d);
    setDeadline(15, mark('e'));
    await until(() => fired.length === 4);
    expect(fired.at(-1)).toBe('e');
    // An object instead of a callback: its `expire` is called, with the object as `this`.
    const target = {
      expired: 0,
      expire() {
        this.expired++;
      },
    };
    setDeadline(5, target);
    await until(() => target.expired === 1);
  });

  it('runs every due callback when one throws, then throws the first error', async () => {
    const fired: string[] = [];
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on('uncaughtException', onError);
    try {
      setDeadline(5, () => {
        throw new Error('first');
      });
      setDeadline(5, () => fired.push('second'));
      await until(() => fired.length === 1 && errors.length === 1);
      expect((errors[0] as Error).message).toBe('first');
    } finally {
      process.off('uncaughtException', onError);
    }
  });

  it('does not keep the process alive while a deadline waits', () => {
    const module = path.resolve('templates/client/internal/deadlines.ts');
    const script = `import { setDeadline } from ${JSON.stringify(module)}; setDeadline(600000, () => { process.exitCode = 3; });`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.signal).toBeNull();
    expect(run.status).toBe(0);
  });
});
