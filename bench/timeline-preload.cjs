// Preloaded (node --require) into a stdio MCP client by bench/snapshot-phases.ts: writes to stderr, at exit, when the
// process's own JavaScript started, when it spawned the server, when each chunk of the server's stdout came, when it
// wrote to and closed the server's stdin, when the server exited, and when it exited itself, in milliseconds since
// the process started (performance.now()), and the process's own CPU time (user + system, not its children's).
// Two lines: `timeline preload:91 spawn:137 out:610 in:612 ... exit:680` and `cpu 231.4`.
const childProcess = require('node:child_process');
const { performance } = require('node:perf_hooks');

const events = [['preload', performance.now()]];
const mark = (name) => events.push([name, performance.now()]);
const spawn = childProcess.spawn;
childProcess.spawn = function (...args) {
  mark('spawn');
  const child = spawn.apply(this, args);
  child.stdout?.on('data', () => mark('out'));
  const write = child.stdin.write.bind(child.stdin);
  child.stdin.write = (...rest) => {
    mark('in');
    return write(...rest);
  };
  const end = child.stdin.end.bind(child.stdin);
  child.stdin.end = (...rest) => {
    mark('end');
    return end(...rest);
  };
  child.once('exit', () => mark('server-exit'));
  return child;
};
process.on('exit', () => {
  mark('exit');
  const { userCPUTime, systemCPUTime } = process.resourceUsage();
  process.stderr.write(
    `\ntimeline ${events.map(([name, at]) => `${name}:${at.toFixed(1)}`).join(' ')}\ncpu ${((userCPUTime + systemCPUTime) / 1000).toFixed(1)}\n`,
  );
});
