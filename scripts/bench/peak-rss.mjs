// Loaded with `node --import` by bench:generate: prints the process's peak resident memory (worker threads
// included) as its last stderr line, so the benchmark can report it beside the time.
process.on('exit', () => process.stderr.write(`peak-rss-kb ${process.resourceUsage().maxRSS}\n`));
