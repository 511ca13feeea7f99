/** The id of each request (`x-request-id` on every response, `requestId` for handlers and hooks). */

/**
 * `req_` + 32 random hex digits. Ids are cut from a pool of 1,024 made from one `getRandomValues` fill (a call costs
 * microseconds whatever its size, up to its 64 KiB): one string slice per request instead of a UUID formatted and
 * then stripped of its dashes.
 */
const ID_POOL = 1024;
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
let idPool = '';
let idAt = 0;
export function defaultRequestId(): string {
  if (idAt >= idPool.length) {
    const bytes = crypto.getRandomValues(new Uint8Array(16 * ID_POOL));
    let pool = '';
    for (let i = 0; i < bytes.length; i++) pool += (i & 15) === 0 ? `req_${HEX[bytes[i]!]!}` : HEX[bytes[i]!]!;
    idPool = pool;
    idAt = 0;
  }
  const id = idPool.slice(idAt, idAt + 36);
  idAt += 36;
  return id;
}
