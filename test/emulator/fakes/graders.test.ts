import { describe, expect, it } from 'vitest';
import {
  GRADER_ERROR_FLAGS,
  renderTemplate,
  runGrader,
  SIMILARITY_METRICS,
  stringCheck,
  STRING_CHECK_OPERATIONS,
  textSimilarity,
} from '../../../templates/emulator/fakes/index.js';
import { componentSchemas, enumOf, validatorOf } from './spec.ts';

describe('string_check', () => {
  it('covers the spec operations: eq and ne exact, like and ilike as "contains" (ilike ignoring case)', () => {
    const operations = (
      componentSchemas.GraderStringCheck as { properties: { operation: { enum: string[] } } }
    ).properties.operation.enum;
    expect([...STRING_CHECK_OPERATIONS]).toEqual(operations);
    expect(stringCheck('Paris', 'Paris', 'eq')).toBe(1);
    expect(stringCheck('Paris', 'paris', 'eq')).toBe(0);
    expect(stringCheck('Paris', 'paris', 'ne')).toBe(1);
    expect(stringCheck('Paris', 'Paris', 'ne')).toBe(0);
    expect(stringCheck('The capital is Paris.', 'Paris', 'like')).toBe(1);
    expect(stringCheck('The capital is PARIS.', 'Paris', 'like')).toBe(0);
    expect(stringCheck('The capital is PARIS.', 'paris', 'ilike')).toBe(1);
    expect(stringCheck('Lyon', 'paris', 'ilike')).toBe(0);
    // No SQL wildcards: % and _ are literal.
    expect(stringCheck('abc', 'a%', 'like')).toBe(0);
    expect(() => stringCheck('a', 'a', 'regex' as 'eq')).toThrow(
      'Unknown string_check operation "regex"; known: eq, ne, like, ilike.',
    );
  });
});

describe('text similarity', () => {
  it('covers every metric the spec lists; identical texts score 1 (METEOR: 1 − 0.5/m³), no common word 0', () => {
    expect([...SIMILARITY_METRICS]).toEqual(enumOf('GraderTextSimilarityMetric'));
    for (const metric of SIMILARITY_METRICS) {
      // METEOR's fragmentation penalty never vanishes: one chunk of m = 7 matches costs 0.5 · (1/7)³.
      const identical = metric === 'meteor' ? 1 - 0.5 / 7 ** 3 : 1;
      expect(
        textSimilarity('the cat sat on the mat today', 'the cat sat on the mat today', metric),
        metric,
      ).toBeCloseTo(identical, 10);
      expect(textSimilarity('', '', metric), metric).toBe(1);
      if (metric !== 'fuzzy_match') {
        expect(textSimilarity('alpha beta gamma', 'delta epsilon zeta', metric), metric).toBe(0);
        expect(textSimilarity('', 'something', metric), metric).toBe(0);
      }
    }
    expect(() => textSimilarity('a', 'b', 'bertscore' as 'bleu')).toThrow(
      /Unknown text similarity metric "bertscore"/,
    );
  });

  it('computes the documented formulas (worked by hand: "the cat sat" against "the cat ate")', () => {
    const [hyp, ref] = ['The cat sat', 'the cat ate'];
    expect(textSimilarity(hyp, ref, 'rouge_1')).toBeCloseTo(2 / 3, 10); // P = R = 2/3
    expect(textSimilarity(hyp, ref, 'rouge_2')).toBeCloseTo(1 / 2, 10); // "the cat" of 2 bigrams each
    expect(textSimilarity(hyp, ref, 'rouge_3')).toBe(0);
    expect(textSimilarity(hyp, ref, 'rouge_l')).toBeCloseTo(2 / 3, 10); // LCS "the cat"
    expect(textSimilarity(hyp, ref, 'cosine')).toBeCloseTo(2 / 3, 10); // 2 / (√3 · √3)
    expect(textSimilarity(hyp, ref, 'gleu')).toBeCloseTo(3 / 6, 10); // 2 + 1 matches of 6 n-grams each side
    // METEOR: P = R = 2/3, Fmean = 10PR/(R + 9P) = 2/3, one chunk of 2 matches: penalty 0.5 · (1/2)³.
    expect(textSimilarity(hyp, ref, 'meteor')).toBeCloseTo((2 / 3) * (1 - 0.5 * 0.125), 10);
    // BLEU: p1 = 2/3, p2 = (1+1)/(2+1), p3 = (0+1)/(1+1), p4 = (0+1)/(0+1), equal lengths.
    expect(textSimilarity(hyp, ref, 'bleu')).toBeCloseTo(((2 / 3) * (2 / 3) * (1 / 2) * 1) ** 0.25, 10);
    // fuzzy_match on characters, case kept: "kitten"/"sitting" share "ittn".
    expect(textSimilarity('kitten', 'sitting', 'fuzzy_match')).toBeCloseTo((2 * 4) / 13, 10);
    expect(textSimilarity('Kitten', 'kitten', 'fuzzy_match')).toBeCloseTo(10 / 12, 10);
  });

  it('penalises a short input in BLEU (brevity) and scattered matches in METEOR (fragmentation)', () => {
    const ref = 'one two three four five six';
    expect(textSimilarity('one two three', ref, 'bleu')).toBeLessThan(
      textSimilarity('one two three four five six', ref, 'bleu'),
    );
    expect(textSimilarity('one x two y three', 'one two three', 'meteor')).toBeLessThan(
      textSimilarity('one two three x y', 'one two three', 'meteor'),
    );
    expect(textSimilarity('the the the', 'the cat', 'rouge_1')).toBeCloseTo(
      (2 * (1 / 3) * (1 / 2)) / (1 / 3 + 1 / 2),
      10,
    ); // clipped
  });

  it('tokenizes on letters and digits of any script, ignoring case and punctuation', () => {
    expect(textSimilarity('Ünïcödé, WORDS!', 'ünïcödé words', 'rouge_1')).toBe(1);
    expect(textSimilarity('日本 語', '日本 語', 'bleu')).toBeCloseTo(1, 10);
  });
});

