/**
 * Maps a JSON pointer of the bundled document back to the YAML file, line and column it came from, following
 * cross-file `$ref`s the way the bundler did. Used only to locate error messages.
 */
import path from 'node:path';
import { isMap, isScalar, isSeq, type Node as YamlNode } from 'yaml';
import type { Location } from '../diagnostics.ts';
import { position, type SourceFile, type SourceSet } from './yaml-files.ts';

function refOf(node: YamlNode): string | undefined {
  if (!isMap(node)) return undefined;
  for (const pair of node.items) {
    if (isScalar(pair.key) && pair.key.value === '$ref' && isScalar(pair.value) && typeof pair.value.value === 'string') {
      return pair.value.value;
    }
  }
  return undefined;
}

function child(node: YamlNode, token: string): YamlNode | undefined {
  if (isMap(node)) {
    for (const pair of node.items) {
      if (isScalar(pair.key) && String(pair.key.value) === token) return (pair.value as YamlNode) ?? undefined;
    }
  } else if (isSeq(node)) {
    const index = Number(token);
    if (Number.isInteger(index)) return (node.items[index] as YamlNode) ?? undefined;
  }
  return undefined;
}

function tokens(pointer: string): string[] {
  const body = pointer.replace(/^#?\/?/, '');
  if (body === '') return [];
  return body.split('/').map((t) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The file (and fragment) a node of the bundle was written in, following a cross-file `$ref` at the node itself
 * too: `#/paths/~1pets/get/.../schema` → `schemas/pet.yaml`, ''. Used to name hoisted schemas.
 */
export function createSourceOf(sources: SourceSet): (pointer: string) => { file: string; fragment: string } {
  const locate = createLocator(sources, true);
  return (pointer) => {
    const loc = locate(pointer) as Location & { fragment?: string };
    return { file: loc.file ?? '', fragment: loc.fragment ?? '' };
  };
}

export function createLocator(sources: SourceSet, followLast = false): (pointer: string) => Location {
  const jump = (file: SourceFile, ref: string): { file: SourceFile; node: YamlNode } | undefined => {
    const hash = ref.indexOf('#');
    const filePart = hash === -1 ? ref : ref.slice(0, hash);
    const target = filePart === '' ? file : sources.files.get(path.resolve(path.dirname(file.path), filePart));
    if (!target) return undefined;
    let node: YamlNode | undefined = target.doc.contents as YamlNode;
    for (const token of tokens(hash === -1 ? '' : ref.slice(hash + 1))) {
      node = node ? child(node, token) : undefined;
    }
    return node ? { file: target, node } : undefined;
  };

  return (pointer) => {
    let file = sources.root;
    let node: YamlNode | undefined = file.doc.contents as YamlNode;
    for (const token of tokens(pointer)) {
      if (!node) break;
      let next = child(node, token);
      // Follow cross-file refs (the bundler inlined them) but not internal ones, which stay refs.
      for (let hops = 0; next === undefined && hops < 16; hops++) {
        const ref = refOf(node);
        if (!ref || ref.startsWith('#')) break;
        const landed = jump(file, ref);
        if (!landed) break;
        file = landed.file;
        node = landed.node;
        next = child(node, token);
      }
      if (next === undefined) break;
      node = next;
    }
    if (followLast) {
      let fragment = '';
      for (let hops = 0; node && hops < 16; hops++) {
        const ref = refOf(node);
        if (!ref || ref.startsWith('#')) break;
        const landed = jump(file, ref);
        if (!landed) break;
        file = landed.file;
        node = landed.node;
        fragment = ref.includes('#') ? ref.slice(ref.indexOf('#') + 1) : '';
      }
      return { file: file.display, ...position(file, node), pointer, fragment } as Location;
    }
    return { file: file.display, ...position(file, node), pointer };
  };
}
