/**
 * The emulator of OpenAI's whole published spec (288 operations): every 2xx answer is a valid value of the schema
 * the spec declares for it (ajv's judgement), and most operations answer 2xx to a request made from their schemas.
 */
import { describe, expect, it } from 'vitest';
import { OPENAI_31_SPEC } from '../helpers/public-specs.ts';
import { answerAll } from './emulator-answers.ts';

describe("the emulator of OpenAI's whole spec", () => {
  it('answers every operation with values of its response schemas', async () => {
    const outcome = await answerAll(OPENAI_31_SPEC);
    console.log(
      `OpenAI: ${outcome.succeeded}/${outcome.operations} operations answered 2xx; refused: ${JSON.stringify(outcome.refused)}`,
    );
    expect(outcome.invalid).toEqual([]);
    expect(outcome.succeeded / outcome.operations).toBeGreaterThan(0.9);
  });
});
