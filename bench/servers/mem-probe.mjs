// Preloaded (`node --import bench/servers/mem-probe.mjs …`) into a server that is not one of the bench servers (the
// SSE flood fixture): installs the same memory probe they have (SIGUSR2 → `MEM {...}` on stderr, after a GC).
import { ready } from './common.mjs';

ready();
