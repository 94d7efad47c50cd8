// Preloaded (`node --import`) into a process the benchmark does not own, such as the jscodeshift CLI: prints its peak
// resident set size on exit, on stderr, for bench/codemod.ts to read.
process.on('exit', () => {
  process.stderr.write(`\nmax-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
