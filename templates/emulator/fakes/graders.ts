/**
 * Graders evaluated for real where a computation can be: `string_check` and `text_similarity`. The others
 * (`python`, `score_model`, `label_model`, `multi`) need a Python runtime, a model or a formula language the
 * documents do not define: `runGrader` answers `undefined` for them and the caller decides.
 *
 * Template strings: `{{item.<path>}}` and `{{sample.<path>}}` (the documents show `{{item.field}}`,
 * `{{sample.output_text}}` and `sample.output_json`, set when the model sample is valid JSON). A path is dotted;
 * a string value is inserted as is, another value as JSON. A variable that resolves to nothing makes the run an
 * `invalid_variable_error` (one of the documented error flags) with reward 0.
 */
import { SIMILARITY_METRICS, textSimilarity, type SimilarityMetric } from './similarity.js';

export const STRING_CHECK_OPERATIONS = ['eq', 'ne', 'like', 'ilike'] as const;
export type StringCheckOperation = (typeof STRING_CHECK_OPERATIONS)[number];

/**
 * string_check: `eq` and `ne` compare the strings exactly. `like` and `ilike` are not defined by the documents;
 * the emulator reads them as "contains" (`input` contains `reference`), `ilike` ignoring case.
 */
export function stringCheck(input: string, reference: string, operation: StringCheckOperation): 0 | 1 {
  switch (operation) {
    case 'eq':
      return input === reference ? 1 : 0;
    case 'ne':
      return input !== reference ? 1 : 0;
    case 'like':
      return input.includes(reference) ? 1 : 0;
    case 'ilike':
      return input.toLowerCase().includes(reference.toLowerCase()) ? 1 : 0;
    default:
      throw new RangeError(
        `Unknown string_check operation ${JSON.stringify(operation)}; known: ${STRING_CHECK_OPERATIONS.join(', ')}.`,
      );
  }
}

export interface GraderContext {
  /** The dataset row: the `item` namespace. */
  item?: unknown;
  /** The model's output text: `sample.output_text`, and `sample.output_json` when it parses as JSON. */
  modelSample?: string;
}

export interface Rendered {
  text: string;
  /** Variables that resolved to nothing. */
  missing: string[];
}

export function sampleNamespace(modelSample: string | undefined): Record<string, unknown> {
  if (modelSample === undefined) return {};
  const sample: Record<string, unknown> = { output_text: modelSample };
  try {
    sample.output_json = JSON.parse(modelSample) as unknown;
  } catch {
    // Not JSON: no output_json.
  }
  return sample;
}

export function renderTemplate(template: string, context: GraderContext): Rendered {
  const namespaces: Record<string, unknown> = {
    item: context.item,
    sample: sampleNamespace(context.modelSample),
  };
  const missing: string[] = [];
  const text = template.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (whole, path: string) => {
    const [root, ...rest] = path.split('.');
    if (root !== 'item' && root !== 'sample') return whole;
    let value: unknown = namespaces[root];
    for (const key of rest)
      value =
        value !== null && typeof value === 'object' && Object.hasOwn(value, key)
          ? (value as Record<string, unknown>)[key]
          : undefined;
    if (value === undefined) {
      missing.push(path);
      return '';
    }
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
  return { text, missing };
}

export type ComputableGrader =
  | { type: 'string_check'; name: string; input: string; reference: string; operation: StringCheckOperation }
  | {
      type: 'text_similarity';
      name: string;
      input: string;
      reference: string;
      evaluation_metric: SimilarityMetric;
    };

export const GRADER_ERROR_FLAGS = [
  'formula_parse_error',
  'invalid_variable_error',
  'model_grader_parse_error',
  'model_grader_refusal_error',
  'model_grader_server_error',
  'other_error',
  'python_grader_runtime_error',
  'python_grader_server_error',
  'sample_parse_error',
  'truncated_observation_error',
  'unresponsive_reward_error',
] as const;

export interface GraderRunResult {
  reward: number;
  sub_rewards: Record<string, number>;
  model_grader_token_usage_per_model: Record<string, never>;
  metadata: {
    name: string;
    type: string;
    execution_time: number;
    sampled_model_name: null;
    scores: Record<string, number>;
    token_usage: null;
    errors: Record<(typeof GRADER_ERROR_FLAGS)[number], boolean> & {
      model_grader_server_error_details: null;
      python_grader_runtime_error_details: null;
      python_grader_server_error_type: null;
    };
  };
}

export function isComputable(grader: { readonly [key: string]: unknown }): grader is ComputableGrader {
  return grader.type === 'string_check' || grader.type === 'text_similarity';
}

/** The reward of a computable grader and the run result around it; undefined for the other grader types. */
export function runGrader(
  grader: { readonly [key: string]: unknown },
  context: GraderContext,
): GraderRunResult | undefined {
  if (!isComputable(grader)) return undefined;
  const input = renderTemplate(grader.input, context);
  const reference = renderTemplate(grader.reference, context);
  const missing = [...input.missing, ...reference.missing];
  let reward = 0;
  if (missing.length === 0) {
    if (grader.type === 'string_check') reward = stringCheck(input.text, reference.text, grader.operation);
    else if ((SIMILARITY_METRICS as readonly string[]).includes(grader.evaluation_metric)) {
      reward = textSimilarity(input.text, reference.text, grader.evaluation_metric);
    } else
      throw new RangeError(`Unknown text similarity metric ${JSON.stringify(grader.evaluation_metric)}.`);
  }
  const errors = Object.fromEntries(
    GRADER_ERROR_FLAGS.map((flag) => [flag, flag === 'invalid_variable_error' && missing.length > 0]),
  ) as Record<(typeof GRADER_ERROR_FLAGS)[number], boolean>;
  return {
    reward,
    sub_rewards: {},
    model_grader_token_usage_per_model: {},
    metadata: {
      name: grader.name,
      type: grader.type,
      // The computation is instant here; 0 keeps the result a pure function of the grader and the context.
      execution_time: 0,
      sampled_model_name: null,
      scores: { [grader.name]: reward },
      token_usage: null,
      errors: {
        ...errors,
        model_grader_server_error_details: null,
        python_grader_runtime_error_details: null,
        python_grader_server_error_type: null,
      },
    },
  };
}
