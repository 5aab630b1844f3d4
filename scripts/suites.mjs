// The integration and end-to-end suites side by side: each spends much of its time waiting on a
// database, a browser or a server, so together they take little longer than the longer one alone.
import { runBuffered } from './buffered.mjs';

const started = Date.now();
const timed = (title, script) =>
  runBuffered(title, 'npm', ['run', script]).then((code) => {
    console.log(
      `\n== ${title}: ${code === 0 ? 'passed' : 'FAILED'} after ${Math.round((Date.now() - started) / 1000)} s ==`,
    );
    return code;
  });
const statuses = await Promise.all([timed('integration', 'test:integration'), timed('end-to-end', 'test:e2e')]);
process.exit(statuses.every((s) => s === 0) ? 0 : 1);
