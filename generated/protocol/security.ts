// Copied by platform-api-codegen from its runtime (templates/protocol/security.ts). Do not edit: every generation replaces it.
/**
 * Security requirements as OpenAPI defines them, for client and server alike: an operation's alternatives (OR), each
 * the schemes needed together (AND). The client sends the first alternative it holds every credential of; the
 * server accepts the first alternative whose credentials the request carries.
 */
import type { CredentialChoice } from './operation.js';

/** The first alternative every scheme of which `value` gives a credential for, with those credentials. */
export function chooseAlternative(
  alternatives: readonly (readonly CredentialChoice[])[],
  value: (choice: CredentialChoice, alone: boolean) => string | undefined,
): { choice: CredentialChoice; value: string }[] | undefined {
  for (const alternative of alternatives) {
    const picked: { choice: CredentialChoice; value: string }[] = [];
    for (const choice of alternative) {
      const v = value(choice, alternative.length === 1);
      if (v === undefined) break;
      picked.push({ choice, value: v });
    }
    if (picked.length === alternative.length) return picked;
  }
  return undefined;
}

/** How an alternative is described in a message: `X-Auth-Key header and X-Auth-Email header`. */
export function describeChoice(c: CredentialChoice): string {
  if (c.kind === 'bearer') return 'Authorization: Bearer <token>';
  if (c.kind === 'basic') return 'Authorization: Basic <user:password>';
  return `${c.name} ${c.in === 'query' ? 'query parameter' : c.in}`;
}
