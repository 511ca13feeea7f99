// Loaded with `node --import` by the benchmarks: prints the process's peak resident memory (worker threads
// included) and its CPU time (user + system, every thread) as its last stderr lines, so a benchmark can report them
// beside the wall time; CPU time is the steadier figure on a machine shared with other work.
process.on('exit', () => {
  const usage = process.resourceUsage();
  process.stderr.write(
    `peak-rss-kb ${usage.maxRSS}\ncpu-ms ${Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000)}\n`,
  );
});
