/** A printing question, not a naming one: whether a name can be written unquoted (as a property key or member). */
export function isIdentifierName(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
}
