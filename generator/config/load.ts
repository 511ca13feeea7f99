/**
 * Finds, reads and validates the codegen config. Every problem is one located `invalid-config` error
 * (`codegen.config.json:4:17 #/envPrefix: error[invalid-config]: …`); unknown keys are errors too, so a typo
 * never silently falls back to a default.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { GeneratorError, joinPointer } from '../diagnostics.ts';
import { CONFIG_FILE, DEFAULT_CONFIG, type CodegenConfig, type PackageConfig } from './types.ts';

/** `codegen.config.json` in `dir` (the CLI's working directory), when there is one. */
export function findConfig(dir: string): string | undefined {
  const candidate = path.join(dir, CONFIG_FILE);
  return existsSync(candidate) ? candidate : undefined;
}

export function readConfig(file: string): { config: CodegenConfig; locate: Locate } {
  const shown = path.relative(process.cwd(), file) || file;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new GeneratorError('file-not-found', `cannot read the config: ${(error as Error).message.split('\n')[0]}`, { file: shown });
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  if (doc.errors.length) {
    const at = lines.linePos(doc.errors[0]!.pos[0]);
    throw new GeneratorError('invalid-config', `not valid JSON: ${doc.errors[0]!.message.split('\n')[0]}`, { file: shown, line: at.line, column: at.col });
  }
  const locate = locator(doc, lines, shown);
  return { config: validateConfig(doc.toJS() as unknown, locate), locate };
}

export type Locate = (pointer: string[]) => { file?: string; line?: number; column?: number; pointer: string };

function locator(doc: Document, lines: LineCounter, file: string): Locate {
  return (tokens) => {
    // A missing key is shown at the nearest object that holds it.
    let offset: number | undefined;
    for (let n = tokens.length; n >= 0 && offset === undefined; n--) {
      const node = (n ? doc.getIn(tokens.slice(0, n), true) : doc.contents) as { range?: [number, number, number] } | null | undefined;
      offset = node?.range?.[0];
    }
    const at = offset === undefined ? undefined : lines.linePos(offset);
    return { file, ...(at ? { line: at.line, column: at.col } : {}), pointer: joinPointer('#', ...tokens) };
  };
}

/** Validates a parsed config; `locate` turns a key path into a location (the default names only the pointer). */
export function validateConfig(raw: unknown, locate: Locate = (t) => ({ pointer: joinPointer('#', ...t) })): CodegenConfig {
  const bad = (at: string[], message: string): never => {
    throw new GeneratorError('invalid-config', message, locate(at));
  };
  const object = (value: unknown, at: string[], keys: readonly string[]): Record<string, unknown> => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) bad(at, 'must be an object');
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (keys.includes(key)) continue;
      const near = keys.find((k) => k.toLowerCase().replace(/[-_]/g, '') === key.toLowerCase().replace(/[-_]/g, ''));
      bad([...at, key], `unknown key "${key}"${near ? ` (did you mean "${near}"?)` : ''}; the keys are ${keys.join(', ')}`);
    }
    return record;
  };
  const string = (value: unknown, at: string[], pattern?: RegExp, what?: string): string => {
    if (typeof value !== 'string' || value === '') return bad(at, 'must be a non-empty string');
    if (pattern && !pattern.test(value)) bad(at, `${JSON.stringify(value)} is not ${what}`);
    return value;
  };
  const header = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
  const headerName = (value: unknown, at: string[]): string | null => (value === null ? null : string(value, at, header, 'a header name'));
  const pkg = (value: unknown, at: string[], fallback: PackageConfig): PackageConfig => {
    if (value === undefined) return fallback;
    const p = object(value, at, ['name', 'description']);
    return {
      name: p.name === undefined ? fallback.name : string(p.name, [...at, 'name'], /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/, 'a valid npm package name'),
      description: p.description === undefined ? fallback.description : string(p.description, [...at, 'description']),
    };
  };

  const c = object(raw, [], ['$schema', 'clientName', 'errorName', 'envPrefix', 'packages', 'organizationHeader', 'projectHeader', 'defaultHeaders', 'serverVersionHeader', 'accessTokensRejectedBy', 'validators']);
  const d = DEFAULT_CONFIG;
  const packages = c.packages === undefined ? {} : object(c.packages, ['packages'], ['client', 'server']);
  const defaultHeaders: Record<string, string> = {};
  if (c.defaultHeaders !== undefined) {
    const given = c.defaultHeaders !== null && typeof c.defaultHeaders === 'object' ? Object.keys(c.defaultHeaders) : [];
    for (const [k, v] of Object.entries(object(c.defaultHeaders, ['defaultHeaders'], given))) {
      string(k, ['defaultHeaders', k], header, 'a header name');
      defaultHeaders[k] = typeof v === 'string' ? v : bad(['defaultHeaders', k], 'must be a string');
    }
  }
  let serverVersionHeader = d.serverVersionHeader;
  if (c.serverVersionHeader !== undefined && c.serverVersionHeader !== null) {
    const h = object(c.serverVersionHeader, ['serverVersionHeader'], ['name', 'value']);
    serverVersionHeader = { name: string(h.name, ['serverVersionHeader', 'name'], header, 'a header name'), value: string(h.value, ['serverVersionHeader', 'value']) };
  }
  let accessTokensRejectedBy = d.accessTokensRejectedBy;
  if (c.accessTokensRejectedBy !== undefined) {
    if (!Array.isArray(c.accessTokensRejectedBy)) bad(['accessTokensRejectedBy'], 'must be an array of operationIds');
    accessTokensRejectedBy = (c.accessTokensRejectedBy as unknown[]).map((v, i) => string(v, ['accessTokensRejectedBy', String(i)]));
  }
  const validators = { ...d.validators };
  if (c.validators !== undefined) {
    const v = object(c.validators, ['validators'], ['formats', 'unknownRequestFields']);
    const choice = <T extends string>(value: unknown, key: string, options: readonly T[], fallback: T): T => {
      if (value === undefined) return fallback;
      return options.includes(value as T) ? (value as T) : bad(['validators', key], `must be ${options.map((o) => JSON.stringify(o)).join(' or ')}`);
    };
    validators.formats = choice(v.formats, 'formats', ['assert', 'annotate'] as const, d.validators.formats);
    validators.unknownRequestFields = choice(v.unknownRequestFields, 'unknownRequestFields', ['accept', 'reject'] as const, d.validators.unknownRequestFields);
  }
  return {
    clientName: c.clientName === undefined ? d.clientName : string(c.clientName, ['clientName'], /^[A-Z][A-Za-z0-9_]*$/, 'a PascalCase identifier'),
    errorName: c.errorName === undefined ? d.errorName : string(c.errorName, ['errorName'], /^[A-Z][A-Za-z0-9_]*$/, 'a PascalCase identifier'),
    envPrefix: c.envPrefix === undefined ? d.envPrefix : string(c.envPrefix, ['envPrefix'], /^[A-Z][A-Z0-9_]*_$/, 'an upper-case prefix ending in "_" (e.g. "ACME_")'),
    packages: { client: pkg(packages.client, ['packages', 'client'], d.packages.client), server: pkg(packages.server, ['packages', 'server'], d.packages.server) },
    organizationHeader: c.organizationHeader === undefined ? d.organizationHeader : headerName(c.organizationHeader, ['organizationHeader']),
    projectHeader: c.projectHeader === undefined ? d.projectHeader : headerName(c.projectHeader, ['projectHeader']),
    defaultHeaders,
    serverVersionHeader,
    accessTokensRejectedBy,
    validators,
  };
}
