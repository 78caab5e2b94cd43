import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findDemand, formatRupees, parseRupees } from '../builtin/amounts';
import { GST_KIND_IDS, INCOME_TAX_KIND_IDS } from '../builtin/catalogue';
import { addMonths, parseDate, parseTime } from '../builtin/dates';
import { findDin } from '../builtin/identifiers';
import { analyseNoticeText, BUILTIN_ANALYZER_VERSION } from '../builtin/index';
import { findAssessmentYear, findTaxPeriod } from '../builtin/periods';
import { recogniseNotice } from '../builtin/recognise';
import { findReplyBy, REPLY_BY_RULES, statutoryReplyBy } from '../builtin/reply-by';
import { readNoticeText } from '../builtin/text';
import { AiError, noticeAnalysisSchema, type NoticeAnalysisBody, type NoticeExtraction } from '../notice-analysis';
import { CORPUS, type CorpusCase } from './corpus/expected';

const CORPUS_DIR = path.resolve(import.meta.dirname, 'corpus');
const REQUIRED_ACCURACY = 0.95;
const MIN_CORPUS_SIZE = 32;

const readCase = (file: string): string => readFileSync(path.join(CORPUS_DIR, file), 'utf8');
const analyse = (corpusCase: CorpusCase): NoticeAnalysisBody =>
  analyseNoticeText({ workspaceId: 1, text: readCase(corpusCase.file), known: corpusCase.known });
const text = (raw: string) => readNoticeText(raw);

