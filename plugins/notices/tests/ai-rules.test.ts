import { expect } from 'chai';
import type { NoticeAnalysis } from '../../../core/plugin-api';
import { analysisChanges, numberedItems } from '../server/ai/analysis-changes';
import { automaticPriority } from '../server/ai/automatic-priority';
import { PdfReader, readPdfText } from '../server/ai/pdf-text';
import { Notice } from '../server/models';
import { noticePdf } from './fixtures/pdf-fixtures';

const TODAY = '2026-03-10';
const LAKH = 1_00_000 * 100;

describe('notices AI: the rules', () => {
  describe('automatic priority', () => {
    const cases: [string, string | null, number | null, 'HIGH' | 'MEDIUM' | 'LOW'][] = [
      ['overdue', '2026-03-01', null, 'HIGH'],
      ['due today', TODAY, null, 'HIGH'],
      ['due in exactly 7 days', '2026-03-17', 5_000 * 100, 'HIGH'],
      ['due in 8 days', '2026-03-18', null, 'MEDIUM'],
      ['due in 30 days, small amount', '2026-04-09', 10_000 * 100, 'MEDIUM'],
      ['due in 31 days, no amount', '2026-04-10', null, 'LOW'],
      ['due in 31 days, just below a lakh', '2026-04-10', LAKH - 1, 'LOW'],
      ['due in 31 days, a lakh', '2026-04-10', LAKH, 'MEDIUM'],
      ['due in 90 days, ten lakh', '2026-06-08', 10 * LAKH, 'HIGH'],
      ['no date, ten lakh', null, 10 * LAKH, 'HIGH'],
      ['no date, just below ten lakh', null, 10 * LAKH - 1, 'MEDIUM'],
      ['no date, small amount', null, 500 * 100, 'MEDIUM'],
      ['no date, no amount', null, null, 'MEDIUM'],
    ];
    for (const [label, replyBy, amountPaise, expected] of cases) {
      it(`${label}: ${expected}`, () => {
        expect(automaticPriority({ replyBy, amountPaise, today: TODAY })).to.equal(expected);
      });
    }
  });

  describe('what an analysis changes', () => {
    const analysis: NoticeAnalysis = {
      summary: 'Scrutiny of returns for FY 2024-25 in Form GST ASMT-10.',
      actionItems: ['Reconcile GSTR-1 with GSTR-3B', '2. Prepare the reply in Form GST ASMT-11', '3) Pay any shortfall through DRC-03'],
      draftReply: 'To,\nThe Proper Officer\n...',
      extracted: {
        department: 'GST',
        noticeType: 'ASMT-10',
        section: 'Section 61 of the CGST Act, 2017',
        din: 'ZD270326012345X',
        taxPeriod: null,
        assessmentYear: null,
        amountDemanded: '212340.00',
        issueDate: '2026-03-01',
        replyBy: '2026-03-31',
        hearing: { date: '2026-03-20', time: '11:30', mode: null },
      },
      provider: 'BUILTIN',
      model: 'rules-test',
    };
    const noticeOf = (fields: Partial<Notice>) =>
      Object.assign(new Notice(), {
        noticeType: 'Notice',
        dueDate: null,
        dateOfIssuance: null,
        taxPeriod: null,
        amountPaise: null,
        priority: 'MEDIUM',
        prioritySetByMember: false,
        ...fields,
      });
    const context = { today: TODAY, processedAt: new Date('2026-03-10T05:00:00Z'), hearingDates: new Set<string>() };

    it('numbers the action items one a line, whatever numbering the provider wrote', () => {
      expect(numberedItems(analysis.actionItems)).to.equal(
        '1. Reconcile GSTR-1 with GSTR-3B\n2. Prepare the reply in Form GST ASMT-11\n3. Pay any shortfall through DRC-03',
      );
    });

    it('fills every empty field, the hearing and the automatic priority, and says so', () => {
      const changes = analysisChanges(noticeOf({ priority: 'LOW' }), analysis, context);
      expect(changes.patch).to.deep.include({
        summary: analysis.summary,
        draftReply: analysis.draftReply,
        aiProvider: 'BUILTIN',
        aiModel: 'rules-test',
        aiProcessedAt: context.processedAt,
        noticeType: 'ASMT-10',
        dueDate: '2026-03-31',
        dateOfIssuance: '2026-03-01',
        amountPaise: 21_234_000,
        priority: 'MEDIUM',
      });
      expect(changes.patch).not.to.have.property('taxPeriod');
      expect(changes.hearing).to.deep.equal({ hearingDate: '2026-03-20', hearingTime: '11:30', mode: 'IN_PERSON' });
      expect(changes.filled).to.deep.equal([
        'notice type ASMT-10',
        'due date 31 Mar 2026',
        'date of issuance 1 Mar 2026',
        'amount demanded ₹212340.00',
      ]);
      expect(changes.details).to.deep.equal(['priority Low to Medium (automatic)', 'hearing on 20 Mar 2026 at 11:30 (In person)']);
    });

    it("keeps the register's own values and a member's priority, and a hearing already on that day", () => {
      const notice = noticeOf({
        noticeType: 'DRC-01',
        dueDate: '2026-03-12',
        dateOfIssuance: '2026-02-28',
        taxPeriod: 'Apr 2024 - Mar 2025',
        amountPaise: 100,
        priority: 'LOW',
        prioritySetByMember: true,
      });
      const changes = analysisChanges(notice, analysis, { ...context, hearingDates: new Set(['2026-03-20']) });
      expect(Object.keys(changes.patch).sort()).to.deep.equal(['actionItems', 'aiModel', 'aiProcessedAt', 'aiProvider', 'draftReply', 'summary']);
      expect(changes).to.deep.include({ hearing: null, filled: [], details: [] });
    });

    it('turns an assessment year into the tax period, and moves an automatic priority with the dates it fills', () => {
      const incomeTax: NoticeAnalysis = {
        ...analysis,
        extracted: { ...analysis.extracted, noticeType: 'Section 143(2)', assessmentYear: '2024-25', replyBy: '2026-03-14', hearing: null },
      };
      const changes = analysisChanges(noticeOf({ noticeType: 'Section 143(2)' }), incomeTax, context);
      expect(changes.patch).to.include({ taxPeriod: 'AY 2024-25', priority: 'HIGH' });
      expect(changes.patch).not.to.have.property('noticeType');
      expect(changes.details).to.deep.equal(['priority Medium to High (automatic)']);
    });
  });

  describe('PDF text', function () {
    this.timeout(20_000);
    const pages = [['FORM GST ASMT-10', 'Tax period: April 2024 - March 2025'], ['Proper Officer']];

    it('reads every page of a plain PDF', async () => {
      const read = await readPdfText(await noticePdf(pages));
      expect(read).to.deep.equal({ text: 'FORM GST ASMT-10\nTax period: April 2024 - March 2025\n\nProper Officer' });
    });

    it('opens an AES-encrypted PDF with the right password only', async () => {
      const encrypted = await noticePdf(pages, { userPassword: 'abcpk1234f01021980' });
      expect(await readPdfText(encrypted)).to.deep.equal({ unreadable: 'password' });
      expect(await readPdfText(encrypted, ['wrong'])).to.deep.equal({ unreadable: 'password' });
      expect(await readPdfText(encrypted, ['wrong', 'abcpk1234f01021980']))
        .to.have.property('text')
        .that.includes('FORM GST ASMT-10');
    });

    it('calls a file that is not a PDF unreadable', async () => {
      expect(await readPdfText(Buffer.from('Month,ITC\nApr 2024,412500\n'))).to.deep.equal({ unreadable: 'invalid' });
    });

    it('answers reads asked at once each with its own file, and leaves the built-ins of this thread as they were', async () => {
      const [first, second] = [await noticePdf([['FORM GST DRC-01']]), await noticePdf([['FORM GST REG-03']])];
      const reads = await Promise.all([readPdfText(first), readPdfText(Buffer.from('not a PDF')), readPdfText(second)]);
      expect(reads).to.deep.equal([{ text: 'FORM GST DRC-01' }, { unreadable: 'invalid' }, { text: 'FORM GST REG-03' }]);
      // pdf.js's Node build swaps Array.prototype.push for a polyfill in the thread that loads it.
      expect(Function.prototype.toString.call(Array.prototype.push)).to.include('[native code]');
    });

    it('gives up on a file that takes too long to read or breaks the reader, and reads the files after it', async () => {
      // Each worker the reader starts takes longer to load than the read limit, which counts from its ready message.
      const reader = new PdfReader(new URL('./fixtures/unruly-pdf-worker.ts', import.meta.url), 500);
      const read = (content: string) => reader.read({ bytes: new Uint8Array(Buffer.from(content)), passwords: [] });
      const reads = await Promise.all([read('first'), read('hang'), read('second'), read('crash'), read('third')]);
      expect(reads).to.deep.equal([{ text: 'first' }, { unreadable: 'invalid' }, { text: 'second' }, { unreadable: 'invalid' }, { text: 'third' }]);
    });
  });
});
