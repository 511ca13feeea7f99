/**
 * JSON Schema (OpenAPI 3.0 and 3.1 dialects) → IR type nodes. Quirks are normalised here, once: type arrays
 * and `nullable` become `nullable`, `const` and one-value enums become literals, `{type: "null"}` union members
 * fold into `nullable`, `anyOf [enum, string]` becomes an open enum, and `$ref` to a component stays a named
 * reference (inlined only where a dynamic scope binds a `$dynamicRef` in it otherwise: `dynamic-scope.ts`).
 */
import { fail, joinPointer } from '../diagnostics.ts';
import { sortedBy } from '../ir/order.ts';
import { patternSafety } from './pattern-safety.ts';
import { nearest } from '../naming/distance.ts';
import type {
  Conditional,
  Discriminator,
  JsonValue,
  NodeBase,
  ObjectNode,
  Property,
  StringConstraints,
  TypeNode,
} from '../ir/types.ts';
import {
  decodeToken,
  isObject,
  readNotShown,
  resolveInternal,
  type Json,
  type ParseContext,
} from './context.ts';
import { checkExtensions } from './extensions.ts';
import { componentOf, decodeFragment, findAnchors, type Anchor } from '../load/anchors.ts';
import { parseRules } from './rules.ts';
import { createDynamicScope, hasDynamicRef, type DynamicScope } from './dynamic-scope.ts';

/** Keywords the generator understands. Anything else (except `x-`) is reported as unsupported. */
const SUPPORTED = new Set([
  '$ref',
  'type',
  'nullable',
  'const',
  'enum',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minProperties',
  'maxProperties',
  'propertyNames',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'discriminator',
  'contentMediaType',
  'contentEncoding',
  'default',
  'contains',
  'minContains',
  'maxContains',
  'patternProperties',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
  'dependencies',
]);
/** Annotations: kept where useful, never changing the type. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'example',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'externalDocs',
  'xml',
  '$comment',
  '$schema',
  '$id',
  'summary',
  '$anchor',
  '$dynamicAnchor',
  '$recursiveAnchor',
  '$defs',
  'definitions',
  'contentSchema',
]);
/** JSON Schema keywords the generator does not check: read as annotations (the schema stays as wide), with a warning. */
const UNCHECKED = new Set(['$vocabulary']);
/** Keywords `attachApplicators` reads beside a schema's shape. */
const APPLICATOR_KEYS = [
  'not',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'unevaluatedProperties',
  'unevaluatedItems',
];
/** Misspellings of keywords ("did you mean"): nearest keyword, or these common aliases. */
const ALIASES: Record<string, string> = {
  optional: 'required (list the other properties)',
  nullable: 'nullable',
  min_items: 'minItems',
  max_items: 'maxItems',
};

/** Dialects whose vocabularies are the ones the generator implements. */
const STANDARD_DIALECTS = new Set([
  'https://json-schema.org/draft/2020-12/schema',
  'https://spec.openapis.org/oas/3.1/dialect/base',
  'http://json-schema.org/draft-04/schema',
  'https://spec.openapis.org/oas/3.1/dialect/2024-10-25',
  'https://spec.openapis.org/oas/3.1/dialect/2024-11-10',
]);

/** JSON Schema 2020-12's formats and OpenAPI's; any other format is an annotation, with a warning. */
const KNOWN_FORMATS = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uri-template',
  'uuid',
  'json-pointer',
  'relative-json-pointer',
  'regex',
  'int32',
  'int64',
  'float',
  'double',
  'byte',
  'binary',
  'password',
]);

