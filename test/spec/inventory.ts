/**
 * Inventory of the Platform API as its design documents state it, written by hand from them (NOT derived from the
 * spec); those documents are not part of this repository, so this file is their record here. test/spec/inventory.test.ts checks the bundled spec against
 * it: every operation, every enumerated value set, every state machine.
 *
 * Sources cited below: D1 = the overview document (overview, auth, events, errors), D2 = part A, D3 = part B, and
 * the operation table (api-surface.md).
 *
 * ## How an enum is located (the spec's schema names are the spec authors' choice, so they are not used)
 *
 * Every enum is anchored on something the project fixes: an operationId (api-surface.md) plus
 *   - `request`:   a property path inside the request body (each media type of the body is checked on its own;
 *                  at least one must reach the path, and every one that reaches it must give exactly the values);
 *   - `response`:  a property path inside the response body of `status` (default 200), same rule per media type;
 *   - `parameter`: a parameter by name.
 * A property path is a list of property names; `[]` steps into array `items`; `{}` into `additionalProperties`.
 * `alternatives` lists other spellings of the same path (a multipart field written `include[]` or `include`).
 * Each step looks through `$ref`, `allOf`, `anyOf` and `oneOf` (every branch that has the next property is
 * followed, so `filters.type` collects the comparison and the compound filter types, and `grader.operation`
 * finds the string_check branch of the grader union). Constraint keywords (`if`/`then`/`else`/`not`) are not
 * followed: they restrict, they do not declare.
 * The values at the end are the union of `enum`/`const` over the schemas reached and their `anyOf`/`oneOf`
 * branches, without `null` (nullable enums). `open: true` means the seeds say "known values; any string accepted"
 * and the spec must keep a plain-string branch; `open: false` means a closed set; no `open` means the seeds do
 * not say, and either is accepted.
 *
 * ## How a state machine is located
 *
 * By the resource its `schema` points at: the schema whose `object` property has exactly the value `object`
 * below (so the machine's key is free), else by the machine's key among `keys`.
 */

export type HttpMethod = 'get' | 'post' | 'delete' | 'put' | 'patch';

export interface OperationEntry {
  operationId: string;
  method: HttpMethod;
  path: string;
}

export type Seg = string; // a property name, '[]' (array items) or '{}' (additionalProperties)

export type EnumLocation =
  | { in: 'request'; operationId: string; path: Seg[]; alternatives?: Seg[][] }
  | { in: 'response'; operationId: string; status?: string; path: Seg[]; alternatives?: Seg[][] }
  | { in: 'parameter'; operationId: string; name: string };

export interface EnumEntry {
  /** Short unique name used in test titles. */
  id: string;
  where: EnumLocation;
  values: (string | number | boolean)[];
  open?: boolean;
  /** Where the seeds say it. */
  seed: string;
}

export interface TransitionEntry {
  from: string | null;
  to: string;
  on: { operation: string } | { after: string; bound?: 'exactly' | 'at_most' };
}

export interface GuardEntry {
  operation: string;
  states: string[];
  target?: string;
}

export interface MachineEntry {
  name: string;
  /** The `object` value of the resource (how the machine is found). */
  object: string;
  /** Accepted keys of the machine when the schema has no `object` const. */
  keys: string[];
  property: string;
  states: string[];
  transitions: TransitionEntry[];
  /** Guards the seeds state as rules ("delete applies to completed or failed videos"). */
  guards: GuardEntry[];
  /** `complete: false` where the seeds say other transitions are not shown. */
  complete?: boolean;
  seed: string;
}

// ---------------------------------------------------------------------------------------------------------
// Operations: the operation table (api-surface.md; test/spec/inventory.test.ts also re-reads that table and
// checks this transcription against it).
// ---------------------------------------------------------------------------------------------------------

