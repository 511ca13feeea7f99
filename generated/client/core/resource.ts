// Copied by platform-api-codegen from its runtime (templates/client/core/resource.ts). Do not edit: every generation replaces it.
/** Base of every generated resource class: holds the client whose engine its methods call. */
import type { ClientBase } from './client-base.js';

export class APIResource {
  protected readonly _client: ClientBase;

  constructor(client: ClientBase) {
    this._client = client;
  }
}
