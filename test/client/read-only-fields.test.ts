/**
 * A body's required `readOnly` field (the `id` a server assigns; Cloudflare's accounts) is optional in a request:
 * the client's params type lets a call leave it out while the response type keeps it required, checked by the
 * TypeScript compiler on a caller's file; and such a call goes through to the generated server over real HTTP.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateSpec, importGenerated } from '../helpers/generate-spec.ts';
import { strictProgram } from '../helpers/strict-program.ts';

const out = path.resolve('.tmp/read-only-fields');
const account = { $ref: '#/components/schemas/Account' };
const spec = {
  openapi: '3.1.0',
  info: { title: 'Accounts', version: '1' },
  paths: {
    '/accounts/{account_id}': {
      put: {
        operationId: 'updateAccount',
        'x-sdk-call': 'accounts.update',
        parameters: [{ name: 'account_id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { required: true, content: { 'application/json': { schema: account } } },
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: account } } } },
      },
    },
  },
  components: {
    schemas: {
      Identifier: { type: 'string', maxLength: 32, readOnly: true },
      Account: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { $ref: '#/components/schemas/Identifier' }, name: { type: 'string' } },
      },
    },
  },
};

let clientName: string;

beforeAll(async () => {
  const { api } = await generateSpec(out, spec, { emitters: ['types', 'client', 'server'] });
  clientName = api.clientName;
});

describe('a required readOnly field of a request body', () => {
  it('may be left out of a call, and stays required in the response type (tsc)', () => {
    const usage = path.join(out, 'usage.ts');
    writeFileSync(
      usage,
      [
        `import { ${clientName} } from './client/index.ts';`,
        `const client = new ${clientName}({ apiKey: 'k' });`,
        `export async function ok(): Promise<string> {`,
        `  const account = await client.accounts.update('a1', { name: 'n' });`,
        `  return account.id;`,
        `}`,
        `export async function missingName(): Promise<unknown> {`,
        `  return client.accounts.update('a1', { id: 'x' });`,
        `}`,
      ].join('\n'),
    );
    const program = strictProgram([usage]);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file?.fileName === usage)
      .map(
        (d) =>
          `${d.file!.getLineAndCharacterOfPosition(d.start!).line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
      );
    // Only the call without `name` is refused.
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^8: .*'name'/);
  });

  it('the call without it reaches the handler, which answers with the id', async () => {
    const { createServer } = await importGenerated<{
      createServer: (h: object, o: object) => { node: http.RequestListener };
    }>(out, 'server/index.ts');
    const bodies: unknown[] = [];
    const app = createServer(
      {
        updateAccount: ({ params, body }: { params: { accountId: string }; body: { name: string } }) => {
          bodies.push(body);
          return { id: params.accountId, name: body.name };
        },
      },
      { authenticate: () => ({ id: 'user' }) },
    );
    const server = http.createServer(app.node);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      type Accounts = { accounts: { update: (id: string, body: object) => Promise<unknown> } };
      const module = await importGenerated<Record<string, new (o: object) => Accounts>>(
        out,
        'client/index.ts',
      );
      const client = new module[clientName]!({
        baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        apiKey: 'k',
        maxRetries: 0,
      });
      expect(await client.accounts.update('a1', { name: 'n' })).toEqual({ id: 'a1', name: 'n' });
      expect(bodies).toEqual([{ name: 'n' }]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
