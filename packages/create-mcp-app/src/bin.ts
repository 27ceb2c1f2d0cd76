#!/usr/bin/env node
import { TEMPLATES } from './index.js';

process.stderr.write(
  `create-mcp-app: scaffolding is not available in this version yet (templates planned: ${TEMPLATES.join(', ')}).\n`,
);
process.exitCode = 2;
