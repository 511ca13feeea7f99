/**
 * The text similarity metrics of the `text_similarity` grader. The documents name the metrics and nothing more:
 * every formula here is the emulator's choice, the usual published definition (README: "Graders"). Scores are in
 * [0, 1]; two empty texts score 1, one empty text 0.
 *
 * Words: lower-cased, every run of characters other than letters and digits is a separator (as the rouge-score
 * package tokenizes, extended to Unicode letters and digits).
 */

export const SIMILARITY_METRICS = [
  'cosine',
  'fuzzy_match',
  'bleu',
  'gleu',
  'meteor',
  'rouge_1',
  'rouge_2',
  'rouge_3',
  'rouge_4',
  'rouge_5',
  'rouge_l',
] as const;
export type SimilarityMetric = (typeof SIMILARITY_METRICS)[number];

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export function textSimilarity(input: string, reference: string, metric: SimilarityMetric): number {
  if (metric === 'fuzzy_match') return fuzzyMatch(input, reference);
  const hyp = words(input);
  const ref = words(reference);
  if (hyp.length === 0 || ref.length === 0) return hyp.length === ref.length ? 1 : 0;
  switch (metric) {
    case 'cosine':
      return cosine(hyp, ref);
    case 'bleu':
      return bleu(hyp, ref);
    case 'gleu':
      return gleu(hyp, ref);
    case 'meteor':
      return meteor(hyp, ref);
    case 'rouge_l':
      return rougeL(hyp, ref);
    case 'rouge_1':
    case 'rouge_2':
    case 'rouge_3':
    case 'rouge_4':
    case 'rouge_5':
      return rougeN(hyp, ref, Number(metric.slice(-1)));
    default:
      throw new RangeError(
        `Unknown text similarity metric ${JSON.stringify(metric)}; known: ${SIMILARITY_METRICS.join(', ')}.`,
      );
  }
}

/** n-gram counts, keyed by the words joined with a separator no word contains. */
export function ngrams(tokens: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const key = tokens.slice(i, i + n).join(' ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Matches with counts clipped to the reference's (each reference n-gram matches at most as often as it occurs). */
function clippedMatches(hyp: Map<string, number>, ref: Map<string, number>): number {
  let matches = 0;
  for (const [gram, count] of hyp) matches += Math.min(count, ref.get(gram) ?? 0);
  return matches;
}

const total = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);
const f1 = (precision: number, recall: number) =>
  precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);

/**
 * fuzzy_match: the indel similarity of the two strings, character by character (rapidfuzz's `fuzz.ratio` / 100,
 * difflib's ratio on the optimal alignment): 2 × LCS / (|a| + |b|), over Unicode code points, case kept.
 */
export function fuzzyMatch(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  if (x.length + y.length === 0) return 1;
  return (2 * lcsLength(x, y)) / (x.length + y.length);
}

/** Longest common subsequence length, O(|x|·|y|) time, O(|y|) memory. */
export function lcsLength<T>(x: readonly T[], y: readonly T[]): number {
  let previous = new Array<number>(y.length + 1).fill(0);
  for (let i = 1; i <= x.length; i++) {
    const row = new Array<number>(y.length + 1).fill(0);
    for (let j = 1; j <= y.length; j++)
      row[j] = x[i - 1] === y[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, row[j - 1]!);
    previous = row;
  }
  return previous[y.length]!;
}

/** cosine: of the two texts' word-count vectors (the API's own computation, on embeddings, is not documented). */
function cosine(hyp: string[], ref: string[]): number {
  const a = ngrams(hyp, 1);
  const b = ngrams(ref, 1);
  let dot = 0;
  for (const [w, count] of a) dot += count * (b.get(w) ?? 0);
  const norm = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((s, c) => s + c * c, 0));
  return dot / (norm(a) * norm(b));
}

/**
 * bleu: sentence BLEU-4 (Papineni et al. 2002): geometric mean of the clipped n-gram precisions for n = 1..4,
 * uniform weights, times the brevity penalty exp(1 − r/c) when the input is shorter than the reference. Precisions
 * of n ≥ 2 are smoothed by adding 1 to numerator and denominator (Lin and Och 2004), so a short text with no
 * matching 4-gram does not score 0 outright.
 */
function bleu(hyp: string[], ref: string[]): number {
  let logSum = 0;
  for (let n = 1; n <= 4; n++) {
    const h = ngrams(hyp, n);
    const matches = clippedMatches(h, ngrams(ref, n));
    const count = total(h);
    const precision = n === 1 ? (count === 0 ? 0 : matches / count) : (matches + 1) / (count + 1);
    if (precision === 0) return 0;
    logSum += Math.log(precision) / 4;
  }
  const brevity = hyp.length >= ref.length ? 1 : Math.exp(1 - ref.length / hyp.length);
  return brevity * Math.exp(logSum);
}

/**
 * gleu: sentence GLEU (Wu et al. 2016, Google's): over all n-grams of orders 1 to 4 together, the minimum of
 * precision (matches / the input's n-grams) and recall (matches / the reference's n-grams).
 */
function gleu(hyp: string[], ref: string[]): number {
  let matches = 0;
  let hypCount = 0;
  let refCount = 0;
  for (let n = 1; n <= 4; n++) {
    const h = ngrams(hyp, n);
    const r = ngrams(ref, n);
    matches += clippedMatches(h, r);
    hypCount += total(h);
    refCount += total(r);
  }
  if (hypCount === 0 || refCount === 0) return 0;
  return Math.min(matches / hypCount, matches / refCount);
}

/**
 * meteor: METEOR (Banerjee and Lavie 2005) with exact word matches only (no stemming or synonyms): unigram
 * precision P and recall R over a one-to-one alignment, Fmean = 10PR / (R + 9P), times 1 − 0.5 × (chunks /
 * matches)³, where chunks are the runs of matches adjacent and in order in both texts. The alignment pairs each
 * input word with the earliest unused equal reference word.
 */
function meteor(hyp: string[], ref: string[]): number {
  const used = new Array<boolean>(ref.length).fill(false);
  const alignment: [number, number][] = [];
  hyp.forEach((word, i) => {
    const j = ref.findIndex((r, k) => !used[k] && r === word);
    if (j >= 0) {
      used[j] = true;
      alignment.push([i, j]);
    }
  });
  const m = alignment.length;
  if (m === 0) return 0;
  let chunks = 1;
  for (let k = 1; k < m; k++) {
    const [pi, pj] = alignment[k - 1]!;
    const [ci, cj] = alignment[k]!;
    if (ci !== pi + 1 || cj !== pj + 1) chunks++;
  }
  const precision = m / hyp.length;
  const recall = m / ref.length;
  const fmean = (10 * precision * recall) / (recall + 9 * precision);
  return fmean * (1 - 0.5 * (chunks / m) ** 3);
}

/** rouge_N: ROUGE-N F1 (Lin 2004; as the rouge-score package): clipped n-gram overlap, F1 of precision and recall. */
function rougeN(hyp: string[], ref: string[], n: number): number {
  const h = ngrams(hyp, n);
  const r = ngrams(ref, n);
  const matches = clippedMatches(h, r);
  const hCount = total(h);
  const rCount = total(r);
  if (hCount === 0 || rCount === 0) return 0;
  return f1(matches / hCount, matches / rCount);
}

/** rouge_l: ROUGE-L F1: the longest common word subsequence over each text's length. */
function rougeL(hyp: string[], ref: string[]): number {
  const lcs = lcsLength(hyp, ref);
  return f1(lcs / hyp.length, lcs / ref.length);
}
