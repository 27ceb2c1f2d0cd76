// The forecast view: bars of highs (lows inside), redrawn from each tool result; the unit switch
// calls weather_forecast again through the host.
import { App } from '@modelcontextprotocol/ext-apps';
import './forecast.css';

interface Day {
  date: string;
  high: number;
  low: number;
  sky: string;
  rain: number;
}
interface Forecast {
  city: string;
  country: string;
  units: 'metric' | 'imperial';
  unit: string;
  days: Day[];
}

const list = document.getElementById('days') as HTMLOListElement;
const button = document.getElementById('units') as HTMLButtonElement;
const app = new App({ name: 'weather-forecast', version: '1.0.0' });
let shown: Forecast | undefined;

function draw(result: { structuredContent?: unknown }): void {
  const data = result.structuredContent as Forecast | undefined;
  if (data?.days === undefined) return;
  shown = data;
  (document.getElementById('title') as HTMLElement).textContent = `${data.city}, ${data.country}`;
  button.textContent = data.units === 'metric' ? '°F' : '°C';
  button.disabled = false;
  const max = Math.max(...data.days.map((d) => d.high), 1);
  list.replaceChildren(
    ...data.days.map((day) => {
      const item = document.createElement('li');
      item.className = 'day';
      item.dataset.date = day.date;
      const bar = document.createElement('div');
      bar.className = 'bar';
      bar.style.height = `${Math.max(8, (day.high / max) * 130)}px`;
      const low = document.createElement('span');
      low.className = 'low';
      low.style.height = `${Math.max(0, (day.low / Math.max(day.high, 1)) * 100)}%`;
      bar.append(low);
      const label = document.createElement('div');
      label.className = 'label';
      label.innerHTML = `<span class="temp">${day.high}${data.unit}</span><br>${day.date.slice(5)}<br>${day.sky}`;
      item.append(bar, label);
      return item;
    }),
  );
}

app.ontoolresult = draw;
// The host asks before it removes the view (ui/resource-teardown): answer it, after saving anything
// unsaved, or the host sees -32601 and cannot tell a view that is done from one that is broken.
app.onteardown = async () => ({});
button.addEventListener('click', async () => {
  if (shown === undefined) return;
  const units = shown.units === 'metric' ? 'imperial' : 'metric';
  draw(
    await app.callServerTool({
      name: 'weather_forecast',
      arguments: { city: shown.city, days: shown.days.length, units },
    }),
  );
});

await app.connect();