export const OPERATIONS: OperationEntry[] = [
  { operationId: 'countInputTokens', method: 'post', path: '/responses/input_tokens' },
  { operationId: 'createContainer', method: 'post', path: '/containers' },
  { operationId: 'listContainers', method: 'get', path: '/containers' },
  { operationId: 'retrieveContainer', method: 'get', path: '/containers/{container_id}' },
  { operationId: 'deleteContainer', method: 'delete', path: '/containers/{container_id}' },
  { operationId: 'createVectorStore', method: 'post', path: '/vector_stores' },
  { operationId: 'listVectorStores', method: 'get', path: '/vector_stores' },
  { operationId: 'retrieveVectorStore', method: 'get', path: '/vector_stores/{vector_store_id}' },
  { operationId: 'deleteVectorStore', method: 'delete', path: '/vector_stores/{vector_store_id}' },
  { operationId: 'searchVectorStore', method: 'post', path: '/vector_stores/{vector_store_id}/search' },
  {
    operationId: 'retrieveVectorStoreFile',
    method: 'get',
    path: '/vector_stores/{vector_store_id}/files/{file_id}',
  },
  {
    operationId: 'updateVectorStoreFileAttributes',
    method: 'post',
    path: '/vector_stores/{vector_store_id}/files/{file_id}',
  },
  { operationId: 'createVideo', method: 'post', path: '/videos' },
  { operationId: 'createVideoCharacter', method: 'post', path: '/videos/characters' },
  { operationId: 'retrieveVideoCharacter', method: 'get', path: '/videos/characters/{character_id}' },
  { operationId: 'deleteVideo', method: 'delete', path: '/videos/{video_id}' },
  { operationId: 'downloadVideoContent', method: 'get', path: '/videos/{video_id}/content' },
  { operationId: 'createVideoEdit', method: 'post', path: '/videos/edits' },
  { operationId: 'createVideoExtension', method: 'post', path: '/videos/extensions' },
  { operationId: 'listVideos', method: 'get', path: '/videos' },
  { operationId: 'remixVideo', method: 'post', path: '/videos/{video_id}/remix' },
  { operationId: 'createBatch', method: 'post', path: '/batches' },
  { operationId: 'cancelBatch', method: 'post', path: '/batches/{batch_id}/cancel' },
  { operationId: 'listBatches', method: 'get', path: '/batches' },
  { operationId: 'createUpload', method: 'post', path: '/uploads' },
  { operationId: 'completeUpload', method: 'post', path: '/uploads/{upload_id}/complete' },
  { operationId: 'cancelUpload', method: 'post', path: '/uploads/{upload_id}/cancel' },
  { operationId: 'listModels', method: 'get', path: '/models' },
  { operationId: 'retrieveModel', method: 'get', path: '/models/{model}' },
  { operationId: 'deleteModel', method: 'delete', path: '/models/{model}' },
  { operationId: 'deleteConversation', method: 'delete', path: '/conversations/{conversation_id}' },
  { operationId: 'createCompletion', method: 'post', path: '/completions' },
  { operationId: 'createEmbedding', method: 'post', path: '/embeddings' },
  { operationId: 'createModeration', method: 'post', path: '/moderations' },
  { operationId: 'createImageVariation', method: 'post', path: '/images/variations' },
  { operationId: 'createImageEdit', method: 'post', path: '/images/edits' },
  { operationId: 'createImage', method: 'post', path: '/images/generations' },
  { operationId: 'createSpeech', method: 'post', path: '/audio/speech' },
  { operationId: 'createTranscription', method: 'post', path: '/audio/transcriptions' },
  { operationId: 'listVoiceConsents', method: 'get', path: '/audio/voice_consents' },
  { operationId: 'retrieveVoiceConsent', method: 'get', path: '/audio/voice_consents/{consent_id}' },
  { operationId: 'updateVoiceConsent', method: 'post', path: '/audio/voice_consents/{consent_id}' },
  { operationId: 'createVoice', method: 'post', path: '/audio/voices' },
  { operationId: 'runGrader', method: 'post', path: '/fine_tuning/alpha/graders/run' },
  { operationId: 'validateGrader', method: 'post', path: '/fine_tuning/alpha/graders/validate' },
  {
    operationId: 'cancelFineTuningJob',
    method: 'post',
    path: '/fine_tuning/jobs/{fine_tuning_job_id}/cancel',
  },
  { operationId: 'retrieveFineTuningModelLimits', method: 'get', path: '/fine_tuning/model_limits' },
  { operationId: 'createEval', method: 'post', path: '/evals' },
  // On `{auth_url}` (JWT) and `{mtls_auth_url}` (X.509): one path, with its own servers.
  { operationId: 'exchangeToken', method: 'post', path: '/oauth/token' },
];

/** Webhooks: "`response.completed` is the one event whose payload the seeds show" (api-surface.md). */
export const WEBHOOKS = ['response.completed'];

// ---------------------------------------------------------------------------------------------------------
// Enums
// ---------------------------------------------------------------------------------------------------------

const req = (operationId: string, ...path: Seg[]): EnumLocation => ({ in: 'request', operationId, path });
const res = (operationId: string, ...path: Seg[]): EnumLocation => ({ in: 'response', operationId, path });
const param = (operationId: string, name: string): EnumLocation => ({ in: 'parameter', operationId, name });

