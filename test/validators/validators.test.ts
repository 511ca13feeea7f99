/**
 * The generated validators on the fixture spec (test/fixtures/validators): for each limit and rule, a value just
 * inside passes and one just outside fails with a JSON pointer naming the field, a stable code and a message.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../generator/config/types.ts';
import { generateFixture } from './fixture.ts';

type Result =
  | {
      ok: true;
      value: {
        path: Record<string, unknown>;
        query: Record<string, unknown>;
        headers: Record<string, unknown>;
        body: unknown;
      };
    }
  | { ok: false; errors: { path: string; code: string; message: string }[] };
type Validators = {
  validateRequest(op: string, input: Record<string, unknown>): Result;
  validateResponse(
    op: string,
    status: number,
    body: unknown,
  ): { ok: boolean; errors?: { path: string; code: string }[] };
  validateSchema(name: string, value: unknown): { ok: boolean; errors?: { path: string; code: string }[] };
  MAX_ERRORS: number;
};

let v: Validators;
beforeAll(async () => {
  const out = await generateFixture('validators', undefined, [
    'types',
    'enums',
    'state-machines',
    'validators',
  ]);
  v = (await import(`${out}/validators/index.ts`)) as Validators;
});

function errors(op: string, input: Record<string, unknown>) {
  const r = v.validateRequest(op, input);
  if (r.ok) throw new Error(`expected errors, got ${JSON.stringify(r.value)}`);
  return r.errors;
}
function ok(op: string, input: Record<string, unknown>) {
  const r = v.validateRequest(op, input);
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.errors)}`);
  return r.value;
}
const emb = (body: Record<string, unknown>, headers: Record<string, string> = {}) => ({
  body: { model: 'text-embedding-3-small', input: 'hi', ...body },
  headers,
});

describe('createEmbedding', () => {
  it('accepts a valid body and applies defaults without touching the input', () => {
    const body = { model: 'text-embedding-3-small', input: ['a', 'b'] };
    const value = ok('createEmbedding', { body, headers: { 'x-client-request-id': 'abc' } });
    expect(value.body).toEqual({ ...body, encoding_format: 'float' });
    expect(body).not.toHaveProperty('encoding_format');
    expect(value.headers).toEqual({ 'X-Client-Request-Id': 'abc' });
  });
  it('names the field for oneOf branches: empty string, too many items, wrong item type', () => {
    expect(errors('createEmbedding', emb({ input: '' }))).toEqual([
      {
        path: '/body/input',
        code: 'min_length',
        message: 'must not be empty',
        // The keyword of the oneOf branch that takes strings, as ajv's schemaPath names it.
        schemaPath: '#/components/schemas/EmbeddingCreateRequest/properties/input/oneOf/0/minLength',
      },
    ]);
    ok('createEmbedding', emb({ input: Array(2048).fill(1) }));
    expect(errors('createEmbedding', emb({ input: Array(2049).fill(1) }))[0]).toMatchObject({
      path: '/body/input',
      code: 'one_of',
    });
    expect(errors('createEmbedding', emb({ input: true }))[0]!.message).toMatch(
      /must be a string, an array of strings/,
    );
  });
  it('requires fields and accepts top-level fields the schema leaves open (no additionalProperties: false)', () => {
    const errs = errors('createEmbedding', { body: { input: 'x', extra: 1 } });
    expect(errs).toEqual([
      {
        path: '/body/model',
        code: 'required',
        message: 'is required',
        schemaPath: '#/components/schemas/EmbeddingCreateRequest/required',
      },
    ]);
    expect(ok('createEmbedding', emb({ extra: 1 })).body).toMatchObject({ extra: 1 });
  });
  it('applies if/then: dimensions only for text-embedding-3 and later', () => {
    ok('createEmbedding', emb({ dimensions: 256 }));
    expect(errors('createEmbedding', emb({ dimensions: 256, model: 'text-embedding-ada-002' }))).toEqual([
      expect.objectContaining({ path: '/body/model', code: 'pattern' }),
    ]);
    expect(errors('createEmbedding', emb({ dimensions: 0 }))).toEqual([
      expect.objectContaining({ path: '/body/dimensions', code: 'minimum' }),
    ]);
  });
  it('checks enums, and the header limits (512 ASCII characters)', () => {
    expect(errors('createEmbedding', emb({ encoding_format: 'hex' }))).toEqual([
      {
        path: '/body/encoding_format',
        code: 'enum',
        message: "must be one of 'float', 'base64'",
        schemaPath: '#/components/schemas/EmbeddingCreateRequest/properties/encoding_format/enum',
      },
    ]);
    ok('createEmbedding', emb({}, { 'x-client-request-id': 'a'.repeat(512) }));
    expect(errors('createEmbedding', emb({}, { 'x-client-request-id': 'a'.repeat(513) }))[0]).toMatchObject({
      path: '/headers/X-Client-Request-Id',
      code: 'max_length',
    });
    expect(errors('createEmbedding', emb({}, { 'x-client-request-id': 'é' }))[0]).toMatchObject({
      path: '/headers/X-Client-Request-Id',
      code: 'pattern',
    });
  });
  it('requires the body and refuses other media types', () => {
    expect(errors('createEmbedding', {})).toEqual([
      {
        path: '/body',
        code: 'required',
        message: 'the request body is required',
        schemaPath: '#/paths/~1embeddings/post/requestBody/required',
      },
    ]);
    expect(errors('createEmbedding', { body: 'x', mediaType: 'text/plain' })[0]).toMatchObject({
      path: '/body',
      code: 'media_type',
    });
    ok('createEmbedding', { ...emb({}), mediaType: 'application/json; charset=utf-8' });
  });
});

describe('createCompletion', () => {
  const base = { model: 'm', prompt: 'p' };
  it('applies x-rules compare with the default of a missing operand, using the seeds wording', () => {
    ok('createCompletion', { body: { ...base, best_of: 2 } });
    expect(errors('createCompletion', { body: { ...base, best_of: 1 } })).toEqual([
      {
        path: '/body/best_of',
        code: 'rule',
        message: 'best_of must be greater than n.',
        schemaPath: '#/components/schemas/CompletionCreateRequest/x-rules/0',
      },
    ]);
    expect(errors('createCompletion', { body: { ...base, best_of: 3, n: 3 } })[0]!.code).toBe('rule');
  });
  it('checks nullable numbers, unique items, and maps (count, key and value limits)', () => {
    ok('createCompletion', { body: { ...base, temperature: null, metadata: null } });
    ok('createCompletion', { body: { ...base, temperature: 2 } });
    expect(errors('createCompletion', { body: { ...base, temperature: 2.01 } })).toEqual([
      {
        path: '/body/temperature',
        code: 'maximum',
        message: 'must be at most 2',
        schemaPath: '#/components/schemas/CompletionCreateRequest/properties/temperature/maximum',
      },
    ]);
    expect(errors('createCompletion', { body: { ...base, stop: ['a', 'b', 'a'] } })).toEqual([
      expect.objectContaining({ path: '/body/stop/2', code: 'unique_items' }),
    ]);
    const sixteen = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, 'v']));
    ok('createCompletion', { body: { ...base, metadata: sixteen } });
    expect(
      errors('createCompletion', { body: { ...base, metadata: { ...sixteen, k16: 'v' } } })[0],
    ).toMatchObject({ path: '/body/metadata', code: 'max_properties' });
    expect(
      errors('createCompletion', { body: { ...base, metadata: { ['k'.repeat(65)]: 'v' } } })[0],
    ).toMatchObject({ path: `/body/metadata/${'k'.repeat(65)}`, code: 'property_name' });
    expect(
      errors('createCompletion', { body: { ...base, metadata: { 'a/b': 'v'.repeat(513) } } })[0],
    ).toMatchObject({ path: '/body/metadata/a~1b', code: 'max_length' });
  });
  it('counts string length in code points', () => {
    ok('createCompletion', { body: { ...base, metadata: { k: '😀'.repeat(512) } } });
    expect(
      errors('createCompletion', { body: { ...base, metadata: { k: '😀'.repeat(513) } } })[0]!.code,
    ).toBe('max_length');
  });
});

describe('query, path and header parameters', () => {
  it('coerces strings to the spec types and applies defaults', () => {
    expect(ok('listThings', { query: {} }).query).toEqual({ limit: 20, order: 'desc' });
    expect(
      ok('listThings', { query: { limit: '5', order: 'asc', include: 'a,b', verbose: 'true', after: 'x' } })
        .query,
    ).toEqual({ limit: 5, order: 'asc', include: ['a', 'b'], verbose: true, after: 'x' });
    expect(ok('listThings', { query: { include: ['a', 'c'] } }).query.include).toEqual(['a', 'c']);
  });
  it('rejects values just outside the limits, naming the parameter', () => {
    expect(errors('listThings', { query: { limit: '0' } })).toEqual([
      {
        path: '/query/limit',
        code: 'minimum',
        message: 'must be at least 1',
        schemaPath: '#/paths/~1things/get/parameters/0/schema/minimum',
      },
    ]);
    expect(errors('listThings', { query: { limit: '101' } })[0]!.code).toBe('maximum');
    ok('listThings', { query: { limit: '100' } });
    expect(errors('listThings', { query: { limit: '1.5' } })[0]).toMatchObject({
      path: '/query/limit',
      code: 'type',
    });
    expect(errors('listThings', { query: { limit: 'ten' } })[0]).toMatchObject({
      path: '/query/limit',
      code: 'type',
    });
    expect(errors('listThings', { query: { include: 'a,b,c' } })[0]).toMatchObject({
      path: '/query/include',
      code: 'max_items',
    });
    expect(errors('listThings', { query: { include: 'z' } })[0]).toMatchObject({
      path: '/query/include/0',
      code: 'enum',
    });
    expect(errors('listThings', { query: { verbose: 'yes' } })[0]).toMatchObject({
      path: '/query/verbose',
      code: 'type',
    });
  });
  it('checks path parameters and returns them under their identifiers', () => {
    expect(ok('deleteVideo', { path: { video_id: 'v1' } }).path).toEqual({ videoId: 'v1' });
    expect(errors('deleteVideo', { path: { video_id: '' } })[0]).toMatchObject({
      path: '/path/video_id',
      code: 'min_length',
    });
    expect(errors('deleteVideo', { path: {} })[0]).toMatchObject({
      path: '/path/video_id',
      code: 'required',
    });
    expect(errors('deleteVideo', { path: { video_id: 'x'.repeat(65) } })[0]!.code).toBe('max_length');
  });
});

describe('multipart bodies and the dimensions rule', () => {
  const image = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });
  const form = (fields: Record<string, unknown>) => ({
    mediaType: 'multipart/form-data; boundary=x',
    body: { image, prompt: 'p', ...fields },
  });
  it('coerces form text to numbers, booleans and lists, and takes files as Blobs', () => {
    const value = ok('createImageEdit', form({ n: '3', stream: 'false', tags: 'one' })).body as Record<
      string,
      unknown
    >;
    expect(value).toMatchObject({ n: 3, stream: false, tags: ['one'] });
    expect(value.image).toBe(image);
  });
  it('rejects missing or non-file files and out-of-range numbers', () => {
    expect(errors('createImageEdit', { mediaType: 'multipart/form-data', body: { prompt: 'p' } })).toEqual([
      {
        path: '/body/image',
        code: 'required',
        message: 'is required',
        schemaPath: '#/components/schemas/ImageEditRequest/required',
      },
    ]);
    expect(errors('createImageEdit', form({ image: 'not a file' }))).toEqual([
      {
        path: '/body/image',
        code: 'type',
        message: 'must be a file',
        schemaPath: '#/components/schemas/ImageEditRequest/properties/image/type',
      },
    ]);
    ok('createImageEdit', form({ n: '10' }));
    expect(errors('createImageEdit', form({ n: '11' }))[0]).toMatchObject({
      path: '/body/n',
      code: 'maximum',
    });
  });
  it('applies the dimensions rule only when its `when` matches, except for listed values', () => {
    ok('createImageEdit', form({ model: 'gpt-image-2', size: '3840x2160' }));
    ok('createImageEdit', form({ model: 'gpt-image-2', size: 'auto' }));
    ok('createImageEdit', form({ model: 'other', size: '1000x1000' }));
    const rule = errors('createImageEdit', form({ model: 'gpt-image-2', size: '1000x1000' }));
    expect(rule).toEqual([
      {
        path: '/body/size',
        code: 'rule',
        message: expect.stringMatching(/^size must be WIDTHxHEIGHT/),
        schemaPath: '#/components/schemas/ImageEditRequest/x-rules/0',
      },
    ]);
    for (const size of ['3856x2160', '4000x1000', '3840x3840', 'big'])
      expect(errors('createImageEdit', form({ model: 'gpt-image-2', size }))[0]!.code).toBe('rule');
  });
  it('validates the JSON alternative with object counts and uri format', () => {
    ok('createImageEdit', { body: { prompt: 'p', images: [{ image_url: 'https://x.test/a.png' }] } });
    expect(errors('createImageEdit', { body: { prompt: 'p', images: [{}] } })[0]).toMatchObject({
      path: '/body/images/0',
      code: 'min_properties',
    });
    expect(
      errors('createImageEdit', { body: { prompt: 'p', images: [{ image_url: 'u', file_id: 'f' }] } })
        .map((e) => e.code)
        .sort(),
    ).toEqual(['format', 'max_properties']);
  });
});

describe('discriminated unions and subset rules', () => {
  const label = { type: 'label_model', name: 'g', labels: ['a', 'b'], passing_labels: ['a'] };
  it('dispatches on the discriminator and reports the branch errors', () => {
    ok('runGrader', { body: { grader: label, model_sample: 's' } });
    expect(
      errors('runGrader', { body: { grader: { ...label, passing_labels: ['c'] }, model_sample: 's' } }),
    ).toEqual([
      {
        path: '/body/grader/passing_labels',
        code: 'rule',
        message: 'passing_labels must be a subset of labels.',
        // The rule of the branch the discriminator chose, where that named schema has it.
        schemaPath: '#/components/schemas/LabelModelGrader/x-rules/0',
      },
    ]);
    expect(errors('runGrader', { body: { grader: { type: 'nope' }, model_sample: 's' } })).toEqual([
      {
        path: '/body/grader/type',
        code: 'discriminator',
        message: "must be one of 'label_model', 'string_check'",
        schemaPath: '#/components/schemas/Grader/discriminator',
      },
    ]);
    expect(
      errors('runGrader', {
        body: { grader: { type: 'string_check', name: 'n', input: 'i', operation: 'eq' }, model_sample: 's' },
      }),
    ).toEqual([
      {
        path: '/body/grader/reference',
        code: 'required',
        message: 'is required',
        schemaPath: '#/components/schemas/StringCheckGrader/required',
      },
    ]);
    expect(errors('runGrader', { body: { grader: 'x', model_sample: 's' } })[0]).toMatchObject({
      path: '/body/grader',
      code: 'type',
    });
  });
});

describe('formats, numbers, tuples, not, dependentRequired, closed objects', () => {
  const id = '123e4567-e89b-12d3-a456-426614174000';
  const k = (extra: Record<string, unknown>) => ({ body: { id, ...extra } });
  it('accepts values just inside and rejects just outside', () => {
    ok(
      'createTree',
      k({
        when: '2024-01-02T03:04:05Z',
        email: 'a@b.co',
        ratio: 0.5,
        step: 1.5,
        pair: ['a', 1],
        opts: { a: 1 },
        not_x: 'y',
        card: '1',
        cvc: '2',
        closed: { a: 'x' },
      }),
    );
    const cases: [Record<string, unknown>, string, string][] = [
      [{ id: 'nope' }, '/body/id', 'format'],
      [{ when: '2024-13-45' }, '/body/when', 'format'],
      [{ email: 'no-at' }, '/body/email', 'format'],
      [{ ratio: 0 }, '/body/ratio', 'exclusive_minimum'],
      [{ ratio: 1 }, '/body/ratio', 'exclusive_maximum'],
      [{ step: 1.25 }, '/body/step', 'multiple_of'],
      [{ pair: ['a', 'b'] }, '/body/pair/1', 'type'],
      [{ pair: ['a', 1, 2] }, '/body/pair', 'max_items'],
      [{ opts: {} }, '/body/opts', 'min_properties'],
      [{ not_x: 'x' }, '/body/not_x', 'not'],
      [{ kind: 'b', not_x: 'y' }, '/body', 'not'],
      [{ card: '1' }, '/body/cvc', 'dependent_required'],
      [{ closed: { a: 'x', b: 1 } }, '/body/closed/b', 'unknown_property'],
      [{ nothing_nullable: 3 }, '/body/nothing_nullable', 'type'],
    ];
    for (const [extra, path, code] of cases)
      expect(errors('createTree', k(extra)), JSON.stringify(extra)).toContainEqual(
        expect.objectContaining({ path, code }),
      );
  });
  it('reports every error, bounded at MAX_ERRORS', () => {
    const tree = { name: 'root', children: Array.from({ length: 500 }, () => ({ name: 1 })) };
    const errs = errors('createTree', k({ tree }));
    expect(errs).toHaveLength(v.MAX_ERRORS);
    expect(errs[99]).toEqual({
      path: '/body/tree/children/99/name',
      code: 'type',
      message: 'must be a string',
      // Each level of the recursive schema reports the same keyword of TreeNode.
      schemaPath: '#/components/schemas/TreeNode/properties/name/type',
    });
  });
});

describe('hostile input', () => {
  it('never pollutes prototypes: __proto__ and constructor are plain own fields', () => {
    const body = JSON.parse(
      '{"model":"m","prompt":"p","__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
    ) as object;
    const accepted = ok('createCompletion', { body }).body as object;
    expect(Object.getPrototypeOf(accepted)).toBe(Object.prototype);
    expect(Object.hasOwn(accepted, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const meta = JSON.parse('{"model":"m","prompt":"p","metadata":{"__proto__":"x"}}') as object;
    const value = ok('createCompletion', { body: meta }).body as { metadata: object };
    expect(Object.getPrototypeOf(value.metadata)).toBe(Object.prototype);
  });
  it('bounds recursion depth without overflowing the stack', () => {
    let deep: Record<string, unknown> = { name: 'leaf' };
    for (let i = 0; i < 20_000; i++) deep = { name: 'n', children: [deep] };
    const errs = errors('createTree', k2(deep));
    expect(errs[0]!.code).toBe('too_deep');
    let fine: Record<string, unknown> = { name: 'leaf' };
    for (let i = 0; i < 30; i++) fine = { name: 'n', children: [fine] };
    ok('createTree', k2(fine));
  });
  it('handles huge arrays and non-JSON values', () => {
    ok('createEmbedding', emb({ input: Array(2048).fill('x') }));
    expect(errors('createEmbedding', emb({ input: Array(1_000_000).fill('x') }))[0]!.path).toBe(
      '/body/input',
    );
    expect(errors('createTree', { body: { id: 'x', ratio: Number.NaN } }).map((e) => e.code)).toContain(
      'type',
    );
    expect(errors('createTree', { body: [] })[0]).toMatchObject({ path: '/body', code: 'type' });
    expect(errors('createTree', { body: null })[0]).toMatchObject({ path: '/body', code: 'type' });
  });
});

function k2(tree: unknown) {
  return { body: { id: '123e4567-e89b-12d3-a456-426614174000', tree } };
}

describe('response and schema validators', () => {
  it('tolerate new properties in responses, also in closed objects', () => {
    expect(
      v.validateResponse('createEmbedding', 200, { data: [], model: 'm', object: 'list', added_later: 1 }).ok,
    ).toBe(true);
    expect(
      v.validateResponse('createTree', 201, {
        id: '123e4567-e89b-12d3-a456-426614174000',
        closed: { a: 'x', b: 2 },
      }).ok,
    ).toBe(true);
    expect(
      v.validateResponse('createEmbedding', 200, { data: [], model: 'm', object: 'nope' }).errors,
    ).toEqual([expect.objectContaining({ path: '/body/object', code: 'const' })]);
    expect(
      v.validateResponse('createEmbedding', 500, {
        error: { message: 'x', type: 't', param: null, code: null },
      }).ok,
    ).toBe(true);
    expect(v.validateResponse('createEmbedding', 500, { error: {} }).ok).toBe(false);
  });
  it('keep the state of a run (open or closed, recursion depth) in an argument, not in the module', () => {
    const m = v as unknown as Record<
      string,
      (value: unknown, run?: { open: boolean; depth: number }) => boolean
    >;
    const kitchen = { id: '123e4567-e89b-12d3-a456-426614174000', closed: { a: 'x', b: 2 } };
    // The same function, the same value: refused in a request's run, accepted in a response's, in any order.
    expect(m.isKitchen!(kitchen)).toBe(false);
    expect(m.isKitchen!(kitchen, { open: true, depth: 0 })).toBe(true);
    expect(m.isKitchen!(kitchen, { open: false, depth: 0 })).toBe(false);
    // Depth is counted in the run given: a tree 3 levels deep fits a fresh run, not one already near the bound.
    const tree = { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] };
    expect(m.isTreeNode!(tree)).toBe(true);
    expect(
      m.isTreeNode!(tree, { open: false, depth: (v as unknown as { MAX_DEPTH: number }).MAX_DEPTH - 2 }),
    ).toBe(false);
    const run = { open: false, depth: 0 };
    expect(m.isTreeNode!(tree, run)).toBe(true);
    expect(run.depth).toBe(0);
  });
  it('validates any named schema', () => {
    expect(v.validateSchema('Video', { id: 'v', status: 'queued' }).ok).toBe(true);
    expect(v.validateSchema('Video', { id: 'v', status: 'x' }).errors).toEqual([
      expect.objectContaining({ path: '/status', code: 'enum' }),
    ]);
  });
});

describe('validators.unknownRequestFields: "reject" (config)', () => {
  let strict: Validators;
  beforeAll(async () => {
    const config = {
      ...DEFAULT_CONFIG,
      validators: { ...DEFAULT_CONFIG.validators, unknownRequestFields: 'reject' as const },
    };
    const out = await generateFixture('validators-reject-unknown', undefined, ['validators'], config);
    strict = (await import(`${out}/validators/index.ts`)) as Validators;
  }, 60_000);
  it('refuses top-level body fields the schema does not name, __proto__ and constructor too', () => {
    const r = strict.validateRequest('createEmbedding', { body: { model: 'm', input: 'x', extra: 1 } });
    expect(r.ok ? [] : r.errors).toEqual([
      {
        path: '/body/extra',
        code: 'unknown_property',
        message: 'is not a known field',
        schemaPath:
          '#/paths/~1embeddings/post/requestBody/content/application~1json/schema/additionalProperties',
      },
    ]);
    const body = JSON.parse(
      '{"model":"m","prompt":"p","__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
    ) as object;
    const hostile = strict.validateRequest('createCompletion', { body });
    expect(hostile.ok ? [] : hostile.errors.map((e) => e.path).sort()).toEqual([
      '/body/__proto__',
      '/body/constructor',
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
