/**
 * Every command's surface in one place: its summary, arguments, options (in the order its usage lists them) and
 * exit codes. ./args.ts parses by these tables and prints their usage; each command module reads the typed values.
 * To add an option, add a row here and read `values.<name>` in the command: `--help`, the usage line, the check
 * of its choices and the "did you mean" for a mistyped one follow.
 */
import { defineCommand, type Option } from './args.ts';

const SPEC = (help = 'root OpenAPI 3.0/3.1 document (default openapi.yaml)'): Option => ({
  type: 'string',
  value: 'openapi.yaml',
  help,
});
const CONFIG: Option = {
  type: 'string',
  value: 'FILE',
  help: 'codegen config (default codegen.config.json in the working directory, if any; else defaults)',
};
const STRICT: Option = {
  type: 'boolean',
  excludes: ['tolerant'],
  help: 'every finding is an error, all reported at once (the config\'s "mode": "strict" says the same)',
};
const TOLERANT: Option = {
  type: 'boolean',
  excludes: ['strict'],
  help: 'findings are located warnings and generation goes on with a documented fallback (the default\nwhen neither a flag nor the config\'s "mode" says otherwise)',
};
const DATE: Option = { type: 'string', value: 'YYYY-MM-DD', help: 'date of the entry (default today, UTC)' };
const BASE_HEAD: [string, string][] = [
  [
    '<base>, <head>',
    'a spec root file, a directory holding openapi.yaml, or a git revision (the --spec file\nas committed at that revision)',
  ],
];

/** `generate` and `check` share everything but what `check` implies. */
const GENERATE_OPTIONS = {
  spec: SPEC(),
  out: {
    type: 'string',
    value: 'generated',
    help: 'output folder (default generated). The tool owns it through .codegen-manifest.json, the list of the\nfiles it wrote: it replaces or removes only those, refuses a non-empty folder without that\nmanifest (exit 2, nothing written), and never writes over its input (the spec, the config)',
  },
  force: { type: 'boolean', help: 'take over a non-empty folder that has no manifest (its files are kept)' },
  config: CONFIG,
  only: {
    type: 'string',
    value: 'a,b',
    help: 'only these outputs, comma-separated: types, client, protocol, enums, state-machines, validators,\nserver, docs, emulator (an output comes with the outputs it imports: types with enums, validators\nwith types, client with types, enums and protocol, server with validators, types, enums,\nstate-machines and protocol, emulator with the server it runs on)',
  },
  watch: {
    type: 'boolean',
    excludes: ['check'],
    help: "generate, then again whenever a file in the spec's folder or the config changes (Ctrl-C ends)",
  },
  check: {
    type: 'boolean',
    help: 'write nothing; exit 3 and name the files that differ from what the spec gives',
  },
  quiet: {
    type: 'boolean',
    help: 'no timing lines (warnings, errors and, with --watch, one line per regeneration remain)',
  },
  strict: STRICT,
  tolerant: TOLERANT,
  'no-cache': {
    type: 'boolean',
    help: 'format every file anew (by default formatted output is cached by content in\nnode_modules/.cache/platform-api-codegen/)',
  },
  formatter: {
    type: 'string',
    choices: ['oxfmt', 'prettier'],
    help: "oxfmt (default: oxfmt aligned with prettier's style, prettier where they differ) or\nprettier (prettier for every file; slower, same bytes)",
  },
} satisfies Record<string, Option>;

export const GENERATE = defineCommand({
  name: 'generate',
  summary: 'generate types, client, validators, server, tables and docs from an OpenAPI 3.0/3.1 spec',
  options: GENERATE_OPTIONS,
  exits: {
    0: 'ok',
    1: 'spec or generation error',
    2: "usage error or an output folder not the tool's",
    3: 'stale output (--check)',
  },
});