const ORDER = ['asc', 'desc'];
const VIDEO_SIZES = ['720x1280', '1280x720', '1024x1792', '1792x1024'];
const MEMORY_LIMITS = ['1g', '4g', '16g', '64g'];
const BATCH_STATUS = [
  'validating',
  'failed',
  'in_progress',
  'finalizing',
  'completed',
  'expired',
  'cancelling',
  'cancelled',
];
const UPLOAD_STATUS = ['pending', 'completed', 'cancelled', 'expired'];
const VECTOR_STORE_STATUS = ['expired', 'in_progress', 'completed'];
const VECTOR_STORE_FILE_STATUS = ['in_progress', 'completed', 'cancelled', 'failed'];
const VIDEO_STATUS = ['queued', 'in_progress', 'completed', 'failed'];
const FILE_STATUS = ['uploaded', 'processed', 'error'];
const FINE_TUNING_STATUS = ['validating_files', 'queued', 'running', 'succeeded', 'failed', 'cancelled'];
const CONTAINER_STATES = ['active', 'deleted', 'running'];
const GRADER_RUN_TYPES = ['string_check', 'text_similarity', 'python', 'score_model', 'multi'];
const GRADER_TYPES = [...GRADER_RUN_TYPES, 'label_model'];
const TEXT_SIMILARITY_METRICS = [
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
];
const MODERATION_TEXT_ONLY = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'sexual/minors',
];
const MODERATION_TEXT_IMAGE = [
  'self-harm',
  'self-harm/instructions',
  'self-harm/intent',
  'sexual',
  'violence',
  'violence/graphic',
];

