/**
 * Where oxfmt's TypeScript output is known to differ from prettier's, this rewrites it to prettier's, or gives
 * up (undefined) so the file is formatted by prettier itself. Every rule is checked by `npm run check:format`
 * (prettier --check) over `generated/` and every golden tree.
 *
 * 1. A union that is the whole right-hand side of a type alias or a property type and does not fit after the
 *    `=` or `:` is printed by prettier on the next line, indented, when it fits there (`type A =\n  B | C;`);
 *    oxfmt prints one `| member` per line. Such a block whose members are each one line is joined again.
 * 2. A line of code longer than the print width that ends with a `//` comment: prettier counts the comment
 *    and may break the code before it; oxfmt does not. A brace-less `if (test) statement; // comment` followed
 *    by `else` is broken after the test, as prettier does, when both parts then fit; any other such line sends
 *    the file to prettier.
 */
const PIPE = /^(\s*)\| (.*)$/;
const TRAILING_COMMENT = /^\s*[^\s/*].*\S\s+\/\/ /;

export function alignWithPrettier(code: string, printWidth: number): string | undefined {
  const lines = code.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > printWidth && TRAILING_COMMENT.test(line)) {
      const split = /^\s*else\b/.test(lines[i + 1] ?? '') ? splitIf(line, printWidth) : undefined;
      if (!split) return undefined;
      out.push(...split);
      continue;
    }
    out.push(line);
    if (!/(=|:)$/.test(line)) continue;
    const head = /^\s*/.exec(line)![0];
    const indent = `${head}  `;
    const members: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const m = PIPE.exec(lines[j]!);
      if (!m || m[1] !== indent) break;
      members.push(m[2]!);
      if (m[2]!.endsWith(';')) break;
    }
    if (members.length < 2 || !members.at(-1)!.endsWith(';') || j >= lines.length) continue;
    if (members.slice(0, -1).some((m) => m.endsWith(';') || m.includes('//'))) continue;
    const joined = `${indent}${members.join(' | ')}`;
    if (joined.length > printWidth) continue;
    out.push(joined);
    i = j;
  }
  return out.join('\n');
}

/** `if (test) statement; // comment` → `if (test)` and the indented statement, or undefined when unsure. */
function splitIf(line: string, printWidth: number): [string, string] | undefined {
  const m = /^(\s*)if \(/.exec(line);
  if (!m) return undefined;
  // The test ends at the parenthesis that closes `if (`; strings in it must not confuse the count.
  let depth = 0;
  let end = -1;
  for (let i = m[0].length - 1; i < line.length && end < 0; i++) {
    const ch = line[i]!;
    if (ch === "'" || ch === '"' || ch === '`') return undefined;
    if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) end = i;
  }
  if (end < 0) return undefined;
  const head = line.slice(0, end + 1);
  const rest = line.slice(end + 2);
  const c = rest.indexOf(' // ');
  if (rest.startsWith('{') || c < 0 || !rest.slice(0, c).endsWith(';') || /['"`]|\/\//.test(rest.slice(0, c))) return undefined;
  const body = `${m[1]}  ${rest}`;
  return head.length <= printWidth && body.length <= printWidth ? [head, body] : undefined;
}
