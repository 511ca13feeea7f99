/**
 * The prefix of the environment variables the client reads (`<prefix>API_KEY`, `<prefix>BASE_URL`…): the config's
 * `envPrefix` when it names one, else derived from the spec's `info.title` without its generic words ("Acme
 * Projects API" → `ACME_PROJECTS_`, "Swagger Petstore" → `SWAGGER_PETSTORE_`), so no API reads `API_API_KEY`.
 */
import { DEFAULT_CONFIG, type CodegenConfig } from '../../config/types.ts';
import type { Api } from '../../ir/types.ts';

const GENERIC = new Set(['api', 'apis', 'the', 'rest', 'http', 'openapi', 'service', 'services', 'spec', 'specification', 'v1', 'v2', 'v3']);

export function envPrefixOf(api: Api, config: CodegenConfig): string {
  if (config.envPrefix !== DEFAULT_CONFIG.envPrefix) return config.envPrefix;
  const words = (title: string) =>
    title
      .split(/[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])/)
      .filter((w) => w && !GENERIC.has(w.toLowerCase()) && !/^\d/.test(w))
      .slice(0, 3)
      .map((w) => w.toUpperCase());
  const fromTitle = words(api.title);
  const chosen = fromTitle.length ? fromTitle : words(config.clientName !== DEFAULT_CONFIG.clientName ? config.clientName : (api.clientName ?? config.clientName)).filter((w) => w !== 'CLIENT');
  return chosen.length ? `${chosen.join('_')}_` : 'OPENAPI_';
}
