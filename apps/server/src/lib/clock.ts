/** The time source of every service and job: the app's one clock, swapped in tests. */
export interface Clock {
  now(): Date;
}

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };
