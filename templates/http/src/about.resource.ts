import { Resource } from '@decorum/core';

export class AboutResource {
  @Resource('app://about', { name: 'about', mimeType: 'text/plain', description: 'What this server is' })
  about(): string {
    return '{{serverName}}: an MCP server built with Decorum, served over Streamable HTTP.';
  }
}
