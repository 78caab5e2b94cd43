import { TOKENS, type PluginDemoSeedContext, type WorkspacePluginStates, addDays, kolkataToday } from '../../../core/plugin-api';
import { ATTACHMENT_SERVICE, type AttachmentService } from '../../documents/server/tokens';
import { TASK_ENTITY, type TaskPriority, type TaskStatus } from '../shared/wire';
import { createTaskSchema } from './schemas';
import type { RecurrenceInput } from './series/recurrence';
import { SeriesService } from './series/series-service';
import { TaskService, type TaskActor } from './task-service';

interface DemoTask {
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  /** Days from today (negative: past); null for no due date. */
  dueInDays: number | null;
  /** Index into the demo clients (core/host/seed-demo.ts); absent for the firm's own work. */
  clientIndex?: number;
  comments?: string[];
  /** A file attached to it when the documents plugin is on. */
  attachment?: { filename: string; lines: string[] };
}

const DEMO_TASKS: DemoTask[] = [
  {
    title: 'GSTR-1 for October - Shree Ganesh Traders',
    description: 'Reconcile the sales register with e-invoices and file GSTR-1.',
    status: 'COMPLETED',
    priority: 'HIGH',
    dueInDays: -20,
    clientIndex: 0,
    comments: ['Filed; ARN shared with the client.'],
  },
  {
    title: 'GSTR-3B reconciliation with GSTR-2B',
    description: 'Match input tax credit claimed against GSTR-2B and list the vendors who have not filed.',
    status: 'IN_PROGRESS',
    priority: 'URGENT',
    dueInDays: -2,
    clientIndex: 0,
    comments: ['Three vendors have not uploaded invoices yet.', 'Sent reminders to the vendors.'],
  },
  {
    title: 'Reply to GST notice ASMT-10',
    description: 'Draft the reply to the scrutiny notice on ITC mismatch for FY 2023-24 with the reconciliation statement.',
    status: 'IN_PROGRESS',
    priority: 'URGENT',
    dueInDays: 3,
    clientIndex: 0,
    comments: ['Reconciliation statement attached to the file.'],
    attachment: {
      filename: 'ITC Reconciliation FY 2023-24.csv',
      lines: [
        'Month,ITC as per GSTR-3B,ITC as per GSTR-2B,Difference',
        'Apr 2023,412500,405200,7300',
        'May 2023,398100,398100,0',
        'Jun 2023,455900,441650,14250',
      ],
    },
  },
  {
    title: 'Tax audit report Form 3CD - Kaveri Textiles',
    description: 'Complete clauses 26 to 44 of Form 3CD and get the partners to sign the financial statements.',
    status: 'IN_PROGRESS',
    priority: 'HIGH',
    dueInDays: 12,
    clientIndex: 1,
    comments: ['Stock valuation method to be confirmed with Sunita.'],
  },
  {
    title: 'Physical stock verification at the warehouse',
    description: 'Observe the year-end stock count and sample-test 20 items against the stock register.',
    status: 'COMPLETED',
    priority: 'MEDIUM',
    dueInDays: -30,
    clientIndex: 1,
  },
  {
    title: 'LLP Form 11 annual return',
    description: 'File Form 11 with the partners contributions and designated partner details.',
    status: 'BLOCKED',
    priority: 'MEDIUM',
    dueInDays: -6,
    clientIndex: 1,
    comments: ['Waiting for the DSC of the designated partner to be renewed.'],
  },
  {
    title: 'ROC filing AOC-4 - Narmada Agro Foods',
    description: 'Prepare AOC-4 with the audited financial statements and the board report.',
    status: 'PENDING',
    priority: 'HIGH',
    dueInDays: 9,
    clientIndex: 2,
  },
  {
    title: 'ROC filing MGT-7 annual return',
    description: 'Prepare MGT-7 with the shareholding pattern and the list of directors.',
    status: 'PENDING',
    priority: 'MEDIUM',
    dueInDays: 25,
    clientIndex: 2,
  },
  {
    title: 'Advance tax computation - third instalment',
    description: 'Estimate income to December and compute the 75% cumulative advance tax instalment.',
    status: 'PENDING',
    priority: 'HIGH',
    dueInDays: 1,
    clientIndex: 2,
  },
  {
    title: 'E-way bill reconciliation',
    description: 'Match e-way bills generated in the quarter with the outward supplies reported.',
    status: 'PENDING',
    priority: 'LOW',
    dueInDays: 18,
    clientIndex: 3,
  },
  {
    title: 'Reply to income tax notice u/s 143(2)',
    description: 'Compile the documents asked for in the scrutiny notice and draft the submission on the portal.',
    status: 'IN_PROGRESS',
    priority: 'URGENT',
    dueInDays: -1,
    clientIndex: 3,
    comments: ['Client to send the freight ledger by Monday.'],
  },
  {
    title: 'Transfer pricing documentation',
    description: 'Update the benchmarking study for the international transactions with the US parent.',
    status: 'PENDING',
    priority: 'MEDIUM',
    dueInDays: 40,
    clientIndex: 4,
  },
  {
    title: 'Form 3CEB certificate',
    description: 'Certify the international transactions and file Form 3CEB before the return.',
    status: 'BLOCKED',
    priority: 'HIGH',
    dueInDays: 15,
    clientIndex: 4,
    comments: ['Blocked until the transfer pricing study is updated.'],
  },
  {
    title: 'Revise TDS return 26Q Q1 for PAN errors',
    description: 'Correct the deductee PANs flagged in the justification report and file the correction statement.',
    status: 'PENDING',
    priority: 'MEDIUM',
    dueInDays: -10,
    clientIndex: 4,
  },
  {
    title: 'Drug licence renewal documents',
    description: 'Collect the documents the client needs for the drug licence renewal and the GST amendment.',
    status: 'PENDING',
    priority: 'LOW',
    dueInDays: 30,
    clientIndex: 5,
  },
  {
    title: 'GST registration amendment for new godown',
    description: 'Add the additional place of business in the GST registration.',
    status: 'COMPLETED',
    priority: 'MEDIUM',
    dueInDays: -14,
    clientIndex: 5,
  },
  {
    title: 'Books of account for the half year',
    description: 'Post the bank entries to September and send the draft profit and loss account.',
    status: 'IN_PROGRESS',
    priority: 'MEDIUM',
    dueInDays: 6,
    clientIndex: 6,
  },
  {
    title: 'Apply for LUT for exports',
    description: 'File Form GST RFD-11 for the letter of undertaking for the new financial year.',
    status: 'COMPLETED',
    priority: 'HIGH',
    dueInDays: -45,
    clientIndex: 6,
  },
  {
    title: 'ITR-1 for AY 2025-26 - Priya Nair',
    description: 'File ITR-1 with the HRA exemption and the Form 16 figures; verify with Aadhaar OTP.',
    status: 'COMPLETED',
    priority: 'MEDIUM',
    dueInDays: -60,
    clientIndex: 7,
    comments: ['Filed and e-verified.'],
  },
  {
    title: 'Track income tax refund',
    description: 'Check the refund status and raise a grievance if it is not processed within the month.',
    status: 'PENDING',
    priority: 'LOW',
    dueInDays: 20,
    clientIndex: 7,
  },
  {
    title: 'Capital gains computation on the sale of flat',
    description: 'Compute long-term capital gains with indexation and check eligibility for the section 54 exemption.',
    status: 'IN_PROGRESS',
    priority: 'HIGH',
    dueInDays: 8,
    clientIndex: 8,
  },
  {
    title: 'ITR-2 for AY 2025-26 - Rajesh Kumar Sharma',
    description: 'Prepare ITR-2 with the capital gains schedule and the foreign assets schedule.',
    status: 'PENDING',
    priority: 'HIGH',
    dueInDays: -4,
    clientIndex: 8,
  },
  {
    title: 'Advance tax reminder for freelancing income',
    description: 'Tell the client the advance tax due on the professional receipts to date.',
    status: 'PENDING',
    priority: 'MEDIUM',
    dueInDays: 2,
    clientIndex: 9,
  },
  {
    title: 'Clinic accounts and presumptive taxation',
    description: 'Decide between section 44ADA and regular books for the clinic receipts.',
    status: 'PENDING',
    priority: 'MEDIUM',
    dueInDays: null,
    clientIndex: 10,
  },
  {
    title: 'Reply to defective return notice u/s 139(9)',
    description: 'Correct the ITR for the mismatch in TDS claimed and respond within 15 days.',
    status: 'BLOCKED',
    priority: 'URGENT',
    dueInDays: -3,
    clientIndex: 11,
    comments: ['Awaiting the corrected Form 16 from the employer.'],
  },
  {
    title: 'Renew the firm peer review certificate',
    description: 'Submit the peer review questionnaire and the sample engagement files to the board.',
    status: 'PENDING',
    priority: 'MEDIUM',
    dueInDays: 35,
  },
  {
    title: 'CPE hours for the year',
    description: 'Record the structured CPE hours of each partner on the institute portal.',
    status: 'IN_PROGRESS',
    priority: 'LOW',
    dueInDays: 50,
  },
  {
    title: 'Update engagement letters for the new financial year',
    description: 'Send the revised engagement letters with the updated fee schedule to every retainer client.',
    status: 'COMPLETED',
    priority: 'LOW',
    dueInDays: -25,
  },
  {
    title: 'Office GST return for the firm',
    description: "File the firm's own GSTR-3B for professional services.",
    status: 'PENDING',
    priority: 'MEDIUM',
    dueInDays: -8,
  },
  {
    title: 'Staff training on the new ITR utilities',
    description: "Walk the team through the changes in this year's ITR forms and the JSON utility.",
    status: 'PENDING',
    priority: 'LOW',
    dueInDays: null,
  },
];

