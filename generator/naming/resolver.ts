/**
 * The one owner of generated identifiers. Every exported TypeScript name (schema types, operation types, enums,
 * resource classes) is claimed here with the thing that owns it. A clash between two names the spec's author
 * chose is an `identifier-collision` (an error in strict mode; in tolerant mode the second is renamed with a
 * number, reported). A name the generator invents gets the first free numbered form, silently and
 * deterministically.
 */
import { Diagnostics, type Location } from '../diagnostics.ts';
import { RESERVED_TYPE_NAMES } from './reserved.ts';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export class NameRegistry {
  private readonly owners = new Map<string, { owner: string; location: Location }>();

  constructor(private readonly diagnostics: Diagnostics = new Diagnostics('strict')) {}

  /** An author-chosen name. A global or runtime name (`Error`, `Promise`, `Page`) becomes `<name>Model`, silently. */
  claim(name: string, owner: string, location: Location): string {
    if (RESERVED_TYPE_NAMES.has(name)) name = `${name}Model`;
    if (!IDENTIFIER.test(name)) {
      const fixed = this.free(`_${name.replace(/[^A-Za-z0-9_$]/g, '')}`, owner);
      this.diagnostics.report(
        'identifier-collision',
        `'${name}' (for ${owner}) is not a valid TypeScript identifier`,
        location,
        `named '${fixed}'`,
      );
      return this.set(fixed, owner, location);
    }
    const existing = this.owners.get(name);
    if (existing && existing.owner !== owner) {
      const renamed = this.free(name, owner);
      this.diagnostics.report(
        'identifier-collision',
        `the name '${name}' is claimed by ${existing.owner} and by ${owner}; rename one of them in the spec`,
        location,
        `the second is named '${renamed}'`,
      );
      return this.set(renamed, owner, location);
    }
    return this.set(name, owner, location);
  }

  /** A name the generator made up: `name`, else `name2`, `name3`…, never reported. */
  invent(name: string, owner: string, location: Location): string {
    if (RESERVED_TYPE_NAMES.has(name)) name = `${name}Model`;
    if (!IDENTIFIER.test(name)) name = `_${name.replace(/[^A-Za-z0-9_$]/g, '')}`;
    return this.set(this.free(name, owner), owner, location);
  }

  has(name: string): boolean {
    return this.owners.has(name) || RESERVED_TYPE_NAMES.has(name);
  }

  private free(name: string, owner: string): string {
    const ok = (n: string) => !this.owners.has(n) || this.owners.get(n)!.owner === owner;
    if (ok(name)) return name;
    for (let i = 2; ; i++) if (ok(`${name}${i}`)) return `${name}${i}`;
  }

  private set(name: string, owner: string, location: Location): string {
    this.owners.set(name, { owner, location });
    return name;
  }
}
