import type { Response } from 'express';
import type { Logger } from '../platform/logger';

/**
 * Answers at once, alike for every address, and only then does the work that depends on whether the address has an
 * account (issuing a token, queuing an email): neither the answer's words nor its timing tell which addresses have
 * accounts. A failure of that work is logged; the reader can ask again.
 */
export async function answerThenWork(
  res: Response,
  answer: { status: number; body: object },
  work: () => Promise<void>,
  failure: { logger: Logger; message: string },
): Promise<void> {
  res.status(answer.status).json(answer.body);
  try {
    await work();
  } catch (error) {
    failure.logger.error({ err: error }, failure.message);
  }
}
