/** `dependentSchemas` and `dependentRequired` (draft 4's `dependencies` arrives as one of them). */
import { _ } from '../code/index.ts';
import { schemaOf, type KeywordCompiler } from '../context.ts';
import { child } from '../path.ts';

export const dependentSchemas: KeywordCompiler = (cx) => {
  const deps = Object.entries(cx.node.dependentSchemas ?? {});
  if (!deps.length) return;
  const { cc, v, p, mode, s, out } = cx;
  out.block(_`if (${cc.rt('isObj')}(${v}))`, () => {
    for (const [key, dep] of deps)
      out.block(_`if (Object.hasOwn(${v}, ${key}))`, () => cc.gen(out, dep, v, p, mode, s));
  });
};

export const dependentRequired: KeywordCompiler = (cx) => {
  const deps = Object.entries(cx.node.dependentRequired ?? {});
  if (!deps.length) return;
  const { cc, v, p, mode, out } = cx;
  out.block(_`if (${cc.rt('isObj')}(${v}))`, () => {
    for (const [key, names] of deps) {
      for (const name of names)
        cc.failIf(
          out,
          _`${cc.read(v, key)} !== undefined && ${cc.read(v, name)} === undefined`,
          mode,
          child(p, name),
          'dependent_required',
          `is required when '${key}' is given`,
          schemaOf(cx, `dependentRequired/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
        );
    }
  });
};
