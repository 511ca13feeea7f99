/**
 * Spec strings that could break generated code (newlines, quotes, `*\/`, `${`, U+2028 in enum values, property
 * names and descriptions), `$ref` chains inside a component's own `$defs`, an empty JSON-pointer token, and a
 * `$ref` inside an `enum` value (data, not a reference): every output generates (each file is parsed by the
 * formatter) and the validators and tables hold the exact strings.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runPipeline } from '../../generator/pipeline.ts';
import { writeTree } from '../../generator/render/write.ts';
import { root } from './fixture.ts';

const SPEC = path.join(root, 'test/fixtures/validators-odd/openapi.json');
type Result = { ok: boolean; errors?: { path: string; code: string }[] };
let validateRequest: (op: string, input: { body: unknown }) => Result;
let enums: Record<string, readonly unknown[]>;
let warnings: string[];

beforeAll(async () => {
  const result = await runPipeline({ spec: SPEC, mode: 'tolerant' });
  warnings = result.warnings.map((w) => `${w.location.pointer} ${w.code}`);
  const out = path.join(root, '.tmp/test/odd-strings');
  writeTree(out, result.files);
  ({ validateRequest } = (await import(path.join(out, 'validators/index.ts'))) as {
    validateRequest: typeof validateRequest;
  });
  enums = (await import(path.join(out, 'tables/enums.ts'))) as typeof enums;
}, 60_000);

const odd = (body: Record<string, unknown>) =>
  validateRequest('postOdd', { body: { 'line\nbreak': 'a\nb', ...body } });

describe('strings no spec can break the output with', () => {
  it('checks enum values and property names with newlines, quotes, backslashes, */, ${ and U+2028 exactly', () => {
    for (const value of ['a\nb', "it's", 'back\\slash', '*/', '${x}', 'sep\u2028x', 'q"uote'])
      expect(odd({ 'line\nbreak': value }).ok, value).toBe(true);
    expect(odd({ 'line\nbreak': 'a' }).errors?.[0]).toMatchObject({
      path: '/body/line\nbreak',
      code: 'enum',
    });
    expect(validateRequest('postOdd', { body: {} }).errors?.[0]).toMatchObject({
      path: '/body/line\nbreak',
      code: 'required',
    });
    expect(odd({ kind: 'x\ny' }).ok).toBe(true);
    expect(odd({ kind: 'x' }).ok).toBe(false);
    expect(odd({ 'with */ name': 'a\nb' }).ok).toBe(true);
    expect(odd({ 'with */ name': 'ab' }).ok).toBe(false);
  });
  it('writes the values into tables/enums.ts as they are', () => {
    const lists = Object.values(enums).filter((v): v is readonly unknown[] => Array.isArray(v));
    expect(
      lists.some(
        (l) => l.includes('a\nb') && l.includes('sep\u2028x') && l.includes('${x}') && l.includes("it's"),
      ),
    ).toBe(true);
  });
  it('reads a $ref inside an enum value as data, compared as JSON', () => {
    expect(odd({ ref_in_enum: 'x' }).ok).toBe(true);
    expect(odd({ ref_in_enum: { $ref: '#/components/schemas/Missing' } }).ok).toBe(true);
    expect(odd({ ref_in_enum: { $ref: '#/components/schemas/Other' } }).errors?.[0]).toMatchObject({
      path: '/body/ref_in_enum',
      code: 'enum',
    });
    expect(warnings.filter((w) => w.includes('ref_in_enum'))).toEqual([]);
  });
  it('follows a chain of $refs through a component’s own $defs, and empty pointer tokens', () => {
    expect(validateRequest('postChain', { body: 3 }).ok).toBe(true);
    expect(validateRequest('postChain', { body: 4 }).errors?.[0]).toMatchObject({
      path: '/body',
      code: 'maximum',
    });
    expect(validateRequest('postChain', { body: 'x' }).ok).toBe(false);
    expect(odd({ empty_token: 'ab' }).ok).toBe(true);
    expect(odd({ empty_token: 'a' }).errors?.[0]).toMatchObject({
      path: '/body/empty_token',
      code: 'min_length',
    });
  });

  it('refuses, without overflowing the stack, a schema that applies itself to the same value under unevaluatedProperties', () => {
    for (const body of [{ a: 'x' }, { b: 1 }, 3]) {
      const result = validateRequest('postLoop', { body });
      expect(result.ok).toBe(false);
      expect(result.errors?.[0]).toMatchObject({ code: 'too_deep' });
    }
  });
});

