/**
 * When `OPENAI_NODE_REQUESTS` names a file, each request the suite's client sends is appended to it as one JSON line:
 * the test's file and name, the method, the URL and the answer's status (or the error). `npm run test:openai-node`
 * reads it to tell which operation a test failed on. The requests themselves are passed on untouched.
 */
import { appendFileSync } from 'node:fs';
import { expect } from 'vitest';

const log = process.env.OPENAI_NODE_REQUESTS;
if (log) {
  const send = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const { testPath, currentTestName } = expect.getState();
    const request = input instanceof Request ? input : undefined;
    const line = {
      file: testPath,
      test: currentTestName,
      method: (init?.method ?? request?.method ?? 'GET').toUpperCase(),
      url: request ? request.url : input instanceof URL ? input.href : input,
    };
    try {
      const res = await send(input, init);
      appendFileSync(log, `${JSON.stringify({ ...line, status: res.status })}\n`);
      return res;
    } catch (e) {
      appendFileSync(log, `${JSON.stringify({ ...line, error: String(e) })}\n`);
      throw e;
    }
  };
}
