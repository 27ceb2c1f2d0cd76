// The resources the suite reads and subscribes to.
import { Param, Resource, ResourceTemplate } from '@decorum/core';
import { bytes, PNG_BASE64 } from './fixtures.js';

export class TestResources {
  @Resource('test://static-text', {
    name: 'static-text',
    title: 'Static Text Resource',
    description: 'A static text resource for testing',
    mimeType: 'text/plain',
  })
  staticText(): string {
    return 'This is the content of the static text resource.';
  }

  @Resource('test://static-binary', {
    name: 'static-binary',
    title: 'Static Binary Resource',
    description: 'A static binary resource (image) for testing',
    mimeType: 'image/png',
  })
  staticBinary(): Uint8Array {
    return bytes(PNG_BASE64);
  }

  // Subscribed to (and unsubscribed from) by the legacy scenarios; its content never changes here.
  @Resource('test://watched-resource', {
    name: 'watched-resource',
    title: 'Watched Resource',
    description: 'A resource clients can subscribe to',
    mimeType: 'text/plain',
  })
  watched(): string {
    return 'Watched resource content';
  }

  @ResourceTemplate('test://template/{id}/data', {
    name: 'template',
    title: 'Resource Template',
    description: 'A resource template with parameter substitution',
    mimeType: 'application/json',
  })
  template(@Param('id') id: string) {
    return { id, templateTest: true, data: `Data for ID: ${id}` };
  }
}
