/**
 * The prefix of the environment variables the client reads (`<prefix>API_KEY`, `<prefix>BASE_URL`…), when the
 * config names none: from the spec's `info.title` without its generic words ("Acme Projects API" →
 * `ACME_PROJECTS_`, "Swagger Petstore" → `SWAGGER_PETSTORE_`), so no API reads `API_API_KEY`; from the client
 * class's name when the title has no other word.
 */

import { GENERIC_TITLE_WORDS } from './case.ts';

const GENERIC = new Set(GENERIC_TITLE_WORDS);

export function envPrefixFor(title: string, clientName: string): string {
  const words = (text: string) =>
    text
      .split(/[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])/)
      .filter((w) => w && !GENERIC.has(w.toLowerCase()) && !/^\d/.test(w))
      .slice(0, 3)
      .map((w) => w.toUpperCase());
  const fromTitle = words(title);
  const chosen = fromTitle.length ? fromTitle : words(clientName).filter((w) => w !== 'CLIENT');
  return chosen.length ? `${chosen.join('_')}_` : 'OPENAPI_';
}
