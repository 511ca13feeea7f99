/**
 * The JSON Schemas shipped for our extensions (schemas/, in the package's files) accept every use of them in our
 * spec and refuse wrong ones, so an editor that completes and checks with them agrees with the generator.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../generator/load/index.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const schema = (name: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'schemas', `${name}.schema.json`), 'utf8')) as { $id: string };
const ajv = new Ajv2020({ strict: true, allErrors: true });
for (const name of ['x-not-shown', 'x-sse', 'x-state-machines']) ajv.addSchema(schema(name));
const check = (name: string) => ajv.getSchema(schema(name).$id)!;

/** Every value of `key` anywhere in the document, with its pointer. */
function uses(value: unknown, key: string, at = '#'): [string, unknown][] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(k === key ? [[`${at}/${k}`, v] as [string, unknown]] : []),
    ...uses(v, key, `${at}/${k}`),
  ]);
}

describe('the extension schemas', async () => {
  const { document } = await loadSpec(path.join(ROOT, 'spec/openapi.yaml'));
  it.each(['x-state-machines', 'x-sse', 'x-not-shown'])('accept every %s of our spec', (name) => {
    const found = uses(document, name);
    expect(found.length).toBeGreaterThan(0);
    const validate = check(name);
    for (const [at, value] of found)
      expect(validate(value), `${at}: ${JSON.stringify(validate.errors)}`).toBe(true);
  });

  it.each([
    ['x-not-shown', 42],
    ['x-not-shown', []],
    ['x-sse', { framing: 'lines', events: [] }],
    ['x-sse', { framing: 'named', events: [{ nam: 'x' }] }],
    ['x-state-machines', { job: { schema: '#/components/schemas/Job', property: 'status', states: ['a'] } }],
    [
      'x-state-machines',
      {
        job: {
          schema: '#/components/schemas/Job',
          property: 'status',
          states: ['a', 'b'],
          transitions: [{ from: 'a', to: 'b', on: { after: '10 minutes' } }],
        },
      },
    ],
  ])('%s refuses %j', (name, value) => {
    expect(check(name)(value)).toBe(false);
  });
});
