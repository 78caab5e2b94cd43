import { TOKENS, type PluginDemoSeedContext, type WorkspacePluginStates, addDays, kolkataDayOf, kolkataToday } from '../../../core/plugin-api';
import { ATTACHMENT_SERVICE } from '../../documents/server/tokens';
import { type TaskPriority, type TaskStatus } from '../shared/wire';
import {
  assessmentYearBefore,
  financialYearBefore,
  financialYearOf,
  lastDeadline,
  nearestDeadline,
  nextDeadline,
  type YearlyDeadline,
} from './demo-deadlines';
import { demoHistory, type DemoHistory } from './demo-history';
import { createTaskSchema } from './schemas';
import type { RecurrenceInput } from './series/recurrence';
import { TaskReminders } from './reminders';
import { SeriesService, type StartedSeries } from './series/series-service';
import { Task } from './models';
import { TaskService, type TaskActor } from './task-service';

/**
 * When a demo task is due: days from the seeding day, the nearest date of a yearly deadline (open work), its last date
 * (work already done), or the next of several.
 */
type DemoDue = { inDays: number } | { nearest: YearlyDeadline } | { last: YearlyDeadline } | { nextOf: readonly YearlyDeadline[] } | null;

/** Text fixed, or made from the task's due date (the period a return is for follows the deadline it sits on). */
type DemoText = string | ((dueDate: string) => string);

interface DemoTask {
  title: DemoText;
  description: DemoText;
  status: TaskStatus;
  priority: TaskPriority;
  due: DemoDue;
  /** Index into the demo clients (core/host/seed-demo.ts); absent for the firm's own work. */
  clientIndex?: number;
  comments?: string[];
  /** A file attached to it when the documents plugin is on. */
  attachment?: { filename: string; lines: string[] };
}

const ADVANCE_TAX_DATES: YearlyDeadline[] = [
  [6, 15],
  [9, 15],
  [12, 15],
  [3, 15],
];
/** By the month an instalment is due: which one it is and the share of the year's tax paid by then. */
const ADVANCE_TAX_INSTALMENTS: Record<string, [ordinal: string, share: number]> = {
  '06': ['first', 15],
  '09': ['second', 45],
  '12': ['third', 75],
  '03': ['fourth', 100],
};
const instalmentOf = (dueDate: string) => ADVANCE_TAX_INSTALMENTS[dueDate.slice(5, 7)]!;

