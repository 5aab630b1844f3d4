// Runs a command with its output held back, then printed whole under a title: runs that go side by
// side stay readable.
import { spawn } from 'node:child_process';

/** Resolves with the command's exit code once its output has been printed. */
export function runBuffered(title, command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(`\n== ${title} ==\n${Buffer.concat(output).toString()}`);
      resolve(code ?? 1);
    });
  });
}
