import type { Clock } from '../src/lib/clock.js';

/** A clock the test moves by hand; it starts at `start` (the real time by default). */
export class ManualClock implements Clock {
  private time: number;

  constructor(start: Date | string = new Date()) {
    this.time = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.time);
  }

  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.time += ms;
  }

  /** Sets the clock to `date` (the real time by default). */
  set(date: Date = new Date()): void {
    this.time = date.getTime();
  }
}
