/**
 * Finds, reads and validates the codegen config. Every problem is one located `invalid-config` error
 * (`codegen.config.json:4:17 #/envPrefix: error[invalid-config]: …`); unknown keys are errors too, so a typo
 * never silently falls back to a default.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isMap, LineCounter, parseDocument, type Document } from 'yaml';
import { GeneratorError, GeneratorErrors, joinPointer } from '../diagnostics.ts';
import { nearest } from '../naming/distance.ts';
import { readInput, UnreadableInput } from '../load/read-file.ts';
import { CONFIG_FILE, CONFIG_KEYS, DEFAULT_CONFIG, type CodegenConfig, type PackageConfig } from './types.ts';

/** `codegen.config.json` in `dir` (the CLI's working directory), when there is one. */
export function findConfig(dir: string): string | undefined {
  const candidate = path.join(dir, CONFIG_FILE);
  return existsSync(candidate) ? candidate : undefined;
}

export function readConfig(file: string): { config: CodegenConfig; locate: Locate } {
  const shown = path.relative(process.cwd(), file) || file;
  let text: string;
  try {
    text = readInput(file);
  } catch (error) {
    if (error instanceof UnreadableInput)
      throw new GeneratorError(error.code, `the config ${shown} ${error.message}`, { file: shown });
    throw new GeneratorError(
      'file-not-found',
      `cannot read the config: ${(error as Error).message.split('\n')[0]}`,
      { file: shown },
    );
  }
  // JSON's own parser names the problem in JSON terms; the YAML parser (JSON is YAML) then gives locations.
  try {
    JSON.parse(text);
  } catch (error) {
    throw new GeneratorError(
      'invalid-config',
      `not valid JSON: ${jsonMessage(text, (error as Error).message)}`,
      { file: shown, ...jsonPosition(text, (error as Error).message) },
    );
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const locate = locator(doc, lines, shown);
  const config = validateConfig(doc.toJS() as unknown, locate);
  return {
    config: {
      ...config,
      ...(config.release !== undefined ? { release: path.resolve(path.dirname(file), config.release) } : {}),
    },
    locate,
  };
}

/** Line and column of the offset Node's JSON.parse names (`at position 42`, or `line 3 column 5`). */
function jsonPosition(text: string, message: string): { line?: number; column?: number } {
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  const pos = /at position (\d+)/.exec(message);
  const offset = pos ? Number(pos[1]) : /end of JSON input/.test(message) ? text.length : undefined;
  if (offset === undefined) return {};
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

function jsonMessage(text: string, message: string): string {
  if (/end of JSON input/.test(message)) return 'the text ends before the JSON value does (a missing } or ])';
  return message
    .replace(/\s*\(line \d+ column \d+\)/, '')
    .replace(/ in JSON at position \d+.*$/, '')
    .replace(/^"[^"]*"\.\.\. is not valid JSON$/, 'not a JSON value');
}

export type Locate = (pointer: string[]) => {
  file?: string;
  line?: number;
  column?: number;
  pointer: string;
};

function locator(doc: Document, lines: LineCounter, file: string): Locate {
  return (tokens) => {
    // A key is shown where the key is written; a missing key at the nearest object that holds it.
    let offset: number | undefined;
    for (let n = tokens.length; n >= 0 && offset === undefined; n--) {
      const parent = (n ? doc.getIn(tokens.slice(0, n - 1), true) : undefined) as
        | { items?: { key?: { value?: unknown; range?: [number, number, number] } }[] }
        | undefined;
      const pair =
        n && isMap(parent)
          ? parent.items.find((p) => p.key && String((p.key as { value?: unknown }).value) === tokens[n - 1])
          : undefined;
      const node = (pair?.key ?? (n ? doc.getIn(tokens.slice(0, n), true) : doc.contents)) as
        | { range?: [number, number, number] }
        | null
        | undefined;
      offset = node?.range?.[0];
    }
    const at = offset === undefined ? undefined : lines.linePos(offset);
    return { file, ...(at ? { line: at.line, column: at.col } : {}), pointer: joinPointer('#', ...tokens) };
  };
}

/**
 * Validates a parsed config; `locate` turns a key path into a location (the default names only the pointer).
 * Every problem is collected and thrown at once (a `GeneratorErrors` when there are several).
 */
export function validateConfig(
  raw: unknown,
  locate: Locate = (t) => ({ pointer: joinPointer('#', ...t) }),
): CodegenConfig {
  const errors: GeneratorError[] = [];
  const d = DEFAULT_CONFIG;
  // A bad value is recorded and replaced by the default, so validation goes on and finds every problem.
  const bad = <T>(at: string[], message: string, fallback: T): T => {
    errors.push(new GeneratorError('invalid-config', message, locate(at)));
    return fallback;
  };
  const object = (value: unknown, at: string[], keys: readonly string[]): Record<string, unknown> => {
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return bad(at, 'must be an object', {});
    const record = { ...(value as Record<string, unknown>) };
    for (const key of Object.keys(record)) {
      if (keys.includes(key)) continue;
      const near = nearest(key, keys, Math.max(2, Math.floor(key.length / 3)));
      bad(
        [...at, key],
        `unknown key "${key}"${near ? ` (did you mean "${near}"?)` : ''}; the keys are ${keys.join(', ')}`,
        undefined,
      );
      delete record[key];
    }
    return record;
  };
  const string = <T extends string | undefined>(
    value: unknown,
    at: string[],
    fallback: T,
    pattern?: RegExp,
    what?: string,
  ): string | T => {
    if (typeof value !== 'string' || value === '') return bad(at, 'must be a non-empty string', fallback);
    if (pattern && !pattern.test(value)) return bad(at, `${JSON.stringify(value)} is not ${what}`, fallback);
    return value;
  };
  const header = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
  const headerName = (value: unknown, at: string[], fallback: string | null): string | null =>
    value === null ? null : string(value, at, fallback ?? '', header, 'a header name') || null;
  const pkg = (value: unknown, at: string[], fallback: PackageConfig): PackageConfig => {
    if (value === undefined) return fallback;
    const p = object(value, at, ['name', 'description']);
    return {
      name:
        p.name === undefined
          ? fallback.name
          : string(
              p.name,
              [...at, 'name'],
              fallback.name,
              /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/,
              'a valid npm package name',
            ),
      description:
        p.description === undefined
          ? fallback.description
          : string(p.description, [...at, 'description'], fallback.description),
    };
  };

  const c = object(raw, [], CONFIG_KEYS);
  const packages = c.packages === undefined ? {} : object(c.packages, ['packages'], ['client', 'server']);
  const publish: CodegenConfig['publish'] = {};
  if (c.publish !== undefined) {
    const p = object(c.publish, ['publish'], ['license', 'repository', 'author', 'initialVersion']);
    for (const key of ['license', 'repository', 'author'] as const)
      if (p[key] !== undefined) publish[key] = string(p[key], ['publish', key], '');
    if (p.initialVersion !== undefined)
      publish.initialVersion = string(
        p.initialVersion,
        ['publish', 'initialVersion'],
        '',
        /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/,
        'a semver version (1.0.0)',
      );
  }
  const defaultHeaders: Record<string, string> = {};
  if (c.defaultHeaders !== undefined) {
    const given =
      c.defaultHeaders !== null && typeof c.defaultHeaders === 'object' ? Object.keys(c.defaultHeaders) : [];
    for (const [k, v] of Object.entries(object(c.defaultHeaders, ['defaultHeaders'], given))) {
      if (!string(k, ['defaultHeaders', k], '', header, 'a header name')) continue;
      if (typeof v === 'string') defaultHeaders[k] = v;
      else bad(['defaultHeaders', k], 'must be a string', undefined);
    }
  }
  let serverVersionHeader = d.serverVersionHeader;
  if (c.serverVersionHeader !== undefined && c.serverVersionHeader !== null) {
    const h = object(c.serverVersionHeader, ['serverVersionHeader'], ['name', 'value']);
    serverVersionHeader = {
      name: string(h.name, ['serverVersionHeader', 'name'], '', header, 'a header name'),
      value: string(h.value, ['serverVersionHeader', 'value'], ''),
    };
  }
  let accessTokensRejectedBy = d.accessTokensRejectedBy;
  if (c.accessTokensRejectedBy !== undefined) {
    accessTokensRejectedBy = Array.isArray(c.accessTokensRejectedBy)
      ? (c.accessTokensRejectedBy as unknown[]).map((v, i) =>
          string(v, ['accessTokensRejectedBy', String(i)], ''),
        )
      : bad(['accessTokensRejectedBy'], 'must be an array of operationIds', []);
  }
  let retryStatuses = d.retryStatuses;
  if (c.retryStatuses !== undefined) {
    retryStatuses = Array.isArray(c.retryStatuses)
      ? (c.retryStatuses as unknown[])
          .map((v, i) => {
            const text = typeof v === 'number' ? String(v) : v;
            return typeof text === 'string' && /^([1-5]XX|[1-5]\d\d)$/.test(text)
              ? text
              : bad(
                  ['retryStatuses', String(i)],
                  `${JSON.stringify(v)} is not a status (100 to 599) or a range such as "5XX"`,
                  '',
                );
          })
          .filter(Boolean)
      : bad(['retryStatuses'], 'must be an array of statuses (429) or ranges ("5XX")', d.retryStatuses);
  }
  let adminKeys = d.adminKeys;
  if (c.adminKeys !== undefined && c.adminKeys !== null) {
    const a = object(c.adminKeys, ['adminKeys'], ['acceptedBy', 'message']);
    const acceptedBy = Array.isArray(a.acceptedBy)
      ? (a.acceptedBy as unknown[]).map((v, i) => string(v, ['adminKeys', 'acceptedBy', String(i)], ''))
      : bad(['adminKeys', 'acceptedBy'], 'must be an array of operationIds', []);
    adminKeys =
      a.message === undefined
        ? { acceptedBy }
        : { acceptedBy, message: string(a.message, ['adminKeys', 'message'], '') };
  } else if (c.adminKeys === null) adminKeys = null;
  const validators = { ...d.validators };
  if (c.validators !== undefined) {
    const v = object(c.validators, ['validators'], ['formats', 'unknownRequestFields']);
    const choice = <T extends string>(value: unknown, key: string, options: readonly T[], fallback: T): T => {
      if (value === undefined) return fallback;
      return options.includes(value as T)
        ? (value as T)
        : bad(['validators', key], `must be ${options.map((o) => JSON.stringify(o)).join(' or ')}`, fallback);
    };
    validators.formats = choice(v.formats, 'formats', ['assert', 'annotate'] as const, d.validators.formats);
    validators.unknownRequestFields = choice(
      v.unknownRequestFields,
      'unknownRequestFields',
      ['accept', 'reject'] as const,
      d.validators.unknownRequestFields,
    );
  }
  // Keys are operationIds, any string (`__proto__` too): a table without a prototype.
  const sdk = {
    naming: d.sdk.naming,
    calls: Object.assign(Object.create(null) as Record<string, string>, d.sdk.calls),
  };
  if (c.sdk !== undefined) {
    const v = object(c.sdk, ['sdk'], ['naming', 'calls']);
    if (v.naming !== undefined) {
      const options = ['auto', 'paths', 'operations'] as const;
      sdk.naming = options.includes(v.naming as (typeof options)[number])
        ? (v.naming as (typeof options)[number])
        : bad(['sdk', 'naming'], `must be ${options.map((o) => JSON.stringify(o)).join(', ')}`, d.sdk.naming);
    }
    if (v.calls !== undefined) {
      const given = v.calls !== null && typeof v.calls === 'object' ? Object.keys(v.calls) : [];
      for (const [id, call] of Object.entries(object(v.calls, ['sdk', 'calls'], given))) {
        const named = string(
          call,
          ['sdk', 'calls', id],
          '',
          /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/,
          'a call in camelCase, resource.method (e.g. "backup.plans.create")',
        );
        if (named) sdk.calls[id] = named;
      }
    }
  }
  const mode =
    c.mode === undefined || c.mode === 'strict' || c.mode === 'tolerant'
      ? c.mode
      : bad(['mode'], `must be "strict" or "tolerant", not ${JSON.stringify(c.mode)}`, undefined);
  const release = c.release === undefined ? undefined : string(c.release, ['release'], undefined);
  const config: CodegenConfig = {
    // Given or absent, never defaulted: an absent name is the naming pass's to derive from the title.
    ...(c.clientName === undefined
      ? {}
      : {
          clientName: string(
            c.clientName,
            ['clientName'],
            undefined,
            /^[A-Z][A-Za-z0-9_]*$/,
            'a PascalCase identifier',
          ),
        }),
    errorName:
      c.errorName === undefined
        ? d.errorName
        : string(c.errorName, ['errorName'], d.errorName, /^[A-Z][A-Za-z0-9_]*$/, 'a PascalCase identifier'),
    ...(c.envPrefix === undefined
      ? {}
      : {
          envPrefix: string(
            c.envPrefix,
            ['envPrefix'],
            undefined,
            /^[A-Z][A-Z0-9_]*_$/,
            'an upper-case prefix ending in "_" (e.g. "ACME_")',
          ),
        }),
    packages: {
      client: pkg(packages.client, ['packages', 'client'], d.packages.client),
      server: pkg(packages.server, ['packages', 'server'], d.packages.server),
    },
    publish,
    organizationHeader:
      c.organizationHeader === undefined
        ? d.organizationHeader
        : headerName(c.organizationHeader, ['organizationHeader'], d.organizationHeader),
    projectHeader:
      c.projectHeader === undefined
        ? d.projectHeader
        : headerName(c.projectHeader, ['projectHeader'], d.projectHeader),
    idempotencyHeader:
      c.idempotencyHeader === undefined
        ? d.idempotencyHeader
        : headerName(c.idempotencyHeader, ['idempotencyHeader'], d.idempotencyHeader),
    defaultHeaders,
    retryStatuses,
    serverVersionHeader,
    accessTokensRejectedBy,
    adminKeys,
    ...(mode ? { mode } : {}),
    ...(release ? { release } : {}),
    validators,
    sdk,
  };
  if (errors.length === 1) throw errors[0]!;
  if (errors.length) throw new GeneratorErrors(errors);
  return config;
}
