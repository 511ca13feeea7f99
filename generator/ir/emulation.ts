/**
 * What the emulation pass decides (generator/passes/emulation/): the API's collections, what each operation does
 * to them, how ids are made, which declared webhook each lifecycle transition sends. The emulator's emitter only
 * turns this into data for the runtime; its README prints it as the decision table, and the emulator's config can
 * correct it (`collections`, `operations`).
 */
// Nothing here imports the model's types (ir/api.ts holds this table on `Api`): a payload is named by its webhook.

/** How the server makes a new id of a collection (or of an event). */
export type IdRule =
  | { type: 'integer'; minimum?: number }
  | {
      type: 'string';
      /** Literal start of every id (`tkt_`). */
      prefix?: string;
      /** Patterns every id must match: the address's path parameter's, then the `id` property's. */
      patterns: string[];
      format?: 'uuid';
      minLength?: number;
      maxLength?: number;
    };

/** Where an id rule's prefix came from, for the decision table. */
export type IdSource = 'pattern' | 'example' | 'description' | 'object' | 'format' | 'integer' | 'none';

export interface EmulatedCollection {
  /** The item schema's component name: the collection's key in the model and in the config (`Ticket`). */
  name: string;
  /** Other schemas whose values are its items (a list's summaries: GitHub's `base-gist` of `gist-simple`). */
  views: string[];
  /** The SDK resource holding its item operations (`tickets`), for the decision table. */
  resource: string;
  /** Item addresses (`/tickets/{ticket_id}`), list paths and create paths, as the spec writes them. */
  items: string[];
  lists: string[];
  creates: string[];
  /** Ids are unique only under the parents (every item address names them), else across the collection. */
  scoped: boolean;
  /** The collection whose item address a create or list path starts with (`Project` for `/projects/{project_id}/tickets`). */
  parent?: string;
  /** The item's property holding the parent's id (`project_id`), set from the path. */
  parentField?: string;
  id: IdRule;
  idSource: IdSource;
  /** The value of the item's `object` field when the schema fixes one. */
  object?: string;
  /** The state machine of its items. */
  machine?: string;
  /** Properties the server stamps with the time: at creation, and at creation and every change. */
  stamps: { created?: string; updated?: string };
  /** Child collections counted or created through fields of this one (`file_counts`, `file_ids`). */
  children: { collection: string; counts?: string; ids?: string }[];
}

export type EmulatedKind =
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

/** What a computing operation computes, for the emulator's fakes (OpenAI's wire formats: emulation/compute.ts). */
export type ComputeKind =
  | 'embedding'
  | 'completion'
  | 'moderation'
  | 'image'
  | 'speech'
  | 'transcription'
  | 'tokens'
  | 'grader';

export interface EmulatedOperation {
  kind: EmulatedKind;
  /** The collection it acts on (`EmulatedCollection.name`). */
  collection?: string;
  /** Identifiers of the path parameters, in path order: the item's id is the last for item kinds. */
  pathParams: string[];
  /** The item's id (item kinds). */
  idParam?: string;
  /** Parent ids, outermost first. */
  parentParams: string[];
  /** Why, for the decision table (`GET on an item address answering Ticket`). */
  reason: string;
  /** A declared idempotency header (lower case): a repeated key answers the first answer. */
  idempotencyHeader?: string;
  /**
   * The list's query parameters beside the paging pass's convention (`Operation.paging`); where that pass found
   * none, the list is `envelope` (`items: ['data']`, an unpaged list envelope) or a bare array (`items: []`).
   */
  paging?: {
    kind?: 'envelope';
    items?: string[];
    limit?: string;
    limitDefault?: number;
    order?: string;
    before?: string;
    page?: string;
  };
  computes?: ComputeKind;
  /** Properties of the moderation categories object, in order (for `moderation`). */
  categories?: string[];
  guards: {
    machine: string;
    target: { in: 'path'; name: string } | { in: 'body'; pointer: string };
    states: string[];
  }[];
}

/** A declared webhook and the lifecycle transitions that send it. */
export interface EmulatedEvent {
  /** The webhook's name in the spec (`ticket.resolved`): the event's `type`; its payload is the webhook's JSON body. */
  name: string;
  /**
   * What sends it: an item of `collection` created (`state` `created`), deleted (`deleted`) or entering a state of
   * its machine; `itemPath` is where the item goes in the payload (`['data', 'ticket']`: a property of the item's
   * schema; else `['data']`; `[]`: the payload is the item), absent when the payload has no place for it.
   */
  fires: { collection: string; state: string; itemPath?: string[] }[];
  /** The payload's `id`, when it has one. */
  id?: IdRule;
}

/** A progression the documents do not show, assumed by the emulator (configurable; its README lists each). */
export interface AssumedProgression {
  machine: string;
  from: string;
  to: string;
  afterMs: number;
}

export interface EmulationTable {
  collections: EmulatedCollection[];
  /** By operationId, in the model's operation order. */
  operations: Record<string, EmulatedOperation>;
  /** Every declared webhook, in name order. */
  events: EmulatedEvent[];
  /** Initial state of a machine's items when no creation is documented. */
  assumedInitial: Record<string, string>;
  assumedProgressions: AssumedProgression[];
  /** Documented rate-limit response headers (lower case). */
  rateLimitHeaders: string[];
}
