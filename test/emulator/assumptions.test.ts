/**
 * The emulator's assumptions are its own, listed and configurable: the generated README names every assumed step
 * with its `steps` key, never as a fact of the API, and the config's `steps` changes or turns off each one (a
 * documented step only within its bound).
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { MODEL, startEmulator, type RunningEmulator } from '../../generated/emulator/index.ts';
import { PlatformClient } from '../../generated/client/index.ts';
import { advance } from './helpers.ts';

const readme = readFileSync('generated/emulator/README.md', 'utf8');
let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

describe('assumptions', () => {
  it('the README lists every assumed step with its config key, under Assumptions', () => {
    const section = readme.slice(readme.indexOf('## Assumptions'), readme.indexOf('## The clock'));
    expect(MODEL.assumedProgressions.length).toBeGreaterThan(3);
    for (const a of MODEL.assumedProgressions) {
      expect(section).toContain(`\`${a.machine}\`: \`${a.from}\` → \`${a.to}\``);
      expect(section).toContain(`"${a.machine}:${a.from}->${a.to}": <ms>`);
    }
    // The documented table holds only what the spec says: none of the assumed steps.
    const documented = readme.slice(readme.indexOf('## Lifecycles'), readme.indexOf('## Assumptions'));
    expect(documented).toMatch(/`batch` +\| `cancelling` +\| `cancelled` +\| at most PT10M/);
    expect(documented).not.toContain('`finalizing`');
    expect(readme).not.toMatch(/\bseeds\b/i);
  });

  it('steps in the config change an assumed delay or turn it off', async () => {
    emulator = await startEmulator({
      port: 0,
      config: { steps: { 'batch:validating->in_progress': 5000, 'batch:in_progress->finalizing': null } },
    });
    const client = new PlatformClient({
      apiKey: 'k',
      baseURL: `${emulator.url}${emulator.basePath}`,
      maxRetries: 0,
    });
    const batch = await client.batches.create({
      completion_window: '24h',
      endpoint: '/v1/embeddings',
      input_file_id: 'file_1',
    });
    const status = async () => {
      for await (const b of client.batches.list()) if (b.id === batch.id) return b.status;
      return undefined;
    };
    // Real time runs too: the clock is a few milliseconds past what was added.
    await advance(emulator, 4000);
    expect(await status()).toBe('validating');
    await advance(emulator, 1000);
    expect(await status()).toBe('in_progress');
    await advance(emulator, 3_600_000);
    expect(await status()).toBe('in_progress');
  });

  it('a documented bound is kept: at most 10 minutes can be shortened, one hour exactly cannot be changed', async () => {
    emulator = await startEmulator({
      port: 0,
      config: {
        steps: {
          'batch:validating->in_progress': 1000,
          'batch:in_progress->finalizing': null,
          'batch:cancelling->cancelled': 1000,
        },
      },
    });
    const client = new PlatformClient({
      apiKey: 'k',
      baseURL: `${emulator.url}${emulator.basePath}`,
      maxRetries: 0,
    });
    const batch = await client.batches.create({
      completion_window: '24h',
      endpoint: '/v1/embeddings',
      input_file_id: 'file_1',
    });
    await advance(emulator, 1000);
    await client.batches.cancel(batch.id);
    await advance(emulator, 1000);
    let status: string | undefined;
    for await (const b of client.batches.list()) if (b.id === batch.id) status = b.status;
    expect(status).toBe('cancelled');
    await expect(
      startEmulator({ port: 0, config: { steps: { 'batch:cancelling->cancelled': 11 * 60_000 } } }),
    ).rejects.toThrow(/bound this step at PT10M/);
    await expect(
      startEmulator({ port: 0, config: { steps: { 'upload:pending->expired': 1 } } }),
    ).rejects.toThrow(/fix this step at PT1H/);
    await expect(
      startEmulator({ port: 0, config: { steps: { 'batch:validating->completed': 1 } } }),
    ).rejects.toThrow(/no time-driven step/);
    await expect(startEmulator({ port: 0, config: { steps: { 'nope:a->b': 1 } } })).rejects.toThrow(
      /no state machine "nope"/,
    );
  });
});