interface DemoSeries {
  titleTemplate: string;
  description: string;
  priority: TaskPriority;
  clientIndexes: number[];
  /** Days from today the first due date is looked for (it moves onto the rule). */
  startInDays: number;
  recurrence: RecurrenceInput;
}

/** The practice's compliance calendar: monthly GST returns and the quarterly TDS returns. */
const DEMO_SERIES: DemoSeries[] = [
  {
    titleTemplate: 'GSTR-1 for {client}',
    description: 'Outward supplies of the month: invoices, credit notes and HSN summary.',
    priority: 'HIGH',
    clientIndexes: [0, 1, 2],
    startInDays: -25,
    recurrence: { frequency: 'MONTHLY', interval: 1, dayOfMonth: 11, createDaysBefore: 5 },
  },
  {
    titleTemplate: 'GSTR-3B for {client}',
    description: 'Summary return and tax payment after reconciling ITC with GSTR-2B.',
    priority: 'URGENT',
    clientIndexes: [0, 3, 5],
    startInDays: -15,
    recurrence: { frequency: 'MONTHLY', interval: 1, dayOfMonth: 20, createDaysBefore: 7 },
  },
  {
    titleTemplate: 'TDS return 24Q and 26Q for {client}',
    description: 'Quarterly TDS statements for salaries and other payments; issue Form 16A after filing.',
    priority: 'HIGH',
    clientIndexes: [0, 4],
    startInDays: -30,
    // The quarterly due dates: 31 July, 31 October, 31 January and 31 May.
    recurrence: { rrule: 'FREQ=YEARLY;BYMONTH=1,5,7,10;BYMONTHDAY=31', createDaysBefore: 10 },
  },
];