/** The keywords of each JSON type, for schemas without `type`. */
const KIND_KEYWORDS: [string, string[]][] = [
  [
    'object',
    [
      'properties',
      'additionalProperties',
      'required',
      'propertyNames',
      'minProperties',
      'maxProperties',
      'x-rules',
      'patternProperties',
    ],
  ],
  ['array', ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains']],
  ['string', ['minLength', 'maxLength', 'pattern', 'format']],
  ['number', ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']],
];

const COMPONENT_REF = /^#\/components\/schemas\/([^/]+)$/;

export interface SchemaParser {
  parse(schema: unknown, pointer: string): TypeNode;
}

export function createSchemaParser(ctx: ParseContext, area: () => string): SchemaParser {
  /** Non-component refs being inlined, to detect recursion the IR cannot name. */
  const inlining = new Set<string>();
  /** The schema resources (`$id`s) entered along the path being parsed: the dynamic scope after the document. */
  const entered: string[] = [];
  let dynamicScope: DynamicScope | undefined;
  const scopeOf = () => (dynamicScope ??= createDynamicScope(ctx.document));
  let dynamicRefs: boolean | undefined;
  const tracksScope = () => (dynamicRefs ??= hasDynamicRef(ctx.document));

  function base(schema: Json, pointer: string): NodeBase {
    const node: NodeBase = { nullable: false, pointer };
    if (typeof schema.description === 'string') node.description = schema.description.trim();
    else if (typeof schema.title === 'string') node.description = schema.title;
    if (schema.default !== undefined) node.default = schema.default as JsonValue;
    if (schema.deprecated === true) node.deprecated = true;
    if (Array.isArray(schema.examples)) node.examples = schema.examples as JsonValue[];
    else if (schema.example !== undefined) node.examples = [schema.example as JsonValue];
    const notShown = readNotShown(
      ctx,
      schema,
      pointer,
      `schema ${pointer.replace('#/components/schemas/', '')}`,
      area(),
    );
    if (notShown) node.notShown = notShown;
    return node;
  }

  function check(schema: Json, pointer: string): void {
    checkExtensions(ctx, schema, pointer, 'schema');
    if (typeof schema.$schema === 'string' && !STANDARD_DIALECTS.has(schema.$schema.replace(/#$/, ''))) {
      // A custom metaschema may switch vocabularies off; it is a remote document the generator does not load.
      ctx.diagnostics.report(
        'unsupported',
        `the dialect '${schema.$schema}' is not loaded (a remote metaschema)`,
        ctx.locate(joinPointer(pointer, '$schema')),
        'validated as JSON Schema 2020-12 (OpenAPI 3.1) or draft 4 (OpenAPI 3.0)',
      );
    }
    if (typeof schema.format === 'string' && !KNOWN_FORMATS.has(schema.format)) {
      const near = nearest(schema.format, [...KNOWN_FORMATS]);
      ctx.diagnostics.warn(
        'unknown-format',
        `unknown format '${schema.format}'${near ? ` (did you mean '${near}'?)` : ''}`,
        ctx.locate(joinPointer(pointer, 'format')),
        'an annotation: not checked, as JSON Schema reads unknown formats',
      );
    }
    for (const key of Object.keys(schema)) {
      if (key.startsWith('x-') || SUPPORTED.has(key) || ANNOTATIONS.has(key)) continue;
      if (key === '$recursiveRef' || key === '$dynamicRef') continue;
      const at = ctx.locate(joinPointer(pointer, key));
      if (UNCHECKED.has(key)) {
        // A JSON Schema keyword the generator does not check would silently widen the contract: strict refuses it.
        ctx.diagnostics.report(
          'unsupported',
          `the schema keyword '${key}' is not supported by the generator`,
          at,
          'read as an annotation: types and validators accept what it would refuse',
        );
        continue;
      }
      const near = ALIASES[key] ?? nearest(key, [...SUPPORTED, ...ANNOTATIONS, ...UNCHECKED]);
      ctx.diagnostics.warn(
        'unknown-keyword',
        `unknown schema keyword '${key}'${near ? ` (did you mean '${near}'?)` : ''}`,
        at,
        'ignored, as JSON Schema reads unknown keywords as annotations',
      );
    }
  }

  function parse(raw: unknown, pointer: string): TypeNode {
    if (raw === true) return { kind: 'unknown', nullable: false, pointer };
    if (raw === false) return { kind: 'never', nullable: false, pointer };
    if (!isObject(raw))
      fail('invalid-openapi', 'a schema must be an object or a boolean', ctx.locate(pointer));
    check(raw, pointer);
    // A schema entered by a reference enters its resource, even below the resource's root (only tracked when some
    // `$dynamicRef` may read it).
    const at = tracksScope() ? scopeOf().resourceAt(pointer) : '#';
    const resource = at !== '#' && entered[entered.length - 1] !== at;
    if (resource) entered.push(at);
    try {
      const node = parseShape(raw, pointer);
      return attachApplicators(raw, pointer, node);
    } finally {
      if (resource) entered.pop();
    }
  }

  /**
   * Whether the scope entered so far binds some `$dynamicRef` reachable from the component at `ref` otherwise than
   * the component's own function (which starts from the document and the component's resource) does.
   */
  function rebinds(ref: string): boolean {
    const scope = scopeOf();
    const path = ['#', ...entered];
    const own = ['#', scope.resourceAt(ref)];
    for (const name of scope.anchorsReached(ref)) {
      const outer = path.find((r) => scope.declared(r, name) !== undefined);
      if (outer !== undefined && outer !== own.find((r) => scope.declared(r, name) !== undefined))
        return true;
    }
    return false;
  }

  /**
   * The schema a `$dynamicRef` at `pointer` stands for on the path being parsed: when its initial target declares the
   * `$dynamicAnchor` it names, the outermost resource of the dynamic scope declaring that anchor (§8.2.3.2). A named
   * component is called with a scope of its own only where that binds alike (`rebinds`). Undefined for an anchor of
   * the document itself (read by `anchorTarget`).
   */
  function dynamicTarget(ref: string, pointer: string): string | undefined {
    const scope = scopeOf();
    if (/^#[^/]/.test(ref) && scope.resourceAt(pointer) === '#') return undefined;
    const first = scope.initial(ref, pointer);
    if (!first?.anchor) return first?.target;
    const name = first.anchor;
    const path = ['#', ...entered];
    return path.map((r) => scope.declared(r, name)).find((x) => x !== undefined) ?? first.target;
  }

  /** Keywords that apply beside the main shape: conditionals, `not`, `dependentRequired`. */
  function attachApplicators(schema: Json, pointer: string, shape: TypeNode): TypeNode {
    // A shape that already carries applicators (a one-member `allOf` merged into its parent): the parent's own
    // keywords must not replace the member's, so they apply beside it.
    const clash =
      APPLICATOR_KEYS.some((k) => schema[k] !== undefined) &&
      (shape.not ||
        shape.dependentRequired ||
        shape.dependentSchemas ||
        shape.unevaluatedProperties ||
        shape.unevaluatedItems);
    const node: TypeNode = clash
      ? { nullable: false, pointer, kind: 'intersection', members: [shape] }
      : shape;
    if (schema.if !== undefined) {
      const conditional: Conditional = { if: parse(schema.if, joinPointer(pointer, 'if')) };
      if (schema.then !== undefined) conditional.then = parse(schema.then, joinPointer(pointer, 'then'));
      if (schema.else !== undefined) conditional.else = parse(schema.else, joinPointer(pointer, 'else'));
      node.conditionals = [...(node.conditionals ?? []), conditional];
    } else if (schema.then !== undefined || schema.else !== undefined) {
      ctx.diagnostics.report(
        'invalid-openapi',
        "'then'/'else' without 'if' has no effect",
        ctx.locate(pointer),
        'ignored, as JSON Schema does',
      );
    }
    if (schema.not !== undefined) node.not = [parse(schema.not, joinPointer(pointer, 'not'))];
    if (schema.dependentRequired !== undefined) {
      if (!isObject(schema.dependentRequired))
        fail('invalid-openapi', 'dependentRequired must be an object', ctx.locate(pointer));
      node.dependentRequired = schema.dependentRequired as Record<string, string[]>;
    }
    if (isObject(schema.dependentSchemas)) {
      const deps: Record<string, TypeNode> = {};
      for (const [key, s] of Object.entries(schema.dependentSchemas))
        deps[key] = parse(s, joinPointer(pointer, 'dependentSchemas', key));
      node.dependentSchemas = deps;
    }
    // Draft 4 to 2019-09 `dependencies`: a list of names is `dependentRequired`, a schema is `dependentSchemas`.
    if (schema.dependencies !== undefined) {
      if (!isObject(schema.dependencies))
        fail(
          'invalid-openapi',
          'dependencies must be an object',
          ctx.locate(joinPointer(pointer, 'dependencies')),
        );
      for (const [key, dep] of Object.entries(schema.dependencies)) {
        if (Array.isArray(dep))
          node.dependentRequired = { ...node.dependentRequired, [key]: dep as string[] };
        else
          node.dependentSchemas = {
            ...node.dependentSchemas,
            [key]: parse(dep, joinPointer(pointer, 'dependencies', key)),
          };
      }
    }
    if (schema.unevaluatedProperties !== undefined)
      node.unevaluatedProperties = parse(
        schema.unevaluatedProperties,
        joinPointer(pointer, 'unevaluatedProperties'),
      );
    if (schema.unevaluatedItems !== undefined)
      node.unevaluatedItems = parse(schema.unevaluatedItems, joinPointer(pointer, 'unevaluatedItems'));
    // `allOf` beside other keywords: the node must satisfy every member too.
    return node;
  }

  /**
   * The JSON pointer an anchor reference (`#name`) stands for: the schema of the enclosing component that declares
   * it, else the first in the document. `dynamic` (`$dynamicRef`) looks for `$dynamicAnchor` first. A reference in a
   * schema resource with its own `$id` is bound by `dynamicTarget` first; this reads the document's own anchors, where
   * a `$dynamicAnchor` declared more than once is reported.
   */
  function anchorTarget(ref: string, pointer: string, dynamic: boolean): string | undefined {
    if (!/^#[^/]/.test(ref)) return undefined;
    const name = decodeFragment(ref.slice(1));
    // The schema resource the reference sits in (the nearest `$id`) names first; an `$anchor` found there makes a
    // `$dynamicRef` an ordinary reference (it is dynamic only when it lands on a `$dynamicAnchor`).
    const resource = resourceOf(pointer);
    if (resource) {
      const own = findAnchors(resolveInternal(ctx.document, resource), resource, name, true);
      // A `$dynamicAnchor` there makes the reference dynamic: the outermost declaration (below) approximates the scope.
      const hit = dynamic
        ? own.some((a) => a.dynamic)
          ? undefined
          : own[0]
        : (own.find((a) => !a.dynamic) ?? own[0]);
      if (hit) return hit.pointer;
    }
    const scope = componentOf(pointer);
    const local = scope ? findAnchors(resolveInternal(ctx.document, scope), scope, name) : [];
    const all = findAnchors(ctx.document, '#', name);
    const pick = (list: Anchor[]) =>
      dynamic ? (list.find((a) => a.dynamic) ?? list[0]) : (list.find((a) => !a.dynamic) ?? list[0]);
    return (pick(local) ?? pick(all))?.pointer;
  }

  /** The pointer of the nearest schema above `pointer` (itself included) with its own non-fragment `$id`. */
  function resourceOf(pointer: string): string | undefined {
    let found: string | undefined;
    let at = '#';
    let node: unknown = ctx.document;
    for (const raw of pointer.slice(2).split('/')) {
      if (node === null || typeof node !== 'object') break;
      node = (node as Record<string, unknown>)[decodeToken(raw)];
      at = `${at}/${raw}`;
      if (isObject(node) && typeof node.$id === 'string' && !node.$id.startsWith('#')) found = at;
    }
    return found;
  }

  /** A `$dynamicRef` that lands on a `$dynamicAnchor` other schemas redeclare: a dynamic scope could pick another. */
  function reportDynamicScope(ref: string, target: string, pointer: string): void {
    const anchored = resolveInternal(ctx.document, target);
    const name =
      isObject(anchored) && typeof anchored.$dynamicAnchor === 'string' ? anchored.$dynamicAnchor : undefined;
    // Only a reference naming that anchor (`#name`) is dynamic; `#/pointer` or another name is an ordinary `$ref`.
    if (
      name === undefined ||
      ref !== `#${name}` ||
      !findAnchors(ctx.document, '#', name).some((a) => a.dynamic && a.pointer !== target)
    )
      return;
    ctx.diagnostics.report(
      'unsupported',
      `'$dynamicRef: ${ref}' is resolved statically to ${target}; other schemas declare '$dynamicAnchor: ${name}' and a dynamic scope is not followed`,
      ctx.locate(joinPointer(pointer, '$dynamicRef')),
      'checked against the schema it names statically',
    );
  }

  function parseShape(raw: Json, pointer: string): TypeNode {
    let schema = raw;
    if (typeof schema.$ref === 'string' && /^#[^/]/.test(schema.$ref)) {
      const target = anchorTarget(schema.$ref, pointer, false);
      if (target) schema = { ...schema, $ref: target };
    }
    if (typeof schema.$dynamicRef === 'string') {
      const bound = schema.$dynamicRef.startsWith('#/')
        ? schema.$dynamicRef
        : dynamicTarget(schema.$dynamicRef, pointer);
      const target = bound ?? anchorTarget(schema.$dynamicRef, pointer, true);
      if (target) {
        if (bound === undefined) reportDynamicScope(schema.$dynamicRef, target, pointer);
        return parseShape({ ...stripKeys(schema, ['$dynamicRef']), $ref: target }, pointer);
      }
      if (schema.$dynamicRef !== '#') {
        ctx.diagnostics.report(
          'unsupported',
          `'$dynamicRef: ${schema.$dynamicRef}' names no schema of the document`,
          ctx.locate(joinPointer(pointer, '$dynamicRef')),
          'a reference to the enclosing named schema',
        );
      }
    }
    const b = base(schema, pointer);
    if (typeof schema.$ref === 'string') {
      // OpenAPI 3.1 (JSON Schema 2020-12): keywords beside `$ref` apply too; 3.0 ignores them.
      const rest = stripKeys(schema, ['$ref']);
      if (
        ctx.version === '3.1' &&
        (hasShape(rest) || ['allOf', 'anyOf', 'oneOf'].some((k) => Array.isArray(rest[k])))
      ) {
        const target = parseRef(schema.$ref, { nullable: false, pointer }, pointer);
        return { ...b, kind: 'intersection', members: [target, parseShape(stripAnnotations(rest), pointer)] };
      }
      return parseRef(schema.$ref, b, pointer);
    }
    // 2019-09 `$recursiveRef` and 2020-12 `$dynamicRef` point back at the enclosing named schema.
    if (typeof schema.$recursiveRef === 'string' || typeof schema.$dynamicRef === 'string') {
      const owner = /^#\/components\/schemas\/([^/]+)/.exec(pointer)?.[1];
      if (owner) return { ...b, kind: 'ref', target: decodeToken(owner) };
      ctx.diagnostics.report(
        'unsupported',
        `'${schema.$recursiveRef !== undefined ? '$recursiveRef' : '$dynamicRef'}' outside a named schema`,
        ctx.locate(pointer),
        'typed as unknown',
      );
      return { ...b, kind: 'unknown' };
    }

    if (Array.isArray(schema.allOf)) return parseAllOf(schema, b, pointer);
    if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) return parseUnion(schema, b, pointer);

    let types = typeList(schema, pointer);
    if (schema.nullable === true) b.nullable = true;
    if (types.includes('null')) {
      if (types.length === 1) {
        if (schema.const === undefined && !Array.isArray(schema.enum)) return { ...b, kind: 'null' };
        // `type: null` beside `const`/`enum`: both apply (`{type: null, const: 2}` accepts nothing).
        const only = parseShape(
          schema.const !== undefined ? { const: schema.const } : { enum: schema.enum },
          pointer,
        );
        return { ...b, kind: 'intersection', members: [{ nullable: false, pointer, kind: 'null' }, only] };
      }
      b.nullable = true;
      types = types.filter((t) => t !== 'null');
    }

    const values =
      schema.const !== undefined ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
    // `type` or other keywords beside `const`/`enum` that some value does not meet: both apply (an intersection).
    if (values) {
      const fits = (x: unknown) =>
        x === null ? b.nullable || !types.length : !types.length || types.some((t) => fitsType(t, x));
      if (hasShape(stripKeys(schema, ['const', 'enum', 'type'])) || !values.every(fits)) {
        const only = parseShape(
          schema.const !== undefined ? { const: schema.const } : { enum: schema.enum },
          pointer,
        );
        const rest = parseShape(
          stripKeys(schema, ['const', 'enum', 'description', 'title', 'default', 'examples', 'example']),
          pointer,
        );
        return { ...b, nullable: false, kind: 'intersection', members: [only, rest] };
      }
    }
    // Objects or arrays among the values: JSON equality on top of whatever the other keywords say.
    if (values?.some((x) => x !== null && typeof x === 'object')) {
      const rest = stripKeys(schema, ['const', 'enum']);
      const node = hasShape(rest) ? parseShape(rest, pointer) : ({ ...b, kind: 'unknown' } as TypeNode);
      node.jsonValues = values as JsonValue[];
      return node;
    }
    if (schema.const !== undefined) return literal(schema.const, b, pointer);
    if (Array.isArray(schema.enum)) return parseEnum(schema.enum, b, pointer);

    if (types.length > 1) {
      const variants = types.map((t) => parseShape({ ...stripAnnotations(schema), type: t }, pointer));
      return { ...b, kind: 'union', mode: 'anyOf', variants };
    }
    if (!types.length) return untyped(schema, b, pointer);
    const type = types[0];
    switch (type) {
      case 'string':
        return parseString(schema, b);
      case 'number':
      case 'integer':
        return parseNumber(schema, b, type === 'integer');
      case 'boolean':
        return { ...b, kind: 'boolean' };
      case 'null':
        return { ...b, kind: 'null' };
      case 'array':
        return parseArray(schema, b, pointer);
      case 'object':
        return parseObject(schema, b, pointer, types.length === 1);
      case undefined:
        return { ...b, kind: 'unknown' };
      default:
        ctx.diagnostics.report(
          'invalid-openapi',
          `unknown schema type '${type}'`,
          ctx.locate(joinPointer(pointer, 'type')),
          'typed as unknown',
        );
        return { ...b, kind: 'unknown' };
    }
  }

  function typeList(schema: Json, pointer: string): string[] {
    const t = schema.type;
    if (t === undefined) return [];
    if (typeof t === 'string') return [t];
    if (Array.isArray(t) && t.every((x) => typeof x === 'string')) return [...new Set(t)];
    ctx.diagnostics.report(
      'invalid-openapi',
      "'type' must be a string or a list of strings",
      ctx.locate(joinPointer(pointer, 'type')),
      'the type is not constrained',
    );
    return [];
  }

  /**
   * A schema without `type`: each keyword constrains only values of the type it applies to (`{maximum: 3}`
   * accepts `"x"`), so each type's keywords become a node that lets other types through; several types' keywords
   * make an intersection of such nodes.
   */
  function untyped(schema: Json, b: NodeBase, pointer: string): TypeNode {
    const kinds = KIND_KEYWORDS.filter(([, keys]) => keys.some((k) => schema[k] !== undefined)).map(
      ([kind]) => kind,
    );
    const partial = (kind: string, base: NodeBase): TypeNode => {
      if (kind === 'object') return parseObject(schema, base, pointer, false);
      const node =
        kind === 'string'
          ? parseString(schema, base)
          : kind === 'number'
            ? parseNumber(schema, base, false)
            : parseArray(schema, base, pointer);
      if (node.kind === 'string' || node.kind === 'number' || node.kind === 'array')
        node.typeAsserted = false;
      return node;
    };
    if (!kinds.length) return { ...b, kind: 'unknown' };
    if (kinds.length === 1) return partial(kinds[0]!, b);
    return {
      ...b,
      kind: 'intersection',
      members: kinds.map((k) => partial(k, { nullable: false, pointer })),
    };
  }

  function parseRef(ref: string, b: NodeBase, pointer: string): TypeNode {
    const m = COMPONENT_REF.exec(ref);
    if (m?.[1]) {
      const target = decodeToken(m[1]);
      if (resolveInternal(ctx.document, ref) === undefined) {
        fail('unresolved-ref', `$ref '${ref}' does not resolve`, { ...ctx.locate(pointer), pointer: ref });
      }
      if (!tracksScope() || !rebinds(ref)) return { ...b, kind: 'ref', target };
      // The callers' dynamic scope binds a `$dynamicRef` of the component otherwise than its own function does: inlined.
      if (inlining.has(ref)) {
        ctx.diagnostics.report(
          'unsupported',
          `the dynamic scope of this recursive reference to '${target}' binds a '$dynamicRef' in it otherwise than the named schema does, and is not followed`,
          ctx.locate(pointer),
          'checked against the named schema',
        );
        return { ...b, kind: 'ref', target };
      }
      inlining.add(ref);
      try {
        const node = parse(resolveInternal(ctx.document, ref), ref);
        if (b.description && !node.description) node.description = b.description;
        return node;
      } finally {
        inlining.delete(ref);
      }
    }
    if (!ref.startsWith('#')) fail('unresolved-ref', `$ref '${ref}' was not bundled`, ctx.locate(pointer));
    const target = resolveInternal(ctx.document, ref);
    if (target === undefined)
      fail('unresolved-ref', `$ref '${ref}' does not resolve`, { ...ctx.locate(pointer), pointer: ref });
    if (inlining.has(ref)) {
      ctx.diagnostics.report(
        'unsupported',
        `recursive $ref '${ref}' outside #/components/schemas cannot be named; move it to a component`,
        ctx.locate(pointer),
        'the recursion is typed as unknown',
      );
      return { ...b, kind: 'unknown' };
    }
    inlining.add(ref);
    try {
      const node = parse(target, ref);
      if (b.description && !node.description) node.description = b.description;
      return node;
    } finally {
      inlining.delete(ref);
    }
  }

  function literal(value: unknown, b: NodeBase, pointer: string): TypeNode {
    if (value === null) return { ...b, kind: 'literal', value: null };
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      return { ...b, kind: 'literal', value };
    ctx.diagnostics.report(
      'unsupported',
      'an object or array as a const or enum value is not checked',
      ctx.locate(pointer),
      'typed and validated as any JSON value',
    );
    return { ...b, kind: 'unknown' };
  }

  /**
   * Strings and numbers make an enum (hoisted, named); any other JSON values (booleans, mixed types) make a
   * union of literals. A repeated value is dropped (a warning in tolerant mode).
   */
  function parseEnum(values: unknown[], b: NodeBase, pointer: string): TypeNode {
    if (values.includes(null)) b.nullable = true;
    let rest = values.filter((v) => v !== null);
    const keys = rest.map((v) => JSON.stringify(v));
    if (new Set(keys).size !== keys.length) {
      ctx.diagnostics.report(
        'duplicate-enum-value',
        'enum values must be unique',
        ctx.locate(joinPointer(pointer, 'enum')),
        'repeated values are dropped',
      );
      rest = rest.filter((_, i) => keys.indexOf(keys[i]!) === i);
    }
    // `enum: []` refuses every value; `enum: [null]` accepts null alone.
    if (rest.length === 0) return values.length ? { ...b, kind: 'null' } : { ...b, kind: 'never' };
    if (rest.length === 1) return literal(rest[0], b, pointer);
    if (!rest.every((v) => typeof v === 'string' || typeof v === 'number')) {
      const { nullable, ...shared } = b;
      const variants = rest.map((v, i) =>
        literal(
          v,
          { nullable: false, pointer: joinPointer(pointer, 'enum', i) },
          joinPointer(pointer, 'enum', i),
        ),
      );
      return { ...shared, nullable, kind: 'union', mode: 'anyOf', variants };
    }
    return { ...b, kind: 'enum', values: rest, open: false };
  }

  function stringConstraints(schema: Json): StringConstraints {
    const c: StringConstraints = {};
    if (typeof schema.minLength === 'number') c.minLength = schema.minLength;
    if (typeof schema.maxLength === 'number') c.maxLength = schema.maxLength;
    if (typeof schema.pattern === 'string') c.pattern = schema.pattern;
    if (typeof schema.format === 'string') c.format = schema.format;
    if (typeof schema.contentMediaType === 'string') c.contentMediaType = schema.contentMediaType;
    if (typeof schema.contentEncoding === 'string') c.contentEncoding = schema.contentEncoding;
    return c;
  }

  /** Decides the flags of a pattern and whether the ReDoS guard lets it through (`c` is updated). */
  function checkPattern(c: StringConstraints, at: string): void {
    const pattern = c.pattern!;
    if (!compiles(pattern, 'u')) {
      if (!compiles(pattern, '')) {
        ctx.diagnostics.report(
          'invalid-pattern',
          `pattern is not a valid regular expression: ${pattern}`,
          ctx.locate(at),
          'the pattern is not checked',
        );
        delete c.pattern;
        return;
      }
      // Valid ECMA-262 without the unicode flag (`\-` or `[\w-.]`, common in published specs).
      c.patternFlags = '';
    }
    const safety = patternSafety(pattern, c.patternFlags !== '');
    if (safety.kind === 'native') return;
    ctx.diagnostics.report(
      'unsafe-pattern',
      `pattern ${JSON.stringify(pattern)} ${safety.reason}`,
      ctx.locate(at),
      safety.kind === 'linear' ? 'checked by the linear-time matcher' : 'the pattern is not checked',
    );
    if (safety.kind === 'linear') c.patternLinear = true;
    else delete c.pattern;
  }

  function parseString(schema: Json, b: NodeBase): TypeNode {
    const c = stringConstraints(schema);
    if (c.pattern !== undefined) checkPattern(c, joinPointer(b.pointer, 'pattern'));
    const isFile =
      c.format === 'binary' ||
      (c.contentMediaType !== undefined &&
        c.contentEncoding === undefined &&
        !/json|text/.test(c.contentMediaType));
    if (isFile)
      return c.contentMediaType
        ? { ...b, kind: 'binary', contentMediaType: c.contentMediaType }
        : { ...b, kind: 'binary' };
    return { ...b, kind: 'string', ...c };
  }

  function parseNumber(schema: Json, b: NodeBase, integer: boolean): TypeNode {
    const node: TypeNode = { ...b, kind: 'number', integer };
    if (typeof schema.minimum === 'number') node.minimum = schema.minimum;
    if (typeof schema.maximum === 'number') node.maximum = schema.maximum;
    if (typeof schema.multipleOf === 'number') node.multipleOf = schema.multipleOf;
    // OpenAPI 3.0: boolean exclusive flags modify minimum/maximum.
    if (schema.exclusiveMinimum === true && node.minimum !== undefined) {
      node.exclusiveMinimum = node.minimum;
      delete node.minimum;
    } else if (typeof schema.exclusiveMinimum === 'number') node.exclusiveMinimum = schema.exclusiveMinimum;
    if (schema.exclusiveMaximum === true && node.maximum !== undefined) {
      node.exclusiveMaximum = node.maximum;
      delete node.maximum;
    } else if (typeof schema.exclusiveMaximum === 'number') node.exclusiveMaximum = schema.exclusiveMaximum;
    return node;
  }

  function parseArray(schema: Json, b: NodeBase, pointer: string): TypeNode {
    const items =
      schema.items === undefined
        ? { kind: 'unknown' as const, nullable: false, pointer }
        : parse(schema.items, joinPointer(pointer, 'items'));
    const node: TypeNode = { ...b, kind: 'array', items };
    if (schema.items === undefined) node.itemsAbsent = true;
    if (Array.isArray(schema.prefixItems)) {
      node.prefixItems = schema.prefixItems.map((s, i) => parse(s, joinPointer(pointer, 'prefixItems', i)));
    }
    if (typeof schema.minItems === 'number') node.minItems = schema.minItems;
    if (typeof schema.maxItems === 'number') node.maxItems = schema.maxItems;
    if (schema.uniqueItems === true) node.uniqueItems = true;
    if (schema.contains !== undefined) {
      node.contains = parse(schema.contains, joinPointer(pointer, 'contains'));
      if (typeof schema.minContains === 'number') node.minContains = schema.minContains;
      if (typeof schema.maxContains === 'number') node.maxContains = schema.maxContains;
    }
    return node;
  }

  function parseObject(schema: Json, b: NodeBase, pointer: string, typeAsserted: boolean): TypeNode {
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    const propsRaw = isObject(schema.properties) ? schema.properties : {};
    const properties: Property[] = Object.keys(propsRaw).map((name) => {
      const type = parse(propsRaw[name], joinPointer(pointer, 'properties', name));
      const prop: Property = { name, required: required.includes(name), type };
      if (type.description) prop.description = type.description;
      if (type.notShown) prop.notShown = type.notShown;
      return prop;
    });
    const extraRequired = required.filter((r) => !Object.hasOwn(propsRaw, r));
    const ap = schema.additionalProperties;
    checkRequiredNames(required, propsRaw, ap, pointer);
    const additional: TypeNode | boolean =
      ap === undefined || ap === true
        ? true
        : ap === false
          ? false
          : parse(ap, joinPointer(pointer, 'additionalProperties'));
    const pn = schema.propertyNames;
    // Length, pattern and format stay string constraints of the keys; any other schema is checked on each key.
    const simple =
      isObject(pn) &&
      Object.keys(pn).every((k) =>
        ['minLength', 'maxLength', 'pattern', 'format', 'description', 'title', '$comment', 'type'].includes(
          k,
        ),
      ) &&
      (pn.type === undefined || pn.type === 'string');
    const propertyNames = simple ? stringConstraints(pn) : undefined;
    const namesType =
      pn !== undefined && !simple ? parse(pn, joinPointer(pointer, 'propertyNames')) : undefined;
    const propertyNamesType = namesType && namesType.kind !== 'unknown' ? namesType : undefined;
    if (propertyNames?.pattern !== undefined)
      checkPattern(propertyNames, joinPointer(pointer, 'propertyNames', 'pattern'));
    const rules = parseRules(
      ctx,
      schema['x-rules'],
      joinPointer(pointer, 'x-rules'),
      (s, p) => parse(s, p),
      propsRaw,
    );
    const patternProperties = isObject(schema.patternProperties)
      ? Object.entries(schema.patternProperties).flatMap(([pattern, s]) => {
          const c: StringConstraints = { pattern };
          checkPattern(c, joinPointer(pointer, 'patternProperties'));
          if (c.pattern === undefined) return [];
          return [
            {
              pattern,
              flags: c.patternFlags ?? ('u' as const),
              ...(c.patternLinear ? { linear: true as const } : {}),
              type: parse(s, joinPointer(pointer, 'patternProperties', pattern)),
            },
          ];
        })
      : [];
    if (
      properties.length === 0 &&
      extraRequired.length === 0 &&
      typeof additional === 'object' &&
      rules.length === 0 &&
      typeAsserted &&
      !patternProperties.length
    ) {
      const map: TypeNode = { ...b, kind: 'map', values: additional };
      if (typeof schema.minProperties === 'number') map.minProperties = schema.minProperties;
      if (typeof schema.maxProperties === 'number') map.maxProperties = schema.maxProperties;
      if (propertyNames) map.propertyNames = propertyNames;
      if (propertyNamesType) map.propertyNamesType = propertyNamesType;
      return map;
    }
    // Sorted by wire name once parsed (parsing stays in the spec's order, as do its messages).
    const node: ObjectNode = {
      ...b,
      kind: 'object',
      properties: sortedBy(properties, (p) => p.name),
      additional,
      extraRequired,
      rules,
      typeAsserted,
    };
    if (ap === true) node.additionalGiven = true;
    if (typeof schema.minProperties === 'number') node.minProperties = schema.minProperties;
    if (typeof schema.maxProperties === 'number') node.maxProperties = schema.maxProperties;
    if (propertyNames) node.propertyNames = propertyNames;
    if (propertyNamesType) node.propertyNamesType = propertyNamesType;
    if (patternProperties.length) node.patternProperties = patternProperties;
    return node;
  }

  /**
   * A required name that no property declares is a typo (`modle` for `model`) that would silently make the real
   * property optional. Allowed only where the name can still be typed: no `properties` at all (a constraint over
   * other members) or extra keys given a schema by `additionalProperties`. The parts of an `allOf` and conditions
   * are not checked alone: a name may come from a sibling or the parent.
   */
  /** A condition (`not`, `if`, `then`, `else`, a dependent schema) constrains its parent: its names are the parent's. */
  const CONDITION = /\/(not|if|then|else)$|\/(dependentSchemas|dependencies)\/[^/]+$/;

  /** Pointers of `allOf` parts (and of the schema holding the `allOf`), whose required names may be a sibling's. */
  const allOfParts = new Set<string>();

  function checkRequiredNames(required: string[], propsRaw: Json, ap: unknown, pointer: string): void {
    if (
      Object.keys(propsRaw).length === 0 ||
      isObject(ap) ||
      allOfParts.has(pointer) ||
      CONDITION.test(pointer)
    )
      return;
    required.forEach((name, i) => {
      if (Object.hasOwn(propsRaw, name)) return;
      const near = nearest(name, Object.keys(propsRaw));
      ctx.diagnostics.report(
        'invalid-openapi',
        `required names '${name}', which is not a property of this object (${near ? `did you mean '${near}'? ` : ''}properties: ${Object.keys(propsRaw).join(', ')})`,
        ctx.locate(joinPointer(pointer, 'required', i)),
        `the validators require '${name}'; the types do not name it`,
      );
    });
  }

  function parseAllOf(schema: Json, b: NodeBase, pointer: string): TypeNode {
    allOfParts.add(pointer);
    (schema.allOf as unknown[]).forEach((_, i) => allOfParts.add(joinPointer(pointer, 'allOf', i)));
    const members = (schema.allOf as unknown[]).map((s, i) => parse(s, joinPointer(pointer, 'allOf', i)));
    const rest = stripKeys(schema, ['allOf']);
    if (
      hasShape(rest) ||
      Array.isArray(rest.anyOf) ||
      Array.isArray(rest.oneOf) ||
      typeof rest.$ref === 'string'
    )
      members.push(parseShape(rest, pointer));
    if (schema.nullable === true) b.nullable = true;
    if (members.length === 1) return mergeBase(members[0]!, b);
    return { ...b, kind: 'intersection', members };
  }

  function parseUnion(schema: Json, b: NodeBase, pointer: string): TypeNode {
    const mode = Array.isArray(schema.oneOf) ? 'oneOf' : 'anyOf';
    const list = schema[mode] as unknown[];
    let variants = list.map((s, i) => parse(s, joinPointer(pointer, mode, i)));
    if (schema.nullable === true) b.nullable = true;
    // `{type: null}` folds into `nullable`, except in a oneOf where another member may accept null too (then null
    // matches two members and is refused).
    const mayBeNull = (v: TypeNode) =>
      v.nullable ||
      v.kind === 'unknown' ||
      v.kind === 'intersection' ||
      v.kind === 'union' ||
      ('typeAsserted' in v && v.typeAsserted === false);
    if (
      variants.some((v) => v.kind === 'null') &&
      !(mode === 'oneOf' && variants.some((v) => v.kind !== 'null' && mayBeNull(v)))
    ) {
      b.nullable = true;
      variants = variants.filter((v) => v.kind !== 'null');
    }
    // `oneOf` beside `anyOf`: the union is the `oneOf`; the `anyOf` stays with the sibling keywords.
    const rest = stripKeys(
      schema,
      mode === 'oneOf' ? ['oneOf', 'discriminator'] : ['anyOf', 'discriminator'],
    );
    const sibling = hasShape(rest) || Array.isArray(rest.anyOf) ? parseShape(rest, pointer) : undefined;
    // "Known values; any string accepted": anyOf [enum of strings, plain string].
    const open = openEnum(variants);
    let node: TypeNode;
    if (open) node = { ...b, ...open, pointer };
    else if (variants.length === 0) node = { ...b, kind: 'null' };
    else if (variants.length === 1 && !schema.discriminator) node = mergeBase(variants[0]!, b);
    else {
      // A discriminated union whose members are themselves unions of named schemas (inline, or a named schema
      // that is only a oneOf/anyOf of references) lists those schemas directly: the discriminator then selects one.
      if (schema.discriminator !== undefined) {
        const property = isObject(schema.discriminator) ? schema.discriminator.propertyName : undefined;
        variants = variants.flatMap((v) => unionMembers(v, property) ?? [v]);
      }
      node = { ...b, kind: 'union', mode, variants };
      if (schema.discriminator !== undefined) {
        const discriminator = parseDiscriminator(schema.discriminator, variants, pointer);
        if (discriminator) node.discriminator = discriminator;
      }
    }
    return sibling
      ? {
          ...b,
          kind: 'intersection',
          members: [sibling, { ...node, description: undefined } as TypeNode].map(clean),
        }
      : node;
  }

  function openEnum(
    variants: TypeNode[],
  ): { kind: 'enum'; values: (string | number)[]; open: true; nullable: boolean } | undefined {
    if (variants.length !== 2) return undefined;
    const e = variants.find((v) => v.kind === 'enum' && v.values.every((x) => typeof x === 'string'));
    const s = variants.find(
      (v) =>
        v.kind === 'string' &&
        v.minLength === undefined &&
        v.maxLength === undefined &&
        v.pattern === undefined &&
        v.format === undefined,
    );
    if (!e || !s || e.kind !== 'enum') return undefined;
    return { kind: 'enum', values: e.values, open: true, nullable: e.nullable || s.nullable };
  }

  /** The references a union member stands for, when it is a plain union of references (inline or named). */
  function unionMembers(v: TypeNode, property: unknown): TypeNode[] | undefined {
    if (v.kind === 'union' && !v.discriminator && !v.nullable && v.variants.every((m) => m.kind === 'ref'))
      return v.variants;
    if (v.kind !== 'ref' || v.nullable) return undefined;
    const raw = resolveInternal(
      ctx.document,
      `#/components/schemas/${v.target.replace(/~/g, '~0').replace(/\//g, '~1')}`,
    );
    // A member discriminated by the same property, without its own mapping, selects the same way.
    const sameDiscriminator =
      isObject(raw) &&
      isObject(raw.discriminator) &&
      raw.discriminator.propertyName === property &&
      raw.discriminator.mapping === undefined;
    if (!isObject(raw) || (raw.discriminator !== undefined && !sameDiscriminator) || raw.nullable === true)
      return undefined;
    const list = Array.isArray(raw.oneOf) ? raw.oneOf : Array.isArray(raw.anyOf) ? raw.anyOf : undefined;
    if (
      !list ||
      Object.keys(raw).some(
        (k) =>
          ![
            'oneOf',
            'anyOf',
            'description',
            'title',
            'x-not-shown',
            'example',
            'examples',
            'discriminator',
          ].includes(k) && !(k === 'type' && raw.type === 'object'),
      )
    )
      return undefined;
    if (
      !list.every(
        (m) =>
          isObject(m) &&
          typeof m.$ref === 'string' &&
          COMPONENT_REF.test(m.$ref) &&
          Object.keys(m).length === 1,
      )
    )
      return undefined;
    return list.map((m) => ({
      kind: 'ref' as const,
      target: decodeToken(COMPONENT_REF.exec((m as Json).$ref as string)![1]!),
      nullable: false,
      pointer: v.pointer,
    }));
  }

  /**
   * A discriminator whose members are named schemas (directly, or through a union of named schemas) or inline
   * objects giving the property a `const` or string `enum`. Anything else falls back to a plain union, reported.
   */
  function parseDiscriminator(
    raw: unknown,
    variants: TypeNode[],
    pointer: string,
  ): Discriminator | undefined {
    const at = joinPointer(pointer, 'discriminator');
    const fallback = (message: string, where: string): undefined => {
      ctx.diagnostics.report(
        'discriminator-fallback',
        message,
        ctx.locate(where),
        'typed and validated as a plain union',
      );
      return undefined;
    };
    if (!isObject(raw) || typeof raw.propertyName !== 'string')
      return fallback('discriminator needs a propertyName', at);
    const property = raw.propertyName;
    // Members that are unions of named schemas contribute those schemas.
    const members: TypeNode[] = [];
    for (const v of variants) {
      if (v.kind === 'union' && !v.discriminator && v.variants.every((m) => m.kind === 'ref'))
        members.push(...v.variants);
      else members.push(v);
    }
    if (members.length !== variants.length)
      return fallback('a discriminated union whose members are unions is checked as a plain union', at);
    const mapping: Discriminator['mapping'] = [];
    const explicit = isObject(raw.mapping) ? raw.mapping : {};
    for (const [value, ref] of Object.entries(explicit)) {
      const m = typeof ref === 'string' ? COMPONENT_REF.exec(ref) : null;
      const schemaName = m?.[1]
        ? decodeToken(m[1])
        : typeof ref === 'string' && !ref.includes('/')
          ? ref
          : undefined;
      if (!schemaName)
        return fallback(
          `discriminator mapping '${value}' must name a component schema`,
          joinPointer(at, 'mapping', value),
        );
      if (!members.some((v) => v.kind === 'ref' && v.target === schemaName)) {
        ctx.diagnostics.report(
          'invalid-openapi',
          `discriminator mapping '${value}' → ${schemaName} is not one of the union's members`,
          ctx.locate(joinPointer(at, 'mapping', value)),
          'the mapping entry is ignored',
        );
        continue;
      }
      mapping.push({ value, schema: schemaName });
    }
    for (const [variant, v] of members.entries()) {
      if (v.kind === 'object' && !v.nullable) {
        // An inline member selects by its own value: a `const` or a string `enum` of the property.
        const type = v.properties.find((p) => p.name === property)?.type;
        const values =
          type?.kind === 'literal' && typeof type.value === 'string'
            ? [type.value]
            : type?.kind === 'enum' && !type.open && type.values.every((x) => typeof x === 'string')
              ? type.values
              : [];
        if (!values.length)
          return fallback(
            `an inline member of a discriminated union needs a const or string enum for '${property}'`,
            v.pointer,
          );
        for (const value of values) mapping.push({ value, variant });
        continue;
      }
      if (v.kind !== 'ref')
        return fallback('a discriminated union must list $ref or inline object members only', v.pointer);
      if (mapping.some((m) => m.schema === v.target)) continue;
      const targetSchema = resolveInternal(ctx.document, `#/components/schemas/${v.target}`);
      const prop =
        isObject(targetSchema) &&
        isObject(targetSchema.properties) &&
        isObject(targetSchema.properties[property])
          ? targetSchema.properties[property]
          : undefined;
      // The member's own value: its `const`, else every value of its string `enum`, else its name (OpenAPI's default).
      const values =
        typeof prop?.const === 'string'
          ? [prop.const]
          : Array.isArray(prop?.enum) && prop.enum.length && prop.enum.every((x) => typeof x === 'string')
            ? prop.enum
            : [v.target];
      for (const value of values) mapping.push({ value, schema: v.target });
    }
    const ambiguous = mapping.find((m, i) => mapping.findIndex((x) => x.value === m.value) !== i);
    if (ambiguous)
      return fallback(`discriminator value '${ambiguous.value}' selects more than one member`, at);
    const sorted = sortedBy(mapping, (m) => m.value);
    // Every named member must have the property (its own, or from an `allOf` part or a reference it extends).
    const missing = sorted.find(
      (m) =>
        m.schema !== undefined &&
        !hasProperty(resolveInternal(ctx.document, joinPointer('#/components/schemas', m.schema)), property),
    );
    if (missing)
      return fallback(
        `discriminator '${property}' is not a property of ${missing.schema} (mapping '${missing.value}')`,
        pointer,
      );
    return { property, mapping: sorted };
  }

  /** Whether a schema of the document declares `property`, in its `properties`, its `$ref` target or an `allOf` part. */
  function hasProperty(raw: unknown, property: string, depth = 0): boolean {
    if (!isObject(raw) || depth > 16) return false;
    if (isObject(raw.properties) && Object.hasOwn(raw.properties, property)) return true;
    if (
      typeof raw.$ref === 'string' &&
      raw.$ref.startsWith('#') &&
      hasProperty(resolveInternal(ctx.document, raw.$ref), property, depth + 1)
    )
      return true;
    return Array.isArray(raw.allOf) && raw.allOf.some((m) => hasProperty(m, property, depth + 1));
  }

  return { parse };
}

/** Whether a JSON value is of a JSON Schema `type`. */
function fitsType(type: string, x: unknown): boolean {
  switch (type) {
    case 'integer':
      return typeof x === 'number' && Number.isInteger(x);
    case 'object':
      return isObject(x);
    case 'array':
      return Array.isArray(x);
    default:
      return typeof x === type;
  }
}

function stripKeys(schema: Json, keys: string[]): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) if (!keys.includes(k)) out[k] = v;
  return out;
}

function stripAnnotations(schema: Json): Json {
  return stripKeys(schema, [
    'description',
    'title',
    'default',
    'examples',
    'example',
    'x-not-shown',
    'type',
    'nullable',
  ]);
}

/** True when a schema (after removing the combinator) still constrains the value's shape. */
function hasShape(schema: Json): boolean {
  return ['type', 'enum', 'const', ...KIND_KEYWORDS.flatMap(([, keys]) => keys)].some(
    (k) => schema[k] !== undefined,
  );
}

function mergeBase(node: TypeNode, b: NodeBase): TypeNode {
  const merged = { ...node };
  if (b.nullable) merged.nullable = true;
  if (b.description) merged.description = b.description;
  if (b.default !== undefined) merged.default = b.default;
  if (b.notShown) merged.notShown = [...(node.notShown ?? []), ...b.notShown];
  if (b.deprecated) merged.deprecated = true;
  merged.pointer = b.pointer;
  return merged;
}

function clean(node: TypeNode): TypeNode {
  if (node.description === undefined) delete node.description;
  return node;
}

function compiles(pattern: string, flags: string): boolean {
  try {
    new RegExp(pattern, flags);
    return true;
  } catch {
    return false;
  }
}
