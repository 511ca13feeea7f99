// Formats files with prettier off the main thread (plain JS so it runs under any loader).
import { parentPort } from 'node:worker_threads';
import * as prettier from 'prettier';

parentPort.on('message', async ({ id, contents, options }) => {
  try {
    parentPort.postMessage({ id, contents: await prettier.format(contents, options) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  }
});
