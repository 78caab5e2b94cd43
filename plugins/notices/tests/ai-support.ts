import { expect } from 'chai';
import { NOTICE_AI_ROUTES, type AiJobStatus } from '../shared/wire';
import { actionsOf, get, noticeOf, post, type TestSession } from './support';

// The AI suites read notices through this module; the readers themselves live in ./support with the register's suites.
export { activityOf, noticeOf } from './support';

/**
 * The suites' wait for an analysis before the route answers 202: long, so a test of the 200 answer does not depend on
 * how busy the machine is (the first PDF a process reads loads pdf.js); the 202 tests set their own.
 */
export const PATIENT_AI_WAIT_MS = 120_000;

/** `POST notices/{id}/process-ai` as the web sends it: no body beyond the workspace. */
export const processAi = (session: TestSession, workspaceId: string, noticeId: string) =>
  post(session, NOTICE_AI_ROUTES.processAi(noticeId), { workspaceId });

export const jobStatus = (session: TestSession, workspaceId: string, noticeId: string, jobId: string) =>
  get(session, NOTICE_AI_ROUTES.processAiJob(noticeId, jobId), { workspaceId });

/** Follows a 202's job as the web does, every 200 ms, until it ends; answers its last status. */
export async function settledJob(session: TestSession, workspaceId: string, noticeId: string, jobId: string): Promise<AiJobStatus> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const status: AiJobStatus = (await jobStatus(session, workspaceId, noticeId, jobId).expect(200)).body.data;
    if (status.state !== 'RUNNING') return status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`job ${jobId} still running after 20 s`);
}

/** The notice as it was before any analysis: no AI texts, no provider, and only the entry of its creation. */
export async function expectUnanalysed(session: TestSession, workspaceId: string, noticeId: string): Promise<void> {
  expect(await noticeOf(session, workspaceId, noticeId)).to.include({ summary: null, actionItems: null, draftReply: null, ai: null });
  expect(await actionsOf(session, workspaceId, noticeId)).to.deep.equal(['Notice added']);
}

/** A day relative to today in Asia/Kolkata, as a notice prints it: DD/MM/YYYY. */
export function printedDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}
