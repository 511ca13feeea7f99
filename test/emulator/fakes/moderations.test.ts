import { describe, expect, it } from 'vitest';
import { fakeModeration, FLAGGED_SCORE } from '../../../templates/emulator/fakes/index.js';
import { componentSchemas, validatorOf } from './spec.ts';

// Every category the spec lists.
const categories = (componentSchemas.ModerationCategories as { required: string[] }).required;
const categoriesValid = validatorOf('ModerationCategories');
const scoresValid = validatorOf('ModerationCategoryScores');

describe('fakeModeration', () => {
  it('scores every category the spec lists, small and unflagged for ordinary input, valid for the spec', () => {
    expect(categories).toHaveLength(13);
    const result = fakeModeration('A perfectly ordinary sentence.', categories);
    expect(Object.keys(result.categories)).toEqual(categories);
    expect(Object.keys(result.category_scores)).toEqual(categories);
    expect(result.flagged).toBe(false);
    for (const c of categories) {
      expect(result.categories[c]).toBe(false);
      expect(result.category_scores[c]).toBeGreaterThan(0);
      expect(result.category_scores[c]).toBeLessThan(0.02);
    }
    expect(categoriesValid(result.categories), categoriesValid.errors()).toBe(true);
    expect(scoresValid(result.category_scores), scoresValid.errors()).toBe(true);
  });

  it('flags exactly the categories the input asks for with [flag:<category>], case-insensitive', () => {
    const result = fakeModeration('text [flag:violence] and [FLAG:self-harm/intent]', categories);
    expect(result.flagged).toBe(true);
    const flagged = categories.filter((c) => result.categories[c]);
    expect(flagged).toEqual(['self-harm/intent', 'violence']);
    expect(result.category_scores.violence).toBe(FLAGGED_SCORE);
    expect(categoriesValid(result.categories)).toBe(true);
  });

  it('is deterministic per input and varies between inputs', () => {
    expect(fakeModeration('one', categories)).toEqual(fakeModeration('one', categories));
    expect(fakeModeration('one', categories).category_scores).not.toEqual(
      fakeModeration('two', categories).category_scores,
    );
  });

  it('answers over the categories given, in their order', () => {
    expect(Object.keys(fakeModeration('x', ['b', 'a']).categories)).toEqual(['b', 'a']);
    expect(fakeModeration('x', [])).toEqual({ flagged: false, categories: {}, category_scores: {} });
  });
});
