/** Names of generated functions that more than one emitter refers to (the server calls the validators'). */
import type { Operation } from '../../ir/types.ts';

export const requestFnName = (op: Operation): string => `validate${op.names.pascal}Request`;
