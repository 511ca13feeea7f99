// Copied by platform-api-codegen from its runtime (templates/validators/formats.ts). Do not edit: every generation replaces it.
/**
 * The formats of JSON Schema 2020-12 (and OpenAPI's `byte`), each to its RFC, with no dependency. Hand-written;
 * copied verbatim into `validators/formats.ts`.
 * Hosts (`hostname`, `idn-hostname`, `ipv4`, `ipv6`) and mailboxes (`email`, `idn-email`) are checked by hostnames.ts.
 */

import { email, hostname, IPV4, ipv6 } from './hostnames.js';

const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** RFC 3339 full-date, calendar-valid (leap years included). */
function date(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : DAYS[month]!);
}

/** RFC 3339 full-time: an offset is required; a leap second only at 23:59:60 UTC. */
function time(s: string): boolean {
  const m = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/.exec(s);
  if (!m) return false;
  const [hour, minute, second] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [offHour, offMinute] = [Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (hour > 23 || minute > 59 || second > 60 || offHour > 23 || offMinute > 59) return false;
  if (second < 60) return true;
  const sign = m[4] === '-' ? -1 : 1;
  const utc = (((hour * 60 + minute - sign * (offHour * 60 + offMinute)) % 1440) + 1440) % 1440;
  return utc === 23 * 60 + 59;
}

function dateTime(s: string): boolean {
  const i = s.search(/[Tt]/);
  return i === 10 && date(s.slice(0, 10)) && time(s.slice(11));
}

/** RFC 3339 appendix A duration: P, then date parts, time parts or weeks, each in order, none skipped. */
const DURATION =
  /^P(?:(?:\d+Y(?:\d+M(?:\d+D)?)?|\d+M(?:\d+D)?|\d+D)(?:T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))?|T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S)|\d+W)$/;

// RFC 3986 / RFC 3987 character classes.
const HEX = '[0-9A-Fa-f]';
const PCT = `%${HEX}${HEX}`;
const UCS =
  '\\u{A0}-\\u{D7FF}\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFEF}\\u{10000}-\\u{1FFFD}\\u{20000}-\\u{2FFFD}\\u{30000}-\\u{3FFFD}\\u{40000}-\\u{4FFFD}\\u{50000}-\\u{5FFFD}\\u{60000}-\\u{6FFFD}\\u{70000}-\\u{7FFFD}\\u{80000}-\\u{8FFFD}\\u{90000}-\\u{9FFFD}\\u{A0000}-\\u{AFFFD}\\u{B0000}-\\u{BFFFD}\\u{C0000}-\\u{CFFFD}\\u{D0000}-\\u{DFFFD}\\u{E1000}-\\u{EFFFD}';
const PRIVATE = '\\u{E000}-\\u{F8FF}\\u{F0000}-\\u{FFFFD}\\u{100000}-\\u{10FFFD}';

function uriClasses(iri: boolean) {
  const unreserved = `A-Za-z0-9\\-._~${iri ? UCS : ''}`;
  const sub = "!$&'()*+,;=";
  const pchar = `(?:[${unreserved}${sub}:@]|${PCT})`;
  return {
    userinfo: new RegExp(`^(?:[${unreserved}${sub}:]|${PCT})*$`, 'u'),
    regName: new RegExp(`^(?:[${unreserved}${sub}]|${PCT})*$`, 'u'),
    future: new RegExp(`^[Vv]${HEX}+\\.[${unreserved}${sub}:]+$`, 'u'),
    path: new RegExp(`^(?:${pchar}|/)*$`, 'u'),
    firstSegmentNoColon: new RegExp(`^(?:[${unreserved}${sub}@]|${PCT})*$`, 'u'),
    query: new RegExp(`^(?:${pchar}|[/?${iri ? PRIVATE : ''}])*$`, 'u'),
    fragment: new RegExp(`^(?:${pchar}|[/?])*$`, 'u'),
  };
}
const URI_CLASSES = uriClasses(false);
const IRI_CLASSES = uriClasses(true);

/** An RFC 3986 URI reference (RFC 3987 IRI reference with `iri`), parsed by appendix B and each part checked. */
function uriReference(s: string, iri: boolean, absolute: boolean): boolean {
  const m = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/su.exec(s);
  if (!m) return false;
  const [, scheme, authority, path = '', query, fragment] = m;
  const c = iri ? IRI_CLASSES : URI_CLASSES;
  if (scheme !== undefined && !/^[A-Za-z][A-Za-z0-9+.-]*$/.test(scheme)) return false;
  if (absolute && scheme === undefined) return false;
  if (authority !== undefined && !validAuthority(authority, c)) return false;
  if (!c.path.test(path)) return false;
  // A relative path's first segment must not look like a scheme.
  if (
    scheme === undefined &&
    authority === undefined &&
    !path.startsWith('/') &&
    !c.firstSegmentNoColon.test(path.split('/')[0]!)
  )
    return false;
  if (query !== undefined && !c.query.test(query)) return false;
  return fragment === undefined || c.fragment.test(fragment);
}

