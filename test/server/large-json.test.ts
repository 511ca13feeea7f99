/**
 * Large JSON bodies are parsed in slices that give the event loop back (json.ts): the verdict and the value must be
 * those of `JSON.parse` on the whole text, with `__proto__` keys dropped. Checked against `JSON.parse` on seeded
 * random texts, valid and mutated, taken apart down to single members, and over real HTTP through both adapters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as server from '../../generated/server/index.ts';
import { parseJson, parseJsonSliced } from '../../generated/server/request/json.ts';
import { fetchBridge, listen, type Running } from './helpers.ts';

let seed = 20_26;
const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const pick = <T>(items: readonly T[]) => items[Math.floor(rnd() * items.length)]!;
const SCALARS = [
  '1',
  '-0',
  '2.5e3',
  'true',
  'null',
  '"a"',
  '"b\\"c"',
  '"x,]}"',
  '"\\u005f_proto__"',
  '"\\\\"',
  '""',
];
const KEYS = ['"a"', '"b"', '"__proto__"', '"\\u005f_proto__"', '"k,}"'];
const blank = () => pick(['', '', ' ', '\n', ' \t ']);

function randomJson(depth: number): string {
  const r = rnd();
  if (depth > 5 || r < 0.25) return pick(SCALARS);
  const n = Math.floor(rnd() * 6);
  const sep = `${blank()},${blank()}`;
  if (r < 0.6)
    return `[${blank()}${Array.from({ length: n }, () => randomJson(depth + 1)).join(sep)}${blank()}]`;
  return `{${blank()}${Array.from({ length: n }, () => `${pick(KEYS)}${blank()}:${blank()}${randomJson(depth + 1)}`).join(sep)}${blank()}}`;
}

function mutate(text: string): string {
  const at = Math.floor(rnd() * (text.length + 1));
  const r = rnd();
  const inserted = pick(['\n', '01', '\\u12', ',', ']', '}', '[', '{', '"', ':', ' ', '\\', 'x']);
  if (r < 0.4) return text.slice(0, at) + text.slice(at + 1);
  return text.slice(0, at) + inserted + text.slice(r < 0.8 ? at : at + 1);
}

const outcome = (parse: () => unknown) => {
  try {
    return JSON.stringify(parse());
  } catch {
    return 'invalid';
  }
};
const slicedOutcome = async (text: string, runChars?: number) => {
  try {
    return JSON.stringify(await parseJsonSliced(text, runChars));
  } catch {
    return 'invalid';
  }
};

describe('parseJsonSliced', () => {
  it('agrees with JSON.parse on random texts, valid and not, taken apart down to single members', async () => {
    let invalid = 0;
    for (let i = 0; i < 1000; i++) {
      let text = randomJson(0);
      if (rnd() < 0.6) text = mutate(text);
      const expected = outcome(() => parseJson(text));
      if (expected === 'invalid') invalid++;
      for (const runChars of [1, 4, 16]) expect(await slicedOutcome(text, runChars), text).toBe(expected);
    }
    // Both kinds are well represented.
    expect(invalid).toBeGreaterThan(200);
    expect(invalid).toBeLessThan(800);
  });

  it('judges the edge cases of runs as JSON.parse does', async () => {
    const long = (inner: string) => `[${inner}${',1'.repeat(40_000)}]`;
    const cases = [
      `[${' '.repeat(40_000)}]`,
      `{${' '.repeat(40_000)}}`,
      long(''),
      `[${'1,'.repeat(40_000)}]`,
      `[,${'1,'.repeat(40_000)}1]`,
      `[${'1,'.repeat(40_000)}1}`,
      `{"a":${long('')},"__proto__":${long('')},"\\u005f_proto__":{"x":${long('')}},"b":1}`,
      `{"a":${long('')} "b":1}`,
      `{"a" ${long('')}}`,
      `[${long('"x,]}"')}]`,
      `[${long('')}] `,
      `[${long('')}]]`,
      `"${'x,'.repeat(40_000)}"`,
      `{"k":"${'x,'.repeat(40_000)}","j":${long('{"__proto__":{"y":1}}')}}`,
    ];
    for (const text of cases)
      expect(await slicedOutcome(text), text.slice(0, 60)).toBe(outcome(() => parseJson(text)));
  });
});

describe('large JSON bodies over HTTP', () => {
  const seen: any[] = [];
  let node: Running;
  let viaFetch: Running;
  beforeAll(async () => {
    const app = server.createServer(
      {
        createEmbedding: (input: any) => {
          seen.push(input.body);
          return {
            object: 'list',
            model: input.body.model,
            data: [],
            usage: { prompt_tokens: 1, total_tokens: 1 },
          };
        },
      } as unknown as server.Handlers,
      { authenticate: () => ({ kind: 'api_key' }) },
    );
    node = await listen(app.node);
    viaFetch = await listen(fetchBridge(app.fetch));
  });
  afterAll(async () => {
    await node.close();
    await viaFetch.close();
  });
  const post = (base: Running, body: string) =>
    fetch(`${base.url}/v1/embeddings`, {
      method: 'POST',
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      body,
    });

  it('answers a large body taken apart as JSON.parse would have it, through both adapters', async () => {
    const tokens = Array.from({ length: 2000 }, (_, i) => i * 37);
    // About 200 KiB: the long members (`input`, an ignored `__proto__`, an escaped `__proto__`) are taken apart.
    const pad = JSON.stringify({ admin: true, pad: 'p'.repeat(70_000) });
    const body = `{"model":"m","__proto__":${pad},"input":${JSON.stringify(tokens)},"\\u005f_proto__":${pad},"encoding_format":"float"}`;
    expect(body.length).toBeGreaterThan(64 * 1024);
    for (const base of [node, viaFetch]) {
      const ok = await post(base, body);
      expect(ok.status).toBe(200);
      const received = seen.at(-1);
      expect(received.input).toEqual(tokens);
      expect(Object.hasOwn(received, '__proto__')).toBe(false);
      expect(Object.getPrototypeOf(received)).toBe(Object.prototype);
      const trailing = await post(base, body.replace(`${tokens.at(-1)}]`, `${tokens.at(-1)},]`));
      expect(trailing.status).toBe(400);
      expect((await trailing.json()).error.code).toBe('invalid_json');
    }
  });
});
