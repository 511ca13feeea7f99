/**
 * Reads JSON-Schema-Test-Suite groups and turns them into one OpenAPI document: each group's schema is a component
 * (`G<n>`) and the JSON body of one operation (`POST /g<n>`), so the suite runs through the generated request
 * validators as a user's API would. Groups that need a remote document are set aside with the reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import { JSON_SCHEMA_SUITE } from '../../helpers/public-specs.ts';

export const SUITE = JSON_SCHEMA_SUITE;

export interface SuiteTest {
  description: string;
  data: unknown;
  valid: boolean;
}

export interface Group {
  /** `G<n>`: the component name and operation id suffix. */
  id: string;
  /** Suite file without `.json` (`optional/format/date` for optional ones): the keyword of the table. */
  keyword: string;
  description: string;
  schema: unknown;
  tests: SuiteTest[];
  /** Why the group is not run (a remote reference, a keyword OpenAPI 3.0 lacks), when it is not. */
  skip?: string;
}

/** Keys whose values are JSON data, never schemas: references inside them are not references. */
const DATA_KEYS = new Set(['enum', 'const', 'default', 'examples', 'example']);

export function loadGroups(draft: 'draft2020-12' | 'draft4', files: string[], first = 0): Group[] {
  const groups: Group[] = [];
  for (const file of files) {
    const raw = JSON.parse(fs.readFileSync(path.join(SUITE, draft, `${file}.json`), 'utf8')) as {
      description: string;
      schema: unknown;
      tests: SuiteTest[];
    }[];
    for (const g of raw) {
      const id = `G${first + groups.length}`;
      const group: Group = {
        id,
        keyword: file,
        description: g.description,
        schema: g.schema,
        tests: g.tests,
      };
      const skip =
        file === 'refRemote'
          ? 'loads a remote document (http://localhost:1234/…)'
          : (remoteReason(g.schema) ?? (draft === 'draft4' ? draft4Reason(g.schema) : undefined));
      if (skip) group.skip = skip;
      groups.push(group);
    }
  }
  return groups;
}

/** Every suite file of a folder (without `.json`), sorted. */
export function suiteFiles(draft: string, sub = ''): string[] {
  return fs
    .readdirSync(path.join(SUITE, draft, sub))
    .filter((f) => f.endsWith('.json'))
    .map((f) => path.join(sub, f.slice(0, -5)))
    .sort();
}

function walk(schema: unknown, visit: (node: Record<string, unknown>) => void): void {
  if (Array.isArray(schema)) return schema.forEach((x) => walk(x, visit));
  if (!schema || typeof schema !== 'object') return;
  const node = schema as Record<string, unknown>;
  visit(node);
  for (const [k, v] of Object.entries(node)) if (!DATA_KEYS.has(k)) walk(v, visit);
}

/** A reference whose target is not in the group's own schema (no `$id` in it names that document). */
function remoteReason(schema: unknown): string | undefined {
  const ids: string[] = [];
  const refs: string[] = [];
  walk(schema, (n) => {
    for (const key of ['$id', 'id']) if (typeof n[key] === 'string') ids.push(n[key]);
    for (const key of ['$ref', '$dynamicRef']) if (typeof n[key] === 'string') refs.push(n[key]);
  });
  for (const ref of refs) {
    const doc = ref.split('#')[0]!;
    if (!doc) continue;
    const known = ids.some(
      (id) => id.split('#')[0] === doc || id.endsWith(`/${doc}`) || doc.endsWith(`/${id.split('#')[0]}`),
    );
    if (!known) return `a $ref to a document outside the schema (${doc})`;
  }
  return undefined;
}

/** OpenAPI 3.0's Schema Object has no `definitions`, `patternProperties`, `dependencies`, tuple `items`, type lists. */
function draft4Reason(schema: unknown): string | undefined {
  if (typeof schema === 'boolean') return 'boolean schemas are not OpenAPI 3.0 Schema Objects';
  let reason: string | undefined;
  walk(schema, (n) => {
    if (reason) return;
    for (const key of [
      'definitions',
      'patternProperties',
      'dependencies',
      'additionalItems',
      'id',
      '$schema',
    ]) {
      if (key in n && !(key === 'id' && typeof n[key] !== 'string'))
        reason = `\`${key}\` is not an OpenAPI 3.0 Schema Object keyword`;
    }
    if (Array.isArray(n.items)) reason = 'tuple `items` is not in the OpenAPI 3.0 Schema Object';
    if (Array.isArray(n.type)) reason = 'a list of types is not in the OpenAPI 3.0 Schema Object';
    if (n.type === 'null') reason = '`type: null` is not in the OpenAPI 3.0 Schema Object (nullable is)';
  });
  return reason;
}

/**
 * `$ref`s into the schema's own root (`#`, `#/$defs/x`) rewritten to the component that holds it. Inside a
 * sub-schema with its own `$id`, a pointer is relative to that sub-schema (the generator reads it so): kept.
 */
function rebase(schema: unknown, base: string, root = true): unknown {
  if (Array.isArray(schema)) return schema.map((x) => rebase(x, base, false));
  if (!schema || typeof schema !== 'object') return schema;
  const id = (schema as Record<string, unknown>).$id;
  if (!root && typeof id === 'string' && !id.startsWith('#')) return schema;
  // Object.fromEntries keeps a `__proto__` key as an own property (an assignment would set the prototype).
  return Object.fromEntries(
    Object.entries(schema as Record<string, unknown>).map(([k, v]) => {
      if (
        (k === '$ref' || k === '$dynamicRef') &&
        typeof v === 'string' &&
        v.startsWith('#') &&
        !/^#[A-Za-z_]/.test(v)
      )
        return [k, `${base}${v.slice(1)}`];
      return [k, DATA_KEYS.has(k) ? v : rebase(v, base, false)];
    }),
  );
}

/** The OpenAPI document of the groups that run: 3.1 for draft 2020-12, 3.0 for draft 4. */
export function suiteDocument(groups: Group[], version: '3.1.0' | '3.0.3'): object {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (const g of groups) {
    if (g.skip) continue;
    schemas[g.id] = rebase(g.schema, `#/components/schemas/${g.id}`);
    paths[`/${g.id.toLowerCase()}`] = {
      post: {
        operationId: g.id.toLowerCase(),
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${g.id}` } } },
        },
        responses: { '204': { description: 'done' } },
      },
    };
  }
  return {
    openapi: version,
    info: { title: 'JSON Schema Test Suite', version: '1' },
    paths,
    components: { schemas },
  };
}