describe('runGrader', () => {
  const valid = validatorOf('GraderRunResult');

  it('fills templates from item and sample, grades, and answers a result valid for the spec', () => {
    const result = runGrader(
      {
        type: 'string_check',
        name: 'capital',
        input: '{{sample.output_text}}',
        reference: '{{ item.answer }}',
        operation: 'ilike',
      },
      { item: { answer: 'paris' }, modelSample: 'It is Paris.' },
    );
    expect(result?.reward).toBe(1);
    expect(valid(result), valid.errors()).toBe(true);
    expect(result!.metadata).toMatchObject({ name: 'capital', type: 'string_check', scores: { capital: 1 } });
    expect(Object.values(result!.metadata.errors).filter((v) => v === true)).toEqual([]);
    expect(Object.keys(result!.metadata.errors)).toEqual(expect.arrayContaining([...GRADER_ERROR_FLAGS]));
  });

  it('reads sample.output_json when the sample is JSON, nested item paths, and non-string values as JSON', () => {
    const context = { item: { expected: { city: 'Paris', n: 3 } }, modelSample: '{"city":"Paris","n":3}' };
    expect(
      renderTemplate('{{sample.output_json.city}}/{{item.expected.n}}/{{item.expected}}', context),
    ).toEqual({ text: 'Paris/3/{"city":"Paris","n":3}', missing: [] });
    const result = runGrader(
      {
        type: 'text_similarity',
        name: 'sim',
        input: '{{sample.output_json.city}}',
        reference: '{{item.expected.city}}',
        evaluation_metric: 'fuzzy_match',
      },
      context,
    );
    expect(result?.reward).toBe(1);
    expect(valid(result)).toBe(true);
    expect(renderTemplate('{{sample.output_json}}', { modelSample: 'not json' })).toEqual({
      text: '',
      missing: ['sample.output_json'],
    });
    expect(renderTemplate('{{other.x}} stays', {})).toEqual({ text: '{{other.x}} stays', missing: [] });
  });

  it('reports a variable that resolves to nothing as invalid_variable_error with reward 0', () => {
    const result = runGrader(
      { type: 'string_check', name: 'c', input: '{{item.missing}}', reference: '', operation: 'eq' },
      { item: {} },
    );
    expect(result?.reward).toBe(0);
    expect(result!.metadata.errors.invalid_variable_error).toBe(true);
    expect(valid(result)).toBe(true);
  });

  it('computes nothing for graders that need a runtime, a model or an undocumented formula', () => {
    for (const type of ['python', 'score_model', 'label_model', 'multi'])
      expect(runGrader({ type, name: 'x' }, {})).toBeUndefined();
  });

  it('is deterministic: the same grader and context give the same result', () => {
    const grader = {
      type: 'text_similarity',
      name: 's',
      input: '{{sample.output_text}}',
      reference: 'a b c',
      evaluation_metric: 'bleu',
    } as const;
    expect(runGrader(grader, { modelSample: 'a b d' })).toEqual(runGrader(grader, { modelSample: 'a b d' }));
  });
});
