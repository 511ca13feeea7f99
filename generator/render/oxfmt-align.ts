/**
 * Where oxfmt's TypeScript output is known to differ from prettier's, this rewrites it to prettier's, or gives
 * up (undefined) so the file is formatted by prettier itself. Every rule is checked by `npm run check:format`
 * (prettier --check) over `generated/` and every golden tree.
 *
 * 1. A union that is the whole right-hand side of a type alias or a property type and does not fit after the
 *    `=` or `:` is printed by prettier on the next line, indented, when it fits there (`type A =\n  B | C;`);
 *    oxfmt prints one `| member` per line. Such a block whose members are each one line is joined again. This
 *    one stays a rewrite: whether a union fits depends on the printed width, which only the formatter knows, and
 *    sending every file with such a union to prettier would cost its start-up on most generations.
 * 2. A line of code longer than the print width that ends with a `//` comment: prettier counts the comment
 *    and may break the code before it; oxfmt does not. Such a file goes to prettier. None of our outputs has such
 *    a line (a runtime that had one now puts the comment on its own line), so none pays for prettier today.
 * 3. An `if` whose whole condition is a negated group that does not fit (`if (!(a || b))`): prettier hugs it,
 *    `if (!(` and `))` around the group's lines; oxfmt breaks after `if (` and again after `!(`. The group's
 *    lines are taken up one level.
 */
const PIPE = /^(\s*)\| (.*)$/;
const TRAILING_COMMENT = /^\s*[^\s/*].*\S\s+\/\/ /;

/** Rule 3: oxfmt's `if (` / `!(` / … / `)` / `)` as prettier's `if (!(` / … / `))`, for every such `if`. */
function hugNegatedConditions(lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const head = /^(\s*)(?:\} else )?if \($/.exec(line);
    if (!head || lines[i + 1] !== `${head[1]}  !(`) {
      out.push(line);
      continue;
    }
    const indent = head[1]!;
    let j = i + 2;
    while (j < lines.length && lines[j]!.startsWith(`${indent}    `)) j++;
    const close = lines[j + 1];
    if (
      lines[j] !== `${indent}  )` ||
      close === undefined ||
      !/^\s*\)( \{)?$/.test(close) ||
      !close.startsWith(`${indent})`)
    ) {
      out.push(line);
      continue;
    }
    out.push(
      `${line}!(`,
      ...lines.slice(i + 2, j).map((l) => l.slice(2)),
      `${indent})${close.slice(indent.length)}`,
    );
    i = j + 1;
  }
  return out;
}

export function alignWithPrettier(code: string, printWidth: number): string | undefined {
  const lines = hugNegatedConditions(code.split('\n'));
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > printWidth && TRAILING_COMMENT.test(line)) return undefined;
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
