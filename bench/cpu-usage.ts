// Where the CPU goes in a multi-process benchmark: the CPU seconds of a process and its descendants, from
// /proc (Linux). Children already reaped count through their parent's cutime/cstime (a PostgreSQL
// backend that ended, an nginx worker replaced).
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

type Stat = { ppid: number; own: number; reaped: number };

function stat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields start after the last ')'.
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), own: Number(f[11]) + Number(f[12]), reaped: Number(f[13]) + Number(f[14]) };
  } catch {
    return null;
  }
}

/** CPU seconds used so far by each process tree rooted at `roots` (by name). */
export function cpuSeconds(roots: Record<string, number | undefined>): Record<string, number> {
  const all = new Map<number, Stat>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = stat(Number(entry));
    if (s) all.set(Number(entry), s);
  }
  const children = new Map<number, number[]>();
  for (const [pid, s] of all) children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
  const tree = (pid: number, root: boolean): number => {
    const s = all.get(pid);
    if (!s) return 0;
    // The root's reaped children are its own past workers; below it, each process counts itself.
    const own = s.own + (root ? s.reaped : 0);
    return own + (children.get(pid) ?? []).reduce((sum, c) => sum + tree(c, false), 0);
  };
  return Object.fromEntries(
    Object.entries(roots).map(([name, pid]) => [name, pid ? tree(pid, true) / TICKS_PER_SECOND : 0]),
  );
}

/** What each tree used between two readings, in CPU seconds. */
export function cpuBetween(before: Record<string, number>, after: Record<string, number>) {
  return Object.fromEntries(Object.entries(after).map(([k, v]) => [k, Math.round((v - (before[k] ?? 0)) * 10) / 10]));
}
