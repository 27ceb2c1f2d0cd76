// Preloaded (NODE_OPTIONS=--import=…) into every process a docs command starts in test/docs/shell-snippets.test.ts:
// a server the docs start on a fixed port (3000, 3001 …) listens on a free one instead, so the commands run exactly as
// written beside other tests and CI jobs. Every documented server prints the URL it actually got, which the test reads.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenOnAFreePort(...args) {
  const [first] = args;
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) args[0] = 0;
  else if (first !== null && typeof first === 'object' && first.port !== undefined) args[0] = { ...first, port: 0 };
  return listen.apply(this, args);
};
