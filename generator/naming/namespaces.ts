/**
 * The namespaces a URL-tree call goes under before its path's resources (README, "SDK naming"): a separate surface
 * of the API that the path does not name, told by the operation's credential or by its pre-release stage.
 */
import type { SecurityRequirement, SecurityScheme } from '../ir/server.ts';
import { camelCase, words } from './case.ts';

const same = (a: string[], b: string[]) => a.join(' ').toLowerCase() === b.join(' ').toLowerCase();

/**
 * The words a qualified credential puts in front of the API's default one, as a namespace: an operation callable
 * with one scheme only, of the default scheme's kind and named like it with words in front (`AdminApiKeyAuth`
 * beside the default `ApiKeyAuth`: `admin`), takes a different key than the rest of the API, so its calls are kept
 * apart (`client.admin.organization.projects.list`, as OpenAI's SDK names them). A scheme of another name
 * (`BasicAuth` beside `BearerAuth`: a token endpoint) is no such surface.
 */
export function credentialNamespace(
  security: SecurityRequirement[][],
  defaults: SecurityRequirement[][],
  schemes: SecurityScheme[],
): string | undefined {
  const only = security.length === 1 && security[0]!.length === 1 ? security[0]![0]!.scheme : undefined;
  if (!only || defaults.some((alt) => alt.some((r) => r.scheme === only))) return undefined;
  const scheme = schemes.find((s) => s.name === only);
  const own = words(only);
  for (const alt of defaults) {
    if (alt.length !== 1) continue;
    const base = schemes.find((s) => s.name === alt[0]!.scheme);
    const baseWords = words(alt[0]!.scheme);
    if (!scheme || !base || scheme.type !== base.type || scheme.scheme !== base.scheme) continue;
    if (own.length > baseWords.length && same(own.slice(-baseWords.length), baseWords))
      return camelCase(own.slice(0, own.length - baseWords.length).join(' '));
  }
  return undefined;
}

/** A path segment that names a pre-release stage itself (`/fine_tuning/alpha/graders`). */
const STAGE = /^(alpha|beta|preview)$/i;

/**
 * The pre-release stage of an operation as a namespace, as Stainless-generated SDKs put such calls
 * (`client.beta.threads.messages.list`): marked by a vendor's extension (`x-oaiMeta: { beta: true }`) or by a flag in
 * the path's query (`/responses/{response_id}?beta=true`: `beta.responses.retrieve`, beside `responses.retrieve`);
 * none when a path segment names the stage already (`/fine_tuning/alpha/graders/run`).
 */
export function stageNamespace(stage: 'beta' | undefined, path: string): string | undefined {
  const [bare, query = ''] = path.split('#')[0]!.split('?') as [string, string?];
  if (bare.split('/').some((s) => STAGE.test(s))) return undefined;
  const flag = query.split('&').find((pair) => /^(alpha|beta|preview)=true$/i.test(pair));
  return stage ?? flag?.split('=')[0]!.toLowerCase();
}
