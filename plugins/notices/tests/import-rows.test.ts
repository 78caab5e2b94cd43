import { expect } from 'chai';
import { NOTICE_MESSAGES } from '../shared/wire';
import { amountPaiseOf, calendarDayOf, departmentOf, importRecordsOf, validateImportRows } from '../server/import/import-rows';
import type { Sheet } from '../server/import/read-spreadsheet';

const HEADER = ['Client PAN', 'Department', 'Notice Type', 'Reference/DIN', 'Date of Issuance', 'Due Date', 'Description', 'Priority', 'Amount'];
const KAVERI = 'AABCK1234K';
const clients = new Map([[KAVERI, { id: 7 }]]);

const sheetOf = (...rows: (string | number | { date: string } | null)[][]): Sheet => ({
  header: HEADER,
  records: rows.map((cells, index) => ({ row: index + 2, cells })),
});

describe('notices import: row rules', () => {
  describe('dates', () => {
    it('reads ISO, day-first numeric and named-month dates as the calendar day', () => {
      for (const written of [
        '2026-03-31',
        '31/03/2026',
        '31-03-2026',
        '31.03.2026',
        '31 Mar 2026',
        '31-Mar-2026',
        '31 March 2026',
        ' 31 mar 2026 ',
      ]) {
        expect(calendarDayOf(written), written).to.equal('2026-03-31');
      }
      expect(calendarDayOf('5/4/2026')).to.equal('2026-04-05');
      expect(calendarDayOf('1 Sept 2026')).to.equal('2026-09-01');
      expect(calendarDayOf({ date: '2026-02-28' })).to.equal('2026-02-28');
    });

    it('refuses impossible days, month-first order beyond 12 and other text', () => {
      for (const written of ['31/02/2026', '2026-02-30', '03/31/2026', '29-02-2025', '31 Foo 2026', '31/03/26', 'tomorrow', '2026/03/31', '46112']) {
        expect(calendarDayOf(written), written).to.equal(null);
      }
      expect(calendarDayOf(46112)).to.equal(null);
    });
  });

  describe('amounts', () => {
    it('turns rupees into whole paise exactly, with Indian or western grouping and a rupee mark', () => {
      expect(amountPaiseOf('125000')).to.equal(12_500_000);
      expect(amountPaiseOf('1,25,000.50')).to.equal(12_500_050);
      expect(amountPaiseOf('₹ 1,25,000')).to.equal(12_500_000);
      expect(amountPaiseOf('Rs. 125,000.5')).to.equal(12_500_050);
      expect(amountPaiseOf(125000.55)).to.equal(12_500_055);
      expect(amountPaiseOf('0.10')).to.equal(10);
      expect(amountPaiseOf('99999999999.99')).to.equal(9_999_999_999_999);
    });

    it('refuses a negative amount, more than two decimals and anything else', () => {
      for (const written of ['-500', '125000.505', '12,,000', ',125', '1.2.3', 'five lakh', '1e5'])
        expect(amountPaiseOf(written), written).to.equal(null);
      expect(amountPaiseOf(-1)).to.equal(null);
      expect(amountPaiseOf(0.125)).to.equal(null);
    });
  });

  it('knows each department by its code, its label or a short name, in any case', () => {
    expect(['GST', 'gst', ' Gst '].map(departmentOf)).to.deep.equal(['GST', 'GST', 'GST']);
    expect(['Income Tax', 'INCOME_TAX', 'income-tax', 'IT', 'it'].map(departmentOf)).to.deep.equal(Array(5).fill('INCOME_TAX'));
    expect(departmentOf('Compliance')).to.equal('COMPLIANCE');
    expect(['Customs', 'TDS', ''].map(departmentOf)).to.deep.equal([null, null, null]);
  });

  describe('the header', () => {
    it('matches the columns in any order, case and spacing and ignores unknown ones', () => {
      const sheet: Sheet = {
        header: ['reference / din', 'Remarks', 'NOTICE TYPE', 'department', 'client pan'],
        records: [{ row: 2, cells: ['DIN-1', 'ignored', 'ASMT-10', 'GST', KAVERI] }],
      };
      const [record] = importRecordsOf(sheet);
      expect(record).to.deep.equal({
        row: 2,
        cells: { 'Reference/DIN': 'DIN-1', 'Notice Type': 'ASMT-10', Department: 'GST', 'Client PAN': KAVERI },
      });
    });

    it('answers 422 naming each missing required column', () => {
      const refusal = (() => {
        try {
          return importRecordsOf({ header: ['Client PAN', 'Notice Type', 'Due Date'], records: [] });
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).to.include({ status: 422, message: NOTICE_MESSAGES.importMissingColumns(['Department', 'Reference/DIN']) });
    });
  });

  describe('rows', () => {
    it('makes a notice of a valid row, MEDIUM when no priority is given', () => {
      const records = importRecordsOf(
        sheetOf([
          ` ${KAVERI.toLowerCase()} `,
          'Income Tax',
          'Section 143(2)',
          ' ITBA/AST/1 ',
          '31/03/2026',
          { date: '2026-04-15' },
          'Scrutiny\nAY 2025-26',
          '',
          '1,25,000',
        ]),
      );
      expect(validateImportRows(records, clients)).to.deep.equal({
        notices: [
          {
            row: 2,
            clientId: 7,
            clientPan: KAVERI,
            department: 'INCOME_TAX',
            noticeType: 'Section 143(2)',
            reference: 'ITBA/AST/1',
            description: 'Scrutiny\nAY 2025-26',
            priority: 'MEDIUM',
            dateOfIssuance: '2026-03-31',
            dueDate: '2026-04-15',
            amountPaise: 12_500_000,
          },
        ],
        errors: [],
      });
    });

    it('reports every problem of every row with its spreadsheet row number', () => {
      const records = importRecordsOf(
        sheetOf(
          [KAVERI, 'GST', 'ASMT-10', 'DIN-OK', '', '', '', 'high', ''],
          ['ZZZZZ9999Z', 'Customs', '', '', '31/02/2026', 'soon', 'x', 'Urgent', '-5'],
          ['', '', 'A'.repeat(101), 'R\u0007', '', '', '', '', '1.234'],
        ),
      );
      const { notices, errors } = validateImportRows(records, clients);
      expect(notices.map((notice) => notice.row)).to.deep.equal([2]);
      expect(notices[0]).to.include({ priority: 'HIGH', dateOfIssuance: null, dueDate: null, amountPaise: null, description: '' });
      expect(errors).to.deep.equal([
        {
          row: 3,
          errors: [
            NOTICE_MESSAGES.importUnknownPan('ZZZZZ9999Z'),
            NOTICE_MESSAGES.invalidDepartment,
            NOTICE_MESSAGES.noticeTypeRequired,
            NOTICE_MESSAGES.referenceRequired,
            NOTICE_MESSAGES.invalidDate('Date of Issuance'),
            NOTICE_MESSAGES.invalidDate('Due Date'),
            NOTICE_MESSAGES.invalidPriority,
            NOTICE_MESSAGES.invalidAmount,
          ],
        },
        {
          row: 4,
          errors: [
            NOTICE_MESSAGES.importPanRequired,
            NOTICE_MESSAGES.departmentRequired,
            'Notice Type must be at most 100 characters',
            'Reference/DIN must not contain control characters',
            NOTICE_MESSAGES.invalidAmount,
          ],
        },
      ]);
    });
  });
});
