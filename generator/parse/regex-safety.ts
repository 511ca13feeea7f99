/**
 * Refuses patterns prone to catastrophic backtracking, so no generated validator can be stalled by a crafted
 * string. The check is conservative and syntactic: an unbounded quantifier (`*`, `+`, `{n,}`) applied to a group
 * that itself contains an unbounded quantifier is "nested" and refused, unless the group starts with a literal
 * character its repeated parts cannot match (a separator such as `( v1,[A-Za-z0-9+/]+)*`), which keeps the
 * matching unambiguous. Back-references are refused too.
 */

interface Group {
  start: number;
  hasUnbounded: boolean;
  /** First character of the group's content when it is a plain literal. */
  leadLiteral?: string;
  /** Character classes / escapes repeated unboundedly inside. */
  repeated: string[];
}

export function unsafePatternReason(pattern: string): string | undefined {
  if (/\\[1-9]/.test(pattern)) return 'back-references can backtrack exponentially';
  const stack: Group[] = [{ start: 0, hasUnbounded: false, repeated: [] }];
  let lastAtom = '';
  let lastGroup: Group | undefined;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    const top = stack[stack.length - 1]!;
    if (ch === '\\') {
      lastAtom = pattern.slice(i, i + 2);
      lastGroup = undefined;
      if (top.leadLiteral === undefined && i === top.start)
        top.leadLiteral = /\\[dDwWsS]/.test(lastAtom) ? '' : lastAtom[1];
      i++;
      continue;
    }
    if (ch === '[') {
      const end = classEnd(pattern, i);
      lastAtom = pattern.slice(i, end + 1);
      lastGroup = undefined;
      if (top.leadLiteral === undefined && i === top.start) top.leadLiteral = '';
      i = end;
      continue;
    }
    if (ch === '(') {
      let start = i + 1;
      if (pattern[start] === '?')
        start +=
          pattern[start + 1] === '<' && pattern[start + 2] !== '=' && pattern[start + 2] !== '!'
            ? pattern.indexOf('>', start) + 1
            : 2;
      stack.push({ start, hasUnbounded: false, repeated: [] });
      i = start - 1;
      continue;
    }
    if (ch === ')') {
      const group = stack.pop();
      if (!group || stack.length === 0) return undefined; // unbalanced: RegExp construction already rejected it
      const parent = stack[stack.length - 1]!;
      parent.hasUnbounded ||= group.hasUnbounded;
      parent.repeated.push(...group.repeated);
      lastGroup = group;
      lastAtom = '';
      continue;
    }
    const unbounded = ch === '*' || ch === '+' || (ch === '{' && /^\{\d+,\}/.test(pattern.slice(i)));
    if (unbounded) {
      if (lastGroup?.hasUnbounded) {
        const lead = lastGroup.leadLiteral;
        const separated =
          lead !== undefined && lead !== '' && lastGroup.repeated.every((atom) => !atomMayMatch(atom, lead));
        if (!separated)
          return `nested unbounded quantifiers around '${pattern.slice(lastGroup.start - 1, i + 1)}' can backtrack exponentially`;
      }
      top.hasUnbounded = true;
      if (lastGroup) top.repeated.push(...lastGroup.repeated);
      else if (lastAtom) top.repeated.push(lastAtom);
      else top.repeated.push('.');
    } else if (ch !== '?' && ch !== '{' && ch !== '|' && ch !== '^' && ch !== '$') {
      lastAtom = ch;
      lastGroup = undefined;
      if (top.leadLiteral === undefined && i === top.start) top.leadLiteral = ch === '.' ? '' : ch;
    }
  }
  return undefined;
}

function classEnd(pattern: string, start: number): number {
  for (let i = start + 1; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++;
    else if (pattern[i] === ']' && i > start + 1) return i;
  }
  return pattern.length - 1;
}

/** Whether a repeated atom could match the literal character `ch` (conservative: unknown means yes). */
function atomMayMatch(atom: string, ch: string): boolean {
  if (atom === '.') return true;
  try {
    return new RegExp(`^(?:${atom})$`, 'u').test(ch);
  } catch {
    return true;
  }
}
