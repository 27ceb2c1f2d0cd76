import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { LEGACY_PROTOCOL_VERSIONS } from '../src/index.js';
import { createLinkedTransports } from '../src/transports/in-memory.js';
import { createFixtureServer, type FixtureProbe } from './fixtures/fixture-server.js';
import { legacySuite } from './support/legacy-suite.js';

for (const version of LEGACY_PROTOCOL_VERSIONS) {
  const probe: FixtureProbe = { cancelled: [], logged: [] };
  legacySuite('official SDK client over in-memory transports', version, {
    async open() {
      probe.cancelled.length = 0;
      probe.logged = [];
      const [clientSide, serverSide] = createLinkedTransports();
      await createFixtureServer(probe).connect(serverSide);
      return clientSide as unknown as SdkTransport;
    },
    cancelled: () => probe.cancelled,
    separateFrames: true,
    logged: () => probe.logged ?? [],
  });
}
