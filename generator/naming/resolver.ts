/**
 * The one owner of generated identifiers. Every exported TypeScript name is claimed here with the thing that
 * owns it; a second owner for the same name is an `identifier-collision` error naming both.
 */
import { fail, type Location } from '../diagnostics.ts';

export class NameRegistry {
  private readonly owners = new Map<string, { owner: string; location: Location }>();

  claim(name: string, owner: string, location: Location): string {
    if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)) {
      fail('identifier-collision', `'${name}' (for ${owner}) is not a valid TypeScript identifier`, location);
    }
    const existing = this.owners.get(name);
    if (existing && existing.owner !== owner) {
      fail('identifier-collision', `the name '${name}' is claimed by ${existing.owner} and by ${owner}; rename one of them in the spec`, location);
    }
    this.owners.set(name, { owner, location });
    return name;
  }

  has(name: string): boolean {
    return this.owners.has(name);
  }
}
