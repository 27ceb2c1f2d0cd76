// Running a bench server under valgrind's callgrind and reading what it counted: instructions executed in user
// space, the same from run to run for the same build and inputs (±0.3% here), whatever else the machine does.
// Node runs with --perf-basic-prof, so the addresses of JIT-compiled functions can be named from its perf map.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Fails with the install hint when valgrind is missing (Debian: `apt-get install valgrind`). */
export function requireValgrind() {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('valgrind is not installed: on Debian, `apt-get install valgrind` (it brings callgrind)');
  }
}

/**
 * Spawns `node <args>` under callgrind with instrumentation off, so start-up and warm-up run at full speed.
 * `measure(run)` turns counting on around `run()` and gives the dump, with the process's perf map.
 */
export function spawnCounted(nodeArgs, stdio) {
  const dir = mkdtempSync(join(tmpdir(), 'decorum-callgrind-'));
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--cache-sim=no',
      '--branch-sim=no',
      '--instr-atstart=no',
      `--callgrind-out-file=${dir}/out.%p`,
      process.execPath,
      '--perf-basic-prof',
      ...nodeArgs,
    ],
    { stdio },
  );
  const control = (...args) => execFileSync('callgrind_control', [...args, String(child.pid)], { stdio: 'ignore' });
  return {
    child,
    /** Counts what `run` makes the process do; `settle` runs first with counting on but not kept (JIT tiers). */
    async measure(settle, run) {
      control('-i', 'on');
      await settle();
      control('-z');
      await run();
      control('-i', 'off');
      control('-d');
      const file = readdirSync(dir)
        .filter((name) => name.startsWith('out.'))
        .map((name) => join(dir, name))
        .find((path) => /^totals: [1-9]/m.test(readFileSync(path, 'utf8')));
      if (file === undefined) throw new Error('callgrind wrote no counts');
      return { file, map: readPerfMap(`/tmp/perf-${child.pid}.map`) };
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
      rmSync(`/tmp/perf-${child.pid}.map`, { force: true });
    },
  };
}

/** The instructions counted in a dump. */
export function totalOf(file) {
  return Number(/^totals: (\d+)/m.exec(readFileSync(file, 'utf8'))?.[1] ?? 0);
}

function readPerfMap(path) {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [start, size, ...name] = line.split(' ');
      const at = Number.parseInt(start, 16);
      return { start: at, end: at + Number.parseInt(size, 16), name: name.join(' ') };
    })
    .sort((a, b) => a.start - b.start);
}

function nameAt(map, address) {
  let lo = 0;
  let hi = map.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (map[mid].start <= address) lo = mid + 1;
    else hi = mid - 1;
  }
  const entry = map[hi];
  return entry !== undefined && address < entry.end ? entry.name : undefined;
}

/** Instructions by function (self), JIT code named from the perf map: Map name → count. */
export function byFunction({ file, map }) {
  const text = execFileSync('callgrind_annotate', ['--threshold=100', file], { maxBuffer: 1 << 28 }).toString();
  const out = new Map();
  for (const line of text.split('\n')) {
    const match = /^\s*([\d,]+) \([^)]*\)\s+(.*)$/.exec(line);
    if (match === null || line.includes('PROGRAM TOTALS')) continue;
    let name = match[2].replace(/\s*\[.*\]$/, '');
    const jit = /^\?\?\?:0x([0-9a-f]+)$/.exec(name);
    if (jit) name = (nameAt(map, Number.parseInt(jit[1], 16)) ?? name).replace(/^JS:[*~^+]?/, 'JS ');
    else name = name.replace(/^\?\?\?:/, '');
    name = name.replace(/file:\/\/|\/[^ ]*\/bench\/\.build\/app\//, '').slice(0, 110);
    out.set(name, (out.get(name) ?? 0) + Number(match[1].replaceAll(',', '')));
  }
  return out;
}
