// The integration and end-to-end suites side by side: each spends much of its time waiting on a
// database, a browser or a server, so together they take little longer than the longer one alone.
import { printRuns, runBuffered } from './buffered.mjs';

const started = Date.now();
const timed = (title, script) =>
  runBuffered(title, 'npm', ['run', script]).then((run) => {
    const verdict = `\n== ${title}: ${run.code === 0 ? 'passed' : 'FAILED'} after ${Math.round((Date.now() - started) / 1000)} s ==\n`;
    return {
      code: run.code,
      print: () => {
        run.print();
        process.stdout.write(verdict);
      },
    };
  });
const runs = await Promise.all([timed('integration', 'test:integration'), timed('end-to-end', 'test:e2e')]);
process.exit(printRuns(runs));
