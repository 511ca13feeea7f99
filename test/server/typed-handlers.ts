/**
 * Type-level tests of the server's handler types, checked by `npm run typecheck` (part of `npm test`): every
 * `@ts-expect-error` below must be an error, and every other line must compile. No test runner executes this file.
 */
import type { Handler } from '../../templates/server/core/handler.ts';
import { reply, type Handlers, type GuardedStates } from '../../generated/server/index.ts';
import { guardState } from '../../generated/server/index.ts';

interface Project {
  id: string;
  name: string;
  status: 'active' | 'archived';
}
interface ErrorBody {
  error: { message: string; type: 'invalid_request_error' | 'not_found_error' };
}

/** A route as handlers.ts writes one: no query, no headers; 201 on success, 404 declared, other errors by range. */
type CreateProject = Handler<{
  params: { orgId: string };
  body: { name: string };
  result: Project;
  responses: { 201: Project; 404: ErrorBody; '5XX': ErrorBody };
}>;
const project: Project = { id: 'p1', name: 'n', status: 'active' };

export const handlers: CreateProject[] = [
  // The success value, a typed reply, a declared error, a status its range covers; sync or async.
  ({ body }) => ({ ...project, name: body.name }),
  async ({ params, reply }) => reply(201, { ...project, id: params.orgId }),
  async ({ reply }) => reply(404, { error: { message: 'no such organization', type: 'not_found_error' } }),
  ({ reply }) => reply(503, { error: { message: 'later', type: 'invalid_request_error' } }),
  // @ts-expect-error the success is a Project: a value that is not one does not compile
  () => ({ id: 'p1' }),
  // @ts-expect-error a reply's body is the declared response's type
  ({ reply }) => reply(201, { id: 'p1', name: 'n' }),
  // @ts-expect-error a status the spec does not declare (no range or default covers 4XX but 404)
  ({ reply }) => reply(409, { error: { message: 'x', type: 'invalid_request_error' } }),
  // @ts-expect-error a literal type of the error body is checked too
  async ({ reply }) => reply(404, { error: { message: 'x', type: 'teapot' } }),
  // @ts-expect-error the operation has no query: the part is left out, not typed as empty
  ({ query }) => ({ ...project, name: String(query) }),
  // @ts-expect-error the global reply's result is checked against the declared responses where it is returned
  () => reply(201, { id: 'p1' }),
];

/** The generated Handlers wire the same types: createBatch answers a Batch. */
export const batches: Handlers = {
  createBatch: async ({ body, reply }) =>
    reply(200, {
      id: 'batch_1',
      object: 'batch',
      endpoint: body.endpoint,
      input_file_id: body.input_file_id,
      completion_window: body.completion_window,
      status: 'validating',
      created_at: 0,
    }),
  // @ts-expect-error listBatches answers a BatchList, not a Batch
  listBatches: () => ({ id: 'batch_1', object: 'batch' }),
  // @ts-expect-error createEmbedding has no path parameters
  createEmbedding: ({ params }) => params,
};

// guardState takes an operation a state machine restricts, and a state of that machine.
export const states: GuardedStates['deleteVideo'][] = ['completed', 'failed'];
export function guards(status: GuardedStates['deleteVideo']): void {
  guardState('deleteVideo', status);
  guardState('cancelBatch', 'in_progress');
  // @ts-expect-error no state machine restricts createEmbedding
  guardState('createEmbedding', 'completed');
  // @ts-expect-error 'archived' is no state of a video
  guardState('deleteVideo', 'archived');
}