/** About forty tasks of a CA practice over the demo clients, a few repeating series, comments on some. */
export async function seedDemoTasks({ container, membership, owner, clients }: PluginDemoSeedContext): Promise<void> {
  const tasks = container.get(TaskService);
  const series = container.get(SeriesService);
  const actor: TaskActor = { workspace: membership.workspace, userId: owner.id, role: membership.role, name: owner.name };
  const today = kolkataToday();
  const documentsOn =
    container.isBound(ATTACHMENT_SERVICE) &&
    (await container.get<WorkspacePluginStates>(TOKENS.WorkspacePlugins).isEnabled(membership.workspace.id, 'documents'));
  const attachments = documentsOn ? container.get<AttachmentService>(ATTACHMENT_SERVICE) : null;

  for (const demo of DEMO_TASKS) {
    const client = demo.clientIndex === undefined ? undefined : clients[demo.clientIndex];
    const input = createTaskSchema.parse({
      title: demo.title,
      description: demo.description,
      status: demo.status,
      priority: demo.priority,
      dueDate: demo.dueInDays === null ? null : addDays(today, demo.dueInDays),
      assignedToExternalId: owner.externalId,
      clientExternalId: client?.externalId ?? null,
      entityType: client ? 'CLIENT' : null,
      entityId: client?.externalId ?? null,
    });
    const task = await tasks.create(actor, input);
    for (const content of demo.comments ?? []) await tasks.addComment(actor, task.externalId, content);
    if (demo.attachment && attachments) {
      await attachments.attachFile(
        { workspaceId: membership.workspace.id, entityType: TASK_ENTITY, entityId: task.externalId },
        {
          filename: demo.attachment.filename,
          body: Buffer.from(`${demo.attachment.lines.join('\n')}\n`),
          directory: `tasks/${task.externalId}`,
          clientExternalId: client?.externalId,
        },
        { membership, user: owner },
      );
    }
  }

  for (const demo of DEMO_SERIES) {
    await series.createRecurringWork(membership.workspace, owner.id, {
      clientIds: demo.clientIndexes.map((index) => clients[index]!.externalId),
      titleTemplate: demo.titleTemplate,
      description: demo.description,
      priority: demo.priority,
      assignedToExternalId: owner.externalId,
      firstDueDate: addDays(today, demo.startInDays),
      recurrence: demo.recurrence,
    });
  }
}
