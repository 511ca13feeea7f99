// Copied by platform-api-codegen from its runtime (templates/emulator/types.ts). Do not edit: every generation replaces it.
/** The emulator's model (generated model.ts, read from the spec) and the JSON values it stores. */

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A value as text: a scalar as `String` writes it, an object or list as JSON (never `[object Object]`). */
export function jsonText(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** The JSON Schema subset the model carries: references are `#/s/<schema name>`. */
export type Schema = { [key: string]: unknown };

export type Paging =
  | {
      kind: 'envelope';
      param?: string;
      items: string[];
      limit?: string;
      limitDefault?: number;
      order?: string;
      before?: string;
    }
  | {
      kind: 'cursor';
      param: string;
      next: string[];
      items: string[];
      limit?: string;
      limitDefault?: number;
      order?: string;
      before?: string;
    }
  | {
      kind: 'offset';
      param: string;
      items: string[];
      limit?: string;
      limitDefault?: number;
      order?: string;
      before?: string;
    }
  | {
      kind: 'page';
      param: string;
      items: string[];
      limit?: string;
      limitDefault?: number;
      order?: string;
      before?: string;
    }
  | {
      /** Pages named by a `Link: <…>; rel="next"` header; `page` is the query parameter holding the page number. */
      kind: 'link';
      page?: string;
      items: string[];
      limit?: string;
      limitDefault?: number;
      order?: string;
      before?: string;
    };

/** How the server makes a new id (the emulation pass's rule: the spec's pattern, prefix, format or integers). */
export type IdRule =
  | { type: 'integer'; minimum?: number }
  | {
      type: 'string';
      prefix?: string;
      patterns: string[];
      format?: 'uuid';
      minLength?: number;
      maxLength?: number;
    };

export interface CollectionModel {
  /** The item schema's name: the collection's key. */
  name: string;
  /** Ids are unique only under the parents (every item address names them). */
  scoped: boolean;
  parent?: string;
  /** The item's property holding its parent's id, set from the path. */
  parentField?: string;
  id: IdRule;
  object?: string;
  machine?: string;
  stamps: { created?: string; updated?: string };
  /** Child collections counted (`file_counts`) or created from ids a create body names (`file_ids`). */
  children: { collection: string; counts?: string; ids?: string }[];
  /** Its list and create paths, as the spec writes them (another name for it in the config's `seed`). */
  paths: string[];
}

export type OperationKind =
  | 'create'
  | 'retrieve'
  | 'update'
  | 'delete'
  | 'list'
  | 'transition'
  | 'derive'
  | 'action'
  | 'token'
  | 'compute';

export interface OperationModel {
  kind: OperationKind;
  collection?: string;
  /** Identifiers of the path parameters, in path order. */
  pathParams: string[];
  idParam?: string;
  parentParams: string[];
  /** A declared idempotency header (lower case). */
  idempotencyHeader?: string;
  response?: Schema;
  /**
   * What the emulator adds to the paging of the shared operation table (limit, order, before, page parameters), and
   * the convention itself where the table has none; the handlers join the two once (`listPaging`).
   */
  paging?: Partial<Paging>;
  computes?:
    'embedding' | 'completion' | 'moderation' | 'image' | 'speech' | 'transcription' | 'tokens' | 'grader';
  streams?: boolean;
  sseEvents?: Record<string, Schema>;
  categories?: string[];
  guards: {
    machine: string;
    target: { in: 'path'; name: string } | { in: 'body'; pointer: string };
    states: string[];
  }[];
}

/** A declared webhook and what sends it (the emulation pass's rule; the README states it). */
export interface EventModel {
  name: string;
  schema: Schema;
  /** An item of `collection` created, deleted or entering `state`; `itemPath`: where the item goes in the payload. */
  fires: { collection: string; state: string; itemPath?: string[] }[];
  id?: IdRule;
}

export interface MachineModel {
  name: string;
  schema: string;
  property: string;
  states: string[];
  transitions: {
    from: string | null;
    to: string;
    on: { operation: string } | { after: string; seconds: number; bound: string };
    effects?: string;
  }[];
  complete: boolean;
}

/** A progression the documents do not show, assumed by the emulator (configurable, listed in its README). */
export interface AssumedProgression {
  machine: string;
  from: string;
  to: string;
  afterMs: number;
}

export interface EmulatorModel {
  title: string;
  schemas: Record<string, Schema>;
  collections: Record<string, CollectionModel>;
  operations: Record<string, OperationModel>;
  machines: Record<string, MachineModel>;
  /** Initial state of a machine's items when the documents name none for the operation creating them. */
  assumedInitial: Record<string, string>;
  assumedProgressions: AssumedProgression[];
  /** Every declared webhook. */
  events: EventModel[];
  rateLimitHeaders: string[];
}
