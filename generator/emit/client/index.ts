/**
 * The typed client, `generated/client/`: the hand-written runtime copied from templates/client (`core/` public,
 * `internal/` not exported), the operation specs, one file per resource (sub-resources in their parent's folder),
 * PlatformClient, the webhook helper, the index and a README.
 */
import { DEFAULT_CONFIG, initialVersion, type CodegenConfig } from '../../config/types.ts';
import { constantsModule, publishFacts, releaseFiles } from '../package-json.ts';
import type { Api } from '../../ir/api.ts';
import type { GeneratedFile } from '../contract.ts';
import { emitClientClass, emitIndex, emitOperations, emitWebhooks } from './client-class.ts';
import { coreFiles } from './core-files.ts';
import { emitReadme } from './readme.ts';
import { emitResources } from './resources.ts';

export function emitClient(api: Api, config: CodegenConfig = DEFAULT_CONFIG): GeneratedFile[] {
  return [
    ...coreFiles(),
    brandFile(api, config),
    ...releaseFiles(
      'client',
      config.packages.client,
      { '.': 'index' },
      config.release,
      publishFacts(api, config, initialVersion(config, api.version)),
    ),
    emitOperations(api),
    ...emitResources(api),
    emitWebhooks(api),
    emitClientClass(api, config),
    emitIndex(api, config),
    emitReadme(api, config),
  ];
}

/** `client/internal/brand.ts`: the config's values in place of templates/client/internal/brand.ts's defaults. */
function brandFile(api: Api, config: CodegenConfig): GeneratedFile {
  return constantsModule('client/internal/brand.ts', {
    ENV_PREFIX: {
      type: 'string',
      value: api.envPrefix,
      doc: 'Prefix of the environment variables the client reads.',
    },
    CLIENT_NAME: {
      type: 'string',
      value: api.clientName,
      doc: 'Exported name of the client class, for messages.',
    },
    ERROR_NAME: {
      type: 'string',
      value: config.errorName,
      doc: 'Exported name of the base error class (its `name`).',
    },
    ORGANIZATION_HEADER: {
      type: 'string | null',
      value: config.organizationHeader,
      doc: 'Header carrying the `organization` option; not sent when null.',
    },
    PROJECT_HEADER: {
      type: 'string | null',
      value: config.projectHeader,
      doc: 'Header carrying the `project` option; not sent when null.',
    },
    IDEMPOTENCY_HEADER: {
      type: 'string | null',
      value: config.idempotencyHeader,
      doc: 'Header carrying the idempotency key of POST and PATCH requests; none when null.',
    },
    RETRY_STATUSES: {
      type: 'readonly string[]',
      value: config.retryStatuses,
      doc: 'Statuses the client retries (codes, or ranges such as `5XX`): the `retryStatuses` option overrides them.',
    },
    DEFAULT_HEADERS: {
      type: 'Readonly<Record<string, string>>',
      value: config.defaultHeaders,
      doc: 'Headers sent on every request, before the `defaultHeaders` option and per-request headers.',
    },
  });
}
