// Copied by platform-api-codegen from its runtime (templates/server/pipeline/request-id.ts). Do not edit: every generation replaces it.
/** The id of each request (`x-request-id` on every response, `requestId` for handlers and hooks). */

/**
 * `req_` + 32 random hex digits. Ids are cut from a pool of 1,024 made from one `getRandomValues` fill (a call costs
 * microseconds whatever its size, up to its 64 KiB): the pool is written as ASCII bytes and decoded into one string
 * at once, so an id costs one string slice (about 40 ns, against 150 ns for a pool built by string concatenation
 * and 90 ns for `crypto.randomUUID()`, which would still need its dashes removed).
 */
const ID_POOL = 1024;
const ID_LENGTH = 36;
const encoder = new TextEncoder();
const DIGITS = encoder.encode('0123456789abcdef');
const PREFIX = encoder.encode('req_');
const ascii = new TextDecoder();
let idPool = '';
let idAt = 0;

function refill(): void {
  const random = crypto.getRandomValues(new Uint8Array(16 * ID_POOL));
  const out = new Uint8Array(ID_LENGTH * ID_POOL);
  let o = 0;
  for (let i = 0; i < random.length; i++) {
    if ((i & 15) === 0) for (let k = 0; k < PREFIX.length; k++) out[o++] = PREFIX[k]!;
    const b = random[i]!;
    out[o++] = DIGITS[b >> 4]!;
    out[o++] = DIGITS[b & 15]!;
  }
  idPool = ascii.decode(out);
  idAt = 0;
}

export function defaultRequestId(): string {
  if (idAt >= idPool.length) refill();
  const id = idPool.slice(idAt, idAt + ID_LENGTH);
  idAt += ID_LENGTH;
  return id;
}
