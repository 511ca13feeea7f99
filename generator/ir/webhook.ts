/** The webhook family: requests the API sends to the user's server (`webhooks` in 3.1). */

import type { Pointer } from './base.ts';
import type { RequestBody } from './body.ts';
import type { Parameter, ParsedParameter } from './parameter.ts';
import type { ParsedResponse } from './response.ts';

/** A webhook (`webhooks` in 3.1): a request the API sends to the user's server when an event happens, as parse reads it. */
export interface ParsedWebhook {
  /** Event name, e.g. `response.completed` (its key under `webhooks`). */
  name: string;
  /** The HTTP method of the delivery (lower case, e.g. `post`). */
  method: string;
  summary?: string;
  description?: string;
  /** The delivery's header parameters, sorted by name. */
  headers: ParsedParameter[];
  /** The delivery's body (the event payload). */
  body?: RequestBody;
  /** What the receiver may answer, as on `Operation.responses` (`x-when` is not read here: no selectors). */
  responses: ParsedResponse[];
  /** `x-not-shown` on the webhook. */
  notShown?: string[];
  /** `#/webhooks/<name>/<method>`. */
  pointer: Pointer;
}

/** A webhook with the names decided for it. */
export interface Webhook extends Omit<ParsedWebhook, 'headers'> {
  /** As parsed; each header's identifier is its wire name. */
  headers: Parameter[];
  /** TypeScript name of the payload type (`<PascalCase name>Webhook`); decided by the naming pass. */
  typeName: string;
}
