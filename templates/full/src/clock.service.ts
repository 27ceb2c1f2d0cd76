import { Service } from 'typedi';

/** The current time, as a service so tests can replace it with a fixed clock. */
@Service()
export class Clock {
  now(): Date {
    return new Date();
  }
}