const DEMO_TASKS: DemoTask[] = [
  {
    title: (due) => `GSTR-9 annual return for ${financialYearBefore(due)} - Shree Ganesh Traders`,
    description: "Reconcile the year's GSTR-1 and GSTR-3B with the books and prepare the annual return.",
    status: 'PENDING',
    priority: 'HIGH',
    due: { nearest: [12, 31] },
    clientIndex: 0,
    comments: ['Waiting for the audited turnover figures.'],
  },
  {
    title: 'ITC reconciliation with GSTR-2B',
    description: 'Match the input tax credit to be claimed in GSTR-3B against GSTR-2B and list the vendors who have not filed.',
    status: 'IN_PROGRESS',
    priority: 'URGENT',
    due: { inDays: -2 },
    clientIndex: 0,
    comments: ['Three vendors have not uploaded invoices yet.', 'Sent reminders to the vendors.'],
  },
  {
    title: 'Reply to GST notice ASMT-10',
    description: 'Draft the reply in Form GST ASMT-11 to the scrutiny notice on the ITC mismatch for FY 2024-25, with the reconciliation statement.',
    status: 'IN_PROGRESS',
    priority: 'URGENT',
    due: { inDays: 3 },
    clientIndex: 0,
    comments: ['Reconciliation statement attached to the file.'],
    attachment: {
      filename: 'ITC Reconciliation FY 2024-25.csv',
      lines: [
        'Month,ITC as per GSTR-3B,ITC as per GSTR-2B,Difference',
        'Apr 2024,412500,405200,7300',
        'May 2024,398100,398100,0',
        'Jun 2024,455900,441650,14250',
        'Jul 2024,421300,398900,22400',
        'Aug 2024,437800,437800,0',
        'Sep 2024,462400,431150,31250',
        'Oct 2024,488200,468590,19610',
        'Nov 2024,451600,451600,0',
        'Dec 2024,476300,447420,28880',
        'Jan 2025,439700,418350,21350',
        'Feb 2025,428900,428900,0',
        'Mar 2025,512600,444900,67700',
        'Total,5395300,5183040,212260',
      ],
    },
  },
  {
    title: 'Reply to income tax notice u/s 143(2)',
    description: 'Compile the documents asked for in the scrutiny notice for AY 2024-25 and draft the submission on the e-filing portal.',
    status: 'IN_PROGRESS',
    priority: 'URGENT',
    due: { inDays: -1 },
    clientIndex: 0,
    comments: ['Client to send the bank statements for the cash deposits by Monday.'],
  },
  {
    title: (due) => `Tax audit report Form 3CD for ${financialYearBefore(due)} - Kaveri Textiles`,
    description: 'Complete the clauses of Form 3CD and get the partners to sign the financial statements.',
    status: 'COMPLETED',
    priority: 'HIGH',
    due: { last: [9, 30] },
    clientIndex: 1,
    comments: ['Stock valuation method confirmed with Sunita.'],
  },
  {
    title: (due) => `Year-end stock verification for ${financialYearOf(due)}`,
    description: 'Observe the stock count on 31 March and sample-test 20 items against the stock register.',
    status: 'COMPLETED',
    priority: 'MEDIUM',
    due: { last: [3, 31] },
    clientIndex: 1,
  },
  {
    title: (due) => `LLP Form 8 for ${financialYearBefore(due)}`,
    description: "File the statement of account and solvency with the designated partners' signatures.",
    status: 'BLOCKED',
    priority: 'MEDIUM',
    due: { nearest: [10, 30] },
    clientIndex: 1,
    comments: ['Waiting for the DSC of the designated partner to be renewed.'],
  },
  {
    title: (due) => `ROC filing AOC-4 for ${financialYearBefore(due)} - Narmada Agro Foods`,
    description: "File AOC-4 with the audited financial statements and the board's report within 30 days of the AGM.",
    status: 'PENDING',
    priority: 'HIGH',
    due: { nearest: [10, 29] },
    clientIndex: 2,
  },
  {
    title: (due) => `ROC filing MGT-7 for ${financialYearBefore(due)}`,
    description: 'File the annual return with the shareholding pattern and the list of directors within 60 days of the AGM.',
    status: 'PENDING',
    priority: 'MEDIUM',
    due: { nearest: [11, 28] },
    clientIndex: 2,
  },
  {
    title: (due) => `Advance tax - ${instalmentOf(due)[0]} instalment`,
    description: (due) =>
      `Estimate the year's income and compute the ${instalmentOf(due)[1]}% cumulative advance tax payable by the ${instalmentOf(due)[0]} instalment.`,
    status: 'PENDING',
    priority: 'HIGH',
    due: { nextOf: ADVANCE_TAX_DATES },
    clientIndex: 2,
  },
  {
    title: 'E-way bill reconciliation',
    description: 'Match the e-way bills generated in the quarter with the outward supplies reported in GSTR-1.',
    status: 'PENDING',
    priority: 'LOW',
    due: { inDays: 18 },
    clientIndex: 3,
  },
  {
    title: 'Freight ledger review',
    description: "Check the freight payments for TDS under section 194C and the transporters' declarations.",
    status: 'IN_PROGRESS',
    priority: 'MEDIUM',
    due: { inDays: 5 },
    clientIndex: 3,
    comments: ['Client to send the freight ledger by Monday.'],
  },
  {
    title: (due) => `Transfer pricing documentation for ${financialYearBefore(due)}`,
    description: 'Update the benchmarking study for the international transactions with the US parent.',
    status: 'PENDING',
    priority: 'MEDIUM',
    due: { nearest: [10, 31] },
    clientIndex: 4,
  },
  {
    title: (due) => `Form 3CEB for ${financialYearBefore(due)}`,
    description: 'Certify the international transactions and file Form 3CEB before the return.',
    status: 'BLOCKED',
    priority: 'HIGH',
    due: { nearest: [10, 31] },
    clientIndex: 4,
    comments: ['Blocked until the transfer pricing study is updated.'],
  },
  {
    title: 'TDS correction statement 26Q Q1 for PAN errors',
    description: 'Correct the deductee PANs flagged in the justification report and file the correction statement.',
    status: 'PENDING',
    priority: 'MEDIUM',
    due: { inDays: -10 },
    clientIndex: 4,
  },
  {
    title: 'Drug licence renewal documents',
    description: 'Collect the documents the client needs for the drug licence renewal and the GST amendment.',
    status: 'PENDING',
    priority: 'LOW',
    due: { inDays: 30 },
    clientIndex: 5,
  },
  {
    title: 'GST registration amendment for new godown',
    description: 'Add the additional place of business in the GST registration.',
    status: 'COMPLETED',
    priority: 'MEDIUM',
    due: { inDays: -14 },
    clientIndex: 5,
  },
  {
    title: 'Books of account for the half year',
    description: 'Post the bank entries to September and send the draft profit and loss account.',
    status: 'IN_PROGRESS',
    priority: 'MEDIUM',
    due: { inDays: 6 },
    clientIndex: 6,
  },
  {
    title: (due) => `LUT for exports for ${financialYearOf(addDays(due, 1))}`,
    description: 'File Form GST RFD-11 for the letter of undertaking before the financial year begins.',
    status: 'COMPLETED',
    priority: 'HIGH',
    due: { last: [3, 31] },
    clientIndex: 6,
  },
  {
    title: (due) => `ITR-1 for ${assessmentYearBefore(due)} - Priya Nair`,
    description: 'File ITR-1 with the HRA exemption and the Form 16 figures; verify with Aadhaar OTP.',
    status: 'COMPLETED',
    priority: 'MEDIUM',
    due: { last: [7, 31] },
    clientIndex: 7,
    comments: ['Filed and e-verified.'],
  },
  {
    title: 'Track income tax refund',
    description: 'Check the refund status and raise a grievance if it is not processed within the month.',
    status: 'PENDING',
    priority: 'LOW',
    due: { inDays: 20 },
    clientIndex: 7,
  },
  {
    title: 'Capital gains computation on the sale of flat',
    description:
      'Compute the long-term capital gain at 12.5% without indexation (or 20% with it, for the flat bought before 23 July 2024) and check the section 54 exemption.',
    status: 'IN_PROGRESS',
    priority: 'HIGH',
    due: { inDays: 8 },
    clientIndex: 8,
  },
  {
    title: (due) => `ITR-2 for ${assessmentYearBefore(due)} - Rajesh Kumar Sharma`,
    description: 'Prepare ITR-2 with the capital gains schedule and the foreign assets schedule.',
    status: 'PENDING',
    priority: 'HIGH',
    due: { nearest: [7, 31] },
    clientIndex: 8,
  },
  {
    title: 'Reply to defective return notice u/s 139(9)',
    description: 'Correct the return for the mismatch in TDS claimed and respond within 15 days.',
    status: 'BLOCKED',
    priority: 'URGENT',
    due: { inDays: -3 },
    clientIndex: 9,
    comments: ['Awaiting the corrected Form 16 from the employer.'],
  },
  {
    title: 'Advance tax on freelancing income',
    description: 'Tell the client the advance tax due on the professional receipts to date.',
    status: 'PENDING',
    priority: 'MEDIUM',
    due: { nextOf: ADVANCE_TAX_DATES },
    clientIndex: 9,
  },
  {
    title: 'Clinic accounts and presumptive taxation',
    description: 'Decide between section 44ADA and regular books for the clinic receipts.',
    status: 'PENDING',
    priority: 'MEDIUM',
    due: null,
    clientIndex: 10,
  },
  {
    title: "Renew the firm's peer review certificate",
    description: 'Submit the peer review questionnaire and the sample engagement files to the board.',
    status: 'PENDING',
    priority: 'MEDIUM',
    due: { inDays: 35 },
  },
  {
    title: 'CPE hours for the year',
    description: 'Record the structured CPE hours of each partner on the institute portal.',
    status: 'IN_PROGRESS',
    priority: 'LOW',
    due: { inDays: 50 },
  },
  {
    title: (due) => `Engagement letters for ${financialYearOf(due)}`,
    description: 'Send the revised engagement letters with the updated fee schedule to every retainer client.',
    status: 'COMPLETED',
    priority: 'LOW',
    due: { last: [4, 30] },
  },
  {
    title: 'Office GST return for the firm',
    description: "File the firm's own GSTR-3B for professional services.",
    status: 'PENDING',
    priority: 'MEDIUM',
    due: { inDays: -8 },
  },
  {
    title: 'Staff training on the new ITR utilities',
    description: "Walk the team through the changes in this year's ITR forms and the JSON utility.",
    status: 'PENDING',
    priority: 'LOW',
    due: null,
  },
];

