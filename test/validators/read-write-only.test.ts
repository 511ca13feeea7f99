/**
 * A required `readOnly` property is required in responses only, a required `writeOnly` one in requests only
 * (OpenAPI 3.0, Schema Object; Cloudflare's accounts: `required: [id, name]` with `id` read-only): the generated
 * request and response validators, the mark found on the property or along its `$ref` chain, in objects checked
 * inline and from a table, and inside a `oneOf` branch (the fail-fast test).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, root } from './fixture.ts';

type Result = { ok: boolean; errors?: { path: string; code: string }[] };
let request: (id: string, input: object) => Result;
let response: (id: string, status: number, body: unknown) => Result;

const many = Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`f${i}`, { type: 'string' }]));
const account = {
  type: 'object',
  required: ['id', 'name', 'password'],
  properties: {
    id: { $ref: '#/components/schemas/Identifier' },
    name: { type: 'string' },
    password: { type: 'string', writeOnly: true },
  },
};
const spec = {
  openapi: '3.1.0',
  info: { title: 'Access', version: '1' },
  paths: {
    '/accounts': {
      put: {
        operationId: 'putAccount',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Account' } } },
        },
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Account' } } },
          },
        },
      },
    },
    '/wide': {
      put: {
        operationId: 'putWide',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Wide' } } },
        },
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Wide' } } },
          },
        },
      },
    },
    '/rules': {
      patch: {
        operationId: 'patchRule',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/RuleUpdate' } } },
        },
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/RuleUpdate' } } },
          },
        },
      },
    },
    '/either': {
      put: {
        operationId: 'putEither',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Either' } } },
        },
        responses: { '204': { description: 'done' } },
      },
    },
  },
  components: {
    schemas: {
      Identifier: { type: 'string', maxLength: 32, readOnly: true },
      Account: account,
      Wide: { ...account, properties: { ...account.properties, ...many } },
      Rule: {
        type: 'object',
        properties: {
          id: { $ref: '#/components/schemas/Identifier' },
          mode: { type: 'string' },
          owner: { $ref: '#/components/schemas/Reference' },
        },
      },
      Reference: {
        allOf: [
          {
            type: 'object',
            properties: { id: { type: 'string', readOnly: true }, type: { type: 'string' } },
          },
          { type: 'object', required: ['type', 'id'] },
        ],
      },
      RuleUpdate: {
        type: 'object',
        allOf: [{ $ref: '#/components/schemas/Rule' }, { properties: { notes: { type: 'string' } } }],
        required: ['id', 'mode'],
      },
      Either: {
        oneOf: [
          { $ref: '#/components/schemas/Account' },
          { type: 'object', required: ['code'], properties: { code: { type: 'integer' } } },
        ],
      },
    },
  },
};

beforeAll(async () => {
  const dir = path.join(root, '.tmp/test/read-write-only-spec');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(spec));
  const out = await generateFixture('read-write-only', path.join(dir, 'openapi.json'), [
    'types',
    'validators',
  ]);
  const validators = (await import(`${out}/validators/index.ts`)) as {
    validateRequest: typeof request;
    validateResponse: typeof response;
  };
  request = validators.validateRequest;
  response = validators.validateResponse;
});

const missing = (r: Result) => (r.errors ?? []).filter((e) => e.code === 'required').map((e) => e.path);

describe.each(['putAccount', 'putWide'])('%s', (operationId) => {
  it('a request need not send the read-only id, and must send the write-only password', () => {
    expect(request(operationId, { body: { name: 'n', password: 'p' } }).ok).toBe(true);
    expect(missing(request(operationId, { body: { name: 'n' } }))).toEqual(['/body/password']);
    // Sent anyway, the read-only value is still checked.
    const long = request(operationId, { body: { id: 'x'.repeat(33), name: 'n', password: 'p' } });
    expect(long.errors?.map((e) => e.path)).toEqual(['/body/id']);
  });

  it('a response must carry the id, and need not echo the password', () => {
    expect(response(operationId, 200, { id: 'a1', name: 'n' }).ok).toBe(true);
    expect(missing(response(operationId, 200, { name: 'n' }))).toEqual(['/body/id']);
  });
});

describe('a `required` beside the allOf members that declare the properties', () => {
  it('reads the read-only mark from the member: required in responses only', () => {
    expect(request('patchRule', { body: { mode: 'block' } }).ok).toBe(true);
    expect(missing(request('patchRule', { body: {} }))).toEqual(['/body/mode']);
    expect(missing(response('patchRule', 200, { mode: 'block' }))).toEqual(['/body/id']);
  });

  it('and a `required` in one member naming a read-only property of another (PagerDuty’s references)', () => {
    expect(request('patchRule', { body: { mode: 'block', owner: { type: 'user_reference' } } }).ok).toBe(
      true,
    );
    expect(missing(request('patchRule', { body: { mode: 'block', owner: {} } }))).toEqual([
      '/body/owner/type',
    ]);
    expect(
      missing(response('patchRule', 200, { id: 'r', mode: 'block', owner: { type: 'user_reference' } })),
    ).toEqual(['/body/owner/id']);
  });
});

describe('inside a oneOf branch', () => {
  it('the branch matches a request without the read-only id', () => {
    expect(request('putEither', { body: { name: 'n', password: 'p' } }).ok).toBe(true);
    expect(request('putEither', { body: { code: 3 } }).ok).toBe(true);
    expect(request('putEither', { body: { name: 'n' } }).ok).toBe(false);
  });
});
