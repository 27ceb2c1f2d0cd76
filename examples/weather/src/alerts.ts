// The alerts feed behind `weather://alerts`: state shared by the tool that reports alerts and the
// resource that lists them. One instance per app (the app's container makes it), never a module global.
import { Service } from 'typedi';

export type Severity = 'minor' | 'moderate' | 'severe' | 'extreme';

/** One weather alert. */
export interface Alert {
  id: string;
  city: string;
  severity: Severity;
  headline: string;
}

@Service()
export class AlertBoard {
  private readonly alerts: Alert[] = [
    { id: 'alert-1', city: 'Reykjavik', severity: 'moderate', headline: 'Gale-force winds along the coast' },
  ];

  /** Every alert, oldest first. */
  list(): readonly Alert[] {
    return this.alerts;
  }

  /** Records an alert and returns it, with the next id. */
  add(city: string, severity: Severity, headline: string): Alert {
    const alert = { id: `alert-${this.alerts.length + 1}`, city, severity, headline };
    this.alerts.push(alert);
    return alert;
  }
}
