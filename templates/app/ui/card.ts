// The view: runs in the host's sandboxed iframe and talks to the host through App (postMessage).
import { App } from '@modelcontextprotocol/ext-apps';
import './card.css';

interface Greeting {
  name: string;
  greeting: string;
}

const greeting = document.getElementById('greeting') as HTMLElement;
const shout = document.getElementById('shout') as HTMLButtonElement;
const app = new App({ name: 'greeting-card', version: '0.1.0' });
let name = '';

function show(result: { structuredContent?: unknown }): void {
  const data = result.structuredContent as Greeting | undefined;
  if (data === undefined) return;
  name = data.name;
  greeting.textContent = data.greeting;
  shout.disabled = false;
}

// The host pushes the result of the tool call that opened this view…
app.ontoolresult = show;
// The host asks before it removes the view (ui/resource-teardown): answer it, after saving anything
// unsaved, or the host sees -32601 and cannot tell a view that is done from one that is broken.
app.onteardown = async () => ({});
// …and the view can call the server's tools itself, through the host.
shout.addEventListener('click', async () => show(await app.callServerTool({ name: 'shout', arguments: { name } })));

await app.connect();
