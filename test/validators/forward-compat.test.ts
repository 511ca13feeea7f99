/**
 * Forward compatibility of the generated response validators (seeds, Versioning 3): responses may gain
 * properties, change property order and change the length or format of opaque IDs; a known-values field accepts
 * values the spec does not list. Requests refuse unknown fields only where the schema does
 * (`additionalProperties: false`); the spec states no such rule for its request bodies.
 */
import { describe, expect, it } from 'vitest';
import { validateRequest, validateResponse } from '../../generated/validators/index.ts';

const video = {
  id: 'video_123',
  object: 'video',
  created_at: 1,
  completed_at: null,
  expires_at: null,
  error: null,
  model: 'sora-2',
  progress: 100,
  prompt: 'a cat',
  remixed_from_video_id: null,
  seconds: '8',
  size: '720x1280',
  status: 'completed',
};

describe('response validators tolerate compatible change', () => {
  it('accept today’s response', () => {
    expect(validateResponse('remixVideo', 200, video).ok).toBe(true);
  });

  it('accept new properties, nested too', () => {
    const grown = { ...video, brand_new: { a: 1 }, error: null, extra_list: [1, 2] };
    expect(validateResponse('remixVideo', 200, grown).ok).toBe(true);
    const completion = {
      id: 'c',
      object: 'text_completion',
      created: 1,
      model: 'm',
      choices: [{ index: 0, text: 't', logprobs: null, finish_reason: 'stop', new_field: true }],
      service_tier: 'x',
    };
    expect(validateResponse('createCompletion', 200, completion).ok).toBe(true);
  });

  it('accept reordered properties and longer, differently shaped IDs', () => {
    const reordered = Object.fromEntries(
      Object.entries({ ...video, id: `vid-${'9'.repeat(500)}:v2` }).reverse(),
    );
    expect(validateResponse('remixVideo', 200, reordered).ok).toBe(true);
  });

  it('accept values outside the known values of an open enum', () => {
    const model = { id: 'm', object: 'model', created: 1, owned_by: 'someone-new' };
    expect(validateResponse('retrieveModel', 200, model).ok).toBe(true);
    const container = { id: 'c', object: 'container', created_at: 1, name: 'n', status: 'hibernating' };
    expect(validateResponse('retrieveContainer', 200, container).ok).toBe(true);
  });

  it('still reject a response that breaks the documented shape', () => {
    const result = validateResponse('remixVideo', 200, { ...video, progress: 'done' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => e.path)).toContain('/body/progress');
  });

  it('requests accept top-level fields the schema leaves open, and still check the named ones', () => {
    expect(
      validateRequest('createEmbedding', {
        body: { model: 'text-embedding-3-small', input: 'hi', surprise: 1 },
      }).ok,
    ).toBe(true);
    const result = validateRequest('createEmbedding', {
      body: { model: 'text-embedding-3-small', input: 1.5, surprise: 1 },
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toMatchObject({ path: '/body/input' });
  });
});
