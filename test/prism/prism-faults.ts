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

/** The headers and text of the multipart part named `name` (the first), from the body as sent. */
function multipartPart(body: string, name: string): { head: string; text: string } | undefined {
  for (const raw of body.split(/\r\n--[^\r\n]*/)) {
    const at = raw.indexOf('\r\n\r\n');
    if (at < 0) continue;
    const head = raw.slice(0, at);
    if (new RegExp(`name="${name}"`, 'i').test(head)) return { head, text: raw.slice(at + 4) };
  }
  return undefined;
}

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
    pattern: /^request\.body[\w.]*: Request body property ([\w.]+) must have required property '([^']+)'$/,
    reason:
      "Prism loses a form body's array nested three brackets deep (`features[subscription_cancel][cancellation_reason][options][0]=…`) and then asks for it; the body is byte for byte what stripe-node's encoding makes of the same value",
    confirm: (v, m) => {
      if (!isForm(v) || v.body === undefined) return undefined;
      const key = `${bracketed(m[1]!)}[${m[2]!}]`;
      const sent = keys(v.body).filter((k) => k === key || k.startsWith(`${key}[`));
      if (!sent.length) return undefined;
      return JSON.stringify(stripeNodePairs(v.body)) === JSON.stringify([...new URLSearchParams(v.body)])
        ? `the body sends ${sent.join(', ')}, as stripe-node's encoding does`
        : undefined;
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
  {
    pattern: /^request\.body\.(\w+): Request body property \1 must be (object|array)$/,
    reason:
      "Prism reads every multipart part as text: an object or array field, whose part is JSON (OpenAPI's default `contentType` for it is `application/json`; Box's and OpenAI's own SDKs send it as a plain part, without a type of its own), is not decoded, so its object or array is refused",
    confirm: (v, m) => {
      if (!isMultipart(v) || v.body === undefined) return undefined;
      const part = multipartPart(v.body, m[1]!);
      const type = /^content-type:\s*([^;\r\n]*)/im.exec(part?.head ?? '')?.[1];
      if (!part || (type !== undefined && type.toLowerCase() !== 'application/json')) return undefined;
      try {
        const value = JSON.parse(part.text) as unknown;
        const kind = Array.isArray(value)
          ? 'array'
          : typeof value === 'object' && value !== null
            ? 'object'
            : '';
        return kind === m[2] ? `the part ${m[1]} is the JSON text of an ${kind}` : undefined;
      } catch {
        return undefined;
      }
    },
  },
  {
    pattern: /^request\.query\.(\w+)\.\d+: Request query parameter \1\.\d+ must be object$/,
    reason:
      "OpenAPI has no notation for an array of objects in a form query; Box's own SDK sends the array's JSON text once (`mdfilters=[{…}]`, its `sdToJson`), and Prism reads the text as the array's items",
    confirm: (v, m) => {
      const values = new URL(v.url, 'http://h').searchParams.getAll(m[1]!);
      if (values.length !== 1) return undefined;
      try {
        const value = JSON.parse(values[0]!) as unknown;
        return Array.isArray(value) &&
          value.every((x) => typeof x === 'object' && x !== null && !Array.isArray(x))
          ? `the query sends ${m[1]} once, the JSON text of an array of ${value.length} object(s)`
          : undefined;
      } catch {
        return undefined;
      }
    },
  },
  {
    pattern:
      /^request\.query\.(\w+): Request query parameter \1 must be equal to one of the allowed values: (.+)$/,
    reason:
      "Prism compares a query parameter's text with an `enum` of numbers or booleans uncoerced where the schema states no `type` (Cloudflare's `ssl`, `enum: [0, 1]`): the text `0` is refused though it is one of the values",
    confirm: (v, m) => {
      const allowed = m[2]!.split(', ');
      const sent = new URL(v.url, 'http://h').searchParams.getAll(m[1]!);
      return sent.length > 0 && sent.every((x) => allowed.includes(x))
        ? `the query sends ${m[1]}=${sent.join(',')}, one of the values Prism lists`
        : undefined;
    },
  },
  {
    pattern:
      /^request\.header: Request header must have required property '(accept|content-type|authorization)'$/i,
    reason:
      'Prism asks for a header parameter named Accept, Content-Type or Authorization, whose definition OpenAPI says SHALL be ignored (PagerDuty declares a required `Content-Type` on every operation, GETs without a body included)',
    confirm: (_v, m) => `${m[1]} is one of the three names OpenAPI ignores as a header parameter`,
  },
  {
    pattern: /^request\.body: Request body must have required property '([^']+)'$/,
    reason:
      "Prism decodes a form body by the schema's declared properties: a name the schema requires without declaring it (Box's token revocation requires `grant_type`) is dropped while decoding, then reported missing",
    confirm: (v, m) =>
      isForm(v) && v.body !== undefined && keys(v.body).includes(m[1]!)
        ? `the form body sends ${m[1]}`
        : undefined,
  },
  {
    pattern: /^request\.body[\w.]*: Request body/,
    reason:
      "Prism reads a path key's `#` text as part of the path, so a request line that only keys with `#` share (Box's `/metadata_templates/enterprise/securityClassification-6VMVochwUWo/schema#add`, `#update`, `#delete`) is matched to another path's operation and judged by its schema; the `#` text is no part of a URL, and Box's own SDK sends the line without it",
    confirm: (v) =>
      v.pathKey?.includes('#') && v.ownBodyValid === true
        ? `the body satisfies the schema of ${v.pathKey} itself (checked with ajv)`
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
