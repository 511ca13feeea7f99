/**
 * `X-Client-Request-Id`: an id the caller chooses for its request, logged by the server beside its own. One rule on
 * both sides: 1 to 512 printable ASCII characters (space to `~`). The client refuses any other id before sending,
 * the server answers it 400 `invalid_client_request_id`.
 */
export const CLIENT_REQUEST_ID_HEADER = 'X-Client-Request-Id';
export const MAX_CLIENT_REQUEST_ID_LENGTH = 512;
/** The rule in words, for both sides' messages. */
export const CLIENT_REQUEST_ID_RULE = `1 to ${MAX_CLIENT_REQUEST_ID_LENGTH} printable ASCII characters`;

const PRINTABLE = /^[\x20-\x7e]+$/;

export function isValidClientRequestId(id: string): boolean {
  return id.length <= MAX_CLIENT_REQUEST_ID_LENGTH && PRINTABLE.test(id);
}
