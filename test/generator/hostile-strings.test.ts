/**
 * A spec whose strings hold newlines, CR, quotes, backticks, backslashes, `*\/`, `/*`, `${`, U+2028/U+2029,
 * `</script>`, a lone surrogate, `__proto__` and `constructor`, in every position the generator prints one
 * (test/generator/hostile-spec.ts): every output generates, type-checks under `tsc --strict` (the READMEs' examples
 * too), and keeps each string exact at run time: in the tables, the client's and the server's operation tables, the
 * validators, the emulator's model, the docs' state diagram, and over real HTTP between the generated client, the
 * generated server and the emulator.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../../generator/ir/api.ts';
import { runPipeline } from '../../generator/pipeline.ts';
import { writeTree } from '../../generator/render/write.ts';
import { typecheckCorpus } from '../corpus/run.ts';
import { mermaidParse } from '../docs/helpers/mermaid-real.ts';
import { mermaidBlocks, parseStateDiagram } from '../docs/helpers/mermaid-state.ts';
import { markdownFiles, snippetProblems } from '../docs/helpers/snippets.ts';
import { listen, type Running } from '../server/helpers.ts';
import {
  HEADER,
  HOSTILE,
  KEY_HEADER,
  NAMES,
  PATH_PARAM,
  PATH_SEGMENT,
  PATH_VALUE,
  QUERY,
  hostileDocument,
} from './hostile-spec.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'codegen-hostile-'));
const out = path.resolve('.tmp/test/hostile-strings');
let api: Api;
let warnings: string[];
const load = (file: string) => import(path.join(out, file));

beforeAll(async () => {
  const spec = path.join(dir, 'openapi.json');
  writeFileSync(spec, JSON.stringify(hostileDocument(), null, 2));
  // Tolerant: the OpenAPI schema restricts component keys (the security scheme's name) to `[a-zA-Z0-9._-]`.
  const result = await runPipeline({ spec, mode: 'tolerant', config: { clientName: 'HostileClient' } });
  api = result.api;
  warnings = result.warnings.map((w) => `${w.location.pointer} ${w.code} ${w.message}`);
  writeTree(out, result.files, { force: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const spec = hostileDocument() as any;
const thing = () => {
  // JSON.parse makes `__proto__` an own property, as a server reading a request body sees it.
  const body = JSON.parse(
    JSON.stringify({
      __proto__x: 'p',
      constructor: 'c',
      toString: 't',
      [HOSTILE]: HOSTILE,
      'a*/b': '*/',
      "q'uote": "'",
    }).replace('__proto__x', '__proto__'),
  );
  return { ...body, state: HOSTILE, kind: HOSTILE, count: 2 } as Record<string, unknown>;
};

