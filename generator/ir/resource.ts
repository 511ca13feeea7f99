/** The SDK resource tree the client mirrors (`client.vectorStores.files`), built by the resources pass. */

/** A node of the SDK resource tree: `client.vectorStores.files`. */
export interface ResourceNode {
  /** Property name on the parent (`files`), empty at the root. */
  property: string;
  /** Class name (`VectorStoresFiles`). */
  className: string;
  /** Path from the root, e.g. `['vectorStores', 'files']`. */
  path: string[];
  /** The operations called on this resource: method name (the last segment of the SDK call path), sorted by name. */
  methods: { name: string; operationId: string }[];
  /** Sub-resources, sorted by `property`. */
  children: ResourceNode[];
}

/** A top-level resource: a resource node with the file that holds it and its sub-resources. */
export interface TopResource extends ResourceNode {
  /** `client/resources/<kebab-case property>.ts`; decided by the resources pass. */
  file: string;
}

/** The root of the resource tree (`property`, `className` and `path` empty). */
export interface ResourceRoot extends Omit<ResourceNode, 'children'> {
  /** The top-level resources, sorted by `property`. */
  children: TopResource[];
}
