/** The safe code template: `_` builds `Code`, `Name`s are compiler identifiers, anything else is a literal. */
export { _, Code, join, nil, type Part } from './code.ts';
export { Name, isIdentifier } from './name.ts';
export { literal, objectKey, quoteString } from './literal.ts';
export { inheritedName, ownProp, prop } from './access.ts';
export { Writer } from './writer.ts';
