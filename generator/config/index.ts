/** The codegen config for one run: given, found beside the spec, or the defaults; checked against the spec. */
import type { Warning } from '../diagnostics.ts';
import type { Api } from '../ir/api.ts';
import { readConfig, validateConfig, type Locate } from './load.ts';
import { DEFAULT_CONFIG, type CodegenConfig } from './types.ts';

export type ConfigSource = string | Partial<CodegenConfig>;

/** A config object is validated, a string read as a file; none gives the defaults (the CLI finds the file). */
export function configFor(source: ConfigSource | undefined): { config: CodegenConfig; locate: Locate } {
  if (typeof source === 'string') return readConfig(source);
  return {
    config: source ? validateConfig(source) : DEFAULT_CONFIG,
    locate: (t) => ({ pointer: `#/${t.join('/')}` }),
  };
}

/**
 * The config's references into the spec (operationIds) that the spec lacks, as located warnings: a config is
 * shared by every version of a spec (the release command generates the base version with today's config), so
 * an operation added later or removed is not an error; a typo is shown, never skipped silently.
 */
export function checkConfig(config: CodegenConfig, api: Api, locate: Locate): Warning[] {
  const ids = new Set(api.operations.map((o) => o.operationId));
  const rejected = config.accessTokensRejectedBy.flatMap((id, i): Warning[] =>
    ids.has(id)
      ? []
      : [
          {
            code: 'config-unknown-operation',
            message: `accessTokensRejectedBy names "${id}", which is not an operationId of the spec`,
            location: locate(['accessTokensRejectedBy', String(i)]),
            fallback: 'the entry has no effect',
          },
        ],
  );
  const calls = Object.keys(config.sdk.calls).flatMap((id): Warning[] =>
    ids.has(id)
      ? []
      : [
          {
            code: 'config-unknown-operation',
            message: `sdk.calls names "${id}", which is not an operationId of the spec`,
            location: locate(['sdk', 'calls', id]),
            fallback: 'the entry has no effect',
          },
        ],
  );
  const admin = (config.adminKeys?.acceptedBy ?? []).flatMap((id, i): Warning[] =>
    ids.has(id)
      ? []
      : [
          {
            code: 'config-unknown-operation',
            message: `adminKeys.acceptedBy names "${id}", which is not an operationId of the spec`,
            location: locate(['adminKeys', 'acceptedBy', String(i)]),
            fallback: 'the entry has no effect',
          },
        ],
  );
  return [...rejected, ...admin, ...calls];
}