function validAuthority(authority: string, c: ReturnType<typeof uriClasses>): boolean {
  const at = authority.indexOf('@');
  const userinfo = at === -1 ? undefined : authority.slice(0, at);
  const hostPort = at === -1 ? authority : authority.slice(at + 1);
  if (userinfo !== undefined && !c.userinfo.test(userinfo)) return false;
  let host: string;
  let port = '';
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']');
    if (close === -1) return false;
    host = hostPort.slice(1, close);
    const rest = hostPort.slice(close + 1);
    if (rest && !rest.startsWith(':')) return false;
    port = rest.slice(1);
    if (!ipv6(host) && !c.future.test(host)) return false;
  } else {
    const colon = hostPort.lastIndexOf(':');
    host = colon === -1 ? hostPort : hostPort.slice(0, colon);
    port = colon === -1 ? '' : hostPort.slice(colon + 1);
    if (!c.regName.test(host)) return false;
  }
  return /^\d*$/.test(port);
}

/** RFC 6570 level 4 syntax: literals, and expressions of an operator and varspecs. */
function uriTemplate(s: string): boolean {
  // RFC 6570's literals; the apostrophe is accepted, as the JSON Schema Test Suite reads the RFC.
  const literal = /^(?:[^\x00-\x20\x7F"%<>\\^`{|}]|%[0-9A-Fa-f]{2})$/u;
  const varspec =
    /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*(?::[1-9]\d{0,3}|\*)?$/;
  let i = 0;
  while (i < s.length) {
    if (s[i] === '{') {
      const close = s.indexOf('}', i);
      if (close === -1) return false;
      let body = s.slice(i + 1, close);
      if (/^[+#./;?&=,!@|]/.test(body)) body = body.slice(1);
      if (!body.split(',').every((v) => varspec.test(v))) return false;
      i = close + 1;
      continue;
    }
    const cp = s.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    if (ch === '%' ? !/^%[0-9A-Fa-f]{2}/.test(s.slice(i, i + 3)) : !literal.test(ch)) return false;
    i += ch === '%' ? 3 : ch.length;
  }
  return true;
}

const JSON_POINTER = /^(?:\/(?:[^~/]|~[01])*)*$/;
const RELATIVE_JSON_POINTER = /^(?:0|[1-9]\d*)(?:#|(?:\/(?:[^~/]|~[01])*)*)$/;

function regex(s: string): boolean {
  try {
    new RegExp(s, 'u');
    return true;
  } catch {
    return false;
  }
}

/** The check of each format, by the name the generated validators call it (`fmt` and the format in PascalCase). */
export const fmtDateTime = dateTime;
export const fmtDate = date;
export const fmtTime = time;
export const fmtDuration = (s: string): boolean => DURATION.test(s);
export const fmtEmail = (s: string): boolean => s.length <= 320 && email(s, false);
export const fmtIdnEmail = (s: string): boolean => s.length <= 320 && email(s, true);
export const fmtHostname = (s: string): boolean => hostname(s, false);
export const fmtIdnHostname = (s: string): boolean => hostname(s, true);
export const fmtIpv4 = (s: string): boolean => IPV4.test(s);
export const fmtIpv6 = ipv6;
export const fmtUri = (s: string): boolean => uriReference(s, false, true);
export const fmtUriReference = (s: string): boolean => uriReference(s, false, false);
export const fmtIri = (s: string): boolean => uriReference(s, true, true);
export const fmtIriReference = (s: string): boolean => uriReference(s, true, false);
export const fmtUriTemplate = uriTemplate;
export const fmtUuid = (s: string): boolean =>
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(s);
export const fmtJsonPointer = (s: string): boolean => JSON_POINTER.test(s);
export const fmtRelativeJsonPointer = (s: string): boolean => RELATIVE_JSON_POINTER.test(s);
export const fmtRegex = regex;
export const fmtByte = (s: string): boolean => s.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(s);

/** Every format JSON Schema 2020-12 names, and OpenAPI's `byte`. A format not listed is not checked. */
export const formats: Readonly<Record<string, (s: string) => boolean>> = {
  'date-time': fmtDateTime,
  date: fmtDate,
  time: fmtTime,
  duration: fmtDuration,
  email: fmtEmail,
  'idn-email': fmtIdnEmail,
  hostname: fmtHostname,
  'idn-hostname': fmtIdnHostname,
  ipv4: fmtIpv4,
  ipv6: fmtIpv6,
  uri: fmtUri,
  'uri-reference': fmtUriReference,
  iri: fmtIri,
  'iri-reference': fmtIriReference,
  'uri-template': fmtUriTemplate,
  uuid: fmtUuid,
  'json-pointer': fmtJsonPointer,
  'relative-json-pointer': fmtRelativeJsonPointer,
  regex: fmtRegex,
  byte: fmtByte,
};