export const ENUMS: EnumEntry[] = [
  // ---- D1: workload identity token exchange
  {
    id: 'exchangeToken.grant_type',
    where: req('exchangeToken', 'grant_type'),
    values: ['urn:ietf:params:oauth:grant-type:token-exchange'],
    seed: 'D1 Authentication: JWT and X.509 tables',
  },
  {
    id: 'exchangeToken.subject_token_type',
    where: req('exchangeToken', 'subject_token_type'),
    values: [
      'urn:ietf:params:oauth:token-type:jwt',
      'urn:ietf:params:oauth:token-type:id_token',
      'urn:service:params:oauth:token-type:x509',
    ],
    seed: 'D1 Authentication: JWT mode (jwt, id_token) and X.509 mode (x509)',
  },
  {
    id: 'exchangeToken.issued_token_type',
    where: res('exchangeToken', 'issued_token_type'),
    values: ['urn:ietf:params:oauth:token-type:access_token'],
    seed: 'D1 Authentication: success response',
  },
  {
    id: 'exchangeToken.token_type',
    where: res('exchangeToken', 'token_type'),
    values: ['Bearer'],
    seed: 'D1 Authentication: success response',
  },

  // ---- D1 shared conventions: list `order` where the seeds show it
  {
    id: 'listContainers.order',
    where: param('listContainers', 'order'),
    values: ORDER,
    open: false,
    seed: 'D1 conventions; D2 Containers',
  },
  {
    id: 'listVectorStores.order',
    where: param('listVectorStores', 'order'),
    values: ORDER,
    open: false,
    seed: 'D1 conventions; D2 Vector stores',
  },
  {
    id: 'listVideos.order',
    where: param('listVideos', 'order'),
    values: ORDER,
    open: false,
    seed: 'D2 Videos: order (asc/desc)',
  },

  // ---- D2 Containers
  {
    id: 'Container.memory_limit',
    where: res('createContainer', 'memory_limit'),
    values: MEMORY_LIMITS,
    open: false,
    seed: 'D2 Container',
  },
  {
    id: 'Container.network_policy.type',
    where: res('createContainer', 'network_policy', 'type'),
    values: ['allowlist', 'disabled'],
    seed: 'D2 Container',
  },
  {
    id: 'Container.expires_after.anchor',
    where: res('createContainer', 'expires_after', 'anchor'),
    values: ['last_active_at'],
    seed: 'D2 Container',
  },
  {
    id: 'createContainer.memory_limit',
    where: req('createContainer', 'memory_limit'),
    values: MEMORY_LIMITS,
    open: false,
    seed: 'D2 Containers: create body',
  },
  {
    id: 'createContainer.network_policy.type',
    where: req('createContainer', 'network_policy', 'type'),
    values: ['disabled', 'allowlist'],
    seed: 'D2 Containers: create body',
  },
  {
    id: 'createContainer.expires_after.anchor',
    where: req('createContainer', 'expires_after', 'anchor'),
    values: ['last_active_at'],
    seed: 'D2 Containers: create body ("only value")',
  },
  {
    id: 'createContainer.skills.type',
    where: req('createContainer', 'skills', '[]', 'type'),
    values: ['skill_reference', 'inline'],
    seed: 'D2 Containers: create body, skills',
  },
  {
    id: 'createContainer.skills.version',
    where: req('createContainer', 'skills', '[]', 'version'),
    values: ['latest'],
    seed: 'D2 Containers: version is a positive integer or `latest`',
  },
  {
    id: 'createContainer.skills.source.type',
    where: req('createContainer', 'skills', '[]', 'source', 'type'),
    values: ['base64'],
    seed: 'D2 Containers: inline skill source',
  },
  {
    id: 'createContainer.skills.source.media_type',
    where: req('createContainer', 'skills', '[]', 'source', 'media_type'),
    values: ['application/zip'],
    seed: 'D2 Containers: inline skill source',
  },

  // ---- D2 Vector stores
  {
    id: 'VectorStore.status',
    where: res('createVectorStore', 'status'),
    values: VECTOR_STORE_STATUS,
    open: false,
    seed: 'D2 Vector store',
  },
  {
    id: 'VectorStore.expires_after.anchor',
    where: res('createVectorStore', 'expires_after', 'anchor'),
    values: ['last_active_at'],
    seed: 'D2 Vector store',
  },
  {
    id: 'createVectorStore.chunking_strategy.type',
    where: req('createVectorStore', 'chunking_strategy', 'type'),
    values: ['auto', 'static'],
    seed: 'D2 Vector stores: chunking strategy',
  },
  {
    id: 'createVectorStore.expires_after.anchor',
    where: req('createVectorStore', 'expires_after', 'anchor'),
    values: ['last_active_at'],
    seed: 'D2 Vector stores: create body',
  },
  {
    id: 'VectorStoreFile.status',
    where: res('retrieveVectorStoreFile', 'status'),
    values: VECTOR_STORE_FILE_STATUS,
    open: false,
    seed: 'D2 Vector store file',
  },
  {
    id: 'VectorStoreFile.last_error.code',
    where: res('retrieveVectorStoreFile', 'last_error', 'code'),
    values: ['server_error', 'unsupported_file', 'invalid_file'],
    seed: 'D1 Errors; D2 Vector store file',
  },
  {
    id: 'VectorStoreFile.chunking_strategy.type',
    where: res('retrieveVectorStoreFile', 'chunking_strategy', 'type'),
    values: ['static', 'other'],
    seed: 'D2 Vector store file',
  },
  {
    id: 'searchVectorStore.filters.type',
    where: req('searchVectorStore', 'filters', 'type'),
    values: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin', 'and', 'or'],
    seed: 'D2 Vector stores: search body (comparison and compound filter types together)',
  },
  {
    id: 'searchVectorStore.ranking_options.ranker',
    where: req('searchVectorStore', 'ranking_options', 'ranker'),
    values: ['none', 'auto', 'default-2024-11-15'],
    seed: 'D2 Vector stores: search body',
  },

  // ---- D2 Videos
  { id: 'Video.size', where: res('createVideo', 'size'), values: VIDEO_SIZES, open: false, seed: 'D2 Video' },
  {
    id: 'Video.status',
    where: res('createVideo', 'status'),
    values: VIDEO_STATUS,
    open: false,
    seed: 'D2 Video',
  },
  {
    id: 'createVideo.model',
    where: req('createVideo', 'model'),
    values: ['sora-2', 'sora-2-pro', 'sora-2-2025-10-06', 'sora-2-pro-2025-10-06', 'sora-2-2025-12-08'],
    open: false,
    seed: 'D2 Videos: create body ("allowed")',
  },
  {
    id: 'createVideo.seconds',
    where: req('createVideo', 'seconds'),
    values: ['4', '8', '12'],
    open: false,
    seed: 'D2 Videos: create body (string 4, 8 or 12)',
  },
  {
    id: 'createVideo.size',
    where: req('createVideo', 'size'),
    values: VIDEO_SIZES,
    open: false,
    seed: 'D2 Videos: create body ("allowed")',
  },
  {
    id: 'createVideoExtension.seconds',
    where: req('createVideoExtension', 'seconds'),
    values: ['4', '8', '12', '16', '20'],
    open: false,
    seed: 'D2 Videos: extension seconds',
  },
  {
    id: 'downloadVideoContent.variant',
    where: param('downloadVideoContent', 'variant'),
    values: ['video', 'thumbnail', 'spritesheet'],
    open: false,
    seed: 'D2 Videos: content query',
  },

  // ---- D2 Batches
  {
    id: 'Batch.status',
    where: res('createBatch', 'status'),
    values: BATCH_STATUS,
    open: false,
    seed: 'D2 Batch',
  },
  {
    id: 'createBatch.completion_window',
    where: req('createBatch', 'completion_window'),
    values: ['24h'],
    seed: 'D2 Batches: create body ("only 24h")',
  },
  {
    id: 'createBatch.endpoint',
    where: req('createBatch', 'endpoint'),
    values: [
      '/v1/responses',
      '/v1/chat/completions',
      '/v1/embeddings',
      '/v1/completions',
      '/v1/moderations',
      '/v1/images/generations',
      '/v1/images/edits',
      '/v1/videos',
    ],
    open: false,
    seed: 'D2 Batches: create body',
  },
  {
    id: 'createBatch.output_expires_after.anchor',
    where: req('createBatch', 'output_expires_after', 'anchor'),
    values: ['created_at'],
    seed: 'D2 Batches: create body',
  },

  // ---- D2 Uploads and files
  {
    id: 'Upload.status',
    where: res('createUpload', 'status'),
    values: UPLOAD_STATUS,
    open: false,
    seed: 'D2 Upload',
  },
  {
    id: 'createUpload.purpose',
    where: req('createUpload', 'purpose'),
    values: ['assistants', 'batch', 'fine-tune', 'vision'],
    open: false,
    seed: 'D2 Uploads: create body',
  },
  {
    id: 'createUpload.expires_after.anchor',
    where: req('createUpload', 'expires_after', 'anchor'),
    values: ['created_at'],
    seed: 'D2 Uploads: create body',
  },
  {
    id: 'File.purpose',
    where: res('completeUpload', 'file', 'purpose'),
    values: [
      'assistants',
      'assistants_output',
      'batch',
      'batch_output',
      'fine-tune',
      'fine-tune-results',
      'vision',
      'user_data',
    ],
    open: false,
    seed: 'D2 File',
  },
  {
    id: 'File.status',
    where: res('completeUpload', 'file', 'status'),
    values: FILE_STATUS,
    open: false,
    seed: 'D2 File (deprecated status)',
  },

  // ---- D2 Completions, embeddings, moderations
  {
    id: 'Completion.choices.finish_reason',
    where: res('createCompletion', 'choices', '[]', 'finish_reason'),
    values: ['stop', 'length', 'content_filter'],
    seed: 'D2 Completion',
  },
  {
    id: 'createCompletion.model',
    where: req('createCompletion', 'model'),
    values: ['gpt-3.5-turbo-instruct', 'davinci-002', 'babbage-002'],
    open: true,
    seed: 'D2 Completions: "Known values ...; any string accepted"',
  },
  {
    id: 'createEmbedding.encoding_format',
    where: req('createEmbedding', 'encoding_format'),
    values: ['float', 'base64'],
    open: false,
    seed: 'D2 Embeddings',
  },
  {
    id: 'createEmbedding.model',
    where: req('createEmbedding', 'model'),
    values: ['text-embedding-ada-002', 'text-embedding-3-small', 'text-embedding-3-large'],
    seed: 'D2 Embeddings ("Known")',
  },
  {
    id: 'createModeration.model',
    where: req('createModeration', 'model'),
    values: [
      'omni-moderation-latest',
      'omni-moderation-2024-09-26',
      'text-moderation-latest',
      'text-moderation-stable',
    ],
    seed: 'D2 Moderations ("Known")',
  },
  {
    id: 'createModeration.input.type',
    where: req('createModeration', 'input', '[]', 'type'),
    values: ['text', 'image_url'],
    seed: 'D2 Moderations: multimodal input objects',
  },
  ...MODERATION_TEXT_ONLY.map((key): EnumEntry => ({
    id: `Moderation.category_applied_input_types.${key}`,
    where: res('createModeration', 'results', '[]', 'category_applied_input_types', key, '[]'),
    values: ['text'],
    seed: 'D2 Moderation result: `text` only',
  })),
  ...MODERATION_TEXT_IMAGE.map((key): EnumEntry => ({
    id: `Moderation.category_applied_input_types.${key}`,
    where: res('createModeration', 'results', '[]', 'category_applied_input_types', key, '[]'),
    values: ['text', 'image'],
    seed: 'D2 Moderation result: `text` or `image`',
  })),

  // ---- D3 Images
  {
    id: 'ImagesResponse.background',
    where: res('createImage', 'background'),
    values: ['transparent', 'opaque'],
    seed: 'D3 ImagesResponse',
  },
  {
    id: 'ImagesResponse.output_format',
    where: res('createImage', 'output_format'),
    values: ['png', 'webp', 'jpeg'],
    seed: 'D3 ImagesResponse',
  },
  {
    id: 'ImagesResponse.quality',
    where: res('createImage', 'quality'),
    values: ['low', 'medium', 'high'],
    seed: 'D3 ImagesResponse',
  },
  {
    id: 'ImagesResponse.size',
    where: res('createImage', 'size'),
    values: ['1024x1024', '1024x1536', '1536x1024'],
    seed: 'D3 ImagesResponse',
  },
  // createImageEdit `model` is left out on purpose: the table's "Known" list (six GPT image models) and the
  // endpoint's introduction (which also names dall-e-2 and not gpt-image-2) disagree.
  {
    id: 'createImageEdit.background',
    where: req('createImageEdit', 'background'),
    values: ['transparent', 'opaque', 'auto'],
    seed: 'D3 Images: edits',
  },
  {
    id: 'createImageEdit.input_fidelity',
    where: req('createImageEdit', 'input_fidelity'),
    values: ['high', 'low'],
    seed: 'D3 Images: edits',
  },
  {
    id: 'createImageEdit.moderation',
    where: req('createImageEdit', 'moderation'),
    values: ['low', 'auto'],
    seed: 'D3 Images: edits',
  },
  {
    id: 'createImageEdit.output_format',
    where: req('createImageEdit', 'output_format'),
    values: ['png', 'jpeg', 'webp'],
    seed: 'D3 Images: edits',
  },
  {
    id: 'createImageEdit.quality',
    where: req('createImageEdit', 'quality'),
    values: ['low', 'medium', 'high', 'auto'],
    seed: 'D3 Images: edits',
  },
  {
    id: 'createImageEdit.size',
    where: req('createImageEdit', 'size'),
    values: ['auto', '1024x1024', '1536x1024', '1024x1536'],
    seed: 'D3 Images: edits',
  },
  // createImage `size` is a string whose accepted values depend on the model (and any WIDTHxHEIGHT for
  // gpt-image-2): not an enum, so not listed.
  {
    id: 'createImage.background',
    where: req('createImage', 'background'),
    values: ['transparent', 'opaque', 'auto'],
    seed: 'D3 Images: generations',
  },
  {
    id: 'createImage.model',
    where: req('createImage', 'model'),
    values: [
      'dall-e-2',
      'dall-e-3',
      'gpt-image-1',
      'gpt-image-1-mini',
      'gpt-image-1.5',
      'gpt-image-2',
      'gpt-image-2-2026-04-21',
    ],
    seed: 'D3 Images: generations',
  },
  {
    id: 'createImage.moderation',
    where: req('createImage', 'moderation'),
    values: ['low', 'auto'],
    seed: 'D3 Images: generations',
  },
  {
    id: 'createImage.output_format',
    where: req('createImage', 'output_format'),
    values: ['png', 'jpeg', 'webp'],
    seed: 'D3 Images: generations',
  },
  {
    id: 'createImage.quality',
    where: req('createImage', 'quality'),
    values: ['standard', 'hd', 'low', 'medium', 'high', 'auto'],
    seed: 'D3 Images: generations',
  },
  {
    id: 'createImage.response_format',
    where: req('createImage', 'response_format'),
    values: ['url', 'b64_json'],
    seed: 'D3 Images: generations',
  },

  // ---- D3 Audio
  {
    id: 'createSpeech.model',
    where: req('createSpeech', 'model'),
    values: ['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts', 'gpt-4o-mini-tts-2025-12-15'],
    seed: 'D3 Audio: speech',
  },
  {
    id: 'createSpeech.voice',
    where: req('createSpeech', 'voice'),
    values: [
      'alloy',
      'ash',
      'ballad',
      'coral',
      'echo',
      'fable',
      'onyx',
      'nova',
      'sage',
      'shimmer',
      'verse',
      'marin',
      'cedar',
    ],
    seed: 'D3 Audio: speech (built-in voices; a custom voice is an object {id})',
  },
  {
    id: 'createSpeech.response_format',
    where: req('createSpeech', 'response_format'),
    values: ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'],
    open: false,
    seed: 'D3 Audio: speech',
  },
  {
    id: 'createSpeech.stream_format',
    where: req('createSpeech', 'stream_format'),
    values: ['sse', 'audio'],
    open: false,
    seed: 'D3 Audio: speech',
  },
  {
    id: 'createTranscription.model',
    where: req('createTranscription', 'model'),
    values: [
      'whisper-1',
      'gpt-transcribe',
      'gpt-4o-transcribe',
      'gpt-4o-mini-transcribe',
      'gpt-4o-mini-transcribe-2025-12-15',
      'gpt-4o-transcribe-diarize',
    ],
    seed: 'D3 Audio: transcription form fields',
  },
  {
    id: 'createTranscription.response_format',
    where: req('createTranscription', 'response_format'),
    values: ['json', 'text', 'srt', 'verbose_json', 'vtt', 'diarized_json'],
    seed: 'D3 Audio: transcription form fields',
  },
  {
    id: 'createTranscription.include',
    where: {
      in: 'request',
      operationId: 'createTranscription',
      path: ['include[]', '[]'],
      alternatives: [['include', '[]'], ['include[]']],
    },
    values: ['logprobs'],
    seed: 'D3 Audio: transcription form field include[]',
  },
  {
    id: 'createTranscription.chunking_strategy',
    where: req('createTranscription', 'chunking_strategy'),
    values: ['auto'],
    seed: 'D3 Audio: transcription form fields',
  },
  {
    id: 'Transcription.usage.type',
    where: res('createTranscription', 'usage', 'type'),
    values: ['tokens', 'duration'],
    seed: 'D3 Transcription usage variants',
  },
  {
    id: 'TranscriptionDiarized.segments.type',
    where: res('createTranscription', 'segments', '[]', 'type'),
    values: ['transcript.text.segment'],
    seed: 'D3 TranscriptionDiarized',
  },
  {
    id: 'TranscriptionDiarized.task',
    where: res('createTranscription', 'task'),
    values: ['transcribe'],
    seed: 'D3 TranscriptionDiarized',
  },

  // ---- D3 Graders (through the run endpoint's grader union: string_check, text_similarity, python, score_model, multi)
  {
    id: 'runGrader.grader.type',
    where: req('runGrader', 'grader', 'type'),
    values: GRADER_RUN_TYPES,
    seed: 'D3 Fine-tuning: run body "one of string_check, text_similarity, python, score_model, multi"',
  },
  {
    id: 'validateGrader.grader.type',
    where: req('validateGrader', 'grader', 'type'),
    values: GRADER_RUN_TYPES,
    seed: 'D3 Fine-tuning: validate body "same union"',
  },
  {
    id: 'Grader.multi.graders.type',
    where: req('runGrader', 'grader', 'graders', '[]', 'type'),
    values: ['string_check', 'text_similarity', 'python', 'score_model', 'label_model'],
    seed: 'D3 Grader: multi `graders` is "array of the graders above (including label_model)"',
  },
  {
    id: 'Grader.string_check.operation',
    where: req('runGrader', 'grader', 'operation'),
    values: ['eq', 'ne', 'like', 'ilike'],
    seed: 'D3 Grader: string_check',
  },
  {
    id: 'Grader.text_similarity.evaluation_metric',
    where: req('runGrader', 'grader', 'evaluation_metric'),
    values: TEXT_SIMILARITY_METRICS,
    seed: 'D3 Grader: text_similarity',
  },
  {
    id: 'Grader.score_model.sampling_params.reasoning_effort',
    where: req('runGrader', 'grader', 'sampling_params', 'reasoning_effort'),
    values: ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'],
    seed: 'D3 Grader: score_model',
  },
  {
    id: 'GraderMessage.role',
    where: req('runGrader', 'grader', 'input', '[]', 'role'),
    values: ['user', 'assistant', 'system', 'developer'],
    seed: 'D3 Grader message',
  },
  {
    id: 'GraderMessage.type',
    where: req('runGrader', 'grader', 'input', '[]', 'type'),
    values: ['message'],
    seed: 'D3 Grader message',
  },
  {
    id: 'GraderMessage.content.parts.type',
    where: req('runGrader', 'grader', 'input', '[]', 'content', '[]', 'type'),
    values: ['input_text', 'output_text', 'input_image', 'input_audio'],
    seed: 'D3 Grader message parts',
  },
  {
    id: 'GraderMessage.content.parts.detail',
    where: req('runGrader', 'grader', 'input', '[]', 'content', '[]', 'detail'),
    values: ['high', 'low', 'auto'],
    seed: 'D3 Grader message parts',
  },
  {
    id: 'GraderMessage.content.parts.input_audio.format',
    where: req('runGrader', 'grader', 'input', '[]', 'content', '[]', 'input_audio', 'format'),
    values: ['mp3', 'wav'],
    seed: 'D3 Grader message parts',
  },
  {
    id: 'GraderMessage.content.parts.prompt_cache_breakpoint.mode',
    where: req('runGrader', 'grader', 'input', '[]', 'content', '[]', 'prompt_cache_breakpoint', 'mode'),
    values: ['explicit'],
    seed: 'D3 Grader message parts',
  },

  // ---- D3 Fine-tuning job
  {
    id: 'FineTuningJob.status',
    where: res('cancelFineTuningJob', 'status'),
    values: FINE_TUNING_STATUS,
    open: false,
    seed: 'D3 Fine-tuning job',
  },
  {
    id: 'FineTuningJob.method.type',
    where: res('cancelFineTuningJob', 'method', 'type'),
    values: ['supervised', 'dpo', 'reinforcement'],
    seed: 'D3 Fine-tuning job',
  },
  {
    id: 'FineTuningJob.method.reinforcement.hyperparameters.reasoning_effort',
    where: res('cancelFineTuningJob', 'method', 'reinforcement', 'hyperparameters', 'reasoning_effort'),
    values: ['default', 'low', 'medium', 'high'],
    seed: 'D3 Fine-tuning job: method configuration',
  },
  {
    id: 'FineTuningJob.method.reinforcement.grader.type',
    where: res('cancelFineTuningJob', 'method', 'reinforcement', 'grader', 'type'),
    values: GRADER_TYPES,
    seed: 'D3 Fine-tuning job: reinforcement grader is "any grader above"',
  },
  {
    id: 'FineTuningJob.integrations.type',
    where: res('cancelFineTuningJob', 'integrations', '[]', 'type'),
    values: ['wandb'],
    seed: 'D3 Fine-tuning job',
  },
  {
    id: 'FineTuningJob.hyperparameters.batch_size',
    where: res('cancelFineTuningJob', 'hyperparameters', 'batch_size'),
    values: ['auto'],
    seed: 'D3 Fine-tuning job: each `auto` or number',
  },
  {
    id: 'FineTuningJob.hyperparameters.n_epochs',
    where: res('cancelFineTuningJob', 'hyperparameters', 'n_epochs'),
    values: ['auto'],
    seed: 'D3 Fine-tuning job: each `auto` or number',
  },

  // ---- D3 Evaluations
  {
    id: 'createEval.data_source_config.type',
    where: req('createEval', 'data_source_config', 'type'),
    values: ['custom', 'logs', 'stored_completions'],
    seed: 'D3 Evaluations',
  },
  {
    id: 'createEval.testing_criteria.type',
    where: req('createEval', 'testing_criteria', '[]', 'type'),
    values: ['label_model', 'string_check', 'text_similarity', 'python', 'score_model'],
    seed: 'D3 Evaluations: testing_criteria',
  },
];