describe('built-in notice analyzer', () => {
  describe('the corpus', () => {
    const results = CORPUS.map((corpusCase) => ({ corpusCase, analysis: analyse(corpusCase) }));

    it(`holds at least ${MIN_CORPUS_SIZE} notices, each with its expectations`, () => {
      const files = readdirSync(CORPUS_DIR).filter((file) => file.endsWith('.txt'));
      expect(files.length).to.be.at.least(MIN_CORPUS_SIZE);
      expect(CORPUS.map((corpusCase) => corpusCase.file).toSorted()).to.deep.equal(files.toSorted());
    });

    it('covers every GST form and Income Tax section, in both Acts', () => {
      const types = new Set(CORPUS.map((corpusCase) => corpusCase.expected.noticeType));
      for (const form of GST_KIND_IDS) expect(types, form).to.include(form);
      for (const section of INCOME_TAX_KIND_IDS) expect(types, section).to.include(`Section ${section}`);
      const underNewAct = CORPUS.filter((corpusCase) => corpusCase.expected.section?.endsWith('Income-tax Act, 2025'));
      expect(underNewAct.length).to.be.at.least(INCOME_TAX_KIND_IDS.length - 1);
    });

    it(`extracts at least ${REQUIRED_ACCURACY * 100}% of the expected fields`, () => {
      let right = 0;
      let total = 0;
      const misses: string[] = [];
      for (const { corpusCase, analysis } of results) {
        for (const field of Object.keys(corpusCase.expected) as Array<keyof NoticeExtraction>) {
          total += 1;
          const [actual, expected] = [JSON.stringify(analysis.extracted[field]), JSON.stringify(corpusCase.expected[field])];
          if (actual === expected) right += 1;
          else misses.push(`  ${corpusCase.file} ${field}: expected ${expected}, got ${actual}`);
        }
      }
      const accuracy = right / total;
      console.log(
        `      built-in analyzer: ${right}/${total} expected fields right over ${results.length} notices (${(accuracy * 100).toFixed(1)}%)`,
      );
      if (misses.length > 0) console.log(misses.join('\n'));
      expect(accuracy).to.be.at.least(REQUIRED_ACCURACY);
    });

    it('gets every reply-by date right', () => {
      const wrong = results
        .filter(({ corpusCase, analysis }) => analysis.extracted.replyBy !== corpusCase.expected.replyBy)
        .map(({ corpusCase, analysis }) => `${corpusCase.file}: ${analysis.extracted.replyBy} instead of ${corpusCase.expected.replyBy}`);
      expect(wrong).to.deep.equal([]);
    });

    it('answers in the analysis schema for every notice, with a summary of two to four sentences', () => {
      for (const { corpusCase, analysis } of results) {
        const parsed = noticeAnalysisSchema.safeParse(analysis);
        expect(parsed.success, `${corpusCase.file}: ${parsed.error?.message}`).to.equal(true);
        const sentences = analysis.summary.split(/(?<=[.)])\s+(?=[A-Z])/).length;
        expect(sentences, `${corpusCase.file}: ${analysis.summary}`).to.be.within(2, 4);
        expect(
          analysis.actionItems.every((item) => !/^\d/.test(item)),
          corpusCase.file,
        ).to.equal(true);
      }
    });

    it('writes the reply in the form the notice calls for, to the officer it names', () => {
      const draftOf = (file: string) => results.find(({ corpusCase }) => corpusCase.file === file)!.analysis.draftReply;
      expect(draftOf('01-asmt10-discrepancies.txt')).to.match(/^To,\nThe Proper Officer,\nState Tax Officer/);
      expect(draftOf('01-asmt10-discrepancies.txt')).to.include(
        'Reply in FORM GST ASMT-11 to the notice in FORM GST ASMT-10, reference no. ZD270425003456K',
      );
      expect(draftOf('03-drc01-section73-hearing.txt')).to.include('Reply in FORM GST DRC-06');
      expect(draftOf('03-drc01-section73-hearing.txt')).to.include('We shall attend the hearing fixed on 24 October 2024 at 11:30');
      expect(draftOf('05-drc01a-payment-by-date.txt')).to.include('Part B of FORM GST DRC-01A');
      expect(draftOf('10-reg03-registration-clarification.txt')).to.include('Reply in FORM GST REG-04');
      expect(draftOf('11-reg17-cancellation.txt')).to.include('Reply in FORM GST REG-18');
      expect(draftOf('12-reg23-revocation.txt')).to.include('Reply in FORM GST REG-24');
      expect(draftOf('12-reg23-revocation.txt')).to.include('From:\nSri Murugan Stores\nGSTIN: 33BCDPS4410Q1ZM');
      expect(draftOf('18-it-142-1-ward.txt')).to.match(/^To,\nThe Assessing Officer,\nIncome Tax Officer, Ward 2\(1\), Pune\./);
      expect(draftOf('21-it-143-2-faceless.txt')).to.match(/^To,\nThe Assessment Unit,\nNational Faceless Assessment Centre/);
      expect(draftOf('17-it-139-9-defective-return.txt')).to.match(/^To,\nThe Centralized Processing Centre/);
      expect(draftOf('28-it-274-270A-penalty.txt')).to.match(/^To,\nThe Penalty Unit/);
      expect(draftOf('24-it-148A-b-show-cause.txt')).to.include('Reply to the show cause notice under Section 148A(b)');
      expect(draftOf('15-roc-section-206.txt')).to.match(/^To,\nThe Registrar of Companies, NCT of Delhi & Haryana\./);
      expect(draftOf('10-reg03-registration-clarification.txt')).to.include('Application Reference Number: AA270625012345X');
    });

    it('names the facts it could not find as placeholders', () => {
      const draft = results.find(({ corpusCase }) => corpusCase.file === '39-portal-synced-description.txt')!.analysis.draftReply;
      expect(draft).to.include('[Designation, Range / Ward / Circle]');
      expect(draft).to.include('GSTIN: [GSTIN]');
      expect(draft).to.include('From:\nShree Ganesh Traders');
    });
  });

  describe('amounts', () => {
    it('reads Indian and Western grouping, currency marks and "/-"', () => {
      expect(parseRupees('Rs. 12,34,567.00')).to.equal('1234567.00');
      expect(parseRupees('₹ 1,25,000/-')).to.equal('125000.00');
      expect(parseRupees('INR 48,320')).to.equal('48320.00');
      expect(parseRupees('Rs.1,234,567.5')).to.equal('1234567.50');
      expect(parseRupees('Rupees 0')).to.equal('0.00');
      expect(parseRupees('twelve lakh')).to.equal(null);
    });

    it("takes the notice's total over its parts", () => {
      const lines = ['Tax : Rs. 1,12,500/-', 'Interest : Rs. 61,875/-', 'Total demand : Rs. 1,85,625/-'];
      expect(findDemand(lines, lines.join(' '))).to.equal('185625.00');
      const table = ['Act | Tax | Interest | Penalty | Total', 'CGST | 100 | 20 | 10 | 130', 'Total | 200 | 40 | 20 | 260'];
      expect(findDemand(table, table.join(' '))).to.equal('260.00');
    });

    it('adds the columns of a total row when the table has no total column', () => {
      const table = ['Act | Tax (Rs.) | Interest (Rs.) | Penalty (Rs.)', 'Total | 1,00,000 | 18,000 | 10,000'];
      expect(findDemand(table, table.join(' '))).to.equal('128000.00');
    });

    it('finds no demand in a total income or a turnover, only after demand words', () => {
      const lines = ['Total income assessed Rs. 14,85,600', 'Total turnover Rs. 2,00,00,000'];
      expect(findDemand(lines, lines.join(' '))).to.equal(null);
      const sentence = 'there is an outstanding demand of Rs. 48,320 for A.Y. 2019-20';
      expect(findDemand([sentence], sentence)).to.equal('48320.00');
    });

    it('adds tax, interest and penalty when the notice gives no total', () => {
      const sentence = 'Tax Rs 2,00,000 Interest Rs 1,50,000 Penalty Rs 2,00,000. Reply within 30 days.';
      expect(findDemand([sentence], sentence)).to.equal('550000.00');
      const taxOnly = 'Tax Rs 2,00,000 is short paid.';
      expect(findDemand([taxOnly], taxOnly)).to.equal(null);
    });

    it('writes rupees back in Indian grouping', () => {
      expect(formatRupees('320000.00')).to.equal('₹3,20,000');
      expect(formatRupees('1234567.50')).to.equal('₹12,34,567.50');
      expect(formatRupees('999.00')).to.equal('₹999');
    });
  });

  describe('dates and times', () => {
    it('reads the formats notices use, day first', () => {
      for (const raw of [
        '15/04/2025',
        '15-04-2025',
        '15.04.2025',
        '15 April 2025',
        '15th April, 2025',
        'April 15, 2025',
        '15-Apr-2025',
        '15 Apr 25',
      ]) {
        expect(parseDate(raw), raw).to.equal('2025-04-15');
      }
      expect(parseDate('02/03/2025')).to.equal('2025-03-02');
      expect(parseDate('31/02/2025')).to.equal(null);
      expect(parseDate('2024-25')).to.equal(null);
    });

    it('reads times to 24-hour HH:MM', () => {
      expect(parseTime('11:30 AM')).to.equal('11:30');
      expect(parseTime('3.30 p.m.')).to.equal('15:30');
      expect(parseTime('12:00 PM')).to.equal('12:00');
      expect(parseTime('12:15 am')).to.equal('00:15');
      expect(parseTime('15:00 hrs')).to.equal('15:00');
      expect(parseTime('3 PM')).to.equal('15:00');
    });

    it('adds calendar months, keeping to the last day of a short month', () => {
      expect(addMonths('2024-08-29', 3)).to.equal('2024-11-29');
      expect(addMonths('2025-11-30', 3)).to.equal('2026-02-28');
    });
  });

  describe('identifiers and periods', () => {
    it('reads an ITD DIN even when the PDF broke it at a slash', () => {
      expect(findDin(text('DIN & Notice No : ITBA/AST/S/142(1)/2023-24/\n   1058765432(1)'))).to.equal('ITBA/AST/S/142(1)/2023-24/1058765432(1)');
      expect(findDin(text('Communication Reference Number: CPC/2425/G5/1234567891'))).to.equal('CPC/2425/G5/1234567891');
    });

    it('prefers the GST portal reference to a CBIC DIN, and falls back to a labelled reference', () => {
      expect(findDin(text('CBIC-DIN: 20240629KA000011223N\nReference No.: ZD290624011223X'))).to.equal('ZD290624011223X');
      expect(findDin(text('CBIC-DIN: 20240629KA000011223N'))).to.equal('20240629KA000011223N');
      expect(findDin(text('Ref. No.: ROC-DEL/206(1)/2025-26/4512'))).to.equal('ROC-DEL/206(1)/2025-26/4512');
      expect(findDin(text('Reference No.: (to be quoted in reply)'))).to.equal(null);
    });

    it('reads assessment and tax years, and GST periods as the notice gives them', () => {
      expect(findAssessmentYear('A.Y. 2024-25')).to.equal('2024-25');
      expect(findAssessmentYear('AY: 2022-2023')).to.equal('2022-23');
      expect(findAssessmentYear('Tax Year: 2026-27')).to.equal('2026-27');
      expect(findAssessmentYear('Assessment Year 2024-26')).to.equal(null);
      expect(findTaxPeriod('Tax Period: April 2023 to March 2024')).to.equal('Apr 2023 - Mar 2024');
      expect(findTaxPeriod('Period: 01/04/2024 to 30/09/2024')).to.equal('Apr 2024 - Sep 2024');
      expect(findTaxPeriod('Tax Period: March, 2025')).to.equal('Mar 2025');
      expect(findTaxPeriod('within a period of thirty days. F.Y. 2023-24')).to.equal('2023-24');
      expect(findTaxPeriod('notice for GSTR-3B of Jan 2025, issued 25.02.2025')).to.equal('Jan 2025');
      expect(findTaxPeriod('issued on 15 April 2025')).to.equal(null);
    });
  });

  describe('recognising the notice', () => {
    const recognise = (raw: string) => {
      const { noticeType, section, department } = recogniseNotice(text(raw));
      return { noticeType, section, department };
    };

    it('reads the GST form from its heading, not from forms it mentions', () => {
      expect(recognise('FORM GST DRC-07\nSummary of the order in pursuance of the notice in FORM GST DRC-01 dated 27/05/2024')).to.deep.equal({
        noticeType: 'DRC-07',
        section: null,
        department: 'GST',
      });
      expect(recognise('Form GST DRC-01A\nunder section 74(5)').noticeType).to.equal('DRC-01A');
      expect(recognise('FORM GST DRC 01\nshow cause notice under section 74A').section).to.equal('Section 74A of the CGST Act, 2017');
      expect(recognise('FORM GSTR-3A\nNotice to return defaulter u/s 46').section).to.equal('Section 46 of the CGST Act, 2017');
    });

    it('reads Income Tax sections cited as "u/s", "under section", "Section"', () => {
      expect(recognise('Notice u/s 143(2) of the Income-tax Act, 1961').noticeType).to.equal('Section 143(2)');
      expect(recognise('Show cause notice under clause (b) of section 148A').noticeType).to.equal('Section 148A(b)');
      expect(recognise('Notice under Section 148. An order under section 148A(d) was passed.').noticeType).to.equal('Section 148');
      expect(recognise('Communication of proposed adjustment u/s 143(1)(a)').noticeType).to.equal('Section 143(1)(a)');
      expect(recognise('Intimation u/s 143(1) for AY 2024-25').noticeType).to.equal(null);
    });

    it('treats a penalty notice under 274 read with 270A as a 270A notice', () => {
      expect(recognise('Notice under section 274 read with section 270A of the Income-tax Act, 1961')).to.deep.equal({
        noticeType: 'Section 270A',
        section: 'Section 274 read with Section 270A',
        department: 'INCOME_TAX',
      });
      expect(recognise('Notice u/s 274 r.w.s. 271(1)(c)').section).to.equal('Section 274 read with Section 271(1)(c)');
    });

    it('maps the Income-tax Act, 2025 numbering to the same notice kinds', () => {
      const cases: Array<[string, string]> = [
        ['263(7)', '139(9)'],
        ['268(1)', '142(1)'],
        ['270(1)(a)', '143(1)(a)'],
        ['270(8)', '143(2)'],
        ['280', '148'],
        ['281(1)', '148A(b)'],
        ['289', '156'],
        ['438', '245'],
        ['439', '270A'],
        ['471', '274'],
      ];
      for (const [newSection, oldSection] of cases) {
        const recognition = recogniseNotice(text(`Notice under section ${newSection} of the Income-tax Act, 2025`));
        expect(recognition.kind?.id, newSection).to.equal(oldSection);
        expect(recognition.section, newSection).to.equal(`Section ${newSection} of the Income-tax Act, 2025`);
      }
      expect(recogniseNotice(text('Order under section 263 of the Income-tax Act, 1961')).kind).to.equal(null);
    });

    it('falls back to the vocabulary for the department', () => {
      expect(recognise('Letter regarding your GSTIN 27AAPFS4821K1Z3 and CGST payments').department).to.equal('GST');
      expect(recognise('Letter from the Assessing Officer about your income-tax refund').department).to.equal('INCOME_TAX');
      expect(recognise('Notice under Section 206(1) of the Companies Act, 2013')).to.deep.equal({
        noticeType: 'ROC Notice',
        section: 'Section 206(1) of the Companies Act, 2013',
        department: 'COMPLIANCE',
      });
    });
  });

  describe('reply-by rules', () => {
    it('has a rule for every notice kind', () => {
      expect(Object.keys(REPLY_BY_RULES).toSorted()).to.deep.equal([...GST_KIND_IDS, ...INCOME_TAX_KIND_IDS].toSorted());
    });

    it('counts the statutory period from the date of issue', () => {
      const issued = '2025-01-31';
      expect(statutoryReplyBy('ASMT-10', issued)).to.equal('2025-03-02');
      expect(statutoryReplyBy('DRC-01', issued)).to.equal('2025-03-02');
      expect(statutoryReplyBy('DRC-01A', issued)).to.equal('2025-03-02');
      expect(statutoryReplyBy('DRC-07', issued)).to.equal('2025-04-30');
      expect(statutoryReplyBy('GSTR-3A', issued)).to.equal('2025-02-15');
      expect(statutoryReplyBy('REG-03', issued)).to.equal('2025-02-07');
      expect(statutoryReplyBy('REG-17', issued)).to.equal('2025-02-07');
      expect(statutoryReplyBy('REG-23', issued)).to.equal('2025-02-07');
      expect(statutoryReplyBy('139(9)', issued)).to.equal('2025-02-15');
      expect(statutoryReplyBy('143(1)(a)', issued)).to.equal('2025-03-02');
      expect(statutoryReplyBy('156', issued)).to.equal('2025-03-02');
      expect(statutoryReplyBy('245', issued)).to.equal('2025-03-02');
      for (const own of ['ADT-01', '142(1)', '143(2)', '148', '148A(b)', '270A', '274'] as const)
        expect(statutoryReplyBy(own, issued), own).to.equal(null);
    });

    it('prefers a stated date, then a stated period, then the register, then the law, then the hearing', () => {
      const base = { kind: 'ASMT-10' as const, issueDate: '2025-04-01', knownDueDate: '2025-04-20', hearingDate: '2025-04-25' };
      expect(findReplyBy({ ...base, flat: 'Reply on or before 10/04/2025. Reply within 15 days.' })).to.deep.equal({
        date: '2025-04-10',
        source: 'stated',
      });
      expect(findReplyBy({ ...base, flat: 'Please furnish the explanation within 15 days.' })).to.deep.equal({
        date: '2025-04-16',
        source: 'stated',
      });
      expect(findReplyBy({ ...base, flat: 'Explain the discrepancies.' })).to.deep.equal({ date: '2025-04-20', source: 'register' });
      expect(findReplyBy({ ...base, knownDueDate: null, flat: 'Explain the discrepancies.' })).to.deep.equal({
        date: '2025-05-01',
        source: 'statutory',
      });
      expect(findReplyBy({ ...base, kind: '143(2)', knownDueDate: null, flat: 'Attend the hearing.' })).to.deep.equal({
        date: '2025-04-25',
        source: 'hearing',
      });
    });

    it('ignores deadlines the notice recounts and dates before its issue', () => {
      const flat = 'The return was to be filed on or before 20/03/2025. You had to pay by 15/03/2025.';
      expect(findReplyBy({ flat, kind: 'GSTR-3A', issueDate: '2025-04-01', knownDueDate: null, hearingDate: null })).to.deep.equal({
        date: '2025-04-16',
        source: 'statutory',
      });
      expect(
        findReplyBy({ flat: 'Appeal lies within three months.', kind: 'DRC-07', issueDate: '2025-04-01', knownDueDate: null, hearingDate: null }),
      ).to.deep.equal({
        date: '2025-07-01',
        source: 'statutory',
      });
    });
  });

  describe('the analysis', () => {
    const notice = readCase('14-drc01-tamil-nadu-video-hearing.txt');

    it('summarises who, what, why, how much and by when', () => {
      const { summary } = analyseNoticeText({ workspaceId: 1, text: notice });
      expect(summary).to.equal(
        'Thangam Jewellery Private Limited has received FORM GST DRC-01, the summary of a show cause notice proposing tax, interest and penalty, ' +
          'for the financial year 2021-22, dated 12 March 2025, from the Assistant Commissioner (ST), Tambaram Assessment Circle, Chennai. ' +
          'It concerns input tax credit claimed in GSTR-3B above the credit shown in GSTR-2A/2B and differences between the annual return and the monthly returns, with a demand of ₹1,85,625. ' +
          'The reply in FORM GST DRC-06 is due by 11 April 2025 (as stated in the notice). ' +
          'A video hearing is fixed for 21 April 2025 at 15:30.',
      );
    });

    it('gives the same analysis for the same input, whatever the day: a stored analysis never goes stale', () => {
      const input = { workspaceId: 1, text: notice };
      const before = analyseNoticeText({ ...input, today: '2025-03-20' });
      expect(analyseNoticeText(input)).to.deep.equal(before);
      expect(analyseNoticeText({ ...input, today: '2025-05-30' })).to.deep.equal(before);
    });

    it('names the old section beside a 2025 Act notice', () => {
      const corpusCase = CORPUS.find((entry) => entry.file === '32-ita2025-270-8-scrutiny.txt')!;
      expect(analyse(corpusCase).summary).to.include(
        'Section 270(8) of the Income-tax Act, 2025 (formerly Section 143(2) of the Income-tax Act, 1961)',
      );
    });

    it('keeps to what the register knows where the text says nothing', () => {
      const { extracted } = analyseNoticeText({
        workspaceId: 1,
        text: 'Please reply to the notice at the earliest.',
        known: {
          department: 'INCOME_TAX',
          noticeType: 'Section 143(2)',
          reference: 'ITBA/AST/S/143(2)/2024-25/1063912345(1)',
          dueDate: '2025-06-30',
        },
      });
      expect(extracted).to.include({
        department: 'INCOME_TAX',
        noticeType: 'Section 143(2)',
        din: 'ITBA/AST/S/143(2)/2024-25/1063912345(1)',
        replyBy: '2025-06-30',
      });
    });

    it('refuses a text with nothing to analyse', () => {
      for (const text of ['  \n 12 ', '₹ 5,000', 'कर नोटिस का उत्तर दें']) {
        expect(() => analyseNoticeText({ workspaceId: 1, text }), text)
          .to.throw(AiError)
          .with.property('reason', 'no-text');
      }
    });

    it('reports its rules version', () => {
      expect(BUILTIN_ANALYZER_VERSION).to.match(/^rules-\d{4}\.\d{2}$/);
    });
  });
});
