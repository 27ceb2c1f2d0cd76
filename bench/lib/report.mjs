// Turns the raw rounds into medians, ratios and a Markdown table.
import { fmtInt, fmtMiB, fmtMs, fmtRatio, median } from './stats.mjs';

const med = (rounds, key) => median(rounds.map((r) => r[key]));

/**
 * The throughput of `a` over `b`, as the median of their ratios round by round. Both ran the same cell within
 * seconds of each other in every round (bench/lib/throughput.mjs), so a slow spell of the machine lowers both
 * figures of that round and cancels out of its ratio, where it would shift one median and not the other.
 */
export function pairedRatio(a, b, key = 'throughput') {
  return median(a.rounds.map((r, i) => r[key] / b.rounds[i][key]));
}
const check = (ok) => (ok === undefined ? '' : ok ? ' ✓' : ' ✗');

/** One summarized row per figure: per-implementation medians, ratios and the target verdict. */
export function summarize(kind, figures) {
  return Object.entries(figures).map(([figure, byImpl]) => {
    const row = { kind, figure, impls: {} };
    for (const [impl, rounds] of Object.entries(byImpl)) {
      if (kind === 'throughput') {
        row.impls[impl] = { throughput: med(rounds, 'throughput'), p50: med(rounds, 'p50'), p99: med(rounds, 'p99') };
      } else if (kind === 'rss') {
        row.impls[impl] = { rss: med(rounds, 'rss') };
      } else if (kind === 'latency') {
        row.impls[impl] = { ms: med(rounds, 'ms') };
      } else {
        row.impls[impl] = { ...rounds[0] };
      }
      row.impls[impl].rounds = rounds;
    }
    const d = row.impls.decorum;
    const raw = row.impls.raw;
    const sdk = row.impls['sdk-v1'];
    // Snapshots (decorum@<name>, from --with) get their own ratio to the floor, for A/B runs.
    const snapshots = Object.keys(row.impls).filter((name) => name.startsWith('decorum@'));
    if ((kind === 'throughput' || kind === 'latency') && snapshots.length > 0) {
      const key = kind === 'throughput' ? 'throughput' : 'ms';
      row.snapshots = Object.fromEntries(snapshots.map((n) => [n, pairedRatio(row.impls[n], raw, key)]));
    }
    if (kind === 'throughput') {
      row.vsFloor = pairedRatio(d, raw);
      // SDK v1 does not speak 2026-07-28: no ratio for those figures.
      if (sdk) row.vsSdk = pairedRatio(d, sdk);
      // In memory the floor is a bare function call a microtask away: a reference, not a target.
      const single = / 1 (client|in flight)/.test(figure);
      const floor = single ? 0.85 : 0.8;
      if (!figure.startsWith('in-memory'))
        Object.assign(row, { target: `≥ ${floor}× floor`, met: row.vsFloor >= floor });
    } else if (kind === 'rss') {
      row.vsFloor = d.rss / raw.rss;
      // The stateless row runs Decorum and the floor only (2026-07-28).
      if (sdk) row.vsSdk = d.rss / sdk.rss;
      Object.assign(row, { target: '≤ 1.3× floor', met: row.vsFloor <= 1.3 });
    } else if (kind === 'latency') {
      // Lists and cold starts take turns too (call by call, spawn by spawn): ratios round by round as well.
      row.vsFloor = pairedRatio(d, raw, 'ms');
      row.vsSdk = pairedRatio(d, sdk, 'ms');
      if (figure.startsWith('tools/list, 500')) Object.assign(row, { target: '≤ 1.5× floor', met: row.vsFloor <= 1.5 });
      if (figure.startsWith('cold start (')) Object.assign(row, { target: '≤ 1.3× floor', met: row.vsFloor <= 1.3 });
    } else if (kind === 'leak') {
      row.target = 'no growth (heap Δ < 1 MiB)';
      row.met = d.heapAfter - d.heapBefore < 1048576;
    }
    return row;
  });
}

/** Cold start of the app built with --no-bundle: Decorum only, beside the bundled figure. */
export function unbundledRow(rounds) {
  return [
    {
      kind: 'latency',
      figure: 'cold start, decorum built with --no-bundle',
      impls: { decorum: { ms: med(rounds, 'ms'), rounds } },
    },
  ];
}

function cell(kind, v) {
  if (v === undefined) return 'n/a';
  if (kind === 'reload') return `${fmtMs(v.medianMs)} ms (p90 ${fmtMs(v.p90Ms)})`;
  if (kind === 'throughput') return `${fmtInt(v.throughput)}/s · ${fmtMs(v.p50)} / ${fmtMs(v.p99)} ms`;
  if (kind === 'latency') return `${fmtMs(v.ms)} ms`;
  if (kind === 'rss') return fmtMiB(v.rss);
  if (kind === 'sessions') return `${fmtMiB(v.rss)} (${fmtInt(v.perSession / 1024)} KiB/session)`;
  const delta = (a, b) => `${(b - a) / 1048576 >= 0 ? '+' : ''}${((b - a) / 1048576).toFixed(1)}`;
  return `RSS ${fmtMiB(v.rssAfter)} (${delta(v.rssBefore, v.rssAfter)}), heap ${delta(v.heapBefore, v.heapAfter)} MiB`;
}

export function table(rows, implNames) {
  const snapshots = implNames.filter((name) => name.startsWith('decorum@'));
  const head = [
    'figure',
    ...implNames,
    'decorum / floor',
    'decorum / sdk-v1',
    ...snapshots.map((n) => `${n} / floor`),
    'target',
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`];
  for (const row of rows) {
    const ratio = (r) => (r === undefined ? '' : fmtRatio(r));
    const cells = [
      row.figure,
      ...implNames.map((name) => cell(row.kind, row.impls[name])),
      ratio(row.vsFloor),
      ratio(row.vsSdk),
      ...snapshots.map((name) => ratio(row.snapshots?.[name])),
      row.target ? `${row.target}${check(row.met)}` : '',
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}
