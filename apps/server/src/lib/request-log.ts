import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

const REFUSED_SUMMARY_MS = 60_000;

/**
 * One log line per request, written once it is answered: the request (method, URL with secrets
 * masked, address), the status and the time taken, and, for a signed-in request, `userId` (bound
 * by the accounts module as soon as it knows the user). A flood of 429s is summed up, one line a
 * minute (`logRefused`). Fastify's own "incoming request" line is
 * written before anyone can know who is asking, so it goes to the debug level.
 */
export class RequestLogController extends LogController {
  /** Refused (429) answers since the last summary line; a flood writes one line a minute. */
  private refused = 0;
  private refusedSince = 0;

  /**
   * A 429 is logged in full when it is the first for a minute; the ones after it only count, and
   * the next 429 past the minute writes how many there were. Returns whether to log this one.
   */
  private logRefused(reply: FastifyReply): boolean {
    const now = Date.now();
    if (this.refused > 0 && now - this.refusedSince < REFUSED_SUMMARY_MS) {
      this.refused += 1;
      return false;
    }
    if (this.refused > 1) {
      reply.log.warn(
        { refused: this.refused - 1, sinceMs: now - this.refusedSince },
        'refused requests (429) not logged one by one',
      );
    }
    this.refused = 1;
    this.refusedSince = now;
    return true;
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (reply.statusCode === 429 && !this.logRefused(reply)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}
