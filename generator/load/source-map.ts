/**
 * Maps a JSON pointer of the bundled document back to the YAML file, line and column it came from, following
 * cross-file `$ref`s the way the bundler did. Used only to locate error messages.
 */
import path from 'node:path';
import type { Location } from '../diagnostics.ts';
import type { SourceFile, SourceNode, SourceSet } from './yaml-files.ts';
import { decodeToken } from '../diagnostics.ts';

function tokens(pointer: string): string[] {
  const body = pointer.replace(/^#?\/?/, '');
  if (body === '') return [];
  return body.split('/').map(decodeToken);
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

/** Where a walk stands: the file and the node there. */
interface At {
  file: SourceFile;
  node: SourceNode;
}

export function createLocator(sources: SourceSet, followLast = false): (pointer: string) => Location {
  const jump = (file: SourceFile, ref: string): At | undefined => {
    const hash = ref.indexOf('#');
    const filePart = hash === -1 ? ref : ref.slice(0, hash);
    const target =
      filePart === '' ? file : sources.files.get(path.resolve(path.dirname(file.path), filePart));
    if (!target) return undefined;
    let node: SourceNode | undefined = target.root();
    for (const token of tokens(hash === -1 ? '' : ref.slice(hash + 1))) node = node?.child(token);
    return node ? { file: target, node } : undefined;
  };

  return (pointer) => {
    let at: At = { file: sources.root, node: sources.root.root() };
    for (const token of tokens(pointer)) {
      let next = at.node.child(token);
      // Follow cross-file refs (the bundler inlined them) but not internal ones, which stay refs.
      for (let hops = 0; next === undefined && hops < 16; hops++) {
        const ref = at.node.ref();
        if (!ref || ref.startsWith('#')) break;
        const landed = jump(at.file, ref);
        if (!landed) break;
        at = landed;
        next = at.node.child(token);
      }
      if (next === undefined) break;
      at = { file: at.file, node: next };
    }
    if (followLast) {
      let fragment = '';
      for (let hops = 0; hops < 16; hops++) {
        const ref = at.node.ref();
        if (!ref || ref.startsWith('#')) break;
        const landed = jump(at.file, ref);
        if (!landed) break;
        at = landed;
        fragment = ref.includes('#') ? ref.slice(ref.indexOf('#') + 1) : '';
      }
      return { file: at.file.display, ...at.node.position(), pointer, fragment } as Location;
    }
    return { file: at.file.display, ...at.node.position(), pointer };
  };
}
