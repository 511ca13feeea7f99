/**
 * The names a top-level resource may not take are read from the client engine's source
 * (generator/naming/engine-members.ts): a spec with a first path segment named after every member of `ClientBase`
 * (private ones too: `/transmit/jobs`, `/idleTimeout/things`) generates a client that type-checks.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engineMembers } from '../../generator/naming/engine-members.ts';
import { runPipeline } from '../../generator/pipeline.ts';
import { writeTree } from '../../generator/render/write.ts';
import { typecheckCorpus } from '../corpus/run.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'codegen-engine-members-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('resources named after the client engine', () => {
  const members = [...engineMembers().client].filter((m) => /^[a-z][A-Za-z0-9]*$/.test(m));

  it('are read from the engine: every member of ClientBase, private ones included', () => {
    for (const m of [
      'baseURL',
      'call',
      'list',
      'transmit',
      'idleTimeout',
      'sharedHeaders',
      'webhooks',
      'toString',
    ])
      expect(members).toContain(m);
    expect(engineMembers().resource).toContain('_client');
  });

  it('a resource named after each member gets a name of its own, and the client compiles', async () => {
    const paths = Object.fromEntries(
      members.map((m) => [
        `/${m}/jobs`,
        {
          get: {
            operationId: `list_${m}_jobs`,
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema: { type: 'string' } } } },
            },
          },
        },
      ]),
    );
    const spec = path.join(dir, 'openapi.json');
    writeFileSync(spec, JSON.stringify({ openapi: '3.1.0', info: { title: 'Engine', version: '1' }, paths }));
    const result = await runPipeline({ spec, emitters: ['client'], mode: 'tolerant', format: false });
    const tops = result.api.resources.children.map((c) => c.property);
    for (const m of members) expect(tops, m).not.toContain(m);
    // Inside the repository, so the compiler finds its types (Node's) as for the goldens.
    const out = path.resolve('.tmp/test/engine-members');
    rmSync(out, { recursive: true, force: true });
    writeTree(out, result.files);
    expect(typecheckCorpus(out).output.trim()).toBe('');
  }, 240_000);
});