const { spec, config, only, strict, tolerant, formatter } = GENERATE_OPTIONS;
const CHECK_OPTIONS = {
  spec,
  out: { type: 'string', value: 'generated', help: 'the generated folder to compare (default generated)' },
  config,
  only,
  quiet: { type: 'boolean', help: 'no timing lines (warnings and errors remain)' },
  strict,
  tolerant,
  'no-cache': GENERATE_OPTIONS['no-cache'],
  formatter,
} satisfies Record<string, Option>;

export const CHECK = defineCommand({
  name: 'check',
  summary: 'exit 3 when the generated folder differs from what the spec gives (generate --check)',
  options: CHECK_OPTIONS,
  notes: 'generate --check: writes nothing; names every changed, missing or extra file',
  exits: { 0: 'up to date', 1: 'spec or generation error', 2: 'usage error', 3: 'stale or missing output' },
});

export const LINT = defineCommand({
  name: 'lint',
  summary: "report every finding in the spec (and the config's references into it); write nothing",
  options: {
    spec: SPEC('the spec (default openapi.yaml)'),
    config: CONFIG,
    tolerant: { type: 'boolean', help: 'list the findings as warnings (exit 0) instead of errors' },
  },
  exits: { 0: 'no error', 1: 'errors (each printed, located)', 2: 'usage error' },
});

export const DIFF = defineCommand({
  name: 'diff',
  summary: 'the changes between two versions of the spec, breaking ones first (exit 1 when breaking)',
  args: { synopsis: '<base> [<head>]', min: 1, max: 2, help: BASE_HEAD },
  options: {
    spec: SPEC(
      'the spec in the working tree: the default head, and the file read at a git revision\n(default openapi.yaml)',
    ),
    format: { type: 'string', choices: ['markdown', 'json'], help: 'markdown (default) or json' },
    'allow-breaking': { type: 'boolean', help: 'exit 0 even when breaking changes are found' },
  },
  exits: {
    0: 'no breaking change',
    1: 'breaking changes',
    2: 'usage error',
    3: 'a spec version cannot be read',
  },
});

/** `npm run diff:ci`: the repository's CI step, not a command of the installed tool. */
export const DIFF_CI = defineCommand({
  name: 'diff:ci',
  invocation: 'npm run diff:ci --',
  summary:
    'the spec diff against the merge base, as CI prints it (informational: exit 0 on breaking changes)',
  options: {
    against: {
      type: 'string',
      value: 'REF',
      help: 'the branch whose merge base with HEAD is the base (default: the first of origin/main,\norigin/master, main, master that exists)',
    },
  },
  exits: { 0: 'printed, or skipped with the reason', 2: 'usage error', 3: 'a spec version cannot be read' },
});

export const CHANGELOG = defineCommand({
  name: 'changelog',
  summary: 'diff → a changelog entry and the next version, in the release record',
  args: {
    synopsis: '<base> [<head>]',
    min: 1,
    max: 2,
    help: [['<base>, <head>', 'as for diff (head defaults to the --spec file in the working tree)']],
  },
  options: {
    spec: SPEC('the spec (default openapi.yaml)'),
    config: {
      type: 'string',
      value: 'FILE',
      help: 'codegen config (default codegen.config.json in the working directory): its "release" key\nnames the release record\'s folder (default release/ beside the config), where each\npackage\'s version (<release>/<package>/package.json) and CHANGELOG.md live; every\ngenerate reads them, so the version and the entries survive regeneration',
    },
    package: {
      type: 'string',
      value: 'FILE',
      help: 'bump this one package.json instead of the release record',
    },
    changelog: {
      type: 'string',
      value: 'FILE',
      help: 'with --package: the changelog to prepend to (default CHANGELOG.md beside it)',
    },
    date: DATE,
    'dry-run': { type: 'boolean', help: 'print the entry and the new version; write nothing' },
  },
  exits: {
    0: 'done or nothing to do',
    2: 'usage error',
    3: 'a spec version or the package.json cannot be read',
  },
});

