/**
 * Every command's surface in one place: its summary, arguments, options (in the order its usage lists them) and
 * exit codes. ./args.ts parses by these tables and prints their usage; each command module reads the typed values.
 * To add an option, add a row here and read `values.<name>` in the command: `--help`, the usage line, the check
 * of its choices and the "did you mean" for a mistyped one follow.
 */
import { FORMATS } from '../lint/findings.ts';
import { RULESETS } from '../lint/rulesets.ts';
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
const STRICT = {
  type: 'boolean',
  excludes: ['tolerant'],
  help: 'every finding is an error, all reported at once (the config\'s "mode": "strict" says the same)',
} satisfies Option;
const TOLERANT = {
  type: 'boolean',
  excludes: ['strict'],
  help: 'findings are located warnings and generation goes on with a documented fallback (the default\nwhen neither a flag nor the config\'s "mode" says otherwise)',
} satisfies Option;
const DATE: Option = { type: 'string', value: 'YYYY-MM-DD', help: 'date of the entry (default today, UTC)' };
const BASE_HEAD: [string, string][] = [
  [
    '<base>, <head>',
    'a spec root file, a directory holding openapi.yaml, or a git revision (the --spec file\nas committed at that revision)',
  ],
];

/** How diff, changelog and release read each spec version: tolerant unless asked, the config's naming applied. */
const READ_STRICT = {
  ...STRICT,
  help: 'every finding in a spec version is an error (the config\'s "mode": "strict" says the same)',
} satisfies Option;
const READ_TOLERANT = {
  ...TOLERANT,
  help: 'findings are located warnings with a documented fallback (the default when neither a flag nor\nthe config\'s "mode" says otherwise): findings that only matter to code generation never stop\nthe command',
} satisfies Option;

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
  summary: "report every finding in the spec, ours and the standard rulesets' (--rulesets); write nothing",
  options: {
    spec: SPEC('the spec (default openapi.yaml)'),
    config: {
      ...CONFIG,
      help: 'codegen config (default codegen.config.json in the working directory, if any);\nits references into the spec are checked too, and its "mode" applies',
    },
    strict: {
      ...STRICT,
      help: 'every finding of ours is an error (the default unless the config\'s "mode" says\ntolerant)',
    },
    tolerant: {
      ...TOLERANT,
      help: 'findings that only matter to code generation (identifier collisions,\ndiscriminator and paging fallbacks, duplicate or missing operationIds, naming)\nare warnings; spec defects (an unresolved $ref, invalid OpenAPI, a broken\nextension) stay errors',
    },
    format: {
      type: 'string',
      choices: FORMATS,
      help: 'text (default: findings on stderr, a summary on stdout), json, sarif\n(SARIF 2.1.0, for code scanning) or github (workflow annotations,\n::error file=…,line=…,col=…::…) on stdout',
    },
    'fail-on': {
      type: 'string',
      choices: ['error', 'warn'],
      help: 'error (default): exit 1 on an error; warn: exit 1 on a warning too',
    },
    'max-warnings': { type: 'string', value: 'N', help: 'exit 1 when there are more than N warnings' },
    rulesets: {
      type: 'string',
      value: RULESETS.join(','),
      help: 'also run the standard rulesets, comma-separated: spectral (spectral:oas,\nrecommended) and redocly (recommended); their packages are optional peers of\nthis tool, installed by you (the message names the command when missing)',
    },
  },
  notes:
    'Our extensions (x-state-machines, x-sse, x-not-shown, …) and their JSON Schemas: the README\'s "Spec extensions".',
  exits: {
    0: 'passed',
    1: 'failed (errors, or warnings past --fail-on or --max-warnings)',
    2: 'usage error or a ruleset not installed',
  },
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
    config: {
      ...CONFIG,
      help: 'codegen config (default codegen.config.json in the working directory, if any): its naming\n(sdk rules) and "mode" apply to both versions',
    },
    strict: READ_STRICT,
    tolerant: READ_TOLERANT,
  },
  notes:
    "Changes are judged on the API's meaning: client renames (an SDK call, an operationId or a named type) are\nlisted apart and never fail the diff; a value added to a closed enum in responses is breaking (the generated\ntype is a closed union), to an open enum (anyOf: [string, enum]) compatible.",
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
      help: 'codegen config (default codegen.config.json in the working directory): its "release" key\nnames the release record\'s folder (default release/ beside the config), where each\npackage\'s version (<release>/<package>/package.json) and CHANGELOG.md live; every\ngenerate reads them, so the version and the entries survive regeneration. Its naming and\n"mode" apply to both versions, its "publish" initialVersion to the first release',
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
    strict: READ_STRICT,
    tolerant: READ_TOLERANT,
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
      help: 'change nothing: print the next version, the changes counted and the packages it would pack',
    },
    verbose: { type: 'boolean', help: 'also print the changelog entry and every packed file' },
    date: DATE,
    strict: READ_STRICT,
    tolerant: READ_TOLERANT,
  },
  notes:
    'Progress lines (one per step, with its time) go to stderr. The packages\' name and description come from the\nconfig\'s "packages", their license, repository and author from its "publish" (default: the spec\'s info.license\nand info.contact), and their first version from publish.initialVersion (default: info.version when semver).\nNever publishes: run npm publish <dist>/<tarball> yourself.',
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
      help: "the emulator's config (JSON): apiKeys, requestsPerMinute, tokenLifetimeSeconds, subjectTokens,\nwebhooks, webhookAttempts, webhookRetryMs, steps, seed, unknownIds, collections, operations (see the\ngenerated emulator README)",
    },
    'unknown-ids': {
      type: 'string',
      value: '404|synthesize',
      choices: ['404', 'synthesize'],
      help: "404 (default): an id the emulator does not hold is not found. synthesize: a retrieve, update,\ndelete or action on such an id answers as if it existed (made from the response schema with that id,\nthen stored), as a stateless mock does; for running a vendor's test suite. Overrides the config's\nunknownIds",
    },
    cache: {
      type: 'string',
      value: 'DIR',
      help: 'where the compiled emulator is kept (default: node_modules/.cache/platform-api-codegen/emulate/ in\nthe project of the working directory, the nearest folder upwards with a package.json)',
    },
    strict: { ...STRICT, help: 'every finding in the spec is an error (default: tolerant, as for generate)' },
    tolerant: { ...TOLERANT, help: 'findings are warnings with a documented fallback' },
  },
  notes:
    'The first start on a spec generates and compiles its emulator into the cache folder (progress on stderr);\nlater starts reuse it while the spec, the codegen config and the tool are unchanged.\nControl endpoints: POST /_emulator/clock {"advance_ms": N}, GET /_emulator/clock, GET /_emulator/webhooks.',
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
