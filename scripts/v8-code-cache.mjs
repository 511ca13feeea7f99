// V8's compiled code for the large CommonJS packages the generator loads (ts-morph's TypeScript is 9 MB of
// JavaScript, compiled anew by every process: a third of start-up). Node 20 has no module compile cache
// (`module.enableCompileCache` is Node 22), so this does what it does for CommonJS files over 100 KB: compile
// with V8's cached data when there is one, and write it at exit (then it covers the functions the run used).
// A stale or foreign cache is rejected by V8 and rewritten; a cache that cannot be written only costs time.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

export function installCodeCache(dir) {
  const compile = Module.prototype._compile;
  const pending = [];
  Module.prototype._compile = function (content, filename) {
    if (content.length < 100_000) return compile.call(this, content, filename);
    const st = statSync(filename);
    const key = path.join(
      dir,
      `${path.basename(filename)}-${Buffer.from(`${filename}:${st.size}:${st.mtimeMs}:${process.version}`).toString('base64url').slice(-48)}`,
    );
    let cachedData;
    try {
      cachedData = readFileSync(key);
    } catch {}
    const script = new vm.Script(Module.wrap(content), { filename, cachedData });
    if (!cachedData || script.cachedDataRejected) pending.push({ key, script });
    const require = (id) => this.require(id);
    require.resolve = (request, options) => Module._resolveFilename(request, this, false, options);
    require.cache = Module._cache;
    return script
      .runInThisContext({ displayErrors: true })
      .call(this.exports, this.exports, require, this, filename, path.dirname(filename));
  };
  process.once('exit', () => {
    if (!pending.length) return;
    try {
      mkdirSync(dir, { recursive: true });
      for (const { key, script } of pending) writeFileSync(key, script.createCachedData());
    } catch {}
  });
}
