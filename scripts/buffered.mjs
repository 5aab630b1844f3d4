// Runs a command with its output held back, to be printed whole under a title: runs that go side by
// side stay readable, and a failed run is printed last, so the tail of a long log shows what failed.
import { spawn } from 'node:child_process';

/** Resolves with the command's exit code and a `print` that writes its output under `title`. */
export function runBuffered(title, command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const print = () => process.stdout.write(`\n== ${title} ==\n${Buffer.concat(output).toString()}`);
      resolve({ code: code ?? 1, print });
    });
  });
}

/** Prints the runs' outputs, the passed ones first; resolves with 0 when every run passed, 1 otherwise. */
export function printRuns(runs) {
  const passed = runs.filter((r) => r.code === 0);
  for (const run of [...passed, ...runs.filter((r) => r.code !== 0)]) run.print();
  return passed.length === runs.length ? 0 : 1;
}
