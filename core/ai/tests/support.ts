import { expect } from 'chai';
import { createLogger, type Logger } from '../../platform/logger';
import { AiError } from '../notice-analysis';

/** An ASMT-10 scrutiny notice as a member would paste it from the PDF: what the AI tests analyse. */
export const ASMT_10_TEXT = `FORM GST ASMT-10 [See rule 99(1)]
Reference No.: ZD0712250123456          Date: 15/12/2025
To
M/s Sharma Traders
GSTIN: 27AABCS1234F1Z5
Tax Period: April 2023 - March 2024
Subject: Notice for intimating discrepancies in the return after scrutiny
The following discrepancies have been noticed on scrutiny of the return for the above tax period:
Input tax credit claimed in GSTR-3B exceeds that available in GSTR-2B by Rs. 1,84,320.00
You are hereby directed to explain the reasons for the aforesaid discrepancies within a period of 30 days from the
date of service of this notice.
Superintendent of Central Tax, Range-II, Division-IV`;

/** What the caller gets from a rejected analysis. */
export async function failureOf(promise: Promise<unknown>): Promise<AiError> {
  const outcome = await promise.then(
    (analysis) => ({ analysis }),
    (error: unknown) => ({ error }),
  );
  expect(outcome, 'no analysis may come back').not.to.have.property('analysis');
  const { error } = outcome as { error: unknown };
  expect(error).to.be.instanceOf(AiError);
  return error as AiError;
}

export interface LoggedLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** The app's logger, its lines read back by the test instead of written out. */
export function recordingLogger(): { logger: Logger; errors: () => LoggedLine[] } {
  const lines: LoggedLine[] = [];
  const logger = createLogger('trace', { write: (line: string) => void lines.push(JSON.parse(line) as LoggedLine) });
  return { logger, errors: () => lines.filter((line) => line.level >= logger.levels.values.error!) };
}
