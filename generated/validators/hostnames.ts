// Copied by platform-api-codegen from its runtime (templates/validators/hostnames.ts). Do not edit: every generation replaces it.
/**
 * Hosts, for the formats of formats.ts: IP addresses (RFC 4291 text forms for IPv6), host names (RFC 1123,
 * IDNA 2008) and mailboxes (RFC 5321, RFC 6531), whose domain is a host. Hand-written; copied verbatim into
 * `validators/hostnames.ts`.
 *
 * Internationalised host names follow IDNA 2008 (RFC 5890–5893) in a documented subset: labels in NFC, no
 * upper case or compatibility characters (NFKC), no symbols, punctuation or spaces, the contextual rules of
 * RFC 5892 appendix A (middle dot, KERAIA, GERESH, GERSHAYIM, KATAKANA MIDDLE DOT, Arabic-Indic digits, ZWJ after a
 * virama, ZWNJ after a virama or between joining letters), the Bidi rule of RFC 5893, and A-labels that decode
 * (RFC 3492) and encode back to themselves. Unicode's full IDNA property table is not embedded: a code point
 * assigned after the runtime's Unicode version, or one the table disallows for reasons these rules do not cover,
 * may be accepted.
 */

const DEC_OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
export const IPV4 = new RegExp(`^${DEC_OCTET}(?:\\.${DEC_OCTET}){3}$`);

/** RFC 4291 section 2.2 text forms: eight groups, one `::`, an IPv4 tail; no zone, no brackets. */
export function ipv6(s: string): boolean {
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
export function hostname(s: string, idn: boolean): boolean {
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
export function email(s: string, idn: boolean): boolean {
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
