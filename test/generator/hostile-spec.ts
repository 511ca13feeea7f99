/**
 * An OpenAPI 3.1 document whose strings are chosen to break generated code: every one a spec can put in a
 * position the generator prints (enum values, property names, descriptions, operationIds, paths, parameter and
 * header names, examples, tags, servers, security schemes, webhooks, state names).
 */

/** Characters that end a string literal, a line, a comment, a template or a script element. */
export const HOSTILE = 'a\nb\rc\'d"e`f\\g */ h /* i ${j} k\u2028l\u2029m </script> \uD800n';
/**
 * A path parameter's name: no braces (they delimit it) and no `/` (routers, ours and swagger-parser's, split the
 * path template on `/` first; a name holding one is reported as an undeclared parameter).
 */
export const PATH_PARAM = HOSTILE.replace(/[{}/]/g, '');
/** What a URL path segment can hold unescaped, still hostile to code. */
export const PATH_SEGMENT = "it's*/$x~!";
/** A header name: an HTTP token (RFC 9110 `tchar`), which can hold `'`, `*`, a backtick, `$`, but no `/` or `"`. */
export const HEADER = "X-It's*`|~$^";
/** The API key's header, another token. */
export const KEY_HEADER = "X-Key'*#!";
/**
 * A query parameter's name: hostile, holding what a query string must escape, but no lone surrogate (the name
 * travels in the URL, which cannot encode one).
 */
export const QUERY = `q ${HOSTILE.replace('\uD800', '')} &=#+?`;
/**
 * A path parameter's value: what a URL must escape, but no lone surrogate (a URL cannot encode one) and no `/` or
 * backslash (the server refuses them in a decoded path parameter).
 */
export const PATH_VALUE = "v?#'% ${x}*\u2028é";
/** Property names: ones JavaScript gives a meaning to, and the hostile ones. */
export const NAMES = ['__proto__', 'constructor', 'toString', HOSTILE, 'a*/b', "q'uote"] as const;

const text = (where: string) => `${where}: ${HOSTILE}`;
const str = { type: 'string' };

export function hostileDocument(): Record<string, unknown> {
  const states = [HOSTILE, '__proto__', 'constructor', 'done*/'];
  return {
    openapi: '3.1.0',
    info: { title: text('title'), version: "1'*/", description: text('info') },
    servers: [{ url: `https://api.example.com/v1/${PATH_SEGMENT}`, description: text('server') }],
    tags: [{ name: HOSTILE, description: text('tag') }],
    security: [{ [HOSTILE]: [] }],
    paths: {
      [`/things/{${PATH_PARAM}}/${PATH_SEGMENT}`]: {
        post: {
          operationId: HOSTILE,
          summary: text('summary'),
          description: text('description'),
          tags: [HOSTILE],
          parameters: [
            {
              name: PATH_PARAM,
              in: 'path',
              required: true,
              description: text('path parameter'),
              schema: str,
              example: HOSTILE,
            },
            {
              name: QUERY,
              in: 'query',
              required: true,
              description: text('query parameter'),
              schema: { $ref: '#/components/schemas/Kind' },
            },
            { name: HEADER, in: 'header', required: true, description: text('header'), schema: str },
          ],
          requestBody: {
            required: true,
            description: text('body'),
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Thing' },
                example: { [HOSTILE]: HOSTILE },
              },
            },
          },
          responses: {
            '200': {
              description: text('response'),
              headers: { [HEADER]: { description: text('response header'), schema: str } },
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
            },
          },
        },
      },
      '/things/{thing_id}': {
        delete: {
          operationId: 'deleteThing',
          summary: text('summary'),
          parameters: [{ name: 'thing_id', in: 'path', required: true, schema: str }],
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
            },
          },
        },
      },
    },
    webhooks: {
      [HOSTILE]: {
        post: {
          operationId: `${HOSTILE}-hook`,
          description: text('webhook'),
          requestBody: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
          responses: { '200': { description: text('webhook response') } },
        },
      },
    },
    components: {
      securitySchemes: {
        [HOSTILE]: { type: 'apiKey', in: 'header', name: KEY_HEADER, description: text('scheme') },
      },
      schemas: {
        Kind: {
          type: 'string',
          title: text('enum title'),
          description: text('enum'),
          enum: [HOSTILE, '__proto__', 'constructor', 'toString', '*/', '${x}'],
          example: HOSTILE,
        },
        State: { type: 'string', description: text('state'), enum: states },
        Thing: {
          type: 'object',
          title: text('object title'),
          description: text('object'),
          required: [HOSTILE, 'state'],
          properties: {
            ...Object.fromEntries(
              NAMES.map((n) => [
                n,
                { type: 'string', description: text(`property ${n}`), example: HOSTILE, default: HOSTILE },
              ]),
            ),
            kind: { $ref: '#/components/schemas/Kind' },
            state: { $ref: '#/components/schemas/State' },
            count: { type: 'integer', description: text('count'), examples: [1] },
          },
          example: { [HOSTILE]: HOSTILE, state: HOSTILE },
        },
      },
    },
    'x-state-machines': {
      [`${HOSTILE}-machine`]: {
        schema: '#/components/schemas/Thing',
        property: 'state',
        states,
        transitions: [
          {
            from: null,
            to: HOSTILE,
            on: { operation: HOSTILE },
            condition: text('condition'),
            effects: text('effects'),
          },
          { from: HOSTILE, to: 'done*/', on: { after: 'PT10M', bound: 'at_most' }, condition: text('time') },
        ],
        guards: [{ operation: 'deleteThing', target: 'path.thing_id', states: [HOSTILE, 'done*/'] }],
        complete: false,
      },
    },
  };
}