const dueDateOf = (due: DemoDue, today: string): string | null => {
  if (due === null) return null;
  if ('inDays' in due) return addDays(today, due.inDays);
  if ('nearest' in due) return nearestDeadline(today, due.nearest);
  if ('last' in due) return lastDeadline(today, due.last);
  return nextDeadline(today, due.nextOf);
};

const textOf = (text: DemoText, dueDate: string | null) => (typeof text === 'string' ? text : text(dueDate!));

interface DemoSeries {
  titleTemplate: string;
  description: string;
  priority: TaskPriority;
  clientIndexes: number[];
  /**
   * Days from today the first due date is looked for (it moves onto the rule's date in that month): 25 days back puts
   * the 11th and the 20th of that month before today, whatever day the demo is made, so a period has always passed.
   */
  startInDays: number;
  recurrence: RecurrenceInput;
  /** A client whose returns of a period that has passed are still open, and why; every other one has been filed. */
  behind?: { clientIndex: number; comment: string };
}

/** The practice's compliance calendar: monthly GST returns and the quarterly TDS returns. */
const DEMO_SERIES: DemoSeries[] = [
  {
    titleTemplate: 'GSTR-1 for {client}',
    description: 'Outward supplies of the month: invoices, credit notes and HSN summary.',
    priority: 'HIGH',
    clientIndexes: [0, 1, 2, 5],
    startInDays: -25,
    recurrence: { frequency: 'MONTHLY', interval: 1, dayOfMonth: 11, createDaysBefore: 15 },
  },
  {
    titleTemplate: 'GSTR-3B for {client}',
    description: 'Summary return and tax payment after reconciling ITC with GSTR-2B.',
    priority: 'URGENT',
    clientIndexes: [0, 1, 2, 5],
    startInDays: -25,
    recurrence: { frequency: 'MONTHLY', interval: 1, dayOfMonth: 20, createDaysBefore: 15 },
    behind: { clientIndex: 5, comment: 'Purchase register still awaited from the client; followed up on call.' },
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

/** The series' tasks that were due before today, latest first, with their series' external id. */
const pastOccurrences = (workspaceId: number, started: StartedSeries[], today: string) =>
  Task.inWorkspace(workspaceId)
    .join('tasks_series', 'tasks_series.id', 'tasks.series_id')
    .whereIn(
      'tasks_series.external_id',
      started.map(({ seriesId }) => seriesId),
    )
    .where('tasks.due_date', '<', today)
    .orderBy('tasks.due_date', 'desc')
    .select('tasks.external_id', 'tasks.due_date', 'tasks.created_at', 'tasks_series.external_id as series_id')
    .castTo<{ externalId: string; dueDate: string; createdAt: Date; seriesId: string }[]>();

/** The series job runs every hour at :05; a day's tasks are made by its first run. */
const seriesJobRunOn = (day: string, now: Date) => new Date(Math.min(Date.parse(`${day}T00:05:00+05:30`), now.getTime()));
const officeOpeningOn = (day: string) => new Date(`${day}T10:00:00+05:30`);

/** Whoever has the task begins it, comments on it and blocks or completes it, each at its time in `history`. */
async function workThrough(
  tasks: TaskService,
  assignee: TaskActor,
  taskId: string,
  history: DemoHistory,
  work: { comments: string[]; status: TaskStatus },
): Promise<void> {
  if (history.started) await tasks.update({ ...assignee, at: history.started }, taskId, { status: 'IN_PROGRESS', applyTo: 'THIS' });
  for (const [position, content] of work.comments.entries()) {
    await tasks.addComment({ ...assignee, at: history.comments[position] }, taskId, content);
  }
  if (history.finished) await tasks.update({ ...assignee, at: history.finished }, taskId, { status: work.status, applyTo: 'THIS' });
}

/**
 * About forty tasks of a CA practice over the demo clients, a few repeating series, comments on some; the work is
 * shared out in turn among the owner and the staff, and each task's history spreads over the weeks before (demoHistory).
 */
export async function seedDemoTasks({ container, membership, owner, team, clients }: PluginDemoSeedContext): Promise<void> {
  const tasks = container.get(TaskService);
  const series = container.get(SeriesService);
  const actor: TaskActor = { workspace: membership.workspace, userId: owner.id, role: membership.role, name: owner.name };
  const today = kolkataToday();
  const staff = [
    { person: owner, actor },
    ...team
      .filter((member) => member.role !== 'CLIENT')
      .map((member) => ({ person: member, actor: { workspace: membership.workspace, userId: member.id, role: member.role, name: member.name } })),
  ];
  const inTurn = (index: number) => staff[index % staff.length]!;
  const documentsOn =
    container.isBound(ATTACHMENT_SERVICE) &&
    (await container.get<WorkspacePluginStates>(TOKENS.WorkspacePlugins).isEnabled(membership.workspace.id, 'documents'));

  for (const [index, demo] of DEMO_TASKS.entries()) {
    // The owner hands the work out; whoever has it takes it forward.
    const { person, actor: assignee } = inTurn(index);
    const client = demo.clientIndex === undefined ? undefined : clients[demo.clientIndex];
    const dueDate = dueDateOf(demo.due, today);
    const input = createTaskSchema.parse({
      title: textOf(demo.title, dueDate),
      description: textOf(demo.description, dueDate),
      status: 'PENDING',
      priority: demo.priority,
      dueDate,
      assignedToExternalId: person.externalId,
      clientExternalId: client?.externalId ?? null,
      entityType: client ? 'CLIENT' : null,
      entityId: client?.externalId ?? null,
    });
    const comments = demo.comments ?? [];
    const history = demoHistory({ due: dueDate, today, comments: comments.length, status: demo.status }, new Date());
    const task = await tasks.create({ ...actor, at: history.created }, input);
    await workThrough(tasks, assignee, task.externalId, history, { comments, status: demo.status });
    // Attached now: the documents plugin dates the file by its upload.
    if (demo.attachment && documentsOn) {
      await tasks.attachFile(actor, task.externalId, {
        filename: demo.attachment.filename,
        body: Buffer.from(`${demo.attachment.lines.join('\n')}\n`),
        directory: `tasks/${task.externalId}`,
        clientExternalId: client?.externalId,
      });
    }
  }

  // Each series was set up when its first return was to be made, and the job has made the later ones since.
  const setUp: { demo: DemoSeries; assignee: TaskActor; setUpOn: string; started: StartedSeries[] }[] = [];
  for (const [index, demo] of DEMO_SERIES.entries()) {
    const assignee = inTurn(index + 1);
    const firstDueDate = addDays(today, demo.startInDays);
    const setUpOn = addDays(firstDueDate, -demo.recurrence.createDaysBefore);
    const started = await series.createRecurringWork(
      membership.workspace,
      owner.id,
      {
        clientIds: demo.clientIndexes.map((clientIndex) => clients[clientIndex]!.externalId),
        titleTemplate: demo.titleTemplate,
        description: demo.description,
        priority: demo.priority,
        assignedToExternalId: assignee.person.externalId,
        firstDueDate,
        recurrence: demo.recurrence,
      },
      officeOpeningOn(setUpOn),
    );
    setUp.push({ demo, assignee: assignee.actor, setUpOn, started });
  }
  const firstSetUp = setUp.map(({ setUpOn }) => setUpOn).sort()[0]!;
  for (let day = addDays(firstSetUp, 1); day <= today; day = addDays(day, 1)) {
    await series.createDueOccurrences(membership.workspace.id, day, seriesJobRunOn(day, new Date()));
  }
  for (const { demo, assignee, started } of setUp) {
    // The client who is behind has the latest return open; all earlier ones are filed.
    const behindSeriesId = demo.behind && started.find(({ client }) => client.externalId === clients[demo.behind!.clientIndex]!.externalId)?.seriesId;
    const past = await pastOccurrences(membership.workspace.id, started, today);
    const leftOpen = past.find((task) => task.seriesId === behindSeriesId);
    for (const task of past) {
      const work: { comments: string[]; status: TaskStatus } =
        task === leftOpen ? { comments: [demo.behind!.comment], status: 'PENDING' } : { comments: [], status: 'COMPLETED' };
      const history = demoHistory(
        { due: task.dueDate, today, comments: work.comments.length, status: work.status, takenUp: kolkataDayOf(task.createdAt) },
        new Date(),
      );
      await workThrough(tasks, assignee, task.externalId, history, work);
    }
  }
  // The day's reminder run may have passed before the demo existed: its overdue and due-tomorrow work rings the bell now.
  await container.get(TaskReminders).remindDue(membership.workspace.id, today);
}
