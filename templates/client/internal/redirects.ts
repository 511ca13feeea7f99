/**
 * Redirects, followed by the client rather than by fetch: only within the origin the request was made to. fetch
 * itself would send a cross-origin redirect the API key of an `apiKey` scheme, the organization and project
 * headers, every default header and, on 307/308, the body; only `Authorization` and `Cookie` are dropped.
 */
import { APIRedirectError } from '../core/errors.js';
import type { Fetch } from '../core/options.js';

/** As fetch: the 21st redirect in a row fails. */
const MAX_REDIRECTS = 20;

/** A status that `followRedirects` must see: a redirect, or 0 (a browser's opaque redirect). */
export function isRedirect(status: number): boolean {
  return (
    status === 301 || status === 302 || status === 303 || status === 307 || status === 308 || status === 0
  );
}

/**
 * Given the answer to `init` (sent with `redirect: 'manual'`), follows same-origin redirects as fetch would (303,
 * and 301/302 after a POST, become a GET without body) and returns the final response. A redirect to another
 * origin throws `APIRedirectError`, and nothing is sent there.
 */
export async function followRedirects(
  fetchImpl: Fetch,
  url: string,
  init: RequestInit,
  first: Response,
): Promise<Response> {
  let response = first;
  const origin = new URL(url).origin;
  let current = url;
  let request = init;
  for (let hops = 0; isRedirect(response.status); hops++) {
    // A browser hides a manual redirect's status and target: it cannot be checked, so it is not followed.
    if (response.status === 0) {
      if (response.type === 'opaqueredirect')
        throw new APIRedirectError(
          'The server answered with a redirect that this runtime does not let the client inspect; it is not followed.',
        );
      return response;
    }
    const location = response.headers.get('location');
    if (location === null) return response; // no target: the 3xx is the answer (fetch does the same)
    await response.body?.cancel().catch(() => undefined);
    if (hops >= MAX_REDIRECTS) throw new APIRedirectError();
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw new APIRedirectError(
        `The server redirected to an invalid location: ${JSON.stringify(location.slice(0, 200))}.`,
      );
    }
    if (next.origin !== origin) {
      throw new APIRedirectError(
        `The server redirected ${request.method ?? 'GET'} ${origin} to another origin (${next.origin}); the client follows redirects only within the same origin, so that credentials, organization and project headers and the body never reach another host. If the new address is trusted, set \`baseURL\` to it.`,
      );
    }
    const method = request.method ?? 'GET';
    if (
      (response.status === 303 && method !== 'GET' && method !== 'HEAD') ||
      ((response.status === 301 || response.status === 302) && method === 'POST')
    ) {
      request = {
        ...request,
        method: 'GET',
        body: null,
        headers: withoutBodyHeaders(request.headers as Record<string, string>),
      };
    }
    current = next.href;
    response = await fetchImpl(current, request);
  }
  return response;
}

function withoutBodyHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!/^content-/i.test(name)) out[name] = value;
  }
  return out;
}