describe('names and values JavaScript gives a meaning to', () => {
  it('requires __proto__, toString and constructor as plain names', () => {
    expect(validateRequest('postProto', { body: {} }).errors?.map((e) => e.path)).toEqual([
      '/body/__proto__',
      '/body/toString',
      '/body/constructor',
    ]);
    expect(
      validateRequest('postProto', {
        body: JSON.parse('{"__proto__": 1, "toString": 2, "constructor": 3}') as unknown,
      }).ok,
    ).toBe(true);
  });
  it('refuses every value, null too, for enum: []', () => {
    for (const body of [null, 0, 'a', {}]) expect(validateRequest('postNothing', { body }).ok).toBe(false);
  });
  it('reports every property of a wide object (checked from a table) at its escaped path', () => {
    const ok = { p0: 1, 'a/b~c': 'y\nz' };
    expect(validateRequest('postWide', { body: ok }).ok).toBe(true);
    expect(
      validateRequest('postWide', { body: { p0: -1, p7: 'x', 'a/b~c': 'q' } })
        .errors?.map((e) => `${e.path} ${e.code}`)
        .sort(),
    ).toEqual(['/body/a~1b~0c enum', '/body/p0 minimum', '/body/p7 type']);
    expect(
      validateRequest('postWide', { body: {} })
        .errors?.map((e) => e.path)
        .sort(),
    ).toEqual(['/body/a~1b~0c', '/body/p0']);
    // The table at the top of the module names `Same2`'s functions before their declaration (function hoisting).
    expect(
      validateRequest('postWide', { body: { ...ok, same: { id: 'x' } } }).errors?.map((e) => e.path),
    ).toEqual(['/body/same/id']);
  });
});

describe('unevaluatedProperties and dependencies', () => {
  it('sees the properties of the anyOf branches that pass, and refuses the rest with their path', () => {
    expect(validateRequest('postEvaluated', { body: { kind: 'k', a: 1 } }).ok).toBe(true);
    expect(validateRequest('postEvaluated', { body: { kind: 'k', a: 1, b: 'x' } }).ok).toBe(true);
    // `b` is not a string: its branch fails, so `b` is unevaluated.
    expect(validateRequest('postEvaluated', { body: { a: 1, b: 2 } }).errors).toEqual([
      expect.objectContaining({ path: '/body/b', code: 'unevaluated_property' }),
    ]);
    expect(validateRequest('postEvaluated', { body: { a: 1, 'odd/key': 2 } }).errors?.[0]).toMatchObject({
      path: '/body/odd~1key',
      code: 'unevaluated_property',
    });
  });
  it('reads draft 4 dependencies: a list of names is dependentRequired, a schema dependentSchemas', () => {
    expect(validateRequest('postDependencies', { body: { a: 1, b: 2, c: 3, d: 4 } }).ok).toBe(true);
    expect(validateRequest('postDependencies', { body: { a: 1 } }).errors?.[0]).toMatchObject({
      path: '/body/b',
      code: 'dependent_required',
    });
    expect(validateRequest('postDependencies', { body: { c: 1 } }).errors?.[0]).toMatchObject({
      path: '/body/d',
      code: 'required',
    });
    expect(warnings.filter((w) => w.includes('Dependencies') || w.includes('Evaluated'))).toEqual([]);
  });
});
