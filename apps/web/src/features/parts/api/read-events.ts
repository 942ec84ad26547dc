import type { PartEvent } from '@magazzino/contract';

/** One page of events (a part's history, the warehouse's activity) and how many there are in all. */
export interface EventsPage {
  events: PartEvent[];
  /** X-Total-Count: every event matching, on every page. */
  total: number;
  /** Where this page starts. */
  offset: number;
}

/** Reads a page of events: the events in the body, their total count in X-Total-Count. */
export async function readEventsPage(response: Response, offset: number): Promise<EventsPage> {
  const events = (await response.json()) as PartEvent[];
  const header = Number(response.headers.get('x-total-count'));
  const seen = offset + events.length;
  const total = response.headers.has('x-total-count') && Number.isFinite(header) ? header : seen;
  return { events, total: Math.max(total, seen), offset };
}

/** The offset of the page after `last`, or undefined when every event has been read. */
export function nextEventsOffset(last: EventsPage): number | undefined {
  const next = last.offset + last.events.length;
  return last.events.length > 0 && next < last.total ? next : undefined;
}