export const BUILD = defineCommand({
  name: 'build',
  summary: 'compile the generated packages into publishable folders (dist/client, dist/server)',
  options: {
    out: {
      type: 'string',
      value: 'generated',
      help: 'the generated tree (default generated): its client/ and server/ packages are built',
    },
    dist: {
      type: 'string',
      value: 'dist',
      help: 'where the publishable packages go (default dist): <dist>/client, <dist>/server, each with\npackage.json, README.md, CHANGELOG.md, dist/esm and dist/cjs (.js, .d.ts, source maps);\npack one with npm pack <dist>/client',
    },
  },
  exits: { 0: 'built', 1: 'the compiler refused the sources (or no package to build)', 2: 'usage error' },
});

export const RELEASE = defineCommand({
  name: 'release',
  summary: 'diff → changelog → bump → generate → build → pack (never publishes)',
  args: {
    synopsis: '<base>',
    min: 1,
    max: 1,
    help: [
      ['<base>', 'the released spec: a file, a folder holding openapi.yaml, or a git revision (of --spec)'],
    ],
  },
  options: {
    spec: SPEC('the spec to release (default openapi.yaml)'),
    config: {
      type: 'string',
      value: 'FILE',
      help: 'codegen config (default codegen.config.json in the working directory); the release record\nis its "release" folder (default release/ beside it)',
    },
    out: {
      type: 'string',
      value: 'generated',
      help: 'the generated tree to refresh (default generated; owned as with generate)',
    },
    dist: {
      type: 'string',
      value: 'dist',
      help: 'where the built packages and the tarballs go (default dist)',
    },
    'dry-run': {
      type: 'boolean',
      help: 'change nothing: print the version, the entry and the tarball contents',
    },
    date: DATE,
  },
  notes: 'Never publishes: run npm publish <dist>/<tarball> yourself.',
  exits: {
    0: 'done',
    1: 'generation, build or pack failed',
    2: "usage or an output folder not the tool's",
    3: 'the base cannot be read',
  },
});

export const EMULATE = defineCommand({
  name: 'emulate',
  summary:
    'serve a stateful emulator of the spec on 127.0.0.1 (resources, lifecycles, webhooks, --data to keep them)',
  options: {
    spec: SPEC('root OpenAPI 3.0/3.1 document (default openapi.yaml); any spec generate accepts'),
    port: { type: 'string', value: '4010', help: 'port on 127.0.0.1 (default 4010; 0 picks a free one)' },
    data: {
      type: 'string',
      value: 'DIR',
      help: 'keep every resource in DIR (SQLite); a restart, even after a crash, finds what was acknowledged.\nWithout it the emulator keeps everything in memory',
    },
    config: {
      type: 'string',
      value: 'FILE',
      help: "the emulator's config (JSON): apiKeys, requestsPerMinute, tokenLifetimeSeconds, subjectTokens,\nwebhooks, webhookAttempts, webhookRetryMs, steps, seed (see the generated emulator README)",
    },
    strict: { ...STRICT, help: 'every finding in the spec is an error (default: tolerant, as for generate)' },
    tolerant: { ...TOLERANT, help: 'findings are warnings with a documented fallback' },
  },
  notes:
    'The emulator is generated into node_modules/.cache/platform-api-codegen/emulate/ and reused while the spec is\nunchanged. Control endpoints: POST /_emulator/clock {"advance_ms": N}, GET /_emulator/clock, GET /_emulator/webhooks.',
  exits: { 0: 'closed by a signal', 1: 'spec or start-up error', 2: 'usage or config error' },
});

/** The installed tool's commands, in the order its help lists them. */
export const COMMANDS = {
  generate: GENERATE,
  check: CHECK,
  lint: LINT,
  diff: DIFF,
  changelog: CHANGELOG,
  build: BUILD,
  emulate: EMULATE,
  release: RELEASE,
};
export type CommandName = keyof typeof COMMANDS;
