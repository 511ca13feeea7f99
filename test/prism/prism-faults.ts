/**
 * Prism 5.14.2's known faults: refusals of requests that are right per OpenAPI and byte for byte what the vendor's
 * own SDK sends. Each entry is a pattern of Prism's message, the reason, and a confirmation run on the request as it
 * was recorded; a refusal counts as a Prism fault only when every one of its violations matches an entry whose
 * confirmation passes. Anything else stays a refusal and fails the lane. Our encoding is never bent to please Prism.
 */
import qs from 'qs';
import type { Verdict } from './judges.ts';

export interface PrismFault {
  /** Matches one violation as judges.ts words it. */
  pattern: RegExp;
  reason: string;
  /** The evidence that the request is right, or undefined when it is not confirmed. */
  confirm: (verdict: Verdict, match: RegExpMatchArray) => string | undefined;
}

const isForm = (v: Verdict) => /^application\/x-www-form-urlencoded/i.test(v.contentType ?? '');
const isMultipart = (v: Verdict) => /^multipart\/form-data/i.test(v.contentType ?? '');

/** The keys of a URL-encoded form or query, decoded, in order. */
function keys(text: string): string[] {
  return [...new URLSearchParams(text).keys()];
}

/** `a.b.c` as deepObject keys name it: `a[b][c]`. */
function bracketed(path: string): string {
  const [head, ...rest] = path.split('.');
  return head + rest.map((p) => `[${p}]`).join('');
}

/**
 * stripe-node's form encoding (src/utils.ts, `queryStringifyRequestData`): `qs.stringify(data, { arrayFormat:
 * 'indices' })` with dates as Unix seconds, and `%5B`/`%5D` put back as brackets. Compared as decoded pairs: `+` and
 * `%20` are one space in `application/x-www-form-urlencoded`.
 */
export function stripeNodePairs(body: string): [string, string][] {
  const value = qs.parse(body, { depth: 100, arrayLimit: 1000, parameterLimit: 100_000 });
  const text = qs.stringify(value, { arrayFormat: 'indices' }).replace(/%5B/g, '[').replace(/%5D/g, ']');
  return [...new URLSearchParams(text)];
}

export const PRISM_FAULTS: PrismFault[] = [
  {
    pattern:
      /^request\.(body|query)[\w.]*: Request (?:body property|query parameter) ([\w.]+) must have required property '([^']+)'$/,
    reason:
      "Prism reads a deepObject form body or query by making an empty object for every object property of the schema, sent or not, then checks that object's required properties: an optional object the request never sent is refused",
    confirm: (v, m) => {
      const [, where, path, property] = m;
      const prefix = bracketed(path!);
      let names: string[];
      if (where === 'query') names = keys(new URL(v.url, 'http://h').search);
      else if (isForm(v) && v.body !== undefined) names = keys(v.body);
      else if (isMultipart(v) && v.body !== undefined)
        names = [...v.body.matchAll(/^content-disposition: form-data; name="([^"]*)"/gim)].map((n) => n[1]!);
      else return undefined;
      const sent = names.some((k) => k === prefix || k.startsWith(`${prefix}[`));
      return sent
        ? undefined
        : `no ${where} key ${prefix} or ${prefix}[…] was sent, so '${property}' is required of an object that is not in the request`;
    },
  },
  {
    pattern: /^request: Cannot deserialize JSON object array in form data request body/,
    reason:
      'Prism reads an array of objects in a form body only as JSON text; OpenAPI deepObject (and stripe-node) send `items[0][price]=…`',
    confirm: (v) => {
      if (!isForm(v) || v.body === undefined) return undefined;
      const ours = [...new URLSearchParams(v.body)];
      if (!ours.some(([k]) => /\[\d+\]\[/.test(k))) return undefined;
      return JSON.stringify(stripeNodePairs(v.body)) === JSON.stringify(ours)
        ? `the body is what stripe-node's encoding makes of the same value (${ours.length} fields, an array of objects among them)`
        : undefined;
    },
  },
  {
    pattern: /^request\.body\.([\w.]+): Request body property \1 must be array$/,
    reason:
      "Prism does not gather a form body's repeated key into an array: OpenAPI's default encoding of an array field (style form, explode true) is the key once per item (`MediaUrl=a&MediaUrl=b`), and Prism refuses it with one item or several",
    confirm: (v, m) => {
      if (!isForm(v) || v.body === undefined) return undefined;
      const count = keys(v.body).filter((k) => k === m[1]).length;
      return count > 0
        ? `the body sends ${m[1]} as a plain key ${count === 1 ? 'once (one item)' : `${count} times`}, the default form/explode encoding of an array`
        : undefined;
    },
  },
  {
    pattern: /^request\.body\.[\w.]+: Reserved characters used in request body$/,
    reason:
      "Prism applies `allowReserved` to multipart parts; OpenAPI ignores it for any body that is not application/x-www-form-urlencoded (Encoding Object), and a multipart part's value is not percent-encoded",
    confirm: (v) =>
      isMultipart(v)
        ? `the body is ${v.contentType!.split(';')[0]}, where allowReserved does not apply`
        : undefined,
  },
];

/** The confirmed Prism faults that explain every violation of Prism's refusal; undefined when any is unexplained. */
export function confirmedFaults(v: Verdict): string[] | undefined {
  if (!v.prismIssues?.length) return undefined;
  const evidence: string[] = [];
  for (const issue of v.prismIssues) {
    let found: string | undefined;
    for (const fault of PRISM_FAULTS) {
      const m = issue.match(fault.pattern);
      const proof = m ? fault.confirm(v, m) : undefined;
      if (proof) {
        found = `${issue} — ${fault.reason}; confirmed: ${proof}`;
        break;
      }
    }
    if (!found) return undefined;
    evidence.push(found);
  }
  return evidence;
}
