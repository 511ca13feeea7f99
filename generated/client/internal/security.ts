// Copied by platform-api-codegen from its runtime (templates/client/internal/security.ts). Do not edit: every generation replaces it.
// Internal to this package: not exported from it and not importable from outside it; it may change in any release.
/**
 * Which credentials a request carries: for an operation with security alternatives, the first alternative the client
 * holds every credential of (the `credentials` option by scheme name; `apiKey` for any scheme of an alternative of
 * one scheme, and for HTTP basic only when it is `user:password`); otherwise the one credential, `apiKey`.
 */
import { chooseAlternative, describeChoice } from '../../protocol/security.js';
import type { CredentialChoice } from '../../protocol/operation.js';
import { ClientError } from '../core/errors.js';
import type { OperationSpec } from './operation.js';

/** A credential and where it goes (`bearer`: `Authorization: Bearer`). */
export type Sent = { choice: CredentialChoice | { kind: 'bearer'; scheme?: undefined }; value: string };

export function credentialsFor(
  op: OperationSpec,
  key: string | null,
  credentials: Readonly<Record<string, string>> | undefined,
): Sent[] {
  if (op.auth === false) return [];
  if (!op.security) {
    if (!key) throw new ClientError(`${op.id} needs a credential, but the client has no API key.`);
    return [{ choice: op.credential ? { scheme: '', ...op.credential } : { kind: 'bearer' }, value: key }];
  }
  const chosen = chooseAlternative(op.security, (c, alone) => {
    const given = credentials?.[c.scheme];
    if (given !== undefined) return given;
    return alone && key && (c.kind !== 'basic' || key.includes(':')) ? key : undefined;
  });
  if (chosen) return chosen;
  const single = op.security.find((a) => a.length === 1);
  if (key && single) return [{ choice: single[0]!, value: key }];
  throw new ClientError(
    `${op.id} needs the credentials of one of: ${op.security
      .map((a) => a.map((c) => `${c.scheme} (${describeChoice(c)})`).join(' and '))
      .join(
        '; or ',
      )}. Pass them as the \`credentials\` option by scheme name${key === null ? '' : ', or one as `apiKey`'}.`,
  );
}
