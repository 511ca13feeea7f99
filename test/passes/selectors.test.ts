/** The selectors pass: `x-when` read once as body field → values, and an unreadable one refused. */
import { describe, expect, it } from 'vitest';
import { GeneratorError } from '../../generator/diagnostics.ts';
import { parsedApi, parsedOperation, t } from '../helpers/model-factory.ts';
import type { ParsedResponseContent } from '../../generator/ir/response.ts';
import type { TypeNode } from '../../generator/ir/schema.ts';
import { decideSelectors } from '../../generator/passes/selectors.ts';
import { locate } from './helpers.ts';

function model(when: TypeNode) {
  const json: ParsedResponseContent = { mediaType: 'application/json', kind: 'json', type: t.object({}) };
  const sse: ParsedResponseContent = {
    mediaType: 'text/event-stream',
    kind: 'sse',
    when,
    sse: { framing: 'data-only', events: [] },
  };
  const api = parsedApi({
    operations: [
      parsedOperation('create', 'post', '/things', {
        responses: [{ status: '200', description: '', headers: [], contents: [json, sse] }],
      }),
    ],
  });
  return { api, json, sse };
}

describe('decideSelectors', () => {
  it('reads each required const or enum property as a field and its values', () => {
    const { api, json, sse } = model(
      t.object({ stream: t.literal(true), mode: t.enum(['a', 'b']) }, ['stream', 'mode']),
    );
    const table = decideSelectors(api, locate);
    expect(table.get(sse)).toEqual([
      { field: 'mode', values: ['a', 'b'] },
      { field: 'stream', values: [true] },
    ]);
    expect(table.has(json)).toBe(false);
  });

  it('refuses a condition it cannot test, naming the operation', () => {
    const { api } = model(t.object({ stream: t.string() }));
    expect(() => decideSelectors(api, locate)).toThrow(GeneratorError);
    expect(() => decideSelectors(api, locate)).toThrow(
      /x-when of create \(text\/event-stream\) must name body properties with const or enum values/,
    );
  });
});
