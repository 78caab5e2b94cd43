import { expect } from 'chai';
import {
  checkCredentialRows,
  issuesToShow,
  validationNotices,
  type CredentialFileTable,
  type CredentialRowsCheck,
} from '../../shell/src/clients/credential-import/validate-rows';

const HEADERS = ['email', 'platform', 'username', 'password', 'name', 'phone', 'panNumber'] as const;

type Row = Record<(typeof HEADERS)[number], string>;
const GOOD: Row = {
  email: 'accounts@kaveri.example',
  platform: 'GST',
  username: 'kaveri.gst',
  password: 'Portal#Pass1',
  name: 'Kaveri Textiles',
  phone: '9820012345',
  panNumber: 'AAACK1234F',
};
const line = (overrides: Partial<Row> = {}) => HEADERS.map((header) => ({ ...GOOD, ...overrides })[header]);
const table = (...rows: string[][]): CredentialFileTable => ({ headers: [...HEADERS], rows });

function checked(check: CredentialRowsCheck) {
  if (check.kind !== 'checked') throw new Error(`expected the rows to be checked, got ${check.kind}`);
  return check;
}

describe('credential import rows (browser-side check of spec 5.6)', () => {
  it('names every missing required column and checks no row', () => {
    const check = checkCredentialRows({ headers: ['email', 'username', 'name', 'Notes'], rows: [['a@b.in', 'x', 'y', 'z']] });
    expect(check).to.deep.equal({ kind: 'missing-columns', missingColumns: ['platform', 'password', 'phone', 'panNumber'] });
    expect(validationNotices(check)).to.deep.equal([
      { title: 'Missing Required Fields', message: 'The file has no platform, password, phone, panNumber column.', intent: 'danger' },
    ]);
  });

  it('finds columns in any order, case and spacing, and ignores extra columns', () => {
    const headers = ['Notes', 'PAN Number', 'Phone', 'NAME', 'password', 'user_name', 'Platform', ' Email '];
    const check = checked(
      checkCredentialRows({ headers, rows: [['vip', 'aaack1234f', '9820012345', 'Kaveri', 'pw', 'kav', 'gst', 'a@kaveri.example']] }),
    );
    expect(check.validRows).to.deep.equal([
      {
        row: 2,
        email: 'a@kaveri.example',
        platform: 'GST',
        username: 'kav',
        password: 'pw',
        name: 'Kaveri',
        phone: '9820012345',
        panNumber: 'AAACK1234F',
      },
    ]);
  });

  it('accepts a valid row, numbering the first data row 2 and keeping the password exactly as written', () => {
    const check = checked(checkCredentialRows(table(line({ password: ' spaced pass ', panNumber: ' aaack 1234f ' }))));
    expect(check.validRows).to.have.length(1);
    expect(check.validRows[0]).to.include({ row: 2, password: ' spaced pass ', panNumber: 'AAACK1234F' });
    expect(check.issues).to.deep.equal([]);
    expect(validationNotices(check)).to.deep.equal([{ title: 'Ready to Import', message: 'The row is valid.', intent: 'success' }]);
  });

  it('reports every empty required value of a row', () => {
    const check = checked(checkCredentialRows(table(line(), line({ username: '  ', phone: '', panNumber: 'AAACK1234G' }))));
    expect(check.invalidCount).to.equal(1);
    expect(check.issues).to.deep.equal([{ row: 3, message: 'Missing values for username, phone' }]);
  });

  it('refuses an email without the basic name@domain.tld shape', () => {
    const check = checked(checkCredentialRows(table(line({ email: 'accounts@kaveri' }), line({ email: 'a b@c.in', panNumber: 'AAACK1234G' }))));
    expect(check.issues).to.deep.equal([
      { row: 2, message: 'Invalid email format' },
      { row: 3, message: 'Invalid email format' },
    ]);
  });

  it('refuses a PAN that is present but not of the form ABCDE1234F', () => {
    const check = checked(checkCredentialRows(table(line({ panNumber: 'AAAC1234F' }), line({ panNumber: '12345ABCDE' }))));
    expect(check.issues.map((issue) => issue.message)).to.deep.equal(['Invalid PAN number format', 'Invalid PAN number format']);
    expect(check.invalidCount).to.equal(2);
  });

  it('counts and skips rows without a PAN, listing no issue for them', () => {
    const check = checked(checkCredentialRows(table(line(), line({ panNumber: '' }), line({ panNumber: '  ', email: 'broken' }))));
    expect(check.missingPanCount).to.equal(2);
    expect(check.validRows).to.have.length(1);
    expect(check.issues).to.deep.equal([]);
    expect(validationNotices(check)).to.deep.include({
      title: 'Missing PAN Numbers',
      message: '2 rows without a PAN number will be skipped.',
      intent: 'warning',
    });
  });

  it('keeps only the first row of a repeated PAN, in any case and spacing, even when that first row is invalid', () => {
    const check = checked(
      checkCredentialRows(
        table(
          line(),
          line({ panNumber: 'aaack1234f', username: 'second' }),
          line({ panNumber: 'AAACK1234G', email: 'not-an-email' }),
          line({ panNumber: 'AAACK1234G', username: 'third' }),
        ),
      ),
    );
    expect(check.validRows.map((row) => row.row)).to.deep.equal([2]);
    expect(check.duplicatePanCount).to.equal(2);
    expect(check.invalidCount).to.equal(1);
    expect(check.issues).to.deep.equal([
      { row: 3, message: 'Duplicate PAN number in the file (also on row 2)' },
      { row: 4, message: 'Invalid email format' },
      { row: 5, message: 'Duplicate PAN number in the file (also on row 4)' },
    ]);
    expect(validationNotices(check)).to.deep.include({
      title: 'Duplicate PAN Numbers',
      message: '2 rows repeat a PAN number from an earlier row; only the first row of each PAN is kept.',
      intent: 'warning',
    });
  });

  it('accepts GST and Income Tax in the ways people write them, and refuses any other platform', () => {
    const platforms = ['GST', 'gst', 'Income Tax', 'income tax', 'INCOME_TAX', 'income-tax', 'TDS'];
    const rows = platforms.map((platform, index) => line({ platform, panNumber: `AAACK${String(1000 + index)}F` }));
    const check = checked(checkCredentialRows(table(...rows)));
    expect(check.validRows.map((row) => row.platform)).to.deep.equal(['GST', 'GST', 'INCOME_TAX', 'INCOME_TAX', 'INCOME_TAX', 'INCOME_TAX']);
    expect(check.issues).to.deep.equal([{ row: 8, message: 'Platform must be GST or Income Tax' }]);
  });

  it('puts every problem of a row into one issue', () => {
    const check = checked(checkCredentialRows(table(line({ name: '', email: 'x@', panNumber: 'BAD', platform: 'VAT' }))));
    expect(check.issues).to.deep.equal([
      { row: 2, message: 'Missing values for name; Invalid email format; Invalid PAN number format; Platform must be GST or Income Tax' },
    ]);
  });

  it('ignores blank lines without shifting the row numbers of the rows after them', () => {
    const check = checked(checkCredentialRows(table(line(), ['', '', '', '', '', '', ''], [], line({ email: 'oops', panNumber: 'AAACK1234G' }))));
    expect(check.rowCount).to.equal(2);
    expect(check.issues).to.deep.equal([{ row: 5, message: 'Invalid email format' }]);
  });

  it('shows at most 3 issues, then "and N more errors"', () => {
    const issues = [2, 3, 4, 5, 6].map((row) => ({ row, message: 'Invalid email format' }));
    expect(issuesToShow(issues)).to.deep.equal({ shown: issues.slice(0, 3), moreText: 'and 2 more errors' });
    expect(issuesToShow(issues.slice(0, 4)).moreText).to.equal('and 1 more error');
    expect(issuesToShow(issues.slice(0, 3))).to.deep.equal({ shown: issues.slice(0, 3), moreText: null });
  });

  it('says "Partial Validation" when some rows are skipped and some remain', () => {
    const check = checked(checkCredentialRows(table(line(), line({ email: 'bad', panNumber: 'AAACK1234G' }), line({ panNumber: '' }))));
    expect(validationNotices(check)[0]).to.deep.equal({
      title: 'Partial Validation',
      message: '1 row of 3 will be imported; 2 rows will be skipped.',
      intent: 'warning',
    });
  });

  it('rejects the import with "Validation Failed" when no valid row remains', () => {
    const check = checked(checkCredentialRows(table(line({ email: 'bad' }), line({ panNumber: '' }))));
    expect(check.validRows).to.deep.equal([]);
    expect(validationNotices(check)[0]).to.deep.equal({
      title: 'Validation Failed',
      message: 'No valid rows to import: all 2 rows would be skipped.',
      intent: 'danger',
    });
  });

  it('rejects a file with a header but no data rows with "Validation Failed"', () => {
    const check = checked(checkCredentialRows(table(['', '', '', '', '', '', ''])));
    expect(check.rowCount).to.equal(0);
    expect(validationNotices(check)).to.deep.equal([
      { title: 'Validation Failed', message: 'The file is empty: it has no data rows.', intent: 'danger' },
    ]);
  });
});