describe('hostile spec strings', () => {
  it('are reported only where the spec breaks the OpenAPI schema', () => {
    // A component key must match [a-zA-Z0-9._-]: the security scheme's hostile name is the one finding.
    expect(
      warnings.some((w) => w.startsWith('#/components/securitySchemes invalid-openapi must match pattern')),
    ).toBe(true);
    expect(
      warnings.filter(
        (w) => !w.startsWith('#/components/securitySchemes invalid-openapi must match pattern'),
      ),
    ).toEqual([]);
  });

  it('generate outputs that type-check under tsc --strict', () => {
    expect(typecheckCorpus(out).output.trim()).toBe('');
  });

  let snippets: { count: number; problems: string[] } | undefined;
  const readmeProblems = (readme: string) => {
    snippets ??= snippetProblems(out, 'HostileClient', path.resolve('.tmp/test/hostile-strings-snippets'));
    expect(snippets.count).toBeGreaterThan(0);
    return snippets.problems.filter((p) => p.includes(readme));
  };

  it('give client README examples that type-check against the tree (a property named constructor included)', () => {
    expect(readmeProblems('client/README.md')).toEqual([]);
  });

  it('give server README examples that type-check against the tree (the framework mounts quote the base path)', () => {
    expect(readmeProblems('server/README.md')).toEqual([]);
  });

  it('give docs whose state diagram Mermaid parses, one state per spec state', async () => {
    const diagrams = markdownFiles(path.join(out, 'docs')).flatMap((f) =>
      mermaidBlocks(readFileSync(f, 'utf8')),
    );
    expect(diagrams).toHaveLength(1);
    await expect(mermaidParse(diagrams[0]!)).resolves.toBeUndefined();
    expect(parseStateDiagram(diagrams[0]!).states.size).toBe(spec.components.schemas.State.enum.length);
  });

  it('keep enum values exact in tables/enums.ts', async () => {
    const enums = await load('tables/enums.ts');
    for (const name of ['Kind', 'State']) {
      const e = api.enums.find((x) => x.typeName === name)!;
      expect(enums[e.valuesName]).toEqual(spec.components.schemas[name].enum);
      for (const v of spec.components.schemas[name].enum) expect(enums[e.guardName](v)).toBe(true);
    }
  });

  it('keep state machines exact in tables/state-machines.ts', async () => {
    const { stateMachines } = await load('tables/state-machines.ts');
    const [name, machine] = Object.entries(spec['x-state-machines'])[0] as [string, any];
    expect(Object.keys(stateMachines)).toEqual([name]);
    const m = stateMachines[name];
    expect(m.states).toEqual(machine.states);
    expect(m.transitions.map((t: any) => [t.from, t.to, t.condition, t.effects])).toEqual(
      machine.transitions.map((t: any) => [t.from, t.to, t.condition, t.effects]),
    );
    expect(m.transitions[0].on).toEqual({ kind: 'operation', operationId: HOSTILE });
    expect(m.guards).toEqual([
      { operationId: 'deleteThing', target: { in: 'path', name: 'thing_id' }, states: [HOSTILE, 'done*/'] },
    ]);
  });

  it('keep operationIds, paths and parameter names exact in the client and server tables', async () => {
    const { operations } = await load('client/operations.ts');
    expect(Object.keys(operations)).toEqual([HOSTILE, 'deleteThing']);
    expect(operations[HOSTILE]).toMatchObject({
      id: HOSTILE,
      path: `/things/{${PATH_PARAM}}/${PATH_SEGMENT}`,
      queryKeys: [QUERY],
      credential: { name: KEY_HEADER },
    });
    // The server reads the shared table (protocol/operations.ts) and adds its validators by operationId.
    const { operations: shared, validators } = await load('server/routes.ts');
    expect(Object.keys(shared)).toEqual([HOSTILE, 'deleteThing']);
    expect(shared[HOSTILE]).toMatchObject({ id: HOSTILE, path: `/things/{${PATH_PARAM}}/${PATH_SEGMENT}` });
    expect(Object.keys(validators)).toEqual([HOSTILE, 'deleteThing']);
    const { requestValidators, schemaValidators } = await load('validators/index.ts');
    expect(Object.keys(requestValidators)).toEqual([HOSTILE, 'deleteThing']);
    expect(Object.keys(schemaValidators)).toEqual(['Kind', 'State', 'Thing']);
  });

  it('keep property names, `__proto__` included, as own properties of the emulator model', async () => {
    const { MODEL } = await load('emulator/model.ts');
    const properties = MODEL.schemas.Thing.properties;
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    for (const name of NAMES) expect(Object.hasOwn(properties, name), name).toBe(true);
    expect(properties[HOSTILE]).toMatchObject({ default: HOSTILE, examples: [HOSTILE] });
    expect(MODEL.events.map((e: { name: string }) => e.name)).toEqual([HOSTILE]);
  });

  it('validate bodies whose property names and values are the hostile strings', async () => {
    const { validateRequest } = await load('validators/index.ts');
    const input = (body: unknown) => ({
      path: { [PATH_PARAM]: 'x' },
      query: { [QUERY]: '${x}' },
      headers: { [HEADER.toLowerCase()]: 'h' },
      body,
    });
    expect(validateRequest(HOSTILE, input(thing()))).toMatchObject({ ok: true });
    const missing = thing();
    delete missing[HOSTILE];
    const pointer = HOSTILE.replace(/~/g, '~0').replace(/\//g, '~1');
    expect(validateRequest(HOSTILE, input(missing)).errors).toEqual([
      expect.objectContaining({ path: `/body/${pointer}`, code: 'required' }),
    ]);
    expect(validateRequest(HOSTILE, input({ ...thing(), kind: 'other' })).errors).toEqual([
      expect.objectContaining({ path: '/body/kind', code: 'enum' }),
    ]);
  });

  it('run the emulator: the generated client creates a resource whose fields, defaults included, are exact', async () => {
    const { startEmulator } = await load('emulator/index.ts');
    const emulator = await startEmulator({ port: 0 });
    try {
      const { HostileClient } = await load('client/index.ts');
      const client = new HostileClient({
        apiKey: 'k',
        baseURL: `${emulator.url}/v1/${PATH_SEGMENT}`,
        maxRetries: 0,
      });
      const sdkPath = api.operations.find((o) => o.operationId === HOSTILE)!.sdkPath;
      const owner = sdkPath.slice(0, -1).reduce((o: any, k) => o[k], client);
      const created = await owner[sdkPath.at(-1)!](
        PATH_VALUE,
        { [HOSTILE]: HOSTILE, state: HOSTILE, [QUERY]: '${x}' },
        { headers: { [HEADER]: 'h' } },
      );
      expect(Object.hasOwn(created, 'constructor')).toBe(true);
      for (const name of NAMES.filter((n) => n !== '__proto__')) expect(created[name], name).toBe(HOSTILE);
      expect(created.state).toBe(HOSTILE);
    } finally {
      await emulator.close();
    }
  });

  describe('over HTTP, generated client to generated server', () => {
    let srv: Running;
    let client: any;
    const seen: any[] = [];

    beforeAll(async () => {
      const server = await load('server/index.ts');
      const app = server.createServer(
        {
          [HOSTILE]: (input: any) => {
            seen.push(input);
            return input.body;
          },
        },
        { authenticate: (token: string) => (token === 'k' ? { kind: 'api_key' } : undefined) },
      );
      srv = await listen(app.node);
      const { HostileClient } = await load('client/index.ts');
      // The server serves under the base path of the spec's first server, as a deployment would.
      client = new HostileClient({ apiKey: 'k', baseURL: `${srv.url}/v1/${PATH_SEGMENT}`, maxRetries: 0 });
    });
    afterAll(async () => srv.close());

    const call = (params: Record<string, unknown>) => {
      const sdkPath = api.operations.find((o) => o.operationId === HOSTILE)!.sdkPath;
      const owner = sdkPath.slice(0, -1).reduce((o: any, k) => o[k], client);
      return owner[sdkPath.at(-1)!](PATH_VALUE, params, { headers: { [HEADER]: 'h' } }) as Promise<unknown>;
    };
    const pathKey = () =>
      api.operations.find((o) => o.operationId === HOSTILE)!.parameters.find((p) => p.in === 'path')!
        .identifier;

    it('sends the path value, query name and body names exactly, and reads the answer back', async () => {
      const body = thing();
      delete body.__proto__;
      const answer = await call({ ...body, [QUERY]: '__proto__' });
      const input = seen.at(-1);
      expect(input.params).toEqual({ [pathKey()]: PATH_VALUE });
      expect(input.query).toEqual({ [QUERY]: '__proto__' });
      expect(input.headers).toEqual({ [HEADER]: 'h' });
      expect(input.body).toEqual(body);
      expect(answer).toEqual(input.body);
    });

    it('the server drops a body field named __proto__, as its README says, and reads every other name', async () => {
      const body = thing();
      const url = `${srv.url}/v1/${PATH_SEGMENT}/things/${encodeURIComponent(PATH_VALUE)}/${PATH_SEGMENT}?${new URLSearchParams({ [QUERY]: 'toString' })}`;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [KEY_HEADER]: 'k', [HEADER]: 'h' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      const received = seen.at(-1).body;
      expect(Object.hasOwn(received, '__proto__')).toBe(false);
      delete body.__proto__;
      expect(received).toEqual(body);
      expect(seen.at(-1).query).toEqual({ [QUERY]: 'toString' });
    });

    // The client splits params into body and query by defining each field, so `__proto__` stays a field.
    it('the client sends a body field named __proto__', async () => {
      let raw = '';
      const echo = await listen((req, res) => {
        req.setEncoding('utf8');
        req.on('data', (chunk: string) => (raw += chunk));
        req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
      });
      try {
        const direct = new (await load('client/index.ts')).HostileClient({
          apiKey: 'k',
          baseURL: echo.url,
          maxRetries: 0,
        });
        const sdkPath = api.operations.find((o) => o.operationId === HOSTILE)!.sdkPath;
        const owner = sdkPath.slice(0, -1).reduce((o: any, k) => o[k], direct);
        await owner[sdkPath.at(-1)!](
          PATH_VALUE,
          { ...thing(), [QUERY]: 'constructor' },
          { headers: { [HEADER]: 'h' } },
        );
      } finally {
        await echo.close();
      }
      expect(Object.hasOwn(JSON.parse(raw), '__proto__')).toBe(true);
    });
  });
});
