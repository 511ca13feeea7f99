/**
 * Deterministic fake outputs for the emulator: pure functions of their inputs (no clock, no Math.random), with
 * no dependencies beyond Node's own modules. README.md beside this file lists each formula and assumption.
 */
export { fakeEmbedding, embeddingToBase64, embeddingFromBase64 } from './embeddings.js';
export { countTokens } from './tokens.js';
export {
  fakeCompletion,
  fakeCompletionText,
  DEFAULT_COMPLETION_TOKENS,
  type FakeCompletion,
} from './completions.js';
export {
  fakeModeration,
  requestedFlags,
  FLAG_THRESHOLD,
  FLAGGED_SCORE,
  type FakeModerationResult,
} from './moderations.js';
export { fakePng, tileColour, MAX_PNG_SIDE, PNG_GRID } from './images.js';
export {
  fakeAudio,
  speechPcm,
  speechSamples,
  SAMPLE_RATE,
  SPEECH_FORMATS,
  EMBEDDED_TEXT_LIMIT,
  type SpeechFormat,
} from './audio.js';
export { audioInfo, ESTIMATED_BYTES_PER_SECOND, type AudioInfo } from './audio-info.js';
export {
  fakeTranscription,
  TRANSCRIPTION_FORMATS,
  type TranscriptionFormat,
  type TranscriptionOptions,
} from './transcriptions.js';
export {
  stringCheck,
  runGrader,
  renderTemplate,
  isComputable,
  STRING_CHECK_OPERATIONS,
  GRADER_ERROR_FLAGS,
} from './graders.js';
export type {
  StringCheckOperation,
  GraderContext,
  GraderRunResult,
  ComputableGrader,
  Rendered,
} from './graders.js';
export { textSimilarity, SIMILARITY_METRICS, type SimilarityMetric } from './similarity.js';
export { fakeFromSchema, FakeSchemaError, type FakeSchemaOptions } from './schema.js';
