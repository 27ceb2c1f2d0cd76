// Cold start: process spawn → initialize result on stdout, for the built app. Interleaved rounds.
import { spawn } from 'node:child_process';
import { initializeParams } from './messages.mjs';

function coldStart(impl) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [impl.file], { stdio: ['pipe', 'pipe', 'ignore'] });
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: initializeParams })}\n`);
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (!out.includes('\n')) return;
      const ms = performance.now() - start;
      child.kill();
      if (JSON.parse(out.slice(0, out.indexOf('\n'))).result) resolve({ ms });
      else reject(new Error(`${impl.name}: ${out}`));
    });
    child.once('exit', (code) => {
      if (!out.includes('\n')) reject(new Error(`${impl.name} exited (${code}) before answering`));
    });
  });
}

export async function measureColdStart(cfg, impls, log) {
  const figure = 'cold start (spawn → initialize result)';
  const figures = { [figure]: {} };
  for (const impl of impls) await coldStart(impl); // fill the OS file cache first
  for (let round = 0; round < cfg.coldRounds; round++) {
    for (const impl of impls) {
      figures[figure][impl.name] ??= [];
      figures[figure][impl.name].push(await coldStart(impl));
    }
  }
  log('cold start done');
  return figures;
}