// ---------------------------------------------------------------------------------------------------------
// State machines (D2 and D3 "States and transitions"; format: spec/EXTENSIONS.md)
// ---------------------------------------------------------------------------------------------------------

export const MACHINES: MachineEntry[] = [
  {
    name: 'batch',
    object: 'batch',
    keys: ['batch', 'Batch'],
    property: 'status',
    states: BATCH_STATUS,
    transitions: [
      { from: null, to: 'validating', on: { operation: 'createBatch' } },
      { from: 'in_progress', to: 'cancelling', on: { operation: 'cancelBatch' } },
      { from: 'cancelling', to: 'cancelled', on: { after: 'PT10M', bound: 'at_most' } },
    ],
    guards: [],
    complete: false,
    seed: 'D2 Batch status table; "Other batch transitions: not shown"',
  },
  {
    name: 'upload',
    object: 'upload',
    keys: ['upload', 'Upload'],
    property: 'status',
    states: UPLOAD_STATUS,
    transitions: [
      { from: null, to: 'pending', on: { operation: 'createUpload' } },
      { from: 'pending', to: 'completed', on: { operation: 'completeUpload' } },
      { from: 'pending', to: 'cancelled', on: { operation: 'cancelUpload' } },
      { from: 'pending', to: 'expired', on: { after: 'PT1H', bound: 'exactly' } },
    ],
    guards: [],
    seed: 'D2 Upload status table',
  },
  {
    name: 'video',
    object: 'video',
    keys: ['video', 'Video'],
    property: 'status',
    states: VIDEO_STATUS,
    transitions: [],
    guards: [
      { operation: 'deleteVideo', states: ['completed', 'failed'], target: 'path.video_id' },
      { operation: 'remixVideo', states: ['completed'], target: 'path.video_id' },
      { operation: 'createVideoEdit', states: ['completed'], target: 'body./video/id' },
      { operation: 'createVideoExtension', states: ['completed'], target: 'body./video/id' },
    ],
    complete: false,
    seed: 'D2 Video status: "delete applies to completed or failed videos; remix, edit and extension require a completed source video"',
  },
  {
    name: 'vector_store',
    object: 'vector_store',
    keys: ['vector_store', 'vectorStore', 'VectorStore'],
    property: 'status',
    states: VECTOR_STORE_STATUS,
    transitions: [],
    guards: [],
    complete: false,
    seed: 'D2 Vector store status; transitions not shown',
  },
  {
    name: 'vector_store_file',
    object: 'vector_store.file',
    keys: ['vector_store_file', 'vector_store.file', 'vectorStoreFile', 'VectorStoreFile'],
    property: 'status',
    states: VECTOR_STORE_FILE_STATUS,
    transitions: [],
    guards: [],
    complete: false,
    seed: 'D2 Vector store file status; transitions not shown',
  },
  {
    name: 'file',
    object: 'file',
    keys: ['file', 'File'],
    property: 'status',
    states: FILE_STATUS,
    transitions: [],
    guards: [],
    complete: false,
    seed: 'D2 File status (deprecated); transitions not shown',
  },
  {
    name: 'container',
    object: 'container',
    keys: ['container', 'Container'],
    property: 'status',
    states: CONTAINER_STATES,
    transitions: [],
    guards: [],
    complete: false,
    seed: 'D2 Container status: free text, "examples: active, deleted, running"; transitions not shown',
  },
  {
    name: 'fine_tuning_job',
    object: 'fine_tuning.job',
    keys: ['fine_tuning_job', 'fine_tuning.job', 'fineTuningJob', 'FineTuningJob'],
    property: 'status',
    states: FINE_TUNING_STATUS,
    transitions: [],
    guards: [],
    complete: false,
    seed: 'D3 Fine-tuning job status; transitions not shown',
  },
];
