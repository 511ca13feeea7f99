/** Text for a JSDoc block: a `*\/` in it (a spec's path or description) would end the comment early. */
export function docText(text: string): string {
  return text.replace(/\*\//g, '*\\/');
}
