// The bench's `forecast` tool (the same DTO as decorum.ts) served over stdio from the sources, with tasks off or,
// given `--tasks`, on (`tasks: {}`): the tool has no task support either way. Run by bench/tasks-overhead.mjs
// (`node --conditions=@decorum/source --import @decorum/cli/register bench/servers/tasks-app.ts [--tasks]`).
import 'reflect-metadata';
import { Args, McpApp, Tool } from '@decorum/core';
import { DESCRIPTION, forecastText, ready } from './common.mjs';
import { ForecastInput } from './decorum.ts';

class Weather {
  @Tool({ description: DESCRIPTION })
  forecast(@Args() input: ForecastInput) {
    return forecastText(input);
  }
}

const tasks = process.argv.includes('--tasks');
await new McpApp({ name: 'decorum', version: '1.0.0', providers: [Weather], ...(tasks && { tasks: {} }) }).listen({
  stdio: true,
});
ready();
