/** Base of every generated resource class: holds the client whose engine its methods call. */
import type { ClientBase } from './client-base.js';

export class APIResource {
  constructor(protected readonly _client: ClientBase) {}
}
