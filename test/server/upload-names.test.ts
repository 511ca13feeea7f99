/**
 * An uploaded file's name reaches handlers as its base name in both adapters (RFC 7578 §4.2, as browsers send it):
 * `../` and `\` paths, control characters, `.` and `..` cannot lead a handler that joins the name to a folder out
 * of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as server from '../../generated/server/index.ts';
import { fetchBridge, listen, type Running } from './helpers.ts';

const TOKEN = 'sk-names';
let names: string[] = [];
let node: Running;
let viaFetch: Running;

beforeAll(async () => {
  const app = server.createServer(
    {
      createImageEdit: (input) => {
        const body = input.body as unknown as { 'image[]': File[] };
        names = body['image[]'].map((f) => f.name);
        return { created: 1, data: [] };
      },
    },
    { authenticate: (t) => (t === TOKEN ? { kind: 'api_key' } : undefined) },
  );
  node = await listen(app.node);
  viaFetch = await listen(fetchBridge(app.fetch));
});
afterAll(async () => {
  await node.close();
  await viaFetch.close();
});

const CASES: [sent: string, received: string][] = [
  ['../../etc/passwd', 'passwd'],
  ['..\\..\\windows\\win.ini', 'win.ini'],
  ['/abs/path/a.png', 'a.png'],
  ['a\u0001b\u007f.png', 'ab.png'],
  ['..', ''],
  ['dir/.', ''],
  ['plain.png', 'plain.png'],
];

/** A multipart body written by hand, so the names go on the wire exactly as given. */
function multipart(filenames: string[]): { body: string; type: string } {
  const boundary = 'b0undary';
  const parts = filenames.map(
    (f) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="image[]"; filename="${f.replace(/\\/g, '\\\\')}"\r\nContent-Type: image/png\r\n\r\nPNG\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="prompt"\r\n\r\nx\r\n--${boundary}--\r\n`,
  );
  return { body: parts.join(''), type: `multipart/form-data; boundary=${boundary}` };
}

describe('uploaded file names', () => {
  it.each([
    ['node', () => node],
    ['fetch', () => viaFetch],
  ] as const)('arrive as base names (%s adapter)', async (_, base) => {
    const { body, type } = multipart(CASES.map(([sent]) => sent));
    names = [];
    const res = await fetch(`${base().url}/v1/images/edits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': type },
      body,
    });
    expect(res.status).toBe(200);
    expect(names).toEqual(CASES.map(([, received]) => received));
  });
});
