/**
 * The codegen config (`codegen.config.json`): everything that brands the output for one API. Templates hold no
 * API's names; the emitters write these values into small generated modules that the runtimes import.
 */
export interface PackageConfig {
  /** npm package name. */
  name: string;
  /** package.json `description`. */
  description: string;
}

/** How the generated request validators read what the spec leaves open. */
/** What the published packages say of themselves (package.json); each defaults to the spec's `info`. */
export interface PublishConfig {
  /** package.json `license` (default: `info.license`'s identifier or name). */
  license?: string;
  /** package.json `repository`: a URL or npm's shorthand (`github:owner/name`). */
  repository?: string;
  /** package.json `author` (default: `info.contact` as `name <email> (url)`). */
  author?: string;
  /** The packages' first version, before any release (default: `info.version` when it is semver, else 0.1.0). */
  initialVersion?: string;
}

export interface ValidatorsConfig {
  /** `assert`: `format` refuses strings that are not of the format; `annotate`: `format` is documentation only. */
  formats: 'assert' | 'annotate';
  /**
   * `reject`: a request body's top-level fields the schema does not name are refused, whatever
   * `additionalProperties` says; `accept` (default): only where the schema says so.
   */
  unknownRequestFields: 'accept' | 'reject';
}

/** How SDK calls are named (README, "SDK naming"). */
export interface SdkConfig {
  /** `auto` (default): the URL tree when it names every operation cleanly, else tags and operationIds. */
  naming: 'auto' | 'paths' | 'operations';
  /** operationId → its call, `resource.method` or deeper (`backup.plans.create`), under either rule. */
  calls: Record<string, string>;
}

export interface CodegenConfig {
  /**
   * Exported class name of the client, when the config gives one (an explicit value is honoured even when it equals
   * what the title gives); else the naming pass derives it from the title. Emitters read `Api.clientName`.
   */
  clientName?: string;
  /** Exported name of the base class of every error the client throws. */
  errorName: string;
  /**
   * Prefix of the environment variables the client reads (`<prefix>API_KEY`, `<prefix>BASE_URL`…), when the config
   * gives one; else the naming pass derives it from the title. Emitters read `Api.envPrefix`.
   */
  envPrefix?: string;
  packages: { client: PackageConfig; server: PackageConfig };
  /** package.json `license`, `repository`, `author` and the first version of both packages. */
  publish: PublishConfig;
  /** Header carrying the client's `organization` option (not sent when null). */
  organizationHeader: string | null;
  /** Header carrying the client's `project` option (not sent when null). */
  projectHeader: string | null;
  /**
   * Header in which the client sends a generated idempotency key on POST and PATCH requests, making a retry after a
   * dropped connection safe (none when null). Set it only when the API documents such a header.
   */
  idempotencyHeader: string | null;
  /**
   * Statuses the client retries: codes (`"429"`) or ranges (`"5XX"`); the client's `retryStatuses` option overrides
   * it. Default 408, 429 and 5XX: never a refusal that needs the caller to act (a 409 such as `invalid_state`).
   */
  retryStatuses: string[];
  /** Headers the client sends on every request (the `defaultHeaders` option and per-request headers override them). */
  defaultHeaders: Record<string, string>;
  /** Header (name and value) the server adds to every response; none when null. */
  serverVersionHeader: { name: string; value: string } | null;
  /** Access-token policy: operationIds that refuse workload-identity access tokens with 403. */
  accessTokensRejectedBy: string[];
  /**
   * Admin-key policy, for an API whose admin keys may call only some operations: a principal of kind `admin_key`
   * gets 403 on every operation not in `acceptedBy`. None when null: an admin key is then like any principal.
   */
  adminKeys: AdminKeysConfig | null;
  /** `strict` (every finding an error) or `tolerant` (located warnings); `--strict`/`--tolerant` override it. */
  mode?: 'strict' | 'tolerant';
  /**
   * The release record's folder (relative to the config file): `<release>/<package>/package.json` (its version)
   * and `CHANGELOG.md`, written by `changelog` and `release`, read by every `generate`. Default `release`.
   */
  release?: string;
  validators: ValidatorsConfig;
  sdk: SdkConfig;
}

export interface AdminKeysConfig {
  /** The operationIds admin keys may call (the server's `adminOperations` option overrides it). */
  acceptedBy: string[];
  /** The 403's message elsewhere; default `Admin keys are not accepted by <operationId>.` */
  message?: string;
}

export const CONFIG_KEYS = [
  '$schema',
  'clientName',
  'errorName',
  'envPrefix',
  'packages',
  'publish',
  'organizationHeader',
  'projectHeader',
  'idempotencyHeader',
  'defaultHeaders',
  'retryStatuses',
  'serverVersionHeader',
  'accessTokensRejectedBy',
  'adminKeys',
  'mode',
  'release',
  'validators',
  'sdk',
] as const;

/** The defaults of what the config does not give (`clientName` and `envPrefix` come from the title instead). */
export const DEFAULT_CONFIG: CodegenConfig = {
  errorName: 'ClientError',
  packages: {
    client: {
      name: 'api-client',
      description: 'Typed API client generated from an OpenAPI spec. No runtime dependencies.',
    },
    server: {
      name: 'api-server',
      description:
        'Server skeleton and request validators generated from an OpenAPI spec. No runtime dependencies.',
    },
  },
  publish: {},
  organizationHeader: null,
  idempotencyHeader: null,
  projectHeader: null,
  defaultHeaders: {},
  retryStatuses: ['408', '429', '5XX'],
  serverVersionHeader: null,
  accessTokensRejectedBy: [],
  adminKeys: null,
  validators: { formats: 'assert', unknownRequestFields: 'accept' },
  sdk: { naming: 'auto', calls: {} },
};

export const CONFIG_FILE = 'codegen.config.json';

/** The packages' first version: the config's `publish.initialVersion`, else `info.version` when it is semver. */
export function initialVersion(config: CodegenConfig, infoVersion: string | undefined): string | undefined {
  if (config.publish.initialVersion) return config.publish.initialVersion;
  const m = /^v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)$/.exec(infoVersion?.trim() ?? '');
  return m?.[1];
}
