/**
 * The formats of JSON Schema 2020-12 (and OpenAPI's `byte`), each to its RFC, with no dependency. Hand-written;
 * copied verbatim into `validators/formats.ts`.
 *
 * Internationalised host names follow IDNA 2008 (RFC 5890–5893) in a documented subset: labels in NFC, no
 * upper case or compatibility characters (NFKC), no symbols, punctuation or spaces, the contextual rules of
 * RFC 5892 appendix A (middle dot, KERAIA, GERESH, GERSHAYIM, KATAKANA MIDDLE DOT, Arabic-Indic digits, ZWJ after a
 * virama, ZWNJ after a virama or between joining letters), the Bidi rule of RFC 5893, and A-labels that decode
 * (RFC 3492) and encode back to themselves. Unicode's full IDNA property table is not embedded: a code point
 * assigned after the runtime's Unicode version, or one the table disallows for reasons these rules do not cover,
 * may be accepted.
 */

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

const DEC_OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${DEC_OCTET}(?:\\.${DEC_OCTET}){3}$`);

/** RFC 4291 section 2.2 text forms: eight groups, one `::`, an IPv4 tail; no zone, no brackets. */
function ipv6(s: string): boolean {
  if (s.length > 45 || !/^[0-9A-Fa-f:.]+$/.test(s)) return false;
  let groups = 0;
  let text = s;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    if (!IPV4.test(text.slice(lastColon + 1))) return false;
    text = text.slice(0, lastColon + 1) + '0';
    groups = 1;
  }
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const parts = halves.flatMap((h) => (h === '' ? [] : h.split(':')));
  if (!parts.every((p) => /^[0-9A-Fa-f]{1,4}$/.test(p))) return false;
  const count = parts.length + groups;
  return halves.length === 2 ? count <= 7 : count === 8;
}

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

// ---- Host names (RFC 1123, IDNA 2008) ----

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / 700) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  for (; d > ((BASE - T_MIN) * T_MAX) >> 1; k += BASE) d = Math.floor(d / (BASE - T_MIN));
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + 38));
}

/** RFC 3492 decoding of the part after `xn--`; undefined when it is not valid Punycode. */
function punyDecode(input: string): string | undefined {
  const out: number[] = [];
  const dash = input.lastIndexOf('-');
  for (let j = 0; j < Math.max(dash, 0); j++) {
    if (input.charCodeAt(j) >= 0x80) return undefined;
    out.push(input.charCodeAt(j));
  }
  let n = 128;
  let bias = 72;
  let i = 0;
  for (let pos = dash > 0 ? dash + 1 : 0; pos < input.length;) {
    const old = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      if (pos >= input.length) return undefined;
      const c = input.charCodeAt(pos++);
      const digit =
        c >= 48 && c <= 57 ? c - 22 : c >= 65 && c <= 90 ? c - 65 : c >= 97 && c <= 122 ? c - 97 : BASE;
      if (digit >= BASE) return undefined;
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      w *= BASE - t;
      if (w > 0x7fffffff) return undefined;
    }
    bias = adapt(i - old, out.length + 1, old === 0);
    n += Math.floor(i / (out.length + 1));
    i %= out.length + 1;
    if (n > 0x10ffff) return undefined;
    out.splice(i++, 0, n);
  }
  return String.fromCodePoint(...out);
}

/** RFC 3492 encoding (lower case), to check that an A-label is the canonical form of its U-label. */
function punyEncode(input: string): string {
  const points = [...input].map((c) => c.codePointAt(0)!);
  let out = points
    .filter((p) => p < 0x80)
    .map((p) => String.fromCharCode(p))
    .join('');
  const basic = out.length;
  let handled = basic;
  if (basic) out += '-';
  let n = 128;
  let delta = 0;
  let bias = 72;
  const digit = (d: number) => String.fromCharCode(d < 26 ? d + 97 : d + 22);
  while (handled < points.length) {
    const m = Math.min(...points.filter((p) => p >= n));
    delta += (m - n) * (handled + 1);
    n = m;
    for (const p of points) {
      if (p < n) delta++;
      if (p !== n) continue;
      let q = delta;
      for (let k = BASE; ; k += BASE) {
        const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
        if (q < t) break;
        out += digit(t + ((q - t) % (BASE - t)));
        q = Math.floor((q - t) / (BASE - t));
      }
      out += digit(q);
      bias = adapt(delta, handled + 1, handled === basic);
      delta = 0;
      handled++;
    }
    delta++;
    n++;
  }
  return out;
}

const RTL =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;
const ARABIC_DIGIT = /[\u0660-\u0669]/;
const EXTENDED_ARABIC_DIGIT = /[\u06F0-\u06F9]/;
const MARK = /^\p{M}$/u;
const VIRAMA =
  /[\u094D\u09CD\u0A4D\u0ACD\u0B4D\u0BCD\u0C4D\u0CCD\u0D3B\u0D3C\u0D4D\u0DCA\u0E3A\u0F84\u1039\u103A\u1714\u1734\u17D2\u1A60\u1B44\u1BAA\u1BAB\u1BF2\u1BF3\u2D7F\uA806\uA8C4\uA953\uA9C0\uAAF6\uABED]/;
const JOINING =
  /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Adlam}\p{Script=Mandaic}]/u;
/** RFC 5892 section 2.6 exceptions. */
const EXCEPTION_VALID = /[\u00DF\u03C2\u06FD\u06FE\u0F0B\u3007]/;
// oxlint-disable-next-line eslint/no-misleading-character-class -- single code points (U+302E, U+302F), tested one at a time
const EXCEPTION_DISALLOWED = /[\u0640\u07FA\u302E\u302F\u3031-\u3035\u303B]/;
const CONTEXT = /[\u00B7\u0375\u05F3\u05F4\u30FB\u200C\u200D]/;

type Bidi = 'R' | 'AN' | 'EN' | 'NSM' | 'L' | 'ON';
function bidiClass(c: string): Bidi {
  if (ARABIC_DIGIT.test(c)) return 'AN';
  if (/[0-9\u06F0-\u06F9]/.test(c)) return 'EN';
  if (MARK.test(c)) return 'NSM';
  if (RTL.test(c) && /\p{L}|\p{Nd}/u.test(c)) return 'R';
  if (/\p{L}|\p{Nd}/u.test(c)) return 'L';
  return 'ON';
}

/** One U-label (no dots) under IDNA 2008's rules (the subset described above). */
function uLabel(label: string): boolean {
  if (!label || label.normalize('NFC') !== label) return false;
  if (label.startsWith('-') || label.endsWith('-') || label.slice(2, 4) === '--') return false;
  const chars = [...label];
  if (MARK.test(chars[0]!)) return false;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '-' || EXCEPTION_VALID.test(c)) continue;
    if (EXCEPTION_DISALLOWED.test(c)) return false;
    if (CONTEXT.test(c)) {
      const before = chars[i - 1];
      const after = chars[i + 1];
      if (c === '\u00B7' && !(before === 'l' && after === 'l')) return false;
      if (c === '\u0375' && !(after && /\p{Script=Greek}/u.test(after))) return false;
      if ((c === '\u05F3' || c === '\u05F4') && !(before && /\p{Script=Hebrew}/u.test(before))) return false;
      if (
        c === '\u30FB' &&
        !chars.some((x) => /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u.test(x))
      )
        return false;
      if (c === '\u200D' && !(before && VIRAMA.test(before))) return false;
      if (c === '\u200C' && !(before && VIRAMA.test(before)) && !zwnjBetweenJoiners(chars, i)) return false;
      continue;
    }
    if (!/[\p{Ll}\p{Lo}\p{Lm}\p{Mn}\p{Mc}\p{Nd}]/u.test(c) && !/[a-z0-9]/.test(c)) return false;
    if (c.normalize('NFKC') !== c || c.toLowerCase() !== c) return false;
  }
  if (chars.some((c) => ARABIC_DIGIT.test(c)) && chars.some((c) => EXTENDED_ARABIC_DIGIT.test(c)))
    return false;
  return true;
}

/** ZWNJ between a joining letter before and one after (transparent marks skipped), as RFC 5892 A.1 asks. */
function zwnjBetweenJoiners(chars: string[], i: number): boolean {
  let b = i - 1;
  while (b >= 0 && MARK.test(chars[b]!)) b--;
  let a = i + 1;
  while (a < chars.length && MARK.test(chars[a]!)) a++;
  return b >= 0 && a < chars.length && JOINING.test(chars[b]!) && JOINING.test(chars[a]!);
}

/** RFC 5893 section 2 for one label of a domain that has right-to-left labels. */
function bidiLabel(label: string): boolean {
  const classes = [...label].map(bidiClass);
  let end = classes.length - 1;
  while (end > 0 && classes[end] === 'NSM') end--;
  if (classes[0] === 'R') {
    if (classes.includes('L')) return false;
    if (classes.includes('EN') && classes.includes('AN')) return false;
    return ['R', 'EN', 'AN'].includes(classes[end]!);
  }
  if (classes[0] !== 'L') return false;
  if (classes.includes('R') || classes.includes('AN')) return false;
  return ['L', 'EN'].includes(classes[end]!);
}

/** A host name; `idn` allows U-labels and the ideographic full stops as separators. */
function hostname(s: string, idn: boolean): boolean {
  const labels = (idn ? s.replace(/[\u3002\uFF0E\uFF61]/g, '.') : s).split('.');
  const ascii: string[] = [];
  const unicode: string[] = [];
  for (const label of labels) {
    if (!label) return false;
    if (/^[\x00-\x7F]*$/.test(label)) {
      if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/.test(label) || label.length > 63) return false;
      if (/^xn--/i.test(label)) {
        const decoded = punyDecode(label.slice(4).toLowerCase());
        if (
          decoded === undefined ||
          /^[\x00-\x7F]*$/.test(decoded) ||
          `xn--${punyEncode(decoded)}` !== label.toLowerCase() ||
          !uLabel(decoded)
        )
          return false;
        unicode.push(decoded);
      } else {
        if (label.slice(2, 4) === '--') return false;
        unicode.push(label.toLowerCase());
      }
      ascii.push(label);
      continue;
    }
    if (!idn || !uLabel(label)) return false;
    const aLabel = `xn--${punyEncode(label)}`;
    if (aLabel.length > 63) return false;
    ascii.push(aLabel);
    unicode.push(label);
  }
  if (ascii.join('.').length > 253) return false;
  if (unicode.some((l) => [...l].some((c) => bidiClass(c) === 'R' || bidiClass(c) === 'AN')))
    return unicode.every(bidiLabel);
  return true;
}

/** RFC 5321 mailbox (RFC 6531 with `idn`): dot-atom or quoted local part, a host name or an address literal. */
function email(s: string, idn: boolean): boolean {
  const at = s.lastIndexOf('@');
  if (at <= 0) return false;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  const atext = idn
    ? "[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\-\\u{80}-\\u{10FFFF}]"
    : "[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\-]";
  const dotAtom = new RegExp(`^${atext}+(?:\\.${atext}+)*$`, 'u');
  const quoted = idn
    ? /^"(?:[\x20\x21\x23-\x5B\x5D-\x7E\u{80}-\u{10FFFF}]|\\[\x20-\x7E])*"$/u
    : /^"(?:[\x20\x21\x23-\x5B\x5D-\x7E]|\\[\x20-\x7E])*"$/;
  if (!dotAtom.test(local) && !quoted.test(local)) return false;
  if (domain.startsWith('[') && domain.endsWith(']')) {
    const literal = domain.slice(1, -1);
    return /^IPv6:/i.test(literal) ? ipv6(literal.slice(5)) : IPV4.test(literal);
  }
  // IDNA maps an internationalised domain (to NFC among others) before checking it.
  return hostname(idn ? domain.normalize('NFC') : domain, idn);
}

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
