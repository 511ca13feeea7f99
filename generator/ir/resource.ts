/** The SDK resource tree the client mirrors (`client.vectorStores.files`), built by the resources pass. */

/** A node of the SDK resource tree: `client.vectorStores.files`. */
export interface ResourceNode {
  /** Property name on the parent (`files`), empty at the root. */
  property: string;
  /** Class name (`VectorStoresFiles`). */
  className: string;
  /** Path from the root, e.g. `['vectorStores', 'files']`. */
  path: string[];
  /**
   * The operations called on this resource: method name (the last segment of the SDK call path), in the API's order:
   * `create`, `retrieve`, `update`, `list`, `delete`, then the others in the spec's order.
   */
  methods: { name: string; operationId: string }[];
  /** Sub-resources, sorted by `property`. */
  children: ResourceNode[];
  /**
   * The file of this resource's class, one per resource: `client/resources/<kebab property>.ts`, or for a resource
   * with sub-resources a folder of its own, `…/<kebab property>/<kebab property>.ts`, its sub-resources beside it
   * (naming/paths.ts); decided by the resources pass.
   */
  file: string;
}

/** A top-level resource (a resource node directly under the root). */
export type TopResource = ResourceNode;

/** The root of the resource tree (`property`, `className` and `path` empty; no file). */
export interface ResourceRoot extends Omit<ResourceNode, 'children' | 'file'> {
  /** The top-level resources, sorted by `property`. */
  children: TopResource[];
}
