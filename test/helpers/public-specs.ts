/**
 * Test data the repository does not write, each from a pinned npm package or a copy in test/fixtures/ with its
 * source and licence: nothing is read from outside the repository.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const fixtures = path.resolve(import.meta.dirname, '../fixtures');

/** GitHub's REST description (api.github.com, OpenAPI 3.0.3, ~1,100 operations), from the pinned `@octokit/openapi`. */
export const GITHUB_SPEC = require.resolve('@octokit/openapi/generated/api.github.com.json');

/** OpenAI's published spec, OpenAPI 3.1 (test/fixtures/corpus/README.md gives its source). */
export const OPENAI_31_SPEC = path.join(fixtures, 'corpus/openai-3.1.yaml');

/** The JSON-Schema-Test-Suite's `tests/` folder (test/fixtures/json-schema-test-suite/README.md). */
export const JSON_SCHEMA_SUITE = path.join(fixtures, 'json-schema-test-suite/tests');

/** The project's table of the API's operations (test/fixtures/api-surface/README.md). */
export const API_SURFACE = path.join(fixtures, 'api-surface/api-surface.md');
